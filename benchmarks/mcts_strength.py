"""How strong the MCTS bot is and what it costs: its win rate against greedy in 2-player New Order
games (seats and the first player rotated, races drawn) and the decisions it makes per second.

    python benchmarks/mcts_strength.py --games 20 --budget 100 --seed 1

Game i uses seed SEED+i; in odd games the search bot sits in the second seat. Prints one row per
game, then: wins (shared victories count 1/k), the win rate with its 95% Wilson interval, seconds
per game (and the CPU seconds, which other jobs on the machine do not inflate), the search bot's
decisions per second (all its decisions, and those it searched) and
rollouts per searched decision.
"""
from __future__ import annotations

import argparse
import time

from trian_script.balance import wilson
from trian_script.bots import make_bot
from trian_script.engine.game import Game
from trian_script.engine.ruleset import load_ruleset


def play(ruleset, seed: int, budget: str, search_first: bool, races) -> tuple[float, dict]:
    colours = ["red", "blue"]
    game = Game(ruleset, colours, seed, races=races)
    search = make_bot(budget, seed * 31)
    greedy = make_bot("greedy", seed * 31 + 1)
    who = dict(zip(colours, (search, greedy) if search_first else (greedy, search)))
    me = colours[0] if search_first else colours[1]
    spent, mine = 0.0, 0
    cpu = time.process_time()
    while not game.is_over:
        bot = who[game.decision.player]
        start = time.perf_counter()
        choice = bot.choose(game)
        if bot is search:
            spent += time.perf_counter() - start
            mine += 1
        game.choose(choice)
    winners = game.winners()
    share = 1 / len(winners) if me in winners else 0.0
    return share, {"seconds": spent, "cpu": time.process_time() - cpu, "decisions": mine,
                   "searched": search.searched,
                   "iterations": search.iterations_run, "scores": game.scores(), "me": me}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", default="100", help="rollouts per decision (12) or seconds (0.5s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--races", default=None, help="RACE,RACE for the two seats (default: drawn)")
    args = parser.parse_args()
    ruleset = load_ruleset("new_order")
    wins = seconds = cpu = 0.0
    decisions = searched = iterations = 0
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        races = dict(zip(["red", "blue"], args.races.split(","))) if args.races else None
        won, info = play(ruleset, seed, f"mcts:{args.budget}", i % 2 == 0, races)
        wins += won
        seconds += info["seconds"]
        cpu += info["cpu"]
        decisions += info["decisions"]
        searched += info["searched"]
        iterations += info["iterations"]
        print(f"seed {seed:4d}  mcts {info['me']:4s}  scores {info['scores']}  mcts won {won:g}  "
              f"{info['seconds']:.1f} s ({info['cpu']:.1f} CPU s for the game)", flush=True)
    low, high = wilson(wins, args.games)
    elapsed = time.perf_counter() - started
    print(f"mcts:{args.budget} vs greedy: {wins:g}/{args.games} wins = {100 * wins / args.games:.1f}% "
          f"(95% CI {100 * low:.1f}%..{100 * high:.1f}%)")
    print(f"{elapsed / args.games:.1f} s per game ({cpu / args.games:.1f} CPU s: a game on a free core); "
          f"mcts: {decisions / seconds:.1f} decisions/s "
          f"({searched / seconds:.1f} searched/s, {iterations / max(1, searched):.0f} rollouts per searched "
          f"decision)")


if __name__ == "__main__":
    main()
