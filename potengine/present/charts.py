"""Charts of a settlement (matplotlib): where the chips went in, and where they came out.

* :func:`contribution_chart`: each player's contribution cut into tiers by pot; folded players'
  chips hatched grey as dead, returned chips drawn apart with a dashed outline.
* :func:`payout_chart`: what each player received from each pot, the returned chips, the
  contribution as a bracket and the net written above.
* :func:`settlement_chart`: both side by side, one figure.
* :func:`runs_chart`: a hand run more than once, each pot divided by the runs and each run's
  part cut by its winners (the odd chip of the division written on the first run's bar).

Pots are told apart by colour *and* hatching (Okabe–Ito colours, readable by colour-blind readers
and in black and white); every segment carries its amount. A folded player's dead chips keep the
colour of the pot they are in, cross-hatched, so each pot's colour adds up to the amount in its
legend. Charts are deterministic: the same settlement draws the same picture.

Phone width: every figure is at most :data:`FIGURE_WIDTH` inches wide and no text is smaller than
:data:`MIN_FONT` points, so a figure scaled to a 390-pixel phone screen keeps its text at 9 pixels
or more; two panels are stacked, not set side by side. Figures are drawn at :data:`DPI`, sharp
on high-density screens.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from potengine import settle
>>> fig = settlement_chart(settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"]))
>>> [ax.get_title() for ax in fig.axes]
['Who put in what', 'Who received what']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict

import matplotlib.pyplot as plt
from matplotlib.patches import Circle, Ellipse, Patch

from ..chips import Amount
from ..chips import format_amount as fmt
from ..pots.layout import PotLayout
from ..pots.split import odd_chip_order
from .words import signed

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.typing import LineStyleType

    from ..cards.equity import PotEquity, PotEquityResult
    from ..cards.omaha_equity import OmahaEquityResult, OmahaPot
    from ..pots.layout import Pot
    from ..pots.runs import RunPart
    from ..pots.settlement import Settlement

POT_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
POT_HATCHES = ("", "//", "..", "\\\\", "oo", "++", "--", "**")
DEAD_COLOUR = "#9a9a9a"
DEAD_HATCH = "xx"
DEAD_EDGE = "#404040"
FIGURE_WIDTH = 4.6  # inches: scaled to a phone's 358-pixel column, 9 pt stays above 9 px
MIN_FONT = 9  # points: the smallest text any chart writes
DPI = 200  # pixels per inch: sharp on high-density screens (the page scales it down)


class PatchStyle(TypedDict, total=False):
    """Keyword arguments that style a bar or a legend patch (what matplotlib's Patch takes)."""

    facecolor: str
    edgecolor: str
    hatch: str
    linewidth: float
    linestyle: LineStyleType
    alpha: float


class LineStyle(TypedDict):
    """Keyword arguments that style a line (what matplotlib's Line2D takes)."""

    color: str
    linewidth: float
    linestyle: LineStyleType


def pot_style(index: int) -> PatchStyle:
    """Face colour and hatch of pot ``index`` (0 = main pot), cycling for many side pots.

    >>> pot_style(0)["facecolor"], pot_style(1)["hatch"]
    ('#0072B2', '//')
    """
    return {
        "facecolor": POT_COLOURS[index % len(POT_COLOURS)],
        "hatch": POT_HATCHES[index % len(POT_HATCHES)],
        "edgecolor": "black",
        "linewidth": 0.8,
    }


def _label(ax: Axes, x: float, bottom: float, height: float, text: str, scale: float) -> None:
    if height >= 0.07 * scale:  # every argument here is a float: matplotlib draws in floats
        ax.text(
            x,
            bottom + height / 2,
            text,
            ha="center",
            va="center",
            fontsize=MIN_FONT,
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.85},
        )


def _legend(ax: Axes, handles: Sequence[Artist]) -> None:
    """Put the key under the bars, so that it never hides a bar or a label."""
    ax.legend(
        handles=handles,
        fontsize=MIN_FONT,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.2),
        ncol=min(2, len(handles)),
        frameon=False,
    )


def _layout_of(result: Settlement | PotLayout) -> PotLayout:
    return result if isinstance(result, PotLayout) else result.layout


RETURNED_STYLE: PatchStyle = {"facecolor": "white", "edgecolor": "black", "linestyle": "--", "linewidth": 1.0}
PUT_IN_LINE: LineStyle = {"color": "black", "linewidth": 2.2, "linestyle": (0, (1, 1))}
DEAD_STYLE: PatchStyle = {"hatch": DEAD_HATCH, "edgecolor": DEAD_EDGE}


def _stack(
    ax: Axes,
    x: int,
    segments: Iterable[tuple[Amount, PatchStyle]],
    refund: Amount,
    *,
    scale: float,
    gap: float = 0.0,
) -> float:
    """One player's bar: ``segments`` of (amount, style) stacked, then the returned chips apart.

    Bars are drawn in floats (matplotlib's unit) and labelled with the exact amounts; the top of
    the bar is returned.
    """
    bottom = 0.0
    for amount, style in segments:
        if not amount:
            continue
        ax.bar(x, float(amount), bottom=bottom, width=0.62, **style)
        _label(ax, x, bottom, float(amount), fmt(amount), scale)
        bottom += float(amount)
    if refund:
        bottom += gap
        ax.bar(x, float(refund), bottom=bottom, width=0.62, **RETURNED_STYLE)
        _label(ax, x, bottom, float(refund), f"returned {fmt(refund)}", scale)
        bottom += float(refund)
    return bottom


def _received_axes(
    ax: Axes, result: Settlement, seats: Sequence[str], handles: list[Artist], *, title: str, top: float
) -> Axes:
    """Finish a chart of what each player received: the returned chips and the put-in line in the
    legend, the players' names, the axis."""
    if result.refunds:
        handles.append(Patch(**RETURNED_STYLE, label="returned"))
    handles.append(plt.Line2D([], [], **PUT_IN_LINE, label="put in"))
    return _axes(ax, seats, result.folded, ylabel="chips received", title=title, top=top, handles=handles)


def _axes(
    ax: Axes,
    seats: Sequence[str],
    folded: Collection[str],
    *,
    ylabel: str,
    title: str,
    top: float,
    handles: Sequence[Artist],
) -> Axes:
    """Player names under the bars (folded ones marked), labels, title and the key below."""
    ax.set_xticks(range(len(seats)))
    ax.set_xticklabels([p + ("\n(folded)" if p in folded else "") for p in seats])
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, top)
    ax.set_title(title)
    _legend(ax, handles)
    ax.spines[["top", "right"]].set_visible(False)
    return ax


def contribution_chart(result: Settlement | PotLayout, ax: Axes | None = None) -> Axes:
    """Stacked bars: each player's contribution cut into tiers by pot.

    Live players' chips take their pot's colour and hatching; a folded player's chips keep the
    colour of the pot they are in, cross-hatched (dead: they stay in that pot but he cannot win
    them), so the colour of each pot adds up to its amount; returned chips sit on top with a dashed
    outline and no fill, apart from every pot.
    """
    layout = _layout_of(result)
    if ax is None:
        _, ax = plt.subplots(figsize=(FIGURE_WIDTH, 4.2), layout="constrained", dpi=DPI)
    seats = list(layout.seats)
    scale = float(max(layout.contributions.values(), default=1)) or 1.0
    for x, player in enumerate(seats):
        dead = player in layout.folded
        segments: list[tuple[Amount, PatchStyle]] = [
            (pot.contributions.get(player, 0), {**pot_style(pot.index), **(DEAD_STYLE if dead else {})})
            for pot in layout.pots
        ]
        top = _stack(ax, x, segments, layout.refunds.get(player, 0), scale=scale, gap=0.02 * scale)
        ax.text(
            x,
            top + 0.02 * scale,
            fmt(layout.contributions[player]),
            ha="center",
            va="bottom",
            fontsize=MIN_FONT,
            fontweight="bold",
        )
    handles: list[Artist] = [
        Patch(**pot_style(pot.index), label=f"{pot.name}: {fmt(pot.amount)}") for pot in layout.pots
    ]
    if layout.folded:
        dead_key: PatchStyle = {**DEAD_STYLE, "facecolor": "white"}
        handles.append(Patch(**dead_key, label="dead (folded), in its pot"))
    if layout.refunds:
        handles.append(Patch(**RETURNED_STYLE, label="returned (uncalled)"))
    return _axes(
        ax,
        seats,
        layout.folded,
        ylabel="chips put in",
        title="Who put in what",
        top=scale * 1.18,
        handles=handles,
    )


def payout_chart(result: Settlement, ax: Axes | None = None) -> Axes:
    """Stacked bars: the chips each player received from each pot, plus returned chips.

    A bracket marks what the player put in, and the net (received less put in) is written above.
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(FIGURE_WIDTH, 4.2), layout="constrained", dpi=DPI)
    seats = list(result.seats)
    scale = float(max([*result.payouts.values(), *result.contributions.values(), 1]))
    for x, player in enumerate(seats):
        segments = [(pot.shares.get(player, 0), pot_style(pot.index)) for pot in result.pots]
        top = _stack(ax, x, segments, result.refunds.get(player, 0), scale=scale)
        put_in = float(result.contributions[player])
        ax.plot([x - 0.38, x + 0.38], [put_in, put_in], **PUT_IN_LINE)
        ax.text(
            x,
            max(top, put_in) + 0.03 * scale,
            f"net {signed(result.net[player])}",
            ha="center",
            va="bottom",
            fontsize=MIN_FONT,
            fontweight="bold",
        )
    handles: list[Artist] = [
        Patch(**pot_style(pot.index), label=f"from {pot.name.lower()}") for pot in result.pots
    ]
    return _received_axes(ax, result, seats, handles, title="Who received what", top=scale * 1.2)


def settlement_chart(result: Settlement) -> Figure:
    """One figure: :func:`contribution_chart` above :func:`payout_chart`, on the same scale.

    The panels are stacked so that the figure stays legible on a phone.
    """
    fig, (left, right) = plt.subplots(
        2, 1, figsize=(FIGURE_WIDTH, 8.4), sharey=True, layout="constrained", dpi=DPI
    )
    contribution_chart(result, ax=left)
    payout_chart(result, ax=right)
    top = max(left.get_ylim()[1], right.get_ylim()[1])
    left.set_ylim(0, top)
    right.yaxis.set_tick_params(labelleft=True)
    return fig


def equity_chart(result: PotEquityResult | OmahaEquityResult) -> Figure:
    """Two panels for :func:`potengine.pot_equity`: each player's share of each pot, and the chips
    he can expect back from each pot, with what he put in as a dotted line.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from potengine import pot_equity
    >>> fig = equity_chart(pot_equity({"A": 40, "B": 100, "C": 100},
    ...                               {"A": "7s6s", "B": "KdKc", "C": "AsAh"}, board="2c 7d 9h Qs"))
    >>> [ax.get_title() for ax in fig.axes]
    ['Share of each pot', 'Expected chips back']
    """
    pots: Sequence[PotEquity | OmahaPot] = result.pots
    players = list(result.contributions) or sorted({n for p in pots for n in p.chances})
    fig, (left, right) = plt.subplots(2, 1, figsize=(FIGURE_WIDTH, 8.4), layout="constrained", dpi=DPI)
    width = 0.8 / max(1, len(pots))
    for i, pot in enumerate(pots):
        for x, name in enumerate(players):
            if name not in pot.chances:
                continue
            share = float(pot.chances[name].share)
            offset = x + (i - (len(pots) - 1) / 2) * width
            left.bar(offset, share, width, **pot_style(i))
            left.text(offset, share + 0.01, f"{share:.0%}", ha="center", va="bottom", fontsize=MIN_FONT)
    left.set_xticks(range(len(players)), players)
    left.set_ylim(0, 1.1)
    left.set_ylabel("share of the pot (ties split)")
    left.set_title("Share of each pot")
    _legend(
        left, [Patch(**pot_style(i), label=f"{pot.name}: {fmt(pot.amount)}") for i, pot in enumerate(pots)]
    )
    bottoms = [0.0] * len(players)
    for i, pot in enumerate(pots):
        for x, name in enumerate(players):
            chips = float(pot.chances[name].expected) if name in pot.chances else 0.0
            if chips:
                right.bar(x, chips, bottom=bottoms[x], width=0.62, **pot_style(i))
                bottoms[x] += chips
    for x, name in enumerate(players):
        back = float(result.refunds.get(name, 0))
        if back:
            right.bar(x, back, bottom=bottoms[x], width=0.62, **RETURNED_STYLE)
            bottoms[x] += back
        right.text(
            x,
            bottoms[x] + 2,
            f"{bottoms[x]:.1f}",
            ha="center",
            va="bottom",
            fontsize=MIN_FONT,
            fontweight="bold",
        )
        if name in result.contributions:
            put_in = float(result.contributions[name])
            right.plot([x - 0.38, x + 0.38], [put_in, put_in], **PUT_IN_LINE)
    right.set_xticks(range(len(players)), players)
    right.set_ylabel("expected chips")
    right.set_title("Expected chips back")
    handles: list[Artist] = [
        Patch(**pot_style(i), label=f"from {pot.name.lower()}") for i, pot in enumerate(pots)
    ]
    handles.append(plt.Line2D([], [], **PUT_IN_LINE, label="put in"))
    _legend(right, handles)
    right.spines[["top", "right"]].set_visible(False)
    left.spines[["top", "right"]].set_visible(False)
    return fig


def odd_chip_chart(result: Settlement, pot: int = 0, ax: Axes | None = None) -> Axes:
    """The table seen from above for one pot: seats clockwise, the button, the pot's winners and
    the order in which odd chips are handed out (one each, starting left of the button).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from potengine import settle
    >>> r = settle({"A": 50, "B": 50, "C": 1}, ranking=[("A", "B")], folded=["C"], button="C")
    >>> sorted(t.get_text() for t in odd_chip_chart(r).texts if t.get_text().startswith("odd chip "))
    ['odd chip 1st: +1']
    """
    import math

    if ax is None:
        _, ax = plt.subplots(figsize=(FIGURE_WIDTH, 4.2), layout="constrained", dpi=DPI)
    chosen = result.pots[pot]
    seats = list(result.seats)
    order = [p for p in odd_chip_order(seats, result.button) if p in chosen.winners]
    shares = dict(chosen.shares)
    base = min(shares.values()) if shares else 0
    ax.add_patch(Ellipse((0, 0), 2.4, 1.4, facecolor="#e8f0e8", edgecolor="black"))
    ax.text(
        0,
        0.1,
        f"{chosen.name}: {fmt(chosen.awarded)}",
        ha="center",
        va="center",
        fontsize=11,
        fontweight="bold",
        bbox={"facecolor": "white", "edgecolor": "black", "boxstyle": "round"},
    )
    ax.text(
        0, -0.3, "odd chips go clockwise\nfrom the button", ha="center", fontsize=MIN_FONT, style="italic"
    )
    n = len(seats)
    for i, player in enumerate(seats):
        angle = math.pi / 2 - 2 * math.pi * i / n  # seat order runs clockwise
        x, y = 2.0 * math.cos(angle), 1.45 * math.sin(angle)
        winner = player in chosen.winners
        folded = player in result.folded
        face = "#0072B2" if winner else (DEAD_COLOUR if folded else "white")
        ax.add_patch(
            Circle(
                (x, y),
                0.3,
                facecolor=face,
                edgecolor="black",
                hatch=DEAD_HATCH if folded else ("" if winner else ""),
            )
        )
        ax.text(
            x,
            y,
            player,
            ha="center",
            va="center",
            fontsize=MIN_FONT,
            color="white" if winner else "black",
            fontweight="bold" if winner else "normal",
            bbox=None if winner else {"facecolor": "white", "edgecolor": "none", "pad": 1},
        )
        notes = []
        if winner:
            notes.append(f"gets {fmt(shares[player])}")
            if shares[player] > base:
                rank = order.index(player) + 1
                suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank, "th")
                notes.append(f"odd chip {rank}{suffix}: +{fmt(shares[player] - base)}")
        elif folded:
            notes.append("folded")
        above = y > 0.5  # notes go away from the table
        for k, note in enumerate(notes):
            ny = y + 0.4 + 0.2 * (len(notes) - 1 - k) if above else y - 0.4 - 0.2 * k
            ax.text(x, ny, note, ha="center", va="bottom" if above else "top", fontsize=MIN_FONT)
        if player == result.button:
            bx, by = 0.7 * x, 0.7 * y
            ax.add_patch(Circle((bx, by), 0.12, facecolor="white", edgecolor="black", linewidth=1.5))
            ax.text(bx, by, "D", ha="center", va="center", fontsize=MIN_FONT, fontweight="bold")
    ax.set_xlim(-2.7, 2.7)
    ax.set_ylim(-2.3, 2.3)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(f"Who gets the odd chips of the {chosen.name.lower()}")
    return ax


LOW_HALF: PatchStyle = {"hatch": "xx", "alpha": 0.55}
"""How a low half differs from the high half of the same pot: cross-hatched and lighter."""


def _hilo_halves(
    result: Settlement,
) -> Iterator[tuple[Pot, int, tuple[str, ...], Mapping[str, Amount], Mapping[str, Amount]]]:
    """The halves :func:`hilo_chart` draws, pot by pot: ``(pot, run, winners, high shares, low
    shares)``; a pot run more than once gives one entry per run's part (``run`` its number), each
    part with its own high and low halves (:class:`~potengine.pots.runs.RunPart`), a pot dealt
    once (or not run) one entry with ``run`` 0."""
    empty: Mapping[str, Amount] = {}
    for pot in result.pots:
        if pot.runs:
            for part in pot.runs:
                if part.hilo:
                    yield pot, part.run, part.winners, part.high_shares, part.low_shares
                else:
                    yield pot, part.run, part.winners, part.shares, empty
        else:
            high = getattr(pot, "high_shares", pot.shares)
            yield pot, 0, pot.winners, high, getattr(pot, "low_shares", empty)


def hilo_chart(result: Settlement, ax: Axes | None = None) -> Axes:
    """Hi-lo: the chips each player received, pot by pot and half by half (high solid, low
    cross-hatched and lighter, in the pot's colour), what he put in as a dotted line, his net above.
    A quartered low is labelled "low ¼", the halves of a scooped pot "scoop: ...". In a hand run
    more than once each run's part has its own halves (:class:`~potengine.pots.runs.RunPart`),
    drawn and labelled run by run ("run 2", then "low 90").

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from potengine import settle
    >>> r = settle({"A": 30, "B": 100, "C": 100}, ranking=["C", "B", "A"], low_ranking=["A", "B"])
    >>> ax = hilo_chart(r)
    >>> ax.get_title(), sorted(t.get_text() for t in ax.texts if t.get_text().startswith("low"))
    ('Which half of which pot', ['low 45', 'low 70'])
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(FIGURE_WIDTH, 4.8), layout="constrained", dpi=DPI)
    seats = list(result.seats)
    scale = float(max([*result.payouts.values(), *result.contributions.values(), 1]))
    handles: list[Artist] = []
    for pot in result.pots:
        style = pot_style(pot.index)
        handles.append(Patch(**style, label=f"{pot.name}: high half"))
        if getattr(pot, "low_shares", None) or any(part.low_shares for part in pot.runs):
            low_style: PatchStyle = {**style, **LOW_HALF}
            handles.append(Patch(**low_style, label=f"{pot.name}: low half"))
    for x, player in enumerate(seats):
        bottom = 0.0
        for pot, run, winners, high, low in _hilo_halves(result):
            halves: list[tuple[str, Mapping[str, Amount], PatchStyle]] = [
                ("high", high, pot_style(pot.index)),
                ("low", low, {**pot_style(pot.index), **LOW_HALF}),
            ]
            scoop = winners == (player,) and len(pot.eligible) > 1
            for label, shares, style in halves:
                chips = shares.get(player, 0)
                if chips:
                    if label == "low" and len(shares) == 2:
                        label = "low ¼"  # a quartered low: half of a half
                    if scoop:
                        label = f"scoop: {label}"
                    if run:
                        label = f"run {run}\n{label}"  # two lines: as narrow as the bar
                    ax.bar(x, float(chips), bottom=bottom, width=0.62, **style)
                    _label(ax, x, bottom, float(chips), f"{label} {fmt(chips)}", scale)
                    bottom += float(chips)
        refund = result.refunds.get(player, 0)
        if refund:
            ax.bar(x, float(refund), bottom=bottom, width=0.62, **RETURNED_STYLE)
            _label(ax, x, bottom, float(refund), f"returned {fmt(refund)}", scale)
            bottom += float(refund)
        put_in = float(result.contributions[player])
        ax.plot([x - 0.38, x + 0.38], [put_in, put_in], **PUT_IN_LINE)
        ax.text(
            x,
            max(bottom, put_in) + 0.03 * scale,
            f"net {signed(result.net[player])}",
            ha="center",
            va="bottom",
            fontsize=9,
            fontweight="bold",
        )
    return _received_axes(ax, result, seats, handles, title="Which half of which pot", top=scale * 1.2)


def _run_pieces(pot: Pot, part: RunPart | None) -> list[tuple[str, str, Amount, bool]]:
    """The segments of one bar of :func:`runs_chart`: (half, player, chips, low) of one run's
    part, or of a pot paid once (``part`` None)."""
    if part is None:
        return [("", p, c, False) for p, c in pot.shares.items()]
    if not part.hilo:
        return [("", p, c, False) for p, c in part.shares.items()]
    low = "low ¼ " if part.quartered else "low "
    return [("high ", p, c, False) for p, c in part.high_shares.items()] + [
        (low, p, c, True) for p, c in part.low_shares.items()
    ]


def _odd_chips(part: Amount, parts: Sequence[Amount], chip: Amount) -> int:
    """How many chips of the division ``part`` has beyond the smallest part of its pot."""
    return int((part - min(parts)) // chip) if parts else 0


def runs_chart(result: Settlement, ax: Axes | None = None) -> Axes:
    """A hand run more than once: each pot as the engine divided it, one bar per run's part.

    Bars are grouped by pot, in the pot's colour and hatching (as in :func:`contribution_chart`);
    each bar is one run's part, cut by who took its chips and labelled with the player and the
    chips; hi-lo parts are cut into the high half and the low half (cross-hatched and lighter, as
    in :func:`hilo_chart`; "low ¼" when quartered). Above each bar its amount, and the odd chip
    of the division where the part has one ("+1 odd chip"). A pot that only one player can win is
    not run: it is one bar, "paid once". A hand dealt once draws one bar per pot.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from potengine import settle
    >>> r = settle({"A": 50, "B": 50, "C": 1}, folded=["C"], runs=[["A", "B"], ["B", "A"]])
    >>> ax = runs_chart(r)
    >>> [t.get_text() for t in ax.get_xticklabels()], [float(p.get_height()) for p in ax.patches]
    (['Run 1', 'Run 2'], [51.0, 50.0])
    >>> [t.get_text() for t in ax.texts]
    ['A\\n51', '51\\n+1 odd chip', 'B\\n50', '50', 'Main pot: 101']
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(FIGURE_WIDTH, 4.6), layout="constrained", dpi=DPI)
    scale = float(
        max(
            (part.amount if part else pot.awarded for pot in result.pots for part in pot.runs or (None,)),
            default=1,
        )
        or 1
    )
    x = 0.0
    ticks: list[float] = []
    labels: list[str] = []
    groups: list[tuple[float, str]] = []
    handles: list[Artist] = []
    for pot in result.pots:
        first = x
        parts = [part.amount for part in pot.runs]
        for part in pot.runs or (None,):
            bottom = 0.0
            for half, player, chips, low in _run_pieces(pot, part):
                if not chips:
                    continue
                style: PatchStyle = {**pot_style(pot.index), **(LOW_HALF if low else {})}
                ax.bar(x, float(chips), bottom=bottom, width=0.8, **style)
                _label(ax, x, bottom, float(chips), f"{half}{player}\n{fmt(chips)}", scale)
                bottom += float(chips)
            amount = part.amount if part else pot.awarded
            note = fmt(amount)
            odd = _odd_chips(amount, parts, result.chip) if part else 0
            if odd:
                note += f"\n+{odd} odd chip{'s' if odd > 1 else ''}"
            ax.text(x, bottom + 0.02 * scale, note, ha="center", va="bottom", fontsize=MIN_FONT)
            ticks.append(x)
            labels.append(part.name if part else ("paid once" if result.runs else "dealt once"))
            x += 1
        groups.append(((first + x - 1) / 2, f"{pot.name}: {fmt(pot.awarded)}"))
        x += 0.4
    if any(part.hilo and part.low_amount for pot in result.pots for part in pot.runs):
        low_key: PatchStyle = {"facecolor": "white", "edgecolor": "black", "hatch": LOW_HALF["hatch"]}
        handles.append(Patch(**low_key, label="low half"))
    ax.set_xticks(ticks)
    ax.set_xticklabels(labels, fontsize=MIN_FONT)
    ax.set_xlim(-0.7, x - 0.7)  # room at both ends for the pots' names
    for middle, name in groups:
        ax.annotate(
            name,
            xy=(middle, 0),
            xycoords=("data", "axes fraction"),
            xytext=(0, -20),
            textcoords="offset points",
            ha="center",
            va="top",
            fontsize=MIN_FONT,
            fontweight="bold",
        )
    ax.set_ylim(0, scale * 1.22)
    ax.set_ylabel("chips")
    ax.set_title("Each pot divided by the runs, then awarded")
    if handles:  # the pots are named under their bars: the key only says how a low half looks
        _legend(ax, handles)
    ax.spines[["top", "right"]].set_visible(False)
    return ax
