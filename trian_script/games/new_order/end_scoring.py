"""New Order's end of game as a rule plugin (``new_order.end-scoring`` in the ruleset's plugins):
minerals become credits (NO-5.1), then Corvettes plunder (NO-5.2, rulebook p. 20)."""
from __future__ import annotations

from ...plugins.hookspecs import hookimpl


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
    """NO-5.2: Corvettes in a closed system another player controls take credits from them."""
    systems = [game.board.area(root) for root, t in game.board.forest.totals.items()
               if t.kind == "system" and t.closed]
    for index in game.turn_order:
        raider = game.players[index].name
        for area in systems:
            victim = game.controller(area)
            corvettes = sum(1 for c in area.tiles if (s := game.ships.get(c)) and s.player == raider
                            and game.has_property(s.kind, "plunders"))
            stations = {e.station for p, e in game.units_in(area) if p == victim}
            if not victim or victim == raider or not corvettes or not stations - {None}:
                continue
            key = "space-station" if "space-station" in stations else "research-station"
            formula = game.ruleset.formula(f"end.plunder-{key}")
            env = {"tiles": len(area.tiles), "corvettes": corvettes}
            amount = min(int(formula(env)), game.player(victim).credits)
            if amount:
                game.score(victim, -amount, "plundered", f"{raider}: {formula.explain(env)}")
                game.score(raider, amount, "plunder", f"{victim}'s {key} system: {formula.explain(env)} = {amount}¢")
