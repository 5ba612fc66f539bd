"""Lay out a whole tileset by random legal placements, to see how a tile design plays.

A designer asks three things of a tileset: does almost every drawn tile fit somewhere (dead draws
per NO-3.2.3 should stay rare), how many areas of each kind close, and how big they get.
"""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from .board import Board
from .tileset import Tileset


@dataclass
class Layout:
    board: Board
    draws: int = 0
    dead: int = 0  # draws that fitted nowhere on either face
    unplaced: int = 0  # tiles that never found a place (pool games)
    closed: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))  # kind -> sizes


def lay_out(tileset: Tileset, rng: random.Random) -> Layout:
    """One game's worth of placements: every tile drawn once, placed at random where it fits."""
    tiles = list(tileset.tiles)
    rng.shuffle(tiles)
    layout = Layout(Board(tileset))
    board = layout.board
    for tile in tiles:
        layout.draws += 1
        options = [(face, cell, rot) for face in tile.faces for cell, rot in board.placements(face)]
        if not options:
            layout.dead += 1
            continue
        face, cell, rotation = rng.choice(options)
        for area in board.place(tile, face, cell, rotation):
            layout.closed[area.kind].append(area.size)
    return layout


def lay_out_pool(tileset: Tileset, rng: random.Random, size: int = 4) -> Layout:
    """One game of a face-up pool (Galactic Realms GR-2.3 to GR-3.6): the start tile at the origin,
    then each turn a uniformly random legal placement of any pool tile; a pool that fits nowhere is
    set aside and redrawn. ``draws`` counts turns, ``dead`` the turns that began stuck."""
    from ..mechanics.tile_laying import Pool, refill, unstick

    start = next(t for t in tileset.tiles if t.id == tileset.start)
    layout = Layout(Board(tileset))
    board = layout.board
    board.place(start, start.faces[0], board.grid.origin(), 0)
    pool = Pool([t for t in tileset.tiles if t is not start])
    rng.shuffle(pool.bag)
    refill(pool, size)
    while unstick(pool, board, size, "set_aside_redraw", rng):
        layout.draws += 1
        options = [(tile, cell, rot) for tile in pool.tiles for cell, rot in board.placements(tile.faces[0])]
        tile, cell, rotation = rng.choice(options)
        pool.tiles.remove(tile)
        for area in board.place(tile, tile.faces[0], cell, rotation):
            layout.closed[area.kind].append(area.size)
        refill(pool, size)
        if not pool.tiles:
            break
    layout.dead, layout.unplaced = pool.stuck, len(pool.removed)
    return layout


@dataclass
class SimulationReport:
    games: int
    draws: int
    dead: int
    closed: dict[str, list[int]]
    last: Layout
    unplaced: int | None = None  # tiles that never found a place (pool games), None for stacks
    tiles: int = 0

    @property
    def dead_share(self) -> float:
        return self.dead / self.draws if self.draws else 0.0

    def lines(self, areas: list[str]) -> list[str]:
        if self.unplaced is None:
            out = [f"games: {self.games}   draws: {self.draws}   tiles placed: {self.draws - self.dead}",
                   f"draws with no legal placement on either face: {self.dead} ({self.dead_share:.2%})"]
        else:
            share = self.unplaced / (self.tiles * self.games) if self.tiles else 0.0
            out = [f"games: {self.games}   turns: {self.draws}   (a face-up pool; a turn places one of its tiles)",
                   f"turns with no legal placement for any pool tile: {self.dead} ({self.dead_share:.2%})",
                   f"tiles unplaced at the end: {self.unplaced} ({share:.2%} of the tiles)"]
        out.append("areas closed per game (mean) and their mean size in tiles:")
        for kind in areas:
            sizes = self.closed.get(kind, [])
            mean_size = sum(sizes) / len(sizes) if sizes else 0.0
            out.append(f"  {kind:<10} {len(sizes) / self.games:6.2f} per game   mean size {mean_size:5.2f}")
        return out


def simulate(tileset: Tileset, games: int, seed: int, pool: int = 4) -> SimulationReport:
    """Lay out ``games`` games: tiles drawn one by one, or, for a tileset of single-faced tiles with
    a start tile, from a face-up pool of ``pool`` tiles."""
    rng = random.Random(seed)
    closed: dict[str, list[int]] = defaultdict(list)
    draws = dead = unplaced = 0
    layout = None
    pooled = bool(tileset.start) and all(len(t.faces) == 1 for t in tileset.tiles)
    for _ in range(games):
        layout = lay_out_pool(tileset, rng, pool) if pooled else lay_out(tileset, rng)
        draws += layout.draws
        dead += layout.dead
        unplaced += layout.unplaced
        for kind, sizes in layout.closed.items():
            closed[kind] += sizes
    return SimulationReport(games, draws, dead, dict(closed), layout, unplaced if pooled else None,
                            len(tileset.tiles) - 1)


def composition(tileset: Tileset) -> dict:
    """What the tileset is made of, for ``trian tiles stats``."""
    faces = [face for tile in tileset.tiles for face in tile.faces]
    features, props, codes = Counter(), Counter(), Counter()
    for face in faces:
        for region in face.regions:
            if region.positions or region.props:
                features[region.kind] += 1
            for name, count in region.props:
                props[name] += count
        codes.update(face.edges)
    extra = {}
    if faces and all(face.notation for face in faces):  # single-faced tiles written as side strings
        sides = sum(codes.values())
        extra["side shares"] = {f"{tileset.features_by_letter(c)}": f"{n} ({n / sides:.1%})" for c, n in codes.most_common()}
        centres = Counter(f.name for face in faces for f in tileset.features.values()
                          if f.centre and "/" + f.letter.upper() in face.notation)
        extra["centres"] = dict(sorted(centres.items()))
        extra["tiles with a start mark"] = 1 if tileset.start else 0
    return {**extra, 
        "tiles": len(tileset.tiles),
        "designs": len({t.design for t in tileset.tiles}),
        "faces": len(faces),
        "hidden faces": sum(f.hidden for f in faces),
        "regions": dict(sorted(features.items())),
        "properties": dict(sorted(props.items())),
        "edge codes": dict(codes.most_common()),
    }
