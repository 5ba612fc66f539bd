"""Tiles on a grid: legal placements by table lookup, an incremental frontier, areas that close.

The frontier maps each empty cell next to a tile to its requirement pattern: per cell edge, the
code a new face must show there, or nothing where the neighbour cell is empty, packed into one int
(``faces.pattern``: a dict key that hashes at once). A face's precomputed
``fits`` table turns a pattern into the rotations that match, so listing the legal placements of a
drawn tile costs one dict lookup per frontier cell and never looks at the placed tiles.
"""
from __future__ import annotations

from ..immutable import shared

from dataclasses import dataclass

from ..geometry import Cell
from .areas import AreaForest, AreaTotals
from .faces import Face, Orientation
from .tileset import Tile, Tileset


class PlacementError(ValueError):
    """A placement the rules forbid; ``rule`` is the rule id it breaks."""

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule


@shared
@dataclass(frozen=True)
class Placed:
    tile: Tile
    face: Face
    rotation: int
    nodes: tuple[int | None, ...]  # union-find node of each region (None for regions forming no area)

    @property
    def orientation(self) -> Orientation:
        return self.face.orientations[self.rotation]


@shared
@dataclass(frozen=True)
class Area:
    """A read-only view of one area."""

    id: int
    kind: str
    tiles: frozenset
    open_edges: int
    props: dict
    closed: bool

    @property
    def size(self) -> int:
        return len(self.tiles)


class Board:
    def __init__(self, tileset: Tileset):
        self.tileset = tileset
        self.grid = tileset.grid
        self.k = tileset.segments
        self.cells: dict[Cell, Placed] = {}
        self.frontier: dict[Cell, int] = {self.grid.origin(): 0}  # cell -> requirement pattern
        # where each cell edge's code lies in a pattern; a code is stored plus 1 (0: no requirement)
        self._shifts = tuple(tileset.pattern_width * e for e in range(self.grid.edges))
        self.forest = AreaForest()
        self.order: list[Cell] = []
        self._areas: dict[int, Area] = {}  # root -> its last view (see ``area``)
        self.changed: list[tuple[Cell, int]] = []  # (cell, its pattern now) of the empty cells the last tile touches
        self.rule = "NO-3.2.2"  # the rule a refused placement cites (a game of other rules sets its own)

    # -- questions ---------------------------------------------------------------------------
    def placements(self, face: Face) -> list[tuple[Cell, int]]:
        """Every (cell, rotation) where ``face`` may be laid now."""
        out = []
        fits = face.fits
        for cell, pattern in self.frontier.items():
            for rotation in fits.get(pattern, ()):
                out.append((cell, rotation))
        return out

    def placements_of(self, faces) -> list[tuple[int, Cell, int]]:
        """Every (face index, cell, rotation) where one of ``faces`` may be laid now, in the order of
        ``placements`` face by face (one pass, for the game loop)."""
        out = []
        append = out.append
        frontier = list(self.frontier.items())
        for index, face in enumerate(faces):
            get = face.fits.get
            for cell, pattern in frontier:
                rotations = get(pattern)
                if rotations:
                    for rotation in rotations:
                        append((index, cell, rotation))
        return out

    def can_place(self, face: Face) -> bool:
        return not face.fits.keys().isdisjoint(self.frontier.values())  # one pass in C, at every draw

    def check(self, face: Face, cell: Cell, rotation: int) -> None:
        """Raise PlacementError when the placement is illegal (``self.rule``: NO-3.2.2 by default)."""
        if cell in self.cells:
            raise PlacementError(f"cell {self.grid.format_cell(cell)} already holds a tile", self.rule)
        if cell not in self.frontier:
            raise PlacementError(f"cell {self.grid.format_cell(cell)} shares no edge with a placed tile", self.rule)
        if not 0 <= rotation < self.grid.edges or rotation not in face.fits.get(self.frontier[cell], ()):
            raise PlacementError(f"face {face.name} turned {rotation} does not match its neighbours at "
                                 f"{self.grid.format_cell(cell)}", self.rule)

    def area(self, node: int) -> Area:
        root = self.forest.find(node)
        t = self.forest.totals[root]
        # an area changes only when tiles join it (its size) or edges close (open), so the view is
        # kept until then: asking for a big area costs no copy of its tiles
        known = self._areas.get(root)
        if known is not None and known.size == len(t.tiles) and known.open_edges == t.open:
            return known
        view = self._areas[root] = Area(root, t.kind, frozenset(t.tiles), t.open, dict(t.props), t.closed)
        return view

    def areas(self) -> list[Area]:
        return [self.area(root) for root in list(self.forest.totals)]

    def totals(self, node: int) -> AreaTotals:
        return self.forest.of(node)

    def areas_at(self, cell: Cell) -> list[Area]:
        placed = self.cells[cell]
        roots = {self.forest.find(n) for n in placed.nodes if n is not None}
        return [self.area(r) for r in roots]

    def would_close(self, face: Face, cell: Cell, rotation: int) -> list[tuple[str, int]]:
        """(kind, tiles) of the areas that laying ``face`` there would close; changes nothing.

        For bots and hints: it counts, per merged area, the open segments left after the matches.
        """
        grid, k = self.grid, self.k
        orientation = face.orientations[rotation]
        groups: dict = {}  # key -> [open, tiles, kind]; keys are new region indexes or old roots
        parent: dict = {}

        def find(x):
            while parent.get(x, x) != x:
                x = parent[x]
            return x

        for ri, region in enumerate(face.regions):
            if region.area is not None:
                groups[("new", ri)] = [len(region.positions), {cell}, region.area]
        for edge in range(grid.edges):
            neighbour = self.cells.get(grid.neighbour(cell, edge))
            if neighbour is None:
                continue
            back = grid.back_edge(cell, edge)
            for i in range(k):
                mine = dict(orientation.touching[edge * k + i])
                theirs = dict(neighbour.orientation.touching[back * k + (k - 1 - i)])
                for area, ri in mine.items():
                    if area not in theirs:
                        continue
                    root = self.forest.find(neighbour.nodes[theirs[area]])
                    if root not in groups and find(root) == root:
                        t = self.forest.totals[root]
                        groups[root] = [t.open, set(t.tiles), t.kind]
                    a, b = find(("new", ri)), find(root)
                    if a != b:
                        parent[b] = a
                        groups[a][0] += groups[b][0]
                        groups[a][1] |= groups[b][1]
                    groups[a][0] -= 2
        return [(g[2], len(g[1])) for key, g in groups.items() if find(key) == key and g[0] == 0]

    # -- the one change ----------------------------------------------------------------------
    def place(self, tile: Tile, face: Face, cell: Cell, rotation: int) -> list[Area]:
        """Lay a face; returns the areas this placement closed (each once, NO-4.1, NO-4.3)."""
        grid, k, forest, cells, frontier = self.grid, self.k, self.forest, self.cells, self.frontier
        if rotation not in face.fits.get(frontier.get(cell), ()):  # the legal placements are all here
            self.check(face, cell, rotation)  # raises, saying why
        orientation = face.orientations[rotation]
        add, nodes = forest.add, []
        for region in face.regions:
            nodes.append(None if region.area is None else add(region.area, cell, len(region.positions), region.props))
        mine_at = _areas_at(orientation)  # per cell position: area -> region index
        cells[cell] = Placed(tile, face, rotation, tuple(nodes))
        self.order.append(cell)
        del frontier[cell]
        touched = {n for n in nodes if n is not None}
        mirror, codes, shifts = self.tileset.mirror, orientation.edge_codes, self._shifts
        changed = self.changed = []
        for edge, other in enumerate(grid.neighbours(cell)):
            neighbour = cells.get(other)
            back = grid.back_edge(cell, edge)
            if neighbour is None:  # an empty cell now needs this tile's code on its edge facing it (that
                # edge's bits were 0, its neighbour being empty); the rest of its pattern stands
                pattern = frontier[other] = frontier.get(other, 0) + ((mirror[codes[edge]] + 1) << shifts[back])
                changed.append((other, pattern))
                continue
            their_at, their_nodes = _areas_at(neighbour.orientation), neighbour.nodes
            for i in range(k):
                theirs = their_at[back * k + (k - 1 - i)]
                if not theirs:
                    continue
                for area, ri in mine_at[edge * k + i].items():
                    partner = theirs.get(area)
                    if partner is None or their_nodes[partner] is None:
                        continue
                    root = forest.union(nodes[ri], their_nodes[partner])
                    forest.totals[root].open -= 2
                    touched.add(root)
        closed = []
        for root in {forest.find(n) for n in touched}:
            totals = forest.totals[root]
            if totals.open == 0 and not totals.closed:
                totals.closed = True
                closed.append(self.area(root))
        return sorted(closed, key=lambda a: (a.kind, a.id)) if len(closed) > 1 else closed


def _areas_at(orientation: Orientation) -> list[dict]:
    """Per cell position of an orientation, area -> the index of the region touching it there;
    worked out once per orientation (orientations belong to the ruleset, shared by its games)."""
    table = orientation.__dict__.get("_areas_at")
    if table is None:
        table = orientation.__dict__["_areas_at"] = [dict(pairs) for pairs in orientation.touching]
    return table
