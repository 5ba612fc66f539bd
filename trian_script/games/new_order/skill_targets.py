"""What a skill's action may choose among (``choose NAME from SOURCE [where CONDITION]``): the
sources of targets, each target with the words of its option text and the data a condition or an
effect reads (``stake.count``, ``target.outpost``).

A source is a function of the game and the owner; the list of sources is the vocabulary of choices
that ``trian validate`` checks and docs/skill-language.md lists.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

from .actions import region_name, teleport_targets


@dataclass(frozen=True)
class Target:
    """One thing to choose: ``text`` in the option, ``data`` for conditions and effects."""

    text: str
    data: tuple[tuple[str, object], ...]

    def get(self, key: str, default=None):
        return dict(self.data).get(key, default)


# source: (its shape, the data each of its targets carries)
SOURCES = {
    "mineral-sets": ("mineral-sets(COUNT)", ("count", "colours")),
    "movable-units": ("movable-units()", ("kind", "cell")),
    "teleport-targets": ("teleport-targets(UNIT)", ("cell", "region", "outpost")),
    "ship-places": ("ship-places()", ("cell", "region", "exmitted", "ship")),
    "tokens": ("tokens(KIND)", ("cell", "region", "exmitted", "ship")),
    "own-ships": ("own-ships()", ("kind", "cell", "region")),
    "colours-owned": ("colours-owned(COLOUR, …)", ("colour",)),
    "new-tile": ("new-tile()", ("cell", "region", "exmitted", "ship", "ship-near")),
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
        return [Target(f"@{fmt(cell)}", place(cell, None, "").data + (("ship-near", near),))]

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
        """The owner's special tokens of ``kind`` on the board, sorted by tile."""
        return [place(t.cell, t.data.get("region"), f"@{fmt(t.cell)}")
                for t in sorted(game.tokens_of(player, kind), key=lambda t: t.cell)]

    def own_ships():
        return [Target(f"@{fmt(cell)}", (("kind", "ship"), ("cell", cell), ("region", ship.region)))
                for cell, ship in sorted(game.ships.items()) if ship.player == player]

    def colours_owned(*colours):
        minerals = game.player(player).minerals
        return [Target(c, (("colour", c),)) for c in colours if minerals[c] > 0]

    return {"mineral-sets": mineral_sets, "movable-units": movable_units, "teleport-targets": teleport_targets_of,
            "ship-places": ship_places, "tokens": tokens, "own-ships": own_ships, "colours-owned": colours_owned,
            "new-tile": new_tile}


def target_effects(game, player: str, skill) -> dict:
    """The effects that act on chosen targets."""
    from .actions import teleport

    def teleport_unit(unit, target):
        teleport(game, unit.get("kind"), unit.get("cell"), target.get("cell"), target.get("region"))

    def put(kind, where):
        region = where.get("region")
        game.place_token(kind, player, where.get("cell"), **({} if region is None else {"region": region}))

    def move_ship(ship, where):
        game.move_ship(ship.get("cell"), where.get("cell"), where.get("region"))  # battles, control follow

    def token_on(where, kind):
        return bool(game.tokens_at(where.get("cell"), kind))

    return {"teleport": teleport_unit, "place": put, "move-ship": move_ship, "token-on": token_on}

