"""`pip install .` (not editable) carries every module: pyproject.toml lists its packages one by
one (the content folders are mapped into the package), so a new folder must be added there."""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_folder_of_code_is_a_listed_package():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "trian_script").rglob("*.py")
               if "__pycache__" not in p.parts}
    assert not folders - listed, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(folders - listed)}"
