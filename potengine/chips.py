"""Chip amounts: whole integers or exact :class:`~decimal.Decimal` values, never floats.

A chip amount is an ``int`` (the usual case: chips are counted) or a ``Decimal`` (a currency in
cents, or the half chips some sites split pots into). ``float`` and ``bool`` are refused, because a
float cannot hold 0.1 exactly and a settlement must add up to the last chip.

>>> check_amount(40, "Alice's contribution")
40
>>> check_amount(Decimal("0.50"), "the small blind")
Decimal('0.50')
>>> check_amount(2.5, "Bilal's contribution")
Traceback (most recent call last):
...
potengine.errors.InputError: Bilal's contribution must be a whole number of chips (int) or an exact Decimal, not the float 2.5
"""

from __future__ import annotations

from decimal import Decimal
from numbers import Integral
from typing import Union

from .errors import InputError

Amount = Union[int, Decimal]
"""A number of chips: an ``int``, or an exact ``Decimal`` where a currency needs it."""


def check_amount(value: object, what: str, *, allow_zero: bool = True) -> Amount:
    """Return ``value`` if it is a valid chip amount, else raise :class:`InputError` naming ``what``.

    >>> check_amount(0, "David's contribution")
    0
    >>> check_amount(-5, "David's contribution")
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: David's contribution must not be negative, got -5
    """
    if isinstance(value, bool) or not isinstance(value, (Integral, Decimal)):
        kind = type(value).__name__
        raise InputError(
            f"{what} must be a whole number of chips (int) or an exact Decimal, "
            f"not the {kind} {value!r}"
        )
    if isinstance(value, Decimal) and not value.is_finite():
        raise InputError(f"{what} must be a finite amount, got {value}")
    if isinstance(value, Integral):
        value = int(value)
    if value < 0:
        raise InputError(f"{what} must not be negative, got {value}")
    if value == 0 and not allow_zero:
        raise InputError(f"{what} must be positive, got {value}")
    return value


def is_multiple(amount: Amount, chip: Amount) -> bool:
    """True when ``amount`` is a whole number of chips of size ``chip``.

    >>> is_multiple(125, 25), is_multiple(130, 25), is_multiple(Decimal("1.5"), Decimal("0.5"))
    (True, False, True)
    """
    return amount % chip == 0


def format_amount(amount: Amount) -> str:
    """Write an amount the way a dealer says it: no trailing noise, thousands kept plain.

    >>> format_amount(120), format_amount(Decimal("12.50")), format_amount(Decimal("3.0"))
    ('120', '12.50', '3')
    """
    if isinstance(amount, Decimal):
        if amount == amount.to_integral_value():
            return str(int(amount))
        return f"{amount}"
    return str(amount)
