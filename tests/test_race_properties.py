"""Invariants over whole games with the eight races (Hypothesis): skills and plugins never create
or lose minerals or combat tokens, never drive credits below zero, never leave a unit where it may
not stand, and a game with races replays exactly from its log."""
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_game_properties import (MAX_DECISIONS, SEATS, board_state, check_credits, check_minerals,
                                  check_ship_moves, check_tokens)

from trian_script import Game
from trian_script.bots import BOTS
from trian_script.engine.log import dump, replay
from trian_script.engine.ruleset import load_ruleset

RULESET = load_ruleset("new_order")


def check_special_tokens(game: Game) -> None:
    """NO-1.6: a special token is in its owner's supply or on one placed tile, never below zero."""
    for token in game.special_tokens.values():
        assert token.cell is None or token.cell in game.board.cells, token
    for owned in game.skills.owned.values():
        assert min(owned.special.values(), default=0) >= 0


def check_places(game: Game) -> None:
    for cell, emissary in game.emissaries.items():
        assert "emissary" in game.board.cells[cell].face.regions[emissary.region].holds
    for cell, ship in game.ships.items():
        assert "ship" in game.board.cells[cell].face.regions[ship.region].holds


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4),
       mix=st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4))
def test_games_with_races_keep_the_invariants_and_replay(seed, players, mix):
    game = Game(RULESET, SEATS[:players], seed)
    assert len(set(game.races.values())) == players  # NO-2.1: every player a race of their own
    bots = {name: BOTS[mix[i]](seed + i) for i, name in enumerate(SEATS[:players])}
    start_credits = RULESET.value("start.credits")
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            break
        text = bots[game.decision.player].choose(game)
        assert text in game.decision.options
        game.choose(text)
        check_minerals(game)
        check_tokens(game)
        check_credits(game, start_credits)
        check_special_tokens(game)
        check_places(game)
        check_ship_moves(game)
    assert game.is_over, "the game did not end"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.log"
        path.write_text(dump(game), encoding="utf-8")
        again = replay(path)
    assert again.scores() == game.scores() and again.races == game.races
    assert board_state(again) == board_state(game)
    assert [(t.kind, t.owner, t.cell) for t in again.special_tokens.values()] == \
        [(t.kind, t.owner, t.cell) for t in game.special_tokens.values()]
