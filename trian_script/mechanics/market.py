"""A market of resources: buying at a price and exchanging some resources for others.

Ruleset values: ``exchange.give`` resources handed back for ``exchange.take`` of one kind. Option
texts: ``exchange red+blue for green`` (and ``for green×2`` when one exchange takes more than one).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement


def exchanges(owned: Counter, give: int, take: int, available: Counter) -> dict[str, tuple[tuple, str]]:
    """Every exchange a player holding ``owned`` may make: text -> (the kinds given, the kind taken)."""
    return dict(exchanges_of(holding(owned, give, take, available)))


def holding(owned: Counter, give: int, take: int, available: Counter) -> tuple:
    """What decides the exchanges a player may make (a key for what is worked out from them): how
    many of each kind the player holds, up to ``give``, and how many of each kind are available,
    up to ``take``."""
    held = tuple(sorted((c, min(n, give)) for c, n in owned.items() if n > 0))
    stock = tuple(sorted((c, min(n, take)) for c, n in available.items()))
    return held, give, take, stock


def exchanges_of(key: tuple) -> dict[str, tuple[tuple, str]]:
    """``exchanges`` for a ``holding`` (kept for each: asked at every trade decision; do not
    change the answer)."""
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) >= 4096:
            _KNOWN.clear()
        held, give, take, stock = key
        known = _KNOWN[key] = _exchanges(dict(held), give, take, dict(stock)) if give > 0 and take > 0 else {}
    return known


_KNOWN: dict[tuple, dict] = {}


def _exchanges(held: dict, give: int, take: int, stock: dict) -> dict[str, tuple[tuple, str]]:
    """The given kinds go back first, then the taken one comes out (NO-3.1.2: "return … then
    take"): a kind the stock lacks may be taken when enough of it is given."""
    out = {}
    for given in combinations_with_replacement(list(held), give):
        if all(held[c] >= given.count(c) for c in given):
            for kind in sorted(stock.keys() | set(given)):
                if stock.get(kind, 0) + given.count(kind) < take:
                    continue
                text = f"exchange {'+'.join(given)} for {kind}" + (f"×{take}" if take > 1 else "")
                out[text] = (given, kind)
    return out
