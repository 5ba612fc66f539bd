"""Volkharnian: Manipulation (swapping units) and the upkeep of Adaptation abilities (the Exmitter
token is DSL: an action placing a token that works as an exmitter, tokens.trian)."""
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl


def _fmt(game, cell) -> str:
    return game.board.grid.format_cell(cell)


class Manipulation(SkillPlugin):
    """Once per turn in phase 2 (after the tile is placed) or phase 3, not an action: pay 1 green and
    1 blue mineral to swap one of your units with an enemy unit of the same type — ship with ship in one
    outer-space area, emissary with emissary in one nebula or planetary system. With
    ``manipulation.range`` above 0 (Mental manipulation) any unit of the same type within that many
    tiles (edge steps on the grid) may be swapped too."""
    hears = {"trian_options": ("exploration-free",)}

    @hookimpl
    def trian_options(self, game, player, phase):
        if phase != "exploration-free" or self.state().get("turn") == game.turn:
            return None
        cost = {"green": 1, "blue": 1}
        if any(self.me.minerals[c] < n for c, n in cost.items()):
            return None
        options = {}
        for kind, mine, theirs in self.swaps():
            text = f"swap {kind} @{_fmt(game, mine)} with @{_fmt(game, theirs)}"
            options[text] = lambda k=kind, a=mine, b=theirs: self._swap(k, a, b, cost)
        return options

    # -- which swaps are allowed ----------------------------------------------------------------------
    def swaps(self):
        game = self.game
        reach = game.param("manipulation.range", self.owner)
        out = []
        for kind, table in (("emissary", game.emissaries), ("ship", game.ships)):
            for mine, unit in sorted(table.items()):
                if unit.player != self.owner or not self._movable(kind, mine):
                    continue
                near = self._within(mine, reach) if reach > 0 else set()
                for theirs, other in sorted(table.items()):
                    if other.player == self.owner or not self._movable(kind, theirs):
                        continue
                    if not (self._same_area(kind, mine, unit, theirs, other) or theirs in near):
                        continue
                    # no unit may be moved into an exmitter's reach (unless exmitters do not affect it)
                    if self._exmitted_for(theirs, unit.player) or self._exmitted_for(mine, other.player):
                        continue
                    out.append((kind, mine, theirs))
        return out

    def _movable(self, kind, cell) -> bool:
        """Never an emissary on a station (it stays to the end) nor a blocked one (as for a teleport)."""
        if kind == "ship":
            return True
        emissary = self.game.emissaries[cell]
        return emissary.station is None and not self.game.is_blocked(cell)

    def _same_area(self, kind, a, unit_a, b, unit_b) -> bool:
        game = self.game
        area_a, area_b = game.region_area(a, unit_a.region), game.region_area(b, unit_b.region)
        if area_a is None or area_b is None or area_a.id != area_b.id:
            return False
        return area_a.kind == "space" if kind == "ship" else area_a.kind in ("nebula", "system")

    def _within(self, cell, steps: int) -> set:
        """Cells at most ``steps`` edge steps away on the grid (empty slots included)."""
        grid = self.game.board.grid
        seen, frontier = {cell}, [cell]
        for _ in range(steps):
            frontier = [n for c in frontier for n in grid.neighbours(c) if n not in seen]
            seen.update(frontier)
        return seen - {cell}

    def _exmitted_for(self, cell, player) -> bool:
        game = self.game
        return game.exmitter_reach(cell, player)

    # -- the swap -----------------------------------------------------------------------------------
    def _swap(self, kind, mine, theirs, cost) -> None:
        game = self.game
        self.state()["turn"] = game.turn
        for colour, n in cost.items():
            game.move(colour, n, f"minerals:{self.owner}", "bag", self.skill.title)
        table = game.emissaries if kind == "emissary" else game.ships
        a, b = table.pop(mine), table.pop(theirs)
        if kind == "emissary":  # the areas count emissaries per player: a leaves for b, b for a
            for cell, region, gone, come in ((mine, a.region, a, b), (theirs, b.region, b, a)):
                node = game.board.cells[cell].nodes[region]
                if node is not None:
                    game.board.totals(node).units[(gone.player, "emissaries")] -= 1
                    game.board.totals(node).units[(come.player, "emissaries")] += 1
        a.region, b.region = b.region, a.region
        table[theirs], table[mine] = a, b
        game.note(f"{self.owner} pays 1 green and 1 blue mineral and swaps its {kind} at {_fmt(game, mine)} "
                  f"with {b.player}'s at {_fmt(game, theirs)}")
        unit_a = kind if kind == "emissary" else a.kind
        unit_b = kind if kind == "emissary" else b.kind
        game.emit("unit-moved", a.player, player=a.player, unit=unit_a, origin=mine, cell=theirs, swapped=True)
        game.emit("unit-moved", b.player, player=b.player, unit=unit_b, origin=theirs, cell=mine, swapped=True)
        # the Volkharnian caused it: they attack whatever their ship now faces (NO-4.5); control (NO-4.7)
        game.units_changed([mine, theirs], self.owner)


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
