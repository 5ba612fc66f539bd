"""A face-up pool of tiles drawn from a bag (Galactic Realms GR-2.3, GR-3.5, GR-3.6).

Ruleset values: ``pool.size`` tiles lie face up; after a tile is taken the pool is refilled from the
bag (when the bag is empty it shrinks). ``pool.stuck`` says what happens when no pool tile fits:
  set_aside_redraw  the pool is set aside and a new one drawn, again while none fits; once one fits,
                    the set-aside tiles go back into the bag, which is shuffled
  discard           the pool is discarded and a new one drawn, again while none fits
When the bag runs out and none fits, the unplaced tiles leave the game (``unstick`` returns False).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from .stacks import fits_anywhere

STUCK_RULES = ("set_aside_redraw", "discard")


@dataclass
class Pool:
    bag: list  # face down; the next tile drawn is the last
    tiles: list = field(default_factory=list)  # face up
    removed: list = field(default_factory=list)  # tiles that left the game
    stuck: int = 0  # times no pool tile fitted (turns that began stuck)


def refill(pool: Pool, size: int) -> None:
    """Draw from the bag until the pool holds ``size`` tiles or the bag is empty."""
    while len(pool.tiles) < size and pool.bag:
        pool.tiles.append(pool.bag.pop())


def unstick(pool: Pool, board, size: int, rule: str, rng, fits=None) -> bool:
    """Make sure a pool tile fits somewhere, by ``rule``; False when none can (the game ends).
    ``fits(tile)`` says whether a tile fits (default: anywhere, in any orientation)."""
    if rule not in STUCK_RULES:
        raise ValueError(f"pool.stuck = {rule}: one of {', '.join(STUCK_RULES)}")
    fits = fits or (lambda tile: fits_anywhere(board, tile))
    aside: list = []
    fitting = any(map(fits, pool.tiles))  # asked once per pool drawn
    if not fitting:
        pool.stuck += 1
    while not fitting:
        if not pool.bag:
            pool.removed += pool.tiles + aside
            pool.tiles = []
            return False
        if rule == "set_aside_redraw":
            aside += pool.tiles
        else:
            pool.removed += pool.tiles
        pool.tiles = []
        refill(pool, size)
        fitting = any(map(fits, pool.tiles))
    if aside:
        pool.bag += aside
        rng.shuffle(pool.bag)
    return True


def swap(pool: Pool, indices, rng) -> None:
    """Set the pool tiles at ``indices`` aside, fill their places from the bag, then put them into
    the bag and shuffle it (a Realms Cosmic Token's refresh, GR-7.3)."""
    aside = [pool.tiles[i] for i in sorted(indices)]
    pool.tiles = [tile for i, tile in enumerate(pool.tiles) if i not in indices]
    refill(pool, len(pool.tiles) + len(aside))
    pool.bag += aside
    rng.shuffle(pool.bag)


def swaps(pool: Pool, name=lambda tile: tile.id) -> dict[str, tuple]:
    """Every way to set aside 1 to min(pool, bag) pool tiles for ``swap``: their names joined by
    spaces -> their indexes (tiles alike give one way)."""
    out: dict[str, tuple] = {}
    names = [name(tile) for tile in pool.tiles]
    for k in range(1, min(len(names), len(pool.bag)) + 1):
        for chosen in combinations(range(len(names)), k):
            out.setdefault(" ".join([names[i] for i in chosen]), chosen)
    return out
