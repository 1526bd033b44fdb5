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

Each takes the page's language (``language``: "en", "nl", "de" or "el"): every message, table,
picture and sentence comes back in it, through the catalogues of :mod:`potengine.i18n`; the JSON
of a settlement or an audit stays language-neutral (it is what ``potengine settle --json`` and
``potengine audit --json`` print). The pages' own labels are :mod:`potengine.present.labels`.

Only the standard library is used: no numpy, no matplotlib.

>>> out = calculate({"players": "Alice:40, Bilal:100, Chloé:100", "ranking": "Alice > Chloé > Bilal"})
>>> out["ok"], out["settlement"]["payouts"]
(True, {'Alice': 120, 'Bilal': 0, 'Chloé': 120})
>>> calculate({"players": "Alice:40, Bilal x"})["errors"]
{'row-1-amount': 'Bilal: “x” is not an amount; write chips like 40, 0.25 or 0,25.'}
>>> calculate({"players": "Alice:40, Bilal x"}, "de")["errors"]
{'row-1-amount': 'Bilal: „x“ ist kein Betrag; schreibe Chips wie 40, 0.25 oder 0,25.'}
"""

from __future__ import annotations

import base64
import io
import json
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..cards import parse_cards
from ..chips import Amount
from ..chips import format_amount as fmt
from ..errors import CardError, HandHistoryError, PotEngineError, Said, said
from ..histories import rooms
from ..histories.audit import AuditRun, Verdict, audit_json, hand_json
from ..i18n import LANGUAGES, Words, words
from ..pots.check import audit
from ..pots.settlement import Settlement, settle
from .exports import settlement_json
from .svg import settlement_svg
from .table_entry import (
    EntryError,
    Table,
    check_boards,
    chip_note,
    plain,
    read_table,
    run_key,
    run_name,
    seated_in,
)
from .tables import audit_html, settlement_html
from .words import _pot_label, _times, dealer_pushes, explain, runs_lines

FIELDS = (
    "players",
    "folded",
    "button",
    "chip",
    "ranking",
    "hands",
    "board",
    "runs",
    "bomb",
    "ranking2",
    "ranking3",
    "board2",
    "board3",
)
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


def _in_run(message: str, number: int, table: Table, language: str) -> str:
    """A message about one run, after the run's name (``Run 2: ...``, ``Board 2: ...`` in a bomb
    pot); the message alone when the hand is dealt once."""
    name = run_name(number, table, language)
    return f"{name}: {message}" if name else message


def _ranking_needed(table: Table, live: list[str], order: list[list[str]], number: int, _: Words) -> str:
    """What is wrong with run ``number``'s order of hands, or nothing."""
    if not live:
        return ""
    placed = {name for group in order for name in group}
    for name in placed:
        if name not in live:
            return _in_run(
                _(
                    "{name} folded: a folded hand has no place in the showdown. "
                    "Take {name} out of the order.",
                    name=name,
                ),
                number,
                table,
                _.language,
            )
    missing = [name for name in live if name not in placed]
    if missing and order:
        return _in_run(
            _.n(
                "Place every player still in the hand: {names} has no place yet.",
                "Place every player still in the hand: {names} have no place yet.",
                len(missing),
                names=_.join(missing),
            ),
            number,
            table,
            _.language,
        )
    return ""


def _settle_table(table: Table, language: str = "en") -> tuple[Settlement | None, dict[str, str]]:
    """Settle a table that was read without error; an error is kept against its row or field."""
    _ = words(language)
    errors: dict[str, str] = {}
    rows = {row.name: i for i, row in enumerate(table.rows)}
    live = [r.name for r in table.rows if not r.folded]
    folded = [r.name for r in table.rows if r.folded]
    cards = {r.name: r.cards for r in table.rows if r.cards.strip()}
    orders = table.orders
    for number, order in enumerate(orders, start=1):
        problem = _ranking_needed(table, live, order, number, _)
        if problem:
            errors[run_key("order", number)] = problem
    if errors:
        return None, errors
    hands = None
    boards = [board for board in table.boards if board.strip()]
    if cards and any(orders):
        return None, {
            "order": _(
                "Give the order of hands or the cards, not both: clear the order to let the cards decide."
            )
        }
    if cards:
        for name in live:
            if name not in cards:
                errors[f"row-{rows[name]}-cards"] = _(
                    "{name} is still in the hand: give {name}'s two cards, or clear the cards and tap the "
                    "order of hands.",
                    name=name,
                )
        for name, text in cards.items():
            try:
                parse_cards(text)
            except CardError as err:
                errors.setdefault(
                    f"row-{rows[name]}-cards",
                    _(
                        "{name}'s cards: {problem}",
                        name=name,
                        problem=plain(err.in_language(language), capital=False),
                    ),
                )
        if errors:
            return None, errors
        if table.runs > 1:
            errors = check_boards(table, cards, language)
            if errors:
                return None, errors
        hands = cards
    elif boards:
        key = run_key("board", next(n for n, b in enumerate(table.boards, start=1) if b.strip()))
        return None, {
            key: _(
                "The board only counts with the cards: give each live player's two cards, or clear the board."
            )
        }
    else:
        for number, order in enumerate(orders, start=1):
            if len(live) > 1 and not order:
                errors[run_key("order", number)] = _in_run(
                    _("Who won? Tap the players from the best hand to the worst (or give the cards)."),
                    number,
                    table,
                    language,
                )
        if errors:
            return None, errors
    rankings: list[list[str | tuple[str, ...]]] = []
    for order in orders:
        ranking: list[str | tuple[str, ...]] = [
            group[0] if len(group) == 1 else tuple(group) for group in order
        ]
        if not ranking and len(live) == 1:
            ranking = [live[0]]
        rankings.append(ranking)
    try:
        if table.runs > 1:
            result = settle(
                table.contributions,
                folded=folded,
                button=table.button or None,
                chip=table.chip_amount,
                hands=hands,
                runs=list(table.boards) if hands else rankings,
            )
        else:
            result = settle(
                table.contributions,
                None if hands else rankings[0] or None,
                folded=folded,
                button=table.button or None,
                chip=table.chip_amount,
                hands=hands,
                board=table.board or None if hands else None,
            )
    except CardError as err:
        english, number = _of_run(err, "en")
        message = _of_run(err, language)[0]
        who = seated_in(english, list(cards))
        board = run_key("board", number)
        if "board" in english and (who is None or english.rfind("board") > english.rfind(who)):
            return None, {board: _in_run(plain(message), number, table, language)}
        return None, {f"row-{rows[who]}-cards" if who else board: plain(message)}
    except PotEngineError as err:
        message, number = _of_run(err, language)
        if number > 1 or _of_run(err, "en")[0] != str(err):
            return None, {run_key("order", number): _in_run(plain(message), number, table, language)}
        return None, {"table": plain(err.in_language(language))}
    return result, {}


def _of_run(err: PotEngineError, language: str) -> tuple[str, int]:
    """An engine error about one run (``run 2: ...``, :func:`potengine.pots.runs.run_error`) as
    the message in ``language`` without the run, and the run's number (1 when it names none)."""
    made = err.args[0] if len(err.args) == 1 else None
    if isinstance(made, Said) and made.template.startswith("run {number}: "):
        inner = next(v for k, v in made.values.items() if k != "number")
        text = inner.in_language(language) if isinstance(inner, Said) else str(inner)
        return text, int(made.values["number"])
    head, sep, rest = str(err).partition(": ")
    if sep and head.startswith("run ") and head[4:].isdigit():
        return rest, int(head[4:])
    return err.in_language(language), 1


def calculate(fields: Mapping[str, Any], language: str = "en") -> dict[str, Any]:
    """Settle the calculator's fields; return the JSON, the tables, the words, the check, the pictures.

    ``fields`` holds either the page's rows or the URL's text fields (see
    :func:`~potengine.present.table_entry.read_table`): ``players`` ("Alice 40, Bilal 0,50"),
    ``folded``, ``button``, ``chip`` (empty: inferred from the amounts), and either ``ranking``
    ("Alice > Chloé = Bilal", names in any case) or ``hands`` ("Alice:AsKs, Bilal:7h7d") with
    ``board``. ``settlement_text`` is exactly what ``potengine settle ... --json`` prints for the
    same table; ``table`` is the table read (for the page's rows), ``query`` its URL query,
    ``chip_note`` says which chip was chosen when none was given, ``pushes`` the dealer's words
    pot by pot. Errors are keyed by the row (``row-1-amount``) or field they are about. Every
    message, table, sentence and picture is in ``language``; the JSON is the same in every language.

    >>> out = calculate({"players": "A 40, B 100", "ranking": "b > a", "button": "Z"})
    >>> out["ok"], out["errors"]
    (False, {'button': 'The button names Z, who is not at the table (seated: A and B).'})
    >>> calculate({"players": "Ann 0,25, Bob 0,75", "ranking": "ann > bob"})["chip_note"]
    'No smallest chip was given: the amounts are written in hundredths, so the chip is 0.01 (a cent).'
    """
    try:
        table, errors = read_table(fields, language)
        result = None
        if not errors:
            result, errors = _settle_table(table, language)
    except PotEngineError as err:  # a safety net: one line, never a traceback
        return {"ok": False, "errors": {"table": plain(err.in_language(language))[:300]}}
    except (ValueError, ArithmeticError, TypeError) as err:
        return {"ok": False, "errors": {"table": plain(str(err))[:300]}}
    out: dict[str, Any] = {"table": table.data(), "query": table.query()}
    if result is None:
        return {"ok": False, "errors": errors, **out}
    data = settlement_json(result)
    told = explain(result, language)
    if table.bomb:
        told = bomb_words(told, result, language)
    check = audit(result, language)
    return {
        "ok": True,
        "errors": {},
        **out,
        "chip_note": chip_note(result.chip, language) if table.chip_inferred else "",
        "settlement": data,
        "settlement_text": json.dumps(data, ensure_ascii=False, indent=2),
        "tables": settlement_html(result, language, boards=table.bomb),
        "explanation": told,
        "pushes": (
            run_pushes(result, bomb=table.bomb, language=language)
            if result.runs
            else dealer_pushes(result, language)
        ),
        "check": audit_html(check, language),
        "check_ok": check.ok,
        "pictures": settlement_svg(result, language),
    }


# ----------------------------------------------------------------------------------------------
# Runs at the table: each run's part, pushed pot by pot; a bomb pot's two boards
# ----------------------------------------------------------------------------------------------


def run_pushes(result: Settlement, *, bomb: bool = False, language: str = "en") -> list[str]:
    """A hand run more than once as a dealer pushes it: uncalled chips back first, then each pot
    from the last side pot down to the main pot, with each run's part and who takes it (as
    :func:`~potengine.present.words.dealer_pushes` does for a hand dealt once). The parts, their
    odd chips and their winners are the engine's (``Pot.runs``); this only says them. In a bomb
    pot (``bomb``) the runs are the two boards. In ``language``.

    >>> r = settle({"Alice": 150, "Bilal": 151}, runs=[["Alice", "Bilal"], ["Bilal", "Alice"]])
    >>> run_pushes(r)
    ['Return 1 to Bilal.', 'Main pot 300, run twice: run 1 (150): Alice; run 2 (150): Bilal.']
    >>> run_pushes(r, language="nl")[1]
    'Hoofdpot 300, twee keer uitgespeeld: run 1 (150): Alice; run 2 (150): Bilal.'
    >>> r = settle({"A": 51, "B": 100, "C": 100, "D": 100, "E": 3}, folded=["C", "D", "E"],
    ...            runs=[["A", "B"], [("A", "B")]], button="D")
    >>> for push in run_pushes(r, bomb=True):
    ...     print(push)
    Side pot 147: B, the only player left in it (paid once, not split between the boards).
    Main pot 207, two boards: board 1 (104, with the odd chip of the division): A; board 2 (103):
        split between A and B: A 52, B 51, the odd chip to A: first of the winners left of the
        button (D).
    """
    _ = words(language)
    pushes = [
        _("Return {amount} to {player}.", amount=fmt(chips), player=player)
        for player, chips in result.refunds.items()
    ]
    side_pots = sum(1 for pot in result.pots if pot.index > 0)
    count = len(result.runs)
    for pot in reversed(result.pots):
        label = _pot_label(pot, pot.awarded, side_pots, _)
        rake = _(" after {amount} rake", amount=fmt(pot.rake)) if pot.rake else ""
        if not pot.runs:
            if bomb:
                once = _(
                    "{pot}{rake}: {player}, the only player left in it "
                    "(paid once, not split between the boards).",
                    pot=label,
                    rake=rake,
                    player=pot.eligible[0],
                )
            else:
                once = _(
                    "{pot}{rake}: {player}, the only player left in it (not run: paid once).",
                    pot=label,
                    rake=rake,
                    player=pot.eligible[0],
                )
            pushes.append(once)
            continue
        amounts = [part.amount for part in pot.runs]
        extra = [part.run for part in pot.runs if part.amount > min(amounts)]
        if len(extra) == 1:
            odd = _(", with the odd chip of the division")
        else:
            odd = _(", with an odd chip of the division")
        parts = []
        for part in pot.runs:
            note = odd if part.run in extra else ""
            shares = dict(sorted(part.shares.items(), key=lambda item: -item[1]))
            if len(part.winners) == 1:
                who = part.winners[0]
            else:
                who = _(
                    "split between {players}: {shares}",
                    players=_.join(part.winners),
                    shares=", ".join(f"{p} {fmt(c)}" for p, c in shares.items() if c),
                )
                values = set(shares.values())
                if len(values) > 1:
                    lucky = [p for p, c in shares.items() if c == max(values)]
                    who += _.n(
                        ", the odd chip to {players}: first of the winners left of the button ({button})",
                        ", the odd chips to {players}: first of the winners left of the button ({button})",
                        len(lucky),
                        players=_.join(lucky),
                        button=result.button,
                    )
            if bomb:
                text = _(
                    "board {number} ({amount}{note}): {who}",
                    number=part.run,
                    amount=fmt(part.amount),
                    note=note,
                    who=who,
                )
            else:
                text = _(
                    "run {number} ({amount}{note}): {who}",
                    number=part.run,
                    amount=fmt(part.amount),
                    note=note,
                    who=who,
                )
            parts.append(text)
        how = _("two boards") if bomb and count == 2 else _("run {times}", times=_times(count, _))
        pushes.append(
            _(
                "{pot}{rake}, {how}: {parts}.",
                pot=label,
                rake=rake,
                how=how,
                parts=_.p("between parts", "; ").join(parts),
            )
        )
    return pushes


_BOMB_WORDS = (
    (re.compile(r"^The hand is run twice: .*$", re.MULTILINE), "BOMB"),
    (re.compile(r"^Run (\d) board: ", re.MULTILINE), r"Board \1: "),
    (re.compile(r"\bis divided by the runs\b"), "is divided between the boards"),
    (re.compile(r"\b(for|to|On) the first run\b"), r"\1 board 1"),
    (re.compile(r"\b(for|to|On) the second run\b"), r"\1 board 2"),
    (re.compile(r"\bfor the second\b"), "for board 2"),
    (re.compile(r"\bis not run: "), "is not split between the boards: "),
)


def _bomb_rule(_: Words) -> str:
    return _(
        "A bomb pot: two boards are dealt at once. Each pot that more than one player can win is "
        "divided into two equal parts, one per board, and each part goes to the best hand(s) on its "
        "board; the odd chip of a division goes to board 1. A pot only one player can win is paid "
        "once, not split between the boards."
    )


def bomb_words(text: str, result: Settlement | None = None, language: str = "en") -> str:
    """The engine's words for a hand run twice (:func:`~potengine.present.words.explain`), said
    of a bomb pot's two boards: ``board 1`` and ``board 2`` where it says the first and the
    second run. The rule is the same; only the names change.

    In Dutch, German and Greek (``language``, with the ``result`` told in ``text``) the rule of
    the hand run twice becomes the bomb pot's, which says that the first run is board 1 and the
    second board 2, and each run's board is named as the board.

    >>> r = settle({"A": 50, "B": 51}, runs=[["A", "B"], ["B", "A"]])
    >>> print(bomb_words(explain(r)).split("\\n")[-3])
    Main pot (100) is divided between the boards: 50 for board 1, 50 for board 2. On board 1 it
        goes to A, the best hand among A and B: 50. On board 2 it goes to B, the best hand among A
        and B: 50.
    >>> print(bomb_words(explain(r, "de"), r, "de").split("\\n")[3])  # doctest: +ELLIPSIS
    Ein Bomb-Pot: Zwei Boards werden auf einmal ausgeteilt. ... Unten ist der erste Run Board 1 und
        der zweite Run Board 2.
    """
    if language == "en" or result is None:
        for pattern, replacement in _BOMB_WORDS:
            text = pattern.sub(_bomb_rule(words("en")) if replacement == "BOMB" else replacement, text)
        return text
    _ = words(language)
    told = runs_lines(result, language)
    said = {told[0]: _bomb_rule(_) + _(" Below, the first run is board 1 and the second run is board 2.")}
    for run in result.runs:
        if run.board:
            cards = " ".join(str(card) for card in run.board)
            said[_("Run {number} board: {cards}.", number=run.number, cards=cards)] = _(
                "Board {number}: {cards}.", number=run.number, cards=cards
            )
    return "\n".join(said.get(line, line) for line in text.split("\n"))


def bomb_html(html: str) -> str:
    """The engine's tables of a hand run twice (:func:`~potengine.present.tables.settlement_html`)
    with the runs named as a bomb pot's boards (what ``settlement_html(result, boards=True)``
    writes in every language).

    >>> bomb_html('<caption>Runs</caption><th>Run</th><td data-label="Run">Run 1</td>'
    ...           '<td>run 2 (50): B 50</td>')
    '<caption>Boards</caption><th>Board</th><td data-label="Board">Board 1</td><td>board 2 (50): B 50</td>'
    """
    html = html.replace(">Runs</caption>", ">Boards</caption>").replace(">Run</th>", ">Board</th>")
    html = html.replace('data-label="Run"', 'data-label="Board"')
    html = re.sub(r">Run (\d)<", r">Board \1<", html)
    return re.sub(r"([>;] ?)run (\d) \(", r"\1board \2 (", html)


# ----------------------------------------------------------------------------------------------
# The hand-history checker
# ----------------------------------------------------------------------------------------------


def audit_hands(text: str, name: str, language: str = "en") -> Iterator[dict[str, Any]]:
    """Audit a file's hands one at a time, for a progress bar: one dict per hand.

    Each dict holds the hand's ID, its verdict (one of the five words of
    :class:`~potengine.histories.audit.Verdict`, in English: a key, as in the JSON), the verdict in
    one line (``title``) and the notes and six steps (``report``) in words of ``language``, and the
    picture of the engine's pots. Each hand is audited
    once: when the last hand is done, the document of :func:`audit_document` for the same text is
    kept, so that the page asking for it next gets it without a second audit.

    >>> text = open(DATA / "pokerstars/unreadable.txt", encoding="utf-8").read()
    >>> [(h["hand_id"], h["verdict"]) for h in audit_hands(text, "unreadable.txt")][:2]
    [('250000000701', 'consistent'), ('250000000702', 'unreadable')]
    >>> _DONE[0][:2] == (text, "unreadable.txt"), len(_DONE[0][2]["hands"])
    (True, 3)
    >>> english, dutch = (next(audit_hands(text, "u.txt", lang)) for lang in ("en", "nl"))
    >>> english["verdict"] == dutch["verdict"], english["title"] != dutch["title"]
    (True, True)
    """
    if not isinstance(text, str):
        raise HandHistoryError(said("a hand history must be text, not {kind}", kind=type(text).__name__))
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
                "title": err.in_language(language),
                "report": err.in_language(language),
                "pictures": "",
            }
            return
        documents.append(hand_json(item))
        pictures = settlement_svg(item.settlement, language) if item.settlement is not None else ""
        yield {
            "hand_id": item.hand_id,
            "verdict": item.verdict.value,
            "title": item.text(language).split("\n")[0],
            "report": item.report(language),
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


def survey(text: str, language: str = "en") -> dict[str, object]:
    """The room the checker recognises in a text and its hands counted, with the line the page
    shows (see :func:`potengine.histories.rooms.survey`), in ``language``.

    >>> survey("Poker Hand #RC1: Hold'em\\nx\\nPoker Hand #RC2: Hold'em\\n")["message"]
    'GGPoker history, 2 hands'
    >>> print(survey("Full Tilt Poker Game #1: x\\n\\nFull Tilt Poker Game #2: y\\n")["message"])
    ... # doctest: +ELLIPSIS
    Full Tilt history, 2 hands...
    >>> survey("Seat 1: Alice (100 in chips)")["room"] is None  # no room's header: nothing to name
    True
    >>> survey("Poker Hand #RC1: Hold'em\\nx\\nPoker Hand #RC2: Hold'em\\n", "nl")["message"]
    'GGPoker-geschiedenis, 2 handen'
    """
    found = rooms.survey(rooms.decode(text))
    if language == "en" or not found["room"]:
        return found
    _ = words(language)
    hands = int(str(found["hands"]))
    message = _.n(
        "{room} history, {count} hand",
        "{room} history, {count} hands",
        hands,
        room=found["label"],
        count=hands,
    )
    if not found["readable"]:
        message += ": " + _(
            "this checker does not read {room} hands yet (it reads {rooms})",
            room=found["label"],
            rooms=", ".join(r.label for r in rooms.ROOMS if r.readable),
        )
    return {**found, "message": message}


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


def new_drill(level: int | str, seed: int | str, language: str = "en") -> dict[str, Any]:
    """A drill's situation as plain data (see :func:`potengine.drills.deal`), its title in
    ``language``.

    >>> new_drill(1, 1, "el")["title"]
    'Δύο παίκτες, ένα all-in'
    """
    from ..drills import deal

    return deal(int(level), int(seed)).question(language)


def mark_drill_pots(level: int | str, seed: int | str, given: str, language: str = "en") -> dict[str, Any]:
    """Mark the reader's first answer to a drill, how many pots (see :func:`potengine.drills.mark_pots`).

    >>> marked = mark_drill_pots(2, 7, "3")
    >>> marked["ok"], marked["expected"], marked["rule"]
    (False, 2, 'The uncalled part goes back')
    """
    from ..drills import deal, mark_pots

    return mark_pots(deal(int(level), int(seed)), given, language)


def mark_drill(
    level: int | str, seed: int | str, answer: Mapping[str, Any], language: str = "en"
) -> dict[str, Any]:
    """Mark the reader's answer to a drill (see :func:`potengine.drills.mark`), in ``language``,
    with the settlement's tables and pictures."""
    from ..drills import deal, mark

    drill = deal(int(level), int(seed))
    marked = mark(drill, answer, language)
    result = drill.settlement()
    marked["tables"] = settlement_html(result, language)
    marked["pictures"] = settlement_svg(result, language)
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
    >>> count_hands("Poker Hand #RC1: x\\n\\nPoker Hand #RC2: y\\n")  # a room the checker reads
    2
    """
    from ..histories.pokerstars import split_hands

    room = rooms.recognise(rooms.decode(text[:65536]))
    if room is not None and room is not rooms.POKERSTARS:  # each room cuts its own hands
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


SAID: frozenset[str] = frozenset({"calculate", "survey", "new_drill", "mark_drill_pots", "mark_drill"})
"""The calls whose answer is said in the page's language (their last argument, ``language``)."""


def call(name: str, arguments: str, language: str = "en") -> str:
    """Call ``CALLS[name](*json.loads(arguments))``; return ``{"value": ...}`` or ``{"error": ...}`` as JSON.

    An input error comes back as the engine's message, never as a traceback, in ``language``
    (the page's); the calls of :data:`SAID` answer in it too.

    >>> call("new_drill", "[9, 1]")
    '{"error": "drill level must be 1 to 6, not 9"}'
    >>> json.loads(call("new_drill", "[1, 1]", "nl"))["value"]["title"]
    'Twee spelers, één all-in'
    """
    if language not in LANGUAGES:
        language = "en"  # the page only sends the four; anything else is not a reason to fail
    try:
        args = json.loads(arguments)
        value = CALLS[name](*args, language) if name in SAID else CALLS[name](*args)
    except PotEngineError as err:
        return json.dumps({"error": err.in_language(language)}, ensure_ascii=False)
    except (ValueError, ArithmeticError, TypeError) as err:  # a safety net: one line
        return json.dumps({"error": " ".join(str(err).split())[:300]}, ensure_ascii=False)
    return json.dumps({"value": value}, ensure_ascii=False)


def audit_hands_json(text: str, name: str, language: str = "en") -> Iterator[str]:
    """:func:`audit_hands` with each hand as JSON text (what the page's worker posts)."""
    for hand in audit_hands(text, name, language):
        yield json.dumps(hand, ensure_ascii=False)
