"""Benchmark: every room's real files audited, against the best peer in Python for that room.

The files are the real ones in ``../shared/data/other-rooms/<room>`` and ``../shared/data/pokernow``
(other people's data: read there, never copied), the same for both sides, in the same run. Run:

    .venv/bin/python benchmarks/bench_rooms.py [room ...]

For each room it prints ours (the file decoded, cut into hands, each read and audited, as
``potengine audit`` does; and, apart, read alone into records), the peer, and a ``ratio`` line.
The peers, the best found in Python (none audits a hand: each only parses it, so a ratio against
one sets a full audit against a parse, and says so):

- PokerKit 0.7.7's ``FullTiltPokerParser``, ``IPokerNetworkParser`` and ``PartyPokerParser`` read
  a hand and replay it through PokerKit's state machine (each hand given alone, its iPoker session
  block before it and two blank lines after, as those parsers cut hands). They were written for
  other exports of those rooms (the HandHQ corpus) and read few of these files (1 Full Tilt hand
  of 52, 2 iPoker hands of 693, no partypoker hand of 282): the ratio is taken on the hands the peer
  reads, ours auditing the same hands from the same text, and the coverage is printed beside it.
- pokernow-log-parser 0.2.0 (pure Python, MIT) parses a PokerNow CSV log into hands and works
  out each player's net result; it reads the logs whose starting rows carry a hand ID (8 of the 46
  files, 2,729 of 11,708 hands): the ratio is taken on those files, both sides reading them whole.
- 888poker and Ignition/Bovada: no peer in Python reads them (PokerKit has no parser for them).

Every room is also set against PokerStars in the same run: the real PokerStars files of
``../shared/data/pokerstars-real`` audited the same way, CPU time a hand against CPU time a hand
(issue #21: every room within 1.5 times PokerStars' per hand). Unlike the instruction counts, which
take hours under valgrind for PokerNow's 11,708 hands (``count_instructions.py --every 7`` counts a
seventh of them), this covers every file of every room in seconds; both sides run interleaved,
fastest of ``RUNS``, so the machine's load moves both alike.

Each side runs ``RUNS`` times and its fastest run counts (CPU time: other work on this shared
machine only ever slows a run down); a side too quick to time is repeated within a run. The
figures to hold against PokerStars' are the instruction counts of
``benchmarks/count_instructions.py audit-ROOM``, which the machine's load does not move.
"""

from __future__ import annotations

import contextlib
import io
import sys
import time
import warnings
from collections.abc import Callable
from importlib import import_module
from importlib.metadata import version
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from count_instructions import read_room, room_files  # noqa: E402

RUNS = 3
"""Each side is timed this many times; the fastest run is reported."""
MIN_SECONDS = 0.2
"""A side that takes less than this is repeated within a run until it does."""
ROOMS = ("ggpoker", "winamax", "wpn", "ipoker", "888poker", "partypoker", "fulltilt", "ignition", "pokernow")
POKERKIT = {
    "fulltilt": "FullTiltPokerParser",
    "ipoker": "IPokerNetworkParser",
    "partypoker": "PartyPokerParser",
}


def fastest(work: Callable[[], Any]) -> float:
    """CPU seconds of one call of ``work``, the fastest of ``RUNS`` runs (each repeated until it
    lasts ``MIN_SECONDS``)."""
    repeat = 1
    while True:
        start = time.process_time()
        for _ in range(repeat):
            work()
        took = time.process_time() - start
        if took >= MIN_SECONDS or repeat >= 1 << 12:
            break
        repeat *= 2
    best = took / repeat
    for _ in range(RUNS - 1):
        start = time.process_time()
        for _ in range(repeat):
            work()
        best = min(best, (time.process_time() - start) / repeat)
    return best


def audit_files(paths: list[Path]) -> int:
    """Audit every hand of ``paths`` as ``potengine audit`` does: the hands audited."""
    from potengine.histories.audit import AuditRun
    from potengine.histories.rooms import file_lines

    run = AuditRun()
    for path in paths:
        for _ in run.audits(file_lines(path), path.name):
            pass
    return run.summary()["hands"]


def cut_hands_of(paths: list[Path]) -> list[Any]:
    """Every hand of ``paths``, cut as the auditor cuts them."""
    from potengine.histories.rooms import file_lines, hands_of, peek_room

    cuts = []
    for path in paths:
        room, lines = peek_room(file_lines(path))
        if room is not None:
            cuts += hands_of(lines, room)
    return cuts


def audit_cut(cuts: list[Any]) -> int:
    """Read and audit hands already cut: the hands audited."""
    from potengine.histories.audit import audit_hand

    for cut in cuts:
        audit_hand(import_module(f"potengine.histories.{cut.room.reader}").read_hand(cut))
    return len(cuts)


def read_cut(cuts: list[Any]) -> int:
    """Read hands already cut into records, not audited: the hands read."""
    for cut in cuts:
        import_module(f"potengine.histories.{cut.room.reader}").read_hand(cut)
    return len(cuts)


def pokerkit_text(cut: Any) -> str:
    """A hand as PokerKit's parsers take it: its session block first (iPoker), two blank lines after."""
    text = cut.preamble + "\n" + cut.text if cut.preamble else cut.text
    return text.rstrip("\n") + "\n\n\n"


def pokerkit_reads(parser: Any, texts: list[str]) -> list[int]:
    """The indices of ``texts`` that the PokerKit parser reads and replays (it skips the others
    with a warning, which is silenced here)."""
    read = []
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        for i, text in enumerate(texts):
            try:
                histories = list(parser(text))
            except Exception:  # noqa: BLE001 - a hand PokerKit cannot read is not counted
                continue
            if histories:
                read.append(i)
    return read


def pokerkit_run(parser: Any, texts: list[str]) -> None:
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        for text in texts:
            for history in parser(text):
                for _ in history:  # the replay: every state of the hand
                    pass


def rate(hands: int, seconds: float) -> str:
    return f"{hands / seconds:,.0f} hands/s" if seconds else "-"


def pokerstars_files() -> list[Path]:
    """The real PokerStars files in ``../shared`` (the reference every room is held against)."""
    from count_instructions import SHARED

    folder = SHARED / "pokerstars-real"
    paths = sorted(p for p in folder.glob("*") if p.is_file() and p.name != "SOURCES.md")
    if not paths:
        raise SystemExit(f"no PokerStars files in {folder}: they live in ../shared, beside the repository")
    return paths


def against_pokerstars(room: str, paths: list[Path], hands: int) -> str:
    """The room's CPU time a hand audited over PokerStars' in this run, both timed in turn
    (fastest of ``RUNS`` each, the two alternated so that a busy spell slows both)."""
    stars = pokerstars_files()
    stars_hands = audit_files(stars)
    best_room = best_stars = float("inf")
    for _ in range(RUNS):
        best_room = min(best_room, fastest(lambda: audit_files(paths)) / hands)
        best_stars = min(best_stars, fastest(lambda: audit_files(stars)) / stars_hands)
    return (
        f"ratio {room} against PokerStars (same run, every file, time a hand audited): "
        f"{1e6 * best_room:.0f} us vs {1e6 * best_stars:.0f} us ({stars_hands} PokerStars hands) = "
        f"{best_room / best_stars:.2f}x (target 1.5x)"
    )


def bench_room(room: str) -> None:
    paths = room_files(room)
    hands = audit_files(paths)
    ours = fastest(lambda: audit_files(paths))
    read = read_room(paths)
    read_time = fastest(lambda: read_room(paths))
    print(
        f"{room}: {hands} hands in {len(paths)} files; ours {rate(hands, ours)} read, audited and "
        f"reported ({1e6 * ours / hands:.0f} us a hand); read alone into records {rate(read, read_time)}"
    )
    print(against_pokerstars(room, paths, hands))
    if room in POKERKIT:
        import pokerkit

        name = POKERKIT[room]
        parser = getattr(pokerkit, name)()
        cuts = cut_hands_of(paths)
        texts = [pokerkit_text(cut) for cut in cuts]
        found = pokerkit_reads(parser, texts)
        label = f"PokerKit {version('pokerkit')} {name}"
        print(f"  peer {label} (parse + replay, not an audit): read {len(found)} of {len(cuts)} hands")
        if not found:
            print(f"ratio {room}: no ratio (the peer reads none of these hands)")
            return
        chosen = [cuts[i] for i in found]
        mine = fastest(lambda: audit_cut(chosen))
        mine_read = fastest(
            lambda: [import_module(f"potengine.histories.{c.room.reader}").read_hand(c) for c in chosen]
        )
        peer = fastest(lambda: pokerkit_run(parser, [texts[i] for i in found]))
        n = len(chosen)
        print(
            f"ratio {room} on the {n} hand(s) the peer reads: ours {rate(n, mine)} audited "
            f"({rate(n, mine_read)} read alone) vs peer {rate(n, peer)} parsed and replayed = "
            f"{peer / mine:.1f}x ({peer / mine_read:.1f}x read against parse)"
        )
    elif room == "pokernow":
        try:
            from pokernow_parser import PokerNowParser
        except ImportError:
            print("  peer pokernow-log-parser is not installed (pip install pokernow-log-parser==0.2.0)")
            return
        parser = PokerNowParser()
        read_by_peer = [p for p in paths if parser.parse_file(str(p)).hands]
        peer_hands = sum(len(parser.parse_file(str(p)).hands) for p in read_by_peer)
        mine_hands = audit_files(read_by_peer)
        print(
            f"  peer pokernow-log-parser {version('pokernow-log-parser')} (parse + net results, "
            f"not an audit): reads {len(read_by_peer)} of {len(paths)} files ({peer_hands} hands; "
            f"ours {mine_hands} in those files)"
        )
        mine = fastest(lambda: audit_files(read_by_peer))
        mine_read = fastest(lambda: read_room(read_by_peer))
        peer = fastest(lambda: [parser.parse_file(str(p)) for p in read_by_peer])
        print(
            f"ratio {room} on the files the peer reads: ours {rate(mine_hands, mine)} audited "
            f"({rate(mine_hands, mine_read)} read alone) vs peer {rate(peer_hands, peer)} parsed = "
            f"{(mine_hands / mine) / (peer_hands / peer):.2f}x "
            f"({(mine_hands / mine_read) / (peer_hands / peer):.2f}x read against parse)"
        )
    else:
        print(f"ratio {room}: no peer (none found in Python: PokerKit has no parser for this room)")


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    for room in argv or ROOMS:
        bench_room(room)


if __name__ == "__main__":
    main()
