"""The interface every grid offers: cells, edges, rotations and drawing coordinates.

A cell is a tuple of ints. Edges of a cell are numbered clockwise from 0; ``corners(cell)`` lists
the corners so that edge ``e`` runs clockwise from ``corners[e]`` to ``corners[e + 1]``. A face
laid with rotation ``r`` puts its edge ``j`` on the cell's edge ``(j + r) % edges``.
"""
from __future__ import annotations

from ..immutable import shared

from abc import ABC, abstractmethod
from functools import lru_cache

Cell = tuple[int, ...]
Point = tuple[float, float]


@lru_cache(maxsize=65536)
def _format_cell(cell: Cell) -> str:
    return "(" + ",".join(str(v) for v in cell) + ")"


@shared
class Grid(ABC):
    name: str
    edges: int  # edges per cell; also the number of rotations of a face

    @abstractmethod
    def origin(self) -> Cell:
        """The cell where the first tile of a game goes."""

    @abstractmethod
    def neighbour(self, cell: Cell, edge: int) -> Cell:
        """The cell across ``edge`` of ``cell``."""

    @abstractmethod
    def back_edge(self, cell: Cell, edge: int) -> int:
        """The edge of ``neighbour(cell, edge)`` that is the same physical edge, seen from there."""

    @abstractmethod
    def touching(self, cell: Cell) -> tuple[Cell, ...]:
        """Every cell sharing an edge or a corner with ``cell`` (edge neighbours first)."""

    @abstractmethod
    def center(self, cell: Cell) -> Point:
        """Drawing coordinates of the cell's centre, for unit edge length; y grows downwards."""

    @abstractmethod
    def corners(self, cell: Cell) -> tuple[Point, ...]:
        """Drawing coordinates of the corners, clockwise on screen, edge e from corner e to e+1."""

    @abstractmethod
    def is_cell(self, cell: Cell) -> bool:
        """Whether a tuple names a cell of this grid."""

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The edge neighbours, indexed by edge."""
        return tuple(self.neighbour(cell, e) for e in range(self.edges))

    def shape(self, cell: Cell) -> str:
        """A name for the cell's shape; only triangles have two (``up`` and ``down``)."""
        return self.name

    def rotate_edge(self, edge: int, rotation: int) -> int:
        """The cell edge on which a face's ``edge`` lies when the face has ``rotation``."""
        return (edge + rotation) % self.edges

    # ``grid.format_cell(cell)``: ``(0,1,1)``, asked for most option texts (a cached C call)
    format_cell = staticmethod(_format_cell)
