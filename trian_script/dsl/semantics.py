"""Names and meaning: what a schema cannot see (references resolve, faces make sense, formulas read).

Every problem is reported at the text that caused it, with "did you mean" where a name is close
to a known one.
"""
from __future__ import annotations

from .diagnostics import did_you_mean, one_of
from .expressions import FormulaError, compile_formula, literal


def check_all(defs) -> None:
    for name in list(defs.blocks["tileset"]):
        check_tileset(defs, name)
    for name in list(defs.blocks["ruleset"]):
        check_ruleset(defs, name)
    for name in list(defs.blocks["race"]):
        check_race(defs, name)
    for name in list(defs.blocks.get("piece", ())):
        check_piece(defs, name)
    parameters = known_parameters(defs) if defs.blocks["skill"] else set()
    for name in list(defs.blocks["skill"]):
        check_skill(defs, name, parameters)


def _check_extends(defs, family: str, name: str) -> bool:
    definition = defs.blocks[family][name].definition
    parent = definition.get("extends")
    if parent is None:
        return True
    if parent not in defs.blocks[family]:
        known = [n for n in defs.blocks[family] if n != name]
        defs.report.add("TS303", f"'{name}' extends unknown {family} '{parent}'",
                        defs.locate(family, name, ("extends",)), expected=one_of(known), hint=did_you_mean(parent, known))
        return False
    seen = {name}
    while parent is not None:
        if parent in seen:
            defs.report.add("TS303", f"'{name}' extends itself (through '{parent}')", defs.locate(family, name, ("extends",)))
            return False
        seen.add(parent)
        parent = defs.blocks[family].get(parent).definition.get("extends") if parent in defs.blocks[family] else None
    return True


def check_tileset(defs, name: str) -> None:
    from ..board.faces import FaceError
    from ..board.tileset import compile_tileset, merged_definition

    if not _check_extends(defs, "tileset", name):
        return
    try:
        merged = merged_definition(name, defs.definitions("tileset"))
    except FaceError as err:
        defs.report.add("TS303", str(err), defs.locate("tileset", name, err.path, key=True), err.expected, err.hint)
        return
    report_before = len(defs.report.diagnostics)
    _check_features(defs, name, merged)
    if len(defs.report.diagnostics) > report_before:
        return
    errors: list[FaceError] = []
    compile_tileset(merged, errors)
    for err in errors:
        key = bool(err.path) and err.path[-2:-1] == ("props",)
        defs.report.add("TS304", str(err), defs.locate("tileset", name, err.path, key=key), err.expected, err.hint)


def _check_features(defs, name: str, merged: dict) -> None:
    features = merged.get("features", {})
    areas = {f.get("forms") for f in features.values() if f.get("forms")}
    letters: dict[str, str] = {}
    for fname, feature in features.items():
        letter = feature.get("letter")
        if letter in letters:
            defs.report.add("TS304", f"letter '{letter}' is used by '{letters[letter]}' and '{fname}'",
                            defs.locate("tileset", name, ("features", fname, "letter")))
        elif letter:
            letters[letter] = fname
        for attr in ("divides", "within"):
            value = feature.get(attr)
            for target in [value] if isinstance(value, str) else value or []:
                if target not in areas:
                    defs.report.add("TS303", f"'{target}' is not an area kind", defs.locate("tileset", name, ("features", fname, attr)),
                                    expected=one_of(areas), hint=did_you_mean(target, areas))
    for pname, prop in merged.get("properties", {}).items():
        on = prop.get("on")
        for target in [on] if isinstance(on, str) else on or []:
            if target not in features:
                defs.report.add("TS303", f"unknown feature '{target}'", defs.locate("tileset", name, ("properties", pname, "on")),
                                expected=one_of(features), hint=did_you_mean(target, features))
    backgrounds = [f for f, d in features.items() if d.get("background")]
    if len(backgrounds) > 1:
        defs.report.add("TS304", f"only one feature can be the background, not {', '.join(backgrounds)}",
                        defs.locate("tileset", name, ("features", backgrounds[1], "background")))


def check_ruleset(defs, name: str) -> None:
    from .loader import schema

    if not _check_extends(defs, "ruleset", name):
        return
    chain = defs.chain("ruleset", name)
    tileset = next((b.definition["tileset"] for b in chain if "tileset" in b.definition), None)
    if tileset is None:
        defs.report.add("TS202", f"ruleset '{name}' names no tileset", defs.locate("ruleset", name, ()),
                        hint="add 'tileset = new_order' (or extend a ruleset that has one)")
    elif tileset not in defs.blocks["tileset"]:
        known = list(defs.blocks["tileset"])
        block = next(b for b in chain if "tileset" in b.definition)
        defs.report.add("TS303", f"unknown tileset '{tileset}'", block.source.find(("tileset",)),
                        expected=one_of(known), hint=did_you_mean(tileset, known))
    block = defs.blocks["ruleset"][name]
    _check_formulas(defs, block, block.definition, schema("ruleset"), ())
    _check_plugin_names(defs, block)
    _check_complete(defs, name, chain)


def _merged(chain) -> dict:
    from ..engine.ruleset import _deep_merge

    values: dict = {}
    for link in reversed(chain):
        values = _deep_merge(values, link.definition)
    return values


# what a ruleset may leave out: names, and values the engine has a default for
OPTIONAL_VALUES = {"kind", "name", "title", "extends", "game", "plugins", "pieces", "first-tile", "dead-tile"}


def _check_complete(defs, name: str, chain) -> None:
    """A ruleset sets every value its game reads (those of the game's own ruleset), and a number
    given per player count covers every count it may be played with."""
    from ..games import DEFAULT_GAME

    values = _merged(chain)
    game = values.get("game", DEFAULT_GAME)
    reference = defs.blocks["ruleset"].get(game)
    if reference is not None and reference is not chain[-1]:
        needed = _merged(defs.chain("ruleset", game))
        missing = sorted(k for k in needed if k not in values and k not in OPTIONAL_VALUES)
        if missing:
            defs.report.add("TS202", f"ruleset '{name}' lacks {', '.join(missing)}, which the game '{game}' reads",
                            defs.locate("ruleset", name, ()), hint=f"extend '{game}' (or a variant of it), or set them")
            return
    players = values.get("players", {})
    low, high = players.get("min"), players.get("max")
    if isinstance(low, int) and isinstance(high, int):
        for path, counts in _per_player_counts(values, ()):
            lacking = [n for n in range(low, high + 1) if str(n) not in counts]
            if lacking:
                defs.report.add("TS304", f"'{'.'.join(path)}' gives no number for {', '.join(map(str, lacking))} players, "
                                         f"but the ruleset is for {low} to {high}", defs.locate("ruleset", name, ("players",)),
                                hint="add those player counts, or narrow players = {min: …, max: …}")
    _check_first_tile(defs, name, chain, values)


def _check_first_tile(defs, name: str, chain, values: dict) -> None:
    """``first-tile`` is ``origin`` or a tile of the ruleset's tileset, by design or id (``T01``,
    ``T01.2``): another word stopped the game as it was set up."""
    wanted, tileset = values.get("first-tile"), defs.blocks["tileset"].get(values.get("tileset"))
    if not isinstance(wanted, str) or wanted == "origin" or tileset is None:
        return
    tiles = tileset.definition.get("tiles", {})
    known = {"origin", *tiles} | {f"{design}.{i}" for design, tile in tiles.items()
                                  for i in range(1, 1 + (tile.get("count", 1) if isinstance(tile, dict) else 1))}
    if wanted not in known:
        block = next(b for b in chain if "first-tile" in b.definition)
        defs.report.add("TS303", f"first-tile = {wanted}: no such tile in the tileset '{values.get('tileset')}'",
                        block.source.find(("first-tile",)), expected="origin, or a tile's design or id (T01, T01.2)",
                        hint=did_you_mean(wanted, known))


def _per_player_counts(node, path):
    """(path, map) of every value given per player count ({2: 9, 3: 8, 4: 7})."""
    if isinstance(node, dict):
        if node and all(isinstance(k, str) and k.isdigit() for k in node):
            yield path, node
            return
        for key, value in node.items():
            if key != "formula":
                yield from _per_player_counts(value, path + (str(key),))


def _check_plugin_names(defs, block) -> None:
    """The game and plugins a ruleset names exist; checked by name, without importing anything."""
    from ..plugins.manager import known_games, known_plugins

    games = known_games()
    game = block.definition.get("game")
    if isinstance(game, str) and game not in games:
        defs.report.add("TS303", f"no game named '{game}'", block.source.find(("game",)),
                        expected=one_of(games), hint=did_you_mean(game, games))
    plugins = known_plugins()
    for i, plugin in enumerate(block.definition.get("plugins", [])):
        if isinstance(plugin, str) and plugin not in plugins:
            defs.report.add("TS303", f"no plugin named '{plugin}'", block.source.find(("plugins", i)),
                            expected=one_of(plugins), hint=did_you_mean(plugin, plugins))


def _check_formulas(defs, block, value, node: dict, path: tuple) -> None:
    """Compile every formula of a block with the names its schema node allows (``x-names``)."""
    if isinstance(value, dict) and "formula" in value and len(value) == 1:
        allowed = set(node.get("x-names", []))
        try:
            compile_formula(value["formula"], allowed)
            _check_literals(defs, block, path, value["formula"])  # (a division by a written-out zero)
        except FormulaError as err:
            pos = block.source.find(path)
            if pos.line:
                from dataclasses import replace

                pos = replace(pos, column=pos.column + err.column - 1, end_column=pos.column + err.column - 1 + err.width)
            defs.report.add("TS305", str(err), pos, err.expected, err.hint)
        return
    if isinstance(value, dict):
        props = node.get("properties", {})
        for key, item in value.items():
            sub = props.get(key)
            if sub is not None:
                _check_formulas(defs, block, item, _resolve(sub), path + (key,))


def _resolve(node: dict) -> dict:
    """Follow a local ``$ref`` but keep the annotations written beside it (``x-names``)."""
    from .loader import schema

    ref = node.get("$ref", "")
    if ref.startswith("#/$defs/"):
        target = schema("ruleset")["$defs"][ref.split("/")[-1]]
        return {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


# -- races and skills -----------------------------------------------------------------------------
def ruleset_parameters() -> set[str]:
    """Every value path of the ruleset schema (``cost.mineral``, ``ship.move``…)."""
    from .loader import schema

    out: set[str] = set()

    def walk(node, prefix):
        node = _resolve(node)
        props = node.get("properties")
        if props:
            for key, sub in props.items():
                walk(sub, prefix + (key,))
        elif prefix:
            out.add(".".join(prefix))

    walk(schema("ruleset"), ())
    return out - {"kind", "name", "title", "extends", "tileset"}


def known_parameters(defs) -> set[str]:
    from ..games.new_order.skills import ENGINE_PARAMETERS

    declared = {p for b in defs.blocks["skill"].values() for p in b.definition.get("parameters", {})}
    return ruleset_parameters() | set(ENGINE_PARAMETERS) | declared


def parameter_values(defs) -> dict:
    """The parameters of the games that play skills, with their values: those the rulesets of New
    Order and their variants set (a number per player count as it is), the engine's, and those
    skills declare. A table (``minerals``) is given by its entries (``minerals.red``); a formula of
    the rules (``construction.system``) is left out."""
    from ..games.new_order.skills import ENGINE_PARAMETERS

    rulesets = defs.blocks["ruleset"]

    def game(name, seen=()):
        block = rulesets.get(name)
        if block is None or name in seen:
            return None
        return block.definition.get("game") or game(block.definition.get("extends"), (*seen, name))

    out = dict(ENGINE_PARAMETERS)
    for b in defs.blocks["skill"].values():
        out.update(b.definition.get("parameters", {}))

    def walk(value, prefix):
        if isinstance(value, dict) and "formula" in value:
            return
        if isinstance(value, dict) and value and not all(str(k).isdigit() for k in value):
            for key, inner in value.items():
                walk(inner, f"{prefix}.{key}" if prefix else str(key))
        elif prefix:
            out[prefix] = value

    for name, block in rulesets.items():
        if game(name) == "new_order":
            walk({k: v for k, v in block.definition.items() if k not in ("kind", "name", "title", "extends")}, "")
    return out


def readable_parameters(defs) -> set[str]:
    """What a formula may read with ``param("…")``: a parameter's value, never a list (``ship.passes``)."""
    return {name for name, value in parameter_values(defs).items() if not isinstance(value, list)}


def _is_number(value) -> bool:
    """A number, or a number per player count (``{2: 9, 3: 8, 4: 7}``)."""
    if isinstance(value, dict):
        return bool(value) and all(_is_number(v) for v in value.values())
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_race(defs, name: str) -> None:
    block = defs.blocks["race"][name]
    skills = defs.blocks["skill"]
    refs = [(("active", i), s) for i, s in enumerate(block.definition.get("active", []))]
    for i, module in enumerate(block.definition.get("modules", [])):
        refs += [(("modules", i, "racial"), module["racial"]), (("modules", i, "universal"), module["universal"])]
    for path, skill in refs:
        if skill not in skills:
            defs.report.add("TS303", f"unknown skill '{skill}'", block.source.find(path),
                            expected=one_of(skills), hint=did_you_mean(skill, skills))
    numbers = [m["module"] for m in block.definition.get("modules", [])]
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        defs.report.add("TS304", f"modules of race '{name}' are numbered {numbers}, not 1, 2, 3…",
                        block.source.find(("modules",)))
    pieces = defs.blocks.get("piece", {})
    for piece in block.definition.get("pieces", {}):
        if piece not in pieces:
            defs.report.add("TS303", f"unknown piece '{piece}'", block.source.find(("pieces", piece), key=True),
                            expected=one_of(pieces) if pieces else "a piece block: piece NAME \"Title\" is ship { … }",
                            hint=did_you_mean(piece, pieces))
    tokens = defs.blocks["token"]
    for token in block.definition.get("tokens", {}):
        if token not in tokens:
            defs.report.add("TS303", f"unknown special token '{token}'", block.source.find(("tokens", token), key=True),
                            expected=one_of(tokens), hint=did_you_mean(token, tokens))


def check_piece(defs, name: str) -> None:
    """A piece claims only properties the game defines (``is ship, gathers``)."""
    from ..games.new_order.skills import PIECE_PROPERTIES

    block = defs.blocks["piece"][name]
    props = block.definition.get("is", [])
    for i, prop in enumerate(props):
        if prop not in PIECE_PROPERTIES:
            defs.report.add("TS306", f"piece '{name}' claims property '{prop}', which the game does not define",
                            block.source.find(("is", i)), expected=one_of(PIECE_PROPERTIES),
                            hint=did_you_mean(prop, PIECE_PROPERTIES))
    if props and "ship" not in props:
        defs.report.add("TS306", f"piece '{name}' is no ship: a race's pieces are ships (for now)",
                        block.source.find(("is", 0)), expected="is ship, …", hint="add 'ship' to its properties")


def check_skill(defs, name: str, parameters: set[str]) -> None:
    from ..games.new_order.skills import (ACTION_PHASES, CONDITION_VALUES, EFFECTS, EVENTS, FIELDS, LIMITS, OWNER_NAMES,
                                          PHASE_NAMES, VALUES)

    block = defs.blocks["skill"][name]
    d = block.definition
    colours = {"yellow", "red", "blue", "green"}
    owner_names = set(OWNER_NAMES) | colours | {"nebula", "system", "space"} | set(FIELDS) \
        | {f"special.{token}" for token in defs.blocks["token"]}
    values = parameter_values(defs) if d.get("modify") else {}
    for i, mod in enumerate(d.get("modify", [])):
        base = mod["parameter"]
        stem = base.rsplit(".", 1)[0]
        if base not in parameters and stem not in parameters:
            defs.report.add("TS306", f"unknown parameter '{base}'", block.source.find(("modify", i, "parameter")),
                            expected="a ruleset value or a skill parameter", hint=did_you_mean(base, parameters))
        # for a while: while a condition on the owner holds, from an event of the owner's until another
        _check_expr(defs, block, ("modify", i, "while"), mod.get("while"), owner_names,
                    {v: (lambda *a: None) for v in CONDITION_VALUES})
        if isinstance(mod["value"], str) and _is_number(values.get(base, values.get(stem))):
            defs.report.add("TS306", f"'{mod['value']}' is a word: {base} is a number",
                            block.source.find(("modify", i, "value")), expected=f"modify {base} {mod['op']} 1 (or a formula)")
        for word in ("from", "until"):
            event = mod.get(word)
            if event is not None and event not in EVENTS:
                defs.report.add("TS306", f"unknown event '{event}' after '{word}'", block.source.find(("modify", i, word)),
                                expected=one_of(EVENTS), hint=did_you_mean(event, EVENTS))
    for section, head in (("triggers", "event"), ("actions", "phase")):
        for i, item in enumerate(d.get(section, [])):
            names = set(owner_names)
            carried = None
            if head == "event":
                if item["event"] not in EVENTS:
                    defs.report.add("TS306", f"unknown event '{item['event']}'", block.source.find((section, i, head)),
                                    expected=one_of(EVENTS), hint=did_you_mean(item["event"], EVENTS))
                    continue
                carried = EVENTS[item["event"]][1]
                names |= carried
            elif item["phase"] not in ACTION_PHASES:
                continue  # the schema reports it
            else:
                names |= PHASE_NAMES.get(item["phase"], set())
            if item.get("limit") is not None and item["limit"] not in LIMITS:
                defs.report.add("TS306", f"unknown limit 'once per {item['limit']}'",
                                block.source.find((section, i, "limit")),
                                expected=one_of(f"once per {span}" for span in LIMITS),
                                hint=did_you_mean(item["limit"], LIMITS))
            if item.get("limit-for") is not None:  # once per turn for CHOICE: one of the action's choices
                chosen = [c["name"] for c in item.get("choose", [])]
                if item["limit-for"] not in chosen:
                    defs.report.add("TS306", f"'once per {item['limit']} for {item['limit-for']}' names no choice",
                                    block.source.find((section, i, "limit-for")),
                                    expected=one_of(chosen) if chosen else "a choice: choose NAME from SOURCE",
                                    hint=did_you_mean(item["limit-for"], chosen))
            values = {v: (lambda *a: None) for v in CONDITION_VALUES}
            names |= _check_choices(defs, block, (section, i), item, names, values)
            targets = {c["name"] for c in item.get("choose", [])} | {"token", "ship"} & PHASE_NAMES.get(item.get("phase"), set())
            _check_expr(defs, block, (section, i, "if"), item.get("if"), names, values,
                        (item["event"], carried) if carried is not None else None, targets)
            functions = {e: (lambda *a: None) for e in (*EFFECTS, *VALUES)}  # an effect may roll
            for j, effect in enumerate(item["effects"]):
                if _check_effect_shape(defs, block, (section, i, "effects", j), effect, EFFECTS, targets):
                    _check_expr(defs, block, (section, i, "effects", j), effect, names, functions)
                    _check_station_level(defs, block, (section, i, "effects", j), effect)
    _check_areas(defs, block, d, set(OWNER_NAMES) | colours | {f"special.{t}" for t in defs.blocks["token"]},
                 EFFECTS, CONDITION_VALUES, VALUES)
    if d.get("plugin"):
        from ..plugins.manager import PLUGIN_REFERENCE

        # checked by its form only: validating content never imports the code it names (that
        # happens when a game starts, from trusted places; see plugins/manager.py)
        if not isinstance(d["plugin"], str) or not PLUGIN_REFERENCE.fullmatch(d["plugin"]):
            defs.report.add("TS307", f"'{d['plugin']}' is not a plugin reference", block.source.find(("plugin",)),
                            expected="'module:Class', e.g. 'my_race:MySkill'")


STATION_LEVELS = ("research-station", "space-station")


def _check_station_level(defs, block, path, text: str) -> None:
    """``build(PLACE, "LEVEL")`` names one of the game's station levels."""
    import re

    match = re.fullmatch(r'\s*build\s*\(.*,\s*"([^"]*)"\s*\)\s*', text)
    if match and match.group(1) not in STATION_LEVELS:
        defs.report.add("TS306", f"unknown station level '{match.group(1)}'", block.source.find(path),
                        expected=one_of(STATION_LEVELS), hint=did_you_mean(match.group(1), STATION_LEVELS))


def _check_areas(defs, block, d, names, effects, readers, values) -> None:
    """An area of effect names a special token, a field, what enters it and when it ends
    (``readers``: what its field and condition may call; ``values``: what its effects may)."""
    from ..games.new_order.skills import AREA_NAMES, ENTERING, FIELDS, MAX_RADIUS, UNTIL

    functions = {f: (lambda *a: None) for f in (*effects, *values)}
    values = {v: (lambda *a: None) for v in readers}
    for i, area in enumerate(d.get("areas", [])):
        path = ("areas", i)
        for key, allowed, what in (("token", defs.blocks["token"], "special token"), ("enters", ENTERING, "piece"),
                                   ("until", UNTIL, "end")):
            word = area.get(key)
            if word is not None and word not in allowed:
                defs.report.add("TS306", f"unknown {what} '{word}'", block.source.find(path + (key,)),
                                expected=one_of(allowed), hint=did_you_mean(word, allowed))
        _check_expr(defs, block, path + ("field",), area["field"], names | set(FIELDS), values)
        tree = _parsed(area["field"])
        radius = _constant(tree) if tree is not None else None
        if radius is not None and not (isinstance(radius, int) and 0 <= radius <= MAX_RADIUS):
            _report_formula(defs, block, path + ("field",), FormulaError(
                "", 1, len(area["field"]), expected=f"one of {', '.join(FIELDS)}, or a radius: a whole number 0 to {MAX_RADIUS}"),
                f"a field of radius {radius} is out of range")
        brought = {area["enters"]} | {f"{area['enters']}.{k}" for k in ENTERING.get(area["enters"], ())} | AREA_NAMES
        _check_expr(defs, block, path + ("if",), area.get("if"), names | brought, values, None, {area["enters"], "token"})
        for j, effect in enumerate(area["effects"]):
            if _check_effect_shape(defs, block, path + ("effects", j), effect, effects, {area["enters"], "token"}):
                _check_expr(defs, block, path + ("effects", j), effect, names | brought, functions)


def _check_choices(defs, block, path, item, names, values) -> set:
    """Each choice takes its targets from a known source, which may read the choices before it;
    the label's ``{NAME}`` are choices. Returns the names the choices bring (``stake``,
    ``stake.count``…)."""
    from ..games.new_order.skill_targets import SOURCES

    brought: set = set()
    chosen: set = set()  # the names of the choices before (and, in its condition, this one)
    for j, choice in enumerate(item.get("choose", [])):
        where = path + ("choose", j)
        source = choice["from"].split("(")[0].strip()
        if source not in SOURCES:
            pos = block.source.find(where + ("from",))
            defs.report.add("TS306", f"'{choice['from']}' is not a source of targets", pos,
                            expected="one of " + ", ".join(shape for shape, _ in SOURCES.values()),
                            hint=did_you_mean(source, SOURCES))
            brought.add(choice["name"])  # named all the same: one mistake, one diagnostic
            continue
        shape = SOURCES[source][0]
        if "…" not in shape and " or " not in shape:  # a fixed number of arguments: checked
            _check_effect_shape(defs, block, where + ("from",), choice["from"], {source: shape})
        sources = {name: (lambda *a: None) for name in SOURCES}
        _check_expr(defs, block, where + ("from",), choice["from"], names | brought, values | sources, None, chosen)
        brought |= {choice["name"]} | {f"{choice['name']}.{key}" for key in SOURCES[source][1]}
        chosen = chosen | {choice["name"]}
        _check_expr(defs, block, where + ("where",), choice.get("where"), names | brought, values, None, chosen)
        _check_some_target(defs, block, where, choice, source, shape)
    import string

    try:
        fields = list(string.Formatter().parse(item.get("label", "")))
    except ValueError as err:  # a lone brace: the label could not be written out at play
        defs.report.add("TS306", f"the label is not a valid template: {err}", block.source.find(path + ("label",)),
                        expected="text with {CHOICE} for a choice's target, and {{ }} for a brace",
                        hint="write a brace as {{ or }}")
        fields = []
    for _, field, _, _ in fields:
        chosen = [c["name"] for c in item.get("choose", [])]
        if field is not None and field.split(".")[0] not in chosen:
            defs.report.add("TS306", f"the label names '{{{field}}}', which is not a choice",
                            block.source.find(path + ("label",)), expected=one_of(chosen) if chosen else
                            "a choice: choose NAME from SOURCE", hint=did_you_mean(field, chosen))
    return brought


# sources that list only the words or colours they are given, and sources that list nothing when
# their count (the argument at that place) is below 1
LISTS_ITS_ARGUMENTS = {"words", "colours-owned"}
COUNTED = {"mineral-sets": 0, "token-moves": 1, "ship-moves": 1}


def _check_some_target(defs, block, path, choice, source: str, shape: str) -> None:
    """A choice that can never have a target, whatever the game (its action would never be offered):
    a source given nothing to list (``words()``), a count below 1 (``mineral-sets(0)``), a condition
    that holds for no target (``where 1 > 2``). An unknown token kind (``tokens("wormhol")``) is
    reported with the formula's other words (``_check_literals``)."""
    tree = _parsed(choice["from"])
    if tree is None or tree.data != "call":
        return  # reported as a formula or as no source
    _, *args = [c for c in tree.children if c is not None]
    problem = None
    if source in LISTS_ITS_ARGUMENTS and not args:
        problem = (f"{source}() lists nothing: the choice '{choice['name']}' never has a target",
                   FormulaError("", 1, len(choice["from"]), expected=f"{shape}, with at least one"))
    elif source in COUNTED and COUNTED[source] < len(args):
        count = _constant(args[COUNTED[source]])
        if isinstance(count, (int, float)) and not isinstance(count, bool) and count < 1:
            problem = (f"{source} with a count of {count} lists nothing: the choice '{choice['name']}' never has "
                       f"a target", FormulaError("", 1, len(choice["from"]), expected=f"{shape}, a count of 1 or more"))
    if problem is not None:
        _report_formula(defs, block, path + ("from",), problem[1], problem[0])
        return
    condition = choice.get("where")
    try:  # a condition that reads nothing is the same for every target: worked out once, here
        holds = compile_formula(condition, set(), {}).evaluate({}) if condition else True
    except (FormulaError, ArithmeticError, TypeError, ValueError, RecursionError):
        return  # it reads a name (or is reported as a formula)
    if not holds:
        _report_formula(defs, block, path + ("where",),
                        FormulaError("", 1, len(condition), expected="a condition that holds for some target"),
                        f"the condition '{condition}' never holds: the choice '{choice['name']}' never has a target")


# an event's data and a target's data that are words, never numbers (``kind``, ``unit.player``), and
# the other words a formula reads: it may compare them with == or != only
WORDY_DATA = {"kind", "controller", "closer", "player", "winner", "loser", "unit", "battle", "colour", "source",
              "level", "side", "skill", "word", "attacker"}
WORDS = WORDY_DATA | {"owner", "current", "none", "enemy", "yellow", "red", "blue", "green", "nebula", "system",
                      "space", "tile", "edge", "edge-or-corner"}
ORDERS = ("<", "<=", ">", ">=")

# functions whose argument at that place names a kind of special token (``place("wormhole", …)``)
TOKEN_ARGUMENT = {"tokens": 0, "teleportable-near": 0, "place": 0, "token-on": 1, "token-emissary-at": 0}


def _check_literals(defs, block, path, text, tree=None) -> None:
    """What a skill's formula writes out is checked before any game: a kind of special token is
    one the game has (a misspelt one would never be placed, found or counted), a parameter read
    with ``param("…")`` is one the game or a skill defines, and nothing is divided by a
    written-out zero."""
    tree = tree if tree is not None else _parsed(text) if text else None
    if tree is None:
        return
    tokens, parameters = defs.blocks["token"], None
    for node in tree.iter_subtrees_topdown():
        kids = [c for c in node.children if c is not None]
        if node.data == "comparison":
            for op, side in [(op, side) for op, a, b in zip(kids[1::2], kids[0::2], kids[2::2]) for side in (a, b)]:
                name = str(side.children[0]) if getattr(side, "data", None) == "name" else ""
                head, dot, data = name.partition(".")
                wordy = name in WORDS or dot and head not in ("minerals", "special") and data in WORDY_DATA
                if str(op) in ORDERS and (side.data == "string" or wordy):
                    first, last = _columns(side)
                    _report_formula(defs, block, path, FormulaError("", first, last - first,
                                                                    expected="== or != for a word, as in kind == nebula"),
                                    f"'{_text(side)}' is a word: '{op}' compares numbers")
        if node.data == "product":
            for op, arg in zip(kids[1::2], kids[2::2]):
                if str(op) in ("/", "//", "%") and _constant(arg) == 0:
                    _report_formula(defs, block, path, FormulaError("", op.column, len(op), expected="a divisor other than 0"),
                                    f"'{text}' divides by zero")
        elif node.data == "call" and str(kids[0]) == "param" and getattr(kids[-1], "data", None) == "string":
            word = kids[-1].children[0]
            parameters = readable_parameters(defs) if parameters is None else parameters
            if len(kids) == 2 and word[1:-1] not in parameters:
                table = word[1:-1] in known_parameters(defs)
                _report_formula(defs, block, path, FormulaError(
                    "", word.column, len(word), expected="a value of the New Order rulesets or a skill's parameter",
                    hint="" if table else did_you_mean(word[1:-1], parameters)),
                    f"param({word}) is no value a formula reads: a table, a list, or unset in the rulesets of skills"
                    if table else f"unknown parameter '{word[1:-1]}'")
        elif node.data == "call":
            index = TOKEN_ARGUMENT.get(str(kids[0]))
            if index is None or index + 1 >= len(kids) or getattr(kids[index + 1], "data", None) != "string":
                continue  # (a kind that is not written out is not known before the game)
            word = kids[index + 1].children[0]
            if word[1:-1] not in tokens:
                _report_formula(defs, block, path, FormulaError("", word.column, len(word), expected=one_of(tokens),
                                                                hint=did_you_mean(word[1:-1], tokens)),
                                f"unknown special token '{word[1:-1]}'")


def _parsed(text: str):
    """A formula's tree, or None when it cannot be read (the formula check reports that)."""
    from lark.exceptions import UnexpectedInput

    from .parser import lark_parser

    try:
        return lark_parser().parse(text, start="expr")
    except (UnexpectedInput, RecursionError):
        return None


def _constant(node):
    """The value of a number written out (``2``, ``-1``), else None."""
    if getattr(node, "data", None) == "neg":
        inner = _constant(node.children[0])
        return None if inner is None else -inner
    if getattr(node, "data", None) == "number":
        return literal(node)
    return None


def _check_expr(defs, block, path, text, names, functions, event=None, targets: set | None = None) -> None:
    """A formula of a skill reads only ``names``, calls only ``functions`` and names only special
    tokens the game has; in an event's condition, a name the event does not carry is reported with
    the event's data (``event``: name, data)."""
    if not text:
        return
    try:
        compile_formula(text, names, functions)
        tree = _parsed(text)  # (read once for the checks of what it writes out and calls)
        _check_literals(defs, block, path, text, tree)
        if targets is not None and tree is not None:  # the arguments of what it calls, where the chosen targets are known
            _check_arguments(defs, block, path, tree, targets, root_checked=path[-1] == "from")
    except FormulaError as err:
        message = str(err)
        if message == "unknown function 'roll'":  # a condition (only an effect draws)
            message = "roll() only in an effect: a condition may not draw the die (it is read whenever options are listed)"
            err.expected, err.hint = "an effect such as when(roll() >= 4, credits(2))", ""
        if event and message.startswith("unknown name '"):
            name, carried = message.split("'")[1], event[1]
            message = f"event '{event[0]}' does not carry '{name}'"
            err.expected = (f"the event's data ({', '.join(sorted(carried))}) or the owner's state "
                            f"({', '.join(sorted(n for n in names - carried if '.' not in n or n.startswith('minerals')))})")
        _report_formula(defs, block, path, err, message)


def _report_formula(defs, block, path, err: FormulaError, message: str) -> None:
    pos = block.source.find(path)
    if pos.line:
        from dataclasses import replace

        pos = replace(pos, column=pos.column + err.column - 1, end_column=pos.column + err.column - 1 + err.width)
    defs.report.add("TS305", message, pos, err.expected, err.hint)


def _check_effect_shape(defs, block, path, text, effects: dict, targets: set | None = None) -> bool:
    """An effect is one call of an effect with the arguments its shape takes (``credits(2)``,
    ``discard(red, 1)``); anything else is reported with the list of effects and their shapes.
    With ``targets`` (the names of the chosen targets there), each argument is also of its kind
    (``teleport(unit, target)``, never ``teleport("exmitter", tile)``)."""
    from lark.exceptions import UnexpectedInput

    from .parser import lark_parser

    try:
        tree = lark_parser().parse(text, start="expr")
    except UnexpectedInput:
        return True  # the formula check reports it with its place
    shapes = "; ".join(effects.values())
    if tree.data != "call":
        _report_formula(defs, block, path, FormulaError("", 1, len(text), expected=shapes),
                        f"'{text}' is not an effect: an effect calls one of the effects")
        return False
    name, *args = [c for c in tree.children if c is not None]
    if str(name) not in effects:
        from ..games.new_order.skills import VALUES

        if str(name) in VALUES and targets is not None:  # (``when(token-on(…), …)`` is fine: a condition)
            _report_formula(defs, block, path, FormulaError("", 1, len(text), expected=shapes),
                            f"'{text}' is not an effect: {name}(…) gives a value, which a condition reads")
            return False
        return True  # the formula check names the unknown function
    low, high = _arity(effects[str(name)])
    if not low <= len(args) <= high:
        wanted = f"{low}" if low == high else f"{low} to {high}"
        _report_formula(defs, block, path, FormulaError("", 1, len(text), expected=effects[str(name)]),
                        f"{name} takes {wanted} argument{'s' if high != 1 else ''}, not {len(args)}")
        return False
    return targets is None or _check_arguments(defs, block, path, tree, targets, effects, root_checked=True)


def _check_arguments(defs, block, path, tree, targets: set, effects: dict | None = None,
                     root_checked: bool = False) -> bool:
    """Each argument of each effect, source and value a formula calls (inside ``when`` too) is of
    the kind it takes (``ARGUMENTS``): a chosen target (``targets``: their names there) where it
    acts on one, a number where it counts, a kind of token where it names one. ``effects``: in an
    effect, the effects' shapes (``tokens(COUNT)`` there is the effect, not the source);
    ``root_checked``: the whole formula's call had its arguments counted already (an effect, a
    choice's source)."""
    from ..games.new_order.skills import ARGUMENTS, VALUES
    from ..games.new_order.skill_targets import SOURCES

    shapes = {**{n: s for n, (s, _) in SOURCES.items()}, **VALUES, **(effects or {})}
    fine = True
    for call in tree.iter_subtrees_topdown():
        kids = [c for c in call.children if c is not None]
        if call.data != "call":
            continue
        name = str(kids[0])
        if call is not tree and name in SOURCES and not (effects and name in effects):
            fine = False  # a source lists the targets of a choice: never an argument of something
            first, last = _columns(call)
            _report_formula(defs, block, path, FormulaError("", first, last - first, expected=f"a value: {name}(…) lists "
                                                            "a choice's targets (choose NAME from SOURCE)"),
                            f"{name}(…) is a source of targets, not an argument")
            continue
        shape = shapes.get(name)
        if not (call is tree and root_checked) and shape and "…" not in shape and " or " not in shape:
            low, high = _arity(shape)
            if not low <= len(kids) - 1 <= high:
                fine = False
                first, last = _columns(call)
                wanted = f"{low}" if low == high else f"{low} to {high}"
                _report_formula(defs, block, path, FormulaError("", first, last - first, expected=shape),
                                f"{name} takes {wanted} argument{'s' if high != 1 else ''}, not {len(kids) - 1}")
                continue
        kinds = ARGUMENTS.get("tokens-of-kind" if name == "tokens" and not effects else name)
        if kinds is None or name not in shapes:
            continue
        shape = shapes[name]
        words = [w.strip(" []") for w in shape[shape.index("(") + 1 : shape.index(")")].split(",")]
        for kind, arg, word in zip(kinds, kids[1:], words):
            bare = str(arg.children[0]) if getattr(arg, "data", None) == "name" else None
            given = f"the chosen target '{bare}'" if bare in targets else f"'{_text(arg)}'"
            what = {"number": "a number", "kind": "a kind of special token", "colour": "a colour"}.get(kind)
            if kind == "whose" and bare not in ("owner", "enemy"):
                problem, expected = f"{name}(…) takes owner or enemy, not {given}", "owner or enemy"
            elif kind == "target" and bare not in targets:
                problem = f"{name}(…) acts on a chosen target as its {word}, not {given}"
                expected = one_of(targets) if targets else "a choice's name: choose NAME from SOURCE, then NAME here"
            elif kind in ("number", "kind") and bare in targets or kind == "number" and (arg.data == "string" or bare in WORDS) \
                    or kind in ("colour", "kind") and arg.data == "number":
                problem = f"{name}(…) takes {what} as its {word}, not {given}"
                expected = {"number": "a formula such as 2, tiles * 2 or a chosen target's data (stake.count)",
                            "kind": 'a kind written out, as in "wormhole"', "colour": "red, or a chosen colour"}[kind]
            else:
                continue
            fine = False
            first, last = _columns(arg)
            _report_formula(defs, block, path, FormulaError("", first, last - first, expected=expected), problem)
    return fine


def _columns(node) -> tuple[int, int]:
    """Where a formula's subtree starts and ends (columns in the formula, the end past its last)."""
    from lark import Token

    tokens = [node] if isinstance(node, Token) else list(node.scan_values(lambda v: isinstance(v, Token)))
    return tokens[0].column, tokens[-1].end_column


def _text(node) -> str:
    """A formula's subtree written back (for messages): its tokens, joined."""
    from lark import Token

    if isinstance(node, Token):
        return str(node)
    return " ".join(str(t) for t in node.scan_values(lambda v: isinstance(v, Token)))


def _arity(shape: str) -> tuple[int, int]:
    """The fewest and most arguments of an effect's shape: ``mineral(COLOUR[, COUNT])`` → (1, 2)."""
    inside = shape[shape.index("(") + 1 : shape.index(")")]
    required = inside.split("[")[0]
    low = len([a for a in required.split(",") if a.strip()])
    return low, low + inside.count("[")
