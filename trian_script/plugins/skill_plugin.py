"""The base class of a skill written in Python (tier 3: ``plugin "module:Class"`` in a skill).

One instance is made per owner and game. The engine calls its hooks only when they concern its
owner (``player == self.owner``, or events whose subject is the owner) and only while the skill is
unlocked, so a plugin never has to check that itself — the safe default scope of every skill.
"""
from __future__ import annotations

from .hookspecs import hookimpl  # re-exported for plugin authors

__all__ = ["SkillPlugin", "hookimpl"]


class SkillPlugin:
    #: parameters this skill introduces, with their defaults (other skills may modify them)
    parameters: dict = {}
    #: the phases (``trian_options``, ``trian_option_filter``) or events (``trian_event``) a hook
    #: hears, e.g. ``{"trian_options": ("exploration",)}``; a hook not listed hears them all. The
    #: dispatcher calls a hook only for what it hears, so a plugin never polls.
    hears: dict = {}

    def __init__(self, game, owner: str, skill):
        self.game, self.owner, self.skill = game, owner, skill

    @property
    def me(self):
        return self.game.player(self.owner)

    def state(self) -> dict:
        """This skill's own state, kept in the game (so it is part of what replay rebuilds)."""
        return self.game.skill_state.setdefault((self.owner, self.skill.name), {})

    def score(self, amount: int, explanation: str) -> None:
        self.game.score(self.owner, amount, self.skill.title, explanation)
