"""``trian simulate``: many bot games in parallel, and how each race and skill fared.

    trian simulate --games 200 --seats quuylto,borf-naree@random --seed 1 --workers 4

Game ``i`` (from 0) plays with seed ``S + i``; the bot in seat ``k`` draws from seed
``(S + i) * 31 + k``, as ``trian play`` does. The games run in worker processes (each loads the
ruleset once, in its initializer) and come back as small dicts; they are sorted by seed before
they are counted, so the summary depends on the seeds only, never on the number of workers.

A shared victory counts as ``1/k`` of a win for each of its ``k`` winners. Win rates come with a
95% Wilson score interval, which stays inside [0, 1] and behaves for small counts and rates near 0
or 1.
"""
from __future__ import annotations

import io
import math
import os
import sys
import time
import traceback
from collections import defaultdict
from concurrent.futures import FIRST_EXCEPTION, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from .dsl.diagnostics import DiagnosticError, did_you_mean

RANDOM_RACE = "random"  # a seat item that lets the game draw the race (NO-2.1)
MAX_DECISIONS = 200_000  # a game that has not ended by then is a bug, not a long game


class SeatError(ValueError):
    """A ``--seats`` value that cannot be played: bad syntax, an unknown race or bot."""


class GameFailed(RuntimeError):
    """A game that raised (or never ended): its seed and the worker's traceback."""

    def __init__(self, seed: int, detail: str):
        super().__init__(seed, detail)
        self.seed = seed
        self.detail = detail

    def __str__(self) -> str:
        return f"the game with seed {self.seed} failed:\n{self.detail}"


@dataclass(frozen=True)
class Seat:
    colour: str
    race: str | None  # None: drawn by the game
    bot: str


# -- statistics -----------------------------------------------------------------------------------
def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a rate of ``wins`` out of ``n`` (``z`` = 1.96: 95%).

    ``wins`` may be fractional (shared victories). With no games the rate can be anything: (0, 1).
    """
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= wins <= n:
        raise ValueError(f"wins must be between 0 and n ({n}), not {wins}")
    p = wins / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


# -- command line ---------------------------------------------------------------------------------
def add_arguments(parser) -> None:
    """The options of ``trian simulate`` (the caller sets ``run`` as the command's function)."""
    parser.add_argument("--games", type=int, default=100, help="how many games (default: 100)")
    parser.add_argument("--seats", default=None, metavar="SPEC",
                        help="a race per seat, comma-separated (quuylto,xemh,random), each optionally "
                             "RACE@BOT (xemh@random); or a number of seats with random races (3). "
                             "Default: as many random seats as there are races, within the ruleset's "
                             "player counts")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses SEED+i (default: 1)")
    parser.add_argument("--ruleset", default="new_order", help="ruleset or variant (default: new_order)")
    parser.add_argument("--bot", default="greedy", help="bot for seats without @BOT: greedy or random (default: greedy)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help=f"worker processes (default: the number of CPUs, {os.cpu_count() or 1})")
    parser.add_argument("--content", "--races-dir", dest="content", action="append", type=Path, default=[],
                        metavar="PATH", help="more DSL/JSON files or folders to load, e.g. races being written "
                                             "(repeatable)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def parse_seats(spec: str | None, ruleset, bots, default_bot: str) -> list[Seat]:
    """The seats of ``--seats``; raises SeatError with a one-line message."""
    from .engine.game import COLOURS

    low, high = ruleset.value("players.min"), ruleset.value("players.max")
    has_races = bool(ruleset.value("skills"))
    if default_bot not in bots:
        raise SeatError(f"unknown bot '{default_bot}' (choose from {', '.join(bots)})")
    if spec is None:
        count = min(high, max(low, len(ruleset.races))) if has_races else high
        items = [RANDOM_RACE] * count
    else:
        spec = spec.strip()
        if spec.isdigit():
            items = [RANDOM_RACE] * int(spec)
        else:
            items = [item.strip() for item in spec.split(",")]
            if any(not item for item in items):
                raise SeatError(f"--seats '{spec}': an empty item; expected RACE[@BOT],... or a number of seats")
    if not low <= len(items) <= high:
        raise SeatError(f"--seats: ruleset '{ruleset.name}' is for {low} to {high} players, not {len(items)}")
    if len(items) > len(COLOURS):
        raise SeatError(f"--seats: at most {len(COLOURS)} seats")
    seats = []
    for colour, item in zip(COLOURS, items):
        race, at, bot = item.partition("@")
        race, bot = race.strip().lower(), (bot.strip() if at else default_bot)
        if bot not in bots:
            raise SeatError(f"--seats: unknown bot '{bot}' in '{item}' (choose from {', '.join(bots)})")
        if race == RANDOM_RACE:
            race = None
        elif not has_races:
            raise SeatError(f"--seats: ruleset '{ruleset.name}' is played without races; "
                            f"give a number of seats or '{RANDOM_RACE}'")
        elif race not in ruleset.races:
            known = ", ".join(sorted(ruleset.races)) or "none"
            hint = did_you_mean(race, ruleset.races)
            raise SeatError(f"--seats: unknown race '{race}' (known: {known})" + (f"; {hint}" if hint else ""))
        seats.append(Seat(colour, race, bot))
    chosen = [s.race for s in seats if s.race]
    if len(set(chosen)) != len(chosen):
        raise SeatError("--seats: two seats cannot take the same race")
    if has_races and len(seats) > len(ruleset.races):
        raise SeatError(f"--seats: {len(seats)} seats but only {len(ruleset.races)} race(s) "
                        f"({', '.join(sorted(ruleset.races)) or 'none'}); add races with --content")
    return seats


def run(args) -> int:
    """Play the games, print the summary; 0, or 2 for bad options, 1 for bad content or a failed game."""
    from rich.console import Console

    from .bots import BOTS
    from .engine.game import Game, IllegalChoice
    from .engine.ruleset import load_ruleset

    def error(message: str, code: int = 2) -> int:
        print(f"error: {message}", file=sys.stderr)
        return code

    if args.games < 1:
        return error("--games must be at least 1")
    if args.workers < 1:
        return error("--workers must be at least 1")
    try:
        ruleset = load_ruleset(args.ruleset, args.content)
    except DiagnosticError as err:
        print(err.report.render(), file=sys.stderr)
        return 1
    try:
        seats = parse_seats(args.seats, ruleset, BOTS, args.bot)
        Game(ruleset, [s.colour for s in seats], args.seed, races=_races(seats))  # the engine's own checks
    except SeatError as err:
        return error(str(err))
    except IllegalChoice as err:
        return error(f"--seats: {err}")
    except ValueError as err:  # a skill plugin that cannot be loaded
        return error(str(err), 1)

    seeds = list(range(args.seed, args.seed + args.games))
    workers = min(args.workers, args.games)
    show = not getattr(args, "no_progress", False) and sys.stderr.isatty()
    started = time.perf_counter()
    try:
        results = simulate(ruleset, seats, seeds, content=args.content, workers=workers, progress=show)
    except GameFailed as err:
        return error(str(err), 1)
    except BrokenProcessPool as err:
        return error(f"a worker process died: {err}", 1)
    elapsed = time.perf_counter() - started
    if show:
        print(f"{len(results)} games in {elapsed:.1f} s ({len(results) / elapsed:.1f} games/s, "
              f"{workers} worker{'s' * (workers != 1)})", file=sys.stderr)

    summary = aggregate(results, ruleset, seats)
    if sys.stdout.isatty():
        render(summary, Console(file=sys.stdout, highlight=False, emoji=False))
    else:  # plain text of a fixed width, whatever the environment says, without trailing blanks
        buffer = io.StringIO()
        render(summary, Console(file=buffer, width=200, no_color=True, highlight=False, emoji=False), plain=True)
        sys.stdout.write("".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines()))
    return 0


def _races(seats: list[Seat]) -> dict[str, str]:
    return {s.colour: s.race for s in seats if s.race}


# -- playing --------------------------------------------------------------------------------------
_WORKER: dict = {}  # what a worker process keeps between games: the ruleset and the seats


def _init_worker(ruleset_name: str, content: list, seats: list[Seat], ruleset=None) -> None:
    """A worker's initializer: load the ruleset once; Ctrl-C is the parent's to handle."""
    if ruleset is None:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)
        from .engine.ruleset import load_ruleset

        ruleset = load_ruleset(ruleset_name, content)
    _WORKER.update(ruleset=ruleset, seats=list(seats))


def _play_seeds(seeds: list[int], content_hash: str | None = None) -> list[dict]:
    ruleset = _WORKER["ruleset"]
    if content_hash is not None and ruleset.hash != content_hash:
        raise GameFailed(seeds[0], f"a worker loaded other content than the main process (hash {ruleset.hash}, "
                                   f"not {content_hash}): were files changed during the run, or is --content missing?")
    return [play_game(ruleset, _WORKER["seats"], seed) for seed in seeds]


def play_game(ruleset, seats: list[Seat], seed: int) -> dict:
    """One whole bot game, as a small dict of plain values (sent back from a worker)."""
    from .bots import BOTS
    from .engine.game import Game

    try:
        colours = [s.colour for s in seats]
        game = Game(ruleset, colours, seed, races=_races(seats))
        bots = {s.colour: BOTS[s.bot](seed * 31 + i) for i, s in enumerate(seats)}
        decisions = 0
        while not game.is_over:
            if decisions >= MAX_DECISIONS:
                raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
            game.choose(bots[game.decision.player].choose(game))
            decisions += 1
    except Exception:
        raise GameFailed(seed, traceback.format_exc().rstrip()) from None
    owned = game.skills.owned if hasattr(game, "skills") else {}  # a game without races has no skills
    return {
        "seed": seed,
        "races": {c: game.races.get(c) for c in colours},
        "bots": {s.colour: s.bot for s in seats},
        "winners": list(game.winners()),
        "scores": dict(game.scores()),
        "used": {c: dict(sorted(owned[c].used.items())) if c in owned else {} for c in colours},
        "unlocked": {c: dict(sorted(owned[c].unlocked.items())) if c in owned else {} for c in colours},
        "decisions": decisions,
    }


def simulate(ruleset, seats: list[Seat], seeds: list[int], *, content=(), workers: int | None = None,
             progress: bool = False) -> list[dict]:
    """Play one game per seed over ``workers`` processes; the results, sorted by seed.

    Each worker loads the ruleset by name with ``content`` (give the paths ``ruleset`` was loaded
    with); a worker that ends up with other content (its hash differs) fails the run. With one worker the games run in this process (same code, same results). ``progress`` shows a
    rich progress bar on stderr. A game that raises stops the run with GameFailed, naming its seed.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    workers = max(1, min(workers or os.cpu_count() or 1, len(seeds)))
    bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                   TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                   console=Console(stderr=True), disable=not progress, transient=False)
    results: list[dict] = []
    if workers == 1:
        _init_worker(ruleset.name, list(content), seats, ruleset=ruleset)
        with bar:
            task = bar.add_task("games", total=len(seeds))
            for seed in seeds:
                results += _play_seeds([seed])
                bar.advance(task)
        return sorted(results, key=lambda r: r["seed"])

    # Small chunks keep the workers busy to the end and the bar moving; the processes are all
    # started by the first submit, before the bar's refresh thread exists (fork and threads).
    chunk = max(1, min(8, len(seeds) // (workers * 16)))
    executor = ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(ruleset.name, list(content), seats))
    try:
        futures: list[Future] = [executor.submit(_play_seeds, seeds[i:i + chunk], ruleset.hash)
                                 for i in range(0, len(seeds), chunk)]
        failures: list[GameFailed] = []
        with bar:
            task = bar.add_task("games", total=len(seeds))
            pending = set(futures)
            while pending:
                done, pending = wait(pending, return_when=FIRST_EXCEPTION)
                for future in done:
                    try:
                        batch = future.result()
                    except GameFailed as err:
                        failures.append(err)
                        continue
                    results += batch
                    bar.advance(task, len(batch))
                if failures:
                    break
        if failures:
            raise min(failures, key=lambda e: e.seed)
    except BaseException:  # a failed game, Ctrl-C: stop now, not after the games already queued
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        raise
    executor.shutdown(wait=True)
    return sorted(results, key=lambda r: r["seed"])


# -- counting -------------------------------------------------------------------------------------
@dataclass
class SideStats:
    """How one player kind (a race, or race@bot) did."""

    label: str
    games: int = 0
    wins: float = 0.0
    credits: int = 0
    unlocks: dict = field(default_factory=lambda: {"racial": 0, "universal": 0})
    skill_uses: dict = field(default_factory=lambda: defaultdict(int))  # skill -> uses
    skill_taken: dict = field(default_factory=lambda: defaultdict(int))  # skill -> games it was owned

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Summary:
    ruleset: str
    title: str
    hash: str
    seeds: list[int]
    seats: list[str]  # one description per seat, e.g. "red: quuylto@greedy"
    with_races: bool
    sides: dict[str, SideStats]  # label -> stats, in label order
    skill_rows: list[tuple]  # (label, module, side, skill, tier, taken share, uses/game, uses/game taken)
    decisions: float  # mean per game
    shared: int  # games won by more than one player
    seat_wins: dict[str, float]  # seat colour -> wins (fractional), first-seat bias at a glance


def aggregate(results: list[dict], ruleset, seats: list[Seat] | None = None) -> Summary:
    """Count the results (in seed order, so the float sums are the same however they were played).

    ``seats`` (as given to ``simulate``) only describes the seats in the heading.
    """
    results = sorted(results, key=lambda r: r["seed"])
    with_races = bool(ruleset.value("skills"))
    mixed_bots = len({bot for r in results for bot in r["bots"].values()}) > 1
    sides: dict[str, SideStats] = {}
    seat_wins: dict[str, float] = defaultdict(float)
    for r in results:
        share = 1 / len(r["winners"])
        for colour, race in r["races"].items():
            label = (race or colour) if with_races else colour
            if mixed_bots:
                label += "@" + r["bots"][colour]
            stats = sides.setdefault(label, SideStats(label))
            stats.games += 1
            stats.credits += r["scores"][colour]
            won = share if colour in r["winners"] else 0.0
            stats.wins += won
            seat_wins[colour] += won
            for skill, uses in r["used"][colour].items():
                stats.skill_uses[skill] += uses
            owned = _positions(ruleset, race)
            for skill, (module, side) in owned.items():
                if side == "active" or r["unlocked"][colour].get(module) == side:
                    stats.skill_taken[skill] += 1
            for side in r["unlocked"][colour].values():
                stats.unlocks[side] = stats.unlocks.get(side, 0) + 1
    if with_races:
        sides = dict(sorted(sides.items()))  # else seats stay in seat order
    rows = []
    for label, stats in sides.items():
        race = label.split("@")[0]
        positions = _positions(ruleset, race) if with_races else {}
        others = sorted(set(stats.skill_uses) - set(positions))
        for skill, (module, side) in [*positions.items(), *((s, (None, "other")) for s in others)]:
            taken = stats.skill_taken.get(skill, 0)
            uses = stats.skill_uses.get(skill, 0)
            definition = ruleset.skills.get(skill)
            tier = definition.tier if definition is not None else "?"
            rows.append((label, module, side, skill, tier, taken / stats.games if side != "other" else None,
                         uses / stats.games, uses / taken if taken else None))
    return Summary(ruleset.name, ruleset.title, ruleset.hash, [r["seed"] for r in results],
                   [f"{s.colour}: {s.race or RANDOM_RACE}@{s.bot}" if with_races else f"{s.colour}: {s.bot}"
                    for s in seats or ()],
                   with_races, sides, rows,
                   sum(r["decisions"] for r in results) / len(results) if results else 0.0,
                   sum(1 for r in results if len(r["winners"]) > 1), dict(seat_wins))


def _positions(ruleset, race: str | None) -> dict[str, tuple[int | None, str]]:
    """A race's skills: name -> (module number or None, 'active' / 'racial' / 'universal')."""
    definition = ruleset.races.get(race) if race else None
    if definition is None:
        return {}
    out: dict[str, tuple[int | None, str]] = {name: (None, "active") for name in definition.active}
    for number, (racial, universal) in enumerate(definition.modules, 1):
        out.setdefault(racial, (number, "racial"))
        out.setdefault(universal, (number, "universal"))
    return out


# -- printing -------------------------------------------------------------------------------------
def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def render(summary: Summary, console, plain: bool = False) -> None:
    """The summary as rich tables; ``plain``: ASCII only, the tables in Markdown (for files, pipes)."""
    from rich import box
    from rich.table import Table

    def table(*columns: str) -> Table:
        out = Table(box=box.MARKDOWN if plain else box.SIMPLE_HEAD, pad_edge=plain)
        for name in columns:
            text = name in ("race", "seat", "module", "skill", "tier")
            out.add_column(name, justify="left" if text else "right", no_wrap=name in ("race", "seat", "skill"))
        return out

    def wins(w: float) -> str:
        return f"{w:g}" if w == int(w) else f"{w:.2f}"

    n = len(summary.seeds)
    first, last = (summary.seeds[0], summary.seeds[-1]) if summary.seeds else (0, -1)
    console.print(f"{summary.title} ({summary.ruleset}, content {summary.hash}): {n} games, seeds {first}..{last}")
    if summary.seats:
        console.print("seats: " + ", ".join(summary.seats))
    console.print(f"mean decisions per game: {summary.decisions:.1f}; shared victories: {summary.shared} "
                  f"({_pct(summary.shared / n if n else 0)})")
    if summary.with_races and len(summary.sides) > 1:  # the first seat's advantage, at a glance
        console.print("wins by seat: " + ", ".join(f"{c} {wins(w)}" for c, w in summary.seat_wins.items()))

    what = "race" if summary.with_races else "seat"
    columns = [what, "games", "wins", "win %", "95% CI", "credits"]
    results = table(*columns, *(("modules", "racial %") if summary.with_races else ()))
    for label, side in summary.sides.items():
        low, high = wilson(side.wins, side.games)
        row = [label, str(side.games), wins(side.wins), _pct(side.win_rate), f"[{_pct(low)}, {_pct(high)}]",
               f"{side.credits / side.games:.1f}"]
        if summary.with_races:
            unlocks = sum(side.unlocks.values())
            row += [f"{unlocks / side.games:.2f}", _pct(side.unlocks.get("racial", 0) / unlocks) if unlocks else "-"]
        results.add_row(*row)
    console.print()
    console.print(f"results per {what}")
    console.print(results)
    console.print(f"wins: a shared victory is 1/k of a win for each of its k winners; 95% CI: Wilson score interval; "
                  f"credits: mean final credits"
                  + ("; modules: modules unlocked per game; racial %: share of them on the racial side"
                     if summary.with_races else ""))
    if not summary.with_races:
        return

    skills = table("race", "module", "skill", "tier", "taken", "uses", "if taken")
    previous = None
    for label, module, side, skill, tier, taken, per_game, per_taken in summary.skill_rows:
        skills.add_row(label if plain or label != previous else "", side if module is None else f"{module} {side}",
                       skill, tier.split("/")[0], _pct(taken), f"{per_game:.2f}",
                       "-" if per_taken is None else f"{per_taken:.2f}")
        previous = label
    console.print()
    console.print("skills")
    console.print(skills)
    console.print("taken: share of the race's games in which it had the skill; uses: per game, as the engine "
                  "counts them (trigger firings and skill actions); if taken: per game in which it had the skill")
