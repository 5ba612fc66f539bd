"""Parse DSL text into a Lark tree, reporting every syntax error of a file, not only the first.

Lark's LALR parser stops at the first error. To report the others we blank out the line that
failed (keeping the line count, so positions stay true) and parse again, up to a bound; an error on
a line we already blanked is a consequence of the first, and stops the search.
"""
from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources

from lark import Lark, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .diagnostics import Position, Report, did_you_mean, one_of

MAX_SYNTAX_ERRORS = 20
ENTRY_KEYWORDS = ("face", "tile", "feature", "property", "remove", "import", "lay", "put", "choose", "refuse", "refuse-setup",
                  "expect", "expect-option", "expect-no-option", "covers")

# How regex terminals read in a message; literal terminals are shown as they are written.
TERMINAL_WORDS = {
    "NAME": "a name",
    "KEY": "a setting name",
    "STRING": 'a quoted string ("…")',
    "EDGE_CODE": "an edge code such as 'sss'",
    "EDGE_REF": "an edge number",
    "SEGMENT_REF": "a segment such as 0.1 (edge.segment)",
    "INT": "a whole number",
    "NUMBER": "a number",
    "COMPARE": "a comparison (==, <, …)",
    "CELL": "a cell such as @(0,0,1)",
    "RULE_ID": "a rule id such as NO-4.2",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/', '//' or '%'",
    "_NL": "the end of the line",
    "$END": "the end of the file",
}


@lru_cache(maxsize=None)
def lark_parser() -> Lark:
    grammar = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", start=["start", "expr"], propagate_positions=True, maybe_placeholders=True,
                cache=_grammar_cache() or False)


def _grammar_cache() -> str | None:
    """Where Lark keeps its analysis of the grammar between runs, which makes every command start
    about a quarter of a second sooner: a folder of the user's own (``$XDG_CACHE_HOME`` or
    ``~/.cache``, then ``trian-script``), never a shared one such as ``/tmp``, since Lark unpickles
    the file it reads. Lark checks that the file belongs to this grammar, Lark and Python, and works
    it out again when not. None (no cache) when there is no such folder to be had."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "trian-script")
    if not os.path.isabs(folder):
        return None  # no home folder
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        info = os.stat(folder)
    except OSError:
        return None
    if hasattr(os, "getuid") and (info.st_uid != os.getuid() or info.st_mode & 0o022):
        return None  # not the user's alone: another user could leave a file there
    return os.path.join(folder, "grammar.lark-cache")


def parse_text(text: str, filename: str, report: Report) -> Tree | None:
    """The parse tree of ``text``; after syntax errors (added to ``report``), the tree of the rest.

    The rest is still worth checking: its mistakes belong in the same report.
    """
    report.sources[filename] = text
    lines = text.split("\n")
    blanked: set[int] = set()
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            return lark_parser().parse("\n".join(lines), start="start")
        except UnexpectedInput as err:
            line = err.line if err.line and err.line > 0 else len(lines)
            if line in blanked:
                break
            _report_syntax_error(err, filename, lines, report)
            for number in _lines_to_skip(lines, line):
                blanked.add(number)
                lines[number - 1] = " " * len(lines[number - 1])
    return None


def _lines_to_skip(lines: list[str], line: int) -> list[int]:
    """The failing line, and when it opens a block, the block with it (its '}' would only confuse)."""
    depth = lines[line - 1].count("{") - lines[line - 1].count("}")
    out = [line]
    while depth > 0 and out[-1] < len(lines):
        nxt = out[-1] + 1
        depth += lines[nxt - 1].count("{") - lines[nxt - 1].count("}")
        out.append(nxt)
    return out


def _label(terminal: str) -> str:
    if terminal in TERMINAL_WORDS:
        return TERMINAL_WORDS[terminal]
    try:
        pattern = lark_parser().get_terminal(terminal).pattern
    except KeyError:
        return terminal.lower()
    return f"'{pattern.value}'" if pattern.type == "str" else terminal.lower()


def _keywords(expected) -> list[str]:
    """The literal words among the expected terminals (``face``, ``tile``…)."""
    words = []
    for name in expected:
        try:
            pattern = lark_parser().get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str" and pattern.value.isalpha():
            words.append(pattern.value)
    return words


def _report_syntax_error(err: UnexpectedInput, filename: str, lines: list[str], report: Report) -> None:
    line = err.line if err.line and err.line > 0 else len(lines)
    column = err.column if err.column and err.column > 0 else len(lines[line - 1]) + 1
    expected = sorted(getattr(err, "expected", None) or getattr(err, "allowed", None) or [])
    expected_text = one_of(_label(t) for t in expected) if expected else ""
    hint = ""
    if isinstance(err, UnexpectedCharacters):
        char = lines[line - 1][column - 1 : column] or "end of line"
        message = f"unexpected character '{char}'"
        width = 1
    elif isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        message = "the file ends too early"
        width = 1
        if "RBRACE" in expected:
            hint = "a block is missing its closing '}'"
    else:
        token = err.token
        shown = "end of line" if token.type == "_NL" else f"'{token}'"
        message = f"unexpected {shown}"
        width = max(1, len(str(token).split("\n")[0])) if token.type != "_NL" else 1
        if token.type in ("NAME", "KEY", "EDGE_CODE"):
            hint = did_you_mean(str(token), _keywords(expected))
        if not hint and token.type == "_NL" and "RBRACKET" in expected:
            hint = "close the region with ']'"
        if not hint and expected == ["EQUAL"]:
            first_word = lines[line - 1].split()[0] if lines[line - 1].split() else ""
            hint = did_you_mean(first_word, ENTRY_KEYWORDS)
            if hint:
                hint += f" (a line starting with '{first_word}' is read as a setting)"
        if not hint and token.type == "_NL" and "EQUAL" in expected:
            hint = "a setting is written 'name = value'"
        if not hint and token.type == "RBRACE" and "EQUAL" in expected:
            hint = "a setting is written 'name = value'"
    report.add(
        "TS101",
        message,
        Position(filename, line, column, column + width),
        expected=expected_text,
        hint=hint,
    )
