"""The live pages in a real browser: headless Chromium (Debian's) driven by Playwright for Python.

Each test opens a page of the built site (``make book``) from a local http server, types into the
form, clicks, and compares what the page shows with the engine run here in CPython on the same
input. Every test also records every request the page (and its engine worker) makes and fails on
any request outside the site's own origin, and on any console error or uncaught exception.

Without the built live pages, Chromium or Playwright, these tests are skipped with the reason;
with ``POTENGINE_REQUIRE_LIVE=1`` (set by ``.ci/run``) they fail instead: CI never skips them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import ROOT, Watched, browser_mark

pytestmark = browser_mark()


# The calculator's tests are in tests/test_browser_calculator.py.


# ----------------------------------------------------------------------------------------------
# The hand-history checker and the drills: tests/test_browser_checker.py, tests/test_browser_drills.py
# ----------------------------------------------------------------------------------------------


# ----------------------------------------------------------------------------------------------
# Phone width
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "query", "state"),
    [
        (
            "book/live/calculator.html",
            {
                "players": "Alice:40,Bilal:100,Chloé:100,David:30",
                "folded": "David",
                "ranking": "Alice>Chloé=Bilal",
                "button": "Chloé",
                "chip": "1",
            },
            "done",
        ),
        ("book/live/history_checker.html", None, "ready"),
        ("book/live/dealer_drills.html", {"level": "5", "seed": "7"}, "asking"),
    ],
)
def test_pages_fit_a_phone(browser, server, path, query, state, tmp_path) -> None:
    watched = Watched(browser, server, width=390, height=844)
    try:
        watched.open(path, query, state=state)
        page = watched.page
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{path} is {overflow} px wider than a 390 px phone"
        form_width = page.evaluate("document.querySelector('.potengine-live').getBoundingClientRect().right")
        assert form_width <= 390
        shots = ROOT / "_build" / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"phone-{Path(path).stem}.png"), full_page=True)
        watched.check()
    finally:
        watched.close()


def test_a_site_built_without_npm_shows_a_notice_instead_of_the_engine(browser, server) -> None:
    """What `make book` without npm produces: build-info.json says so, the page explains itself."""
    watched = Watched(browser, server)
    try:
        watched.context.route("**/live/build-info.json", lambda route: route.fulfill(json={"live": False}))
        for name in ("calculator", "history_checker", "dealer_drills"):
            watched.open(f"book/live/{name}.html", state="unavailable")
            assert "built without the engine" in watched.page.inner_text(".live-status")
        assert not any(url.endswith(".wasm") for url in watched.requests)
        assert not watched.foreign and not watched.errors, (watched.foreign, watched.errors)
    finally:
        watched.close()
