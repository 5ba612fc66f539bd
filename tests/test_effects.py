"""Effects: resources and pieces change through the kernel (move, adjust), checked and recorded;
a plugin that asks for an impossible one leaves the game as before the choice."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from trian_script import Game, load_ruleset
from trian_script.engine.effects import EffectError
from trian_script.engine.game import PluginFailure
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

RACES = Path(__file__).resolve().parents[1] / "races"


def game_in_extraction(seed=4):
    game = Game(load_ruleset("new_order"), ["red", "blue"], seed, races={"red": "xemh", "blue": "sslyx"})
    game.players[0].minerals.update({"red": 2})
    game.bag["red"] -= 2
    game.checkpoint()  # a change outside the log
    return game


def test_a_move_is_checked_and_recorded():
    game = game_in_extraction()
    red = game.current.name
    before = (game.bag["red"], game.player(red).minerals["red"])
    effect = game.move("red", 1, f"minerals:{red}", "bag", "a test")
    assert (game.bag["red"], game.player(red).minerals["red"]) == (before[0] + 1, before[1] - 1)
    assert game.effects[-1] is effect and "a test" in str(effect)
    for amount, message in ((5, "holds 1 red, not the 5"), (-1, "not negative"), (0.5, "whole number"),
                            (True, "whole number")):
        with pytest.raises(EffectError, match=message):
            game.move("red", amount, f"minerals:{red}", "bag", "a test")
    with pytest.raises(EffectError, match="cannot lose"):
        game.adjust(f"supply:{red}", "emissaries", -99, "a test")


class Greedy(SkillPlugin):
    """A fan's skill with a bug: it takes more minerals from the bag than the player has to give."""
    hears = {"trian_options": ("extraction",)}

    @hookimpl
    def trian_options(self, game, player, phase):
        return {"overpay": self._overpay}

    def _overpay(self):
        self.game.move("red", 1, f"minerals:{self.owner}", "bag", "first part")
        self.game.move("red", 50, f"minerals:{self.owner}", "bag", "more than held")


def test_an_impossible_effect_from_a_plugin_changes_nothing():
    game = game_in_extraction()
    game.hooks.add_skill_plugin(game.current.name, Greedy(game, game.current.name, game.ruleset.skills["warcry"]))
    game.checkpoint()
    before = (dict(game.bag), [dict(p.minerals) for p in game.players], list(game.log), len(game.effects))
    with pytest.raises(PluginFailure, match=r"EffectError.*more than held.*as it was before"):
        game.choose("overpay")
    assert (dict(game.bag), [dict(p.minerals) for p in game.players], list(game.log), len(game.effects)) == before


class Listener(SkillPlugin):
    hears = {"trian_event": ("moved",)}
    heard: list = []

    @hookimpl
    def trian_event(self, game, event, data):
        Listener.heard.append(data["effect"])


def test_plugins_that_declare_it_hear_effects():
    game = game_in_extraction()
    game.hooks.add_skill_plugin(game.current.name, Listener(game, game.current.name, game.ruleset.skills["warcry"]))
    Listener.heard.clear()
    game.choose(next(o for o in game.decision.options if o.startswith("buy mineral")))
    assert Listener.heard and Listener.heard[-1].reason == "bought (NO-3.1.1)"


def test_race_plugins_touch_no_internals():
    """The shipped races change minerals, the bag and supplies only through effects."""
    direct = re.compile(r"\.bag\[[^]]*\]\s*[-+]=|minerals\[[^]]*\]\s*[-+]=|supply\[[^]]*\]\s*[-+]=|game\.battle\s*=")
    found = [f"{p.name}:{n}: {line.strip()}" for p in sorted(RACES.glob("*.py"))
             for n, line in enumerate(p.read_text().splitlines(), 1) if direct.search(line)]
    assert not found, "\n".join(found)


def test_random_games_keep_the_effect_record_consistent():
    """Every mineral that left the bag through an effect is somewhere: the record adds up."""
    for seed in range(3):
        game, rnd = Game(load_ruleset("new_order"), ["red", "blue", "green"], seed), random.Random(seed)
        while not game.is_over:
            options = game.decision.options
            game.choose(options[rnd.randrange(len(options))])
        assert all(e.amount >= 0 and e.reason for e in game.effects)
        assert sum(game.bag.values()) + sum(sum(p.minerals.values()) for p in game.players) + sum(
            sum(t.minerals.values()) for t in game.board.forest.totals.values()) == 120


class Forger(SkillPlugin):
    """A fan's skill with a bug that writes the state directly, past the effects."""
    hears = {"trian_options": ("extraction",)}

    @hookimpl
    def trian_options(self, game, player, phase):
        return {"forge": self._forge, "halve": self._halve}

    def _forge(self):
        self.me.supply["emissaries"] -= 100

    def _halve(self):
        self.me.minerals["red"] += 0.5


@pytest.mark.parametrize("option, broken", [("forge", "supply:red"), ("halve", "minerals:red")])
def test_a_plugin_that_breaks_an_invariant_is_named_and_undone(option, broken):
    game = game_in_extraction()
    game.hooks.add_skill_plugin("red", Forger(game, "red", game.ruleset.skills["warcry"]))
    game.checkpoint()
    before = (dict(game.player("red").supply), dict(game.player("red").minerals), list(game.log))
    with pytest.raises(PluginFailure, match=f"Forger.*state is broken: zone {broken}"):
        game.choose(option)
    assert (dict(game.player("red").supply), dict(game.player("red").minerals), list(game.log)) == before


class Gambler(SkillPlugin):
    """A fan's skill with a bug: it draws from Python's shared generator, which no log replays."""
    hears = {"trian_options": ("extraction",)}

    @hookimpl
    def trian_options(self, game, player, phase):
        return {"gamble": self._gamble}

    def _gamble(self):
        self.game.move(random.choice(["red"]), 1, "bag", f"minerals:{self.owner}", "a lucky draw")


def test_a_draw_outside_the_games_generator_is_named_and_undone():
    game = game_in_extraction()
    game.hooks.add_skill_plugin("red", Gambler(game, "red", game.ruleset.skills["warcry"]))
    game.checkpoint()
    before = (dict(game.bag), dict(game.player("red").minerals), list(game.log), game.rng.getstate())
    with pytest.raises(PluginFailure, match=r"Gambler.*random\.choice\(\).*game\.rng"):
        game.choose("gamble")
    assert (dict(game.bag), dict(game.player("red").minerals), list(game.log), game.rng.getstate()) == before
    assert random.choice([1]) == 1  # outside a choice the module works as usual
