"""The engine's HTML tables: every body cell names its column (``data-label``), which the book's
stylesheet shows beside the value when a phone stacks each row as a card; the cells themselves are
those of the header's columns, in order."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from potengine import settle
from potengine.pots.check import audit
from potengine.present.tables import audit_html, settlement_html, table_html


class Tables(HTMLParser):
    """Each table as (header texts, [[(data-label, cell text), ...] per body row])."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[list[str], list[list[tuple[str | None, str]]]]] = []
        self.cell: list[str] | None = None
        self.label: str | None = None
        self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append(([], []))
        elif tag == "thead":
            self.in_head = True
        elif tag == "tbody":
            self.in_head = False
        elif tag == "tr" and not self.in_head:
            self.tables[-1][1].append([])
        elif tag in {"th", "td"}:
            self.cell, self.label = [], dict(attrs).get("data-label")

    def handle_endtag(self, tag: str) -> None:
        if tag in {"th", "td"} and self.cell is not None:
            text = "".join(self.cell)
            if tag == "th":
                self.tables[-1][0].append(text)
            else:
                self.tables[-1][1][-1].append((self.label, text))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def parse(html: str) -> list[tuple[list[str], list[list[tuple[str | None, str]]]]]:
    parser = Tables()
    parser.feed(html)
    return parser.tables


def test_every_cell_of_a_settlement_names_its_column() -> None:
    result = settle(
        {"Alice": 40, "Bilal": 100, "Chloé": 100, "David": 30},
        ranking=["Alice", ("Chloé", "Bilal")],
        folded=["David"],
    )
    tables = parse(settlement_html(result))
    assert [header[:2] for header, _ in tables] == [["Pot", "Amount"], ["Player", "Status"]]
    for header, rows in tables:
        assert rows
        for row in rows:
            assert [label for label, _ in row] == header
    players = {row[0][1]: dict(row) for row in tables[1][1]}
    # the numbers are the engine's: Alice, 40 in, wins the main pot (David's 30 folded into it)
    alice = players["Alice"]
    assert (alice["Put in"], alice["Won"], alice["Net"]) == ("40", "150", "+110")


def test_the_unnamed_mark_column_of_the_six_steps_is_labelled_result() -> None:
    result = settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"])
    ((header, rows),) = parse(audit_html(result.audit()))
    assert header == ["Step", "Check", "", "Findings"]
    assert [label for label, _ in rows[0]] == ["Step", "Check", "Result", "Findings"]
    assert {text for row in rows for label, text in row if label == "Result"} == {"✓"}


def test_a_label_is_the_header_text_once_escaped() -> None:
    html = table_html(['Who "won"', "A & B"], [["x", 1]])
    assert 'data-label="Who &quot;won&quot;"' in html and 'data-label="A &amp; B"' in html
    ((header, rows),) = parse(html)
    assert header == ['Who "won"', "A & B"] and rows == [[('Who "won"', "x"), ("A & B", "1")]]


def test_a_step_card_is_headed_in_the_table_language() -> None:
    """book.css heads each card of the six steps with the first column's name and the step's
    number (``attr(data-label)``), so the stacked table says "Stap 1" in Dutch, not "Step 1"."""
    result = settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"])
    for language in ("en", "nl", "de", "el"):
        html = audit_html(audit(result, language), language)
        assert 'class="potengine steps"' in html
        ((header, rows),) = parse(html)
        assert [row[0] for row in rows] == [(header[0], str(n)) for n in range(1, 7)]
        if language != "en":
            assert header[0] != "Step", language
    css = (Path(__file__).resolve().parent.parent / "_static" / "book.css").read_text(encoding="utf-8")
    assert 'table.potengine.steps td:first-child::before { content: attr(data-label) " ";' in css
    assert '"Step "' not in css  # no English word in the stylesheet
