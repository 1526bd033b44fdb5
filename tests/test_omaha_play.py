"""The hand model playing Omaha and Omaha hi-lo: dealing, the showdown, each pot split high/low.

Hand-written hands with results worked out by hand (a scoop, a split, quartering, a side pot
whose low half goes to another player than the main pot's, the odd chip to the high half), the
errors, and a property: chips are conserved on random all-in Omaha hi-lo hands.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine.cards.low import evaluate_omaha_low
from potengine.cards.omaha import evaluate_omaha
from potengine.errors import IllegalActionError, InputError
from potengine.play import FixedLimit, PotLimit, start_hand
from potengine.play.hand import Hand, showdown_ranking
from potengine.pots.hilo import HiLoPot

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def all_in_three(
    stacks: dict[str, int], holes: dict[str, str], board: str, game: str = "omaha-hi-lo"
) -> Hand:
    """Three players, button the last seat; the button moves all-in, the blinds call."""
    hand = start_hand(stacks, small_blind=1, big_blind=2, game=game, structure=None)
    a, b, c = hand.players
    hand = hand.all_in(c).call(a).call(b)
    for p, cards in holes.items():
        hand = hand.deal_hole(p, cards)
    return hand.deal_board(board)


def test_a_scoop_takes_both_halves():
    hand = all_in_three(
        {"A": 100, "B": 100, "C": 100},
        {"A": "As 2s Kd Kc", "B": "Ah 3h Qd Qc", "C": "9s 9h Jd Jc"},
        "4c 5d 8h Ks Qs",
    )
    result = hand.settle()
    (pot,) = result.pots
    assert isinstance(pot, HiLoPot)
    assert pot.scooped_by == "A" and pot.high_winners == ("A",) and pot.low_winners == ("A",)
    assert (pot.high_amount, pot.low_amount) == (150, 150)
    assert hand.finishing_stacks() == {"A": 300, "B": 0, "C": 0}
    assert result.game == "omaha-hi-lo" and result.low_hands is not None
    assert result.low_hands["A"].description == "Eight-five low: 8 5 4 2 A"


def test_high_and_low_split_between_two_players():
    # C: kings full; A: the wheel-less 7-5-3-2-A low; B: neither.
    hand = all_in_three(
        {"A": 100, "B": 100, "C": 100},
        {"A": "Ah 3h Qc 9s", "B": "Jc Jd Tc Td", "C": "Kh Kc 9c 9d"},
        "2c 5d 7h Ks Kd",
    )
    assert hand.finishing_stacks() == {"A": 150, "B": 0, "C": 150}
    (pot,) = hand.settle().pots
    assert dict(pot.high_shares) == {"C": 150} and dict(pot.low_shares) == {"A": 150}


def test_quartering_a_tied_low():
    # A: trip kings and 7-5-3-2-A; B: the same low, two pair; C: two pair, no low.
    # A takes the high half and a quarter, B a quarter.
    hand = all_in_three(
        {"A": 100, "B": 100, "C": 100},
        {"A": "Ah 3h Kc Qs", "B": "As 3s Jc Jd", "C": "9c 9d 8c 8d"},
        "2c 5d 7h Ks Kd",
    )
    result = hand.settle()
    (pot,) = result.pots
    assert pot.quartered == ("A", "B")
    assert dict(pot.low_shares) == {"A": 75, "B": 75}
    assert hand.finishing_stacks() == {"A": 225, "B": 75, "C": 0}


def test_side_pot_low_goes_to_another_player_than_the_main_pot_low():
    # A (all-in for 50) has the best low, B the second best, C the best high. The main pot's low
    # half is A's; A is not in the side pot, so its low half goes to B.
    hand = all_in_three(
        {"A": 50, "B": 200, "C": 200},
        {"A": "Ah 3h 9c 9s", "B": "As 5s Tc Td", "C": "Kh Kc Qs Qd"},
        "2c 4d 7h Ks Kd",
    )
    main, side = hand.settle().pots
    assert (main.amount, main.eligible) == (150, ("A", "B", "C"))
    assert (side.amount, side.eligible) == (300, ("B", "C"))
    assert dict(main.shares) == {"A": 75, "C": 75}
    assert dict(side.shares) == {"B": 150, "C": 150}
    assert hand.finishing_stacks() == {"A": 75, "B": 150, "C": 225}


def test_side_pot_without_a_low_goes_whole_to_the_high_hand():
    # A alone has a low: the main pot is split, the side pot (B, C) is not.
    hand = all_in_three(
        {"A": 50, "B": 200, "C": 200},
        {"A": "Ah 3h 9c 9s", "B": "Qc Js Tc Td", "C": "Kh Kc Qs Qd"},
        "2c 4d 7h Ks Kd",
    )
    main, side = hand.settle().pots
    assert dict(main.shares) == {"A": 75, "C": 75}
    assert dict(side.shares) == {"C": 300} and not side.divided


def test_the_odd_chip_goes_to_the_high_half():
    # A folds his small blind: the pot is 1 + 100 + 100 = 201, high 101, low 100.
    hand = start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2, game="omaha-hi-lo")
    hand = hand.all_in("C").fold("A").call("B")
    hand = hand.deal_hole("B", "Kh Kc 9c 9d").deal_hole("C", "Ah 3h Qc 9s").deal_board("2c 5d 7h Ks Kd")
    (pot,) = hand.settle().pots
    assert (pot.amount, pot.high_amount, pot.low_amount) == (201, 101, 100)
    assert hand.finishing_stacks() == {"A": 99, "B": 101, "C": 100}


def test_no_qualifying_low_means_the_high_hand_takes_all():
    hand = all_in_three(
        {"A": 100, "B": 100, "C": 100},
        {"A": "Ah 3h Qc 9s", "B": "Jc Jd Tc Td", "C": "Kh Kc 9c 9d"},
        "2c 9h Th Ks Kd",
    )
    (pot,) = hand.settle().pots
    assert not pot.divided and dict(pot.shares) == {"C": 300}


def test_omaha_high_plays_exactly_two_hole_cards():
    # Four spades on the board, A holds one spade: no flush for A; B's pair of aces plays.
    hand = all_in_three(
        {"A": 100, "B": 100, "C": 100},
        {"A": "As Kd Qc 2h", "B": "Ac Ad 3c 4h", "C": "8c 8d 9h Jc"},
        "Qs Js Ts 9s 3s",
        game="omaha",
    )
    # A: A-K of the hand with Q-J-T: an ace-high straight; in hold'em he would hold a flush.
    assert evaluate_omaha("As Kd Qc 2h", "Qs Js Ts 9s 3s").description == "Ace-high straight"
    assert showdown_ranking(hand) == [("A",), ("C",), ("B",)]
    result = hand.settle()
    assert hand.finishing_stacks() == {"A": 300, "B": 0, "C": 0}
    assert not any(isinstance(pot, HiLoPot) for pot in result.pots)
    assert result.hands is not None and result.hands["A"].description == "Ace-high straight"


def test_five_card_omaha():
    hand = all_in_three(
        {"A": 100, "B": 100, "C": 100},
        {"A": "As 2s Kd Kc 6h", "B": "Ah 3h Qd Qc 6d", "C": "9s 9h Jd Jc 6c"},
        "4c 5d 8h Ks Qs",
    )
    assert hand.holes[0] == ("As", "2s", "Kd", "Kc", "6h")
    # A: trip kings, and 6-5-4-2-A beats B's 6-5-4-3-A.
    assert hand.finishing_stacks() == {"A": 300, "B": 0, "C": 0}


def test_pot_limit_omaha_betting_is_the_same_as_pot_limit_holdem():
    kwargs = {"small_blind": 1, "big_blind": 2, "structure": PotLimit(big_blind=2)}
    holdem = start_hand({"A": 500, "B": 500, "C": 500}, **kwargs)
    omaha = start_hand({"A": 500, "B": 500, "C": 500}, game="omaha", **kwargs)
    assert omaha.legal() == holdem.legal()
    assert omaha.legal().max_to == 7  # the pot: 3 + the call of 2 + 2 to call
    assert omaha.raise_to("C", 7).legal() == holdem.raise_to("C", 7).legal()


def test_fixed_limit_omaha_hi_lo_hand():
    structure = FixedLimit(big_blind=2, small_bet=2, big_bet=4)
    hand = start_hand(
        {"A": 50, "B": 50, "C": 50}, small_blind=1, big_blind=2, structure=structure, game="omaha-hi-lo"
    )
    hand = hand.raise_to("C", 4).call("A").call("B").deal_board("2c 5d 7h")
    assert hand.legal().min_to == hand.legal().max_to == 2
    hand = hand.bet("A", 2).call("B").fold("C").deal_board("Ks")
    hand = hand.check("A").bet("B", 4).call("A").deal_board("Kd")
    hand = hand.check("A").check("B")
    hand = hand.deal_hole("A", "Ah 3h Qc 9s").deal_hole("B", "Kh Kc 9c 9d")
    # pot 4 * 3 + 2 * 2 + 4 * 2 = 24: B high 12, A low 12.
    assert hand.finishing_stacks() == {"A": 50 - 10 + 12, "B": 50 - 10 + 12, "C": 46}


def test_a_mucked_hand_wins_neither_half():
    hand = all_in_three(
        {"A": 100, "B": 100, "C": 100},
        {"A": "Ah 3h Qc 9s", "B": "Jc Jd Tc Td", "C": "Kh Kc 9c 9d"},
        "2c 5d 7h Ks Kd",
    )
    hand = hand.muck("A")
    assert hand.finishing_stacks() == {"A": 0, "B": 0, "C": 300}


def test_a_given_ranking_needs_a_low_ranking_in_hi_lo():
    hand = start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2, game="omaha-hi-lo")
    hand = hand.all_in("C").call("A").call("B")
    with pytest.raises(InputError, match="needs low_ranking"):
        hand.settle(["A", "B", "C"])
    assert hand.finishing_stacks(["A", "B", "C"], ["B"]) == {"A": 150, "B": 150, "C": 0}
    assert hand.finishing_stacks(["A", "B", "C"], []) == {"A": 300, "B": 0, "C": 0}


def test_a_fold_out_in_hi_lo():
    hand = start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2, game="omaha-hi-lo")
    hand = hand.raise_to("C", 6).fold("A").fold("B")
    assert hand.finishing_stacks() == {"A": 99, "B": 98, "C": 103}


def test_low_ranking_refused_in_holdem():
    hand = start_hand({"A": 100, "B": 100}, small_blind=1, big_blind=2).all_in("B").call("A")
    with pytest.raises(InputError, match="hi-lo"):
        hand.settle(["A", "B"], ["A"])


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As Ks", "cannot deal A 2 cards: an Omaha hi-lo player gets 4, 5 or 6 hole cards"),
        ("As Ks Qs Js Ts 9s 8s", "cannot deal A 7 cards"),
    ],
)
def test_the_wrong_number_of_hole_cards_is_refused(cards, message):
    hand = start_hand({"A": 100, "B": 100}, small_blind=1, big_blind=2, game="omaha-hi-lo")
    with pytest.raises(IllegalActionError, match=message):
        hand.deal_hole("A", cards)


def test_every_omaha_player_holds_the_same_number_of_hole_cards():
    hand = start_hand({"A": 100, "B": 100}, small_blind=1, big_blind=2, game="omaha")
    hand = hand.deal_hole("A", "As Ks Qs Js")
    with pytest.raises(IllegalActionError, match="cannot deal B 5 cards: every Omaha player .* here 4"):
        hand.deal_hole("B", "Ah Kh Qh Jh Th")
    assert hand.deal_hole("B", "Ah Kh Qh Jh").holes[1] == ("Ah", "Kh", "Qh", "Jh")


def test_six_card_omaha_hi_lo_showdown():
    # 6-card Omaha hi-lo, exactly two hole cards each way: C's K K with K 7 7 of the board make
    # kings full (his 6 4 also make 7-6-5-4-2); A's A 3 with 2 5 7 make the better 7-5-3-2-A low;
    # B's jacks, tens and nines make two pair and no low.
    hand = all_in_three(
        {"A": 100, "B": 100, "C": 100},
        {"A": "Ah 3h Qc 9s Jh Td", "B": "Jc Jd Tc Ts 9d 9h", "C": "Kh Kc 8c 8d 6s 4s"},
        "2c 5d 7h Ks 7d",
    )
    result = hand.settle()
    (pot,) = result.pots
    assert pot.high_winners == ("C",) and pot.low_winners == ("A",)
    assert result.hands["C"].description == "Kings full of sevens"
    assert result.low_hands["A"].description == "Seven-five low: 7 5 3 2 A"
    assert hand.finishing_stacks() == {"A": 150, "B": 0, "C": 150}


def test_holdem_still_deals_two():
    hand = start_hand({"A": 100, "B": 100}, small_blind=1, big_blind=2)
    with pytest.raises(IllegalActionError, match="a hold'em player gets 2 hole cards"):
        hand.deal_hole("A", "As Ks Qs Js")
    assert hand.setup.game == "holdem"


def test_an_unknown_game_is_refused():
    with pytest.raises(InputError, match="game must be one of"):
        start_hand({"A": 100, "B": 100}, small_blind=1, big_blind=2, game="stud")


@given(
    st.lists(st.integers(min_value=3, max_value=400), min_size=2, max_size=7),
    st.randoms(use_true_random=False),
    st.sampled_from([4, 5]),
)
def test_random_all_in_hi_lo_hands_conserve_chips(stacks, rng: random.Random, holes: int):
    names = [f"P{k}" for k in range(len(stacks))]
    hand = start_hand(dict(zip(names, stacks, strict=True)), small_blind=1, big_blind=2, game="omaha-hi-lo")
    while hand.to_act is not None:
        player = hand.to_act
        hand = hand.all_in(player) if rng.random() < 0.8 else hand.fold(player)
    deck = DECK[:]
    rng.shuffle(deck)
    for k, p in enumerate(names):
        if p in hand.live:
            hand = hand.deal_hole(p, deck[holes * k : holes * (k + 1)])
    board = deck[-5:]
    if len(hand.live) > 1:
        hand = hand.deal_board(board)
    result = hand.settle()
    assert sum(result.payouts.values()) == sum(stacks) - sum(hand.stacks)
    assert sum(hand.finishing_stacks().values()) == sum(stacks)
    for pot in result.pots:
        assert sum(pot.shares.values()) == pot.amount
        assert set(pot.winners) <= set(pot.eligible)
        if isinstance(pot, HiLoPot) and pot.divided:
            assert pot.high_amount + pot.low_amount == pot.amount
            assert 0 <= pot.high_amount - pot.low_amount <= 1  # the odd chip to high
            for p in pot.low_winners:
                cards = hand.holes[hand.players.index(p)]
                assert cards is not None and evaluate_omaha_low(cards, board) is not None


def test_one_shown_hand_against_mucked_ones_needs_no_board():
    hand = start_hand({"A": 100, "B": 100, "C": 50}, small_blind=1, big_blind=2, game="omaha-hi-lo")
    hand = hand.all_in("C").all_in("A").call("B").deal_hole("A", "Ah 3h Qc 9s")
    hand = hand.muck("B").muck("C")
    assert showdown_ranking(hand) == [("A",), ("B", "C")]
    # The main pot (50 from each) and the side pot (50 more from A and B) are A's.
    assert hand.finishing_stacks() == {"A": 250, "B": 0, "C": 0}
