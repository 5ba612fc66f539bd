"""Every hook of the extension surface is documented in the plugin author's guide (as datasette does)."""
import inspect
from pathlib import Path

from trian_script.plugins import hookspecs

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "race-guide.md"


def hook_names():
    return [name for name, obj in vars(hookspecs).items() if name.startswith("trian_") and inspect.isfunction(obj)]


def test_there_are_hooks_at_every_level():
    names = set(hook_names())
    for level in ("game", "turn", "phase", "action", "battle", "clash", "scoring"):
        assert {f"trian_{level}_begin", f"trian_{level}_end"} <= names, level


def test_every_hook_is_in_the_guide():
    guide = GUIDE.read_text(encoding="utf-8")
    missing = [name for name in hook_names() if f"`{name}`" not in guide]
    assert not missing, f"hooks missing from docs/race-guide.md: {missing}"


def test_every_hook_says_when_it_is_called_and_what_it_returns():
    for name in hook_names():
        doc = inspect.getdoc(getattr(hookspecs, name)) or ""
        assert "Called" in doc and ("Return" in doc), name


def test_hooks_take_keyword_arguments_only_and_firstresult_is_rare():
    firstresult = [n for n in hook_names() if getattr(getattr(hookspecs, n), "trian_script_spec", {}).get("firstresult")]
    assert firstresult == ["trian_resolve_clash"]
