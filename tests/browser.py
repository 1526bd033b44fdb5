"""The harness of every browser test: the built site on a local server, Debian's Chromium driven by
Playwright for Python, and a page whose requests and console are watched.

The fixtures ``server``, ``browser`` and ``watched`` live in ``conftest.py``; a test module imports
what else it uses (``from browser import Watched, browser_mark``) and marks itself with
``pytestmark = browser_mark()``: without the built live pages, Chromium or Playwright its tests are
skipped with the reason; with ``POTENGINE_REQUIRE_LIVE=1`` (set by ``.ci/run``) they fail instead:
CI never skips them.
"""

from __future__ import annotations

import json
import os
import zipfile
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlencode, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
CHROMIUM = os.environ.get("POTENGINE_CHROMIUM", "/usr/bin/chromium")
SHARED = ROOT.parent / "shared"
REAL_CORPUS = SHARED / "data" / "pokerstars-real"
REQUIRED = bool(os.environ.get("POTENGINE_REQUIRE_LIVE"))
TIMEOUT = 120_000  # ms: the first start of Pyodide on a busy machine


def _missing() -> str | None:
    info = SITE / "live" / "build-info.json"
    if not info.exists() or not (SITE / "book" / "live" / "calculator.html").exists():
        return f"the site with its live pages is not built ({info} missing): run `make book` first"
    built = json.loads(info.read_text(encoding="utf-8"))
    if not built.get("live"):
        return "the site was built without the live pages' engine (npm was missing at `make book`)"
    stale = _stale_engine(SITE / "live" / built["wheel"])
    if stale:
        return f"the live pages' engine is older than the sources ({stale} differs): run `make book` first"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM}: `apt-get install -y chromium` (CI does it in .ci/run)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (requirements.txt)"
    return None


def _stale_engine(wheel: Path) -> str | None:
    """The first file of the package that differs between the site's wheel and ``potengine/``
    (the pages run the wheel the last `make book` built, the tests compare it with the sources)."""
    if not wheel.exists():
        return wheel.name
    with zipfile.ZipFile(wheel) as archive:
        inside = {
            n: archive.read(n) for n in archive.namelist() if n.startswith("potengine/") and n.endswith(".py")
        }
    here = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in (ROOT / "potengine").rglob("*.py")}
    return next(
        (name for name in sorted(inside.keys() | here.keys()) if inside.get(name) != here.get(name)), None
    )


REASON = _missing()
"""Why the browser tests cannot run here, or None."""


def browser_mark() -> pytest.MarkDecorator:
    """The mark of a browser test module: skip with the reason, or (in CI) fail at once."""
    if REASON and REQUIRED:
        raise RuntimeError(f"browser tests required (POTENGINE_REQUIRE_LIVE=1) but {REASON}")
    return pytest.mark.skipif(REASON is not None, reason=f"browser tests skipped: {REASON}")


class _Quiet(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".json": "application/json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


NO_SHARED_WORKERS = "delete window.SharedWorker;"
"""An init script for a browser without shared workers: each live page then starts its own engine in a
dedicated Worker (web/live.mjs falls back to it)."""


class Watched:
    """A page whose requests and console are recorded; :meth:`check` fails on anything foreign.

    Playwright sees the requests and the console of a page's dedicated Workers but not of a
    SharedWorker, so a watched page runs its engine in a dedicated Worker (as in a browser without
    shared workers: the same engine, the same messages), unless ``shared_workers=True``, which
    tests/test_browser_offline.py uses for the engine shared by the pages of a visit (it counts the
    requests at its own server instead).
    """

    def __init__(
        self,
        browser,
        origin: str,
        width: int = 1200,
        height: int = 900,
        service_workers: str = "block",
        shared_workers: bool = False,
        **options: object,
    ) -> None:
        self.origin = origin
        self.requests: list[str] = []
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, service_workers=service_workers, **options
        )
        if not shared_workers:
            self.context.add_init_script(NO_SHARED_WORKERS)
        self.context.route("**/*", self._route)
        self.context.on("request", lambda request: self._seen(request.url))
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda err: self.errors.append(f"uncaught: {err}"))
        self.page.on(
            "worker", lambda worker: worker.on("console", self._console) if hasattr(worker, "on") else None
        )

    def _seen(self, url: str) -> None:
        self.requests.append(url)
        parts = urlsplit(url)
        if parts.scheme in {"data", "blob", "about"}:
            return
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)

    def _route(self, route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in {"http", "https"} and f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)
            route.abort()
        else:
            route.continue_()

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def open(self, path: str, query: dict[str, str] | None = None, state: str = "ready,done") -> None:
        url = f"{self.origin}/{path}" + (f"?{urlencode(query)}" if query else "")
        self.page.goto(url)
        self.wait_state(state)

    def wait_state(self, states: str, root: str = ".potengine-live") -> None:
        wanted = states.split(",")
        self.page.wait_for_function(
            "([sel, wanted]) => { const r = document.querySelector(sel);"
            " return r && wanted.includes(r.dataset.state); }",
            arg=[root, wanted],
        )

    def check(self) -> None:
        assert not self.foreign, f"requests outside the site: {self.foreign[:5]}"
        assert not self.errors, f"console errors: {self.errors[:5]}"
        assert any(url.endswith(".wasm") for url in self.requests), "Pyodide never loaded"

    def close(self) -> None:
        self.context.close()


def answer_drill_pots(watched: Watched, count: int) -> None:
    """Tap the drill's answer to "how many pots?" (asked before any pot is shown)."""
    watched.page.click(f"#drill-pots-{count}")
    watched.wait_state("filling", "#dealer-drill")


def answer_drill(watched: Watched, answer: dict) -> None:
    """Fill in the drill's pots (amount, winners toggled) and payouts from ``answer`` (the shape of
    ``potengine.drills.Drill.answer()``) and check it, as a reader taps it."""
    page = watched.page
    for i, pot in enumerate(answer["pots"]):
        page.fill(f"#drill-pot-{i}-amount", pot["amount"])
        winners = {w.strip() for w in pot["winners"].split(",")}
        for button in page.locator(f"button[data-pot='{i}']").all():
            pressed = button.get_attribute("aria-pressed") == "true"
            if (button.get_attribute("data-name") in winners) != pressed:
                button.click()
    for box in page.locator("input[data-player]").all():
        box.fill(answer["payouts"][box.get_attribute("data-player")])
    page.click("#drill-check")
    watched.wait_state("marked", "#dealer-drill")
