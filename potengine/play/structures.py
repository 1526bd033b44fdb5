"""Betting structures: how much a player may bet or raise, and when a raise counts as full.

A structure answers three questions about the player to act, given a :class:`RoundView` of the
betting round (EX-30):

* :meth:`~Structure.bounds`: the smallest and largest total a bet or raise may go **to**
  (``None`` when the structure closes raising, e.g. the cap in fixed limit);
* :meth:`~Structure.is_full`: whether a wager of a given size is a full bet or raise (a short
  all-in is not, and does not reopen the betting: TDA rule 47, EX-33; the reopening rule itself
  is :func:`potengine.play.reopening.betting_reopened`);
* :meth:`~Structure.wager_error`: the structure's own words for a bet or raise of the wrong size.

Each structure also knows its :attr:`~Structure.name`, its PHH variant code
(:attr:`~Structure.phh_variant`, read by :func:`structure_from_phh`) and how a PokerStars header
names it (:func:`structure_from_pokerstars`). No other code tells the structures apart.

Stacks are not the structure's business: the hand model lets a player go all-in for less than the
minimum and caps every maximum at his chips.

EX-31 (pot limit): pot 10 on the flop, an opponent bets 5; the most the next player may raise to
is 25 (the pot after his call, 10 + 5 + 5 = 20, on top of the 5).

>>> view = RoundView(street=1, current_bet=5, committed=0, last_raise=5, full_bet=5, pot=15, raises=1,
...                  players=3)
>>> PotLimit(big_blind=2).bounds(view)
Bounds(low=10, high=25)

EX-32 (no limit): A bets 100, B raises to 200; C must raise to at least 300.

>>> NoLimit(big_blind=50).bounds(RoundView(1, 200, 0, 100, 200, 400, 2, 3))
Bounds(low=300, high=None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from ..chips import MAX_CHIPS, Amount, check_amount, format_amount
from ..errors import InputError, said
from .streets import STREET_NAMES, Street

__all__ = [
    "STREET_NAMES",
    "Bounds",
    "FixedLimit",
    "NoLimit",
    "PotLimit",
    "RoundView",
    "SpreadLimit",
    "Structure",
    "structure_from_phh",
    "structure_from_pokerstars",
    "structure_named",
]

AmountReader = Callable[[object, str], Amount]
"""Reads one field of a hand history as an amount: ``read(value, what)`` (the reader raises)."""


class RoundView(NamedTuple):
    """What a structure needs to know about the betting round, seen by the player to act.

    ``current_bet`` is the street total to match; ``committed`` the acting player's street total
    so far; ``last_raise`` the size of the largest full bet or raise this round (the big blind at
    the start of a street); ``full_bet`` the last street total reached by a full wager (short
    all-ins above it do not count); ``pot`` every chip in the middle, this street's bets included;
    ``raises`` the number of full bets and raises this round (pre-flop the big blind counts as the
    bet); ``players`` how many players are still in the hand (for the heads-up limit cap).

    >>> RoundView(0, 2, 1, 2, 2, 3, 1, 2).to_call
    1
    """

    street: int
    current_bet: Amount
    committed: Amount
    last_raise: Amount
    full_bet: Amount
    pot: Amount
    raises: int
    players: int

    @property
    def to_call(self) -> Amount:
        """Chips the player must add to match the current bet."""
        return max(self.current_bet - self.committed, 0)


class Bounds(NamedTuple):
    """Smallest and largest total a bet or raise may go to (``high`` None: only the stack limits).

    >>> Bounds(4, None).high is None
    True
    """

    low: Amount
    high: Amount | None


@dataclass(frozen=True)
class Structure:
    """Base of the four structures. Subclasses define :meth:`bounds` and their own rules."""

    big_blind: Amount

    name: ClassVar[str] = "structure"
    phh_variant: ClassVar[str | None] = None
    """The PHH ``variant`` code of hold'em under this structure (None: PHH has none)."""
    phh_omaha_variants: ClassVar[Mapping[str, str]] = {}
    """The PHH ``variant`` codes of the Omaha games under this structure, by game (``"omaha"``,
    ``"omaha-hi-lo"``): the standard has pot-limit Omaha ``PO`` and fixed-limit Omaha hi-lo ``FO/8``."""
    exact_size: ClassVar[bool] = False
    """True when every bet and raise has one exact size (fixed limit)."""

    def minimum_rule(self) -> str:
        """The rule the minimum bet or raise follows, said (for an error)."""
        return said(
            "a raise must be at least the big blind, and at least the largest full raise of the round, TDA 43"
        )

    def maximum_rule(self) -> str:
        """The rule the maximum follows, said (for an error)."""
        return said("the structure's maximum")

    def said_name(self) -> str:
        """The structure's :attr:`name`, said (for an error)."""
        return structure_said(self.name)

    @property
    def cap(self) -> int | None:
        """The most full bets and raises in a round (None: no cap)."""
        return None

    def __post_init__(self) -> None:
        if not (type(self.big_blind) is int and 0 < self.big_blind <= MAX_CHIPS):
            check_amount(self.big_blind, "the big blind", allow_zero=False)

    def step(self, street: int) -> Amount:
        """The unit of a full bet on ``street``: the big blind (limits override this).

        >>> NoLimit(big_blind=100).step(3)
        100
        """
        return self.big_blind

    def opening_raise(self) -> Amount:
        """The size a street starts from for the minimum-raise rule (the big blind)."""
        return self.big_blind

    def bounds(self, view: RoundView) -> Bounds | None:  # pragma: no cover - abstract
        """Smallest and largest total the player may bet or raise to, or None if raising is closed."""
        raise NotImplementedError

    def is_full(self, view: RoundView, to: Amount) -> bool:
        """True when a wager to ``to`` is a full bet or raise (it reopens the betting).

        No limit, pot limit, spread limit: the increment must be at least the last full raise
        (the big blind when nobody has bet). A short all-in is not full (TDA 47).

        >>> NoLimit(big_blind=100).is_full(RoundView(1, 100, 0, 100, 100, 300, 1, 3), 150)
        False
        """
        return self.is_full_raise(view.street, to - view.current_bet, view.last_raise)

    def is_full_raise(self, street: int, increment: Amount, last_raise: Amount) -> bool:
        """True when raising the bet by ``increment`` is a full raise (``last_raise``: the size
        of the largest full raise of the round).

        >>> NoLimit(big_blind=100).is_full_raise(1, 110, 100), NoLimit(100).is_full_raise(1, 90, 100)
        (True, False)
        """
        return increment >= last_raise

    def wager_error(self, view: RoundView, to: Amount, everything: Amount, kind: str) -> str | None:
        """The rule a bet or raise to ``to`` breaks under this structure, or None if its size is
        allowed (``everything``: the player's street total if he puts in all his chips, which is
        always allowed below the minimum).

        >>> print(NoLimit(big_blind=2).wager_error(RoundView(0, 2, 0, 2, 2, 3, 1, 3), 3, 100, "raise"))
        the minimum raise is to 4 (a raise must be at least the big blind, and at least the largest full
        raise of the round, TDA 43)
        """
        bounds = self.bounds(view)
        if bounds is None:
            return said(
                "the betting is capped at {cap} bets and raises ({structure})",
                cap=self.cap,
                structure=self.said_name(),
            )
        if to < bounds.low and to != everything:
            low, rule = format_amount(bounds.low), self.minimum_rule()
            if kind == "bet":
                return said("the minimum bet is to {amount} ({rule})", amount=low, rule=rule)
            return said("the minimum raise is to {amount} ({rule})", amount=low, rule=rule)
        if bounds.high is not None and to > bounds.high:
            return said(
                "the maximum is {amount}: {rule}", amount=format_amount(bounds.high), rule=self.maximum_rule()
            )
        return None

    def phh_fields(self) -> dict[str, Amount]:
        """The PHH fields that give this structure's bet sizes (``min_bet`` by default).

        >>> NoLimit(big_blind=2).phh_fields()
        {'min_bet': 2}
        """
        return {"min_bet": self.big_blind}

    @classmethod
    def from_phh(cls, fields: Mapping[str, object], big_blind: Amount, read: AmountReader) -> Structure:
        """This structure from a PHH hand's fields (``min_bet``, the big blind when absent).

        >>> NoLimit.from_phh({"min_bet": 4}, 2, lambda v, what: v)
        NoLimit(big_blind=4)
        """
        return cls(big_blind=read(fields.get("min_bet", big_blind), "min_bet"))

    @classmethod
    def named_in_pokerstars(cls, header: str) -> bool:
        """True when a PokerStars header (``Hold'em No Limit (5/10)``) names this structure."""
        return False

    @classmethod
    def from_pokerstars(
        cls, header: str, *, big_blind: Amount, small_bet: Amount | None = None, big_bet: Amount | None = None
    ) -> Structure:
        """This structure for a PokerStars hand whose big blind is ``big_blind``."""
        return cls(big_blind=big_blind)


@dataclass(frozen=True)
class NoLimit(Structure):
    """No limit: raise by at least the larger of the big blind and the largest full raise; no maximum.

    A short big blind still sets the full minimum: the view carries the nominal big blind.

    >>> NoLimit(big_blind=2).bounds(RoundView(0, 2, 0, 2, 2, 3, 1, 6))
    Bounds(low=4, high=None)
    """

    name = "no limit"
    phh_variant = "NT"

    @classmethod
    def named_in_pokerstars(cls, header: str) -> bool:
        return "No Limit" in header

    def bounds(self, view: RoundView) -> Bounds | None:
        return Bounds(view.current_bet + view.last_raise, None)


@dataclass(frozen=True)
class PotLimit(Structure):
    """Pot limit: the minimum as in no limit; the maximum is the pot after the call, on top of it.

    Pre-flop with blinds 1 and 2 the first player may raise to 7 (2 to call, pot 5 after the call).

    >>> PotLimit(big_blind=2).bounds(RoundView(0, 2, 0, 2, 2, 3, 1, 6))
    Bounds(low=4, high=7)
    """

    name = "pot limit"
    phh_variant = "PT"
    phh_omaha_variants = {"omaha": "PO"}

    def maximum_rule(self) -> str:
        return said("at most the pot after the call (pot limit, TDA 54)")

    @classmethod
    def named_in_pokerstars(cls, header: str) -> bool:
        return "Pot Limit" in header

    def bounds(self, view: RoundView) -> Bounds | None:
        to_call = view.to_call
        high = view.current_bet + view.pot + to_call
        low = view.current_bet + view.last_raise
        return Bounds(min(low, high), high)


@dataclass(frozen=True)
class FixedLimit(Structure):
    """Fixed limit: every bet and raise is one small bet (pre-flop, flop) or one big bet (turn, river).

    At most ``cap`` full wagers per round (one bet and three raises), no cap heads-up. A short
    all-in of at least half a bet counts as a full raise (the half-bet rule, TDA 47); a smaller one
    only lets the next player complete the bet.

    >>> fl = FixedLimit(big_blind=10, small_bet=10, big_bet=20)
    >>> fl.bounds(RoundView(2, 20, 0, 20, 20, 100, 1, 3))
    Bounds(low=40, high=40)
    >>> fl.bounds(RoundView(2, 80, 0, 20, 80, 300, 4, 3)) is None
    True
    """

    small_bet: Amount = 0
    big_bet: Amount = 0
    cap: int | None = 4

    name = "fixed limit"
    phh_variant = "FT"
    phh_omaha_variants = {"omaha-hi-lo": "FO/8"}
    exact_size = True

    def __post_init__(self) -> None:
        super().__post_init__()
        check_amount(self.small_bet, "the small bet", allow_zero=False)
        check_amount(self.big_bet, "the big bet", allow_zero=False)
        _check_cap(self.cap)

    def step(self, street: int) -> Amount:
        """The small bet pre-flop and on the flop, the big bet on the turn and river.

        >>> FixedLimit(big_blind=10, small_bet=10, big_bet=20).step(1), FixedLimit(10, 10, 20).step(2)
        (10, 20)
        """
        return self.small_bet if street <= Street.FLOP else self.big_bet

    def opening_raise(self) -> Amount:
        return self.small_bet

    def bounds(self, view: RoundView) -> Bounds | None:
        if self.cap is not None and view.players > 2 and view.raises >= self.cap:
            return None
        to = view.full_bet + self.step(view.street)
        return Bounds(to, to)

    def is_full(self, view: RoundView, to: Amount) -> bool:
        """Half a bet or more above the last full bet counts as a full raise (half-bet rule).

        >>> FixedLimit(10, 10, 20).is_full(RoundView(2, 20, 0, 20, 20, 100, 1, 3), 30)
        True
        """
        return self.is_full_raise(view.street, to - view.full_bet, view.last_raise)

    def is_full_raise(self, street: int, increment: Amount, last_raise: Amount) -> bool:
        """Half a bet or more counts as a full raise (the half-bet rule, TDA 47).

        >>> FixedLimit(10, 10, 20).is_full_raise(2, 10, 20), FixedLimit(10, 10, 20).is_full_raise(2, 9, 20)
        (True, False)
        """
        return 2 * increment >= self.step(street)

    def wager_error(self, view: RoundView, to: Amount, everything: Amount, kind: str) -> str | None:
        """Every bet and raise goes to exactly the next level; only an all-in may stop short.

        >>> FixedLimit(10, 10, 20).wager_error(RoundView(2, 20, 0, 20, 20, 100, 1, 3), 50, 500, "raise")
        'in fixed limit every bet and raise goes to exactly 40'
        """
        bounds = self.bounds(view)
        if bounds is None:
            return said(
                "the betting is capped at {cap} bets and raises ({structure})",
                cap=self.cap,
                structure=self.said_name(),
            )
        if to != bounds.low and not (to == everything < bounds.low):
            return said(
                "in fixed limit every bet and raise goes to exactly {amount}",
                amount=format_amount(bounds.low),
            )
        return None

    def phh_fields(self) -> dict[str, Amount]:
        return {"small_bet": self.small_bet, "big_bet": self.big_bet}

    @classmethod
    def from_phh(cls, fields: Mapping[str, object], big_blind: Amount, read: AmountReader) -> Structure:
        """Fixed limit from PHH's ``small_bet`` and ``big_bet``.

        >>> FixedLimit.from_phh({"small_bet": 10, "big_bet": 20}, 10, lambda v, what: v)
        FixedLimit(big_blind=10, small_bet=10, big_bet=20, cap=4)
        """
        return cls(
            big_blind=big_blind,
            small_bet=read(fields.get("small_bet"), "small_bet"),
            big_bet=read(fields.get("big_bet"), "big_bet"),
        )

    @classmethod
    def named_in_pokerstars(cls, header: str) -> bool:
        return re.search(r"\bLimit\b", header) is not None and re.search(r"(No|Pot) Limit", header) is None

    @classmethod
    def from_pokerstars(
        cls, header: str, *, big_blind: Amount, small_bet: Amount | None = None, big_bet: Amount | None = None
    ) -> Structure:
        """``Hold'em Limit (2/4)`` names the small and big bets; the big blind is what was posted."""
        if small_bet is None or big_bet is None:
            raise InputError(said("a limit hand needs its small and big bets: {header}", header=repr(header)))
        return cls(big_blind=big_blind, small_bet=small_bet, big_bet=big_bet)


@dataclass(frozen=True)
class SpreadLimit(Structure):
    """Spread limit: any bet or raise between ``low`` and ``high`` chips, a raise at least the last one.

    >>> SpreadLimit(big_blind=2, low=2, high=6).bounds(RoundView(1, 4, 0, 4, 4, 10, 1, 3))
    Bounds(low=8, high=10)
    """

    low: Amount = 0
    high: Amount = 0
    cap: int | None = None

    name = "spread limit"

    def maximum_rule(self) -> str:
        return said("the spread's highest bet")

    def __post_init__(self) -> None:
        super().__post_init__()
        check_amount(self.low, "the lowest bet", allow_zero=False)
        check_amount(self.high, "the highest bet", allow_zero=False)
        if self.high < self.low:
            raise InputError(
                said(
                    "spread limit: highest bet {high} is below the lowest {low}", high=self.high, low=self.low
                )
            )
        _check_cap(self.cap)

    def opening_raise(self) -> Amount:
        return self.low

    def bounds(self, view: RoundView) -> Bounds | None:
        if self.cap is not None and view.players > 2 and view.raises >= self.cap:
            return None
        step = min(max(self.low, view.last_raise), self.high)
        return Bounds(view.current_bet + step, view.current_bet + self.high)

    def wager_error(self, view: RoundView, to: Amount, everything: Amount, kind: str) -> str | None:
        """The spread's own words for a wager outside it.

        >>> SpreadLimit(2, low=2, high=6).wager_error(RoundView(1, 4, 0, 4, 4, 10, 1, 3), 7, 99, "raise")
        'the minimum raise is to 8 (the spread limit allows 8 to 10)'
        """
        bounds = self.bounds(view)
        if bounds is not None and bounds.high is not None and to < bounds.low and to != everything:
            low, high = format_amount(bounds.low), format_amount(bounds.high)
            if kind == "bet":
                return said(
                    "the minimum bet is to {low} (the spread limit allows {low} to {high})",
                    low=low,
                    high=high,
                )
            return said(
                "the minimum raise is to {low} (the spread limit allows {low} to {high})", low=low, high=high
            )
        return super().wager_error(view, to, everything, kind)

    def phh_fields(self) -> dict[str, Amount]:
        raise InputError(said("PHH has no variant code for spread limit"))


def _check_cap(cap: object) -> None:
    """Refuse a cap that is not ``None`` or a whole number of at least one wager.

    >>> _check_cap("4")
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: the cap must be a whole number of bets and raises (or None), not the str '4'
    """
    if cap is None:
        return
    if isinstance(cap, bool) or not isinstance(cap, int):
        raise InputError(
            said(
                "the cap must be a whole number of bets and raises (or None), not the {kind} {cap}",
                kind=type(cap).__name__,
                cap=repr(cap),
            )
        )
    if cap < 1:
        raise InputError(said("the cap must allow at least one bet, got {cap}", cap=cap))


STRUCTURES: tuple[type[Structure], ...] = (NoLimit, PotLimit, FixedLimit, SpreadLimit)


def structure_said(name: str) -> str:
    """A structure's name said (for an error): ``no limit``, ``pot limit``, ...

    >>> structure_said("pot limit").in_language("nl")
    'pot limit'
    """
    if name == "no limit":
        return said("no limit")
    if name == "pot limit":
        return said("pot limit")
    if name == "fixed limit":
        return said("fixed limit")
    if name == "spread limit":
        return said("spread limit")
    return name


"""Every betting structure, the registry the readers and writers of hand histories go through."""


def structure_for_phh(variant: object) -> type[Structure] | None:
    """The structure whose PHH variant code is ``variant`` (None if no structure has it).

    >>> structure_for_phh("FT").name, structure_for_phh("PO")
    ('fixed limit', None)
    """
    return next(
        (kind for kind in STRUCTURES if kind.phh_variant is not None and kind.phh_variant == variant), None
    )


def omaha_structure_for_phh(variant: object) -> tuple[type[Structure], str] | None:
    """The structure and the game of an Omaha PHH variant code (None if it is not one).

    >>> omaha_structure_for_phh("FO/8")
    (<class 'potengine.play.structures.FixedLimit'>, 'omaha-hi-lo')
    >>> omaha_structure_for_phh("NT") is None
    True
    """
    for kind in STRUCTURES:
        for game, code in kind.phh_omaha_variants.items():
            if code == variant:
                return kind, game
    return None


def structure_from_phh(
    variant: str, fields: Mapping[str, object], big_blind: Amount, read: AmountReader
) -> Structure:
    """The structure of a PHH hand from its ``variant`` code and its bet-size fields.

    >>> structure_from_phh("NT", {"min_bet": 2}, 2, lambda v, what: v)
    NoLimit(big_blind=2)
    """
    kind = structure_for_phh(variant)
    if kind is None:
        codes = ", ".join(f"{k.phh_variant} {k.name}" for k in STRUCTURES if k.phh_variant)
        raise InputError(
            said(
                "variant {variant} is not a hold'em variant this engine plays ({codes})",
                variant=repr(variant),
                codes=codes,
            )
        )
    return kind.from_phh(fields, big_blind, read)


def structure_from_pokerstars(
    header: str, *, big_blind: Amount, small_bet: Amount | None = None, big_bet: Amount | None = None
) -> Structure | None:
    """The structure a PokerStars header names (None when it names none this engine plays).

    ``Hold'em Limit (2/4)`` gives the small and big bets, which the caller reads from the header;
    the big blind is what was posted.

    >>> structure_from_pokerstars("Hold'em Pot Limit (1/2)", big_blind=2)
    PotLimit(big_blind=2)
    >>> structure_from_pokerstars("Hold'em Limit (2/4)", big_blind=2, small_bet=2, big_bet=4)
    FixedLimit(big_blind=2, small_bet=2, big_bet=4, cap=4)
    >>> structure_from_pokerstars("Razz (2/4)", big_blind=2) is None
    True
    """
    for kind in STRUCTURES:
        if kind.named_in_pokerstars(header):
            return kind.from_pokerstars(header, big_blind=big_blind, small_bet=small_bet, big_bet=big_bet)
    return None


def structure_named(name: str, big_blind: Amount, **sizes: Amount) -> Structure:
    """Build a structure from its name: ``"no limit"``, ``"pot limit"``, ``"fixed limit"`` or
    ``"spread limit"``.

    >>> structure_named("fixed limit", 10, small_bet=10, big_bet=20).name
    'fixed limit'
    >>> structure_named("table stakes", 10)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: unknown betting structure 'table stakes' (choose no limit, pot limit,
    fixed limit, spread limit)
    """
    kinds = {kind.name: kind for kind in STRUCTURES}
    if name not in kinds:
        raise InputError(
            said(
                "unknown betting structure {name} (choose {choices})",
                name=repr(name),
                choices=", ".join(kinds),
            )
        )
    return kinds[name](big_blind, **sizes)
