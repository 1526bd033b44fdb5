r'''Reading PokerNow hands (pokernow.club online home games): its CSV log and its JSON hand export.

What PokerNow writes
--------------------
Measured on the 46 real logs of ``../shared/data/pokernow`` (11,708 hands, 2021-2022: No Limit
Hold'em 7,365 hands, Pot Limit Omaha 2,905, Pot Limit Omaha Hi/Lo 8 or Better 1,438):

- The **CSV log** (``entry,at,order``) holds one row per event, **newest row first** (``order``
  is a time; one row of the 243,601 carries a broken one, its place in the file is right).
  :func:`potengine.histories.rooms.cut_hands` cuts it at its ``-- starting hand #N`` rows, each
  hand from the row after the starting row of the hand above it down to its own starting row;
  this reader puts the rows back in time order (a log written oldest first is read too). A hand
  runs from ``-- starting hand #12 (id: ab12cd)  (No Limit Texas Hold'em) (dealer: "Ann @ x1")
  --`` (or ``(dead button)``: 198 hands, the button then the seat before the small blind) to
  ``-- ending hand #12 --``; the rows after the ending row (cards shown after the hand in 1,800
  hands, a rabbit hunt's ``Undealt cards`` in 482, seating and admin notes) belong to it too. A
  hand with no ending row (2, each the last of a log cut short) is unreadable, and said so.
- ``Player stacks: #1 "Ann @ x1" (100.00) | #4 "Bo @ y2" (98.50)``: the seats, their players and
  stacks at the start of the hand (an admin's stack change between hands, 51 of them, is already
  in it). A player is ``"name @ id"``: the record names him by the name, and by ``name @ id``
  only in a hand where two players share a name; a player who logs in during a hand (``changed
  the ID from A to B``, 4 hands) keeps his seat. ``Your hand is ...`` (the log owner's cards,
  never said whose) is not a shown hand.
- Amounts are chips, with cents (``10.00``) in 30 of the logs and whole (``10``) in 16: the
  record's amounts are exact :class:`~decimal.Decimal` with ``currency=True`` (a chip of 0.01)
  when the stacks are written with cents, else ``int``.
- Posts come first: ``posts a small blind of``, ``posts a big blind of``, ``posts an ante of``
  (every player dealt in posts it), ``posts a straddle of`` (144 hands: the record's
  ``"straddle"`` post, live, the straddler's bet), ``posts a missed big blind of`` (107: a live
  ``"big blind"``) and ``posts a missing small blind of`` (146: a dead ``"small blind"``, always
  after the live one, or by a player who also posts a big blind, which is how
  :func:`~potengine.histories.audit.dead_posts` tells it dead; a small blind posted with a big
  blind is dead too). A player coming back in the small blind writes a small blind, a missing
  small blind and a missed big blind but is charged one small blind (9 hands, the next hand's
  stacks say so): the missing one is left out. ``Dead Small Blind`` (92) says nobody posted one.
- ``calls X``, ``bets X`` and ``raises to X`` give the player's **street total**: the record's
  call and bet amounts are the chips added (X less what he had in on the street), a raise's
  ``amount`` the raise over the bet faced and ``to`` = X. ``... and go all in`` marks the most
  the player can lose: all his chips, or, when he covers everybody still in, what the biggest of
  them can still put in (110 rows): only the first is an all-in in the record. An all-in pressed
  against a player already all-in is written as a raise or bet to no more than the bet faced (18
  rows): a call in the record. A raise or bet capped so (to all the opponent has) may fall short
  of a full raise (47 hands): the auditor says so, as an irregularity, with the same chips.
- ``Uncalled bet of X returned to "Ann @ x1"`` (8,073 rows): the returns are stated.
- ``"Ann @ x1" collected X from pot`` (``with <hand> (combination: ...)`` at a showdown):
  never a main or side pot (:data:`~potengine.histories.record.POT_NAMES` not stated: the
  auditor places each player's winnings, main pot first). No total pot, no rake line
  (:data:`~potengine.histories.record.TOTAL`, :data:`~potengine.histories.record.RAKE`: what the
  collections leave is taken as withheld: nothing, in every real hand). ``collected 0.00`` (a
  walk whose big blind alone went in, all returned) collects nothing. Hi-lo collections say
  ``with low hand with seven high`` or ``with hi hand with ...``. Put in less returned is
  collected in every complete hand, and each player's chips carry to the next hand's stacks
  (51,794 player-hands checked by the tests).
- Boards: ``Flop:  [J♠, 9♥, 2♣]``, ``Turn: J♠, 9♥, 2♣ [7♦]``, ``River: ... [A♠]``. Run it twice
  (81 hands): ``All players in hand choose to run it twice.``, the first run's streets as usual,
  the second's as ``Turn (second run): J♠, 9♥, 2♣ [Q♦]``, the second run's collections ``on the
  second run``. ``Some players choose to not run it twice.`` deals once. The record's ``board``
  is what both runs share, ``runs`` each run's five cards.
- ``"Ann @ x1" shows a A♥, K♣.``: shown cards (the rows of one player merged); of the 3,767
  hands that end with two players or more in, 1,275 (34%) leave some of their cards unshown (the
  collections then say who won).
- Bomb pots and double boards (none in these logs, PokerNow's CSV words for them unknown) are
  refused as unsupported when a row names them; a game other than those above too.

- The **JSON export** (``{"generatedAt", "playerId", "gameId", "hands": [...]}``, the replayer's
  ``poker-now-hands-game-<id>.json``; none in ``../shared``): each hand has ``id``, ``number``,
  ``gameType`` (``th``, ``omaha``, ``plo8``, ``plo5``, ``plo5hl``), ``cents`` (amounts in
  cents), ``smallBlind``, ``bigBlind``, ``dealerSeat``, ``bombPot``, ``doubleBoard``,
  ``players`` (``id``, ``seat``, ``name``, ``stack``, and ``hand`` for the cards the exporter
  saw) and ``events``, each ``{"at": ms, "payload": {"type": N, ...}}``: 0 check, 1 bet, 2 big
  blind, 3 small blind, 4 missed big blind (live), 5 missed small blind (dead), 6 straddle, 7
  call, 8 bet or raise (``value`` the street total for 1, 7 and 8; a 7 above the bet faced after
  the flop is a bet), 9 board (``turn`` 1-3, ``run``, ``cards``), 10 pot won (``seat``,
  ``value``, ``runNumber``), 11 fold, 12 show (``cards``, ``null`` for a card kept hidden), 13
  ante, 14 run it twice decided, 15 hand finished, 16 uncalled bet returned, 17 hand started, 18
  seven-deuce bounty (money outside the pot: the hand is refused as unsupported), 19 rake
  (``value``: the rake is then stated), 20-22 nit game notes. The events are read by the same
  betting as the CSV rows. The shape is the one public PokerNow tools decode (the ``villain``
  project's ``villain/parsers/pokernow.py``, checked there against real exports, such as those
  kept by ``zachstence/pokernow-dashboard``); the sample ``samples/pokernow/export.json`` is
  written in it. Each hand is named by its ``id``; an event's number (from 1) stands for a line.

The samples (``samples/pokernow``, written for the tests): ``side_pots.csv`` (two all-ins, a
side pot; an uncalled raise), ``split_odd_chip.csv`` (antes, a split with the odd chip left of
the button), ``run_twice_straddle.csv`` (a straddle, missed blinds, a capped all-in, a hand run
twice with its odd cent to the first run; a dead button and a rabbit hunt), ``wrong_collected.csv``
(one chip too many collected) and ``export.json``.

>>> from potengine.histories.rooms import cut_hands
>>> log = "\n".join([
...     'entry,at,order',
...     '"-- ending hand #7 --",2026-01-01,9',
...     '"Uncalled bet of 4.00 returned to ""Bo @ b2""",2026-01-01,8',
...     '"""Bo @ b2"" collected 4.00 from pot",2026-01-01,7',
...     '"""Ann @ a1"" folds",2026-01-01,6',
...     '"""Bo @ b2"" raises to 6.00",2026-01-01,5',
...     '"""Ann @ a1"" posts a big blind of 2.00",2026-01-01,4',
...     '"""Bo @ b2"" posts a small blind of 1.00",2026-01-01,3',
...     '"Player stacks: #1 ""Ann @ a1"" (100.00) | #2 ""Bo @ b2"" (80.00)",2026-01-01,2',
...     '"-- starting hand #7  (No Limit Texas Hold\'em) (dealer: ""Bo @ b2"") --",2026-01-01,1',
... ])
>>> hand = read_hand(cut_hands(log)[0])
>>> hand.hand_id, hand.first_line, hand.players, hand.button, hand.returned
('7', 10, ('Ann', 'Bo'), 'Bo', (('Bo', Decimal('4.00')),))
>>> for a in hand.actions:
...     print(a.player, a.kind, a.amount, a.to)
Bo small blind 1.00 None
Ann big blind 2.00 None
Bo raise 4.00 6.00
Ann fold 0 None
'''

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator, Mapping
from decimal import Decimal
from operator import itemgetter
from typing import Any

from .. import errors
from ..chips import Amount
from ..errors import HandHistoryError
from ..play.streets import Street, street_said
from .amounts import MAX_DIGITS
from .partypoker import fast_hand
from .record import (
    POT_NAMES,
    RAKE,
    TOTAL,
    Action,
    Collection,
    HandHistory,
    Seat,
    UnsupportedHandError,
    json_error_said,
)
from .record import record as _record
from .rooms import RoomHand

ROOM = "PokerNow"
"""The room's label, as :mod:`~potengine.histories.rooms` names it."""

MAX_ROWS = 2000
"""A hand with more rows than this is refused (a real hand has well under 200)."""

_GAMES = {
    "No Limit Texas Hold'em": ("Hold'em No Limit", 2),
    "Pot Limit Texas Hold'em": ("Hold'em Pot Limit", 2),
    "Pot Limit Omaha Hi": ("Omaha Pot Limit", 4),
    "Pot Limit Omaha Hi/Lo 8 or Better": ("Omaha Hi/Lo Pot Limit", 4),
}
"""PokerNow's game names (the starting row's) as the engine names them, with the hole cards."""
_JSON_GAMES = {
    "th": ("Hold'em No Limit", 2),
    "omaha": ("Omaha Pot Limit", 4),
    "plo8": ("Omaha Hi/Lo Pot Limit", 4),
    "plo5": ("5 Card Omaha Pot Limit", 5),
    "plo5hl": ("5 Card Omaha Hi/Lo Pot Limit", 5),
}
"""The JSON export's ``gameType`` codes as the engine names the games."""

_NUM = r"(\d+(?:\.\d+)?)"
_WHO = r'"(.+?) @ ([^"\s]+)"'
_START = re.compile(
    r"^-- starting hand #(\d+)(?: \(id: ([^)]*)\))?\s+\((.+?)\) \((?:dealer: " + _WHO + r"|dead button)\) --$"
)
_END = re.compile(r"^-- ending hand #(\d+) --$")
_STACK = re.compile(r"#(\d+) " + _WHO + r" \(" + _NUM + r"\)")
_PLAYER_ROW = re.compile(r'^"(.+? @ [^"\s]+)" (.+)$')
"""A row that opens with a player: group 1 his key (``name @ id``), group 2 the rest."""
_BET = re.compile(r"^(calls|bets|raises to) " + _NUM + r"( and go all in)?\s*$")
_POST = re.compile(
    r"^posts (?:a|an) (small blind|big blind|ante|straddle|missing small blind|missed big blind) of "
    + _NUM
    + r"( and go all in)?\s*$"
)
_POST_KIND = {
    "small blind": "small blind",
    "missing small blind": "small blind",  # dead: dead_posts tells it (see the module's notes)
    "big blind": "big blind",
    "missed big blind": "big blind",  # live
    "straddle": "straddle",
    "ante": "ante",
}
_SHOWS = re.compile(r"^shows a (.+?)\.?$")
_COLLECTED = re.compile(r"^collected " + _NUM + r" from pot(.*)$")
_QUIET = re.compile(r"^(?:chooses to +(?:not )?run it twice\.|will be playing on table .*)$")
_UNCALLED = re.compile(r"^Uncalled bet of " + _NUM + r' returned to "(.+? @ [^"\s]+)"$')
_BOARD = re.compile(r"^(Flop|Turn|River)( \(second run\))?: *(.*?) *\[([^\]]*)\]$")
_ID_CHANGE = re.compile(r"^The player " + _WHO + r" changed the ID from (\S+) to (\S+) ")
_UNSUPPORTED_ROW = re.compile(r"bomb pot|second board|double board", re.I)
_NOTES = (
    "The ",
    "WARNING",
    "IMPORTANT",
    "Undealt cards",
    "Your hand is",
    "Remaining players decide",
    "All players in hand choose",
    "Some players choose",
    "Dead Small Blind",
    "Game entering",
    "Asking to busted",
)
"""Rows that move no chips: admin and seating notes, the owner's cards, a rabbit hunt, the run it
twice vote."""
_STREETS = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "s": "s", "h": "h", "d": "d", "c": "c"}
_RANKS = frozenset("23456789TJQKA")
_CENT = Decimal("0.01")


# ----------------------------------------------------------------------------------------------
# Errors and small readers
# ----------------------------------------------------------------------------------------------
def _error(
    hand_id: str | None, number: int, line: str, reason: str, kind: type[HandHistoryError] = HandHistoryError
) -> HandHistoryError:
    """A reader's error naming the hand, the line (number and text) and the reason."""
    shown = "".join(c if c.isprintable() else "?" for c in line[:120])
    if len(line) > 120:
        shown = shown[:117] + "..."
    where = errors.said("hand #{hand_id}", hand_id=hand_id) if hand_id else errors.said("hand (no ID)")
    err = kind(
        errors.said(
            '{hand}, line {number}: {reason}: "{line}"', hand=where, number=number, reason=reason, line=shown
        )
    )
    err.hand_id = hand_id
    err.line_number = number
    err.line = line
    return err


def card(text: str) -> str | None:
    """A PokerNow card (``"10♠"``, ``"A♥"``, ``"Td"``) as the engine writes it (``"Ts"``), or
    None if it is no card.

    >>> card("10♠"), card("A♥"), card("Td"), card("1♠")
    ('Ts', 'Ah', 'Td', None)
    """
    return _CARD_NAMES.get(text.strip())


_CARD_NAMES = {
    (("10" if rank == "T" else rank) + written if spelled else rank + written): rank + suit
    for rank in _RANKS
    for written, suit in _SUITS.items()
    for spelled in (True, False)
}
"""Every card as PokerNow (or the JSON export) writes it, by the engine's spelling."""


def _cards(text: str, hand_id: str, number: int, line: str) -> list[str]:
    """The cards of a row's list (``"J♠, 9♥, 2♣"``), in order."""
    if not text:
        return []
    names = _CARD_NAMES
    found = [names.get(part) for part in text.split(", ")]
    if None in found:
        for part in text.split(","):
            if part.strip() and card(part) is None:
                raise _error(
                    hand_id, number, line, errors.said("unknown card {card}", card=repr(part.strip()))
                )
        found = [names[part.strip()] for part in text.split(",") if part.strip()]
    return found  # type: ignore[return-value]  # (no None left)


# ----------------------------------------------------------------------------------------------
# The CSV log
# ----------------------------------------------------------------------------------------------
def _rows(hand: RoomHand) -> list[tuple[int, str]]:
    """The hand's rows as ``(line number, entry)``, in time order (oldest first)."""
    lines = hand.text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    if len(lines) > MAX_ROWS:
        raise _error(
            hand.hand_id,
            hand.line,
            lines[0],
            errors.said("more than {rows} rows: not one hand", rows=MAX_ROWS),
        )
    rows: list[tuple[int, str]] = []
    reader = csv.reader(lines)
    first = hand.line
    try:
        for row in reader:
            if row:
                rows.append((first + reader.line_num - 1, row[0]))
    except csv.Error as err:
        number = first + reader.line_num - 1
        raise _error(
            hand.hand_id, number, lines[reader.line_num - 1], errors.said("not a CSV row ({err})", err=err)
        ) from None
    if rows and not _START.match(rows[0][1]):
        rows.reverse()  # newest row first, as PokerNow writes it
    return rows


class _Amounts:
    """Amounts as the hand writes them: ``Decimal`` when its stacks have cents, else ``int``."""

    __slots__ = ("hand_id", "decimal")

    def __init__(self, hand_id: str, decimal: bool) -> None:
        self.hand_id = hand_id
        self.decimal = decimal

    def __call__(self, text: str, number: int, line: str) -> Amount:
        known = _AMOUNTS[self.decimal]
        value = known.get(text)
        if value is not None:
            return value
        if len(text) > MAX_DIGITS and len(text.partition(".")[0]) > MAX_DIGITS:
            raise _error(
                self.hand_id, number, line, errors.said("the amount {amount} is too large", amount=text[:20])
            )
        # (the patterns give digits, and a point, only)
        value = Decimal(text) if self.decimal or "." in text else int(text)
        if len(known) > 4096:  # a bounded cache: amounts repeat from hand to hand
            known.clear()
        known[text] = value
        return value


_AMOUNTS: dict[bool, dict[str, Amount]] = {False: {}, True: {}}
"""The amounts already read, by their text, in hands whose stacks have cents and in the others."""


class _Players:
    """The seated players by their PokerNow key (``name @ id``), each named by the record."""

    __slots__ = ("labels", "ids")

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        names = [name for name, _ in keys]
        twice = {name for name in names if names.count(name) > 1}
        self.labels = {f"{n} @ {i}": (f"{n} @ {i}" if n in twice else n) for n, i in keys}
        self.ids = {i: self.labels[f"{n} @ {i}"] for n, i in keys}

    def get(self, key: str) -> str | None:
        """The record's name of the player PokerNow calls ``key`` (``name @ id``)."""
        return self.labels.get(key)


def _read_csv(hand: RoomHand) -> HandHistory:
    hand_id = hand.hand_id or ""
    rows = _rows(hand)
    if not rows:
        raise _error(hand_id, hand.line, "", errors.said("no rows"))
    number, entry = rows[0]
    start = _START.match(entry)
    if start is None:
        raise _error(hand_id, number, entry, errors.said("a hand starts with its '-- starting hand #' row"))
    hand_id = start.group(1)
    first_line, header = number, entry
    game_text = start.group(3)
    if game_text not in _GAMES:
        raise _error(
            hand_id,
            number,
            entry,
            errors.said("{game} is a game this checker does not play", game=game_text),
            UnsupportedHandError,
        )
    game, hole = _GAMES[game_text]
    dealer = f"{start.group(4)} @ {start.group(5)}" if start.group(4) is not None else None

    # The seats: the "Player stacks" row, after the starting row and any seating notes.
    stacks_at = next((i for i, (_, e) in enumerate(rows) if e.startswith("Player stacks: ")), None)
    if stacks_at is None or any(not e.startswith(_NOTES) for _, e in rows[1:stacks_at]):
        raise _error(hand_id, number, entry, errors.said("no 'Player stacks' row follows the starting row"))
    number, entry = rows[stacks_at]
    found = _STACK.findall(entry)
    if not found or len(found) != entry.count(" | ") + 1:
        raise _error(hand_id, number, entry, errors.said("cannot read the seats and stacks"))
    amount = _Amounts(hand_id, any("." in s for *_, s in found))
    players = _Players([(name, pid) for _, name, pid, _ in found])
    seats = []
    seen_seats: set[int] = set()
    for seat, name, pid, stack in found:
        n = int(seat)
        if n in seen_seats:
            raise _error(hand_id, number, entry, errors.said("seat {n} is listed twice", n=n))
        seen_seats.add(n)
        seats.append(
            _record(
                Seat,
                number=n,
                player=players.labels[f"{name} @ {pid}"],
                stack=amount(stack, number, entry),
                sitting_out=False,
            )
        )
    seats.sort(key=lambda s: s.number)
    seat_of = {s.player: s.number for s in seats}

    reader = _Hand(hand_id, amount, players, hole, {s.player: s.stack for s in seats})
    rest = iter(rows[stacks_at + 1 :])
    row = reader.row
    for number, entry in rest:
        row(number, entry)
        if reader.ended:
            break
    for number, entry in rest:  # after the ending row
        reader.after(number, entry)
    if not reader.ended:
        number, entry = rows[-1]
        raise _error(
            hand_id,
            number,
            entry,
            errors.said("the log stops before the hand ends (no '-- ending hand' row)"),
        )

    if dealer is not None:
        label = players.get(dealer)
        if label is None:
            raise _error(
                hand_id, first_line, header, errors.said("the dealer is not in the 'Player stacks' row")
            )
        button_seat = seat_of[label]
    else:  # a dead button: the seat before the small blind (or two before the big blind)
        small = next((a for a in reader.actions if a.kind == "small blind"), None)
        big = next((a for a in reader.actions if a.kind == "big blind"), None)
        button_seat = seat_of[small.player] - 1 if small else seat_of[big.player] - 2 if big else 0
    return reader.hand(
        first_line=first_line,
        header=header,
        table=start.group(2) or "",
        button_seat=button_seat,
        seats=tuple(seats),
        game=game,
        lines=tuple(map(itemgetter(1), rows)),
    )


class _Hand:
    """One hand's betting, boards, shows and collections, read one row (or event) at a time into
    the record's parts: the CSV log's rows after the stacks row, or the JSON export's events."""

    def __init__(
        self, hand_id: str, amount: _Amounts, players: _Players, hole: int, stacks: dict[str, Amount]
    ) -> None:
        self.hand_id = hand_id
        self.amount = amount
        self.players = players
        self.labels = players.labels
        self.hole = hole
        self.stacks = stacks
        self.zero: Amount = Decimal("0.00") if amount.decimal else 0
        self.spent = dict.fromkeys(stacks, self.zero)  # each player's chips in, all streets
        self.folded: set[str] = set()
        self.street = Street.PRE_FLOP
        self.bets: dict[str, Amount] = {}
        self.current: Amount = self.zero
        self.actions: list[Action] = []
        self.betting = False  # a post after this is refused
        self.returned: list[tuple[str, Amount]] = []
        self.collections: list[Collection] = []
        self.shown: dict[str, list[str]] = {}
        self.boards: dict[int, list[str]] = {1: []}
        self.ended = False
        self.small_blind: Amount | None = None
        self.big_blind: Amount | None = None

    def who(self, key: str, number: int, line: str) -> str:
        """The record's name of the player PokerNow calls ``key`` (``name @ id``)."""
        label = self.labels.get(key)
        if label is None:
            raise _error(
                self.hand_id, number, line, errors.said("{key} is not in the 'Player stacks' row", key=key)
            )
        return label

    def row(self, number: int, line: str) -> None:
        """Read one row of the hand (before its ending row)."""
        if line[:1] == '"':
            player = _PLAYER_ROW.match(line)
            if player is not None:
                p = self.labels.get(player.group(1)) or self.who(player.group(1), number, line)
                rest = player.group(2)
                if rest == "folds" or rest == "checks":  # the commonest rows, read here at once
                    self.actions.append(
                        _record(
                            Action,
                            line=number,
                            street=self.street,
                            player=p,
                            kind="fold" if rest == "folds" else "check",
                            amount=0,
                            to=None,
                            all_in=False,
                            text=line,
                        )
                    )
                    self.betting = True
                    if rest == "folds":
                        self.folded.add(p)
                    return
                self.player_row(p, rest, number, line)
                return
        elif line[:1] in "FTR":
            board = _BOARD.match(line)
            if board is not None:
                self.board_row(board, number, line)
                return
        elif line[:1] == "U":
            uncalled = _UNCALLED.match(line)
            if uncalled is not None:
                who = self.who(uncalled.group(2), number, line)
                self.returned.append((who, self.amount(uncalled.group(1), number, line)))
                return
        elif line[:1] == "-" and _END.match(line):
            self.ended = True
            return
        if line.startswith("Player stacks: "):
            return  # the one already read
        if _UNSUPPORTED_ROW.search(line):
            raise _error(
                self.hand_id, number, line, errors.said("a bomb pot or a double board"), UnsupportedHandError
            )
        changed = _ID_CHANGE.match(line)
        if changed is not None:
            self.id_changed(changed)
            return
        if line.startswith(_NOTES):
            return
        raise _error(self.hand_id, number, line, errors.said("a row this reader does not know"))

    def id_changed(self, changed: re.Match[str]) -> None:
        """A player's new ID (logged in during the hand): his later rows name him by it."""
        name, new, old = changed.group(1), changed.group(2), changed.group(3)
        label = self.players.ids.get(old)
        if label is not None:
            self.players.labels[f"{name} @ {new}"] = label
            self.players.ids[new] = label

    def player_row(self, p: str, rest: str, number: int, line: str) -> None:
        """A row of player ``p``'s: ``rest`` is what follows his name."""
        if rest == "folds":
            self.actions.append(
                _record(
                    Action,
                    line=number,
                    street=self.street,
                    player=p,
                    kind="fold",
                    amount=0,
                    to=None,
                    all_in=False,
                    text=line,
                )
            )
            self.betting = True
            self.folded.add(p)
            return
        if rest == "checks":
            self.actions.append(
                _record(
                    Action,
                    line=number,
                    street=self.street,
                    player=p,
                    kind="check",
                    amount=0,
                    to=None,
                    all_in=False,
                    text=line,
                )
            )
            self.betting = True
            return
        head = rest[:2]
        if head in ("ca", "be", "ra"):
            bet = _BET.match(rest)
            if bet is not None:
                self.wager(
                    p, bet.group(1), self.amount(bet.group(2), number, line), bool(bet.group(3)), number, line
                )
                return
        elif head == "po":
            post = _POST.match(rest)
            if post is not None:
                self.post(
                    p,
                    post.group(1),
                    self.amount(post.group(2), number, line),
                    bool(post.group(3)),
                    number,
                    line,
                )
                return
        elif head == "sh":
            shows = _SHOWS.match(rest)
            if shows is not None:
                self.show(p, shows.group(1), number, line)
                return
        collected = _COLLECTED.match(rest) if head == "co" else None
        if collected is not None:
            won = self.amount(collected.group(1), number, line)
            if not won:
                return  # "collected 0.00": a walk whose big blind was all that went in, returned
            run = (2 if "on the second run" in collected.group(2) else 1) if len(self.boards) > 1 else 0
            self.collections.append(
                _record(Collection, line=number, player=p, amount=won, pot=0, label="pot", run=run)
            )
            return
        if _QUIET.match(rest):
            return
        if _UNSUPPORTED_ROW.search(rest):
            raise _error(
                self.hand_id, number, line, errors.said("a bomb pot or a double board"), UnsupportedHandError
            )
        raise _error(self.hand_id, number, line, errors.said("a row this reader does not know"))

    def act(
        self,
        number: int,
        line: str,
        p: str,
        kind: str,
        amount: Amount = 0,
        to: Amount | None = None,
        all_in: bool = False,
    ) -> None:
        if kind not in _POST_KINDS:
            self.betting = True
        self.actions.append(
            _record(
                Action,
                line=number,
                street=self.street,
                player=p,
                kind=kind,
                amount=amount if amount else self.zero if kind in _POST_KINDS else 0,
                to=to,
                all_in=all_in,
                text=line,
            )
        )

    def wager(self, p: str, verb: str, total: Amount, marked: bool, number: int, line: str) -> None:
        """A call, bet or raise: ``total`` is the player's street total, as PokerNow writes it.

        PokerNow writes "and go all in" for a bet of all the chips the player can lose: his own
        stack, or, when he covers everybody, what the biggest of the others can still put in (he
        keeps the rest): the record marks him all-in only in the first case. A "raise" or a "bet"
        to no more than the bet faced (an all-in pressed against an opponent already all-in) is a
        call; a "call" of more than the bet faced is, before the flop, a call of the full big blind
        over a big blind all-in for less (which tells the big blind), and else a bet or a raise (the
        JSON export writes a bet of the big blind as a call)."""
        before = self.bets.get(p, self.zero)
        added = total - before
        if added <= 0:
            raise _error(
                self.hand_id,
                number,
                line,
                errors.said(
                    "{verb} {total} puts nothing in: {p} has {before} in already",
                    verb=verb,
                    total=total,
                    p=p,
                    before=before,
                ),
            )
        spent = self.spent[p] + added
        all_in = marked and (spent == self.stacks[p] or total != self._cover(p))
        current = self.current
        if total <= current or (verb == "calls" and current and self.street == Street.PRE_FLOP):
            if total > current and self.big_blind is None:
                self.big_blind = total  # a call of the full big blind over a big blind all-in for less
            self.act(number, line, p, "call", added, None, all_in)
        elif current and verb != "bets":
            self.act(number, line, p, "raise", total - current, total, all_in)
        else:
            self.act(number, line, p, "bet", added, None, all_in)
        self.spent[p] = spent
        self.bets[p] = total
        if total > current:
            self.current = total

    def _cover(self, p: str) -> Amount:
        """The most any other player still in the hand can have in on this street."""
        bets, stacks, spent = self.bets, self.stacks, self.spent
        return max(
            (
                bets.get(q, self.zero) + stacks[q] - spent[q]
                for q in stacks
                if q != p and q not in self.folded
            ),
            default=self.zero,
        )

    def post(self, p: str, what: str, amount: Amount, all_in: bool, number: int, line: str) -> None:
        if self.betting or self.street != Street.PRE_FLOP:
            raise _error(self.hand_id, number, line, errors.said("a post once the betting has started"))
        kind = _POST_KIND[what]
        if what == "missed big blind":
            self._uncharged_small_blind(p)
        self.act(number, line, p, kind, amount, None, all_in)
        self.spent[p] += amount
        if kind == "ante" or what == "missing small blind":
            return  # dead money: no part of the player's bet
        if what == "small blind" and self.small_blind is None and not all_in:
            self.small_blind = amount
        elif what == "big blind" and self.big_blind is None and not all_in:
            self.big_blind = amount
        before = self.bets.get(p, self.zero)
        if kind == "big blind" and before:
            before = self.zero  # his small blind is dead, posted with a big blind (dead_posts)
            self.current = max((b for q, b in self.bets.items() if q != p), default=self.zero)
        total = before + amount
        self.bets[p] = total
        if total > self.current:
            self.current = total

    def _uncharged_small_blind(self, p: str) -> None:
        """A player coming back in the small blind posts "a small blind", "a missing small blind"
        and "a missed big blind": PokerNow charges him one small blind, not two (the next hand's
        stacks say so in each of the 9 such hands of the logs), so the missing one is left out."""
        posts = [a for a in self.actions if a.player == p and a.kind == "small blind"]
        if len(posts) == 2 and "missing small blind" in posts[1].text:
            self.actions.remove(posts[1])
            self.spent[p] -= posts[1].amount

    def show(self, p: str, text: str, number: int, line: str) -> None:
        cards = self.shown.setdefault(p, [])
        for c in _cards(text, self.hand_id, number, line):
            if c not in cards:
                cards.append(c)

    def board_row(self, board: re.Match[str], number: int, line: str) -> None:
        run = 2 if board.group(2) else 1
        cards = _cards(board.group(3), self.hand_id, number, line) + _cards(
            board.group(4), self.hand_id, number, line
        )
        street = _STREETS[board.group(1)]
        if len(cards) != {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}[street]:
            raise _error(
                self.hand_id,
                number,
                line,
                errors.said("a {street} of {count} cards", street=street_said(street), count=len(cards)),
            )
        self.boards[run] = cards
        if run == 1:
            if street <= self.street:
                raise _error(
                    self.hand_id,
                    number,
                    line,
                    errors.said("the {street} is dealt twice", street=street_said(street)),
                )
            self.street = street
            self.bets = {}
            self.current = self.zero

    def after(self, number: int, line: str) -> None:
        """A row after the hand's ending row: cards shown after the hand count; the rest is notes."""
        player = _PLAYER_ROW.match(line)
        if player is not None:
            shows = _SHOWS.match(player.group(2))
            label = self.labels.get(player.group(1))
            if shows is not None and label is not None:
                self.show(label, shows.group(1), number, line)
            return
        changed = _ID_CHANGE.match(line)
        if changed is not None:
            self.id_changed(changed)

    def hand(self, **fields: Any) -> HandHistory:
        board, runs = _runs(self.boards)
        shown = {p: tuple(cards) for p, cards in self.shown.items() if len(cards) == self.hole}
        return _finished(
            hand_id=self.hand_id,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            currency=self.amount.decimal,
            actions=tuple(self.actions),
            returned=tuple(self.returned),
            board=board,
            runs=runs,
            shown=shown,
            collections=tuple(self.collections),
            zero=self.zero,
            **fields,
        )


_POST_KINDS = frozenset(_POST_KIND.values())


def _runs(boards: Mapping[int, list[str]]) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The board dealt once and each run's whole board (none in a hand dealt once): the runs share
    the cards both hold (a deck deals a card once)."""
    first = boards[1]
    if len(boards) == 1:
        return tuple(first), ()
    second = boards[2]
    shared = 0
    while shared < min(len(first), len(second)) and first[shared] == second[shared]:
        shared += 1
    return tuple(first[:shared]), (tuple(first), tuple(second))


def _finished(*, zero: Amount, **fields: Any) -> HandHistory:
    """The record, with what PokerNow never states marked so (see the module's notes)."""
    return fast_hand(  # (HandHistory's own __init__, field by field, cost more than a row)
        tournament=None,
        total_pot=zero,
        main_pot=None,
        side_pots=(),
        rake=fields.pop("rake", zero),
        room=ROOM,
        not_stated=fields.pop("not_stated", frozenset((TOTAL, RAKE, POT_NAMES))),
        **fields,
    )


# ----------------------------------------------------------------------------------------------
# The JSON export
# ----------------------------------------------------------------------------------------------
_EVENT_POSTS = {
    2: "big blind",
    3: "small blind",
    4: "missed big blind",
    5: "missing small blind",
    6: "straddle",
    13: "ante",
}
"""The JSON export's posts, by event type, as the CSV log words them."""
_EVENT_WAGERS = {1: "bets", 7: "calls", 8: "raises to"}
_QUIET_EVENTS = frozenset((14, 15, 17, 20, 21, 22))
"""Run it twice decided, hand finished, hand started, the nit game's notes."""


def _read_json(hand: RoomHand) -> HandHistory:
    hand_id = hand.hand_id or ""
    try:
        data = json.loads(hand.text, parse_float=Decimal)
    except ValueError as err:
        raise _error(
            hand_id,
            hand.line,
            hand.text[:80],
            errors.said("not a PokerNow JSON hand ({err})", err=json_error_said(err)),
        ) from None
    if not isinstance(data, dict):
        raise _error(hand_id, hand.line, hand.text[:80], errors.said("not a PokerNow JSON hand"))
    return _JsonHand(hand_id, hand.line, data).read()


class _JsonHand:
    """One hand of the JSON export, its events read by :class:`_Hand` as the CSV log's rows are.

    An event's number (from 1) stands for a line; its text is written as the CSV log words it
    (``Ann raises to 0.75``)."""

    def __init__(self, hand_id: str, line: int, data: dict[str, Any]) -> None:
        self.hand_id = hand_id
        self.line = line
        self.data = data
        self.cents = bool(data.get("cents"))

    def fail(
        self,
        reason: str,
        where: Any = None,
        number: int | None = None,
        kind: type[HandHistoryError] = HandHistoryError,
    ) -> HandHistoryError:
        if where is None:
            where = {k: v for k, v in self.data.items() if k not in ("events", "players")}
        text = json.dumps(where, default=str, ensure_ascii=False)
        return _error(self.hand_id, number if number is not None else self.line, text, reason, kind)

    def amount(self, value: Any, where: Any, number: int) -> Amount:
        """A value of the export: cents when the hand says so, else chips."""
        if isinstance(value, bool) or not isinstance(value, int | Decimal) or value < 0:
            raise self.fail(
                errors.said("the amount {amount} is not a number of chips", amount=repr(value)), where, number
            )
        if len(str(int(value))) > MAX_DIGITS:
            raise self.fail(errors.said("the amount {amount} is too large", amount=value), where, number)
        if self.cents:
            return (Decimal(value) / 100).quantize(_CENT)
        if isinstance(value, Decimal):
            if value != value.to_integral_value():
                raise self.fail(
                    errors.said("the amount {amount} is not a whole number of chips", amount=value),
                    where,
                    number,
                )
            return int(value)
        return value

    def cards(self, raw: Any, where: Any, number: int) -> list[str | None]:
        """The cards of an event, ``None`` for a card kept hidden."""
        if not isinstance(raw, list):
            raise self.fail(errors.said("cards that are not a list"), where, number)
        found: list[str | None] = []
        for c in raw:
            named = None if c is None else card(str(c))
            if c is not None and named is None:
                raise self.fail(errors.said("unknown card {card}", card=repr(c)), where, number)
            found.append(named)
        return found

    def read(self) -> HandHistory:
        data = self.data
        game_code = str(data.get("gameType") or "")
        if game_code not in _JSON_GAMES:
            raise self.fail(
                errors.said("the game {game} is a game this checker does not play", game=repr(game_code)),
                kind=UnsupportedHandError,
            )
        if data.get("bombPot"):
            raise self.fail(errors.said("a bomb pot"), kind=UnsupportedHandError)
        if data.get("doubleBoard"):
            raise self.fail(errors.said("a double board"), kind=UnsupportedHandError)
        game, hole = _JSON_GAMES[game_code]
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not raw_players:
            raise self.fail(errors.said("no players"))
        for p in raw_players:
            if (
                not isinstance(p, dict)
                or not isinstance(p.get("seat"), int)
                or not isinstance(p.get("name"), str)
            ):
                raise self.fail(errors.said("a player without a seat or a name"), p)
        players = _Players([(p["name"], str(p.get("id", ""))) for p in raw_players])
        seats, by_seat = [], {}
        for p in raw_players:
            label = players.labels[f"{p['name']} @ {p.get('id', '')}"]
            if p["seat"] in by_seat:
                raise self.fail(errors.said("seat {n} is listed twice", n=p["seat"]), p)
            by_seat[p["seat"]] = label
            stack = self.amount(p.get("stack"), p, self.line)
            seats.append(_record(Seat, number=p["seat"], player=label, stack=stack, sitting_out=False))
        seats.sort(key=lambda s: s.number)
        events = data.get("events")
        if not isinstance(events, list):
            raise self.fail(errors.said("no events"))
        h = _Hand(
            self.hand_id,
            _Amounts(self.hand_id, self.cents),
            players,
            hole,
            {s.player: s.stack for s in seats},
        )
        streets: dict[int, dict[int, list[str]]] = {}  # each run's cards, by street
        shown: dict[str, list[str | None]] = {}
        rake: Amount | None = None
        for number, event in enumerate(events, start=1):
            payload = event.get("payload") if isinstance(event, dict) else None
            if not isinstance(payload, dict) or not isinstance(payload.get("type"), int):
                raise self.fail(errors.said("an event without a type"), event, number)
            kind = payload["type"]
            if kind in _QUIET_EVENTS:
                h.ended = h.ended or kind == 15
                continue
            if kind == 9:
                self.board(h, payload, streets, number)
                continue
            if kind == 19:
                rake = self.amount(payload.get("value"), payload, number)
                continue
            if kind == 18:
                raise self.fail(
                    errors.said("a seven-deuce bounty (paid outside the pot)"),
                    payload,
                    number,
                    UnsupportedHandError,
                )
            who = by_seat.get(payload.get("seat"))
            if who is None:
                raise self.fail(
                    errors.said("seat {seat} is not a seat of the hand", seat=repr(payload.get("seat"))),
                    payload,
                    number,
                )
            if kind == 12:
                slots = shown.setdefault(who, [])
                for i, c in enumerate(self.cards(payload.get("cards") or [], payload, number)):
                    while len(slots) <= i:
                        slots.append(None)
                    slots[i] = c or slots[i]
                continue
            value = self.amount(payload.get("value", 0), payload, number) if kind not in (0, 11) else h.zero
            all_in = bool(payload.get("allIn"))
            mark = " and go all in" if all_in else ""
            if kind == 0:
                h.act(number, f"{who} checks", who, "check")
            elif kind == 11:
                h.act(number, f"{who} folds", who, "fold")
                h.folded.add(who)
            elif kind in _EVENT_WAGERS:
                verb = _EVENT_WAGERS[kind]
                h.wager(who, verb, value, all_in, number, f"{who} {verb} {value}{mark}")
            elif kind in _EVENT_POSTS:
                what = _EVENT_POSTS[kind]
                article = "an" if what == "ante" else "a"
                h.post(who, what, value, all_in, number, f"{who} posts {article} {what} of {value}{mark}")
            elif kind == 16:
                h.returned.append((who, value))
            elif kind == 10:
                run = payload.get("runNumber")
                h.collections.append(
                    _record(
                        Collection,
                        line=number,
                        player=who,
                        amount=value,
                        pot=0,
                        label="pot",
                        run=run if isinstance(run, int) and run in (1, 2) else 1,
                    )
                )
                if payload.get("cards") and who not in shown:
                    shown[who] = self.cards(payload["cards"], payload, number)
            else:
                raise self.fail(
                    errors.said("an event of type {kind} this reader does not know", kind=kind),
                    payload,
                    number,
                )
        if not h.ended:
            raise self.fail(
                errors.said("the hand has no end (no 'hand finished' event)"), events[-1] if events else None
            )
        h.boards = {
            run: [c for turn in sorted(cards) for c in cards[turn]] for run, cards in streets.items()
        } or {1: []}
        if 2 in streets:  # the second run's board: the first run's streets before its own
            first, low = streets.get(1, {}), min(streets[2])
            h.boards[2] = [c for turn in sorted(first) if turn < low for c in first[turn]] + h.boards[2]
        if len(h.boards) == 1:
            h.collections = [_record(Collection, **{**c.__dict__, "run": 0}) for c in h.collections]
        h.shown = {
            p: [c for c in cards if c] for p, cards in shown.items() if len(cards) == hole and all(cards)
        }
        dealer = data.get("dealerSeat")
        fields: dict[str, Any] = {}
        if rake is not None:  # the room states its rake
            fields = {"rake": rake, "not_stated": frozenset((TOTAL, POT_NAMES))}
        return h.hand(
            first_line=self.line,
            header=f"PokerNow hand #{data.get('number', '')} (id: {self.hand_id}): {game}",
            table=str(data.get("gameId") or ""),
            button_seat=dealer if isinstance(dealer, int) else 0,
            seats=tuple(seats),
            game=game,
            lines=(),
            **fields,
        )

    def board(
        self, h: _Hand, payload: dict[str, Any], streets: dict[int, dict[int, list[str]]], number: int
    ) -> None:
        turn, run = payload.get("turn"), payload.get("run", 1)
        if turn not in (1, 2, 3) or run not in (1, 2):
            raise self.fail(
                errors.said("a board event of no street or run this reader knows"), payload, number
            )
        cards = self.cards(payload.get("cards") or [], payload, number)
        if len(cards) != (3 if turn == 1 else 1) or None in cards:
            raise self.fail(
                errors.said("{count} cards dealt on street {turn}", count=len(cards), turn=turn),
                payload,
                number,
            )
        streets.setdefault(run, {})[turn] = [c for c in cards if c]
        if run == 1:
            h.street, h.bets, h.current = Street(turn), {}, h.zero


# ----------------------------------------------------------------------------------------------
# The reader
# ----------------------------------------------------------------------------------------------
def read_hand(hand: RoomHand) -> HandHistory:
    """One PokerNow hand, as :func:`~potengine.histories.rooms.cut_hands` cuts it from a CSV log
    or a JSON export, read into the neutral record; a hand it cannot read raises a
    :class:`~potengine.errors.HandHistoryError` naming the hand and the line (an
    :class:`~potengine.histories.record.UnsupportedHandError` for a game or feature the engine
    does not play).

    >>> from potengine.histories.rooms import cut_hands
    >>> cut = cut_hands('entry,at,order\\n"-- starting hand #3  (Seven Card Stud) (dead button) --",x,1')
    >>> read_hand(cut[0])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    potengine.histories.record.UnsupportedHandError: hand #3, line 2: Seven Card Stud is a game ...
    """
    if hand.text.lstrip().startswith("{"):
        return _read_json(hand)
    return _read_csv(hand)


def read_text(text: str) -> Iterator[HandHistory | HandHistoryError]:
    """Every hand of a PokerNow log or export (decoded text), read, or the error that stops it.

    >>> [type(h).__name__ for h in read_text('{"hands": [{"id": "a1", "gameType": "razz"}]}')]
    ['UnsupportedHandError']
    """
    from .rooms import BY_NAME, cut_hands

    for cut in cut_hands(text, BY_NAME["pokernow"]):
        try:
            yield read_hand(cut)
        except HandHistoryError as err:
            yield err
