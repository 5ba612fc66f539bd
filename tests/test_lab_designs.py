"""Fair study designs (trian_script.lab.designs) and the tests of a study (trian_script.lab.stats)."""
import argparse
import re
from collections import Counter
from itertools import combinations

import pytest

from trian_script.balance import Seat, add_arguments, play_game, run
from trian_script.engine.ruleset import load_ruleset
from trian_script.lab.designs import seat_list, tables
from trian_script.lab.stats import binomial_p, holm

COLOURS = ["red", "blue", "green", "yellow"]
RACES = ["quuylto", "xemh", "sslyx", "arvori"]


def seats(*races, bot="random"):
    return [Seat(f"s{i}", race, bot) for i, race in enumerate(races)]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_rotate_puts_every_race_in_every_seat_and_first_equally(n):
    plan = tables("rotate", seats(*RACES[:n]), COLOURS, list(range(100, 100 + 2 * n * n)))
    assert [t.seed for t in plan] == list(range(100, 100 + 2 * n * n))
    by_seat = Counter((s.race, s.colour) for t in plan for s in t.seats)
    starts = Counter(t.seats[t.first].race for t in plan)
    start_seat = Counter((t.seats[t.first].race, t.seats[t.first].colour) for t in plan)
    assert set(by_seat.values()) == {2 * n} and len(by_seat) == n * n
    assert set(starts.values()) == {2 * n} and len(starts) == n
    assert set(start_seat.values()) == {2} and len(start_seat) == n * n  # each race starts from each seat
    for t in plan:  # the clockwise order of the races never changes, only where the circle starts
        races = [s.race for s in t.seats]
        k = races.index(RACES[0])
        assert races[k:] + races[:k] == RACES[:n]


def test_round_robin_plays_every_set_equally():
    plan = tables("round-robin", seats(*RACES), COLOURS, list(range(6 * 4 * 3)), players=2)
    sets = Counter(frozenset(s.race for s in t.seats) for t in plan)
    assert set(sets) == {frozenset(c) for c in combinations(RACES, 2)} and set(sets.values()) == {12}
    per_seat = Counter((s.race, s.colour) for t in plan for s in t.seats)
    assert set(per_seat.values()) == {18}  # each race: 3 opponents × 2 rotations × 3 passes in each seat
    assert all(len(t.seats) == 2 and [s.colour for s in t.seats] == COLOURS[:2] for t in plan)


def test_random_design_is_balanced_after_each_pass_and_depends_on_the_seed():
    cells = 6 * 2 * 2
    plan = tables("random", seats(*RACES), COLOURS, list(range(3 * cells)), players=2, design_seed=5)
    for k in range(3):
        block = plan[k * cells:(k + 1) * cells]
        assert len({(t.seats, t.first) for t in block}) == cells
    again = tables("random", seats(*RACES), COLOURS, list(range(3 * cells)), players=2, design_seed=5)
    other = tables("random", seats(*RACES), COLOURS, list(range(3 * cells)), players=2, design_seed=6)
    assert plan == again and plan != other


def test_fixed_keeps_the_seats_and_the_roll():
    plan = tables("fixed", seats("xemh", "sslyx"), COLOURS, [1, 2])
    assert all(t.first is None and [s.race for s in t.seats] == ["xemh", "sslyx"] for t in plan)


def test_seat_list_turns_the_circle():
    assert seat_list(["red", "blue", "green"], first=2, rolled=0) == ["green", "red", "blue"]
    assert seat_list(["red", "blue", "green"], first=1, rolled=1) == ["red", "blue", "green"]


def test_the_chosen_seat_starts():
    ruleset = load_ruleset("new_order")
    for table in tables("rotate", seats("xemh", "sslyx", "arvori"), COLOURS, list(range(7, 16))):
        result = play_game(ruleset, list(table.seats), table.seed, table.first)
        assert result["first"] == table.seats[table.first].colour
        assert list(result["races"]) == COLOURS[:3]  # rows keep the table's clockwise order


# -- statistics ------------------------------------------------------------------------------------
@pytest.mark.parametrize("k, n, p, expected", [
    (3, 10, 0.5, 0.34375),            # symmetric: 2 * P(X <= 3)
    (0, 10, 0.5, 2 / 1024),
    (10, 10, 0.5, 2 / 1024),
    (5, 10, 0.5, 1.0),
    (2, 20, 0.25, 0.1931),            # asymmetric: P(X <= 2) + P(X >= 8), the counts no more likely
])
def test_binomial_p_known_values(k, n, p, expected):
    assert binomial_p(k, n, p) == pytest.approx(expected, abs=1e-4)


def test_binomial_p_large_and_edges():
    assert binomial_p(1000, 2000, 0.5) == pytest.approx(1.0)
    assert 0.02 < binomial_p(950, 2000, 0.5) < 0.03  # z ≈ -2.24
    with pytest.raises(ValueError):
        binomial_p(11, 10, 0.5)


def test_holm_steps_down_and_stays_monotone():
    adjusted = holm({"a": 0.01, "b": 0.04, "c": 0.03, "d": 0.5})
    assert adjusted == pytest.approx({"a": 0.04, "c": 0.09, "b": 0.09, "d": 0.5})
    assert holm({}) == {}


# -- the command line --------------------------------------------------------------------------------
def simulate_cli(argv):
    parser = argparse.ArgumentParser(prog="trian simulate")
    add_arguments(parser)
    return run(parser.parse_args(argv))


def test_rotate_study_reports_seats_and_first_player(capsys):
    assert simulate_cli(["--games", "8", "--seats", "xemh,sslyx", "--bot", "random", "--workers", "1",
                         "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "design: rotate" in out and "p (Holm)" in out
    assert "seat advantage" in out and "first-player advantage" in out
    assert re.search(r"\| +1st \| +8 \|", out) and re.search(r"\| red +\| +8 \|", out)


def test_round_robin_needs_a_player_count_within_the_rules(capsys):
    assert simulate_cli(["--games", "2", "--design", "round-robin", "--players", "9", "--no-progress"]) == 2
    assert "--players" in capsys.readouterr().err
    assert simulate_cli(["--games", "2", "--design", "rotate", "--players", "3", "--seats", "xemh,sslyx",
                         "--no-progress"]) == 2
