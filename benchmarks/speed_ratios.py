"""The speed goals as ratios, each measured side by side in one run (timings on a busy machine vary,
ratios of interleaved measurements much less):

1. first release vs now: New Order, 4 players, random choices, games per CPU-second of the first
   release (commit dd4afa3, unpacked from git into a temporary folder) and of this checkout, the
   same seeds, in alternating fresh interpreters; goal: now / first release >= 1.4;
2. 8x the tiles vs the normal 84: CPU microseconds per decision (options + choice), beginner rules, 4
   random players, with every tile of the tileset counted 8 times; goal: big / normal <= 1.3;
3. early vs late: CPU microseconds per decision in the first and the last fifth of each game; goal:
   late / early not above 1 (plus noise); the options per decision are printed beside, since a
   decision late in a game offers more (more ships to move, more places to reach), and so are the
   same ratio without each game's last choice (which also scores the end of the game) and over
   decisions alike (the same kind, as many options); the first release's fifths of the same New
   Order games come first, for comparison.

    .venv/bin/python benchmarks/speed_ratios.py
    .venv/bin/python benchmarks/speed_ratios.py --rounds 7 --only first-release

Every game is fixed by its seed, through the public API only (``Game``, ``decision.options``,
``choose``). Nothing is asserted: this measures, it does not test.
"""
from __future__ import annotations

import argparse
import gc
import io
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without an install
    sys.path.insert(0, str(ROOT))

SEATS = ["red", "blue", "green", "yellow"]
FIRST_RELEASE = "dd4afa3"

# Plays games 1..N in a fresh interpreter and prints games per CPU-second; the same text runs the
# first release and this checkout, so both are measured alike.
GAMES_PER_CPU_SECOND = """
import random, sys, time
from trian_script import Game, load_ruleset
ruleset, games = load_ruleset(sys.argv[1]), int(sys.argv[2])
def play(seed):
    game, rnd = Game(ruleset, ["red", "blue", "green", "yellow"], seed), random.Random(seed)
    while not game.is_over:
        options = game.decision.options
        game.choose(options[rnd.randrange(len(options))])
play(999)  # warm up: imports, caches
start = time.process_time()
for seed in range(1, games + 1):
    play(seed)
print(games / (time.process_time() - start))
"""


# Plays games seed..seed+N-1 in a fresh interpreter and prints, per fifth of the games, the mean CPU
# seconds and options per decision (options + choice): the first release measured like this checkout.
FIFTHS = """
import random, statistics, sys, time
from trian_script import Game, load_ruleset
ruleset, games, seed = load_ruleset(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
fifths = [[] for _ in range(5)]
for index in range(games):
    game, rnd = Game(ruleset, ["red", "blue", "green", "yellow"], seed + index), random.Random(seed + index)
    times = []
    while not game.is_over:
        start = time.process_time()
        options = game.decision.options
        game.choose(options[rnd.randrange(len(options))])
        times.append((time.process_time() - start, len(options)))
    for i, measured in enumerate(times):
        fifths[i * 5 // len(times)].append(measured)
print(" ".join(f"{sum(t for t, _ in f)} {sum(n for _, n in f)} {len(f)}" for f in fifths))
"""


def games_per_second(source: Path, ruleset: str, games: int) -> float:
    """Games per CPU-second of the trian_script found in ``source``, in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", GAMES_PER_CPU_SECOND, ruleset, str(games)], cwd=source,
                         env={**os.environ, "PYTHONPATH": str(source)}, capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def unpack(commit: str, folder: Path) -> Path:
    """The source tree of ``commit`` (from this checkout's git history) under ``folder``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    return folder


def first_release_ratio(rounds: int, games: int) -> None:
    with tempfile.TemporaryDirectory(prefix="trian-first-release-") as tmp:
        base = unpack(FIRST_RELEASE, Path(tmp))
        old, now = [], []
        for _ in range(rounds):  # interleaved, so both see the same load on the machine
            old.append(games_per_second(base, "new_order", games))
            now.append(games_per_second(ROOT, "new_order", games))
    ratio = statistics.median(now) / statistics.median(old)
    print(f"new_order, 4 players, random: games per CPU-second, median of {rounds} rounds of {games} games")
    print(f"  first release ({FIRST_RELEASE}) {statistics.median(old):7.1f}   now {statistics.median(now):7.1f}   "
          f"ratio {ratio:.2f}x   (goal >= 1.4x; per round: "
          + " ".join(f"{b / a:.2f}" for a, b in zip(old, now)) + ")")


def x8_content(ruleset, folder: Path) -> tuple[str, Path]:
    """A variant of ``ruleset`` whose tileset has every tile 8 times: (variant name, file)."""
    tileset = ruleset.values["tileset"]
    counts: dict[str, tuple[int, str]] = {}
    for tile in ruleset.tileset.tiles:
        count, faces = counts.get(tile.design, (0, " / ".join(face.name for face in tile.faces)))
        counts[tile.design] = (count + 1, faces)
    lines = [f'tileset {tileset}_x8 "every tile x8" extends {tileset} {{']
    lines += [f"  tile {design} = {faces}  count {8 * count}" for design, (count, faces) in counts.items()]
    lines += ["}", f'variant {ruleset.name}_x8 "{ruleset.name} with every tile x8" extends {ruleset.name} {{',
              f"  tileset = {tileset}_x8", "}"]
    path = folder / "x8.trian"
    path.write_text("\n".join(lines) + "\n")
    return f"{ruleset.name}_x8", path


def decision_times(ruleset, games: int, seed: int) -> list[list[tuple[float, int, str]]]:
    """Per game, (seconds, number of options, kind) of each decision (options + choice), random
    choices."""
    from trian_script import Game

    out = []
    for index in range(games):
        gc.collect()  # the garbage of the games before is not collected during this one's decisions
        game, rnd = Game(ruleset, SEATS, seed + index), random.Random(seed + index)
        times = []
        while not game.is_over:  # CPU time: the time others' processes take on a shared machine is left out
            start = time.process_time()
            decision = game.decision
            options = decision.options
            game.choose(options[rnd.randrange(len(options))])
            times.append((time.process_time() - start, len(options), decision.kind))
        out.append(times)
    return out


def us_per_decision(per_game: list[list[tuple[float, int, str]]]) -> float:
    return 1e6 * sum(t for times in per_game for t, _, _ in times) / sum(map(len, per_game))


def tiles_ratio(rounds: int, name: str) -> None:
    from trian_script import load_ruleset

    small = load_ruleset(name)
    with tempfile.TemporaryDirectory(prefix="trian-x8-") as tmp:
        variant, path = x8_content(small, Path(tmp))
        big = load_ruleset(variant, [path])
    normal, large = [], []
    for r in range(rounds):  # the same number of decisions on both sides, roughly
        normal.append(us_per_decision(decision_times(small, 24, 100 * r)))
        large.append(us_per_decision(decision_times(big, 3, 100 * r)))
    ratio = statistics.median(large) / statistics.median(normal)
    print(f"{name}, 4 players, random: microseconds per decision, median of {rounds} rounds")
    print(f"  {len(small.tileset.tiles)} tiles {statistics.median(normal):7.1f}   {len(big.tileset.tiles)} tiles "
          f"{statistics.median(large):7.1f}   ratio {ratio:.2f}x   (goal <= 1.3x)")


def early_late_ratio(rounds: int, games: int, names: list[str]) -> None:
    from trian_script import load_ruleset

    first_release_fifths(rounds, games)
    for name in names:
        ruleset = load_ruleset(name)
        fifths: list[list[tuple[float, int, str]]] = [[] for _ in range(5)]
        last_choices = []  # each game's last choice, which also scores the end of the game
        for r in range(rounds):
            for times in decision_times(ruleset, games, 1 + 1000 * r):
                for i, measured in enumerate(times):
                    fifths[i * 5 // len(times)].append(measured)
                last_choices.append(times[-1][0])
        means = [1e6 * statistics.fmean(t for t, _, _ in f) for f in fifths]
        late_without_end = 1e6 * (sum(t for t, _, _ in fifths[-1]) - sum(last_choices)) / (len(fifths[-1]) - len(last_choices))
        options = [statistics.fmean(n for _, n, _ in f) for f in fifths]
        print(f"{name}, 4 players, random: per fifth of the game ({rounds * games} games), microseconds per "
              "decision / options per decision")
        print("  " + "   ".join(f"{m:6.1f}/{n:4.1f}" for m, n in zip(means, options))
              + f"   late / early {means[-1] / means[0]:.2f}x   (goal: not above 1, plus noise; "
              f"the options grow {options[-1] / options[0]:.2f}x)")
        print(f"  without each game's last choice (the end-of-game scoring, {1e6 * statistics.fmean(last_choices):.0f} "
              f"microseconds): late / early {late_without_end / means[0]:.2f}x")
        print(f"  decisions of the same kind with as many options: late / early {alike_ratio(*fifths[::4]):.2f}x")


def first_release_fifths(rounds: int, games: int) -> None:
    """The first release's fifths of the same New Order games, for comparison (its growth from the
    start to the end of a game is what the goal asks to remove)."""
    with tempfile.TemporaryDirectory(prefix="trian-first-release-") as tmp:
        base = unpack(FIRST_RELEASE, Path(tmp))
        sums = [[0.0, 0, 0] for _ in range(5)]
        for r in range(rounds):
            out = subprocess.run([sys.executable, "-c", FIFTHS, "new_order", str(games), str(1 + 1000 * r)], cwd=base,
                                 env={**os.environ, "PYTHONPATH": str(base)}, capture_output=True, text=True, check=True)
            values = out.stdout.split()
            for fifth, total in enumerate(sums):
                for i in range(3):
                    total[i] += float(values[3 * fifth + i])
    means = [1e6 * t / n for t, _, n in sums]
    print(f"new_order in the first release ({FIRST_RELEASE}), the same games: per fifth, microseconds / options per decision")
    print("  " + "   ".join(f"{m:6.1f}/{o / n:4.1f}" for m, (_, o, n) in zip(means, sums))
          + f"   late / early {means[-1] / means[0]:.2f}x")


def alike_ratio(early: list, late: list) -> float:
    """late / early time of decisions alike (the same kind, as many options), each pair of groups
    weighted by the fewer of its decisions: what grows besides the size of the decisions."""
    groups: dict = {}
    for side, measured in enumerate((early, late)):
        for seconds, count, kind in measured:
            groups.setdefault((kind, count), ([], []))[side].append(seconds)
    pairs = [(min(len(a), len(b)), statistics.fmean(a), statistics.fmean(b))
             for a, b in groups.values() if len(a) >= 5 and len(b) >= 5]
    return sum(w * b for w, _, b in pairs) / sum(w * a for w, a, _ in pairs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per ratio (default 5)")
    parser.add_argument("--games", type=int, default=15, help="games per round and side (default 15)")
    parser.add_argument("--only", choices=["first-release", "tiles", "early-late"], nargs="+",
                        default=["first-release", "tiles", "early-late"], help="the ratios to measure (default all)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.games < 1:
        parser.error("--rounds and --games must be at least 1")
    print(f"python {sys.version.split()[0]}")
    if "first-release" in args.only:
        first_release_ratio(args.rounds, args.games)
    if "tiles" in args.only:
        tiles_ratio(args.rounds, "beginner")
    if "early-late" in args.only:
        early_late_ratio(args.rounds, args.games, ["new_order", "beginner"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
