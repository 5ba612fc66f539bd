"""The legal options of each phase, as stable texts mapped to what they do, and why others are refused.

Functions without a leading underscore (``expeditions``, ``teleports``, ``teleport``,
``teleport_targets``, ``send_emissary``, ``build``, ``region_name``, ``protected``, ``stations_in``,
``enemy_station_areas``, ``withdrawals``, ``after_the_action``, ``without_forbidden``) are also the rules API that skill
plugins use; keep their signatures stable.

Option texts are the game's language for bots, people, scenario files and logs:
``buy mineral red``, ``exchange red+blue for green``, ``gain minerals``, ``end extraction``,
``draw 1``, ``place T13.4 b @(0,1,1) r2``, ``research``, ``expedition emissary @(0,1,1) planet``,
``build research-station @(0,1,1)``, ``pass``.
"""
from __future__ import annotations

import re
from functools import partial

from ...engine.options import Options
from ...mechanics import market

PROMPTS = {
    "extraction": "phase 1, extraction: trade, gain minerals, or end the phase",
    "gain": "take minerals from your nebulas",
    "draw": "phase 2, expansion: draw a tile",
    "place": "phase 2, expansion: place the drawn tile",
    "exploration": "phase 3, exploration: one action, or pass",
}
FACE_LETTERS = "ab"


def options(game) -> dict:
    phase = game.phase
    return without_forbidden(game, game.current.name, phase, _PHASES[phase](game))


def without_forbidden(game, player: str, phase: str, out: dict) -> dict:
    """Options that a plugin forbids (``trian_option_filter``: an entangled ship cannot move)."""
    hooks = game.hooks
    if "trian_option_filter" in hooks.unheard or not hooks.heard["trian_option_filter", phase]:
        return out  # the texts are not all written for nothing
    for forbidden in hooks.call("trian_option_filter", player, game=game, player=player, phase=phase,
                                options=tuple(out)):
        for text in forbidden or ():
            out.pop(text, None)
    return out


# -- phase 1 (NO-3.1) ------------------------------------------------------------------------
def _price(game, item: str, outpost: bool | None = None) -> int:
    """What ``item`` costs the current player (``outpost``: whether they have a trade outpost, when
    already known)."""
    me = game.current.name
    base = game.param(f"cost.{item}", me)
    if outpost is None:
        outpost = _has_outpost(game)
    return max(0, base - game.param("cost.outpost-discount", me)) if outpost else base


def _has_outpost(game) -> bool:
    """NO-3.1.1: an unblocked emissary of the player on a trade outpost."""
    me = game.current.name
    cells = game.board.cells
    for cell, emissary in game.emissaries.items():
        if emissary.player == me and cells[cell].face.regions[emissary.region].prop("outpost") \
                and not game.is_blocked(cell):
            return True
    return False


def _extraction(game) -> dict:
    upkeep = game.skills.action_options("upkeep")  # an obligation of the turn's start: the rest waits for it
    if upkeep:
        return upkeep
    me, out = game.current, {}
    outpost = _has_outpost(game)
    cost = _price(game, "mineral", outpost)
    if me.credits >= cost:
        colours = tuple(sorted(c for c, n in game.bag.items() if n > 0))
        out.update(game.kept(("buy", colours, cost), _buy_options, game, colours, cost))
    token_cost = _price(game, "combat-token", outpost)
    if me.credits >= token_cost and game.token_bag:
        out["buy token"] = partial(_buy_token, game, token_cost)
    give, take = game.param("exchange.give", me.name), game.param("exchange.take", me.name)
    holding = market.holding(me.minerals, give, take, game.bag)
    out.update(game.kept(("exchange", holding), _exchange_options, game, holding))
    if not game.gained and _entitlements(game, first=True):
        out["gain minerals"] = partial(_start_gain, game)
    out.update(game.skills.evolution_options())
    out.update(_skill_options(game, "extraction"))
    out["end extraction"] = partial(_set_phase, game, "draw")
    return out


def _skill_options(game, *phases) -> dict:
    """What skills (DSL actions) and plugins add to a phase."""
    out = {}
    me, skills, hooks = game.current.name, game.skills, game.hooks
    actions = skills.actions()
    for phase in phases:
        if (me, phase) in actions:  # (most phases of most players: no skill action)
            out.update(skills.action_options_for(me, phase))
        if "trian_options" not in hooks.unheard and hooks.heard["trian_options", phase]:
            for extra in hooks.call("trian_options", me, game=game, player=me, phase=phase):
                out.update(extra or {})
    return out


def _buy_options(game, colours: tuple, cost: int) -> dict:
    return {f"buy mineral {colour}": partial(_buy_mineral, game, colour, cost) for colour in colours}


def _exchange_options(game, holding: tuple) -> dict:
    take = holding[2]
    return {text: partial(_exchange, game, pair, colour, take) for text, (pair, colour) in market.exchanges_of(holding).items()}


def _buy_mineral(game, colour: str, cost: int) -> None:
    me = game.current
    game.move(colour, 1, "bag", f"minerals:{me.name}", "bought (NO-3.1.1)")
    game.score(me.name, -cost, "trade", f"bought 1 {colour} mineral for {cost}¢")


def _buy_token(game, cost: int) -> None:
    me = game.current
    game._draw_token(me)
    game.score(me.name, -cost, "trade", f"bought 1 combat token for {cost}¢")


def _exchange(game, pair, colour: str, take: int) -> None:
    me = game.current
    for c in pair:
        game.move(c, 1, f"minerals:{me.name}", "bag", "exchanged (NO-3.1.2)")
    game.move(colour, take, "bag", f"minerals:{me.name}", "exchanged (NO-3.1.2)")
    game.note(f"{me.name} exchanges {'+'.join(pair)} for {colour}" + (f" ×{take}" if take > 1 else ""))


def _entitlements(game, first: bool = False) -> list[tuple[int, int]]:
    """NO-3.1.3: (nebula root, minerals) for each closed nebula the player controls and may mine
    (``first``: only the first found, to know whether there is any)."""
    me = game.current.name
    out = []
    find, totals_of, cells = game.board.forest.find, game.board.forest.totals, game.board.cells
    # only an area holding one of the player's emissaries can be theirs: a few, whatever the board
    mine = {find(node) for cell, e in game.emissaries.items()
            if e.player == me and (node := cells[cell].nodes[e.region]) is not None}
    for root in sorted(mine):  # the board's order of areas: by root
        totals = totals_of[root]
        if totals.kind != "nebula" or not totals.closed or not any(n > 0 for n in totals.minerals.values()):
            continue
        area = game.board.area(root)
        if game.controller(area) != me:
            continue
        stations = [e.station for p, e in game.units_in(area) if p == me]
        amount = game.param("gain.space-station", me) if "space-station" in stations else \
            game.param("gain.research-station", me) if "research-station" in stations else \
            game.param("gain.extractor", me) if totals.props.get("extractor") else 0
        amount = min(amount, game.param("gain.max-per-nebula", me), sum(totals.minerals.values()))
        if amount:
            out.append((root, amount))
            if first:
                return out
    return out + _rogue_entitlements(game)


def _rogue_entitlements(game) -> list[tuple[int, int]]:
    """NO-3.1.4: each Rogue on a tile of a closed nebula with minerals takes from it, unless a gas
    cloud separates the Rogue's space from the nebula on that tile."""
    me, out = game.current.name, []
    for cell, ship in sorted(item for item in game.ships.items() if item[1].player == me):  # in the cells' order
        if not game.has_property(ship.kind, "gathers"):
            continue
        placed = game.board.cells[cell]
        regions = placed.face.regions
        for index, region in enumerate(regions):
            node = placed.nodes[index]
            if region.kind != "nebula" or node is None:
                continue
            totals = game.board.totals(node)
            if totals.closed and +totals.minerals and _touch(regions[ship.region], region, game.board):
                out.append((game.board.forest.find(node), game.param("gain.rogue", me, unit="rogue")))
    return out


def _touch(a, b, board) -> bool:
    """Whether two regions of a face meet along the boundary (no third region between them)."""
    n = board.grid.edges * board.k
    return any((p + 1) % n in b.positions or (p - 1) % n in b.positions for p in a.positions)


def _start_gain(game) -> None:
    game.gained = True
    game.pending_gain = _entitlements(game)
    game.phase = "gain"


def _gain(game) -> dict:
    root, _ = game.pending_gain[0]
    minerals = game.board.totals(root).minerals
    where = game.area_name(game.board.area(root))
    return {f"take {colour} from @{where}": partial(_take, game, root, colour)
            for colour in sorted(c for c, n in minerals.items() if n > 0)}


def _take(game, root: int, colour: str) -> None:
    game.move(colour, 1, f"area:{root}", f"minerals:{game.current.name}", "gained (NO-3.1.3)")
    game.note(f"{game.current.name} takes 1 {colour} mineral from a nebula")
    # this take is counted before the event, so a skill's bonus take queued by it stands apart
    _, left = game.pending_gain[0]
    if left - 1 and +game.board.totals(root).minerals:
        game.pending_gain[0] = (root, left - 1)
    else:
        game.pending_gain.pop(0)
    game.emit("minerals-gained", game.current.name, player=game.current.name, colour=colour, count=1,
              source="nebula", area=root)
    while game.pending_gain and not +game.board.totals(game.pending_gain[0][0]).minerals:
        game.pending_gain.pop(0)  # an earlier take emptied this nebula
    if not game.pending_gain:
        game.phase = "extraction"
    else:
        game.phase = "gain"


def _set_phase(game, phase: str) -> None:
    game.phase = phase


# -- phase 2 (NO-3.2) ------------------------------------------------------------------------
def _draw(game) -> dict:
    stacks = [i for i, s in enumerate(game.stacks) if s]
    return {f"draw {i + 1}": partial(game.draw, i) for i in stacks}


def _place(game) -> Options:
    """Every face, cell and rotation where the drawn tile fits; texts written when read."""
    tile = game.drawn
    entries = game.board.placements_of(tile.faces)
    return Options(entries, partial(_place_text, game, tile.id), partial(_place_apply, game),
                   partial(_place_parse, tile.id), kind="place", legal=partial(_place_legal, game))


def _place_legal(game, entry: tuple) -> bool:
    face, cell, rotation = entry
    pattern = game.board.frontier.get(cell)
    faces = game.drawn.faces
    return pattern is not None and face < len(faces) and rotation in faces[face].fits.get(pattern, ())


def _place_text(game, tile_id: str, entry: tuple) -> str:
    index, cell, rotation = entry
    return f"place {tile_id} {FACE_LETTERS[index]} @{game.board.grid.format_cell(cell)} r{rotation}"


def _place_apply(game, entry: tuple):
    return partial(game.place, *entry)


PLACE = re.compile(r"place (\S+) ([ab]) @\(([-\d,]+)\) r(\d+)")


def _place_parse(tile_id: str, text: str) -> tuple | None:
    match = PLACE.fullmatch(text)
    if match is None or match.group(1) != tile_id:
        return None
    try:
        cell = tuple(int(v) for v in match.group(3).split(","))
    except ValueError:
        return None
    return FACE_LETTERS.index(match.group(2)), cell, int(match.group(4))


# -- phase 3 (NO-3.3) ------------------------------------------------------------------------
def _exploration(game) -> dict:
    if game.actions_left <= 0:
        return {**_after_the_action_now(game), "pass": game.end_turn}
    out = {}
    if any(n > 0 for n in game.bag.values()):
        out["research"] = partial(_research, game)
    if not game.expedition_done and not game.actions_taken:  # an outpost's extra actions are research,
        out.update(expeditions(game))                          # construction, teleport, moving (NO-3.3.7)
    if not game.constructed:
        out.update(_constructions(game))
    out.update(_ship_moves(game))
    out.update(teleports(game))
    # phase 2 ends with the first phase-3 action: the more actions a trade outpost gives are phase-3
    # actions only, so phase-2 skills and tokens are not offered again (NO-3, NO-3.3.7)
    out.update(_skill_options(game, *(() if game.actions_taken else ("expansion",)),
                              "exploration", "exploration-free"))
    if game.pending_closed:
        out["resolve events"] = game.resolve_events
    out.update(withdrawals(game))
    out["pass"] = game.end_turn
    return out


def after_the_action(game) -> dict:
    """What a player may still do once the phase-3 action is taken: take emissaries back (NO-4.4)
    and use abilities that are not an action. With none, the turn ends by itself."""
    return {**withdrawals(game), **_skill_options(game, "exploration-free")}


def _after_the_action_now(game) -> dict:
    """``after_the_action``, as the end of the action listed it (``NewOrder._count_action``) when
    nothing happened since: the choice that ended the action is the last in the log."""
    known = game.__dict__.pop("_after_the_action", None)
    if known is not None and known[0] == len(game.log) and game.waiting is None:
        return known[1]
    return after_the_action(game)


def withdrawals(game) -> dict:
    """NO-4.4: after closing a nebula or a system on your turn where only your emissaries are, take
    any of them back; outer space keeps them (the rulebook gives this to nebulas and systems alone,
    p. 13). One that arrived after the closing was resolved may go back too, keeping the token it
    took ([DECISION] under NO-4.4). Another player's emissary there, even a blocked one, forbids it
    (p. 13: "if there are enemy units in the nebula or planetary system you're closing, they remain
    in place")."""
    me, fmt = game.current.name, game.board.grid.format_cell
    out = {}
    for root in game.resolved_closed:
        area = game.board.area(root)
        if area.kind not in ("nebula", "system") or not game.units_in(area) or _others_there(game, area, me):
            continue
        for cell in game.emissaries_in(area):
            emissary = game.emissaries[cell]
            if emissary.player == me and emissary.station is None:
                out[f"withdraw emissary @{fmt(cell)}"] = partial(_withdraw, game, cell, area)
    return out


def _others_there(game, area, me: str) -> bool:
    """Whether another player has an emissary in ``area``, blocked or not."""
    cells, find = game.board.cells, game.board.forest.find
    return any(e.player != me and cell in area.tiles and (node := cells[cell].nodes[e.region]) is not None
               and find(node) == area.id for cell, e in game.emissaries.items())


def _withdraw(game, cell, area) -> None:
    game.return_emissary(cell)  # control (and its token) is settled at the end of the turn


def _research(game) -> None:
    drawn = game.draw_minerals(1)
    game.current.minerals.update(drawn)
    game.note(f"{game.current.name} researches and draws a {next(iter(drawn))} mineral")
    game.action_done()


def expeditions(game) -> dict:
    """NO-3.3.2: a unit from the supply onto the tile added this turn (do not change the dict:
    while options are listed, skills that ask again get the same)."""
    return game.skills.once_per_listing("expeditions", _expeditions, game)


def _expeditions(game) -> dict:
    cell, me = game.placed_cell, game.current
    if cell is None or game.exmitter_reach(cell, me.name):
        return {}
    out = {}
    fmt = game.board.grid.format_cell(cell)
    regions = game.board.cells[cell].face.regions
    # a token that works as a teleport makes its tile a teleport tile: no emissary there (p. 29)
    if me.supply["emissaries"] and cell not in game.emissaries and not token_works_as(game, cell, "teleport"):
        for index, region in enumerate(regions):
            if "emissary" in region.holds:
                out[f"expedition emissary @{fmt} {region_name(regions, index)}"] = partial(send_emissary, game, cell, index)
    if not skill_pieces.ship_near(game, cell):  # a ship-like token is a ship (NO-3.3.2)
        for kind in game.kinds_with("ship"):
            if me.supply[kind + "s"]:
                for index, region in enumerate(regions):
                    if "ship" in region.holds:
                        name = region_name(regions, index)
                        out[f"expedition {kind} @{fmt}" + ("" if name == "space" else f" {name}")] = \
                            partial(_send_ship, game, cell, kind, index)
    return out


def region_name(regions, index: int) -> str:
    """``planet``, ``nebula``, ``outpost``…; numbered only when a face has two of the same."""
    # a face's regions never change (they belong to the ruleset): their names are worked out once
    known = _REGION_NAMES.get(id(regions))
    if known is None or known[0] is not regions:
        known = _REGION_NAMES[id(regions)] = (regions, [_region_name(regions, i) for i in range(len(regions))])
    return known[1][index]


_REGION_NAMES: dict[int, tuple] = {}  # id of a face's regions -> (those regions, their names)


def _region_name(regions, index: int) -> str:
    def name(region):
        props = [p for p, _ in region.props if p in ("planet", "outpost")]
        return props[0] if props else region.kind

    same = [i for i, r in enumerate(regions) if name(r) == name(regions[index])]
    return name(regions[index]) + (f"{same.index(index) + 1}" if len(same) > 1 else "")


def send_emissary(game, cell, region: int) -> None:
    game.expedition_done = True
    game.put_emissary(game.current, cell, region)
    game.note(f"{game.current.name} sends an emissary to {game.board.grid.format_cell(cell)}")
    game.emit("unit-placed", game.current.name, player=game.current.name, unit="emissary", cell=cell)
    _outpost_bonus(game, cell, region)
    game.units_changed([cell], game.current.name)
    game.action_done()


def _outpost_bonus(game, cell, region: int) -> None:
    """NO-3.3.7: an emissary arriving on a trade outpost gives more actions in this phase 3."""
    if game.board.cells[cell].face.regions[region].prop("outpost") and not game.is_blocked(cell):
        extra = game.param("outpost.extra-actions", game.current.name)
        game.actions_left += extra
        game.note(f"{game.current.name} reaches a trade outpost: {extra} more actions this phase")


def _send_ship(game, cell, kind: str, region: int) -> None:
    game.expedition_done = True
    game.put_ship(game.current, cell, kind, region)
    game.note(f"{game.current.name} sends a {kind} to {game.board.grid.format_cell(cell)}")
    game.emit("unit-placed", game.current.name, player=game.current.name, unit=kind, cell=cell)
    game.units_changed([cell], game.current.name)
    game.action_done()


def _ship_moves(game) -> dict:
    """NO-3.3.5: move one of your ships up to its range through outer space."""
    me = game.current.name
    out = {}
    for cell, ship in sorted(item for item in game.ships.items() if item[1].player == me):  # in the cells' order
        for target, region in sorted(game.ship_destinations(cell).items()):
            text, move = game.kept(("move", cell, target, region), _move_option, game, cell, target, region)
            out[text] = move
    return out


def _move_option(game, cell, target, region: int) -> tuple:
    fmt = game.board.grid.format_cell
    return f"move ship @{fmt(cell)} to @{fmt(target)}", partial(_move, game, cell, target, region)


def _move(game, cell, target, region) -> None:
    ship = game.ships[cell]
    ship.moved = game.count_steps(ship, cell, target)
    game.move_ship(cell, target, region)
    game.action_done()


def teleports(game) -> dict:
    """NO-3.3.4: with a teleport added this turn, move one unit from its radius elsewhere; a ship
    standing on a teleport may be teleported as the action of a later turn (do not change the
    dict: while options are listed, skills that ask again get the same)."""
    return game.skills.once_per_listing("teleports", _teleports, game)


def _teleports(game) -> dict:
    me, fmt = game.current.name, game.board.grid.format_cell
    sources: set = set()
    cell = game.placed_cell
    # the teleport added this turn moves 1 emissary or 1 ship (p. 11), even with an outpost's extra actions
    if cell is not None and game.board.cells[cell].face.prop_total("teleport") and not game.teleported:
        sources |= {c for c in game.reach(cell, "radius.teleport") if c in game.board.cells}
    movers = []
    for c in sorted(sources):
        emissary = game.emissaries.get(c)
        if emissary and emissary.station is None and not game.is_blocked(c) and not protected(game, c, me):
            movers.append(("emissary", c))
        if c in game.ships:
            movers.append(("ship", c))
    for c, ship in sorted(game.ships.items()):
        if ship.player != me or c == cell or c in game.arrived or ("ship", c) in movers:
            continue  # a ship that came onto a teleport this turn is teleported on a later turn (p. 12)
        # a teleport on the board teleports a ship that stands on it; a token that works as a
        # teleport (a Mobile Teleport) does the same (tile legend p. 29)
        if game.board.cells[c].face.prop_total("teleport") or token_works_as(game, c, "teleport"):
            movers.append(("ship", c))
    out = {}
    for kind, origin in movers:
        for target, region, label in teleport_targets(game, kind, origin):  # (a ship on a teleport: the same, turn after turn)
            from_radius = origin in sources  # the teleport added this turn moves 1 unit (NO-3.3.4)
            text, teleport = game.kept(("teleport", kind, origin, target, region, label, from_radius),
                                       _teleport_option, game, kind, origin, target, region, label, from_radius)
            out[text] = teleport
    out.update(skill_pieces.token_teleports(game))  # a ship-like token is teleported as a ship
    return out


def _teleport_option(game, kind: str, origin, target, region: int, label: str, from_radius: bool = False) -> tuple:
    fmt = game.board.grid.format_cell
    return (f"teleport {kind} @{fmt(origin)} to @{fmt(target)}" + (f" {label}" if label else ""),
            partial(_teleport_action, game, kind, origin, target, region, from_radius))


def teleport_targets(game, kind: str, origin) -> list:
    """(cell, region, label) where a unit on ``origin`` may be teleported to (NO-3.3.4)."""
    return _emissary_targets(game, origin) if kind == "emissary" else ship_targets(game, origin)


def protected(game, cell, me: str) -> bool:
    """NO-4.8: a player's own Corvette on its emissary's tile protects it from others' teleports."""
    emissary, ship = game.emissaries[cell], game.ships.get(cell)
    return emissary.player != me and ship is not None and game.has_property(ship.kind, "protects") \
        and ship.player == emissary.player


def _emissary_targets(game, origin) -> list:
    """Where any emissary of the owner of the one on ``origin`` may go: the same for each of
    them (the places of emissaries are taken), so worked out once while options are listed."""
    owner = game.emissaries[origin].player
    return game.skills.once_per_listing(("emissary-targets", owner), _emissary_destinations, game, owner)


def _emissary_destinations(game, owner: str) -> list:
    board = game.board
    # asked once, not per tile: where emissaries stand, the exmitters' reach, tokens working as teleports
    taken = {*game.emissaries, *game.exmitted_for(owner)}
    kinds = token_kinds(game.ruleset, "works-as", "teleport")
    taken |= {t.cell for kind in kinds for t in game.tokens_of_kind(kind)}
    out = []
    controllers: dict = {}  # area -> its controller, asked once per area (an area spans many tiles)
    barred = enemy_station_areas(game, owner)
    cells, find, totals = board.cells, board.forest.find, board.forest.totals
    for part in laid_parts(game, "emissary", _emissary_parts):
        cell, index, _ = part
        if cell in taken:
            continue
        node = cells[cell].nodes[index]
        if node is not None:
            root = find(node)
            if root in barred:
                continue
            if totals[root].closed:
                if root not in controllers:
                    controllers[root] = game.controller(board.area(root))
                if controllers[root] not in (None, owner):
                    continue
        out.append(part)
    return out


def laid_parts(game, piece: str, parts_of) -> list:
    """(cell, region, label) of the parts of every laid tile where a ``piece`` may arrive
    (``parts_of(face)``: (region, label) of a face), tile by tile in order: kept until a tile is
    laid (a laid tile never changes), since teleports ask for the whole board."""
    known = game.__dict__.get("_laid_parts")
    if known is None:
        known = game._laid_parts = {}
    cells = game.board.cells
    entry = known.get(piece)
    if entry is None or entry[0] != len(cells):
        entry = known[piece] = (len(cells), [(cell, index, label) for cell, placed in sorted(cells.items())
                                             for index, label in parts_of(placed.face)])
    return entry[1]


def _emissary_parts(face) -> list:
    """(region, name) of the parts of a face where an emissary may arrive by teleport: none on a
    face that shows a teleport or a Trian extractor (NO-3.3.4)."""
    return face.kept("emissary-parts", _emissary_parts_of)


def _emissary_parts_of(face) -> list:
    if face.prop_total("teleport") or face.prop_total("extractor"):
        return []
    return [(i, region_name(face.regions, i)) for i, r in enumerate(face.regions) if "emissary" in r.holds]


def token_works_as(game, cell, piece: str) -> bool:
    """Whether a special token on ``cell`` acts as a regular ``piece`` (a Mobile Teleport)."""
    kinds = token_kinds(game.ruleset, "works-as", piece)  # asked for every tile: most rulesets have none
    placed = game.tokens_by_kind
    return any(t.cell == cell for kind in kinds if kind in placed for t in placed[kind].values())


def token_kinds(ruleset, key: str, value=True) -> frozenset:
    """The kinds of special token whose definition says ``key = value`` (``works-as = teleport``,
    ``ship-like = true``): the ruleset never changes, so each question is answered once."""
    table = ruleset.__dict__.get("_token_kinds")
    if table is None:
        table = ruleset.__dict__["_token_kinds"] = {}
    kinds = table.get((key, value))
    if kinds is None:
        kinds = table[(key, value)] = frozenset(k for k, spec in ruleset.tokens.items() if spec.get(key) == value)
    return kinds


def ship_targets(game, origin, owner: str | None = None) -> list:
    """(cell, region, label) where a ship, or a piece that is one, may be teleported from
    ``origin`` (NO-3.3.4): a placed tile's outer space with no ship there (a race's ship-like token
    is a ship too), out of the reach of exmitters that act on ``owner`` (the ship's owner)."""
    from .skill_pieces import ship_like_cells

    owner = owner or game.ships[origin].player
    if origin in game.ships or origin in ship_like_cells(game):  # (always, but for a plugin's question)
        # the same for each of the owner's ships, whose places are taken: once while options are listed
        return game.skills.once_per_listing(("ship-targets", owner), _ship_destinations, game, owner)
    return [place for place in _ship_destinations(game, owner) if place[0] != origin]


def _ship_destinations(game, owner: str) -> list:
    from .skill_pieces import ship_like_cells

    # asked once, not per tile: where ships and ship-like tokens stand, the exmitters' reach
    taken = {*game.ships, *ship_like_cells(game), *game.exmitted_for(owner)}
    return [part for part in laid_parts(game, "ship", ship_parts) if part[0] not in taken]


def ship_parts(face) -> list:
    """(region, label) of the parts of a face where a ship stands: ``space`` is no label."""
    return face.kept("ship-parts", _ship_parts_of)


def _ship_parts_of(face) -> list:
    names = [region_name(face.regions, i) for i in range(len(face.regions))]
    return [(i, "" if names[i] == "space" else names[i]) for i, r in enumerate(face.regions) if "ship" in r.holds]


def _teleport_action(game, kind: str, origin, target, region: int, from_radius: bool = False) -> None:
    game.teleported = game.teleported or from_radius
    teleport(game, kind, origin, target, region)
    game.action_done()


def teleport(game, kind: str, origin, target, region: int) -> None:
    """Move the emissary or ship on ``origin`` to ``target`` (NO-3.3.4), with what follows."""
    fmt = game.board.grid.format_cell
    if kind == "emissary":
        emissary = game.emissaries.pop(origin)
        old = game.board.cells[origin].nodes[emissary.region]
        if old is not None:
            game.board.totals(old).units[(emissary.player, "emissaries")] -= 1
        emissary.region = region
        game.emissaries[target] = emissary
        new = game.board.cells[target].nodes[region]
        if new is not None:
            game.board.totals(new).units[(emissary.player, "emissaries")] += 1
        if emissary.player == game.current.name:
            _outpost_bonus(game, target, region)
        owner = emissary.player
    else:
        ship = game.ships.pop(origin)
        ship.region = region
        game.ships[target] = ship
        owner = ship.player
    game.note(f"{game.current.name} teleports {owner}'s {kind} from {fmt(origin)} to {fmt(target)}")
    unit = kind if kind == "emissary" else game.ships[target].kind
    game.emit("unit-moved", owner, player=owner, unit=unit, origin=origin, cell=target, teleported=True)
    # the player whose teleport caused a battle is the Attacker, also with an enemy's ship (NO-4.5);
    # pairs without any of their ships are fought by the teleported ship's owner
    me = game.current.name
    game.units_changed([origin, target], me, (owner,) if kind == "ship" and owner != me else ())


NEXT_STATION = {None: "research-station", "research-station": "space-station"}


def _constructions(game) -> dict:
    """NO-3.3.3: a station under one's own unblocked emissary in a closed area one controls."""
    fmt = game.board.grid.format_cell
    return {f"build {level} @{fmt(cell)}": partial(_build_action, game, cell, level, area)
            for cell, emissary, level, area in construction_sites(game, game.current.name)}


def construction_sites(game, player: str) -> list[tuple]:
    """(cell, emissary, station level, area) where ``player`` may build now (NO-3.3.3), by cell:
    under their unblocked emissary in a closed area they control, the next level's piece on the
    race board, one research station and one space station per system. Worked out once per
    listing (the construction options and the skills' ``constructions()`` ask it)."""
    if game.constructed:
        return []
    return game.skills.once_per_listing(("construction-sites", player), _construction_sites, game, player)


def _construction_sites(game, player: str) -> list[tuple]:
    supply, out = game.player(player).supply, []
    cells, find, totals = game.board.cells, game.board.forest.find, game.board.forest.totals
    for cell, emissary in sorted((c, e) for c, e in game.emissaries.items() if e.player == player):
        level = NEXT_STATION.get(emissary.station)  # the cheap questions first: most areas are open
        node = cells[cell].nodes[emissary.region]
        if level is None or node is None or not totals[root := find(node)].closed or not supply[level + "s"] \
                or game.is_blocked(cell):
            continue
        area = game.board.area(root)
        if game.controller(area) != player:
            continue
        if area.kind == "system" and any(station in _at_least(level) for station in stations_in(game, area)):
            continue  # a system holds one research station and one space station (NO-3.3.3)
        out.append((cell, emissary, level, area))
    return out


def enemy_station_areas(game, player: str) -> set[int]:
    """The areas (roots) holding a station of a player other than ``player``: p. 18, "enemy
    emissaries cannot remain in an area with a research station or a space station", also where
    the station's emissary is blocked and nobody controls the area."""
    find, cells = game.board.forest.find, game.board.cells
    return {find(node) for cell, e in game.emissaries.items()
            if e.station and e.player != player and (node := cells[cell].nodes[e.region]) is not None}


def may_arrive(game, area, player: str, barred: set) -> bool:
    """Whether ``player``'s emissary may arrive in ``area`` (None: a part in no area) by the rules of
    an emissary arriving by teleport (NO-3.3.4): not into a closed area another player controls, nor
    into one holding another player's station (``barred``: ``enemy_station_areas``, p. 18)."""
    return area is None or (area.id not in barred and not (area.closed and game.controller(area) not in (None, player)))


def stations_in(game, area) -> list[str]:
    """Every station standing in ``area``, blocked ones included: a blocked station still stands
    there, so it still fills the system's one place for its level (NO-3.3.3, NO-4.8)."""
    return [station for _, station in station_holders(game, area)]


def station_holders(game, area) -> list[tuple[str, str]]:
    """(owner, station) of every station standing in ``area``, blocked ones included, by cell."""
    return [(e.player, e.station) for c in game.emissaries_in(area) if (e := game.emissaries[c]).station]


def _at_least(level: str) -> tuple:
    return ("research-station", "space-station") if level == "research-station" else ("space-station",)


def _build_action(game, cell, level: str, area) -> None:
    build(game, cell, level, area)
    game.action_done()


def build(game, cell, level: str, area, reason: str = "") -> None:
    """Put a station of ``level`` under the emissary on ``cell`` (NO-3.3.3): the piece, the income,
    the nebula's minerals, the event, and blocked enemy emissaries sent home. It does not end the
    phase-3 action, so a skill may build twice in one construction."""
    me, rs = game.current, game.ruleset
    game.constructed = True
    emissary = game.emissaries[cell]
    me.supply[level + "s"] -= 1  # a space station goes on the research station, which stays
    emissary.station = level
    from .events import area_env

    env = area_env(game, area, me.name)
    formula = rs.formula(f"construction.{area.kind}") if area.kind in ("system", "nebula") else None
    amount = 0
    if formula is not None:
        amount = int(formula(env))
        game.score(me.name, amount, f"{level} in {area.kind}",
                   f"{formula.explain(env)} = {amount}¢" + (f" ({reason})" if reason else ""), env)
    if area.kind == "nebula":
        game.fill_nebula(area, rs.value(f"construction.nebula-minerals.{level}"))
    game.emit("station-built", me.name, player=me.name, level=level, kind=area.kind, tiles=env["tiles"],
              emissaries=env["emissaries"], area=area.id, cell=cell, income=amount)
    for other_cell in sorted(area.tiles):  # NO-3.3.3: blocked enemy emissaries go home
        other = game.emissaries.get(other_cell)
        # an emissary on a station stays to the end of the game (rulebook p. 9)
        if other and other.player != me.name and game.is_blocked(other_cell) and other.station is None:
            game.return_emissary(other_cell)


# -- refusals ------------------------------------------------------------------------------------
BATTLE_RULES = {"emissaries": "NO-4.6", "ships": "NO-4.5"}


def refusal(game, text: str) -> tuple[str, str]:
    """Why ``text`` is not an option now: (message, rule id)."""
    phase, me = game.phase, game.current
    battle = game.battle if getattr(game.battle, "kind", None) in BATTLE_RULES else None
    if battle is not None:  # while a battle waits, only its own choices are open
        rule, pick = BATTLE_RULES[battle.kind], battle.pick
        if pick is not None and pick.claims(text):  # a reroll, which emissary goes home
            return f"{pick.player} picks one of: {', '.join(pick.options)}", rule
        if text.startswith("declare"):
            return (f"{battle.decider} declares up to {game.param('battle.max-tokens', battle.decider)} combat "
                    "tokens they hold, or none", rule)
        if text.startswith("attack"):
            return "the Attacker picks one of its ships and an edge-adjacent enemy ship in the same outer space", rule
        return f"'{text}' is not an option while the battle goes on ({battle.prompt()})", rule
    if text.startswith("place ") and phase == "place":
        match = re.fullmatch(r"place (\S+) ([ab]) @\(([-\d,]+)\) r(\d+)", text)
        if not match:
            return f"cannot read '{text}'; write it like 'place {game.drawn.id} a @(0,0,1) r0'", "NO-3.2"
        tile_id, face, cell, rotation = match.groups()
        if tile_id != game.drawn.id:
            return f"the drawn tile is {game.drawn.id}, not {tile_id}", "NO-3.2.1"
        from ...board import PlacementError

        try:
            game.board.check(game.drawn.faces[FACE_LETTERS.index(face)], tuple(int(v) for v in cell.split(",")), int(rotation))
        except (PlacementError, ValueError) as err:
            return str(err).rsplit(" (", 1)[0], getattr(err, "rule", "NO-3.2.2")
    if text.startswith("buy") and phase == "extraction":
        item = "mineral" if text.startswith("buy mineral") else "combat-token"
        cost = _price(game, item)
        if me.credits < cost:
            return f"a {item.replace('-', ' ')} costs {cost}¢ and {me.name} has {me.credits}¢", "NO-3.1.1"
        return f"'{text}' cannot be bought: the bag has none left", "NO-3.1.1"
    if text.startswith("exchange") and phase == "extraction":
        give = game.ruleset.value("exchange.give")
        return f"an exchange returns {give} minerals of your supply for 1 of a colour in the bag", "NO-3.1.2"
    if text.startswith("unlock") and phase == "extraction":
        return (f"one module a turn, its side final: a universal side costs {game.param('evolution.universal', me.name)}¢, "
                f"a racial side {game.param('evolution.racial', me.name)}¢ ({me.name} has {me.credits}¢)", "NO-3.1.5")
    if text.startswith("draw ") and phase == "draw":
        return "a tile is drawn from a stack that still has tiles; with one stack empty, from the other", "NO-3.2.4"
    if text == "gain minerals" and phase == "extraction" and not game.gained:
        return ("minerals come from closed nebulas you control with a research station, space station or "
                "extractor there (an emissary alone gives nothing), and from Rogues", "NO-3.1.3")
    if text.startswith(("buy", "exchange", "gain")) and phase != "extraction":
        return f"trade and gaining minerals happen in phase 1; this is {PROMPTS[phase].split(':')[0]}", "NO-3"
    if text == "gain minerals" and game.gained:
        return "minerals are gained once per turn", "NO-3.1.3"
    if text.startswith("build"):
        return "a station goes under your own unblocked emissary in a closed area you control", "NO-3.3.3"
    if text.startswith("move ship") and phase == "exploration":
        return ("a ship moves up to its range in a turn, over all its moves, through outer space, never through "
                "nebulas, gas clouds or an exmitter's reach, nor onto or through a tile with a gas cloud or a Trian "
                "extractor (tile legend p. 29), and never ends where it started or on another ship", "NO-3.3.5")
    if text.startswith("teleport") and phase == "exploration":
        return ("teleportation moves one unit from the radius of a teleport added this turn (or your ship on a "
                "teleport) to an allowed place", "NO-3.3.4")
    if text.startswith("expedition") and phase == "exploration" and game.actions_taken and game.actions_left > 0:
        return ("the additional actions of a trade outpost are research, construction, teleportation or moving a "
                "ship, not an expedition", "NO-3.3.7")
    if text.startswith("expedition emissary") and game.placed_cell in game.emissaries:
        return "a tile holds at most one emissary", "NO-3.3.6"
    if text.startswith("expedition ") and not game.ruleset.value("ships") and text.split()[1] != "emissary":
        return ("the beginner game has no ships: they stay in the box, and an expedition (NO-3.3.2) places "
                "only what the supply holds"), "NO-6.1"
    if text.startswith("expedition ship") or text.startswith(("expedition corvette", "expedition rogue")):
        if game.placed_cell in game.ships:
            return "a tile holds at most one ship", "NO-3.3.6"
    if text.startswith("expedition"):
        return "an expedition places a unit from the supply on the tile added this turn, where that unit may stand", "NO-3.3.2"
    if text == "research" and phase == "exploration" and game.actions_left <= 0:
        return "phase 3 allows one action", "NO-3.3"
    if text == "research" and phase == "exploration" and not any(game.bag.values()):
        return "research draws a mineral from the bag, and the bag is empty", "NO-3.3.1"
    if text.startswith("withdraw") and phase == "exploration":
        return ("phase 3 (NO-3) offers to take an emissary back only to its owner, on the turn they closed its "
                "nebula or planetary system, where only their emissaries are", "NO-4.4")
    return f"'{text}' is not an option now ({PROMPTS[phase]})", "NO-3"


_PHASES = {"extraction": _extraction, "gain": _gain, "draw": _draw, "place": _place, "exploration": _exploration}


from . import skill_pieces  # noqa: E402 (last: ship-like tokens, whose module uses this one)
