"""The kernel beyond one player at a time, shown with a test-only game (tests/toy_games/sealed_bids.py):
simultaneous secret choices, out-of-turn reactions, and rounds played until all have passed; each
played through the public API, logged and replayed, copied and undone."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from trian_script import Game, IllegalChoice, load_ruleset
from trian_script.engine.log import dump, replay
from trian_script.games import register_game

from toy_games.sealed_bids import SealedBids

HERE = Path(__file__).parent / "toy_games"
register_game("sealed_bids", SealedBids)


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset("sealed_bids", [HERE / "sealed_bids.trian"])


def play(game, rnd):
    while not game.is_over:
        options = game.decision.options
        game.choose(options[rnd.randrange(len(options))])


def test_a_ruleset_names_its_game(ruleset):
    game = Game(ruleset, ["red", "blue", "green"], 1)
    assert type(game) is SealedBids and game.phase == "collect"


def test_passing_round_skips_who_passed_until_all_passed(ruleset):
    game = Game(ruleset, ["red", "blue", "green"], 1)
    game.choose("pass")                       # red is out of the round
    game.choose("take coin")                  # blue
    game.choose("take coin")                  # green
    assert game.current.name == "blue"        # red is skipped
    game.choose("pass")
    game.choose("pass")                       # green: all have passed
    assert game.decision.kind == "bids" and set(game.decision.players) == {"red", "blue", "green"}


def test_secret_bids_in_any_order_then_reactions(ruleset, tmp_path):
    game = Game(ruleset, ["red", "blue", "green"], 1)
    for text in ("take coin", "take coin", "take coin", "pass", "pass", "pass"):
        game.choose(text)
    assert game.decision.options == ("bid 0", "bid 1")  # red's own options: red has 1 coin
    game.choose("bid 1", player="green")
    game.choose("blue: bid 1")                # the log's form
    assert game.decision.players == ("red",)  # who has not bid yet; nothing is revealed
    assert not any("bids:" in note for note in game.notes)
    with pytest.raises(IllegalChoice, match="blue is not deciding now, only red"):
        game.choose("bid 0", player="blue")  # blue has bid already
    game.choose("bid 0")                      # red; bids 1, 1, 0: no unique bid above 0
    assert game.scores() == {"red": 0, "blue": 0, "green": 0} and game.phase == "collect"
    assert game.log[-3:] == ["green: bid 1", "blue: bid 1", "red: bid 0"]
    for text in ("take coin", "pass", "pass", "pass"):  # round 2 starts with blue
        game.choose(text)
    game.choose("bid 2", player="blue")      # blue bids 2 of its 2 coins: the highest unique bid
    game.choose("bid 1", player="red")
    game.choose("bid 0", player="green")
    assert game.scores()["blue"] == 1
    assert game.decision.player == "green" and game.decision.options == ("protest", "accept")  # out of turn
    game.choose("protest")
    assert game.scores()["blue"] == 0 and game.decision.player == "red"
    assert game.decision.options == ("accept",)  # the point is already taken back
    path = tmp_path / "bids.log"
    path.write_text(dump(game))
    again = replay(path, [HERE / "sealed_bids.trian"])
    assert dump(again) == dump(game) and again.scores() == game.scores()


@pytest.mark.parametrize("seed", range(6))
def test_whole_games_replay_copy_and_undo(ruleset, tmp_path, seed):
    game = Game(ruleset, ["red", "blue", "green", "yellow"][: 2 + seed % 3], seed)
    rnd = random.Random(seed)
    for _ in range(rnd.randrange(5, 25)):
        if game.is_over:
            break
        options = game.decision.options
        game.choose(options[rnd.randrange(len(options))])
    copied, before = game.copy(), dump(game)
    if not game.is_over:
        game.choose(game.decision.options[0])
        game.undo()
    assert dump(game) == before
    play(game, random.Random(seed + 1))
    play(copied, random.Random(seed + 1))
    assert dump(game) == dump(copied) and game.is_over and game.winners()
    path = tmp_path / "game.log"
    path.write_text(dump(game))
    assert dump(replay(path, [HERE / "sealed_bids.trian"])) == dump(game)
