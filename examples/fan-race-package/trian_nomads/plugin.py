"""The entry point: tells trian-script where this package's race files are."""
from pathlib import Path

from trian_script.plugins.hookspecs import hookimpl


@hookimpl
def trian_content_paths():
    return [Path(__file__).parent / "content"]
