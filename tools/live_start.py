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
(``benchmarks/bench_browser.md``). The engine is the English site's for every language (a
translated site's live page starts ``../live/engine-worker.mjs``, one folder further up, under the
same name): a visit that moves between languages keeps one engine. Where shared workers are
missing the script starts a dedicated Worker (one engine per page, restored from the snapshot);
where no worker can start (``file://``, an old browser) it does nothing and ``live.mjs`` starts one
itself, as before. Before it, :func:`chooser` sends a reader who asked for another language to
that language's page.
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
KEPT = "potengine-language"  # the reader's choice of language (web/live.mjs keeps it)


def chooser(site: str, pages: dict[str, str]) -> str:
    """The inline script that sends the reader of a live page of the ``site`` language's site on
    to the same page in the language asked for (``pages``: each other language's page, relative),
    with the same query and hash, before anything else of the page loads: the address asks
    (``?lang=nl``: old links and bookmarks); on the English page, without one, the reader's choice
    on an earlier visit (the switch keeps it) or the browser's languages do. ``?lang=en`` keeps
    the English page. It sets ``window.potengineLeaving`` when it leaves (no engine started here).

    >>> script = chooser("en", {"nl": "../../nl/book/live/calculator.html"})
    >>> 'var site = "en", pages = {"nl": "../../nl/book/live/calculator.html"}' in script
    True
    >>> "location.replace(" in script and "navigator.languages" in script
    True
    """
    return (
        f"try {{ (function () {{ var site = {json.dumps(site)}, pages = {json.dumps(pages)}; "
        'var query = new URLSearchParams(location.search), want = query.get("lang"); '
        "if (want !== site && !pages[want]) want = null; "
        'if (!want && site === "en") { '
        f'try {{ want = localStorage.getItem("{KEPT}"); }} catch (err) {{ want = null; }} '
        "if (want !== site && !pages[want]) want = null; "
        "var tags = navigator.languages && navigator.languages.length ? navigator.languages "
        ': [navigator.language || ""]; '
        "for (var i = 0; i < tags.length && !want; i++) { "
        'var code = String(tags[i]).toLowerCase().split("-")[0]; '
        "if (code === site || pages[code]) want = code; } } "
        "if (want && want !== site) { "
        'query.set("lang", want); window.potengineLeaving = true; '
        'location.replace(pages[want] + "?" + query.toString() + location.hash); } '
        "})(); } catch (err) { /* the page stays as it is */ }"
    )


def starter(worker_url: str, name: str = DEFAULT_NAME) -> str:
    """The inline script that starts the engine at ``worker_url``, shared under ``name`` (not when
    :func:`chooser` has just sent the reader to another language's page).

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
        "if (!window.potengineLeaving) "
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
    from languages import LANGUAGES, page_url

    site = str(app.config.language or "en").split("_")[0]
    pages = {code: page_url(pagename, code, current=site) for code in LANGUAGES if code != site}
    name = engine_name(BUILD_INFO)
    worker = context["pathto"](WORKER, 1)
    if site != "en":
        worker = "../" + worker  # the English site's engine: one for every language (out of /nl/)
    script = chooser(site, pages) + " " + starter(worker, name)
    context["metatags"] = context.get("metatags", "") + f"\n<script>{script}</script>"


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
