"""A chart of a hand's pots after every street: how the main pot and the side pots grow (EX-16).

One stacked bar per finished betting round (pre-flop, flop, turn, river): each segment is a pot,
in the colours and hatching of :mod:`potengine.present.charts`, labelled with its amount. A pot that takes
no more chips (a player is all-in at its top) is outlined thick. The legend names the players who
can win each pot at the end.

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

from .charts import pot_style
from ..chips import format_amount as fmt
from ..play.streets import STREET_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..play.hand import Hand


def street_pot_table(hand: Hand) -> list[tuple[str, list[int]]]:
    """The pot amounts after each finished street: ``[(street, [main, side 1, ...]), ...]``.

    >>> from potengine.play.hand import start_hand
    >>> h = start_hand({"A": 30, "B": 500, "C": 500}, button="C", small_blind=5, big_blind=10)
    >>> street_pot_table(h.raise_to("C", 100).all_in("A").call("B").check("B").check("C"))
    [('pre-flop', [90, 140]), ('flop', [90, 140])]
    """
    return [
        (STREET_NAMES[k], [pot.amount for pot in pots])
        for k, pots in enumerate(hand.street_pots[:4])
    ]


def street_pots_chart(hand: Hand, ax: Axes | None = None, title: str = "Pots after every street") -> Axes:
    """Draw the pots after every street of ``hand`` as stacked bars and return the axes."""
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.8))
    snapshots = hand.street_pots[:4]
    labels = [STREET_NAMES[k] for k in range(len(snapshots))]
    top = max((sum(p.amount for p in pots) for pots in snapshots), default=0) or 1
    count = max((len(pots) for pots in snapshots), default=0)
    for x, pots in enumerate(snapshots):
        bottom = 0
        for index, pot in enumerate(pots):
            style = pot_style(index)
            if pot.closed:
                style = dict(style, linewidth=2.2)
            ax.bar(x, pot.amount, bottom=bottom, width=0.6, **style)
            if pot.amount >= 0.06 * top:
                ax.text(x, bottom + pot.amount / 2, fmt(pot.amount), ha="center", va="center",
                        fontsize=9, color="white" if index == 0 else "black",
                        bbox=None if index == 0 else {"facecolor": "white", "edgecolor": "none",
                                                      "pad": 1, "alpha": 0.8})
            bottom += pot.amount
        ax.text(x, bottom + 0.02 * top, fmt(bottom), ha="center", va="bottom", fontsize=9)
    final = snapshots[-1] if snapshots else ()
    handles = []
    for index in range(count):
        name = "Main pot" if index == 0 else f"Side pot {index}"
        who = ", ".join(final[index].eligible) if index < len(final) else ""
        handles.append(Patch(label=f"{name}: {who}", **pot_style(index)))
    if any(pot.closed for pots in snapshots for pot in pots):
        handles.append(Patch(facecolor="white", edgecolor="black", linewidth=2.2,
                             label="thick outline: closed, takes no more chips"))
    if handles:
        ax.legend(handles=handles, loc="upper left", fontsize=8, frameon=False)
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylim(0, top * 1.35)
    ax.set_ylabel("chips in the pots")
    ax.set_title(title)
    ax.spines[["top", "right"]].set_visible(False)
    return ax
