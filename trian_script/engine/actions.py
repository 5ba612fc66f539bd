"""The legal options of each phase, as stable texts mapped to what they do, and why others are refused.

Option texts are the game's language for bots, people, scenario files and logs:
``buy mineral red``, ``exchange red+blue for green``, ``gain minerals``, ``end extraction``,
``draw 1``, ``place T13.4 b @(0,1,1) r2``, ``research``, ``expedition emissary @(0,1,1) planet``,
``build research-station @(0,1,1)``, ``pass``.
"""
from __future__ import annotations

import re
from functools import partial
from itertools import combinations_with_replacement

PROMPTS = {
    "extraction": "phase 1, extraction: trade, gain minerals, or end the phase",
    "gain": "take minerals from your nebulas",
    "draw": "phase 2, expansion: draw a tile",
    "place": "phase 2, expansion: place the drawn tile",
    "exploration": "phase 3, exploration: one action, or pass",
}
FACE_LETTERS = "ab"


def options(game) -> dict:
    return {"extraction": _extraction, "gain": _gain, "draw": _draw, "place": _place,
            "exploration": _exploration}[game.phase](game)


# -- phase 1 (NO-3.1) ------------------------------------------------------------------------
def _price(game, item: str) -> int:
    base = game.ruleset.value(f"cost.{item}")
    return max(0, base - game.ruleset.value("cost.outpost-discount")) if _has_outpost(game) else base


def _has_outpost(game) -> bool:
    """NO-3.1.1: an unblocked emissary of the player on a trade outpost."""
    me = game.current.name
    for cell, emissary in game.emissaries.items():
        if emissary.player == me and not game.is_blocked(cell):
            region = game.board.cells[cell].face.regions[emissary.region]
            if region.prop("outpost"):
                return True
    return False


def _extraction(game) -> dict:
    me, out = game.current, {}
    cost = _price(game, "mineral")
    if me.credits >= cost:
        for colour in sorted(c for c, n in game.bag.items() if n > 0):
            out[f"buy mineral {colour}"] = partial(_buy_mineral, game, colour, cost)
    token_cost = _price(game, "combat-token")
    if me.credits >= token_cost and game.token_bag:
        out["buy token"] = partial(_buy_token, game, token_cost)
    give = game.ruleset.value("exchange.give")
    owned = sorted(c for c, n in me.minerals.items() if n > 0)
    for pair in combinations_with_replacement(owned, give):
        if all(me.minerals[c] >= pair.count(c) for c in pair):
            for colour in sorted(c for c, n in game.bag.items() if n > 0):
                out[f"exchange {'+'.join(pair)} for {colour}"] = partial(_exchange, game, pair, colour)
    if not game.gained and _entitlements(game):
        out["gain minerals"] = partial(_start_gain, game)
    out["end extraction"] = partial(_set_phase, game, "draw")
    return out


def _buy_mineral(game, colour: str, cost: int) -> None:
    me = game.current
    game.bag[colour] -= 1
    me.minerals[colour] += 1
    game.score(me.name, -cost, "trade", f"bought 1 {colour} mineral for {cost}¢")


def _buy_token(game, cost: int) -> None:
    me = game.current
    game._draw_token(me)
    game.score(me.name, -cost, "trade", f"bought 1 combat token for {cost}¢")


def _exchange(game, pair, colour: str) -> None:
    me = game.current
    for c in pair:
        me.minerals[c] -= 1
        game.bag[c] += 1
    game.bag[colour] -= 1
    me.minerals[colour] += 1
    game.note(f"{me.name} exchanges {'+'.join(pair)} for {colour}")


def _entitlements(game) -> list[tuple[int, int]]:
    """NO-3.1.3: (nebula root, minerals) for each closed nebula the player controls and may mine."""
    me, rs = game.current.name, game.ruleset
    out = []
    for root, totals in game.board.forest.totals.items():
        if totals.kind != "nebula" or not totals.closed or not +totals.minerals:
            continue
        area = game.board.area(root)
        if game.controller(area) != me:
            continue
        stations = [e.station for p, e in game.units_in(area) if p == me]
        amount = rs.value("gain.space-station") if "space-station" in stations else \
            rs.value("gain.research-station") if "research-station" in stations else \
            rs.value("gain.extractor") if totals.props.get("extractor") else 0
        amount = min(amount, rs.value("gain.max-per-nebula"), sum(totals.minerals.values()))
        if amount:
            out.append((root, amount))
    return out


def _start_gain(game) -> None:
    game.gained = True
    game.pending_gain = _entitlements(game)
    game.phase = "gain"


def _gain(game) -> dict:
    root, _ = game.pending_gain[0]
    minerals = game.board.forest.totals[root].minerals
    where = game.area_name(game.board.area(root))
    return {f"take {colour} from @{where}": partial(_take, game, root, colour)
            for colour in sorted(c for c, n in minerals.items() if n > 0)}


def _take(game, root: int, colour: str) -> None:
    game.board.forest.totals[root].minerals[colour] -= 1
    game.current.minerals[colour] += 1
    game.note(f"{game.current.name} takes 1 {colour} mineral from a nebula")
    root, left = game.pending_gain[0]
    left -= 1
    if left and +game.board.forest.totals[root].minerals:
        game.pending_gain[0] = (root, left)
    else:
        game.pending_gain.pop(0)
    if not game.pending_gain:
        game.phase = "extraction"


def _set_phase(game, phase: str) -> None:
    game.phase = phase


# -- phase 2 (NO-3.2) ------------------------------------------------------------------------
def _draw(game) -> dict:
    stacks = [i for i, s in enumerate(game.stacks) if s]
    return {f"draw {i + 1}": partial(game.draw, i) for i in stacks}


def _place(game) -> dict:
    tile, fmt = game.drawn, game.board.grid.format_cell
    out = {}
    for index, face in enumerate(tile.faces):
        for cell, rotation in game.board.placements(face):
            out[f"place {tile.id} {FACE_LETTERS[index]} @{fmt(cell)} r{rotation}"] = partial(game.place, index, cell, rotation)
    return out


# -- phase 3 (NO-3.3) ------------------------------------------------------------------------
def _exploration(game) -> dict:
    out = {}
    if +game.bag:
        out["research"] = partial(_research, game)
    out.update(_expeditions(game))
    out.update(_constructions(game))
    if game.pending_closed:
        out["resolve events"] = game.resolve_events
    out.update(_withdrawals(game))
    out["pass"] = game.end_turn
    return out


def _withdrawals(game) -> dict:
    """NO-4.4: after closing an area on your turn where only your emissaries are, take any back."""
    me, fmt = game.current.name, game.board.grid.format_cell
    out = {}
    for root in game.resolved_closed:
        area = game.board.area(root)
        units = game.units_in(area)
        if not units or any(player != me for player, _ in units):
            continue
        for cell in sorted(area.tiles):
            emissary = game.emissaries.get(cell)
            if emissary and emissary.player == me and emissary.station is None:
                out[f"withdraw emissary @{fmt(cell)}"] = partial(_withdraw, game, cell, area)
    return out


def _withdraw(game, cell, area) -> None:
    game.return_emissary(cell)
    game.update_control(game.board.area(area.id))


def _research(game) -> None:
    drawn = game.draw_minerals(1)
    game.current.minerals.update(drawn)
    game.note(f"{game.current.name} researches and draws a {next(iter(drawn))} mineral")
    game.action_done()


def _expeditions(game) -> dict:
    """NO-3.3.2: a unit from the supply onto the tile added this turn."""
    cell, me = game.placed_cell, game.current
    if cell is None or _in_exmitter_reach(game, cell):
        return {}
    out = {}
    fmt = game.board.grid.format_cell(cell)
    regions = game.board.cells[cell].face.regions
    if me.supply["emissaries"] and cell not in game.emissaries:
        for index, region in enumerate(regions):
            if "emissary" in region.holds:
                out[f"expedition emissary @{fmt} {_region_name(regions, index)}"] = partial(_send_emissary, game, cell, index)
    if cell not in game.ships and not any(n in game.ships for n in game.board.grid.neighbours(cell)):
        for kind in ("corvette", "rogue"):
            if me.supply[kind + "s"]:
                for index, region in enumerate(regions):
                    if "ship" in region.holds:
                        name = _region_name(regions, index)
                        out[f"expedition {kind} @{fmt}" + ("" if name == "space" else f" {name}")] = \
                            partial(_send_ship, game, cell, kind, index)
    return out


def _region_name(regions, index: int) -> str:
    """``planet``, ``nebula``, ``outpost``…; numbered only when a face has two of the same."""
    def name(region):
        props = [p for p, _ in region.props if p in ("planet", "outpost")]
        return props[0] if props else region.kind

    same = [i for i, r in enumerate(regions) if name(r) == name(regions[index])]
    return name(regions[index]) + (f"{same.index(index) + 1}" if len(same) > 1 else "")


def _in_exmitter_reach(game, cell) -> bool:
    """NO-3.3.2: never on an exmitter tile or a tile in an exmitter's radius."""
    reach = game.ruleset.value("radius.exmitter")
    grid = game.board.grid
    near = grid.neighbours(cell) if reach == "edge" else grid.touching(cell)
    for other in (cell, *near):
        placed = game.board.cells.get(other)
        if placed and placed.face.prop_total("exmitter"):
            return True
    return False


def _send_emissary(game, cell, region: int) -> None:
    game.put_emissary(game.current, cell, region)
    game.note(f"{game.current.name} sends an emissary to {game.board.grid.format_cell(cell)}")
    area = game.region_area(cell, region)
    if area is not None and area.closed:
        game.update_control(area)
    game.action_done()


def _send_ship(game, cell, kind: str, region: int) -> None:
    game.put_ship(game.current, cell, kind, region)
    game.note(f"{game.current.name} sends a {kind} to {game.board.grid.format_cell(cell)}")
    game.action_done()


def _constructions(game) -> dict:
    """NO-3.3.3: a station under one's own unblocked emissary in a closed area one controls."""
    me, fmt = game.current, game.board.grid.format_cell
    out = {}
    for cell, emissary in sorted(game.emissaries.items()):
        if emissary.player != me.name or game.is_blocked(cell):
            continue
        area = game.region_area(cell, emissary.region)
        if area is None or not area.closed or game.controller(area) != me.name:
            continue
        level = {None: "research-station", "research-station": "space-station"}.get(emissary.station)
        if level is None or not me.supply[level + "s"]:
            continue
        if area.kind == "system" and any(e.station in _at_least(level) for _, e in game.units_in(area)):
            continue  # a system holds one research station and one space station (NO-3.3.3)
        out[f"build {level} @{fmt(cell)}"] = partial(_build, game, cell, level, area)
    return out


def _at_least(level: str) -> tuple:
    return ("research-station", "space-station") if level == "research-station" else ("space-station",)


def _build(game, cell, level: str, area) -> None:
    me, rs = game.current, game.ruleset
    emissary = game.emissaries[cell]
    me.supply[level + "s"] -= 1
    if emissary.station:
        me.supply[emissary.station + "s"] += 1  # the research station comes back when upgraded
    emissary.station = level
    from .events import area_env

    env = area_env(game, area)
    formula = rs.formula(f"construction.{area.kind}") if area.kind in ("system", "nebula") else None
    if formula is not None:
        amount = int(formula(env))
        game.score(me.name, amount, f"{level} in {area.kind}", f"{formula.explain(env)} = {amount}¢")
    if area.kind == "nebula":
        game.fill_nebula(area, rs.value(f"construction.nebula-minerals.{level}"))
    for other_cell in sorted(area.tiles):  # NO-3.3.3: blocked enemy emissaries go home
        other = game.emissaries.get(other_cell)
        if other and other.player != me.name and game.is_blocked(other_cell):
            game.return_emissary(other_cell)
    game.action_done()


# -- refusals ------------------------------------------------------------------------------------
def refusal(game, text: str) -> tuple[str, str]:
    """Why ``text`` is not an option now: (message, rule id)."""
    phase, me = game.phase, game.current
    if text.startswith("place ") and phase == "place":
        match = re.fullmatch(r"place (\S+) ([ab]) @\(([-\d,]+)\) r(\d+)", text)
        if not match:
            return f"cannot read '{text}'; write it like 'place {game.drawn.id} a @(0,0,1) r0'", "NO-3.2"
        tile_id, face, cell, rotation = match.groups()
        if tile_id != game.drawn.id:
            return f"the drawn tile is {game.drawn.id}, not {tile_id}", "NO-3.2.1"
        from ..board import PlacementError

        try:
            game.board.check(game.drawn.faces[FACE_LETTERS.index(face)], tuple(int(v) for v in cell.split(",")), int(rotation))
        except (PlacementError, ValueError) as err:
            return str(err).rsplit(" (", 1)[0], getattr(err, "rule", "NO-3.2.2")
    if text.startswith("buy mineral"):
        cost = _price(game, "mineral")
        if me.credits < cost:
            return f"a mineral costs {cost}¢ and {me.name} has {me.credits}¢", "NO-3.1.1"
    if text.startswith(("buy", "exchange", "gain")) and phase != "extraction":
        return f"trade and gaining minerals happen in phase 1; this is {PROMPTS[phase].split(':')[0]}", "NO-3"
    if text == "gain minerals" and game.gained:
        return "minerals are gained once per turn", "NO-3.1.3"
    if text.startswith("build"):
        return "a station goes under your own unblocked emissary in a closed area you control", "NO-3.3.3"
    if text.startswith("expedition"):
        return "an expedition places a unit from the supply on the tile added this turn, where that unit may stand", "NO-3.3.2"
    if text == "research" and phase == "exploration" and game.actions_left <= 0:
        return "phase 3 allows one action", "NO-3.3"
    return f"'{text}' is not an option now ({PROMPTS[phase]})", "NO-3"
