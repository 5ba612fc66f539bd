"""A Ruleset: a ruleset or variant definition with its ``extends`` chain applied, values compiled.

Rules read every number and formula from here (``ruleset.value("cost.mineral")``), never from
literals, so a variant is a few lines of DSL.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..board.tileset import Tileset, compile_tileset, merged_definition
from ..dsl.diagnostics import DiagnosticError, Position, Report, did_you_mean, one_of
from ..dsl.expressions import Formula, compile_formula
from ..dsl.loader import Definitions, load_or_raise


def _deep_merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict) and "formula" not in value:
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
    return out


@dataclass
class Ruleset:
    name: str
    title: str
    values: dict
    tileset: Tileset
    hash: str
    races: dict = field(default_factory=dict)  # name -> Race
    skills: dict = field(default_factory=dict)  # name -> Skill
    tokens: dict = field(default_factory=dict)  # name -> special token definition

    def value(self, dotted: str, players: int | None = None) -> Any:
        """A plain value; a per-player-count map is resolved with ``players``."""
        node: Any = self.values
        for part in dotted.split("."):
            node = node[part]
        if isinstance(node, dict) and players is not None and str(players) in node:
            return node[str(players)]
        return node

    def formula(self, dotted: str) -> Formula:
        node = self.value(dotted)
        if isinstance(node, (int, float)):
            return compile_formula(str(node))
        return _formula_cache(node["formula"])


_FORMULAS: dict[str, Formula] = {}


def _formula_cache(text: str) -> Formula:
    if text not in _FORMULAS:
        _FORMULAS[text] = compile_formula(text)
    return _FORMULAS[text]


def load_ruleset(name: str = "new_order", paths=(), builtin: bool = True, defs: Definitions | None = None) -> Ruleset:
    """The playable ruleset (or variant) ``name``; raises DiagnosticError with every problem found."""
    if defs is None:
        from ..plugins.manager import content_paths

        defs = load_or_raise([*content_paths(), *paths], builtin)
    known = defs.blocks["ruleset"]
    if name not in known:
        report = Report()
        report.add("TS303", f"no ruleset or variant named '{name}'", Position("<command line>"),
                   expected=one_of(known), hint=did_you_mean(name, known))
        raise DiagnosticError(report)
    values: dict = {}
    for block in reversed(defs.chain("ruleset", name)):
        values = _deep_merge(values, {k: v for k, v in block.definition.items() if k not in ("kind", "name", "extends", "title")})
    title = defs.blocks["ruleset"][name].definition.get("title", name)
    tileset = compile_tileset(merged_definition(values["tileset"], defs.definitions("tileset")))
    from .skills import compile_race, compile_skill

    skills = {n: compile_skill(b.definition, str(Path(b.source.file).parent)) for n, b in defs.blocks["skill"].items()}
    races = {n: compile_race(b.definition) for n, b in defs.blocks["race"].items()}
    tokens = {n: b.definition for n, b in defs.blocks["token"].items()}
    content = [values, defs.definitions("tileset")[values["tileset"]]]
    if values.get("skills"):
        content += [defs.definitions("race"), defs.definitions("skill"), defs.definitions("token")]
    digest = hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:12]
    return Ruleset(name, title, values, tileset, digest, races, skills, tokens)
