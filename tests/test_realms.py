"""Galactic Realms beyond its scenario files: bad tile lines, the placement caches, pieces with
weights, whole games that replay exactly."""
from __future__ import annotations

import pytest

from trian_script import Game, load_ruleset
from trian_script.board.sides import parse_place, turned
from trian_script.bots import GreedyBot, RandomBot
from trian_script.dsl.loader import load
from trian_script.engine.log import dump, parse

TILESET = """tileset bad "Bad" {
  grid = hex
  mark = supernova
  feature lane      letter: l  forms: lane    holds: starship
  feature system    letter: s  forms: system  holds: starship  joined
  feature empty     letter: e
  feature junction  letter: j  centre
  property supernova  on: system
  sides B01 = LELELE/J  start
  %s
}
"""


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset("galactic_realms")


@pytest.mark.parametrize("line, message", [
    ("sides B02 = LEEEEE", "ends in empty space"),
    ("sides B02 = LELEE", "has 5 sides"),
    ("sides B02 = LELELE/J  start", "second start tile"),
    ("sides B02 = LEELEE+1*", "lies in a system"),
    ("sides B02 = LEELXE", "unknown side letter"),
    ("sides B02 = LEELEE/S", "is not a centre"),
])
def test_bad_tile_lines_are_diagnostics_at_their_place(tmp_path, line, message):
    path = tmp_path / "bad.trian"
    path.write_text(TILESET % line)
    rendered = load([path]).report.render()
    assert message in rendered and "bad.trian:10:" in rendered and "help" in rendered


def test_a_tile_written_as_it_lies_is_read_as_its_face(ruleset):
    faces = [t.faces[0] for t in ruleset.tileset.tiles if t.faces[0].notation == "SEEEEE"][:1]
    assert turned("SEEEEE", 2) == "EESEEE" and turned("SEEEEE+1*", 1) == "ESEEEE+1*"
    assert parse_place("place EESEEE @(0,1) r0", faces) == ("SEEEEE", (0, 1), 2)
    assert parse_place("place SEEEEE @(0,1) r5", faces) == ("SEEEEE", (0, 1), 5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_placement_caches_list_exactly_the_legal_placements(ruleset, players):
    for seed in range(4):
        game, bot = Game(ruleset, ["red", "blue", "green", "yellow"][:players], seed), RandomBot(seed)
        while not game.is_over:
            if game.phase == "place":
                faces = game.placing.faces(game.pool.tiles)
                full = {(faces[i].notation, cell, r) for i, cell, r in game.board.placements_of(faces)}
                listed = list(game.decision.structured)
                assert {o.args for o in listed} == full and len(listed) == len(full)
            game.choose(bot.choose(game))


def test_pieces_in_merged_areas_keep_their_weights(ruleset):
    game = Game(ruleset, ["red", "blue"], 1)
    board, ships = game.board, game.ships
    start = board.cells[(0, 0)]
    lane = next(i for i, r in enumerate(start.face.regions) if r.kind == "lane")
    piece = ships.put("red", (0, 0), lane)
    assert not ships.free((0, 0), lane)
    ships.put_under(piece)
    totals = board.forest.of(start.nodes[lane])
    assert totals.units[("red", "weight")] == ruleset.value("powered_weight")
    assert ships.strength(ships.on_area(start.nodes[lane])) == {"red": 2}
    assert ships.remove(piece) == 1 and ships.free((0, 0), lane)


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_a_whole_game_replays_to_the_same_state(ruleset, bot):
    game = Game(ruleset, ["red", "blue", "green"], 11)
    players = {p.name: bot(i) for i, p in enumerate(game.players)}
    while not game.is_over:
        game.choose(players[game.decision.player].choose(game))
    log = parse(dump(game), "game.log")
    again = Game(ruleset, log.seats, log.seed)
    for _, move in log.moves:
        again.choose(move)
    assert again.is_over and again.scores() == game.scores() and again.summary() == game.summary()
    assert sum(p.points for p in game.players) > 0
    assert len(game.board.cells) + len(game.pool.removed) == len(ruleset.tileset.tiles)


def test_an_illegal_choice_names_its_rule_and_changes_nothing(ruleset):
    from trian_script.engine.game import IllegalChoice

    game = Game(ruleset, ["red", "blue"], 2)
    before = (list(game.log), [t.id for t in game.pool.tiles], dict(game.board.frontier))
    with pytest.raises(IllegalChoice) as refused:
        game.choose(f"place {game.pool.tiles[0].faces[0].notation} @(0,0) r0")
    assert refused.value.rule == "GR-4.4"
    assert (list(game.log), [t.id for t in game.pool.tiles], dict(game.board.frontier)) == before
