"""Structured options: each decision's options as Option(kind, args, text), the same texts as
``decision.options``; texts written when read; choose takes an Option or its text."""
from __future__ import annotations

import random

from trian_script import Game, load_ruleset
from trian_script.engine.options import Option, Options, Structured, read_option, with_more


def test_structured_options_agree_with_texts_over_whole_games():
    for name, seed in (("new_order", 1), ("beginner", 2), ("with-ships", 3)):
        game, rnd = Game(load_ruleset(name), ["red", "blue", "green"], seed), random.Random(seed)
        while not game.is_over:
            decision = game.decision
            structured = list(decision.structured)
            assert [o.text for o in structured] == list(decision.options)
            assert all(o.kind and isinstance(o.args, tuple) for o in structured)
            assert all(text in decision.options for text in decision.options[:5])
            pick = structured[rnd.randrange(len(structured))]
            game.choose(pick if rnd.random() < 0.5 else pick.text)  # choose takes either


def test_placements_are_structured_and_not_written_until_read():
    game = Game(load_ruleset("beginner"), ["red", "blue"], 3)
    game.choose("end extraction")
    game.choose("draw 1")
    options = game.decision.options
    assert len(options) > 2 and not game._options._texts  # counting them wrote no text
    third = game.decision.structured[2]
    assert third.kind == "place" and third.args[0] in (0, 1) and len(third.args[1]) == 3
    assert third.text == options[2] and options[2] in options
    assert "place T99.1 a @(0,0,1) r0" not in options and "place nonsense" not in options


def test_reading_an_option_text():
    assert read_option("expedition emissary @(0,-1,2) planet") == Option(
        "expedition", ("emissary", (0, -1, 2), "planet"), "expedition emissary @(0,-1,2) planet")
    assert read_option("draw 2") == Option("draw", (2,), "draw 2")


def test_options_and_more_read_both_kinds():
    entries = [(1,), (2,)]
    options = Options(entries, lambda e: f"take {e[0]}", lambda e: (lambda: e[0]),
                      lambda text: (int(text.split()[1]),) if text.startswith(("take ", "grab ")) else None, "take")
    both = with_more(options, {"pass": lambda: "passed"})
    assert list(both) == ["take 1", "take 2", "pass"] and len(both) == 3
    assert "grab 2" in both and "grab 3" not in both and "pass" in both  # the entries' other spellings
    assert both["grab 1"]() == 1 and both["pass"]() == "passed"
    assert [o.kind for o in Structured(both)] == ["take", "take", "pass"]
    assert both.pop("pass")() == "passed" and list(both) == ["take 1", "take 2"]
    assert with_more({"a": 1}, {"b": 2}) == {"a": 1, "b": 2}
