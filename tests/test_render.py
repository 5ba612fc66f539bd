"""SVG pictures: well-formed, features in their colours, boards framed around every tile."""
import copy
import re
import xml.etree.ElementTree as ET

import pytest

from trian_script.board import Board, compile_tileset
from trian_script.render import board_drawing, draw_face, face_drawing, tiles_sheet
from trian_script.render.svg import COLOURS

import drawsvg as draw

SVG = "{http://www.w3.org/2000/svg}"

DEFINITION = {
    'name': 't', 'grid': 'triangle', 'segments': 3,
    'features': {'space': {'letter': 's', 'forms': 'space', 'background': True, 'holds': 'ship'},
                 'nebula': {'letter': 'n', 'forms': 'nebula', 'divides': 'space', 'holds': 'emissary'},
                 'gas': {'letter': 'g', 'divides': 'space'},
                 'path': {'letter': 'p', 'forms': 'system', 'within': 'space', 'joined': True}},
    'properties': {'planet': {'on': 'path', 'holds': 'emissary'}, 'extractor': {'on': 'nebula', 'forbids': 'emissary'},
                   'outpost': {'on': 'space', 'holds': 'emissary'}, 'teleport': {'on': 'space'},
                   'exmitter': {'on': 'space'}},
    'faces': {'N': {'edges': ['nnn', 'sss', 'sss'], 'regions': [{'kind': 'nebula', 'props': {'extractor': 1}}]},
              'G': {'edges': ['sgs', 'sss', 'sgs'], 'regions': [{'kind': 'gas', 'refs': ['0', '2']}]},
              'P': {'edges': ['sps', 'sss', 'sps'], 'regions': [{'kind': 'path', 'props': {'planet': 1}}]},
              'O': {'edges': ['sss', 'sss', 'sss'], 'regions': [{'kind': 'space', 'props': {'outpost': 1}}],
                    'hidden': True}},
    'tiles': {'A': {'faces': ['N', 'G'], 'count': 2}, 'B': {'faces': ['P', 'O'], 'count': 2}},
}


@pytest.fixture(scope="module")
def tileset():
    return compile_tileset(DEFINITION)


def parse(drawing: draw.Drawing) -> ET.Element:
    return ET.fromstring(drawing.as_svg())  # raises on malformed XML


def elements(root: ET.Element, tag: str, cls: str = "") -> list[ET.Element]:
    return [e for e in root.iter(SVG + tag) if cls in e.get("class", "").split()] if cls else \
        list(root.iter(SVG + tag))


def view_box(root: ET.Element) -> tuple[float, ...]:
    return tuple(float(v) for v in root.get("viewBox").split())


def test_every_face_renders_with_its_title(tileset):
    for face in tileset.faces.values():
        root = parse(face_drawing(face, tileset))
        assert root.find(SVG + "title").text == face.name
        assert len(elements(root, "path", "outline")) == 1


def test_nebula_face_has_a_nebula_blob_and_extractor(tileset):
    root = parse(face_drawing(tileset.faces['N'], tileset))
    blobs = [e for e in elements(root, "path") if e.get("fill") == COLOURS["nebula"]]
    assert blobs and "nebula" in blobs[0].get("class")
    assert elements(root, "path", "extractor")


def test_gas_face_has_a_gas_blob(tileset):
    root = parse(face_drawing(tileset.faces['G'], tileset))
    assert [e for e in elements(root, "path") if e.get("fill") == COLOURS["gas"]]


def test_planet_face_has_a_planet_and_starlight(tileset):
    root = parse(face_drawing(tileset.faces['P'], tileset))
    assert len(elements(root, "circle", "planet")) == 1
    assert len([e for e in elements(root, "path", "path") if e.get("stroke") == COLOURS["path"]]) == 2


def test_two_planets_draw_two_circles():
    definition = copy.deepcopy(DEFINITION)
    definition['faces']['P']['regions'][0]['props']['planet'] = 2
    ts = compile_tileset(definition)
    assert len(elements(parse(face_drawing(ts.faces['P'], ts)), "circle", "planet")) == 2


def test_outpost_icon(tileset):
    assert elements(parse(face_drawing(tileset.faces['O'], tileset)), "g", "outpost")


def test_rotation_moves_the_nebula_to_the_turned_edge(tileset):
    grid, cell, scale = tileset.grid, tileset.grid.origin(), 100
    for rotation in range(grid.edges):
        d = draw.Drawing(200, 200)
        draw_face(d, tileset.faces['N'], tileset, cell, rotation, scale)
        blob = next(e for e in elements(parse(d), "path") if e.get("fill") == COLOURS["nebula"])
        x, y = (float(v) for v in re.match(r"M([-\d.e]+),([-\d.e]+)", blob.get("d")).groups())
        # the nebula covers face edge 0 whole, so its outline starts at that edge's first corner
        cx, cy = grid.corners(cell)[rotation]
        assert (x, y) == pytest.approx((cx * scale, cy * scale))


def test_board_view_box_holds_every_tile(tileset):
    board = Board(tileset)
    for tile in tileset.tiles[:4]:
        face = tile.faces[0]
        cell, rotation = board.placements(face)[0]
        board.place(tile, face, cell, rotation)
    scale = 40
    root = parse(board_drawing(board, scale=scale))
    x, y, w, h = view_box(root)
    for cell in board.cells:
        for cx, cy in tileset.grid.corners(cell):
            assert x < cx * scale < x + w and y < cy * scale < y + h
    assert len(elements(root, "g", "tile")) == len(board.cells) == 4
    assert len(elements(root, "path", "frontier")) == len(board.frontier)


def test_empty_board_shows_the_first_cell(tileset):
    root = parse(board_drawing(Board(tileset)))
    assert len(elements(root, "path", "frontier")) == 1


@pytest.mark.parametrize("grid, edges", [("hex", ['n', 's', 'p', 's', 'p', 's']), ("square", ['n', 'p', 's', 'p'])])
def test_other_grids(grid, edges):
    definition = {**copy.deepcopy(DEFINITION), 'grid': grid, 'segments': 1, 'tiles': {}}
    definition['faces'] = {'H': {'edges': edges, 'regions': [{'kind': 'path', 'props': {'planet': 1}}]}}
    ts = compile_tileset(definition)
    root = parse(face_drawing(ts.faces['H'], ts))
    assert len(elements(root, "circle", "planet")) == 1
    assert [e for e in elements(root, "path") if e.get("fill") == COLOURS["nebula"]]
    outline = elements(root, "path", "outline")[0]
    assert outline.get("d").count("L") == len(edges) - 1  # a hexagon or a square


def test_tiles_sheet(tileset, tmp_path):
    paths = tiles_sheet(tileset, tmp_path / "sheet")
    names = sorted(p.name for p in paths)
    assert names == sorted([f"{f}.svg" for f in tileset.faces] + ["index.html"])
    for p in paths:
        if p.suffix == ".svg":
            ET.parse(p)
    page = (tmp_path / "sheet" / "index.html").read_text()
    for face in tileset.faces:
        assert f'<img src="{face}.svg"' in page
    assert page.count("×2") == 2  # tiles A and B, two copies each
