"""Benchmark: the pot calculator in the reader's browser (Pyodide) against the engine in CPython.

Two numbers, on this machine, in headless Chromium (Debian's) from a local http server:

* **first result**: from opening ``calculator.html?players=...`` in a fresh browser context (empty
  cache: the 14 MB runtime is fetched, compiled and started, the wheel unpacked) to the settled
  hand on the page;
* **one settlement**: clicking "Settle" to the result shown (the page asks the engine's worker,
  Python settles, the page draws), against ``potengine.present.live.calculate`` on the same
  fields in CPython in this process: the ratio says how much slower the browser's Python is.

Needs the built site (``make book``) and ``/usr/bin/chromium``. Run:

    .venv/bin/python benchmarks/bench_browser.py [settlements]

Nothing is asserted: speed is measured and printed (``ratio`` lines), never tested.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlencode

from potengine.present.live import calculate

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
CHROMIUM = "/usr/bin/chromium"
FIELDS = {
    "players": "Alice:20,Bilal:50,Chloé:90,David:90,Emma:35",
    "folded": "Emma",
    "ranking": "Alice>Bilal>David=Chloé",
    "button": "David",
    "chip": "1",
}


class _Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def _cpython_ms(repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        calculate(FIELDS)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    settlements = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    if not (SITE / "live" / "pyodide").is_dir() or not Path(CHROMIUM).exists():
        print("# skipped: needs the site built with its live pages (make book) and /usr/bin/chromium")
        return
    from playwright.sync_api import sync_playwright

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(SITE)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/book/calculator.html?{urlencode(FIELDS)}"
    first, in_page, engine_ms = [], [], []
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
        for _ in range(3):  # three cold starts, each with an empty cache
            context = browser.new_context()
            page = context.new_page()
            page.set_default_timeout(180_000)
            start = time.perf_counter()
            page.goto(url)
            page.wait_for_function("document.querySelector('#pot-calculator').dataset.runs === '1'")
            first.append(time.perf_counter() - start)
            context.close()
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(180_000)
        page.goto(url)
        page.wait_for_function("document.querySelector('#pot-calculator').dataset.runs === '1'")
        for run in range(2, settlements + 2):
            start = time.perf_counter()
            page.click("#calc-settle")
            page.wait_for_function(f"document.querySelector('#pot-calculator').dataset.runs === '{run}'")
            in_page.append((time.perf_counter() - start) * 1000)
            engine_ms.append(float(page.get_attribute("#pot-calculator", "data-last-ms")))
        context.close()
        browser.close()
    httpd.shutdown()
    cpython = _cpython_ms(max(settlements, 20))
    browser_ms = statistics.median(in_page)
    print(
        f"first result (cold, median of 3): {statistics.median(first):.2f} s "
        f"(runs: {', '.join(f'{t:.2f}' for t in first)})"
    )
    print(f"one settlement in the page (click to result, median of {settlements}): {browser_ms:.1f} ms")
    print(
        f"  of which the engine call (page -> worker -> Python -> page, measured in the page): "
        f"{statistics.median(engine_ms):.1f} ms"
    )
    print(f"one settlement in CPython (potengine.present.live.calculate, median): {cpython:.2f} ms")
    print(
        f"ratio browser/CPython for one settlement: {browser_ms / cpython:.1f} (click to result), "
        f"{statistics.median(engine_ms) / cpython:.1f} (engine call only)"
    )
    print(f"# load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
