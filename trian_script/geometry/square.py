"""The square grid, for fan variants: cells ``(x, y)``, edges north, east, south, west."""
from __future__ import annotations

from .base import Cell, Grid, Point

_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # edge 0 north, then clockwise (screen y down)
_CORNERS = ((0, 0), (1, 0), (1, 1), (0, 1))  # north-west first, so edge e runs corner e -> e+1


class SquareGrid(Grid):
    name = "square"
    edges = 4

    def origin(self) -> Cell:
        return (0, 0)

    def is_cell(self, cell: Cell) -> bool:
        return len(cell) == 2 and all(isinstance(v, int) for v in cell)

    def neighbour(self, cell: Cell, edge: int) -> Cell:
        dx, dy = _STEPS[edge]
        return (cell[0] + dx, cell[1] + dy)

    def back_edge(self, cell: Cell, edge: int) -> int:
        return (edge + 2) % 4

    def touching(self, cell: Cell) -> tuple[Cell, ...]:
        x, y = cell
        corners = tuple((x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1))
        return self.neighbours(cell) + corners

    def center(self, cell: Cell) -> Point:
        return (cell[0] + 0.5, cell[1] + 0.5)

    def corners(self, cell: Cell) -> tuple[Point, ...]:
        return tuple((cell[0] + dx, cell[1] + dy) for dx, dy in _CORNERS)
