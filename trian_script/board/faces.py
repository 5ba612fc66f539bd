"""Tile faces compiled from their definitions: regions derived from edge codes, orientations precomputed.

A face's boundary is a cycle of ``edges × k`` segment positions, clockwise; position ``e*k + i`` is
segment ``i`` of edge ``e``. Regions come from the definition's features:

* a plain feature (nebula, gas, path…) makes one region per run of adjacent segments of its letter;
  a ``[kind refs…: props]`` clause merges the runs it names into one region and gives it properties;
  a ``joined`` feature merges all its unclaimed runs (a starlight path crossing the tile);
* a ``background`` feature (outer space) fills the rest of the tile; its segments, and those of
  features ``within`` it, are one region unless a region of a feature that ``divides`` it touches
  the boundary on both sides of them (a gas cloud or nebula across the tile cuts space in two).
"""
from __future__ import annotations

from ..immutable import shared

from dataclasses import dataclass, field
from itertools import product


class FaceError(ValueError):
    """A problem in a face definition; ``path`` points into the face's definition."""

    def __init__(self, path: tuple, message: str, expected: str = "", hint: str = ""):
        super().__init__(message)
        self.path, self.expected, self.hint = path, expected, hint


@shared
@dataclass(frozen=True)
class Feature:
    name: str
    letter: str | None
    forms: str | None  # the area kind its regions belong to, or None (gas forms nothing)
    divides: frozenset[str]
    within: str | None  # its segments also belong to this area (a path lies in space)
    holds: frozenset[str]
    joined: bool
    background: bool
    centre: bool = False  # it stands in a tile's middle, written after "/" (board.sides)
    surrounded: bool = False  # a centre complete when every touching cell holds a tile


@shared
@dataclass(frozen=True)
class Property:
    name: str
    on: frozenset[str]  # feature names it may stand on
    holds: frozenset[str]
    forbids: frozenset[str]


@shared
@dataclass(frozen=True)
class Region:
    kind: str
    area: str | None
    positions: tuple[int, ...]  # boundary positions it touches
    props: tuple[tuple[str, int], ...]
    holds: frozenset[str]  # the units that may stand on it

    def prop(self, name: str) -> int:
        table = self.__dict__.get("_props")  # asked in the game loop: the pairs as a table, made once
        if table is None:
            table = self.__dict__["_props"] = dict(self.props)
        return table.get(name, 0)


@shared
@dataclass
class Orientation:
    """A face turned by ``rotation``: what lies on each cell edge, ready for lookups."""

    rotation: int
    edge_codes: tuple[int, ...]  # interned code on each cell edge, read clockwise
    # for each cell position (edge*k+i): ((area, region index), ...) of the regions touching it
    touching: tuple[tuple[tuple[str, int], ...], ...]


@shared
@dataclass
class Face:
    name: str
    edges: tuple[str, ...]  # edge codes as written, clockwise, for rotation 0
    regions: tuple[Region, ...]
    hidden: bool
    orientations: list[Orientation] = field(default_factory=list)
    # requirement pattern (an int, see ``pattern``) -> rotations that satisfy it
    fits: dict[int, tuple[int, ...]] = field(default_factory=dict)
    notation: str = ""  # the one-line form of a single-faced tile (board.sides), '' for others

    def kept(self, name: str, make):
        """``make(self)``, worked out once per face: what a game asks of a face again and again (a
        face never changes, and every game of a ruleset shares it)."""
        table = self.__dict__.get("_kept")
        if table is None:
            table = self.__dict__["_kept"] = {}
        if name not in table:
            table[name] = make(self)
        return table[name]

    def prop_total(self, name: str) -> int:
        """How many of a property the face carries (asked in the game loop, so kept in a table)."""
        totals = self.__dict__.get("_totals")
        if totals is None:
            totals = self.__dict__["_totals"] = {}
            for region in self.regions:
                for prop, count in region.props:
                    totals[prop] = totals.get(prop, 0) + count
        return totals.get(name, 0)


def runs(kinds: list[str], letter: str) -> list[list[int]]:
    """Maximal runs of ``letter`` along the cyclic boundary, each as a list of positions."""
    n = len(kinds)
    marked = [k == letter for k in kinds]
    if all(marked):
        return [list(range(n))]
    start = next(i for i in range(n) if not marked[i])  # begin after a gap, so runs never wrap
    out, current = [], []
    for step in range(1, n + 1):
        i = (start + step) % n
        if marked[i]:
            current.append(i)
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def _cut(a: int, b: int, n: int, dividers: list[set[int]]) -> bool:
    """Whether some divider touches the boundary strictly on both sides of positions a and b."""
    lo, hi = min(a, b), max(a, b)
    inside = set(range(lo + 1, hi))
    outside = set(range(n)) - inside - {lo, hi}
    return any(d & inside and d & outside for d in dividers)


def derive_regions(name: str, face_def: dict, features: dict[str, Feature], properties: dict[str, Property],
                   grid_edges: int, k: int) -> tuple[Region, ...]:
    edges = face_def.get("edges", [])
    path = ("faces", name)
    if len(edges) != grid_edges:
        raise FaceError(path + ("edges",), f"face '{name}' has {len(edges)} edges, the grid's cells have {grid_edges}",
                        expected=f"{grid_edges} edge codes")
    by_letter = {f.letter: f for f in features.values() if f.letter}
    kinds: list[str] = []
    for e, code in enumerate(edges):
        if len(code) != k:
            raise FaceError(path + ("edges", e), f"edge code '{code}' has {len(code)} segments, edges have {k}",
                            expected=f"{k} letters, one per segment")
        for letter in code:
            if letter not in by_letter:
                from ..dsl.diagnostics import one_of

                raise FaceError(path + ("edges", e), f"unknown segment letter '{letter}' in edge code '{code}'",
                                expected=one_of(f"{l} ({f.name})" for l, f in by_letter.items()))
            kinds.append(by_letter[letter].name)
    n = len(kinds)
    clauses = face_def.get("regions", [])
    regions: list[Region] = []
    claimed: set[int] = set()
    background_clauses = []
    for ci, clause in enumerate(clauses):
        cpath = path + ("regions", ci)
        feature = features.get(clause["kind"])
        if feature is None:
            from ..dsl.diagnostics import did_you_mean, one_of

            raise FaceError(cpath + ("kind",), f"unknown feature '{clause['kind']}'", expected=one_of(features),
                            hint=did_you_mean(clause["kind"], features))
        if feature.background:
            background_clauses.append((ci, clause))
            continue
        feature_runs = runs(kinds, feature.name)
        refs = clause.get("refs")
        chosen = [r for r in feature_runs if set(r) & _ref_positions(refs, k, n, cpath)] if refs else \
            [r for r in feature_runs if not set(r) & claimed]
        positions = sorted({p for r in chosen for p in r})
        if refs and not positions:
            raise FaceError(cpath + ("refs",), f"no {feature.name} segment lies on {' '.join(refs)}",
                            hint=f"edge codes of this face: {' '.join(edges)}")
        if set(positions) & claimed:
            raise FaceError(cpath, f"these {feature.name} segments already belong to another region")
        claimed |= set(positions)
        regions.append(_region(feature, positions, clause, properties, cpath))
    for feature in features.values():
        if feature.background or not feature.letter:
            continue
        free = [r for r in runs(kinds, feature.name) if not set(r) & claimed]
        if feature.joined and free:
            free = [sorted(p for r in free for p in r)]
        regions += [_region(feature, r, {}, properties, path) for r in free]
    for feature in (f for f in features.values() if f.background):
        regions += _background_regions(feature, kinds, regions, features, background_clauses, properties, path, k, n)
    return tuple(regions)


def _ref_positions(refs, k: int, n: int, path: tuple) -> set[int]:
    out = set()
    for i, ref in enumerate(refs):
        edge, _, seg = ref.partition(".")
        e = int(edge)
        if e * k >= n or (seg and int(seg) >= k):
            raise FaceError(path + ("refs", i), f"'{ref}' is not on this face",
                            expected=f"an edge 0–{n // k - 1}" + (f" or a segment edge.0–{k - 1}" if k > 1 else ""))
        out |= {e * k + int(seg)} if seg else set(range(e * k, e * k + k))
    return out


def _region(feature: Feature, positions, clause: dict, properties: dict[str, Property], path: tuple) -> Region:
    holds = set(feature.holds)
    props = clause.get("props", {})
    for pname, count in props.items():
        prop = properties.get(pname)
        if prop is None:
            from ..dsl.diagnostics import did_you_mean, one_of

            raise FaceError(path + ("props", pname), f"unknown property '{pname}'", expected=one_of(properties),
                            hint=did_you_mean(pname, properties))
        if prop.on and feature.name not in prop.on:
            raise FaceError(path + ("props", pname), f"property '{pname}' cannot stand on {feature.name}",
                            expected="a region of " + ", ".join(sorted(prop.on)))
        holds |= prop.holds
    for pname in props:
        holds -= properties[pname].forbids
    return Region(feature.name, feature.forms, tuple(sorted(positions)), tuple(sorted(props.items())), frozenset(holds))


def _background_regions(feature, kinds, regions, features, clauses, properties, path, k, n) -> list[Region]:
    area = feature.forms
    members = {f.name for f in features.values() if f is feature or (area and f.within == area)}
    positions = [p for p in range(n) if kinds[p] in members]
    dividers = [set(r.positions) for r in regions if area in features[r.kind].divides]
    groups: list[list[int]] = []
    for p in positions:
        for g in groups:
            if not _cut(g[0], p, n, dividers):
                g.append(p)
                break
        else:
            groups.append([p])
    if not groups and clauses:
        raise FaceError(path + ("regions", clauses[0][0]), f"this face has no {feature.name} to put that on")
    chosen: dict[int, dict] = {}
    for ci, clause in clauses:
        cpath = path + ("regions", ci)
        refs = clause.get("refs")
        if refs:
            wanted = _ref_positions(refs, k, n, cpath)
            hits = [gi for gi, g in enumerate(groups) if set(g) & wanted]
        else:
            hits = list(range(len(groups)))
        if len(hits) > 1:
            raise FaceError(cpath, f"this face has {len(groups)} {feature.name} regions; say which one with an edge",
                            hint=f"for example [{feature.name} 0: …]")
        if not hits:
            raise FaceError(cpath, f"this face has no {feature.name} region there")
        chosen[hits[0]] = clause
    return [_region(feature, g, chosen.get(gi, {}), properties, path + ("regions",)) for gi, g in enumerate(groups)]


def orient(face: Face, edges: int, k: int, intern) -> None:
    """Fill ``face.orientations`` (``intern`` maps an edge code to an int); ``fit`` fills
    ``face.fits`` once every code of the tileset has its number."""
    touching_base = [[] for _ in range(edges * k)]
    for ri, region in enumerate(face.regions):
        if region.area is None:
            continue
        for p in region.positions:
            touching_base[p].append((region.area, ri))
    for r in range(edges):
        codes = [0] * edges
        touching = [()] * (edges * k)
        for e in range(edges):
            cell_edge = (e + r) % edges
            codes[cell_edge] = intern(face.edges[e])
            for i in range(k):
                touching[cell_edge * k + i] = tuple(touching_base[e * k + i])
        face.orientations.append(Orientation(r, tuple(codes), tuple(touching)))


def pattern(codes, width: int) -> int:
    """A requirement pattern as one int (a dict key hashed at once, where a tuple hashes each of its
    items): for cell edge ``e``, the bits from ``width * e`` hold the code a new face must show
    there plus 1, or 0 where ``codes`` has -1 (the neighbour cell is empty). ``width`` bits hold
    every code of the tileset plus 1."""
    return sum((code + 1) << (width * e) for e, code in enumerate(codes) if code >= 0)


def fit(face: Face, width: int) -> None:
    """Fill ``face.fits``: every requirement pattern (see ``pattern``) that some orientation of the
    face satisfies -> those orientations' rotations."""
    fits: dict[int, list[int]] = {}
    for o in face.orientations:
        for mask in product((False, True), repeat=len(o.edge_codes)):
            rotations = fits.setdefault(pattern([c if keep else -1 for c, keep in zip(o.edge_codes, mask)], width), [])
            if o.rotation not in rotations:
                rotations.append(o.rotation)
    face.fits = {p: tuple(rs) for p, rs in fits.items()}
