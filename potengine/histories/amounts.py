"""An amount as a room writes it, made exact: the one rule the text readers share.

A hand played for money has its amounts in whole cents (a ``Decimal``), a hand played in chips
has whole chips (an ``int``); an amount with more digits than any table holds is refused. A
reader strips the room's own marks first (currency signs, thousands separators) and passes the
digits left, with the text as written for the message.

>>> exact_amount("1354.50", "$1,354.50", currency=True), exact_amount("6000", "6,000", currency=False)
(Decimal('1354.50'), 6000)
>>> exact_amount("1.5", "1.5", currency=False)
Traceback (most recent call last):
...
ValueError: amount 1.5 has cents in a game played in chips
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from ..chips import Amount
from ..errors import said

MAX_DIGITS = 15
"""An amount with more digits than this (before the decimal point) is refused, in every room."""

CENT = Decimal("0.01")


def exact_amount(raw: str, text: str, *, currency: bool) -> Amount:
    """``raw`` (digits and at most one decimal point, the room's marks stripped) as an exact
    amount: a ``Decimal`` of whole cents when ``currency``, else whole chips as an ``int``.
    ``text`` is the amount as written, for the message of the ``ValueError`` raised when it is
    too large, not a number, or finer than a cent (a chip): a message said in every language
    (a reader passes it on with :func:`potengine.errors.message_of`).

    >>> exact_amount("0.505", "$0.505", currency=True)
    Traceback (most recent call last):
    ...
    ValueError: amount $0.505 is not a whole number of cents
    >>> try:
    ...     exact_amount("1.5", "1.5", currency=False)
    ... except ValueError as err:
    ...     err.args[0].in_language("de")
    'Betrag 1.5 hat Cent in einem Spiel um Chips'
    """
    if len(raw.split(".")[0]) > MAX_DIGITS or len(raw) > MAX_DIGITS + 6:
        raise ValueError(said("amount {text} is too large", text=text))
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise ValueError(said("cannot read the amount {text}", text=repr(text))) from None
    if currency:
        if value != value.quantize(CENT):
            raise ValueError(said("amount {text} is not a whole number of cents", text=text))
        return value
    if value != value.to_integral_value():
        raise ValueError(said("amount {text} has cents in a game played in chips", text=text))
    return int(value)
