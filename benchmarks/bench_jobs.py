"""Benchmark: ``potengine audit --jobs 2`` against ``--jobs 1`` on the real PokerStars files.

The files are those of ``../shared/data/pokerstars-real`` as they are (other people's data: read
there, never copied; without it, the package's own samples), given to the command in one list:
each file is the unit of work a process takes. Run:

    .venv/bin/python benchmarks/bench_jobs.py [rounds]

Each round times ``python -m potengine audit --jobs 1 FILES`` and ``--jobs 2 FILES`` one after
the other (in turns, which one goes first), as a user would run them (the interpreter's start
included), and checks that both print the same bytes; then the same two runs inside this process
(:func:`potengine.histories.jobs.printed_audits`: no interpreter start, the pool's start
included). The figures to read are the ``ratio`` lines: the median time of ``--jobs 1`` over that
of ``--jobs 2``, measured in the same rounds (timings on this shared machine move from run to run;
a ratio of two runs side by side moves much less, but a second process gains only while the
second core is idle: the load average is printed before and after). Default 7 rounds.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("POTENGINE_SHARED", ROOT.parent / "shared")) / "data" / "pokerstars-real"
LOCAL = ROOT / "potengine" / "histories" / "samples" / "pokerstars"


def command(files: list[str], jobs: int) -> tuple[float, bytes]:
    """The wall-clock time of one ``potengine audit --jobs`` run, and what it printed."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "potengine", "audit", "--jobs", str(jobs), *files],
        capture_output=True,
        check=False,
    )
    return time.perf_counter() - start, done.stdout + done.stderr


def in_process(files: list[str], jobs: int) -> tuple[float, int]:
    """The wall-clock time of auditing ``files`` with ``jobs`` processes from this process."""
    from potengine.histories.audit import AuditRun
    from potengine.histories.jobs import printed_audits

    run = AuditRun()
    start = time.perf_counter()
    for _ in printed_audits(files, run, jobs=jobs):
        pass
    return time.perf_counter() - start, run.summary()["hands"]


def main(argv: list[str]) -> int:
    rounds = int(argv[1]) if len(argv) > 1 else 7
    folder = SHARED if SHARED.is_dir() else LOCAL
    files = sorted(str(p) for p in folder.glob("*.txt"))
    print(f"{len(files)} files from {folder}, {os.cpu_count()} cores, {rounds} rounds")
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    times: dict[str, dict[int, list[float]]] = {"command": {1: [], 2: []}, "in process": {1: [], 2: []}}
    hands = 0
    for r in range(rounds):
        order = (1, 2) if r % 2 == 0 else (2, 1)
        printed = {}
        for jobs in order:
            seconds, printed[jobs] = command(files, jobs)
            times["command"][jobs].append(seconds)
        if printed[1] != printed[2]:
            raise SystemExit("--jobs 2 printed something else than --jobs 1")
        for jobs in order:
            seconds, hands = in_process(files, jobs)
            times["in process"][jobs].append(seconds)
    print(f"{hands} hands; the same output with --jobs 1 and --jobs 2 in every round")
    load = "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    print(f"load average after: {load} (a second process gains only on an idle core)")
    for what, by_jobs in times.items():
        one, two = (statistics.median(by_jobs[j]) for j in (1, 2))
        print(
            f"{what}: --jobs 1 median {one:.3f} s (fastest {min(by_jobs[1]):.3f}), "
            f"--jobs 2 median {two:.3f} s (fastest {min(by_jobs[2]):.3f})"
        )
        print(f"ratio {what}: --jobs 2 is {one / two:.2f}x as fast as --jobs 1")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
