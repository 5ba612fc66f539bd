"""Xemh: the Gauss Cannon token (Warcry is DSL: an action limited to once per clash)."""
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

CANNON = "gauss-cannon"


class GaussCannon(SkillPlugin):
    """Place the cannon as the phase-3 action; it then destroys every ship in its field of fire,
    whenever one stands there (``scope = any``: it hears every player's moves). An exmitter whose
    reach covers it sends it back to the supply."""
    hears = {"trian_options": ("exploration",),
             "trian_event": ("unit-placed", "unit-moved", "tile-placed", "module-unlocked")}

    # -- placing it -----------------------------------------------------------------------------
    @hookimpl
    def trian_options(self, game, player, phase):
        if player != self.owner or phase != "exploration" or game.current.name != self.owner:
            return None
        cell = game.placed_cell
        if cell is None or game.skills.owned[self.owner].special[CANNON] <= 0:
            return None
        grid = game.board.grid
        if game.exmitter_reach(cell) or game.tokens_at(cell, CANNON) \
                or any(c in game.ships for c in (cell, *grid.neighbours(cell))) \
                or self._ship_tokens({cell, *grid.neighbours(cell)}):
            return None  # never on or next to a ship; never where an exmitter reaches
        return {f"place {CANNON} @{grid.format_cell(cell)}": lambda: self._place(cell)}

    def _place(self, cell) -> None:
        game = self.game
        game.place_token(CANNON, self.owner, cell)
        self.fire()
        game.action_done()

    # -- firing -----------------------------------------------------------------------------------
    def field_of_fire(self, cell) -> tuple:
        grid = self.game.board.grid
        wide = self.game.param(f"{CANNON}.field-of-fire", self.owner) != "edge"
        return (cell, *(grid.touching(cell) if wide else grid.neighbours(cell)))

    def _ship_tokens(self, cells) -> list:
        """Special tokens that are ships (``ship-like``, e.g. Arvori's Interstellar, unless it was
        fixed as an emissary) on ``cells``, in the order they were placed."""
        tokens = self.game.ruleset.tokens
        return [t for t in self.game.special_tokens.values()
                if t.cell in cells and tokens.get(t.kind, {}).get("ship-like") and not t.data.get("fixed")]

    def _reward(self, victim: str) -> None:
        game = self.game
        if victim != self.owner:  # only enemy ships pay
            drawn = game.draw_minerals(game.param(f"{CANNON}.minerals", self.owner))
            self.me.minerals.update(drawn)
            game.note(f"{self.owner} draws {sum(drawn.values())} minerals (Gauss Cannon)")

    def fire(self) -> None:
        """Every cannon of the owner destroys the ships in its field of fire; an exmitter that
        reaches a cannon's tile removes it first. Not re-entered: a destroyed ship's own event
        (``unit-removed``) arrives while the cannon is still firing."""
        if getattr(self, "_firing", False):
            return
        self._firing = True
        try:
            self._fire()
        finally:
            self._firing = False

    def _fire(self) -> None:
        game = self.game
        cannons = game.tokens_of(self.owner, CANNON)
        if not cannons:
            return
        fmt = game.board.grid.format_cell
        for token in cannons:
            if game.exmitter_reach(token.cell):
                game.note(f"an exmitter removes {self.owner}'s Gauss Cannon at {fmt(token.cell)}")
                game.remove_token(token)
                continue
            field = self.field_of_fire(token.cell)
            ship_tokens = self._ship_tokens(set(field))
            for cell in field:
                ship = game.ships.get(cell)
                if ship is not None:
                    game.note(f"{self.owner}'s Gauss Cannon at {fmt(token.cell)} destroys "
                              f"{ship.player}'s {ship.kind} at {fmt(cell)}")
                    game.return_ship(cell)
                    self._reward(ship.player)
                for other in (t for t in ship_tokens if t.cell == cell):
                    game.note(f"{self.owner}'s Gauss Cannon at {fmt(token.cell)} destroys "
                              f"{other.owner}'s {other.kind} at {fmt(cell)}")
                    game.remove_token(other)  # back to its owner's supply
                    self._reward(other.owner)

    @hookimpl
    def trian_event(self, game, event, data):
        # a ship placed, moved or teleported; an exmitter tile; Long range system unlocked: at once,
        # before the battles that the move queued
        self.fire()

    @hookimpl
    def trian_action_end(self, game, player, action):
        self.fire()  # whatever moved without an event (another race's plugin)
