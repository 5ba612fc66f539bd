"""``trian simulate`` (trian_script.balance): statistics, seat specs, and summaries that do not depend
on how many worker processes played the games."""
import argparse
import multiprocessing
import random
import re
import textwrap

import pytest

from trian_script.balance import GameFailed, Seat, SeatError, add_arguments, aggregate, parse_seats, play_game, \
    run, wilson
from trian_script.bots import BOTS
from trian_script.engine.ruleset import load_ruleset

# A small second race for the tests: one skill of its own (a trigger, so its uses are counted), the
# rest borrowed from Quuylto and the universal skills.
TEST_RACE = """\
race zzyzx "Zzyzx" {
  colour = green
  text = "a race for the balance tests"
  active = [zzyzx-salvage, holographic-trick]
  module 1: ice-cell / gain-more-from-nebulas
  module 2: priceless-technology / a-set-of-minerals
  module 3: quantum-harmonic-oscillator / gain-more-from-systems
}

skill zzyzx-salvage "Zzyzx salvage" {
  text = "each time you close an area of outer space, +1 credit"
  when = "phase 2"
  trigger area-closed if kind == space -> credits(1)
}
"""


@pytest.fixture(scope="module")
def race_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("races")
    (folder / "zzyzx.trian").write_text(TEST_RACE, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def ruleset(race_dir):
    return load_ruleset("new_order", [race_dir])


def simulate_cli(argv):
    parser = argparse.ArgumentParser(prog="trian simulate")
    add_arguments(parser)
    return run(parser.parse_args(argv))


# -- wilson -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("wins, n, low, high", [
    (5, 10, 0.236590, 0.763410),
    (0, 10, 0.0, 0.277540),     # upper bound z²/(n+z²)
    (10, 10, 0.722460, 1.0),    # lower bound n/(n+z²)
    (1, 2, 0.094529, 0.905471),
    (81, 263, 0.255288, 0.366211),
    (2.5, 10, 0.080946, 0.557824),  # shared victories make fractional wins
])
def test_wilson_known_values(wins, n, low, high):
    assert wilson(wins, n) == pytest.approx((low, high), abs=1e-6)


def test_wilson_edges_and_symmetry():
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(5, 10, z=0) == pytest.approx((0.5, 0.5))
    low, high = wilson(3, 20)
    assert (1 - high, 1 - low) == pytest.approx(wilson(17, 20))
    assert wilson(30, 100, z=2.576)[0] < wilson(30, 100)[0]  # 99% is wider than 95%
    with pytest.raises(ValueError):
        wilson(11, 10)


# -- seat specs --------------------------------------------------------------------------------------
def test_seats_by_race_with_bots(ruleset):
    assert parse_seats("quuylto@random, zzyzx", ruleset, BOTS, "greedy") == [
        Seat("red", "quuylto", "random"), Seat("blue", "zzyzx", "greedy")]
    assert parse_seats("random@random,quuylto", ruleset, BOTS, "greedy") == [
        Seat("red", None, "random"), Seat("blue", "quuylto", "greedy")]


def test_defaults_and_races_dir_alias(race_dir):
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--races-dir", str(race_dir)])
    assert (args.games, args.seed, args.ruleset, args.bot, args.seats) == (100, 1, "new_order", "greedy", None)
    assert args.workers >= 1 and args.content == [race_dir] and not args.no_progress
    assert (args.design, args.players) == ("rotate", None)


def test_seats_by_number_draw_races(ruleset):
    assert parse_seats("2", ruleset, BOTS, "random") == [Seat("red", None, "random"), Seat("blue", None, "random")]


@pytest.mark.parametrize("spec, message", [
    ("quuylto,nosuchrace", "unknown race 'nosuchrace'"),
    ("quuylto,zzyzz", "did you mean 'zzyzx'?"),
    ("quuylto@nobot,zzyzx", "unknown bot 'nobot'"),
    ("9", "2 to 4 players, not 9"),
    ("quuylto", "2 to 4 players, not 1"),
    ("quuylto,,zzyzx", "an empty item"),
    ("zzyzx,zzyzx", "same race"),
])
def test_bad_seats_are_refused(ruleset, spec, message):
    with pytest.raises(SeatError, match=re.escape(message)):
        parse_seats(spec, ruleset, BOTS, "greedy")


def test_bad_seats_exit_2_with_one_line(race_dir, capsys):
    assert simulate_cli(["--seats", "quuylto,xyzzy", "--content", str(race_dir), "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --seats: unknown race 'xyzzy'") and err.count("\n") == 1
    assert "Traceback" not in err


def test_unknown_ruleset_prints_the_report_and_exits_1(capsys):
    assert simulate_cli(["--ruleset", "new_ordr", "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert "TS303" in err and "did you mean 'new_order'?" in err


# -- playing and counting --------------------------------------------------------------------------
def _race_rows(out: str) -> dict[str, list[str]]:
    """The per-race table of a plain-text summary (a Markdown table): race -> its cells."""
    rows = {}
    for line in out.split("\nskills")[0].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 9 and cells[1].isdigit():
            rows[cells[0]] = cells
    return rows


def test_summary_is_the_same_for_one_and_two_workers(race_dir, capsys):
    argv = ["--games", "6", "--seed", "11", "--seats", "quuylto,zzyzx", "--content", str(race_dir), "--no-progress"]
    assert simulate_cli([*argv, "--workers", "2"]) == 0
    parallel = capsys.readouterr().out
    assert simulate_cli([*argv, "--workers", "1"]) == 0
    serial = capsys.readouterr().out
    assert parallel == serial
    assert "6 games, seeds 11..16" in serial

    rows = _race_rows(serial)
    assert set(rows) == {"quuylto", "zzyzx"}
    assert sum(int(r[1]) for r in rows.values()) == 6 * 2  # every seat of every game, once
    assert sum(float(r[2]) for r in rows.values()) == pytest.approx(6)  # one win per game, shared or not
    assert re.search(r"\| zzyzx\s+\| active\s+\| zzyzx-salvage\s+\| trigger", serial)
    assert re.search(r"\| quuylto\s+\| 2 universal\s+\| a-set-of-minerals\s+\|", serial)


def test_aggregate_counts_shared_wins_and_ignores_order(ruleset):
    seats = [Seat("red", "quuylto", "greedy"), Seat("blue", "zzyzx", "greedy")]
    results = [play_game(ruleset, seats, seed) for seed in (3, 4)]
    shared = dict(results[0], seed=5, winners=["red", "blue"])
    results.append(shared)
    shuffled = results[:]
    random.Random(1).shuffle(shuffled)
    summary = aggregate(results, ruleset, seats)
    assert summary == aggregate(shuffled, ruleset, seats)
    assert summary.shared == 1
    assert sum(s.games for s in summary.sides.values()) == 6
    assert sum(s.wins for s in summary.sides.values()) == pytest.approx(3)
    assert {s.wins % 1 for s in summary.sides.values()} == {0.5}
    for result in results:
        assert set(result) == {"seed", "races", "bots", "first", "winners", "scores", "used", "changed",
                               "credits", "unlocked", "decisions"}
        assert result["races"] == {"red": "quuylto", "blue": "zzyzx"}


def test_a_game_that_raises_names_its_seed(ruleset, monkeypatch):
    seats = [Seat("red", "quuylto", "greedy"), Seat("blue", "zzyzx", "greedy")]

    def broken(self, game):
        raise RuntimeError("bot bug")

    monkeypatch.setattr(BOTS["greedy"], "choose", broken)
    with pytest.raises(GameFailed) as info:
        play_game(ruleset, seats, 42)
    assert info.value.seed == 42 and "bot bug" in str(info.value)


def test_content_with_errors_exits_1(tmp_path, capsys):
    bad = tmp_path / "bad.trian"
    bad.write_text(textwrap.dedent("""\
        race broken "Broken" {
          active = [no-such-skill, holographic-trick]
        }
    """), encoding="utf-8")
    assert simulate_cli(["--content", str(bad), "--games", "1"]) == 1
    assert "error[" in capsys.readouterr().err


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="only forked workers inherit the ruleset")
def test_forked_workers_take_the_parents_ruleset(monkeypatch):
    from trian_script.balance import _play_tables, play_game, worker_pool
    from trian_script.engine.game import COLOURS
    from trian_script.lab.designs import tables

    ruleset = load_ruleset("new_order")
    plan = tables("rotate", [Seat(c, race, "random") for c, race in zip(COLOURS, ["xemh", "sslyx"])],
                  list(COLOURS), [7])

    def loading_again(*args, **kwargs):
        raise AssertionError("a worker loaded the ruleset again")

    monkeypatch.setattr("trian_script.engine.ruleset.load_ruleset", loading_again)  # what the workers inherit
    with worker_pool(ruleset, [], 1) as pool:
        played = pool.submit(_play_tables, plan, ruleset.hash).result()
    assert played == [play_game(ruleset, list(plan[0].seats), 7, plan[0].first)]
