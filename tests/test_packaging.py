"""Packaging: what `import potengine` loads, the version's single source, the typing marker."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import potengine

ROOT = Path(__file__).resolve().parent.parent


def run_python(code: str) -> str:
    """Run ``code`` in a fresh interpreter (nothing imported yet) and return what it printed."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_import_loads_neither_numpy_nor_matplotlib():
    loaded = run_python(
        "import sys, potengine\nprint(sorted(m for m in ('numpy', 'matplotlib') if m in sys.modules))"
    )
    assert loaded == "[]"


def test_the_standard_library_parts_run_where_numpy_cannot_be_imported():
    # numpy and matplotlib made unimportable: settlement, the scalar evaluator and the hand model
    # must still work, and equity must say clearly that it needs numpy.
    printed = run_python(
        "import sys\n"
        "sys.modules['numpy'] = None\n"
        "sys.modules['matplotlib'] = None\n"
        "from potengine import evaluate, settle, start_hand\n"
        "r = settle({'A': 900, 'C': 500}, ranking=['C'], folded=['A'])\n"
        "print(dict(r.payouts))\n"
        "print(evaluate('Kh Kc 8d 5s As 3c 2d').description)\n"
        "h = start_hand({'A': 100, 'B': 100}, small_blind=1, big_blind=2, button='A')\n"
        "print(h.fold('A').settle().payouts)\n"
    )
    lines = printed.splitlines()
    assert lines[0] == "{'A': 400, 'C': 1000}"
    assert lines[1] == "Pair of kings, kickers A 8 5"
    assert lines[2] == "{'A': 0, 'B': 3}"  # heads-up: the button posts 1 and folds


def test_one_version_read_by_the_packaging():
    assert potengine.__version__ == importlib.metadata.version("potengine")


def test_the_package_is_marked_as_typed_and_licensed():
    assert (ROOT / "potengine" / "py.typed").is_file()
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License")
    assert importlib.metadata.metadata("potengine")["License-Expression"] == "MIT"
