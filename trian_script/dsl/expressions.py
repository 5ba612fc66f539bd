"""Formulas: parsed by the DSL grammar into a small expression tree and compiled to closures.

No ``eval`` and no code from the user ever runs: a formula can do arithmetic, compare, combine
with and/or/not, and call the few functions listed in ``FUNCTIONS``. The names it may read are
given by the place where it is used (``tiles``, ``emissaries``…), and a misspelt one is reported
before any game starts.
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
        fn = _compile(tree, names, allowed_names, {**FUNCTIONS, **(functions or {})}, records)
    except RecursionError:
        raise FormulaError("this formula is nested too deeply", expected="a formula of a reasonable depth") from None
    late = any(isinstance(f, Late) for f in (functions or {}).values())
    return Formula(text, frozenset(names), fn, frozenset(functions or ()), late, frozenset(records))


def _all(parts: list):
    """``a and b and …`` as True or False (short-circuit: a part is worked out only if needed);
    a few parts are chained without a generator, many (a hostile file) are looped over."""
    if len(parts) > 8:
        return lambda env: all(p(env) for p in parts)
    one, rest = parts[0], parts[1:]
    two = rest[0] if len(rest) == 1 else _all(rest)
    return lambda env: bool(one(env) and two(env))


def _any(parts: list):
    """``a or b or …`` as True or False (short-circuit)."""
    if len(parts) > 8:
        return lambda env: any(p(env) for p in parts)
    one, rest = parts[0], parts[1:]
    two = rest[0] if len(rest) == 1 else _any(rest)
    return lambda env: bool(one(env) or two(env))


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


def _compile(node, names: set[str], allowed: set[str] | None, functions: dict = FUNCTIONS,
             records: frozenset[str] = frozenset()):
    if isinstance(node, Token):
        raise FormulaError(f"unexpected '{node}'", node.column)
    kind = node.data
    kids = [c for c in node.children if c is not None]
    if kind in ("number", "string"):
        value = literal(node)
        return lambda env: value
    if kind in ("true", "false"):
        value = kind == "true"
        return lambda env: value
    if kind == "name":
        name = str(kids[0])
        if allowed is not None and name not in allowed:
            from .diagnostics import did_you_mean, one_of

            raise FormulaError(f"unknown name '{name}' in formula", kids[0].column, len(name),
                               expected=one_of(allowed), hint=did_you_mean(name, allowed))
        names.add(name)
        record, dot, key = name.partition(".")
        if dot and record in records:  # a chosen target's data, without looking the dotted name up
            return lambda env: env[record].data[key]
        return lambda env: env[name]
    if kind == "neg":
        inner = _compile(kids[0], names, allowed, functions, records)
        return lambda env: -inner(env)
    if kind == "not_":
        inner = _compile(kids[0], names, allowed, functions, records)
        return lambda env: not inner(env)
    if kind in ("and_expr", "or_expr"):
        parts = [_compile(k, names, allowed, functions, records) for k in kids]
        return _all(parts) if kind == "and_expr" else _any(parts)
    if kind in ("sum", "product", "comparison"):
        first = _compile(kids[0], names, allowed, functions, records)
        steps = [(_BINARY[str(op)], _compile(arg, names, allowed, functions, records)) for op, arg in zip(kids[1::2], kids[2::2])]
        if len(steps) == 1:  # most formulas: one operator, without a loop
            (op, arg), = steps
            return lambda env: op(first(env), arg(env))

        def chain(env, first=first, steps=steps):
            value = first(env)
            for op, arg in steps:
                value = op(value, arg(env))
            return value

        return chain
    if kind == "call":
        fname, *args = kids
        if str(fname) not in functions:
            from .diagnostics import did_you_mean, one_of

            raise FormulaError(f"unknown function '{fname}'", fname.column, len(fname),
                               expected=one_of(functions), hint=did_you_mean(str(fname), functions))
        func = functions[str(fname)]
        compiled = [_compile(a, names, allowed, functions, records) for a in args]
        if isinstance(func, Late):
            late = func.name
            if func.lazy:
                return lambda env: env[BOUND][late](*(partial(c, env) for c in compiled))
            if not compiled:  # the usual shapes, without a list
                return lambda env: env[BOUND][late]()
            if len(compiled) == 1:
                one, = compiled
                return lambda env: env[BOUND][late](one(env))
            if len(compiled) == 2:
                one, two = compiled
                return lambda env: env[BOUND][late](one(env), two(env))
            return lambda env: env[BOUND][late](*[c(env) for c in compiled])
        return lambda env: func(*[c(env) for c in compiled])
    raise FormulaError(f"a {kind} cannot be used in a formula", getattr(node.meta, "column", 1))
