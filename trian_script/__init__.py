"""trian-script: script the rules of tile-laying space games, and play them.

    from trian_script import load_ruleset, Game
    game = Game(load_ruleset("beginner"), seats=["red", "blue"], seed=7)
"""
from .engine.game import Decision, Game, IllegalChoice
from .engine.ruleset import Ruleset, load_ruleset

__all__ = ["Game", "Decision", "IllegalChoice", "Ruleset", "load_ruleset"]


def _first_release_paths() -> None:
    """Plugins written for the first release import New Order's modules from ``trian_script.engine``
    (``from trian_script.engine.actions import teleport``); those modules now live in the game's
    folder, and the old names stay valid."""
    import importlib
    import sys

    for module in ("actions", "battles", "events", "scenario", "skills", "state", "summary", "view"):
        sys.modules.setdefault(f"{__name__}.engine.{module}", importlib.import_module(f"{__name__}.games.new_order.{module}"))


_first_release_paths()
