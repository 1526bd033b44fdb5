"""Reading partypoker hand histories into the neutral record (:mod:`~potengine.histories.record`).

:func:`read_hand` reads one hand as :mod:`~potengine.histories.rooms` cuts it (at ``***** Hand
History for Game N *****``); the auditor calls it through ``Room.reader``.

What partypoker writes
----------------------
Measured on ``../shared/data/other-rooms/partypoker`` (46 files, 282 hands: HHSmithy's samples and
thlorenz's 224-hand 9-max file) and on the two files of ``.../888poker`` written in partypoker's
layout (HHSmithy's Pacific samples ``PotLimitHoldem`` and ``WithSittingOut``): 284 hands in all.
Every one is read and audited consistent but one that stops before the pot is won.

- A hand opens with ``***** Hand History for Game N *****``, then the game line, ``Table NAME
  (Real Money)``, ``Seat N is the button``, ``Total number of players : N/M`` and the seats,
  *not* in seat order (by name): ``Seat 2: Bavariared ( $12.22 USD )``, ``( $1352.91 )``,
  tournament chips ``( 126,043 )``. The record puts them in seat order.
- The game line's stakes are the blinds in 255 hands (``$0.10/$0.25 USD NL Texas Hold'em - ...``)
  and the small and big bet of a fixed-limit game in 5 (``$0.05/$0.10 USD FL Texas Hold'em``:
  blinds $0.02 and $0.05); in 22 cash hands they are the table's buy-in (``$4 USD PL Omaha``,
  ``$5,000 USD NL Texas Hold'em``: blinds $0.02/$0.04 and $25/$50) and in 2 tournament hands the
  buy-in comes first (``NL Texas Hold'em $22 USD Buy-in Trny:125049467 Level:12
  Blinds-Antes(1.200/2.400 -400)``, thousands with a dot there, with a comma everywhere else). So
  the blinds are read from the posts (``posts small blind [$0.05 USD].``, ``posts big blind [...]``)
  whenever the game line names a single amount; the header's two amounts are kept otherwise.
- Blinds are posted by whoever posts: a second ``posts big blind`` (27 hands: a player coming in)
  counts toward his bet, ``posts big blind + dead [$3].`` (8 hands) is a big blind and a dead
  small blind together (the record's ``"blinds"``: the part above the big blind is dead), and a
  second ``posts small blind`` (4 hands, a player posting out of turn) counts toward his bet too:
  in the one hand that tells (``hugomarcia posts small blind [$0.05 USD].`` then ``hugomarcia calls
  [$0.05 USD]`` to a $0.10 big blind, and a pot of exactly $1 won by the raiser) the small blind is
  live. The record ends that action's text with
  :data:`~potengine.histories.audit.LIVE_POST`, which
  :func:`~potengine.histories.audit.dead_posts` reads. No hand of the corpus lacks a big blind post;
  a hand that does keeps the header's blinds (none for a buy-in header).
- Bets are the chips the line adds, never a street total: ``calls [$0.25 USD]``, ``bets [...]``,
  ``raises [$0.30 USD]`` (the player's street bet grows by $0.30) and ``is all-In  [$4.90 USD]``
  (a bet, a call or a raise, as the bet faced makes it). The reader keeps each street's bets and
  writes the record's raise: ``amount`` over the bet faced, ``to`` the street total.
- No line returns an unmatched bet (:data:`~potengine.histories.record.RETURNS` not stated): the
  unmatched part is paid inside the winner's ``wins`` line (``lenstr1 bets [$0.10 USD]``, all
  fold, ``lenstr1 wins $0.53 USD``: $0.45 in the pot less $0.02 rake, plus his $0.10) or, after an
  all-in for less, as a side pot (``dr. spaz wins $1.87 USD from the side pot 1``: exactly what
  the all-in call left unmatched: 11 of the 18 ``side pot`` lines; 4 hold a real side pot and the
  unmatched part together, 3 a side pot alone). So the pot names do not say which pot a
  collection is from (:data:`~potengine.histories.record.POT_NAMES` not stated): every collection
  is put on pot 0, its label kept. The auditor takes the engine's return out of the collection
  that holds it.
- No total pot and no rake are written (:data:`~potengine.histories.record.TOTAL`,
  :data:`~potengine.histories.record.RAKE` not stated): the record's ``total_pot`` is what the
  ``wins`` lines pay, ``rake`` 0.
- Cards: ``** Dealing Flop ** [ Qs, 7h, 2s ]``; ``shows [ 8c, 8d ]three of a kind, Eights.`` is a
  hand shown; ``doesn't show [ Jc, Jd ]a pair of Jacks.`` is a hand mucked at the showdown (the
  history lists its cards, but the player gave up his claim: in all 50 hold'em hands of the 53
  with such a line, the hand mucked loses to the winner's): not shown. Hi-lo hands write the
  low half apart, ``wins Lo ($28.75 USD) from the main pot with 7,5,4,2,A.``
- Players may act without a seat line: one hand (``WithAnonomous``, an edited sample) seats
  ``Player1`` and ``HERO`` (``Total number of players : 2/6``), ``Player1`` posts the small blind
  and never acts again, and ``WolfgangCutler``, seated nowhere, raises, bets and wins. An unseated
  name is read as the one seated player who posts but never acts (he must be the same player: the
  table holds the seated players alone, and every player dealt in acts or wins), and the record
  says so in ``remarks``; with no such player, or two, the hand is refused naming the line.
- 1 hand stops before anyone wins (``Limit6``: the last line is a bet): refused, naming its last
  line. Chat (``worley: figured``), time-bank, seating and connection lines are skipped, and so
  are the lines some exports add between hands (``Game #N starts.``, ``#Game No : N``: 8 hands).
  A post of the whole stack is all-in (partypoker marks no all-in post: 1 hand, a big blind of
  $0.03).

>>> from potengine.histories.rooms import cut_hands
>>> text = '''***** Hand History for Game 1001 *****
... $4 USD PL Omaha - Friday, December 03, 23:16:02 CET 2013
... Table Demo (Real Money)
... Seat 2 is the button
... Total number of players : 2/6
... Seat 1: Ann ( $4 USD )
... Seat 2: Bo ( $4 USD )
... Bo posts small blind [$0.02 USD].
... Ann posts big blind [$0.04 USD].
... ** Dealing down cards **
... Bo raises [$0.10 USD]
... Ann folds
... Bo does not show cards.
... Bo wins $0.16 USD'''
>>> hand = read_hand(cut_hands(text)[0])
>>> hand.big_blind, [(a.kind, a.amount, a.to) for a in hand.actions[2:]]
(Decimal('0.04'), [('raise', Decimal('0.08'), Decimal('0.12')), ('fold', 0, None)])
>>> hand.collections[0].amount, sorted(hand.not_stated)
(Decimal('0.16'), ['pot names', 'rake', 'returns', 'total pot'])
"""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from decimal import Decimal
from operator import attrgetter
from types import MappingProxyType
from typing import Any, NamedTuple

from .. import errors
from ..chips import Amount
from ..play.streets import Street, street_said
from .amounts import CENT, exact_amount
from .audit import DEAD_POST, LIVE_POST
from .lines import CACHED, HandLines
from .pokerstars import MAX_SEATS, _error
from .record import NOT_STATED as ALL_NOT_STATED
from .record import (
    POT_NAMES,
    RAKE,
    RETURNS,
    TOTAL,
    Action,
    Collection,
    HandHistory,
    Seat,
    UnsupportedHandError,
    record,
)
from .rooms import RoomHand

ROOM = "partypoker"
"""The room's label, as :mod:`~potengine.histories.rooms` names it."""
NOT_STATED = frozenset((TOTAL, RAKE, RETURNS, POT_NAMES))
"""What no partypoker hand writes (see the module's notes)."""

_HEADER = re.compile(r"^\*{5} Hand History [Ff]or Game (\d{1,30}) \*{5}")
_CODE = r"(?: (?:USD|EUR|GBP|CAD))?"
_MONEY = r"[$€£]?\d[\d,.]*" + _CODE
_GAME_LINE = re.compile(
    r"^(?P<head>.*?)\b(?P<limit>NL|PL|FL|No Limit|Pot Limit|Limit) "
    r"(?P<game>Texas Hold'em|Hold'em|Omaha Hi-Lo|Omaha Hi Lo|Omaha Hi|Omaha)(?P<tail>(?: .*?)?)"
    r"(?: - \w+day, .*)?$"
)
_OTHER_GAMES = re.compile(r"Stud|Razz|Draw|Badugi|Short Deck|6\+|Courchevel|5 Card|Triple|2-7|Horse|HORSE")
_STAKES = re.compile(r"^([$€£]?\d[\d,.]*)(?:/([$€£]?\d[\d,.]*))?" + _CODE + " $")
_TOURNAMENT = re.compile(r"Trny: ?(\d+)")
_CURRENCY = re.compile(r"[$€£]|USD|EUR|GBP|CAD")
_TABLE = re.compile(r"^Table (.*?)(?: \((?:Real|Play) Money\))?$")
_BUTTON = re.compile(r"^Seat (\d+) is the button$")
_MONEY_TEXT = re.compile(_MONEY + "$")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \( ?(" + _MONEY + r") ?\)$")
_STREET = re.compile(r"^\*\* Dealing (down cards|Flop|Turn|River) \*\*(?: \[(.*)\])?$")
_AMOUNT_IN = re.compile(r" +\[(" + _MONEY + r")\]\.?$")  # (matched from a position: no ^)
_VERBS = (
    r"(?P<verb>folds|checks|calls|bets|raises|is all-In|posts (?:small blind|big blind(?: \+ dead)?|ante|"
    r"dead small blind)|shows|doesn't show|does not show cards|wins)(?P<rest>(?:[ .\[0-9].*)?)$"
)
_ACTION = re.compile(r"^(?P<name>.+?) " + _VERBS)
_VERB = re.compile(_VERBS)
_WINS = re.compile(
    r" (?:Lo \((?P<lo>" + _MONEY + r")\)|(?P<amount>" + _MONEY + r")(?: chips)?)"
    r"(?: from the (?P<pot>main pot|side pot(?: (?P<side>\d+))?))?(?: with .*)?\.?$"
)
_SHOWN = re.compile(r" \[([^\]]*)\]")
_LOW_SHOWN = re.compile(r" ?[0-9A,]+ +for low\.$")
_NOISE = re.compile(
    r"^(?:Game #\d+ starts\.|#Game No : \d+|Trny: ?\d+ Level: ?\d+|Blinds(?:-Antes)?\(.*\)|"
    r"Dealt to .+|Your time bank will be activated.*|Due to current high memory use.*|"
    r"Total number of players : .*|"
    r".+ (?:has left the table\.|has joined the table\.|will be using (?:their|his|her) time bank"
    r" for this hand\.|did not respond in time\.?|could not respond in time.*|is disconnected\..*|"
    r"has been reconnected.*|is sitting out|is sitting in|has been disconnected.*|sits out|is back))$"
)
_SITTING_OUT = " is sitting out"
_GAMES = {
    "Texas Hold'em": ("Hold'em", 2),
    "Hold'em": ("Hold'em", 2),
    "Omaha": ("Omaha", 4),
    "Omaha Hi": ("Omaha", 4),
    "Omaha Hi-Lo": ("Omaha Hi/Lo", 4),
    "Omaha Hi Lo": ("Omaha Hi/Lo", 4),
}
_LIMITS = {
    "NL": "No Limit",
    "No Limit": "No Limit",
    "PL": "Pot Limit",
    "Pot Limit": "Pot Limit",
    "FL": "Limit",
    "Limit": "Limit",
}
_STREETS = {"down cards": Street.PRE_FLOP, "Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
_BOARD_BEFORE = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
_POSTS = {
    "posts small blind": "small blind",
    "posts big blind": "big blind",
    "posts big blind + dead": "blinds",
    "posts dead small blind": "small blind",
    "posts ante": "ante",
}
_THOUSANDS_DOT = re.compile(r"^\d{1,3}(?:\.\d{3})+$")
_POST_KINDS = frozenset(("ante", "small blind", "big blind", "blinds", "button blind", "straddle"))
"""The kinds of post, as :attr:`HandHistory.posts <potengine.histories.record.HandHistory.posts>`
counts them (a straddle too: :func:`fast_hand` builds PokerNow's records as well)."""


class _Game(NamedTuple):
    name: str
    hole: int
    tournament: str | None
    currency: bool
    stakes: tuple[Amount, Amount] | None  # the header's two amounts, if it names two (not a buy-in)
    fixed_limit: bool


_BETS = {"calls": "call", "bets": "bet", "raises": "raise", "is all-In": "all-in", "is all-In ": "all-in"}
"""The verbs of a line that adds chips, ``NAME verb [amount]``."""
_ZERO: dict[bool, Amount] = {False: 0, True: Decimal(0)}
_GAMES_READ: dict[str, _Game] = {}
"""The games already read, by their game line's words before the date."""


class _Unseated(Exception):
    """A name that is no seated player's acts: the hand is read again knowing whom it stands for."""


class _Reader(HandLines):
    """One hand's lines, read in order; every failure names the hand ID and the line."""

    def __init__(self, hand: RoomHand) -> None:
        super().__init__(hand)
        self.known = self.AMOUNTS[False]
        self.seats: dict[str, Seat] = {}
        self.names: list[str] = []  # the seated players, longest name first
        self.spaced = False  # whether a seated name holds a space (then the longest that fits wins)

    def amount(self, text: str, number: int, line: str) -> Amount:
        """An amount as partypoker writes it: ``$1,354.50 USD``, ``6,000``, ``1.200`` (a
        tournament header's thousands)."""
        value = self.known.get(text)
        if value is not None:
            return value
        raw = text.split(" ", 1)[0].lstrip("$€£")
        if not self.currency and _THOUSANDS_DOT.match(raw):
            raw = raw.replace(".", "")
        try:
            value = exact_amount(raw.replace(",", ""), text, currency=self.currency)
        except ValueError as err:
            raise self.fail(number, line, errors.message_of(err)) from None
        if len(self.known) > CACHED:  # a bounded cache: amounts repeat from hand to hand
            self.known.clear()
        self.known[text] = value
        return value

    def cards(self, text: str, number: int, line: str, most: int | None = None) -> list[str]:
        return super().cards(text.replace(",", " "), number, line, most)  # "[ Ac, Kd ]"

    def game(self, number: int, line: str) -> _Game:
        """The game line: the game, its limit, the stakes or buy-in, the tournament (kept by its
        words before the date, which repeat from hand to hand)."""
        key = line.rpartition(" - ")[0] or line
        game = _GAMES_READ.get(key)
        if game is None:
            game = self.read_game(number, line)
            if len(_GAMES_READ) > 1024:  # a bounded cache, like the amounts'
                _GAMES_READ.clear()
            _GAMES_READ[key] = game
        self.currency = game.currency
        self.known = self.AMOUNTS[game.currency]
        return game

    def read_game(self, number: int, line: str) -> _Game:
        """The game line read (see :meth:`game`)."""
        found = _GAME_LINE.match(line)
        if found is None:
            other = _OTHER_GAMES.search(line)
            if other:
                words = line.split(" - ")[0]
                raise _error(
                    self.hand_id,
                    number,
                    line,
                    errors.said("{game}: only hold'em and Omaha hands can be read", game=words),
                    UnsupportedHandError,
                )
            raise self.fail(
                number, line, errors.said("expected the game line ('$0.05/$0.10 USD NL Texas Hold'em - ...')")
            )
        name, hole = _GAMES[found.group("game")]
        limit = _LIMITS[found.group("limit")]
        head, tail = found.group("head"), found.group("tail")
        trny = _TOURNAMENT.search(tail)
        tournament = trny.group(1) if trny else ("" if "Buy-in" in tail else None)
        self.currency = tournament is None and bool(_CURRENCY.search(head))
        self.known = self.AMOUNTS[self.currency]
        stakes = None
        if head and tournament is None:
            amounts = _STAKES.match(head)
            if amounts is None:
                raise self.fail(
                    number, line, errors.said("cannot read the stakes {stakes}", stakes=repr(head.strip()))
                )
            if amounts.group(2):
                stakes = (
                    self.amount(amounts.group(1), number, line),
                    self.amount(amounts.group(2), number, line),
                )
        return _Game(f"{name} {limit}", hole, tournament, self.currency, stakes, limit == "Limit")

    def read(self) -> HandHistory:
        """The hand: its first lines (the game, the table, the button, the seats), then its play."""
        lines = self.lines
        number, first = self.first()
        if not _HEADER.match(first):
            raise self.fail(
                number, first, errors.said("a hand must start with '***** Hand History for Game <ID> *****'")
            )
        if len(lines) < 2:
            raise self.fail(number, first, errors.said("the hand ends after its first line"))
        game = self.game(*lines[1])
        table = ""
        button_seat: int | None = None
        seats = self.seats
        numbers: set[int] = set()
        at = 2
        for at in range(2, len(lines)):  # noqa: B007  (at is the first line of the play)
            number, line = lines[at]
            if line.startswith("Seat "):
                button = _BUTTON.match(line)
                if button:
                    button_seat = int(button.group(1))
                    continue
                seat_number, _, rest = line[5:].partition(": ")
                name, paren, money = rest[:-2].rpartition(" ( ") if rest.endswith(" )") else ("", "", "")
                if not (paren and seat_number.isdigit() and name and _MONEY_TEXT.match(money)):
                    seat = _SEAT.match(line)  # written otherwise: "( 126,043 )" or "($5)"
                    if seat is None:
                        raise self.fail(
                            number, line, errors.said("expected a seat ('Seat N: name ( $stack USD )')")
                        )
                    seat_number, name, money = seat.group(1, 2, 3)
                n = int(seat_number)
                if not 1 <= n <= MAX_SEATS or name in seats or n in numbers:
                    raise self.fail(
                        number, line, errors.said("a seat number or player appears twice or is out of range")
                    )
                stack = self.known.get(money)
                if stack is None:
                    stack = self.amount(money, number, line)
                seats[name] = record(Seat, number=n, player=name, stack=stack, sitting_out=not stack)
                numbers.add(n)
            elif line.startswith("Table "):
                found = _TABLE.match(line)
                table = found.group(1) if found else line[6:]
            elif not line.startswith("Total number of players"):
                break
        else:
            at = len(lines)
        last = lines[min(at, len(lines) - 1)]
        if not seats:
            raise self.fail(*last, errors.said("the hand has no seats"))
        if button_seat is None:
            raise self.fail(*last, errors.said("the hand names no button ('Seat N is the button')"))
        self.names = sorted(seats, key=len, reverse=True)
        self.spaced = any(" " in name for name in seats)
        try:
            return self.play(at, game, table, button_seat, {}, [])
        except _Unseated:
            aliases, remarks = self.aliases(at)
            return self.play(at, game, table, button_seat, aliases, remarks)

    def speaker(self, line: str) -> tuple[str, str] | None:
        """The seated player who starts the line, and the rest of the line after his name."""
        if not self.spaced:
            head, _, rest = line.partition(" ")
            return (head, rest) if head in self.seats else None
        for name in self.names:  # a name with a space: the longest that fits
            if line.startswith(name) and line[len(name) : len(name) + 1] == " ":
                return name, line[len(name) + 1 :]
        return None

    def chat(self, line: str) -> bool:
        """Whether the line is a seated player's chat (``name: words``)."""
        return ": " in line and any(line.startswith(name + ": ") for name in self.names)

    def aliases(self, start: int) -> tuple[dict[str, str], list[str]]:
        """The seated player each unseated name that acts stands for (see the module's notes)."""
        seats = self.seats
        unseated: dict[str, tuple[int, str]] = {}
        active: set[str] = set()
        posting: set[str] = set()
        for number, line in self.lines[start:]:
            if self.chat(line) or _NOISE.match(line):
                continue
            said = self.speaker(line)
            if said is not None:
                (posting if said[1].startswith("posts ") else active).add(said[0])
                continue
            found = _ACTION.match(line)
            if found is not None:
                unseated.setdefault(found.group("name"), (number, line))
        silent = [name for name in seats if name in posting and name not in active]
        if len(unseated) == 1 and len(silent) == 1:
            [stranger] = unseated
            [seated] = silent
            note = errors.said(
                "{player} acts without a seat line: read as {seated} (seat {seat}), "
                "the one seated player who posts and never acts",
                player=stranger,
                seated=seated,
                seat=seats[seated].number,
            )
            return {stranger: seated}, [note]
        name, (number, line) = next(iter(unseated.items()))
        raise self.fail(number, line, errors.said("{name} has no seat in this hand", name=repr(name)))

    def play(
        self,
        start: int,
        game: _Game,
        table: str,
        button_seat: int,
        aliases: dict[str, str],
        remarks: list[str],
    ) -> HandHistory:
        """The posts, the streets and their bets, the cards shown and the pots won."""
        seats = self.seats
        street = Street.PRE_FLOP
        dealt = False  # "** Dealing down cards **" read
        betting = False  # an action other than a post read
        actions: list[Action] = []
        collections: list[Collection] = []
        board: list[str] = []
        shown: dict[str, tuple[str, ...]] = {}
        sitting_out: set[str] = set()
        zero = _ZERO[self.currency]
        bets: dict[str, Amount] = {}
        current: Amount = zero
        smalls: list[Action] = []
        bigs: list[Action] = []
        big_stake = game.stakes[1] if game.stakes and not game.fixed_limit else None
        known = self.known
        fail = self.fail
        bare = object.__new__
        spaced = self.spaced
        for number, line in self.lines[start:]:
            if not line:
                continue
            if spaced:
                said = self.speaker(line)
            else:  # the common case, no seated name holds a space: the first word names the player
                head, _, rest = line.partition(" ")
                said = (head, rest) if head in seats else None
            if said is None:
                if line.startswith("** Dealing"):
                    found = _STREET.match(line)
                    if found is None:
                        raise fail(number, line, errors.said("cannot read this street"))
                    new_street = _STREETS[found.group(1)]
                    if new_street is Street.PRE_FLOP:
                        if dealt:
                            raise fail(number, line, errors.said("the cards are dealt twice"))
                        dealt = True
                        continue
                    if len(board) != _BOARD_BEFORE[new_street]:
                        raise fail(
                            number,
                            line,
                            errors.said("the {street} comes out of order", street=street_said(new_street)),
                        )
                    cards = self.cards(found.group(2) or "", number, line)
                    if len(cards) != (3 if new_street is Street.FLOP else 1):
                        raise fail(
                            number,
                            line,
                            errors.said(
                                "wrong number of cards on the {street}", street=street_said(new_street)
                            ),
                        )
                    board.extend(cards)
                    street, bets, current, dealt = new_street, {}, zero, True
                    continue
                if self.chat(line) or _NOISE.match(line):
                    continue
                stranger = next((a for a in aliases if line.startswith(a + " ")), None)
                if stranger is not None:
                    said = aliases[stranger], line[len(stranger) + 1 :]
                elif _ACTION.match(line):
                    raise _Unseated  # read again, knowing whom the name stands for
                else:
                    raise fail(number, line, errors.said("cannot read this line"))
            player, rest = said
            verb, bracket, inside = rest.partition(" [")
            kind = _BETS.get(verb) if bracket else None
            if kind is not None:  # "calls [$0.25 USD]", "raises [...]", "is all-In  [...]"
                if collections:
                    raise fail(number, line, errors.said("a bet after the pot was won"))
                if not inside.endswith("]"):
                    raise fail(number, line, errors.said("cannot read {player}'s action", player=player))
                text = inside[:-1]
                added = known.get(text)
                if added is None:
                    added = self.amount(text, number, line)
                betting = dealt = True
                mine = bets.get(player, zero)
                to = mine + added
                all_in = kind == "all-in"
                if kind == "call" or (all_in and current and to <= current):
                    kind, amount, raised = "call", added, None
                elif kind == "bet" or (all_in and not current):
                    kind, amount, raised = "bet", added, None
                else:  # raises, or all-in for more than the bet faced
                    kind, amount, raised = "raise", to - current, to
                actions.append(action := bare(Action))
                action.__dict__.update(
                    line=number,
                    street=street,
                    player=player,
                    kind=kind,
                    amount=amount,
                    to=raised,
                    all_in=all_in,
                    text=line,
                )
                bets[player] = to
                if to > current:
                    current = to
                continue
            if rest == "folds" or rest == "checks":
                if collections:
                    raise fail(number, line, errors.said("a bet after the pot was won"))
                betting = dealt = True
                actions.append(action := bare(Action))
                action.__dict__.update(
                    line=number,
                    street=street,
                    player=player,
                    kind="fold" if rest == "folds" else "check",
                    amount=0,
                    to=None,
                    all_in=False,
                    text=line,
                )
                continue
            if rest.startswith("wins "):
                won = _WINS.match(rest, 4)
                if won is None:
                    raise fail(number, line, errors.said("cannot read this win"))
                low = won.group("lo")
                amount = self.amount(low or won.group("amount"), number, line)
                label = won.group("pot") or "pot"
                collections.append(
                    record(
                        Collection,
                        line=number,
                        player=player,
                        amount=amount,
                        pot=0,
                        label=f"{label} (low)" if low else label,
                        run=0,
                    )
                )
                continue
            if rest.startswith("shows"):
                cards_shown = _SHOWN.match(rest, 5)
                if cards_shown is None:
                    if _LOW_SHOWN.match(rest, 5):
                        continue  # "shows7,5,4,2,A  for low.": the low of a hand shown
                    raise fail(number, line, errors.said("cannot read the cards shown"))
                cards = self.cards(cards_shown.group(1), number, line)
                if len(cards) != game.hole:
                    raise fail(
                        number,
                        line,
                        errors.said("a {game} hand shows {hole} cards", game=game.name, hole=game.hole),
                    )
                shown[player] = tuple(cards)
                continue
            if rest == "does not show cards.":
                continue
            if rest.startswith("doesn't show"):
                mucked = _SHOWN.match(rest, 12)
                if mucked:
                    self.cards(mucked.group(1), number, line)  # checked, but not a hand shown
                continue
            if verb in _POSTS:  # "posts small blind [$0.05 USD]."
                if collections:
                    raise fail(number, line, errors.said("a bet after the pot was won"))
                paid = _AMOUNT_IN.match(rest, len(verb))
                if paid is None:
                    raise fail(number, line, errors.said("cannot read the amount posted"))
                if dealt:
                    raise fail(number, line, errors.said("a post after the cards were dealt"))
                if betting:
                    raise fail(number, line, errors.said("a post after the betting started"))
                kind = _POSTS[verb]
                amount = self.amount(paid.group(1), number, line)
                all_in = amount == seats[player].stack  # partypoker marks no all-in post
                text = line
                if kind == "small blind":
                    if verb == "posts dead small blind" or any(a.player == player for a in smalls):
                        text = f"{line} {DEAD_POST}"
                    elif smalls:
                        text = f"{line} {LIVE_POST}"  # see the module's notes: it counts toward his bet
                action = record(
                    Action,
                    line=number,
                    street=street,
                    player=player,
                    kind=kind,
                    amount=amount,
                    to=None,
                    all_in=all_in,
                    text=text,
                )
                actions.append(action)
                if kind == "small blind":
                    smalls.append(action)
                elif kind == "big blind":
                    bigs.append(action)
                if kind == "ante" or text.endswith(DEAD_POST):
                    continue
                live = amount
                if kind == "blinds":  # the big blind, and a dead small blind above it
                    big = big_stake if big_stake is not None else bigs[0].amount if bigs else amount
                    live = min(amount, big)
                bets[player] = bets.get(player, zero) + live
                current = max(current, bets[player])
                continue
            if _NOISE.match(line) or self.chat(line):
                if line.endswith(_SITTING_OUT):
                    sitting_out.add(line[: -len(_SITTING_OUT)])
                continue
            raise fail(number, line, errors.said("cannot read {player}'s action", player=player))
        if not collections:
            number, line = self.lines[-1]
            raise fail(number, line, errors.said("the hand ends before anyone wins the pot"))
        small_blind: Amount | None = None
        big_blind: Amount | None = None
        small_bet = big_bet = None
        if game.stakes is not None and game.fixed_limit:
            small_bet, big_bet = game.stakes
            big_blind = small_bet
        elif game.stakes is not None:
            small_blind, big_blind = game.stakes
        else:  # a buy-in (or nothing) in the header: the blinds posted
            small_blind = smalls[0].amount if smalls else None
            big_blind = bigs[0].amount if bigs else None
        ordered = tuple(
            sorted(
                (
                    s
                    if s.player not in sitting_out
                    else record(Seat, number=s.number, player=s.player, stack=s.stack, sitting_out=True)
                    for s in seats.values()
                ),
                key=_NUMBER,
            )
        )
        return fast_hand(
            hand_id=self.hand_id or "",
            first_line=self.lines[0][0],
            header=self.lines[0][1],
            tournament=game.tournament,
            small_blind=small_blind,
            big_blind=big_blind,
            currency=game.currency,
            table=table,
            button_seat=button_seat,
            seats=ordered,
            actions=tuple(actions),
            board=tuple(board),
            shown=shown,
            collections=tuple(collections),
            total_pot=sum((c.amount for c in collections), start=zero),
            rake=zero,
            lines=tuple(self.texts),
            small_bet=small_bet,
            big_bet=big_bet,
            game=game.name,
            remarks=tuple(remarks),
            room=ROOM,
            not_stated=NOT_STATED,
        )


_NUMBER = attrgetter("number")
_PLAYER = attrgetter("player")
_STACK = attrgetter("stack")
_DEFAULTS: dict[str, Any] = {}
for _field in fields(HandHistory):
    if _field.default is not MISSING:
        _DEFAULTS[_field.name] = _field.default
    elif callable(_field.default_factory):
        _DEFAULTS[_field.name] = _field.default_factory()
_FIELDS = frozenset(f.name for f in fields(HandHistory))
_BASE: dict[str, Any] = {
    "returned": (),
    "main_pot": None,
    "side_pots": (),
    **_DEFAULTS,
    **dict.fromkeys(("players", "button", "chip", "omaha", "hi_lo", "posts", "stacks")),
}
"""A record's fields and cached values, the defaults given: what :func:`fast_hand` fills in."""


def fast_hand(**given: Any) -> HandHistory:
    """A :class:`~potengine.histories.record.HandHistory` from a reader's checked values, built
    the way :mod:`~potengine.histories.pokerstars` builds its own: every field (the defaults for
    those not given: no returns, no pot sizes), and the values the record's cached properties would
    work out on first read, worked out here (the same rules), without the dataclass's per-field
    calls. ``seats`` are in seat order.

    >>> hand = fast_hand(hand_id="1", first_line=1, header="", tournament=None, small_blind=1,
    ...     big_blind=2, currency=False, table="", button_seat=2, seats=(Seat(1, "Ann", 50),
    ...     Seat(2, "Bo", 50)), actions=(), board=(), shown={}, collections=(), total_pot=0, rake=0)
    >>> hand.players, hand.button, hand.returned, hand.stacks["Bo"]
    (('Ann', 'Bo'), 'Bo', (), 50)
    """
    if not _FIELDS.issuperset(given):
        raise TypeError(f"HandHistory has no field {', '.join(sorted(set(given) - _FIELDS))}")
    values = _BASE.copy()  # (one dict for the record, copied from one of the same keys: no field set twice)
    values.update(given)
    not_stated = values["not_stated"]
    if not not_stated <= ALL_NOT_STATED:
        raise ValueError(f"not_stated names {', '.join(sorted(not_stated - ALL_NOT_STATED))}")
    values["shown"] = MappingProxyType(dict(values["shown"]))
    values["summary_won"] = MappingProxyType(dict(values["summary_won"]))
    seats = values["seats"]
    players = tuple(map(_PLAYER, seats))
    button = players[-1] if players else ""
    for seat in seats:
        if seat.number > values["button_seat"]:
            break
        button = seat.player
    actions = values["actions"]
    posted = 0
    for action in actions:
        if action.kind not in _POST_KINDS:
            break
        posted += 1
    game = values["game"]
    values["players"] = players
    values["button"] = button
    values["chip"] = CENT if values["currency"] else 1
    values["omaha"] = "Omaha" in game
    values["hi_lo"] = "Hi/Lo" in game
    values["posts"] = tuple(actions[:posted])
    values["stacks"] = MappingProxyType(dict(zip(players, map(_STACK, seats), strict=True)))
    hand = object.__new__(HandHistory)
    object.__setattr__(hand, "__dict__", values)  # the record's own dict: its fields, as record() sets them
    return hand


def read_hand(hand: RoomHand) -> HandHistory:
    """One partypoker hand, as :mod:`~potengine.histories.rooms` cuts it, in the neutral record.

    Raises :class:`~potengine.errors.HandHistoryError` naming the hand and the line for a hand it
    cannot read, :class:`~potengine.histories.record.UnsupportedHandError` for a game the engine
    does not play.

    >>> from potengine.histories.rooms import cut_hands
    >>> text = "***** Hand History for Game 7 *****\\n$1/$2 USD 7 Card Stud - Monday, May 1, 2014"
    >>> read_hand(cut_hands(text)[0])
    Traceback (most recent call last):
    ...
    potengine.histories.record.UnsupportedHandError: hand #7, line 2: $1/$2 USD 7 Card Stud: only
    hold'em and Omaha hands can be read: "$1/$2 USD 7 Card Stud - Monday, May 1, 2014"
    """
    return _Reader(hand).read()
