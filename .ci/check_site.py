"""Fail if the built site would load anything from the internet.

The book must work from any static host or straight from disk, so no page may load a script,
stylesheet, font, image or frame from another host (plain links to read elsewhere are fine).
Usage: python .ci/check_site.py _build/html
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

LOADS = [
    re.compile(r"<script[^>]+src=[\"']((?:https?:)?//[^\"']+)", re.I),
    re.compile(r"<link[^>]+href=[\"']((?:https?:)?//[^\"']+)[^>]*>", re.I),
    re.compile(r"<(?:img|iframe|source|video|audio)[^>]+src=[\"']((?:https?:)?//[^\"']+)", re.I),
    re.compile(r"url\(\s*[\"']?((?:https?:)?//[^)\"']+)", re.I),
    re.compile(r"@import\s+[\"']((?:https?:)?//[^\"']+)", re.I),
]
# <link> tags that are not loads (search engines, canonical URLs) are allowed.
NOT_A_LOAD = re.compile(r"rel=[\"'](?:canonical|alternate|author|license)[\"']", re.I)


def scan(root: Path) -> list[str]:
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


def main(argv: list[str]) -> int:
    root = Path(argv[1] if len(argv) > 1 else "_build/html")
    problems = scan(root)
    for line in problems:
        print(line)
    if problems:
        print(f"check_site: {len(problems)} external load(s) found; the site must work offline")
        return 1
    print(f"check_site: {root} loads nothing from the internet")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
