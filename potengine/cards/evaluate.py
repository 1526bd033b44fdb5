"""Hand strength: evaluate 5, 6 or 7 cards to a :class:`HandValue`, and rank players at showdown.

A :class:`HandValue` is totally ordered (``>`` is stronger, ``==`` is equal strength) and explains
itself: its category, the five cards that play (in the order a dealer reads them) and a sentence.

>>> hand = evaluate("Kh Kc 8d 5s As 3c 2d")
>>> hand.category, hand.description
('One pair', 'Pair of kings, kickers A 8 5')
>>> hand.best_five
(Card('K♥'), Card('K♣'), Card('A♠'), Card('8♦'), Card('5♠'))
>>> evaluate("5d 4h 3s 2d Ad") < evaluate("6c 5d 4h 3s 2d")   # the wheel is the lowest straight
True

How it is fast: each card index maps to one integer that holds three bits per rank (a rank count)
and four bits per suit (a suit count). Adding the cards' integers gives both counts at once; if no
suit reaches five, the rank-count key alone decides the hand and is looked up in a table that fills
itself the first time a key is met. Flushes are decided by a 13-bit mask of the flush suit's ranks.
The strength is one integer: the category in bits 20-23, then the five ranks that play, four bits
each, in reading order, so comparing integers compares hands. The explanation (cards, words) is
built only when asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import CardError, Said, message_of, said
from .deck import (
    DECK,
    RANK_CHARS,
    RANK_NAMES,
    RANK_PLURALS,
    TOKENS,
    Card,
    CardLike,
    check_no_duplicates,
    format_cards,
    parse_cards,
)

(
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
) = range(9)

CATEGORIES = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
    "Royal flush",
)
"""The ten categories, weakest first (a royal flush is the ace-high straight flush)."""

# --- per-card integers -----------------------------------------------------------------------
_SUIT_SHIFT = 40
_RANK_KEY_MASK = (1 << 39) - 1
# card index i = 4 * (rank - 2) + suit: 3 bits of rank count per rank, 4 bits of suit count.
CARD_KEY: tuple[int, ...] = tuple(
    (1 << (3 * (i >> 2))) + (1 << (_SUIT_SHIFT + 4 * (i & 3))) for i in range(52)
)
"""Per card index: ``1 << 3*(rank-2)`` plus ``1 << (40 + 4*suit)``; sums of these are hand keys."""
CARD_BIT: tuple[int, ...] = tuple(1 << (13 * (i & 3) + (i >> 2)) for i in range(52))
"""Per card index: one bit in a 52-bit set, 13 bits per suit (bit ``rank-2`` within the suit)."""


def _straight_top(mask: int) -> int:
    """Top rank (5..14) of the best straight in a 13-bit rank mask, or 0."""
    for top in range(14, 5, -1):
        run = 0x1F << (top - 6)
        if mask & run == run:
            return top
    return 5 if mask & 0x100F == 0x100F else 0


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for rank in ranks:
        value = (value << 4) | rank
    return value


def _straight_ranks(top: int) -> tuple[int, ...]:
    return (5, 4, 3, 2, 14) if top == 5 else tuple(range(top, top - 5, -1))


def _flush_strength(mask: int) -> int:
    top = _straight_top(mask)
    if top:
        return _pack(STRAIGHT_FLUSH, _straight_ranks(top))
    ranks = [r + 2 for r in range(12, -1, -1) if mask >> r & 1][:5]
    return _pack(FLUSH, ranks)


_POPCOUNT = [bin(m).count("1") for m in range(8192)]
FLUSH_TABLE: tuple[int, ...] = tuple(_flush_strength(m) if _POPCOUNT[m] >= 5 else 0 for m in range(8192))
"""Strength of the best flush or straight flush for each 13-bit mask of one suit's ranks (0 if
fewer than five)."""
del _POPCOUNT


def strength_from_counts(counts: Sequence[int]) -> int:
    """Strength of the best five cards (no flush possible) given 13 rank counts (deuces first).

    >>> describe_strength(strength_from_counts([0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0]))
    'Eights full of fives'
    """
    desc = [r + 2 for r in range(12, -1, -1) if counts[r]]
    quads = [r for r in desc if counts[r - 2] == 4]
    trips = [r for r in desc if counts[r - 2] == 3]
    pairs = [r for r in desc if counts[r - 2] == 2]
    if quads:
        q = quads[0]
        return _pack(FOUR_OF_A_KIND, (q, q, q, q, next(r for r in desc if r != q)))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max(trips[1:] + pairs)
        return _pack(FULL_HOUSE, (t, t, t, p, p))
    mask = 0
    for r in desc:
        mask |= 1 << (r - 2)
    top = _straight_top(mask)
    if top:
        return _pack(STRAIGHT, _straight_ranks(top))
    if trips:
        t = trips[0]
        return _pack(THREE_OF_A_KIND, [t, t, t] + [r for r in desc if r != t][:2])
    if len(pairs) > 1:
        hi, lo = pairs[0], pairs[1]
        return _pack(TWO_PAIR, (hi, hi, lo, lo, next(r for r in desc if r not in (hi, lo))))
    if pairs:
        p = pairs[0]
        return _pack(ONE_PAIR, [p, p] + [r for r in desc if r != p][:3])
    return _pack(HIGH_CARD, desc[:5])


def _strength_from_key(key: int) -> int:
    return strength_from_counts([(key >> (3 * r)) & 7 for r in range(13)])


_NONFLUSH: dict[int, int] = {}  # rank-count key -> strength, filled on first sight of each key


def strength_of_indices(indices: Sequence[int]) -> int:
    """Strength integer of 5-7 distinct card indices (no checks; see :func:`evaluate`).

    >>> strength_of_indices([51, 47, 43, 39, 35]) == FLUSH_TABLE[0b1111100000000]   # royal flush
    True
    """
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
        return FLUSH_TABLE[mask]
    key = total & _RANK_KEY_MASK
    strength = _NONFLUSH.get(key)
    if strength is None:
        strength = _NONFLUSH[key] = _strength_from_key(key)
    return strength


# --- reading strengths -----------------------------------------------------------------------


def strength_category(strength: int) -> int:
    """Category number 0..8 (high card .. straight flush) of a strength integer.

    >>> strength_category(evaluate("Ah Kh Qh Jh Th").strength) == STRAIGHT_FLUSH
    True
    """
    return strength >> 20


def strength_ranks(strength: int) -> tuple[int, ...]:
    """The five ranks that play, in reading order (e.g. trips then pair for a full house).

    >>> strength_ranks(evaluate("5c 5d 5h 8s 8d").strength)
    (5, 5, 5, 8, 8)
    """
    return tuple((strength >> shift) & 15 for shift in (16, 12, 8, 4, 0))


def category_name(strength: int) -> str:
    """Name of the category, with "Royal flush" for the ace-high straight flush.

    >>> category_name(evaluate("As Ks Qs Js 10s").strength)
    'Royal flush'
    """
    category = strength >> 20
    if category == STRAIGHT_FLUSH and (strength >> 16) & 15 == 14:
        return CATEGORIES[9]
    return CATEGORIES[category]


def _c(rank: int) -> str:
    return RANK_CHARS[rank]


def describe_strength(strength: int) -> str:
    """The sentence a dealer says for a strength.

    >>> describe_strength(evaluate("Ac Ad 8h 8s Qs").strength)
    'Two pair, aces and eights, Q kicker'
    >>> describe_strength(evaluate("5d 4h 3s 2d Ad").strength)
    'Five-high straight'
    """
    category = strength >> 20
    r = strength_ranks(strength)
    if category == HIGH_CARD:
        return f"{RANK_NAMES[r[0]].capitalize()}-high, kickers {' '.join(map(_c, r[1:]))}"
    if category == ONE_PAIR:
        return f"Pair of {RANK_PLURALS[r[0]]}, kickers {' '.join(map(_c, r[2:]))}"
    if category == TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[2]]}, {_c(r[4])} kicker"
    if category == THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[r[0]]}, kickers {_c(r[3])} {_c(r[4])}"
    if category == STRAIGHT:
        return f"{RANK_NAMES[r[0]].capitalize()}-high straight"
    if category == FLUSH:
        return f"{RANK_NAMES[r[0]].capitalize()}-high flush, {' '.join(map(_c, r))}"
    if category == FULL_HOUSE:
        return f"{RANK_PLURALS[r[0]].capitalize()} full of {RANK_PLURALS[r[3]]}"
    if category == FOUR_OF_A_KIND:
        return f"Four of a kind, {RANK_PLURALS[r[0]]}, {_c(r[4])} kicker"
    if r[0] == 14:
        return "Royal flush"
    return f"{RANK_NAMES[r[0]].capitalize()}-high straight flush"


class Capitalised(Said):
    """A :class:`~potengine.errors.Said` whose first letter is a capital in every language: a
    hand's name that starts with a rank ("Ace-high straight", "Kings full of nines")."""

    def __new__(cls, template: str, values: dict[str, Any]) -> Capitalised:
        text = template.format(**values)
        made = str.__new__(cls, text[:1].upper() + text[1:])
        made.template = template
        made.values = values
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Capitalised, (self.template, self.values))

    def in_language(self, language: str) -> str:
        text = super().in_language(language)
        return text[:1].upper() + text[1:]


RANK_SAID = {
    2: said("two"),
    3: said("three"),
    4: said("four"),
    5: said("five"),
    6: said("six"),
    7: said("seven"),
    8: said("eight"),
    9: said("nine"),
    10: said("ten"),
    11: said("jack"),
    12: said("queen"),
    13: said("king"),
    14: said("ace"),
}
"""The ranks' names (:data:`~potengine.cards.deck.RANK_NAMES`), said in every language."""

RANK_PLURALS_SAID = {
    2: said("twos"),
    3: said("threes"),
    4: said("fours"),
    5: said("fives"),
    6: said("sixes"),
    7: said("sevens"),
    8: said("eights"),
    9: said("nines"),
    10: said("tens"),
    11: said("jacks"),
    12: said("queens"),
    13: said("kings"),
    14: said("aces"),
}
"""The ranks' plurals (:data:`~potengine.cards.deck.RANK_PLURALS`), said."""


def hand_said(strength: int) -> Said:
    """:func:`describe_strength`, said: the same words in English, translated in any language.

    >>> hand = evaluate("Ac Ad 8h 8s Qs").strength
    >>> hand_said(hand), hand_said(hand).in_language("de")
    ('Two pair, aces and eights, Q kicker', 'Zwei Paare, Asse und Achten, Kicker Q')
    >>> hand_said(evaluate("Kd Qh Js Td 9d").strength).in_language("nl")
    'Straat, heer hoog'
    """
    category = strength >> 20
    r = strength_ranks(strength)
    if category == HIGH_CARD:
        return Capitalised(
            "{rank}-high, kickers {kickers}", {"rank": RANK_SAID[r[0]], "kickers": " ".join(map(_c, r[1:]))}
        )
    if category == ONE_PAIR:
        return said(
            "Pair of {ranks}, kickers {kickers}",
            ranks=RANK_PLURALS_SAID[r[0]],
            kickers=" ".join(map(_c, r[2:])),
        )
    if category == TWO_PAIR:
        return said(
            "Two pair, {high} and {low}, {kicker} kicker",
            high=RANK_PLURALS_SAID[r[0]],
            low=RANK_PLURALS_SAID[r[2]],
            kicker=_c(r[4]),
        )
    if category == THREE_OF_A_KIND:
        return said(
            "Three of a kind, {ranks}, kickers {kickers}",
            ranks=RANK_PLURALS_SAID[r[0]],
            kickers=f"{_c(r[3])} {_c(r[4])}",
        )
    if category == STRAIGHT:
        return Capitalised("{rank}-high straight", {"rank": RANK_SAID[r[0]]})
    if category == FLUSH:
        return Capitalised(
            "{rank}-high flush, {cards}", {"rank": RANK_SAID[r[0]], "cards": " ".join(map(_c, r))}
        )
    if category == FULL_HOUSE:
        return Capitalised(
            "{ranks} full of {over}", {"ranks": RANK_PLURALS_SAID[r[0]], "over": RANK_PLURALS_SAID[r[3]]}
        )
    if category == FOUR_OF_A_KIND:
        return said(
            "Four of a kind, {ranks}, {kicker} kicker", ranks=RANK_PLURALS_SAID[r[0]], kicker=_c(r[4])
        )
    if r[0] == 14:
        return said("Royal flush")
    return Capitalised("{rank}-high straight flush", {"rank": RANK_SAID[r[0]]})


class HandValue(tuple):
    """The value of a hand: ``(strength, card indices)``; compare with ``<``, ``>``, ``==``.

    Equality and hashing use the strength only: two hands that tie are equal, whatever their suits.
    ``category``, ``best_five`` and ``description`` are worked out when read.

    >>> a, b = evaluate("Kh Kc 8d 5s Jc"), evaluate("Kd Ks 8h 5c Ad")
    >>> b > a, a == evaluate("Kd Ks 8c 5d Jh"), len({a, evaluate("Kd Ks 8c 5d Jh")})
    (True, True, 1)
    """

    __slots__ = ()

    def __new__(cls, strength: int, indices: Sequence[int]) -> HandValue:
        return tuple.__new__(cls, (strength, tuple(indices)))

    @property
    def strength(self) -> int:
        """The strength integer: bigger is stronger, equal means a tie (same as handarrays)."""
        return self[0]

    @property
    def cards(self) -> tuple[Card, ...]:
        """All the cards evaluated (5 to 7), as given."""
        return tuple(DECK[i] for i in self[1])

    @property
    def category(self) -> str:
        """One of :data:`CATEGORIES`, e.g. ``"Two pair"``."""
        return category_name(self[0])

    @property
    def category_rank(self) -> int:
        """0 for high card up to 9 for a royal flush (the index in :data:`CATEGORIES`)."""
        return CATEGORIES.index(category_name(self[0]))

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks that play, in reading order (2..14; the wheel reads 5 4 3 2 14)."""
        return strength_ranks(self[0])

    @property
    def description(self) -> str:
        """E.g. ``"Pair of kings, kickers A 8 5"`` or ``"Fives full of eights"``."""
        return describe_strength(self[0])

    @property
    def said(self) -> Said:
        """:attr:`description`, said (:func:`hand_said`): to be said in any language.

        >>> evaluate("Kh Kc 8d 5s As 3c 2d").said.in_language("el")
        'Ζευγάρι ρηγάδες, kickers A 8 5'
        """
        return hand_said(self[0])

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that play, in the order a dealer reads them.

        >>> format_cards(evaluate("8c 5d 8d 5s 5h Kc 2c").best_five)
        '5♦ 5♠ 5♥ 8♣ 8♦'
        >>> format_cards(evaluate("Ad 2d 3s 4h 5d Kc Kh").best_five)
        '5♦ 4♥ 3♠ 2♦ A♦'
        """
        strength = self[0]
        pool = list(self[1])
        if (strength >> 20) in (FLUSH, STRAIGHT_FLUSH):
            suits = [i & 3 for i in pool]
            suit = max(range(4), key=suits.count)
            pool = [i for i in pool if i & 3 == suit]
        chosen = []
        for shift in (16, 12, 8, 4, 0):
            rank = ((strength >> shift) & 15) - 2
            for i in pool:
                if i >> 2 == rank:
                    chosen.append(DECK[i])
                    pool.remove(i)
                    break
        return tuple(chosen)

    def uses(self, hole: Iterable[CardLike]) -> int:
        """How many of the ``hole`` cards are among :attr:`best_five` (0, 1 or 2).

        >>> evaluate("Ah Kh 2c 2d 7s 9c Jd").uses("Ah Kh")
        2
        """
        five = set(self.best_five)
        return sum(card in five for card in parse_cards(hole))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self[0] == other[0]
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self[0] != other[0]
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self[0] < other[0]
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self[0] <= other[0]
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self[0] > other[0]
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self[0] >= other[0]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self[0])

    def __repr__(self) -> str:
        return f"HandValue({self.description!r}: {format_cards(self.best_five)})"

    def __str__(self) -> str:
        return self.description

    def _repr_html_(self) -> str:
        cards = " ".join(card._repr_html_() for card in self.best_five)
        return f"{cards} &mdash; {self.description}"


def evaluate(cards: str | Sequence[CardLike]) -> HandValue:
    """Evaluate 5, 6 or 7 cards (a string such as ``"As Kd ..."`` or a sequence of strings/Cards).

    >>> evaluate("As Ks Qs Js 10s").category
    'Royal flush'
    >>> evaluate(["5c", "5d", "5h", "8s", "8d"]).description
    'Fives full of eights'
    >>> evaluate("As Kd Qh")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: a hand is 5, 6 or 7 cards, got 3: A♠ K♦ Q♥
    >>> evaluate("As Kd Qh As 2c")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: card A♠ appears twice in 'As Kd Qh As 2c'
    """
    try:
        if isinstance(cards, str):
            idx = [TOKENS[t].index for t in cards.split()]
        else:
            idx = [c.index if isinstance(c, Card) else TOKENS[c].index for c in cards]
    except (KeyError, TypeError, AttributeError):
        idx = [c.index for c in parse_cards(cards)]
    n = len(idx)
    if n < 5 or n > 7:
        raise CardError(
            said(
                "a hand is 5, 6 or 7 cards, got {count}: {cards}",
                count=n,
                cards=format_cards(DECK[i] for i in idx),
            )
        )
    if len(set(idx)) != n:
        parse_cards(cards)  # raises, naming the card that appears twice
    return HandValue(strength_of_indices(idx), idx)


def _parse_hole(name: str, hole: str | Sequence[CardLike]) -> tuple[Card, ...]:
    try:
        cards = parse_cards(hole)
    except CardError as exc:
        raise CardError(said("{player}'s cards: {error}", player=name, error=message_of(exc))) from None
    if len(cards) != 2:
        raise CardError(
            said(
                "{player} must hold exactly 2 cards (hold'em), got {count}: {cards}",
                player=name,
                count=len(cards),
                cards=format_cards(cards) or said("none"),
            )
        )
    return cards


def parse_deal(
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike] = "",
    *,
    max_board: int = 5,
) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...]]:
    """Parse hold'em hole cards (2 each) and a board (0..``max_board`` cards); no card twice.

    >>> holes, board = parse_deal({"Alice": "AsAh", "Bilal": "KdKc"}, "2c 7d 9h")
    >>> holes["Bilal"], len(board)
    ((Card('K♦'), Card('K♣')), 3)
    >>> parse_deal({"Alice": "AsAh", "Bilal": "Kd As"})
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: card A♠ is both in Alice's cards and in Bilal's cards
    """
    if not isinstance(hands, Mapping):
        raise CardError(said("hands must map each player's name to two hole cards, e.g. {{'Alice': 'AsAh'}}"))
    holes = {str(name): _parse_hole(str(name), hole) for name, hole in hands.items()}
    try:
        board_cards = parse_cards(board)
    except CardError as exc:
        raise CardError(said("the board: {error}", error=message_of(exc))) from None
    if len(board_cards) > max_board:
        raise CardError(
            said(
                "the board has {count} cards ({cards}); it holds at most {most}",
                count=len(board_cards),
                cards=format_cards(board_cards),
                most=max_board,
            )
        )
    check_no_duplicates({**holes, "the board": board_cards})
    return holes, board_cards


def rank_players(
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike],
) -> tuple[list[tuple[str, ...]], dict[str, HandValue]]:
    """Rank hold'em players at showdown: tiers best first (ties share a tier, in input order) and
    each player's :class:`HandValue`. The board holds 3 to 5 cards (5 at a real showdown). When a
    hole card and a board card of the same rank could both play, ``best_five`` shows the board's.

    >>> tiers, values = rank_players({"Alice": "Ac 7c", "Bilal": "Ad 6s", "Chloé": "Kh Kd"},
    ...                              "Qc Jd 9s 9h 5d")
    >>> tiers
    [('Chloé',), ('Alice', 'Bilal')]
    >>> values["Alice"].description
    'Pair of nines, kickers A Q J'
    """
    holes, board_cards = parse_deal(hands, board)
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
    # board first: where a hole card and a board card are interchangeable, the board card is shown
    values = {name: evaluate(board_cards + hole) for name, hole in holes.items()}
    order = sorted({v.strength for v in values.values()}, reverse=True)
    tiers = [tuple(name for name, v in values.items() if v.strength == s) for s in order]
    return tiers, values
