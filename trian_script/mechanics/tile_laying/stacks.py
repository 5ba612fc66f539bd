"""Tile laying: tiles dealt into stacks with a face up, drawn, and laid on any grid.

Ruleset values:
  stacks = N            how many stacks the shuffled tiles are dealt into (at least 1)
  first-tile = origin   the first tile is laid by the first player at the grid's origin; or the id
                        or design of a start tile, laid at the origin (rotation 0) before play
  dead-tile = remove    a drawn tile that fits nowhere leaves the game and the player draws again;
                        or ``bottom``: it goes under its stack and the player draws again (when no
                        tile left fits anywhere, those left the game instead)
A tile with a hidden face lies with that face down; otherwise the generator picks the face up
(a single-faced tile always shows its face).
"""
from __future__ import annotations

VALUES = ("stacks", "first-tile", "dead-tile")


class TileSetupError(ValueError):
    """Ruleset values this mechanic cannot play with."""


def face_up(rng, tile) -> int:
    """Which face of ``tile`` lies up in a stack."""
    if len(tile.faces) == 1 or tile.faces[1].hidden:
        return 0
    if tile.faces[0].hidden:
        return 1
    return rng.randrange(2)


def deal(game, tiles: list) -> tuple[list[list], dict[str, int]]:
    """Shuffle ``tiles`` with the game's generator and deal them into the ruleset's stacks; the top
    of a stack is its last tile. Returns (stacks, face up per tile id)."""
    count = game.ruleset.value("stacks")
    if not isinstance(count, int) or count < 1:
        raise TileSetupError(f"stacks = {count}: the tiles need at least one stack")
    tiles = list(tiles)
    start = _start_tile(game, tiles)
    if start is not None:
        tiles.remove(start)
    game.rng.shuffle(tiles)
    up = {t.id: face_up(game.rng, t) for t in tiles}
    if start is not None:
        game.board.place(start, start.faces[0], game.board.grid.origin(), 0)
    return [tiles[i::count] for i in range(count)], up


def _start_tile(game, tiles: list):
    """The start tile that ``first-tile`` names, or None when the first player lays the first tile."""
    wanted = game.ruleset.values.get("first-tile", "origin")
    if wanted == "origin":
        return None
    for tile in tiles:
        if wanted in (tile.id, tile.design):
            return tile
    raise TileSetupError(f"first-tile = {wanted}: no such tile in the tileset")


def fits_anywhere(board, tile) -> bool:
    return any(board.can_place(face) for face in tile.faces)


def draw(game, stacks: list[list], index: int):
    """Draw the top tile of stack ``index``: the tile, or None when it fits nowhere and follows the
    ``dead-tile`` rule (the player then draws again)."""
    tile = stacks[index].pop()
    if fits_anywhere(game.board, tile):
        return tile
    if game.ruleset.values.get("dead-tile", "remove") == "bottom" and any(
            fits_anywhere(game.board, t) for stack in stacks for t in stack):
        stacks[index].insert(0, tile)
    return None
