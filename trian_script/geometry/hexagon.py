"""The hexagon grid (flat-top, axial coordinates ``(q, r)``): Galactic Realms (GR-4.1) and fan variants.

Edge 0 faces north, then clockwise: 0 N (0,−1), 1 NE (+1,−1), 2 SE (+1,0), 3 S (0,+1), 4 SW (−1,+1),
5 NW (−1,0); edge d meets the neighbour's edge (d+3) mod 6.
"""
from __future__ import annotations

import math
from functools import lru_cache

from .base import Cell, Grid, Point

_SQRT3 = math.sqrt(3)
# Edge 0 faces north, then clockwise on screen (y down).
_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


class HexGrid(Grid):
    name = "hex"
    edges = 6

    def origin(self) -> Cell:
        return (0, 0)

    def is_cell(self, cell: Cell) -> bool:
        return len(cell) == 2 and all(isinstance(v, int) for v in cell)

    def neighbour(self, cell: Cell, edge: int) -> Cell:
        dq, dr = _STEPS[edge]
        return (cell[0] + dq, cell[1] + dr)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        return _neighbours(cell)

    def back_edge(self, cell: Cell, edge: int) -> int:
        return (edge + 3) % 6

    def touching(self, cell: Cell) -> tuple[Cell, ...]:
        return _neighbours(cell)  # hexagons meet only along edges

    def center(self, cell: Cell) -> Point:
        q, r = cell
        return (1.5 * q, _SQRT3 * (r + q / 2))  # unit edge length

    def corners(self, cell: Cell) -> tuple[Point, ...]:
        cx, cy = self.center(cell)
        # Corner e sits between edges e-1 and e; edge 0 (north) runs from the top-left corner.
        angles = (-120 + 60 * e for e in range(6))
        return tuple((cx + math.cos(math.radians(a)), cy + math.sin(math.radians(a))) for a in angles)


@lru_cache(maxsize=65536)
def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six cells around ``cell``, by edge (kept: asked several times for every tile laid)."""
    q, r = cell
    return tuple((q + dq, r + dr) for dq, dr in _STEPS)
