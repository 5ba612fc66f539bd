"""Pieces and markers on a board picture: a game's ``Mark`` list drawn in its owners' colours.

The renderer knows no game's words. A mark's kind picks its shape from the game's own table
(``game.mark_shapes``, optional) or, for a kind the table does not name, from a stable hash of the
kind, so the same kind looks the same in every picture of every game. Owners are seat colours; a
name that is not a colour gets a stable hue of its own.
"""
from __future__ import annotations

import math
import zlib
from collections import defaultdict

import drawsvg as draw

from ..engine.marks import Mark
from .svg import _colour, _dist, _Frame, _blob_anchor, _feature_style, _path_anchor, _polygon, _space_anchor

SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "pentagon", "star", "gem", "flag", "cross")
PLAYER_COLOURS = {"red": "#e53935", "blue": "#1e88e5", "green": "#43a047", "yellow": "#fdd835",
                  "purple": "#8e24aa", "orange": "#fb8c00", "white": "#f5f5f5", "black": "#212121"}
NOBODY = "#cfd8dc"  # marks that belong to no player


def player_colour(name: str | None) -> str:
    if name is None:
        return NOBODY
    return PLAYER_COLOURS.get(name.lower(), f"hsl({zlib.crc32(name.encode()) % 360}, 70%, 50%)")


def shape_of(kind: str, shapes: dict | None = None) -> str:
    """The game's shape for ``kind``, else one picked by a stable hash of the name among the shapes
    the game's table leaves free (so an unknown kind is not taken for a known one)."""
    shapes = shapes or {}
    if shapes.get(kind) in SHAPES:
        return shapes[kind]
    free = [s for s in SHAPES if s not in shapes.values()] or list(SHAPES)
    return free[zlib.crc32(kind.encode()) % len(free)]


def _letter(kind: str, shapes: dict | None) -> str:
    """Kinds the game's table does not name carry their initial, since hashed shapes may repeat."""
    return "" if (shapes or {}).get(kind) in SHAPES else kind[:1].upper()


def _regular(x: float, y: float, r: float, n: int, turn: float = -math.pi / 2) -> list:
    return [(x + r * math.cos(turn + 2 * math.pi * j / n), y + r * math.sin(turn + 2 * math.pi * j / n))
            for j in range(n)]


def shape(name: str, x: float, y: float, r: float, fill: str, **style):
    """One shape of radius about ``r`` centred on (x, y)."""
    style = {"fill": fill, "stroke": "#111111", "stroke_width": r * 0.22, **style}
    if name == "circle":
        return draw.Circle(x, y, r * 0.85, **style)
    if name == "square":
        return draw.Rectangle(x - r * 0.75, y - r * 0.75, r * 1.5, r * 1.5, **style)
    if name == "triangle":
        return _polygon(_regular(x, y + r * 0.15, r * 1.05, 3), **style)
    if name == "diamond":
        return _polygon([(x, y - r), (x + r * 0.7, y), (x, y + r), (x - r * 0.7, y)], **style)
    if name == "hexagon":
        return _polygon(_regular(x, y, r * 0.95, 6, 0), **style)
    if name == "pentagon":
        return _polygon(_regular(x, y, r * 0.95, 5), **style)
    if name == "star":
        return _polygon([p for outer, inner in zip(_regular(x, y, r * 1.05, 5), _regular(x, y, r * 0.45, 5, math.pi / 10 - math.pi / 2))
                         for p in (outer, inner)], **style)
    if name == "gem":
        return _polygon([(x - r * 0.7, y - r * 0.3), (x - r * 0.35, y - r * 0.75), (x + r * 0.35, y - r * 0.75),
                         (x + r * 0.7, y - r * 0.3), (x, y + r * 0.85)], **style)
    if name == "flag":
        group = draw.Group(class_=style.pop("class_", "flag"))
        group.append(draw.Line(x - r * 0.6, y + r * 1.1, x - r * 0.6, y - r * 1.1, stroke="#eeeeee", stroke_width=r * 0.25))
        group.append(_polygon([(x - r * 0.6, y - r * 1.1), (x + r * 1.1, y - r * 0.5), (x - r * 0.6, y + r * 0.1)], **style))
        return group
    # a cross, the last shape
    w = r * 0.35
    return _polygon([(x - w, y - r), (x + w, y - r), (x + w, y - w), (x + r, y - w), (x + r, y + w), (x + w, y + w),
                     (x + w, y + r), (x - w, y + r), (x - w, y + w), (x - r, y + w), (x - r, y - w), (x - w, y - w)],
                    **style)


def _anchor(board, frame: _Frame, cell, region: int | None):
    """Where a mark on ``region`` of the tile at ``cell`` goes (the tile's middle for the whole tile)."""
    placed = board.cells[cell]
    if region is None or not 0 <= region < len(placed.face.regions):
        return frame.centre
    reg = placed.face.regions[region]
    style = _feature_style(board.tileset, reg)
    if style == "blob":
        return _blob_anchor(frame, frame.runs(reg))
    if style == "lines":
        return _path_anchor(frame, reg)
    return _space_anchor(frame, reg)


def placed_marks(board, marks: list[Mark], scale: float) -> list[tuple[Mark, float, float, float]]:
    """Each mark on a board tile with where it is drawn, (mark, x, y, radius); marks on one tile
    move apart so none hides another. Marks on cells with no tile are left out."""
    by_cell = defaultdict(list)
    for mark in marks:
        if mark.cell in board.cells:
            by_cell[mark.cell].append(mark)
    out = []
    for cell, here in by_cell.items():
        placed = board.cells[cell]
        frame = _Frame(board.grid, cell, placed.rotation, board.k, scale, (0.0, 0.0))
        r = frame.inradius * 0.3
        taken: list = []
        for mark in here:
            x, y = _free_spot(_anchor(board, frame, cell, mark.region), r, taken, frame)
            taken.append((x, y))
            out.append((mark, x, y, r))
    return out


def _free_spot(want, r: float, taken: list, frame: _Frame):
    """The nearest point to ``want`` on rings around it that no other mark holds, kept in the tile."""
    candidates = [want] + [(want[0] + d * math.cos(a), want[1] + d * math.sin(a))
                           for ring, d in enumerate((2.1 * r, 4.2 * r))
                           for a in (k * math.pi / 3 + ring * math.pi / 6 for k in range(6))]
    for x, y in candidates:
        if all(_dist((x, y), t) >= 2 * r for t in taken) and _dist((x, y), frame.centre) <= frame.inradius * 1.6:
            return x, y
    return want


def mark_element(mark: Mark, x: float, y: float, r: float, shapes: dict | None = None, grid=None):
    """One mark's drawing: its shape in its owner's colour, with its count and label beside."""
    owner = mark.owner or "nobody"
    group = draw.Group(class_=f"mark {_css(mark.kind)}")
    where = grid.format_cell(mark.cell) if grid else str(mark.cell)
    group.append_title(" ".join(filter(None, [mark.owner, mark.kind, f"×{mark.count}" if mark.count != 1 else "",
                                              mark.label and f"({mark.label})", "at", where])))
    fill = player_colour(mark.owner) if mark.owner else _label_colour(mark.label)
    group.append(shape(shape_of(mark.kind, shapes), x, y, r, fill, class_=f"owner-{_css(owner)}"))
    group.append(_initial(mark.kind, shapes, x, y, r))
    text = (str(mark.count) if mark.count != 1 else "")
    if text:
        group.append(draw.Text(text, r * 1.3, x + r * 0.95, y + r * 1.0, fill="#ffffff", stroke="#000000",
                               stroke_width=r * 0.08, font_family="sans-serif", font_weight="bold"))
    return group


def _initial(kind: str, shapes: dict | None, x: float, y: float, r: float):
    letter = _letter(kind, shapes)
    if not letter:
        return draw.Group()
    return draw.Text(letter, r * 1.0, x, y, center=True, fill="#000000", font_family="sans-serif",
                     font_weight="bold")


def _label_colour(label: str) -> str:
    """A mark of nobody's whose label is a colour (a mineral's) is drawn in that colour."""
    return PLAYER_COLOURS.get(label.lower(), _colour(label)) if label else NOBODY


def _css(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name)


def draw_marks(target, board, marks: list[Mark], scale: float, shapes: dict | None = None) -> None:
    for mark, x, y, r in placed_marks(board, marks, scale):
        target.append(mark_element(mark, x, y, r, shapes, board.grid))


def legend(players: list[str], kinds: list[str], shapes: dict | None, size: float, names: dict | None = None):
    """A column naming each player's colour (with ``names``: a race or faction) and each kind's shape."""
    group = draw.Group(class_="legend")
    line, y = size * 1.5, size
    group.append(draw.Text("players", size, 0, y, fill="#dddddd", font_family="sans-serif", font_weight="bold"))
    for player in players:
        y += line
        group.append(shape("square", size * 0.6, y - size * 0.35, size * 0.5, player_colour(player)))
        text = player + (f" ({names[player]})" if names and names.get(player) else "")
        group.append(draw.Text(text, size, size * 1.6, y, fill="#eeeeee", font_family="sans-serif"))
    if kinds:
        y += line * 1.3
        group.append(draw.Text("on the board", size, 0, y, fill="#dddddd", font_family="sans-serif",
                               font_weight="bold"))
    for kind in kinds:
        y += line
        group.append(shape(shape_of(kind, shapes), size * 0.6, y - size * 0.35, size * 0.5, NOBODY))
        group.append(_initial(kind, shapes, size * 0.6, y - size * 0.35, size * 0.5))
        group.append(draw.Text(kind, size, size * 1.6, y, fill="#eeeeee", font_family="sans-serif"))
    return group, y + size
