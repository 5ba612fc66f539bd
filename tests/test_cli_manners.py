"""The command line as a new user meets it: names in any case, did-you-mean, one line per usage
error with exit 2, paths checked before a game is played, and help with examples."""
import xml.etree.ElementTree as ET

import pytest

from trian_script.cli import main


@pytest.mark.parametrize("argv, wrong, hint", [
    (["play", "--ruleset", "begginer"], "no ruleset or variant named 'begginer'", "did you mean 'beginner'?"),
    (["play", "--bot", "gredy"], "unknown bot 'gredy'", "did you mean 'greedy'?"),
    (["play", "--players", "2", "--seat", "red=humn"], "--seat red=humn", "did you mean 'human'?"),
    (["play", "--players", "2", "--race", "red=xemx"], "unknown race 'xemx'", "did you mean 'xemh'?"),
    (["races", "show", "xemx"], "no race named 'xemx'", "did you mean 'xemh'?"),
    (["tiles", "stats", "--tileset", "new_ordr"], "no tileset named 'new_ordr'", "did you mean 'new_order'?"),
    (["play", "--players", "9"], "--players must be", ""),
])
def test_a_usage_error_is_one_line_with_exit_2(argv, wrong, hint, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and wrong in lines[0] and hint in lines[0]


def test_names_are_not_case_sensitive(capsys, tmp_path):
    argv = ["play", "--ruleset", "Beginner", "--players", "2", "--seed", "4", "--seat", "BLUE=Random",
            "--bot", "GREEDY", "--race", "RED=Xemh"]
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith("New Order, beginner — 2 players")
    assert main(["races", "show", "XEMH"]) == 0
    assert main(["tiles", "stats", "--tileset", "New_Order"]) == 0


def test_play_draws_the_final_position_and_checks_the_path_first(tmp_path, capsys):
    assert main(["play", "--players", "2", "--seed", "2", "--svg", str(tmp_path / "no" / "end.svg")]) == 2
    assert capsys.readouterr().out == ""  # refused before any game was played
    assert main(["play", "--players", "2", "--seed", "2", "--svg", str(tmp_path / "end.svg")]) == 0
    ET.parse(tmp_path / "end.svg")


def test_help_has_examples_and_the_exit_codes(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "later" not in out and "examples:" in out and "exit codes: 0 ok, 1" in out
    for command in ("play", "replay", "validate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "examples:" in capsys.readouterr().out
