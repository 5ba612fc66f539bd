"""How a study scales with worker processes, and how much memory a worker takes.

    python benchmarks/study_speed.py --games 200 --bot random --workers 1 2

Plays the same study (seeds SEED..SEED+N-1, the races rotated around the table) once per worker
count, each in a fresh process (so the peak memory of its workers is its own), and prints games/s,
the speedup over the first worker count, and the peak resident memory of the largest worker
(``ru_maxrss`` of the children: the workers' own peak, the ruleset loaded once in each). With one
worker the games run in a child process too, so the figures compare.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys

CHILD = r"""
import json, resource, sys, time
from concurrent.futures import ProcessPoolExecutor
from trian_script.balance import Seat, _init_worker, _play_tables, simulate
from trian_script.engine.game import COLOURS
from trian_script.engine.ruleset import load_ruleset
from trian_script.lab.designs import tables
games, seed, bot, seats, workers = json.loads(sys.argv[1])
ruleset = load_ruleset("new_order")
plan = tables("rotate", [Seat(c, race, bot) for c, race in zip(COLOURS, seats)], list(COLOURS),
              list(range(seed, seed + games)))
start = time.perf_counter()
if workers > 1:
    results = simulate(ruleset, plan, workers=workers)
else:  # one worker process, as simulate would start more of (simulate plays in this process itself)
    with ProcessPoolExecutor(1, initializer=_init_worker, initargs=("new_order", [])) as pool:
        results = pool.submit(_play_tables, plan, ruleset.hash).result()
elapsed = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps({"games": len(results), "seconds": elapsed, "peak_mb": peak}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--seats", default="xemh,sslyx")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    base = None
    print(f"{'workers':>7} {'games':>6} {'seconds':>8} {'games/s':>8} {'speedup':>8} {'worker MB':>10}")
    for workers in args.workers:
        spec = json.dumps([args.games, args.seed, args.bot, args.seats.split(","), workers])
        out = subprocess.run([sys.executable, "-c", CHILD, spec], capture_output=True, text=True, check=True)
        row = json.loads(out.stdout.strip().splitlines()[-1])
        rate = row["games"] / row["seconds"]
        base = base or rate
        print(f"{workers:>7} {row['games']:>6} {row['seconds']:>8.1f} {rate:>8.2f} {rate / base:>7.2f}x "
              f"{row['peak_mb']:>10.1f}")


if __name__ == "__main__":
    main()
