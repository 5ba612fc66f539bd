"""Calling hooks for one game: the plugins its ruleset names, plus the skill plugins of the players
concerned — a skill plugin hears a hook only when its owner is the player (or the subject) of it."""
from __future__ import annotations

from functools import lru_cache, wraps

from .hookspecs import PROJECT

from .manager import game_manager


# hooks in which a skill plugin changes the game: what its owner's points did meanwhile is the skill's
CREDITED = frozenset({"trian_game_begin", "trian_game_end", "trian_turn_begin", "trian_turn_end",
                      "trian_phase_begin", "trian_phase_end", "trian_action_begin", "trian_action_end",
                      "trian_event", "trian_battle_begin", "trian_battle_end", "trian_clash_begin",
                      "trian_clash_end", "trian_resolve_clash", "trian_scoring_begin", "trian_final_scoring",
                      "trian_scoring_end"})


class Modifiers(list):
    """A skill plugin's modifiers of a parameter, with the owner and the skill they come from."""

    def __init__(self, items, owner: str, skill: str):
        super().__init__(items)
        self.owner, self.skill = owner, skill


class Hooks:
    def __init__(self, game, ruleset=None):
        self.game = game
        self.installed_for = ruleset or game.ruleset
        self.installed = game_manager(self.installed_for)
        # a ruleset plugin from outside this package (an installed fan package) is foreign code
        self._foreign = any(not getattr(p, "__name__", type(p).__module__).startswith("trian_script.")
                            for p in self.installed.get_plugins())
        self.skill_plugins: dict[str, list] = {}  # owner -> plugin instances of unlocked skills
        # Whether code beyond the project's own plays: a skill plugin that is not a shipped race's
        # (a fan's, a user's), or a ruleset plugin from an installed package. The shipped races,
        # like the game's own rules, change zones only through effects, which are checked as they
        # happen (tests/test_effects.py reads their source for it), and are tested in whole games.
        # (An attribute, not a property: ``choose`` asks it after every choice.)
        self.runs_code_beyond_shipped = self._foreign
        # hook name -> [(owner, bound method, hears everyone)]: built once, read on every call
        self._methods: dict[str, list] = {}
        self._installed: dict[str, bool] = {}
        # (hook, phase or event) -> whether a plugin hears it: ``hooks.heard[name, key]``, asked
        # several times per choice, is one lookup in C (``hears`` says the same through a call)
        self.heard = _Heard(self)
        self._declaring: dict[tuple, bool] = {}  # (hook, event) -> whether a skill plugin declares it
        self._listeners: dict[tuple, tuple] = {}  # (hook, phase or event) -> ``_listened``
        # hooks that no plugin implements, as found by ``hears``: the kernel asks ``name not in
        # hooks.unheard`` first where it calls a hook at every choice (no call at all then)
        self.unheard: set[str] = set()

    # A copy or a pickle keeps the game and its skill plugins (their instances belong to the game's
    # state); the plugin manager and the method index are rebuilt, never copied.
    def __getstate__(self) -> dict:
        return {"game": self.game, "ruleset": self.installed_for, "skill_plugins": self.skill_plugins}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["game"], state["ruleset"])  # the game may still be half-copied
        for owner, plugins in state["skill_plugins"].items():
            for plugin in plugins:
                self.add_skill_plugin(owner, plugin)

    def add_skill_plugin(self, owner: str, plugin) -> None:
        self.skill_plugins.setdefault(owner, []).append(plugin)
        self.runs_code_beyond_shipped = self.runs_code_beyond_shipped or not _shipped(type(plugin))
        hears_all = getattr(plugin.skill, "scope", "owner") == "any"
        for name in hook_names(type(plugin)):
            method = getattr(plugin, name)
            if name == "trian_options":  # count a skill's use when its option is chosen
                method = self._counting(owner, plugin.skill.name, method)
            elif name == "trian_modifiers":  # say whose modifiers they are, to count their changes
                method = self._tagging(owner, plugin.skill.name, method)
            elif name in CREDITED:  # credit the owner's points won or lost meanwhile to the skill
                method = self._crediting(owner, plugin.skill.name, method)
            only = plugin.hears.get(name)  # the phases or events it declares, or all of them
            self._methods.setdefault(name, []).append((owner, method, hears_all, frozenset(only) if only else None))
        self.heard.clear()
        self._declaring.clear()
        self._listeners.clear()
        self.unheard.clear()

    @property
    def has_plugins(self) -> bool:
        """Whether code beyond the game's own rules plays: a skill plugin (a race's, a fan's) or a
        ruleset plugin from an installed package."""
        return bool(self.skill_plugins) or self._foreign

    def implemented(self, name: str) -> bool:
        """Whether any plugin, installed or a skill's, implements hook ``name``."""
        return name in self._methods or self._installed_has(name)

    def call_declared(self, name: str, key: str, **kwargs) -> list:
        """Hook ``name`` for the plugins that declare ``key`` in their ``hears`` (a new kind of
        event that plugins written before it must not be surprised by)."""
        results = []
        if not self.declares(name, key):  # asked for every effect: mostly nobody declares it
            return results
        for owner, method, _, only in self._methods.get(name, ()):
            if only is not None and key in only:
                result = method(**kwargs)
                if result is not None:
                    results.append(result)
        return results

    def hears(self, name: str, key: str) -> bool:
        """Whether any plugin would hear hook ``name`` for the phase or event ``key``."""
        return self.heard[name, key]

    def _work_out_heard(self, name: str, key: str) -> bool:
        installed, methods = self._listened(name, key)
        if not installed and not self._methods.get(name):
            self.unheard.add(name)
        return installed or bool(methods)

    def declares(self, name: str, key: str) -> bool:
        """Whether a skill plugin declares ``key`` for hook ``name`` in its ``hears``."""
        known = self._declaring.get((name, key))
        if known is None:
            known = self._declaring[(name, key)] = any(
                only is not None and key in only for _, _, _, only in self._methods.get(name, ()))
        return known

    def _installed_has(self, name: str) -> bool:
        if name not in self._installed:
            self._installed[name] = bool(getattr(self.installed.hook, name).get_hookimpls())
        return self._installed[name]

    def call(self, name: str, owners=None, **kwargs) -> list:
        """Results of hook ``name`` from installed plugins and the skill plugins of ``owners``
        (a name, a list of names, or None for every player's)."""
        key = (name, kwargs["phase"] if "phase" in kwargs else kwargs.get("event"))
        installed, methods = self._listeners.get(key) or self._listened(*key)
        if not methods and not installed:
            return []  # most calls: nobody hears this hook for this phase or event
        results = []
        if installed:
            try:
                results += [r for r in getattr(self.installed.hook, name)(**kwargs)]
            except Exception as err:
                err.add_note(f"hook {name} of an installed plugin")
                raise
        for owner, method, hears_all in methods:  # (``owners``: mostly one name, compared at once)
            if owners is None or hears_all or owner == owners or (type(owners) is not str and owner in owners):
                try:
                    result = method(**kwargs)
                except Exception as err:
                    err.add_note(f"hook {name} of {_plugin_name(method)} (owner {owner})")
                    raise
                if result is not None:
                    results.append(result)
        return results

    def _listened(self, name: str, key) -> tuple[bool, tuple]:
        """(whether an installed plugin implements hook ``name``, the skill plugins' methods that
        hear it for the phase or event ``key``): worked out once per hook and key."""
        known = self._listeners.get((name, key))
        if known is None:
            methods = tuple((owner, method, hears_all) for owner, method, hears_all, only in self._methods.get(name, ())
                            if only is None or key in only)
            known = self._listeners[(name, key)] = (self._installed_has(name), methods)
        return known

    def _counting(self, owner: str, skill: str, method):
        return _Counting(self, owner, skill, method)

    def _tagging(self, owner: str, skill: str, method):
        @wraps(method)
        def modifiers(**kwargs):
            result = method(**kwargs)
            return None if result is None else Modifiers(result, owner, skill)

        modifiers.__wrapped__ = method
        return modifiers

    def _crediting(self, owner: str, skill: str, method):
        game, doing = self.game, (owner, skill)  # (a copy's skills may not be made yet: read when called)

        @wraps(method)
        def credited(**kwargs):  # the owner's points changed meanwhile are the skill's (SkillBook.scored)
            acting = game.skills._acting
            acting.append(doing)
            try:
                return method(**kwargs)
            finally:
                acting.pop()

        credited.__wrapped__ = method
        return credited

    def first(self, name: str, owners=None, **kwargs):
        """The first answer that is not None (``firstresult`` hooks): skill plugins first."""
        for result in self.call(name, owners, **kwargs):
            if result is not None:
                return result
        return None


class _Heard(dict):
    """(hook, phase or event) -> whether any plugin hears it, worked out when first asked."""

    __slots__ = ("hooks",)

    def __init__(self, hooks: Hooks):
        super().__init__()
        self.hooks = hooks

    def __missing__(self, key: tuple) -> bool:
        heard = self[key] = self.hooks._work_out_heard(*key)
        return heard


class _Counting:
    """A skill plugin's ``trian_options``, whose options count a use of the skill when chosen (a
    small object: one is made for every such plugin of every game)."""

    __slots__ = ("hooks", "owner", "skill", "__wrapped__", "last")  # __wrapped__: a failure names the plugin

    def __init__(self, hooks: Hooks, owner: str, skill: str, method):
        self.hooks, self.owner, self.skill, self.__wrapped__ = hooks, owner, skill, method
        self.last = None  # (the plugin's last options, them counted): the same offer is counted once

    def __call__(self, **kwargs):
        result = self.__wrapped__(**kwargs)
        if not result:
            return result
        last = self.last
        if last is not None and last[0] == result:
            return last[1]  # the same offer as the last time (a plugin that keeps its options)
        counted = {text: _Counted(self.hooks, self.owner, self.skill, apply) for text, apply in result.items()}
        self.last = (dict(result), counted)
        return counted


class _Counted:
    """A skill plugin's option, which counts a use of the skill when it is chosen and credits the
    points won meanwhile to it (a small object:
    one is made for every option a plugin offers)."""

    __slots__ = ("hooks", "owner", "skill", "__wrapped__")  # __wrapped__: a failure names the plugin

    def __init__(self, hooks: Hooks, owner: str, skill: str, apply):
        self.hooks, self.owner, self.skill, self.__wrapped__ = hooks, owner, skill, apply

    def __call__(self):
        skills = self.hooks.game.skills
        skills.owned[self.owner].used[self.skill] += 1
        return skills.credited(self.owner, self.skill, self.__wrapped__)  # its points go to the skill


@lru_cache(maxsize=None)
def _shipped(cls) -> bool:
    """Whether a plugin class is one of the shipped races' (its module is a file of ``races/``)."""
    import sys
    from pathlib import Path

    from ..resources import content_dir

    path = getattr(sys.modules.get(cls.__module__), "__file__", None)
    return path is not None and Path(path).resolve().parent == content_dir("races").resolve()


@lru_cache(maxsize=None)
def hook_names(cls) -> tuple[str, ...]:
    """The hooks a plugin class implements: its methods marked ``@hookimpl`` (read once per class)."""
    marker = f"{PROJECT}_impl"
    return tuple(sorted(name for name in {n for klass in cls.__mro__ for n in vars(klass)}
                        if name.startswith("trian_") and getattr(getattr(cls, name), marker, None) is not None))


def _plugin_name(method) -> str:
    plugin = getattr(getattr(method, "__wrapped__", method), "__self__", None)
    skill = getattr(plugin, "skill", None)
    return f"{type(plugin).__name__} (skill {skill.name})" if skill else getattr(method, "__qualname__", str(method))
