"""Awarding pots: best eligible hand per pot, ties, odd chips from the button, nets."""

from dataclasses import replace
from decimal import Decimal

import pytest

from potengine import explain, settle
from potengine.pots.settlement import odd_chip_order, split_pot
from potengine.present.tables import layout_html, settlement_html


def test_ex01_payouts_and_nets():
    r = settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, ranking=["Alice", "Chloé", "Bilal"])
    assert r.payouts == {"Alice": 120, "Bilal": 0, "Chloé": 120}
    assert r.net == {"Alice": 80, "Bilal": -100, "Chloé": 20}
    assert [p.winners for p in r.pots] == [("Alice",), ("Chloé",)]


def test_ex02_a_pot_won_and_the_hand_lost():
    r = settle(
        {"Alice": 20, "Bilal": 50, "Chloé": 90, "David": 90}, ranking=["Alice", "Bilal", "David", "Chloé"]
    )
    assert r.payouts == {"Alice": 80, "Bilal": 90, "Chloé": 0, "David": 80}
    assert r.net == {"Alice": 60, "Bilal": 40, "Chloé": -90, "David": -10}


def test_ex03_refund_is_paid_but_not_won():
    r = settle({"Alice": 30, "Bilal": 70, "Chloé": 100}, ranking=["Alice", "Bilal", "Chloé"])
    assert r.refunds == {"Chloé": 30}
    assert r.winnings == {"Alice": 90, "Bilal": 80, "Chloé": 0}
    assert r.payouts == {"Alice": 90, "Bilal": 80, "Chloé": 30}


def test_ex05_a_tie_splits_only_its_own_pot():
    r = settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, ranking=[("Alice", "Bilal"), "Chloé"])
    assert [dict(p.shares) for p in r.pots] == [{"Alice": 60, "Bilal": 60}, {"Bilal": 120}]
    assert r.payouts == {"Alice": 60, "Bilal": 180, "Chloé": 0}
    assert r.net == {"Alice": 20, "Bilal": 80, "Chloé": -100}


def test_ex08_best_hand_wins_half_what_the_second_wins():
    r = settle({"A": 25, "B": 100, "C": 100}, ranking=["A", "B", "C"])
    assert r.payouts == {"A": 75, "B": 150, "C": 0}


def test_ex15_club_dealer_situation():
    # Button all-in 50, SB 100 in total, BB 80 in total; button best, BB worst.
    r = settle({"SB": 100, "BB": 80, "Button": 50}, ranking=["Button", "SB", "BB"], button="Button")
    assert [p.amount for p in r.pots] == [150, 60]
    assert r.refunds == {"SB": 20}
    assert r.winnings == {"SB": 60, "BB": 0, "Button": 150}
    assert r.net == {"SB": -20, "BB": -80, "Button": 100}


def test_ranking_groups_may_be_lists_sets_or_frozensets():
    c = {"A": 10, "B": 10, "C": 10}
    for group in (["A", "B"], {"A", "B"}, frozenset({"A", "B"}), ("B", "A")):
        r = settle(c, ranking=[group, "C"])
        assert r.pots[0].winners == ("A", "B")


def test_odd_chip_goes_first_clockwise_from_the_button():
    # EX-14: 101 between two equal hands: 50 and 51, extra chip to the first left of the button.
    c = {"A": 50, "B": 50, "D": 1}
    assert settle(c, ranking=[("A", "B")], folded=["D"], button="A").payouts == {"A": 50, "B": 51, "D": 0}
    assert settle(c, ranking=[("A", "B")], folded=["D"], button="B").payouts == {"A": 51, "B": 50, "D": 0}
    assert settle(c, ranking=[("A", "B")], folded=["D"], button="D").payouts == {"A": 51, "B": 50, "D": 0}


def test_three_way_split_gives_one_odd_chip_each_not_all_to_one():
    # 200 among three: TDA 20-A gives 67/67/66, never 68/66/66.
    c = {"A": 66, "B": 66, "C": 66, "D": 2}
    r = settle(c, ranking=[("A", "B", "C")], folded=["D"], button="A")
    assert r.pots[0].shares == {"A": 66, "B": 67, "C": 67}


def test_each_pot_has_its_own_odd_chip_among_its_own_winners():
    # Even pots split evenly whatever the button.
    r = settle({"A": 41, "B": 41, "C": 102, "E": 102}, ranking=[("A", "C"), "B", "E"], button="B")
    main = r.pots[0]
    assert main.amount == 164 and main.shares == {"A": 82, "C": 82}
    r = settle({"A": 41, "B": 102, "C": 102, "E": 1}, ranking=[("A", "C"), "B"], folded=["E"], button="B")
    main, side = r.pots
    assert main.amount == 124 and main.shares == {"A": 62, "C": 62}
    # Main pot 164 three ways: 54/55/55, odd chips to B then C (clockwise from the button A);
    # side pot 123 two ways among its own winners B and C: the odd chip to B, first after A.
    r = settle({"A": 41, "B": 102, "C": 102, "E": 42}, ranking=[("A", "B", "C")], folded=["E"], button="A")
    main, side = r.pots
    assert main.amount == 164 and main.shares == {"A": 54, "B": 55, "C": 55}
    assert side.amount == 123 and side.shares == {"B": 62, "C": 61}


def test_odd_chips_are_whole_chips_of_the_smallest_denomination():
    r = settle(
        {"A": 75, "B": 75, "C": 75, "D": 25}, ranking=[("A", "B", "C")], folded=["D"], button="C", chip=25
    )
    assert r.pots[0].shares == {"A": 100, "B": 75, "C": 75}


def test_decimal_half_chips():
    r = settle(
        {"A": Decimal("1.5"), "B": Decimal("1.5"), "C": Decimal("1.5")},
        ranking=[("A", "B"), "C"],
        button="C",
        chip=Decimal("0.5"),
    )
    assert r.pots[0].shares == {"A": Decimal("2.5"), "B": Decimal("2")}


def test_default_button_is_the_last_seat():
    r = settle({"A": 50, "B": 50, "C": 1}, ranking=[("A", "B")], folded=["C"])
    assert r.button == "C" and r.payouts["A"] == 51


def test_everyone_else_folded_needs_no_ranking():
    r = settle({"A": 5, "B": 10, "C": 40}, folded=["A", "B"])
    assert r.refunds == {"C": 30} and r.winnings == {"A": 0, "B": 0, "C": 25}
    assert r.net == {"A": -5, "B": -10, "C": 15}


def test_a_bettor_called_all_in_for_less_who_mucks_still_gets_the_uncalled_part():
    # Regression: this raised "a folded player only folds facing a larger bet". A bets 900, C
    # calls all-in for 500, A mucks at the showdown: the 400 nobody matched go back to A.
    r = settle({"A": 900, "C": 500}, ranking=["C"], folded=["A"])
    assert dict(r.refunds) == {"A": 400}
    assert dict(r.payouts) == {"A": 400, "C": 1000}
    assert dict(r.winnings) == {"A": 0, "C": 1000}
    assert [(pot.amount, pot.eligible) for pot in r.pots] == [(1000, ("C",))]
    assert r.audit().ok


def test_a_folded_bettor_gets_the_uncalled_part_back_in_a_multiway_pot():
    r = settle({"A": 300, "B": 900, "C": 500}, ranking=["A", "C"], folded=["B"], button="A")
    assert dict(r.refunds) == {"B": 400}
    assert [(pot.amount, pot.eligible, pot.winners) for pot in r.pots] == [
        (900, ("A", "C"), ("A",)),
        (400, ("C",), ("C",)),
    ]
    assert dict(r.payouts) == {"A": 900, "B": 400, "C": 400}


def test_a_pot_with_one_eligible_player_is_uncontested():
    r = settle({"A": 40, "B": 100, "C": 100}, ranking=["C", "A"], folded=["B"])
    assert r.pots[1].eligible == ("C",) and r.pots[1].winners == ("C",)


def test_odd_chip_order_wraps_round_the_table():
    assert odd_chip_order(["A", "B", "C"], "C") == ("A", "B", "C")
    assert odd_chip_order(["A", "B", "C"], "A") == ("B", "C", "A")


def test_split_pot_never_gives_a_winner_two_odd_chips():
    shares = split_pot(11, ["A", "B", "C", "D"], order=["D", "C", "B", "A"])
    assert shares == {"A": 2, "B": 3, "C": 3, "D": 3}


def test_result_mappings_list_every_player_in_seat_order():
    r = settle({"Zoë": 100, "Adam": 100, "Mia": 40}, ranking=["Mia", "Adam", "Zoë"])
    for mapping in (r.payouts, r.net, r.winnings):
        assert list(mapping) == ["Zoë", "Adam", "Mia"]


def test_results_are_frozen():
    r = settle({"A": 10, "B": 10}, ranking=["A", "B"])
    with pytest.raises(AttributeError):
        r.button = "A"
    with pytest.raises(TypeError):
        r.payouts["A"] = 0


def test_results_are_frozen_down_to_each_pots_contributions_and_the_nets():
    r = settle({"A": 40, "B": 100, "C": 100, "D": 10}, ranking=["A", "B", "C"], folded=["D"])
    side = r.pots[1]
    with pytest.raises(TypeError):
        side.contributions["B"] = 0
    with pytest.raises(TypeError):
        r.net["A"] = 0
    with pytest.raises(AttributeError):
        r.net = {}


def test_a_pots_contributions_are_each_players_part_between_its_two_levels():
    r = settle({"A": 40, "B": 100, "C": 100, "D": 10}, ranking=["A", "B", "C"], folded=["D"])
    main, side = r.pots
    assert dict(main.contributions) == {"A": 40, "B": 40, "C": 40, "D": 10}
    assert dict(side.contributions) == {"B": 60, "C": 60}
    assert "D" not in side.contributions and len(side.contributions) == 2
    assert side.contributions == {"B": 60, "C": 60} and side.contributions != {"B": 60}
    assert sum(main.contributions.values()) == main.amount
    assert main.formula == "40+40+40+10 = 130"


def test_a_settlements_layout_holds_the_settled_pots():
    r = settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"])
    assert r.layout.pots is r.pots
    assert [pot.winners for pot in r.layout.pots] == [("A",), ("C",)]


def test_nets_are_payouts_less_contributions_and_sum_to_minus_the_rake():
    r = settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"], rake=5)
    assert dict(r.net) == {p: r.payouts[p] - r.contributions[p] for p in r.seats}
    assert sum(r.net.values()) == -5 == -r.withheld


def test_html_tables_show_pots_and_players():
    r = settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, ranking=["Alice", "Chloé", "Bilal"])
    html = settlement_html(r)
    assert "Main pot" in html and "Side pot 1" in html
    assert "2 × (100 − 40) = 120" in html
    assert "−100" in html and "+80" in html
    assert "0x" not in html
    assert "Returned (uncalled): Chloé 30" in layout_html(
        settle({"A": 30, "B": 70, "Chloé": 100}, ranking=["A", "B", "Chloé"]).layout
    )


def test_explain_tells_returns_dead_chips_and_odd_chips():
    text = explain(
        settle({"A": 30, "B": 70, "C": 100, "D": 11}, ranking=[("A", "B"), "C"], folded=["D"], button="A")
    )
    assert "D folded" in text
    assert "the last 30 of C's 100: they go back to C" in text
    assert "of which 11 dead" in text
    assert "odd chip goes to B" in text


def test_audit_passes_on_engine_results_and_fails_on_tampering():
    r = settle({"A": 20, "B": 50, "C": 90, "D": 90}, ranking=["A", "B", "D", "C"])
    assert r.audit().ok
    main, s1, s2 = r.pots
    bad_winner = replace(r, pots=(main, replace(s1, winners=("A",), shares={"A": 90}), s2))
    assert [s.number for s in bad_winner.audit().failures] == [5]
    bad_amount = replace(r, pots=(main, replace(s1, amount=150), s2))
    assert 3 in [s.number for s in bad_amount.audit().failures]
    bad_refund = replace(r, layout=replace(r.layout, refunds={"C": 10}))
    failed = [s.number for s in bad_refund.audit().failures]
    assert 2 in failed and 6 in failed
    bad_eligible = replace(r, pots=(replace(main, eligible=("B", "C", "D")), s1, s2))
    assert 4 in [s.number for s in bad_eligible.audit().failures]
    text = str(bad_winner.audit())
    assert "✗" in text and "1 step(s) fail" in text


def test_audit_recounts_each_pot_beside_the_amount_the_settlement_claims():
    # Regression: step 3 printed the tampered pot's own formula, "3 × (50 − 20) = 150".
    r = settle({"A": 20, "B": 50, "C": 90, "D": 90}, ranking=["A", "B", "D", "C"])
    main, s1, s2 = r.pots
    step = replace(r, pots=(main, replace(s1, amount=150), s2)).audit().steps[2]
    assert not step.ok
    assert "Side pot 1: 3 × (50 − 20) = 90, but the settlement says 150." in step.findings
    assert "Main pot: 4 × 20 = 80." in step.findings
    assert not any("= 150" in finding for finding in step.findings)
    missing = replace(r, pots=(main, s1)).audit().steps[2]
    assert "Side pot 2: 2 × (90 − 50) = 80, a pot missing from the settlement." in missing.findings
    extra = replace(r, pots=(main, s1, s2, replace(s2, index=3, amount=5))).audit().steps[2]
    assert "Side pot 3: 5 in the settlement, a pot the recount does not find." in extra.findings
    assert r.audit().steps[2].findings[1:4] == tuple(f"{pot.name}: {pot.formula}." for pot in r.pots)
