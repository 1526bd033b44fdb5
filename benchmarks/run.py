"""Run every benchmark in this folder and print its ratios: `make bench`.

Each `bench_*.py` module measures potengine side by side with a named peer in the same run and
prints lines starting with `ratio`. Nothing here is asserted by the test suite: speed is a claim
to measure, not a test to pass.
"""

from __future__ import annotations

import importlib.util
import platform
import sys
import time
from pathlib import Path

import numpy as np


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{cpu}, {platform.system()} {platform.machine()}, Python {platform.python_version()}, "
        f"numpy {np.__version__}"
    )


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    wanted = set(argv[1:])
    print(f"# machine: {machine()}")
    for path in sorted(here.glob("bench_*.py")):
        if wanted and path.stem not in wanted:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"\n## {path.stem}")
        start = time.perf_counter()
        sys.argv = [str(path)]  # each benchmark runs with its default sizes
        module.main()
        print(f"# {path.stem} took {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
