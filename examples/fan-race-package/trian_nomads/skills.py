"""The Nomads' skills that need code."""
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl


class StarCharts(SkillPlugin):
    """Once per turn, in phase 1, send the top tile of a stack to its bottom (you see its face up)."""

    @hookimpl
    def trian_options(self, game, player, phase):
        if phase != "extraction" or self.state().get("turn") == game.turn:
            return None
        return {f"chart stack {i + 1}": (lambda i=i: self._chart(i))
                for i, stack in enumerate(game.stacks) if len(stack) > 1}

    def _chart(self, index):
        game = self.game
        self.state()["turn"] = game.turn
        stack = game.stacks[index]
        stack.insert(0, stack.pop())
        game.note(f"{self.owner} charts the stars: the top tile of stack {index + 1} goes to the bottom")
