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
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from .dsl.diagnostics import DiagnosticError, did_you_mean
from .lab.designs import DESIGNS, Table, seat_list, tables
from .lab.stats import binomial_p, holm

RANDOM_RACE = "random"  # a seat item that lets the game draw the race (NO-2.1)
ALPHA = 0.05  # the level of the "no race differs from the mean" test
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
    parser.add_argument("--bot", default="greedy", help="bot for seats without @BOT: greedy, random, or mcts:BUDGET "
                                                        "(mcts:200 iterations or mcts:0.5s per decision) "
                                                        "(default: greedy)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help=f"worker processes (default: the number of CPUs, {os.cpu_count() or 1})")
    parser.add_argument("--content", "--races-dir", dest="content", action="append", type=Path, default=[],
                        metavar="PATH", help="more DSL/JSON files or folders to load, e.g. races being written "
                                             "(repeatable)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.add_argument("--report", type=Path, default=None, metavar="DIR",
                        help="write the results there as they finish (results.jsonl), then games.csv, skills.csv, "
                             "Parquet twins and report.html; run again to go on with an interrupted study")
    parser.add_argument("--cluster", default=None, metavar="ADDRESS",
                        help="play on a Dask cluster: tcp://HOST:8786 (a running scheduler), or local (a "
                             "LocalCluster of --workers processes here); needs the lab extra")
    parser.add_argument("--design", default="rotate", choices=DESIGNS,
                        help="who sits where: rotate (the seats and the first player turn around the table, "
                             "default), fixed (seats as given, first player as rolled), round-robin (every set of "
                             "--players races from the --seats races or all races, each rotated), random (the "
                             "round-robin's arrangements in a random order, balanced after each pass)")
    parser.add_argument("--players", type=int, default=None,
                        help="players per game for round-robin and random designs (default: the ruleset's least)")


def parse_seats(spec: str | None, ruleset, bots, default_bot: str, pool: bool = False) -> list[Seat]:
    """The seats of ``--seats``; raises SeatError with a one-line message. ``pool``: the races a
    round-robin draws its tables from (any number of them; default: every race)."""
    from .engine.game import COLOURS

    low, high = ruleset.value("players.min"), ruleset.value("players.max")
    if pool:
        low, high = 1, len(COLOURS) * len(ruleset.races) or high
        if spec is None:
            spec = ",".join(sorted(ruleset.races))
    has_races = bool(ruleset.value("skills"))
    _check_bot(default_bot, "--bot")
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
    if len(items) > len(COLOURS) and not pool:
        raise SeatError(f"--seats: at most {len(COLOURS)} seats")
    seats = []
    for colour, item in zip([*COLOURS, *(f"seat{i}" for i in range(len(COLOURS) + 1, len(items) + 1))], items):
        race, at, bot = item.partition("@")
        race, bot = race.strip().lower(), (bot.strip() if at else default_bot)
        _check_bot(bot, f"--seats: in '{item}'")
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
    if has_races and len(seats) > len(ruleset.races) and not pool:
        raise SeatError(f"--seats: {len(seats)} seats but only {len(ruleset.races)} race(s) "
                        f"({', '.join(sorted(ruleset.races)) or 'none'}); add races with --content")
    return seats


def run(args) -> int:
    """Play the games, print the summary; 0, or 2 for bad options, 1 for bad content or a failed game."""
    from rich.console import Console

    from .bots import BOTS
    from .engine.game import COLOURS, Game, IllegalChoice
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
    design = getattr(args, "design", "fixed")
    pooled = design in ("round-robin", "random")
    try:
        seats = parse_seats(args.seats, ruleset, BOTS, args.bot, pool=pooled)
        players = _players(args, ruleset, seats, pooled)
        plan = tables(design, seats, list(COLOURS), list(range(args.seed, args.seed + args.games)), players,
                      design_seed=args.seed)
        for table in {t.seats: t for t in plan}.values():  # the engine's own checks, once per arrangement
            Game(ruleset, [s.colour for s in table.seats], args.seed, races=_races(table.seats))
    except SeatError as err:
        return error(str(err))
    except IllegalChoice as err:
        return error(f"--seats: {err}")
    except ValueError as err:  # a skill plugin that cannot be loaded
        return error(str(err), 1)

    workers = min(args.workers, args.games)
    show = not getattr(args, "no_progress", False) and sys.stderr.isatty()
    finished: dict[int, dict] = {}
    store = None
    if getattr(args, "report", None):
        from .lab.store import ReportDir, StudyMismatch

        store = ReportDir(args.report, {"ruleset": ruleset.name, "content": ruleset.hash, "design": design,
                                        "seats": [f"{s.race or RANDOM_RACE}@{s.bot}" for s in seats],
                                        "players": players, "seed": args.seed})
        try:
            finished = {seed: r for seed, r in store.open().items() if seed in {t.seed for t in plan}}
            _check_finished(plan, finished)
        except (StudyMismatch, OSError) as err:
            store.close()
            return error(str(err))
        if finished:
            print(f"--report {args.report}: {len(finished)} game(s) already played there, not played again",
                  file=sys.stderr)

    def keep(result: dict) -> None:
        finished[result["seed"]] = result
        if store is not None:
            store.add(result)

    left = [t for t in plan if t.seed not in finished]
    started = time.perf_counter()
    try:
        if getattr(args, "cluster", None):
            code = _on_cluster(args, ruleset, left, workers, show, keep, finished)
            if code:
                return code
        elif left:
            simulate(ruleset, left, content=args.content, workers=workers, progress=show, on_result=keep)
    except GameFailed as err:
        return error(str(err), 1)
    except BrokenProcessPool as err:
        return error(f"a worker process died: {err}" + _kept(args, finished), 1)
    except KeyboardInterrupt:
        return error("interrupted" + _kept(args, finished), 130)
    finally:
        if store is not None:
            store.close()
            if len(finished) < len(plan):  # what finished is there to look at, and to go on from
                _write_report(args, finished, ruleset, seats, design, None)
    results = [finished[t.seed] for t in plan]
    elapsed = time.perf_counter() - started
    if show:
        print(f"{len(left)} games in {elapsed:.1f} s ({len(left) / elapsed:.1f} games/s, "
              f"{workers} worker{'s' * (workers != 1)})", file=sys.stderr)

    summary = aggregate(results, ruleset, seats, design)
    buffer = io.StringIO()
    render(summary, Console(file=buffer, width=200, no_color=True, highlight=False, emoji=False), plain=True)
    text = "".join(line.rstrip() + "\n" for line in buffer.getvalue().splitlines())
    if sys.stdout.isatty():
        render(summary, Console(file=sys.stdout, highlight=False, emoji=False))
    else:  # plain text of a fixed width, whatever the environment says, without trailing blanks
        sys.stdout.write(text)
    if store is not None:
        _write_report(args, finished, ruleset, seats, design, (summary, text))
    return 0


def _kept(args, finished: dict) -> str:
    if not getattr(args, "report", None):
        return ""
    return (f"; the {len(finished)} game(s) that finished are kept in {args.report} "
            "(run the same command again to play the rest)")


def _write_report(args, finished: dict, ruleset, seats, design: str, summarized) -> None:
    """The tables (and the page, for a whole study) in the report folder, from the finished games."""
    from .lab.report import write_html, write_tables

    folder = Path(args.report)
    results = sorted(finished.values(), key=lambda r: r["seed"])
    written = write_tables(folder, results, design)
    if summarized is not None:
        page = write_html(folder, *summarized)
        written += [page] if page else []
        missing = [] if page else ["report.html: pip install 'trian-script[lab]'"]
        if not any(name.endswith(".parquet") for name in written):
            missing.append("Parquet: pip install 'trian-script[lab]'")
        print(f"report in {folder}: {', '.join(written)}" + (f" (not written: {'; '.join(missing)})" if missing else ""),
              file=sys.stderr)


def _check_finished(plan: list[Table], finished: dict) -> None:
    """Games found in the report folder must be the ones this study would play at those seeds."""
    from .lab.store import StudyMismatch

    for table in plan:
        result = finished.get(table.seed)
        if result is None:
            continue
        wanted = {s.colour: s.bot for s in table.seats}
        races = {s.colour: s.race for s in table.seats if s.race}
        if result["bots"] != wanted or any(result["races"].get(c) != r for c, r in races.items()):
            raise StudyMismatch(f"the game with seed {table.seed} in the report folder was played with other seats; "
                                "use a new folder")


def _on_cluster(args, ruleset, plan: list[Table], workers: int, show: bool, keep, finished: dict) -> int:
    """Play ``plan`` on a Dask cluster; 0, or the exit code of an error already printed."""
    from .lab.cluster import ClusterError, connect, simulate_on

    try:
        client = connect(args.cluster, workers)
    except ClusterError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    try:
        with progress_bar(show) as bar:
            simulate_on(client, ruleset, plan, content=args.content, on_result=keep, bar=bar)
    except ClusterError as err:
        print(f"error: {err}" + _kept(args, finished), file=sys.stderr)
        return 1
    finally:
        cluster = getattr(client, "cluster", None)
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


def _check_bot(spec: str, where: str) -> None:
    from .bots import BotSpecError, bot_factory

    try:
        bot_factory(spec)
    except BotSpecError as err:
        raise SeatError(f"{where}: {err}") from None


def _players(args, ruleset, seats: list[Seat], pooled: bool) -> int:
    """How many sit at each table: all the seats, or ``--players`` of the pool (round-robin, random)."""
    low, high = ruleset.value("players.min"), ruleset.value("players.max")
    if not pooled:
        if args.players not in (None, len(seats)):
            raise SeatError(f"--players {args.players}: with --design {args.design}, every seat of --seats plays "
                            f"({len(seats)}); --players is for round-robin and random designs")
        return len(seats)
    players = low if args.players is None else args.players
    if not low <= players <= high:
        raise SeatError(f"--players: ruleset '{ruleset.name}' is for {low} to {high} players, not {players}")
    if players > len(seats):
        raise SeatError(f"--players {players}: the pool has only {len(seats)} seat(s)")
    return players


def _races(seats: list[Seat]) -> dict[str, str]:
    return {s.colour: s.race for s in seats if s.race}


# -- playing --------------------------------------------------------------------------------------
_WORKER: dict = {}  # what a worker process keeps between games: the ruleset


def _init_worker(ruleset_name: str, content: list, ruleset=None) -> None:
    """A worker's initializer: load the ruleset once; Ctrl-C is the parent's to handle. A worker
    forked from a parent that holds this ruleset (``worker_pool``) takes the parent's copy: loading
    it again would cost each worker most of a second before its first game."""
    source = (ruleset_name, list(content))
    if ruleset is None:
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)
        from .engine.ruleset import load_ruleset

        inherited = _WORKER.get("ruleset") if _WORKER.get("source") == source else None
        ruleset = inherited or load_ruleset(ruleset_name, content)
    _WORKER.update(ruleset=ruleset, source=source)


def worker_pool(ruleset, content, workers: int) -> ProcessPoolExecutor:
    """``workers`` processes that play games (``_play_tables``), each with the ruleset loaded once."""
    _WORKER.update(ruleset=ruleset, source=(ruleset.name, list(content)))  # what forked workers inherit
    return ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(ruleset.name, list(content)))


def _play_tables(plan: list[Table], content_hash: str | None = None) -> list[dict]:
    ruleset = _WORKER["ruleset"]
    if content_hash is not None and ruleset.hash != content_hash:
        raise GameFailed(plan[0].seed, f"a worker loaded other content than the main process (hash {ruleset.hash}, "
                                       f"not {content_hash}): were files changed during the run, or is --content "
                                       "missing?")
    return [play_game(ruleset, list(table.seats), table.seed, table.first) for table in plan]


def play_game(ruleset, seats: list[Seat], seed: int, first: int | None = None) -> dict:
    """One whole bot game, as a small dict of plain values (sent back from a worker).

    ``seats`` are in clockwise order; ``first``: the index of the seat that should start (see
    lab.designs), else the roll decides. The bot in seat ``k`` draws from seed ``seed * 31 + k``."""
    from .bots import make_bot
    from .engine.game import Game

    try:
        colours = [s.colour for s in seats]
        order = colours
        if first is not None:
            probe = Game(ruleset, colours, seed, races=_races(seats))
            order = seat_list(colours, first, probe.turn_order[0])
        game = Game(ruleset, order, seed, races=_races(seats))
        bots = {s.colour: make_bot(s.bot, seed * 31 + i) for i, s in enumerate(seats)}
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
        "first": game.players[game.turn_order[0]].name,
        "winners": list(game.winners()),
        "scores": dict(game.scores()),
        "used": {c: dict(sorted(owned[c].used.items())) if c in owned else {} for c in colours},
        "changed": {c: _nonzero(getattr(owned[c], "changed", {})) if c in owned else {} for c in colours},
        "credits": {c: _nonzero(getattr(owned[c], "brought", {})) if c in owned else {} for c in colours},
        "unlocked": {c: dict(sorted(owned[c].unlocked.items())) if c in owned else {} for c in colours},
        "decisions": decisions,
    }


def _nonzero(counts) -> dict:
    return {k: v for k, v in sorted(counts.items()) if v}


def simulate(ruleset, plan: list[Table], *, content=(), workers: int | None = None,
             progress: bool = False, on_result=None) -> list[dict]:
    """Play the games of ``plan`` (lab.designs.Table) over ``workers`` processes; the results, by seed.

    Each worker loads the ruleset by name with ``content`` (give the paths ``ruleset`` was loaded
    with); a worker that ends up with other content (its hash differs) fails the run. With one
    worker the games run in this process (same code, same results). ``progress`` shows a rich
    progress bar on stderr. A game that raises stops the run with GameFailed, naming its seed.
    ``on_result`` is given each result as it comes back (to keep it before the run ends).
    """
    workers = max(1, min(workers or os.cpu_count() or 1, len(plan)))
    bar = progress_bar(progress)
    results: list[dict] = []
    if workers == 1:
        _init_worker(ruleset.name, list(content), ruleset=ruleset)
        with bar:
            task = bar.add_task("games", total=len(plan))
            for table in plan:
                batch = _play_tables([table])
                results += batch
                for result in batch if on_result else ():
                    on_result(result)
                bar.advance(task)
        return sorted(results, key=lambda r: r["seed"])

    # Small chunks keep the workers busy to the end and the bar moving; the processes are all
    # started by the first submit, before the bar's refresh thread exists (fork and threads).
    chunk = max(1, min(8, len(plan) // (workers * 16)))
    executor = worker_pool(ruleset, content, workers)
    try:
        futures: list[Future] = [executor.submit(_play_tables, plan[i:i + chunk], ruleset.hash)
                                 for i in range(0, len(plan), chunk)]
        failures: list[GameFailed] = []
        with bar:
            task = bar.add_task("games", total=len(plan))
            pending = set(futures)
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)  # each batch as it comes
                for future in done:
                    try:
                        batch = future.result()
                    except GameFailed as err:
                        failures.append(err)
                        continue
                    results += batch
                    for result in batch if on_result else ():
                        on_result(result)
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


def progress_bar(show: bool):
    """A rich progress bar on stderr: games done of all, elapsed time, and the time left (ETA)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    return Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                    TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                    console=Console(stderr=True), disable=not show, transient=False)


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
    skill_changes: dict = field(default_factory=lambda: defaultdict(int))  # skill -> choices its modifiers changed
    skill_credits: dict = field(default_factory=lambda: defaultdict(int))  # skill -> credits it brought

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
    skill_rows: list[tuple]  # (label, module, side, skill, tier, taken share, uses/game, uses/game taken,
    #                            changes/game, credits/game)
    decisions: float  # mean per game
    shared: int  # games won by more than one player
    seat_wins: dict[str, float]  # seat colour -> wins (fractional), first-seat bias at a glance
    design: str = "fixed"
    seat_rows: list = field(default_factory=list)  # (seat, games, wins): by table position (colour)
    turn_rows: list = field(default_factory=list)  # (position in the turn order, games, wins)
    expected: float = 0.0  # the mean win rate of a seat: what "no race differs" tests against
    p_holm: dict = field(default_factory=dict)  # label -> exact binomial p-value, Holm-adjusted
    scores: dict = field(default_factory=dict)  # label -> final credits of each of its games


def aggregate(results: list[dict], ruleset, seats: list[Seat] | None = None, design: str = "fixed") -> Summary:
    """Count the results (in seed order, so the float sums are the same however they were played).

    ``seats`` (as given on the command line) and ``design`` only describe the study in the heading.
    """
    results = sorted(results, key=lambda r: r["seed"])
    with_races = bool(ruleset.value("skills"))
    mixed_bots = len({bot for r in results for bot in r["bots"].values()}) > 1
    sides: dict[str, SideStats] = {}
    seat_wins: dict[str, float] = defaultdict(float)
    scores: dict[str, list] = {}
    for r in results:
        share = 1 / len(r["winners"])
        for colour, race in r["races"].items():
            label = (race or colour) if with_races else colour
            if mixed_bots:
                label += "@" + r["bots"][colour]
            stats = sides.setdefault(label, SideStats(label))
            stats.games += 1
            stats.credits += r["scores"][colour]
            scores.setdefault(label, []).append(r["scores"][colour])
            won = share if colour in r["winners"] else 0.0
            stats.wins += won
            seat_wins[colour] += won
            for skill, uses in r["used"][colour].items():
                stats.skill_uses[skill] += uses
            for skill, changes in r.get("changed", {}).get(colour, {}).items():
                stats.skill_changes[skill] += changes
            for skill, credits in r.get("credits", {}).get(colour, {}).items():
                stats.skill_credits[skill] += credits
            owned = _positions(ruleset, race)
            for skill, (module, side) in owned.items():
                if side == "active" or r["unlocked"][colour].get(module) == side:
                    stats.skill_taken[skill] += 1
            for side in r["unlocked"][colour].values():
                stats.unlocks[side] = stats.unlocks.get(side, 0) + 1
    if with_races:
        sides = dict(sorted(sides.items()))  # else seats stay in seat order
    seat_rows, turn_rows = _positions_won(results)
    seat_games = sum(side.games for side in sides.values())
    expected = sum(side.wins for side in sides.values()) / seat_games if seat_games else 0.0
    p_holm = holm({label: binomial_p(round(side.wins), side.games, expected) for label, side in sides.items()}) \
        if 0 < expected < 1 else {}
    rows = []
    for label, stats in sides.items():
        race = label.split("@")[0]
        positions = _positions(ruleset, race) if with_races else {}
        others = sorted((set(stats.skill_uses) | set(stats.skill_changes) | set(stats.skill_credits)) - set(positions))
        for skill, (module, side) in [*positions.items(), *((s, (None, "other")) for s in others)]:
            taken = stats.skill_taken.get(skill, 0)
            uses = stats.skill_uses.get(skill, 0)
            definition = ruleset.skills.get(skill)
            tier = definition.tier if definition is not None else "?"
            rows.append((label, module, side, skill, tier, taken / stats.games if side != "other" else None,
                         uses / stats.games, uses / taken if taken else None,
                         stats.skill_changes.get(skill, 0) / stats.games, stats.skill_credits.get(skill, 0) / stats.games))
    return Summary(ruleset.name, ruleset.title, ruleset.hash, [r["seed"] for r in results],
                   [f"{s.colour}: {s.race or RANDOM_RACE}@{s.bot}" if with_races else f"{s.colour}: {s.bot}"
                    for s in seats or ()],
                   with_races, sides, rows,
                   sum(r["decisions"] for r in results) / len(results) if results else 0.0,
                   sum(1 for r in results if len(r["winners"]) > 1), dict(seat_wins), design,
                   seat_rows, turn_rows, expected, p_holm, scores)


def _positions_won(results: list[dict]) -> tuple[list, list]:
    """Games and wins by seat (table position, as a colour) and by place in the turn order (1 starts)."""
    seats: dict = {}
    turns: dict = {}
    for r in results:
        table = list(r["races"])
        first = table.index(r["first"]) if r.get("first") in table else 0
        share = 1 / len(r["winners"])
        for index, colour in enumerate(table):
            won = share if colour in r["winners"] else 0.0
            for counts, key in ((seats, (index, colour)), (turns, (index - first) % len(table) + 1)):
                games, wins = counts.get(key, (0, 0.0))
                counts[key] = (games + 1, wins + won)
    return ([(colour, *seats[(i, colour)]) for i, colour in sorted(seats)],
            [(f"{k}{_ordinal(k)}", *turns[k]) for k in sorted(turns)])


def _ordinal(k: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(k if k < 20 else k % 10, "th")


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
    console.print(f"design: {summary.design}")

    what = "race" if summary.with_races else "seat"
    columns = [what, "games", "wins", "win %", "95% CI", "p (Holm)", "credits"]
    results = table(*columns, *(("modules", "racial %") if summary.with_races else ()))
    for label, side in summary.sides.items():
        low, high = wilson(side.wins, side.games)
        p = summary.p_holm.get(label)
        row = [label, str(side.games), wins(side.wins), _pct(side.win_rate), f"[{_pct(low)}, {_pct(high)}]",
               "-" if p is None else f"{p:.3f}", f"{side.credits / side.games:.1f}"]
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
    differ = [label for label, p in summary.p_holm.items() if p <= ALPHA]
    if summary.p_holm:
        console.print(f"p (Holm): two-sided exact binomial test of the {what}'s wins against the mean win rate "
                      f"{_pct(summary.expected)}, Holm-corrected over the {len(summary.p_holm)} {what}s: "
                      + (f"{', '.join(differ)} differ{'s' * (len(differ) == 1)} from the mean at α = {ALPHA}"
                         if differ else f"no {what} differs from the mean at α = {ALPHA}"))
    for title, rows in (("seat advantage (seats by table position, clockwise)", summary.seat_rows),
                        ("first-player advantage (places in the turn order)", summary.turn_rows)):
        if len(rows) < 2:
            continue
        positions = table("seat" if rows is summary.seat_rows else "place", "games", "wins", "win %", "95% CI")
        for name, games, won in rows:
            low, high = wilson(won, games)
            positions.add_row(name, str(games), wins(won), _pct(won / games), f"[{_pct(low)}, {_pct(high)}]")
        console.print()
        console.print(title)
        console.print(positions)
    if not summary.with_races:
        return

    skills = table("race", "module", "skill", "tier", "taken", "uses", "if taken", "changed", "credits")
    previous = None
    for label, module, side, skill, tier, taken, per_game, per_taken, changes, credits in summary.skill_rows:
        skills.add_row(label if plain or label != previous else "", side if module is None else f"{module} {side}",
                       skill, tier.split("/")[0], _pct(taken), f"{per_game:.2f}",
                       "-" if per_taken is None else f"{per_taken:.2f}", f"{changes:.2f}", f"{credits:+.2f}")
        previous = label
    console.print()
    console.print("skills")
    console.print(skills)
    console.print("taken: share of the race's games in which it had the skill; uses: per game, as the engine "
                  "counts them (trigger firings, skill actions, plugin options chosen); if taken: per game in "
                  "which it had the skill; changed: choices per game in which its modifiers changed a parameter "
                  "the rules read (a price, a range, a strength…); credits: credits per game its effects and "
                  "plugin hooks brought its owner")
