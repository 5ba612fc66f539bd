"""A market of resources: buying at a price and exchanging some resources for others.

Ruleset values: ``exchange.give`` resources handed back for ``exchange.take`` of one kind. Option
texts: ``exchange red+blue for green`` (and ``for green×2`` when one exchange takes more than one).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement


def exchanges(owned: Counter, give: int, take: int, available: Counter) -> dict[str, tuple[tuple, str]]:
    """Every exchange a player holding ``owned`` may make: text -> (the kinds given, the kind taken)."""
    # asked at every trade decision, mostly for holdings seen before: the answers are kept
    key = (tuple(owned.items()), give, take, tuple(available.items()))
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) >= 4096:
            _KNOWN.clear()
        known = _KNOWN[key] = _exchanges(owned, give, take, available)
    return dict(known)


_KNOWN: dict[tuple, dict] = {}


def _exchanges(owned: Counter, give: int, take: int, available: Counter) -> dict[str, tuple[tuple, str]]:
    out = {}
    if give <= 0 or take <= 0:
        return out
    kinds = sorted(c for c, n in owned.items() if n > 0)
    wanted = sorted(c for c, n in available.items() if n >= take)
    for given in combinations_with_replacement(kinds, give):
        if all(owned[c] >= given.count(c) for c in given):
            for kind in wanted:
                text = f"exchange {'+'.join(given)} for {kind}" + (f"×{take}" if take > 1 else "")
                out[text] = (given, kind)
    return out
