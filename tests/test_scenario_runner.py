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


def test_a_function_given_too_many_values_says_what_it_takes(tmp_path):
    path, run = _scenario(tmp_path, '  ruleset = galactic_realms\n  expect tile(0, 0, 1) == none\n')
    with pytest.raises(ScenarioFailure) as failure:
        run()
    text = failure.value.render()
    assert text.startswith(f"{path}:3:3") and "tile(0, 0, 1): tile takes (q, r)" in text


def test_players_named_together_are_equal_in_any_order(tmp_path):
    lay = '  lay "LEELEE" @(0,-1) r0\n  lay "LEELEE" @(0,-2) r0\n'
    put = '  put red starship @(0,-1) lane\n  put blue starship @(0,-2) lane\n'
    for written in ('"red and blue"', '"blue and red"'):
        _, run = _scenario(tmp_path, f'  ruleset = galactic_realms\n  first = red\n{lay}{put}'
                                     f'  expect controller(0, -1, lane) == {written} and ship(0, -2, lane) == blue\n')
        run()
    _, run = _scenario(tmp_path, f'  ruleset = galactic_realms\n  first = red\n{lay}{put}'
                                 '  expect controller(0, -1, lane) == red\n')
    with pytest.raises(ScenarioFailure) as failure:
        run()
    assert 'controller(0,-1,lane) = "red and blue"' in failure.value.render()  # in seat order


def test_a_team_seat_sets_its_own_card_of_the_team_supply(tmp_path):
    teams = '  ruleset = deluxe_teams\n  seats = [red, blue, green, yellow]\n'
    _, run = _scenario(tmp_path, teams + '  supply = {red: {emissaries: 0}}\n'
                                         '  expect supply.red.emissaries == 7 and supply.green.emissaries == 7\n')
    run()
    _, run = _scenario(tmp_path, teams + '  supply = {red: {emissaries: 3}, green: {emissaries: 4}}\n'
                                         '  expect supply.red.emissaries == 7 and supply.blue.emissaries == 14\n')
    run()



def test_combat_tokens_go_back_before_any_hand_is_dealt(tmp_path):
    """``tokens = {red: [every token], blue: []}``: blue's starting token is in the bag before red's
    hand is dealt, whichever seat is written first."""
    from trian_script import Game, load_ruleset

    game = Game(load_ruleset("with-ships"), ["red", "blue"], 1)
    every = sorted(game.token_bag + [t for p in game.players for t in p.tokens])
    for hands in ([("red", every), ("blue", [])], [("blue", []), ("red", every)]):
        written = ", ".join(f"{seat}: [{', '.join(tokens)}]" for seat, tokens in hands)
        _, run = _scenario(tmp_path, f"  ruleset = with-ships\n  seats = [red, blue]\n  tokens = {{{written}}}\n"
                                     f"  expect tokens.red == {len(every)} and tokens.blue == 0\n")
        run()  # (a hand it cannot deal, or an expectation that fails, raises ScenarioFailure)
