"""The partypoker reader: the package's own sample hands with exact numbers, bad input named by hand
and line, and the real files of ../shared/data/other-rooms (other people's data, never copied
here: the verdicts are kept as IDs and verdicts in tests/data/partypoker_verdicts.tsv; without
../shared those tests skip and say so)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from room_corpus import OTHER, ROOT, audit_files, kept_verdicts, needs

from potengine.errors import HandHistoryError
from potengine.histories import partypoker, rooms
from potengine.histories.audit import LIVE_POST, AuditRun, Verdict, audit_hand, dead_posts
from potengine.histories.record import POT_NAMES, RAKE, RETURNS, TOTAL, HandHistory, UnsupportedHandError

SAMPLES = ROOT / "potengine" / "histories" / "samples" / "partypoker"
D = Decimal

needs_corpus = needs(OTHER / "partypoker", "the real partypoker files")


def sample_hands(name: str = "hands.txt") -> dict[str, HandHistory]:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    return {cut.hand_id or "": partypoker.read_hand(cut) for cut in rooms.cut_hands(text)}


def read(text: str) -> HandHistory:
    [cut] = rooms.cut_hands(text)
    return partypoker.read_hand(cut)


def sample_text(hand_id: str) -> str:
    text = (SAMPLES / "hands.txt").read_text(encoding="utf-8")
    [cut] = [c for c in rooms.cut_hands(text) if c.hand_id == hand_id]
    return cut.text


# ----------------------------------------------------------------------------------------------
# The package's own samples
# ----------------------------------------------------------------------------------------------
def test_the_samples_are_recognised_as_partypoker_and_read_by_its_reader() -> None:
    text = (SAMPLES / "hands.txt").read_text(encoding="utf-8")
    room = rooms.recognise(text)
    assert room is not None and room.reader == "partypoker"
    hands = sample_hands()
    assert list(hands) == ["20000000101", "20000000102", "20000000103", "20000000104"]
    for hand in hands.values():
        assert hand.room == "partypoker"
        assert hand.not_stated == {TOTAL, RAKE, RETURNS, POT_NAMES}


def test_every_sample_hand_is_consistent() -> None:
    for hand_id, hand in sample_hands().items():
        audit = audit_hand(hand)
        assert audit.verdict is Verdict.CONSISTENT, (hand_id, audit.differences)


def test_chips_added_become_the_record_raise_over_the_bet_faced_and_the_street_total() -> None:
    hand = sample_hands()["20000000101"]
    said = [(a.player, a.kind, a.amount, a.to, a.all_in) for a in hand.actions]
    assert said == [
        ("Abel", "small blind", D("0.25"), None, False),
        ("Bea", "big blind", D("0.50"), None, False),
        ("Cato", "raise", D("1.00"), D("1.50"), False),  # raises [$1.50]: 1.50 added, over the 0.50
        ("Dora", "raise", D("3.00"), D("4.50"), False),  # raises [$4.50]: to 4.50, 3 over 1.50
        ("Abel", "call", D("4.25"), None, False),
        ("Bea", "fold", 0, None, False),
        ("Cato", "call", D("3"), None, False),
        ("Abel", "check", 0, None, False),
        ("Cato", "check", 0, None, False),
        ("Dora", "bet", D("6"), None, False),
        ("Abel", "raise", D("9.50"), D("15.50"), True),  # is all-In [$15.50] facing 6: a raise
        ("Cato", "raise", D("15.00"), D("30.50"), True),
        ("Dora", "call", D("19.50"), None, True),  # all-in for less than the 30.50 faced: a call
    ]


def test_side_pots_and_the_unmatched_chips_paid_as_a_side_pot_of_their_own() -> None:
    hand = sample_hands()["20000000101"]
    assert [(c.player, c.amount, c.pot, c.label) for c in hand.collections] == [
        ("Cato", D("5"), 0, "side pot 2"),
        ("Cato", D("19.25"), 0, "side pot 1"),
        ("Abel", D("58.25"), 0, "main pot"),
    ]
    audit = audit_hand(hand)
    assert audit.contributions == {"Abel": D("20"), "Bea": D("0.50"), "Cato": D("35"), "Dora": D("30")}
    assert audit.awarded is not None
    assert audit.awarded.layout.refunds == {"Cato": D("5")}
    assert [(p.amount, dict(p.shares)) for p in audit.awarded.pots] == [
        (D("60.50"), {"Abel": D("58.25")}),
        (D("20"), {"Cato": D("19.25")}),
    ]
    [note] = audit.notes
    assert "5 to Cato; paid back to Cato in a collection of its own" in note
    assert "the rake (the 3 the collections leave of the pots is taken as withheld)" in note


def test_a_split_pot_gives_the_odd_cent_to_the_first_winner_left_of_the_button() -> None:
    audit = audit_hand(sample_hands()["20000000102"])
    assert audit.verdict is Verdict.CONSISTENT
    assert audit.awarded is not None
    [pot] = audit.awarded.pots
    assert dict(pot.shares) == {"Cato": D("0.29"), "Abel": D("0.28")}


def test_a_wrong_odd_chip_is_caught_naming_the_player_it_belongs_to() -> None:
    [hand] = sample_hands("wrong_odd_chip.txt").values()
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.WRONG
    assert audit.differences == (
        "pot: history pays Cato 0.28 and Abel 0.29, the engine pays Abel 0.28 and Cato 0.29 "
        "(the odd chip goes to the first winner left of the button, Cato)",
    )


def test_a_buy_in_header_takes_its_blinds_from_the_posts() -> None:
    hand = sample_hands()["20000000103"]
    assert hand.header.startswith("***** Hand History for Game 20000000103")
    assert (hand.small_blind, hand.big_blind, hand.game) == (D("0.50"), D("1"), "Omaha Pot Limit")


def test_a_small_blind_posted_out_of_turn_is_live_and_big_blind_plus_dead_is_partly_dead() -> None:
    hand = sample_hands()["20000000103"]
    posts = {a.player: a for a in hand.posts if a.player in ("Cato", "Dora")}
    assert posts["Cato"].kind == "small blind" and posts["Cato"].text.endswith(LIVE_POST)
    assert (posts["Dora"].kind, posts["Dora"].amount) == ("blinds", D("1.50"))
    assert dead_posts(hand) == {posts["Dora"].line: D("0.50")}
    audit = audit_hand(hand)
    # Cato's 0.50 counts toward his bet: his call of 0.50 completes the big blind of 1
    assert audit.contributions["Cato"] == D("1") and audit.contributions["Dora"] == D("4")
    assert audit.awarded is not None and audit.awarded.layout.refunds == {"Ezra": D("7.50")}
    assert "paid inside Ezra's collected amount" in audit.notes[0]


def test_a_tournament_plays_in_chips_with_antes_and_commas() -> None:
    hand = sample_hands()["20000000104"]
    assert (hand.tournament, hand.currency, hand.chip) == ("301122", False, 1)
    assert [a.amount for a in hand.posts] == [25, 25, 25, 150, 300]
    assert [s.stack for s in hand.seats] == [2400, 6125, 1100]
    audit = audit_hand(hand)
    assert audit.awarded is not None and audit.awarded.layout.refunds == {"Abel": 1300}
    assert [(p.amount, dict(p.shares)) for p in audit.awarded.pots] == [(2525, {"Abel": 2525})]


def test_an_unseated_actor_with_no_seated_player_to_stand_for_is_refused_naming_the_line() -> None:
    text = sample_text("20000000102").replace("Bea calls [$0.10 USD]", "Zed calls [$0.10 USD]")
    with pytest.raises(HandHistoryError, match=r"hand #20000000102, line 12: 'Zed' has no seat in this hand"):
        read(text)


def test_the_unseated_actor_of_the_real_sample_is_read_as_the_silent_poster() -> None:
    text = (
        "***** Hand History for Game 31 *****\n"
        "$200 USD PL Omaha - Monday, October 12, 01:01:01 CEST 2015\n"
        "Table Jerusalem (Real Money)\nSeat 1 is the button\nTotal number of players : 2/6\n"
        "Seat 1: Ann ( $390 USD )\nSeat 2: Bo ( $200 USD )\n"
        "Ann posts small blind [$1 USD].\nBo posts big blind [$2 USD].\n** Dealing down cards **\n"
        "Zed raises [$5 USD]\nBo calls [$4 USD]\n** Dealing Flop ** [ 8c, 7c, Qh ]\n"
        "Bo checks\nZed bets [$6 USD]\nBo folds\nZed does not show cards.\nZed wins $17.50 USD\n"
    )
    hand = read(text)
    assert [a.player for a in hand.actions] == ["Ann", "Bo", "Ann", "Bo", "Bo", "Ann", "Bo"]
    assert hand.remarks == (
        "Zed acts without a seat line: read as Ann (seat 1), the one seated player who posts and never acts",
    )
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT, audit.differences
    assert audit.awarded is not None and audit.awarded.layout.refunds == {"Ann": D("6")}


# ----------------------------------------------------------------------------------------------
# Bad input: a HandHistoryError naming the hand and the line
# ----------------------------------------------------------------------------------------------
def test_a_truncated_hand_is_refused_at_its_last_line() -> None:
    lines = sample_text("20000000102").splitlines()
    cut = "\n".join(lines[: lines.index("Bea folds")])
    with pytest.raises(HandHistoryError, match="the hand ends before anyone wins the pot") as caught:
        read(cut)
    assert caught.value.hand_id == "20000000102"
    assert caught.value.line_number == 17 and caught.value.line == "Abel bets [$0.15 USD]"


def test_an_unknown_card_is_named_with_its_line() -> None:
    text = sample_text("20000000102").replace("[ Ah, Kd, 7s ]", "[ Ah, Kx, 7s ]")
    with pytest.raises(HandHistoryError, match=r"hand #20000000102, line 15: 'Kx' is not a card"):
        read(text)


def test_a_garbage_amount_is_named_with_its_line() -> None:
    text = sample_text("20000000102").replace("Bea calls [$0.10 USD]", "Bea calls [$0.1.0 USD]")
    with pytest.raises(
        HandHistoryError, match=r"hand #20000000102, line 12: cannot read the amount"
    ) as caught:
        read(text)
    assert caught.value.line == "Bea calls [$0.1.0 USD]"


def test_cents_in_a_tournament_and_an_unreadable_line_are_named() -> None:
    text = sample_text("20000000104").replace("Abel posts ante [25]", "Abel posts ante [25.50]")
    with pytest.raises(HandHistoryError, match="line 11: amount 25.50 has cents in a game played in chips"):
        read(text)
    text = sample_text("20000000102").replace("Abel checks\n** Dealing Flop", "Abel juggles\n** Dealing Flop")
    with pytest.raises(HandHistoryError, match=r"line 14: cannot read Abel's action: \"Abel juggles\""):
        read(text)


def test_a_game_the_engine_does_not_play_is_unsupported_naming_it() -> None:
    text = sample_text("20000000102").replace("NL Texas Hold'em", "7 Card Stud")
    with pytest.raises(
        UnsupportedHandError, match=r"line 2: \$0.05/\$0.10 USD 7 Card Stud: only hold'em and Omaha"
    ):
        read(text)


def test_the_auditor_reads_the_samples_through_the_room_reader() -> None:
    run = AuditRun()
    audits = list(run.audits(rooms.file_lines(SAMPLES / "hands.txt"), "hands.txt"))
    assert [a.verdict for a in audits] == [Verdict.CONSISTENT] * 4
    assert run.summary()["consistent"] == 4


# ----------------------------------------------------------------------------------------------
# The real files
# ----------------------------------------------------------------------------------------------
def corpus_files() -> list[Path]:
    """partypoker's folder, and the files of 888's folder written in partypoker's layout."""
    files = sorted((OTHER / "partypoker").iterdir())
    for path in sorted((OTHER / "888poker").iterdir()):
        room = rooms.recognise(rooms.decode(path.read_bytes()))
        if room is not None and room.name == "partypoker":
            files.append(path)
    return files


def header_count(text: str) -> int:
    """The hands of a file counted apart from the reader: its ``***** Hand History`` lines."""
    lines = [line.replace("\ufeff", "") for line in text.splitlines()]
    return sum(1 for line in lines if line.startswith("*****") and "Hand History" in line)


@pytest.fixture(scope="module")
def audited() -> tuple[AuditRun, dict[tuple[str, int], Any], dict[str, int]]:
    run, found, by_file = audit_files(corpus_files())
    return run, found, {name: len(audits) for name, audits in by_file.items()}


@needs_corpus
def test_every_real_file_is_read_and_its_hands_counted_as_its_headers_count_them(audited: Any) -> None:
    run, _, counts = audited
    files = corpus_files()
    assert len(files) == 48  # 46 of partypoker's folder and two of 888's
    for path in files:
        assert counts[path.name] == header_count(rooms.decode(path.read_bytes())), path.name
    assert run.summary()["hands"] == 284  # the 282 of SOURCES.md and the two in 888's folder
    assert not [f for f in run.files if f["error"]]


@needs_corpus
def test_every_real_hand_gets_its_expected_verdict(audited: Any) -> None:
    _, found, _ = audited
    got = {key: (a.hand_id or "-", a.verdict.value) for key, a in found.items()}
    assert got == kept_verdicts("partypoker").rows


@needs_corpus
def test_every_real_hand_that_is_not_consistent_is_explained(audited: Any) -> None:
    rows, _, comments = kept_verdicts("partypoker")
    odd = {hand_id for hand_id, verdict in rows.values() if verdict != "consistent"}
    assert odd == {"11994428655"}
    for hand_id in odd:
        assert f"# {hand_id}: " in comments
    _, found, _ = audited
    [cut] = [a for a in found.values() if a.hand_id == "11994428655"]
    assert "the hand ends before anyone wins the pot" in str(cut.error)


@needs_corpus
def test_no_real_hand_is_wrong_and_every_one_read_says_what_the_room_does_not_state(audited: Any) -> None:
    run, found, _ = audited
    assert run.summary()["wrong"] == 0 and run.summary()["consistent"] == 283
    for audit in found.values():
        if audit.hand is not None:
            assert any(n.startswith("not stated by the room") for n in audit.notes)
