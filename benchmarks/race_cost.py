"""What races cost: CPU time per decision of 4-player New Order games with a race on every seat,
against the same seeds with the same rules and no races (the with-ships variant), and per race.

    .venv/bin/python benchmarks/race_cost.py --seeds 12

Random choices from the public API, each game fixed by its seed. Nothing is asserted: the issue's
target is a ratio of at most 1.3 (../shared/checks/S2-race-cost checks it with 6 seeds × 3 rounds).
"""
from __future__ import annotations

import argparse
import random
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
    args = parser.parse_args(argv)
    seeds = range(args.seeds)
    races, plain = load_ruleset("new_order"), load_ruleset("with-ships")
    base = cpu_per_decision(plain, None, seeds)
    print(f"{'table':<42} {'us/decision':>11} {'ratio':>6}")
    print(f"{'no races (with-ships)':<42} {1e6 * base:>11.0f} {1.0:>6.2f}")
    ratios = []
    for table in TABLES:
        cost = cpu_per_decision(races, dict(zip(SEATS, table)), seeds)
        ratios.append(cost / base)
        print(f"{', '.join(table):<42} {1e6 * cost:>11.0f} {cost / base:>6.2f}")
    print(f"{'mean of the tables':<42} {'':>11} {sum(ratios) / len(ratios):>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
