"""K'haarquar: Slave-minions that go along with an emissary and then act as emissaries. (Living
structures is DSL.)

A Slave-minion on the board is one of the engine's emissaries (``game.emissaries``) with a
``slave-minion`` special token on its tile; the token keeps that Emissary object in ``token.data``
(``emissary``), so the game follows it through teleports and, when it leaves the board, puts the
token back in the supply (skill_pieces.follow_emissaries, as for a settled Interstellar). It takes
no piece from the emissary supply.
"""
from functools import partial

from trian_script.games.new_order.actions import (enemy_station_areas, expeditions, may_arrive, region_name,
                                                  send_emissary, teleport, teleport_targets, teleports, token_works_as)
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

MINION = "slave-minion"


def _minion_region(region) -> bool:
    """A nebula part (without extractor) or a planet: where an emissary may stand, but no outpost."""
    return "emissary" in region.holds and not region.prop("outpost")


def minion_targets(game, cell, region: int, vacated=None) -> list:
    """(cell, region) where a Slave-minion may go with the emissary arriving on ``cell``/``region``:
    an empty nebula part or planet edge-adjacent to ``cell``, or on any empty tile of the nebula or
    system that emissary went into; never on an exmitter tile or in its radius, nor on a teleport
    tile (as an expedition)."""
    board = game.board
    found = set()
    for other in board.grid.neighbours(cell):
        placed = board.cells.get(other)
        if placed is not None:
            found |= {(other, i) for i, r in enumerate(placed.face.regions) if _minion_region(r)}
    area = game.region_area(cell, region)
    if area is not None and area.kind in ("nebula", "system"):
        for other in area.tiles:
            placed = board.cells[other]
            for i, r in enumerate(placed.face.regions):
                node = placed.nodes[i]
                if _minion_region(r) and node is not None and board.forest.find(node) == area.id:
                    found.add((other, i))
    # where the emissary goes, and areas this turn's tile closes (their battles are to come), it
    # may follow; elsewhere, as a regular emissary (NO-3.3.4): not where another player's station
    # stands (p. 18) nor into a closed area another player controls
    joined = {area.id} if area is not None else set()
    joined |= {a.id for a in game.pending_closed}
    barred = enemy_station_areas(game, game.current.name)
    return sorted((c, i) for c, i in found
                  if c != cell and (c not in game.emissaries or c == vacated) and not game.exmitter_reach(c)
                  and not token_works_as(game, c, "teleport") and _may_enter(game, c, i, barred, joined))


def _may_enter(game, cell, region: int, barred: set, joined: set) -> bool:
    area = game.region_area(cell, region)
    return area is not None and area.id in joined or may_arrive(game, area, game.current.name, barred)


class SlaveMinion(SkillPlugin):
    """Slave-Minion: with an expedition or teleport of one of your emissaries, 1 yellow mineral
    places a Slave-minion with it (``… with slave-minion @(a,b,c) nebula``)."""
    hears = {"trian_options": ("exploration",)}

    @hookimpl
    def trian_options(self, game, player, phase):
        if player != self.owner or phase != "exploration" or game.current.name != self.owner:
            return None
        if game.skills.owned[self.owner].special[MINION] < 1 or self.me.minerals["yellow"] < 1:
            return None
        fmt = game.board.grid.format_cell
        out = {}
        # an expedition of an emissary to the tile added this turn (NO-3.3.2)
        offered = expeditions(game)
        cell = game.placed_cell
        if cell is not None and cell in game.board.cells:
            regions = game.board.cells[cell].face.regions
            for index in range(len(regions)):
                text = f"expedition emissary @{fmt(cell)} {region_name(regions, index)}"
                if text in offered:
                    for target, where in minion_targets(game, cell, index):
                        name = region_name(game.board.cells[target].face.regions, where)
                        out[f"{text} with slave-minion @{fmt(target)} {name}"] = \
                            partial(self._expedition, cell, index, target, where)
        # a teleport of one of your own emissaries (NO-3.3.4)
        teleporting = teleports(game)
        movers = {text.partition(" to ")[0] for text in teleporting}  # ``teleport emissary @(1,0,0)``
        for origin, emissary in sorted(game.emissaries.items()):
            if emissary.player != self.owner or f"teleport emissary @{fmt(origin)}" not in movers:
                continue  # (its targets are not worked out for nothing)
            for arrival, region, label in teleport_targets(game, "emissary", origin):
                text = f"teleport emissary @{fmt(origin)} to @{fmt(arrival)}" + (f" {label}" if label else "")
                if text not in teleporting:
                    continue
                for target, where in minion_targets(game, arrival, region, vacated=origin):
                    name = region_name(game.board.cells[target].face.regions, where)
                    out[f"{text} with slave-minion @{fmt(target)} {name}"] = \
                        partial(self._teleport, origin, arrival, region, target, where)
        return out

    def _place(self, cell, region: int) -> None:
        game, me = self.game, self.me
        game.move("yellow", 1, f"minerals:{self.owner}", "bag", "Slave-minion")
        token = game.place_token(MINION, self.owner, cell)
        game.put_emissary(me, cell, region)
        game.adjust(f"supply:{self.owner}", "emissaries", 1, "a Slave-minion is not a piece of the race board")
        token.data["emissary"] = game.emissaries[cell]
        game.note(f"{self.owner} discards 1 yellow mineral: the Slave-minion acts as an emissary")
        game.emit("unit-placed", self.owner, player=self.owner, unit="emissary", cell=cell, token=MINION)
        game.units_changed([cell], self.owner)

    def _expedition(self, cell, region, target, where) -> None:
        # the minion first: the expedition's own steps end the action (its tile's areas wait for
        # the events, so the order changes nothing else)
        self._place(target, where)
        send_emissary(self.game, cell, region)

    def _teleport(self, origin, arrival, region, target, where) -> None:
        self.game.teleported = True  # an emissary goes by the teleport added this turn: its 1 unit (NO-3.3.4)
        teleport(self.game, "emissary", origin, arrival, region)
        self._place(target, where)
        self.game.action_done()
