"""Rake: the chips the house withholds from the pots before they are split.

A :class:`Rake` is a policy: either a fixed amount per hand, or a percentage of the pot (an exact
``int``, :class:`~fractions.Fraction` or :class:`~decimal.Decimal` percent, never a float) with an
optional cap, and "no flop, no drop": a hand that ends before the flop is not raked.

:func:`take_rake` decides how much comes out of each pot. The rake is computed once, on the
total of all the pots (returned uncalled bets are not part of any pot and are never raked), and
rounded *down* to a whole chip; the cap applies to the whole hand. It is then spread over the
pots in one of two ways:

* ``"main pot first"`` (the default of :func:`potengine.pots.settlement.settle`, a simple house
  rule): taken from the main pot first; only if the main pot cannot hold it all does the rest
  come from side pot 1, then side pot 2, and so on;
* ``"in proportion"``: each pot pays its share of the rake in proportion to its size, in whole
  chips, the chips left over by rounding going to the pots with the largest remainders (the main
  pot first on a tie). This is what PokerStars' hand histories show in most raked side-pot hands:
  the site rakes every pot it builds, so a side pot's winner pays part of the rake. It is
  measured, not published: the chapter "Was my pot split right?" says what is known and what is
  inferred, and the auditor accepts any split of the site's rake that no pot could not hold.

Each pot is then split between its winners as usual, from what is left in it.

>>> take_rake([120, 120], Rake.percentage(5, cap=10))    # 5 % of 240 = 12, capped at 10
(10, 0)
>>> take_rake([30, 200], 45)                              # a fixed 45 drains the main pot first
(30, 15)
>>> cents = Decimal("0.01")
>>> take_rake([Decimal("2.92"), Decimal("1.78")], Decimal("0.16"), chip=cents, spread="in proportion")
(Decimal('0.10'), Decimal('0.06'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Integral
from typing import Literal

from ..chips import Amount, check_amount, format_amount, is_multiple
from ..errors import InputError, said

Spread = Literal["main pot first", "in proportion"]
"""How a hand's rake is spread over its pots (see :func:`take_rake`)."""

Percent = int | Fraction | Decimal
"""An exact percentage: ``5`` means 5 %, ``Fraction(9, 2)`` or ``Decimal("4.5")`` means 4.5 %."""


def _check_percent(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (Integral, Fraction, Decimal)):
        raise InputError(
            said(
                "a rake percentage must be exact (an int, Fraction or Decimal such as 5 or "
                "Decimal('4.5')), not the {kind} {value}",
                kind=type(value).__name__,
                value=repr(value),
            )
        )
    if isinstance(value, Decimal) and not value.is_finite():
        raise InputError(said("a rake percentage must be finite, got {value}", value=str(value)))
    percent = Fraction(value)
    if not 0 <= percent <= 100:
        raise InputError(said("a rake percentage must lie between 0 and 100, got {value}", value=str(value)))
    return percent


@dataclass(frozen=True)
class Rake:
    """A rake policy: a fixed ``amount``, or ``percent`` of the pot up to ``cap``.

    Build it with :meth:`fixed` or :meth:`percentage`. ``no_flop_no_drop`` (on by default) means a
    hand that ends before the flop pays no rake at all.

    >>> Rake.percentage(5, cap=3).amount_for(100)
    3
    >>> Rake.percentage(5, cap=3).amount_for(100, flop_seen=False)
    0
    >>> Rake.fixed(2).amount_for(1)      # never more than the pot holds
    1
    >>> Rake.fixed(3).amount_for(200, chip=25)   # and only whole chips: 3 rounds down to 0
    0
    """

    percent: Fraction = Fraction(0)
    cap: Amount | None = None
    amount: Amount = 0
    no_flop_no_drop: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "percent", _check_percent(self.percent))
        if self.cap is not None:
            check_amount(self.cap, "the rake cap")
        check_amount(self.amount, "the fixed rake")
        if self.amount and self.percent:
            raise InputError(said("a rake is either a fixed amount or a percentage, not both"))
        if not isinstance(self.no_flop_no_drop, bool):
            raise InputError(said("no_flop_no_drop must be True or False"))

    @classmethod
    def fixed(cls, amount: Amount, *, no_flop_no_drop: bool = True) -> Rake:
        """A fixed rake per hand (e.g. a time or drop charge), at most what the pots hold.

        >>> Rake.fixed(2)
        Rake(percent=Fraction(0, 1), cap=None, amount=2, no_flop_no_drop=True)
        """
        return cls(amount=amount, no_flop_no_drop=no_flop_no_drop)

    @classmethod
    def percentage(cls, percent: Percent, *, cap: Amount | None = None, no_flop_no_drop: bool = True) -> Rake:
        """``percent`` % of the total pot, rounded down to the chip, at most ``cap``.

        >>> rake = Rake.percentage(Decimal("4.5"), cap=Decimal("3.00"))
        >>> rake.amount_for(Decimal("10.05"), chip=Decimal("0.01"))
        Decimal('0.45')
        >>> Rake.percentage(4.5)
        Traceback (most recent call last):
        ...
        potengine.errors.InputError: a rake percentage must be exact (an int, Fraction or Decimal such as
            5 or Decimal('4.5')), not the float 4.5
        """
        # __post_init__ checks the percentage and turns it into a Fraction.
        return cls(percent=percent, cap=cap, no_flop_no_drop=no_flop_no_drop)  # type: ignore[arg-type]

    def amount_for(self, total: Amount, *, flop_seen: bool = True, chip: Amount = 1) -> Amount:
        """The rake this policy withholds from pots totalling ``total`` chips.

        Percentages are computed exactly and rounded down to a multiple of ``chip``; the cap
        and the pot itself are upper limits.

        >>> Rake.percentage(5).amount_for(239)     # 11.95 rounds down to 11
        11
        """
        total = check_amount(total, "the total pot")
        chip = check_amount(chip, "the chip", allow_zero=False)
        if self.no_flop_no_drop and not flop_seen:
            rake: Amount = 0
        elif self.percent:
            chips = int(Fraction(total) * self.percent / 100 / Fraction(chip))  # floor: >= 0
            rake = chips * chip
            if self.cap is not None:
                rake = min(rake, self.cap)
        else:
            rake = self.amount
        rake = min(rake, total)
        rake -= rake % chip  # a house takes whole chips: a cap or fixed amount rounds down
        if isinstance(total, Decimal) and not isinstance(rake, Decimal):
            rake = Decimal(rake)
        return rake


def take_rake(
    pot_amounts: Sequence[Amount],
    rake: Rake | Amount,
    *,
    flop_seen: bool = True,
    chip: Amount = 1,
    spread: Spread = "main pot first",
) -> tuple[Amount, ...]:
    """How much is withheld from each pot: one amount per pot, in the pots' order.

    ``rake`` is a :class:`Rake` policy, applied to the total of the pots, or an amount already
    known (e.g. the "Rake" a hand history reports), which must fit in the pots. ``spread`` says
    how it is shared between the pots: ``"main pot first"``, then the side pots in order, or
    ``"in proportion"`` to each pot's size (PokerStars' practice, see :func:`spread_in_proportion`).

    >>> take_rake([60, 90, 80], Rake.percentage(10))      # 10 % of 230 = 23, all from the main pot
    (23, 0, 0)
    >>> take_rake([Decimal("0.40"), Decimal("0.30")], Decimal("0.50"), chip=Decimal("0.01"))
    (Decimal('0.40'), Decimal('0.10'))
    >>> take_rake([40, 40], Rake.percentage(5), flop_seen=False)   # no flop, no drop
    (0, 0)
    >>> take_rake([40, 40], 81)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: a rake of 81 is more than the pots hold (80)
    """
    amounts = [check_amount(a, "pot {number}", number=i + 1) for i, a in enumerate(pot_amounts)]
    chip = check_amount(chip, "the chip", allow_zero=False)
    total = sum(amounts, start=0)
    if isinstance(rake, Rake):
        withheld = rake.amount_for(total, flop_seen=flop_seen, chip=chip)
    else:
        withheld = check_amount(rake, "the rake")
        if withheld > total:
            raise InputError(
                said(
                    "a rake of {amount} is more than the pots hold ({total})",
                    amount=format_amount(withheld),
                    total=format_amount(total),
                )
            )
        if not is_multiple(withheld, chip):
            raise InputError(
                said(
                    "a rake of {amount} is not a whole number of chips of {chip}",
                    amount=format_amount(withheld),
                    chip=format_amount(chip),
                )
            )
    if spread == "in proportion":
        return spread_in_proportion(amounts, withheld, chip=chip)
    if spread != "main pot first":
        raise InputError(
            said("spread must be 'main pot first' or 'in proportion', not {spread}", spread=repr(spread))
        )
    parts: list[Amount] = []
    left = withheld
    for amount in amounts:
        part = min(left, amount)
        parts.append(part)
        left -= part
    return tuple(parts)


def spread_in_proportion(amounts: Sequence[Amount], rake: Amount, *, chip: Amount = 1) -> tuple[Amount, ...]:
    """Share ``rake`` between pots in proportion to their sizes, in whole chips.

    Each pot first pays the whole chips of its exact share; the chips that rounding leaves over go
    one each to the pots with the largest remainders (the earlier pot first on a tie). The parts
    add up to ``rake`` exactly and no pot pays more than it holds.

    >>> spread_in_proportion([99, 140], 8)          # 3.31 and 4.69: the remainder goes to the larger part
    (3, 5)
    >>> spread_in_proportion([Decimal("0.08"), Decimal("0.12")], Decimal("0.01"), chip=Decimal("0.01"))
    (Decimal('0.00'), Decimal('0.01'))
    """
    total = sum(amounts, start=0)
    # Counted in whole chips: // of two amounts (ints or Decimals, never negative) is exact.
    units = int(rake // chip)
    if not amounts or total == 0 or units == 0:
        return tuple(chip * 0 for _ in amounts)
    if len(amounts) == 1:
        return (chip * units,)
    sizes = [int(a // chip) for a in amounts]
    whole = sum(sizes)
    parts = [units * size // whole for size in sizes]
    left = units - sum(parts)
    order = sorted(range(len(sizes)), key=lambda i: (-(units * sizes[i] % whole), i))
    for i in order[:left]:
        parts[i] += 1
    return tuple(chip * p for p in parts)
