"""Sealed bids: a small game that is not Galaxy of Trian, to show what the kernel does beyond one
player at a time. Three rounds, each in three parts:

1. *collecting*, a passing round: in turn, each player takes a coin (``take coin``) or passes
   (``pass``); who passed is out of it; it ends when all have passed, or have taken 3 coins;
2. *sealed bids*, simultaneous and secret: every player bids from 0 to their coins (``bid N``); the
   highest bid that no one else made wins 1 point and pays its bid;
3. *protests*, out-of-turn reactions: each other player, from the winner's left, may ``protest``
   (pay 1 coin; the point is taken back) or ``accept``.
Most points wins; then most coins.
"""
from __future__ import annotations

from dataclasses import dataclass

from trian_script.engine.decisions import PassingRound, Reactions, Simultaneous
from trian_script.engine.game import Game

ROUNDS, MAX_TAKEN = 3, 3


@dataclass
class Bidder:
    name: str
    points: int = 0
    coins: int = 0
    taken: int = 0  # coins taken this round


class SealedBids(Game):
    PHASE_OF = {"collect": "collect", "over": None}
    WAIT_KIND = "bids"

    def setup(self, seats, races):
        self.players = [Bidder(name) for name in seats]
        self.turn_order = list(range(len(seats)))
        self.round = 0
        self.point_of: str | None = None  # who won this round's point (until a protest)
        self._next_round()

    # -- 1. collecting: a passing round -------------------------------------------------------------
    def _next_round(self) -> None:
        self.round += 1
        if self.round > ROUNDS:
            self.phase = "over"
            return
        for p in self.players:
            p.taken = 0
        start = (self.round - 1) % len(self.players)
        self.passing = PassingRound([p.name for p in self.players[start:] + self.players[:start]])
        self._seat(self.passing.current)
        self.phase = "collect"

    def _seat(self, name: str) -> None:
        self.current_index = self.turn_order.index(next(i for i, p in enumerate(self.players) if p.name == name))

    def options_now(self) -> dict:
        return {"take coin": self._take, "pass": self._pass}

    def prompt_now(self) -> str:
        return "take a coin, or pass for the rest of the round"

    def _take(self) -> None:
        self.current.coins += 1
        self.current.taken += 1
        if self.current.taken >= MAX_TAKEN:
            self.passing.passed(self.current.name)
        self._advance()

    def _pass(self) -> None:
        self.passing.passed(self.current.name)
        self._advance()

    def _advance(self) -> None:
        following = self.passing.next_player()
        if following is None:  # all have passed: 2. sealed bids
            self.wait_for(Simultaneous(self, [p.name for p in self.players], self._bids, self._reveal,
                                       "bid in secret"))
        else:
            self._seat(following)

    # -- 2. sealed bids -------------------------------------------------------------------------------
    def _bids(self, player: str) -> list[str]:
        return [f"bid {n}" for n in range(self.player(player).coins + 1)]

    def _reveal(self, choices: dict[str, str]) -> None:
        bids = {player: int(text.split()[1]) for player, text in choices.items()}
        self.note("bids: " + ", ".join(f"{p} {b}" for p, b in sorted(bids.items())))
        unique = [b for b in bids.values() if list(bids.values()).count(b) == 1 and b > 0]
        self.point_of = None
        if unique:
            self.point_of = next(p for p, b in bids.items() if b == max(unique))
            self.player(self.point_of).coins -= max(unique)
            self.score(self.point_of, 1, "sealed bid", f"the highest unique bid, {max(unique)}")
            others = [p.name for p in self.seat_order_from(self.point_of)[1:]]
            self.wait_for(Reactions(self, others, self._protests, self._react, "protest, out of turn?"))
        self.then(self._next_round)

    # -- 3. protests: out-of-turn reactions ----------------------------------------------------------------
    def _protests(self, player: str) -> list[str]:
        can = self.point_of is not None and self.player(player).coins > 0
        return ["protest", "accept"] if can else ["accept"]

    def _react(self, player: str, text: str) -> None:
        if text == "protest":
            self.player(player).coins -= 1
            self.score(self.point_of, -1, "protest", f"{player} protests")
            self.point_of = None

    def winners(self) -> list[str]:
        best = max((p.points, p.coins) for p in self.players)
        return [p.name for p in self.players if (p.points, p.coins) == best]
