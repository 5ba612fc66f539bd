"""Game.copy(), Game.undo(), pickling and atomic choices, over random games with races on every seat.

A copy, an undone choice and an unpickled game must each be the same game as the original: the same
options now, and the same whole game afterwards for the same choices (the generator included).
"""
from __future__ import annotations

import pickle
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trian_script import Game, IllegalChoice, load_ruleset
from trian_script.engine.game import PluginFailure
from trian_script.engine.log import dump
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

SEATS = ["red", "blue", "green", "yellow"]
RACES = ["arvori", "borf-naree", "khaarquar", "maephos", "quuylto", "sslyx", "volkharnian", "xemh"]


@lru_cache(maxsize=None)
def ruleset(name: str = "new_order"):
    return load_ruleset(name)


def play(game: Game, rnd: random.Random, limit: int = 10**6) -> None:
    while not game.is_over and limit > 0:
        options = game.decision.options
        game.choose(options[rnd.randrange(len(options))])
        limit -= 1


def state(game: Game) -> tuple:
    """Everything a player or a log can see of a game."""
    return (dump(game), game.is_over, game.decision and game.decision.options, game.scores(),
            list(game.notes), [str(e) for e in game.scores_log], game.rng.getstate())


def fresh(seed: int, players: int) -> Game:
    races = dict(zip(SEATS, random.Random(seed).sample(RACES, players)))
    return Game(ruleset(), SEATS[:players], seed, races=races)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), moves=st.integers(0, 400))
def test_copy_undo_and_pickle_agree_with_straight_play(seed, players, moves):
    game = fresh(seed, players)
    play(game, random.Random(seed), moves)
    before = state(game)
    copied, unpickled = game.copy(), pickle.loads(pickle.dumps(game))
    assert state(copied) == before and state(unpickled) == before
    if not game.is_over:
        game.choose(game.decision.options[-1])
        game.undo()
        assert state(game) == before
    for other in (game, copied, unpickled):
        play(other, random.Random(seed + 1))
    assert state(game) == state(copied) == state(unpickled)


def test_a_copy_is_independent_of_its_original():
    game = fresh(3, 3)
    play(game, random.Random(3), 60)
    copied = game.copy()
    before = state(game)
    play(copied, random.Random(4))
    assert copied.is_over and state(game) == before
    assert copied.ruleset is game.ruleset  # the immutable ruleset is shared, not copied


def test_undo_several_choices_and_refuse_too_many():
    game = fresh(5, 2)
    states = []
    for _ in range(30):
        states.append(state(game))
        game.choose(game.decision.options[0])
    game.undo(10)
    assert state(game) == states[20]
    with pytest.raises(IllegalChoice, match="20 choices to take back, not 21"):
        game.undo(21)
    game.undo(20)
    assert state(game) == states[0]


def test_a_finished_game_lets_go_of_its_caches_and_undo_works_them_out_again():
    game = fresh(7, 4)
    play(game, random.Random(7))
    assert game.is_over
    held = set(game.CACHES) | {"_options"}
    assert not held & set(game.__dict__) and not game.skills._functions  # nothing bound to it is kept
    last = game.log[-1]
    game.undo()
    before = state(game)
    assert last in game.decision.options  # the last decision is offered again, worked out anew
    game.choose(last)
    assert game.is_over
    game.undo()
    assert state(game) == before


class Exploding(SkillPlugin):
    """A fan's skill with a bug: its option raises halfway, after changing the game."""

    @hookimpl
    def trian_options(self, game, player, phase):
        if phase != "extraction":
            return None
        return {"explode": self._explode}

    def _explode(self):
        self.me.credits += 100
        self.game.bag["red"] -= 5
        raise ZeroDivisionError("the fan's arithmetic")


def test_a_plugin_that_raises_leaves_the_game_as_it_was():
    game = Game(ruleset(), ["red", "blue"], 8, races={"red": "xemh", "blue": "sslyx"})
    play(game, random.Random(8), 25)
    game.hooks.add_skill_plugin(game.current.name, Exploding(game, game.current.name, game.ruleset.skills["warcry"]))
    game.checkpoint()  # a change outside the log
    while "explode" not in game.decision.options:
        game.choose(next(o for o in game.decision.options if o != "explode"))
    before = state(game)
    with pytest.raises(PluginFailure) as failure:
        game.choose("explode")
    message = str(failure.value)
    assert "Exploding" in message and "ZeroDivisionError" in message and "as it was before" in message
    assert state(game) == before  # nothing of the failed choice, in the state or in the log


def test_a_closure_cannot_be_queued():
    game = Game(ruleset("beginner"), ["red", "blue"], 1)
    with pytest.raises(TypeError, match="closure"):
        game.then(lambda: None)


def test_a_decision_asked_by_an_effect_is_copied_and_pickled():
    """The Interstellar's minerals are asked one at a time (``gather``) while the rest of the move
    waits in the queue: a copy and an unpickled game go on exactly as the original."""
    from trian_script.games.new_order.skill_pieces import Gathering

    for seed in range(40):
        game, rnd = Game(ruleset(), SEATS[:2], seed, races={"red": "arvori", "blue": "xemh"}), random.Random(seed)
        while not game.is_over and not isinstance(game.waiting, Gathering):
            options = game.decision.options
            game.choose(options[rnd.randrange(len(options))])
        if isinstance(game.waiting, Gathering):
            break
    assert isinstance(game.waiting, Gathering), "no game of these seeds gathers with a choice"
    before = state(game)
    copied, unpickled = game.copy(), pickle.loads(pickle.dumps(game))
    assert state(copied) == before and state(unpickled) == before
    for other in (game, copied, unpickled):
        play(other, random.Random(7))
    assert state(game) == state(copied) == state(unpickled)
