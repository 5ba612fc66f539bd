"""Deluxe's end as a rule plugin (``deluxe.end-scoring``), DX-6.2 to DX-6.8 and DX-7.2: cleanup,
plundering, nebulas and systems, minerals; control as it stood when the last turn ended."""
from __future__ import annotations

from collections import Counter

from ...mechanics import raid
from ...plugins.hookspecs import hookimpl
from ..new_order.actions import _touch, station_holders


@hookimpl
def trian_final_scoring(game):
    rs = game.ruleset
    game.tiebreak = {side: game.tiebreak_key(side) for side in game.side_names()}  # DX-6.8: before cleanup
    areas = [game.board.area(root) for root, t in sorted(game.board.forest.totals.items()) if t.closed]
    held = {a.id: game.controller(a) for a in areas if a.kind != "space"}
    cleanup(game)
    raided = plunder(game, held)
    for area in (a for a in areas if held.get(a.id)):
        (nebula if area.kind == "nebula" else system)(game, area, held[area.id])
    for side in game.side_names():  # DX-6.6; DX-7.2: minerals lying in one's nebulas
        for count, value, what in ((game.player(side).minerals.total(), rs.value("end.mineral-value"), "minerals"),
                                   (sum(game.board.totals(a.id).minerals.total() for a in areas if held.get(a.id) == side),
                                    rs.value("end.nebula-mineral-value"), "minerals in own nebulas")):
            if count and value:
                game.score(side, count * value, "minerals", f"{count} {what} × {value} = {count * value} VP")
    # DX-6.2 (X), last (the cleanup changes no VP): a ship that blocks no emissary and whose side did not
    # plunder in its outer space goes home (L766, L782)
    ships_home(game, lambda c, s: not game.is_blocked(c) and (game.region_area(c, s.region).id, game.side(s.player))
               not in raided)


def cleanup(game) -> None:
    """DX-6.2: emissaries on outposts, in open areas without an extractor, in closed areas with no
    station or extractor (L411–415); ships that can neither block nor plunder (rogues)."""
    for cell in sorted(game.emissaries):
        area = game.region_area(cell, game.emissaries[cell].region)
        if area is None or not (area.props.get("extractor") or area.closed and _stations(game, area)):
            game.return_emissary(cell)
    ships_home(game, lambda c, s: not {"blocks", "plunders"} & game.piece_properties()[s.kind])


def ships_home(game, leaving) -> None:
    """The ships that ``leaving(cell, ship)`` names go back to their owners."""
    for cell in [c for c, s in sorted(game.ships.items()) if leaving(c, s)]:
        game.return_ship(cell)


def _stations(game, area, side=None) -> list[str]:
    return [station for owner, station in station_holders(game, area) if side in (None, game.side(owner))]


def nebula(game, area, side) -> None:
    """DX-6.4: tiles × levels, levels = extractors + each stack's top (RS 1, SB 2)."""
    rs, stations, extractors = game.ruleset, _stations(game, area, side), area.props.get("extractor", 0)
    sb = rs.value("level.space-station") + rs.value("level.research-station") * (rs.value("level.stack") == "sum")
    levels = extractors + stations.count("research-station") * rs.value("level.research-station") \
        + stations.count("space-station") * sb
    if levels:
        game.score(side, len(area.tiles) * levels, "levels", f"nebula at {game.area_name(area)}: {len(area.tiles)} "
                   f"tiles × {levels} levels ({extractors} extractors + {stations.count('research-station')} RS + "
                   f"{stations.count('space-station')} SB) = {len(area.tiles) * levels} VP")


def system(game, area, side) -> None:
    """DX-6.5: value (RS 4, SB 10) × (unblocked planets + counted emissaries)."""
    stations = _stations(game, area, side)
    if not stations:
        return
    value = game.ruleset.value("system." + ("space-station" if "space-station" in stations else "research-station"))
    planets = sum(_planets_on(game, cell, area.id) for cell in area.tiles if not game.planet_blocked(cell, area.id, side))
    counted = sum(1 for c in game.emissaries_in(area) if game.side((e := game.emissaries[c]).player) == side
                  and not game.is_blocked(c) and (not e.station or game.ruleset.value("system.count-stack-emissary")))
    game.score(side, value * (planets + counted), "planets", f"system at {game.area_name(area)}: ({planets} planets "
               f"+ {counted} emissaries) × {value} = {value * (planets + counted)} VP")


def _planets_on(game, cell, root) -> int:
    placed, find = game.board.cells[cell], game.board.forest.find
    return sum(r.prop("planet") for r, n in zip(placed.face.regions, placed.nodes) if n is not None and find(n) == root)


def _space_of(game, system_area):
    """DX-6.7: the outer-space area holding most of the system's planets (ties: the earliest tile)."""
    age, votes, find = {c: i for i, c in enumerate(game.board.order)}, Counter(), game.board.forest.find
    for cell in system_area.tiles:
        placed = game.board.cells[cell]
        paths = [r for r, n in zip(placed.face.regions, placed.nodes) if n is not None and find(n) == system_area.id]
        spaces = [(r, n) for r, n in zip(placed.face.regions, placed.nodes) if r.kind == "space" and n is not None]
        spaces = [n for r, n in spaces if any(_touch(r, p, game.board) for p in paths)] or [n for _, n in spaces]
        if spaces:
            votes[find(spaces[0])] += _planets_on(game, cell, system_area.id) + 1e-6 / (1 + age[cell])
    return max(votes, key=votes.get) if votes else None


def plunder(game, held: dict) -> set:
    """DX-6.7 (X): per outer space the sides with most corvettes raid others' systems; returns who raided where."""
    fleets = raid.tally((game.region_area(c, s.region).id, game.side(s.player)) for c, s in game.ships.items()
                        if game.has_property(s.kind, "plunders"))
    by_space, raided = {}, set()
    for root, side in held.items():
        area = game.board.area(root)
        if side and area.kind == "system" and _stations(game, area, side):
            level = 2 if "space-station" in _stations(game, area, side) else 1
            by_space.setdefault(_space_of(game, area), []).append((area, side, level))
    for space, systems in sorted(by_space.items(), key=lambda item: str(item[0])):
        counts = {**dict.fromkeys(game.side_names(), 0), **fleets.get(space, {})}
        values = [(side, level * area.props.get("planet", 0)) for area, side, level in systems]
        for (area, _, level), taken in zip(systems, raid.raids(counts, values)):
            if taken:
                victim, raiders, value, share = taken
                raided |= {(space, side) for side in raiders}
                where = f"system at {game.area_name(area)}"
                game.score(victim, -value, "plunder", f"{where} plundered: {level} × {value // level} planets = -{value} VP")
                for side in raiders:
                    game.score(side, share, "plunder", f"{victim}'s {where}: {value} / {len(raiders)} = {share} VP")
    if game.ruleset.value("plunder.tie") == "ships-home":  # all tied: "the ships return" (L780), before systems
        tied = raid.stalemates(fleets, game.side_names())
        ships_home(game, lambda c, s: game.region_area(c, s.region).id in tied)
    return raided
