"""A Sphinx extension: a live page starts its engine from the page's head.

A live page (any page with a ``potengine-live`` element: the calculator, the hand-history checker,
the drills) gets one short inline script at the top of its ``<head>``, before its stylesheets (a
script after a stylesheet waits for it), that starts the engine's Web Worker
(``live/engine-worker.mjs``) at once, while the browser is still reading the page. The page's own
module (``web/live.mjs``) adopts that worker when it runs, after the whole page has been parsed and
its modules fetched: on a second live page this starts the engine 0.2-0.5 s earlier
(``benchmarks/bench_browser.md``). Where a worker cannot start (``file://``, an old browser) the
script does nothing and ``live.mjs`` starts one itself, as before.
"""

from __future__ import annotations

import json
from typing import Any

MARK = "potengine-live"
WORKER = "live/engine-worker.mjs"


def starter(worker_url: str) -> str:
    """The inline script that starts the worker at ``worker_url``.

    >>> script = starter("../../live/engine-worker.mjs")
    >>> script.split("new Worker(")[1].split(",")[0]
    '"../../live/engine-worker.mjs"'
    """
    return (
        f"try {{ window.potengineWorker = {{ worker: new Worker({json.dumps(worker_url)}, "
        '{ type: "module" }), at: performance.now() }; } catch (err) { /* live.mjs starts it */ }'
    )


def _page(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    if f'class="{MARK}' not in context.get("body", ""):
        return
    # With the meta tags, before the stylesheets: a script after a stylesheet waits for it.
    script = starter(context["pathto"](WORKER, 1))
    context["metatags"] = context.get("metatags", "") + f"\n<script>{script}</script>"


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
