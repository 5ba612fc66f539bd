"""Players that decide by themselves. A bot is anything with ``choose(game) -> option text``.

A bot is named by a *spec*: ``random``, ``greedy``, or ``mcts:BUDGET`` with a budget in rollouts
per decision (``mcts:200``) or seconds per decision (``mcts:0.5s``); plain ``mcts`` is ``mcts:200``.
"""
from .greedy import GreedyBot
from .mcts import MCTSBot
from .random_bot import RandomBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}
DEFAULT_ITERATIONS = 200


class BotSpecError(ValueError):
    """A bot spec that names no bot, or a budget that is no budget."""


def bot_factory(spec: str):
    """A function seed -> bot for ``spec``; raises BotSpecError with a one-line message."""
    name, colon, budget = spec.strip().partition(":")
    if name not in BOTS:
        raise BotSpecError(f"unknown bot '{spec}' (choose from {', '.join(BOTS)}; mcts takes a budget: mcts:200 "
                           "iterations or mcts:0.5s per decision)")
    if name != "mcts":
        if colon:
            raise BotSpecError(f"bot '{name}' takes no budget (only mcts does: mcts:200 or mcts:0.5s)")
        return BOTS[name]
    seconds = budget.endswith("s")
    try:
        amount = float(budget[:-1]) if seconds else int(budget) if colon else DEFAULT_ITERATIONS
    except ValueError:
        raise BotSpecError(f"bot '{spec}': the budget is a whole number of iterations (mcts:200) or seconds "
                           "(mcts:0.5s)") from None
    if not amount > 0 or not math_finite(amount):
        raise BotSpecError(f"bot '{spec}': the budget must be more than 0")
    if seconds:
        return lambda seed: MCTSBot(seed, iterations=None, seconds=amount)
    return lambda seed: MCTSBot(seed, iterations=amount)


def make_bot(spec: str, seed: int):
    """The bot ``spec`` names, drawing from ``seed``."""
    return bot_factory(spec)(seed)


def math_finite(x: float) -> bool:
    return x == x and x not in (float("inf"), float("-inf"))


__all__ = ["BOTS", "BotSpecError", "GreedyBot", "MCTSBot", "RandomBot", "bot_factory", "make_bot"]
