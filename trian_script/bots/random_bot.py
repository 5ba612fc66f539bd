"""The baseline: a uniformly random legal option, from its own seeded generator."""
from __future__ import annotations

import random


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game) -> str:
        return self.rng.choice(game.decision.options)
