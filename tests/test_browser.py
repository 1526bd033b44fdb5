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
import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser import REAL_CORPUS, ROOT, Watched, browser_mark

from potengine.drills import deal
from potengine.present.live import audit_document, count_hands

pytestmark = browser_mark()


# The calculator's tests are in tests/test_browser_calculator.py.


# ----------------------------------------------------------------------------------------------
# The hand-history checker
# ----------------------------------------------------------------------------------------------


def check_history(watched: Watched, text: str | None = None, file: Path | None = None) -> str:
    watched.open("book/live/history_checker.html")
    page = watched.page
    if file is not None:
        page.set_input_files("#history-file", str(file))
        page.wait_for_function("document.querySelector('#history-input').value.length > 0")
    else:
        page.evaluate("text => { document.querySelector('#history-input').value = text; }", text)
    page.click("#history-check")
    watched.wait_state("done,invalid", "#history-checker")
    return page.text_content("#audit-json")


def test_checker_agrees_with_the_engine_on_the_test_histories(watched: Watched) -> None:
    names = ["wrong_pot_off_by_one.txt", "side_pots.txt", "unreadable.txt", "split_odd_chip.txt"]
    text = "\n\n".join(
        (ROOT / "potengine/histories/samples/pokerstars" / n).read_text(encoding="utf-8") for n in names
    )
    shown = check_history(watched, text=text)
    assert json.loads(shown) == json.loads(audit_document(text, "pasted.txt"))
    page = watched.page
    assert page.locator("#history-results .live-hand-bad").count() >= 1
    assert page.locator("#history-results .live-hand-unreadable").count() == 1
    assert page.get_attribute("#history-progress", "value") == page.get_attribute("#history-progress", "max")


def test_checker_reads_an_opened_file(watched: Watched) -> None:
    path = ROOT / "potengine/histories/samples/pokerstars/wrong_odd_chip.txt"
    shown = check_history(watched, file=path)
    assert json.loads(shown) == json.loads(audit_document(path.read_text(encoding="utf-8"), path.name))
    first = watched.page.locator("#history-results details").first
    assert "wrong" in first.inner_text()
    assert first.locator("svg").count() == 2  # the pictures of the engine's pots


@pytest.mark.skipif(
    not REAL_CORPUS.is_dir(), reason=f"the shared real hand-history corpus is not at {REAL_CORPUS}"
)  # a mark, not pytest.skip() in the body: the page fixture's checks would fail on a page never opened
def test_checker_agrees_with_the_engine_on_the_real_corpus(watched: Watched) -> None:
    """Every UTF-8 file of the shared corpus of real hands, pasted as one large text."""
    corpus = REAL_CORPUS
    texts = []
    for path in sorted(corpus.glob("*.txt")):
        with contextlib.suppress(UnicodeDecodeError):  # one file is not UTF-8: the page reads UTF-8
            texts.append(path.read_bytes().decode("utf-8-sig"))
    text = "\n\n".join(texts)
    assert len(texts) > 100
    shown = check_history(watched, text=text)
    assert json.loads(shown) == json.loads(audit_document(text, "pasted.txt"))
    hands = count_hands(text)
    assert hands > 1000
    assert watched.page.text_content("#history-count").startswith(f"{hands} of {hands} hands")
    assert watched.page.locator("#history-results details").count() == hands


# ----------------------------------------------------------------------------------------------
# The drills
# ----------------------------------------------------------------------------------------------


def answer_drill(page, answer: dict) -> None:
    for i, pot in enumerate(answer["pots"]):
        page.fill(f"#drill-pot-{i}-amount", pot["amount"])
        winners = {w.strip() for w in pot["winners"].split(",")}
        for box in page.locator(f"input[data-pot='{i}']").all():
            box.set_checked(box.get_attribute("value") in winners)
    for box in page.locator("input[data-player]").all():
        box.fill(answer["payouts"][box.get_attribute("data-player")])
    page.click("#drill-check")


def test_a_drill_answered_right_then_wrong(watched: Watched) -> None:
    level, seed = 5, 4242
    watched.open("book/live/dealer_drills.html", {"level": str(level), "seed": str(seed)}, state="asking")
    page = watched.page
    drill = deal(level, seed)
    rows = page.locator("#drill-situation tbody tr")
    assert rows.count() == len(drill.contributions)
    assert drill.ranking_text in page.inner_text("#drill-situation")
    right = drill.answer()
    answer_drill(page, right)
    watched.wait_state("marked", "#dealer-drill")
    marks = json.loads(page.text_content("#drill-json"))
    assert all(item["ok"] for item in marks) and len(marks) == len(right["pots"]) * 2 + len(right["payouts"])
    assert "1 of 1 drills all right" in page.text_content("#drill-score")
    wrong = json.loads(json.dumps(right))
    first = next(iter(wrong["payouts"]))
    wrong["payouts"][first] = str(int(wrong["payouts"][first]) + 1)
    page.evaluate("document.querySelector('#dealer-drill').dataset.state = 'asking'")
    answer_drill(page, wrong)
    watched.wait_state("marked", "#dealer-drill")
    marks = json.loads(page.text_content("#drill-json"))
    assert [m["what"] for m in marks if not m["ok"]] == [f"{first}: receives"]
    assert "0 of 2 drills" not in page.text_content("#drill-score")
    assert "1 of 2 drills all right" in page.text_content("#drill-score")
    assert "Check: paid" in page.inner_text("#drill-marks")


def test_new_drill_puts_its_seed_in_the_url(watched: Watched) -> None:
    watched.open("book/live/dealer_drills.html", state="asking")
    page = watched.page
    page.select_option("#drill-level", "2")
    page.evaluate("document.querySelector('#dealer-drill').dataset.state = 'waiting'")
    page.click("#drill-new")
    watched.wait_state("asking", "#dealer-drill")
    query = dict(part.split("=") for part in urlsplit(page.url).query.split("&"))
    assert query["level"] == "2"
    drill = deal(2, int(query["seed"]))
    assert page.locator("#drill-situation tbody tr").count() == len(drill.contributions) == 3


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
