"""A search bot: Monte Carlo search over determinized copies of the game, the other players played
by the greedy bot's rules of thumb until the bot's next turn, and the position then read from the
score ledger.

A decision:

1. *Candidates* (move grouping): options that differ only in a colour or a place are one group
   (``exchange blue+red for green``, ``buy mineral yellow``, the expeditions of one unit to one
   kind of place…), each represented by one option; tile placements, often a hundred, are narrowed
   to the ``width`` best by the greedy bot's reading of the board. The greedy bot's own choice is
   always a candidate.
2. *Determinize*: each round of the search makes one guess of what the bot cannot know — the
   generator gets a new seed (the bag, the dice and every draw to come), the tiles under the top
   of each stack change places (only the top faces are seen, NO-3.2.1), the other players' combat
   tokens are dealt again from theirs and the bag's (NO-4.5) — so the bot never plays with what
   ``view(game, player)`` hides. Every candidate of a round is tried on the *same* guess (common
   random numbers): the candidates are compared on equal luck, not on luck.
3. *Roll out*: after the candidate, the greedy bot plays every seat (the bot's own rest of the
   turn, then each other player's whole turn) until the bot decides again in its next turn, or the
   game ends. Every candidate is read at the same point of the round, so a placement that lets the
   next player close an area, or an expedition that wins the area a turn later, shows.
4. *Evaluate*: each player's worth — credits, minerals at the end-of-game rate, the modules they
   unlocked and what their units on the board promise — and the bot's reward is its lead over the
   best other player (the result itself, won or lost, once the game is over).

The decision is the candidate with the best mean reward; the greedy bot's choice keeps the
decision unless another candidate is better by more than ``margin`` credits (a rule of thumb is
left only for something found better). The budget is a number of rollouts per decision
(``mcts:200``), at most ``rounds`` per candidate, or seconds per decision (``mcts:0.5s``, whole
rounds). A decision with one candidate costs nothing. The bot draws only from its own seeded
generator: the same seed and game give the same choice, and a budget in rollouts does not depend on
the machine's speed.
"""
from __future__ import annotations

import random
import re
import time

from .greedy import GreedyBot, placement_value

LIGHT = ("log", "notes", "scores_log", "effects")  # what a search copy need not carry
EMISSARY_PROMISE, SHIP_PROMISE = 5, 3  # ¢: a unit on the board is worth more than one in the supply
MODULE_WORTH = 0.5, 1.5  # of its price, at the end and at the start: a module pays back over the turns left
WIN = 1000.0  # the reward of a game won: more than any lead in credits
ROLLOUT_CAP = 200  # decisions a rollout may take before it is read where it stands (a safety net)
# what options of one group differ in: a colour, which module is unlocked (the rules of thumb choose
# it), a place (but not where to build: each station's income is its own)
GROUP = re.compile(r"\b(?:blue|green|red|yellow)\b|(?<=^unlock) module .*")
PLACE = re.compile(r"@\([-\d,]+\)")
TRADES = ("buy ", "exchange ")  # a mineral bought for 6¢ is worth 3¢ at the end: searched only if greedy trades


class MCTSBot:
    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = 200, seconds: float | None = None,
                 width: int = 5, rounds: int = 4, margin: float = 0.5):
        if iterations is None and seconds is None:
            raise ValueError("an MCTS bot needs a budget: iterations or seconds")
        if (iterations is not None and iterations < 1) or (seconds is not None and seconds <= 0):
            raise ValueError("an MCTS budget must be more than 0")
        self.rng = random.Random(seed)
        self.iterations, self.seconds = iterations, seconds
        self.width, self.rounds, self.margin = width, rounds, margin
        self.searched = 0  # decisions searched and rollouts run, for benchmarks
        self.iterations_run = 0

    # -- the decision ------------------------------------------------------------------------------
    def choose(self, game) -> str:
        options = list(game.decision.options)
        if len(options) == 1:
            return options[0]
        greedy = GreedyBot(self.rng.randrange(2 ** 31)).choose(game)
        candidates = self._candidates(game, options, greedy)
        if self.iterations is not None and len(candidates) > self.iterations:  # a rollout each at least
            others = [o for o in candidates if o != greedy]
            candidates = [greedy, *self.rng.sample(others, self.iterations - 1)]
        if len(candidates) == 1:
            return candidates[0]
        me = game.decision.player
        totals = dict.fromkeys(candidates, 0.0)
        rounds = self._rounds(len(candidates))
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while done < rounds and (deadline is None or not done or time.perf_counter() < deadline):
            luck = self.rng.randrange(2 ** 63)
            for option in candidates:
                totals[option] += self._rollout(game, me, option, luck)
            done += 1
        self.searched += 1
        self.iterations_run += done * len(candidates)
        best = max(candidates, key=lambda o: (totals[o], o == greedy))
        return best if totals[best] > totals[greedy] + self.margin * done else greedy

    def _rounds(self, candidates: int) -> int:
        if self.iterations is None:
            return 10 ** 9
        return max(1, min(self.rounds, self.iterations // candidates))

    def _rollout(self, game, me: str, option: str, luck: int) -> float:
        """``option`` on one guess (``luck``), then the greedy bot in every seat until ``me``
        decides again after every other player has placed a tile; ``me``'s reward there."""
        rng = random.Random(luck)
        sim = self._determinize(game, me, rng)
        policy = GreedyBot(rng.randrange(2 ** 31))
        others = {p.name for p in sim.players if p.name != me}
        placed: set[str] = set()
        try:
            sim.choose(option)
            for _ in range(ROLLOUT_CAP):
                if sim.is_over:
                    break
                decision = sim.decision
                if decision.player == me and placed >= others:
                    break
                choice = policy.choose(sim)
                if decision.kind == "place":
                    placed.add(decision.player)
                sim.choose(choice)
        except Exception:  # a rule the guess broke (a plugin's bug): read the position as it stands
            pass
        return self._reward(sim, me)

    # -- what the bot does not know ----------------------------------------------------------------
    def _determinize(self, game, me: str, rng: random.Random | None = None):
        rng = rng or self.rng
        sim = _light_copy(game)
        sim.rng = random.Random(rng.randrange(2 ** 63))
        stacks = getattr(sim, "stacks", None)
        if stacks:  # the tiles under the tops change places; the tops are seen
            hidden = [tile for stack in stacks for tile in stack[:-1]]
            rng.shuffle(hidden)
            for stack in stacks:
                below = len(stack) - 1
                if below > 0:
                    stack[:-1] = hidden[:below]
                    hidden = hidden[below:]
        if hasattr(sim, "token_bag"):  # the others' combat tokens: dealt again from theirs and the bag's
            others = [p for p in sim.players if p.name != me]
            pool = list(sim.token_bag) + [t for p in others for t in p.tokens]
            rng.shuffle(pool)
            for p in others:
                count = len(p.tokens)
                p.tokens[:] = pool[:count]
                pool = pool[count:]
            sim.token_bag[:] = pool
        return sim

    # -- options worth a look ----------------------------------------------------------------------
    def _candidates(self, game, options: list[str], greedy: str) -> list[str]:
        if game.decision.kind == "place":
            if len(options) <= self.width:
                return options
            best = sorted(options, key=lambda text: -placement_value(game, text))[:self.width]
            return best if greedy in best else [greedy, *best[:-1]]
        groups: dict[str, list[str]] = {}
        for text in options:
            if text.startswith(TRADES) and text != greedy:
                continue
            key = GROUP.sub("", text if text.startswith("build ") else PLACE.sub("@", text))
            groups.setdefault(key, []).append(text)
        return [greedy if greedy in group else group[self.rng.randrange(len(group))] for group in groups.values()]

    # -- how good a position is --------------------------------------------------------------------
    def _reward(self, game, me: str) -> float:
        if game.is_over:
            winners = game.winners()
            won = WIN / len(winners) if me in winners else -WIN
            lead = game.scores()[me] - max(v for name, v in game.scores().items() if name != me)
            return won + lead
        worth = {p.name: _worth(game, p) for p in game.players}
        return worth[me] - max(v for name, v in worth.items() if name != me)


def _light_copy(game):
    """``game.copy()`` without the notes and logs (they are restored in the game at once)."""
    kept = {name: game.__dict__[name] for name in LIGHT if name in game.__dict__}
    try:
        for name in kept:
            game.__dict__[name] = []
        return game.copy()
    finally:
        game.__dict__.update(kept)


def _worth(game, player) -> float:
    """Credits, minerals at their end-of-game value, what the player's stations will still mine
    (NO-3.1.3), the modules bought (worth more than their price early, when they have many turns to
    pay back, less late), and what the units on the board promise: an emissary may win an area or
    become a station (income at once, NO-3.3.3), a ship may plunder or gather (NO-5.2, NO-3.1.4)."""
    value = player.credits
    emissaries = [(cell, e) for cell, e in getattr(game, "emissaries", {}).items() if e.player == player.name]
    value += EMISSARY_PROMISE * len(emissaries)
    for ship in getattr(game, "ships", {}).values():
        if ship.player == player.name:
            value += SHIP_PROMISE
    mineral = game.ruleset.value("end.mineral-value")
    minerals = getattr(player, "minerals", None)
    if minerals:
        value += sum(minerals.values()) * mineral
    value += _mining(game, player.name, emissaries) * mineral
    owned = getattr(getattr(game, "skills", None), "owned", {}).get(player.name)
    if owned is not None:
        late, early = MODULE_WORTH
        worth = late + (early - late) * _left(game)
        value += worth * sum(5 if side == "universal" else 10 for side in owned.unlocked.values())
    return value


def _mining(game, name: str, emissaries) -> float:
    """The minerals the player's stations in closed nebulas will still take, a turn at a time, for
    the turns left (NO-3.1.3): 1 a turn under a research station, 2 under a space station, never more
    than the nebula holds."""
    stacks = getattr(game, "stacks", None)
    if stacks is None:
        return 0.0
    turns = sum(len(s) for s in stacks) / len(game.players)
    rates: dict[int, int] = {}
    for cell, emissary in emissaries:
        node = game.board.cells[cell].nodes[emissary.region] if emissary.station else None
        if node is None:
            continue
        root = game.board.forest.find(node)
        totals = game.board.forest.totals[root]
        if totals.kind == "nebula" and totals.closed:
            rates[root] = max(rates.get(root, 0), 2 if emissary.station == "space-station" else 1)
    return sum(min(rate * turns, sum(game.board.forest.totals[root].minerals.values()))
               for root, rate in rates.items())


def _left(game) -> float:
    """The share of the game still to play: tiles left in the stacks (1 at the start, 0 at the end)."""
    stacks = getattr(game, "stacks", None)
    total = len(game.ruleset.tileset.tiles) if stacks is not None else 0
    return min(1.0, sum(len(s) for s in stacks) / total) if total else 0.5
