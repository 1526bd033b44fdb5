"""The auditor on PokerStars hands run twice and on all-in cash-outs.

The hands below are the project's own, written as PokerStars writes them (see the notes of
:mod:`potengine.histories.pokerstars`); the real ones are read from ../shared and the tests that
need them skip, saying so, when it is absent.
"""

# ruff: noqa: E501 - the hands are written as PokerStars writes them, long lines and all

import os
import re
from decimal import Decimal
from pathlib import Path

import pytest

from potengine import explain
from potengine.histories.audit import Verdict, audit_hand, hand_json, iter_audits
from potengine.histories.pokerstars import HandHistory, UnsupportedHandError, parse_text
from potengine.pots.check import audit as six_steps

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("POTENGINE_SHARED", ROOT.parent / "shared")) / "data" / "pokerstars-real"
needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(),
    reason=f"the real PokerStars hands are not here ({CORPUS}): they live in ../shared, beside the repository",
)

# A side pot run twice with different winners on each run: Ann (100) all-in against Bo and Cy
# (300 each). Run 1: Ann's aces take the main pot's half, Bo's kings the side pot's; run 2: Cy's
# straight flush takes both halves.
SIDE_POT_TWICE = """\
PokerStars Hand #260000000001: Tournament #3300000001, $10+$1 USD Hold'em No Limit - Level I (10/20) - 2026/05/01 20:00:00 ET
Table '3300000001 1' 9-max Seat #3 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bo (300 in chips)
Seat 3: Cy (300 in chips)
Ann: posts small blind 10
Bo: posts big blind 20
*** HOLE CARDS ***
Cy: raises 280 to 300 and is all-in
Ann: calls 90 and is all-in
Bo: calls 280 and is all-in
*** FIRST FLOP *** [2s 5h 9d]
*** FIRST TURN *** [2s 5h 9d] [Jc]
*** FIRST RIVER *** [2s 5h 9d Jc] [3s]
*** SECOND FLOP *** [6c 9c Tc]
*** SECOND TURN *** [6c 9c Tc] [2h]
*** SECOND RIVER *** [6c 9c Tc 2h] [4d]
*** FIRST SHOW DOWN ***
Bo: shows [Kh Kd] (a pair of Kings)
Cy: shows [7c 8c] (high card Jack)
Bo collected 200 from side pot
Ann: shows [Ah Ad] (a pair of Aces)
Ann collected 150 from main pot
*** SECOND SHOW DOWN ***
Bo: shows [Kh Kd] (a pair of Kings)
Cy: shows [7c 8c] (a straight flush, Six to Ten)
Cy collected 200 from side pot
Ann: shows [Ah Ad] (a pair of Aces)
Cy collected 150 from main pot
*** SUMMARY ***
Total pot 700 Main pot 300. Side pot 400. | Rake 0
Hand was run twice
FIRST Board [2s 5h 9d Jc 3s]
SECOND Board [6c 9c Tc 2h 4d]
Seat 1: Ann (small blind) showed [Ah Ad] and won (150) with a pair of Aces, and lost with a pair of Aces
Seat 2: Bo (big blind) showed [Kh Kd] and won (200) with a pair of Kings, and lost with a pair of Kings
Seat 3: Cy (button) showed [7c 8c] and lost with high card Jack, and won (350) with a straight flush, Six to Ten
"""

# A pot of $9.75 after rake run twice: $4.88 for the first run, $4.87 for the second.
ODD_CENT = """\
PokerStars Hand #260000000002: Hold'em No Limit ($0.05/$0.10 USD) - 2026/05/01 20:05:00 ET
Table 'Runner' 6-max Seat #3 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bo ($10 in chips)
Seat 3: Cy ($10 in chips)
Ann: posts small blind $0.05
Bo: posts big blind $0.10
*** HOLE CARDS ***
Cy: folds
Ann: raises $4.90 to $5 and is all-in
Bo: calls $4.90
*** FIRST FLOP *** [2c 3d 7h]
*** FIRST TURN *** [2c 3d 7h] [8s]
*** FIRST RIVER *** [2c 3d 7h 8s] [Kc]
*** SECOND FLOP *** [Jh 4c 5s]
*** SECOND TURN *** [Jh 4c 5s] [9d]
*** SECOND RIVER *** [Jh 4c 5s 9d] [2h]
*** FIRST SHOW DOWN ***
Ann: shows [Qs Qd] (a pair of Queens)
Bo: shows [Js Jd] (a pair of Jacks)
Ann collected $4.88 from pot
*** SECOND SHOW DOWN ***
Ann: shows [Qs Qd] (a pair of Queens)
Bo: shows [Js Jd] (three of a kind, Jacks)
Bo collected $4.87 from pot
*** SUMMARY ***
Total pot $10 | Rake $0.25
Hand was run twice
FIRST Board [2c 3d 7h 8s Kc]
SECOND Board [Jh 4c 5s 9d 2h]
Seat 1: Ann (small blind) showed [Qs Qd] and won ($4.88) with a pair of Queens, and lost with a pair of Queens
Seat 2: Bo (big blind) showed [Js Jd] and lost with a pair of Jacks, and won ($4.87) with three of a kind, Jacks
Seat 3: Cy (button) folded before Flop (didn't bet)
"""

# Run twice on the river; the side pot (Bo's and Cy's chips, Cy folded) only Bo can win, and
# PokerStars writes it as half on each run.
LONE_SIDE_POT = """\
PokerStars Hand #260000000003: Tournament #3300000001, $10+$1 USD Hold'em No Limit - Level I (10/20) - 2026/05/01 20:10:00 ET
Table '3300000001 1' 9-max Seat #3 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bo (500 in chips)
Seat 3: Cy (500 in chips)
Ann: posts small blind 10
Bo: posts big blind 20
*** HOLE CARDS ***
Cy: raises 40 to 60
Ann: raises 40 to 100 and is all-in
Bo: calls 80
Cy: calls 40
*** FLOP *** [Kd 7s 2c]
Bo: bets 150
Cy: calls 150
*** TURN *** [Kd 7s 2c] [4h]
Bo: bets 250 and is all-in
Cy: folds
Uncalled bet (250) returned to Bo
*** FIRST RIVER *** [Kd 7s 2c 4h] [Ks]
*** SECOND RIVER *** [Kd 7s 2c 4h] [Qd]
*** FIRST SHOW DOWN ***
Bo: shows [Qh Qs] (a pair of Queens)
Bo collected 150 from side pot
Ann: shows [Ac Kc] (three of a kind, Kings)
Ann collected 150 from main pot
*** SECOND SHOW DOWN ***
Bo: shows [Qh Qs] (three of a kind, Queens)
Bo collected 150 from side pot
Ann: shows [Ac Kc] (a pair of Kings)
Bo collected 150 from main pot
*** SUMMARY ***
Total pot 600 Main pot 300. Side pot 300. | Rake 0
Hand was run twice
FIRST Board [Kd 7s 2c 4h Ks]
SECOND Board [Kd 7s 2c 4h Qd]
Seat 1: Ann (small blind) showed [Ac Kc] and won (150) with three of a kind, Kings, and lost with a pair of Kings
Seat 2: Bo (big blind) showed [Qh Qs] and won (150) with a pair of Queens, and won (300) with three of a kind, Queens
Seat 3: Cy (button) folded on the Turn
"""

# Ann cashes out her all-in and her aces win the main pot: not awarded; Bo's queens take the
# side pot as usual.
CASH_OUT = """\
PokerStars Hand #260000000004: Hold'em No Limit ($0.01/$0.02 USD) - 2026/05/01 20:15:00 ET
Table 'Cashier' 9-max Seat #3 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bo ($3 in chips)
Seat 3: Cy ($5 in chips)
Ann: posts small blind $0.01
Bo: posts big blind $0.02
*** HOLE CARDS ***
Cy: raises $4.98 to $5 and is all-in
Ann: calls $1.99 and is all-in
Bo: calls $2.98 and is all-in
Uncalled bet ($2) returned to Cy
*** FLOP *** [Ad 7c 2s]
*** TURN *** [Ad 7c 2s] [5h]
*** RIVER *** [Ad 7c 2s 5h] [3d]
*** SHOW DOWN ***
Bo: shows [Qs Qc] (a pair of Queens)
Cy: shows [9d 9c] (a pair of Nines)
Bo collected $1.90 from side pot
Ann: shows [Ah Kh] (a pair of Aces)
Ann cashed out the hand for $3.10 | Cash Out Fee $0.03
*** SUMMARY ***
Total pot $8 Main pot $5.70. Side pot $1.90. | Rake $0.40
Board [Ad 7c 2s 5h 3d]
Seat 1: Ann (small blind) showed [Ah Kh] and won ($5.70) with a pair of Aces (pot not awarded as player cashed out)
Seat 2: Bo (big blind) showed [Qs Qc] and won ($1.90) with a pair of Queens
Seat 3: Cy (button) showed [9d 9c] and lost with a pair of Nines
"""


def audited(text: str):
    [hand] = parse_text(text)
    assert isinstance(hand, HandHistory), hand
    return audit_hand(hand)


def edit(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    return text


# ---- reading ---------------------------------------------------------------------------------
def test_the_reader_keeps_each_runs_board_and_each_collected_lines_run():
    [hand] = parse_text(SIDE_POT_TWICE)
    assert hand.board == ()  # all-in before the flop: no card dealt once
    assert hand.runs == (("2s", "5h", "9d", "Jc", "3s"), ("6c", "9c", "Tc", "2h", "4d"))
    assert [(c.player, c.amount, c.label, c.run) for c in hand.collections] == [
        ("Bo", 200, "side pot", 1),
        ("Ann", 150, "main pot", 1),
        ("Cy", 200, "side pot", 2),
        ("Cy", 150, "main pot", 2),
    ]
    assert dict(hand.summary_won) == {"Ann": 150, "Bo": 200, "Cy": 350}  # every run's "won" added
    assert hand.flop_seen  # a no-flop-no-drop rake is due: flops were dealt, one per run


def test_a_run_from_the_river_shares_the_flop_and_turn_dealt_once():
    [hand] = parse_text(LONE_SIDE_POT)
    assert hand.board == ("Kd", "7s", "2c", "4h")
    assert [board[4] for board in hand.runs] == ["Ks", "Qd"]


def test_a_hand_dealt_once_has_no_runs_and_its_collections_run_0():
    [hand] = parse_text(CASH_OUT)
    assert hand.runs == () and {c.run for c in hand.collections} == {0}


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("SECOND Board [6c 9c Tc 2h 4d]", "SECOND Board [6c 9c Tc 2h 5d]", "board of the second run differs"),
        ("*** SECOND RIVER *** [6c 9c Tc 2h] [4d]\n", "", "the second showdown comes before its run's board"),
        ("*** SECOND TURN *** [6c 9c Tc] [2h]", "*** SECOND TURN *** [6c 9c Ts] [2h]", "board so far"),
        (
            "*** FIRST RIVER *** [2s 5h 9d Jc] [3s]",
            "*** FIRST RIVER *** [2s 5h 9d Jc] [3s 4s]",
            "wrong number",
        ),
        ("*** FIRST SHOW DOWN ***", "*** FIRST SHOW DOWN ***\nBo: bets 10", "an action after the board"),
        ("*** FIRST FLOP *** [2s 5h 9d]", "*** FIRST FLOP *** [2s 5h 9d]\nCy: checks", "an action after"),
        ("Hand was run twice", "Hand was run twice\nTHIRD Board [2d 3d 4d 5d 7d]", "never dealt"),
    ],
)
def test_a_run_written_wrong_is_named_with_its_line(old, new, message):
    [result] = parse_text(edit(SIDE_POT_TWICE, (old, new)))
    assert not isinstance(result, HandHistory) and not isinstance(result, UnsupportedHandError)
    assert message in str(result) and "#260000000001" in str(result) and "line " in str(result)


def test_a_run_short_of_a_card_is_named():
    text = edit(
        SIDE_POT_TWICE, ("*** SECOND RIVER *** [6c 9c Tc 2h] [4d]\n", ""), ("*** SECOND SHOW DOWN ***\n", "")
    )
    [result] = parse_text(text)
    assert "the second run's board has 4 cards, not five" in str(result)


def test_a_second_run_before_the_first_is_named():
    text = edit(SIDE_POT_TWICE, ("*** FIRST FLOP *** [2s 5h 9d]", "*** SECOND FLOP *** [2s 5h 9d]"))
    [result] = parse_text(text)
    assert "the second run comes before the first" in str(result)


# ---- auditing runs -----------------------------------------------------------------------------
def test_a_side_pot_run_twice_with_different_winners_per_run_is_consistent():
    audit = audited(SIDE_POT_TWICE)
    assert audit.consistent, audit.report()
    assert audit.text() == (
        "Hand #260000000001: consistent (main pot 300 run twice (150 + 150); side pot 400 run twice "
        "(200 + 200); winners by the cards of each run)"
    )
    settlement = audit.settlement
    assert [run.number for run in settlement.runs] == [1, 2]
    assert [[dict(part.shares) for part in pot.runs] for pot in settlement.pots] == [
        [{"Ann": 150}, {"Cy": 150}],
        [{"Bo": 200}, {"Cy": 200}],
    ]
    assert dict(settlement.payouts) == {"Ann": 150, "Bo": 200, "Cy": 350}
    assert six_steps(settlement).ok
    assert "second run" in explain(settlement)


def test_the_steps_of_a_run_hand_name_each_runs_board_and_part():
    step5 = audited(SIDE_POT_TWICE).steps[4]
    words = " ".join(step5.findings)
    assert step5.ok and "first run (2s 5h 9d Jc 3s): cards: Ann > Bo > Cy" in words
    assert "side pot, second run: 200 to Cy" in words


def test_a_run_paid_to_the_best_hand_of_the_other_run_is_wrong():
    text = edit(SIDE_POT_TWICE, ("Bo collected 200 from side pot", "Cy collected 200 from side pot"))
    audit = audited(text)
    assert audit.verdict is Verdict.WRONG
    assert "side pot, first run: history pays Cy 200, the engine pays Bo 200" in audit.differences


def test_the_whole_pot_to_the_best_hand_of_the_hand_instead_of_per_run_is_wrong():
    text = edit(
        SIDE_POT_TWICE,
        ("Ann collected 150 from main pot", "Cy collected 150 from main pot"),
        ("Bo collected 200 from side pot", "Cy collected 200 from side pot"),
    )
    audit = audited(text)
    assert audit.verdict is Verdict.WRONG
    assert {d.split(":")[0] for d in audit.differences} >= {"main pot, first run", "side pot, first run"}


def test_the_odd_cent_of_the_division_goes_to_the_first_run():
    audit = audited(ODD_CENT)
    assert audit.consistent, audit.report()
    [pot] = audit.settlement.pots
    assert [(part.amount, dict(part.shares)) for part in pot.runs] == [
        (Decimal("4.88"), {"Ann": Decimal("4.88")}),
        (Decimal("4.87"), {"Bo": Decimal("4.87")}),
    ]


def test_the_odd_cent_given_to_the_second_run_is_wrong_and_says_why():
    text = edit(ODD_CENT, ("$4.88", "$4.8X"), ("$4.87", "$4.88"), ("$4.8X", "$4.87"))
    audit = audited(text)
    assert audit.verdict is Verdict.WRONG
    assert audit.differences[0] == (
        "pot, first run: history pays Ann 4.87, the engine pays Ann 4.88 (9.75 divided by 2 runs "
        "is 4.88 + 4.87: the odd chip of the division goes to the first run)"
    )


def test_a_side_pot_only_one_player_can_win_is_not_run_and_its_halves_are_the_same_chips():
    audit = audited(LONE_SIDE_POT)
    assert audit.consistent, audit.report()
    main, side = audit.settlement.pots
    assert [dict(part.shares) for part in main.runs] == [{"Ann": 150}, {"Bo": 150}]
    assert side.runs == () and dict(side.shares) == {"Bo": 300}  # paid once
    assert audit.notes == (
        "side pot: only Bo can win it; PokerStars writes it as 150 and 150, one part per run, "
        "the engine pays its 300 once: the same chips",
    )


def test_a_side_pot_one_player_can_win_written_once_is_consistent_without_a_note():
    text = edit(
        LONE_SIDE_POT,
        (
            "Bo: shows [Qh Qs] (a pair of Queens)\nBo collected 150 from side pot",
            "Bo: shows [Qh Qs] (a pair of Queens)\nBo collected 300 from side pot",
        ),
        (
            "Bo: shows [Qh Qs] (three of a kind, Queens)\nBo collected 150 from side pot\n",
            "Bo: shows [Qh Qs] (three of a kind, Queens)\n",
        ),
        ("won (150) with a pair of Queens, and won (300)", "won (300) with a pair of Queens, and won (150)"),
    )
    audit = audited(text)
    assert audit.consistent and not audit.notes, audit.report()


def test_a_side_pot_one_player_can_win_paid_to_another_is_wrong():
    text = edit(
        LONE_SIDE_POT, ("Bo collected 150 from side pot\nAnn", "Ann collected 150 from side pot\nAnn")
    )
    audit = audited(text)
    assert audit.verdict is Verdict.WRONG
    assert any(
        d.startswith("side pot: history pays Ann 150, but Ann put in only 100") for d in audit.differences
    )


def test_a_card_of_a_run_shown_in_a_hand_is_wrong():
    text = edit(SIDE_POT_TWICE, ("6c 9c Tc", "6c 9c Ah"))
    audit = audited(text)
    assert audit.verdict is Verdict.WRONG
    assert "the second run's cards: Ah is dealt twice (on the board and shown by Ann)" in audit.differences


def test_the_json_of_a_run_hand_gives_each_runs_board_and_each_pots_parts():
    data = hand_json(audited(SIDE_POT_TWICE))
    assert data["runs"] == ["2s 5h 9d Jc 3s", "6c 9c Tc 2h 4d"]
    assert data["pots"]["computed"][1]["runs"] == [
        {"run": 1, "amount": 200, "shares": {"Bo": 200}},
        {"run": 2, "amount": 200, "shares": {"Cy": 200}},
    ]
    assert "cash_outs" not in data


AMOUNT = re.compile(r"collected (\$?)(\d+(?:\.\d\d)?) from")


@pytest.mark.parametrize("text", [SIDE_POT_TWICE, ODD_CENT, LONE_SIDE_POT])
def test_every_collected_amount_of_a_run_edited_by_one_chip_is_wrong(text):
    lines = text.splitlines()
    edited = 0
    for i, line in enumerate(lines):
        found = AMOUNT.search(line)
        if not found:
            continue
        chip = Decimal("0.01") if found.group(1) else Decimal(1)
        more = Decimal(found.group(2)) + chip
        changed = [*lines[:i], line[: found.start(2)] + str(more) + line[found.end(2) :], *lines[i + 1 :]]
        assert audited("\n".join(changed)).verdict is Verdict.WRONG, changed[i]
        edited += 1
    assert edited >= 2


# ---- cash-outs ---------------------------------------------------------------------------------
def test_a_cash_out_is_a_payment_outside_the_pot_and_the_pot_it_wins_is_not_awarded():
    audit = audited(CASH_OUT)
    assert audit.consistent, audit.report()
    [cash_out] = audit.cash_outs
    assert (cash_out.player, cash_out.amount, cash_out.fee, cash_out.not_awarded) == (
        "Ann",
        Decimal("3.10"),
        Decimal("0.03"),
        Decimal("5.70"),
    )
    assert cash_out.text() == (
        "Ann cashed out the hand for 3.10 (fee 0.03), paid by the site outside the pot; "
        "the 5.70 Ann wins is not awarded"
    )
    assert "Ann cashed out for 3.10 (fee 0.03) outside the pot" in audit.text()
    assert audit.notes == (
        "main pot: Ann wins 5.70 but cashed out the hand for 3.10 (fee 0.03): the site pays the "
        "cash-out and does not award that player the pot",
    )
    # the engine settles the pots by the cards; the cash-out stays outside the settlement
    assert dict(audit.settlement.payouts) == {
        "Ann": Decimal("5.70"),
        "Bo": Decimal("1.90"),
        "Cy": Decimal("2"),
    }
    assert " ".join(audit.steps[5].findings).startswith(
        "paid 1.90 + returned 2 + withheld 0.40 + not awarded after a cash-out 5.70 = put in 10"
    )
    data = hand_json(audit)
    assert data["cash_outs"] == [{"player": "Ann", "amount": "3.10", "fee": "0.03", "not_awarded": "5.70"}]


def test_a_cash_out_whose_hand_loses_leaves_the_pot_to_its_winner():
    text = edit(
        CASH_OUT,
        ("[Ah Kh] (a pair of Aces)", "[Kh Jh] (high card Ace)"),
        (
            "Ann: shows [Kh Jh] (high card Ace)\n",
            "Ann: shows [Kh Jh] (high card Ace)\nBo collected $5.70 from main pot\n",
        ),
        (
            "and won ($5.70) with a pair of Aces (pot not awarded as player cashed out)",
            "and lost with high card Ace (cashed out).",
        ),
        ("Bo (big blind) showed [Qs Qc] and won ($1.90)", "Bo (big blind) showed [Qs Qc] and won ($7.60)"),
        ("[Ah Kh] and", "[Kh Jh] and"),
    )
    audit = audited(text)
    assert audit.consistent, audit.report()
    [cash_out] = audit.cash_outs
    assert cash_out.not_awarded == 0 and "Ann's hand loses: the pot goes to its winner" in cash_out.text()
    assert not audit.notes


def test_a_pot_paid_to_a_player_who_cashed_out_is_wrong():
    text = edit(
        CASH_OUT, ("Ann cashed out the hand", "Ann collected $5.70 from main pot\nAnn cashed out the hand")
    )
    audit = audited(text)
    assert audit.verdict is Verdict.WRONG
    assert audit.differences[0] == (
        "main pot: history pays Ann 5.70 from the pot, but Ann cashed out the hand for 3.10: a player "
        "who cashes out is paid the cash-out, and his share of the pot is not awarded"
    )


def test_a_pot_not_awarded_that_the_cards_give_to_another_player_is_wrong():
    """Ann's hand loses, yet the history keeps the main pot back as if she had won it."""
    text = edit(
        CASH_OUT, ("[Ah Kh] (a pair of Aces)", "[Kh Jh] (high card Ace)"), ("[Ah Kh] and", "[Kh Jh] and")
    )
    audit = audited(text)
    assert audit.verdict is Verdict.WRONG
    assert "main pot: history pays nobody anything, the engine pays Bo 5.70" in audit.differences


def test_a_pot_not_awarded_of_another_amount_in_the_summary_is_wrong():
    text = edit(CASH_OUT, ("won ($5.70) with a pair of Aces", "won ($5.80) with a pair of Aces"))
    audit = audited(text)
    assert audit.verdict is Verdict.WRONG
    assert "Ann: the summary says Ann won 5.80, the collected lines say 5.70: 0.10 chips unexplained" in (
        audit.differences
    )


# ---- the real hands of ../shared ---------------------------------------------------------------
def real_audits(pattern: str, marker: str):
    found = []
    for path in sorted(CORPUS.glob(pattern)):
        text = path.read_text(encoding="utf-8", errors="replace")
        if marker in text:
            found += [(path.name, a) for a in iter_audits(text, path.name)]
    return found


@needs_corpus
def test_every_real_hand_run_twice_is_read_and_consistent():
    """Three real hands run twice, four copies (the Omaha one is in two files); each is read and
    its every run's part agrees with the engine's. The fifth file naming a run,
    hhsmithy's ShowDownActionTests/RunItTwice.txt, is a fragment of a hand (it starts at "***
    FIRST FLOP ***", with no header, seats or betting): not a hand history, so unreadable."""
    runs = [(name, a) for name, a in real_audits("*.txt", "*** FIRST ") if a.hand is not None and a.hand.runs]
    assert sorted(a.hand_id for _, a in runs) == [
        "124680000000",
        "124680000000",
        "133974380110",
        "212449882219",
    ]
    for name, audit in runs:
        assert audit.consistent, (name, audit.report())
        assert len(audit.settlement.runs) == 2 and six_steps(audit.settlement).ok
    by_id = {a.hand_id: a for _, a in runs}
    omaha = by_id["124680000000"]
    assert "side pot: only Player3 can win it; PokerStars writes it as 10 and 10" in omaha.notes[-1]
    split = by_id["133974380110"].settlement.pots[0]  # a tie on both runs: each run's part halved
    assert [dict(part.shares) for part in split.runs] == [
        {"Gamz11": Decimal("40.30"), "Garnerus": Decimal("40.30")}
    ] * 2
    micro = by_id["212449882219"].settlement.pots
    assert [[part.amount for part in pot.runs] for pot in micro] == [
        [Decimal("2.87"), Decimal("2.87")],
        [Decimal("0.07"), Decimal("0.07")],
    ]
    [fragment] = [a for name, a in real_audits("*ShowDownActionTests__RunItTwice.txt", "FIRST")]
    assert fragment.verdict is Verdict.UNREADABLE and "must start with 'PokerStars Hand" in str(
        fragment.error
    )


@needs_corpus
def test_every_real_cash_out_is_consistent_with_its_payment_outside_the_pot():
    """The 24 real hands with an All-in Cash Out: each is consistent; in 8 the cashed-out hand
    wins and what it wins is not awarded (9 pots), in 16 it loses and the pot goes to the winner."""
    cashed = [a for _, a in real_audits("pokerregion__*.txt", "cashed out the hand") if a.cash_outs]
    assert len(cashed) == 24 and all(a.consistent for a in cashed)
    won = [c for a in cashed for c in a.cash_outs if c.not_awarded]
    assert len(won) == 8 and len(cashed) - len(won) == 16
    assert sum("cashed out the hand for" in note for a in cashed for note in a.notes) == 9
    jena = next(a for a in cashed if a.hand_id == "212512348678")
    assert jena.cash_outs[0].text() == (
        "stavochka008 cashed out the hand for 0.57 (fee 0.01), paid by the site outside the pot; "
        "the 0.87 stavochka008 wins is not awarded"
    )
    for audit in cashed:  # the engine's settlement pays the pots by the cards; the cash-out is outside
        assert six_steps(audit.settlement).ok
