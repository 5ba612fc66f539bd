"""Special tokens that are pieces for the game's own rules (``races/tokens.trian``).

A token declared ``ship-like = true`` (Arvori's Interstellar) is a ship while it stands in outer
space (not settled as an emissary): no other ship ends a move on its tile, no ship expedition goes
on or next to it (NO-3.3.2, NO-3.3.6), and a teleport moves it like a ship (NO-3.3.4): the player who
added a teleport tile may teleport it from that tile's radius, and its owner may teleport it from a
teleport tile in a later turn. What its owner's skill adds (how it is placed and moved, what it
gathers, how it fights) is said in the skill's DSL.
"""
from __future__ import annotations

from functools import partial

from .actions import ship_targets


def ship_like_tokens(game) -> list:
    """The special tokens that are ships now (``ship-like``, not settled as an emissary)."""
    kinds = game.ruleset.tokens
    return [t for t in game.special_tokens.values() if kinds.get(t.kind, {}).get("ship-like") and not t.data.get("fixed")]


def ship_like_cells(game) -> set:
    """The tiles where a ship-like token stands (a ship for every player)."""
    return {t.cell for t in ship_like_tokens(game)} if game.special_tokens else set()


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
    if added is not None and game.board.cells[added].face.prop_total("teleport"):
        radius = set(game.reach(added, "radius.teleport"))
    out = {}
    for token in sorted(tokens, key=lambda t: (t.cell, t.id)):
        here = token.cell
        on_teleport = here != added and game.board.cells[here].face.prop_total("teleport")
        if here not in radius and not (token.owner == me and on_teleport):
            continue
        for target, region, label in ship_targets(game, here, token.owner):
            text = f"teleport {token.kind} @{fmt(here)} to @{fmt(target)}" + (f" {label}" if label else "")
            out[text] = partial(_teleport, game, token.id, target, region)
    return out


def teleport_token(game, token, target, region: int) -> None:
    """The token goes to ``target`` as a teleported ship; its owner's skills settle what follows."""
    fmt = game.board.grid.format_cell
    origin, token.cell, token.data["region"] = token.cell, target, region
    game.note(f"{game.current.name} teleports {token.owner}'s {token.kind} from {fmt(origin)} to {fmt(target)}")
    game.emit("unit-moved", token.owner, player=token.owner, unit=token.kind, origin=origin, cell=target,
              teleported=True)


def _teleport(game, token_id: int, target, region: int) -> None:
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
    from .skill_targets import Target
    from .state import Ship

    placed = game.special_tokens.get(token.get("token"))
    if placed is None or placed.data.get("fixed") or not game.ruleset.tokens.get(placed.kind, {}).get("ship-like"):
        return []  # a token that settled as an emissary is no ship
    fmt, region = game.board.grid.format_cell, placed.data.get("region")
    reach = game.ship_destinations(placed.cell, Ship(placed.owner, placed.kind, region), int(steps))
    return [Target(f"@{fmt(cell)}", (("cell", cell), ("region", there), ("exmitted", game.exmitter_reach(cell)),
                                     ("enemy-near", bool(enemies_beside(game, cell, there, placed.owner)))))
            for cell, there in sorted(reach.items())]


def settle_places(game, player: str, place) -> list:
    """The parts of a chosen place's tile where a piece arriving there may become ``player``'s
    emissary, by the rules of an emissary arriving by teleport (NO-3.3.4): a planet or a nebula part
    that may hold an emissary, on a tile without one, not in a closed area another player controls."""
    from .actions import region_name
    from .skill_targets import Target

    cell = place.get("cell")
    if cell in game.emissaries or cell not in game.board.cells:
        return []
    regions, out = game.board.cells[cell].face.regions, []
    for index, region in enumerate(regions):
        if "emissary" not in region.holds or not (region.kind == "nebula" or region.prop("planet")):
            continue
        area = game.region_area(cell, index)
        if area is not None and area.closed and game.controller(area) not in (None, player):
            continue
        out.append(Target(region_name(regions, index), (("cell", cell), ("region", index), ("kind", region.kind))))
    return out


# -- effects ---------------------------------------------------------------------------------------
def move_token_as_ship(game, token, cell, region) -> None:
    """A ship-like token moved by its owner's skill: a ship's move, which areas of effect and the
    skills that start its battles hear (``unit-moved``)."""
    origin, token.cell = token.cell, cell
    if region is not None:
        token.data["region"] = region
    game.emit("unit-moved", token.owner, player=token.owner, unit=token.kind, origin=origin, cell=cell)


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

