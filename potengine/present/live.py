"""What the book's live pages call: the engine behind the calculator, the checker and the drills.

The pages run this module in the reader's browser (Pyodide); their JavaScript only reads the
forms, calls one function here with plain strings and shows what comes back. Every function
takes and returns plain data (strings, lists, dicts: JSON), never raises on bad input and never
shows a traceback: an error comes back as a message keyed by the field (or the calculator's row)
it is about, so the page can show it there. The calculator's messages are in a dealer's words,
with no Python in them; the reading of its fields is :mod:`potengine.present.table_entry`.

* :func:`calculate`: the pot calculator (the fields are those of the page's URL query);
* :func:`audit_hands`: the hand-history checker, one hand at a time, and :func:`audit_document`;
* :func:`new_drill`, :func:`mark_drill_pots` and :func:`mark_drill`: the dealer drills.

Only the standard library is used: no numpy, no matplotlib.

>>> out = calculate({"players": "Alice:40, Bilal:100, Chloé:100", "ranking": "Alice > Chloé > Bilal"})
>>> out["ok"], out["settlement"]["payouts"]
(True, {'Alice': 120, 'Bilal': 0, 'Chloé': 120})
>>> calculate({"players": "Alice:40, Bilal x"})["errors"]
{'row-1-amount': 'Bilal: “x” is not an amount; write chips like 40, 0.25 or 0,25.'}
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..cards import parse_cards
from ..chips import Amount
from ..errors import CardError, HandHistoryError, PotEngineError
from ..histories import rooms
from ..histories.audit import AuditRun, Verdict, audit_json, hand_json
from ..pots.settlement import Settlement, settle
from .exports import settlement_json
from .svg import settlement_svg
from .table_entry import EntryError, Table, chip_note, plain, read_table, seated_in
from .tables import audit_html, settlement_html
from .words import dealer_pushes, explain, join

FIELDS = ("players", "folded", "button", "chip", "ranking", "hands", "board")
"""The calculator's URL query fields (those of the book's links and of ``potengine settle``)."""


def read_players(text: str) -> dict[str, Amount]:
    """The contributions from the quick field, ``"Alice:40, Bilal 0,50"``, in seat order.

    >>> read_players("Alice:40, Bilal=0,50")
    {'Alice': 40, 'Bilal': Decimal('0.50')}
    """
    table, errors = read_table({"players": text})
    if errors:
        raise EntryError(next(iter(errors.values())))
    return table.contributions


def _ranking_needed(table: Table, live: list[str]) -> str:
    if not live:
        return ""
    placed = {name for group in table.order for name in group}
    for name in placed:
        if name not in live:
            return f"{name} folded: a folded hand has no place in the showdown. Take {name} out of the order."
    missing = [name for name in live if name not in placed]
    if missing and table.order:
        verb = "has" if len(missing) == 1 else "have"
        return f"Place every player still in the hand: {join(missing)} {verb} no place yet."
    return ""


def _settle_table(table: Table) -> tuple[Settlement | None, dict[str, str]]:
    """Settle a table that was read without error; an error is kept against its row or field."""
    errors: dict[str, str] = {}
    rows = {row.name: i for i, row in enumerate(table.rows)}
    live = [r.name for r in table.rows if not r.folded]
    folded = [r.name for r in table.rows if r.folded]
    cards = {r.name: r.cards for r in table.rows if r.cards.strip()}
    problem = _ranking_needed(table, live)
    if problem:
        return None, {"order": problem}
    hands = None
    if cards and table.order:
        return None, {
            "order": "Give the order of hands or the cards, not both: clear the order to let the cards "
            "decide."
        }
    if cards:
        for name in live:
            if name not in cards:
                errors[f"row-{rows[name]}-cards"] = (
                    f"{name} is still in the hand: give {name}'s two cards, or clear the cards and "
                    "tap the order of hands."
                )
        for name, text in cards.items():
            try:
                parse_cards(text)
            except CardError as err:
                errors.setdefault(
                    f"row-{rows[name]}-cards", f"{name}'s cards: {plain(str(err), capital=False)}"
                )
        if errors:
            return None, errors
        hands = cards
    elif table.board:
        return None, {
            "board": "The board only counts with the cards: give each live player's two cards, or clear "
            "the board."
        }
    elif len(live) > 1 and not table.order:
        return None, {
            "order": "Who won? Tap the players from the best hand to the worst (or give the cards)."
        }
    ranking: list[str | tuple[str, ...]] | None = [
        group[0] if len(group) == 1 else tuple(group) for group in table.order
    ] or None
    if ranking is None and len(live) == 1:
        ranking = [live[0]]
    try:
        result = settle(
            table.contributions,
            None if hands else ranking,
            folded=folded,
            button=table.button or None,
            chip=table.chip_amount,
            hands=hands,
            board=table.board or None if hands else None,
        )
    except CardError as err:
        who = seated_in(str(err), list(cards))
        if "board" in str(err) and (who is None or str(err).rfind("board") > str(err).rfind(who)):
            return None, {"board": plain(str(err))}
        return None, {f"row-{rows[who]}-cards" if who else "board": plain(str(err))}
    except PotEngineError as err:
        return None, {"table": plain(str(err))}
    return result, {}


def calculate(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Settle the calculator's fields; return the JSON, the tables, the words, the check, the pictures.

    ``fields`` holds either the page's rows or the URL's text fields (see
    :func:`~potengine.present.table_entry.read_table`): ``players`` ("Alice 40, Bilal 0,50"),
    ``folded``, ``button``, ``chip`` (empty: inferred from the amounts), and either ``ranking``
    ("Alice > Chloé = Bilal", names in any case) or ``hands`` ("Alice:AsKs, Bilal:7h7d") with
    ``board``. ``settlement_text`` is exactly what ``potengine settle ... --json`` prints for the
    same table; ``table`` is the table read (for the page's rows), ``query`` its URL query,
    ``chip_note`` says which chip was chosen when none was given, ``pushes`` the dealer's words
    pot by pot. Errors are keyed by the row (``row-1-amount``) or field they are about.

    >>> out = calculate({"players": "A 40, B 100", "ranking": "b > a", "button": "Z"})
    >>> out["ok"], out["errors"]
    (False, {'button': 'The button names Z, who is not at the table (seated: A and B).'})
    >>> calculate({"players": "Ann 0,25, Bob 0,75", "ranking": "ann > bob"})["chip_note"]
    'No smallest chip was given: the amounts are written in hundredths, so the chip is 0.01 (a cent).'
    """
    try:
        table, errors = read_table(fields)
        result = None
        if not errors:
            result, errors = _settle_table(table)
    except (ValueError, ArithmeticError, TypeError) as err:  # a safety net: one line, never a traceback
        return {"ok": False, "errors": {"table": plain(str(err))[:300]}}
    out: dict[str, Any] = {"table": table.data(), "query": table.query()}
    if result is None:
        return {"ok": False, "errors": errors, **out}
    data = settlement_json(result)
    return {
        "ok": True,
        "errors": {},
        **out,
        "chip_note": chip_note(result.chip) if table.chip_inferred else "",
        "settlement": data,
        "settlement_text": json.dumps(data, ensure_ascii=False, indent=2),
        "tables": settlement_html(result),
        "explanation": explain(result),
        "pushes": dealer_pushes(result),
        "check": audit_html(result.audit()),
        "check_ok": result.audit().ok,
        "pictures": settlement_svg(result),
    }


# ----------------------------------------------------------------------------------------------
# The hand-history checker
# ----------------------------------------------------------------------------------------------


def audit_hands(text: str, name: str) -> Iterator[dict[str, Any]]:
    """Audit a file's hands one at a time, for a progress bar: one dict per hand.

    Each dict holds the hand's ID, its verdict (one of the five words of
    :class:`~potengine.histories.audit.Verdict`), the verdict in one line (``title``), the notes and
    six steps in words (``report``) and the picture of the engine's pots. Each hand is audited
    once: when the last hand is done, the document of :func:`audit_document` for the same text is
    kept, so that the page asking for it next gets it without a second audit.

    >>> text = open(DATA / "pokerstars/unreadable.txt", encoding="utf-8").read()
    >>> [(h["hand_id"], h["verdict"]) for h in audit_hands(text, "unreadable.txt")][:2]
    [('250000000701', 'consistent'), ('250000000702', 'unreadable')]
    >>> _DONE[0][:2] == (text, "unreadable.txt"), len(_DONE[0][2]["hands"])
    (True, 3)
    """
    if not isinstance(text, str):
        raise HandHistoryError(f"a hand history must be text, not {type(text).__name__}")
    _DONE.clear()
    run = AuditRun()
    documents: list[dict[str, Any]] = []
    items = run.audits(io.StringIO(text, newline=None), name)
    while True:
        try:
            item = next(items)
        except StopIteration:
            break
        except PotEngineError as err:  # the whole text refused (e.g. too many hands)
            yield {
                "hand_id": _hand_id_of(str(err)),
                "verdict": Verdict.UNREADABLE.value,
                "title": str(err),
                "report": str(err),
                "pictures": "",
            }
            return
        documents.append(hand_json(item))
        pictures = settlement_svg(item.settlement) if item.settlement is not None else ""
        yield {
            "hand_id": item.hand_id,
            "verdict": item.verdict.value,
            "title": item.text().split("\n")[0],
            "report": item.report(),
            "pictures": pictures,
        }
    _DONE.append((text, name, {"hands": documents, **run.tail()}))


_DONE: list[tuple[str, str, dict[str, Any]]] = []
"""The document of the text :func:`audit_hands` went through last (at most one)."""


def _hand_id_of(message: str) -> str | None:
    if message.startswith("hand #"):
        return message[6:].split(",", 1)[0].split(":", 1)[0]
    return None


def audit_document(text: str, name: str) -> str:
    """The JSON document that ``potengine audit --json`` prints for this one file, as text.

    Made from the audits :func:`audit_hands` has just done for the same text, if it has.

    >>> doc = json.loads(audit_document("PokerStars Hand #9: Razz Limit (1/2)", "r.txt"))
    >>> doc["summary"]["unsupported"], doc["exit_status"]
    (1, 0)
    """
    if _DONE and _DONE[0][0] == text and _DONE[0][1] == name:
        document = _DONE.pop()[2]
    else:
        document = audit_json({name: text})
    return json.dumps(document, ensure_ascii=False, indent=2)


def survey(text: str) -> dict[str, object]:
    """The room the checker recognises in a text and its hands counted, with the line the page
    shows (see :func:`potengine.histories.rooms.survey`).

    >>> survey("Poker Hand #RC1: Hold'em\\nx\\nPoker Hand #RC2: Hold'em\\n")["message"]
    'GGPoker history, 2 hands: this checker reads PokerStars hands only for now; GGPoker is coming'
    """
    return rooms.survey(rooms.decode(text))


def decode_file(data: str) -> str:
    """A file's bytes, sent by the page in base64, as the text the checker reads (UTF-16, UTF-8,
    byte-order marks, Windows-1252, NUL bytes and lone carriage returns: see
    :func:`potengine.histories.rooms.decode`).

    >>> decode_file(base64.b64encode("\\ufeffAl\\u00e9".encode("utf-16-le")).decode())
    'Alé'
    """
    return rooms.decode(base64.b64decode(data))


# ----------------------------------------------------------------------------------------------
# The dealer drills
# ----------------------------------------------------------------------------------------------


def new_drill(level: int | str, seed: int | str) -> dict[str, Any]:
    """A drill's situation as plain data (see :func:`potengine.drills.deal`)."""
    from ..drills import deal

    return deal(int(level), int(seed)).question()


def mark_drill_pots(level: int | str, seed: int | str, given: str) -> dict[str, Any]:
    """Mark the reader's first answer to a drill, how many pots (see :func:`potengine.drills.mark_pots`).

    >>> marked = mark_drill_pots(2, 7, "3")
    >>> marked["ok"], marked["expected"], marked["rule"]
    (False, 2, 'The uncalled part goes back')
    """
    from ..drills import deal, mark_pots

    return mark_pots(deal(int(level), int(seed)), given)


def mark_drill(level: int | str, seed: int | str, answer: Mapping[str, Any]) -> dict[str, Any]:
    """Mark the reader's answer to a drill (see :func:`potengine.drills.mark`)."""
    from ..drills import deal, mark

    drill = deal(int(level), int(seed))
    marked = mark(drill, answer)
    result = drill.settlement()
    marked["tables"] = settlement_html(result)
    marked["pictures"] = settlement_svg(result)
    return marked


# ----------------------------------------------------------------------------------------------
# One entry point for the pages: names and arguments in, JSON text out
# ----------------------------------------------------------------------------------------------


def count_hands(text: str) -> int:
    """How many hands a file's text holds (for the checker's progress bar).

    >>> count_hands("PokerStars Hand #1: x\\na\\nPokerStars Hand #2: y\\n")
    2
    >>> count_hands("Winamax Poker - HandId: #1-2 x\\n\\nWinamax Poker - HandId: #1-3 y\\n")
    2
    """
    from ..histories.pokerstars import split_hands

    room = rooms.recognise(rooms.decode(text[:65536]))
    if room is not None and not room.readable:
        return len(rooms.cut_hands(rooms.decode(text), room))
    return len(split_hands(text))


CALLS: dict[str, Callable[..., object]] = {
    "calculate": calculate,
    "count_hands": count_hands,
    "audit_document": audit_document,
    "survey": survey,
    "decode_file": decode_file,
    "new_drill": new_drill,
    "mark_drill_pots": mark_drill_pots,
    "mark_drill": mark_drill,
}
"""What a page may call through :func:`call`."""


def call(name: str, arguments: str) -> str:
    """Call ``CALLS[name](*json.loads(arguments))``; return ``{"value": ...}`` or ``{"error": ...}`` as JSON.

    An input error comes back as the engine's message, never as a traceback.

    >>> call("new_drill", "[9, 1]")
    '{"error": "drill level must be 1 to 5, not 9"}'
    """
    try:
        value = CALLS[name](*json.loads(arguments))
    except PotEngineError as err:
        return json.dumps({"error": str(err)}, ensure_ascii=False)
    except (ValueError, ArithmeticError, TypeError) as err:  # a safety net: one line
        return json.dumps({"error": " ".join(str(err).split())[:300]}, ensure_ascii=False)
    return json.dumps({"value": value}, ensure_ascii=False)


def audit_hands_json(text: str, name: str) -> Iterator[str]:
    """:func:`audit_hands` with each hand as JSON text (what the page's worker posts)."""
    for hand in audit_hands(text, name):
        yield json.dumps(hand, ensure_ascii=False)
