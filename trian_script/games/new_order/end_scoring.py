"""New Order's end of game as a rule plugin (``new_order.end-scoring`` in the ruleset's plugins):
minerals become credits (NO-5.1), then Corvettes plunder (NO-5.2, rulebook p. 20)."""
from __future__ import annotations

from collections import Counter

from ...plugins.hookspecs import hookimpl
from .actions import station_holders


@hookimpl
def trian_final_scoring(game):
    value = game.ruleset.value("end.mineral-value")
    for index in game.turn_order:
        player = game.players[index]
        count = sum(player.minerals.values())
        if count:
            game.score(player.name, count * value, "minerals", f"{count} minerals × {value}¢ = {count * value}¢")
    plunder(game)  # after the minerals are exchanged for credits


def plunder(game) -> None:
    """NO-5.2: Corvettes in a closed system another player controls take credits from them (its
    stations say how many, blocked ones too)."""
    plundered = []  # (system, its controller, their best station, Corvettes by owner)
    for root, totals in game.board.forest.totals.items():
        if totals.kind != "system" or not totals.closed:
            continue
        area = game.board.area(root)
        corvettes = Counter(s.player for c in area.tiles if (s := game.ships.get(c))
                            and game.has_property(s.kind, "plunders"))
        if not corvettes:
            continue  # (most systems: nobody to plunder it, so its controller is not asked)
        owners: dict[str, set] = {}
        for owner, station in station_holders(game, area):  # blocked ones too: they stand there
            owners.setdefault(owner, set()).add(station)
        # a Corvette on the station's own planet blocks it, so nobody controls the system, yet "the
        # entire planetary system with this blocked planet is plundered" (tile legend p. 29)
        victim = game.controller(area) or (next(iter(owners)) if len(owners) == 1 else None)
        stations = owners.get(victim)
        if stations:
            best = "space-station" if "space-station" in stations else "research-station"
            plundered.append((area, victim, best, corvettes))
    for index in game.turn_order:
        raider = game.players[index].name
        for area, victim, key, by_owner in plundered:
            corvettes = by_owner[raider]
            if victim == raider or not corvettes:
                continue
            formula = game.ruleset.formula(f"end.plunder-{key}")
            env = {"tiles": len(area.tiles), "corvettes": corvettes}
            amount = min(int(formula(env)), game.player(victim).credits)
            if amount:
                game.score(victim, -amount, "plundered", f"{raider}: {formula.explain(env)}")
                game.score(raider, amount, "plunder", f"{victim}'s {key} system: {formula.explain(env)} = {amount}¢")
