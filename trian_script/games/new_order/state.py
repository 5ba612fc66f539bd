"""New Order's state: players, units on the board, special tokens. Plain data; the rules live in the
other modules."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

UNIT_KINDS = ("emissaries", "research-stations", "space-stations", "corvettes", "rogues")


@dataclass
class Player:
    name: str  # the seat colour: red, blue, …
    credits: int
    supply: Counter  # unit kind -> pieces on the race board
    minerals: Counter = field(default_factory=Counter)
    tokens: list[str] = field(default_factory=list)  # combat tokens, hidden from the others

    def units_left(self) -> int:
        return self.supply["emissaries"] + self.supply["research-stations"] + self.supply["space-stations"]


@dataclass
class Emissary:
    """An emissary on a tile region; a station built under it stays with it (NO-3.3.3)."""

    player: str
    region: int
    station: str | None = None  # None, "research-station" or "space-station"


@dataclass
class Ship:
    player: str
    kind: str  # "corvette" or "rogue"
    region: int
    moved: tuple = ()  # (turn, steps moved in it): a turn's range counts over all its moves (NO-3.3.5)


@dataclass
class SpecialToken:
    """A special token on the board (NO-1.6): its kind (a ``token`` definition), owner and cell."""

    id: int
    kind: str
    owner: str
    cell: tuple | None
    data: dict = field(default_factory=dict)  # what its skill keeps about it
