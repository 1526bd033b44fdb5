"""The front page and the search as a dealer meets them (issue 18, item 3), in Chromium.

On a phone (390 × 844) the first screen shows the three doors (split a pot now, check a hand
history, learn it) and no code; the sidebar starts with the tools at the table; searching
"three all-ins" or "several all-ins" puts the chapter that shows it first.
"""

from __future__ import annotations

import pytest
from browser import browser_mark

pytestmark = browser_mark()

PHONE = {"width": 390, "height": 844}

# Text nodes drawn on the first screen of the main column.
FIRST_SCREEN_TEXT = """(height) => {
  const root = document.querySelector("article") || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const seen = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.height > 0 && box.top < height) seen.push(node.textContent.trim());
  }
  return seen.filter(Boolean).join(" ");
}"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, service_workers="block")
    page = context.new_page()
    yield page
    context.close()


def test_the_three_doors_are_on_the_first_phone_screen(phone, server):
    phone.goto(f"{server}/book/intro.html")
    doors = phone.eval_on_selector_all(
        "article .sd-card",
        """cards => cards.map(card => {
            const link = card.querySelector("a.sd-stretched-link, a");
            const box = card.getBoundingClientRect();
            return {title: card.querySelector(".sd-card-title").textContent.trim(),
                    href: link ? link.getAttribute("href") : null,
                    top: box.top, bottom: box.bottom, width: box.width};
        })""",
    )
    assert [(d["title"], d["href"]) for d in doors] == [
        ("Split a pot now", "live/calculator.html"),
        ("Check a hand history", "live/history_checker.html"),
        ("Learn it", "start/primer.html"),
    ]
    for door in doors:
        assert door["top"] >= 0 and door["bottom"] <= PHONE["height"], door
        assert door["width"] >= 300, f"{door['title']}: a door narrower than the phone's column"
    text = phone.evaluate(FIRST_SCREEN_TEXT, PHONE["height"])
    assert "Split a pot now" in text and "Learn it" in text
    for word in ("assert", "Python", "potengine", "import", "settle("):
        assert word not in text, f"{word!r} on the first phone screen: {text[:300]}"
    code = phone.eval_on_selector_all(
        "article pre, article code, article .cell",
        f"els => els.filter(e => e.getBoundingClientRect().top < {PHONE['height']}).length",
    )
    assert code == 0, "code on the first phone screen"


def test_each_door_opens_its_page(phone, server):
    for title, heading in [
        ("Split a pot now", "The pot calculator"),
        ("Check a hand history", "Hand-history checker"),
        ("Learn it", "Before the first hand"),
    ]:
        phone.goto(f"{server}/book/intro.html")
        phone.locator("article .sd-card", has_text=title).click()
        assert heading in phone.locator("article h1").first.inner_text()


def test_the_sidebar_starts_at_the_table(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    try:
        page.goto(f"{server}/book/intro.html")
        captions = page.eval_on_selector_all(
            "nav.bd-docs-nav p.caption", "els => els.map(e => e.textContent.trim())"
        )
        assert captions[:3] == ["At the table", "Start here", "Part 1: Forming and awarding pots"]
        first = page.eval_on_selector_all(
            "nav.bd-docs-nav ul.nav.bd-sidenav >> nth=0 >> a",
            "els => els.map(e => e.textContent.trim())",
        )
        tools = ["The pot calculator", "Hand-history checker", "Dealer drills", "The dealer’s cheat sheet"]
        assert first == tools
    finally:
        context.close()


@pytest.mark.parametrize("query", ["three all-ins", "several all-ins"])
def test_search_puts_the_chapter_with_several_all_ins_first(browser, server, query):
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    try:
        page.goto(f"{server}/search.html?q={query}")
        page.wait_for_selector("#search-results ul.search li a", timeout=60_000)
        href = page.locator("#search-results ul.search li a").first.get_attribute("href") or ""
        assert href.startswith("book/course/03_all_ins_and_side_pots.html#"), href
        page.goto(f"{server}/{href}")
        section = page.evaluate(
            "id => document.getElementById(id).closest('section').id", href.split("#", 1)[1]
        )
        assert section.endswith("three-pots-ex-34"), f"{query!r} leads to {section}, not to EX-34"
    finally:
        context.close()
