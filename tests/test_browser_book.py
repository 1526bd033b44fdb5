"""The book as its readers meet it, in a real browser (Debian's Chromium driven by Playwright).

* Navigation: the menu button and "On this page" open and close on a phone, a tablet and a
  desktop (the themes wire a hidden duplicate button; ``_static/sidebar-toggles.js`` hands the
  visible one's taps over).
* Width: every page of the built site, the live pages with a result shown, is walked at 390 and
  1280 px and in print; no element inside the article (table, code block, figure, signature, a
  long word) may be wider than the article's column, nor scroll inside a box of its own. A check
  of the whole page's overflow is not enough: a table that scrolls in its own box passes it.
* Dark mode: with a dark system setting the book is dark, every picture sits on a light card or
  is opaque, and the engine's tables keep readable text.

Skipped with the reason without the built site, Chromium or Playwright (``browser_mark``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser import ROOT, Watched, answer_drill, answer_drill_pots, browser_mark

from potengine.drills import deal

pytestmark = browser_mark()

PAGES = [
    "book/intro",
    *re.findall(r"^\s*- file: (\S+)", (ROOT / "_toc.yml").read_text(encoding="utf-8"), re.MULTILINE),
]
CHAPTERS = [page for page in PAGES if not page.startswith("book/live/")]
LIVE = [page for page in PAGES if page.startswith("book/live/")]

CALCULATOR_QUERY = {
    "players": "Alice:40,Bilal:100,Chloé:100,David:30",
    "folded": "David",
    "ranking": "Alice>Chloé=Bilal",
    "button": "Chloé",
    "chip": "1",
}
SAMPLES = ROOT / "potengine/histories/samples/pokerstars"
HISTORIES = ["side_pots.txt", "wrong_pot_off_by_one.txt", "split_odd_chip.txt"]
DRILL = (5, 7)  # level, seed
STATIC_TIMEOUT = 20_000  # ms: a chapter (no engine) loads in about a second on a busy machine
PRINT_WIDTH = 718  # an A4 page at 96 px an inch, less Chromium's default margins

# Every element of the article that is wider than the article's column: its box reaches past the
# column's edges, or it scrolls (or clips) content wider than itself, or text spills out of it (a
# long word: the element holding it is named). Folded parts (<details>: "Show code", the exercises'
# solutions) are opened first, since a reader opens them. An offender's descendants are not listed
# again; visually hidden parts (clipped to nothing, e.g. a stacked table's header) are skipped.
MEASURE = """() => {
  const article = document.querySelector("article.bd-article");
  article.querySelectorAll("details").forEach((d) => { d.open = true; });
  const cs = getComputedStyle(article);
  const box = article.getBoundingClientRect();
  const left = box.left + parseFloat(cs.paddingLeft), right = box.right - parseFloat(cs.paddingRight);
  const hidden = [], offenders = [], spilling = [];
  const describe = (el, how, width) => {
    const cls = el.getAttribute("class") || "";
    const text = (el.textContent || el.getAttribute("alt") || "").replace(/\\s+/g, " ").trim();
    return {el, how, width: Math.round(width), text: text.slice(0, 40),
            name: el.tagName.toLowerCase() + (cls ? "." + cls.trim().split(/\\s+/).join(".") : "")};
  };
  for (const el of article.querySelectorAll("*")) {
    if (hidden.some((h) => h.contains(el)) || offenders.some((o) => o.el.contains(el))) continue;
    const style = getComputedStyle(el);
    if (style.clipPath !== "none" || style.clip !== "auto") { hidden.push(el); continue; }
    const r = el.getBoundingClientRect();
    if ((r.width === 0 && r.height === 0) || style.visibility === "hidden") continue;
    const wider = el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1;
    if (r.left < left - 1 || r.right > right + 1) {
      offenders.push(describe(el, "reaches past the column", r.width));
    } else if (wider && style.overflowX !== "visible") {
      offenders.push(describe(el, "scrolls content wider than itself", el.scrollWidth));
    } else if (wider) {
      spilling.push(describe(el, "lets its text spill out", el.scrollWidth));
    }
  }
  // A box that spills is named only when no element inside it is (then its own text spills).
  for (const s of spilling.reverse()) {
    if (!offenders.some((o) => s.el.contains(o.el) || o.el.contains(s.el))) offenders.push(s);
  }
  return {column: Math.round(right - left), offenders: offenders.map(({el, ...o}) => o)};
}"""


WIDE_PROBES = """() => {
  const article = document.querySelector("article.bd-article");
  article.insertAdjacentHTML("beforeend",
    '<div class="probe-box" style="overflow-x:auto"><table><tr><td style="white-space:nowrap">'
    + "Winner(s) ".repeat(60) + "</td></tr></table></div>"
    + '<figure class="probe-figure" style="width:900px;margin:0">a wide chart</figure>');
}"""


def open_page(watched: Watched, path: str) -> None:
    """Open a page; a live page with its engine ready and a result shown."""
    page = watched.page
    name = path.rsplit("/", 1)[-1]
    if name == "calculator":
        watched.open(f"{path}.html", CALCULATOR_QUERY, state="done")
    elif name == "history_checker":
        watched.open(f"{path}.html", state="ready")
        text = "\n\n".join((SAMPLES / n).read_text(encoding="utf-8") for n in HISTORIES)
        page.evaluate("text => { document.querySelector('#history-input').value = text; }", text)
        page.click("#history-check")
        watched.wait_state("done,invalid", "#history-checker")
        page.locator("#history-results details").first.wait_for()
    elif name == "dealer_drills":
        level, seed = DRILL
        watched.open(f"{path}.html", {"level": str(level), "seed": str(seed)}, state="asking")
        answer = deal(level, seed).answer()
        answer_drill_pots(watched, len(answer["pots"]))
        answer_drill(watched, answer)
    else:
        page.goto(f"{watched.origin}/{path}.html")


def too_wide(watched: Watched, path: str, where: str) -> list[str]:
    found = watched.page.evaluate(MEASURE)
    return [
        f"{path} at {where}: <{o['name']}> {o['how']} ({o['width']} px in a column of "
        f"{found['column']} px): {o['text']!r}"
        for o in found["offenders"]
    ]


def test_nothing_in_any_page_is_wider_than_its_column(browser, server) -> None:
    """Every page of _toc.yml at 390 and 1280 px and printed on A4, each loaded once (the live
    pages start their engine once) and measured at each width in turn."""
    watched = Watched(browser, server, width=390, height=844)
    problems: list[str] = []
    try:
        for path in PAGES:
            open_page(watched, path)
            page = watched.page
            for width in (390, 1280):
                page.set_viewport_size({"width": width, "height": 844})
                problems += too_wide(watched, path, f"{width} px")
            page.emulate_media(media="print")
            page.set_viewport_size({"width": PRINT_WIDTH, "height": 1123})
            problems += too_wide(watched, path, "print")
            page.emulate_media(media="screen")
            page.set_viewport_size({"width": 390, "height": 844})
            if path.startswith("book/live/"):  # measured with its result shown
                assert page.locator("article table, article svg").count() > 0, path
        assert not problems, f"{len(problems)} elements wider than the column:\n" + "\n".join(problems)
        # The measure itself: a table scrolling in a box of its own, and a figure past the edge.
        page.evaluate(WIDE_PROBES)
        found = "\n".join(too_wide(watched, "probe", "390 px"))
        assert "<div.probe-box> scrolls content wider than itself" in found, found
        assert "<figure.probe-figure> reaches past the column" in found, found
        watched.check()
    finally:
        watched.close()


# ----------------------------------------------------------------------------------------------
# Navigation
# ----------------------------------------------------------------------------------------------


class Reader:
    """A page in a touch-screen context of the given width (and colour scheme), its console
    watched: every test below fails on a console error or an uncaught exception."""

    def __init__(self, browser, origin: str, width: int, scheme: str = "light") -> None:
        self.origin = origin
        self.scheme = scheme
        self.errors: list[str] = []
        self.context = browser.new_context(
            viewport={"width": width, "height": 800},
            has_touch=True,
            color_scheme=scheme,
            service_workers="block",
        )
        self.page = self.context.new_page()
        self.page.set_default_timeout(STATIC_TIMEOUT)
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda err: self.errors.append(f"uncaught: {err}"))

    def open(self, path: str) -> None:
        self.page.goto(f"{self.origin}/{path}.html")
        self.page.wait_for_load_state("load")

    def tap(self, selector: str) -> None:
        """Tap the one visible element matching ``selector``."""
        visible = self.page.locator(selector).filter(visible=True)
        assert visible.count() == 1, f"{visible.count()} visible {selector} at this width"
        visible.tap()

    def tap_at(self, x: float, y: float) -> None:
        self.page.touchscreen.tap(x, y)


@pytest.fixture
def reader(request, browser, server) -> Iterator[Reader]:
    width, scheme = request.param if isinstance(request.param, tuple) else (request.param, "light")
    seen = Reader(browser, server, width, scheme)
    yield seen
    try:
        assert not seen.errors, f"console errors: {seen.errors[:5]}"
    finally:
        seen.context.close()


CHAPTER = "book/pots/01_three_players"
# A link of the book's table of contents far from the current page, and a heading of this page.
CHAPTER_LIST_LINK = "nav.bd-docs-nav a[href$='calculator.html']"
PAGE_TOC_LINK = "nav.page-toc a.nav-link"


def dialog_open(page, dialog: str) -> bool:
    return page.evaluate(f"document.getElementById('{dialog}').open")


@pytest.mark.parametrize("reader", [390, 800], indirect=True, ids=lambda w: f"{w}px")
def test_the_menu_opens_and_closes_on_a_phone_and_a_tablet(reader: Reader) -> None:
    page = reader.page
    reader.open(CHAPTER)
    chapters = page.locator(CHAPTER_LIST_LINK)
    assert not chapters.is_visible()
    reader.tap(".primary-toggle")
    page.wait_for_function("document.getElementById('pst-primary-sidebar-modal').open")
    chapters.wait_for(state="visible")
    assert page.locator("nav.bd-docs-nav a.reference").filter(visible=True).count() >= len(PAGES) - 1
    # Closed by a tap beside the drawer (on its backdrop), as on any phone.
    drawer = page.locator("#pst-primary-sidebar-modal").bounding_box()
    assert drawer is not None
    viewport = page.viewport_size
    assert viewport is not None and drawer["x"] + drawer["width"] < viewport["width"] - 20
    reader.tap_at(viewport["width"] - 10, viewport["height"] / 2)
    page.wait_for_function("!document.getElementById('pst-primary-sidebar-modal').open")
    chapters.wait_for(state="hidden")
    # ... and opens again (the theme moves the list back and forth between sidebar and drawer).
    reader.tap(".primary-toggle")
    chapters.wait_for(state="visible")
    page.keyboard.press("Escape")
    chapters.wait_for(state="hidden")


@pytest.mark.parametrize("reader", [390, 800, 1024], indirect=True, ids=lambda w: f"{w}px")
def test_on_this_page_opens_and_closes_on_a_phone_and_a_tablet(reader: Reader) -> None:
    page = reader.page
    reader.open(CHAPTER)
    headings = page.locator(PAGE_TOC_LINK)
    assert not headings.first.is_visible()
    reader.tap(".secondary-toggle")
    page.wait_for_function("document.getElementById('pst-secondary-sidebar-modal').open")
    headings.first.wait_for(state="visible")
    # The list is this page's headings: each link leads to a section of the page.
    targets = page.eval_on_selector_all(PAGE_TOC_LINK, "links => links.map(a => a.hash.slice(1))")
    assert len(targets) >= 3
    assert all(page.locator(f"section[id='{t}']").count() == 1 for t in targets), targets
    drawer = page.locator("#pst-secondary-sidebar-modal").bounding_box()
    assert drawer is not None and drawer["x"] > 20
    viewport = page.viewport_size
    assert viewport is not None
    reader.tap_at(10, viewport["height"] / 2)
    page.wait_for_function("!document.getElementById('pst-secondary-sidebar-modal').open")
    headings.first.wait_for(state="hidden")


@pytest.mark.parametrize("reader", [1024, 1280], indirect=True, ids=lambda w: f"{w}px")
def test_on_a_desktop_the_menu_folds_away_and_back(reader: Reader) -> None:
    page = reader.page
    reader.open(CHAPTER)
    chapters = page.locator(CHAPTER_LIST_LINK)
    assert chapters.is_visible()
    if page.viewport_size == {"width": 1280, "height": 800}:
        assert page.locator(PAGE_TOC_LINK).first.is_visible()  # "On this page" beside the text
    reader.tap(".primary-toggle")
    chapters.wait_for(state="hidden")
    assert not dialog_open(page, "pst-primary-sidebar-modal")  # folded, not a drawer
    reader.tap(".primary-toggle")
    chapters.wait_for(state="visible")


# ----------------------------------------------------------------------------------------------
# Dark mode
# ----------------------------------------------------------------------------------------------

# Each picture of the article: the share of its pixels that are not opaque, and the colour of
# what shows through them (the nearest background that is not transparent, the page's if none).
PICTURES = """async () => {
  const rgba = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c.length === 3 || c[3] > 0.9)) return c.slice(0, 3);
    }
    return rgba(getComputedStyle(document.body).backgroundColor).slice(0, 3);
  };
  const out = [];
  for (const img of document.querySelectorAll("article.bd-article img")) {
    await img.decode().catch(() => null);
    const w = Math.min(img.naturalWidth, 400), h = Math.min(img.naturalHeight, 400);
    const canvas = Object.assign(document.createElement("canvas"), {width: w, height: h});
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0, w, h);
    const data = ctx.getImageData(0, 0, w, h).data;
    let clear = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] < 250) clear += 1;
    out.push({src: img.getAttribute("src").split("/").pop().slice(0, 40), alt: img.alt,
              clear: clear / (w * h), behind: behind(img)});
  }
  return out;
}"""

# Each cell of an engine table: its text colour and the background behind it.
CELLS = """() => {
  const rgba = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c.length === 3 || c[3] > 0.9)) return c.slice(0, 3);
    }
    return rgba(getComputedStyle(document.body).backgroundColor).slice(0, 3);
  };
  return [...document.querySelectorAll("article.bd-article table.potengine td")]
    .filter((td) => td.textContent.trim())
    .map((td) => ({text: td.textContent.trim().slice(0, 30),
                   color: rgba(getComputedStyle(td).color).slice(0, 3), behind: behind(td)}));
}"""


def luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("reader", [(390, "light"), (390, "dark")], indirect=True, ids=["light", "dark"])
def test_the_book_follows_the_system_colour_scheme(reader: Reader) -> None:
    reader.open(CHAPTER)
    expected = reader.scheme
    assert reader.page.evaluate("document.documentElement.dataset.mode") == "auto"
    assert reader.page.evaluate("document.documentElement.dataset.theme") == expected
    background = reader.page.evaluate("getComputedStyle(document.body).backgroundColor")
    dark = luminance([float(c) for c in re.findall(r"[\d.]+", background)[:3]]) < 0.2
    assert dark == (expected == "dark"), background


@pytest.mark.parametrize("reader", [(1280, "dark")], indirect=True, ids=["dark"])
def test_in_dark_mode_every_picture_and_table_is_readable(reader: Reader) -> None:
    """A chart drawn in dark ink on a transparent background vanishes on a dark page: each
    picture must be opaque or sit on a light background; table text keeps a 4.5:1 contrast."""
    problems = []
    pictures = 0
    for path in CHAPTERS:
        reader.open(path)
        assert reader.page.evaluate("document.documentElement.dataset.theme") == "dark", path
        for picture in reader.page.evaluate(PICTURES):
            pictures += 1
            if picture["clear"] > 0.01 and luminance(picture["behind"]) < 0.5:
                problems.append(
                    f"{path}: {picture['src']} ({picture['alt']!r}) is {picture['clear']:.0%} "
                    f"transparent over a dark background {picture['behind']}"
                )
        for cell in reader.page.evaluate(CELLS):
            ratio = contrast(cell["color"], cell["behind"])
            if ratio < 4.5:
                problems.append(f"{path}: table cell {cell['text']!r} has contrast {ratio:.1f}:1")
    assert pictures >= 10, f"only {pictures} pictures found in the chapters"
    assert not problems, "\n".join(problems)
    # The check itself: a chart in dark ink on a transparent background, with no card behind it,
    # is found.
    reader.page.evaluate(TRANSPARENT_CHART)
    found = [p for p in reader.page.evaluate(PICTURES) if p["alt"] == "transparent test chart"]
    assert len(found) == 1 and found[0]["clear"] > 0.5 and luminance(found[0]["behind"]) < 0.5, found


TRANSPARENT_CHART = """async () => {
  const canvas = Object.assign(document.createElement("canvas"), {width: 120, height: 60});
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#000"; ctx.fillRect(10, 20, 100, 4);
  const img = Object.assign(document.createElement("img"), {alt: "transparent test chart"});
  img.style.background = "none";
  img.src = canvas.toDataURL("image/png");
  await img.decode();
  document.querySelector("article.bd-article").append(img);
}"""
