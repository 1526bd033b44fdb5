"""The built site and PDF, checked as a reader gets them (run after `make book` / `make pdf`).

Every internal link and image resolves, every image has alt text, no code line is longer than 80
characters, nothing is loaded from the internet; the glossary, the examples page and the cheat
sheet are in the navigation; the PDF holds every chapter. Skipped, with the reason, when the site
or the PDF has not been built.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "html"
PDF = ROOT / "_build" / "pdf" / "book.pdf"


def _check_site():
    spec = importlib.util.spec_from_file_location("check_site", ROOT / ".ci" / "check_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def _chapters() -> list[str]:
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    return re.findall(r"file: (book/[\w/]+)", toc)


@pytest.fixture(scope="module")
def site() -> Path:
    if not (HTML / "index.html").exists():
        pytest.skip("the site is not built: run `make book` first")
    return HTML


def test_the_checker_finds_a_broken_link_and_a_missing_alt(tmp_path):
    (tmp_path / "a.html").write_text(
        '<a href="b.html#nowhere">x</a><a href="c.html">y</a><img src="a.html">'
        '<div class="cell_input"><pre>' + "x" * 81 + "</pre></div>",
        encoding="utf-8",
    )
    (tmp_path / "b.html").write_text('<p id="here">b</p>', encoding="utf-8")
    problems = _check_site().check_links_images_code(tmp_path)
    assert any("missing anchor b.html#nowhere" in p for p in problems)
    assert any("missing page c.html" in p for p in problems)
    assert any("no alt text" in p for p in problems)
    assert any("code line of 81" in p for p in problems)


def test_links_images_alt_text_and_code_lines(site):
    problems = _check_site().check_links_images_code(site)
    assert not problems, "\n".join(problems[:30])


def test_nothing_is_loaded_from_the_internet(site):
    assert not _check_site().scan(site)


def test_every_chapter_is_built_and_the_dealer_pages_are_in_the_navigation(site):
    index = (site / "book" / "intro.html").read_text(encoding="utf-8")
    for chapter in _chapters():
        assert (site / f"{chapter}.html").exists(), chapter
    for page in ("dealer/glossary", "dealer/examples", "dealer/cheat_sheet", "start/primer"):
        assert f'href="{page}.html"' in index, f"{page} is not in the navigation"


def test_glossary_is_found_by_the_sources_words(site):
    text = (site / "book" / "dealer" / "glossary.html").read_text(encoding="utf-8")
    for word in ("Nebenpot", "zijpot", "Nebentopf", "hoofdpot", "Hauptpot"):
        assert word in text
    assert 'id="term-side-pot"' in text


def test_part1_figures_have_captions_and_alt_text(site):
    page = (site / "book" / "pots" / "04_folded_player.html").read_text(encoding="utf-8")
    assert "<figcaption" in page and "keep the main pot" in page
    assert re.search(r'<img alt="Two stacked bar charts[^"]+"', page)


def test_pdf_contains_every_chapter():
    required = os.environ.get("REQUIRE_PDF") == "1"  # `make pdf` checks what it built
    if not PDF.exists():
        assert not required, f"{PDF} was not built"
        pytest.skip("the PDF is not built: run `make pdf` first")
    if shutil.which("pdftotext") is None:
        assert not required, "pdftotext (poppler-utils) is not installed"
        pytest.skip("pdftotext (poppler-utils) is not installed")
    text = subprocess.run(
        ["pdftotext", "-layout", str(PDF), "-"], capture_output=True, text=True, check=True
    ).stdout
    text = re.sub(r"\s+", " ", text.replace("’", "'").replace("‘", "'"))
    for chapter in _chapters():
        words = _title(chapter)
        assert words in text, f"{chapter}: {words!r} is not in the PDF"


def _title(chapter: str) -> str:
    """The first level-1 heading of a chapter, from its .md or .ipynb source."""
    source = ROOT / f"{chapter}.md"
    if source.exists():
        text = source.read_text(encoding="utf-8")
    else:
        cells = json.loads((ROOT / f"{chapter}.ipynb").read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    match = re.search(r"^# (.+)$", text, re.M)
    assert match, chapter
    return match.group(1).strip()
