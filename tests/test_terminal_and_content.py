"""The terminal game at a real prompt (prompt_toolkit: typed lines, Tab completing option texts),
help with prices and skills, `board FILE`, and the `--content` of validate, rules coverage and the
scenario runner (a scenario seating a race of one's own)."""
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from trian_script import Game, load_ruleset
from trian_script.cli import HumanPlayer, completer, main


def red_to_buy() -> Game:
    game = Game(load_ruleset("new_order"), ["red", "blue"], 3)
    while game.decision.player != "red" or "buy mineral blue" not in game.decision.options:
        game.choose(game.decision.options[-1])
    return game


def test_tab_completes_an_option_text_from_its_start():
    decision = red_to_buy().decision
    found = [c.text for c in completer(decision).get_completions(Document("buy mineral bl"), None)]
    assert found == ["buy mineral blue"]
    assert "undo" in [c.text for c in completer(decision).get_completions(Document("un"), None)]


def test_a_person_answers_through_the_prompt_library(tmp_path, capsys):
    game = red_to_buy()
    with create_pipe_input() as pipe:
        pipe.send_text(f"help\rboard {tmp_path / 'b.svg'}\rbuy mineral blue\r")
        person = HumanPlayer()
        person.session = PromptSession(input=pipe, output=DummyOutput())
        assert person.choose(game) == "buy mineral blue"
    out = capsys.readouterr().out
    assert "prices for you now: a mineral 6¢" in out and "your skills:" in out
    assert "buy          buy a mineral or a combat token" in out
    ET.parse(tmp_path / "b.svg")


def test_help_names_each_skill_of_the_player_with_what_it_does(capsys, monkeypatch):
    game = red_to_buy()
    answers = iter(["help", "1"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    HumanPlayer().choose(game)
    out = capsys.readouterr().out
    for skill in game.skills.owned["red"].skills:
        assert f"{skill.title} (" in out and skill.text in out
    assert "modules still locked" in out


STAR_FOLK = """
race star-folk "Star Folk" {
  colour = purple
  active = [star-folk-traders, lucky]
  module 1: manoeuvring-thrusters / gain-more-from-nebulas
  module 2: warcry / a-set-of-minerals
  module 3: ion-drive / gain-more-from-systems
}
skill star-folk-traders "Traders" {
  text = "in phase 1, turn 2 yellow minerals into 9¢"
  action extraction "sell 2 yellow minerals for 9¢" if minerals.yellow >= 2 -> discard(yellow, 2), credits(9)
}
"""
SCENARIO = """
scenario star_folk_traders "Traders: 2 yellow minerals become 9 credits" {
  covers skill:star-folk-traders
  races = {red: star-folk}
  first = red
  minerals = {red: {yellow: 2}}
  choose "use star-folk-traders"
  expect credits.red == 19 and minerals.red.yellow == 0
}
"""


@pytest.fixture
def own_race(tmp_path):
    (tmp_path / "races").mkdir()
    (tmp_path / "races" / "star-folk.trian").write_text(STAR_FOLK)
    (tmp_path / "test_star_folk.trian").write_text(SCENARIO)
    return tmp_path


def test_validate_and_coverage_take_content(own_race, capsys):
    scenario, races = own_race / "test_star_folk.trian", own_race / "races"
    assert main(["validate", "--content", str(races), str(scenario)]) == 0
    assert "9 races" in capsys.readouterr().out
    assert main(["rules", "coverage", "--content", str(races), str(scenario)]) == 0
    out = capsys.readouterr().out
    assert "skills with no scenario" in out and "star-folk-traders" not in out.split("skills with no scenario")[1]
    assert main(["rules", "coverage", str(scenario)]) == 0  # without the race, its skill is not listed
    assert "star-folk-traders" not in capsys.readouterr().out


def run_pytest(folder, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args, "test_star_folk.trian"],
                          cwd=folder, capture_output=True, text=True, timeout=300)


def test_a_scenario_seats_a_race_from_content(own_race):
    done = run_pytest(own_race, "--trian-content", "races")
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout
    (own_race / "pytest.ini").write_text("[pytest]\ntrian_content = races\n")
    done = run_pytest(own_race)
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout


def test_a_scenario_naming_an_unknown_race_says_where_to_give_it(own_race):
    done = run_pytest(own_race)
    assert done.returncode == 1 and "--trian-content PATH" in done.stdout
