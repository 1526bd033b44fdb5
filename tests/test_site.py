"""The built site, checked as a reader gets it (run after `make book`).

Every internal link and image resolves, every image has alt text, no code line is longer than 80
characters, nothing is loaded from the internet; the glossary, the examples page and the cheat
sheet are in the navigation. Skipped, with the reason, when the site has not been built. The
printed book and the cheat sheet's PDF: tests/test_pdf.py.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "html"


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
