"""A Sphinx extension: a live page starts its engine from the page's head.

A live page (any page with a ``potengine-live`` element: the calculator, the hand-history checker,
the drills) gets one short inline script at the top of its ``<head>``, before its stylesheets (a
script after a stylesheet waits for it), that starts the engine (``live/engine-worker.mjs``) at
once, while the browser is still reading the page. The page's own module (``web/live.mjs``)
adopts it when it runs, after the whole page has been parsed and its modules fetched.

The engine is started as a SharedWorker named for this build of the engine (``engine`` in
``live/build-info.json``, written by ``tools/build_live.py``) that asks to outlive its page
(``extendedLifetime``): the next live page of the visit connects to the Python already running
instead of starting another, and is ready in a fraction of a second
(``benchmarks/bench_browser.md``). Where shared workers are missing the script starts a dedicated
Worker (one engine per page, restored from the snapshot); where no worker can start (``file://``,
an old browser) it does nothing and ``live.mjs`` starts one itself, as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

MARK = "potengine-live"
WORKER = "live/engine-worker.mjs"
# tools/build_live.py writes it before the site is built (in the repository, whichever build reads it)
BUILD_INFO = Path(__file__).resolve().parent.parent / "_build" / "live" / "live" / "build-info.json"
DEFAULT_NAME = "potengine"


def starter(worker_url: str, name: str = DEFAULT_NAME) -> str:
    """The inline script that starts the engine at ``worker_url``, shared under ``name``.

    >>> script = starter("../../live/engine-worker.mjs", "potengine-0123abcd")
    >>> script.split("var url = ")[1].split(",")[0]
    '"../../live/engine-worker.mjs"'
    >>> "new SharedWorker(url" in script and "extendedLifetime: true" in script
    True
    >>> "new Worker(url" in script  # where shared workers are missing
    True
    """
    options = json.dumps({"type": "module", "name": name, "extendedLifetime": True})
    options = options.replace('"type"', "type").replace('"name"', "name")
    options = options.replace('"extendedLifetime"', "extendedLifetime")
    return (
        f"try {{ var url = {json.dumps(worker_url)}, at = performance.now(), port; "
        f"try {{ port = new SharedWorker(url, {options}).port; }} "
        'catch (err) { port = new Worker(url, { type: "module" }); } '
        "window.potengineWorker = { port: port, at: at }; "
        "} catch (err) { /* live.mjs starts it */ }"
    )


def engine_name(build_info: Path) -> str:
    """The shared engine's name in ``build_info`` (``potengine`` when it is not built).

    >>> engine_name(Path("no/such/build-info.json"))
    'potengine'
    """
    try:
        return str(json.loads(build_info.read_text(encoding="utf-8")).get("engine") or DEFAULT_NAME)
    except (OSError, ValueError):
        return DEFAULT_NAME


def _page(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    if f'class="{MARK}' not in context.get("body", ""):
        return
    # With the meta tags, before the stylesheets: a script after a stylesheet waits for it.
    name = engine_name(BUILD_INFO)
    script = starter(context["pathto"](WORKER, 1), name)
    context["metatags"] = context.get("metatags", "") + f"\n<script>{script}</script>"


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
