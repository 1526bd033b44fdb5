"""Differential test: hands run two or three times, against PokerKit 0.7.7's multiple runouts.

Random hold'em hands of 2 to 4 players who all move all-in before the flop (different stacks: side
pots), then run two or three times from the flop, each runout with its own five cards. PokerKit
deals, ranks and pushes the chips; the engine settles the same contributions with
``settle(hands=..., runs=[board, ...])``. Where the two rules agree the payouts must be equal.

Two differences of rule are named and checked, not hidden:

* the division's odd chips: PokerKit gives the whole remainder of a pot divided by its boards to
  the first board; the engine hands them out one each to the first runs (``"in run order"``),
  which differs only with three runs and two odd chips. The engine's ``run_odd_chips="all to run
  1"`` is PokerKit's rule, and is compared exactly; the hands where the default differs are
  counted.
* a tie inside a run: PokerKit gives that part's whole remainder to the tied player of lowest
  index; the engine one chip each clockwise from the button (TDA 20). The tied players' total
  must agree, each of them within the remainder.

A third difference comes from PokerKit's showdown: it kills the hands that can win nothing on
any board, then merges the pots whose remaining contenders are the same before dividing them by
the boards (in 0.7.7 the hand-killing step cannot be skipped), so that the rounding of the
division can move a chip from one run's winner to another's; the rule divides each pot on its
own. Those hands are recognised (adjacent pots left with the same contenders), counted, and
checked for the same total to the same players within a chip per run.

PokerKit rakes per pot with its own cap; no rake here (the rake is the engine's per hand, taken
before the division: see ``tests/test_runs.py``).
"""

from __future__ import annotations

import os
import random

import pytest

pokerkit = pytest.importorskip("pokerkit")

from potengine import settle  # noqa: E402

HANDS = int(os.environ.get("DIFF_RUN_HANDS", "300"))
# PokerKit warns when a test deals a card it would not have dealt itself (the boards are ours).
pytestmark = pytest.mark.filterwarnings("ignore:A card being dealt")
A = pokerkit.Automation
AUTOMATIONS = (
    A.ANTE_POSTING,
    A.BET_COLLECTION,
    A.BLIND_OR_STRADDLE_POSTING,
    A.CARD_BURNING,
    A.HOLE_CARDS_SHOWING_OR_MUCKING,
    A.HAND_KILLING,
    A.CHIPS_PUSHING,
    A.CHIPS_PULLING,
)
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def play(rng: random.Random):
    """One all-in hand run several times in PokerKit: (stacks, holes, boards, final stacks)."""
    n = rng.randint(2, 4)
    stacks = [rng.choice([rng.randint(5, 60), rng.randint(5, 300), 150]) for _ in range(n)]
    count = rng.choice([2, 2, 3])
    cards = rng.sample(DECK, 2 * n + 5 * count)
    holes = [cards[2 * i] + cards[2 * i + 1] for i in range(n)]
    boards = [cards[2 * n + 5 * j : 2 * n + 5 * j + 5] for j in range(count)]
    state = pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS, False, 0, (1, 2), 2, tuple(stacks), n, mode=pokerkit.Mode.CASH_GAME
    )
    for hole in holes:
        state.deal_hole(hole)
    while state.actor_index is not None:
        if state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
        else:
            state.check_or_call()
    streets = [street for board in boards for street in (board[:3], board[3:4], board[4:5])]
    while True:
        if state.can_select_runout_count():
            state.select_runout_count(count)
        elif state.can_deal_board() and streets:
            state.deal_board("".join(streets.pop(0)))
        else:
            break
    dealt = [" ".join(map(repr, state.get_board_cards(j))) for j in range(state.board_count)]
    return stacks, holes, dealt, list(state.stacks), state


def test_runs_agree_with_pokerkit_where_the_rules_agree():
    rng = random.Random(20)
    compared = ties = default_differs = merged = 0
    for _ in range(HANDS):
        stacks, holes, boards, final, state = play(rng)
        if len(boards) < 2:
            continue  # PokerKit ran it once (a player with nothing left to decide)
        names = [f"P{i}" for i in range(len(stacks))]
        contributions = dict(zip(names, stacks, strict=True))
        hands = {p: h[:2] + " " + h[2:] for p, h in zip(names, holes, strict=True)}
        ours = settle(contributions, hands=hands, runs=boards, run_odd_chips="all to run 1")
        default = settle(contributions, hands=hands, runs=boards)
        theirs = {p: final[i] - stacks[i] + contributions[p] for i, p in enumerate(names)}
        assert sum(theirs.values()) == sum(ours.payouts.values()) == sum(stacks)
        assert ours.audit().ok and default.audit().ok
        assert dict(ours.refunds) == {} or max(stacks) > sorted(stacks)[-2]
        compared += 1
        if dict(default.payouts) != dict(ours.payouts):
            default_differs += 1
            assert len(boards) == 3  # two odd chips of a division: only possible with three runs
        contenders = {p for pot in ours.pots for p in pot.winners}
        sets = [tuple(p for p in pot.eligible if p in contenders) for pot in ours.pots]
        if any(a == b for a, b in zip(sets, sets[1:], strict=False)):
            merged += 1
            assert {p for p in names if theirs[p]} == {p for p in names if ours.payouts[p]}
            assert all(abs(theirs[p] - ours.payouts[p]) < len(boards) * len(ours.pots) for p in names)
            continue
        uneven = [
            part
            for pot in ours.pots
            for part in pot.runs
            if len(part.winners) > 1 and len(set(part.shares.values())) > 1
        ]
        if not uneven:
            assert theirs == dict(ours.payouts), (contributions, hands, boards)
            continue
        ties += 1
        tied = {p for part in uneven for p in part.winners}
        for p in names:
            if p not in tied:
                assert theirs[p] == ours.payouts[p], (contributions, hands, boards)
        assert sum(theirs[p] for p in tied) == sum(ours.payouts[p] for p in tied)
        assert all(abs(theirs[p] - ours.payouts[p]) < 4 for p in tied)
    assert compared > HANDS // 2
    print(
        f"compared {compared} hands; {ties} with an uneven tie inside a run; {merged} with pots "
        f"PokerKit merges; {default_differs} where the default division differs from PokerKit's"
    )
