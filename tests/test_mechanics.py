"""The shared mechanics on their own: control rules, exchanges, the face-up pool."""
from __future__ import annotations

import random
from collections import Counter

from trian_script import load_ruleset
from trian_script.board import Board
from trian_script.mechanics import control, market
from trian_script.mechanics.tile_laying import Pool, refill, unstick


def test_control_rules():
    assert control.controllers({"red": 2}, "sole") == ["red"]
    assert control.controllers({"red": 2, "blue": 1}, "sole") == []
    assert control.controllers({"red": 2, "blue": 1}, "majority") == ["red"]
    assert control.controllers({"red": 2, "blue": 2, "green": 1}, "majority") == ["blue", "red"]  # ties all control
    assert control.controllers({"red": 1.5, "blue": 1}, "plurality") == ["red"]  # powered-up pieces weigh more
    assert control.controllers({"red": 2, "blue": 2}, "plurality", ties="none") == []
    assert control.controllers({"red": 0}, "majority") == []


def test_exchanges_give_and_take():
    owned, bag = Counter(red=2, blue=1), Counter(red=5, green=1)
    assert list(market.exchanges(owned, 2, 1, bag)) == [  # the given go back first: blue may come out again
        "exchange blue+red for blue", "exchange blue+red for green", "exchange blue+red for red",
        "exchange red+red for green", "exchange red+red for red"]
    assert list(market.exchanges(owned, 1, 2, bag)) == ["exchange blue for red×2", "exchange red for red×2"]
    assert market.exchanges(owned, 0, 1, bag) == {}


def test_a_stuck_pool_is_set_aside_and_returned_or_discarded():
    tiles = list(load_ruleset("beginner").tileset.tiles)
    board = Board(load_ruleset("beginner").tileset)
    board.place(tiles[0], tiles[0].faces[0], board.grid.origin(), 0)
    for rule in ("set_aside_redraw", "discard"):
        pool = Pool(bag=list(tiles[1:20]))
        refill(pool, 4)
        assert len(pool.tiles) == 4 and len(pool.bag) == 15
        assert unstick(pool, board, 4, rule, random.Random(1))
        assert sum(len(x) for x in (pool.tiles, pool.bag, pool.removed)) == 19
    empty = Board(load_ruleset("beginner").tileset)
    empty.frontier.clear()  # nothing fits anywhere: the pool and the bag leave the game
    pool = Pool(bag=list(tiles[1:9]))
    refill(pool, 4)
    assert not unstick(pool, empty, 4, "set_aside_redraw", random.Random(1))
    assert len(pool.removed) == 8 and not pool.tiles and not pool.bag
