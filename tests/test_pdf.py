"""The printed book and the one-page cheat sheet, read as a club that prints them gets them.

`make pdf` (which `make book` runs) writes them into the site, `_build/html/downloads/`, with
tools/build_pdf.py, then runs this file with REQUIRE_PDF=1: then a missing PDF or a missing
pdftotext (poppler-utils) fails instead of skipping. The first tests need no build: they check
how the print document is made from a page.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from urllib.parse import unquote, urlsplit

import pytest
from pypdf import PdfReader
from pypdf.generic import Destination

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
DOWNLOADS = SITE / "downloads"
BOOKS = {"a4": DOWNLOADS / "splitting-the-pot-a4.pdf", "letter": DOWNLOADS / "splitting-the-pot-letter.pdf"}
SHEET = DOWNLOADS / "cheat-sheet-a4.pdf"
PAPER = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}  # points
MARGIN = 15 / 25.4 * 72  # the 15 mm side margins of tools/build_pdf.py, in points
REQUIRED = os.environ.get("REQUIRE_PDF") == "1"


@cache
def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_pdf", ROOT / "tools" / "build_pdf.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_pdf"] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def _toc() -> tuple[str, list[tuple[str, list[str]]]]:
    root, parts = _tool().read_toc(ROOT / "_toc.yml")
    return root, [(part.caption, list(part.chapters)) for part in parts]


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'").replace("‘", "'")).strip()


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
    return _normal(re.sub(r"[*_`]", "", match.group(1)))


# ---- How a page becomes part of the print document (no build needed) ----------------------------

ARTICLE = """<article class="bd-article"><section id="s">
<h1>Three players<a class="headerlink" href="#s">#</a></h1>
<p><a href="#overview">here</a> <a href="../dealer/glossary.html#term-all-in">all-in</a>
<a href="../dealer/glossary.html">glossary</a> <a href="../../genindex.html">index</a>
<a href="../../_modules/potengine/pots.html#settle">[source]</a> <a href="https://example.org/x">out</a></p>
<section id="overview"><h2>Overview</h2>
<div class="cell tag_hide-input"><details class="admonition hide above-input"><summary>
<p>Show code</p></summary><pre>settle(...)</pre></details><div class="cell_output"><img alt="A chart"
src="../../_images/chart.png"></div></div>
<p class="potengine-calculator-link"><a href="../live/calculator.html?players=A">Open this example
in the calculator</a></p><div class="downloads"><a href="../../downloads/x.pdf">PDF</a></div>
<button>Copy</button><script>alert(1)</script></section></section></article>"""


def _cleaned(pages: set[str]) -> str:
    from bs4 import BeautifulSoup

    article = BeautifulSoup(ARTICLE, "html.parser").article
    assert article is not None
    _tool().clean_article(article, "book/pots/01_three_players", pages, Path("/site"))
    return str(article)


def test_links_between_printed_pages_point_inside_the_document():
    html = _cleaned({"book/pots/01_three_players", "book/dealer/glossary"})
    assert 'href="#pots-01_three_players--overview"' in html
    assert 'id="pots-01_three_players--overview"' in html
    assert 'href="#dealer-glossary--term-all-in"' in html
    assert 'href="#dealer-glossary"' in html
    assert 'href="https://example.org/x"' in html


def test_links_to_what_the_book_does_not_print_become_text():
    html = _cleaned({"book/pots/01_three_players"})  # the glossary not printed
    assert "genindex" not in html and "_modules" not in html and "glossary.html" not in html
    assert "index" in html and "[source]" in html and "all-in" in html  # the words stay
    assert "file:" not in html.replace('src="file:', "")  # only images are addressed as files
    assert 'src="file:///site/_images/chart.png"' in html


def test_screen_only_parts_go_and_headings_move_down_a_level():
    html = _cleaned({"book/pots/01_three_players"})
    for gone in (
        "Show code",
        "settle(...)",
        "Open this example",
        "downloads",
        "<button",
        "<script",
        "headerlink",
    ):
        assert gone not in html, gone
    assert "<h2>Three players</h2>" in html and "<h3>Overview</h3>" in html
    assert 'alt="A chart"' in html


# ---- The PDFs ----------------------------------------------------------------------------------


def _need(path: Path) -> Path:
    if not path.exists():
        assert not REQUIRED, f"{path} was not built"
        pytest.skip(f"{path.name} is not built: run `make pdf` (after `make book`)")
    return path


@cache
def _reader(path: Path) -> PdfReader:
    return PdfReader(path)


@cache
def _words(path: Path) -> list[list[tuple[float, float, float, str]]]:
    """Every page's words as (yMin, xMin, xMax, word), read by poppler's pdftotext, line by line."""
    if shutil.which("pdftotext") is None:
        assert not REQUIRED, "pdftotext (poppler-utils) is not installed"
        pytest.skip("pdftotext (poppler-utils) is not installed")
    out = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = []
    for page in out.split("<page ")[1:]:
        pages.append(
            [
                (round(float(y)), float(a), float(b), w)
                for a, y, b, w in re.findall(
                    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)</word>', page
                )
            ]
        )
        pages[-1].sort()  # in reading order: by line (top to bottom), then from left to right
    return pages


def _text(path: Path, page: int) -> str:
    return _normal(" ".join(word for _, _, _, word in _words(path)[page]))


def _outline(reader: PdfReader) -> list[tuple[int, str, int]]:
    """The bookmarks as (depth, title, page from 1), in order."""
    found: list[tuple[int, str, int]] = []

    def walk(items: list[object], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                assert isinstance(item, Destination)
                found.append((depth, _normal(str(item.title)), reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return found


@pytest.fixture(params=sorted(BOOKS))
def book(request: pytest.FixtureRequest) -> tuple[str, Path]:
    return request.param, _need(BOOKS[request.param])


def test_paper_size_and_a_sane_page_count(book):
    paper, path = book
    reader = _reader(path)
    assert 60 <= len(reader.pages) <= 300, len(reader.pages)
    width, height = PAPER[paper]
    for number, page in enumerate(reader.pages, 1):
        box = page.mediabox
        assert abs(float(box.width) - width) < 1 and abs(float(box.height) - height) < 1, (number, box)


def test_every_part_and_every_chapter_is_a_bookmark_in_order(book):
    _, path = book
    outline = _outline(_reader(path))
    root, parts = _toc()
    tops = [(title, page) for depth, title, page in outline if depth == 0]
    top_titles = [title for title, _ in tops]
    assert "Contents" in top_titles and _title(root) in top_titles
    last_page = 0
    for caption, chapters in parts:
        assert _normal(caption) in top_titles, f"part {caption!r} is not a top-level bookmark"
        start = top_titles.index(_normal(caption))
        for chapter in chapters:
            title = _title(chapter)
            entries = [(d, t, p) for d, t, p in outline if d == 1 and t.endswith(title)]
            assert entries, f"{chapter}: no bookmark {title!r}"
            page = entries[0][2]
            assert page >= tops[start][1] and page >= last_page, f"{chapter} out of order"
            last_page = page


def test_the_contents_give_each_chapters_first_page(book):
    _, path = book
    reader = _reader(path)
    outline = {t: p for d, t, p in _outline(reader) if d <= 1}
    contents = _text(path, 1) + " " + _text(path, 2)
    assert contents.startswith("Contents")
    root, parts = _toc()
    for chapter in [root] + [c for _, chapters in parts for c in chapters]:
        title = _title(chapter)
        page = next(p for t, p in outline.items() if t.endswith(title))
        assert re.search(re.escape(title) + rf" {page}\b", contents), (
            f"{title!r} is not listed at page {page}"
        )
        assert title in _text(path, page - 1), f"{title!r} is not on page {page}"


def test_no_page_is_blank_and_nothing_of_the_screen_is_printed(book):
    _, path = book
    for number in range(len(_reader(path).pages)):
        text = _text(path, number)
        body = re.sub(r"Splitting the pot|\d+", "", text)
        assert len(re.findall(r"[A-Za-z]", body)) >= 20, f"page {number + 1} is (nearly) blank: {text!r}"
        # The bars of folded code (the prose may name them in quotes), the calculator's links.
        for screen in ("Show code", "Hide code", "Open this example in the calculator"):
            assert not re.search(rf"(?<![“\"]){screen}", text), f"page {number + 1} prints {screen!r}"


def test_links_are_internal_or_on_the_web_and_every_internal_one_resolves(book):
    _, path = book
    reader = _reader(path)
    names = {str(name).lstrip("/") for name in reader.named_destinations}
    internal = 0
    for number, page in enumerate(reader.pages, 1):
        for annotation in page.get("/Annots") or []:
            link = annotation.get_object()
            if link.get("/Subtype") != "/Link":
                continue
            action = link.get("/A")
            if action is not None and action.get("/S") == "/URI":
                uri = str(action["/URI"])
                assert urlsplit(uri).scheme in {"http", "https", "mailto"}, f"page {number}: link to {uri}"
                continue
            dest = link.get("/Dest") if action is None else action.get("/D")
            assert dest is not None, f"page {number}: a link that goes nowhere: {link}"
            if not isinstance(dest, list):
                assert str(dest).lstrip("/") in names, f"page {number}: link to a missing place {dest}"
            internal += 1
    assert internal > 200, "the contents and the cross-references should link inside the book"


def test_text_stays_inside_the_margins(book):
    paper, path = book
    width = PAPER[paper][0]
    for number, words in enumerate(_words(path), 1):
        for _, x_min, x_max, word in words:
            assert x_min >= MARGIN - 3 and x_max <= width - MARGIN + 3, (
                f"page {number}: {word!r} at {x_min}-{x_max}"
            )


def test_the_cheat_sheet_is_one_a4_page_with_every_section():
    reader = _reader(_need(SHEET))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - PAPER["a4"][0]) < 1 and abs(float(box.height) - PAPER["a4"][1]) < 1
    text = _text(SHEET, 0)
    source = (ROOT / "book" / "dealer" / "cheat_sheet.md").read_text(encoding="utf-8")
    for heading in re.findall(r"^##? (.+)$", source, re.M):
        assert _normal(heading) in text, f"the printed cheat sheet lacks {heading!r}"
    for _, x_min, x_max, word in _words(SHEET)[0]:
        assert x_min >= MARGIN - 3 and x_max <= PAPER["a4"][0] - MARGIN + 3, word


@pytest.mark.parametrize("page", ["book/intro", "book/dealer/cheat_sheet"])
def test_the_site_offers_the_pdfs(page):
    built = SITE / f"{page}.html"
    if not built.exists():
        assert not REQUIRED, f"{built} was not built"
        pytest.skip("the site is not built: run `make book`")
    html = built.read_text(encoding="utf-8")
    hrefs = {unquote(h) for h in re.findall(r'href="([^"]+\.pdf)"', html)}
    targets = {(built.parent / h).resolve() for h in hrefs}
    for pdf in (BOOKS["a4"], BOOKS["letter"], SHEET):
        assert pdf.resolve() in targets, f"{page} does not link {pdf.name}"
        _need(pdf)


# ---- The cheat sheet in Dutch, German and Greek (tools/build_languages.py, tools/languages.py) ----

SHEET_LANGUAGES = ("nl", "de", "el")


def _sheet_headings(language: str) -> list[str]:
    """The cheat sheet's headings in ``language``: the translations of the English page's."""
    from babel.messages.pofile import read_po

    po = ROOT / "book" / "locale" / language / "LC_MESSAGES" / "book" / "dealer" / "cheat_sheet.po"
    with po.open("rb") as handle:
        translated = {m.id: m.string for m in read_po(handle) if m.id}
    source = (ROOT / "book" / "dealer" / "cheat_sheet.md").read_text(encoding="utf-8")
    headings = re.findall(r"^##? (.+)$", source, re.M)
    missing = [h for h in headings if not translated.get(h)]
    assert not missing, f"the {language} catalogue lacks the headings {missing}"
    return [_normal(str(translated[h])) for h in headings]


@pytest.mark.parametrize("language", SHEET_LANGUAGES)
def test_the_cheat_sheet_in_each_language_is_one_a4_page_in_that_language(language):
    from potengine.present.terms import TERMS

    sheet = _need(DOWNLOADS / f"cheat-sheet-a4-{language}.pdf")
    reader = _reader(sheet)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - PAPER["a4"][0]) < 1 and abs(float(box.height) - PAPER["a4"][1]) < 1
    text = _text(sheet, 0)
    for heading in _sheet_headings(language):
        assert heading in text, f"the printed {language} cheat sheet lacks {heading!r}"
    for term in ("main pot", "side pot", "all-in"):
        assert TERMS[term].word(language).lower() in text.lower(), f"no {term} in the {language} sheet"
    assert "Language" not in text and "Ελληνικά" not in text, "the language switch was printed"
    for _, x_min, x_max, word in _words(sheet)[0]:
        assert x_min >= MARGIN - 3 and x_max <= PAPER["a4"][0] - MARGIN + 3, word
