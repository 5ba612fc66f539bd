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
