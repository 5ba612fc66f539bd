"""The search bot (trian_script.bots.mcts) and bot specs with budgets (mcts:200, mcts:0.5s)."""
import pytest

from trian_script.bots import BotSpecError, GreedyBot, MCTSBot, RandomBot, bot_factory, make_bot
from trian_script.engine.game import Game
from trian_script.engine.log import dump
from trian_script.engine.ruleset import load_ruleset


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset("new_order")


def test_specs_name_bots_and_budgets():
    assert isinstance(make_bot("greedy", 1), GreedyBot) and isinstance(make_bot("random", 1), RandomBot)
    bot = make_bot("mcts:150", 3)
    assert isinstance(bot, MCTSBot) and (bot.iterations, bot.seconds) == (150, None)
    assert (make_bot("mcts:0.25s", 3).iterations, make_bot("mcts:0.25s", 3).seconds) == (None, 0.25)
    assert make_bot("mcts", 3).iterations == 200


@pytest.mark.parametrize("spec, message", [
    ("mcts:0", "more than 0"), ("mcts:0s", "more than 0"), ("mcts:-3", "more than 0"), ("mcts:nans", "more than 0"),
    ("mcts:fast", "whole number"), ("mcts:1.5", "whole number"), ("greedy:10", "takes no budget"),
    ("alphazero", "unknown bot"),
])
def test_bad_specs_are_refused(spec, message):
    with pytest.raises(BotSpecError, match=message):
        bot_factory(spec)


def _advance(game, decisions, seed=5):
    bots = {p.name: GreedyBot(seed + i) for i, p in enumerate(game.players)}
    for _ in range(decisions):
        game.choose(bots[game.decision.player].choose(game))


def test_searching_leaves_the_game_as_it_was_and_is_repeatable(ruleset):
    game = Game(ruleset, ["red", "blue"], 8, races={"red": "xemh", "blue": "sslyx"})
    _advance(game, 40)
    while len(game.decision.options) < 2:
        _advance(game, 1)
    before, options = dump(game), list(game.decision.options)
    state = (game.rng.getstate(), [list(s) for s in game.stacks], [list(p.tokens) for p in game.players])
    first = MCTSBot(11, iterations=30).choose(game)
    assert dump(game) == before and list(game.decision.options) == options
    assert state == (game.rng.getstate(), [list(s) for s in game.stacks], [list(p.tokens) for p in game.players])
    assert first in options
    assert MCTSBot(11, iterations=30).choose(game) == first  # the bot's own seed decides, nothing else


def test_determinizing_keeps_what_the_bot_sees(ruleset):
    game = Game(ruleset, ["red", "blue"], 3, races={"red": "xemh", "blue": "sslyx"})
    _advance(game, 25)
    me = game.decision.player
    bot = MCTSBot(2, iterations=1)
    seen = 0
    for _ in range(5):
        guess = bot._determinize(game, me)
        assert [s[-1].id for s in guess.stacks if s] == [s[-1].id for s in game.stacks if s]  # tops are seen
        assert [len(s) for s in guess.stacks] == [len(s) for s in game.stacks]
        assert sorted(t.id for s in guess.stacks for t in s) == sorted(t.id for s in game.stacks for t in s)
        assert guess.player(me).tokens == game.player(me).tokens
        assert sorted(guess.token_bag + [t for p in guess.players if p.name != me for t in p.tokens]) == \
            sorted(game.token_bag + [t for p in game.players if p.name != me for t in p.tokens])
        assert [len(p.tokens) for p in guess.players] == [len(p.tokens) for p in game.players]
        seen += [t.id for s in guess.stacks for t in s] != [t.id for s in game.stacks for t in s]
        assert guess.notes == [] and game.notes  # a light copy: the real game keeps its notes
    assert seen  # the hidden order is guessed again


def test_a_search_bot_plays_on_against_greedy(ruleset):
    game = Game(ruleset, ["red", "blue"], 4)
    bots = {"red": make_bot("mcts:8", 1), "blue": make_bot("greedy", 2)}
    for _ in range(60):
        if game.is_over:
            break
        choice = bots[game.decision.player].choose(game)
        assert choice in game.decision.options
        game.choose(choice)
    assert bots["red"].searched > 0 and bots["red"].iterations_run <= 8 * bots["red"].searched


def test_a_time_budget_is_kept(ruleset):
    game = Game(ruleset, ["red", "blue"], 4)
    while len(game.decision.options) < 2:
        _advance(game, 1)
    bot = make_bot("mcts:0.05s", 1)
    assert bot.choose(game) in game.decision.options and bot.iterations_run >= 1


def test_candidates_group_options_that_differ_in_a_colour_or_a_place(ruleset):
    game = Game(ruleset, ["red", "blue"], 5, races={"red": "xemh", "blue": "sslyx"})
    bot = MCTSBot(1, iterations=50)
    seen = 0
    for _ in range(300):
        if game.is_over:
            break
        options, kind = list(game.decision.options), game.decision.kind
        greedy = GreedyBot(3).choose(game)
        candidates = bot._candidates(game, options, greedy)
        assert greedy in candidates and set(candidates) <= set(options)
        if kind == "place":
            assert len(candidates) == min(len(options), bot.width)
        else:
            assert sum(o.startswith("unlock module") for o in candidates) <= 1  # which module: the rules of thumb
            assert all(o == greedy for o in candidates if o.startswith(("buy ", "exchange ")))  # trades lose ¢
            builds = [o for o in options if o.startswith("build ")]
            assert set(builds) <= set(candidates)  # where to build is searched: each station's income is its own
            seen += len(candidates) < len(options)
        game.choose(greedy)
    assert seen


def test_the_reward_counts_what_stations_will_still_mine(ruleset):
    from trian_script.bots.mcts import _mining

    game = Game(ruleset, ["red", "blue"], 2, races={"red": "xemh", "blue": "sslyx"})
    bots = {p.name: GreedyBot(7 + i) for i, p in enumerate(game.players)}
    while not game.is_over:
        mining = {p.name: _mining(game, p.name, [(c, e) for c, e in game.emissaries.items() if e.player == p.name])
                  for p in game.players}
        if any(mining.values()):
            break
        game.choose(bots[game.decision.player].choose(game))
    else:
        pytest.fail("no station in a closed nebula in the whole game")
    forest = game.board.forest
    for name, minerals in mining.items():
        roots = {forest.find(game.board.cells[c].nodes[e.region]) for c, e in game.emissaries.items()
                 if e.player == name and e.station and game.board.cells[c].nodes[e.region] is not None}
        held = sum(sum(forest.totals[r].minerals.values()) for r in roots
                   if forest.totals[r].kind == "nebula" and forest.totals[r].closed)
        assert 0 <= minerals <= held  # never more than the nebulas hold
