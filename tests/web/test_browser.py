"""A real browser (Debian's chromium driven by Playwright) on the live page while a game is
played: the table follows each logged action. Screenshots of every page are saved to
``out/screenshots/`` (gitignored) for people to look at.

Skipped, with the reason, where chromium or Playwright is missing (``.ci/run`` installs
chromium; Playwright is the ``browser`` extra that ``scripts/bootstrap`` installs). The
browser is never downloaded: Playwright is pointed at ``/usr/bin/chromium``.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync"]
PHONE = {"width": 390, "height": 844}

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed (pip install '.[browser]')")
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)",
                allow_module_level=True)


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        try:
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")


def test_live_page_follows_a_game_and_every_page_renders(page: Any, web_server: Any,
                                                         new_game: Any) -> None:
    game = new_game()
    game.play(4)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    requests: list[str] = []
    page.on("request", lambda req: requests.append(req.url))
    page.goto(web_server.url + "/")
    live = page.locator("#live")
    sync_api.expect(live).to_contain_text("4 actions logged")
    sync_api.expect(page.locator("#live table.players")).to_contain_text("Ann")
    # The page holds its event stream open; each new action shows within a second.
    page.wait_for_function("document.getElementById('status').textContent === 'live'")
    for _ in range(6):
        n = game.step()
        start = time.monotonic()
        sync_api.expect(live).to_contain_text(f"{n} actions logged", timeout=1000)
        print(f"action {n} on the page after {1000 * (time.monotonic() - start):.0f} ms")
    game.play(40)
    sync_api.expect(live.locator("figure.photo svg rect").first).to_be_visible(timeout=1000)
    shot(page, "live")
    game.play()  # to the winner
    sync_api.expect(live.locator(".winner")).to_be_visible(timeout=1000)
    shot(page, "live-winner")
    for name, path in (("history", "/games"), ("game", f"/games/{game.id}"),
                       ("stats", "/stats")):
        page.goto(web_server.url + path)
        assert page.locator("main h1").count() == 1
        shot(page, name)
    assert page.locator("svg.chart").count() >= 3
    assert not errors, errors
    outside = [u for u in requests if not u.startswith(web_server.url)]
    assert not outside, f"requests left the box: {outside}"
