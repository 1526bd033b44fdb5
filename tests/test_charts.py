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
    assert labels == ["Main pot: 100", "Side pot 1: 100", "dead (folded)", "returned (uncalled)"]
    dead = [p for p in ax.patches if p.get_hatch() == "xx"]
    assert len(dead) == 1 and dead[0].get_height() == 10
    plt.close("all")


def test_payout_chart_writes_every_net():
    r = settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"])
    ax = payout_chart(r)
    assert {"net +80", "net −100", "net +20"} <= set(texts(ax))
    plt.close("all")


def test_charts_draw_decimal_amounts_and_label_them_exactly():
    r = settle({"A": Decimal("0.40"), "B": Decimal("1.25"), "C": Decimal("1.00")},
               ranking=["A", "C", "B"], chip=Decimal("0.01"))
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

    result = pot_equity({"A": 40, "B": 100, "C": 100}, {"A": "7s6s", "B": "KdKc", "C": "AsAh"},
                        board="2c 7d 9h Qs")
    fig = equity_chart(result)
    left, right = fig.axes
    assert len(left.patches) == 3 + 2            # A, B, C in the main pot; B, C in the side pot
    totals = sorted(float(t.get_text()) for t in right.texts)
    assert abs(sum(totals) - 240) < 0.2          # every expected chip is drawn
    from potengine.present.tables import pot_equity_html

    html = pot_equity_html(result)
    assert "Equity per pot over 42 boards" in html and html.count("<b>total</b>") == 2
    plt.close(fig)


def test_odd_chip_chart_marks_the_first_winner_left_of_the_button_in_each_pot():
    from potengine.present.charts import odd_chip_chart

    r = settle({"Alice": 25, "Bilal": 62, "Chloé": 62, "David": 28},
               ranking=[("Alice", "Bilal", "Chloé")], folded=["David"], button="David")
    main = [t.get_text() for t in odd_chip_chart(r, pot=0).texts]
    side = [t.get_text() for t in odd_chip_chart(r, pot=1).texts]
    assert main.count("odd chip 1st: +1") == 1 and "gets 34" in main     # Alice, left of David
    assert side.count("odd chip 1st: +1") == 1 and "gets 39" in side     # Bilal: Alice is not in it
    assert "D" in main and "folded" in main
    plt.close("all")
