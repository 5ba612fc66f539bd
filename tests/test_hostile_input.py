"""Hostile and broken input: clear errors, nothing run, nothing read that should not be."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from trian_script import Game, load_ruleset
from trian_script.cli import main
from trian_script.dsl.loader import load

FIRST_LOG = Path(__file__).resolve().parents[1].parent / "shared" / "compat" / "first-release" / "p2s1.log"


def codes(report):
    return [d.code for d in report.diagnostics]


@pytest.mark.parametrize("target", ["/etc/passwd", "/proc/self/environ", "/dev/zero", "../../../../../../etc/hostname"])
def test_an_import_outside_the_content_is_refused_and_never_read(tmp_path, target):
    (tmp_path / "a.trian").write_text(f'import "{target}"\n')
    defs = load([tmp_path / "a.trian"])
    (d,) = [d for d in defs.report.diagnostics if d.code == "TS105"]
    assert d.position.line == 1 and "root:" not in defs.report.render() and "PATH=" not in defs.report.render()


def test_an_import_within_the_content_folder_is_read(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "v.trian").write_text('variant mine "Mine" extends beginner {\n  stacks = 3\n}\n')
    (tmp_path / "a.trian").write_text('import "sub/v.trian"\n')
    defs = load([tmp_path / "a.trian"])
    assert not defs.report and "mine" in defs.blocks["ruleset"]


@pytest.mark.parametrize("text, code", [
    ("variant v extends beginner {\n  stacks = " + "9" * 5000 + "\n}\n", "TS104"),
    ("variant v extends beginner {\n  closing.nebula = " + "-" * 5000 + "tiles\n}\n", "TS"),
    ("variant v extends beginner {\n  stacks = 0\n}\n", "TS203"),
    ("variant v extends beginner {\n  players = {min: 2, max: 6}\n}\n", "TS304"),
    ('ruleset v {\n  tileset = new_order\n}\n', "TS202"),
])
def test_bad_numbers_and_incomplete_rulesets_are_diagnostics(tmp_path, text, code):
    (tmp_path / "v.trian").write_text(text)
    found = codes(load([tmp_path / "v.trian"]).report)
    assert any(c.startswith(code) for c in found), found


def test_validate_runs_no_code_from_content(tmp_path):
    (tmp_path / "evil.py").write_text("from pathlib import Path\nPath(__file__).with_name('PWNED').write_text('x')\n")
    (tmp_path / "s.trian").write_text('skill evil "E" {\n  text = "x"\n  plugin "evil:Thing"\n}\n')
    assert main(["validate", str(tmp_path)]) == 0
    assert not (tmp_path / "PWNED").exists()


@pytest.mark.parametrize("seed", [None, "abc", 1.5, True])
def test_a_seed_is_a_whole_number(seed):
    with pytest.raises(TypeError, match="whole number"):
        Game(load_ruleset("beginner"), ["red", "blue"], seed)


def test_a_truncated_log_says_so_and_fails(tmp_path):
    if not FIRST_LOG.is_file():
        pytest.skip("no first-release log")
    lines = FIRST_LOG.read_text().splitlines()
    (tmp_path / "cut.log").write_text("\n".join(lines[:40]) + "\n")
    run = subprocess.run([sys.executable, "-m", "trian_script.cli", "replay", str(tmp_path / "cut.log")],
                         capture_output=True, text=True)
    assert run.returncode == 1 and "before the game is over" in run.stderr and "Traceback" not in run.stderr


def test_a_damaged_log_is_a_diagnostic(tmp_path):
    (tmp_path / "bad.log").write_bytes(b"# trian-script game log\nruleset: beginner\n\xff\xfe\x00garbage\n")
    run = subprocess.run([sys.executable, "-m", "trian_script.cli", "replay", str(tmp_path / "bad.log")],
                         capture_output=True, text=True)
    assert run.returncode == 1 and "not UTF-8" in run.stderr and "Traceback" not in run.stderr
