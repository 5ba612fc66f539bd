"""Decisions beyond one player at a time, for any game: simultaneous secret choices, out-of-turn
reactions, and rounds in which players act until all have passed.

Each is a *waiting* object (``game.wait_for(...)``): while it waits, the game's decision comes
from it and the step queue pauses. The decision names one player (``decision.player``, who
``choose(text)`` answers for) and, when several players decide at once, all of them
(``decision.players``; ``choose(text, player=NAME)`` answers for any of them, in any order).
A choice in a decision of several players is logged as ``NAME: text``, so a log replays it.
"""
from __future__ import annotations

from collections.abc import Callable


class Simultaneous:
    """Every player in ``players`` chooses one of ``options_for(player)`` in secret; when all have,
    ``resolve(choices)`` runs with {player: text}. Until then nobody's choice is revealed: the
    decision shows no one's choice but the chooser's own options."""

    def __init__(self, game, players: list[str], options_for: Callable[[str], list[str]], resolve: Callable,
                 prompt: str = "choose in secret"):
        self.game, self.players = game, list(players)
        self.options_for, self.resolve, self._prompt = options_for, resolve, prompt
        self.chosen: dict[str, str] = {}

    def start(self) -> None:
        pass

    @property
    def deciders(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.chosen)

    @property
    def decider(self) -> str:
        return self.deciders[0]

    def prompt(self) -> str:
        return self._prompt

    def options(self, player: str | None = None) -> dict:
        player = player or self.decider
        return {text: _Answer(self.record, player, text) for text in self.options_for(player)}

    def record(self, player: str, text: str) -> None:
        self.chosen[player] = text
        if not self.deciders:
            self.game.waiting = None
            self.game.then(self.resolve_all)

    def resolve_all(self) -> None:
        self.resolve(dict(self.chosen))


class Reactions:
    """Out of turn: each player of ``players`` in order may react to what just happened, with one of
    ``options_for(player)`` (which should include a way to decline); ``react(player, text)`` runs for
    each answer. Players with no options are skipped."""

    def __init__(self, game, players: list[str], options_for: Callable[[str], list[str]], react: Callable,
                 prompt: str = "react, out of turn"):
        self.game, self.waiting_players = game, list(players)
        self.options_for, self.react, self._prompt = options_for, react, prompt

    def start(self) -> None:
        self._skip()

    def _skip(self) -> None:
        while self.waiting_players and not self.options_for(self.waiting_players[0]):
            self.waiting_players.pop(0)
        if not self.waiting_players:
            self.game.waiting = None

    @property
    def decider(self) -> str:
        return self.waiting_players[0]

    def prompt(self) -> str:
        return self._prompt

    def options(self) -> dict:
        return {text: _Answer(self.answer, self.decider, text) for text in self.options_for(self.decider)}

    def answer(self, player: str, text: str) -> None:
        self.waiting_players.pop(0)
        self.react(player, text)
        self._skip()


class _Answer:
    """What choosing an option does: ``then(player, text)`` (a plain object of a bound method and
    two words, so a copy of the game copies it with the game)."""

    def __init__(self, then, player: str, text: str):
        self.then, self.player, self.text = then, player, text

    def __call__(self) -> None:
        self.then(self.player, self.text)


class PassingRound:
    """Players act in turn order until every one has passed; a player who passed is skipped.
    The game asks ``next_player()`` after each action and ``passed(player)`` when one passes."""

    def __init__(self, players: list[str]):
        self.order, self.out = list(players), []
        self.index = 0

    @property
    def current(self) -> str:
        return self.order[self.index]

    @property
    def over(self) -> bool:
        return len(self.out) == len(self.order)

    def passed(self, player: str) -> None:
        self.out.append(player)

    def next_player(self) -> str | None:
        """The next player still in the round, or None when all have passed."""
        for step in range(1, len(self.order) + 1):
            candidate = (self.index + step) % len(self.order)
            if self.order[candidate] not in self.out:
                self.index = candidate
                return self.order[candidate]
        return None


class OneChoice:
    """One player picks one of ``options`` (text -> step) in the middle of a step (a target, what to
    take back); the wait ends and the chosen step runs. Steps are methods or partials."""

    def __init__(self, game, player: str, options: dict, prompt: str = "choose one"):
        self.game, self.decider, self._options, self._prompt = game, player, dict(options), prompt

    def start(self) -> None:
        pass

    def prompt(self) -> str:
        return self._prompt

    def options(self) -> dict:
        from functools import partial

        return {text: partial(self._pick, step) for text, step in self._options.items()}

    def _pick(self, step) -> None:
        self.game.release(self)
        step()
