"""The kernel's game: one pending decision at a time, options with stable texts, a log that replays.

    game = Game(load_ruleset("beginner"), seats=["red", "blue"], seed=7)
    while not game.is_over:
        game.choose(game.decision.options[0])

The kernel knows games in general and no game in particular. ``Game(ruleset, …)`` makes the game
class that the ruleset names (``game = …``, see ``trian_script.games``); that class declares its
setup, its phases and their options, its end and its winners. The kernel keeps what every game
shares: seats and turn order, the seeded generator, the decision and ``choose`` (atomic: a choice
that fails leaves nothing behind), the step queue, events, parameters, the score ledger, notes,
the log, and copy, undo and pickling.

All randomness comes from ``game.rng`` (seeded), and the state changes only through ``choose``, so
the seats, the seed and the list of chosen texts rebuild the identical game.
"""
from __future__ import annotations

import copy
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from . import effects
from .effects import EffectError
from .options import Structured, texts
from .randomness import applying_choice
from .ruleset import Ruleset
from .snapshot import is_copyable_step

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")


class PluginFailure(RuntimeError):
    """A plugin (a rule, a race's skill, a fan's code) raised while a choice was applied.

    The game is back exactly where it was before the choice, and the log holds nothing of it; the
    message names the plugin and the hook (or option) where it failed, and the original error."""


class IllegalChoice(ValueError):
    """A choice the rules refuse; the game state is unchanged. ``rule`` is the rule id broken."""

    def __init__(self, message: str, rule: str = ""):
        super().__init__(f"{message}" + (f" ({rule})" if rule else ""))
        self.rule = rule


@dataclass(frozen=True)
class Decision:
    player: str
    kind: str  # the game's step (a phase or a finer step), or the kind of what is waiting
    options: Sequence[str]  # the options' texts (written when read, see engine.options)
    prompt: str
    players: tuple[str, ...] = ()  # every player deciding now, when several decide at once
    structured: Sequence = field(default=(), compare=False)  # the options as ``Option(kind, args, text)``

    def __post_init__(self):
        if not self.players:
            object.__setattr__(self, "players", (self.player,))

    @classmethod
    def made(cls, player: str, kind: str, options: Sequence[str], prompt: str, players: tuple = (),
             structured: Sequence = ()) -> Decision:
        """``Decision(...)`` without the frozen dataclass's checks, field by field: one is made for
        every decision of every game."""
        decision = object.__new__(cls)
        decision.__dict__.update(player=player, kind=kind, options=options, prompt=prompt,
                                 players=players or (player,), structured=structured)
        return decision


@dataclass
class ScoreEvent:
    """One change of a player's score, with the reason and the arithmetic that explains it."""

    player: str
    amount: int
    source: str  # what scored: a closed area, a construction, the end of the game…
    explanation: str
    unit: str = ""  # how the game writes its points after the number

    def __str__(self) -> str:
        sign = "" if self.amount < 0 else "+"
        return f"{self.source}: {self.explanation} → {sign}{self.amount}{self.unit} {self.player}"


class Game:
    """What every game has; a game's class (``trian_script.games``) adds its rules.

    A game class sets these class attributes and implements ``setup``, ``options_now``,
    ``prompt_now`` and ``winners``:
    """

    POINTS = "points"  # the player attribute that holds the score
    POINTS_UNIT = ""  # how a score is written after its number
    SCORE_FLOOR: int | None = None  # a score never goes below this (None: no floor)
    PHASE_OF: dict = {}  # the game's steps -> the phase each belongs to (plugins hear phases)
    WAIT_KIND = "reaction"  # the decision kind while a step waits for players (``waiting``)
    RULES = {"players": "", "seats": "", "over": ""}  # rule ids the kernel's refusals cite
    DEFAULT_PIECES: dict = {}  # kind -> properties, for rulesets that declare no ``pieces``
    # attributes worked out again when asked (the options of the decision, a game's own caches): not
    # copied, not pickled, let go when the game ends (``_let_go``)
    CACHES: tuple[str, ...] = ("_options",)

    def __new__(cls, *args, **kwargs):
        if cls is Game:  # Game(ruleset, …) plays the game the ruleset names
            from ..games import game_class

            cls = game_class(args[0] if args else kwargs["ruleset"])
        return super().__new__(cls)

    def __init__(self, ruleset: Ruleset, seats: list[str], seed: int = 0, races: dict[str, str] | None = None,
                 teams: list[list[str]] | None = None):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"a game's seed is a whole number (so its log replays), not {seed!r}")
        low, high = ruleset.value("players.min"), ruleset.value("players.max")
        if not low <= len(seats) <= high:
            raise IllegalChoice(f"this ruleset is for {low} to {high} players, not {len(seats)}", self.RULES["players"])
        if len(set(seats)) != len(seats):
            raise IllegalChoice("every seat needs its own colour", self.RULES["seats"])
        for seat in seats:
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", str(seat)):
                raise IllegalChoice(f"a seat is one word (letters, digits, - or _), not '{seat}'", self.RULES["seats"])
        self.ruleset = ruleset
        self.seed = seed
        self.rng = random.Random(seed)
        self.log: list[str] = []
        self.notes: list[str] = []  # what happened, in words, for people
        self.scores_log: list[ScoreEvent] = []
        self.effects: list = []  # every effect applied (engine.effects), with its reason
        self.checked_zones: list = []  # (name, zone) whose numbers are checked after every choice
        self.players: list = []
        self.races: dict[str, str] = {}  # seat -> the race (faction) it plays, in games that have them
        self.teams: list[list[str]] = [list(t) for t in teams or ()]  # seats that play as one side, if given
        self.turn_order: list[int] = []
        self.current_index = 0
        self.turn = 0
        # Steps still to run; a step that waits for decisions (``waiting``) pauses the queue.
        self.queue: list = []
        self._insert_at = 0  # where the running step's follow-ups go: after its earlier ones
        self.waiting = None  # an object with ``decider``, ``options()`` and ``prompt()``
        self.unscripted: dict[int, int] = {}  # log length -> defaults given there (answer_unscripted)
        self._decision: Decision | None = None
        from ..plugins.dispatch import Hooks

        self.hooks = Hooks(self)
        self.skill_state: dict = {}  # plugins keep their state here, so copies and replays hold it
        with applying_choice():  # setup, too, draws only from self.rng
            self.setup(list(seats), races or {})
            self.hooks.call("trian_game_begin", game=self)
        # what undo and a failed choice replay from: a snapshot (``checkpoint``), or, until one is
        # taken, a new game made with the same arguments (cheaper than a copy of every new game)
        self._origin: Game | None = None
        self._origin_moves = 0
        self._start = (ruleset, list(seats), seed, dict(races) if races else None, teams)

    # -- what a game class provides -----------------------------------------------------------------
    def setup(self, seats: list[str], races: dict[str, str]) -> None:
        raise NotImplementedError

    def options_now(self) -> dict:
        """The legal options of the present step: text -> what choosing it does."""
        raise NotImplementedError

    def prompt_now(self) -> str:
        raise NotImplementedError

    def winners(self) -> list[str]:
        raise NotImplementedError

    @staticmethod
    def compile_content(defs) -> tuple[dict, dict, dict]:
        """The races, skills and special tokens of loaded definitions that this game plays with."""
        return {}, {}, {}

    def board_marks(self) -> list:
        """What stands on the board, for pictures: a list of ``engine.marks.Mark`` (none by default;
        a game with pieces on its board lists them, with closed areas' controllers)."""
        return []

    def broken_invariant(self) -> str:
        """What is wrong with the state after a choice ('' when nothing): the game's zones hold
        whole, non-negative numbers. Checked after every choice; a game may check more."""
        # all the zones' numbers at once (a fraction or a float makes the sum one); the zone to
        # name is looked for only when something is wrong
        counts = [count for _, zone in self.checked_zones for count in zone.values()]
        whole = not counts or (min(counts) >= 0 and isinstance(sum(counts), int))
        for name, zone in () if whole else self.checked_zones:
            counts = zone.values()
            if counts and (min(counts) < 0 or not isinstance(sum(counts), int)):
                return f"zone {name} holds {dict(zone)}"
        for p in self.players:
            points = getattr(p, self.POINTS)
            if isinstance(points, bool) or not isinstance(points, int) or (
                    self.SCORE_FLOOR is not None and points < self.SCORE_FLOOR):
                return f"{p.name}'s score is {points!r}"
        return ""

    def check_zones(self, names: list[str]) -> None:
        """Check these zones' numbers after every choice (a game calls this in its setup)."""
        self.checked_zones = [(name, self.zone(name)) for name in names]

    def refusal(self, text: str) -> tuple[str, str]:
        """Why ``text`` is not an option now: (message, rule id)."""
        return f"'{text}' is not an option now", ""

    # -- the public API -----------------------------------------------------------------------------
    # ``current``, the player whose turn it is, is a plain attribute: it is read several times per
    # choice, and set again whenever ``turn_order`` or ``current_index`` is (games assign ``players``
    # before them).
    @property
    def turn_order(self) -> list[int]:
        """The players' indexes in the order they play (assign a new list to change it)."""
        return self._turn_order

    @turn_order.setter
    def turn_order(self, order: list[int]) -> None:
        self._turn_order = order
        self._seat_current()

    @property
    def current_index(self) -> int:
        """Whose turn it is: a position in ``turn_order``."""
        return self._current_index

    @current_index.setter
    def current_index(self, index: int) -> None:
        self._current_index = index
        self._seat_current()

    def _seat_current(self) -> None:
        order, index = self.__dict__.get("_turn_order"), self.__dict__.get("_current_index", 0)
        self.current = self.players[order[index]] if order and index < len(order) else None

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def phase(self) -> str:
        return self._phase

    @phase.setter
    def phase(self, value: str) -> None:
        """Every change of step goes through here, so plugins hear a phase end and the next begin."""
        old = self.PHASE_OF.get(getattr(self, "_phase", None))
        self._phase = value
        new = self.PHASE_OF.get(value)
        if old != new and "hooks" in self.__dict__ and self.players:
            hooks = self.hooks
            unheard = hooks.unheard  # (every step changes: mostly nobody hears it)
            if old and "trian_phase_end" not in unheard and hooks.heard["trian_phase_end", old]:
                player = self.current.name
                hooks.call("trian_phase_end", player, game=self, player=player, phase=old)
            if new and "trian_phase_begin" not in unheard and hooks.heard["trian_phase_begin", new]:
                player = self.current.name
                hooks.call("trian_phase_begin", player, game=self, player=player, phase=new)

    @property
    def decision(self) -> Decision | None:
        if self._decision is not None:  # asked twice per decision: once by the player, once by choose
            return self._decision
        if self._phase == "over":
            return None
        if self.waiting is not None:
            self._options = self.waiting.options()
            deciders = getattr(self.waiting, "deciders", ())  # several at once (engine.decisions)
            written = texts(self._options)
            self._decision = Decision.made(self.waiting.decider, self.WAIT_KIND, written, self.waiting.prompt(),
                                           tuple(deciders), Structured(self._options, written))
        else:
            options = self._options = self.options_now()
            written = tuple(options) if type(options) is dict else texts(options)  # (most: a plain dict)
            self._decision = Decision.made(self.current.name, self._phase, written, self.prompt_now(), (),
                                           Structured(self._options, written))
        return self._decision

    def choose(self, text: str, player: str | None = None) -> None:
        """Apply one option by its text; an illegal one raises IllegalChoice and changes nothing.

        When several players decide at once, ``player`` (or a ``NAME: `` before the text) says
        whose choice it is; by default it is ``decision.player``'s."""
        if self._phase == "over":
            raise IllegalChoice("the game is over", self.RULES["over"])
        decision = self.decision
        if not (type(text) is str and self.waiting is None and text in self._options):  # (as offered: as it is)
            text = " ".join(str(text).split())  # a text, or an Option (its text)
        options, logged = self._options, text
        if self.waiting is not None and hasattr(self.waiting, "deciders"):  # several decide at once
            player, text = self._whose(decision, text, player)
            options, logged = self.waiting.options(player), f"{player}: {text}"
        elif player not in (None, decision.player):
            raise IllegalChoice(f"it is {decision.player}'s decision, not {player}'s")
        if text not in options:
            raise IllegalChoice(*self.refusal(text))
        apply = options[text]
        self._decision = None
        self._insert_at = 0
        player = player or decision.player
        hooks = self.hooks
        try:
            with applying_choice():  # every draw from self.rng, none from Python's shared generator
                unheard = hooks.unheard
                if "trian_action_begin" not in unheard and hooks.hears("trian_action_begin", None):
                    hooks.call("trian_action_begin", player, game=self, player=player, action=text)
                apply()
                if "trian_action_end" not in unheard and hooks.hears("trian_action_end", None):
                    hooks.call("trian_action_end", player, game=self, player=player, action=text)
                self.pump()
            # the game's own rules and the shipped races are tested; code beyond them is checked
            broken = hooks.runs_code_beyond_shipped and self.broken_invariant()
            if broken:
                raise EffectError(f"the state is broken: {broken}")
        except BaseException as err:  # atomic: whatever failed, the game is as before the choice
            self._rewind(len(self.log))
            if isinstance(err, (IllegalChoice, KeyboardInterrupt)):
                raise
            raise PluginFailure(_failure_message(text, err, apply)) from err
        self.log.append(logged)  # only a choice that was applied whole is logged
        if self._phase == "over":
            self._let_go()

    def answer_unscripted(self, text: str | None = None) -> int:
        """Give their default answer to the pending decisions that a script's next step ``text``
        (a log line, a scenario's option or pattern; None: any other step) is not about.

        A waiting step may have a ``default`` (the answer the engine gave by itself before the
        decision was a player's) and ``claims(text)`` (whether a text answers it); logs and
        scenarios written before such a decision existed thus replay as they did. A default given
        this way is not logged: every replay gives it again. Returns how many were given."""
        given = 0
        while not self.is_over and self.waiting is not None:
            default = getattr(self.waiting, "default", None)
            if default is None or (text is not None and self.waiting.claims(text)):
                break
            self._give_default()
            given += 1
        return given

    def _give_default(self) -> None:
        """The pending decision answered by its default, unlogged; ``unscripted`` remembers how many
        were given after each logged choice, so undo replays them exactly."""
        self.choose(self.waiting.default)
        self.log.pop()
        self.unscripted[len(self.log)] = self.unscripted.get(len(self.log), 0) + 1

    @staticmethod
    def _whose(decision: Decision, text: str, player: str | None) -> tuple[str, str]:
        """(player, option text) of a choice in a decision of several players."""
        name, sep, rest = text.partition(": ")
        if player is None and sep and name in decision.players:
            player, text = name, rest
        player = player or decision.player
        if player not in decision.players:
            raise IllegalChoice(f"{player} is not deciding now, only {', '.join(decision.players)}")
        return player, text

    def scores(self) -> dict[str, int]:
        return {p.name: getattr(p, self.POINTS) for p in self.players}

    def player(self, name: str):
        for p in self.players:  # a plain loop: asked for several times per choice
            if p.name == name:
                return p
        raise StopIteration(name)

    def seat_order_from(self, name: str) -> list:
        """All players clockwise, starting with ``name``."""
        start = next(i for i, p in enumerate(self.players) if p.name == name)
        return [self.players[(start + k) % len(self.players)] for k in range(len(self.players))]

    # -- the step queue -----------------------------------------------------------------------------
    def then(self, *steps) -> None:
        """Run ``steps`` after what the running step queued already, before older work.

        So a move queues what it causes, then the end of the action queues the turn's end, and what
        the move caused is settled first, in the mover's turn. A step is a bound method, a
        ``functools.partial`` or a module-level function, never a closure: a copy of the game must
        run its own steps.
        """
        for step in steps:
            if not is_copyable_step(step):
                raise TypeError(f"a queued step must be a method or a functools.partial, not the closure "
                                f"{getattr(step, '__qualname__', step)!r}: a copy of the game could not run it")
        self.queue[self._insert_at:self._insert_at] = steps
        self._insert_at += len(steps)

    def pump(self) -> None:
        while self.waiting is None and self.queue and self._phase != "over":
            step = self.queue.pop(0)
            self._insert_at = 0
            step()
        self._insert_at = 0
        self._decision = None

    def wait_for(self, waiting) -> None:
        """Pause the queue until ``waiting`` (which offers the decisions) is cleared."""
        self.waiting = waiting
        waiting.start()

    # -- parameters, events, the score ledger ----------------------------------------------------------
    def param(self, name: str, player: str | None = None, **context):
        """A ruleset value for ``player`` (a game with skills applies their modifiers)."""
        return self.ruleset.value(name, len(self.players))

    def emit(self, event: str, subject: str | None, **data) -> None:
        """An event for plugins (``trian_event``); ``subject`` is the player it concerns."""
        self.announce(event, subject, data)

    def announce(self, event: str, subject: str | None, data: dict) -> None:
        """``emit`` with the event's data as a dict (a game that overrides ``emit`` passes it on)."""
        hooks = self.hooks  # most events: no plugin hears them
        if "trian_event" not in hooks.unheard and hooks.heard["trian_event", event]:
            hooks.call("trian_event", subject, game=self, event=event, data=data)

    def has_property(self, kind: str, prop: str) -> bool:
        """Whether pieces of ``kind`` have ``prop`` (the ruleset's ``pieces.KIND = [...]``): rules ask
        for a property ("moves", "blocks"…), never for a kind by name, so a new kind of piece with
        the same properties is treated alike everywhere."""
        return prop in self.piece_properties().get(kind, ())

    def kinds_with(self, prop: str) -> list[str]:
        """The piece kinds that have ``prop``, in the ruleset's order."""
        return [kind for kind, props in self.piece_properties().items() if prop in props]

    def piece_properties(self) -> dict:
        """kind -> its properties, from the ruleset's ``pieces`` (or the game's defaults)."""
        cached = self.ruleset.__dict__.get("_pieces")
        if cached is None:
            declared = self.ruleset.values.get("pieces") or self.DEFAULT_PIECES
            cached = self.ruleset.__dict__["_pieces"] = {k: frozenset(v) for k, v in declared.items()}
        return cached

    def zone(self, name: str):
        """The Counter that zone ``name`` is (a player's supply, a bag…); the game class says which
        names it has. Effects (``move``, ``adjust``) change zones; nothing else should."""
        raise KeyError(f"this game has no zone '{name}'")

    def move(self, kind: str, amount: int, source: str, target: str, reason: str):
        """Move ``amount`` of ``kind`` between two zones, checked and recorded (engine.effects)."""
        return effects.move(self, kind, amount, source, target, reason)

    def adjust(self, zone: str, kind: str, change: int, reason: str):
        """Bring pieces into a zone from outside the game, or take them out (engine.effects)."""
        return effects.adjust(self, zone, kind, change, reason)

    def release(self, waiting) -> None:
        """``waiting`` (a step that waited for decisions) is done: the queue goes on."""
        if self.waiting is waiting:
            self.waiting = None

    def note(self, text: str) -> None:
        self.notes.append(text)

    def score(self, player: str, amount: int, source: str, explanation: str, env: dict | None = None) -> None:
        """Change ``player``'s score with a reason; plugins may add terms to it (``trian_score_terms``)."""
        target = self.player(player)
        held = getattr(target, self.POINTS)
        if amount < 0 and self.SCORE_FLOOR is not None:
            amount = -min(-amount, held - self.SCORE_FLOOR)
        setattr(target, self.POINTS, held + amount)
        self.points_changed(player, amount)
        event = ScoreEvent(player, amount, source, explanation, self.POINTS_UNIT)
        self.scores_log.append(event)
        self.note(str(event))
        if env is not None:
            for terms in self.hooks.call("trian_score_terms", player, game=self, player=player, reason=source,
                                         env=dict(env)):
                for extra, why in terms or ():
                    self.score(player, int(extra), source, why)

    def points_changed(self, player: str, amount: int) -> None:
        """Called after each change of a player's points (a game may note what caused it)."""

    # -- copies, undo, pickling ---------------------------------------------------------------------
    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_decision"] = None  # options are worked out again; their callables belong to this game
        for name in self.CACHES:
            state.pop(name, None)
        return state

    def _let_go(self) -> None:
        """The game is over: it lets go of what it kept to offer options (a finished game offers
        none, and its caches hold references to it, so a program that plays many games would keep
        each one's until Python's cycle collector ran). ``undo`` works them out again."""
        for name in self.CACHES:
            self.__dict__.pop(name, None)

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)

    def copy(self) -> Game:
        """An independent game in the same state. The ruleset and all it compiled are shared."""
        memo = {} if self._origin is None else {id(self._origin): self._origin}  # never changes
        return copy.deepcopy(self, memo)

    def checkpoint(self) -> None:
        """Make the present state the one that ``undo`` and a failed choice replay from.

        Until one is taken, the game's start is the point; a script that changes the state directly
        (a scenario's ``lay`` or ``put``) takes one, since such changes are not in the log."""
        self._origin = None  # the snapshot holds no snapshot
        self._origin = copy.deepcopy(self)
        self._origin_moves = len(self.log)
        self._decision = None

    def undo(self, choices: int = 1) -> None:
        """Take back the last ``choices`` choices, exactly: the state, the generator, the log."""
        left = len(self.log) - self._origin_moves
        if not 0 < choices <= left:
            raise IllegalChoice(f"there {'is' if left == 1 else 'are'} {left} choices to take back, not {choices}")
        self._rewind(len(self.log) - choices)

    def _rewind(self, moves: int) -> None:
        """This game after its first ``moves`` choices: the checkpoint's state, then the choices
        after it replayed (every draw comes from the seeded generator, so the replay is exact)."""
        origin, origin_moves, log = self._origin, self._origin_moves, self.log[:moves]
        given = dict(self.unscripted)  # defaults given after each choice (answer_unscripted)
        start = type(self)(*self._start) if origin is None else origin
        state = copy.deepcopy(start.__getstate__(), {id(start): self})  # its references: to self
        self.__dict__.clear()
        self.__setstate__(state)
        self._origin, self._origin_moves = origin, origin_moves
        for index, text in enumerate(log[origin_moves:], origin_moves):
            for _ in range(given.get(index, 0) - self.unscripted.get(index, 0)):
                self._give_default()
            self.choose(text)
        for _ in range(given.get(moves, 0) - self.unscripted.get(moves, 0)):
            self._give_default()


def _failure_message(option: str, err: BaseException, apply) -> str:
    """What failed while ``option`` was applied: the hook and plugin (from the notes the dispatcher
    adds, the traceback, or the plugin that offered the option), the error, and that nothing of
    the choice was kept."""
    where = "; ".join(getattr(err, "__notes__", ())) or _plugin_in_traceback(err) or _offered_by(apply) \
        or "the rules"
    return (f"'{option}' failed in {where}: {type(err).__name__}: {err}. "
            "The game is as it was before this choice, and the log does not hold it.")


def _offered_by(apply) -> str:
    """The skill plugin whose option ``apply`` is, as words ('' for the game's own options)."""
    from ..plugins.skill_plugin import SkillPlugin

    while True:
        inner = getattr(apply, "__wrapped__", None) or getattr(apply, "func", None)
        if inner is None:
            break
        apply = inner
    owner = getattr(apply, "__self__", None)
    if isinstance(owner, SkillPlugin):
        return f"the option of {type(owner).__name__} (skill {owner.skill.name} of {owner.owner})"
    return ""


def _plugin_in_traceback(err: BaseException) -> str:
    """The innermost skill plugin method in the traceback of ``err``, as words."""
    from ..plugins.skill_plugin import SkillPlugin

    found, tb = "", err.__traceback__
    while tb is not None:
        owner = tb.tb_frame.f_locals.get("self")
        if isinstance(owner, SkillPlugin):
            found = f"{type(owner).__name__}.{tb.tb_frame.f_code.co_name} (skill {owner.skill.name} of {owner.owner})"
        tb = tb.tb_next
    return found
