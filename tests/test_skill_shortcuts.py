"""What skills skip to be quick changes no option: a guard that says an action has no target is
right, and a module unlocked changes exactly the parameters its skill modifies."""
import dataclasses
import random

from trian_script import Game, load_ruleset
from trian_script.games.new_order.skill_targets import _has_token

SEATS = ["red", "blue", "green", "yellow"]
TABLES = [("xemh", "sslyx", "arvori", "volkharnian"), ("khaarquar", "maephos", "quuylto", "borf-naree")]


def test_guards_come_from_sources_and_from_calls_a_condition_requires():
    skills = load_ruleset("new_order").skills
    # ``where place.level == "research-station" and token-emissary-at("slave-minion", place.cell)``
    assert skills["living-structures"].actions[0].guards == ((_has_token, ("slave-minion",)),)
    # ``tokens("interstellar")``; a negated call (``not token-on(place, "wormhole")``) guards nothing
    assert [g for a in skills["supreme-priestess"].actions[1:] for g in a.guards] == [(_has_token, ("interstellar",))] * 2
    assert skills["subspace-tunnel-technology"].actions[0].guards == ()


def test_an_action_a_guard_stops_has_no_option_without_it():
    """At every decision of random games with a race on every seat, each action of the player
    deciding that a guard stops offers nothing when listed without its guards."""
    stopped = 0
    for table in TABLES:
        for seed in range(3):
            game, rnd = Game(load_ruleset("new_order"), SEATS, seed, races=dict(zip(SEATS, table))), random.Random(seed)
            while not game.is_over:
                stopped += _check_guards(game)
                options = game.decision.options
                game.choose(options[rnd.randrange(len(options))])
    assert stopped > 100  # the guards were asked, and said "none" often


def _check_guards(game) -> int:
    from trian_script.games.new_order.skills import _certainly_none

    book, me, stopped = game.skills, game.current.name, 0
    for (player, phase), actions in list(book._kept("actions").items()):
        for skill, index, action in actions if player == me else ():
            if not action.guards or not _certainly_none(game, me, action.guards):
                continue
            stopped += 1
            unguarded = dataclasses.replace(action, guards=())
            kept = book._cache["actions"]
            book._cache["actions"] = {(me, phase): [(skill, index, unguarded)]}
            try:
                with book.listing():
                    assert book.action_options_for(me, phase) == {}, (skill.name, index)
            finally:
                book._cache["actions"] = kept
    return stopped


def test_a_module_changes_the_parameters_its_skill_modifies_and_keeps_the_others():
    """Maephos' Harvester (``ship.move.rogue += 1``): a Rogue moves 1 tile further at once, though
    its move was asked before; a price asked before is kept, not worked out again."""
    ruleset = load_ruleset("new_order")
    game = Game(ruleset, SEATS, 1, races={"red": "maephos"})
    rogue, price = game.param("ship.move", "red", unit="rogue"), game.param("cost.mineral", "red")
    kept = game.skills._values["red"]
    game.skills.add("red", ruleset.skills["harvester"])
    assert game.param("ship.move", "red", unit="rogue") == rogue + 1
    assert game.skills._values["red"] is kept and "cost.mineral" in kept
    assert game.param("cost.mineral", "red") == price
