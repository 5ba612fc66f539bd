"""The plugin manager: built-in plugins, then the ``trian_script`` entry points, then folders.

Set ``TRIAN_SCRIPT_DISABLE_PLUGIN_AUTOLOAD=1`` to skip the entry points (as pytest's switch does).
``check_pending()`` runs after loading, so a misspelt hook name fails at start, not mid-game.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
from functools import lru_cache
from pathlib import Path

import pluggy

from . import hookspecs

AUTOLOAD_SWITCH = "TRIAN_SCRIPT_DISABLE_PLUGIN_AUTOLOAD"


class PluginError(ValueError):
    """A plugin that cannot be loaded: a bad 'module:Class' path, or a misspelt hook."""


def new_manager() -> pluggy.PluginManager:
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    return manager


@lru_cache(maxsize=None)
def global_manager() -> pluggy.PluginManager:
    """Installed packages' entry points (unless switched off), asked where their content files are
    (``trian_content_paths``); the plugins a game plays with come from ``game_manager``."""
    manager = new_manager()
    if not os.environ.get(AUTOLOAD_SWITCH):
        manager.load_setuptools_entrypoints(hookspecs.PROJECT)
    check(manager)
    return manager


def game_manager(ruleset) -> pluggy.PluginManager:
    """The plugin manager of the games of ``ruleset``: the plugins its ``plugins = [...]`` names,
    each a mechanic (``tile-laying``), a rule plugin of a game (``new_order.end-scoring`` is
    ``trian_script/games/new_order/end_scoring.py``) or an installed package's entry point of that
    name. Nothing else is loaded, so an installed fan package changes only the games that ask for it.
    Built once per ruleset."""
    manager = ruleset.__dict__.get("_manager")
    if manager is None:
        manager = new_manager()
        for name in ruleset.values.get("plugins", []):
            manager.register(plugin_module(name), name)
        check(manager)
        ruleset.__dict__["_manager"] = manager
    return manager


def plugin_module(name: str):
    """The module or object a ruleset's plugin name stands for (see ``game_manager``)."""
    from ..mechanics import REGISTRY

    if name in REGISTRY:
        return importlib.import_module(REGISTRY[name])
    game, dot, rule = name.partition(".")
    if dot:
        try:
            return importlib.import_module(f"trian_script.games.{game}.{rule.replace('-', '_')}")
        except ModuleNotFoundError:
            pass
    from importlib.metadata import entry_points

    for entry in entry_points(group=hookspecs.PROJECT):
        if entry.name == name:
            return entry.load()
    raise PluginError(f"no plugin named '{name}': a mechanic ({', '.join(sorted(REGISTRY))}), a game's rule "
                      "plugin (GAME.NAME) or an installed package's entry point")


def known_games() -> list[str]:
    """The games a ruleset may name: the folders of ``trian_script.games``, installed entry points
    and games registered by the program."""
    from .. import games

    return sorted(set(_installed_names("trian_script.games")) | set(games.REGISTERED))


def known_plugins() -> list[str]:
    """Every plugin name a ruleset may use (see ``game_manager``), found without importing any."""
    return list(_installed_names(hookspecs.PROJECT))


@lru_cache(maxsize=None)
def _installed_names(group: str) -> tuple[str, ...]:
    """Built-in games (group ``trian_script.games``) or plugins (mechanics and games' rule modules),
    and the entry points of ``group``: read once per process."""
    from importlib.metadata import entry_points

    from .. import games
    from ..mechanics import REGISTRY

    folder = Path(games.__file__).parent
    if group == "trian_script.games":
        built_in = {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
    else:
        built_in = set(REGISTRY) | {f"{p.parent.name}.{p.stem.replace('_', '-')}" for p in folder.glob("*/*.py")
                                    if p.stem != "__init__"}
    return tuple(sorted(built_in | {e.name for e in entry_points(group=group)}))


def check(manager: pluggy.PluginManager) -> None:
    try:
        manager.check_pending()
    except pluggy.PluginValidationError as err:
        raise PluginError(f"a plugin implements a hook that does not exist: {err}") from None


# A skill's plugin reference: ``module:Class`` (module a dotted name, Class a name).
PLUGIN_REFERENCE = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*")
# Folders whose Python the user trusts (``--trust DIR``); the shipped races' folder always is.
TRUSTED: list[Path] = []


def trust(folder) -> None:
    """Let plugins in ``folder`` (and below) run: the user trusts whoever wrote them."""
    TRUSTED.append(Path(folder).resolve())


def is_trusted(folder: Path) -> bool:
    from ..resources import content_dir

    folder = Path(folder).resolve()
    return folder == content_dir("races").resolve() or any(folder == t or t in folder.parents for t in TRUSTED)


def load_class(spec: str, search: list[Path] | None = None):
    """The SkillPlugin class named by ``"module:Class"``. ``module`` is a file beside a race's DSL,
    in a trusted folder (the shipped races, or one given with ``--trust``), or an installed module.
    Content never runs code otherwise; and the class must be made for it (a SkillPlugin). Found
    once per process for the same folders and trust."""
    return _load_class(spec, tuple(str(f) for f in search or ()), tuple(TRUSTED))


@lru_cache(maxsize=None)
def _load_class(spec: str, search: tuple[str, ...], trusted: tuple[Path, ...]):
    if not isinstance(spec, str) or not PLUGIN_REFERENCE.fullmatch(spec):
        raise PluginError(f"'{spec}' is not 'module:Class'")
    module_name, _, class_name = spec.partition(":")
    module = None
    for folder in search or []:
        candidate = Path(folder) / (module_name.replace(".", "/") + ".py")
        if candidate.is_file():
            if not is_trusted(Path(folder)):
                raise PluginError(f"plugin '{spec}' is Python in {folder}, which is not trusted: content runs no "
                                  f"code unless you trust its author (--trust {folder})")
            module = _module_from_file(candidate, module_name)
            break
    if module is None:
        try:
            module = importlib.import_module(module_name)
        except ImportError as err:
            raise PluginError(f"cannot import '{module_name}' for plugin '{spec}': {err}") from None
    cls = getattr(module, class_name, None)
    from .skill_plugin import SkillPlugin

    if not (isinstance(cls, type) and issubclass(cls, SkillPlugin)):
        raise PluginError(f"'{spec}' is not a skill plugin (a subclass of trian_script.plugins.skill_plugin.SkillPlugin)")
    _check_hook_names(spec, cls)
    return cls


def _module_from_file(candidate: Path, module_name: str):
    key = f"trian_script_plugin_{abs(hash(str(candidate.resolve())))}_{module_name}"
    module = sys.modules.get(key)
    if module is None:
        spec_obj = importlib.util.spec_from_file_location(key, candidate)
        module = importlib.util.module_from_spec(spec_obj)
        sys.modules[key] = module
        spec_obj.loader.exec_module(module)
    return module


def _check_hook_names(spec: str, cls) -> None:
    """A method named like a hook that no hookspec defines would never be called: say so at start."""
    from ..dsl.diagnostics import did_you_mean

    known = {n for n in vars(hookspecs) if n.startswith("trian_")}
    for name in sorted(n for n in dir(cls) if n.startswith("trian_") and n not in known):
        raise PluginError(f"plugin {spec} has '{name}', which is no hook. {did_you_mean(name, known)}".strip())


def content_paths() -> list[Path]:
    """Files and folders that installed plugins ship (``trian_content_paths``)."""
    paths: list[Path] = []
    for result in global_manager().hook.trian_content_paths():
        paths += [Path(p) for p in result or []]
    return paths
