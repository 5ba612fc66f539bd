"""Raids by majority: in a zone, the sides with the most raiders take from the holdings of sides with
fewer (Deluxe's plundering, DX-6.7).

``raids(counts, holdings)``: ``counts`` is side -> raiders in the zone (every side of the game, zeros
included); ``holdings`` is a list of (owner side, value). When some side has raiders and not every
side ties at the top, each holding of a side with fewer raiders is taken: its owner loses the value
and each of the k top sides gains ⌊value / k⌋, per holding (``plunder.split = floor-per-system``;
the remainder is lost). ``tally`` counts the raiders per zone; ``stalemates`` are the zones where
every side has as many, one or more, so nobody raids (Deluxe: "and the ships return", L780).
"""
from __future__ import annotations

from collections import Counter

from .control import controllers


def raids(counts: dict, holdings: list) -> list:
    """Per holding, in order: (victim, raiders, value lost, share each raider gains), or None when
    it is not taken."""
    top = controllers(counts, "majority")
    if not top or len(top) == len(counts):
        return [None] * len(holdings)
    best = counts[top[0]]
    return [(owner, top, value, value // len(top)) if counts.get(owner, 0) < best and value else None
            for owner, value in holdings]


def tally(raiders) -> dict:
    """Zone -> Counter of side -> raiders, from the (zone, side) of each raider."""
    zones: dict = {}
    for zone, side in raiders:
        zones.setdefault(zone, Counter())[side] += 1
    return zones


def stalemates(zones: dict, sides) -> set:
    """The zones of ``tally`` where every one of ``sides`` has as many raiders."""
    return {zone for zone, counts in zones.items() if len(counts) == len(sides) and len(set(counts.values())) == 1}
