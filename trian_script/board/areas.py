"""Areas as a union-find over regions; each root carries its area's totals.

A region of a placed tile is a node. Regions joined across a matching edge are united; the root
keeps what scoring and control need (tiles, open segments, property counts, units per player) so
"is it closed" and "who is in it" are answered without walking the area.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import partial


# an empty Counter, made without Counter's Python-level ``__init__`` and by no Python call at all
# (three per region laid)
_empty_counter = partial(Counter.__new__, Counter)


@dataclass
class AreaTotals:
    kind: str
    tiles: set = field(default_factory=set)  # cells
    regions: list = field(default_factory=list)  # node ids
    open: int = 0  # segments facing an empty cell
    props: Counter = field(default_factory=_empty_counter)
    units: Counter = field(default_factory=_empty_counter)  # (player, unit kind) -> count; kept by the engine
    minerals: Counter = field(default_factory=_empty_counter)  # colour -> pieces lying in the area (nebulas)
    closed: bool = False


class AreaForest:
    def __init__(self) -> None:
        self.parent: list[int] = []
        self.totals: dict[int, AreaTotals] = {}  # root -> totals

    def add(self, kind: str, cell, open_segments: int, props) -> int:
        node = len(self.parent)
        self.parent.append(node)
        counts = _empty_counter()
        dict.update(counts, props)  # what Counter(props) does into an empty Counter, without its Python __init__
        totals = AreaTotals(kind, {cell}, [node], open_segments, counts)
        self.totals[node] = totals
        return node

    def find(self, node: int) -> int:
        parent = self.parent
        root = node
        while parent[root] != root:
            root = parent[root]
        while parent[node] != root:  # path compression
            parent[node], node = root, parent[node]
        return root

    def union(self, a: int, b: int) -> int:
        """Unite the areas of a and b; returns the surviving root."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        ta, tb = self.totals[ra], self.totals[rb]
        if len(ta.regions) < len(tb.regions):  # merge the smaller into the larger
            ra, rb, ta, tb = rb, ra, tb, ta
        self.parent[rb] = ra
        ta.tiles |= tb.tiles
        ta.regions += tb.regions
        ta.open += tb.open
        # Counter's += is Python code (it also drops counts that are not positive): skipped when
        # both sides are empty, as most are, and the result is the same empty Counter
        if ta.props or tb.props:
            ta.props += tb.props
        if ta.units or tb.units:
            ta.units += tb.units
        if ta.minerals or tb.minerals:
            ta.minerals += tb.minerals
        ta.closed = ta.closed or tb.closed
        del self.totals[rb]
        return ra

    def of(self, node: int) -> AreaTotals:
        return self.totals[self.find(node)]
