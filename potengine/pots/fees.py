"""Fees that are not rake, and money the room adds to a pot.

Rooms withhold more than rake. GGPoker's summary line names a jackpot, a bingo, a fortune and a
tax fee beside the rake, and its "Total pot" is gross: what the winners collect plus the rake plus
every fee (``Total pot $5.08 | Rake $0.15 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0``, the
winner collecting $4.86). WPN writes ``Pot: 37.05. Rake 1.71. JP fee 0.24``. Live rooms take a
bad-beat drop. Rooms also put money *into* a pot: GGPoker's ``Cash Drop to Pot : total $0.2``
(counted in that hand's total pot) and Winamax's splash pots.

The rules the engine applies, in this order, on the pots as they are formed:

1. **Added money** (:class:`Added`: a cash drop, a splash) goes into the pot it names, the main pot
   unless told otherwise, before anything is withheld: its eligible players can win it, and a rake
   percentage is computed on the pot with it (GGPoker: a $0.50 drop into a $0.12 pot, total $0.62,
   raked $0.03, 5 % of the whole).
2. **Rake** is withheld (:mod:`potengine.pots.rake`).
3. **Fees** (:class:`Fee`) are withheld from what the rake leaves. A fee is either

   * *per hand* (the default): one amount for the hand, spread over the pots like the rake:
     ``"main pot first"`` (the main pot pays all it can, then side pot 1, …) or
     ``"in proportion"`` to what each pot still holds; or
   * *per pot*: the amount from every pot (``per="pot"``), or from the one pot it names
     (``pot="Side pot 1"``).

   GGPoker and WPN print one jackpot fee per hand and never say which pot paid it; the engine's
   default (main pot first) is a house rule, like its default for the rake, and either rule can be
   chosen per fee.
4. What is left in each pot is divided: by the runs when the hand is run more than once
   (:mod:`potengine.pots.runs`), then between the winners.

Chips are conserved: paid + returned + rake + fees = put in + added.

>>> pots = [{"amount": 100, "rake": 0}, {"amount": 40, "rake": 0}]
>>> withheld = withhold(pots, fees=(Fee("jackpot", 3),), added=(Added("cash drop", 20),))
>>> [pot["amount"] for pot in pots], withheld
([120, 40], ([{'cash drop': 20}, {}], [{'jackpot': 3}, {}]))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..chips import Amount, check_amount, format_amount, is_multiple
from ..errors import InputError, Said, joined, said
from .layout import pot_name, pot_said
from .rake import Spread, spread_in_proportion, take_rake

Per = Literal["hand", "pot"]
"""Whether a fee is one amount for the hand or an amount from each pot (see :class:`Fee`)."""

SPREADS: tuple[Spread, ...] = ("main pot first", "in proportion")


def _check_name(name: object, what: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InputError(
            said("{what} needs a name such as 'jackpot', got {name}", what=Said(what, {}), name=repr(name))
        )
    return name.strip()


@dataclass(frozen=True)
class Fee:
    """A named fee the room withholds from the pots beside the rake (jackpot, bad-beat drop, …).

    ``per="hand"`` (the default): ``amount`` once for the hand, spread over the pots by ``spread``
    (``"main pot first"`` or ``"in proportion"``). ``per="pot"``: ``amount`` from every pot, or,
    with ``pot=`` (a pot's name, e.g. ``"Side pot 1"``), from that pot alone.

    >>> Fee("jackpot", 7)
    Fee(name='jackpot', amount=7, per='hand', spread='main pot first', pot=None)
    >>> Fee("bad-beat drop", 1, per="pot").per, Fee("JP fee", 1, pot="Side pot 1").per
    ('pot', 'pot')
    >>> Fee("jackpot", -1)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: the jackpot fee must not be negative, got -1
    """

    name: str
    amount: Amount
    per: Per = "hand"
    spread: Spread = "main pot first"
    pot: str | None = None

    def __post_init__(self) -> None:
        name = _check_name(self.name, "a fee")
        if name.lower() == "rake":
            raise InputError(said("the rake is given with rake=, not as a fee"))
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "amount", check_amount(self.amount, "the {name} fee", name=name))
        per = "pot" if self.pot is not None else self.per
        if per not in ("hand", "pot"):
            raise InputError(
                said(
                    "the {name} fee is taken per 'hand' or per 'pot', not {per}",
                    name=name,
                    per=repr(self.per),
                )
            )
        object.__setattr__(self, "per", per)
        if self.spread not in SPREADS:
            raise InputError(
                said(
                    "the {name} fee's spread must be 'main pot first' or 'in proportion', not {spread}",
                    name=name,
                    spread=repr(self.spread),
                )
            )
        if self.pot is not None and (not isinstance(self.pot, str) or not self.pot.strip()):
            raise InputError(
                said("the {name} fee's pot must be a pot's name such as 'Side pot 1'", name=name)
            )


@dataclass(frozen=True)
class Added:
    """Money the room adds to a pot (a cash drop, a splash): ``amount`` into ``pot`` (the main
    pot unless named), before rake and fees are withheld; the pot's eligible players can win it.

    >>> Added("cash drop", 20)
    Added(name='cash drop', amount=20, pot='Main pot')
    """

    name: str
    amount: Amount
    pot: str = "Main pot"

    def __post_init__(self) -> None:
        name = _check_name(self.name, "added money")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "amount", check_amount(self.amount, "the {name}", name=name))
        if not isinstance(self.pot, str) or not self.pot.strip():
            raise InputError(
                said(
                    "the {name} goes into a pot named like 'Main pot', not {pot}",
                    name=name,
                    pot=repr(self.pot),
                )
            )


def _not_fees(value: object) -> str:
    return said(
        "fees must be a mapping {{name: amount}}, e.g. {{'jackpot': 7}}, or a list of Fee records, "
        "not {value}",
        value=repr(value)[:100],
    )


def check_fees(fees: object, chip: Amount = 1) -> tuple[Fee, ...]:
    """``settle(fees=...)`` as :class:`Fee` records: a mapping ``{name: amount}`` (each a fee per
    hand, main pot first) or a list of :class:`Fee`; each a whole number of chips.

    >>> check_fees({"jackpot": 7, "bingo": 0})
    (Fee(name='jackpot', amount=7, per='hand', spread='main pot first', pot=None),
     Fee(name='bingo', amount=0, per='hand', spread='main pot first', pot=None))
    >>> check_fees({"jackpot": 3}, chip=2)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: the jackpot fee of 3 is not a whole number of chips of 2
    """
    if isinstance(fees, Mapping):
        records = [Fee(name, amount) for name, amount in fees.items()]
    elif isinstance(fees, Fee):
        records = [fees]
    elif isinstance(fees, Sequence) and not isinstance(fees, (str, bytes)):
        records = list(fees)
        for fee in records:
            if not isinstance(fee, Fee):
                raise InputError(_not_fees(fee))
    else:
        raise InputError(_not_fees(fees))
    for fee in records:
        if not is_multiple(fee.amount, chip):
            raise InputError(
                said(
                    "the {name} fee of {amount} is not a whole number of chips of {chip}",
                    name=fee.name,
                    amount=format_amount(fee.amount),
                    chip=format_amount(chip),
                )
            )
    return tuple(records)


def check_added(added: object, chip: Amount = 1) -> tuple[Added, ...]:
    """``settle(added=...)`` as :class:`Added` records: one amount (into the main pot), a mapping
    ``{name: amount}`` (each into the main pot) or a list of :class:`Added`.

    >>> check_added(20)
    (Added(name='added money', amount=20, pot='Main pot'),)
    >>> check_added({"splash": 5})
    (Added(name='splash', amount=5, pot='Main pot'),)
    """
    if isinstance(added, Mapping):
        records = [Added(name, amount) for name, amount in added.items()]
    elif isinstance(added, Added):
        records = [added]
    elif isinstance(added, Sequence) and not isinstance(added, (str, bytes)):
        records = list(added)
        for item in records:
            if not isinstance(item, Added):
                raise InputError(
                    said(
                        "added must be an amount, a mapping {{name: amount}} or a list of Added records, "
                        "not {value}",
                        value=repr(item)[:110],
                    )
                )
    else:
        records = [Added("added money", added)]  # type: ignore[arg-type]  # checked by Added
    for item in records:
        if not is_multiple(item.amount, chip):
            raise InputError(
                said(
                    "the {name} of {amount} is not a whole number of chips of {chip}",
                    name=item.name,
                    amount=format_amount(item.amount),
                    chip=format_amount(chip),
                )
            )
    return tuple(records)


def _pot_index(name: str, count: int, what: str, /, **values: object) -> int:
    """The index of the pot called ``name`` (``"Side pot"`` alone is side pot 1); ``what`` (a
    phrase of the catalogues, filled in by ``values``) names who asks for it."""
    names = [pot_name(i) for i in range(count)]
    wanted = " ".join(name.split())
    if wanted.lower() == "side pot" and count == 2:
        return 1
    for index, known in enumerate(names):
        if known.lower() == wanted.lower():
            return index
    raise InputError(
        said(
            "{what} names {name}, a pot this hand does not have (pots: {pots})",
            what=Said(what, values),
            name=repr(name),
            pots=joined([pot_said(i) for i in range(count)]) if count else said("none"),
        )
    )


def withhold(
    pots: list[dict[str, Any]],
    *,
    fees: Sequence[Fee] = (),
    added: Sequence[Added] = (),
    rake: Any = None,
    flop_seen: bool = True,
    chip: Amount = 1,
) -> tuple[list[dict[str, Amount]], list[dict[str, Amount]]]:
    """Put the added money into the pots and withhold rake and fees, in that order (the rules of
    this module), on the fields of pots being formed (see
    :func:`~potengine.pots.layout.layout_fields`): each pot's ``amount`` gains its added money,
    its ``rake`` is set; returns each pot's added money and fees, ``{name: amount}``.

    Everything is checked before any pot is changed: an unknown pot, and fees larger than what
    the pots (or the one pot) hold after the rake, are an :class:`InputError`.

    >>> pots = [{"amount": 30, "rake": 0}, {"amount": 200, "rake": 0}]
    >>> withhold(pots, fees=(Fee("jackpot", 40),))[1], withhold(
    ...     [{"amount": 30, "rake": 0}, {"amount": 200, "rake": 0}],
    ...     fees=(Fee("jackpot", 23, spread="in proportion"),))[1]
    ([{'jackpot': 30}, {'jackpot': 10}], [{'jackpot': 3}, {'jackpot': 20}])
    >>> withhold([{"amount": 30, "rake": 0}], fees=(Fee("jackpot", 1, pot="Side pot 1"),))
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: the jackpot fee names 'Side pot 1', a pot this hand does not have
        (pots: Main pot)
    """
    count = len(pots)
    zero = 0 * chip
    extra = [zero] * count
    added_by: list[dict[str, Amount]] = [{} for _ in pots]
    for item in added:
        index = _pot_index(item.pot, count, "the {name}", name=item.name)
        extra[index] += item.amount
        added_by[index][item.name] = added_by[index].get(item.name, zero) + item.amount
    amounts = [pot["amount"] + more for pot, more in zip(pots, extra, strict=True)]
    cuts = take_rake(amounts, rake, flop_seen=flop_seen, chip=chip) if rake is not None else (zero,) * count
    left = [a - c for a, c in zip(amounts, cuts, strict=True)]
    fees_by: list[dict[str, Amount]] = [{} for _ in pots]
    for fee in fees:
        parts, paying = _fee_parts(fee, left, chip)
        for index in paying:
            part = parts[index]
            fees_by[index][fee.name] = fees_by[index].get(fee.name, zero) + part
            left[index] -= part
    for pot, amount, cut in zip(pots, amounts, cuts, strict=True):
        pot["amount"] = amount
        pot["rake"] = cut
    return added_by, fees_by


def _fee_parts(fee: Fee, left: Sequence[Amount], chip: Amount) -> tuple[list[Amount], list[int]]:
    """How much of ``fee`` each pot pays, from what it still holds (``left``), and the pots that
    carry it by name: those paying part of it (a fee of 0 per hand: the main pot, so that its
    name is still shown; a fee per pot: every pot it is taken from)."""
    count = len(left)
    zero = 0 * chip
    if fee.per == "pot":
        if fee.pot is not None:
            index = _pot_index(fee.pot, count, "the {name} fee", name=fee.name)
            targets = [index]
        else:
            targets = list(range(count))
        parts = [zero] * count
        for index in targets:
            if fee.amount > left[index]:
                raise InputError(
                    said(
                        "the {name} fee of {amount} is more than {pot} holds after the rake and the fees "
                        "before it ({left})",
                        name=fee.name,
                        amount=format_amount(fee.amount),
                        pot=pot_said(index),
                        left=format_amount(left[index]),
                    )
                )
            parts[index] = fee.amount
        return parts, targets
    total = sum(left, start=zero)
    if fee.amount > total:
        raise InputError(
            said(
                "the {name} fee of {amount} is more than the pots hold after the rake and the fees "
                "before it ({total})",
                name=fee.name,
                amount=format_amount(fee.amount),
                total=format_amount(total),
            )
        )
    if fee.spread == "in proportion":
        parts = list(spread_in_proportion(left, fee.amount, chip=chip))
    else:
        parts = []
        rest = fee.amount
        for amount in left:
            part = min(rest, amount)
            parts.append(part)
            rest -= part
    paying = [i for i, part in enumerate(parts) if part] or [0][:count]
    return parts, paying


def fee_totals(pots: Sequence[Any]) -> dict[str, Amount]:
    """Each fee's total over the pots, ``{name: amount}``, in the order the fees first appear.

    >>> from potengine import settle
    >>> fee_totals(settle({"A": 50, "B": 50}, ranking=["A", "B"], fees={"jackpot": 2}).pots)
    {'jackpot': 2}
    """
    totals: dict[str, Amount] = {}
    for pot in pots:
        for name, amount in pot.fees.items():
            totals[name] = totals[name] + amount if name in totals else amount
    return totals


def added_totals(pots: Sequence[Any]) -> dict[str, Amount]:
    """The money added to the pots by name, ``{name: amount}``.

    >>> from potengine import settle
    >>> added_totals(settle({"A": 50, "B": 50}, ranking=["A", "B"], added={"cash drop": 20}).pots)
    {'cash drop': 20}
    """
    totals: dict[str, Amount] = {}
    for pot in pots:
        for name, amount in pot.added.items():
            totals[name] = totals[name] + amount if name in totals else amount
    return totals
