"""Property tests: random tilesets from a pool of faces, random legal games, checked from scratch.

After every placement the incremental board (union-find areas, frontier, fits tables) is compared
with a model recomputed from ``board.cells`` alone: the face definitions, the rotation arithmetic
and the grid's neighbour relation. Nothing of the board's derived state (orientations, touching
tables, frontier patterns, interned codes) is used by the model.
"""
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from trian_script.board import PlacementError, compile_tileset
from trian_script.board.board import Board

from galaxy_features import FEATURES, PROPERTIES


def planet(n=1):
    return [{"kind": "path", "props": {"planet": n}}]


def gas(*edges):
    return [{"kind": "gas", "refs": [str(e) for e in edges]}]


EXTRACTOR = [{"kind": "nebula", "props": {"extractor": 1}}]

POOLS = {
    ("triangle", 3): {
        "E": {"edges": ["sss", "sss", "sss"]},
        "G1": {"edges": ["sgs", "sss", "sgs"], "regions": gas(0, 2)},
        "G2": {"edges": ["ggg", "sss", "sss"]},
        "G3": {"edges": ["sgs", "sgs", "sgs"], "regions": gas(0, 1, 2)},
        "N1": {"edges": ["nnn", "sss", "sss"]},
        "N1X": {"edges": ["nnn", "sss", "sss"], "regions": EXTRACTOR},
        "N2": {"edges": ["nnn", "nnn", "sss"]},
        "N2X": {"edges": ["nnn", "nnn", "sss"], "regions": EXTRACTOR},
        "N3": {"edges": ["nnn", "nnn", "nnn"]},
        "P0": {"edges": ["sss", "sss", "sss"], "regions": planet()},
        "P1": {"edges": ["sps", "sss", "sss"], "regions": planet()},
        "P2": {"edges": ["sps", "sps", "sss"], "regions": planet()},
        "P22": {"edges": ["sps", "sps", "sss"], "regions": planet(2)},
        "L": {"edges": ["sps", "sps", "sss"]},
        "L3": {"edges": ["sps", "sps", "sps"]},
        "NP1": {"edges": ["nnn", "sps", "sss"], "regions": planet()},
        "NP2": {"edges": ["nnn", "sps", "sps"], "regions": planet()},
        "GP1": {"edges": ["sgs", "sps", "sgs"], "regions": gas(0, 2) + planet()},
        "Y": {"edges": ["sns", "sss", "sns"], "regions": [{"kind": "nebula", "refs": ["0", "2"]}]},
        "NS": {"edges": ["nsn", "sss", "sss"]},  # two separate nebula bits on one edge
        "NPS": {"edges": ["nps", "sss", "spn"]},  # nebula and path wrapping a corner
        "GW": {"edges": ["ggg", "nnn", "sss"]},
        "GPG": {"edges": ["gpg", "ggg", "ggg"], "regions": planet()},
    },
    ("hex", 2): {
        "E": {"edges": ["ss"] * 6},
        "N1": {"edges": ["nn", "ss", "ss", "ss", "ss", "ss"]},
        "N2": {"edges": ["nn", "nn", "ss", "ss", "ss", "ss"], "regions": EXTRACTOR},
        "N3": {"edges": ["nn", "ss", "ss", "nn", "ss", "ss"], "regions": [{"kind": "nebula", "refs": ["0", "3"]}]},
        "P1": {"edges": ["ps", "ss", "ss", "ss", "ss", "ss"], "regions": planet()},
        "Q1": {"edges": ["sp", "ss", "ss", "ss", "ss", "ss"], "regions": planet()},
        "L": {"edges": ["ps", "ss", "ss", "sp", "ss", "ss"]},
        "G": {"edges": ["ss", "gg", "ss", "ss", "gg", "ss"], "regions": gas(1, 4)},
        "NG": {"edges": ["nn", "gg", "gg", "gg", "gg", "ss"]},
        "W": {"edges": ["gg", "gg", "gg", "ss", "ss", "ss"]},
    },
    ("square", 2): {
        "E": {"edges": ["ss"] * 4},
        "N1": {"edges": ["nn", "ss", "ss", "ss"]},
        "N2": {"edges": ["nn", "nn", "ss", "ss"], "regions": EXTRACTOR},
        "NN": {"edges": ["nn", "nn", "nn", "nn"]},
        "P1": {"edges": ["ps", "ss", "ss", "ss"], "regions": planet()},
        "Q1": {"edges": ["sp", "ss", "ss", "ss"], "regions": planet()},
        "L": {"edges": ["ps", "ss", "ps", "ss"]},
        "G": {"edges": ["ss", "gg", "ss", "gg"], "regions": gas(1, 3)},
        "W": {"edges": ["gg", "gg", "ss", "ss"]},
        "GN": {"edges": ["gg", "nn", "ss", "gg"]},
    },
}


# How many separate space regions each pool face has (a chord of gas or nebula cuts space; a
# starlight path, a wall along one edge or a nebula bit on one edge does not). Counted by hand.
SPLIT = {("triangle", "G1"): 2, ("triangle", "G3"): 3, ("triangle", "GP1"): 2, ("triangle", "Y"): 2,
         ("triangle", "N3"): 0, ("hex", "G"): 2, ("hex", "N3"): 2, ("square", "G"): 2, ("square", "NN"): 0}


@st.composite
def tilesets(draw, grid, k):
    pool = POOLS[(grid, k)]
    names = sorted(pool)
    chosen = draw(st.lists(st.sampled_from(names), min_size=2, max_size=8, unique=True))
    if draw(st.booleans()):  # often add plain space so that games grow past their first tiles
        chosen = sorted(set(chosen) | {"E"})
    pairs = draw(st.lists(st.tuples(st.sampled_from(chosen), st.sampled_from(chosen)), min_size=1, max_size=6))
    definition = {
        "name": "random", "grid": grid, "segments": k,
        "features": FEATURES, "properties": PROPERTIES,
        "faces": {n: pool[n] for n in chosen},
        "tiles": {f"T{i}": {"faces": list(pair), "count": 2} for i, pair in enumerate(pairs)},
    }
    return compile_tileset(definition)


# -- the model, recomputed from board.cells ------------------------------------------------------

def letters_on(board, cell, cell_edge):
    """The edge code the placed face shows on ``cell_edge`` of ``cell``, read clockwise."""
    placed = board.cells[cell]
    return placed.face.edges[(cell_edge - placed.rotation) % board.grid.edges]


def to_cell_position(board, rotation, face_pos):
    e, i = divmod(face_pos, board.k)
    return ((e + rotation) % board.grid.edges) * board.k + i


def facing_position(board, cell, pos):
    """The neighbour cell and its boundary position facing ``pos`` of ``cell``."""
    e, i = divmod(pos, board.k)
    other = board.grid.neighbour(cell, e)
    return other, board.grid.back_edge(cell, e) * board.k + (board.k - 1 - i)


def model_regions(board):
    """(cell, region index) -> (area kind, boundary positions in cell terms) for area-forming regions."""
    out = {}
    for cell, placed in board.cells.items():
        for ri, region in enumerate(placed.face.regions):
            if region.area is not None:
                out[(cell, ri)] = (region.area, {to_cell_position(board, placed.rotation, p) for p in region.positions})
    return out


def flood_fill(board):
    """Components of regions joined across matched segments with the same area kind, with totals."""
    regions = model_regions(board)
    at = {}  # (cell, pos) -> [(area, key)]
    for key_, (area, positions) in regions.items():
        for pos in positions:
            at.setdefault((key_[0], pos), []).append((area, key_))
    seen, components = set(), []
    for start in regions:
        if start in seen:
            continue
        seen.add(start)
        stack, members, open_edges = [start], [], 0
        while stack:
            key_ = stack.pop()
            members.append(key_)
            cell = key_[0]
            area, positions = regions[key_]
            for pos in positions:
                other, other_pos = facing_position(board, cell, pos)
                if other not in board.cells:
                    open_edges += 1
                    continue
                for other_area, other_key in at.get((other, other_pos), []):
                    if other_area == area and other_key not in seen:
                        seen.add(other_key)
                        stack.append(other_key)
        props = Counter()
        for cell, ri in members:
            props.update(dict(board.cells[cell].face.regions[ri].props))
        components.append({
            "kind": regions[start][0], "members": frozenset(members), "open": open_edges,
            "tiles": frozenset(c for c, _ in members), "props": {k: v for k, v in props.items() if v},
        })
    return components


def board_partition(board):
    groups = {}
    for cell, placed in board.cells.items():
        for ri, node in enumerate(placed.nodes):
            region = placed.face.regions[ri]
            assert (node is None) == (region.area is None), (cell, ri)
            if node is not None:
                groups.setdefault(board.forest.find(node), set()).add((cell, ri))
    return {root: frozenset(m) for root, m in groups.items()}


def brute_placements(board, face):
    grid = board.grid
    if not board.cells:
        candidates = {grid.origin()}
    else:
        candidates = {n for c in board.cells for n in grid.neighbours(c) if n not in board.cells}
    out = []
    for cell in candidates:
        for r in range(grid.edges):
            ok = True
            for e in range(grid.edges):
                other = grid.neighbour(cell, e)
                if other in board.cells:
                    mine = face.edges[(e - r) % grid.edges]
                    if mine != letters_on(board, other, grid.back_edge(cell, e))[::-1]:
                        ok = False
                        break
            if ok:
                out.append((cell, r))
    return sorted(out)


# -- the checks -----------------------------------------------------------------------------------

def check_edges_match(board):
    grid = board.grid
    for cell in board.cells:
        for e in range(grid.edges):
            other = grid.neighbour(cell, e)
            if other in board.cells:
                assert letters_on(board, cell, e) == letters_on(board, other, grid.back_edge(cell, e))[::-1]


def check_areas(board):
    components = flood_fill(board)
    partition = board_partition(board)
    # (a) the union-find partition equals the flood fill
    assert set(partition.values()) == {c["members"] for c in components}
    areas = {a.id: a for a in board.areas()}
    assert set(areas) == set(partition), "board.areas() lists every root once"
    by_members = {members: areas[root] for root, members in partition.items()}
    for comp in components:
        area = by_members[comp["members"]]
        assert area.kind == comp["kind"]
        # (b) open edges from scratch; closed exactly when nothing is open
        assert area.open_edges == comp["open"], (area, comp)
        assert area.closed == (area.open_edges == 0), area
        # (d) tiles and property totals
        assert area.tiles == comp["tiles"] and area.size == len(comp["tiles"])
        assert {k: v for k, v in area.props.items() if v} == comp["props"]
    return components


def check_placements(board, tileset):
    for face in tileset.faces.values():
        expected = brute_placements(board, face)
        got = board.placements(face)
        # (c) the table lookup lists exactly the brute-force placements, each once
        assert sorted(got) == expected, face.name
        assert len(got) == len(set(got))
        assert board.can_place(face) == bool(expected)
        legal = set(expected)
        for cell in {c for c, _ in expected} | set(board.frontier):
            for r in range(board.grid.edges):
                if (cell, r) in legal:
                    board.check(face, cell, r)
                else:
                    with pytest.raises(PlacementError):
                        board.check(face, cell, r)
        for cell in list(board.cells)[:3]:
            with pytest.raises(PlacementError):
                board.check(face, cell, 0)


def play(data, tileset, steps):
    """A random game; checks every invariant after each placement."""
    board = Board(tileset)
    closed_before = set()
    for _ in range(steps):
        tile = data.draw(st.sampled_from(tileset.tiles), label="tile")
        side = data.draw(st.integers(0, 1), label="side")
        options = [(f, p) for f in (tile.faces[side], tile.faces[1 - side]) for p in [board.placements(f)] if p]
        if not options:
            continue  # NO-3.2.3: a tile that fits nowhere is set aside
        face, placements = options[0]
        cell, rotation = data.draw(st.sampled_from(sorted(placements)), label="placement")
        predicted = board.would_close(face, cell, rotation)
        reported = board.place(tile, face, cell, rotation)
        assert sorted(predicted) == sorted((a.kind, a.size) for a in reported)
        check_edges_match(board)
        components = check_areas(board)
        partition = board_partition(board)
        closed_now = {c["members"] for c in components if c["open"] == 0}
        # the placement reports exactly the areas that closed with it, each once
        assert {partition[a.id] for a in reported} == closed_now - closed_before
        assert len(reported) == len({a.id for a in reported})
        assert all(a.closed and a.open_edges == 0 for a in reported)
        assert [a.kind for a in reported] == sorted(a.kind for a in reported)
        closed_before = closed_now
        assert board.order[-1] == cell and len(board.order) == len(board.cells)
    check_placements(board, tileset)
    kinds_closed = sorted({a.kind for a in board.areas() if a.closed})
    event(f"closed kinds: {kinds_closed}")
    event(f"tiles placed: {'<5' if len(board.cells) < 5 else '5-14' if len(board.cells) < 15 else '15+'}")
    return board


SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("grid, k", [("triangle", 3), ("hex", 2), ("square", 2)])
@SETTINGS
@given(data=st.data())
def test_random_games_agree_with_a_model_built_from_scratch(grid, k, data):
    tileset = data.draw(tilesets(grid, k), label="tileset")
    steps = data.draw(st.integers(5, 50), label="steps")
    play(data, tileset, steps)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_placements_agree_with_brute_force_mid_game(data):
    """(c) checked at every step of a game, not only at its end."""
    tileset = data.draw(tilesets("triangle", 3), label="tileset")
    board = Board(tileset)
    for _ in range(data.draw(st.integers(1, 15), label="steps")):
        check_placements(board, tileset)
        tile = data.draw(st.sampled_from(tileset.tiles), label="tile")
        face = tile.faces[data.draw(st.integers(0, 1), label="side")]
        placements = board.placements(face)
        if placements:
            board.place(tile, face, *data.draw(st.sampled_from(sorted(placements)), label="placement"))
    check_placements(board, tileset)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_pool_face_splits_its_boundary_consistently(data):
    """Regions of a face: area regions never share a position within one area kind, every
    segment of an area-forming letter belongs to exactly one region of that letter's area,
    and space regions cover exactly the space and path segments."""
    grid, k = data.draw(st.sampled_from(sorted(POOLS)), label="pool")
    name = data.draw(st.sampled_from(sorted(POOLS[(grid, k)])), label="face")
    ts = compile_tileset({"name": "one", "grid": grid, "segments": k, "features": FEATURES,
                          "properties": PROPERTIES, "faces": {name: POOLS[(grid, k)][name]},
                          "tiles": {"T": {"faces": [name, name]}}})
    face = ts.faces[name]
    letters = "".join(face.edges)
    by_area = {}
    for region in face.regions:
        if region.area:
            for p in region.positions:
                assert (region.area, p) not in by_area, (name, region)
                by_area[(region.area, p)] = region
    spaces = [r for r in face.regions if r.area == "space"]
    assert len(spaces) == SPLIT.get((grid, name), 1)
    for p, letter in enumerate(letters):
        assert (("nebula", p) in by_area) == (letter == "n")
        assert (("system", p) in by_area) == (letter == "p")
        assert (("space", p) in by_area) == (letter in "sp")
