"""The game: one pending decision at a time, options with stable texts, a log that replays exactly.

    game = Game(load_ruleset("beginner"), seats=["red", "blue"], seed=7)
    while not game.is_over:
        game.choose(game.decision.options[0])

All randomness comes from ``game.rng`` (seeded), and the state changes only through ``choose``, so
the seats, the seed and the list of chosen texts rebuild the identical game.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..board import Area, Board, Tile
from ..geometry import Cell
from . import actions
from .events import resolve_closings
from .ruleset import Ruleset
from .state import UNIT_KINDS, Emissary, Player, ScoreEvent, Ship

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")


class IllegalChoice(ValueError):
    """A choice the rules refuse; the game state is unchanged. ``rule`` is the rule id broken."""

    def __init__(self, message: str, rule: str = ""):
        super().__init__(f"{message}" + (f" ({rule})" if rule else ""))
        self.rule = rule


@dataclass(frozen=True)
class Decision:
    player: str
    kind: str  # extraction, draw, place, gain, exploration
    options: tuple[str, ...]
    prompt: str


class Game:
    def __init__(self, ruleset: Ruleset, seats: list[str], seed: int = 0):
        low, high = ruleset.value("players.min"), ruleset.value("players.max")
        if not low <= len(seats) <= high:
            raise IllegalChoice(f"this ruleset is for {low} to {high} players, not {len(seats)}", "NO-1.2")
        if len(set(seats)) != len(seats):
            raise IllegalChoice("every seat needs its own colour", "NO-2.1")
        self.ruleset = ruleset
        self.seed = seed
        self.rng = random.Random(seed)
        self.log: list[str] = []
        self.notes: list[str] = []  # what happened, in words, for people
        self.scores_log: list[ScoreEvent] = []
        self.board = Board(ruleset.tileset)
        self.emissaries: dict[Cell, Emissary] = {}
        self.ships: dict[Cell, Ship] = {}
        self.controllers: dict[int, str | None] = {}  # area root -> controller when last checked
        self.closed_counts: Counter = Counter()
        self.battles = 0
        # outcomes a scenario fixes in advance; consumed before the generator is asked
        self.forced: dict[str, list] = {"dice": [], "minerals": [], "tokens": []}
        self._setup(seats)

    # -- setup (NO-2) -------------------------------------------------------------------------
    def _setup(self, seats: list[str]) -> None:
        rs, n = self.ruleset, len(seats)
        self.bag = Counter(rs.value("minerals"))
        self.token_bag = [kind for kind, count in sorted(rs.value("combat-tokens").items()) for _ in range(count)]
        supply = Counter({kind: rs.value(f"units.{kind}", n) for kind in UNIT_KINDS})
        if not rs.value("ships"):
            supply["corvettes"] = supply["rogues"] = 0
        self.players = [Player(name, rs.value("start.credits"), Counter(supply)) for name in seats]
        for player in self.players:
            for _ in range(rs.value("start.combat-tokens")):
                self._draw_token(player)
        tiles = list(rs.tileset.tiles)
        self.rng.shuffle(tiles)
        # NO-2.2: a tile lies with its hidden face down; otherwise either face may be up
        self.face_up = {t.id: (1 if t.faces[0].hidden else 0 if t.faces[1].hidden else self.rng.randrange(2))
                        for t in tiles}
        count = rs.value("stacks")
        self.stacks = [tiles[i::count] for i in range(count)]
        self.turn_order = self._first_player_order()
        self.turn = 0
        self.current_index = 0
        self._start_turn()

    def _first_player_order(self) -> list[int]:
        """NO-2.4: highest roll of the die starts, ties re-roll; then clockwise."""
        contenders = list(range(len(self.players)))
        die = self.ruleset.value("battle.die")
        while len(contenders) > 1:
            rolls = {i: self.rng.randint(1, die) for i in contenders}
            best = max(rolls.values())
            contenders = [i for i in contenders if rolls[i] == best]
        first = contenders[0]
        return [(first + k) % len(self.players) for k in range(len(self.players))]

    # -- the public API -----------------------------------------------------------------------
    @property
    def current(self) -> Player:
        return self.players[self.turn_order[self.current_index]]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def decision(self) -> Decision | None:
        if self.is_over:
            return None
        if self._decision is None:
            self._options = actions.options(self)
            texts = tuple(self._options)
            self._decision = Decision(self.current.name, self.phase, texts, actions.PROMPTS[self.phase])
        return self._decision

    def choose(self, text: str) -> None:
        """Apply one option by its text; an illegal one raises IllegalChoice and changes nothing."""
        if self.is_over:
            raise IllegalChoice("the game is over", "NO-5")
        decision = self.decision
        text = " ".join(str(text).split())
        if text not in self._options:
            raise IllegalChoice(*actions.refusal(self, text))
        apply = self._options[text]
        self.log.append(text)
        self._decision = None
        apply()

    def scores(self) -> dict[str, int]:
        return {p.name: p.credits for p in self.players}

    def winners(self) -> list[str]:
        """NO-5.3: most credits; then fewer units left on the race board; then a shared victory."""
        best = max((p.credits, -p.units_left()) for p in self.players)
        return [p.name for p in self.players if (p.credits, -p.units_left()) == best]

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    # -- helpers the rules use ---------------------------------------------------------------
    def note(self, text: str) -> None:
        self.notes.append(text)

    def score(self, player: str, amount: int, source: str, explanation: str) -> None:
        target = self.player(player)
        if amount < 0:
            amount = -min(-amount, target.credits)  # never below zero (NO-5.2)
        target.credits += amount
        event = ScoreEvent(player, amount, source, explanation)
        self.scores_log.append(event)
        self.note(str(event))

    def roll(self) -> int:
        """One roll of the attack die."""
        if self.forced["dice"]:
            return self.forced["dice"].pop(0)
        return self.rng.randint(1, self.ruleset.value("battle.die"))

    def draw_minerals(self, count: int) -> Counter:
        """``count`` random minerals out of the bag (fewer if it runs dry)."""
        drawn = Counter()
        for _ in range(count):
            pool = sorted(c for c, n in self.bag.items() if n > 0)
            if not pool:
                break
            forced = self.forced["minerals"]
            if forced and self.bag[forced[0]] > 0:
                colour = forced.pop(0)
            else:
                colour = self.rng.choices(pool, weights=[self.bag[c] for c in pool])[0]
            self.bag[colour] -= 1
            drawn[colour] += 1
        return drawn

    def fill_nebula(self, area: Area, count: int) -> None:
        drawn = self.draw_minerals(count)
        self.board.totals(area.id).minerals.update(drawn)
        self.note(f"the nebula at {self.area_name(area)} gains {sum(drawn.values())} minerals")

    def _draw_token(self, player: Player) -> bool:
        if not self.token_bag:
            return False
        forced = self.forced["tokens"]
        if forced and forced[0] in self.token_bag:
            self.token_bag.remove(forced[0])
            player.tokens.append(forced.pop(0))
        else:
            player.tokens.append(self.token_bag.pop(self.rng.randrange(len(self.token_bag))))
        return True

    def area_name(self, area: Area) -> str:
        return self.board.grid.format_cell(min(area.tiles))

    def region_area(self, cell: Cell, region: int) -> Area | None:
        node = self.board.cells[cell].nodes[region]
        return None if node is None else self.board.area(node)

    def units_in(self, area: Area) -> list[tuple[str, Emissary]]:
        """Unblocked emissaries (with their stations) in an area, as (player, emissary)."""
        out = []
        for cell in sorted(area.tiles):
            emissary = self.emissaries.get(cell)
            if emissary is None or self.is_blocked(cell):
                continue
            node = self.board.cells[cell].nodes[emissary.region]
            if node is not None and self.board.forest.find(node) == area.id:
                out.append((emissary.player, emissary))
        return out

    def is_blocked(self, cell: Cell) -> bool:
        """NO-4.8: an enemy Corvette on the tile blocks an emissary on a planet or outpost."""
        emissary, ship = self.emissaries.get(cell), self.ships.get(cell)
        if emissary is None or ship is None or ship.kind != "corvette" or ship.player == emissary.player:
            return False
        region = self.board.cells[cell].face.regions[emissary.region]
        return region.kind != "nebula"

    def controller(self, area: Area) -> str | None:
        """NO-4.7: the only player with unblocked emissaries or stations in a closed area."""
        if not area.closed or area.kind == "space":
            return None
        present = {player for player, _ in self.units_in(area)}
        return present.pop() if len(present) == 1 else None

    def update_control(self, area: Area) -> None:
        """Give a combat token to a player who takes control (NO-4.7)."""
        new = self.controller(area)
        if new is not None and self.controllers.get(area.id) != new:
            player = self.player(new)
            got = sum(self._draw_token(player) for _ in range(self.ruleset.value("control.combat-tokens")))
            self.note(f"{new} takes control of the {area.kind} at {self.area_name(area)}"
                      + (f" and draws {got} combat token" if got else ""))
        self.controllers[area.id] = new

    def remove_one_emissary(self, player: str, area: Area) -> None:
        """Return one of ``player``'s emissaries in ``area`` to the supply (a bare one first)."""
        mine = sorted((e.station is not None, cell) for cell in area.tiles
                      if (e := self.emissaries.get(cell)) and e.player == player)
        if mine:
            self.return_emissary(mine[0][1])

    def return_emissary(self, cell: Cell) -> None:
        emissary = self.emissaries.pop(cell)
        owner = self.player(emissary.player)
        owner.supply["emissaries"] += 1
        node = self.board.cells[cell].nodes[emissary.region]
        if node is not None:
            self.board.totals(node).units[(emissary.player, "emissaries")] -= 1
        self.note(f"{emissary.player}'s emissary at {self.board.grid.format_cell(cell)} returns to the supply")

    def put_emissary(self, player: Player, cell: Cell, region: int) -> None:
        player.supply["emissaries"] -= 1
        self.emissaries[cell] = Emissary(player.name, region)
        node = self.board.cells[cell].nodes[region]
        if node is not None:
            self.board.totals(node).units[(player.name, "emissaries")] += 1

    def put_ship(self, player: Player, cell: Cell, kind: str, region: int) -> None:
        player.supply[kind + "s"] -= 1
        self.ships[cell] = Ship(player.name, kind, region)

    # -- turn flow ------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.turn += 1
        self.phase = "extraction"
        self.gained = False  # NO-3.1.3: once per turn
        self.drawn: Tile | None = None
        self.placed_cell: Cell | None = None
        self.actions_left = 1
        self.pending_gain: list[tuple[int, int]] = []  # (area root, minerals still to take)
        self.pending_closed: list[Area] = []  # closed by this turn's tile, not yet resolved
        self.resolved_closed: list[int] = []  # area roots closed and resolved this turn (NO-4.4)
        self._decision = None
        self.note(f"— turn {self.turn}: {self.current.name} —")

    def tiles_left(self) -> int:
        return sum(len(s) for s in self.stacks)

    def draw(self, stack: int) -> None:
        """NO-3.2.1: draw the top tile; NO-3.2.3: a tile that fits nowhere leaves the game."""
        tile = self.stacks[stack].pop()
        if not any(self.board.can_place(face) for face in tile.faces):
            self.note(f"{self.current.name} draws {tile.id}, which fits nowhere: it leaves the game (NO-3.2.3)")
            if self.tiles_left() == 0:
                self.end_turn()
            return
        self.drawn = tile
        self.phase = "place"

    def place(self, face_index: int, cell: Cell, rotation: int) -> None:
        tile = self.drawn
        face = tile.faces[face_index]
        closed = self.board.place(tile, face, cell, rotation)
        self.drawn, self.placed_cell = None, cell
        self.note(f"{self.current.name} places {tile.id} ({face.name}) at {self.board.grid.format_cell(cell)}")
        for area in closed:
            self.closed_counts[area.kind] += 1
        # NO-4: the events wait; the player resolves them before or after the phase-3 action
        self.pending_closed = closed
        self.phase = "exploration"

    def resolve_events(self) -> None:
        """Score and settle the areas closed this turn (NO-4.1–4.3, 4.6, 4.7)."""
        closed, self.pending_closed = self.pending_closed, []
        if closed:
            resolve_closings(self, [self.board.area(a.id) for a in closed])
            self.resolved_closed += [a.id for a in closed]

    def action_done(self) -> None:
        self.resolve_events()
        self.actions_left -= 1
        if self.actions_left <= 0:
            self.end_turn()

    def end_turn(self) -> None:
        self.resolve_events()
        if self.tiles_left() == 0 and self.drawn is None:
            self._end_game()
            return
        self.current_index = (self.current_index + 1) % len(self.players)
        self._start_turn()

    def _end_game(self) -> None:
        """NO-5: minerals, plundering (with ships), winner."""
        value = self.ruleset.value("end.mineral-value")
        for index in self.turn_order:
            player = self.players[index]
            count = sum(player.minerals.values())
            if count:
                self.score(player.name, count * value, "minerals", f"{count} minerals × {value}¢ = {count * value}¢")
        self.phase = "over"
        self._decision = None
        self.note("game over: " + ", ".join(f"{p.name} {p.credits}¢" for p in self.players)
                  + " — winner: " + " and ".join(self.winners()))
