"""A greedy bot: takes what pays now, keeps its credits, and places tiles to close areas it scores.

It reads option texts and the board's read-only questions only; it never changes the game.
"""
from __future__ import annotations

import random
import re

from ..games.new_order.actions import FACE_LETTERS

# what one closed area of each kind is roughly worth to the closer, per tile
VALUE_PER_TILE = {"nebula": 1.5, "system": 2.0, "space": 3.0}


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game) -> str:
        decision = game.decision
        options = decision.options
        if hasattr(game, "placing"):  # a pool game with pieces on features (Galactic Realms)
            from . import greedy_pool

            return greedy_pool.choose(game, decision, self.rng)
        chooser = getattr(self, "_" + decision.kind, None)
        choice = chooser(game, options) if chooser else None
        # a skill may hold back the usual options (an upkeep to settle first): never answer off the list
        return choice if choice in options else self.rng.choice(options)

    def _extraction(self, game, options):
        if "gain minerals" in options:
            return "gain minerals"
        credits = game.current.credits
        # race evolution (NO-3.1.5): a racial module when it leaves a little in hand, else a universal one
        unlocks = [o for o in options if o.startswith("unlock module")]
        racial = [o for o in unlocks if " racial " in o]
        if racial and credits >= 20:
            return self.rng.choice(racial)
        if unlocks and credits >= 12:
            return self.rng.choice([o for o in unlocks if " universal " in o] or unlocks)
        skills = [o for o in options if o.startswith("use ")]
        if skills:
            return skills[0]
        return "end extraction"  # a mineral bought for 6¢ is worth 3¢ at the end: don't

    def _gain(self, game, options):
        return options[0]

    def _draw(self, game, options):
        return self.rng.choice(options)

    def _place(self, game, options):
        me = game.current.name
        best, best_value = [], float("-inf")
        for text in options:
            value = placement_value(game, text)
            value += self.rng.random() * 0.1  # break ties without a bias towards one corner
            if value > best_value:
                best, best_value = [text], value
        return best[0]

    def _exploration(self, game, options):
        me = game.current.name
        builds = [o for o in options if o.startswith("build")]
        if builds:
            return max(builds, key=lambda o: ("space-station" in o, o))
        expeditions = [o for o in options if o.startswith("expedition emissary")]
        if expeditions and game.current.supply["emissaries"] > 1:
            return self.rng.choice(expeditions)
        standard = ("build", "expedition", "research", "pass", "resolve events", "withdraw", "move ship", "teleport")
        skills = [o for o in options if not o.startswith(standard)]  # what races and plugins add
        if skills and self.rng.random() < 0.5:
            return self.rng.choice(skills)
        if "research" in options:
            return "research"
        return "pass"

    def _battle(self, game, options):
        """Use a skill before the roll (a Warcry) once, declare every '+1' token it may (they only
        help), attack the first target offered; in a battle's pick take the answer offered first,
        the sensible one (reroll while behind, else keep; the emissary on the lowest cell)."""
        skills = [o for o in options if o.startswith("use ")]
        if skills:
            return skills[0]
        declares = [o for o in options if o.startswith("declare")]
        if declares:
            return max(declares, key=lambda o: (o.count("plus-one"), -o.count("reroll")))
        return options[0]


PLACE = re.compile(r" ([ab]) @\(([-\d,]+)\) r(\d+)$")


def placement_value(game, text: str) -> float:
    """What placing a tile is worth: the areas it closes, by kind and size; a little more for a
    tile with a place for an emissary (the expedition can follow). 0 for a text that is no placement."""
    match = PLACE.search(text)
    if match is None:
        return 0.0
    face = game.drawn.faces[FACE_LETTERS.index(match.group(1))]
    cell = tuple(int(v) for v in match.group(2).split(","))
    value = sum(VALUE_PER_TILE.get(kind, 0) * tiles
                for kind, tiles in game.board.would_close(face, cell, int(match.group(3))))
    if game.current.supply["emissaries"] and any("emissary" in r.holds for r in face.regions):
        value += 0.5
    return value
