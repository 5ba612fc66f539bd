"""Game logs: a header (ruleset, its hash, seats, seed) and one chosen option per line.

Saving a game is writing its log; loading is replaying it. The text is meant to be read, diffed and
pasted into bug reports.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..dsl.diagnostics import DiagnosticError, Position, Report
from .game import Game, IllegalChoice
from .ruleset import load_ruleset

MAGIC = "# trian-script game log"


def dump(game: Game) -> str:
    header = [MAGIC, f"ruleset: {game.ruleset.name}", f"ruleset-hash: {game.ruleset.hash}",
              f"seats: {' '.join(p.name for p in game.players)}", f"seed: {game.seed}"]
    if game.races:
        header.append("races: " + " ".join(f"{seat}={race}" for seat, race in game.races.items()))
    if game.teams:
        header.append("teams: " + " ".join("+".join(team) for team in game.teams))
    header.append("---")
    return "\n".join(header + game.log) + "\n"


@dataclass
class LogFile:
    ruleset: str
    ruleset_hash: str
    seats: list[str]
    seed: int
    moves: list[tuple[int, str]]  # (line number, option text)
    header_lines: dict[str, int] = field(default_factory=dict)  # header key -> line number
    races: dict[str, str] = field(default_factory=dict)  # seat -> race
    teams: list = field(default_factory=list)  # the seats of each team, when teams were given


def parse(text: str, filename: str) -> LogFile:
    report = Report()
    report.sources[filename] = text
    lines = text.split("\n")
    header: dict[str, str] = {}
    where: dict[str, int] = {}
    body_start = None
    for number, line in enumerate(lines, 1):
        if line.strip() == "---":
            body_start = number
            break
        if line.startswith("#") or not line.strip():
            continue
        key, sep, value = line.partition(":")
        if not sep:
            report.add("TS401", "a header line is 'key: value'", Position(filename, number, 1, len(line) + 1))
        header[key.strip()] = value.strip()
        where[key.strip()] = number
    for key in ("ruleset", "seats", "seed"):
        if key not in header:
            report.add("TS401", f"the log has no '{key}:' line", Position(filename, 1, 1, 2))
    if "seed" in header and not _is_int(header["seed"]):
        line = lines[where["seed"] - 1]
        report.add("TS401", f"the seed is a whole number, not '{header['seed']}'",
                   Position(filename, where["seed"], 1, len(line) + 1))
    if body_start is None:
        report.add("TS401", "the log has no '---' line before its moves", Position(filename, len(lines), 1, 2))
    if report:
        raise DiagnosticError(report)
    moves = [(n, line.strip()) for n, line in enumerate(lines[body_start:], body_start + 1) if line.strip()]
    races = dict(item.partition("=")[::2] for item in header.get("races", "").split())
    teams = [team.split("+") for team in header.get("teams", "").split()]
    return LogFile(header["ruleset"], header.get("ruleset-hash", ""), header["seats"].split(), int(header["seed"]), moves,
                   where, races, teams)


def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


MAX_LOG_BYTES = 64 * 1024 * 1024


def _read_log(path: Path) -> str:
    """A log's text; a damaged one (not UTF-8, too big, not a file) is a diagnostic, not a crash."""
    report = Report()
    try:
        if path.stat().st_size > MAX_LOG_BYTES:
            raise ValueError(f"it is over {MAX_LOG_BYTES} bytes")
        with open(path, "rb") as handle:
            return handle.read(MAX_LOG_BYTES + 1).decode("utf-8")
    except UnicodeDecodeError as err:
        report.add("TS401", f"the log is not UTF-8 text (byte {err.start})", Position(str(path)))
    except (OSError, ValueError) as err:
        report.add("TS401", f"the log cannot be read: {err}", Position(str(path)))
    raise DiagnosticError(report)


def replay(path: Path, paths=()) -> Game:
    """Rebuild a game from its log file; a move the rules refuse is reported at its line."""
    text = _read_log(Path(path))
    log = parse(text, str(path))
    try:
        game = Game(load_ruleset(log.ruleset, paths), log.seats, log.seed, log.races, log.teams or None)
    except IllegalChoice as err:  # too few or too many seats, a colour twice (NO-1.2, NO-2.1)
        report = Report()
        report.sources[str(path)] = text
        number = log.header_lines.get("seats", 1)
        report.add("TS402", f"seats refused: {err}",
                   Position(str(path), number, 1, len(text.split("\n")[number - 1]) + 1))
        raise DiagnosticError(report) from None
    for number, move in log.moves:
        try:
            game.answer_unscripted(move)  # picks that were the engine's own when the log was written
            game.choose(move)
        except IllegalChoice as err:
            report = Report()
            report.sources[str(path)] = text
            changed = not game.ruleset.plays_like(log.ruleset_hash)
            report.add("TS402", f"move refused: {err}", Position(str(path), number, 1, len(move) + 1),
                       hint=f"the log was written with another version of ruleset '{log.ruleset}' (hash "
                            f"{log.ruleset_hash}, now {game.ruleset.hash}): a rule changed since, see CHANGELOG.md"
                       if changed else "the log was edited, or does not belong to this ruleset")
            raise DiagnosticError(report) from None
    game.log_hash = log.ruleset_hash  # the caller may say when it differs from the ruleset's
    return game
