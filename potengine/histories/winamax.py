"""Reading Winamax hand histories into the neutral record (:mod:`~potengine.histories.record`).

:func:`read_hand` reads one hand as :func:`potengine.histories.rooms.cut_hands` cuts it; the
auditor calls it for every hand of a Winamax file (:data:`potengine.histories.rooms.ROOMS`).

>>> text = '''Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - 2026/01/01 12:00:00 UTC
... Table: 'Demo' 3-max (real money) Seat #3 is the button
... Seat 1: Alice (100€)
... Seat 2: Bilal (100€)
... Seat 3: Chloé (100€)
... *** ANTE/BLINDS ***
... Alice posts small blind 1€
... Bilal posts big blind 2€
... *** PRE-FLOP ***
... Chloé raises 4€ to 6€
... Alice folds
... Bilal folds
... Chloé collected 9€ from pot
... *** SUMMARY ***
... Total pot 9€ | No rake
... Seat 3: Chloé (button) won 9€'''
>>> from potengine.histories.rooms import cut_hands
>>> hand = read_hand(cut_hands(text)[0])
>>> hand.hand_id, hand.room, [(a.player, a.kind, a.amount, a.to) for a in hand.actions][2:3]
('1-2-3', 'Winamax', [('Chloé', 'raise', Decimal('4'), Decimal('6'))])
>>> hand.total_pot, sorted(hand.not_stated)  # 9 put in, the 4 nobody called among them
(Decimal('5'), ['returns', 'side pots'])

What Winamax writes, and how it is read
---------------------------------------
Measured on ``../shared/data/other-rooms/winamax`` (36 files, 45 hands, 37 hand IDs, from
HHSmithy's parser tests; 32 files UTF-8 with a byte-order mark, 4 in Windows-1252, decoded by
:func:`~potengine.histories.rooms.decode`):

- The header: ``Winamax Poker - CashGame - HandId: #5281577-471-1382586707 - Holdem no limit
  (0.50€/1€) - 2013/10/24 03:51:47 UTC`` (42 hands), or ``Tournament "BOOSTER" buyIn: €4.50 +
  €4.50 + €1 level: 4`` in place of ``CashGame`` (3 hands), whose stakes are the ante, the small
  and the big blind (``(25/150/300)``); Go Fast tables write ``Go Fast "Colorado"`` there (none
  in the corpus: a cash game all the same). The hand ID is text, three numbers joined by dashes.
  Games: Holdem no limit (38 hands), Omaha pot limit (5), 5 Card Omaha pot limit (1), 5 Card
  Omaha Hi/Lo pot limit (1), read under PokerStars' names for them (``Hold'em No Limit``,
  ``5 Card Omaha Hi/Lo Pot Limit``), which the auditor reads the structure from; any other game
  is refused, named. Amounts are Decimal euros at a cash table, chips in a tournament.
- ``Table: 'Gold Coast-Tweed 13' 2-max (real money) Seat #2 is the button``. Seats: ``Seat 1:
  Barthez91 (138.61€)``, numbered from 0 at some tables (``Seat 0: mrotsim (865.05€)``, the
  button on seat 0: 1 hand), a seat with no stack (``Seat 1: Player1 ()``: read as sitting out
  with nothing, 1 hand), a tournament stack with its bounty (``(500, 1€ bounty)``).
- The posts under ``*** ANTE/BLINDS ***``: ``posts ante 25`` (2 hands), ``posts small blind
  0.50€``, ``posts big blind 1€`` (once written before the small blind), and a player coming in
  between the blinds and the button: ``posts big blind 0.10€ out of position`` (2 hands), after
  ``posts small blind 0.25€ out of position`` when he posts both (1 hand). The big blind is live,
  the small blind dead, as :func:`~potengine.histories.audit.dead_posts` reads a second small
  blind, or the small blind of a player who posts a big blind.
- The betting: ``calls 5€`` and ``bets 2.50€`` are the chips added, ``raises 1.50€ to 2.50€`` the
  raise over the bet faced then the player's total on the street (as the record has them: no
  conversion), ``... and is all-in``.
- **No "Uncalled bet" line, ever** (none in 45 hands): the part of a bet nobody matched goes back
  inside the winner's ``collected`` line (36 of the 45 hands end with one). The record marks
  :data:`~potengine.histories.record.RETURNS` not stated: the auditor takes the engine's return
  and accepts a collection that holds it (:mod:`potengine.histories.stated`), and the summary's
  seat line, which holds it too.
- ``collected 14.02€ from pot`` (all 45 hands of the corpus), ``from main pot`` and ``from side
  pot 1`` when there is more than one pot: the pots are named (``side pot 1`` is pot 1).
- ``Total pot 14.02€ | Rake 0.98€`` (24 hands) or ``Total pot 24€ | No rake`` (21): all the chips
  put in, **the unmatched part among them, less the rake**. The record's total is before the rake
  and after the returns: the reader adds the rake back and takes the unmatched part out (the
  largest bettor's live chips beyond the next player's, as the engine returns them:
  :func:`unmatched`). A total written short (``6.02k``, in big tournament pots) is taken as the
  chips put in less the rake when they agree with it to its last figure, and said so in a remark
  (:meth:`_Reader.short_total`); else as written, for the auditor to compare. The summary names
  no pot's size apart: :data:`~potengine.histories.record.SIDE_POTS` not stated, the total alone
  is checked.
- The streets: ``*** FLOP *** [3c 7d 2s]``, ``*** TURN *** [3c 7d 2s] [3h]`` or without the
  space (``[Tc 7c 4c][Qs]``, 4 lines); ``*** SHOW DOWN ***`` and ``shows [8s Td] (One pair :
  3)``; ``Dealt to Hero [..]`` (the hero's own cards) is not a showing. The summary's seat lines:
  ``won 14.02€``, ``showed [8d Jd] and won 14.02€ with ...``, ``... and lost with ...``,
  ``mucked``: what each says its player won is kept (``summary_won``).
- The room's own money (Winamax's HOLD-UP and ESCAPE tables: ``Hold-up to Pot: total 0.50€``,
  none in the corpus): :attr:`~potengine.histories.record.HandHistory.added`, named.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from decimal import Decimal, InvalidOperation
from itertools import count

from .. import errors
from ..chips import Amount
from ..errors import HandHistoryError
from ..play.streets import Street, street_said
from .pokerstars import _CARD_NAMES, MAX_DIGITS, MAX_HAND_LINES, MAX_LINE_CHARS, _error
from .record import RETURNS, SIDE_POTS, Action, Collection, HandHistory, Seat, UnsupportedHandError, record
from .rooms import RoomHand

ROOM = "Winamax"
"""The room's label (:data:`potengine.histories.rooms.ROOMS`), written into every record."""

_SYMBOLS = "€$£"
_AMT = r"[€$£]?\d+(?:\.\d+)?[€$£]?"
_HEADER = re.compile(r"^Winamax Poker - (.*?) - HandId: #([\d-]+) - (.+?) \(([^()]*)\)(?: - (.*))?$")
_TABLE = re.compile(r"^Table: '(.*)' (?:(\d+)-max )?(?:\(([^)]*)\) )?Seat #(\d+) is the button$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \((" + _AMT + r")?(?:, [^()]* bounty)?\)$")
_STREET = re.compile(r"^\*\*\* (ANTE/BLINDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*(.*)$")
_CARDS = re.compile(r"\[([^\]]*)\]")
_MARKS = r"((?: out of position| and is all-in)*)"
_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("fold", re.compile(r"^folds$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(r"^calls (" + _AMT + r")( and is all-in)?$")),
    ("bet", re.compile(r"^bets (" + _AMT + r")( and is all-in)?$")),
    ("raise", re.compile(r"^raises (" + _AMT + r") to (" + _AMT + r")( and is all-in)?$")),
    ("ante", re.compile(r"^posts ante (" + _AMT + r")" + _MARKS + "$")),
    ("small blind", re.compile(r"^posts small blind (" + _AMT + r")" + _MARKS + "$")),
    ("big blind", re.compile(r"^posts big blind (" + _AMT + r")" + _MARKS + "$")),
    ("show", re.compile(r"^shows \[([^\]]*)\](?: \(.*\))?$")),
    ("collect", re.compile(r"^collected (" + _AMT + r") from (pot|main pot|side pot (\d+))$")),
)
_VERB_TABLE: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _pattern in _VERBS:
    _VERB_TABLE[_pattern.pattern[1:5]] = (*_VERB_TABLE.get(_pattern.pattern[1:5], ()), (_kind, _pattern))
"""The patterns to try for a player's words, by their first four letters ("fold", "post" ...)."""
_POSTS = {"ante": "ante", "small blind": "small blind", "big blind": "big blind"}
_PLAIN = {said: re.match(said, said) for said in ("folds", "checks")}
"""The two lines without an amount, matched once."""
_QUIET = frozenset(
    (
        "mucks",
        "mucks hand",
        "doesn't show",
        "does not show",
        "sits out",
        "is sitting out",
        "sitting out",
        "is back",
        "is disconnected",
        "is connected",
        "has timed out",
        "is timed out",
        "leaves the table",
    )
)
"""Words after a player's name that put no chip in and show no card."""
_ADDED = re.compile(r"^(.+?) to [Pp]ot: total (" + _AMT + r")$")
"""The room's own money put into the pot ("Hold-up to Pot: total 0.50€", "Escape to Pot: ...")."""
_TOTAL = re.compile(r"^Total pot (" + _AMT + r"|\d+(?:\.\d+)?[kM]) \| (?:Rake (" + _AMT + r")|No rake)$")
_SUMMARY_SEAT = re.compile(r"^Seat (\d+): ")
_WON = re.compile(r"\bwon (" + _AMT + r")")
_SHOWED = re.compile(r"\bshowed \[([^\]]*)\]")
_TOURNAMENT_NUMBER = re.compile(r"\((\d+)\)#")
_GAMES = {
    "Holdem": ("Hold'em", 2),
    "Omaha": ("Omaha", 4),
    "Omaha Hi/Lo": ("Omaha Hi/Lo", 4),
    "Omaha8": ("Omaha Hi/Lo", 4),
    "5 Card Omaha": ("5 Card Omaha", 5),
    "Omaha5": ("5 Card Omaha", 5),
    "5 Card Omaha Hi/Lo": ("5 Card Omaha Hi/Lo", 5),
}
"""Winamax's game names, as PokerStars names the same games (the auditor reads those), and the
number of hole cards."""
_LIMITS = {"no limit": "No Limit", "pot limit": "Pot Limit", "fixed limit": "Limit"}
_BOARD_BEFORE = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
_STREET_NAMED = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_SUFFIX = {"k": 1000, "M": 1000000}


# ----------------------------------------------------------------------------------------------
# What both readers of this room family share (the WPN reader imports them)
# ----------------------------------------------------------------------------------------------
def numbered_lines(hand: RoomHand) -> list[tuple[int, str]]:
    """The hand's lines that are not blank, numbered as in its file, trailing blanks dropped;
    a hand too long, or with a line too long, to be a hand history is refused, naming the line.

    >>> from potengine.histories.rooms import BY_NAME
    >>> numbered_lines(RoomHand(BY_NAME["winamax"], "1-2-3", 7, "Winamax Poker - x\\n\\nTable: y  \\n"))
    [(7, 'Winamax Poker - x'), (9, 'Table: y')]
    """
    text = hand.text
    if "`" not in text:  # nearly every hand: no quote to cut it out of
        stripped = list(map(str.rstrip, text.split("\n")))
        if max(map(len, stripped)) > MAX_LINE_CHARS:
            at = next(i for i, line in enumerate(stripped) if len(line) > MAX_LINE_CHARS)
            raise _error(hand.hand_id, hand.line + at, stripped[at], _TOO_LONG)
        found = [pair for pair in zip(count(hand.line), stripped, strict=False) if pair[1]]
    else:
        found = _quoted_lines(hand)
    if not found:
        raise _error(hand.hand_id, hand.line, "", errors.said("the hand is empty"))
    if len(found) > MAX_HAND_LINES:
        first, head = found[0]
        raise _error(
            hand.hand_id,
            first,
            head,
            errors.said("the hand has more than the limit of {limit} lines", limit=MAX_HAND_LINES),
        )
    return found


_TOO_LONG = errors.said("the line has more than the limit of {limit} characters", limit=MAX_LINE_CHARS)


def _quoted_lines(hand: RoomHand) -> list[tuple[int, str]]:
    """The lines of a hand quoted in a program's text (export const HAND = `Hand #…`;): from the
    first backtick to the next, numbered as in the file, blank ones left out."""
    found: list[tuple[int, str]] = []
    for number, text in enumerate(hand.text.split("\n"), start=hand.line):
        line = text.rstrip()
        quoted = "`" in line
        if quoted and not found:
            line = line.rsplit("`", 1)[1]
        elif quoted:
            line = line.split("`", 1)[0].rstrip()
        if line:
            if len(line) > MAX_LINE_CHARS:
                raise _error(hand.hand_id, number, line, _TOO_LONG)
            found.append((number, line))
        if quoted and len(found) > 1 or len(found) > MAX_HAND_LINES:
            break  # the quote ends: the rest is the program's
    return found


def read_amount(text: str, currency: bool, hand_id: str | None, number: int, line: str) -> Amount:
    """An amount as a history writes it ("0.50€", "$1,354.25", "1175"): a Decimal in a game
    played for money, else an int; anything else is refused, naming the hand, the line number
    and its text.

    >>> read_amount("6.02€", True, "1", 3, "x"), read_amount("1175", False, "1", 3, "x")
    (Decimal('6.02'), 1175)
    >>> read_amount("1.5", False, "9-1-1", 3, "X bets 1.5")
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: hand #9-1-1, line 3: amount 1.5 has cents in a game played in chips:
    "X bets 1.5"
    """
    known = _KNOWN[currency]
    value = known.get(text)
    if value is not None:
        return value
    raw = text.strip(_SYMBOLS).replace(",", "")
    whole = raw.split(".")[0]
    if not whole.isdigit() or len(whole) > MAX_DIGITS or len(raw) > MAX_DIGITS + 7:
        raise _error(hand_id, number, line, errors.said("cannot read the amount {text}", text=repr(text)))
    try:
        decimal = Decimal(raw)
    except InvalidOperation:
        raise _error(
            hand_id, number, line, errors.said("cannot read the amount {text}", text=repr(text))
        ) from None
    if currency:
        value = decimal
    elif decimal != decimal.to_integral_value():
        raise _error(
            hand_id, number, line, errors.said("amount {text} has cents in a game played in chips", text=text)
        )
    else:
        value = int(decimal)
    if len(known) > 4096:  # a bounded cache: amounts repeat from hand to hand
        known.clear()
    known[text] = value
    return value


_KNOWN: dict[bool, dict[str, Amount]] = {False: {}, True: {}}
"""The amounts already read, by their text, in games played in chips and for money."""


def read_cards(text: str, hand_id: str | None, number: int, line: str, *, most: int = 5) -> list[str]:
    """The cards of a bracket ("Ah Kd", "10c 9h"), each one a card, at most ``most`` of them.

    >>> read_cards("Ah 10c", "1", 1, "x")
    ['Ah', '10c']
    >>> read_cards("Ah Zz", "1", 4, "Bo shows [Ah Zz]")
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: hand #1, line 4: 'Zz' is not a card: "Bo shows [Ah Zz]"
    """
    cards = text.split()
    for card in cards:
        if card not in _CARD_NAMES:
            raise _error(hand_id, number, line, errors.said("{card} is not a card", card=repr(card)))
    if len(cards) > most:
        raise _error(hand_id, number, line, errors.said("too many cards"))
    return cards


def heads(names: Iterable[str], lead: str = "") -> list[tuple[str, str]]:
    """What starts a line each seated player speaks ("Ann Lee ", or "Player Ann Lee " with
    ``lead``), with the player, longest first, for :func:`speaker`.

    >>> heads(["Ann", "Ann Lee"])
    [('Ann Lee ', 'Ann Lee'), ('Ann ', 'Ann')]
    """
    return sorted(((f"{lead}{name} ", name) for name in names), key=lambda head: -len(head[0]))


def speaker(line: str, starts: Sequence[tuple[str, str]]) -> tuple[str, str] | None:
    """The seated player whose name (followed by a space) starts ``line``, and his words after
    it; ``starts`` are :func:`heads`, longest first, so that "Ann Lee" is found before "Ann".

    >>> speaker("Ann Lee calls 2€", heads(["Ann", "Ann Lee"])), speaker("Bo folds", heads(["Ann"]))
    (('Ann Lee', 'calls 2€'), None)
    """
    for head, name in starts:
        if line.startswith(head):
            return name, line[len(head) :]
    return None


def put_in(actions: Iterable[Action]) -> dict[str, Amount]:
    """Each player's chips put in by the actions (as the record has them: a raise brings the
    player's bet on the street to ``to``), in the order they first put chips in.

    >>> s = Street.PRE_FLOP
    >>> put_in([Action(1, s, "A", "ante", 1), Action(2, s, "A", "big blind", 2),
    ...         Action(3, s, "B", "raise", 4, 6)])
    {'A': 3, 'B': 6}
    """
    street = None
    bets: dict[str, Amount] = {}
    total: dict[str, Amount] = {}
    for action in actions:
        if action.street != street:
            street, bets = action.street, {}
        kind, player = action.kind, action.player
        if kind == "ante":
            total[player] = total.get(player, 0) + action.amount
            continue
        before = bets.get(player, 0)
        if kind == "raise":
            assert action.to is not None  # every raise is given its street total
            after = action.to
        elif kind in ("call", "bet", "small blind", "big blind", "blinds", "button blind"):
            after = before + action.amount
        else:
            continue
        bets[player] = after
        total[player] = total.get(player, 0) + after - before
    return total


def unmatched(chips: dict[str, Amount], dead: dict[str, Amount]) -> Amount:
    """What the largest bettor put in that nobody matched (``chips``: each player's chips put
    in; ``dead``: the part of them that is dead money, see
    :func:`potengine.histories.audit.dead_money`): his live chips beyond the next largest
    player's, as the engine returns them.

    >>> unmatched({"A": 3, "B": 10, "C": 6}, {}), unmatched({"A": 5, "B": 4}, {"A": 1})
    (4, 0)
    """
    live = sorted(amount - dead.get(player, 0) for player, amount in chips.items())
    return live[-1] - live[-2] if len(live) > 1 else 0


def dead_money(posts: Sequence[Action], big_blind: Amount | None, players: int) -> dict[str, Amount]:
    """The dead money of each player, as :func:`potengine.histories.audit.dead_money` reads the
    posts: a small blind posted by a player who also posts a big blind, or a second small blind,
    is dead; so is what a post of both blinds at once holds beyond the big blind, and an ante the
    big blind alone posts for the table (``players``: the players at it).

    >>> s = Street.PRE_FLOP
    >>> posts = [Action(1, s, "A", "small blind", 1), Action(2, s, "B", "big blind", 2),
    ...          Action(3, s, "C", "small blind", 1), Action(4, s, "C", "big blind", 2)]
    >>> dead_money(posts, 2, 3)
    {'C': 1}
    """
    dead: dict[str, Amount] = {}
    big = [a.player for a in posts if a.kind in ("big blind", "blinds")]
    antes = [a for a in posts if a.kind == "ante"]
    if len(antes) == 1 and players > 2 and big and antes[0].player == big[0]:
        dead[big[0]] = antes[0].amount
    live_small = False
    for a in posts:
        part: Amount = 0
        if a.kind == "blinds":
            if big_blind is not None and a.amount > big_blind:
                part = a.amount - big_blind
        elif a.kind == "small blind":
            if live_small or a.player in big:
                part = a.amount
            else:
                live_small = True
        if part:
            dead[a.player] = dead.get(a.player, 0) + part
    return dead


# ----------------------------------------------------------------------------------------------
# Winamax
# ----------------------------------------------------------------------------------------------
def read_hand(hand: RoomHand) -> HandHistory:
    """One Winamax hand (as :func:`potengine.histories.rooms.cut_hands` cuts it) as the neutral
    record; a hand that cannot be read raises :class:`~potengine.errors.HandHistoryError` naming
    the hand and the line, a game the engine does not play :class:`UnsupportedHandError`.

    >>> from potengine.histories.rooms import cut_hands
    >>> read_hand(cut_hands("Winamax Poker - CashGame - HandId: #9-9-9 - Razz fixed limit (1€/2€)")[0])
    Traceback (most recent call last):
    ...
    potengine.histories.record.UnsupportedHandError: hand #9-9-9, line 1: Razz fixed limit: only hold'em
    and Omaha hands can be read: "Winamax Poker - CashGame - HandId: #9-9-9 - Razz fixed limit (1€/2€)"
    """
    return _Reader(hand).read()


class _Reader:
    """One hand, read line by line; every failure names the hand ID and the line."""

    def __init__(self, hand: RoomHand) -> None:
        self.hand_id = hand.hand_id
        self.lines = numbered_lines(hand)
        self.currency = False

    def fail(self, number: int, line: str, reason: str) -> HandHistoryError:
        return _error(self.hand_id, number, line, reason)

    def amount(self, text: str, number: int, line: str) -> Amount:
        return read_amount(text, self.currency, self.hand_id, number, line)

    def read(self) -> HandHistory:
        lines = self.lines
        number, header = lines[0]
        head = _HEADER.match(header)
        if head is None:
            raise self.fail(
                number,
                header,
                errors.said("expected 'Winamax Poker - ... - HandId: #<ID> - <game> (<stakes>)'"),
            )
        kind, hand_id, game_words, stakes_text, _ = head.groups()
        self.hand_id = hand_id
        game, hole, limit = self.game(game_words, number, header)
        tournament = kind.startswith("Tournament")
        self.currency = not tournament and any(s in stakes_text for s in _SYMBOLS)
        parts = [self.amount(p, number, header) for p in stakes_text.split("/")]
        if len(parts) not in (2, 3):
            raise self.fail(
                number, header, errors.said("cannot read the stakes ({stakes_text})", stakes_text=stakes_text)
            )
        small_blind: Amount | None = parts[-2]
        big_blind: Amount | None = parts[-1]
        small_bet = big_bet = None
        if limit == "Limit":  # "Holdem fixed limit (2€/4€)" names the bets, as PokerStars' "Limit" does
            small_bet, big_bet, big_blind, small_blind = parts[-2], parts[-1], parts[-2], None
        if len(lines) < 2:
            raise self.fail(number, header, errors.said("the hand ends after its first line"))
        number, line = lines[1]
        table = _TABLE.match(line)
        if table is None:
            raise self.fail(
                number, line, errors.said("expected \"Table: '<name>' ... Seat #N is the button\"")
            )
        if table.group(3) == "play money":
            self.currency = False
        seats, at = self.seats(lines)
        play = self.play(lines, at, seats, heads(seats), hole)
        actions, board, shown, collections, added, at = play
        total_text, total, rake, summary_board, won, more_shown = self.summary(lines, at, seats)
        for player, cards in more_shown.items():
            if len(cards) == hole:
                shown.setdefault(player, tuple(cards))
        last_number, last_line = lines[-1]
        if total is None or rake is None:
            raise self.fail(
                last_number, last_line, errors.said("the hand has no 'Total pot ... | Rake ...' summary line")
            )
        if summary_board is not None and summary_board[1] != board:
            raise self.fail(
                *summary_board[0], errors.said("the summary's board differs from the cards the streets dealt")
            )
        posts = [a for a in actions if a.kind in _POSTS]
        chips = put_in(actions)
        dead = dead_money(posts, big_blind, len(seats))
        remarks: tuple[str, ...] = ()
        if total_text[-1] in _SUFFIX:  # "6.02k": the total to three figures
            total, remarks = self.short_total(total_text, total, sum(chips.values(), start=0 * total) - rake)
        # Winamax's total is everything put in, the unmatched part of a bet among it, less the
        # rake; the record's total is before the rake and after the returns.
        total_pot = total + rake - unmatched(chips, dead)
        tournament_name = None
        if tournament:
            found = _TOURNAMENT_NUMBER.search(table.group(1))
            tournament_name = found.group(1) if found else kind.split('"')[1] if '"' in kind else kind
        ordered = tuple(sorted(seats.values(), key=lambda s: s.number))
        return HandHistory(
            hand_id=hand_id,
            first_line=lines[0][0],
            header=header,
            tournament=tournament_name,
            small_blind=small_blind,
            big_blind=big_blind,
            currency=self.currency,
            table=table.group(1),
            button_seat=int(table.group(4)),
            seats=ordered,
            actions=tuple(actions),
            returned=(),
            board=tuple(board),
            shown=shown,
            collections=tuple(collections),
            total_pot=total_pot,
            main_pot=None,
            side_pots=(),
            rake=rake,
            summary_won=won,
            lines=tuple(text for _, text in lines),
            small_bet=small_bet,
            big_bet=big_bet,
            game=game,
            room=ROOM,
            remarks=remarks,
            not_stated=frozenset((RETURNS, SIDE_POTS)),
            added=tuple(added),
        )

    def game(self, words: str, number: int, header: str) -> tuple[str, int, str]:
        """The game in PokerStars' words ("Hold'em No Limit"), its hole cards and its limit."""
        for name, limit in _LIMITS.items():
            if words.endswith(" " + name):
                base = words[: -len(name) - 1]
                if base in _GAMES:
                    game, hole = _GAMES[base]
                    return f"{game} {limit}", hole, limit
        raise _error(
            self.hand_id,
            number,
            header,
            errors.said("{game}: only hold'em and Omaha hands can be read", game=words),
            UnsupportedHandError,
        )

    def seats(self, lines: list[tuple[int, str]]) -> tuple[dict[str, Seat], int]:
        """The seat lines after the table line, by player, and the index of the line after them."""
        seats: dict[str, Seat] = {}
        numbers: set[int] = set()
        at = 2
        while at < len(lines):
            number, line = lines[at]
            seat = _SEAT.match(line)
            if seat is None:
                if line.startswith("Seat "):
                    raise self.fail(
                        number, line, errors.said("cannot read this seat line ('Seat N: name (stack)')")
                    )
                break
            n, name = int(seat.group(1)), seat.group(2)
            if not 0 <= n <= 10 or n in numbers or name in seats:
                raise self.fail(
                    number, line, errors.said("a seat number or player appears twice or is out of range")
                )
            if seat.group(3) is None:  # "Seat 1: Player1 ()": seated, no chips, sitting out
                seats[name] = Seat(n, name, 0 * self.amount("0", number, line), sitting_out=True)
            else:
                seats[name] = Seat(n, name, self.amount(seat.group(3), number, line))
            numbers.add(n)
            at += 1
        if not seats:
            number, line = lines[min(at, len(lines) - 1)]
            raise self.fail(number, line, errors.said("expected the seats ('Seat N: name (stack)')"))
        return seats, at

    def play(
        self,
        lines: list[tuple[int, str]],
        start: int,
        seats: dict[str, Seat],
        names: list[tuple[str, str]],
        hole: int,
    ) -> tuple[
        list[Action],
        list[str],
        dict[str, tuple[str, ...]],
        list[Collection],
        list[tuple[str, Amount]],
        int,
    ]:
        """The lines from the seats to ``*** SUMMARY ***``: the posts, the betting of each street,
        the cards shown and the pots collected; and the index of the line after the summary's
        heading."""
        street = Street.PRE_FLOP
        showdown = False
        betting = False
        actions: list[Action] = []
        board: list[str] = []
        shown: dict[str, tuple[str, ...]] = {}
        collections: list[Collection] = []
        added: list[tuple[str, Amount]] = []
        for at in range(start, len(lines)):
            number, line = lines[at]
            if line.startswith("***"):
                heading = _STREET.match(line)
                if heading is None:
                    raise self.fail(number, line, errors.said("cannot read this line"))
                name = heading.group(1)
                if name == "SUMMARY":
                    return actions, board, shown, collections, added, at + 1
                if name == "SHOW DOWN":
                    showdown = True
                elif name in _STREET_NAMED:
                    street = _STREET_NAMED[name]
                    if len(board) != _BOARD_BEFORE[street]:
                        raise self.fail(
                            number,
                            line,
                            errors.said("the {street} comes out of order", street=street_said(street)),
                        )
                    cards = _CARDS.findall(heading.group(2))
                    new = read_cards(cards[-1] if cards else "", self.hand_id, number, line)
                    if len(new) != (3 if street is Street.FLOP else 1):
                        raise self.fail(
                            number,
                            line,
                            errors.said("wrong number of cards on the {street}", street=street_said(street)),
                        )
                    if len(cards) > 1 and read_cards(cards[0], self.hand_id, number, line) != board:
                        raise self.fail(
                            number, line, errors.said("the board before it is not the board so far")
                        )
                    board.extend(new)
                continue
            spoken = speaker(line, names)
            if spoken is None:
                if line.startswith("Dealt to "):
                    continue
                money = _ADDED.match(line)
                if money is not None:
                    added.append((money.group(1).lower(), self.amount(money.group(2), number, line)))
                    continue
                raise self.fail(number, line, errors.said("cannot read this line"))
            player, said = spoken
            verb = _PLAIN.get(said)  # "folds", "checks": the most frequent lines, matched once
            kind = said[:-1] if verb is not None else ""  # "fold", "check"
            for kind, pattern in () if verb is not None else _VERB_TABLE.get(said[:4], ()):  # noqa: B007 (kind: the one that matched)
                verb = pattern.match(said)
                if verb is not None:
                    break
            if verb is None:
                if said in _QUIET:
                    continue
                raise self.fail(number, line, errors.said("cannot read {player}'s action", player=player))
            if kind == "show":
                cards = read_cards(verb.group(1), self.hand_id, number, line)
                if len(cards) == hole:
                    shown[player] = tuple(cards)
                elif len(cards) > hole:
                    raise self.fail(
                        number, line, errors.said("a hand of this game shows {hole} cards", hole=hole)
                    )
                continue
            if kind == "collect":
                label = verb.group(2)
                pot = int(verb.group(3)) if verb.group(3) else 0
                if label.startswith("side") and pot == 0:
                    raise self.fail(number, line, errors.said("side pots are numbered from 1"))
                amount = self.amount(verb.group(1), number, line)
                collections.append(Collection(number, player, amount, pot, label))
                continue
            if showdown:
                raise self.fail(number, line, errors.said("a bet after the showdown began"))
            to = None
            if kind == "raise":
                amount = self.amount(verb.group(1), number, line)
                to = self.amount(verb.group(2), number, line)
                all_in = verb.group(3) is not None
            elif kind in ("fold", "check"):
                amount, all_in = 0, False
            else:
                amount = self.amount(verb.group(1), number, line)
                all_in = "all-in" in (verb.group(2) or "")
            if kind in _POSTS:
                if street is not Street.PRE_FLOP or betting:
                    raise self.fail(
                        number, line, errors.said("antes and blinds are posted before the betting")
                    )
            else:
                betting = True
            actions.append(
                record(
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
        raise self.fail(number, line, errors.said("the hand ends before its summary ('*** SUMMARY ***')"))

    def summary(
        self, lines: list[tuple[int, str]], start: int, seats: dict[str, Seat]
    ) -> tuple[
        str,
        Amount | None,
        Amount | None,
        tuple[tuple[int, str], list[str]] | None,
        dict[str, Amount],
        dict[str, list[str]],
    ]:
        """The summary: the total pot and the rake, the board, what each seat line says its
        player won, and the cards it says he showed."""
        total: Amount | None = None
        total_text = "0"
        rake: Amount | None = None
        board: tuple[tuple[int, str], list[str]] | None = None
        won: dict[str, Amount] = {}
        showed: dict[str, list[str]] = {}
        by_number = {seat.number: seat.player for seat in seats.values()}
        for at in range(start, len(lines)):
            number, line = lines[at]
            seat_line = _SUMMARY_SEAT.match(line)
            if seat_line is not None:
                owner = by_number.get(int(seat_line.group(1)))
                rest = line[seat_line.end() :]
                if owner is None or not rest.startswith(owner):
                    raise self.fail(
                        number, line, errors.said("this summary line names a seat or player not at the table")
                    )
                said = rest[len(owner) :]
                for amount in _WON.findall(said):
                    won[owner] = won.get(owner, 0) + self.amount(amount, number, line)
                cards = _SHOWED.search(said)
                if cards is not None:
                    showed[owner] = read_cards(cards.group(1), self.hand_id, number, line)
                continue
            total_line = _TOTAL.match(line)
            if total_line is not None:
                total_text = total_line.group(1)
                total = self.total(total_text, number, line)
                rake = self.amount(total_line.group(2), number, line) if total_line.group(2) else 0 * total
                continue
            if line.startswith("Board: "):
                found = _CARDS.findall(line)
                board = ((number, line), read_cards(found[0] if found else "", self.hand_id, number, line))
                continue
            raise self.fail(number, line, errors.said("cannot read this summary line"))
        return total_text, total, rake, board, won, showed

    def total(self, text: str, number: int, line: str) -> Amount:
        """The total pot: an amount, or one written short ("6.02k"), read as the number it names."""
        if text[-1] in _SUFFIX:
            value = Decimal(text[:-1]) * _SUFFIX[text[-1]]
            if not self.currency and value == value.to_integral_value():
                return int(value)
            return value
        return self.amount(text, number, line)

    @staticmethod
    def short_total(text: str, written: Amount, exact: Amount) -> tuple[Amount, tuple[str, ...]]:
        """A total written short ("6.02k": Winamax's big tournament pots) holds no more figures
        than it shows: the chips put in less the rake (``exact``) are taken as the total when the
        written figure is within one unit of its last figure of them (so the total is checked to
        the precision it is written with), else the written figure stands, for the auditor to
        compare.

        >>> total, remarks = _Reader.short_total("6.02k", 6020, 6024)
        >>> print(total, *remarks)
        6024 the total pot is written short (6.02k): the chips put in less the rake, 6024, agree
        with it to its last figure
        >>> _Reader.short_total("6.02k", 6020, 6110)
        (6020, ())
        """
        figures = text[:-1].partition(".")[2]
        unit = Decimal(1).scaleb(-len(figures)) * _SUFFIX[text[-1]]
        if abs(Decimal(exact - written)) < unit:
            return exact, (
                errors.said(
                    "the total pot is written short ({total}): the chips put in less the rake, "
                    "{exact}, agree with it to its last figure",
                    total=text,
                    exact=str(exact),
                ),
            )
        return written, ()
