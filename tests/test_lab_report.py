"""simulate --report DIR (trian_script.lab.store, lab.report) and --cluster (lab.cluster): the rows
of a study, kept as games finish, resumed, and the same on a Dask cluster as on local processes."""
import argparse
import csv
import json

import pytest

from trian_script import balance
from trian_script.balance import add_arguments, run

STUDY = ["--seats", "xemh,sslyx", "--bot", "random", "--no-progress", "--workers", "1"]


def simulate_cli(argv):
    parser = argparse.ArgumentParser(prog="trian simulate")
    add_arguments(parser)
    return run(parser.parse_args(argv))


def rows(folder, name="games.csv"):
    with (folder / name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_report_has_a_row_per_game_and_seat(tmp_path, capsys):
    assert simulate_cli(["--games", "4", "--seed", "3", "--report", str(tmp_path), *STUDY]) == 0
    games = rows(tmp_path)
    assert [(r["seed"], r["seat"], r["seat_index"]) for r in games] == [
        (str(s), c, str(i)) for s in range(3, 7) for i, c in enumerate(["red", "blue"], 1)]
    assert {r["race"] for r in games} == {"xemh", "sslyx"} and {r["bot"] for r in games} == {"random"}
    for seed in range(3, 7):
        mine = [r for r in games if r["seed"] == str(seed)]
        assert sorted(r["turn"] for r in mine) == ["1", "2"]
        assert sum(float(r["won"]) for r in mine) == pytest.approx(1)
        assert len({r["decisions"] for r in mine}) == 1
    long = rows(tmp_path, "skills.csv")
    for column, wide in (("uses", "skill_uses"), ("changes", "skill_changes"), ("credits", "skill_credits")):
        counts = {(r["seed"], r["seat"]): json.loads(r[wide]) for r in games}
        assert {(r["seed"], r["seat"], r["skill"]): int(r[column]) for r in long if int(r[column])} == {
            (seed, seat, skill): n for (seed, seat), used in counts.items() for skill, n in used.items() if n}
    assert any(int(r["changes"]) for r in long) and any(int(r["uses"]) for r in long)
    assert "report in" in capsys.readouterr().err


def test_an_interrupted_study_keeps_its_games_and_goes_on(tmp_path, capsys, monkeypatch):
    whole = tmp_path / "whole"
    assert simulate_cli(["--games", "6", "--report", str(whole), *STUDY]) == 0
    summary = capsys.readouterr().out

    part = tmp_path / "part"
    real = balance.play_game

    def dies_at_seed_5(ruleset, seats, seed, first=None):
        if seed == 5:
            raise KeyboardInterrupt
        return real(ruleset, seats, seed, first)

    monkeypatch.setattr(balance, "play_game", dies_at_seed_5)
    assert simulate_cli(["--games", "6", "--report", str(part), *STUDY]) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the 4 game(s) that finished are kept" in err
    assert [r["seed"] for r in rows(part)][::2] == ["1", "2", "3", "4"]
    with (part / "results.jsonl").open("a") as f:
        f.write('{"seed": 5, "races"')  # half a line, as a killed run leaves it

    monkeypatch.setattr(balance, "play_game", real)
    assert simulate_cli(["--games", "6", "--report", str(part), *STUDY]) == 0
    resumed = capsys.readouterr()
    assert "4 game(s) already played there" in resumed.err
    assert resumed.out == summary  # the games read back count as the games played (modules taken too)
    assert rows(part) == rows(whole)
    assert len((part / "results.jsonl").read_text().splitlines()) == 6


def test_a_folder_of_another_study_is_refused(tmp_path, capsys):
    assert simulate_cli(["--games", "2", "--report", str(tmp_path), *STUDY]) == 0
    capsys.readouterr()
    assert simulate_cli(["--games", "2", "--report", str(tmp_path), *STUDY, "--design", "fixed"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --report") and "another study" in err and err.count("\n") == 1


def test_parquet_twins_match_the_csv(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    assert simulate_cli(["--games", "3", "--report", str(tmp_path), *STUDY]) == 0
    table = pq.read_table(tmp_path / "games.parquet").to_pylist()
    assert [(str(r["seed"]), r["seat"], r["race"], str(r["score"])) for r in table] == \
        [(r["seed"], r["seat"], r["race"], r["score"]) for r in rows(tmp_path)]


def test_html_report_has_its_plots(tmp_path):
    pytest.importorskip("matplotlib")
    assert simulate_cli(["--games", "4", "--report", str(tmp_path), *STUDY]) == 0
    page = (tmp_path / "report.html").read_text()
    for title in ("win rate per race", "final credits per race", "seat advantage", "first-player advantage",
                  "skill use per race"):
        assert title in page
    assert page.count("data:image/png;base64,") >= 5 and "results per race" in page


# -- a Dask cluster ------------------------------------------------------------------------------------
def test_a_local_cluster_gives_the_same_rows(tmp_path, capsys):
    pytest.importorskip("dask.distributed")
    argv = ["--games", "5", "--seats", "xemh,sslyx,arvori", "--bot", "random", "--no-progress"]
    assert simulate_cli([*argv, "--workers", "1", "--report", str(tmp_path / "a")]) == 0
    assert simulate_cli([*argv, "--workers", "2", "--cluster", "local", "--report", str(tmp_path / "b")]) == 0
    assert rows(tmp_path / "a") == rows(tmp_path / "b")
    assert (tmp_path / "a" / "games.csv").read_bytes() == (tmp_path / "b" / "games.csv").read_bytes()


def test_an_unreachable_scheduler_is_one_line_and_exit_2(tmp_path, capsys):
    pytest.importorskip("dask.distributed")
    assert simulate_cli(["--games", "2", *STUDY, "--cluster", "tcp://127.0.0.1:9", "--report", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --cluster tcp://127.0.0.1:9: no scheduler answers there") and err.count("\n") == 1


def test_a_worker_that_dies_keeps_what_finished(tmp_path, capsys, monkeypatch):
    import os

    real = balance.play_game

    def dies_at_seed_4(ruleset, seats, seed, first=None):
        if seed == 4:
            os._exit(9)  # the worker process ends at once, as if killed
        return real(ruleset, seats, seed, first)

    monkeypatch.setattr(balance, "play_game", dies_at_seed_4)  # the workers are forked with it
    argv = ["--games", "6", "--seats", "xemh,sslyx", "--bot", "random", "--no-progress", "--report", str(tmp_path)]
    assert simulate_cli([*argv, "--workers", "2"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: a worker process died") and err.count("\n") == 1 and "are kept in" in err
    kept = {int(r["seed"]) for r in rows(tmp_path)}
    assert 4 not in kept and len((tmp_path / "results.jsonl").read_text().splitlines()) == len(kept)

    monkeypatch.setattr(balance, "play_game", real)
    assert simulate_cli([*argv, "--workers", "1"]) == 0
    assert {int(r["seed"]) for r in rows(tmp_path)} == set(range(1, 7))
