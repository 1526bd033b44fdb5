"""What a dealer types into the calculator, read once: the quick text, the rows, the names, the chip.

The calculator page has two ways in: one row per player (name, amount, folded, cards) with the
order of hands tapped, and a quick text field for keyboards. Both end here, in Python, so that the
rules of reading them are written once (the page's JavaScript only builds rows and sends strings):

* :func:`split_quick`: the quick syntax. ``Alice:40``, ``Alice=40`` and ``Alice 40`` all mean the
  same; players are separated by commas, semicolons or new lines; a trailing ``folded`` marks a
  folded player;
* :func:`read_amount`: an amount as a dealer writes it, with a decimal point or a decimal comma
  (``0,25``), an optional currency sign, never a float;
* :class:`Seats`: names matched whatever their case (``ann`` means the seated ``Ann``) and shown
  as seated;
* :func:`infer_chip`: the smallest chip when the reader leaves it empty (cents give 0.01);
* :func:`read_table`: every field of the page (the rows or the URL's text fields) read into a
  :class:`Table`, with each error in a dealer's words keyed by the row or field it is about.

>>> split_quick("Alice:40, Bilal=100\\nChloé 0,50")
[('Alice', '40', False), ('Bilal', '100', False), ('Chloé', '0,50', False)]
>>> read_amount("0,25"), read_amount("$40")
(Decimal('0.25'), 40)
>>> infer_chip([40, read_amount("0,25")])
Decimal('0.01')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ..chips import MAX_DECIMAL_PLACES, Amount, parse_amount
from ..chips import format_amount as fmt
from ..errors import InputError, PotEngineError, said
from .words import join

# ----------------------------------------------------------------------------------------------
# Amounts
# ----------------------------------------------------------------------------------------------

_NUMBER = re.compile(r"[$€£]?\s*(\d+(?:[.,]\d*)?|[.,]\d+)\s*[$€£]?")


class EntryError(InputError):
    """What the reader typed cannot be read; the message is in a dealer's words."""


def _labelled(who: str, message: str) -> str:
    """``message`` about ``who``'s row, said: ``Ann: …`` (the message alone without a name)."""
    return said("{who}: {message}", who=who, message=message) if who else message


def read_amount(text: str, who: str = "") -> Amount:
    """An amount as a dealer writes it: ``40``, ``0.25``, ``0,25``, ``€2,50``; an ``int`` when whole.

    The written decimal places are kept (``0,50`` is ``Decimal('0.50')``): they tell the chip.

    >>> read_amount("40"), read_amount("0,50"), read_amount(".5"), read_amount("2,50 €")
    (40, Decimal('0.50'), Decimal('0.5'), Decimal('2.50'))
    >>> read_amount("1,000", "Ann")
    Traceback (most recent call last):
    ...
    potengine.present.table_entry.EntryError: Ann: is 1,000 a thousand or one? Write 1000 for a
        thousand, 1.00 or 1,00 for one.
    """
    cleaned = text.strip()
    if not cleaned:
        raise EntryError(
            _labelled(who, said("how much did {player} put in? Write the chips, like 40.", player=who))
            if who
            else said("how much did this player put in? Write the chips, like 40.")
        )
    if cleaned.startswith("-"):
        raise EntryError(
            _labelled(
                who,
                said(
                    "{amount} is less than nothing: write what {player} put in, like 40.",
                    amount=cleaned,
                    player=who,
                ),
            )
            if who
            else said("{amount} is less than nothing: write what the player put in, like 40.", amount=cleaned)
        )
    if not _NUMBER.fullmatch(cleaned):
        raise EntryError(
            _labelled(
                who,
                said("“{text}” is not an amount; write chips like 40, 0.25 or 0,25.", text=_short(cleaned)),
            )
        )
    number = cleaned.strip("$€£ ")
    whole, comma, places = number.partition(",")
    if comma and whole.strip("0") and len(whole) <= 3 and len(places) == 3:
        raise EntryError(
            _labelled(
                who,
                said(
                    "is {number} a thousand or one? Write {thousand} for a thousand, {point} or {comma} "
                    "for one.",
                    number=number,
                    thousand=whole + places,
                    point=f"{whole}.{places[:2]}",
                    comma=f"{whole},{places[:2]}",
                ),
            )
        )
    number = number.replace(",", ".")
    if number.endswith("."):
        number = number[:-1]
    if len(number.partition(".")[2]) > MAX_DECIMAL_PLACES:
        raise EntryError(
            _labelled(
                who,
                said(
                    "{number} has more than {places} decimals; no chip is that small.",
                    number=number,
                    places=MAX_DECIMAL_PLACES,
                ),
            )
        )
    try:
        return parse_amount(number, "the amount")
    except PotEngineError:
        raise EntryError(
            _labelled(who, said("{text} is too large for any table.", text=_short(cleaned)))
        ) from None


def infer_chip(amounts: Iterable[Amount]) -> Amount:
    """The smallest chip the amounts are written in: 1 when all are whole, else 0.1, 0.01, …

    A dealer who writes ``0,25`` counts in cents: the chip is 0.01. An amount written ``2.50``
    counts in cents too, even if every amount is a multiple of 0.50.

    >>> infer_chip([40, 100]), infer_chip([Decimal("0.5"), 2]), infer_chip([Decimal("2.50")])
    (1, Decimal('0.1'), Decimal('0.01'))
    """
    places = 0
    for amount in amounts:
        if isinstance(amount, Decimal):
            exponent = amount.as_tuple().exponent
            if isinstance(exponent, int):
                places = max(places, -exponent)
    return 1 if places == 0 else Decimal(1).scaleb(-places)


def chip_note(chip: Amount) -> str:
    """What the page says when it chose the chip itself.

    >>> chip_note(1)
    'No smallest chip was given: every amount is whole, so the chip is 1.'
    >>> chip_note(Decimal("0.01"))
    'No smallest chip was given: the amounts are written in hundredths, so the chip is 0.01 (a cent).'
    """
    if chip == 1:
        return "No smallest chip was given: every amount is whole, so the chip is 1."
    unit = {1: "tenths", 2: "hundredths"}
    exponent = chip.as_tuple().exponent if isinstance(chip, Decimal) else 0
    places = -exponent if isinstance(exponent, int) else 0
    written = unit.get(places, f"{places} decimals")
    cent = " (a cent)" if places == 2 else ""
    return (
        f"No smallest chip was given: the amounts are written in {written}, so the chip is {fmt(chip)}{cent}."
    )


# ----------------------------------------------------------------------------------------------
# The quick text
# ----------------------------------------------------------------------------------------------

_ITEM_BREAK = re.compile(r"[\n;]|,(?!(?<=\d,)\d+\s*[$€£]?\s*(?:$|[\n;,\s]))")
_FOLDED = re.compile(r"\s*[(\[]?\s*(?:folded|fold|folds)\s*[)\]]?\s*$", re.IGNORECASE)
_PAIR = re.compile(r"^(?P<name>.*?)\s*(?:[:=]\s*|\s+)(?P<amount>[^\s:=]+(?:\s*[$€£])?)$")
_LOOSE_NUMBER = re.compile(r"^[$€£]?\d+(?:[.,]\d+)?[$€£]?$")


def split_quick(text: str) -> list[tuple[str, str, bool]]:
    """The quick field as ``(name, amount text, folded)``, in seat order.

    Players are separated by new lines, semicolons or commas; a comma between digits is a decimal
    comma (``Ann 0,25``). Name and amount are separated by ``:``, ``=`` or a space; the amount is
    the last word, so a name may hold spaces (``Big Tom 40``). A trailing ``folded`` marks a fold.

    >>> split_quick("Ann 0,25, Bob:1,5; Big Tom = 2 folded")
    [('Ann', '0,25', False), ('Bob', '1,5', False), ('Big Tom', '2', True)]
    >>> split_quick("Alice 40 Bilal 100")
    Traceback (most recent call last):
    ...
    potengine.present.table_entry.EntryError: “Alice 40 Bilal 100” looks like two players on one
        line: put a comma or a new line between players.
    """
    out: list[tuple[str, str, bool]] = []
    for raw in _ITEM_BREAK.split(text):
        item = " ".join(raw.split())
        if not item:
            continue
        folded = False
        match_fold = _FOLDED.search(item)
        if match_fold and match_fold.start() > 0:
            folded, item = True, item[: match_fold.start()].strip()
        pair = _PAIR.match(item)
        if pair is None or not pair["name"].strip(":= "):
            if _LOOSE_NUMBER.match(item):
                raise EntryError(
                    said("{item}: whose chips are these? Write the name first, like Alice 40.", item=item)
                )
            out.append((item.strip(":= "), "", folded))  # a name without an amount: the row says so
            continue
        name, amount = pair["name"].strip(":= "), pair["amount"]
        words = name.split()
        if any(_LOOSE_NUMBER.match(w) for w in words[:-1]) and len(words) > 1:
            raise EntryError(
                said(
                    "“{item}” looks like two players on one line: put a comma or a new line between players.",
                    item=_short(item),
                )
            )
        out.append((name, amount, folded))
    return out


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ----------------------------------------------------------------------------------------------
# Names
# ----------------------------------------------------------------------------------------------

_FORBIDDEN = set(",:;=>\n")


def name_key(name: str) -> str:
    """The form of a name used to match it: Unicode-normalised, spaces collapsed, case folded.

    >>> name_key(" ann ") == name_key("Ann") == name_key("ANN")
    True
    """
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


class Seats:
    """The seated players' names, matched whatever the case the reader types.

    >>> seats = Seats(["Ann", "Chloé"])
    >>> seats.find("ann"), seats.find("CHLOÉ"), seats.find("Eve")
    ('Ann', 'Chloé', None)
    """

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(names)
        self._by_key = {name_key(n): n for n in self.names}

    def find(self, name: str) -> str | None:
        """The seated name ``name`` means, or None."""
        return self._by_key.get(name_key(name))

    def listed(self) -> str:
        """The seated players for a message: ``Ann, Bob and Chloé``."""
        return join(self.names)

    def unknown(self, name: str, what: str) -> str:
        """The message for a name nobody at the table has."""
        return f"{what} names {_short(name.strip())}, who is not at the table (seated: {self.listed()})."


def _names(text: str) -> list[str]:
    return [" ".join(n.split()) for n in re.split(r"[,;\n]", text) if n.strip()]


# ----------------------------------------------------------------------------------------------
# The table
# ----------------------------------------------------------------------------------------------


@dataclass
class Row:
    """One player's row as typed: the amount and the cards stay text until read."""

    name: str
    amount: str
    folded: bool = False
    cards: str = ""

    def data(self) -> dict[str, Any]:
        """The row as the page's JSON."""
        return {"name": self.name, "amount": self.amount, "folded": self.folded, "cards": self.cards}


@dataclass
class Table:
    """Everything the calculator was given, read: the rows, the order of hands, the rest as text.

    ``contributions`` and ``chip`` are filled once the amounts are read; ``chip_inferred`` says
    the chip was left empty and chosen from the amounts.
    """

    rows: list[Row] = field(default_factory=list)
    order: list[list[str]] = field(default_factory=list)
    button: str = ""
    chip: str = ""
    board: str = ""
    contributions: dict[str, Amount] = field(default_factory=dict)
    chip_amount: Amount = 1
    chip_inferred: bool = False
    runs: int = 1
    bomb: bool = False
    later_orders: list[list[list[str]]] = field(default_factory=list)
    later_boards: list[str] = field(default_factory=list)

    @property
    def orders(self) -> list[list[list[str]]]:
        """The order of hands of every run, run 1 first (one order for a hand dealt once)."""
        later = self.later_orders + [[] for _ in range(self.runs - 1 - len(self.later_orders))]
        return [self.order, *later[: self.runs - 1]]

    @property
    def boards(self) -> list[str]:
        """The board of every run as typed, run 1 first (one board for a hand dealt once)."""
        later = self.later_boards + ["" for _ in range(self.runs - 1 - len(self.later_boards))]
        return [self.board, *later[: self.runs - 1]]

    def data(self) -> dict[str, Any]:
        """The table as the page's JSON (names as seated), to fill the form from."""
        return {
            "rows": [row.data() for row in self.rows],
            "order": [list(group) for group in self.order],
            "button": self.button,
            "chip": self.chip,
            "board": self.board,
            "runs": self.runs,
            "bomb": self.bomb,
            "orders": [[list(group) for group in order] for order in self.orders],
            "boards": list(self.boards),
        }

    def query(self) -> dict[str, str]:
        """The table as the page's URL query, in the fields the book's links use.

        >>> t = Table([Row("Ann", "0,25"), Row("Bob", "1", folded=True)], [["Ann"]], chip="")
        >>> t.query()
        {'players': 'Ann:0.25,Bob:1', 'ranking': 'Ann', 'folded': 'Bob', 'button': '', 'chip': ''}
        """
        players = ",".join(f"{r.name}:{_canonical(r.amount)}" for r in self.rows)
        out = {
            "players": players,
            "ranking": ">".join("=".join(group) for group in self.order),
            "folded": ",".join(r.name for r in self.rows if r.folded),
            "button": self.button,
            "chip": _canonical(self.chip),
        }
        if any(r.cards.strip() for r in self.rows):
            out["hands"] = ",".join(
                f"{r.name}:{' '.join(r.cards.split())}" for r in self.rows if r.cards.strip()
            )
        if self.board.strip():
            out["board"] = " ".join(self.board.split())
        if self.runs > 1:
            out["runs"] = str(self.runs)
            if self.bomb:
                out["bomb"] = "1"
            for number, (order, board) in enumerate(zip(self.orders, self.boards, strict=True)):
                if number:
                    out[f"ranking{number + 1}"] = ">".join("=".join(group) for group in order)
                    if board.strip():
                        out[f"board{number + 1}"] = " ".join(board.split())
        return out


def _canonical(amount: str) -> str:
    """An amount as the URL writes it: a decimal point, no sign (what it was when unreadable)."""
    text = amount.strip()
    try:
        return str(read_amount(text)) if text else ""  # the decimals as written: 0,50 is 0.50
    except PotEngineError:
        return text


def _row_of(value: object) -> Row:
    if isinstance(value, Mapping):
        return Row(
            name=str(value.get("name") or ""),
            amount=str(value.get("amount") or ""),
            folded=bool(value.get("folded")),
            cards=str(value.get("cards") or ""),
        )
    return Row(name="", amount="")


def read_table(fields: Mapping[str, Any]) -> tuple[Table, dict[str, str]]:
    """Read the calculator's fields into a :class:`Table`; errors keyed by where they belong.

    ``fields`` is either the page's rows (``rows``: a list of ``{name, amount, folded, cards}``,
    ``order``: the tapped order of hands, a list of tie groups, best first) or the URL's text
    fields (``players``, ``folded``, ``ranking``, ``hands``); both take ``button``, ``chip``
    and ``board``. An error's key is ``row-N-name``, ``row-N-amount`` or ``row-N-cards`` for
    row N (from 0), else the field's name (``players``, ``folded``, ``ranking``, ``hands``,
    ``order``, ``button``, ``chip``, ``board``), or ``table`` for the whole table.

    >>> table, errors = read_table({"players": "ann 40, Bob 0,25", "ranking": "BOB > Ann", "chip": ""})
    >>> [r.name for r in table.rows], table.order, table.chip_amount, errors
    (['ann', 'Bob'], [['Bob'], ['ann']], Decimal('0.01'), {})
    >>> read_table({"rows": [{"name": "Ann", "amount": "x"}, {"name": "Bob", "amount": "5"}]})[1]
    {'row-0-amount': 'Ann: “x” is not an amount; write chips like 40, 0.25 or 0,25.'}
    """
    texts = ("players", "folded", "ranking", "hands", "ranking2", "ranking3")
    get = {key: str(fields.get(key) or "").strip() for key in texts}
    table = Table(
        button=" ".join(str(fields.get("button") or "").split()),
        chip=str(fields.get("chip") or "").strip(),
        board=str(fields.get("board") or "").strip(),
    )
    errors: dict[str, str] = {}
    _read_runs(table, fields, errors)
    from_rows = "rows" in fields
    if from_rows:
        rows = fields.get("rows") or []
        table.rows = [_row_of(r) for r in rows] if isinstance(rows, list) else []
    else:
        try:
            table.rows = [Row(n, a, f) for n, a, f in split_quick(get["players"])]
        except EntryError as err:
            return table, {"players": str(err)}
    _read_rows(table, errors)
    seats = Seats(r.name for r in table.rows)
    if not from_rows:
        _read_text_fields(table, get, seats, errors)
    else:
        for number in range(1, table.runs + 1):
            suffix = "" if number == 1 else str(number)
            order = _read_order(
                fields.get(f"order{suffix}"),
                seats,
                f"{run_label(number, table)}order of hands" if table.runs > 1 else "The order of hands",
                run_key("order", number),
                errors,
            )
            if number == 1:
                table.order = order
            else:
                table.later_orders.append(order)
    if table.button:
        seated = seats.find(table.button)
        if seated is None:
            errors["button"] = seats.unknown(table.button, "The button")
        else:
            table.button = seated
    _read_chip(table, errors)
    return table, errors


def _read_rows(table: Table, errors: dict[str, str]) -> None:
    """Names and amounts of every row: each error against its row."""
    seen: dict[str, int] = {}
    for i, row in enumerate(table.rows):
        row.name = " ".join(unicodedata.normalize("NFC", row.name).split())
        if not row.name:
            errors.setdefault(f"row-{i}-name", f"Seat {i + 1}: who sits here? Write the player's name.")
            continue
        bad = sorted(_FORBIDDEN & set(row.name))
        if bad:
            marks = " ".join(bad)
            errors.setdefault(
                f"row-{i}-name", f"{row.name}: a name cannot hold {marks}; those marks separate players."
            )
            continue
        key = name_key(row.name)
        if key in seen:
            first = table.rows[seen[key]].name
            same = "" if first == row.name else f" ({first} and {row.name} read the same)"
            errors.setdefault(
                f"row-{i}-name", f"{row.name} is seated twice{same}: give each player a different name."
            )
            continue
        seen[key] = i
        try:
            table.contributions[row.name] = read_amount(row.amount, row.name)
        except EntryError as err:
            errors.setdefault(f"row-{i}-amount", str(err))
    named = [r for r in table.rows if r.name]
    if len(table.rows) < 2:
        errors["table"] = "A pot needs at least two players: give each player and what he put in."
    elif named and all(r.folded for r in named):
        errors["table"] = "Everybody folded: somebody must be left to win the pot."


def _read_text_fields(table: Table, get: Mapping[str, str], seats: Seats, errors: dict[str, str]) -> None:
    """The URL's folded, ranking and hands fields, matched to the seated names."""
    for name in _names(get["folded"]):
        seated = seats.find(name)
        if seated is None:
            errors.setdefault("folded", seats.unknown(name, "The folded list"))
            continue
        next(r for r in table.rows if r.name == seated).folded = True
    if len(table.rows) > 1 and all(r.folded for r in table.rows if r.name) and "folded" not in errors:
        errors["table"] = "Everybody folded: somebody must be left to win the pot."
    table.order = _read_ranking(get["ranking"], seats, "The showdown", "ranking", errors)
    for number in range(2, table.runs + 1):
        text = get.get(f"ranking{number}", "")
        what = f"{run_label(number, table)}showdown"
        table.later_orders.append(_read_ranking(text, seats, what, run_key("ranking", number), errors))
    for item in re.split(r"[,;\n]", get["hands"]):
        if not item.strip():
            continue
        name, sep, cards = item.partition(":") if ":" in item else item.partition("=")
        seated = seats.find(name) if sep else None
        if not sep or not cards.strip():
            errors.setdefault(
                "hands", f"“{_short(item.strip())}”: write each player's cards like Alice:AsKs, Bilal:7h7d."
            )
        elif seated is None:
            errors.setdefault("hands", seats.unknown(name, "The cards"))
        else:
            next(r for r in table.rows if r.name == seated).cards = " ".join(cards.split())


def _read_ranking(text: str, seats: Seats, what: str, key: str, errors: dict[str, str]) -> list[list[str]]:
    """A showdown written ``Alice > Chloé = Bilal``, matched to the seated names."""
    order: list[list[str]] = []
    seen: set[str] = set()
    for chunk in text.split(">") if text else ():
        group = []
        for name in chunk.split("="):
            name = " ".join(name.split())
            if not name:
                errors.setdefault(
                    key,
                    f"{what} has an empty place: write it like Alice > Chloé = Bilal (> beats, = ties).",
                )
                continue
            seated = seats.find(name)
            if seated is None:
                errors.setdefault(key, seats.unknown(name, what))
            elif seated in seen:
                errors.setdefault(key, f"{what} names {seated} twice.")
            else:
                seen.add(seated)
                group.append(seated)
        if group:
            order.append(group)
    return order


def _read_order(value: object, seats: Seats, what: str, key: str, errors: dict[str, str]) -> list[list[str]]:
    """A tapped order of hands (tie groups of names, best first), matched to the seated names."""
    order = (
        [[str(n) for n in g] for g in value if isinstance(g, list) and g] if isinstance(value, list) else []
    )
    for group in order:
        for i, name in enumerate(group):
            seated = seats.find(name)
            if seated is None:
                errors.setdefault(key, seats.unknown(name, what))
            else:
                group[i] = seated
    return order


def _read_chip(table: Table, errors: dict[str, str]) -> None:
    """The chip as written, or inferred from the amounts when left empty."""
    if not table.chip:
        table.chip_amount = infer_chip(table.contributions.values())
        table.chip_inferred = True
    else:
        try:
            table.chip_amount = read_amount(table.chip, "The smallest chip")
        except EntryError as err:
            errors["chip"] = str(err)
            return
        if not table.chip_amount:
            errors["chip"] = "The smallest chip cannot be 0: write the smallest chip in play, like 1 or 0.05."
            return
    for i, row in enumerate(table.rows):
        amount = table.contributions.get(row.name)
        if amount is not None and amount % table.chip_amount:
            chip = fmt(table.chip_amount)
            errors.setdefault(
                f"row-{i}-amount",
                f"{row.name}: {fmt(amount)} is not a whole number of the smallest chip, {chip}; "
                "check the amount, or the chip (leave it empty to let the page choose it).",
            )


# ----------------------------------------------------------------------------------------------
# Runs and boards: a hand run twice or three times, a bomb pot's two boards
# ----------------------------------------------------------------------------------------------

MOST_RUNS = 3
"""The calculator runs a hand at most three times (rooms offer twice or three times)."""

_TRUE = {"1", "true", "yes", "on"}
_SHARED = {0: "nothing", 3: "the flop", 4: "the flop and the turn"}


def run_key(field: str, number: int) -> str:
    """The key of an error about one run's field: ``order`` for run 1, ``order-2`` for run 2.

    >>> run_key("board", 1), run_key("board", 3)
    ('board', 'board-3')
    """
    return field if number == 1 else f"{field}-{number}"


def run_label(number: int, table: Table) -> str:
    """How a message names a run, ready to take a noun: ``Run 2's ``, or ``Board 2's `` in a
    bomb pot (two boards dealt at once); nothing for a hand dealt once.

    >>> run_label(2, Table(runs=2)), run_label(1, Table(runs=2, bomb=True)), run_label(1, Table())
    ("Run 2's ", "Board 1's ", '')
    """
    if table.runs == 1:
        return ""
    return f"{'Board' if table.bomb else 'Run'} {number}'s "


def _read_runs(table: Table, fields: Mapping[str, Any], errors: dict[str, str]) -> None:
    """How often the hand is run (``runs``: empty or 1, 2, 3), and whether it is a bomb pot
    (``bomb``: two boards dealt at once, which is the rule of a hand run twice); the later runs'
    boards (``board2``, ``board3``)."""
    bomb = fields.get("bomb")
    table.bomb = bomb is True or str(bomb or "").strip().lower() in _TRUE
    text = str(fields.get("runs") or "").strip().lower()
    words = {"": 1, "1": 1, "once": 1, "2": 2, "twice": 2, "3": 3, "three times": 3}
    if text not in words:
        errors["runs"] = f"Run it once, twice or three times (1, 2 or 3), not “{_short(text)}”."
        return
    table.runs = words[text]
    if table.bomb:
        if text and table.runs != 2:
            errors["runs"] = (
                "A bomb pot deals two boards: choose “twice”, or take off the bomb pot to run it "
                f"{'once' if table.runs == 1 else 'three times'}."
            )
        table.runs = 2
    table.later_boards = [
        " ".join(str(fields.get(f"board{n}") or "").split()) for n in range(2, table.runs + 1)
    ]


def check_boards(table: Table, hands: Mapping[str, str]) -> dict[str, str]:
    """The boards of a hand run more than once, checked card by card before the engine ranks them;
    each error keyed by the board it is about (``board``, ``board-2``, ``board-3``).

    Each board is the full five cards of its run. Runs share the cards dealt before the players
    agreed to run it (nothing when all-in before the flop, the flop, or the flop and the turn),
    the same cards in the same places on every board; no other card is on two boards or in a
    player's hand. The two boards of a bomb pot are dealt together and share no card.

    >>> t = Table(runs=2, board="2c 7d 9h Qs 3h", later_boards=["2c 7d 9h 7h Qs"])
    >>> check_boards(t, {"Ann": "As Ah"})
    {'board-2': "Run 2's board: Q♠ is on run 1's board too. Runs share only the cards dealt before
        the run (here the flop); every other card is dealt once."}
    >>> t.later_boards = ["2c 7d 9h 7h 3d"]
    >>> check_boards(t, {"Ann": "As Ah"})
    {}
    """
    from ..cards import parse_cards
    from ..errors import CardError

    errors: dict[str, str] = {}
    noun = "Board" if table.bomb else "Run"
    parsed: list[Sequence[Any]] = []
    held = {}
    for name, text in hands.items():
        try:
            for card in parse_cards(text):
                held[card] = name
        except CardError:
            continue  # the row's own error
    for number, text in enumerate(table.boards, start=1):
        key = run_key("board", number)
        label = f"{noun} {number}'s board" if noun == "Run" else f"Board {number}"
        if not text.strip():
            errors[key] = f"{label}: give its five cards" + (
                "." if table.bomb else ", the cards shared with the other runs included."
            )
            parsed.append([])
            continue
        try:
            cards = parse_cards(text)
        except CardError as err:
            errors[key] = f"{label}: {plain(str(err), capital=False)}"
            parsed.append([])
            continue
        parsed.append(cards)
        if len(cards) != 5:
            errors[key] = f"{label} has {len(cards)} cards: give all five" + (
                "." if table.bomb or number == 1 else ", the cards shared with run 1 included."
            )
            continue
        twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
        if twice is not None:
            errors[key] = f"{label} holds {twice} twice."
            continue
        holder = next((c for c in cards if c in held), None)
        if holder is not None:
            errors[key] = f"{label}: {holder} is in {held[holder]}'s hand; a card is dealt once."
    if errors:
        return errors
    first = parsed[0]
    shared = None
    for number, dealt in enumerate(parsed[1:], start=2):
        key = run_key("board", number)
        label = f"{noun} {number}'s board" if noun == "Run" else f"Board {number}"
        same = next((i for i in range(5) if dealt[i] != first[i]), 5)
        if table.bomb and same:
            return {
                key: f"{label} starts like board 1 ({' '.join(map(str, first[:same]))}): the two boards "
                "of a bomb pot are dealt at once and share no card."
            }
        if same == 5:
            return {key: f"{label} is run 1's board again: each run deals its own cards."}
        if same not in _SHARED:
            return {
                key: f"{label} shares its first {same} card{'s' if same > 1 else ''} with run 1's: "
                "runs share the flop (the first three cards) or the flop and the turn (the first "
                "four), or nothing when the players were all-in before the flop."
            }
        if shared is not None and same != shared:
            return {
                key: f"{label} shares {_SHARED[same]} with run 1's but run 2's shares "
                f"{_SHARED[shared]}: every run starts on the same street."
            }
        shared = same
        for earlier, other in enumerate(parsed[: number - 1], start=1):
            again = next((c for c in dealt[same:] if c in other), None)
            if again is not None:
                where = f"board {earlier}" if table.bomb else f"run {earlier}'s board"
                if table.bomb:
                    rule = "the two boards of a bomb pot share no card."
                elif same:
                    rule = (
                        f"Runs share only the cards dealt before the run (here {_SHARED[same]}); "
                        "every other card is dealt once."
                    )
                else:
                    rule = "Run from before the flop, each run deals its own five cards."
                return {key: f"{label}: {again} is on {where} too. {rule[:1].upper()}{rule[1:]}"}
    return {}


# ----------------------------------------------------------------------------------------------
# The engine's messages, in a dealer's words
# ----------------------------------------------------------------------------------------------

_PYTHON_BITS = (
    (re.compile(r"\s*\(for cents pass chip=Decimal\('[^']*'\)\)"), ""),
    (re.compile(r",?\s*e\.g\.\s*[\[{(][^\n]*?[\]})](?=[;:.]|$)"), ""),
    (re.compile(r"(?<![\w'])'([^'\n]{1,80})'(?![\w'])"), r"\1"),
    (re.compile(r"\bhands=|\bboard=|\bchip="), ""),
)


def plain(message: str, *, capital: bool = True) -> str:
    """An engine message without Python in it: no quotes of Python strings, no code examples.

    >>> plain("ranking names 'Eve', who is not seated (players: A, B)")
    'Ranking names Eve, who is not seated (players: A, B).'
    >>> plain("chip 1 does not divide A's 0.5: amounts must be whole chips (for cents pass "
    ...       "chip=Decimal('0.01'))")
    "Chip 1 does not divide A's 0.5: amounts must be whole chips."
    """
    text = " ".join(message.split())
    for pattern, replacement in _PYTHON_BITS:
        text = pattern.sub(replacement, text)
    text = text.strip()
    if text and not text.endswith((".", "?", "!")):
        text += "."
    return (text[:1].upper() if capital else text[:1].lower()) + text[1:]


def seated_in(message: str, names: Sequence[str]) -> str | None:
    """The last seated name a message mentions (the engine names the player it refuses last).

    >>> seated_in("card A♠ is both in Alice's cards and in Bilal's cards", ["Alice", "Bilal"])
    'Bilal'
    """
    best: tuple[int, str] | None = None
    for name in names:
        at = message.rfind(name)
        if at >= 0 and (best is None or at > best[0]):
            best = (at, name)
    return best[1] if best else None
