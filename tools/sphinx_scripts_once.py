"""A Sphinx extension: write each ``<script>`` of a page once.

sphinx-thebe (loaded by Jupyter Book) adds its inline configuration script on every
``env-before-read-docs`` event, and a build that reads the sources twice gets it twice: the second
copy re-declares ``const THEBE_JS_URL`` and every page then raises a JavaScript error. The live
pages' browser tests fail on any JavaScript error, so the duplicates are dropped here.
"""

from __future__ import annotations

from typing import Any


def _once(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen: set[tuple[str, tuple]] = set()
    kept = []
    for script in scripts:
        name = getattr(script, "filename", script) or ""  # "" and None both mean an inline script
        attributes = getattr(script, "attributes", {})
        key = (str(name), tuple(sorted((k, str(v)) for k, v in attributes.items())))
        if key not in seen:
            seen.add(key)
            kept.append(script)
    scripts[:] = kept  # the builder's own list, re-filled for every page


def setup(app: Any) -> dict[str, Any]:
    # Late, after the handlers that add scripts to the page (sphinx-thebe, myst-nb).
    app.connect("html-page-context", _once, priority=999)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
