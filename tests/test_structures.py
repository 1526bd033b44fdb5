"""The four betting structures (EX-30 to EX-33): legal bet and raise sizes, full raises, caps."""

from __future__ import annotations

import pytest

from potengine.errors import IllegalActionError, InputError
from potengine.play.hand import start_hand
from potengine.play.structures import (
    STRUCTURES,
    FixedLimit,
    NoLimit,
    PotLimit,
    RoundView,
    SpreadLimit,
    structure_for_phh,
    structure_from_phh,
    structure_from_pokerstars,
    structure_named,
)


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
    h = h.call("C").call("D").call("A").check("B")  # pre-flop limped
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
    assert fl.bounds(capped._replace(players=2)) == (50, 50)  # no cap heads-up
    h = start_hand({p: 500 for p in "ABC"}, small_blind=5, big_blind=10, structure=fl)
    h = h.raise_to("C", 20).raise_to("A", 30).raise_to("B", 40)  # BB + 3 raises = cap
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
    assert h.legal().can_raise  # A faces a full raise: reopened
    # Less than half a bet: A bets 20, B all-in to 29... B has 9 more only -> to 29 is < half? 9 < 10.
    h = start_hand({"A": 500, "B": 39, "C": 500}, small_blind=5, big_blind=10, button="C", structure=fl)
    h = h.call("C").call("A").check("B")
    h = h.check("A").check("B").check("C")
    h = h.bet("A", 20).all_in("B")
    assert not h.history[-1].full
    assert h.legal().min_to == 40  # C completes: 20 + one bet
    h = h.call("C")
    assert not h.legal().can_raise  # A: not reopened (half-bet rule)


def test_spread_limit_range():
    sl = SpreadLimit(big_blind=2, low=2, high=6)
    h = start_hand({p: 200 for p in "ABC"}, small_blind=1, big_blind=2, structure=sl)
    lg = h.legal()
    assert (lg.min_to, lg.max_to) == (4, 8)
    with pytest.raises(IllegalActionError, match="maximum is 8"):
        h.raise_to("C", 9)
    h = h.raise_to("C", 7)  # raise by 5
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


# ---- each structure owns its rules, names and codes ------------------------------------------


@pytest.mark.parametrize(
    "header, expected",
    [
        ("PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD)", NoLimit(big_blind=10)),
        ("PokerStars Hand #2: Hold'em Pot Limit (1/2)", PotLimit(big_blind=10)),
        ("PokerStars Hand #3: Hold'em Limit (10/20)", FixedLimit(big_blind=10, small_bet=10, big_bet=20)),
    ],
)
def test_a_pokerstars_header_names_its_structure(header, expected):
    assert structure_from_pokerstars(header, big_blind=10, small_bet=10, big_bet=20) == expected


def test_a_pokerstars_header_without_a_structure_we_play_gives_none():
    assert structure_from_pokerstars("PokerStars Hand #4: Razz (2/4)", big_blind=2) is None


def test_a_limit_header_needs_its_bet_sizes():
    with pytest.raises(InputError, match="small and big bets"):
        structure_from_pokerstars("Hold'em Limit (10/20)", big_blind=10)


def test_every_phh_code_reads_back_its_own_structure():
    codes = {kind.phh_variant: kind for kind in STRUCTURES if kind.phh_variant}
    assert set(codes) == {"NT", "PT", "FT"}
    for code, kind in codes.items():
        assert structure_for_phh(code) is kind
        built = structure_from_phh(code, {"min_bet": 4, "small_bet": 4, "big_bet": 8}, 4, lambda v, what: v)
        assert type(built) is kind
    with pytest.raises(InputError, match="variant 'XX' is not a hold'em variant"):
        structure_from_phh("XX", {}, 2, lambda v, what: v)


def test_spread_limit_has_no_phh_code():
    assert SpreadLimit.phh_variant is None
    with pytest.raises(InputError, match="PHH has no variant code for spread limit"):
        SpreadLimit(big_blind=2, low=2, high=6).phh_fields()


def test_each_structure_words_its_own_size_errors():
    view = RoundView(
        street=1, current_bet=5, committed=0, last_raise=5, full_bet=5, pot=15, raises=1, players=3
    )
    assert "pot limit, TDA 54" in PotLimit(big_blind=2).wager_error(view, 26, 100, "raise")
    assert PotLimit(big_blind=2).wager_error(view, 25, 100, "raise") is None
    assert "TDA 43" in NoLimit(big_blind=2).wager_error(view, 9, 100, "raise")
    assert NoLimit(big_blind=2).wager_error(view, 9, 9, "raise") is None  # all-in for less
    fixed = FixedLimit(big_blind=5, small_bet=5, big_bet=10)
    assert (
        fixed.wager_error(view, 15, 100, "raise") == "in fixed limit every bet and raise goes to exactly 10"
    )
    assert fixed.wager_error(view, 10, 100, "raise") is None
    spread = SpreadLimit(big_blind=2, low=2, high=6)
    assert "the spread limit allows" in spread.wager_error(view, 6, 100, "raise")
    assert "the spread's highest bet" in spread.wager_error(view, 12, 100, "raise")


def test_only_fixed_limit_has_exact_sizes():
    assert [kind.exact_size for kind in STRUCTURES] == [False, False, True, False]
