"""Arvori: the Interstellar's battles with Divine help, the return of a settled Interstellar, and
the Entanglement token. Placing, moving, gathering and settling the Interstellar are DSL
(arvori.trian); the game treats the ship-like token as a ship (skill_pieces.py).

The Interstellar is a special token whose ``data`` keeps the space region it stands in
(``region``) or, once settled, the ``Emissary`` it became (``emissary``). Supreme Priestess
(``scope = any``) starts its battles when an enemy ship ends a move or a teleport beside it, or when
it is moved or teleported beside one (``trian_event``); Divine help's choices in the middle of a
battle are decisions of the ``InterstellarBattle`` put in ``game.battle``.
"""
from __future__ import annotations

import re
from functools import partial
from itertools import combinations_with_replacement

from trian_script.games.new_order.actions import region_name
from trian_script.games.new_order.skill_pieces import ship_like_cells
from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

INTERSTELLAR = "interstellar"
ENTANGLEMENT = "entanglement"
SHIP_KINDS = ("corvette", "rogue", "ship")  # ``unit`` of ship events (a teleport says "ship")


def _fmt(game, cell) -> str:
    return game.board.grid.format_cell(cell)


def _combos(minerals, size: int) -> list[tuple[str, ...]]:
    """Every multiset of ``size`` colours a supply can pay, sorted (texts such as ``blue+red``)."""
    owned = sorted(c for c, n in minerals.items() if n > 0)
    return [combo for combo in combinations_with_replacement(owned, size)
            if all(minerals[c] >= combo.count(c) for c in combo)]


def _discard(game, player, combo, reason: str) -> None:
    for colour in combo:
        game.move(colour, 1, f"minerals:{player.name}", "bag", reason)


def interstellars(game, owner: str, fixed: bool | None = None) -> list:
    """``owner``'s Interstellar tokens on the board (ships, fixed ones, or both)."""
    return [t for t in game.tokens_of(owner, INTERSTELLAR) if fixed is None or bool(t.data.get("fixed")) == fixed]


def fixed_cell(game, token):
    """Where the emissary a fixed Interstellar became stands (it may have been teleported), or None."""
    unit = token.data.get("emissary")
    return next((c for c, e in game.emissaries.items() if e is unit), None)


class SupremePriestess(SkillPlugin):
    # -- helpers --------------------------------------------------------------------------------
    def enemies_beside(self, cell, region, player: str | None = None) -> list:
        """Enemy ships (of ``player``, or of anyone but the owner) on edge-adjacent tiles joined to
        ``region`` of ``cell`` through outer space (NO-4.5), as sorted (cell, ship)."""
        game, out = self.game, []
        for other in game.board.grid.neighbours(cell):
            ship = game.ships.get(other)
            if ship is None or ship.player == self.owner or (player is not None and ship.player != player):
                continue
            if game.space_link(cell, region, other) == ship.region:
                out.append((other, ship))
        return sorted(out, key=lambda pair: pair[0])

    def _may_stand(self, cell) -> bool:
        """A tile where the Interstellar may end: placed, out of an exmitter's reach, no ship."""
        game = self.game
        return cell in game.board.cells and not game.exmitter_reach(cell) and cell not in game.ships \
            and cell not in ship_like_cells(game)

    @hookimpl
    def trian_event(self, game, event, data):
        self.sync()
        if event == "unit-moved" and data.get("unit") == INTERSTELLAR and not data.get("swapped"):
            self._teleported(data.get("cell"))  # moved or teleported next to an enemy ship: it attacks
            return
        if event not in ("unit-moved", "unit-placed") or data.get("unit") not in SHIP_KINDS:
            return
        attacker = data.get("player")
        if attacker == self.owner:
            return
        for token in interstellars(game, self.owner, fixed=False):
            if self.enemies_beside(token.cell, token.data["region"], attacker):
                game.then(partial(self._attacked, token.id, attacker))

    def _teleported(self, cell) -> None:
        """The Interstellar was moved or teleported (by a teleport tile, a Mobile Teleport, whoever
        did it): it faces the enemy ships beside it, and loses (NO-4.5)."""
        token = next((t for t in interstellars(self.game, self.owner, fixed=False) if t.cell == cell), None)
        enemies = self.enemies_beside(cell, token.data["region"]) if token is not None else []
        if enemies:
            ship_cell, ship = enemies[0]
            self.game.then(partial(self._battle_if_present, token.id, ship.player, ship_cell))

    def _battle_if_present(self, token_id, attacker: str, cell) -> None:
        token = self.game.special_tokens.get(token_id)
        if token is not None:
            self.game.start_battle(InterstellarBattle(self, token, attacker, cell, evade=False))

    def _attacked(self, token_id: int, attacker: str) -> None:
        """An enemy ship came next to the Interstellar: a battle it loses, unless Divine help."""
        game = self.game
        token = game.special_tokens.get(token_id)
        if token is None or token.data.get("fixed"):
            return
        enemies = self.enemies_beside(token.cell, token.data["region"], attacker)
        if enemies:
            cell, _ = enemies[0]
            game.start_battle(InterstellarBattle(self, token, attacker, cell, evade=True))

    def sync(self) -> None:
        """A fixed Interstellar whose emissary left the board returns to the supply (and the piece
        ``return_emissary`` added to the race board is taken off again); an exmitter sends a
        standing Interstellar back to the supply."""
        game = self.game
        for token in interstellars(game, self.owner):
            if token.data.get("fixed"):
                here = fixed_cell(game, token)
                if here is None:
                    game.adjust(f"supply:{self.owner}", "emissaries", -1, "a fixed Interstellar is no race-board piece")
                    game.note(f"{self.owner}'s fixed Interstellar left the board")
                    game.remove_token(token)
                else:
                    token.cell = here
            elif game.exmitter_reach(token.cell, self.owner):
                game.note(f"an exmitter sends {self.owner}'s Interstellar home")
                game.remove_token(token)

    @hookimpl
    def trian_action_end(self, game, player, action):
        self.sync()

    @hookimpl
    def trian_battle_end(self, game, battle):
        self.sync()

    @hookimpl
    def trian_turn_end(self, game, player):
        self.sync()


class InterstellarBattle:
    """A ship battle against the Interstellar (NO-4.5): it loses against any ship, at once. When it
    is attacked and its owner has Divine help (``interstellar.evade``), the owner may first discard
    ``interstellar.evade-cost`` minerals of their choice and move it to the nearest tile where no
    battle happens (edge steps over placed tiles; the owner chooses among equals)."""

    kind = "ships"

    def __init__(self, plugin: SupremePriestess, token, attacker: str, ship_cell, evade: bool):
        self.plugin, self.game, self.token = plugin, plugin.game, token
        self.owner = plugin.owner
        self.attacker = attacker  # the enemy ship's owner (the winner, whoever started it)
        ship = self.game.ships[ship_cell]
        self.pair = (ship_cell, token.cell)
        self.players = [attacker, self.owner]
        self.units = {attacker: ship.kind, self.owner: INTERSTELLAR}
        self.extra, self.totals, self.winners = {}, {}, []
        self.ship_kind = ship.kind
        self.stage = "pay"
        self.cost = self.game.param("interstellar.evade-cost", self.owner)
        self.refuges = self._refuges() if evade and self.game.param("interstellar.evade", self.owner) else []
        self.combos = _combos(self.game.player(self.owner).minerals, self.cost) if self.refuges else []

    def start(self) -> None:
        game = self.game
        game.battles += 1
        game.note(f"ship battle: {self.attacker}'s {self.ship_kind} at {_fmt(game, self.pair[0])} against "
                  f"{self.owner}'s Interstellar at {_fmt(game, self.token.cell)}")
        game.hooks.call("trian_battle_begin", self.players, game=game, battle=self)
        if not self.combos:
            self._fall()

    @property
    def decider(self) -> str:
        return self.owner

    def prompt(self) -> str:
        if self.stage == "pay":
            return f"the Interstellar is attacked: discard {self.cost} minerals to evade (Divine help), or not"
        return "Divine help: choose where the Interstellar goes"

    def options(self) -> dict:
        game = self.game
        if self.stage == "pay":
            out = {f"evade discarding {'+'.join(c)}": partial(self._pay, c) for c in self.combos}
            out["do not evade"] = self._fall
            return out
        out = {}
        for cell, region in self.refuges:
            regions = game.board.cells[cell].face.regions
            name = region_name(regions, region)
            out[f"evade {INTERSTELLAR} to @{_fmt(game, cell)}" + ("" if name == "space" else f" {name}")] = \
                partial(self._evade, cell, region)
        return out

    def _refuges(self) -> list:
        """(cell, region) at the smallest distance where the Interstellar may stand without battle."""
        game, grid = self.game, self.game.board.grid
        start = self.token.cell
        distance, frontier = {start: 0}, [start]
        while frontier:
            following = []
            for here in frontier:
                for other in grid.neighbours(here):
                    if other in game.board.cells and other not in distance:
                        distance[other] = distance[here] + 1
                        following.append(other)
            frontier = following
        best, out = None, []
        for cell in sorted(distance, key=lambda c: (distance[c], c)):
            if best is not None and distance[cell] > best:
                break
            if cell == start or not self.plugin._may_stand(cell):
                continue
            for index, region in enumerate(game.board.cells[cell].face.regions):
                if "ship" in region.holds and not self.plugin.enemies_beside(cell, index):
                    out.append((cell, index))
                    best = distance[cell]
        return out

    def _pay(self, combo) -> None:
        game = self.game
        _discard(game, game.player(self.owner), combo, "the Interstellar evades")
        game.note(f"{self.owner} discards {'+'.join(combo)}: Divine help")
        self.stage = "where"
        if len(self.refuges) == 1:
            self._evade(*self.refuges[0])

    def _evade(self, cell, region: int) -> None:
        game, token = self.game, self.token
        origin = token.cell
        token.cell, token.data["region"] = cell, region
        game.note(f"{self.owner}'s Interstellar evades from {_fmt(game, origin)} to {_fmt(game, cell)}")
        game.emit("unit-moved", self.owner, player=self.owner, unit=INTERSTELLAR, origin=origin, cell=cell)
        self._end()

    def _fall(self) -> None:
        game = self.game
        self.winners = [self.attacker]
        game.note(f"  the Interstellar at {_fmt(game, self.token.cell)} loses against the {self.ship_kind}")
        if self.token.id in game.special_tokens:
            game.remove_token(self.token)
        drawn = game.draw_minerals(game.ruleset.value("battle.win-minerals"))
        game.player(self.attacker).minerals.update(drawn)
        game.note(f"  {self.attacker} wins and draws {sum(drawn.values())} minerals")
        game.emit("battle-won", self.attacker, battle="ships", winner=self.attacker, loser=self.owner,
                  unit=self.ship_kind)
        self._end()

    def _end(self) -> None:
        game = self.game
        game.release(self)
        game.hooks.call("trian_battle_end", game=game, battle=self)


class HarnessTechnology(SkillPlugin):
    """The Entanglement token on an enemy ship: that ship neither moves nor is teleported until its
    owner pays the ransom (``entanglement.ransom`` minerals of their choice) in their phase 3."""
    hears = {"trian_options": ("exploration-free",), "trian_option_filter": ("exploration",)}

    def token(self):
        return next(iter(self.game.tokens_of(self.owner, ENTANGLEMENT)), None)

    @hookimpl
    def trian_options(self, game, player, phase):
        if phase != "exploration-free":
            return None
        token = self.token()
        if player != self.owner:
            return self._ransoms(player, token)
        if self.state().get("turn") == game.turn:
            return None  # placed or moved in this phase 3 already
        fmt = game.board.grid.format_cell
        enemies = sorted(c for c, s in game.ships.items() if s.player != self.owner)
        if token is not None:
            return {f"move {ENTANGLEMENT} @{fmt(token.cell)} to @{fmt(c)}": partial(self._move, token.id, c)
                    for c in enemies if c != token.cell} or None
        if game.skills.owned[self.owner].special[ENTANGLEMENT] <= 0:
            return None
        return {f"entangle ship @{fmt(c)}": partial(self._place, c) for c in enemies} or None

    def _place(self, cell) -> None:
        game = self.game
        self.state()["turn"] = game.turn
        game.place_token(ENTANGLEMENT, self.owner, cell, victim=game.ships[cell].player)

    def _move(self, token_id: int, cell) -> None:
        game = self.game
        self.state()["turn"] = game.turn
        token = game.special_tokens[token_id]
        game.note(f"{self.owner} moves the Entanglement from {_fmt(game, token.cell)} to {_fmt(game, cell)}")
        token.cell, token.data["victim"] = cell, game.ships[cell].player

    def _ransoms(self, player: str, token) -> dict | None:
        game = self.game
        if token is None or token.data.get("victim") != player or game.current.name != player:
            return None
        ransom = game.param("entanglement.ransom", self.owner)
        return {f"free ship @{_fmt(game, token.cell)} paying {'+'.join(c)}": partial(self._free, token.id, c)
                for c in _combos(game.player(player).minerals, ransom)} or None

    def _free(self, token_id: int, combo) -> None:
        game = self.game
        token = game.special_tokens[token_id]
        payer = game.player(token.data["victim"])
        for colour in combo:
            game.move(colour, 1, f"minerals:{payer.name}", f"minerals:{self.owner}", "ransom for an entangled ship")
        game.note(f"{payer.name} pays {'+'.join(combo)} to {self.owner}: the ship at {_fmt(game, token.cell)} is free")
        game.remove_token(token)

    @hookimpl
    def trian_option_filter(self, game, player, phase, options):
        token = self.token()
        if token is None:
            return None
        here = "@" + _fmt(game, token.cell)
        held = re.compile(r"\bship " + re.escape(here) + r" to @")  # move, teleport, transport, tunnel…
        return [o for o in options if held.search(o) or (o.startswith("swap ship ") and here in o.split())] \
            or None

    def sync(self) -> None:
        """The entangled ship left the board (a battle, an exmitter): the token returns."""
        game, token = self.game, self.token()
        if token is None:
            return
        ship = game.ships.get(token.cell)
        if ship is None or ship.player != token.data.get("victim"):
            game.note(f"the entangled ship at {_fmt(game, token.cell)} is gone")
            game.remove_token(token)

    @hookimpl
    def trian_event(self, game, event, data):
        self.sync()

    @hookimpl
    def trian_action_end(self, game, player, action):
        self.sync()

    @hookimpl
    def trian_battle_end(self, game, battle):
        self.sync()
