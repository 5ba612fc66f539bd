"""The replay page in a real browser: headless Chromium from Debian's packages, driven by Playwright
with the system browser (never a downloaded one).

Chromium is found at /usr/bin/chromium; when it is missing and the tests run as root on a system with
apt-get (CI on a fresh machine), it is installed once; otherwise the tests skip and say why. The
screenshots are kept in ``test-artifacts/replay-page/`` (or ``$TRIAN_ARTIFACTS/replay-page/``).
"""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from trian_script.cli import main

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _install_chromium() -> str:
    """Install Debian's chromium; '' when done, else why it could not be."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "Chromium is not installed and the tests do not run as root (apt-get install chromium)"
    if shutil.which("apt-get") is None:
        return "Chromium is not installed and there is no apt-get to install it with"
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "chromium"]):
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=1200)
        if done.returncode != 0:
            return f"`{' '.join(command)}` failed: {done.stderr.strip().splitlines()[-1:]}"
    return "" if CHROMIUM.exists() else "apt-get installed chromium, but not at /usr/bin/chromium"


@pytest.fixture(scope="module")  # not longer: Playwright's loop would stay running for other tests' asyncio
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra: pip install -e '.[test]'")
    if not CHROMIUM.exists():
        why = _install_chromium()
        if why:
            pytest.skip(why)
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    root = Path(os.environ.get("TRIAN_ARTIFACTS") or Path(__file__).resolve().parent.parent / "test-artifacts")
    folder = root / "replay-page"
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots of the replay page: {folder}")
    return folder


@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("page")
    log, page = folder / "g.log", folder / "g.html"
    assert main(["play", "--players", "3", "--seed", "5", "--log", str(log)]) == 0
    assert main(["replay", str(log), "--html", str(page)]) == 0
    return page


def board_state(page) -> dict:
    return page.evaluate("""() => {
        const svg = document.querySelector('#board svg');
        const shown = [...svg.querySelectorAll('[id]')].filter(e => /^[tm]\\d+$/.test(e.id) && !e.classList.contains('hidden'));
        return {tiles: shown.filter(e => e.id[0] === 't').length, marks: shown.filter(e => e.id[0] === 'm').length,
                viewBox: svg.getAttribute('viewBox'), where: document.getElementById('where').textContent,
                move: document.getElementById('move').textContent};
    }""")


def test_stepping_through_a_game_changes_the_board(browser, page_file, artifacts):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    problems, requests = [], []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type in ("error", "warning") else None)
    page.on("pageerror", lambda err: problems.append(str(err)))
    page.on("request", lambda req: requests.append(req.url) if not req.url.startswith(("file:", "data:")) else None)
    page.goto(page_file.as_uri())
    start = board_state(page)
    assert start["where"].startswith("step 0 of ")
    page.screenshot(path=str(artifacts / "01-start.png"))

    for _ in range(25):
        page.keyboard.press("ArrowRight")
    forward = board_state(page)
    assert forward["where"].startswith("step 25 ")
    assert forward["tiles"] > start["tiles"] and forward["marks"] > start["marks"]
    assert forward["viewBox"] != start["viewBox"]  # the board grew, and the view with it
    page.screenshot(path=str(artifacts / "02-step-25.png"))

    page.keyboard.press("ArrowLeft")
    back = board_state(page)
    assert back["where"].startswith("step 24 ") and back["move"] != forward["move"]

    page.keyboard.press("End")
    end = board_state(page)
    assert end["tiles"] > forward["tiles"]
    assert "game over" in page.inner_text("#notes")
    page.screenshot(path=str(artifacts / "03-end.png"))

    page.fill("#slider", "100")  # the slider jumps
    assert board_state(page)["where"].startswith("step 100 ")
    page.click("#history li:nth-child(11)")  # and so does a line of the history
    assert board_state(page)["where"].startswith("step 10 ")
    page.screenshot(path=str(artifacts / "04-step-10.png"))

    assert problems == [] and requests == []
    page.close()
