"""Races and skills at play: parameters and their modifiers, triggers, skill actions, evolution.

A skill says what it does in three tiers, used in this order:

1. ``modify PARAMETER OP VALUE`` — changes a named parameter for its owner (``ship.move += 1``,
   ``battle.tie = win``, ``control.combat-tokens += 1``). Modifiers stack in a fixed order: every
   ``=`` first (the last one acquired wins), then ``+=`` and ``-=``, then ``*=``.
2. ``trigger EVENT if CONDITION -> EFFECT, …`` and ``action PHASE "label" if CONDITION -> EFFECT, …``
   — effects such as ``credits(tiles)``, ``minerals(2)``, ``tokens(1)``, ``discard-set()``.
3. ``plugin "module:Class"`` — a SkillPlugin subclass with hooks, for what needs code.

Safe default scope: a skill acts only while its owner has it (active from the start or unlocked)
and only for its owner — a trigger fires for events whose subject is the owner (the closer of an
area, the player who gains, builds, wins…) unless the skill says ``scope = any``.
"""
from __future__ import annotations

from ...immutable import shared

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache, partial
from operator import attrgetter
from string import Formatter

from ...dsl.expressions import BOUND, LAZY, Formula, Late, compile_formula, literal
from ...dsl.parser import lark_parser
from .skill_targets import (CONDITION_GUARDS, GUARDS, PER_TILE, SOURCES, Target, ship_like_tokens,
                            sources, target_effects, target_values, token_on)

# Parameters that are not ruleset values, with their defaults (skills and plugins may add more).
ENGINE_PARAMETERS = {
    "ship.passes": [],            # features ships may fly through (gas, nebula)
    # a tile showing one of these (a feature or a property) is closed to moving ships, even along its
    # outer space (tile legend p. 29: gas cloud, Trian extractor: "ships may not pass through this tile")
    "ship.barred-tiles": ["gas", "extractor"],
    "battle.roll": 0,             # added to a clash roll; per unit: battle.roll.rogue, .corvette, .emissary
    "battle.tie": "both-lose",    # "win": the owner's units win every tie
    "battle.rogue-vs-corvette": "corvette-wins",  # "clash": Rogues fight Corvettes with dice
    "exmitter.immune": False,     # exmitters do not affect the owner's units
}
EVENTS = {
    # event: (its subject, the names a trigger condition may read besides the owner's state)
    "area-closed": ("closer", {"kind", "tiles", "emissaries", "extractors", "planets", "controller", "closer"}),
    "control-taken": ("controller", {"kind", "tiles", "controller"}),
    "minerals-gained": ("player", {"colour", "count", "source", "player"}),
    "station-built": ("player", {"level", "kind", "tiles", "emissaries", "player", "cell", "income"}),
    "battle-won": ("winner", {"battle", "winner", "loser", "unit"}),
    "tile-placed": ("player", {"player", "teleport", "exmitter", "outpost"}),
    "unit-placed": ("player", {"player", "unit"}),
    "unit-moved": ("player", {"player", "unit", "teleported"}),
    "unit-removed": ("player", {"player", "unit", "station"}),
    "module-unlocked": ("player", {"player", "skill", "side"}),
    "turn-begin": ("player", {"player"}),
    "turn-end": ("player", {"player"}),
    # each player in a battle when it begins (a ship battle: its attacker; the ships it attacks meet
    # it at their clash), and each player of a clash when its dice are read (``winner``: none on a tie)
    "battle-begin": ("player", {"battle", "attacker", "player"}),
    "clash-end": ("player", {"battle", "player", "won", "total", "winner"}),
}
ACTION_PHASES = ("extraction", "expansion", "exploration", "exploration-free", "clash", "evade", "upkeep")
# what an action of a phase reads besides the owner's state: an ``evade`` action, the attacked token
# and the attacking ship (skill_pieces.TokenBattle)
PHASE_NAMES = {"evade": {"token", "token.cell", "token.region", "token.refuge", "ship", "ship.cell", "ship.player",
                         "ship.kind"}}
OWNER_NAMES = {"credits", "minerals", "distinct-minerals", "tokens", "emissaries-left", "ships-left",
               "research-stations-left", "space-stations-left",
               "turn", "uses-this-turn", "owner", "current", "none", "enemy",
               "minerals.yellow", "minerals.red", "minerals.blue", "minerals.green"}
# effect: its shape — the arguments it takes, for the diagnostics of an effect of the wrong shape
EFFECTS = {
    "credits": "credits(AMOUNT)", "pay": "pay(AMOUNT)", "minerals": "minerals(COUNT) (random, from the bag)",
    "mineral": "mineral(COLOUR[, COUNT]) (from the bag)", "discard": "discard(COLOUR[, COUNT]) (to the bag)",
    "discard-set": "discard-set()", "tokens": "tokens(COUNT)", "discard-token": "discard-token([COUNT])",
    "extra-actions": "extra-actions(COUNT)", "take-from-nebula": "take-from-nebula(COUNT)",
    "roll-bonus": "roll-bonus(AMOUNT)", "teleport": "teleport(UNIT, TARGET) (a chosen unit to a chosen place)",
    "when": "when(CONDITION, EFFECT[, EFFECT…]) (the effects only if the condition holds)",
    "place": "place(TOKEN, PLACE) (one of the owner's special tokens, \"wormhole\", on a chosen place)",
    "move-ship": "move-ship(SHIP, PLACE) (a chosen ship to a chosen place; battles and control follow)",
    "destroy": "destroy(PIECE) (a ship in an area of effect back to its owner's supply)",
    "move-token": "move-token(TOKEN, PLACE) (a chosen special token of the owner to a chosen place)",
    "explode": "explode(TOKEN, FIELD, MINERALS-PER-SHIP) (ships and emissaries in the token's field go home)",
    "swap": "swap(UNIT, UNIT) (two units of the same type exchange places)",
    "gather": "gather(TOKEN, COUNT, FIELD) (COUNT minerals of the owner's choice from closed nebulas in the token's field)",
    "settle": "settle(TOKEN, PART) (the token becomes the owner's emissary on a chosen part, for good)",
    "evade": "evade(TOKEN) (in an evade action: the attacked ship-like token moves to the nearest refuge)",
    "build": "build(PLACE, LEVEL) (a station of that level under the owner's emissary on a chosen place, NO-3.3.3)",
    "send-home": "send-home(UNIT) (a chosen emissary or ship of the owner back to the supply)",
}
# what each effect's arguments are, in order: ``target`` a chosen target (a choice's name, or an area's
# piece and token), ``number`` a formula giving a number, ``kind`` a kind of special token, ``colour``
# a colour or a chosen colour or set, ``any`` anything (a field, a station level, a condition)
ARGUMENTS = {
    "credits": ("number",), "pay": ("number",), "minerals": ("number",), "mineral": ("colour", "number"),
    "discard": ("colour", "number"), "tokens": ("number",), "discard-token": ("number",),
    "extra-actions": ("number",), "take-from-nebula": ("number",), "roll-bonus": ("number",),
    "teleport": ("target", "target"), "place": ("kind", "target"), "move-ship": ("target", "target"),
    "destroy": ("target",), "move-token": ("target", "target"), "explode": ("target", "any", "number"),
    "swap": ("target", "target"), "gather": ("target", "number", "any"), "settle": ("target", "target"),
    "evade": ("target",), "build": ("target", "any"), "send-home": ("target",),
    # the sources of targets and the values a formula calls
    "mineral-sets": ("number",), "teleport-targets": ("target",), "tokens-of-kind": ("kind",),
    "teleportable-near": ("kind",), "token-moves": ("target", "number"), "ship-moves": ("target", "number"),
    "settle-places": ("target",), "units": ("whose",), "token-on": ("target", "kind"), "same-area": ("target", "target"),
    "steps": ("target", "target"), "exmitter-reach": ("target", "any"), "enemy-station": ("target", "any"),
    "token-emissary-at": ("kind", "any"),
}
FIELDS = {"tile": "the token's tile", "edge": "its tile and the tiles sharing an edge",
          "edge-or-corner": "its tile and the 12 tiles sharing an edge or a corner"}
# besides the words: a whole number N, the tiles within N edge steps of the token (its radius)
ENTERING = {"ship": ("cell", "player", "kind")}  # what may enter an area of effect, and its data
AREA_NAMES = {"token", "token.cell"}  # what an area's condition and effects read of the token itself
# the events after which a piece may stand in an area of effect: a ship placed, moved or teleported; a
# tile placed (an exmitter); a module unlocked (a wider field)
SIDES = ("racial", "universal")  # the two sides of a race board's module (NO-3.1.5)
AREA_EVENTS = frozenset({"unit-placed", "unit-moved", "tile-placed", "module-unlocked"})
UNTIL = {"exmitted": "until an exmitter reaches the token's tile (it goes back to the supply)"}
# functions a formula may call for a value (not an effect)
VALUES = {"param": "param(PARAMETER)", "roll": "roll() (the die, from the game's generator)",
          "token-on": "token-on(PLACE, TOKEN) (whether a special token stands on that tile)",
          "same-area": "same-area(UNIT, UNIT) (one outer-space area for ships, one nebula or system for emissaries)",
          "steps": "steps(TARGET, TARGET) (edge steps between their tiles on the grid)",
          "exmitter-reach": "exmitter-reach(PLACE, PLAYER-OR-UNIT) (an exmitter's reach, for that player's units)",
          "enemy-station": "enemy-station(PLACE, PLAYER-OR-UNIT) (another player's station in PLACE's nebula or system)",
          "token-emissary-at": "token-emissary-at(TOKEN, CELL) (the owner's token that became the emissary on CELL)"}
# what a condition may call: every value but a draw (a condition is read whenever options are
# listed, and only the effects of a choice draw from the game's generator)
CONDITION_VALUES = {name: shape for name, shape in VALUES.items() if name != "roll"}
LIMITS = ("turn", "clash", "game")  # once per …
# the properties a piece may have, and what the rules do with them (variants/new_order.trian)
PIECE_PROPERTIES = {
    "ship": "a ship: sent on expeditions, moves through outer space, one per tile, fights ship battles (NO-3.3, NO-4.5)",
    "armed": "wins against an unarmed ship without dice (a Corvette against a Rogue)",
    "blocks": "blocks the enemy emissaries on its tile (NO-4.8)", "protects": "protects its owner's emissary from teleports",
    "plunders": "plunders enemy stations at the end (NO-5.2)", "gathers": "gathers minerals from a closed nebula in phase 1 (NO-3.1.4)",
}


@shared
@dataclass(frozen=True)
class Modifier:
    parameter: str
    op: str
    value: object  # a number, a word, a list, or a Formula
    condition: Formula | None = None  # ``while``: it counts while this holds for the owner
    start: str | None = None  # ``from``: it counts from this event of the owner's on…
    end: str | None = None  # ``until``: …until this one (from when the skill is gained, without ``from``)

    @property
    def always(self) -> bool:
        """It counts for good, from when the skill is gained."""
        return self.condition is None and self.start is None and self.end is None


@shared
@dataclass(frozen=True)
class Trigger:
    event: str
    condition: Formula | None
    effects: tuple[Formula, ...]
    limit: str | None = None  # "turn", "clash" or "game": it fires once per that


@shared
@dataclass(frozen=True)
class Choice:
    name: str
    source: Formula  # a call of one of ``SOURCES``
    where: Formula | None = None
    free: bool = False  # it reads no choice before it: the same targets whatever those picked
    quick: bool = False  # free, among a few things (not one per tile): listed before the others


@shared
@dataclass(frozen=True)
class SkillAction:
    phase: str
    label: str
    condition: Formula | None
    effects: tuple[Formula, ...]
    limit: str | None = None  # "turn", "clash" or "game": it is offered once per that
    choices: tuple[Choice, ...] = ()  # each option is one target of each choice
    early: bool = False  # its condition reads no target: asked once, before the targets are listed
    limit_for: str | None = None  # a choice: the limit counts each of its targets (``once per turn for unit``)
    plain_label: bool = False  # its label names its choices only (``move {token} to {to}``): their words
    counts_uses: bool = False  # its condition or a choice reads ``uses-this-turn`` (the action's own count)
    guards: tuple = ()  # (function, arguments) of ``GUARDS``: False when a choice certainly has no target


@shared
@dataclass(frozen=True)
class AreaOfEffect:
    token: str  # the owner's special tokens of this kind carry the area
    field: Formula  # a word of ``FIELDS``
    enters: str  # what it acts on (``ENTERING``), the name its condition and effects read
    condition: Formula | None
    effects: tuple[Formula, ...]
    until: str | None = None  # ``UNTIL``: when the token leaves the board


@shared
@dataclass(frozen=True)
class Skill:
    name: str
    title: str
    text: str
    when: str
    modifiers: tuple[Modifier, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    actions: tuple[SkillAction, ...] = ()
    plugin: str | None = None
    grants: tuple[tuple[str, int], ...] = ()
    parameters: tuple[tuple[str, object], ...] = ()
    scope: str = "owner"
    folder: str = ""  # where a plugin module beside the skill's file is looked for
    areas: tuple[AreaOfEffect, ...] = ()

    @property
    def tier(self) -> str:
        return "plugin" if self.plugin else "trigger/action" if self.triggers or self.actions or self.areas else "modify"


@shared
@dataclass(frozen=True)
class Race:
    name: str
    title: str
    colour: str
    text: str
    active: tuple[str, ...]
    modules: tuple[tuple[str, str], ...]  # (racial side, universal side) of modules 1..3
    tokens: tuple[tuple[str, int], ...] = ()
    # the race's own kinds of piece: (kind, count on the race board, properties, moves or None)
    pieces: tuple[tuple[str, int, tuple[str, ...], int | None], ...] = ()


def compile_skill(definition: dict, folder: str = "") -> Skill:
    """Compiled once, when the ruleset loads: the effects' functions are bound to a game and a
    player when they run (``Late``), so nothing is parsed again during play."""
    late = {name: Late(name, name in LAZY) for name in (*EFFECTS, *VALUES, *SOURCES)}

    def formula(text, targets=frozenset()):
        """``targets``: the names that hold a chosen target where the formula is used."""
        return compile_formula(text, None, late, targets) if text else None

    modifiers = tuple(Modifier(m["parameter"], m["op"], compile_formula(m["value"]["formula"])
                               if isinstance(m["value"], dict) else m["value"], formula(m.get("while")),
                               m.get("from"), m.get("until")) for m in definition.get("modify", []))
    triggers = tuple(Trigger(t["event"], formula(t.get("if")), tuple(formula(e) for e in t["effects"]),
                             t.get("limit")) for t in definition.get("triggers", []))
    actions = tuple(_action(a, formula) for a in definition.get("actions", []))
    areas = tuple(AreaOfEffect(a["token"], formula(a["field"]), a["enters"],
                               formula(a.get("if"), frozenset({"token", a["enters"]})),
                               tuple(formula(e, frozenset({"token", a["enters"]})) for e in a["effects"]), a.get("until"))
                  for a in definition.get("areas", []))
    return Skill(definition["name"], definition.get("title", definition["name"]), definition.get("text", ""),
                 definition.get("when", ""), modifiers, triggers, actions, definition.get("plugin"),
                 tuple(sorted(definition.get("grants", {}).items())),
                 tuple(sorted(definition.get("parameters", {}).items())), definition.get("scope", "owner"), folder,
                 areas)


def _action(definition: dict, formula) -> SkillAction:
    """A skill action, with what its listing may work out once (``Choice.free``, ``early``)."""
    choices, before = [], []
    targets = frozenset(c["name"] for c in definition.get("choose", ()))
    for c in definition.get("choose", ()):
        source, where = formula(c["from"], targets), formula(c.get("where"), targets)
        free = not _reads(before, source, where)
        per_tile = source.text.partition("(")[0].strip() in PER_TILE  # (a source is a call)
        choices.append(Choice(c["name"], source, where, free, free and not per_tile))
        before.append(c["name"])
    condition, label = formula(definition.get("if"), targets), definition.get("label", "")
    return SkillAction(definition["phase"], label, condition,
                       tuple(formula(e, targets) for e in definition["effects"]), definition.get("limit"), tuple(choices),
                       condition is not None and not _reads(before, condition), definition.get("limit-for"),
                       _names_only(label, before),
                       any("uses-this-turn" in f.names for f in (condition, *(c.source for c in choices),
                                                                 *(c.where for c in choices)) if f is not None),
                       tuple(filter(None, (guard for c in choices for guard in (_guard(c.source), *_where_guards(c.where))))))


class Parameter(str):
    """A guard's argument that is a parameter (``param("decoy.move")``): its value is asked when the
    guard is."""


def _guard(source: Formula) -> tuple | None:
    """(function, arguments) that tells cheaply whether a source may have a target (``GUARDS``),
    when its arguments are constants or parameters; None for the others."""
    return _guard_of(lark_parser().parse(source.text, start="expr"), GUARDS)


def _where_guards(where: Formula | None) -> list:
    """The guards of the calls a ``where`` requires (``CONDITION_GUARDS``: one of the parts joined
    by ``and``), each asked with the call's first argument."""
    if where is None or not any(name in where.text for name in CONDITION_GUARDS):
        return []  # (most conditions call none of them: not parsed again)
    tree = lark_parser().parse(where.text, start="expr")
    parts = tree.children if tree.data == "and_expr" else [tree]
    return [_guard_of(part, CONDITION_GUARDS, 1) for part in parts if part is not None]


def _guard_of(call, guards: dict, count: int | None = None) -> tuple | None:
    """(function, arguments) of the guard of a call of ``guards`` (its first ``count`` arguments,
    all by default), when those are constants or parameters; None for any other node."""
    guard = guards.get(str(call.children[0])) if getattr(call, "data", None) == "call" else None
    args = [a for a in call.children[1:] if a is not None][:count] if guard else []
    if guard is None or len(args) < (count or 0):
        return None
    values = []
    for arg in args:
        if arg.data == "call" and str(arg.children[0]) == "param" and len(arg.children) == 2 \
                and arg.children[1] is not None and arg.children[1].data == "string":
            values.append(Parameter(literal(arg.children[1])))
        elif arg.data in ("number", "string"):
            values.append(literal(arg))
        else:
            return None
    return guard, tuple(values)


def _certainly_none(game, player: str, guards: tuple) -> bool:
    """Whether a guard says a choice of an action has no target now (then the action offers nothing)."""
    for guard, args in guards:
        if Parameter in map(type, args):  # (most arguments are constants: passed as they are)
            args = [game.param(a, player) if type(a) is Parameter else a for a in args]
        if not guard(game, player, *args):
            return True
    return False


def _names_only(label: str, chosen: list) -> bool:
    """Whether every field of a label is a choice's name alone (no ``.data``, no format)."""
    try:
        fields = [(name, spec, conversion) for _, name, spec, conversion in Formatter().parse(label) if name is not None]
    except ValueError:
        return False
    return bool(label) and all(name in chosen and not spec and not conversion for name, spec, conversion in fields)


def _reads(chosen: list, *formulas) -> bool:
    """Whether a formula reads one of the ``chosen`` targets (``stake``, ``stake.count``)."""
    names = {n.partition(".")[0] for f in formulas if f is not None for n in f.names}
    return not names.isdisjoint(chosen)


def compile_race(definition: dict, pieces: dict | None = None) -> Race:
    """``pieces``: the piece blocks' definitions, by kind (a race names those it has)."""
    modules = tuple((m["racial"], m["universal"]) for m in sorted(definition.get("modules", []), key=lambda m: m["module"]))
    own = tuple((kind, count, tuple((pieces or {})[kind].get("is", ())), (pieces or {})[kind].get("moves"))
                for kind, count in sorted(definition.get("pieces", {}).items()) if kind in (pieces or {}))
    return Race(definition["name"], definition.get("title", definition["name"]), definition.get("colour", ""),
                definition.get("text", ""), tuple(definition.get("active", [])), modules,
                tuple(sorted(definition.get("tokens", {}).items())), own)


@dataclass
class Owned:
    """A player's race, the skills they have (in the order acquired) and the modules unlocked."""

    race: Race
    skills: list[Skill] = field(default_factory=list)
    unlocked: dict[int, str] = field(default_factory=dict)  # module number -> "racial"/"universal"
    special: Counter = field(default_factory=Counter)  # special tokens in the supply
    uses: Counter = field(default_factory=Counter)  # (skill, action index) -> uses this turn
    spans: Counter = field(default_factory=Counter)  # (span, skill, "action"/"trigger", index) -> uses
    used: Counter = field(default_factory=Counter)  # skill -> uses in the game (for balance reports)
    changed: Counter = field(default_factory=Counter)  # skill -> choices in which its modifiers changed a value
    brought: Counter = field(default_factory=Counter)  # skill -> credits its effects and plugin hooks brought
    timed: dict = field(default_factory=dict)  # (skill, modifier index) -> whether a from/until change counts now


_UNKNOWN = object()  # a parameter not in the cache (None is a value)


class SkillBook:
    """Every player's skills in one game, and the questions the engine asks them."""

    def __init__(self, game):
        self.game = game
        self.owned: dict[str, Owned] = {}
        self._cache: dict = {}  # tables made from every player's skills (``_kept``)
        self._values: dict = {}  # player -> {parameter or (parameter, context): value} (``param``)
        self._firing = False  # areas of effect are acting
        self._acting: list[tuple] = []  # (owner, skill) of the skills running now, innermost last
        self._event_data: list[dict] = []  # the data of the events whose effects run now, innermost last
        self._changes_seen: tuple = (-1, frozenset())  # (choice, {(skill, parameter)}) counted in it
        self._listing = 0  # options being listed (nested): a changed price then counts for nothing
        self._listed: dict = {}
        self._unkept = 0  # how many parameter values were not kept or counted a skill's change (``derived``)
        self._functions: dict = {}  # functions bound to this game (``functions``, ``_unlock_option``)
        self._written: dict = {}  # (skill, action) -> {the targets' words: the option's text} (``_choice_options``)
        self._asking: set = set()  # ``while`` conditions being worked out (one may read its own parameter)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_functions"] = {}  # closures over this game: a copy or a pickle makes its own
        state["_written"] = {}  # (texts, made again when asked)
        return state

    def let_go(self) -> None:
        """The game is over (``Game._let_go``): the functions and offers bound to it are made again
        when asked."""
        self._functions = {}
        self._written = {}

    # -- setup and evolution --------------------------------------------------------------
    def seat(self, player: str, race: Race) -> None:
        self.owned[player] = Owned(race)
        if race.pieces and self.game.ruleset.value("ships"):
            supply = self.game.player(player).supply
            for kind, count, _, _ in race.pieces:
                supply[kind + "s"] += count  # the race's own pieces on its race board
        for name in race.active:
            self.add(player, self.game.ruleset.skills[name])
        self.owned[player].special.update(dict(race.tokens))

    def add(self, player: str, skill: Skill) -> None:
        owned = self.owned[player]
        owned.skills.append(skill)
        owned.special.update(dict(skill.grants))
        for index, modifier in enumerate(skill.modifiers):
            if modifier.start or modifier.end:  # ``until`` alone: it counts from now until that event
                owned.timed[(skill.name, index)] = modifier.start is None
        self._cache.clear()
        self._forget(player, skill)
        if skill.plugin:
            from ...plugins.manager import load_class

            cls = load_class(skill.plugin, [skill.folder] if skill.folder else None)
            self.game.hooks.add_skill_plugin(player, cls(self.game, player, skill))

    def _forget(self, player: str, skill: Skill) -> None:
        """A skill added to ``player``, or a change of it that starts or ends, changes their
        parameters that its modifiers name (a skill modifies its owner's parameters only; others'
        through a plugin): those values, and what was worked out from any value, are worked out
        again; the other values are kept (each unlocked module would otherwise work out all of them
        again)."""
        known = self._values.get(player)
        if not known:
            return
        if skill.plugin:  # its hooks may change any value at any moment
            del self._values[player]
            return
        changed = {m.parameter for m in skill.modifiers}
        for key in [k for k in known if _changed_by(k, changed)]:
            del known[key]

    def has(self, player: str, skill: str) -> bool:
        owned = self.owned.get(player)
        return bool(owned) and any(s.name == skill for s in owned.skills)

    def evolution_options(self) -> dict:
        """NO-3.1.5: unlock one module a turn, racial side or universal side, the side final (do
        not change the dict: the same offer is made again while the costs and what the player can
        pay stay the same)."""
        game, me = self.game, self.game.current
        name = me.name
        if name not in self.owned:
            return {}
        per_turn, racial, universal, locked = self.derived(name, "evolution", self._evolution, name)
        if game.evolved >= per_turn or not locked:
            return {}
        key = ("offer", locked, racial if me.credits >= racial else None, universal if me.credits >= universal else None)
        offer = self._functions.get(key)
        if offer is None:
            offer = self._functions[key] = dict(self._unlock_option(number, side, skill, cost)
                                                for number, sides in locked
                                                for side, skill, cost in zip(SIDES, sides, key[2:]) if cost is not None)
        return offer

    def _evolution(self, player: str) -> tuple:
        """(unlocks per turn, racial price, universal price, modules still locked) for ``player``
        (NO-3.1.5): a new skill works them out again."""
        prices = (self.game.param(f"evolution.{name}", player) for name in ("per-turn", "racial", "universal"))
        return (*prices, self._kept("locked")[player])

    def _all_locked(self) -> dict:
        """player -> (module number, (racial side, universal side)) of their modules still locked
        (unlocking one adds its skill, which clears the table)."""
        return {player: tuple((number, sides) for number, sides in enumerate(owned.race.modules, 1)
                              if number not in owned.unlocked)
                for player, owned in self.owned.items()}

    def _unlock_option(self, number: int, side: str, skill: str, cost: int) -> tuple:
        """(text, what choosing it does) of unlocking a module side: the same every time it is
        offered (the current player's), so made once."""
        key = ("unlock", number, side, skill, cost)
        known = self._functions.get(key)
        if known is None:
            known = self._functions[key] = (f"unlock module {number} {side} {skill}",
                                            partial(self._unlock, number, side, skill, cost))
        return known

    def _unlock(self, number: int, side: str, name: str, cost: int) -> None:
        game, me = self.game, self.game.current
        skill = game.ruleset.skills[name]
        game.evolved += 1
        self.owned[me.name].unlocked[number] = side
        game.score(me.name, -cost, "evolution", f"module {number}, {side} side: {skill.title} for {cost}¢")
        self.add(me.name, skill)
        game.emit("module-unlocked", me.name, player=me.name, skill=name, side=side)

    # -- parameters ---------------------------------------------------------------------------
    def param(self, name: str, player: str | None, context: dict):
        known = self._values.get(player)
        if known is None:
            known = self._values[player] = {}
        key = (name, tuple(sorted(context.items()))) if context else name
        value = known.get(key, _UNKNOWN)  # asked a few times per decision: one lookup
        if value is not _UNKNOWN:
            return value
        changed = known.get((key, "changers"))
        if changed is not None:  # a value skills changed, kept apart: their change counts again (balance lab)
            self._unkept += 1
            self._count_changes(name, changed[1])
            return changed[0]
        base = self._base(name)
        if name == "ship.move" and context.get("unit") in self.piece_moves():
            base = self.piece_moves()[context["unit"]]  # a race's piece that moves its own distance
        sources: list[tuple[str, str, list]] = []  # (owner, skill, its modifiers of this parameter)
        names = {name} | {f"{name}.{v}" for v in context.values() if isinstance(v, str)}
        conditional = False  # a ``while`` change: the value may differ at any moment, so it is not kept
        owned = self.owned.get(player)
        for skill in owned.skills if owned else ():
            mine = []
            for index, m in enumerate(skill.modifiers):
                if m.parameter in names:
                    conditional = conditional or m.condition is not None
                    if m.always or self._in_force(player, owned, skill, index, m):
                        mine.append((m.op, m.value))
            if mine:
                sources.append((player, skill.name, mine))
        dynamic = self.game.hooks.implemented("trian_modifiers")  # plugin modifiers may change any time
        if dynamic:
            for result in self.game.hooks.call("trian_modifiers", player, game=self.game, player=player,
                                               parameter=name, context=dict(context)):
                sources.append((getattr(result, "owner", player), getattr(result, "skill", None), list(result)))
        mods = [mod for _, _, mine in sources for mod in mine]
        value = apply_modifiers(base, mods, self.game, player)
        changers = self._changers(base, value, sources, player) if sources else ()
        if changers:
            self._count_changes(name, changers)
        kept = not dynamic and not conditional and not any(isinstance(v, Formula) for _, v in mods)
        if kept:  # (a value skills changed is kept apart: ``game.param`` reads the others in one lookup)
            known[(key, "changers") if changers else key] = (value, changers) if changers else value
        if changers or not kept:
            self._unkept += 1
        return value

    def _in_force(self, player: str, owned: Owned, skill: Skill, index: int, modifier: Modifier) -> bool:
        """Whether a change made for a while counts now: between its ``from`` and ``until`` events,
        and while its condition holds for the owner (a condition that reads the parameter it changes
        reads it without this change)."""
        if (modifier.start or modifier.end) and not owned.timed.get((skill.name, index)):
            return False
        if modifier.condition is None:
            return True
        asking = (player, skill.name, index)
        if asking in self._asking:
            return False
        self._asking.add(asking)
        try:
            return bool(modifier.condition(self.owner_env(player, skill, None)))
        except Exception as err:
            _name_the_skill(err, skill, f"the condition of its change of {modifier.parameter}")
            raise
        finally:
            self._asking.discard(asking)

    def derived(self, player: str, key, make, *args):
        """``make(*args)``, a value worked out from ``player``'s parameters alone (their ships'
        rules), kept with them: a new skill makes it again. It is not kept when a parameter it read
        is not kept either (a plugin's or a formula's change may differ at any moment) or counts a
        skill's change at each use (the balance lab)."""
        known = self._values.get(player)
        value = _UNKNOWN if known is None else known.get(("derived", key), _UNKNOWN)
        if value is _UNKNOWN:
            unkept = self._unkept
            value = make(*args)
            if self._unkept == unkept:
                self._values.setdefault(player, {})[("derived", key)] = value
        return value

    def piece_moves(self) -> dict:
        """kind -> the tiles it moves, for the seated races' pieces that say so."""
        return self._kept("piece_moves")

    def _all_piece_moves(self) -> dict:
        return {kind: m for owned in self.owned.values() for kind, _, _, m in owned.race.pieces if m is not None}

    def piece_properties(self) -> dict:
        """kind -> properties of the seated races' own pieces."""
        return {kind: frozenset(props) for owned in self.owned.values() for kind, _, props, _ in owned.race.pieces}

    def _changers(self, base, value, sources: list, player: str | None) -> tuple:
        """The (owner, skill) whose modifiers changed the value: with one source, whether the value
        differs from the base; with several, whether leaving that skill's modifiers out changes it."""
        if value == base:
            return ()
        if len(sources) == 1:
            owner, skill, _ = sources[0]
            return ((owner, skill),) if skill and owner in self.owned else ()
        out = []
        for i, (owner, skill, _) in enumerate(sources):
            rest = [mod for j, (_, _, mine) in enumerate(sources) if j != i for mod in mine]
            if skill and owner in self.owned and apply_modifiers(base, rest, self.game, player) != value:
                out.append((owner, skill))
        return tuple(out)

    def listing(self) -> "_Listing":
        """``with book.listing():`` while the options of a decision are worked out: a changed price
        decides what is offered, but only the choice applied uses it."""
        known = self.__dict__.get("_listing_context")  # one per book: it holds no state of its own
        if known is None:
            known = self._listing_context = _Listing(self)
        return known

    def _count_changes(self, parameter: str, changers) -> None:
        """Count each skill's change of a parameter once per choice applied (a parameter may be
        asked several times while a choice is applied); not while options are listed."""
        if self._listing:
            return
        moment, seen = self._changes_seen
        if moment != len(self.game.log):
            moment, seen = len(self.game.log), frozenset()
        for owner, skill in changers:
            if (skill, parameter) not in seen:
                seen = seen | {(skill, parameter)}
                self.owned[owner].changed[skill] += 1
        self._changes_seen = (moment, seen)

    def credited(self, owner: str, skill: str, run, *args, **kwargs):
        """``run(*args, **kwargs)`` as the doing of ``owner``'s ``skill``: each change of ``owner``'s
        points meanwhile is credited to it (``scored``), unless a skill of the same owner run inside
        it made the change (that one is credited)."""
        acting = self._acting
        acting.append((owner, skill))
        try:
            return run(*args, **kwargs)
        finally:
            acting.pop()

    def scored(self, player: str, amount: int) -> None:
        """``player``'s points changed by ``amount``: credited to the innermost running skill of
        ``player`` (none: the game's own rules did it)."""
        for owner, skill in reversed(self._acting):
            if owner == player:
                owned = self.owned.get(owner)
                if owned is not None:
                    owned.brought[skill] += amount
                return

    def _base(self, name: str):
        """A parameter's value before any skill (the ruleset never changes: looked up once for
        all its games with as many players)."""
        ruleset = self.game.ruleset
        bases = ruleset.__dict__.get("_parameter_bases")
        if bases is None:
            bases = ruleset.__dict__["_parameter_bases"] = {}
        key = (name, len(self.game.players))
        if key not in bases:
            bases[key] = self._ruleset_base(name)
        return bases[key]

    def _ruleset_base(self, name: str):
        try:
            return self.game.ruleset.value(name, len(self.game.players))
        except (KeyError, TypeError):
            pass
        if name in ENGINE_PARAMETERS:
            return ENGINE_PARAMETERS[name]
        for skill in self.game.ruleset.skills.values():
            for pname, default in skill.parameters:
                if pname == name:
                    return default
        raise KeyError(f"unknown parameter '{name}'")

    # -- triggers ---------------------------------------------------------------------------------
    def emit(self, event: str, subject: str | None, data: dict) -> None:
        triggers = self._kept("triggers")
        timed = self._cache["timed"].get(event)  # the changes made for a while: made with the triggers
        if timed:  # a change starts or ends as the event happens: its triggers see the new values
            self._time(timed, subject)
        for player, owned, skill, index, trigger in triggers.get(event, ()):
            if skill.scope == "owner" and subject != player:
                continue
            key = (trigger.limit, skill.name, "trigger", index)
            if trigger.limit and owned.spans[key]:
                continue
            env = Scope(self.owner_env(player, skill, None), data)
            try:
                holds = trigger.condition is None or trigger.condition.evaluate(env)
            except Exception as err:
                _name_the_skill(err, skill, f"the condition of its trigger on {event}")
                raise
            if holds:
                owned.used[skill.name] += 1
                if trigger.limit:
                    owned.spans[key] += 1
                self.credited(player, skill.name, run_effects, self.game, player, skill, trigger.effects, env, data)
        if event in AREA_EVENTS and self._kept("areas"):
            self.fire_areas()

    def _all_timed(self) -> dict:
        """event -> (player, owned, skill, modifier index, whether the event starts it) of the changes
        made for a while, ``until`` before ``from`` (one event may end a change and start it again)."""
        index: dict = {}
        for player, owned in self.owned.items():
            for skill in owned.skills:
                for i, m in enumerate(skill.modifiers):
                    if m.end:
                        index.setdefault(m.end, []).insert(0, (player, owned, skill, i, False))
                    if m.start:
                        index.setdefault(m.start, []).append((player, owned, skill, i, True))
        return index

    def _time(self, timed: list, subject: str | None) -> None:
        """An event starts or ends changes made for a while: the owner's (anyone's, ``scope = any``)."""
        for player, owned, skill, index, starts in timed:
            if (skill.scope == "owner" and subject != player) or owned.timed.get((skill.name, index)) == starts:
                continue
            owned.timed[(skill.name, index)] = starts
            self._forget(player, skill)  # the parameters it changes (and what was worked out from any)

    # -- areas of effect --------------------------------------------------------------------------
    def _kept(self, name: str):
        """The table ``_all_<name>()`` makes from every player's skills, kept until a skill is added
        (``_cache`` is cleared then): the indexes below are asked on every event and decision, so
        a known one costs one lookup."""
        table = self._cache.get(name)
        if table is None:
            table = self._cache[name] = getattr(self, f"_all_{name}")()
        return table

    def _all_areas(self) -> list:
        """(player, skill, area) of every area of effect."""
        return [(player, skill, area) for player, owned in self.owned.items()
                for skill in owned.skills for area in skill.areas]

    def fire_areas(self) -> None:
        """Every area of effect acts on what stands in its field now (after any event and any skill
        action): a ship that entered the Gauss Cannon's field is destroyed. Not re-entered: what
        its effects cause (a ship sent home) is seen by the same pass."""
        areas = self._kept("areas")
        if self._firing or not areas or not self.game.special_tokens:  # (no token: no area on the board)
            return
        self._firing = True
        try:
            placed = self.game.tokens_by_kind
            for player, skill, area in areas:
                if placed.get(area.token):  # (an area acts only where its tokens stand)
                    self._fire(player, skill, area)
        finally:
            self._firing = False

    def _fire(self, player: str, skill: Skill, area: AreaOfEffect) -> None:
        game, field = self.game, None
        for token in game.tokens_of(player, area.token):
            if area.until == "exmitted" and game.exmitter_reach(token.cell):
                game.note(f"an exmitter removes {player}'s {area.token} at {game.board.grid.format_cell(token.cell)}")
                game.remove_token(token)
                continue
            field = self._field(player, skill, area) if field is None else field  # (the same for every token)
            if _ship_in(game, token.cell, field):  # after most events no ship stands in a field
                self._fire_token(player, skill, area, token, field)

    def _field(self, player: str, skill: Skill, area: AreaOfEffect):
        """An area's field (``edge``, a radius, ``param("decoy.field")``…) for its owner: when it
        reads the owner's parameters alone, it is kept with them (``derived``: a new skill, a
        change that starts or ends, works it out again)."""
        if not area.field.names <= _WORDS:  # (it reads the owner's credits…: asked each time)
            return self._work_out_field(player, skill, area)
        return self.derived(player, ("field", skill.name, skill.areas.index(area)), self._work_out_field,
                            player, skill, area)

    def _work_out_field(self, player: str, skill: Skill, area: AreaOfEffect):
        return area.field(self.owner_env(player, skill, None))

    def _fire_token(self, player: str, skill: Skill, area: AreaOfEffect, token, word: str) -> None:
        game = self.game
        fmt = game.board.grid.format_cell
        field = field_cells(game, token.cell, word)
        ship_tokens = ship_like_tokens(game)
        occupied = {c for c in field if c in game.ships} | {t.cell for t in ship_tokens if t.cell in field}
        if not occupied:
            return  # after most events no ship stands in a field
        env = self.owner_env(player, skill, None)
        own = Target(f"@{fmt(token.cell)}", (("cell", token.cell), ("token", token.id)))
        for cell in (c for c in field if c in occupied):
            for piece in pieces_at(game, cell, ship_tokens):
                if token.id not in game.special_tokens:
                    return  # the token is gone (a bomb that exploded)
                here = Scope(env, {"token": own, area.enters: piece})
                if area.condition is None or area.condition.evaluate(here):
                    game.note(f"{player}'s {area.token} at {fmt(token.cell)} acts on {piece.text}")
                    self.credited(player, skill.name, run_effects, game, player, skill, area.effects, here, {})

    def _all_triggers(self) -> dict:
        """event -> (player, owned, skill, index, trigger), in the order players and skills were added;
        the table of the changes made for a while is made with it (both are asked at every event)."""
        self._cache["timed"] = self._all_timed()
        index: dict = {}
        for player, owned in self.owned.items():
            for skill in owned.skills:
                for i, trigger in enumerate(skill.triggers):
                    index.setdefault(trigger.event, []).append((player, owned, skill, i, trigger))
        return index

    # -- skill actions ---------------------------------------------------------------------------
    def action_options(self, phase: str) -> dict:
        return self.action_options_for(self.game.current.name, phase)

    def actions(self) -> dict:
        """(player, phase) -> [(skill, index, action)] of the skills' actions (``_all_actions``)."""
        return self._kept("actions")

    def action_options_for(self, me: str, phase: str, names: dict | None = None) -> dict:
        """``names``: what the phase gives its actions to read (``PHASE_NAMES``)."""
        actions = self._kept("actions").get((me, phase))
        if not actions:
            return {}  # most phases of most listings
        out = {}
        owned = self.owned.get(me)
        shared = self.once_per_listing(("env", me), self.owner_env, me, None, None)  # (each value worked out once)
        skill = action = None
        try:
            for skill, index, action in actions:
                if action.limit and not action.limit_for and owned.spans[(action.limit, skill.name, "action", index)]:
                    continue
                if action.guards and _certainly_none(self.game, me, action.guards):
                    continue  # (most listings of most actions: no Interstellar on the board yet)
                env = Scope(shared, {"uses-this-turn": owned.uses[(skill.name, index)]}) if action.counts_uses else shared
                if names:
                    env = Scope(env, names)
                if action.choices:
                    out.update(self._choice_options(me, skill, index, action, env, names))
                elif action.condition is None or action.condition.evaluate(env):
                    text = f"use {skill.name}" + (f" {index + 1}" if len(skill.actions) > 1 else "")
                    out[text] = partial(self._use, me, skill, index, names)
        except Exception as err:
            if action is not None:
                _name_the_skill(err, skill, f"its {action.phase} action" + (f" '{action.label}'" if action.label else ""))
            raise
        return out

    def _all_actions(self) -> dict:
        """(player, phase) -> (skill, index, action) of the skills' actions in that phase, in the
        order of the skills."""
        index: dict = {}
        for player, owned in self.owned.items():
            for skill in owned.skills:
                for number, action in enumerate(skill.actions):
                    index.setdefault((player, action.phase), []).append((skill, number, action))
        return index

    def _choice_options(self, me: str, skill: Skill, index: int, action: SkillAction, env: dict,
                        names: dict | None = None) -> dict:
        """One option per target of each choice (``choose stake from mineral-sets(5)``), its text
        the action's label with the targets' words (``risk blue+red+red+red+red``)."""
        if action.early and not action.condition.evaluate(env):
            return {}  # a condition on the owner alone is asked once, before the targets
        bound = {BOUND: env[BOUND]}  # (each scope below holds the functions: read per target, at once)
        if len(action.choices) == 1:  # most actions: one choice, its targets are the combinations
            choice = action.choices[0]
            combinations = [{choice.name: target} for target in self._targets(choice, Scope(env, bound))]
        else:
            free = _FreeTargets(self, env, bound)
            try:  # with no target for a choice that reads none before it there is no option at all
                for choice in action.choices:
                    if choice.quick:  # quick to know: asked first
                        free.of(choice)
                combinations = self._combinations(action.choices, free, Scope(env, bound))
            except _NoTargets:
                return {}
        out = {}
        late = action.condition is not None and not action.early
        spans = self.owned[me].spans if action.limit_for else None
        written = None
        if action.plain_label:  # (most labels) the text is the targets' words: kept per words in this game
            written = self._written.get((skill.name, index))
            if written is None:
                written = self._written[(skill.name, index)] = {}
        for picked in combinations:
            if spans and spans[(action.limit, skill.name, "for", picked[action.limit_for].text)]:
                continue  # that target had its turn (``once per turn for unit``), whichever action it was
            if late and not action.condition.evaluate(Scope(env, picked)):
                continue
            if written is not None:
                words = tuple(map(_TEXT, picked.values()))
                text = written.get(words)
                if text is None:
                    text = written[words] = _one_spaced(action.label.format_map(dict(zip(picked, words))))
            else:
                words = {name: _Words(target) for name, target in picked.items()}
                text = _one_spaced(action.label.format(**words) if action.label
                                   else f"use {skill.name} " + " ".join(words.values()))
            out[text] = partial(self._use, me, skill, index, {**names, **picked} if names else picked)
        return out

    def functions(self, what: str, player: str, make, *args) -> dict:
        """The functions ``make(*args)`` binds to this game and ``player`` (they read the game when
        called, so they are made once per game and player: many are asked for at every decision)."""
        known = self._functions.get((what, player))
        if known is None:
            known = self._functions[(what, player)] = make(*args)
        return known

    def once_per_listing(self, key, make, *args):
        """``make(*args)``, made once while the options of a decision are listed (the game does not
        change meanwhile), every time otherwise."""
        if not self._listing:
            return make(*args)
        try:
            known = self._listed.get(key, _UNKNOWN)
        except TypeError:  # a key with an argument that is no key (a plain dict): asked afresh
            return make(*args)
        if known is _UNKNOWN:
            known = self._listed[key] = make(*args)
        return known

    @staticmethod
    def _targets(choice: Choice, env: "Scope") -> list:
        """The targets of ``choice`` that its condition allows (``env`` holds each while it is asked)."""
        targets, where, name = choice.source.evaluate(env), choice.where, choice.name
        if where is None:
            return list(targets)
        out, allows = [], where.evaluate  # (the compiled function, called for every target)
        for target in targets:
            env[name] = target  # its data is read through it (``Scope.__missing__``)
            if allows(env):
                out.append(target)
        env.pop(name, None)
        return out

    def _combinations(self, choices, free: "_FreeTargets", env: "Scope") -> list[dict]:
        """``_picks`` as a list (several choices); two choices without a generator per target."""
        first = choices[0]
        firsts = free.of(first) if first.quick else self._targets(first, env)
        if len(choices) > 2:
            return list(self._picks(choices, free, env))
        second, out = choices[1], []
        for one in firsts:
            env[first.name] = one
            for two in free.of(second) if second.free else self._targets(second, env):
                out.append({first.name: one, second.name: two})
        env.pop(first.name, None)
        return out

    def _picks(self, choices, free: "_FreeTargets", env: "Scope", picked: dict | None = None):
        """Every combination of targets, in order, as {choice: target}: each choice may read the
        ones before it (``env`` holds them while their followers are listed); ``free``: the targets
        of the choices that read none before them, listed once."""
        picked = picked or {}
        if len(picked) == len(choices):
            yield dict(picked)
            return
        choice = choices[len(picked)]
        for target in free.of(choice) if choice.quick or (choice.free and picked) else self._targets(choice, env):
            env[choice.name] = picked[choice.name] = target
            yield from self._picks(choices, free, env, picked)
            del picked[choice.name]
        env.pop(choice.name, None)

    def _use(self, player: str, skill: Skill, index: int, targets: dict | None = None) -> None:
        owned = self.owned[player]
        owned.uses[(skill.name, index)] += 1
        owned.used[skill.name] += 1
        action = skill.actions[index]
        if action.limit_for:
            owned.spans[(action.limit, skill.name, "for", targets[action.limit_for].text)] += 1
        elif action.limit:
            owned.spans[(action.limit, skill.name, "action", index)] += 1
        env = Scope(self.owner_env(player, skill, index), dict(targets or {}))
        self.credited(player, skill.name, run_effects, self.game, player, skill, action.effects, env, {})
        self.fire_areas()  # a token just placed acts at once
        if action.phase == "exploration":
            self.game.action_done()

    def new_turn(self) -> None:
        for owned in self.owned.values():
            owned.uses.clear()
        self.span_over("turn")

    def span_over(self, span: str) -> None:
        """A turn or a clash is over: what was limited to once per it may be used again."""
        for owned in self.owned.values():
            for key in [k for k in owned.spans if k[0] == span] if owned.spans else ():
                del owned.spans[key]

    def owner_env(self, player: str, skill: Skill, index: int | None) -> "OwnerEnv":
        """The names a skill's formulas read about its owner, each worked out when first read."""
        words = self.functions("words", "", _constant_words, self.game)
        return OwnerEnv(self.game, self.owned[player], player, skill, index, words)


def _ship_in(game, cell, field) -> bool:
    """Whether a ship or a ship-like token stands in the field of a token on ``cell``."""
    cells = _field_set(game.board.grid, cell, _field_key(field))
    return not game.ships.keys().isdisjoint(cells) or any(t.cell in cells for t in ship_like_tokens(game))


@lru_cache(maxsize=65536)
def _field_set(grid, cell, field) -> frozenset:
    """The cells of a field as a set (a grid never changes: worked out once per cell and field)."""
    return frozenset(_field_cells(grid, cell, field))


class _FreeTargets:
    """The targets of an action's choices that read no choice before them (``Choice.free``): the
    same after every pick, so each is listed once: first when it is quick to list (``Choice.quick``),
    else when first needed (after a first pick)."""

    __slots__ = ("book", "env", "bound", "known")

    def __init__(self, book: SkillBook, env: "Scope", bound: dict):
        self.book, self.env, self.bound, self.known = book, env, bound, {}

    def of(self, choice: Choice) -> list:
        targets = self.known.get(choice.name)
        if targets is None:
            env = Scope(self.env, self.bound)  # (a condition writes in it)
            targets = self.known[choice.name] = self.book._targets(choice, env)
            if not targets:  # no combination at all: the other choices' targets are not listed
                raise _NoTargets
        return targets


class _NoTargets(Exception):
    """A free choice has no target: the action has no option now."""


class _Listing:
    """The options of a decision are being listed (nested listings count as one): a class, not a
    generator-based context manager, since it runs for every decision."""

    __slots__ = ("book",)

    def __init__(self, book: SkillBook):
        self.book = book

    def __enter__(self) -> None:
        self.book._listing += 1

    def __exit__(self, *exc) -> None:
        book = self.book
        book._listing -= 1
        if not book._listing:
            book._listed = {}  # what one listing worked out once (``once_per_listing``): no state


class OwnerEnv(dict):
    """A formula's environment for a skill's owner: ``credits``, ``minerals.red``, ``special.wormhole``…
    Each value is worked out when a formula first reads it (most read one or two), then kept."""

    __slots__ = ("game", "owned", "player", "skill", "index", "words")  # one is made per listing and trigger
    WORDS = {"none": "none", "enemy": "enemy", "nebula": "nebula", "system": "system", "space": "space",  # words
             "tile": "tile", "edge": "edge", "edge-or-corner": "edge-or-corner"}  # fields

    def __init__(self, game, owned: Owned, player: str, skill: Skill | None, index: int | None, words: dict):
        """``words``: the names that are themselves (``_constant_words``)."""
        self.game, self.owned, self.player, self.skill, self.index, self.words = game, owned, player, skill, index, words

    def __missing__(self, key: str):
        value = self._value(key)
        self[key] = value
        return value

    def _value(self, key: str):
        word = self.words.get(key)
        if word is not None:
            return word
        game, player = self.game, self.player
        family, _, rest = key.partition(".")
        if rest:
            if family == "minerals" and rest in game.ruleset.value("minerals"):
                return game.player(player).minerals[rest]
            if family == "special" and rest in game.ruleset.tokens:
                return self.owned.special[rest]  # special tokens in the owner's supply
            raise KeyError(key)
        if key == BOUND:  # what a condition or a choice may call: the owner's functions, the sources of targets
            return game.skills.functions("owner", player, _owner_functions, game, player)
        if key in self.SIMPLE:
            return self.SIMPLE[key](self, game.player(player))
        raise KeyError(key)

    # the owner's values a formula reads by name: a function of this environment and the owner
    SIMPLE = {
        "credits": lambda env, me: me.credits, "minerals": lambda env, me: sum(me.minerals.values()),
        "distinct-minerals": lambda env, me: sum(1 for n in me.minerals.values() if n > 0),
        "tokens": lambda env, me: len(me.tokens), "emissaries-left": lambda env, me: me.supply["emissaries"],
        "ships-left": lambda env, me: sum(me.supply[k + "s"] for k in env.game.kinds_with("ship")),
        "research-stations-left": lambda env, me: me.supply["research-stations"],
        "space-stations-left": lambda env, me: me.supply["space-stations"],
        "turn": lambda env, me: env.game.turn, "owner": lambda env, me: env.player,
        "current": lambda env, me: env.game.current.name,
        "uses-this-turn": lambda env, me: env.owned.uses[(env.skill.name, env.index)] if env.index is not None else 0,
    }


_WORDS = frozenset(OwnerEnv.WORDS)  # the names that are themselves, as a set (``SkillBook._field``)


def _changed_by(key, parameters: set) -> bool:
    """Whether a kept value (``SkillBook._values``) may change when modifiers of ``parameters``
    count: its parameter is one of them (as ``param`` matches them: ``ship.move`` or, asked for a
    rogue, ``ship.move.rogue``), or it was worked out from parameters (``derived``)."""
    if isinstance(key, str):  # (a guard's ``Parameter`` too)
        return key in parameters
    head, rest = key
    if head == "derived":
        return True
    if rest == "changers":
        return _changed_by(head, parameters)
    return head in parameters or any(f"{head}.{v}" in parameters for _, v in rest if isinstance(v, str))


def _constant_words(game) -> dict:
    """The names a formula reads as themselves: ``OwnerEnv.WORDS`` and the mineral colours."""
    return {**{colour: colour for colour in game.ruleset.value("minerals")}, **OwnerEnv.WORDS}


def _owner_functions(game, player: str) -> dict:
    """The functions a condition or a choice may call for ``player`` (``OwnerEnv``'s ``BOUND``):
    the owner's and the sources of targets."""
    return {"param": partial(game.param, player=player),
            "token-on": partial(token_on, game),
            "token-emissary-at": partial(token_emissary_at, game, player), **target_values(game),
            **sources(game, player)}


class Scope(dict):
    """Names over an environment (a choice's targets, an event's data, the bound effects): read
    here first, then in ``parent`` (a lookup in C, then one call)."""

    __slots__ = ("parent",)

    def __init__(self, parent, names: dict):
        super().__init__(names)
        self.parent = parent

    def __missing__(self, key):
        head, dot, rest = key.partition(".")
        if dot:
            target = dict.get(self, head)
            if isinstance(target, Target):
                return target.data[rest]  # ``stake.count``: a chosen target's data
        return self.parent[key]


def field_cells(game, cell, field) -> tuple:
    """A token's field (``FIELDS``, or a radius): its tile and the tiles around it, placed or not."""
    return _field_cells(game.board.grid, cell, _field_key(field))


def _field_key(field):
    """A field as its word or number (anything else a formula gives is read as a word: none of
    ``FIELDS``, so the tiles touching the token, as an unknown word always was)."""
    return field if isinstance(field, (str, int, float)) else str(field)


MAX_RADIUS = 12  # a field of a radius: at most this many edge steps (469 hexagons)


@lru_cache(maxsize=65536)
def _field_cells(grid, cell, field) -> tuple:
    if isinstance(field, (int, float)) and not isinstance(field, bool):  # a radius: N edge steps
        seen, frontier, out = {cell}, [cell], [cell]
        for _ in range(max(0, min(int(field), MAX_RADIUS))):
            frontier = [n for c in frontier for n in grid.neighbours(c) if n not in seen and not seen.add(n)]
            out += frontier
        return tuple(out)
    around = () if field == "tile" else grid.neighbours(cell) if field == "edge" else grid.touching(cell)
    return (cell, *around)


def pieces_at(game, cell, ship_tokens=None) -> list:
    """The ships on ``cell``: the engine's ship, then special tokens that are ships (``ship-like``,
    Arvori's Interstellar, unless it was fixed as an emissary; ``ship_tokens``: those, when known)."""
    from .skill_targets import Target

    fmt = game.board.grid.format_cell
    out = []
    ship = game.ships.get(cell)
    if ship is not None:
        out.append(Target(f"{ship.player}'s {ship.kind} at {fmt(cell)}",
                          (("cell", cell), ("player", ship.player), ("kind", ship.kind))))
    for token in ship_like_tokens(game) if ship_tokens is None else ship_tokens:
        if token.cell == cell:
            out.append(Target(f"{token.owner}'s {token.kind} at {fmt(cell)}",
                              (("cell", cell), ("player", token.owner), ("kind", token.kind), ("token", token.id))))
    return out


def token_emissary_at(game, player: str, kind: str, cell) -> bool:
    """Whether one of ``player``'s ``kind`` tokens became the emissary standing on ``cell`` (a fixed
    Interstellar, a Slave-minion: the token keeps that emissary in its data)."""
    emissary = game.emissaries.get(cell)
    return emissary is not None and any(t.data.get("emissary") is emissary for t in game.tokens_of(player, kind))


_TEXT = attrgetter("text")  # a target's words


def _one_spaced(text: str) -> str:
    """An option's text with one space between words (an empty word, ``how`` = "", or a tab)."""
    if "  " in text or text[-1:] == " " or text[:1] == " " or not text.isprintable():
        return " ".join(text.split())
    return text


class _Words:
    """A chosen target in an option's label: ``{mine}`` is its words, ``{mine.kind}`` its data."""

    __slots__ = ("target",)

    def __init__(self, target):
        self.target = target

    def __format__(self, spec: str) -> str:
        return format(self.target.text, spec)

    def __str__(self) -> str:
        return self.target.text

    def __getattr__(self, key: str):
        return self.target.data[key]


def apply_modifiers(value, mods, game, player):
    """``=`` first (last acquired wins), then ``+=``/``-=``, then ``*=`` — the documented order."""
    def resolve(v):
        return v(game.skills.owner_env(player, None, None)) if isinstance(v, Formula) else v

    for op in ("=", "+=", "-=", "*="):
        for mop, raw in mods:
            if mop != op:
                continue
            v = resolve(raw)
            if op == "=":
                value = v
            elif op == "+=":
                value = (list(value) + (v if isinstance(v, list) else [v])) if isinstance(value, list) else value + v
            elif op == "-=":
                value = [x for x in value if x not in (v if isinstance(v, list) else [v])] \
                    if isinstance(value, list) else value - v
            else:
                value = value * v
    return value


def run_effects(game, player: str, skill: Skill, effects, env: dict, data: dict) -> None:
    """The effects in order, compiled when the ruleset loaded; bound here to this game and player."""
    names = dict(env) if isinstance(env, Scope) else {}
    book = game.skills  # the effects' functions are made once per game, player and skill (many run often)
    env = Scope(env, {BOUND: book.functions(("effects", skill.name), player, effect_functions, game, player, skill)})
    book._event_data.append(data)
    try:
        for at, effect in enumerate(effects):
            waiting = game.waiting
            try:
                effect(env)
            except Exception as err:
                _name_the_skill(err, skill, f"its effect {effect.text}")
                raise
            if game.waiting is not waiting and at + 1 < len(effects):  # the effect asks a decision (gather):
                game.then(partial(resume_effects, game, player, skill, effects[at + 1:], names, data))  # the rest follows
                return
    finally:
        book._event_data.pop()


def _name_the_skill(err: Exception, skill: Skill | None, what: str) -> None:
    """Say which skill failed, and in what: a formula of a content file that cannot be worked out in
    play (``credits / (tiles - tiles)``) is its designer's to fix."""
    if skill is not None:
        err.add_note(f"skill {skill.name}: {what}")


def resume_effects(game, player: str, skill: Skill, effects, names: dict, data: dict) -> None:
    """The effects after one that waited for a decision, with the same chosen targets and data."""
    run_effects(game, player, skill, effects, Scope(game.skills.owner_env(player, skill, None), names), data)


def effect_functions(game, player: str, skill: Skill) -> dict:
    """The effects a skill's formulas call, for ``player``; one reads the data of the event whose
    effects run (``SkillBook._event_data``)."""
    me = game.player(player)

    def credits(n):
        game.score(player, int(n), skill.title, f"{skill.text or skill.title} = {int(n)}¢")

    def pay(n):
        game.score(player, -int(n), skill.title, f"paid {int(n)}¢")

    def minerals(n):
        drawn = game.draw_minerals(int(n))
        me.minerals.update(drawn)
        game.note(f"{player} draws {sum(drawn.values())} minerals ({skill.title})")

    def mineral(colour, n=1):
        game.move(colour, min(int(n), game.bag[colour]), "bag", f"minerals:{player}", skill.title)

    def discard(colour, n=1):
        if not isinstance(colour, str) and colour.get("colours"):  # a chosen set of minerals (``mineral-sets``)
            for one in colour.get("colours"):
                game.move(one, 1, f"minerals:{player}", "bag", skill.title)
            return
        colour = colour if isinstance(colour, str) else colour.get("colour")  # a chosen colour
        game.move(colour, min(int(n), me.minerals[colour]), f"minerals:{player}", "bag", skill.title)

    def discard_set():
        for colour in sorted(game.ruleset.value("minerals")):
            discard(colour, 1)

    def tokens(n):
        for _ in range(int(n)):
            game._draw_token(me)

    def discard_token(n=1):
        for _ in range(min(int(n), len(me.tokens))):
            game.token_bag.append(me.tokens.pop())

    def extra_actions(n):
        game.actions_left += int(n)

    def roll_bonus(n):
        if game.battle is not None:
            game.battle.extra[player] = game.battle.extra.get(player, 0) + int(n)

    def take_from_nebula(n):
        root = game.skills._event_data[-1].get("area")
        if root is not None and int(n) > 0:
            game.pending_gain.insert(0, (root, int(n)))
            game.phase = "gain"

    def param(name):
        return game.param(name, player)

    def roll():
        die = game.roll()
        game.note(f"{player} rolls {die} ({skill.title})")
        return die

    def destroy(piece):
        token = game.special_tokens.get(piece.get("token")) if piece.get("token") is not None else None
        cell = token.cell if token is not None else piece.get("cell")
        if token is not None:
            game.remove_token(token)  # back to its owner's supply
        elif cell in game.ships:
            game.return_ship(cell)
        else:
            return
        game.units_changed([cell], player)  # an emissary it blocked is free: battles, control (NO-4.6–4.8)

    def when(condition, *effects):
        if condition():
            for effect in effects:
                effect()

    return {"credits": credits, "pay": pay, "minerals": minerals, "mineral": mineral, "discard": discard,
            "discard-set": discard_set, "tokens": tokens, "discard-token": discard_token,
            "extra-actions": extra_actions, "take-from-nebula": take_from_nebula, "param": param,
            "roll-bonus": roll_bonus, "roll": roll, "when": when, "destroy": destroy,
            "token-emissary-at": partial(token_emissary_at, game, player),  # every value a condition reads
            **target_values(game), **target_effects(game, player, skill)}
