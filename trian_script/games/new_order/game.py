"""New Order (NO-1 to NO-7) on the kernel: its pieces, its turn of three phases, its end.

The options of each phase are in ``actions``, closing and control in ``events``, battles in
``battles``, races and skills in ``skills``; this class holds New Order's state and the rules that
several of those share.
"""
from __future__ import annotations

from collections import Counter
from functools import cached_property, partial

from ...board import Area, Board, Tile
from ...engine.game import Game, IllegalChoice
from ...geometry import Cell
from ...mechanics import control, tile_laying
from . import actions
from .events import resolve_closings
from .skill_pieces import after_event, ship_like_cells
from .state import UNIT_KINDS, Emissary, Player, Ship, SpecialToken


class NewOrder(Game):
    POINTS = "credits"
    POINTS_UNIT = "¢"
    SCORE_FLOOR = 0  # credits never go below zero (NO-5.2)
    WAIT_KIND = "battle"
    RULES = {"players": "NO-1.2", "seats": "NO-2.1", "over": "NO-5"}
    # rulesets of the first release declare no pieces: these are New Order's (variants/new_order.trian)
    DEFAULT_PIECES = {"corvette": ["ship", "armed", "blocks", "protects", "plunders"], "rogue": ["ship", "gathers"]}
    # the three phases of NO-3; the game's finer steps (gain, draw, place) belong to one of them
    PHASE_OF = {"extraction": "extraction", "gain": "extraction", "draw": "expansion", "place": "expansion",
                "exploration": "exploration", "over": None}
    CACHES = (*Game.CACHES, "_space_links", "_reaches", "_laid_parts", "_kept", "_after_the_action",
              "tokens_by_kind", "_ship_like")

    @staticmethod
    def compile_content(defs) -> tuple[dict, dict, dict]:
        """The races, skills and special tokens of loaded definitions, compiled for play."""
        from pathlib import Path

        from .skills import compile_race, compile_skill

        skills = {n: compile_skill(b.definition, str(Path(b.source.file).parent)) for n, b in defs.blocks["skill"].items()}
        pieces = {n: b.definition for n, b in defs.blocks.get("piece", {}).items()}
        races = {n: compile_race(b.definition, pieces) for n, b in defs.blocks["race"].items()}
        tokens = {n: b.definition for n, b in defs.blocks["token"].items()}
        return races, skills, tokens

    def piece_properties(self) -> dict:
        """The ruleset's pieces and the seated races' own kinds of piece (``piece`` blocks)."""
        base = super().piece_properties()
        own = self.__dict__.get("race_pieces")
        return {**base, **own} if own else base

    def setup(self, seats: list[str], races: dict[str, str]) -> None:
        from .skills import SkillBook

        self.board = Board(self.ruleset.tileset)
        self.emissaries: dict[Cell, Emissary] = {}
        self.ships: dict[Cell, Ship] = {}
        self.controllers: dict[int, str | None] = {}  # area root -> controller when last checked
        self.closed_counts: Counter = Counter()
        self.battles = 0
        # outcomes a scenario fixes in advance; consumed before the generator is asked
        self.forced: dict[str, list] = {"dice": [], "minerals": [], "tokens": []}
        self.exmitted: set[Cell] = set()  # cells in an exmitter's reach
        self.skills = SkillBook(self)
        self.special_tokens: dict = {}  # special tokens on the board: id -> SpecialToken
        self._next_token_id = 1
        self.races: dict[str, str] = {}
        self._setup(seats, races)
        self.check_zones(["bag", *(f"{what}:{p.name}" for p in self.players for what in ("minerals", "supply"))])

    # a battle is New Order's step that waits for decisions (NO-4.5, NO-4.6)
    @property
    def battle(self):
        return self.waiting

    @battle.setter
    def battle(self, value) -> None:
        self.waiting = value

    def _let_go(self) -> None:
        super()._let_go()
        self.skills.let_go()

    def kept(self, key: tuple, make, *args):
        """``make(*args)``, made once per game for each ``key``: what the game loop asks again
        and again of things that do not change (a laid tile, a player's holding, a move's option).
        It may hold this game's options, so a copy or a pickle does not keep it."""
        known = self.__dict__.get("_kept")
        if known is None:
            known = self._kept = {}
        value = known.get(key)
        if value is None:
            value = known[key] = make(*args)
        return value

    def checkpoint(self) -> None:
        self.__dict__.pop("_after_the_action", None)  # the position may have changed outside the log
        super().checkpoint()

    def zone(self, name: str) -> Counter:
        """New Order's zones: ``bag`` (minerals), ``minerals:PLAYER``, ``supply:PLAYER`` (pieces on
        the race board), ``area:ROOT`` (the minerals lying in a nebula)."""
        if name == "bag":
            return self.bag
        what, _, whose = name.partition(":")
        if what == "minerals":
            return self.player(whose).minerals
        if what == "supply":
            return self.player(whose).supply
        if what == "area":
            return self.board.totals(int(whose)).minerals
        return super().zone(name)

    def options_now(self) -> dict:
        with self.skills.listing():  # what a modifier changes while options are listed is not counted as used
            return actions.options(self)

    def prompt_now(self) -> str:
        return actions.PROMPTS[self._phase]

    def refusal(self, text: str) -> tuple[str, str]:
        return actions.refusal(self, text)

    def winners(self) -> list[str]:
        """NO-5.3: most credits; then fewer units left on the race board; then a shared victory."""
        best = max((p.credits, -p.units_left()) for p in self.players)
        return [p.name for p in self.players if (p.credits, -p.units_left()) == best]

    def param(self, name: str, player: str | None = None, **context):
        """A ruleset value as ``player``'s skills modify it (``ship.move``, ``cost.mineral``…)."""
        known = self.skills._values.get(player)  # asked several times per decision: a known value
        if known is not None:                     # without a further call, unless a skill changed it
            value = known.get((name, tuple(sorted(context.items()))) if context else name)  # (kept apart then:
            if value is not None:                                                            # ``param`` counts it)
                return value
        return self.skills.param(name, player, context)

    def points_changed(self, player: str, amount: int) -> None:
        self.skills.scored(player, amount)  # the balance lab's credits each skill brought

    def emit(self, event: str, subject: str | None, **data) -> None:
        """An event for skill triggers and plugins; ``subject`` is the player it concerns."""
        if event == "unit-moved":
            self.arrived.add(data["cell"])
        self.skills.emit(event, subject, data)
        self.announce(event, subject, data)
        if self.special_tokens:  # ship-like and settled tokens follow the game's rules (skill_pieces)
            after_event(self, event, data)

    # -- setup (NO-2) -------------------------------------------------------------------------
    def _choose_races(self, seats: list[str], wanted: dict[str, str]) -> None:
        """NO-2.1: each player takes a race, chosen or drawn at random (from the game's generator)."""
        if not self.ruleset.value("skills"):
            return
        known = self.ruleset.races
        for seat, race in wanted.items():
            if seat not in seats:
                raise IllegalChoice(f"no seat '{seat}' to give a race to", "NO-2.1")
            if race not in known:
                from ...dsl.diagnostics import did_you_mean

                hint = " ".join(filter(None, [did_you_mean(race, known), f"The races: {', '.join(sorted(known))}."]))
                raise IllegalChoice(f"unknown race '{race}'. {hint}", "NO-2.1")
        if len(set(wanted.values())) != len(wanted):
            raise IllegalChoice("two players cannot take the same race", "NO-2.1")
        # shuffle every race, whatever was chosen, so the generator is used the same way when a
        # replay names all the races that were drawn
        free = sorted(known)
        self.rng.shuffle(free)
        free = [race for race in free if race not in wanted.values()]
        for seat in seats:
            race = wanted.get(seat) or (free.pop() if free else None)
            if race is None:
                raise IllegalChoice("there are not enough races for every seat", "NO-2.1")
            self.races[seat] = race
            self.skills.seat(seat, known[race])
        self.race_pieces = self.skills.piece_properties()  # their kinds are pieces for every rule

    def _setup(self, seats: list[str], races: dict[str, str]) -> None:
        rs, n = self.ruleset, len(seats)
        self.bag = Counter(rs.value("minerals"))
        self.token_bag = [kind for kind, count in sorted(rs.value("combat-tokens").items()) for _ in range(count)]
        supply = Counter({kind: rs.value(f"units.{kind}", n) for kind in UNIT_KINDS})
        if not rs.value("ships"):
            for kind in self.kinds_with("ship"):
                supply[kind + "s"] = 0
        self.players = [Player(name, rs.value("start.credits"), Counter(supply)) for name in seats]
        self.turn_order = list(range(len(self.players)))  # until the first player is rolled
        self._choose_races(seats, races)
        for player in self.players:
            for _ in range(rs.value("start.combat-tokens")):
                self._draw_token(player)
        # NO-2.2, NO-2.3: stacks, a hidden face down, the first tile at the origin
        self.stacks, self.face_up = tile_laying.deal(self, rs.tileset.tiles)
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

    # -- special tokens (NO-1.6) ------------------------------------------------------------------
    def place_token(self, kind: str, owner: str, cell: Cell, **data) -> SpecialToken:
        """Put one of ``owner``'s special tokens from their supply on ``cell``."""
        owned = self.skills.owned[owner]
        if owned.special[kind] <= 0:
            raise IllegalChoice(f"{owner} has no {kind} token left", "NO-1.6")
        owned.special[kind] -= 1
        token = SpecialToken(self._next_token_id, kind, owner, cell, dict(data))
        self._next_token_id += 1
        self.special_tokens[token.id] = token
        self.tokens_by_kind.setdefault(kind, {})[token.id] = token
        self.__dict__.pop("_ship_like", None)  # (skill_pieces.ship_like_tokens)
        self.note(f"{owner} places a {kind} token at {self.board.grid.format_cell(cell)}")
        return token

    def remove_token(self, token: SpecialToken) -> None:
        """Take a special token off the board, back to its owner's supply."""
        del self.special_tokens[token.id]
        del self.tokens_by_kind[token.kind][token.id]
        self.__dict__.pop("_ship_like", None)
        self.skills.owned[token.owner].special[token.kind] += 1
        self.note(f"{token.owner}'s {token.kind} token returns to the supply")

    def tokens_of(self, owner: str, kind: str) -> list[SpecialToken]:
        """``owner``'s special tokens of ``kind`` on the board, in the order they were placed (ids
        grow, and the table keeps that order)."""
        found = self.tokens_by_kind.get(kind)  # (asked several times per choice)
        return [t for t in found.values() if t.owner == owner] if found else []

    @cached_property
    def ship_like_kinds(self) -> frozenset:
        """The kinds of special token that are ships (``ship-like``): asked after every event."""
        return actions.token_kinds(self.ruleset, "ship-like")

    def tokens_of_kind(self, kind: str):
        """Every player's special tokens of ``kind`` on the board, in the order they were placed."""
        found = self.tokens_by_kind.get(kind)
        return found.values() if found else ()

    @cached_property
    def tokens_by_kind(self) -> dict:
        """kind -> {id: token} of the special tokens on the board, each kind's in the order placed
        (most questions name a kind, and a board holds several; not to be changed): one of
        ``CACHES``, made again from ``special_tokens`` after a copy or an undo."""
        index: dict = {}
        for token in self.special_tokens.values():
            index.setdefault(token.kind, {})[token.id] = token
        return index

    def tokens_at(self, cell: Cell, kind: str | None = None) -> list[SpecialToken]:
        tokens = self.special_tokens.values() if kind is None else self.tokens_of_kind(kind)
        return [t for t in tokens if t.cell == cell]

    def board_marks(self) -> list:
        from .marks import board_marks

        return board_marks(self)

    @property
    def mark_shapes(self) -> dict:
        """How pictures draw New Order's kinds of marks (the renderer knows no game's words)."""
        from .marks import SHAPES

        return SHAPES

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

    def add_nebula_minerals(self, root: int, minerals: Counter) -> None:
        self.board.totals(root).minerals.update(minerals)

    def fill_nebula(self, area: Area, count: int) -> None:
        drawn = self.draw_minerals(count)
        self.add_nebula_minerals(area.id, drawn)
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

    def emissaries_in(self, area: Area) -> list[Cell]:
        """Cells of every emissary in ``area``, blocked ones too (a tile may hold parts of two areas)."""
        find, cells = self.board.forest.find, self.board.cells
        return [c for c in sorted(area.tiles) if c in self.emissaries
                and (node := cells[c].nodes[self.emissaries[c].region]) is not None and find(node) == area.id]

    def units_in(self, area: Area) -> list[tuple[str, Emissary]]:
        """Unblocked emissaries (with their stations) in an area, as (player, emissary)."""
        out, tiles, emissaries = [], area.tiles, self.emissaries
        # the fewer of the two to look through: the area's tiles, or the emissaries on the board
        cells = [c for c in emissaries if c in tiles] if len(emissaries) < len(tiles) else \
            [c for c in tiles if c in emissaries]
        for cell in sorted(cells):
            emissary = emissaries[cell]
            if self.is_blocked(cell):
                continue
            node = self.board.cells[cell].nodes[emissary.region]
            if node is not None and self.board.forest.find(node) == area.id:
                out.append((emissary.player, emissary))
        return out

    def is_blocked(self, cell: Cell) -> bool:
        """NO-4.8: an enemy Corvette on the tile blocks an emissary on a planet or outpost — not one
        on a space station ("enemy ships DO NOT affect the emissaries on space stations", p. 31)."""
        emissary, ship = self.emissaries.get(cell), self.ships.get(cell)
        if emissary is None or ship is None or not self.has_property(ship.kind, "blocks") \
                or ship.player == emissary.player or emissary.station == "space-station":
            return False
        region = self.board.cells[cell].face.regions[emissary.region]
        return region.kind != "nebula"

    def planet_blocked(self, cell: Cell, root: int, player: str | None) -> bool:
        """NO-4.8: a planet of area ``root`` on ``cell`` with a Corvette that is not ``player``'s,
        unless an emissary on a space station stands there (p. 31: enemy ships do not affect it)."""
        ship = self.ships.get(cell)
        if ship is None or not self.has_property(ship.kind, "blocks") or ship.player == player:
            return False
        emissary = self.emissaries.get(cell)
        if emissary is not None and emissary.station == "space-station" and emissary.player != ship.player:
            return False
        placed = self.board.cells[cell]
        return any(region.prop("planet") and node is not None and self.board.forest.find(node) == root
                   for region, node in zip(placed.face.regions, placed.nodes))

    def controller(self, area: Area) -> str | None:
        """NO-4.7: the only player with unblocked emissaries or stations in a closed area."""
        if not area.closed or area.kind == "space":
            return None
        # several rules ask while options are listed (gains, constructions, teleports, skills): once
        return self.skills.once_per_listing(("controller", area.id), self._controller, area)

    def _controller(self, area: Area) -> str | None:
        present = Counter(player for player, _ in self.units_in(area))
        found = control.controllers(present, self.ruleset.value("control.rule"))
        return found[0] if len(found) == 1 else None

    def update_control(self, area: Area) -> None:
        """Give a combat token to a player who takes control (NO-4.7)."""
        new = self.controller(area)
        if new is not None and self.controllers.get(area.id) != new:
            player = self.player(new)
            got = sum(self._draw_token(player) for _ in range(self.param("control.combat-tokens", new)))
            self.note(f"{new} takes control of the {area.kind} at {self.area_name(area)}"
                      + (f" and draws {got} combat token{'s' if got > 1 else ''}" if got else ""))
            self.emit("control-taken", new, kind=area.kind, tiles=len(area.tiles), controller=new)
        self.controllers[area.id] = new

    def remove_one_emissary(self, player: str, area: Area) -> bool:
        """Return one of ``player``'s clashing emissaries in ``area`` to the supply (the one on the
        lowest cell: the default of a battle's pick, see ``battles``); False when none can go.
        Emissaries on stations stay until the end of the game (rulebook p. 9)."""
        from .battles import removable_emissaries

        cells = removable_emissaries(self, player, area)
        if cells:
            self.return_emissary(cells[0])
        return bool(cells)

    def return_emissary(self, cell: Cell) -> None:
        emissary = self.emissaries.pop(cell)
        owner = self.player(emissary.player)
        owner.supply["emissaries"] += 1
        for level in ("research-station", "space-station")[: ("research-station", "space-station").index(emissary.station) + 1] \
                if emissary.station else ():  # pieces are never lost, even if a plugin removes a station
            owner.supply[level + "s"] += 1
        node = self.board.cells[cell].nodes[emissary.region]
        if node is not None:
            self.board.totals(node).units[(emissary.player, "emissaries")] -= 1
        self.note(f"{emissary.player}'s emissary at {self.board.grid.format_cell(cell)} returns to the supply")
        self.emit("unit-removed", emissary.player, player=emissary.player, unit="emissary", cell=cell,
                  station=emissary.station or "none")

    def put_emissary(self, player: Player, cell: Cell, region: int) -> None:
        player.supply["emissaries"] -= 1
        self.emissaries[cell] = Emissary(player.name, region)
        node = self.board.cells[cell].nodes[region]
        if node is not None:
            self.board.totals(node).units[(player.name, "emissaries")] += 1

    def put_ship(self, player: Player, cell: Cell, kind: str, region: int) -> None:
        player.supply[kind + "s"] -= 1
        self.ships[cell] = Ship(player.name, kind, region)

    def return_ship(self, cell: Cell) -> None:
        ship = self.ships.pop(cell)
        self.player(ship.player).supply[ship.kind + "s"] += 1
        self.note(f"{ship.player}'s {ship.kind} at {self.board.grid.format_cell(cell)} returns to the supply")
        self.emit("unit-removed", ship.player, player=ship.player, unit=ship.kind, cell=cell, station="none")

    # -- ships and space ----------------------------------------------------------------------------
    def space_link(self, cell: Cell, region: int, other: Cell) -> int | None:
        """The space region of ``other`` that ``region`` of ``cell`` touches across their edge."""
        placed, there = self.board.cells[cell], self.board.cells.get(other)
        if there is None:
            return None
        # two laid tiles never change: their link is worked out once (asked at every ship move)
        links = self.__dict__.get("_space_links")
        if links is None:
            links = self._space_links = {}
        known = links.get((cell, region, other))
        if known is not None and known[0] is placed and known[1] is there:
            return known[2]
        found = links[(cell, region, other)] = (placed, there, self._space_link(cell, region, other))
        return found[2]

    def _space_link(self, cell: Cell, region: int, other: Cell) -> int | None:
        grid, k = self.board.grid, self.board.k
        placed, there = self.board.cells[cell], self.board.cells[other]
        edge = grid.neighbours(cell).index(other)
        back = grid.back_edge(cell, edge)
        mine, theirs = _space_at(placed.orientation), _space_at(there.orientation)
        for i in range(k):
            if mine[edge * k + i] == region and theirs[back * k + (k - 1 - i)] is not None:
                return theirs[back * k + (k - 1 - i)]
        return None

    def ship_pairs(self, player: str) -> list[tuple[Cell, Cell]]:
        """(own ship, enemy ship) on edge-adjacent tiles joined through outer space (NO-4.5)."""
        pairs, ships, neighbours = [], self.ships, self.board.grid.neighbours
        for cell in sorted(c for c, ship in ships.items() if ship.player == player):  # (asked after every move)
            ship = ships[cell]
            for other in neighbours(cell):
                enemy = ships.get(other)
                if enemy and enemy.player != player and self.space_link(cell, ship.region, other) == enemy.region:
                    pairs.append((cell, other))
        return pairs

    def exmitter_reach(self, cell: Cell, player: str | None = None) -> bool:
        """Whether ``cell`` is an exmitter tile or in an exmitter's radius (NO-3.3.2) — for
        ``player``'s units, unless exmitters do not affect them (``exmitter.immune``)."""
        return cell in self.exmitted and not (player and self.param("exmitter.immune", player))

    def reach(self, cell: Cell, setting: str) -> tuple[Cell, ...]:
        """A tile and the cells in its radius (``radius.teleport`` / ``radius.exmitter``)."""
        grid = self.board.grid
        return (cell, *(grid.neighbours(cell) if self.ruleset.value(setting) == "edge" else grid.touching(cell)))

    def ship_destinations(self, cell: Cell, ship: Ship | None = None, steps: int | None = None) -> dict[Cell, int]:
        """Where the ship on ``cell`` may move: up to ``ship.move`` steps through outer space,
        never through nebulas, gas clouds or an exmitter's reach, through ships but not onto one.
        A tile showing a gas cloud or a Trian extractor is closed to them even along its outer space
        (``ship.barred-tiles``, tile legend p. 29), though a ship may be placed or teleported there
        and may leave it. A skill may let ships pass features (``ship.passes``); they still end in
        outer space. ``ship`` and ``steps``: a piece that is a ship without being one of the
        game's ships (a ship-like token), and how far it goes."""
        ship = ship or self.ships[cell]
        moves, passes, barred = self._rules_of(ship)
        steps = (moves if steps is None else steps) - self.steps_moved(ship)
        return self._destinations(cell, ship, steps, passes, barred)

    def steps_moved(self, ship: Ship) -> int:
        """The steps ``ship`` has moved this turn when its range counts over the turn (p. 31: "up to
        3 tiles per turn", ``ship.move-counts = turn``), so a second move (a trade outpost's more
        actions, NO-3.3.7) goes only as far as is left; else 0."""
        if not ship.moved or ship.moved[0] != self.turn or self.ruleset.value("ship.move-counts") != "turn":
            return 0
        return ship.moved[1]

    def count_steps(self, ship: Ship, origin: Cell, target: Cell) -> tuple:
        """``ship.moved`` once it has moved from ``origin`` to ``target`` by the fewest steps (its
        whole range left when that was no walk through outer space), read from the walk that listed
        its moves (kept: no second walk)."""
        moves, passes, barred = self._rules_of(ship)
        used = self.steps_moved(ship)
        left = moves - used
        _, found, ends = self._walk(origin, ship, left, passes, barred)
        index = next((i for i, (cell, _) in enumerate(found) if cell == target), None)
        steps = left if index is None else next(layer + 1 for layer, end in enumerate(ends) if index < end)
        return self.turn, used + steps

    def _destinations(self, cell: Cell, ship: Ship, steps: int, passes, barred) -> dict[Cell, int]:
        if steps <= 0:
            return {}
        found = self._walk(cell, ship, steps, passes, barred)[1]
        # a move ends in outer space, never on a ship nor on a ship-like token (NO-3.3.6)
        ships, tokens = self.ships, ship_like_cells(self)
        return {other: linked for other, linked in found if other not in ships and other not in tokens}

    def _walk(self, cell: Cell, ship: Ship, steps: int, passes, barred) -> tuple:
        """``_space_reach`` of a ship's move: kept (``_kept_reach``) unless a skill lets it pass
        features (rare: worked out each time)."""
        reach = self.exmitted_for(ship.player)
        if passes:
            return self._space_reach(cell, ship.region, steps, passes, barred, reach)
        return self._kept_reach(cell, ship.region, steps, barred, reach)

    def _kept_reach(self, cell: Cell, region: int, steps: int, barred: frozenset, reach: set) -> tuple:
        """``_space_reach``, kept until a tile is laid on an empty cell it looked at: laid tiles never
        change and ships do not stop a move, so a ship that has not moved is not walked again while
        the board grows elsewhere. (An exmitter's reach only grows: its size is part of the key.)"""
        known = self.__dict__.get("_reaches")
        if known is None:
            known = self._reaches = {}
        key, laid = (cell, region, steps, barred, len(reach)), self.board.order
        entry = known.get(key)
        if entry is None or (entry[0] != len(laid) and not entry[1][0].isdisjoint(laid[entry[0]:])):
            entry = known[key] = [len(laid), self._space_reach(cell, region, steps, (), barred, reach)]
        else:
            entry[0] = len(laid)
        return entry[1]

    def _space_reach(self, cell: Cell, region: int | None, steps: int, passes, barred: frozenset,
                     reach: set) -> tuple[set, list, list]:
        """(the empty cells looked at, the (tile, space region) reached in the order found, where
        each step's finds end in that list) of a ship's move of up to ``steps`` steps from
        ``region`` of ``cell`` through outer space, never through nebulas, gas clouds (``barred``) or
        an exmitter's ``reach``, through ships."""
        cells, neighbours = self.board.cells, self.board.grid.neighbours
        frontier, seen, empties, out, ends = [(cell, region)], {cell}, set(), [], []
        links = self.__dict__.get("_space_links") or {}  # (space_link's, read here without a call)
        closed = self.kept(("closed to ships", barred), dict)  # tile -> whether it shows one of barred
        for _ in range(steps):
            following = []
            for here, region in frontier:
                for other in neighbours(here):
                    if other in seen or other in reach:
                        continue
                    placed = cells.get(other)
                    if placed is None:
                        empties.add(other)
                        continue
                    shut = closed.get(other)
                    if shut is None:
                        shut = closed[other] = bool(barred) and not barred.isdisjoint(_shown(placed.face))
                    if shut:
                        continue
                    known = links.get((here, region, other))
                    if known is not None and known[1] is placed and known[0] is cells[here]:
                        linked = known[2]
                    else:
                        linked = self.space_link(here, region, other) if region is not None else None
                    if linked is None and not (passes and self._passable(here, other, passes)):
                        continue
                    if linked is None:
                        linked = next((i for i, r in enumerate(placed.face.regions) if "ship" in r.holds), None)
                    seen.add(other)
                    following.append((other, linked))
                    if linked is not None:
                        out.append((other, linked))
            frontier = following
            ends.append(len(out))
        return empties, out, ends

    def _rules_of(self, ship: Ship) -> tuple:
        """``_ship_rules`` of the ship's owner and kind, worked out once (asked for each ship while
        options are listed)."""
        return self.skills.derived(ship.player, ("ship-rules", ship.kind), self._ship_rules, ship.player, ship.kind)

    def _ship_rules(self, player: str, kind: str) -> tuple:
        """How far ``player``'s ships of ``kind`` move, the features they pass, and the features and
        properties whose tiles they may not enter."""
        passes = frozenset(self.param("ship.passes", player, unit=kind))
        barred = frozenset(self._barred_to_ships(passes, player, kind))
        return self.param("ship.move", player, unit=kind), passes, barred

    def exmitted_for(self, player: str | None) -> set:
        """Every tile in an exmitter's reach for ``player``'s units (``exmitter_reach`` of a whole
        board at once): none when exmitters leave them alone (``exmitter.immune``)."""
        if not self.exmitted or (player and self.param("exmitter.immune", player)):
            return set()
        return self.exmitted

    def _barred_to_ships(self, passes: set, player: str, kind: str) -> list[str]:
        """The features and properties whose tiles ``player``'s ship may not enter: those of
        ``ship.barred-tiles`` it may not pass (a property is passed with the features it stands on)."""
        properties = self.ruleset.tileset.properties
        return [b for b in self.param("ship.barred-tiles", player, unit=kind)
                if b not in passes and not (b in properties and properties[b].on and properties[b].on <= passes)]

    def _passable(self, here: Cell, other: Cell, passes: set) -> bool:
        """Whether the edge between two tiles shows outer space or a feature the ship may pass."""
        grid, placed = self.board.grid, self.board.cells[here]
        edge = grid.neighbours(here).index(other)
        code = placed.face.edges[(edge - placed.rotation) % grid.edges]
        by_letter = {f.letter: f for f in self.ruleset.tileset.features.values() if f.letter}
        allowed = {"space"} | passes
        return any(by_letter[letter].name in allowed or by_letter[letter].within == "space" for letter in code)

    def move_ship(self, origin: Cell, target: Cell, region: int) -> None:
        ship = self.ships.pop(origin)
        ship.region = region
        self.ships[target] = ship
        self.note(f"{ship.player} moves a {ship.kind} from {self.board.grid.format_cell(origin)} "
                  f"to {self.board.grid.format_cell(target)}")
        self.emit("unit-moved", ship.player, player=ship.player, unit=ship.kind, origin=origin, cell=target,
                  teleported=False)
        self.units_changed([origin, target], ship.player)

    def start_battle(self, battle) -> None:
        self.wait_for(battle)

    def units_changed(self, cells, actor: str, also: tuple = ()) -> None:
        """After units moved: ship battles, emissary battles on unblocking, control (NO-4.5–4.8).

        ``actor`` caused the change and attacks; a player of ``also`` (the owner of an enemy ship
        that ``actor`` teleported) then attacks whatever pairs ``actor``'s ships are not in."""
        steps = []
        for attacker in (actor, *also):
            if self.ship_pairs(attacker):
                steps.append(partial(self._ship_battle, attacker))
        self.then(*steps, *self.area_steps(cells, actor))

    def area_steps(self, cells, actor: str) -> list:
        """The emissary battles and changes of control that units arriving on or leaving ``cells``
        cause in the closed nebulas and systems there (NO-4.6, NO-4.7): an emissary unblocked
        because the Corvette on its tile moved, lost a battle or was sent home by an exmitter
        fights, or takes control. ``actor`` caused the change and attacks."""
        from .events import start_emissary_battle

        waiting = {a.id for a in self.pending_closed}  # resolved later, with their battles
        find, totals, placed = self.board.forest.find, self.board.forest.totals, self.board.cells
        roots = {root for c in cells if c in placed for n in placed[c].nodes if n is not None
                 if (root := find(n)) not in waiting and totals[root].closed and totals[root].kind in ("nebula", "system")}
        steps = []
        for root in sorted(roots):
            steps.append(partial(start_emissary_battle, self, root, actor))
            if root not in self.deferred_control:  # (that one is settled when the turn ends, NO-4.4)
                steps.append(partial(self._update_control_of, root))
        return steps

    def _ship_battle(self, actor: str) -> None:
        from .battles import ShipBattle

        if self.ship_pairs(actor):
            self.start_battle(ShipBattle(self, actor))

    def _update_control_of(self, root: int) -> None:
        self.update_control(self.board.area(root))

    # -- turn flow ------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.turn += 1
        self.phase = "extraction"
        self.gained = False  # NO-3.1.3: once per turn
        self.drawn: Tile | None = None
        self.placed_cell: Cell | None = None
        self.actions_left = 1
        self.actions_taken = 0  # phase-3 actions so far: phase 2 ends with the first (NO-3)
        self.expedition_done = False
        self.evolved = 0  # modules unlocked this turn (NO-3.1.5)
        self.constructed = False  # NO-3.3.3: one construction per turn
        self.teleported = False  # NO-3.3.4: the teleport added this turn moves 1 unit
        self.arrived: set = set()  # cells units moved to this turn: a ship on a teleport goes on a later turn
        self.deferred_control: list[int] = []  # closed by the active player; settled at the turn's end
        self.pending_gain: list[tuple[int, int]] = []  # (area root, minerals still to take)
        self.pending_closed: list[Area] = []  # closed by this turn's tile, not yet resolved
        self.resolved_closed: list[int] = []  # area roots closed and resolved this turn (NO-4.4)
        self._decision = None
        self.note(f"— turn {self.turn}: {self.current.name} —")
        self.skills.new_turn()
        me = self.current.name
        if self.hooks.hears("trian_turn_begin", None):  # (every turn: mostly nobody hears it)
            self.hooks.call("trian_turn_begin", me, game=self, player=me)
        self.emit("turn-begin", me, player=me)

    def tiles_left(self) -> int:
        return sum(len(s) for s in self.stacks)

    def draw(self, stack: int) -> None:
        """NO-3.2.1: draw the top tile; NO-3.2.3: a tile that fits nowhere leaves the game."""
        top = self.stacks[stack][-1]
        tile = tile_laying.draw(self, self.stacks, stack)
        if tile is None:
            self.note(f"{self.current.name} draws {top.id}, which fits nowhere: "
                      + ("it goes under its stack" if top in self.stacks[stack] else "it leaves the game") + " (NO-3.2.3)")
            if self.tiles_left() == 0:
                self.phase = "exploration"
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
        exmitter = face.prop_total("exmitter")
        sent_home = self._exmit(cell) if exmitter else []
        self.emit("tile-placed", self.current.name, player=self.current.name, cell=cell,
                  teleport=face.prop_total("teleport"), exmitter=exmitter,
                  outpost=face.prop_total("outpost"))
        for area in closed:
            self.closed_counts[area.kind] += 1
        # NO-4: the events wait; the player resolves them before or after the phase-3 action
        self.pending_closed = closed
        self.phase = "exploration"
        if exmitter:
            self.exmitter_placed(cell, sent_home)

    def exmitter_placed(self, cell: Cell, sent_home: list[Cell]) -> None:
        """After an exmitter tile is laid: an emissary it unblocked (its Corvette sent home), or
        whose rival it sent home, fights or takes control now (NO-4.7); the areas the tile closed
        wait for their events."""
        self.then(*self.area_steps(sent_home, self.current.name))

    def _exmit(self, cell: Cell) -> list[Cell]:
        """An exmitter sends every emissary and ship in its reach home; stations stay (tile
        description). Returns the tiles it emptied."""
        reach = self.reach(cell, "radius.exmitter")
        self.exmitted.update(reach)  # and keeps units out of it for the rest of the game
        sent_home = []
        for other in reach:
            emissary = self.emissaries.get(other)
            if emissary and emissary.station is None and not self.param("exmitter.immune", emissary.player):
                self.return_emissary(other)
                sent_home.append(other)
            if other in self.ships and not self.param("exmitter.immune", self.ships[other].player):
                self.return_ship(other)
                sent_home.append(other)
        return sent_home

    def resolve_events(self) -> None:
        """Score and settle the areas closed this turn (NO-4.1–4.3, 4.6, 4.7)."""
        closed, self.pending_closed = self.pending_closed, []
        if closed:
            resolve_closings(self, [self.board.area(a.id) for a in closed])
            self.resolved_closed += [a.id for a in closed]

    def action_done(self) -> None:
        self.then(self.resolve_events, self._count_action)

    def _count_action(self) -> None:
        self.actions_left -= 1
        self.actions_taken += 1
        if self.actions_left <= 0:
            with self.skills.listing():  # what would be offered next: a listing, which uses nothing
                after = actions.after_the_action(self)
            if not after:
                self.end_turn()
            elif not self.queue:  # nothing runs before the next decision, which offers these again
                self._after_the_action = (len(self.log) + 1, after)

    def end_turn(self) -> None:
        self.then(self.resolve_events, self._next_turn)

    def _next_turn(self) -> None:
        if self.hooks.hears("trian_turn_end", None):
            self.hooks.call("trian_turn_end", self.current.name, game=self, player=self.current.name)
        self.emit("turn-end", self.current.name, player=self.current.name)
        for root in self.deferred_control:
            self.update_control(self.board.area(root))
        self.deferred_control = []
        if self.tiles_left() == 0 and self.drawn is None:
            self._end_game()
            return
        self.current_index = (self.current_index + 1) % len(self.players)
        self._start_turn()

    def _end_game(self) -> None:
        """NO-5: the end-of-game scoring plugins (minerals, plundering), then the winner."""
        self.hooks.call("trian_scoring_begin", game=self)
        self.hooks.call("trian_final_scoring", game=self)  # the ruleset's plugins: end_scoring.py
        self.hooks.call("trian_scoring_end", game=self)
        self.phase = "over"
        self._decision = None
        self.hooks.call("trian_game_end", game=self)
        self.note("game over: " + ", ".join(f"{s} {self.player(s).credits}{self.POINTS_UNIT}" for s in self.side_names())
                  + " — winner: " + " and ".join(self.winners()))

    def side_names(self) -> list[str]:
        """The names scores are kept under: one per player (a game of teams keeps one per team)."""
        return [p.name for p in self.players]


def _space_at(orientation) -> list:
    """Per boundary position of an orientation, the region of outer space there (or None); worked
    out once per orientation, which is shared by every game of the ruleset."""
    table = orientation.__dict__.get("_space_at")
    if table is None:
        table = orientation.__dict__["_space_at"] = [dict(t).get("space") for t in orientation.touching]
    return table


def _shown(face) -> frozenset:
    """The features a face shows and the properties it carries (``ship.barred-tiles`` names
    either)."""
    return face.kept("shown", _shown_by)


def _shown_by(face) -> frozenset:
    return frozenset({region.kind for region in face.regions} | {p for region in face.regions for p, n in region.props if n})
