"""What races cost: CPU time per decision of 4-player New Order games with a race on every seat,
against the same seeds with the same rules and no races (the with-ships variant), and per race.

    .venv/bin/python benchmarks/race_cost.py --seeds 12 --rounds 3

Random choices from the public API, each game fixed by its seed. Each round measures every side
once, in turn; the medians of the rounds are printed, and the ratio of each round beside them.
Nothing is asserted: the issue's target is a ratio of at most 1.3 (../shared/checks/S2-race-cost
checks it with 6 seeds × 3 rounds).
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

try:
    import trian_script  # noqa: F401
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trian_script import Game, load_ruleset

SEATS = ["red", "blue", "green", "yellow"]
TABLES = (("xemh", "sslyx", "arvori", "volkharnian"), ("khaarquar", "maephos", "quuylto", "borf-naree"))


def cpu_per_decision(ruleset, races, seeds) -> float:
    spent = decisions = 0
    for seed in seeds:
        gc.collect()  # the garbage of the games before is not collected during this one's decisions
        game = Game(ruleset, SEATS, seed, races=races) if races else Game(ruleset, SEATS, seed)
        pick = random.Random(seed)
        start = time.process_time()
        while not game.is_over:
            options = game.decision.options
            game.choose(options[pick.randrange(len(options))])
            decisions += 1
        spent += time.process_time() - start
    return spent / decisions


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=12, help="games per table (seeds 0, 1, …)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds, each measuring every side once in turn; the medians are printed (default 3)")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.rounds < 1:
        parser.error("--seeds and --rounds must be at least 1")
    seeds = range(args.seeds)
    races, plain = load_ruleset("new_order"), load_ruleset("with-ships")
    # a shared machine's speed drifts by several per cent within a minute: every round measures
    # each side once, in turn, and the medians of the rounds are compared
    rounds = [[cpu_per_decision(plain, None, seeds)]
              + [cpu_per_decision(races, dict(zip(SEATS, table)), seeds) for table in TABLES]
              for _ in range(args.rounds)]
    base, *costs = (statistics.median(side) for side in zip(*rounds))
    print(f"{'table':<42} {'us/decision':>11} {'ratio':>6}")
    print(f"{'no races (with-ships)':<42} {1e6 * base:>11.0f} {1.0:>6.2f}")
    for table, cost in zip(TABLES, costs):
        print(f"{', '.join(table):<42} {1e6 * cost:>11.0f} {cost / base:>6.2f}")
    ratios = [sum(r[1:]) / len(TABLES) / r[0] for r in rounds]
    print(f"{'mean of the tables':<42} {'':>11} {sum(costs) / len(costs) / base:>6.2f}"
          + (f"   (rounds: {', '.join(f'{r:.2f}' for r in ratios)})" if len(ratios) > 1 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
