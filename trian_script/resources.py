"""Where the shipped content lives: inside the installed package, or beside it in a checkout."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def content_dir(name: str) -> Path:
    """``tiles``, ``races``, ``variants`` or ``schemas``.

    A wheel installs them inside the package (see ``[tool.setuptools.package-dir]``); a source
    checkout or an editable install keeps them at the top of the repository.
    """
    installed = _PACKAGE / name
    return installed if installed.is_dir() else _PACKAGE.parent / name


def builtin_files() -> list[Path]:
    files: list[Path] = []
    for name in ("tiles", "variants", "races"):
        folder = content_dir(name)
        if folder.is_dir():
            files += sorted(folder.rglob("*.trian"))
    return files
