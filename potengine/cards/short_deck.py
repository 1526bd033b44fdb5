"""Short-deck (six-plus) hold'em: 36 cards, six to ace, and the hand rankings rooms deal it with.

The game is hold'em with every deuce, three, four and five taken out of the deck. Each player
still makes the best five of his two hole cards and the five board cards, kickers and ties work
as in hold'em, and three things change:

* the ace also plays low below the six: **A-6-7-8-9** is the lowest straight (and the lowest
  straight flush), ranked under 6-7-8-9-10; there is no A-2-3-4-5;
* a **flush beats a full house** (with nine cards a suit, flushes are the rarer hand);
* whether **three of a kind beats a straight** depends on where the game is dealt. Both orders
  are here, chosen with ``rules=``:

  - ``"triton"`` (the default): straight above three of a kind, as in hold'em;
  - ``"trips-beat-straight"``: three of a kind above a straight.

>>> evaluate_short_deck("Ah 6c 7d 8s 9h Kc Kd").description
'Nine-high straight'
>>> evaluate_short_deck("Ah 6c 7d 8s 9h") < evaluate_short_deck("6c 7d 8s 9h 10c")
True
>>> evaluate_short_deck("As Ks 9s 7s 6s") > evaluate_short_deck("Ac Ad Ah Kc Kd")
True
>>> straight, trips = evaluate_short_deck("9c 10d Jh Qs Kc"), evaluate_short_deck("7c 7d 7h As Kc")
>>> straight > trips
True
>>> evaluate_short_deck("9c 10d Jh Qs Kc", rules="trips-beat-straight") < evaluate_short_deck(
...     "7c 7d 7h As Kc", rules="trips-beat-straight")
True

Where each room stands (looked up in December 2026: the rooms' own pages first, then reports):

* **GGPoker, "Short Deck"**: straight above trips (``"triton"``). GGPoker's help article "What is
  Short Deck Poker?" (help.ggpoker.com, article 1537) and GGNetwork's Short Deck page name two
  departures from hold'em only, the flush above the full house and the A-6-7-8-9 straight, so
  every other category keeps its hold'em place.
* **Triton Poker series**: straight above trips (``"triton"``). Wikipedia, "Six-plus hold 'em":
  trips above straights is the order the odds suggest, but ranking the straight higher became the
  standard, and the 2024 Triton events did so.
* **PokerStars, "6+ Hold'em"**: trips above the straight when it opened (January 2019), by the
  launch reports of pokernewsdaily.com and flushdraw.net; pokersites.com's report of the same
  launch lists the straight above, and a 2021 guide (yourpokerdream.com) says PokerStars ranks the
  straight higher. PokerStars' own rules page was not among the stored sources. So the order of a
  PokerStars hand is not assumed here: :func:`rules_consistent_with` reads it from the showdown.
* **partypoker "SHORTDECK"** (2019 launch report, pokernewsdaily.com), **PokerKing** and **Sports
  Interaction** (their how-to-play pages): trips above the straight (``"trips-beat-straight"``).
* **Ladbrokes** ("Short Deck Hand Rankings"): straight above trips (``"triton"``).

Every source agrees on the 36 cards, the A-6-7-8-9 straight and the flush above the full house.
PokerKit 0.7.7's ``ShortDeckHoldemHand`` implements the ``"triton"`` order (straight above
trips, flush above full house); ``tests/test_short_deck.py`` compares it with this module.

How it is computed: the hold'em machinery of :mod:`~potengine.cards.evaluate` (rank counts,
flush masks), with the A-6-7-8-9 straight added, gives a hold'em strength; the category is then
moved to its short-deck place (flush and full house swapped, and with ``"trips-beat-straight"``
straight and trips swapped too). Both swaps are their own inverse, so the hold'em strength, and
with it the words and the five cards of :class:`~potengine.cards.evaluate.HandValue`, is always
one step away.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import CardError, Said, said
from .deck import DECK, RANK_CHARS, Card, CardLike, format_cards, parse_cards, where_said
from .evaluate import (
    CARD_KEY,
    CATEGORIES,
    FLUSH,
    FULL_HOUSE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    HandValue,
    _pack,
    parse_deal,
    strength_from_counts,
)

__all__ = [
    "GAME",
    "RULES",
    "SHORT_DECK",
    "ShortDeckValue",
    "evaluate_short_deck",
    "parse_short_deck_deal",
    "rank_short_deck_players",
    "rules_consistent_with",
    "short_deck_categories",
]

GAME = "short-deck"
"""The game's name, as ``settle(..., game=...)`` would take it."""

RULES = ("triton", "trips-beat-straight")
"""The two orders rooms use: straight above three of a kind (``"triton"``, the default), or below."""

SHORT_DECK: tuple[Card, ...] = tuple(card for card in DECK if card.rank >= 6)
"""The 36 cards, sixes first, aces last (each is the same :class:`~potengine.cards.deck.Card` as in
:data:`~potengine.cards.deck.DECK`).

>>> len(SHORT_DECK), SHORT_DECK[0], SHORT_DECK[-1]
(36, Card('6♣'), Card('A♠'))
"""

_SUIT_SHIFT = 40
_RANK_KEY_MASK = (1 << 39) - 1
_LOW_STRAIGHT = 0x10F0  # A, 9, 8, 7, 6 as bits rank - 2
_LOW_STRAIGHT_RANKS = (9, 8, 7, 6, 14)
_LOW_RANKS = frozenset(range(2, 6))

# Hold'em category -> short-deck category, per rules (each a swap: its own inverse).
_SWAPS: dict[str, tuple[int, ...]] = {
    "triton": (0, 1, 2, 3, 4, FULL_HOUSE, FLUSH, 7, 8),
    "trips-beat-straight": (0, 1, 2, STRAIGHT, THREE_OF_A_KIND, FULL_HOUSE, FLUSH, 7, 8),
}


def short_deck_categories(rules: str = "triton") -> tuple[str, ...]:
    """The ten categories, weakest first, under ``rules``.

    >>> short_deck_categories()[3:7]
    ('Three of a kind', 'Straight', 'Full house', 'Flush')
    >>> short_deck_categories("trips-beat-straight")[3:5]
    ('Straight', 'Three of a kind')
    """
    swap = _swaps(rules)
    return tuple(CATEGORIES[swap[c]] for c in range(9)) + (CATEGORIES[9],)


def _swaps(rules: object) -> tuple[int, ...]:
    swap = _SWAPS.get(rules) if isinstance(rules, str) else None
    if swap is None:
        raise CardError(
            said(
                "short-deck rules must be one of {choices}, not {rules}: 'triton' ranks a "
                "straight above three of a kind, 'trips-beat-straight' below",
                choices=", ".join(map(repr, RULES)),
                rules=repr(rules),
            )
        )
    return swap


def _top(mask: int) -> int:
    """Top rank of the best short-deck straight in a 13-bit rank mask (9 for A-6-7-8-9), or 0."""
    for top in range(14, 9, -1):
        run = 0x1F << (top - 6)
        if mask & run == run:
            return top
    return 9 if mask & _LOW_STRAIGHT == _LOW_STRAIGHT else 0


def _straight(top: int) -> int:
    ranks = _LOW_STRAIGHT_RANKS if top == 9 else tuple(range(top, top - 5, -1))
    return _pack(STRAIGHT, ranks)


def _flush_strength(mask: int) -> int:
    """Hold'em strength (with the short-deck straights) of one suit's ranks, five or more."""
    top = _top(mask)
    if top:
        return (STRAIGHT_FLUSH << 20) | (_straight(top) & 0xFFFFF)
    return _pack(FLUSH, [r + 2 for r in range(12, -1, -1) if mask >> r & 1][:5])


def _nonflush_strength(key: int, trips_first: bool) -> int:
    """Hold'em strength of a rank-count key with the short-deck straights and, when
    ``trips_first``, three of a kind preferred to a straight."""
    counts = [(key >> (3 * r)) & 7 for r in range(13)]
    strength = strength_from_counts(counts)
    category = strength >> 20
    if category >= FULL_HOUSE:
        return strength
    mask = 0
    for r in range(13):
        if counts[r]:
            mask |= 1 << r
    top = _top(mask)
    if not top:
        return strength
    trips = [r + 2 for r in range(12, -1, -1) if counts[r] == 3]
    if trips_first and trips:
        t = trips[0]
        kickers = [r + 2 for r in range(12, -1, -1) if counts[r] and r + 2 != t][:2]
        return _pack(THREE_OF_A_KIND, [t, t, t] + kickers)
    return _straight(top)


class _Tables:
    """Per rules: the flush table and the rank-count cache, both giving short-deck strengths."""

    __slots__ = ("flush", "nonflush", "swap", "trips_first")

    def __init__(self, rules: str) -> None:
        self.swap = _SWAPS[rules]
        self.trips_first = rules == "trips-beat-straight"
        self.flush: dict[int, int] = {}
        for m in range(1 << 9):
            if bin(m).count("1") >= 5:
                mask = m << 4  # sixes are bit 4
                self.flush[mask] = self.short(_flush_strength(mask))
        self.nonflush: dict[int, int] = {}

    def short(self, holdem: int) -> int:
        return (self.swap[holdem >> 20] << 20) | (holdem & 0xFFFFF)


_TABLES: dict[str, _Tables] = {}


def _tables(rules: str) -> _Tables:
    tables = _TABLES.get(rules)
    if tables is None:
        _swaps(rules)
        tables = _TABLES[rules] = _Tables(rules)
    return tables


def short_deck_strength(indices: Sequence[int], rules: str = "triton") -> int:
    """Short-deck strength of 5-7 distinct card indices of the 36-card deck (no checks).

    Bigger is stronger under ``rules``; the category sits in bits 20-23 in short-deck order.

    >>> ace_low = short_deck_strength([c.index for c in parse_cards("Ah 6c 7d 8s 9h")])
    >>> ace_low >> 20 == STRAIGHT, hex(ace_low & 0xFFFFF)
    (True, '0x9876e')
    """
    tables = _TABLES.get(rules) or _tables(rules)
    total = 0
    for i in indices:
        total += CARD_KEY[i]
    if ((total >> _SUIT_SHIFT) + 0x3333) & 0x8888:
        suits = total >> _SUIT_SHIFT
        suit = next(s for s in range(4) if (suits >> (4 * s)) & 15 >= 5)
        mask = 0
        for i in indices:
            if i & 3 == suit:
                mask |= 1 << (i >> 2)
        return tables.flush[mask]
    key = total & _RANK_KEY_MASK
    strength = tables.nonflush.get(key)
    if strength is None:
        strength = tables.nonflush[key] = tables.short(_nonflush_strength(key, tables.trips_first))
    return strength


class ShortDeckValue(HandValue):
    """A short-deck hand's value: ``(strength, card indices, rules)``; compare with ``<``, ``>``.

    Compares and hashes by strength only, like :class:`~potengine.cards.evaluate.HandValue`
    (compare values of the same ``rules``). The words and the five cards are hold'em's.

    >>> hand = evaluate_short_deck("Kh Qh 9h 7h 6h Kc Kd")
    >>> hand.category, hand.description, hand.rules
    ('Flush', 'King-high flush, K Q 9 7 6', 'triton')
    >>> hand.category_rank, short_deck_categories()[hand.category_rank]
    (6, 'Flush')
    """

    __slots__ = ()

    def __new__(cls, strength: int, indices: Sequence[int], rules: str = "triton") -> ShortDeckValue:
        return tuple.__new__(cls, (strength, tuple(indices), rules))

    @property
    def rules(self) -> str:
        """``"triton"`` or ``"trips-beat-straight"``: the order this value was ranked under."""
        return self[2]

    @property
    def holdem_strength(self) -> int:
        """The same five cards' strength with the categories in hold'em's order."""
        s = self[0]
        return (_SWAPS[self[2]][s >> 20] << 20) | (s & 0xFFFFF)

    def _holdem(self) -> HandValue:
        return HandValue(self.holdem_strength, self[1])

    @property
    def category(self) -> str:
        """One of the categories, e.g. ``"Flush"`` (``"Royal flush"`` for the ace-high one)."""
        return self._holdem().category

    @property
    def category_rank(self) -> int:
        """0 for high card up to 9 for a royal flush, in the short-deck order of :attr:`rules`."""
        return 9 if self.category == CATEGORIES[9] else self[0] >> 20

    @property
    def description(self) -> str:
        """E.g. ``"Nine-high straight"`` for A-6-7-8-9."""
        return self._holdem().description

    @property
    def said(self) -> Said:
        """:attr:`description`, said (to be said in any language)."""
        return self._holdem().said

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that play, in the order a dealer reads them.

        >>> format_cards(evaluate_short_deck("Ah 6c 7d 8s 9h Kc Kd").best_five)
        '9♥ 8♠ 7♦ 6♣ A♥'
        """
        return self._holdem().best_five

    def __repr__(self) -> str:
        return f"ShortDeckValue({self.description!r}: {format_cards(self.best_five)})"


def _check_short(cards: Sequence[Card], who: str | None) -> None:
    """Refuse a card below six; ``who`` holds the cards (None: the hand alone; "the board")."""
    for card in cards:
        if card.rank in _LOW_RANKS:
            raise CardError(
                said(
                    "card {card} {where} is not in the 36-card deck of short-deck hold'em (six to ace: "
                    "no {low} to {high})",
                    card=str(card),
                    where=said("in the hand") if who is None else where_said(who),
                    low=RANK_CHARS[2],
                    high=RANK_CHARS[5],
                )
            )


def evaluate_short_deck(cards: str | Sequence[CardLike], rules: str = "triton") -> ShortDeckValue:
    """Evaluate 5, 6 or 7 cards of the 36-card deck under ``rules`` (see :data:`RULES`).

    >>> evaluate_short_deck("As Ks Qs Js 10s").category
    'Royal flush'
    >>> evaluate_short_deck("As Kd 5h 9c 9d")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: card 5♥ in the hand is not in the 36-card deck of short-deck
        hold'em (six to ace: no 2 to 5)
    >>> evaluate_short_deck("As Kd Qh Jc 9d", rules="stars")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: short-deck rules must be one of 'triton', 'trips-beat-straight',
        not 'stars': 'triton' ranks a straight above three of a kind, 'trips-beat-straight' below
    """
    _swaps(rules)
    parsed = parse_cards(cards)
    if not 5 <= len(parsed) <= 7:
        raise CardError(
            said(
                "a hand is 5, 6 or 7 cards, got {count}: {cards}",
                count=len(parsed),
                cards=format_cards(parsed),
            )
        )
    _check_short(parsed, None)
    idx = [c.index for c in parsed]
    return ShortDeckValue(short_deck_strength(idx, rules), idx, rules)


def parse_short_deck_deal(
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike] = "",
    *,
    max_board: int = 5,
) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
    """Parse short-deck hole cards (2 each) and a board (0..``max_board`` cards): no card twice,
    and every card a six or higher.

    >>> holes, board = parse_short_deck_deal({"A": "As Ah", "B": "Kd Kc"}, "6c 7d 9h")
    >>> holes["B"], len(board)
    ((Card('K♦'), Card('K♣')), 3)
    >>> parse_short_deck_deal({"A": "As Ah", "B": "Kd 4c"}, "6c 7d 9h")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: card 4♣ in B's cards is not in the 36-card deck of short-deck
        hold'em (six to ace: no 2 to 5)
    """
    holes, board_cards = parse_deal(hands, board, max_board=max_board)
    for name, hole in holes.items():
        _check_short(hole, name)
    _check_short(board_cards, "the board")
    return holes, board_cards


def rank_short_deck_players(
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike],
    rules: str = "triton",
) -> tuple[list[tuple[str, ...]], dict[str, ShortDeckValue]]:
    """Rank short-deck players at showdown: tiers best first (ties share a tier, in input order)
    and each player's :class:`ShortDeckValue`, as :func:`~potengine.cards.evaluate.rank_players`
    does for hold'em. The board holds 3 to 5 cards (5 at a real showdown).

    >>> tiers, values = rank_short_deck_players({"A": "Ah 6d", "B": "Qc Qd"}, "7s 8h 9c Qs Kd")
    >>> tiers, values["A"].description, values["B"].description
    ([('A',), ('B',)], 'Nine-high straight', 'Three of a kind, queens, kickers K 9')
    >>> rank_short_deck_players({"A": "Ah 6d", "B": "Qc Qd"}, "7s 8h 9c Qs Kd",
    ...                         rules="trips-beat-straight")[0]
    [('B',), ('A',)]
    """
    _swaps(rules)
    holes, board_cards = parse_short_deck_deal(hands, board)
    if len(board_cards) < 3:
        raise CardError(
            said(
                "a showdown needs at least 3 board cards, got {count}: {cards}",
                count=len(board_cards),
                cards=format_cards(board_cards),
            )
            if board_cards
            else said("a showdown needs at least 3 board cards, got {count}", count=len(board_cards))
        )
    values = {}
    for name, hole in holes.items():
        idx = [c.index for c in board_cards + hole]  # board first, as in hold'em
        values[name] = ShortDeckValue(short_deck_strength(idx, rules), idx, rules)
    order = sorted({v.strength for v in values.values()}, reverse=True)
    tiers = [tuple(name for name, v in values.items() if v.strength == s) for s in order]
    return tiers, values


def rules_consistent_with(
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike],
    winners: Sequence[str],
) -> tuple[str, ...]:
    """The rules under which exactly ``winners`` (in any order) hold the best hand: both, one or
    neither. For a room whose order is not known (a PokerStars 6+ hand), the showdown says it.

    >>> deal = {"A": "Ah 6d", "B": "Qc Qd"}, "7s 8h 9c Qs Kd"
    >>> rules_consistent_with(*deal, ["B"]), rules_consistent_with(*deal, ["A"])
    (('trips-beat-straight',), ('triton',))
    >>> rules_consistent_with({"A": "Ah Kd", "B": "Qc Jd"}, "7s 8h 9c 6s Kc", ["A"])
    ('triton', 'trips-beat-straight')
    """
    wanted = set(winners)
    return tuple(r for r in RULES if set(rank_short_deck_players(hands, board, r)[0][0]) == wanted)
