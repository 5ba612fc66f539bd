"""A deck made from a tileset: designs left in the box, and extra copies of designs.

Ruleset values (each may be given per player count, ``{2: …, 5: …}``):
  deck.without = [T08, T10]   designs whose every copy stays in the box (a base game without its
                              expansion's tiles)
  deck.extra-copies = 1       how many extra copies of each design in ``deck.copied`` join the deck
  deck.copied = [T01, T02]    those designs (more players, more tiles of the same kinds)
A ruleset with no ``deck`` plays its tileset's tiles as they are. An extra copy is a tile like the
others, numbered on after the set's own copies (``T13.8``).
"""
from __future__ import annotations

from ...board.tileset import Tile
from .stacks import TileSetupError


def build(ruleset, tiles: list, players: int) -> list:
    """The tiles that ``players`` play with, in the tileset's order, extra copies last."""
    if "deck" not in ruleset.values:
        return list(tiles)
    without = set(_value(ruleset, "deck.without", players, ()))
    deck = [tile for tile in tiles if tile.design not in without]
    extra = _value(ruleset, "deck.extra-copies", players, 0)
    for design in _value(ruleset, "deck.copied", players, ()) if extra else ():
        same = [tile for tile in tiles if tile.design == design]
        if not same:
            raise TileSetupError(f"deck.copied names '{design}', which is no tile of the tileset")
        deck += [Tile(f"{design}.{len(same) + k}", design, same[0].faces) for k in range(1, extra + 1)]
    return deck


def _value(ruleset, name: str, players: int, default):
    try:
        return ruleset.value(name, players)
    except KeyError:
        return default
