"""The DSL: parsing, definitions, and diagnostics that point at the right text."""
import json
import textwrap
from pathlib import Path

import pytest

from trian_script.dsl.expressions import FormulaError, compile_formula
from trian_script.dsl.loader import load


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def diagnostics(tmp_path, text, name="t.trian"):
    path = write(tmp_path, name, text)
    return load([path]).report.diagnostics


def only(diags, code):
    found = [d for d in diags if d.code == code]
    assert found, f"no {code} in {[d.code + ' ' + d.message for d in diags]}"
    return found


def test_shipped_content_is_clean():
    defs = load()
    assert not defs.report, defs.report.render()
    assert set(defs.blocks["ruleset"]) >= {"new_order", "beginner", "with-ships"}


def test_misspelt_block_keyword_is_located_and_corrected(tmp_path):
    (d,) = diagnostics(tmp_path, """
        tilset fan {
          grid = triangle
        }
    """)
    assert (d.code, d.position.line, d.position.column) == ("TS101", 1, 1)
    assert "did you mean 'tileset'" in d.hint
    assert "'tileset'" in d.expected


def test_every_syntax_error_of_a_file_is_reported(tmp_path):
    diags = diagnostics(tmp_path, """
        tileset x {
          face A = sss sss sss [nebula 0
          feture gas letter: g
          tile T = A / A count
        }
    """)
    assert [(d.code, d.position.line) for d in diags] == [("TS101", 2), ("TS101", 3), ("TS101", 4)]
    assert "did you mean 'feature'" in diags[1].hint
    assert diags[2].expected == "a whole number"


def test_unknown_setting_gets_did_you_mean_and_caret(tmp_path):
    diags = diagnostics(tmp_path, """
        tileset fan extends new_order {
          segmnts = 3
        }
    """)
    (d,) = only(diags, "TS201")
    assert (d.position.line, d.position.column, d.position.end_column) == (2, 3, 10)
    assert d.hint == "did you mean 'segments'?"
    rendered = d.render()
    assert "2 |   segmnts = 3" in rendered and "  |   ^^^^^^^" in rendered


def test_enum_value_and_unknown_reference(tmp_path):
    diags = diagnostics(tmp_path, """
        tileset fan extends new_ordr {
          grid = triangel
        }
    """)
    (d,) = only(diags, "TS203")
    assert d.hint == "did you mean 'triangle'?" and d.position.column == 10


def test_face_mistakes_point_at_the_word(tmp_path):
    diags = diagnostics(tmp_path, """
        tileset fan extends new_order {
          face A = sss sxs sss
          face B = nnn sss sss [nebul: extractor]
          face C = nnn sss sss [nebula: extractr]
          tile T1 = A / Q
        }
    """)
    by_line = {d.position.line: d for d in only(diags, "TS304")}
    assert "unknown segment letter 'x'" in by_line[2].message and by_line[2].position.column == 16
    assert by_line[3].hint == "did you mean 'nebula'?" and by_line[3].position.column == 25
    assert by_line[4].hint == "did you mean 'extractor'?"
    assert "unknown face 'Q'" in by_line[5].message and by_line[5].position.column == 17


def test_extends_must_resolve(tmp_path):
    diags = diagnostics(tmp_path, """
        tileset fan extends new_ordr {
        }
    """)
    (d,) = only(diags, "TS303")
    assert d.hint == "did you mean 'new_order'?" and (d.position.line, d.position.column) == (1, 21)


def test_formula_names_are_checked_with_column(tmp_path):
    diags = diagnostics(tmp_path, """
        variant v extends new_order {
          closing.nebula = (tiles + emisaries) * 2
        }
    """)
    (d,) = only(diags, "TS305")
    assert d.hint == "did you mean 'emissaries'?"
    assert (d.position.line, d.position.column) == (2, 29)


def test_duplicate_names_are_reported(tmp_path):
    diags = diagnostics(tmp_path, """
        tileset fan extends new_order {
          face A = sss sss sss
          face A = nnn sss sss
        }
    """)
    (d,) = only(diags, "TS301")
    assert d.position.line == 3


def test_missing_import_is_reported_at_the_import(tmp_path):
    diags = diagnostics(tmp_path, """
        import "nowhere.trian"
    """)
    (d,) = only(diags, "TS102")
    assert d.position.line == 1


def test_imports_are_followed(tmp_path):
    write(tmp_path, "more.trian", """
        variant mine extends new_order {
          cost.mineral = 5
        }
    """)
    main = write(tmp_path, "main.trian", 'import "more.trian"\n')
    defs = load([main])
    assert not defs.report, defs.report.render()
    assert defs.blocks["ruleset"]["mine"].definition["cost"] == {"mineral": 5}


def test_json_definitions_pass_the_same_schema(tmp_path):
    good = {"kind": "tileset", "name": "js", "extends": "new_order",
            "faces": {"Z": {"edges": ["sss", "sss", "sps"], "regions": [{"kind": "path", "props": {"planet": 1}}]}},
            "tiles": {"J1": {"faces": ["Z", "E"], "count": 2}}}
    path = tmp_path / "t.json"
    path.write_text(json.dumps(good))
    assert not load([path]).report
    bad = dict(good, segmnts=3)
    path.write_text(json.dumps(bad))
    (d,) = load([path]).report.diagnostics
    assert d.code == "TS201" and d.hint == "did you mean 'segments'?"


def test_dsl_and_json_give_the_same_definition(tmp_path):
    dsl = write(tmp_path, "a.trian", """
        tileset same extends new_order {
          face Z = sss sss sps [path: planet*2]
          tile J1 = Z / E count 2
        }
    """)
    from_dsl = load([dsl]).blocks["tileset"]["same"].definition
    assert from_dsl == {"kind": "tileset", "name": "same", "extends": "new_order",
                        "faces": {"Z": {"edges": ["sss", "sss", "sps"],
                                        "regions": [{"kind": "path", "props": {"planet": 2}}]}},
                        "tiles": {"J1": {"faces": ["Z", "E"], "count": 2}}}


def test_invalid_json_is_located(tmp_path):
    path = tmp_path / "t.json"
    path.write_text('{"kind": "tileset",\n "name": }')
    (d,) = load([path]).report.diagnostics
    assert (d.code, d.position.line) == ("TS103", 2)


def test_formulas_compute_and_explain():
    formula = compile_formula("(tiles + emissaries) * (1 + extractors)", {"tiles", "emissaries", "extractors"})
    env = {"tiles": 3, "emissaries": 1, "extractors": 1}
    assert formula(env) == 8
    assert formula.explain(env) == "(3 tiles + 1 emissaries) * (1 + 1 extractors)"
    assert compile_formula("max(1, tiles - 5) >= 2 and not false")({"tiles": 8})


@pytest.mark.parametrize("text", ["__import__('os')", "tiles.__class__", "open(x)", "tiles +"])
def test_formulas_never_run_code(text):
    with pytest.raises(FormulaError):
        compile_formula(text, {"tiles"})


@pytest.mark.parametrize("text", ['"\\") or __import__(\\"os\\").system(\\"true\\") or (\\""',
                                  '"_k0(env)" + "x"', '"env[0]"'])
def test_a_formulas_strings_stay_data(text):
    """A formula becomes one Python function, but its strings are constants, never source."""
    value = compile_formula(text)({})
    assert isinstance(value, str) and ("__import__" in value or "env" in value or "_k0" in value)


@pytest.mark.parametrize("text", ["10 - 2 - 3 + 4 * 2 / 4 // 1 % 3", "1" + " - 1" * 40 + " * 3",
                                  "-(" * 30 + "2" + ")" * 30, "not " * 60 + "true",
                                  " and ".join(["true"] * 30) + " or false", "(((1 + 2) * 3) - 4) >= 5"])
def test_long_and_deep_formulas_work_out_as_python_does(text):
    """Chains and nesting beyond what one function holds (a loop, functions of their own) give
    the values Python gives, left to right."""
    assert compile_formula(text)({}) == eval(text.replace("true", "True").replace("false", "False"))


def test_strings_keep_any_character_and_json_escapes(tmp_path):
    path = write(tmp_path, "s.trian", r'''
        variant v "Épée ¢ \"quoted\" \u00e9" extends new_order {
        }
    ''')
    defs = load([path])
    assert not defs.report, defs.report.render()
    assert defs.blocks["ruleset"]["v"].definition["title"] == 'Épée ¢ "quoted" é'


def test_race_and_skill_mistakes_get_did_you_mean(tmp_path):
    diags = diagnostics(tmp_path, """
        race fans "Fans" {
          active = [fan-speed, fan-bonus]
          module 1: fan-speed / gain-more-from-nebula
          module 2: fan-speed / a-set-of-minerals
          module 3: fan-speed / gain-more-from-systems
        }
        skill fan-speed "Speed" {
          modify ship.mvoe += 1
        }
        skill fan-bonus "Bonus" {
          trigger area-clsoed -> credits(1)
          action extraction -> credit(2)
        }
    """)
    by_line = {d.position.line: d for d in diags}
    assert by_line[3].hint == "did you mean 'gain-more-from-nebulas'?"
    assert by_line[8].code == "TS306" and by_line[8].hint == "did you mean 'ship.move'?"
    assert by_line[11].code == "TS306" and by_line[11].hint == "did you mean 'area-closed'?"
    assert by_line[12].code == "TS305" and by_line[12].hint == "did you mean 'credits'?"


FAN_RACE = """
    race fans "Fans" {
      colour = purple
      text = "x"
      active = [fan-code]
      module 1: holographic-trick / gain-more-from-nebulas
      module 2: ice-cell / a-set-of-minerals
      module 3: priceless-technology / gain-more-from-systems
    }
    skill fan-code "Code" {
      text = "x"
      plugin "fanplug:Fan"
    }
"""


def test_a_plugin_runs_only_when_trusted_and_a_misspelt_hook_fails_when_the_game_starts(tmp_path, monkeypatch):
    from trian_script import Game, load_ruleset
    from trian_script.plugins import manager

    write(tmp_path, "fanplug.py", """
        from pathlib import Path
        from trian_script.plugins.skill_plugin import SkillPlugin, hookimpl

        Path(__file__).with_name("RAN").write_text("the module ran")

        class Fan(SkillPlugin):
            @hookimpl
            def trian_optoins(self, game, player, phase):
                return None
    """)
    assert not diagnostics(tmp_path, FAN_RACE)  # validating names the plugin, never runs it
    assert not (tmp_path / "RAN").exists()
    ruleset = load_ruleset("new_order", [tmp_path])
    with pytest.raises(manager.PluginError, match=f"not trusted.*--trust {tmp_path}"):
        Game(ruleset, ["red", "blue"], 1, races={"red": "fans"})
    assert not (tmp_path / "RAN").exists()
    monkeypatch.setattr(manager, "TRUSTED", [tmp_path.resolve()])
    with pytest.raises(manager.PluginError, match="'trian_optoins', which is no hook. did you mean 'trian_options'"):
        Game(ruleset, ["red", "blue"], 1, races={"red": "fans"})


@pytest.mark.parametrize("reference", ["os:getcwd", "json:JSONDecoder"])
def test_a_plugin_reference_must_name_a_skill_plugin(tmp_path, reference):
    from trian_script import Game, load_ruleset
    from trian_script.plugins.manager import PluginError

    write(tmp_path, "r.trian", FAN_RACE.replace("fanplug:Fan", reference))
    with pytest.raises(PluginError, match="is not a skill plugin"):
        Game(load_ruleset("new_order", [tmp_path]), ["red", "blue"], 1, races={"red": "fans"})


def test_the_grammar_cache_is_kept_in_a_folder_of_the_users_own(tmp_path, monkeypatch):
    """Lark unpickles its cache file: it lives only where no other user can write (not in /tmp), and
    a parser read from it parses as one built afresh."""
    from lark import Lark

    from trian_script.dsl import parser
    from trian_script.resources import content_dir

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = parser._grammar_cache()
    folder = tmp_path / "trian-script"
    assert path == str(folder / "grammar.lark-cache") and folder.stat().st_mode & 0o777 == 0o700
    grammar = (Path(parser.__file__).parent / "grammar.lark").read_text(encoding="utf-8")
    options = dict(parser="lalr", start=["start", "expr"], propagate_positions=True, maybe_placeholders=True)
    fresh = Lark(grammar, **options, cache=path)  # builds and writes the cache
    cached = Lark(grammar, **options, cache=path)  # reads it
    text = (content_dir("variants") / "new_order.trian").read_text(encoding="utf-8")
    assert cached.parse(text, start="start") == fresh.parse(text, start="start")
    folder.chmod(0o777)  # a folder others may write to: no cache at all
    assert parser._grammar_cache() is None
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/folder")
    monkeypatch.setenv("HOME", "")
    assert parser._grammar_cache() is None


def test_a_ruleset_value_that_would_stop_the_game_at_its_start(tmp_path):
    """``first-tile`` names a tile of the tileset (or ``origin``); a number per player count is a map
    with at least one count. Either mistake stopped the game as it was set up (found by playing
    games of mutated rulesets)."""
    diags = diagnostics(tmp_path, """
        variant few "Few" extends new_order {
          first-tile = T99
        }
        variant none "None" extends new_order {
          units.corvettes = {}
        }
        variant fine "Fine" extends new_order {
          first-tile = "T01.2"
        }
        variant zero "Zero" extends new_order {
          closing.nebula-minerals = (tiles + emissaries) / 0
        }
        variant one "One face" extends new_order {
          battle.die = 1
        }
    """)
    # (a die of one face: every roll for the first player ties, and the game was never made)
    assert sorted((d.position.line, d.code) for d in diags) == [(2, "TS303"), (5, "TS203"), (11, "TS305"), (14, "TS203")]
    assert "first-tile = T99: no such tile in the tileset 'new_order'" in [d.message for d in diags]
