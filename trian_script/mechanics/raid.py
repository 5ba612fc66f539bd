"""Raids by majority: in a zone, the sides with the most raiders take from the holdings of sides with
fewer (Deluxe's plundering, DX-6.7).

``raids(counts, holdings)``: ``counts`` is side -> raiders in the zone (every side of the game, zeros
included); ``holdings`` is a list of (owner side, value). When some side has raiders and not every
side ties at the top, each holding of a side with fewer raiders is taken: its owner loses the value
and each of the k top sides gains ⌊value / k⌋, per holding (``plunder.split = floor-per-system``;
the remainder is lost).
"""
from __future__ import annotations

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
