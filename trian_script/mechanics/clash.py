"""Battles decided by the pieces' classes, without dice (Deluxe DX-5).

An armed piece (the ruleset's ``armed`` property: a corvette) beats an unarmed one (a rogue) and
stays; two pieces of the same class both fall. The attacker makes every choice:

* armed attacker: every unarmed enemy beside it falls (the attacker scores each); then, if armed
  enemies are there, the attacker picks one and both fall (the attacker scores);
* unarmed attacker: if armed enemies are there, it falls to the one it picks (whose owner scores,
  ``battle.rogue-into-corvette = owner-scores``; ``nobody-scores``: nobody does); otherwise it picks
  an unarmed enemy and both fall (the attacker scores).

Ruleset values: ``battle.win-vp`` (points per victory), ``battle.rogue-into-corvette``.
"""
from __future__ import annotations


def certain(attacker_armed: bool, enemies: dict) -> list:
    """The enemies (keys of ``enemies``: where → armed) that fall whatever the attacker picks."""
    return sorted(where for where, armed in enemies.items() if not armed) if attacker_armed else []


def choices(attacker_armed: bool, enemies: dict) -> list:
    """The enemies the attacker picks one from (after the certain ones fell); empty: no clash."""
    armed = sorted(where for where, is_armed in enemies.items() if is_armed)
    if attacker_armed or armed:
        return armed
    return sorted(enemies)


def outcome(attacker_armed: bool, target_armed: bool, rule: str = "owner-scores") -> tuple[bool, bool, str | None]:
    """(the attacker falls, the target falls, who scores: 'attacker', 'defender' or None)."""
    if attacker_armed and not target_armed:
        return False, True, "attacker"
    if target_armed and not attacker_armed:
        return True, False, "defender" if rule == "owner-scores" else None
    return True, True, "attacker"
