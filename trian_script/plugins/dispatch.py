"""Calling hooks for one game: every installed plugin, plus the skill plugins of the players
concerned — a skill plugin hears a hook only when its owner is the player (or the subject) of it."""
from __future__ import annotations

from .manager import global_manager


class Hooks:
    def __init__(self, game):
        self.game = game
        self.installed = global_manager()
        self.skill_plugins: dict[str, list] = {}  # owner -> plugin instances of unlocked skills

    def add_skill_plugin(self, owner: str, plugin) -> None:
        self.skill_plugins.setdefault(owner, []).append(plugin)

    def _installed_has(self, name: str) -> bool:
        return bool(getattr(self.installed.hook, name).get_hookimpls())

    def call(self, name: str, owners=None, **kwargs) -> list:
        """Results of hook ``name`` from installed plugins and the skill plugins of ``owners``
        (a name, a list of names, or None for every player's)."""
        results = []
        if self._installed_has(name):
            for result in getattr(self.installed.hook, name)(**kwargs):
                results.append(result)
        if self.skill_plugins:
            wanted = None if owners is None else {owners} if isinstance(owners, str) else set(owners)
            for owner, plugins in self.skill_plugins.items():
                for plugin in plugins:
                    # a skill with ``scope = any`` hears every player; others only their owner
                    if wanted is not None and owner not in wanted and getattr(plugin.skill, "scope", "owner") != "any":
                        continue
                    method = getattr(plugin, name, None)
                    if method is not None:
                        result = method(**kwargs)
                        if result is not None:
                            if name == "trian_options":  # count a skill's use when its option is chosen
                                result = {text: self._counted(owner, plugin.skill.name, apply)
                                          for text, apply in result.items()}
                            results.append(result)
        return results

    def _counted(self, owner: str, skill: str, apply):
        def counted():
            self.game.skills.owned[owner].used[skill] += 1
            return apply()

        return counted

    def first(self, name: str, owners=None, **kwargs):
        """The first answer that is not None (``firstresult`` hooks): skill plugins first."""
        for result in self.call(name, owners, **kwargs):
            if result is not None:
                return result
        return None
