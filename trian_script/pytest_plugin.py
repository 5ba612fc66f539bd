"""pytest collects scenario files (``test_*.trian``) as tests, one item per scenario block.

Registered through the ``pytest11`` entry point, so any project with trian-script installed — a fan
expansion's repository too — can keep rules tests as scenario files. A failure shows the step's
file:line, what was expected, the actual values and the score explanations.
"""
from __future__ import annotations

import os

import pytest

from .dsl.loader import load
from .games.new_order.scenario import ScenarioFailure, run_scenario


def pytest_addoption(parser):
    help = "DSL files or folders the scenario files use, e.g. your own races (repeatable)"
    parser.addoption("--trian-content", action="append", default=[], metavar="PATH", help=help)
    parser.addini("trian_content", help + "; paths relative to the ini file", type="paths", default=[])


def _content(config) -> list:
    """What ``--trian-content`` and the ini option ``trian_content`` name, for every scenario file."""
    return [*config.getini("trian_content"), *config.getoption("trian_content")]


def pytest_collect_file(file_path, parent):
    if file_path.suffix == ".trian" and file_path.name.startswith("test_"):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        defs = load([*_content(self.config), self.path])
        if defs.report:
            yield BrokenScenarioFile.from_parent(self, name="(file)", report=defs.report.render())
            return
        mine = [n for n, b in defs.blocks["scenario"].items() if b.source.file.endswith(self.path.name)]
        for name in mine:
            yield ScenarioItem.from_parent(self, name=name, defs=defs)


class ScenarioItem(pytest.Item):
    def __init__(self, *, defs, **kwargs):
        super().__init__(**kwargs)
        self.defs = defs
        block = defs.blocks["scenario"][self.name]
        self.covers = block.definition.get("covers", [])
        self.line = block.source.find(()).line

    def runtest(self):
        run_scenario(self.defs, self.name)

    def repr_failure(self, excinfo, style=None):
        head = f"scenario '{self.name}' (covers {', '.join(self.covers) or 'nothing'})\n"
        if isinstance(excinfo.value, ScenarioFailure):
            return head + excinfo.value.render()
        if os.environ.get("TRIAN_DEBUG"):
            return super().repr_failure(excinfo, style)
        # a scenario whose content the rules cannot go on with: where, and why, in one line
        return (head + f"{self.path}:{self.line}:1: the scenario stopped: {type(excinfo.value).__name__}: "
                f"{excinfo.value}\n(set TRIAN_DEBUG=1 for the traceback)")

    def reportinfo(self):
        return self.path, self.line - 1, f"scenario {self.name}"


class BrokenScenarioFile(pytest.Item):
    def __init__(self, *, report: str, **kwargs):
        super().__init__(**kwargs)
        self.report = report

    def runtest(self):
        raise ScenarioFailure.__new__(ScenarioFailure)

    def repr_failure(self, excinfo, style=None):
        return self.report

    def reportinfo(self):
        return self.path, 0, "scenario file"
