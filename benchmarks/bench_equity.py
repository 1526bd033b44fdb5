"""Exact 3-way pre-flop equity (AsAh, KdKc, 7s6s; 1,370,754 boards): potengine.cards.equity against
phevaluator's C evaluator driven over every board with itertools, counts asserted identical.

Run: .venv/bin/python benchmarks/bench_equity.py   (about 15 s)
"""

from __future__ import annotations

import time
from itertools import combinations, starmap

import numpy as np

HANDS = {"Alice": "AsAh", "Bilal": "KdKc", "Chloé": "7s6s"}


def phevaluator_equity(holes: list[tuple[int, int]]) -> tuple[int, list[int], list[int]]:
    """Every board, each hand evaluated by phevaluator's C function; wins and ties counted."""
    from phevaluator import _pheval

    used = {i for hole in holes for i in hole}
    rest = [i for i in range(52) if i not in used]
    boards = list(combinations(rest, 5))
    ranks = np.array([list(starmap(_pheval.evaluate_7cards, (h + b for b in boards)))
                      for h in holes], dtype=np.int64)
    winners = ranks == ranks.min(axis=0)
    k = winners.sum(axis=0)
    wins = [int((winners[i] & (k == 1)).sum()) for i in range(len(holes))]
    ties = [int((winners[i] & (k > 1)).sum()) for i in range(len(holes))]
    return len(boards), wins, ties


def main() -> None:
    from potengine.cards.deck import parse_cards

    start = time.perf_counter()
    from potengine.cards.equity import equity
    result = equity(HANDS)
    cold = time.perf_counter() - start
    warm = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        result = equity(HANDS)
        warm = min(warm, time.perf_counter() - start)

    holes = [tuple(c.index for c in parse_cards(h)) for h in HANDS.values()]
    peer = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        boards, wins, ties = phevaluator_equity(holes)
        peer = min(peer, time.perf_counter() - start)

    assert result.boards == boards == 1_370_754
    assert [p.wins for p in result] == wins, ([p.wins for p in result], wins)
    assert [p.ties for p in result] == ties, ([p.ties for p in result], ties)
    for p in result:
        print(f"{p.name} {HANDS[p.name]}: share {float(p.share):.4%} "
              f"(wins {p.wins:,}, ties {p.ties:,} of {p.boards:,} boards)")
    print("counts identical to phevaluator: yes")
    print(f"ratio 3-way pre-flop equity (warm): ours {boards / warm:,.0f} boards/s vs phevaluator "
          f"{boards / peer:,.0f} boards/s = {peer / warm:.2f} x  ({warm:.3f} s vs {peer:.3f} s)")
    print(f"ratio 3-way pre-flop equity (first call, incl. imports and table build): ours "
          f"{boards / cold:,.0f} boards/s vs phevaluator {boards / peer:,.0f} boards/s = "
          f"{peer / cold:.2f} x  ({cold:.3f} s vs {peer:.3f} s)")


if __name__ == "__main__":
    main()
