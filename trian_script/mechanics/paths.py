"""Paths of a moving piece: every place it can end within a number of steps.

A piece moves step by step from cell to cell; the game says, for each step, where it may go on
(``step(here, state) -> [(next, state), …]``: outer space linked across an edge, say), whether it
may end on a cell (``may_end``: not on another piece) and whether it must stop there (``stops``:
beside an enemy). A cell is entered at most once, by its shortest path; the start is never an end.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable


def reachable(start, state, steps: int, step: Callable[[object, object], Iterable],
              may_end: Callable[[object], bool], stops: Callable[[object, object], bool]) -> dict:
    """target -> (its state, the steps taken to reach it)."""
    frontier, seen, out = [(start, state)], {start}, {}
    for taken in range(1, steps + 1):
        following = []
        for here, here_state in frontier:
            for cell, cell_state in step(here, here_state):
                if cell in seen:
                    continue
                seen.add(cell)
                if may_end(cell):
                    out[cell] = (cell_state, taken)
                    if stops(cell, cell_state):
                        continue
                following.append((cell, cell_state))
        frontier = following
    return out
