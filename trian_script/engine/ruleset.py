"""A Ruleset: a ruleset or variant definition with its ``extends`` chain applied, values compiled.

Rules read every number and formula from here (``ruleset.value("start.points")``), never from
literals, so a variant is a few lines of DSL.
"""
from __future__ import annotations

from ..immutable import shared

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


@shared
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
    source: tuple | None = None  # (name, paths, builtin): how to load it again, None if built in memory
    # hashes of earlier versions of this ruleset whose logs play the same (``earlier-hashes``)
    earlier_hashes: tuple = ()

    def plays_like(self, digest: str) -> bool:
        """Whether a log written with the ruleset of hash ``digest`` plays the same today."""
        return digest == self.hash or digest in self.earlier_hashes

    def __reduce__(self):
        # a ruleset holds compiled closures; it pickles as the arguments that load it again
        if self.source is None:
            import pickle

            raise pickle.PicklingError(f"the ruleset '{self.name}' was built from definitions in memory "
                                       "and cannot be pickled; load it with load_ruleset(name, paths)")
        return _reloaded, (*self.source, self.hash)

    def value(self, dotted: str, players: int | None = None) -> Any:
        """A plain value; a per-player-count map is resolved with ``players``."""
        known = self.__dict__.get("_known")  # a ruleset never changes: each question is answered once
        if known is None:
            known = self.__dict__["_known"] = {}
        value = known.get((dotted, players), _UNKNOWN)
        if value is _UNKNOWN:
            value = known[(dotted, players)] = self._value(dotted, players)
        return value

    def _value(self, dotted: str, players: int | None) -> Any:
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
_UNKNOWN = object()
_LOADED: dict[tuple, Ruleset] = {}


def _reloaded(name: str, paths: tuple, builtin: bool, digest: str) -> Ruleset:
    """The ruleset a pickle names, loaded once per process; its content must not have changed."""
    key = (name, paths, builtin, digest)
    if key not in _LOADED:
        ruleset = load_ruleset(name, paths, builtin)
        if ruleset.hash != digest:
            import pickle

            raise pickle.UnpicklingError(f"the ruleset '{name}' changed since the game was pickled "
                                         f"(hash {ruleset.hash}, the pickle has {digest})")
        _LOADED[key] = ruleset
    return _LOADED[key]


def _formula_cache(text: str) -> Formula:
    if text not in _FORMULAS:
        _FORMULAS[text] = compile_formula(text)
    return _FORMULAS[text]


def load_ruleset(name: str = "new_order", paths=(), builtin: bool = True, defs: Definitions | None = None) -> Ruleset:
    """The playable ruleset (or variant) ``name``; raises DiagnosticError with every problem found."""
    source = None
    if defs is None:
        from ..plugins.manager import content_paths

        defs = load_or_raise([*content_paths(), *paths], builtin)
        source = (name, tuple(str(Path(p).resolve()) for p in paths), builtin)
    known = defs.blocks["ruleset"]
    name = {k.lower(): k for k in known}.get(name.lower(), name)  # names are not case-sensitive
    if name not in known:
        report = Report()
        report.add("TS303", f"no ruleset or variant named '{name}'", Position("<command line>"),
                   expected=one_of(known), hint=did_you_mean(name, known))
        raise DiagnosticError(report)
    values: dict = {}
    for block in reversed(defs.chain("ruleset", name)):
        values = _deep_merge(values, {k: v for k, v in block.definition.items() if k not in ("kind", "name", "extends", "title", "earlier-hashes")})
    title = defs.blocks["ruleset"][name].definition.get("title", name)
    tileset = compile_tileset(merged_definition(values["tileset"], defs.definitions("tileset")))
    from ..games import DEFAULT_GAME, game_class_named

    races, skills, tokens = game_class_named(values.get("game", DEFAULT_GAME), name).compile_content(defs)
    content = [values, defs.definitions("tileset")[values["tileset"]]]
    if values.get("skills"):
        content += [defs.definitions("race"), defs.definitions("skill"), defs.definitions("token")]
    digest = hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:12]
    earlier = tuple(defs.blocks["ruleset"][name].definition.get("earlier-hashes", ()))  # never inherited
    return Ruleset(name, title, values, tileset, digest, races, skills, tokens, source, earlier)
