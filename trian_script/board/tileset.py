"""A tileset compiled for play: features, properties, faces with their orientations, the tile list."""
from __future__ import annotations

from ..immutable import shared

from dataclasses import dataclass

from ..geometry import Grid, get_grid
from .faces import Face, FaceError, Feature, Property, derive_regions, fit, orient
from .sides import sides_face


@shared
@dataclass(frozen=True)
class Tile:
    """One physical tile: ``id`` is unique in the set (``T07`` or ``T07.2`` for copies)."""

    id: str
    design: str  # the tile line it comes from
    faces: tuple[Face, Face]


@shared
@dataclass
class Tileset:
    name: str
    title: str
    grid: Grid
    segments: int
    features: dict[str, Feature]
    properties: dict[str, Property]
    faces: dict[str, Face]
    tiles: list[Tile]
    codes: dict[str, int]  # edge code -> interned id
    mirror: list[int]  # id -> id of the same code read from the other side
    start: str = ""  # the id of the tile marked ``start`` (single-faced tiles, board.sides), if any
    pattern_width: int = 1  # bits per cell edge in a requirement pattern (board.faces.pattern)

    def features_by_letter(self, letter: str) -> str:
        """The name of the feature an edge letter stands for (the letter itself if none)."""
        return next((f.name for f in self.features.values() if f.letter == letter), letter)

    @property
    def areas(self) -> list[str]:
        return sorted({f.forms for f in self.features.values() if f.forms})

    def required_code(self, code_id: int) -> int:
        return self.mirror[code_id]


def _names(value) -> frozenset[str]:
    if value in (None, False):
        return frozenset()
    if value is True:
        return frozenset()
    return frozenset([value]) if isinstance(value, str) else frozenset(value)


def merged_definition(name: str, tilesets: dict[str, dict], seen=()) -> dict:
    """The definition with its ``extends`` chain applied (later definitions override earlier)."""
    definition = tilesets[name]
    parent_name = definition.get("extends")
    if not parent_name:
        return definition
    if parent_name in seen:
        raise FaceError(("extends",), f"tileset '{name}' extends itself through '{parent_name}'")
    parent = merged_definition(parent_name, tilesets, seen + (name,))
    out = {**parent, **{k: v for k, v in definition.items() if k not in ("features", "properties", "faces", "tiles")}}
    for section in ("features", "properties", "faces", "tiles", "sides"):
        out[section] = {**parent.get(section, {}), **definition.get(section, {})}
    tiles = dict(out["tiles"])
    for tile_name, count in definition.get("remove", {}).items():
        if tile_name not in tiles:
            raise FaceError(("remove", tile_name), f"'{tile_name}' is not a tile of '{parent_name}'")
        left = 0 if count == "all" else tiles[tile_name]["count"] - count
        if left <= 0:
            del tiles[tile_name]
        else:
            tiles[tile_name] = {**tiles[tile_name], "count": left}
    out["tiles"] = tiles
    out.pop("remove", None)
    return out


def compile_tileset(definition: dict, errors: list[FaceError] | None = None) -> Tileset:
    """Compile a merged tileset definition; problems go to ``errors`` (or raise the first)."""
    collected: list[FaceError] = [] if errors is None else errors
    grid = get_grid(definition.get("grid", "triangle"))
    k = definition.get("segments", 1)
    features = {
        n: Feature(n, f.get("letter"), f.get("forms"), _names(f.get("divides")), f.get("within"),
                   _names(f.get("holds")), bool(f.get("joined")), bool(f.get("background")),
                   bool(f.get("centre")), bool(f.get("surrounded")))
        for n, f in definition.get("features", {}).items()
    }
    properties = {
        n: Property(n, _names(p.get("on")), _names(p.get("holds")), _names(p.get("forbids")))
        for n, p in definition.get("properties", {}).items()
    }
    codes: dict[str, int] = {}

    def intern(code: str) -> int:
        if code not in codes:
            codes[code] = len(codes)
        return codes[code]

    faces: dict[str, Face] = {}
    for fname, fdef in definition.get("faces", {}).items():
        try:
            regions = derive_regions(fname, fdef, features, properties, grid.edges, k)
        except FaceError as err:
            collected.append(err)
            continue
        face = Face(fname, tuple(fdef["edges"]), regions, bool(fdef.get("hidden")))
        orient(face, grid.edges, k, intern)
        faces[fname] = face
    single, start = _single_faced(definition, features, properties, grid, faces, collected)
    for face in faces.values():
        if not face.orientations:
            orient(face, grid.edges, k, intern)
    for code in list(codes):
        intern(code[::-1])
    mirror = [0] * len(codes)
    for code, cid in codes.items():
        mirror[cid] = codes[code[::-1]]
    width = len(codes).bit_length()  # bits of an edge in a requirement pattern: every code id + 1
    for face in faces.values():
        fit(face, width)
    tiles: list[Tile] = []
    for tname, tdef in definition.get("tiles", {}).items():
        pair = []
        for i, fname in enumerate(tdef["faces"]):
            if fname not in faces:
                if fname not in definition.get("faces", {}):
                    from ..dsl.diagnostics import did_you_mean, one_of

                    collected.append(FaceError(("tiles", tname, "faces", i), f"unknown face '{fname}'",
                                               expected=one_of(definition.get("faces", {})),
                                               hint=did_you_mean(fname, definition.get("faces", {}))))
                continue
            pair.append(faces[fname])
        if len(pair) != 2:
            continue
        if pair[0].hidden and pair[1].hidden:
            collected.append(FaceError(("tiles", tname), f"both faces of tile '{tname}' start hidden",
                                       hint="a tile lies with one face up: mark at most one face hidden"))
            continue
        count = tdef.get("count", 1)
        for copy in range(1, count + 1):
            tiles.append(Tile(tname if count == 1 else f"{tname}.{copy}", tname, (pair[0], pair[1])))
    tiles += single
    if errors is None and collected:
        raise collected[0]
    return Tileset(definition["name"], definition.get("title", definition["name"]), grid, k, features, properties,
                   faces, tiles, codes, mirror, start, width)


def _single_faced(definition: dict, features, properties, grid: Grid, faces: dict, collected: list) -> tuple[list, str]:
    """The tiles written as side strings (``sides NAME = LELELE/J``, see board.sides), and the id of
    the one marked ``start``. Tiles of one notation share one face."""
    tiles: list[Tile] = []
    start = ""
    for tname, tdef in definition.get("sides", {}).items():
        try:
            face = sides_face(tname, tdef["sides"], features, properties, definition.get("mark"), grid.edges)
        except FaceError as err:
            collected.append(err)
            continue
        if tdef.get("start"):
            if start:
                collected.append(FaceError(("sides", tname, "start"), f"'{tname}' is a second start tile; "
                                           f"'{start}' is the first", hint="only one tile line may say 'start'"))
                continue
        face = faces.setdefault(face.name, face)
        count = tdef.get("count", 1)
        copies = [Tile(tname if count == 1 else f"{tname}.{i}", tname, (face,)) for i in range(1, count + 1)]
        start = copies[0].id if tdef.get("start") else start
        tiles += copies
    return tiles, start
