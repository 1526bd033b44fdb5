"""The book's notebooks, checked as stored: what nbval cannot see.

nbval re-runs every notebook and compares its outputs; these tests check the stored files
themselves: every code cell executed (so nbval compares it), no timestamps, memory addresses or
machine paths, chart cells ending with plt.show(), every chapter with an exercise and a folded
solution, every documented example asserted somewhere, every notebook in the table of contents;
and the sentences a reader's review found wrong, so that none of them comes back.
"""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "book").glob("*/*.ipynb"))
EXAMPLES = [f"EX-{n:02d}" for n in range(1, 35)]


def chapter(path):
    """A notebook's name inside book/: its part's folder and its file name, e.g. pots/01_three_players."""
    return f"{path.parent.name}/{path.stem}"


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
        text = json.dumps(
            [o for o in cell["outputs"] if o.get("output_type") != "display_data"]
            + [
                {k: v for k, v in o.get("data", {}).items() if not k.startswith("image/")}
                for o in cell["outputs"]
            ]
        )
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
    assert "hide-cell" in tags or "hide-input" in tags or ":class: dropdown" in markdown, (
        f"{path.name}: no solution folded away"
    )


# The chapters this book's course owns use sphinx-exercise: numbered exercises, each with a
# solution that is hidden until asked for and linked back to its exercise.
NOT_COURSE = {"histories/01_audit_hand_history", "programmers/02_real_hands"}
COURSE = [p for p in NOTEBOOKS if chapter(p) not in NOT_COURSE]
PART1 = [p for p in NOTEBOOKS if p.parent.name == "pots"]


def markdown_of(path):
    return "\n".join("".join(c["source"]) for c in load(path)["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_every_exercise_has_a_hidden_solution_linked_to_it(path):
    text = markdown_of(path)
    labels = re.findall(r":::\{exercise\}\n:label: ([\w-]+)", text)
    assert labels, f"{path.name}: no sphinx-exercise exercise"
    solved = re.findall(r"(?::::|```)\{solution(?:-start)?\} ([\w-]+)\n:class: dropdown", text)
    assert sorted(solved) == sorted(labels), f"{path.name}: exercises {labels}, solutions {solved}"
    assert text.count("{solution-start}") == text.count("{solution-end}")
    assert ":::{admonition} Solution" not in text


@pytest.mark.parametrize("path", PART1, ids=lambda p: p.name)
def test_part1_code_is_folded_away(path):
    for cell in code_cells(load(path)):
        assert "hide-input" in cell["metadata"].get("tags", []), (
            f"{path.name}: a code cell shows its code: {''.join(cell['source'])[:60]!r}"
        )


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_every_chart_has_alt_text_and_a_caption(path):
    for cell in code_cells(load(path)):
        if "plt.show()" in "".join(cell["source"]):
            meta = cell["metadata"].get("mystnb", {})
            alt = meta.get("image", {}).get("alt", "")
            caption = meta.get("figure", {}).get("caption", "")
            assert len(alt) > 40 and len(caption) > 40, f"{path.name}: a chart without alt text/caption"


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_every_example_mentioned_in_prose_links_to_where_it_is_worked(path):
    for line in markdown_of(path).splitlines():
        if line.startswith(("#", "(")):
            continue
        bare = re.sub(r"\{ref\}`EX-\d\d <ex-\d\d>`", "", line)
        assert not re.search(r"EX-\d\d", bare), f"{path.name}: an unlinked example in {line!r}"


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_charts_are_stored_sharp_for_high_density_screens(path):
    """200 dpi: a 4.6-inch chart is stored at least 800 pixels wide (shown at about 450)."""
    import base64
    import struct

    for cell in code_cells(load(path)):
        for out in cell["outputs"]:
            png = out.get("data", {}).get("image/png")
            if png:
                width = struct.unpack(">I", base64.b64decode(png)[16:20])[0]
                assert width >= 800, f"{path.name}: a chart stored {width} pixels wide"


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_code_lines_fit_the_page(path):
    """At most 80 characters: no sideways scrolling on a 1280-pixel desktop or in the PDF."""
    for cell in code_cells(load(path)):
        for line in "".join(cell["source"]).splitlines():
            assert len(line) <= 80, f"{path.name}: {len(line)} characters: {line!r}"


def test_every_example_has_exactly_one_target():
    text = "\n".join(markdown_of(p) for p in NOTEBOOKS)
    for ex in EXAMPLES:
        assert text.count(f"({ex.lower()})=") == 1, f"{ex}: needs exactly one (ex-nn)= target"


# --- The sentences the review found wrong ------------------------------------------------------


def notebook(stem):
    return ROOT / "book" / f"{stem}.ipynb"


def outputs_of(path):
    texts = []
    for cell in code_cells(load(path)):
        for out in cell["outputs"]:
            texts.append("".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", "")))
    return "\n".join(texts)


def test_heads_up_mistake_states_the_full_table_order_right():
    text = markdown_of(notebook("course/01_course_of_a_hand"))
    assert "as he would at a full table" not in text
    assert "At a full table the big\nblind speaks **last** before the flop" in text


def test_hand_rankings_do_not_claim_rarity_for_seven_cards():
    nb = notebook("hands/01_rankings")
    text = markdown_of(nb)
    assert "because it is harder to get" not in text and "beaten only by a rarer one" not in text
    assert "high card* becomes rarer than *one pair* and *two pair*" in text
    assert "Seven cards: high card is rarer than one pair and two pair." in outputs_of(nb)


def test_folded_player_solution_teaches_the_refund_to_a_mucked_bettor():
    nb = notebook("pots/04_folded_player")
    text = markdown_of(nb)
    assert "can never hold the largest contribution" not in text
    assert "A folded player *can* hold the largest contribution" in text
    assert "InputError" not in json.dumps(load(nb))
    assert "returned {'David': 20}" in outputs_of(nb)


def test_introduction_promises_the_fixed_chapter_order_for_part_1_only():
    text = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    assert "Each chapter follows the same order" not in text
    assert "The six chapters of **Part 1** follow the same order" in text


FORMULA = re.compile(r"(\d+(?:\+\d+)+) = (\d+)|(\d+) × \((\d+) − (\d+)\) = (\d+)|(\d+) × (\d+) = (\d+)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_printed_sum_adds_up(path):
    """No output may print a pot's sum that does not add up ("35+35+35+15 = 125")."""
    for m in FORMULA.finditer(outputs_of(path)):
        if m.group(1):
            assert sum(map(int, m.group(1).split("+"))) == int(m.group(2)), m.group(0)
        elif m.group(3):
            a, b, c, total = map(int, m.group(3, 4, 5, 6))
            assert a * (b - c) == total, m.group(0)
        else:
            a, b, total = map(int, m.group(7, 8, 9))
            assert a * b == total, m.group(0)


def test_ex24_names_the_cards_nobody_holds():
    text = markdown_of(notebook("hands/02_ties_board"))
    assert "Nobody holds either here" not in text
    assert "None of the three players holds any of those cards" in text


def test_ex29_gives_the_dutch_rule_that_both_hole_cards_are_shown():
    assert "both hole cards" in markdown_of(notebook("course/01_course_of_a_hand"))


def test_ex30_table_gives_bet_sizes_and_stays_on_the_flop():
    nb = notebook("course/02_betting_rules")
    text = markdown_of(nb)
    assert "the spot is on the turn" not in text
    html = json.dumps([o for c in code_cells(load(nb)) for o in c["outputs"]])
    assert "Ann may bet" in html and "On the flop, 60 in the pot" in html


def test_equity_exercise_answer_is_in_the_solution_text_not_only_in_hidden_output():
    nb = notebook("programmers/01_equity")
    text = markdown_of(nb)
    assert "194/903" in text and "25.78" in text and "79/903" in text
    for cell in code_cells(load(nb)):
        assert "hide-cell" not in cell["metadata"].get("tags", [])


def test_every_documented_example_is_reproduced_in_a_notebook():
    text = " ".join(json.dumps(load(p)) for p in NOTEBOOKS)
    missing = [ex for ex in EXAMPLES if ex not in text]
    assert not missing, f"examples never cited in the book: {missing}"


def test_every_notebook_is_in_the_table_of_contents():
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for path in NOTEBOOKS:
        assert f"book/{chapter(path)}" in toc, f"{path.name} is not in _toc.yml"


def test_the_dealer_pages_are_in_the_navigation_and_developer_material_in_the_appendix():
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for page in ("start/primer", "dealer/glossary", "dealer/examples", "dealer/cheat_sheet"):
        assert f"file: book/{page}" in toc, page
    appendix = toc[toc.index("Appendix") :]
    for page in ("programmers/01_equity", "programmers/02_real_hands", "programmers/reference"):
        assert f"book/{page}" in appendix, page
    assert toc.index("book/start/primer") < toc.index("book/pots/01_three_players")


def test_glossary_gives_the_sources_words():
    text = (ROOT / "book" / "dealer" / "glossary.md").read_text(encoding="utf-8")
    for word in (
        "hoofdpot",
        "Hauptpot",
        "Nebenpot",
        "zijpot",
        "Nebentopf",
        "niet-gecallde inzet",
        "geteilter Pot",
        "ισοπαλία",
        "dealerbutton",
        "tote Chips",
    ):
        assert word in text, word


def test_examples_page_lists_every_example_with_a_link():
    text = (ROOT / "book" / "dealer" / "examples.md").read_text(encoding="utf-8")
    for ex in EXAMPLES:
        assert f"{{ref}}`{ex} <{ex.lower()}>`" in text, ex


@pytest.mark.parametrize("path", PART1, ids=lambda p: p.name)
def test_part1_examples_open_in_the_calculator(path):
    """Every worked example of Part 1 ends with a link that opens it in the live calculator,
    built by the engine from the example's own settlement (no inputs typed twice)."""
    links = [
        o
        for c in code_cells(load(path))
        if "calculator_link(" in "".join(c["source"])
        for o in c["outputs"]
        if "text/html" in o.get("data", {})
    ]
    assert links, f"{path.name}: no 'Open this example in the calculator' link"
    for output in links:
        html = "".join(output["data"]["text/html"])
        assert 'href="../live/calculator.html?players=' in html
        assert "Open this example in the calculator" in html
