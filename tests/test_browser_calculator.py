"""The pot calculator in a real browser (headless Chromium driven by Playwright for Python).

Each test opens the built page from a local http server, works it as a reader does (rows filled in
and tapped at phone width, the quick field, the tie button, a link, table-side mode, dark mode)
and compares what the page shows with potengine run here in CPython on the same table: the page's
JSON must equal ``potengine settle --json``, its messages those of
:func:`potengine.present.live.calculate`, at the row or field they are about.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from decimal import Decimal

import pytest
from browser import ROOT, Watched, browser_mark

from potengine.cli import main as cli_main
from potengine.present.live import calculate

pytestmark = browser_mark()

PAGE = "book/live/calculator.html"
SHOTS = ROOT / "_build" / "screenshots"
NAMES = ["Alice", "Bilal", "Chloé", "David", "Emma", "Farid", "Grace"]


@pytest.fixture(scope="module")
def phone_page(browser, server):
    """One touch phone 390 px wide (taps, not clicks), its engine started once for the module's
    tests that work the form (starting Pyodide is what costs the time)."""
    page = Watched(browser, server, width=390, height=844, has_touch=True, is_mobile=True)
    try:
        page.open(PAGE)
        yield page
        page.check()
    finally:
        page.close()


@pytest.fixture
def phone(phone_page: Watched) -> Watched:
    """The phone page, back to the form (table-side mode closed), no error so far."""
    page = phone_page.page
    if page.is_visible("#calc-side"):
        page.tap("#calc-side-close")
    if page.is_checked("#calc-use-cards"):
        page.tap("#calc-use-cards")
    if page.is_checked("#calc-bomb"):
        page.tap("#calc-bomb")
    if page.get_attribute("#calc-runs-1", "aria-pressed") != "true":
        page.tap("#calc-runs-1")
    page.evaluate(
        "document.querySelector('#calc-chip').value = ''; document.querySelector('#calc-button').value = ''"
    )
    assert not phone_page.errors and not phone_page.foreign
    return phone_page


def random_table(rng: random.Random) -> dict:
    """A random hand: 2–7 players, folds, ties, a button, a chip, as plain data."""
    n = rng.randint(2, 7)
    names = NAMES[:n]
    decimal = rng.random() < 0.3
    chip = rng.choice(["0.25", "0.5"]) if decimal else rng.choice(["1", "1", "5"])
    unit = Decimal(chip)
    amounts = [unit * rng.randint(1, 60) for _ in names]
    folded = [p for p in names if rng.random() < 0.25]
    live = [p for p in names if p not in folded]
    if not live:
        folded.pop()
        live = [p for p in names if p not in folded]
    top = max(a for p, a in zip(names, amounts, strict=True) if p in live)
    amounts = [min(a, top) if p in folded else a for p, a in zip(names, amounts, strict=True)]
    order = list(live)
    rng.shuffle(order)
    groups: list[list[str]] = []
    for name in order:
        if groups and rng.random() < 0.3:
            groups[-1].append(name)
        else:
            groups.append([name])
    written = [f"{a:f}" if decimal else str(int(a)) for a in amounts]
    return {
        "names": names,
        "amounts": written,
        "folded": folded,
        "groups": groups,
        "button": rng.choice(names),
        "chip": chip,
    }


def cli_json(table: dict) -> str:
    """What ``potengine settle ... --json`` prints for the table (``runs``: one ranking of tie
    groups per run, given as ``--runs`` instead of ``--ranking``)."""
    argv = ["settle", *(f"{p}={a}" for p, a in zip(table["names"], table["amounts"], strict=True))]
    for name in table["folded"]:
        argv += ["--folded", name]
    argv += ["--button", table["button"], "--chip", table["chip"], "--json"]
    for groups in table.get("runs") or [table["groups"]]:
        argv += ["--runs" if table.get("runs") else "--ranking", " > ".join(" = ".join(g) for g in groups)]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli_main(argv)
    assert status == 0, argv
    return out.getvalue()


def runs(page) -> int:
    return int(page.get_attribute("#pot-calculator", "data-runs") or 0)


def wait_run(page, before: int) -> None:
    page.wait_for_function(f"document.querySelector('#pot-calculator').dataset.runs === '{before + 1}'")


def fill_rows(page, names, amounts, folded=(), touch=False) -> None:
    """Type the rows, adding rows with the + button and ticking the folded ones."""
    act = page.tap if touch else page.click
    while page.locator(".calc-row").count() < len(names):
        act("#calc-add")
    while page.locator(".calc-row").count() > len(names):
        act(".calc-row:last-child .calc-remove")
    for i, (name, amount) in enumerate(zip(names, amounts, strict=True)):
        page.fill(f"#calc-row-{i}-name", name)
        page.fill(f"#calc-row-{i}-amount", amount)
        if (name in folded) != page.is_checked(f"#calc-row-{i}-folded"):
            act(f"#calc-row-{i}-folded")


def tap_order(page, groups, touch=False, run=1) -> None:
    """Tap the players best first; the tie button before each player level with the one before
    (in run ``run``'s order of hands: run 1's ids are those of a hand dealt once)."""
    act = page.tap if touch else page.click
    tail = "" if run == 1 else f"-{run}"
    if page.locator(f"#calc-clear-order{tail}").is_enabled():
        act(f"#calc-clear-order{tail}")
    for group in groups:
        for k, name in enumerate(group):
            if k:
                act(f"#calc-tie{tail}")
            act(f"#calc-taps{tail} .calc-tap[data-name='{name}']")


def settle_rows(page, touch=False) -> None:
    before = runs(page)
    (page.tap if touch else page.click)("#calc-settle")
    wait_run(page, before)


def page_fields(page) -> dict:
    """What the page sends: read back from its form, for calculate() here."""
    return page.evaluate(
        """() => {
        const rows = [...document.querySelectorAll('.calc-row')].map((li) => ({
            name: li.querySelector('.calc-name').value, amount: li.querySelector('.calc-amount').value,
            folded: li.querySelector('.calc-folded-box').checked,
            cards: li.querySelector('.calc-cards').value}));
        return rows; }"""
    )


# ----------------------------------------------------------------------------------------------


def test_a_book_link_opens_the_table_in_rows_with_the_split_settled(watched: Watched) -> None:
    """The Part 1 chapters link with players=…&ranking=…&folded=&button=…&chip=1."""
    query = {
        "players": "Alice:40,Bilal:100,Chloé:100",
        "ranking": "Alice>Chloé>Bilal",
        "folded": "",
        "button": "Chloé",
        "chip": "1",
    }
    watched.open(PAGE, query, state="done")
    page = watched.page
    table = {
        "names": ["Alice", "Bilal", "Chloé"],
        "amounts": ["40", "100", "100"],
        "folded": [],
        "groups": [["Alice"], ["Chloé"], ["Bilal"]],
        "button": "Chloé",
        "chip": "1",
    }
    assert page.text_content("#settlement-json") + "\n" == cli_json(table)
    assert [r["name"] for r in page_fields(page)] == ["Alice", "Bilal", "Chloé"]
    assert page.inner_text("#calc-order").split() == ["1.", "Alice", "2.", "Chloé", "3.", "Bilal"]
    assert page.eval_on_selector("#calc-button", "s => s.selectedOptions[0].text") == "Chloé"
    assert "2 × (100 − 40) = 120" in page.inner_text("#calc-tables")
    assert page.locator("#calc-check").inner_text().count("✓") == 6
    assert page.locator("#calc-pictures svg").count() == 2


def test_rows_filled_and_tapped_on_a_phone_agree_with_the_command_line(phone: Watched) -> None:
    page = phone.page
    rng = random.Random(2026)
    for _ in range(8):
        table = random_table(rng)
        fill_rows(page, table["names"], table["amounts"], table["folded"], touch=True)
        if not page.is_visible("#calc-chip"):
            page.tap("#calc-more > summary")
        page.fill("#calc-chip", table["chip"])
        page.select_option("#calc-button", label=table["button"])
        tap_order(page, table["groups"], touch=True)
        settle_rows(page, touch=True)
        assert page.get_attribute("#pot-calculator", "data-state") == "done", page.inner_text("#calc-form")
        assert page.text_content("#settlement-json") + "\n" == cli_json(table), table
        # The address now holds the table: reopening it gives the same settlement.
        assert "players=" in page.url and "ranking=" in page.url
    # Every amount box brings up the numeric keyboard; every control is big enough for a thumb.
    assert page.locator(".calc-amount:not([inputmode='decimal'])").count() == 0
    page.tap("#calc-clear-order")
    for selector in (".calc-tap", ".calc-remove", "#calc-add", "#calc-settle", ".calc-fold", ".calc-amount"):
        box = page.locator(selector).first.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, (selector, box)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1


def test_the_empty_calculator_keeps_its_tap_buttons_in_their_column_on_a_phone(browser, server) -> None:
    """The page as a reader first meets it: two empty rows, nobody tapped yet (the theme floats a
    fieldset's legend, and the tap buttons once sat beside it, past the page's right edge)."""
    page = Watched(browser, server, width=390, height=844)
    try:
        page.open(PAGE, state="ready")
        showdown = page.page.locator("#calc-showdown").bounding_box()
        assert showdown
        taps = page.page.locator("#calc-taps .calc-tap")
        assert taps.count() == 2
        for i in range(2):
            box = taps.nth(i).bounding_box()
            assert (
                box
                and box["x"] >= showdown["x"]
                and box["x"] + box["width"] <= showdown["x"] + showdown["width"]
            )
        assert page.page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
        page.check()
    finally:
        page.close()


def test_the_tie_button_puts_two_players_level(phone: Watched) -> None:
    page = phone.page
    fill_rows(page, ["Ann", "Bob", "Cy"], ["50", "50", "51"], touch=True)
    tap_order(page, [["Bob", "Cy"], ["Ann"]], touch=True)
    assert page.inner_text("#calc-order").split() == ["1.", "Bob", "=", "Cy", "(tie)", "2.", "Ann"]
    settle_rows(page, touch=True)
    shown = json.loads(page.text_content("#settlement-json"))
    assert shown["pots"][0]["winners"] == ["Bob", "Cy"]
    assert shown["pots"][0]["shares"] == {"Bob": 75, "Cy": 75}
    assert shown["refunds"] == {"Cy": 1}


def test_the_quick_field_reads_decimal_commas_any_case_and_infers_the_cent(phone: Watched) -> None:
    page = phone.page
    if not page.is_visible("#calc-players"):
        page.tap("#calc-quick > summary")
    page.fill("#calc-players", "Ann 0,25\nBob=0,50\nchloé:1\nDan 0,10 folded")
    page.fill("#calc-ranking", "ANN > bob = CHLOÉ")
    before = runs(page)
    page.tap("#calc-quick-fill")
    wait_run(page, before)
    expected = calculate(
        {"players": "Ann 0,25, Bob=0,50, chloé:1, Dan 0,10 folded", "ranking": "ann > bob = chloé"}
    )
    assert json.loads(page.text_content("#settlement-json")) == expected["settlement"]
    assert expected["settlement"]["chip"] == "0.01"
    assert page.inner_text("#calc-note") == expected["chip_note"]
    assert "0.01 (a cent)" in page.inner_text("#calc-note")
    # The rows show the table as read: names as seated, the fold ticked, the order matched.
    assert [r["name"] for r in page_fields(page)] == ["Ann", "Bob", "chloé", "Dan"]
    assert page.is_checked("#calc-row-3-folded")
    assert page.inner_text("#calc-order").split()[:2] == ["1.", "Ann"]


def test_a_link_to_the_hand_reproduces_it(watched: Watched, browser, server) -> None:
    watched.open(PAGE)
    page = watched.page
    fill_rows(page, ["Ann", "Bob", "Chloé", "Dan"], ["0,25", "1", "1", "0,10"], folded=["Dan"])
    tap_order(page, [["Chloé"], ["Ann", "Bob"]])
    settle_rows(page)
    shown = page.text_content("#settlement-json")
    url = page.get_attribute("#calc-link", "href")
    assert url and url == page.url.split(server, 1)[1]
    other = Watched(browser, server)
    try:
        other.open(url.lstrip("/"), state="done")
        assert other.page.text_content("#settlement-json") == shown
        assert [r["name"] for r in page_fields(other.page)] == ["Ann", "Bob", "Chloé", "Dan"]
        assert other.page.is_checked("#calc-row-3-folded")
        other.check()
    finally:
        other.close()


def test_table_side_mode_says_each_push_in_the_dealers_order(phone: Watched) -> None:
    page = phone.page
    fill_rows(page, ["Alice", "Bilal", "Chloé"], ["40", "100", "160"], touch=True)
    tap_order(page, [["Alice"], ["Chloé"], ["Bilal"]], touch=True)
    settle_rows(page, touch=True)
    query = {"players": "Alice:40,Bilal:100,Chloé:160", "ranking": "Alice>Chloé>Bilal"}
    pushes = calculate(query)["pushes"]
    assert pushes == ["Return 60 to Chloé.", "Side pot 120: Chloé.", "Main pot 120: Alice."]
    page.tap("#calc-tableside")
    seen = []
    for i in range(len(pushes)):
        assert page.inner_text("#calc-side-count") == f"Push {i + 1} of {len(pushes)}"
        seen.append(page.inner_text("#calc-side-say"))
        if i < len(pushes) - 1:
            page.tap("#calc-side-next")
    assert seen == pushes
    assert page.is_disabled("#calc-side-next") and not page.is_disabled("#calc-side-prev")
    # Large type, big buttons within a thumb's reach, nothing wider than the phone.
    size = page.eval_on_selector("#calc-side-say", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 28
    for button in ("#calc-side-prev", "#calc-side-next"):
        box = page.locator(button).bounding_box()
        assert box and box["height"] >= 56 and box["y"] + box["height"] <= 844
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "calculator-tableside-390.png"))
    page.tap("#calc-side-all")
    assert page.locator("#calc-side-list li").all_inner_texts() == pushes
    page.tap("#calc-side-close")
    assert page.is_hidden("#calc-side")


def test_an_odd_chip_is_named_at_the_table_side(phone: Watched) -> None:
    page = phone.page
    fill_rows(page, ["A", "B", "C"], ["0,25", "0,25", "0,25"], touch=True)
    if not page.is_visible("#calc-button"):
        page.tap("#calc-more > summary")
    page.fill("#calc-chip", "")
    page.select_option("#calc-button", label="A")
    tap_order(page, [["A", "B"], ["C"]], touch=True)
    settle_rows(page, touch=True)
    query = {"players": "A 0,25, B 0,25, C 0,25", "ranking": "a = b > c", "button": "A"}
    page.tap("#calc-tableside")
    page.tap("#calc-side-all")
    last = page.locator("#calc-side-list li").last.inner_text()
    assert last == calculate(query)["pushes"][-1]
    assert "The odd chip to B: first of the winners left of the button (A)." in last


ROW_ERRORS = [
    (["Alice", "Bilal"], ["40", "x"], [["Alice"], ["Bilal"]], "row-1-amount"),
    (["Alice", "alice"], ["40", "50"], [], "row-1-name"),
    (["Alice", "Bilal", "Chloé"], ["40", "50", "50"], [["Alice"]], "order"),
    (["Alice", "Bilal"], ["40", "-5"], [["Alice"], ["Bilal"]], "row-1-amount"),
]


def test_an_error_is_shown_at_its_row_in_a_dealers_words(phone: Watched) -> None:
    page = phone.page
    for names, amounts, groups, key in ROW_ERRORS:
        fill_rows(page, names, amounts, touch=True)
        tap_order(page, groups, touch=True)
        settle_rows(page, touch=True)
        rows = [
            {"name": n, "amount": a, "folded": False, "cards": ""}
            for n, a in zip(names, amounts, strict=True)
        ]
        expected = calculate({"rows": rows, "order": groups, "button": "", "chip": "", "board": ""})
        assert not expected["ok"] and key in expected["errors"]
        assert page.text_content(f"#calc-{key}-error") == expected["errors"][key]
        assert page.is_visible(f"#calc-{key}-error")
        if key.startswith("row-"):
            assert page.get_attribute(f"#calc-{key}", "aria-invalid") == "true"
        assert page.get_attribute("#pot-calculator", "data-state") == "invalid"
        assert page.text_content("#settlement-json") == ""
        text = page.inner_text("#calc-form")
        for python in ("Traceback", "NAME:VALUE", "Decimal(", "chip="):
            assert python not in text


def test_a_link_with_an_error_points_at_the_field(watched: Watched) -> None:
    query = {"players": "Alice:40,Bilal:100", "ranking": "Alice>Eve"}
    watched.open(PAGE, query, state="invalid")
    expected = calculate(query)
    assert list(expected["errors"]) == ["ranking"]
    assert watched.page.text_content("#calc-ranking-error") == expected["errors"]["ranking"]
    assert watched.page.is_visible("#calc-ranking-error")
    assert watched.page.input_value("#calc-players") == query["players"]


def test_cards_instead_of_the_order(phone: Watched) -> None:
    page = phone.page
    fill_rows(page, ["Alice", "Bilal", "Chloé"], ["40", "100", "100"], touch=True)
    page.tap("#calc-use-cards")
    for i, cards in enumerate(["AsAh", "KdKc", "7s6s"]):
        page.fill(f"#calc-row-{i}-cards", cards)
    page.fill("#calc-board", "2c 7d 9h Qs 3h")
    page.select_option("#calc-button", label="The last seat (default)")
    settle_rows(page, touch=True)
    query = {
        "players": "Alice:40,Bilal:100,Chloé:100",
        "hands": "Alice:AsAh,Bilal:KdKc,Chloé:7s6s",
        "board": "2c 7d 9h Qs 3h",
    }
    assert json.loads(page.text_content("#settlement-json")) == calculate(query)["settlement"]
    assert "pair of aces" in page.inner_text("#calc-explanation").lower()
    # A card held twice is shown at the row that holds it the second time.
    page.fill("#calc-row-1-cards", "Kd As")
    settle_rows(page, touch=True)
    query["hands"] = "Alice:AsAh,Bilal:Kd As,Chloé:7s6s"
    assert page.text_content("#calc-row-1-cards-error") == calculate(query)["errors"]["row-1-cards"]


def test_dark_mode_draws_the_pictures_in_light_ink(browser, server) -> None:
    query = {
        "players": "Alice:40,Bilal:100,Chloé:100,David:30",
        "folded": "David",
        "ranking": "Alice>Chloé=Bilal",
        "button": "Chloé",
        "chip": "1",
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    watched = Watched(browser, server, width=1280, height=900, color_scheme="dark")
    try:
        watched.open(PAGE, query, state="done")
        page = watched.page
        for width in (1280, 800, 390):
            page.set_viewport_size({"width": width, "height": 900})
            for scheme in ("light", "dark"):
                # The theme's own switch (the site's default mode is another helper's item): forced.
                page.evaluate(f"document.documentElement.dataset.theme = '{scheme}'")
                colours = page.evaluate(
                    """() => [...document.querySelectorAll('#calc-pictures svg text')].map((t) => {
                         const c = getComputedStyle(t).fill.match(/\\d+(\\.\\d+)?/g).map(Number);
                         return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255; })"""
                )
                assert colours
                if scheme == "dark":
                    assert min(colours) > 0.6, "picture text too dark on the dark page"
                else:
                    assert max(colours) < 0.4, "picture text too light on the light page"
                page.screenshot(path=str(SHOTS / f"calculator-{scheme}-{width}.png"), full_page=True)
        watched.check()
    finally:
        watched.close()


# ---- hands run twice or three times, bomb pots ------------------------------------------------

RUN_TWICE = {
    "names": ["Alice", "Bilal", "Chloé", "David"],
    "amounts": ["41", "100", "100", "30"],
    "folded": ["David"],
    "groups": [],
    "runs": [[["Alice"], ["Chloé"], ["Bilal"]], [["Chloé"], ["Bilal"], ["Alice"]]],
    "button": "Chloé",
    "chip": "1",
}


def overflowing(page, root: str = "#pot-calculator") -> list[str]:
    """The rows and controls under ``root`` wider than the main column (or past its right edge)."""
    return page.evaluate(
        """(root) => { const column = document.querySelector(root).getBoundingClientRect();
        return [...document.querySelectorAll(`${root} fieldset, ${root} .calc-row-main, ${root} button,
          ${root} input, ${root} .calc-taps, ${root} .calc-order-tools`)]
          .filter((e) => e.offsetParent !== null)
          .filter((e) => e.getBoundingClientRect().right > column.right + 1)
          .map((e) => e.id || e.className || e.tagName); }""",
        root,
    )


def test_a_hand_run_twice_with_a_side_pot_from_the_rows(phone: Watched, browser, server) -> None:
    page = phone.page
    table = RUN_TWICE
    fill_rows(page, table["names"], table["amounts"], table["folded"], touch=True)
    if not page.is_visible("#calc-chip"):
        page.tap("#calc-more > summary")
    page.fill("#calc-chip", "1")
    page.select_option("#calc-button", label="Chloé")
    page.tap("#calc-runs-2")
    assert page.is_visible("#calc-showdown-2") and page.is_hidden("#calc-showdown-3")
    assert page.inner_text("#calc-showdown legend").startswith("Run 1:")
    for run, groups in enumerate(table["runs"], start=1):
        tap_order(page, groups, touch=True, run=run)
    settle_rows(page, touch=True)
    assert page.get_attribute("#pot-calculator", "data-state") == "done", page.inner_text("#calc-form")
    assert page.text_content("#settlement-json") + "\n" == cli_json(table)
    shown = json.loads(page.text_content("#settlement-json"))
    assert [part["amount"] for part in shown["pots"][0]["runs"]] == [77, 76]  # the odd chip: run 1
    # Each run's part, in the tables, the words and at the table side, as potengine says it here.
    fields = {
        "players": "Alice:41,Bilal:100,Chloé:100,David:30",
        "folded": "David",
        "button": "Chloé",
        "chip": "1",
        "runs": "2",
        "ranking": "Alice>Chloé>Bilal",
        "ranking2": "Chloé>Bilal>Alice",
    }
    expected = calculate(fields)
    assert expected["settlement"] == shown
    assert "run 1 (77): Alice 77; run 2 (76): Chloé 76" in page.inner_text("#calc-tables")
    words = page.inner_text("#calc-explanation")
    assert "the odd chip of the division goes to the first run" in words
    assert [line for line in words.split("\n") if line] == expected["explanation"].split("\n")
    page.tap("#calc-tableside")
    page.tap("#calc-side-all")
    pushes = page.locator("#calc-side-list li").all_inner_texts()
    assert pushes == expected["pushes"]
    assert pushes[-1] == (
        "Main pot 153, run twice: run 1 (77, with the odd chip of the division): Alice; run 2 (76): Chloé."
    )
    page.tap("#calc-side-close")
    # Thumb-sized, nothing wider than the column at 390 px.
    for selector in (".calc-run-choice", ".calc-bomb", "#calc-taps-2 .calc-tap, #calc-tie-2"):
        box = page.locator(selector).first.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, (selector, box)
    assert overflowing(page) == []
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "calculator-runs-390.png"), full_page=True)
    # The address holds the runs: a link opens both orders and the same settlement.
    url = page.get_attribute("#calc-link", "href")
    assert url and "runs=2" in url and "ranking2=" in url
    other = Watched(browser, server, width=1280, height=900)
    try:
        other.open(url.lstrip("/"), state="done")
        assert other.page.text_content("#settlement-json") == page.text_content("#settlement-json")
        assert other.page.get_attribute("#calc-runs-2", "aria-pressed") == "true"
        assert other.page.inner_text("#calc-order-2").split() == ["1.", "Chloé", "2.", "Bilal", "3.", "Alice"]
        other.page.screenshot(path=str(SHOTS / "calculator-runs-1280.png"), full_page=True)
        other.check()
    finally:
        other.close()


def test_cards_per_run_and_a_card_dealt_twice(phone: Watched) -> None:
    page = phone.page
    fill_rows(page, ["Alice", "Bilal", "Chloé"], ["40", "100", "100"], touch=True)
    page.tap("#calc-runs-2")
    if not page.is_visible("#calc-use-cards"):
        page.tap("#calc-more > summary")
    page.tap("#calc-use-cards")
    assert page.is_hidden("#calc-showdown") and page.is_hidden("#calc-showdown-2")
    for i, cards in enumerate(["AsAh", "KdKc", "7s6s"]):
        page.fill(f"#calc-row-{i}-cards", cards)
    page.fill("#calc-board", "2c 7d 9h Qs 3h")
    page.fill("#calc-board-2", "2c 7d 9h 7h 3d")  # run from the flop: the flop typed again
    settle_rows(page, touch=True)
    fields = {
        "players": "Alice:40,Bilal:100,Chloé:100",
        "hands": "Alice:AsAh,Bilal:KdKc,Chloé:7s6s",
        "runs": "2",
        "board": "2c 7d 9h Qs 3h",
        "board2": "2c 7d 9h 7h 3d",
    }
    expected = calculate(fields)
    assert expected["ok"]
    assert json.loads(page.text_content("#settlement-json")) == expected["settlement"]
    words = page.inner_text("#calc-explanation")
    assert "Run 2 board: 2♣ 7♦ 9♥ 7♥ 3♦." in words and "Three of a kind, sevens" in words
    assert "board2=" in page.url
    # A card on both boards that is not the shared flop: the error at run 2's board.
    page.fill("#calc-board-2", "2c 7d 9h 7h Qs")
    settle_rows(page, touch=True)
    fields["board2"] = "2c 7d 9h 7h Qs"
    message = calculate(fields)["errors"]["board-2"]
    assert page.text_content("#calc-board-2-error") == message
    assert message.startswith("Run 2's board: Q♠ is on run 1's board too.")
    assert page.get_attribute("#calc-board-2", "aria-invalid") == "true"
    assert page.get_attribute("#pot-calculator", "data-state") == "invalid"


def test_a_bomb_pot_says_board_1_and_board_2(phone: Watched) -> None:
    page = phone.page
    table = {
        "names": ["Ann", "Bob", "Cy"],
        "amounts": ["50", "50", "51"],
        "folded": [],
        "groups": [],
        "runs": [[["Ann"], ["Bob"], ["Cy"]], [["Bob", "Cy"], ["Ann"]]],
        "button": "Ann",
        "chip": "1",
    }
    fill_rows(page, table["names"], table["amounts"], touch=True)
    if not page.is_visible("#calc-chip"):
        page.tap("#calc-more > summary")
    page.fill("#calc-chip", "1")
    page.select_option("#calc-button", label="Ann")
    page.tap("#calc-runs-3")
    page.tap("#calc-bomb")  # two boards: the choice goes to twice, once and three times are off
    assert page.get_attribute("#calc-runs-2", "aria-pressed") == "true"
    assert page.is_disabled("#calc-runs-3") and page.is_hidden("#calc-showdown-3")
    assert page.inner_text("#calc-showdown-2 legend").startswith("Board 2:")
    for run, groups in enumerate(table["runs"], start=1):
        tap_order(page, groups, touch=True, run=run)
    settle_rows(page, touch=True)
    assert page.text_content("#settlement-json") + "\n" == cli_json(table)
    fields = {
        "players": "Ann:50,Bob:50,Cy:51",
        "button": "Ann",
        "chip": "1",
        "runs": "2",
        "bomb": "1",
        "ranking": "Ann>Bob>Cy",
        "ranking2": "Bob=Cy>Ann",
    }
    expected = calculate(fields)
    assert "bomb=1" in page.url
    words = page.inner_text("#calc-explanation")
    assert "A bomb pot: two boards are dealt at once." in words and "On board 2 its 75" in words
    assert "run" not in words.replace("Return", "")
    page.tap("#calc-tableside")
    page.tap("#calc-side-all")
    pushes = page.locator("#calc-side-list li").all_inner_texts()
    assert pushes == expected["pushes"]
    assert pushes[-1] == (
        "Main pot 150, two boards: board 1 (75): Ann; board 2 (75): split between Bob and Cy: "
        "Bob 38, Cy 37, the odd chip to Bob: first of the winners left of the button (Ann)."
    )
    page.tap("#calc-side-close")
    assert overflowing(page) == []
    page.screenshot(path=str(SHOTS / "calculator-bomb-390.png"), full_page=True)
