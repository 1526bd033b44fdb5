"""Print the book: one PDF of the whole book (A4 and Letter) and the cheat sheet on one A4 page.

The built site (``_build/html``) is the source: each page's article, in the order of ``_toc.yml``,
goes into one print document with a title page and a table of contents; links between pages
become links inside the document, links to what the book does not print (the index, the source
views) become plain text, and what only works on a screen (folded code and its "Show code" bar,
buttons, the live pages' forms, the site's download links) is left out. Debian's Chromium, driven
by Playwright, prints it with page numbers and bookmarks (the PDF outline: parts, chapters,
sections). It prints twice: the first print tells on which page each chapter starts, the second
writes those numbers into the table of contents (it checks that they did not move).

Usage: python tools/build_pdf.py [SITE] [--out DIR] [--paper a4 letter]
       (SITE defaults to _build/html, DIR to SITE/downloads)
"""

from __future__ import annotations

import argparse
import asyncio
import html
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

import yaml
from bs4 import BeautifulSoup, Tag
from playwright.async_api import Browser, async_playwright
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject, NameObject, TextStringObject

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from languages import LANGUAGES, cheat_sheet_pdf  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
BOOK_FILE = "splitting-the-pot-{paper}.pdf"
CHEAT_SHEET_FILE = "cheat-sheet-a4.pdf"  # the English one; cheat-sheet-a4-nl.pdf etc. beside it
CHEAT_SHEET = "book/dealer/cheat_sheet"
PAPERS = {"a4": "A4", "letter": "letter"}
WIDTH_MM = {"a4": 210.0, "letter": 215.9}
MARGINS_MM = (15.0, 15.0, 17.0, 15.0)  # top, right, bottom (the page number), left
# The smallest print scale the cheat sheet may need to fit one page (below it, it is too small
# to read at the table: shorten the page instead).
CHEAT_SHEET_MIN_SCALE = 0.7
# What only works on a screen. The site's own "downloads" blocks link to these PDFs.
SCREEN_ONLY = [
    "script",
    "noscript",
    "style",
    "button",
    "form",
    "input",
    "select",
    "textarea",
    "a.headerlink",
    "details.hide",  # a folded code cell: the "Show code" bar and the code behind it
    "div.downloads",
    "nav.language-switch",  # the site's languages (tools/languages.py): links between sites
    "div.untranslated",
    "p.potengine-calculator-link",  # "Open this example in the calculator": a screen's link
    ".copybtn",
    ".viewcode-link",  # "[source]": the engine's code on the site
    ".toggle-details__summary",
]
LIVE_NOTE = (
    "In the printed book this page keeps only its instructions: the {what} itself runs on the "
    "book's website, in the browser."
)


@dataclass(frozen=True)
class Part:
    """A part of the book as ``_toc.yml`` lists it: its caption and its chapters (page paths)."""

    caption: str
    chapters: tuple[str, ...]


def read_toc(path: Path) -> tuple[str, list[Part]]:
    """The root page and the parts of a Jupyter Book ``_toc.yml``.

    >>> root, parts = read_toc(ROOT / "_toc.yml")
    >>> root, parts[1].chapters[0]
    ('book/intro', 'book/pots/01_three_players')
    """
    toc = yaml.safe_load(path.read_text(encoding="utf-8"))
    parts = [
        Part(part["caption"], tuple(chapter["file"] for chapter in part["chapters"])) for part in toc["parts"]
    ]
    return toc["root"], parts


def anchor(page: str, fragment: str = "") -> str:
    """The id a page (or an id inside it) gets in the print document, unique across the book.

    >>> anchor("book/pots/01_three_players"), anchor("book/dealer/glossary", "term-all-in")
    ('pots-01_three_players', 'dealer-glossary--term-all-in')
    """
    key = page.removeprefix("book/").replace("/", "-")
    return f"{key}--{fragment}" if fragment else key


def load_article(site: Path, page: str) -> Tag:
    """The ``<article>`` of a built page (its content, without the site's navigation)."""
    text = (site / f"{page}.html").read_text(encoding="utf-8")
    start, end = text.find('<article class="bd-article">'), text.rfind("</article>")
    # Only the article is parsed: the rest of the page (the navigation of the whole book) is most
    # of it, and parsing is most of this tool's own time.
    soup = BeautifulSoup(text[start : end + len("</article>")] if 0 <= start < end else "", "html.parser")
    article = soup.find("article", class_="bd-article")
    if not isinstance(article, Tag):
        raise SystemExit(f"build_pdf: {page}.html has no <article class='bd-article'>: was the site built?")
    return article


def clean_article(article: Tag, page: str, pages: set[str], site: Path) -> None:
    """Make one page's article printable, in place, for a print document that holds ``pages``.

    Ids are made unique across the book, links to printed pages point inside the document, links
    to anything else local become plain text (external http(s) links stay), images are addressed
    from the site's folder, headings move one level down (parts are the top level), and what only
    works on a screen goes.
    """
    for selector in SCREEN_ONLY:
        for element in article.select(selector):
            element.decompose()
    for live in article.select("div.potengine-live"):
        what = {"pot-calculator": "calculator"}.get(str(live.get("id")), "page")
        note = BeautifulSoup(
            f'<p class="pb-note">{html.escape(LIVE_NOTE.format(what=what))}</p>', "html.parser"
        )
        live.replace_with(note)
    for element in article.find_all(id=True):
        element["id"] = anchor(page, str(element["id"]))
    here = PurePosixPath(page).parent
    for link in article.find_all("a", href=True):
        target = _link_target(str(link["href"]), page, here, pages)
        if target is None:
            link.unwrap()
        else:
            link["href"] = target
    for image in article.find_all("img", src=True):
        src = str(image["src"])
        if not urlsplit(src).scheme:
            image["src"] = (site / here / unquote(urlsplit(src).path)).resolve().as_uri()
    if page != "book/intro":
        for level in range(6, 0, -1):
            for heading in article.find_all(f"h{level}"):
                heading.name = f"h{min(level + 1, 6)}"


def _link_target(href: str, page: str, here: PurePosixPath, pages: set[str]) -> str | None:
    """Where a link of ``page`` points in the print document; None: print its text only."""
    parts = urlsplit(href)
    if parts.scheme in {"http", "https", "mailto"}:
        return href
    if parts.scheme or parts.netloc:
        return None
    if not parts.path:
        return f"#{anchor(page, unquote(parts.fragment))}" if parts.fragment else None
    target = _normalise(here / unquote(parts.path))
    if not target.endswith(".html") or target.removesuffix(".html") not in pages:
        return None
    target = target.removesuffix(".html")
    return f"#{anchor(target, unquote(parts.fragment))}" if parts.fragment else f"#{anchor(target)}"


def _normalise(path: PurePosixPath) -> str:
    """``book/pots/../dealer/x.html`` -> ``book/dealer/x.html``."""
    out: list[str] = []
    for piece in path.parts:
        if piece == "..":
            if out:
                out.pop()
        elif piece != ".":
            out.append(piece)
    return "/".join(out)


def chapter_title(article: Tag) -> str:
    """The text of a (cleaned) article's first heading: the chapter's number and title."""
    heading = article.find(re.compile(r"^h[1-6]$"))
    return re.sub(r"\s+", " ", heading.get_text(" ", strip=True)) if heading else ""


def stylesheets(site: Path, page: str) -> list[str]:
    """The site's stylesheets, as the built ``page`` links them, addressed as files."""
    soup = BeautifulSoup((site / f"{page}.html").read_text(encoding="utf-8"), "html.parser")
    here = site / PurePosixPath(page).parent
    sheets = []
    for link in soup.find_all("link", rel="stylesheet", href=True):
        href = urlsplit(str(link["href"]))
        if not href.scheme:
            sheets.append((here / unquote(href.path)).resolve().as_uri())
    return sheets


def _head(site: Path, paper: str, title: str, kind: str, language: str = "en") -> str:
    sheets = stylesheets(site, CHEAT_SHEET)
    if not any("/print.css" in sheet for sheet in sheets):  # a site built before print.css
        sheets.append((ROOT / "_static" / "print.css").as_uri())
    links = "\n".join(f'<link rel="stylesheet" href="{html.escape(sheet)}">' for sheet in sheets)
    margins = " ".join(f"{mm}mm" for mm in MARGINS_MM)
    return (
        f'<!DOCTYPE html>\n<html lang="{language}" data-theme="light" class="pb-{kind}">\n<head>\n'
        f'<meta charset="utf-8">\n<title>{html.escape(title)}</title>\n{links}\n'
        f"<style>@page {{ size: {PAPERS[paper]}; margin: {margins}; }}</style>\n</head>\n"
    )


def book_document(site: Path, toc: Path) -> str:
    """The whole book as one HTML document to print on A4, its contents not yet numbered.

    :func:`for_paper` sets another paper, :func:`with_page_numbers` numbers the contents.
    """
    root, parts = read_toc(toc)
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    title, author = str(config.get("title", "")), str(config.get("author", ""))
    pages = {root, *(chapter for part in parts for chapter in part.chapters)}

    def entry(page: str, text: str, level: str) -> str:
        return (
            f'<li class="toc-{level}"><a href="#{anchor(page)}"><span class="toc-title">{html.escape(text)}'
            f'</span><span class="toc-page" data-for="{anchor(page)}"></span></a></li>'
        )

    body: list[str] = []
    contents: list[str] = []
    article = load_article(site, root)
    clean_article(article, root, pages, site)
    contents.append(entry(root, chapter_title(article), "chapter"))
    body.append(f'<section class="pb-chapter" id="{anchor(root)}">{article.decode_contents()}</section>')
    for number, part in enumerate(parts):
        part_id = f"part-{number}"
        contents.append(f'<li class="toc-part">{html.escape(part.caption)}</li>')
        for index, page in enumerate(part.chapters):
            article = load_article(site, page)
            clean_article(article, page, pages, site)
            contents.append(entry(page, chapter_title(article), "chapter"))
            heading = (
                f'<h1 class="pb-part" id="{part_id}">{html.escape(part.caption)}</h1>' if index == 0 else ""
            )
            content = article.decode_contents()
            body.append(f'<section class="pb-chapter" id="{anchor(page)}">{heading}{content}</section>')
    version = _version()
    cover = (
        f'<section class="pb-cover"><p class="pb-cover-title">{html.escape(title)}</p>'
        '<p class="pb-cover-subtitle">Side pots, split pots and odd chips, worked example by example, '
        "with the potengine engine</p>"
        f'<p class="pb-cover-author">{html.escape(author)} · potengine {html.escape(version)}</p>'
        '<p class="pb-cover-note">The printed book leaves out the code that the website folds away '
        "(behind “Show code”): every result, table and chart it computes is printed. The pot calculator, "
        "the hand-history checker and the dealer drills run on the website.</p></section>"
    )
    toc_html = (
        f'<section class="pb-toc"><h1 id="contents">Contents</h1><ul>{"".join(contents)}</ul></section>'
    )
    return (
        _head(site, "a4", title, "book")
        + f"<body>\n{cover}\n{toc_html}\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def for_paper(document: str, paper: str) -> str:
    """The print document with its page size set to ``paper``.

    >>> for_paper("<style>@page { size: A4; margin: 1mm; }</style>", "letter")
    '<style>@page { size: letter; margin: 1mm; }</style>'
    """
    return re.sub(r"@page \{ size: [^;]+;", f"@page {{ size: {PAPERS[paper]};", document, count=1)


def with_page_numbers(document: str, numbers: dict[str, int]) -> str:
    """The print document with each chapter's first page written in its contents.

    >>> with_page_numbers('<span class="toc-page" data-for="x"></span>', {"x": 7})
    '<span class="toc-page" data-for="x">7</span>'
    """

    def number(match: re.Match[str]) -> str:
        return f"{match.group(1)}{numbers.get(match.group(2), '')}</span>"

    return re.sub(r'(<span class="toc-page" data-for="([^"]+)">)[^<]*</span>', number, document)


def language_site(site: Path, language: str) -> Path:
    """Where the site in ``language`` is: English at the root, the others in /nl/, /de/, /el/."""
    return site if language == "en" else site / language


def sheet_languages(site: Path) -> list[str]:
    """The languages whose cheat sheet the built site holds (English first)."""
    return [code for code in LANGUAGES if (language_site(site, code) / f"{CHEAT_SHEET}.html").exists()]


def cheat_sheet_document(site: Path, language: str = "en") -> str:
    """The cheat sheet alone, to print on one page (its links to chapters become plain text)."""
    site = language_site(site, language)
    article = load_article(site, CHEAT_SHEET)
    clean_article(article, CHEAT_SHEET, {CHEAT_SHEET}, site)
    for heading in article.find_all(re.compile(r"^h[1-6]$")):  # back to the page's own levels
        heading.name = f"h{int(heading.name[1]) - 1}"
    return (
        _head(site, "a4", chapter_title(article), "sheet", language)
        + f"<body>\n{article.decode_contents()}\n</body></html>\n"
    )


def _version() -> str:
    match = re.search(
        r'__version__ = "([^"]+)"', (ROOT / "potengine" / "__init__.py").read_text(encoding="utf-8")
    )
    return match.group(1) if match else ""


def column_px(paper: str) -> int:
    """The width of the printed column on ``paper``, in CSS pixels (96 a inch).

    >>> column_px("a4")
    680
    """
    return int((WIDTH_MM[paper] - MARGINS_MM[1] - MARGINS_MM[3]) / 25.4 * 96)


async def print_pdf(
    browser: Browser, document: Path, pdf: Path, paper: str, scale: float = 1.0, outline: bool = True
) -> None:
    """Print an HTML file to PDF: the page size of its CSS, bookmarks (``outline``) from its headings.

    First, laid out in print media at the column's width, no table, code block or figure may be
    wider than the column (that would be cut at the margin). Each print has a browser context of
    its own (a renderer process of its own: prints run side by side on several cores).
    """
    context = await browser.new_context(viewport={"width": int(column_px(paper) / scale), "height": 1000})
    try:
        page = await context.new_page()
        await page.emulate_media(media="print")
        await page.goto(document.as_uri(), wait_until="load")
        overflow = await page.evaluate(OVERFLOW_JS)
        if overflow:
            raise SystemExit(
                f"build_pdf: wider than the page in {document.name}: " + "; ".join(overflow[:10])
            )
        headings = await page.evaluate(HEADINGS_JS)
        await page.pdf(
            path=str(pdf),
            prefer_css_page_size=True,
            print_background=True,
            outline=outline,
            tagged=outline,  # Chromium builds the bookmarks from the tags; untagged prints are faster
            scale=scale,
        )
    finally:
        await context.close()
    if outline:
        await asyncio.to_thread(retitle_outline, pdf, headings)


def retitle_outline(pdf: Path, titles: list[str]) -> None:
    """Give the PDF's bookmarks the headings' own words.

    Chromium (156) makes a bookmark of every shown heading, in order, but writes some titles twice,
    drops the space at a line break and applies text-transform ("PART 1: ..."); the count and the
    order are right, so the titles are replaced one for one (a different count is an error). The
    new titles are appended as an incremental update (PDF 1.7, 7.5.6): rewriting the whole file
    with pypdf takes longer than printing it.
    """
    reader = PdfReader(pdf)
    items: list[tuple[IndirectObject, DictionaryObject]] = []

    def walk(ref: object) -> None:
        while isinstance(ref, IndirectObject):
            node = ref.get_object()
            assert isinstance(node, DictionaryObject)
            items.append((ref, node))
            walk(node.raw_get("/First") if "/First" in node else None)
            ref = node.raw_get("/Next") if "/Next" in node else None

    outlines = reader.trailer["/Root"].get("/Outlines")  # dict.get: not resolved
    outlines = outlines.get_object() if outlines is not None else None
    if isinstance(outlines, DictionaryObject) and "/First" in outlines:
        walk(outlines.raw_get("/First"))
    if len(items) != len(titles):
        raise SystemExit(f"build_pdf: {pdf.name} has {len(items)} bookmarks for {len(titles)} headings")
    data = pdf.read_bytes()
    previous = re.findall(rb"startxref\s+(\d+)\s+%%EOF", data)
    if not previous:
        raise SystemExit(f"build_pdf: {pdf.name} has no cross-reference table to update")
    with pdf.open("ab") as out:
        offsets: list[tuple[int, int, int]] = []
        out.write(b"\n")
        for (ref, node), title in zip(items, titles, strict=True):
            node[NameObject("/Title")] = TextStringObject(title)
            offsets.append((ref.idnum, ref.generation, out.tell()))
            out.write(f"{ref.idnum} {ref.generation} obj\n".encode())
            node.write_to_stream(out)
            out.write(b"\nendobj\n")
        xref = out.tell()
        out.write(b"xref\n")
        for number, generation, offset in sorted(offsets):
            out.write(f"{number} 1\n{offset:010d} {generation:05d} n\r\n".encode())
        trailer = reader.trailer
        size = max(int(trailer["/Size"]), max(number for number, _, _ in offsets) + 1)
        out.write(f"trailer\n<< /Size {size} /Root ".encode())
        trailer.raw_get("/Root").write_to_stream(out)
        if "/Info" in trailer:
            out.write(b" /Info ")
            trailer.raw_get("/Info").write_to_stream(out)
        out.write(f" /Prev {int(previous[-1])} >>\nstartxref\n{xref}\n%%EOF\n".encode())


# Every shown heading's words, in document order (as written, not as text-transform shows them).
HEADINGS_JS = """() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
  .filter(h => h.getClientRects().length && h.textContent.trim())  // Chromium skips the others
  .map(h => h.textContent.replace(/\\s+/g, ' ').trim())"""

# Elements wider than the printed column (measured in print media at the column's width).
OVERFLOW_JS = """() => {
  const width = document.body.clientWidth, out = [];
  for (const el of document.querySelectorAll('pre, table, img, figure, .cell_output, dl, .highlight')) {
    const over = el.scrollWidth - el.clientWidth, right = el.getBoundingClientRect().right;
    if (over > 1 || right > width + 1) {
      const where = el.closest('section.pb-chapter'), by = Math.round(Math.max(over, right - width));
      out.push(`${where ? where.id : 'document'}: <${el.tagName.toLowerCase()}> ${by} px too wide`);
    }
  }
  return out;
}"""


def first_pages(pdf: Path) -> dict[str, int]:
    """The page (from 1) of every named destination, that is of every target of a link in the PDF."""
    reader = PdfReader(pdf)
    return {
        str(name).lstrip("/"): reader.get_destination_page_number(dest) + 1
        for name, dest in reader.named_destinations.items()
    }


async def build_book(browser: Browser, document: str, out: Path, paper: str, work: Path) -> Path:
    """The whole book in one PDF on ``paper``, its table of contents numbered.

    Printed twice: the first print tells on which page each chapter starts (the targets of the
    contents' links are the PDF's named destinations), the second writes those pages into the
    contents, whose numbers have a fixed width, so nothing moves (checked).
    """
    document = for_paper(document, paper)
    html_file = work / f"book-{paper}.html"
    pdf = out / BOOK_FILE.format(paper=paper)
    keys = re.findall(r'<span class="toc-page" data-for="([^"]+)">', document)
    html_file.write_text(document, encoding="utf-8")
    await print_pdf(browser, html_file, pdf, paper, outline=False)  # only to learn the pages
    pages = await asyncio.to_thread(first_pages, pdf)
    missing = [key for key in keys if key not in pages]
    if missing:
        raise SystemExit(f"build_pdf: chapters without a page in {pdf.name}: {missing}")
    numbers = {key: pages[key] for key in keys}
    html_file.write_text(with_page_numbers(document, numbers), encoding="utf-8")
    await print_pdf(browser, html_file, pdf, paper)
    after = await asyncio.to_thread(first_pages, pdf)
    moved = {key: after.get(key) for key in keys if after.get(key) != numbers[key]}
    if moved:
        raise SystemExit(f"build_pdf: the page numbers moved between the two prints: {moved}")
    return pdf


async def build_cheat_sheet(
    browser: Browser, site: Path, out: Path, work: Path, language: str = "en"
) -> tuple[Path, float]:
    """The cheat sheet on exactly one A4 page, at the largest scale (of 1, 0.95, ...) that fits."""
    name = cheat_sheet_pdf(language)
    document = work / name.replace(".pdf", ".html")
    document.write_text(cheat_sheet_document(site, language), encoding="utf-8")
    pdf = out / name
    scale = 1.0
    while True:
        await print_pdf(browser, document, pdf, "a4", scale, outline=False)
        if len(PdfReader(pdf).pages) == 1:
            return pdf, scale
        scale = round(scale - 0.05, 2)
        if scale < CHEAT_SHEET_MIN_SCALE:
            raise SystemExit(f"build_pdf: the cheat sheet ({language}) does not fit one A4 page even at 70 %")


async def build_all(site: Path, out: Path, work: Path, papers: list[str]) -> None:
    """Every PDF, printed side by side by one headless Chromium."""
    start = time.monotonic()
    document = book_document(site, ROOT / "_toc.yml")
    print(f"build_pdf: the print document ({len(document) // 1024} kB) in {time.monotonic() - start:.0f} s")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            books = [build_book(browser, document, out, paper, work) for paper in papers]
            sheets = [build_cheat_sheet(browser, site, out, work, code) for code in sheet_languages(site)]
            results = await asyncio.gather(*books, *sheets)
        finally:
            await browser.close()
    for pdf in results[: len(books)]:
        print(f"build_pdf: {pdf} ({len(PdfReader(pdf).pages)} pages)")
    for sheet, scale in results[len(books) :]:
        print(f"build_pdf: {sheet} (one page at {scale:.0%})")
    print(f"build_pdf: all in {time.monotonic() - start:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--out", type=Path, help="where the PDFs go (default: SITE/downloads)")
    parser.add_argument("--paper", nargs="+", choices=sorted(PAPERS), default=["a4", "letter"])
    args = parser.parse_args(argv)
    site: Path = args.site.resolve()
    if not (site / f"{CHEAT_SHEET}.html").exists():
        print(f"build_pdf: {site} holds no built book: run make book", file=sys.stderr)
        return 1
    out: Path = (args.out or site / "downloads").resolve()
    out.mkdir(parents=True, exist_ok=True)
    work = site.parent / "pdf"  # the print documents, kept next to the site for a look
    work.mkdir(parents=True, exist_ok=True)
    asyncio.run(build_all(site, out, work, args.paper))
    return 0


if __name__ == "__main__":
    sys.exit(main())
