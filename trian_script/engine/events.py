"""Events (NO-4): closing and its scoring, emissary battles, control. Called by the game after a change."""
from __future__ import annotations

from collections import Counter

from ..board import Area

SCORING = {"nebula": "closing.nebula", "system": "closing.system", "space": "closing.space"}


def area_env(game, area: Area) -> dict:
    """The names a closing or construction formula reads for ``area`` (blocked units excluded)."""
    units = game.units_in(area)
    return {
        "tiles": len(area.tiles),
        "emissaries": sum(1 for _, e in units),
        "extractors": area.props.get("extractor", 0),
        "planets": area.props.get("planet", 0),
        "stations": sum(1 for _, e in units if e.station),
    }


def resolve_closings(game, closed: list[Area]) -> None:
    """Score every area closed by one placement, each separately (NO-4.1–4.3)."""
    for area in closed:
        if area.kind in ("nebula", "system"):
            emissary_battle(game, area)
        formula_key = SCORING.get(area.kind)
        if formula_key is None:
            continue
        env = area_env(game, area)
        formula = game.ruleset.formula(formula_key)
        amount = int(formula(env))
        controller = game.controller(area) if area.kind != "space" else None
        receiver = controller or game.current.name  # NO-4.3, outer space always to the closer (NO-4.2)
        game.score(receiver, amount, f"closed {area.kind}", f"{formula.explain(env)} = {amount}¢")
        if area.kind == "nebula":
            count = int(game.ruleset.formula("closing.nebula-minerals")(env))
            game.fill_nebula(area, count)
        game.update_control(area)


def emissary_battle(game, area: Area) -> None:
    """NO-4.6: players with emissaries in a closing nebula or system fight until one remains.

    Each player's bonus is their emissary count at the start; every clash all roll the die plus
    the bonus; the highest removes one emissary of each opponent, a tie at the top removes one of
    each tied player's own. [Not yet: combat tokens declared before the roll.]
    """
    players = _present(game, area)
    if len(players) < 2:
        return
    bonus = dict(players)
    game.battles += 1
    game.note(f"emissary battle in the {area.kind} at {game.area_name(area)}: " +
              ", ".join(f"{p} ({n})" for p, n in players.items()))
    while len(players) > 1:
        rolls = {p: game.roll() + bonus[p] for p in players}
        best = max(rolls.values())
        top = [p for p, r in rolls.items() if r == best]
        losers = [p for p in players if p not in top] if len(top) == 1 else top
        game.note("  clash: " + ", ".join(f"{p} {r}" for p, r in rolls.items()) +
                  (f" → {top[0]} wins" if len(top) == 1 else " → tie at the top"))
        for loser in losers:
            game.remove_one_emissary(loser, area)
        players = _present(game, area)


def _present(game, area: Area) -> Counter:
    return Counter(player for player, _ in game.units_in(area))
