"""What a skill's action may choose among (``choose NAME from SOURCE [where CONDITION]``): the
sources of targets, each target with the words of its option text and the data a condition or an
effect reads (``stake.count``, ``target.outpost``).

A source is a function of the game and the owner; the list of sources is the vocabulary of choices
that ``trian validate`` checks and docs/skill-language.md lists.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from .actions import protected, region_name, teleport_targets


class Target:
    """One thing to choose: ``text`` in the option, ``data`` for conditions and effects."""

    __slots__ = ("text", "data", "names")

    def __init__(self, text: str, data: tuple[tuple[str, object], ...]):
        self.text, self.data = text, dict(data)
        self.names = None  # the names a formula reads for it, once it is bound to a choice

    def get(self, key: str, default=None):
        return self.data.get(key, default)

    def bound(self, name: str) -> dict:
        """``{name: self, name.key: value…}``: what a formula reads of this target as ``name``."""
        if self.names is None or name not in self.names:
            self.names = {name: self, **{f"{name}.{k}": v for k, v in self.data.items()}}
        return self.names


# source: (its shape, the data each of its targets carries)
SOURCES = {
    "mineral-sets": ("mineral-sets(COUNT)", ("count", "colours")),
    "movable-units": ("movable-units()", ("kind", "cell")),
    "teleport-targets": ("teleport-targets(UNIT)", ("cell", "region", "outpost")),
    "ship-places": ("ship-places()", ("cell", "region", "exmitted", "ship")),
    "tokens": ("tokens(KIND)", ("cell", "region", "exmitted", "ship", "token", "turn")),
    "own-ships": ("own-ships()", ("kind", "cell", "region")),
    "colours-owned": ("colours-owned(COLOUR, …)", ("colour", "count")),
    "new-tile": ("new-tile()", ("cell", "region", "exmitted", "ship", "ship-near")),
    "tiles": ("tiles()", ("cell", "region", "exmitted", "ship", "new")),
    "teleportable-near": ("teleportable-near(KIND)", ("kind", "cell")),
    "token-moves": ("token-moves(TOKEN, STEPS)", ("cell", "region", "exmitted", "ship")),
    "words": ("words(WORD, …)", ("word",)),
}


def sources(game, player: str) -> dict:
    """The sources bound to ``game`` and ``player``, by name (for a compiled formula's ``Late``)."""
    fmt = game.board.grid.format_cell

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
        """The owner's emissaries and ships that may leave their tile: not blocked, not on a station."""
        out = []
        for kind, table in (("emissary", game.emissaries), ("ship", game.ships)):
            for cell, unit in sorted(table.items()):
                if unit.player == player and not game.is_blocked(cell) and not getattr(unit, "station", None):
                    out.append(Target(f"{kind} @{fmt(cell)}", (("kind", kind), ("cell", cell))))
        return out

    def teleport_targets_of(unit):
        """Where ``unit`` may be teleported to (NO-3.3.4 destinations, anywhere on the board)."""
        kind, origin = unit.get("kind"), unit.get("cell")
        out = []
        for cell, region, label in teleport_targets(game, kind, origin):
            outpost = bool(game.board.cells[cell].face.regions[region].prop("outpost"))
            out.append(Target(f"@{fmt(cell)}" + (f" {label}" if label else ""),
                              (("cell", cell), ("region", region), ("outpost", outpost))))
        return out

    def has_ship(cell) -> bool:
        return cell in game.ships or any(game.ruleset.tokens.get(t.kind, {}).get("ship-like")
                                         and not t.data.get("fixed") for t in game.tokens_at(cell))

    def place(cell, region, text: str) -> Target:
        return Target(text, (("cell", cell), ("region", region), ("exmitted", game.exmitter_reach(cell)),
                             ("ship", has_ship(cell))))

    def new_tile():
        """The tile added this turn (none before it is placed): ``@(1,0,0)``; ``ship-near`` when a
        ship stands on it or on a tile sharing an edge with it."""
        cell = game.placed_cell
        if cell is None:
            return []
        near = any(has_ship(c) for c in (cell, *game.board.grid.neighbours(cell)))
        return [Target(f"@{fmt(cell)}", (*place(cell, None, "").data.items(), ("ship-near", near)))]

    def ship_places():
        """Every placed tile's outer space (a ship's place), ``@(1,0,0)`` — with the part's name
        when the tile has several."""
        out = []
        for cell, placed in sorted(game.board.cells.items()):
            regions = placed.face.regions
            spaces = [i for i, r in enumerate(regions) if "ship" in r.holds]
            for index in spaces:
                label = "" if len(spaces) == 1 else " " + region_name(regions, index)
                out.append(place(cell, index, f"@{fmt(cell)}{label}"))
        return out

    def tokens(kind):
        """The owner's special tokens of ``kind`` on the board, sorted by tile; ``turn``: the turn
        it was placed in."""
        return [Target(f"@{fmt(t.cell)}", (*place(t.cell, t.data.get("region"), "").data.items(),
                                           ("token", t.id), ("turn", t.data.get("turn", 0))))
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
        return [place(cell, None, f"@{fmt(cell)}") for cell in sorted(out)]

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
        return [Target(f"@{fmt(cell)}", (*place(cell, None, "").data.items(), ("new", cell == game.placed_cell)))
                for cell in sorted(game.board.cells)]

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
        return out

    return {"mineral-sets": mineral_sets, "movable-units": movable_units, "teleport-targets": teleport_targets_of,
            "ship-places": ship_places, "tokens": tokens, "own-ships": own_ships, "colours-owned": colours_owned,
            "new-tile": new_tile, "tiles": tiles, "teleportable-near": teleportable_near, "token-moves": token_moves,
            "words": words}


def target_effects(game, player: str, skill) -> dict:
    """The effects that act on chosen targets."""
    from .actions import teleport

    fmt = game.board.grid.format_cell

    def teleport_unit(unit, target):
        teleport(game, unit.get("kind"), unit.get("cell"), target.get("cell"), target.get("region"))

    def put(kind, where):
        region, cell = where.get("region"), where.get("cell")
        data = {"turn": game.turn} if region is None else {"region": region, "turn": game.turn}
        game.place_token(kind, player, cell, **data)
        if game.ruleset.tokens.get(kind, {}).get("works-as") == "exmitter":  # tokens.trian
            # what a regular exmitter tile does when it is added: units in its reach go home
            before = {c: (game.emissaries.get(c), game.ships.get(c)) for c in game.reach(cell, "radius.exmitter")}
            game._exmit(cell)
            changed = [c for c, units in before.items() if units != (game.emissaries.get(c), game.ships.get(c))]
            if changed:  # an emissary gone from a closed area, a Corvette no longer blocking: control, battles
                game.units_changed(sorted(changed), player)

    def move_ship(ship, where):
        game.move_ship(ship.get("cell"), where.get("cell"), where.get("region"))  # battles, control follow

    def token_on(where, kind):
        return bool(game.tokens_at(where.get("cell"), kind))

    def move_token(token, where):
        placed = game.special_tokens.get(token.get("token"))
        if placed is not None:
            game.note(f"{player} moves the {placed.kind} from {fmt(placed.cell)} to {fmt(where.get('cell'))}")
            placed.cell = where.get("cell")

    def explode(token, field, per_ship):
        """Every ship and emissary (not on a station) in the token's field goes back to its supply;
        the owner draws ``per_ship`` random minerals per ship destroyed; the token returns."""
        from .skills import field_cells, ship_like_tokens

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
            for other in [t for t in ship_like_tokens(game) if t.cell == cell]:
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

    return {"teleport": teleport_unit, "place": put, "move-ship": move_ship, "token-on": token_on,
            "move-token": move_token, "explode": explode}

