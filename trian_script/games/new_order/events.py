"""Events (NO-4): closing and its scoring, emissary battles, control. Called by the game after a change."""
from __future__ import annotations

from collections import Counter
from functools import partial

from ...board import Area

SCORING = {"nebula": "closing.nebula", "system": "closing.system", "space": "closing.space"}


def area_env(game, area: Area, player: str | None = None) -> dict:
    """The names a closing or construction formula reads for ``area``, as ``player`` scores it.

    Blocked emissaries and the tiles of blocked planets do not count (NO-3.3.3, NO-4.2).
    """
    units = game.units_in(area)
    blocked = sum(1 for cell in area.tiles if game.planet_blocked(cell, area.id, player)) if player else 0
    return {
        "tiles": len(area.tiles) - blocked,
        "emissaries": sum(1 for _, e in units),
        "extractors": area.props.get("extractor", 0),
        "planets": area.props.get("planet", 0),
        "stations": sum(1 for _, e in units if e.station),
    }


def resolve_closings(game, closed: list[Area]) -> None:
    """Score every area closed by one placement, each separately (NO-4.1–4.3).

    Events come in the order of NO-4: every emissary battle of these areas (when several players'
    emissaries are there, NO-4.6), then each area's score and control, so a control token taken in
    one area is not in hand for a battle in another. The steps are queued so a battle can wait for
    the players' decisions.
    """
    steps = [partial(start_emissary_battle, game, area.id) for area in closed if area.kind in ("nebula", "system")]
    steps += [partial(score_closed, game, area.id) for area in closed]
    game.then(*steps)


def score_closed(game, root: int) -> None:
    area = game.board.area(root)
    formula_key = SCORING.get(area.kind)
    if formula_key is not None:
        controller = game.controller(area) if area.kind != "space" else None
        receiver = controller or game.current.name  # NO-4.3; outer space always to the closer (NO-4.2)
        env = area_env(game, area, receiver)
        formula = game.ruleset.formula(formula_key)
        amount = int(formula(env))
        game.score(receiver, amount, f"closed {area.kind}", f"{formula.explain(env)} = {amount}¢", env)
        game.emit("area-closed", game.current.name, kind=area.kind, controller=controller or "none",
                  closer=game.current.name, area=root, **{k: v for k, v in env.items() if k != "stations"})
        if area.kind == "nebula":
            count = int(game.ruleset.formula("closing.nebula-minerals")(env))
            game.fill_nebula(area, count)
        if controller is not None and controller == game.current.name:
            # NO-4.4: the closer may first take emissaries back; control (and its token) is
            # settled when the turn ends (rulebook p. 19: take them all back, no token)
            game.deferred_control.append(root)
            return
    game.update_control(area)


def start_emissary_battle(game, root: int, attacker: str | None = None) -> None:
    """NO-4.6: a battle when unblocked emissaries of several players share a closed area."""
    from .battles import EmissaryBattle

    area = game.board.area(root)
    present = _present(game, area)
    if len(present) < 2:
        return
    game.battles += 1
    closer = attacker or game.current.name
    order = [p.name for p in game.seat_order_from(closer)]
    involved = [p for p in order if p in present]
    game.note(f"emissary battle in the {area.kind} at {game.area_name(area)}: "
              + ", ".join(f"{p} ({present[p]})" for p in involved))
    game.start_battle(EmissaryBattle(game, root, involved, dict(present)))


def _present(game, area: Area) -> Counter:
    return Counter(player for player, _ in game.units_in(area))
