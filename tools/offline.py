"""The book offline and on a phone's home screen: a Sphinx extension, and the same step from the shell.

As an extension (``sphinx.local_extensions`` in ``_config.yml``) it adds to every page a small
script that registers the book's service worker, a link to the web-app manifest and a theme colour;
when the build has finished it writes into the site's root:

* ``sw.js``: the service worker (``web/sw.js``) with the list of every file of the built site and
  a hash of each file's content, so a new build invalidates the old cache file by file;
* ``manifest.webmanifest`` and ``icons/icon-192.png``, ``icons/icon-512.png`` (drawn from
  ``web/favicon.svg``): what a phone needs to add the book to its home screen;
* ``_static/potengine-offline.js``: the registration script.

Files added to the site after Sphinx (the PDF, by ``make pdf``) need the list written again:
``python tools/offline.py _build/html`` (``make book`` does it last).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
SCRIPT = "potengine-offline.js"
ICONS = (192, 512)
THEME = "#0072B2"
SKIPPED_SUFFIXES = {".map", ".buildinfo"}
SKIPPED_NAMES = {"sw.js", ".buildinfo", ".nojekyll"}


def precache_list(site: Path) -> dict[str, str]:
    """Every file of the site a reader may open offline, with a short hash of its content.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = (Path(tmp) / "index.html").write_text("<p>hi</p>")
    ...     _ = (Path(tmp) / "sw.js").write_text("")
    ...     sorted(precache_list(Path(tmp)))
    ['index.html']
    """
    files = {}
    own_workers = nested_sites(site)
    for path in sorted(site.rglob("*")):
        relative = path.relative_to(site)
        if (
            not path.is_file()
            or path.name in SKIPPED_NAMES
            or path.suffix in SKIPPED_SUFFIXES
            or any(part.startswith(".") for part in relative.parts)
            or any(folder in path.parents for folder in own_workers)
        ):
            continue
        files[relative.as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return files


def nested_sites(site: Path) -> list[Path]:
    """The folders of ``site`` that are sites of their own, with their own ``sw.js``: the Dutch,
    German and Greek sites (``_build/html/nl`` ...). Each one's worker keeps that site (scope
    ``/nl/``), so the English site's list leaves them out: listed there too, every reader of the
    English book would download the three other sites (a third more files and bytes) on a first
    visit.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = (Path(tmp) / "nl").mkdir(), (Path(tmp) / "nl" / "sw.js").write_text("")
    ...     _ = (Path(tmp) / "nl" / "index.html").write_text("<p>hoi</p>")
    ...     [p.name for p in nested_sites(Path(tmp))], sorted(precache_list(Path(tmp)))
    (['nl'], [])
    """
    return sorted(path.parent for path in site.glob("*/sw.js"))


def write_service_worker(site: Path) -> dict[str, str]:
    """Write ``sw.js`` into the site's root with the site's files; return the list."""
    files = precache_list(site)
    listing = json.dumps(files, indent=0, sort_keys=True)
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    template = (WEB / "sw.js").read_text(encoding="utf-8")
    if "/*PRECACHE*/ {}" not in template or '/*VERSION*/ "dev"' not in template:
        raise SystemExit("offline: web/sw.js lost its /*PRECACHE*/ or /*VERSION*/ marker")
    text = template.replace("/*PRECACHE*/ {}", listing).replace('/*VERSION*/ "dev"', json.dumps(version))
    (site / "sw.js").write_text(text, encoding="utf-8")
    return files


def write_manifest(site: Path, title: str) -> None:
    """The web-app manifest and its icons, in the site's root."""
    (site / "icons").mkdir(exist_ok=True)
    for size in ICONS:
        shutil.copy2(WEB / f"icon-{size}.png", site / "icons" / f"icon-{size}.png")
    manifest = {
        "name": title,
        "short_name": "Pots",
        "description": "Split a poker pot, check a hand history, drill the dealer's decisions: "
        "the book and its engine, offline.",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [
            {
                "src": f"icons/icon-{size}.png",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any",
            }
            for size in ICONS
        ],
    }
    (site / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def _page(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    pathto = context["pathto"]
    context["metatags"] = context.get("metatags", "") + (
        f'\n<link rel="manifest" href="{pathto("manifest.webmanifest", 1)}" />'
        f'\n<meta name="theme-color" content="{THEME}" />'
        f'\n<link rel="apple-touch-icon" href="{pathto("icons/icon-192.png", 1)}" />'
    )


def _finished(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    site = Path(app.outdir)
    shutil.copy2(WEB / SCRIPT, site / "_static" / SCRIPT)
    write_manifest(site, str(app.config.html_title or app.config.project))
    write_service_worker(site)


def setup(app: Any) -> dict[str, Any]:
    app.add_js_file(SCRIPT, defer="defer")
    app.connect("html-page-context", _page)
    app.connect("build-finished", _finished, priority=900)  # after the other extensions' files
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main(argv: list[str]) -> int:
    site = Path(argv[1]) if len(argv) > 1 else ROOT / "_build" / "html"
    if not (site / "index.html").exists():
        print(f"offline: {site} is not built: run `make book` first")
        return 1
    files = write_service_worker(site)
    size = sum((site / name).stat().st_size for name in files)
    print(f"offline: sw.js lists {len(files)} files ({size / 1e6:.1f} MB) of {site}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
