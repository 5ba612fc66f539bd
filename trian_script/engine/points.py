"""A readable end of game for any game that scores points: each player's points by source (from
the score ledger), the winners, the biggest scores. A game may add its own lines."""
from __future__ import annotations

from collections import defaultdict


def points_summary(game, extra: list[str] = ()) -> str:
    by_source: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for event in game.scores_log:
        by_source[event.player][event.source] += event.amount
    lines = [f"{game.ruleset.title} — {len(game.players)} players, seed {game.seed}, {game.turn + 1} turns, "
             f"{len(game.log)} decisions"]
    winners = game.winners() if game.is_over else []
    width = max(len(p.name) for p in game.players)
    unit = game.POINTS_UNIT or " points"
    for player in sorted(game.players, key=lambda p: -getattr(p, game.POINTS)):
        parts = [f"{source} {amount:+d}" for source, amount in sorted(by_source[player.name].items())]
        mark = "  ← winner" if player.name in winners else ""
        lines.append(f"  {player.name:<{width}} {getattr(player, game.POINTS):>4}{unit}   "
                     f"({', '.join(parts) or 'nothing scored'}){mark}")
    lines += list(extra)
    best = sorted(game.scores_log, key=lambda e: -e.amount)[:3]
    if best:
        lines += ["biggest scores:", *[f"  {event}" for event in best]]
    return "\n".join(lines)
