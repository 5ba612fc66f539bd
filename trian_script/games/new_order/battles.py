"""Battles that wait for decisions: which enemy ship to attack, which combat tokens to declare.

While ``game.battle`` is set, the game's decision comes from the battle. Tokens are declared face
down, one player after another (attacker first, then clockwise, NO-4.5, NO-4.6); declared tokens go
back to the bag whether they helped or not. After the dice, each player with a declared ``reroll``
decides, in the same order, whether to use it (p. 15: "you can choose not to use the token(s) you
declared"); a ``+1`` is always used, since it can never make its owner's result worse. In an
emissary battle the winner picks which emissary of each opponent goes home, and on a tie at the
top each clashing player picks one of their own (p. 17, fig. 14).

These picks were the engine's own in the first release. Each has a ``default`` — what the engine
chose then: a reroll while behind the best other total, the emissary on the lowest cell — that a
log or scenario which does not answer the pick gets (``Game.answer_unscripted``), so older logs and
scenarios replay. People and bots are asked; a pick with one possible answer is not asked.
"""
from __future__ import annotations

from collections import Counter
from functools import partial
from itertools import combinations


def token_choices(tokens: list[str], limit: int) -> list[tuple[str, ...]]:
    """Every distinct multiset of at most ``limit`` tokens a player can declare."""
    out = {()}
    for size in range(1, min(limit, len(tokens)) + 1):
        out |= {tuple(sorted(c)) for c in combinations(sorted(tokens), size)}
    return sorted(out, key=lambda c: (len(c), c))


def declare_text(tokens: tuple[str, ...]) -> str:
    return "declare " + (" ".join(tokens) if tokens else "none")


class _Declarations:
    """Collects each clashing player's declaration in turn, then calls ``resolve``."""

    def __init__(self, game, players: list[str]):
        self.game = game
        self.waiting = list(players)
        self.declared: dict[str, tuple[str, ...]] = {}
        self._skip_empty()

    def _skip_empty(self) -> None:
        """A player with no combat token and no skill to use before the roll is not asked."""
        while self.waiting and not self.game.player(self.waiting[0]).tokens \
                and not clash_extras(self.game, self.waiting[0]):
            self.declared[self.waiting.pop(0)] = ()

    @property
    def done(self) -> bool:
        return not self.waiting

    def options(self, after, clash) -> dict:
        game = self.game
        player = game.player(self.waiting[0])
        limit = game.param("battle.max-tokens", player.name)
        out = {declare_text(c): partial(self._declare, c, after) for c in token_choices(player.tokens, limit)}
        out.update(clash_extras(game, player.name))  # a Warcry: it does not end the declaration
        from .actions import without_forbidden

        return without_forbidden(game, player.name, "clash", out)

    def _declare(self, tokens, after) -> None:
        name = self.waiting.pop(0)
        player = self.game.player(name)
        for token in tokens:
            player.tokens.remove(token)
            self.game.token_bag.append(token)  # used or not, declared tokens go back (NO-4.5)
        self.declared[name] = tokens
        self._skip_empty()
        if self.done:
            after()


def clash_extras(game, player: str) -> dict:
    """What skills offer ``player`` before the dice of a clash (phase ``clash``)."""
    out = {}
    for extra in game.hooks.call("trian_options", player, game=game, player=player, phase="clash"):
        out.update(extra or {})
    out.update(game.skills.action_options_for(player, "clash"))
    return out


class Pick:
    """One player's pick inside a battle: ``options`` (text -> what it does), the ``default`` a
    script that does not answer it gets, and the first words of its texts (``claims``)."""

    def __init__(self, player: str, prompt: str, options: dict, default: str):
        self.player, self.prompt, self.options, self.default = player, prompt, options, default
        self.words = {text.split(" ", 1)[0] for text in options}

    def claims(self, text: str) -> bool:
        return text.split(" ", 1)[0] in self.words


class Rolls:
    """The dice of one clash: each player's total is die + bonus + '+1' tokens + skills; then each
    player with declared rerolls, attacker first, picks whether to use them, one at a time, seeing
    every die. A plugin may decide the clash instead (``trian_resolve_clash``)."""

    def __init__(self, game, clash, players: list[str], bonus: dict[str, int], declared: dict[str, tuple]):
        self.game = game
        game.skills.span_over("clash")  # what skills allow once per clash was used before this roll
        game.hooks.call("trian_clash_begin", players, game=game, clash=clash)
        decided = game.hooks.first("trian_resolve_clash", players, game=game, clash=clash)
        self.totals, self.dice, self.left = {}, {}, {}
        if decided is not None:
            self.totals = dict(decided)
            return
        for p in players:
            self.dice[p] = game.roll()
            skill_bonus = game.param("battle.roll", p, unit=clash.units.get(p, "emissary")) + clash.extra.get(p, 0)
            for terms in game.hooks.call("trian_clash_bonus", p, game=game, clash=clash, player=p):
                skill_bonus += sum(amount for amount, _ in terms)
            self.totals[p] = self.dice[p] + bonus.get(p, 0) + declared.get(p, ()).count("plus-one") + skill_bonus
        self.left = {p: declared.get(p, ()).count("reroll") for p in players if declared.get(p, ()).count("reroll")}

    def pick(self, then) -> Pick | None:
        """The next reroll pick, or None when every declared reroll is used or kept; ``then`` runs
        after an answer."""
        if not self.left:
            return None
        p = next(iter(self.left))
        best_other = max((t for q, t in self.totals.items() if q != p), default=0)
        behind = self.totals[p] < best_other
        others = ", ".join(f"{q} {t}" for q, t in self.totals.items() if q != p)
        options = {"reroll": partial(self._reroll, p, then), "keep": partial(self._keep, p, then)}
        order = ("reroll", "keep") if behind else ("keep", "reroll")  # the sensible answer first
        return Pick(p, f"{p}: your die shows {self.dice[p]} (total {self.totals[p]}; {others}): use a declared "
                       f"reroll ({self.left[p]} left) or keep the die?", {t: options[t] for t in order}, order[0])

    def _reroll(self, p: str, then) -> None:
        new = self.game.roll()
        self.game.note(f"  {p} rerolls {self.dice[p]} → {new}")
        self.totals[p] += new - self.dice[p]
        self.dice[p] = new
        self.left[p] -= 1
        if not self.left[p]:
            del self.left[p]
        then()

    def _keep(self, p: str, then) -> None:
        del self.left[p]  # a kept die is final: the other declared rerolls are lost unused
        then()


def tie_winners(game, tied: list[str]) -> list[str]:
    """``battle.tie = win``: a player whose units win all ties takes a tie alone."""
    winners = [p for p in tied if game.param("battle.tie", p) == "win"]
    return winners if len(winners) == 1 else tied


class _Picks:
    """What a battle that may wait for a pick shows while it waits: the pick's player, prompt and
    options, and its ``default`` and ``claims`` for scripts (``Game.answer_unscripted``)."""

    pick: Pick | None = None

    @property
    def default(self) -> str | None:
        return self.pick.default if self.pick is not None else None

    def claims(self, text: str) -> bool:
        return self.pick is not None and self.pick.claims(text)

    def _rerolls(self) -> None:
        """Ask the next reroll pick of the clash's dice (``self.rolls``); when none is left, decide."""
        self.pick = self.rolls.pick(self._rerolls)
        if self.pick is None:
            self._decide(self.rolls.totals)


class EmissaryBattle(_Picks):
    """NO-4.6: clashes among the players with emissaries in a closed area until one remains."""

    kind = "emissaries"

    def __init__(self, game, root: int, players: list[str], bonus: dict[str, int]):
        self.game, self.root, self.bonus = game, root, bonus
        self.players = players  # attacker first, then clockwise
        self.units = {p: "emissary" for p in players}
        self.extra: dict[str, int] = {}  # bonuses bought for this clash by skills (a Warcry)
        self.declarations = _Declarations(game, players)
        self.pick = None
        self.removals: list[tuple[str, str]] = []  # (who picks, whose emissary goes) still to settle
        self.removed = False

    def start(self) -> None:
        """Called once the battle is the game's battle: fights at once when nobody can declare."""
        self.game.hooks.call("trian_battle_begin", self.players, game=self.game, battle=self)
        battle_begins(self.game, "emissaries", self.players[0], self.players)
        if self.declarations.done:
            self._clash()

    @property
    def decider(self) -> str:
        return self.pick.player if self.pick is not None else self.declarations.waiting[0]

    def prompt(self) -> str:
        if self.pick is not None:
            return f"emissary battle: {self.pick.prompt}"
        return f"emissary battle: declare combat tokens (up to {self.game.ruleset.value('battle.max-tokens')})"

    def options(self) -> dict:
        if self.pick is not None:
            return dict(self.pick.options)
        return self.declarations.options(self._clash, self)

    def _clash(self) -> None:
        self.rolls = Rolls(self.game, self, self.players, self.bonus, self.declarations.declared)
        self._rerolls()

    def _decide(self, totals: dict[str, int]) -> None:
        game = self.game
        self.extra = {}
        best = max(totals.values())
        top = tie_winners(game, [p for p, t in totals.items() if t == best])
        self.totals, self.winners = totals, top
        # the winner removes 1 emissary of each opponent, and picks which (p. 17, fig. 14); a tie at
        # the top sends 1 emissary of every clashing player home, each picking their own (p. 18)
        if len(top) == 1:
            self.removals = [(top[0], p) for p in self.players if p != top[0]]
        else:
            self.removals = [(p, p) for p in self.players]
        game.note("  clash: " + ", ".join(f"{p} {t}" for p, t in totals.items())
                  + (f" → {top[0]} wins" if len(top) == 1 else " → tie at the top"))
        game.hooks.call("trian_clash_end", self.players, game=game, clash=self)
        clash_ends(game, "emissaries", totals, top[0] if len(top) == 1 else None)
        self.removed = False
        self._remove_next()

    def _remove_next(self) -> None:
        game, fmt = self.game, self.game.board.grid.format_cell
        area = game.board.area(self.root)
        while self.removals:
            chooser, victim = self.removals[0]
            cells = removable_emissaries(game, victim, area)
            if len(cells) > 1:
                whose = "one of your emissaries" if chooser == victim else f"one of {victim}'s emissaries"
                self.pick = Pick(chooser, f"{chooser}: send {whose} home",
                                 {f"remove emissary @{fmt(c)}": partial(self._remove, c) for c in cells},
                                 f"remove emissary @{fmt(cells[0])}")
                return
            self.removals.pop(0)
            if cells:
                self._remove(cells[0], asked=False)
        self.pick = None
        self._after_clash(area)

    def _remove(self, cell, asked: bool = True) -> None:
        if asked:
            self.removals.pop(0)
        self.game.return_emissary(cell)
        self.removed = True
        if asked:
            self._remove_next()

    def _after_clash(self, area) -> None:
        game = self.game
        present = Counter(p for p, _ in game.units_in(area))
        self.players = [p for p in self.players if present[p]]
        if len(self.players) < 2 or not self.removed:  # emissaries on stations never leave
            game.battle = None
            if len(self.players) == 1:
                game.emit("battle-won", self.players[0], battle="emissaries", winner=self.players[0], loser="",
                          unit="emissary")
            game.hooks.call("trian_battle_end", game=game, battle=self)
            return
        self.declarations = _Declarations(game, self.players)
        if self.declarations.done:
            self._clash()


def battle_begins(game, battle: str, attacker: str, players: list[str]) -> None:
    """The ``battle-begin`` event, for each player in the battle (skills hear it)."""
    for player in players:
        game.emit("battle-begin", player, battle=battle, attacker=attacker, player=player)


def clash_ends(game, battle: str, totals: dict, winner: str | None) -> None:
    """The ``clash-end`` event, for each player of the clash: their total, whether they won it, and
    the winner (none on a tie)."""
    for player, total in totals.items():
        game.emit("clash-end", player, battle=battle, player=player, won=player == winner,
                  total=int(total), winner=winner or "none")  # (int: a tie won by a skill adds ½)


def removable_emissaries(game, player: str, area) -> list:
    """Cells of ``player``'s emissaries that a clash can send home from ``area``: clashing ones only
    (unblocked, p. 18), and never one on a station (p. 9: it stays to the end of the game)."""
    cells, find = game.board.cells, game.board.forest.find
    return [cell for cell in sorted(area.tiles)
            if (e := game.emissaries.get(cell)) is not None and e.player == player and e.station is None
            and not game.is_blocked(cell) and (node := cells[cell].nodes[e.region]) is not None
            and find(node) == area.id]


class ShipBattle(_Picks):
    """NO-4.5: the attacker picks an adjacent enemy ship for each clash while such pairs remain."""

    kind = "ships"

    def __init__(self, game, attacker: str):
        self.game, self.attacker = game, attacker
        self.pair = None  # (attacker's cell, defender's cell) of the clash being declared
        self.declarations = None
        self.pick = None
        self.players, self.units, self.extra = [attacker], {}, {}
        game.battles += 1
        game.note(f"ship battle started by {attacker}")

    def start(self) -> None:
        self.game.hooks.call("trian_battle_begin", self.attacker, game=self.game, battle=self)
        battle_begins(self.game, "ships", self.attacker, [self.attacker])

    @property
    def decider(self) -> str:
        if self.pick is not None:
            return self.pick.player
        return self.attacker if self.declarations is None else self.declarations.waiting[0]

    def prompt(self) -> str:
        if self.pick is not None:
            return f"ship battle: {self.pick.prompt}"
        if self.declarations is None:
            return "ship battle: choose the enemy ship to attack"
        return f"ship battle: declare combat tokens (up to {self.game.ruleset.value('battle.max-tokens')})"

    def options(self) -> dict:
        game = self.game
        if self.pick is not None:
            return dict(self.pick.options)
        if self.declarations is not None:
            return self.declarations.options(self._clash, self)
        fmt = game.board.grid.format_cell
        return {f"attack @{fmt(enemy)} from @{fmt(mine)}": partial(self._target, mine, enemy)
                for mine, enemy in game.ship_pairs(self.attacker)}

    def _target(self, mine, enemy) -> None:
        game = self.game
        self.pair = (mine, enemy)
        a, d = game.ships[mine], game.ships[enemy]
        self.players, self.units, self.extra = [a.player, d.player], {a.player: a.kind, d.player: d.kind}, {}
        armed_a, armed_d = game.has_property(a.kind, "armed"), game.has_property(d.kind, "armed")
        unarmed_owner = d.player if armed_a else a.player
        if armed_a != armed_d and game.param("battle.rogue-vs-corvette", unarmed_owner) != "clash":
            # an armed ship (a Corvette) against an unarmed one (a Rogue) wins at once
            winner, loser = (mine, enemy) if armed_a else (enemy, mine)
            game.note(f"  the {game.ships[winner].kind} at {game.board.grid.format_cell(winner)} beats the "
                      f"{game.ships[loser].kind} at once")
            self._finish_clash(winner, loser)
            return
        self.declarations = _Declarations(game, [a.player, d.player])
        if self.declarations.done:
            self._clash()

    def _clash(self) -> None:
        mine, enemy = self.pair
        players = [self.game.ships[mine].player, self.game.ships[enemy].player]
        self.rolls = Rolls(self.game, self, players, {}, self.declarations.declared)
        self._rerolls()

    def _decide(self, totals: dict[str, int]) -> None:
        game = self.game
        mine, enemy = self.pair
        a, d = game.ships[mine].player, game.ships[enemy].player
        self.declarations = None
        game.note(f"  clash: {a} {totals[a]}, {d} {totals[d]}")
        tied = [a, d] if totals[a] == totals[d] else []
        if tied and len(tie_winners(game, tied)) == 1:
            totals[tie_winners(game, tied)[0]] += 0.5  # that player's units win every tie
            tied = []
        self.totals = totals
        game.hooks.call("trian_clash_end", [a, d], game=game, clash=self)
        clash_ends(game, "ships", totals, None if tied else a if totals[a] > totals[d] else d)
        if tied:  # a tie sends both home; nobody gains
            game.note("  tie: both ships return")
            game.return_ship(mine)
            game.return_ship(enemy)
            game.then(*game.area_steps([mine, enemy], self.attacker))  # an emissary they blocked (NO-4.7)
            self._next()
            return
        winner, loser = (mine, enemy) if totals[a] > totals[d] else (enemy, mine)
        self._finish_clash(winner, loser)

    def _finish_clash(self, winner, loser) -> None:
        game = self.game
        owner = game.ships[winner].player
        loser_owner = game.ships[loser].player
        game.return_ship(loser)
        drawn = game.draw_minerals(game.ruleset.value("battle.win-minerals"))
        game.player(owner).minerals.update(drawn)
        game.note(f"  {owner} wins and draws {sum(drawn.values())} minerals")
        game.emit("battle-won", owner, battle="ships", winner=owner, loser=loser_owner, unit=game.ships[winner].kind)
        game.then(*game.area_steps([loser], self.attacker))  # an emissary the loser blocked (NO-4.7)
        self._next()

    def _next(self) -> None:
        self.pair = None
        if not self.game.ship_pairs(self.attacker):
            self.game.battle = None
            self.game.hooks.call("trian_battle_end", game=self.game, battle=self)
