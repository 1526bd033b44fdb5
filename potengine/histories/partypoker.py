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
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

from ..chips import Amount
from ..errors import HandHistoryError
from ..play.streets import Street
from .audit import DEAD_POST, LIVE_POST
from .pokerstars import _CARD_NAMES, MAX_DIGITS, MAX_HAND_LINES, MAX_LINE_CHARS, MAX_SEATS, _error
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
_SEAT = re.compile(r"^Seat (\d+): (.+?) \( ?(" + _MONEY + r") ?\)$")
_STREET = re.compile(r"^\*\* Dealing (down cards|Flop|Turn|River) \*\*(?: \[(.*)\])?$")
_AMOUNT_IN = re.compile(r"^ +\[(" + _MONEY + r")\]\.?$")
_VERBS = (
    r"(?P<verb>folds|checks|calls|bets|raises|is all-In|posts (?:small blind|big blind(?: \+ dead)?|ante|"
    r"dead small blind)|shows|doesn't show|does not show cards|wins)(?P<rest>(?:[ .\[0-9].*)?)$"
)
_ACTION = re.compile(r"^(?P<name>.+?) " + _VERBS)
_VERB = re.compile(_VERBS)
_WINS = re.compile(
    r"^ (?:Lo \((?P<lo>" + _MONEY + r")\)|(?P<amount>" + _MONEY + r")(?: chips)?)"
    r"(?: from the (?P<pot>main pot|side pot(?: (?P<side>\d+))?))?(?: with .*)?\.?$"
)
_SHOWN = re.compile(r"^ \[([^\]]*)\]")
_LOW_SHOWN = re.compile(r"^ ?[0-9A,]+ +for low\.$")
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
_CENT = Decimal("0.01")


class _Game(NamedTuple):
    name: str
    hole: int
    tournament: str | None
    currency: bool
    stakes: tuple[Amount, Amount] | None  # the header's two amounts, if it names two (not a buy-in)
    fixed_limit: bool


class _Reader:
    """One hand's lines, read in order; every failure names the hand ID and the line."""

    def __init__(self, hand: RoomHand) -> None:
        self.hand_id = hand.hand_id
        self.lines = [(hand.line + i, text.rstrip()) for i, text in enumerate(hand.text.split("\n"))]
        while self.lines and not self.lines[-1][1]:
            self.lines.pop()
        self.currency = False
        self.names: list[str] = []  # the seated players, longest name first
        self.ambiguous: frozenset[str] = frozenset()  # seated names that begin a longer one

    def fail(self, number: int, line: str, reason: str) -> HandHistoryError:
        return _error(self.hand_id, number, line, reason)

    def amount(self, text: str, number: int, line: str) -> Amount:
        """An amount as partypoker writes it: ``$1,354.50 USD``, ``6,000``, ``1.200`` (a
        tournament header's thousands)."""
        raw = text.split(" ", 1)[0].lstrip("$€£")
        if not self.currency and _THOUSANDS_DOT.match(raw):
            raw = raw.replace(".", "")
        raw = raw.replace(",", "")
        if len(raw.split(".")[0]) > MAX_DIGITS or len(raw) > MAX_DIGITS + 6:
            raise self.fail(number, line, f"amount {text} is too large")
        try:
            value = Decimal(raw)
        except InvalidOperation:
            raise self.fail(number, line, f"cannot read the amount {text!r}") from None
        if self.currency:
            if value != value.quantize(_CENT):
                raise self.fail(number, line, f"amount {text} is not a whole number of cents")
            return value
        if value != value.to_integral_value():
            raise self.fail(number, line, f"amount {text} has cents in a game played in chips")
        return int(value)

    def cards(self, text: str, number: int, line: str) -> list[str]:
        cards = text.replace(",", " ").split()
        for card in cards:
            if card not in _CARD_NAMES:
                raise self.fail(number, line, f"{card!r} is not a card")
        return cards

    def game(self, number: int, line: str) -> _Game:
        """The game line: the game, its limit, the stakes or buy-in, the tournament."""
        found = _GAME_LINE.match(line)
        if found is None:
            other = _OTHER_GAMES.search(line)
            if other:
                words = line.split(" - ")[0]
                raise _error(
                    self.hand_id,
                    number,
                    line,
                    f"{words}: only hold'em and Omaha hands can be read",
                    UnsupportedHandError,
                )
            raise self.fail(number, line, "expected the game line ('$0.05/$0.10 USD NL Texas Hold'em - ...')")
        name, hole = _GAMES[found.group("game")]
        limit = _LIMITS[found.group("limit")]
        head, tail = found.group("head"), found.group("tail")
        trny = _TOURNAMENT.search(tail)
        tournament = trny.group(1) if trny else ("" if "Buy-in" in tail else None)
        self.currency = tournament is None and bool(_CURRENCY.search(head))
        stakes = None
        if head and tournament is None:
            amounts = _STAKES.match(head)
            if amounts is None:
                raise self.fail(number, line, f"cannot read the stakes {head.strip()!r}")
            if amounts.group(2):
                stakes = (
                    self.amount(amounts.group(1), number, line),
                    self.amount(amounts.group(2), number, line),
                )
        return _Game(f"{name} {limit}", hole, tournament, self.currency, stakes, limit == "Limit")

    def read(self) -> HandHistory:
        """The hand: its first lines (the game, the table, the button, the seats), then its play."""
        lines = self.lines
        if not lines:
            raise self.fail(0, "", "the hand is empty")
        number, first = lines[0]
        if len(lines) > MAX_HAND_LINES:
            raise self.fail(
                number, first, f"the hand has {len(lines)} lines, more than the limit of {MAX_HAND_LINES}"
            )
        for n, text in lines:
            if len(text) > MAX_LINE_CHARS:
                raise self.fail(n, text, f"the line has more than the limit of {MAX_LINE_CHARS} characters")
        if not _HEADER.match(first):
            raise self.fail(number, first, "a hand must start with '***** Hand History for Game <ID> *****'")
        if len(lines) < 2:
            raise self.fail(number, first, "the hand ends after its first line")
        game = self.game(*lines[1])
        table = ""
        button_seat: int | None = None
        seats: dict[str, Seat] = {}
        at = 2
        for at in range(2, len(lines)):  # noqa: B007  (at is the first line of the play)
            number, line = lines[at]
            if line.startswith("Seat "):
                button = _BUTTON.match(line)
                if button:
                    button_seat = int(button.group(1))
                    continue
                seat = _SEAT.match(line)
                if seat is None:
                    raise self.fail(number, line, "expected a seat ('Seat N: name ( $stack USD )')")
                n, name = int(seat.group(1)), seat.group(2)
                if not 1 <= n <= MAX_SEATS or name in seats or any(s.number == n for s in seats.values()):
                    raise self.fail(number, line, "a seat number or player appears twice or is out of range")
                stack = self.amount(seat.group(3), number, line)
                seats[name] = Seat(n, name, stack, sitting_out=not stack)
            elif line.startswith("Table "):
                found = _TABLE.match(line)
                table = found.group(1) if found else line[6:]
            elif not line.startswith("Total number of players"):
                break
        else:
            at = len(lines)
        last = lines[min(at, len(lines) - 1)]
        if not seats:
            raise self.fail(*last, "the hand has no seats")
        if button_seat is None:
            raise self.fail(*last, "the hand names no button ('Seat N is the button')")
        self.names = sorted(seats, key=len, reverse=True)
        self.ambiguous = frozenset(n for n in seats if any(m.startswith(n + " ") for m in seats))
        aliases, remarks = self.aliases(at, seats)
        return self.play(at, game, table, button_seat, seats, aliases, remarks)

    def split(self, line: str, seats: dict[str, Seat]) -> tuple[str, str, str] | None:
        """The name, the verb and the rest of an action line (``None`` for any other line): a
        seated player's name, the longest that fits, else any name before a verb."""
        found = _ACTION.match(line)
        if found is None:
            return None
        name = found.group("name")
        if name in seats and name not in self.ambiguous:
            return name, found.group("verb"), found.group("rest")
        for seated in self.names:
            if line.startswith(seated + " "):
                verb = _VERB.match(line, len(seated) + 1)
                if verb:
                    return seated, verb.group("verb"), verb.group("rest")
        return name, found.group("verb"), found.group("rest")

    def chat(self, line: str) -> bool:
        """Whether the line is a seated player's chat (``name: words``)."""
        return ": " in line and any(line.startswith(name + ": ") for name in self.names)

    def aliases(self, start: int, seats: dict[str, Seat]) -> tuple[dict[str, str], list[str]]:
        """The seated player each unseated name that acts stands for (see the module's notes)."""
        unseated: dict[str, tuple[int, str]] = {}
        active: set[str] = set()
        posting: set[str] = set()
        for number, line in self.lines[start:]:
            said = None if self.chat(line) or _NOISE.match(line) else self.split(line, seats)
            if said is None:
                continue
            name, verb, _ = said
            if name in seats:
                (posting if verb.startswith("posts") else active).add(name)
            else:
                unseated.setdefault(name, (number, line))
        if not unseated:
            return {}, []
        silent = [name for name in seats if name in posting and name not in active]
        if len(unseated) == 1 and len(silent) == 1:
            [stranger] = unseated
            [seated] = silent
            note = (
                f"{stranger} acts without a seat line: read as {seated} (seat {seats[seated].number}), "
                "the one seated player who posts and never acts"
            )
            return {stranger: seated}, [note]
        name, (number, line) = next(iter(unseated.items()))
        raise self.fail(number, line, f"{name!r} has no seat in this hand")

    def play(
        self,
        start: int,
        game: _Game,
        table: str,
        button_seat: int,
        seats: dict[str, Seat],
        aliases: dict[str, str],
        remarks: list[str],
    ) -> HandHistory:
        """The posts, the streets and their bets, the cards shown and the pots won."""
        street = Street.PRE_FLOP
        dealt = False  # "** Dealing down cards **" read
        betting = False  # an action other than a post read
        actions: list[Action] = []
        collections: list[Collection] = []
        board: list[str] = []
        shown: dict[str, tuple[str, ...]] = {}
        sitting_out: set[str] = set()
        zero: Amount = Decimal(0) if self.currency else 0
        bets: dict[str, Amount] = {}
        current: Amount = zero
        smalls: list[Action] = []
        bigs: list[Action] = []
        big_stake = game.stakes[1] if game.stakes and not game.fixed_limit else None
        for number, line in self.lines[start:]:
            if not line:
                continue
            if line.startswith("** Dealing"):
                found = _STREET.match(line)
                if found is None:
                    raise self.fail(number, line, "cannot read this street")
                new_street = _STREETS[found.group(1)]
                if new_street is Street.PRE_FLOP:
                    if dealt:
                        raise self.fail(number, line, "the cards are dealt twice")
                    dealt = True
                    continue
                if len(board) != _BOARD_BEFORE[new_street]:
                    raise self.fail(number, line, f"the {new_street} comes out of order")
                cards = self.cards(found.group(2) or "", number, line)
                if len(cards) != (3 if new_street is Street.FLOP else 1):
                    raise self.fail(number, line, f"wrong number of cards on the {new_street}")
                board.extend(cards)
                street, bets, current, dealt = new_street, {}, zero, True
                continue
            said = None if self.chat(line) else self.split(line, seats)
            if said is None:
                if _NOISE.match(line) or self.chat(line):
                    if line.endswith(_SITTING_OUT):
                        sitting_out.add(line[: -len(_SITTING_OUT)])
                    continue
                raise self.fail(number, line, "cannot read this line")
            name, verb, rest = said
            player = aliases.get(name, name)
            if player not in seats:
                if _NOISE.match(line):
                    continue
                raise self.fail(number, line, f"{name!r} has no seat in this hand")
            if verb == "wins":
                won = _WINS.match(rest)
                if won is None:
                    raise self.fail(number, line, "cannot read this win")
                low = won.group("lo")
                amount = self.amount(low or won.group("amount"), number, line)
                label = won.group("pot") or "pot"
                collections.append(Collection(number, player, amount, 0, f"{label} (low)" if low else label))
                continue
            if verb == "shows":
                cards_shown = _SHOWN.match(rest)
                if cards_shown is None:
                    if _LOW_SHOWN.match(rest):
                        continue  # "shows7,5,4,2,A  for low.": the low of a hand shown
                    raise self.fail(number, line, "cannot read the cards shown")
                cards = self.cards(cards_shown.group(1), number, line)
                if len(cards) != game.hole:
                    raise self.fail(number, line, f"a {game.name} hand shows {game.hole} cards")
                shown[player] = tuple(cards)
                continue
            if verb == "does not show cards":
                if rest != ".":
                    raise self.fail(number, line, "cannot read this line")
                continue
            if verb == "doesn't show":
                mucked = _SHOWN.match(rest)
                if mucked:
                    self.cards(mucked.group(1), number, line)  # checked, but not a hand shown
                continue
            if collections:
                raise self.fail(number, line, "a bet after the pot was won")
            paid = _AMOUNT_IN.match(rest)
            if verb.startswith("posts"):
                if paid is None:
                    raise self.fail(number, line, "cannot read the amount posted")
                if dealt:
                    raise self.fail(number, line, "a post after the cards were dealt")
                if betting:
                    raise self.fail(number, line, "a post after the betting started")
                kind = _POSTS[verb]
                amount = self.amount(paid.group(1), number, line)
                all_in = amount == seats[player].stack  # partypoker marks no all-in post
                text = line
                if kind == "small blind":
                    if verb == "posts dead small blind" or any(a.player == player for a in smalls):
                        text = f"{line} {DEAD_POST}"
                    elif smalls:
                        text = f"{line} {LIVE_POST}"  # see the module's notes: it counts toward his bet
                    smalls.append(action := Action(number, street, player, kind, amount, None, all_in, text))
                else:
                    action = Action(number, street, player, kind, amount, None, all_in, text)
                    if kind == "big blind":
                        bigs.append(action)
                actions.append(action)
                if kind == "ante" or text.endswith(DEAD_POST):
                    continue
                live = amount
                if kind == "blinds":  # the big blind, and a dead small blind above it
                    big = big_stake if big_stake is not None else bigs[0].amount if bigs else amount
                    live = min(amount, big)
                bets[player] = bets.get(player, zero) + live
                current = max(current, bets[player])
                continue
            betting = dealt = True
            if verb == "folds" or verb == "checks":
                if rest:
                    raise self.fail(number, line, "cannot read this line")
                kind = "fold" if verb == "folds" else "check"
                actions.append(Action(number, street, player, kind, 0, None, False, line))
                continue
            if paid is None:
                raise self.fail(number, line, f"cannot read {player}'s action")
            added = self.amount(paid.group(1), number, line)
            to = bets.get(player, zero) + added
            all_in = verb == "is all-In"
            if verb == "calls" or (all_in and current and to <= current):
                action = Action(number, street, player, "call", added, None, all_in, line)
            elif verb == "bets" or (all_in and not current):
                action = Action(number, street, player, "bet", added, None, all_in, line)
            else:  # raises, or all-in for more than the bet faced
                action = Action(number, street, player, "raise", to - current, to, all_in, line)
            actions.append(action)
            bets[player] = to
            if to > current:
                current = to
        if not collections:
            number, line = self.lines[-1]
            raise self.fail(number, line, "the hand ends before anyone wins the pot")
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
                    Seat(s.number, s.player, s.stack, sitting_out=s.sitting_out or s.player in sitting_out)
                    for s in seats.values()
                ),
                key=_NUMBER,
            )
        )
        return HandHistory(
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
            returned=(),
            board=tuple(board),
            shown=shown,
            collections=tuple(collections),
            total_pot=sum((c.amount for c in collections), start=zero),
            main_pot=None,
            side_pots=(),
            rake=zero,
            lines=tuple(text for _, text in self.lines),
            small_bet=small_bet,
            big_bet=big_bet,
            game=game.name,
            remarks=tuple(remarks),
            room=ROOM,
            not_stated=NOT_STATED,
        )


def _number(seat: Seat) -> int:
    return seat.number


_NUMBER = _number


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
