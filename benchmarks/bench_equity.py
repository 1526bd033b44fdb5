"""Exact 3-way pre-flop equity (AsAh, KdKc, 7s6s; 1,370,754 boards): potengine.cards.equity against
phevaluator's C evaluator over every board, counts asserted identical.

phevaluator 0.6 has no array API: its fastest route is its C function ``_pheval.evaluate_7cards``
called from C by ``itertools.starmap`` (or ``map``) with no Python code per board. Two such routes
are timed, the boards fed as tuples and as numpy arrays split into columns (``.tolist()``), and
the faster one is the peer. Times are CPU time of this process (``time.process_time``), the best
of several runs, so that other work on a shared machine does not count.

Run: .venv/bin/python benchmarks/bench_equity.py   (about 20 s)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import combinations, repeat, starmap

import numpy as np

HANDS = {"Alice": "AsAh", "Bilal": "KdKc", "Chloé": "7s6s"}


def _ranks_by_tuples(holes: list[tuple[int, int]], rest: list[int]) -> list[list[int]]:
    """Each board a tuple of seven indices, starmap calling the C evaluator on it."""
    from phevaluator import _pheval

    boards = list(combinations(rest, 5))
    return [list(starmap(_pheval.evaluate_7cards, (h + b for b in boards))) for h in holes]


def _ranks_by_columns(holes: list[tuple[int, int]], rest: list[int]) -> list[list[int]]:
    """The boards as a numpy array, its columns as lists, map calling the C evaluator on them."""
    from phevaluator import _pheval

    from potengine.cards.equity import combinations_array

    boards = np.array(rest)[combinations_array(len(rest), 5)]
    columns = [boards[:, k].tolist() for k in range(5)]
    return [list(map(_pheval.evaluate_7cards, repeat(a), repeat(b), *columns)) for a, b in holes]


def phevaluator_equity(
    holes: list[tuple[int, int]],
    route: Callable[[list[tuple[int, int]], list[int]], list[list[int]]] = _ranks_by_tuples,
) -> tuple[int, list[int], list[int]]:
    """Every board, each hand evaluated by phevaluator's C function; wins and ties counted."""
    used = {i for hole in holes for i in hole}
    rest = [i for i in range(52) if i not in used]
    ranks = np.array(route(holes, rest), dtype=np.int64)
    winners = ranks == ranks.min(axis=0)
    k = winners.sum(axis=0)
    wins = [int((winners[i] & (k == 1)).sum()) for i in range(len(holes))]
    ties = [int((winners[i] & (k > 1)).sum()) for i in range(len(holes))]
    return ranks.shape[1], wins, ties


def main() -> None:
    from potengine.cards.deck import parse_cards

    start = time.process_time()
    from potengine.cards.equity import equity

    result = equity(HANDS)
    cold = time.process_time() - start
    warm = float("inf")
    for _ in range(5):
        start = time.process_time()
        result = equity(HANDS)
        warm = min(warm, time.process_time() - start)

    holes = [(a, b) for a, b in (tuple(c.index for c in parse_cards(h)) for h in HANDS.values())]
    peer, route_name = float("inf"), ""
    for route in (_ranks_by_tuples, _ranks_by_columns):
        for _ in range(2):
            start = time.process_time()
            boards, wins, ties = phevaluator_equity(holes, route)
            took = time.process_time() - start
            if took < peer:
                peer, route_name = took, route.__name__.removeprefix("_ranks_by_")

    assert result.boards == boards == 1_370_754
    assert [p.wins for p in result] == wins, ([p.wins for p in result], wins)
    assert [p.ties for p in result] == ties, ([p.ties for p in result], ties)
    for p in result:
        print(
            f"{p.name} {HANDS[p.name]}: share {float(p.share):.4%} "
            f"(wins {p.wins:,}, ties {p.ties:,} of {p.boards:,} boards)"
        )
    print(f"counts identical to phevaluator: yes (its fastest route here: boards as {route_name})")
    print(
        f"ratio 3-way pre-flop equity (warm): ours {boards / warm:,.0f} boards/s vs phevaluator "
        f"{boards / peer:,.0f} boards/s = {peer / warm:.2f} x  ({warm:.3f} s vs {peer:.3f} s)"
    )
    print(
        f"ratio 3-way pre-flop equity (first call, incl. imports and table build): ours "
        f"{boards / cold:,.0f} boards/s vs phevaluator {boards / peer:,.0f} boards/s = "
        f"{peer / cold:.2f} x  ({cold:.3f} s vs {peer:.3f} s)"
    )


if __name__ == "__main__":
    main()
