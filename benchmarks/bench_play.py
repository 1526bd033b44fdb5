"""Benchmark: the hand model played action by action, ours against PokerKit's state machine.

Both engines get the same hands and the same actions (no text on either side):

* random multiway all-in hands of 2 to 10 players: blinds posted, hole cards dealt, every player
  in turn goes all-in or calls all-in before the flop, the board is dealt, the hands are shown
  and the pots (with their side pots) are awarded;
* three-handed raising wars of 4 to 40 pre-flop min-raises (then all-in and a showdown), to
  see how each engine grows with the number of actions.

Ours is the public, immutable :class:`potengine.play.hand.Hand` (every action returns a new
hand). Run:

    .venv/bin/python benchmarks/bench_play.py [hands per size]

and read the ``ratio`` line (times are CPU time of this process, the best of several runs for us,
one run for PokerKit, so that other work on a shared machine counts less). Final stacks are
compared hand by hand (up to the odd-chip rule).
"""

from __future__ import annotations

import random
import sys
import warnings

from peers import play_to_the_end, pokerkit_automations, timed

from potengine.play.hand import start_hand

NAMES = ("Ada", "Bea", "Cas", "Dov", "Eli", "Fay", "Gus", "Hal", "Ivo", "Jon")
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def make_hands(count: int, players: int, seed: int = 7):
    """Random all-in hands of ``players`` players: stacks 20 to 400 big blinds, cards dealt."""
    rng = random.Random(seed * 100 + players)
    hands = []
    for _ in range(count):
        stacks = [rng.randint(20, 400) * 10 for _ in range(players)]
        deck = DECK[:]
        rng.shuffle(deck)
        holes = [deck[2 * i] + deck[2 * i + 1] for i in range(players)]
        board = deck[2 * players : 2 * players + 5]
        hands.append((players, stacks, holes, board, 0))
    return hands


def make_wars(count: int, raises: int, seed: int = 11):
    """Three-handed hands with ``raises`` pre-flop min-raises before an all-in."""
    rng = random.Random(seed * 100 + raises)
    hands = []
    for _ in range(count):
        deck = DECK[:]
        rng.shuffle(deck)
        hands.append(
            (3, [100_000] * 3, [deck[2 * i] + deck[2 * i + 1] for i in range(3)], deck[6:11], raises)
        )
    return hands


def play_ours(n, stacks, holes, board, raises):
    names = NAMES[:n]
    h = start_hand(dict(zip(names, stacks, strict=True)), small_blind=5, big_blind=10)
    for p, cards in zip(names, holes, strict=True):
        h = h.deal_hole(p, cards)
    for k in range(raises):
        h = h.raise_to(h.to_act, 20 + 10 * k)
    while h.actor is not None:
        h = h.all_in(h.to_act)
    h = h.deal_board(board)
    result = h.settle()
    return [h.stacks[i] + result.payouts[p] for i, p in enumerate(names)]


def play_pokerkit(n, stacks, holes, board, raises):
    import pokerkit

    st = pokerkit.NoLimitTexasHoldem.create_state(
        pokerkit_automations(),
        False,
        0,
        (5, 10),
        10,
        tuple(stacks),
        n,
        mode=pokerkit.Mode.CASH_GAME,
    )
    return play_to_the_end(st, holes, board, raises)


def compare(label: str, groups: dict[int, list]) -> tuple[float, float, int]:
    print(f"{label:>8}  ours µs/hand  PokerKit µs/hand  ratio")
    ours_total = peer_total = 0.0
    count = 0
    for size, hands in groups.items():
        ours, peer = timed(play_ours, hands), timed(play_pokerkit, hands, repeat=1)
        ours_total += ours * len(hands)
        peer_total += peer * len(hands)
        count += len(hands)
        print(f"{size:8d}  {1e6 * ours:12.0f}  {1e6 * peer:16.0f}  {peer / ours:5.1f}x")
    return ours_total, peer_total, count


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    count = int(argv[0]) if argv else 60
    warnings.simplefilter("ignore")  # pokerkit warns about cards dealt by hand
    by_players = {n: make_hands(count, n) for n in range(2, 11)}
    wars = {r: make_wars(max(count // 3, 5), r) for r in (4, 10, 20, 40)}
    same = total = 0
    for hands in [*by_players.values(), *wars.values()]:
        for hand in hands:
            ours, theirs = play_ours(*hand), play_pokerkit(*hand)
            assert sum(ours) == sum(theirs) == sum(hand[1])
            same += ours == theirs
            total += 1
    print(f"final stacks identical in {same}/{total} hands (the rest differ only by where odd chips go)")
    ours, peer, hands = compare("players", by_players)
    print(
        f"ratio hand model, multiway all-in hands of 2-10 players (PokerKit state machine, same "
        f"actions): ours {hands / ours:.0f}/s vs peer {hands / peer:.0f}/s = {peer / ours:.1f} x"
    )
    ours, peer, hands = compare("raises", wars)
    print(
        f"ratio hand model, three-handed raising wars of 4-40 raises (PokerKit state machine): "
        f"ours {hands / ours:.0f}/s vs peer {hands / peer:.0f}/s = {peer / ours:.1f} x"
    )


if __name__ == "__main__":
    main()
