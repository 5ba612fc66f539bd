"""Where the tiles of a face-up pool may go: every legal (face, cell, rotation), from the board's
frontier and each face's precomputed rotations, never from a scan of the board.

Ruleset values it serves (Galactic Realms names them):
  rotation = any | fixed             a tile turns to any orientation, or keeps rotation 0 (GR-4.2)
  contact_rule = match_only | F_contact
                                     matching sides are enough (GR-4.5), or a tile with sides of
                                     feature F needs one of them touching a placed tile
"""
from __future__ import annotations


class Placing:
    def __init__(self, board, rotation: str = "any", contact_rule: str = "match_only"):
        self.board = board
        self.fixed = rotation == "fixed"
        self.contact = contact_rule.removesuffix("_contact") if contact_rule != "match_only" else None
        self.strict = self.fixed or self.contact is not None

    @staticmethod
    def faces(tiles) -> list:
        """The distinct faces of single-faced tiles, in their order (copies share a face)."""
        return list({t.faces[0].name: t.faces[0] for t in tiles}.values())

    def placements(self, faces) -> list[tuple]:
        """(face index, cell, rotation) of every legal placement."""
        out = self.board.placements_of(faces)
        if self.strict:
            out = [e for e in out if not (self.fixed and e[2]) and self._touches(faces[e[0]], e[1], e[2])]
        return out

    def legal(self, face, cell, rotation: int) -> bool:
        pattern = self.board.frontier.get(cell)
        return pattern is not None and rotation in face.fits.get(pattern, ()) and (
            not self.strict or (not (self.fixed and rotation) and self._touches(face, cell, rotation)))

    def fits(self, tile) -> bool:
        return bool(self.placements([tile.faces[0]]))

    def _touches(self, face, cell, rotation: int) -> bool:
        if self.contact is None:
            return True
        sides = [p for r in face.regions if r.kind == self.contact for p in r.positions]
        grid, cells = self.board.grid, self.board.cells
        return not sides or any(grid.neighbour(cell, (p + rotation) % grid.edges) in cells for p in sides)
