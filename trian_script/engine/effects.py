"""Effects: the only way rules and plugins change a game's pieces and resources.

A game keeps its countable things in *zones*, each a Counter of kinds: a player's supply, a bag, the
pieces lying in an area. A zone has a name, and the game class says where each name lives
(``Game.zone``): ``bag``, ``cards:red``, ``supply:red``, ``area:12`` for instance. An effect moves
some of one kind from one zone to another (``move``), or brings pieces into or out of the game
(``adjust``, for pieces the rules create or take away). The kernel applies it after checking it
(a whole positive number; never more than the source holds; no zone below zero), records it with
its reason, and lets plugins hear it (``trian_event`` with event ``moved`` or ``adjusted``, for
the plugins whose ``hears`` names them).

A plugin that asks for an impossible effect raises ``EffectError``; ``choose`` then puts the game
back as it was before the choice and names the plugin (see ``PluginFailure``).
"""
from __future__ import annotations

from dataclasses import dataclass


class EffectError(ValueError):
    """An effect the kernel refuses: it would break an invariant of the game's state."""


@dataclass(frozen=True)
class Effect:
    """One applied change: ``amount`` of ``kind`` from ``source`` to ``target`` (None: outside the
    game), and why."""

    kind: str
    amount: int
    source: str | None
    target: str | None
    reason: str

    def __str__(self) -> str:
        where = f"{self.source or 'outside'} → {self.target or 'outside'}"
        return f"{self.amount} {self.kind}: {where} ({self.reason})"


def check_amount(amount) -> int:
    """A whole number of pieces, at least 0 (``True``/``False`` and fractions are refused)."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        if isinstance(amount, float) and amount.is_integer():
            return int(amount)
        raise EffectError(f"an effect moves a whole number of pieces, not {amount!r}")
    if amount < 0:
        raise EffectError(f"an effect moves a number of pieces that is not negative, not {amount}")
    return amount


def move(game, kind: str, amount: int, source: str, target: str, reason: str) -> Effect:
    """Move ``amount`` of ``kind`` from zone ``source`` to zone ``target``."""
    amount = check_amount(amount)
    held = game.zone(source)
    if held[kind] < amount:
        raise EffectError(f"{reason}: {source} holds {held[kind]} {kind}, not the {amount} to move to {target}")
    held[kind] -= amount
    game.zone(target)[kind] += amount
    return _record(game, Effect(kind, amount, source, target, reason), "moved")


def adjust(game, zone: str, kind: str, change: int, reason: str) -> Effect:
    """Bring ``change`` pieces of ``kind`` into ``zone`` from outside the game (or take them out,
    when negative): pieces the rules create or remove."""
    if isinstance(change, bool) or not isinstance(change, int):
        raise EffectError(f"{reason}: a whole number of pieces, not {change!r}")
    held = game.zone(zone)
    if held[kind] + change < 0:
        raise EffectError(f"{reason}: {zone} holds {held[kind]} {kind}, it cannot lose {-change}")
    held[kind] += change
    effect = Effect(kind, abs(change), None if change > 0 else zone, zone if change > 0 else None, reason)
    return _record(game, effect, "adjusted")


def _record(game, effect: Effect, event: str) -> Effect:
    game.effects.append(effect)
    # heard by the plugins that declare these events (``hears``), so older plugins see no change
    if game.hooks.declares("trian_event", event):  # (mostly none: nothing is made for them)
        game.hooks.call_declared("trian_event", event, game=game, event=event, data={"effect": effect})
    return effect
