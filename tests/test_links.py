"""Calculator links for hands run twice or three times: the link's fields, fed to the calculator
(``potengine.present.live.calculate``), give the same settlement as the engine's."""

import random
from decimal import Decimal
from urllib.parse import parse_qs, urlsplit

import pytest

from potengine import Added, CashOut, Fee, settle
from potengine.errors import InputError
from potengine.present.exports import settlement_json
from potengine.present.links import calculator_fields, calculator_link
from potengine.present.live import FIELDS, calculate

EX01_HANDS = {"Alice": "As Ad", "Bilal": "Kc Kd", "Chloé": "9h 8h"}
EX01_BOARDS = ["Qh 7h 2c 4s 3d", "Qh 7h 2c Js 5h"]


def _fields_of(link) -> dict[str, str]:
    query = urlsplit(link.url).query
    return {k: v[0] for k, v in parse_qs(query, keep_blank_values=True).items()}


def _round_trip(result, **kwargs) -> dict:
    fields = _fields_of(calculator_link(result, **kwargs))
    assert fields == calculator_fields(result, **kwargs)
    assert set(fields) <= set(FIELDS)
    out = calculate(fields)
    assert out["ok"], out["errors"]
    assert out["query"] == fields  # the calculator writes the same address back
    return out


def test_a_hand_run_twice_links_each_runs_ranking():
    result = settle(
        {"Alice": 40, "Bilal": 100, "Chloé": 150},
        runs=[["Alice", "Chloé", "Bilal"], ["Bilal", "Alice", "Chloé"]],
    )
    fields = calculator_fields(result)
    assert fields["runs"] == "2" and "bomb" not in fields
    assert (fields["ranking"], fields["ranking2"]) == ("Alice>Chloé>Bilal", "Bilal>Alice>Chloé")
    out = _round_trip(result)
    assert out["settlement"] == settlement_json(result)
    assert out["settlement"]["pots"][1]["runs"][0]["shares"] == {"Chloé": 60}


def test_random_hands_run_two_or_three_times_settle_the_same_in_the_calculator():
    rng = random.Random(20)
    for _ in range(40):
        names = ["Alice", "Bilal", "Chloé", "David", "Emma"][: rng.randint(2, 5)]
        contributions = {p: rng.randint(1, 40) * 5 for p in names}
        folded = [p for p in names[1:] if rng.random() < 0.3]
        live = [p for p in names if p not in folded]
        top = max(contributions[p] for p in live)
        contributions.update({p: min(contributions[p], top) for p in folded})
        runs = []
        for _ in range(rng.randint(2, 3)):
            order = live[:]
            rng.shuffle(order)
            runs.append([tuple(order[:2]), *order[2:]] if rng.random() < 0.3 else order)
        chip = rng.choice([1, 5])
        result = settle(contributions, folded=folded, button=rng.choice(names), chip=chip, runs=runs)
        assert _round_trip(result)["settlement"] == settlement_json(result)


def test_with_the_hole_cards_the_link_carries_the_cards_and_every_board():
    result = settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, hands=EX01_HANDS, runs=EX01_BOARDS)
    fields = calculator_fields(result, hands=EX01_HANDS)
    assert fields["hands"] == "Alice:As Ad,Bilal:Kc Kd,Chloé:9h 8h"
    assert (fields["board"], fields["board2"]) == ("Qh 7h 2c 4s 3d", "Qh 7h 2c Js 5h")
    assert fields["ranking"] == fields["ranking2"] == ""
    out = _round_trip(result, hands=EX01_HANDS)
    assert out["settlement"] == settlement_json(result)  # the boards are in it too
    # Without the cards, the rankings the cards made: the same chips to the same players.
    plain = _round_trip(result)["settlement"]
    assert plain["pots"] == settlement_json(result)["pots"] and "board" not in plain["runs"][0]


def test_a_bomb_pot_link_says_so():
    hands = {"Alice": "As Qd", "Bilal": "9c 9h", "Chloé": "Kh Jh", "David": "7d 2s"}
    bomb = settle({p: 25 for p in hands}, hands=hands, runs=["Kc 9d 4s 2h Tc", "Ad Qc 6h 6s 3c"])
    fields = calculator_fields(bomb, hands=hands, bomb=True)
    assert fields["bomb"] == "1" and fields["runs"] == "2"
    out = _round_trip(bomb, hands=hands, bomb=True)
    assert out["settlement"] == settlement_json(bomb) and out["table"]["bomb"] is True
    assert "board 1" in out["explanation"]


def test_a_hand_dealt_once_links_as_before_and_with_its_cards():
    result = settle({"A": 10, "B": 10}, ranking=["B", "A"])
    assert calculator_fields(result) == {
        "players": "A:10,B:10",
        "ranking": "B>A",
        "folded": "",
        "button": "B",
        "chip": "1",
    }
    once = settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, hands=EX01_HANDS, board=EX01_BOARDS[1])
    assert "runs" not in calculator_fields(once, hands=EX01_HANDS)
    assert _round_trip(once, hands=EX01_HANDS)["settlement"] == settlement_json(once)


def test_decimal_chips_run_twice_round_trip():
    cent = Decimal("0.01")
    result = settle(
        {"SB": Decimal("3.23"), "BB": Decimal("3.13")}, runs=[["BB", "SB"], ["SB", "BB"]], chip=cent
    )
    out = _round_trip(result)
    assert out["settlement"] == settlement_json(result)
    assert [part["amount"] for part in out["settlement"]["pots"][0]["runs"]] == ["3.13", "3.13"]


@pytest.mark.parametrize(
    ("make", "kwargs", "message"),
    [
        (
            lambda: settle({"A": 50, "B": 50}, runs=[["A", "B"], ["A", "B"]], low_ranking=[["B"], []]),
            {},
            "hi-lo hand has no calculator link",
        ),
        (lambda: settle({"A": 50, "B": 50}, runs=[["A", "B"]] * 4), {}, "at most 3 times, not 4"),
        (
            lambda: settle({"A": 50, "B": 50}, runs=[["A", "B"]] * 3, run_odd_chips="all to run 1"),
            {},
            "one each in run order",
        ),
        (lambda: settle({"A": 50, "B": 50}, runs=[["A", "B"]] * 3), {"bomb": True}, "bomb=True"),
        (
            lambda: settle({"A": 50, "B": 50}, runs=[["A", "B"], ["B", "A"]], rake=2),
            {},
            "no rake or fees: this hand withholds 2",
        ),
        (
            lambda: settle({"A": 50, "B": 50}, runs=[["A", "B"], ["B", "A"]], fees=[Fee("jackpot", 1)]),
            {},
            "no rake or fees: this hand withholds 1",
        ),
        (
            lambda: settle({"A": 50, "B": 50}, ["A", "B"], added=[Added("cash drop", 10)]),
            {},
            "no money added by the room",
        ),
        (
            lambda: settle({"A": 50, "B": 50}, ["A", "B"], side_payments=[CashOut("B", 40, fee=1)]),
            {},
            "no cash-out or insurance",
        ),
        (
            lambda: settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, hands=EX01_HANDS, runs=EX01_BOARDS),
            {"hands": {**EX01_HANDS, "Chloé": "2d 3s"}},
            "do not settle this hand as it was settled",
        ),
        (
            lambda: settle({"A": 50, "B": 50}, runs=[["A", "B"], ["B", "A"]]),
            {"hands": {"A": "As Ad", "B": "Kc Kd"}},
            "made from the cards",
        ),
    ],
)
def test_a_hand_the_calculator_would_settle_otherwise_gets_no_link(make, kwargs, message):
    with pytest.raises(InputError, match=message):
        calculator_link(make(), **kwargs)
