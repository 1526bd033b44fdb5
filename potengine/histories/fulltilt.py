"""Reading Full Tilt Poker hand histories into the neutral record (:mod:`~potengine.histories.record`).

:func:`read_hand` reads one hand as :mod:`~potengine.histories.rooms` cuts it (at ``Full Tilt
Poker Game #N:``); the auditor calls it through ``Room.reader``. Full Tilt's text is PokerStars'
in most places (the ``*** FLOP ***`` headings, ``Uncalled bet``, a summary with ``Total pot ... |
Rake ...`` and the seats' ``collected ($X)``), and the cards, the limits and the error messages are
read with :mod:`~potengine.histories.pokerstars`' own helpers.

What Full Tilt writes
---------------------
Measured on ``../shared/data/other-rooms/fulltilt`` (48 files of HHSmithy's samples, UTF-8 with
a byte-order mark; 52 hands, 10 of them in one file that holds 5 hands twice; 5 files are
fragments with no hand at all: a few action lines of HHSmithy's parser tests, no header):

- ``Full Tilt Poker Game #33728803548: Table Crane (6 max) - CAP NL Hold'em - $0.05/$0.10 -
  05:11:48 ET - 2014/01/06``: the table, the game (``NL``, ``PL``, ``FL``, ``CAP NL``, ``$15 Cap No
  Limit``; ``Hold'em``, ``Omaha Hi``, ``Omaha H/L``) and the stakes, dash apart; a tournament names
  itself before the table (``$10 Sit & Go (Turbo) (268569961), Table 1 - NL Hold'em - 15/30``) and
  plays in chips. A fixed-limit game's stakes are its small and big bet (``FL Hold'em -
  $0.05/$0.10``: blinds $0.02 and $0.05), as PokerStars'.
- Seats ``Seat 1: acthu ($2.73)``, ``Seat 1: zekulya ($300), is sitting out``; then the posts
  (``posts the small blind of $0.05``, ``posts the big blind of $0.10``, ``antes $0.50``, ``posts a
  dead small blind of $10``, ``posts $20``: a player coming in posts a live big blind) and only
  then ``The button is in seat #6``.
- Bets: ``calls $15`` and ``bets $25`` add chips, ``raises to $120`` is the street total (the
  record's raise over the bet faced is worked out from the street's bets), ``, and is all in``
  marks the all-in, ``, and is capped`` a player at a capped game's limit. ``CAP NL`` games are
  capped at 30 big blinds a player (both capped players of the corpus put in exactly $300 at
  $5/$10), ``$15 Cap No Limit`` names its cap.
- ``Uncalled bet of $0.05 returned to acthu``; ``X wins the pot ($615.50) with ...``, ``wins the
  high pot``/``the low pot`` in hi-lo; Full Tilt's side pots are ``the main pot``, ``side pot #1``
  (``ties for`` a pot split). ``Total pot $616 | Rake $0.50``: the total before the rake, after
  the returns (PokerStars'); no hand of the corpus has a side pot, so no line shows how Full Tilt
  sizes each pot: the record takes a ``Main pot $X. Side pot 1 $Y.`` breakdown when the line has
  one, else marks each pot's size as not stated
  (:data:`~potengine.histories.record.SIDE_POTS`: the total is still checked).
- Run it twice (1 hand): ``Players agree to Run It Twice``, ``*** RIVER 1 *** [Td 3d 3h Qh] [Ac]``,
  ``*** RIVER 2 ***``, ``*** SHOW DOWN 1 ***``, ``wins pot 1 ($311)`` (pot 1 is the first run's
  half), then ``*** SUMMARY 1 ***`` with its own ``Board:``. The record has each run's board in
  ``runs`` and each collection's run.
- Hole cards shown are ``shows [Ac 9s] a full house, ...`` (or, all-in, ``shows [Qs Ah]`` before
  the board is dealt); ``shows two pair, ...`` without cards only describes a hand shown before.
  Chat (``pupsaa: fvck ths sht``), time, seating and ``adds $14`` lines are skipped.

>>> from potengine.histories.rooms import cut_hands
>>> text = '''Full Tilt Poker Game #1001: Table Demo - NL Hold'em - $0.50/$1 - 19:00:00 ET - 2014/01/05
... Seat 1: Ann ($100)
... Seat 2: Bo ($100)
... Bo posts the small blind of $0.50
... Ann posts the big blind of $1
... The button is in seat #2
... *** HOLE CARDS ***
... Bo raises to $3
... Ann folds
... Uncalled bet of $2 returned to Bo
... Bo mucks
... Bo wins the pot ($2)
... *** SUMMARY ***
... Total pot $2 | Rake $0
... Seat 2: Bo (small blind) collected ($2), mucked'''
>>> hand = read_hand(cut_hands(text)[0])
>>> [(a.kind, a.amount, a.to) for a in hand.actions[2:]], hand.returned, hand.total_pot
([('raise', Decimal('2'), Decimal('3')), ('fold', 0, None)], (('Bo', Decimal('2')),), Decimal('2'))
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

from .. import errors
from ..chips import Amount
from ..play.streets import Street, street_said
from .audit import DEAD_POST
from .lines import HandLines
from .partypoker import fast_hand
from .pokerstars import MAX_SEATS, _error
from .record import SIDE_POTS, Action, Collection, HandHistory, Seat, UnsupportedHandError, record
from .rooms import RoomHand

ROOM = "Full Tilt"
"""The room's label, as :mod:`~potengine.histories.rooms` names it."""
CAP_BIG_BLINDS = 30
"""What a player may put in at a ``CAP NL`` table, in big blinds (see the module's notes)."""

_AMT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(r"^Full Tilt Poker (?:Game|Tournament) #(\d{1,30}): (.*)$")
_STAKES = re.compile(r"^(" + _AMT + r")/(" + _AMT + r")(?: Ante (" + _AMT + r"))?$")
_GAME = re.compile(
    r"^(?:(?P<cap>" + _AMT + r") Cap (?P<capped>No Limit|Pot Limit)|(?P<CAP>CAP )?"
    r"(?P<limit>NL|PL|FL|No Limit|Pot Limit|Limit|Fixed Limit)) "
    r"(?P<game>Hold'em|Holdem|Omaha Hi|Omaha H/L|Omaha Hi/Lo|Omaha)$"
)
_OTHER_GAMES = re.compile(r"Stud|Razz|Draw|Badugi|Short Deck|Courchevel|5 Card|HORSE|HA|Mixed|2-7|Triple")
_TOURNAMENT = re.compile(r"\((\d+)\), Table ")
_TABLE = re.compile(r"(?:^|, )Table (.+)$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \((" + _AMT + r")\)(, is sitting out)?$")
_BUTTON = re.compile(r"^The button is in seat #(\d+)$")
_STREET = re.compile(r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY)(?: (\d))? \*\*\*(.*)$")
_CARDS = re.compile(r"\[([^\]]*)\]")
_MARK = re.compile(r", and is (all in|capped)$")
_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("fold", re.compile(r"^folds$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(r"^calls (" + _AMT + r")$")),
    ("bet", re.compile(r"^bets (" + _AMT + r")$")),
    ("raise", re.compile(r"^raises to (" + _AMT + r")$")),
    ("small blind", re.compile(r"^posts the small blind of (" + _AMT + r")$")),
    ("big blind", re.compile(r"^posts the big blind of (" + _AMT + r")$")),
    ("dead small blind", re.compile(r"^posts a dead small blind of (" + _AMT + r")$")),
    ("posts", re.compile(r"^posts (" + _AMT + r")$")),
    ("ante", re.compile(r"^antes (" + _AMT + r")$")),
)
_VERB_TABLE: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _pattern in _VERBS:
    _first = _pattern.pattern[1:5]
    _VERB_TABLE[_first] = (*_VERB_TABLE.get(_first, ()), (_kind, _pattern))
_WIN = re.compile(
    r"^(?:wins|ties for) (?:the )?(?:(?P<half>high|low) )?(?P<pot>pot(?: (?P<run>\d))?|main pot|side pot"
    r"(?: #?(?P<side>\d+))?) \((?P<amount>" + _AMT + r")\)(?: with .*)?$"
)
_SHOWS = re.compile(r"^shows \[([^\]]*)\](?: .*)?$")
_QUIET = re.compile(
    r"^(?:mucks|shows .*|has \d+ seconds left to act|has requested TIME|has timed out|"
    r"has been disconnected|has reconnected|is sitting out|has returned|sits down|stands up|"
    r"adds " + _AMT + r"|is feeling .*|has been disqualified.*|is disconnected|is connected)$"
)
_NOISE = re.compile(
    r"^(?:Dealt to .+|Players agree to Run It Twice|.+ sits down|.+ stands up|.+ adds " + _AMT + r"|"
    r".+ has \d+ seconds left to act|.+ has requested TIME|.+ has timed out|.+ has been disconnected|"
    r".+ has reconnected|.+ is sitting out|.+ has returned|.+ seat #\d+ is reserved.*|"
    r"Hand was run twice)$"
)
_TOTAL = re.compile(
    r"^Total pot ("
    + _AMT
    + r")(?P<parts>(?: Main pot "
    + _AMT
    + r"\.)?(?: Side pot[- ]#?\d+ "
    + _AMT
    + r"\.)*) \| Rake ("
    + _AMT
    + r")$"
)
_PART = re.compile(r"(Main pot|Side pot[- ]#?(\d+)) (" + _AMT + r")\.")
_SUMMARY_SEAT = re.compile(r"^Seat (\d+): ")
_SUMMARY_WON = re.compile(r"(?:collected|won) \((" + _AMT + r")\)")
_RUN_POT = re.compile(r"^Pot \d+ " + _AMT + r"$")
_GAMES = {
    "Hold'em": ("Hold'em", 2),
    "Holdem": ("Hold'em", 2),
    "Omaha": ("Omaha", 4),
    "Omaha Hi": ("Omaha", 4),
    "Omaha H/L": ("Omaha Hi/Lo", 4),
    "Omaha Hi/Lo": ("Omaha Hi/Lo", 4),
}
_LIMITS = {
    "NL": "No Limit",
    "No Limit": "No Limit",
    "PL": "Pot Limit",
    "Pot Limit": "Pot Limit",
    "FL": "Limit",
    "Limit": "Limit",
    "Fixed Limit": "Limit",
}
_STREETS = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_BOARD_BEFORE = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
_POSTS = frozenset(("small blind", "big blind", "dead small blind", "posts", "ante"))
_GAMES_READ: dict[str, _Game] = {}
"""The cash games already read, by their header's game and stakes."""


class _Game(NamedTuple):
    name: str
    hole: int
    tournament: str | None
    currency: bool
    small_blind: Amount | None
    big_blind: Amount | None
    small_bet: Amount | None
    big_bet: Amount | None
    cap: Amount | None


class _Reader(HandLines):
    """One hand's lines, read in order; every failure names the hand ID and the line."""

    def game(self, number: int, line: str, rest: str) -> tuple[_Game, str]:
        """The header's game, stakes and table (its parts, dash apart)."""
        parts = rest.split(" - ")
        game = stakes = None
        for part in parts:
            game = game or _GAME.match(part)
            stakes = stakes or _STAKES.match(part)
        if game is None:
            if _OTHER_GAMES.search(rest):
                raise _error(
                    self.hand_id,
                    number,
                    line,
                    errors.said("only hold'em and Omaha hands can be read"),
                    UnsupportedHandError,
                )
            raise self.fail(
                number, line, errors.said("cannot read the game ('NL Hold'em', 'PL Omaha H/L', ...)")
            )
        if stakes is None:
            raise self.fail(number, line, errors.said("cannot read the stakes ('$0.50/$1')"))
        table_part = parts[0]
        tournament = _TOURNAMENT.search(table_part)
        self.currency = tournament is None and stakes.group(1)[0] in "$€£"
        table = _TABLE.search(table_part)
        name, hole = _GAMES[game.group("game")]
        limit = _LIMITS[game.group("limit") or game.group("capped")]
        first, second = (self.amount(stakes.group(i), number, line) for i in (1, 2))
        small_blind: Amount | None = first
        big_blind: Amount | None = second
        small_bet = big_bet = cap = None
        if limit == "Limit":
            small_blind, big_blind, small_bet, big_bet = None, first, first, second
        if game.group("cap"):
            cap = self.amount(game.group("cap"), number, line)
        elif game.group("CAP"):
            cap = second * CAP_BIG_BLINDS
        found = _Game(
            f"{name} {limit}",
            hole,
            tournament.group(1) if tournament else None,
            self.currency,
            small_blind,
            big_blind,
            small_bet,
            big_bet,
            cap,
        )
        return found, table.group(1) if table else table_part

    def read(self) -> HandHistory:
        """The hand: its header, seats, posts and button, play, showdown and summary."""
        lines = self.lines
        number, first = self.first()
        header = _HEADER.match(first)
        if header is None:
            raise self.fail(
                number, first, errors.said("a hand must start with 'Full Tilt Poker Game #<ID>:'")
            )
        rest = header.group(2)
        table_part, _, words = rest.partition(" - ")
        key = " - ".join(words.split(" - ")[:2])  # the game and the stakes, in either order
        cached = _GAMES_READ.get(key) if not _TOURNAMENT.search(table_part) else None
        if cached is not None:
            game = cached
            self.currency = game.currency
            table_name = _TABLE.search(table_part)
            table = table_name.group(1) if table_name else table_part
        else:
            game, table = self.game(number, first, rest)
            if game.tournament is None:
                if len(_GAMES_READ) > 1024:  # a bounded cache, like the amounts'
                    _GAMES_READ.clear()
                _GAMES_READ[key] = game
        seats: dict[str, Seat] = {}
        at = 1
        for at in range(1, len(lines)):  # noqa: B007  (at is the first line after the seats)
            number, line = lines[at]
            seat = _SEAT.match(line)
            if seat is None:
                break
            n, name = int(seat.group(1)), seat.group(2)
            if not 1 <= n <= MAX_SEATS or name in seats or any(s.number == n for s in seats.values()):
                raise self.fail(
                    number, line, errors.said("a seat number or player appears twice or is out of range")
                )
            stack = self.amount(seat.group(3), number, line)
            seats[name] = Seat(n, name, stack, sitting_out=bool(seat.group(4)))
        else:
            at = len(lines)
        if not seats:
            raise self.fail(
                *lines[min(at, len(lines) - 1)], errors.said("expected the seats ('Seat N: name ($stack)')")
            )
        return _Play(self, game, seats).read(at, table)


class _Play:
    """The lines after the seats: posts, button, streets, showdowns and summary."""

    def __init__(self, reader: _Reader, game: _Game, seats: dict[str, Seat]) -> None:
        self.reader = reader
        self.game = game
        self.seats = seats
        self.names = sorted(seats, key=len, reverse=True)
        self.spaced = any(" " in name for name in seats)
        self.zero: Amount = Decimal(0) if reader.currency else 0

    def speaker(self, line: str) -> tuple[str, str] | None:
        """The seated player whose name starts the line (the longest that fits), and the rest
        (after ``": "`` for chat, which then starts with ``":"``)."""
        if not self.spaced:  # the common case, no seated name holds a space: the first word
            head, _, rest = line.partition(" ")
            if head in self.seats:
                return head, rest
            if head[-1:] == ":" and head[:-1] in self.seats:
                return head[:-1], ":" + rest
            return None
        for name in self.names:
            if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", ":"):
                return name, line[len(name) + 1 :].lstrip() if line[len(name)] == " " else ":"
        return None

    def read(self, start: int, table: str) -> HandHistory:
        reader, game, seats, zero = self.reader, self.game, self.seats, self.zero
        fail = reader.fail
        bare = object.__new__
        street = Street.PRE_FLOP
        button_seat: int | None = None
        actions: list[Action] = []
        returned: list[tuple[str, Amount]] = []
        collections: list[Collection] = []
        board: list[str] = []
        runs: dict[int, list[str]] = {}
        shown: dict[str, tuple[str, ...]] = {}
        bets: dict[str, Amount] = {}
        current: Amount = zero
        betting = dealt = showdown = False
        summary_at = None
        lines = reader.lines
        for at in range(start, len(lines)):
            number, line = lines[at]
            if not line:
                continue
            heading = _STREET.match(line) if line.startswith("***") else None
            if heading is not None:
                name, run, rest = heading.groups()
                if name == "SUMMARY":
                    summary_at = at
                    break
                if name == "HOLE CARDS":
                    dealt = True
                elif name == "SHOW DOWN":
                    showdown = True
                elif run is not None:  # "*** RIVER 2 *** [Td 3d 3h Qh] [2h]": a run's street
                    new_street = _STREETS[name]
                    own = runs.setdefault(int(run), [])
                    if len(board) + len(own) != _BOARD_BEFORE[new_street]:
                        raise fail(
                            number,
                            line,
                            errors.said(
                                "the {street} of run {run} comes out of order",
                                street=street_said(new_street),
                                run=run,
                            ),
                        )
                    cards = _CARDS.findall(rest)
                    new = reader.cards(cards[-1] if cards else "", number, line)
                    if len(new) != (3 if new_street is Street.FLOP else 1):
                        raise fail(
                            number,
                            line,
                            errors.said(
                                "wrong number of cards on the {street}", street=street_said(new_street)
                            ),
                        )
                    if len(cards) > 1 and reader.cards(cards[0], number, line) != [*board, *own]:
                        raise fail(
                            number,
                            line,
                            errors.said("the board before it is not run {run}'s board so far", run=run),
                        )
                    own.extend(new)
                else:
                    new_street = _STREETS[name]
                    if len(board) != _BOARD_BEFORE[new_street] or runs:
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
                            errors.said(
                                "wrong number of cards on the {street}", street=street_said(new_street)
                            ),
                        )
                    if len(cards) > 1 and reader.cards(cards[0], number, line) != board:
                        raise fail(number, line, errors.said("the board before it is not the board so far"))
                    board.extend(new)
                    street, bets, current = new_street, {}, zero
                continue
            if line.startswith("Uncalled bet of "):
                back = re.match(r"^Uncalled bet of (" + _AMT + r") returned to (.+)$", line)
                if back is None or back.group(2) not in seats:
                    raise fail(number, line, errors.said("cannot read this returned bet"))
                returned.append((back.group(2), reader.amount(back.group(1), number, line)))
                continue
            button = _BUTTON.match(line) if line.startswith("The button") else None
            if button is not None:
                button_seat = int(button.group(1))
                continue
            said = self.speaker(line)
            if said is None:
                if _NOISE.match(line):
                    continue
                raise fail(number, line, errors.said("cannot read this line"))
            player, words = said
            if words[:1] == ":":  # chat
                continue
            win = _WIN.match(words) if words.startswith(("wins ", "ties ")) else None
            if win is not None:
                pot = int(win.group("side") or 1) if win.group("pot").startswith("side") else 0
                run_of = int(win.group("run")) if win.group("run") else 0
                label = (
                    win.group("pot") if not win.group("half") else f"{win.group('half')} {win.group('pot')}"
                )
                amount = reader.amount(win.group("amount"), number, line)
                collections.append(
                    record(
                        Collection,
                        line=number,
                        player=player,
                        amount=amount,
                        pot=pot,
                        label=label,
                        run=run_of,
                    )
                )
                continue
            mark = _MARK.search(words) if words[-1:] == "n" or words[-1:] == "d" else None
            core = words[: mark.start()] if mark else words
            kind = verb = None
            for kind, pattern in _VERB_TABLE.get(core[:4], ()):  # noqa: B007  (kind is read after the loop)
                verb = pattern.match(core)
                if verb:
                    break
            if verb is None or kind is None:
                shows = _SHOWS.match(words)
                if shows is not None:
                    cards = reader.cards(shows.group(1), number, line)
                    if len(cards) == game.hole:
                        shown[player] = tuple(cards)
                    elif len(cards) > game.hole:
                        raise fail(
                            number,
                            line,
                            errors.said("a {game} hand shows {hole} cards", game=game.name, hole=game.hole),
                        )
                    continue
                if _QUIET.match(words):
                    continue
                raise fail(number, line, errors.said("cannot read {player}'s action", player=player))
            if collections or showdown:
                raise fail(number, line, errors.said("a bet after the showdown began"))
            all_in = mark is not None and mark.group(1) == "all in"
            if kind in _POSTS:
                if betting:
                    raise fail(number, line, errors.said("a post after the betting started"))
                amount = reader.amount(verb.group(1), number, line)
                text = line
                if kind == "dead small blind":
                    kind, text = "small blind", f"{line} {DEAD_POST}"
                elif kind == "posts":
                    kind = "big blind"  # a player coming in posts a big blind, live
                actions.append(
                    record(
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
                )
                if kind != "ante" and not text.endswith(DEAD_POST):
                    bets[player] = bets.get(player, zero) + amount
                    current = max(current, bets[player])
                continue
            betting = True
            if not dealt:
                dealt = True
            if kind in ("fold", "check"):
                amount, to, raised = zero, zero, None
            else:
                amount = reader.amount(verb.group(1), number, line)
                if kind == "raise":
                    to = raised = amount
                    amount = to - current
                else:
                    to, raised = bets.get(player, zero) + amount, None
            actions.append(action := bare(Action))
            action.__dict__.update(
                line=number,
                street=street,
                player=player,
                kind=kind,
                amount=amount if kind not in ("fold", "check") else 0,
                to=raised,
                all_in=all_in,
                text=line,
            )
            if kind in ("fold", "check"):
                continue
            bets[player] = to
            if to > current:
                current = to
        if button_seat is None:
            raise fail(*lines[-1], errors.said("the hand names no button ('The button is in seat #N')"))
        if summary_at is None:
            raise fail(*lines[-1], errors.said("the hand has no '*** SUMMARY ***'"))
        total, rake, main_pot, side_pots, stated, won, boards = self.summary(summary_at + 1, bool(runs))
        if runs:
            collections, run_boards = self.runs(runs, board, boards, collections, lines[summary_at])
        else:
            run_boards = ()
            if boards.get(0) is not None and boards[0] != board:
                raise fail(*lines[summary_at], errors.said("the summary board differs from the streets"))
        ordered = tuple(sorted(seats.values(), key=_number))
        return fast_hand(
            hand_id=reader.hand_id or "",
            first_line=lines[0][0],
            header=lines[0][1],
            tournament=game.tournament,
            small_blind=game.small_blind,
            big_blind=game.big_blind,
            currency=game.currency,
            table=table,
            button_seat=button_seat,
            seats=ordered,
            actions=tuple(actions),
            returned=tuple(returned),
            board=tuple(board),
            shown=shown,
            collections=tuple(collections),
            total_pot=total,
            main_pot=main_pot,
            side_pots=tuple(side_pots),
            rake=rake,
            summary_won=won,
            lines=tuple(reader.texts),
            small_bet=game.small_bet,
            big_bet=game.big_bet,
            game=game.name,
            cap=game.cap,
            runs=run_boards,
            room=ROOM,
            not_stated=frozenset() if stated else frozenset((SIDE_POTS,)),
        )

    def summary(
        self, start: int, ran: bool
    ) -> tuple[Amount, Amount, Amount | None, list[Amount], bool, dict[str, Amount], dict[int, list[str]]]:
        """The summary: the total pot and rake, the pots' sizes (and whether it states them), what
        each seat's line says its player won, and the board (of each run, by run; 0: dealt once)."""
        reader, fail = self.reader, self.reader.fail
        total = rake = main_pot = None
        side_pots: list[Amount] = []
        won: dict[str, Amount] = {}
        boards: dict[int, list[str]] = {}
        run = 0
        by_seat = {s.number: s.player for s in self.seats.values()}
        lines = reader.lines
        for number, line in lines[start:]:
            if not line:
                continue
            total_line = _TOTAL.match(line) if line.startswith("Total pot") else None
            if total_line:
                total = reader.amount(total_line.group(1), number, line)
                rake = reader.amount(total_line.group(3), number, line)
                for part in _PART.finditer(total_line.group("parts")):
                    value = reader.amount(part.group(3), number, line)
                    if part.group(1) == "Main pot":
                        main_pot = value
                    else:
                        side_pots.append(value)
                continue
            heading = _STREET.match(line) if line.startswith("***") else None
            if heading is not None and heading.group(1) == "SUMMARY" and heading.group(2):
                run = int(heading.group(2))
                continue
            if line.startswith("Board: "):
                boards[run] = reader.cards(next(iter(_CARDS.findall(line)), ""), number, line)
                continue
            seat_line = _SUMMARY_SEAT.match(line)
            if seat_line:
                owner = by_seat.get(int(seat_line.group(1)))
                if owner is None or not line[seat_line.end() :].startswith(owner):
                    raise fail(
                        number, line, errors.said("this summary line names a seat or player not at the table")
                    )
                for amount in _SUMMARY_WON.finditer(line[seat_line.end() + len(owner) :]):
                    value = reader.amount(amount.group(1), number, line)
                    won[owner] = won[owner] + value if owner in won else value
                continue
            if (ran and _RUN_POT.match(line)) or _NOISE.match(line):
                continue
            raise fail(number, line, errors.said("cannot read this summary line"))
        if total is None or rake is None:
            raise fail(*lines[-1], errors.said("the hand has no 'Total pot ... | Rake ...' summary line"))
        stated = main_pot is not None
        return total, rake, main_pot, side_pots, stated, won, boards

    def runs(
        self,
        runs: dict[int, list[str]],
        board: list[str],
        boards: dict[int, list[str]],
        collections: list[Collection],
        summary: tuple[int, str],
    ) -> tuple[list[Collection], tuple[tuple[str, ...], ...]]:
        """Each run's whole board (checked against the summary's) and each collection's run."""
        fail = self.reader.fail
        if sorted(runs) != list(range(1, len(runs) + 1)) or len(runs) < 2:
            raise fail(*summary, errors.said("the runs of the board are not numbered 1, 2, ..."))
        whole = []
        for run in sorted(runs):
            cards = (*board, *runs[run])
            if len(cards) != 5:
                raise fail(
                    *summary,
                    errors.said("run {run}'s board has {count} cards, not five", run=run, count=len(cards)),
                )
            if run in boards and tuple(boards[run]) != cards:
                raise fail(
                    *summary,
                    errors.said("the summary's board of run {run} differs from its streets", run=run),
                )
            whole.append(cards)
        for c in collections:
            if not 1 <= c.run <= len(runs):
                raise fail(c.line, "", errors.said("a pot won in a hand run more than once names no run"))
        return collections, tuple(whole)


def _number(seat: Seat) -> int:
    return seat.number


def read_hand(hand: RoomHand) -> HandHistory:
    """One Full Tilt hand, as :mod:`~potengine.histories.rooms` cuts it, in the neutral record.

    Raises :class:`~potengine.errors.HandHistoryError` naming the hand and the line for a hand it
    cannot read, :class:`~potengine.histories.record.UnsupportedHandError` for a game the engine
    does not play.

    >>> from potengine.histories.rooms import cut_hands
    >>> text = "Full Tilt Poker Game #7: Table T - $1/$2 - Limit Razz - 12:00:00 ET - 2014/01/01"
    >>> read_hand(cut_hands(text)[0])
    Traceback (most recent call last):
    ...
    potengine.histories.record.UnsupportedHandError: hand #7, line 1: only hold'em and Omaha hands can
    be read: "Full Tilt Poker Game #7: Table T - $1/$2 - Limit Razz - 12:00:00 ET - 2014/01/01"
    """
    return _Reader(hand).read()
