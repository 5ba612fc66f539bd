"""Special tokens that are pieces for the game's own rules (``races/tokens.trian``).

A token declared ``ship-like = true`` (Arvori's Interstellar) is a ship while it stands in outer
space (not settled as an emissary): no other ship ends a move on its tile, no ship expedition goes
on or next to it (NO-3.3.2, NO-3.3.6), and a teleport moves it like a ship (NO-3.3.4): the player who
added a teleport tile may teleport it from that tile's radius, and its owner may teleport it from a
teleport tile in a later turn. It fights ship battles and loses them at once (``TokenBattle``),
unless its owner evades with an ``evade`` action; an exmitter sends it home. A token that became an
emissary (``settle``, a Slave-minion) follows that emissary and goes home with it.

What a skill adds is said in the DSL with the words defined here: the sources ``ship-moves`` and
``settle-places``, the effects ``move-token`` (as a ship), ``gather``, ``settle`` and ``evade``
(docs/skill-language.md).
"""
from __future__ import annotations

from functools import partial

from .actions import ship_targets
from .battles import battle_begins


def ship_like_tokens(game) -> tuple:
    """The special tokens that are ships now (``ship-like``, not settled as an emissary), in the
    order placed: kept by the game until a token is placed, removed or settled (``_ship_like``,
    one of its ``CACHES``), since it is asked for every ship's move and after every event."""
    if not game.special_tokens:
        return ()
    known = game.__dict__.get("_ship_like")
    if known is None:
        known = game.__dict__["_ship_like"] = _ship_like_tokens(game)
    return known


def _ship_like_tokens(game) -> tuple:
    placed, kinds = game.tokens_by_kind, game.ship_like_kinds
    if kinds.isdisjoint(placed):
        return ()  # (most of the time none is on the board)
    tokens = [t for kind in kinds for t in placed.get(kind, {}).values() if not t.data.get("fixed")]
    if len(kinds) > 1:
        tokens.sort(key=lambda t: t.id)  # in the order placed, whatever their kinds
    return tuple(tokens)


def ship_like_cells(game) -> set:
    """The tiles where a ship-like token stands (a ship for every player): worked out once while a
    decision's options are listed (asked of every tile a choice may take), every time otherwise;
    callers do not change it."""
    return game.skills.once_per_listing("ship-like-cells", _ship_like_cells, game)


def _ship_like_cells(game) -> set:
    return {t.cell for t in ship_like_tokens(game)}


def ship_near(game, cell, tokens: set | None = None) -> bool:
    """A ship or a ship-like token on ``cell`` or a tile sharing an edge with it."""
    tokens = ship_like_cells(game) if tokens is None else tokens
    return any(c in game.ships or c in tokens for c in (cell, *game.board.grid.neighbours(cell)))


def token_teleports(game) -> dict:
    """NO-3.3.4 for ship-like tokens: from the radius of a teleport added this turn (any player's
    token), or, for its owner, standing on a teleport tile added in an earlier turn."""
    tokens = ship_like_tokens(game) if game.special_tokens else ()
    if not tokens:
        return {}
    me, fmt, added = game.current.name, game.board.grid.format_cell, game.placed_cell
    radius = set()
    if added is not None and game.board.cells[added].face.prop_total("teleport") and not game.teleported:
        radius = set(game.reach(added, "radius.teleport"))  # it moves 1 unit (NO-3.3.4)
    out = {}
    for token in sorted(tokens, key=lambda t: (t.cell, t.id)):
        here = token.cell
        on_teleport = (here != added and here not in game.arrived  # arrived: a later turn (p. 12)
                       and game.board.cells[here].face.prop_total("teleport"))
        if here not in radius and not (token.owner == me and on_teleport):
            continue
        for target, region, label in ship_targets(game, here, token.owner):
            text = f"teleport {token.kind} @{fmt(here)} to @{fmt(target)}" + (f" {label}" if label else "")
            out[text] = partial(_teleport, game, token.id, target, region, here in radius)
    return out


def teleport_token(game, token, target, region: int) -> None:
    """The token goes to ``target`` as a teleported ship; its owner's skills settle what follows."""
    fmt = game.board.grid.format_cell
    origin, token.cell, token.data["region"] = token.cell, target, region
    game.note(f"{game.current.name} teleports {token.owner}'s {token.kind} from {fmt(origin)} to {fmt(target)}")
    game.emit("unit-moved", token.owner, player=token.owner, unit=token.kind, origin=origin, cell=target,
              teleported=True)


def _teleport(game, token_id: int, target, region: int, from_radius: bool = False) -> None:
    game.teleported = game.teleported or from_radius
    teleport_token(game, game.special_tokens[token_id], target, region)
    game.action_done()


def enemies_beside(game, cell, region, owner: str, player: str | None = None) -> list:
    """Ships of players other than ``owner`` (of ``player`` only, when given) on tiles sharing an
    edge with ``cell`` and joined to its ``region`` through outer space (NO-4.5): (cell, ship), sorted."""
    out = []
    for other in game.board.grid.neighbours(cell):
        ship = game.ships.get(other)
        if ship is None or ship.player == owner or (player is not None and ship.player != player):
            continue
        if game.space_link(cell, region, other) == ship.region:
            out.append((other, ship))
    return sorted(out, key=lambda pair: pair[0])


# -- what a skill's action may choose (``choose … from ship-moves(token, 3)``) -----------------------
def ship_moves(game, token, steps) -> list:
    """Where a chosen ship-like token may move as a ship (NO-3.3.5): up to ``steps`` edge steps
    through outer space, through ships, never ending on one; ``enemy-near``: an enemy ship stands
    beside that place through outer space, so a ship battle follows the move (NO-4.5)."""
    # several actions of a skill may move the same token (with or without settling): listed once
    return game.skills.once_per_listing(("ship-moves", token.get("token"), int(steps)), _ship_moves, game, token, steps)


def _ship_moves(game, token, steps) -> list:
    from .skill_targets import Facts, Target

    placed = game.special_tokens.get(token.get("token"))
    if placed is None or placed.data.get("fixed") or not is_ship_like(game, placed.kind):
        return []  # a token that settled as an emissary is no ship
    fmt, exmitted = game.board.grid.format_cell, game.exmitted
    reach = game.ship_destinations(placed.cell, as_ship(placed), int(steps))
    later = {"enemy-near": partial(_enemy_near, game, placed.owner)}
    return [Target(f"@{fmt(cell)}", Facts.of({"cell": cell, "region": there, "exmitted": cell in exmitted}, later))
            for cell, there in sorted(reach.items())]  # (``exmitted``: ``game.exmitter_reach(cell)``)


def as_ship(token) -> "Ship":
    """A ship-like token seen as a ship, with the steps it moved this turn (NO-3.3.5)."""
    from .state import Ship

    return Ship(token.owner, token.kind, token.data.get("region"), token.data.get("moved", ()))


def _enemy_near(game, owner: str, facts) -> bool:
    return bool(enemies_beside(game, facts["cell"], facts["region"], owner))


def settle_places(game, player: str, place) -> list:
    """The parts of a chosen place's tile where a piece arriving there may become ``player``'s
    emissary, by the rules of an emissary arriving by teleport (NO-3.3.4): a planet or a nebula part
    that may hold an emissary, on a tile without one, not in a closed area another player controls
    nor in one that holds another player's station."""
    from .actions import enemy_station_areas, may_arrive, region_name, token_works_as
    from .skill_targets import Target

    cell = place.get("cell")
    if cell in game.emissaries or cell not in game.board.cells or token_works_as(game, cell, "teleport"):
        return []  # (a token that works as a teleport makes a teleport tile: no emissary there, p. 29)
    regions, out = game.board.cells[cell].face.regions, []
    barred = enemy_station_areas(game, player)  # no emissary in an area with an enemy's station (p. 18)
    for index, region in enumerate(regions):
        if "emissary" not in region.holds or not (region.kind == "nebula" or region.prop("planet")):
            continue
        if not may_arrive(game, game.region_area(cell, index), player, barred):
            continue
        out.append(Target(region_name(regions, index), (("cell", cell), ("region", index), ("kind", region.kind))))
    return out


# -- effects ---------------------------------------------------------------------------------------
def move_token_as_ship(game, token, cell, region) -> None:
    """A ship-like token moved by its owner's skill: a ship's move, which areas of effect and the
    skills that start its battles hear (``unit-moved``)."""
    token.data["moved"] = game.count_steps(as_ship(token), token.cell, cell)
    origin, token.cell = token.cell, cell
    if region is not None:
        token.data["region"] = region
    game.emit("unit-moved", token.owner, player=token.owner, unit=token.kind, origin=origin, cell=cell, teleported=False)


def settle(game, player: str, token, part) -> None:
    """The token becomes one of ``player``'s emissaries on a chosen part of its tile, for good: a
    regular emissary (control, battles, stations) that takes no piece from the race board."""
    placed = game.special_tokens.get(token.get("token"))
    cell = part.get("cell")
    if placed is None or placed.data.get("fixed") or placed.cell != cell or cell in game.emissaries:
        return  # it left the board or the tile on the way (an area of effect)
    game.put_emissary(game.player(player), cell, part.get("region"))
    game.adjust(f"supply:{player}", "emissaries", 1, f"the {placed.kind} settles: no piece leaves the race board")
    placed.data.update(fixed=True, region=part.get("region"), emissary=game.emissaries[cell])
    game.__dict__.pop("_ship_like", None)  # no more a ship
    game.note(f"{player}'s {placed.kind} settles at {game.board.grid.format_cell(cell)} as an emissary")
    game.emit("unit-placed", player, player=player, unit="emissary", cell=cell)
    game.units_changed([cell], player)


def gather(game, player: str, token, count, field) -> None:
    """``count`` minerals from the closed nebulas with a part in the token's field, one at a time,
    colour and nebula chosen by ``player`` (a decision of its own; a single possibility is taken)."""
    placed = game.special_tokens.get(token.get("token"))
    if placed is not None and int(count) > 0:
        Gathering(game, player, placed.id, int(count), field).take_what_is_certain()


class Gathering:
    """The owner's choice of each mineral a token gathers: it holds the game's queue (what follows
    the effect waits for it) and only the owner answers (``KIND takes red from @(0,0,1)``)."""

    kind = "choice"

    def __init__(self, game, player: str, token_id: int, left: int, field: str):
        self.game, self.player, self.token_id, self.left, self.field = game, player, token_id, left, field
        self.players, self.units, self.extra = [player], {}, {}

    def start(self) -> None:
        pass

    @property
    def decider(self) -> str:
        return self.player

    def prompt(self) -> str:
        token = self.game.special_tokens[self.token_id]
        return f"the {token.kind} takes {self.left} more mineral{'s' if self.left > 1 else ''} from closed nebulas in its field"

    def options(self) -> dict:
        from .skills import field_cells

        game, out = self.game, {}
        token = game.special_tokens.get(self.token_id)
        if token is None:
            return out
        roots = {}
        for cell in field_cells(game, token.cell, self.field):
            for area in game.board.areas_at(cell) if cell in game.board.cells else ():
                if area.kind == "nebula" and area.closed and +game.board.totals(area.id).minerals:
                    roots[area.id] = area
        for root in sorted(roots, key=lambda r: min(roots[r].tiles)):
            minerals = game.board.totals(root).minerals
            for colour in sorted(c for c, n in minerals.items() if n > 0):
                out[f"{token.kind} takes {colour} from @{game.area_name(roots[root])}"] = partial(self._take, root, colour)
        return out

    def _take(self, root: int, colour: str, again: bool = True) -> None:
        game = self.game
        game.move(colour, 1, f"area:{root}", f"minerals:{self.player}", f"the {game.special_tokens[self.token_id].kind} gathers")
        game.note(f"{self.player} takes 1 {colour} mineral from the nebula at {game.area_name(game.board.area(root))}")
        game.emit("minerals-gained", self.player, player=self.player, colour=colour, count=1, source="nebula", area=root)
        self.left -= 1
        if again:
            self.take_what_is_certain()

    def take_what_is_certain(self) -> None:
        """Take the minerals while there is a single possibility; wait for the owner otherwise."""
        game = self.game
        while self.left > 0:
            options = self.options()
            if len(options) > 1:
                if game.waiting is not self:
                    game.wait_for(self)
                return
            if not options:
                break
            next(iter(options.values()))(again=False)
        game.release(self)


# -- battles (NO-4.5) and what leaves the board -------------------------------------------------------
def is_ship_like(game, kind) -> bool:
    return kind in game.ship_like_kinds


EMISSARY_EVENTS = frozenset({"unit-moved", "unit-removed"})


def after_event(game, event: str, data: dict) -> None:
    """What the game does for its special tokens after an event: settled tokens follow their
    emissary (or go home with it), an exmitter sends a ship-like token home, and ship battles
    start where a ship-like token and an enemy ship stand side by side through outer space."""
    # an emissary moves or leaves the board only with one of these events (a teleport, a swap, a
    # return to the supply), and an exmitter's reach may change with any (a tile, a change for a while)
    if event in EMISSARY_EVENTS or (game.exmitted and ship_like_tokens(game)):
        follow_emissaries(game)
    if event != "unit-moved" and event != "unit-placed":
        return
    unit = data.get("unit")
    if unit is None:
        return
    tokens = ship_like_tokens(game)
    if not tokens:
        return  # (most events: no ship-like token on the board, so none attacks or is attacked)
    if is_ship_like(game, unit):
        if event == "unit-moved" and not data.get("swapped"):  # moved or teleported beside an enemy ship:
            token = next((t for t in tokens if t.cell == data.get("cell")), None)  # it attacks
            enemies = enemies_beside(game, token.cell, token.data.get("region"), token.owner) if token else []
            if enemies:
                game.then(partial(_battle, game, token.id, enemies[0][1].player, enemies[0][0], False))
        return
    if unit == "ship" or game.has_property(unit, "ship"):  # an enemy ship ended beside it: attacked
        attacker = data.get("player")
        for token in tokens:  # (in the order placed)
            if token.owner != attacker and enemies_beside(game, token.cell, token.data.get("region"), token.owner, attacker):
                game.then(partial(_attacked, game, token.id, attacker))


def follow_emissaries(game) -> None:
    """A token that became an emissary (``settle``) stands where that emissary stands; when it
    leaves the board the token goes back to the supply, and the emissary piece the game gave back to
    the race board is taken off again (the token was never one). A ship-like token in an
    exmitter's reach goes home."""
    if not game.special_tokens:
        return
    where = None
    ships = game.ship_like_kinds if game.exmitted else ()
    # (this runs after every event: the tokens it may act on are picked out first; one whose
    # ``emissary`` is None does what one without it does)
    for token in [t for t in game.special_tokens.values() if "emissary" in t.data or t.kind in ships]:
        unit = token.data.get("emissary")
        if unit is not None:
            if game.emissaries.get(token.cell) is unit:
                continue  # (after most events it stands where its emissary stands)
            where = {id(e): c for c, e in game.emissaries.items()} if where is None else where
            if id(unit) in where:
                token.cell = where[id(unit)]
                continue
            game.adjust(f"supply:{token.owner}", "emissaries", -1, f"the {token.kind} is no race-board piece")
            game.note(f"{token.owner}'s {token.kind} left the board")
            game.remove_token(token)
        elif token.kind in ships and not token.data.get("fixed") and game.exmitter_reach(token.cell, token.owner):
            game.note(f"an exmitter sends {token.owner}'s {token.kind} home")
            game.remove_token(token)


def _battle(game, token_id: int, attacker: str, ship_cell, evade: bool) -> None:
    token = game.special_tokens.get(token_id)
    if token is not None and ship_cell in game.ships:
        game.start_battle(TokenBattle(game, token, attacker, ship_cell, evade))


def _attacked(game, token_id: int, attacker: str) -> None:
    token = game.special_tokens.get(token_id)
    if token is None or token.data.get("fixed"):
        return
    enemies = enemies_beside(game, token.cell, token.data.get("region"), token.owner, attacker)
    if enemies:
        game.start_battle(TokenBattle(game, token, attacker, enemies[0][0], evade=True))


def refuges(game, token) -> list:
    """(cell, region) at the fewest edge steps (over placed tiles) where the token may stand as a
    ship with no enemy ship beside it: placed, out of an exmitter's reach, no ship there."""
    grid, start = game.board.grid, token.cell
    distance, frontier = {start: 0}, [start]
    while frontier:
        following = []
        for here in frontier:
            for other in grid.neighbours(here):
                if other in game.board.cells and other not in distance:
                    distance[other] = distance[here] + 1
                    following.append(other)
        frontier = following
    taken = ship_like_cells(game)
    best, out = None, []
    for cell in sorted(distance, key=lambda c: (distance[c], c)):
        if best is not None and distance[cell] > best:
            break
        if cell == start or game.exmitter_reach(cell) or cell in game.ships or cell in taken:
            continue
        for index, region in enumerate(game.board.cells[cell].face.regions):
            if "ship" in region.holds and not enemies_beside(game, cell, index, token.owner):
                out.append((cell, index))
                best = distance[cell]
    return out


class TokenBattle:
    """A ship battle against a ship-like token (NO-4.5): the token loses against any ship, at once
    (back to its owner's supply; the ship's owner draws the usual minerals), whoever attacked.
    Attacked by an enemy ship, its owner may first use one of their skills' ``evade`` actions
    (Divine help), or ``do not evade``; an ``evade(token)`` effect moves it away and no battle
    happens."""

    kind = "ships"

    def __init__(self, game, token, attacker: str, ship_cell, evade: bool):
        ship = game.ships[ship_cell]
        self.game, self.token, self.owner, self.attacker = game, token, token.owner, attacker
        self.pair, self.ship_kind = (ship_cell, token.cell), ship.kind
        self.players, self.units = [attacker, token.owner], {attacker: ship.kind, token.owner: token.kind}
        self.extra, self.totals, self.winners = {}, {}, []
        self.may_evade, self.fleeing = evade, []

    def start(self) -> None:
        game, fmt = self.game, self.game.board.grid.format_cell
        game.battles += 1
        game.note(f"ship battle: {self.attacker}'s {self.ship_kind} at {fmt(self.pair[0])} against "
                  f"{self.owner}'s {self.token.kind} at {fmt(self.token.cell)}")
        game.hooks.call("trian_battle_begin", self.players, game=game, battle=self)
        battle_begins(game, "ships", self.attacker, self.players)
        if not self._evasions():
            self._fall()

    @property
    def decider(self) -> str:
        return self.owner

    def prompt(self) -> str:
        if self.fleeing:
            return f"choose where the {self.token.kind} evades to"
        return f"the {self.token.kind} is attacked: evade, or not"

    def names(self) -> dict:
        """What an ``evade`` action reads: the attacked ``token`` and the attacking ``ship``."""
        from .skill_targets import Target

        fmt, (ship_cell, cell) = self.game.board.grid.format_cell, self.pair
        token = Target(f"@{fmt(cell)}", (("cell", cell), ("region", self.token.data.get("region")),
                                         ("token", self.token.id), ("refuge", bool(refuges(self.game, self.token)))))
        ship = Target(f"@{fmt(ship_cell)}", (("cell", ship_cell), ("player", self.attacker), ("kind", self.ship_kind)))
        return {"token": token, "ship": ship}

    def _evasions(self) -> dict:
        if not self.may_evade:
            return {}
        with self.game.skills.listing():
            return self.game.skills.action_options_for(self.owner, "evade", self.names())

    def options(self) -> dict:
        from .actions import region_name

        game, fmt = self.game, self.game.board.grid.format_cell
        if not self.fleeing:
            out = {text: partial(self._evade, apply) for text, apply in self._evasions().items()}
            out["do not evade"] = self._fall
            return out
        out = {}
        for cell, region in self.fleeing:
            name = region_name(game.board.cells[cell].face.regions, region)
            out[f"evade {self.token.kind} to @{fmt(cell)}" + ("" if name == "space" else f" {name}")] = \
                partial(self.flee_to, cell, region)
        return out

    def _evade(self, apply) -> None:
        """An ``evade`` action of the owner's skills; if it did not take the token away, it falls."""
        apply()
        if not self.fleeing and self.game.waiting is self:
            self._fall()

    def flee(self) -> None:
        """The ``evade`` effect: the token goes to the nearest refuge (the owner chooses among equals)."""
        self.fleeing = refuges(self.game, self.token)
        if len(self.fleeing) == 1:
            self.flee_to(*self.fleeing[0])

    def flee_to(self, cell, region: int) -> None:
        game, token, fmt = self.game, self.token, self.game.board.grid.format_cell
        origin, token.cell, token.data["region"] = token.cell, cell, region
        game.note(f"{self.owner}'s {token.kind} evades from {fmt(origin)} to {fmt(cell)}")
        game.emit("unit-moved", self.owner, player=self.owner, unit=token.kind, origin=origin, cell=cell,
                  teleported=False, evaded=True)
        self._end()

    def _fall(self) -> None:
        game, fmt = self.game, self.game.board.grid.format_cell
        self.winners = [self.attacker]
        game.note(f"  the {self.token.kind} at {fmt(self.token.cell)} loses against the {self.ship_kind}")
        if self.token.id in game.special_tokens:
            game.remove_token(self.token)
        drawn = game.draw_minerals(game.ruleset.value("battle.win-minerals"))
        game.player(self.attacker).minerals.update(drawn)
        game.note(f"  {self.attacker} wins and draws {sum(drawn.values())} minerals")
        game.emit("battle-won", self.attacker, battle="ships", winner=self.attacker, loser=self.owner,
                  unit=self.ship_kind)
        self._end()

    def _end(self) -> None:
        self.fleeing = []
        self.game.release(self)
        self.game.hooks.call("trian_battle_end", game=self.game, battle=self)


def evade(game, player: str, token) -> None:
    """The effect ``evade(token)``: in a battle against that ship-like token, it moves away."""
    battle = game.waiting
    if isinstance(battle, TokenBattle) and battle.token.id == token.get("token") and battle.owner == player:
        battle.flee()
