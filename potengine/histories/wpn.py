"""Reading WPN/ACR hand histories (Winning Poker Network, Americas Cardroom) into the neutral record.

:func:`read_hand` reads one hand of either layout WPN has written (:mod:`~potengine.histories.record`):

>>> text = '''Hand #7001 - Holdem(No Limit) - $1.00/$2.00 - 2026/01/01 12:00:00 UTC
... Demo 6-max Seat #3 is the button
... Seat 1: Alice ($100.00)
... Seat 2: Bilal ($100.00)
... Seat 3: Chloé ($100.00)
... Alice posts the small blind $1.00
... Bilal posts the big blind $2.00
... *** HOLE CARDS ***
... Chloé raises $6.00 to $6.00
... Alice raises $17.00 to $18.00
... Bilal folds
... Chloé folds
... Uncalled bet ($12.00) returned to Alice
... Alice does not show
... *** SUMMARY ***
... Total pot $14.00
... Seat 1: Alice (small blind) did not show and won $14.00'''
>>> from potengine.histories.rooms import cut_hands
>>> hand = read_hand(cut_hands(text)[0])
>>> [(a.player, a.kind, a.amount, a.to) for a in hand.actions if a.kind == "raise"]
[('Chloé', 'raise', Decimal('4.00'), Decimal('6.00')), ('Alice', 'raise', Decimal('12.00'), Decimal('18.00'))]
>>> hand.returned, hand.total_pot, [(c.player, c.amount) for c in hand.collections]
((('Alice', Decimal('12.00')),), Decimal('14.00'), [('Alice', Decimal('14.00'))])

What WPN writes, and how it is read
-----------------------------------
Measured on ``../shared/data/other-rooms/wpn`` (58 files, 67 hands, 55 hand IDs: HHSmithy's
WinningPoker and WinningPokerV2 parser tests and one hand quoted in poker-apprentice's
TypeScript; 55 files UTF-8 with a byte-order mark):

**The old layout** (53 hands, 2014 to 2017; 39 Hold'em, 14 Omaha):

- ``Game started at: 2014/3/9 16:53:43``, then ``Game ID: 261641541 0.10/0.25 Tantalite   (JP)
  (Hold'em)`` (the hand ID, the blinds, the table, the game), ``Seat 5 is the button`` and
  ``Seat 1: Shipologist (44.87).``. The game's betting structure is never named: the record's
  game is ``Hold'em`` or ``Omaha`` alone, so the auditor does not replay the betting through the
  hand model (it checks every chip all the same). Amounts are dollars (a table named ``PM ...``
  is play money).
- ``Player X has small blind (0.10)``, ``has big blind (0.25)``, ``posts (0.25)`` (a live big
  blind; a live post of less, ``posts (2)`` at 2/4, which WPN counts in the player's bet, is read
  as a bet of that much before the betting), ``posts (0.25) as a dead bet``, ``straddle (0.50)``
  (read as a raise to it); ``received a card.`` (462 lines), ``wait BB``, ``sitting out``.
- **Every figure is the chips the line adds**: ``raises (12)`` by a player with 2 in makes his
  bet 14 (48 raises), ``allin (124)`` (6 lines) is a bet, a raise or a call by the total it
  makes; the reader converts each to the record's bet, raise (over the bet faced, to the street
  total) or call.
- ``Uncalled bet (8) returned to Carlos Danger`` (41 lines): returns stated.
- The summary: ``Pot: 7.73. Rake 0.41`` (50 hands) or ``Pot: 37.05. Rake 1.71. JP fee 0.24``
  (3): the pot after the rake and the jackpot fee, so the record's total is their sum, its rake
  the rake and the fee (``withheld`` names them). Then a line per player, ``*Player johna52801
  shows: One pair of Js [Jd Js]. Bets: 4.07. Collects: 7.73. Wins: 3.66.``: ``Collects`` is what
  he took, from no pot named (:data:`~potengine.histories.record.POT_NAMES` and, no pot's size
  being written, :data:`~potengine.histories.record.SIDE_POTS` not stated), and the cards in
  brackets the cards he showed.
- At the tables named for a jackpot (``(JP)``, ``( Beast )``: 33 hands), 15 of the 18 hands of
  2014 that saw a flop and write no JP fee have 0.25 taken beside the rake and written nowhere
  (their own ``Bets:`` add up to 0.25 more than ``Pot`` and ``Rake``): every one with four or
  more players dealt in, none of the three with two or three, as a jackpot drop taken from pots
  of four players or more would be. The room writes neither the drop nor its rule, so for those
  18 hands what the pot withholds and its total are not stated
  (:data:`~potengine.histories.record.RAKE` and :data:`~potengine.histories.record.TOTAL`: the
  auditor takes what the collections leave as withheld, and checks the winners, the split and
  the conservation), and a remark names the quarter where the ``Bets:`` lines show one.
- Two hands whose only other player sits out post a blind, return it and write ``Pot: 0``: no
  pot is played, and the hand is refused as a cancelled hand.

**The new layout** (14 hands, 2019 on; 10 Omaha(Pot Limit), 3 Holdem(No Limit), 1 seven-card
stud hi-lo, refused, named):

- ``Hand #55280000 - Omaha(Pot Limit) - $0.50/$1.00 - 2019/04/25 16:00:00 UTC`` (tournaments:
  ``Game Hand #… - Tournament #… - Holdem(No Limit) - Level 3 (500.00/1000.00)- …``, in chips),
  ``Forreston 6-max Seat #2 is the button``, ``Seat 1: Player 1 ($102.25)``; games read under
  PokerStars' names for them (``Omaha Pot Limit``: the auditor replays the betting under it).
- ``posts the small blind $0.50``, ``posts the big blind $1.00``, ``posts $0.02`` (a live big
  blind, 3 lines), ``posts dead $0.03`` (both blinds at once: the big blind live, the rest dead, as
  PokerStars' "posts small & big blinds"), ``waits for big blind``.
- **``raises $2.50 to $3.00``: the first figure is the chips the raise adds** (29 raises; in all of
  them the chips added and the player's bet before make the second figure), the second the
  player's total on the street. The record's raise is over the bet faced: the reader works it out
  from the chips added (when WPN's two figures disagree, the auditor names the line).
- After each street's heading and the showdown's, the pots so far, each after its own rake:
  ``Main pot $280.76 | Rake $0.76``, ``Side pot(1) $836.62 | Rake $2.24`` (38 lines). When no chip
  went in after the last of them (a showdown; a bet that went back), they are the hand's pots:
  the record's main pot and side pots, whose rakes are the site's split of the rake; else the
  total alone is stated (:data:`~potengine.histories.record.SIDE_POTS`).
- ``Uncalled bet ($41.00) returned to Player 1`` (13 lines); ``collected $79.50 from main pot``,
  ``from side pot-1``: written only at a showdown (6 hands). Else the summary's ``did not show and
  won $0.20`` or ``showed [...] and won $722.00 with ...`` are the collections, from no pot named.
- ``Total pot $79.50 | Rake $0.46 | JP Fee $0.04`` (11 hands) or ``Total pot $0.20`` (3, no
  flop, no rake): net of the rake and the jackpot fee, as in the old layout.
- A hand run twice (none in the corpus; as the issue describes WPN's, with the numbered streets
  other rooms write): ``*** RUN IT TWICE ***``, ``*** FLOP 1 ***`` or ``*** FIRST FLOP ***``,
  ``*** TURN 2 *** [9s 8d 2c] [Kc]``, ``*** SHOW DOWN 1 ***`` before each run's collected lines
  (as PokerStars' ``FIRST SHOW DOWN``), ``Board 1 [...]``, ``won $146.00 with ..., and won
  ($146.00) with ...``: each run's board into ``runs`` and each collection its run, as
  :mod:`~potengine.histories.pokerstars` fills them. A hand run twice whose collected lines say no
  run is refused, named.
"""

from __future__ import annotations

import re

from .. import errors
from ..chips import Amount, format_amount
from ..errors import HandHistoryError
from ..play.streets import Street, street_said
from .pokerstars import _RUN_BEFORE, _RUN_NAMES, _SHOWDOWN_BEFORE, _error
from .record import (
    POT_NAMES,
    RAKE,
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
from .winamax import heads, numbered_lines, read_amount, read_cards, speaker

ROOM = "WPN/ACR"
"""The room's label (:data:`potengine.histories.rooms.ROOMS`), written into every record."""

_AMT = r"\$?\d[\d,]*(?:\.\d+)?"
_ALL_IN = r"( and is all-in)?"
_STREET_NAMED = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
_BOARD_BEFORE = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
_POST_KINDS = frozenset(("ante", "small blind", "big blind", "blinds"))
_CARDS = re.compile(r"\[([^\]]*)\]")
_RUN_WORDS = {"FIRST": 1, "SECOND": 2, "THIRD": 3, "1": 1, "2": 2, "3": 3}

# The new layout (2019 on): "Hand #55280000 - Omaha(Pot Limit) - $0.50/$1.00 - 2019/04/25 ..."
_HEADER = re.compile(
    r"^(?:Game )?Hand #(\d+) - (?:.*?Tournament #(\d+) - )?(.+?)\(([^()]+)\) - "
    r"(?:Level \S+ )?\(?(\S+?/\S+?)\)? ?- ?(.*)$"
)
_GAMES = {
    "Holdem": ("Hold'em", 2),
    "Omaha": ("Omaha", 4),
    "Omaha H/L": ("Omaha Hi/Lo", 4),
    "5Card Omaha": ("5 Card Omaha", 5),
    "5Card Omaha H/L": ("5 Card Omaha Hi/Lo", 5),
}
"""WPN's game names, as PokerStars names the same games (the auditor reads those), with the hole cards."""
_LIMITS = {
    "No Limit": "No Limit",
    "Pot Limit": "Pot Limit",
    "Fixed Limit": "Limit",
    "All-in or Fold Limit": "No Limit",  # every action all-in or fold: no-limit sizes
}
_TABLE = re.compile(r"^(.+?) (\d+)-max(?: \(Play Money\))?(?: Seat #(\d+) is the button)?$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \((" + _AMT + r")\)( is sitting out)?$")
_WAITING_SEAT = re.compile(r"^Seat \d+: .+ will be allowed to play after the button$")
_HEADING = re.compile(
    r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY|RUN IT TWICE|RUN IT THRICE"
    r"|(?:(FIRST|SECOND|THIRD) )?(FLOP|TURN|RIVER|SHOW DOWN)(?: ([123]))?) \*\*\*(.*)$"
)
_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("fold", re.compile(r"^folds$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(r"^calls (" + _AMT + ")" + _ALL_IN + "$")),
    ("bet", re.compile(r"^bets (" + _AMT + ")" + _ALL_IN + "$")),
    ("raise", re.compile(r"^raises (" + _AMT + ") to (" + _AMT + ")" + _ALL_IN + "$")),
    ("small blind", re.compile(r"^posts the small blind (" + _AMT + ")" + _ALL_IN + "$")),
    ("big blind", re.compile(r"^posts the big blind (" + _AMT + ")" + _ALL_IN + "$")),
    ("ante", re.compile(r"^posts ante (" + _AMT + ")" + _ALL_IN + "$")),
    ("dead", re.compile(r"^posts dead (" + _AMT + ")" + _ALL_IN + "$")),
    ("post", re.compile(r"^posts (" + _AMT + ")" + _ALL_IN + "$")),
    ("straddle", re.compile(r"^(?:posts )?straddles? (" + _AMT + ")" + _ALL_IN + "$")),
    ("show", re.compile(r"^shows \[([^\]]*)\](?: \(.*\))?$")),
    ("collect", re.compile(r"^collected (" + _AMT + r") from (pot|main pot|side pot(?:-(\d+))?)$")),
)
_QUIET = frozenset(
    (
        "does not show",
        "mucks",
        "mucks hand",
        "waits for big blind",
        "sits out",
        "is sitting out",
        "sitting out",
        "is timed out",
        "has timed out",
        "is disconnected",
        "is connected",
        "has returned",
        "will be allowed to play after the button",
    )
)
"""Words after a player's name that put no chip in and show no card (the new layout)."""
_POT_LINE = re.compile(r"^(Main pot|Side pot\((\d+)\)) (" + _AMT + r")(?: \| Rake (" + _AMT + r"))?$")
_UNCALLED = re.compile(r"^Uncalled bet \((" + _AMT + r")\) returned to (.+)$")
_TOTAL = re.compile(
    r"^Total pot (" + _AMT + r")(?: \| Rake (" + _AMT + r"))?(?: \| JP Fee (" + _AMT + r"))?$"
)
_BOARD = re.compile(r"^(?:Board|(?:FIRST|SECOND|THIRD) Board|Board (\d))(?:: | )\[([^\]]*)\]$")
_SUMMARY_SEAT = re.compile(r"^Seat (\d+): ")
_WON = re.compile(r"\b(?:won|collected) \(?(" + _AMT + r")\)?")
_SHOWED = re.compile(r"\bshowed \[([^\]]*)\]")

# The old layout (to about 2018): "Game started at: 2014/3/9 16:53:43", "Game ID: ...".
_OLD_GAME = re.compile(r"^Game ID: (\d+) (" + _AMT + r")/(" + _AMT + r") (.*?) ?\(([^()]*)\)(?: \d+-max)?$")
_OLD_GAMES = {"Hold'em": ("Hold'em", 2), "Omaha": ("Omaha", 4), "Omaha HiLow": ("Omaha Hi/Lo", 4)}
"""The old layout's game names; it names no betting structure (no limit, pot limit ...)."""
_OLD_BUTTON = re.compile(r"^Seat (\d+) is the button$")
_OLD_SEAT = re.compile(r"^Seat (\d+): (.+) \((" + _AMT + r")\)\.$")
_OLD_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\*: (.*)$")
_OLD_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("fold", re.compile(r"^folds$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(r"^calls \((" + _AMT + r")\)$")),
    ("bet", re.compile(r"^bets \((" + _AMT + r")\)$")),
    ("raise", re.compile(r"^(?:raises|caps|cap) \((" + _AMT + r")\)$")),
    ("allin", re.compile(r"^allin \((" + _AMT + r")\)$")),
    ("small blind", re.compile(r"^has small blind \((" + _AMT + r")\)$")),
    ("big blind", re.compile(r"^has big blind \((" + _AMT + r")\)$")),
    ("dead", re.compile(r"^posts \((" + _AMT + r")\) as a dead bet$")),
    ("post", re.compile(r"^posts \((" + _AMT + r")\)$")),
    ("ante", re.compile(r"^(?:posts )?ante \((" + _AMT + r")\)$")),
    ("straddle", re.compile(r"^straddle \((" + _AMT + r")\)$")),
)
_OLD_FIRST_WORDS = {
    "folds": ("fold",),
    "checks": ("check",),
    "calls": ("call",),
    "bets": ("bet",),
    "raises": ("raise",),
    "caps": ("raise",),
    "cap": ("raise",),
    "allin": ("allin",),
    "has": ("small blind", "big blind"),
    "posts": ("dead", "post", "ante"),
    "ante": ("ante",),
    "straddle": ("straddle",),
}
_OLD_VERB_TABLE = {
    word: tuple((kind, pattern) for kind, pattern in _OLD_VERBS if kind in kinds)
    for word, kinds in _OLD_FIRST_WORDS.items()
}
"""The patterns to try for the old layout's words, by their first word ("raises", "posts" ...)."""
_OLD_QUIET = re.compile(
    r"^(?:received (?:a )?card(?:: \[[^\]]*\])?\.?|mucks cards|sitting out|sits out|is timed out\.?|"
    r"wait BB|waits for big blind|is sitting out|does not show cards\.?)$"
)
_JACKPOT_TABLE = re.compile(r"\bJP\b|\bBeast\b")
"""A table whose name says it feeds a jackpot ("Tantalite   (JP)", "Braunite ( Beast )")."""
_OLD_NOT_STATED = frozenset((POT_NAMES, SIDE_POTS))
"""What the old layout never states: which pot a collection is from, each pot's size."""
_JACKPOT_NOT_STATED = _OLD_NOT_STATED | {RAKE, TOTAL}
"""What it does not state at a jackpot table that writes no JP fee: also what the pot withholds
(the rake written and a drop written nowhere) and the pot's total."""
_OLD_POT = re.compile(r"^Pot: (" + _AMT + r")\. Rake (" + _AMT + r")(?:\. JP fee (" + _AMT + r"))?$")
_OLD_RESULT = re.compile(
    r"^(\*)?Player (.*?) (?:shows: .*?\[([^\]]*)\](?: Low hand \([^)]*\))?\.?|mucks \(does not show"
    r"(?: cards|: \[[^\]]*\])\)\.|does not show cards\.) ?Bets: ("
    + _AMT
    + r")\. Collects: ("
    + _AMT
    + r")\. "
    r"(?:Wins|Loses): (" + _AMT + r")\.$"
)


def read_hand(hand: RoomHand) -> HandHistory:
    """One WPN/ACR hand, in either layout, as the neutral record; a hand that cannot be read
    raises :class:`~potengine.errors.HandHistoryError` naming the hand and the line, a game the
    engine does not play :class:`UnsupportedHandError` naming the game.

    >>> from potengine.histories.rooms import cut_hands
    >>> read_hand(cut_hands("Game started at: 2014/3/9 1:47:3\\nGame ID: 1 2/4 Baryte (Hold'em)")[0])
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: hand #1, line 2: the hand ends before its seats:
    "Game ID: 1 2/4 Baryte (Hold'em)"
    """
    lines = numbered_lines(hand)
    if lines[0][1].startswith("Game started at:"):
        return _OldReader(hand, lines).read()
    return _Reader(hand, lines).read()


class _Base:
    """What both layouts' readers share: the hand's lines, its ID, amounts, errors, street bets."""

    def __init__(self, hand: RoomHand, lines: list[tuple[int, str]]) -> None:
        self.hand_id = hand.hand_id
        self.lines = lines
        self.currency = True
        self.actions: list[Action] = []
        self.street = Street.PRE_FLOP
        self.bets: dict[str, Amount] = {}  # each player's bet on this street
        self.current: Amount = 0  # the largest bet on this street
        self.betting = False

    def fail(self, number: int, line: str, reason: str) -> HandHistoryError:
        return _error(self.hand_id, number, line, reason)

    def unsupported(self, number: int, line: str, reason: str) -> HandHistoryError:
        return _error(self.hand_id, number, line, reason, UnsupportedHandError)

    def amount(self, text: str, number: int, line: str) -> Amount:
        return read_amount(text, self.currency, self.hand_id, number, line)

    def new_street(self, street: Street) -> None:
        self.street, self.bets, self.current = street, {}, 0 * self.current

    def add(
        self,
        number: int,
        line: str,
        player: str,
        kind: str,
        amount: Amount,
        to: Amount | None,
        all_in: bool,
        dead: Amount = 0,
    ) -> None:
        """Record one action; ``amount`` and ``to`` as the record has them (see :mod:`.record`);
        ``dead``, the part of a post that is no bet (see :func:`potengine.histories.audit.dead_posts`)."""
        if kind in _POST_KINDS:
            if self.street is not Street.PRE_FLOP or self.betting:
                raise self.fail(number, line, errors.said("antes and blinds are posted before the betting"))
        else:
            self.betting = True
        mine = self.bets.get(player, 0)
        after = to if to is not None else mine + amount - dead
        if kind != "ante":
            self.bets[player] = after
            if after > self.current:
                self.current = after
        self.actions.append(
            record(
                Action,
                line=number,
                street=self.street,
                player=player,
                kind=kind,
                amount=amount,
                to=to,
                all_in=all_in,
                text=line,
            )
        )

    def chips_added(self, player: str, added: Amount, number: int, line: str, all_in: bool) -> None:
        """An action that writes only the chips it adds (WPN's "raises (12)", "allin (124)"): a
        bet, a raise or a call by what it brings the player's bet on the street to."""
        mine = self.bets.get(player, 0)
        to = mine + added
        if to > self.current:
            if self.current == 0 and self.street is not Street.PRE_FLOP:
                self.add(number, line, player, "bet", added, None, all_in)
            else:
                self.add(number, line, player, "raise", to - self.current, to, all_in)
        else:
            self.add(number, line, player, "call", added, None, all_in)

    def post(
        self,
        number: int,
        line: str,
        player: str,
        kind: str,
        amount: Amount,
        big_blind: Amount | None,
        all_in: bool,
    ) -> None:
        """A post that names no blind ("posts $0.02", "posts dead $0.03", the old layout's "posts
        (0.25) as a dead bet"), in the record's kinds: a live post of the big blind is one; a post
        of more is both blinds (the part beyond the big blind dead); a dead post of less, a dead
        small blind; a live post of less ("posts (2)" at 2/4, which WPN counts in the player's
        bet) is a bet, one the hand model does not know (the auditor says so)."""
        if big_blind is not None and amount > big_blind:
            self.add(number, line, player, "blinds", amount, None, all_in, amount - big_blind)
        elif kind == "dead":
            self.add(number, line, player, "small blind", amount, None, all_in, amount)
        elif big_blind is None or amount == big_blind:
            self.add(number, line, player, "big blind", amount, None, all_in)
        else:
            self.add(number, line, player, "bet", amount, None, all_in)


class _Reader(_Base):
    """A hand of the new layout ("Hand #… - Omaha(Pot Limit) - $0.50/$1.00 - …")."""

    def read(self) -> HandHistory:
        lines = self.lines
        number, header = lines[0]
        head = _HEADER.match(header)
        if head is None:
            raise self.fail(
                number, header, errors.said("expected 'Hand #<ID> - <game>(<limit>) - <stakes> - <date>'")
            )
        hand_id, tournament, game_words, limit_words, stakes, _ = head.groups()
        self.hand_id = hand_id
        base = _GAMES.get(game_words.strip())
        limit = _LIMITS.get(limit_words)
        if base is None or limit is None:
            raise self.unsupported(
                number,
                header,
                errors.said(
                    "{game_words}({limit_words}): only hold'em and Omaha hands can be read",
                    game_words=game_words,
                    limit_words=limit_words,
                ),
            )
        game, hole = f"{base[0]} {limit}", base[1]
        self.currency = tournament is None and "$" in stakes
        small_text, big_text = stakes.split("/", 1)
        small_blind: Amount | None = self.amount(small_text, number, header)
        big_blind: Amount | None = self.amount(big_text, number, header)
        small_bet = big_bet = None
        if limit == "Limit":  # the stakes of a fixed-limit game are its bets, as PokerStars writes them
            small_bet, big_bet, big_blind, small_blind = small_blind, big_blind, small_blind, None
        if len(lines) < 2:
            raise self.fail(number, header, errors.said("the hand ends after its first line"))
        number, line = lines[1]
        table = _TABLE.match(line)
        if table is None or table.group(3) is None:
            raise self.fail(number, line, errors.said("expected '<table> N-max Seat #N is the button'"))
        seats, at = self.seats(lines)
        self.current = 0 * self.amount(big_text, number, header)
        play = self.play(lines, at, seats, heads(seats), hole, big_blind)
        at, returned, board, shown, collections, pots, run_boards, showdowns = play
        total_line, board_said, won, showed = self.summary(lines, at, seats, run_boards)
        last_number, last_line = lines[-1]
        if total_line is None:
            raise self.fail(
                last_number, last_line, errors.said("the hand has no 'Total pot ...' summary line")
            )
        total, rake, jackpot = total_line
        if board_said is not None and board_said[1] != board:
            raise self.fail(
                *board_said[0], errors.said("the summary's board differs from the cards the streets dealt")
            )
        for player, cards in showed.items():
            if len(cards) == hole:
                shown.setdefault(player, tuple(cards))
        not_stated: set[str] = set()
        if not collections:  # no showdown: the summary's seat lines alone say who won
            collections = [Collection(n, p, a, 0, "pot") for p, (n, a) in won.items()]
            not_stated.add(POT_NAMES)
        runs: tuple[tuple[str, ...], ...] = ()
        if run_boards:
            runs, collections = self.runs(board, run_boards, showdowns, collections)
        main_pot: Amount | None = None
        side_pots: tuple[Amount, ...] = ()
        if pots is not None:
            main_pot, side_pots = pots[0], tuple(pots[1:])
        else:
            not_stated.add(SIDE_POTS)
        withheld = (("rake", rake), ("JP fee", jackpot)) if jackpot else ()
        ordered = tuple(sorted(seats.values(), key=lambda s: s.number))
        return HandHistory(
            hand_id=hand_id,
            first_line=lines[0][0],
            header=header,
            tournament=tournament,
            small_blind=small_blind,
            big_blind=big_blind,
            currency=self.currency,
            table=table.group(1),
            button_seat=int(table.group(3)),
            seats=ordered,
            actions=tuple(self.actions),
            returned=tuple(returned),
            board=tuple(board),
            shown=shown,
            collections=tuple(collections),
            total_pot=total + rake + jackpot,  # WPN's total is net of the rake and the jackpot fee
            main_pot=main_pot,
            side_pots=side_pots,
            rake=rake + jackpot,
            summary_won={p: a for p, (_, a) in won.items()},
            lines=tuple(text for _, text in lines),
            small_bet=small_bet,
            big_bet=big_bet,
            game=game,
            runs=runs,
            room=ROOM,
            not_stated=frozenset(not_stated),
            withheld=withheld,
        )

    def seats(self, lines: list[tuple[int, str]]) -> tuple[dict[str, Seat], int]:
        seats: dict[str, Seat] = {}
        at = 2
        while at < len(lines):
            number, line = lines[at]
            seat = _SEAT.match(line)
            if seat is None:
                if _WAITING_SEAT.match(line):  # seated, but not dealt in until the button passes
                    at += 1
                    continue
                break
            n, name = int(seat.group(1)), seat.group(2)
            if not 1 <= n <= 10 or name in seats or any(s.number == n for s in seats.values()):
                raise self.fail(
                    number, line, errors.said("a seat number or player appears twice or is out of range")
                )
            seats[name] = Seat(n, name, self.amount(seat.group(3), number, line), bool(seat.group(4)))
            at += 1
        if not seats:
            number, line = lines[min(at, len(lines) - 1)]
            raise self.fail(number, line, errors.said("expected the seats ('Seat N: name ($stack)')"))
        return seats, at

    def play(
        self,
        lines: list[tuple[int, str]],
        start: int,
        seats: dict[str, Seat],
        names: list[tuple[str, str]],
        hole: int,
        big_blind: Amount | None,
    ) -> tuple[
        int,
        list[tuple[str, Amount]],
        list[str],
        dict[str, tuple[str, ...]],
        list[Collection],
        list[Amount] | None,
        dict[int, list[str]],
        list[tuple[int, int]],
    ]:
        """The lines up to ``*** SUMMARY ***``: the posts and the betting, the returns, the board,
        the cards shown, the pots collected, the last pot lines (when no chip went in after them),
        each run's own cards and where each run's showdown starts among the collections."""
        returned: list[tuple[str, Amount]] = []
        board: list[str] = []
        shown: dict[str, tuple[str, ...]] = {}
        collections: list[Collection] = []
        pots: list[Amount] | None = None  # the last "Main pot ... | Rake ..." lines, after the rake
        block_open = False
        since = 0 * self.current  # the chips put in (less the returns) since those lines
        run_boards: dict[int, list[str]] = {}
        showdowns: list[tuple[int, int]] = []
        showdown = False
        for at in range(start, len(lines)):
            number, line = lines[at]
            if line.startswith("***"):
                heading = _HEADING.match(line)
                if heading is None:
                    raise self.fail(number, line, errors.said("cannot read this line"))
                name, ordinal, named, numeral, rest = heading.groups()
                block_open = False
                run = _RUN_WORDS.get(ordinal or numeral or "", 0)
                if name == "SUMMARY":
                    return at + 1, returned, board, shown, collections, pots, run_boards, showdowns
                if name in ("HOLE CARDS", "RUN IT TWICE", "RUN IT THRICE"):
                    continue
                if run:  # "*** FLOP 1 ***", "*** SECOND RIVER ***", "*** SHOW DOWN 2 ***": run more than once
                    self.run_street(number, line, run, named, rest, board, run_boards, showdowns, collections)
                    showdown = showdown or named == "SHOW DOWN"
                    continue
                if name == "SHOW DOWN":
                    showdown = True
                    continue
                street = _STREET_NAMED[name]
                if len(board) != _BOARD_BEFORE[street] or run_boards:
                    raise self.fail(
                        number,
                        line,
                        errors.said("the {street} comes out of order", street=street_said(street)),
                    )
                cards = _CARDS.findall(rest)
                new = read_cards(cards[-1] if cards else "", self.hand_id, number, line)
                if len(new) != (3 if street is Street.FLOP else 1):
                    raise self.fail(
                        number,
                        line,
                        errors.said("wrong number of cards on the {street}", street=street_said(street)),
                    )
                if len(cards) > 1 and read_cards(cards[0], self.hand_id, number, line) != board:
                    raise self.fail(number, line, errors.said("the board before it is not the board so far"))
                board.extend(new)
                self.new_street(street)
                continue
            pot_line = _POT_LINE.match(line) if line[:4] in ("Main", "Side") else None
            if pot_line is not None:
                label, side, amount_text, rake_text = pot_line.groups()
                amount = self.amount(amount_text, number, line)
                if label == "Main pot":
                    pots, block_open, since = [amount], True, 0 * amount
                elif not block_open or pots is None or int(side) != len(pots):
                    raise self.fail(number, line, errors.said("a side pot line out of order"))
                else:
                    pots.append(amount)
                del rake_text  # each pot's rake: the summary's rake is the hand's, and the pots' sum
                continue
            block_open = False
            spoken = speaker(line, names)
            if spoken is None:
                if line.startswith("Dealt to "):
                    continue
                uncalled = _UNCALLED.match(line)
                if uncalled is not None:
                    who = uncalled.group(2)
                    if who not in seats:
                        raise self.fail(
                            number, line, errors.said("{who} has no seat in this hand", who=repr(who))
                        )
                    back = self.amount(uncalled.group(1), number, line)
                    returned.append((who, back))
                    since -= back
                    continue
                raise self.fail(number, line, errors.said("cannot read this line"))
            player, said = spoken
            if said in _QUIET:
                continue
            verb = None
            kind = ""
            for kind, pattern in _VERBS:  # noqa: B007 (kind: the one that matched)
                verb = pattern.match(said)
                if verb is not None:
                    break
            if verb is None:
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
                pot = int(verb.group(3) or 1) if label.startswith("side") else 0
                if pot == 0 and label.startswith("side"):
                    raise self.fail(number, line, errors.said("side pots are numbered from 1"))
                collections.append(
                    Collection(number, player, self.amount(verb.group(1), number, line), pot, label)
                )
                continue
            if showdown:
                raise self.fail(number, line, errors.said("a bet after the showdown began"))
            before = sum(self.bets.values(), start=0 * self.current)
            self.action(number, line, player, kind, verb, big_blind)
            since += sum(self.bets.values(), start=0 * self.current) - before
            if kind == "ante":
                since += self.actions[-1].amount
        number, line = lines[-1]
        raise self.fail(number, line, errors.said("the hand ends before its summary ('*** SUMMARY ***')"))

    def action(
        self, number: int, line: str, player: str, kind: str, verb: re.Match[str], big_blind: Amount | None
    ) -> None:
        """One betting line, its amounts converted to the record's (a raise's first figure is
        the chips it adds: the record's is the raise over the bet faced)."""
        if kind in ("fold", "check"):
            self.add(number, line, player, kind, 0 * self.current, None, False)
            return
        amount = self.amount(verb.group(1), number, line)
        if kind == "raise":
            to = self.amount(verb.group(2), number, line)
            # "raises $2.50 to $3.00": $2.50 added to the $0.50 in, the bet faced $1: raised $2 (the
            # street total the added chips make, less the bet faced: when WPN's two figures
            # disagree, the auditor names the line)
            self.add(
                number,
                line,
                player,
                "raise",
                self.bets.get(player, 0) + amount - self.current,
                to,
                bool(verb.group(3)),
            )
            return
        all_in = bool(verb.group(2))
        if kind == "straddle":  # a blind raise before the cards: raised to its amount
            self.add(number, line, player, "raise", amount - self.current, amount, all_in)
        elif kind in ("dead", "post"):
            self.post(number, line, player, kind, amount, big_blind, all_in)
        else:
            self.add(number, line, player, kind, amount, None, all_in)

    def run_street(
        self,
        number: int,
        line: str,
        run: int,
        named: str,
        rest: str,
        board: list[str],
        run_boards: dict[int, list[str]],
        showdowns: list[tuple[int, int]],
        collections: list[Collection],
    ) -> None:
        """A street or the showdown of one run of a hand run more than once ("*** FLOP 2 ***
        [2c 3h 4s]", "*** SHOW DOWN 1 ***"): the run's own cards, or where its collections begin."""
        run_name = _RUN_NAMES[run]
        if named == "SHOW DOWN":
            if run not in run_boards or len(board) + len(run_boards[run]) != 5:
                raise self.fail(number, line, _SHOWDOWN_BEFORE[run])
            showdowns.append((len(collections), run))
            return
        if run > 1 and run - 1 not in run_boards:
            raise self.fail(number, line, _RUN_BEFORE[run])
        street = _STREET_NAMED[named]
        own = run_boards.setdefault(run, [])
        if len(board) + len(own) != _BOARD_BEFORE[street]:
            raise self.fail(
                number,
                line,
                errors.said(
                    "the {run}'s {street} comes out of order", run=run_name, street=street_said(street)
                ),
            )
        cards = _CARDS.findall(rest)
        new = read_cards(cards[-1] if cards else "", self.hand_id, number, line)
        if len(new) != (3 if street is Street.FLOP else 1):
            raise self.fail(
                number,
                line,
                errors.said(
                    "wrong number of cards on the {run}'s {street}", run=run_name, street=street_said(street)
                ),
            )
        if len(cards) > 1 and read_cards(" ".join(cards[:-1]), self.hand_id, number, line) != [*board, *own]:
            raise self.fail(
                number,
                line,
                errors.said("the board before it is not the {run}'s board so far", run=run_name),
            )
        own.extend(new)

    def runs(
        self,
        board: list[str],
        run_boards: dict[int, list[str]],
        showdowns: list[tuple[int, int]],
        collections: list[Collection],
    ) -> tuple[tuple[tuple[str, ...], ...], list[Collection]]:
        """Each run's whole board, and each collection given its run (by the showdown it follows)."""
        number, line = next((n, t) for n, t in self.lines if _HEADING.match(t) and t[4:] != "HOLE CARDS ***")
        boards = []
        for run in sorted(run_boards):
            whole = (*board, *run_boards[run])
            if len(whole) != 5:
                raise self.fail(
                    number,
                    line,
                    errors.said(
                        "the {run}'s board has {count} cards, not five", run=_RUN_NAMES[run], count=len(whole)
                    ),
                )
            boards.append(whole)
        if len(boards) < 2:
            raise self.fail(number, line, errors.said("the board is run once only: a second run is missing"))
        if not showdowns or showdowns[0][0] != 0 and collections:
            raise self.unsupported(
                number,
                line,
                errors.said("a hand run more than once whose collected lines do not say which run they pay"),
            )
        given = list(collections)
        for start, run in showdowns:
            for i in range(start, len(given)):
                given[i] = Collection(
                    given[i].line, given[i].player, given[i].amount, given[i].pot, given[i].label, run
                )
        return tuple(boards), given

    def summary(
        self,
        lines: list[tuple[int, str]],
        start: int,
        seats: dict[str, Seat],
        run_boards: dict[int, list[str]],
    ) -> tuple[
        tuple[Amount, Amount, Amount] | None,
        tuple[tuple[int, str], list[str]] | None,
        dict[str, tuple[int, Amount]],
        dict[str, list[str]],
    ]:
        """The summary: the total pot, the rake and the jackpot fee; the board; what each seat
        line says its player won (with the line); the cards it says he showed."""
        total: tuple[Amount, Amount, Amount] | None = None
        board: tuple[tuple[int, str], list[str]] | None = None
        won: dict[str, tuple[int, Amount]] = {}
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
                    had = won[owner][1] if owner in won else 0
                    won[owner] = (number, had + self.amount(amount, number, line))
                shows = _SHOWED.search(said)
                if shows is not None:
                    showed[owner] = read_cards(shows.group(1), self.hand_id, number, line)
                continue
            total_line = _TOTAL.match(line)
            if total_line is not None:
                net_text, rake_text, jackpot_text = total_line.groups()
                net = self.amount(net_text, number, line)
                rake = self.amount(rake_text, number, line) if rake_text else 0 * net
                total = (net, rake, self.amount(jackpot_text, number, line) if jackpot_text else 0 * net)
                continue
            board_line = _BOARD.match(line)
            if board_line is not None:
                cards = read_cards(board_line.group(2), self.hand_id, number, line)
                if not run_boards:
                    board = ((number, line), cards)
                continue
            raise self.fail(number, line, errors.said("cannot read this summary line"))
        return total, board, won, showed


class _OldReader(_Base):
    """A hand of the old layout ("Game started at: …", "Game ID: …", "Bets: … Collects: …")."""

    def read(self) -> HandHistory:
        lines = self.lines
        if len(lines) < 3:
            number, line = lines[-1]
            raise self.fail(number, line, errors.said("the hand ends before its seats"))
        number, line = lines[1]
        head = _OLD_GAME.match(line)
        if head is None:
            raise self.fail(number, line, errors.said("expected 'Game ID: <ID> <stakes> <table> (<game>)'"))
        hand_id, small_text, big_text, table, game_words = head.groups()
        self.hand_id = hand_id
        if game_words not in _OLD_GAMES:
            raise self.unsupported(
                number,
                line,
                errors.said("{game_words}: only hold'em and Omaha hands can be read", game_words=game_words),
            )
        game, hole = _OLD_GAMES[game_words]
        self.currency = not table.startswith("PM ")  # play money tables are named "PM ..."
        small_blind = self.amount(small_text, number, line)
        big_blind = self.amount(big_text, number, line)
        self.current = 0 * big_blind
        number, line = lines[2]
        button = _OLD_BUTTON.match(line)
        if button is None:
            raise self.fail(number, line, errors.said("expected 'Seat N is the button'"))
        seats: dict[str, Seat] = {}
        numbers: set[int] = set()
        at = 3
        while at < len(lines) and (seat := _OLD_SEAT.match(lines[at][1])) is not None:
            number, line = lines[at]
            n, name = int(seat.group(1)), seat.group(2)
            if not 1 <= n <= 10 or name in seats or n in numbers:
                raise self.fail(
                    number, line, errors.said("a seat number or player appears twice or is out of range")
                )
            seats[name] = Seat(n, name, self.amount(seat.group(3), number, line))
            numbers.add(n)
            at += 1
        if not seats:
            number, line = lines[min(at, len(lines) - 1)]
            raise self.fail(number, line, errors.said("expected the seats ('Seat N: name (stack).')"))
        names = heads(seats, "Player ")
        board: list[str] = []
        returned: list[tuple[str, Amount]] = []
        while at < len(lines):
            number, line = lines[at]
            at += 1
            if line.endswith(" received a card."):  # the most frequent line: two to five per player
                continue
            if line == "------ Summary ------":
                break
            street_line = _OLD_STREET.match(line) if line[0] == "*" else None
            if street_line is not None:
                street = _STREET_NAMED[street_line.group(1)]
                cards = _CARDS.findall(street_line.group(2))
                new = read_cards(cards[-1] if cards else "", self.hand_id, number, line)
                if len(board) != _BOARD_BEFORE[street] or len(new) != (3 if street is Street.FLOP else 1):
                    raise self.fail(
                        number,
                        line,
                        errors.said(
                            "the {street} comes out of order or with the wrong cards",
                            street=street_said(street),
                        ),
                    )
                if len(cards) > 1 and read_cards(cards[0], self.hand_id, number, line) != board:
                    raise self.fail(number, line, errors.said("the board before it is not the board so far"))
                board.extend(new)
                self.new_street(street)
                continue
            uncalled = _UNCALLED.match(line) if line[0] == "U" else None
            if uncalled is not None:
                who = uncalled.group(2)
                if who not in seats:
                    raise self.fail(
                        number, line, errors.said("{who} has no seat in this hand", who=repr(who))
                    )
                returned.append((who, self.amount(uncalled.group(1), number, line)))
                continue
            spoken = speaker(line, names)
            if spoken is None:
                if line.startswith("Player ") and _OLD_QUIET.match(line[7:].lstrip()):
                    continue  # a nameless "Player  is timed out.": it names nobody, puts nothing in
                raise self.fail(number, line, errors.said("cannot read this line"))
            self.old_action(number, line, *spoken, big_blind)
        else:
            number, line = lines[-1]
            raise self.fail(
                number, line, errors.said("the hand ends before its summary ('------ Summary ------')")
            )
        return self.old_summary(
            lines, at, seats, board, returned, hole, head, button, small_blind, big_blind, game
        )

    def old_action(self, number: int, line: str, player: str, said: str, big_blind: Amount) -> None:
        """One line of the old layout's betting: every figure is the chips the line adds."""
        verb = None
        kind = ""
        for kind, pattern in _OLD_VERB_TABLE.get(said.split(" ", 1)[0], ()):  # noqa: B007 (the one matched)
            verb = pattern.match(said)
            if verb is not None:
                break
        if verb is None:
            if _OLD_QUIET.match(said):
                return  # "mucks cards", "sitting out", "is timed out.": nothing put in
            raise self.fail(number, line, errors.said("cannot read {player}'s action", player=player))
        if kind in ("fold", "check"):
            self.add(number, line, player, kind, 0 * big_blind, None, False)
            return
        amount = self.amount(verb.group(1), number, line)
        if kind in ("raise", "allin"):
            self.chips_added(player, amount, number, line, kind == "allin")
        elif kind == "straddle":
            self.add(number, line, player, "raise", amount - self.current, amount, False)
        elif kind in ("dead", "post"):
            self.post(number, line, player, kind, amount, big_blind, False)
        else:
            self.add(number, line, player, kind, amount, None, False)

    def old_summary(
        self,
        lines: list[tuple[int, str]],
        at: int,
        seats: dict[str, Seat],
        board: list[str],
        returned: list[tuple[str, Amount]],
        hole: int,
        head: re.Match[str],
        button: re.Match[str],
        small_blind: Amount,
        big_blind: Amount,
        game: str,
    ) -> HandHistory:
        """The summary ("Pot: 7.73. Rake 0.41", "Board: [...]", each player's "Bets: ...
        Collects: ... Wins: ..."), and the record."""
        pot = None
        collections: list[Collection] = []
        shown: dict[str, tuple[str, ...]] = {}
        bets = 0 * big_blind  # what the summary's "Bets:" figures add up to (for a remark alone)
        for number, line in lines[at:]:
            pot_line = _OLD_POT.match(line)
            if pot_line is not None:
                pot = [self.amount(t, number, line) if t else 0 * big_blind for t in pot_line.groups()]
                continue
            if line.startswith("Board: "):
                found = _CARDS.findall(line)
                if read_cards(found[0] if found else "", self.hand_id, number, line) != board:
                    raise self.fail(
                        number,
                        line,
                        errors.said("the summary's board differs from the cards the streets dealt"),
                    )
                continue
            if line.startswith("Game ended at:"):
                continue
            result = _OLD_RESULT.match(line)
            if result is None:
                raise self.fail(number, line, errors.said("cannot read this summary line"))
            _, name, cards, bet_text, collects, _net = result.groups()
            amount = self.amount(collects, number, line)
            bet = self.amount(bet_text, number, line)
            bets += bet
            if name not in seats:
                if amount or bet:
                    raise self.fail(
                        number, line, errors.said("{name} has no seat in this hand", name=repr(name))
                    )
                continue  # a nameless seat that put nothing in ("Player  does not show cards.Bets: 0. ...")
            if cards is not None:
                shown_cards = read_cards(cards, self.hand_id, number, line)
                if len(shown_cards) == hole:
                    shown[name] = tuple(shown_cards)
            if amount:
                collections.append(Collection(number, name, amount, 0, "pot"))
        last_number, last_line = lines[-1]
        if pot is None:
            raise self.fail(
                last_number, last_line, errors.said("the hand has no 'Pot: ... Rake ...' summary line")
            )
        net, rake, jackpot = pot
        if not net and not collections and all(a.kind in _POST_KINDS for a in self.actions):
            first = next((n, t) for n, t in lines if t.startswith("Uncalled bet")) if returned else lines[0]
            raise self.unsupported(
                *first, errors.said("a hand cancelled before the cards were dealt settles no pot")
            )
        remarks: tuple[str, ...] = ()
        not_stated = _OLD_NOT_STATED
        table = head.group(4)
        if not jackpot and _JACKPOT_TABLE.search(table) and board:
            # Such a table's drop is taken in some hands and not in others, written in none: what
            # the pot withholds beside the rake written, and so its total, are not stated.
            not_stated = _JACKPOT_NOT_STATED
            beyond = bets - net - rake
            remarks = (
                errors.said(
                    "a jackpot table ({table}): this layout of WPN's histories does not write the "
                    "jackpot drop taken beside the rake in some hands, so what the pot withholds and its "
                    "total are not stated{beyond}",
                    table=table.strip(),
                    beyond=errors.said(
                        "; here the players' Bets: add up to {amount} more than Pot and Rake: "
                        "a jackpot drop not written",
                        amount=format_amount(beyond),
                    )
                    if beyond > 0
                    else "",
                ),
            )
        ordered = tuple(sorted(seats.values(), key=lambda s: s.number))
        return HandHistory(
            hand_id=self.hand_id or "",
            first_line=lines[0][0],
            header=head.group(0),
            tournament=None,
            small_blind=small_blind,
            big_blind=big_blind,
            currency=self.currency,
            table=table,
            button_seat=int(button.group(1)),
            seats=ordered,
            actions=tuple(self.actions),
            returned=tuple(returned),
            board=tuple(board),
            shown=shown,
            collections=tuple(collections),
            total_pot=net + rake + jackpot,  # "Pot:" is what the winners collect: net of rake and jackpot fee
            main_pot=None,
            side_pots=(),
            rake=rake + jackpot,
            lines=tuple(text for _, text in lines),
            game=game,
            remarks=remarks,
            room=ROOM,
            not_stated=not_stated,
            withheld=(("rake", rake), ("JP fee", jackpot)) if jackpot else (),
        )
