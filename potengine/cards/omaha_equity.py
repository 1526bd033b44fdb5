"""Exact Omaha and Omaha hi-lo equity, pot by pot: every remaining board is dealt, none sampled.

For each board, each player's best high hand (two hole cards with three board cards, the best of
60 ways, 100 with five hole cards, 150 with six) and, in hi-lo, his best eight-or-better low are computed with
numpy for all boards at once. Each pot is then judged among its own eligible players as a dealer
would: with no qualifying low the high hand(s) take it all; otherwise the high half and the low
half go to their best hands, ties sharing the half.

:func:`omaha_equity` gives one pot that everybody contests; :func:`omaha_pot_equity` the pots of
an all-in with side pots. Every share is an exact :class:`~fractions.Fraction`; the expected chips
count the odd chip of the high/low cut with the high half (:func:`potengine.pots.hilo.divide`) and
split a tied half evenly, as fractions.

>>> result = omaha_equity({"Alice": "As 2s 3d Kc", "Bilal": "Kh Kd Qh Jh"}, board="4s 7d Ks",
...                       hi_lo=True)
>>> result.boards, result["Alice"].share + result["Bilal"].share
(820, Fraction(1, 1))
>>> float(result["Alice"].low_share) > 0, result["Bilal"].low_share
(True, Fraction(0, 1))

How it is fast: without a flush, the best Omaha high and the best low depend on the ranks alone,
so boards are grouped by their ranks (a million boards fall into a few thousand groups) and the
60 two-plus-three combinations are evaluated once per group, as sums of card keys (see
:mod:`potengine.cards.arrays`) looked up in one vectorised call. Flushes are added only where the
board holds three cards of a suit of which the player holds two, from 13-bit rank masks. A low uses
one bit per rank 8 or lower and a 9th bit for any other card: the sum of five cards is a qualifying
low exactly when it is below 256 and has five bits set, and then a smaller sum is a better low, so one lookup
in a 1,281-entry table gives every low.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
from numpy.typing import NDArray

from ..chips import Amount
from ..errors import CardError, InputError, said
from ..pots.hilo import divide
from ..pots.layout import build_pots
from .arrays import CARD_KEYS, FLUSH_STRENGTHS, nonflush_strengths
from .deck import Card, CardLike, check_no_duplicates, format_cards, parse_cards
from .equity import combinations_array
from .low import low_bit
from .omaha import parse_omaha_deal

__all__ = [
    "LOW_CARD",
    "LOW_TABLE",
    "OmahaChance",
    "OmahaEquityResult",
    "OmahaPot",
    "omaha_equity",
    "omaha_pot_equity",
]

LOW_CARD = np.array([low_bit(Card(i // 4 + 2, "cdhs"[i % 4])) or 256 for i in range(52)], dtype=np.int64)
"""Per card index: its low bit (ace 1, deuce 2, ... eight 128) or 256 for a nine or higher."""


def _low_table() -> NDArray[np.int64]:
    table = np.zeros(5 * 256 + 1, dtype=np.int64)
    for mask in range(256):
        if mask.bit_count() == 5:
            table[mask] = 256 - mask
    return table


LOW_TABLE = _low_table()
"""Low strength (``256 - mask``, as :attr:`potengine.cards.low.LowValue.strength`) of a sum of
five :data:`LOW_CARD` values; 0 when the five cards make no qualifying low."""

_PAIRS_OF = {n: np.array(list(combinations(range(n), 2)), dtype=np.intp).reshape(-1, 2) for n in range(7)}
_TRIPLES = np.array(list(combinations(range(5), 3)), dtype=np.intp)
CHUNK = 1 << 18
"""Boards evaluated per numpy pass (bounds the memory)."""


RANK_KEYS = CARD_KEYS & np.int64((1 << 39) - 1)
"""Per card index: its rank-count bits only (the suit part of :data:`CARD_KEYS` cleared)."""
_SUIT = np.arange(52, dtype=np.intp) & 3
_RANK_BIT = np.int64(1) << (np.arange(52, dtype=np.int64) >> 2)


def board_classes(boards: NDArray[np.intp]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Group boards by their ranks alone: one representative board per rank multiset, and for
    each board the index of its representative.

    Without flushes, the best Omaha high and the best low depend on the ranks only, so they are
    computed once per class (a few thousand classes for a million boards) and gathered back.

    >>> reps, inverse = board_classes(np.array([[0, 4, 8, 12, 16], [1, 5, 9, 13, 17]]))
    >>> len(reps), inverse.tolist()
    (1, [0, 0])
    """
    keys = RANK_KEYS[boards].sum(axis=1)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return boards[first], inverse.ravel()


def _flush_strengths(hole: NDArray[np.intp], boards: NDArray[np.intp], high: NDArray[np.int64]) -> None:
    """Raise ``high`` in place where two suited hole cards and three board cards make a flush."""
    suits = _SUIT[hole]
    board_suits = _SUIT[boards]
    for suit in set(suits.tolist()):
        mine = hole[suits == suit]
        if len(mine) < 2:
            continue
        rows = np.flatnonzero((board_suits == suit).sum(axis=1) >= 3)
        if not len(rows):
            continue
        chosen = boards[rows]
        bits = np.where(board_suits[rows] == suit, _RANK_BIT[chosen], 0)[:, _TRIPLES]  # (m,10,3)
        triples = np.where((bits != 0).all(axis=-1), bits.sum(axis=-1), 0)  # (m,10)
        pairs = _RANK_BIT[mine][_PAIRS_OF[len(mine)]].sum(axis=-1)  # (k,)
        # A flush needs five bits: three suited board cards (else the triple is 0) and two hole
        # cards of the suit; FLUSH_STRENGTHS is 0 for fewer than five bits.
        flush = FLUSH_STRENGTHS[triples[:, :, None] | pairs[None, None, :]]
        high[rows] = np.maximum(high[rows], flush.reshape(len(rows), -1).max(axis=1))


def best_hands(
    hole: NDArray[np.intp],
    boards: NDArray[np.intp],
    *,
    hi_lo: bool,
    classes: tuple[NDArray[np.intp], NDArray[np.intp]] | None = None,
) -> tuple[NDArray[np.int64], NDArray[np.int64] | None]:
    """Best Omaha high strength (and low strength, 0 = no low) of one hand on each board.

    ``hole`` holds 4, 5 or 6 card indices, ``boards`` is an ``(N, 5)`` array of card indices;
    ``classes`` is :func:`board_classes` of the boards (computed when not given).

    >>> from potengine.cards.omaha import evaluate_omaha
    >>> from potengine.cards.low import evaluate_omaha_low
    >>> hole, board = parse_cards("As 2s Kd Kc"), parse_cards("3s 5s 8h Kh 9s")
    >>> high, low = best_hands(np.array([c.index for c in hole]),
    ...                        np.array([[c.index for c in board]]), hi_lo=True)
    >>> int(high[0]) == evaluate_omaha(hole, board).strength
    True
    >>> int(low[0]) == evaluate_omaha_low(hole, board).strength
    True
    """
    hole = np.asarray(hole, dtype=np.intp)
    boards = np.asarray(boards, dtype=np.intp)
    reps, inverse = board_classes(boards) if classes is None else classes
    pairs = hole[_PAIRS_OF[len(hole)]]  # (6, 2); (10, 2) or (15, 2) with five or six
    triples = reps[:, _TRIPLES]  # (u, 10, 3)
    keys = RANK_KEYS[triples].sum(-1)[:, :, None] + RANK_KEYS[pairs].sum(-1)[None, None, :]
    per_class = nonflush_strengths(keys.ravel()).reshape(len(reps), -1).max(axis=1)
    high = per_class[inverse]
    _flush_strengths(hole, boards, high)
    if not hi_lo:
        return high, None
    lows = LOW_CARD[triples].sum(-1)[:, :, None] + LOW_CARD[pairs].sum(-1)[None, None, :]
    return high, LOW_TABLE[lows].reshape(len(reps), -1).max(axis=1)[inverse]


def _boards(known: Sequence[Card], board: Sequence[Card]) -> Iterator[NDArray[np.intp]]:
    """Every completion of ``board`` to five cards, in chunks of ``(n, 5)`` card indices."""
    used = {c.index for c in known}
    remaining = np.array([i for i in range(52) if i not in used], dtype=np.intp)
    missing = 5 - len(board)
    fixed = np.array([c.index for c in board], dtype=np.intp)
    combos = combinations_array(len(remaining), missing)
    for start in range(0, len(combos), CHUNK):
        part = remaining[combos[start : start + CHUNK]] if missing else np.zeros((1, 0), dtype=np.intp)
        yield np.concatenate([np.broadcast_to(fixed, (len(part), len(fixed))), part], axis=1)


@dataclass(frozen=True)
class OmahaChance:
    """One player's prospects in one pot, as exact fractions over all boards.

    ``high_share`` and ``low_share`` are the parts of the pot he can expect through his high and
    his low hand (a half won alone is 1/2 of the pot, a quartered low 1/4, the whole pot with no
    qualifying low 1 through the high hand); ``share`` is their sum. ``scoop_chance`` is the
    chance of taking the whole pot alone; ``high_chance`` and ``low_chance`` the chances of
    winning at least part of the high (or, with a low, of the low); ``expected`` the chips he can
    expect from the pot, the odd chip of the cut counted with the high half.
    """

    name: str
    high_share: Fraction
    low_share: Fraction
    scoop_chance: Fraction
    high_chance: Fraction
    low_chance: Fraction
    expected: Fraction

    @property
    def share(self) -> Fraction:
        """The part of the pot he can expect: high share plus low share."""
        return self.high_share + self.low_share


@dataclass(frozen=True)
class OmahaPot:
    """A pot (main first) with its amount, eligible players, each one's :class:`OmahaChance`,
    and the chance that nobody eligible makes a qualifying low (``no_low_chance``)."""

    name: str
    amount: Amount
    eligible: tuple[str, ...]
    chances: dict[str, OmahaChance]
    no_low_chance: Fraction


@dataclass(frozen=True)
class OmahaEquityResult:
    """Exact Omaha (hi-lo) equity per pot over ``boards`` equally likely boards."""

    boards: int
    hi_lo: bool
    pots: tuple[OmahaPot, ...]
    refunds: dict[str, Amount] = field(default_factory=dict)
    contributions: dict[str, Amount] = field(default_factory=dict)

    def __getitem__(self, name: str) -> OmahaChance:
        """The player's chance in the main pot (the only pot of :func:`omaha_equity`)."""
        try:
            return self.pots[0].chances[name]
        except KeyError:
            raise InputError(
                said(
                    "no player named {name} in the main pot; players are {players}",
                    name=repr(name),
                    players=", ".join(map(repr, self.pots[0].chances)),
                )
            ) from None

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


class _Tally:
    """Counts, for one pot, per player: boards by (number of high winners, number of low winners,
    whether some eligible player has a low), the player's part in each noted as 0 when he lost."""

    def __init__(self, eligible: Sequence[str]) -> None:
        self.eligible = tuple(eligible)
        self.base = len(eligible) + 1
        size = 2 * self.base * self.base
        self.counts = {p: np.zeros(size, dtype=np.int64) for p in eligible}
        self.no_low = 0

    def add(self, high: Mapping[str, NDArray[np.int64]], low: Mapping[str, NDArray[np.int64]] | None) -> None:
        hs = np.stack([high[p] for p in self.eligible])
        high_win = hs == hs.max(axis=0)
        n_high = high_win.sum(axis=0)
        if low is None:
            low_win = np.zeros_like(high_win)
            has_low = np.zeros(hs.shape[1], dtype=bool)
        else:
            ls = np.stack([low[p] for p in self.eligible])
            best = ls.max(axis=0)
            has_low = best > 0
            low_win = (ls == best) & has_low
        n_low = low_win.sum(axis=0)
        self.no_low += int((~has_low).sum())
        b = self.base
        for i, p in enumerate(self.eligible):
            code = has_low * (b * b) + np.where(high_win[i], n_high, 0) * b + np.where(low_win[i], n_low, 0)
            self.counts[p] += np.bincount(code, minlength=2 * b * b)

    def chances(self, boards: int, amount: Amount, chip: Amount | None) -> dict[str, OmahaChance]:
        b = self.base
        # chip None: a pot of one unit cut in exact halves (the shares of :func:`omaha_equity`)
        high_cut: Amount | Fraction
        low_cut: Amount | Fraction
        high_cut, low_cut = divide(amount, chip) if chip is not None else (Fraction(amount) / 2,) * 2
        out = {}
        for p in self.eligible:
            counts = self.counts[p]
            high_share = low_share = expected = Fraction(0)
            scoop = high_n = low_n = 0
            for code in np.flatnonzero(counts):
                n = int(counts[code])
                has_low, rest = divmod(int(code), b * b)
                hk, lk = divmod(rest, b)
                if has_low:
                    if hk:
                        high_share += Fraction(n, 2 * hk)
                        expected += Fraction(n) * Fraction(high_cut) / hk
                        high_n += n
                    if lk:
                        low_share += Fraction(n, 2 * lk)
                        expected += Fraction(n) * Fraction(low_cut) / lk
                        low_n += n
                    if hk == 1 and lk == 1:
                        scoop += n
                elif hk:
                    high_share += Fraction(n, hk)
                    expected += Fraction(n) * Fraction(amount) / hk
                    high_n += n
                    if hk == 1:
                        scoop += n
            out[p] = OmahaChance(
                p,
                high_share / boards,
                low_share / boards,
                Fraction(scoop, boards),
                Fraction(high_n, boards),
                Fraction(low_n, boards),
                expected / boards,
            )
        return out


def _deal(
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike],
    dead: str | Sequence[CardLike],
) -> tuple[dict[str, tuple[Card, ...]], tuple[Card, ...], tuple[Card, ...]]:
    if not isinstance(hands, Mapping):
        raise InputError(
            said("hands must be a mapping {{name: hole cards}}, e.g. {{'Alice': 'As Ah Kd Qd'}}")
        )
    for name in hands:
        if not isinstance(name, str) or not name.strip():
            raise InputError(
                said("player names must be non-empty strings, got {player}", player=repr(name)[:70])
            )
    board_cards = parse_cards(board)
    if len(board_cards) not in (0, 3, 4, 5):
        raise CardError(
            said(
                "a board has 0, 3, 4 or 5 cards, got {count}: {cards}",
                count=len(board_cards),
                cards=format_cards(board_cards),
            )
        )
    holes, _ = parse_omaha_deal(hands, board_cards, showdown=False)
    dead_cards = parse_cards(dead)
    check_no_duplicates({**holes, "the board": board_cards, "the dead cards": dead_cards})
    needed = sum(len(h) for h in holes.values()) + 5 + len(dead_cards) - len(board_cards)
    if needed > 52:
        raise CardError(
            said("{count} Omaha hands and a board cannot be dealt from one deck", count=len(holes))
        )
    return holes, board_cards, dead_cards


def _run(
    holes: Mapping[str, tuple[Card, ...]],
    board: tuple[Card, ...],
    dead: Sequence[Card],
    tallies: Sequence[_Tally],
    hi_lo: bool,
) -> int:
    known = [c for h in holes.values() for c in h] + list(board) + list(dead)
    index = {p: np.array([c.index for c in h], dtype=np.intp) for p, h in holes.items()}
    boards = 0
    for chunk in _boards(known, board):
        high: dict[str, NDArray[np.int64]] = {}
        low: dict[str, NDArray[np.int64]] | None = {} if hi_lo else None
        classes = board_classes(chunk)
        for p in holes:
            high[p], lows = best_hands(index[p], chunk, hi_lo=hi_lo, classes=classes)
            if low is not None:  # hi_lo
                assert lows is not None
                low[p] = lows
        for tally in tallies:
            tally.add(high, low)
        boards += len(chunk)
    return boards


def omaha_equity(
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike] = "",
    dead: str | Sequence[CardLike] = "",
    *,
    hi_lo: bool = False,
) -> OmahaEquityResult:
    """Exact equity of Omaha hands (4, 5 or 6 hole cards) in one pot they all contest.

    With ``hi_lo`` the pot is split between the best high and the best eight-or-better low.

    >>> r = omaha_equity({"A": "As Ks Qd Jd", "B": "7c 7h 2d 3c"}, board="7s 8s 9h 2c")
    >>> r.boards, r["B"].share, r["A"].low_share
    (40, Fraction(3, 4), Fraction(0, 1))

    6-card Omaha: A's jack-high straight against B's set of sevens, one card to come.

    >>> r = omaha_equity({"A": "As Ks Qd Jd Th 2c", "B": "7c 7h 6d 5c 4h 3h"}, board="7s 8s 9h 2d")
    >>> r.boards, r["A"].share, r["B"].share
    (36, Fraction(3, 4), Fraction(1, 4))
    """
    holes, board_cards, dead_cards = _deal(hands, board, dead)
    if len(holes) < 2:
        raise InputError(said("equity needs at least two players, got {count}", count=len(holes)))
    tally = _Tally(tuple(holes))
    boards = _run(holes, board_cards, dead_cards, [tally], hi_lo)
    pot = OmahaPot(
        "Main pot", 1, tuple(holes), tally.chances(boards, 1, None), Fraction(tally.no_low, boards)
    )
    return OmahaEquityResult(boards, hi_lo, (pot,))


def omaha_pot_equity(
    contributions: Mapping[str, Amount],
    hands: Mapping[str, str | Sequence[CardLike]],
    board: str | Sequence[CardLike] = "",
    folded: Collection[str] = (),
    *,
    hi_lo: bool = False,
    chip: Amount = 1,
) -> OmahaEquityResult:
    """Each player's prospects in each pot of an Omaha (hi-lo) all-in, pots formed by
    :func:`potengine.pots.layout.build_pots`; every live player needs hole cards.

    >>> r = omaha_pot_equity({"A": 20, "B": 50, "C": 50},
    ...                      {"A": "As 2s Kd Kc", "B": "Qh Qd 3c 4c", "C": "9h 9d Tc Jc"},
    ...                      board="3s 5s 8h 9c", hi_lo=True)
    >>> [(pot.name, pot.amount, pot.eligible) for pot in r.pots]
    [('Main pot', 60, ('A', 'B', 'C')), ('Side pot 1', 60, ('B', 'C'))]
    >>> [sum(c.expected for c in pot.chances.values()) == pot.amount for pot in r.pots]
    [True, True]
    """
    layout = build_pots(contributions, folded)
    holes, board_cards, _ = _deal(hands, board, "")
    extra = [p for p in holes if p not in layout.seats]
    if extra:
        raise InputError(said("{player} has hole cards but no contribution", player=repr(extra[0])))
    missing = [p for p in layout.live if p not in holes]
    if missing:
        raise CardError(said("{player} is still in the hand but has no hole cards", player=missing[0]))
    live = {p: holes[p] for p in layout.live}
    dead = tuple(c for p, h in holes.items() if p not in live for c in h)
    tallies = [_Tally(pot.eligible) for pot in layout.pots if len(pot.eligible) > 1]
    boards = _run(live, board_cards, dead, tallies, hi_lo)
    pots, contested = [], iter(tallies)
    for pot in layout.pots:
        if len(pot.eligible) == 1:
            (p,) = pot.eligible
            one = Fraction(1)
            chance = OmahaChance(p, one, Fraction(0), one, one, Fraction(0), Fraction(pot.amount))
            pots.append(OmahaPot(pot.name, pot.amount, pot.eligible, {p: chance}, Fraction(0)))
            continue
        tally = next(contested)
        pots.append(
            OmahaPot(
                pot.name,
                pot.amount,
                pot.eligible,
                tally.chances(boards, pot.amount, chip),
                Fraction(tally.no_low, boards),
            )
        )
    return OmahaEquityResult(boards, hi_lo, tuple(pots), dict(layout.refunds), dict(layout.contributions))


def boards_count(cards_out: int, board: int) -> int:
    """How many boards complete a ``board`` of that size when ``cards_out`` cards are known.

    >>> boards_count(8, 0), boards_count(19, 3)
    (1086008, 528)
    """
    return comb(52 - cards_out, 5 - board)
