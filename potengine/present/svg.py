"""Pictures of a settlement as SVG text, with the standard library only.

The same two panels as :func:`potengine.present.charts.settlement_chart`, drawn from the same
settlement (pots, contributions, refunds, shares, nets) and in the same colours and hatching, but
written as SVG markup so that they can be shown where matplotlib is not available: in the reader's
browser, where the engine runs in Pyodide.

* :func:`contribution_svg`: each player's contribution cut into tiers by pot, folded players'
  chips grey and cross-hatched (dead), returned chips apart with a dashed outline;
* :func:`payout_svg`: what each player received from each pot, the returned chips, a dotted line
  at what he put in and the net above;
* :func:`settlement_svg`: both side by side (one ``<figure>``-free ``<div>``).

Every segment carries its exact amount as text and as a ``<title>`` (a tooltip); the pictures
scale to the width of the page (``viewBox``), so they work on a phone.

>>> from potengine import settle
>>> svg = contribution_svg(settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"]))
>>> svg.startswith("<svg") and "Main pot: 120" in svg and "Side pot 1: 120" in svg
True

Their words are in the page's language (``language``: "en", "nl", "de" or "el"):

>>> "Hauptpot: 120" in contribution_svg(settle({"A": 40, "B": 100, "C": 100}, ["A", "C", "B"]), "de")
True
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable
from html import escape
from typing import TYPE_CHECKING

from ..chips import Amount
from ..chips import format_amount as fmt
from ..i18n import Words, words
from ..pots.layout import Pot, PotLayout
from .words import pot_name, signed

if TYPE_CHECKING:  # pragma: no cover
    from ..pots.settlement import Settlement

# The colours and hatching of potengine.present.charts (tests check that both modules agree).
POT_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
POT_HATCHES = ("", "//", "..", "\\\\", "oo", "++", "--", "**")
DEAD_COLOUR = "#9a9a9a"
DEAD_HATCH = "xx"

_WIDTH, _HEIGHT = 420, 330  # one panel, in SVG user units
_TOP, _BOTTOM, _LEFT, _RIGHT = 40, 250, 44, 10
_ids = itertools.count(1)  # unique pattern ids when several pictures share a page

# Text, axes and outlines are drawn in the page's own ink (``currentColor``: the text colour of
# the page, light in a dark theme), the white behind labels in its paper colour: the pictures
# follow the site's light and dark modes. Alone (a saved file), they are black on white.
_INK = ' fill="currentColor"'
_STYLE = "<style>.pe-paper{fill:var(--pst-color-background,#ffffff)}</style>"


def _hatch_lines(hatch: str, colour: str) -> str:
    """The strokes of one 8×8 hatch tile, following matplotlib's hatch letters."""
    lines = []
    kind = hatch[:1]
    if kind == "/":
        lines = ["M0,8 L8,0", "M-2,2 L2,-2", "M6,10 L10,6"]
    elif kind == "\\":
        lines = ["M0,0 L8,8", "M-2,6 L2,10", "M6,-2 L10,2"]
    elif kind == "x":
        lines = ["M0,8 L8,0", "M0,0 L8,8"]
    elif kind == "-":
        lines = ["M0,4 L8,4"]
    elif kind == "+":
        lines = ["M0,4 L8,4", "M4,0 L4,8"]
    if lines:
        return f'<path d="{" ".join(lines)}" stroke="{colour}" stroke-width="1" fill="none"/>'
    if kind == ".":
        return f'<circle cx="4" cy="4" r="1.1" fill="{colour}"/>'
    if kind == "o":
        return f'<circle cx="4" cy="4" r="2" stroke="{colour}" fill="none"/>'
    if kind == "*":
        return f'<path d="M4,1 L5,7 L1,3 L7,3 L3,7 Z" fill="{colour}"/>'
    return ""


def _pattern(pattern_id: str, face: str, hatch: str) -> str:
    tile = _hatch_lines(hatch, "#000000")
    return (
        f'<pattern id="{pattern_id}" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<rect width="8" height="8" fill="{face}"/>{tile}</pattern>'
    )


def pot_fill(index: int) -> tuple[str, str]:
    """The colour and hatch letters of pot ``index`` (0 = main pot), as in the matplotlib charts.

    >>> pot_fill(0), pot_fill(1)
    (('#0072B2', ''), ('#E69F00', '//'))
    """
    return POT_COLOURS[index % len(POT_COLOURS)], POT_HATCHES[index % len(POT_HATCHES)]


class _Panel:
    """One panel: bars in seat order on a common scale, a title, and a key under the bars."""

    def __init__(
        self, title: str, seats: Iterable[str], folded: Collection[str], scale: float, _: Words
    ) -> None:
        self._ = _
        self.prefix = f"pe{next(_ids)}"
        self.seats = list(seats)
        self.folded = folded
        self.scale = scale or 1.0
        self.parts: list[str] = []
        self.patterns: dict[tuple[str, str], str] = {}
        self.title = title
        self.step = (_WIDTH - _LEFT - _RIGHT) / max(1, len(self.seats))
        self.bar = min(60.0, self.step * 0.62)

    def fill(self, face: str, hatch: str) -> str:
        if not hatch:
            return face
        key = (face, hatch)
        if key not in self.patterns:
            self.patterns[key] = f"{self.prefix}-p{len(self.patterns)}"
        return f"url(#{self.patterns[key]})"

    def y(self, value: float) -> float:
        return _BOTTOM - (_BOTTOM - _TOP) * value / self.scale

    def x(self, seat: int) -> float:
        return _LEFT + self.step * (seat + 0.5)

    def segment(
        self,
        seat: int,
        bottom: float,
        amount: Amount,
        face: str,
        hatch: str,
        *,
        label: str,
        tip: str,
        dashed: bool = False,
    ) -> float:
        """Draw one segment of a bar from ``bottom`` (in chips); return the new top."""
        height = float(amount)
        top_y, bottom_y = self.y(bottom + height), self.y(bottom)
        x = self.x(seat) - self.bar / 2
        style = ' stroke-dasharray="4 3"' if dashed else ""
        fill = "#ffffff" if dashed else self.fill(face, hatch)
        paper = ' class="pe-paper"' if dashed else ""
        self.parts.append(
            f'<rect x="{x:.1f}" y="{top_y:.1f}" width="{self.bar:.1f}" '
            f'height="{max(0.0, bottom_y - top_y):.1f}" fill="{fill}"{paper} stroke="currentColor" '
            f'stroke-width="0.8"{style}><title>{escape(tip)}</title></rect>'
        )
        if bottom_y - top_y >= 14:
            self.text(self.x(seat), (top_y + bottom_y) / 2 + 4, label, box=True)
        return bottom + height

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        bold: bool = False,
        box: bool = False,
        size: int = 11,
        anchor: str = "middle",
    ) -> None:
        weight = ' font-weight="bold"' if bold else ""
        if box:
            width = 6.2 * len(text) + 6
            self.parts.append(
                f'<rect x="{x - width / 2:.1f}" y="{y - 11:.1f}" width="{width:.1f}" height="14" '
                'rx="3" fill="#ffffff" class="pe-paper" fill-opacity="0.85"/>'
            )
        self.parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}"{weight}{_INK}>'
            f"{escape(text)}</text>"
        )

    def line(self, seat: int, value: float) -> None:
        y = self.y(value)
        x = self.x(seat)
        half = self.bar / 2 + 4
        self.parts.append(
            f'<line x1="{x - half:.1f}" y1="{y:.1f}" x2="{x + half:.1f}" y2="{y:.1f}" '
            'stroke="currentColor" stroke-width="2.2" stroke-dasharray="2 2"/>'
        )

    def svg(self, key: list[tuple[str, str, str, bool]]) -> str:
        """The panel as one ``<svg>``; ``key`` holds (label, colour, hatch, dashed) entries."""
        out = [
            (
                f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" '
                f'class="potengine-chart" style="max-width:{_WIDTH}px;width:100%;height:auto">'
            ),
            f"<title>{escape(self.title)}</title>",
            _STYLE,
        ]
        body = list(self.parts)
        # The key: up to three entries a row, under the player names.
        for i, (label, face, hatch, dashed) in enumerate(key):
            col, row = i % 3, i // 3
            x, y = 8 + col * 138, _BOTTOM + 38 + row * 16
            if dashed:
                body.append(
                    f'<rect x="{x}" y="{y - 9}" width="14" height="10" fill="#ffffff" class="pe-paper" '
                    'stroke="currentColor" stroke-dasharray="3 2"/>'
                )
            elif face == "line":
                body.append(
                    f'<line x1="{x}" y1="{y - 4}" x2="{x + 14}" y2="{y - 4}" stroke="currentColor" '
                    'stroke-width="2.2" stroke-dasharray="2 2"/>'
                )
            else:
                body.append(
                    f'<rect x="{x}" y="{y - 9}" width="14" height="10" '
                    f'fill="{self.fill(face, hatch)}" stroke="currentColor" stroke-width="0.8"/>'
                )
            body.append(f'<text x="{x + 18}" y="{y}" font-size="10"{_INK}>{escape(label)}</text>')
        out.append(
            "<defs>"
            + "".join(_pattern(pid, face, hatch) for (face, hatch), pid in self.patterns.items())
            + "</defs>"
        )
        out.append(
            f'<text x="{_WIDTH / 2}" y="18" text-anchor="middle" font-size="13" '
            f'font-weight="bold"{_INK}>{escape(self.title)}</text>'
        )
        out.append(
            f'<line x1="{_LEFT - 6}" y1="{_BOTTOM}" x2="{_WIDTH - _RIGHT}" y2="{_BOTTOM}" '
            'stroke="currentColor"/>'
        )
        _ = self._
        for seat, player in enumerate(self.seats):
            name = player if len(player) <= 12 else player[:11] + "…"
            centre = f"{self.x(seat):.1f}"
            out.append(
                f'<text x="{centre}" y="{_BOTTOM + 14}" text-anchor="middle" font-size="11"{_INK}>'
                f"{escape(name)}</text>"
            )
            if player in self.folded:
                out.append(
                    f'<text x="{centre}" y="{_BOTTOM + 26}" text-anchor="middle" font-size="9" '
                    f'font-style="italic"{_INK}>{escape(_("(folded)"))}</text>'
                )
        out.extend(body)
        out.append("</svg>")
        return "".join(out)


def _layout_of(result: Settlement | PotLayout) -> PotLayout:
    return result if isinstance(result, PotLayout) else result.layout


def _returned(panel: _Panel, seat: int, bottom: float, player: str, refund: Amount) -> float:
    """The dashed segment of a player's uncalled chips on top of his bar (nothing when none)."""
    if not refund:
        return bottom
    _ = panel._
    return panel.segment(
        seat,
        bottom,
        refund,
        "",
        "",
        label=_("back {amount}", amount=fmt(refund)),
        tip=_("{player}: {amount} returned (uncalled)", player=player, amount=fmt(refund)),
        dashed=True,
    )


def _in_pot(pot: Pot, _: Words) -> str:
    """A pot after "in" (a segment's tooltip): ``the main pot``, ``the side pot 1``."""
    if pot.index == 0:
        return _.p("picture, in", "the main pot")
    return _.p("picture, in", "the side pot {number}", number=pot.index)


def _from_pot(pot: Pot, _: Words) -> str:
    """A pot after "from" (a segment's tooltip): ``the main pot``, ``the side pot 1``."""
    if pot.index == 0:
        return _.p("picture, from", "the main pot")
    return _.p("picture, from", "the side pot {number}", number=pot.index)


def _key_from(pot: Pot, _: Words) -> str:
    """A pot in the key of the payouts: ``from main pot``, ``from side pot 1``."""
    if pot.index == 0:
        return _.p("picture key", "from main pot")
    return _.p("picture key", "from side pot {number}", number=pot.index)


def contribution_svg(result: Settlement | PotLayout, language: str = "en") -> str:
    """Stacked bars: each player's contribution cut into tiers by pot (an ``<svg>`` string).

    >>> from potengine import build_pots
    >>> svg = contribution_svg(build_pots({"A": 30, "B": 80, "C": 80, "D": 10}, folded=["D"]))
    >>> "dead (folded)" in svg and svg.count("<rect") > 5
    True
    """
    _ = words(language)
    layout = _layout_of(result)
    scale = float(max(layout.contributions.values(), default=1)) * 1.15
    panel = _Panel(_("Who put in what"), layout.seats, layout.folded, scale, _)
    for seat, player in enumerate(layout.seats):
        dead = player in layout.folded
        bottom: float = 0.0
        for pot in layout.pots:
            chips = pot.contributions.get(player, 0)
            if not chips:
                continue
            face, hatch = (DEAD_COLOUR, DEAD_HATCH) if dead else pot_fill(pot.index)
            tip = _("{player}: {amount} in {pot}", player=player, amount=fmt(chips), pot=_in_pot(pot, _))
            if dead:
                tip += _(" (dead)")
            bottom = panel.segment(seat, bottom, chips, face, hatch, label=fmt(chips), tip=tip)
        bottom = _returned(panel, seat, bottom, player, layout.refunds.get(player, 0))
        panel.text(panel.x(seat), panel.y(bottom) - 4, fmt(layout.contributions[player]), bold=True)
    key = [(f"{pot_name(pot, _)}: {fmt(pot.amount)}", *pot_fill(pot.index), False) for pot in layout.pots]
    if layout.folded:
        key.append((_("dead (folded)"), DEAD_COLOUR, DEAD_HATCH, False))
    if layout.refunds:
        key.append((_("returned (uncalled)"), "", "", True))
    return panel.svg(key)


def payout_svg(result: Settlement, language: str = "en") -> str:
    """Stacked bars: the chips each player received from each pot, plus returned chips.

    >>> from potengine import settle
    >>> svg = payout_svg(settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"]))
    >>> "net +80" in svg, "net −100" in svg
    (True, True)
    """
    values = [*result.payouts.values(), *result.contributions.values(), 1]
    scale = float(max(values)) * 1.18
    _ = words(language)
    panel = _Panel(_("Who received what"), result.seats, result.folded, scale, _)
    for seat, player in enumerate(result.seats):
        bottom: float = 0.0
        for pot in result.pots:
            chips = pot.shares.get(player, 0)
            if chips:
                bottom = panel.segment(
                    seat,
                    bottom,
                    chips,
                    *pot_fill(pot.index),
                    label=fmt(chips),
                    tip=_(
                        "{player}: {amount} from {pot}",
                        player=player,
                        amount=fmt(chips),
                        pot=_from_pot(pot, _),
                    ),
                )
        bottom = _returned(panel, seat, bottom, player, result.refunds.get(player, 0))
        put_in = float(result.contributions[player])
        panel.line(seat, put_in)
        top = max(bottom, put_in)
        panel.text(panel.x(seat), panel.y(top) - 5, _("net {net}", net=signed(result.net[player])), bold=True)
    key = [(_key_from(pot, _), *pot_fill(pot.index), False) for pot in result.pots]
    if result.refunds:
        key.append((_("returned"), "", "", True))
    key.append((_("put in"), "line", "", False))
    return panel.svg(key)


def settlement_svg(result: Settlement, language: str = "en") -> str:
    """Both pictures side by side (they wrap one under the other on a narrow screen).

    >>> from potengine import settle
    >>> html = settlement_svg(settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"]))
    >>> html.count("<svg"), "Who put in what" in html, "Who received what" in html
    (2, True, True)
    """
    return (
        '<div class="potengine-charts" style="display:flex;flex-wrap:wrap;gap:8px">'
        f'<div style="flex:1 1 300px;min-width:0">{contribution_svg(result, language)}</div>'
        f'<div style="flex:1 1 300px;min-width:0">{payout_svg(result, language)}</div>'
        "</div>"
    )
