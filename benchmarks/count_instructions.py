"""Machine instructions per call, counted by valgrind: a speed figure this shared machine cannot blur.

Timings here move by up to 2× from one run to the next (other work on the host); the number of
instructions a piece of code executes does not. This counts them with valgrind's callgrind for:

- ``settle``: one :func:`potengine.settle` call on the random 2–10 player tables of
  ``bench_settle`` (its 20 µs target is about 195k instructions with this machine's Python);
- ``trusted``: :func:`potengine.pots.settlement.settle_trusted` on the same tables;
- ``settle-runs``: the same tables run twice (``settle(..., runs=[ranking, reversed ranking])``),
  to hold against twice ``settle``'s figure;
- ``audit``: one PokerStars hand read, audited and reported, on the hands of ``bench_audit``
  (from ``../shared/data/pokerstars-real`` when it is there, else the package's samples);
- ``audit-ROOM`` (``audit-ggpoker``, ``audit-winamax``, ``audit-pokernow``, ... any name of
  :data:`potengine.histories.rooms.ROOMS`): one hand of that room's real files in ``../shared``
  (``data/other-rooms/<folder>``, ``data/pokernow``) decoded, cut, read and audited, to hold
  against ``audit``'s figure (issue #21: within 1.5 times PokerStars' per hand);
- ``read-ROOM``: the same files decoded, cut and read into records, not audited (what a parser
  alone costs: the part of ``audit-ROOM`` that is the room's reader).

Each workload runs twice under valgrind, once with no repetition and once with one, and the
difference is divided by the number of calls, so that start-up and set-up do not count. The
audit and read workloads first go once through their files unmeasured (in both runs), so that
what the first hand of a kind costs once (a reader's module imported and compiled, which this
machine does on every start as it writes no bytecode cache, its patterns compiled, the Omaha
tables built) is not counted as if every hand paid it: a room whose real files hold 41 hands
would otherwise carry 2.8M instructions a hand of it. ``--cold`` counts that first pass instead
(the figure before the warm-up was added). ``--every K`` counts every K-th file of a room alone
(its files in name order, the first, the K+1-th, ...): a sample spread over the room's files, for a
room too large to count whole on a busy machine (PokerNow's 46 logs, 11,708 hands, take hours
under valgrind there); the figure is then that sample's, and says so. Run:

    .venv/bin/python benchmarks/count_instructions.py [--cold] [--every K] [WORKLOAD ...]

(a workload: ``settle``, ``trusted``, ``settle-runs``, ``audit``, ``audit-ROOM``, ``read-ROOM``).

It needs ``valgrind`` (Debian's package) and takes about half a minute per workload. Use it to
compare two versions of the code: a change worth keeping shows in these figures.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
TABLES = 2000
COLLECTED = re.compile(r"Collected : (\d+)")
WARM_UP = int(os.environ.get("_COUNT_WARM_UP", "1"))
"""Unmeasured passes an audit or read workload makes first (0 with ``--cold``)."""
EVERY = int(os.environ.get("_COUNT_EVERY", "1"))
"""A room's files counted: every this many (``--every K``; 1, every file)."""


def workload(name: str, repetitions: int) -> None:
    """Prepare ``name``'s inputs, then run it ``repetitions`` times (inside valgrind)."""
    sys.path.insert(0, str(HERE))
    if name in ("settle", "trusted", "settle-runs"):
        from bench_settle import make_tables

        from potengine import settle
        from potengine.pots.settlement import settle_trusted

        tables = make_tables(TABLES)
        trusted = [(c, tuple(map(tuple, r)), frozenset(f), b) for c, r, f, b in tables]
        twice = [(c, [r, r[::-1]], f, b) for c, r, f, b in tables]
        for _ in range(repetitions):
            if name == "settle-runs":
                for contributions, runs, folded, button in twice:
                    settle(contributions, folded=folded, button=button, runs=runs)
            elif name == "settle":
                for contributions, ranking, folded, button in tables:
                    settle(contributions, ranking, folded=folded, button=button)
            else:
                for contributions, tiers, out, button in trusted:
                    settle_trusted(contributions, tiers, folded=out, button=button)
    elif name == "audit":
        from potengine.histories.audit import AuditRun
        from potengine.histories.pokerstars import open_lines

        path = Path(os.environ["_COUNT_FILE"])
        for _ in range(repetitions + WARM_UP):
            run = AuditRun()
            for _ in run.audits(open_lines(path), path.name):
                pass
    elif name.startswith("audit-"):
        from potengine.histories.audit import AuditRun
        from potengine.histories.rooms import file_lines

        paths = room_files(name.removeprefix("audit-"))
        for _ in range(repetitions + WARM_UP):
            run = AuditRun()
            for path in paths:
                for _ in run.audits(file_lines(path), path.name):
                    pass
    elif name.startswith("read-"):
        paths = room_files(name.removeprefix("read-"))
        for _ in range(repetitions + WARM_UP):
            read_room(paths)
    else:
        raise SystemExit(
            f"unknown workload {name!r}: settle, trusted, settle-runs, audit, audit-ROOM or read-ROOM"
        )


def read_room(paths: list[Path]) -> int:
    """Decode, cut and read every hand of ``paths`` into records (no audit): the hands read."""
    from importlib import import_module

    from potengine.errors import HandHistoryError
    from potengine.histories.rooms import file_lines, hands_of, peek_room

    read = 0
    for path in paths:
        room, lines = peek_room(file_lines(path))
        if room is None or not room.readable:
            continue
        if room.reader == "pokerstars":
            from potengine.histories.pokerstars import iter_text

            read += sum(1 for item in iter_text(lines) if not isinstance(item, HandHistoryError))
            continue
        reader = import_module(f"potengine.histories.{room.reader}").read_hand
        for hand in hands_of(lines, room):
            try:
                reader(hand)
            except HandHistoryError:
                continue
            read += 1
    return read


SHARED = Path(os.environ.get("POTENGINE_SHARED", HERE.parent.parent / "shared")) / "data"
FOLDERS = {"ignition": "ignition_bovada"}  # a room's folder in data/other-rooms, where not its name


def room_files(room: str) -> list[Path]:
    """The real files of ``room`` in ``../shared`` (other people's data, read where they are)."""
    from potengine.histories.rooms import BY_NAME

    if room not in BY_NAME:
        raise SystemExit(f"unknown room {room!r}: {', '.join(BY_NAME)}")
    folder = SHARED / "pokernow" if room == "pokernow" else SHARED / "other-rooms" / FOLDERS.get(room, room)
    paths = sorted(p for p in folder.glob("*") if p.is_file() and p.name != "SOURCES.md")[::EVERY]
    if not paths:
        raise SystemExit(f"no files of {room} in {folder}: they live in ../shared, beside the repository")
    return paths


def count(name: str, repetitions: int, env: dict[str, str]) -> int:
    """Instructions of one valgrind run of ``name`` with ``repetitions``."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, name],
        env={**env, "_COUNT_REPETITIONS": str(repetitions)},
        capture_output=True,
        text=True,
        check=True,
    )
    found = COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str]) -> int:
    if "_COUNT_REPETITIONS" in os.environ:  # the run inside valgrind
        workload(argv[1], int(os.environ["_COUNT_REPETITIONS"]))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): nothing counted")
        return 1
    args = argv[1:]
    if "--every" in args:
        at = args.index("--every")
        os.environ["_COUNT_EVERY"] = args[at + 1]
        global EVERY
        EVERY = int(args[at + 1])
        del args[at : at + 2]
    names = [a for a in args if a != "--cold"] or ["settle", "trusted", "settle-runs", "audit"]
    env = dict(os.environ)
    env["_COUNT_WARM_UP"] = "0" if "--cold" in argv else "1"
    with tempfile.TemporaryDirectory() as folder:
        calls = TABLES
        if "audit" in names:
            from bench_audit import source_hands, write_file

            hands, source = source_hands()
            path = Path(folder) / "hands.txt"
            write_file(path, hands, len(hands))
            env["_COUNT_FILE"] = str(path)
            print(f"audit: {len(hands)} hands from {source}")
        for name in names:
            per = len(hands) if name == "audit" else calls
            if name.startswith("audit-"):
                from potengine.histories.audit import AuditRun
                from potengine.histories.rooms import file_lines

                paths = room_files(name.removeprefix("audit-"))
                run = AuditRun()
                per = sum(1 for p in paths for _ in run.audits(file_lines(p), p.name))
                sample = f" (every {EVERY}th file)" if EVERY > 1 else ""
                print(f"{name}: {per} hands in {len(paths)} files{sample}, verdicts {run.summary()}")
            elif name.startswith("read-"):
                paths = room_files(name.removeprefix("read-"))
                per = read_room(paths)
                print(f"{name}: {per} hands read in {len(paths)} files (read only: not audited)")
            extra = count(name, 1, env) - count(name, 0, env)
            unit = "a hand" if name.startswith(("audit", "read-")) else "a call"
            print(f"instructions {name}: {extra // per:,} {unit}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    sys.exit(main(sys.argv))
