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
  against ``audit``'s figure (issue #21: within 1.5 times PokerStars' per hand).

Each workload runs twice under valgrind, once with no repetition and once with one, and the
difference is divided by the number of calls, so that start-up and set-up do not count. Run:

    .venv/bin/python benchmarks/count_instructions.py [settle|trusted|settle-runs|audit ...]

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
        for _ in range(repetitions):
            run = AuditRun()
            for _ in run.audits(open_lines(path), path.name):
                pass
    elif name.startswith("audit-"):
        from potengine.histories.audit import AuditRun
        from potengine.histories.rooms import file_lines

        paths = room_files(name.removeprefix("audit-"))
        for _ in range(repetitions):
            run = AuditRun()
            for path in paths:
                for _ in run.audits(file_lines(path), path.name):
                    pass
    else:
        raise SystemExit(f"unknown workload {name!r}: settle, trusted, settle-runs, audit or audit-ROOM")


SHARED = Path(os.environ.get("POTENGINE_SHARED", HERE.parent.parent / "shared")) / "data"
FOLDERS = {"ignition": "ignition_bovada"}  # a room's folder in data/other-rooms, where not its name


def room_files(room: str) -> list[Path]:
    """The real files of ``room`` in ``../shared`` (other people's data, read where they are)."""
    from potengine.histories.rooms import BY_NAME

    if room not in BY_NAME:
        raise SystemExit(f"unknown room {room!r}: {', '.join(BY_NAME)}")
    folder = SHARED / "pokernow" if room == "pokernow" else SHARED / "other-rooms" / FOLDERS.get(room, room)
    paths = sorted(p for p in folder.glob("*") if p.is_file() and p.name != "SOURCES.md")
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
    names = argv[1:] or ["settle", "trusted", "settle-runs", "audit"]
    env = dict(os.environ)
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
                print(f"{name}: {per} hands in {len(paths)} files, verdicts {run.summary()}")
            extra = count(name, 1, env) - count(name, 0, env)
            unit = "a hand" if name.startswith("audit") else "a call"
            print(f"instructions {name}: {extra // per:,} {unit}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    sys.exit(main(sys.argv))
