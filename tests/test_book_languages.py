"""The book in Dutch, German and Greek (``_build/html/nl``, ``/de``, ``/el``), checked as a reader
of each language gets it.

No build needed: every msgid of the pages a dealer uses is in each language's catalogue and
translated (``tools/build_languages.py --check`` runs Sphinx's gettext builder on the pages), and
each translation keeps its msgid's cross-references and numbers; a stub of an untranslated page
keeps the sections other pages link to.

After ``make book`` (skipped with the reason before): each translated page says its language
(``<html lang="nl">``), is really in it (no English paragraph left), names the same numbers as the
English page, uses the terminology table's words (``potengine/present/terms.py``); every page of
every site has a language switch whose links resolve to the same page in that language; every page
not translated says so and links to the English page; and one translated page fits a phone's
width in Chromium.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from babel.messages.pofile import read_po

from potengine.present.terms import TERMS

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "tools"))

import build_languages  # noqa: E402
from languages import LANGUAGES, TRANSLATED  # noqa: E402

TRANSLATIONS = [code for code in LANGUAGES if code != "en"]
ROLE = re.compile(r"\{(ref|doc|term)\}`(?:[^`<]*<)?([^`>]*)>?`")
NUMBER = re.compile(r"\d+")
# The words for the main pot and the side pot in each language (terms.py): every chapter of
# Part 1 says them.
POT_WORDS = ("main pot", "side pot")
# The parts' captions of _toc.yml: their translations are in the front page's catalogue, and show
# in every page's navigation, not in an article.
TOC = (ROOT / "_toc.yml").read_text(encoding="utf-8")
CAPTIONS = re.findall(r'^\s*- caption: "?([^"\n]+?)"?\s*$', TOC, re.M)


def _squash(text: str) -> str:
    """Text without spaces, quotes (Sphinx curls them, each language its own way) or markup."""
    return re.sub(r"[\s\"'“”„‘’«»‚*`]", "", text)


def _catalogue(language: str, doc: str):
    with (ROOT / "book" / "locale" / language / "LC_MESSAGES" / f"{doc}.po").open("rb") as handle:
        return read_po(handle, locale=language)


# ---- The catalogues (no build needed) ----------------------------------------------------------


def test_every_msgid_of_the_pages_is_in_every_catalogue_and_translated():
    """Sphinx's gettext builder run on the pages: a msgid a catalogue lacks would show in English."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_languages.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "every catalogue matches" in run.stdout


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("doc", TRANSLATED)
def test_a_translation_keeps_its_references_and_numbers(language, doc):
    for message in _catalogue(language, doc):
        if not message.id:
            continue
        assert message.string, f"{language} {doc}: {message.id[:60]!r} untranslated"
        source, translated = str(message.id), str(message.string)
        assert sorted(t for _, t in ROLE.findall(source)) == sorted(t for _, t in ROLE.findall(translated)), (
            f"{language} {doc}: the cross-references differ in {translated[:80]!r}"
        )
        numbers = Counter(NUMBER.findall(ROLE.sub("", source)))
        assert numbers == Counter(NUMBER.findall(ROLE.sub("", translated))), (
            f"{language} {doc}: the numbers differ in {translated[:80]!r}"
        )


def test_a_stub_keeps_the_labelled_sections_and_drops_the_rest():
    text = "(ex-17)=\n# Hand rankings {term}`kicker`\n\nProse.\n\n(ex-18)=\n### Ties\n\n## Unlabelled\n"
    assert build_languages.stub(text) == "(ex-17)=\n# Hand rankings kicker\n\n(ex-18)=\n## Ties\n"


def test_every_translated_page_is_in_the_table_of_contents():
    assert set(TRANSLATED) <= set(build_languages.toc_docs())


# ---- The built sites ------------------------------------------------------------------------------


class _Page(HTMLParser):
    """A built page: its lang, its article's text (without the switch), the switch's links, the
    untranslated notice's links, and every link of the download box."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.text: list[str] = []
        self.switch: dict[str, str] = {}
        self.notice: list[str] = []
        self.pdfs: list[str] = []
        self._article = self._switch = self._notice = self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "html":
            self.lang = a.get("lang", "")
        if tag == "article" and "bd-article" in classes:
            self._article = 1
        elif self._article:
            self._article += tag not in {"br", "img", "input", "meta", "link", "hr", "wbr"}
        if tag == "nav" and "language-switch" in classes:
            self._switch = self._article
        if tag == "div" and "untranslated" in classes:
            self._notice = self._article
        if tag in {"script", "style"}:
            self._skip += 1
        if tag == "a" and a.get("href"):
            if self._switch:
                self.switch[a.get("hreflang", "")] = a["href"]
            elif self._notice:
                self.notice.append(a["href"])
            if a["href"].endswith(".pdf"):
                self.pdfs.append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"} and self._skip:
            self._skip -= 1
        if self._article and tag not in {"br", "img", "input", "meta", "link", "hr", "wbr"}:
            if self._switch == self._article and tag == "nav":
                self._switch = 0
            if self._notice == self._article and tag == "div":
                self._notice = 0
            self._article -= 1

    def handle_data(self, data: str) -> None:
        if self._article and not self._switch and not self._skip:
            self.text.append(data)

    @property
    def article(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.text)).strip()


@cache
def _page(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _built(language: str, doc: str) -> Path:
    path = (SITE if language == "en" else SITE / language) / f"{doc}.html"
    if not path.exists():
        pytest.skip(f"{path.relative_to(ROOT)} is not built: run `make book` first")
    return path


def _resolve(path: Path, href: str) -> Path:
    return (path.parent / unquote(urlsplit(href).path)).resolve()


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("doc", TRANSLATED)
def test_a_translated_page_says_its_language_and_names_the_english_pages_numbers(language, doc):
    english, translated = _page(_built("en", doc)), _page(_built(language, doc))
    assert english.lang == "en" and translated.lang == language
    assert not translated.notice, f"{language}/{doc} is translated but says it is not"
    assert Counter(NUMBER.findall(translated.article)) == Counter(NUMBER.findall(english.article)), (
        f"{language}/{doc}: the numbers differ from the English page"
    )


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("doc", TRANSLATED)
def test_no_english_paragraph_is_left_on_a_translated_page(language, doc):
    """A msgid whose translation did not reach the page (a silent fallback) shows in English."""
    text = _squash(_page(_built(language, doc)).article)
    english_only = [
        str(m.id)
        for m in _catalogue(language, doc)
        if m.id and m.id != m.string and len(str(m.id)) > 40 and not ROLE.search(str(m.id))
    ]
    assert english_only, doc
    left = [line for line in english_only if _squash(line) in text]
    assert not left, f"{language}/{doc} still shows: {left[0][:80]!r}"


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("doc", TRANSLATED)
def test_a_translated_page_shows_its_own_languages_catalogue(language, doc):
    """Each paragraph of the page is its language's translation (not another language's)."""
    text = _squash(_page(_built(language, doc)).article)
    translated = [
        str(m.string)
        for m in _catalogue(language, doc)
        if m.id and len(str(m.string)) > 40 and not ROLE.search(str(m.id)) and m.id not in CAPTIONS
    ]
    assert translated, doc
    missing = [line for line in translated if _squash(line) not in text]
    assert not missing, f"{language}/{doc} does not show {missing[0][:80]!r}"


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_the_navigation_shows_the_parts_in_the_language(language):
    assert len(CAPTIONS) >= 8
    captions = {m.id: str(m.string) for m in _catalogue(language, "book/intro") if m.id in CAPTIONS}
    assert sorted(captions) == sorted(CAPTIONS)
    html = _built(language, "book/pots/01_three_players").read_text(encoding="utf-8")
    for english, translated in captions.items():
        assert f'<span class="caption-text">{translated}</span>' in html, (language, english)


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_the_pages_use_the_terminology_tables_words(language):
    glossary = _page(_built(language, "book/dealer/glossary")).article
    for term in TERMS.values():
        if term.glossary:
            assert term.word(language) in glossary, f"the {language} glossary lacks {term.word(language)!r}"
    for doc in (d for d in TRANSLATED if d.startswith("book/pots/")):  # Part 1's chapters
        text = _page(_built(language, doc)).article
        for name in POT_WORDS:
            assert TERMS[name].word(language).lower() in text.lower(), f"{language}/{doc}: no {name}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_has_a_switch_to_the_same_page_in_each_language(language):
    for doc in build_languages.toc_docs():
        path = _built(language, doc)
        switch = _page(path).switch
        assert sorted(switch) == sorted(c for c in LANGUAGES if c != language), f"{language}/{doc}: {switch}"
        for code, href in switch.items():
            target = _resolve(path, href)
            assert target == _built(code, doc).resolve(), f"{language}/{doc}: {href} is not {code}/{doc}"
            assert _page(target).lang == code


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_an_untranslated_page_says_so_and_links_to_the_english_page(language):
    untranslated = [doc for doc in build_languages.toc_docs() if doc not in TRANSLATED]
    assert untranslated
    for doc in untranslated:
        path = _built(language, doc)
        notice = _page(path).notice
        assert notice, f"{language}/{doc} has no notice that it is not translated"
        assert [_resolve(path, href) for href in notice] == [_built("en", doc).resolve()]


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("doc", ["book/intro", "book/dealer/cheat_sheet"])
def test_a_translated_page_links_its_languages_cheat_sheet(language, doc):
    path = _built(language, doc)
    targets = {_resolve(path, href).name: _resolve(path, href).parent for href in _page(path).pdfs}
    assert f"cheat-sheet-a4-{language}.pdf" in targets, f"{language}/{doc}: {sorted(targets)}"
    assert set(targets.values()) == {(SITE / "downloads").resolve()}


# ---- In a browser: one translated page on a phone -------------------------------------------------

WIDER = """() => {
  const article = document.querySelector("article.bd-article");
  article.querySelectorAll("details").forEach((d) => { d.open = true; });
  const box = article.getBoundingClientRect();
  return [...article.querySelectorAll("*")]
    .filter((el) => el.getClientRects().length && !el.closest(".cell_output, .highlight"))
    .filter((el) => el.getBoundingClientRect().right > box.right + 1 || el.scrollWidth > el.clientWidth + 1
      && getComputedStyle(el).overflowX !== "visible")
    .map((el) => el.tagName + "." + el.className + ": " + (el.textContent || "").slice(0, 40));
}"""


@pytest.mark.parametrize("language, doc", [("el", "book/dealer/glossary"), ("de", "book/pots/05_split_pot")])
def test_a_translated_page_fits_a_phone(language, doc):
    path = _built(language, doc)
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        pytest.skip("no Chromium at /usr/bin/chromium: `apt-get install -y chromium`")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(path.as_uri(), wait_until="load")
            assert page.evaluate("document.documentElement.lang") == language
            wider = page.evaluate(WIDER)
            assert not wider, f"{language}/{doc} at 390 px: wider than the column: {wider[:5]}"
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        finally:
            browser.close()


LIVE_DOCS = [doc for doc in build_languages.toc_docs() if doc.startswith("book/live/")]
SCRIPT_SRC = re.compile(r'<script type="module" src="([^"]+)"')
WORKER_URL = re.compile(r'var url = "([^"]+engine-worker\.mjs)"')
CHOOSER = re.compile(r"var site = \"(\w+)\", pages = (\{[^}]*\})")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_live_page_is_a_page_of_its_site_that_runs_the_english_sites_engine(language):
    """A translated site's calculator, checker and drills are pages of that site (their prose
    translated, no redirect) whose module and engine are the English site's: one copy of Pyodide,
    one shared engine for every language. The script at the top of each live page's head knows
    the same page in the other languages (where ``?lang=`` and the browser's language send the
    reader)."""
    assert len(LIVE_DOCS) == 3 and set(LIVE_DOCS) <= set(TRANSLATED)
    engine = (SITE / "live" / "engine-worker.mjs").resolve()
    for doc in LIVE_DOCS:
        path = _built(language, doc)
        text = path.read_text(encoding="utf-8")
        head = text.split("</head>")[0]
        assert 'http-equiv="refresh"' not in head, f"{language}/{doc} still sends the reader on"
        assert not _page(path).notice
        (src,) = SCRIPT_SRC.findall(text.split("</head>")[1])
        assert _resolve(path, src) == (SITE / "live" / Path(src).name).resolve(), src
        assert _resolve(path, src).exists(), src
        (worker,) = WORKER_URL.findall(head)
        assert _resolve(path, worker) == engine, worker
        chooser = CHOOSER.search(head)
        assert chooser and chooser.group(1) == language
        pages = json.loads(chooser.group(2))
        assert sorted(pages) == sorted(c for c in LANGUAGES if c != language)
        for code, url in pages.items():
            assert _resolve(path, url) == _built(code, doc).resolve(), (language, doc, code, url)
        assert head.index("var site =") < head.index('rel="stylesheet"'), "the chooser after a stylesheet"
    if language != "en":
        info = json.loads((SITE / language / "live" / "build-info.json").read_text(encoding="utf-8"))
        assert info == {"live": False, "site": "../"}  # the engine is the English site's
        assert not (SITE / language / "live" / "engine-worker.mjs").exists()  # never copied


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_a_translated_sites_links_to_the_live_pages_stay_in_the_site_with_their_table(language):
    """Every link of a translated site to a live page (the navigation's, the front page's cards,
    the chapters' links with a table) opens that site's live page, the table in its query: the
    reader stays in the language, and the page settles the chapter's hand."""
    site = _built(language, "book/intro").parents[1]
    english = {_built("en", doc).resolve() for doc in LIVE_DOCS}
    own = {_built(language, doc).resolve() for doc in LIVE_DOCS}
    seen = tables = 0
    for path in site.rglob("*.html"):
        for tag, href in re.findall(r'(<[^<>]*?)href="([^"]+)"', path.read_text(encoding="utf-8")):
            if "://" in href or href.startswith(("#", "mailto:")) or 'hreflang="' in tag:
                continue  # the language switch opens the page in another language
            target = _resolve(path, href)
            assert target not in english, f"{path.relative_to(SITE)} leaves the site for {href}"
            if target in own:
                seen += 1
                query = urlsplit(href.replace("&amp;", "&")).query
                assert "lang=" not in query, href  # the site says the language
                tables += "players=" in query
    assert seen > 3 * 10, seen  # the navigation of every page links the three live pages
    assert tables >= 3, tables  # Part 1's chapters open the calculator with their hand
