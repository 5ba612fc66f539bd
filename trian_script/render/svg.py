"""SVG pictures of faces, tiles and boards, drawn with drawsvg.

Everything is generic on ``grid.edges`` and ``grid.corners``: a face is drawn from its regions'
boundary positions alone, so the same code draws triangle, hex and square tiles. How a feature is
drawn follows from its definition, not its name, so tilesets with other features still draw:

* the ``background`` feature (outer space) fills the whole cell;
* a feature ``within`` another (a starlight path in space) is a set of thin lines to the planet;
* any other feature (nebula, gas cloud…) is a soft blob hugging its boundary segments.

Names only pick colours and icons; unknown names get a stable colour of their own.
"""
from __future__ import annotations

import html
import math
import random
import re
import zlib
from pathlib import Path
from urllib.parse import quote

import drawsvg as draw

from ..board.board import Board
from ..board.faces import Face, Region, runs
from ..board.tileset import Tileset
from ..geometry import Cell, Grid, Point

COLOURS = {
    "space": "#05060f",
    "nebula": "#c13fd6",
    "gas": "#3dbb5c",
    "path": "#fff1a8",
    "outline": "#8a8a8a",
    "frontier": "#9a9a9a",
}
PLANETS = ("#f4a261", "#4d96ff", "#e63946", "#2ec4b6", "#ffd166", "#9b5de5")
BLOB_OPACITY = 0.72


def _colour(name: str) -> str:
    """The colour of a feature; unknown features get a hue from a stable hash of the name."""
    if name in COLOURS:
        return COLOURS[name]
    return f"hsl({zlib.crc32(name.encode()) % 360}, 60%, 55%)"


class _Frame:
    """A cell in drawing coordinates with the face's rotation folded in.

    Boundary points are addressed by a parameter ``t`` in ``[0, edges)``: edge ``int(t)`` at
    fraction ``t - int(t)`` from its first corner, so walks along the boundary are arithmetic.
    """

    def __init__(self, grid: Grid, cell: Cell, rotation: int, k: int, scale: float, offset: Point):
        ox, oy = offset
        self.corners = [(ox + scale * x, oy + scale * y) for x, y in grid.corners(cell)]
        cx, cy = grid.center(cell)
        self.centre = (ox + scale * cx, oy + scale * cy)
        self.edges, self.k, self.n = grid.edges, k, grid.edges * k
        self.shift = rotation * k  # rotation r moves face edge e to cell edge e + r: k positions each
        self.inradius = min(_dist(self.centre, self.at(e + 0.5)) for e in range(self.edges))

    def at(self, t: float) -> Point:
        e = int(math.floor(t))
        return _lerp(self.corners[e % self.edges], self.corners[(e + 1) % self.edges], t - e)

    def cell_position(self, p: int) -> int:
        return (p + self.shift) % self.n

    def span(self, q: int) -> tuple[float, float]:
        """Boundary parameters where cell position ``q`` starts and ends."""
        e, i = divmod(q, self.k)
        return e + i / self.k, e + (i + 1) / self.k

    def middle(self, q: int) -> Point:
        t0, t1 = self.span(q)
        return self.at((t0 + t1) / 2)

    def walk(self, t0: float, t1: float) -> list[Point]:
        """Points along the boundary clockwise from t0 to t1, taking in the corners passed."""
        if t1 <= t0:
            t1 += self.edges
        points = [self.at(t0)]
        corner = math.floor(t0) + 1
        while corner < t1 - 1e-9:
            points.append(self.corners[corner % self.edges])
            corner += 1
        return points + [self.at(t1)]

    def runs(self, region: Region) -> list[list[int]]:
        """The region's cell positions as maximal clockwise runs of adjacent segments."""
        mine = {self.cell_position(p) for p in region.positions}
        return runs(["x" if q in mine else "" for q in range(self.n)], "x")

    def run_span(self, run: list[int]) -> tuple[float, float]:
        return self.span(run[0])[0], self.span(run[-1])[1]


def _lerp(a: Point, b: Point, f: float) -> Point:
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _polygon(points: list[Point], **kwargs) -> draw.Lines:
    flat = [v for point in points for v in point]
    return draw.Lines(*flat, close=True, **kwargs)


# -- blobs (nebula, gas) ---------------------------------------------------------------------------

def _bulge(frame: _Frame, a: Point, b: Point) -> Point:
    """Control point closing a single run: towards the centre, but about as deep as the run is wide,
    so a one-segment nebula is a bump and not a spike reaching the middle. The curve only reaches
    half way to its control point, so a whole-edge nebula reaches about 0.7 of the way in."""
    mid = _lerp(a, b, 0.5)
    depth = min(1.4 * _dist(mid, frame.centre), 1.2 * _dist(a, b))
    reach = depth / max(_dist(mid, frame.centre), 1e-9)
    return _lerp(mid, frame.centre, reach)


def _through_centre(frame: _Frame, t_end: float, t_next: float) -> Point:
    """Control point joining one run to the next across the tile: near the centre, nudged towards
    the gap between them so the two sides of the band stay apart and the band crosses the middle.
    A short gap (a segment or two) keeps the curve near the boundary instead of hooking inwards."""
    gap = (t_next - t_end) % frame.edges
    return _lerp(frame.centre, frame.at(t_end + gap / 2), max(0.28, 1 - 0.8 * gap))


def _blob_path(frame: _Frame, region_runs: list[list[int]], **style) -> draw.Path:
    """The blob's outline: the boundary along each run, closed by curves bulging inwards."""
    path = draw.Path(**style)
    if len(region_runs) == 1 and len(region_runs[0]) == frame.n:
        path.M(*frame.corners[0])  # the feature touches the whole boundary: it fills the tile
        for corner in frame.corners[1:]:
            path.L(*corner)
        return path.Z()
    spans = [frame.run_span(run) for run in region_runs]
    path.M(*frame.at(spans[0][0]))
    for j, (t0, t1) in enumerate(spans):
        for point in frame.walk(t0, t1)[1:]:
            path.L(*point)
        t_next = spans[(j + 1) % len(spans)][0]
        if len(spans) == 1:
            control = _bulge(frame, frame.at(t1), frame.at(t_next))
        else:
            control = _through_centre(frame, t1, t_next)
        path.Q(*control, *frame.at(t_next))
    return path.Z()


def _draw_blob(group, frame: _Frame, region: Region) -> Point:
    """Draw a nebula or gas region; returns where its icons go."""
    region_runs = frame.runs(region)
    colour = _colour(region.kind)
    if not region_runs:  # a feature inside the tile that touches no edge (hex tiles): a round blob
        group.append(draw.Circle(*frame.centre, frame.inradius * 0.5, fill=colour, fill_opacity=BLOB_OPACITY,
                                 class_=f"feature {region.kind}"))
        return frame.centre
    group.append(_blob_path(frame, region_runs, fill=colour, fill_opacity=BLOB_OPACITY, stroke=colour,
                            stroke_opacity=0.35, stroke_width=frame.inradius * 0.06, stroke_linejoin="round",
                            class_=f"feature {region.kind}"))
    return _blob_anchor(frame, region_runs)


def _blob_anchor(frame: _Frame, region_runs: list[list[int]]) -> Point:
    if len(region_runs) != 1 or len(region_runs[0]) == frame.n:
        return frame.centre  # a blob across the tile covers the middle
    t0, t1 = frame.run_span(region_runs[0])
    t1 = t1 if t1 > t0 else t1 + frame.edges
    a, b = frame.at(t0), frame.at(t1)
    apex = _lerp(_lerp(a, b, 0.5), _bulge(frame, a, b), 0.5)  # deepest point of the closing curve
    return _lerp(frame.at((t0 + t1) / 2), apex, 0.6)


# -- paths and planets -----------------------------------------------------------------------------

def _path_anchor(frame: _Frame, region: Region) -> Point:
    """Where a path's lines meet: the middle, unless the path only enters from one side."""
    region_runs = frame.runs(region)
    if len(region_runs) != 1 or len(region_runs[0]) == frame.n or frame.k == 1:
        return frame.centre  # (a side's lane ends in the middle, at its junction or station)
    return _lerp(frame.middle(region_runs[0][len(region_runs[0]) // 2]), frame.centre, 0.5)


def _draw_path(group, frame: _Frame, region: Region, hub: Point) -> None:
    width = frame.inradius * 0.07
    for p in region.positions:
        start = frame.middle(frame.cell_position(p))
        # a wide faint line under a thin bright one reads as starlight rather than a road
        group.append(draw.Line(*start, *hub, stroke=_colour(region.kind), stroke_width=width * 3,
                               stroke_opacity=0.18, stroke_linecap="round"))
        group.append(draw.Line(*start, *hub, stroke=_colour(region.kind), stroke_width=width,
                               stroke_linecap="round", class_=f"feature {region.kind}"))


def _draw_planets(group, frame: _Frame, spot: Point, count: int, seed: str) -> None:
    r = frame.inradius * 0.2
    colours = random.Random(zlib.crc32(seed.encode()))  # stable colours across runs and renders
    for j in range(count):
        angle = 2 * math.pi * j / count
        # a lone planet sits on the spot; several share it on a small ring
        spread = 0 if count == 1 else r * 1.05
        cx, cy = spot[0] + spread * math.cos(angle), spot[1] + spread * math.sin(angle)
        colour = colours.choice(PLANETS)
        group.append(draw.Circle(cx, cy, r, fill=colour, stroke="#ffffff", stroke_opacity=0.55,
                                 stroke_width=r * 0.15, class_="planet"))
        group.append(draw.Circle(cx - r * 0.3, cy - r * 0.3, r * 0.3, fill="#ffffff", fill_opacity=0.35))


# -- icons for properties --------------------------------------------------------------------------

def _icon(name: str, x: float, y: float, r: float):
    """A small picture of a special; unknown properties get a labelled dot."""
    if name == "extractor":
        return _polygon([(x, y - r), (x + r * 0.7, y), (x, y + r), (x - r * 0.7, y)], fill="#ffd166",
                        stroke="#5a2a00", stroke_width=r * 0.18, class_="icon extractor")
    if name == "outpost":
        g = draw.Group(class_="icon outpost")
        g.append(draw.Rectangle(x - r * 0.7, y - r * 0.7, r * 1.4, r * 1.4, fill="#b0bec5", stroke="#37474f",
                                stroke_width=r * 0.18))
        g.append(draw.Line(x - r * 1.2, y, x + r * 1.2, y, stroke="#b0bec5", stroke_width=r * 0.25))  # solar arms
        return g
    if name == "teleport":
        return draw.Circle(x, y, r * 0.8, fill="none", stroke="#4dd0e1", stroke_width=r * 0.35,
                           class_="icon teleport")
    if name == "exmitter":
        points = [(x + (r if j % 2 == 0 else r * 0.4) * math.cos(math.pi * j / 8 - math.pi / 2),
                   y + (r if j % 2 == 0 else r * 0.4) * math.sin(math.pi * j / 8 - math.pi / 2)) for j in range(16)]
        return _polygon(points, fill="#ff7b00", stroke="#ffe0b2", stroke_width=r * 0.1, class_="icon exmitter")
    g = draw.Group(class_=f"icon {name}")
    g.append(draw.Circle(x, y, r * 0.8, fill="#eeeeee"))
    g.append(draw.Text(name[:1].upper(), r * 1.2, x, y, center=True, fill="#222222", font_family="sans-serif"))
    return g


class _Spots:
    """Free places for markers on one tile, so a planet, an outpost and a teleport never overlap."""

    def __init__(self, frame: _Frame):
        self.frame, self.taken = frame, []

    def place(self, want: Point, radius: float, region: Region) -> Point:
        # fall back on points just inside the region's own segments, edge middles first:
        # those lie inside the region and have the most room
        q = [self.frame.cell_position(p) for p in region.positions]
        q.sort(key=lambda c: abs((c % self.frame.k) + 0.5 - self.frame.k / 2))
        candidates = [want] + [_lerp(self.frame.middle(c), self.frame.centre, 0.45) for c in q]
        for spot in candidates:
            if all(_dist(spot, s) >= radius + r for s, r in self.taken):
                break
        else:
            spot = want
        self.taken.append((spot, radius))
        return spot


# -- the face --------------------------------------------------------------------------------------

def _stars(group, frame: _Frame, face: Face, rotation: int) -> None:
    """A few faint stars on the background, fixed per face and turning with it."""
    rng = random.Random(zlib.crc32(face.name.encode()))
    for _ in range(2 * frame.edges + 2):
        e = (rng.randrange(frame.edges) + rotation) % frame.edges
        u, v = rng.random(), rng.random()
        if u + v > 1:
            u, v = 1 - u, 1 - v  # uniform in the fan triangle centre, corner e, corner e+1
        a, b = frame.corners[e], frame.corners[(e + 1) % frame.edges]
        c = frame.centre
        x = c[0] + 0.9 * (u * (a[0] - c[0]) + v * (b[0] - c[0]))
        y = c[1] + 0.9 * (u * (a[1] - c[1]) + v * (b[1] - c[1]))
        group.append(draw.Circle(x, y, frame.inradius * rng.uniform(0.01, 0.03), fill="#ffffff",
                                 fill_opacity=rng.uniform(0.3, 0.8)))


def _feature_style(tileset: Tileset, region: Region) -> str:
    feature = tileset.features.get(region.kind)
    if feature is None or feature.background:
        return "background"
    if feature.centre:
        return "centre"  # a station in the middle of a tile (board.sides)
    # tiles written as side strings (board.sides): a feature that is not one joined blob is a
    # lane, drawn as lines from its sides to the middle
    sides = any(face.notation for face in tileset.faces.values())
    return "lines" if feature.within or (sides and not feature.joined) else "blob"


def draw_face(target, face: Face, tileset: Tileset, cell: Cell, rotation: int, scale: float,
              offset: Point = (0.0, 0.0)) -> draw.Group:
    """Draw ``face`` laid in ``cell`` with ``rotation`` into a drawing or group.

    Grid coordinates are multiplied by ``scale`` and shifted by ``offset``. Layers go background,
    blobs, lines, planets and icons, outline, so small things are never hidden by big ones.
    """
    frame = _Frame(tileset.grid, cell, rotation, tileset.segments, scale, offset)
    # clip the content to the cell, so line caps and blob strokes never spill onto the neighbours
    clip = draw.ClipPath()
    clip.append(_polygon(frame.corners))
    tile = draw.Group(class_="tile")
    group = draw.Group(class_="face", clip_path=clip)
    tile.append(group)
    background = next((f.name for f in tileset.features.values() if f.background), "space")
    group.append(_polygon(frame.corners, fill=_colour(background), class_=f"feature {background}"))
    _stars(group, frame, face, rotation)
    _draw_regions(group, frame, face, tileset)
    tile.append(_polygon(frame.corners, fill="none", stroke=COLOURS["outline"], stroke_width=scale * 0.012,
                         class_="outline"))
    target.append(tile)
    return tile


def _draw_regions(group, frame: _Frame, face: Face, tileset: Tileset) -> None:
    """Blobs first, then lines with their planets, then icons: each layer on top of the last."""
    styles = [_feature_style(tileset, region) for region in face.regions]
    anchors: dict[int, Point] = {}
    for ri, region in enumerate(face.regions):
        if styles[ri] == "blob":
            anchors[ri] = _draw_blob(group, frame, region)
        elif styles[ri] == "centre":
            group.append(draw.Circle(*frame.centre, frame.inradius * 0.3, fill=_colour(region.kind),
                                     class_=f"feature {region.kind}"))
            anchors[ri] = frame.centre
    spots = _Spots(frame)  # planets claim their places before the icons look for room
    for ri, region in enumerate(face.regions):
        if styles[ri] == "lines":
            anchors[ri] = _draw_lines_and_planets(group, frame, region, spots, f"{face.name}:{ri}")
    for ri, region in enumerate(face.regions):
        anchor = anchors[ri] if ri in anchors else _space_anchor(frame, region)
        _draw_icons(group, frame, region, anchor, spots, planets_drawn=styles[ri] == "lines",
                    seed=f"{face.name}:{ri}")


def _draw_lines_and_planets(group, frame: _Frame, region: Region, spots: _Spots, seed: str) -> Point:
    planets = region.prop("planet")
    hub = _path_anchor(frame, region)
    if planets:
        hub = spots.place(hub, frame.inradius * (0.25 if planets == 1 else 0.45), region)
    _draw_path(group, frame, region, hub)
    _draw_planets(group, frame, hub, planets, seed)
    return hub


def _space_anchor(frame: _Frame, region: Region) -> Point:
    """Icons of a background region: towards the middle of its own segments."""
    points = [frame.middle(frame.cell_position(p)) for p in region.positions]
    if not points or len(points) == frame.n:
        return frame.centre
    mean = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
    return _lerp(frame.centre, mean, 0.55)


def _draw_icons(group, frame: _Frame, region: Region, anchor: Point, spots: _Spots, planets_drawn: bool,
                seed: str) -> None:
    r = frame.inradius * 0.17
    for name, count in region.props:
        if name == "planet":
            if not planets_drawn:  # a planet off any path (some variant): still show it
                spot = spots.place(anchor, frame.inradius * (0.25 if count == 1 else 0.45), region)
                _draw_planets(group, frame, spot, count, seed)
            continue
        for _ in range(count):
            x, y = spots.place(anchor, r * 1.25, region)
            group.append(_icon(name, x, y, r))


# -- whole pictures --------------------------------------------------------------------------------

def _bounds(points: list[Point]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def face_drawing(face: Face, tileset: Tileset, size: int = 160, caption: bool = True) -> draw.Drawing:
    """One face in the grid's origin cell with rotation 0, fitted into ``size`` pixels."""
    grid = tileset.grid
    cell = grid.origin()
    x0, y0, x1, y1 = _bounds(list(grid.corners(cell)))
    margin = size * 0.05
    scale = (size - 2 * margin) / max(x1 - x0, y1 - y0)
    text = size * 0.09 if caption else 0
    width, height = (x1 - x0) * scale + 2 * margin, (y1 - y0) * scale + 2 * margin + text * 1.3
    d = draw.Drawing(width, height)
    d.append_title(face.name)
    draw_face(d, face, tileset, cell, 0, scale, (margin - x0 * scale, margin - y0 * scale))
    if caption:
        label = face.name + (" (hidden)" if face.hidden else "")
        d.append(draw.Text(label, text, width / 2, height - margin, text_anchor="middle", fill="#333333",
                           font_family="sans-serif"))
    return d


def board_drawing(board: Board, scale: float = 40, frontier: bool = True) -> draw.Drawing:
    """Every placed tile in place; ``frontier`` adds dashed outlines of the cells tiles may go to."""
    x0, y0, x1, y1 = board_bounds(board, scale, frontier)
    margin = scale * 0.3
    d = draw.Drawing(x1 - x0 + 2 * margin, y1 - y0 + 2 * margin, origin=(x0 - margin, y0 - margin))
    d.append_title(f"{board.tileset.title}: {len(board.cells)} tiles")
    d.append(draw.Rectangle(x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin, fill="#1b1d26"))
    draw_board(d, board, scale, frontier)
    return d


def board_bounds(board: Board, scale: float, frontier: bool = True) -> tuple[float, float, float, float]:
    """The drawing box of the board's tiles (and of the cells tiles may go to), before margins."""
    shown = list(board.cells) + (list(board.frontier) if frontier else [])
    grid = board.grid
    return _bounds([(x * scale, y * scale) for cell in shown or [grid.origin()] for x, y in grid.corners(cell)])


def draw_board(d, board: Board, scale: float, frontier: bool = True) -> None:
    """The placed tiles, each with a title, and the dashed outlines of the frontier."""
    grid = board.grid
    for cell in board.order:
        placed = board.cells[cell]
        group = draw_face(d, placed.face, board.tileset, cell, placed.rotation, scale)
        group.append_title(f"{placed.tile.id}: {placed.face.name} turned {placed.rotation} "
                           f"at {grid.format_cell(cell)}")
    if frontier:
        for cell in board.frontier:
            d.append(_polygon([(x * scale, y * scale) for x, y in grid.corners(cell)], fill="none",
                              stroke=COLOURS["frontier"], stroke_width=scale * 0.015,
                              stroke_dasharray=f"{scale * 0.06},{scale * 0.05}", class_="frontier"))


def _file_name(face_name: str) -> str:
    """A safe file name: face names are usually plain, but never let one escape ``out_dir``."""
    return re.sub(r"[^A-Za-z0-9_.+-]", "_", face_name).lstrip(".") or "_"


def tiles_sheet(tileset: Tileset, out_dir, size: int = 160) -> list[Path]:
    """Write ``<face>.svg`` for every face and an ``index.html`` showing the tiles; returns the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written, files = [], {}
    for face in tileset.faces.values():
        path = out / f"{_file_name(face.name)}.svg"
        face_drawing(face, tileset, size).save_svg(str(path))
        files[face.name] = path.name
        written.append(path)
    index = out / "index.html"
    index.write_text(_index_html(tileset, files), encoding="utf-8")
    return written + [index]


def _index_html(tileset: Tileset, files: dict[str, str]) -> str:
    counts: dict[str, int] = {}
    designs = {}
    for tile in tileset.tiles:  # copies share a design; show each design once with its count
        counts[tile.design] = counts.get(tile.design, 0) + 1
        designs.setdefault(tile.design, tile)
    cards = [_tile_card(name, tile.faces, counts[name], files) for name, tile in designs.items()]
    used = {f.name for t in tileset.tiles for f in t.faces}
    loose = [f"<figure>{_img(f.name, files)}<figcaption>{html.escape(f.name)}</figcaption></figure>"
             for f in tileset.faces.values() if f.name not in used]
    title = html.escape(tileset.title)
    body = f"<h1>{title}</h1>\n<p>{len(tileset.tiles)} tiles, {len(tileset.faces)} faces, " \
           f"{html.escape(tileset.grid.name)} grid</p>\n<div class=grid>\n" + "\n".join(cards) + "\n</div>\n"
    if loose:
        body += "<h2>Faces on no tile</h2>\n<div class=grid>\n" + "\n".join(loose) + "\n</div>\n"
    return _PAGE.format(title=title, body=body)


def _img(face_name: str, files: dict[str, str]) -> str:
    return f'<img src="{quote(files[face_name])}" alt="{html.escape(face_name, quote=True)}">'


def _tile_card(name: str, faces, count: int, files: dict[str, str]) -> str:
    pictures = "".join(
        f"<figure>{_img(f.name, files)}<figcaption>{'front' if i == 0 else 'back'}: {html.escape(f.name)}"
        f"{' (hidden)' if f.hidden else ''}</figcaption></figure>" for i, f in enumerate(faces))
    return f'<div class=tile><h3>{html.escape(name)} <span class=count>×{count}</span></h3>{pictures}</div>'


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; background: #f4f4f6; color: #222; margin: 2em; }}
.grid {{ display: flex; flex-wrap: wrap; gap: 1em; }}
.tile {{ background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .5em 1em; }}
.tile h3 {{ margin: .2em 0; }} .count {{ color: #777; font-weight: normal; }}
figure {{ display: inline-block; margin: .3em; text-align: center; }}
figcaption {{ font-size: .85em; color: #555; }}
</style></head>
<body>
{body}</body></html>
"""
