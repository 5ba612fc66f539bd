"""A study's report folder (``simulate --report DIR``): what finished, kept as it finishes.

- ``study.json``: what the study is (ruleset, content hash, design, seats, first seed). A folder
  that holds another study is refused, never mixed with it.
- ``results.jsonl``: one finished game per line, appended and flushed as each game ends (locally or
  on a cluster). A study run again in the same folder skips the games already there: an interrupted
  study (Ctrl-C, a dead worker, a lost scheduler) goes on where it stopped, and a study given more
  ``--games`` plays only the new ones (game i's table depends on i, not on how many games there are).

The tables for people and programs (``games.csv`` …, see lab.report) are written from these rows.
"""
from __future__ import annotations

import json
from pathlib import Path

STUDY, RESULTS = "study.json", "results.jsonl"


class StudyMismatch(ValueError):
    """The folder holds results of another study."""


class ReportDir:
    def __init__(self, path: Path, study: dict):
        self.path = Path(path)
        self.study = study
        self._file = None

    def open(self) -> dict[int, dict]:
        """Create the folder or check it holds this study; the finished games by seed."""
        self.path.mkdir(parents=True, exist_ok=True)
        stored = self.path / STUDY
        if stored.exists():
            other = json.loads(stored.read_text(encoding="utf-8"))
            if other != self.study:
                changed = sorted(k for k in {**other, **self.study} if other.get(k) != self.study.get(k))
                raise StudyMismatch(f"--report {self.path}: the folder holds another study (its {', '.join(changed)} "
                                    "differ); use a new folder")
        else:
            stored.write_text(json.dumps(self.study, indent=2) + "\n", encoding="utf-8")
        done: dict[int, dict] = {}
        results = self.path / RESULTS
        if results.exists():
            lines = results.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines, 1):
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    if number == len(lines):  # a line cut short when the run was killed: play it again
                        break
                    raise StudyMismatch(f"{results}:{number}: not a result line; use a new folder") from None
                done[row["seed"]] = _as_played(row)
            _rewrite(results, [json.dumps(r) for r in done.values()])
        self._file = results.open("a", encoding="utf-8")
        return done

    def add(self, result: dict) -> None:
        self._file.write(json.dumps(result) + "\n")  # key order: the table's seat order
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _as_played(row: dict) -> dict:
    """A result as play_game returned it: JSON wrote the module numbers (keys of ``unlocked``) as text."""
    row["unlocked"] = {colour: {int(k): v for k, v in modules.items()} for colour, modules in row["unlocked"].items()}
    return row


def _rewrite(path: Path, lines: list[str]) -> None:
    """The file with only whole lines (a run killed mid-write leaves half a line)."""
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
