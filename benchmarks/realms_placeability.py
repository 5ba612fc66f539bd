"""How often a Galactic Realms pool is stuck (GR-3.6) and how many tiles end unplaced, over seeded
games with uniformly random legal moves at 2, 3 and 4 players (the GR-4.8 target: at most 2 % of
turns start with no placeable pool tile, at most 1 % of tiles end unplaced).

    .venv/bin/python benchmarks/realms_placeability.py --games 1000

Every game is fixed by its seed (seed, seed+1, …); nothing is asserted: this measures.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

try:
    import trian_script  # noqa: F401
except ImportError:  # run from a checkout without an install
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trian_script import Game, load_ruleset
from trian_script.bots import RandomBot
from trian_script.engine.game import COLOURS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--ruleset", default="galactic_realms")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args(argv)
    ruleset = load_ruleset(args.ruleset)
    tiles = len(ruleset.tileset.tiles) - 1  # the start tile is laid before play
    print(f"{'players':>7} {'games':>6} {'turns':>7} {'stuck turns':>12} {'stuck %':>8} {'unplaced':>9} "
          f"{'unplaced %':>10} {'seconds':>8}")
    for players in args.players:
        start = time.perf_counter()
        turns = stuck = unplaced = 0
        for index in range(args.games):
            seed = args.seed + index
            game = Game(ruleset, list(COLOURS[:players]), seed)
            bot = RandomBot(seed)
            while not game.is_over:
                game.choose(bot.choose(game))
            turns += game.turn + 1
            stuck += game.pool.stuck
            unplaced += len(game.pool.removed)
        print(f"{players:>7} {args.games:>6} {turns:>7} {stuck:>12} {stuck / turns:>8.2%} {unplaced:>9} "
              f"{unplaced / (tiles * args.games):>10.2%} {time.perf_counter() - start:>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
