"""Forming the pots: the uncalled part returned, the rest cut into tiers at the all-in levels.

This module holds the first four steps of every settlement, before anybody shows a card:

1. take each player's total contribution and note who folded;
2. return the part of the largest contribution that nobody matched (:func:`uncalled_bet`);
3. cut what is left into tiers at the live players' contribution levels (:func:`build_pots`);
4. note, for each tier, the live players who reached it: they alone may win it.

A folded player's chips stay in whichever tier they reached, but he wins none of them.

>>> layout = build_pots({"Alice": 20, "Bilal": 50, "Chloé": 90, "David": 90})
>>> [(pot.name, pot.amount, pot.eligible) for pot in layout.pots]
[('Main pot', 80, ('Alice', 'Bilal', 'Chloé', 'David')), ('Side pot 1', 90, ('Bilal', 'Chloé', 'David')), ('Side pot 2', 80, ('Chloé', 'David'))]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import NamedTuple

from ..chips import Amount, check_amount, exact_arithmetic, format_amount
from ..errors import InputError


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Pot:
    """One pot: the chips every player put in between two contribution levels.

    ``amount`` is the sum over all players (folded ones included) of what they put in between
    ``low`` and ``high``; ``eligible`` are the live players who reached ``high``, in seat order.
    After a showdown ``winners`` and ``shares`` say who took it and how much each got, and
    ``rake`` what the house withheld from it first.

    >>> pot = Pot(index=1, low=20, high=50, amount=90, eligible=("Bilal", "Chloé", "David"),
    ...           contributions={"Bilal": 30, "Chloé": 30, "David": 30})
    >>> pot.name, pot.formula
    ('Side pot 1', '3 × (50 − 20) = 90')
    """

    index: int
    low: Amount
    high: Amount
    amount: Amount
    eligible: tuple[str, ...]
    contributions: Mapping[str, Amount]
    winners: tuple[str, ...] = ()
    shares: Mapping[str, Amount] = field(default_factory=dict)
    rake: Amount = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "contributions", _frozen(self.contributions))
        object.__setattr__(self, "shares", _frozen(self.shares))

    @property
    def name(self) -> str:
        """``"Main pot"`` for the first pot, ``"Side pot N"`` for the N-th side pot."""
        return "Main pot" if self.index == 0 else f"Side pot {self.index}"

    @property
    def dead(self) -> Amount:
        """Chips in this pot from players who folded (they stay, but nobody folded can win them)."""
        return sum(
            (chips for player, chips in self.contributions.items() if player not in self.eligible),
            start=0,
        )

    @property
    def awarded(self) -> Amount:
        """The chips that go to the winners: the amount less the rake."""
        return self.amount - self.rake

    @property
    def formula(self) -> str:
        """The dealer's sum for this pot, e.g. ``"3 × (50 − 20) = 90"`` or ``"30+30+30+10 = 100"``.

        A pot in which everybody put in the same (live players only) is written as a product;
        otherwise (folded players put in less) as the sum of each player's part.
        """
        width = self.high - self.low
        parts = [chips for chips in self.contributions.values() if chips]
        if parts and all(chips == width for chips in parts):
            band = (
                format_amount(self.high)
                if self.low == 0
                else f"({format_amount(self.high)} − {format_amount(self.low)})"
            )
            return f"{len(parts)} × {band} = {format_amount(self.amount)}"
        return "+".join(format_amount(c) for c in parts) + f" = {format_amount(self.amount)}"


@dataclass(frozen=True)
class PotLayout:
    """The pots and the returned chips, formed from the contributions before any showdown.

    ``seats`` is the clockwise seat order (the order of the contributions mapping), ``live`` the
    players who did not fold, ``refunds`` the uncalled chips handed back (not a win), ``dead`` the
    part of each contribution that was dead money (a big-blind ante), added to the main pot.
    """

    seats: tuple[str, ...]
    contributions: Mapping[str, Amount]
    folded: frozenset[str]
    pots: tuple[Pot, ...]
    refunds: Mapping[str, Amount]
    dead: Mapping[str, Amount] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "contributions", _frozen(self.contributions))
        object.__setattr__(self, "refunds", _frozen(self.refunds))
        object.__setattr__(self, "dead", _frozen(self.dead))

    @property
    def live(self) -> tuple[str, ...]:
        """The players still in the hand, in seat order."""
        return tuple(p for p in self.seats if p not in self.folded)

    @property
    def total(self) -> Amount:
        """Everything put in: the pots plus the returned chips."""
        return sum(self.contributions.values(), start=0)

    def __repr__(self) -> str:
        pots = ", ".join(f"{pot.name} {format_amount(pot.amount)}" for pot in self.pots)
        back = ", ".join(f"{p} {format_amount(c)}" for p, c in self.refunds.items())
        return f"<PotLayout: {pots or 'no pot'}; returned {back or 'nothing'}>"

def check_contributions(contributions: Mapping[str, object]) -> dict[str, Amount]:
    """Validate a ``{player: total contribution}`` mapping and return it as a plain dict.

    Players must be non-empty strings (the mapping's order is the clockwise seat order); amounts
    whole chips or exact Decimals, not negative.

    >>> check_contributions({"Alice": 40, "Bilal": -3})
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: Bilal's contribution must not be negative, got -3
    """
    if not isinstance(contributions, Mapping):
        raise InputError(
            "contributions must be a mapping {player: total chips put in}, "
            f"not {type(contributions).__name__}"
        )
    if len(contributions) < 2:
        raise InputError(f"a pot needs at least two players, got {len(contributions)}")
    checked: dict[str, Amount] = {}
    for player, amount in contributions.items():
        if not isinstance(player, str) or not player.strip():
            raise InputError(f"player names must be non-empty strings, got {player!r}")
        checked[player] = check_amount(amount, f"{player}'s contribution")
    return checked


def check_folded(folded: Iterable[str], seats: Iterable[str]) -> frozenset[str]:
    """Validate the folded players: each must be seated, none listed twice, someone left live.

    >>> sorted(check_folded(["David"], ["Alice", "Bilal", "David"]))
    ['David']
    >>> check_folded(["Eve"], ["Alice", "Bilal"])
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: folded player 'Eve' is not seated (players: Alice, Bilal)
    """
    if isinstance(folded, str):
        folded = (folded,)
    if not isinstance(folded, Iterable):
        raise InputError(
            f"folded must be a list of players, e.g. ['David'], not {type(folded).__name__}"
        )
    seats = tuple(seats)
    seen: set[str] = set()
    for player in folded:
        if player not in seats:
            raise InputError(
                f"folded player {player!r} is not seated (players: {', '.join(seats)})"
            )
        if player in seen:
            raise InputError(f"folded player {player!r} is listed twice")
        seen.add(player)
    if len(seen) == len(seats):
        raise InputError("every player folded: somebody must be left to win the pot")
    return frozenset(seen)


def check_dead(dead: Mapping[str, object] | None, contributions: Mapping[str, Amount]) -> dict[str, Amount]:
    """Validate dead money: the part of a seated player's contribution that matches no bet.

    >>> check_dead({"BB": 10}, {"BB": 30, "SB": 10})
    {'BB': 10}
    >>> check_dead({"BB": 40}, {"BB": 30, "SB": 10})
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: BB's dead money (40) is more than BB put in (30)
    """
    if not dead:
        return {}
    if not isinstance(dead, Mapping):
        raise InputError(f"dead must be a mapping {{player: chips}}, not {type(dead).__name__}")
    checked: dict[str, Amount] = {}
    for player, amount in dead.items():
        if player not in contributions:
            raise InputError(
                f"dead money of {player!r}, who is not seated (players: {', '.join(contributions)})"
            )
        amount = check_amount(amount, f"{player}'s dead money")
        if amount > contributions[player]:
            raise InputError(
                f"{player}'s dead money ({format_amount(amount)}) is more than {player} put in "
                f"({format_amount(contributions[player])})"
            )
        if amount:
            checked[player] = amount
    return checked


def uncalled_bet(contributions: Mapping[str, Amount]) -> tuple[str | None, Amount]:
    """The player whose contribution nobody matched, and the unmatched part (returned, not won).

    Only the single largest contribution can be uncalled: the part above the second-largest
    contribution (folded players count, since their chips were really put in) goes back.

    >>> uncalled_bet({"Alice": 30, "Bilal": 70, "Chloé": 100})
    ('Chloé', 30)
    >>> uncalled_bet({"Alice": 40, "Bilal": 100, "Chloé": 100})
    (None, 0)
    """
    ordered = sorted(contributions.items(), key=lambda item: item[1], reverse=True)
    (top_player, top), (_, second) = ordered[0], ordered[1]
    if top == second:
        return None, 0
    return top_player, top - second


class Tier(NamedTuple):
    """One tier of the pots by seat index: the chips put in between ``low`` and ``high`` and the
    seats of the live players who reached ``high``."""

    low: Amount
    high: Amount
    amount: Amount
    eligible: tuple[int, ...]


def cut_tiers(amounts: Sequence[Amount], live: Sequence[bool]) -> tuple[int | None, Amount, list[Tier]]:
    """The one core of pot forming, on seat-indexed amounts: the uncalled bet, then the tiers.

    Returns the seat whose amount nobody matched (None if the top is matched), the unmatched part
    returned to him, and the tiers of what is left, cut at every distinct positive amount of a
    live seat. :func:`build_pots` and the hand model's street-by-street pots both use it.

    >>> cut_tiers([30, 70, 100], [True, True, True])
    (2, 30, [Tier(low=0, high=30, amount=90, eligible=(0, 1, 2)), Tier(low=30, high=70, amount=80, eligible=(1, 2))])
    """
    n = len(amounts)
    top: int | None = None
    refund: Amount = 0
    first = second = None
    for j in range(n):
        a = amounts[j]
        if first is None or a > amounts[first]:
            second, first = first, j
        elif second is None or a > amounts[second]:
            second = j
    if first is not None and second is not None and amounts[first] > amounts[second]:
        top, refund = first, amounts[first] - amounts[second]
    in_play = list(amounts)
    if top is not None:
        in_play[top] -= refund
    levels = sorted({in_play[j] for j in range(n) if live[j] and in_play[j] > 0})
    tiers: list[Tier] = []
    low: Amount = 0
    for high in levels:
        amount: Amount = 0
        for c in in_play:
            if c > low:
                amount += (c if c < high else high) - low
        tiers.append(Tier(low, high, amount, tuple(j for j in range(n) if live[j] and in_play[j] >= high)))
        low = high
    return top, refund, tiers


@exact_arithmetic("the pots")
def build_pots(
    contributions: Mapping[str, Amount],
    folded: Iterable[str] = (),
    *,
    dead: Mapping[str, Amount] | None = None,
) -> PotLayout:
    """Form the pots from each player's total contribution (clockwise seat order) and the folds.

    The part of the largest contribution that nobody matched is returned. The rest is cut at the
    live players' contribution levels (the all-in levels and the top): each tier is a pot holding
    what every player, folded or not, put in between its two levels, and only the live players who
    reached its top level may win it. Levels come from live players only, so adjacent tiers never
    have the same eligible players; a folded player's chips above an all-in level land in the side
    pot they reached.

    EX-04: David folded after putting in 10; his chips stay in the main pot.

    >>> layout = build_pots({"Alice": 30, "Bilal": 80, "Chloé": 80, "David": 10}, folded=["David"])
    >>> [(pot.amount, pot.formula, pot.eligible) for pot in layout.pots]
    [(100, '30+30+30+10 = 100', ('Alice', 'Bilal', 'Chloé')), (100, '2 × (80 − 30) = 100', ('Bilal', 'Chloé'))]

    EX-03: the 30 that nobody matched goes back to Chloé.

    >>> dict(build_pots({"Alice": 30, "Bilal": 70, "Chloé": 100}).refunds)
    {'Chloé': 30}

    ``dead`` names the part of a contribution that is dead money, such as a big-blind ante (TDA
    2024, RP-11): it goes into the main pot, matches no bet and is never returned. Here the big
    blind's 30 include a 10 ante:

    >>> layout = build_pots({"SB": 20, "BB": 30, "BTN": 20}, dead={"BB": 10})
    >>> [(pot.amount, pot.formula) for pot in layout.pots], dict(layout.refunds)
    ([(70, '20+30+20 = 70')], {})
    """
    contributions = check_contributions(contributions)
    seats = tuple(contributions)
    folded_set = check_folded(folded, seats)
    dead_money = check_dead(dead, contributions)
    bets = [c - dead_money.get(p, 0) for p, c in contributions.items()]
    is_live = [p not in folded_set for p in seats]
    top, refund, tiers = cut_tiers(bets, is_live)
    if top is not None and not is_live[top]:
        refunded_player = seats[top]
        raise InputError(
            f"folded player {refunded_player!r} put in {format_amount(contributions[refunded_player])}, "
            "more than anyone else: a player only folds facing a larger bet, so a folded "
            "player's chips can never be the uncalled part. Check the contributions and folds."
        )
    in_play = dict(zip(seats, bets))
    refunds: dict[str, Amount] = {}
    if top is not None:
        in_play[seats[top]] -= refund
        refunds[seats[top]] = refund

    live = [p for p in seats if p not in folded_set]
    top_live = tiers[-1].high if tiers else 0
    stranded = {p: c for p, c in in_play.items() if c > top_live}
    if stranded:
        names = ", ".join(f"{p} ({format_amount(c)})" for p, c in stranded.items())
        raise InputError(
            "a pot nobody can win: every live player put in at most "
            f"{format_amount(top_live)}, but folded players put in more: {names}. "
            "Chips above the largest live contribution would form a pot with no eligible player."
        )

    pots: list[Pot] = []
    for tier in tiers:
        low, high = tier.low, tier.high
        parts = {p: min(c, high) - low for p, c in in_play.items() if c > low}
        pots.append(
            Pot(
                index=len(pots),
                low=low,
                high=high,
                amount=tier.amount,
                eligible=tuple(seats[j] for j in tier.eligible),
                contributions=parts,
            )
        )
    if dead_money:
        pots = add_dead_money(pots, dead_money, seats=seats, live=live)
    return PotLayout(
        seats=seats,
        contributions=contributions,
        folded=folded_set,
        pots=tuple(pots),
        refunds=refunds,
        dead=dead_money,
    )


def add_dead_money(
    pots: list[Pot], dead: Mapping[str, Amount], *, seats: Sequence[str], live: Sequence[str]
) -> list[Pot]:
    """Put dead money into the main pot (making one for the live players if there is none).

    >>> pots = build_pots({"A": 10, "B": 10}).pots
    >>> [(p.amount, dict(p.contributions)) for p in add_dead_money(list(pots), {"B": 5}, seats="AB", live="AB")]
    [(25, {'A': 10, 'B': 15})]
    """
    if pots:
        main = pots[0]
    else:
        main = Pot(index=0, low=0, high=0, amount=0, eligible=tuple(live), contributions={})
    parts = dict(main.contributions)
    for player, chips in dead.items():
        parts[player] = parts.get(player, 0) + chips
    main = replace(
        main,
        amount=main.amount + sum(dead.values(), start=0),
        contributions={p: parts[p] for p in seats if p in parts},
    )
    return [main, *pots[1:]]
