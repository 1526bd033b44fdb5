"""The eight-or-better low: the second hand of every hi-lo pot.

A low hand is five cards of **five different ranks, each 8 or lower**, the ace counting as one.
Straights and flushes do not count against it: 5-4-3-2-A (the "wheel") is the best low even when
it is a straight, or a straight flush. Lows are compared from the top card down, like high cards
in reverse: 7-6-4-3-2 beats 8-4-3-2-A (seven against eight), 8-5-4-3-2 beats 8-6-3-2-A (five
against six). A hand without five such ranks has no low at all: it does not qualify.

Two ways of choosing the five cards:

* :func:`evaluate_low` takes any 5 to 7 cards (hold'em style, seven-card stud): the best five of
  them;
* :func:`evaluate_omaha_low` takes exactly two of the hole cards and exactly three of the board.

Both return a :class:`LowValue` (``>`` means a better low, ``==`` an equal one) or ``None`` when
no low qualifies; :func:`explain_low` says in words why a hand has a low, or why not.

>>> evaluate_low("As 2d 4c 8h 6s Kd Kc").description
'Eight-six low: 8 6 4 2 A'
>>> evaluate_low("As 2d 4c 5h 3s") > evaluate_low("7c 6d 4h 3s 2c")   # the wheel beats a seven
True
>>> print(evaluate_low("As 2d 9c 9h Ks Qd 2c"))
None

How it is computed: each rank 8 or lower (ace as one) is one bit, A at bit 0 up to 8 at bit 7.
Five distinct low ranks form an 8-bit mask with five bits set, and **a smaller mask is a better
low** (the highest card is the highest bit, so integers compare the way lows do). A
:class:`LowValue`'s ``strength`` is ``256 - mask``: bigger is better, as for high hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..errors import CardError, Said, said
from .deck import DECK, RANK_CHARS, Card, CardLike, format_cards, parse_cards
from .omaha import HOLE_COUNTS

__all__ = [
    "LOW_NAMES",
    "LowValue",
    "evaluate_low",
    "evaluate_omaha_low",
    "explain_low",
    "low_bit",
    "low_of_mask",
]

LOW_NAMES = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
"""The ranks that can play in a low, ace as one."""


def low_rank(card: Card) -> int:
    """A card's rank in a low: the ace is 1, deuce to king keep their rank (9 and up never play).

    >>> low_rank(parse_cards("As")[0]), low_rank(parse_cards("7d")[0]), low_rank(parse_cards("Kd")[0])
    (1, 7, 13)
    """
    return 1 if card.rank == 14 else card.rank


def low_bit(card: Card) -> int:
    """The card's bit in a low mask (ace bit 0 ... eight bit 7), or 0 for a nine or higher.

    >>> low_bit(parse_cards("Ah")[0]), low_bit(parse_cards("8c")[0]), low_bit(parse_cards("9c")[0])
    (1, 128, 0)
    """
    r = low_rank(card)
    return 1 << (r - 1) if r <= 8 else 0


def _ranks_of_mask(mask: int) -> tuple[int, ...]:
    return tuple(r for r in range(8, 0, -1) if mask >> (r - 1) & 1)


def low_of_mask(mask: int) -> int:
    """The best five-rank low inside a mask of available low ranks (its five lowest bits), or 0.

    >>> bin(low_of_mask(0b10111011))   # A 2 4 5 6 8 available: 6-5-4-2-A
    '0b111011'
    >>> low_of_mask(0b10000111)         # only four low ranks
    0
    """
    chosen, count = 0, 0
    for bit in range(8):
        if mask >> bit & 1:
            chosen |= 1 << bit
            count += 1
            if count == 5:
                return chosen
    return 0


class LowValue(tuple):
    """A qualifying low: ``(strength, the five card indices)``; compare with ``<``, ``>``, ``==``.

    ``>`` means *better* (lower) low; equality and hashing use the strength only, so lows of the
    same ranks in other suits are equal. ``ranks`` reads the low from the top card down, ace as 1.

    >>> a, b = evaluate_low("8s 6d 4h 2c Ad"), evaluate_low("8c 5d 4s 3c 2h")
    >>> b > a, a.ranks, b.name
    (True, (8, 6, 4, 2, 1), 'Eight-five low')
    """

    __slots__ = ()

    def __new__(cls, mask: int, indices: Sequence[int]) -> LowValue:
        return tuple.__new__(cls, (256 - mask, tuple(indices)))

    @property
    def strength(self) -> int:
        """``256 - mask``: bigger is a better low (the wheel is 225, the worst low 8-7-6-5-4 is 8)."""
        return self[0]

    @property
    def mask(self) -> int:
        """The five low ranks as bits (ace bit 0 ... eight bit 7); smaller is better."""
        return 256 - self[0]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five ranks from the highest down, ace as 1, e.g. ``(8, 6, 4, 2, 1)``."""
        return _ranks_of_mask(self.mask)

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that make the low, highest first."""
        cards = [DECK[i] for i in self[1]]
        return tuple(sorted(cards, key=low_rank, reverse=True))

    @property
    def name(self) -> str:
        """What a dealer calls it: ``"Eight-six low"``, ``"Seven-five low"``, ``"Wheel"``.

        >>> evaluate_low("5s 4d 3h 2c As").name, evaluate_low("6s 4d 3h 2c As").name
        ('Wheel', 'Six-four low')
        """
        r = self.ranks
        if r == (5, 4, 3, 2, 1):
            return "Wheel"
        return f"{LOW_NAMES[r[0]].capitalize()}-{LOW_NAMES[r[1]]} low"

    @property
    def description(self) -> str:
        """The name with the five ranks, e.g. ``"Eight-six low: 8 6 4 2 A"``."""
        return f"{self.name}: " + " ".join("A" if r == 1 else RANK_CHARS[r] for r in self.ranks)

    @property
    def said(self) -> Said:
        """:attr:`description`, said (to be said in any language).

        >>> evaluate_low("As 2d 4c 8h 6s Kd Kc").said.in_language("de")
        'Acht-Sechs-Low: 8 6 4 2 A'
        """
        from .evaluate import RANK_SAID, Capitalised

        r = self.ranks
        ranks = " ".join("A" if n == 1 else RANK_CHARS[n] for n in r)
        if r == (5, 4, 3, 2, 1):
            return said("Wheel: {ranks}", ranks=ranks)
        high, second = (RANK_SAID[14 if n == 1 else n] for n in r[:2])
        return Capitalised("{high}-{second} low: {ranks}", {"high": high, "second": second, "ranks": ranks})

    def __eq__(self, other: object) -> bool:
        return self[0] == other[0] if isinstance(other, LowValue) else NotImplemented

    def __ne__(self, other: object) -> bool:
        return self[0] != other[0] if isinstance(other, LowValue) else NotImplemented

    def __lt__(self, other: object) -> bool:
        return self[0] < other[0] if isinstance(other, LowValue) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self[0] <= other[0] if isinstance(other, LowValue) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return self[0] > other[0] if isinstance(other, LowValue) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return self[0] >= other[0] if isinstance(other, LowValue) else NotImplemented

    def __hash__(self) -> int:
        return hash(("low", self[0]))

    def __repr__(self) -> str:
        return f"LowValue({self.description!r}: {format_cards(self.best_five)})"

    def __str__(self) -> str:
        return self.description


def _low_from_cards(cards: Sequence[Card]) -> LowValue | None:
    """Best low of any subset of ``cards`` (no Omaha restriction)."""
    mask = 0
    for card in cards:
        mask |= low_bit(card)
    best = low_of_mask(mask)
    if not best:
        return None
    indices, taken = [], 0
    for card in cards:
        bit = low_bit(card)
        if bit & best and not bit & taken:
            indices.append(card.index)
            taken |= bit
    return LowValue(best, indices)


def evaluate_low(cards: str | Sequence[CardLike]) -> LowValue | None:
    """The best eight-or-better low of 5, 6 or 7 cards, or ``None`` if none qualifies.

    >>> evaluate_low("As 2s 3s 4s 5s").description    # a straight flush is also the best low
    'Wheel: 5 4 3 2 A'
    >>> evaluate_low("As 2d 2c 3h 4s 5d 5c").name      # pairs are skipped: A 2 3 4 5 play
    'Wheel'
    >>> evaluate_low("As 2d")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: a low is read from 5, 6 or 7 cards, got 2: A♠ 2♦
    """
    parsed = parse_cards(cards)
    if not 5 <= len(parsed) <= 7:
        raise CardError(
            said(
                "a low is read from 5, 6 or 7 cards, got {count}: {cards}",
                count=len(parsed),
                cards=format_cards(parsed) or said("none"),
            )
        )
    return _low_from_cards(parsed)


def _check_omaha(hole: Sequence[Card], board: Sequence[Card]) -> None:
    if len(hole) not in HOLE_COUNTS:
        raise CardError(
            said(
                "an Omaha hand holds 4, 5 or 6 hole cards, got {count}: {cards}",
                count=len(hole),
                cards=format_cards(hole) or said("none"),
            )
        )
    if not 3 <= len(board) <= 5:
        raise CardError(
            said(
                "an Omaha showdown needs 3 to 5 board cards, got {count}: {cards}",
                count=len(board),
                cards=format_cards(board) or said("none"),
            )
        )
    seen = set(hole)
    for card in board:
        if card in seen:
            raise CardError(said("card {card} is both in the hand and on the board", card=card))


def omaha_low_from_cards(hole: Sequence[Card], board: Sequence[Card]) -> LowValue | None:
    """:func:`evaluate_omaha_low` on parsed cards, without checks.

    >>> omaha_low_from_cards(parse_cards("As 2d Kc Kh"), parse_cards("3c 4d 8s Qh Jd")).name
    'Eight-four low'
    """
    best_mask, best_cards = 256, None
    hole_pairs = [(a, b) for a, b in combinations(hole, 2) if low_bit(a) and low_bit(b) and a.rank != b.rank]
    if not hole_pairs:
        return None
    triples = [
        t for t in combinations(board, 3) if all(low_bit(c) for c in t) and len({c.rank for c in t}) == 3
    ]
    for a, b in hole_pairs:
        pair_mask = low_bit(a) | low_bit(b)
        for t in triples:
            mask = low_bit(t[0]) | low_bit(t[1]) | low_bit(t[2])
            if mask & pair_mask:
                continue
            mask |= pair_mask
            if mask < best_mask:
                best_mask, best_cards = mask, (a, b) + t
    if best_cards is None:
        return None
    return LowValue(best_mask, [c.index for c in best_cards])


def evaluate_omaha_low(hole: str | Sequence[CardLike], board: str | Sequence[CardLike]) -> LowValue | None:
    """The best Omaha low: exactly two of the 4, 5 or 6 hole cards with exactly three of the board.

    >>> evaluate_omaha_low("As 2d Kc Kh", "3c 4d 8s Qh Jd").description
    'Eight-four low: 8 4 3 2 A'
    >>> evaluate_omaha_low("Ks Kd Qc 7h 3s 2d", "As 4c 8d Jh Td").description   # 6-card Omaha
    'Eight-four low: 8 4 3 2 A'
    >>> evaluate_omaha_low("As 2d 3c", "4c 5d 8s Qh Jd")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: an Omaha hand holds 4, 5 or 6 hole cards, got 3: A♠ 2♦ 3♣
    >>> print(evaluate_omaha_low("As Kd Kc Kh", "2c 3d 4s 5h Jd"))   # one low hole card is not enough
    None
    >>> print(evaluate_omaha_low("As 2d 3c 4h", "5c Kd Qs Jh Td"))   # only one low card on the board
    None
    """
    hole_cards, board_cards = parse_cards(hole), parse_cards(board)
    _check_omaha(hole_cards, board_cards)
    return omaha_low_from_cards(hole_cards, board_cards)


def _ranks_text(mask: int) -> str:
    return " ".join("A" if r == 1 else RANK_CHARS[r] for r in _ranks_of_mask(mask)[::-1])


def explain_low(cards: str | Sequence[CardLike], board: str | Sequence[CardLike] | None = None) -> str:
    """Say whether the cards make an eight-or-better low, which, and why (or why not).

    With one argument the best five of 5 to 7 cards play; with ``board`` the cards are Omaha hole
    cards (exactly two of them with exactly three of the board).

    >>> explain_low("As 2d 9c 9h Ks Qd 2c")
    'No low: the ranks 8 or lower are A 2, only 2 different (a low needs 5).'
    >>> explain_low("Ah 3d Kc Kh", "2c 5d 8s Qh Jd")
    'Eight-five low: 8 5 3 2 A, with A♥ 3♦ from the hand and 8♠ 5♦ 2♣ from the board.'
    >>> explain_low("Ah Kd Kc Kh", "2c 5d 8s 3h Jd")
    'No low: only one hole card is 8 or lower (A♥) and Omaha plays exactly two.'
    """
    if board is None:
        parsed = parse_cards(cards)
        value = evaluate_low(parsed)
        if value is not None:
            return f"{value.description}."
        mask = 0
        for card in parsed:
            mask |= low_bit(card)
        n = mask.bit_count()
        listed = _ranks_text(mask) or "none"
        return f"No low: the ranks 8 or lower are {listed}, only {n} different (a low needs 5)."
    hole, board_cards = parse_cards(cards), parse_cards(board)
    _check_omaha(hole, board_cards)
    value = omaha_low_from_cards(hole, board_cards)
    if value is not None:
        five = set(value.best_five)
        used = [c for c in hole if c in five]
        from_board = [c for c in value.best_five if c in board_cards]
        return (
            f"{value.description}, with {format_cards(used)} from the hand and "
            f"{format_cards(from_board)} from the board."
        )
    low_hole = [c for c in hole if low_bit(c)]
    hole_mask = 0
    for card in low_hole:
        hole_mask |= low_bit(card)
    board_mask = 0
    for card in board_cards:
        board_mask |= low_bit(card)
    if not low_hole:
        return "No low: no hole card is 8 or lower and Omaha plays exactly two."
    if len(low_hole) == 1:
        return (
            f"No low: only one hole card is 8 or lower ({format_cards(low_hole)}) "
            "and Omaha plays exactly two."
        )
    if hole_mask.bit_count() < 2:
        return (
            f"No low: the hole cards 8 or lower ({format_cards(low_hole)}) are of one rank, "
            "and Omaha plays two different ones."
        )
    if board_mask.bit_count() < 3:
        return (
            f"No low: the board has only {board_mask.bit_count()} different rank(s) 8 or "
            f"lower ({_ranks_text(board_mask) or 'none'}) and Omaha plays exactly three."
        )
    return (
        "No low: no two different low hole ranks fit with three different low board ranks "
        f"(hand {_ranks_text(hole_mask)}, board {_ranks_text(board_mask)}): "
        "they must make five different ranks."
    )


def rank_lows(values: dict[str, LowValue | None]) -> list[tuple[str, ...]]:
    """Tiers of the players who hold a qualifying low, best low first; the others are left out.

    >>> rank_lows({"A": evaluate_low("8s 6d 4h 2c Ad"), "B": None, "C": evaluate_low("7s 6d 4h 2c Ad")})
    [('C',), ('A',)]
    """
    order = sorted({v.strength for v in values.values() if v is not None}, reverse=True)
    return [tuple(n for n, v in values.items() if v is not None and v.strength == s) for s in order]
