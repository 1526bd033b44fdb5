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


# ----------------------------------------------------------------------------------------------
# Runs: each pot divided by the runs (runs_chart), and hi-lo halves run by run (hilo_chart)
# ----------------------------------------------------------------------------------------------


def _bars(ax):
    """The bars drawn, by their centre: {x: [(height, label-free patch), ...]} in drawing order."""
    bars: dict[float, list] = {}
    for patch in ax.patches:
        bars.setdefault(round(patch.get_x() + patch.get_width() / 2, 6), []).append(patch)
    return [bars[x] for x in sorted(bars)]


def _ex01_twice():
    flop = "Qh 7h 2c"
    return settle(
        {"Alice": 40, "Bilal": 100, "Chloé": 100},
        hands={"Alice": "As Ad", "Bilal": "Kc Kd", "Chloé": "9h 8h"},
        runs=[f"{flop} 4s 3d", f"{flop} Js 5h"],
    )


def test_runs_chart_draws_each_pots_parts_with_their_winners_in_the_pots_look():
    from matplotlib.colors import to_hex

    from potengine.present.charts import pot_style, runs_chart

    twice = _ex01_twice()
    ax = runs_chart(twice)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Run 1", "Run 2"] * 2
    words = texts(ax)
    assert "Main pot: 120" in words and "Side pot 1: 120" in words
    parts = [part for pot in twice.pots for part in pot.runs]
    bars = _bars(ax)
    assert [sum(p.get_height() for p in bar) for bar in bars] == [part.amount for part in parts]
    for bar, pot in zip(bars, [0, 0, 1, 1], strict=True):
        assert {to_hex(p.get_facecolor()) for p in bar} == {pot_style(pot)["facecolor"].lower()}
        assert {p.get_hatch() or "" for p in bar} == {pot_style(pot)["hatch"]}
    # the winners of each part, run by run: Alice, Chloé in the main pot; Bilal, Chloé in the side
    assert [w for w in words if "\n" in w and not w[0].isdigit()] == [
        "Alice\n60",
        "Chloé\n60",
        "Bilal\n60",
        "Chloé\n60",
    ]
    assert ax.get_legend() is None  # no low halves: the pots are named under their bars
    plt.close("all")


def test_runs_chart_shows_the_odd_chip_of_the_division_on_the_first_run():
    from potengine.present.charts import runs_chart

    odd = settle(
        {"David": 5, "Alice": 150, "Bilal": 150},
        folded=["David"],
        button="Bilal",
        runs=[["Bilal", "Alice"], ["Alice", "Bilal"]],
    )
    ax = runs_chart(odd)
    words = texts(ax)
    assert "153\n+1 odd chip" in words and "152" in words and "152\n+1 odd chip" not in words
    assert [sum(p.get_height() for p in bar) for bar in _bars(ax)] == [153, 152]
    assert "Bilal\n153" in words and "Alice\n152" in words
    three = [["A", "B"], ["B", "A"], ["B", "A"]]
    all_first = settle({"A": 100, "B": 100}, runs=three, run_odd_chips="all to run 1")
    assert [w for w in texts(runs_chart(all_first)) if "odd" in w] == ["68\n+2 odd chips"]
    in_order = settle({"A": 100, "B": 100}, runs=three)
    assert [w for w in texts(runs_chart(in_order)) if "odd" in w] == ["67\n+1 odd chip"] * 2
    cents = settle(
        {"SB": Decimal("3.23"), "BB": Decimal("3.23")},
        runs=[["BB", "SB"], ["BB", "SB"]],
        rake=Decimal("0.21"),
        chip=Decimal("0.01"),
    )
    ax = runs_chart(cents)
    assert "3.13\n+1 odd chip" in texts(ax) and "Main pot: 6.25" in texts(ax)  # after the rake
    assert [sum(p.get_height() for p in bar) for bar in _bars(ax)] == [3.13, 3.12]
    plt.close("all")


def test_runs_chart_draws_a_pot_one_player_can_win_once():
    from potengine.present.charts import runs_chart

    right = settle(
        {"Alice": 40, "Bilal": 250, "Chloé": 100},
        folded=["Chloé"],
        runs=[["Alice", "Bilal"], ["Bilal", "Alice"]],
    )
    ax = runs_chart(right)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Run 1", "Run 2", "paid once"]
    assert [sum(p.get_height() for p in bar) for bar in _bars(ax)] == [60, 60, 120]
    assert "Bilal\n120" in texts(ax)
    plt.close("all")


def test_runs_chart_cuts_hilo_parts_high_and_low_with_the_quartered_low_named():
    from potengine.present.charts import LOW_HALF, runs_chart

    hilo = _hilo_twice()
    ax = runs_chart(hilo)
    bars = _bars(ax)
    assert [[p.get_height() for p in bar] for bar in bars] == [[90, 45, 45], [90, 90]]
    lows = [[p.get_hatch() == LOW_HALF["hatch"] for p in bar] for bar in bars]
    assert lows == [[False, True, True], [False, True]]
    labels = [w for w in texts(ax) if "\n" in w and not w[0].isdigit()]
    assert labels == [
        "high Alice\n90",
        "low ¼ Bilal\n45",
        "low ¼ Chloé\n45",
        "high Bilal\n90",
        "low Chloé\n90",
    ]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["low half"]
    plt.close("all")


def _hilo_twice():
    omaha = {"Alice": "Ks Kd 7s 6d", "Bilal": "Ac 2c Qh Qc", "Chloé": "Ad 3d Js Jc"}
    return settle(
        {p: 120 for p in omaha},
        hands=omaha,
        game="omaha-hi-lo",
        runs=["4s 7d Tc 2d 3c", "4s 7d Tc 2h Qs"],
    )


def test_runs_chart_bars_add_up_to_every_part_of_random_hands():
    import random

    from potengine.present.charts import runs_chart

    rng = random.Random(20)
    for _ in range(25):
        names = ["A", "B", "C", "D"][: rng.randint(2, 4)]
        contributions = {p: rng.randint(1, 30) * rng.choice([1, 5]) for p in names}
        folded = [p for p in names[1:] if rng.random() < 0.25]
        live = [p for p in names if p not in folded]
        top = max(contributions[p] for p in live)
        contributions.update({p: min(contributions[p], top) for p in folded})
        runs = []
        for _ in range(rng.randint(2, 3)):
            order = live[:]
            rng.shuffle(order)
            runs.append(order if rng.random() < 0.7 else [tuple(order[:2]), *order[2:]])
        result = settle(contributions, folded=folded, runs=runs)
        ax = runs_chart(result)
        expected = [
            part.amount if part else pot.awarded for pot in result.pots for part in pot.runs or (None,)
        ]
        assert [sum(p.get_height() for p in bar) for bar in _bars(ax)] == expected
        assert sum(p.get_height() for p in ax.patches) == sum(result.winnings.values())
        plt.close(ax.figure)


def test_runs_chart_text_is_readable_on_a_phone():
    from potengine.present.charts import runs_chart

    for result in (_ex01_twice(), _hilo_twice()):
        fig = runs_chart(result).figure
        assert fig.dpi >= 200 and fig.get_figwidth() <= 4.6
        assert min(_phone_px(fig, t) for t in _all_texts(fig)) >= 9
    plt.close("all")


def test_hilo_chart_labels_each_runs_high_and_low_halves():
    """Issue 20: a hi-lo pot run twice has no halves of its own; each run's part has them."""
    from potengine.present.charts import LOW_HALF, hilo_chart

    hilo = _hilo_twice()
    ax = hilo_chart(hilo)
    words = texts(ax)
    assert "high 135" not in words
    assert [w for w in words if w.startswith("run")] == [
        "run 1\nhigh 90",  # Alice
        "run 1\nlow ¼ 45",  # Bilal
        "run 2\nhigh 90",
        "run 1\nlow ¼ 45",  # Chloé
        "run 2\nlow 90",
    ]
    low = [p.get_height() for p in ax.patches if p.get_hatch() == LOW_HALF["hatch"]]
    assert sorted(low) == [45, 45, 90]
    assert "Main pot: low half" in [t.get_text() for t in ax.get_legend().get_texts()]
    ex4 = settle(
        {"Alice": 100, "Bilal": 100},
        runs=[["Alice", "Bilal"], ["Alice", "Bilal"]],
        low_ranking=[["Bilal"], []],
    )
    assert [w for w in texts(hilo_chart(ex4)) if w.startswith("run")] == [
        "run 1\nhigh 50",
        "run 2\nscoop: high 100",  # nobody has a low on run 2: Alice takes the whole part
        "run 1\nlow 50",
    ]
    plt.close("all")


def test_hilo_chart_of_a_hand_dealt_once_is_unchanged():
    from potengine.present.charts import hilo_chart

    r = settle({"A": 30, "B": 100, "C": 100}, ranking=["C", "B", "A"], low_ranking=["A", "B"])
    words = texts(hilo_chart(r))
    assert not [w for w in words if w.startswith("run")]
    assert {"low 45", "low 70"} <= set(words)
    plt.close("all")
