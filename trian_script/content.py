"""Load and compile content by name: the short road from files to a playable tileset or ruleset."""
from __future__ import annotations

from .board.tileset import Tileset, compile_tileset, merged_definition
from .dsl.diagnostics import DiagnosticError, Position, Report, did_you_mean, one_of
from .dsl.loader import Definitions, load_or_raise


def load_tileset(name: str = "new_order", paths=(), builtin: bool = True, defs: Definitions | None = None) -> Tileset:
    """The compiled tileset ``name`` from the shipped content and ``paths``; raises DiagnosticError."""
    defs = defs or load_or_raise(paths, builtin)
    known = defs.blocks["tileset"]
    name = {k.lower(): k for k in known}.get(name.lower(), name)  # names are not case-sensitive
    if name not in known:
        report = Report()
        report.add("TS303", f"no tileset named '{name}'", Position("<command line>"), expected=one_of(known),
                   hint=did_you_mean(name, known))
        raise DiagnosticError(report)
    return compile_tileset(merged_definition(name, defs.definitions("tileset")))
