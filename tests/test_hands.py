"""Scalar hand evaluation: EX-17..EX-20, explanations, an independent oracle, rank_players."""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st
from phevaluator import evaluate_cards as ph_evaluate

from potengine.cards.deck import DECK, format_cards, parse_cards
from potengine.cards.evaluate import CATEGORIES, HandValue, evaluate, rank_players
from potengine.errors import CardError

# EX-17: the ten categories with the source's example hands, strongest first.
EX17 = [
    ("Royal flush", "A♠ K♠ Q♠ J♠ 10♠"),
    ("Straight flush", "Q♦ J♦ 10♦ 9♦ 8♦"),
    ("Four of a kind", "4♣ 4♦ 4♥ 4♠ 9♥"),
    ("Full house", "8♣ 8♦ 8♠ K♥ K♠"),
    ("Flush", "K♠ J♠ 8♠ 4♠ 3♠"),
    ("Straight", "5♦ 4♥ 3♠ 2♦ A♦"),
    ("Three of a kind", "7♣ 7♥ 7♠ K♦ 2♠"),
    ("Two pair", "A♣ A♦ 8♥ 8♠ Q♠"),
    ("One pair", "9♥ 9♠ A♣ J♠ 4♥"),
    ("High card", "A♦ 10♦ 9♠ 5♣ 4♣"),
]


@pytest.mark.parametrize("category, hand", EX17)
def test_ex17_each_example_is_its_category(category, hand):
    assert evaluate(hand).category == category


def test_ex17_categories_sort_strictly():
    values = [evaluate(hand) for _, hand in EX17]
    assert all(a > b for a, b in pairwise(values))
    assert sorted(values, reverse=True) == values
    assert [v.category for v in values] == list(reversed(CATEGORIES))
    assert [v.category_rank for v in values] == list(range(9, -1, -1))


# EX-18: one head-to-head per tie-break rule (winner first).
EX18 = [
    ("high card: highest card", "A♦ 10♦ 9♠ 5♣ 4♣", "K♦ Q♦ J♠ 9♣ 7♣"),
    ("high card: then the next", "A♦ 10♦ 9♠ 5♣ 4♣", "A♥ 10♣ 9♦ 5♠ 3♥"),
    ("flush: highest card", "A♥ 7♥ 5♥ 3♥ 2♥", "K♠ Q♠ J♠ 9♠ 8♠"),
    ("flush: then the next", "K♠ J♠ 8♠ 4♠ 3♠", "K♥ J♥ 8♥ 4♥ 2♥"),
    ("straight: highest card", "6♣ 5♦ 4♥ 3♠ 2♦", "5♦ 4♥ 3♠ 2♦ A♦"),
    ("straight: broadway", "A♣ K♦ Q♥ J♠ 10♦", "K♦ Q♥ J♠ 10♦ 9♣"),
    ("pair: the pair", "9♥ 9♠ 4♣ 3♠ 2♥", "8♥ 8♠ A♣ K♠ Q♥"),
    ("pair: then kickers", "9♥ 9♠ A♣ J♠ 5♥", "9♣ 9♦ A♦ J♥ 4♥"),
    ("two pair: top pair", "A♣ A♦ 3♥ 3♠ 2♠", "K♣ K♦ Q♥ Q♠ J♠"),
    ("two pair: second pair", "A♣ A♦ 8♥ 8♠ 2♠", "A♥ A♠ 7♥ 7♠ K♠"),
    ("two pair: fifth card", "A♣ A♦ 8♥ 8♠ Q♠", "A♥ A♠ 8♦ 8♣ J♠"),
    ("trips: the trips", "8♣ 8♦ 8♠ 3♦ 2♠", "7♣ 7♥ 7♠ A♦ K♠"),
    ("full house: the trips", "8♣ 8♦ 8♠ 2♥ 2♠", "7♣ 7♥ 7♠ A♦ A♠"),
    ("full house: then the pair", "8♣ 8♦ 8♠ K♥ K♠", "8♥ 8♠ 8♣ Q♦ Q♠"),
    ("quads: the quads", "5♣ 5♦ 5♥ 5♠ 2♥", "4♣ 4♦ 4♥ 4♠ A♥"),
    ("quads: then the fifth card", "4♣ 4♦ 4♥ 4♠ 9♥", "4♣ 4♦ 4♥ 4♠ 8♥"),
    ("straight flush: highest card", "Q♦ J♦ 10♦ 9♦ 8♦", "J♣ 10♣ 9♣ 8♣ 7♣"),
    ("straight flush: steel wheel lowest", "6♥ 5♥ 4♥ 3♥ 2♥", "5♠ 4♠ 3♠ 2♠ A♠"),
]


@pytest.mark.parametrize("rule, winner, loser", EX18, ids=[r for r, _, _ in EX18])
def test_ex18_tie_breaks(rule, winner, loser):
    win, lose = evaluate(winner), evaluate(loser)
    assert win.category == lose.category
    assert win > lose and lose < win and win != lose and not win == lose  # noqa: SIM201 - tests __eq__
    assert win >= lose and lose <= win


def test_ex18_wheel_is_the_lowest_straight():
    wheel = evaluate("5♦ 4♥ 3♠ 2♦ A♦")
    assert wheel.description == "Five-high straight"
    assert [str(c) for c in wheel.best_five] == ["5♦", "4♥", "3♠", "2♦", "A♦"]
    assert wheel < evaluate("6♣ 5♦ 4♥ 3♠ 2♦")
    assert wheel > evaluate("A♦ A♣ A♥ K♠ Q♦")  # but still a straight: beats trips


def test_suits_never_break_ties():
    a = evaluate("A♠ K♠ Q♦ J♣ 9♥")
    b = evaluate("A♥ K♥ Q♣ J♦ 9♠")
    assert a == b and hash(a) == hash(b) and not a > b and not a < b
    assert evaluate("K♠ J♠ 8♠ 4♠ 3♠") == evaluate("K♥ J♥ 8♥ 4♥ 3♥")


# EX-19: best five of seven using two, one and no hole cards.
@pytest.mark.parametrize(
    "hole, board, uses, best, description",
    [
        ("A♥ K♥", "Q♥ J♥ 2♣ 7♦ 10♥", 2, "A♥ K♥ Q♥ J♥ 10♥", "Royal flush"),
        ("A♣ 3♦", "A♦ K♠ 9♥ 5♣ 4♠", 1, "A♣ A♦ K♠ 9♥ 5♣", "Pair of aces, kickers K 9 5"),
        ("2♣ 3♦", "A♠ K♥ Q♦ J♣ 10♥", 0, "A♠ K♥ Q♦ J♣ 10♥", "Ace-high straight"),
    ],
)
def test_ex19_best_five_of_seven(hole, board, uses, best, description):
    value = evaluate(parse_cards(hole) + parse_cards(board))
    assert format_cards(value.best_five) == best
    assert value.uses(hole) == uses
    assert value.description == description
    assert value == evaluate(value.best_five)


def test_ex20_kicker():
    jack = evaluate("K♥ K♣ 8♦ 5♠ J♣")
    ace = evaluate("K♦ K♠ 8♥ 5♣ A♦")
    assert ace > jack
    assert jack.description == "Pair of kings, kickers J 8 5"
    assert ace.description == "Pair of kings, kickers A 8 5"


@pytest.mark.parametrize(
    "hand, description, best",
    [
        ("5c 5d 5h 8s 8d", "Fives full of eights", "5♣ 5♦ 5♥ 8♠ 8♦"),
        ("8c 8d 5h 5s 5d 8h Kc", "Eights full of fives", "8♣ 8♦ 8♥ 5♥ 5♠"),
        ("Ac Ad 8h 8s Qs 2c 3d", "Two pair, aces and eights, Q kicker", "A♣ A♦ 8♥ 8♠ Q♠"),
        ("Ac Ad 8h 8s 2s 2c Qd", "Two pair, aces and eights, Q kicker", "A♣ A♦ 8♥ 8♠ Q♦"),
        ("Ac Ad 8h 8s 6s 6c 2d", "Two pair, aces and eights, 6 kicker", "A♣ A♦ 8♥ 8♠ 6♠"),
        ("7c 7h 7s Kd 2s", "Three of a kind, sevens, kickers K 2", "7♣ 7♥ 7♠ K♦ 2♠"),
        ("4c 4d 4h 4s 9h Kd 9c", "Four of a kind, fours, K kicker", "4♣ 4♦ 4♥ 4♠ K♦"),
        ("Ks Js 8s 4s 3s 2s Ah", "King-high flush, K J 8 4 3", "K♠ J♠ 8♠ 4♠ 3♠"),
        ("Qd Jd Td 9d 8d 7d", "Queen-high straight flush", "Q♦ J♦ 10♦ 9♦ 8♦"),
        ("Ad Td 9s 5c 4c", "Ace-high, kickers 10 9 5 4", "A♦ 10♦ 9♠ 5♣ 4♣"),
        ("9h 8d 7c 6s 5h 4d 3c", "Nine-high straight", "9♥ 8♦ 7♣ 6♠ 5♥"),
    ],
)
def test_descriptions_and_reading_order(hand, description, best):
    value = evaluate(hand)
    assert value.description == description
    assert format_cards(value.best_five) == best
    assert str(value) == description
    assert description in repr(value) and best in repr(value)
    assert description in value._repr_html_()


def test_input_forms_agree():
    text = "As Kd Qh Jc 9s 2d 2c"
    cards = parse_cards(text)
    assert (
        evaluate(text)
        == evaluate(cards)
        == evaluate(list(text.split()))
        == evaluate("AsKdQhJc9s2d2c")
        == evaluate("A♠ K♦ Q♥ J♣ 9♠ 2♦ 2♣")
    )
    assert evaluate(text).cards == cards


@pytest.mark.parametrize(
    "hand, message",
    [
        ("As Kd Qh Jc", "5, 6 or 7 cards, got 4"),
        ("As Kd Qh Jc 9s 2d 2c 3c", "5, 6 or 7 cards, got 8"),
        ("As Kd Qh Jc As", "card A♠ appears twice"),
        ("As Kd Qh Jc Zz", "cannot read a card at 'Zz'"),
        ("", "got 0"),
    ],
)
def test_evaluate_errors(hand, message):
    with pytest.raises(CardError, match=message):
        evaluate(hand)


def test_hand_value_is_immutable_and_not_comparable_to_other_types():
    value = evaluate("As Kd Qh Jc 9s")
    with pytest.raises(AttributeError):
        value.strength = 3  # type: ignore[misc]
    assert value != value.strength
    with pytest.raises(TypeError):
        value < 3  # noqa: B015


# --- independent oracle: phevaluator (smaller rank is stronger) --------------------------------


def _agree_in_order(ours: list[int], theirs: list[int]) -> None:
    """ours (bigger better) and theirs (smaller better) must induce the same weak order."""
    pairs = sorted(set(zip(ours, theirs, strict=True)))
    assert len({o for o, _ in pairs}) == len(pairs) == len({t for _, t in pairs})
    assert [t for _, t in pairs] == sorted((t for _, t in pairs), reverse=True)


def test_agrees_with_phevaluator_on_random_seven_card_hands():
    rng = random.Random(2026)
    hands = [rng.sample(range(52), 7) for _ in range(60_000)]
    ours = [evaluate([DECK[i] for i in h]).strength for h in hands]
    theirs = [ph_evaluate(*h) for h in hands]
    _agree_in_order(ours, theirs)


def test_agrees_with_phevaluator_on_every_five_card_rank_class_sample():
    rng = random.Random(7)
    hands = [rng.sample(range(52), n) for n in (5, 6) for _ in range(20_000)]
    _agree_in_order(
        [evaluate([DECK[i] for i in h]).strength for h in hands], [ph_evaluate(*h) for h in hands]
    )


seven = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@given(st.tuples(seven, seven))
def test_hypothesis_pairwise_order_matches_phevaluator(pair):
    a, b = pair
    ours_a, ours_b = (evaluate([DECK[i] for i in h]) for h in (a, b))
    ph_a, ph_b = ph_evaluate(*a), ph_evaluate(*b)
    assert (ours_a > ours_b) == (ph_a < ph_b)
    assert (ours_a == ours_b) == (ph_a == ph_b)


@given(seven)
def test_hypothesis_best_five_is_worth_the_seven(hand):
    value = evaluate([DECK[i] for i in hand])
    assert len(set(value.best_five)) == 5 and set(value.best_five) <= set(value.cards)
    assert evaluate(value.best_five) == value
    assert all(evaluate(five) <= value for five in combinations(value.cards, 5))


def test_agrees_with_pokerkit_on_a_sample():
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(11)
    for _ in range(300):
        idx = rng.sample(range(52), 7)
        cards = [DECK[i] for i in idx]
        other = [DECK[i] for i in rng.sample([i for i in range(52) if i not in idx[:2]], 5)]
        # compare two hands sharing nothing in particular: order must agree
        ours = evaluate(cards), evaluate(other)
        kit = [pokerkit.StandardHighHand.from_game("".join(c.code for c in cs)) for cs in (cards, other)]
        assert (ours[0] > ours[1]) == (kit[0] > kit[1])
        assert (ours[0] == ours[1]) == (kit[0] == kit[1])


# --- rank_players ------------------------------------------------------------------------------


def test_rank_players_tiers_and_values():
    tiers, values = rank_players(
        {"Alice": "A♣ 7♣", "Bilal": "K♥ K♦", "Chloé": "A♦ 6♠", "David": "2c 3c"}, "Q♣ J♦ 9♠ 9♥ 5♦"
    )
    assert tiers == [("Bilal",), ("Alice", "Chloé"), ("David",)]
    assert values["Alice"] == values["Chloé"]
    assert values["Bilal"].description == "Two pair, kings and nines, Q kicker"
    assert isinstance(values["David"], HandValue)


def test_rank_players_board_plays_keeps_input_order():
    tiers, _ = rank_players({"Zoe": "2c 3d", "Adam": "4h 5h", "Mia": "6s 7c"}, "As Kh Qd Jc Th")
    assert tiers == [("Zoe", "Adam", "Mia")]


def test_rank_players_with_flop_and_turn():
    tiers, values = rank_players({"Alice": "As Ah", "Bilal": "Kd Kc"}, "2c 7d 9h")
    assert tiers == [("Alice",), ("Bilal",)] and len(values["Alice"].cards) == 5
    tiers, values = rank_players({"Alice": "As Ah", "Bilal": "Kd Kc"}, "2c 7d 9h Ks")
    assert tiers == [("Bilal",), ("Alice",)] and len(values["Bilal"].cards) == 6


@pytest.mark.parametrize(
    "hands, board, message",
    [
        ({"Alice": "As Ah"}, "2c 3d", "at least 3 board cards, got 2"),
        ({"Alice": "As Ah"}, "", "at least 3 board cards, got 0"),
        ({"Alice": "As Ah"}, "2c 3d 4h 5s 6c 7d", "the board has 6 cards"),
        (
            {"Alice": "As Ah", "Bilal": "Ah Kc"},
            "2c 3d 4h 5s 6c",
            "card A♥ is both in Alice's cards and in Bilal's cards",
        ),
        ({"Alice": "As Ah"}, "2c 3d 4h 5s As", "card A♠ is both in Alice's cards and on the board"),
        ({"Alice": "As"}, "2c 3d 4h 5s 6c", "Alice must hold exactly 2 cards"),
    ],
)
def test_rank_players_errors(hands, board, message):
    with pytest.raises(CardError, match=message):
        rank_players(hands, board)


def test_rank_players_prefers_board_cards_when_interchangeable():
    _, values = rank_players({"Bilal": "A♥ A♦"}, "A♠ K♥ Q♦ J♣ 10♥")
    assert format_cards(values["Bilal"].best_five) == "A♠ K♥ Q♦ J♣ 10♥"
    assert values["Bilal"].uses("A♥ A♦") == 0
