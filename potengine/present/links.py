"""Links from a worked example to the book's live pot calculator, with the example's inputs.

:func:`calculator_query` writes a settlement's inputs (contributions, folds, button, chip and
the showdown ranking) as the calculator's URL query; :func:`calculator_link` wraps it in a link
that a notebook shows as "Open this example in the calculator". The calculator reads the same
fields (:data:`potengine.present.live.FIELDS`), so the link opens the page with the hand settled.

>>> from potengine import settle
>>> result = settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, ranking=["Alice", "Chloé", "Bilal"])
>>> print(calculator_query(result).replace("&", "\\n&"))
players=Alice%3A40%2CBilal%3A100%2CChlo%C3%A9%3A100
&ranking=Alice%3EChlo%C3%A9%3EBilal
&folded=
&button=Chlo%C3%A9
&chip=1
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from ..chips import format_amount as fmt

if TYPE_CHECKING:  # pragma: no cover
    from ..pots.settlement import Settlement

CALCULATOR_PAGE = "../live/calculator.html"
"""The calculator's page, relative to a chapter (each part has its folder beside ``book/live/``)."""


def calculator_fields(result: Settlement) -> dict[str, str]:
    """The calculator's fields for ``result``, as strings, in the order of the form.

    >>> from potengine import settle
    >>> calculator_fields(settle({"A": 20, "B": 20, "C": 5}, ranking=[("A", "B")], folded=["C"]))
    {'players': 'A:20,B:20,C:5', 'ranking': 'A=B', 'folded': 'C', 'button': 'C', 'chip': '1'}
    """
    ranking = ">".join("=".join(tier) for tier in (result.ranking or ()))
    return {
        "players": ",".join(f"{p}:{fmt(c)}" for p, c in result.contributions.items()),
        "ranking": ranking,
        "folded": ",".join(p for p in result.seats if p in result.folded),
        "button": result.button,
        "chip": fmt(result.chip),
    }


def calculator_query(result: Settlement) -> str:
    """The calculator's URL query for ``result`` (URL-encoded, without the leading ``?``)."""
    return urlencode(calculator_fields(result))


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


def calculator_link(result: Settlement, page: str = CALCULATOR_PAGE) -> CalculatorLink:
    """A link that opens the book's calculator with ``result``'s inputs, for the end of an example.

    >>> from potengine import settle
    >>> link = calculator_link(settle({"A": 10, "B": 10}, ranking=["B", "A"]))
    >>> link.url
    '../live/calculator.html?players=A%3A10%2CB%3A10&ranking=B%3EA&folded=&button=B&chip=1'
    >>> "Open this example in the calculator</a>" in link._repr_html_()
    True
    """
    return CalculatorLink(f"{page}?{calculator_query(result)}")
