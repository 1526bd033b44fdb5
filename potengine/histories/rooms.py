"""Which room wrote a hand-history file, and where each of its hands begins: for every room.

One decoding layer for every file (:func:`decode`): UTF-16 (little or big endian) and UTF-8
byte-order marks, wherever they are (files joined with ``cat`` carry them mid-text), UTF-8 with a
Windows-1252 fallback line by line, NUL bytes and lone carriage returns (old Macintosh line ends).

Then the room is recognised from the text (:func:`recognise`): each room writes a header line of
its own at the top of every hand (``PokerStars Hand #``, ``Poker Hand #RC`` for GGPoker,
``Winamax Poker -``, ``Hand #… -`` or ``Game started at:`` for WPN/ACR, ``<game gamecode=`` for
iPoker XML, ``***** 888poker Hand History`` for 888/Pacific, ``***** Hand History for Game`` for
partypoker, ``Full Tilt Poker Game #``, ``Ignition``/``Bovada``/``Bodog Hand #``, and PokerNow's
``entry,at,order`` CSV log with its ``-- starting hand #`` rows or its JSON export). The hands are
cut per room (:func:`cut_hands`), so that a file of a room the auditor cannot read yet is still
counted in hands, each hand named by its own ID, and never read as one huge PokerStars "hand".

A room the auditor reads names its reader, the module of :mod:`potengine.histories` that turns its
hands into the neutral record (:mod:`~potengine.histories.record`): :attr:`Room.reader`, in
:data:`ROOMS` below, is the one place a reader plugs in. The module has a function
``read_hand(hand: RoomHand) -> HandHistory`` that reads one hand as cut here, or raises a
:class:`~potengine.errors.HandHistoryError` (an ``UnsupportedHandError`` for a game the engine
does not play) naming the hand's ID and line; the auditor (:func:`potengine.histories.audit.audit_lines`)
calls it for each hand, so one bad hand never stops the others. PokerStars' reader streams a file
line by line instead (:func:`potengine.histories.pokerstars.iter_text`).

>>> text = decode("\\ufeffPoker Hand #RC1: Hold'em".encode("utf-16-le"))
>>> text, recognise(text).label
("Poker Hand #RC1: Hold'em", 'GGPoker')
>>> hand = "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit\\n"
>>> print(survey(hand + "\\n" + hand)["message"])
Winamax history, 2 hands
"""

from __future__ import annotations

import json
import os
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain, islice
from typing import Any

from ..errors import said
from .pokerstars import MAX_LINE_CHARS, open_lines

# A hand may sit in a quoted text of a program (``export const HAND = `Bovada Hand #…``): the
# header then follows a backtick on its line.
_LEAD = r"^(?:[^\n`]*`)?"


@dataclass(frozen=True)
class Room:
    """A room: its short name (as ``--room`` would take it), its name for readers, the header that
    opens each of its hands (group 1: the hand's ID), and the module of
    :mod:`potengine.histories` that reads its hands ("" while none does)."""

    name: str
    label: str
    header: re.Pattern[str]
    reader: str = ""

    @property
    def readable(self) -> bool:
        """Whether the auditor reads this room's hands."""
        return bool(self.reader)


def _room(name: str, label: str, header: str, *, reader: str = "") -> Room:
    return Room(name, label, re.compile(_LEAD + header, re.M), reader)


ROOMS: tuple[Room, ...] = (
    _room(
        "pokerstars",
        "PokerStars",
        r"PokerStars (?:Zoom (?:Hand|Game)|Home Game(?: Hand)?|Hand|Game) #(\d+):",
        reader="pokerstars",
    ),
    _room("ggpoker", "GGPoker", r"Poker Hand #([A-Z]{1,4}\d+):", reader="ggpoker"),
    _room("winamax", "Winamax", r"Winamax Poker - .*?HandId: #([\d-]+)", reader="winamax"),
    _room("wpn", "WPN/ACR", r"(?:(?:Game )?Hand #(\d+) - |Game started at: )", reader="wpn"),
    _room("ipoker", "iPoker", r".*?<game gamecode=\"([^\"]*)\"", reader="ipoker"),
    _room(
        "888poker",
        "888poker",
        r"\*{5} (?:888poker|888\.\w+|Cassava|Pacific Poker|LuckyAcePoker\.com) Hand History for Game (\d+)",
        reader="pacific",
    ),
    _room("partypoker", "partypoker", r"\*{5} Hand History [Ff]or Game (\d+) \*{5}", reader="partypoker"),
    _room("fulltilt", "Full Tilt", r"Full Tilt Poker (?:Game|Tournament) #(\d+)", reader="fulltilt"),
    _room("ignition", "Ignition/Bovada", r"(?:Ignition|Bovada|Bodog) Hand #(\d+)", reader="ignition"),
    _room("pokernow", "PokerNow", r"\"?-- starting hand #(\d+)", reader="pokernow"),
)
"""Every room recognised, in the order their headers are tried."""

BY_NAME = {room.name: room for room in ROOMS}
POKERSTARS = BY_NAME["pokerstars"]
_POKERNOW_CSV = "entry,at,order"


def _group(room: Room) -> str:
    return "r" + room.name  # a group name may not start with a digit


# Every room's header at once: the first line that opens a hand names the room.
_ANY = re.compile("|".join(f"(?P<{_group(r)}>{r.header.pattern})" for r in ROOMS), re.M)
_ANY_PLAIN = re.compile(
    "|".join(f"(?P<{_group(r)}>^{r.header.pattern.removeprefix(_LEAD)})" for r in ROOMS), re.M
)
"""The same without the lead that lets a header follow a backtick, for text that holds none."""
_GROUPS = {_group(r): r for r in ROOMS}
_IPOKER = BY_NAME["ipoker"]
_POKERNOW = BY_NAME["pokernow"]


# ----------------------------------------------------------------------------------------------
# Decoding
# ----------------------------------------------------------------------------------------------


def _utf16(data: bytes) -> str | None:
    """``data`` as UTF-16 if it says so (a byte-order mark) or looks so (every other byte NUL)."""
    if data[:2] == b"\xff\xfe":
        return data[2:].decode("utf-16-le", errors="replace")
    if data[:2] == b"\xfe\xff":
        return data[2:].decode("utf-16-be", errors="replace")
    sample = data[:4096]
    if len(sample) >= 4 and sample.count(0) * 3 >= len(sample):  # text with a NUL in every pair
        even, odd = sample[0::2].count(0), sample[1::2].count(0)
        if odd > 2 * even:
            return data[: len(data) // 2 * 2].decode("utf-16-le", errors="replace")
        if even > 2 * odd:
            return data[: len(data) // 2 * 2].decode("utf-16-be", errors="replace")
    return None


def _lines_8bit(data: bytes) -> str:
    """UTF-8 line by line, a line that is not UTF-8 read as Windows-1252 (as older clients wrote)."""
    lines = []
    for line in data.split(b"\n"):
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError:
            lines.append(line.decode("cp1252", errors="replace"))
    return "\n".join(lines)


def decode(data: bytes | str) -> str:
    """A file's bytes (or text) as clean text: every byte-order mark and NUL gone, line ends ``\\n``.

    >>> decode("\\ufeffa\\r\\nb\\rc\\x00d\\ufeffe")
    'a\\nb\\ncde'
    >>> decode("Café".encode("cp1252")), decode("\\ufeffé".encode("utf-16-be"))
    ('Café', 'é')
    """
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        text = _utf16(raw)
        if text is None:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = _lines_8bit(raw)
    else:
        text = data
        if "\x00" in text and text.startswith("\ufffd\ufffd"):  # UTF-16 read as UTF-8 by a browser
            text = text[2:]
    if "\x00" in text:
        text = text.replace("\x00", "")
    if "\ufeff" in text:
        text = text.replace("\ufeff", "")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


# ----------------------------------------------------------------------------------------------
# Recognition and cutting
# ----------------------------------------------------------------------------------------------


def _pokernow_json(text: str) -> list[dict[str, Any]] | None:
    """The hands of a PokerNow JSON export (``{"hands": [{"id": …, "events": […]}, …]}``), if it is one."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    hands = data.get("hands") if isinstance(data, dict) else None
    if isinstance(hands, list) and all(isinstance(h, dict) for h in hands):
        return hands
    return None


_POKERNOW_JSON_HEAD = re.compile(r'"hands"\s*:\s*\[\s*\{.*?"(?:handVersion|gameType|dealerSeat)"', re.S)
"""The head of a PokerNow JSON export, enough to recognise it before the whole is read."""


def recognise(text: str) -> Room | None:
    """The room whose header opens the first hand of ``text`` (decoded), or None if no room's.

    >>> recognise("PokerStars Hand #1: Hold'em No Limit (1/2)").label
    'PokerStars'
    >>> recognise('entry,at,order\\n"-- starting hand #1 (id: x) --",2021,1').label
    'PokerNow'
    >>> recognise('{"gameId": "g1", "hands": [{"id": "a1", "handVersion": 2, "number": "1",').label
    'PokerNow'
    >>> recognise("hello") is None
    True
    """
    head = text.lstrip()[:20]
    if head.startswith(_POKERNOW_CSV):
        return _POKERNOW
    if head.startswith("{") and (_pokernow_json(text) is not None or _POKERNOW_JSON_HEAD.search(text[:4096])):
        return _POKERNOW  # (the head alone, as the auditor peeks at a stream's first lines)
    if head.startswith("<") and ("<session" in text or "<game gamecode=" in text):
        return _IPOKER
    # What _ANY.search(text) finds, tried line by line: at any other place its "^" fails, only
    # after trying every room's header there (and without the backtick lead when none is written).
    match = (_ANY if "`" in text else _ANY_PLAIN).match
    at = 0
    while True:
        found = match(text, at)
        if found is not None and found.lastgroup is not None:
            return _GROUPS[found.lastgroup]
        end = text.find("\n", at)
        if end < 0:
            return None
        at = end + 1


@dataclass(frozen=True)
class RoomHand:
    """One hand as cut from a file: its room, its ID (text, as the room writes it, or None), the
    number of its first line and its text.

    ``preamble`` is text from before the hand that the hand needs and shares with others, and
    ``preamble_line`` the number of its first line: an iPoker hand (``<game gamecode=…>``) names
    neither its game, nor its stakes, nor its currency, which its session's ``<general>`` block
    (once at the top of the session, before the first hand) gives every hand of the session.
    """

    room: Room
    hand_id: str | None
    line: int
    text: str
    preamble: str = ""
    preamble_line: int = 0


def cut_hands(text: str, room: Room | None = None) -> list[RoomHand]:
    """The hands of ``text`` (decoded), cut where ``room``'s header opens one (recognised if None).

    Text before the first header is not a hand; PokerNow's CSV log, newest row first, is cut at its
    ``-- starting hand #`` rows; its JSON export gives one hand per item of ``hands``.

    >>> [(h.hand_id, h.line) for h in cut_hands("x\\nPoker Hand #RC7: a\\nb\\nPoker Hand #RC8: c")]
    [('RC7', 2), ('RC8', 4)]
    """
    room = room or recognise(text)
    if room is None:
        return []
    if room is _POKERNOW and text.lstrip().startswith("{"):
        items = _pokernow_json(text) or []
        ids = [str(h.get("id") or h.get("number") or "") or None for h in items]
        return [RoomHand(room, hand_id, 1, json.dumps(h)) for hand_id, h in zip(ids, items, strict=True)]
    if room is _POKERNOW:  # a CSV log: its starting rows, found by their plain words (fast)
        starts = []
        for m in _POKERNOW_START.finditer(text):
            at = m.start() - (text[m.start() - 1 : m.start()] == '"')  # the row's opening quote
            if at == 0 or text[at - 1] == "\n":
                starts.append((at, m.group(1)))
        if _newest_first(text, starts):
            return _cut_newest_first(text, room, starts)
    elif room is _IPOKER:
        starts = _ipoker_starts(text)
    else:
        starts = [(m.start(), m.group(1)) for m in _headers(room, text)]
    if room.name == "wpn":  # the old layout's ID is on the line after "Game started at:"
        starts = [(at, hand_id or _wpn_old_id(text, at)) for at, hand_id in starts]
    hands = []
    line = 1 + text.count("\n", 0, starts[0][0]) if starts else 1
    sessions = _ipoker_sessions(text) if room is _IPOKER else []
    for i, (at, hand_id) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        body = text[at:end]
        if sessions:  # each iPoker hand carries its session's <general> block
            where = bisect_right(sessions, (at,)) - 1
            _, preamble_line, preamble = sessions[where] if where >= 0 else (0, 0, "")
            hands.append(RoomHand(room, hand_id, line, body, preamble, preamble_line))
        else:
            hands.append(RoomHand(room, hand_id, line, body))
        line += body.count("\n")
    return hands


def _loose(pattern: str) -> str:
    """A header's pattern without what ties it to a line's start (the ``^``, the backtick lead, a
    leading ``.*?`` or optional quote), a leading ``\\*{5}`` spelled out: what a plain search can
    find fast (a pattern that starts with a fixed text is searched for as that text)."""
    loose = pattern.removeprefix(_LEAD)
    for lead in (".*?", '\\"?'):
        loose = loose.removeprefix(lead)
    return loose.replace("\\*{5}", "\\*" * 5, 1) if loose.startswith("\\*{5}") else loose


_FIND = {
    **{r.name: re.compile(_loose(r.header.pattern)) for r in ROOMS if r.name != "wpn"},
    "ignition": re.compile(r" Hand #\d"),  # (its three names are tried a character at a time)
}
"""Each room's header (or a part of it that every header holds), found anywhere, to look for its
lines fast: a search for a fixed text. WPN's, ``Hand #N - `` or ``Game started at:``, has no
part of its own that every header holds and is no faster so: its pattern is tried at every line."""
_PLAIN = {r.name: re.compile("^" + r.header.pattern.removeprefix(_LEAD), re.M) for r in ROOMS}
"""Each room's header without the lead that lets it follow a backtick, for text that holds none."""


def _headers(room: Room, text: str) -> Iterator[re.Match[str]]:
    """The matches of ``room``'s header in ``text``: what ``room.header.finditer(text)`` gives,
    found faster. That pattern is tried at every line's start (its ``^``), which costs about as
    much as reading a small hand; here the header is searched for anywhere (a plain text search),
    and the pattern tried only at the start of a line where it is found.

    >>> text = "x Full Tilt Poker Game #1\\nFull Tilt Poker Game #2: a\\nFull Tilt Poker Game #3"
    >>> [m.group(1) for m in _headers(BY_NAME["fulltilt"], text)]
    ['2', '3']
    >>> [m.group(1) for m in BY_NAME["fulltilt"].header.finditer(text)]
    ['2', '3']
    """
    find = _FIND.get(room.name)
    anchored = room.header if "`" in text else _PLAIN.get(room.name, room.header)
    if find is None:
        yield from anchored.finditer(text)
        return
    search, match = find.search, anchored.match
    at = 0
    while True:
        found = search(text, at)
        if found is None:
            return
        where = found.start()
        start = text.rfind("\n", 0, where) + 1  # the start of the line it is on
        if start >= at:  # (a line the last match did not end on)
            hit = match(text, start)
            if hit is not None:
                yield hit
                at = max(hit.end(), start + 1)
                continue
        end = text.find("\n", where)
        if end < 0:
            return
        at = end + 1  # none on this line: the next line


_POKERNOW_START = re.compile(r"-- starting hand #(\d+)")
"""A PokerNow CSV log's starting row, searched for without the generic header's lead (which
scans every line for a backtick)."""
_ORDER = re.compile(r",(\d+)[ \t]*$", re.M)


def _newest_first(text: str, starts: list[tuple[int, str]]) -> bool:
    """Whether a PokerNow CSV log runs newest row first, as PokerNow writes it: the ``order``
    (time) of its first row is above its last row's, or else its hand numbers go down."""
    first, last = _ORDER.findall(text[:2000]), _ORDER.findall(text[-2000:])
    if first and last and first[0] != last[-1]:
        return int(first[0]) > int(last[-1])
    return len(starts) > 1 and int(starts[0][1]) > int(starts[1][1])


def _cut_newest_first(text: str, room: Room, starts: list[tuple[int, str]]) -> list[RoomHand]:
    """The hands of a PokerNow CSV log written newest row first: each hand's rows sit above its
    ``-- starting hand #`` row, so a hand runs from the row after the starting row of the hand
    before it in the file (the next hand in time) down to its own starting row. Each hand is that
    slice of the file, its rows as the file has them (its reader puts them in time order); rows
    below the first hand's starting row (seats requested, stakes set) belong to no hand."""
    hands = []
    head = text.find("\n") + 1 if text.startswith(_POKERNOW_CSV) else 0
    at, line = head, 1 + text.count("\n", 0, head)
    for start, hand_id in starts:
        end = text.find("\n", start)
        end = len(text) if end < 0 else end + 1
        body = text[at:end]
        hands.append(RoomHand(room, hand_id, line, body))
        line += body.count("\n")
        at = end
    return hands


_IPOKER_GAME = '<game gamecode="'


def _ipoker_starts(text: str) -> list[tuple[int, str | None]]:
    """Where each iPoker hand starts (the line of its ``<game gamecode="…"``) and its ID: what
    the room's header pattern finds, found with ``str.find`` (the pattern, tried at every line
    of an XML file, cost more than reading the hand).

    >>> _ipoker_starts('<session>\\n  <game gamecode="7"></game><game gamecode="8">')
    [(10, '7')]
    """
    found: list[tuple[int, str | None]] = []
    at = text.find(_IPOKER_GAME)
    while at >= 0:
        begins = at + len(_IPOKER_GAME)
        ends = text.find('"', begins)
        if ends < 0:
            break
        line = text.rfind("\n", 0, at) + 1
        if not found or found[-1][0] != line:  # one hand a line, as the pattern's "^" has it
            found.append((line, text[begins:ends]))
        at = text.find(_IPOKER_GAME, ends)
    return found


_IPOKER_SESSION = re.compile(r"<session\b[^>]*>\s*(<general>.*?</general>)", re.S)


def _ipoker_sessions(text: str) -> list[tuple[int, int, str]]:
    """Each iPoker session's ``<general>`` block (the game, stakes and currency of its hands):
    where it starts, the number of its first line, and its text, in the order of the file.

    >>> _ipoker_sessions('<session sessioncode="1">\\n <general><mode>real</mode></general>')
    [(27, 2, '<general><mode>real</mode></general>')]
    """
    found = []
    line, counted = 1, 0
    for match in _IPOKER_SESSION.finditer(text):
        at = match.start(1)
        line += text.count("\n", counted, at)
        counted = at
        found.append((at, line, match.group(1)))
    return found


_WPN_OLD_ID = re.compile(r"Game ID: (\d+)")


def _wpn_old_id(text: str, at: int) -> str | None:
    match = _WPN_OLD_ID.search(text, at, at + 300)
    return match.group(1) if match else None


def count_hands(text: str) -> int:
    """How many hands ``text`` (decoded) holds, cut as its room cuts them.

    >>> count_hands("Full Tilt Poker Game #1: x\\n\\nFull Tilt Poker Game #2: y\\n")
    2
    """
    return len(cut_hands(text))


def not_read(room: Room) -> str:
    """What the checker says of a room it does not read yet, naming those it reads.

    >>> not_read(Room("x", "Pinochle Palace", re.compile("x")))  # doctest: +ELLIPSIS
    'this checker does not read Pinochle Palace hands yet (it reads PokerStars, GGPoker...)'
    """
    names = ", ".join(r.label for r in ROOMS if r.readable)
    return said(
        "this checker does not read {room} hands yet (it reads {rooms})", room=room.label, rooms=names
    )


def survey(text: str) -> dict[str, object]:
    """The room of ``text`` (decoded), its hands counted, and what the checker can do with it."""
    room = recognise(text)
    if room is None:
        return {"room": None, "label": None, "hands": 0, "readable": False, "message": ""}
    hands = len(cut_hands(text, room))
    plural = "hand" if hands == 1 else "hands"
    message = f"{room.label} history, {hands} {plural}"
    if not room.readable:
        message += ": " + not_read(room)
    return {
        "room": room.name,
        "label": room.label,
        "hands": hands,
        "readable": room.readable,
        "message": message,
    }


# ----------------------------------------------------------------------------------------------
# The auditor's hook: look at the first lines of a stream, then go on
# ----------------------------------------------------------------------------------------------

_PEEK = 20
"""How many lines of a stream are looked at to recognise its room (blank ones and a preamble)."""


def peek_room(lines: Iterable[str | bytes]) -> tuple[Room | None, Iterable[str | bytes]]:
    """The room of the first of the first few lines of ``lines`` that opens a hand, and the lines,
    all of them, to go on with (nothing is consumed). Costs a few lines a file, nothing a hand.

    >>> room, rest = peek_room(["", "Poker Hand #RC1: x", "y"])
    >>> room.label, list(rest)
    ('GGPoker', ['', 'Poker Hand #RC1: x', 'y'])
    """
    stream = iter(lines)
    head = list(islice(stream, _PEEK))
    rest = lines if isinstance(lines, FileText) else chain(head, stream)  # a file read whole: as it is
    first = []
    for line in head:
        text = line.decode("utf-8", errors="replace") if isinstance(line, bytes) else line
        first.append(text.replace("\ufeff", "").rstrip("\r\n"))
    found = recognise("\n".join(first))
    return found, rest


def hands_of(lines: Iterable[str | bytes], room: Room) -> list[RoomHand]:
    """The hands of a whole stream of lines, decoded and cut as ``room`` cuts them."""
    if isinstance(lines, FileText):  # the file's text, kept: no line joined again
        whole = lines.text
        return cut_hands(decode(whole if not whole or whole.endswith("\n") else whole + "\n"), room)
    parts = [line if isinstance(line, str) else decode(line) for line in lines]
    text = decode("".join(p if p.endswith("\n") else p + "\n" for p in parts))
    return cut_hands(text, room)


class FileText(list[str]):
    """The lines of a file read whole, as :func:`potengine.histories.pokerstars.open_lines` would
    give them, with the file's text kept (``text``) for :func:`hands_of` to cut without joining
    the lines again. :func:`file_lines` gives one for a UTF-8 file of at most :data:`WHOLE_FILE`
    bytes with no NUL byte and no line longer than the PokerStars reader's limit.

    >>> lines = FileText.of(b"a\\nb\\n")
    >>> list(lines), lines.text
    (['a', 'b'], 'a\\nb\\n')
    >>> FileText.of(b"\\xff") is None
    True
    """

    __slots__ = ("text",)
    text: str

    @classmethod
    def of(cls, data: bytes) -> FileText | None:
        """``data``'s lines and text, or None when the stream's own reading is needed (a NUL
        byte, a line to cut, text that is not UTF-8: its lines are then decoded one by one)."""
        if b"\x00" in data:
            return None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return None
        lines = text.split("\n")
        if max(map(len, lines)) > MAX_LINE_CHARS + 2:
            return None
        if not lines[-1]:
            lines.pop()  # no line after the file's last line end, as the stream gives them
        whole = cls(lines)
        whole.text = text
        return whole


WHOLE_FILE = 1 << 20
"""A file of at most this many bytes is read at once by :func:`file_lines` (a larger one is
streamed, a block of lines at a time, so that memory stays flat)."""


def file_lines(path: str | os.PathLike[str]) -> Iterable[str | bytes]:
    """The lines of a hand-history file for the auditor: a UTF-16 file is decoded whole (see
    :func:`decode`), any other is streamed by :func:`potengine.histories.pokerstars.open_lines`.

    >>> next(iter(file_lines("/nonexistent/hands.txt")))
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: cannot read hands.txt: no such file
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
            if _utf16(head) is None:
                data = head + handle.read(WHOLE_FILE + 1 - len(head)) if len(head) == 4096 else head
                whole = FileText.of(data) if len(data) <= WHOLE_FILE else None
                return open_lines(path) if whole is None else whole
            data = head + handle.read()
    except OSError:
        return open_lines(path)  # which names the problem when first read
    return decode(data).split("\n")
