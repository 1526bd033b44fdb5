"""Reading GGPoker hand histories into the neutral record (:mod:`~potengine.histories.record`).

GGPoker's text is PokerStars' with a room's differences: :func:`read_hand` reads it with the
PokerStars reader's own patterns and tables (the seat, table, action and card patterns, the action
phrases it has read before, the error's wording: :mod:`~potengine.histories.pokerstars`), and
reads GGPoker's own lines itself.

>>> from potengine.histories.rooms import cut_hands
>>> text = \'\'\'Poker Hand #RC1001: Hold'em No Limit ($0.01/$0.02) - 2026/01/01 10:00:00
... Table 'Demo' 6-max Seat #1 is the button
... Seat 1: Ann ($2 in chips)
... Seat 2: Bo ($2.5 in chips)
... Ann: posts small blind $0.01
... Bo: posts big blind $0.02
... *** HOLE CARDS ***
... Ann: raises $0.04 to $0.06
... Bo: calls $0.04
... *** FLOP *** [7c 2h 6s]
... Bo: checks
... Ann: bets $0.1
... Bo: folds
... Uncalled bet ($0.1) returned to Ann
... *** SHOWDOWN ***
... Ann collected $0.12 from pot
... *** SUMMARY ***
... Total pot $0.12 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
... Board [7c 2h 6s]
... Seat 1: Ann (button) won ($0.12)
... Seat 2: Bo (big blind) folded on the Flop\'\'\'
>>> [cut] = cut_hands(text)
>>> hand = read_hand(cut)
>>> hand.hand_id, hand.room, hand.returned, hand.total_pot, sorted(hand.not_stated)
('RC1001', 'GGPoker', (('Ann', Decimal('0.10')),), Decimal('0.12'), ['pot names', 'side pots'])
>>> [(c.player, c.amount, c.pot, c.label) for c in hand.collections]
[('Ann', Decimal('0.12'), 0, 'pot')]

What GGPoker writes, and how it goes into the record
----------------------------------------------------
Measured on ``../shared/data/other-rooms/ggpoker`` (18 files, 2,205 hands, 83,178 lines that are
not blank; every hand a Rush & Cash 6-max No Limit Hold'em cash hand, $0.02/$0.05 in 2,093 and
$0.01/$0.02 in 112, its ID ``RC`` and digits). What those files do not hold (tournaments, Omaha,
short deck, straddles, missed blinds, insurance, ``Receives Cashout``) is read as the public
GGPoker exports of fpdb's regression files write it (read there, never copied here); the sample
hands of ``samples/ggpoker`` are written in that layout.

- The header: ``Poker Hand #RC3877234115: Hold'em No Limit ($0.01/$0.02) - 2025/09/11
  05:33:42``; the ID is kept as text. Omaha is ``PLO``, ``PLO-5`` or ``Omaha Pot Limit`` (four or
  five cards); a tournament's header is ``Tournament #N, <name> <game> - Level9(250/500)``, the
  game ending the tournament's name; a game the engine does not play (``PLO-6``, ``Omaha (NL
  postflop)``, ...) raises :class:`~potengine.histories.record.UnsupportedHandError` naming it.
- Amounts carry a dollar sign and only the decimals they need: ``$0.1`` (3,773 of the 49,587
  amounts of the files), ``$5`` (11,293), thousands with a comma (``$1,354``; none in these
  files; a tournament's ``12,715`` chips). Read exactly, as :class:`~decimal.Decimal` cents
  (``$0.1`` is 0.10; ``currency=True``), tournament chips as ``int``.
- The total is gross, with every fee named: ``Total pot $5.08 | Rake $0.15 | Jackpot $0.07 |
  Bingo $0 | Fortune $0 | Tax $0`` in every hand, the collections plus the rake plus the fees
  making the total (``tests/test_fees.py`` checks it on every hand with one winner). So
  ``total_pot`` is the total as written (before the rake, after the returns, with a cash drop in
  it), ``rake`` the sum of the parts (rake in 1,049 hands, 215 of them without a flop; jackpot in
  189; tax in 2; bingo and fortune never) and ``withheld`` the parts that are not zero, named in
  lower case. Older exports write fewer parts (``| Rake | Jackpot | Bingo``, or the total alone
  in 2020's tournaments): the parts written are added; a cash hand that writes none marks
  :data:`~potengine.histories.record.RAKE` not stated, and a tournament's chips are never raked.
- The pots are never named: ``1be6633c collected $0.04 from pot`` (2,232 lines, 21 showdowns with
  more than one: splits and side pots), and the total alone is stated. So
  :data:`~potengine.histories.record.POT_NAMES` and :data:`~potengine.histories.record.SIDE_POTS`
  are not stated; each collection is put in pot 0, labelled ``"pot"``. In the 3 hands with a side
  pot the lines come main pot first, and GGPoker takes the rake in proportion to the pots and the
  jackpot from the larger pot (not stated: the auditor finds the spread its collections fit).
- Returns are written, as PokerStars writes them (``Uncalled bet ($0.08) returned to Hero``, 1,968
  lines): ``returned``. ``*** SHOWDOWN ***`` heads the collections of every hand dealt once
  (2,201), cards shown or not. ``Dealt to 1e669b1e `` (with a space) names every player: nothing to
  read; the cards shown (``shows [Ad Ah]``, in 255 hands) are ``shown``.
- A hand run more than once (4 here, each "Hand was run two times"): the streets of each run,
  ``*** FIRST FLOP *** [Ks 7h 2c]`` ... ``*** SECOND RIVER *** [4c Js Ad 5h] [Qh]``, each run's
  collections after its own ``*** FIRST SHOWDOWN ***``, ``FIRST Board [...]`` and ``SECOND Board
  [...]`` in the summary, a later run's listing only its own cards (``SECOND Board [Qh]``).
  GGPoker calls the streets dealt before the players agreed FIRST too (RC3811232299 bets on the
  ``FIRST FLOP`` and the ``FIRST TURN``, then deals ``FIRST RIVER`` and ``SECOND RIVER``): the
  cards a later run repeats (the first brackets of its first street) are the cards dealt once,
  ``board``, and no action may come after them; ``runs`` holds each run's five cards and each
  collection its run. Three times is the same with ``THIRD`` and "Hand was run three times".
- ``Cash Drop to Pot : total $0.2`` before the blinds (7 hands): the room's money, ``added``
  (``(("cash drop", 0.20),)``), and in the total.
- GGPoker's EV Cashout (3 hands): ``c92cfd10: Chooses to EV Cashout`` once the cards are shown,
  then, his hand having won, ``c92cfd10: Pays Cashout Risk ($0.65)`` before the showdown and
  ``..., Cashout Risk ($0.65)`` on his summary line (4 lines of each in the 3 hands: one player
  chose again on the turn and paid twice, 0.01 each time, his summary line adding them up). The
  player's equity was guaranteed: he collects the pot as usual and pays the room the difference
  outside the pot, so it is a remark, not a cash-out (unlike PokerStars' All-in Cash Out, the pot
  is awarded to him).
  His hand losing, GGPoker writes ``Receives Cashout ($0.9)``: the room pays him outside the pot
  and the pot goes to its winner, ``cash_outs`` ``(player, 0.90, 0)``, the auditor's cash-out of
  a hand that loses.
- All-in insurance (older exports): ``get an all-in insurance (premium ($0/$4/$0) for
  ($0/$10.8/$0) - (Mandatory/Main/Sub))`` and ``pay premium of all-in insurance ($4)``: the insured
  player pays the room a premium for a payout should his hand lose; the pot is settled by the
  cards as usual, and the premium and the payout are outside it: a remark naming the lines.
- Time bank cards (4 hands): ``bought time bank card ($0.05)`` and ``received ($0.01) from time
  bank card`` on the summary's seat lines, money between the players outside the pot: a remark.
- Straddles (none here): ``6bf5ff85: straddle $20``, with no "posts", written as the straddler's
  whole bet (a re-straddle by the same player restates his new total: ``straddle $0.04`` then
  ``straddle $0.08`` adds 0.04): kind ``"straddle"``, ``amount`` the chips it adds, ``to`` the
  total. ``posts missed blind $5`` beside the same player's ``posts big blind $10``: dead money,
  read as a second small blind, which :func:`~potengine.histories.contributions.dead_posts` tells dead.
- A tournament hand written at a level change names the next level's blinds (``Level3
  (80/160)`` while the players post 60/120 and the last level's ante): when both blinds posted are
  below the header's, the blinds posted are the stakes, and a remark says so.
- Short deck: ``ShortDeck No Limit ($0.02)``, one stake, posted by every player as the ante and by
  the button as ``posts button blind $0.02`` (``big_blind``; no small blind). GGPoker ranks a
  flush above a full house and a straight above three of a kind (its help article, as
  :mod:`potengine.cards.short_deck` records it: ``"triton"``); PokerStars' 6+ Hold'em order is
  read from each showdown, and partypoker and PokerKing rank three of a kind above a straight. The
  record's game is :data:`SHORT_DECK`, which names the order: the auditor ranks by it alone.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import NamedTuple

from .. import errors
from ..chips import Amount
from ..chips import format_amount as fmt
from ..errors import HandHistoryError
from ..play.streets import Street, street_said
from .pokerstars import (
    _CARD_NAMES,
    _CARDS,
    _NOISE,
    _PHRASES,
    _PLAIN,
    _QUIET,
    _RUN_BEFORE,
    _RUN_NAMES,
    _SEAT,
    _SEAT_HEADS,
    _SEAT_NUMBERS,
    _SUMMARY_WON,
    _TABLE,
    _UNCALLED,
    _VERB_KEY,
    _VERB_TABLE,
    MAX_DIGITS,
    MAX_HAND_LINES,
    MAX_LINE_CHARS,
    MAX_SEATS,
    _error,
)
from .record import POT_NAMES, RAKE, SIDE_POTS, Action, Collection, HandHistory, Seat, UnsupportedHandError
from .record import record as _record
from .rooms import RoomHand
from .verdicts import semicolons

ROOM = "GGPoker"
"""The room's label, as :data:`potengine.histories.rooms.ROOMS` names it."""

SHORT_DECK = "6+ Hold'em No Limit (triton)"
"""The record's game for GGPoker's Short Deck: 36 cards, with the order of hands GGPoker deals it
in named at the end (see :func:`potengine.histories.winners.stated_short_deck_rules`)."""

_AMT = r"[$€£¥]?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(r"^Poker Hand #([A-Z]{1,4}\d{1,30}): *(.*)$")
_DATE = re.compile(r" +- +\d{4}/\d{1,2}/\d{1,2}(?: [\d:]+)?$")
_TOURNAMENT = re.compile(
    r"^Tournament #(\d{1,30}), *(.*?) +- +Level ?\w* ?\(("
    + _AMT
    + r")/("
    + _AMT
    + r")(?:\("
    + _AMT
    + r"\))?\)"
)
_CASH = re.compile(r"^(.*?) *\((" + _AMT + r")(?:/(" + _AMT + r"))?(?: [A-Z]{3})?\)$")
_CURRENCY = re.compile(r"[$€£¥.]")
_HOLDEM = re.compile(r"Hold'em (No Limit|Pot Limit|Limit)$")
_OMAHA = re.compile(r"(?:(5|6) Card )?Omaha( Hi/Lo)? (No Limit|Pot Limit|Limit)$")
_PLO = re.compile(r"PLO(?:-?(5|6))?(?: ?(Hi/Lo|Hi-Lo|8))?$")
_SHORT = re.compile(r"(?:Short ?Deck|6\+)(?: Hold'em)?(?: (No Limit|Pot Limit|Limit))?$", re.IGNORECASE)
_OTHER_GAMES = re.compile(r"Stud|Razz|Draw|Badugi|Courchevel|Omaha \(|PLO-?6|6 Card|FLO", re.IGNORECASE)
_FIXED_LIMIT = re.compile(r"\bLimit\b")
_BIG_BET_LIMIT = re.compile(r"(No|Pot) Limit")
_STREET = re.compile(
    r"^\*\*\* (?:(FIRST|SECOND|THIRD) )?(HOLE CARDS|FLOP|TURN|RIVER|SHOWDOWN|SUMMARY) \*\*\*(.*)$"
)
_RUNS = {None: 0, "FIRST": 1, "SECOND": 2, "THIRD": 3}
_STREET_NAMED = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_BOARD_BEFORE = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
_BOARD_AFTER = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_COLLECTED = re.compile(r"^(.+) collected (" + _AMT + r") from pot$")
_CASH_DROP = re.compile(r"^Cash Drop to Pot : total (" + _AMT + r")$")
_ALL_IN = r"( and is all-in)?"
_MISSED = re.compile(r"^posts missed blind (" + _AMT + ")" + _ALL_IN + "$")
_STRADDLE = re.compile(r"^straddle (" + _AMT + ")" + _ALL_IN + "$")
_RISK = re.compile(r"^Pays Cashout Risk \((" + _AMT + r")\)$")
_RECEIVES = re.compile(r"^Receives Cashout \((" + _AMT + r")\)$")
_MISSED_WORDS = "posts missed blind"
_CHOOSES = "Chooses to EV Cashout"
_INSURANCE = "all-in insurance"
_TOTAL = re.compile(r"^Total pot (" + _AMT + r")((?: \| [A-Za-z][A-Za-z ]*? " + _AMT + r")*)$")
_FEE = re.compile(r" \| ([A-Za-z][A-Za-z ]*?) (" + _AMT + ")")
_RUN_TIMES = re.compile(r"^Hand was run (two|three) times$")
_TIMES = {"two": 2, "three": 3}
_BOARD = re.compile(r"^(?:(FIRST|SECOND|THIRD) )?Board \[([^\]]*)\]$")
_BOUGHT = re.compile(r"bought time bank card \((" + _AMT + r")\)")
_RECEIVED = re.compile(r"received \((" + _AMT + r")\) from time bank card")
_LOW_RANKS = frozenset("2345")
_POSTS = frozenset(("ante", "small blind", "big blind", "blinds", "button blind", "straddle"))
_LIVE_POSTS = frozenset(("small blind", "big blind", "blinds", "button blind"))
_ONE_AMOUNT = _POSTS | {"call", "bet"}
_CENT = Decimal("0.01")
_KNOWN: dict[bool, dict[str, Amount]] = {False: {}, True: {}}
"""The amounts already read, by their text, in chips and in a currency (a bounded cache)."""
_NOT_STATED = frozenset((POT_NAMES, SIDE_POTS))
_NO_RAKE = frozenset((POT_NAMES, SIDE_POTS, RAKE))


def game_of(words: str) -> tuple[str, int] | None:
    """The record's name for the game a GGPoker header names, and a player's hole cards; None for
    a game the engine does not play.

    GGPoker names hold'em as PokerStars does ("Hold'em No Limit"), Omaha as "Omaha Pot Limit",
    "PLO" or "PLO-5" (five cards), and short deck "ShortDeck No Limit"; in a tournament the game
    ends the tournament's name.

    >>> game_of("Hold'em No Limit"), game_of("PLO-5"), game_of("$25 Bounty Hold'em No Limit")
    (("Hold'em No Limit", 2), ('5 Card Omaha Pot Limit', 5), ("Hold'em No Limit", 2))
    >>> game_of("ShortDeck No Limit"), game_of("PLO-6"), game_of("Omaholic Omaha (NL postflop)")
    (("6+ Hold'em No Limit (triton)", 2), None, None)
    """
    words = words.strip()
    found = _HOLDEM.search(words)
    if found:
        return f"Hold'em {found.group(1)}", 2
    if _OTHER_GAMES.search(words):
        return None
    found = _OMAHA.search(words)
    if found:
        cards, hi_lo, limit = found.groups()
        if cards == "6":
            return None
        return f"{'5 Card ' if cards else ''}Omaha{hi_lo or ''} {limit}", 5 if cards else 4
    found = _PLO.search(words)
    if found:
        cards, hi_lo = found.groups()
        if cards == "6":
            return None
        return f"{'5 Card ' if cards else ''}Omaha{' Hi/Lo' if hi_lo else ''} Pot Limit", 5 if cards else 4
    found = _SHORT.search(words)
    if found and found.group(1) in (None, "No Limit"):
        return SHORT_DECK, 2
    return None


class _Game(NamedTuple):
    """What a header says of the game (see :class:`~potengine.histories.record.HandHistory`)."""

    name: str
    hole: int
    tournament: str | None
    currency: bool
    small_blind: Amount | None
    big_blind: Amount | None
    small_bet: Amount | None
    big_bet: Amount | None


class _Play(NamedTuple):
    """What a hand's lines from the seats to the summary say (see :meth:`_Reader.play`)."""

    actions: list[Action]
    returned: list[tuple[str, Amount]]
    board: list[str]
    others: dict[int, list[str]]
    repeats: dict[int, int]
    first_run: tuple[int, str] | None
    shown: dict[str, tuple[str, ...]]
    collections: list[Collection]
    showdowns: dict[int, tuple[int, str]]
    cash_outs: list[tuple[str, Amount, Amount]]
    added: list[tuple[str, Amount]]
    remarks: list[str]
    end: int


class _Summary(NamedTuple):
    """What a hand's summary says (see :meth:`_Reader.summary`)."""

    total: Amount | None
    fees: list[tuple[str, Amount]]
    boards: dict[int, tuple[int, str, list[str]]]
    times: tuple[int, int, str] | None
    won: dict[str, Amount]
    remarks: list[str]


class _Reader:
    """Reads one GGPoker hand, part by part; every failure names the hand ID and the line."""

    def __init__(self, hand: RoomHand) -> None:
        self.hand_id = hand.hand_id
        self.lines: list[tuple[int, str]] = []
        for number, text in enumerate(hand.text.split("\n"), start=hand.line):
            text = text.rstrip()
            if text:
                self.lines.append((number, text))
        self.currency = False
        self.known: dict[str, Amount] = {}

    def fail(self, number: int, line: str, reason: str) -> HandHistoryError:
        return _error(self.hand_id, number, line, reason)

    def amount(self, text: str, number: int, line: str) -> Amount:
        value = self.known.get(text)
        if value is None:
            raw = text.lstrip("$€£¥").replace(",", "")
            if len(raw.split(".")[0]) > MAX_DIGITS or len(raw) > MAX_DIGITS + 6:
                raise self.fail(number, line, errors.said("amount {text} is too large", text=text))
            try:
                exact = Decimal(raw)
            except InvalidOperation:  # pragma: no cover - the patterns only pass digits
                raise self.fail(
                    number, line, errors.said("cannot read the amount {text}", text=repr(text))
                ) from None
            if self.currency:  # "$0.1" as 0.10, like every amount in cents
                value = exact if exact.as_tuple().exponent <= -2 else exact.quantize(_CENT)  # type: ignore[operator]
            elif exact != exact.to_integral_value():
                raise self.fail(
                    number, line, errors.said("amount {text} has cents in a game played in chips", text=text)
                )
            else:
                value = int(exact)
            if len(self.known) > 4096:  # a bounded cache: amounts repeat from hand to hand
                self.known.clear()
            self.known[text] = value
        return value

    def cards(self, text: str, number: int, line: str) -> list[str]:
        cards = text.split()
        for card in cards:
            if card not in _CARD_NAMES:
                raise self.fail(number, line, errors.said("{card} is not a card", card=repr(card)))
        if len(cards) > 5:
            raise self.fail(number, line, errors.said("too many cards"))
        return cards

    # ------------------------------------------------------------------------------------------
    def read(self) -> HandHistory:
        """The hand: its header and table lines, its seats, its play and its summary, then the
        whole checked (runs, short-deck cards, a tournament's stakes) and put in the record."""
        lines = self.lines
        if not lines:
            raise _error(self.hand_id, 0, "", errors.said("the hand is empty"))
        number, header = lines[0]
        if len(lines) > MAX_HAND_LINES:
            raise self.fail(
                number,
                header,
                errors.said(
                    "the hand has {total} lines, more than {limit}", total=len(lines), limit=MAX_HAND_LINES
                ),
            )
        for at, text in lines:
            if len(text) > MAX_LINE_CHARS:
                raise self.fail(
                    at,
                    text[:MAX_LINE_CHARS],
                    errors.said("the line has more than {limit} characters", limit=MAX_LINE_CHARS),
                )
        match = _HEADER.match(header)
        if match is None:
            raise self.fail(number, header, errors.said("a GGPoker hand must start with 'Poker Hand #<ID>:'"))
        self.hand_id = match.group(1)
        game = self.game(match.group(2), number, header)
        if len(lines) < 2:
            raise self.fail(number, header, errors.said("the hand ends after its first line"))
        number, line = lines[1]
        table = _TABLE.match(line)
        if table is None:
            raise self.fail(
                number, line, errors.said("expected \"Table '<name>' ... Seat #N is the button\"")
            )
        seats, at = self.seats(lines)
        play = self.play(lines, at, seats, game)
        summary = self.summary(lines, play.end, seats)
        last_number, last_line = lines[-1]
        if summary.total is None:
            raise self.fail(
                last_number, last_line, errors.said("the hand has no 'Total pot ...' summary line")
            )
        board, runs, collections = self.boards(play, summary)
        if game.name == SHORT_DECK:
            self.short_deck_cards(
                (*board, *(c for run in runs for c in run), *(c for s in play.shown.values() for c in s))
            )
        remarks = [*play.remarks, *summary.remarks]
        small_blind, big_blind = self.stakes(game, play.actions, remarks)
        zero = _CENT * 0 if game.currency else 0
        rake = sum((amount for _, amount in summary.fees), start=zero)
        withheld = tuple((name.lower(), amount) for name, amount in summary.fees if amount)
        stated_rake = bool(summary.fees) or game.tournament is not None  # tournament chips are never raked
        ordered = tuple(sorted(seats.values(), key=lambda seat: seat.number))
        hand: HandHistory = _record(
            HandHistory,
            hand_id=self.hand_id,
            first_line=lines[0][0],
            header=header,
            tournament=game.tournament,
            small_blind=small_blind,
            big_blind=big_blind,
            currency=game.currency,
            table=table.group(1),
            button_seat=int(table.group(3)),
            seats=ordered,
            actions=tuple(play.actions),
            returned=tuple(play.returned),
            board=board,
            shown=MappingProxyType(play.shown),
            collections=collections,
            total_pot=summary.total,
            main_pot=None,
            side_pots=(),
            rake=rake,
            summary_won=MappingProxyType(summary.won),
            lines=tuple(text for _, text in lines),
            small_bet=game.small_bet,
            big_bet=game.big_bet,
            game=game.name,
            cap=None,
            remarks=tuple(remarks),
            cash_outs=tuple(play.cash_outs),
            runs=runs,
            room=ROOM,
            not_stated=_NOT_STATED if stated_rake else _NO_RAKE,
            withheld=withheld,
            added=tuple(play.added),
        )
        return hand

    def game(self, rest: str, number: int, header: str) -> _Game:
        """The game, the tournament and the stakes of a header's words after the hand ID."""
        words = _DATE.sub("", rest)
        tournament = _TOURNAMENT.match(words)
        if tournament is not None:
            game_words, first, second = tournament.group(2, 3, 4)
        else:
            cash = _CASH.match(words)
            if cash is None:
                raise self.fail(
                    number,
                    header,
                    errors.said("expected the game and its stakes ('Hold'em No Limit ($0.01/$0.02)')"),
                )
            game_words, first, second = cash.group(1, 2, 3)
        named = game_of(game_words)
        if named is None:
            raise _error(
                self.hand_id,
                number,
                header,
                errors.said(
                    "GGPoker's {game} is not a game the engine plays "
                    "(it reads hold'em, Omaha of four or five cards, and short deck)",
                    game=repr(game_words.strip()),
                ),
                UnsupportedHandError,
            )
        name, hole = named
        stakes = first + (second or "")
        self.currency = tournament is None and bool(_CURRENCY.search(stakes))
        self.known = _KNOWN[self.currency]
        small_blind = big_blind = small_bet = big_bet = None
        low = self.amount(first, number, header)
        high = self.amount(second, number, header) if second else None
        if name == SHORT_DECK:
            # "ShortDeck No Limit ($0.02)": the ante, and the button blind, the bet to call
            big_blind = low if high is None else None
        elif high is None:
            raise self.fail(
                number, header, errors.said("expected the small and big blinds ('($0.01/$0.02)')")
            )
        elif _FIXED_LIMIT.search(name) and not _BIG_BET_LIMIT.search(name):
            small_bet, big_bet, big_blind = low, high, low  # as PokerStars: the small and big bets
        else:
            small_blind, big_blind = low, high
        return _Game(
            name,
            hole,
            tournament.group(1) if tournament else None,
            self.currency,
            small_blind,
            big_blind,
            small_bet,
            big_bet,
        )

    def seats(self, lines: list[tuple[int, str]]) -> tuple[dict[str, Seat], int]:
        """The seat lines after the table line, by player, and the index of the line after them."""
        seats: dict[str, Seat] = {}
        numbers: set[int] = set()
        for at in range(2, len(lines)):
            number, line = lines[at]
            seat = _SEAT.match(line)
            if seat is None:
                if not seats:
                    raise self.fail(
                        number, line, errors.said("expected the seats ('Seat N: name ($2 in chips)')")
                    )
                return seats, at
            seat_number, name, stack = seat.group(1, 2, 3)
            n = _SEAT_NUMBERS.get(seat_number) or int(seat_number)
            if not 1 <= n <= MAX_SEATS or n in numbers or name in seats:
                raise self.fail(
                    number, line, errors.said("a seat number or player appears twice or is out of range")
                )
            seats[name] = _record(
                Seat,
                number=n,
                player=name,
                stack=self.amount(stack, number, line),
                sitting_out=line.endswith("is sitting out"),
            )
            numbers.add(n)
        return seats, len(lines)

    def play(self, lines: list[tuple[int, str]], start: int, seats: dict[str, Seat], game: _Game) -> _Play:
        """The lines from the first after the seats to ``*** SUMMARY ***``: the cash drop, the
        posts, the streets (every run's), the bets, the returns, the cards shown, the pots
        collected at each showdown, and the payments outside the pot; and the index of the line
        after the summary's heading."""
        street = Street.PRE_FLOP
        run = 0  # the showdown whose collections follow: 0 for a hand's one showdown, else its run
        showdown = rerun = betting = False
        actions: list[Action] = []
        returned: list[tuple[str, Amount]] = []
        board: list[str] = []  # the cards dealt once, then the first run's
        others: dict[int, list[str]] = {}  # each later run's whole board so far
        repeats: dict[int, int] = {}  # how many of the first run's cards each later run begins with
        first_run: tuple[int, str] | None = None
        showdowns: dict[int, tuple[int, str]] = {}
        shown: dict[str, tuple[str, ...]] = {}
        collections: list[Collection] = []
        cash_outs: list[tuple[str, Amount, Amount]] = []
        added: list[tuple[str, Amount]] = []
        risks: dict[str, Amount] = {}
        chose: list[str] = []
        insured: list[str] = []
        posted: dict[str, Amount] = {}  # each player's live posts: what a straddle's total is over
        colon_names = ": " in "\n".join(seats)
        phrases = _PHRASES[self.currency]
        for at in range(start, len(lines)):
            number, line = lines[at]
            if line[0] == "*" and (heading := _STREET.match(line)) is not None:
                ordinal, name, rest = heading.groups()
                if name == "SUMMARY":
                    remarks = _outside(chose, risks, cash_outs, insured)
                    return _Play(
                        actions,
                        returned,
                        board,
                        others,
                        repeats,
                        first_run,
                        shown,
                        collections,
                        showdowns,
                        cash_outs,
                        added,
                        remarks,
                        at + 1,
                    )
                n = _RUNS[ordinal]
                if n and first_run is None:
                    first_run = number, line
                if name == "SHOWDOWN":
                    showdown, run = True, n
                    if n in showdowns:
                        raise self.fail(number, line, errors.said("a showdown written twice"))
                    showdowns[n] = number, line
                    continue
                if name == "HOLE CARDS":
                    if n or board:
                        raise self.fail(
                            number, line, errors.said("the hole cards are dealt once, before the board")
                        )
                    continue
                if showdown:
                    raise self.fail(number, line, errors.said("a street dealt after the showdown began"))
                dealt = _STREET_NAMED[name]
                found = _CARDS.findall(rest)
                new = self.cards(found[-1] if found else "", number, line)
                if len(new) != (3 if dealt is Street.FLOP else 1):
                    raise self.fail(
                        number,
                        line,
                        errors.said("wrong number of cards on the {street}", street=street_said(dealt)),
                    )
                before = self.cards(found[0], number, line) if len(found) > 1 else []
                if n <= 1:  # the board dealt once, or the first run's
                    if rerun:
                        raise self.fail(
                            number, line, errors.said("the first run's street comes after a later run's")
                        )
                    if len(board) != _BOARD_BEFORE[dealt] or (found[1:] and before != board):
                        raise self.fail(
                            number,
                            line,
                            errors.said("the {street} comes out of order", street=street_said(dealt)),
                        )
                    board.extend(new)
                    street = dealt
                    continue
                if n > 2 and n - 1 not in others:
                    raise self.fail(number, line, _RUN_BEFORE[n])
                own = others.get(n)
                if own is None:  # the run's first street: the board before it is the cards dealt once
                    if before != board[: len(before)] or len(before) != _BOARD_BEFORE[dealt]:
                        raise self.fail(
                            number,
                            line,
                            errors.said("the {run} does not begin on the board dealt", run=_RUN_NAMES[n]),
                        )
                    own = others[n] = before
                    repeats[n] = len(before)
                elif len(own) != _BOARD_BEFORE[dealt] or (found[1:] and before != own):
                    raise self.fail(
                        number,
                        line,
                        errors.said(
                            "the {run}'s {street} comes out of order",
                            run=_RUN_NAMES[n],
                            street=street_said(dealt),
                        ),
                    )
                own.extend(new)
                rerun = True
                continue
            head, colon, said = line.partition(": ")
            seated = seats.get(head) if colon and not colon_names else None
            player: str | None
            if seated is not None:
                player = seated.player
            elif not colon:
                player = None
            else:
                player = _speaker(line, seats)
                said = line[len(player) + 2 :] if player is not None else ""
            if player is None:  # a line nobody speaks: a returned bet, a pot collected, a cash drop
                if line.startswith("Dealt to "):
                    continue
                uncalled = _UNCALLED.match(line) if line.startswith("Uncalled") else None
                if uncalled is not None:
                    back = self.player(uncalled.group(2), seats, number, line)
                    returned.append((back, self.amount(uncalled.group(1), number, line)))
                    continue
                collected = _COLLECTED.match(line) if " collected " in line else None
                if collected is not None:
                    collections.append(
                        _record(
                            Collection,
                            line=number,
                            player=self.player(collected.group(1), seats, number, line),
                            amount=self.amount(collected.group(2), number, line),
                            pot=0,
                            label="pot",
                            run=run,
                        )
                    )
                    continue
                drop = _CASH_DROP.match(line) if line.startswith("Cash Drop") else None
                if drop is not None:
                    if betting or actions:
                        raise self.fail(number, line, errors.said("a cash drop after the blinds were posted"))
                    added.append(("cash drop", self.amount(drop.group(1), number, line)))
                    continue
                if _NOISE.match(line):
                    continue
                raise self.fail(number, line, errors.said("cannot read this line"))
            # A player's line: an action, a card shown, a payment outside the pot, or words.
            said_as = phrases.get(said)  # an action worded so before: (kind, amount, to, all-in)
            to: Amount | None
            if said_as is not None:
                kind, amount, to, all_in = said_as
            else:
                plain = _PLAIN.get(said)
                verb: re.Match[str] | None
                if plain is not None:
                    kind, verb = plain
                elif said in _QUIET:
                    continue
                else:
                    verb = None
                    for kind, pattern in _VERB_TABLE.get(said[:_VERB_KEY], ()):  # noqa: B007
                        verb = pattern.match(said)
                        if verb is not None:
                            break
                if verb is None:
                    special = self.said(player, said, number, line, posted)
                    if special is None:
                        if said == _CHOOSES:
                            chose.append(player)
                        elif (risk := _RISK.match(said)) is not None:
                            paid = self.amount(risk.group(1), number, line)
                            risks[player] = risks[player] + paid if player in risks else paid
                        elif (cash_out := _RECEIVES.match(said)) is not None:
                            got = self.amount(cash_out.group(1), number, line)
                            cash_outs.append((player, got, got * 0))
                        elif _INSURANCE in said:
                            insured.append(f"{player}: {said}")
                        elif not _NOISE.match(line):
                            raise self.fail(
                                number, line, errors.said("cannot read {player}'s action", player=player)
                            )
                        continue
                    kind, amount, to, all_in = special
                elif kind == "show":
                    cards = self.cards(verb.group(1), number, line)
                    if len(cards) == game.hole:  # one card shown is not a hand to rank
                        shown[player] = tuple(cards)
                    elif len(cards) > game.hole:
                        raise self.fail(
                            number,
                            line,
                            errors.said("a {game} hand holds {hole} cards", game=game.name, hole=game.hole),
                        )
                    continue
                else:
                    to = None
                    all_in = False
                    if kind in _ONE_AMOUNT:
                        written, mark = verb.group(1, 2)
                        amount = self.amount(written, number, line)
                        all_in = mark is not None
                    elif kind == "raise":
                        written, written_to, mark = verb.group(1, 2, 3)
                        amount = self.amount(written, number, line)
                        to = self.amount(written_to, number, line)
                        all_in = mark is not None
                    else:
                        amount = 0
                    if len(phrases) > 4096:  # a bounded cache: the same words recur
                        phrases.clear()
                    phrases[said] = (kind, amount, to, all_in)
            if kind in _POSTS:
                if street is not Street.PRE_FLOP or showdown or betting:
                    raise self.fail(number, line, errors.said("a post after the betting started"))
                if kind in _LIVE_POSTS and not said.startswith(_MISSED_WORDS):  # (a straddle: in said)
                    posted[player] = posted[player] + amount if player in posted else amount
            else:
                if showdown:
                    raise self.fail(number, line, errors.said("a bet after the showdown began"))
                if rerun:
                    raise self.fail(
                        number, line, errors.said("an action after the board was run more than once")
                    )
                betting = True
            actions.append(
                _record(
                    Action,
                    line=number,
                    street=street,
                    player=player,
                    kind=kind,
                    amount=amount,
                    to=to,
                    all_in=all_in,
                    text=line,
                )
            )
        number, line = lines[-1]
        raise self.fail(number, line, errors.said("the hand has no '*** SUMMARY ***' line"))

    def said(
        self, player: str, said: str, number: int, line: str, posted: dict[str, Amount]
    ) -> tuple[str, Amount, Amount | None, bool] | None:
        """The post of GGPoker's own words, as (kind, amount, to, all-in), or None for other words.

        "straddle $0.1" writes the straddler's whole bet: what it adds is over his posts before
        it (a re-straddle by the same player, in short deck, restates his new total). "posts
        missed blind $0.02" is dead money beside the big blind the player posts too: read as a
        second small blind, which :func:`~potengine.histories.contributions.dead_posts` tells dead."""
        straddle = _STRADDLE.match(said)
        if straddle is not None:
            total = self.amount(straddle.group(1), number, line)
            before = posted.get(player, total * 0)
            if total <= before:
                raise self.fail(
                    number,
                    line,
                    errors.said(
                        "a straddle of {amount} is no more than {player} has posted",
                        amount=fmt(total),
                        player=player,
                    ),
                )
            posted[player] = total
            return "straddle", total - before, total, straddle.group(2) is not None
        missed = _MISSED.match(said)
        if missed is not None:
            return (
                "small blind",
                self.amount(missed.group(1), number, line),
                None,
                missed.group(2) is not None,
            )
        return None

    def player(self, name: str, seats: dict[str, Seat], number: int, line: str) -> str:
        seat = seats.get(name)
        if seat is None:
            raise self.fail(number, line, errors.said("{name} has no seat in this hand", name=repr(name)))
        return seat.player

    def summary(self, lines: list[tuple[int, str]], start: int, seats: dict[str, Seat]) -> _Summary:
        """The summary's lines: the total pot and what is withheld, the boards, how many times the
        hand was run, what each seat's line says its player won, and the time bank cards."""
        total: Amount | None = None
        fees: list[tuple[str, Amount]] = []
        boards: dict[int, tuple[int, str, list[str]]] = {}
        times: tuple[int, int, str] | None = None
        won: dict[str, Amount] = {}
        bought: list[str] = []
        received: list[str] = []
        by_seat = {_SEAT_HEADS[s.number]: s.player for s in seats.values()}
        for at in range(start, len(lines)):
            number, line = lines[at]
            head, colon, rest = line.partition(": ")
            owner = by_seat.get(head) if colon else None
            if owner is not None:
                if not rest.startswith(owner):
                    raise self.fail(
                        number, line, errors.said("this summary line names a seat or player not at the table")
                    )
                said = rest[len(owner) :]
                if "won (" in said or "collected (" in said:
                    for found in _SUMMARY_WON.finditer(said):
                        amount = self.amount(found.group(1), number, line)
                        won[owner] = won[owner] + amount if owner in won else amount
                if "time bank card" in said:
                    if (paid := _BOUGHT.search(said)) is not None:
                        price = self.amount(paid.group(1), number, line)
                        bought.append(
                            errors.said(
                                "{player} bought a time bank card for {amount}",
                                player=owner,
                                amount=fmt(price),
                            )
                        )
                    if (got := _RECEIVED.search(said)) is not None:
                        received.append(f"{owner} {fmt(self.amount(got.group(1), number, line))}")
                continue
            if line.startswith("Seat ") and colon:
                raise self.fail(
                    number, line, errors.said("this summary line names a seat or player not at the table")
                )
            total_line = _TOTAL.match(line) if line.startswith("Total pot ") else None
            if total_line is not None:
                if total is not None:
                    raise self.fail(number, line, errors.said("a second 'Total pot' line"))
                total = self.amount(total_line.group(1), number, line)
                for fee in _FEE.finditer(total_line.group(2)):
                    fees.append((fee.group(1), self.amount(fee.group(2), number, line)))
                continue
            board = _BOARD.match(line) if "Board [" in line else None
            if board is not None:
                boards[_RUNS[board.group(1)]] = number, line, self.cards(board.group(2), number, line)
                continue
            run_times = _RUN_TIMES.match(line) if line.startswith("Hand was run") else None
            if run_times is not None:
                times = _TIMES[run_times.group(1)], number, line
                continue
            if _NOISE.match(line):
                continue
            raise self.fail(number, line, errors.said("cannot read this summary line"))
        remarks: list[str] = []
        if bought or received:
            if received:
                remarks.append(
                    errors.said(
                        "outside the pot, between the players: {bought}; from it {received}",
                        bought=semicolons(bought),
                        received=", ".join(received),
                    )
                )
            else:
                remarks.append(
                    errors.said("outside the pot, between the players: {bought}", bought=semicolons(bought))
                )
        return _Summary(total, fees, boards, times, won, remarks)

    def boards(
        self, play: _Play, summary: _Summary
    ) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...], tuple[Collection, ...]]:
        """The cards dealt once, each run's whole board (none for a hand dealt once) and the
        collections, each on its run, checked against the summary's boards and its "Hand was
        run N times"; no action may follow the cards of a run."""
        board = play.board
        if play.first_run is None and summary.times is None and not play.others:
            if 0 in summary.boards and summary.boards[0][2] != board:
                number, line, _ = summary.boards[0]
                raise self.fail(number, line, errors.said("the summary board differs from the streets"))
            extra = [entry for run, entry in summary.boards.items() if run]
            if extra or any(n for n in play.showdowns):
                number, line = extra[0][:2] if extra else play.showdowns[min(n for n in play.showdowns if n)]
                raise self.fail(number, line, errors.said("a run named in a hand dealt once"))
            return tuple(board), (), tuple(play.collections)
        count = 1 + len(play.others)
        if play.first_run is not None:
            number, line = play.first_run
        else:  # "Hand was run two times", no street of a run
            _, number, line = summary.times or (0, *play.showdowns[max(play.showdowns)])
        if count < 2:
            raise self.fail(number, line, errors.said("the board is run once only: a second run is missing"))
        if summary.times is not None and summary.times[0] != count:
            _, at, said = summary.times
            raise self.fail(
                at,
                said,
                errors.said(
                    "the summary says the hand was run {times} times, the streets {count}",
                    times=summary.times[0],
                    count=count,
                ),
            )
        runs = [tuple(board), *(tuple(play.others[n]) for n in sorted(play.others))]
        for n, cards in enumerate(runs, start=1):
            if len(cards) != 5:
                raise self.fail(
                    number,
                    line,
                    errors.said(
                        "the {run}'s board has {count} cards, not five", run=_RUN_NAMES[n], count=len(cards)
                    ),
                )
        shared = set(play.repeats.values())
        if len(shared) != 1:
            raise self.fail(number, line, errors.said("the runs part at different streets"))
        dealt = shared.pop()
        for action in play.actions:
            if action.street is not Street.PRE_FLOP and _BOARD_AFTER[action.street] > dealt:
                raise self.fail(
                    action.line, action.text, errors.said("an action after the board was run more than once")
                )
        for n, (at, said, written) in summary.boards.items():
            if n == 0 or n > count or tuple(written) not in (runs[n - 1], runs[n - 1][dealt:]):
                raise self.fail(at, said, errors.said("the summary's board differs from the run's streets"))
        return tuple(board[:dealt]), tuple(runs), tuple(play.collections)

    def stakes(
        self, game: _Game, actions: list[Action], remarks: list[str]
    ) -> tuple[Amount | None, Amount | None]:
        """The small and big blinds the hand is checked with: the header's; in a tournament hand
        written at a level change, whose header names the new level's blinds while the players
        post the level before's, the blinds posted (said in ``remarks``)."""
        small, big = game.small_blind, game.big_blind
        if game.tournament is None or small is None or big is None:
            return small, big
        posts = {a.kind: a for a in reversed(actions) if a.kind in ("small blind", "big blind")}
        big_post = posts.get("big blind")
        small_post = posts.get("small blind")
        if big_post is None or big_post.all_in or not big_post.amount < big:
            return small, big
        if small_post is not None and (small_post.all_in or not small_post.amount < small):
            return small, big
        posted_small = small_post.amount if small_post is not None else None
        shown = (
            f"{fmt(posted_small)}/{fmt(big_post.amount)}"
            if posted_small is not None
            else fmt(big_post.amount)
        )
        remarks.append(
            errors.said(
                "the header names the blinds {small}/{big}, the players post {shown}: a hand written at a "
                "level change (GGPoker names the next level's blinds); the blinds posted are the stakes "
                "checked",
                small=fmt(small),
                big=fmt(big),
                shown=shown,
            )
        )
        return posted_small, big_post.amount

    def short_deck_cards(self, cards: tuple[str, ...]) -> None:
        """Refuse a short-deck card below the six, naming it and the first line that shows it."""
        for card in cards:
            if card[0] in _LOW_RANKS:
                number, line = next(
                    ((n, text) for n, text in self.lines[1:] if f"{card}]" in text or f"{card} " in text),
                    self.lines[0],
                )
                raise self.fail(
                    number,
                    line,
                    errors.said(
                        "card {card} is not in the 36-card deck of short deck (sixes to aces)", card=card
                    ),
                )


def _speaker(line: str, seats: dict[str, Seat]) -> str | None:
    """The seated player whose name starts the line before ': ' (the longest such name)."""
    best = None
    for name in seats:
        if line.startswith(name + ": ") and (best is None or len(name) > len(best)):
            best = name
    return best


def _outside(
    chose: list[str],
    risks: dict[str, Amount],
    cash_outs: list[tuple[str, Amount, Amount]],
    insured: list[str],
) -> list[str]:
    """The remarks on what was paid outside the pot: EV Cashouts, all-in insurance."""
    remarks: list[str] = []
    for player, paid in risks.items():
        remarks.append(
            errors.said(
                "{player} took GGPoker's EV Cashout and his hand won: he collects the pot as usual "
                "and pays the room a Cashout Risk of {amount} outside the pot",
                player=player,
                amount=fmt(paid),
            )
        )
    for player, got, _ in cash_outs:
        remarks.append(
            errors.said(
                "{player} took GGPoker's EV Cashout and his hand lost: the room pays him {amount} "
                "outside the pot, and the pot goes to its winner",
                player=player,
                amount=fmt(got),
            )
        )
    paid_out = {player for player, _, _ in cash_outs}
    for player in dict.fromkeys(chose):
        if player not in risks and player not in paid_out:
            remarks.append(
                errors.said(
                    "{player} took GGPoker's EV Cashout: nothing was paid for it in this hand", player=player
                )
            )
    if insured:
        remarks.append(
            errors.said("all-in insurance, paid outside the pot: {insured}", insured=semicolons(insured))
        )
    return remarks


def read_hand(hand: RoomHand) -> HandHistory:
    """Read one GGPoker hand, as :func:`potengine.histories.rooms.cut_hands` cuts it, into the
    neutral record; raise :class:`~potengine.errors.HandHistoryError` naming the hand and the line
    (an :class:`~potengine.histories.record.UnsupportedHandError` for a game the engine does not
    play).

    >>> from potengine.histories.rooms import cut_hands
    >>> [cut] = cut_hands("Poker Hand #RC1: Razz ($1/$2) - 2026/01/01 10:00:00")
    >>> read_hand(cut)
    Traceback (most recent call last):
    ...
    potengine.histories.record.UnsupportedHandError: hand #RC1, line 1: GGPoker's 'Razz' is not a game
    the engine plays (it reads hold'em, Omaha of four or five cards, and short deck):
    "Poker Hand #RC1: Razz ($1/$2) - 2026/01/01 10:00:00"
    """
    return _Reader(hand).read()
