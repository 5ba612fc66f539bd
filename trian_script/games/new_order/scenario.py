"""Scripted rules tests: set up a position, play scripted choices, check expectations.

A scenario is a DSL block (see ``schemas/scenario.schema.json``)::

    scenario nebula_with_emissary "NO-7: 3 tiles + 1 emissary = 4¢ and 4 minerals" {
      covers NO-4.2, NO-7
      ruleset = beginner
      lay N1 @(0,0,1) r0                     # tiles laid, by face name, cell and rotation
      put red emissary @(0,0,1) nebula       # units (and `put minerals @cell red 2`)
      draws = [T13]                          # forced draws, dice, mineral-draws, token-draws
      choose "end extraction"                # the script: option texts
      refuse "buy mineral red" "NO-3.1.1"    # refused, with the rule, and nothing changes
      expect credits.red == 14               # a formula over the state
      expect-option "pass"
    }

A failing step raises ScenarioFailure naming the step's line, what was expected, what the state
is, and the score explanations, which is what pytest shows.
"""
from __future__ import annotations

import copy
import fnmatch
import inspect
import re
from collections import Counter
from dataclasses import dataclass

from ...board import PlacementError
from ...dsl.diagnostics import Position
from ...dsl.expressions import FormulaError, compile_formula
from .actions import region_name
from .game import Game, IllegalChoice
from ...engine.ruleset import load_ruleset
from .state import UNIT_KINDS

UNITS = {"emissary", "research-station", "space-station", "corvette", "rogue"}
# the pieces a put station stands on, from the bottom: an emissary, then the stations below it
STACKS = {"emissary": ("emissary",), "research-station": ("emissary", "research-station"),
          "space-station": ("emissary", "research-station", "space-station")}


class ScenarioFailure(AssertionError):
    def __init__(self, position: Position, message: str, details: list[str] | None = None):
        super().__init__(message)
        self.position, self.message, self.details = position, message, details or []

    def render(self) -> str:
        return "\n".join([f"{self.position}: {self.message}", *self.details])


@dataclass
class Step:
    index: int
    do: str
    args: list
    formula: str
    position: Position


def run_scenario(defs, name: str) -> Game | None:
    """Run the scenario ``name`` of loaded definitions; returns the game at its end (None when its
    setup was refused, as a ``refuse-setup`` step expects)."""
    block = defs.blocks["scenario"][name]
    d = block.definition
    cache = defs.__dict__.setdefault("_rulesets", {})  # scenarios of one file share their rulesets
    key = (d.get("ruleset", "new_order"), d.get("tileset"))
    if key not in cache:
        cache[key] = load_ruleset(key[0], defs=defs)
        if key[1] is not None:
            cache[key] = _with_tileset(cache[key], key[1], defs, block.source.find(("tileset",)))
    ruleset = cache[key]
    refusal = next((i for i, step in enumerate(d["steps"]) if step["do"] == "refuse-setup"), None)
    refused_by = str((d["steps"][refusal].get("args") or [""])[0]) if refusal is not None else ""
    try:
        game = Game(ruleset, d.get("seats", ["red", "blue"]), d.get("seed", 0), d.get("races"), d.get("teams"))
    except IllegalChoice as err:
        if refusal is not None:
            return _setup_refused(err, refused_by, block.source.find(("steps", refusal)))
        hint = " (a race of your own: give its file to pytest with --trian-content PATH)" \
            if "unknown race" in str(err) else ""
        raise ScenarioFailure(block.source.find(("teams" if "teams" in d else "races",)),
                              f"cannot set the game up: {err}{hint}") from None
    if refusal is not None:
        raise ScenarioFailure(block.source.find(("steps", refusal)), f"expected the setup to be refused"
                              f"{' by ' + refused_by if refused_by else ''}, but the game was set up")
    _refuse_absent_words(game, d, block.source)
    support = _support(game)  # a game other than New Order says how its positions are set up
    (support.setup if support else _setup)(game, d, block.source.find(()))
    game.checkpoint()  # the scripted position is where undo and a failed choice go back to
    runners = {**RUNNERS, **support.RUNNERS} if support else RUNNERS
    for i, raw in enumerate(d["steps"]):
        step = Step(i, raw["do"], raw.get("args", []), raw.get("formula", ""), block.source.find(("steps", i)))
        # a pick the step is not about (a reroll, which emissary goes) gets the answer the engine gave
        # before it was a player's, so scenarios written then still hold
        game.answer_unscripted(str(step.args[0]) if step.do in SCRIPTED and step.args else None)
        runners[step.do](game, step)
    return game


def _setup_refused(err: IllegalChoice, rule: str, where: Position) -> None:
    """``refuse-setup "GR-1.3"``: the settings were refused, by that rule if one is named."""
    if rule and rule != err.rule and rule not in str(err):
        raise ScenarioFailure(where, f"the setup was refused, but not by {rule}", [f"refused with: {err}"])


def _with_tileset(ruleset, name: str, defs, where: Position):
    """``ruleset`` playing the tileset ``name`` (a scenario's own test faces and tiles, usually a
    tileset of the scenario's file that ``extends`` the game's)."""
    import dataclasses
    import hashlib

    from ...board.faces import FaceError
    from ...board.tileset import compile_tileset, merged_definition
    from ...dsl.diagnostics import did_you_mean

    tilesets = defs.definitions("tileset")
    if name not in tilesets:
        raise ScenarioFailure(where, f"tileset = {name}: no tileset of that name",
                              [did_you_mean(name, tilesets) or f"tilesets: {', '.join(sorted(tilesets))}"])
    try:
        tileset = compile_tileset(merged_definition(name, tilesets))
    except FaceError as err:
        raise ScenarioFailure(where, f"tileset = {name}: {err}", [err.hint] if err.hint else []) from None
    digest = hashlib.sha256(f"{ruleset.hash}/{name}/{sorted(tileset.faces)}".encode()).hexdigest()[:12]
    return dataclasses.replace(ruleset, tileset=tileset, hash=digest, source=None)


def _support(game):
    """The module that sets up and reads scenarios of ``game``'s class (its ``SCENARIO``), or None."""
    name = getattr(game, "SCENARIO", None)
    if name is None:
        return None
    import importlib

    return importlib.import_module(name)


def _refuse_absent_words(game, d: dict, source) -> None:
    """A game names the words of other games it has not (``SCENARIO_ABSENT``: a game without credits,
    combat tokens or skills); a scenario that uses one in a setting or an expectation is refused."""
    absent = getattr(game, "SCENARIO_ABSENT", ())
    words = re.compile(r"\b(" + "|".join(map(re.escape, absent)) + r")\b\s*[.(]") if absent else None
    for key in (k for k in d if k in absent):
        raise ScenarioFailure(source.find((key,)), f"'{key}': the ruleset '{game.ruleset.name}' has no {key}",
                              [f"{game.ruleset.name} plays without: {', '.join(absent)}"])
    for i, step in enumerate(d["steps"]):
        found = words.search(step.get("formula", "")) if words else None
        if found:
            raise ScenarioFailure(source.find(("steps", i)), f"'{found.group(1)}': the ruleset '{game.ruleset.name}' "
                                  f"has no {found.group(1)}", [f"{game.ruleset.name} plays without: {', '.join(absent)}"])


# -- setup -------------------------------------------------------------------------------------
def _setup(game: Game, d: dict, where: Position) -> None:
    names = [p.name for p in game.players]
    if "first" in d:
        if d["first"] not in names:
            raise ScenarioFailure(where, f"first = {d['first']}: not a seat ({', '.join(names)})")
        # the game's own order of turns (a team game alternates teams, DX-7.4), from that seat
        start = game.turn_order.index(names.index(d["first"]))
        game.turn_order = game.turn_order[start:] + game.turn_order[:start]
        game.current_index = 0
    for player, skills in d.get("unlocked", {}).items():
        _player(game, player, where)
        owned = game.skills.owned.get(player)
        for name in skills:
            modules = [i for i, pair in enumerate(owned.race.modules, 1) if name in pair] if owned else []
            if not modules:
                raise ScenarioFailure(where, f"'{name}' is not a module skill of {player}'s race")
            owned.unlocked[modules[0]] = "racial" if owned.race.modules[modules[0] - 1][0] == name else "universal"
            game.skills.add(player, game.ruleset.skills[name])
    for player, credits in d.get("credits", {}).items():
        _player(game, player, where).credits = credits
    side, scored = getattr(game, "side", lambda name: name), {}
    for player, points in d.get("points", {}).items():  # a game's score, whatever it is called
        _player(game, player, where)
        team = side(player)  # a team has one score (DX-7.4), kept by its first seat
        if scored.setdefault(team, points) != points:
            raise ScenarioFailure(where, f"points: {player} and its team's other seats share one score",
                                  [f"give it once, e.g. points = {{{team}: {points}}}"])
        setattr(game.player(team), game.POINTS, points)
    holders = [(_player(game, player, where), tokens) for player, tokens in d.get("tokens", {}).items()]
    for p, _ in holders:  # every named hand goes back first, so the order they are written in is no matter
        game.token_bag += p.tokens
        p.tokens = []
    for p, tokens in holders:
        for token in tokens:
            if token not in game.token_bag:
                raise ScenarioFailure(where, f"no '{token}' combat token left in the bag")
            game.token_bag.remove(token)
            p.tokens.append(token)
    for player, minerals in d.get("minerals", {}).items():
        p = _player(game, player, where)
        for colour, count in minerals.items():
            _take_from_bag(game, colour, count, where)
            p.minerals[colour] += count
    cards = {id(p.supply): Counter(p.supply) for p in game.players}  # the supplies as dealt
    for player, supply in d.get("supply", {}).items():
        target = _player(game, player, where).supply
        # a team's seats share one supply, their cards summed (Deluxe DX-7.4): a seat sets its own card
        sharing = sum(1 for p in game.players if p.supply is target)
        for kind, count in supply.items():
            target[kind] += count - cards[id(target)][kind] // sharing

    drawn = [_take_tile(game, lambda t, design=design: design in (t.design, t.id), design, where)
             for design in d.get("draws", [])]
    game.scenario_draws = {t.id for t in drawn}  # `lay` leaves them for the script
    game.scenario_reserve = []  # tiles `tiles-in-stacks` took out; `lay` takes from them first
    game.stacks[0] += reversed(drawn)  # the first listed is on top
    if "tiles-in-stacks" in d:
        _keep_tiles(game, d["tiles-in-stacks"], len(drawn), where)
    game.forced["dice"] = list(d.get("dice", []))
    game.forced["minerals"] = list(d.get("mineral-draws", []))
    game.forced["tokens"] = list(d.get("token-draws", []))
    game.notes.clear()
    game.note(f"— turn 1: {game.current.name} —")


def _keep_tiles(game, keep: int, forced: int, where: Position) -> None:
    """Take tiles out from the bottom of the stacks until ``keep`` are left; ``lay`` still uses them."""
    if keep < forced:
        raise ScenarioFailure(where, f"tiles-in-stacks = {keep} would remove some of the {forced} forced draws")
    while game.tiles_left() > keep:
        longest = max(game.stacks, key=len)
        if longest is game.stacks[0] and len(longest) <= forced:
            longest = next(s for s in game.stacks[1:] if s)
        game.scenario_reserve.append(longest.pop(0))


def _player(game, name: str, where: Position):
    for p in game.players:
        if p.name == name:
            return p
    raise ScenarioFailure(where, f"'{name}' is not a seat ({', '.join(p.name for p in game.players)})")


def _take_from_bag(game, colour: str, count: int, where: Position) -> None:
    if game.bag[colour] < count:
        raise ScenarioFailure(where, f"the bag has {game.bag[colour]} {colour} minerals, not {count}")
    game.bag[colour] -= count


def _take_tile(game, wanted, label: str, where: Position):
    for stack in (getattr(game, "scenario_reserve", []), *game.stacks):
        for i, tile in enumerate(stack):
            if wanted(tile):
                return stack.pop(i)
    raise ScenarioFailure(where, f"no tile '{label}' left in the stacks")


def _cell(text, step: Step):
    match = re.fullmatch(r"@\((-?\d+(?:,-?\d+)*)\)", str(text))
    if not match:
        raise ScenarioFailure(step.position, f"'{text}' is not a cell", ["write a cell like @(0,0,1)"])
    return tuple(int(v) for v in match.group(1).split(","))


# -- steps -------------------------------------------------------------------------------------
def _lay(game: Game, step: Step) -> None:
    if len(step.args) != 3 or not re.fullmatch(r"r\d+", str(step.args[2])):
        raise ScenarioFailure(step.position, "lay takes a face, a cell and a rotation: lay N1 @(0,0,1) r0")
    face_name, cell, rotation = step.args[0], _cell(step.args[1], step), int(step.args[2][1:])
    reserved = getattr(game, "scenario_draws", set())
    tile = _take_tile(game, lambda t: t.id not in reserved and any(f.name == face_name for f in t.faces),
                      face_name, step.position)
    face = next(f for f in tile.faces if f.name == face_name)
    try:
        for area in game.board.place(tile, face, cell, rotation):
            game.controllers[area.id] = None
    except PlacementError as err:
        raise ScenarioFailure(step.position, f"cannot lay {face_name} there: {err}") from None
    if face.prop_total("exmitter"):
        game.exmitted.update(game.reach(cell, "radius.exmitter"))
    game.checkpoint()  # the position changed outside the log: options are worked out again


def _put(game: Game, step: Step) -> None:
    if step.args[:1] == ["minerals"]:
        return _put_minerals(game, step)
    if len(step.args) not in (3, 4) or step.args[1] not in UNITS:
        raise ScenarioFailure(step.position, "put takes a player, a unit and a cell: put red emissary @(0,0,1) [planet]",
                              [f"units: {', '.join(sorted(UNITS))}"])
    player = _player(game, step.args[0], step.position)
    unit, cell = step.args[1], _cell(step.args[2], step)
    placed = game.board.cells.get(cell)
    if placed is None:
        raise ScenarioFailure(step.position, f"no tile at {step.args[2]}")
    want = "ship" if unit in ("corvette", "rogue") else "emissary"
    regions = placed.face.regions
    from .actions import region_name

    candidates = [i for i, r in enumerate(regions) if want in r.holds
                  and (len(step.args) == 3 or region_name(regions, i) == step.args[3])]
    if len(candidates) != 1:
        raise ScenarioFailure(step.position, f"{'no' if not candidates else 'more than one'} region for a {want} there",
                              ["name it: " + ", ".join(region_name(regions, i) for i, r in enumerate(regions) if want in r.holds)])
    region = candidates[0]
    # a station stands on an emissary, a space station on a research station: all come from the
    # supply (the emissary named first), as they all go back to it (``return_emissary``)
    pieces = (unit,) if want == "ship" else STACKS[unit]
    for piece in pieces:
        plural = "emissaries" if piece == "emissary" else piece + "s"
        if player.supply[plural] <= 0:
            raise ScenarioFailure(step.position, f"{player.name} has no {piece} left in the supply to put",
                                  [f"give them one: supply = {{{player.name}: {{{plural}: 1}}}}"])
    if want == "ship":
        game.put_ship(player, cell, unit, region)
    else:
        game.put_emissary(player, cell, region)
        for level in pieces[1:]:
            player.supply[level + "s"] -= 1
            game.emissaries[cell].station = level
    # control as it stands now, in every area of the tile (a Corvette put there blocks an emissary)
    for index in range(len(regions)):
        area = game.region_area(cell, index)
        if area is not None:
            game.controllers[area.id] = game.controller(area)
    game.checkpoint()


def _put_minerals(game: Game, step: Step) -> None:
    cell, pairs = _cell(step.args[1], step), step.args[2:]
    area = next((a for a in game.board.areas_at(cell) if a.kind == "nebula"), None) if cell in game.board.cells else None
    if area is None or len(pairs) % 2:
        raise ScenarioFailure(step.position, "put minerals takes a nebula cell and colour/count pairs: put minerals @(0,0,1) red 2")
    for colour, count in zip(pairs[::2], pairs[1::2]):
        _take_from_bag(game, colour, int(count), step.position)
        game.add_nebula_minerals(area.id, Counter({colour: int(count)}))
    game.checkpoint()


def _choose(game: Game, step: Step) -> None:
    text = step.args[0]
    if game.is_over:
        raise ScenarioFailure(step.position, f"cannot choose '{text}': the game is over")
    if "*" in text and text not in game.decision.options:  # a pattern must pick exactly one option
        matches = [o for o in game.decision.options if fnmatch.fnmatchcase(o, text)]
        if len(matches) != 1:
            raise ScenarioFailure(step.position, f"'{text}' matches {len(matches)} options, not one", _options(game))
        text = matches[0]
    try:
        game.choose(text)
    except IllegalChoice as err:
        raise ScenarioFailure(step.position, f"choice '{text}' was refused: {err}", _options(game)) from None


def _refuse(game: Game, step: Step) -> None:
    text, rule = step.args[0], (step.args[1] if len(step.args) > 1 else "")
    if "*" in text:  # a pattern, as in `choose`: no option may match it, and the rule is the refusal's
        matches = [o for o in game.decision.options if fnmatch.fnmatchcase(o, text)] if game.decision else []
        if matches:
            raise ScenarioFailure(step.position, f"expected '{text}' to be refused{' by ' + rule if rule else ''}, "
                                  f"but it matches the option '{matches[0]}'", _options(game))
        drawn = getattr(game, "drawn", None)  # `place T13.* …`: the refusal reads the drawn tile's id
        text = " ".join(drawn.id if drawn and "*" in w and fnmatch.fnmatchcase(drawn.id, w) else w for w in text.split())
    snapshot = getattr(_support(game), "snapshot", _snapshot)
    before = snapshot(game)
    try:
        game.choose(text)
    except IllegalChoice as err:
        if rule and rule != err.rule and rule not in str(err):
            raise ScenarioFailure(step.position, f"'{text}' was refused, but not by {rule}", [f"refused with: {err}"])
        if snapshot(game) != before:
            raise ScenarioFailure(step.position, f"refusing '{text}' changed the game state")
        return
    raise ScenarioFailure(step.position, f"expected '{text}' to be refused{' by ' + rule if rule else ''}, but it was accepted")


def _expect_option(game: Game, step: Step, present: bool = True) -> None:
    pattern = step.args[0]
    options = game.decision.options if game.decision else ()
    found = [o for o in options if fnmatch.fnmatchcase(o, pattern)] or [pattern] * (pattern in options)
    if present and not found:
        raise ScenarioFailure(step.position, f"expected an option matching '{pattern}'", _options(game))
    if not present and found:
        raise ScenarioFailure(step.position, f"expected no option matching '{pattern}', found '{found[0]}'", _options(game))


def _expect(game: Game, step: Step) -> None:
    env, functions = getattr(_support(game), "state_env", state_env)(game)
    calls: dict[str, object] = {}  # each function call the formula made, written out, with its value
    try:
        formula = compile_formula(step.formula, set(env), {n: _recorded(n, f, calls) for n, f in functions.items()})
        result = formula(env)
    except FormulaError as err:
        raise ScenarioFailure(step.position, f"cannot check '{step.formula}': {err}", [err.hint] if err.hint else []) from None
    if not result:
        actual = [f"  {name} = {env[name]}" for name in sorted(formula.names) if env[name] != name]
        actual += [f"  {call} = {_shown(value)}" for call, value in calls.items()]
        raise ScenarioFailure(step.position, f"expected {step.formula}",
                              ["actual:", *(actual or ["  (the formula reads nothing of the game)"]), *explanations(game)])


def _recorded(name: str, function, calls: dict):
    """``function``, noting each call and its value in ``calls`` (``controller(0,0,1,system)``)."""
    signature = inspect.signature(function)

    def call(*args):
        try:
            signature.bind(*args)
        except TypeError:
            shown = ", ".join(f"[{p}]" if p.default is not p.empty else p.name if p.kind != p.VAR_POSITIONAL
                              else "…" for p in signature.parameters.values())
            raise FormulaError(f"{name}({', '.join(map(str, args))}): {name} takes ({shown})") from None
        value = function(*args)
        calls[f"{name}({','.join(str(a) for a in args)})"] = value
        return value
    return call


def _shown(value) -> str:
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else (f'"{value}"' if isinstance(value, str) and " " in value else str(value))


class Names(str):
    """Players named together (``"red and blue"``: a shared win, a tie for control): equal to the
    same names in any order, as a person writes them."""

    def __new__(cls, names) -> "Names":
        return super().__new__(cls, " and ".join(names) or "none")

    def __eq__(self, other) -> bool:
        # (plain strings: a split that finds no " and " would hand back this very object)
        return isinstance(other, str) and sorted(str(self).split(" and ")) == sorted(str(other).split(" and "))

    def __ne__(self, other) -> bool:
        return not self == other

    __hash__ = str.__hash__


SCRIPTED = {"choose", "refuse", "expect-option", "expect-no-option"}  # steps that name an option
RUNNERS = {
    "lay": _lay, "put": _put, "choose": _choose, "refuse": _refuse, "expect": _expect,
    "expect-option": _expect_option,
    "expect-no-option": lambda game, step: _expect_option(game, step, present=False),
    "refuse-setup": lambda game, step: None,  # (checked when the game is made: ``run_scenario``)
}


# -- what expectations can read -------------------------------------------------------------------
def game_names(game) -> set[str]:
    """Words an expectation may use as values: players, area kinds, skills, races."""
    return {p.name for p in game.players} | {*AREA_KINDS, *PART_NAMES, "none"} \
        | set(game.ruleset.skills) | set(game.ruleset.races)


AREA_KINDS = ("nebula", "system", "space")
# the parts of a tile as options name them (``actions.region_name``): a formula reads them bare
PART_NAMES = ("planet", "outpost", "space1", "space2", "space3", "planet1", "planet2", "nebula1", "nebula2")


def state_env(game) -> tuple[dict, dict]:
    env: dict = {name: name for name in game_names(game)}
    colours = sorted(game.ruleset.value("minerals"))
    unit, side = game.POINTS_UNIT.strip().lower(), getattr(game, "side", lambda name: name)
    for p in game.players:
        if unit.isalpha():  # a score named by its unit: vp.red (a team's, for each of its seats)
            env[f"{unit}.{p.name}"] = getattr(game.player(side(p.name)), game.POINTS)
        env[f"credits.{p.name}"] = p.credits
        env[f"minerals.{p.name}"] = sum(p.minerals.values())
        env[f"tokens.{p.name}"] = len(p.tokens)
        env[f"emissaries.{p.name}"] = sum(1 for e in game.emissaries.values() if e.player == p.name)
        env[f"ships.{p.name}"] = sum(1 for s in game.ships.values() if s.player == p.name)
        for colour in colours:
            env[f"minerals.{p.name}.{colour}"] = p.minerals[colour]
        for kind in UNIT_KINDS:
            env[f"supply.{p.name}.{kind}"] = p.supply[kind]
    for colour in colours:
        env[f"bag.{colour}"] = game.bag[colour]
    env["bag"] = sum(game.bag.values())
    env["pool"] = env["bag"]  # the same minerals, where a game keeps them in an open pool (Deluxe DX-1.5)
    env["turn"] = game.turn
    env["phase"] = game.phase
    env["current"] = game.current.name
    env["tiles-left"] = game.tiles_left()
    for i, stack in enumerate(game.stacks, 1):
        env[f"stack{i}"] = len(stack)
    # NO-2.2: tiles lying with a hidden face up (should never happen)
    env["hidden-face-up"] = sum(t.faces[game.face_up[t.id]].hidden for stack in game.stacks for t in stack)
    env["tiles-with-hidden-face"] = sum(any(f.hidden for f in t.faces) for stack in game.stacks for t in stack)
    env["battles"] = game.battles
    for player, owned in game.skills.owned.items():
        for kind in game.ruleset.tokens:
            env[f"special.{player}.{kind}"] = owned.special[kind]
        env[f"tokens-on-board.{player}"] = sum(1 for t in game.special_tokens.values() if t.owner == player)
    env["winner"] = Names(game.winners() if game.is_over else [])
    for kind in ("nebula", "system", "space"):
        env[f"closed.{kind}"] = game.closed_counts[kind]

    def area(a, b=None, c=None, kind=None):
        cell = tuple(v for v in (a, b, c) if isinstance(v, int))
        kind = kind or next((v for v in (b, c) if isinstance(v, str)), None)
        if cell not in game.board.cells:
            return None
        if kind not in (None, *AREA_KINDS):  # a part of the tile by its name, as options write it: space2, outpost
            placed = game.board.cells[cell]
            node = next((n for i, n in enumerate(placed.nodes)
                         if n is not None and region_name(placed.face.regions, i) == kind), None)
            return game.board.area(node) if node is not None else None
        areas = [x for x in game.board.areas_at(cell) if kind is None or x.kind == kind]
        return areas[0] if areas else None

    def controller(*args):
        found = area(*args)
        return (game.controller(found) or "none") if found else "none"

    def unit_owner(table, *cell):
        unit = table.get(tuple(cell))
        return unit.player if unit else "none"

    functions = {
        "controller": controller,
        "closed": lambda *args: bool(area(*args) and area(*args).closed),
        "size": lambda *args: area(*args).size if area(*args) else 0,
        "nebula-minerals": lambda *args: sum(game.board.totals(area(*args, "nebula").id).minerals.values())
        if area(*args, "nebula") else 0,
        "emissary": lambda *cell: unit_owner(game.emissaries, *cell),
        "ship": lambda *cell: unit_owner(game.ships, *cell),
        "station": lambda *cell: (game.emissaries[tuple(cell)].station or "none") if tuple(cell) in game.emissaries else "none",
        "token": lambda *cell: (game.tokens_at(tuple(cell)) or [None])[0].kind if game.tokens_at(tuple(cell)) else "none",
        "has-skill": lambda player, skill: game.skills.has(player, skill),
    }
    return env, functions


def explanations(game) -> list[str]:
    return ["score events:", *[f"  {e}" for e in game.scores_log]] if game.scores_log else ["no score events"]


def _options(game) -> list[str]:
    if game.decision is None:
        return ["the game is over"]
    shown = list(game.decision.options[:25])
    more = len(game.decision.options) - len(shown)
    return [f"options now ({game.decision.prompt}):", *[f"  {o}" for o in shown]] + ([f"  … {more} more"] if more else [])


def _snapshot(game) -> tuple:
    """What a refused choice must leave as it was."""
    return (
        [(p.name, p.credits, +p.minerals, Counter(p.supply), list(p.tokens)) for p in game.players],
        +game.bag, sorted(game.token_bag), list(game.log), game.phase, game.turn,
        {c: (e.player, e.region, e.station) for c, e in game.emissaries.items()},
        {c: (s.player, s.kind) for c, s in game.ships.items()},
        {c: (p.tile.id, p.face.name, p.rotation) for c, p in game.board.cells.items()},
        copy.copy(game.board.frontier),
    )
