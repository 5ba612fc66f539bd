"""Where the tiles of a face-up pool may go: every legal (face, cell, rotation), from the board's
frontier and each face's precomputed rotations, never from a scan of the board.

Ruleset values it serves (Galactic Realms names them):
  rotation = any | fixed             a tile turns to any orientation, or keeps rotation 0 (GR-4.2)
  contact_rule = match_only | F_contact
                                     matching sides are enough (GR-4.5), or a tile with sides of
                                     feature F needs one of them touching a placed tile
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate, islice


class Placing:
    def __init__(self, board, rotation: str = "any", contact_rule: str = "match_only"):
        self.board = board
        self.fixed = rotation == "fixed"
        self.contact = contact_rule.removesuffix("_contact") if contact_rule != "match_only" else None
        self.strict = self.fixed or self.contact is not None
        self._cache: dict = {}  # face name -> (tiles laid when last asked, {cell: rotations}, placements)
        self._lent: set = set()  # faces whose table a list of options holds
        self._around_of: tuple = (None, -1, [])  # (cell, tiles laid then, its neighbours' patterns)

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

    def entries(self, faces, key) -> Sequence:
        """(key(face), cell, rotation) of every legal placement, as a sequence that writes an entry
        only when it is read (a bot that picks one at random pays for one)."""
        if self.strict:
            return [(key(faces[i]), cell, r) for i, cell, r in self.placements(faces)]
        out = []
        for face in faces:
            fits, count = self._fitting(face)
            self._lent.add(face.name)  # handed out: copied before it changes (copy on write)
            out.append((key(face), fits, count))
        return Placements(out)

    def _fitting(self, face) -> tuple[dict, int]:
        """(cell -> the rotations of ``face`` that fit there, how many placements), kept from call
        to call: only the cells around the tiles laid since the last call are looked at again.

        Updated or rebuilt, a table lists its cells in the frontier's order: a cell's requirements
        only grow, so a cell that did not fit never fits later, and the cells that start to fit are
        the new frontier cells, added at the end of both in the order the tiles were laid. How
        stale a table may be before it is rebuilt is thus a question of speed, never of order."""
        order, name = self.board.order, face.name
        synced, fits, count = self._cache.get(name, (-1, None, 0))
        laid = len(order)
        if synced == laid:
            return fits, count
        get = face.fits.get
        if fits is None or laid - synced > 6:
            fits = {cell: rotations for cell, pattern in self.board.frontier.items() if (rotations := get(pattern))}
            count = sum(map(len, fits.values()))
        else:
            if name in self._lent:
                fits = fits.copy()  # not dict(fits): a dict with deleted entries copies 4x faster so
                self._lent.discard(name)
            for placed in order[synced:]:
                old = fits.pop(placed, None)
                if old:
                    count -= len(old)
                for cell, pattern in self._around(placed):
                    rotations = get(pattern)
                    if rotations:
                        old = fits.get(cell)
                        fits[cell] = rotations
                        count += len(rotations) - len(old) if old else len(rotations)
                    else:
                        old = fits.pop(cell, None)
                        if old:
                            count -= len(old)
        self._cache[name] = (laid, fits, count)
        return fits, count

    def _around(self, laid) -> list[tuple]:
        """(cell, requirement pattern) of the empty cells around a laid tile, as the board is now,
        worked out once for every face that asks (only while no later tile changed them). A cell
        filled since is left out: a face's table drops it when it reaches that cell's tile."""
        if laid == self.board.order[-1]:  # no tile laid since: the board kept them
            return self.board.changed
        if self._around_of[0] != laid or self._around_of[1] != len(self.board.order):
            frontier = self.board.frontier
            self._around_of = (laid, len(self.board.order),
                               [(c, frontier[c]) for c in self.board.grid.neighbours(laid) if c in frontier])
        return self._around_of[2]

    def legal(self, face, cell, rotation: int) -> bool:
        pattern = self.board.frontier.get(cell)
        return pattern is not None and rotation in face.fits.get(pattern, ()) and (
            not self.strict or (not (self.fixed and rotation) and self._touches(face, cell, rotation)))

    def why_not(self, face, cell, rotation: int, rules: dict) -> tuple[str, str]:
        """Why a placement is refused: (message, rule id), ``rules`` naming the ids of ``match``
        (an empty, adjacent cell and matching sides), ``rotation`` and ``contact``."""
        where = self.board.grid.format_cell(cell)
        if cell in self.board.cells:
            return f"{where} already holds a tile", rules["match"]
        if cell not in self.board.frontier:
            return f"{where} shares no side with a placed tile", rules["match"]
        if self.fixed and rotation:
            return "tiles keep rotation 0 (rotation = fixed)", rules["rotation"]
        if rotation not in face.fits.get(self.board.frontier[cell], ()):
            return f"this tile turned {rotation} does not match its neighbours at {where}", rules["match"]
        return f"a tile with {self.contact} sides must touch a placed tile with one", rules["contact"]

    def fits(self, tile) -> bool:
        return bool(self.placements([tile.faces[0]]) if self.strict else self._fitting(tile.faces[0])[1])

    def _touches(self, face, cell, rotation: int) -> bool:
        if self.contact is None:
            return True
        sides = [p for r in face.regions if r.kind == self.contact for p in r.positions]
        grid, cells = self.board.grid, self.board.cells
        return not sides or any(grid.neighbour(cell, (p + rotation) % grid.edges) in cells for p in sides)


class Placements(Sequence):
    """Placements per face as (key, {cell: rotations}, how many), read as one flat list."""

    def __init__(self, faces: list[tuple]):
        self.faces = faces
        self.total = sum(count for _, _, count in faces)

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, index: int) -> tuple:
        if index < 0:
            index += self.total
        if not 0 <= index < self.total:
            raise IndexError(index)
        for key, fits, count in self.faces:
            if index >= count:
                index -= count
                continue
            ends = list(accumulate(map(len, fits.values())))
            i = bisect_right(ends, index)
            cell, rotations = next(islice(fits.items(), i, None))
            return key, cell, rotations[index - (ends[i - 1] if i else 0)]

    def __iter__(self):
        return ((key, cell, r) for key, fits, _ in self.faces for cell, rotations in fits.items() for r in rotations)
