"""The ``trian`` command as a user runs it: exit codes and what it prints."""
import re
import subprocess
import sys
import textwrap

from trian_script.cli import main


def test_validate_shipped_content(capsys):
    assert main(["validate"]) == 0
    assert "no problems" in capsys.readouterr().out


def test_the_scenario_files_load_together(capsys):
    """`trian rules coverage` and `trian validate` read every scenario file at once: a variant or
    tileset two files define under one name would stop them."""
    from pathlib import Path

    assert main(["validate", str(Path(__file__).parent / "scenarios")]) == 0
    assert "no problems" in capsys.readouterr().out


def test_validate_broken_file_exits_1_with_caret_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.trian"
    bad.write_text(textwrap.dedent("""\
        tileset fan extends new_order {
          face B = nnn sss sss [nebul: extractor]
        }
    """))
    run = subprocess.run([sys.executable, "-m", "trian_script.cli", "validate", str(bad)],
                         capture_output=True, text=True)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert re.search(r"bad\.trian:2:25", run.stderr)
    assert "^^^^^" in run.stderr and "did you mean 'nebula'?" in run.stderr


def test_tiles_stats(capsys):
    assert main(["tiles", "stats"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"tiles:\s+84\b", out) and re.search(r"faces:\s+168\b", out)


def test_tiles_simulate_prints_the_dead_share_and_areas(capsys, tmp_path):
    svg = tmp_path / "board.svg"
    assert main(["tiles", "simulate", "--games", "3", "--seed", "5", "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    share = float(re.search(r"either face: \d+ \(([\d.]+)%\)", out).group(1))
    assert share <= 2.0
    for kind in ("nebula", "system", "space"):
        assert re.search(rf"{kind}\s+[\d.]+ per game\s+mean size", out)
    assert svg.read_text().startswith("<?xml")


def test_simulate_is_deterministic(capsys):
    main(["tiles", "simulate", "--games", "2", "--seed", "9"])
    first = capsys.readouterr().out
    main(["tiles", "simulate", "--games", "2", "--seed", "9"])
    assert capsys.readouterr().out == first


def test_unknown_tileset_is_a_diagnostic(capsys):
    assert main(["tiles", "stats", "--tileset", "new_ordr"]) == 2  # a name on the command line that names nothing is a usage error
    assert "did you mean 'new_order'?" in capsys.readouterr().err


def test_user_tileset_can_be_simulated(tmp_path, capsys):
    fan = tmp_path / "fan.trian"
    fan.write_text("tileset fan extends new_order {\n  remove T08\n}\n")
    assert main(["tiles", "stats", "--tileset", "fan", "--content", str(fan)]) == 0
    assert re.search(r"tiles:\s+78\b", capsys.readouterr().out)


def test_a_person_can_ask_for_help_undo_save_quit_and_resume(tmp_path):
    import subprocess
    import sys

    log = tmp_path / "h.log"
    run = subprocess.run([sys.executable, "-m", "trian_script.cli", "play", "--players", "2", "--seat", "red=human",
                          "--seed", "3", "--log", str(log)], input="help\n1\n1\nundo\nsave\nquit\n",
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "undo" in run.stdout and "took back" in run.stdout and "saved to" in run.stdout
    from trian_script.engine.log import parse

    moves = parse(log.read_text(), str(log)).moves
    assert len(moves) >= 1  # red's first choice stands; the second was taken back
    again = subprocess.run([sys.executable, "-m", "trian_script.cli", "play", "--resume", str(log), "--seat", "red=greedy"],
                           capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and "Traceback" not in again.stderr


def test_an_unwritable_log_is_refused_before_the_game(tmp_path):
    from trian_script.cli import main

    assert main(["play", "--players", "2", "--log", str(tmp_path / "no" / "such" / "x.log")]) == 2
