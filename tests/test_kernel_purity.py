"""The kernel (trian_script/engine) knows games in general and no game in particular: no word of
any game's components in its code, and no import of a game's module."""
from __future__ import annotations

import re
from pathlib import Path

import trian_script

KERNEL = Path(trian_script.__file__).parent / "engine"
GAME_WORDS = re.compile(
    r"\b(nebulae?|emissar(y|ies)|credits?|minerals?|corvettes?|rogues?|starships?|teleports?|exmitters?|"
    r"planets?|outposts?|extractors?|supernovae?|asteroids?|battles?|research|stations?|ships?|"
    r"victory points?|VP|cosmic|federations?|gaia|terraform\w*)\b", re.IGNORECASE)


def test_the_kernel_names_no_game_word():
    found = [f"{path.name}:{number}: {line.strip()}"
             for path in sorted(KERNEL.glob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if GAME_WORDS.search(line)]
    assert not found, "game words in the kernel:\n" + "\n".join(found)


def test_the_kernel_imports_no_game():
    found = [f"{path.name}: {line.strip()}" for path in sorted(KERNEL.glob("*.py"))
             for line in path.read_text(encoding="utf-8").splitlines()
             if re.search(r"import .*\bgames\.\w+|from \.\.games\.\w+", line)]
    assert not found, "the kernel imports a game:\n" + "\n".join(found)
