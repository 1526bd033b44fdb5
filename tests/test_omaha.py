"""Omaha high: exactly two hole cards with exactly three board cards, checked rule by rule and
against PokerKit's ``OmahaHoldemHand`` and ``OmahaEightOrBetterLowHand`` on random deals (4-, 5- and
6-card Omaha)."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine.cards.deck import DECK, parse_cards
from potengine.cards.evaluate import evaluate
from potengine.cards.low import evaluate_omaha_low
from potengine.cards.omaha import OmahaValue, evaluate_omaha, parse_omaha_deal, rank_omaha_players
from potengine.errors import CardError

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit (the test oracle) is not installed")


def codes(cards) -> str:
    return "".join(card.code for card in cards)


def test_four_flush_cards_on_board_and_one_in_hand_is_no_flush():
    hand = evaluate_omaha("As 8d 7c 2h", "Ks Qs 5s 4s 3d")
    assert hand.category != "Flush"
    assert evaluate("As 8d Ks Qs 5s 4s 3d").category == "Flush"  # in hold'em it would be one


def test_board_quads_do_not_play():
    hand = evaluate_omaha("As Kd 7c 2h", "9s 9d 9h 9c 3d")
    assert hand.category == "Three of a kind"  # two hole cards must play: A K with 9 9 9
    assert hand.description == "Three of a kind, nines, kickers A K"


def test_three_hole_cards_cannot_play():
    # Three aces in the hand and one on the board: only two hole aces play, so no quads.
    hand = evaluate_omaha("As Ad Ah 2c", "Ac 7d 7s Kh 9c")
    assert hand.category == "Full house"
    assert hand.description == "Aces full of sevens"


def test_explanation_names_the_cards_used():
    hand = evaluate_omaha("Ah Ad Kc Qc", "Ac 7d 7s 2h 9c")
    assert isinstance(hand, OmahaValue)
    assert set(hand.hole_used) == set(parse_cards("Ah Ad"))
    assert set(hand.board_used) == set(parse_cards("Ac 7d 7s"))
    assert hand.explanation == "Aces full of sevens: A♥ A♦ from the hand, A♣ 7♦ 7♠ from the board."


def test_six_card_omaha_still_plays_exactly_two():
    # Four spades in the hand, two on the board: no flush (three board cards must play) ...
    hand = evaluate_omaha("As Ks Qs Js 2d 3c", "Ts 9s 8h 7d 4c")
    assert hand.category == "Straight" and hand.description == "Queen-high straight"
    assert len(hand.hole_used) == 2 and len(hand.board_used) == 3
    # ... and three aces in the hand with one on the board make a set, not quads.
    assert evaluate_omaha("As Ad Ah Kc Kd 2c", "Ac 7d 8s 9h 3c").category == "Three of a kind"


def test_five_card_omaha():
    hand = evaluate_omaha("As Ks 2d 3c 4h", "Qs Js 8s 8d 9c")
    assert hand.category == "Flush"
    assert len(hand.hole_used) == 2 and len(hand.board_used) == 3


@pytest.mark.parametrize(
    "hole, board, message",
    [
        ("As Kd Qc", "2s 3s 4d 5d 6d", "4, 5 or 6 hole cards"),
        ("As Kd Qc Jc Tc 9c 8c", "2s 3s 4d 5d 6d", "4, 5 or 6 hole cards \\(Omaha\\), got 7"),
        ("As Kd Qc Jc", "2s 3s", "3 to 5 board cards"),
        ("As Kd Qc Jc", "As 3s 4d", "A♠"),
    ],
)
def test_bad_cards_are_refused_with_a_clear_message(hole, board, message):
    with pytest.raises(CardError, match=message):
        evaluate_omaha(hole, board)


def test_deal_refuses_mixed_hand_sizes_and_shared_cards():
    with pytest.raises(CardError, match="same number"):
        parse_omaha_deal({"A": "As Ah 2c 3c", "B": "Kd Kc Qd Qc Jd"}, "2d 7d 9h")
    with pytest.raises(CardError, match="A♠ is both"):
        parse_omaha_deal({"A": "As Ah 2c 3c", "B": "As Kc Qd Qc"}, "2d 7d 9h")


def test_rank_players_groups_ties():
    tiers, values = rank_omaha_players(
        {"A": "As Kd 2c 3c", "B": "Ah Kc 2d 3d", "C": "7h 7c 8d 9d"}, "Qs Js Th 4h 5c"
    )
    assert tiers == [("A", "B"), ("C",)]
    assert values["A"] == values["B"] and values["A"].description == "Ace-high straight"


deals = st.permutations(range(52))


@given(deals, st.sampled_from([4, 5]))
def test_agrees_with_pokerkit(order, hole_size):
    hole = [DECK[i] for i in order[:hole_size]]
    other = [DECK[i] for i in order[hole_size : 2 * hole_size]]
    board = [DECK[i] for i in order[2 * hole_size : 2 * hole_size + 5]]
    ours = evaluate_omaha(hole, board)
    theirs = pokerkit.OmahaHoldemHand.from_game(codes(hole), codes(board))
    # PokerKit's five cards, evaluated by our scalar evaluator, have exactly our strength ...
    assert evaluate(parse_cards(" ".join(map(repr, theirs.cards)))).strength == ours.strength
    # ... our five cards are two of the hand and three of the board ...
    assert len(set(ours.best_five) & set(hole)) == 2 and len(set(ours.best_five) & set(board)) == 3
    # ... and two hands compare the same way in both engines.
    ours2 = evaluate_omaha(other, board)
    theirs2 = pokerkit.OmahaHoldemHand.from_game(codes(other), codes(board))
    assert (ours > ours2) == (theirs > theirs2)
    assert (ours == ours2) == (theirs == theirs2)


SIX_CARD_HANDS = int(os.environ.get("DIFF_OMAHA6_HANDS", "2000"))


def test_six_card_omaha_agrees_with_pokerkit_on_seeded_hands():
    """6-card Omaha: two of the six hole cards (15 pairs) with three of the board (10 triples),
    the high hand and the eight-or-better low, against PokerKit on 2,000 seeded random deals
    (``DIFF_OMAHA6_HANDS=10000`` for more; PokerKit takes about 4 ms a deal). PokerKit's five
    cards, valued by our scalar evaluator, must have exactly our strength, so any two hands
    compare the same way in both engines; the low must exist in both or in neither, with the
    same five ranks."""
    rng = random.Random(20260601)
    lows = 0
    for _ in range(SIX_CARD_HANDS):
        order = rng.sample(range(52), 11)
        hole, board = [DECK[i] for i in order[:6]], [DECK[i] for i in order[6:]]
        ours = evaluate_omaha(hole, board)
        theirs = pokerkit.OmahaHoldemHand.from_game(codes(hole), codes(board))
        assert evaluate(parse_cards(" ".join(map(repr, theirs.cards)))).strength == ours.strength
        assert len(set(ours.best_five) & set(hole)) == 2 and len(set(ours.best_five) & set(board)) == 3
        low = evaluate_omaha_low(hole, board)
        try:
            their_low = pokerkit.OmahaEightOrBetterLowHand.from_game(codes(hole), codes(board))
        except ValueError:  # PokerKit: no qualifying low
            their_low = None
        assert (low is None) == (their_low is None)
        if low is not None:
            lows += 1
            their_five = parse_cards(" ".join(map(repr, their_low.cards)))
            assert sorted(c.rank for c in low.best_five) == sorted(c.rank for c in their_five)
            assert len(set(low.best_five) & set(hole)) == 2
    assert lows > SIX_CARD_HANDS // 10  # the low is really exercised
