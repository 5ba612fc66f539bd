"""Maephos' Subspace tunnel technology: Wormhole tokens placed for free in phase 3 (1 red or blue
mineral each), and the tunnel, a phase-3 action that brings one of the owner's ships from anywhere to a
wormhole's tile."""
from trian_script.games.new_order.actions import region_name
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

KIND = "wormhole"
COLOURS = ("blue", "red")  # "discard 1 red or blue mineral"


class SubspaceTunnel(SkillPlugin):
    hears = {"trian_options": ("exploration", "exploration-free")}

    @hookimpl
    def trian_options(self, game, player, phase):
        if phase == "exploration-free":
            return self._placements(game) or None
        if phase == "exploration":
            return self._tunnels(game) or None
        return None

    # -- placing a wormhole: phase 3, not the action ---------------------------------------------
    def _placements(self, game) -> dict:
        if game.skills.owned[self.owner].special[KIND] <= 0:
            return {}
        colours = [c for c in COLOURS if self.me.minerals[c] > 0]
        if not colours:
            return {}
        fmt = game.board.grid.format_cell
        out = {}
        for cell, placed in sorted(game.board.cells.items()):
            if game.exmitter_reach(cell) or game.tokens_at(cell, KIND):
                continue
            regions = placed.face.regions
            spaces = [i for i, r in enumerate(regions) if "ship" in r.holds]
            for index in spaces:
                label = "" if len(spaces) == 1 else " " + region_name(regions, index)
                for colour in colours:
                    text = f"place {KIND} @{fmt(cell)}{label} discarding {colour}"
                    out[text] = lambda c=cell, i=index, col=colour: self._place(c, i, col)
        return out

    def _place(self, cell, region: int, colour: str) -> None:
        game = self.game
        game.move(colour, 1, f"minerals:{self.owner}", "bag", self.skill.title)
        game.note(f"{self.owner} discards 1 {colour} mineral for a wormhole")
        game.place_token(KIND, self.owner, cell, region=region)
        # no game.action_done(): placing a wormhole does not use the phase-3 action

    # -- the tunnel: the phase-3 action -------------------------------------------------------------
    def _tunnels(self, game) -> dict:
        fmt = game.board.grid.format_cell
        exits = sorted((t.cell, t.data["region"]) for t in game.special_tokens.values()
                       if t.kind == KIND and t.owner == self.owner)
        out = {}
        for target, region in exits:
            if target in game.ships or game.exmitter_reach(target) or self._ship_like_token(game, target):
                continue  # NO-3.3.6: one ship per tile; no ship stands in an exmitter's reach
            for origin, ship in sorted(game.ships.items()):
                if ship.player != self.owner:
                    continue
                text = f"move ship @{fmt(origin)} to @{fmt(target)} through {KIND}"
                out[text] = lambda o=origin, t=target, r=region: self._tunnel(o, t, r)
        return out

    @staticmethod
    def _ship_like_token(game, cell) -> bool:
        """A special token that is a ship (Arvori's Interstellar) fills the tile's one ship place."""
        return any(game.ruleset.tokens.get(t.kind, {}).get("ship-like") for t in game.tokens_at(cell))

    def _tunnel(self, origin, target, region: int) -> None:
        game = self.game
        game.note(f"{self.owner} sends a ship through the subspace tunnel")
        game.move_ship(origin, target, region)  # unit-moved, then battles and control (NO-4.5)
        game.action_done()
