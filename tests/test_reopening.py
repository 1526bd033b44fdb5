"""The reopening rule (TDA 47) on its own, with plain numbers: no hand, no legal()."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine.play.reopening import betting_reopened
from potengine.play.structures import FixedLimit, NoLimit, PotLimit, SpreadLimit

NL = NoLimit(big_blind=100)
FL = FixedLimit(big_blind=10, small_bet=10, big_bet=20)


def reopened(structure, *, acted=True, faced, current_bet, last_raise=100, street=1):
    return betting_reopened(
        structure, street=street, acted=acted, faced=faced, current_bet=current_bet, last_raise=last_raise
    )


def test_a_player_who_has_not_acted_may_always_raise():
    assert reopened(NL, acted=False, faced=0, current_bet=150)
    assert reopened(FL, acted=False, faced=0, current_bet=25, street=2)


def test_a_lone_short_all_in_does_not_reopen():
    # EX-33: A bet 100, B all-in for 150 (a raise of 50, not the full 100): A may not raise.
    assert not reopened(NL, faced=100, current_bet=150)


def test_a_full_raise_reopens():
    assert reopened(NL, faced=100, current_bet=200)
    assert reopened(NL, faced=100, current_bet=300)


def test_two_short_all_ins_that_make_a_full_raise_together_reopen():
    # A faced 100; B all-in to 150, C all-in to 210: 110 in all since A acted, more than 100.
    assert reopened(NL, faced=100, current_bet=210)
    # Two short all-ins adding up to 90 only: still closed for A.
    assert not reopened(NL, faced=100, current_bet=190)


def test_exactly_a_full_raise_is_enough():
    assert reopened(NL, faced=100, current_bet=200, last_raise=100)
    assert not reopened(NL, faced=100, current_bet=199, last_raise=100)


def test_the_full_size_is_the_largest_full_raise_of_the_round():
    # A raise to 300 over 100 set the full raise at 200: a 150 increase is short.
    assert not reopened(NL, faced=300, current_bet=450, last_raise=200)
    assert reopened(NL, faced=300, current_bet=500, last_raise=200)


@pytest.mark.parametrize(
    "structure", [NL, PotLimit(big_blind=100), SpreadLimit(big_blind=100, low=100, high=400)]
)
def test_no_limit_pot_limit_and_spread_limit_share_the_rule(structure):
    assert not reopened(structure, faced=100, current_bet=150)
    assert reopened(structure, faced=100, current_bet=210)


def test_fixed_limit_half_a_bet_reopens():
    # Turn (big bet 20): an all-in raising by 10 is half a bet, which counts as a full raise.
    assert reopened(FL, faced=20, current_bet=30, street=2)
    assert not reopened(FL, faced=20, current_bet=29, street=2)
    # Flop (small bet 10): 5 is half a bet.
    assert reopened(FL, faced=10, current_bet=15, street=1)
    assert not reopened(FL, faced=10, current_bet=14, street=1)


def test_nothing_new_since_he_acted_keeps_it_closed():
    assert not reopened(NL, faced=200, current_bet=200)
    assert not reopened(FL, faced=20, current_bet=20, street=3)


@given(st.integers(1, 10_000), st.integers(0, 10_000), st.integers(0, 10_000))
def test_no_limit_reopens_exactly_when_the_rise_reaches_the_last_full_raise(last_raise, faced, rise):
    assert reopened(NL, faced=faced, current_bet=faced + rise, last_raise=last_raise) == (rise >= last_raise)


@given(st.integers(0, 10_000), st.integers(0, 100), st.booleans())
def test_fixed_limit_reopens_exactly_at_half_a_bet(faced, rise, turn):
    street = 2 if turn else 1
    step = 20 if turn else 10
    assert reopened(FL, faced=faced, current_bet=faced + rise, street=street) == (2 * rise >= step)
