"""Fuzzing every input format: mutated DSL, JSON definitions, logs and scenario files end in
diagnostics, a clean refusal or success — never another exception. (A longer run with figures:
benchmarks/fuzz_inputs.py.)"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trian_script import IllegalChoice
from trian_script.dsl.diagnostics import DiagnosticError
from trian_script.dsl.loader import load
from trian_script.engine.game import PluginFailure
from trian_script.engine.log import dump, replay
from trian_script.games.new_order.scenario import ScenarioFailure, run_scenario
from trian_script.resources import content_dir

CONTENT = sorted(p for n in ("variants", "races", "tiles") for p in content_dir(n).glob("*.trian"))
SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("test_*.trian"))
FUZZ = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SNIPPETS = ["{", "}", "[", "]", "(", ")", "=", ":", '"', "\n", "-", "*", "/", "0", "99999999999999999999",
            "extends", "import", "plugin", "count", "\x00", "\x0c", "é", "𝄞", "tile", "variant", "scenario"]


def mutate(data: str, rnd: random.Random) -> str:
    for _ in range(rnd.randint(1, 6)):
        at = rnd.randrange(len(data) + 1)
        action = rnd.randrange(4)
        if action == 0:
            data = data[:at] + data[at + rnd.randint(1, 40):]
        elif action == 1:
            data = data[:at] + rnd.choice(SNIPPETS) * rnd.choice((1, 1, 3, 300)) + data[at:]
        elif action == 2:
            start = rnd.randrange(len(data) + 1)
            data = data[:at] + data[start:start + rnd.randint(1, 200)] + data[at:]
        else:
            data = data[:at] + chr(rnd.randrange(32, 0x2FFF)) + data[at + 1:]
    return data


def mutated_copy(tmp_path_factory, sources: list[Path], seed: int) -> tuple[Path, Path]:
    """(a mutant of one of ``sources`` in a new folder, the source it came from)."""
    rnd = random.Random(seed)
    source = rnd.choice(sources)
    path = tmp_path_factory.mktemp("fuzz") / source.name
    path.write_text(mutate(source.read_text(encoding="utf-8"), rnd), encoding="utf-8")
    return path, source


@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_dsl_ends_in_diagnostics_or_success(tmp_path_factory, seed):
    path, _ = mutated_copy(tmp_path_factory, CONTENT, seed)
    load([path], builtin=False)  # never raises: every problem is in the report


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=20)


@FUZZ
@given(kind=st.sampled_from(["tileset", "ruleset", "variant", "race", "skill", "token", "scenario", "nothing"]),
       fields=st.dictionaries(st.sampled_from(["name", "extends", "stacks", "faces", "tiles", "active", "plugin",
                                               "steps", "players", "closing", "modify"]), json_values, max_size=5))
def test_random_json_definitions_end_in_diagnostics_or_success(tmp_path_factory, kind, fields):
    path = tmp_path_factory.mktemp("json") / "d.json"
    path.write_text(json.dumps({"kind": kind, **fields}), encoding="utf-8")
    load([path], builtin=False)


def _a_log() -> str:
    from trian_script import Game, load_ruleset

    game, rnd = Game(load_ruleset("with-ships"), ["red", "blue"], 5), random.Random(5)
    while not game.is_over:
        game.choose(game.decision.options[rnd.randrange(len(game.decision.options))])
    return dump(game)


LOG = _a_log()
REGRESSIONS = sorted((Path(__file__).parent / "fuzz_regressions").iterdir())


def outcome(path: Path) -> str:
    """How an input file ends, by its kind: a log replays or is refused; DSL and JSON load clean or
    with diagnostics. Any other exception is a finding (the fuzz script's crash signatures)."""
    if path.suffix == ".log":
        try:
            replay(path)
        except DiagnosticError:
            return "refused"
        return "replayed"
    return "diagnostics" if load([path], builtin=False).report else "clean"


@pytest.mark.parametrize("path", REGRESSIONS, ids=[p.name for p in REGRESSIONS])
def test_former_crashes_end_cleanly(path):
    """Minimal reproducers of crashes that fuzzing found (benchmarks/fuzz_inputs.py writes them)."""
    assert outcome(path) in ("refused", "replayed", "diagnostics", "clean")


@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_logs_replay_or_are_refused_with_their_line(tmp_path_factory, seed):
    path = tmp_path_factory.mktemp("log") / "g.log"
    path.write_bytes(mutate(LOG, random.Random(seed)).encode("utf-8", "surrogatepass"))
    outcome(path)


@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_scenarios_fail_cleanly(tmp_path_factory, seed):
    path, source = mutated_copy(tmp_path_factory, SCENARIOS, seed)
    defs = load([path])
    if defs.report:
        return
    for name, block in defs.blocks["scenario"].items():
        if block.source.file.endswith(source.name):
            try:
                run_scenario(defs, name)
            except (ScenarioFailure, IllegalChoice, PluginFailure, DiagnosticError):
                pass


PLAIN_RACES = ["xemh", "sslyx", "volkharnian", "maephos", "quuylto", "borf-naree"]  # (no plugin of theirs)


def content_with_one_mutant(tmp_path_factory, folder: str, name: str, mutate_one) -> Path:
    """A copy of a shipped content folder in which the file ``name`` is ``mutate_one(text)``."""
    copy = tmp_path_factory.mktemp(folder)
    for path in content_dir(folder).glob("*.trian"):
        text = path.read_text(encoding="utf-8")
        (copy / path.name).write_text(mutate_one(text) if path.name == name else text, encoding="utf-8")
    return copy


def play_without_a_crash(game, rnd: random.Random, decisions: int = 150) -> None:
    """Random choices: what fails may only be one of the kernel's refusals (more minerals moved than a
    player holds…), never a rule or a formula that cannot be worked out."""
    from trian_script.engine.effects import EffectError

    for _ in range(decisions):
        if game.is_over:
            return
        options = game.decision.options
        try:
            game.choose(options[rnd.randrange(len(options))])
        except PluginFailure as failure:
            assert isinstance(failure.__cause__, (EffectError, IllegalChoice)), failure


def mutate_a_word(text: str, rnd: random.Random) -> str:
    """One word of one skill line (an effect, a choice, a condition, a change) replaced by another word
    of the language, as a designer's slip would: it must be reported, or play without a crash."""
    from trian_script.games.new_order.skills import EFFECTS, VALUES
    from trian_script.games.new_order.skill_targets import SOURCES

    lines = text.split("\n")
    places = [i for i, line in enumerate(lines) if not line.lstrip().startswith("#")
              and any(word in line for word in ("->", "choose", "where", " if ", "modify", "area "))]
    i = rnd.choice(places)
    words = [m for m in __import__("re").finditer(r"[a-z][a-z0-9.-]*|\d+", lines[i])]
    m = rnd.choice(words)
    pool = [*SOURCES, *EFFECTS, *VALUES, "credits", "turn", "owner", "enemy", "none", "edge", "tiles", "kind",
            "minerals.red", "special.wormhole", '"x"', "0", "1", "-1", "99"]
    lines[i] = lines[i][:m.start()] + rnd.choice(pool) + lines[i][m.end():]
    return "\n".join(lines)


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_skill_that_validates_plays_without_a_crash(tmp_path_factory, seed):
    """A race whose skill formulas had one word changed either gets diagnostics or plays: no formula
    that ``trian validate`` accepts meets a TypeError, a KeyError… in play (what the kernel refuses —
    a move of more minerals than a player holds — is a refusal, the game unchanged)."""
    from trian_script import Game
    from trian_script.engine.ruleset import load_ruleset

    rnd = random.Random(seed)
    race = rnd.choice(PLAIN_RACES)
    folder = content_with_one_mutant(tmp_path_factory, "races", f"{race}.trian", lambda text: mutate_a_word(text, rnd))
    try:
        ruleset = load_ruleset("new_order", [content_dir("tiles"), content_dir("variants"), folder], builtin=False)
    except DiagnosticError:
        return
    others = [r for r in PLAIN_RACES if r != race]
    game = Game(ruleset, ["red", "blue", "green"], seed % 1000, races={"red": race, "blue": others[0], "green": others[1]})
    play_without_a_crash(game, rnd)


def mutate_a_value(text: str, rnd: random.Random) -> str:
    """One setting of a ruleset given another value, as a designer's slip would."""
    lines = text.split("\n")
    places = [i for i, line in enumerate(lines) if "=" in line and not line.lstrip().startswith("#")
              and not line.lstrip().startswith(("ruleset", "variant"))]
    i = rnd.choice(places)
    key = lines[i].partition("=")[0]
    lines[i] = key + "= " + rnd.choice(["0", "1", "-1", "2", "7", "100", "0.5", "true", "false", "none", "edge",
                                       "win", "majority", "[]", "{}", "red", "tiles * 0", "(tiles + 1) / 0"])
    return "\n".join(lines)


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_ruleset_that_validates_plays_without_a_crash(tmp_path_factory, seed):
    """A game's ruleset with one setting changed either gets diagnostics or plays: making the game
    and 150 decisions end in no exception and no hang (``battle.die = 1`` was a hang)."""
    from trian_script import Game
    from trian_script.engine.ruleset import load_ruleset

    rnd = random.Random(seed)
    file, names = rnd.choice([("new_order.trian", ["new_order", "beginner", "with-ships"]),
                              ("deluxe.trian", ["deluxe", "deluxe_conquest"]), ("galactic_realms.trian", ["galactic_realms"])])
    folder = content_with_one_mutant(tmp_path_factory, "variants", file, lambda text: mutate_a_value(text, rnd))
    try:
        ruleset = load_ruleset(rnd.choice(names), [content_dir("tiles"), folder, content_dir("races")], builtin=False)
    except DiagnosticError:
        return
    try:
        game = Game(ruleset, ["red", "blue", "green", "yellow"][: ruleset.value("players.min") + 1], seed % 1000)
    except IllegalChoice:  # (a ruleset for more players than the seats given: refused, as it should be)
        return
    play_without_a_crash(game, rnd)
