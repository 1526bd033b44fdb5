"""What the benchmarks share: PokerKit's automations, driving a PokerKit state to the end of an
all-in hand, and the timer. Imported by the ``bench_*`` modules (``benchmarks/`` is on the path
when ``benchmarks/run.py`` or a benchmark runs)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any


def pokerkit_automations() -> tuple[Any, ...]:
    """Everything PokerKit can do by itself, so that only the players' actions are driven."""
    import pokerkit

    A = pokerkit.Automation
    return (
        A.ANTE_POSTING,
        A.BET_COLLECTION,
        A.BLIND_OR_STRADDLE_POSTING,
        A.CARD_BURNING,
        A.HOLE_CARDS_SHOWING_OR_MUCKING,
        A.HAND_KILLING,
        A.CHIPS_PUSHING,
        A.CHIPS_PULLING,
        A.RUNOUT_COUNT_SELECTION,
    )


def play_to_the_end(st: Any, holes: Sequence[str], board: Sequence[str], raises: int = 0) -> list[int]:
    """Deal ``holes``, make ``raises`` raises of 10 more each, then every player all-in (or
    calling), deal ``board`` and show down: PokerKit's final stacks."""
    while st.can_deal_hole():
        st.deal_hole(holes[st.hole_dealee_index])
    for k in range(raises):
        st.complete_bet_or_raise_to(20 + 10 * k)
    dealt = 0
    while st.status:
        if st.actor_index is not None:
            if st.can_complete_bet_or_raise_to():
                st.complete_bet_or_raise_to(st.max_completion_betting_or_raising_to_amount)
            else:
                st.check_or_call()
        elif st.can_deal_board():
            count = 3 if dealt == 0 else 1
            st.deal_board("".join(board[dealt : dealt + count]))
            dealt += count
        elif st.can_show_or_muck_hole_cards():
            st.show_or_muck_hole_cards(True)
        else:  # pragma: no cover - nothing left that this script knows how to do
            break
    return list(st.stacks)


def timed(play: Callable[..., Any], hands: Iterable[Sequence[Any]], repeat: int = 3) -> float:
    """CPU seconds per hand, the best of ``repeat`` runs (the machine is shared)."""
    hands = list(hands)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for hand in hands:
            play(*hand)
        best = min(best, time.process_time() - start)
    return best / len(hands)
