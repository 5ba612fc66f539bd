"""Hand-built boards: areas form, merge and close as NO-4.1 says; illegal placements are refused.

Conventions used below: a face lists its edge codes clockwise; laid with rotation ``r`` its edge
``j`` lies on cell edge ``(j + r) % edges``. Boundary position ``e*k + i`` is segment ``i`` of edge
``e``; across a shared edge segment ``i`` faces segment ``k-1-i`` of the other side.
"""
import math

import pytest

from trian_script.board import Board, PlacementError, compile_tileset

from galaxy_features import FEATURES, PROPERTIES
PLANET = [{"kind": "path", "props": {"planet": 1}}]
GAS_CHORD = [{"kind": "gas", "refs": ["0", "2"]}]

TRIANGLE_FACES = {
    "N": {"edges": ["nnn", "sss", "sss"]},
    "NX": {"edges": ["nnn", "sss", "sss"], "regions": [{"kind": "nebula", "props": {"extractor": 1}}]},
    "NN": {"edges": ["nnn", "nnn", "sss"]},
    "G": {"edges": ["sgs", "sss", "sgs"], "regions": GAS_CHORD},
    "GW": {"edges": ["ggg", "sss", "sss"]},  # a gas wall along one edge
    "GN": {"edges": ["ggg", "nnn", "sss"]},
    "Y": {"edges": ["sns", "sss", "sns"], "regions": [{"kind": "nebula", "refs": ["0", "2"]}]},
    "P": {"edges": ["sps", "sss", "sss"], "regions": PLANET},
    "L": {"edges": ["sps", "sss", "sps"]},  # a path crossing the tile, no planet
    "S": {"edges": ["sss", "sss", "sss"]},
    "P0": {"edges": ["sss", "sss", "sss"], "regions": PLANET},  # a lone planet, no path
    # one edge carrying nebula, path and space; the two faces meet each other exactly
    "NPS": {"edges": ["nps", "ggg", "ggg"], "regions": PLANET},
    "SPN": {"edges": ["spn", "ggg", "ggg"], "regions": PLANET},
}


def make_tileset(faces=TRIANGLE_FACES, grid="triangle", segments=3):
    return compile_tileset({
        "name": "t", "grid": grid, "segments": segments,
        "features": FEATURES, "properties": PROPERTIES, "faces": faces,
        "tiles": {name: {"faces": [name, name], "count": 1} for name in faces},
    })


class Game:
    """A board plus short ways to lay faces by name and to look up areas."""

    def __init__(self, faces=TRIANGLE_FACES, grid="triangle", segments=3):
        self.ts = make_tileset(faces, grid, segments)
        self.board = Board(self.ts)
        self.grid = self.ts.grid
        self.k = segments
        self.tile = {t.design: t for t in self.ts.tiles}

    def face(self, name):
        return self.ts.faces[name]

    def lay(self, name, cell, rotation=0):
        return self.board.place(self.tile[name], self.face(name), cell, rotation)

    def facing(self, cell, edge, face_edge):
        """The cell across ``edge`` of ``cell`` and the rotation that puts ``face_edge`` against it."""
        other = self.grid.neighbour(cell, edge)
        back = self.grid.back_edge(cell, edge)
        return other, (back - face_edge) % self.grid.edges

    def lay_facing(self, name, cell, edge, face_edge=0):
        other, rotation = self.facing(cell, edge, face_edge)
        return other, self.lay(name, other, rotation)

    def area_at(self, cell, kind, pos):
        """The area of ``kind`` touching boundary position ``pos`` (cell terms) of ``cell``."""
        placed = self.board.cells[cell]
        e, i = divmod(pos, self.k)
        face_pos = ((e - placed.rotation) % self.grid.edges) * self.k + i
        hits = [self.board.area(node) for region, node in zip(placed.face.regions, placed.nodes)
                if region.area == kind and face_pos in region.positions]
        assert len(hits) == 1, (cell, kind, pos, hits)
        return hits[0]

    def areas(self, kind):
        return [a for a in self.board.areas() if a.kind == kind]


O = (0, 0, 1)


def kinds(closed):
    return [a.kind for a in closed]


# -- nebulas ---------------------------------------------------------------------------------

def test_single_nebula_cap_is_open_then_two_caps_meeting_close_it():
    g = Game()
    assert g.lay("N", O) == []
    (nebula,) = g.areas("nebula")
    assert (nebula.open_edges, nebula.closed, nebula.tiles) == (3, False, frozenset({O}))
    other, closed = g.lay_facing("N", O, 0)
    assert kinds(closed) == ["nebula"]
    assert closed[0].tiles == {O, other} and closed[0].open_edges == 0 and closed[0].closed
    (nebula,) = g.areas("nebula")
    assert nebula.closed and nebula.size == 2
    # the two space parts face away from each other: two open space areas
    spaces = g.areas("space")
    assert len(spaces) == 2 and all(a.open_edges == 6 and not a.closed for a in spaces)


def test_nebula_over_three_tiles_closes_only_with_the_last_cap():
    g = Game()
    g.lay("N", O)  # nnn on cell edge 0
    mid, closed = g.lay_facing("NN", O, 0, face_edge=0)
    assert closed == []
    (nebula,) = g.areas("nebula")
    assert nebula.open_edges == 3 and not nebula.closed and nebula.tiles == {O, mid}
    # NN's second nebula edge (face edge 1) lies on cell edge (1 + rotation)
    rotation = g.board.cells[mid].rotation
    end, closed = g.lay_facing("NX", mid, (1 + rotation) % 3, face_edge=0)
    assert kinds(closed) == ["nebula"]
    assert closed[0].tiles == {O, mid, end}
    assert closed[0].props == {"extractor": 1}
    assert closed[0].open_edges == 0


def test_closed_area_is_reported_once():
    g = Game()
    g.lay("N", O)
    other, closed = g.lay_facing("N", O, 0)
    assert kinds(closed) == ["nebula"]
    # a later tile touching the same tiles (space side) does not report the nebula again
    rotation = g.board.cells[other].rotation
    space_edge = (1 + rotation) % 3
    _, closed = g.lay_facing("S", other, space_edge)
    assert "nebula" not in kinds(closed)


# -- planetary systems --------------------------------------------------------------------------

def test_system_closes_when_both_path_ends_reach_planets():
    g = Game()
    assert g.lay("P", O) == []
    (system,) = g.areas("system")
    assert (system.open_edges, system.props) == (1, {"planet": 1})
    mid, closed = g.lay_facing("L", O, 0, face_edge=0)
    assert closed == []  # a bare path tile keeps the system open at its other end
    (system,) = g.areas("system")
    assert system.open_edges == 1 and system.tiles == {O, mid} and not system.closed
    other_end = (2 + g.board.cells[mid].rotation) % 3  # L's second path edge is face edge 2
    end, closed = g.lay_facing("P", mid, other_end, face_edge=0)
    assert kinds(closed) == ["system"]
    assert closed[0].tiles == {O, mid, end}
    assert closed[0].props == {"planet": 2}
    assert closed[0].open_edges == 0


def test_path_tile_on_path_tile_stays_open():
    g = Game()
    g.lay("L", O)
    mid, closed = g.lay_facing("L", O, 0, face_edge=0)
    assert closed == []
    (system,) = g.areas("system")
    assert system.open_edges == 2 and system.props == {} and system.size == 2


def test_lone_planet_without_path_is_a_closed_system_at_once():
    # NO-4.1: a system closes when it has no open starlight path; a planet with no path has none.
    g = Game()
    closed = g.lay("P0", O)
    assert kinds(closed) == ["system"]
    assert closed[0].open_edges == 0 and closed[0].props == {"planet": 1}


# -- outer space ---------------------------------------------------------------------------------

def test_space_enclosed_by_nebula_and_gas_closes_when_last_slot_is_filled():
    """An open-space tile in the middle, three tiles around it showing space only on the inner edge."""
    g = Game()
    g.lay("S", O)
    laid = [O]
    for edge, (name, open_after) in enumerate([("NN", 6), ("GN", 3), ("NN", 0)]):
        cell, closed = g.lay_facing(name, O, edge, face_edge=2)  # face edge 2 is the space edge
        laid.append(cell)
        (space,) = g.areas("space")
        assert space.open_edges == open_after
        assert space.closed == (open_after == 0)
        assert kinds(closed) == ([] if open_after else ["space"])
    assert closed[0].tiles == set(laid) and closed[0].size == 4
    # the nebulas face outward: still open
    assert all(not a.closed for a in g.areas("nebula"))


def test_space_with_an_empty_slot_inside_is_not_closed():
    """Two tiles whose space faces each other but whose other space edge faces an empty cell."""
    g = Game()
    g.lay("N", O)
    _, closed = g.lay_facing("N", O, 1, face_edge=1)
    (space,) = g.areas("space")
    assert closed == [] and space.open_edges == 6 and not space.closed


def test_two_half_space_tiles_close_space_between_them():
    faces = {"H": {"edges": ["sss", "nnn", "ggg"]}}
    g = Game(faces)
    g.lay("H", O)
    (space,) = g.areas("space")
    assert space.open_edges == 3
    _, closed = g.lay_facing("H", O, 0, face_edge=0)
    assert kinds(closed) == ["space"]
    assert closed[0].size == 2


# a ring of cells around one corner; each cell's two edges at that corner face inward
RING_FACES = {
    "triangle": (3, {"RN": {"edges": ["nnn", "sss", "sss"]}, "RG": {"edges": ["ggg", "sss", "sss"]}}, (1, 2), 6),
    "square": (2, {"RN": {"edges": ["nn", "ss", "ss", "nn"]}, "RG": {"edges": ["gg", "ss", "ss", "gg"]}}, (1, 2), 4),
    "hex": (2, {"RN": {"edges": ["ss", "ss", "nn", "nn", "nn", "nn"]},
                "RG": {"edges": ["ss", "ss", "gg", "gg", "gg", "gg"]}}, (0, 1), 3),
}


def _key(p):
    return (round(p[0], 6), round(p[1], 6))


def ring_around_origin_corner(grid):
    """The cells around corner 0 of the origin, in angular order starting at the origin, each with
    the set of its edges that touch that corner."""
    vertex = _key(grid.corners(grid.origin())[0])
    candidates = {grid.origin(), *grid.touching(grid.origin())}
    ring = [c for c in candidates if vertex in {_key(p) for p in grid.corners(c)}]

    def angle(c):
        x, y = grid.center(c)
        return math.atan2(y - vertex[1], x - vertex[0])

    ring.sort(key=angle)
    start = ring.index(grid.origin())
    ring = ring[start:] + ring[:start]
    out = []
    for cell in ring:
        corners = [_key(p) for p in grid.corners(cell)]
        edges = {e for e in range(grid.edges) if vertex in (corners[e], corners[(e + 1) % grid.edges])}
        out.append((cell, edges))
    for a, b in zip(ring, ring[1:] + ring[:1]):
        assert b in grid.neighbours(a), "consecutive ring cells share an edge"
    return out


def rotation_for(grid, face_edges, cell_edges):
    (r,) = [r for r in range(grid.edges) if {(j + r) % grid.edges for j in face_edges} == cell_edges]
    return r


@pytest.mark.parametrize("grid_name", ["triangle", "square", "hex"])
def test_ring_around_a_corner_encloses_space_that_closes_with_the_last_tile(grid_name):
    k, faces, inward, size = RING_FACES[grid_name]
    g = Game(faces, grid_name, k)
    ring = ring_around_origin_corner(g.grid)
    assert len(ring) == size
    for n, (cell, inner_edges) in enumerate(ring, start=1):
        name = "RN" if n % 2 else "RG"
        closed = g.lay(name, cell, rotation_for(g.grid, inward, inner_edges))
        spaces = g.areas("space")
        assert len(spaces) == 1, "the inner space is one area"
        # every inward segment not yet facing a tile is open: 2 per tile, minus 2 per shared edge
        shared = n - 1 if n < size else n
        assert spaces[0].open_edges == 2 * k * n - 2 * k * shared
        if n < size:
            assert closed == [] and not spaces[0].closed
        else:
            assert kinds(closed) == ["space"] and closed[0].size == size
    # nebula parts face outward, each its own open area
    nebulas = g.areas("nebula")
    assert len(nebulas) == (size + 1) // 2
    assert all(not a.closed and a.open_edges == (g.grid.edges - 2) * k for a in nebulas)


# -- several areas at once -------------------------------------------------------------------------

def test_one_edge_closes_a_nebula_a_system_and_space_at_once():
    g = Game()
    assert g.lay("NPS", O) == []
    _, closed = g.lay_facing("SPN", O, 0, face_edge=0)
    assert kinds(closed) == ["nebula", "space", "system"]  # sorted by kind, each once
    system = closed[2]
    assert system.props == {"planet": 2} and system.size == 2
    assert all(a.open_edges == 0 and a.closed for a in g.board.areas())


def test_one_tile_closes_areas_across_two_different_edges():
    # square grid, 2 segments: the fourth tile of a 2x2 block meets a nebula to the north and a
    # planet's path to the west, and closes the space in the middle as well
    faces = {
        "A": {"edges": ["gg", "ss", "ss", "gg"]},           # (0,0): space to the east and south
        "B": {"edges": ["gg", "gg", "nn", "ss"]},           # (1,0): nebula south, space west
        "C": {"edges": ["ss", "ps", "gg", "gg"], "regions": PLANET},  # (0,1): path east
        "D": {"edges": ["nn", "gg", "gg", "sp"], "regions": PLANET},  # (1,1)
    }
    g = Game(faces, "square", 2)
    assert g.lay("A", (0, 0)) == []
    assert g.lay("B", (1, 0)) == []
    assert g.lay("C", (0, 1)) == []
    assert [(c, r) for c, r in g.board.placements(g.face("D")) if c == (1, 1)] == [((1, 1), 0)]
    assert sorted(g.board.would_close(g.face("D"), (1, 1), 0)) == [("nebula", 2), ("space", 4), ("system", 2)]
    closed = g.lay("D", (1, 1))
    assert kinds(closed) == ["nebula", "space", "system"]
    nebula, space, system = closed
    assert nebula.tiles == {(1, 0), (1, 1)}
    assert space.tiles == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert system.tiles == {(0, 1), (1, 1)} and system.props == {"planet": 2}


# -- what divides space and what does not ----------------------------------------------------------

def test_starlight_path_does_not_split_space_on_a_face():
    regions = [r for r in make_tileset().faces["L"].regions if r.area == "space"]
    assert len(regions) == 1 and regions[0].positions == tuple(range(9))


def test_starlight_path_does_not_split_space_on_the_board():
    g = Game()
    g.lay("L", O)
    mid, _ = g.lay_facing("L", O, 0, face_edge=0)
    for cell in (O, mid):
        placed = g.board.cells[cell]
        for face_edge in (0, 2):  # both path edges of L
            e = (face_edge + placed.rotation) % 3
            left, right = g.area_at(cell, "space", 3 * e), g.area_at(cell, "space", 3 * e + 2)
            assert left.id == right.id
    (space,) = g.areas("space")
    assert space.tiles == {O, mid}
    # 9 + 9 segments, 3 pairs matched across the shared edge (the path segment counts too)
    assert space.open_edges == 12


def test_gas_chord_splits_the_space_of_a_face_in_two():
    regions = [r for r in make_tileset().faces["G"].regions if r.kind == "space"]
    assert sorted(r.positions for r in regions) == [(0, 8), (2, 3, 4, 5, 6)]
    gas = [r for r in make_tileset().faces["G"].regions if r.kind == "gas"]
    assert len(gas) == 1 and gas[0].positions == (1, 7) and gas[0].area is None


def test_nebula_chord_splits_space_too():
    regions = [r for r in make_tileset().faces["Y"].regions if r.kind == "space"]
    assert sorted(r.positions for r in regions) == [(0, 8), (2, 3, 4, 5, 6)]


def test_gas_edge_wall_does_not_split_space():
    regions = [r for r in make_tileset().faces["GW"].regions if r.kind == "space"]
    assert len(regions) == 1 and regions[0].positions == (3, 4, 5, 6, 7, 8)


def test_gas_chord_keeps_two_space_areas_apart_on_the_board():
    g = Game()
    g.lay("G", O)
    assert len(g.areas("space")) == 2
    assert None in g.board.cells[O].nodes  # the gas region forms no area
    assert g.area_at(O, "space", 0).id != g.area_at(O, "space", 2).id
    other, closed = g.lay_facing("G", O, 0, face_edge=0)
    assert closed == []
    spaces = g.areas("space")
    assert len(spaces) == 2
    assert all(a.tiles == {O, other} for a in spaces)
    # segment 0 of O's edge 0 faces segment 2 of the neighbour's edge 0: same area, and so on
    assert g.area_at(O, "space", 0).id == g.area_at(other, "space", 2).id
    assert g.area_at(O, "space", 2).id == g.area_at(other, "space", 0).id
    assert g.area_at(O, "space", 0).id != g.area_at(other, "space", 0).id


# -- refusals --------------------------------------------------------------------------------------

def assert_refused(g, name, cell, rotation):
    before = (dict(g.board.cells), dict(g.board.frontier), len(g.board.areas()))
    with pytest.raises(PlacementError) as err:
        g.board.check(g.face(name), cell, rotation)
    assert err.value.rule == "NO-3.2.2"
    with pytest.raises(PlacementError):
        g.lay(name, cell, rotation)
    assert (dict(g.board.cells), dict(g.board.frontier), len(g.board.areas())) == before
    return err.value


def test_mismatched_edge_is_refused():
    g = Game()
    g.lay("N", O)  # nnn on edge 0
    other, rotation = g.facing(O, 0, face_edge=1)  # would put 'sss' against 'nnn'
    err = assert_refused(g, "N", other, rotation)
    assert "does not match" in str(err)
    # and the matching rotation is accepted
    other, rotation = g.facing(O, 0, face_edge=0)
    g.board.check(g.face("N"), other, rotation)


def test_mismatch_of_a_single_segment_is_refused():
    g = Game()
    g.lay("P", O)  # 'sps' on edge 0
    other, rotation = g.facing(O, 0, face_edge=0)
    assert_refused(g, "S", other, rotation)   # 'sss' against 'sps'
    assert_refused(g, "NPS", other, rotation)  # 'nps' against 'sps'


def test_reversed_code_must_match_not_the_same_code():
    g = Game()
    g.lay("NPS", O)  # 'nps' on edge 0: a neighbour must show 'spn' there, not 'nps'
    other, rotation = g.facing(O, 0, face_edge=0)
    assert_refused(g, "NPS", other, rotation)
    g.board.check(g.face("SPN"), other, rotation)


def test_occupied_cell_is_refused():
    g = Game()
    g.lay("S", O)
    err = assert_refused(g, "S", O, 0)
    assert "already holds" in str(err)


def test_cell_without_a_placed_neighbour_is_refused():
    g = Game()
    g.lay("S", O)
    far = (3, -1, 0)
    assert far not in g.grid.touching(O)
    err = assert_refused(g, "S", far, 0)
    assert "shares no edge" in str(err)
    corner_only = g.grid.touching(O)[3]  # touches O at a corner only
    assert_refused(g, "S", corner_only, 0)


def test_first_tile_goes_to_the_origin_only():
    g = Game()
    assert_refused(g, "S", (1, 0, 1), 0)
    assert g.board.placements(g.face("N")) == [(O, 0), (O, 1), (O, 2)]


def test_rotation_out_of_range_is_refused():
    g = Game()
    g.lay("S", O)
    other = g.grid.neighbour(O, 0)
    assert_refused(g, "S", other, 3)
    assert_refused(g, "S", other, -1)


def test_placements_list_exactly_the_matching_rotations():
    g = Game()
    g.lay("N", O)  # nnn on edge 0, space on edges 1 and 2
    got = sorted(g.board.placements(g.face("N")))
    n0, n1, n2 = g.grid.neighbours(O)
    # across edge 0 only the nnn edge may lie there; across 1 and 2 either space edge
    expected = sorted([(n0, g.facing(O, 0, 0)[1]),
                       (n1, g.facing(O, 1, 1)[1]), (n1, g.facing(O, 1, 2)[1]),
                       (n2, g.facing(O, 2, 1)[1]), (n2, g.facing(O, 2, 2)[1])])
    assert got == expected
    assert g.board.can_place(g.face("N"))
    assert not g.board.can_place(g.face("NPS"))  # no edge 'nps'/'spn'/'ggg' fits 'nnn' or 'sss'


# -- totals -------------------------------------------------------------------------------------

def test_area_totals_tiles_props_and_open_edges():
    g = Game()
    g.lay("NX", O)
    (nebula,) = g.areas("nebula")
    assert nebula.props == {"extractor": 1} and nebula.open_edges == 3 and nebula.size == 1
    mid, _ = g.lay_facing("NN", O, 0, face_edge=0)
    (nebula,) = g.areas("nebula")
    assert nebula.props == {"extractor": 1} and nebula.open_edges == 3 and nebula.size == 2
    # spaces: NX has 6 space segments, NN 3, on different sides of the nebula: not joined
    assert sorted(a.open_edges for a in g.areas("space")) == [3, 6]
    end, closed = g.lay_facing("NX", mid, (1 + g.board.cells[mid].rotation) % 3, face_edge=0)
    assert closed[0].props == {"extractor": 2} and closed[0].size == 3
    assert {a.kind for a in g.board.areas_at(mid)} == {"nebula", "space"}
    assert {a.id for a in g.board.areas_at(O) if a.kind == "nebula"} == \
        {a.id for a in g.board.areas_at(end) if a.kind == "nebula"}


def test_system_totals_count_planets_and_tiles():
    g = Game()
    g.lay("P", O)
    g.lay_facing("L", O, 0, face_edge=0)
    (system,) = g.areas("system")
    assert system.props == {"planet": 1} and system.size == 2 and system.open_edges == 1
    (space,) = g.areas("space")
    assert space.size == 2 and space.open_edges == 9 + 9 - 6


def test_areas_listing_matches_nodes_of_cells():
    g = Game()
    g.lay("G", O)
    g.lay_facing("P", O, 1, face_edge=1)
    ids = {a.id for a in g.board.areas()}
    from_nodes = {g.board.forest.find(n) for p in g.board.cells.values() for n in p.nodes if n is not None}
    assert ids == from_nodes


# -- other grids --------------------------------------------------------------------------------

HEX_FACES = {
    "HN": {"edges": ["nn", "ss", "ss", "ss", "ss", "ss"]},
    "HP": {"edges": ["ps", "ss", "ss", "ss", "ss", "ss"], "regions": PLANET},
    "HQ": {"edges": ["sp", "ss", "ss", "ss", "ss", "ss"], "regions": PLANET},
    "HG": {"edges": ["ss", "gg", "ss", "ss", "gg", "ss"], "regions": [{"kind": "gas", "refs": ["1", "4"]}]},
}


def test_hex_nebula_and_system_close_across_one_edge():
    g = Game(HEX_FACES, "hex", 2)
    origin = g.grid.origin()
    g.lay("HN", origin)
    other, closed = g.lay_facing("HN", origin, 0, face_edge=0)
    assert other == (0, -1) and kinds(closed) == ["nebula"]
    g2 = Game(HEX_FACES, "hex", 2)
    g2.lay("HP", origin)
    # 'ps' meets 'sp' (reversed), not 'ps'
    cell, rotation = g2.facing(origin, 0, face_edge=0)
    with pytest.raises(PlacementError):
        g2.lay("HP", cell, rotation)
    cell, closed = g2.lay_facing("HQ", origin, 0, face_edge=0)
    assert cell == (0, -1) and kinds(closed) == ["system"] and closed[0].props == {"planet": 2}


def test_hex_gas_wall_through_the_middle_splits_space():
    g = Game(HEX_FACES, "hex", 2)
    spaces = [r for r in g.face("HG").regions if r.kind == "space"]
    assert sorted(r.positions for r in spaces) == [(0, 1, 10, 11), (4, 5, 6, 7)]
    g.lay("HG", g.grid.origin())
    assert len(g.areas("space")) == 2


def test_square_placements_and_refusal():
    faces = {"Q": {"edges": ["nn", "ss", "ss", "ss"]}, "E": {"edges": ["ss", "ss", "ss", "ss"]}}
    g = Game(faces, "square", 2)
    g.lay("Q", (0, 0))  # nebula to the north
    assert sorted(c for c, _ in g.board.placements(g.face("E"))) == \
        sorted([(1, 0)] * 4 + [(0, 1)] * 4 + [(-1, 0)] * 4)
    assert sorted(g.board.placements(g.face("Q"))) == [((-1, 0), 0), ((-1, 0), 2), ((-1, 0), 3),
                                                       ((0, -1), 2),
                                                       ((0, 1), 1), ((0, 1), 2), ((0, 1), 3),
                                                       ((1, 0), 0), ((1, 0), 1), ((1, 0), 2)]
    with pytest.raises(PlacementError):
        g.lay("E", (0, -1), 0)
    closed = g.lay("Q", (0, -1), 2)
    assert kinds(closed) == ["nebula"] and closed[0].tiles == {(0, 0), (0, -1)}
