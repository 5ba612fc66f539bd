"""Arvori: the Entanglement token (Harness technology). The Interstellar is DSL (arvori.trian): a
ship-like token the game treats as a ship (skill_pieces.py), which Supreme Priestess places, moves,
gathers with and settles, and Divine help takes out of a battle."""
from __future__ import annotations

from functools import partial
from itertools import combinations_with_replacement

from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

ENTANGLEMENT = "entanglement"


def _fmt(game, cell) -> str:
    return game.board.grid.format_cell(cell)


def _combos(minerals, size: int) -> list[tuple[str, ...]]:
    """Every multiset of ``size`` colours a supply can pay, sorted (texts such as ``blue+red``)."""
    owned = sorted(c for c, n in minerals.items() if n > 0)
    return [combo for combo in combinations_with_replacement(owned, size)
            if all(minerals[c] >= combo.count(c) for c in combo)]


class HarnessTechnology(SkillPlugin):
    """The Entanglement token on an enemy ship: that ship neither moves nor is teleported until its
    owner pays the ransom (``entanglement.ransom`` minerals of their choice) in their phase 3."""
    hears = {"trian_options": ("exploration-free",), "trian_option_filter": ("exploration",),
             "trian_event": ("unit-moved", "unit-removed")}

    def token(self):
        placed = self.game.tokens_by_kind.get(ENTANGLEMENT)  # (asked at every phase 3 and event)
        if placed:
            for token in placed.values():
                if token.owner == self.owner:
                    return token
        return None

    @hookimpl
    def trian_options(self, game, player, phase):  # (heard in "exploration-free" alone)
        token = self.token()
        if player != self.owner:
            return None if token is None else self._ransoms(player, token)
        if self.state().get("turn") == game.turn:
            return None  # placed or moved in this phase 3 already
        enemies = tuple(sorted(c for c, s in game.ships.items() if s.player != self.owner))
        if token is None and game.skills.owned[self.owner].special[ENTANGLEMENT] <= 0:
            return None
        # the same ships offer the same options: kept by the game (asked at every phase 3 of the owner)
        where = None if token is None else (token.id, token.cell)
        return game.kept((ENTANGLEMENT, self.owner, where, enemies), self._offer, where, enemies) or None

    def _offer(self, where, enemies: tuple) -> dict:
        fmt = self.game.board.grid.format_cell
        if where is not None:
            token_id, here = where
            return {f"move {ENTANGLEMENT} @{fmt(here)} to @{fmt(c)}": partial(self._move, token_id, c)
                    for c in enemies if c != here}
        return {f"entangle ship @{fmt(c)}": partial(self._place, c) for c in enemies}

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
        ransom, minerals = game.param("entanglement.ransom", self.owner), game.player(player).minerals
        # the same minerals offer the same ransoms: kept by the game (asked after every action)
        held = tuple(sorted((c, n) for c, n in minerals.items() if n > 0))
        return game.kept((ENTANGLEMENT, "ransom", token.id, token.cell, ransom, held), self._ransom_options,
                         token, ransom, minerals) or None

    def _ransom_options(self, token, ransom: int, minerals) -> dict:
        here = _fmt(self.game, token.cell)
        return {f"free ship @{here} paying {'+'.join(c)}": partial(self._free, token.id, c)
                for c in _combos(minerals, ransom)}

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
        if here not in "\n".join(options):
            return None  # (most listings do not name the ship's tile at all)
        held = f" ship {here} to @"  # move, teleport, transport, tunnel… (a word ``ship``: a space before it)
        return [o for o in options
                if here in o and (held in " " + o or (o.startswith("swap ship ") and here in o.split()))] or None

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
    def trian_event(self, game, event, data):  # every way a ship leaves its tile is one of these events
        self.sync()
