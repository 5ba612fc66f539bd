"""Formulas: parsed by the DSL grammar into a small expression tree and compiled to one Python
function each (``_Writer``).

No code from the user ever runs: the function's source is written by this module from the tree,
with its own words only (``env[_k0]``, ``and``, ``+``…); every name, string, number and function of
the formula is a constant the function is made with, never text pasted into the source. A formula
can do arithmetic, compare, combine with and/or/not, and call the few functions listed in
``FUNCTIONS``. The names it may read are given by the place where it is used (``tiles``,
``emissaries``…), and a misspelt one is reported before any game starts.
"""
from __future__ import annotations

from ..immutable import shared

import math
import operator
from dataclasses import dataclass
from functools import partial
from typing import Callable, Mapping

from lark import Token
from lark.exceptions import UnexpectedInput

from .parser import lark_parser

FUNCTIONS: dict[str, Callable] = {"min": min, "max": max, "abs": abs, "floor": math.floor, "ceil": math.ceil}
LAZY = {"when"}  # functions whose arguments are evaluated only if they need them
# The key of the environment under which the place of use binds its ``Late`` functions at run time.
BOUND = "@functions"


class Late:
    """A function known by name when a formula is compiled and bound when it runs (a skill's
    effects act on one game and one player): the formula reads it from ``env[BOUND]``. So a
    formula is compiled once, when its ruleset loads, and never parsed again."""

    def __init__(self, name: str, lazy: bool = False):
        self.name = name
        self.lazy = lazy  # it receives its arguments unevaluated (``when(CONDITION, EFFECT…)``)

    def __call__(self, *args):
        return None  # validation compiles formulas without running them
_BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
}


class FormulaError(ValueError):
    """A formula that cannot be compiled; ``column`` is 1-based within the formula text."""

    def __init__(self, message: str, column: int = 1, width: int = 1, expected: str = "", hint: str = ""):
        super().__init__(message)
        self.column, self.width, self.expected, self.hint = column, width, expected, hint


@shared
@dataclass(frozen=True)
class Formula:
    text: str
    names: frozenset[str]
    evaluate: Callable[[Mapping[str, object]], object]
    custom: frozenset[str] = frozenset()  # functions given by the place of use (skill effects)
    late: bool = False  # its custom functions are ``Late``: bound through ``env[BOUND]`` when run
    records: frozenset[str] = frozenset()  # names that hold a record: ``stake.count`` is its data's

    def __reduce__(self):
        # a compiled closure cannot be pickled, its text can: compile it again (the place of use
        # binds its own functions when it runs, so placeholders stand in for them)
        return _recompiled, (self.text, tuple(sorted(self.custom)), self.late, tuple(sorted(self.records)))

    def __call__(self, env: Mapping[str, object]):
        return self.evaluate(env)

    def explain(self, env: Mapping[str, object]) -> str:
        """The formula with each name followed by its value: ``(3 tiles + 1 emissaries) × …``."""
        out = self.text
        for name in sorted(self.names, key=len, reverse=True):
            out = _replace_word(out, name, f"{env.get(name)} {name}")
        return out


def _replace_word(text: str, word: str, by: str) -> str:
    import re

    return re.sub(rf"(?<![\w.]){re.escape(word)}(?![\w.])", by, text)


def compile_formula(text: str, allowed_names: set[str] | None = None, functions: dict | None = None,
                    records: frozenset[str] = frozenset()) -> Formula:
    """``records``: names whose value is a record with a ``data`` mapping (a skill's chosen target):
    ``stake.count`` reads ``env["stake"].data["count"]`` at once, where any other dotted name is
    looked up whole (``minerals.red``)."""
    try:
        tree = lark_parser().parse(text, start="expr")
    except UnexpectedInput as err:
        raise FormulaError("this formula cannot be read", column=err.column if err.column > 0 else len(text) + 1,
                           expected="an arithmetic formula such as (tiles + emissaries) * 2") from None
    names: set[str] = set()
    try:
        fn = _Writer(names, allowed_names, {**FUNCTIONS, **(functions or {})}, records).function(tree)
    except RecursionError:
        raise FormulaError("this formula is nested too deeply", expected="a formula of a reasonable depth") from None
    late = any(isinstance(f, Late) for f in (functions or {}).values())
    return Formula(text, frozenset(names), fn, frozenset(functions or ()), late, frozenset(records))


def _placeholder(*args):
    return None


def _recompiled(text: str, custom: tuple[str, ...], late: bool = False, records: tuple[str, ...] = ()) -> Formula:
    return compile_formula(text, None, {name: Late(name, name in LAZY) if late else _placeholder for name in custom},
                           frozenset(records))


def literal(node):
    """The value of a number or a string node of a formula's tree (None: another node)."""
    if node.data == "number":
        text = node.children[0]
        return float(text) if "." in text else int(text)
    if node.data == "string":
        return str(node.children[0])[1:-1]
    return None


_DEPTH, _WIDTH = 24, 16  # the levels of one function's expression, the operators of one chain
_BUILTINS = {"bool": bool}  # all that the written source calls by name


class _Writer:
    """A formula's tree written as one Python expression over ``env`` and compiled to one function:
    every value taken from the formula (a name, a string, a number, a function) is a constant the
    function is made with (``_k0``, ``_k1``…), so the source holds only the words written here. One
    function runs a condition several times faster than a closure per node. A deep tree is cut into
    functions of at most ``_DEPTH`` levels (Python's parser nests only so far)."""

    def __init__(self, names: set[str], allowed: set[str] | None, functions: dict, records: frozenset[str]):
        self.names, self.allowed, self.functions, self.records = names, allowed, functions, records

    def function(self, node):
        """The function of ``env`` that works out ``node``."""
        constants: list = []
        source = self.write(node, constants, 0)
        params = ", ".join(f"_k{i}" for i in range(len(constants)))
        code = compile(f"def _make({params}):\n    return lambda env: {source}\n", "<formula>", "exec")
        namespace: dict = {}
        exec(code, {"__builtins__": _BUILTINS}, namespace)  # (the source is this module's own words)
        return namespace["_make"](*constants)

    def write(self, node, constants: list, depth: int) -> str:
        if depth > _DEPTH:  # a function of its own, called here
            constants.append(self.function(node))
            return f"_k{len(constants) - 1}(env)"

        def constant(value) -> str:
            constants.append(value)
            return f"_k{len(constants) - 1}"

        def inner(kid) -> str:
            return self.write(kid, constants, depth + 1)

        if isinstance(node, Token):
            raise FormulaError(f"unexpected '{node}'", node.column)
        kind = node.data
        kids = [c for c in node.children if c is not None]
        if kind in ("number", "string"):
            return constant(literal(node))
        if kind in ("true", "false"):
            return "True" if kind == "true" else "False"
        if kind == "name":
            name = str(kids[0])
            if self.allowed is not None and name not in self.allowed:
                from .diagnostics import did_you_mean, one_of

                raise FormulaError(f"unknown name '{name}' in formula", kids[0].column, len(name),
                                   expected=one_of(self.allowed), hint=did_you_mean(name, self.allowed))
            self.names.add(name)
            record, dot, key = name.partition(".")
            if dot and record in self.records:  # a chosen target's data, without looking the dotted name up
                return f"env[{constant(record)}].data[{constant(key)}]"
            return f"env[{constant(name)}]"
        if kind == "neg":
            return f"(-{inner(kids[0])})"
        if kind == "not_":
            return f"(not {inner(kids[0])})"
        if kind in ("and_expr", "or_expr"):  # True or False, each part worked out only if needed
            return f"bool({(' and ' if kind == 'and_expr' else ' or ').join(inner(k) for k in kids)})"
        if kind in ("sum", "product", "comparison"):  # left to right (a comparison has one operator)
            steps = list(zip(kids[1::2], kids[2::2]))
            if len(steps) > _WIDTH:  # Python's compiler nests a chain as deep as it is long
                parts = [(_BINARY[_operator(op)], self.function(arg)) for op, arg in steps]
                return f"{constant(partial(_chain, self.function(kids[0]), parts))}(env)"
            return f"({' '.join([inner(kids[0]), *(f'{_operator(op)} {inner(arg)}' for op, arg in steps)])})"
        if kind == "call":
            fname, *args = kids
            if str(fname) not in self.functions:
                from .diagnostics import did_you_mean, one_of

                raise FormulaError(f"unknown function '{fname}'", fname.column, len(fname),
                                   expected=one_of(self.functions), hint=did_you_mean(str(fname), self.functions))
            func = self.functions[str(fname)]
            written = [inner(a) for a in args]
            if not isinstance(func, Late):
                return f"{constant(func)}({', '.join(written)})"
            if func.lazy:  # its arguments as functions, worked out when it asks
                written = [f"(lambda: {w})" for w in written]
            return f"env[{constant(BOUND)}][{constant(func.name)}]({', '.join(written)})"
        raise FormulaError(f"a {kind} cannot be used in a formula", getattr(node.meta, "column", 1))


def _chain(first, steps: list, env):
    """A long chain of operators, left to right (``_Writer.write``)."""
    value = first(env)
    for op, arg in steps:
        value = op(value, arg(env))
    return value


def _operator(token) -> str:
    """An operator of the grammar, as this module writes it (one of ``_BINARY``'s)."""
    for written in _BINARY:
        if written == str(token):
            return written
    raise FormulaError(f"unknown operator '{token}'", getattr(token, "column", 1))
