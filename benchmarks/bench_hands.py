"""Hand evaluation speed, side by side with the peers in the same run.

Scalar: potengine.cards.evaluate.evaluate on 7-card hands (the HandValue it returns can explain itself),
also with the explanation read out (description + best five), against treys (rank number only)
and pokerkit's StandardHighHand (an explained hand). Vectorised: potengine.cards.arrays against
phevaluator's C evaluator called once per hand.

Run: .venv/bin/python benchmarks/bench_hands.py   (about 20 s)
"""

from __future__ import annotations

import random
import time
from itertools import pairwise, starmap

import numpy as np


def _rate(count: int, seconds: float) -> float:
    return count / seconds


def _best_time(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    start = time.perf_counter()
    from potengine.cards.deck import DECK
    from potengine.cards.evaluate import evaluate

    import_seconds = time.perf_counter() - start

    rng = random.Random(2026)
    index_hands = [rng.sample(range(52), 7) for _ in range(60_000)]
    card_hands = [[DECK[i] for i in h] for h in index_hands]
    text_hands = [" ".join(c.code for c in h) for h in card_hands]

    def ours_cards():
        for hand in card_hands:
            evaluate(hand)

    def ours_text():
        for hand in text_hands:
            evaluate(hand)

    def ours_explained():
        for hand in text_hands:
            value = evaluate(hand)
            _ = value.description, value.best_five  # computed lazily: ask for both

    ours_cards()  # fill the lazily built tables once, as any long-running program would
    t_cards = _best_time(ours_cards)
    t_text = _best_time(ours_text)
    t_explained = _best_time(ours_explained)
    n = len(card_hands)
    print(f"import potengine.cards.evaluate: {import_seconds * 1000:.0f} ms")
    print(f"ours evaluate(Card objects): {_rate(n, t_cards):,.0f}/s")
    print(f"ours evaluate('As Kd ...' strings): {_rate(n, t_text):,.0f}/s")
    print(f"ours evaluate + description + best_five: {_rate(n, t_explained):,.0f}/s")

    from treys import Card as TreysCard
    from treys import Evaluator

    treys = Evaluator()
    treys_hands = [[TreysCard.new(c.code) for c in h] for h in card_hands]

    def run_treys():
        for hand in treys_hands:
            treys.evaluate(hand[:2], hand[2:])

    t_treys = _best_time(run_treys)
    # the rank order must agree (treys: smaller is stronger)
    sample = range(0, n, 97)
    ours_s = [evaluate(card_hands[i]).strength for i in sample]
    treys_s = [treys.evaluate(treys_hands[i][:2], treys_hands[i][2:]) for i in sample]
    pairs = zip(pairwise(ours_s), pairwise(treys_s), strict=True)
    assert all((a > b) == (c < d) for (a, b), (c, d) in pairs)
    print(
        f"ratio scalar explained vs treys: ours {_rate(n, t_explained):,.0f}/s vs treys "
        f"{_rate(n, t_treys):,.0f}/s = {t_treys / t_explained:.2f} x"
    )
    print(
        f"ratio scalar evaluate vs treys: ours {_rate(n, t_text):,.0f}/s vs treys "
        f"{_rate(n, t_treys):,.0f}/s = {t_treys / t_text:.2f} x"
    )

    from pokerkit import StandardHighHand

    kit_hands = ["".join(c.code for c in h) for h in card_hands[:5000]]

    def run_pokerkit():
        for hand in kit_hands:
            StandardHighHand.from_game(hand)

    t_kit = _best_time(run_pokerkit, repeat=1)
    kit_rate = _rate(len(kit_hands), t_kit)
    print(
        f"ratio scalar explained vs pokerkit explained: ours {_rate(n, t_explained):,.0f}/s vs "
        f"pokerkit {kit_rate:,.0f}/s = {_rate(n, t_explained) / kit_rate:.1f} x"
    )

    from phevaluator import _pheval

    from potengine.cards import arrays as handarrays

    start = time.perf_counter()
    handarrays.tables()
    handarrays.direct_tables()
    build = time.perf_counter() - start
    print(f"vectorised tables built in {build:.2f} s (once, on first use)")
    nrng = np.random.default_rng(1)
    big = np.argsort(nrng.random((2_000_000, 52)), axis=1)[:, :7].astype(np.int8)
    t_vec = _best_time(lambda: handarrays.evaluate_array(big))
    t_vec_nocheck = _best_time(lambda: handarrays.evaluate_array(big, check=False))
    rows = [tuple(map(int, r)) for r in big[:400_000]]
    t_ph = _best_time(lambda: list(starmap(_pheval.evaluate_7cards, rows)), repeat=2)
    ph_rate = _rate(len(rows), t_ph)
    print(f"ours vectorised (checked input): {_rate(len(big), t_vec):,.0f}/s")
    print(
        f"ratio vectorised vs phevaluator C per call: ours {_rate(len(big), t_vec_nocheck):,.0f}/s"
        f" vs phevaluator {ph_rate:,.0f}/s = {_rate(len(big), t_vec_nocheck) / ph_rate:.2f} x"
    )


if __name__ == "__main__":
    main()
