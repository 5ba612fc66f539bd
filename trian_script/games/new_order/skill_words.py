"""A skill in words, generated from its definition (``trian races show``): what each ``modify``,
``on`` and ``action`` entry does, so the words never drift from what the game plays."""
from __future__ import annotations

import re

from ...dsl.parser import lark_parser

EVENT_WORDS = {
    "area-closed": "{who} close{s} an area", "control-taken": "{who} take{s} control of an area",
    "minerals-gained": "{who} gain{s} minerals", "station-built": "{who} build{s} a station",
    "battle-won": "{who} win{s} a battle", "tile-placed": "{who} place{s} a tile",
    "unit-placed": "{who} place{s} a unit", "unit-moved": "{who} move{s} a unit",
    "unit-removed": "a unit of {yours} goes back to its supply", "module-unlocked": "{who} unlock{s} a module",
    "turn-begin": "{whose} turn begins", "turn-end": "{whose} turn ends",
    "battle-begin": "a battle of {yours} begins", "clash-end": "a clash of {yours} ends",
}
PHASE_WORDS = {
    "extraction": "in phase 1", "expansion": "in phase 2, after placing the tile",
    "exploration": "as the phase-3 action", "exploration-free": "in phase 3, besides the action",
    "clash": "before the dice of a clash",
    "evade": "when an enemy ship attacks your ship-like token, before it loses",
    "upkeep": "at the start of your turn, before anything else in phase 1",
}
EFFECT_WORDS = {
    "credits": "gain {0}¢", "pay": "pay {0}¢", "minerals": "draw {0} random mineral(s)",
    "mineral": "take {1} {0} mineral(s) from the bag", "discard": "return {1} {0} mineral(s) to the bag",
    "discard-set": "return one mineral of each colour", "tokens": "draw {0} combat token(s)",
    "discard-token": "return {0} combat token(s)", "extra-actions": "take {0} more phase-3 action(s)",
    "take-from-nebula": "take {0} mineral(s) of your choice from that nebula",
    "roll-bonus": "add {0} to your roll", "teleport": "teleport {0} to {1}", "place": "place a {0} token on {1}",
    "move-ship": "move {0} to {1}", "destroy": "send {0} back to its owner's supply",
    "move-token": "move {0} to {1}", "gather": "take {1} mineral(s) of your choice, one at a time, from closed nebulas in the {2} field of {0}",
    "settle": "{0} becomes your emissary on {1}, for good", "send-home": "send {0} back to your supply", "build": "build a {1} under your emissary on {0}", "evade": "{0} moves to the nearest tile where no battle happens",
}
OPTIONAL_DEFAULTS = {"mineral": ("", "1"), "discard": ("", "1"), "discard-token": ("1",)}
OPS = {"=": "becomes {v}", "+=": "+{v}", "-=": "−{v}", "*=": "×{v}"}


def skill_words(skill) -> list[str]:
    """One sentence per entry of ``skill`` (a compiled ``Skill``)."""
    out = []
    anyone = skill.scope == "any"
    for m in skill.modifiers:
        value = getattr(m.value, "text", m.value)
        value = ", ".join(map(str, value)) if isinstance(value, list) else value
        out.append(f"your {m.parameter} {OPS[m.op].format(v=value)}{_for_a_while(m, anyone)}")
    for t in skill.triggers:
        when = f"when {event_words(t.event, anyone)}" + (f" and {readable(t.condition.text)}" if t.condition else "")
        out.append(f"{when}{_limit(t.limit)}: {effects_words(t.effects)}")
    for a in skill.actions:
        label = f" \"{a.label}\"" if a.label else ""
        cond = f", if {readable(a.condition.text)}" if a.condition else ""
        chosen = "".join(f", choosing {c.name} among {c.source.text}" + (f" where {readable(c.where.text)}" if c.where else "")
                         for c in a.choices)
        option = "one option per choice" if a.choices else f"option: use {skill.name}"
        must = "you must take one upkeep option per target:" if a.phase == "upkeep" else "you may"
        limit = _limit(a.limit) + (f" for each {a.limit_for}" if a.limit_for else "")
        out.append(f"{PHASE_WORDS.get(a.phase, a.phase)}, {must}{label}{chosen}{cond}{limit}: "
                   f"{effects_words(a.effects)} ({option})")
    for area in skill.areas:
        until = ", until an exmitter reaches it" if area.until == "exmitted" else ""
        cond = f" where {readable(area.condition.text)}" if area.condition else ""
        out.append(f"each of your {area.token} tokens on the board acts on every {area.enters}{cond} in its field "
                   f"({area.field.text}){until}: {effects_words(area.effects)}")
    for token, count in skill.grants:
        out.append(f"you gain {count} {token} token{'s' if count > 1 else ''}")
    if skill.plugin:
        out.append(f"the rest is Python ({skill.plugin})")
    return out


def readable(condition: str) -> str:
    """A condition's formula with words for its signs: ``kind == nebula`` → ``kind is nebula``."""
    for sign, word in ((" == ", " is "), (" != ", " is not "), (" >= ", " ≥ "), (" <= ", " ≤ ")):
        condition = condition.replace(sign, word)
    return re.sub(r"\bowner\b", "you", condition)


def event_words(event: str, anyone: bool) -> str:
    """An event in words, the owner's (``you win a battle``) or anyone's (``anyone wins a battle``)."""
    return EVENT_WORDS.get(event, event).format(who="anyone" if anyone else "you", s="s" if anyone else "",
                                                whose="anyone's" if anyone else "your",
                                                yours="anyone's" if anyone else "yours")


def _for_a_while(modifier, anyone: bool) -> str:
    """`` while credits ≥ 20``, ``, from when you win a battle until your turn begins``."""
    out = f" while {readable(modifier.condition.text)}" if modifier.condition else ""
    if modifier.start:
        out += f", from when {event_words(modifier.start, anyone)}" + (
            f" until {event_words(modifier.end, anyone)}" if modifier.end else " on")
    elif modifier.end:
        out += f", until {event_words(modifier.end, anyone)}"
    return out


def _limit(limit) -> str:
    return f", once per {limit}" if limit else ""


def effects_words(effects) -> str:
    return ", then ".join(_effect_words(e.text) for e in effects)


def _effect_words(text: str) -> str:
    tree = lark_parser().parse(text, start="expr")  # words are made on request, never during play
    name, *args = [c for c in tree.children if c is not None]
    if str(name) == "when" and args:
        return f"if {readable(_text(text, args[0]))}, " + ", then ".join(_effect_words(_text(text, a)) for a in args[1:])
    shown = [_text(text, a) for a in args]
    if str(name) == "discard" and shown and shown[0] not in ("yellow", "red", "blue", "green"):  # a chosen one
        return f"return the chosen {shown[0]} to the bag" if len(shown) == 1 else \
            f"return {shown[1]} mineral(s) of the chosen {shown[0]} to the bag"
    defaults = OPTIONAL_DEFAULTS.get(str(name), ())
    shown += list(defaults[len(shown):])
    try:
        return EFFECT_WORDS[str(name)].format(*shown)
    except (KeyError, IndexError):
        return text


def _text(text: str, node) -> str:
    meta = node.meta if hasattr(node, "meta") else None
    if meta is not None and not getattr(meta, "empty", True):
        return text[meta.start_pos:meta.end_pos]
    return str(node)
