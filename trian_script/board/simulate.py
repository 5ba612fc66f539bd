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


@dataclass
class SimulationReport:
    games: int
    draws: int
    dead: int
    closed: dict[str, list[int]]
    last: Layout

    @property
    def dead_share(self) -> float:
        return self.dead / self.draws if self.draws else 0.0

    def lines(self, areas: list[str]) -> list[str]:
        out = [
            f"games: {self.games}   draws: {self.draws}   tiles placed: {self.draws - self.dead}",
            f"draws with no legal placement on either face: {self.dead} ({self.dead_share:.2%})",
            "areas closed per game (mean) and their mean size in tiles:",
        ]
        for kind in areas:
            sizes = self.closed.get(kind, [])
            mean_size = sum(sizes) / len(sizes) if sizes else 0.0
            out.append(f"  {kind:<10} {len(sizes) / self.games:6.2f} per game   mean size {mean_size:5.2f}")
        return out


def simulate(tileset: Tileset, games: int, seed: int) -> SimulationReport:
    rng = random.Random(seed)
    closed: dict[str, list[int]] = defaultdict(list)
    draws = dead = 0
    layout = None
    for _ in range(games):
        layout = lay_out(tileset, rng)
        draws += layout.draws
        dead += layout.dead
        for kind, sizes in layout.closed.items():
            closed[kind] += sizes
    return SimulationReport(games, draws, dead, dict(closed), layout)


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
    return {
        "tiles": len(tileset.tiles),
        "designs": len({t.design for t in tileset.tiles}),
        "faces": len(faces),
        "hidden faces": sum(f.hidden for f in faces),
        "regions": dict(sorted(features.items())),
        "properties": dict(sorted(props.items())),
        "edge codes": dict(codes.most_common()),
    }
