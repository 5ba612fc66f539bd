"""Turn a parse tree into plain JSON-like definitions, with a source map beside them.

The definitions are exactly what a hand-written JSON file would hold, so one schema checks both.
The source map takes a path inside a definition (``("faces", "NX", "edges", 1)``) to the position
of the text it came from; ``path + ("@key",)`` is the position of the key that introduced it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from lark import Token, Tree

from .diagnostics import Position, Report

Path = tuple


@dataclass
class SourceMap:
    file: str
    positions: dict[Path, Position] = field(default_factory=dict)

    def put(self, path: Path, node) -> None:
        self.positions[path] = position_of(self.file, node)

    def find(self, path: Path, key: bool = False) -> Position:
        """The position of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        if key and path + ("@key",) in self.positions:
            return self.positions[path + ("@key",)]
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.positions.get((), Position(self.file))


@dataclass
class Block:
    """One named block of a file: its definition and where each part of it was written."""

    definition: dict
    source: SourceMap


@dataclass
class Import:
    path: str
    position: Position


def position_of(file: str, node) -> Position:
    if isinstance(node, Token):
        end = node.end_column if node.end_line == node.line else node.column + len(str(node).split("\n")[0])
        return Position(file, node.line, node.column, end)
    meta = node.meta
    end = meta.end_column if meta.end_line == meta.line else meta.column + 1
    return Position(file, meta.line, meta.column, end)


def transform(tree: Tree, filename: str, text: str, report: Report) -> tuple[list[Block], list[Import]]:
    blocks, imports = [], []
    lines = text.split("\n")  # once per file, not once per block
    for stmt in tree.children:
        if not isinstance(stmt, Tree):
            continue
        if stmt.data == "import_stmt":
            imports.append(Import(_string(stmt.children[0]), position_of(filename, stmt.children[0])))
        elif stmt.data == "block":
            blocks.append(_BlockBuilder(filename, lines, report).build(stmt))
    return blocks, imports


def _string(token: Token) -> str:
    """A quoted string's text: JSON's escapes (\\" \\n \\u00a2), and any character as written."""
    try:
        return json.loads(str(token))
    except json.JSONDecodeError:  # an escape JSON does not know: keep the text as written
        return str(token)[1:-1]


class _BlockBuilder:
    def __init__(self, filename: str, text_lines: list[str], report: Report):
        self.file = filename
        self.text_lines = text_lines
        self.report = report
        self.source = SourceMap(filename)
        self.definition: dict = {}

    def build(self, block: Tree) -> Block:
        kind_tree, name, title, parent, is_clause, *entries = block.children
        kind = str(kind_tree.children[0])
        self.definition = {"kind": kind, "name": str(name)}
        self.source.put((), name)
        self.source.put(("kind",), kind_tree)
        self.source.put(("name",), name)
        if title is not None:
            self.definition["title"] = _string(title)
            self.source.put(("title",), title)
        if parent is not None:
            self.definition["extends"] = str(parent)
            self.source.put(("extends",), parent)
        if is_clause is not None:  # a piece's properties
            self.definition["is"] = [str(p) for p in is_clause.children]
            for i, prop in enumerate(is_clause.children):
                self.source.put(("is", i), prop)
        for entry in entries:
            if isinstance(entry, Tree):
                getattr(self, "_" + entry.data)(entry)
        return Block(self.definition, self.source)

    # -- entries -------------------------------------------------------------------------------
    def _unique(self, section: str, name: Token) -> dict | None:
        """The dict for a new named item of ``section``, or None when the name is taken."""
        items = self.definition.setdefault(section, {})
        if str(name) in items:
            first = self.source.find((section, str(name)), key=True)
            self.report.add(
                "TS301",
                f"{section[:-1] if section.endswith('s') else section} '{name}' is defined twice",
                position_of(self.file, name),
                hint=f"the first definition is at line {first.line}; rename one of them",
            )
            return None
        items[str(name)] = {}
        self.source.put((section, str(name)), name)
        self.source.put((section, str(name), "@key"), name)
        return items[str(name)]

    def _setting(self, tree: Tree) -> None:
        key_tree, value = tree.children
        key = key_tree.children[0]
        parts = str(key).split(".")
        target, path = self.definition, ()
        for part in parts[:-1]:
            path += (part,)
            nested = target.setdefault(part, {})
            if not isinstance(nested, dict):
                self.report.add("TS302", f"'{'.'.join(path)}' is a value, not a group", position_of(self.file, key))
                return
            target = nested
            self.source.positions.setdefault(path, position_of(self.file, key))
        path += (parts[-1],)
        if parts[-1] in target:
            self.report.add("TS301", f"setting '{key}' is given twice", position_of(self.file, key))
            return
        target[parts[-1]] = self._value(value, path)
        self.source.put(path + ("@key",), key)

    def _attrs(self, target: dict, path: Path, attrs) -> None:
        for attr in attrs:
            key, *values = attr.children
            values = [v for v in values if v is not None]
            if str(key) in target:
                self.report.add("TS301", f"'{key}' is given twice", position_of(self.file, key))
                continue
            target[str(key)] = True if not values else str(values[0]) if len(values) == 1 else [str(v) for v in values]
            self.source.put(path + (str(key),), attr)
            self.source.put(path + (str(key), "@key"), key)

    def _feature_def(self, tree: Tree) -> None:
        name, *attrs = tree.children
        item = self._unique("features", name)
        if item is not None:
            self._attrs(item, ("features", str(name)), attrs)

    def _property_def(self, tree: Tree) -> None:
        name, *attrs = tree.children
        item = self._unique("properties", name)
        if item is not None:
            self._attrs(item, ("properties", str(name)), attrs)

    def _face_def(self, tree: Tree) -> None:
        name, *rest = tree.children
        face = self._unique("faces", name)
        if face is None:
            return
        path = ("faces", str(name))
        edges = [t for t in rest if isinstance(t, Token) and t.type == "EDGE_CODE"]
        face["edges"] = [str(e) for e in edges]
        for i, edge in enumerate(edges):
            self.source.put(path + ("edges", i), edge)
        regions = [t for t in rest if isinstance(t, Tree) and t.data == "region"]
        if regions:
            face["regions"] = [self._region(r, path + ("regions", i)) for i, r in enumerate(regions)]
        if any(isinstance(t, Tree) and t.data == "hidden" for t in rest):
            face["hidden"] = True

    def _region(self, tree: Tree, path: Path) -> dict:
        kind, *rest = tree.children
        self.source.put(path, tree)
        self.source.put(path + ("kind",), kind)
        region: dict = {"kind": str(kind)}
        refs = [t for t in rest if isinstance(t, Token)]
        if refs:
            region["refs"] = [str(r) for r in refs]
            for i, ref in enumerate(refs):
                self.source.put(path + ("refs", i), ref)
        props = [t for t in rest if isinstance(t, Tree)]
        if props:
            region["props"] = {}
            for prop in props:
                pname, count = prop.children
                region["props"][str(pname)] = int(count) if count is not None else 1
                self.source.put(path + ("props", str(pname)), prop)
                self.source.put(path + ("props", str(pname), "@key"), pname)
        return region

    def _tile_def(self, tree: Tree) -> None:
        name, front, back, count = tree.children
        tile = self._unique("tiles", name)
        if tile is None:
            return
        path = ("tiles", str(name))
        tile["faces"] = [str(front), str(back)]
        self.source.put(path + ("faces", 0), front)
        self.source.put(path + ("faces", 1), back)
        tile["count"] = int(count) if count is not None else 1
        if count is not None:
            self.source.put(path + ("count",), count)

    def _sides_def(self, tree: Tree) -> None:
        name, sides, count, start = tree.children
        tile = self._unique("sides", name)
        if tile is None:
            return
        path = ("sides", str(name))
        tile["sides"] = str(sides)
        self.source.put(path + ("sides",), sides)
        tile["count"] = int(count) if count is not None else 1
        if count is not None:
            self.source.put(path + ("count",), count)
        if start is not None:
            tile["start"] = True
            self.source.put(path + ("start",), start)

    def _remove_def(self, tree: Tree) -> None:
        name, count = tree.children
        removed = self.definition.setdefault("remove", {})
        removed[str(name)] = int(count) if count is not None else "all"
        self.source.put(("remove", str(name)), name)
        self.source.put(("remove", str(name), "@key"), name)

    def _step(self, tree: Tree) -> None:
        word, *args = tree.children
        steps = self.definition.setdefault("steps", [])
        path = ("steps", len(steps))
        values = []
        for i, arg in enumerate(args):
            token = arg.children[0]
            values.append(_string(token) if arg.data == "text" else int(token) if arg.data == "integer"
                          else "@(" + ",".join(v.strip() for v in str(token)[2:-1].split(",")) + ")"
                          if arg.data == "cell" else str(token))
            self.source.put(path + ("args", i), token)
        steps.append({"do": str(word.children[0]), "args": values})
        self.source.put(path, tree)
        self.source.put(path + ("do",), word)

    def _expect_step(self, tree: Tree) -> None:
        steps = self.definition.setdefault("steps", [])
        path = ("steps", len(steps))
        steps.append({"do": "expect", "formula": self._text_of(tree.children[0])})
        self.source.put(path, tree)
        self.source.put(path + ("formula",), tree.children[0])

    def _covers_def(self, tree: Tree) -> None:
        covers = self.definition.setdefault("covers", [])
        for token in tree.children:
            self.source.put(("covers", len(covers)), token)
            covers.append(str(token))

    def _module_def(self, tree: Tree) -> None:
        number, racial, universal = tree.children
        modules = self.definition.setdefault("modules", [])
        path = ("modules", len(modules))
        modules.append({"module": int(number), "racial": str(racial), "universal": str(universal)})
        self.source.put(path, tree)
        self.source.put(path + ("racial",), racial)
        self.source.put(path + ("universal",), universal)

    def _modify_def(self, tree: Tree) -> None:
        key, op, value, condition, start, end = tree.children
        items = self.definition.setdefault("modify", [])
        path = ("modify", len(items))
        item = {"parameter": str(key), "op": str(op), "value": self._value(value, path + ("value",))}
        items.append(item)
        self.source.put(path, tree)
        self.source.put(path + ("parameter",), key)
        if condition is not None:  # for a while: while a condition holds, from an event until another
            item["while"] = self._text_of(condition)
            self.source.put(path + ("while",), condition)
        for word, token in (("from", start), ("until", end)):
            if token is not None:
                item[word] = str(token)
                self.source.put(path + (word,), token)

    def _trigger_def(self, tree: Tree) -> None:
        event, condition, *effects = tree.children
        self._effects_entry(tree, "triggers", {"event": event}, condition, None, effects)

    def _on_def(self, tree: Tree) -> None:
        event, condition, limit, *effects = tree.children
        self._effects_entry(tree, "triggers", {"event": event, "on": None}, condition, limit, effects)

    def _action_def(self, tree: Tree) -> None:
        phase, label, limit, *rest = tree.children
        choices = []
        while rest and isinstance(rest[0], Tree) and rest[0].data == "choice":
            choices.append(rest.pop(0))
        condition, *effects = rest
        self._effects_entry(tree, "actions", {"phase": phase, "label": label}, condition, limit, effects)
        item, path = self.definition["actions"][-1], ("actions", len(self.definition["actions"]) - 1)
        for i, choice in enumerate(choices):
            name, source, where = choice.children
            entry = {"name": str(name), "from": self._text_of(source)}
            self.source.put(path + ("choose", i, "name"), name)
            self.source.put(path + ("choose", i, "from"), source)
            if where is not None:
                entry["where"] = self._text_of(where)
                self.source.put(path + ("choose", i, "where"), where)
            item.setdefault("choose", []).append(entry)

    def _area_def(self, tree: Tree) -> None:
        token, field, until, enters, condition, *effects = tree.children
        self._effects_entry(tree, "areas", {"token": token, "enters": enters, "until": until}, condition, None, effects)
        item, path = self.definition["areas"][-1], ("areas", len(self.definition["areas"]) - 1)
        item["field"] = self._text_of(field)
        self.source.put(path + ("field",), field)

    def _effects_entry(self, tree: Tree, section: str, heads: dict, condition, limit, effects) -> None:
        """A trigger or an action: its head words (event, phase, label), its condition, its limit
        (``once per turn``) and its effects, each with its place in the file."""
        items = self.definition.setdefault(section, [])
        path = (section, len(items))
        item: dict = {}
        self.source.put(path, tree)
        for key, token in heads.items():
            if key == "on":
                item["on"] = True  # written ``on EVENT where …``: the condition reads the event's data only
            elif token is not None:
                item[key] = _string(token) if token.type == "STRING" else str(token)
                self.source.put(path + (key,), token)
        if limit is not None:
            item["limit"] = str(limit.children[0])
            self.source.put(path + ("limit",), limit.children[0])
            if len(limit.children) > 1 and limit.children[1] is not None:  # once per turn for CHOICE
                item["limit-for"] = str(limit.children[1])
                self.source.put(path + ("limit-for",), limit.children[1])
        if condition is not None:
            item["if"] = self._text_of(condition)
            self.source.put(path + ("if",), condition)
        item["effects"] = []
        for i, effect in enumerate(effects):
            item["effects"].append(self._text_of(effect.children[0]))
            self.source.put(path + ("effects", i), effect)
        items.append(item)

    def _plugin_def(self, tree: Tree) -> None:
        self.definition["plugin"] = _string(tree.children[0])
        self.source.put(("plugin",), tree.children[0])

    # -- values --------------------------------------------------------------------------------
    def _value(self, node, path: Path):
        """A literal stays a JSON value; anything that computes is kept as formula text."""
        self.source.put(path, node)
        if isinstance(node, Tree):
            if node.data == "number":
                return _number(node.children[0])
            if node.data == "string":
                return _string(node.children[0])
            if node.data == "name":
                return str(node.children[0])
            if node.data in ("true", "false"):
                return node.data == "true"
            if node.data == "neg" and isinstance(node.children[0], Tree) and node.children[0].data == "number":
                return -_number(node.children[0].children[0])
            if node.data == "list":
                return [self._value(c, path + (i,)) for i, c in enumerate(c for c in node.children if c is not None)]
            if node.data == "map":
                out = {}
                for pair in node.children:
                    if not isinstance(pair, Tree):
                        continue
                    key, value = pair.children
                    k = _string(key) if key.type == "STRING" else str(key)
                    out[k] = self._value(value, path + (k,))
                    self.source.put(path + (k, "@key"), key)
                return out
        return {"formula": self._text_of(node)}

    def _text_of(self, node) -> str:
        meta = node.meta
        if meta.line == meta.end_line:
            return self.text_lines[meta.line - 1][meta.column - 1 : meta.end_column - 1]
        first = self.text_lines[meta.line - 1][meta.column - 1 :]
        middle = self.text_lines[meta.line : meta.end_line - 1]
        last = self.text_lines[meta.end_line - 1][: meta.end_column - 1]
        # a formula continued over lines (a backslash at a line's end) reads as one line
        return " ".join(part.strip().removesuffix("\\").strip() for part in [first, *middle, last])


def _number(token: Token):
    text = str(token)
    return float(text) if "." in text else int(text)
