"""The Python behind the live pages, in CPython: the calculator's fields, the SVG pictures, the
calculator links, the drills and the build step that vendors the engine (with and without npm).

The same code runs in the browser (tests/test_browser.py compares both)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import zipfile
from decimal import Decimal
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from potengine import settle
from potengine.drills import LEVELS, deal, mark
from potengine.present import svg
from potengine.present.exports import settlement_json
from potengine.present.links import calculator_fields, calculator_link, calculator_query
from potengine.present.live import FIELDS, audit_document, audit_hands, calculate, call, new_drill

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


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"players": ""}, "players", "name the players"),
        ({"players": "Alice 40"}, "players", "NAME:VALUE"),
        ({"players": "A:1, A:2"}, "players", "given twice"),
        ({"players": "A:40, B:100", "ranking": "A > B", "chip": "x"}, "chip", "the chip"),
        ({"players": "A:40, B:100", "ranking": "A > B", "chip": "3"}, "chip", "3"),
        ({"players": "A:40, B:100", "ranking": "A > > B"}, "ranking", "empty name"),
        ({"players": "A:40, B:100", "ranking": "A"}, "ranking", "B"),
        ({"players": "A:40, B:100", "ranking": "A > B", "folded": "Z"}, "folded", "Z"),
        ({"players": "A:40, B:100", "ranking": "A > B", "button": "Z"}, "button", "not seated"),
        ({"players": "A:40, B:100"}, "ranking", "a ranking (or the cards) is needed"),
        ({"players": "A:40, B:100", "hands": "A:AsAs, B:KdKc", "board": "2c 7d 9h Qs 3h"}, "hands", "As"),
        ({"players": "A:40, B:100", "hands": "A:AsAh, B:KdKc", "board": "2c 7d 9h Qs"}, "board", "board"),
        (
            {
                "players": "A:40, B:100",
                "hands": "A:AsAh, B:KdKc",
                "ranking": "A > B",
                "board": "2c 7d 9h Qs 3h",
            },
            "ranking",
            "not both",
        ),
    ],
)
def test_bad_fields_get_the_engines_message_beside_the_right_field(fields, field, words) -> None:
    out = calculate(fields)
    assert out["ok"] is False
    assert list(out["errors"]) == [field], out["errors"]
    assert words in out["errors"][field]
    assert "Traceback" not in out["errors"][field]


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
    assert json.loads(call("new_drill", "[0, 1]")) == {"error": "drill level must be 1 to 5, not 0"}
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
    players = {1: 2, 2: 3, 3: 4, 4: 5, 5: 6}[level]
    for seed in range(25):
        drill = deal(level, seed)
        assert drill == deal(level, seed)
        result = drill.settlement()
        assert len(drill.contributions) == players
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
    assert json.loads((live / "build-info.json").read_text(encoding="utf-8")) == {"live": False}
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
