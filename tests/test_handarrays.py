"""Vectorised evaluation: all 2,598,960 five-card hands, agreement with the scalar evaluator and
with phevaluator, and input checks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from phevaluator import evaluate_cards as ph_evaluate

from potengine.cards.arrays import category_of, evaluate_array, tables, to_array
from potengine.cards.deck import DECK
from potengine.cards.equity import combinations_array
from potengine.cards.evaluate import CATEGORIES, category_name, evaluate
from potengine.errors import CardError

# Known frequencies of the 2,598,960 five-card hands (royal flushes counted apart).
FIVE_CARD_COUNTS = {
    "Royal flush": 4,
    "Straight flush": 36,
    "Four of a kind": 624,
    "Full house": 3744,
    "Flush": 5108,
    "Straight": 10200,
    "Three of a kind": 54912,
    "Two pair": 123552,
    "One pair": 1098240,
    "High card": 1302540,
}


@pytest.fixture(scope="module")
def all_five():
    hands = combinations_array(52, 5)
    return hands, evaluate_array(hands)


def test_every_five_card_hand_category_count(all_five):
    hands, strengths = all_five
    assert len(hands) == 2_598_960
    categories = category_of(strengths)
    counts = {CATEGORIES[c]: int(n) for c, n in enumerate(np.bincount(categories, minlength=9))}
    royal = int(((categories == 8) & ((strengths >> 16) & 15 == 14)).sum())
    counts["Royal flush"] = royal
    counts["Straight flush"] -= royal
    assert counts == FIVE_CARD_COUNTS


def test_five_card_distinct_strengths_is_7462(all_five):
    # 7,462 distinct five-card hand values: the classic count of equivalence classes.
    assert len(np.unique(all_five[1])) == 7462


def test_scalar_agrees_on_a_large_sample_of_five_card_hands(all_five):
    hands, strengths = all_five
    rng = np.random.default_rng(5)
    for row in rng.choice(len(hands), 20_000, replace=False):
        value = evaluate([DECK[i] for i in hands[row]])
        assert value.strength == strengths[row]
    # and the category names agree on every class
    for s in np.unique(strengths)[::50]:
        assert category_name(int(s)) in CATEGORIES


def _random_hands(n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_same_strengths_as_scalar(k):
    hands = _random_hands(30_000, k, seed=k)
    strengths = evaluate_array(hands)
    assert strengths.dtype == np.int64
    scalar = [evaluate([DECK[i] for i in row]).strength for row in hands]
    assert strengths.tolist() == scalar


def test_order_agrees_with_phevaluator_on_200k_seven_card_hands():
    hands = _random_hands(200_000, 7, seed=99)
    ours = evaluate_array(hands)
    theirs = np.fromiter((ph_evaluate(*map(int, row)) for row in hands), dtype=np.int64, count=len(hands))
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)  # sorted by ours
    assert len(np.unique(pairs[:, 0])) == len(pairs) == len(np.unique(pairs[:, 1]))
    assert (np.diff(pairs[:, 1]) < 0).all()  # stronger for us = smaller for phevaluator


@given(st.lists(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), min_size=1, max_size=20))
def test_hypothesis_array_matches_scalar(rows):
    strengths = evaluate_array(np.array(rows))
    assert strengths.tolist() == [evaluate([DECK[i] for i in row]).strength for row in rows]


def test_wheel_below_six_high_in_arrays():
    s = evaluate_array(to_array(["5d 4h 3s 2d Ad Kc Kh", "6c 5d 4h 3s 2d Kc Kh"]))
    assert s[0] < s[1]


def test_tables_are_cached_and_sorted():
    keys, values = tables()
    assert tables()[0] is keys
    assert (np.diff(keys) > 0).all() and len(keys) == len(values)


def test_to_array_and_empty():
    assert to_array([]).shape == (0, 0)
    assert evaluate_array(np.zeros((0, 7), dtype=np.int8)).shape == (0,)
    with pytest.raises(CardError, match="same number of cards, got sizes \\[5, 7\\]"):
        to_array(["2c 3c 4c 5c 7d", "2c 3c 4c 5c 7d 8d 9d"])


@pytest.mark.parametrize(
    "hands, message",
    [
        (np.array([[0, 1, 2, 3]]), "shape \\(1, 4\\)"),
        (np.array([0, 1, 2, 3, 4]), "shape \\(5,\\)"),
        (np.array([[0, 1, 2, 3, 52]]), "hand 0 has card index 52"),
        (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -1]]), "hand 1 has card index -1"),
        (np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 5]]), "hand 1 holds card 3♦ twice"),
        (np.array([[0.0, 1, 2, 3, 4]]), "dtype float64"),
    ],
)
def test_array_errors(hands, message):
    with pytest.raises(CardError, match=message):
        evaluate_array(hands)


def test_vectorised_table_equals_scalar_rule_for_every_rank_multiset():
    from potengine.cards.evaluate import _strength_from_key

    keys, values = tables()
    assert [_strength_from_key(int(k)) for k in keys] == values.tolist()
