"""Galaxy of Trian Deluxe (2014) and „Początek Podboju" (DX-1 to DX-7) on New Order's code.

A subclass of ``NewOrder``, not a game of its own: the editions share tiles, board, pieces and the
geometry of every move (laying, placing and teleporting, exmitters, paths through space), which is
New Order's code. Deluxe overrides what it decides differently; what another game could use is a
mechanic: majority then sole control (``control``), deterministic battles (``clash``), teams
(``sides``), decks with copies (``tile_laying.deck``), paths (``paths``), raids (``raid``). A side is
named by its first seat (``self.side``): every "whose is it" compares sides, so a team is one side.
"""
from __future__ import annotations

from collections import Counter
from functools import partial

from ...engine.decisions import OneChoice
from ...engine.game import IllegalChoice
from ...mechanics import clash, control, ledger, sides, tile_laying
from ...mechanics.tile_laying import deck
from ..new_order.actions import _touch
from ..new_order.game import NewOrder
from ..new_order.state import Player
from . import actions

KINDS = ("nebula", "system", "space")


class Deluxe(NewOrder):
    POINTS_UNIT = " VP"  # the score is held where New Order holds its credits; vp.floor sets the floor
    RULES = {"players": "DX-7.5", "seats": "DX-2.1", "over": "DX-6.1"}
    PHASE_OF = {"draw": "tile", "place": "tile", "exploration": "action", "over": None}
    # words of New Order that a scenario of this game may not use (DX intro: no credits, tokens, skills)
    SCENARIO_ABSENT = ("credits", "tokens", "unlocked", "races", "dice", "token-draws", "special", "has-skill")

    # -- setup (DX-1, DX-2, DX-7.4, DX-7.5) -----------------------------------------------------------
    def _setup(self, seats: list[str], races: dict[str, str]) -> None:
        rs, n = self.ruleset, len(seats)
        self.SCORE_FLOOR = None if rs.value("vp.floor") == "none" else rs.value("vp.floor")  # DX-1.6
        self.bag, self.token_bag = Counter({k: rs.value(f"minerals.{k}", n) for k in rs.value("minerals")}), []
        try:
            teams = sides.teams_of(seats, self.teams, rs.value("teams.size"))
        except sides.TeamError as err:
            raise IllegalChoice(str(err), "DX-7.4") from None
        self.sides = sides.sides(teams)
        card = Counter({k: rs.value(f"units.{k}", n) for k in ("emissaries", "research-stations", "space-stations")})
        card.update({k + "s": rs.value(f"units.{k}s", n) * rs.value("expansion") for k in self.kinds_with("ship")})
        shared: dict[str, tuple] = {}
        for seat in seats:  # a team's cards summed: one supply, one pool of minerals (DX-7.4)
            shared.setdefault(self.sides[seat], (Counter(), Counter()))[0].update(card)
        self.players = [Player(seat, 0, *shared[self.sides[seat]]) for seat in seats]
        self.stacks, self.face_up = tile_laying.deal(self, deck.build(rs, rs.tileset.tiles, n))
        order = [seats.index(seat) for seat in sides.interleave(teams)]
        first = self.rng.randrange(n) if rs.value("first-player") == "random" else 0  # DX-2.3
        self.turn_order = order[first:] + order[:first]
        self.turn, self.current_index = 0, 0
        self._start_turn()

    def side(self, player: str | None) -> str | None:
        return self.sides.get(player, player)

    def score(self, player, amount, source, explanation, env=None) -> None:
        super().score(self.side(player), amount, source, explanation, env)  # one VP total per side

    # -- who is whose ------------------------------------------------------------------------------
    def controller(self, area):
        """Open until step 4 (DX-3.2.2), then the sole side present (DX-4.5) or as recorded (DX-7.2)."""
        if not area.closed or area.kind == "space" or any(a.id == area.id for a in self.pending_closed):
            return None
        if self.ruleset.value("control.sticky") and self.controllers.get(area.id):
            return self.controllers[area.id]
        found = control.controllers(self._counted(area), self.ruleset.value("control.rule"))
        return found[0] if len(found) == 1 else None

    def _counted(self, area) -> Counter:
        return Counter(self.side(p) for p, _ in self.units_in(area))

    def guard(self, cell):
        """DX-4.9: 'blocked', 'protected' or None for the emissary on ``cell``."""
        emissary, ship = self.emissaries.get(cell), self.ships.get(cell)
        if emissary is None or ship is None or not self.has_property(ship.kind, "blocks") \
                or self.board.cells[cell].face.regions[emissary.region].kind == "nebula":
            return None
        return "protected" if self.side(ship.player) == self.side(emissary.player) else "blocked"

    def is_blocked(self, cell) -> bool:  # DX-4.9
        return self.guard(cell) == "blocked"

    def planet_blocked(self, cell, root, player) -> bool:
        ship = self.ships.get(cell)
        return ship is not None and self.side(ship.player) != self.side(player) and \
            super().planet_blocked(cell, root, None)

    def enemies_near(self, cell, region, side) -> list:
        """DX-5.1: other sides' ships on tiles joined to ``region`` of ``cell`` through outer space."""
        return [n for n in self.board.grid.neighbours(cell) if (s := self.ships.get(n)) and self.side(s.player) != side
                and self.space_link(cell, region, n) == s.region]

    # -- the turn (DX-3) ---------------------------------------------------------------------------
    def _start_turn(self) -> None:
        super()._start_turn()
        self.main_done, self.launched, self.ship_steps = False, False, {}
        self._gain()
        self.phase = "draw"

    def _gain(self) -> None:
        """DX-3.1: minerals from one's controlled nebulas and (X) by rogues, at most 2 per nebula."""
        me, rs, taken = self.side(self.current.name), self.ruleset, Counter()
        for root, amount in self._entitlements(me):
            amount = min(amount, rs.value("gain.max-per-nebula") - taken[root], self.board.totals(root).minerals.total())
            if amount > 0:
                taken[root] += amount
                self.move("mineral", amount, f"area:{root}", f"minerals:{me}", "gained (DX-3.1)")

    def _entitlements(self, me: str):
        for root, totals in sorted(self.board.forest.totals.items()):
            area = self.board.area(root) if totals.kind == "nebula" and totals.closed and +totals.minerals else None
            if area and self.controller(area) == me:
                stations = {e.station for p, e in self.units_in(area) if self.side(p) == me}
                level = next((s for s in ("space-station", "research-station") if s in stations),
                             "extractor" if totals.props.get("extractor") else None)
                if level:
                    yield root, self.ruleset.value(f"gain.{level}")
        for cell, ship in sorted(self.ships.items()):  # DX-3.1.2 (X)
            placed = self.board.cells[cell]
            for region, node in zip(placed.face.regions, placed.nodes) if self.side(ship.player) == me \
                    and self.has_property(ship.kind, "gathers") else ():
                if region.kind == "nebula" and node is not None and _touch(placed.face.regions[ship.region], region, self.board) \
                        and (area := self.board.area(node)).closed and +self.board.totals(node).minerals \
                        and (self.controller(area) != me or self.ruleset.value("rogue.own-nebula")):
                    yield area.id, self.ruleset.value("gain.rogue")

    options_now, refusal = actions.options, actions.refusal

    def prompt_now(self) -> str:
        return actions.PROMPTS[self.phase]

    def exmitter_placed(self, cell, sent_home) -> None:
        self._settle(self.reach(cell, "radius.exmitter"))

    def action_done(self) -> None:
        self.then(self._count_action)

    def _count_action(self) -> None:
        self.main_done, self.actions_left = True, self.actions_left - 1
        if self.actions_left <= 0:
            self.end_turn()

    # -- step 4: closed areas (DX-4.2 to DX-4.4) ---------------------------------------------------
    def resolve_events(self) -> None:
        closed, self.pending_closed = self.pending_closed, []
        by_kind = self.ruleset.value("closing.order") == "kind-then-age"
        age = {cell: i for i, cell in enumerate(self.board.order)}
        closed.sort(key=lambda a: (KINDS.index(a.kind) if by_kind else 0, min(age[c] for c in a.tiles)))
        self.then(*(partial(self._close, a.id) for a in closed), *(partial(self._offer_withdrawal, a.id) for a in closed))

    def _close(self, root: int) -> None:
        rs, closer, area = self.ruleset, self.current.name, self.board.area(root)
        env = {"tiles": len(area.tiles), "extractors": area.props.get("extractor", 0), "emissaries": 0,
               "planets": area.props.get("planet", 0)}
        formula = rs.formula(f"closing.{area.kind}")
        amount, why = int(formula(env)), f"{area.kind} at {self.area_name(area)}: {formula.explain(env)}"
        if area.kind == "space":
            self.score(closer, amount, "area", f"{why} = {amount} VP")
            return
        scorers, winner = control.on_closing(self._counted(area), rs.value("closing.control"), rs.value("closing.tie"),
                                             self.side(closer))
        for side in scorers:
            self.score(side, amount, "area", f"{why} = {amount} VP" + (" (tie)" if len(scorers) > 1 else ""))
        family_system = area.kind == "system" and rs.value("control.sticky")
        for cell in self.emissaries_in(area):
            if winner is None or family_system or self.side(self.emissaries[cell].player) != winner:
                self.return_emissary(cell)
        if area.kind == "nebula":
            self.fill_nebula(area, int(rs.formula("closing.nebula-minerals")(env)))
        self.controllers[root] = None if family_system else winner
        self.emit("area-closed", closer, kind=area.kind, controller=winner or "none", closer=closer, area=root)

    def _offer_withdrawal(self, root: int) -> None:
        """DX-4.3: once all closed areas scored, the winner who closed one may take emissaries back (DX-7.2: any)."""
        area, fmt, winner = self.board.area(root), self.board.grid.format_cell, self.controllers.get(root)
        mine = [c for c in self.emissaries_in(area) if self.side(self.emissaries[c].player) == winner
                and self.emissaries[c].station is None]
        decider = self.current.name if self.side(self.current.name) == winner else self.ruleset.value("control.sticky") and winner
        if len(mine) <= (self.ruleset.value("closing.withdraw") == "keep-one") or not decider:
            return
        options = {f"withdraw emissary @{fmt(c)}": partial(self._withdraw, c, root) for c in mine}
        options["keep emissaries"] = partial(self._settle, tuple(area.tiles))
        self.wait_for(OneChoice(self, decider, options, "take back emissaries from the area you closed (DX-4.3)"))

    def _withdraw(self, cell, root: int) -> None:
        self.return_emissary(cell)
        self.update_control(self.board.area(root))
        self._offer_withdrawal(root)

    # -- units moved: battles, free systems, control (DX-4.10, DX-5) --------------------------------
    def units_changed(self, cells, actor: str, also: tuple = ()) -> None:
        if cells[-1] in self.ships:  # DX-5.1, DX-5.2: the ship that moved attacks, whoever moved it
            self.then(partial(self._battle, cells[-1]))
        self.then(partial(self._settle, tuple(cells)))

    def _battle(self, cell) -> None:
        """DX-5: the ship on ``cell`` attacks the enemy ships linked to it through space."""
        ship, fmt = self.ships.get(cell), self.board.grid.format_cell
        enemies = {other: self.has_property(self.ships[other].kind, "armed")
                   for other in self.enemies_near(cell, ship.region, self.side(ship.player))} if ship else {}
        if not enemies:
            return
        self.battles += 1
        self.ship_steps[cell] = self.ruleset.value("ship.move-per-turn")  # "Bitwa kończy ruch statku" (L633)
        armed = self.has_property(ship.kind, "armed")
        for other in clash.certain(armed, enemies):
            self._fight(cell, other)
        picks = clash.choices(armed, {c: a for c, a in enemies.items() if c in self.ships})
        if len(picks) == 1:
            self._fight(cell, picks[0])
        elif picks:
            options = {f"attack @{fmt(other)} from @{fmt(cell)}": partial(self._fight, cell, other) for other in picks}
            self.wait_for(OneChoice(self, ship.player, options, "ship battle: choose the enemy ship (DX-5.2)"))
        self.then(partial(self._settle, tuple(self.board.grid.neighbours(cell)) + (cell,)))

    def _fight(self, cell, other) -> None:
        a, d = self.ships[cell], self.ships[other]
        falls, target_falls, scorer = clash.outcome(self.has_property(a.kind, "armed"), self.has_property(d.kind, "armed"),
                                                    self.ruleset.value("battle.rogue-into-corvette"))
        if scorer:
            self.score((a if scorer == "attacker" else d).player, self.ruleset.value("battle.win-vp"), "battle",
                       f"{a.player}'s {a.kind} attacks {d.player}'s {d.kind}: the {scorer} wins")
        for where, gone in ((other, target_falls), (cell, falls)):
            if gone:
                self.return_ship(where)

    def _settle(self, cells) -> None:
        """DX-4.10: a closed area's controller keeps it when others' blocked emissaries are freed: once
        one is free, every other side's emissary there (no station) returns, blocked ones too (L752)."""
        for cell in sorted(set(cells)):
            for area in self.board.areas_at(cell) if cell in self.board.cells else ():
                if not area.closed or area.kind == "space" or any(a.id == area.id for a in self.pending_closed):
                    continue
                held = self.controllers.get(area.id)
                others = [c for c in self.emissaries_in(area) if self.side(self.emissaries[c].player) != held
                          and not self.emissaries[c].station] if held else []
                if any(not self.is_blocked(c) for c in others):
                    for c in others:
                        self.return_emissary(c)
                self.update_control(area)

    # -- the end (DX-6) ----------------------------------------------------------------------------
    def side_names(self) -> list[str]:
        return list(dict.fromkeys(self.side(p.name) for p in self.players))

    def tiebreak_key(self, side: str) -> tuple:  # DX-6.8: SB left, then RS, then emissaries
        supply = self.player(side).supply
        return getattr(self, "tiebreak", {}).get(side) or (
            supply["space-stations"], supply["research-stations"], supply["emissaries"])

    def winners(self) -> list[str]:
        """DX-6.8: the side with most VP (a team by its seats), ties broken by pieces left."""
        key = {s: (self.player(s).credits, *self.tiebreak_key(s)) for s in self.side_names()}
        return [p.name for p in self.players if key[self.side(p.name)] == max(key.values())]

    def summary(self) -> str:
        """The end in VP, a side per line (teams as teams), what scored (``mechanics.ledger``)."""
        names = {s: "+".join(p.name for p in self.players if self.side(p.name) == s) for s in self.side_names()}
        closed = ", ".join(f"{kind} {n}" for kind, n in sorted(self.closed_counts.items())) or "none"
        return ledger.summary(self, names, [f"areas closed: {closed}", f"ship battles: {self.battles}"])
