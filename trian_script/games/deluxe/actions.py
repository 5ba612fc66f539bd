"""Deluxe's steps 2 and 3 as options (DX-3.2 to DX-3.12), and why others are refused. Texts and the
placing, sending and teleporting are New Order's (``expedition corvette @…`` is a launch); what may
be chosen is Deluxe's."""
from __future__ import annotations

from functools import partial

from ...mechanics.paths import reachable
from ..new_order import actions as no

PROMPTS = {"draw": "step 2: draw a tile", "place": "step 2: place the drawn tile",
           "exploration": "step 3: one action (a-h), or the trade outpost's extra actions"}


def options(game) -> dict:
    if game.phase in ("draw", "place"):
        return (no._draw if game.phase == "draw" else no._place)(game)
    extra = game.main_done  # DX-3.7: after an outpost, two more of b, c, g, h, each optional
    out = {**builds(game), **({} if extra else emissaries(game)), **({} if game.launched else launches(game)),
           **ship_moves(game), **teleports(game, jumps_only=extra)}
    if not extra:
        out["research"] = partial(_research, game)
    if extra or game.ruleset.value("action.pass"):
        out["pass"] = game.end_turn
    return out


def _research(game) -> None:  # DX-3.9
    vp = game.ruleset.value("research.vp")
    game.score(game.current.name, vp, "research", f"research = {vp} VP")
    game.action_done()


def _emissary_place(game, cell) -> bool:  # DX-3.4: no exmitter's reach, teleport or extractor tile
    face = game.board.cells[cell].face
    return not (game.exmitter_reach(cell) or face.prop_total("teleport") or cell in game.emissaries
                or (face.prop_total("extractor") and game.ruleset.value("extractor.forbids") == "tile"))


def emissaries(game) -> dict:
    """DX-3.4 (a), DX-3.7 (d): an emissary from the supply onto the tile placed this turn."""
    cell = game.placed_cell
    if cell is None or not game.current.supply["emissaries"] or not _emissary_place(game, cell):
        return {}
    return {f"expedition emissary @{game.board.grid.format_cell(cell)} {label}": partial(no.send_emissary, game, cell, i)
            for i, label in _regions(game, cell, "emissary")}


def builds(game) -> dict:
    """DX-3.5 (b), DX-3.6 (c): a station on one's (DX-7.4: a partner's) unguarded emissary in a controlled closed area."""
    me, fmt, out = game.current, game.board.grid.format_cell, {}
    for cell, emissary in sorted(game.emissaries.items()):
        level = no.NEXT_STATION.get(emissary.station)
        if level and game.side(emissary.player) == game.side(me.name) and me.supply[level + "s"] and not game.guard(cell) \
                and (area := game.region_area(cell, emissary.region)) and game.controller(area) == game.side(me.name) \
                and not (area.kind == "system" and set(no._at_least(level)) & set(no.stations_in(game, area))):
            out[f"build {level} @{fmt(cell)}"] = partial(_build, game, cell, level, area)
    return out


def _build(game, cell, level: str, area) -> None:
    game.current.supply[level + "s"] -= 1  # a space base goes on the station, which stays
    game.emissaries[cell].station = level
    game.note(f"{game.current.name} builds a {level} at {game.board.grid.format_cell(cell)}")
    if area.kind == "nebula":
        game.fill_nebula(area, game.ruleset.value(f"construction.nebula-minerals.{level}"))
    ship = game.ships.get(cell)
    if level == "space-station" and ship and not game.has_property(ship.kind, "blocks"):
        game.return_ship(cell)  # DX-3.6: a rogue there returns, no battle, no VP (a corvette stays)
    game.emit("station-built", game.current.name, player=game.current.name, level=level, kind=area.kind,
              tiles=len(area.tiles), emissaries=0, area=area.id)
    game.action_done()


def _barred_kinds(game, station: str) -> list[str]:  # DX-3.11: a station bars corvettes, a space base all
    return [k for k in game.kinds_with("ship") if station == "space-station" or game.has_property(k, "blocks")]


def barred(game, cell, kind: str) -> bool:
    emissary = game.emissaries.get(cell)
    if emissary is None or emissary.station is None or kind not in _barred_kinds(game, emissary.station):
        return False
    region = game.board.cells[cell].face.regions[emissary.region]
    return game.ruleset.value("station.bars") == "tile" or bool(region.prop("planet"))


def _regions(game, cell, unit: str, space_prefix: str = "") -> list[tuple[int, str]]:
    """(region, its name) where ``unit`` may stand; with a prefix, a plain "space" is written as ""."""
    regions = game.board.cells[cell].face.regions
    return [(i, "" if space_prefix and name == "space" else space_prefix + name) for i, r in enumerate(regions)
            if unit in r.holds for name in [no.region_name(regions, i)]]


def launches(game) -> dict:
    """DX-3.10 (g) (X): a ship onto the tile placed this turn; a launch never starts a battle."""
    cell, me = game.placed_cell, game.current
    if cell is None or cell in game.ships or game.exmitter_reach(cell):
        return {}
    near = [game.ships[c] for c in game.board.grid.neighbours(cell) if c in game.ships]
    armed_areas = {game.region_area(c, s.region).id for c, s in game.ships.items() if game.has_property(s.kind, "armed")}
    out = {}
    for kind in (k for k in game.kinds_with("ship") if me.supply[k + "s"]):
        armed = game.has_property(kind, "armed")
        stoppers = near if not armed or game.ruleset.value("launch.corvette-adjacent") == "any-ship" else \
            [s for s in near if not game.has_property(s.kind, "armed")]
        for region, label in ([] if stoppers else _regions(game, cell, "ship", " ")):
            if not (armed and game.region_area(cell, region).id in armed_areas):
                out[f"expedition {kind} @{game.board.grid.format_cell(cell)}{label}"] = partial(_launch, game, cell, kind, region)
    return out


def _launch(game, cell, kind: str, region: int) -> None:
    game.put_ship(game.current, cell, kind, region)
    game.launched = True
    game.note(f"{game.current.name} launches a {kind} at {game.board.grid.format_cell(cell)}")
    game.units_changed([cell], game.current.name)  # it may block an emissary there
    game.action_done()


def ship_moves(game) -> dict:  # DX-3.11 (h) (X)
    fmt, out = game.board.grid.format_cell, {}
    for cell, ship in sorted(game.ships.items()):
        if game.side(ship.player) == game.side(game.current.name):  # DX-7.4: a partner's ships too
            for target, (region, steps) in sorted(destinations(game, cell).items()):
                out[f"move ship @{fmt(cell)} to @{fmt(target)}"] = partial(_move, game, cell, target, region, steps)
    return out


def destinations(game, cell) -> dict:
    """target -> (region, steps) through outer space and own ships; beside an enemy it stops (DX-3.11)."""
    ship, rs = game.ships[cell], game.ruleset
    me = game.side(ship.player)

    def step(here, region):
        for other in game.board.grid.neighbours(here):
            if other in game.board.cells and not game.exmitter_reach(other) and not barred(game, other, ship.kind) \
                    and game.side(getattr(game.ships.get(other), "player", me)) == me \
                    and (linked := game.space_link(here, region, other)) is not None:
                yield other, linked

    budget = min(rs.value("ship.move"), rs.value("ship.move-per-turn") - game.ship_steps.get(cell, 0))
    return reachable(cell, ship.region, budget, step, lambda c: c not in game.ships,
                     lambda c, region: rs.value("battle.stops-move") and game.enemies_near(c, region, me))


def _move(game, cell, target, region, steps) -> None:
    game.ship_steps[target] = game.ship_steps.pop(cell, 0) + steps
    game.move_ship(cell, target, region)
    game.action_done()


def teleports(game, jumps_only: bool = False) -> dict:
    """DX-3.8 (e): a token beside the teleport placed this turn; DX-3.12: one's ship on a teleport."""
    fmt, me, cell = game.board.grid.format_cell, game.current.name, game.placed_cell
    movers = []
    if not jumps_only and cell is not None and game.board.cells[cell].face.prop_total("teleport"):
        for c in sorted(n for n in game.board.grid.neighbours(cell) if n in game.board.cells):
            e = game.emissaries.get(c)
            if e and e.station is None and not game.guard(c):
                movers.append(("emissary", c))
            if c in game.ships:
                movers.append(("ship", c))
    movers += [("ship", c) for c, s in sorted(game.ships.items()) if game.side(s.player) == game.side(me)
               and game.board.cells[c].face.prop_total("teleport") and ("ship", c) not in movers]
    out = {}
    for kind, origin in movers:
        for target, region, label in (_emissary_targets if kind == "emissary" else _ship_targets)(game, origin):
            out[f"teleport {kind} @{fmt(origin)} to @{fmt(target)}{label}"] = \
                partial(_teleport, game, kind, origin, target, region)
    return out


def _emissary_targets(game, origin) -> list:
    owner = game.side(game.emissaries[origin].player)
    return [(cell, i, " " + label) for cell in sorted(game.board.cells) if cell != origin and _emissary_place(game, cell)
            for i, label in _regions(game, cell, "emissary")
            if (area := game.region_area(cell, i)) is None or game.controller(area) in (None, owner)]


def _ship_targets(game, origin) -> list:
    kind = game.ships[origin].kind
    return [(cell, i, label) for cell in sorted(game.board.cells) if cell != origin and cell not in game.ships
            and not game.exmitter_reach(cell) and not barred(game, cell, kind)
            for i, label in _regions(game, cell, "ship", " ")]


def _teleport(game, kind: str, origin, target, region: int) -> None:
    no.teleport(game, kind, origin, target, region)
    owner = game.emissaries[target].player if kind == "emissary" else game.current.name
    if owner != game.current.name and game.side(owner) == game.side(game.current.name):
        no._outpost_bonus(game, target, region)  # DX-7.4: a partner's emissary is one's own (L332, L846)
    game.action_done()


# -- refusals ------------------------------------------------------------------------------------
NOT_IN_DELUXE = ("buy", "sell", "exchange", "declare", "reroll", "keep", "unlock", "end extraction", "gain", "take")
REFUSALS = (  # option text -> (rule, why); a why names in parentheses the other rules it may lean on
    (("withdraw", "keep emissaries"), "DX-4.3", "only the winner who closed an area takes emissaries back, as it scores"),
    ("expedition emissary", "DX-3.4", "onto the placed tile's planet, nebula or outpost (DX-3.7), from the card (DX-1.3); "
                                      "not on an extractor's tile (DX-4.7) nor in an exmitter's reach (DX-4.8)"),
    ("build research", "DX-3.5", "on your emissary, not blocked or protected (DX-4.9), in a closed area you control "
                                 "(DX-3.2.2); one per system"),
    ("build space", "DX-3.6", "on your research station in a closed area you control (DX-3.2.2); one per system"),
    ("teleport", "DX-3.8", "a teleport placed this turn moves a free token beside it (DX-4.9); a ship on one jumps (DX-3.12); "
                           "never onto an extractor's tile (DX-4.7), an exmitter's reach (DX-4.8) or another's area"),
    ("expedition", "DX-3.10", "onto the placed tile, from the card (DX-1.4), no ship beside it nor another corvette in its "
                              "outer space, not in an exmitter's reach (DX-4.8); once with an outpost (DX-3.7)"),
    ("move ship", "DX-3.11", "through outer space, 3 tiles a turn, past own ships only, never into an exmitter's reach "
                             "(DX-4.8); a battle ends it (DX-5.1)"),
    (("research", "pass"), "DX-3.3", "one action, research always possible; an outpost adds two of b, c, g, h (DX-3.7)"),
    (("place", "draw"), "DX-3.2.1", "a tile is drawn in step 2, once, and placed where it fits"),
    (NOT_IN_DELUXE, "DX-1", "no trade, credits, dice, tokens or skills in Deluxe; minerals come by themselves (DX-3.1.1)"),
)


def refusal(game, text: str) -> tuple[str, str]:
    if game.phase == "place" and text.startswith("place "):
        return no.refusal(game, text)[0], "DX-3.2.1"
    if game.phase in ("draw", "place") and not text.startswith(("draw", "place", "withdraw", *NOT_IN_DELUXE)):
        return f"'{text}' is not possible now: the four steps come in order ({PROMPTS[game.phase]})", "DX-3"
    return next(((why, rule) for prefix, rule, why in REFUSALS if text.startswith(prefix)),
                (f"'{text}' is not an option now ({PROMPTS.get(game.phase, game.phase)})", "DX-3"))
