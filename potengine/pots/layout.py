"""Forming the pots: the uncalled part returned, the rest cut into tiers at the all-in levels.

This module holds the first four steps of every settlement, before anybody shows a card:

1. take each player's total contribution and note who folded;
2. return the part of the largest contribution that nobody matched (:func:`uncalled_bet`);
3. cut what is left into tiers at the live players' contribution levels (:func:`build_pots`);
4. note, for each tier, the live players who reached it: they alone may win it.

A folded player's chips stay in whichever tier they reached, but he wins none of them.

>>> layout = build_pots({"Alice": 20, "Bilal": 50, "Chloé": 90, "David": 90})
>>> [(pot.name, pot.amount, pot.eligible) for pot in layout.pots]
[('Main pot', 80, ('Alice', 'Bilal', 'Chloé', 'David')), ('Side pot 1', 90, ('Bilal', 'Chloé', 'David')),
 ('Side pot 2', 80, ('Chloé', 'David'))]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import compress
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from ..chips import MAX_CHIPS, Amount, check_amount, exact_arithmetic, format_amount, sum_formula
from ..errors import InputError, said

if TYPE_CHECKING:  # pragma: no cover
    from .runs import RunPart

T = TypeVar("T")
EMPTY: Mapping[str, Amount] = MappingProxyType({})


def _frozen(mapping: Mapping[str, T]) -> Mapping[str, T]:
    """A read-only copy of ``mapping``."""
    return MappingProxyType(dict(mapping))


def built(cls: type[T], fields: dict[str, Any]) -> T:
    """An instance of one of the engine's frozen result classes (:class:`Pot`, :class:`PotLayout`,
    the settlement) whose attributes are ``fields``, every one of them, already checked and frozen
    by the engine itself: what the dataclass's ``__init__`` would store, without its per-field
    calls and read-only copies. Not for input from outside, which goes through the class itself.

    >>> pot = built(Pot, {"index": 0, "low": 0, "high": 5, "amount": 10, "eligible": ("A", "B"),
    ...                   "contributions": MappingProxyType({"A": 5, "B": 5}), "winners": (),
    ...                   "shares": EMPTY, "rake": 0})
    >>> pot.formula
    '2 × 5 = 10'
    """
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


def rebuilt(obj: T, **changes: Any) -> T:
    """:func:`dataclasses.replace` for the engine's own frozen results: a copy of ``obj`` with
    ``changes``, which must be frozen already (the other fields are shared, not copied).

    >>> pot = build_pots({"A": 5, "B": 5}).pots[0]
    >>> rebuilt(pot, rake=1).awarded, pot.rake
    (9, 0)
    """
    return built(type(obj), {**obj.__dict__, **changes})


class TierContributions(Mapping[str, Amount]):
    """What each player put into one pot: the part of his bet between the pot's two levels
    (folded players included, players who did not reach the lower level left out).

    A read-only mapping, worked out from the bets the first time it is read: a settlement needs
    only each pot's amount, so the per-player parts of most pots are never computed. ``bets``
    must not change afterwards (the engine passes a list it no longer touches).

    >>> parts = TierContributions(("A", "B", "C"), [30, 70, 100], 30, 70)
    >>> dict(parts), parts["C"], len(parts), parts == {"B": 40, "C": 40}
    ({'B': 40, 'C': 40}, 40, 2, True)
    """

    __slots__ = ("_tier", "_parts")

    def __init__(self, seats: tuple[str, ...], bets: Sequence[Amount], low: Amount, high: Amount) -> None:
        self._tier = (seats, bets, low, high)
        self._parts: dict[str, Amount] | None = None

    def _worked_out(self) -> dict[str, Amount]:
        parts = self._parts
        if parts is None:
            seats, bets, low, high = self._tier
            parts = {p: (c if c < high else high) - low for p, c in zip(seats, bets, strict=True) if c > low}
            self._parts = parts
        return parts

    def __getitem__(self, player: str) -> Amount:
        return self._worked_out()[player]

    def __iter__(self) -> Iterator[str]:
        return iter(self._worked_out())

    def __len__(self) -> int:
        return len(self._worked_out())

    def __contains__(self, player: object) -> bool:
        return player in self._worked_out()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return self._worked_out() == dict(other)

    __hash__ = None  # type: ignore[assignment]  # a mapping, like dict

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._worked_out()!r})"


def pot_name(index: int) -> str:
    """What the dealer calls the pot at ``index``: the main pot, then side pots 1, 2, …

    >>> pot_name(0), pot_name(2)
    ('Main pot', 'Side pot 2')
    """
    return "Main pot" if index == 0 else f"Side pot {index}"


def pot_said(index: int) -> str:
    """:func:`pot_name` said, for an error message: the pot's name in the error's language.

    >>> pot_said(2), pot_said(0).in_language("nl")
    ('Side pot 2', 'Hoofdpot')
    """
    return said("Main pot") if index == 0 else said("Side pot {number}", number=index)


@dataclass(frozen=True)
class Pot:
    """One pot: the chips every player put in between two contribution levels.

    ``amount`` is the sum over all players (folded ones included) of what they put in between
    ``low`` and ``high``; ``eligible`` are the live players who reached ``high``, in seat order.
    After a showdown ``winners`` and ``shares`` say who took it and how much each got, and
    ``rake`` what the house withheld from it first. ``fees`` are the other fees withheld from it
    and ``added`` the money the room put into it (a cash drop), each ``{name: amount}``: ``amount``
    then includes the added money, and the winners share ``awarded``, the amount less the rake and
    the fees (see :mod:`potengine.pots.fees`). A hand run more than once (see
    :mod:`potengine.pots.runs`) gives a contested pot one part per run in ``runs``, and
    ``winners`` and ``shares`` then total the runs; a pot dealt once, or not run because one
    player alone can win it, has no parts (``runs`` is empty).

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
    runs: tuple[RunPart, ...] = ()
    fees: Mapping[str, Amount] = field(default_factory=dict)
    added: Mapping[str, Amount] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "contributions", _frozen(self.contributions))
        object.__setattr__(self, "shares", _frozen(self.shares))
        object.__setattr__(self, "fees", _frozen(self.fees))
        object.__setattr__(self, "added", _frozen(self.added))

    @property
    def name(self) -> str:
        """``"Main pot"`` for the first pot, ``"Side pot N"`` for the N-th side pot."""
        return pot_name(self.index)

    @property
    def dead(self) -> Amount:
        """Chips in this pot from players who folded (they stay, but nobody folded can win them)."""
        return sum(
            (chips for player, chips in self.contributions.items() if player not in self.eligible),
            start=0,
        )

    @property
    def awarded(self) -> Amount:
        """The chips that go to the winners: the amount less the rake and the fees."""
        if self.fees:
            return self.amount - self.rake - sum(self.fees.values(), start=0)
        return self.amount - self.rake

    @property
    def formula(self) -> str:
        """The dealer's sum for this pot, e.g. ``"3 × (50 − 20) = 90"`` or ``"30+30+30+10 = 100"``.

        A pot in which everybody put in the same (live players only) is written as a product;
        otherwise (folded players put in less) as the sum of each player's part. Money the room
        added is named after the players' chips: ``"2 × 40 + 20 cash drop = 100"``.
        """
        if not self.added:
            return sum_formula(self.contributions.values(), self.low, self.high, self.amount)
        extra = sum(self.added.values(), start=0)
        players = sum_formula(self.contributions.values(), self.low, self.high, self.amount - extra)
        head = players.rsplit(" = ", 1)[0]
        named = "".join(f" + {format_amount(a)} {name}" for name, a in self.added.items())
        return f"{head}{named} = {format_amount(self.amount)}"


# Pots the engine builds from their fields (``built``) without fees or added money read these.
Pot.fees = EMPTY
Pot.added = EMPTY


@dataclass(frozen=True)
class PotLayout:
    """The pots and the returned chips, formed from the contributions before any showdown.

    ``seats`` is the clockwise seat order (the order of the contributions mapping), ``live`` the
    players who did not fold, ``refunds`` the uncalled chips handed back (not a win), ``dead`` the
    part of each contribution that was dead money (a big-blind ante), added to the main pot. In a
    settlement's layout the pots are the settled ones, with their winners and shares: the same
    pots as the settlement's ``pots``.
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
    if type(contributions) is not dict and not isinstance(contributions, Mapping):
        raise InputError(
            said(
                "contributions must be a mapping {{player: total chips put in}}, not {kind}",
                kind=type(contributions).__name__,
            )
        )
    if len(contributions) < 2:
        raise InputError(said("a pot needs at least two players, got {count}", count=len(contributions)))
    checked: dict[str, Amount] = {}
    for player, amount in contributions.items():
        if not isinstance(player, str) or not player or player.isspace():
            raise InputError(
                said("player names must be non-empty strings, got {player}", player=repr(player))
            )
        if type(amount) is not int or not 0 <= amount <= MAX_CHIPS:
            amount = check_amount(amount, "{player}'s contribution", player=player)
        checked[player] = amount
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
    seats = seats if isinstance(seats, tuple) else tuple(seats)
    if type(folded) is list or type(folded) is tuple or type(folded) is frozenset:
        # The usual case, checked in one go; anything wrong is explained by the loop below.
        try:
            out = frozenset(folded)
        except TypeError:
            out = None
        if out is not None and len(out) == len(folded) < len(seats) and out.issubset(seats):
            return out
    if isinstance(folded, str):
        folded = (folded,)
    if not isinstance(folded, Iterable):
        raise InputError(
            said("folded must be a list of players, e.g. ['David'], not {kind}", kind=type(folded).__name__)
        )
    seen: set[str] = set()
    for player in folded:
        if player not in seats:
            raise InputError(
                said(
                    "folded player {player} is not seated (players: {players})",
                    player=repr(player),
                    players=", ".join(seats),
                )
            )
        if player in seen:
            raise InputError(said("folded player {player} is listed twice", player=repr(player)))
        seen.add(player)
    if len(seen) == len(seats):
        raise InputError(said("every player folded: somebody must be left to win the pot"))
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
        raise InputError(
            said("dead must be a mapping {{player: chips}}, not {kind}", kind=type(dead).__name__)
        )
    checked: dict[str, Amount] = {}
    for player, amount in dead.items():
        if player not in contributions:
            raise InputError(
                said(
                    "dead money of {player}, who is not seated (players: {players})",
                    player=repr(player),
                    players=", ".join(contributions),
                )
            )
        amount = check_amount(amount, "{player}'s dead money", player=player)
        if amount > contributions[player]:
            raise InputError(
                said(
                    "{player}'s dead money ({amount}) is more than {player} put in ({contribution})",
                    player=player,
                    amount=format_amount(amount),
                    contribution=format_amount(contributions[player]),
                )
            )
        if amount:
            checked[player] = amount
    return checked


def uncalled_bet(contributions: Mapping[str, Amount]) -> tuple[str | None, Amount]:
    """The player whose contribution nobody matched, and the unmatched part (returned, not won).

    Only the single largest contribution can be uncalled: the part above the second-largest
    contribution (folded players count, since their chips were really put in) goes back, even to
    a player who then folds. The rule itself is written once, in :func:`cut_tiers`.

    >>> uncalled_bet({"Alice": 30, "Bilal": 70, "Chloé": 100})
    ('Chloé', 30)
    >>> uncalled_bet({"Alice": 40, "Bilal": 100, "Chloé": 100})
    (None, 0)
    """
    seats = list(contributions)
    top, refund, _ = cut_tiers(list(contributions.values()), [True] * len(seats))
    return (None, 0) if top is None else (seats[top], refund)


class Tier(NamedTuple):
    """One tier of the pots: the chips put in between ``low`` and ``high`` and the live seats
    that reached ``high`` (their indexes, or their names when :func:`cut_tiers` is given them)."""

    low: Amount
    high: Amount
    amount: Amount
    eligible: tuple[Any, ...]


_tier = tuple.__new__


def cut_tiers(
    amounts: Sequence[Amount], live: Sequence[bool], seats: Sequence[Any] | None = None
) -> tuple[int | None, Amount, list[Tier]]:
    """The one core of pot forming, on seat-indexed amounts: the uncalled bet, then the tiers.

    Returns the seat whose amount nobody matched (None if the top is matched), the unmatched part
    returned to him, and the tiers of what is left, cut at every distinct positive amount of a
    live seat. A tier names its eligible seats by index, or by ``seats[index]`` when ``seats``
    (e.g. the players' names) is given. :func:`build_pots` and the hand model's street-by-street
    pots both use it.

    >>> cut_tiers([30, 70, 100], [True, True, True])
    (2, 30, [Tier(low=0, high=30, amount=90, eligible=(0, 1, 2)),
             Tier(low=30, high=70, amount=80, eligible=(1, 2))])
    >>> cut_tiers([30, 70, 100], [True, True, True], ("A", "B", "C"))[2][1].eligible
    ('B', 'C')
    """
    in_play = list(amounts)
    top: int | None = None
    refund: Amount = 0
    if len(in_play) > 1:
        second, highest = sorted(in_play)[-2:]
        if highest > second:
            top = in_play.index(highest)
            refund = highest - second
            in_play[top] = second
    names = range(len(in_play)) if seats is None else seats
    # A tier ends at every distinct positive amount of a live seat: sorted, equal ones then side
    # by side, the first of each kept (not a set: hashing a Decimal costs more than sorting).
    levels: list[Amount] = []
    for c in sorted(compress(in_play, live)):
        if c and (not levels or c != levels[-1]):
            levels.append(c)
    tiers: list[Tier] = []
    low: Amount = 0
    for high in levels:
        # Everybody's chips between low and high: the full width from each seat that reached high
        # (the live ones among them are eligible), the part of it from each seat that did not.
        amount: Amount = 0
        reached = 0
        eligible = []
        for name, c, alive in zip(names, in_play, live, strict=False):
            if c >= high:
                reached += 1
                if alive:
                    eligible.append(name)
            elif c > low:
                amount += c - low
        amount += (high - low) * reached
        tiers.append(_tier(Tier, (low, high, amount, tuple(eligible))))  # Tier(...) without its __new__
        low = high
    return top, refund, tiers


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
    [(100, '30+30+30+10 = 100', ('Alice', 'Bilal', 'Chloé')),
     (100, '2 × (80 − 30) = 100', ('Bilal', 'Chloé'))]

    EX-03: the 30 that nobody matched goes back to Chloé.

    >>> dict(build_pots({"Alice": 30, "Bilal": 70, "Chloé": 100}).refunds)
    {'Chloé': 30}

    The unmatched part goes back even to a bettor who then folds: called all-in for 500, he
    mucks his 900 bet at the showdown and takes back 400.

    >>> layout = build_pots({"Alice": 900, "Chloé": 500}, folded=["Alice"])
    >>> dict(layout.refunds), [(pot.amount, pot.eligible) for pot in layout.pots]
    ({'Alice': 400}, [(1000, ('Chloé',))])

    ``dead`` names the part of a contribution that is dead money, such as a big-blind ante (TDA
    2024, RP-11): it goes into the main pot, matches no bet and is never returned. Here the big
    blind's 30 include a 10 ante:

    >>> layout = build_pots({"SB": 20, "BB": 30, "BTN": 20}, dead={"BB": 10})
    >>> [(pot.amount, pot.formula) for pot in layout.pots], dict(layout.refunds)
    ([(70, '20+30+20 = 70')], {})
    """
    checked = check_contributions(contributions)
    seats = tuple(checked)
    folded_set = check_folded(folded, seats)
    dead_money = check_dead(dead, checked)
    if any(type(c) is not int for c in checked.values()):
        with exact_arithmetic("the pots"):
            return form_pots(checked, folded_set, dead_money)
    return form_pots(checked, folded_set, dead_money)


def form_pots(
    contributions: Mapping[str, Amount],
    folded: frozenset[str] = frozenset(),
    dead: Mapping[str, Amount] | None = None,
) -> PotLayout:
    """:func:`build_pots` for input already checked: every amount valid, every folded player seated.

    This is the trusted path for callers that validated their input themselves (the hand model,
    the hand-history auditor); it still refuses a pot nobody can win. Decimal amounts should be
    given inside :func:`potengine.chips.exact_arithmetic`.

    >>> layout = form_pots({"A": 900, "C": 500}, frozenset({"A"}))
    >>> dict(layout.refunds), [(pot.amount, pot.eligible) for pot in layout.pots]
    ({'A': 400}, [(1000, ('C',))])
    """
    return layout_of(layout_fields(contributions, folded, dead))


def layout_fields(
    contributions: Mapping[str, Amount],
    folded: frozenset[str] = frozenset(),
    dead: Mapping[str, Amount] | None = None,
) -> dict[str, Any]:
    """The pots formed from checked input, as plain data: the fields of a :class:`PotLayout`
    whose ``pots`` is a list of the fields of each :class:`Pot`, not yet awarded (no winners, no
    rake). :func:`form_pots` builds them as they are; the settlement
    (:mod:`potengine.pots.settlement`) first withholds the rake and awards each pot, so that every
    pot is built once, settled. :func:`layout_of` builds the result.

    >>> fields = layout_fields({"A": 40, "B": 100, "C": 100})
    >>> [(pot["amount"], pot["eligible"], pot["winners"]) for pot in fields["pots"]]
    [(120, ('A', 'B', 'C'), ()), (120, ('B', 'C'), ())]
    """
    seats = tuple(contributions)
    bets = [c - dead.get(p, 0) for p, c in contributions.items()] if dead else list(contributions.values())
    live = [p not in folded for p in seats] if folded else [True] * len(seats)
    # The uncalled part goes back even to a player who then folds: a bettor called all-in for
    # less who mucks at the showdown still gets back what nobody matched.
    top, refund, tiers = cut_tiers(bets, live, seats)
    refunds: dict[str, Amount] = {}
    if top is not None:
        bets[top] -= refund
        refunds[seats[top]] = refund
    if folded:
        top_live = tiers[-1].high if tiers else 0
        if max(bets) > top_live:
            names = ", ".join(
                f"{p} ({format_amount(c)})" for p, c in zip(seats, bets, strict=True) if c > top_live
            )
            raise InputError(
                said(
                    "a pot nobody can win: every live player put in at most {amount}, but folded "
                    "players put in more: {names}. Chips above the largest live contribution would "
                    "form a pot with no eligible player.",
                    amount=format_amount(top_live),
                    names=names,
                )
            )
    pots = [
        {
            "index": index,
            "low": low,
            "high": high,
            "amount": amount,
            "eligible": eligible,
            "contributions": TierContributions(seats, bets, low, high),
            "winners": (),
            "shares": EMPTY,
            "rake": 0,
        }
        for index, (low, high, amount, eligible) in enumerate(tiers)
    ]
    if dead:
        _add_dead(pots, dead, seats=seats, live=[p for p in seats if p not in folded])
    return {
        "seats": seats,
        "contributions": MappingProxyType(dict(contributions)),
        "folded": folded,
        "pots": pots,
        "refunds": MappingProxyType(refunds),
        "dead": MappingProxyType(dict(dead)) if dead else EMPTY,
    }


def layout_of(fields: dict[str, Any]) -> PotLayout:
    """The :class:`PotLayout` of :func:`layout_fields`' ``fields``, each pot built once.

    >>> layout_of(layout_fields({"A": 30, "B": 70, "C": 100}))
    <PotLayout: Main pot 90, Side pot 1 80; returned C 30>
    """
    fields["pots"] = tuple([built(Pot, pot) for pot in fields["pots"]])
    return built(PotLayout, fields)


def add_dead_money(
    pots: list[Pot], dead: Mapping[str, Amount], *, seats: Sequence[str], live: Sequence[str]
) -> list[Pot]:
    """Put dead money into the main pot (making one for the live players if there is none).

    >>> pots = build_pots({"A": 10, "B": 10}).pots
    >>> with_dead = add_dead_money(list(pots), {"B": 5}, seats="AB", live="AB")
    >>> [(p.amount, dict(p.contributions)) for p in with_dead]
    [(25, {'A': 10, 'B': 15})]
    """
    fields = [dict(pot.__dict__) for pot in pots]
    _add_dead(fields, dead, seats=seats, live=live)
    return [built(Pot, pot) for pot in fields]


def _add_dead(
    pots: list[dict[str, Any]], dead: Mapping[str, Amount], *, seats: Sequence[str], live: Sequence[str]
) -> None:
    """:func:`add_dead_money` on the fields of the pots (see :func:`layout_fields`), in place."""
    if not pots:
        pots.append(
            {
                "index": 0,
                "low": 0,
                "high": 0,
                "amount": 0,
                "eligible": tuple(live),
                "contributions": EMPTY,
                "winners": (),
                "shares": EMPTY,
                "rake": 0,
            }
        )
    main = pots[0]
    parts = dict(main["contributions"])
    for player, chips in dead.items():
        parts[player] = parts.get(player, 0) + chips
    main["amount"] += sum(dead.values(), start=0)
    main["contributions"] = MappingProxyType({p: parts[p] for p in seats if p in parts})
