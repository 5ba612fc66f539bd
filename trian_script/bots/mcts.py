"""A search bot: Monte Carlo tree search over determinized copies of the game.

Each iteration of a decision:

1. *Determinize*: copy the game (``Game.copy()``, without its notes and logs, which play no part in
   the rules) and fill in what the bot cannot know with one guess: the generator gets a new seed
   (the bag, the dice and every draw to come), the tiles under the top of each stack change places
   (only the top faces are seen, NO-3.2.1), and the other players' combat tokens are dealt again
   from theirs and the bag's (NO-4.5). So the bot never plays with what ``view(game, player)`` hides.
2. *Select and expand*: the greedy bot's option at the root starts with a few virtual visits a
   little better than the position as it stands (a prior: the search leaves the rules of thumb only
   for something it finds better);
   from the root, the option with the best upper confidence bound (UCT) for
   the player who decides there, among the options this guess offers, until an option never tried
   from that node; it is added to the tree.
3. *Roll out*: the greedy bot (laying each tile at the best of 8 placements drawn at random) plays on
   for ``horizon`` decisions (or to the end), and the
   position is *evaluated*: each player's credits, their minerals at the end-of-game rate, the
   price of the modules they unlocked and what their units on the board promise; a player's reward is the logistic of their lead over the
   best other player, so a reward is in (0, 1) and the game's end counts as it will be scored.
4. *Back up*: every node on the path adds the reward of the player who chose there.

The decision is the root's most visited option. Tile placements (often a hundred options) are
first narrowed to the ``width`` best by the greedy bot's reading of the board. A decision with one
option costs nothing; a decision among ``k`` options runs at most ``3 (k + 1)`` iterations of its
budget, and stops early when the second best can no longer catch up with the most visited. The
subtree of the option chosen is kept: when the bot decides again and the choices made since (its
own and the others') are in it, its visits count towards the new decision's budget.

The budget is a number of iterations per decision (``mcts:200``) or seconds per decision
(``mcts:0.5s``). The bot draws only from its own seeded generator: the same seed and game give the
same choice, and a budget in iterations does not depend on the machine's speed.
"""
from __future__ import annotations

import math
import random
import re
import time

from .greedy import GreedyBot, placement_value

LIGHT = ("log", "notes", "scores_log", "effects")  # what a search copy need not carry
PER_OPTION = 3  # at most this many iterations per candidate (and one more share): few options need few
EMISSARY_PROMISE, SHIP_PROMISE = 5, 3  # ¢: a unit on the board is worth more than one in the supply
MODULE_WORTH = 0.5, 1.5  # of its price, at the end and at the start: a module pays back over the turns left
GREEDY_PRIOR = 4, 0.05  # virtual visits for the greedy bot's option at the root, and how much better
#                         than the position as it stands their mean reward is
ROLLOUT_PLACEMENTS = 8  # placements a rollout reads before it lays a tile


class Node:
    __slots__ = ("children", "visits", "reward")

    def __init__(self):
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0


class MCTSBot:
    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = 200, seconds: float | None = None,
                 horizon: int = 6, width: int = 6, exploration: float = 0.7, scale: float = 12.0):
        if iterations is None and seconds is None:
            raise ValueError("an MCTS bot needs a budget: iterations or seconds")
        if (iterations is not None and iterations < 1) or (seconds is not None and seconds <= 0):
            raise ValueError("an MCTS budget must be more than 0")
        self.rng = random.Random(seed)
        self.iterations, self.seconds = iterations, seconds
        self.horizon, self.width, self.exploration, self.scale = horizon, width, exploration, scale
        self.rollout = GreedyBot(self.rng.randrange(2 ** 31))
        self.searched = 0  # decisions searched and iterations run, for benchmarks
        self.iterations_run = 0
        self._tree: Node | None = None  # the node of the last choice, and the log's length then
        self._moves = 0

    # -- the decision ------------------------------------------------------------------------------
    def choose(self, game) -> str:
        options = list(game.decision.options)
        if len(options) == 1:
            return options[0]
        candidates = self._candidates(game, options)
        if len(candidates) == 1:
            return candidates[0]
        root, me = self._reused(game), game.decision.player
        self._prior(game, root, candidates)
        budget = 10 ** 9 if self.iterations is None else min(self.iterations, PER_OPTION * (len(candidates) + 1))
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while root.visits < budget and (deadline is None or time.perf_counter() < deadline):
            self._iterate(game, root, me, candidates)
            done += 1
            if self.iterations is not None and self._settled(root, budget - root.visits):
                break
        self.searched += 1
        self.iterations_run += done
        tried = {text: node for text, node in root.children.items() if text in candidates}
        if not tried:
            return candidates[0]
        choice = max(tried, key=lambda text: (tried[text].visits, tried[text].reward))
        self._tree, self._moves = tried[choice], len(game.log) + 1
        return choice

    def _prior(self, game, root: Node, candidates: list[str]) -> None:
        """The greedy bot's option starts with a few virtual visits that went well: the search
        leaves the rules of thumb only for an option it finds better."""
        if root.visits:
            return
        choice = GreedyBot(self.rng.randrange(2 ** 31)).choose(game)
        if choice in candidates:
            visits, bonus = GREEDY_PRIOR
            mean = min(1.0, self._rewards(game).get(game.decision.player, 0.5) + bonus)
            root.children[choice] = node = Node()
            node.visits, node.reward = visits, visits * mean

    def _reused(self, game) -> Node:
        """The subtree of the choices made since this bot's last one (its own and the others'), when
        the tree holds them all: its visits count towards this decision's budget."""
        node = self._tree
        if node is None or len(game.log) < self._moves:
            return Node()
        for text in game.log[self._moves:]:
            node = node.children.get(text)
            if node is None:
                return Node()
        return node

    def _settled(self, root: Node, left: int) -> bool:
        """No other option can be visited more than the leader in the iterations left."""
        visits = sorted((child.visits for child in root.children.values()), reverse=True)
        return len(visits) > 1 and visits[0] - visits[1] > left

    def _iterate(self, game, root: Node, me: str, candidates: list[str]) -> None:
        sim = self._determinize(game, me)
        node, path, depth = root, [], 0
        try:
            while not sim.is_over and depth < self.horizon:
                player = sim.decision.player
                options = candidates if node is root else self._candidates(sim, list(sim.decision.options))
                untried = [o for o in options if o not in node.children]
                if untried:
                    option = untried[self.rng.randrange(len(untried))]
                    node.children[option] = child = Node()
                    path.append((child, player))
                    sim.choose(option)
                    depth += 1
                    break
                option = self._select(node, options)
                node = node.children[option]
                path.append((node, player))
                sim.choose(option)
                depth += 1
            while not sim.is_over and depth < self.horizon:
                sim.choose(self._rollout_choice(sim))
                depth += 1
        except Exception:  # a rule the guess broke (a plugin's bug): score the position as it stands
            pass
        rewards = self._rewards(sim)
        for child, player in path:
            child.visits += 1
            child.reward += rewards.get(player, 0.0)
        root.visits += 1

    def _select(self, node: Node, options: list[str]) -> str:
        log_n = math.log(max(1, sum(node.children[o].visits for o in options)))
        return max(options, key=lambda o: node.children[o].reward / node.children[o].visits
                   + self.exploration * math.sqrt(log_n / node.children[o].visits))

    def _rollout_choice(self, sim) -> str:
        """The greedy bot's choice, but a placement is the best of a few drawn at random (reading
        every placement of a tile is most of a greedy move's cost)."""
        options = sim.decision.options
        if sim.decision.kind == "place" and len(options) > ROLLOUT_PLACEMENTS:
            sample = [options[i] for i in self.rng.sample(range(len(options)), ROLLOUT_PLACEMENTS)]
            return max(sample, key=lambda text: placement_value(sim, text))
        return self.rollout.choose(sim)

    # -- what the bot does not know ----------------------------------------------------------------
    def _determinize(self, game, me: str):
        sim = _light_copy(game)
        sim.rng = random.Random(self.rng.randrange(2 ** 63))
        stacks = getattr(sim, "stacks", None)
        if stacks:  # the tiles under the tops change places; the tops are seen
            hidden = [tile for stack in stacks for tile in stack[:-1]]
            self.rng.shuffle(hidden)
            for stack in stacks:
                below = len(stack) - 1
                if below > 0:
                    stack[:-1] = hidden[:below]
                    hidden = hidden[below:]
        if hasattr(sim, "token_bag"):  # the others' combat tokens: dealt again from theirs and the bag's
            others = [p for p in sim.players if p.name != me]
            pool = list(sim.token_bag) + [t for p in others for t in p.tokens]
            self.rng.shuffle(pool)
            for p in others:
                count = len(p.tokens)
                p.tokens[:] = pool[:count]
                pool = pool[count:]
            sim.token_bag[:] = pool
        return sim

    # -- options worth a look ----------------------------------------------------------------------
    def _candidates(self, game, options: list[str]) -> list[str]:
        if game.decision.kind != "place" or len(options) <= self.width:
            return options
        return sorted(options, key=lambda text: -placement_value(game, text))[:self.width]

    # -- how good a position is --------------------------------------------------------------------
    def _rewards(self, game) -> dict[str, float]:
        if game.is_over:
            winners = set(game.winners())
            return {p.name: (1.0 / len(winners) if p.name in winners else 0.0) for p in game.players}
        worth = {p.name: _worth(game, p) for p in game.players}
        out = {}
        for name, value in worth.items():
            lead = value - max(v for other, v in worth.items() if other != name)
            out[name] = 1.0 / (1.0 + math.exp(-lead / self.scale))
        return out


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
    """Credits, minerals at their end-of-game value, the modules bought (worth more than their price
    early, when they have many turns to pay back, less late), and what the
    units on the board promise: an emissary may become a station (income at once, NO-3.3.3), a ship
    may plunder or gather (NO-5.2, NO-3.1.4)."""
    value = player.credits
    for emissary in getattr(game, "emissaries", {}).values():
        if emissary.player == player.name and emissary.station is None:
            value += EMISSARY_PROMISE
    for ship in getattr(game, "ships", {}).values():
        if ship.player == player.name:
            value += SHIP_PROMISE
    minerals = getattr(player, "minerals", None)
    if minerals:
        value += sum(minerals.values()) * game.ruleset.value("end.mineral-value")
    owned = getattr(getattr(game, "skills", None), "owned", {}).get(player.name)
    if owned is not None:
        late, early = MODULE_WORTH
        worth = late + (early - late) * _left(game)
        value += worth * sum(5 if side == "universal" else 10 for side in owned.unlocked.values())
    return value


def _left(game) -> float:
    """The share of the game still to play: tiles left in the stacks (1 at the start, 0 at the end)."""
    stacks = getattr(game, "stacks", None)
    total = len(game.ruleset.tileset.tiles) if stacks is not None else 0
    return min(1.0, sum(len(s) for s in stacks) / total) if total else 0.5
