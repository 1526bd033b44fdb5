"""The Ignition/Bovada/Bodog reader: the package's own sample hands with exact numbers, bad input
named by hand and line, and the real files of ../shared/data/other-rooms (other people's data,
never copied here: the verdicts are kept as IDs and verdicts in tests/data/ignition_verdicts.tsv;
without ../shared those tests skip and say so)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from room_corpus import OTHER, ROOT, audit_files, kept_verdicts, needs

from potengine.errors import HandHistoryError
from potengine.histories import ignition, rooms
from potengine.histories.audit import AuditRun, Verdict, audit_hand
from potengine.histories.record import (
    POT_NAMES,
    RAKE,
    RETURNS,
    SIDE_POTS,
    TOTAL,
    HandHistory,
    UnsupportedHandError,
)

SAMPLES = ROOT / "potengine" / "histories" / "samples" / "ignition"
CORPUS = OTHER / "ignition_bovada"
D = Decimal

needs_corpus = needs(CORPUS, "the real Ignition files")


def sample_hands(name: str = "hands.txt") -> dict[str, HandHistory]:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    return {cut.hand_id or "": ignition.read_hand(cut) for cut in rooms.cut_hands(text)}


def sample_text(hand_id: str) -> str:
    text = (SAMPLES / "hands.txt").read_text(encoding="utf-8")
    [cut] = [c for c in rooms.cut_hands(text) if c.hand_id == hand_id]
    return cut.text


def read(text: str) -> HandHistory:
    [cut] = rooms.cut_hands(text)
    return ignition.read_hand(cut)


# ----------------------------------------------------------------------------------------------
# The package's own samples
# ----------------------------------------------------------------------------------------------
def test_every_sample_hand_is_read_by_the_ignition_reader_and_consistent() -> None:
    room = rooms.recognise((SAMPLES / "hands.txt").read_text(encoding="utf-8"))
    assert room is not None and room.reader == "ignition"
    hands = sample_hands()
    assert list(hands) == ["4700000101", "4700000102", "4700000103", "4700000104"]
    for hand_id, hand in hands.items():
        assert hand.room == "Ignition/Bovada"
        audit = audit_hand(hand)
        assert audit.verdict is Verdict.CONSISTENT, (hand_id, audit.differences)


def test_tournament_seats_are_numbered_in_the_clockwise_order_of_the_positions() -> None:
    hand = sample_hands()[
        "4700000101"
    ]  # Seat 12: UTG, Seat 4: Dealer, Seat 7: Small Blind, Seat 2: Big Blind
    assert [(s.number, s.player, s.stack) for s in hand.seats] == [
        (1, "Dealer", 5500),
        (2, "Small Blind", 1200),
        (3, "Big Blind", 3000),
        (4, "UTG", 2000),
    ]
    assert (hand.button, hand.tournament, hand.small_blind, hand.big_blind) == ("Dealer", "60000001", 50, 100)
    assert [a.kind for a in hand.posts] == ["ante"] * 4 + ["small blind", "big blind"]


def test_a_side_pot_result_is_placed_main_pot_first_and_checked_by_the_cards() -> None:
    hand = sample_hands()["4700000101"]
    assert [(c.player, c.amount, c.label) for c in hand.collections] == [
        ("UTG", 1600, "side pot"),
        ("Small Blind", 3710, "pot"),
    ]
    assert hand.shown == {"UTG": ("Ac", "Kd"), "Dealer": ("Qh", "Qd"), "Small Blind": ("3h", "3c")}
    audit = audit_hand(hand)
    assert audit.source == "cards" and audit.awarded is not None
    assert [(p.amount, dict(p.shares)) for p in audit.awarded.pots] == [
        (3710, {"Small Blind": 3710}),
        (1600, {"UTG": 1600}),
    ]


def test_a_split_pot_gives_the_odd_cent_to_the_first_winner_left_of_the_button() -> None:
    hand = sample_hands()["4700000102"]
    assert hand.not_stated == {RAKE, POT_NAMES, SIDE_POTS}
    audit = audit_hand(hand)
    assert audit.awarded is not None
    [pot] = audit.awarded.pots
    assert dict(pot.shares) == {"Small Blind": D("0.84"), "Big Blind": D("0.83")}
    assert "the rake (the 0.08 the collections leave of the pots is taken as withheld)" in audit.notes[0]


def test_a_wrong_odd_chip_is_caught_naming_the_player_it_belongs_to() -> None:
    [hand] = sample_hands("wrong_odd_chip.txt").values()
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.WRONG
    assert audit.differences == (
        "pot: history pays Small Blind 0.83 and Big Blind 0.84, the engine pays Small Blind 0.84 and "
        "Big Blind 0.83 (the odd chip goes to the first winner left of the button, Small Blind)",
    )


def test_chips_added_and_street_totals_become_the_record_raise() -> None:
    hand = sample_hands()["4700000103"]
    said = [(a.player, a.kind, a.amount, a.to, a.all_in) for a in hand.actions if a.kind not in ("fold",)]
    assert said == [
        ("Small Blind", "small blind", D("0.10"), None, False),
        ("Big Blind", "big blind", D("0.25"), None, False),
        ("UTG", "raise", D("0.50"), D("0.75"), False),  # Raises $0.75 to $0.75
        ("Dealer", "raise", D("1.50"), D("2.25"), False),  # Raises $2.25 to $2.25
        ("UTG", "call", D("1.50"), None, False),
        ("UTG", "check", 0, None, False),
        ("Dealer", "bet", D("3"), None, False),
        ("UTG", "raise", D("6"), D("9"), False),
        ("Dealer", "raise", D("38.75"), D("47.75"), True),  # All-in(raise) $44.75 to $47.75
        ("UTG", "call", D("18.75"), None, True),  # All-in $18.75, less than the 38.75 faced
    ]
    assert hand.returned == (("Dealer", D("20")),)
    assert hand.total_pot == D("60.35")
    audit = audit_hand(hand)
    assert "the rake (the 3 the collections leave of the pots is taken as withheld)" in audit.notes[0]


def test_a_walk_counts_the_unmatched_big_blind_in_and_is_consistent() -> None:
    hand = sample_hands()["4700000104"]
    assert hand.not_stated == {RAKE, POT_NAMES, SIDE_POTS, RETURNS, TOTAL}
    assert hand.returned == () and hand.collections[0].amount == D("0.35")
    audit = audit_hand(hand)
    assert audit.awarded is not None and audit.awarded.layout.refunds == {"Big Blind": D("0.15")}
    assert "0.15 to Big Blind; paid inside Big Blind's collected amount" in audit.notes[0]


def test_a_hand_quoted_in_a_program_has_its_quotes_taken_off() -> None:
    text = "export const HAND = `" + sample_text("4700000104").rstrip() + "`;\n"
    hand = read(text)
    assert hand.header.startswith("Bovada Hand #4700000104")
    assert audit_hand(hand).verdict is Verdict.CONSISTENT


# ----------------------------------------------------------------------------------------------
# Bad input: a HandHistoryError naming the hand and the line
# ----------------------------------------------------------------------------------------------
def test_a_truncated_hand_is_refused_naming_its_last_line() -> None:
    lines = sample_text("4700000102").splitlines()
    cut = "\n".join(lines[: lines.index("Small Blind : Hand result $0.84 ")])
    with pytest.raises(HandHistoryError, match="the hand ends before anyone wins the pot") as caught:
        read(cut)
    assert (caught.value.hand_id, caught.value.line_number) == ("4700000102", 30)


def test_an_unknown_card_a_garbage_amount_and_a_stranger_are_named_with_their_lines() -> None:
    text = sample_text("4700000102").replace("[Ah Kd 7s]\n", "[Ah Kd 7z]\n")
    with pytest.raises(HandHistoryError, match=r"hand #4700000102, line 18: '7z' is not a card"):
        read(text)
    text = sample_text("4700000102").replace("Dealer : Calls $0.25", "Dealer : Calls $0.2,,5x")
    with pytest.raises(HandHistoryError, match=r"line 15: cannot read Dealer's action"):
        read(text)
    text = sample_text("4700000102").replace("UTG : Folds", "UTG+4 : Folds")
    with pytest.raises(HandHistoryError, match=r"line 14: 'UTG\+4' has no seat in this hand"):
        read(text)


def test_a_raise_whose_two_amounts_disagree_is_refused() -> None:
    text = sample_text("4700000103").replace("Raises $9 to $9", "Raises $8 to $9")
    with pytest.raises(HandHistoryError, match=r"line 27: a raise of \$8 does not bring the bet to \$9"):
        read(text)


def test_a_game_the_engine_does_not_play_is_unsupported() -> None:
    text = sample_text("4700000102").replace("HOLDEM No Limit", "STUD Limit")
    with pytest.raises(UnsupportedHandError, match=r"hand #4700000102, line 1: only hold'em and Omaha"):
        read(text)


# ----------------------------------------------------------------------------------------------
# The real files
# ----------------------------------------------------------------------------------------------
def header_count(text: str) -> int:
    """The hands of a file counted apart from the reader: its header lines, after a backtick."""
    lines = [line.replace("\ufeff", "").split("`")[-1] for line in text.splitlines()]
    return sum(1 for line in lines if line.startswith(("Ignition Hand #", "Bovada Hand #", "Bodog Hand #")))


@pytest.fixture(scope="module")
def audited() -> tuple[AuditRun, dict[tuple[str, int], Any], dict[str, int]]:
    run, found, by_file = audit_files(sorted(CORPUS.iterdir()))
    return run, found, {name: len(audits) for name, audits in by_file.items()}


@needs_corpus
def test_every_real_file_is_read_and_its_hands_counted_as_its_headers_count_them(audited: Any) -> None:
    run, _, counts = audited
    assert len(counts) == 11
    for path in sorted(CORPUS.iterdir()):
        assert counts[path.name] == header_count(rooms.decode(path.read_bytes())), path.name
    assert run.summary()["hands"] == 33  # as ../shared/data/other-rooms/SOURCES.md counts them
    assert not [f for f in run.files if f["error"]]


@needs_corpus
def test_every_real_hand_gets_its_expected_verdict_and_every_one_is_consistent(audited: Any) -> None:
    run, found, _ = audited
    got = {key: (a.hand_id or "-", a.verdict.value) for key, a in found.items()}
    assert got == kept_verdicts("ignition").rows
    assert run.summary()["consistent"] == 33  # nothing to explain in the verdict file


@needs_corpus
def test_the_real_walks_and_the_cut_summaries_say_what_was_not_stated(audited: Any) -> None:
    _, found, _ = audited
    walks = [a for a in found.values() if a.hand is not None and RETURNS in a.hand.not_stated]
    assert len(walks) == 4
    for audit in walks:
        assert "paid inside Big Blind's collected amount" in audit.notes[0]
    no_total = [a for a in found.values() if a.hand is not None and TOTAL in a.hand.not_stated]
    assert len(no_total) == 5  # the 4 walks and a hand whose summary stops at its heading
