"""Logs of the first release (commit dd4afa3) replay to the identical summary that `trian replay`
printed then (the shared compatibility set, ../shared/compat/first-release from the project)."""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from trian_script.cli import main

FOLDER = Path(__file__).resolve().parents[1].parent / "shared" / "compat" / "first-release"
LOGS = sorted(FOLDER.glob("*.log")) if FOLDER.is_dir() else []


@pytest.mark.skipif(not LOGS, reason=f"no first-release logs at {FOLDER}")
@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_a_first_release_log_replays_to_its_summary(log):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", str(log)])
    assert code in (0, None)
    assert out.getvalue() == log.with_suffix(".out").read_text(encoding="utf-8")
    # the beginner ruleset lists the first release's hash as playing the same: no note of a change
    assert err.getvalue() == ""


@pytest.mark.skipif(not LOGS, reason=f"no first-release logs at {FOLDER}")
def test_a_log_of_an_unknown_version_of_its_ruleset_is_noted(tmp_path, capsys):
    text = LOGS[0].read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if line.startswith("ruleset-hash:"))
    (tmp_path / "other.log").write_text(text.replace(old, "ruleset-hash: 0123456789ab"), encoding="utf-8")
    assert main(["replay", str(tmp_path / "other.log")]) in (0, None)
    err = capsys.readouterr().err
    assert "another version of ruleset 'beginner' (hash 0123456789ab, now " in err
