"""Hi-lo: each pot split between the best high hand and the best qualifying low hand.

In Omaha hi-lo and seven-card stud hi-lo every pot, the main pot and each side pot *on its own*,
is divided in two among that pot's eligible players:

1. if none of them holds a qualifying low (eight or better), the best high hand(s) take the whole
   pot;
2. otherwise the pot is cut into a high half and a low half; when it does not divide evenly in
   chips of the smallest denomination, the odd chip goes to the **high** half;
3. each half goes to its best eligible hand(s); a tie splits that half, odd chips one each
   clockwise from the button, as in any split.

Two consequences have names. A player who wins both halves (or the whole pot when nobody has a
low) **scoops** it. Two players with the same low share the low half: each gets a quarter of the
pot, and the low is **quartered**.

>>> from potengine.pots.layout import build_pots
>>> pot = build_pots({"Alice": 50, "Bilal": 50, "Chloé": 51}).pots[0]
>>> split = award_hilo(pot, (("Alice",), ("Bilal",), ("Chloé",)), (("Bilal", "Chloé"),),
...                    order=("Alice", "Bilal", "Chloé"), chip=1)
>>> split.high_amount, split.low_amount, dict(split.high_shares), dict(split.low_shares)
(75, 75, {'Alice': 75}, {'Bilal': 38, 'Chloé': 37})
>>> dict(split.shares), split.quartered
({'Alice': 75, 'Bilal': 38, 'Chloé': 37}, ('Bilal', 'Chloé'))

Stud's own rule differs on the odd chip: in seven-card stud hi-lo there is no button, and the odd
chip of a tied half goes to the player with the highest card by suit (the German guide's rule); this
module hands it out clockwise from the ``order`` it is given, the board games' rule (TDA 20). To
settle stud with its own rule pass an ``order`` that starts with the player holding the high card.

PokerKit 0.7.7 differs in one spot (see ``tests/test_hilo_pokerkit.py``): when some pot has a
qualifying low but a side pot's own players have none, it still splits that side pot's low half
among them; here, as the rule says, that side pot goes whole to its best high hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields

from ..cards.deck import Card, Cards, format_cards
from ..cards.low import LowValue, omaha_low_from_cards, rank_lows
from ..cards.omaha import OmahaValue, omaha_from_cards, parse_omaha_deal
from ..chips import Amount
from ..errors import CardError, InputError, said
from .layout import Pot, _frozen
from .ranking import Tiers, _name, check_shown_hands
from .split import best_eligible, pot_winners, split_pot

# The games settle() knows: hold'em (high only), Omaha high, Omaha eight-or-better hi-lo, and
# short-deck (6+) hold'em in the two orders rooms use (potengine.cards.short_deck): "short-deck",
# a straight beats three of a kind (GGPoker, Triton); "short-deck-trips-beat-straight", the other.
GAMES = ("holdem", "omaha", "omaha-hi-lo", "short-deck", "short-deck-trips-beat-straight")
OMAHA_GAMES = ("omaha", "omaha-hi-lo")
SHORT_DECK_RULES = {"short-deck": "triton", "short-deck-trips-beat-straight": "trips-beat-straight"}

__all__ = ["HiLoPot", "award_hilo", "divide", "normalise_low_ranking"]


def divide(amount: Amount, chip: Amount = 1) -> tuple[Amount, Amount]:
    """Cut a pot into its high half and its low half; an odd chip goes to the high half.

    >>> divide(150), divide(151), divide(125, chip=25)
    ((75, 75), (76, 75), (75, 50))
    """
    units = int(amount // chip)
    low = (units // 2) * chip
    return amount - low, low


@dataclass(frozen=True)
class HiLoPot(Pot):
    """A pot settled hi-lo: a :class:`~potengine.pots.layout.Pot` whose ``winners`` and ``shares``
    cover both halves, plus each half on its own.

    ``low_amount`` is 0 and ``low_winners`` empty when no eligible player had a qualifying low
    (the high hand takes the whole pot); an uncontested pot is not divided.
    """

    high_amount: Amount = 0
    low_amount: Amount = 0
    high_winners: tuple[str, ...] = ()
    low_winners: tuple[str, ...] = ()
    high_shares: Mapping[str, Amount] = field(default_factory=dict)
    low_shares: Mapping[str, Amount] = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "high_shares", _frozen(self.high_shares))
        object.__setattr__(self, "low_shares", _frozen(self.low_shares))

    @property
    def divided(self) -> bool:
        """Whether the pot was cut into a high and a low half (some eligible player had a low)."""
        return bool(self.low_winners)

    @property
    def scooped_by(self) -> str | None:
        """The one player who took the whole pot (both halves, or all of it with no low), if any.

        >>> from potengine.pots.layout import build_pots
        >>> pot = build_pots({"A": 10, "B": 10}).pots[0]
        >>> award_hilo(pot, (("A",), ("B",)), (("A",), ("B",)), order=("A", "B"), chip=1).scooped_by
        'A'
        """
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def quartered(self) -> tuple[str, ...]:
        """The players who share the low half two ways, a quarter of the pot each (empty if not)."""
        return self.low_winners if len(self.low_winners) == 2 else ()


def normalise_low_ranking(
    low_ranking: Sequence[str | Iterable[str]] | None, *, seats: Sequence[str], live: Sequence[str]
) -> Tiers:
    """Check a low ranking (best low first, ties grouped; only players who hold a qualifying low).

    Players without a qualifying low are simply left out; an empty list means nobody qualifies.

    >>> normalise_low_ranking(["B", ("C", "A")], seats=["A", "B", "C"], live=["A", "B", "C"])
    (('B',), ('A', 'C'))
    >>> normalise_low_ranking(["D"], seats=["A", "B", "C"], live=["A", "B"])
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: low_ranking names 'D', who is not seated (players: A, B, C)
    >>> normalise_low_ranking(["C"], seats=["A", "B", "C"], live=["A", "B"])
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: low_ranking names 'C', who folded: a folded player has no low at the showdown
    """
    if low_ranking is None:
        return ()
    if isinstance(low_ranking, (str, bytes)) or not isinstance(low_ranking, Iterable):
        raise InputError(
            said(
                "low_ranking must be a list of the players holding a qualifying low, best first, "
                "ties grouped in a tuple, e.g. ['Bilal', ('Alice', 'Chloé')]; got {low_ranking}",
                low_ranking=repr(low_ranking),
            )
        )
    seat_of = {p: i for i, p in enumerate(seats)}
    seen: set[str] = set()
    tiers = []
    for entry in low_ranking:
        group = (entry,) if isinstance(entry, str) else tuple(entry) if isinstance(entry, Iterable) else None
        if not group:
            raise InputError(
                said(
                    "low_ranking entries must be player names or tie groups, got {entry}", entry=_name(entry)
                )
            )
        for player in group:
            if not isinstance(player, str):
                raise InputError(
                    said("low_ranking entries must be player names, got {player}", player=_name(player))
                )
            if player not in seat_of:
                raise InputError(
                    said(
                        "low_ranking names {player}, who is not seated (players: {players})",
                        player=_name(player),
                        players=", ".join(seats)[:200],
                    )
                )
            if player not in live:
                raise InputError(
                    said(
                        "low_ranking names {player}, who folded: a folded player has no low at the showdown",
                        player=_name(player),
                    )
                )
            if player in seen:
                raise InputError(said("low_ranking names {player} twice", player=_name(player)))
            seen.add(player)
        tiers.append(tuple(sorted(group, key=seat_of.__getitem__)))
    return tuple(tiers)


def award_hilo(
    pot: Pot, tiers: Tiers | None, low_tiers: Tiers, *, order: Sequence[str], chip: Amount
) -> HiLoPot:
    """Award one pot hi-lo: high half and low half, each to its best eligible hand(s).

    ``tiers`` is the high ranking, ``low_tiers`` the low ranking of the qualifying lows only (both
    best first, ties grouped); ``order`` the seats clockwise from the button's left.

    >>> from potengine.pots.layout import build_pots
    >>> pot = build_pots({"A": 30, "B": 30, "C": 30}).pots[0]
    >>> award_hilo(pot, (("A",), ("B", "C")), (), order=("A", "B", "C"), chip=1).shares
    mappingproxy({'A': 90})
    """
    eligible = pot.eligible
    high_winners = pot_winners(eligible, tiers, pot.index)
    low_winners = best_eligible(low_tiers, eligible) if len(eligible) > 1 else ()
    if low_winners:
        high_amount, low_amount = divide(pot.awarded, chip)
    else:
        high_amount, low_amount = pot.awarded, pot.awarded * 0
    high_shares = split_pot(high_amount, high_winners, order=order, chip=chip)
    low_shares: dict[str, Amount] = (
        split_pot(low_amount, low_winners, order=order, chip=chip) if low_winners else {}
    )
    total = {
        p: high_shares.get(p, 0) + low_shares.get(p, 0)
        for p in eligible
        if p in high_shares or p in low_shares
    }
    winners = tuple(p for p in eligible if p in total)
    # Every field the pot already has (whatever Pot holds), then the award and the two halves.
    base = {f.name: getattr(pot, f.name) for f in fields(Pot) if f.name not in ("winners", "shares")}
    return HiLoPot(
        **base,
        winners=winners,
        shares=total,
        high_amount=high_amount,
        low_amount=low_amount,
        high_winners=high_winners,
        low_winners=low_winners,
        high_shares=high_shares,
        low_shares=low_shares,
    )


def award_all_hilo(
    pots: Sequence[Pot], tiers: Tiers | None, low_tiers: Tiers, *, order: Sequence[str], chip: Amount
) -> tuple[HiLoPot, ...]:
    """Award every pot hi-lo, from the last side pot back to the main pot; main pot first.

    >>> from potengine.pots.layout import build_pots
    >>> pots = build_pots({"A": 20, "B": 50, "C": 50}).pots
    >>> [dict(p.shares) for p in award_all_hilo(pots, (("B",), ("A",), ("C",)), (("A",), ("C",)),
    ...                                          order=("A", "B", "C"), chip=1)]
    [{'A': 30, 'B': 30}, {'B': 30, 'C': 30}]
    """
    awarded = [award_hilo(pot, tiers, low_tiers, order=order, chip=chip) for pot in reversed(pots)]
    return tuple(reversed(awarded))


def rank_hilo_by_cards(
    hands: Mapping[str, Cards],
    board: Cards | None,
    *,
    game: str,
    seats: Sequence[str],
    live: Sequence[str],
) -> tuple[Tiers, dict[str, OmahaValue], Tiers, dict[str, LowValue | None], tuple[Card, ...]]:
    """Rank the live players of an Omaha hand by their cards: (high tiers, high values, low tiers,
    low values, board). ``game`` is ``"omaha"`` (no low) or ``"omaha-hi-lo"``.

    >>> tiers, values, low_tiers, lows, board = rank_hilo_by_cards(
    ...     {"A": "As 2s Kd Kc", "B": "Qh Qd 3c 4c"}, "Qs 5s 8h 3d Jc", game="omaha-hi-lo",
    ...     seats=["A", "B"], live=["A", "B"])
    >>> tiers, low_tiers, values["B"].description, lows["A"].description, lows["B"]
    ((('B',), ('A',)), (('A',),), 'Three of a kind, queens, kickers J 8', 'Eight-five low: 8 5 3 2 A', None)
    """

    if game not in ("omaha", "omaha-hi-lo"):
        raise InputError(said("game must be 'holdem', 'omaha' or 'omaha-hi-lo', not {game}", game=repr(game)))
    check_shown_hands(hands, seats, live, "{'Alice': 'As Ah Kd Qd'}")
    assert isinstance(hands, Mapping)
    holes, board_cards = parse_omaha_deal(hands, board if board is not None else "")
    if len(board_cards) != 5:
        raise CardError(
            said(
                "the board must hold the 5 community cards at the showdown, got {count} ({cards})",
                count=len(board_cards),
                cards=format_cards(board_cards) or said("no cards"),
            )
        )
    seat_of = {p: i for i, p in enumerate(seats)}
    values = {p: omaha_from_cards(holes[p], board_cards) for p in live}
    order = sorted({v.strength for v in values.values()}, reverse=True)
    tiers = tuple(
        tuple(sorted((p for p, v in values.items() if v.strength == s), key=seat_of.__getitem__))
        for s in order
    )
    lows: dict[str, LowValue | None] = {}
    low_tiers: Tiers = ()
    if game == "omaha-hi-lo":
        lows = {p: omaha_low_from_cards(holes[p], board_cards) for p in live}
        low_tiers = tuple(tuple(sorted(t, key=seat_of.__getitem__)) for t in rank_lows(lows))
    return tiers, values, low_tiers, lows, tuple(board_cards)
