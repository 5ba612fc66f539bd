"""docs/guide.md works as written: every ```sh block of it runs, in order, in an empty folder, with
the ``trian`` and ``python`` of this installation first on the PATH."""
import os
import re
import subprocess
import sys
from pathlib import Path

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guide.md"


def blocks() -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```", GUIDE.read_text(encoding="utf-8"), re.S | re.M)


def test_the_guide_has_a_command_for_every_step():
    text = "\n".join(blocks())
    for command in ("trian new race", "variant ", "scenario ", "--trian-content", "trian simulate",
                    "--html", "--svg", "--resume"):
        assert command in text


def test_every_command_of_the_guide_runs(tmp_path):
    # each block echoes a marker first, so a failure names the block it happened in
    script = "set -euo pipefail\n" + "".join(f"echo '### block {i}'\n{block}" for i, block in enumerate(blocks()))
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               TRIAN_SCRIPT_DISABLE_PLUGIN_AUTOLOAD="1")
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    where = re.findall(r"### block \d+", done.stdout)
    assert done.returncode == 0, f"{where[-1] if where else 'before the first block'} failed:\n" \
                                 f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    folder = tmp_path / "my-galaxy"
    for made in ("star-folk.trian", "rich-galaxy.trian", "game.log", "turn-20.svg", "game.html", "mine.log"):
        assert (folder / made).stat().st_size > 0, made
    assert "1 passed" in done.stdout  # the scenario ran, and passed
    assert re.search(r"\| star-folk +\| +12 \|", done.stdout)  # the balance check's row for the new race
    assert "wrote game.html" in done.stdout and "after decision 20" in done.stdout


def test_no_machine_specific_path_in_the_docs():
    root = GUIDE.parent.parent
    for doc in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        found = re.findall(r"(?<![\w.])/(?:work|home|root|tmp|opt|Users)/\S*", doc.read_text(encoding="utf-8"))
        assert not found, f"{doc.name}: {found}"
