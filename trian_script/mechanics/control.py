"""Control of an area by the pieces in it: who controls, under the ruleset's rule.

Ruleset value ``control.rule``:
  sole       the only player present controls (New Order NO-4.7)
  majority   the players with the most pieces control, every tied player included (Deluxe)
  plurality  like majority, counting each piece's weight (powered-up pieces weigh more); ties are
             settled by ``control.ties``: ``all`` (every tied player) or ``none``
"""
from __future__ import annotations

from collections.abc import Mapping

RULES = ("sole", "majority", "plurality")


def controllers(presence: Mapping[str, float], rule: str = "sole", ties: str = "all") -> list[str]:
    """The players who control an area, given each present player's count (or weight)."""
    present = {player: amount for player, amount in presence.items() if amount > 0}
    if not present:
        return []
    if rule == "sole":
        return list(present) if len(present) == 1 else []
    if rule not in RULES:
        raise ValueError(f"control.rule = {rule}: one of {', '.join(RULES)}")
    best = max(present.values())
    top = sorted(player for player, amount in present.items() if amount == best)
    if len(top) > 1 and ties == "none":
        return []
    return top


def on_closing(presence: Mapping[str, float], rule: str = "majority", tie: str = "all-score",
               closer: str | None = None) -> tuple[list[str], str | None]:
    """Who scores an area as it closes, and who controls it after (Deluxe DX-4.3, DX-4.4).

    The top of ``presence`` by ``rule`` scores and controls; tied players all score (``tie =
    all-score``) or none does (``none-score``), and nobody controls; with nobody counted, ``closer``
    scores and nobody controls."""
    top = controllers(presence, rule)
    if len(top) > 1:
        return (top if tie == "all-score" else []), None
    return (top or ([closer] if closer else [])), (top[0] if top else None)
