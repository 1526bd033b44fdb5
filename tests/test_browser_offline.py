"""The book offline and the engine warm, in a real browser (headless Chromium, Playwright).

After one visit the service worker (``sw.js``, written by ``tools/offline.py``) holds every file of
the site; with the server stopped and the browser offline, the calculator reloads and settles a
hand, another page of the book and the PDF open. A second live page in the same visit starts its
engine without fetching the WebAssembly again (counted at the server, where a download would show).

Each browser test runs its own server (so that it can stop it, and count what reached it) and
allows service workers, which the other browser tests block. The service worker's list and
``tools/serve.py``'s compression are tested without a browser.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import shutil
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest
from browser import NO_SHARED_WORKERS, ROOT, SITE, TIMEOUT, Watched, _Quiet, browser_mark

from potengine.present.live import calculate

ROOT_TOOLS = ROOT / "tools"
in_browser = browser_mark()

FIELDS = {
    "players": "Alice:20,Bilal:50,Chloé:90,David:90,Emma:35",
    "folded": "Emma",
    "ranking": "Alice>Bilal>David=Chloé",
    "button": "David",
    "chip": "1",
}


FETCH = (
    "async (url) => { const r = await fetch(url); return [r.status, (await r.arrayBuffer()).byteLength]; }"
)


class _Counting(_Quiet):
    served: list[str]

    def do_GET(self) -> None:
        self.served.append(self.path.split("?")[0])
        super().do_GET()


class _Site:
    """The built site on its own server, which records each path it serves and can be stopped."""

    def __init__(self) -> None:
        self.served: list[str] = []
        handler = type("Handler", (_Counting,), {"served": self.served})
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(SITE)))
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def site() -> Iterator[_Site]:
    running = _Site()
    yield running
    running.stop()


@pytest.fixture
def online(browser, site) -> Iterator[Watched]:
    page = Watched(browser, site.origin, width=390, height=844, service_workers="allow", shared_workers=True)
    yield page
    page.close()


CACHE_FULL = """async (scopes) => {
    if (!navigator.serviceWorker.controller) return false;
    const registrations = await navigator.serviceWorker.getRegistrations();
    const names = await caches.keys();
    for (const scope of scopes) {
        const registration = registrations.find((r) => new URL(r.scope).pathname === scope);
        if (!registration || !registration.active) return false;
        const own = names.filter((n) => n.startsWith(`potengine-book-${scope}@`));
        if (own.length !== 1) return false;
        const cache = await caches.open(own[0]);
        if (!(await cache.match(new URL("__precache__.json", registration.scope).href))) return false;
    }
    return true;
}"""
"""True once a service worker controls the page and the worker of each site in ``scopes`` (its
path: ``/`` for the English book, ``/nl/`` ...) has filled its own cache (its list is written
last)."""


def _cached(page: Watched, scopes: tuple[str, ...] = ("/",)) -> None:
    """Wait until the service workers' caches are full (``wait_for_function`` does not await an
    async predicate: a promise is truthy, so the check is polled here)."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + TIMEOUT / 1000
    while True:
        with contextlib.suppress(PlaywrightError):  # the page moved on (a redirect): ask again
            if page.page.evaluate(CACHE_FULL, list(scopes)):
                return
        assert time.monotonic() < deadline, f"the service workers never filled their caches {scopes}"
        time.sleep(0.5)


def _until(page: Watched, promise: str) -> None:
    """Poll a JavaScript expression that gives a promise until it resolves to true."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while not page.page.evaluate(f"() => {promise}"):
        assert time.monotonic() < deadline, f"never true: {promise}"
        time.sleep(0.25)


def _engine_ready(page: Watched) -> None:
    """Wait until the live page's engine is ready (``data-ready-at``, set once: the page's state may
    move on at once, e.g. the drills to "asking")."""
    page.page.wait_for_function("Boolean(document.querySelector('.potengine-live')?.dataset.readyAt)")


def _listed(site: Path = SITE) -> dict[str, str]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    end = text.index(";\nconst VERSION")
    return json.loads(text[start:end])


@in_browser
def test_the_service_worker_lists_every_page_the_engine_and_the_pdfs():
    listed = _listed()
    # The Dutch, German and Greek sites (nl/, de/, el/) have workers of their own, which keep them.
    nested = [path.parent for path in SITE.glob("*/sw.js")]
    assert sorted(p.name for p in nested) == ["de", "el", "nl"]
    for own in nested:
        pages = {p.relative_to(own).as_posix() for p in own.rglob("*.html")}
        assert pages <= _listed(own).keys(), (
            f"{own.name}/ pages not cached: {sorted(pages - _listed(own).keys())[:5]}"
        )
        assert not any(name.startswith(f"{own.name}/") for name in listed), f"{own.name}/ in the root's list"
    pages = {
        p.relative_to(SITE).as_posix()
        for p in SITE.rglob("*.html")
        if not any(own in p.parents for own in nested)
    }
    assert pages <= listed.keys(), f"pages not cached: {sorted(pages - listed.keys())[:5]}"
    engine = {p.relative_to(SITE).as_posix() for p in (SITE / "live").rglob("*") if p.is_file()}
    assert engine <= listed.keys(), f"engine files not cached: {sorted(engine - listed.keys())}"
    pdfs = {p.relative_to(SITE).as_posix() for p in SITE.rglob("*.pdf")}
    assert pdfs <= listed.keys(), f"PDFs not cached: {sorted(pdfs - listed.keys())}"
    assert "sw.js" not in listed
    manifest = json.loads((SITE / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"]
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert (SITE / icon["src"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", icon["src"]


@in_browser
def test_every_page_links_the_manifest_and_registers_the_service_worker():
    for page in sorted(SITE.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if "<html" not in text[:2000] or 'http-equiv="refresh"' in text:  # redirect stubs
            continue
        assert 'rel="manifest"' in text, f"{page.relative_to(SITE)} does not link the manifest"
        assert "potengine-offline.js" in text, f"{page.relative_to(SITE)} does not register sw.js"


@in_browser
def test_after_one_visit_the_book_works_with_no_network(online, site):
    online.page.goto(f"{site.origin}/index.html")  # any page of the book: not a live one
    _cached(online)
    site.stop()  # nothing answers any more, and the browser is offline too
    online.context.set_offline(True)
    try:
        online.open("book/live/calculator.html", FIELDS, state="done")
        shown = online.page.text_content("#settlement-json") or ""
        assert json.loads(shown) == calculate(FIELDS)["settlement"]
        online.page.goto(f"{site.origin}/book/live/dealer_drills.html")
        _engine_ready(online)
        online.page.goto(f"{site.origin}/book/dealer/glossary.html")
        assert online.page.title() and "Glossary" in online.page.inner_text("h1")
        for pdf in sorted(p.relative_to(SITE).as_posix() for p in SITE.rglob("*.pdf")):
            response = online.page.evaluate(FETCH, f"{site.origin}/{pdf}")
            assert response == [200, (SITE / pdf).stat().st_size], pdf
    finally:
        online.context.set_offline(False)
    assert not online.foreign, online.foreign
    assert not online.errors, online.errors


@in_browser
def test_after_a_visit_a_translated_live_page_works_with_no_network(online, site):
    """A translated live page runs the English site's modules and engine: it registers that
    site's worker beside its own, and after one visit both caches hold what it needs."""
    online.open("nl/book/live/calculator.html", FIELDS, state="done")
    _cached(online, ("/nl/", "/"))
    site.stop()
    online.context.set_offline(True)
    try:
        online.open("nl/book/live/calculator.html", FIELDS, state="done")
        assert online.page.evaluate("document.documentElement.lang") == "nl"
        assert online.page.get_attribute(".potengine-live", "data-lang") == "nl"
        assert (
            online.page.inner_text("#calc-explanation").split()
            == calculate(FIELDS, "nl")["explanation"].split()
        )
        shown = online.page.text_content("#settlement-json") or ""
        assert json.loads(shown) == calculate(FIELDS)["settlement"]
        # The Dutch site's other pages, and the English calculator the switch opens.
        online.page.goto(f"{site.origin}/nl/book/live/dealer_drills.html")
        _engine_ready(online)
        online.page.click(".live-languages button[data-lang='en']")
        online.page.wait_for_url("**/book/live/dealer_drills.html?*lang=en*")
        online.page.wait_for_function("document.querySelector('#dealer-drill')?.dataset.said === 'en'")
        assert online.page.evaluate("document.documentElement.lang") == "en"
    finally:
        online.context.set_offline(False)
    assert not online.foreign, online.foreign
    assert not online.errors, online.errors


@in_browser
def test_a_visit_from_english_to_dutch_to_german_keeps_one_engine(browser, site):
    """The switch opens the same page of the other language's site, whose head starts the same
    shared worker (the English site's, by its name): the engine of the first page answers all.
    Service workers blocked: every .wasm the server sends is an engine's (no cache filling)."""
    online = Watched(browser, site.origin, width=390, height=844, shared_workers=True)
    try:
        online.open("book/live/calculator.html", {**FIELDS, "lang": "en"}, state="done")
        assert online.page.get_attribute(".potengine-live", "data-engine-page") == "1"
        wasm = sum(path.endswith(".wasm") for path in site.served)
        for page, code in enumerate(("nl", "de"), start=2):
            with online.page.expect_navigation():
                online.page.click(f".live-languages button[data-lang='{code}']")
            online.page.wait_for_function(
                "code => document.querySelector('.potengine-live')?.dataset.said === code", arg=code
            )
            assert online.page.url.startswith(f"{site.origin}/{code}/book/live/calculator.html?")
            assert online.page.get_attribute(".potengine-live", "data-engine-page") == str(page)
            assert (
                online.page.inner_text("#calc-explanation").split()
                == calculate(FIELDS, code)["explanation"].split()
            )
        assert sum(path.endswith(".wasm") for path in site.served) == wasm  # no second engine loaded
        assert not online.errors, online.errors
    finally:
        online.close()


@in_browser
def test_a_second_live_page_finds_the_engine_of_the_first_still_running(online, site):
    online.open("book/live/calculator.html", FIELDS, state="done")
    assert online.page.get_attribute(".potengine-live", "data-engine-page") == "1"
    # Each later page is answered by that engine (a new one would count its first page as 1), so
    # none of them starts Python or fetches the engine again: no need to wait for the service
    # worker's cache here (test_after_one_visit_the_book_works_with_no_network fills it).
    online.page.goto(f"{site.origin}/book/live/history_checker.html")
    _engine_ready(online)
    # The calculator's engine (a shared worker that outlives its page) answered the checker ...
    assert online.page.get_attribute(".potengine-live", "data-engine-page") == "2"
    online.page.goto(f"{site.origin}/book/live/dealer_drills.html?lang=de")
    _engine_ready(online)
    # ... and the drills, in German although it was started for an English page.
    assert online.page.get_attribute(".potengine-live", "data-engine-page") == "3"
    online.page.wait_for_function("document.querySelector('#dealer-drill').dataset.state === 'asking'")
    assert online.page.get_attribute(".potengine-live", "data-lang") == "de"
    online.open("book/live/calculator.html", {**FIELDS, "lang": "el"}, state="done")
    assert online.page.get_attribute(".potengine-live", "data-engine-page") == "4"
    assert (
        online.page.inner_text("#calc-explanation").split() == calculate(FIELDS, "el")["explanation"].split()
    )
    assert not online.errors, online.errors


@in_browser
def test_without_shared_workers_each_live_page_starts_its_own_engine(online, site):
    online.context.add_init_script(NO_SHARED_WORKERS)
    online.open("book/live/calculator.html", FIELDS, state="done")
    built = json.loads((SITE / "live" / "build-info.json").read_text(encoding="utf-8"))
    if built.get("snapshot"):  # made at build time when Node.js was there (tools/build_live.py)
        snapshot = f"{site.origin}/live/{built['snapshot']}"
        # The first live page keeps the snapshot unpacked (a second after its engine is ready) ...
        _until(online, f"caches.open({UNPACKED!r}).then((s) => s.match({snapshot!r})).then(Boolean)")
    online.page.goto(f"{site.origin}/book/live/dealer_drills.html")
    _engine_ready(online)
    assert online.page.get_attribute(".potengine-live", "data-engine-page") == "1"  # its own
    if built.get("snapshot"):
        # ... which the next page, starting its own engine, reads instead of unpacking it again.
        assert online.page.get_attribute(".potengine-live", "data-engine-start") == "snapshot"
        steps = json.loads(online.page.get_attribute(".potengine-live", "data-engine-steps") or "{}")
        assert steps.get("unpacked") == 1, steps
    assert not online.errors, online.errors


# A shared worker whose port nobody answers: what a page finds when a phone's browser has ended
# the shared engine it connects to (the head's early start and live.mjs both get this port).
ENDED_SHARED_WORKER = """window.SharedWorker = class {
  constructor() { this.port = new MessageChannel().port1; }
};"""


@in_browser
def test_a_shared_engine_that_never_answers_gives_way_to_the_pages_own(online, site):
    online.context.add_init_script(ENDED_SHARED_WORKER)
    online.open("book/live/calculator.html", FIELDS, state="done")
    root = ".potengine-live"
    # The page asked "hello", heard nothing, and started its own engine, which settled the hand.
    assert online.page.get_attribute(root, "data-engine-fallback") == "worker"
    assert online.page.get_attribute(root, "data-engine-page") == "1"
    shown = online.page.text_content("#settlement-json") or ""
    assert json.loads(shown) == calculate(FIELDS)["settlement"]
    assert not online.errors, online.errors


@in_browser
def test_two_live_pages_open_at_once_share_one_engine(online, site):
    online.open("book/live/calculator.html", FIELDS, state="done")
    other = online.context.new_page()
    other.set_default_timeout(TIMEOUT)
    other.goto(f"{site.origin}/book/live/dealer_drills.html")
    other.wait_for_function("Boolean(document.querySelector('.potengine-live')?.dataset.readyAt)")
    assert other.get_attribute(".potengine-live", "data-engine-page") == "2"
    # The first page still has its answer from the shared engine after the second connected.
    changed = {**FIELDS, "players": "Alice:20,Bilal:50,Chloé:90,David:90,Emma:36"}
    online.open("book/live/calculator.html", changed, state="done")
    shown = online.page.text_content("#settlement-json") or ""
    assert json.loads(shown) == calculate(changed)["settlement"]
    other.close()
    assert not online.errors, online.errors


@in_browser
@pytest.mark.parametrize("front", ["book/intro.html", "nl/book/intro.html"])
def test_a_pointer_on_a_link_to_a_live_page_starts_its_engine_before_the_page_opens(browser, site, front):
    if not (SITE / front).exists():
        pytest.skip(f"{front} is not built: run make book")
    reader = Watched(
        browser, site.origin, width=1280, height=900, service_workers="allow", shared_workers=True
    )
    # Playwright's interception of requests (Watched routes every request to see that nothing
    # comes from the internet; the other tests check that) makes Chromium start a second engine for
    # the calculator opened from the Dutch page (measured: the engine as old as the calculator page,
    # with or without the route's handler doing anything): a reader's browser has no such route.
    reader.context.unroute("**/*")
    try:
        # The front page (not a live page), English or Dutch: the Dutch site's link opens the
        # English site's calculator in Dutch, whose engine the Dutch page started.
        reader.page.goto(f"{site.origin}/{front}")
        reader.page.locator("article .sd-card:has(a[href*='live/calculator.html'])").first.hover()
        time.sleep(4)  # the reader reads the card; meanwhile the engine starts (nothing to wait for)
        reader.page.locator("article .sd-card:has(a[href*='live/calculator.html'])").first.click()
        reader.wait_state("ready,done")
        live = ".potengine-live"
        # The engine was running before the calculator opened (older than the page), and the
        # front page, which only started it, is not counted as a page it served.
        age = int(reader.page.get_attribute(live, "data-engine-age") or "0")
        ready_at = int(reader.page.get_attribute(live, "data-ready-at") or "0")
        assert age > ready_at, (age, ready_at)
        assert reader.page.get_attribute(live, "data-engine-page") == "1"
        assert reader.page.get_attribute(live, "data-lang") == front.split("/")[0].replace("book", "en")
        assert not reader.errors, reader.errors
    finally:
        reader.close()


UNPACKED = "potengine-snapshot-unpacked"  # the worker's cache (web/engine-worker.mjs)

SPOIL_UNPACKED = """async ([name, url]) => {
    const store = await caches.open(name);
    const kept = await store.keys();
    await store.put(url, new Response(new Uint8Array(64)));
    return kept.map((request) => request.url);
}"""


@in_browser
def test_a_spoilt_unpacked_snapshot_is_dropped_and_the_engine_still_starts(online, site):
    built = json.loads((SITE / "live" / "build-info.json").read_text(encoding="utf-8"))
    if not built.get("snapshot"):
        pytest.skip("this build has no snapshot (tools/build_live.py ran without Node.js)")
    snapshot = f"{site.origin}/live/{built['snapshot']}"
    online.context.add_init_script(NO_SHARED_WORKERS)  # a shared engine would outlive the spoiling
    online.open("book/live/calculator.html", FIELDS, state="done")
    _until(online, f"caches.open({UNPACKED!r}).then((s) => s.match({snapshot!r})).then(Boolean)")
    assert online.page.evaluate(SPOIL_UNPACKED, [UNPACKED, snapshot]) == [snapshot]
    online.page.goto(f"{site.origin}/book/live/dealer_drills.html")
    _engine_ready(online)
    # The copy could not be restored: Python started the usual way, and the copy is gone ...
    assert online.page.get_attribute(".potengine-live", "data-engine-start") == "boot"
    _until(online, f"caches.open({UNPACKED!r}).then((s) => s.keys()).then((k) => !k.length)")
    # ... so the next live page unpacks the snapshot again, and keeps a good copy.
    online.open("book/live/calculator.html", FIELDS, state="done")
    assert online.page.get_attribute(".potengine-live", "data-engine-start") == "snapshot"
    _until(
        online,
        f"caches.open({UNPACKED!r}).then((s) => s.match({snapshot!r}))"
        ".then((r) => r && r.arrayBuffer()).then((b) => Boolean(b && b.byteLength > 1000000))",
    )
    assert not online.errors, online.errors


def test_a_live_page_starts_its_engine_from_the_head_before_any_stylesheet():
    if not (SITE / "index.html").exists():
        pytest.skip("the site is not built: run make book")
    live_pages = []
    for page in sorted(SITE.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        head = text.split("</head>")[0]
        if 'class="potengine-live' in text:
            live_pages.append(page.relative_to(SITE).as_posix())
            starter = head.find("new SharedWorker(")
            assert 0 < starter < head.find('rel="stylesheet"'), page.relative_to(SITE)
            worker = head[:starter].rsplit("var url = ", 1)[1].split('"')[1]
            # Every language's page starts the English site's engine: one for the whole visit.
            assert (page.parent / worker).resolve() == (SITE / "live" / "engine-worker.mjs").resolve()
            # Named for this build's engine: a page of a new build never talks to the last one's.
            name = head[starter:].split("name: ")[1].split('"')[1]
            assert name == json.loads((SITE / "live" / "build-info.json").read_text())["engine"]
        else:
            assert "potengineWorker" not in text, f"{page.relative_to(SITE)} starts an engine"
    names = ["calculator.html", "dealer_drills.html", "history_checker.html"]
    assert sorted(live_pages) == sorted(
        f"{site}book/live/{name}" for site in ("", "de/", "el/", "nl/") for name in names
    )


# ----------------------------------------------------------------------------------------------
# Without a browser: the service worker's list, and what tools/serve.py sends
# ----------------------------------------------------------------------------------------------


def _tool(name: str):
    sys.path.insert(0, str(ROOT_TOOLS))
    try:
        return __import__(name)
    finally:
        sys.path.pop(0)


def test_a_new_build_is_a_new_cache_only_when_a_file_changed(tmp_path: Path) -> None:
    offline = _tool("offline")
    (tmp_path / "index.html").write_text("<p>one</p>", encoding="utf-8")
    (tmp_path / "live").mkdir()
    (tmp_path / "live" / "engine.wasm").write_bytes(b"\0asm")
    (tmp_path / ".buildinfo").write_text("x", encoding="utf-8")

    def version() -> str:
        offline.write_service_worker(tmp_path)
        text = (tmp_path / "sw.js").read_text(encoding="utf-8")
        return text.split("const VERSION = ")[1].split(";")[0]

    first = version()
    assert sorted(_listed_in(tmp_path)) == ["index.html", "live/engine.wasm"]  # not sw.js, not dotfiles
    assert version() == first  # the same files, the same cache
    (tmp_path / "index.html").write_text("<p>two</p>", encoding="utf-8")
    assert version() != first


def _listed_in(site: Path) -> dict[str, str]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    return json.loads(text[start : text.index(";\nconst VERSION")])


def test_serve_sends_gzip_only_to_a_browser_that_accepts_it(tmp_path: Path) -> None:
    serve = _tool("serve")
    wasm = bytes(range(256)) * 400
    (tmp_path / "engine.wasm").write_bytes(wasm)
    shutil.copy2(ROOT_TOOLS / "offline.py", tmp_path / "page.html")
    handler = type("Quiet", (serve.Handler,), {"log_message": lambda self, *args: None})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(tmp_path)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        asked = urllib.request.Request(f"{origin}/engine.wasm", headers={"Accept-Encoding": "gzip, br"})
        with urllib.request.urlopen(asked) as answer:
            body = answer.read()
            assert answer.headers["Content-Encoding"] == "gzip"
            assert answer.headers["Content-Type"] == "application/wasm"
            assert int(answer.headers["Content-Length"]) == len(body) < len(wasm) // 4
            assert gzip.decompress(body) == wasm
            modified = answer.headers["Last-Modified"]
        with urllib.request.urlopen(f"{origin}/engine.wasm") as answer:  # no Accept-Encoding
            assert answer.headers["Content-Encoding"] is None and answer.read() == wasm
        again = urllib.request.Request(
            f"{origin}/page.html", headers={"Accept-Encoding": "gzip", "If-Modified-Since": modified}
        )
        with pytest.raises(urllib.error.HTTPError) as unchanged:
            urllib.request.urlopen(again)
        assert unchanged.value.code == 304
    finally:
        httpd.shutdown()
        httpd.server_close()
