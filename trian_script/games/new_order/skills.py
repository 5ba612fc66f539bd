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
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial

from ...dsl.expressions import Formula, compile_formula

# Parameters that are not ruleset values, with their defaults (skills and plugins may add more).
ENGINE_PARAMETERS = {
    "ship.passes": [],            # features ships may fly through (gas, nebula)
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
    "station-built": ("player", {"level", "kind", "tiles", "emissaries", "player"}),
    "battle-won": ("winner", {"battle", "winner", "loser", "unit"}),
    "tile-placed": ("player", {"player", "teleport", "exmitter", "outpost"}),
    "unit-placed": ("player", {"player", "unit"}),
    "unit-moved": ("player", {"player", "unit", "teleported"}),
    "unit-removed": ("player", {"player", "unit", "station"}),
    "module-unlocked": ("player", {"player", "skill", "side"}),
    "turn-begin": ("player", {"player"}),
}
ACTION_PHASES = ("extraction", "expansion", "exploration", "exploration-free", "clash")
OWNER_NAMES = {"credits", "minerals", "distinct-minerals", "tokens", "emissaries-left", "ships-left",
               "turn", "uses-this-turn", "owner", "current", "none",
               "minerals.yellow", "minerals.red", "minerals.blue", "minerals.green"}
EFFECTS = {"credits", "pay", "minerals", "mineral", "discard", "discard-set", "tokens", "discard-token",
           "extra-actions", "take-from-nebula", "param", "roll-bonus"}


@shared
@dataclass(frozen=True)
class Modifier:
    parameter: str
    op: str
    value: object  # a number, a word, a list, or a Formula


@shared
@dataclass(frozen=True)
class Trigger:
    event: str
    condition: Formula | None
    effects: tuple[Formula, ...]


@shared
@dataclass(frozen=True)
class SkillAction:
    phase: str
    label: str
    condition: Formula | None
    effects: tuple[Formula, ...]


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

    @property
    def tier(self) -> str:
        return "plugin" if self.plugin else "trigger/action" if self.triggers or self.actions else "modify"


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


def compile_skill(definition: dict, folder: str = "") -> Skill:
    placeholders = {name: (lambda *args: None) for name in EFFECTS}  # bound to a game when run

    def formula(text):
        return compile_formula(text, None, placeholders) if text else None

    modifiers = tuple(Modifier(m["parameter"], m["op"], compile_formula(m["value"]["formula"])
                               if isinstance(m["value"], dict) else m["value"]) for m in definition.get("modify", []))
    triggers = tuple(Trigger(t["event"], formula(t.get("if")), tuple(formula(e) for e in t["effects"]))
                     for t in definition.get("triggers", []))
    actions = tuple(SkillAction(a["phase"], a.get("label", ""), formula(a.get("if")),
                                tuple(formula(e) for e in a["effects"])) for a in definition.get("actions", []))
    return Skill(definition["name"], definition.get("title", definition["name"]), definition.get("text", ""),
                 definition.get("when", ""), modifiers, triggers, actions, definition.get("plugin"),
                 tuple(sorted(definition.get("grants", {}).items())),
                 tuple(sorted(definition.get("parameters", {}).items())), definition.get("scope", "owner"), folder)


def compile_race(definition: dict) -> Race:
    modules = tuple((m["racial"], m["universal"]) for m in sorted(definition.get("modules", []), key=lambda m: m["module"]))
    return Race(definition["name"], definition.get("title", definition["name"]), definition.get("colour", ""),
                definition.get("text", ""), tuple(definition.get("active", [])), modules,
                tuple(sorted(definition.get("tokens", {}).items())))


@dataclass
class Owned:
    """A player's race, the skills they have (in the order acquired) and the modules unlocked."""

    race: Race
    skills: list[Skill] = field(default_factory=list)
    unlocked: dict[int, str] = field(default_factory=dict)  # module number -> "racial"/"universal"
    special: Counter = field(default_factory=Counter)  # special tokens in the supply
    uses: Counter = field(default_factory=Counter)  # (skill, action index) -> uses this turn
    used: Counter = field(default_factory=Counter)  # skill -> uses in the game (for balance reports)
    changed: Counter = field(default_factory=Counter)  # skill -> choices in which its modifiers changed a value
    brought: Counter = field(default_factory=Counter)  # skill -> credits its effects and plugin hooks brought


class SkillBook:
    """Every player's skills in one game, and the questions the engine asks them."""

    def __init__(self, game):
        self.game = game
        self.owned: dict[str, Owned] = {}
        self._cache: dict = {}
        self._acting: list[Counter] = []  # skills running now (nested): points changed inside each
        self._changes_seen: tuple = (-1, frozenset())  # (choice, {(skill, parameter)}) counted in it

    # -- setup and evolution --------------------------------------------------------------
    def seat(self, player: str, race: Race) -> None:
        self.owned[player] = Owned(race)
        for name in race.active:
            self.add(player, self.game.ruleset.skills[name])
        self.owned[player].special.update(dict(race.tokens))

    def add(self, player: str, skill: Skill) -> None:
        owned = self.owned[player]
        owned.skills.append(skill)
        owned.special.update(dict(skill.grants))
        self._cache.clear()
        if skill.plugin:
            from ...plugins.manager import load_class

            cls = load_class(skill.plugin, [skill.folder] if skill.folder else None)
            self.game.hooks.add_skill_plugin(player, cls(self.game, player, skill))

    def has(self, player: str, skill: str) -> bool:
        owned = self.owned.get(player)
        return bool(owned) and any(s.name == skill for s in owned.skills)

    def evolution_options(self) -> dict:
        """NO-3.1.5: unlock one module a turn, racial side or universal side, the side final."""
        game, me = self.game, self.game.current
        owned = self.owned.get(me.name)
        if owned is None or game.evolved >= game.param("evolution.per-turn", me.name):
            return {}
        out = {}
        for number, (racial, universal) in enumerate(owned.race.modules, 1):
            if number in owned.unlocked:
                continue
            for side, skill in (("racial", racial), ("universal", universal)):
                cost = game.param(f"evolution.{side}", me.name)
                if me.credits >= cost:
                    out[f"unlock module {number} {side} {skill}"] = partial(self._unlock, number, side, skill, cost)
        return out

    def _unlock(self, number: int, side: str, name: str, cost: int) -> None:
        game, me = self.game, self.game.current
        skill = game.ruleset.skills[name]
        game.evolved += 1
        self.owned[me.name].unlocked[number] = side
        game.score(me.name, -cost, "evolution", f"module {number}, {side} side: {skill.title} for {cost}¢")
        self.add(me.name, skill)
        game.emit("module-unlocked", me.name, skill=name, side=side)

    # -- parameters ---------------------------------------------------------------------------
    def param(self, name: str, player: str | None, context: dict):
        key = (name, player, tuple(sorted(context.items()))) if context else (name, player)
        if key in self._cache:
            changers = self._cache.get((key, "changers"))
            if changers:
                self._count_changes(name, changers)
            return self._cache[key]
        base = self._base(name)
        sources: list[tuple[str, str, list]] = []  # (owner, skill, its modifiers of this parameter)
        names = {name} | {f"{name}.{v}" for v in context.values() if isinstance(v, str)}
        if player in self.owned:
            for skill in self.owned[player].skills:
                mine = [(m.op, m.value) for m in skill.modifiers if m.parameter in names]
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
        if not dynamic and not any(isinstance(v, Formula) for _, v in mods):
            self._cache[key] = value
            if changers:
                self._cache[(key, "changers")] = changers
        return value

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

    @contextmanager
    def listing(self):
        """While the options of a decision are worked out: a changed price decides what is offered,
        but only the choice applied uses it."""
        self.__dict__["_listing"] = getattr(self, "_listing", 0) + 1
        try:
            yield
        finally:
            self._listing -= 1

    def _count_changes(self, parameter: str, changers) -> None:
        """Count each skill's change of a parameter once per choice applied (a parameter may be
        asked several times while a choice is applied); not while options are listed."""
        if getattr(self, "_listing", 0):
            return
        moment, seen = getattr(self, "_changes_seen", (-1, frozenset()))
        if moment != len(self.game.log):
            moment, seen = len(self.game.log), frozenset()
        for owner, skill in changers:
            if (skill, parameter) not in seen:
                seen = seen | {(skill, parameter)}
                self.owned[owner].changed[skill] += 1
        self._changes_seen = (moment, seen)

    def credited(self, owner: str, skill: str, run, *args, **kwargs):
        """``run(*args, **kwargs)``, and the change of ``owner``'s points meanwhile credited to
        ``skill`` (less what skills run inside it brought: those are credited to them)."""
        owned = self.owned.get(owner)
        if owned is None:
            return run(*args, **kwargs)
        acting = self.__dict__.setdefault("_acting", [])
        holder = self.game.player(owner)
        before = getattr(holder, self.game.POINTS)
        acting.append(Counter())
        try:
            return run(*args, **kwargs)
        finally:
            inner = acting.pop()
            delta = getattr(holder, self.game.POINTS) - before
            owned.brought[skill] += delta - inner[owner]
            if acting:
                outer = acting[-1]
                for who, change in inner.items():
                    if who != owner:
                        outer[who] += change
                outer[owner] += delta

    def _base(self, name: str):
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
        for player, owned, skill, trigger in self._triggers().get(event, ()):
            if skill.scope == "owner" and subject != player:
                continue
            env = {**self.owner_env(player, skill, None), **data}
            if trigger.condition is None or trigger.condition(env):
                owned.used[skill.name] += 1
                self.credited(player, skill.name, run_effects, self.game, player, skill, trigger.effects, env, data)

    def _triggers(self) -> dict:
        """event -> (player, owned, skill, trigger), in the order players and skills were added;
        made again when a skill is added (``_cache`` is cleared then)."""
        index = self._cache.get("triggers")
        if index is None:
            index = {}
            for player, owned in self.owned.items():
                for skill in owned.skills:
                    for trigger in skill.triggers:
                        index.setdefault(trigger.event, []).append((player, owned, skill, trigger))
            self._cache["triggers"] = index
        return index

    # -- skill actions ---------------------------------------------------------------------------
    def action_options(self, phase: str) -> dict:
        return self.action_options_for(self.game.current.name, phase)

    def action_options_for(self, me: str, phase: str) -> dict:
        owned = self.owned.get(me)
        out = {}
        if owned is None:
            return out
        for skill in owned.skills:
            for index, action in enumerate(skill.actions):
                if action.phase != phase:
                    continue
                env = self.owner_env(me, skill, index)
                if action.condition is None or action.condition(env):
                    text = f"use {skill.name}" + (f" {index + 1}" if len(skill.actions) > 1 else "")
                    out[text] = partial(self._use, me, skill, index)
        return out

    def _use(self, player: str, skill: Skill, index: int) -> None:
        owned = self.owned[player]
        owned.uses[(skill.name, index)] += 1
        owned.used[skill.name] += 1
        action = skill.actions[index]
        self.credited(player, skill.name, run_effects, self.game, player, skill, action.effects,
                      self.owner_env(player, skill, index), {})
        if action.phase == "exploration":
            self.game.action_done()

    def new_turn(self) -> None:
        for owned in self.owned.values():
            owned.uses.clear()

    def owner_env(self, player: str, skill: Skill, index: int | None) -> dict:
        me = self.game.player(player)
        env = {
            "credits": me.credits, "minerals": sum(me.minerals.values()),
            "distinct-minerals": sum(1 for n in me.minerals.values() if n > 0),
            "tokens": len(me.tokens), "emissaries-left": me.supply["emissaries"],
            "ships-left": sum(me.supply[k + "s"] for k in self.game.kinds_with("ship")), "turn": self.game.turn,
            "uses-this-turn": self.owned[player].uses[(skill.name, index)] if index is not None else 0,
            "owner": player, "current": self.game.current.name, "none": "none",
            "nebula": "nebula", "system": "system", "space": "space",  # area kinds, as words
        }
        for colour in self.game.ruleset.value("minerals"):
            env[f"minerals.{colour}"] = me.minerals[colour]
            env[colour] = colour
        return env


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
    functions = effect_functions(game, player, skill, data)
    for effect in effects:
        compiled = compile_formula(effect.text, None, functions)
        compiled(env)


def effect_functions(game, player: str, skill: Skill, data: dict) -> dict:
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
        root = data.get("area")
        if root is not None and int(n) > 0:
            game.pending_gain.insert(0, (root, int(n)))
            game.phase = "gain"

    def param(name):
        return game.param(name, player)

    return {"credits": credits, "pay": pay, "minerals": minerals, "mineral": mineral, "discard": discard,
            "discard-set": discard_set, "tokens": tokens, "discard-token": discard_token,
            "extra-actions": extra_actions, "take-from-nebula": take_from_nebula, "param": param,
            "roll-bonus": roll_bonus}
