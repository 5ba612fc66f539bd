"""Galactic Realms (GR-2 to GR-8): the five steps of a turn (GR-3). The tiles and every number are DSL;
the hex board, the pool, weighted pieces, plurality control and surrounded stations are mechanics."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial

from ...board import Board
from ...board.sides import parse_place, place_text, region_name
from ...engine.game import Game, IllegalChoice
from ...engine.options import Options, with_more
from ...mechanics import control, surround, tile_laying
from ...mechanics.presence import Presence
from ...mechanics.tile_laying.placing import Placing
from . import texts

SOURCES = {"lane": "lanes", "system": "systems", "station": "stations"}
# the ruleset values a turn reads, looked up once per game
VALUES = ("pool.size", "stuck_pool", "token_timing", "tokens_per_turn", "count_tiles", "control.rule",
          "powerup_token_on_leave", "token_supply", "return_target", "max_tokens_per_starship", "spent_token_to",
          "final.token", "tie_break")


@dataclass
class Player:
    name: str
    points: int = 0
    starships: int = 0  # in the supply (GR-6.4)
    tokens: int = 0  # Cosmic Tokens in the supply


class GalacticRealms(Game):
    POINTS_UNIT = " pts"
    RULES = {"players": "GR-1.3", "seats": "GR-1.4", "over": "GR-8.1"}
    PHASE_OF = {"place": "place", "starship": "starship", "token": "token", "over": None}
    DEFAULT_PIECES = {"starship": ["ship"]}
    SCENARIO = "trian_script.games.pool_scenario"  # how scenario files set up and read a position

    def setup(self, seats: list[str], races: dict[str, str]) -> None:
        v, tileset = self.ruleset.value, self.ruleset.tileset
        self.values = {name: v(name) for name in VALUES}
        self.board = Board(tileset)
        self.board.rule = "GR-4.4"
        self.ships = Presence(self.board, v("powered_weight"))
        self.placing = Placing(self.board, v("rotation"), v("contact_rule"))  # GR-4.2, GR-4.4, GR-4.5
        self.players = [Player(seat, 0, v("starships")) for seat in seats]  # GR-2.1
        self.token_bag = v("tokens")
        start = next((t for t in sorted(tileset.tiles, key=lambda t: t.id != tileset.start)  # GR-2.2
                      if t.faces[0].notation == v("start_tile")), None)
        if start is None:
            raise IllegalChoice(f"start_tile = {v('start_tile')}: no tile of the tileset has these sides", "GR-2.2")
        self.board.place(start, start.faces[0], self.board.grid.origin(), 0)
        self.pool = tile_laying.Pool([t for t in tileset.tiles if t is not start])
        self.rng.shuffle(self.pool.bag)  # GR-2.3
        tile_laying.refill(self.pool, self.values["pool.size"])
        first = self.rng.randrange(len(seats)) if v("first_player") == "random" else 0  # GR-2.4
        self.turn_order = [(first + k) % len(seats) for k in range(len(seats))]
        self.surrounded = {f.name for f in tileset.features.values() if f.surrounded}
        self.placed, self.offered, self.used = None, {}, 0  # the last tile's cell, its free features; token uses
        self.stations: set = set()  # cells of stations not yet complete
        self.completed: list = []  # what this turn's tile completed: ("area", root) or ("cell", cell)
        self.closed_counts: Counter = Counter()
        self.controlled: list = []  # (cell, region, owner) of each completed feature's controllers
        self.start_turn()

    # -- GR-3.1 place, GR-3.6 a stuck pool ------------------------------------------------------
    def start_turn(self) -> None:
        """GR-3.6: some pool tile must fit, else the pool is set aside or the game ends (also after a
        refresh before placing, and when a scenario has set the pool up)."""
        if not tile_laying.unstick(self.pool, self.board, self.values["pool.size"], self.values["stuck_pool"],
                                   self.rng, self.placing.fits):
            return self._end()
        self.phase = "place"

    def _place_options(self) -> Options:
        entries = self.placing.entries(self.placing.faces(self.pool.tiles), lambda face: face.notation)
        return Options(entries, place_text, lambda e: partial(self._place, *e),
                       lambda text: parse_place(text, self.placing.faces(self.pool.tiles)), "place",
                       legal=self._legal)

    def _legal(self, entry) -> bool:
        face = next((t.faces[0] for t in self.pool.tiles if t.faces[0].notation == entry[0]), None)
        return face is not None and self.placing.legal(face, *entry[1:])

    def lay(self, tile, cell, rotation: int) -> list:
        """Lay a tile (GR-4.4 checked by the board); what it completed: ("area", root) or ("cell", cell)."""
        closed = self.board.place(tile, tile.faces[0], cell, rotation)
        done = surround.track(self.board, cell, self.stations, self.surrounded)
        return [("area", a.id) for a in closed] + [("cell", c) for c in done]

    def _place(self, notation: str, cell, rotation: int) -> None:
        tile = next(t for t in self.pool.tiles if t.faces[0].notation == notation)
        self.pool.tiles.remove(tile)
        self.completed, self.placed = self.lay(tile, cell, rotation), cell
        self.note(f"{self.current.name} places {notation} at {texts.cell(cell)} turned {rotation}")
        self.offered = self._starship_options()  # the features free at step 2 (GR-5.5), for refusals
        if self.current.starships and self.offered:
            self.phase = "starship"  # GR-3.2
        else:
            self._score_step()

    # -- GR-3.2 Starship, GR-3.3 score ----------------------------------------------------------
    def _starship_options(self) -> dict:
        placed, out = self.board.cells[self.placed], {}
        for ri, region in enumerate(placed.face.regions):
            if "starship" in region.holds and self.ships.free(self.placed, ri):  # GR-5.5
                out[f"starship {region_name(placed, ri)}"] = partial(self._put_starship, ri)
        return out

    def _put_starship(self, region: int) -> None:
        self.current.starships -= 1
        self.ships.put(self.current.name, self.placed, region)
        self._score_step()

    def _score_step(self) -> None:
        for what, key in self.completed:  # GR-5.7: each on its own
            self._score_feature(what, key, final=False)
            self._gain_token(self.current)  # GR-7.1
        self.phase = "token"
        if not self._can_use_token():
            self._refill()

    def _score_feature(self, what: str, key, final: bool) -> None:
        if what == "cell":
            kind, pieces = "station", [p for p in self.ships.pieces.values() if p.cell == key and p.node is None]
            env = {"tiles": 1, "neighbours": surround.neighbours_filled(self.board, key)}
        else:
            totals, pieces = self.board.forest.of(key), self.ships.on_area(key)
            kind = totals.kind
            tiles = len(totals.tiles) if self.values["count_tiles"] == "distinct" else len(totals.regions)
            env = {"tiles": tiles, "marks": sum(totals.props.values())}
        value = int(self.ruleset.formula(f"{'final' if final else 'score'}.{kind}")(env))
        owners = control.controllers(self.ships.strength(pieces), self.values["control.rule"])  # GR-6.2
        for owner in owners:
            self.score(owner, value, SOURCES[kind], f"{'incomplete ' if final else ''}{kind} of "
                       + ", ".join(f"{n} {name}" for name, n in env.items()))
        if not final:
            self.closed_counts[kind] += 1
            self.controlled += list({p.owner: (p.cell, p.region, p.owner) for p in pieces if p.owner in owners}.values())
            for piece in pieces:  # GR-6.3
                self._return(piece)

    def _return(self, piece) -> None:
        under, owner = self.ships.remove(piece), self.player(piece.owner)
        owner.starships += 1
        if self.values["powerup_token_on_leave"] == "owner":
            owner.tokens += under
        elif self.values["spent_token_to"] == "bag":
            self.token_bag += under

    def _gain_token(self, player) -> None:
        if self.token_bag or self.values["token_supply"] == "unlimited":  # GR-7.5: substitutes
            self.token_bag = max(0, self.token_bag - 1)
            player.tokens += 1

    # -- GR-3.4 token, GR-3.5 refill ------------------------------------------------------------
    def _can_use_token(self) -> bool:  # whether _token_options offers any, without writing them
        me, v, pool = self.current, self.values, self.pool
        return bool(me.tokens and self.used < v["tokens_per_turn"] and (pool.tiles and pool.bag or any(
            p.owner == me.name or v["return_target"] == "any" for p in self.ships.pieces.values())))

    def _token_options(self) -> dict:
        if not self._can_use_token():
            return {}
        me, v, out = self.current, self.values, {}
        for (cell, ri), piece in self.ships.pieces.items():
            where = f"{texts.cell(cell)} {region_name(self.board.cells[cell], ri)}"
            if piece.owner == me.name or v["return_target"] == "any":  # GR-7.2
                out[f"return {where}"] = partial(self._use_token, self._return, piece)
            if piece.owner == me.name and piece.under < v["max_tokens_per_starship"]:  # GR-7.4
                out[f"power {where}"] = partial(self._use_token, self.ships.put_under, piece)
        for text, chosen in tile_laying.swaps(self.pool, lambda tile: tile.faces[0].notation).items():  # GR-7.3
            out[f"refresh {text}"] = partial(self._use_token, tile_laying.swap, self.pool, chosen, self.rng)
        return out

    def _use_token(self, use, *args) -> None:
        self.current.tokens -= 1
        self.used += 1
        # a power-up token lies under its Starship (GR-7.4) and reaches the bag only when it leaves (GR-6.3)
        self.token_bag += self.values["spent_token_to"] == "bag" and use != self.ships.put_under
        use(*args)
        if self.phase == "place":  # a refresh before placing (any_step) may leave a pool that fits nowhere
            self.start_turn()
        if self.phase == "token" and not self._can_use_token():
            self._refill()

    def _refill(self) -> None:
        tile_laying.refill(self.pool, self.values["pool.size"])  # GR-3.5
        if not self.pool.tiles and not self.pool.bag:
            return self._end()  # GR-8.1
        self.current_index = (self.current_index + 1) % len(self.players)
        self.turn, self.used = self.turn + 1, 0
        self.start_turn()

    # -- GR-8 ----------------------------------------------------------------------------------
    def _end(self) -> None:
        for root, totals in list(self.board.forest.totals.items()):  # GR-8.2
            if not totals.closed and any(totals.units.values()):
                self._score_feature("area", root, final=True)
        for cell in sorted(self.stations):
            if any(p.cell == cell and p.node is None for p in self.ships.pieces.values()):
                self._score_feature("cell", cell, final=True)
        for p in self.players:  # GR-7.6
            if p.tokens:
                self.score(p.name, p.tokens * self.values["final.token"], "tokens", f"{p.tokens} Cosmic Tokens")
        self.phase = "over"

    def winners(self) -> list[str]:
        """GR-8.3: most points; ties shared, or settled first by most tokens."""
        by_tokens = self.values["tie_break"] == "most_tokens_then_shared"
        best = max((p.points, p.tokens * by_tokens) for p in self.players)
        return [p.name for p in self.players if (p.points, p.tokens * by_tokens) == best]

    # -- the kernel's questions ------------------------------------------------------------------
    def options_now(self):
        phase = self.phase
        options = self._place_options() if phase == "place" else self._starship_options() if phase == "starship" else {}
        if phase != "place":
            options["pass"] = self._score_step if phase == "starship" else self._refill
        if phase == "token" or self.values["token_timing"] == "any_step":
            return with_more(options, self._token_options())
        return options

    def prompt_now(self) -> str:
        return texts.PROMPTS[self.phase]

    def refusal(self, text: str) -> tuple[str, str]:
        return texts.refusal(self, text)

    def summary(self) -> str:
        return texts.summary(self)

    def board_marks(self) -> list:
        return texts.marks(self)
