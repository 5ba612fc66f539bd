"""What ``help`` tells a person playing New Order at the terminal: what the options of the decision
mean, the prices as their skills make them, and what each of their skills does."""
from __future__ import annotations

# what each kind of option does (its rule), for the options of the decision at hand
KINDS = {
    "buy": "buy a mineral or a combat token with credits (NO-3.1.1)",
    "exchange": "give minerals to the bag for one of another colour (NO-3.1.2)",
    "gain": "take minerals from the nebulas you hold (NO-3.1.3)",
    "take": "take a mineral of that colour from that nebula (NO-3.1.3)",
    "unlock": "unlock a module of your race: its racial or universal side, for good (NO-3.1.5)",
    "end": "end this phase",
    "draw": "draw the top tile of a stack (NO-3.2)",
    "place": "place the drawn tile: TILE.FACE, face a or b, @(cell), rN turns (NO-3.2.2)",
    "research": "the phase-3 action: draw minerals from the bag (NO-3.3)",
    "expedition": "put a unit from your supply on the board (NO-3.3.1)",
    "build": "build a station under one of your emissaries (NO-3.3.3)",
    "withdraw": "take a unit back to your supply",
    "move": "move a ship or a token (NO-3.3.2)",
    "use": "use one of your skills",
    "declare": "declare a combat token for the battle, or none (NO-4.5)",
    "resolve": "go on: the areas closed this turn are scored (NO-4)",
    "pass": "do nothing more this phase",
}


def help_text(game, player: str, kinds: list[str]) -> str:
    lines = ["the options of this decision:"]
    lines += [f"  {kind:<12} {KINDS.get(kind, 'an option of a skill or of the content in play')}" for kind in kinds]
    lines.append("prices for you now: " + ", ".join(_prices(game, player)))
    owned = game.skills.owned.get(player)
    if owned is not None:
        lines.append(f"your race: {owned.race.title}; your skills:")
        lines += [f"  {skill.title} ({skill.when or 'any time'}): {skill.text or '-'}" for skill in owned.skills]
        left = [(n, pair) for n, pair in enumerate(owned.race.modules, 1) if n not in owned.unlocked]
        if left:
            costs = {side: game.param(f"evolution.{side}", player) for side in ("racial", "universal")}
            lines.append(f"modules still locked (racial side {costs['racial']}¢, universal side {costs['universal']}¢):")
            for number, (racial, universal) in left:
                lines.append(f"  module {number}: {_skill(game, racial)}  /  {_skill(game, universal)}")
    return "\n".join(lines)


def _prices(game, player: str) -> list[str]:
    return [f"a mineral {game.param('cost.mineral', player)}¢",
            f"a combat token {game.param('cost.combat-token', player)}¢",
            f"an exchange {game.param('exchange.give', player)} minerals for {game.param('exchange.take', player)}"]


def _skill(game, name: str) -> str:
    skill = game.ruleset.skills.get(name)
    return f"{skill.title}: {skill.text}" if skill is not None and skill.text else name
