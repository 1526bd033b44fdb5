"""The live pages in English, Dutch, German and Greek, in a real browser (issue #22, item 2).

Each live page is a page of each language's site (``nl/book/live/calculator.html`` ...), its prose
translated, its module and engine the English site's. The calculator is opened in each language by
its address (``?lang=nl`` on the English page sends the reader to the Dutch one, the table kept),
by the browser's own language (a first visit) and as the translated page itself; a hand is settled
and the page's words are compared with potengine run here in CPython in that language: the same
explanation, the same pushes, the same amounts as in English, and the same language-neutral JSON.
The switch on the page opens the same page in the other language's site, the table (and the drill's
answers, the checker's text) kept; the drills and the checker speak the language too. At 390, 800
and 1280 px the German and Greek pages (the longest words) keep every control and every paragraph
in its column. See tests/browser.py for the harness.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from urllib.parse import parse_qs, urlsplit

import pytest
from babel.messages.pofile import read_po
from browser import ROOT, Watched, answer_drill_pots, browser_mark

from potengine.drills import RULES, deal
from potengine.i18n import LANGUAGES
from potengine.present.labels import NAMES, labels
from potengine.present.live import audit_document, audit_hands, calculate, mark_drill, survey

pytestmark = browser_mark()

PAGE = "book/live/calculator.html"
DRILLS = "book/live/dealer_drills.html"
CHECKER = "book/live/history_checker.html"
SHOTS = ROOT / "_build" / "screenshots" / "languages"
SAMPLES = ROOT / "potengine/histories/samples/pokerstars"
TOUCH = 44  # px: the least a thumb can hit
NUMBER = re.compile(r"[+−-]?\d+(?:\.\d+)?")

# A fold, a returned bet, a side pot and a tie with an odd chip.
HAND = {
    "players": "Alice:41,Bilal:100,Chloé:160,David:30",
    "folded": "David",
    "ranking": "Bilal=Chloé>Alice",
    "button": "Alice",
    "chip": "1",
}


def numbers(text: str) -> Counter[str]:
    return Counter(NUMBER.findall(text))


def lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]


def language_of(page) -> str:
    """The language the address holds: its site's (``/nl/`` ...), the same in ``?lang=``."""
    parts = urlsplit(page.url)
    site = next((c for c in LANGUAGES if c != "en" and parts.path.startswith(f"/{c}/")), "en")
    asked = parse_qs(parts.query).get("lang", [site])[0]
    assert asked == site == page.evaluate("document.documentElement.lang"), page.url
    return site


def translated(code: str, doc: str, english: str) -> str:
    """The translation of ``english`` in the catalogue of ``doc`` (the page's own prose)."""
    if code == "en":
        return english
    with (ROOT / "book/locale" / code / "LC_MESSAGES" / f"{doc}.po").open("rb") as handle:
        return next(str(m.string) for m in read_po(handle) if m.id == english)


def switch(watched: Watched, code: str) -> None:
    """Tap the language switch (the same page of ``code``'s site opens); wait until that page says
    everything in ``code``."""
    with watched.page.expect_navigation():
        watched.page.click(f".live-languages button[data-lang='{code}']")
    watched.page.wait_for_function(
        "code => document.querySelector('.potengine-live')?.dataset.said === code", arg=code
    )


def check_switch(page, code: str) -> None:
    """The four languages by their own names, the page's pressed, each big enough for a thumb."""
    buttons = page.locator(".live-languages button")
    assert buttons.all_inner_texts() == [NAMES[c] for c in LANGUAGES]
    # One switch on the page: the book's (which reloads through the translated site) is hidden
    assert page.locator("nav.language-switch").count() == 1
    assert page.locator("nav.language-switch").is_hidden()
    for i, c in enumerate(LANGUAGES):
        assert buttons.nth(i).get_attribute("aria-pressed") == str(c == code).lower()
        box = buttons.nth(i).bounding_box()
        assert box and box["width"] >= TOUCH and box["height"] >= TOUCH, (c, box)


def check_calculator(watched: Watched, code: str, fields: dict[str, str] = HAND) -> None:
    """The settled hand as potengine says it in ``code``, naming the English amounts."""
    page = watched.page
    said, english = calculate(fields, code), calculate(fields)
    words = labels(code)
    assert page.get_attribute("#pot-calculator", "lang") == code and language_of(page) == code
    heading = page.locator("article h1").first.inner_text().rstrip("#¶ \n")
    assert heading == translated(code, "book/live/calculator", "The pot calculator"), heading
    assert page.text_content("#settlement-json") == english["settlement_text"]  # language-neutral
    shown = page.inner_text("#calc-explanation")
    assert lines(shown) == lines(said["explanation"])
    assert numbers(shown) == numbers(english["explanation"])
    assert page.inner_text("#calc-settle") == words["calc.settle"]
    assert page.inner_text("#calc-tableside") == words["calc.tableside"]
    assert page.locator("#calc-result h3").all_inner_texts() == [
        words[k]
        for k in ("calc.result_pots", "calc.result_words", "calc.result_check", "calc.result_pictures")
    ]
    assert page.inner_text("#pot-calculator-status").startswith(words["live.ready"].split("{")[0])
    for part in ("tables", "check"):  # the captions and headings potengine wrote in that language
        for tag in ("caption", "th"):
            wanted = [
                re.sub(r"<[^>]+>", "", x) for x in re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", said[part])
            ]
            assert page.locator(f"#calc-{part} {tag}").all_text_contents() == wanted, (part, tag)
    check_switch(page, code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_calculator_opens_in_each_language_from_the_address(browser, server, code: str) -> None:
    watched = Watched(browser, server, width=390, height=844, has_touch=True, is_mobile=True)
    try:
        watched.open(PAGE, {**HAND, "lang": code}, state="done")
        check_calculator(watched, code)
        page = watched.page
        page.tap("#calc-tableside")
        page.tap("#calc-side-all")
        pushes = page.locator("#calc-side-list li").all_inner_texts()
        assert pushes == calculate(HAND, code)["pushes"]
        assert [numbers(p) for p in pushes] == [numbers(p) for p in calculate(HAND)["pushes"]]
        assert page.inner_text("#calc-side-count") == labels(code)["calc.pushes_all"].format(
            count=len(pushes)
        )
        page.tap("#calc-side-close")
        watched.check()
    finally:
        watched.close()


@pytest.mark.parametrize(
    ("locale", "code"), [("nl-BE", "nl"), ("de-AT", "de"), ("el-GR", "el"), ("fr-FR", "en")]
)
def test_the_calculator_follows_the_browsers_language_on_a_first_visit(browser, server, locale, code) -> None:
    watched = Watched(browser, server, locale=locale)
    try:
        watched.open(PAGE, HAND, state="done")  # no lang in the address: navigator.languages decides
        check_calculator(watched, code)
        watched.check()
    finally:
        watched.close()


def test_the_switch_opens_the_page_of_the_other_language_with_the_table(browser, server) -> None:
    watched = Watched(browser, server, locale="en-GB")
    try:
        watched.open(PAGE, HAND, state="done")
        page = watched.page
        check_calculator(watched, "en")
        json_before = page.text_content("#settlement-json")
        switch(watched, "de")
        check_calculator(watched, "de")
        assert urlsplit(page.url).path == f"/de/{PAGE}"
        table = {k: v for k, v in parse_qs(urlsplit(page.url).query).items() if k != "lang"}
        assert table == {k: [v] for k, v in HAND.items()}, table  # the table came along
        assert page.text_content("#settlement-json") == json_before
        link = page.get_attribute("#calc-link", "href")
        assert link and parse_qs(urlsplit(link).query)["lang"] == ["de"]
        assert page.inner_text("#calc-link") == labels("de")["calc.link"]
        # An error is said in the language, and said again on the next language's page at the same
        # field (the table with the error is carried there: the address holds only a settled one).
        if page.get_attribute("#calc-quick", "open") is None:
            page.click("#calc-quick > summary")
        page.fill("#calc-players", "Alice 40\nBilal x")
        page.fill("#calc-ranking", "Alice > Bilal")
        page.click("#calc-quick-fill")
        watched.wait_state("invalid", "#pot-calculator")
        # what the page sent: the quick fields, with the button and the chip of the table before
        fields = {
            "players": "Alice 40\nBilal x",
            "ranking": "Alice > Bilal",
            "button": "Alice",
            "chip": "1",
            "board": "",
            "runs": "1",
            "bomb": "",
        }
        errors = calculate(fields, "de")["errors"]
        assert list(errors) == ["row-1-amount"]
        assert page.text_content("#calc-row-1-amount-error") == errors["row-1-amount"]
        switch(watched, "el")
        said = calculate(fields, "el")["errors"]["row-1-amount"]
        assert (
            page.text_content("#calc-row-1-amount-error")
            == said
            != calculate(fields)["errors"]["row-1-amount"]
        )
        assert language_of(page) == "el" and page.get_attribute("#pot-calculator", "lang") == "el"
        watched.check()
        # The same context opens the English calculator again without lang: the reader's choice is
        # kept, and the Greek page opens.
        again = watched.context.new_page()
        again.goto(f"{server}/{PAGE}")
        again.wait_for_function("document.querySelector('#pot-calculator')?.dataset.state === 'ready'")
        assert urlsplit(again.url).path == f"/el/{PAGE}"
        assert again.get_attribute("#pot-calculator", "lang") == "el" and language_of(again) == "el"
        again.close()
    finally:
        watched.close()
    # A shared link opens in the language it was made in, whatever the other browser speaks.
    other = Watched(browser, server, locale="nl-NL")
    try:
        assert urlsplit(link).path == f"/de/{PAGE}"
        other.open(link.lstrip("/"), state="done")
        check_calculator(other, "de")
        other.check()
    finally:
        other.close()


def test_the_drills_mark_in_the_language_and_say_it_again_after_a_switch(browser, server) -> None:
    level, seed = 6, 3
    drill = deal(level, seed)
    watched = Watched(browser, server, width=390, height=844)
    try:
        watched.open(DRILLS, {"level": str(level), "seed": str(seed), "lang": "el"}, state="asking")
        page = watched.page
        assert (
            page.inner_text("#drill-level option:checked")
            == f"{level}: {labels('el')[f'drill.level.{level}']}"
        )
        answer_drill_pots(watched, 1)  # the hand makes 2: wrong
        assert page.inner_text("#drill-pots-mark").startswith("✗ Είπες 1")
        page.fill("#drill-pot-0-amount", "50")
        page.click("#drill-check")
        watched.wait_state("marked", "#dealer-drill")
        given = {
            "pots": [
                {
                    "amount": "50",
                    "run": "",
                    "winners": [],
                    "parts": [{"amount": "", "winners": []} for _ in drill.runs],
                }
            ]
            + [
                {
                    "amount": "",
                    "run": "",
                    "winners": [],
                    "parts": [{"amount": "", "winners": []} for _ in drill.runs],
                }
                for _ in drill.settlement().pots[1:]
            ],
            "payouts": {p: "" for p in drill.contributions},
        }

        def shown_marks(code: str) -> None:
            marked = mark_drill(level, seed, given, code)
            items = page.locator("#drill-marks .live-marks li").all_inner_texts()
            assert len(items) == len(marked["items"])
            for text, item in zip(items, marked["items"], strict=True):
                assert text.startswith(f"{'✓' if item['ok'] else '✗'} {item['what']}: "), (text, item)
                if item.get("rule"):
                    assert labels(code)["drill.rule_missed"].format(rule=item["rule"]) in text
            assert RULES["size"].in_language(code) in page.inner_text("#drill-marks")

        shown_marks("el")
        score = page.inner_text("#drill-score")
        switch(watched, "de")
        assert page.input_value("#drill-pot-0-amount") == "50"  # the reader's answer is kept
        assert page.inner_text("#drill-pots-mark").startswith("✗ Du hast 1 gesagt")
        shown_marks("de")
        assert numbers(page.inner_text("#drill-score")) == numbers(score)  # not counted twice
        assert language_of(page) == "de" and parse_qs(urlsplit(page.url).query)["seed"] == [str(seed)]
        check_switch(page, "de")
        watched.check()
    finally:
        watched.close()


def test_the_checker_counts_the_hands_in_the_language(browser, server) -> None:
    names = ["side_pots.txt", "unreadable.txt", "split_odd_chip.txt"]
    text = "\n\n".join((SAMPLES / n).read_text(encoding="utf-8") for n in names)
    watched = Watched(browser, server)
    try:
        watched.open(CHECKER, {"lang": "nl"})
        page = watched.page
        assert page.inner_text("#history-check") == labels("nl")["hist.check"]
        page.evaluate("text => { document.querySelector('#history-input').value = text; }", text)
        page.click("#history-check")
        watched.wait_state("done,invalid", "#history-checker")
        assert page.text_content("#history-room") == survey(text, "nl")["message"]
        verdicts = Counter(h["verdict"] for h in json.loads(audit_document(text, "pasted.txt"))["hands"])
        assert verdicts["unreadable"] == 1 and verdicts["consistent"] >= 2

        def count(code: str) -> str:
            words = labels(code)
            order = ("consistent", "irregular", "wrong", "unsupported", "unreadable")
            tally = ", ".join(f"{verdicts[v]} {words[f'verdict.{v}']}" for v in order)
            total = sum(verdicts.values())
            return words["hist.count"].format(done=total, total=total, tally=tally)

        assert page.text_content("#history-count") == count("nl")
        # Each hand's verdict line is said in Dutch by the engine (not the English one)
        shown = page.inner_text("#history-checker")
        said = [list(audit_hands(text, "pasted.txt", code)) for code in ("en", "nl")]
        for english, dutch in zip(*said, strict=True):
            assert dutch["title"] != english["title"] and dutch["title"] in shown, dutch["title"]
        switch(watched, "el")
        # The Greek page got the text and checked it again: every verdict now said in Greek.
        assert page.input_value("#history-input") == text
        assert page.text_content("#history-room") == survey(text, "el")["message"]
        assert page.text_content("#history-count") == count("el")
        greek = [h["title"] for h in audit_hands(text, "pasted.txt", "el")]
        assert all(title in page.inner_text("#history-checker") for title in greek)
        watched.check()
    finally:
        watched.close()


PROSE = {
    PAGE: ("book/live/calculator", "#pot-calculator", "done"),
    DRILLS: ("book/live/dealer_drills", "#dealer-drill", "asking"),
    CHECKER: ("book/live/history_checker", "#history-checker", "ready"),
}


def _squash(text: str) -> str:
    """Text without spaces, quotes (Sphinx curls them, each language its own way) or markup."""
    return re.sub(r"[\s\"'“”„‘’«»‚*`]", "", text)


DOC_ROLE = re.compile(r"\{doc\}`[^`]*`")


def check_prose(page, code: str, doc: str) -> None:
    """The page's heading and instructions are its language's: every message of the page's
    catalogue shown in its translation, none left in English."""
    article = _squash(page.inner_text("article.bd-article"))
    with (ROOT / "book/locale" / code / "LC_MESSAGES" / f"{doc}.po").open("rb") as handle:
        messages = [m for m in read_po(handle) if m.id]
    assert messages
    for m in messages:
        for piece in DOC_ROLE.split(str(m.string)):  # a {doc} role shows the page's title
            assert _squash(piece) in article, (code, doc, piece[:60])
        if len(str(m.id)) > 40 and not DOC_ROLE.search(str(m.id)):
            assert _squash(str(m.id)) not in article, (code, doc, str(m.id)[:60])


@pytest.mark.parametrize("code", ["nl", "de", "el"])
def test_a_translated_live_page_says_everything_in_its_language(browser, server, code: str) -> None:
    """The Dutch, German and Greek live pages themselves (as the book's links open them): the
    heading and the instructions in the language, the calculator settling the hand its link
    holds, the drills and the checker in the language too."""
    watched = Watched(browser, server, width=390, height=844, locale="en-US")
    try:
        watched.open(f"{code}/{PAGE}", HAND, state="done")  # an English browser: the site decides
        check_calculator(watched, code)
        check_prose(watched.page, code, PROSE[PAGE][0])
        for path in (DRILLS, CHECKER):
            doc, root, state = PROSE[path]
            watched.open(f"{code}/{path}", state=state)
            assert language_of(watched.page) == code
            assert watched.page.get_attribute(root, "lang") == code
            check_prose(watched.page, code, doc)
            check_switch(watched.page, code)
        watched.check()
    finally:
        watched.close()


def overflowing(page, root: str) -> list[str]:
    """The controls and texts under ``root`` wider than its column (tables, pictures and code
    scroll in their own box: measured as boxes, not their contents)."""
    return page.evaluate(
        """(root) => { const column = document.querySelector(root).getBoundingClientRect();
        return [...document.querySelectorAll(`${root} fieldset, ${root} legend, ${root} label,
          ${root} button, ${root} input, ${root} select, ${root} textarea, ${root} summary, ${root} p,
          ${root} h3, ${root} .calc-row-main, ${root} .live-languages, ${root} .live-result, ${root} table,
          ${root} svg`)]
          .filter((e) => e.offsetParent !== null || e.tagName === 'svg')
          .filter((e) => { const box = e.getBoundingClientRect();
            return box.width > 0 && (box.right > column.right + 1 || box.left < column.left - 1); })
          .map((e) => `${e.tagName}#${e.id}.${e.className.baseVal ?? e.className}`); }""",
        root,
    )


@pytest.mark.parametrize("code", ["de", "el"])
def test_the_longest_words_fit_their_column_at_every_width(browser, server, code: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    watched = Watched(browser, server, width=1280, height=900)
    try:
        watched.open(PAGE, {**HAND, "lang": code, "runs": "2", "ranking2": "Alice>Chloé>Bilal"}, state="done")
        page = watched.page
        for summary in ("#calc-more", "#calc-quick"):  # every field shown
            if page.get_attribute(summary, "open") is None:
                page.click(f"{summary} > summary")
        for width in (1280, 800, 390):
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(200)
            assert overflowing(page, "#pot-calculator") == [], (code, width)
            assert overflowing(page, "article.bd-article") == [], (code, width)  # the prose too
            assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
            page.screenshot(path=str(SHOTS / f"calculator-{code}-{width}.png"), full_page=True)
        page.click("#calc-tableside")
        page.click("#calc-side-all")
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
        page.screenshot(path=str(SHOTS / f"calculator-tableside-{code}-390.png"))
        page.click("#calc-side-close")
        watched.check()
        drills = Watched(browser, server, width=1280, height=900)
        try:
            drills.open(DRILLS, {"level": "6", "seed": "3", "lang": code}, state="asking")
            answer_drill_pots(drills, 2)
            drills.page.click("#drill-pot-0-run")
            drills.page.click("#drill-check")
            drills.wait_state("marked", "#dealer-drill")
            for width in (1280, 800, 390):
                drills.page.set_viewport_size({"width": width, "height": 900})
                drills.page.wait_for_timeout(200)
                assert overflowing(drills.page, "#dealer-drill") == [], (code, width)
                assert overflowing(drills.page, "article.bd-article") == [], (code, width)
                assert drills.page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
                drills.page.screenshot(path=str(SHOTS / f"drills-{code}-{width}.png"), full_page=True)
            drills.check()
        finally:
            drills.close()
    finally:
        watched.close()
