"""Races for designers: the list, one race in words, and a commented starting file."""
from __future__ import annotations

import re
from pathlib import Path

from .dsl.diagnostics import DiagnosticError, Position, Report, did_you_mean, one_of
from .dsl.loader import load_or_raise
from .plugins.manager import content_paths
from .resources import content_dir


def _definitions(paths):
    return load_or_raise([*content_paths(), *paths])


def _origin(file: str, paths) -> str:
    resolved = Path(file).resolve()
    if content_dir("races").resolve() in resolved.parents:
        return "built-in"
    if any(Path(p).resolve() in (resolved, *resolved.parents) for p in content_paths()):
        return "plugin"
    return "folder"


def race_table(ruleset: str, paths=()) -> str:
    defs = _definitions(paths)
    rows = [("race", "title", "active skills", "from")]
    for name, block in sorted(defs.blocks["race"].items()):
        d = block.definition
        rows.append((name, d.get("title", name), ", ".join(d.get("active", [])), _origin(block.source.file, paths)))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines) + f"\n{len(rows) - 1} races"


def describe_race(ruleset_name: str, name: str, paths=()) -> str:
    from .engine.ruleset import load_ruleset

    defs = _definitions(paths)
    name = {k.lower(): k for k in defs.blocks["race"]}.get(name.lower(), name)  # names are not case-sensitive
    if name not in defs.blocks["race"]:
        report = Report()
        report.add("TS303", f"no race named '{name}'", Position("<command line>"),
                   expected=one_of(defs.blocks["race"]), hint=did_you_mean(name, defs.blocks["race"]))
        raise DiagnosticError(report)
    ruleset = load_ruleset(ruleset_name, defs=defs)
    race, skills = ruleset.races[name], ruleset.skills
    costs = {side: ruleset.value(f"evolution.{side}") for side in ("racial", "universal")}
    out = [f"{race.title} ({race.name})" + (f" — {race.text}" if race.text else ""),
           f"colour: {race.colour or '-'}" + (f"   special tokens: {', '.join(f'{n}×{k}' for k, n in race.tokens)}"
                                              if race.tokens else ""),
           *([f"own pieces: " + ", ".join(f"{kind}×{count} (is {', '.join(props)}" + (f"; moves {moves}" if moves is not None
                                                                                          else "") + ")"
                                         for kind, count, props, moves in race.pieces)] if race.pieces else []),
           "", "Active from the start:"]
    out += [_skill_line(skills[s]) for s in race.active]
    out += ["", f"Modules (unlock one per turn in phase 1; racial side {costs['racial']}¢, universal side "
                f"{costs['universal']}¢; the side chosen is final):"]
    for number, (racial, universal) in enumerate(race.modules, 1):
        out.append(f"  module {number}")
        out.append("  " + _skill_line(skills[racial], f"racial, {costs['racial']}¢"))
        out.append("  " + _skill_line(skills[universal], f"universal, {costs['universal']}¢"))
    return "\n".join(out)


def _skill_line(skill, cost: str = "") -> str:
    from .games.new_order.skill_words import skill_words

    head = ", ".join(x for x in (cost, skill.when, f"tier: {skill.tier}") if x)
    indent = "      " if cost else "    "
    does = "".join(f"\n{indent}- {sentence}" for sentence in skill_words(skill))  # from the definition
    return f"  • {skill.title} ({head}): {skill.text or '-'}{does}"


TEMPLATE = '''# {title} — a custom race for Galaxy of Trian: New Order.
# Check it:   trian validate {name}.trian
# Read it:    trian races show {name} --races-dir .
# Play it:    trian play --ruleset new_order --races-dir . --race red={name}
# The guide (docs/race-guide.md) explains every line; races/*.trian are full examples.

race {name} "{title}" {{
  colour = purple
  text = "one line about your race"
  # two skills active from the start (NO-2.1)
  active = [{name}-scouts, {name}-traders]
  # three two-sided modules: your racial side (10¢) / a universal side (5¢) (NO-3.1.5)
  module 1: {name}-engines / gain-more-from-nebulas
  module 2: {name}-shields / a-set-of-minerals
  module 3: {name}-bounty / gain-more-from-systems
  pieces = {{{name}-runner: 1}}                 # one piece of your own kind (below) on your race board
}}

# Your own kind of piece: a ship (expeditions, moves, battles…) that also gathers minerals like a
# Rogue and moves 4 tiles; the rules treat it by its properties (docs/skill-language.md).
piece {name}-runner "Runner" is ship, gathers {{
  text = "a fast ship that gathers minerals from the closed nebula of its tile"
  moves = 4
}}

# Tier 1 — change a named parameter of the rules, for you only.
skill {name}-scouts "Scouts" {{
  text = "your ships move 1 tile further"
  when = "phase 3, moving a ship"
  modify ship.move += 1
}}

# Tier 2 — an action you may take, with a limit, a condition and effects (docs/skill-language.md).
skill {name}-traders "Traders" {{
  text = "in phase 1, turn 2 yellow minerals into 9¢ (once per turn)"
  when = "phase 1"
  action extraction "sell 2 yellow minerals for 9¢" once per turn if minerals.yellow >= 2 -> discard(yellow, 2), credits(9)
}}

skill {name}-engines "Engines" {{
  text = "your ships fly through gas clouds"
  when = "phase 3, moving a ship"
  modify ship.passes += gas
}}

# A change for a while: `while CONDITION`, `from EVENT until EVENT`, `until EVENT`.
skill {name}-shields "Shields" {{
  text = "after you win a battle, your units win every tie until your next turn begins"
  when = "battles"
  modify battle.tie = win from battle-won until turn-begin
}}

# Tier 2 — a trigger: when an event of yours happens (its data in the condition), effects follow.
skill {name}-bounty "Bounty" {{
  text = "the first time in a turn your Runner moves, draw 1 random mineral"
  when = "phase 3"
  on unit-moved where unit == "{name}-runner" once per turn -> minerals(1)
}}

# Tier 3, when the DSL cannot say it: plugin "{module}:MySkill" names a Python class in {module}.py
# beside this file (see docs/race-guide.md).
'''


def new_race_file(name: str, folder: Path) -> Path:
    if not re.fullmatch(r"[a-z][a-z0-9-]*", name):
        report = Report()
        report.add("TS308", f"'{name}' cannot name a race", Position("<command line>"),
                   expected="lowercase letters, digits and -", hint="for example: trian new race star-folk")
        raise DiagnosticError(report)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.trian"
    if path.exists():
        report = Report()
        report.add("TS308", f"{path} exists already", Position(str(path)), hint="choose another name or --out folder")
        raise DiagnosticError(report)
    title = name.replace("-", " ").title()
    path.write_text(TEMPLATE.format(name=name, title=title, module=name.replace("-", "_")), encoding="utf-8")
    return path
