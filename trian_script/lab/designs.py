"""Which races sit where, and who starts, in each game of a study (``simulate --design``).

A *table* is one game's plan: its seed, its seats in clockwise order (the colours keep their order:
red, blue, …; what moves is which race and bot sit in each) and the seat that should start.

- ``fixed``: the seats as given, the first player as rolled (the first release's studies).
- ``rotate``: the given seats turn around the table, game after game, and so does the first player:
  over ``n × n`` games every race sits in every seat ``n`` times and starts from every seat once.
- ``round-robin``: every set of ``--players`` races from the pool (the ``--seats`` races, or all of
  the ruleset's), one set per game in turn, each set rotated as above.
- ``random``: the cells of the round-robin (set × seat turn × first player) in a random order that
  is drawn again for each pass over them (permuted blocks): balanced after every pass, yet no set of
  seeds is tied to one arrangement.

The first player of a game is rolled by the rules (NO-2.4). To have a chosen seat start, the game
is first set up once to read which index of its seat list the roll picks; the same seat list, turned
so that this index is the chosen seat, then gives the real game: the table's clockwise order is
unchanged, and so is every draw before the roll, so the roll picks the same index (the game records
who really started, and the study counts that).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

DESIGNS = ("rotate", "fixed", "round-robin", "random")


@dataclass(frozen=True)
class Table:
    seed: int
    seats: tuple  # balance.Seat per table position, clockwise (colours in their usual order)
    first: int | None = None  # the table position that should start; None: as rolled


def tables(design: str, items: list, colours: list[str], seeds: list[int], players: int | None = None,
           design_seed: int = 0) -> list:
    """One Table per seed. ``items`` are the (race, bot) seats of ``--seats`` (balance.Seat with any
    colour); ``players`` is how many sit at each table (round-robin and random; default: all)."""
    from ..balance import Seat

    if design not in DESIGNS:
        raise ValueError(f"unknown design '{design}' (choose from {', '.join(DESIGNS)})")
    players = players or len(items)
    if design == "fixed":
        return [Table(seed, tuple(Seat(c, s.race, s.bot) for c, s in zip(colours, items))) for seed in seeds]
    groups = [list(items)] if design == "rotate" else [list(g) for g in combinations(items, players)]
    cells = [(group, shift, first) for group in groups for first in range(players) for shift in range(players)]
    order = list(range(len(cells)))
    out = []
    rng = random.Random(design_seed)
    for i, seed in enumerate(seeds):
        if design == "random" and i % len(cells) == 0:
            rng.shuffle(order)
        group, shift, first = cells[order[i % len(cells)]] if design == "random" else _cell(groups, players, i)
        seats = tuple(Seat(colours[t], group[(t - shift) % players].race, group[(t - shift) % players].bot)
                      for t in range(players))
        out.append(Table(seed, seats, (first + shift) % players))
    return out


def _cell(groups: list, players: int, i: int) -> tuple:
    """Game ``i`` of a rotating design: its group, then the seat turn, then who starts."""
    group = groups[i % len(groups)]
    j = i // len(groups)
    return group, j % players, (j // players) % players


def seat_list(colours: list[str], first: int, rolled: int) -> list[str]:
    """The table's colours turned so that the seat list index ``rolled`` is table position ``first``."""
    turn = (first - rolled) % len(colours)
    return colours[turn:] + colours[:turn]
