"""Chip amounts: whole integers or exact :class:`~decimal.Decimal` values, never floats.

A chip amount is an ``int`` (the usual case: chips are counted) or a ``Decimal`` (a currency in
cents, or the half chips some sites split pots into). ``float`` and ``bool`` are refused, because a
float cannot hold 0.1 exactly and a settlement must add up to the last chip.

>>> check_amount(40, "{player}'s contribution", player="Alice")
40
>>> check_amount(Decimal("0.50"), "the small blind")
Decimal('0.50')
>>> check_amount(2.5, "{player}'s contribution", player="Bilal")
Traceback (most recent call last):
...
potengine.errors.InputError: Bilal's contribution must be a whole number of chips (int) or an exact
    Decimal, not the float 2.5
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import ContextDecorator
from decimal import (
    Context,
    Decimal,
    DecimalException,
    DivisionByZero,
    Inexact,
    InvalidOperation,
    Overflow,
    localcontext,
)
from numbers import Integral
from types import TracebackType

from .errors import InputError, Said, said

Amount = int | Decimal
"""A number of chips: an ``int``, or an exact ``Decimal`` where a currency needs it."""

MAX_CHIPS = 10**15
"""No amount may exceed this many chips (no game comes near it)."""
MAX_DECIMAL_PLACES = 6
"""No Decimal amount may have more decimal places than this.

With both bounds an amount has at most 21 digits, so sums over thousands of players stay within
the 28 digits of Python's default Decimal context: every total is exact, in the engine and in a
reader's own code alike."""


EXACT = Context(prec=100, traps=[Inexact, InvalidOperation, DivisionByZero, Overflow])
"""The Decimal context of every computation on amounts: 100 digits, and a trap on any rounding."""


class exact_arithmetic(ContextDecorator):  # noqa: N801 (used like a function: ``with exact_arithmetic():``)
    """Run Decimal arithmetic exactly: ample precision, and an error rather than any rounding.

    Amounts are bounded by :data:`MAX_CHIPS` and :data:`MAX_DECIMAL_PLACES`, so 100 digits always
    suffice; should a result ever need rounding, :class:`InputError` is raised instead of a wrong
    answer. Arithmetic on ``int`` amounts is exact anyway and needs no context: the settlement
    enters this one only when an amount is a Decimal. It also decorates a function. (A class
    rather than a generator: it is entered once per settled hand, and costs a third less so.)

    >>> with exact_arithmetic():
    ...     Decimal(10) ** 40 + Decimal("0.01")
    Decimal('10000000000000000000000000000000000000000.01')
    >>> with exact_arithmetic("the pots"):
    ...     Decimal(1) / 3
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: the pots cannot be computed exactly: Inexact
    """

    def __init__(self, what: str = "the amounts") -> None:
        self._what = what  # a phrase of the catalogues (tools/messages.py finds the literal)

    def _recreate_cm(self) -> exact_arithmetic:
        return type(self)(self._what)  # a decorated function enters a fresh one on every call

    def __enter__(self) -> None:
        self._context = localcontext(EXACT)
        self._context.__enter__()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._context.__exit__(kind, error, trace)
        if isinstance(error, DecimalException):
            raise InputError(
                said(
                    "{what} cannot be computed exactly: {reason}",
                    what=Said(self._what, {}),
                    reason=type(error).__name__,
                )
            ) from None


def check_amount(value: object, what: str, /, *, allow_zero: bool = True, **values: object) -> Amount:
    """Return ``value`` if it is a valid chip amount, else raise :class:`InputError` naming ``what``.

    ``what`` is a phrase of the catalogues, a literal (``tools/messages.py`` finds it) with named
    placeholders that ``values`` fill in, so that the error names the amount in every language;
    it is made into words only when the amount is refused:

    >>> check_amount(0, "{player}'s contribution", player="David")
    0
    >>> check_amount(-5, "{player}'s contribution", player="David")
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: David's contribution must not be negative, got -5
    >>> try:
    ...     check_amount(-5, "{player}'s contribution", player="David")
    ... except InputError as err:
    ...     print(err.in_language("nl"))
    de bijdrage van David mag niet negatief zijn, niet -5
    """
    if type(value) is int and 0 <= value <= MAX_CHIPS and (value or allow_zero):
        return value  # the usual case, checked in one line
    if isinstance(value, bool) or not isinstance(value, (Integral, Decimal)):
        raise InputError(
            said(
                "{what} must be a whole number of chips (int) or an exact Decimal, not the {kind} {value}",
                what=Said(what, values),
                kind=type(value).__name__,
                value=repr(value),
            )
        )
    if isinstance(value, Decimal) and not value.is_finite():
        raise InputError(
            said("{what} must be a finite amount, got {value}", what=Said(what, values), value=str(value))
        )
    amount: Amount = value if isinstance(value, Decimal) else int(value)
    if not -MAX_CHIPS <= amount <= MAX_CHIPS:  # checked first: a huge number cannot even be printed
        raise InputError(
            said("{what} is larger than 10^15 chips; no game holds that many", what=Said(what, values))
        )
    if isinstance(amount, Decimal):
        exponent = amount.as_tuple().exponent
        if isinstance(exponent, int) and exponent < -MAX_DECIMAL_PLACES:
            raise InputError(
                said(
                    "{what} has more than {places} decimal places: {amount}",
                    what=Said(what, values),
                    places=MAX_DECIMAL_PLACES,
                    amount=str(amount),
                )
            )
    if amount < 0:
        raise InputError(
            said("{what} must not be negative, got {amount}", what=Said(what, values), amount=str(amount))
        )
    if amount == 0 and not allow_zero:
        raise InputError(
            said("{what} must be positive, got {amount}", what=Said(what, values), amount=str(amount))
        )
    return amount


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


def sum_formula(parts: Iterable[Amount], low: Amount, high: Amount, total: Amount) -> str:
    """The dealer's sum for the chips put in between two levels, one part per player.

    When every part is the full width ``high - low`` it is written as a product, else as the sum
    of the parts (zero parts left out); ``total`` is written after the equals sign as given.

    >>> sum_formula([50, 50, 50], 30, 80, 150), sum_formula([30, 30, 30, 10], 0, 30, 100)
    ('3 × (80 − 30) = 150', '30+30+30+10 = 100')
    """
    width = high - low
    chips = [part for part in parts if part]
    if chips and all(part == width for part in chips):
        band = format_amount(high) if low == 0 else f"({format_amount(high)} − {format_amount(low)})"
        return f"{len(chips)} × {band} = {format_amount(total)}"
    return "+".join(format_amount(part) for part in chips) + f" = {format_amount(total)}"


MAX_AMOUNT_DIGITS = 30
"""An amount on the command line has at most this many digits before the decimal point."""


def shown(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut short so that a hostile argument cannot flood the one-line error (the
    cut one said, to be said in the error's language).

    >>> shown("Alice"), shown("x" * 50, limit=3)
    ("'Alice'", "'xxx'... (50 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return said("{text}... ({count} characters)", text=repr(text[:limit]), count=len(text))


def parse_amount(text: str, what: str, /, **values: object) -> Amount:
    """A chip amount from the command line: digits, at most one ".", an optional currency sign.

    ``what`` names it, a phrase of the catalogues that ``values`` fill in (as for
    :func:`check_amount`).

    >>> parse_amount("40", "the chip"), parse_amount("$0.50", "the chip")
    (40, Decimal('0.50'))
    >>> parse_amount("9" * 5000, "{player}'s contribution", player="A")
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: A's contribution has more than 30 digits:
    '9999999999999999999999999999999999999999'... (5000 characters)
    """
    cleaned = text.strip().lstrip("$€£")
    if not cleaned or not all(c in "0123456789." for c in cleaned) or cleaned.count(".") > 1:
        raise InputError(
            said(
                "{what} must be a number of chips like 40 or 0.50, got {text}",
                what=Said(what, values),
                text=shown(text),
            )
        )
    whole, _, places = cleaned.partition(".")
    if len(whole) > MAX_AMOUNT_DIGITS:
        raise InputError(
            said(
                "{what} has more than {digits} digits: {text}",
                what=Said(what, values),
                digits=MAX_AMOUNT_DIGITS,
                text=shown(text),
            )
        )
    if len(places) > MAX_DECIMAL_PLACES:
        raise InputError(
            said(
                "{what} has more than {places} decimal places: {amount}",
                what=Said(what, values),
                places=MAX_DECIMAL_PLACES,
                amount=shown(text),
            )
        )
    try:
        value = Decimal(cleaned)
    except InvalidOperation:  # pragma: no cover - filtered above
        raise InputError(
            said("{what} must be a number, got {text}", what=Said(what, values), text=shown(text))
        ) from None
    return int(value) if "." not in cleaned else value
