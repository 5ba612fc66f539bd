"""Load definitions: parse every file, check each block against its schema, then its meaning.

One report collects every problem of the run. The stages are the flow of DESIGN.md: syntax
(TS1xx), schema (TS2xx), names and meaning (TS3xx); a later stage only sees blocks that passed the
earlier ones, so one mistake is not reported three times.
"""
from __future__ import annotations

import json
import re
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import jsonschema

from ..resources import builtin_files, content_dir
from .diagnostics import DiagnosticError, Position, Report, did_you_mean, one_of
from .parser import parse_text
from .transformer import Block, SourceMap, transform

# Which schema checks a block of each kind, and the namespace its name lives in.
SCHEMA_OF = {"tileset": "tileset", "ruleset": "ruleset", "variant": "ruleset", "scenario": "scenario",
             "race": "race", "skill": "skill", "token": "token", "piece": "piece"}
FAMILY_OF = {"tileset": "tileset", "ruleset": "ruleset", "variant": "ruleset", "scenario": "scenario",
             "race": "race", "skill": "skill", "token": "token", "piece": "piece"}
SOURCE_SUFFIXES = (".trian", ".json")


@lru_cache(maxsize=None)
def schema(name: str) -> dict:
    return json.loads((content_dir("schemas") / f"{name}.schema.json").read_text(encoding="utf-8"))


@dataclass
class Definitions:
    """Every block loaded, by family (``tileset``, ``ruleset``) and name, with the run's report."""

    blocks: dict[str, dict[str, Block]] = field(
        default_factory=lambda: {family: {} for family in ("tileset", "ruleset", "scenario", "race", "skill", "token",
                                                           "piece")})
    report: Report = field(default_factory=Report)
    roots: list = field(default_factory=list)  # folders that imports may reach
    user_files: list[str] = field(default_factory=list)

    def definitions(self, family: str) -> dict[str, dict]:
        return {name: block.definition for name, block in self.blocks[family].items()}

    def chain(self, family: str, name: str) -> list[Block]:
        """The block and the blocks it extends, nearest first."""
        out, seen = [], set()
        while name in self.blocks[family] and name not in seen:
            seen.add(name)
            block = self.blocks[family][name]
            out.append(block)
            name = block.definition.get("extends")
        return out

    def locate(self, family: str, name: str, path: tuple, key: bool = False) -> Position:
        """Where ``path`` of a (possibly extended) definition was written."""
        for block in self.chain(family, name):
            probe = block.definition
            found = True
            for part in path[:2]:
                if isinstance(probe, dict) and part in probe:
                    probe = probe[part]
                else:
                    found = False
                    break
            if found:
                return block.source.find(path, key)
        return self.blocks[family][name].source.find(())


def collect_files(paths) -> list[Path]:
    files = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.suffix in SOURCE_SUFFIXES and p.is_file())
        else:
            files.append(path)
    return files


def load(paths=(), builtin: bool = True) -> Definitions:
    """Load the shipped content (unless ``builtin`` is false) and ``paths``; never raises for bad input."""
    defs = Definitions()
    queue = [(p, None) for p in (builtin_files() if builtin else [])]
    user = [(p, None) for p in collect_files(paths)]
    defs.user_files = [str(p) for p, _ in user]
    # an import may reach only files under these folders: the shipped content, and what was given
    defs.roots = [content_dir(n).resolve() for n in ("tiles", "variants", "races")] + [
        (Path(p) if Path(p).is_dir() else Path(p).parent).resolve() for p in paths]
    seen: set[Path] = set()
    for path, imported_at in queue + user:
        _load_file(path, imported_at, defs, seen)
    for family, blocks in defs.blocks.items():
        for name, block in list(blocks.items()):
            if not _schema_check(block, defs.report):
                del blocks[name]
    from .semantics import check_all

    check_all(defs)
    return defs


def load_or_raise(paths=(), builtin: bool = True) -> Definitions:
    defs = load(paths, builtin)
    if defs.report:
        raise DiagnosticError(defs.report)
    return defs


MAX_FILE_BYTES = 4 * 1024 * 1024  # a content file larger than this is refused, not read
MAX_DIGITS = 18  # longer numbers are refused before Python is asked to convert them
MAX_DEPTH = 64  # brackets within brackets
MAX_BLOCKS = 20000  # definitions in one file


def _load_file(path: Path, imported_at: Position | None, defs: Definitions, seen: set[Path]) -> None:
    key = path.resolve()
    if key in seen:
        return
    seen.add(key)
    name = _display(path)
    text = _read(path, key, name, imported_at, defs)
    if text is None:
        return
    try:
        if _too_long_number(text, name, defs.report) or _too_deep(text, name, defs.report):
            return
        if path.suffix == ".json":
            blocks, imports = _json_blocks(text, name, defs.report), []
        else:
            tree = parse_text(text, name, defs.report)
            if tree is None:
                return
            blocks, imports = transform(tree, name, text, defs.report)
    except RecursionError:
        defs.report.add("TS104", f"'{name}' is nested too deeply to be read (brackets or signs within "
                                 "one another hundreds of times)", Position(name, 1, 1, 2))
        return
    for imp in imports:
        _load_file(path.parent / imp.path, imp.position, defs, seen)
    if len(blocks) > MAX_BLOCKS:
        defs.report.add("TS104", f"'{name}' holds {len(blocks)} definitions; a file holds at most {MAX_BLOCKS}",
                        Position(name, 1, 1, 2), hint="split it into several files")
        return
    for block in blocks:
        _register(block, defs)


def _read(path: Path, key: Path, name: str, imported_at: Position | None, defs: Definitions) -> str | None:
    """The text of a content file, or None with a diagnostic. An import must name a regular file
    with a content suffix under a content root, at most MAX_FILE_BYTES long: never a device, a pipe
    or /proc, and the diagnostic quotes the import, never the target's bytes."""
    where = imported_at or Position(name)
    if imported_at is not None:
        problem = _import_problem(key, defs.roots)
        if problem:
            defs.report.add("TS105", f"import refused: {problem}", where,
                            hint="import .trian or .json files from the folders of your content")
            return None
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            defs.report.add("TS102", f"'{name}' is not a regular file", where)
            return None
        if info.st_size > MAX_FILE_BYTES:
            defs.report.add("TS102", f"'{name}' is {info.st_size} bytes; content files are at most "
                                     f"{MAX_FILE_BYTES} bytes", where)
            return None
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = "is not UTF-8 text" if isinstance(err, UnicodeDecodeError) else "cannot be read"
        defs.report.add("TS102", f"file '{name}' {reason}", where,
                        hint=_file_hint(path) if isinstance(err, FileNotFoundError) else "")
        return None


def _import_problem(target: Path, roots: list[Path]) -> str:
    if target.suffix not in SOURCE_SUFFIXES:
        return f"only {' and '.join(SOURCE_SUFFIXES)} files are content"
    if not any(target == root or root in target.parents for root in roots):
        return "the file is outside the folders of the content being loaded"
    return ""


def _too_deep(text: str, name: str, report: Report) -> bool:
    """Brackets nested more than MAX_DEPTH deep (a cheap scan of the bracket characters only)."""
    depth = 0
    for match in re.finditer(r"[\[{(]|[\]})]", text):
        depth += 1 if match.group() in "[{(" else -1
        if depth > MAX_DEPTH:
            _report_at(text, name, report, match.start(), 1,
                       f"brackets nested more than {MAX_DEPTH} deep")
            return True
    return False


def _report_at(text: str, name: str, report: Report, offset: int, width: int, message: str) -> None:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    report.sources[name] = text
    report.add("TS104", message, Position(name, line, column, column + width))


def _too_long_number(text: str, name: str, report: Report) -> bool:
    match = re.search(r"\d{%d,}" % (MAX_DIGITS + 1), text)
    if match is None:
        return False
    _report_at(text, name, report, match.start(), min(len(match.group()), 40),
               f"a number of {len(match.group())} digits; numbers have at most {MAX_DIGITS}")
    return True


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _file_hint(path: Path) -> str:
    folder = path.parent if path.parent.is_dir() else Path(".")
    names = [p.name for p in folder.iterdir() if p.suffix in SOURCE_SUFFIXES] if folder.is_dir() else []
    return did_you_mean(path.name, names) or "check the path; imports are relative to the importing file"


def _json_blocks(text: str, name: str, report: Report) -> list[Block]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        report.sources[name] = text
        report.add("TS103", f"invalid JSON: {err.msg}", Position(name, err.lineno, err.colno, err.colno + 1))
        return []
    items = data if isinstance(data, list) else [data]
    blocks = []
    for i, item in enumerate(items):
        prefix = f"/{i}" if isinstance(data, list) else ""
        source = _JsonSourceMap(name, prefix)
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str) or item.get("kind") not in SCHEMA_OF:
            report.add("TS201", "a JSON definition needs \"kind\": " + one_of(SCHEMA_OF), source.find(()))
            continue
        blocks.append(Block(item, source))
    return blocks


class _JsonSourceMap(SourceMap):
    """JSON carries no line numbers here: positions are JSON pointers."""

    def __init__(self, file: str, prefix: str):
        super().__init__(file)
        self.prefix = prefix

    def find(self, path, key: bool = False) -> Position:
        pointer = self.prefix + "".join(f"/{p}" for p in path if p != "@key")
        return Position(self.file, pointer=pointer or "/")


def _register(block: Block, defs: Definitions) -> None:
    kind, name = block.definition.get("kind"), block.definition.get("name")
    if not isinstance(name, str):
        defs.report.add("TS201", f"a {kind} needs a name that is a word, not {type(name).__name__}",
                        block.source.find(("name",)))
        return
    family = FAMILY_OF[kind]
    existing = defs.blocks[family].get(name)
    if existing is not None:
        first = existing.source.find(())
        defs.report.add("TS301", f"{kind} '{name}' is defined twice", block.source.find(("name",)),
                        hint=f"the other one is at {first}; give this one another name and 'extends' the first")
        return
    defs.blocks[family][name] = block


# -- schema stage ------------------------------------------------------------------------------
def _schema_check(block: Block, report: Report) -> bool:
    definition = block.definition
    validator = jsonschema.Draft202012Validator(schema(SCHEMA_OF[definition["kind"]]))
    errors = sorted(validator.iter_errors(definition), key=lambda e: list(e.absolute_path))
    for error in errors:
        _report_schema_error(error, block, report)
    return not errors


def _report_schema_error(error: jsonschema.ValidationError, block: Block, report: Report) -> None:
    path = tuple(error.absolute_path)
    where = _what(path)
    if error.validator == "additionalProperties":
        known = error.schema.get("properties", {})
        for extra in sorted(set(error.instance) - set(known)):
            report.add("TS201", f"unknown {'setting' if len(path) < 1 else 'entry'} '{extra}'" + (f" in {where}" if where else ""),
                       block.source.find(path + (extra,), key=True), expected=one_of(known),
                       hint=did_you_mean(extra, known))
        return
    if error.validator == "required":
        missing = [r for r in error.validator_value if r not in error.instance]
        report.add("TS202", f"{where or 'this block'} needs '{missing[0]}'", block.source.find(path, key=True))
        return
    if error.validator in ("enum", "const"):
        allowed = error.validator_value if error.validator == "enum" else [error.validator_value]
        report.add("TS203", f"'{error.instance}' is not allowed for {where}", block.source.find(path),
                   expected=one_of(allowed), hint=did_you_mean(error.instance, allowed))
        return
    if error.validator in ("minItems", "maxItems"):
        bound = "at least" if error.validator == "minItems" else "at most"
        report.add("TS203", f"{where} has {len(error.instance)} items", block.source.find(path),
                   expected=f"{bound} {error.validator_value}")
        return
    if error.validator == "oneOf" and error.context:
        best = jsonschema.exceptions.best_match(error.context)
        message = best.message
    else:
        message = error.message
    description = error.schema.get("description", "") if isinstance(error.schema, dict) else ""
    report.add("TS203", f"bad value for {where}: {message}", block.source.find(path),
               hint=description)


def _what(path: tuple) -> str:
    return ".".join(str(p) for p in path)
