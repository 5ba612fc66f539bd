"""Borf naree's Risky Business: stake 5 chosen minerals on a roll of the die."""
from itertools import combinations_with_replacement

from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

WIN_FROM = 4  # races.md: 1–3 lose the stake, 4–6 win twice the stake


class RiskyBusiness(SkillPlugin):
    hears = {"trian_options": ("exploration",)}

    @hookimpl
    def trian_options(self, game, player, phase):
        if phase != "exploration" or self.state().get("turn") == game.turn:
            return None
        stake = game.param("risky-business.stake", self.owner)
        minerals = self.me.minerals
        if stake <= 0 or sum(minerals.values()) < stake:
            return None
        owned = sorted(c for c, n in minerals.items() if n > 0)
        options = {}
        for combo in combinations_with_replacement(owned, stake):
            if all(minerals[c] >= combo.count(c) for c in set(combo)):
                options[f"risk {'+'.join(combo)}"] = lambda combo=combo: self._risk(combo)
        return options

    def _risk(self, combo):
        game, me = self.game, self.me
        self.state()["turn"] = game.turn
        for colour in combo:  # the stake goes back to the bag before the roll (rulebook)
            game.move(colour, 1, f"minerals:{self.owner}", "bag", "Risky Business stake")
        die = game.roll()
        bonus = game.param("risky-business.roll", self.owner)
        total = die + bonus
        roll = f"{die}" + (f" + {bonus}" if bonus else "") + (f" = {total}" if bonus else "")
        if total >= WIN_FROM:
            drawn = game.draw_minerals(2 * len(combo))
            me.minerals.update(drawn)
            got = ", ".join(f"{n} {c}" for c, n in sorted(drawn.items())) or "nothing"
            game.note(f"{self.owner} risks {'+'.join(combo)}, rolls {roll} and wins {sum(drawn.values())} "
                      f"minerals ({got}) (Risky Business)")
        else:
            game.note(f"{self.owner} risks {'+'.join(combo)}, rolls {roll} and loses them (Risky Business)")
        game.action_done()
