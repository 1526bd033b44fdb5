"""The book's notebooks, checked as stored: what nbval cannot see.

nbval re-runs every notebook and compares its outputs; these tests check the stored files
themselves: every code cell executed (so nbval compares it), no timestamps, memory addresses or
machine paths, chart cells ending with plt.show(), every chapter with an exercise and a folded
solution, every documented example asserted somewhere, every notebook in the table of contents.
"""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "book").glob("*.ipynb"))
EXAMPLES = [f"EX-{n:02d}" for n in range(1, 35)]


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb):
    return [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]


def test_there_are_chapters():
    assert len(NOTEBOOKS) >= 6


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_outputs_are_complete_and_deterministic(path):
    nb = load(path)
    for cell in code_cells(nb):
        assert cell["execution_count"] is not None, f"{path.name}: a code cell was never executed"
        assert "execution" not in cell["metadata"], f"{path.name}: timestamps in cell metadata"
        text = json.dumps([o for o in cell["outputs"] if o.get("output_type") != "display_data"]
                          + [{k: v for k, v in o.get("data", {}).items() if not k.startswith("image/")}
                             for o in cell["outputs"]])
        assert not re.search(r" at 0x[0-9a-f]{6,}", text), f"{path.name}: a memory address"
        assert not re.search(r"/(work|tmp|root|home)/", text), f"{path.name}: a machine path"
        assert not any(o.get("output_type") == "error" for o in cell["outputs"])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_chart_cells_end_with_plt_show(path):
    for cell in code_cells(load(path)):
        source = "".join(cell["source"])
        draws = re.search(r"_chart\(|plt\.subplots\(|\.bar\(|\.plot\(", source)
        if draws and "def " not in source:
            last = source.strip().splitlines()[-1].strip()
            assert last == "plt.show()", f"{path.name}: chart cell ends with {last!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_each_chapter_has_assertions_a_chart_and_a_folded_solution(path):
    nb = load(path)
    sources = ["".join(c["source"]) for c in code_cells(nb)]
    assert any("assert " in s for s in sources), f"{path.name}: no documented number is asserted"
    assert any("plt.show()" in s for s in sources), f"{path.name}: no chart"
    tags = [t for c in nb["cells"] for t in c.get("metadata", {}).get("tags", [])]
    markdown = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "Exercise" in markdown, f"{path.name}: no exercise"
    assert "hide-cell" in tags or "hide-input" in tags or ":class: dropdown" in markdown, \
        f"{path.name}: no solution folded away"


def test_every_documented_example_is_reproduced_in_a_notebook():
    text = " ".join(json.dumps(load(p)) for p in NOTEBOOKS)
    missing = [ex for ex in EXAMPLES if ex not in text]
    assert not missing, f"examples never cited in the book: {missing}"


def test_every_notebook_is_in_the_table_of_contents():
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for path in NOTEBOOKS:
        assert f"book/{path.stem}" in toc, f"{path.name} is not in _toc.yml"
