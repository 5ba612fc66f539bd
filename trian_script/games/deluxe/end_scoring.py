"""Deluxe's end of game as a rule plugin (``deluxe.end-scoring``): cleanup, plundering, nebulas and
systems, minerals (DX-6.2 to DX-6.8, DX-7.2). Control is taken as it stood when the last turn
ended, before the cleanup (``end.cleanup = base-list``)."""
from __future__ import annotations

from collections import Counter

from ...mechanics import raid
from ...plugins.hookspecs import hookimpl
from ..new_order.actions import _touch


@hookimpl
def trian_final_scoring(game):
    game.tiebreak = {side: game.tiebreak_key(side) for side in game.side_names()}  # DX-6.8: before cleanup
    areas = [game.board.area(root) for root, t in sorted(game.board.forest.totals.items()) if t.closed]
    held = {a.id: game.controller(a) for a in areas if a.kind in ("nebula", "system")}
    cleanup(game, held)
    plunder(game, held)
    for area in areas:
        if held.get(area.id):
            (nebula if area.kind == "nebula" else system)(game, area, held[area.id])
    value, lying = game.ruleset.value("end.mineral-value"), game.ruleset.value("end.nebula-mineral-value")
    for side in game.side_names():
        count = sum(game.player(side).minerals.values())
        if count:
            game.score(side, count * value, "minerals", f"{count} minerals × {value} = {count * value} VP")
        owned = sum(sum(game.board.totals(a.id).minerals.values()) for a in areas if held.get(a.id) == side
                    and a.kind == "nebula")
        if owned and lying:
            game.score(side, owned * lying, "minerals", f"{owned} minerals in own nebulas × {lying} = {owned * lying} VP")


def cleanup(game, held: dict) -> None:
    """DX-6.2: emissaries on outposts, in open areas and in closed ones with no station or extractor
    leave; so do ships that can neither block nor plunder."""
    for cell in sorted(game.emissaries):
        e = game.emissaries[cell]
        area = game.region_area(cell, e.region)
        if area is None or not area.closed or not (area.props.get("extractor") or any(
                game.emissaries[c].station for c in game.emissaries_in(area))):
            game.return_emissary(cell)
    for cell in sorted(game.ships):
        if not (game.has_property(game.ships[cell].kind, "blocks") or game.has_property(game.ships[cell].kind, "plunders")):
            game.return_ship(cell)


def _stations(game, area, side) -> list[str]:
    return [game.emissaries[c].station for c in game.emissaries_in(area)
            if game.emissaries[c].station and game.side(game.emissaries[c].player) == side]


def nebula(game, area, side) -> None:
    """DX-6.4: tiles × levels, levels = extractors + each stack's top (RS 1, SB 2)."""
    rs = game.ruleset
    level = {"research-station": rs.value("level.research-station"), "space-station": rs.value("level.space-station")}
    if rs.value("level.stack") == "sum":
        level["space-station"] += level["research-station"]
    stations = _stations(game, area, side)
    extractors = area.props.get("extractor", 0)
    levels = extractors + sum(level[s] for s in stations)
    if levels:
        tiles = len(area.tiles)
        game.score(side, tiles * levels, "levels", f"nebula at {game.area_name(area)}: {tiles} tiles × {levels} levels "
                   f"({extractors} extractors + {stations.count('research-station')} RS + "
                   f"{stations.count('space-station')} SB) = {tiles * levels} VP")


def system(game, area, side) -> None:
    """DX-6.5: value (RS 4, SB 10) × (unblocked planets + counted emissaries)."""
    stations = _stations(game, area, side)
    if not stations:
        return
    value = game.ruleset.value("system." + ("space-station" if "space-station" in stations else "research-station"))
    planets = sum(_planets_on(game, cell, area.id) for cell in area.tiles if not game.planet_blocked(cell, area.id, side))
    counted = sum(1 for c in game.emissaries_in(area) if game.side(game.emissaries[c].player) == side
                  and not game.is_blocked(c) and (game.emissaries[c].station is None
                                                  or game.ruleset.value("system.count-stack-emissary")))
    amount = value * (planets + counted)
    game.score(side, amount, "planets", f"system at {game.area_name(area)}: ({planets} planets + {counted} emissaries)"
               f" × {value} = {amount} VP")


def _planets_on(game, cell, root) -> int:
    placed, find = game.board.cells[cell], game.board.forest.find
    return sum(r.prop("planet") for r, n in zip(placed.face.regions, placed.nodes) if n is not None and find(n) == root)


def _space_of(game, system_area) -> int | None:
    """DX-6.7: the outer-space area holding most of the system's planets (ties: the earliest tile)."""
    placed_at, votes, find = {c: i for i, c in enumerate(game.board.order)}, Counter(), game.board.forest.find
    for cell in sorted(system_area.tiles, key=placed_at.get):
        placed = game.board.cells[cell]
        paths = [r for r, n in zip(placed.face.regions, placed.nodes) if n is not None and find(n) == system_area.id]
        spaces = [(r, n) for r, n in zip(placed.face.regions, placed.nodes) if r.kind == "space" and n is not None]
        near = [n for r, n in spaces if any(_touch(r, p, game.board) for p in paths)] or [n for _, n in spaces]
        if near:
            votes[find(near[0])] += _planets_on(game, cell, system_area.id) + 1e-6 / (1 + placed_at[cell])
    return max(votes, key=votes.get) if votes else None


def plunder(game, held: dict) -> None:
    """DX-6.7 (X): per outer-space area, the sides with most corvettes raid the others' systems
    (``mechanics.raid``): level (RS 1, SB 2) × planets."""
    by_space: dict = {}
    for root, side in held.items():
        area = game.board.area(root)
        if side and area.kind == "system" and _stations(game, area, side):
            level = 2 if "space-station" in _stations(game, area, side) else 1
            by_space.setdefault(_space_of(game, area), []).append((area, side, level))
    for space, systems in sorted(by_space.items(), key=lambda kv: str(kv[0])):
        counts = Counter({side: 0 for side in game.side_names()})
        for cell, ship in game.ships.items():
            node = game.board.cells[cell].nodes[ship.region]
            if game.has_property(ship.kind, "plunders") and node is not None and game.board.forest.find(node) == space:
                counts[game.side(ship.player)] += 1
        values = [(side, level * area.props.get("planet", 0)) for area, side, level in systems]
        for (area, _, level), taken in zip(systems, raid.raids(counts, values)):
            if taken is None:
                continue
            victim, raiders, value, share = taken
            where = f"system at {game.area_name(area)}"
            game.score(victim, -value, "plunder", f"{where} plundered: {level} × {value // level} planets = -{value} VP")
            for side in raiders:
                game.score(side, share, "plunder", f"{victim}'s {where}: {value} / {len(raiders)} = {share} VP")
