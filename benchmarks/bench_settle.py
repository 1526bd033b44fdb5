"""Benchmark: `settle()` alone on random 2-10 player contributions, against a plain-Python reference.

The same random tables (players, contributions, folds, a ranking with ties, the button) go to
:func:`potengine.settle`, which validates its input, forms the pots, awards them, builds the
immutable result and checks that every chip is accounted for, and to :func:`reference_settle`
below: a straightforward settlement written for this benchmark that trusts its input and returns
only the payouts. Payouts are asserted identical table by table. Run:

    .venv/bin/python benchmarks/bench_settle.py [tables]

and read the ``ratio`` line: µs per call, and ours against the reference (below 1 means the
engine is slower, paying for its checks and its result objects). A second line times
:func:`potengine.pots.settlement.settle_trusted`, the path for callers that validated their input
(the hand model). Times are CPU time of this process (``time.process_time``), the best of five
runs, so that other work on a shared machine does not count.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence

Table = tuple[dict[str, int], list[tuple[str, ...]], list[str], str]


def make_tables(count: int, seed: int = 11) -> list[Table]:
    """Random showdowns: 2 to 10 players, all-ins at random levels, folds, tied hands."""
    rng = random.Random(seed)
    tables = []
    for _ in range(count):
        n = rng.randint(2, 10)
        players = [f"P{i}" for i in range(n)]
        folded = rng.sample(players, rng.randint(0, n - 1))
        live = [p for p in players if p not in folded]
        levels = [rng.randint(1, 200) * 10 for _ in range(3)]  # few levels: equal all-ins happen
        contributions = {p: rng.choice(levels) for p in live}
        top = max(contributions.values())
        for p in folded:
            contributions[p] = rng.randint(0, top // 10) * 10
        contributions = {p: contributions[p] for p in players}  # seat order
        group = {p: rng.randint(0, 3) for p in live}  # few groups: many ties
        ranking = [tuple(p for p in live if group[p] == g) for g in sorted(set(group.values()))]
        tables.append((contributions, ranking, folded, rng.choice(players)))
    return tables


def reference_settle(
    contributions: dict[str, int], ranking: Sequence[Sequence[str]], folded: Sequence[str], button: str
) -> dict[str, int]:
    """Payouts of a trusted table: uncalled part back, tiers at the live levels, odd chips clockwise."""
    seats = list(contributions)
    out = set(folded)
    payouts = dict.fromkeys(seats, 0)
    amounts = sorted(contributions.values(), reverse=True)
    in_play = dict(contributions)
    if amounts[0] > amounts[1]:
        top = max(seats, key=in_play.__getitem__)
        payouts[top] += amounts[0] - amounts[1]
        in_play[top] = amounts[1]
    b = seats.index(button)
    order = seats[b + 1 :] + seats[: b + 1]
    low = 0
    for high in sorted({c for p, c in in_play.items() if p not in out and c > 0}):
        amount = sum(min(c, high) - low for c in in_play.values() if c > low)
        eligible = {p for p in seats if p not in out and in_play[p] >= high}
        winners = next(w for w in ([p for p in tier if p in eligible] for tier in ranking) if w)
        share, odd = divmod(amount, len(winners))
        for p in winners:
            payouts[p] += share
        for p in [p for p in order if p in winners][:odd]:
            payouts[p] += 1
        low = high
    return payouts


def main() -> None:
    from potengine import settle
    from potengine.pots.settlement import settle_trusted

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    tables = make_tables(count)
    for contributions, ranking, folded, button in tables:
        ours = settle(contributions, ranking, folded=folded, button=button).payouts
        assert dict(ours) == reference_settle(contributions, ranking, folded, button), contributions
    print(f"payouts identical to the reference on all {count:,} tables: yes")

    trusted = [
        (contributions, tuple(ranking), frozenset(folded), button)
        for contributions, ranking, folded, button in tables
    ]
    best_ours = best_ref = best_trusted = float("inf")
    for _ in range(5):
        start = time.process_time()
        for contributions, ranking, folded, button in tables:
            settle(contributions, ranking, folded=folded, button=button)
        best_ours = min(best_ours, time.process_time() - start)
        start = time.process_time()
        for contributions, ranking, folded, button in tables:
            reference_settle(contributions, ranking, folded, button)
        best_ref = min(best_ref, time.process_time() - start)
        start = time.process_time()
        for contributions, tiers, out, button in trusted:
            settle_trusted(contributions, tiers, folded=out, button=button)
        best_trusted = min(best_trusted, time.process_time() - start)
    ours_us, ref_us = best_ours / count * 1e6, best_ref / count * 1e6
    trusted_us = best_trusted / count * 1e6
    print(
        f"ratio settle() on random 2-10 player tables: ours {ours_us:.1f} µs/call vs plain-Python "
        f"reference {ref_us:.1f} µs/call = {ref_us / ours_us:.2f} x  (target: at most 20 µs/call)"
    )
    print(
        f"ratio settle_trusted() (input already validated), same tables: {trusted_us:.1f} µs/call "
        f"vs reference {ref_us:.1f} µs/call = {ref_us / trusted_us:.2f} x"
    )


if __name__ == "__main__":
    main()
