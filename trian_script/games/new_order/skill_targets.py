"""What a skill's action may choose among (``choose NAME from SOURCE [where CONDITION]``): the
sources of targets, each target with the words of its option text and the data a condition or an
effect reads (``stake.count``, ``target.outpost``).

A source is a function of the game and the owner; the list of sources is the vocabulary of choices
that ``trian validate`` checks and docs/skill-language.md lists.
"""
from __future__ import annotations

from functools import partial
from itertools import combinations_with_replacement

from .actions import enemy_station_areas, protected, region_name, ship_parts, ship_targets, teleport_targets


class Target:
    """One thing to choose: ``text`` in the option, ``data`` for conditions and effects."""

    __slots__ = ("text", "data")

    def __init__(self, text: str, data):
        self.text, self.data = text, data if isinstance(data, dict) else dict(data)

    def get(self, key: str, default=None):
        return self.data.get(key, default)


class Facts(dict):
    """A target's data where some values are worked out only when read (``later``: key -> a
    function of these facts, shared by the targets of a listing): most targets are dropped by a
    condition that reads one or two."""

    __slots__ = ("later",)

    @classmethod
    def of(cls, known: dict, later: dict) -> "Facts":
        """Facts ``known`` now and ``later`` (dict's own constructor: one is made per target)."""
        facts = cls(known)
        facts.later = later
        return facts

    def __missing__(self, key):
        value = self[key] = self.later[key](self)  # KeyError for a key it does not have
        return value

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __reduce__(self):  # a copy or a pickle holds plain values, every one worked out
        return dict, ({**self, **{key: self[key] for key in self.later}},)


# source: (its shape, the data each of its targets carries)
SOURCES = {
    "mineral-sets": ("mineral-sets(COUNT)", ("count", "colours")),
    "movable-units": ("movable-units()", ("kind", "cell")),
    "teleport-targets": ("teleport-targets(UNIT)", ("cell", "region", "outpost")),
    "ship-places": ("ship-places()", ("cell", "region", "exmitted", "ship", "ship-near", "new")),
    "new-ship-places": ("new-ship-places()", ("cell", "region", "exmitted", "ship", "ship-near")),
    "tokens": ("tokens(KIND)", ("cell", "region", "exmitted", "ship", "token", "turn")),
    "own-ships": ("own-ships()", ("kind", "cell", "region")),
    "colours-owned": ("colours-owned(COLOUR, …)", ("colour", "count")),
    "new-tile": ("new-tile()", ("cell", "region", "exmitted", "ship", "ship-near")),
    "tiles": ("tiles()", ("cell", "region", "exmitted", "ship", "new")),
    "teleportable-near": ("teleportable-near(KIND)", ("kind", "cell")),
    "token-moves": ("token-moves(TOKEN, STEPS)", ("cell", "region", "exmitted", "ship")),
    "words": ("words(WORD, …)", ("word",)),
    "units": ("units(owner) or units(enemy)", ("kind", "cell", "region", "player")),
    "ship-moves": ("ship-moves(TOKEN, STEPS)", ("cell", "region", "exmitted", "enemy-near")),
    "settle-places": ("settle-places(PLACE)", ("cell", "region", "kind")),
    "constructions": ("constructions()", ("cell", "region", "level", "kind")),
    "own-units": ("own-units()", ("kind", "cell", "region", "exmitted")),
    "areas": ("areas()", ("kind", "closed", "tiles", "emissaries", "controller", "minerals", "cell", "region")),
}

# the sources with a target per tile (or per place on a tile): the slow ones to list
PER_TILE = frozenset({"tiles", "ship-places", "teleport-targets", "token-moves", "ship-moves", "settle-places", "areas"})


def _has_token(game, player: str, kind) -> bool:
    return bool(game.tokens_of(player, kind))


def _has_new_tile(game, player: str) -> bool:
    return game.placed_cell is not None


def _has_ship(game, player: str) -> bool:
    return any(ship.player == player for ship in game.ships.values())


def _has_minerals(game, player: str, count) -> bool:
    count = int(count)
    return 0 < count <= sum(game.player(player).minerals.values())


# source -> False when it certainly has no target (its arguments: constants or parameters). Asked
# before an action's targets are listed: most listings of most actions find none (no Interstellar on
# the board yet), and this way they cost one call.
GUARDS = {"tokens": _has_token, "teleportable-near": _has_token, "new-tile": _has_new_tile,
          "new-ship-places": _has_new_tile, "own-ships": _has_ship, "mineral-sets": _has_minerals}

# a condition's function -> False when no target can pass a ``where`` that requires it (``where …
# and token-emissary-at("slave-minion", place.cell)``), asked with the function's first argument
CONDITION_GUARDS = {"token-emissary-at": _has_token}


def sources(game, player: str) -> dict:
    """The sources bound to ``game`` and ``player``, by name (for a compiled formula's ``Late``):
    made once per game and player, they read the game when called and keep nothing."""
    fmt, exmitted = game.board.grid.format_cell, game.exmitted  # (the game's own, never replaced)

    def mineral_sets(count):
        """Every multiset of ``count`` colours the owner can pay, sorted: ``blue+red+red``."""
        minerals, count = game.player(player).minerals, int(count)
        if count <= 0 or sum(minerals.values()) < count:
            return []
        owned = sorted(c for c, n in minerals.items() if n > 0)
        return [Target("+".join(combo), (("count", count), ("colours", combo)))
                for combo in combinations_with_replacement(owned, count)
                if all(minerals[c] >= combo.count(c) for c in set(combo))]

    def movable_units():
        """The owner's emissaries and ships that may leave their tile: no blocked emissary (a ship is
        never blocked, NO-4.8, even on the tile of the emissary it blocks), none on a station."""
        out = []
        for kind, table in (("emissary", game.emissaries), ("ship", game.ships)):
            for cell, unit in sorted(table.items()):
                if unit.player == player and not (kind == "emissary" and game.is_blocked(cell)) \
                        and not getattr(unit, "station", None):
                    out.append(Target(f"{kind} @{fmt(cell)}", (("kind", kind), ("cell", cell))))
        return out

    destinations: dict = {}  # (cell, region, label) -> its target: a place's words and data never change

    def destination(place) -> Target:
        cell, region, label = place
        outpost = bool(game.board.cells[cell].face.regions[region].prop("outpost"))
        known = destinations[place] = Target(f"@{fmt(cell)}" + (f" {label}" if label else ""),
                                             {"cell": cell, "region": region, "outpost": outpost})
        return known

    def teleport_targets_of(unit):
        """Where ``unit`` may be teleported to (NO-3.3.4 destinations, anywhere on the board)."""
        kind, origin = unit.get("kind"), unit.get("cell")
        found = token_teleport_targets(game, origin, unit.get("player")) if unit.get("token") is not None \
            else teleport_targets(game, kind, origin)
        known = destinations.get
        return [known(place) or destination(place) for place in found]

    def ships_at(cells) -> bool:
        """Whether a ship or a ship-like token stands on any of ``cells``."""
        ships, tokens = game.ships, ship_like_cells(game)
        return any(c in ships or c in tokens for c in cells)

    def ship_on(cell) -> bool:
        """``ships_at`` of one cell, without a tuple (asked of every tile a choice may take)."""
        return cell in game.ships or (bool(game.special_tokens) and cell in ship_like_cells(game))

    # what a place's data says when read: ``exmitted`` (in an exmitter's reach), ``ship`` (a ship
    # stands there), ``ship-near`` (a ship there or on a tile sharing an edge)
    later = {"exmitted": lambda facts: facts["cell"] in exmitted and game.exmitter_reach(facts["cell"]),
             "ship": lambda facts: ship_on(facts["cell"]),
             "ship-near": lambda facts: ships_at((facts["cell"], *game.board.grid.neighbours(facts["cell"])))}

    def place(cell, region, **more) -> Facts:
        return Facts.of({"cell": cell, "region": region, **more}, later)

    def new_tile():
        """The tile added this turn (none before it is placed): ``@(1,0,0)``; ``ship-near`` when a
        ship stands on it or on a tile sharing an edge with it."""
        cell = game.placed_cell
        if cell is None:
            return []
        return [Target(f"@{fmt(cell)}", place(cell, None))]

    def ship_places():
        """Every placed tile's outer space (a ship's place), ``@(1,0,0)`` — with the part's name
        when the tile has several; ``ship-near``: a ship on it or on a tile sharing an edge with it;
        ``new``: on the tile added this turn."""
        out, new = [], game.placed_cell
        for cell, placed in sorted(game.board.cells.items()):
            for index, label in _spaces(placed.face):
                out.append(Target(f"@{fmt(cell)}{label}", place(cell, index, new=cell == new)))
        return out

    def new_ship_places():
        """The outer-space parts of the tile added this turn, where a ship expedition goes
        (NO-3.3.2), worded like one: ``@(1,0,0)``, with the part's name when it is not plain space;
        ``ship-near``: a ship stands on that tile or on one sharing an edge with it."""
        cell = game.placed_cell
        if cell is None or cell not in game.board.cells:
            return []
        return [Target(f"@{fmt(cell)}" + (f" {label}" if label else ""), place(cell, index))
                for index, label in ship_parts(game.board.cells[cell].face)]

    def tokens(kind):
        """The owner's special tokens of ``kind`` on the board, sorted by tile; ``turn``: the turn
        it was placed in."""
        return [Target(f"@{fmt(t.cell)}", place(t.cell, t.data.get("region"), token=t.id, turn=t.data.get("turn", 0)))
                for t in sorted(game.tokens_of(player, kind), key=lambda t: t.cell)]

    def token_moves(token, steps):
        """Tiles up to ``steps`` edge steps from a token over placed tiles, never into an
        exmitter's reach (where it moved from excluded)."""
        origin = token.get("cell")
        frontier, seen, out = [origin], {origin}, []
        for _ in range(int(steps)):
            following = []
            for here in frontier:
                for other in game.board.grid.neighbours(here):
                    if other in seen or other not in game.board.cells or game.exmitter_reach(other):
                        continue
                    seen.add(other)
                    following.append(other)
                    out.append(other)
            frontier = following
        return [Target(f"@{fmt(cell)}", place(cell, None)) for cell in sorted(out)]

    def units(whose):
        """The owner's (``units(owner)``) or the other players' (``units(enemy)``) units that may
        leave their tile: emissaries not on a station and not blocked, then ships, by tile."""
        out = []
        for kind, table in (("emissary", game.emissaries), ("ship", game.ships)):
            for cell, unit in sorted(table.items()):
                if (unit.player == player) != (whose == player):
                    continue
                if kind == "emissary" and (unit.station is not None or game.is_blocked(cell)):
                    continue
                out.append(Target(f"@{fmt(cell)}", (("kind", kind), ("cell", cell), ("region", unit.region),
                                                   ("player", unit.player))))
        # a ship-like token is a ship (the Interstellar, while not fixed)
        for token in sorted(ship_like_tokens(game), key=lambda t: t.cell):
            if (token.owner == player) == (whose == player):
                out.append(Target(f"@{fmt(token.cell)}", (("kind", "ship"), ("cell", token.cell),
                                                         ("region", token.data.get("region")), ("player", token.owner),
                                                         ("token", token.id))))
        return out

    def own_units():
        """The owner's units on the board: emissaries not on a station, then ships, by tile
        (``emissary @(0,0,1)``); ``exmitted``: in an exmitter's reach, whether it acts on them or not."""
        return [Target(f"{kind} @{fmt(cell)}", (("kind", kind), ("cell", cell), ("region", unit.region),
                                               ("exmitted", game.exmitter_reach(cell))))
                for kind, table in (("emissary", game.emissaries), ("ship", game.ships))
                for cell, unit in sorted(table.items())
                if unit.player == player and getattr(unit, "station", None) is None]

    def words(*choices):
        return [Target(word, (("word", word),)) for word in choices]

    def own_ships():
        return [Target(f"@{fmt(cell)}", (("kind", "ship"), ("cell", cell), ("region", ship.region)))
                for cell, ship in sorted(game.ships.items()) if ship.player == player]

    def colours_owned(*colours):
        minerals = game.player(player).minerals
        return [Target(c, (("colour", c), ("count", minerals[c]))) for c in colours if minerals[c] > 0]

    def tiles():
        """Every placed tile (``@(1,0,0)``); ``new``: it is the tile added this turn."""
        new = game.placed_cell
        return [Target(f"@{fmt(cell)}", place(cell, None, new=cell == new)) for cell in sorted(game.board.cells)]

    def teleportable_near(kind):
        """The units a teleport may move (NO-3.3.4) in the radius (``radius.teleport``) of the
        owner's tokens of ``kind``, token by token in the order placed: an emissary not on a station,
        not blocked, not protected by its own Corvette (NO-4.8); a ship."""
        out, seen = [], set()
        for token in game.tokens_of(player, kind):
            for cell in game.reach(token.cell, "radius.teleport"):
                if cell not in game.board.cells:
                    continue
                emissary = game.emissaries.get(cell)
                if emissary and emissary.station is None and not game.is_blocked(cell) \
                        and not protected(game, cell, player) and ("emissary", cell) not in seen:
                    seen.add(("emissary", cell))
                    out.append(Target(f"emissary @{fmt(cell)}", (("kind", "emissary"), ("cell", cell))))
                if cell in game.ships and ("ship", cell) not in seen:
                    seen.add(("ship", cell))
                    out.append(Target(f"ship @{fmt(cell)}", (("kind", "ship"), ("cell", cell))))
                for other in ship_like_tokens_at(game, cell):  # a ship-like token is a ship (the Interstellar)
                    if ("token", other.id) not in seen:
                        seen.add(("token", other.id))
                        out.append(Target(f"{other.kind} @{fmt(cell)}", (("kind", "ship"), ("cell", cell),
                                                                           ("token", other.id), ("player", other.owner))))
        return out

    def areas():
        """Every area on the board (a nebula, a system, an outer space), by its first tile and part:
        ``@(0,1,0) nebula``; ``controller``: none while it is open or nobody controls it (NO-4.7),
        ``emissaries``: the unblocked ones in it, ``minerals``: lying in it (a nebula's)."""
        out = []
        for area in game.board.areas():
            cell = min(area.tiles)
            placed = game.board.cells[cell]
            region = next(i for i, node in enumerate(placed.nodes)
                          if node is not None and game.board.forest.find(node) == area.id)
            controller = game.controller(area)
            out.append(((cell, region), Target(
                f"@{fmt(cell)} {region_name(placed.face.regions, region)}",
                (("kind", area.kind), ("closed", area.closed), ("tiles", len(area.tiles)),
                 ("emissaries", len(game.units_in(area))), ("controller", controller or "none"),
                 ("minerals", sum(game.board.totals(area.id).minerals.values())), ("cell", cell), ("region", region)))))
        return [target for _, target in sorted(out, key=lambda pair: pair[0])]

    found = {"mineral-sets": mineral_sets, "movable-units": movable_units, "teleport-targets": teleport_targets_of,
             "ship-places": ship_places, "new-ship-places": new_ship_places, "tokens": tokens, "own-ships": own_ships,
             "colours-owned": colours_owned, "new-tile": new_tile, "tiles": tiles, "teleportable-near": teleportable_near,
             "token-moves": token_moves, "words": words, "units": units, "ship-moves": partial(ship_moves, game),
             "settle-places": partial(settle_places, game, player), "constructions": partial(constructions, game, player),
             "own-units": own_units, "areas": areas}
    return {name: partial(_listed_once, game, (player, name), source) for name, source in found.items()}


def _listed_once(game, key: tuple, source, *args) -> list:
    """``source(*args)``, worked out once while a decision's options are listed: several actions
    choose from the same targets (the Interstellar's moves), and a target chosen from a source
    listed once is the same object, so a source that reads it is listed once too. Callers do not
    change the list."""
    return game.skills.once_per_listing((*key, *args), source, *args)  # (an argument that is no key: asked afresh)


from .skill_pieces import (evade, follow_emissaries, gather, is_ship_like, move_token_as_ship, settle, settle_places,  # noqa: E402
                           ship_like_cells, ship_like_tokens, ship_moves, teleport_token)  # (imported last: skill_pieces uses actions, as this module does)


def _spaces(face) -> tuple:
    """(region, label) of the parts of a face where a ship stands: the label names the part when
    the face has several (`` space2``)."""
    return face.kept("ship-places", _spaces_of)


def _spaces_of(face) -> tuple:
    found = [i for i, r in enumerate(face.regions) if "ship" in r.holds]
    return tuple((i, "" if len(found) == 1 else " " + region_name(face.regions, i)) for i in found)


def constructions(game, player: str) -> list:
    """The owner's emissaries under which a station may be built now, by the game's construction
    rule (``actions.construction_sites``): ``@(1,0,0)``; ``level``: the station it would get;
    ``kind``: the area's."""
    from .actions import construction_sites

    fmt = game.board.grid.format_cell
    return [Target(f"@{fmt(cell)}", (("cell", cell), ("region", emissary.region), ("level", level), ("kind", area.kind)))
            for cell, emissary, level, area in construction_sites(game, player)]


def token_on(game, where, kind: str) -> bool:
    """Whether a special token of ``kind`` stands on ``where``'s tile (asked for every tile a choice
    lists: the tiles holding one are found once per listing)."""
    return where.get("cell") in game.skills.once_per_listing(("token-cells", kind), _token_cells, game, kind)


def _token_cells(game, kind: str) -> set:
    return {t.cell for t in game.tokens_of_kind(kind)}


def ship_like_tokens_at(game, cell) -> list:
    """Special tokens on ``cell`` that are ships (``ship-like``, not fixed as an emissary)."""
    return [t for t in ship_like_tokens(game) if t.cell == cell]


def token_teleport_targets(game, origin, owner: str) -> list:
    """(cell, region, label) where a ship-like token may be teleported (NO-3.3.4, as a ship): a placed
    tile's outer space, no ship or ship-like token there, out of an exmitter's reach for its owner."""
    return ship_targets(game, origin, owner)


def target_values(game) -> dict:
    """Questions a condition may ask about chosen targets."""

    def same_area(a, b) -> bool:
        """Both units in one area: ships in one outer-space area, emissaries in one nebula or system."""
        area_a = game.region_area(a.get("cell"), a.get("region"))
        area_b = game.region_area(b.get("cell"), b.get("region"))
        if area_a is None or area_b is None or area_a.id != area_b.id:
            return False
        return area_a.kind == "space" if a.get("kind") == "ship" else area_a.kind in ("nebula", "system")

    def steps(a, b) -> int:
        """Edge steps on the grid between two targets' tiles (empty slots included), counted up to 9."""
        grid, goal = game.board.grid, b.get("cell")
        seen, frontier = {a.get("cell")}, [a.get("cell")]
        for distance in range(10):
            if goal in frontier:
                return distance
            frontier = [n for c in frontier for n in grid.neighbours(c) if n not in seen]
            seen.update(frontier)
        return 10

    def exmitter_reach(where, whose) -> bool:
        """Whether ``where``'s tile is in an exmitter's reach for the units of ``whose`` (a player, or
        a target's player)."""
        who = whose if isinstance(whose, str) else whose.get("player")
        return game.exmitter_reach(where.get("cell"), who)

    def enemy_station(where, whose) -> bool:
        """Whether the nebula or system of ``where``'s region holds a station of a player other than
        ``whose`` (a player, or a target's player): p. 18, "enemy emissaries cannot remain in an area
        with a research station or a space station"."""
        who = whose if isinstance(whose, str) else whose.get("player")
        area = game.region_area(where.get("cell"), where.get("region"))
        return area is not None and area.kind in ("nebula", "system") and area.id in enemy_station_areas(game, who)

    return {"same-area": same_area, "steps": steps, "exmitter-reach": exmitter_reach, "enemy-station": enemy_station}


def target_effects(game, player: str, skill) -> dict:
    """The effects that act on chosen targets."""
    from .actions import teleport

    fmt = game.board.grid.format_cell

    def teleport_unit(unit, target):
        token = game.special_tokens.get(unit.get("token")) if unit.get("token") is not None else None
        if token is None:
            teleport(game, unit.get("kind"), unit.get("cell"), target.get("cell"), target.get("region"))
        else:  # a ship-like token: its battles follow the event (skill_pieces)
            teleport_token(game, token, target.get("cell"), target.get("region"))

    def put(kind, where):
        region, cell = where.get("region"), where.get("cell")
        data = {"turn": game.turn} if region is None else {"region": region, "turn": game.turn}
        game.place_token(kind, player, cell, **data)
        if game.ruleset.tokens.get(kind, {}).get("works-as") == "exmitter":  # tokens.trian
            # what a regular exmitter tile does when it is added: units in its reach go home
            tokens = {t.id: t.cell for t in ship_like_tokens(game)}
            changed = set(game._exmit(cell))
            follow_emissaries(game)  # a ship-like token in its reach goes home at once, as a ship does
            changed |= {c for i, c in tokens.items() if i not in game.special_tokens}
            if changed:  # an emissary gone from a closed area, a Corvette no longer blocking: control, battles
                game.units_changed(sorted(changed), player)

    def move_ship(ship, where):
        game.move_ship(ship.get("cell"), where.get("cell"), where.get("region"))  # battles, control follow

    def move_token(token, where):
        placed = game.special_tokens.get(token.get("token"))
        if placed is not None:
            game.note(f"{player} moves the {placed.kind} from {fmt(placed.cell)} to {fmt(where.get('cell'))}")
            if is_ship_like(game, placed.kind) and not placed.data.get("fixed"):
                move_token_as_ship(game, placed, where.get("cell"), where.get("region"))
            else:
                placed.cell = where.get("cell")

    def explode(token, field, per_ship):
        """Every ship and emissary (not on a station) in the token's field goes back to its supply;
        the owner draws ``per_ship`` random minerals per ship destroyed; the token returns."""
        from .skills import field_cells

        placed = game.special_tokens.get(token.get("token"))
        if placed is None:
            return  # it has exploded already
        cells = [c for c in field_cells(game, placed.cell, field) if c in game.board.cells]
        game.note(f"{player}'s {placed.kind} explodes at {fmt(placed.cell)}")
        ships = 0
        for cell in cells:
            if cell in game.ships:
                ships += 1
                game.return_ship(cell)
            for other in ship_like_tokens_at(game, cell):
                ships += 1
                game.remove_token(other)  # a ship-like token is a ship (the Interstellar)
            emissary = game.emissaries.get(cell)
            if emissary is not None and emissary.station is None:  # a station's emissary stays (p. 9)
                game.return_emissary(cell)
        game.remove_token(placed)
        if ships and per_ship:
            drawn = game.draw_minerals(ships * int(per_ship))
            game.player(player).minerals.update(drawn)
            game.note(f"{player} draws {sum(drawn.values())} minerals for {ships} ship{'s' if ships > 1 else ''} destroyed")
        game.units_changed(cells, player)  # unblocked emissaries, control (NO-4.6–4.8)

    def swap(a, b):
        """Two units of the same type exchange their places (regions, area counts, events); the
        owner caused it: battles and control follow (NO-4.5, NO-4.7)."""
        kind, mine, theirs = a.get("kind"), a.get("cell"), b.get("cell")
        if a.get("token") is not None or b.get("token") is not None:
            return swap_with_token(a, b)
        table = game.emissaries if kind == "emissary" else game.ships
        one, other = table.pop(mine), table.pop(theirs)
        if kind == "emissary":  # the areas count emissaries per player: one leaves for the other
            for cell, region, gone, come in ((mine, one.region, one, other), (theirs, other.region, other, one)):
                node = game.board.cells[cell].nodes[region]
                if node is not None:
                    game.board.totals(node).units[(gone.player, "emissaries")] -= 1
                    game.board.totals(node).units[(come.player, "emissaries")] += 1
        one.region, other.region = other.region, one.region
        table[theirs], table[mine] = one, other
        game.note(f"{player} swaps the {kind} at {fmt(mine)} with {other.player}'s at {fmt(theirs)} ({skill.title})")
        for unit, origin, cell in ((one, mine, theirs), (other, theirs, mine)):
            game.emit("unit-moved", unit.player, player=unit.player, unit=kind if kind == "emissary" else unit.kind,
                      origin=origin, cell=cell, teleported=False, swapped=True)
        game.units_changed([mine, theirs], player)

    def swap_with_token(a, b):
        """A ship and a ship-like token exchange their places (the Interstellar is a ship)."""
        token = game.special_tokens[(a if a.get("token") is not None else b).get("token")]
        ship_cell = (b if a.get("token") is not None else a).get("cell")
        ship = game.ships.pop(ship_cell)
        token_cell, token_region = token.cell, token.data.get("region")
        token.cell, token.data["region"] = ship_cell, ship.region
        ship.region = token_region
        game.ships[token_cell] = ship
        game.note(f"{player} swaps {ship.player}'s {ship.kind} at {fmt(ship_cell)} with {token.owner}'s "
                  f"{token.kind} at {fmt(token_cell)} ({skill.title})")
        game.emit("unit-moved", token.owner, player=token.owner, unit=token.kind, origin=token_cell, cell=ship_cell,
                  teleported=False, swapped=True)
        game.emit("unit-moved", ship.player, player=ship.player, unit=ship.kind, origin=ship_cell, cell=token_cell,
                  teleported=False, swapped=True)
        game.units_changed([ship_cell, token_cell], player)

    def build_station(where, level):
        """A station of ``level`` under the owner's emissary there, if the rules allow it (NO-3.3.3):
        its piece, income and nebula minerals, as a construction; it does not end the action."""
        from .actions import NEXT_STATION, build

        cell, emissary = where.get("cell"), game.emissaries.get(where.get("cell"))
        if emissary is None or emissary.player != player or NEXT_STATION.get(emissary.station) != level \
                or not game.player(player).supply[level + "s"]:
            return
        area = game.region_area(cell, emissary.region)
        if area is not None and area.closed and game.controller(area) == player:
            build(game, cell, level, area, reason=skill.title)

    def send_home(unit):
        """A chosen emissary or ship of the owner goes back to the supply; control follows."""
        cell, table = unit.get("cell"), game.emissaries if unit.get("kind") == "emissary" else game.ships
        if cell in table and table[cell].player == player:
            (game.return_emissary if table is game.emissaries else game.return_ship)(cell)
            game.units_changed([cell], player)

    return {"teleport": teleport_unit, "place": put, "build": build_station, "send-home": send_home, "move-ship": move_ship, "token-on": partial(token_on, game), "swap": swap,
            "move-token": move_token, "explode": explode, "gather": partial(gather, game, player),
            "settle": partial(settle, game, player), "evade": partial(evade, game, player)}

