"""Battle picks that were the engine's own in the first release (games/new_order/battles.py): a log or
scenario that does not answer one gets the first release's answer, unlogged, and undo gives it again."""
from __future__ import annotations

from pathlib import Path

from trian_script.dsl.loader import load
from trian_script.engine.log import dump
from trian_script.games.new_order.scenario import run_scenario

SCENARIOS = Path(__file__).parent / "scenarios" / "test_battle_choices.trian"


def scenario(name: str):
    return run_scenario(load([SCENARIOS]), name)


def state(game) -> tuple:
    return (dump(game), game.scores(), list(game.notes), game.rng.getstate(),
            sorted((c, e.player) for c, e in game.emissaries.items()), game.decision and game.decision.options)


def test_unanswered_picks_get_their_defaults_unlogged():
    game = scenario("unscripted_picks_get_the_first_release_answers")
    # the reroll and the winner's pick of blue's emissary were given, after the last logged choice
    assert game.log[-1] == "declare reroll"
    assert game.unscripted == {len(game.log): 2}
    assert not any(line in ("reroll", "keep") or line.startswith("remove ") for line in game.log)


def test_undo_replays_the_defaults_given_after_a_choice():
    game = scenario("unscripted_picks_get_the_first_release_answers")
    before = state(game)
    game.choose(game.decision.options[0])
    game.undo()
    assert state(game) == before


def test_an_answered_pick_is_logged_and_claims_its_texts():
    game = scenario("reroll_kept_when_behind")
    assert game.log[-2:] == ["declare reroll", "keep"]
    assert game.unscripted == {}
