"""Charts: one bar segment per player and pot, labelled with the exact amounts; Decimal works."""

from decimal import Decimal

import matplotlib.pyplot as plt

from potengine import settle
from potengine.present.charts import contribution_chart, payout_chart, settlement_chart


def texts(ax):
    return [t.get_text() for t in ax.texts]


def test_contribution_chart_cuts_each_player_by_pot_and_marks_dead_and_returned_chips():
    r = settle({"A": 30, "B": 80, "C": 100, "D": 10}, ranking=["A", "B", "C"], folded=["D"])
    ax = contribution_chart(r)
    # A: 1 segment, B: 2, C: 2 + returned, D: 1 dead segment
    assert len(ax.patches) == 1 + 2 + 3 + 1
    assert "returned 20" in texts(ax)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["Main pot: 100", "Side pot 1: 100", "dead (folded), in its pot", "returned (uncalled)"]
    dead = [p for p in ax.patches if p.get_hatch() == "xx"]
    assert len(dead) == 1 and dead[0].get_height() == 10
    plt.close("all")


def test_dead_chips_take_the_colour_of_their_pot_so_each_colour_adds_up_to_its_legend():
    """EX-04: the legend says "Main pot: 100"; the main pot's colour must add up to 100."""
    from matplotlib.colors import to_hex

    from potengine.present.charts import pot_style

    r = settle(
        {"Alice": 30, "Bilal": 80, "Chloé": 80, "David": 10},
        ranking=["Alice", "Chloé", "Bilal"],
        folded=["David"],
    )
    ax = contribution_chart(r)
    for pot in r.pots:
        colour = pot_style(pot.index)["facecolor"]
        drawn = sum(p.get_height() for p in ax.patches if to_hex(p.get_facecolor()) == colour.lower())
        assert drawn == pot.amount, (pot.name, drawn)
    plt.close("all")


def _phone_px(fig, text) -> float:
    """On-screen pixels of ``text`` when ``fig`` is scaled to a 390-pixel phone (358 px column)."""
    return text.get_fontsize() * (96 / 72) * 358 / (fig.get_figwidth() * 96)


def _all_texts(fig):
    return [
        t
        for t in fig.findobj(lambda a: hasattr(a, "get_fontsize") and hasattr(a, "get_text"))
        if t.get_text().strip()
    ]


def test_no_chart_text_is_below_9_pixels_at_phone_width():
    from potengine import pot_equity
    from potengine.play.hand import start_hand
    from potengine.present.charts import equity_chart, odd_chip_chart
    from potengine.present.hand_charts import street_pots_chart

    r = settle({"A": 30, "B": 80, "C": 100, "D": 10}, ranking=["A", "B", "C"], folded=["D"])
    tie = settle({"A": 25, "B": 62, "C": 62, "D": 28}, ranking=[("A", "B", "C")], folded=["D"], button="D")
    h = start_hand({"A": 60, "B": 150, "C": 400}, button="C", small_blind=5, big_blind=10)
    h = h.raise_to("C", 40).call("A").call("B").all_in("A").call("B").call("C")
    figures = [
        settlement_chart(r),
        equity_chart(
            pot_equity(
                {"A": 40, "B": 100, "C": 100}, {"A": "7s6s", "B": "KdKc", "C": "AsAh"}, board="2c 7d 9h Qs"
            )
        ),
        contribution_chart(r).figure,
        payout_chart(r).figure,
        odd_chip_chart(tie).figure,
        street_pots_chart(h).figure,
    ]
    for fig in figures:
        assert fig.dpi >= 200  # sharp on high-density screens
        texts = _all_texts(fig)
        assert texts
        smallest = min(_phone_px(fig, t) for t in texts)
        assert smallest >= 9, f"{fig.axes[0].get_title()!r}: text of {smallest:.1f} px on a phone"
    plt.close("all")


def test_street_chart_shows_returned_chips_and_who_may_win_on_each_street():
    """EX-15 and EX-16: the returned chips are drawn, and a folded player leaves the labels."""
    from potengine.play.hand import start_hand
    from potengine.present.hand_charts import street_pots_chart, street_returns

    ex15 = (
        start_hand({"SB": 100, "BB": 80, "Button": 50}, button="Button", small_blind=5, big_blind=10)
        .all_in("Button")
        .all_in("SB")
        .call("BB")
    )
    assert street_returns(ex15)[0] == 20
    ax = street_pots_chart(ex15)
    assert any(p.get_linestyle() == "--" and p.get_height() == 20 for p in ax.patches)
    assert "returned to SB" in [t.get_text() for t in ax.get_legend().get_texts()]
    ex16 = start_hand({"A": 60, "B": 150, "C": 400, "D": 400}, button="D", small_blind=5, big_blind=10)
    ex16 = ex16.raise_to("C", 40).call("D").call("A").call("B")
    ex16 = ex16.bet("A", 20).raise_to("B", 80).call("C").call("D")
    ex16 = ex16.bet("B", 30).call("C").call("D").bet("C", 100).fold("D")
    labels = texts(street_pots_chart(ex16))
    assert "240\nA B C D" in labels and "240\nA B C" in labels  # D folds on the river
    assert street_returns(ex16) == [0, 0, 0, 100]
    plt.close("all")


def test_payout_chart_writes_every_net():
    r = settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"])
    ax = payout_chart(r)
    assert {"net +80", "net −100", "net +20"} <= set(texts(ax))
    plt.close("all")


def test_charts_draw_decimal_amounts_and_label_them_exactly():
    r = settle(
        {"A": Decimal("0.40"), "B": Decimal("1.25"), "C": Decimal("1.00")},
        ranking=["A", "C", "B"],
        chip=Decimal("0.01"),
    )
    fig = settlement_chart(r)
    left, right = fig.axes
    assert "returned 0.25" in texts(left) and "net +0.80" in texts(right)
    plt.close(fig)


def test_pots_differ_by_hatch_as_well_as_colour():
    r = settle({"A": 10, "B": 20, "C": 30, "D": 30}, ranking=["A", "B", "C", "D"])
    ax = contribution_chart(r)
    hatches = {p.get_hatch() or "" for p in ax.patches}
    assert len(hatches) == 3
    plt.close("all")


def test_equity_chart_and_table_show_each_pot():
    from potengine import pot_equity
    from potengine.present.charts import equity_chart

    result = pot_equity(
        {"A": 40, "B": 100, "C": 100}, {"A": "7s6s", "B": "KdKc", "C": "AsAh"}, board="2c 7d 9h Qs"
    )
    fig = equity_chart(result)
    left, right = fig.axes
    assert len(left.patches) == 3 + 2  # A, B, C in the main pot; B, C in the side pot
    totals = sorted(float(t.get_text()) for t in right.texts)
    assert abs(sum(totals) - 240) < 0.2  # every expected chip is drawn
    from potengine.present.tables import pot_equity_html

    html = pot_equity_html(result)
    assert "Equity per pot over 42 boards" in html and html.count("<b>total</b>") == 2
    plt.close(fig)


def test_odd_chip_chart_marks_the_first_winner_left_of_the_button_in_each_pot():
    from potengine.present.charts import odd_chip_chart

    r = settle(
        {"Alice": 25, "Bilal": 62, "Chloé": 62, "David": 28},
        ranking=[("Alice", "Bilal", "Chloé")],
        folded=["David"],
        button="David",
    )
    main = [t.get_text() for t in odd_chip_chart(r, pot=0).texts]
    side = [t.get_text() for t in odd_chip_chart(r, pot=1).texts]
    assert main.count("odd chip 1st: +1") == 1 and "gets 34" in main  # Alice, left of David
    assert side.count("odd chip 1st: +1") == 1 and "gets 39" in side  # Bilal: Alice is not in it
    assert "D" in main and "folded" in main
    plt.close("all")
