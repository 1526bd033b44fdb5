"""Omaha high: exactly two of the four (five, six) hole cards with exactly three of the board.

In hold'em a player uses any five of his seven cards; in Omaha he **must** use two hole cards and
three board cards, no more and no fewer. Four spades on the board and one in the hand is no flush;
a board pair and a pocket pair is no full house unless three board cards fit with two hole cards.
:func:`evaluate_omaha` tries all 6 × 10 = 60 ways (100 with five hole cards, 15 × 10 = 150 with
six) and keeps the best;
its :class:`OmahaValue` is a :class:`~potengine.cards.evaluate.HandValue` (same strengths, same
order, same words) that also says which cards of the hand and of the board play.

>>> hand = evaluate_omaha("As Kd 7c 2h", "Qs Js Ts 9s 3s")
>>> hand.description, hand.explanation
('Ace-high straight', 'Ace-high straight: A♠ K♦ from the hand, Q♠ J♠ 10♠ from the board.')
>>> evaluate_omaha("As 8d 7c 2h", "Qs Js Ts 9s 3s").description   # one spade in hand: no flush
'Jack-high straight'

:func:`rank_omaha_players` ranks a table at showdown, as
:func:`~potengine.cards.evaluate.rank_players` does for hold'em.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from ..errors import CardError, message_of, said
from .deck import DECK, Card, CardLike, check_no_duplicates, format_cards, parse_cards
from .evaluate import HandValue, strength_of_indices

__all__ = [
    "HOLE_COUNTS",
    "OmahaValue",
    "evaluate_omaha",
    "omaha_from_cards",
    "parse_omaha_deal",
    "rank_omaha_players",
]

HOLE_COUNTS = (4, 5, 6)
"""How many hole cards an Omaha hand may hold: four, five (5-card Omaha) or six (6-card Omaha);
every player of a hand the same number. Two of them play, however many there are."""


class OmahaValue(HandValue):
    """An Omaha hand's value: ``(strength, the five cards that play, the two hole cards used)``.

    Compares and hashes like :class:`~potengine.cards.evaluate.HandValue` (strength only).

    >>> hand = evaluate_omaha("Ah Ad Kc Qc", "Ac 7d 7s 2h 9c")
    >>> hand.description, format_cards(hand.hole_used), format_cards(hand.board_used)
    ('Aces full of sevens', 'A♥ A♦', 'A♣ 7♦ 7♠')
    """

    __slots__ = ()

    def __new__(cls, strength: int, indices: Sequence[int], hole: Sequence[int] = ()) -> OmahaValue:
        return tuple.__new__(cls, (strength, tuple(indices), tuple(hole)))

    @property
    def hole_used(self) -> tuple[Card, ...]:
        """The two hole cards that play."""
        return tuple(DECK[i] for i in self[2])

    @property
    def board_used(self) -> tuple[Card, ...]:
        """The three board cards that play, in the order a dealer reads the hand."""
        hole = set(self[2])
        return tuple(c for c in self.best_five if c.index not in hole)

    @property
    def explanation(self) -> str:
        """The hand, then which two cards of the hand and which three of the board make it."""
        return (
            f"{self.description}: {format_cards(self.hole_used)} from the hand, "
            f"{format_cards(self.board_used)} from the board."
        )

    def __repr__(self) -> str:
        return f"OmahaValue({self.description!r}: {format_cards(self.best_five)})"


def omaha_from_cards(hole: Sequence[Card], board: Sequence[Card]) -> OmahaValue:
    """:func:`evaluate_omaha` on parsed, checked cards.

    >>> omaha_from_cards(parse_cards("Ah Ad Kc Qc"), parse_cards("Ac 7d 7s 2h 9c")).category
    'Full house'
    """
    best = -1
    best_five: tuple[int, ...] = ()
    best_pair: tuple[int, ...] = ()
    triples = [(a.index, b.index, c.index) for a, b, c in combinations(board, 3)]
    for a, b in combinations(hole, 2):
        pair = (a.index, b.index)
        for t in triples:
            five = t + pair  # board first: a dealer reads the board's card on equal ranks
            strength = strength_of_indices(five)
            if strength > best:
                best, best_five, best_pair = strength, five, pair
    return OmahaValue(best, best_five, best_pair)


def _check(
    hole: Sequence[Card], board: Sequence[Card], who: str | None = None, showdown: bool = True
) -> None:
    if len(hole) not in HOLE_COUNTS:
        raise CardError(
            said(
                "{who} must hold 4, 5 or 6 hole cards (Omaha), got {count}: {cards}",
                who=said("the hand") if who is None else who,
                count=len(hole),
                cards=format_cards(hole) or said("none"),
            )
        )
    if not showdown and len(board) in (0, 3, 4, 5):
        return
    if not 3 <= len(board) <= 5:
        raise CardError(
            said(
                "an Omaha showdown needs 3 to 5 board cards, got {count}: {cards}",
                count=len(board),
                cards=format_cards(board) or said("none"),
            )
        )


def evaluate_omaha(hole: str | Sequence[CardLike], board: str | Sequence[CardLike]) -> OmahaValue:
    """The best Omaha high hand: two of the 4, 5 or 6 ``hole`` cards and three of the ``board``.

    >>> evaluate_omaha("Ks Kd 5c 2h", "Kh 8s 8d 3c Jc").description
    'Kings full of eights'
    >>> hand = evaluate_omaha("As Ah Kd Qc 7s 2s", "Ad 7d 7h 3s 9s")   # 6-card Omaha: 150 ways
    >>> hand.description, format_cards(hand.hole_used)
    ('Aces full of sevens', 'A♠ A♥')
    >>> evaluate_omaha("As Kd Qc Jh", "2s 3s")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: an Omaha showdown needs 3 to 5 board cards, got 2: 2♠ 3♠
    >>> evaluate_omaha("As Kd Qc", "2s 3s 4d 5d 6d")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: the hand must hold 4, 5 or 6 hole cards (Omaha), got 3: A♠ K♦ Q♣
    """
    hole_cards, board_cards = parse_cards(hole), parse_cards(board)
    _check(hole_cards, board_cards)
    check_no_duplicates({"the hand": hole_cards, "the board": board_cards})
    return omaha_from_cards(hole_cards, board_cards)


def parse_omaha_deal(
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike],
    *,
    showdown: bool = True,
) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
    """Parse Omaha hole cards (4, 5 or 6 each) and a showdown board (3 to 5 cards); no card twice.
    With ``showdown=False`` the board may also be empty (before the flop).

    >>> holes, board = parse_omaha_deal({"A": "As Ah 2c 3c", "B": "Kd Kc Qd Qc"}, "2d 7d 9h")
    >>> len(holes["B"]), len(board)
    (4, 3)
    >>> parse_omaha_deal({"A": "As Ah"}, "2d 7d 9h")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: A must hold 4, 5 or 6 hole cards (Omaha), got 2: A♠ A♥
    """
    if not isinstance(hands, Mapping):
        raise CardError(
            said("hands must map each player's name to his hole cards, e.g. {{'Alice': 'As Ah Kd Qd'}}")
        )
    holes = {}
    for name, cards in hands.items():
        try:
            holes[str(name)] = parse_cards(cards)
        except CardError as exc:
            raise CardError(said("{player}'s cards: {error}", player=name, error=message_of(exc))) from None
    try:
        board_cards = parse_cards(board)
    except CardError as exc:
        raise CardError(said("the board: {error}", error=message_of(exc))) from None
    sizes = {len(h) for h in holes.values()}
    for name, hole in holes.items():
        _check(hole, board_cards, name, showdown)
    if len(sizes) > 1:
        raise CardError(
            said(
                "every Omaha hand holds the same number of hole cards, got {counts}",
                counts=", ".join(f"{n} {len(h)}" for n, h in holes.items()),
            )
        )
    check_no_duplicates({**holes, "the board": board_cards})
    return holes, board_cards


def rank_omaha_players(
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike],
) -> tuple[list[tuple[str, ...]], dict[str, OmahaValue]]:
    """Rank Omaha players by their high hands: tiers best first (ties share a tier, in input
    order) and each player's :class:`OmahaValue`.

    >>> tiers, values = rank_omaha_players({"A": "As Ks 2d 3c", "B": "Qh Qd 7c 7d"},
    ...                                    "Qs Js 4s 8h 8c")
    >>> tiers, values["A"].description
    ([('B',), ('A',)], 'Ace-high flush, A K Q J 4')
    """
    holes, board_cards = parse_omaha_deal(hands, board)
    values = {name: omaha_from_cards(hole, board_cards) for name, hole in holes.items()}
    order = sorted({v.strength for v in values.values()}, reverse=True)
    tiers = [tuple(name for name, v in values.items() if v.strength == s) for s in order]
    return tiers, values
