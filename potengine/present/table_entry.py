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

Every message is said in the page's language (``language``: "en", "nl", "de" or "el", through
the catalogues of :mod:`potengine.i18n`); an error raised here (:class:`EntryError`) is made with
:func:`~potengine.errors.said`, so that ``err.in_language(language)`` says it in any of the four.

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
from ..i18n import Words, words

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
    ``who`` (a player, or a phrase made with :func:`~potengine.errors.said` such as "The smallest
    chip") starts the message of an error.

    >>> read_amount("40"), read_amount("0,50"), read_amount(".5"), read_amount("2,50 €")
    (40, Decimal('0.50'), Decimal('0.5'), Decimal('2.50'))
    >>> read_amount("1,000", "Ann")
    Traceback (most recent call last):
    ...
    potengine.present.table_entry.EntryError: Ann: is 1,000 a thousand or one? Write 1000 for a
        thousand, 1.00 or 1,00 for one.
    >>> try:
    ...     read_amount("x", "Ann")
    ... except EntryError as err:
    ...     print(err.in_language("nl"))
    Ann: “x” is geen bedrag; schrijf chips zoals 40, 0.25 of 0,25.
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


def chip_note(chip: Amount, language: str = "en") -> str:
    """What the page says when it chose the chip itself.

    >>> chip_note(1)
    'No smallest chip was given: every amount is whole, so the chip is 1.'
    >>> chip_note(Decimal("0.01"))
    'No smallest chip was given: the amounts are written in hundredths, so the chip is 0.01 (a cent).'
    >>> print(chip_note(Decimal("0.01"), "de"))
    Kein kleinster Chip angegeben: Die Beträge sind in Hundertsteln geschrieben, also ist der Chip
        0.01 (ein Cent).
    """
    _ = words(language)
    if chip == 1:
        return _("No smallest chip was given: every amount is whole, so the chip is 1.")
    exponent = chip.as_tuple().exponent if isinstance(chip, Decimal) else 0
    places = -exponent if isinstance(exponent, int) else 0
    if places == 1:
        written = _.p("written in", "tenths")
    elif places == 2:
        written = _.p("written in", "hundredths")
    else:
        written = _.p("written in", "{places} decimals", places=places)
    return _(
        "No smallest chip was given: the amounts are written in {written}, so the chip is {chip}{cent}.",
        written=written,
        chip=fmt(chip),
        cent=_(" (a cent)") if places == 2 else "",
    )


# ----------------------------------------------------------------------------------------------
# The quick text
# ----------------------------------------------------------------------------------------------

_ITEM_BREAK = re.compile(r"[\n;]|,(?!(?<=\d,)\d+\s*[$€£]?\s*(?:$|[\n;,\s]))")
_FOLDED = re.compile(r"\s*[(\[]?\s*(?:folded|fold|folds|gefold|gefoldet)\s*[)\]]?\s*$", re.IGNORECASE)
_PAIR = re.compile(r"^(?P<name>.*?)\s*(?:[:=]\s*|\s+)(?P<amount>[^\s:=]+(?:\s*[$€£])?)$")
_LOOSE_NUMBER = re.compile(r"^[$€£]?\d+(?:[.,]\d+)?[$€£]?$")


def split_quick(text: str) -> list[tuple[str, str, bool]]:
    """The quick field as ``(name, amount text, folded)``, in seat order.

    Players are separated by new lines, semicolons or commas; a comma between digits is a decimal
    comma (``Ann 0,25``). Name and amount are separated by ``:``, ``=`` or a space; the amount is
    the last word, so a name may hold spaces (``Big Tom 40``). A trailing ``folded`` marks a fold
    (``fold`` too, and the Dutch and German dealer's ``gefold`` and ``gefoldet``).

    >>> split_quick("Ann 0,25, Bob:1,5; Big Tom = 2 folded")
    [('Ann', '0,25', False), ('Bob', '1,5', False), ('Big Tom', '2', True)]
    >>> split_quick("Ann 5 gefoldet, Bob 5")
    [('Ann', '5', True), ('Bob', '5', False)]
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
    """The seated players' names, matched whatever the case the reader types; the messages about
    them in the words ``_`` (:func:`potengine.i18n.words`).

    >>> seats = Seats(["Ann", "Chloé"])
    >>> seats.find("ann"), seats.find("CHLOÉ"), seats.find("Eve")
    ('Ann', 'Chloé', None)
    >>> Seats(["Ann", "Bob"], words("nl")).unknown("Eve", "De button")
    'De button noemt Eve, die niet aan tafel zit (aan tafel: Ann en Bob).'
    """

    def __init__(self, names: Iterable[str], _: Words | None = None) -> None:
        self.names = list(names)
        self._by_key = {name_key(n): n for n in self.names}
        self._ = _ or words("en")

    def find(self, name: str) -> str | None:
        """The seated name ``name`` means, or None."""
        return self._by_key.get(name_key(name))

    def listed(self) -> str:
        """The seated players for a message: ``Ann, Bob and Chloé``."""
        return self._.join(self.names)

    def unknown(self, name: str, what: str) -> str:
        """The message for a name nobody at the table has (``what``: the field, already said)."""
        _ = self._
        return _(
            "{what} names {name}, who is not at the table (seated: {seated}).",
            what=what,
            name=_short(name.strip()),
            seated=self.listed(),
        )


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


def read_table(fields: Mapping[str, Any], language: str = "en") -> tuple[Table, dict[str, str]]:
    """Read the calculator's fields into a :class:`Table`; errors keyed by where they belong.

    ``fields`` is either the page's rows (``rows``: a list of ``{name, amount, folded, cards}``,
    ``order``: the tapped order of hands, a list of tie groups, best first) or the URL's text
    fields (``players``, ``folded``, ``ranking``, ``hands``); both take ``button``, ``chip``
    and ``board``. An error's key is ``row-N-name``, ``row-N-amount`` or ``row-N-cards`` for
    row N (from 0), else the field's name (``players``, ``folded``, ``ranking``, ``hands``,
    ``order``, ``button``, ``chip``, ``board``), or ``table`` for the whole table. The messages
    are in ``language``.

    >>> table, errors = read_table({"players": "ann 40, Bob 0,25", "ranking": "BOB > Ann", "chip": ""})
    >>> [r.name for r in table.rows], table.order, table.chip_amount, errors
    (['ann', 'Bob'], [['Bob'], ['ann']], Decimal('0.01'), {})
    >>> read_table({"rows": [{"name": "Ann", "amount": "x"}, {"name": "Bob", "amount": "5"}]})[1]
    {'row-0-amount': 'Ann: “x” is not an amount; write chips like 40, 0.25 or 0,25.'}
    >>> read_table({"players": "Ann 5, Bob 5", "button": "Eve"}, "de")[1]
    {'button': 'Der Button nennt Eve, der nicht am Tisch sitzt (am Tisch: Ann und Bob).'}
    """
    _ = words(language)
    texts = ("players", "folded", "ranking", "hands", "ranking2", "ranking3")
    get = {key: str(fields.get(key) or "").strip() for key in texts}
    table = Table(
        button=" ".join(str(fields.get("button") or "").split()),
        chip=str(fields.get("chip") or "").strip(),
        board=str(fields.get("board") or "").strip(),
    )
    errors: dict[str, str] = {}
    _read_runs(table, fields, errors, _)
    from_rows = "rows" in fields
    if from_rows:
        rows = fields.get("rows") or []
        table.rows = [_row_of(r) for r in rows] if isinstance(rows, list) else []
    else:
        try:
            table.rows = [Row(n, a, f) for n, a, f in split_quick(get["players"])]
        except EntryError as err:
            return table, {"players": err.in_language(language)}
    _read_rows(table, errors, _)
    seats = Seats((r.name for r in table.rows), _)
    if not from_rows:
        _read_text_fields(table, get, seats, errors, _)
    else:
        for number in range(1, table.runs + 1):
            suffix = "" if number == 1 else str(number)
            if table.runs == 1:
                what = _("The order of hands")
            elif table.bomb:
                what = _("Board {number}'s order of hands", number=number)
            else:
                what = _("Run {number}'s order of hands", number=number)
            order = _read_order(fields.get(f"order{suffix}"), seats, what, run_key("order", number), errors)
            if number == 1:
                table.order = order
            else:
                table.later_orders.append(order)
    if table.button:
        seated = seats.find(table.button)
        if seated is None:
            errors["button"] = seats.unknown(table.button, _("The button"))
        else:
            table.button = seated
    _read_chip(table, errors, _)
    return table, errors


def _read_rows(table: Table, errors: dict[str, str], _: Words) -> None:
    """Names and amounts of every row: each error against its row."""
    seen: dict[str, int] = {}
    for i, row in enumerate(table.rows):
        row.name = " ".join(unicodedata.normalize("NFC", row.name).split())
        if not row.name:
            errors.setdefault(
                f"row-{i}-name", _("Seat {seat}: who sits here? Write the player's name.", seat=i + 1)
            )
            continue
        bad = sorted(_FORBIDDEN & set(row.name))
        if bad:
            errors.setdefault(
                f"row-{i}-name",
                _(
                    "{name}: a name cannot hold {marks}; those marks separate players.",
                    name=row.name,
                    marks=" ".join(bad),
                ),
            )
            continue
        key = name_key(row.name)
        if key in seen:
            first = table.rows[seen[key]].name
            if first == row.name:
                message = _("{name} is seated twice: give each player a different name.", name=row.name)
            else:
                message = _(
                    "{name} is seated twice ({first} and {name} read the same): give each player a "
                    "different name.",
                    name=row.name,
                    first=first,
                )
            errors.setdefault(f"row-{i}-name", message)
            continue
        seen[key] = i
        try:
            table.contributions[row.name] = read_amount(row.amount, row.name)
        except EntryError as err:
            errors.setdefault(f"row-{i}-amount", err.in_language(_.language))
    named = [r for r in table.rows if r.name]
    if len(table.rows) < 2:
        errors["table"] = _("A pot needs at least two players: give each player and what he put in.")
    elif named and all(r.folded for r in named):
        errors["table"] = _("Everybody folded: somebody must be left to win the pot.")


def _read_text_fields(
    table: Table, get: Mapping[str, str], seats: Seats, errors: dict[str, str], _: Words
) -> None:
    """The URL's folded, ranking and hands fields, matched to the seated names."""
    for name in _names(get["folded"]):
        seated = seats.find(name)
        if seated is None:
            errors.setdefault("folded", seats.unknown(name, _("The folded list")))
            continue
        next(r for r in table.rows if r.name == seated).folded = True
    if len(table.rows) > 1 and all(r.folded for r in table.rows if r.name) and "folded" not in errors:
        errors["table"] = _("Everybody folded: somebody must be left to win the pot.")
    table.order = _read_ranking(get["ranking"], seats, _("The showdown"), "ranking", errors, _)
    for number in range(2, table.runs + 1):
        text = get.get(f"ranking{number}", "")
        if table.bomb:
            what = _("Board {number}'s showdown", number=number)
        else:
            what = _("Run {number}'s showdown", number=number)
        table.later_orders.append(_read_ranking(text, seats, what, run_key("ranking", number), errors, _))
    for item in re.split(r"[,;\n]", get["hands"]):
        if not item.strip():
            continue
        name, sep, cards = item.partition(":") if ":" in item else item.partition("=")
        seated = seats.find(name) if sep else None
        if not sep or not cards.strip():
            errors.setdefault(
                "hands",
                _(
                    "“{item}”: write each player's cards like Alice:AsKs, Bilal:7h7d.",
                    item=_short(item.strip()),
                ),
            )
        elif seated is None:
            errors.setdefault("hands", seats.unknown(name, _("The cards")))
        else:
            next(r for r in table.rows if r.name == seated).cards = " ".join(cards.split())


def _read_ranking(
    text: str, seats: Seats, what: str, key: str, errors: dict[str, str], _: Words
) -> list[list[str]]:
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
                    _(
                        "{what} has an empty place: write it like Alice > Chloé = Bilal (> beats, = ties).",
                        what=what,
                    ),
                )
                continue
            seated = seats.find(name)
            if seated is None:
                errors.setdefault(key, seats.unknown(name, what))
            elif seated in seen:
                errors.setdefault(key, _("{what} names {name} twice.", what=what, name=seated))
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


def _read_chip(table: Table, errors: dict[str, str], _: Words) -> None:
    """The chip as written, or inferred from the amounts when left empty."""
    if not table.chip:
        table.chip_amount = infer_chip(table.contributions.values())
        table.chip_inferred = True
    else:
        try:
            table.chip_amount = read_amount(table.chip, said("The smallest chip"))
        except EntryError as err:
            errors["chip"] = err.in_language(_.language)
            return
        if not table.chip_amount:
            errors["chip"] = _(
                "The smallest chip cannot be 0: write the smallest chip in play, like 1 or 0.05."
            )
            return
    for i, row in enumerate(table.rows):
        amount = table.contributions.get(row.name)
        if amount is not None and amount % table.chip_amount:
            errors.setdefault(
                f"row-{i}-amount",
                _(
                    "{name}: {amount} is not a whole number of the smallest chip, {chip}; check the "
                    "amount, or the chip (leave it empty to let the page choose it).",
                    name=row.name,
                    amount=fmt(amount),
                    chip=fmt(table.chip_amount),
                ),
            )


# ----------------------------------------------------------------------------------------------
# Runs and boards: a hand run twice or three times, a bomb pot's two boards
# ----------------------------------------------------------------------------------------------

MOST_RUNS = 3
"""The calculator runs a hand at most three times (rooms offer twice or three times)."""

_TRUE = {"1", "true", "yes", "on"}


def _shared(count: int, _: Words) -> str:
    """The cards the runs share, as a phrase: nothing, the flop, the flop and the turn."""
    if count == 3:
        return _.p("shared", "the flop")
    if count == 4:
        return _.p("shared", "the flop and the turn")
    return _.p("shared", "nothing")


def run_key(field: str, number: int) -> str:
    """The key of an error about one run's field: ``order`` for run 1, ``order-2`` for run 2.

    >>> run_key("board", 1), run_key("board", 3)
    ('board', 'board-3')
    """
    return field if number == 1 else f"{field}-{number}"


def run_name(number: int, table: Table, language: str = "en") -> str:
    """How a message names a run: ``Run 2``, or ``Board 2`` in a bomb pot (two boards dealt at
    once); nothing for a hand dealt once.

    >>> run_name(2, Table(runs=2)), run_name(1, Table(runs=2, bomb=True), "nl"), run_name(1, Table())
    ('Run 2', 'Board 1', '')
    """
    if table.runs == 1:
        return ""
    _ = words(language)
    if table.bomb:
        return _("Board {number}", number=number)
    return _("Run {number}", number=number)


def _read_runs(table: Table, fields: Mapping[str, Any], errors: dict[str, str], _: Words) -> None:
    """How often the hand is run (``runs``: empty or 1, 2, 3), and whether it is a bomb pot
    (``bomb``: two boards dealt at once, which is the rule of a hand run twice); the later runs'
    boards (``board2``, ``board3``)."""
    bomb = fields.get("bomb")
    table.bomb = bomb is True or str(bomb or "").strip().lower() in _TRUE
    text = str(fields.get("runs") or "").strip().lower()
    runs = {"": 1, "1": 1, "once": 1, "2": 2, "twice": 2, "3": 3, "three times": 3}
    if text not in runs:
        errors["runs"] = _("Run it once, twice or three times (1, 2 or 3), not “{text}”.", text=_short(text))
        return
    table.runs = runs[text]
    if table.bomb:
        if text and table.runs == 1:
            errors["runs"] = _(
                "A bomb pot deals two boards: choose “twice”, or take off the bomb pot to run it once."
            )
        elif text and table.runs == 3:
            errors["runs"] = _(
                "A bomb pot deals two boards: choose “twice”, or take off the bomb pot to run it three times."
            )
        table.runs = 2
    table.later_boards = [
        " ".join(str(fields.get(f"board{n}") or "").split()) for n in range(2, table.runs + 1)
    ]


def check_boards(table: Table, hands: Mapping[str, str], language: str = "en") -> dict[str, str]:
    """The boards of a hand run more than once, checked card by card before the engine ranks them;
    each error keyed by the board it is about (``board``, ``board-2``, ``board-3``), in
    ``language``.

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

    _ = words(language)
    errors: dict[str, str] = {}
    parsed: list[Sequence[Any]] = []
    held = {}

    def label(number: int) -> str:
        if table.bomb:
            return _("Board {number}", number=number)
        return _("Run {number}'s board", number=number)

    for name, text in hands.items():
        try:
            for card in parse_cards(text):
                held[card] = name
        except CardError:
            continue  # the row's own error
    for number, text in enumerate(table.boards, start=1):
        key = run_key("board", number)
        board = label(number)
        if not text.strip():
            if table.bomb:
                errors[key] = _("{board}: give its five cards.", board=board)
            else:
                errors[key] = _(
                    "{board}: give its five cards, the cards shared with the other runs included.",
                    board=board,
                )
            parsed.append([])
            continue
        try:
            cards = parse_cards(text)
        except CardError as err:
            errors[key] = _(
                "{board}: {problem}", board=board, problem=plain(err.in_language(language), capital=False)
            )
            parsed.append([])
            continue
        parsed.append(cards)
        if len(cards) != 5:
            if table.bomb or number == 1:
                errors[key] = _("{board} has {count} cards: give all five.", board=board, count=len(cards))
            else:
                errors[key] = _(
                    "{board} has {count} cards: give all five, the cards shared with run 1 included.",
                    board=board,
                    count=len(cards),
                )
            continue
        twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
        if twice is not None:
            errors[key] = _("{board} holds {card} twice.", board=board, card=twice)
            continue
        holder = next((c for c in cards if c in held), None)
        if holder is not None:
            errors[key] = _(
                "{board}: {card} is in {player}'s hand; a card is dealt once.",
                board=board,
                card=holder,
                player=held[holder],
            )
    if errors:
        return errors
    first = parsed[0]
    shared = None
    for number, dealt in enumerate(parsed[1:], start=2):
        key = run_key("board", number)
        board = label(number)
        same = next((i for i in range(5) if dealt[i] != first[i]), 5)
        if table.bomb and same:
            return {
                key: _(
                    "{board} starts like board 1 ({cards}): the two boards of a bomb pot are dealt at "
                    "once and share no card.",
                    board=board,
                    cards=" ".join(map(str, first[:same])),
                )
            }
        if same == 5:
            return {key: _("{board} is run 1's board again: each run deals its own cards.", board=board)}
        if same not in (0, 3, 4):
            return {
                key: _.n(
                    "{board} shares its first {count} card with run 1's: runs share the flop (the first "
                    "three cards) or the flop and the turn (the first four), or nothing when the players "
                    "were all-in before the flop.",
                    "{board} shares its first {count} cards with run 1's: runs share the flop (the first "
                    "three cards) or the flop and the turn (the first four), or nothing when the players "
                    "were all-in before the flop.",
                    same,
                    board=board,
                    count=same,
                )
            }
        if shared is not None and same != shared:
            return {
                key: _(
                    "{board} shares {shared} with run 1's but run 2's shares {other}: every run starts on "
                    "the same street.",
                    board=board,
                    shared=_shared(same, _),
                    other=_shared(shared, _),
                )
            }
        shared = same
        for earlier, other in enumerate(parsed[: number - 1], start=1):
            again = next((c for c in dealt[same:] if c in other), None)
            if again is None:
                continue
            if table.bomb:
                where = _("board {number}", number=earlier)
                rule = _("The two boards of a bomb pot share no card.")
            else:
                where = _("run {number}'s board", number=earlier)
                if same:
                    rule = _(
                        "Runs share only the cards dealt before the run (here {shared}); every other card "
                        "is dealt once.",
                        shared=_shared(same, _),
                    )
                else:
                    rule = _("Run from before the flop, each run deals its own five cards.")
            return {
                key: _(
                    "{board}: {card} is on {where} too. {rule}",
                    board=board,
                    card=again,
                    where=where,
                    rule=rule,
                )
            }
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
