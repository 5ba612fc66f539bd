"""Geometry of the three grids, checked exhaustively over a patch of cells.

Every property is checked against coordinates computed by the grid itself (``corners``), so the
combinatorial side (``neighbour``, ``back_edge``, ``touching``) and the drawing side must agree.
"""
import math

import pytest

from trian_script.geometry import GRIDS, HexGrid, SquareGrid, TriangleGrid, get_grid

TOL = 1e-9
R = 6


def triangle_cells(radius=R):
    return [(a, b, c)
            for a in range(-radius, radius + 1)
            for b in range(-radius, radius + 1)
            for c in range(-radius, radius + 1)
            if a + b + c in (1, 2)]


def hex_cells(radius=R):
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if abs(q) + abs(r) + abs(q + r) <= 2 * radius]


def square_cells(radius=R):
    return [(x, y) for x in range(-radius, radius + 1) for y in range(-radius, radius + 1)]


CELLS = {"triangle": triangle_cells(), "hex": hex_cells(), "square": square_cells()}
GRID_NAMES = ["triangle", "hex", "square"]


def close(p, q, tol=1e-6):
    return abs(p[0] - q[0]) < tol and abs(p[1] - q[1]) < tol


def key(p):
    """A hashable key for a point, robust to float noise."""
    return (round(p[0] * 1e6), round(p[1] * 1e6))


def edge_points(grid, cell, e):
    corners = grid.corners(cell)
    return corners[e], corners[(e + 1) % grid.edges]


def cells_sharing_a_corner(grid, cell, candidates):
    """Cells (other than ``cell``) that have a corner point in common with it, by coordinates."""
    mine = {key(p) for p in grid.corners(cell)}
    return {c for c in candidates if c != cell and mine & {key(p) for p in grid.corners(c)}}


def inner(grid_name, radius=R - 2):
    """Cells well inside the checked patch, so all their touching cells are in the patch too."""
    return {"triangle": triangle_cells, "hex": hex_cells, "square": square_cells}[grid_name](radius)


# -- registry --------------------------------------------------------------------------------

def test_registry_names_and_classes():
    assert set(GRIDS) == {"triangle", "hex", "square"}
    assert isinstance(get_grid("triangle"), TriangleGrid)
    assert isinstance(get_grid("hex"), HexGrid)
    assert isinstance(get_grid("square"), SquareGrid)
    assert [get_grid(n).edges for n in GRID_NAMES] == [3, 6, 4]


@pytest.mark.parametrize("name", GRID_NAMES)
def test_patch_cells_are_cells_and_origin_is_one(name):
    grid = get_grid(name)
    assert grid.is_cell(grid.origin())
    assert all(grid.is_cell(c) for c in CELLS[name])


def test_triangle_is_cell_rejects_bad_sums_and_lengths():
    grid = TriangleGrid()
    assert not grid.is_cell((0, 0, 0))
    assert not grid.is_cell((1, 1, 1))
    assert not grid.is_cell((0, 1))
    assert not grid.is_cell((0, 0.5, 0.5))
    assert grid.shape((0, 0, 1)) == "up" and grid.shape((0, 1, 1)) == "down"


# -- adjacency ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GRID_NAMES)
def test_neighbour_of_neighbour_across_back_edge_is_self(name):
    grid = get_grid(name)
    for cell in CELLS[name]:
        for e in range(grid.edges):
            other = grid.neighbour(cell, e)
            back = grid.back_edge(cell, e)
            assert grid.is_cell(other), (cell, e)
            assert 0 <= back < grid.edges
            assert grid.neighbour(other, back) == cell, (cell, e)
            assert grid.back_edge(other, back) == e, (cell, e)


@pytest.mark.parametrize("name", GRID_NAMES)
def test_neighbours_are_distinct_and_indexed_by_edge(name):
    grid = get_grid(name)
    for cell in CELLS[name]:
        ns = grid.neighbours(cell)
        assert len(ns) == grid.edges == len(set(ns))
        assert cell not in ns
        assert ns == tuple(grid.neighbour(cell, e) for e in range(grid.edges))


@pytest.mark.parametrize("name", GRID_NAMES)
def test_shared_edge_has_the_same_corners_reversed(name):
    grid = get_grid(name)
    for cell in CELLS[name]:
        for e in range(grid.edges):
            other = grid.neighbour(cell, e)
            a, b = edge_points(grid, cell, e)
            c, d = edge_points(grid, other, grid.back_edge(cell, e))
            assert close(a, d) and close(b, c), (cell, e, (a, b), (c, d))


@pytest.mark.parametrize("name", GRID_NAMES)
def test_edge_e_separates_the_cell_from_neighbour_e(name):
    """The midpoint of edge e lies halfway between the two centres (the edge is really shared)."""
    grid = get_grid(name)
    for cell in CELLS[name]:
        cx, cy = grid.center(cell)
        for e in range(grid.edges):
            nx, ny = grid.center(grid.neighbour(cell, e))
            a, b = edge_points(grid, cell, e)
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            assert close(mid, ((cx + nx) / 2, (cy + ny) / 2)), (cell, e)


# -- shape -------------------------------------------------------------------------------------

def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


@pytest.mark.parametrize("name", GRID_NAMES)
def test_corners_are_clockwise_on_a_y_down_screen(name):
    grid = get_grid(name)
    n = grid.edges
    for cell in CELLS[name]:
        pts = grid.corners(cell)
        assert len(pts) == n
        for i in range(n):
            assert cross(pts[i], pts[(i + 1) % n], pts[(i + 2) % n]) > TOL, (cell, i)


def test_both_triangle_shapes_are_clockwise_and_point_the_right_way():
    grid = TriangleGrid()
    for cell in [(0, 0, 1), (0, 1, 1), (3, -2, 0), (3, -2, 1)]:
        pts = grid.corners(cell)
        assert cross(*pts) > TOL, cell
        ys = sorted(p[1] for p in pts)
        cy = grid.center(cell)[1]
        if grid.shape(cell) == "up":  # apex on top (smaller y), flat side at the bottom
            assert ys[0] < cy and abs(ys[1] - ys[2]) < TOL
        else:
            assert ys[2] > cy and abs(ys[0] - ys[1]) < TOL


@pytest.mark.parametrize("name", GRID_NAMES)
def test_all_edges_have_unit_length(name):
    grid = get_grid(name)
    for cell in CELLS[name]:
        for e in range(grid.edges):
            a, b = edge_points(grid, cell, e)
            assert math.isclose(math.dist(a, b), 1.0, abs_tol=TOL), (cell, e)


@pytest.mark.parametrize("name", GRID_NAMES)
def test_center_is_the_mean_of_the_corners(name):
    grid = get_grid(name)
    for cell in CELLS[name]:
        pts = grid.corners(cell)
        mean = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        assert close(mean, grid.center(cell)), cell


@pytest.mark.parametrize("name", GRID_NAMES)
def test_no_two_cells_share_a_centre(name):
    grid = get_grid(name)
    centres = [key(grid.center(c)) for c in CELLS[name]]
    assert len(set(centres)) == len(centres)


# -- touching ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GRID_NAMES)
def test_touching_equals_cells_sharing_a_corner_point(name):
    grid = get_grid(name)
    patch = CELLS[name]
    for cell in inner(name):
        touching = grid.touching(cell)
        assert len(touching) == len(set(touching)), cell
        assert set(touching) == cells_sharing_a_corner(grid, cell, patch), cell


@pytest.mark.parametrize("name, total", [("triangle", 12), ("hex", 6), ("square", 8)])
def test_touching_counts_and_edge_neighbours_first(name, total):
    grid = get_grid(name)
    for cell in inner(name):
        touching = grid.touching(cell)
        assert len(touching) == total, cell
        assert touching[:grid.edges] == grid.neighbours(cell), cell


def test_triangle_has_three_edge_neighbours_of_the_other_shape():
    grid = TriangleGrid()
    for cell in CELLS["triangle"]:
        shapes = {grid.shape(n) for n in grid.neighbours(cell)}
        assert shapes == {"up", "down"} - {grid.shape(cell)}, cell


def test_triangle_corner_neighbours_split_six_same_shape_three_other():
    grid = TriangleGrid()
    for cell in inner("triangle"):
        corner_only = grid.touching(cell)[3:]
        same = [c for c in corner_only if grid.shape(c) == grid.shape(cell)]
        assert len(same) == 6 and len(corner_only) == 9, cell


@pytest.mark.parametrize("name, around", [("triangle", 6), ("hex", 3), ("square", 4)])
def test_every_corner_is_shared_by_the_right_number_of_cells(name, around):
    grid = get_grid(name)
    count = {}
    for cell in CELLS[name]:
        for p in grid.corners(cell):
            count[key(p)] = count.get(key(p), 0) + 1
    for cell in inner(name):
        for p in grid.corners(cell):
            assert count[key(p)] == around, (cell, p)


# -- rotations ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GRID_NAMES)
def test_rotate_edge_cycles_with_period_edges(name):
    grid = get_grid(name)
    n = grid.edges
    for e in range(n):
        assert grid.rotate_edge(e, 0) == e
        assert grid.rotate_edge(e, n) == e
        assert sorted(grid.rotate_edge(e, r) for r in range(n)) == list(range(n))
        for r in range(n):
            assert grid.rotate_edge(grid.rotate_edge(e, r), 1) == grid.rotate_edge(e, r + 1)
            # turning by 1, n times, comes back, and not earlier
            x = e
            for step in range(1, n + 1):
                x = grid.rotate_edge(x, 1)
                assert (x == e) == (step == n)
    for r in range(n):
        assert sorted(grid.rotate_edge(e, r) for e in range(n)) == list(range(n))


# -- triangle specifics --------------------------------------------------------------------------

def test_triangle_up_and_down_alternate_across_every_edge():
    grid = TriangleGrid()
    for cell in CELLS["triangle"]:
        for e in range(3):
            assert grid.shape(grid.neighbour(cell, e)) != grid.shape(cell), (cell, e)


def test_triangle_crossing_edge_i_changes_coordinate_i_only():
    grid = TriangleGrid()
    for cell in CELLS["triangle"]:
        for e in range(3):
            other = grid.neighbour(cell, e)
            diff = [o - c for o, c in zip(other, cell)]
            assert [i for i, d in enumerate(diff) if d] == [e]
            assert abs(diff[e]) == 1


def test_triangle_origin_is_an_up_cell_and_format():
    grid = TriangleGrid()
    assert grid.shape(grid.origin()) == "up"
    assert grid.format_cell((1, -2, 3)) == "(1,-2,3)"
