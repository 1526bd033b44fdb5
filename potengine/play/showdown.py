"""The showdown: who shows first, how the live hands rank, and handing over to settlement.

These functions work on a :class:`~potengine.play.betting.Table`; the public entry points taking a
:class:`~potengine.play.hand.Hand` (:func:`~potengine.play.hand.showdown_ranking`,
:func:`~potengine.play.hand.settle_hand`, :meth:`Hand.showdown_order`) call them.

>>> from potengine.play.hand import start_hand
>>> h = start_hand({"A": 9, "B": 9}, button="B", small_blind=1, big_blind=2)
>>> h = h.deal_hole("A", "AsAh").deal_hole("B", "KsKh").all_in("B").call("A").deal_board("2c7d9hTs3c")
>>> ranking(h._table)
[('A',), ('B',)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..cards.deck import DECK
from ..cards.evaluate import rank_players as rank_by_cards
from ..cards.evaluate import strength_of_indices
from ..cards.low import omaha_low_from_cards
from ..cards.omaha import omaha_from_cards
from ..errors import InputError, said
from ..pots.runs import RunOddChips
from ..pots.settlement import Settlement, settle, settle_trusted
from .betting import Table
from .streets import street_said

RankPlayers = Callable[[Mapping[str, str], str], tuple[Sequence[Any], Any]]
"""An evaluator: ``rank_players(hands, board) -> (tiers best first, values)``."""


def showdown_order(t: Table) -> tuple[str, ...]:
    """Who shows first at the showdown, then clockwise (EX-29, TDA 16/17): the last river bettor
    or raiser, else the first live player left of the button."""
    n = len(t.folded)
    start = t.river_aggressor
    if start is None or t.folded[start]:
        button = t.setup.button
        start = next((button + k) % n for k in range(1, n + 1) if not t.folded[(button + k) % n])
    players = t.setup.players
    return tuple(players[(start + k) % n] for k in range(n) if not t.folded[(start + k) % n])


def ranking(
    t: Table,
    rank_players: RankPlayers | None = None,
    board: Sequence[str] = (),
    board_index: list[int] | None = None,
    board_of: tuple[str, int] | None = None,
) -> list[tuple[str, ...]]:
    """Rank the live players from their cards, best first; mucked or unknown hands tie at the
    bottom. The cards were read when dealt: the default evaluator works on their deck indexes.
    ``board`` and ``board_index`` (codes and indexes) rank on another board than the first (a
    run's or a board's: ``board_of`` is ``("run", 2)`` or ``("board", 2)``, for an error)."""
    if board_index is None:
        board, board_index = t.board, t.board_index
    players = t.setup.players
    live = [i for i in range(len(players)) if not t.folded[i]]
    shown = [i for i in live if t.holes[i] and not t.mucked[i]]
    dark = tuple(players[i] for i in live if not (t.holes[i] and not t.mucked[i]))
    tiers: list[tuple[str, ...]] = []
    if len(shown) == 1:
        tiers.append((players[shown[0]],))
    elif shown:
        if len(board) != 5:
            raise InputError(
                said(
                    "{what} has {count} cards: deal all five before ranking the hands",
                    what=_board_said(board_of),
                    count=len(board),
                )
            )
        if rank_players is None and t.setup.game != "holdem":
            board_cards = [DECK[c] for c in board_index]
            strength = {
                i: omaha_from_cards([DECK[c] for c in t.hole_index[i]], board_cards).strength for i in shown
            }
            for level in sorted(set(strength.values()), reverse=True):
                tiers.append(tuple(players[i] for i in shown if strength[i] == level))
        elif rank_players is None and all(len(t.hole_index[i]) == 2 for i in shown):
            strength = {i: strength_of_indices(board_index + list(t.hole_index[i])) for i in shown}
            for level in sorted(set(strength.values()), reverse=True):
                tiers.append(tuple(players[i] for i in shown if strength[i] == level))
        else:
            hands = {players[i]: " ".join(t.holes[i] or ()) for i in shown}
            ranked, _values = (rank_players or rank_by_cards)(hands, " ".join(board))
            tiers.extend(tuple(tier) if not isinstance(tier, str) else (tier,) for tier in ranked)
    if dark:
        tiers.append(dark)
    return tiers


def _board_said(board_of: tuple[str, int] | None) -> str:
    """The board an error is about, said: the board, or a run's or a board's of several."""
    if board_of is None:
        return said("the board")
    name, number = board_of
    if name == "run":
        return said("run {number}'s board", number=number)
    return said("board {number}'s board", number=number)


def low_ranking(
    t: Table, board_index: Sequence[int] | None = None, board_of: tuple[str, int] | None = None
) -> list[tuple[str, ...]]:
    """The qualifying eight-or-better Omaha lows of the live players who showed, best first, ties
    grouped (in seat order); players without a low, who mucked or whose cards are unknown are left
    out (they cannot win a low half).

    >>> from potengine.play.hand import start_hand
    >>> h = start_hand({"A": 9, "B": 9, "C": 9}, button="C", small_blind=1, big_blind=2, game="omaha-hi-lo")
    >>> h = h.deal_hole("A", "As2sKdKc").deal_hole("B", "Ah3hQdQc").deal_hole("C", "9s9hJdJc")
    >>> h = h.all_in("C").call("A").call("B").deal_board("4c 5d 8h Ks Qs")
    >>> low_ranking(h._table)
    [('A',), ('B',)]
    """
    players = t.setup.players
    shown = [i for i in range(len(players)) if not t.folded[i] and t.holes[i] and not t.mucked[i]]
    if len(shown) < 2:
        return []  # one shown hand (or none) wins every pot it is in, high and low alike
    if board_index is None:
        board_index = t.board_index
    if len(board_index) != 5:
        raise InputError(
            said(
                "{what} has {count} cards: deal all five before ranking the lows",
                what=_board_said(board_of),
                count=len(board_index),
            )
        )
    board_cards = [DECK[c] for c in board_index]
    lows = {}
    for i in range(len(players)):
        if not t.folded[i] and t.holes[i] and not t.mucked[i]:
            low = omaha_low_from_cards([DECK[c] for c in t.hole_index[i]], board_cards)
            if low is not None:
                lows[i] = low.strength
    return [
        tuple(players[i] for i in lows if lows[i] == level)
        for level in sorted(set(lows.values()), reverse=True)
    ]


def settle_table(
    t: Table,
    order: Sequence[Any] | None = None,
    *,
    rank_players: RankPlayers | None = None,
    low_ranking: Sequence[Any] | None = None,
    runs: Sequence[Any] | None = None,
    run_odd_chips: RunOddChips = "in run order",
) -> Settlement:
    """Settle a finished hand with :func:`potengine.pots.settlement.settle` (contributions in
    seat order, the folds, the button, the chip; the big-blind ante as dead money).

    Omaha: with every live hand shown, settle reads the cards itself (``hands=``, ``board=``,
    ``game=``), so the result carries each hand's value and low; otherwise the showdown ranking
    (unknown or mucked hands at the bottom, and for hi-lo the qualifying lows of the shown hands)
    is handed over. ``low_ranking`` goes with a given ``order`` in Omaha hi-lo."""
    setup = t.setup
    names = setup.players
    if t.actor is not None:
        raise InputError(
            said(
                "the hand is not over: {player} is to act on the {street}",
                player=names[t.actor],
                street=street_said(t.street),
            )
        )
    folded = [p for p, f in zip(names, t.folded, strict=True) if f]
    total = {p: t.paid[i] + t.dead[i] for i, p in enumerate(names)}
    dead = {p: t.dead[i] for i, p in enumerate(names) if t.dead[i]}
    if t.multi is not None or runs is not None:
        return _settle_boards(t, order, rank_players, low_ranking, runs, run_odd_chips, total, folded, dead)
    if setup.game != "holdem":
        return _settle_omaha(t, order, rank_players, low_ranking, total, folded, dead)
    if low_ranking is not None:
        raise InputError(said("a low_ranking is for hi-lo games: this hand is hold'em"))
    if order is None and rank_players is None:
        # The hand model's own amounts, folds and showdown ranking are valid by construction.
        tiers = tuple(ranking(t)) if len(names) - len(folded) > 1 else None
        return settle_trusted(
            total,
            tiers,
            folded=frozenset(folded),
            button=names[setup.button],
            chip=setup.chip,
            dead=dead or None,
        )
    if order is None and len(names) - len(folded) > 1:
        order = ranking(t, rank_players)
    return settle(total, order, folded=folded, button=names[setup.button], chip=setup.chip, dead=dead)


def _settle_boards(
    t: Table,
    order: Sequence[Any] | None,
    rank_players: RankPlayers | None,
    lows: Sequence[Any] | None,
    runs: Sequence[Any] | None,
    odd_chips: RunOddChips,
    total: Mapping[str, Any],
    folded: Sequence[str],
    dead: Mapping[str, Any],
) -> Settlement:
    """A hand run more than once, or dealt on two boards, handed to
    :func:`~potengine.pots.settlement.settle` with ``runs=``: the boards from the cards when
    every live hand is known, else each board's ranking (and low ranking in hi-lo), or the
    rankings given in ``runs``."""
    setup = t.setup
    names = setup.players
    multi = t.multi
    common: dict[str, Any] = {
        "folded": folded,
        "button": names[setup.button],
        "chip": setup.chip,
        "dead": dead,
        "game": setup.game,
        "run_odd_chips": odd_chips,
    }
    hilo = setup.game == "omaha-hi-lo"
    live = [i for i in range(len(names)) if not t.folded[i]]
    if multi is None:
        raise InputError(said("runs= is for a hand run more than once (run_it) or dealt on two boards"))
    if order is not None:
        raise InputError(
            said(
                "this hand was run {count} times: give one ranking per run in runs=, not ranking=",
                count=multi.count,
            )
            if multi.name == "run"
            else said(
                "this hand was dealt on {count} boards: give one ranking per board in runs=, not ranking=",
                count=multi.count,
            )
        )
    if len(live) == 1:  # a fold-out (a double-board bomb pot): nobody shows, nothing is run
        return settle(total, None, low_ranking=() if hilo else None, **common)
    if runs is not None:
        if len(runs) != multi.count:
            raise InputError(
                said(
                    "runs= gives {count} ranking(s) for {runs} runs: one per run",
                    count=len(runs),
                    runs=multi.count,
                )
                if multi.name == "run"
                else said(
                    "runs= gives {count} ranking(s) for {boards} boards: one per board",
                    count=len(runs),
                    boards=multi.count,
                )
            )
        return settle(total, runs=list(runs), low_ranking=lows, **common)
    if lows is not None:
        raise InputError(
            said("a low_ranking goes with rankings in runs=: without them the cards rank the hands")
        )
    numbers = range(1, multi.count + 1)
    boards = [multi.board(k, t.board) for k in numbers]
    for k, board in zip(numbers, boards, strict=True):
        if len(board) != 5 and any(t.holes[i] and not t.mucked[i] for i in live):
            raise InputError(
                said(
                    "run {number}'s board has {count} cards: deal all five of every run before "
                    "ranking the hands",
                    number=k,
                    count=len(board),
                )
                if multi.name == "run"
                else said(
                    "board {number}'s board has {count} cards: deal all five of every board before "
                    "ranking the hands",
                    number=k,
                    count=len(board),
                )
            )
    if rank_players is None and setup.game != "holdem" and all(t.holes[i] and not t.mucked[i] for i in live):
        hands = {names[i]: "".join(t.holes[i] or ()) for i in live}
        return settle(total, hands=hands, runs=["".join(b) for b in boards], **common)
    tiers = []
    low_tiers: list[Any] = []
    for k in numbers:
        index = multi.index(k, t.board_index)
        board_of = (multi.name, k)
        tiers.append(ranking(t, rank_players, multi.board(k, t.board), index, board_of))
        if hilo:
            low_tiers.append(low_ranking(t, index, board_of))
    return settle(total, runs=tiers, low_ranking=low_tiers if hilo else None, **common)


def _settle_omaha(
    t: Table,
    order: Sequence[Any] | None,
    rank_players: RankPlayers | None,
    lows: Sequence[Any] | None,
    total: Mapping[str, Any],
    folded: Sequence[str],
    dead: Mapping[str, Any],
) -> Settlement:
    """An Omaha or Omaha hi-lo hand handed to :func:`~potengine.pots.settlement.settle`."""
    setup = t.setup
    names = setup.players
    game = setup.game
    hilo = game == "omaha-hi-lo"
    common: dict[str, Any] = {
        "folded": folded,
        "button": names[setup.button],
        "chip": setup.chip,
        "dead": dead,
        "game": game,
    }
    live = [i for i in range(len(names)) if not t.folded[i]]
    if order is not None:
        if lows is None and hilo and len(live) == 1:
            lows = ()
        return settle(total, order, low_ranking=lows, **common)
    if lows is not None:
        raise InputError(said("a low_ranking goes with a ranking: without one the cards rank the hands"))
    if len(live) == 1:
        return settle(total, None, low_ranking=() if hilo else None, **common)
    if rank_players is None and all(t.holes[i] and not t.mucked[i] for i in live):
        if len(t.board) != 5:
            raise InputError(
                said(
                    "the board has {count} cards: deal all five before ranking the hands", count=len(t.board)
                )
            )
        hands = {names[i]: "".join(t.holes[i] or ()) for i in live}
        return settle(total, hands=hands, board="".join(t.board), **common)
    tiers = ranking(t, rank_players)
    return settle(total, tiers, low_ranking=low_ranking(t) if hilo else None, **common)
