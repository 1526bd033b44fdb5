"""Benchmark: the live pages' engine in the reader's browser (Pyodide) against the engine in CPython.

Headless Chromium (Debian's) at 390 px wide, the site served by the project's own ``tools/serve.py``
(gzip where the browser accepts it, as most static hosts do) on this machine, each visit in a fresh
browser profile (empty caches) with service workers allowed, as a reader's browser runs them:

* **cold**: opening ``calculator.html?players=...``: the time to the engine ready (``data-ready-at``,
  measured by the page from the moment it was opened), to the first settled hand, and the bytes
  the server sent until then;
* **warm**: in the same visit, once the service worker has filled its cache, opening a second live
  page (the hand-history checker): the time to its engine ready and the bytes the server sent; the
  page finds the first page's engine still running (a shared worker that outlives its page), and
  **warm, own engine** is the same visit in a browser without shared workers (each page restores
  its own engine from the cache);
* both unthrottled and through a throttled network: 9 Mbit/s down, 150 ms round trip. The
  figures of Chrome's ``Network.emulateNetworkConditions`` are applied by the server itself (each
  request answered 150 ms late, every byte of every answer paced through one shared 9 Mbit/s
  link): the DevTools Protocol throttles one page's own requests, and the engine's downloads come
  from a shared worker, which a page's emulation does not reach (measured: a 2 MB fetch from a
  shared worker took 31 ms under the page's emulation);
* **one settlement**: clicking "Settle" to the result shown, against
  ``potengine.present.live.calculate`` on the same fields in CPython in this process (the peer):
  the ratios say how much slower the browser's Python is, and how many CPython settlements the
  first result costs.

Needs the built site (``make book``) and ``/usr/bin/chromium``. Run:

    .venv/bin/python benchmarks/bench_browser.py [visits] [site]

(``site``: another built copy of the site, e.g. one whose ``live/build-info.json`` has no
``snapshot``, to measure Python started the usual way on the same machine.)

Nothing is asserted: speed is measured and printed (``ratio`` lines), never tested.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlencode

from potengine.present.live import calculate

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import Handler, warm  # noqa: E402  (tools/ is not a package)

SITE = ROOT / "_build" / "html"
CHROMIUM = "/usr/bin/chromium"
WIDTH, HEIGHT = 390, 844
FIELDS = {
    "players": "Alice:20,Bilal:50,Chloé:90,David:90,Emma:35",
    "folded": "Emma",
    "ranking": "Alice>Bilal>David=Chloé",
    "button": "David",
    "chip": "1",
}
THROTTLED = {
    "offline": False,
    "latency": 150,  # ms added to every round trip
    "downloadThroughput": 9_000_000 / 8,  # bytes per second
    "uploadThroughput": 9_000_000 / 8,
}
SW_FULL = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration || !registration.active || !navigator.serviceWorker.controller) return false;
    const names = (await caches.keys()).filter((n) => n.startsWith("potengine-book-"));
    if (names.length !== 1) return false;
    const cache = await caches.open(names[0]);
    return Boolean(await cache.match(new URL("__precache__.json", registration.scope).href));
}"""


class _Counted(Handler):
    """tools/serve.py's handler, counting the bytes it writes (headers and bodies); while
    ``throttled``, answering each request a round trip late and pacing every byte through one
    link of :data:`THROTTLED`'s speed, shared by all connections."""

    sent = 0
    lock = threading.Lock()
    throttled = False
    link_free_at = 0.0  # when the shared link has sent everything queued so far

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        if _Counted.throttled:  # the request has arrived: its answer leaves a round trip later
            time.sleep(THROTTLED["latency"] / 1000)
        return super().send_head()

    @staticmethod
    def _pace(size: int) -> None:
        with _Counted.lock:
            start = max(time.perf_counter(), _Counted.link_free_at)
            _Counted.link_free_at = start + size / THROTTLED["downloadThroughput"]
            done = _Counted.link_free_at
        time.sleep(max(0.0, done - time.perf_counter()))

    def setup(self) -> None:
        super().setup()
        raw = self.wfile

        class _Counter:
            def write(self, data: bytes) -> int:
                with _Counted.lock:
                    _Counted.sent += len(data)
                if _Counted.throttled:
                    view = memoryview(data)
                    for at in range(0, len(view), 64 * 1024):
                        _Counted._pace(len(view[at : at + 64 * 1024]))
                        raw.write(view[at : at + 64 * 1024])
                    return len(data)
                return raw.write(data)

            def __getattr__(self, name: str) -> object:
                return getattr(raw, name)

        self.wfile = _Counter()  # type: ignore[assignment]


def _cpython_ms(repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        calculate(FIELDS)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _visit(browser, origin: str, throttled: bool, shared: bool = True) -> dict[str, float]:
    """One reader's visit in a fresh profile: the calculator cold, then a second live page warm
    (``shared=False``: in a browser without shared workers)."""
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, service_workers="allow")
    if not shared:
        context.add_init_script("delete window.SharedWorker;")
    page = context.new_page()
    page.set_default_timeout(600_000)
    _Counted.throttled = throttled
    _Counted.sent = 0
    page.goto(f"{origin}/book/live/calculator.html?{urlencode(FIELDS)}")
    page.wait_for_function("document.querySelector('#pot-calculator').dataset.runs === '1'")
    result = {
        "cold_ready_s": float(page.get_attribute("#pot-calculator", "data-ready-at") or "nan") / 1000,
        "cold_first_s": page.evaluate("performance.now()") / 1000,
        "cold_mb": _Counted.sent / 1e6,
    }
    while not page.evaluate(SW_FULL):  # wait_for_function does not await an async predicate
        time.sleep(0.5)
    _Counted.sent = 0
    page.goto(f"{origin}/book/live/history_checker.html")
    page.wait_for_function("document.querySelector('.potengine-live')?.dataset.readyAt")
    result["warm_ready_s"] = float(page.get_attribute(".potengine-live", "data-ready-at") or "nan") / 1000
    result["warm_mb"] = _Counted.sent / 1e6
    # 2: the first page's engine answered; 1: this page started its own
    result["warm_engine_page"] = float(page.get_attribute(".potengine-live", "data-engine-page") or "nan")
    context.close()
    _Counted.throttled = False
    return result


def _settlements(browser, origin: str, settlements: int) -> tuple[list[float], list[float]]:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(600_000)
    page.goto(f"{origin}/book/live/calculator.html?{urlencode(FIELDS)}")
    page.wait_for_function("document.querySelector('#pot-calculator').dataset.runs === '1'")
    in_page, engine_ms = [], []
    for run in range(2, settlements + 2):
        start = time.perf_counter()
        page.click("#calc-settle")
        page.wait_for_function(f"document.querySelector('#pot-calculator').dataset.runs === '{run}'")
        in_page.append((time.perf_counter() - start) * 1000)
        engine_ms.append(float(page.get_attribute("#pot-calculator", "data-last-ms") or "nan"))
    context.close()
    return in_page, engine_ms


def _line(name: str, values: list[float], unit: str) -> str:
    spread = ", ".join(f"{v:.2f}" for v in values)
    return f"{name}: {statistics.median(values):.2f} {unit} (median of {len(values)}: {spread})"


def main() -> None:
    visits = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    site = Path(sys.argv[2]) if len(sys.argv) > 2 else SITE
    if not (site / "live" / "pyodide").is_dir() or not Path(CHROMIUM).exists():
        print("# skipped: needs the site built with its live pages (make book) and /usr/bin/chromium")
        return
    from playwright.sync_api import sync_playwright

    warm(site)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Counted, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{httpd.server_address[1]}"
    runs: dict[str, list[dict[str, float]]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        for throttled in (False, True):
            label = "throttled (9 Mbit/s, 150 ms)" if throttled else "unthrottled"
            runs[label] = [_visit(browser, origin, throttled) for _ in range(visits)]
            own = [_visit(browser, origin, throttled, shared=False) for _ in range(visits)]
            for result, alone in zip(runs[label], own, strict=True):
                result["own_ready_s"] = alone["warm_ready_s"]
                result["own_engine_page"] = alone["warm_engine_page"]
        in_page, engine_ms = _settlements(browser, origin, 20)
        browser.close()
    httpd.shutdown()
    cpython = _cpython_ms(200)
    print(f"# {site}: {WIDTH} px, tools/serve.py (gzip), a fresh profile per visit, service workers on")
    for label, results in runs.items():
        print(f"{label}:")
        for key, name, unit in (
            ("cold_ready_s", "  cold: engine ready", "s"),
            ("cold_first_s", "  cold: first result", "s"),
            ("cold_mb", "  cold: bytes sent by the server until the first result", "MB"),
            ("warm_ready_s", "  warm (second live page, same visit): engine ready", "s"),
            ("warm_mb", "  warm: bytes sent by the server", "MB"),
            ("warm_engine_page", "  warm: pages the engine had served (2: the first page's engine)", ""),
            ("own_ready_s", "  warm, own engine (no shared workers): engine ready", "s"),
            ("own_engine_page", "  warm, own engine: pages the engine had served (1: its own)", ""),
        ):
            print(_line(name, [r[key] for r in results], unit))
        first_ms = statistics.median(r["cold_first_s"] for r in results) * 1000
        print(f"  ratio first result (cold) / one CPython settlement: {first_ms / cpython:,.0f}")
    browser_ms = statistics.median(in_page)
    print(f"one settlement in the page (click to result, median of {len(in_page)}): {browser_ms:.1f} ms")
    print(
        f"  of which the engine call (page -> worker -> Python -> page): "
        f"{statistics.median(engine_ms):.1f} ms"
    )
    print(f"one settlement in CPython (potengine.present.live.calculate, median of 200): {cpython:.2f} ms")
    print(
        f"ratio browser/CPython for one settlement: {browser_ms / cpython:.1f} (click to result), "
        f"{statistics.median(engine_ms) / cpython:.1f} (engine call only)"
    )
    print(f"# load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
