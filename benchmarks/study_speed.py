"""How a study scales with worker processes, and how much memory a worker takes.

    python benchmarks/study_speed.py --games 200 --bot random --workers 1 2 --rounds 3

Plays the same study (seeds SEED..SEED+N-1, the races rotated around the table) once per worker
count, each in a fresh process (so the peak memory of its workers is its own), and prints games/s,
the speedup over the first worker count, and the peak resident memory of the largest worker
(``ru_maxrss`` of the children: the workers' own peak, the ruleset loaded once in each). With one
worker the games run in a child process too, so the figures compare. ``--rounds`` runs each count
several times, interleaved, and shows the median; ``CPUs used`` is the workers' CPU time over the
wall time: on a machine other jobs share, it says how many cores the workers really had, and
``games/CPU-s`` what a core's second of work gives (if it falls with more workers, they cost each
other something: start-up, memory, chunks).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys

CHILD = r"""
import json, resource, sys, time
from trian_script.balance import Seat, _play_tables, simulate, worker_pool
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
    with worker_pool(ruleset, [], 1) as pool:
        results = pool.submit(_play_tables, plan, ruleset.hash).result()
elapsed = time.perf_counter() - start
children = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"games": len(results), "seconds": elapsed, "peak_mb": children.ru_maxrss / 1024,
                  "cpu": children.ru_utime + children.ru_stime}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random")
    parser.add_argument("--seats", default="xemh,sslyx")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--rounds", type=int, default=1,
                        help="runs per worker count, interleaved (1, 2, 1, 2…); the median run is shown")
    args = parser.parse_args()
    runs: dict[int, list[dict]] = {workers: [] for workers in args.workers}
    for _ in range(args.rounds):  # interleaved, so a change of the machine's load hits every count alike
        for workers in args.workers:
            spec = json.dumps([args.games, args.seed, args.bot, args.seats.split(","), workers])
            out = subprocess.run([sys.executable, "-c", CHILD, spec], capture_output=True, text=True, check=True)
            runs[workers].append(json.loads(out.stdout.strip().splitlines()[-1]))
    base = None
    print(f"{'workers':>7} {'games':>6} {'seconds':>8} {'games/s':>8} {'speedup':>8} {'worker MB':>10} "
          f"{'CPUs used':>10} {'games/CPU-s':>12}")
    for workers, rows in runs.items():
        row = sorted(rows, key=lambda r: r["seconds"])[len(rows) // 2]
        rate = row["games"] / row["seconds"]
        base = base or rate
        # the cores the workers really had: below the worker count, other jobs held the rest
        print(f"{workers:>7} {row['games']:>6} {row['seconds']:>8.1f} {rate:>8.2f} {rate / base:>7.2f}x "
              f"{row['peak_mb']:>10.1f} {row['cpu'] / row['seconds']:>10.2f} {row['games'] / row['cpu']:>12.2f}")


if __name__ == "__main__":
    main()
