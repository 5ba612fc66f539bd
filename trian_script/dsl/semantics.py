"""Names and meaning: what a schema cannot see (references resolve, faces make sense, formulas read).

Every problem is reported at the text that caused it, with "did you mean" where a name is close
to a known one.
"""
from __future__ import annotations

from .diagnostics import did_you_mean, one_of
from .expressions import FormulaError, compile_formula


def check_all(defs) -> None:
    for name in list(defs.blocks["tileset"]):
        check_tileset(defs, name)
    for name in list(defs.blocks["ruleset"]):
        check_ruleset(defs, name)


def _check_extends(defs, family: str, name: str) -> bool:
    definition = defs.blocks[family][name].definition
    parent = definition.get("extends")
    if parent is None:
        return True
    if parent not in defs.blocks[family]:
        known = [n for n in defs.blocks[family] if n != name]
        defs.report.add("TS303", f"'{name}' extends unknown {family} '{parent}'",
                        defs.locate(family, name, ("extends",)), expected=one_of(known), hint=did_you_mean(parent, known))
        return False
    seen = {name}
    while parent is not None:
        if parent in seen:
            defs.report.add("TS303", f"'{name}' extends itself (through '{parent}')", defs.locate(family, name, ("extends",)))
            return False
        seen.add(parent)
        parent = defs.blocks[family].get(parent).definition.get("extends") if parent in defs.blocks[family] else None
    return True


def check_tileset(defs, name: str) -> None:
    from ..board.faces import FaceError
    from ..board.tileset import compile_tileset, merged_definition

    if not _check_extends(defs, "tileset", name):
        return
    try:
        merged = merged_definition(name, defs.definitions("tileset"))
    except FaceError as err:
        defs.report.add("TS303", str(err), defs.locate("tileset", name, err.path, key=True), err.expected, err.hint)
        return
    report_before = len(defs.report.diagnostics)
    _check_features(defs, name, merged)
    if len(defs.report.diagnostics) > report_before:
        return
    errors: list[FaceError] = []
    compile_tileset(merged, errors)
    for err in errors:
        key = bool(err.path) and err.path[-2:-1] == ("props",)
        defs.report.add("TS304", str(err), defs.locate("tileset", name, err.path, key=key), err.expected, err.hint)


def _check_features(defs, name: str, merged: dict) -> None:
    features = merged.get("features", {})
    areas = {f.get("forms") for f in features.values() if f.get("forms")}
    letters: dict[str, str] = {}
    for fname, feature in features.items():
        letter = feature.get("letter")
        if letter in letters:
            defs.report.add("TS304", f"letter '{letter}' is used by '{letters[letter]}' and '{fname}'",
                            defs.locate("tileset", name, ("features", fname, "letter")))
        elif letter:
            letters[letter] = fname
        for attr in ("divides", "within"):
            value = feature.get(attr)
            for target in [value] if isinstance(value, str) else value or []:
                if target not in areas:
                    defs.report.add("TS303", f"'{target}' is not an area kind", defs.locate("tileset", name, ("features", fname, attr)),
                                    expected=one_of(areas), hint=did_you_mean(target, areas))
    for pname, prop in merged.get("properties", {}).items():
        on = prop.get("on")
        for target in [on] if isinstance(on, str) else on or []:
            if target not in features:
                defs.report.add("TS303", f"unknown feature '{target}'", defs.locate("tileset", name, ("properties", pname, "on")),
                                expected=one_of(features), hint=did_you_mean(target, features))
    backgrounds = [f for f, d in features.items() if d.get("background")]
    if len(backgrounds) > 1:
        defs.report.add("TS304", f"only one feature can be the background, not {', '.join(backgrounds)}",
                        defs.locate("tileset", name, ("features", backgrounds[1], "background")))


def check_ruleset(defs, name: str) -> None:
    from .loader import schema

    if not _check_extends(defs, "ruleset", name):
        return
    chain = defs.chain("ruleset", name)
    tileset = next((b.definition["tileset"] for b in chain if "tileset" in b.definition), None)
    if tileset is None:
        defs.report.add("TS202", f"ruleset '{name}' names no tileset", defs.locate("ruleset", name, ()),
                        hint="add 'tileset = new_order' (or extend a ruleset that has one)")
    elif tileset not in defs.blocks["tileset"]:
        known = list(defs.blocks["tileset"])
        block = next(b for b in chain if "tileset" in b.definition)
        defs.report.add("TS303", f"unknown tileset '{tileset}'", block.source.find(("tileset",)),
                        expected=one_of(known), hint=did_you_mean(tileset, known))
    block = defs.blocks["ruleset"][name]
    _check_formulas(defs, block, block.definition, schema("ruleset"), ())


def _check_formulas(defs, block, value, node: dict, path: tuple) -> None:
    """Compile every formula of a block with the names its schema node allows (``x-names``)."""
    if isinstance(value, dict) and "formula" in value and len(value) == 1:
        allowed = set(node.get("x-names", []))
        try:
            compile_formula(value["formula"], allowed)
        except FormulaError as err:
            pos = block.source.find(path)
            if pos.line:
                from dataclasses import replace

                pos = replace(pos, column=pos.column + err.column - 1, end_column=pos.column + err.column - 1 + err.width)
            defs.report.add("TS305", str(err), pos, err.expected, err.hint)
        return
    if isinstance(value, dict):
        props = node.get("properties", {})
        for key, item in value.items():
            sub = props.get(key)
            if sub is not None:
                _check_formulas(defs, block, item, _resolve(sub), path + (key,))


def _resolve(node: dict) -> dict:
    """Follow a local ``$ref`` but keep the annotations written beside it (``x-names``)."""
    from .loader import schema

    ref = node.get("$ref", "")
    if ref.startswith("#/$defs/"):
        target = schema("ruleset")["$defs"][ref.split("/")[-1]]
        return {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node
