"""The triangle grid of Galaxy of Trian.

Cells are ``(a, b, c)`` with ``a + b + c`` equal to 1 (a triangle pointing up) or 2 (pointing
down): the coordinates count the rows of the three directions of lines. Crossing edge ``i`` changes
coordinate ``i`` by one, towards the other sum, so the edge is edge ``i`` on both sides and the
arithmetic needs no lookup tables.
"""
from __future__ import annotations

import math
from functools import lru_cache

from .base import Cell, Grid, Point

_SQRT3 = math.sqrt(3)
# Where each coordinate's line family points, for unit edges (screen coordinates, y down).
# A cell's centre is the sum of a * U0 + b * U1 + c * U2.
# (an "up" cell, sum 1, has its apex at the top of the screen).
_U = ((0.5, -_SQRT3 / 6), (0.0, _SQRT3 / 3), (-0.5, -_SQRT3 / 6))


@lru_cache(maxsize=65536)
def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The edge neighbours of ``cell``, indexed by edge."""
    a, b, c = cell
    s = 1 if a + b + c == 1 else -1
    return ((a + s, b, c), (a, b + s, c), (a, b, c + s))


class TriangleGrid(Grid):
    name = "triangle"
    edges = 3

    def origin(self) -> Cell:
        return (0, 0, 1)

    def is_cell(self, cell: Cell) -> bool:
        return len(cell) == 3 and all(isinstance(v, int) for v in cell) and sum(cell) in (1, 2)

    def shape(self, cell: Cell) -> str:
        return "up" if sum(cell) == 1 else "down"

    def neighbour(self, cell: Cell, edge: int) -> Cell:
        step = 1 if sum(cell) == 1 else -1
        out = list(cell)
        out[edge] += step
        return tuple(out)

    def back_edge(self, cell: Cell, edge: int) -> int:
        return edge

    # the edge neighbours, asked at every step of a ship's move: a cached C call per cell
    neighbours = staticmethod(_neighbours)

    def touching(self, cell: Cell) -> tuple[Cell, ...]:
        a, b, c = cell
        s = 1 if sum(cell) == 1 else -1  # towards the other orientation
        edge = [self.neighbour(cell, e) for e in range(3)]
        # corner neighbours of the other orientation: two coordinates step, the third steps back
        corner_other = [(a + s, b + s, c - s), (a + s, b - s, c + s), (a - s, b + s, c + s)]
        # same orientation: one coordinate steps forward, another back
        same = [
            (a + da, b + db, c + dc)
            for da, db, dc in ((1, -1, 0), (-1, 1, 0), (1, 0, -1), (-1, 0, 1), (0, 1, -1), (0, -1, 1))
        ]
        return tuple(edge + corner_other + same)

    def center(self, cell: Cell) -> Point:
        x = sum(v * u[0] for v, u in zip(cell, _U))
        y = sum(v * u[1] for v, u in zip(cell, _U))
        return (x, y)

    def corners(self, cell: Cell) -> tuple[Point, ...]:
        # The corner opposite edge i lies as far beyond the centre as the neighbour across edge i
        # lies before it (circumradius = twice the inradius).
        cx, cy = self.center(cell)
        opposite = []
        for e in range(3):
            nx, ny = self.center(self.neighbour(cell, e))
            opposite.append((2 * cx - nx, 2 * cy - ny))
        # Edge e joins the corners opposite edges e+1 and e+2, so it runs from opposite[e+1] to
        # opposite[e+2]; with this numbering that is clockwise for both orientations (tested).
        return tuple(opposite[(e + 1) % 3] for e in range(3))
