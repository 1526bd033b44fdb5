"""The Python behind the live pages, in CPython: the calculator's fields, the SVG pictures, the
calculator links, the drills and the build step that vendors the engine (with and without npm).

The same code runs in the browser (tests/test_browser.py and tests/test_browser_calculator.py
compare both)."""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import subprocess
import sys
import zipfile
from decimal import Decimal
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine import settle
from potengine.drills import LEVELS, deal, mark
from potengine.errors import PotEngineError
from potengine.i18n import words
from potengine.present import svg
from potengine.present.exports import settlement_json
from potengine.present.links import calculator_fields, calculator_link, calculator_query
from potengine.present.live import FIELDS, audit_document, audit_hands, calculate, call, new_drill
from potengine.present.table_entry import read_amount, split_quick
from potengine.present.words import dealer_pushes

ROOT = Path(__file__).resolve().parent.parent


# ----------------------------------------------------------------------------------------------
# The calculator's fields
# ----------------------------------------------------------------------------------------------


def test_calculate_matches_settle_and_writes_the_cli_json() -> None:
    out = calculate({"players": "A:20, B:50, C:90, D:90", "ranking": "A > B > D > C", "button": "D"})
    expected = settle({"A": 20, "B": 50, "C": 90, "D": 90}, ["A", "B", "D", "C"], button="D")
    assert out["ok"] and out["settlement"] == settlement_json(expected)
    assert out["settlement_text"] == json.dumps(settlement_json(expected), ensure_ascii=False, indent=2)
    assert out["check_ok"] and out["pictures"].count("<svg") == 2
    assert "Side pot 2" in out["tables"] and "Check: paid" in out["explanation"]


def test_calculate_reads_decimal_chips_and_cards() -> None:
    out = calculate({"players": "A:0.50, B:1.25", "ranking": "B > A", "chip": "0.25"})
    assert out["settlement"]["payouts"] == {"A": "0.00", "B": "1.75"}
    cards = calculate({"players": "A:40, B:40", "hands": "A:AsAh, B:KdKc", "board": "2c 7d 9h Qs 3h"})
    assert cards["settlement"]["pots"][0]["winners"] == ["A"]


# Every bad table the page can be given, where its message goes, and words it must hold.
BAD_TABLES = [
    ({"players": ""}, "table", "at least two players"),
    ({"players": "Alice 40 Bilal 100"}, "players", "two players on one line"),
    ({"players": "40, Bilal 100", "ranking": "Bilal"}, "players", "whose chips"),
    ({"players": "A:1, a:2", "ranking": "A"}, "row-1-name", "seated twice"),
    ({"players": "A:40, B:x", "ranking": "A > B"}, "row-1-amount", "not an amount"),
    ({"players": "A:40, B", "ranking": "A > B"}, "row-1-amount", "how much did B put in"),
    ({"players": "A:40, B:-5", "ranking": "A > B"}, "row-1-amount", "less than nothing"),
    ({"players": "A:1,000, B:5", "ranking": "A > B"}, "row-0-amount", "a thousand or one"),
    ({"players": "A:40, B:100", "ranking": "A > B", "chip": "x"}, "chip", "not an amount"),
    ({"players": "A:40, B:100", "ranking": "A > B", "chip": "0"}, "chip", "cannot be 0"),
    ({"players": "A:40, B:100", "ranking": "A > B", "chip": "30"}, "row-0-amount", "smallest chip, 30"),
    ({"players": "A:40, B:0.5", "ranking": "A > B", "chip": "1"}, "row-1-amount", "smallest chip, 1"),
    ({"players": "A:40, B:100", "ranking": "A > > B"}, "ranking", "empty place"),
    ({"players": "A:40, B:100", "ranking": "A"}, "order", "B has no place yet"),
    ({"players": "A:40, B:100", "ranking": "A > B > a"}, "ranking", "names A twice"),
    ({"players": "A:40, B:100", "ranking": "A > Eve"}, "ranking", "Eve, who is not at the table"),
    ({"players": "A:40, B:100", "ranking": "A > B", "folded": "Z"}, "folded", "Z, who is not at the table"),
    ({"players": "A:40, B:100", "ranking": "A > B", "folded": "a"}, "order", "A folded"),
    ({"players": "A:40, B:100", "folded": "a, b"}, "table", "Everybody folded"),
    ({"players": "A:40, B:100", "ranking": "A > B", "button": "Z"}, "button", "Z, who is not at the table"),
    ({"players": "A:40, B:100"}, "order", "Who won?"),
    ({"players": "A:40, B:100", "hands": "A:AsAs, B:KdKc", "board": "2c 7d 9h Qs 3h"}, "row-0-cards", "A♠"),
    ({"players": "A:40, B:100", "hands": "A:AsAh, B:KdAs", "board": "2c 7d 9h Qs 3h"}, "row-1-cards", "A♠"),
    (
        {"players": "A:40, B:100", "hands": "A:AsAh, B:Kd", "board": "2c 7d 9h Qs 3h"},
        "row-1-cards",
        "2 cards",
    ),
    ({"players": "A:40, B:100", "hands": "A:AsAh, B:KdXx", "board": "2c 7d 9h Qs 3h"}, "row-1-cards", "rank"),
    (
        {"players": "A:40, B:100", "hands": "A:AsAh", "board": "2c 7d 9h Qs 3h"},
        "row-1-cards",
        "B's two cards",
    ),
    ({"players": "A:40, B:100", "hands": "A:AsAh, B:KdKc", "board": "2c 7d 9h Qs"}, "board", "5 community"),
    ({"players": "A:40, B:100", "hands": "A:AsAh, B:KdKc", "board": "2c 7d 9h Qs As"}, "board", "board"),
    ({"players": "A:40, B:100", "hands": "A AsAh", "board": "2c 7d 9h Qs 3h"}, "hands", "like Alice:AsKs"),
    ({"players": "A:40, B:100", "ranking": "A > B", "board": "2c 7d 9h Qs 3h"}, "board", "only counts"),
    (
        {"players": "A:40, B:100", "hands": "A:AsAh, B:KdKc", "ranking": "A > B", "board": "2c 7d 9h Qs 3h"},
        "order",
        "not both",
    ),
    (
        {"rows": [{"name": "Ann", "amount": "4"}, {"name": "", "amount": "4"}], "order": [["Ann"]]},
        "row-1-name",
        "who sits here",
    ),
    (
        {"rows": [{"name": "A>B", "amount": "4"}, {"name": "C", "amount": "4"}], "order": [["C"]]},
        "row-0-name",
        "cannot hold >",
    ),
    ({"rows": [{"name": "Ann", "amount": "4"}]}, "table", "at least two players"),
    (
        {"rows": [{"name": "Ann", "amount": "4"}, {"name": "Bob", "amount": "4"}], "order": [["Eve"]]},
        "order",
        "Eve",
    ),
]

PYTHON_IN_WORDS = re.compile(
    r"(?<![\w'])'[^'\n]*'(?![\w'])|NAME:VALUE|Decimal\(|chip=|hands=|\{|\[|Traceback|None|\bint\b|\bfloat\b"
)


@pytest.mark.parametrize(("fields", "key", "words"), BAD_TABLES)
def test_bad_tables_get_a_dealers_message_at_the_right_row_or_field(fields, key, words) -> None:
    out = calculate(fields)
    assert out["ok"] is False
    assert list(out["errors"]) == [key] or (key.startswith("row-") and key in out["errors"]), out["errors"]
    message = out["errors"][key]
    assert words in message, message
    assert not PYTHON_IN_WORDS.search(message), message


def test_no_message_holds_python_even_for_junk() -> None:
    rng = random.Random(7)
    alphabet = "AaB:,;>=.-0123456789 xé\n$€"
    for _ in range(400):
        fields = {f: "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16))) for f in FIELDS}
        for message in calculate(fields)["errors"].values():
            assert not PYTHON_IN_WORDS.search(message), (fields, message)


# ----------------------------------------------------------------------------------------------
# The quick syntax, names and the chip: the rules, written once (potengine.present.table_entry)
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Alice:40, Bilal:0.25, Chloé:100",
        "Alice=40, Bilal=0,25, Chloé=100",
        "Alice 40, Bilal 0,25, Chloé 100",
        "Alice 40\nBilal 0,25\nChloé 100\n",
        "  alice : 40 ;Bilal= 0.25;  Chloé   100",
        "Alice:40,Bilal:0,25,Chloé:100",
        "Alice $40, Bilal €0,25, Chloé 100€",
    ],
)
def test_every_form_of_the_quick_syntax_reads_the_same_table(text: str) -> None:
    out = calculate({"players": text, "ranking": "chloé > BILAL > alice"})
    assert out["ok"], out["errors"]
    names = [row["name"] for row in out["table"]["rows"]]
    assert [n.casefold() for n in names] == ["alice", "bilal", "chloé"]
    amounts = list(out["settlement"]["contributions"].values())
    assert amounts == ["40.00", "0.25", "100.00"] and out["settlement"]["chip"] == "0.01"
    assert out["chip_note"].endswith("so the chip is 0.01 (a cent).")


def test_a_decimal_comma_is_not_a_separator_but_a_comma_between_players_is() -> None:
    assert split_quick("Ann 0,25, Bob 1,5") == [("Ann", "0,25", False), ("Bob", "1,5", False)]
    assert split_quick("Ann:40,2Pac:100") == [("Ann", "40", False), ("2Pac", "100", False)]
    assert split_quick("Big Tom 40; Seat 7 = 5") == [("Big Tom", "40", False), ("Seat 7", "5", False)]
    assert split_quick("David 30 folded, Eve 4 (fold)") == [("David", "30", True), ("Eve", "4", True)]
    assert read_amount("0,25") == read_amount("0.25") == read_amount(",25") == Decimal("0.25")
    assert read_amount("0,250") == Decimal("0.250")  # a leading 0: not a thousand
    with pytest.raises(PotEngineError, match="a thousand or one"):
        read_amount("2,500")


def test_names_match_whatever_the_case_and_are_shown_as_seated() -> None:
    out = calculate(
        {
            "players": "Ann 40, Bob 100, Chloé 100, Dan 10",
            "ranking": "ANN > chloé = bob",
            "folded": "dan",
            "button": "CHLOÉ",
        }
    )
    assert out["ok"], out["errors"]
    expected = settle(
        {"Ann": 40, "Bob": 100, "Chloé": 100, "Dan": 10},
        ["Ann", ("Chloé", "Bob")],
        folded=["Dan"],
        button="Chloé",
    )
    assert out["settlement"] == settlement_json(expected)
    assert out["table"]["order"] == [["Ann"], ["Chloé", "Bob"]]
    assert out["query"]["ranking"] == "Ann>Chloé=Bob" and out["query"]["button"] == "Chloé"
    cards = calculate({"players": "Ann 40, Bob 40", "hands": "ann:AsAh, BOB:KdKc", "board": "2c 7d 9h Qs 3h"})
    assert cards["settlement"]["pots"][0]["winners"] == ["Ann"]
    # Two seated players whose names differ only in case cannot be told apart: refused.
    assert "read the same" in calculate({"players": "Ann 4, ANN 5"})["errors"]["row-1-name"]


@pytest.mark.parametrize(
    ("amounts", "chip", "note"),
    [
        ("A 40, B 100", 1, "every amount is whole, so the chip is 1."),
        ("A 0,25, B 1", Decimal("0.01"), "hundredths, so the chip is 0.01 (a cent)."),
        ("A 0.5, B 2", Decimal("0.1"), "tenths, so the chip is 0.1."),
        ("A 2.50, B 1.00", Decimal("0.01"), "(a cent)."),
    ],
)
def test_an_empty_chip_is_inferred_from_the_amounts_and_the_page_says_so(amounts, chip, note) -> None:
    out = calculate({"players": amounts, "ranking": "A > B", "chip": ""})
    assert out["ok"], out["errors"]
    assert (
        out["settlement"]["chip"] == settlement_json(settle({"A": 1, "B": 1}, ["A", "B"], chip=chip))["chip"]
    )
    assert out["chip_note"].endswith(note)
    given = calculate({"players": amounts, "ranking": "A > B", "chip": str(chip)})
    assert given["chip_note"] == "" and given["settlement"] == out["settlement"]


def test_an_inferred_cent_splits_an_odd_cent_to_the_first_seat_left_of_the_button() -> None:
    out = calculate({"players": "A 0,25, B 0,25, C 0,25", "ranking": "A = B > C", "button": "A"})
    assert out["settlement"]["pots"][0]["shares"] == {"A": "0.37", "B": "0.38"}
    assert "The odd chip to B: first of the winners left of the button (A)." in out["pushes"][-1]


NAMES = ["Alice", "Bilal", "Chloé", "Big Tom", "Zoë", "ann", "Seat 7"]


@st.composite
def quick_tables(draw):
    """A random table and the same table written in the quick syntax, every time another way."""
    n = draw(st.integers(2, 6))
    names = draw(st.permutations(NAMES))[:n]
    cents = draw(st.booleans())
    amounts = [
        Decimal(draw(st.integers(1, 40_000))).scaleb(-2) if cents else draw(st.integers(1, 500))
        for _ in names
    ]
    folded = draw(st.lists(st.sampled_from(names), unique=True, max_size=n - 1))
    live = [p for p in names if p not in folded]
    top = max(a for p, a in zip(names, amounts, strict=True) if p in live)
    # a folded player faced a bet: never more in than the most a live player put in
    amounts = [min(a, top) if p in folded else a for p, a in zip(names, amounts, strict=True)]
    order = draw(st.permutations(live))
    ties = [draw(st.booleans()) for _ in order]
    groups: list[list[str]] = []
    for name, tie in zip(order, ties, strict=True):
        if groups and tie:
            groups[-1].append(name)
        else:
            groups.append([name])
    items, listed = [], []
    for name, amount in zip(names, amounts, strict=True):
        written = f"{amount}"
        if draw(st.booleans()):
            written = written.replace(".", ",")  # a decimal comma
        sep = draw(st.sampled_from([":", "=", " ", " : ", "= ", "  "]))
        fold = ""
        if name in folded:  # folded in the quick text, or listed (in any case) in the folded field
            if draw(st.booleans()):
                fold = draw(st.sampled_from([" folded", " FOLDED", " (fold)"]))
            else:
                listed.append(draw(st.sampled_from([name.lower(), name.upper()])))
        items.append(f"{name}{sep}{written}{fold}")
    text = items[0]
    for item in items[1:]:
        text += draw(st.sampled_from([",", ", ", "\n", "; ", " ,\n"])) + item
    cased = [[draw(st.sampled_from([p, p.upper(), p.lower()])) for p in g] for g in groups]
    button = draw(st.sampled_from(names))
    fields = {
        "players": text,
        "ranking": " > ".join(" = ".join(g) for g in cased),
        "folded": ", ".join(listed),
        "button": draw(st.sampled_from([button, button.upper()])),
    }
    expected = settle(
        dict(zip(names, amounts, strict=True)),
        [g[0] if len(g) == 1 else tuple(g) for g in groups],
        folded=folded,
        button=button,
        chip=Decimal("0.01") if cents else 1,
    )
    return fields, expected


@given(quick_tables())
def test_any_table_in_any_form_of_the_quick_syntax_settles_the_same(case) -> None:
    fields, expected = case
    out = calculate(fields)
    assert out["ok"], (fields, out["errors"])
    assert out["settlement"] == settlement_json(expected)
    # The page's rows (what potengine read) settle the same, and so does the URL it writes.
    rows = {"rows": out["table"]["rows"], "order": out["table"]["order"], "button": out["table"]["button"]}
    assert calculate(rows)["settlement"] == out["settlement"]
    assert calculate(out["query"])["settlement"] == out["settlement"]


# ----------------------------------------------------------------------------------------------
# Table-side words: the dealer's pushes
# ----------------------------------------------------------------------------------------------


def test_the_pushes_return_first_then_side_pots_down_to_the_main_pot() -> None:
    out = calculate({"players": "Alice 40, Bilal 100, Chloé 160", "ranking": "Alice > Chloé > Bilal"})
    assert out["pushes"] == ["Return 60 to Chloé.", "Side pot 120: Chloé.", "Main pot 120: Alice."]
    result = settle({"A": 20, "B": 50, "C": 90, "D": 120, "E": 5}, ["A", "B", "C", "D"], folded=["E"])
    pushes = dealer_pushes(result)
    assert pushes[0] == "Return 30 to D."
    named = [p.split(" (")[0].split(":")[0] for p in pushes[1:]]
    assert named == ["Side pot 2", "Side pot 1", "Main pot 85"]
    assert len(pushes) == 1 + len(result.pots)


def test_every_chip_pushed_is_named_once() -> None:
    rng = random.Random(3)
    for _ in range(60):
        n = rng.randint(2, 6)
        names = [f"P{i}" for i in range(n)]
        result = settle(
            {p: rng.randint(1, 9) * 10 + rng.randint(0, 1) for p in names},
            [tuple(names[:2]), *names[2:]],
            button=rng.choice(names),
        )
        text = " ".join(dealer_pushes(result))
        for player, chips in result.refunds.items():
            assert f"Return {chips} to {player}." in text
        for pot in result.pots:
            assert f"{pot.awarded}" in text
            if len(set(pot.shares.values())) > 1:
                assert f"left of the button ({result.button})" in text


def test_calculate_never_raises_on_random_junk() -> None:
    rng = random.Random(11)
    alphabet = "AB:,>=.-0123456789 xé\n$"
    for _ in range(300):
        fields = {f: "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14))) for f in FIELDS}
        out = calculate(fields)
        assert out["ok"] or (out["errors"] and all(isinstance(m, str) and m for m in out["errors"].values()))


def test_call_returns_json_and_errors_as_messages() -> None:
    value = json.loads(call("calculate", json.dumps([{"players": "A:1, B:1", "ranking": "B > A"}])))["value"]
    assert value["ok"] is True and value["settlement"]["payouts"] == {"A": 0, "B": 2}
    assert json.loads(call("new_drill", "[0, 1]")) == {"error": "drill level must be 1 to 6, not 0"}
    with pytest.raises(KeyError):
        call("open", "[]")  # only the listed functions can be called


# ----------------------------------------------------------------------------------------------
# The pictures
# ----------------------------------------------------------------------------------------------


def test_svg_uses_the_charts_colours_and_hatching() -> None:
    charts = pytest.importorskip("potengine.present.charts")
    assert svg.POT_COLOURS == charts.POT_COLOURS and svg.POT_HATCHES == charts.POT_HATCHES
    assert (svg.DEAD_COLOUR, svg.DEAD_HATCH) == (charts.DEAD_COLOUR, charts.DEAD_HATCH)


def test_svg_shows_every_segment_with_its_amount() -> None:
    result = settle(
        {"A": 30, "B": 80, "C": 80, "D": 10, "E": 95}, ranking=["B", "C", "A", "E"], folded=["D"], button="C"
    )
    picture = svg.contribution_svg(result)
    for pot in result.pots:
        assert f"{pot.name}: {pot.amount}" in picture
        for player, chips in pot.contributions.items():
            assert f"{player}: {chips} in the {pot.name.lower()}" in picture
    assert "E: 15 returned (uncalled)" in picture and "(folded)" in picture
    paid = svg.payout_svg(result)
    for net in result.net.values():
        assert f"net {'+' if net > 0 else '−' if net < 0 else ''}{abs(net)}" in paid


def test_svg_is_well_formed_and_escapes_names() -> None:
    import xml.etree.ElementTree as ET

    result = settle({"<b>&": 10, "Zoë": Decimal("12.5")}, ranking=["Zoë", "<b>&"], chip=Decimal("0.5"))
    for picture in (svg.contribution_svg(result), svg.payout_svg(result)):
        root = ET.fromstring(picture)  # raises on broken markup
        assert root.tag.endswith("svg")
        assert "<b>&" not in picture and "&lt;b&gt;&amp;" in picture


def test_svg_text_and_lines_follow_the_theme() -> None:
    """Ink in currentColor (the page's text colour), paper in the theme's background: never a
    hard-coded black that a dark page would hide (the hatching inside the coloured faces aside)."""
    result = settle({"A": 30, "B": 80, "C": 80, "D": 10}, ranking=["B", "C", "A"], folded=["D"], button="C")
    for picture in (svg.contribution_svg(result), svg.payout_svg(result)):
        outside = re.sub(r"<defs>.*?</defs>", "", picture)
        assert "#000" not in outside and "black" not in outside
        texts = re.findall(r"<text [^>]*>", picture)
        assert texts and all('fill="currentColor"' in t for t in texts)
        assert all('class="pe-paper"' in r for r in re.findall(r'<rect [^>]*fill="#ffffff"[^>]*>', picture))
        assert ".pe-paper{fill:var(--pst-color-background" in picture


# ----------------------------------------------------------------------------------------------
# The links
# ----------------------------------------------------------------------------------------------


def test_calculator_link_round_trips_through_the_calculator() -> None:
    rng = random.Random(5)
    for _ in range(40):
        names = ["Alice", "Bilal", "Chloé", "David", "Emma"][: rng.randint(2, 5)]
        contributions = {p: rng.randint(1, 40) * 5 for p in names}
        folded = [p for p in names[1:] if rng.random() < 0.3]
        live = [p for p in names if p not in folded]
        top = max(contributions[p] for p in live)
        contributions.update({p: min(contributions[p], top) for p in folded})
        rng.shuffle(live)
        ranking = [live[0], tuple(live[1:3])] + live[3:] if len(live) > 2 else live
        result = settle(contributions, ranking, folded=folded, button=rng.choice(names))
        query = urlsplit(calculator_link(result).url).query
        fields = {k: v[0] for k, v in parse_qs(query, keep_blank_values=True).items()}
        assert fields == calculator_fields(result)
        assert calculate(fields)["settlement"] == settlement_json(result)
    assert calculator_query(result).startswith("players=")


# ----------------------------------------------------------------------------------------------
# The drills
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_drills_are_reproducible_and_fit_their_level(level: int) -> None:
    players = {1: (2,), 2: (3,), 3: (4,), 4: (5,), 5: (6,), 6: (3, 4)}[level]
    for seed in range(25):
        drill = deal(level, seed)
        assert drill == deal(level, seed)
        result = drill.settlement()
        assert len(drill.contributions) in players
        if level == 6:  # run twice, some pot won by different players on the two runs
            assert len(drill.runs) == 2 and drill.ranking == drill.runs[0]
            assert any(len({part.winners for part in pot.runs}) > 1 for pot in result.pots)
            continue
        assert any(drill.contributions[p] for p in drill.folded) or level < 3
        if level >= 4:
            assert any(len(pot.winners) > 1 for pot in result.pots)
        if level == 5:
            assert any(len(set(pot.shares.values())) > 1 for pot in result.pots)
        if level >= 2:
            assert len(result.pots) >= 2
    assert len({tuple(deal(level, s).contributions.items()) for s in range(25)}) > 15


def test_marking_finds_each_wrong_item() -> None:
    drill = deal(4, 99)
    right = drill.answer()
    assert mark(drill, right)["all_right"]
    wrong = json.loads(json.dumps(right))
    wrong["pots"][0]["winners"] = "Nobody"
    wrong["payouts"][next(iter(wrong["payouts"]))] = "junk"
    marked = mark(drill, wrong)
    bad = [item["what"] for item in marked["items"] if not item["ok"]]
    assert bad == ["Main pot: winner(s)", f"{next(iter(right['payouts']))}: receives"]
    assert marked["right"] == marked["total"] - 2
    assert mark(drill, {})["right"] == 0


def test_new_drill_shows_the_question_only() -> None:
    question = new_drill("3", "17")
    assert question["title"] == LEVELS[3]
    assert "payouts" not in question and len(question["players"]) == 4


# ----------------------------------------------------------------------------------------------
# The checker
# ----------------------------------------------------------------------------------------------


def test_audit_hands_and_document_agree() -> None:
    text = (ROOT / "potengine/histories/samples/pokerstars/wrong_odd_chip.txt").read_text(encoding="utf-8")
    hands = list(audit_hands(text, "x.txt"))
    doc = json.loads(audit_document(text, "x.txt"))
    assert [h["hand_id"] for h in hands] == [h["hand_id"] for h in doc["hands"]]
    assert [h["verdict"] for h in hands] == [h["verdict"] for h in doc["hands"]]
    assert any(h["verdict"] == "wrong" for h in hands)
    assert all(
        h["pictures"].count("<svg") == 2
        for h in hands
        if h["verdict"] in ("consistent", "irregular", "wrong")
    )


def test_the_checkers_pictures_are_drawn_in_the_pages_language() -> None:
    # The pictures' titles and pot names are the engine's words: said in the page's language,
    # with the same amounts as the English pictures.
    text = (ROOT / "potengine/histories/samples/pokerstars/wrong_odd_chip.txt").read_text(encoding="utf-8")
    english, german = (list(audit_hands(text, "x.txt", code)) for code in ("en", "de"))
    drawn = [(e, g) for e, g in zip(english, german, strict=True) if e["pictures"]]
    assert drawn
    for e, g in drawn:
        assert "Who put in what" in e["pictures"] and "Who put in what" not in g["pictures"]
        assert words("de")("Who put in what") in g["pictures"]
        assert re.findall(r">\s*([0-9][0-9.,]*)\s*<", e["pictures"]) == re.findall(
            r">\s*([0-9][0-9.,]*)\s*<", g["pictures"]
        )


# ----------------------------------------------------------------------------------------------
# The build step
# ----------------------------------------------------------------------------------------------


def _build(tmp_path: Path, *extra: str, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k != "POTENGINE_REQUIRE_LIVE"}
    return subprocess.run(
        [sys.executable, str(ROOT / "tools/build_live.py"), "--out", str(tmp_path), *extra],
        env={**environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_build_without_npm_says_so_and_leaves_the_engine_out(tmp_path: Path) -> None:
    run = _build(tmp_path, POTENGINE_NO_NPM="1")
    assert run.returncode == 0 and "npm not found" in run.stdout
    live = tmp_path / "live"
    words = [f"words-{language}.json" for language in ("en", "nl", "de", "el")]
    assert json.loads((live / "build-info.json").read_text(encoding="utf-8")) == {
        "live": False,
        "words": words,
    }
    assert all((live / name).exists() for name in words)  # the notice too is said in the reader's language
    assert not (live / "pyodide").exists() and not list(live.glob("*.whl"))
    assert (live / "calculator.mjs").exists() and (live / "engine-worker.mjs").exists()
    required = _build(tmp_path, "--require", POTENGINE_NO_NPM="1")
    assert required.returncode == 1 and "npm is missing" in required.stdout


def test_the_wheel_holds_the_package_and_a_valid_record(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_live
    finally:
        sys.path.pop(0)
    name = build_live.build_wheel(tmp_path)
    assert name == f"potengine-{build_live.project_version()}-py3-none-any.whl"
    with zipfile.ZipFile(tmp_path / name) as wheel:
        names = wheel.namelist()
        assert "potengine/present/live.py" in names and "potengine/__init__.py" in names
        record = wheel.read(next(n for n in names if n.endswith("RECORD"))).decode()
        assert all(f"{n}," in record for n in names)
    first = (tmp_path / name).read_bytes()
    build_live.build_wheel(tmp_path)
    assert (tmp_path / name).read_bytes() == first  # the same source, the same wheel


def test_a_refused_text_comes_back_as_one_message(monkeypatch) -> None:
    from potengine.errors import HandHistoryError
    from potengine.present import live

    def refuse(run: object, lines: object, name: str = ""):
        raise HandHistoryError(f"{name}: the file holds 200000 hands, more than the limit of 100000")
        yield  # pragma: no cover - a generator that refuses at its first step

    monkeypatch.setattr(live.AuditRun, "audits", refuse)
    hands = list(audit_hands("anything", "big.txt"))
    assert len(hands) == 1 and hands[0]["verdict"] == "unreadable"
    assert hands[0]["title"] == "big.txt: the file holds 200000 hands, more than the limit of 100000"


# ----------------------------------------------------------------------------------------------
# Hands run twice or three times, bomb pots
# ----------------------------------------------------------------------------------------------

RUNS = {
    "players": "Alice:41,Bilal:100,Chloé:100,David:30",
    "folded": "David",
    "button": "Chloé",
    "runs": "2",
    "ranking": "Alice > Chloé > Bilal",
    "ranking2": "chloé > bilal > alice",
}


def test_a_hand_run_twice_is_the_engines_settlement_over_two_runs() -> None:
    out = calculate(RUNS)
    expected = settle(
        {"Alice": 41, "Bilal": 100, "Chloé": 100, "David": 30},
        folded=["David"],
        button="Chloé",
        runs=[["Alice", "Chloé", "Bilal"], ["Chloé", "Bilal", "Alice"]],
    )
    assert out["ok"] and out["settlement"] == settlement_json(expected)
    assert [part["amount"] for part in out["settlement"]["pots"][0]["runs"]] == [77, 76]
    assert out["pushes"] == [
        "Side pot 118, run twice: run 1 (59): Chloé; run 2 (59): Chloé.",
        "Main pot 153, run twice: run 1 (77, with the odd chip of the division): Alice; run 2 (76): Chloé.",
    ]
    assert "divided by the runs" in out["explanation"]
    # The address holds each run's showdown, names as seated; reading it back gives the same table.
    query = out["query"]
    assert (query["runs"], query["ranking"], query["ranking2"]) == (
        "2",
        "Alice>Chloé>Bilal",
        "Chloé>Bilal>Alice",
    )
    assert calculate(query)["settlement"] == out["settlement"]
    assert out["table"]["orders"] == [[["Alice"], ["Chloé"], ["Bilal"]], [["Chloé"], ["Bilal"], ["Alice"]]]


def test_the_rows_form_takes_one_order_per_run_and_three_runs() -> None:
    rows = [{"name": n, "amount": a} for n, a in (("A", "40"), ("B", "100"), ("C", "100"))]
    out = calculate(
        {
            "rows": rows,
            "runs": "3",
            "order": [["A"], ["B"], ["C"]],
            "order2": [["a"], ["c"], ["b"]],
            "order3": [["B", "C"], ["A"]],
            "button": "A",
        }
    )
    assert out["ok"], out["errors"]
    parts = out["settlement"]["pots"][0]["runs"]
    assert [p["amount"] for p in parts] == [40, 40, 40]
    assert parts[2]["shares"] == {"B": 20, "C": 20}
    assert out["pushes"][0].startswith("Side pot 120, run three times: run 1 (40): B; run 2 (40): C;")
    missing = calculate({"rows": rows, "runs": "2", "order": [["A"], ["B"], ["C"]], "order2": [["C"]]})
    assert missing["errors"] == {
        "order-2": "Run 2: Place every player still in the hand: A and B have no place yet."
    }
    empty = calculate({"rows": rows, "runs": "2", "order": [["A"], ["B"], ["C"]]})
    assert list(empty["errors"]) == ["order-2"] and "Who won?" in empty["errors"]["order-2"]


def test_a_bomb_pot_is_two_runs_said_as_two_boards() -> None:
    fields = {
        "players": "Ann 50, Bob 50, Cy 51",
        "bomb": "1",
        "button": "Ann",
        "ranking": "Ann > Bob > Cy",
        "ranking2": "Bob = Cy > Ann",
    }
    out = calculate(fields)
    twice = calculate({**fields, "bomb": "", "runs": "2"})
    assert out["settlement"] == twice["settlement"]  # the same rule: the JSON does not differ
    assert out["query"]["runs"] == "2" and out["query"]["bomb"] == "1"
    assert "A bomb pot: two boards are dealt at once." in out["explanation"]
    assert "On board 2 its 75 is split" in out["explanation"]
    assert not re.search(r"\brun\b|\bruns\b", out["explanation"])
    assert ">Boards</caption>" in out["tables"] and "board 1 (75): Ann 75" in out["tables"]
    assert out["pushes"][-1].startswith("Main pot 150, two boards: board 1 (75): Ann; board 2 (75): split")
    assert calculate({**fields, "runs": "3"})["errors"] == {
        "runs": "A bomb pot deals two boards: choose “twice”, or take off the bomb pot to run it three times."
    }
    assert "runs" in calculate({**fields, "bomb": "", "runs": "4"})["errors"]


CARDS = {
    "players": "Alice:40,Bilal:100,Chloé:100",
    "hands": "Alice:AsAh,Bilal:KdKc,Chloé:7s6s",
    "runs": "2",
    "board": "2c 7d 9h Qs 3h",
}


@pytest.mark.parametrize(
    ("board2", "bomb", "key", "words"),
    [
        ("2c 7d 9h 7h 3d", "", None, ""),  # run from the flop: the flop typed on both boards
        ("2c 7d 9h Qs 8d", "", None, ""),  # run on the river: flop and turn shared
        ("5c 8c Jh 7h 4d", "", None, ""),  # all-in before the flop: nothing shared
        ("2c 7d 9h 7h", "", "board-2", "has 4 cards"),
        ("2c 7d 9h Qs 3h", "", "board-2", "run 1's board again"),
        ("2c 7d 8h 7h 3d", "", "board-2", "shares its first 2 cards"),
        ("2c 7d 9h 7h Qs", "", "board-2", "Q♠ is on run 1's board too"),
        ("2c 7d 9h 7h Kd", "", "board-2", "K♦ is in Bilal's hand"),
        ("2c 7d 9h 7h 7h", "", "board-2", "7♥"),
        ("", "", "board-2", "give its five cards"),
        ("2d 7c 9s 7h 3d", "1", None, ""),
        ("2c 7c 9s 7h 3d", "1", "board-2", "share no card"),
        ("4c 8c 9s Qs 3d", "1", "board-2", "Board 2: Q♠ is on board 1 too"),
    ],
)
def test_each_run_has_its_own_board_and_shares_only_the_cards_dealt_before(
    board2: str, bomb: str, key: str | None, words: str
) -> None:
    out = calculate({**CARDS, "board2": board2, "bomb": bomb})
    if key is None:
        assert out["ok"], out["errors"]
        hands = {"Alice": "AsAh", "Bilal": "KdKc", "Chloé": "7s6s"}
        expected = settle(
            {"Alice": 40, "Bilal": 100, "Chloé": 100}, hands=hands, runs=[CARDS["board"], board2]
        )
        assert out["settlement"] == settlement_json(expected)
        assert out["query"]["board2"] == board2
    else:
        assert not out["ok"] and list(out["errors"]) == [key], out["errors"]
        assert words in out["errors"][key]
        assert not re.search(r"hands=|board=|runs=|Decimal|\[", out["errors"][key])


def test_three_runs_start_on_the_same_street() -> None:
    out = calculate({**CARDS, "runs": "3", "board2": "2c 7d 9h 7h 3d", "board3": "2c 7d 9h Jc 4d"})
    assert out["ok"], out["errors"]
    bad = calculate({**CARDS, "runs": "3", "board2": "2c 7d 9h 7h 3d", "board3": "2c 7d 9h Qs 4d"})
    assert bad["errors"] == {
        "board-3": "Run 3's board shares the flop and the turn with run 1's but run 2's shares the "
        "flop: every run starts on the same street."
    }
    again = calculate({**CARDS, "runs": "3", "board2": "2c 7d 9h 7h 3d", "board3": "2c 7d 9h 7h 4d"})
    assert again["errors"]["board-3"].startswith("Run 3's board: 7♥ is on run 2's board too.")


def test_a_run_named_in_the_engines_message_is_the_runs_field() -> None:
    out = calculate({**CARDS, "hands": "Alice:AsAh,Bilal:AsKc,Chloé:7s6s", "board2": "2c 7d 9h 7h 3d"})
    assert not out["ok"] and list(out["errors"]) == ["row-1-cards"]
    bad = calculate({"players": "A 40, B 40", "runs": "2", "ranking": "A > B", "ranking2": "A > Eve"})
    assert bad["errors"] == {
        "ranking-2": "Run 2's showdown names Eve, who is not at the table (seated: A and B)."
    }
    assert calculate({"players": "A 40, B 40", "runs": "x"})["errors"] == {
        "runs": "Run it once, twice or three times (1, 2 or 3), not “x”."
    }
    # A hand dealt once writes no runs in its address (the book's links are unchanged).
    assert "runs" not in calculate({"players": "A 40, B 40", "ranking": "A > B"})["query"]


def test_the_built_snapshot_fits_the_memory_pyodide_starts_with() -> None:
    """A memory snapshot bigger than the runtime's initial memory does not restore (the page then
    starts Python the usual way, seconds later): tools/build_live.py refuses to ship one."""
    live = ROOT / "_build" / "html" / "live"
    info = json.loads((live / "build-info.json").read_text(encoding="utf-8")) if live.is_dir() else {}
    if not info.get("snapshot"):
        pytest.skip("no site with a memory snapshot built (make book)")
    sys.path.insert(0, str(ROOT / "tools"))
    import build_live

    with gzip.open(live / info["snapshot"]) as packed:
        size = len(packed.read())
    assert size // 65536 <= build_live.initial_pages((live / "pyodide" / "pyodide.asm.wasm").read_bytes())
