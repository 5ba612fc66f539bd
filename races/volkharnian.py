"""Volkharnian: the upkeep of Adaptation abilities. The Exmitter token and Manipulation are DSL.

What the language cannot say yet: an obligation at the start of a turn — one choice per unit in an
exmitter's reach (pay a mineral of your choice or send the unit home) that must be settled before the
other phase-1 options are offered (a "must" choice that holds the phase back)."""
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl


def _fmt(game, cell) -> str:
    return game.board.grid.format_cell(cell)


class AdaptationUpkeep(SkillPlugin):
    """At the start of your turn, for each of your units in an exmitter's reach, discard 1 mineral (your
    colour) or return that unit. The upkeep is settled first in phase 1: until it is, the other phase-1
    options are held back. Emissaries on stations are not counted: exmitters never remove them."""
    hears = {"trian_options": ("extraction",), "trian_option_filter": ("extraction",)}

    def _due(self) -> list:
        game, state = self.game, self.state()
        if state.get("turn") != game.turn:  # worked out once, at the first look at this turn's options
            state["turn"] = game.turn
            state["due"] = sorted(
                [("emissary", c) for c, e in game.emissaries.items()
                 if e.player == self.owner and e.station is None and game.exmitter_reach(c)]
                + [("ship", c) for c, s in game.ships.items() if s.player == self.owner and game.exmitter_reach(c)])
        table = {"emissary": game.emissaries, "ship": game.ships}
        state["due"] = [(k, c) for k, c in state["due"] if c in table[k] and table[k][c].player == self.owner]
        return state["due"]

    @hookimpl
    def trian_options(self, game, player, phase):
        if phase != "extraction" or game.phase != "extraction":
            return None
        options = {}
        for kind, cell in self._due():
            where = _fmt(game, cell)
            for colour in sorted(c for c, n in self.me.minerals.items() if n > 0):
                options[f"adapt {kind} @{where} discard {colour}"] = lambda k=kind, c=cell, m=colour: self._keep(k, c, m)
            options[f"adapt {kind} @{where} return"] = lambda k=kind, c=cell: self._return(k, c)
        return options

    @hookimpl
    def trian_option_filter(self, game, player, phase, options):
        if phase != "extraction" or not self._due():
            return None
        return [text for text in options if not text.startswith("adapt ")]

    def _settle(self, kind, cell) -> None:
        self.state()["due"].remove((kind, cell))

    def _keep(self, kind, cell, colour) -> None:
        self._settle(kind, cell)
        self.game.move(colour, 1, f"minerals:{self.owner}", "bag", self.skill.title)
        self.game.note(f"{self.owner} discards 1 {colour} mineral to keep its {kind} at {_fmt(self.game, cell)} "
                       "in an exmitter's reach")

    def _return(self, kind, cell) -> None:
        self._settle(kind, cell)
        game = self.game
        if kind == "emissary":
            game.return_emissary(cell)
        else:
            game.return_ship(cell)
        game.units_changed([cell], self.owner)
