"""The 888 (Pacific) reader: its own sample hands with exact numbers, bad input named by hand and
line, and every 888 hand of the real files of ../shared/data/other-rooms/888poker (other people's
data, never copied here: without them those tests skip and say so) with the verdict kept for it in
tests/data/pacific_verdicts.tsv. The folder's two files in partypoker's layout are partypoker's.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from room_corpus import OTHER, ROOT, kept_verdicts, needs

from potengine.errors import HandHistoryError
from potengine.histories import pacific, rooms
from potengine.histories.audit import AuditRun, Verdict, audit_hand
from potengine.histories.record import POT_NAMES, RAKE, RETURNS, TOTAL, UnsupportedHandError

SAMPLES = ROOT / "potengine" / "histories" / "samples" / "888poker"
CORPUS = OTHER / "888poker"
PACIFIC = rooms.BY_NAME["888poker"]

needs_corpus = needs(CORPUS, "the real 888 files")


def read(name: str) -> list:
    text = rooms.decode((SAMPLES / name).read_bytes())
    return [pacific.read_hand(hand) for hand in rooms.cut_hands(text, PACIFIC)]


def audits(name: str) -> list:
    return list(AuditRun().audits(rooms.file_lines(SAMPLES / name), name))


HAND = """***** 888poker Hand History for Game 42 *****
$1/$2 Blinds No Limit Holdem - *** 01 01 2026 12:00:00
Table Test 6 Max (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: Ann ( $100 )
Seat 2: Bo ( $80 )
Ann posts small blind [$1]
Bo posts big blind [$2]
** Dealing down cards **
Ann raises [$5]
Bo calls [$4]
** Dealing flop ** [ Ah, 7c, 2d ]
Bo checks
Ann checks
** Dealing turn ** [ 9s ]
Bo checks
Ann checks
** Dealing river ** [ 4h ]
Bo checks
Ann checks
** Summary **
Ann shows [ As, Kd ]
Bo mucks [ Qh, Qd ]
Ann collected [ $11.40 ]"""


def one(text: str) -> rooms.RoomHand:
    [hand] = rooms.cut_hands(text, PACIFIC)
    return hand


# ----------------------------------------------------------------------------------------------
# The sample hands (written for this project in 888's layout)
# ----------------------------------------------------------------------------------------------
def test_side_pots_with_raises_written_as_the_chips_they_add() -> None:
    [hand] = read("side_pots.txt")
    assert (hand.hand_id, hand.game, hand.small_blind, hand.big_blind) == (
        "912000101",
        "Hold'em No Limit",
        Decimal("0.50"),
        Decimal("1"),
    )
    play = [(a.player, a.kind, a.amount, a.to, a.all_in) for a in hand.actions[2:]]
    assert play == [
        ("NoraB", "raise", Decimal("2"), Decimal("3"), False),
        ("OttoV", "call", Decimal("3"), None, False),
        ("LenaK", "raise", Decimal("27.00"), Decimal("30.00"), True),  # 29.50 added to her 0.50
        ("MarcoP", "raise", Decimal("32.50"), Decimal("62.50"), True),  # 61.50 added to his 1
        ("NoraB", "call", Decimal("59.50"), None, False),
        ("OttoV", "fold", 0, None, False),
    ]
    assert hand.stack("OttoV") == Decimal("1000") and "NoraB" in hand.shown
    assert hand.not_stated == {TOTAL, RAKE, RETURNS, POT_NAMES}
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT
    assert [(p.amount, p.awarded, p.winners) for p in audit.awarded.pots] == [
        (Decimal("93.00"), Decimal("91.23"), ("LenaK",)),
        (Decimal("65.00"), Decimal("63.77"), ("MarcoP",)),
    ]


def test_a_split_pot_gives_the_odd_cent_to_the_first_winner_left_of_the_button() -> None:
    [hand] = read("split_odd_cent.txt")  # after a "#Game No" line
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT
    [pot] = audit.awarded.pots
    assert dict(pot.shares) == {"PiaM": Decimal("8.07"), "RolfS": Decimal("8.08")}
    assert pot.rake == Decimal("0.85")


def test_the_wrong_odd_cent_is_caught() -> None:
    [audit] = audits("wrong_odd_cent.txt")
    assert audit.verdict is Verdict.WRONG
    assert audit.differences == (
        "pot: history pays RolfS 8.07 and PiaM 8.08, the engine pays PiaM 8.07 and RolfS 8.08 "
        "(the odd chip goes to the first winner left of the button, RolfS)",
    )


def test_decimal_commas_a_dead_blind_an_unmatched_raise_left_out_and_a_walk_paid_inside() -> None:
    first, walk = read("uncalled.txt")
    assert first.stack("SaraL") == Decimal("1250") and first.stack("VeraN") == Decimal("212.35")
    assert [(a.player, a.kind, a.amount) for a in first.posts][2] == ("VeraN", "blinds", Decimal("3"))
    assert first.actions[3].to == Decimal("8")  # 6 added to the live 2 of her 3
    audit = audit_hand(first)
    assert audit.verdict is Verdict.CONSISTENT
    assert dict(audit.awarded.layout.refunds) == {"SaraL": Decimal("33")}
    assert "the rake (the 2.20 the collections leave" in " ".join(audit.notes)
    audit = audit_hand(walk)
    assert walk.stack("SaraL") == Decimal("1271.80")
    assert audit.verdict is Verdict.CONSISTENT
    assert dict(audit.awarded.layout.refunds) == {"VeraN": Decimal("1")}
    assert "paid inside VeraN's collected amount" in " ".join(audit.notes)


def test_every_sample_hand_is_consistent_but_the_wrong_one() -> None:
    names = [path.name for path in sorted(SAMPLES.glob("*.txt"))]
    verdicts = {name: [a.verdict.value for a in audits(name)] for name in names}
    assert verdicts == {
        "side_pots.txt": ["consistent"],
        "split_odd_cent.txt": ["consistent"],
        "uncalled.txt": ["consistent", "consistent"],
        "wrong_odd_cent.txt": ["wrong"],
    }


def test_a_mucked_hand_gives_up_the_pot() -> None:
    hand = pacific.read_hand(one(HAND))
    assert list(hand.shown) == ["Ann"]  # Bo's mucked queens are written, not shown
    assert hand.remarks == ("Bo mucks: the cards are written, but the hand gives up the pot",)
    assert audit_hand(hand).verdict is Verdict.CONSISTENT


def test_scandinavian_ranks_and_sign_after_amounts() -> None:
    text = HAND.replace("$1/$2", "1 $/2 $").replace("( $100 )", "( 1 100,50 $ )").replace("As, Kd", "Ec, Knd")
    hand = pacific.read_hand(one(text))
    assert hand.stack("Ann") == Decimal("1100.50") and hand.shown["Ann"] == ("Ac", "Jd")


def test_a_small_blind_alone_folded_to_gets_his_chips_back_as_his_collected_line() -> None:
    lines = HAND.split("\n")
    walk = "\n".join(
        [*lines[:8], "** Dealing down cards **", "Bo folds", "** Summary **", "Ann collected [ $1 ]"]
    )
    audit = audit_hand(pacific.read_hand(one(walk)))  # no big blind posted: one player put chips in
    assert audit.verdict is Verdict.CONSISTENT, audit.text()
    assert audit.awarded.pots == () and dict(audit.awarded.layout.refunds) == {"Ann": Decimal("1")}
    wrong = walk.replace("collected [ $1 ]", "collected [ $2 ]")
    assert audit_hand(pacific.read_hand(one(wrong))).verdict is Verdict.WRONG


# ----------------------------------------------------------------------------------------------
# Bad input: a clear error naming the hand and the line
# ----------------------------------------------------------------------------------------------
def error_of(text: str) -> HandHistoryError:
    with pytest.raises(HandHistoryError) as caught:
        pacific.read_hand(one(text))
    return caught.value


def test_a_truncated_hand_names_its_last_line() -> None:
    err = error_of(HAND[: HAND.index("** Summary **")])
    assert (err.hand_id, err.line_number) == ("42", 22)
    assert str(err).startswith("hand #42, line 22: the hand ends before its '** Summary **' (truncated)")


def test_an_unknown_card_names_its_line() -> None:
    err = error_of(HAND.replace("[ Ah, 7c, 2d ]", "[ Ah, 7x, 2d ]"))
    assert err.line_number == 13 and "unknown card '7x'" in str(err)


def test_a_garbage_amount_names_its_line() -> None:
    err = error_of(HAND.replace("calls [$4]", "calls [$4.0.0]"))
    assert err.line_number == 12 and "cannot read the amount '$4.0.0'" in str(err)


def test_an_unknown_line_or_player_names_its_line() -> None:
    err = error_of(HAND.replace("Bo checks", "Bo dances"))
    assert err.line_number == 14 and "a line this reader does not know" in str(err)
    err = error_of(HAND.replace("Bo checks", "Cy checks"))
    assert err.line_number == 14 and "'Cy' has no seat" in str(err)


def test_a_game_the_engine_does_not_play_is_unsupported_naming_it() -> None:
    with pytest.raises(UnsupportedHandError, match="888 game '7 Card Stud'"):
        pacific.read_hand(one(HAND.replace("No Limit Holdem", "7 Card Stud")))


# ----------------------------------------------------------------------------------------------
# The real files
# ----------------------------------------------------------------------------------------------
def test_the_kept_verdicts_are_ids_and_verdicts_and_all_consistent() -> None:
    rows = kept_verdicts("pacific").rows
    assert len(rows) == 39
    assert {verdict for _, verdict in rows.values()} == {"consistent"}


@needs_corpus
def test_every_real_file_is_read_and_each_888_hand_gets_its_expected_verdict() -> None:
    run = AuditRun()
    got = {}
    party = []
    for path in sorted(CORPUS.iterdir()):
        text = rooms.decode(path.read_bytes())
        header = sum(1 for line in text.splitlines() if line.startswith("*****") and "Hand History" in line)
        audited = list(run.audits(rooms.file_lines(path), path.name))  # no traceback, whatever the file
        assert len(audited) == header == 1, path.name
        if rooms.recognise(text) is not PACIFIC:  # partypoker's layout: not this reader's
            party.append(rooms.recognise(text).name)
            continue
        for audit in audited:
            got[(path.name, audit.line)] = (audit.hand_id or "-", audit.verdict.value)
    assert party == ["partypoker", "partypoker"]
    assert got == kept_verdicts("pacific").rows
