"""The game API: whole games, refused choices, determinism, logs and replay, the summary, the CLI.

Rule ids refer to /work/shared/rules/new-order.md.
"""
from __future__ import annotations

import copy
import os
import re
import subprocess
import sys
from collections import Counter
from functools import lru_cache

import pytest

from trian_script import Game, IllegalChoice, load_ruleset
from trian_script.bots import BOTS
from trian_script.cli import main
from trian_script.dsl.diagnostics import DiagnosticError
from trian_script.engine.log import dump, parse, replay
from trian_script.games.new_order.summary import summary

SEATS = ["red", "blue", "green", "yellow", "purple"]
RULESETS = ["beginner", "with-ships"]
RULE_ID = re.compile(r"\(NO-\d+(\.\d+)*\)$")
MAX_DECISIONS = 10_000  # a whole game takes a few hundred; more means the game does not end


@lru_cache(maxsize=None)
def ruleset(name: str):
    return load_ruleset(name)


# -- helpers ------------------------------------------------------------------------------------
def play(game: Game, bots: dict, until=None, limit: int = MAX_DECISIONS) -> Game:
    """Let the bots choose until the game ends (or ``until(game)`` holds); fail on an endless game."""
    for _ in range(limit):
        if game.is_over or (until is not None and until(game)):
            return game
        game.choose(bots[game.decision.player].choose(game))
    pytest.fail(f"no end after {limit} decisions")


def bots_for(game: Game, kind: str = "random", seed: int = 0) -> dict:
    return {p.name: BOTS[kind](seed * 31 + i) for i, p in enumerate(game.players)}


def new_game(rules: str = "beginner", players: int = 2, seed: int = 7) -> Game:
    return Game(ruleset(rules), SEATS[:players], seed)


def played(rules: str = "beginner", players: int = 2, seed: int = 7, bot: str = "random") -> Game:
    game = new_game(rules, players, seed)
    return play(game, bots_for(game, bot, seed))


def advance(predicate, rules="beginner", players=2, seeds=range(40), bot="greedy") -> Game:
    """The first game (over a few seeds) that reaches a state where ``predicate(game)`` holds."""
    for seed in seeds:
        game = new_game(rules, players, seed)
        play(game, bots_for(game, bot, seed), until=predicate)
        if not game.is_over:
            return game
    pytest.fail("no seed reached the wanted state")


def snapshot(game: Game) -> dict:
    """A deep copy of everything a choice could change."""
    board = game.board
    return copy.deepcopy({
        "players": [(p.name, p.credits, dict(p.supply), dict(p.minerals), list(p.tokens)) for p in game.players],
        "bag": dict(game.bag),
        "token_bag": list(game.token_bag),
        "log": list(game.log),
        "notes": list(game.notes),
        "scores_log": [(e.player, e.amount, e.source) for e in game.scores_log],
        "cells": {cell: (p.tile.id, p.face.name, p.rotation, p.nodes) for cell, p in board.cells.items()},
        "frontier": dict(board.frontier),
        "areas": {root: (t.kind, sorted(t.tiles), t.open, t.closed, dict(t.minerals), dict(t.units))
                  for root, t in board.forest.totals.items()},
        "emissaries": emissaries(game),
        "ships": {cell: (s.player, s.kind, s.region) for cell, s in game.ships.items()},
        "stacks": [[t.id for t in stack] for stack in game.stacks],
        "drawn": game.drawn.id if game.drawn else None,
        "phase": game.phase,
        "turn": game.turn,
        "current": game.current.name,
        "decision": game.decision,
        "rng": game.rng.getstate(),
    })


def emissaries(game: Game) -> dict:
    return {cell: (e.player, e.region, e.station) for cell, e in game.emissaries.items()}


def cells(game: Game) -> dict:
    return {cell: (p.tile.id, p.face.name, p.rotation) for cell, p in game.board.cells.items()}


def nebula_minerals(game: Game) -> dict:
    return {tuple(sorted(t.tiles)): dict(+t.minerals) for t in game.board.forest.totals.values() if +t.minerals}


def assert_refused(game: Game, text: str, rule: str | None = None, words: str | None = None) -> IllegalChoice:
    """``text`` raises IllegalChoice naming a rule id (``rule`` if given) and changes nothing."""
    before = snapshot(game)
    with pytest.raises(IllegalChoice) as info:
        game.choose(text)
    message = str(info.value)
    assert RULE_ID.search(message), f"no rule id in {message!r}"
    assert info.value.rule and info.value.rule in message
    if rule is not None:
        assert info.value.rule == rule, message
    if words is not None:
        assert words in message, message
    assert snapshot(game) == before, "a refused choice changed the game"
    return info.value


# -- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_finishes(rules, players):
    """NO-3.2.4: the game ends at the end of the turn in which the last tile is placed; NO-5.3 winners."""
    game = played(rules, players, seed=players * 11)
    assert game.is_over and game.decision is None
    assert sum(len(s) for s in game.stacks) == 0 and game.drawn is None
    assert set(game.scores()) == set(SEATS[:players])
    assert game.scores() == {p.name: p.credits for p in game.players}
    assert game.winners() and set(game.winners()) <= set(SEATS[:players])
    best = max(game.scores().values())
    assert all(game.scores()[w] == best for w in game.winners())
    assert len(game.board.cells) > 40  # most of the 84 tiles are laid (NO-3.2.3 removes a few)
    assert_refused(game, game.log[-1], rule="NO-5")


@pytest.mark.parametrize("rules", RULESETS)
def test_a_greedy_game_finishes_and_the_bot_never_changes_the_game(rules):
    """Bots only read the game (the greedy bot asks the board what a placement would close)."""
    game = new_game(rules, 2, seed=5)
    bots = bots_for(game, "greedy", 5)
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            break
        before = snapshot(game)
        text = bots[game.decision.player].choose(game)
        assert snapshot(game) == before
        assert text in game.decision.options
        game.choose(text)
    assert game.is_over and game.decision is None


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("players", [1, 5])
def test_one_or_five_players_are_refused(rules, players):
    """NO-1.2: components for 2 to 4 players."""
    with pytest.raises(IllegalChoice) as info:
        Game(ruleset(rules), SEATS[:players], seed=1)
    assert info.value.rule == "NO-1.2" and "(NO-1.2)" in str(info.value)


def test_two_seats_of_one_colour_are_refused():
    """NO-2.1: every player takes their own race and components."""
    with pytest.raises(IllegalChoice) as info:
        Game(ruleset("beginner"), ["red", "red"], seed=1)
    assert info.value.rule == "NO-2.1"


@pytest.mark.parametrize("players, units", [(2, (9, 9, 4)), (3, (8, 8, 3)), (4, (7, 7, 2))])
@pytest.mark.parametrize("rules", RULESETS)
def test_setup(rules, players, units):
    """NO-1.2 units per player count, NO-1.3 minerals, NO-1.4 tokens, NO-1.5 10¢ and 1 token, NO-6.1 no ships."""
    game = new_game(rules, players, seed=3)
    ships = (3, 2) if rules == "with-ships" else (0, 0)
    for player in game.players:
        assert player.credits == 10 and len(player.tokens) == 1 and not +player.minerals
        assert [player.supply[k] for k in ("emissaries", "research-stations", "space-stations")] == list(units)
        assert (player.supply["corvettes"], player.supply["rogues"]) == ships
    assert game.bag == Counter(yellow=30, red=30, blue=30, green=30)
    tokens = Counter(game.token_bag) + Counter(t for p in game.players for t in p.tokens)
    assert tokens == Counter(reroll=11, **{"plus-one": 11})
    assert not game.board.cells and game.log == []
    assert game.decision.kind == "extraction" and game.decision.player == game.current.name


def test_option_texts_are_unique_and_choosable():
    """Every option text is unique and survives choose()'s whitespace normalisation."""
    game = new_game("with-ships", 4, seed=2)
    bots = bots_for(game, "random", 2)
    while not game.is_over:
        options = game.decision.options
        assert options and len(set(options)) == len(options)
        assert all(" ".join(o.split()) == o for o in options)
        game.choose(bots[game.decision.player].choose(game))


def test_choose_normalises_whitespace():
    game = new_game()
    game.choose("  end   extraction ")
    assert game.log == ["end extraction"] and game.decision.kind == "draw"


# -- refused choices -----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["extraction", "draw", "place", "exploration"])
def test_nonsense_is_refused_in_every_phase(kind):
    """NO-3: a text that is no option of this phase is refused and the game goes on unchanged."""
    game = advance(lambda g: g.turn >= 3 and g.decision.kind == kind)
    for text in ("fly to the moon", "", "place", "draw 3", "build research-station @(99,99,1)",
                 "expedition emissary @(99,99,1) planet", "take red from @(0,0,1)", "research research"):
        assert_refused(game, text)
    game.choose(game.decision.options[-1])  # still playable


def test_a_placement_on_an_occupied_cell_is_refused():
    """NO-3.2.2: placed tiles never move; a cell holds one tile."""
    game = advance(lambda g: g.turn >= 3 and g.decision.kind == "place")
    occupied = game.board.grid.format_cell(game.board.grid.origin())
    assert game.board.grid.origin() in game.board.cells
    assert_refused(game, f"place {game.drawn.id} a @{occupied} r0", "NO-3.2.2", "already holds a tile")


def test_a_placement_away_from_the_tiles_is_refused():
    """NO-3.2.2: the tile must share at least one edge with a placed tile."""
    game = advance(lambda g: g.turn >= 3 and g.decision.kind == "place")
    assert_refused(game, f"place {game.drawn.id} b @(20,-30,11) r1", "NO-3.2.2", "shares no edge")


def test_a_placement_whose_edges_do_not_match_is_refused():
    """NO-3.2.2: every shared edge must match."""
    for seed in range(40):
        game = advance(lambda g: g.turn >= 3 and g.decision.kind == "place", seeds=[seed])
        fmt = game.board.grid.format_cell
        legal = set(game.decision.options)
        wrong = [f"place {game.drawn.id} {face} @{fmt(cell)} r{r}" for cell in game.board.frontier
                 for face in "ab" for r in range(3)]
        wrong = [text for text in wrong if text not in legal]
        if wrong:
            assert_refused(game, wrong[0], "NO-3.2.2", "does not match")
            assert_refused(game, wrong[0].rsplit(" ", 1)[0] + " r7", "NO-3.2.2")
            return
    pytest.fail("every placement fitted in every game")


def test_placing_another_tile_than_the_drawn_one_is_refused():
    """NO-3.2.1: the player places the tile they drew."""
    game = advance(lambda g: g.turn >= 3 and g.decision.kind == "place")
    legal = game.decision.options[0]
    other = next(t.id for t in game.ruleset.tileset.tiles if t.id != game.drawn.id)
    assert_refused(game, legal.replace(game.drawn.id, other), "NO-3.2.1")
    assert_refused(game, f"place {game.drawn.id} c @(0,0,1) r0")  # unreadable face letter


def test_buying_a_mineral_without_the_credits_is_refused():
    """NO-3.1.1: a mineral costs 6¢; 10¢ buy one, not two."""
    game = new_game()
    game.choose("buy mineral red")
    me = game.current
    assert me.credits == 4 and me.minerals == Counter(red=1) and game.bag["red"] == 29
    assert "buy mineral red" not in game.decision.options
    assert_refused(game, "buy mineral blue", "NO-3.1.1", "costs 6¢")
    game.choose("buy token")  # 4¢ still buy a combat token
    assert me.credits == 0 and len(me.tokens) == 2


def test_trading_outside_phase_1_is_refused():
    """NO-3: trade happens in phase 1, a skipped phase cannot be returned to."""
    game = new_game()
    game.choose("end extraction")
    assert_refused(game, "exchange red+red for blue", "NO-3")
    assert_refused(game, "end extraction", "NO-3")


def test_gaining_minerals_twice_in_a_turn_is_refused():
    """NO-3.1.3: minerals are gained once per turn, from closed nebulas one controls."""
    game = advance(lambda g: "gain minerals" in g.decision.options)
    me = game.current
    held = sum(me.minerals.values())
    game.choose("gain minerals")
    while game.decision.kind == "gain":
        assert game.decision.player == me.name
        assert all(o.startswith("take ") for o in game.decision.options)
        game.choose(game.decision.options[0])
    assert game.decision.kind == "extraction" and game.current is me
    assert 1 <= sum(me.minerals.values()) - held
    assert "gain minerals" not in game.decision.options
    assert_refused(game, "gain minerals", "NO-3.1.3", "once per turn")


def test_a_second_action_in_phase_3_is_impossible():
    """NO-3.3: one phase-3 action, then the turn passes to the next player."""
    game = advance(lambda g: g.turn >= 2 and g.decision.kind == "exploration" and "research" in g.decision.options)
    me, turn = game.current.name, game.turn
    game.choose("research")
    assert game.turn == turn + 1 and game.decision.player != me and game.decision.kind == "extraction"


def _shared_closed_areas(game: Game) -> list:
    out = []
    for root, totals in game.board.forest.totals.items():
        if totals.closed and totals.kind in ("nebula", "system"):
            present = {player for player, _ in game.units_in(game.board.area(root))}
            if len(present) > 1:
                out.append((totals.kind, sorted(totals.tiles), present))
    return out


def test_an_emissary_sent_after_the_events_into_an_enemy_area_is_fought_over():
    """NO-4.6, NO-4.7: a closed area is controlled by one player; emissaries of two players there fight.

    The active player settles the closing first ('resolve events'), then sends an emissary into the
    area just scored for another player: the two may not share it.
    """
    def ready(game):
        decision = game.decision
        if decision.kind != "exploration" or "resolve events" not in decision.options:
            return False
        if not any(o.startswith("expedition emissary") for o in decision.options):
            return False
        me = game.current.name
        return any(area.kind in ("nebula", "system") and any(p != me for p, _ in game.units_in(game.board.area(area.id)))
                   for area in game.pending_closed)

    game = advance(ready, players=3, seeds=range(200), bot="random")
    game.choose("resolve events")
    sent = [o for o in game.decision.options if o.startswith("expedition emissary")]
    if not sent:
        pytest.skip("settling the events left no expedition")
    battles = game.battles
    game.choose(sent[0])
    bots = bots_for(game, "random", 1)
    play(game, bots, until=lambda g: g.decision.kind != "battle")
    assert game.battles > battles or not _shared_closed_areas(game)
    assert not _shared_closed_areas(game)


def _system_with_two_free_planets(game: Game):
    """(area, [(cell, planet region, space region)…]) of a closed, empty planetary system."""
    board = game.board
    for root, totals in board.forest.totals.items():
        if totals.kind != "system" or not totals.closed:
            continue
        spots = []
        for cell in sorted(totals.tiles):
            regions = board.cells[cell].face.regions
            planet = [i for i, r in enumerate(regions) if "emissary" in r.holds and board.cells[cell].nodes[i] is not None
                      and board.forest.find(board.cells[cell].nodes[i]) == root]
            space = [i for i, r in enumerate(regions) if "ship" in r.holds]
            if planet and space and cell not in game.emissaries and cell not in game.ships:
                spots.append((cell, planet[0], space[0]))
        if len(spots) >= 2 and not any(c in game.emissaries for c in totals.tiles):
            return board.area(root), spots
    return None


def test_a_blocked_research_station_still_fills_its_planetary_system():
    """NO-3.3.3: at most ONE research station in a whole planetary system; NO-4.8 blocking stops an
    emissary and its planet from counting, not the station from standing there.

    Found by test_game_properties (seed 5380034, 3 players, with-ships): a Corvette blocked one
    research station, the owner built a second one in the same system, the Corvette left, and the
    system held two research stations.
    """
    game = advance(lambda g: g.decision.kind == "exploration" and _system_with_two_free_planets(g) is not None,
                   rules="with-ships", players=2, bot="greedy")
    area, spots = _system_with_two_free_planets(game)
    me = game.current
    enemy = next(p for p in game.players if p is not me)
    (a, a_planet, a_space), (b, b_planet, _) = spots[:2]
    fmt = game.board.grid.format_cell
    game.put_emissary(me, a, a_planet)
    game.put_emissary(me, b, b_planet)
    game._decision = None  # the state was changed by hand: ask the rules again
    assert game.controller(area) == me.name
    assert f"build research-station @{fmt(b)}" in game.decision.options
    game.emissaries[a].station = "research-station"
    me.supply["research-stations"] -= 1
    game._decision = None
    assert f"build research-station @{fmt(b)}" not in game.decision.options  # the system has one
    game.put_ship(enemy, a, "corvette", a_space)  # an enemy Corvette blocks the station's emissary
    game._decision = None
    assert game.is_blocked(a) and game.controller(area) == me.name
    assert f"build research-station @{fmt(b)}" not in game.decision.options
    assert_refused(game, f"build research-station @{fmt(b)}", "NO-3.3.3")


def test_the_game_over_refuses_everything():
    """NO-5: nothing is chosen after the end."""
    game = played()
    assert_refused(game, "end extraction", "NO-5")


# -- determinism and replay ----------------------------------------------------------------------
def test_the_same_seed_and_choices_give_the_same_game():
    """All randomness comes from the seed: a fresh ruleset and a used one give the identical game."""
    first = played("with-ships", 3, seed=21)
    again = Game(load_ruleset("with-ships"), SEATS[:3], 21)
    for text in first.log:
        again.choose(text)
    assert snapshot(again) == snapshot(first)
    assert again.scores() == first.scores() and again.winners() == first.winners()


def test_the_same_seed_and_bots_give_the_same_game():
    assert snapshot(played("beginner", 4, seed=8, bot="greedy")) == snapshot(played("beginner", 4, seed=8, bot="greedy"))


def test_different_seeds_give_different_games():
    games = [new_game("beginner", 3, seed) for seed in range(1, 6)]
    assert len({tuple(t.id for t in g.stacks[0]) for g in games}) == 5  # NO-2.2 shuffled tiles
    logs = {tuple(played("beginner", 3, seed).log) for seed in (1, 2, 3)}
    assert len(logs) == 3


@pytest.mark.parametrize("rules, players, bot", [("beginner", 2, "greedy"), ("beginner", 4, "random"),
                                                  ("with-ships", 3, "random"), ("with-ships", 4, "greedy")])
def test_a_dumped_log_replays_to_the_identical_game(tmp_path, rules, players, bot):
    game = played(rules, players, seed=13, bot=bot)
    path = tmp_path / "game.log"
    path.write_text(dump(game), encoding="utf-8")
    again = replay(path)
    assert again.is_over
    assert again.scores() == game.scores() and again.winners() == game.winners()
    assert again.log == game.log
    assert again.bag == game.bag
    assert emissaries(again) == emissaries(game)
    assert cells(again) == cells(game)
    assert nebula_minerals(again) == nebula_minerals(game)
    assert snapshot(again) == snapshot(game)
    assert summary(again) == summary(game)


def test_a_log_file_names_ruleset_seats_seed_and_one_move_per_line():
    game = played("with-ships", 3, seed=4)
    text = dump(game)
    log = parse(text, "game.log")
    assert (log.ruleset, log.ruleset_hash, log.seats, log.seed) == ("with-ships", game.ruleset.hash, SEATS[:3], 4)
    lines = text.split("\n")
    assert [move for _, move in log.moves] == game.log
    assert all(lines[number - 1] == move for number, move in log.moves)


def test_a_partial_log_replays_to_the_same_point(tmp_path):
    """Saving is writing the log: a game saved in the middle goes on from the same state."""
    game = advance(lambda g: g.turn >= 9, rules="with-ships", players=3, bot="random")
    path = tmp_path / "half.log"
    path.write_text(dump(game), encoding="utf-8")
    assert snapshot(replay(path)) == snapshot(game)


def test_a_refused_move_in_a_log_is_reported_at_its_line(tmp_path):
    game = played()
    lines = dump(game).split("\n")
    number = lines.index("---") + 12  # the 12th move
    lines[number - 1] = "buy mineral purple"
    path = tmp_path / "edited.log"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(DiagnosticError) as info:
        replay(path)
    assert f"{path}:{number}:" in str(info.value) and "TS402" in str(info.value)


# -- summary and CLI ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_the_summary_names_every_player_with_their_credits(players):
    game = played("beginner", players, seed=17)
    text = summary(game)
    assert f"seed 17, {game.turn} turns, {len(game.log)} decisions" in text.splitlines()[0]
    for player in game.players:
        line = re.search(rf"^\s+{player.name}(?: \(\S+\))?\s+(-?\d+)¢.*$", text, re.M)
        assert line and int(line.group(1)) == player.credits
        assert ("← winner" in line.group(0)) == (player.name in game.winners())
    # credits by source add up to the credits (NO-1.5: everyone starts with 10¢)
    for player in game.players:
        total = 10 + sum(e.amount for e in game.scores_log if e.player == player.name)
        assert total == player.credits


def _summary_part(out: str) -> str:
    return "\n".join(line for line in out.splitlines() if not line.startswith("log written to"))


def test_cli_play_and_replay_print_the_same_summary(tmp_path, capsys):
    path = tmp_path / "game.log"
    assert main(["play", "--players", "3", "--seed", "4", "--log", str(path)]) == 0
    played_out = capsys.readouterr().out
    assert f"log written to {path}" in played_out
    assert main(["replay", str(path)]) == 0
    replayed_out = capsys.readouterr().out
    assert _summary_part(played_out) == replayed_out.rstrip("\n")
    for seat in SEATS[:3]:
        assert re.search(rf"^\s+{seat}(?: \(\S+\))?\s+\d+¢", replayed_out, re.M)


@pytest.mark.parametrize("players", ["1", "5"])
def test_cli_play_refuses_1_or_5_players(capsys, players):
    assert main(["play", "--players", players, "--seed", "1"]) == 2
    assert "NO-1.2" in capsys.readouterr().err


def test_cli_replay_of_an_edited_log_exits_1_with_the_line_and_no_traceback(tmp_path, capsys):
    path = tmp_path / "game.log"
    assert main(["play", "--players", "2", "--seed", "3", "--log", str(path), "--bot", "random"]) == 0
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").split("\n")
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("place ") and i > 20)
    lines[number - 1] = re.sub(r"@\([-\d,]+\)", "@(40,-40,1)", lines[number - 1])  # far from every tile
    path.write_text("\n".join(lines), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{path}:{number}:" in captured.err and "TS402" in captured.err and "NO-3.2.2" in captured.err
    assert "Traceback" not in captured.err
    # the same as a user runs it
    run = subprocess.run([sys.executable, "-m", "trian_script.cli", "replay", str(path)],
                         capture_output=True, text=True)
    assert run.returncode == 1 and "Traceback" not in run.stderr and f":{number}:" in run.stderr


@pytest.mark.parametrize("old, new, words", [
    ("seed: 3", "seed: three", "the seed is a whole number"),
    ("seed: 3", "seed: --3", "TS401"),
    ("seats: red blue", "seats: red", "NO-1.2"),
    ("seats: red blue", "seats: red red", "NO-2.1"),
    ("seats: red blue", "seats:", "NO-1.2"),
])
def test_cli_replay_of_a_log_with_a_broken_header_exits_1_with_the_line(tmp_path, capsys, old, new, words):
    """A user mistake in a log's header is a diagnostic at its line, never a traceback."""
    path = tmp_path / "game.log"
    assert main(["play", "--players", "2", "--seed", "3", "--log", str(path)]) == 0
    capsys.readouterr()
    lines = path.read_text(encoding="utf-8").split("\n")
    number = lines.index(old) + 1
    lines[number - 1] = new
    path.write_text("\n".join(lines), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and words in captured.err and f"{path}:{number}:" in captured.err


def test_a_game_does_not_depend_on_the_hash_seed(tmp_path):
    """A log replays on another machine: nothing iterates a set of strings in a rule."""
    outs = []
    for hash_seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        run = subprocess.run([sys.executable, "-m", "trian_script.cli", "play", "--players", "4", "--seed", "6",
                              "--ruleset", "with-ships", "--bot", "random", "--log", str(tmp_path / f"{hash_seed}.log")],
                             capture_output=True, text=True, env=env)
        assert run.returncode == 0, run.stderr
        outs.append((tmp_path / f"{hash_seed}.log").read_text())
    assert outs[0] == outs[1]
