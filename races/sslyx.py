"""Sslyx: the Gravity Bomb (Decoy) and the Mobile Teleport (Space modulator technology).

Option texts (the game's log):
  place gravity-bomb @(1,0,1)                                 phase 3, the action
  move gravity-bomb @(1,0,1) to @(1,0,0)                      phase 3, the action, a later turn
  move gravity-bomb @(1,0,1) to @(1,0,0) and detonate
  place mobile-teleport @(1,0,1) paying red                   after adding the tile, no action
  mobile-teleport ship @(1,0,0) to @(3,0,-1)                  phase 3, the action
"""
from functools import partial

from trian_script.games.new_order.actions import protected, teleport, teleport_targets
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

BOMB = "gravity-bomb"
TELEPORT = "mobile-teleport"


def _fmt(game, cell) -> str:
    return game.board.grid.format_cell(cell)


def _mine(game, owner: str, kind: str) -> list:
    return game.tokens_of(owner, kind)


class Decoy(SkillPlugin):
    """Placed as the action, moved (and detonated) as the action of a later turn; explodes at once
    when an enemy ship stands on its tile or an edge-adjacent one (``scope = any``: it hears every
    player's unit-placed / unit-moved events)."""
    hears = {"trian_options": ("exploration",), "trian_event": ("unit-placed", "unit-moved")}

    # -- options ----------------------------------------------------------------------------------
    @hookimpl
    def trian_options(self, game, player, phase):
        if player != self.owner or phase != "exploration":
            return None  # scope = any: this hook is also called for the other players
        options = {}
        cell = game.placed_cell
        if game.skills.owned[self.owner].special[BOMB] > 0 and cell is not None and self._may_place(cell):
            options[f"place {BOMB} @{_fmt(game, cell)}"] = partial(self._place, cell)
        for token in _mine(game, self.owner, BOMB):
            if token.data.get("turn") == game.turn:
                continue  # it moves in later turns
            origin = _fmt(game, token.cell)
            for target in self._destinations(token.cell):
                text = f"move {BOMB} @{origin} to @{_fmt(game, target)}"
                options[text] = partial(self._move, token.id, target, False)
                options[text + " and detonate"] = partial(self._move, token.id, target, True)
        return options

    def _may_place(self, cell) -> bool:
        """The tile just added, with no ship on it or on an edge-adjacent tile, outside an exmitter's reach."""
        game = self.game
        if game.exmitter_reach(cell) or game.tokens_at(cell, BOMB):
            return False
        return not any(c in game.ships for c in (cell, *game.board.grid.neighbours(cell)))

    def _destinations(self, origin) -> list:
        """Tiles up to ``decoy.move`` edge steps away over placed tiles, never into an exmitter's
        reach, not ending on a ship, on another bomb or where it started."""
        game = self.game
        steps = game.param("decoy.move", self.owner)
        frontier, seen, out = [origin], {origin}, []
        for _ in range(steps):
            following = []
            for here in frontier:
                for other in game.board.grid.neighbours(here):
                    if other in seen or other not in game.board.cells or game.exmitter_reach(other):
                        continue
                    seen.add(other)
                    following.append(other)
                    if other not in game.ships and not game.tokens_at(other, BOMB):
                        out.append(other)
            frontier = following
        return sorted(out)

    # -- what the options do ----------------------------------------------------------------------
    def _place(self, cell) -> None:
        game = self.game
        game.place_token(BOMB, self.owner, cell, turn=game.turn)
        game.action_done()

    def _move(self, token_id: int, target, detonate: bool) -> None:
        game = self.game
        token = game.special_tokens[token_id]
        game.note(f"{self.owner} moves the {BOMB} from {_fmt(game, token.cell)} to {_fmt(game, target)}")
        token.cell = target
        if detonate:
            self._explode(token, "detonated")
        elif self._enemy_near(token.cell):
            self._explode(token, "an enemy ship is next to it")
        game.action_done()

    # -- the explosion ------------------------------------------------------------------------------
    def _enemy_near(self, cell) -> bool:
        game = self.game
        return any((s := game.ships.get(c)) is not None and s.player != self.owner
                   for c in (cell, *game.board.grid.neighbours(cell)))

    def _field(self, cell) -> list:
        game = self.game
        grid = game.board.grid
        around = grid.neighbours(cell) if game.param("decoy.field", self.owner) == "edge" else grid.touching(cell)
        return [c for c in (cell, *around) if c in game.board.cells]

    def _explode(self, token, why: str) -> None:
        game = self.game
        field = self._field(token.cell)
        game.note(f"{self.owner}'s {BOMB} explodes at {_fmt(game, token.cell)} ({why})")
        enemy_ships = 0
        for cell in field:
            ship = game.ships.get(cell)
            if ship is not None:
                enemy_ships += ship.player != self.owner
                game.return_ship(cell)
            emissary = game.emissaries.get(cell)
            if emissary is not None and emissary.station is None:  # a station's emissary stays (p. 9)
                game.return_emissary(cell)
        game.remove_token(token)
        if enemy_ships:
            drawn = game.draw_minerals(enemy_ships * game.param("decoy.minerals", self.owner))
            self.me.minerals.update(drawn)
            game.note(f"{self.owner} draws {sum(drawn.values())} minerals for {enemy_ships} enemy "
                      f"ship{'s' if enemy_ships > 1 else ''} destroyed")
        game.units_changed(field, self.owner)  # unblocked emissaries, control (NO-4.6–4.8)

    @hookimpl
    def trian_event(self, game, event, data):
        if event not in ("unit-placed", "unit-moved"):
            return
        for token in _mine(game, self.owner, BOMB):
            if token.id in game.special_tokens and self._enemy_near(token.cell):
                self._explode(token, "an enemy ship is next to it")


class MobileTeleport(SkillPlugin):
    """Placed once per turn after the tile is added (no action), for 1 red or 1 yellow mineral;
    then, as the action of this or a later turn, teleports one unit from its radius."""
    hears = {"trian_options": ("expansion", "exploration")}

    @hookimpl
    def trian_options(self, game, player, phase):
        if phase == "expansion":
            return self._placements()
        if phase == "exploration":
            return self.teleports()
        return None

    def _placements(self) -> dict:
        game = self.game
        if game.placed_cell is None or game.skills.owned[self.owner].special[TELEPORT] <= 0 \
                or self.state().get("placed") == game.turn:
            return {}
        cost = game.param("mobile-teleport.cost", self.owner)
        options = {}
        for colour in ("red", "yellow"):
            if self.me.minerals[colour] < cost:
                continue
            for cell in sorted(game.board.cells):
                if (cell == game.placed_cell or cell not in game.ships) and not game.tokens_at(cell, TELEPORT):
                    options[f"place {TELEPORT} @{_fmt(game, cell)} paying {colour}"] = \
                        partial(self._place, cell, colour, cost)
        return options

    def _place(self, cell, colour: str, cost: int) -> None:
        game = self.game
        self.state()["placed"] = game.turn
        game.move(colour, cost, f"minerals:{self.owner}", "bag", self.skill.title)
        game.note(f"{self.owner} pays {cost} {colour} mineral{'s' if cost > 1 else ''} for a {TELEPORT}")
        game.place_token(TELEPORT, self.owner, cell, turn=game.turn)

    def teleports(self) -> dict:
        """NO-3.3.4 from each Mobile Teleport: an unblocked emissary (not on a station, not protected by
        its own Corvette) or a ship on the token's tile or an edge-adjacent one."""
        game = self.game
        movers = []
        for token in _mine(game, self.owner, TELEPORT):
            for cell in game.reach(token.cell, "radius.teleport"):
                if cell not in game.board.cells:
                    continue
                emissary = game.emissaries.get(cell)
                if emissary and emissary.station is None and not game.is_blocked(cell) \
                        and not protected(game, cell, self.owner) and ("emissary", cell) not in movers:
                    movers.append(("emissary", cell))
                if cell in game.ships and ("ship", cell) not in movers:
                    movers.append(("ship", cell))
        options = {}
        for kind, origin in movers:
            for target, region, label in teleport_targets(game, kind, origin):
                text = f"{TELEPORT} {kind} @{_fmt(game, origin)} to @{_fmt(game, target)}" + (f" {label}" if label else "")
                options[text] = partial(self._teleport, kind, origin, target, region)
        return options

    def _teleport(self, kind: str, origin, target, region: int) -> None:
        teleport(self.game, kind, origin, target, region)
        self.game.action_done()
