"""The examples work as the README says: a DSL-only fan race, and a fan race package found through
its entry point (installed into a temporary folder), which the autoload switch turns off."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trian_script.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def test_dsl_fan_race_validates_and_plays(capsys):
    folder = str(EXAMPLES / "fan-race-dsl")
    assert main(["validate", folder]) == 0
    assert main(["races", "show", "solarians", "--races-dir", folder]) == 0
    assert "Solar sails" in capsys.readouterr().out
    assert main(["play", "--ruleset", "new_order", "--races-dir", folder, "--race", "red=solarians",
                 "--players", "2", "--seed", "2"]) == 0
    assert "red (solarians)" in capsys.readouterr().out


@pytest.fixture(scope="module")
def installed_package(tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                    "--target", str(target), str(EXAMPLES / "fan-race-package")], check=True)
    return target


def trian(args, target, **env):
    environment = {**os.environ, "PYTHONPATH": str(target), **env}
    return subprocess.run([sys.executable, "-m", "trian_script.cli", *args], capture_output=True, text=True,
                          env=environment, cwd=ROOT)


def test_package_race_is_found_through_its_entry_point(installed_package):
    listed = trian(["races", "list"], installed_package)
    assert listed.returncode == 0, listed.stderr
    assert "nomads" in listed.stdout and "plugin" in listed.stdout
    played = trian(["play", "--ruleset", "new_order", "--race", "red=nomads", "--players", "2", "--seed", "4"],
                   installed_package)
    assert played.returncode == 0, played.stderr
    assert "red (nomads)" in played.stdout


def test_autoload_switch_ignores_installed_plugins(installed_package):
    listed = trian(["races", "list"], installed_package, TRIAN_SCRIPT_DISABLE_PLUGIN_AUTOLOAD="1")
    assert listed.returncode == 0 and "nomads" not in listed.stdout
