"""How fast whole bot games play: games/s and decisions/s per player count, and ruleset load time.

    .venv/bin/python benchmarks/play_speed.py --games 50 --bot random
    .venv/bin/python benchmarks/play_speed.py --games 20 --bot greedy --ruleset with-ships --players 2 4

Every game is fixed by its seed (seed, seed+1, …), so two runs play the same games and their
timings compare. "engine" is the time spent computing options and applying choices; "bots" is the
time the bots take to choose. Nothing is asserted: this measures, it does not test.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

try:
    import trian_script  # noqa: F401
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trian_script import Game, load_ruleset
from trian_script.bots import BOTS
from trian_script.engine.game import COLOURS


def time_load(name: str, repeat: int) -> list[float]:
    """Seconds per load_ruleset(name): parse the shipped DSL, compile the tileset and formulas."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        load_ruleset(name)
        out.append(time.perf_counter() - start)
    return out


def play_games(ruleset, players: int, games: int, seed: int, bot: str) -> dict:
    seats = list(COLOURS[:players])
    decisions = turns = 0
    engine = bots_time = 0.0
    per_game = []
    total_start = time.perf_counter()
    for index in range(games):
        game_seed = seed + index
        game_start = time.perf_counter()
        game = Game(ruleset, seats, game_seed)
        engine += time.perf_counter() - game_start
        bots = {name: BOTS[bot](game_seed * 31 + i) for i, name in enumerate(seats)}
        while True:
            t0 = time.perf_counter()
            decision = game.decision  # the options are computed here
            t1 = time.perf_counter()
            if decision is None:
                engine += t1 - t0
                break
            text = bots[decision.player].choose(game)
            t2 = time.perf_counter()
            game.choose(text)
            t3 = time.perf_counter()
            engine += (t1 - t0) + (t3 - t2)
            bots_time += t2 - t1
            decisions += 1
        turns += game.turn
        per_game.append(time.perf_counter() - game_start)
    wall = time.perf_counter() - total_start
    return {"players": players, "games": games, "wall": wall, "decisions": decisions, "turns": turns,
            "engine": engine, "bots": bots_time, "per_game": per_game}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games per player count (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--ruleset", default="beginner", help="ruleset or variant (default beginner)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], help="player counts (default 2 3 4)")
    parser.add_argument("--bot", choices=sorted(BOTS), default="random", help="bot in every seat (default random)")
    parser.add_argument("--load-repeat", type=int, default=5, help="ruleset loads to time (default 5)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    loads = time_load(args.ruleset, max(1, args.load_repeat))
    ruleset = load_ruleset(args.ruleset)
    print(f"python {sys.version.split()[0]}, ruleset {args.ruleset} ({ruleset.hash}), bot {args.bot}, "
          f"{args.games} games per player count, seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"ruleset load: first {loads[0] * 1000:.1f} ms, median {statistics.median(loads) * 1000:.1f} ms "
          f"over {len(loads)} loads")
    print()
    header = (f"{'players':>7} {'games':>6} {'seconds':>8} {'games/s':>8} {'decisions':>10} {'decisions/s':>12} "
              f"{'dec/game':>9} {'turns/game':>10} {'ms/game':>8} {'engine %':>9}")
    print(header)
    print("-" * len(header))
    for players in args.players:
        result = play_games(ruleset, players, args.games, args.seed, args.bot)
        wall, decisions, games = result["wall"], result["decisions"], result["games"]
        busy = result["engine"] + result["bots"]
        print(f"{players:>7} {games:>6} {wall:>8.2f} {games / wall:>8.2f} {decisions:>10} {decisions / wall:>12.0f} "
              f"{decisions / games:>9.1f} {result['turns'] / games:>10.1f} "
              f"{statistics.median(result['per_game']) * 1000:>8.1f} {100 * result['engine'] / busy:>8.1f}%")
    print()
    print("ms/game is the median; engine % is the share of the time spent in the engine (options and "
          "choices), the rest in the bots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
