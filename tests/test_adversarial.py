"""Adversarial and property-based inputs: each failing test names the bug it shows.

Standard under test: chips are int or exact Decimal; every settlement conserves chips; bad input
raises a PotEngineError (a ValueError) naming what is wrong, before any state changes; never a
bare KeyError/TypeError/IndexError/ZeroDivisionError/ArithmeticError, never a silent wrong answer.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from decimal import Decimal
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine import (
    CardError,
    FixedLimit,
    HandHistoryError,
    IllegalActionError,
    InputError,
    PotEngineError,
    Rake,
    equity,
    explain,
    pot_equity,
    settle,
    start_hand,
)
from potengine.cards.deck import Card
from potengine.cli import main
from potengine.histories import phh
from potengine.histories.audit import audit_hand
from potengine.histories.pokerstars import parse_text

BOARD = "2c 7d 9h 3s 4c"


def _conserving_settlement(**kwargs):
    """A settlement whose every chip is accounted for, pot by pot and overall."""
    contributions = kwargs["contributions"]
    result = settle(**kwargs)
    paid = sum(result.payouts.values(), start=0)
    assert paid + result.withheld == sum(contributions.values(), start=0)
    for pot in result.pots:
        assert sum(pot.shares.values(), start=0) + pot.rake == pot.amount
    return result


# ---------------------------------------------------------------------------------------------
# Settlement: rake
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rake", "chip", "withheld"),
    [
        (Rake.fixed(3), 25, 0),  # fixed rake of 3 with 25-chips
        (Rake.percentage(50, cap=3), 25, 0),  # a cap that is not a whole chip
        (Rake.fixed(Decimal("1.5")), 1, 1),  # Decimal rake on whole chips
        (Rake.percentage(5, cap=Decimal("1.5")), 1, 1),  # Decimal cap on whole chips
    ],
)
def test_rake_policy_not_a_whole_chip_is_rounded_down_to_the_chip(rake, chip, withheld):
    # Regression: a Rake policy whose amount/cap is not a multiple of the chip passed every check,
    # was withheld, and split_pot then dropped the remainder: settle() died with
    # RuntimeError "Main pot: shares 175 + rake 3 != 200". The rake is now rounded down to the chip.
    result = _conserving_settlement(
        contributions={"A": 100, "B": 100}, ranking=[("A", "B")], chip=chip, rake=rake
    )
    assert result.withheld == withheld
    assert sum(result.payouts.values()) == 200 - withheld


def test_int_rake_not_a_whole_chip_is_refused():
    # Holds: the plain-amount rake path checks the chip.
    with pytest.raises(InputError, match="not a whole number of chips"):
        settle({"A": 100, "B": 100}, [("A", "B")], chip=25, rake=3)


def test_flop_seen_must_be_a_bool():
    # Regression: flop_seen="no" (truthy) is accepted silently and the hand is raked although the
    # caller said no flop; Rake itself refuses a non-bool no_flop_no_drop.
    with pytest.raises(InputError, match="flop_seen must be True or False, not 'no'"):
        settle({"A": 10, "B": 10}, [("A", "B")], rake=Rake.percentage(5), flop_seen="no")


# ---------------------------------------------------------------------------------------------
# Settlement: odd types and huge amounts
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("folded", [None, 5])
def test_folded_of_the_wrong_type(folded):
    # Regression: settle(..., folded=None) / folded=5 raise a bare TypeError ("'NoneType' object is
    # not iterable") from check_folded instead of an InputError.
    with pytest.raises(InputError, match="folded must be a list of players"):
        settle({"A": 10, "B": 10}, ["A", "B"], folded=folded)


@pytest.mark.parametrize(
    ("contributions", "chip"),
    [
        ({"A": Decimal("1e30"), "B": Decimal("1e30") + Decimal("0.01")}, Decimal("0.01")),
        ({"A": 10**40, "B": 10**40}, Decimal("0.01")),
        (
            {
                "A": Decimal("9999999999999999999999999999E+10"),
                "B": Decimal("9999999999999999999999999999E+10"),
            },
            Decimal("1E+10"),
        ),
    ],
)
def test_large_decimal_amounts_are_refused_with_a_clear_error(contributions, chip):
    # Regression: amounts beyond the 28-digit Decimal context made `amount % chip` / `amount // chip`
    # raise decimal.InvalidOperation (DivisionImpossible), an ArithmeticError, not a
    # PotEngineError. Amounts are now bounded, and these are refused before any chip moves.
    with pytest.raises(InputError, match="A's contribution is larger than 10\\^15 chips"):
        settle(contributions, [("A", "B")], chip=chip)


def test_huge_int_amounts_are_refused_with_a_clear_error():
    # Was a bug: a settlement with a contribution of more than 4300 digits was computed, but
    # repr() and explain() raised ValueError (int->str limit). Amounts are now bounded (10^15
    # chips, more than any game) and anything larger is refused before any chip moves.
    big = 10**5000
    with pytest.raises(InputError, match="larger than 10\\^15 chips"):
        settle({"A": big, "B": big + 1}, [("A", "B")])
    limit = 10**15
    result = settle({"A": limit, "B": limit}, [("A", "B")])
    assert result.payouts == {"A": limit, "B": limit}
    assert str(limit) in explain(result)


def test_huge_negative_int_error_message():
    # Regression: the InputError for a negative amount is built with an f-string of the int, so a
    # 5000-digit negative contribution raises a bare ValueError (int->str limit) instead.
    with pytest.raises(InputError, match="A's contribution is larger than 10\\^15 chips"):
        settle({"A": -(10**5000), "B": 1}, ["A", "B"])


def test_cli_huge_amount_is_a_one_line_error(capsys):
    # Regression: `potengine settle A=<5000 nines> B=<5000 nines> --ranking "A=B"` crashed with a
    # ValueError traceback (only PotEngineError is caught); the CLI promises one-line errors.
    big = "9" * 5000
    status = main(["settle", f"A={big}", f"B={big}", "--ranking", "A=B"])
    assert status == 2
    error = capsys.readouterr().err
    assert error.startswith("potengine: error: A's contribution has more than 30 digits")
    assert error.count("\n") == 1 and len(error) < 200


@pytest.mark.parametrize(
    "amount", [np.int64(10), np.int32(10), np.uint8(10), Decimal("10"), Decimal("1E+1"), Decimal("10.00")]
)
def test_numpy_and_decimal_exponents_hold(amount):
    # Holds: numpy ints are Integral and converted to int; Decimal exponents do not matter.
    result = settle({"A": amount, "B": 10, "C": 5}, ["C", ("A", "B")])
    assert result.payouts == {"A": 5, "B": 5, "C": 15}
    assert all(type(v) is not np.int64 for v in result.payouts.values())


@pytest.mark.parametrize(
    "bad",
    [
        1.0,
        float("nan"),
        True,
        np.bool_(True),
        np.float64(3),
        Decimal("NaN"),
        Decimal("sNaN"),
        Decimal("Infinity"),
        Decimal("-1"),
        None,
        "10",
    ],
)
def test_bad_amounts_refused(bad):
    # Holds: floats, bools, NaN/Infinity, negatives, None, strings are all InputErrors.
    with pytest.raises(InputError):
        settle({"A": bad, "B": 10}, ["A", "B"])


def test_negative_zero_and_zero_contributions_hold():
    result = settle({"A": Decimal("-0"), "B": Decimal("0.00"), "C": 0}, [("A", "B", "C")])
    assert sum(result.payouts.values()) == 0 and result.pots == ()


@st.composite
def _hands(draw):
    n = draw(st.integers(2, 6))
    names = draw(
        st.lists(st.text(min_size=1, max_size=3).filter(str.strip), min_size=n, max_size=n, unique=True)
    )
    chip = draw(st.sampled_from([1, 5, Decimal("0.01"), Decimal("0.5")]))
    units = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    folded = draw(st.lists(st.sampled_from(names), unique=True, max_size=n - 1))
    live = [p for p in names if p not in folded]
    order = draw(st.permutations(live))
    ranking, i = [], 0
    while i < len(order):
        k = draw(st.integers(1, len(order) - i))
        group = order[i : i + k]
        ranking.append(group[0] if k == 1 else set(group))  # sets group ties too
        i += k
    rake = draw(st.one_of(st.none(), st.integers(0, 20).map(Rake.percentage)))
    contributions = dict(zip(names, (u * chip for u in units), strict=True))
    return contributions, ranking, folded, draw(st.sampled_from(names)), chip, rake


@given(_hands())
def test_property_settlement_conserves_and_audits(hand):
    # Holds: random seats (unicode names), folds, tie groups as sets, chips, rake: every
    # settlement conserves chips, passes its own six-step audit, and folded players win nothing.
    contributions, ranking, folded, button, chip, rake = hand
    # The one table refused: after the uncalled part goes back, folded players still above every
    # live player would leave a pot nobody can win.
    amounts = sorted(contributions.values(), reverse=True)
    live_top = max(c for p, c in contributions.items() if p not in folded)
    if any(min(contributions[p], amounts[1]) > live_top for p in folded):
        with pytest.raises(InputError, match="a pot nobody can win"):
            settle(contributions, ranking, folded=folded, button=button, chip=chip, rake=rake)
        return
    result = settle(contributions, ranking, folded=folded, button=button, chip=chip, rake=rake)
    assert result.audit().ok
    assert sum(result.payouts.values()) + result.withheld == sum(contributions.values())
    assert all(result.winnings[p] == 0 for p in folded)
    # odd chips: within a pot no winner gets more than one chip above another (TDA 20)
    for pot in result.pots:
        shares = list(pot.shares.values())
        assert max(shares) - min(shares) <= chip


# ---------------------------------------------------------------------------------------------
# Cards and equity
# ---------------------------------------------------------------------------------------------
def test_equity_list_with_the_same_hand_twice():
    # Regression: equity(["AsAh", "AsAh", "KdKc"]) names hands by their cards in a dict, so the second
    # AsAh silently overwrites the first: a 2-player answer {AA: 1, KK: 0} instead of a
    # CardError for A♠ held twice.
    with pytest.raises(CardError, match="card A♠ is held twice"):
        equity(["AsAh", "AsAh", "KdKc"], board=BOARD)


def test_equity_players_named_like_numbers_collide():
    # Regression: parse_deal keys hands by str(name), so {1: ..., "1": ...} silently drops a player
    # (equity of 2 players returned for 3 given) instead of refusing the non-string name.
    with pytest.raises(InputError, match="player names must be non-empty strings, got 1"):
        equity({1: "AsAh", "1": "KdKc", "X": "7s6s"}, board=BOARD)


def test_equity_and_pot_equity_of_none():
    # Regression: equity(None) and pot_equity(..., hands=None) raise bare TypeErrors.
    with pytest.raises(InputError, match="hands must be a mapping"):
        equity(None)
    with pytest.raises(InputError, match="hands must be a mapping"):
        pot_equity({"A": 10, "B": 10}, None, board=BOARD)


def test_card_with_unhashable_suit():
    # Regression: Card(14, ["s"]) raises TypeError (unhashable) instead of CardError.
    with pytest.raises(CardError, match="impossible card: suit"):
        Card(14, ["s"])


# ---------------------------------------------------------------------------------------------
# The hand model
# ---------------------------------------------------------------------------------------------
def _hand3():
    return start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2, button="C")


@pytest.mark.parametrize(
    ("board", "message"), [("Zz Yy Xx", "cannot read a card at 'Zz'"), ("As As As", "card A♠ appears twice")]
)
def test_deal_board_refuses_what_is_not_three_cards(board, message):
    # Regression: deal_board only cut the text into pairs of characters: "Zz Yy Xx" and a board
    # with A♠ three times were accepted; the garbage was found (if at all) only at settle time.
    hand = _hand3().call("C").call("A").check("B")
    with pytest.raises(CardError, match=message):
        hand.deal_board(board)


def test_deal_board_reads_tens_written_10():
    # Regression: "10h 10d 2c" silently became 4 "cards" ('10', 'h1', '0d', '2c').
    from potengine.cards.deck import TOKENS

    dealt = _hand3().call("C").call("A").check("B").deal_board("10h 10d 2c")
    assert len(dealt.board) == 3 and len(set(dealt.board)) == 3
    assert all(card in TOKENS for card in dealt.board), dealt.board


def test_deal_board_ten_written_10_is_readable():
    # Regression: "10h 9d 2c" (a spelling parse_cards accepts) is refused as "cannot read the cards".
    hand = _hand3().call("C").call("A").check("B")
    assert len(hand.deal_board("10h 9d 2c").board) == 3


def test_deal_board_of_wrong_type_and_three_hole_cards():
    # Regression: deal_board(5) raises a bare TypeError; deal_hole accepts three hole cards in hold'em.
    with pytest.raises(CardError, match="not 5"):
        _hand3().deal_board(5)
    with pytest.raises(IllegalActionError, match="a hold'em player gets 2 hole cards"):
        _hand3().deal_hole("A", "AsKsQs")


def test_flop_cannot_be_dealt_during_preflop_betting():
    # Regression: the flop can be dealt while the pre-flop betting is still open (C to act), an
    # illegal sequence the hand model accepts; PHH 'd db' before the first action replays too.
    with pytest.raises(IllegalActionError):
        _hand3().deal_board("As Ks Qs")


def test_illegal_sequences_hold():
    # Holds: out of turn, acting after the hand ended, re-raising after a short all-in.
    hand = _hand3()
    with pytest.raises(IllegalActionError, match="it is C's turn"):
        hand.call("A")
    over = hand.raise_to("C", 10).fold("A").fold("B")
    with pytest.raises(IllegalActionError, match="nobody is to act"):
        over.fold("C")
    h = start_hand({"A": 1000, "B": 160, "C": 1000}, small_blind=5, big_blind=10, button="C")
    h = h.call("C").call("A").check("B")  # pre-flop: 10 each
    h = h.bet("A", 100).all_in("B").call("C")  # B's 150 is a short all-in
    with pytest.raises(IllegalActionError, match="TDA 47"):
        h.raise_to("A", 400)
    assert h.legal().min_to is None and h.stack("A") == 890  # unchanged by the refusal


def test_fixed_limit_cap_of_wrong_type():
    # Regression: FixedLimit(cap="4") raises TypeError ("'<' not supported") instead of InputError.
    with pytest.raises(InputError, match="the cap must be a whole number of bets"):
        FixedLimit(big_blind=2, small_bet=2, big_bet=4, cap="4")


# ---------------------------------------------------------------------------------------------
# PHH
# ---------------------------------------------------------------------------------------------
_PHH = dict(
    variant="'NT'",
    antes="[0, 0, 0]",
    blinds_or_straddles="[1, 2, 0]",
    min_bet="2",
    starting_stacks="[100, 100, 100]",
    actions="['p3 cbr 6', 'p1 f', 'p2 f']",
)


def _phh(**fields):
    merged = {**_PHH, **fields}
    return "\n".join(f"{k} = {v}" for k, v in merged.items())


@pytest.mark.parametrize(
    "fields",
    [
        {"starting_stacks": "[inf, 100, 100]"},  # OverflowError
        {"starting_stacks": "['Infinity', 100, 100]"},  # OverflowError
        {"starting_stacks": "['sNaN', 100, 100]"},  # decimal.InvalidOperation
        {"starting_stacks": "[]", "antes": "[]", "blinds_or_straddles": "[]"},  # IndexError
        {"starting_stacks": "[100]", "antes": "[0]", "blinds_or_straddles": "[1]"},  # IndexError
        {"variant": "['NT']"},  # TypeError unhashable
        {"players": "[[1], [2], [3]]"},  # TypeError unhashable
        {"finishing_stacks": "5"},  # TypeError not iterable
        {"actions": "['p\u00b2 f']"},  # ValueError int('²')
        {"actions": "['p3 cbr inf']"},  # OverflowError
        {"actions": "['p3 cbr sNaN']"},  # decimal.InvalidOperation
        {"actions": "['p3 cbr 1e5000']"},  # ValueError int->str limit
    ],
)
def test_phh_malformed_fields_are_hand_history_errors(fields):
    # Regression: each of these malformed PHH fields escapes phh.replay as a bare Python exception
    # (noted on each line) instead of a HandHistoryError naming the field or action.
    # ('p3 cbr 1e999999' is worse: _amount builds a million-digit int, ~25 s, then fails.)
    with pytest.raises(HandHistoryError, match="the hand"):
        phh.replay(_phh(**fields))


@pytest.mark.parametrize("text", [b"variant = 'NT'", None])
def test_phh_replay_of_non_text(text):
    # Regression: phh.replay(bytes) -> TypeError, phh.replay(None) -> AttributeError.
    with pytest.raises(HandHistoryError, match="the hand must be PHH text"):
        phh.replay(text)


@pytest.mark.parametrize("name", ["A\\B", 'D\'Arcy "Ace"'])
def test_to_phh_round_trips_player_names(name):
    # Regression: to_phh writes names with Python repr(), which is not TOML: a backslash comes back
    # doubled ('A\\B' -> 'A\\\\B', a silently different player) and a name holding both
    # quote kinds makes invalid TOML.
    hand = start_hand({name: 10, "C": 10}, small_blind=1, big_blind=2).fold("C")
    again = phh.replay(phh.to_phh(hand))
    assert name in again.players


def test_phh_garbage_board_is_refused():
    # Regression: a PHH hand whose board is 'ZzZzZz', 'Zz', 'Zz' replays and settles (a three-way
    # split) without any error.
    actions = (
        ["p3 cc", "p1 cc", "p2 cc", "d db ZzZzZz"]
        + ["p1 cc", "p2 cc", "p3 cc", "d db Zz"] * 2
        + ["p1 cc", "p2 cc", "p3 cc"]
    )
    with pytest.raises(HandHistoryError, match="action 4 'd db ZzZzZz': cannot read a card at 'ZzZzZz'"):
        phh.replay(_phh(actions=repr(actions)))


# ---------------------------------------------------------------------------------------------
# PokerStars / auditor
# ---------------------------------------------------------------------------------------------
_STARS = (
    (Path(__file__).parent.parent / "potengine" / "histories" / "samples" / "pokerstars" / "side_pots.txt")
    .read_text(encoding="utf-8")
    .split("\n\n\n\n")[0]
)


def test_pokerstars_base_hand_is_consistent():
    assert audit_hand(parse_text(_STARS)[0]).consistent


def test_auditor_huge_side_pot_number_fails_cleanly():
    # Regression: "Chloé collected 120 from side pot-99999999999" (a 46-character line, within every
    # limit) makes audit_hand build a list of 10**11 dicts in step 5 (`paid = [{} for _ in
    # range(1 + max pot number)]`): the audit hangs and eats memory. side pot-10000000
    # already takes over a second. Run in a child with 1 GiB of address space and 6 s.
    hostile = _STARS.replace("collected 120 from side pot", "collected 120 from side pot-99999999999")
    code = textwrap.dedent(
        """
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        from potengine.histories.pokerstars import parse_text
        from potengine.histories.audit import audit_hand
        print(audit_hand(parse_text(sys.stdin.read())[0]).consistent)
        """
    )
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            input=hostile,
            capture_output=True,
            text=True,
            timeout=6,
            env=env,
            cwd=os.path.dirname(os.path.dirname(__file__)),
        )
    except subprocess.TimeoutExpired:
        pytest.fail("audit_hand did not finish within 6 s on a 'side pot-99999999999' line")
    assert done.returncode == 0, done.stderr[-300:]
    assert done.stdout.strip() == "False"


def test_auditor_flags_a_shown_card_that_is_on_the_board():
    # Regression: Chloé "shows [Kd Ad]" while Kd is on the board: an impossible history. The auditor
    # notes the cards cannot be ranked, falls back to the collected lines and calls the hand
    # "consistent".
    hostile = _STARS.replace("Chloé: shows [Ac Ad]", "Chloé: shows [Kd Ad]")
    assert not audit_hand(parse_text(hostile)[0]).consistent


@pytest.mark.parametrize(
    "change",
    [("Alice", "Seat 2: Bilal"), ("Alice", "Al: ice"), ("Alice", "123"), ("Alice", "\u202eecilA")],
)
def test_pokerstars_hostile_names_hold(change):
    # Holds: names that look like summary lines, contain ': ', are numbers or bidi controls.
    assert audit_hand(parse_text(_STARS.replace(*change))[0]).consistent


def test_pokerstars_long_amount_refused():
    text = _STARS.replace("posts small blind 10", "posts small blind " + "9" * 20)
    [result] = parse_text(text)
    assert isinstance(result, PotEngineError) and "too large" in str(result)


# ---------------------------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["settle", "A=\u00b2", "B=5", "--ranking", "A>B"],
        ["settle", "A=.", "B=5", "--ranking", "A=B"],
        ["settle", "A=-5", "B=5", "--ranking", "A=B"],
        ["settle", "A=1", "B=1", "--folded", "A,B"],
        ["settle", "A=1", "B=1", "--ranking", ">"],
        ["settle", "A=1", "B=1", "--chip", "0"],
        ["audit", "/nonexistent/file.txt"],
        ["audit", "/dev/null", "--rake-cap", "3"],
        ["frobnicate"],
    ],
)
def test_cli_malformed_arguments_exit_2(argv, capsys):
    # Holds: malformed arguments give exit status 2 and a one-line error, no traceback.
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
