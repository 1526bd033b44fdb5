"""Replaying real hands in PHH format (tests/data/phh: 96 Pluribus and 19 WSOP hands).

Licence of the data: see tests/data/phh/INDEX.md (MIT, uoftcprg/pokerkit and phh-dataset).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from potengine.errors import HandHistoryError
from potengine.play.hand import start_hand
from potengine.histories.phh import parse, replay, to_phh

DATA = Path(__file__).parent / "data" / "phh"
FILES = sorted(DATA.glob("*.phh"))
HALF = Decimal("0.5")
# The hands whose finishing stacks hold half chips (INDEX.md: "frac-only").
HALF_CHIP_HANDS = {
    "data__pluribus__102__0.phh", "data__pluribus__32__23.phh", "data__pluribus__41b__204.phh",
    "data__pluribus__60__88.phh", "data__pluribus__75b__76.phh", "data__pluribus__88__128.phh",
    "data__pluribus__91__43.phh", "data__pluribus__91__53.phh",
}
SKIPS_A_FOLD = "data__wsop__2019__42__3__00-01-07.phh"


def chip_for(path: Path):
    """Pluribus splits odd pots exactly: replay its hands with half chips."""
    return HALF if "pluribus" in path.name else 1


def test_the_corpus_is_complete_with_its_licence():
    assert len(FILES) == 115
    notice = (DATA / "INDEX.md").read_text()
    assert "MIT License" in notice and "uoftcprg" in notice


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_hand_replays_to_its_finishing_stacks(path):
    played = replay(path.read_text(), chip=chip_for(path), name=path.name,
                    fill_skipped=path.name == SKIPS_A_FOLD)
    assert played.expected is not None
    assert played.finishing_stacks == played.expected
    assert sum(played.finishing_stacks) == sum(played.hand.setup.stacks)
    # The pots formed street by street agree with the settlement's pots.
    if len(played.hand.live) > 1:
        assert [(p.amount, p.eligible) for p in played.hand.pots] == [
            (p.amount, p.eligible) for p in played.settlement.pots]


def test_half_chip_hands_with_whole_chips_follow_tda_20a():
    """With whole chips the odd chip of each half-chip pot goes to the first winner left of the
    button; the other winner gets half a chip less than the file. Nothing else changes."""
    assert {p.name for p in FILES if "." in str(parse(p.read_text())["finishing_stacks"])
            and any(Decimal(repr(v)) % 1 for v in parse(p.read_text())["finishing_stacks"])} \
        == HALF_CHIP_HANDS
    for name in sorted(HALF_CHIP_HANDS):
        played = replay((DATA / name).read_text())
        expected = played.expected
        diff = [a - b for a, b in zip(played.finishing_stacks, expected)]
        assert sorted(diff) == [-HALF] + [0] * (len(diff) - 2) + [HALF]
        (pot,) = played.settlement.pots
        first = pot.winners[0]           # winners in seat order; the button is the last seat
        assert diff[played.players.index(first)] == HALF


def test_the_wsop_2019_hand_leaves_out_the_buttons_fold():
    text = (DATA / SKIPS_A_FOLD).read_text()
    with pytest.raises(HandHistoryError, match=r"action 14 'p1 cc'.*Ashish Ahuja's turn"):
        replay(text)
    played = replay(text, fill_skipped=True)
    folds = [(op.player, op.street) for op in played.hand.history if op.kind == "fold"]
    assert ("Ashish Ahuja", 0) in folds


def test_the_wsop_2019_ante_flag_big_blind_ante_is_dead_money():
    """The file says ante_trimming_status = true: pokerkit then trims the lone big-blind ante to
    the next largest ante (0) and hands it back. The finishing stacks count it as dead money in
    the main pot, as TDA RP-11 and our engine do."""
    played = replay((DATA / SKIPS_A_FOLD).read_text(), fill_skipped=True)
    fields = played.fields
    assert fields["ante_trimming_status"] is True and fields["antes"][1] == 500_000
    main = played.settlement.pots[0]
    assert main.amount == 500_000 + 3 * 1_150_000 + 2 * 2_250_000
    kempe = played.players.index("Rainer Kempe")      # the big blind, who lost
    assert played.finishing_stacks[kempe] == 5_625_000     # the ante is not returned to him
    assert played.finishing_stacks == played.expected


def test_fixed_limit_hand_uses_fixed_bets():
    played = replay((DATA / "data__wsop__2023__43__5__35.phh").read_text())
    assert played.hand.setup.structure.name == "fixed limit"
    assert played.matches


def test_round_trip_through_phh():
    h = start_hand({"A": 300, "B": 200, "C": 500, "D": 400}, button="B", small_blind=5, big_blind=10)
    h = h.deal_hole("A", "AsAh").deal_hole("B", "KdKc").deal_hole("C", "7c2d").deal_hole("D", "QsJs")
    h = h.raise_to("A", 30).call("B").fold("C").call("D")
    h = h.deal_board("2c7d9h").check("D").bet("A", 60).call("B").fold("D")
    h = h.deal_board("Td").check("A").check("B").deal_board("3h").bet("A", 150).all_in("B")
    assert h.betting_over
    text = to_phh(h)
    again = replay(text)
    assert again.hand.contributions == {
        p: h.contributions[p] for p in again.players}
    ours = h.finishing_stacks()
    assert again.finishing_stacks == tuple(ours[p] for p in again.players)
    assert again.players[0] == "C"      # PHH starts from the small blind
    assert again.finishing_stacks == (495, 370, 535, 0)   # C, D, A (aces win), B


@pytest.mark.parametrize("text, match", [
    ("variant = 'PO'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\nstarting_stacks=[9,9]\nactions=[]",
     "variant 'PO' is not a hold'em variant"),
    ("variant = 'NT'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,4]\nmin_bet=2\nstarting_stacks=[9,9,9]\nactions=[]",
     "straddles"),
    ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\nstarting_stacks=[9,9]\nactions=['p3 f']",
     "names 'p3', not one of p1..p2"),
    ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\nstarting_stacks=[9,9]\nactions=['p2 cbr 3']",
     r"action 1 'p2 cbr 3'.*minimum raise is to 4"),
    ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\nstarting_stacks=[9,9]\nactions=['p2 cc']",
     "still to act"),
    ("variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\nstarting_stacks=[9]\nactions=[]",
     "blinds_or_straddles has 2 entries for 1 players"),
    ("variant = ", "not valid PHH/TOML"),
])
def test_bad_hand_histories_are_named(text, match):
    with pytest.raises(HandHistoryError, match=match):
        replay(text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_writing_a_replayed_hand_back_out_gives_the_same_hand(path):
    first = replay(path.read_text(), chip=chip_for(path), fill_skipped=path.name == SKIPS_A_FOLD)
    again = replay(to_phh(first.hand), chip=chip_for(path))
    assert again.players == first.players
    assert again.finishing_stacks == first.finishing_stacks == first.expected
    assert [str(op) for op in again.hand.history] == [str(op) for op in first.hand.history]


_BASE = {"variant": "'NT'", "antes": "[0, 0, 0]", "blinds_or_straddles": "[1, 2, 0]",
         "min_bet": "2", "starting_stacks": "[100, 100, 100]",
         "actions": "['p3 cbr 6', 'p1 f', 'p2 f']"}


def _text(**fields):
    return "\n".join(f"{k} = {v}" for k, v in {**_BASE, **fields}.items())


@pytest.mark.parametrize("fields, match", [
    ({"starting_stacks": "[inf, 100, 100]"}, "a starting stack must be a finite number"),
    ({"starting_stacks": "[nan, 100, 100]"}, "a starting stack must be a finite number"),
    ({"starting_stacks": "['Infinity', 100, 100]"}, "'Infinity' is not an amount"),
    ({"starting_stacks": "['-5', 100, 100]"}, "'-5' is not an amount"),
    ({"starting_stacks": "[]", "antes": "[]", "blinds_or_straddles": "[]"}, "2 to 10 players"),
    ({"variant": "['NT']"}, r"variant \['NT'\] is not a hold'em variant"),
    ({"players": "[[1], [2], [3]]"}, "players must be a list of 3 distinct names"),
    ({"players": "['a', 'b']"}, "players must be a list of 3 distinct names"),
    ({"finishing_stacks": "5"}, "finishing_stacks must be a list"),
    ({"finishing_stacks": "[100, 100]"}, "finishing_stacks has 2 entries for 3 players"),
    ({"actions": "['p\u00b2 f']"}, "names 'p²', not one of p1..p3"),
    ({"actions": "['p3 cbr 1e999999']"}, r"action 1 'p3 cbr 1e999999': the amount '1e999999' is not an amount"),
    ({"actions": "['p3 cbr 6.5e1']"}, "is not an amount"),
    ({"actions": "['d db ZzZzZz']"}, "cannot read a card"),
    ({"actions": "['d db AhKhQh']"}, "pre-flop betting is not over"),
    ({"actions": "['d dh p1 AhKhQh']"}, "2 hole cards"),
    ({"actions": "['d dh p1 AhKh', 'd dh p2 AhQd']"}, "A♥ is both in p1's cards and in p2's cards"),
    ({"actions": "['d dh p1 AhKh extra']"}, "unknown dealer action"),
    ("a = " + "1" * 5000, "not valid PHH/TOML"),
])
def test_malformed_fields_are_named_hand_history_errors(fields, match):
    text = fields if isinstance(fields, str) else _text(**fields)
    with pytest.raises(HandHistoryError, match=match):
        replay(text)


@pytest.mark.parametrize("text, match", [(b"variant = 'NT'", "not bytes: decode"), (None, "not NoneType")])
def test_only_text_is_replayed(text, match):
    with pytest.raises(HandHistoryError, match=match):
        replay(text)


@pytest.mark.parametrize("name", ["A\\B", "D'Arcy \"Ace\"", "tab\there", "new\nline", "\x7f\x01", "Zoë ♠"])
def test_player_names_round_trip_exactly(name):
    hand = start_hand({name: 10, "C": 10}, small_blind=1, big_blind=2).fold("C")
    again = replay(to_phh(hand))
    assert again.players == (name, "C")
    assert again.finishing_stacks == (11, 9)


def test_decimal_amounts_round_trip_exactly():
    big = Decimal("123456789012345.63")     # a float cannot hold it
    h = start_hand({"A": big, "B": big}, small_blind=HALF, big_blind=1, chip=Decimal("0.01"))
    h = h.raise_to("B", Decimal("2.5")).fold("A")
    again = replay(to_phh(h), chip=Decimal("0.01"))
    assert again.hand.setup.stacks == (big, big)
    assert again.finishing_stacks == (big - 1, big + 1)
