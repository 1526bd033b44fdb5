"""Short-deck hold'em showdowns: potengine.cards.short_deck against PokerKit's ShortDeckHoldemHand.

The same seeded random deals (three players, a five-card board of the 36-card deck) are ranked by
both: ours with :func:`~potengine.cards.short_deck.rank_short_deck_players` (``"triton"`` rules,
the order PokerKit implements), PokerKit with ``ShortDeckHoldemHand.from_game`` for each player.
The winners are asserted identical; times are CPU time of this process, best of three.

Run: .venv/bin/python benchmarks/bench_short_deck.py   (about 10 s)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

DEALS = 2000


def make_deals(n: int, seed: int = 6) -> list[tuple[dict[str, str], str]]:
    """``n`` deals: three players' hole cards and a board, as hand-history codes ("AsKd")."""
    from potengine.cards.short_deck import SHORT_DECK

    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        cards = [c.code for c in rng.sample(SHORT_DECK, 11)]
        hands = {p: cards[5 + 2 * k] + cards[6 + 2 * k] for k, p in enumerate("ABC")}
        deals.append((hands, "".join(cards[:5])))
    return deals


def ours(deals: list[tuple[dict[str, str], str]]) -> list[tuple[str, ...]]:
    from potengine.cards.short_deck import rank_short_deck_players

    return [rank_short_deck_players(hands, board)[0][0] for hands, board in deals]


def pokerkit_winners(deals: list[tuple[dict[str, str], str]]) -> list[tuple[str, ...]]:
    import pokerkit

    hand = pokerkit.ShortDeckHoldemHand
    winners = []
    for hands, board in deals:
        values = {p: hand.from_game(h, board) for p, h in hands.items()}
        best = max(values.values())
        winners.append(tuple(p for p, v in values.items() if v == best))
    return winners


def best_time(run: Callable[[Any], Any], arg: Any, times: int = 3) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(times):
        start = time.process_time()
        result = run(arg)
        best = min(best, time.process_time() - start)
    return best, result


def main() -> None:
    deals = make_deals(DEALS)
    ours(deals[:50])  # warm up: the short-deck tables are built on first use
    our_time, our_winners = best_time(ours, deals)
    peer_time, peer_winners = best_time(pokerkit_winners, deals)
    assert our_winners == peer_winners
    print(f"short-deck showdowns, {DEALS} three-player deals: winners identical to PokerKit: yes")
    print(
        f"ratio short-deck showdown ranking: ours {DEALS / our_time:,.0f} deals/s vs PokerKit "
        f"ShortDeckHoldemHand {DEALS / peer_time:,.0f} deals/s: {peer_time / our_time:.0f}x"
    )


if __name__ == "__main__":
    main()
