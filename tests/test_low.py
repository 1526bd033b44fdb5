"""The eight-or-better low, rule by rule, and against PokerKit's ``EightOrBetterLowHand`` (best
five of seven) and ``OmahaEightOrBetterLowHand`` (two hole cards with three board cards)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine.cards.deck import DECK, parse_cards
from potengine.cards.low import LowValue, evaluate_low, evaluate_omaha_low, explain_low, rank_lows
from potengine.errors import CardError

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit (the test oracle) is not installed")


def codes(cards) -> str:
    return "".join(card.code for card in cards)


def test_wheel_is_the_best_low_even_as_a_straight_flush():
    wheel = evaluate_low("As 2s 3s 4s 5s")
    assert wheel.name == "Wheel" and wheel.ranks == (5, 4, 3, 2, 1)
    assert all(wheel > evaluate_low(h) for h in ["6c 4d 3h 2s Ac", "8c 7d 6h 5s 4c"])


def test_lows_compare_from_the_top_card_down():
    assert evaluate_low("7c 6d 4h 3s 2c") > evaluate_low("8c 4d 3h 2s Ac")
    assert evaluate_low("8c 5d 4h 3s 2c") > evaluate_low("8c 6d 3h 2s Ac")
    assert evaluate_low("8c 6d 4h 2s Ac") == evaluate_low("8d 6h 4s 2c Ad")


def test_no_low_without_five_distinct_ranks_eight_or_lower():
    assert evaluate_low("9c 7d 4h 3s 2c") is None  # a nine does not play
    assert evaluate_low("As 2d 2c 3h 4s Kd Kh") is None  # pairs count once: A 2 3 4 only
    assert evaluate_low("As 2d 2c 3h 4s 5d Kh").name == "Wheel"


def test_ace_counts_low_and_kings_never():
    assert evaluate_low("Ah 2c 3d 4s 8h").ranks == (8, 4, 3, 2, 1)
    assert evaluate_low("Kh 2c 3d 4s 5h 6d Qc").ranks == (6, 5, 4, 3, 2)


def test_omaha_low_needs_exactly_two_hole_and_three_board_cards():
    # Four low hole cards and two low board cards: no low (three board cards must play).
    assert evaluate_omaha_low("As 2d 3c 4h", "5c 6d Ks Qh Jd") is None
    # One low hole card: no low, however good the board.
    assert evaluate_omaha_low("As Kd Kc Kh", "2c 3d 4s 5h Jd") is None
    # A board card that pairs a hole card cannot be used with it: counterfeited.
    assert evaluate_omaha_low("As 2d Kc Kh", "Ac 2s 3h Qd Jd") is None
    low = evaluate_omaha_low("As 2d 3c Kh", "4c 5s 8h Qd Jd")
    assert low.ranks == (8, 5, 4, 2, 1)  # A 2 from the hand, 8 5 4 from board


def test_explain_low():
    assert explain_low("As 2d 4c 8h 6s Kd Kc") == "Eight-six low: 8 6 4 2 A."
    assert explain_low("As 2d 9c 9h Ks Qd 2c").startswith("No low: the ranks 8 or lower are A 2")
    assert "exactly two" in explain_low("Ah Kd Kc Kh", "2c 5d 8s 3h Jd")
    assert "exactly three" in explain_low("As 2d 3c 4h", "5c 6d Ks Qh Jd")
    assert "same" not in explain_low("Ah Ad Kc Kh", "2c 5d 8s 3h Jd")
    assert "one rank" in explain_low("Ah Ad Kc Kh", "2c 5d 8s 3h Jd")
    assert explain_low("As 2d Kc Kh", "Ac 2s 3h Qd Jd").startswith("No low")


def test_rank_lows_leaves_out_the_non_qualifiers():
    lows = {"A": evaluate_low("8s 6d 4h 2c Ad"), "B": None, "C": evaluate_low("8c 6h 4s 2d As")}
    assert rank_lows(lows) == [("A", "C")]


def test_bad_input():
    with pytest.raises(CardError, match="5, 6 or 7"):
        evaluate_low("As 2d")
    with pytest.raises(CardError, match="A♠"):
        evaluate_omaha_low("As 2d 3c 4h", "As 6d Ks")


def test_low_value_is_ordered_and_hashable():
    a, b = evaluate_low("8s 6d 4h 2c Ad"), evaluate_low("8c 6h 4s 2d As")
    assert isinstance(a, LowValue) and a == b and len({a, b}) == 1 and not a < b


def pokerkit_low(cls, hole, board):
    try:
        return cls.from_game(codes(hole), codes(board))
    except ValueError:
        return None


deals = st.permutations(range(52))


@given(deals)
def test_seven_card_low_agrees_with_pokerkit(order):
    a_hole, b_hole = [DECK[i] for i in order[:2]], [DECK[i] for i in order[2:4]]
    board = [DECK[i] for i in order[4:9]]
    ours = [evaluate_low(a_hole + board), evaluate_low(b_hole + board)]
    theirs = [pokerkit_low(pokerkit.EightOrBetterLowHand, h, board) for h in (a_hole, b_hole)]
    for o, t in zip(ours, theirs, strict=True):
        assert (o is None) == (t is None)
        if o is not None:
            assert evaluate_low(parse_cards(" ".join(map(repr, t.cards)))) == o
    if None not in ours:
        assert (ours[0] > ours[1]) == (theirs[0] > theirs[1])
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])


# Deals rich in low cards, so that most of them make a low: ranks A-8 (and a few high cards).
low_heavy = st.permutations([c.index for c in DECK if c.rank <= 9 or c.rank == 14])


@given(st.one_of(deals, low_heavy), st.sampled_from([4, 5]))
def test_omaha_low_agrees_with_pokerkit(order, size):
    a_hole, b_hole = [DECK[i] for i in order[:size]], [DECK[i] for i in order[size : 2 * size]]
    board = [DECK[i] for i in order[2 * size : 2 * size + 5]]
    ours = [evaluate_omaha_low(a_hole, board), evaluate_omaha_low(b_hole, board)]
    theirs = [pokerkit_low(pokerkit.OmahaEightOrBetterLowHand, h, board) for h in (a_hole, b_hole)]
    for o, t in zip(ours, theirs, strict=True):
        assert (o is None) == (t is None)
        if o is not None:
            assert evaluate_low(parse_cards(" ".join(map(repr, t.cards)))) == o
    if None not in ours:
        assert (ours[0] > ours[1]) == (theirs[0] > theirs[1])
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
