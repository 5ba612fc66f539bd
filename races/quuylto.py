"""Quuylto's Crystalline particle transporter: a teleport from anywhere to anywhere, paid in blue."""
from trian_script.games.new_order.actions import teleport, teleport_targets
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl


class CrystallineTransporter(SkillPlugin):
    hears = {"trian_options": ("exploration",)}

    @hookimpl
    def trian_options(self, game, player, phase):
        if phase != "exploration" or self.state().get("turn") == game.turn:
            return None
        cost = game.param("transporter.cost", self.owner)
        if self.me.minerals["blue"] < cost:
            return None
        fmt = game.board.grid.format_cell
        options = {}
        for kind, table in (("emissary", game.emissaries), ("ship", game.ships)):
            for origin, unit in sorted(table.items()):
                if unit.player != self.owner or game.is_blocked(origin) or getattr(unit, "station", None):
                    continue
                for target, region, label in teleport_targets(game, kind, origin):
                    regions = game.board.cells[target].face.regions
                    if kind == "emissary" and regions[region].prop("outpost"):
                        continue  # never an emissary to a trade outpost (races.md)
                    text = f"transport {kind} @{fmt(origin)} to @{fmt(target)}" + (f" {label}" if label else "")
                    options[text] = lambda k=kind, o=origin, t=target, r=region: self._transport(k, o, t, r, cost)
        return options

    def _transport(self, kind, origin, target, region, cost):
        game = self.game
        self.state()["turn"] = game.turn
        game.move("blue", cost, f"minerals:{self.owner}", "bag", self.skill.title)
        game.note(f"{self.owner} pays {cost} blue minerals to the crystalline transporter")
        teleport(game, kind, origin, target, region)
        game.action_done()
