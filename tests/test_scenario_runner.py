"""The scenario runner's own manners: a setting it cannot honour is refused at its place."""
from __future__ import annotations

import pytest

from trian_script.dsl.loader import load
from trian_script.games.new_order.scenario import ScenarioFailure, run_scenario


def test_a_scenario_cannot_put_a_piece_its_supply_lacks(tmp_path):
    path = tmp_path / "test_put.trian"
    path.write_text('scenario no_station_left "x" {\n  ruleset = new_order\n  supply = {red: {research-stations: 0}}\n'
                    '  lay P1 @(0,0,1) r0\n  put red research-station @(0,0,1)\n}\n', encoding="utf-8")
    with pytest.raises(ScenarioFailure) as failure:
        run_scenario(load([path]), "no_station_left")
    text = failure.value.render()
    assert text.startswith(f"{path}:5:3") and "red has no research-station left" in text
    assert "supply = {red: {research-stations: 1}}" in text


def _scenario(tmp_path, body: str):
    path = tmp_path / "test_setup.trian"
    path.write_text('scenario s "x" {\n' + body + "}\n", encoding="utf-8")
    return path, lambda: run_scenario(load([path]), "s")


def test_refuse_setup_holds_when_the_rules_refuse_the_seats(tmp_path):
    _, run = _scenario(tmp_path, '  ruleset = galactic_realms\n  seats = [red, blue, green, yellow, purple]\n'
                                 '  refuse-setup "GR-1.3"\n')
    assert run() is None


def test_refuse_setup_fails_when_another_rule_refuses_or_the_game_is_set_up(tmp_path):
    path, run = _scenario(tmp_path, '  ruleset = galactic_realms\n  seats = [red, blue, green, yellow, purple]\n'
                                    '  refuse-setup "GR-2.2"\n')
    with pytest.raises(ScenarioFailure, match="refused, but not by GR-2.2") as failure:
        run()
    assert failure.value.render().startswith(f"{path}:4:3")
    _, run = _scenario(tmp_path, '  ruleset = galactic_realms\n  seats = [red, blue]\n  refuse-setup\n')
    with pytest.raises(ScenarioFailure, match="expected the setup to be refused, but the game was set up"):
        run()
