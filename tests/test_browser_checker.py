"""The hand-history checker in a real browser (see tests/test_browser.py for the harness's rules).

The page's JSON must equal what ``potengine audit --json`` prints (here: the same function in
CPython) for the same text; a file of another room is named and counted in its own hands.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from browser import REAL_CORPUS, ROOT, Watched, browser_mark

from potengine.histories.rooms import BY_NAME, not_read
from potengine.present.live import audit_document, count_hands, survey

pytestmark = browser_mark()
SAMPLES = ROOT / "potengine/histories/samples/pokerstars"


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
    text = "\n\n".join((SAMPLES / n).read_text(encoding="utf-8") for n in names)
    shown = check_history(watched, text=text)
    assert json.loads(shown) == json.loads(audit_document(text, "pasted.txt"))
    page = watched.page
    assert page.locator("#history-results .live-hand-bad").count() >= 1
    assert page.locator("#history-results .live-hand-unreadable").count() == 1
    assert page.get_attribute("#history-progress", "value") == page.get_attribute("#history-progress", "max")
    assert page.text_content("#history-room") == survey(text)["message"]
    assert page.text_content("#history-room").startswith("PokerStars history, ")


def test_checker_reads_an_opened_file(watched: Watched) -> None:
    path = SAMPLES / "wrong_odd_chip.txt"
    shown = check_history(watched, file=path)
    assert json.loads(shown) == json.loads(audit_document(path.read_text(encoding="utf-8"), path.name))
    first = watched.page.locator("#history-results details").first
    assert "wrong" in first.inner_text()
    assert first.locator("svg").count() == 2  # the pictures of the engine's pots


def test_checker_decodes_an_opened_utf16_file(watched: Watched, tmp_path: Path) -> None:
    text = (SAMPLES / "uncalled.txt").read_text(encoding="utf-8")
    path = tmp_path / "uncalled-utf16.txt"
    path.write_bytes(b"\xff\xfe" + text.replace("\n", "\r\n").encode("utf-16-le"))
    shown = json.loads(check_history(watched, file=path))
    assert [h["verdict"] for h in shown["hands"]] == ["consistent"] * 3
    assert watched.page.input_value("#history-input") == text


GG_HAND = """Poker Hand #RC{n}: Hold'em No Limit ($0.01/$0.02) - 2026/01/01 10:{m:02d}:00
Table 'Practice' 6-max Seat #1 is the button
Seat 1: Ana ($2 in chips)
Seat 2: Ben ($2 in chips)
Ana: posts small blind $0.01
Ben: posts big blind $0.02
*** HOLE CARDS ***
Ana: folds
Uncalled bet ($0.01) returned to Ben
*** SHOWDOWN ***
Ben collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
"""


def test_checker_reads_a_ggpoker_text(watched: Watched) -> None:
    """A GGPoker text written here (never real data): named, counted, each hand audited."""
    text = "\n\n".join(GG_HAND.format(n=5000 + i, m=i) for i in range(57))
    shown = check_history(watched, text=text)
    page = watched.page
    assert page.text_content("#history-room") == "GGPoker history, 57 hands"
    assert page.text_content("#history-count").startswith("57 of 57 hands: 57 consistent, 0 irregular")
    assert page.locator("#history-results details").count() == 57
    document = json.loads(shown)
    assert document == json.loads(audit_document(text, "pasted.txt"))
    assert [h["hand_id"] for h in document["hands"]][:2] == ["RC5000", "RC5001"]


# The first of these rooms the checker does not read yet stands for all of them ({n}: the hand).
UNREAD = {
    "fulltilt": "Full Tilt Poker Game #{n}: Table Crane (6 max) - $0.05/$0.10 - No Limit Hold'em",
    "winamax": "Winamax Poker - CashGame - HandId: #96-604-{n} - Holdem no limit (1€/2€)",
    "ignition": "Ignition Hand #{n} TBL#26728545 HOLDEM No Limit - 2026-01-01 10:00:00",
}


@pytest.mark.skipif(
    all(BY_NAME[name].readable for name in UNREAD), reason="every room of UNREAD is read now"
)  # skipped before the page is opened: a page that never starts its engine fails the fixture
def test_checker_names_another_room_and_counts_its_hands(watched: Watched) -> None:
    """A room the checker does not read yet (one header a hand, written here): named, counted,
    each hand unsupported."""
    name = next(name for name in UNREAD if not BY_NAME[name].readable)
    room = BY_NAME[name]
    text = "\n\n".join(UNREAD[name].format(n=5000 + i) for i in range(57))
    shown = check_history(watched, text=text)
    page = watched.page
    assert page.text_content("#history-room") == f"{room.label} history, 57 hands: {not_read(room)}"
    counted = "57 of 57 hands: 0 consistent, 0 irregular, 0 wrong, 57 unsupported"
    assert page.text_content("#history-count").startswith(counted)
    assert page.locator("#history-results details").count() == 57
    assert page.locator("#history-results details[open]").count() == 0
    document = json.loads(shown)
    assert document == json.loads(audit_document(text, "pasted.txt"))
    assert "5000" in document["hands"][0]["hand_id"]


@pytest.mark.skipif(
    not REAL_CORPUS.is_dir(), reason=f"the shared real hand-history corpus is not at {REAL_CORPUS}"
)
def test_checker_agrees_with_the_engine_on_the_real_corpus(watched: Watched) -> None:
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
