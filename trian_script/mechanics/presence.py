"""Pieces standing on the regions of placed tiles, with weights: who is present in an area and how
strongly (Galactic Realms' Starships, GR-5.5, GR-6.1), for any game whose pieces stay on a feature
until it is scored.

A piece stands on one region of one cell. Pieces on regions that form areas are counted in the
area's union-find totals (``units[(owner, "pieces")]`` and ``units[(owner, "weight")]``), so the
totals follow every merge and asking "is this area free" or "how strong is each player here" costs
no walk over the area. A piece's weight is 1, or ``powered`` once something is put under it.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..engine.marks import Mark


@dataclass
class Piece:
    owner: str
    cell: tuple
    region: int
    node: int | None  # the union-find node of its region (None: a region that forms no area)
    under: int = 0  # things put under it (power-ups)


class Presence:
    def __init__(self, board, powered: int = 2):
        self.board, self.powered = board, powered
        self.pieces: dict[tuple, Piece] = {}  # (cell, region) -> the piece standing there

    def weight(self, piece: Piece) -> int:
        return self.powered if piece.under else 1

    def free(self, cell, region: int) -> bool:
        """No piece in the whole area of this region (a region forming no area: none on it)."""
        node = self.board.cells[cell].nodes[region]
        if node is None:
            return (cell, region) not in self.pieces
        units = self.board.forest.of(node).units
        return not any(units.values())

    def put(self, owner: str, cell, region: int) -> Piece:
        piece = Piece(owner, cell, region, self.board.cells[cell].nodes[region])
        self.pieces[(cell, region)] = piece
        self._count(piece, 1)
        return piece

    def remove(self, piece: Piece) -> int:
        """Take a piece off the board; returns what lay under it."""
        self._count(piece, -1)
        del self.pieces[(piece.cell, piece.region)]
        return piece.under

    def put_under(self, piece: Piece) -> None:
        self._count(piece, -1)
        piece.under += 1
        self._count(piece, 1)

    def _count(self, piece: Piece, sign: int) -> None:
        if piece.node is not None:
            units = self.board.forest.of(piece.node).units
            units[(piece.owner, "pieces")] += sign
            units[(piece.owner, "weight")] += sign * self.weight(piece)

    def on_area(self, node: int) -> list[Piece]:
        """The pieces in the area of ``node``, in the order of its regions."""
        totals = self.board.forest.of(node)
        if not any(totals.units.values()):
            return []
        by_node = {p.node: p for p in self.pieces.values() if p.node is not None}
        return [by_node[n] for n in totals.regions if n in by_node]

    def strength(self, pieces) -> dict[str, int]:
        """Each owner's total weight among ``pieces``."""
        out: dict[str, int] = {}
        for piece in pieces:
            out[piece.owner] = out.get(piece.owner, 0) + self.weight(piece)
        return out

    def marks(self, kind: str) -> list[Mark]:
        """The pieces for a picture (``Game.board_marks``): a powered one labelled with its weight."""
        return [Mark(p.cell, kind, p.owner, p.region, 1, str(self.weight(p)) if p.under else "")
                for p in self.pieces.values()]
