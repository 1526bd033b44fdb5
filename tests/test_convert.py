"""Converting hand histories to Open Hand History 1.4.6 JSON and to PHH, and reading them back
(potengine.histories.ohh, potengine.histories.convert, ``potengine convert``).

The package's own PokerStars samples give exact fields; a hand run twice is written here in
PokerStars' words (the project's own hand). What a room does not state is tried on samples
rewritten the way another room writes them. The real PokerStars hands are read from ../shared
and those tests skip, saying so, when it is absent.
"""

# ruff: noqa: E501 - the hand is written as PokerStars writes it, long lines and all

from __future__ import annotations

import collections
import io
import json
import os
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from test_audit_real_corpus import expected

from potengine.cli import main
from potengine.errors import HandHistoryError
from potengine.histories import sample
from potengine.histories.audit import Verdict, audit_hand, contributions_from_lines
from potengine.histories.convert import (
    convert_files,
    finishing_stacks,
    read_records,
    split_phhs,
    to_phh,
)
from potengine.histories.ohh import dumps, from_ohh, missing_fields, read_ohh, stated_record, to_ohh
from potengine.histories.phh import parse, replay
from potengine.histories.pokerstars import parse_text
from potengine.histories.record import (
    POT_NAMES,
    RAKE,
    RETURNS,
    SIDE_POTS,
    TOTAL,
    HandHistory,
    UnsupportedHandError,
)
from potengine.histories.rooms import BY_NAME, file_lines

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("POTENGINE_SHARED", ROOT.parent / "shared")) / "data" / "pokerstars-real"
needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(),
    reason=f"the real PokerStars hands are not here ({CORPUS}): they live in ../shared, beside the repository",
)
SAMPLES = sorted(Path(str(sample("side_pots.txt"))).parent.glob("*.txt"))

# Ann ($3) all-in on the flop against Bo and Cy ($6 each), run twice from the turn. First run:
# Ann's aces full take the main pot's half, Bo's fours full the side pot's; second run: Cy's four
# queens take both halves. Rake $0.50, in proportion: $0.30 from the main pot, $0.20 from the side.
RUN_TWICE = """\
PokerStars Hand #260000009001: Hold'em No Limit ($0.05/$0.10 USD) - 2026/07/04 21:30:00 ET
Table 'Twice' 6-max Seat #3 is the button
Seat 1: Ann ($3 in chips)
Seat 2: Bo ($6 in chips)
Seat 3: Cy ($6 in chips)
Ann: posts small blind $0.05
Bo: posts big blind $0.10
*** HOLE CARDS ***
Cy: raises $0.20 to $0.30
Ann: calls $0.25
Bo: calls $0.20
*** FLOP *** [Qd Qs 4h]
Ann: bets $2.70 and is all-in
Bo: raises $3 to $5.70 and is all-in
Cy: calls $5.70 and is all-in
*** FIRST TURN *** [Qd Qs 4h] [Ac]
*** FIRST RIVER *** [Qd Qs 4h Ac] [2c]
*** SECOND TURN *** [Qd Qs 4h] [Qh]
*** SECOND RIVER *** [Qd Qs 4h Qh] [7d]
*** FIRST SHOW DOWN ***
Bo: shows [4c 4d] (a full house, Fours full of Queens)
Cy: shows [Qc Jc] (three of a kind, Queens)
Bo collected $2.90 from side pot
Ann: shows [Ah Ad] (a full house, Aces full of Queens)
Ann collected $4.35 from main pot
*** SECOND SHOW DOWN ***
Bo: shows [4c 4d] (a full house, Queens full of Fours)
Cy: shows [Qc Jc] (four of a kind, Queens)
Cy collected $2.90 from side pot
Ann: shows [Ah Ad] (a full house, Queens full of Aces)
Cy collected $4.35 from main pot
*** SUMMARY ***
Total pot $15 Main pot $8.70. Side pot $5.80. | Rake $0.50
Hand was run twice
FIRST Board [Qd Qs 4h Ac 2c]
SECOND Board [Qd Qs 4h Qh 7d]
Seat 1: Ann (small blind) showed [Ah Ad] and won ($4.35) with a full house, Aces full of Queens, and lost with a full house, Queens full of Aces
Seat 2: Bo (big blind) showed [4c 4d] and won ($2.90) with a full house, Fours full of Queens, and lost with a full house, Queens full of Fours
Seat 3: Cy (button) showed [Qc Jc] and lost with three of a kind, Queens, and won ($7.25) with four of a kind, Queens
"""


def hand(name: str, hand_id: str) -> HandHistory:
    for item in read_records(file_lines(str(sample(name)))):
        if isinstance(item, HandHistory) and item.hand_id == hand_id:
            return item
    raise AssertionError(f"no hand #{hand_id} in {name}")


def run_twice() -> HandHistory:
    [item] = parse_text(RUN_TWICE)
    assert isinstance(item, HandHistory)
    return item


def back(h: HandHistory) -> HandHistory:
    """The hand written as OHH JSON text and read back."""
    [item] = read_ohh(dumps(to_ohh(h)))
    assert isinstance(item, HandHistory), item
    return item


def won(h: HandHistory) -> dict[tuple[str, int, int], object]:
    """Each player's collections by pot and run."""
    totals: collections.Counter = collections.Counter()
    for c in h.collections:
        totals[(c.player, c.pot, c.run)] += c.amount
    return {k: v for k, v in totals.items() if v}


def agrees(h: HandHistory, again: HandHistory) -> list[str]:
    """What differs between a record and its OHH round trip (the brief: contributions,
    collections, boards, the shown cards and the audit's verdict)."""
    problems = []
    if contributions_from_lines(h).contributions != contributions_from_lines(again).contributions:
        problems.append("contributions")
    if won(h) != won(again):
        problems.append(f"collections {won(h)} != {won(again)}")
    if (h.board, h.runs) != (again.board, again.runs):
        problems.append(f"boards {h.board, h.runs} != {again.board, again.runs}")
    if dict(h.shown) != dict(again.shown):
        problems.append("shown cards")
    first, second = audit_hand(h), audit_hand(again)
    if first.verdict is not second.verdict or first.differences != second.differences:
        problems.append(
            f"verdict {first.verdict.value} {first.differences} != {second.verdict.value} {second.differences}"
        )
    return problems


# ---- OHH: the fields, exactly ---------------------------------------------------------------
def test_a_tournament_side_pot_hand_in_ohh_field_by_field() -> None:
    ohh = to_ohh(hand("side_pots.txt", "250000000101"))
    assert missing_fields(ohh) == []
    o = ohh["ohh"]
    assert (o["spec_version"], o["site_name"], o["network_name"], o["game_number"]) == (
        "1.4.6",
        "PokerStars",
        "PokerStars",
        "250000000101",
    )
    assert o["start_date_utc"] == "2026-03-15T00:15:02Z"  # 20:15:02 ET, daylight time (UTC-4)
    assert (o["tournament"], o["tournament_info"]["tournament_number"], o["tournament_info"]["currency"]) == (
        True,
        "3200000001",
        "USD",
    )
    assert (o["game_type"], o["bet_limit"], o["currency"], o["dealer_seat"]) == (
        "Holdem",
        {"bet_type": "NL", "bet_cap": 0},
        "XPM",
        3,
    )
    assert (o["small_blind_amount"], o["big_blind_amount"], o["ante_amount"], o["hero_player_id"]) == (
        10,
        20,
        0,
        None,
    )
    assert [(p["id"], p["seat"], p["name"], p["starting_stack"]) for p in o["players"]] == [
        (0, 1, "Alice", 40),
        (1, 2, "Bilal", 250),
        (2, 3, "Chloé", 300),
    ]
    rounds = o["rounds"]
    assert [(r["id"], r["street"], r["cards"]) for r in rounds] == [
        (0, "Preflop", []),
        (1, "Flop", ["Kd", "7s", "2c"]),
        (2, "Turn", ["9h"]),
        (3, "River", ["4d"]),
        (4, "Showdown", []),
    ]
    preflop = [
        (a["player_id"], a["action"], a.get("amount"), a.get("is_allin", False)) for a in rounds[0]["actions"]
    ]
    # "raises 20 to 40" after the small blind of 10: the raise puts in 30 (the spec's amount)
    assert preflop == [
        (0, "Post SB", 10, False),
        (1, "Post BB", 20, False),
        (2, "Call", 20, False),
        (0, "Raise", 30, True),
        (1, "Call", 20, False),
        (2, "Call", 20, False),
    ]
    assert [a["action_number"] for r in rounds for a in r["actions"]] == list(range(1, 16))
    assert [(a["player_id"], a["cards"]) for a in rounds[4]["actions"]] == [
        (1, ["Qc", "Jc"]),
        (2, ["Ac", "Ad"]),
        (0, ["Ks", "Kh"]),
    ]
    assert o["pots"] == [
        {
            "number": 0,
            "amount": 120,
            "rake": 0,
            "jackpot": 0,
            "player_wins": [{"player_id": 0, "win_amount": 120}],
        },
        {
            "number": 1,
            "amount": 120,
            "rake": 0,
            "jackpot": 0,
            "player_wins": [{"player_id": 2, "win_amount": 120}],
        },
    ]


def test_a_raked_cash_hand_with_a_dead_blind_in_ohh() -> None:
    o = to_ohh(hand("cash_rake.txt", "250000000503"))["ohh"]
    assert (o["currency"], o["small_blind_amount"], o["big_blind_amount"]) == (
        "USD",
        Decimal("0.05"),
        Decimal("0.10"),
    )
    actions = [(a["player_id"], a["action"], a.get("amount")) for a in o["rounds"][0]["actions"]]
    # "Di: posts small & big blinds $0.15": the big blind live, the small blind dead
    assert actions[:4] == [
        (1, "Post SB", Decimal("0.05")),
        (2, "Post BB", Decimal("0.10")),
        (3, "Post BB", Decimal("0.10")),
        (3, "Post Dead", Decimal("0.05")),
    ]
    assert actions[4:] == [
        (3, "Check", None),
        (0, "Raise", Decimal("0.30")),
        (1, "Fold", None),
        (2, "Call", Decimal("0.20")),
        (3, "Call", Decimal("0.20")),
    ]
    assert o["pots"] == [
        {
            "number": 0,
            "amount": Decimal("1.00"),
            "rake": Decimal("0.05"),
            "jackpot": Decimal("0.00"),
            "player_wins": [{"player_id": 3, "win_amount": Decimal("0.95")}],
        }
    ]
    text = dumps(to_ohh(hand("cash_rake.txt", "250000000503")))
    assert '"amount": 1.00,' in text and '"rake": 0.05,' in text  # exact digits, never a float
    again = back(hand("cash_rake.txt", "250000000503"))
    assert [(a.player, a.kind, a.amount) for a in again.posts][2:] == [("Di", "blinds", Decimal("0.15"))]
    assert again.returned == (("Di", Decimal("0.50")),)


def test_a_hand_run_twice_is_repeated_rounds_with_each_pot_raked_and_won_run_by_run() -> None:
    h = run_twice()
    assert audit_hand(h).verdict is Verdict.CONSISTENT
    o = to_ohh(h)["ohh"]
    assert missing_fields({"ohh": o}) == []
    assert o["flags"] == ["Run_It_Twice"]
    assert [(r["street"], r["cards"]) for r in o["rounds"]] == [
        ("Preflop", []),
        ("Flop", ["Qd", "Qs", "4h"]),
        ("Turn", ["Ac"]),
        ("River", ["2c"]),
        ("Turn", ["Qh"]),
        ("River", ["7d"]),
        ("Showdown", []),
    ]
    flop = [(a["player_id"], a["action"], a["amount"], a["is_allin"]) for a in o["rounds"][1]["actions"]]
    assert flop == [
        (0, "Bet", Decimal("2.70"), True),
        (1, "Raise", Decimal("5.70"), True),
        (2, "Call", Decimal("5.70"), True),
    ]
    pots = [(p["number"], p["amount"], p["rake"]) for p in o["pots"]]
    assert pots == [(0, Decimal("9.00"), Decimal("0.30")), (1, Decimal("6.00"), Decimal("0.20"))]
    wins = [[(w["player_id"], w["win_amount"], w["_run_wins"]) for w in p["player_wins"]] for p in o["pots"]]
    assert wins == [
        [
            (0, Decimal("4.35"), [Decimal("4.35"), Decimal("0.00")]),
            (2, Decimal("4.35"), [Decimal("0.00"), Decimal("4.35")]),
        ],
        [
            (1, Decimal("2.90"), [Decimal("2.90"), Decimal("0.00")]),
            (2, Decimal("2.90"), [Decimal("0.00"), Decimal("2.90")]),
        ],
    ]
    again = back(h)
    assert again.board == ("Qd", "Qs", "4h")
    assert again.runs == (("Qd", "Qs", "4h", "Ac", "2c"), ("Qd", "Qs", "4h", "Qh", "7d"))
    assert agrees(h, again) == []


def test_a_run_twice_reader_that_ignores_run_wins_still_reads_the_pots_right() -> None:
    document = json.loads(dumps(to_ohh(run_twice())), parse_float=Decimal)
    for pot in document["ohh"]["pots"]:
        for w in pot["player_wins"]:
            del w["_run_wins"]
    again = from_ohh(document)
    assert sorted((c.player, c.amount, c.pot) for c in again.collections) == [
        ("Ann", Decimal("4.35"), 0),
        ("Bo", Decimal("2.90"), 1),
        ("Cy", Decimal("2.90"), 1),
        ("Cy", Decimal("4.35"), 0),
    ]
    assert again.total_pot == Decimal("15.00") and again.rake == Decimal("0.50")


def test_an_all_in_cash_out_is_cashout_amount_and_fee_on_the_players_win() -> None:
    h = hand("site_practice.txt", "250000002001")  # Ann cashes out for $3.20 (fee $0.04), her hand wins
    o = to_ohh(h)["ohh"]
    assert o["pots"] == [
        {
            "number": 0,
            "amount": Decimal("4.00"),
            "rake": Decimal("0.20"),
            "jackpot": Decimal("0.00"),
            "player_wins": [
                {
                    "player_id": 0,
                    "win_amount": Decimal("3.80"),  # what the cards give her, "as normal"
                    "cashout_amount": Decimal("3.20"),
                    "cashout_fee": Decimal("0.04"),
                }
            ],
        }
    ]
    again = back(h)
    assert again.cash_outs == (("Ann", Decimal("3.20"), Decimal("0.04")),)
    assert again.collections == () and dict(again.summary_won) == {"Ann": Decimal("3.80")}
    assert agrees(h, again) == []


def test_antes_limits_and_the_tournament_fields() -> None:
    o = to_ohh(hand("tournament_antes.txt", "250000000601"))["ohh"]
    assert (o["ante_amount"], o["currency"], o["tournament_info"]["tournament_number"]) == (
        25,
        "XPM",
        "3200000002",
    )
    assert o["rounds"][0]["actions"][2] == {
        "action_number": 3,
        "player_id": 2,
        "action": "Post Ante",
        "amount": 20,
        "is_allin": True,
    }
    limit = hand("limit_and_pot_limit.txt", "250000000801")
    o = to_ohh(limit)["ohh"]
    assert (o["bet_limit"], o["small_blind_amount"], o["big_blind_amount"]) == (
        {"bet_type": "FL", "bet_cap": 0},
        5,
        10,
    )
    again = back(limit)
    assert (again.game, again.small_bet, again.big_bet) == ("Hold'em Limit", 10, 20)
    pot_limit = to_ohh(hand("limit_and_pot_limit.txt", "250000000802"))["ohh"]
    assert pot_limit["bet_limit"]["bet_type"] == "PL"
    omaha = to_ohh(hand("omaha_hilo.txt", "250000003001"))["ohh"]
    assert (omaha["game_type"], omaha["bet_limit"]["bet_type"]) == ("OmahaHiLo", "PL")


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_hand_reads_back_from_ohh_with_the_same_chips_and_verdict(path: Path) -> None:
    hands = [h for h in read_records(file_lines(path)) if isinstance(h, HandHistory)]
    assert hands
    for h in hands:
        if h.game.startswith("6+"):  # OHH has no short-deck game type: refused, naming it
            with pytest.raises(UnsupportedHandError, match="OHH 1.4.6 has no game type for 6"):
                to_ohh(h)
            continue
        ohh = to_ohh(h)
        assert missing_fields(ohh) == [], h.hand_id
        assert agrees(h, back(h)) == [], h.hand_id


def test_a_wrong_hand_is_still_wrong_after_the_round_trip() -> None:
    h = hand("wrong_pot_off_by_one.txt", "250000000901")
    again = back(h)
    assert audit_hand(again).verdict is Verdict.WRONG
    assert audit_hand(again).differences == audit_hand(h).differences


# ---- OHH: what a room does not state ---------------------------------------------------------
def unstated(h: HandHistory, *marks: str, **changes: object) -> HandHistory:
    return replace(h, not_stated=frozenset(marks), **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "hand_id"),
    [("uncalled.txt", "250000000303"), ("side_pots.txt", "250000000101"), ("cash_rake.txt", "250000000502")],
)
def test_what_a_room_does_not_state_is_written_as_the_chips_make_it(name: str, hand_id: str) -> None:
    h = hand(name, hand_id)
    rooms = {
        "no returns (Winamax)": unstated(h, RETURNS, returned=()),
        "no rake (iPoker)": unstated(h, RAKE, rake=0 * h.chip),
        "no totals (888)": unstated(
            h, TOTAL, RAKE, total_pot=0, main_pot=None, side_pots=(), rake=0 * h.chip
        ),
        "no pot names (GGPoker)": unstated(
            h,
            POT_NAMES,
            SIDE_POTS,
            main_pot=None,
            side_pots=(),
            collections=tuple(replace(c, pot=0, label="pot") for c in h.collections),
        ),
    }
    for room, other in rooms.items():
        assert audit_hand(other).verdict is Verdict.CONSISTENT, room
        ohh = to_ohh(other)
        assert missing_fields(ohh) == [], room
        original = to_ohh(h)["ohh"]["pots"]
        written = ohh["ohh"]["pots"]
        assert [p["amount"] for p in written] == [p["amount"] for p in original], room
        assert [p["player_wins"] for p in written] == [p["player_wins"] for p in original], room
        again = back(other)
        assert audit_hand(again).verdict is Verdict.CONSISTENT, room
        assert won(again) == won(h), room


def test_named_rake_parts_and_added_money() -> None:
    h = hand("cash_rake.txt", "250000000503")  # $1 pot, $0.05 withheld
    room = replace(
        h,
        withheld=(("rake", Decimal("0.03")), ("jackpot", Decimal("0.01")), ("bingo", Decimal("0.01"))),
        added=(("cash drop", Decimal("0.20")),),
        total_pot=Decimal("1.20"),
        collections=(replace(h.collections[0], amount=Decimal("1.15")),),
        summary_won={"Di": Decimal("1.15")},
    )
    assert audit_hand(room).verdict is Verdict.CONSISTENT, audit_hand(room).differences
    o = to_ohh(room)["ohh"]
    assert o["rounds"][0]["actions"][0] == {
        "action_number": 1,
        "action": "Add to Pot",
        "amount": Decimal("0.20"),
    }
    assert [(p["amount"], p["rake"], p["jackpot"]) for p in o["pots"]] == [
        (Decimal("1.20"), Decimal("0.03"), Decimal("0.02"))  # bingo goes into the jackpot
    ]
    again = back(room)
    assert again.withheld == (("rake", Decimal("0.03")), ("jackpot", Decimal("0.02")))
    assert again.added == (("add to pot", Decimal("0.20")),)
    assert audit_hand(again).verdict is Verdict.CONSISTENT


def test_short_deck_is_not_converted_to_ohh_and_says_why() -> None:
    h = replace(hand("side_pots.txt", "250000000101"), game="6+ Hold'em No Limit")
    with pytest.raises(HandHistoryError, match="OHH 1.4.6 has no game type for 6\\+ Hold'em No Limit"):
        to_ohh(h)


def test_broken_ohh_is_named_with_its_hand_and_line() -> None:
    good = dumps(to_ohh(hand("uncalled.txt", "250000000301")))
    missing = json.loads(good)
    del missing["ohh"]["pots"]
    text = good + "\n\n{not json\n\n" + json.dumps(missing)
    items = list(read_ohh(text))
    assert isinstance(items[0], HandHistory)
    assert isinstance(items[1], HandHistoryError) and str(items[1]).startswith(
        f"hand (no ID), line {good.count(chr(10)) + 3}: not OHH JSON"
    )
    assert isinstance(items[2], HandHistoryError)
    assert str(items[2]).startswith("hand #250000000301, line") and "ohh.pots" in str(items[2])
    assert items[2].hand_id == "250000000301"


# ---- PHH --------------------------------------------------------------------------------------
def test_a_hand_in_phh_field_by_field() -> None:
    text = to_phh(hand("cash_rake.txt", "250000000503"))
    fields = parse(text)
    assert fields["variant"] == "NT" and fields["players"] == ["Bo", "Cy", "Di", "Ann"]
    assert fields["_missed_blinds"] == ["", "", "both", ""]  # "posts small & big blinds"
    assert fields["actions"] == [
        "d dh p1 ????",
        "d dh p2 ????",
        "d dh p3 ????",
        "d dh p4 ????",
        "p3 cc",
        "p4 cbr 0.30",
        "p1 f",
        "p2 cc",
        "p3 cc",
        "d db 8h8c2d",
        "p2 cc",
        "p3 cbr 0.50",
        "p4 f",
        "p2 f",
    ]
    assert (fields["hand"], fields["venue"], fields["table"], fields["seats"], fields["currency"]) == (
        "250000000503",
        "PokerStars",
        "Haumea III",
        [2, 3, 4, 1],
        "USD",
    )
    assert fields["finishing_stacks"] == [10.0, 8.07, 10.6, 10.81]  # Di: 10 - 0.35 - 0.50 + 0.50 + 0.95
    assert fields["winnings"] == [0, 0, 0.95, 0] and fields["_rake"] == 0.05
    played = replay(text, chip=Decimal("0.01"))
    # PHH has no rake: the replay pays the winner the $0.05 the room withheld
    assert [a - b for a, b in zip(played.finishing_stacks, played.expected, strict=True)] == [
        0,
        0,
        Decimal("0.05"),
        0,
    ]


def test_a_hand_run_twice_in_phh_replays_to_the_historys_stacks_plus_the_rake() -> None:
    text = to_phh(run_twice())
    fields = parse(text)
    assert (fields["_run_count"], fields["_run_common_cards"]) == (2, 3)
    assert fields["actions"][-5:] == ["d db Ac2c", "d db Qh7d", "p2 sm 4c4d", "p3 sm QcJc", "p1 sm AhAd"]
    played = replay(text, chip=Decimal("0.01"))
    assert played.expected == (Decimal("4.35"), Decimal("2.9"), Decimal("7.25"))
    assert played.finishing_stacks == (Decimal("4.50"), Decimal("3.00"), Decimal("7.50"))  # + the $0.50 rake


def test_an_unknown_omaha_hand_is_four_unknown_cards() -> None:
    text = to_phh(replace(hand("limit_and_pot_limit.txt", "250000000802"), game="Omaha Pot Limit", shown={}))
    assert "d dh p1 ????????" in parse(text)["actions"]


def test_six_card_omaha_converts_with_six_cards_a_hand() -> None:
    """OHH and PHH name no 5- or 6-card Omaha: OHH's game type is Omaha and the cards shown say
    six (read back as 6 Card Omaha); PHH writes an unknown hand as six unknown cards."""
    shown = hand("six_card_omaha.txt", "250000004401")
    ohh = to_ohh(shown)["ohh"]
    assert (ohh["game_type"], ohh["bet_limit"]["bet_type"]) == ("Omaha", "PL")
    assert back(shown).game == "6 Card Omaha Pot Limit" and agrees(shown, back(shown)) == []
    unknown = to_phh(hand("six_card_omaha.txt", "250000004403"))
    assert parse(unknown)["actions"][:3] == [f"d dh p{k} ????????????" for k in (1, 2, 3)]


def test_what_phh_cannot_carry_is_refused_with_the_reason() -> None:
    with pytest.raises(HandHistoryError, match="PHH has no variant code for pot limit Omaha hi-lo"):
        to_phh(hand("omaha_hilo.txt", "250000003001"))
    with pytest.raises(
        HandHistoryError,
        match="hand #250000001701, line 67: cannot be written in PHH: PHH has no capped game",
    ):
        to_phh(hand("readability.txt", "250000001701"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_hand_written_in_phh_replays_to_the_historys_stacks(path: Path) -> None:
    for h in read_records(file_lines(path)):
        if not isinstance(h, HandHistory):
            continue
        try:
            text = to_phh(h)
        except HandHistoryError as err:
            assert "cannot be written in PHH" in str(err)
            continue
        assert_replays(h, text)


def assert_replays(h: HandHistory, text: str) -> None:
    """The replayed stacks are the history's, but for the rake (PHH has none: the winners keep it)
    and the cash-outs (replayed, a player who cashed out is paid his share of the pots), and but
    for a hand whose chips are wrong."""
    played = replay(text, chip=h.chip)
    assert played.expected is not None
    gap = dict(
        zip(
            played.players,
            (a - b for a, b in zip(played.finishing_stacks, played.expected, strict=True)),
            strict=True,
        )
    )
    for player, amount, _ in h.cash_outs:
        collected = sum((c.amount for c in h.collections if c.player == player), start=0)
        gap[player] += amount - (h.summary_won.get(player, collected) - collected)
    if audit_hand(h).verdict is Verdict.WRONG:
        assert any(gap.values())
        return
    assert all(g >= 0 for g in gap.values()), (h.hand_id, gap)
    assert sum(gap.values(), start=0) == h.rake, (h.hand_id, gap)
    history = finishing_stacks(h)
    assert {p: history[p] for p in played.players} == dict(zip(played.players, played.expected, strict=True))


# ---- files and the command line ---------------------------------------------------------------
def test_convert_files_names_each_skipped_hand_and_writes_the_others(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    done = convert_files(
        [str(sample("unreadable.txt")), str(sample("omaha_hilo.txt"))], "phh", out=out, errors=err
    )
    assert (done.written, len(done.skipped), done.exit_status) == (2, 5, 1)
    assert err.getvalue().count("skipped: hand #") == 5
    assert "hand #250000000702, line 28" in err.getvalue()
    hands = split_phhs(out.getvalue())
    assert [parse(t)["hand"] for t in hands] == ["250000000701", "250000000703"]
    assert out.getvalue().startswith("[1]\n") and "\n[2]\n" in out.getvalue()
    done = convert_files([str(sample("uncalled.txt"))], "phh", directory=tmp_path / "phh")
    assert sorted(p.name for p in (tmp_path / "phh").iterdir()) == [
        "uncalled-250000000301.phh",
        "uncalled-250000000302.phh",
        "uncalled-250000000303.phh",
    ]
    done = convert_files(
        [str(sample("uncalled.txt")), str(sample("side_pots.txt"))], "ohh", directory=tmp_path / "ohh"
    )
    assert sorted(p.name for p in (tmp_path / "ohh").iterdir()) == ["side_pots.ohh", "uncalled.ohh"]
    assert len(list(read_ohh((tmp_path / "ohh" / "side_pots.ohh").read_text(encoding="utf-8")))) == 3


def test_convert_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(sample("side_pots.txt")), "--to", "ohh"]) == 0
    captured = capsys.readouterr()
    hands = [h for h in read_ohh(captured.out)]
    assert [h.hand_id for h in hands if isinstance(h, HandHistory)] == [
        "250000000101",
        "250000000102",
        "250000000103",
    ]
    assert captured.out.count("\n\n") == 2  # one blank line between hands, the storage format
    assert captured.err == "potengine convert: 3 hands written as OHH, 0 skipped\n"
    target = tmp_path / "all.ohh"
    assert main(["convert", str(sample("unreadable.txt")), "--to", "ohh", "-o", str(target)]) == 1
    captured = capsys.readouterr()
    assert "skipped: hand #250000000702, line 28" in captured.err and captured.out == ""
    assert len(list(read_ohh(target.read_text(encoding="utf-8")))) == 2
    assert (
        main(["convert", str(sample("uncalled.txt")), "--to", "phh", "-o", str(tmp_path / "dir") + "/"]) == 0
    )
    assert len(list((tmp_path / "dir").iterdir())) == 3
    capsys.readouterr()
    assert main(["convert", str(tmp_path / "missing.txt"), "--to", "ohh"]) == 2
    assert "cannot read missing.txt" in capsys.readouterr().err
    assert main(["convert", str(sample("uncalled.txt")), "--to", "csv"]) == 2


def test_a_room_without_a_reader_is_named_hand_by_hand() -> None:
    # every room has a reader now: GGPoker's room as it was before it had one
    unread = replace(BY_NAME["ggpoker"], reader="")
    text = (
        "Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05) - 2025/01/01 00:00:00\n\nPoker Hand #RC2: Hold'em\n"
    )
    items = list(read_records(text.split("\n"), unread))
    assert [str(e).split(":")[0] for e in items] == ["hand #RC1, line 1", "hand #RC2, line 3"]
    assert all(isinstance(e, UnsupportedHandError) and "a GGPoker hand" in str(e) for e in items)


# ---- the real PokerStars hands ------------------------------------------------------------------
@pytest.fixture(scope="module")
def real() -> list[tuple[str, HandHistory]]:
    hands = []
    for path in sorted(CORPUS.glob("*.txt")):
        for item in read_records(file_lines(path)):
            if isinstance(item, HandHistory):
                hands.append((path.name, item))
    return hands


def kept_verdicts() -> dict[tuple[str, int], str]:
    """The verdict kept for each real hand (tests/data/pokerstars_real_verdicts.tsv, read as the
    real-corpus test reads it)."""
    return {key: verdict for key, (_, verdict) in expected().items()}


@needs_corpus
def test_every_readable_real_hand_converts_to_valid_ohh_and_reads_back_the_same(
    real: list[tuple[str, HandHistory]],
) -> None:
    kept = kept_verdicts()
    assert len(real) == sum(1 for v in kept.values() if v not in ("unreadable", "unsupported"))
    verdicts: collections.Counter = collections.Counter()
    for name, h in real:
        ohh = to_ohh(h)
        assert missing_fields(ohh) == [], (name, h.hand_id)
        again = back(h)
        assert agrees(h, again) == [], (name, h.hand_id)
        verdict = audit_hand(again).verdict.value
        assert verdict == kept[(name, h.first_line)], (name, h.hand_id)
        verdicts[verdict] += 1
    assert verdicts["wrong"] == 2 and verdicts["consistent"] > 1500


@needs_corpus
def test_the_real_hands_in_phh_replay_to_the_historys_stacks(real: list[tuple[str, HandHistory]]) -> None:
    refused: collections.Counter = collections.Counter()
    for _, h in real:
        try:
            text = to_phh(h)
        except HandHistoryError as err:
            reason = str(err).split("cannot be written in PHH: ", 1)[1]
            # PHH has no code for Omaha hi-lo but fixed-limit, nor a capped game; the edited
            # fixture deals one card twice (the auditor calls it wrong)
            if "Hi/Lo" in h.game and h.small_bet is None:
                assert reason.startswith("PHH has no variant code for"), reason
                refused["Omaha hi-lo"] += 1
            elif h.cap is not None:
                assert reason == "PHH has no capped game"
                refused["capped"] += 1
            else:
                assert audit_hand(h).verdict is Verdict.WRONG, reason
                refused["wrong"] += 1
            continue
        assert_replays(h, text)
    assert refused["wrong"] == 1 and refused["Omaha hi-lo"] >= 8 and refused["capped"] == 5


@needs_corpus
def test_the_real_corpus_on_the_command_line(tmp_path: Path) -> None:
    paths = [str(p) for p in sorted(CORPUS.glob("*.txt"))]
    err = io.StringIO()
    done = convert_files(paths, "ohh", directory=tmp_path, errors=err)
    kept = kept_verdicts()
    readable = sum(1 for v in kept.values() if v not in ("unreadable", "unsupported"))
    assert (done.written, len(done.skipped)) == (readable, len(kept) - readable)
    assert "Traceback" not in err.getvalue()
    read = sum(
        1
        for f in tmp_path.iterdir()
        for h in read_ohh(f.read_text(encoding="utf-8"))
        if isinstance(h, HandHistory)
    )
    assert read == readable


# ---- what other rooms' readers write (the record's conventions) --------------------------------
def test_a_straddle_and_a_blind_posted_on_entering_round_trip_through_ohh() -> None:
    # the actions only (GGPoker's reader writes a straddle, WPN's a blind posted on entering as a
    # pre-flop bet): Alice 5 and Bilal 10 in the blinds, Chloé straddles 20, Alice adds 5
    h = hand("uncalled.txt", "250000000302")
    sb, bb, raise_ = h.actions[:3]
    straddle = replace(raise_, kind="straddle", amount=20, to=20, text="Chloé: straddle 20")
    entering = replace(sb, line=raise_.line + 1, kind="bet", amount=5, text="Alice: posts (5)")
    room = replace(h, actions=(sb, bb, straddle, entering))
    o = to_ohh(room)["ohh"]
    actions = [(a["player_id"], a["action"], a.get("amount")) for a in o["rounds"][0]["actions"]]
    assert actions == [(0, "Post SB", 5), (1, "Post BB", 10), (2, "Straddle", 20), (0, "Post Extra Blind", 5)]
    again = back(room)
    assert [(a.player, a.kind, a.amount, a.to) for a in again.actions] == [
        ("Alice", "small blind", 5, None),
        ("Bilal", "big blind", 10, None),
        ("Chloé", "straddle", 20, 20),
        ("Alice", "bet", 5, None),
    ]


def test_small_blinds_read_back_say_live_or_dead_as_the_readers_do() -> None:
    h = hand("cash_rake.txt", "250000000503")
    bo, cy, di = h.actions[:3]
    second = replace(bo, player="Ann", line=bo.line + 1)  # Ann enters with a (dead) small blind
    room = replace(h, actions=(bo, second, cy, *h.actions[3:]))
    o = to_ohh(room)["ohh"]
    assert [a["action"] for a in o["rounds"][0]["actions"][:2]] == ["Post SB", "Post Dead"]
    again = back(room)
    assert [a.text for a in again.actions[:2]] == ["Bo: Post SB 0.05", "Ann: posts small blind 0.05 (dead)"]


def test_one_player_alone_putting_chips_in_reads_back_as_the_auditor_reads_it() -> None:
    # an 888-style hand: the small blind alone, everyone folds, his blind "collected" back
    h = hand("uncalled.txt", "250000000301")
    sb = replace(h.actions[0], amount=25)
    folds = tuple(replace(a, kind="fold", amount=0, to=None) for a in h.actions[2:4])
    room = replace(
        h,
        actions=(sb, *folds),
        returned=(),
        collections=(replace(h.collections[0], player=sb.player, amount=25),),
        total_pot=0,
        rake=0,
        summary_won={},
        not_stated=frozenset({RETURNS, TOTAL, RAKE, POT_NAMES}),
    )
    again = back(room)
    assert audit_hand(again).verdict is audit_hand(room).verdict
    assert won(again) == won(stated_record(room)[0])
