"""The readable end-of-game summary: credits by source, areas closed, battles."""
from __future__ import annotations

from collections import defaultdict


def summary(game) -> str:
    by_source: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for event in game.scores_log:
        by_source[event.player][event.source] += event.amount
    lines = [f"{game.ruleset.title} — {len(game.players)} players, seed {game.seed}, {game.turn} turns, "
             f"{len(game.log)} decisions"]
    ranking = sorted(game.players, key=lambda p: (-p.credits, p.units_left()))
    winners = game.winners() if game.is_over else []
    label = {p.name: p.name + (f" ({game.races[p.name]})" if p.name in game.races else "") for p in game.players}
    width = max(len(text) for text in label.values())
    for player in ranking:
        start = game.ruleset.value("start.credits")
        parts = [f"start {start}"] + [f"{source} {amount:+d}" for source, amount in sorted(by_source[player.name].items())]
        mark = "  ← winner" if player.name in winners else ""
        lines.append(f"  {label[player.name]:<{width}} {player.credits:>4}¢   ({', '.join(parts)}){mark}")
        owned = game.skills.owned.get(player.name)
        if owned is not None and (owned.used or owned.unlocked):
            used = ", ".join(f"{skill} ×{n}" for skill, n in sorted(owned.used.items()))
            unlocked = ", ".join(f"{m} {side}" for m, side in sorted(owned.unlocked.items()))
            lines.append(f"  {'':<{width}}       skills used: {used or 'none'}; modules unlocked: {unlocked or 'none'}")
    closed = ", ".join(f"{kind} {count}" for kind, count in sorted(game.closed_counts.items())) or "none"
    lines.append(f"areas closed: {closed}")
    lines.append(f"battles: {game.battles}")
    best = sorted(game.scores_log, key=lambda e: -e.amount)[:3]
    if best:
        lines.append("biggest scores:")
        lines += [f"  {event}" for event in best]
    return "\n".join(lines)
