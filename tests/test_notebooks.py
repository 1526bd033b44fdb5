"""The book's notebooks, checked as stored: what nbval cannot see.

nbval re-runs every notebook and compares its outputs; these tests check the stored files
themselves: every code cell executed (so nbval compares it), no timestamps, memory addresses or
machine paths, chart cells ending with plt.show(), every chapter with an exercise and a folded
solution, every documented example asserted somewhere, every notebook in the table of contents;
and the sentences a reader's review found wrong, so that none of them comes back.
"""

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "book").glob("*/*.ipynb"))
EXAMPLES = [f"EX-{n:02d}" for n in range(1, 35)]
# The learner track (Parts 1 to 6) folds its code; the appendix for programmers shows it.
LEARNER_PARTS = ("pots", "hands", "course", "histories", "hilo", "tables")
LEARNER = [p for p in NOTEBOOKS if p.parent.name in LEARNER_PARTS]
APPENDIX = [p for p in NOTEBOOKS if p.parent.name == "programmers"]
FOLDS = {"hide-input", "hide-cell", "remove-input"}


def _check_site():
    spec = importlib.util.spec_from_file_location("check_site", ROOT / ".ci" / "check_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


CHECK_SITE = _check_site()


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


def test_the_learner_track_and_the_appendix_are_all_there():
    assert {p.parent.name for p in LEARNER} == set(LEARNER_PARTS)
    assert len(LEARNER) >= 17 and len(APPENDIX) >= 2
    assert len(LEARNER) + len(APPENDIX) == len(NOTEBOOKS)


@pytest.mark.parametrize("path", LEARNER, ids=chapter)
def test_the_learner_track_folds_its_code(path):
    """Parts 1 to 6: every code cell folded away (its output stays on the page)."""
    for cell in code_cells(load(path)):
        assert FOLDS & set(cell["metadata"].get("tags", [])), (
            f"{chapter(path)}: a code cell shows its code: {''.join(cell['source'])[:60]!r}"
        )


@pytest.mark.parametrize("path", PART1, ids=lambda p: p.name)
def test_part1_folds_code_but_keeps_output(path):
    for cell in code_cells(load(path)):
        assert "hide-input" in cell["metadata"].get("tags", []), chapter(path)


def solution_cells(nb):
    """The ids of the code cells inside a sphinx-exercise solution ({solution-start} … {solution-end})."""
    inside, ids = False, set()
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            # open after a {solution-start}, closed after a later {solution-end}
            if "{solution-start}" in text or "{solution-end}" in text:
                inside = text.rfind("{solution-start}") > text.rfind("{solution-end}")
        elif inside:
            ids.add(cell["id"])
    return ids


@pytest.mark.parametrize("path", APPENDIX, ids=chapter)
def test_the_appendix_for_programmers_keeps_its_code_open(path):
    """Only an exercise's solution stays folded until the reader asks for it."""
    nb = load(path)
    solutions = solution_cells(nb)
    shown = [c for c in code_cells(nb) if c["id"] not in solutions]
    assert len(shown) >= 5
    for cell in shown:
        tags = set(cell["metadata"].get("tags", []))
        assert not FOLDS & tags, f"{chapter(path)}: code folded away: {''.join(cell['source'])[:60]!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=chapter)
def test_every_chart_has_alt_text_and_a_caption(path):
    """Without alt text in the cell's metadata, Sphinx writes the image's file name as its alt."""
    charts = 0
    for cell in code_cells(load(path)):
        images = [o for o in cell["outputs"] if "image/png" in o.get("data", {})]
        if "plt.show()" in "".join(cell["source"]) or images:
            charts += 1
            meta = cell["metadata"].get("mystnb", {})
            alt = meta.get("image", {}).get("alt", "")
            caption = meta.get("figure", {}).get("caption", "")
            assert len(alt) > 40 and len(caption) > 40, f"{chapter(path)}: a chart without alt text/caption"
            assert CHECK_SITE.alt_problem("chart.png", alt) is None, alt
    assert charts, f"{chapter(path)}: no chart"


def test_the_site_check_refuses_a_file_name_as_alt_text(tmp_path):
    src = "../../_images/6fd7a2c62e8ed0b3.png"
    (tmp_path / "_images").mkdir()
    (tmp_path / "_images" / "6fd7a2c62e8ed0b3.png").write_bytes(b"png")
    (tmp_path / "book" / "part").mkdir(parents=True)
    (tmp_path / "book" / "part" / "a.html").write_text(
        f'<img src="{src}" alt="{src}"><img src="{src}" alt="6fd7a2c62e8ed0b3.png">'
        f'<img src="{src}" alt="Bar chart of the pots after each street: 800, 1600, 3400.">',
        encoding="utf-8",
    )
    problems = CHECK_SITE.check_links_images_code(tmp_path)
    assert len(problems) == 2 and all("file name as alt text" in p for p in problems), problems


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


def test_one_code_line_limit_for_every_page_and_no_exceptions():
    """The notebooks' sources and the built pages (.ci/check_site.py) share one limit, at most 88."""
    assert CHECK_SITE.CODE_LIMIT <= 88
    assert not hasattr(CHECK_SITE, "CODE_LINE_EXCEPTIONS")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=chapter)
def test_code_lines_fit_the_page(path):
    """No sideways scrolling on a 1280-pixel desktop or in the PDF, in any chapter."""
    for cell in code_cells(load(path)):
        for line in "".join(cell["source"]).splitlines():
            assert len(line) <= CHECK_SITE.CODE_LIMIT, f"{chapter(path)}: {len(line)} characters: {line!r}"


@pytest.mark.parametrize("page", ["book/start/primer.md", "book/programmers/reference.md", "book/intro.md"])
def test_code_lines_of_the_markdown_pages_fit_the_page(page):
    text = (ROOT / page).read_text(encoding="utf-8")
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
        for line in block.splitlines():
            assert len(line) <= CHECK_SITE.CODE_LIMIT, f"{page}: {line!r}"


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


def test_folded_player_exercise_folds_before_the_showdown_not_at_it():
    """Once the opponents are all-in every hand is turned up: nobody mucks at that showdown. David
    folds to Bilal's all-in; the part of Bilal's bet he did not match goes back to Bilal."""
    nb = notebook("pots/04_folded_player")
    text = markdown_of(nb)
    assert "can never hold the largest contribution" not in text
    assert "mucks" not in text and "At the showdown David" not in text
    assert "Bilal goes all-in\nfor 100 and David folds" in text
    assert "David folded before the cards were shown" in text
    assert "InputError" not in json.dumps(load(nb))
    outputs = outputs_of(nb)
    assert "returned {'Bilal': 60}" in outputs
    assert "Side pot 1: 2 × (40 − 30) = 20 (dead 10), eligible Bilal" in outputs


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


def toc_parts():
    """The parts of _toc.yml in order: (caption, [chapter files])."""
    parts = []
    for line in (ROOT / "_toc.yml").read_text(encoding="utf-8").splitlines():
        caption = re.match(r"\s*- caption: \"?(.+?)\"?$", line)
        page = re.match(r"\s*- file: (\S+)$", line)
        if caption:
            parts.append((caption.group(1), []))
        elif page:
            parts[-1][1].append(page.group(1))
    return parts


def test_the_navigation_starts_at_the_table_then_the_primer_then_the_parts():
    parts = toc_parts()
    captions = [caption for caption, _ in parts]
    assert parts[0] == (
        "At the table",
        [
            "book/live/calculator",
            "book/live/history_checker",
            "book/live/dealer_drills",
            "book/dealer/cheat_sheet",
        ],
    )
    assert parts[1] == ("Start here", ["book/start/primer"])
    numbered = [c for c in captions if c.startswith("Part ")]
    assert numbered == [f"Part {n}: " + c.split(": ", 1)[1] for n, c in enumerate(numbered, 1)]
    assert captions.index(numbered[0]) == 2 and len(numbered) == 6
    assert parts[2][1][0] == "book/pots/01_three_players"
    every = [page for _, pages in parts for page in pages]
    for page in ("dealer/glossary", "dealer/examples", "dealer/cheat_sheet"):
        assert every.count(f"book/{page}") == 1, page
    caption, appendix = parts[-1]
    assert caption.startswith("Appendix")
    assert appendix == [
        "book/programmers/01_equity",
        "book/programmers/02_real_hands",
        "book/programmers/reference",
    ]


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


# --- The sentences a reader found wrong (issue 18) ------------------------------------------


def test_short_all_ins_add_up_in_the_cheat_sheet_and_the_betting_chapter():
    """TDA 47: several short all-ins that together make a full raise reopen the betting for a
    player who already acted; neither page may say "does not reopen" without that case."""
    nb = notebook("course/02_betting_rules")
    chapter_text = markdown_of(nb)
    sheet = (ROOT / "book" / "dealer" / "cheat_sheet.md").read_text(encoding="utf-8")
    flat = " ".join(sheet.split())
    assert "an all-in that is smaller than a full raise does not reopen the betting" not in flat
    assert "Short all-ins add up, though: once the bet has risen by a full raise in all" in flat
    assert "TDA rule 47" in flat and "several-short-all-ins" in sheet
    flat = " ".join(chapter_text.split())
    assert "An all-in that is smaller than a full raise does not give" not in flat
    assert "several short all-ins that together add up to a full raise do" in flat
    assert "## Several short all-ins add up to a full raise" in chapter_text
    outputs = outputs_of(nb)
    assert "Cy raises to 210 all-in (not a full raise), Dee calls 210" in outputs
    assert "Ann: Legal(player='Ann', to_call=110, call=110, wager='raise', min_to=310" in outputs
    assert "Dee calls 210, Ann raises to 400" in outputs


OLD_MINIMUM = "at least the big blind or the largest full raise"
NEW_MINIMUM = "a raise must be at least the big blind, and at least the largest full raise of the round"


def test_the_minimum_raise_message_says_both_bounds_hold():
    """The minimum is whichever is larger, not either: the engine's message says "and at least"."""
    from potengine.errors import IllegalActionError
    from potengine.play.hand import start_hand

    hand = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
    with pytest.raises(IllegalActionError) as refused:
        hand.raise_to("C", 3)
    assert NEW_MINIMUM in str(refused.value) and OLD_MINIMUM not in str(refused.value)
    for path in NOTEBOOKS:
        assert OLD_MINIMUM not in json.dumps(load(path), ensure_ascii=False), chapter(path)
    for stem in ("course/02_betting_rules", "histories/01_audit_hand_history"):
        assert NEW_MINIMUM in outputs_of(notebook(stem)), stem
    sources = " ".join(p.read_text(encoding="utf-8") for p in (ROOT / "potengine").rglob("*.py"))
    assert OLD_MINIMUM not in " ".join(sources.split())


def test_primer_says_which_list_the_button_sits_at_the_end_of():
    text = (ROOT / "book" / "start" / "primer.md").read_text(encoding="utf-8")
    flat = " ".join(text.split())
    assert "The button sits on the last seat of that list" not in flat
    assert "it sits on the last seat of the contributions, the last player in the braces: Chloé" in flat


def test_omaha_side_pots_has_only_alice_all_in():
    nb = notebook("hilo/03_omaha_side_pots")
    flat = " ".join(markdown_of(nb).split())
    assert "all three were all-in" not in flat
    assert "Alice all-in for her 31, Bilal and Chloé with their 100 each, and no more betting" in flat
    for path in NOTEBOOKS:
        assert "all three were all-in" not in " ".join(markdown_of(path).split()), chapter(path)


# --- Dealer first: the front page, the search -----------------------------------------------


def test_front_page_opens_with_three_doors_and_no_code():
    """The three doors come right after the opening lines; code and `assert` only further down."""
    text = (ROOT / "book" / "intro.md").read_text(encoding="utf-8")
    first = text[: text.index("\n## ")]
    doors = re.findall(r":::\{grid-item-card\} (.+)\n:link: (\S+)", first)
    assert doors == [
        ("Split a pot now", "/book/live/calculator"),
        ("Check a hand history", "/book/live/history_checker"),
        ("Learn it", "/book/start/primer"),
    ]
    assert "`" not in first and "assert" not in first and "Python" not in first
    assert "Part 1" in first
    assert len(first[: first.index(":::{grid-item-card}")].split()) < 45, "the opening lines are too long"


SEARCHES = {
    "three all-ins": "course/03_all_ins_and_side_pots",
    "several all-ins": "course/03_all_ins_and_side_pots",
}


@pytest.mark.parametrize("words", SEARCHES, ids=str)
def test_searched_words_are_in_a_heading_and_an_index_entry_of_their_chapter(words):
    text = markdown_of(notebook(SEARCHES[words]))
    headings = [line for line in text.splitlines() if line.startswith("#")]
    assert any(words in line.lower() for line in headings), headings
    assert f"{{index}} ! single: {words}\n" in text
    for path in NOTEBOOKS:
        if chapter(path) != SEARCHES[words]:
            assert f"! single: {words}\n" not in markdown_of(path), chapter(path)


def test_the_site_search_ranks_the_chapter_first_for_those_words():
    """Sphinx's search puts main index entries that match the query (score 100) above any
    full-text match (at most 15); the built index must hold them for that chapter."""
    index_js = ROOT / "_build" / "html" / "searchindex.js"
    if not index_js.exists():
        pytest.skip("the site is not built: run `make book` first")
    raw = index_js.read_text(encoding="utf-8")
    index = json.loads(raw[raw.index("(") + 1 : raw.rindex(")")])
    for words, stem in SEARCHES.items():
        entries = index["indexentries"][words]
        docs = {index["docnames"][doc] for doc, _anchor, main in entries if main}
        assert docs == {f"book/{stem}"}, (words, entries)
    for word in ("three", "sever", "all", "ins"):
        hits = index["titleterms"][word]
        hits = hits if isinstance(hits, list) else [hits]
        assert index["docnames"].index("book/course/03_all_ins_and_side_pots") in hits, word
