"""Problems found in user input, gathered into one report.

Every diagnostic has a stable code (``TS1xx`` syntax, ``TS2xx`` schema, ``TS3xx`` names and
meaning), a position, what was expected and, where we can guess it, the likely fix. Rendering shows
the source line with a caret under the offending text, in the style of compilers people know.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Position:
    file: str
    line: int = 0  # 1-based; 0 when unknown (e.g. a JSON input)
    column: int = 0  # 1-based
    end_column: int = 0
    pointer: str = ""  # JSON pointer, for inputs without line numbers

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.column}"
        return f"{self.file}{' at ' + self.pointer if self.pointer else ''}"


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    position: Position
    expected: str = ""
    hint: str = ""
    severity: str = "error"

    def render(self, sources: dict[str, str] | None = None) -> str:
        out = [f"{self.severity}[{self.code}]: {self.message}", f"  --> {self.position}"]
        line_text = _source_line(self.position, sources)
        if line_text is not None:
            num = str(self.position.line)
            pad = " " * len(num)
            col = max(self.position.column, 1)
            width = max(1, (self.position.end_column or col + 1) - col)
            # keep tabs so the caret lines up under the same characters
            lead = "".join(ch if ch == "\t" else " " for ch in line_text[: col - 1])
            out += [f"{pad} |", f"{num} | {line_text}", f"{pad} | {lead}{'^' * width}"]
        if self.expected:
            out.append(f"  = expected: {self.expected}")
        if self.hint:
            out.append(f"  = help: {self.hint}")
        return "\n".join(out)


def _source_line(pos: Position, sources: dict[str, str] | None) -> str | None:
    if not pos.line:
        return None
    text = (sources or {}).get(pos.file)
    if text is None:
        try:
            text = Path(pos.file).read_text(encoding="utf-8")
        except OSError:
            return None
    lines = text.splitlines()
    return lines[pos.line - 1] if 0 < pos.line <= len(lines) else None


@dataclass
class Report:
    """All the problems of one run; sources keep the text so carets can be drawn later."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)

    def add(self, code: str, message: str, position: Position, expected: str = "", hint: str = "") -> None:
        diag = Diagnostic(code, message, position, expected, hint)
        if diag not in self.diagnostics:
            self.diagnostics.append(diag)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def __bool__(self) -> bool:  # a report is "truthy" when something is wrong
        return bool(self.errors)

    def render(self) -> str:
        ordered = sorted(self.diagnostics, key=lambda d: (d.position.file, d.position.line, d.position.column))
        body = "\n\n".join(d.render(self.sources) for d in ordered)
        n = len(self.errors)
        return f"{body}\n\n{n} error{'s' if n != 1 else ''} found" if body else "no problems found"


class DiagnosticError(Exception):
    """Raised with a whole report when loading cannot go on; ``str()`` is the rendered report."""

    def __init__(self, report: Report):
        super().__init__(report.render())
        self.report = report


def did_you_mean(word: str, choices, cutoff: float = 0.6) -> str:
    """``did you mean 'nebula'?`` for the closest choice, or an empty string."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=cutoff)
    return f"did you mean '{close[0]}'?" if close else ""


def one_of(choices) -> str:
    items = sorted({str(c) for c in choices})
    if len(items) > 12:
        items = items[:12] + ["…"]
    return "one of " + ", ".join(items) if len(items) > 1 else (items[0] if items else "nothing")
