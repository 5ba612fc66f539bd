"""Battles that wait for decisions: which enemy ship to attack, which combat tokens to declare.

While ``game.battle`` is set, the game's decision comes from the battle. Tokens are declared face
down, one player after another (attacker first, then clockwise, NO-4.5, NO-4.6); declared tokens go
back to the bag whether they helped or not. A declared ``reroll`` is used when it can help: when the
player's total is below the best of the others (``battle.reroll`` would make this a choice).
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


def roll_all(game, clash, players: list[str], bonus: dict[str, int], declared: dict[str, tuple]) -> dict[str, int]:
    """Each player's total: die + bonus + '+1' tokens + skills, re-rolling with 'reroll' tokens
    while behind. A plugin may decide the clash instead (``trian_resolve_clash``)."""
    game.skills.span_over("clash")  # what skills allow once per clash was used before this roll
    game.hooks.call("trian_clash_begin", players, game=game, clash=clash)
    decided = game.hooks.first("trian_resolve_clash", players, game=game, clash=clash)
    if decided is not None:
        return dict(decided)
    totals, dice = {}, {}
    for p in players:
        dice[p] = game.roll()
        skill_bonus = game.param("battle.roll", p, unit=clash.units.get(p, "emissary")) + clash.extra.get(p, 0)
        for terms in game.hooks.call("trian_clash_bonus", p, game=game, clash=clash, player=p):
            skill_bonus += sum(amount for amount, _ in terms)
        totals[p] = dice[p] + bonus.get(p, 0) + declared.get(p, ()).count("plus-one") + skill_bonus
    for p in players:
        for _ in range(declared.get(p, ()).count("reroll")):
            best_other = max((t for q, t in totals.items() if q != p), default=0)
            if totals[p] >= best_other:
                break
            new = game.roll()
            totals[p] += new - dice[p]
            dice[p] = new
    return totals


def tie_winners(game, tied: list[str]) -> list[str]:
    """``battle.tie = win``: a player whose units win all ties takes a tie alone."""
    winners = [p for p in tied if game.param("battle.tie", p) == "win"]
    return winners if len(winners) == 1 else tied


class EmissaryBattle:
    """NO-4.6: clashes among the players with emissaries in a closed area until one remains."""

    kind = "emissaries"

    def __init__(self, game, root: int, players: list[str], bonus: dict[str, int]):
        self.game, self.root, self.bonus = game, root, bonus
        self.players = players  # attacker first, then clockwise
        self.units = {p: "emissary" for p in players}
        self.extra: dict[str, int] = {}  # bonuses bought for this clash by skills (a Warcry)
        self.declarations = _Declarations(game, players)

    def start(self) -> None:
        """Called once the battle is the game's battle: fights at once when nobody can declare."""
        self.game.hooks.call("trian_battle_begin", self.players, game=self.game, battle=self)
        if self.declarations.done:
            self._clash()

    @property
    def decider(self) -> str:
        return self.declarations.waiting[0]

    def prompt(self) -> str:
        return f"emissary battle: declare combat tokens (up to {self.game.ruleset.value('battle.max-tokens')})"

    def options(self) -> dict:
        return self.declarations.options(self._clash, self)

    def _clash(self) -> None:
        game = self.game
        totals = roll_all(game, self, self.players, self.bonus, self.declarations.declared)
        self.extra = {}
        best = max(totals.values())
        top = tie_winners(game, [p for p, t in totals.items() if t == best])
        self.totals, self.winners = totals, top
        # a tie at the top sends one emissary of every clashing player home (rulebook p. 18)
        losers = [p for p in self.players if p not in top] if len(top) == 1 else list(self.players)
        game.note("  clash: " + ", ".join(f"{p} {t}" for p, t in totals.items())
                  + (f" → {top[0]} wins" if len(top) == 1 else " → tie at the top"))
        game.hooks.call("trian_clash_end", self.players, game=game, clash=self)
        area = game.board.area(self.root)
        removed = [game.remove_one_emissary(loser, area) for loser in losers]
        present = Counter(p for p, _ in game.units_in(area))
        self.players = [p for p in self.players if present[p]]
        if len(self.players) < 2 or not any(removed):  # emissaries on stations never leave
            game.battle = None
            if len(self.players) == 1:
                game.emit("battle-won", self.players[0], battle="emissaries", winner=self.players[0], loser="",
                          unit="emissary")
            game.hooks.call("trian_battle_end", game=game, battle=self)
            return
        self.declarations = _Declarations(game, self.players)
        if self.declarations.done:
            self._clash()


class ShipBattle:
    """NO-4.5: the attacker picks an adjacent enemy ship for each clash while such pairs remain."""

    kind = "ships"

    def __init__(self, game, attacker: str):
        self.game, self.attacker = game, attacker
        self.pair = None  # (attacker's cell, defender's cell) of the clash being declared
        self.declarations = None
        self.players, self.units, self.extra = [attacker], {}, {}
        game.battles += 1
        game.note(f"ship battle started by {attacker}")

    def start(self) -> None:
        self.game.hooks.call("trian_battle_begin", self.attacker, game=self.game, battle=self)

    @property
    def decider(self) -> str:
        return self.attacker if self.declarations is None else self.declarations.waiting[0]

    def prompt(self) -> str:
        if self.declarations is None:
            return "ship battle: choose the enemy ship to attack"
        return f"ship battle: declare combat tokens (up to {self.game.ruleset.value('battle.max-tokens')})"

    def options(self) -> dict:
        game = self.game
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
        game = self.game
        mine, enemy = self.pair
        a, d = game.ships[mine].player, game.ships[enemy].player
        totals = roll_all(game, self, [a, d], {}, self.declarations.declared)
        self.declarations = None
        game.note(f"  clash: {a} {totals[a]}, {d} {totals[d]}")
        tied = [a, d] if totals[a] == totals[d] else []
        if tied and len(tie_winners(game, tied)) == 1:
            totals[tie_winners(game, tied)[0]] += 0.5  # that player's units win every tie
            tied = []
        self.totals = totals
        game.hooks.call("trian_clash_end", [a, d], game=game, clash=self)
        if tied:  # a tie sends both home; nobody gains
            game.note("  tie: both ships return")
            game.return_ship(mine)
            game.return_ship(enemy)
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
        self._next()

    def _next(self) -> None:
        self.pair = None
        if not self.game.ship_pairs(self.attacker):
            self.game.battle = None
            self.game.hooks.call("trian_battle_end", game=self.game, battle=self)
