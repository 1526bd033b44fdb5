"""Vectorised hand evaluation with numpy: millions of 5-, 6- or 7-card hands per second.

Hands are rows of card indices 0..51 (``Card.index``: ``4 * (rank - 2) + suit``). The strengths
are the same integers as :attr:`potengine.cards.evaluate.HandValue.strength`, so arrays and scalar
evaluation order hands identically.

>>> import numpy as np
>>> from potengine.cards.evaluate import evaluate
>>> hands = to_array(["As Ks Qs Js Ts 2c 3d", "5d 4h 3s 2d Ad Kc Kh"])
>>> strengths = evaluate_array(hands)
>>> [int(s) for s in strengths] == [evaluate("As Ks Qs Js Ts 2c 3d").strength,
...                                  evaluate("5d 4h 3s 2d Ad Kc Kh").strength]
True

Design: each card maps to an integer holding a 3-bit count per rank and a 4-bit count per suit,
and to one bit of a 52-bit card set. Summing a row gives the rank-count key and the suit counts.
Rows without five cards of a suit look their key up directly: the key's low half (deuce..eight)
and high half (nine..ace) index two small arrays whose sum is a position in a grid of strengths
(about 20 MB, filled from the 73,775 rank multisets of 5, 6 and 7 cards): three gathers, no search.
Flush rows (about 3 % of 7-card hands) look up the 13-bit mask of each suit in an 8,192-entry table.
The tables are built with numpy on first use in a fraction of a second. Because the sums are
additive, a shared board is summed once and each player's two cards are added afterwards
(see :mod:`potengine.cards.equity`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import CardError, said
from .deck import DECK, CardLike, parse_cards
from .evaluate import CARD_BIT, CARD_KEY, FLUSH_TABLE, _straight_top

CARD_KEYS = np.array(CARD_KEY, dtype=np.int64)
"""Per card index: rank-count and suit-count bits (see :data:`potengine.cards.evaluate.CARD_KEY`)."""
CARD_BITS = np.array(CARD_BIT, dtype=np.int64)
"""Per card index: its bit in a 52-bit card set (13 bits per suit)."""
FLUSH_STRENGTHS = np.array(FLUSH_TABLE, dtype=np.int64)
"""Best flush / straight flush strength for each 13-bit suit mask (0 below five cards)."""

_SUIT_SHIFT = 40
_RANK_KEY_MASK = np.int64((1 << 39) - 1)
_TABLES: tuple[NDArray[np.int64], NDArray[np.int64]] | None = None


def _count_vectors() -> NDArray[np.int8]:
    """Every vector of 13 rank counts (each 0..4) summing to 5, 6 or 7, as an (M, 13) array."""
    partial = np.zeros((1, 0), dtype=np.int8)
    for _ in range(13):
        totals = partial.sum(axis=1)
        blocks = []
        for count in range(5):
            fits = partial[totals + count <= 7]
            blocks.append(np.column_stack([fits, np.full(len(fits), count, dtype=np.int8)]))
        partial = np.concatenate(blocks)
    return partial[partial.sum(axis=1) >= 5]


_STRAIGHT_TOP = np.array([_straight_top(m) for m in range(8192)], dtype=np.int64)


def _nth_highest(present: NDArray[np.bool_], n: int) -> NDArray[np.int64]:
    """Rank value (2..14) of the n-th highest True column per row (0 when there is none)."""
    hit = np.cumsum(present[:, ::-1], axis=1) >= n
    return np.where(hit.any(axis=1), 14 - hit.argmax(axis=1), 0)


def strengths_from_count_vectors(counts: NDArray[np.integer[Any]]) -> NDArray[np.int64]:
    """Vectorised :func:`potengine.cards.evaluate.strength_from_counts` for an (M, 13) array of counts.

    >>> from potengine.cards.evaluate import strength_from_counts
    >>> int(strengths_from_count_vectors(np.array([[0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0]]))[0]) \\
    ...     == strength_from_counts([0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0])
    True
    """
    values = np.arange(2, 15)
    present = counts > 0
    quad = _nth_highest(counts == 4, 1)
    trip1, trip2 = _nth_highest(counts == 3, 1), _nth_highest(counts == 3, 2)
    pair1, pair2 = _nth_highest(counts == 2, 1), _nth_highest(counts == 2, 2)
    top = _STRAIGHT_TOP[(present * (1 << np.arange(13))).sum(axis=1)]

    def others(*exclude: NDArray[np.int64]) -> NDArray[np.bool_]:
        keep = present.copy()
        for rank in exclude:
            keep &= values[None, :] != rank[:, None]
        return keep

    def pack(category: int, *ranks: NDArray[np.int64]) -> NDArray[np.int64]:
        value = np.full(len(counts), category, dtype=np.int64)
        for rank in ranks:
            value = (value << 4) | rank
        return value

    rest_q = others(quad)
    rest_t = others(trip1)
    rest_pp = others(pair1, pair2)
    rest_p = others(pair1)
    straight = [np.where(top == 5, r if i < 4 else 14, top - i) for i, r in enumerate((5, 4, 3, 2, 14))]
    full_pair = np.maximum(trip2, pair1)
    choices = [
        (quad > 0, pack(7, quad, quad, quad, quad, _nth_highest(rest_q, 1))),
        ((trip1 > 0) & (full_pair > 0), pack(6, trip1, trip1, trip1, full_pair, full_pair)),
        (top > 0, pack(4, *straight)),
        (trip1 > 0, pack(3, trip1, trip1, trip1, _nth_highest(rest_t, 1), _nth_highest(rest_t, 2))),
        (pair2 > 0, pack(2, pair1, pair1, pair2, pair2, _nth_highest(rest_pp, 1))),
        (pair1 > 0, pack(1, pair1, pair1, *(_nth_highest(rest_p, j) for j in (1, 2, 3)))),
    ]
    high = pack(0, *(_nth_highest(present, j) for j in range(1, 6)))
    return np.select([c for c, _ in choices], [v for _, v in choices], default=high)


def _build_tables() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """Sorted rank-count keys of every 5-, 6- and 7-card rank multiset, and their strengths."""
    counts = _count_vectors()
    keys = (counts.astype(np.int64) << (3 * np.arange(13, dtype=np.int64))).sum(axis=1)
    order = np.argsort(keys)
    return keys[order], strengths_from_count_vectors(counts)[order]


def tables() -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The non-flush lookup tables ``(sorted keys, strengths)``, built on first use (well under a
    second) and kept.

    >>> keys, strengths = tables()
    >>> len(keys), bool((np.diff(keys) > 0).all())
    (73775, True)
    """
    global _TABLES
    if _TABLES is None:
        _TABLES = _build_tables()
    return _TABLES


_DIRECT: tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]] | None = None
_LOW_BITS = 21  # the rank counts of deuce..eight (7 ranks x 3 bits)
_LOW_MASK = np.int64((1 << _LOW_BITS) - 1)


def direct_tables() -> tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.int32]]:
    """The non-flush table arranged for direct indexing, built once from :func:`tables`.

    A rank-count key splits into its low half (deuce..eight, 21 bits) and high half (nine..ace,
    18 bits); ``low[key & 0x1FFFFF] + high[key >> 21]`` is the key's position in ``strengths``.
    Three array lookups replace a binary search.

    >>> low, high, strengths = direct_tables()
    >>> keys, values = tables()
    >>> bool((strengths[low[keys & 0x1FFFFF] + high[keys >> 21]] == values).all())
    True
    """
    global _DIRECT
    if _DIRECT is None:
        keys, values = tables()
        low_keys, low_index = np.unique(keys & _LOW_MASK, return_inverse=True)
        high_keys, high_index = np.unique(keys >> _LOW_BITS, return_inverse=True)
        width = len(high_keys)
        low = np.zeros(1 << _LOW_BITS, dtype=np.int32)
        low[low_keys] = np.arange(len(low_keys), dtype=np.int32) * width
        high = np.zeros(1 << (39 - _LOW_BITS), dtype=np.int32)
        high[high_keys] = np.arange(width, dtype=np.int32)
        strengths = np.zeros(len(low_keys) * width, dtype=np.int32)
        strengths[low_index.ravel() * width + high_index.ravel()] = values
        _DIRECT = (low, high, strengths)
    return _DIRECT


def flush_strengths(bits: NDArray[np.int64]) -> NDArray[np.int64]:
    """The best flush or straight flush in each 52-bit card set (0 where no suit has five cards).

    >>> int(flush_strengths(CARD_BITS[to_array(["Ah Kh Qh Jh 9h"])].sum(axis=1))[0]) >> 20
    5
    """
    best = FLUSH_STRENGTHS[bits & 0x1FFF]
    for suit in (1, 2, 3):
        np.maximum(best, FLUSH_STRENGTHS[(bits >> (13 * suit)) & 0x1FFF], out=best)
    return best


def nonflush_strengths(key_sums: NDArray[np.int64]) -> NDArray[np.int64]:
    """Each hand's strength from its rank counts alone, as if no suit held five cards.

    >>> int(nonflush_strengths(CARD_KEYS[to_array(["Ah Ad Kh Kd Kc"])].sum(axis=1))[0]) >> 20
    6
    """
    return nonflush_strengths32(key_sums).astype(np.int64)


def nonflush_strengths32(key_sums: NDArray[np.int64]) -> NDArray[np.int32]:
    """:func:`nonflush_strengths` as int32 (every strength fits), for callers that keep millions.

    >>> nonflush_strengths32(CARD_KEYS[to_array(["Ah Ad Kh Kd Kc"])].sum(axis=1)).dtype
    dtype('int32')
    """
    low, high, strengths = direct_tables()
    rank_keys = key_sums & _RANK_KEY_MASK
    index = low[rank_keys & _LOW_MASK]
    index += high[rank_keys >> _LOW_BITS]
    return strengths[index]


def flush_rows(key_sums: NDArray[np.int64]) -> NDArray[np.bool_]:
    """True for each hand holding five or more cards of one suit (read from the suit counts).

    >>> flush_rows(CARD_KEYS[to_array(["Ah Kh Qh Jh 9h", "Ah Kh Qh Jh 9s"])].sum(axis=1)).tolist()
    [True, False]
    """
    return (((key_sums >> _SUIT_SHIFT) + 0x3333) & 0x8888) != 0


def strengths_from_sums(key_sums: NDArray[np.int64], bit_sums: NDArray[np.int64]) -> NDArray[np.int64]:
    """Strengths from per-hand sums of :data:`CARD_KEYS` and :data:`CARD_BITS` (int64 arrays).

    >>> idx = to_array(["Ah Kh Qh Jh Th"])
    >>> int(strengths_from_sums(CARD_KEYS[idx].sum(1), CARD_BITS[idx].sum(1))[0]) >> 20
    8
    """
    strengths = nonflush_strengths(key_sums)
    flush = flush_rows(key_sums)
    if flush.any():
        strengths[flush] = flush_strengths(bit_sums[flush])
    return strengths


def evaluate_array(hands: NDArray[np.integer[Any]], *, check: bool = True) -> NDArray[np.int64]:
    """Strength of each row of an ``(N, 5|6|7)`` array of card indices (0..51), as int64.

    With ``check`` (the default) indices out of range or repeated within a row raise
    :class:`~potengine.errors.CardError` naming the row and the card.

    >>> evaluate_array(np.array([[51, 47, 43, 39, 35]])) >> 20
    array([8])
    >>> evaluate_array(np.array([[51, 51, 43, 39, 35]]))
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: hand 0 holds card A♠ twice
    """
    hands = np.asarray(hands)
    if hands.ndim != 2 or hands.shape[1] not in (5, 6, 7):
        raise CardError(
            said(
                "expected an (N, 5), (N, 6) or (N, 7) array of card indices, got shape {shape}",
                shape=str(hands.shape),
            )
        )
    if not np.issubdtype(hands.dtype, np.integer):
        raise CardError(
            said("card indices must be integers 0..51, got dtype {dtype}", dtype=str(hands.dtype))
        )
    if check and hands.size:
        bad = (hands < 0) | (hands > 51)
        if bad.any():
            row, col = map(int, np.argwhere(bad)[0])
            raise CardError(
                said("hand {row} has card index {index}, outside 0..51", row=row, index=int(hands[row, col]))
            )
        hands = hands.astype(np.intp, copy=False)
        union = total = CARD_BITS[hands[:, 0]]
        for column in range(1, hands.shape[1]):
            bits = CARD_BITS[hands[:, column]]
            union = union | bits
            total = total + bits
        repeated = union != total  # a card counted twice carries into another bit
        if repeated.any():
            row = int(np.argmax(repeated))
            ordered = np.sort(hands[row])
            card = ordered[1:][ordered[1:] == ordered[:-1]][0]
            raise CardError(said("hand {row} holds card {card} twice", row=row, card=str(DECK[int(card)])))
    hands = hands.astype(np.intp, copy=False)
    key_sums = CARD_KEYS[hands[:, 0]]
    for column in range(1, hands.shape[1]):
        key_sums = key_sums + CARD_KEYS[hands[:, column]]
    strengths = nonflush_strengths(key_sums)
    flush = flush_rows(key_sums)
    if flush.any():  # about 3% of random 7-card hands: only these need the card-set bits
        strengths[flush] = flush_strengths(CARD_BITS[hands[flush]].sum(axis=1))
    return strengths


def to_array(hands: Sequence[str | Sequence[CardLike]]) -> NDArray[np.int8]:
    """Parse a list of hands (all the same size) into an ``(N, k)`` int8 array of card indices.

    >>> to_array(["2c 2d 2h 2s Ah", "As Ks Qs Js 10s"])
    array([[ 0,  1,  2,  3, 50],
           [51, 47, 43, 39, 35]], dtype=int8)
    """
    rows = [[card.index for card in parse_cards(hand)] for hand in hands]
    sizes = {len(row) for row in rows}
    if len(sizes) > 1:
        raise CardError(
            said("all hands must have the same number of cards, got sizes {sizes}", sizes=str(sorted(sizes)))
        )
    return np.array(rows, dtype=np.int8).reshape(len(rows), sizes.pop() if sizes else 0)


def category_of(strengths: ArrayLike) -> NDArray[np.integer[Any]]:
    """Category numbers 0..8 (high card .. straight flush) of an array of strengths.

    >>> category_of(evaluate_array(to_array(["Ah Kh Qh Jh 9h", "2c 2d 5h 5s 9c"])))
    array([5, 2])
    """
    return np.asarray(strengths) >> 20
