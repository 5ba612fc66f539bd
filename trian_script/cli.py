"""The ``trian`` command: play games, replay and draw them, validate content, study tilesets and races.

A user mistake prints a diagnostic report and exits 1; it never shows a traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .dsl.diagnostics import DiagnosticError


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    from .plugins.manager import PluginError, trust

    for folder in getattr(args, "trust", None) or []:
        trust(folder)
    missing = [p for p in _given_paths(args) if not p.exists()]
    if missing:  # a path on the command line that is not there is a usage error
        print(f"error: no such file or folder: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    try:
        return args.run(args) or 0
    except DiagnosticError as err:
        # 2 when only the command line was wrong (an unknown ruleset name), 1 for content
        if all(d.position.file == "<command line>" for d in err.report.diagnostics):
            for d in err.report.diagnostics:  # one line each, like every other usage error
                print(f"error: {d.message}" + "".join(f"; {x}" for x in (d.hint, d.expected) if x), file=sys.stderr)
            return 2
        print(err.report.render(), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and closed early
        sys.stderr.close()
        return 0
    except PluginError as err:  # a plugin that may not or cannot be loaded
        print(f"error: {err}", file=sys.stderr)
        return 2
    except Exception as err:  # content the game cannot play with: one line, never a traceback
        if os.environ.get("TRIAN_DEBUG"):
            raise
        where = "".join(f"\n  in {note}" for note in getattr(err, "__notes__", ()))
        print(f"error: {type(err).__name__}: {err}{where}\n(the rules or content in use cannot go on; "
              "set TRIAN_DEBUG=1 to see where)", file=sys.stderr)
        return 1


def _given_paths(args) -> list[Path]:
    """The files and folders named on the command line (content, logs, paths to validate)."""
    paths = [*(getattr(args, "content", None) or []), *(getattr(args, "trust", None) or []),
             *(getattr(args, "paths", None) or [])]
    if getattr(args, "run", None) is cmd_replay:
        paths.append(args.log)
    if getattr(args, "resume", None):
        paths.append(args.resume)
    return [Path(p) for p in paths]


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("trian-script")
    except PackageNotFoundError:
        return "(not installed)"


def add_trust(command) -> None:
    command.add_argument("--trust", action="append", type=Path, default=[], metavar="DIR",
                         help="run the Python plugins of content in DIR (content runs no code otherwise)")


EXAMPLES = """examples:
  trian play --players 3 --seed 7                      a whole bot game, and its summary
  trian play --seat red=human --log my.log             you play red at the terminal (type help)
  trian play --resume my.log                           go on with a saved game
  trian replay my.log --html my.html                   a page stepping through the game
  trian new race star-folk && trian validate star-folk.trian
  trian simulate --games 200 --seats star-folk,xemh --content star-folk.trian
Every command has its own help: trian play --help. The guide: docs/guide.md.
exit codes: 0 ok, 1 content or rule errors, 2 usage errors."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="trian", description=__doc__.splitlines()[0], epilog=EXAMPLES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"trian-script {_version()}")
    sub = parser.add_subparsers(metavar="COMMAND")

    validate = sub.add_parser(
        "validate", help="check DSL or JSON files and folders; exit 1 with diagnostics",
        epilog="examples:\n  trian validate                      the shipped content\n"
               "  trian validate star-folk.trian\n  trian validate --content my-races/ test_star_folk.trian",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    validate.add_argument("paths", nargs="*", type=Path, help="files or folders (default: the shipped content)")
    validate.add_argument("--content", "--races-dir", action="append", type=Path, default=[], metavar="PATH",
                          help="more files or folders the checked ones use, e.g. the races a scenario seats (repeatable)")
    validate.set_defaults(run=cmd_validate)

    play = sub.add_parser(
        "play", help="play a game with bots (and people) and print its summary",
        epilog="examples:\n  trian play --players 3 --seed 7 --log game.log\n"
               "  trian play --ruleset beginner --seat red=human --race red=xemh\n"
               "  trian play --content my-races/ --race red=star-folk --svg end.svg\n  trian play --resume game.log",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--ruleset", default="new_order", help="ruleset or variant (default: new_order, with races)")
    play.add_argument("--bot", default="greedy", help="bot for every seat not given with --seat (greedy, random, "
                                                      "mcts:200 iterations or mcts:0.5s per decision)")
    play.add_argument("--seat", action="append", default=[], metavar="COLOUR=WHO",
                      help="who plays a seat: a bot name or 'human' (repeatable), e.g. --seat red=human")
    play.add_argument("--log", type=Path, help="write the game log to this file")
    play.add_argument("--svg", type=Path, metavar="FILE", help="draw the final position to FILE (SVG)")
    play.add_argument("--resume", type=Path, metavar="LOG", help="go on with the game saved in LOG")
    play.add_argument("--content", "--races-dir", action="append", type=Path, default=[], metavar="PATH",
                      help="more DSL files or folders: races, skills, variants (repeatable)")
    play.add_argument("--race", action="append", default=[], metavar="COLOUR=RACE",
                      help="the race of a seat (repeatable); others are drawn at random (NO-2.1)")
    play.add_argument("--verbose", action="store_true", help="print every event of the game")
    play.add_argument("--teams", metavar="A+B,C+D", help="who plays together, in a ruleset with teams "
                      "(deluxe_teams): e.g. red+green,blue+yellow; default: by seat order")
    add_trust(play)
    play.set_defaults(run=cmd_play)

    replay = sub.add_parser(
        "replay", help="replay a game log and print its summary; draw a position or write a replay page",
        epilog="examples:\n  trian replay game.log\n  trian replay game.log --svg board.svg --at 20\n"
               "  trian replay game.log --html game.html", formatter_class=argparse.RawDescriptionHelpFormatter)
    replay.add_argument("log", type=Path)
    replay.add_argument("--content", "--races-dir", action="append", type=Path, default=[], metavar="PATH")
    replay.add_argument("--verbose", action="store_true")
    replay.add_argument("--svg", type=Path, metavar="FILE", help="draw the board (with a legend) to FILE")
    replay.add_argument("--at", type=int, metavar="N", help="with --svg: the position after decision N (default: the end)")
    replay.add_argument("--html", type=Path, metavar="FILE",
                        help="write a page stepping through the game (one file, no network)")
    add_trust(replay)
    replay.set_defaults(run=cmd_replay)

    from . import balance

    simulate = sub.add_parser("simulate", help="bot games on every core: each race's win rate and skill use")
    balance.add_arguments(simulate)
    add_trust(simulate)
    simulate.set_defaults(run=balance.run)

    races = sub.add_parser("races", help="the races: list them, or show one in words")
    races_sub = races.add_subparsers(metavar="ACTION")
    races_list = races_sub.add_parser("list", help="every race found (built-in, installed plugins, --races-dir)")
    races_show = races_sub.add_parser("show", help="a race's skills with their costs and timing, in words")
    races_show.add_argument("name")
    for p in (races_list, races_show):
        p.add_argument("--races-dir", "--content", dest="content", action="append", type=Path, default=[],
                       metavar="DIR", help="a folder of race files (repeatable)")
        p.add_argument("--ruleset", default="new_order")
    races_list.set_defaults(run=cmd_races_list)
    races_show.set_defaults(run=cmd_races_show)
    races.set_defaults(run=lambda args: races.print_help() or 2)

    new = sub.add_parser("new", help="start a new content file from a commented template")
    new_sub = new.add_subparsers(metavar="KIND")
    new_race = new_sub.add_parser("race", help="write NAME.trian: a race that validates, ready to change")
    new_race.add_argument("name", help="the race's name (letters, digits, -)")
    new_race.add_argument("--out", type=Path, default=Path("."), help="folder to write into (default: here)")
    new_race.set_defaults(run=cmd_new_race)
    new.set_defaults(run=lambda args: new.print_help() or 2)

    rules = sub.add_parser("rules", help="about the numbered rules")
    rules_sub = rules.add_subparsers(metavar="ACTION")
    cov = rules_sub.add_parser("coverage", help="list the rules no scenario covers")
    cov.add_argument("paths", nargs="*", type=Path, default=[Path("tests/scenarios")],
                     help="scenario files or folders (default: tests/scenarios)")
    cov.add_argument("--rules", type=Path, help="folder of numbered rules (*.md); default: docs/rules")
    cov.add_argument("--prefix", default="NO-", help="which rule ids to count (default: NO-)")
    cov.add_argument("--content", "--races-dir", action="append", type=Path, default=[], metavar="PATH",
                     help="races and skills of your own, so the skills no scenario covers are named (repeatable)")
    cov.set_defaults(run=cmd_rules_coverage)
    rules.set_defaults(run=lambda args: rules.print_help() or 2)

    tiles = sub.add_parser("tiles", help="study a tileset: stats, simulate, render")
    tiles_sub = tiles.add_subparsers(metavar="ACTION")
    for name, func, text in (
        ("stats", cmd_tiles_stats, "print what the tileset is made of"),
        ("simulate", cmd_tiles_simulate, "lay out every tile by random legal placement"),
        ("render", cmd_tiles_render, "draw every face as an SVG"),
    ):
        p = tiles_sub.add_parser(name, help=text)
        p.add_argument("--tileset", default="new_order", help="tileset name (default: new_order)")
        p.add_argument("--content", action="append", type=Path, default=[], metavar="PATH",
                       help="more DSL/JSON files or folders to load (repeatable)")
        p.set_defaults(run=func)
        if name in ("simulate", "stats"):
            p.add_argument("--ruleset", help="the deck a ruleset plays (its tileset, tiles left out, extra copies)")
            p.add_argument("--players", type=int, default=4, help="with --ruleset: the player count of the deck")
        if name == "simulate":
            p.add_argument("--games", type=int, default=20)
            p.add_argument("--seed", type=int, default=1)
            p.add_argument("--svg", type=Path, help="draw the final board of the last game to this file")
        if name == "render":
            p.add_argument("--out", type=Path, required=True, help="folder for the SVG files")
    tiles.set_defaults(run=lambda args: tiles.print_help() or 2)
    return parser


def cmd_validate(args) -> int:
    from .dsl.loader import load

    defs = load([*args.content, *args.paths])
    if defs.report:
        print(defs.report.render(), file=sys.stderr)
        return 1
    counts = {family: len(blocks) for family, blocks in defs.blocks.items()}
    checked = ", ".join(defs.user_files) if defs.user_files else "the shipped content"
    found = ", ".join(f"{n} {family}{'s' if n != 1 else ''}" for family, n in counts.items() if n)
    print(f"ok: {checked} — no problems ({found} loaded)")
    return 0


def _tileset(args):
    from .content import load_tileset

    if getattr(args, "ruleset", None):  # the deck of a ruleset at a player count (DX-1.2, DX-7.5)
        from dataclasses import replace

        from . import load_ruleset
        from .mechanics.tile_laying import deck

        ruleset = load_ruleset(args.ruleset, args.content)
        tiles = deck.build(ruleset, ruleset.tileset.tiles, args.players)
        return replace(ruleset.tileset, tiles=tiles, title=f"{ruleset.title}, {args.players} players")
    return load_tileset(args.tileset, args.content)


def cmd_play(args) -> int:
    from . import Game, load_ruleset
    from .bots import BOTS, make_bot
    from .engine.game import COLOURS, IllegalChoice
    from .engine.log import replay

    for option, path in (("--log", args.log), ("--svg", args.svg)):
        if path and not _writable(path):
            print(f"error: {option} {path}: cannot write there (is the folder there, and yours?)", file=sys.stderr)
            return 2
    if args.resume:
        game = replay(args.resume, args.content)
        seats = [p.name for p in game.players]
        args.log = args.log or args.resume
    else:
        ruleset = load_ruleset(args.ruleset, args.content)
        if not 1 <= args.players <= len(COLOURS):
            print(f"error: --players must be 1 to {len(COLOURS)}", file=sys.stderr)
            return 2
        seats = list(COLOURS[: args.players])
    teams = None
    if args.teams and not args.resume:
        from .mechanics import sides

        teams = sides.parse(args.teams)
        try:
            if not ruleset.values.get("teams", {}).get("size"):
                raise sides.TeamError(f"the ruleset '{ruleset.name}' is not played in teams")
            sides.check(teams, seats)
        except sides.TeamError as err:
            print(f"error: --teams {args.teams}: {err}", file=sys.stderr)
            return 2
        seats = sides.interleave(teams)  # turns alternate the teams (DX-7.4)
    who = {seat: args.bot.lower() for seat in seats}
    for item in args.seat:
        colour, _, kind = (part.strip().lower() for part in item.partition("="))
        if colour not in who or not (kind == "human" or _bot_spec(kind)):
            wrong = colour if colour not in who else kind
            hint = _did_you_mean(wrong.partition(":")[0], list(who) if colour not in who else [*BOTS, "human"])
            print(f"error: --seat {item}: expected COLOUR=WHO with COLOUR in {', '.join(seats)} "
                  f"and WHO in {', '.join((*BOTS, 'human'))} (mcts takes a budget: mcts:200 or mcts:0.5s){hint}",
                  file=sys.stderr)
            return 2
        who[colour] = kind
    if args.resume:  # who sat at the terminal goes on doing so, unless --seat says otherwise
        given = {item.partition("=")[0].strip().lower() for item in args.seat}
        who.update({seat: "human" for seat in _people_in(args.resume) if seat in who and seat not in given})
    if not _bot_spec(args.bot.lower()):
        print(f"error: unknown bot '{args.bot}' (choose from {', '.join(BOTS)}; mcts:200 or mcts:0.5s)"
              f"{_did_you_mean(args.bot.partition(':')[0], BOTS)}",
              file=sys.stderr)
        return 2
    if not args.resume:
        known = {name.lower(): name for name in ruleset.races}
        races = {}
        for item in args.race:
            colour, _, race = item.partition("=")
            races[colour.strip().lower()] = known.get(race.strip().lower(), race)  # names are not case-sensitive
        try:
            game = Game(ruleset, seats, args.seed, races, teams)
        except IllegalChoice as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    people = [seat for seat, kind in who.items() if kind == "human"]
    players = {seat: (HumanPlayer(args.log, people) if kind == "human" else make_bot(kind, args.seed * 31 + i))
               for i, (seat, kind) in enumerate(who.items())}
    args.people = people
    return _play_on(game, players, args, bool(people))


def _did_you_mean(name: str, known) -> str:
    from .dsl.diagnostics import did_you_mean

    hint = did_you_mean(name.lower(), list(known))
    return f"; {hint}" if hint else ""


def _bot_spec(spec: str) -> bool:
    """Whether ``spec`` names a bot with a valid budget (greedy, random, mcts:200, mcts:0.5s)."""
    from .bots import BotSpecError, bot_factory

    try:
        bot_factory(spec)
    except BotSpecError:
        return False
    return True


def _writable(path: Path) -> bool:
    folder = path.parent if str(path.parent) else Path(".")
    return folder.is_dir() and os.access(folder, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))


PEOPLE = "# people at the terminal:"  # a comment line of the log: --resume seats them again


def _save(game, path: Path | None, people=()) -> None:
    from .engine.log import dump

    if path:
        magic, _, rest = dump(game).partition("\n")
        note = f"{PEOPLE} {' '.join(people)}\n" if people else ""
        path.write_text(f"{magic}\n{note}{rest}", encoding="utf-8")


def _people_in(log: Path) -> list[str]:
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith(PEOPLE):
            return line[len(PEOPLE):].split()
        if line.strip() == "---":
            break
    return []


def _play_on(game, players: dict, args, people: bool) -> int:
    """The game loop: bots and people choose until the end; a person may leave (quit, end of input,
    Ctrl-C) and the log keeps the game for ``--resume``."""
    from .games.new_order.summary import summary

    shown = len(game.notes)
    try:
        while not game.is_over:
            choice = players[game.decision.player].choose(game)
            if choice is None:  # a person's command changed the game (undo): ask again
                shown = min(shown, len(game.notes))
                continue
            game.choose(choice)
            if args.verbose or people:
                print("\n".join(game.notes[shown:]))
                shown = len(game.notes)
    except (EOFError, KeyboardInterrupt, QuitGame) as stop:
        _save(game, args.log, getattr(args, "people", ()))
        where = f"; the log is in {args.log} (go on with: trian play --resume {args.log})" if args.log else ""
        print(f"\nthe game is left after {len(game.log)} decisions{where}", file=sys.stderr)
        return 0 if isinstance(stop, QuitGame) else 1
    except Exception:  # a crash (content the rules cannot go on with): the game so far is kept
        _save(game, args.log, getattr(args, "people", ()))
        if args.log:
            print(f"the game so far ({len(game.log)} decisions) is in {args.log}", file=sys.stderr)
        raise
    if args.verbose:
        print("\n".join(game.notes[shown:]))
    print(game.summary() if hasattr(game, "summary") else summary(game))
    if args.log:
        _save(game, args.log, getattr(args, "people", ()))
        print(f"log written to {args.log} (replay with: trian replay {args.log})")
    if getattr(args, "svg", None):
        from .render import board_svg

        args.svg.write_text(board_svg(game), encoding="utf-8")
        print(f"the final position is drawn in {args.svg}")
    return 0


class QuitGame(Exception):
    """A person typed ``quit``."""


HELP = """commands:
  NUMBER or TEXT  choose that option
  help            this list, and what the options of this decision are
  undo            take back your last choice (and the bots' choices after it)
  save [FILE]     write the log (to FILE, or to --log)
  board [FILE]    print the board and the options again (and draw it to FILE.svg)
  quit            save the log and leave (go on later with: trian play --resume LOG)"""


def completer(decision):
    """Tab completes the option texts of ``decision`` and the commands, from what is typed."""
    from prompt_toolkit.completion import WordCompleter

    return WordCompleter([*decision.options, "help", "undo", "save", "board", "quit"], sentence=True)


class HumanPlayer:
    """A person at the terminal: numbered options or typed texts, and commands that forgive."""

    def __init__(self, log: Path | None = None, people=()):
        self.log = log
        self.people = list(people)  # the seats played at the terminal, noted in saved logs
        self.mine: list[int] = []  # how long the log was before each of this person's choices
        self.session = None  # prompt_toolkit's, at a terminal: history, and Tab completes options

    def _ask(self, decision) -> str:
        if self.session is None:
            if not (sys.stdin.isatty() and sys.stdout.isatty()):
                return input("> ")  # piped input: plain lines
            from prompt_toolkit import PromptSession

            self.session = PromptSession()
        return self.session.prompt("> ", completer=completer(decision), complete_while_typing=False)

    def choose(self, game) -> str | None:
        decision = game.decision
        self._show(game, decision)
        while True:
            answer = self._ask(decision).strip()
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return self._chosen(game, decision.options[int(answer) - 1])
            if answer in decision.options:
                return self._chosen(game, answer)
            command, _, rest = answer.partition(" ")
            if command == "help":
                print(HELP + "\n" + _explain(game, decision))
            elif command == "undo":
                if self._undo(game):
                    return None
            elif command == "save":
                self._save_to(game, Path(rest) if rest else self.log)
            elif command == "board":
                self._show(game, decision)
                if rest:
                    self._draw_to(game, Path(rest))
            elif command == "quit":
                raise QuitGame()
            else:
                print(f"  type a number from 1 to {len(decision.options)}, an option's text, or help")

    def _chosen(self, game, text: str) -> str:
        self.mine.append(len(game.log))
        return text

    def _undo(self, game) -> bool:
        if not self.mine:
            print("  nothing of yours to take back")
            return False
        back = len(game.log) - self.mine.pop()
        game.undo(back)
        print(f"  took back {back} choice{'s' if back > 1 else ''}")
        return True

    def _save_to(self, game, target: Path | None) -> None:
        if target is None:
            print("  save FILE, or start with --log FILE")
        elif not _writable(target):
            print(f"  cannot write {target}")
        else:
            _save(game, target, self.people)
            print(f"  saved to {target}")

    @staticmethod
    def _draw_to(game, target: Path) -> None:
        from .render import board_svg

        if not _writable(target):
            print(f"  cannot write {target}")
            return
        target.write_text(board_svg(game), encoding="utf-8")
        print(f"  the board is drawn in {target}")

    @staticmethod
    def _show(game, decision) -> None:
        from .games.new_order.view import text_map

        if not hasattr(game, "drawn"):  # another game than New Order: the player, the scores, the options
            print(f"\n{game.player(decision.player)}; scores {game.scores()}\n{decision.player}, {decision.prompt}"
                  "  (type help for the commands)")
            for number, text in enumerate(decision.options, 1):
                print(f"  {number:>3}. {text}")
            return
        me = game.player(decision.player)
        print("\n" + text_map(game))
        if game.drawn is not None and decision.kind == "place":
            print(f"drawn: {game.drawn.id} — " + "  ".join(
                f"{'ab'[i]}: {' '.join(face.edges)}" for i, face in enumerate(game.drawn.faces)))
        print(f"{decision.player}, {decision.prompt} — {me.credits}¢, minerals {dict(+me.minerals) or 'none'}, "
              f"combat tokens {me.tokens or 'none'}  (type help for the commands)")
        for number, text in enumerate(decision.options, 1):
            print(f"  {number:>3}. {text}")


def _explain(game, decision) -> str:
    """What this decision's options are, by kind; the prices and the skills of the person deciding."""
    from .games.new_order.help import help_text

    kinds = sorted({o.kind for o in decision.structured})
    return f"this decision: {decision.prompt}\n" + help_text(game, decision.player, kinds)


def cmd_replay(args) -> int:
    from .engine.log import replay
    from .games.new_order.summary import summary

    if not args.log.is_file():
        print(f"error: no such log file: {args.log}", file=sys.stderr)
        return 1
    for option, path in (("--svg", args.svg), ("--html", args.html)):
        if path and not _writable(path):
            print(f"error: {option} {path}: cannot write there (is the folder there, and yours?)", file=sys.stderr)
            return 2
    if args.at is not None and not args.svg:
        print("error: --at N goes with --svg FILE (the position to draw)", file=sys.stderr)
        return 2
    game = replay(args.log, args.content)
    if args.svg or args.html:
        return _pictures(game, args)
    if game.log_hash and not game.ruleset.plays_like(game.log_hash):
        print(f"note: {args.log} was written with another version of ruleset '{game.ruleset.name}' (hash "
              f"{game.log_hash}, now {game.ruleset.hash}); every move still replays", file=sys.stderr)
    if args.verbose:
        print("\n".join(game.notes))
    print(game.summary() if hasattr(game, "summary") else summary(game))
    if not game.is_over:
        print(f"error: {args.log} ends after {len(game.log)} decisions, before the game is over", file=sys.stderr)
        return 1
    return 0


def _pictures(game, args) -> int:
    """``replay --svg`` (the position after decision N) and ``replay --html`` (the whole game)."""
    from .render import board_svg
    from .render.replay_page import replay_html, replay_to

    if args.svg:
        at = len(game.log) if args.at is None else args.at
        if not 0 <= at <= len(game.log):
            print(f"error: --at {at}: {args.log} has decisions 0 to {len(game.log)}", file=sys.stderr)
            return 2
        args.svg.write_text(board_svg(replay_to(game, at)), encoding="utf-8")
        print(f"wrote {args.svg}: the board after decision {at} of {len(game.log)}")
    if args.html:
        args.html.write_text(replay_html(game, f"{args.log.name}: {game.ruleset.title}, seed {game.seed}"),
                             encoding="utf-8")
        print(f"wrote {args.html}: {len(game.log)} decisions (open it in a browser; ← → step through)")
    return 0


def cmd_rules_coverage(args) -> int:
    from .coverage import coverage, rules_dir
    from .dsl.loader import load_or_raise

    folder = args.rules or rules_dir()
    if folder is None or not folder.is_dir():
        print("error: no rules folder found; give one with --rules DIR", file=sys.stderr)
        return 2
    report = coverage(load_or_raise([*args.content, *args.paths]), folder, args.prefix)
    if not report.rules:
        print(f"error: no {args.prefix}* rule ids in {folder}", file=sys.stderr)
        return 2
    covered = len(report.rules) - len(report.missing)
    print(f"{covered} of {len(report.rules)} {args.prefix}* rules covered by scenarios ({report.share:.0%})")
    if report.missing:
        print("not covered: " + ", ".join(report.missing))
    if report.skills:
        done = len(report.skills) - len(report.missing_skills)
        print(f"{done} of {len(report.skills)} skills have a scenario")
        if report.missing_skills:
            print("skills with no scenario: " + ", ".join(report.missing_skills))
    return 0


def cmd_races_list(args) -> int:
    from .content_races import race_table

    print(race_table(args.ruleset, args.content))
    return 0


def cmd_races_show(args) -> int:
    from .content_races import describe_race

    text = describe_race(args.ruleset, args.name, args.content)
    print(text)
    return 0


def cmd_new_race(args) -> int:
    from .content_races import new_race_file

    path = new_race_file(args.name, args.out)
    print(f"wrote {path} — check it with: trian validate {path}; play it with: "
          f"trian play --ruleset new_order --races-dir {args.out} --race red={args.name}")
    return 0


def cmd_tiles_stats(args) -> int:
    from .board.simulate import composition

    tileset = _tileset(args)
    print(f"{tileset.title} ({tileset.name}): {tileset.grid.name} grid, {tileset.segments} segments per edge")
    for key, value in composition(tileset).items():
        if isinstance(value, dict):
            print(f"{key}:")
            for k, v in value.items():
                print(f"  {k:<12} {v}")
        else:
            print(f"{key + ':':<14} {value}")
    return 0


def cmd_tiles_simulate(args) -> int:
    from .board.simulate import simulate

    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    tileset = _tileset(args)
    report = simulate(tileset, args.games, args.seed)
    print(f"{tileset.title}: {len(tileset.tiles)} tiles, seed {args.seed}")
    print("\n".join(report.lines(tileset.areas)))
    if args.svg:
        from .render.svg import board_drawing

        args.svg.parent.mkdir(parents=True, exist_ok=True)
        board_drawing(report.last.board).save_svg(str(args.svg))
        print(f"final board of the last game: {args.svg}")
    return 0


def cmd_tiles_render(args) -> int:
    from .render.svg import tiles_sheet

    tileset = _tileset(args)
    written = tiles_sheet(tileset, args.out)
    print(f"wrote {len(written)} files to {args.out} (open {args.out / 'index.html'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
