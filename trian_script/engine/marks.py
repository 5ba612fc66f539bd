"""What a picture of a position shows besides the tiles: the pieces and markers on the board.

A game lists them with ``Game.board_marks()``; the renderer (``trian_script.render``) draws each in
its owner's colour and names its kind in the legend. The kernel knows no kind: a game names its
own, so its words stay in its folder.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mark:
    cell: tuple  # the board cell (a key of ``game.board.placed``)
    kind: str  # the game's word for it: a piece kind, a resource, a token, "controller"
    owner: str | None = None  # a seat colour, or None for what belongs to nobody
    region: int | None = None  # index into the regions of the face at ``cell``; None: the whole tile
    count: int = 1  # how many stand there together
    label: str = ""  # a short text drawn beside it (a weight, a resource's colour)
