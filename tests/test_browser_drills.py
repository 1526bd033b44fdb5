"""The dealer drills in a real browser at a phone's width (390 px): thumb-sized controls, the
number of pots asked before any pot is shown, and the rule a wrong answer missed, as the engine
(CPython, here) names it. See tests/test_browser.py for the harness's rules."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from browser import Watched, answer_drill, answer_drill_pots, browser_mark

from potengine.chips import format_amount as fmt
from potengine.drills import deal, mark, mark_pots

pytestmark = browser_mark()
TOUCH = 44  # px, the least a thumb can hit (WCAG 2.5.5, Apple's Human Interface Guidelines)


@pytest.fixture
def phone(browser, server) -> Iterator[Watched]:
    page = Watched(browser, server, width=390, height=844)
    yield page
    try:
        page.check()
    finally:
        page.close()


def small_targets(watched: Watched, selector: str) -> list[tuple[str, float, float]]:
    """The controls matching ``selector`` smaller than a thumb, measured with boundingBox."""
    found = watched.page.locator(selector)
    assert found.count() > 0, selector
    small = []
    for i in range(found.count()):
        box = found.nth(i).bounding_box()
        assert box is not None, f"{selector} #{i} is not shown"
        if box["width"] < TOUCH or box["height"] < TOUCH:
            small.append((f"{selector} #{i}", box["width"], box["height"]))
    return small


def first_drill(level: int, wanted) -> int:
    return next(seed for seed in range(2000) if wanted(deal(level, seed).settlement()))


def test_a_drill_answered_right_then_wrong_on_a_phone(phone: Watched) -> None:
    level = 2
    seed = first_drill(level, lambda r: bool(r.refunds) and len(r.pots) == 2)
    drill = deal(level, seed)
    result = drill.settlement()
    phone.open("book/live/dealer_drills.html", {"level": str(level), "seed": str(seed)}, state="asking")
    page = phone.page
    # Nothing on the page tells how many pots there are before the reader says it.
    assert page.locator("#drill-form").is_hidden()
    assert page.locator("[id^='drill-pot-']").count() == 0
    assert "Side pot" not in page.inner_text("#dealer-drill")
    assert page.locator(".drill-choice").count() == 6
    assert small_targets(phone, "#drill-level, #drill-new, .drill-choice") == []
    assert drill.ranking_text in page.inner_text("#drill-situation")

    # Right: two pots, then each pot and each payout.
    answer_drill_pots(phone, len(result.pots))
    assert "right" in page.text_content("#drill-pots-mark")
    legends = page.locator("#drill-form fieldset.drill-pot legend").all_inner_texts()
    assert legends == [p.name for p in result.pots]
    assert small_targets(phone, ".drill-toggle, .drill-amount, #drill-check") == []
    right = drill.answer()
    answer_drill(phone, right)
    marks = json.loads(page.text_content("#drill-json"))
    assert all(item["ok"] for item in marks) and len(marks) == len(right["pots"]) * 2 + len(right["payouts"])
    assert "1 of 1 drills all right" in page.text_content("#drill-score")
    assert page.locator("#drill-marks .drill-rule").count() == 0

    # Wrong: the uncalled part counted as a pot, then left in the last pot and not given back.
    page.reload()
    phone.wait_state("asking", "#dealer-drill")
    answer_drill_pots(phone, len(result.pots) + 1)
    expected = mark_pots(drill, len(result.pots) + 1)
    shown = page.inner_text("#drill-pots-mark")
    assert f"Rule missed: {expected['rule']}." in shown and expected["why"] in shown
    assert page.locator("#drill-form fieldset.drill-pot").count() == len(result.pots)  # the right pots
    (player, back) = next(iter(result.refunds.items()))
    wrong = json.loads(json.dumps(right))
    wrong["pots"][-1]["amount"] = fmt(result.pots[-1].amount + back)
    wrong["payouts"][player] = fmt(result.payouts[player] - back)
    answer_drill(phone, wrong)
    marks = json.loads(page.text_content("#drill-json"))
    engine = {item["what"]: item for item in mark(drill, wrong)["items"]}
    missed = [m for m in marks if not m["ok"]]
    assert [m["what"] for m in missed] == [f"{result.pots[-1].name}: amount", f"{player}: receives"]
    for item in missed:
        assert item["rule"] == engine[item["what"]]["rule"] == "The uncalled part goes back"
    text = page.inner_text("#drill-marks")
    assert text.count("Rule missed: The uncalled part goes back.") == 2
    assert engine[f"{player}: receives"]["why"] in text
    assert "Check: paid" in text
    # A new page load starts a new session: the score counts this drill alone.
    assert "0 of 1 drills all right" in page.text_content("#drill-score")
    phone.page.screenshot(path=str(phone_shot("drill-marked")), full_page=True)


def phone_shot(name: str):
    from browser import ROOT

    shots = ROOT / "_build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    return shots / f"phone-{name}.png"


def test_the_odd_chip_rule_named_on_a_phone(phone: Watched) -> None:
    level = 5
    seed = first_drill(level, lambda r: any(len(set(p.shares.values())) > 1 for p in r.pots))
    drill = deal(level, seed)
    result = drill.settlement()
    pot = next(p for p in result.pots if len(set(p.shares.values())) > 1)
    top = max(pot.shares.values())
    lucky = next(p for p, s in pot.shares.items() if s == top)
    unlucky = next(p for p, s in pot.shares.items() if s < top)
    wrong = drill.answer()
    wrong["payouts"][lucky] = fmt(result.payouts[lucky] - 1)
    wrong["payouts"][unlucky] = fmt(result.payouts[unlucky] + 1)
    phone.open("book/live/dealer_drills.html", {"level": str(level), "seed": str(seed)}, state="asking")
    answer_drill_pots(phone, len(result.pots))
    answer_drill(phone, wrong)
    text = phone.page.inner_text("#drill-marks")
    assert text.count("Rule missed: The odd chip goes to the first winner clockwise from the button.") == 2
    assert f"first clockwise from the button ({result.button})" in text


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


def answer_run_drill(watched: Watched, answer: dict) -> None:
    """Fill in a drill run twice (the shape of ``Drill.answer()`` for level 6): each pot's amount,
    run or paid once, each run's part and winners (or the one winner), then the payouts."""
    page = watched.page

    def press(selector: str, names: set[str]) -> None:
        for button in page.locator(selector).all():
            pressed = button.get_attribute("aria-pressed") == "true"
            if (button.get_attribute("data-name") in names) != pressed:
                button.click()

    for i, pot in enumerate(answer["pots"]):
        page.fill(f"#drill-pot-{i}-amount", pot["amount"])
        page.click(f"#drill-pot-{i}-{'run' if pot['run'] else 'once'}")
        if pot["run"]:
            for k, part in enumerate(pot["parts"], start=1):
                page.fill(f"#drill-pot-{i}-run-{k}-amount", part["amount"])
                press(
                    f"button[data-pot='{i}'][data-run='{k}']", {w.strip() for w in part["winners"].split(",")}
                )
        else:
            press(f"button[data-pot='{i}'][data-run='0']", {w.strip() for w in pot["winners"].split(",")})
    for box in page.locator("input[data-player]").all():
        box.fill(answer["payouts"][box.get_attribute("data-player")])
    page.click("#drill-check")
    watched.wait_state("marked", "#dealer-drill")


def test_a_drill_run_twice_answered_right_then_wrong_on_a_phone(phone: Watched) -> None:
    level = 6
    seed = first_drill(
        level,
        lambda r: (
            any(not p.runs for p in r.pots) and any(len({x.amount for x in p.runs}) > 1 for p in r.pots)
        ),
    )
    drill = deal(level, seed)
    result = drill.settlement()
    phone.open("book/live/dealer_drills.html", {"level": str(level), "seed": str(seed)}, state="asking")
    page = phone.page
    for text in drill.run_texts:
        assert text in page.inner_text("#drill-situation")
    answer_drill_pots(phone, len(result.pots))
    assert small_targets(phone, ".drill-mode, .drill-amount:visible, #drill-check") == []
    page.click("#drill-pot-0-run")
    assert small_targets(phone, ".drill-toggle:visible, .drill-amount:visible") == []
    right = drill.answer()
    answer_run_drill(phone, right)
    marks = json.loads(page.text_content("#drill-json"))
    assert all(item["ok"] for item in marks), [m for m in marks if not m["ok"]]
    assert marks == mark(drill, right)["items"]
    assert page.locator("#drill-marks .drill-rule").count() == 0

    # Wrong: the odd chip of the division given to run 2, and the side pot nobody can contest run.
    page.reload()
    phone.wait_state("asking", "#dealer-drill")
    answer_drill_pots(phone, len(result.pots))
    wrong = json.loads(json.dumps(right))
    odd = next(i for i, p in enumerate(result.pots) if len({x.amount for x in p.runs}) > 1)
    first, second = wrong["pots"][odd]["parts"]
    first["amount"], second["amount"] = second["amount"], first["amount"]
    lone = next(i for i, p in enumerate(result.pots) if not p.runs)
    half = fmt(result.pots[lone].amount // 2)
    wrong["pots"][lone].update(
        run=True, parts=[{"amount": half, "winners": ""}, {"amount": half, "winners": ""}]
    )
    answer_run_drill(phone, wrong)
    marks = json.loads(page.text_content("#drill-json"))
    engine = mark(drill, wrong)
    assert marks == engine["items"]
    rules = {m["what"]: m["rule"] for m in marks if not m["ok"]}
    odd_name, lone_name = result.pots[odd].name, result.pots[lone].name
    assert rules[f"{odd_name}, run 1: part"] == "The odd chip of the division goes to the first run"
    assert rules[f"{odd_name}, run 2: part"] == "The odd chip of the division goes to the first run"
    assert rules[f"{lone_name}: run twice or paid once"] == (
        "A side pot with one eligible player is not run: it is paid once"
    )
    text = page.inner_text("#drill-marks")
    assert "Rule missed: The odd chip of the division goes to the first run." in text
    assert "Rule missed: A side pot with one eligible player is not run: it is paid once." in text
    assert "is not run: only" in text  # the engine's sentence about that pot
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    phone.page.screenshot(path=str(phone_shot("drill-runs-marked")), full_page=True)
