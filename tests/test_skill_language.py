"""The skill language (docs/skill-language.md): triggers on events with their data, limits, effect
shapes — each misuse a diagnostic at its place with the list of what is allowed."""
from test_dsl import diagnostics

from trian_script import Game, load_ruleset


def test_a_trigger_reads_only_what_its_event_carries(tmp_path):
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          on battle-wonn -> minerals(1)
          on area-closed where colour == red -> credits(tiles)
          on area-closed where kind == nebula -> credits(tiles)
        }
    """)
    by_line = {d.position.line: d for d in diags}
    assert by_line[2].code == "TS306" and by_line[2].hint == "did you mean 'battle-won'?"
    assert "area-closed" in by_line[2].expected
    assert by_line[3].message == "event 'area-closed' does not carry 'colour'"
    assert (by_line[3].position.column, by_line[3].position.end_column) == (24, 30)
    assert "the event's data (closer, controller, emissaries, extractors, kind, planets, tiles)" in by_line[3].expected
    assert 4 not in by_line


def test_limits_and_effect_shapes_are_checked(tmp_path):
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          on area-closed where kind == nebula once per round -> credits(tiles)
          action extraction "x" once per turn -> discard(red, 1, 2)
          action extraction "y" -> credits
          action extraction "z" -> 5
          action clash "w" once per clash if minerals.red >= 1 and param("ship.move") > 1 -> discard(red), roll-bonus(1)
          action extraction "v" if credits(2) -> pay(1)
        }
    """)
    by_line = {d.position.line: d for d in diags}
    assert by_line[2].message == "unknown limit 'once per round'"
    assert by_line[2].expected == "one of once per clash, once per game, once per turn"
    assert by_line[3].message == "discard takes 1 to 2 arguments, not 3"
    assert by_line[3].expected == "discard(COLOUR[, COUNT]) (to the bag)"
    assert by_line[4].message.startswith("'credits' is not an effect") and "credits(AMOUNT)" in by_line[4].expected
    assert by_line[5].message.startswith("'5' is not an effect")
    assert 6 not in by_line
    assert by_line[7].message == "unknown function 'credits'"  # a condition calls no effect


def test_skills_are_compiled_once_when_the_ruleset_loads(monkeypatch):
    import random

    import trian_script.dsl.expressions as expressions
    import trian_script.games.new_order.skills as skills

    ruleset = load_ruleset("new_order")
    warcry = ruleset.skills["warcry"].actions[0]
    assert warcry.limit == "clash" and all(e.late for e in warcry.effects)

    def play(game, r):
        while not game.is_over:
            options = game.decision.options
            game.choose(options[r.randrange(len(options))])
        return game

    seats, races = ["red", "blue"], {"red": "borf-naree", "blue": "arvori"}
    play(Game(ruleset, seats, 1, races=races), random.Random(1))  # the ruleset's own formulas are cached on first use
    parsed = []
    parse = expressions.lark_parser

    def counting():
        parsed.append(1)
        return parse()

    monkeypatch.setattr(expressions, "lark_parser", counting)
    game = play(Game(ruleset, seats, 1, races=races), random.Random(1))
    fired = sum(owned.used[s] for owned in game.skills.owned.values()
                for s in ("gain-more-from-nebulas", "gain-more-from-systems", "minerals-gatherer"))
    assert fired and parsed == []


def test_races_show_explains_each_skill_from_its_definition():
    from trian_script.content_races import describe_race

    text = describe_race("new_order", "xemh")
    assert ('- before the dice of a clash, you may "spend 1 red mineral for +1", if minerals.red ≥ 1, '
            'once per clash: return 1 red mineral(s) to the bag, then add 1 to your roll (option: use warcry)') in text
    assert "- when you close an area and kind is nebula and (controller is you or controller is none): gain tiles¢" in text
    assert "- your ship.move +1" in text
    assert ("- each of your gauss-cannon tokens on the board acts on every ship in its field "
            "(param(\"gauss-cannon.field-of-fire\")), until an exmitter reaches it: send ship back to its owner's "
            "supply, then if ship.player is not you, draw param(\"gauss-cannon.minerals\") random mineral(s)") in text
    assert "- the rest is Python (khaarquar:SlaveMinion)" in describe_race("new_order", "khaarquar")
    assert ('- at the start of your turn, before anything else in phase 1, you must take one upkeep option per '
            'target: "adapt {unit} return", choosing unit among own-units() where unit.exmitted, once per turn for '
            'each unit: send unit back to your supply') in describe_race("new_order", "volkharnian")


def test_choices_take_targets_from_known_sources(tmp_path):
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          action exploration "bet {stake}" choose stake from mineral-set(2) -> discard(stake)
          action exploration "bet {stak}" choose stake from mineral-sets(2) -> discard(stake)
          action exploration "go {unit} {to}" choose unit from movable-units() choose to from teleport-targets(unit) where to.port -> teleport(unit, to)
          action exploration "ok {stake}" once per turn choose stake from mineral-sets(2) where stake.count == 2 if minerals >= 2 -> discard(stake), when(roll() >= 4, minerals(2 * stake.count))
        }
    """)
    by_line = {d.position.line: d for d in diags}
    assert by_line[2].message == "'mineral-set(2)' is not a source of targets"
    assert by_line[2].hint == "did you mean 'mineral-sets'?" and "teleport-targets(UNIT)" in by_line[2].expected
    assert by_line[3].message == "the label names '{stak}', which is not a choice"
    assert by_line[4].message == "unknown name 'to.port' in formula" and by_line[4].hint == "did you mean 'to.outpost'?"
    assert 5 not in by_line


def write_race(folder, race: str, skills: str, tokens: str = "") -> None:
    """A test race in a file of its own: the skills written in ``skills`` (and ``token`` blocks),
    active from the start; the shipped universal skills on its modules."""
    import re
    import textwrap

    active = ", ".join(re.findall(r"^skill (\S+)", textwrap.dedent(skills), re.M))
    (folder / f"{race}.trian").write_text(textwrap.dedent(f"""
        race {race} "{race.title()}" {{
          colour = red
          text = "a test race"
          active = [{active}]
          module 1: gain-more-from-nebulas / a-set-of-minerals
          module 2: gain-more-from-nebulas / a-set-of-minerals
          module 3: gain-more-from-nebulas / a-set-of-minerals
          {tokens}
        }}
    """) + textwrap.dedent(skills), encoding="utf-8")


SPRINTERS = """
    skill rich-engines "Rich engines" {
      text = "your ships move 1 further while you have 15 credits or more"
      modify ship.move += 1 while credits >= 15
    }
    skill battle-rush "Battle rush" {
      text = "after you win a battle, minerals cost 2 less until your next turn begins"
      modify cost.mineral -= 2 from battle-won until turn-begin
      on battle-won where param("cost.mineral") == 4 -> credits(1)
    }
    skill head-start "Head start" {
      text = "an exchange gives 2 minerals until you first close an area"
      modify exchange.take = 2 until area-closed
    }
"""


def test_a_change_for_a_while(tmp_path):
    """Durations: ``while CONDITION`` (read whenever the value is), ``from EVENT until EVENT`` and
    ``until EVENT`` (the owner's events); copies and pickles keep where each change stands, and
    what the game worked out from a parameter (a ship's rules) follows it."""
    import pickle


    from trian_script.games.new_order.skill_words import skill_words

    write_race(tmp_path, "sprinters", SPRINTERS)
    ruleset = load_ruleset("new_order", [tmp_path])
    game = Game(ruleset, ["red", "blue"], 1, races={"red": "sprinters", "blue": "xemh"})
    red = game.player("red")

    def rules():  # how far red's Corvettes move, as the game keeps it between decisions
        return game.skills.derived("red", ("ship-rules", "corvette"), game._ship_rules, "red", "corvette")[0]

    assert (red.credits, rules(), game.param("cost.mineral", "red"), game.param("exchange.take", "red")) == (10, 3, 6, 2)
    red.credits = 15
    assert rules() == 4 and game.param("ship.move", "blue") == 3
    red.credits = 14
    assert rules() == 3
    game.emit("battle-won", "blue", battle="ships", winner="blue", loser="red", unit="corvette")
    assert game.param("cost.mineral", "red") == 6  # another player's win starts nothing
    game.emit("battle-won", "red", battle="ships", winner="red", loser="blue", unit="corvette")
    assert game.param("cost.mineral", "red") == 4
    assert red.credits == 15  # the trigger on the same event saw the change begun
    copied, unpickled = game.copy(), pickle.loads(pickle.dumps(game))
    game.emit("turn-begin", "red", player="red")
    assert game.param("cost.mineral", "red") == 6
    assert copied.param("cost.mineral", "red") == unpickled.param("cost.mineral", "red") == 4
    game.emit("area-closed", "red", kind="nebula", tiles=2, emissaries=0, extractors=0, planets=0,
              controller="none", closer="red")
    game.emit("turn-begin", "red", player="red")
    assert game.param("exchange.take", "red") == 1  # ``until`` alone: gone for good
    words = {s.name: skill_words(s) for s in ruleset.skills.values() if s.name in ("rich-engines", "battle-rush")}
    assert words["rich-engines"] == ["your ship.move +1 while credits ≥ 15"]
    assert words["battle-rush"][0] == "your cost.mineral −2, from when you win a battle until your turn begins"


def test_battles_clashes_and_turn_ends_are_events(tmp_path):
    """``battle-begin`` (each player in a battle; a ship battle's attacker), ``clash-end`` (each
    player of a clash, with ``won``, ``total`` and ``winner``) and ``turn-end``: emitted where the
    game fights and ends turns, heard by triggers with their data."""
    import random

    write_race(tmp_path, "watchers", """
        skill on-guard "On guard" {
          text = "a battle of yours begins"
          on battle-begin where battle == "ships" or battle == "emissaries" -> credits(0)
        }
        skill winners "Winners" {
          text = "a clash you win"
          on clash-end where won and winner == owner and total >= 1 -> credits(0)
        }
        skill night-watch "Night watch" {
          text = "your turn ends"
          on turn-end where player == owner -> credits(0)
        }
    """)
    ruleset = load_ruleset("new_order", [tmp_path])
    totals = {"battle-begin": 0, "clash-end": 0}
    for seed in range(6):
        game = Game(ruleset, ["red", "blue", "green", "yellow"], seed, races={"red": "watchers"})
        seen, emit = {"battle-begin": 0, "clash-end": 0, "turn-end": 0, "turn-begin": 0, "clashes": 0}, game.emit

        def heard(event, subject, **data):
            if subject == "red" and event in seen and (event != "clash-end" or data["won"]):
                seen[event] += 1
            if event == "clash-end":
                seen["clashes"] += 1  # one per player of each clash
            emit(event, subject, **data)

        game.emit = heard
        rnd = random.Random(seed)
        while not game.is_over:
            options = game.decision.options
            game.choose(options[rnd.randrange(len(options))])
        used = game.skills.owned["red"].used
        assert used["on-guard"] == seen["battle-begin"] and used["winners"] == seen["clash-end"]
        # every turn of red's that began ended (the first began as the game was made, unheard here)
        assert used["night-watch"] == seen["turn-end"] > 0
        assert seen["turn-end"] - seen["turn-begin"] == (game.turn_order[0] == 0 if game.turn_order else 0)
        # every clash the game wrote down (``clash: red 5, blue 3 …``) told each of its players
        clashes = [n.split("clash:")[1].split("→")[0] for n in game.notes if n.startswith("  clash:")]
        assert seen["clashes"] == sum(len(c.split(",")) for c in clashes)
        totals = {k: totals[k] + seen[k] for k in totals}
    assert totals["battle-begin"] and totals["clash-end"]


def test_a_choice_among_areas(tmp_path):
    """``areas()``: every nebula, system and outer space on the board, by its first tile and part,
    with what a condition reads of it (kind, closed, tiles, controller…); an option per area the
    condition allows, which the effects read."""
    import random
    import re

    write_race(tmp_path, "surveyors", """
        skill survey "Survey" {
          text = "once per turn, besides the action: 1 credit per tile of a closed nebula you control"
          action exploration-free "survey {area}" once per turn \\
            choose area from areas() where area.kind == nebula and area.closed and area.controller == owner \\
            -> credits(area.tiles)
        }
    """)
    ruleset = load_ruleset("new_order", [tmp_path])
    surveyed = 0
    for seed in range(8):
        game, rnd = Game(ruleset, ["red", "blue"], seed, races={"red": "surveyors"}), random.Random(seed)
        while not game.is_over:
            options = game.decision.options
            mine = {}  # what the rules say red may survey now: closed nebulas red controls
            if game.decision.player == "red" and game.phase == "exploration" and game.waiting is None:
                for area in game.board.areas():
                    if area.kind == "nebula" and area.closed and game.controller(area) == "red":
                        mine[min(area.tiles)] = len(area.tiles)
            offered = [o for o in options if o.startswith("survey ")]
            cells = {tuple(int(n) for n in re.search(r"@\(([^)]*)\)", o).group(1).split(",")) for o in offered}
            used = game.skills.owned["red"].spans[("turn", "survey", "action", 0)]
            assert cells == (set() if used else set(mine))  # once per turn
            if offered and rnd.random() < 0.5:
                cell = tuple(int(n) for n in re.search(r"@\(([^)]*)\)", offered[0]).group(1).split(","))
                before = game.player("red").credits
                game.choose(offered[0])
                assert game.player("red").credits == before + mine[cell]
                surveyed += 1
                continue
            game.choose(options[rnd.randrange(len(options))])
    assert surveyed


def test_an_area_of_effect_with_a_radius(tmp_path):
    """``field 2``: a token acts on every piece within 2 edge steps (placed tiles or not). After
    every choice of random games no enemy ship stands in a Beacon's field, and some were sunk from
    2 steps away."""
    write_race(tmp_path, "lighthouse", """
        token beacon "Beacon" {
          text = "Lighthouse keepers: sinks enemy ships within 2 tiles"
          fixed = true
        }
        skill beacons "Beacons" {
          text = "as the action, place a Beacon on the tile just added; an enemy ship within 2 tiles goes home"
          action exploration "place beacon {tile}" choose tile from new-tile() where not token-on(tile, "beacon") \\
            if special.beacon >= 1 -> place("beacon", tile)
          area beacon field 2 on enter ship where ship.player != owner -> destroy(ship)
        }
    """, tokens="tokens = {beacon: 2}")
    assert sunk_from_afar(load_ruleset("new_order", [tmp_path]), lambda game: 2, lambda game, options: None)


def sunk_from_afar(ruleset, reach, pick) -> int:
    """Plays 8 games in which red has Beacons (``pick(game, options)``: an option red wants, else
    None for a random one): after every choice no enemy ship stands within ``reach(game)`` of a
    Beacon, and each ship a Beacon sank stood within its reach. Returns how many stood further
    than 1 step."""
    import random
    import re

    from trian_script.games.new_order.skills import field_cells

    far = 0
    for seed in range(8):
        game, rnd = Game(ruleset, ["red", "blue", "green", "yellow"], seed, races={"red": "lighthouse"}), random.Random(seed)
        while not game.is_over:
            options = game.decision.options
            wanted = pick(game, options)
            game.choose(wanted if wanted is not None else options[rnd.randrange(len(options))])
            for beacon in game.tokens_of("red", "beacon"):
                assert not [c for c in field_cells(game, beacon.cell, reach(game))
                            if c in game.ships and game.ships[c].player != "red"]
        for note in game.notes:
            acted = re.match(r"red's beacon at (\S+) acts on \S+ \S+ at (\S+)", note)
            if acted:
                beacon, ship = (tuple(int(n) for n in x.strip("()").split(",")) for x in acted.groups())
                assert ship in field_cells(game, beacon, 2)
                far += ship not in field_cells(game, beacon, 1)
    return far


def test_an_area_field_read_from_a_parameter_follows_its_changes(tmp_path):
    """``field param("beacon.reach")``: the field is kept with the owner's parameters, and a module
    that changes the parameter widens it at once. After every choice of random games no enemy ship
    stands within the owner's reach of a Beacon, and some were sunk from 2 steps away after the
    module was unlocked."""
    import textwrap

    (tmp_path / "lighthouse.trian").write_text(textwrap.dedent("""
        race lighthouse "Lighthouse" {
          colour = red
          text = "a test race"
          active = [beacons]
          module 1: brighter / a-set-of-minerals
          module 2: gain-more-from-nebulas / a-set-of-minerals
          module 3: gain-more-from-nebulas / a-set-of-minerals
          tokens = {beacon: 2}
        }
        token beacon "Beacon" {
          text = "sinks enemy ships in its reach"
          fixed = true
        }
        skill beacons "Beacons" {
          text = "as the action, place a Beacon on the tile just added; an enemy ship in its reach goes home"
          parameters = {beacon.reach: 1}
          action exploration "place beacon {tile}" choose tile from new-tile() where not token-on(tile, "beacon") \\
            if special.beacon >= 1 -> place("beacon", tile)
          area beacon field param("beacon.reach") on enter ship where ship.player != owner -> destroy(ship)
        }
        skill brighter "Brighter" {
          text = "the Beacons reach 1 tile further"
          modify beacon.reach += 1
        }
        variant free-modules "Modules for nothing" extends new_order {
          evolution.racial = 0
        }
    """), encoding="utf-8")
    def pick(game, options):  # red places a Beacon when it can, and widens its field once one stands
        return next((o for o in options if str(o).startswith("place beacon") or game.tokens_of("red", "beacon")
                     and str(o) == "unlock module 1 racial brighter"), None)

    assert sunk_from_afar(load_ruleset("free-modules", [tmp_path]), lambda game: game.param("beacon.reach", "red"), pick)


def test_a_word_does_not_change_a_number(tmp_path):
    """``modify transporter.cost -= edge-or-corner`` stopped the game in play; a word may change a
    word (``battle.tie = win``) or a list (``ship.passes += gas``), never a number."""
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          modify transporter.cost -= edge-or-corner
          modify ship.move = win
          modify ship.passes += gas
          modify battle.tie = win
          modify units.emissaries += 1
        }
    """)
    assert [(d.position.line, d.message) for d in diags] == [
        (2, "'edge-or-corner' is a word: transporter.cost is a number"), (3, "'win' is a word: ship.move is a number")]


def test_a_change_for_a_while_is_checked(tmp_path):
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          modify ship.move += 1 from battle-wonn until turn-begins
          modify ship.move += 1 while credit >= 10
          modify ship.move += 1 while minerals.red >= 2 and param("ship.move") < 5 from battle-won
        }
    """)
    by_line: dict = {}
    for d in diags:
        by_line.setdefault(d.position.line, []).append(d)
    assert [d.message for d in by_line[2]] == ["unknown event 'battle-wonn' after 'from'",
                                              "unknown event 'turn-begins' after 'until'"]
    assert by_line[2][0].hint == "did you mean 'battle-won'?" and "turn-begin" in by_line[2][1].expected
    assert by_line[3][0].message == "unknown name 'credit' in formula" and by_line[3][0].hint == "did you mean 'credits'?"
    assert 4 not in by_line


def test_a_choice_that_can_never_have_a_target_is_reported(tmp_path):
    """A source given nothing to list, a count below 1, a condition that holds for no target, a
    token kind the game has not: the action would never be offered (or never find its token)."""
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          action exploration "say {word}" choose word from words() -> credits(1)
          action exploration "bet {stake}" choose stake from mineral-sets(0) -> discard(stake)
          action exploration "go {to}" choose to from tiles() where 1 > 2 -> credits(1)
          action exploration "hop {t}" choose t from tokens("wormhol") -> credits(1)
          action exploration "put {p}" choose p from tiles() where not token-on(p, "wormhole") -> place("wormhole", p)
          on area-closed -> credits(tiles / 0)
          action exploration "ok {c}" choose c from colours-owned(red) where 2 > 1 -> discard(c)
        }
    """)
    by_line = {d.position.line: d for d in diags}
    assert by_line[2].message == "words() lists nothing: the choice 'word' never has a target"
    assert by_line[2].expected == "words(WORD, …), with at least one"
    assert by_line[3].message == "mineral-sets with a count of 0 lists nothing: the choice 'stake' never has a target"
    assert by_line[4].message == "the condition '1 > 2' never holds: the choice 'to' never has a target"
    assert (by_line[4].position.column, by_line[4].position.end_column) == (61, 66)
    assert by_line[5].message == "unknown special token 'wormhol'" and by_line[5].hint == "did you mean 'wormhole'?"
    assert "gravity-bomb" in by_line[5].expected and by_line[5].position.column == 53
    assert 6 not in by_line
    assert by_line[7].message == "'credits(tiles / 0)' divides by zero"
    assert 8 not in by_line


def test_a_parameter_read_by_name_is_known(tmp_path):
    """``param("decoy.mov")`` was a KeyError in play; now it is reported with the nearest name."""
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          parameters = {fan.bonus: 2}
          action exploration "x" if param("decoy.mov") > 1 -> credits(param("fan.bonus") + param("ship.move"))
        }
    """)
    assert [(d.message, d.hint, d.position.column) for d in diags] == [
        ("unknown parameter 'decoy.mov'", "did you mean 'decoy.move'?", 35)]


def test_each_argument_is_of_its_kind(tmp_path):
    """An effect, a source or a value given an argument of the wrong kind (a word where it acts on a
    chosen target, a target where it counts, a word where numbers are compared) stopped the game in
    play; each is a diagnostic at its place, with what fits there."""
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          action exploration "p {tile}" choose tile from new-tile() -> teleport("exmitter", tile)
          action exploration "x {colour}" choose colour from colours-owned(red) -> discard(colour, colour)
          action exploration "m {bomb} {to}" choose bomb from tokens("gravity-bomb") choose to from token-moves(0, 1) -> move-token(bomb, to)
          action exploration "n {u} {t}" choose u from own-units() choose t from teleport-targets(u) where steps(t, "x") < 2 -> teleport(u, t)
          action exploration "a" if owner >= param("ship.move") -> credits("two")
          on area-closed where kind > 1 -> destroy(tiles)
          area gauss-cannon field edge on enter ship -> destroy(ship), minerals(ship)
          action exploration "ok {stake}" choose stake from mineral-sets(2) where stake.count >= 2 -> discard(stake), credits(stake.count)
          action exploration "v {tile}" choose tile from new-tile() -> enemy-station(tile, owner)
          action exploration "r {stake}" choose stake from mineral-sets(new-tile()) -> discard(stake)
          action exploration "s {t}" choose t from tiles() where token-on(t) -> when(steps(t, t) > 1, credits(1))
          action exploration "h {m}" choose m from units(system) -> send-home(m)
          action exploration "d {c}" choose c from colours-owned(red) -> discard(c, system), credits(param("minerals"))
        }
    """)
    by_line: dict = {}
    for d in diags:
        by_line.setdefault(d.position.line, []).append(d.message)
    assert by_line == {
        2: ["teleport(…) acts on a chosen target as its UNIT, not '\"exmitter\"'"],
        3: ["discard(…) takes a number as its COUNT, not the chosen target 'colour'"],
        4: ["token-moves(…) acts on a chosen target as its TOKEN, not '0'"],
        5: ["steps(…) acts on a chosen target as its TARGET, not '\"x\"'"],
        6: ["'owner' is a word: '>=' compares numbers", "credits(…) takes a number as its AMOUNT, not '\"two\"'"],
        7: ["'kind' is a word: '>' compares numbers", "destroy(…) acts on a chosen target as its PIECE, not 'tiles'"],
        8: ["minerals(…) takes a number as its COUNT, not the chosen target 'ship'"],
        10: ["'enemy-station(tile, owner)' is not an effect: enemy-station(…) gives a value, which a condition reads"],
        11: ["new-tile(…) is a source of targets, not an argument"],
        12: ["token-on takes 2 arguments, not 1"],
        13: ["units(…) takes owner or enemy, not 'system'"],
        14: ["discard(…) takes a number as its COUNT, not 'system'",
             'param("minerals") is no value a formula reads: a table, a list, or unset in the rulesets of skills'],
    }
    teleport = next(d for d in diags if d.position.line == 2)
    assert (teleport.position.column, teleport.position.end_column, teleport.expected) == (73, 83, "tile")


def test_only_an_effect_rolls_the_die(tmp_path):
    """A condition is read whenever options are listed: it may not draw. ``roll()`` in one is a
    diagnostic at its place (it stopped the game at play before); in an effect it rolls."""
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          modify ship.move += 1 while roll() > 3
          action exploration "gamble" if roll() > 3 -> credits(1)
          action exploration "pick {w}" choose w from words("a") where roll() > 2 -> credits(1)
          on area-closed where roll() > 3 -> credits(1)
          action exploration "bet" -> when(roll() > 3, credits(1))
        }
    """)
    by_line = {d.position.line: d for d in diags}
    assert sorted(by_line) == [2, 3, 4, 5]
    assert by_line[3].message.startswith("roll() only in an effect") and by_line[3].position.column == 34
    assert by_line[3].expected == "an effect such as when(roll() >= 4, credits(2))"


def test_what_validation_allows_is_bound_in_play():
    """Every function a skill's effect or condition may call (what ``trian validate`` accepts) is
    there when it runs: none is a KeyError in play."""
    from trian_script.games.new_order.skills import (CONDITION_VALUES, EFFECTS, VALUES, _owner_functions,
                                                     effect_functions)

    game = Game(load_ruleset("new_order"), ["red", "blue"], 1, races={"red": "xemh"})
    skill = game.skills.owned["red"].skills[0]
    assert set(EFFECTS) | set(VALUES) <= set(effect_functions(game, "red", skill))
    assert set(CONDITION_VALUES) <= set(_owner_functions(game, "red"))


def test_every_event_carries_the_data_a_condition_may_read():
    """What ``trian validate`` lets a trigger's condition read of an event (``EVENTS``) is in every
    event the game emits, in random games with races on every seat: a condition never meets a
    KeyError in play (``unit-moved`` without ``teleported``, ``module-unlocked`` without ``player``
    were such holes)."""
    import random

    from trian_script.games.new_order.skills import EVENTS

    ruleset, seats, short, heard = load_ruleset("new_order"), ["red", "blue", "green", "yellow"], set(), set()
    for seed, races in enumerate([("xemh", "sslyx", "arvori", "volkharnian"), ("khaarquar", "maephos", "quuylto", "borf-naree")] * 3):
        game, rnd = Game(ruleset, seats, seed, races=dict(zip(seats, races))), random.Random(seed)
        emit = game.emit

        def check(event, subject, **data):
            if event in EVENTS:
                heard.add(event)
                short.update((event, key) for key in EVENTS[event][1] if key not in data)
            emit(event, subject, **data)

        game.emit = check
        while not game.is_over:
            options = game.decision.options
            game.choose(options[rnd.randrange(len(options))])
    assert not short
    assert heard == set(EVENTS)


def test_a_formula_that_fails_in_play_names_its_skill(tmp_path, capsys):
    """A formula no check can see fail (a divisor that is 0 in play) stops the game with the skill
    and the action named: the designer knows where to look."""
    import pytest

    from trian_script.dsl.loader import load
    from trian_script.engine.ruleset import load_ruleset as load_named

    write_race(tmp_path, "zorg", """
        skill zap "Zap" {
          text = "x"
          action extraction "zap" if credits / (turn - turn) > 1 -> credits(1)
        }
    """)
    defs = load([tmp_path])
    assert not defs.report, defs.report.render()
    game = Game(load_named("new_order", defs=defs), ["red", "blue"], 1, races={"red": "zorg"})
    with pytest.raises(ZeroDivisionError) as failure:
        game.decision
    assert failure.value.__notes__ == ["skill zap: its extraction action 'zap'"]
    from trian_script.cli import main

    assert main(["play", "--players", "2", "--race", "red=zorg", "--content", str(tmp_path)]) == 1
    assert "division by zero\n  in skill zap: its extraction action 'zap'\n" in capsys.readouterr().err


def test_the_guides_custom_race_plays_without_python(tmp_path):
    """docs/race-guide.md's race: a new piece kind (a ship that gathers and moves 4), a trigger on
    its moves limited to once per turn, a limited action — as written on the page."""
    import random
    import re
    from pathlib import Path

    from trian_script.dsl.loader import load
    from trian_script.engine.ruleset import load_ruleset as load_named

    guide = (Path(__file__).parent.parent / "docs" / "race-guide.md").read_text(encoding="utf-8")
    text = re.search(r"```trian\n(.*?)```", guide, re.S).group(1)
    (tmp_path / "drift-folk.trian").write_text(text, encoding="utf-8")
    assert "plugin" not in text
    defs = load([tmp_path])
    assert not defs.report, defs.report.render()
    ruleset = load_named("new_order", defs=defs)
    seen_expedition = moved = 0
    for seed in range(12):
        game = Game(ruleset, ["red", "blue"], seed, races={"red": "drift-folk", "blue": "quuylto"})
        assert game.player("red").supply["drifters"] == 1 and game.has_property("drifter", "gathers")
        r = random.Random(seed)
        while not game.is_over:
            options = list(game.decision.options)
            wanted = [o for o in options if o.startswith("expedition drifter")] or \
                [o for o in options if o.startswith("move ship") and game.decision.player == "red"]
            choice = wanted[0] if wanted and r.random() < 0.7 else options[r.randrange(len(options))]
            seen_expedition += choice.startswith("expedition drifter")
            game.choose(choice)
        moved += game.skills.owned["red"].used["drift-folk-wanderers"]
    assert seen_expedition and moved


def test_a_piece_claims_only_the_games_properties(tmp_path):
    diags = diagnostics(tmp_path, """
        piece glider "Glider" is ship, flies {
          moves = 2
        }
        piece rock "Rock" is gathers {
        }
        race gliders "Gliders" {
          active = [a-set-of-minerals, gain-more-from-nebulas]
          module 1: gain-more-from-nebulas / gain-more-from-nebulas
          pieces = {glidr: 1}
        }
    """)
    by_line = {d.position.line: d for d in diags}
    assert by_line[1].message == "piece 'glider' claims property 'flies', which the game does not define"
    assert "armed" in by_line[1].expected and "gathers" in by_line[1].expected
    assert by_line[4].message == "piece 'rock' is no ship: a race's pieces are ships (for now)"
    assert by_line[9].message == "unknown piece 'glidr'" and by_line[9].hint == "did you mean 'glider'?"


def test_trian_new_race_starts_from_a_piece_a_trigger_and_a_limited_action(tmp_path):
    import random

    from trian_script.content_races import new_race_file
    from trian_script.dsl.loader import load
    from trian_script.engine.ruleset import load_ruleset as load_named

    text = new_race_file("star-fans", tmp_path).read_text(encoding="utf-8")
    assert 'piece star-fans-runner "Runner" is ship, gathers' in text
    assert 'on unit-moved where unit == "star-fans-runner" once per turn -> minerals(1)' in text
    assert "action extraction \"sell 2 yellow minerals for 9¢\" once per turn" in text
    assert "\nplugin" not in text and "  plugin" not in text
    defs = load([tmp_path])
    assert not defs.report, defs.report.render()
    game = Game(load_named("new_order", defs=defs), ["red", "blue"], 5, races={"red": "star-fans"})
    r = random.Random(5)
    while not game.is_over:
        options = game.decision.options
        game.choose(options[r.randrange(len(options))])
    assert game.player("red").supply["star-fans-runners"] in (0, 1)


def test_ship_like_tokens_words_are_checked(tmp_path):
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          action evade "flee {stake}" choose stake from mineral-sets(2) if token.refuge -> discard(stake), evade(token)
          action exploration "flee" if token.refuge -> evade(token)
          action exploration "go {to}" choose to from ship-moves(3) -> gather(to, 2, edge-or-corner)
          action exploration "go {to}" choose to from ship-move(to, 3) -> pay(1)
          action exploration "settle {part}" choose part from settle-places(part) -> settle(part)
          action exploration "gather" choose t from tokens("x") -> gather(t, 2, everywhere)
        }
    """)
    by_line = {}
    for d in diags:
        by_line.setdefault(d.position.line, []).append(d)
    assert 2 not in by_line  # an evade action reads the attacked token
    assert any(d.message == "unknown name 'token.refuge' in formula" for d in by_line[3])  # only there
    assert "token.refuge" not in by_line[3][0].expected
    assert by_line[4][0].message == "ship-moves takes 2 arguments, not 1"
    assert by_line[5][0].code == "TS306" and by_line[5][0].hint == "did you mean 'ship-moves'?"
    assert "ship-moves(TOKEN, STEPS)" in by_line[5][0].expected
    assert any(d.message == "settle takes 2 arguments, not 1" for d in by_line[6])
    assert any(d.message == "unknown name 'everywhere' in formula" and "edge-or-corner" in d.expected
               for d in by_line[7])
    phase, = diagnostics(tmp_path, 'skill fan "Fan" {\n  action evadde "x" -> pay(1)\n}')
    assert "evade" in phase.expected and phase.hint == "did you mean 'evade'?"


def test_a_construction_skill_is_checked(tmp_path):
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          action exploration "build {place}" choose place from constructions() -> build(place, "space-station")
          action exploration "build2 {place}" choose place from constructions() -> build(place, "space-statoin")
          action exploration "build3 {place}" choose place from constructions(2) if stations-left > 0 -> build(place)
          action exploration "build4 {place}" choose place from constructions() where place.floor == 1 if space-stations-left >= 1 -> build(place, "research-station")
        }
    """)
    by_line = {}
    for d in diags:
        by_line.setdefault(d.position.line, []).append(d)
    assert 2 not in by_line
    assert by_line[3][0].message == "unknown station level 'space-statoin'"
    assert by_line[3][0].hint == "did you mean 'space-station'?"
    messages = {d.message for d in by_line[4]}
    assert "constructions takes 0 arguments, not 1" in messages and "build takes 2 arguments, not 1" in messages
    assert "unknown name 'stations-left' in formula" in messages
    assert any("place.floor" in d.message and d.hint == "did you mean 'place.cell'?" for d in by_line[5])


def test_an_upkeep_limited_for_each_target_is_checked(tmp_path):
    diags = diagnostics(tmp_path, """
        skill fan "Fan" {
          action upkeep "keep {unit}" once per turn for unit choose unit from own-units() where unit.exmitted -> pay(1)
          action upkeep "keep {unit}" once per turn for units choose unit from own-units() -> send-home(unit)
          on turn-begin once per turn for unit -> credits(1)
          action upkeep "keep {unit}" once per round for unit choose unit from own-units() -> send-home(unit, 2)
        }
    """)
    by_line = {}
    for d in diags:
        by_line.setdefault(d.position.line, []).append(d)
    assert 2 not in by_line
    assert by_line[3][0].message == "'once per turn for units' names no choice"
    assert by_line[3][0].expected == "unit" and by_line[3][0].hint == "did you mean 'unit'?"
    assert by_line[4][0].expected == "a choice: choose NAME from SOURCE"
    messages = {d.message for d in by_line[5]}
    assert "unknown limit 'once per round'" in messages and "send-home takes 1 argument, not 2" in messages


TWICE = """\
race twice "Twice" {
  colour = green
  text = "a race for the uses-this-turn tests"
  active = [tip, pick]
  module 1: ice-cell / gain-more-from-nebulas
  module 2: priceless-technology / a-set-of-minerals
  module 3: quantum-harmonic-oscillator / gain-more-from-systems
}

skill tip "Tip" {
  text = "twice a turn in phase 1, +1 credit"
  when = "phase 1"
  action extraction "tip" if uses-this-turn < 2 -> credits(1)
}

skill pick "Pick" {
  text = "once a turn in phase 1, +1 credit per mineral of a colour you hold"
  when = "phase 1"
  action extraction "pick {colour}" choose colour from colours-owned(red, blue) where uses-this-turn < 1 \\
    -> credits(colour.count)
}
"""


def test_uses_this_turn_counts_the_uses_of_that_action_only(tmp_path):
    """docs/skill-language.md: ``uses-this-turn`` in a condition counts an action's uses in the
    current turn (every action listed for a decision shares one environment of its owner, the
    count is each action's own)."""
    (tmp_path / "twice.trian").write_text(TWICE, encoding="utf-8")
    game = Game(load_ruleset("new_order", [tmp_path]), ["red", "blue"], 1, races={"red": "twice", "blue": "xemh"})

    def offered():
        return [o for o in game.decision.options if o.startswith(("use tip", "pick "))]

    assert (game.decision.player, game.phase) == ("red", "extraction") and offered() == ["use tip"]
    game.choose("buy mineral red")
    assert offered() == ["use tip", "pick red"]
    game.choose("use tip")
    assert offered() == ["use tip", "pick red"]
    game.choose("use tip")
    assert offered() == ["pick red"]  # tip twice; pick not yet, whatever tip's count
    credits = game.player("red").credits
    game.choose("pick red")
    assert offered() == [] and game.player("red").credits == credits + 1
