"""Check the built site: nothing loaded from the internet, links that resolve, images with alt text,
code lines that fit the page.

* The book must work from any static host or straight from disk, so no page may load a script,
  stylesheet, font, image or frame from another host (plain links to read elsewhere are fine).
* Every internal link (page and #anchor) resolves, so does every image.
* Every image has alt text that describes it: not empty, and not a file name (Sphinx writes the
  image's path as its alt text when a notebook cell gives none).
* No code line of any page is longer than 80 characters (no sideways scrolling on a desktop or
  in print; the notebooks' sources are held to the same limit by tests/test_notebooks.py).

Usage: python .ci/check_site.py _build/html
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

LOADS = [
    re.compile(r"<script[^>]+src=[\"']((?:https?:)?//[^\"']+)", re.I),
    re.compile(r"<link[^>]+href=[\"']((?:https?:)?//[^\"']+)[^>]*>", re.I),
    re.compile(r"<(?:img|iframe|source|video|audio)[^>]+src=[\"']((?:https?:)?//[^\"']+)", re.I),
    re.compile(r"url\(\s*[\"']?((?:https?:)?//[^)\"']+)", re.I),
    re.compile(r"@import\s+[\"']((?:https?:)?//[^\"']+)", re.I),
]
# <link> tags that are not loads (search engines, canonical URLs) are allowed.
NOT_A_LOAD = re.compile(r"rel=[\"'](?:canonical|alternate|author|license)[\"']", re.I)

CODE_LIMIT = 80
# An alt text that is a path or a file name ("../../_images/6fd7….png"), not a description.
FILE_NAME = re.compile(r"\S*\.(?:png|jpe?g|gif|svg|webp|avif)|\S*/\S*", re.I)


def alt_problem(src: str, alt: str | None) -> str | None:
    """Why an image's alt text does not describe it, or None when it does.

    >>> alt_problem("../_images/a1.png", "../_images/a1.png")
    'has a file name as alt text: ../_images/a1.png'
    >>> alt_problem("a.png", "Bar chart of the pots after each street") is None
    True
    """
    text = (alt or "").strip()
    if not text:
        return "has no alt text"
    name = urlsplit(src).path.rsplit("/", 1)[-1]
    if FILE_NAME.fullmatch(text) or (name and name in text):
        return f"has a file name as alt text: {text[:60]}"
    return None


def scan(root: Path) -> list[str]:
    """External loads: every script, stylesheet, font, image or frame from another host."""
    problems = []
    files = [p for p in root.rglob("*") if p.suffix in {".html", ".css", ".js"}]
    if not any(p.suffix == ".html" for p in files):
        return [f"no HTML pages under {root}: was the book built?"]
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for pattern in LOADS:
            for match in pattern.finditer(text):
                if path.suffix == ".js" and pattern is not LOADS[3]:
                    continue
                if NOT_A_LOAD.search(match.group(0)):
                    continue
                problems.append(f"{path.relative_to(root)}: loads {match.group(1)}")
    return problems


class _Page(HTMLParser):
    """Collects a page's ids, links, images and code blocks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.images: list[tuple[str, str | None]] = []
        self.code: list[str] = []
        self._pre_depth = 0
        self._in_input = 0
        self._div_stack: list[bool] = []
        self._buffer: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])  # type: ignore[arg-type]
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])  # type: ignore[arg-type]
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])  # type: ignore[arg-type]
        if tag == "img":
            self.images.append((a.get("src") or "", a.get("alt")))
        if tag == "div":
            classes = (a.get("class") or "").split()
            is_input = (
                "cell_input" in classes
                or "highlight-python" in classes
                or "highlight-python3" in classes
                or "highlight-ipython3" in classes
            )
            self._div_stack.append(is_input)
            self._in_input += is_input
        if tag == "pre" and self._in_input:
            self._pre_depth += 1
            self._buffer = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._div_stack:
            self._in_input -= self._div_stack.pop()
        if tag == "pre" and self._pre_depth:
            self._pre_depth -= 1
            self.code.append("".join(self._buffer))

    def handle_data(self, data: str) -> None:
        if self._pre_depth:
            self._buffer.append(data)


def _pages(root: Path) -> dict[Path, _Page]:
    pages = {}
    for path in root.rglob("*.html"):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8", errors="replace"))
        pages[path] = page
    return pages


def check_links_images_code(root: Path) -> list[str]:
    """Broken internal links and anchors, missing images, images without alt text, long code."""
    problems = []
    pages = _pages(root)
    for path, page in pages.items():
        where = path.relative_to(root).as_posix()
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                # The printed book (make pdf, which make book runs before this check) is in downloads/.
                hint = " (the PDFs: run make pdf)" if target.parent.name == "downloads" else ""
                problems.append(f"{where}: link to a missing page {href}{hint}")
                continue
            if (
                parts.fragment
                and target.suffix == ".html"
                and target in pages
                and unquote(parts.fragment) not in pages[target].ids
            ):
                problems.append(f"{where}: link to a missing anchor {href}")
        for src, alt in page.images:
            problem = alt_problem(src, alt)
            if problem:
                problems.append(f"{where}: image {src[:60]} {problem}")
            parts = urlsplit(src)
            local = src and not parts.scheme and not src.startswith("data:")
            if local and not (path.parent / unquote(parts.path)).exists():
                problems.append(f"{where}: missing image {src}")
        if where.startswith(("_modules/", "_sources/")):
            continue
        for block in page.code:
            for line in block.splitlines():
                if len(line) > CODE_LIMIT:
                    problems.append(f"{where}: code line of {len(line)} characters: {line[:50]}…")
    return problems


def main(argv: list[str]) -> int:
    root = Path(argv[1] if len(argv) > 1 else "_build/html")
    problems = scan(root)
    loads = len(problems)
    if loads == 0:
        problems += check_links_images_code(root)
    for line in problems:
        print(line)
    if loads:
        print(f"check_site: {loads} external load(s) found; the site must work offline")
        return 1
    if problems:
        print(f"check_site: {len(problems)} broken link(s), image(s) or overlong code line(s)")
        return 1
    print(f"check_site: {root} loads nothing from the internet; every link, image and code line is fine")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
