"""Betting structures: how much a player may bet or raise, and when a raise counts as full.

A structure answers three questions about the player to act, given a :class:`RoundView` of the
betting round (EX-30):

* :meth:`~Structure.bounds`: the smallest and largest total a bet or raise may go **to**
  (``None`` when the structure closes raising, e.g. the cap in fixed limit);
* :meth:`~Structure.is_full`: whether a wager of a given size is a full bet or raise (a short
  all-in is not, and does not reopen the betting: TDA rule 47, EX-33);
* :attr:`~Structure.name`.

Stacks are not the structure's business: the hand model lets a player go all-in for less than the
minimum and caps every maximum at his chips.

EX-31 (pot limit): pot 10 on the flop, an opponent bets 5; the most the next player may raise to
is 25 (the pot after his call, 10 + 5 + 5 = 20, on top of the 5).

>>> view = RoundView(street=1, current_bet=5, committed=0, last_raise=5, full_bet=5, pot=15, raises=1, players=3)
>>> PotLimit(big_blind=2).bounds(view)
Bounds(low=10, high=25)

EX-32 (no limit): A bets 100, B raises to 200; C must raise to at least 300.

>>> NoLimit(big_blind=50).bounds(RoundView(1, 200, 0, 100, 200, 400, 2, 3))
Bounds(low=300, high=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..chips import Amount, check_amount
from ..errors import InputError

PREFLOP, FLOP, TURN, RIVER = 0, 1, 2, 3
STREET_NAMES = ("pre-flop", "flop", "turn", "river")


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
    """Base of the four structures. Subclasses define :meth:`bounds` and :meth:`is_full`."""

    big_blind: Amount

    name = "structure"

    def __post_init__(self) -> None:
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
        return to - view.current_bet >= view.last_raise

    def reopens(self, view: RoundView, faced: Amount) -> bool:
        """True when the raises since the player last acted (facing ``faced``) add up to a full raise.

        Several short all-ins that together reach a full raise reopen the betting (TDA 47).

        >>> NoLimit(big_blind=100).reopens(RoundView(1, 210, 100, 100, 100, 500, 1, 4), faced=100)
        True
        """
        return view.current_bet - faced >= view.last_raise


@dataclass(frozen=True)
class NoLimit(Structure):
    """No limit: raise by at least the big blind or the largest full raise of the round; no maximum.

    A short big blind still sets the full minimum: the view carries the nominal big blind.

    >>> NoLimit(big_blind=2).bounds(RoundView(0, 2, 0, 2, 2, 3, 1, 6))
    Bounds(low=4, high=None)
    """

    name = "no limit"

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
        return self.small_bet if street <= FLOP else self.big_bet

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
        return 2 * (to - view.full_bet) >= self.step(view.street)

    def reopens(self, view: RoundView, faced: Amount) -> bool:
        return 2 * (view.current_bet - faced) >= self.step(view.street)


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

    def __post_init__(self) -> None:
        super().__post_init__()
        check_amount(self.low, "the lowest bet", allow_zero=False)
        check_amount(self.high, "the highest bet", allow_zero=False)
        if self.high < self.low:
            raise InputError(f"spread limit: highest bet {self.high} is below the lowest {self.low}")
        _check_cap(self.cap)

    def opening_raise(self) -> Amount:
        return self.low

    def bounds(self, view: RoundView) -> Bounds | None:
        if self.cap is not None and view.players > 2 and view.raises >= self.cap:
            return None
        step = min(max(self.low, view.last_raise), self.high)
        return Bounds(view.current_bet + step, view.current_bet + self.high)


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
            f"the cap must be a whole number of bets and raises (or None), "
            f"not the {type(cap).__name__} {cap!r}"
        )
    if cap < 1:
        raise InputError(f"the cap must allow at least one bet, got {cap}")


def structure_named(name: str, big_blind: Amount, **sizes: Amount) -> Structure:
    """Build a structure from its name: ``"no limit"``, ``"pot limit"``, ``"fixed limit"``, ``"spread limit"``.

    >>> structure_named("fixed limit", 10, small_bet=10, big_bet=20).name
    'fixed limit'
    >>> structure_named("table stakes", 10)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: unknown betting structure 'table stakes' (choose no limit, pot limit, fixed limit, spread limit)
    """
    kinds = {"no limit": NoLimit, "pot limit": PotLimit, "fixed limit": FixedLimit, "spread limit": SpreadLimit}
    if name not in kinds:
        raise InputError(
            f"unknown betting structure {name!r} (choose {', '.join(kinds)})"
        )
    return kinds[name](big_blind, **sizes)
