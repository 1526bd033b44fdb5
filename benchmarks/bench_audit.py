"""Benchmark: audit a large file of real PokerStars hands, ours against PokerKit's reader + replay.

The file is built from the real hands in ``../shared/data/pokerstars-real`` (other people's data:
read there, never copied into the repository; without it, from the hands in ``tests/data``): the
hold'em and Omaha hands whose chips agree are written again and again, each with a new hand ID,
into a temporary file of ``hands`` hands (default 20,000). Run:

    .venv/bin/python benchmarks/bench_audit.py [hands]

and read the ``ratio`` line. Each side runs three times and its fastest run counts (other work on
this shared machine only slows a run down). Ours reads the file a line at a time, audits each hand
(reading, contributions, legality, pots, rake, winners, conservation) and keeps nothing but the
verdict counts; a second figure also writes each hand's verdict line, as ``potengine audit``
prints it (the engine's settlement object of a hand, which no verdict or line needs, is built
only when read); its peak memory (resident set) is measured in a fresh process for the whole
file and for a tenth of it, so that a flat memory shows as two close figures. PokerKit's
``PokerStarsParser`` reads and replays a sample of the same hands (it is much slower); its rate
counts the hands it could read.
"""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
import tempfile
import time
import warnings
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "pokerstars-real"
LOCAL = ROOT / "potengine" / "histories" / "samples" / "pokerstars"
RUNS = 3
"""Each side is timed this many times; the fastest run is reported."""
HEADER = re.compile(r"^(\ufeff?PokerStars (?:Zoom )?(?:Hand|Game) #)(\d+)", re.MULTILINE)

MEASURE = """
import resource, sys
from potengine.histories.audit import AuditRun
from potengine.histories.pokerstars import open_lines
run = AuditRun()
for _ in run.audits(open_lines(sys.argv[1]), "big.txt"):
    pass
print(run.summary()["hands"], resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def source_hands() -> tuple[list[str], str]:
    """The texts of the hands whose chips agree (hold'em and Omaha), and where they come from."""
    from potengine.histories.audit import iter_audits

    folder = SHARED if SHARED.is_dir() else LOCAL
    hands = []
    for path in sorted(folder.glob("*.txt")):
        text = path.read_bytes().decode("utf-8", errors="replace").replace("\ufeff", "")
        starts = [m.start() for m in HEADER.finditer(text)] + [len(text)]
        for a, b in pairwise(starts):
            chunk = text[a:b].strip()
            [audit] = iter_audits(chunk)
            if audit.chips_agree:
                hands.append(chunk)
    return hands, str(folder.relative_to(ROOT.parent) if folder == SHARED else folder.relative_to(ROOT))


def write_file(path: Path, hands: list[str], count: int) -> None:
    """``count`` hands, cycling through ``hands``, each with its own hand ID."""
    with open(path, "w", encoding="utf-8") as out:
        for k in range(count):
            text = HEADER.sub(rf"\g<1>{900_000_000_000 + k}", hands[k % len(hands)], count=1)
            out.write(text + "\n\n\n")


def ours(path: Path, *, written: bool = False) -> tuple[int, float, float, dict[str, int]]:
    """Hands, seconds, CPU seconds and verdict counts of auditing ``path``; with ``written``,
    each hand's verdict line is also put in words, as ``potengine audit`` prints it."""
    from potengine.histories.audit import AuditRun
    from potengine.histories.pokerstars import open_lines

    run = AuditRun()
    start, cpu = time.perf_counter(), time.process_time()
    if written:
        for audit in run.audits(open_lines(path), path.name):
            audit.text()
    else:
        for _ in run.audits(open_lines(path), path.name):
            pass
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    summary = run.summary()
    return summary["hands"], elapsed, cpu, summary


def peak_memory(path: Path) -> tuple[int, int]:
    """Hands audited and the peak resident set (KiB) of a fresh process auditing ``path``."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path)], capture_output=True, text=True, check=True, cwd=ROOT
    )
    hands, kib = done.stdout.split()
    return int(hands), int(kib)


def pokerkit_rate(hands: list[str], sample: int) -> tuple[int, int, float]:
    """Hands given, hands PokerKit read and replayed, and the seconds it took."""
    import pokerkit

    parser = pokerkit.PokerStarsParser()
    read = 0
    start = time.perf_counter()
    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        for text in hands[:sample]:  # one hand at a time: a hand it cannot read ends its generator
            try:
                for history in parser(text + "\n"):
                    for _ in history:  # the replay: every state of the hand
                        pass
                    read += 1
            except Exception:  # noqa: BLE001 - a hand PokerKit cannot read is skipped
                continue
    return min(sample, len(hands)), read, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    count = int(argv[0]) if argv else 20_000
    hands, origin = source_hands()
    with tempfile.TemporaryDirectory() as tmp:
        big, tenth = Path(tmp) / "big.txt", Path(tmp) / "tenth.txt"
        write_file(big, hands, count)
        write_file(tenth, hands, max(1, count // 10))
        size = big.stat().st_size
        # the best of three runs: other work on this shared machine only ever slows a run down;
        # the two kinds of run alternate, so that both meet the same moments of the machine
        plain, written = [], []
        for _ in range(RUNS):
            plain.append(ours(big))
            written.append(ours(big, written=True))
        n, elapsed, cpu, summary = min(plain, key=lambda run: run[2])
        _, text_elapsed, _, _ = min(written, key=lambda run: run[2])
        (_, peak_big), (small_n, peak_small) = peak_memory(big), peak_memory(tenth)
    rate, cpu_rate = n / elapsed, n / cpu
    sample, read, peer_time = min(
        (pokerkit_rate(hands, min(500, len(hands))) for _ in range(RUNS)), key=lambda run: run[2]
    )
    peer = read / peer_time if peer_time else 0.0
    print(
        f"file: {n} hands ({size / 2**20:.1f} MiB) built from {len(hands)} real hold'em and Omaha hands "
        f"in {origin}"
    )
    print("verdicts: " + ", ".join(f"{v} {k}" for k, v in summary.items() if k != "hands"))
    print(
        f"ours: {rate:,.0f} hands/s ({1e6 / rate:.0f} us per hand) reading, auditing and reporting; "
        f"{cpu_rate:,.0f} hands per CPU second (the machine is shared: CPU time is the steadier figure)"
    )
    print(
        f"ours, each verdict also written as `potengine audit` prints it: {n / text_elapsed:,.0f} hands/s "
        f"({1e6 * text_elapsed / n:.0f} us per hand)"
    )
    print(
        f"peak memory (resident): {peak_big / 1024:.1f} MiB for {n} hands, "
        f"{peak_small / 1024:.1f} MiB for {small_n} hands"
    )
    print(f"pokerkit: read and replayed {read} of {sample} hands in {peer_time:.2f} s: {peer:,.0f} hands/s")
    if peer:
        print(
            f"ratio audit PokerStars hands (pokerkit read+replay): ours {rate:,.0f}/s vs peer "
            f"{peer:,.0f}/s = {rate / peer:.1f}x"
        )


if __name__ == "__main__":
    main()
