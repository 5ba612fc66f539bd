"""A picture of a game's position: its board, what stands on it (``game.board_marks()``) in the
players' colours, and a legend. Works for any game on the kernel that has a ``board``."""
from __future__ import annotations

import drawsvg as draw

from .marks import draw_marks, legend
from .svg import board_bounds, draw_board

BACKGROUND = "#1b1d26"


def kinds_shown(marks) -> list[str]:
    """The kinds of marks, in a fixed order (by name), for the legend."""
    return sorted({mark.kind for mark in marks})


def board_picture(game, scale: float = 80, frontier: bool = True, kinds: list[str] | None = None) -> draw.Drawing:
    """The position now: tiles, marks and a legend beside them. ``kinds`` fixes the legend's list
    (a replay page names every kind of the game once); by default, the kinds on the board."""
    board, marks = game.board, game.board_marks()
    shapes = getattr(game, "mark_shapes", None)
    x0, y0, x1, y1 = board_bounds(board, scale, frontier)
    margin = scale * 0.3
    text = max(12.0, scale * 0.22)
    players = [p.name for p in game.players]
    key, key_height = legend(players, kinds_shown(marks) if kinds is None else kinds, shapes, text,
                             getattr(game, "races", None))
    key_width = text * 14
    width = x1 - x0 + 2 * margin + key_width
    height = max(y1 - y0 + 2 * margin, key_height + 2 * margin)
    d = draw.Drawing(width, height, origin=(x0 - margin, y0 - margin))
    d.append_title(f"{board.tileset.title}: {len(board.cells)} tiles, after {len(game.log)} decisions")
    d.append(draw.Rectangle(x0 - margin, y0 - margin, width, height, fill=BACKGROUND))
    draw_board(d, board, scale, frontier)
    draw_marks(d, board, marks, scale, shapes)
    d.append(_moved(key, x1 + margin, y0))
    return d


def _moved(group: draw.Group, x: float, y: float) -> draw.Group:
    outer = draw.Group(transform=f"translate({x:.2f},{y:.2f})")
    outer.append(group)
    return outer


def board_svg(game, scale: float = 80, frontier: bool = True) -> str:
    """``board_picture`` as SVG text."""
    return board_picture(game, scale, frontier).as_svg()
