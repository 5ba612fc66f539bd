"""trian-script: script the rules of tile-laying space games, and play them.

    from trian_script import load_ruleset, Game
    game = Game(load_ruleset("beginner"), seats=["red", "blue"], seed=7)
"""
from .engine.game import Decision, Game, IllegalChoice
from .engine.ruleset import Ruleset, load_ruleset

__all__ = ["Game", "Decision", "IllegalChoice", "Ruleset", "load_ruleset"]
