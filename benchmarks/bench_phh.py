"""Benchmark: PHH text in, replayed and settled hand out, ours against PokerKit, same texts.

Two inputs:

* random multiway all-in hands of 2 to 10 players, played by PokerKit and written with its own
  ``HandHistory.dumps`` (so the texts are PokerKit's); PokerKit's route is its fastest one,
  ``for _ in HandHistory.loads(text): pass`` (parse, then play every action and settle);
* the 115 real hands of the public PHH corpus at ``../shared/data/phh`` (Pluribus and WSOP;
  other people's data, never copied into the repository): skipped with a message when absent.

Ours: :func:`potengine.histories.phh.replay` (parse, play, settle, finishing stacks). Run:

    .venv/bin/python benchmarks/bench_phh.py [hands per player count]

and read the ``ratio`` lines; the table shows how each figure grows with the players (2 to 10)
and with the number of actions. Times are CPU time of this process (the best of several runs for
us, one run for PokerKit), so that other work on a shared machine counts less.
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from decimal import Decimal
from pathlib import Path

from peers import pokerkit_automations

from potengine.histories.phh import replay

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "phh"


def pokerkit_text(n: int, rng: random.Random) -> tuple[str, tuple[int, ...]]:
    """A random multiway all-in hand of ``n`` players, played and written by PokerKit, and
    PokerKit's final stacks."""
    import pokerkit

    game = pokerkit.NoLimitTexasHoldem(
        pokerkit_automations(),
        False,
        0,
        (5, 10),
        10,
        mode=pokerkit.Mode.CASH_GAME,
    )
    stacks = tuple(rng.randint(20, 400) * 10 for _ in range(n))
    state = game(stacks, n)
    deck = DECK[:]
    rng.shuffle(deck)
    while state.can_deal_hole():
        state.deal_hole(deck.pop() + deck.pop())
    while state.status:
        if state.actor_index is not None:
            if rng.random() < 0.75 and state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            else:
                state.check_or_call()
        elif state.can_deal_board():
            count = 3 if not state.board_cards else 1
            state.deal_board("".join(deck.pop() for _ in range(count)))
        else:  # pragma: no cover - nothing left that this script knows how to do
            break
    return pokerkit.HandHistory.from_game_state(game, state).dumps(), tuple(state.stacks)


def best_rate(run, items, repeat: int) -> float:
    """Items per second, the best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run(items)
        best = min(best, time.process_time() - start)
    return len(items) / best


def ours(texts, **options) -> None:
    for text in texts:
        replay(text, **options)


def peer(texts) -> None:
    import pokerkit

    for text in texts:
        for _ in pokerkit.HandHistory.loads(text):
            pass


def actions_of(text: str) -> int:
    line = next(line for line in text.splitlines() if line.startswith("actions"))
    return line.count("'") // 2


def random_hands(count: int) -> None:
    rng = random.Random(2026)
    played = {n: [pokerkit_text(n, rng) for _ in range(count)] for n in range(2, 11)}
    same = 0
    for hands in played.values():  # the same final stacks as PokerKit (up to where odd chips go)
        for text, theirs in hands:
            mine = replay(text).finishing_stacks
            assert sum(mine) == sum(theirs)
            same += mine == theirs
    by_players = {n: [text for text, _ in hands] for n, hands in played.items()}
    print(
        f"final stacks identical to PokerKit's in {same}/{9 * count} hands (the rest differ only by "
        "where odd chips go)"
    )
    print("players  actions  ours µs/hand  PokerKit µs/hand  ratio")
    total_ours = total_peer = 0.0
    every = []
    for n, texts in by_players.items():
        r_ours = best_rate(ours, texts, 5)
        r_peer = best_rate(peer, texts, 1)
        total_ours += len(texts) / r_ours
        total_peer += len(texts) / r_peer
        every += texts
        mean_actions = sum(actions_of(t) for t in texts) / len(texts)
        times = f"{1e6 / r_ours:12.0f}  {1e6 / r_peer:16.0f}"
        print(f"{n:7d}  {mean_actions:7.1f}  {times}  {r_ours / r_peer:5.1f}x")
    print(
        f"ratio PHH text -> settled hand, random multiway all-in hands of 2-10 players (PokerKit "
        f"HandHistory.loads): ours {len(every) / total_ours:.0f}/s vs peer {len(every) / total_peer:.0f}/s "
        f"= {total_peer / total_ours:.1f} x"
    )


def corpus() -> None:
    files = sorted(CORPUS.glob("*.phh"))
    if not files:
        print(
            f"skipped: the public PHH corpus is not at {CORPUS} (other people's data, kept out of "
            "the repository)"
        )
        return
    texts = [(f.name, f.read_text()) for f in files]
    options = [
        {
            "chip": Decimal("0.5") if "pluribus" in name else 1,
            "fill_skipped": name == "data__wsop__2019__42__3__00-01-07.phh",
        }
        for name, _ in texts
    ]
    matches = sum(replay(text, **o).matches for (_, text), o in zip(texts, options, strict=True))

    def ours_corpus(items) -> None:
        for (_, text), o in items:
            replay(text, **o)

    items = list(zip(texts, options, strict=True))
    r_ours = best_rate(ours_corpus, items, 5)
    r_peer = best_rate(peer, [text for _, text in texts], 1)
    short = [item for item in items if actions_of(item[0][1]) < 25]
    long = [item for item in items if actions_of(item[0][1]) >= 25]
    for label, group in (("fewer than 25 actions", short), ("25 actions or more", long)):
        if group:
            a = best_rate(ours_corpus, group, 3)
            b = best_rate(peer, [text for (_, text), _ in group], 1)
            mean = sum(actions_of(text) for (_, text), _ in group) / len(group)
            print(
                f"corpus hands with {label} ({len(group)}, {mean:.0f} actions on average): "
                f"ours {1e6 / a:.0f} µs, PokerKit {1e6 / b:.0f} µs: {a / b:.1f}x"
            )
    print(f"finishing stacks as in the files: {matches}/{len(texts)}")
    print(
        f"ratio PHH text -> settled hand, the {len(texts)} real hands of {CORPUS.name} "
        f"(PokerKit HandHistory.loads): ours {r_ours:.0f}/s vs peer {r_peer:.0f}/s = {r_ours / r_peer:.1f} x"
    )


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    count = int(argv[0]) if argv else 60
    warnings.simplefilter("ignore")  # PokerKit warns about cards dealt by hand
    random_hands(count)
    corpus()


if __name__ == "__main__":
    main()
