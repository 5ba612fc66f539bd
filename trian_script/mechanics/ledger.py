"""The score ledger read back for people: each side's points by source, the winners, the biggest scores.

Any game whose score changes go through ``game.score`` (each a ``ScoreEvent`` with a source and its
arithmetic) can print its end with ``summary``: a side is one player, or a team whose points are kept
by one of its seats (``sides``: the keeping seat -> how the side is written, ``red+green``).
"""
from __future__ import annotations

from collections import defaultdict


def by_source(events) -> dict:
    """player -> source -> points."""
    out: dict = defaultdict(lambda: defaultdict(int))
    for event in events:
        out[event.player][event.source] += event.amount
    return out


def summary(game, sides: dict[str, str], facts: list[str] = ()) -> str:
    """The heading, a line per side (most points first: total and sources), ``facts``, top scores."""
    sources, unit = by_source(game.scores_log), game.POINTS_UNIT
    points = {side: game.scores()[side] for side in sides}
    winners = set(game.winners()) if game.is_over else set()
    width = max(map(len, sides.values()))
    lines = [f"{game.ruleset.title} — {len(game.players)} players, seed {game.seed}, {game.turn} turns, "
             f"{len(game.log)} decisions"]
    for side in sorted(sides, key=lambda s: (-points[s], sides[s])):
        parts = ", ".join(f"{source} {amount:+d}" for source, amount in sorted(sources[side].items())) or "none"
        lines.append(f"  {sides[side]:<{width}} {points[side]:>4}{unit}   ({parts})" + ("  ← winner" if side in winners else ""))
    best = sorted(game.scores_log, key=lambda e: -e.amount)[:3]
    return "\n".join(lines + list(facts) + (["biggest scores:"] + [f"  {e}" for e in best] if best else []))
