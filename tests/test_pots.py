"""Forming the pots: uncalled bets, tiers at the all-in levels, dead chips, eligibility."""

from decimal import Decimal

import pytest

from potengine import build_pots


def amounts(layout):
    return [pot.amount for pot in layout.pots]


def eligibles(layout):
    return [pot.eligible for pot in layout.pots]


def test_ex01_one_side_pot():
    layout = build_pots({"Alice": 40, "Bilal": 100, "Chloé": 100})
    assert amounts(layout) == [120, 120]
    assert eligibles(layout) == [("Alice", "Bilal", "Chloé"), ("Bilal", "Chloé")]
    assert layout.refunds == {}


def test_ex02_tiers_are_differences_between_levels():
    layout = build_pots({"Alice": 20, "Bilal": 50, "Chloé": 90, "David": 90})
    assert amounts(layout) == [80, 90, 80]
    assert [(p.low, p.high) for p in layout.pots] == [(0, 20), (20, 50), (50, 90)]
    assert [p.formula for p in layout.pots] == ["4 × 20 = 80", "3 × (50 − 20) = 90", "2 × (90 − 50) = 80"]


def test_ex03_uncalled_part_is_returned_not_a_pot():
    layout = build_pots({"Alice": 30, "Bilal": 70, "Chloé": 100})
    assert layout.refunds == {"Chloé": 30}
    assert amounts(layout) == [90, 80]
    assert sum(amounts(layout)) + 30 == layout.total == 200
    assert all(len(pot.eligible) > 1 for pot in layout.pots)


def test_ex04_folded_chips_stay_in_the_pot_they_reached():
    layout = build_pots({"Alice": 30, "Bilal": 80, "Chloé": 80, "David": 10}, folded=["David"])
    main, side = layout.pots
    assert (main.amount, main.eligible, main.dead) == (100, ("Alice", "Bilal", "Chloé"), 10)
    assert (side.amount, side.eligible, side.dead) == (100, ("Bilal", "Chloé"), 0)


def test_ex09_no_pot_above_the_deepest_call():
    # EX-09: A all-in 20, B all-in 50, C calls 50: C's chips above 50 never entered the pot.
    layout = build_pots({"A": 20, "B": 50, "C": 50})
    assert amounts(layout) == [60, 60] and layout.refunds == {}


def test_ex10_dead_chips_of_a_fourth_player_stay_in_the_main_pot():
    layout = build_pots({"A": 20, "B": 50, "C": 50, "D": 20}, folded=["D"])
    assert amounts(layout) == [80, 60]
    assert layout.pots[0].dead == 20 and "D" not in layout.pots[0].eligible


def test_folded_chips_above_an_all_in_level_go_to_the_side_pot():
    layout = build_pots({"A": 30, "B": 100, "C": 100, "D": 60}, folded=["D"])
    main, side = layout.pots
    assert main.contributions["D"] == 30 and side.contributions["D"] == 30
    assert (main.amount, side.amount) == (120, 170)


def test_a_folded_level_does_not_cut_a_pot():
    # D folded at 60 between the all-in level 40 and the top 100: still two pots, not three.
    layout = build_pots({"A": 40, "B": 100, "C": 100, "D": 60}, folded=["D"])
    assert len(layout.pots) == 2
    assert layout.pots[1].eligible == ("B", "C")


def test_only_the_single_largest_contribution_can_be_uncalled():
    assert build_pots({"A": 10, "B": 100, "C": 100}).refunds == {}
    assert build_pots({"A": 10, "B": 60, "C": 100}).refunds == {"C": 40}


def test_uncalled_bet_above_folded_players_only():
    # Everyone folds to a raise: the raiser gets back what nobody matched, wins the rest.
    layout = build_pots({"SB": 5, "BB": 10, "BTN": 30}, folded=["SB", "BB"])
    assert layout.refunds == {"BTN": 20}
    assert amounts(layout) == [25] and layout.pots[0].eligible == ("BTN",)


def test_equal_all_ins_make_one_level():
    layout = build_pots({"A": 50, "B": 50, "C": 120, "D": 120})
    assert amounts(layout) == [200, 140]


def test_players_with_nothing_in_are_in_no_pot():
    layout = build_pots({"A": 0, "B": 50, "C": 50})
    assert amounts(layout) == [100] and layout.pots[0].eligible == ("B", "C")


def test_decimal_amounts_stay_exact():
    layout = build_pots({"A": Decimal("0.40"), "B": Decimal("1.00"), "C": Decimal("1.25")})
    assert layout.refunds == {"C": Decimal("0.25")}
    assert amounts(layout) == [Decimal("1.20"), Decimal("1.20")]
    assert all(isinstance(a, Decimal) for a in amounts(layout))


def test_seat_order_is_kept_in_eligibility():
    layout = build_pots({"Zoë": 100, "Adam": 100, "Mia": 40})
    assert layout.pots[0].eligible == ("Zoë", "Adam", "Mia")
    assert layout.live == ("Zoë", "Adam", "Mia")


def test_layout_is_immutable():
    layout = build_pots({"A": 40, "B": 10})
    with pytest.raises(TypeError, match="does not support item assignment"):
        layout.refunds["A"] = 5
    with pytest.raises(TypeError, match="does not support item assignment"):
        layout.pots[0].contributions["A"] = 0
    assert layout.refunds == {"A": 30}


def test_dead_money_goes_to_the_main_pot_and_is_never_returned():
    # Big-blind ante: BB 10 ante (dead) + 20 blind; everyone folds to the BB's blind.
    layout = build_pots({"SB": 10, "BB": 30, "BTN": 0}, folded=["SB", "BTN"], dead={"BB": 10})
    assert layout.refunds == {"BB": 10}  # the live blind above the SB's 10 comes back
    assert amounts(layout) == [30] and layout.dead == {"BB": 10}
    # The dead part never counts as a bet to be matched: the SB's 20 fully matches the blind.
    layout = build_pots({"SB": 20, "BB": 30, "BTN": 20}, dead={"BB": 10})
    assert layout.refunds == {} and amounts(layout) == [70]


def test_dead_money_with_side_pots_stays_in_the_main_pot():
    layout = build_pots({"A": 15, "B": 60, "C": 60}, dead={"C": 10})
    assert amounts(layout) == [55, 70]  # main 3 × 15 + 10 dead; side 2 × 35
    assert layout.pots[0].contributions == {"A": 15, "B": 15, "C": 25}
