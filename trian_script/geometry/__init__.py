"""Grids behind one interface: the triangle grid of the game, and hex and square for variants."""
from .base import Cell, Grid, Point
from .hexagon import HexGrid
from .square import SquareGrid
from .triangle import TriangleGrid

GRIDS: dict[str, Grid] = {g.name: g for g in (TriangleGrid(), HexGrid(), SquareGrid())}


def get_grid(name: str) -> Grid:
    return GRIDS[name]


__all__ = ["Cell", "Grid", "Point", "GRIDS", "get_grid", "TriangleGrid", "HexGrid", "SquareGrid"]
