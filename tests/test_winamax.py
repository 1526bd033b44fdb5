"""The Winamax reader: the project's own sample hands with exact numbers, errors naming the hand
and the line, and every real Winamax hand of ../shared/data/other-rooms/winamax audited to the
verdict kept in tests/data/winamax_verdicts.tsv (hand IDs and verdicts only; the hands are other
people's data and stay in ../shared: without them those tests skip and say so)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from room_corpus import OTHER, ROOT, audit_files, kept_verdicts, needs

from potengine.errors import HandHistoryError
from potengine.histories import rooms, winamax
from potengine.histories.audit import AuditRun, Verdict, audit_hand
from potengine.histories.record import RETURNS, SIDE_POTS, UnsupportedHandError

SAMPLES = ROOT / "potengine" / "histories" / "samples" / "winamax"
CORPUS = OTHER / "winamax"
D = Decimal

needs_corpus = needs(CORPUS, "the real Winamax hands")


def read(name: str) -> list:
    """The hands of one sample file, each read by the Winamax reader."""
    text = rooms.decode((SAMPLES / name).read_bytes())
    return [winamax.read_hand(cut) for cut in rooms.cut_hands(text)]


def cut(text: str) -> rooms.RoomHand:
    [hand] = rooms.cut_hands(text, rooms.BY_NAME["winamax"])
    return hand


def test_the_samples_are_recognised_as_winamax_and_read_by_this_reader():
    assert rooms.BY_NAME["winamax"].reader == "winamax"
    for path in sorted(SAMPLES.glob("*.txt")):
        room = rooms.recognise(rooms.decode(path.read_bytes()))
        assert room is not None and room.name == "winamax", path.name


def test_side_pots_the_unmatched_part_paid_inside_a_collection_and_the_net_total():
    [hand] = read("side_pots.txt")
    assert hand.hand_id == "21007345-118-1710447065" and hand.room == "Winamax"
    assert hand.currency and hand.chip == D("0.01")
    assert (hand.small_blind, hand.big_blind, hand.button) == (D("0.25"), D("0.50"), "Camille_L")
    assert [(a.player, a.kind, a.amount, a.to, a.all_in) for a in hand.actions] == [
        ("bzh_pierrot", "small blind", D("0.25"), None, False),
        ("Nordine59", "big blind", D("0.50"), None, False),
        ("MarieJo", "raise", D("1"), D("1.50"), False),
        ("Camille_L", "raise", D("16.90"), D("18.40"), True),
        ("bzh_pierrot", "raise", D("31.60"), D("50"), True),
        ("Nordine59", "call", D("32.25"), None, True),
        ("MarieJo", "fold", 0, None, False),
    ]
    # "Total pot 100.65€ | Rake 2€": everything put in (102.65) less the rake; the record's total
    # is before the rake and after the 17.25 nobody matched
    assert (hand.total_pot, hand.rake, hand.main_pot, hand.returned) == (D("85.40"), D("2"), None, ())
    assert hand.not_stated == {RETURNS, SIDE_POTS}
    assert [(c.player, c.amount, c.pot, c.label) for c in hand.collections] == [
        ("bzh_pierrot", D("45.28"), 1, "side pot 1"),
        ("Camille_L", D("55.37"), 0, "main pot"),
    ]
    assert dict(hand.summary_won) == {"Camille_L": D("55.37"), "bzh_pierrot": D("45.28")}
    assert hand.shown["Nordine59"] == ("Jc", "Tc") and "MarieJo" not in hand.shown
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT, audit.text()
    assert dict(audit.settlement.refunds) == {"bzh_pierrot": D("17.25")}
    assert [pot.amount for pot in audit.settlement.pots] == [D("56.70"), D("28.70")]
    assert "17.25 to bzh_pierrot; paid inside bzh_pierrot's collected amount" in audit.notes[0]


def test_an_uncalled_raise_in_go_fast_and_blinds_posted_out_of_position():
    go_fast, late = read("uncalled_out_of_position.txt")
    assert go_fast.table == "Colorado" and go_fast.tournament is None
    assert go_fast.actions[-2].kind == "raise" and (go_fast.actions[-2].amount, go_fast.actions[-2].to) == (
        D("0.21"),
        D("0.30"),
    )
    # collected 0.53 = the pot of 0.33 less 0.01 rake, and the 0.21 nobody called
    assert (go_fast.total_pot, go_fast.rake) == (D("0.33"), D("0.01"))
    assert [(c.player, c.amount) for c in go_fast.collections] == [("R0uge-Noir", D("0.53"))]
    assert audit_hand(go_fast).verdict is Verdict.CONSISTENT
    posts = [(a.player, a.kind, a.amount, a.text.endswith("out of position")) for a in late.posts]
    assert posts == [
        ("MarieJo", "small blind", D("0.25"), False),
        ("Toto_du_13", "big blind", D("0.50"), False),
        ("Camille_L", "small blind", D("0.25"), True),
        ("Camille_L", "big blind", D("0.50"), True),
    ]
    audit = audit_hand(late)
    assert audit.verdict is Verdict.CONSISTENT, audit.text()
    assert audit.contributions["Camille_L"] == D("2.00")  # 0.25 dead, 0.50 live, a call of 1.25
    assert late.total_pot == D("4.50") and dict(audit.settlement.refunds) == {"bzh_pierrot": D("2.40")}


def test_a_tournament_split_with_the_odd_chip_and_a_total_written_short():
    split, short = read("tournament_split_odd_chip.txt")
    assert (split.tournament, split.currency, split.chip) == ("781446119", False, 1)
    assert (split.small_blind, split.big_blind) == (100, 200)
    assert [a.kind for a in split.posts] == ["ante", "ante", "ante", "small blind", "big blind"]
    assert (split.total_pot, split.rake) == (1175, 0)
    audit = audit_hand(split)
    assert audit.verdict is Verdict.CONSISTENT, audit.text()
    assert dict(audit.settlement.pots[0].shares) == {"AceDeCoeur": 588, "kiki-la-riviere": 587}
    # "Total pot 6.02k": 6,024 put in, no rake, agree with it to its last figure
    assert short.total_pot == 6024 and isinstance(short.total_pot, int)
    assert short.remarks[0].startswith("the total pot is written short (6.02k)")
    assert audit_hand(short).verdict is Verdict.CONSISTENT


def test_a_short_total_that_the_chips_do_not_round_to_is_wrong():
    text = (SAMPLES / "tournament_split_odd_chip.txt").read_text(encoding="utf-8").split("\n\n\n\n")[1]
    hand = winamax.read_hand(cut(text.replace("Total pot 6.02k", "Total pot 6.05k")))
    assert hand.total_pot == 6050 and not hand.remarks
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.WRONG
    assert any(d.startswith("total pot: history says 6050") for d in audit.differences)


def test_the_wrong_sample_gives_the_odd_chip_to_the_wrong_winner():
    [hand] = read("wrong_odd_chip.txt")
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.WRONG
    assert audit.differences == (
        "pot: history pays FredoDu44 0.67 and lulu_69 0.66, the engine pays lulu_69 0.67 and "
        "FredoDu44 0.66 (the odd chip goes to the first winner left of the button, lulu_69)",
    )


def test_a_collection_one_cent_short_of_the_total_is_wrong():
    [hand] = read("side_pots.txt")
    text = (SAMPLES / "side_pots.txt").read_text(encoding="utf-8")
    hand = winamax.read_hand(cut(text.replace("collected 55.37€", "collected 55.36€")))
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.WRONG
    assert "main pot: history pays Camille_L 55.36, the engine pays Camille_L 55.37" in audit.differences


def test_the_summary_says_the_same_as_the_collections_and_is_still_checked():
    """The summary's 45.18 holds the 17.25 returned, as the collection does: both are compared
    without it, and the gap is the summary's own 0.10."""
    text = (SAMPLES / "side_pots.txt").read_text(encoding="utf-8")
    hand = winamax.read_hand(cut(text.replace("and won 45.28€", "and won 45.18€")))
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.WRONG
    assert audit.differences == (
        "bzh_pierrot: the summary says bzh_pierrot won 27.93, the collected lines say 28.03: "
        "0.10 chips missing",
    )


def test_room_money_added_to_the_pot_is_read_as_added():
    text = (SAMPLES / "uncalled_out_of_position.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    text = text.replace("*** PRE-FLOP *** \n", "*** PRE-FLOP *** \nHold-up to Pot: total 0.10€\n")
    text = text.replace("0.53€", "0.63€")
    hand = winamax.read_hand(cut(text))
    assert hand.added == (("hold-up", D("0.10")),)
    assert audit_hand(hand).verdict is Verdict.CONSISTENT


def test_other_games_are_refused_naming_the_game():
    text = (SAMPLES / "wrong_odd_chip.txt").read_text(encoding="utf-8")
    with pytest.raises(
        UnsupportedHandError, match=r"line 1: 7-Card Stud fixed limit: only hold'em and Omaha"
    ):
        winamax.read_hand(
            cut(text.replace("Holdem no limit (0.05€/0.10€)", "7-Card Stud fixed limit (0.05€/0.10€)"))
        )
    five = winamax.read_hand(cut(text.replace("Holdem no limit", "5 Card Omaha Hi/Lo pot limit")))
    assert five.game == "5 Card Omaha Hi/Lo Pot Limit" and five.hi_lo and five.omaha


@pytest.mark.parametrize(
    ("change", "line", "reason"),
    [
        (("Nordine59 calls 32.25€", "Nordine59 calls 3x.25€"), 15, "cannot read Nordine59's action"),
        (("[Ah Kh]", "[Ah Kx]"), 21, "'Kx' is not a card"),
        (
            ("Total pot 100.65€ | Rake 2€", "Total pot 100.65€ | Rake 2€ | Tip 1€"),
            27,
            "cannot read this summary",
        ),
        (("*** FLOP *** [Ks 7d 2c]", "*** FLOP *** [Ks 7d]"), 17, "wrong number of cards on the flop"),
        (("Seat 4: MarieJo (41.10€)", "Seat 4: MarieJo (41,1O€)"), 6, "cannot read this seat line"),
        (("Rake 2€", "Rake 2.5.0€"), 27, "cannot read this summary line"),
        (("MarieJo folds", "Zoé folds"), 16, "cannot read this line"),
    ],
)
def test_bad_input_names_the_hand_and_the_line(change, line, reason):
    text = (SAMPLES / "side_pots.txt").read_text(encoding="utf-8").replace(*change)
    with pytest.raises(HandHistoryError) as caught:
        winamax.read_hand(cut(text))
    err = caught.value
    assert (err.hand_id, err.line_number) == ("21007345-118-1710447065", line), str(err)
    assert str(err).startswith(f"hand #21007345-118-1710447065, line {line}: {reason}")


def test_cents_in_a_tournament_and_an_overlong_amount_are_refused():
    text = (SAMPLES / "tournament_split_odd_chip.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    with pytest.raises(HandHistoryError, match=r"line 15: amount 300.5 has cents in a game played in chips"):
        winamax.read_hand(cut(text.replace("AceDeCoeur calls 300", "AceDeCoeur calls 300.5")))
    with pytest.raises(HandHistoryError, match=r"line 3: cannot read the amount '8410000000000000000'"):
        winamax.read_hand(cut(text.replace("(8410)", "(8410000000000000000)")))


def test_a_line_or_a_hand_too_long_to_be_a_history_is_refused():
    text = (SAMPLES / "side_pots.txt").read_text(encoding="utf-8")
    too_long = r"line 16: the line has more than the limit of 1000 characters"
    with pytest.raises(HandHistoryError, match=too_long):
        winamax.read_hand(cut(text.replace("MarieJo folds", "MarieJo folds" + " " * 5 + "x" * 1000)))
    padded = text.replace("*** SUMMARY ***", "Dealt to MarieJo [9c 9d]\n" * 400 + "*** SUMMARY ***")
    with pytest.raises(HandHistoryError, match=r"line 1: the hand has more than the limit of 400 lines"):
        winamax.read_hand(cut(padded))


def test_a_truncated_hand_names_its_last_line():
    text = (SAMPLES / "side_pots.txt").read_text(encoding="utf-8")
    shortened = text.split("*** SUMMARY ***")[0]
    with pytest.raises(HandHistoryError, match=r"line 25: the hand ends before its summary"):
        winamax.read_hand(cut(shortened))
    with pytest.raises(HandHistoryError, match=r"line 26: the hand has no 'Total pot"):
        winamax.read_hand(cut(shortened + "*** SUMMARY ***\n"))


def test_the_auditor_reads_winamax_files_through_the_room_and_counts_the_verdicts():
    run = AuditRun()
    verdicts = []
    for path in sorted(SAMPLES.glob("*.txt")):
        verdicts += [a.verdict.value for a in run.audits(rooms.file_lines(path), path.name)]
    assert verdicts == ["consistent"] * 5 + ["wrong"]
    assert run.summary()["hands"] == 6


# ----------------------------------------------------------------------------------------------
# The real hands
# ----------------------------------------------------------------------------------------------
def test_every_kept_verdict_that_is_not_consistent_has_its_reason():
    rows, reasons, _ = kept_verdicts("winamax")
    assert len(rows) == 45
    assert {verdict for _, verdict in rows.values()} <= {v.value for v in Verdict}
    unexplained = {hand_id for hand_id, verdict in rows.values() if verdict != "consistent"} - set(reasons)
    assert not unexplained


@pytest.fixture(scope="module")
def audited():
    run, found, _ = audit_files(sorted(CORPUS.iterdir()))
    return run, found


@needs_corpus
def test_every_real_file_is_read_hand_by_hand_as_many_hands_as_headers(audited):
    run, found = audited
    assert all(entry["error"] is None for entry in run.files)
    for path in sorted(CORPUS.iterdir()):
        text = rooms.decode(path.read_bytes())
        headers = sum(1 for line in text.splitlines() if line.split("`")[-1].startswith("Winamax Poker - "))
        assert sum(1 for name, _ in found if name == path.name) == headers, path.name
    assert len(found) == 45


@needs_corpus
def test_every_real_hand_gets_its_kept_verdict(audited):
    _, found = audited
    got = {key: (a.hand_id or "-", a.verdict.value) for key, a in found.items()}
    assert got == kept_verdicts("winamax").rows


@needs_corpus
def test_the_real_hands_that_are_not_consistent_say_why(audited):
    _, found = audited
    odd = {a.hand_id: a for a in found.values() if a.verdict is not Verdict.CONSISTENT}
    assert set(odd) == {"5335178-3970-1382586707", "5281577-483-1382586829"}
    misprint = odd["5335178-3970-1382586707"].differences
    assert misprint[0] == "line 19 (Dbrz34 calls 0.50€): Dbrz34 calls 0.50, but the call was 1"
    edited = odd["5281577-483-1382586829"]
    assert edited.verdict is Verdict.UNREADABLE and "the summary's board differs" in str(edited.error)
