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
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["replay", str(log)])
    assert code in (0, None)
    assert out.getvalue() == log.with_suffix(".out").read_text(encoding="utf-8")
