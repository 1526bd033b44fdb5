"""Hi-lo settlement: each pot split between the best high and the best qualifying low, rule by
rule, then by properties over random tables; the check, the words, the tables and the chart."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from potengine import explain, settle
from potengine.cards.deck import DECK, parse_cards
from potengine.errors import CardError, InputError
from potengine.pots.hilo import HiLoPot, divide
from potengine.pots.rake import Rake
from potengine.present.tables import settlement_html

THREE = {"Alice": 50, "Bilal": 50, "Chloé": 50}


# --- the rules, one by one -------------------------------------------------------------------


def test_no_qualifying_low_the_high_hand_takes_the_whole_pot():
    r = settle(THREE, ranking=["Alice", "Bilal", "Chloé"], low_ranking=[])
    (pot,) = r.pots
    assert pot.shares == {"Alice": 150} and pot.low_amount == 0 and not pot.divided
    assert pot.scooped_by == "Alice"
    # Same payouts as the plain settlement: with no low, hi-lo is just high.
    assert r.payouts == settle(THREE, ranking=["Alice", "Bilal", "Chloé"]).payouts


def test_a_low_splits_the_pot_in_halves():
    r = settle(THREE, ranking=["Alice", "Bilal", "Chloé"], low_ranking=["Chloé"])
    (pot,) = r.pots
    assert (pot.high_amount, pot.low_amount) == (75, 75)
    assert pot.high_shares == {"Alice": 75} and pot.low_shares == {"Chloé": 75}
    assert r.payouts == {"Alice": 75, "Bilal": 0, "Chloé": 75}


def test_the_odd_chip_of_the_cut_goes_to_the_high_half():
    r = settle(
        {"Alice": 51, "Bilal": 51, "Chloé": 49}, ranking=["Bilal", "Alice", "Chloé"], low_ranking=["Alice"]
    )
    (main, side) = r.pots
    assert main.amount == 147 and (main.high_amount, main.low_amount) == (74, 73)
    assert side.amount == 4 and (side.high_amount, side.low_amount) == (2, 2)
    assert divide(151) == (76, 75) and divide(125, chip=25) == (75, 50)


def test_the_cut_counts_in_chips_of_the_smallest_denomination():
    r = settle({"A": 25, "B": 50, "C": 50}, ranking=["A", "B", "C"], low_ranking=["C"], chip=25)
    main, side = r.pots
    assert main.amount == 75 and (main.high_amount, main.low_amount) == (50, 25)
    assert side.amount == 50 and side.shares == {"B": 25, "C": 25}


def test_a_tied_high_half_splits_with_odd_chips_clockwise_from_the_button():
    r = settle({"A": 51, "B": 51, "C": 51}, ranking=[("A", "C"), "B"], low_ranking=["B"], button="A")
    (pot,) = r.pots
    assert (pot.high_amount, pot.low_amount) == (77, 76)
    assert pot.high_shares == {"A": 38, "C": 39}  # C sits first after B clockwise... B is low
    r2 = settle({"A": 51, "B": 51, "C": 51}, ranking=[("A", "C"), "B"], low_ranking=["B"], button="C")
    assert r2.pots[0].high_shares == {"A": 39, "C": 38}


def test_quartering_a_tied_low_gets_a_quarter_each():
    r = settle(
        {"A": 100, "B": 100, "C": 100, "D": 100}, ranking=["A", "B", "C", "D"], low_ranking=[("A", "B")]
    )
    (pot,) = r.pots
    assert pot.high_shares == {"A": 200} and pot.low_shares == {"A": 100, "B": 100}
    assert pot.quartered == ("A", "B")
    assert r.payouts["A"] == 300 and r.payouts["B"] == 100  # three quarters and one quarter
    assert "quartered" in explain(r) and "(quartered)" in settlement_html(r)


def test_quartered_with_an_odd_chip():
    r = settle({"A": 50, "B": 50, "C": 51}, ranking=["A", "B", "C"], low_ranking=[("B", "C")], button="B")
    assert r.pots[0].low_shares == {"B": 37, "C": 38}  # C is first left of the button


def test_a_scoop_takes_both_halves():
    r = settle(THREE, ranking=["Bilal", "Alice", "Chloé"], low_ranking=["Bilal", "Chloé"])
    (pot,) = r.pots
    assert pot.shares == {"Bilal": 150} and pot.scooped_by == "Bilal" and pot.divided
    assert "Bilal scoops the pot" in explain(r) and "(scoop)" in settlement_html(r)
    assert "scoops it" in str(r.audit())


def test_each_side_pot_is_split_high_low_on_its_own():
    # Alice is all-in short with the best low; Bilal and Chloé play for the side pot.
    r = settle(
        {"Alice": 30, "Bilal": 100, "Chloé": 100},
        ranking=["Chloé", "Bilal", "Alice"],
        low_ranking=["Alice", "Bilal"],
    )
    main, side = r.pots
    assert main.low_shares == {"Alice": 45} and main.high_shares == {"Chloé": 45}
    assert side.low_shares == {"Bilal": 70} and side.high_shares == {"Chloé": 70}
    # The low half of the main pot and of the side pot go to different players.
    assert set(main.low_winners) != set(side.low_winners)
    assert r.payouts == {"Alice": 45, "Bilal": 70, "Chloé": 115}


def test_a_side_pot_with_no_eligible_low_goes_whole_to_high():
    r = settle(
        {"Alice": 30, "Bilal": 100, "Chloé": 100}, ranking=["Chloé", "Bilal", "Alice"], low_ranking=["Alice"]
    )
    main, side = r.pots
    assert main.low_shares == {"Alice": 45}
    assert side.shares == {"Chloé": 140} and not side.divided


def test_uncalled_chips_are_returned_before_any_cut():
    r = settle({"A": 40, "B": 100}, ranking=["B", "A"], low_ranking=["A"])
    assert r.refunds == {"B": 60}
    assert r.pots[0].shares == {"A": 40, "B": 40}


def test_folded_chips_are_in_the_pot_but_win_no_half():
    r = settle({"A": 40, "B": 40, "C": 21}, ranking=["A", "B"], low_ranking=["B"], folded=["C"])
    (pot,) = r.pots
    assert pot.amount == 101 and pot.shares == {"A": 51, "B": 50}


def test_rake_comes_off_before_the_cut():
    r = settle(THREE, ranking=["Alice", "Bilal", "Chloé"], low_ranking=["Bilal"], rake=5)
    (pot,) = r.pots
    assert pot.rake == 5 and (pot.high_amount, pot.low_amount) == (73, 72)
    assert r.audit().ok


def test_rake_policy_is_accepted():
    r = settle(
        THREE, ranking=["Alice", "Bilal", "Chloé"], low_ranking=["Bilal"], rake=Rake.percentage(5, cap=3)
    )
    assert sum(r.payouts.values()) + r.withheld == 150


def test_decimal_amounts():
    r = settle(
        {"A": Decimal("0.51"), "B": Decimal("0.51")},
        ranking=["A", "B"],
        low_ranking=["B"],
        chip=Decimal("0.01"),
    )
    assert r.pots[0].shares == {"A": Decimal("0.51"), "B": Decimal("0.51")}
    r = settle(
        {"A": Decimal("0.51"), "B": Decimal("0.51"), "C": Decimal("0.01")},
        ranking=["A", "B"],
        low_ranking=["B"],
        folded=["C"],
        chip=Decimal("0.01"),
    )
    assert r.pots[0].shares == {"A": Decimal("0.52"), "B": Decimal("0.51")}


def test_stud_hi_lo_settles_from_rankings():
    # Seven-card stud hi-lo has no button: the odd chip rule there is the high card by suit.
    # Settling from rankings, the caller names where odd chips start (``button`` = the seat
    # before the player who receives the first one).
    r = settle({"P1": 35, "P2": 35, "P3": 35}, ranking=[("P1", "P3"), "P2"], low_ranking=["P2"], button="P1")
    assert r.pots[0].high_amount == 53 and r.pots[0].high_shares == {"P1": 26, "P3": 27}
    assert r.low_ranking == (("P2",),)


@pytest.mark.parametrize(
    "low, message",
    [
        (["Eve"], "not seated"),
        (["C"], "folded"),
        (["A", "A"], "twice"),
        ("A", "list of the players"),
        ([3], "player names"),
    ],
)
def test_bad_low_rankings_are_refused_before_any_chip_moves(low, message):
    with pytest.raises(InputError, match=message):
        settle({"A": 10, "B": 10, "C": 5}, ranking=["A", "B"], folded=["C"], low_ranking=low)


# --- with the cards -------------------------------------------------------------------------

HANDS = {"Alice": "As 2s Kd Kc", "Bilal": "Qh Qd 3c 4c", "Chloé": "Ah 2h 9c 9d"}
BOARD = "Qs 5s 8h 3d Jc"


def test_omaha_hi_lo_from_the_cards():
    r = settle({"Alice": 100, "Bilal": 100, "Chloé": 100}, hands=HANDS, board=BOARD, game="omaha-hi-lo")
    # Bilal: three queens (high). Alice and Chloé: 8-5-3-2-A each, a tied low: quartered.
    assert r.ranking[0] == ("Bilal",)
    assert r.low_ranking == (("Alice", "Chloé"),)
    assert r.low_hands["Bilal"] is None and r.low_hands["Alice"].name == "Eight-five low"
    assert r.payouts == {"Alice": 75, "Bilal": 150, "Chloé": 75}
    text = explain(r)
    assert "Eight-five low" in text and "Three of a kind, queens" in text
    assert r.audit().ok
    html = settlement_html(r)
    assert "low: Eight-five low: 8 5 3 2 A" in html and "low: none" in html


def test_omaha_high_only():
    r = settle({"Alice": 100, "Bilal": 100, "Chloé": 100}, hands=HANDS, board=BOARD, game="omaha")
    assert r.payouts == {"Alice": 0, "Bilal": 300, "Chloé": 0} and r.low_ranking is None


def test_holdem_stays_the_default():
    with pytest.raises(CardError, match="exactly 2 cards"):
        settle({"Alice": 100, "Bilal": 100, "Chloé": 100}, hands=HANDS, board=BOARD)


def test_game_and_card_errors():
    with pytest.raises(InputError, match="game must be"):
        settle(THREE, ranking=["Alice", "Bilal", "Chloé"], game="razz")
    with pytest.raises(InputError, match="needs low_ranking"):
        settle(THREE, ranking=["Alice", "Bilal", "Chloé"], game="omaha-hi-lo")
    ranked = settle(THREE, ranking=["Alice", "Bilal", "Chloé"], low_ranking=["Bilal"], game="omaha-hi-lo")
    assert ranked.game == "omaha-hi-lo" and ranked.payouts["Bilal"] == 75
    with pytest.raises(InputError, match="not both"):
        settle(
            {"Alice": 100, "Bilal": 100, "Chloé": 100},
            hands=HANDS,
            board=BOARD,
            game="omaha-hi-lo",
            low_ranking=["Alice"],
        )
    with pytest.raises(CardError, match="5 community cards"):
        settle({"Alice": 100, "Bilal": 100, "Chloé": 100}, hands=HANDS, board="Qs 5s 8h", game="omaha-hi-lo")
    with pytest.raises(InputError, match="no cards for live"):
        settle(
            {"Alice": 100, "Bilal": 100, "Chloé": 100},
            hands={"Alice": HANDS["Alice"]},
            board=BOARD,
            game="omaha",
        )


# --- the check, the words, the table, the chart -------------------------------------------------


def test_the_check_catches_a_wrong_hi_lo_split():
    r = settle(THREE, ranking=["Alice", "Bilal", "Chloé"], low_ranking=["Chloé"])
    assert r.audit().ok
    pot = r.pots[0]
    # The common mistake: the whole pot to the high hand although a low qualifies.
    wrong = replace(r, pots=(replace(pot, shares={"Alice": 150}),))
    report = wrong.audit()
    assert not report.ok and [s.number for s in report.failures] == [5]
    # Splitting the low half to a player who has no low.
    wrong = replace(r, pots=(replace(pot, shares={"Alice": 75, "Bilal": 75}),))
    assert not wrong.audit().ok


def test_the_check_recomputes_side_pots_on_their_own():
    r = settle(
        {"Alice": 30, "Bilal": 100, "Chloé": 100},
        ranking=["Chloé", "Bilal", "Alice"],
        low_ranking=["Alice", "Bilal"],
    )
    step = r.audit().steps[4]
    assert step.ok and "low half 45 to Alice 45" in step.findings[0]
    assert "low half 70 to Bilal 70" in step.findings[1]
    # Paying Alice the side pot's low half too (she is not eligible) fails the check.
    main, side = r.pots
    wrong = replace(r, pots=(main, replace(side, shares={"Chloé": 70, "Alice": 70})))
    assert not wrong.audit().ok


def test_words_tell_the_odd_chip_of_the_cut():
    r = settle({"A": 51, "B": 51, "C": 49}, ranking=["B", "A", "C"], low_ranking=["A"])
    text = explain(r)
    assert "odd chip of the cut goes to the high half" in text
    assert "high half to B: 74; low half to A: 73" in text


def test_table_shows_both_halves():
    r = settle(THREE, ranking=["Alice", "Bilal", "Chloé"], low_ranking=["Chloé"])
    html = settlement_html(r)
    assert "high 75: Alice 75; low 75: Chloé 75" in html


def test_chart_draws_the_hi_lo_payouts():
    import matplotlib.pyplot as plt

    from potengine.present.charts import settlement_chart

    r = settle(
        {"Alice": 30, "Bilal": 100, "Chloé": 100},
        ranking=["Chloé", "Bilal", "Alice"],
        low_ranking=["Alice", "Bilal"],
    )
    fig = settlement_chart(r)
    received = fig.axes[1]
    heights = {}
    for bar in received.patches:
        x = round(bar.get_x() + bar.get_width() / 2)
        heights[x] = heights.get(x, 0) + bar.get_height()
    # The bars of the right-hand chart add up to what each player received.
    assert [round(heights.get(i, 0)) for i in range(3)] == [45, 70, 115]
    plt.close(fig)


# --- properties over random tables ----------------------------------------------------------


@st.composite
def hilo_tables(draw, max_players=8):
    n = draw(st.integers(2, max_players))
    players = [f"P{i}" for i in range(n)]
    chip = draw(st.sampled_from([1, 1, 5, 25]))
    folded = draw(st.lists(st.sampled_from(players), unique=True, max_size=n - 1))
    live = [p for p in players if p not in folded]
    units = {p: draw(st.integers(0, 300)) for p in live}
    if max(units.values()) == 0:
        units[live[0]] = draw(st.integers(1, 300))
    top = max(units.values())
    for p in folded:
        units[p] = draw(st.integers(0, top))
    contributions = {p: units[p] * chip for p in players}
    tier = {p: draw(st.integers(0, 3)) for p in live}
    ranking = [tuple(p for p in live if tier[p] == t) for t in sorted(set(tier.values()))]
    lows = draw(st.lists(st.sampled_from(live), unique=True)) if live else []
    low_tier = {p: draw(st.integers(0, 2)) for p in lows}
    low_ranking = [tuple(p for p in lows if low_tier[p] == t) for t in sorted(set(low_tier.values()))]
    button = draw(st.sampled_from(players))
    return contributions, ranking, low_ranking, folded, button, chip


@given(hilo_tables())
def test_hi_lo_properties(table):
    contributions, ranking, low_ranking, folded, button, chip = table
    r = settle(
        contributions, ranking=ranking, low_ranking=low_ranking, folded=folded, button=button, chip=chip
    )
    total = sum(contributions.values())
    # Chips are conserved.
    assert sum(r.payouts.values()) == total and sum(r.net.values()) == 0
    lows = {p for tier in low_ranking for p in tier}
    high_place = {p: i for i, tier in enumerate(ranking) for p in tier}
    low_place = {p: i for i, tier in enumerate(low_ranking) for p in tier}
    for pot in r.pots:
        assert isinstance(pot, HiLoPot)
        # The halves add up to the pot; the high half has the odd chip, if any.
        assert pot.high_amount + pot.low_amount == pot.amount
        assert sum(pot.shares.values()) == pot.amount
        assert sum(pot.high_shares.values()) == pot.high_amount
        assert sum(pot.low_shares.values()) == pot.low_amount
        # Nobody ineligible wins; the low half only to players holding a low.
        assert set(pot.shares) <= set(pot.eligible)
        assert set(pot.low_shares) <= lows
        eligible_lows = [p for p in pot.eligible if p in lows]
        if len(pot.eligible) > 1 and eligible_lows:
            assert pot.high_amount - pot.low_amount in (0, chip)
            best = min(low_place[p] for p in eligible_lows)
            assert set(pot.low_winners) == {p for p in eligible_lows if low_place[p] == best}
        else:
            # No qualifier: the high hand(s) take the whole pot.
            assert pot.low_amount == 0 and not pot.low_shares
        if len(pot.eligible) > 1:
            best = min(high_place[p] for p in pot.eligible)
            assert set(pot.high_winners) == {p for p in pot.eligible if high_place[p] == best}
        # Within a half, tied winners differ by at most one chip.
        for shares in (pot.high_shares, pot.low_shares):
            if shares:
                assert max(shares.values()) - min(shares.values()) <= chip
    # The independent six-step check agrees.
    assert r.audit().ok


@given(hilo_tables())
def test_no_low_is_the_plain_settlement(table):
    contributions, ranking, _, folded, button, chip = table
    hilo = settle(contributions, ranking=ranking, low_ranking=[], folded=folded, button=button, chip=chip)
    plain = settle(contributions, ranking=ranking, folded=folded, button=button, chip=chip)
    assert hilo.payouts == plain.payouts


# --- from the cards, against PokerKit's evaluators as an independent oracle -----------------


@st.composite
def omaha_deals(draw):
    n = draw(st.integers(2, 4))
    players = [f"P{i}" for i in range(n)]
    order = draw(
        st.one_of(
            st.permutations(range(52)),
            # rich in low cards, so that most deals make lows (and ties in them)
            st.permutations([i for i in range(52) if i // 4 <= 6 or i // 4 == 12]),
        )
    )
    hands = {p: " ".join(str(DECK[i]) for i in order[4 * k : 4 * k + 4]) for k, p in enumerate(players)}
    board = " ".join(str(DECK[i]) for i in order[4 * n : 4 * n + 5])
    contributions = {p: draw(st.integers(1, 60)) for p in players}
    button = draw(st.sampled_from(players))
    return contributions, hands, board, button


def _best(values: dict) -> set:
    top = max(values.values())
    return {p for p, v in values.items() if v == top}


@settings(max_examples=max(20, settings.default.max_examples * 3 // 4))
@given(omaha_deals())
def test_omaha_hi_lo_from_cards_against_pokerkit(deal):
    pokerkit = pytest.importorskip("pokerkit")
    contributions, hands, board, button = deal
    r = settle(contributions, hands=hands, board=board, game="omaha-hi-lo", button=button)
    assert r.audit().ok and sum(r.payouts.values()) == sum(contributions.values())
    codes = {p: "".join(c.code for c in parse_cards(h)) for p, h in hands.items()}
    board_code = "".join(c.code for c in parse_cards(board))
    high = {p: pokerkit.OmahaHoldemHand.from_game(h, board_code) for p, h in codes.items()}
    low = {}
    for p, h in codes.items():
        with contextlib.suppress(ValueError):
            low[p] = pokerkit.OmahaEightOrBetterLowHand.from_game(h, board_code)
    for pot in r.pots:
        if len(pot.eligible) == 1:
            continue
        assert set(pot.high_winners) == _best({p: high[p] for p in pot.eligible})
        lows = {p: low[p] for p in pot.eligible if p in low}
        assert set(pot.low_winners) == (_best(lows) if lows else set())


def test_chart_marks_quartering_and_scoops():
    import matplotlib.pyplot as plt

    from potengine.present.charts import hilo_chart

    quartered = settle({"A": 100, "B": 100, "C": 100}, ranking=["A", "B", "C"], low_ranking=[("A", "B")])
    labels = {t.get_text() for t in hilo_chart(quartered).texts}
    assert {"high 150", "low ¼ 75"} <= labels
    scooped = settle(THREE, ranking=["Bilal", "Alice", "Chloé"], low_ranking=["Bilal"])
    labels = {t.get_text() for t in hilo_chart(scooped).texts}
    assert {"scoop: high 75", "scoop: low 75"} <= labels
    plt.close("all")
