"""Every skill counted (balance reports): modifiers that changed a value, and the credits a skill's
effects brought, through the generic skill machinery (games/new_order/skills.py, plugins/dispatch.py)."""
import pytest

from trian_script.bots import GreedyBot
from trian_script.engine.game import Game
from trian_script.engine.ruleset import load_ruleset

RACE = """\
race counted "Counted" {
  colour = green
  text = "a race for the counting tests"
  active = [cheap-minerals, space-bounty]
  module 1: ice-cell / gain-more-from-nebulas
  module 2: priceless-technology / a-set-of-minerals
  module 3: quantum-harmonic-oscillator / gain-more-from-systems
}

skill cheap-minerals "Cheap minerals" {
  text = "a mineral costs 2 credits less"
  when = "phase 1"
  modify cost.mineral -= 2
}

skill space-bounty "Space bounty" {
  text = "each time you close an area of outer space, +3 credits"
  when = "phase 2"
  trigger area-closed if kind == space -> credits(3)
}
"""


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory):
    folder = tmp_path_factory.mktemp("races")
    (folder / "counted.trian").write_text(RACE, encoding="utf-8")
    return load_ruleset("new_order", [folder])


def test_a_modifier_counts_once_per_choice_and_not_while_options_are_listed(ruleset):
    game = Game(ruleset, ["red", "blue"], 3, races={"red": "counted", "blue": "xemh"})
    owned = game.skills.owned["red"]
    with game.skills.listing():
        assert game.param("cost.mineral", "red") == 4
    assert owned.changed["cheap-minerals"] == 0
    assert game.param("cost.mineral", "red") == 4 and game.param("cost.mineral", "red") == 4  # cached
    assert owned.changed["cheap-minerals"] == 1  # once in this choice
    game.choose(GreedyBot(1).choose(game))
    game.param("cost.mineral", "red")
    assert owned.changed["cheap-minerals"] == 2  # and again in the next one
    game.param("cost.mineral", "blue")
    assert game.skills.owned["blue"].changed == {}  # blue's price is the rule's


def test_credits_a_trigger_brings_are_the_skills(ruleset):
    game = Game(ruleset, ["red", "blue"], 3, races={"red": "counted", "blue": "xemh"})
    before = game.player("red").credits
    game.emit("area-closed", "red", kind="space", controller="none", closer="red", tiles=3, emissaries=0,
              extractors=0, planets=0)
    game.emit("area-closed", "red", kind="nebula", controller="none", closer="red", tiles=3, emissaries=0,
              extractors=0, planets=0)
    assert game.player("red").credits == before + 3
    assert game.skills.owned["red"].brought["space-bounty"] == 3
    assert game.skills.owned["red"].used["space-bounty"] == 1


def test_nested_skills_are_not_counted_twice(ruleset):
    game = Game(ruleset, ["red", "blue"], 3, races={"red": "counted", "blue": "xemh"})
    book, red = game.skills, game.player("red")
    before = red.credits

    def inner():
        game.score("red", 2, "test", "inner")

    def outer():
        game.score("red", 5, "test", "outer")
        book.credited("red", "space-bounty", inner)

    book.credited("red", "cheap-minerals", outer)
    assert book.owned["red"].brought["cheap-minerals"] == 5 and book.owned["red"].brought["space-bounty"] == 2
    assert red.credits == before + 7


def test_a_whole_game_counts_changes_and_credits(ruleset):
    game = Game(ruleset, ["red", "blue"], 5, races={"red": "counted", "blue": "xemh"})
    bots = {"red": GreedyBot(1), "blue": GreedyBot(2)}
    while not game.is_over:
        game.choose(bots[game.decision.player].choose(game))
    owned = game.skills.owned["red"]
    closures = [e for e in game.scores_log if e.player == "red" and e.source == "Space bounty"]
    assert owned.brought["space-bounty"] == 3 * len(closures) == 3 * owned.used["space-bounty"]
    copy = game.copy()  # the counters are part of the state: a copy keeps them
    assert copy.skills.owned["red"].brought == owned.brought and copy.skills.owned["red"].changed == owned.changed
