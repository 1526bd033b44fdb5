"""A chart of a hand's pots after every street: how the main pot and the side pots grow (EX-16).

One stacked bar per finished betting round (pre-flop, flop, turn, river): each segment is a pot,
in the colours and hatching of :mod:`potengine.present.charts`, labelled with its amount and the
players who may win it on that street; chips handed back as uncalled sit on top, dashed. A pot
that takes no more chips (a player is all-in at its top) is outlined thick.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from potengine.play.hand import start_hand
>>> h = start_hand({"A": 100, "B": 1000, "C": 1000}, button="C", small_blind=10, big_blind=20)
>>> h = h.call("C").call("A").check("B").bet("A", 80).call("B").call("C")
>>> h = h.bet("B", 100).call("C").bet("B", 300).call("C")
>>> ax = street_pots_chart(h)
>>> ax.get_title(), [t.get_text() for t in ax.get_xticklabels()]
('Pots after every street', ['pre-flop', 'flop', 'turn', 'river'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
from matplotlib.patches import Patch

from ..chips import Amount
from ..chips import format_amount as fmt
from ..play.streets import STREET_NAMES
from .charts import DPI, FIGURE_WIDTH, MIN_FONT, RETURNED_STYLE, pot_style

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..play.hand import Hand


def street_pot_table(hand: Hand) -> list[tuple[str, list[Amount]]]:
    """The pot amounts after each finished street: ``[(street, [main, side 1, ...]), ...]``.

    >>> from potengine.play.hand import start_hand
    >>> h = start_hand({"A": 30, "B": 500, "C": 500}, button="C", small_blind=5, big_blind=10)
    >>> street_pot_table(h.raise_to("C", 100).all_in("A").call("B").check("B").check("C"))
    [('pre-flop', [90, 140]), ('flop', [90, 140])]
    """
    return [(STREET_NAMES[k], [pot.amount for pot in pots]) for k, pots in enumerate(hand.street_pots[:4])]


def street_returns(hand: Hand) -> list[Amount]:
    """The chips handed back as uncalled by the end of each finished street, cumulated.

    Worked out from the record: what went into the middle up to the end of a street, less what
    the pots hold then (EX-15: the small blind's 20 come back on the first street).

    >>> from potengine.play.hand import start_hand
    >>> h = start_hand({"SB": 100, "BB": 80, "Bu": 50}, button="Bu", small_blind=5, big_blind=10)
    >>> street_returns(h.all_in("Bu").all_in("SB").call("BB"))
    [20, 20, 20, 20]
    """
    put_in: list[Amount] = []
    running: Amount = 0
    for street in range(len(hand.street_pots[:4])):
        running += sum(op.added for op in hand.history if op.street == street)
        put_in.append(running)
    return [
        max(0, put_in[min(k, len(put_in) - 1)] - sum(p.amount for p in pots))
        for k, pots in enumerate(hand.street_pots[:4])
    ]


def street_pots_chart(hand: Hand, ax: Axes | None = None, title: str = "Pots after every street") -> Axes:
    """Draw the pots after every street of ``hand`` as stacked bars and return the axes.

    Each segment is a pot, labelled with its amount and the players who may win it *on that
    street* (a player who folds later drops out of the label of the later streets); chips handed
    back as uncalled sit on top with a dashed outline. A pot that takes no more chips is outlined
    thick.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(FIGURE_WIDTH, 4.4), layout="constrained", dpi=DPI)
    snapshots = hand.street_pots[:4]
    labels = [STREET_NAMES[k] for k in range(len(snapshots))]
    returns = street_returns(hand)
    back_to = ", ".join(hand.refunds) if hand.refunds else ""
    # Amounts stay exact for the labels; matplotlib is given floats (it draws in floats).
    top = float(
        max((sum(p.amount for p in pots) + r for pots, r in zip(snapshots, returns, strict=True)), default=0)
        or 1
    )
    count = max((len(pots) for pots in snapshots), default=0)
    for x, pots in enumerate(snapshots):
        bottom: Amount = 0
        for index, pot in enumerate(pots):
            style = pot_style(index)
            if pot.closed:
                style = {**style, "linewidth": 2.2}
            ax.bar(x, float(pot.amount), bottom=float(bottom), width=0.7, **style)
            if pot.amount >= 0.08 * top:
                who = (
                    " ".join(pot.eligible)
                    if len(" ".join(pot.eligible)) <= 12
                    else f"{len(pot.eligible)} players"
                )
                ax.text(
                    x,
                    float(bottom) + float(pot.amount) / 2,
                    f"{fmt(pot.amount)}\n{who}",
                    ha="center",
                    va="center",
                    fontsize=MIN_FONT,
                    linespacing=1.0,
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 1, "alpha": 0.85},
                )
            bottom += pot.amount
        if returns[x]:
            ax.bar(x, float(returns[x]), bottom=float(bottom), width=0.7, **RETURNED_STYLE)
            bottom += returns[x]
        ax.text(
            x,
            float(bottom) + 0.02 * top,
            fmt(bottom - returns[x]),
            ha="center",
            va="bottom",
            fontsize=MIN_FONT,
            fontweight="bold",
        )
    handles = [Patch(label="Main pot" if i == 0 else f"Side pot {i}", **pot_style(i)) for i in range(count)]
    if any(returns):
        handles.append(
            Patch(**RETURNED_STYLE, label=f"returned to {back_to}" if back_to else "returned (uncalled)")
        )
    if any(pot.closed for pots in snapshots for pot in pots):
        handles.append(
            Patch(facecolor="white", edgecolor="black", linewidth=2.2, label="thick outline: closed")
        )
    if handles:
        ax.legend(
            handles=handles,
            loc="upper center",
            bbox_to_anchor=(0.5, -0.12),
            ncol=2,
            fontsize=MIN_FONT,
            frameon=False,
        )
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylim(0, top * 1.15)
    ax.set_ylabel("chips in the pots")
    ax.set_title(title, fontsize=11)
    ax.spines[["top", "right"]].set_visible(False)
    return ax
