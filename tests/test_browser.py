"""The live pages in a real browser: headless Chromium (Debian's) driven by Playwright for Python.

Each test opens a page of the built site (``make book``) from a local http server, types into the
form, clicks, and compares what the page shows with the engine run here in CPython on the same
input. Every test also records every request the page (and its engine worker) makes and fails on
any request outside the site's own origin, and on any console error or uncaught exception.

Without the built live pages, Chromium or Playwright, these tests are skipped with the reason;
with ``POTENGINE_REQUIRE_LIVE=1`` (set by ``.ci/run``) they fail instead: CI never skips them.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from decimal import Decimal
from pathlib import Path
from urllib.parse import urlencode

import pytest
from browser import ROOT, Watched, browser_mark

from potengine.cli import main as cli_main
from potengine.pots.settlement import settle
from potengine.present.exports import settlement_json
from potengine.present.live import calculate

pytestmark = browser_mark()


# ----------------------------------------------------------------------------------------------
# The calculator
# ----------------------------------------------------------------------------------------------

NAMES = ["Alice", "Bilal", "Chloé", "David", "Emma", "Farid", "Grace"]


def random_table(rng: random.Random) -> dict[str, str]:
    """The calculator's fields for a random hand: 2–7 players, folds, ties, a button, a chip."""
    n = rng.randint(2, 7)
    names = NAMES[:n]
    decimal = rng.random() < 0.25
    chip = rng.choice(["0.25", "0.5"]) if decimal else rng.choice(["1", "1", "5"])
    unit = Decimal(chip)
    amounts = [unit * rng.randint(1, 60) for _ in names]
    folded = [p for p in names if rng.random() < 0.25]
    live = [p for p in names if p not in folded]
    if not live:
        folded.pop()
        live = [p for p in names if p not in folded]
    top = max(a for p, a in zip(names, amounts, strict=True) if p in live)
    # a folded player faced a bet: never more in than the most a live player put in
    amounts = [min(a, top) if p in folded else a for p, a in zip(names, amounts, strict=True)]
    order = list(live)
    rng.shuffle(order)
    groups: list[list[str]] = []
    for name in order:
        if groups and rng.random() < 0.3:
            groups[-1].append(name)
        else:
            groups.append([name])
    return {
        "players": ", ".join(f"{p}:{a if decimal else int(a)}" for p, a in zip(names, amounts, strict=True)),
        "folded": ", ".join(folded),
        "button": rng.choice(names),
        "chip": chip,
        "ranking": " > ".join(" = ".join(g) for g in groups),
    }


def cli_json(fields: dict[str, str]) -> str:
    """What ``potengine settle ... --json`` prints for the calculator's fields."""
    argv = ["settle"]
    for item in fields["players"].split(","):
        name, _, amount = item.rpartition(":")
        argv.append(f"{name.strip()}={amount.strip()}")
    for name in filter(None, (n.strip() for n in fields["folded"].split(","))):
        argv += ["--folded", name]
    argv += ["--button", fields["button"], "--chip", fields["chip"], "--ranking", fields["ranking"], "--json"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli_main(argv)
    assert status == 0, argv
    return out.getvalue()


def fill(page, fields: dict[str, str]) -> None:
    for name in ("players", "folded", "button", "chip", "ranking", "hands", "board"):
        page.fill(f"#calc-{name}", fields.get(name, ""))


def settle_in_page(watched: Watched, fields: dict[str, str]) -> None:
    page = watched.page
    runs = int(page.get_attribute("#pot-calculator", "data-runs") or 0)
    fill(page, fields)
    page.click("#calc-settle")
    page.wait_for_function(f"document.querySelector('#pot-calculator').dataset.runs === '{runs + 1}'")


def test_calculator_opens_from_the_url_query_with_the_split_settled(watched: Watched) -> None:
    query = {
        "players": "Alice:40,Bilal:100,Chloé:100",
        "ranking": "Alice>Chloé>Bilal",
        "folded": "",
        "button": "Chloé",
        "chip": "1",
    }
    watched.open("book/live/calculator.html", query, state="done")
    page = watched.page
    shown = page.text_content("#settlement-json")
    assert shown + "\n" == cli_json(query)
    assert json.loads(shown)["payouts"] == {"Alice": 120, "Bilal": 0, "Chloé": 120}
    assert "Side pot 1" in page.inner_text("#calc-tables")
    assert "2 × (100 − 40) = 120" in page.inner_text("#calc-tables")
    assert "Check: paid 240 + returned 0 = 240 put in." in page.inner_text("#calc-explanation")
    assert page.locator("#calc-check").inner_text().count("✓") == 6
    assert page.locator("#calc-pictures svg").count() == 2


def test_calculator_agrees_with_the_command_line_on_random_tables(watched: Watched) -> None:
    watched.open("book/live/calculator.html")
    rng = random.Random(2026)
    tables = [random_table(rng) for _ in range(36)]
    for fields in tables:
        settle_in_page(watched, fields)
        shown = watched.page.text_content("#settlement-json")
        assert shown + "\n" == cli_json(fields), fields
        # The link carries the inputs: the URL query now holds this table's fields.
        url = watched.page.url
        assert urlencode({"players": fields["players"]}) in url


def test_calculator_with_cards_agrees_with_the_engine(watched: Watched) -> None:
    fields = {
        "players": "Alice:40, Bilal:100, Chloé:100",
        "hands": "Alice:AsAh, Bilal:KdKc, Chloé:7s6s",
        "board": "2c 7d 9h Qs 3h",
        "chip": "1",
    }
    watched.open("book/live/calculator.html")
    settle_in_page(watched, fields)
    expected = settle(
        {"Alice": 40, "Bilal": 100, "Chloé": 100},
        hands={"Alice": "AsAh", "Bilal": "KdKc", "Chloé": "7s6s"},
        board="2c 7d 9h Qs 3h",
    )
    assert json.loads(watched.page.text_content("#settlement-json")) == settlement_json(expected)
    assert "pair of aces" in watched.page.inner_text("#calc-explanation").lower()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"players": "Alice:40, Bilal:x", "ranking": "Alice > Bilal"}, "players"),
        ({"players": "Alice:40, Bilal:100", "ranking": "Alice > Eve"}, "ranking"),
        ({"players": "Alice:40, Bilal:100", "ranking": "Alice > Bilal", "button": "Zoe"}, "button"),
        ({"players": "Alice:40, Bilal:100", "ranking": "Alice > Bilal", "chip": "0"}, "chip"),
        ({"players": "Alice:40, Bilal:100", "folded": "Eve", "ranking": "Alice > Bilal"}, "folded"),
        (
            {"players": "Alice:40, Bilal:100", "hands": "Alice:AsAs, Bilal:KdKc", "board": "2c 7d 9h Qs 3h"},
            "hands",
        ),
    ],
)
def test_bad_input_gets_the_engines_message_beside_its_field(watched: Watched, fields, field) -> None:
    watched.open("book/live/calculator.html")
    settle_in_page(watched, fields)
    page = watched.page
    expected = calculate(fields)
    assert not expected["ok"] and list(expected["errors"]) == [field]
    assert page.text_content(f"#calc-{field}-error") == expected["errors"][field]
    assert page.get_attribute("#pot-calculator", "data-state") == "invalid"
    assert page.text_content("#settlement-json") == ""
    assert "Traceback" not in page.inner_text("body")


# ----------------------------------------------------------------------------------------------
# The hand-history checker and the drills: tests/test_browser_checker.py, tests/test_browser_drills.py
# ----------------------------------------------------------------------------------------------


# ----------------------------------------------------------------------------------------------
# Phone width
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "query", "state"),
    [
        (
            "book/live/calculator.html",
            {
                "players": "Alice:40,Bilal:100,Chloé:100,David:30",
                "folded": "David",
                "ranking": "Alice>Chloé=Bilal",
                "button": "Chloé",
                "chip": "1",
            },
            "done",
        ),
        ("book/live/history_checker.html", None, "ready"),
        ("book/live/dealer_drills.html", {"level": "5", "seed": "7"}, "asking"),
    ],
)
def test_pages_fit_a_phone(browser, server, path, query, state, tmp_path) -> None:
    watched = Watched(browser, server, width=390, height=844)
    try:
        watched.open(path, query, state=state)
        page = watched.page
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{path} is {overflow} px wider than a 390 px phone"
        form_width = page.evaluate("document.querySelector('.potengine-live').getBoundingClientRect().right")
        assert form_width <= 390
        shots = ROOT / "_build" / "screenshots"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"phone-{Path(path).stem}.png"), full_page=True)
        watched.check()
    finally:
        watched.close()


def test_a_site_built_without_npm_shows_a_notice_instead_of_the_engine(browser, server) -> None:
    """What `make book` without npm produces: build-info.json says so, the page explains itself."""
    watched = Watched(browser, server)
    try:
        watched.context.route("**/live/build-info.json", lambda route: route.fulfill(json={"live": False}))
        for name in ("calculator", "history_checker", "dealer_drills"):
            watched.open(f"book/live/{name}.html", state="unavailable")
            assert "built without the engine" in watched.page.inner_text(".live-status")
        assert not any(url.endswith(".wasm") for url in watched.requests)
        assert not watched.foreign and not watched.errors, (watched.foreign, watched.errors)
    finally:
        watched.close()
