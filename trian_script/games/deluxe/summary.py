"""Deluxe's end-of-game summary: each side's VP by source, teams as teams."""
from __future__ import annotations

from collections import defaultdict


def summary(game) -> str:
    by_source: dict = defaultdict(lambda: defaultdict(int))
    for event in game.scores_log:
        by_source[event.player][event.source] += event.amount
    lines = [f"{game.ruleset.title} — {len(game.players)} players, seed {game.seed}, {game.turn} turns, "
             f"{len(game.log)} decisions"]
    winners = set(game.winners()) if game.is_over else set()
    names = {s: "+".join(p.name for p in game.players if game.side(p.name) == s) for s in game.side_names()}
    width = max(map(len, names.values()))
    for side in sorted(names, key=lambda s: (-game.player(s).credits, names[s])):
        parts = ", ".join(f"{source} {amount:+d}" for source, amount in sorted(by_source[side].items())) or "none"
        mark = "  ← winner" if side in winners else ""
        lines.append(f"  {names[side]:<{width}} {game.player(side).credits:>4} VP   ({parts}){mark}")
    closed = ", ".join(f"{kind} {count}" for kind, count in sorted(game.closed_counts.items())) or "none"
    lines.append(f"areas closed: {closed}")
    lines.append(f"ship battles: {game.battles}")
    best = sorted(game.scores_log, key=lambda e: -e.amount)[:3]
    if best:
        lines.append("biggest scores:")
        lines += [f"  {event}" for event in best]
    return "\n".join(lines)
