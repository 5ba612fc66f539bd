"""Mechanics that several games share, each one idea with its own ruleset values.

A game's ruleset names the mechanics it uses (``plugins = [tile-laying, control, market]``) and sets
their values; a game's rules call them rather than writing their own. ``REGISTRY`` maps the names a
ruleset may use to the module that implements each (a module may also implement hooks, which the
game's plugin manager then calls).
"""
from __future__ import annotations

REGISTRY = {
    "tile-laying": "trian_script.mechanics.tile_laying",
    "control": "trian_script.mechanics.control",
    "market": "trian_script.mechanics.market",
    "sides": "trian_script.mechanics.sides",
    "clash": "trian_script.mechanics.clash",
}
