"""The games: each a folder with the rules its ruleset names (``game = NAME``).

A ruleset says which game it is (``game = new_order``); a variant inherits it through ``extends``.
The kernel asks ``game_class(ruleset)`` for the class that plays it. Games come from this package
(``trian_script.games.NAME.GAME``) and from installed packages (entry point group
``trian_script.games``: ``name = "package.module:Class"``).
"""
from __future__ import annotations

import importlib
import re
from importlib.metadata import entry_points

# Rulesets of the first release named no game: they are New Order's (every shipped and fan ruleset
# then extended it), so a ruleset without ``game`` plays as this one.
DEFAULT_GAME = "new_order"


# Games registered by the program that embeds the engine (``register_game``): an app's own game,
# or a test's. Registering is code, so a content file can name such a game but never make one.
REGISTERED: dict[str, type] = {}


def register_game(name: str, cls: type) -> None:
    """Let rulesets say ``game = NAME`` for the class ``cls`` (a subclass of the kernel's Game)."""
    REGISTERED[name] = cls


class UnknownGame(ValueError):
    """A ruleset names a game that no package provides."""


def game_class(ruleset) -> type:
    """The class that plays ``ruleset``."""
    return game_class_named(ruleset.values.get("game", DEFAULT_GAME), ruleset.name)


def game_class_named(name, ruleset: str = "") -> type:
    """The class of the game ``name``, for the ruleset named ``ruleset`` (for the message)."""
    name = str(name)
    if name in REGISTERED:
        return REGISTERED[name]
    if re.fullmatch(r"[a-z][a-z0-9_]*", name):
        try:
            return importlib.import_module(f"{__name__}.{name}").GAME
        except ModuleNotFoundError as err:
            if err.name != f"{__name__}.{name}":
                raise
    for entry in entry_points(group="trian_script.games"):
        if entry.name == name:
            return entry.load()
    raise UnknownGame(f"the ruleset '{ruleset}' is a game '{name}' that no installed package provides")
