"""Exact all-in equity: every remaining board is dealt, none sampled.

:func:`equity` gives each player's share of one pot they all contest (ties split) as an exact
:class:`~fractions.Fraction`, with win and tie counts. :func:`pot_equity` does it pot by pot for
an all-in with side pots: a short stack contests only the main pot, so its chance there differs
from the bigger stacks' battle for the side pot.

>>> result = equity({"Alice": "AsAh", "Bilal": "KdKc"}, board="2c 7d 9h")
>>> result.boards, result["Alice"].wins, result["Bilal"].wins, result["Alice"].ties
(990, 907, 83, 0)
>>> result["Alice"].share + result["Bilal"].share
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import islice
from math import comb
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from ..chips import Amount
from ..errors import CardError, InputError, said
from ..pots.layout import build_pots
from .arrays import CARD_BITS, CARD_KEYS, flush_strengths, nonflush_strengths32
from .deck import Card, CardLike, format_cards, parse_cards
from .evaluate import parse_deal

_Int = TypeVar("_Int", bound=np.integer[Any])  # the dtype a subset sum keeps


@lru_cache(maxsize=8)
def combinations_array(n: int, k: int) -> NDArray[np.uint8]:
    """Every k-subset of ``range(n)`` in lexicographic order, as an ``(C(n, k), k)`` uint8 array.

    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    >>> combinations_array(46, 5).shape
    (1370754, 5)
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    if k > n:
        return np.zeros((0, k), dtype=np.uint8)
    # combos of k from n = for each first element i: [i, (combos of k-1 from n-i-1) + i + 1]
    tail = combinations_array(n - 1, k - 1)  # combos of k-1 from range(n-1)
    parts = []
    for first in range(n - k + 1):
        rest = n - first - 1
        # the last C(rest, k-1) rows of `tail` (lexicographic) are the subsets of
        # first..n-2; shifted by one they are the subsets of first+1..n-1.
        count = _comb(rest, k - 1)
        block = np.empty((count, k), dtype=np.uint8)
        block[:, 0] = first
        block[:, 1:] = tail[len(tail) - count :] + 1
        parts.append(block)
    result = np.concatenate(parts)
    result.setflags(write=False)
    return result


def _comb(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def subset_sums(values: NDArray[_Int], k: int) -> NDArray[_Int]:
    """The sum of every k-subset of ``values``, in the row order of :func:`combinations_array`.

    Built the way the combinations are: each block is one first value plus the sums of the
    (k-1)-subsets after it, so the work is about one addition per subset instead of k gathers.

    >>> values = np.array([1, 10, 100, 1000])
    >>> subset_sums(values, 2).tolist() == values[combinations_array(4, 2)].sum(axis=1).tolist()
    True
    """
    return positional_subset_sums(np.broadcast_to(values, (k, len(values))))


def positional_subset_sums(table: NDArray[_Int]) -> NDArray[_Int]:
    """:func:`subset_sums` where an element's value depends on its place in the subset:
    ``table[i, j]`` is element j's value when it is the i-th smallest of the k = ``len(table)``.

    >>> table = np.array([[1, 2, 3], [10, 20, 30]])           # k = 2 of 3 elements
    >>> positional_subset_sums(table).tolist()                 # {0,1}, {0,2}, {1,2}
    [21, 31, 32]
    """
    k, n = table.shape
    if k == 0:
        return np.zeros(1, dtype=table.dtype)
    if k > n:
        return np.zeros(0, dtype=table.dtype)
    tail = positional_subset_sums(table[1:, 1:])  # the (k-1)-subsets of elements 1..n-1
    out = np.empty(_comb(n, k), dtype=table.dtype)
    start = 0
    for first in range(n - k + 1):
        # the last C(n-first-1, k-1) rows of `tail` are the subsets of elements first+1..n-1
        count = _comb(n - first - 1, k - 1)
        np.add(tail[len(tail) - count :], table[0, first], out=out[start : start + count])
        start += count
    return out


def rank_multiset_ids(cards: NDArray[np.intp], k: int) -> NDArray[np.intp]:
    """For every k-subset of ``cards`` (sorted card indices), the number of its multiset of ranks
    among all C(12 + k, k) multisets, in the row order of :func:`combinations_array`.

    Sorted card indices have non-decreasing ranks r_0 <= ... <= r_k-1; the strictly increasing
    r_i + i numbers the multiset in the combinatorial number system: sum of C(r_i + i, i + 1).

    >>> from potengine.cards.deck import parse_cards
    >>> cards = np.array(sorted(c.index for c in parse_cards("2c 2d 3c 3d")))
    >>> rank_multiset_ids(cards, 2).tolist()     # {2,2} {2,3} {2,3} {2,3} {2,3} {3,3}
    [0, 1, 1, 1, 1, 2]
    """
    ranks = cards >> 2
    table = np.array([[comb(int(r) + i, i + 1) for r in ranks] for i in range(k)], dtype=np.intp)
    return positional_subset_sums(table.reshape(k, len(cards)))


def _rank_strength_table(k: int, known_key: int) -> NDArray[np.int32]:
    """Non-flush strength of each multiset of k board ranks (numbered as in
    :func:`rank_multiset_ids`) joined to the known cards' rank key; 0 where a rank would be held
    five times (no such board exists)."""
    shifted = combinations_array(12 + k, k).astype(np.int64)  # strictly increasing r_i + i
    ranks = shifted - np.arange(k, dtype=np.int64)
    ids = np.zeros(len(shifted), dtype=np.int64)
    keys = np.full(len(shifted), known_key & ((1 << 39) - 1), dtype=np.int64)
    for i in range(k):
        ids += np.array([comb(int(s), i + 1) for s in range(13 + k)], dtype=np.int64)[shifted[:, i]]
        keys += np.int64(1) << (3 * ranks[:, i])
    counts = (keys[:, None] >> (3 * np.arange(13, dtype=np.int64))) & 7
    possible = (counts <= 4).all(axis=1)
    table = np.zeros(len(shifted), dtype=np.int32)
    table[ids[possible]] = nonflush_strengths32(keys[possible])
    return table


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result over all boards: ``share`` of the pot (exact), outright ``wins``,
    ``ties`` (boards where the pot is split with others) and ``boards`` in total."""

    name: str
    share: Fraction
    wins: int
    ties: int
    boards: int

    @property
    def win_chance(self) -> Fraction:
        """Chance of winning outright."""
        return Fraction(self.wins, self.boards)

    @property
    def tie_chance(self) -> Fraction:
        """Chance of splitting the pot with at least one other player."""
        return Fraction(self.ties, self.boards)


@dataclass(frozen=True)
class EquityResult:
    """Exact equity of each player in one pot, over ``boards`` equally likely boards."""

    boards: int
    players: tuple[PlayerEquity, ...]

    def __getitem__(self, name: str) -> PlayerEquity:
        for player in self.players:
            if player.name == name:
                return player
        raise InputError(
            said(
                "no player named {name}; players are {players}",
                name=repr(name),
                players=", ".join(repr(p.name) for p in self.players),
            )
        )

    def __iter__(self) -> Iterator[PlayerEquity]:
        return iter(self.players)

    @property
    def shares(self) -> dict[str, Fraction]:
        """``{player: share}``; the shares add up to exactly 1."""
        return {p.name: p.share for p in self.players}


MAX_PLAYERS = 23
"""More hold'em hands than this cannot be dealt from one deck (23 × 2 + 5 = 51 cards)."""


def _names_and_hands(
    hands: Mapping[str, str | Sequence[CardLike]] | Sequence[str],
) -> dict[str, str | Sequence[CardLike]]:
    """The hands as ``{name: cards}``, every player kept, every name a non-empty string.

    A list of hands is named by its cards; the same hand listed twice is a :class:`CardError`
    naming a card held twice (it is never merged into one player).

    >>> list(_names_and_hands(["AsAh", "Kd Kc"]))
    ['A♠ A♥', 'K♦ K♣']
    >>> _names_and_hands(["AsAh", "KdKc", "As Ah"])
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: card A♠ is held twice: the hand A♠ A♥ is listed twice
    >>> _names_and_hands({1: "AsAh", "1": "KdKc"})
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: player names must be non-empty strings, got 1
    >>> _names_and_hands(None)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: hands must be a mapping {name: hole cards} or a list of hands, not None
    """
    if isinstance(hands, Mapping):
        if len(hands) > MAX_PLAYERS:
            raise InputError(
                said(
                    "{count} hands cannot be dealt from one deck (at most {max_players})",
                    count=len(hands),
                    max_players=MAX_PLAYERS,
                )
            )
        for name in hands:
            if not isinstance(name, str) or not name.strip():
                raise InputError(
                    said("player names must be non-empty strings, got {player}", player=_short(name))
                )
        return dict(hands)
    if isinstance(hands, str):
        raise CardError(
            said(
                "give the hands as a mapping {{name: cards}} or a list of hands, not one string {hands}",
                hands=_short(hands),
            )
        )
    if not isinstance(hands, Iterable) or isinstance(hands, (bytes, bytearray)):
        raise InputError(
            said(
                "hands must be a mapping {{name: hole cards}} or a list of hands, not {hands}",
                hands=_short(hands),
            )
        )
    hands = list(islice(hands, MAX_PLAYERS + 1))  # an endless iterator is not read forever
    if len(hands) > MAX_PLAYERS:
        raise InputError(
            said("more than {max_players} hands cannot be dealt from one deck", max_players=MAX_PLAYERS)
        )
    named: dict[str, str | Sequence[CardLike]] = {}
    for hand in hands:
        cards = parse_cards(hand)
        name = format_cards(cards)
        if name in named:
            raise CardError(
                said(
                    "card {cards} is held twice: the hand {name} is listed twice",
                    cards=format_cards(cards[:1]),
                    name=name,
                )
            )
        named[name] = hand
    return named


def _short(value: object) -> str:
    """``repr(value)`` cut to 60 characters, for error messages about hostile input."""
    if value is None:
        return "None"
    if not isinstance(value, (str, int, float)):
        return type(value).__name__
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


def board_strengths(
    holes: Mapping[str, Sequence[Card]], board: Sequence[Card], dead: Sequence[Card] = ()
) -> tuple[dict[str, NDArray[np.int32]], int]:
    """Each player's strength on every completion of ``board`` (arrays aligned board by board),
    and the number of boards.

    >>> strengths, boards = board_strengths({"A": parse_cards("As Ah"), "B": parse_cards("Kd Kc")},
    ...                                     parse_cards("2c 7d 9h 3s"))
    >>> boards, strengths["A"].shape
    (44, (44,))
    """
    known = [card for hole in holes.values() for card in hole] + list(board) + list(dead)
    used = {card.index for card in known}
    remaining = np.array([i for i in range(52) if i not in used], dtype=np.intp)
    missing = 5 - len(board)
    board_key = sum(CARD_KEY_INT[c.index] for c in board)
    board_bit = sum(CARD_BIT_INT[c.index] for c in board)
    # Every completion's rank-and-suit key, summed without listing its cards; the card-set bits
    # are needed only on the boards where somebody can hold a flush.
    # Each board's four suit counts (a nibble each), summed in 16 bits.
    suit_sums = subset_sums((CARD_KEYS[remaining] >> _SUIT_SHIFT).astype(np.uint16), missing)
    hole_keys = {name: sum(CARD_KEY_INT[c.index] for c in hole) for name, hole in holes.items()}
    # A board on which somebody can hold a flush: per suit, its cards plus the most any player
    # holds of that suit reach five. One pass over the boards, whatever the number of players.
    most = board_key >> _SUIT_SHIFT
    for suit in range(4):
        most += max((key >> (_SUIT_SHIFT + 4 * suit)) & 15 for key in hole_keys.values()) << 4 * suit
    rows = np.flatnonzero((suit_sums + np.uint16(most + 0x3333)) & np.uint16(0x8888))
    flush_bits = subset_sums(CARD_BITS[remaining], missing)[rows] + board_bit
    # Without a flush a hand is worth what its ranks are: number each board's multiset of ranks
    # once, and give each player a small table of strengths by multiset, one look-up a board.
    board_ids = rank_multiset_ids(remaining, missing)
    strengths = {}
    for name, hole in holes.items():
        strength = _rank_strength_table(missing, board_key + hole_keys[name])[board_ids]
        if len(rows):
            # With seven cards a flush never comes with a full house or quads: where a suit holds
            # five cards the flush (or straight flush) is the hand.
            hole_bits = sum(CARD_BIT_INT[c.index] for c in hole)
            made = flush_strengths(flush_bits + hole_bits)
            strength[rows] = np.where(made > 0, made, strength[rows])
        strengths[name] = strength
    return strengths, len(suit_sums)


_SUIT_SHIFT = 40  # the suit counts' place in a card key (see potengine.cards.evaluate.CARD_KEY)
CARD_KEY_INT = [int(v) for v in CARD_KEYS]
CARD_BIT_INT = [int(v) for v in CARD_BITS]


def _split_counts(
    strengths: Mapping[str, NDArray[np.integer[Any]]], players: Sequence[str]
) -> dict[str, NDArray[np.intp]]:
    """For each player, how many boards they win with k winners (index k, k = 1..n; 0: lost).

    >>> counts = _split_counts({"A": np.array([5, 7, 7, 9]), "B": np.array([6, 7, 2, 1])}, ["A", "B"])
    >>> {p: c.tolist() for p, c in counts.items()}
    {'A': [1, 2, 1], 'B': [2, 1, 1]}
    """
    best = strengths[players[0]].copy()
    for p in players[1:]:
        np.maximum(best, strengths[p], out=best)
    wins = {p: strengths[p] == best for p in players}
    n_winners = np.zeros(len(best), dtype=np.uint8)
    for won in wins.values():
        n_winners += won
    if len(players) > 4:
        # The number of winners on the boards a player wins, 0 where he loses: one bincount each.
        return {p: np.bincount(n_winners * won, minlength=len(players) + 1) for p, won in wins.items()}
    # Few players: count byte masks, cheaper than widening millions of counts for bincount.
    by_k = [n_winners == k for k in range(1, len(players) + 1)]
    counts = {}
    for p, won in wins.items():
        row = [len(best) - int(np.count_nonzero(won))]
        row += [int(np.count_nonzero(won & exactly)) for exactly in by_k]
        counts[p] = np.array(row, dtype=np.int64)
    return counts


def _share(counts: NDArray[np.integer[Any]], boards: int) -> Fraction:
    return sum((Fraction(int(c), k) for k, c in enumerate(counts) if k and c), Fraction(0)) / boards


def equity(
    hands: Mapping[str, str | Sequence[CardLike]] | Sequence[str],
    board: str | Sequence[CardLike] = "",
    dead: str | Sequence[CardLike] = "",
) -> EquityResult:
    """Exact equity of hold'em hands in one pot they all contest, over every remaining board.

    ``hands`` maps names to two hole cards (a list of hands is named by its cards); ``board`` has
    0, 3, 4 or 5 cards; ``dead`` cards are known to be out of the deck.

    >>> result = equity({"Alice": "AsAh", "Bilal": "KdKc", "Chloé": "7s6s"})
    >>> result.boards
    1370754
    >>> [(p.name, p.wins, p.ties) for p in result]
    [('Alice', 835699, 3052), ('Bilal', 242990, 3052), ('Chloé', 289013, 3052)]
    >>> {p.name: round(float(p.share), 4) for p in result}
    {'Alice': 0.6104, 'Bilal': 0.178, 'Chloé': 0.2116}
    >>> equity(["As Ah", "Kd Kc"], board="2c 7d 9h 3s 4c").shares
    {'A♠ A♥': Fraction(1, 1), 'K♦ K♣': Fraction(0, 1)}
    """
    hands = _names_and_hands(hands)
    if len(hands) < 2:
        raise InputError(said("equity needs at least two players, got {count}", count=len(hands)))
    holes, board_cards = parse_deal(hands, board)
    if len(board_cards) in (1, 2):
        raise CardError(
            said(
                "a board has 0, 3, 4 or 5 cards, got {count}: {cards}",
                count=len(board_cards),
                cards=format_cards(board_cards),
            )
        )
    dead_cards = parse_cards(dead)
    if dead_cards:
        parse_deal(hands, tuple(board_cards) + dead_cards, max_board=52)  # no overlaps
    strengths, boards = board_strengths(holes, board_cards, dead_cards)
    names = list(holes)
    counts = _split_counts(strengths, names)
    players = tuple(
        PlayerEquity(
            name, _share(counts[name], boards), int(counts[name][1]), int(counts[name][2:].sum()), boards
        )
        for name in names
    )
    return EquityResult(boards, players)


@dataclass(frozen=True)
class PotChance:
    """One player's prospects in one pot: ``share`` of it (exact), outright ``win_chance``,
    ``tie_chance`` and the ``expected`` chips (``share * amount``)."""

    name: str
    share: Fraction
    win_chance: Fraction
    tie_chance: Fraction
    expected: Fraction


@dataclass(frozen=True)
class PotEquity:
    """A pot (main first) with its amount, eligible players and each one's :class:`PotChance`."""

    name: str
    amount: Amount
    eligible: tuple[str, ...]
    chances: dict[str, PotChance]


@dataclass(frozen=True)
class PotEquityResult:
    """Per-pot equity of an all-in, plus the certain refunds and each player's total expectation."""

    boards: int
    pots: tuple[PotEquity, ...]
    refunds: dict[str, Amount]
    contributions: dict[str, Amount] = field(default_factory=dict)

    @property
    def expected(self) -> dict[str, Fraction]:
        """Expected chips back per player: every pot's expectation plus refunds (exact)."""
        total: dict[str, Fraction] = {}
        for pot in self.pots:
            for name, chance in pot.chances.items():
                total[name] = total.get(name, Fraction(0)) + chance.expected
        for name, amount in self.refunds.items():
            total[name] = total.get(name, Fraction(0)) + Fraction(amount)
        return total


def pot_equity(
    contributions: Mapping[str, Amount],
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike] = "",
    folded: Collection[str] = (),
) -> PotEquityResult:
    """Each player's chance and expected chips in each pot of an all-in (pots from
    :func:`potengine.pots.layout.build_pots`); every live player needs hole cards.

    Expected chips split tied pots evenly (as fractions); they add up to each pot's amount.

    >>> result = pot_equity({"Alice": 40, "Bilal": 100, "Chloé": 100},
    ...                     {"Alice": "7s6s", "Bilal": "KdKc", "Chloé": "AsAh"}, board="2c 7d 9h")
    >>> [(pot.name, pot.amount) for pot in result.pots]
    [('Main pot', 120), ('Side pot 1', 120)]
    >>> [sum(c.expected for c in pot.chances.values()) == pot.amount for pot in result.pots]
    [True, True]
    """
    layout = build_pots(contributions, folded)
    if not isinstance(hands, Mapping):
        raise InputError(
            said(
                "hands must be a mapping {{name: hole cards}}, e.g. {{'Alice': 'AsAh'}}, not {hands}",
                hands=_short(hands),
            )
        )
    hands = _names_and_hands(hands)
    folded = layout.folded
    live = layout.live
    missing = [name for name in live if name not in hands]
    if missing:
        raise CardError(said("{player} is still in the hand but has no hole cards", player=missing[0]))
    extra = [name for name in hands if name not in layout.seats]
    if extra:
        raise InputError(said("{player} has hole cards but no contribution", player=repr(extra[0])))
    holes, board_cards = parse_deal(hands, board)
    if len(board_cards) in (1, 2):
        raise CardError(
            said(
                "a board has 0, 3, 4 or 5 cards, got {count}: {cards}",
                count=len(board_cards),
                cards=format_cards(board_cards),
            )
        )
    strengths, boards = board_strengths(
        {n: holes[n] for n in live}, board_cards, tuple(c for n in hands if n not in live for c in holes[n])
    )
    pots = []
    for pot in layout.pots:
        eligible = tuple(n for n in pot.eligible if n not in folded)
        if not eligible:
            pots.append(PotEquity(pot.name, pot.amount, eligible, {}))
            continue
        counts = _split_counts(strengths, eligible)
        chances = {}
        for name in eligible:
            share = _share(counts[name], boards)
            chances[name] = PotChance(
                name,
                share,
                Fraction(int(counts[name][1]), boards),
                Fraction(int(counts[name][2:].sum()), boards),
                share * Fraction(pot.amount),
            )
        pots.append(PotEquity(pot.name, pot.amount, eligible, chances))
    return PotEquityResult(boards, tuple(pots), dict(layout.refunds), dict(layout.contributions))
