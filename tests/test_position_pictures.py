"""Pictures of positions: New Order lists what stands on its board as marks, the renderer draws any
game's marks (kinds it has never heard of too) with a legend, and a replay becomes one web page."""
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from trian_script import Game, load_ruleset
from trian_script.bots import BOTS
from trian_script.cli import main
from trian_script.engine.log import dump
from trian_script.engine.marks import Mark
from trian_script.render import board_picture, board_svg
from trian_script.render.marks import SHAPES, draw_marks, shape_of
from trian_script.render.replay_page import replay_frames, replay_html, replay_to

SVG = "{http://www.w3.org/2000/svg}"


def played(seed: int = 5, players: int = 3, decisions: int | None = None) -> Game:
    game = Game(load_ruleset("new_order"), ["red", "blue", "green", "yellow"][:players], seed)
    bots = {p.name: BOTS["greedy"](seed + i) for i, p in enumerate(game.players)}
    while not game.is_over and (decisions is None or len(game.log) < decisions):
        game.choose(bots[game.decision.player].choose(game))
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return played()


def marks_in(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(SVG + "g") if "mark" in e.get("class", "").split()]


def test_new_order_marks_every_piece_on_the_board(game):
    marks = game.board_marks()
    kinds = Counter(m.kind for m in marks)
    assert kinds["emissary"] == len(game.emissaries)
    stations = Counter(e.station for e in game.emissaries.values() if e.station)
    assert {k: kinds[k] for k in stations} == dict(stations)
    ships = Counter(s.kind for s in game.ships.values())
    assert {k: kinds[k] for k in ships} == dict(ships)
    lying = sum(sum(t.minerals.values()) for t in game.board.forest.totals.values())
    assert sum(m.count for m in marks if m.kind == "mineral") == lying
    controlled = [root for root, who in game.controllers.items() if who]
    assert kinds["controller"] == len(controlled) > 0
    on_board = [t for t in game.special_tokens.values() if t.cell is not None]
    assert sum(kinds[k] for k in {t.kind for t in on_board}) == len(on_board)
    for mark in marks:  # every mark is on a tile, in one of its face's regions
        assert mark.cell in game.board.cells
        assert mark.region is None or 0 <= mark.region < len(game.board.cells[mark.cell].face.regions)
        assert mark.owner is None or mark.owner in game.scores()


def test_a_controller_is_drawn_where_its_area_is(game):
    for mark in game.board_marks():
        if mark.kind == "controller":
            node = game.board.cells[mark.cell].nodes[mark.region]
            root = game.board.forest.find(node)
            assert game.controllers[root] == mark.owner and game.board.area(root).closed


def test_board_svg_draws_each_mark_in_its_owners_colour_with_a_legend(game):
    root = ET.fromstring(board_svg(game))
    drawn = marks_in(root)
    assert len(drawn) == len([m for m in game.board_marks() if m.cell in game.board.cells])
    red = [g for g in drawn if g.find(SVG + "title").text.startswith("red ")]
    assert red and all(any("owner-red" in (e.get("class") or "") for e in g.iter()) for g in red)
    legend = " ".join(t.text or "" for g in root.iter(SVG + "g") if g.get("class") == "legend" for t in g.iter(SVG + "text"))
    for name in ("red", "blue", "green", "emissary", "controller", "mineral"):
        assert name in legend


def test_a_later_position_draws_more(game):
    early, late = (ET.fromstring(board_svg(replay_to(game, n))) for n in (20, 200))
    assert len(list(late.iter())) > len(list(early.iter()))
    assert len(marks_in(late)) > len(marks_in(early))


def test_unknown_kinds_get_a_stable_shape_the_game_table_leaves_free():
    table = {"emissary": "circle", "station": "square"}
    assert shape_of("emissary", table) == "circle"
    odd = shape_of("wormhole-anchor", table)
    assert odd in SHAPES and odd not in table.values()
    assert shape_of("wormhole-anchor", table) == odd  # stable
    assert shape_of("wormhole-anchor") in SHAPES  # with no table at all


def test_marks_of_any_game_draw_without_the_renderer_knowing_the_game(game):
    """Kinds, owners and labels the renderer never heard of: drawn, titled, never dropped."""
    import drawsvg as draw

    cell = game.board.order[0]
    marks = [Mark(cell, "hyperlane-beacon", "teal"), Mark(cell, "crystal", None, 0, 3, "amber"),
             Mark(cell, "fortress", "red", None), Mark((99, 99, 1), "lost", "red")]  # no tile there: left out
    d = draw.Drawing(100, 100)
    draw_marks(d, game.board, marks, 60)
    root = ET.fromstring(d.as_svg())
    titles = [g.find(SVG + "title").text for g in marks_in(root)]
    assert len(titles) == 3 and "teal hyperlane-beacon" in titles[0] and "×3 (amber)" in titles[1]
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "3" in texts and "H" in texts  # the count, and the initial of a kind with a hashed shape


def test_the_first_tile_alone_draws(game):
    fresh = replay_to(game, 0)
    root = ET.fromstring(board_picture(fresh).as_svg())
    assert root.get("viewBox")


def test_replay_page_is_one_file_with_a_frame_per_decision(game):
    page = replay_html(game)
    assert not re.search(r"""(src|href)=["']https?://""", page)
    assert "<script src" not in page and "<link" not in page
    data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
                      .group(1).replace("<\\/", "</"))
    frames = data["frames"]
    assert len(frames) == len(game.log) + 1
    assert [f["move"] for f in frames[1:]] == game.log
    assert frames[-1]["s"] == game.scores()
    # every score explanation of the game is in some step's events
    notes = [n for f in frames for n in f["notes"]]
    assert all(str(event) in notes for event in game.scores_log)
    # every tile and mark a step names is drawn once in the page's board
    ids = set(re.findall(r'id="([tm]\d+)"', page))
    for frame in frames:
        assert {f"m{n}" for n in frame["m"]} <= ids
        assert {f"t{n}" for n in frame.get("t", [])} <= ids


def test_replay_frames_match_the_game_at_each_step(game):
    frames, _ = replay_frames(game)
    for n in (0, 37, len(game.log)):
        then = replay_to(game, n)
        assert frames[n]["s"] == then.scores()
        assert len(frames[n]["t"]) == len(then.board.cells)
        assert len(frames[n]["m"]) == len(then.board_marks())


def test_replay_page_size_is_sane(game):
    # tiles and marks are drawn once each, so the page is far smaller than a picture per step
    assert len(replay_html(game)) < 5 * len(board_svg(game))


@pytest.fixture(scope="module")
def log_file(game, tmp_path_factory):
    path = tmp_path_factory.mktemp("logs") / "g.log"
    path.write_text(dump(game), encoding="utf-8")
    return path


def test_cli_replay_svg_at(log_file, tmp_path, capsys):
    out = tmp_path / "b.svg"
    assert main(["replay", str(log_file), "--svg", str(out), "--at", "30"]) == 0
    assert "after decision 30" in capsys.readouterr().out
    ET.fromstring(out.read_text())
    assert main(["replay", str(log_file), "--svg", str(out), "--at", "99999"]) == 2
    assert "--at 99999" in capsys.readouterr().err
    assert main(["replay", str(log_file), "--at", "3"]) == 2  # --at alone draws nothing


def test_cli_replay_html_and_unwritable_paths(log_file, tmp_path, capsys):
    out = tmp_path / "g.html"
    assert main(["replay", str(log_file), "--html", str(out)]) == 0
    assert out.read_text().startswith("<!DOCTYPE html>")
    assert main(["replay", str(log_file), "--html", str(tmp_path / "no" / "such" / "g.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--html" in err
