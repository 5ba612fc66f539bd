"""The shipped New Order tileset is what NO-1.1, NO-1.7 and NO-2.2 ask for."""
import random

import pytest

from trian_script.board.simulate import simulate
from trian_script.content import load_tileset

SPECIALS = ("outpost", "teleport", "exmitter")


@pytest.fixture(scope="module")
def tileset():
    return load_tileset("new_order")


def test_84_double_sided_tiles(tileset):  # NO-1.1
    assert len(tileset.tiles) == 84
    assert all(len(tile.faces) == 2 for tile in tileset.tiles)


def test_features_of_NO_1_1_all_appear(tileset):
    kinds = {r.kind for t in tileset.tiles for f in t.faces for r in f.regions if r.positions}
    props = {name for t in tileset.tiles for f in t.faces for r in f.regions for name, _ in r.props}
    assert {"space", "nebula", "gas", "path"} <= kinds
    assert {"planet", "extractor", *SPECIALS} <= props


def test_specials_only_on_hidden_faces_and_one_face_per_tile(tileset):  # NO-1.7, NO-2.2
    for tile in tileset.tiles:
        special = [f for f in tile.faces if any(f.prop_total(p) for p in SPECIALS)]
        assert len(special) <= 1
        for face in tile.faces:
            assert face.hidden == bool(any(face.prop_total(p) for p in SPECIALS)), face.name


def test_extractors_stand_on_nebula(tileset):
    for face in tileset.faces.values():
        for region in face.regions:
            if region.prop("extractor"):
                assert region.kind == "nebula" and "emissary" not in region.holds


def test_almost_every_draw_is_placeable(tileset):  # NO-1.7, NO-3.2.3
    report = simulate(tileset, games=10, seed=3)
    assert report.dead_share <= 0.02
    assert report.closed.get("nebula") and report.closed.get("system")
