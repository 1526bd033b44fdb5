"""Reading Ignition, Bovada and Bodog hand histories into the neutral record
(:mod:`~potengine.histories.record`).

:func:`read_hand` reads one hand as :mod:`~potengine.histories.rooms` cuts it (at ``Ignition
Hand #``, ``Bovada Hand #`` or ``Bodog Hand #``); the auditor calls it through ``Room.reader``.

What Ignition writes
--------------------
Measured on ``../shared/data/other-rooms/ignition_bovada`` (11 files, 33 hands: thlorenz's 8
Ignition files and 3 TypeScript fixtures of the ``apprentice`` project, each hand quoted in a
backtick string, ``export const HAND = `Bodog Hand #…```, which the reader takes off):

- The tables are anonymous: every player is named by his position, ``Dealer``, ``Small Blind``,
  ``Big Blind``, ``UTG``, ``UTG+1`` … (the hand's own player marked ``[ME]``, with one space or two:
  ``Big Blind [ME]``, ``Big Blind  [ME]``; the record drops the mark). The seat numbers are the
  table's in the 19 cash hands (``Seat 5: Dealer``) but not always in the 14 tournament hands
  (``Seat 240: Dealer``, ``Seat 38: Small Blind``; ``Seat 3: Dealer``, ``Seat 2: Small Blind``,
  ``Seat 1: Big Blind`` go the wrong way round): the clockwise order is the positions' (Dealer,
  Small Blind, Big Blind, UTG, UTG+1, …), so where the seat numbers do not follow it (7 hands) the
  record numbers the seats 1, 2, … in that order. ``Set dealer [N]`` is not the Dealer's seat in
  11 hands: the button is the ``Dealer``.
- ``Ignition Hand #3549249421: HOLDEM Tournament #18094253 TBL#34, Normal- Level 7 (100/200) -
  2017-07-23 21:42:38``, ``Bovada Hand #4290322948 TBL#26728545 HOLDEM No Limit - ...``, ``Zone
  Poker ID#875 HOLDEMZonePoker No Limit``, ``OMAHA HiLo Pot Limit``. A cash game names no stakes:
  the blinds are the posts (``Small Blind $0.10``, ``Big blind $0.25``, ``Posts chip $0.25``: a
  player coming in posts a live big blind; one hand has no small blind). A tournament names the
  level's blinds and no limit (its hands are not replayed with the hand model).
- Bets: ``Calls $0.25``, ``Bets $0.50`` and ``All-in $6.71`` are the chips the line adds (an
  all-in is a bet, a call or a raise as the bet faced makes it); ``Raises $0.90 to $1`` writes the
  chips added, then the street total (the record's raise is over the bet faced); ``All-in(raise)
  $31.75 to $34`` the same, all-in. ``Folds (timeout)``, ``Call(timeout) 4512`` and the like are
  the action.
- ``Return uncalled portion of bet $1.15`` is the return; ``Hand result $8.89`` (``Hand Result``
  in tournaments, ``Hand Result-Side Pot 1962`` for a side pot, no number) is what a player wins,
  after the rake, one line for the high and low halves together: the record puts every collection
  on pot 0, its label kept (:data:`~potengine.histories.record.POT_NAMES` not stated).
- ``Total Pot($9.35)`` is the pot before the rake, after the returns; no rake is written
  (:data:`~potengine.histories.record.RAKE` not stated: in 12 of the 14 cash hands that write a
  total the results are less than the total, by the rake), nor each pot's size
  (:data:`~potengine.histories.record.SIDE_POTS`). 2 hands stop at ``*** SUMMARY ***`` with no
  total (:data:`~potengine.histories.record.TOTAL` not stated there; one of them is a walk).
- In a walk (4 hands: everybody folds to the big blind) no line returns the part of the big blind
  nobody matched: ``Total Pot($0.35)`` and ``Hand result $0.35`` for blinds of $0.10 and $0.25
  count it in. Those hands mark the returns and the total as not stated
  (:data:`~potengine.histories.record.RETURNS`, :data:`~potengine.histories.record.TOTAL`): the
  engine's return is taken out of the big blind's result, and nothing is found withheld.
- Every player's hole cards are written (``Card dealt to a spot [9s Ks]``); ``Showdown [Ks Qs Ts 9s
  4s] (Flush)`` shows the best five cards of a player who shows his hand: the record's shown cards
  are his hole cards. ``Mucks [...]`` and ``Does not show [...]`` are hands not shown. Seating,
  deposits, ``Leave(Auto)``/``Enter(Auto)`` of fast-fold tables, prizes and rankings are skipped.

>>> from potengine.histories.rooms import cut_hands
>>> text = '''Bovada Hand #1001 TBL#7 HOLDEM No Limit - 2022-05-26 09:16:24
... Seat 1: Big Blind [ME] ($25 in chips)
... Seat 2: Dealer ($25 in chips)
... Dealer : Set dealer [2]
... Dealer : Small Blind $0.10
... Big Blind  [ME] : Big blind $0.25
... *** HOLE CARDS ***
... Big Blind  [ME] : Card dealt to a spot [Th Qh]
... Dealer : Card dealt to a spot [Tc 8d]
... Dealer : Raises $0.65 to $0.75
... Big Blind  [ME] : Folds
... Dealer : Return uncalled portion of bet $0.50
... Dealer : Does not show [Tc 8d] (High Card)
... Dealer : Hand result $0.50
... *** SUMMARY ***
... Total Pot($0.50)
... Seat+2: Dealer $0.50 [Does not show]'''
>>> hand = read_hand(cut_hands(text)[0])
>>> hand.players, hand.button, [(a.kind, a.amount, a.to) for a in hand.actions[2:]]
(('Big Blind', 'Dealer'), 'Dealer', [('raise', Decimal('0.50'), Decimal('0.75')), ('fold', 0, None)])
>>> hand.returned, hand.total_pot, sorted(hand.not_stated)
((('Dealer', Decimal('0.50')),), Decimal('0.50'), ['pot names', 'rake', 'side pots'])
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import compress
from operator import itemgetter, methodcaller
from typing import NamedTuple

from .. import errors
from ..chips import Amount
from ..play.streets import Street, street_said
from .audit import DEAD_POST
from .lines import HandLines
from .partypoker import fast_hand
from .pokerstars import _error
from .record import (
    POT_NAMES,
    RAKE,
    RETURNS,
    SIDE_POTS,
    TOTAL,
    Action,
    Collection,
    HandHistory,
    Seat,
    UnsupportedHandError,
    record,
)
from .rooms import RoomHand

ROOM = "Ignition/Bovada"
"""The room's label, as :mod:`~potengine.histories.rooms` names it."""

_AMT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(r"^(?:Ignition|Bovada|Bodog) Hand #(\d{1,30}):? +(.*?)(?: - (\d{4}-\d\d-\d\d[ \d:]*))?$")
_GAME = re.compile(
    r"\b(HOLDEM|OMAHA HiLo|OMAHA)(?:ZonePoker)?\b(?: (No Limit|Pot Limit|Fixed Limit|Limit)\b)?"
)
_OTHER_GAMES = re.compile(r"STUD|RAZZ|DRAW|BADUGI|5 ?CARD", re.I)
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
_LEVEL = re.compile(r"Level \d+ \((" + _AMT + r")/(" + _AMT + r")\)")
_TABLE = re.compile(r"TBL#(\d+)|Zone Poker ID#(\d+)")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \((" + _AMT + r") in chips\)$")
_ME = re.compile(r"\s+\[ME\]$")
_POSITION = re.compile(r"^(?:Dealer|Small Blind|Big Blind|UTG(?:\+(\d))?)$")
_STREET = re.compile(r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SUMMARY) \*\*\*(.*)$")
_CARDS = re.compile(r"\[([^\]]*)\]")
_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("fold", re.compile(r"^Folds? ?(?:\([^)]*\))?$")),
    ("check", re.compile(r"^Checks ?(?:\([^)]*\))?$")),
    ("call", re.compile(r"^Calls? ?(?:\([^)]*\))? (" + _AMT + r")$")),
    ("bet", re.compile(r"^Bets ?(?:\([^)]*\))? (" + _AMT + r")$")),
    ("raise", re.compile(r"^Raises ?(?:\([^)]*\))? (" + _AMT + r") to (" + _AMT + r")$")),
    ("all-in raise", re.compile(r"^All-in\(raise\) (" + _AMT + r") to (" + _AMT + r")$")),
    ("all-in", re.compile(r"^All-in (" + _AMT + r")$")),
    ("small blind", re.compile(r"^Small [Bb]lind (" + _AMT + r")$")),
    ("big blind", re.compile(r"^Big [Bb]lind (" + _AMT + r")$")),
    ("posts", re.compile(r"^Posts chip (" + _AMT + r")$")),
    ("dead", re.compile(r"^Posts dead chip (" + _AMT + r")$")),
    ("ante", re.compile(r"^Ante chip (" + _AMT + r")$")),
)
_VERB_TABLE: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _pattern in _VERBS:
    for _first in {_pattern.pattern[1:5].replace("?", "").replace("[", ""), _pattern.pattern[1:5]}:
        _VERB_TABLE[_first] = (*_VERB_TABLE.get(_first, ()), (_kind, _pattern))
_VERB_KINDS = {"all-in raise": "raise", "posts": "big blind", "dead": "small blind"}
_POSTS = frozenset(("small blind", "big blind", "posts", "dead", "ante"))
_RESULT = re.compile(r"^Hand [Rr]esult(-Side [Pp]ot)? (" + _AMT + r")$")
_RETURN = re.compile(r"^Return uncalled portion of bet (" + _AMT + r")$")
_SHOWDOWN = re.compile(r"^Showdown ?\[([^\]]*)\](?: \(.*\))?$")
_DEALT_TEXT = "Card dealt to a spot ["
"""A player's hole cards: ``Card dealt to a spot [Th Qh]`` (nothing else in the brackets)."""
_QUIET = re.compile(
    r"^(?:Set dealer \[\d+\]|Showdown ?\(.*\)|Mucks \[.*|Does not show \[.*|Leave\(Auto\)|Enter\(Auto\)|"
    r"Seat sit out|Seat sit down|Seat stand|Seat re-join|Sit out|Re-join|Stand|Table enter user|"
    r"Table leave user|Table deposit " + _AMT + r"|Ranking \d+|Prize .*|BOUNTY PRIZE .*|"
    r"Draw for dealer \[.*\]|Seat re-join)$"
)
_NOISE = re.compile(
    r"^(?:Table enter user|Table leave user|Enter\(Auto\)|Leave\(Auto\)|Seat sit out|Seat sit down|"
    r"Seat stand|Seat re-join|Table deposit " + _AMT + r")$"
)
_TOTAL = re.compile(r"^Total Pot\((" + _AMT + r")\)$")
_SUMMARY_SEAT = re.compile(r"^Seat[+ ]?(\d+): ?(.*)$")
_SUMMARY_WON = re.compile(r"^ (?:HI )?(" + _AMT + r")(?: |$)")
_SUMMARY_LOW = re.compile(r" LO (" + _AMT + r") ")
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_BOARD_BEFORE = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
_PLACES: dict[str, int | None] = {}
"""Each name's position (see :func:`_position`), as names repeat from hand to hand."""
_QUOTE_END = methodcaller("endswith", ("`;", "`"))
"""Whether a line ends a program's quote (see :class:`_Reader`)."""
_WALK = frozenset(("small blind", "big blind", "ante", "fold"))
"""The kinds of action of a hand everybody folds to the big blind (a walk)."""


class _Game(NamedTuple):
    name: str
    hole: int
    tournament: str | None
    currency: bool
    small_blind: Amount | None
    big_blind: Amount | None
    table: str


def _position(name: str) -> int | None:
    """Where a position sits clockwise from the Dealer (0), or None for a name that is no position."""
    place = _PLACES.get(name, -1)
    if place == -1:
        place = _place(name)
        if len(_PLACES) < 256:  # a bounded cache: a table's names are a dozen positions
            _PLACES[name] = place
    return place


def _place(name: str) -> int | None:
    found = _POSITION.match(name)
    if found is None:
        return None
    if name.startswith("UTG"):
        return 3 + int(found.group(1) or 0)
    return {"Dealer": 0, "Small Blind": 1, "Big Blind": 2}[name]


class _Reader(HandLines):
    """One hand's lines, read in order; every failure names the hand ID and the line."""

    def __init__(self, hand: RoomHand) -> None:
        texts = list(map(str.rstrip, hand.text.split("\n")))
        if "`" in hand.text:  # a hand quoted in a program: export const HAND = `Bovada Hand #…`;
            if "`" in texts[0]:
                texts[0] = texts[0].split("`", 1)[1]
            # (the lines that end a quote found in C, as a hand has one or two among 45)
            for i in compress(range(len(texts)), map(_QUOTE_END, texts)):
                texts[i] = texts[i].rstrip(";").rstrip("`").rstrip()
        super().__init__(hand, texts)

    def game(self, number: int, line: str, rest: str) -> _Game:
        found = _GAME.search(rest)
        if found is None:
            if _OTHER_GAMES.search(rest):
                raise _error(
                    self.hand_id,
                    number,
                    line,
                    errors.said("only hold'em and Omaha hands can be read"),
                    UnsupportedHandError,
                )
            raise self.fail(
                number, line, errors.said("cannot read the game ('HOLDEM No Limit', 'OMAHA Pot Limit', ...)")
            )
        name, hole = {"HOLDEM": ("Hold'em", 2), "OMAHA": ("Omaha", 4), "OMAHA HiLo": ("Omaha Hi/Lo", 4)}[
            found.group(1)
        ]
        limit = found.group(2)
        if limit == "Fixed Limit":
            limit = "Limit"
        tournament = _TOURNAMENT.search(rest)
        level = _LEVEL.search(rest)
        self.currency = tournament is None
        small_blind = big_blind = None
        if level is not None:
            small_blind = self.amount(level.group(1), number, line)
            big_blind = self.amount(level.group(2), number, line)
        table = _TABLE.search(rest)
        return _Game(
            f"{name} {limit}" if limit else name,
            hole,
            tournament.group(1) if tournament else None,
            self.currency,
            small_blind,
            big_blind,
            next(filter(None, table.groups())) if table else "",
        )

    def read(self) -> HandHistory:
        lines = self.lines
        number, first = self.first()
        header = _HEADER.match(first)
        if header is None:
            raise self.fail(
                number, first, errors.said("a hand must start with 'Ignition Hand #<ID>' (or Bovada, Bodog)")
            )
        game = self.game(number, first, header.group(2))
        listed: list[tuple[int, str, Amount]] = []
        at = 1
        for at in range(1, len(lines)):  # noqa: B007  (at is the first line after the seats)
            number, line = lines[at]
            seat = _SEAT.match(line)
            if seat is None:
                break
            name = seat.group(2)
            name = (_ME.sub("", name) if "[ME]" in name else name).strip()  # (a pattern call costs)
            if any(name == other for _, other, _ in listed):
                raise self.fail(number, line, errors.said("{name} is seated twice", name=repr(name)))
            listed.append((int(seat.group(1)), name, self.amount(seat.group(3), number, line)))
        else:
            at = len(lines)
        if not listed:
            raise self.fail(
                *lines[min(at, len(lines) - 1)],
                errors.said("expected the seats ('Seat N: name ($stack in chips)')"),
            )
        seats, button_seat = self.seating(listed)
        return _Play(self, game, seats).read(at, button_seat)

    def seating(self, listed: list[tuple[int, str, Amount]]) -> tuple[dict[str, Seat], int]:
        """The seats in clockwise order (see the module's notes) and the button's seat number."""
        places = [_position(name) for _, name, _ in listed]
        if all(p is not None for p in places):
            by_position = [
                entry for _, entry in sorted(zip(places, listed, strict=True), key=lambda e: e[0] or 0)
            ]
            by_number = sorted(listed)
            numbers = [n for n, _, _ in by_number]
            turn = next(i for i, entry in enumerate(by_number) if entry[1] == by_position[0][1])
            keep = (
                len(set(numbers)) == len(numbers)
                and numbers[0] >= 1
                and numbers[-1] <= 10
                and [*by_number[turn:], *by_number[:turn]] == by_position
            )
            ordered = (
                by_number
                if keep
                else [(i + 1, name, stack) for i, (_, name, stack) in enumerate(by_position)]
            )
            seats = {name: _seat(n, name, stack) for n, name, stack in ordered}
            first = next(s for s in seats.values() if s.player == by_position[0][1])
            # the Dealer, or else the seat before the first position named (no Dealer at the table)
            if by_position[0][1] == "Dealer":
                return seats, first.number
            before = sorted(seats.values(), key=_number)
            index = before.index(first)
            return seats, before[index - 1].number
        ordered = sorted(listed)
        if len({n for n, _, _ in ordered}) != len(ordered):
            number, line = self.lines[1]
            raise self.fail(number, line, errors.said("two players share a seat number"))
        seats = {name: _seat(n, name, stack) for n, name, stack in ordered}
        return seats, ordered[0][0]


class _Play:
    """The lines after the seats: posts, streets, showdown and summary."""

    def __init__(self, reader: _Reader, game: _Game, seats: dict[str, Seat]) -> None:
        self.reader = reader
        self.game = game
        self.seats = seats
        self.heads: dict[str, str] = {name: name for name in seats}  # the words that name each player
        self.zero: Amount = Decimal(0) if reader.currency else 0

    def player(self, head: str, number: int, line: str) -> str:
        """The seated player a line's words before ``" : "`` name (the mark ``[ME]`` dropped)."""
        name = self.heads.get(head)
        if name is None:
            name = _ME.sub("", head).strip()
            if name not in self.seats:
                raise self.reader.fail(
                    number, line, errors.said("{name} has no seat in this hand", name=repr(name))
                )
            self.heads[head] = name
        return name

    def read(self, start: int, button_seat: int) -> HandHistory:
        reader, game, seats, zero = self.reader, self.game, self.seats, self.zero
        fail = reader.fail
        street = Street.PRE_FLOP
        actions: list[Action] = []
        returned: list[tuple[str, Amount]] = []
        collections: list[Collection] = []
        board: list[str] = []
        dealt: dict[str, tuple[str, ...]] = {}
        showed: list[str] = []
        bets: dict[str, Amount] = {}
        current: Amount = zero
        betting = False
        summary_at = None
        smalls: list[Amount] = []
        bigs: list[Amount] = []
        lines = reader.lines
        heads = self.heads
        known = reader.AMOUNTS[reader.currency]  # the amounts already read (see HandLines.amount)
        for at in range(start, len(lines)):
            number, line = lines[at]
            if not line:
                continue
            heading = _STREET.match(line) if line.startswith("***") else None
            if heading is not None:
                name, rest = heading.groups()
                if name == "SUMMARY":
                    summary_at = at
                    break
                if name == "HOLE CARDS":
                    continue
                new_street = _STREETS[name]
                if len(board) != _BOARD_BEFORE[new_street]:
                    raise fail(
                        number,
                        line,
                        errors.said("the {street} comes out of order", street=street_said(new_street)),
                    )
                cards = _CARDS.findall(rest)
                new = reader.cards(cards[-1] if cards else "", number, line)
                if len(new) != (3 if new_street is Street.FLOP else 1):
                    raise fail(
                        number,
                        line,
                        errors.said("wrong number of cards on the {street}", street=street_said(new_street)),
                    )
                if len(cards) > 1 and reader.cards(cards[0], number, line) != board:
                    raise fail(number, line, errors.said("the board before it is not the board so far"))
                board.extend(new)
                street, bets, current = new_street, {}, zero
                continue
            head, colon, said = line.partition(" : ")
            if not colon:
                if _NOISE.match(line):
                    continue
                raise fail(number, line, errors.said("cannot read this line"))
            player = heads.get(head) or self.player(head, number, line)
            said = said.strip()
            kind = verb = None
            for kind, pattern in _VERB_TABLE.get(said[:4], ()):  # noqa: B007  (kind is read after the loop)
                verb = pattern.match(said)
                if verb:
                    break
            if verb is None or kind is None:
                first = said[:4]
                result = _RESULT.match(said) if first == "Hand" else None
                if result is not None:
                    label = "side pot" if result.group(1) else "pot"
                    amount = reader.amount(result.group(2), number, line)
                    collections.append(
                        record(
                            Collection, line=number, player=player, amount=amount, pot=0, label=label, run=0
                        )
                    )
                    continue
                back = _RETURN.match(said) if first == "Retu" else None
                if back is not None:
                    returned.append((player, reader.amount(back.group(1), number, line)))
                    continue
                # "Card dealt to a spot [...]", read without a pattern's call
                if (
                    first == "Card"
                    and said.startswith(_DEALT_TEXT)
                    and said[-1] == "]"
                    and "]" not in said[22:-1]
                ):
                    hole = reader.cards(said[22:-1], number, line)
                    if len(hole) != game.hole:
                        raise fail(
                            number,
                            line,
                            errors.said(
                                "a {game} hand is dealt {hole} cards", game=game.name, hole=game.hole
                            ),
                        )
                    dealt[player] = tuple(hole)
                    continue
                showdown = _SHOWDOWN.match(said) if first == "Show" else None
                if showdown is not None:
                    reader.cards(showdown.group(1), number, line, most=10)
                    showed.append(player)
                    continue
                if _QUIET.match(said):
                    continue
                raise fail(number, line, errors.said("cannot read {player}'s action", player=player))
            if collections:
                raise fail(number, line, errors.said("a bet after the pot was won"))
            if verb.groups():
                written = verb.group(1)
                amount = known.get(written) or reader.amount(written, number, line)  # (a call saved)
            else:
                amount = zero
            if kind in _POSTS:
                if betting:
                    raise fail(number, line, errors.said("a post after the betting started"))
                all_in = amount == seats[player].stack
                text = f"{line} {DEAD_POST}" if kind == "dead" else line
                record_kind = _VERB_KINDS.get(kind, kind)
                actions.append(
                    record(
                        Action,
                        line=number,
                        street=street,
                        player=player,
                        kind=record_kind,
                        amount=amount,
                        to=None,
                        all_in=all_in,
                        text=text,
                    )
                )
                if kind == "small blind":
                    smalls.append(amount)
                elif kind == "big blind":
                    bigs.append(amount)
                if kind not in ("ante", "dead"):
                    bets[player] = bets.get(player, zero) + amount
                    current = max(current, bets[player])
                continue
            betting = True
            if kind in ("fold", "check"):
                actions.append(_action(number, street, player, kind, 0, None, False, line))
                continue
            mine = bets.get(player, zero)
            all_in = kind.startswith("all-in")
            if kind in ("raise", "all-in raise"):
                to = reader.amount(verb.group(2), number, line)
                if to != mine + amount:
                    raise fail(
                        number,
                        line,
                        errors.said(
                            "a raise of {amount} does not bring the bet to {to}",
                            amount=verb.group(1),
                            to=verb.group(2),
                        ),
                    )
                action = _action(number, street, player, "raise", to - current, to, all_in, line)
            else:
                to = mine + amount
                if kind == "call" or (kind == "all-in" and current and to <= current):
                    action = _action(number, street, player, "call", amount, None, all_in, line)
                elif kind == "bet" or not current:
                    action = _action(number, street, player, "bet", amount, None, all_in, line)
                else:  # all-in for more than the bet faced: a raise
                    action = _action(number, street, player, "raise", to - current, to, all_in, line)
            actions.append(action)
            bets[player] = to
            if to > current:
                current = to
        if not collections:
            raise fail(*lines[-1], errors.said("the hand ends before anyone wins the pot"))
        not_stated = {RAKE, POT_NAMES, SIDE_POTS}
        total = None
        won: dict[str, Amount] = {}
        if summary_at is not None:
            total, won = self.summary(summary_at + 1, board)
        if total is None:
            not_stated.add(TOTAL)
        if not returned and not board and all(a.kind in _WALK for a in actions):
            not_stated |= {RETURNS, TOTAL}  # a walk: the big blind's unmatched part stays in (see the notes)
        shown = {p: dealt[p] for p in showed if p in dealt}
        small_blind = game.small_blind if game.small_blind is not None else (smalls[0] if smalls else None)
        big_blind = game.big_blind if game.big_blind is not None else (bigs[0] if bigs else None)
        return fast_hand(
            hand_id=reader.hand_id or "",
            first_line=lines[0][0],
            header=lines[0][1],
            tournament=game.tournament,
            small_blind=small_blind,
            big_blind=big_blind,
            currency=game.currency,
            table=game.table,
            button_seat=button_seat,
            seats=tuple(sorted(seats.values(), key=_number)),
            actions=tuple(actions),
            returned=tuple(returned),
            board=tuple(board),
            shown=shown,
            collections=tuple(collections),
            total_pot=total if total is not None else zero,
            main_pot=None,
            side_pots=(),
            rake=zero,
            summary_won=won,
            lines=tuple(map(itemgetter(1), lines)),  # (the quotes of a program taken off)
            game=game.name,
            room=ROOM,
            not_stated=frozenset(not_stated),
        )

    def summary(self, start: int, board: list[str]) -> tuple[Amount | None, dict[str, Amount]]:
        """The summary: the total pot, and what each seat's line says its player won."""
        reader, fail = self.reader, self.reader.fail
        total = None
        won: dict[str, Amount] = {}
        names = sorted(self.seats, key=len, reverse=True)
        for number, line in reader.lines[start:]:
            if not line:
                continue
            total_line = _TOTAL.match(line) if line.startswith("Total Pot(") else None
            if total_line is not None:
                total = reader.amount(total_line.group(1), number, line)
                continue
            if line.startswith("Board "):
                cards = reader.cards(next(iter(_CARDS.findall(line)), ""), number, line)
                if cards != board:
                    raise fail(number, line, errors.said("the summary board differs from the streets"))
                continue
            seat_line = _SUMMARY_SEAT.match(line)
            if seat_line is None:
                raise fail(number, line, errors.said("cannot read this summary line"))
            rest = seat_line.group(2)
            for owner in names:  # (a loop, not a generator made for each line)
                if rest.startswith(owner):
                    break
            else:
                raise fail(number, line, errors.said("this summary line names a player not at the table"))
            said = rest[len(owner) :]
            high = _SUMMARY_WON.match(said)
            low = _SUMMARY_LOW.search(said + " ") if " LO " in said else None  # (rare: searched for once)
            for found in (high, low):
                if found is not None:
                    value = reader.amount(found.group(1), number, line)
                    won[owner] = won[owner] + value if owner in won else value
        return total, won


def _action(
    line: int,
    street: Street,
    player: str,
    kind: str,
    amount: Amount,
    to: Amount | None,
    all_in: bool,
    text: str,
) -> Action:
    """An :class:`~potengine.histories.record.Action` of checked values, without the frozen
    dataclass's per-field calls (see :func:`~potengine.histories.record.record`)."""
    action = object.__new__(Action)
    action.__dict__.update(
        line=line, street=street, player=player, kind=kind, amount=amount, to=to, all_in=all_in, text=text
    )
    return action


def _seat(number: int, player: str, stack: Amount) -> Seat:
    """A :class:`~potengine.histories.record.Seat` of checked values (see :func:`_action`)."""
    return record(Seat, number=number, player=player, stack=stack, sitting_out=False)


def _number(seat: Seat) -> int:
    return seat.number


def read_hand(hand: RoomHand) -> HandHistory:
    """One Ignition, Bovada or Bodog hand, as :mod:`~potengine.histories.rooms` cuts it, in the
    neutral record.

    Raises :class:`~potengine.errors.HandHistoryError` naming the hand and the line for a hand it
    cannot read, :class:`~potengine.histories.record.UnsupportedHandError` for a game the engine
    does not play.

    >>> from potengine.histories.rooms import cut_hands
    >>> text = "Bovada Hand #7 TBL#1 STUD Limit - 2022-05-26 09:16:24"
    >>> read_hand(cut_hands(text)[0])
    Traceback (most recent call last):
    ...
    potengine.histories.record.UnsupportedHandError: hand #7, line 1: only hold'em and Omaha hands can
    be read: "Bovada Hand #7 TBL#1 STUD Limit - 2022-05-26 09:16:24"
    """
    return _Reader(hand).read()
