"""The four betting structures (EX-30 to EX-33): legal bet and raise sizes, full raises, caps."""

from __future__ import annotations

import pytest

from potengine.errors import IllegalActionError, InputError
from potengine.play.hand import start_hand
from potengine.play.structures import (FixedLimit, NoLimit, PotLimit, RoundView, SpreadLimit,
                                  structure_named)


def view(street=1, current_bet=0, committed=0, last_raise=10, full_bet=0, pot=30, raises=0, players=3):
    return RoundView(street, current_bet, committed, last_raise, full_bet, pot, raises, players)


def test_ex31_pot_limit_maximum_is_pot_after_the_call():
    # Pot 10 on the flop, opponent bets 5: raise by at most 20, i.e. to 25.
    assert PotLimit(big_blind=2).bounds(view(current_bet=5, last_raise=5, full_bet=5, pot=15)).high == 25


def test_ex31_through_the_hand_model():
    # Blinds 1/2, three players limp to the flop... build a flop pot of 10 exactly: 5 players x 2.
    stacks = {p: 100 for p in "ABCDE"}
    h = start_hand(stacks, small_blind=1, big_blind=2, button="E", structure=PotLimit(big_blind=2))
    h = h.call("C").call("D").call("E").call("A").check("B")
    assert h.street_name == "flop" and h.total == 10
    h = h.bet("A", 5)
    assert h.legal().max_to == 25
    with pytest.raises(IllegalActionError, match="maximum is 25.*pot limit"):
        h.raise_to("B", 26)
    assert h.raise_to("B", 25).contributions["B"] == 2 + 25


def test_pot_limit_preflop_first_raise():
    h = start_hand({p: 100 for p in "ABC"}, small_blind=1, big_blind=2, structure=PotLimit(big_blind=2))
    assert (h.legal().min_to, h.legal().max_to) == (4, 7)


def test_ex32_minimum_raise_is_the_last_raise():
    h = start_hand({p: 1000 for p in "ABCD"}, small_blind=25, big_blind=50, button="D")
    h = h.call("C").call("D").call("A").check("B")          # pre-flop limped
    h = h.bet("A", 100).raise_to("B", 200)
    assert h.legal().min_to == 300
    with pytest.raises(IllegalActionError, match="minimum raise is to 300"):
        h.raise_to("C", 299)
    assert h.raise_to("C", 300).current_bet == 300


def test_no_limit_min_bet_is_big_blind_and_max_is_the_stack():
    b = NoLimit(big_blind=10).bounds(view())
    assert (b.low, b.high) == (10, None)
    assert NoLimit(big_blind=10).is_full(view(current_bet=100, last_raise=100, full_bet=100), 199) is False
    assert NoLimit(big_blind=10).is_full(view(current_bet=100, last_raise=100, full_bet=100), 200) is True


def test_fixed_limit_sizes_double_on_the_turn():
    fl = FixedLimit(big_blind=10, small_bet=10, big_bet=20)
    assert fl.bounds(view(street=1)) == (10, 10)
    assert fl.bounds(view(street=2, last_raise=20)) == (20, 20)
    assert fl.bounds(view(street=3, current_bet=20, full_bet=20, raises=1)) == (40, 40)


def test_fixed_limit_cap_and_heads_up():
    fl = FixedLimit(big_blind=10, small_bet=10, big_bet=20)
    capped = view(street=1, current_bet=40, full_bet=40, raises=4)
    assert fl.bounds(capped) is None
    assert fl.bounds(capped._replace(players=2)) == (50, 50)       # no cap heads-up
    h = start_hand({p: 500 for p in "ABC"}, small_blind=5, big_blind=10, structure=fl)
    h = h.raise_to("C", 20).raise_to("A", 30).raise_to("B", 40)   # BB + 3 raises = cap
    assert not h.legal().can_raise
    with pytest.raises(IllegalActionError, match="capped at 4"):
        h.raise_to("C", 50)
    h2 = start_hand({"A": 500, "B": 500}, small_blind=5, big_blind=10, structure=fl)
    for to, who in ((20, "B"), (30, "A"), (40, "B"), (50, "A"), (60, "B")):
        h2 = h2.raise_to(who, to)
    assert h2.legal().min_to == 70


def test_fixed_limit_exact_amount():
    fl = FixedLimit(big_blind=10, small_bet=10, big_bet=20)
    h = start_hand({p: 500 for p in "ABC"}, small_blind=5, big_blind=10, structure=fl)
    with pytest.raises(IllegalActionError, match="exactly 20"):
        h.raise_to("C", 25)
    with pytest.raises(IllegalActionError, match="exactly 20"):
        h.raise_to("C", 30)


def test_fixed_limit_half_bet_rule():
    fl = FixedLimit(big_blind=10, small_bet=10, big_bet=20)
    # Turn (bet 20): A bets 20, B all-in to 30 (half a bet): a full raise, C may raise to 50.
    h = start_hand({"A": 500, "B": 40, "C": 500}, small_blind=5, big_blind=10, button="C", structure=fl)
    h = h.call("C").call("A").check("B")
    h = h.check("A").check("B").check("C")
    assert h.street_name == "turn"
    h = h.bet("A", 20).all_in("B")
    assert h.history[-1].full and h.legal().min_to == 50
    h = h.call("C")
    assert h.legal().can_raise          # A faces a full raise: reopened
    # Less than half a bet: A bets 20, B all-in to 29... B has 9 more only -> to 29 is < half? 9 < 10.
    h = start_hand({"A": 500, "B": 39, "C": 500}, small_blind=5, big_blind=10, button="C", structure=fl)
    h = h.call("C").call("A").check("B")
    h = h.check("A").check("B").check("C")
    h = h.bet("A", 20).all_in("B")
    assert not h.history[-1].full
    assert h.legal().min_to == 40        # C completes: 20 + one bet
    h = h.call("C")
    assert not h.legal().can_raise       # A: not reopened (half-bet rule)


def test_spread_limit_range():
    sl = SpreadLimit(big_blind=2, low=2, high=6)
    h = start_hand({p: 200 for p in "ABC"}, small_blind=1, big_blind=2, structure=sl)
    lg = h.legal()
    assert (lg.min_to, lg.max_to) == (4, 8)
    with pytest.raises(IllegalActionError, match="maximum is 8"):
        h.raise_to("C", 9)
    h = h.raise_to("C", 7)   # raise by 5
    assert h.legal().min_to == 12 and h.legal().max_to == 13


def test_structure_named_and_bad_sizes():
    assert isinstance(structure_named("pot limit", 2), PotLimit)
    with pytest.raises(InputError, match="highest bet"):
        SpreadLimit(big_blind=2, low=6, high=2)
    with pytest.raises(InputError, match="big blind"):
        NoLimit(big_blind=0)


@pytest.mark.parametrize("cap", ["4", 4.0, True, [4], 0])
def test_a_cap_that_is_not_a_whole_number_of_bets_is_an_input_error(cap):
    with pytest.raises(InputError, match="the cap"):
        FixedLimit(big_blind=2, small_bet=2, big_bet=4, cap=cap)
    with pytest.raises(InputError, match="the cap"):
        SpreadLimit(big_blind=2, low=2, high=6, cap=cap)
    assert FixedLimit(big_blind=2, small_bet=2, big_bet=4, cap=None).cap is None
