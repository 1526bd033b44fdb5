"""Links from a worked example to the book's live pot calculator, with the example's inputs.

:func:`calculator_query` writes a settlement's inputs (contributions, folds, button, chip and
the showdown ranking; for a hand run twice or three times, each run's ranking or board) as the
calculator's URL query; :func:`calculator_link` wraps it in a link that a notebook shows as
"Open this example in the calculator". The calculator reads the same fields
(:data:`potengine.present.live.FIELDS`), so the link opens the page with the hand settled.

>>> from potengine import settle
>>> result = settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, ranking=["Alice", "Chloé", "Bilal"])
>>> print(calculator_query(result).replace("&", "\\n&"))
players=Alice%3A40%2CBilal%3A100%2CChlo%C3%A9%3A100
&ranking=Alice%3EChlo%C3%A9%3EBilal
&folded=
&button=Chlo%C3%A9
&chip=1

A hand the calculator cannot take (hi-lo, rake or fees, added money, cash-outs, dead money, four
runs) gets no link: an
:class:`~potengine.errors.InputError` says why, rather than a link to a different hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from ..chips import format_amount as fmt
from ..errors import InputError, said

if TYPE_CHECKING:  # pragma: no cover
    from ..cards.deck import Card
    from ..pots.ranking import Tiers
    from ..pots.settlement import Settlement

CALCULATOR_PAGE = "../live/calculator.html"
"""The calculator's page, relative to a chapter (each part has its folder beside ``book/live/``)."""

CALCULATOR_RUNS = 3
"""The most runs the calculator takes (``potengine.present.table_entry.MOST_RUNS``)."""


def _ranking(tiers: Tiers | None) -> str:
    return ">".join("=".join(tier) for tier in (tiers or ()))


def _board(cards: tuple[Card, ...] | None) -> str:
    return " ".join(card.code for card in cards or ())


def _check_fits(result: Settlement, hands: Mapping[str, str] | None, bomb: bool) -> None:
    """Refuse a hand the calculator would settle differently (it has no field for it)."""
    runs = result.runs
    if result.low_ranking is not None or any(run.low_ranking is not None for run in runs):
        raise InputError(said("the calculator settles high hands only: a hi-lo hand has no calculator link"))
    if result.withheld or result.fee_rules:
        raise InputError(
            said(
                "the calculator takes no rake or fees: this hand withholds {withheld}",
                withheld=fmt(result.withheld),
            )
        )
    if result.added_rules:
        raise InputError(said("the calculator takes no money added by the room: this hand has some"))
    if result.side_payments:
        raise InputError(said("the calculator takes no cash-out or insurance: this hand has some"))
    if result.layout.dead:
        raise InputError(said("the calculator takes no dead money: this hand has some"))
    if len(runs) > CALCULATOR_RUNS:
        raise InputError(
            said(
                "the calculator runs a hand at most {most} times, not {count}",
                most=CALCULATOR_RUNS,
                count=len(runs),
            )
        )
    if len(runs) > 2 and result.run_odd_chips != "in run order":
        raise InputError(
            said(
                "the calculator gives the odd chips of the division one each in run order, not "
                "{run_odd_chips}",
                run_odd_chips=repr(result.run_odd_chips),
            )
        )
    if bomb and len(runs) != 2:
        raise InputError(said("a bomb pot deals two boards: bomb=True needs a hand run twice"))
    if hands is not None and result.game != "holdem":
        raise InputError(
            said("the calculator takes hold'em cards only, not {game}: leave hands= out", game=result.game)
        )


def calculator_fields(
    result: Settlement, *, hands: Mapping[str, str] | None = None, bomb: bool = False
) -> dict[str, str]:
    """The calculator's fields for ``result``, as strings, in the order of the form.

    The showdown goes as each run's ranking (``ranking``, then ``ranking2``, ``ranking3`` with
    ``runs``), or, given the players' hole cards in ``hands`` (hold'em), as the cards and each
    run's board (``board``, ``board2``, ...), so that the calculator shows the hands too; the
    cards are checked to settle ``result`` as it was settled. ``bomb`` marks a hand run twice as
    a bomb pot's two boards (the settlement itself does not say).

    >>> from potengine import settle
    >>> calculator_fields(settle({"A": 20, "B": 20, "C": 5}, ranking=[("A", "B")], folded=["C"]))
    {'players': 'A:20,B:20,C:5', 'ranking': 'A=B', 'folded': 'C', 'button': 'C', 'chip': '1'}
    >>> twice = settle({"A": 20, "B": 20}, runs=[["A", "B"], ["B", "A"]])
    >>> calculator_fields(twice, bomb=True)
    {'players': 'A:20,B:20', 'ranking': 'A>B', 'folded': '', 'button': 'B', 'chip': '1',
     'runs': '2', 'bomb': '1', 'ranking2': 'B>A'}
    >>> calculator_fields(settle({"A": 20, "B": 20}, ["A", "B"], rake=1))
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: the calculator takes no rake or fees: this hand withholds 1
    """
    _check_fits(result, hands, bomb)
    runs = result.runs
    rankings = [run.ranking for run in runs] if runs else [result.ranking]
    boards = [run.board for run in runs] if runs else [result.board]
    if hands is not None:
        _check_cards(result, hands, boards)
    fields = {
        "players": ",".join(f"{p}:{fmt(c)}" for p, c in result.contributions.items()),
        "ranking": "" if hands is not None else _ranking(rankings[0]),
        "folded": ",".join(p for p in result.seats if p in result.folded),
        "button": result.button,
        "chip": fmt(result.chip),
    }
    if hands is not None:
        fields["hands"] = ",".join(f"{p}:{' '.join(hands[p].split())}" for p in result.seats if p in hands)
        fields["board"] = _board(boards[0])
    if runs:
        fields["runs"] = str(len(runs))
        if bomb:
            fields["bomb"] = "1"
        for number in range(2, len(runs) + 1):
            fields[f"ranking{number}"] = "" if hands is not None else _ranking(rankings[number - 1])
            if hands is not None:
                fields[f"board{number}"] = _board(boards[number - 1])
    return fields


def _check_cards(result: Settlement, hands: Mapping[str, str], boards: list[tuple[Card, ...] | None]) -> None:
    """The hole cards given for a link must settle ``result`` as it was settled."""
    from ..pots.settlement import settle
    from .exports import settlement_json

    if any(board is None for board in boards):
        raise InputError(said("hands= needs a settlement made from the cards (hands= and a board per run)"))
    texts = [_board(board) for board in boards]
    again = settle(
        dict(result.contributions),
        folded=result.folded,
        button=result.button,
        chip=result.chip,
        hands=dict(hands),
        board=None if result.runs else texts[0],
        runs=texts if result.runs else None,
    )
    if settlement_json(again) != settlement_json(result):
        raise InputError(said("the cards given in hands= do not settle this hand as it was settled"))


def calculator_query(
    result: Settlement, *, hands: Mapping[str, str] | None = None, bomb: bool = False
) -> str:
    """The calculator's URL query for ``result`` (URL-encoded, without the leading ``?``)."""
    return urlencode(calculator_fields(result, hands=hands, bomb=bomb))


class CalculatorLink:
    """A link to the calculator; Jupyter shows it as HTML, plain Python as its URL."""

    def __init__(self, url: str, text: str = "Open this example in the calculator") -> None:
        self.url = url
        self.text = text

    def _repr_html_(self) -> str:
        link = f'<a href="{escape(self.url)}">{escape(self.text)}</a>'
        return f'<p class="potengine-calculator-link">{link}</p>'

    def __repr__(self) -> str:
        return f"{self.text}: {self.url}"


def calculator_link(
    result: Settlement,
    page: str = CALCULATOR_PAGE,
    *,
    hands: Mapping[str, str] | None = None,
    bomb: bool = False,
    text: str = "Open this example in the calculator",
) -> CalculatorLink:
    """A link that opens the book's calculator with ``result``'s inputs, for the end of an example.

    A hand run twice or three times carries its runs (see :func:`calculator_fields` for
    ``hands`` and ``bomb``).

    >>> from potengine import settle
    >>> link = calculator_link(settle({"A": 10, "B": 10}, ranking=["B", "A"]))
    >>> link.url
    '../live/calculator.html?players=A%3A10%2CB%3A10&ranking=B%3EA&folded=&button=B&chip=1'
    >>> "Open this example in the calculator</a>" in link._repr_html_()
    True
    >>> calculator_link(settle({"A": 10, "B": 10}, runs=[["A", "B"], ["B", "A"]])).url
    '../live/calculator.html?players=A%3A10%2CB%3A10&ranking=A%3EB&folded=&button=B&chip=1&runs=2&ranking2=B%3EA'
    """
    return CalculatorLink(f"{page}?{calculator_query(result, hands=hands, bomb=bomb)}", text)
