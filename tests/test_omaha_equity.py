"""Exact Omaha (hi-lo) equity against a plain enumeration with the scalar evaluators."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from potengine.cards.deck import DECK, parse_cards
from potengine.cards.low import evaluate_omaha_low
from potengine.cards.omaha import evaluate_omaha
from potengine.cards.omaha_equity import LOW_CARD, LOW_TABLE, best_hands, omaha_equity, omaha_pot_equity
from potengine.errors import CardError, InputError
from potengine.pots.hilo import divide
from potengine.pots.layout import build_pots


def brute_force(contributions, hands, board, hi_lo, chip=1):
    """Expected chips and scoop chances per pot by dealing every board one at a time."""
    holes = {p: parse_cards(h) for p, h in hands.items()}
    board = parse_cards(board)
    used = {c for h in holes.values() for c in h} | set(board)
    rest = [c for c in DECK if c not in used]
    layout = build_pots(contributions)
    expected = [dict.fromkeys(pot.eligible, Fraction(0)) for pot in layout.pots]
    scoops = [dict.fromkeys(pot.eligible, 0) for pot in layout.pots]
    n = 0
    for extra in combinations(rest, 5 - len(board)):
        full = tuple(board) + extra
        n += 1
        high = {p: evaluate_omaha(h, full) for p, h in holes.items()}
        low = {p: evaluate_omaha_low(h, full) for p, h in holes.items()} if hi_lo else {}
        for i, pot in enumerate(layout.pots):
            top = max(high[p] for p in pot.eligible)
            hw = [p for p in pot.eligible if high[p] == top]
            lows = [low[p] for p in pot.eligible if low.get(p) is not None]
            if lows:
                best = max(lows)
                lw = [p for p in pot.eligible if low.get(p) is not None and low[p] == best]
                h_amt, l_amt = divide(pot.amount, chip)
            else:
                lw, h_amt, l_amt = [], pot.amount, 0
            for p in hw:
                expected[i][p] += Fraction(h_amt, len(hw))
            for p in lw:
                expected[i][p] += Fraction(l_amt, len(lw))
            winners = set(hw) | set(lw)
            if len(winners) == 1 and len(hw) == 1:
                scoops[i][hw[0]] += 1
    return (
        [{p: v / n for p, v in e.items()} for e in expected],
        [{p: Fraction(v, n) for p, v in s.items()} for s in scoops],
        n,
    )


def test_low_table_matches_the_scalar_low():
    for five in [
        ("As", "2d", "3c", "4h", "5s"),
        ("8s", "7d", "6c", "5h", "4s"),
        ("As", "2d", "3c", "4h", "9s"),
        ("As", "Ad", "3c", "4h", "5s"),
    ]:
        cards = parse_cards(five)
        total = int(sum(LOW_CARD[c.index] for c in cards))
        low = evaluate_omaha_low(cards[:2] + parse_cards("Kc Kd"), cards[2:])
        assert int(LOW_TABLE[total]) == (low.strength if low else 0)


def test_hi_lo_equity_against_enumeration():
    contributions = {"A": 20, "B": 50, "C": 50}
    hands = {"A": "As 2s Kd Kc", "B": "Qh Qd 3c 4c", "C": "9h 9d Tc Jc"}
    r = omaha_pot_equity(contributions, hands, board="3s 5s 8h", hi_lo=True)
    expected, scoops, n = brute_force(contributions, hands, "3s 5s 8h", hi_lo=True)
    assert r.boards == n == 666
    for pot, exp, scoop in zip(r.pots, expected, scoops, strict=True):
        assert {p: c.expected for p, c in pot.chances.items()} == exp
        assert {p: c.scoop_chance for p, c in pot.chances.items()} == scoop
        assert sum(c.share for c in pot.chances.values()) == 1


def test_high_only_equity_against_enumeration():
    hands = {"A": "As Ks Qd Jd", "B": "7c 7h 2d 3c"}
    r = omaha_equity(hands, board="7s 8s 9h 2c")
    expected, _, n = brute_force({"A": 1, "B": 1}, hands, "7s 8s 9h 2c", hi_lo=False)
    assert r.boards == n
    assert {p: c.share * 2 for p, c in r.pots[0].chances.items()} == expected[0]


def test_five_card_omaha():
    hands = {"A": "As 2s Kd Kc 3h", "B": "Qh Qd 4c 5c 6d"}
    r = omaha_equity(hands, board="3s 7s 8h Jd", hi_lo=True)
    expected, _, _ = brute_force({"A": 1, "B": 1}, hands, "3s 7s 8h Jd", hi_lo=True)
    assert {p: c.expected * 2 for p, c in r.pots[0].chances.items()} == expected[0]


def test_six_card_omaha():
    hands = {"A": "As 2s Kd Kc 3h 9c", "B": "Qh Qd 4c 5c 6d Td"}
    r = omaha_equity(hands, board="3s 7s 8h Jd", hi_lo=True)
    expected, _, n = brute_force({"A": 1, "B": 1}, hands, "3s 7s 8h Jd", hi_lo=True)
    assert r.boards == n == 36
    assert {p: c.expected * 2 for p, c in r.pots[0].chances.items()} == expected[0]
    contributions, hands = {"A": 20, "B": 50, "C": 50}, {**hands, "C": "9h 9d Tc Jc Ah 2h"}
    r = omaha_pot_equity(contributions, hands, board="3s 7s 8h", hi_lo=True)
    expected, scoops, n = brute_force(contributions, hands, "3s 7s 8h", hi_lo=True)
    assert r.boards == n == 465
    for pot, exp, scoop in zip(r.pots, expected, scoops, strict=True):
        assert {p: c.expected for p, c in pot.chances.items()} == exp
        assert {p: c.scoop_chance for p, c in pot.chances.items()} == scoop


@given(st.permutations(range(52)), st.booleans())
@settings(max_examples=settings.default.max_examples * 3 // 20, deadline=None)  # 30 by default
def test_six_card_best_hands_match_the_scalar_evaluators(order, hi_lo):
    hole, boards = np.array(order[:6]), np.array([order[6:11], order[11:16], order[16:21]])
    high, low = best_hands(hole, boards, hi_lo=hi_lo)
    for k, board in enumerate(boards):
        cards, on_board = [DECK[i] for i in hole], [DECK[i] for i in board]
        assert int(high[k]) == evaluate_omaha(cards, on_board).strength
        if hi_lo:
            scalar = evaluate_omaha_low(cards, on_board)
            assert int(low[k]) == (scalar.strength if scalar else 0)


def test_shares_halves_and_scoops_are_consistent():
    r = omaha_equity(
        {"A": "As 2s 3d Kc", "B": "Kh Kd Qh Jh", "C": "Ah 2h 4d 4c"}, board="5c 7d Ks", hi_lo=True
    )
    pot = r.pots[0]
    assert sum(c.share for c in pot.chances.values()) == 1
    # The low halves add up to half of the boards where someone has a low.
    assert sum(c.low_share for c in pot.chances.values()) == (1 - pot.no_low_chance) / 2
    assert all(c.scoop_chance <= c.high_chance for c in pot.chances.values())
    assert pot.chances["B"].low_chance == 0  # K K Q J never makes a low


def test_a_pot_nobody_contests():
    r = omaha_pot_equity(
        {"A": 50, "B": 100}, {"A": "As 2s 3d Kc", "B": "Kh Kd Qh Jh"}, board="5c 7d Ks", hi_lo=True
    )
    assert r.refunds == {"B": 50} and r.expected["B"] + r.expected["A"] == 150


def test_errors():
    with pytest.raises(CardError, match="4, 5 or 6 hole cards"):
        omaha_equity({"A": "As 2s", "B": "Kh Kd Qh Jh"})
    with pytest.raises(CardError, match="8 Omaha hands and a board cannot be dealt"):
        omaha_equity({p: "".join(DECK[6 * k + j].code for j in range(6)) for k, p in enumerate("ABCDEFGH")})
    with pytest.raises(CardError, match="0, 3, 4 or 5"):
        omaha_equity({"A": "As 2s 3d 4d", "B": "Kh Kd Qh Jh"}, board="2c 3c")
    with pytest.raises(InputError, match="at least two"):
        omaha_equity({"A": "As 2s 3d 4d"})
    with pytest.raises(CardError, match="A♠"):
        omaha_equity({"A": "As 2s 3d 4d", "B": "As Kd Qh Jh"})
    with pytest.raises(InputError, match="no contribution"):
        omaha_pot_equity(
            {"A": 5, "B": 5}, {"A": "As 2s 3d 4d", "B": "Ks Kd Qh Jh", "C": "7c 7d 8c 8d"}, board="2c 3c 9h"
        )


@settings(max_examples=max(10, settings.default.max_examples // 8))
@given(st.permutations(range(52)), st.booleans())
def test_random_turns_against_enumeration(order, hi_lo):
    hands = {p: [DECK[i] for i in order[4 * k : 4 * k + 4]] for k, p in enumerate("ABC")}
    board = [DECK[i] for i in order[12:16]]
    contributions = {"A": 10, "B": 30, "C": 30}
    r = omaha_pot_equity(contributions, hands, board=board, hi_lo=hi_lo)
    expected, scoops, _ = brute_force(contributions, hands, board, hi_lo)
    for pot, exp, scoop in zip(r.pots, expected, scoops, strict=True):
        assert {p: c.expected for p, c in pot.chances.items()} == exp
        assert {p: c.scoop_chance for p, c in pot.chances.items()} == scoop


@pytest.mark.parametrize("pool", ["any", "spades"])
def test_best_hands_vectorised_equals_scalar(pool):
    """Many boards at once (grouped by ranks, flushes added) against the scalar evaluators; the
    "spades" pool draws from 26 cards, half of them spades, so flushes and straight flushes abound."""
    rng = np.random.default_rng(7)
    cards = np.arange(52) if pool == "any" else np.array([i for i in range(52) if i % 4 in (3, 1)])
    for _ in range(10):
        dealt = rng.permutation(cards)
        hole = dealt[:4]
        boards = np.array([rng.permutation(dealt[4:])[:5] for _ in range(150)])
        high, low = best_hands(hole, boards, hi_lo=True)
        h = [DECK[i] for i in hole]
        for row, board in enumerate(boards):
            b = [DECK[i] for i in board]
            assert int(high[row]) == evaluate_omaha(h, b).strength
            scalar = evaluate_omaha_low(h, b)
            assert int(low[row]) == (scalar.strength if scalar else 0)
