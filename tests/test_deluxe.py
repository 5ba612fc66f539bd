"""Galaxy of Trian Deluxe as a variant of New Order's code: decks, teams, the mechanics it added,
whole games with bots at every player count, logs that replay, and the words a Deluxe scenario may
not use. The rules themselves are tested by tests/scenarios/test_deluxe_*.trian (DX-1 to DX-8)."""
from __future__ import annotations

from collections import Counter

import pytest

from trian_script import Game, IllegalChoice, load_ruleset
from trian_script.bots import BOTS
from trian_script.cli import main
from trian_script.dsl.loader import load
from trian_script.engine.log import dump, replay
from trian_script.games.new_order.scenario import ScenarioFailure, run_scenario
from trian_script.mechanics import clash, control, ledger, raid, sides
from trian_script.mechanics.paths import reachable
from trian_script.mechanics.tile_laying import deck

SEATS = ["red", "blue", "green", "yellow", "purple", "orange"]
EXPANSION = {"T08": 6, "T09": 4, "T10": 2}


@pytest.mark.parametrize("name, players, tiles", [
    ("deluxe", 2, 72), ("deluxe", 4, 72), ("deluxe", 5, 105), ("deluxe", 6, 126),
    ("deluxe_conquest", 3, 84), ("deluxe_more_tiles", 4, 84), ("deluxe_conquest", 6, 126)])
def test_decks(name, players, tiles):
    """DX-1.2, DX-7.5: the base game leaves the 12 expansion tiles out; 5 and 6 players add a copy
    (two) of each of the 21 designs with no exmitter or extractor face, all with distinct ids."""
    ruleset = load_ruleset(name)
    built = deck.build(ruleset, ruleset.tileset.tiles, players)
    designs = Counter(t.design for t in built)
    assert len(built) == tiles and len({t.id for t in built}) == tiles
    if name == "deluxe" and players <= 4:
        assert not set(designs) & set(EXPANSION)
    extra = max(0, players - 4)
    assert designs["T13"] == 7 + extra and designs["T05"] == 1 and designs["T11"] == 4
    assert designs["T08"] == (6 + extra if tiles != 72 else 0)


def test_a_ruleset_without_deck_values_plays_its_tileset():
    ruleset = load_ruleset("beginner")
    assert deck.build(ruleset, ruleset.tileset.tiles, 4) == list(ruleset.tileset.tiles)


def test_teams_by_seat_order_and_given():
    assert sides.by_seat_order(SEATS[:4], 2) == [["red", "green"], ["blue", "yellow"]]
    assert sides.by_seat_order(SEATS, 2) == [["red", "yellow"], ["blue", "purple"], ["green", "orange"]]
    assert sides.by_seat_order(SEATS, 3) == [["red", "green", "purple"], ["blue", "yellow", "orange"]]
    assert sides.interleave([["red", "green"], ["blue", "yellow"]]) == ["red", "blue", "green", "yellow"]
    assert sides.sides([["red", "green"], ["blue", "yellow"]])["green"] == "red"
    assert sides.parse("red+green, blue+yellow") == [["red", "green"], ["blue", "yellow"]]
    for bad in ("red+green,blue+green", "red+green,blue", "red+green+blue,yellow", "red,green,blue,yellow"):
        with pytest.raises(sides.TeamError):
            sides.check(sides.parse(bad), SEATS[:4])
    with pytest.raises(sides.TeamError):
        sides.by_seat_order(SEATS[:5], 2)


def test_deterministic_clashes():
    """DX-5.3, DX-5.4: an armed attacker beats every unarmed enemy and picks an armed one to fall
    with; an unarmed attacker falls to an armed enemy, or picks an unarmed one to fall with."""
    enemies = {"a": False, "b": False, "c": True}
    assert clash.certain(True, enemies) == ["a", "b"] and clash.choices(True, enemies) == ["c"]
    assert clash.certain(False, enemies) == [] and clash.choices(False, enemies) == ["c"]
    assert clash.choices(False, {"a": False, "b": False}) == ["a", "b"]
    assert clash.outcome(True, False) == (False, True, "attacker")
    assert clash.outcome(True, True) == (True, True, "attacker")
    assert clash.outcome(False, True) == (True, False, "defender")
    assert clash.outcome(False, True, "nobody-scores") == (True, False, None)
    assert clash.outcome(False, False) == (True, True, "attacker")


def test_closing_majority_and_raids():
    assert control.on_closing({"red": 2, "blue": 1}, closer="blue") == (["red"], "red")
    assert control.on_closing({"red": 2, "blue": 2, "green": 1}) == (["blue", "red"], None)
    assert control.on_closing({"red": 2, "blue": 2}, tie="none-score") == ([], None)
    assert control.on_closing({}, closer="green") == (["green"], None)
    counts = {"red": 2, "blue": 2, "green": 1}
    assert raid.raids(counts, [("green", 6), ("red", 4)]) == [("green", ["blue", "red"], 6, 3), None]
    assert raid.raids({"red": 1, "blue": 1}, [("red", 4)]) == [None]  # every side ties: nobody raids
    assert raid.raids({"red": 0, "blue": 0}, [("red", 4)]) == [None]


def test_paths_stop_and_never_end_on_the_start():
    line = {0: [1], 1: [0, 2], 2: [1, 3], 3: [2, 4], 4: [3]}
    step = lambda here, state: [(n, state) for n in line[here]]  # noqa: E731
    assert reachable(0, None, 3, step, lambda c: True, lambda c, s: False) == {1: (None, 1), 2: (None, 2), 3: (None, 3)}
    assert set(reachable(0, None, 3, step, lambda c: c != 1, lambda c, s: c == 2)) == {2}


def play(name: str, players: int, seed: int, bot: str = "random", teams=None) -> Game:
    ruleset = load_ruleset(name)
    game = Game(ruleset, SEATS[:players], seed, teams=teams)
    bots = {seat: BOTS[bot](seed * 31 + i) for i, seat in enumerate(SEATS[:players])}
    for _ in range(5000):
        if game.is_over:
            return game
        game.choose(bots[game.decision.player].choose(game))
    raise AssertionError(f"{name} with {players} players did not end")


@pytest.mark.parametrize("name, players", [
    ("deluxe", 2), ("deluxe", 3), ("deluxe", 6), ("deluxe_conquest", 2), ("deluxe_conquest", 4),
    ("deluxe_family", 4), ("deluxe_more_tiles", 5), ("deluxe_teams", 4), ("deluxe_teams", 6),
    ("deluxe_teams_conquest", 4)])
def test_bots_play_to_the_end_and_the_log_replays(name, players, tmp_path):
    game = play(name, players, seed=3)
    path = tmp_path / "game.log"
    path.write_text(dump(game), encoding="utf-8")
    again = replay(path)
    assert again.is_over and again.scores() == game.scores() and again.summary() == game.summary()
    assert " VP " in game.summary() and "¢" not in game.summary()
    if name.startswith("deluxe_teams"):  # one VP total per team, kept by its first seat
        assert sum(1 for p in game.players if p.credits) <= len(game.players) // 2


def test_teams_of_three_are_logged_and_replayed(tmp_path):
    teams = [["red", "green", "purple"], ["blue", "yellow", "orange"]]
    game = play("deluxe_teams", 6, seed=5, bot="greedy", teams=teams)
    path = tmp_path / "game.log"
    path.write_text(dump(game), encoding="utf-8")
    assert "teams: red+green+purple blue+yellow+orange" in path.read_text()
    assert replay(path).summary() == game.summary()
    assert "red+green+purple" in game.summary()


def test_team_errors_and_player_counts():
    with pytest.raises(IllegalChoice, match="DX-7.4"):
        Game(load_ruleset("deluxe_teams"), SEATS[:5], 1)
    with pytest.raises(IllegalChoice):
        Game(load_ruleset("deluxe"), SEATS + ["white"], 1)
    with pytest.raises(IllegalChoice, match="DX-7.4"):
        Game(load_ruleset("deluxe_teams"), SEATS[:4], 1, teams=[["red", "blue", "green", "yellow"]])


@pytest.mark.parametrize("argv", [
    ["--ruleset", "deluxe_teams", "--players", "4", "--teams", "red+green,blue+blue"],
    ["--ruleset", "deluxe_teams", "--players", "4", "--teams", "red+green,blue+white"],
    ["--ruleset", "deluxe_teams", "--players", "5"],
    ["--ruleset", "deluxe", "--players", "7"],
    ["--ruleset", "deluxe", "--players", "4", "--teams", "red+green,blue+yellow"]])
def test_bad_teams_and_counts_are_one_line_and_exit_2(argv, capsys):
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and "\n" not in err


def test_illegal_choices_cite_dx_rules():
    game = Game(load_ruleset("deluxe"), ["red", "blue"], 1)
    with pytest.raises(IllegalChoice, match=r"\(DX-3\)"):
        game.choose("research")
    with pytest.raises(IllegalChoice, match=r"\(DX-3\.2\.1\)"):
        game.choose("place T13.1 a @(0,0,1) r0")
    game.choose("draw 1")
    game.choose(game.decision.options[0])
    for text, rule in (("pass", "DX-3.3"), ("buy mineral", "DX-1"), ("build research-station @(0,0,1)", "DX-3.5")):
        with pytest.raises(IllegalChoice, match=rf"\({rule}\)"):
            game.choose(text)


def test_a_deluxe_scenario_with_new_order_words_is_refused_at_its_place(tmp_path):
    path = tmp_path / "test_words.trian"
    path.write_text('scenario credits_here "x" {\n  ruleset = deluxe\n  tokens = {red: []}\n  expect vp.red == 0\n}\n'
                    'scenario credits_there "x" {\n  ruleset = deluxe\n  expect vp.red == 0\n'
                    '  expect credits.red == 0\n}\n', encoding="utf-8")
    defs = load([path])
    for name, where in (("credits_here", f"{path}:3:"), ("credits_there", f"{path}:9:3")):
        with pytest.raises(ScenarioFailure) as failure:
            run_scenario(defs, name)
        assert failure.value.render().startswith(where)


def test_the_ledger_summary_names_sides():
    game = play("deluxe_teams", 4, seed=2)
    text = ledger.summary(game, {"red": "red+green", "blue": "blue+yellow"})
    assert text.splitlines()[1].strip().startswith(("red+green", "blue+yellow"))
