"""Reading PokerStars-format hold'em and Omaha hand histories (cash games and tournaments).

:func:`parse_text` turns the text of a hand-history file into one :class:`HandHistory` per hand,
or, for a hand it cannot read, a :class:`~potengine.errors.HandHistoryError` naming the hand ID
and the line (number and text); the other hands of the file are still read. Nothing in the input
is ever executed: every line is matched against fixed patterns, and limits on the file size, the
hand length, the line length and the size of amounts make huge or hostile files fail cleanly.

Amounts are ``int`` chips in tournaments and play-money games, and exact
:class:`~decimal.Decimal` values when the stakes carry a currency sign or cents.

>>> text = '''PokerStars Hand #1001: Hold'em No Limit (5/10) - 2026/01/01 12:00:00 ET
... Table 'Demo' 3-max Seat #3 is the button
... Seat 1: Alice (100 in chips)
... Seat 2: Bilal (100 in chips)
... Seat 3: Chloé (100 in chips)
... Alice: posts small blind 5
... Bilal: posts big blind 10
... *** HOLE CARDS ***
... Chloé: raises 20 to 30
... Alice: folds
... Bilal: folds
... Uncalled bet (20) returned to Chloé
... Chloé collected 25 from pot
... *** SUMMARY ***
... Total pot 25 | Rake 0
... Seat 3: Chloé (button) collected (25)'''
>>> [hand] = parse_text(text)
>>> hand.hand_id, hand.players, hand.button, hand.returned, hand.total_pot
('1001', ('Alice', 'Bilal', 'Chloé'), 'Chloé', (('Chloé', 20),), 25)
>>> [(a.player, a.kind, a.amount, a.to) for a in hand.actions][2:]
[('Chloé', 'raise', 20, 30), ('Alice', 'fold', 0, None), ('Bilal', 'fold', 0, None)]

Which headers are read
----------------------
A hand opens with ``PokerStars Hand #ID:`` (``PokerStars Game #ID:`` before 2013, ``PokerStars
Zoom Hand #ID:`` at Zoom tables, ``PokerStars Home Game Hand #ID:`` or, older, ``PokerStars Home
Game #ID:`` in a Home Game), then the game. :func:`game_name` finds the game wherever the header
puts it (cash: ``Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD)``; a tournament or Zoom tournament
after its buy-in: ``Tournament #7, $1+$0.10 USD 5 Card Omaha Pot Limit - Level I (10/20)``; a
Home Game after its club in braces: ``{Friday League} Hold'em No Limit (10/20)``; a mixed game
inside its parentheses: ``HORSE (Omaha Hi/Lo Limit, $0.10/$0.20 USD)``, ``Mixed NLH/PLO
(Omaha Pot Limit) - Level II (15/30)``). Hold'em, Omaha with four or five hole cards, Omaha
hi-lo and 6+ Hold'em are read; the rounds of a mixed game that are stud, razz or draw, and
6-card Omaha (the engine's Omaha evaluator takes four or five hole cards), are ``unsupported``,
naming the game (:func:`game_refused`). Measured on ``../shared/data/pokerstars-real``: 1,571
headers, 153 of them Zoom, 22 tournaments (all hold'em); no Omaha tournament, Home Game, mixed
table, 6+ Hold'em or 6-card Omaha hand is there: those headers are read in the shapes other
parsers' examples give them, and tested on the project's own hands
(``samples/pokerstars/tournament_omaha.txt``, ``home_games.txt``, ``mixed_games.txt``,
``short_deck.txt``).

How PokerStars writes 6+ Hold'em, and which ranking checks it
-------------------------------------------------------------
PokerStars' short deck is "6+ Hold'em": ``6+ Hold'em No Limit (Button Blind $0.50 - Ante $0.25
USD)``. There is no small or big blind: every player posts the ante, and the button alone
``posts button blind``, the bet a call must reach before the flop (the record's ``big_blind``;
``small_blind`` is None; the post's kind is ``"button blind"``); the player left of the button
acts first on every street. The deck has 36 cards, sixes to aces: a hand that shows a deuce,
three, four or five is refused, naming the card and its line. Other short-deck names ("Short
Deck", a hold'em header that speaks of 6+) are ``unsupported``.

The auditor ranks a 6+ showdown with :mod:`potengine.cards.short_deck`, with the ranking
PokerStars uses: the ace also plays low below the six (**A-6-7-8-9** is the lowest straight),
and a **flush beats a full house**. Whether PokerStars ranks **three of a kind above a
straight** is the one point its sources do not settle (it did when 6+ Hold'em opened in January
2019, by the launch reports; later guides put the straight above; PokerStars' own rules page is
not among the stored sources): where the two orders rank the shown hands differently, the
auditor reads the order from each pot's collected lines and names it in a note
(:data:`~potengine.histories.audit.TRIPS_ABOVE_STRAIGHT` or ``STRAIGHT_ABOVE_TRIPS``); where
both fit, the straight above, as in hold'em; where neither fits, the pot is found wrong. So a
PokerStars hand is checked with the ranking PokerStars dealt it with, never with an assumed one
(``tests/test_audit_short_deck.py``, ``tests/test_pokerstars_headers.py``).

How PokerStars writes a hand run twice
--------------------------------------
Measured on the hands run twice of ``../shared/data/pokerstars-real`` (three hands, four copies:
an Omaha hand is in two files; each says "Hand was run twice"):

- The streets dealt before the players agreed are written as usual. Then come the streets of the
  first run, then those of the second: ``*** FIRST FLOP *** [Qd Qs 4h]``, ``*** FIRST TURN ***
  [Qd Qs 4h] [Ts]``, ..., ``*** SECOND RIVER *** [6s 8h 6h Td] [6c]``. The first brackets hold
  that run's board so far (the cards dealt once, then the run's own), the last its new cards. A
  hand all-in on the turn writes only ``FIRST RIVER`` and ``SECOND RIVER`` over the shared flop
  and turn. No bet follows.
- ``*** FIRST SHOW DOWN ***`` then gives the first run's cards shown and its "collected ... from
  pot" lines (main pot, side pot), which pay that run's part of each pot;
  ``*** SECOND SHOW DOWN ***`` the same for the second run.
- The summary's "Total pot ... Main pot ... Side pot ... | Rake" line is the whole hand's, as if
  it were dealt once: the pots after the rake, before they are divided (the rake is taken once,
  from the hand). "Hand was run twice" follows, then ``FIRST Board [...]`` and ``SECOND Board
  [...]`` in place of the one ``Board`` line; each seat line says "won ($X) with ..." or "lost
  with ..." once per run, joined by ", and".
- Every division in these hands is even (3007 into 1503.50 and 1503.50; 161.20, 5.74 and 0.14
  in halves), so they do not show where PokerStars puts an odd cent; the engine gives it to the
  first run (:func:`potengine.pots.runs.divide_runs`, from GGPoker's and PokerNow's hands).
- A pot only one player can win is written run by run too: in the Omaha hand a side pot of $20
  that Player3 alone can win (the other player in it folded) is "collected $10 from side pot" on
  each showdown. The engine does not run such a pot and pays it once: the same chips.

:attr:`HandHistory.runs` holds each run's whole board, ``board`` the cards dealt once, and each
:class:`Collection` its run. The lines of a run are tried only on a line no other pattern reads,
so that a hand dealt once never meets them.

How PokerStars writes an all-in cash-out
----------------------------------------
Measured on the 24 hands with an All-in Cash Out of ``../shared`` (2020, $0.01/$0.02 tables):

- At the showdown, after the other players' collected lines: ``NAME cashed out the hand for
  $A``, in 11 of them followed by `` | Cash Out Fee $F`` ($0.01 on $0.57 to $0.66, $0.02 on $1.62
  to $2.10, $0.04 on $3.54, none under $0.50: about 1%, to the cent).
- $A is what the player receives: in 21 of the 23 hands followed by another hand at the same
  table, his next stack is exactly his stack, less what he put in, plus what was returned to him,
  plus $A (in the other two his stack changed between the hands). The fee is not taken from $A
  again. $A + $F is close to his exact equity in the pots (after rake) on the board of the last
  all-in call, the shown hands alone counted: within 2% in 20 of the 24, 5% in all.
- If his hand then wins, the pot he wins is not awarded: no collected line pays it, and his
  summary line says "won ($X) with ... (pot not awarded as player cashed out)", $X being what the
  cards give him. The site keeps that share (it bought his claim); the other winners are paid as
  usual. If his hand loses, the summary says "lost with ... (cashed out)." and the pot goes to
  its winner as usual (16 of the 24).
- "Total pot", the main and side pots and the rake are what they would be without the
  cash-out: the cash-out is paid outside the pot. So the collected lines, the returned bets, the
  rake and the share not awarded add up to what was put in.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from itertools import chain, islice
from operator import attrgetter, methodcaller
from types import MappingProxyType
from typing import NamedTuple, TypeVar

from .. import errors
from ..chips import Amount
from ..errors import HandHistoryError
from ..play.streets import BETTING_STREETS, Street, street_said
from .amounts import MAX_DIGITS
from .record import Action, Collection, HandHistory, Seat, UnsupportedHandError
from .record import record as _record

MAX_LINE_CHARS = 1000
"""A line longer than this makes its hand unreadable (only this much of it is ever kept)."""
MAX_HAND_LINES = 400
"""A hand with more lines than this is refused (a real hold'em hand has well under 100); the
lines beyond the limit are counted, never kept, so a hostile file cannot fill the memory."""
MAX_SEATS = 10

R = TypeVar("R")

STREETS = BETTING_STREETS
"""The betting rounds, in order: the one place their names are kept (H-play's ``Street`` enum can
replace them)."""


_CUR = r"[$€£¥]?"
_AMT = _CUR + r"\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(
    r"^\ufeff?PokerStars (?:Zoom (?:Hand|Game)|Home Game(?: Hand)?|Hand|Game) #(\d{1,30}):\s*(.*)$"
)
_STAKES = re.compile(r"[(,] ?(" + _AMT + r")/(" + _AMT + r")(?: - (" + _AMT + r") Cap -)?(?: *[A-Z]{3})?\)")
_SEPARATOR = re.compile(r"^\*{3,} ?# ?\d+ ?\*{3,}$")
_TABLE = re.compile(r"^Table '(.*)' (?:(\d+)-max )?(?:\(Play Money\) )?Seat #(\d+) is the button$")
_SEAT = re.compile(
    r"^Seat (\d+): (.+?) \((" + _AMT + r") in chips(?:, " + _AMT + r" bounty)?\)"
    r"(?: is sitting out| out of hand.*)?$"
)
_STREET = re.compile(r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*(.*)$")
_CARDS = re.compile(r"\[([^\]]*)\]")
_CARD_NAMES = frozenset(rank + suit for rank in (*"23456789TJQKA", "10") for suit in "cdhs")
"""Every card as a history writes it: rank ("10" or "T" for a ten) then suit ("Ah", "10c")."""
_ALLIN = r"( and is all-in)?(?: and has reached the " + _AMT + r" cap)?"
_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("ante", re.compile(r"^posts the ante (" + _AMT + ")" + _ALLIN + "$")),
    ("small blind", re.compile(r"^posts small blind (" + _AMT + ")" + _ALLIN + "$")),
    ("big blind", re.compile(r"^posts big blind (" + _AMT + ")" + _ALLIN + "$")),
    ("blinds", re.compile(r"^posts small (?:&|and) big blinds (" + _AMT + ")" + _ALLIN + "$")),
    ("button blind", re.compile(r"^posts button blind (" + _AMT + ")" + _ALLIN + "$")),
    ("fold", re.compile(r"^folds(?: \[[^\]]*\])?$")),
    ("check", re.compile(r"^checks$")),
    ("call", re.compile(r"^calls (" + _AMT + ")" + _ALLIN + "$")),
    ("bet", re.compile(r"^bets (" + _AMT + ")" + _ALLIN + "$")),
    ("raise", re.compile(r"^raises (" + _AMT + ") to (" + _AMT + ")" + _ALLIN + "$")),
    ("show", re.compile(r"^shows \[([^\]]*)\](?: \(.*\))?$")),
)
_QUIET_VERBS = re.compile(
    r"^(?:mucks hand|doesn't show hand|is sitting out|sits out|sitting out|is away|"
    r"has returned|is back|leaves the table|is disconnected|is connected|"
    r"is timed out|has timed out|times out)$"
)
_UNCALLED = re.compile(r"^Uncalled bet \((" + _AMT + r")\) returned to (.+)$")
_COLLECTED = re.compile(r"^(.+) collected (" + _AMT + r") from (pot|main pot|side pot(?:-(\d+))?)$")
_TOTAL = re.compile(
    r"^Total pot ("
    + _AMT
    + r")((?: Main pot "
    + _AMT
    + r"\.)?(?: Side pot(?:-\d+)? "
    + _AMT
    + r"\.)*) \| Rake ("
    + _AMT
    + r")(?: \|.*)?$"
)
_SUMMARY_SEAT = re.compile(r"^Seat (\d+): ")
_SUMMARY_WON = re.compile(r"(?:collected|won) \((" + _AMT + r")\)")
_POT_PART = re.compile(r"(Main pot|Side pot(?:-(\d+))?) (" + _AMT + r")\.")
_NOISE = re.compile(
    r"^(?:.+ said, \".*|.+ (?:is disconnected|is connected|has timed out.*|has returned|"
    r"leaves the table|joins the table at seat #\d+|will be allowed to play after the button|"
    r"was removed from the table.*|finished the tournament.*|wins the tournament.*|"
    r"is sitting out|sits out|re-buys and receives .*|takes the add-on.*|has re-entered.*|"
    r"receives .* for eliminating .*|wins the \$?[\d.,]+ bounty.*|wins an entry to .*|"
    r"wins \$?[\d.,]+ for eliminating .*|split the \$?[\d.,]+ bounty.*)|"
    r"Betting is capped|No low hand qualified|Dealt to .+ \[[^\]]*\]|Hand was run .*)$"
)
_UNSUPPORTED = re.compile(r"^\*\*\* (?:FIRST|SECOND|THIRD) |Run it")
_RUN_STREET = re.compile(r"^\*\*\* (FIRST|SECOND|THIRD) (FLOP|TURN|RIVER|SHOW DOWN) \*\*\*(.*)$")
_RUN_BOARD = re.compile(r"^(FIRST|SECOND|THIRD) Board \[([^\]]*)\]$")
_RUN_NUMBERS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
_RUN_NAMES = {1: errors.said("first run"), 2: errors.said("second run"), 3: errors.said("third run")}
"""Each run named in a reason ("the second run's flop ..."), said in the reason's language."""
_RUN_BEFORE = {
    2: errors.said("the second run comes before the first"),
    3: errors.said("the third run comes before the second"),
}
_SHOWDOWN_BEFORE = {
    1: errors.said("the first showdown comes before its run's board"),
    2: errors.said("the second showdown comes before its run's board"),
    3: errors.said("the third showdown comes before its run's board"),
}
_BOARD_NEVER_DEALT = {
    1: errors.said("the summary names a first board never dealt"),
    2: errors.said("the summary names a second board never dealt"),
    3: errors.said("the summary names a third board never dealt"),
}
_CASH_OUT = re.compile(r"^(.+) cashed out the hand for (" + _AMT + r")(?: \| Cash Out Fee (" + _AMT + r"))?$")
_NOT_HOLDEM = "6+ Hold'em", "Short Deck", "Courchevel", "Stud", "Razz", "Draw", "Badugi"
_NOT_HOLDEM_WORD = re.compile("|".join(re.escape(word) for word in _NOT_HOLDEM))
_GAME_WORDS = (
    r"(?P<game>(?:[56] Card )?Omaha(?: Hi/Lo)?|6\+ Hold'em|Hold'em|Courchevel(?: Hi/Lo)?|Fusion"
    r"|Short Deck|7 Card Stud(?: Hi/Lo)?|5 Card Stud|Razz|5 Card Draw|Badugi"
    r"|(?:Triple|Single) Draw (?:2-7|A-5) Lowball)"
    r" (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)\b"
)
_GAME_IN_PARENS = re.compile(r"\(" + _GAME_WORDS)
"""How a mixed game's header names the game of this hand: in parentheses ("HORSE (Razz Limit, ...")."""
_GAME_NAMED = re.compile(r"(?:^|[ ,])" + _GAME_WORDS)
_MIXED_NAME = re.compile(
    r"(HORSE|HOSE|8-Game|Triple Stud|Mixed [^(){},]*?|[^ (){},]+/[^ (){},]+(?: \w+)*?) \($"
)
"""The name of a mixed game, before the parentheses that name this hand's game."""
_CLUB = re.compile(r"^\{[^{}]*\}\s*")
"""A Home Game's club, in braces before the game ("{Friday League} Hold'em No Limit (10/20)")."""
_READ_GAMES = frozenset(
    ("Hold'em", "Omaha", "Omaha Hi/Lo", "5 Card Omaha", "5 Card Omaha Hi/Lo", "6+ Hold'em")
)
"""The games the reader reads, as a header names them (before the betting structure)."""
_ONLY = errors.said("only hold'em and Omaha hands can be read")
_SHORT_DECK_ONLY = errors.said(
    "short deck is read only under PokerStars' own header "
    '("6+ Hold\'em No Limit (Button Blind ...)"): not supported'
)
_BUTTON_STAKES = re.compile(r"\(Button Blind (" + _AMT + r") - Ante (" + _AMT + r")(?: *[A-Z]{3})?\)")
_LOW_RANKS = frozenset("2345")
"""The ranks a 36-card deck (6+ Hold'em) does not hold."""
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
_CURRENCY = re.compile(r"[$€£¥.]")
_FIXED_LIMIT = re.compile(r"\bLimit\b")
_BIG_BET_LIMIT = re.compile(r"(No|Pot) Limit")


def game_name(header_rest: str) -> str | None:
    """The game a header names ("Hold'em No Limit", "Omaha Hi/Lo Pot Limit"), or ``None`` for a
    game the engine does not read (:func:`game_refused` says why).

    Hold'em, Omaha (four or five hole cards) and Omaha hi-lo are read, in cash games, tournaments
    (the game follows the buy-in: "Tournament #7, $1+$0.10 USD Omaha Hi/Lo Pot Limit - Level I
    (10/20)"), Zoom and Home Games (the club in braces comes first: "{Club} Hold'em No Limit").
    A mixed game ("Mixed NLH/PLO", "HORSE", "8-Game") names the game of this hand inside its
    parentheses; short deck as PokerStars names it ("6+ Hold'em No Limit": 36 cards, a button
    blind and antes) is read as its own game; other short-deck names are not.

    >>> game_name("Hold'em No Limit ($0.05/$0.10 USD) - 2026/01/01")
    "Hold'em No Limit"
    >>> game_name("Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - 2020/01/01")
    "Hold'em No Limit"
    >>> game_name("Mixed NLH/PLO (Omaha Pot Limit, $0.10/$0.25 USD)"), game_name("Short Deck (1/2)")
    ('Omaha Pot Limit', None)
    >>> game_name("6+ Hold'em No Limit (Button Blind ¥25 - Ante ¥25 CNY) - 2019/01/24")
    "6+ Hold'em No Limit"
    >>> game_name("Hold'em/Omaha Pot Limit (Omaha Hi/Lo Pot Limit, $1/$2)"), game_name("Razz (2/4)")
    ('Omaha Hi/Lo Pot Limit', None)
    >>> game_name("Tournament #7, $1.00+$0.10 USD 5 Card Omaha Hi/Lo Pot Limit - Level I (10/20)")
    '5 Card Omaha Hi/Lo Pot Limit'
    >>> game_name("{Friday/Poker} Tournament #8, $5+$0.50 USD HORSE (Omaha Hi/Lo Limit) - Level I (10/20)")
    'Omaha Hi/Lo Limit'
    """
    return _game(header_rest)[0]


def game_refused(header_rest: str) -> str:
    """Why :func:`game_name` reads no game in a header ("" when it reads one), naming the game.

    >>> print(game_refused("HORSE (Razz Limit, $0.10/$0.20 USD)"))
    Razz (a round of HORSE) is not a game the engine plays: only hold'em and Omaha hands can be read
    >>> print(game_refused("6 Card Omaha Pot Limit ($0.05/$0.10 USD)"))
    6-card Omaha is not supported: the engine's Omaha evaluator takes four or five hole cards, not six
    >>> game_refused("Omaha Pot Limit ($1/$2)")
    ''
    """
    return _game(header_rest)[1]


def _game(header_rest: str) -> tuple[str | None, str]:
    """The game a header names and "", or None and the reason it is not read."""
    words = _CLUB.sub("", header_rest, count=1) if header_rest[:1] == "{" else header_rest
    found = _GAME_IN_PARENS.search(words)
    mixed = None
    if found is not None:
        mixed = _MIXED_NAME.search(words, 0, found.start() + 1)
    else:
        found = _GAME_NAMED.search(words)
    if found is None:
        if _NOT_HOLDEM_WORD.search(words):
            short = any(word in words for word in _NOT_HOLDEM[:2])
            return None, _SHORT_DECK_ONLY if short else _ONLY
        if "Hold'em" in words and "Hi/Lo" not in words:
            return "Hold'em", ""  # no betting structure named: the auditor says so
        return None, _ONLY
    game, limit = found.group("game", "limit")
    of = errors.said(" (a round of {mixed})", mixed=mixed.group(1)) if mixed else ""
    if game == "Short Deck":
        return None, _SHORT_DECK_ONLY
    if game.startswith("6 Card"):
        return None, errors.said(
            "6-card Omaha{of} is not supported: the engine's Omaha evaluator takes four or five "
            "hole cards, not six",
            of=of,
        )
    if game not in _READ_GAMES:
        return None, errors.said(
            "{game}{of} is not a game the engine plays: {only}", game=game, of=of, only=_ONLY
        )
    if game != "6+ Hold'em" and _NOT_HOLDEM_WORD.search(words):  # "Hold'em No Limit (6+ Hold'em, ...)"
        short = any(word in words for word in _NOT_HOLDEM[:2])
        return None, _SHORT_DECK_ONLY if short else _ONLY
    if limit == "Pot Limit" and words[found.end() : found.end() + 9] == " Pre-Flop":
        return None, errors.said("pot limit before the flop and no limit after it is not supported")
    if limit == "Fixed Limit":
        limit = "Limit"
    return f"{game} {limit}", ""


def _error(
    hand_id: str | None, number: int, line: str, reason: str, kind: type[HandHistoryError] = HandHistoryError
) -> HandHistoryError:
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


_CENT = Decimal("0.01")
_POST_KINDS = frozenset(("ante", "small blind", "big blind", "blinds", "button blind"))
_SEAT_NUMBER = attrgetter("number")
_SEAT_PLAYER = attrgetter("player")
_SEAT_STACK = attrgetter("stack")
_SEAT_NUMBERS = {str(n): n for n in range(1, MAX_SEATS + 1)}
"""Each seat number as a seat line writes it (others, "03" or "11", are read by int())."""
_SEAT_HEADS = tuple(f"Seat {n}" for n in range(MAX_SEATS + 1))
"""How a summary line names seat N before its player ("Seat 3: Alice ...")."""
_STREET_NAMED = {"FLOP": Street.FLOP, "TURN": Street.TURN, "RIVER": Street.RIVER}
"""Each street dealt by the name a history's heading gives it (a dict: no call of the enum's)."""
_BOARD_BEFORE = {Street.FLOP: 0, Street.TURN: 3, Street.RIVER: 4}
"""The cards on the board before each street is dealt."""
_ONE_AMOUNT = _POST_KINDS | {"call", "bet"}
"""The actions whose line writes one amount (a raise writes two)."""
_AMOUNTS: dict[bool, dict[str, Amount]] = {False: {}, True: {}}
"""The amounts already read, by their text: in games played in chips and in a currency."""
_PHRASES: dict[bool, dict[str, tuple[str, Amount, Amount | None, bool]]] = {False: {}, True: {}}
"""The actions already read, by their words after the player's name ("calls $0.50"): their kind,
amount, raise-to amount and all-in mark, in games played in chips and in a currency."""
_VERB_KEY = 4
"""The patterns to try for a line, by its first four letters ("call", "rais", "post"), in order."""
_VERB_TABLE: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
for _kind, _pattern in _VERBS:
    _first = _pattern.pattern[1 : 1 + _VERB_KEY]
    _VERB_TABLE[_first] = (*_VERB_TABLE.get(_first, ()), (_kind, _pattern))
# The two lines without an amount, matched once: the most frequent lines of all.
_PLAIN: dict[str, tuple[str, re.Match[str]]] = {
    said: (kind, match)
    for said, kind in (("folds", "fold"), ("checks", "check"))
    for k, pattern in _VERBS
    if k == kind and (match := pattern.match(said)) is not None
}
_QUIET = frozenset(_QUIET_VERBS.pattern[4:-2].split("|"))


class _Game(NamedTuple):
    """What a header says of the game: its name, the hole cards a player holds, the tournament,
    whether amounts carry cents, and the stakes (see :class:`HandHistory` for a fixed limit's)."""

    name: str
    hole: int
    tournament: str | None
    currency: bool
    small_blind: Amount | None
    big_blind: Amount | None
    small_bet: Amount | None
    big_bet: Amount | None
    cap: Amount | None
    short_deck: bool = False


_GAMES: dict[str, _Game] = {}
"""The games already read, by their header's words before the date (they repeat from hand to hand)."""


def _before_date(rest: str) -> str:
    """A header's words before its date ("Hold'em No Limit ($0.05/$0.10 USD)"): the game is read
    from these alone, so that headers which differ only in their date are read once.

    >>> _before_date("Hold'em No Limit (5/10) - 2026/01/01 12:00:00 ET"), _before_date("Razz (1/2)")
    ("Hold'em No Limit (5/10)", 'Razz (1/2)')
    >>> _before_date("Tournament #5, $20+$2 Omaha Pot Limit - Level IV (50/100) - 2006/07/31 - 16:55:41 (ET)")
    'Tournament #5, $20+$2 Omaha Pot Limit - Level IV (50/100)'
    """
    cut = rest.rfind(" - ")
    date = rest[cut + 3 : cut + 8]
    if cut >= 0 and date[:4].isdigit() and date[4:] == "/":
        return rest[:cut]
    before = rest.rfind(" - ", 0, cut) if cut > 0 else -1  # the old "2006/07/31 - 16:55:41 (ET)"
    date = rest[before + 3 : before + 8]
    return rest[:before] if before >= 0 and date[:4].isdigit() and date[4:] == "/" else rest


class _Play(NamedTuple):
    """What a hand's play says (see :meth:`_Reader.play`), and the index of its summary's first line."""

    actions: list[Action]
    returned: list[tuple[str, Amount]]
    board: list[str]
    shown: dict[str, tuple[str, ...]]
    collections: list[Collection]
    cash_outs: list[tuple[str, Amount, Amount]]
    end: int


class _Summary(NamedTuple):
    """What a hand's summary says (see :meth:`_Reader.summary`)."""

    total: Amount | None
    rake: Amount | None
    main_pot: Amount | None
    side_pots: list[Amount]
    board: list[str] | None
    won: dict[str, Amount]


class _Reader:
    """Parses one hand, part by part (header, seats, play, summary); every failure names the hand
    ID and the line."""

    def __init__(self, lines: list[tuple[int, str]], texts: list[str], header: re.Match[str] | None):
        self.lines = lines
        self.texts = texts  # the text of each line
        self.header = header  # the first line matched against the header pattern
        self.hand_id: str | None = None
        self.currency = False
        self.known = _AMOUNTS[False]

    def fail(self, number: int, line: str, reason: str) -> HandHistoryError:
        return _error(self.hand_id, number, line, reason)

    def unsupported(self, number: int, line: str, reason: str) -> HandHistoryError:
        return _error(self.hand_id, number, line, reason, UnsupportedHandError)

    def amount(self, text: str, number: int, line: str) -> Amount:
        value = self.known.get(text)
        if value is None:
            value = self._amount(text, number, line)
            if len(self.known) > 4096:  # a bounded cache: amounts repeat from hand to hand
                self.known.clear()
            self.known[text] = value
        return value

    def _amount(self, text: str, number: int, line: str) -> Amount:
        raw = text.lstrip("$€£¥").replace(",", "")
        whole = raw.split(".")[0]
        if len(whole) > MAX_DIGITS or len(raw) > MAX_DIGITS + 6:
            raise self.fail(number, line, errors.said("amount {text} is too large", text=text))
        try:
            value = Decimal(raw)
        except InvalidOperation:  # pragma: no cover - the patterns only pass digits
            raise self.fail(
                number, line, errors.said("cannot read the amount {text}", text=repr(text))
            ) from None
        if self.currency:
            return value
        if value != value.to_integral_value():
            raise self.fail(
                number, line, errors.said("amount {text} has cents in a game played in chips", text=text)
            )
        return int(value)

    def player(self, name: str, seats: dict[str, Seat], number: int, line: str) -> str:
        seat = seats.get(name)
        if seat is None:
            raise self.fail(number, line, errors.said("{name} has no seat in this hand", name=repr(name)))
        return seat.player  # the seat's own string (see parse)

    runs: _Runs | None = None
    """What a hand run more than once adds, gathered as its lines are read (see :meth:`run_line`);
    ``None`` (a class attribute: nothing to set) for every hand dealt once."""

    def parse(self) -> HandHistory:
        """The hand (see :meth:`read`); a hand dealt once that fails to read at or after a line
        that cancels it, or that speaks of running it ("Run it ..."), is refused as unsupported,
        for that line. (A hand run more than once as PokerStars writes it is read: see
        :meth:`run_line`.)"""
        try:
            return self.read()
        except UnsupportedHandError:
            raise
        except HandHistoryError as err:
            if self.runs is not None:  # a hand run more than once, its runs read: the error stands
                raise
            stop = self.stop(err.line_number or 0)
            if stop is None:
                raise
            number, line = stop
            if line == "Hand cancelled":
                raise self.unsupported(number, line, errors.said("a cancelled hand settles no pot")) from None
            raise self.unsupported(
                number,
                line,
                errors.said("a hand run more than once is read only as PokerStars writes it today"),
            ) from None

    def with_runs(self, hand: HandHistory) -> HandHistory:
        """A hand run more than once, its lines read (see :meth:`run_line`), checked as a whole
        (every run's board has five cards and matches the summary's; no action after the first
        run's cards) and given its ``runs`` and each collection its run."""
        runs = self.runs
        assert runs is not None  # set by run_line before read calls this
        for action in hand.actions:
            if action.line > runs.first:
                raise self.fail(
                    action.line, action.text, errors.said("an action after the board was run more than once")
                )
        count = len(runs.boards)
        at = runs.first
        text = next(line for n, line in self.lines if n == at)
        if count < 2:
            raise self.fail(at, text, errors.said("the board is run once only: a second run is missing"))
        boards = []
        for run in range(1, count + 1):
            board = (*hand.board, *runs.boards[run])
            if len(board) != 5:
                raise self.fail(
                    at,
                    text,
                    errors.said(
                        "the {run}'s board has {count} cards, not five", run=_RUN_NAMES[run], count=len(board)
                    ),
                )
            said = runs.summary_boards.pop(run, None)
            if said is not None and tuple(said) != board:
                raise self.fail(
                    at,
                    text,
                    errors.said(
                        "the summary's board of the {run} differs from its streets", run=_RUN_NAMES[run]
                    ),
                )
            boards.append(board)
        if runs.summary_boards:
            extra = min(runs.summary_boards)
            raise self.fail(at, text, _BOARD_NEVER_DEALT[extra])
        collections = list(hand.collections)
        for start, run in runs.showdowns:  # in the order of the lines: a later showdown relabels its own
            for i in range(start, len(collections)):
                collections[i] = _record(Collection, **{**collections[i].__dict__, "run": run})
        return _record(
            HandHistory, **{**hand.__dict__, "runs": tuple(boards), "collections": tuple(collections)}
        )

    def run_line(self, number: int, line: str, board: list[str], collections: list[Collection]) -> bool:
        """Read a line that deals a run's street or opens its showdown ("*** SECOND RIVER ***
        [3d Kd 9h 8h] [Kc]", "*** FIRST SHOW DOWN ***"); False for any other line. ``board``
        holds the cards dealt once.

        Only a line that no other pattern reads is tried here, so that a hand dealt once never
        meets these patterns; the first such line makes the hand one run more than once
        (:attr:`runs`), which :meth:`with_runs` completes once the hand is read."""
        found = _RUN_STREET.match(line)
        if found is None:
            return False
        runs = self.runs
        if runs is None:
            runs = self.runs = _Runs(number)
        run, name = _RUN_NUMBERS[found.group(1)], found.group(2)
        run_name = _RUN_NAMES[run]
        if name == "SHOW DOWN":
            if run not in runs.boards or len(board) + len(runs.boards[run]) != 5:
                raise self.fail(number, line, _SHOWDOWN_BEFORE[run])
            runs.showdowns.append((len(collections), run))
            return True
        if run > 1 and run - 1 not in runs.boards:
            raise self.fail(number, line, _RUN_BEFORE[run])
        street = _STREET_NAMED[name]
        own = runs.boards.setdefault(run, [])
        if len(board) + len(own) != _BOARD_BEFORE[street]:
            raise self.fail(
                number,
                line,
                errors.said(
                    "the {run}'s {street} comes out of order", run=run_name, street=street_said(street)
                ),
            )
        cards = _CARDS.findall(found.group(3))
        new = self.cards(cards[-1] if cards else "", number, line)
        if len(new) != (3 if street is Street.FLOP else 1):
            raise self.fail(
                number,
                line,
                errors.said(
                    "wrong number of cards on the {run}'s {street}", run=run_name, street=street_said(street)
                ),
            )
        if len(cards) > 1 and self.cards(cards[0], number, line) != [*board, *own]:
            raise self.fail(
                number,
                line,
                errors.said("the board before it is not the {run}'s board so far", run=run_name),
            )
        own.extend(new)
        return True

    def read(self) -> HandHistory:
        """The hand: its header and table lines, then its seats, its play (the betting, the
        streets, the showdown) and its summary, each read by a method of its own."""
        lines = self.lines
        number, header = lines[0]
        match = self.header
        if not match:
            raise self.fail(number, header, errors.said("a hand must start with 'PokerStars Hand #<ID>:'"))
        self.hand_id = match.group(1)
        rest = match.group(2)
        key = _before_date(rest)
        game = _GAMES.get(key) or self.game(key, number, header)
        self.currency = game.currency
        self.known = _AMOUNTS[game.currency]
        if len(lines) < 2:
            raise self.fail(number, header, errors.said("the hand ends after its first line"))
        number, line = lines[1]
        table = _TABLE.match(line)
        if not table:
            raise self.fail(
                number, line, errors.said("expected \"Table '<name>' ... Seat #N is the button\"")
            )
        seats, at = self.seats(lines)
        play = self.play(lines, at, seats, game)
        summary = self.summary(lines, play.end, seats)
        if game.short_deck:
            self.short_deck_cards(play, summary)
        last_number, last_line = lines[-1]
        if summary.total is None or summary.rake is None:
            raise self.fail(
                last_number, last_line, errors.said("the hand has no 'Total pot ... | Rake ...' summary line")
            )
        if not seats:
            raise self.fail(last_number, last_line, errors.said("the hand has no seats"))
        if summary.board is not None and summary.board != play.board:
            raise self.fail(last_number, last_line, errors.said("the summary board differs from the streets"))
        # The values HandHistory's cached properties would work out on first read (every audit
        # reads them, the chip a dozen times), worked out here, where they cost no call: the same rules.
        ordered = tuple(sorted(seats.values(), key=_SEAT_NUMBER))
        players = tuple(map(_SEAT_PLAYER, ordered))
        button_seat = int(table.group(3))
        button = players[-1]  # no seat at or before the button's: the last seat, going round
        for seat in ordered:
            if seat.number > button_seat:
                break
            button = seat.player
        actions = play.actions
        posted = 0
        for action in actions:
            if action.kind not in _POST_KINDS:
                break
            posted += 1
        hand: HandHistory = _record(
            HandHistory,
            hand_id=self.hand_id,
            first_line=lines[0][0],
            header=header,
            tournament=game.tournament,
            small_blind=game.small_blind,
            big_blind=game.big_blind,
            currency=game.currency,
            small_bet=game.small_bet,
            big_bet=game.big_bet,
            table=table.group(1),
            button_seat=button_seat,
            seats=ordered,
            actions=tuple(actions),
            returned=tuple(play.returned),
            board=tuple(play.board),
            shown=MappingProxyType(play.shown),
            collections=tuple(play.collections),
            total_pot=summary.total,
            main_pot=summary.main_pot,
            side_pots=tuple(summary.side_pots),
            rake=summary.rake,
            summary_won=MappingProxyType(summary.won),
            lines=tuple(self.texts),
            game=game.name,
            cap=game.cap,
            remarks=(),
            cash_outs=tuple(play.cash_outs),
            players=players,
            button=button,
            chip=_CENT if game.currency else 1,
            omaha="Omaha" in game.name,
            hi_lo="Hi/Lo" in game.name,
            posts=tuple(actions[:posted]),
            stacks=MappingProxyType(dict(zip(players, map(_SEAT_STACK, ordered), strict=True))),
        )
        return hand if self.runs is None else self.with_runs(hand)

    def game(self, words: str, number: int, header: str) -> _Game:
        """The game of a header's words before its date (:func:`_before_date`), read and kept."""
        # a Home Game's club ("{Friday League} "), in braces, is no part of the game
        said = _CLUB.sub("", words, count=1) if words[:1] == "{" else words
        name, refused = _game(said)
        if name is None:
            raise self.unsupported(number, header, refused)
        hole = 5 if name.startswith("5 Card") else 4 if "Omaha" in name else 2
        tournament = _TOURNAMENT.search(said)
        short_deck = name.startswith("6+")
        stakes = (_BUTTON_STAKES if short_deck else _STAKES).search(said)
        self.currency = tournament is None and bool(stakes and (_CURRENCY.search(stakes.group(0))))
        self.known = _AMOUNTS[self.currency]
        small_blind = big_blind = small_bet = big_bet = cap = None
        if stakes and short_deck:
            # "(Button Blind ¥25 - Ante ¥25 CNY)": the button alone posts a blind, every player
            # an ante; the button blind is the bet a call must reach before the flop.
            big_blind = self.amount(stakes.group(1), number, header)
        elif stakes:
            first = self.amount(stakes.group(1), number, header)
            second = self.amount(stakes.group(2), number, header)
            if _FIXED_LIMIT.search(name) and not _BIG_BET_LIMIT.search(name):
                # "Hold'em Limit (10/20)" names the small and big bets; the big blind is the
                # small bet, the small blind is whatever is posted.
                small_bet, big_bet, big_blind = first, second, first
            else:
                small_blind, big_blind = first, second
            if stakes.group(3):
                cap = self.amount(stakes.group(3), number, header)
        game = _Game(
            name,
            hole,
            tournament.group(1) if tournament else None,
            self.currency,
            small_blind,
            big_blind,
            small_bet,
            big_bet,
            cap,
            short_deck,
        )
        if len(_GAMES) > 1024:  # a bounded cache, like the amounts'
            _GAMES.clear()
        _GAMES[words] = game
        return game

    def short_deck_cards(self, play: _Play, summary: _Summary) -> None:
        """Refuse a 6+ Hold'em hand that deals a deuce, three, four or five (the 36-card deck
        holds none), naming the card and the first line that shows it."""
        for card in chain(play.board, *play.shown.values(), summary.board or ()):
            if card[0] in _LOW_RANKS:
                number, line = next(
                    ((n, text) for n, text in self.lines if f"{card}]" in text or f"{card} " in text),
                    self.lines[0],
                )
                raise self.fail(
                    number,
                    line,
                    errors.said(
                        "card {card} is not in the 36-card deck of 6+ Hold'em (sixes to aces)", card=card
                    ),
                )

    def stop(self, until: int) -> tuple[int, str] | None:
        """The first line up to line number ``until`` (after the table line) that cancels the
        hand or speaks of running it more than once in words the reader does not know ("Run it
        ..."), if any: no such line can be read otherwise, so a hand is searched for one only
        when it fails to read."""
        for number, line in self.lines[2:]:
            if number > until:
                break
            if line == "Hand cancelled" or _UNSUPPORTED.search(line):
                return number, line
        return None

    def seats(self, lines: list[tuple[int, str]]) -> tuple[dict[str, Seat], int]:
        """The seat lines after the table line, by player, and the index of the line after them."""
        seats: dict[str, Seat] = {}
        numbers: set[int] = set()
        known = self.known  # amounts read before, by their text; self.amount reads the others (and a zero)
        bare = object.__new__
        for at in range(2, len(lines)):
            number, line = lines[at]
            seat = _SEAT.match(line)
            if not seat:
                if not seats:
                    raise self.fail(
                        number, line, errors.said("expected the seats ('Seat N: name (stack in chips)')")
                    )
                return seats, at
            seat_number, name, stack_text = seat.group(1, 2, 3)
            n = _SEAT_NUMBERS.get(seat_number) or int(seat_number)
            if not 1 <= n <= MAX_SEATS or n in numbers or name in seats:
                raise self.fail(
                    number, line, errors.said("a seat number or player appears twice or is out of range")
                )
            stack = known.get(stack_text) or self.amount(stack_text, number, line)
            seats[name] = record = bare(Seat)  # see _record: no per-field calls
            record.__dict__.update(
                number=n, player=name, stack=stack, sitting_out=line.endswith("is sitting out")
            )
            numbers.add(n)
        return seats, len(lines)

    def play(self, lines: list[tuple[int, str]], start: int, seats: dict[str, Seat], game: _Game) -> _Play:
        """The lines from the first after the seats to ``*** SUMMARY ***``: the antes and blinds,
        the streets and their bets, the bets returned, the cards shown and the pots collected; and
        the index of the line after the summary's heading."""
        street = Street.PRE_FLOP
        showdown = False
        actions: list[Action] = []
        returned: list[tuple[str, Amount]] = []
        board: list[str] = []
        shown: dict[str, tuple[str, ...]] = {}
        collections: list[Collection] = []
        cash_outs: list[tuple[str, Amount, Amount]] = []
        betting_started = False
        colon_names = ": " in "\n".join(seats)  # a name holds ": " (no name holds a line feed)
        known = self.known
        phrases = _PHRASES[self.currency]
        bare = object.__new__
        for at in range(start, len(lines)):
            number, line = lines[at]
            if line[0] == "*" and (street_line := _STREET.match(line)):
                name = street_line.group(1)
                if name == "SUMMARY":
                    return _Play(actions, returned, board, shown, collections, cash_outs, at + 1)
                if name == "SHOW DOWN":
                    showdown = True
                elif name == "HOLE CARDS":
                    street = Street.PRE_FLOP
                else:
                    street = _STREET_NAMED[name]
                    if len(board) != _BOARD_BEFORE[street]:
                        raise self.fail(
                            number,
                            line,
                            errors.said("the {street} comes out of order", street=street_said(street)),
                        )
                    cards = _CARDS.findall(street_line.group(2))
                    new = self.cards(cards[-1] if cards else "", number, line)
                    if len(new) != (3 if street is Street.FLOP else 1):
                        raise self.fail(
                            number,
                            line,
                            errors.said("wrong number of cards on the {street}", street=street_said(street)),
                        )
                    board.extend(new)
                continue
            head, colon, said = line.partition(": ")
            player: str | None
            seated = seats.get(head) if colon and not colon_names else None
            if seated is not None:
                # the seat's own string, not an equal copy: the audit's lookups by it go quicker
                player = seated.player
            elif not colon:
                player = None  # no "name: " in the line: nobody speaks
            else:
                player = self.speaker(line, seats)
                said = line[len(player) + 2 :] if player is not None else ""
            if player is None:  # a line nobody speaks: a returned bet, a cash-out, a pot collected
                if line.startswith("Dealt to "):
                    continue
                uncalled = _UNCALLED.match(line) if line.startswith("Uncalled") else None
                if uncalled:
                    player = self.player(uncalled.group(2), seats, number, line)
                    back = uncalled.group(1)
                    returned.append((player, known.get(back) or self.amount(back, number, line)))
                    continue
                cash_out = _CASH_OUT.match(line) if " cashed out the hand " in line else None
                if cash_out:
                    fee = self.amount(cash_out.group(3), number, line) if cash_out.group(3) else 0
                    cash_outs.append(
                        (
                            self.player(cash_out.group(1), seats, number, line),
                            self.amount(cash_out.group(2), number, line),
                            fee,
                        )
                    )
                    continue
                collected = _COLLECTED.match(line) if " collected " in line else None
                if collected:
                    player = self.player(collected.group(1), seats, number, line)
                    label = collected.group(3)
                    pot = int(collected.group(4) or 1) if label.startswith("side pot") else 0
                    if label.startswith("side pot") and pot == 0:
                        raise self.fail(number, line, errors.said("side pots are numbered from 1"))
                    written = collected.group(2)
                    won_here = known.get(written) or self.amount(written, number, line)
                    collections.append(
                        _record(Collection, line=number, player=player, amount=won_here, pot=pot, label=label)
                    )
                    continue
                if _NOISE.match(line):
                    continue
                if self.run_line(number, line, board, collections):  # a hand run more than once
                    continue
                raise self.fail(number, line, errors.said("cannot read this line"))
            # A player's line: an action, a card shown, or words the audit does not need.
            said_as = phrases.get(said)  # an action worded so before: (kind, amount, to, all-in)
            if said_as is not None:
                kind, amount, to, all_in = said_as
                if showdown:
                    raise self.fail(number, line, errors.said("a bet after the showdown began"))
            else:
                plain = _PLAIN.get(said)
                if plain is not None:
                    kind, verb = plain
                elif said in _QUIET:
                    continue
                else:
                    verb = None
                    # `kind` is read after the loop: the kind of the pattern that matched
                    for kind, pattern in _VERB_TABLE.get(said[:_VERB_KEY], ()):  # noqa: B007
                        verb = pattern.match(said)
                        if verb:
                            break
                if verb is None:
                    if _NOISE.match(line):
                        continue
                    raise self.fail(number, line, errors.said("cannot read {player}'s action", player=player))
                if kind == "show":
                    cards = self.cards(verb.group(1), number, line)
                    if len(cards) == game.hole:  # a single card shown is not a hand to rank
                        shown[player] = tuple(cards)
                    elif len(cards) > game.hole:
                        raise self.fail(
                            number,
                            line,
                            errors.said("a {game} hand shows {hole} cards", game=game.name, hole=game.hole),
                        )
                    continue
                if showdown:
                    raise self.fail(number, line, errors.said("a bet after the showdown began"))
                amount = 0
                to = None
                all_in = False
                if kind in _ONE_AMOUNT:
                    written, mark = verb.group(1, 2)
                    amount = known.get(written) or self.amount(written, number, line)
                    all_in = mark is not None
                elif kind == "raise":
                    written, written_to, mark = verb.group(1, 2, 3)
                    amount = known.get(written) or self.amount(written, number, line)
                    to = known.get(written_to) or self.amount(written_to, number, line)
                    all_in = mark is not None
                if len(phrases) > 4096:  # a bounded cache, like the amounts': the same words recur
                    phrases.clear()
                phrases[said] = (kind, amount, to, all_in)
            if kind in _POST_KINDS:
                if street is not Street.PRE_FLOP:
                    raise self.fail(number, line, errors.said("antes and blinds are posted before the flop"))
                if showdown:
                    raise self.fail(number, line, errors.said("a post after the cards were dealt"))
                if betting_started:
                    raise self.fail(number, line, errors.said("a post after the betting started"))
            else:
                betting_started = True
            actions.append(action := bare(Action))
            action.__dict__.update(
                line=number,
                street=street,
                player=player,
                kind=kind,
                amount=amount,
                to=to,
                all_in=all_in,
                text=line,
            )
        return _Play(actions, returned, board, shown, collections, cash_outs, len(lines))

    def summary(self, lines: list[tuple[int, str]], start: int, seats: dict[str, Seat]) -> _Summary:
        """The summary's lines: the total pot, the rake, the main and side pots, the board, and
        what each seat's line says its player collected or won."""
        total = rake = main_pot = None
        side_pots: list[Amount] = []
        summary_board: list[str] | None = None
        summary_won: dict[str, Amount] = {}
        by_seat = {_SEAT_HEADS[s.number]: s.player for s in seats.values()}
        for at in range(start, len(lines)):
            number, line = lines[at]
            # The most frequent summary line: "Seat 3: Alice (button) collected ($1.15)".
            head, colon, rest = line.partition(": ")
            owner = by_seat.get(head) if colon else None
            if owner is None and (seat_line := _SUMMARY_SEAT.match(line)):  # written otherwise: "Seat 03: "
                # "": a seat line, but of no seat at the table (no player's name is empty)
                owner = next((s.player for s in seats.values() if s.number == int(seat_line.group(1))), "")
                rest = line[seat_line.end() :]
            if owner is not None:
                if not owner or not rest.startswith(owner):
                    raise self.fail(
                        number, line, errors.said("this summary line names a seat or player not at the table")
                    )
                said = rest[len(owner) :]
                if "collected (" in said or "won (" in said:
                    for won in _SUMMARY_WON.finditer(said):
                        won_here = self.amount(won.group(1), number, line)
                        summary_won[owner] = summary_won.get(owner, 0) + won_here
                continue
            total_line = _TOTAL.match(line)
            if total_line:
                total = self.amount(total_line.group(1), number, line)
                rake = self.amount(total_line.group(3), number, line)
                for part in _POT_PART.finditer(total_line.group(2)):
                    value = self.amount(part.group(3), number, line)
                    if part.group(1) == "Main pot":
                        main_pot = value
                    else:
                        index = int(part.group(2) or 1)
                        if index != len(side_pots) + 1:
                            raise self.fail(number, line, errors.said("side pots are not numbered in order"))
                        side_pots.append(value)
                if side_pots and main_pot is None:
                    raise self.fail(number, line, errors.said("side pots without a main pot"))
                continue
            if line.startswith("Board "):
                found = _CARDS.findall(line)
                summary_board = self.cards(found[0] if found else "", number, line)
                continue
            if _NOISE.match(line):
                continue
            run_board = _RUN_BOARD.match(line) if self.runs is not None else None
            if run_board and self.runs is not None:  # "SECOND Board [...]": a hand run more than once
                run = _RUN_NUMBERS[run_board.group(1)]
                self.runs.summary_boards[run] = self.cards(run_board.group(2), number, line)
                continue
            raise self.fail(number, line, errors.said("cannot read this summary line"))
        return _Summary(total, rake, main_pot, side_pots, summary_board, summary_won)

    @staticmethod
    def speaker(line: str, seats: dict[str, Seat]) -> str | None:
        """The seated player whose name starts the line before ': ' (the longest such name)."""
        best = None
        for name in seats:
            if line.startswith(name + ": ") and (best is None or len(name) > len(best)):
                best = name
        return best

    def cards(self, text: str, number: int, line: str) -> list[str]:
        cards = text.split()
        for card in cards:
            if card not in _CARD_NAMES:
                raise self.fail(number, line, errors.said("{card} is not a card", card=repr(card)))
        if len(cards) > 5:
            raise self.fail(number, line, errors.said("too many cards"))
        return cards


class _Runs:
    """What the lines of a hand run more than once add, gathered while it is read (see
    :meth:`_Reader.parse`): ``first``, the number of the first line that runs the board again;
    each run's cards beyond those dealt once (``boards``, by run); where each run's showdown
    starts among the collected lines (``showdowns``: index of its first collection, run); and the
    summary's board of each run."""

    def __init__(self, first: int) -> None:
        self.first = first
        self.boards: dict[int, list[str]] = {}
        self.showdowns: list[tuple[int, int]] = []
        self.summary_boards: dict[int, list[str]] = {}


class HandLines(list):
    """The numbered lines of one hand, as :func:`iter_hand_lines` cuts them.

    ``total`` counts every line of the hand, including those beyond :data:`MAX_HAND_LINES` that
    were not kept; ``bad`` lists ``(line number, reason)`` for lines that are not UTF-8 text.
    """

    total: int = 0
    bad: tuple[tuple[int, str], ...] = ()


def iter_hand_lines(lines: Iterable[str | bytes]) -> Iterator[HandLines]:
    """Cut a stream of lines into hands, one at a time: each starts at a 'PokerStars Hand #' line.

    Lines are numbered from 1 (a lone carriage return also ends a line); blank lines, byte-order
    marks (files joined with ``cat`` carry one
    in the middle) and the ``*********** # N ****`` separators some tools write are dropped.
    Text before the first hand that is not blank becomes a hand of its own, so that reading it
    fails with its line number. Lines given as bytes are decoded one by one as UTF-8; a line that
    is not UTF-8 is read as Windows-1252 (as older PokerStars clients wrote) and noted with its
    own number in ``bad``. At most :data:`MAX_HAND_LINES` + 1 lines of a
    hand and :data:`MAX_LINE_CHARS` + 1 characters of a line are kept.

    >>> [len(h) for h in iter_hand_lines(["PokerStars Hand #1: x", "a", "", "PokerStars Hand #2: y", "b"])]
    [2, 2]
    >>> [h.bad for h in iter_hand_lines([b"PokerStars Hand #3: x", b"Seat 1: J\\xe9r\\xf4me (5 in chips)"])]
    [((2, 'byte 0xe9 at column 10 is not UTF-8: the line is read as Windows-1252'),)]
    """
    stream = iter(lines)
    hand: HandLines | None = None  # the hand being cut: it may go on in the next batch
    number = 0  # the lines numbered so far
    most = MAX_HAND_LINES + 1
    # A batch of lines at a time: cleaned, searched for the hands' first lines and cut with a
    # few operations a hand, not a few Python steps a line (most batches are plain text).
    while batch := list(islice(stream, _BATCH)):
        texts = _plain_batch(batch)
        numbers: Sequence[int]
        notes: list[str] | None = None
        if texts is not None:
            numbers = range(number + 1, number + 1 + len(texts))
            number += len(texts)
        else:  # bytes, carriage returns, byte-order marks or long lines: line by line
            numbers, texts, notes = [], [], []
            for at, line, note in _numbered(batch, number):
                numbers.append(at)
                texts.append(_clean_line(line))
                notes.append(note)
                number = at
        previous, opening = 0, False  # where the run of lines begins, and whether a hand does
        for boundary in [*_hand_starts(texts), len(texts)]:
            if boundary > previous:
                kept, bad = _kept_lines(
                    numbers[previous:boundary],
                    texts[previous:boundary],
                    None if notes is None else notes[previous:boundary],
                )
                if kept and (opening or hand is None):  # a hand, or text before the first hand
                    if hand is not None:
                        yield hand
                    hand = HandLines()
                if hand is not None:
                    if len(hand) < most:
                        hand.extend(kept[: most - len(hand)])
                    hand.total += len(kept)
                    if bad:
                        hand.bad = (*hand.bad, *bad)
            previous, opening = boundary, True
    if hand is not None:
        yield hand


_BATCH = 4096
"""How many lines :func:`iter_hand_lines` takes at a time."""


def _plain_batch(batch: list[str | bytes]) -> list[str] | None:
    """The lines of ``batch`` with their trailing blanks dropped and cut at lone carriage returns,
    if that is all the cleaning they need (text, no line feed inside a line, no byte-order mark, no
    line over the limit); else None, and :func:`iter_hand_lines` reads them one by one."""
    try:
        joined = "\n".join(batch)  # type: ignore[arg-type]  # bytes raise: read line by line
    except TypeError:
        return None
    if "\r" in joined:  # Windows line ends are fine; a carriage return inside a line ends a line
        batch = list(map(_WITHOUT_LINE_END, batch))
        joined = "\n".join(batch)  # type: ignore[arg-type]
        if "\r" in joined:  # lines ended by a lone carriage return (old Macintosh files): cut there
            if joined.count("\n") != len(batch) - 1:
                return None  # a line feed inside a line too: line by line
            batch = joined.replace("\r", "\n").split("\n")  # type: ignore[assignment]
    if "\ufeff" in joined or max(map(len, batch)) > MAX_LINE_CHARS + 1:
        return None
    return list(map(str.rstrip, batch))  # type: ignore[arg-type]  # every line is a str here


_WITHOUT_LINE_END = methodcaller("rstrip", "\r\n")


def _clean_line(line: str) -> str:
    """A line as a hand keeps it: at most MAX_LINE_CHARS + 1 characters, no byte-order mark, no
    trailing blanks (the line feed of a text stream's line among them)."""
    if len(line) > MAX_LINE_CHARS + 1:
        line = line[: MAX_LINE_CHARS + 1]
    if "\ufeff" in line:
        line = line.replace("\ufeff", "")
    return line.rstrip()


def _hand_starts(texts: list[str]) -> list[int]:
    """The indexes of the lines that start a hand ("PokerStars Hand #...:"), found in the joined text."""
    joined = "\n".join(texts)
    starts = [0] if joined.startswith("PokerStars") and _HEADER.match(texts[0]) else []
    line, after = 0, 0  # the line that begins at `after`, where the text is still to be searched
    at = joined.find("\nPokerStars")
    while at >= 0:
        line += joined.count("\n", after, at + 1)
        after = at + 1
        if line >= len(texts):
            break
        if _HEADER.match(texts[line]):
            starts.append(line)
        at = joined.find("\nPokerStars", after)
    if line + joined.count("\n", after) != len(texts) - 1:  # a line holds a line feed: line by line
        return [i for i, text in enumerate(texts) if text.startswith("PokerStars") and _HEADER.match(text)]
    return starts


def _kept_lines(
    numbers: Sequence[int], texts: list[str], notes: list[str] | None
) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """The numbered lines a hand keeps of a run of lines (blank lines and separators dropped), and
    the notes of the kept lines that were not UTF-8."""
    end = len(texts)
    while end and (not texts[end - 1] or _dropped(texts[end - 1])):  # blank lines: no call
        end -= 1  # the blank lines and separators between two hands
    body = texts[:end]
    # No blank line and no separator among the others? A separator holds a "#" after its stars
    # ("*** # 12 ***"), as do a hand's first two lines (its ID, its button seat), which are looked
    # at apart, and a few others ("joins the table at seat #3").
    rest = "\n".join(body[2:])
    if (
        notes is None
        and "" not in body
        and ("#" not in rest or ("*#" not in rest and "* #" not in rest))
        # (and neither of the first two lines starts with a star: else the loop below decides)
        and (not body or (body[0][:1] != "*" and (len(body) < 2 or body[1][:1] != "*")))
    ):
        return list(zip(numbers[:end], body, strict=True)), []
    kept, bad = [], []
    for at, line, note in zip(numbers, texts, notes or [""] * len(texts), strict=True):
        if _dropped(line):
            continue
        kept.append((at, line))
        if note:
            bad.append((at, note))
    return kept, bad


def _dropped(line: str) -> bool:
    """Whether a hand drops this (cleaned) line: a blank line, or a ``*** # N ***`` separator."""
    return not line or (line[0] == "*" and _SEPARATOR.match(line) is not None)


def _numbered(lines: Iterable[str | bytes], number: int = 0) -> Iterator[tuple[int, str, str]]:
    """Number the lines from ``number`` + 1 (a lone carriage return ends a line too); decode bytes
    one line at a time: UTF-8, or else Windows-1252 (older PokerStars clients wrote it), with a
    note. A text line's final line feed is left to the caller, which drops trailing blanks."""
    for raw in lines:
        if type(raw) is str and "\r" not in raw:  # nearly every line
            number += 1
            yield number, raw, ""
        elif isinstance(raw, bytes):
            parts = raw.rstrip(b"\r\n").split(b"\r")
            for part in parts:
                number += 1
                try:
                    yield number, part.decode("utf-8"), ""
                except UnicodeDecodeError as err:
                    note = errors.said(
                        "byte {byte} at column {column} is not UTF-8: the line is read as Windows-1252",
                        byte=f"0x{part[err.start]:02x}",
                        column=err.start + 1,
                    )
                    yield number, part.decode("cp1252", errors="replace"), note
        else:
            text = raw.rstrip("\r\n")
            if "\r" not in text:
                number += 1
                yield number, text, ""
                continue
            for piece in text.split("\r"):
                number += 1
                yield number, piece, ""


def split_hands(text: str) -> list[HandLines]:
    """Cut a file's text into hands (see :func:`iter_hand_lines`): a list, for small texts.

    >>> [len(hand) for hand in split_hands("PokerStars Hand #1: x\\na\\n\\n\\nPokerStars Hand #2: y\\nb\\n")]
    [2, 2]
    """
    return list(iter_hand_lines(io.StringIO(text, newline=None)))


def parse_hand(lines: list[tuple[int, str]]) -> HandHistory:
    """Read one hand from its numbered lines; raise HandHistoryError naming the hand and line.

    A game or feature the engine does not handle raises :class:`UnsupportedHandError`.

    >>> parse_hand([(7, "PokerStars Hand #42: Hold'em No Limit (5/10)"), (8, "Table 'T'")])
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: hand #42, line 8:
    expected "Table '<name>' ... Seat #N is the button": "Table 'T'"
    """
    first = lines[0]
    match = _HEADER.match(first[1][:MAX_LINE_CHARS])
    hand_id = match.group(1) if match else None
    total = getattr(lines, "total", len(lines))
    if total > MAX_HAND_LINES:
        raise _error(
            hand_id,
            first[0],
            first[1],
            errors.said(
                "the hand has {total} lines, more than the limit of {limit}",
                total=total,
                limit=MAX_HAND_LINES,
            ),
        )
    texts = [text for _, text in lines]
    if max(map(len, texts)) > MAX_LINE_CHARS:
        number, line = next((n, text) for n, text in lines if len(text) > MAX_LINE_CHARS)
        raise _error(
            hand_id,
            number,
            line,
            errors.said("the line has more than the limit of {limit} characters", limit=MAX_LINE_CHARS),
        )
    hand = _Reader(lines, texts, match).parse()
    bad = getattr(lines, "bad", ())
    if bad:
        first_number, first_reason = bad[0]
        more = (
            ""
            if len(bad) == 1
            else errors.said(" (and 1 more line)")
            if len(bad) == 2
            else errors.said(" (and {count} more lines)", count=len(bad) - 1)
        )
        remark = errors.said("line {line}: {reason}{more}", line=first_number, reason=first_reason, more=more)
        hand = replace(hand, remarks=(remark,))
    return hand


def iter_text(lines: Iterable[str | bytes]) -> Iterator[HandHistory | HandHistoryError]:
    """Read hands one at a time from a stream of lines; an unreadable hand is yielded as its error.

    >>> [type(h).__name__ for h in iter_text(["hello", "PokerStars Hand #9: Razz Limit (1/2)"])]
    ['HandHistoryError', 'UnsupportedHandError']
    """
    for hand_lines in iter_hand_lines(lines):
        try:
            yield parse_hand(hand_lines)
        except HandHistoryError as err:
            yield err


def parse_text(text: str) -> list[HandHistory | HandHistoryError]:
    """Read every hand of a file's text; a hand that cannot be read is returned as its error.

    >>> [type(h).__name__ for h in parse_text("hello\\nPokerStars Hand #9: Razz Limit (1/2)")]
    ['HandHistoryError', 'UnsupportedHandError']
    >>> print(parse_text("PokerStars Hand #9: Razz Limit (1/2)")[0])  # doctest: +NORMALIZE_WHITESPACE
    hand #9, line 1: Razz is not a game the engine plays: only hold'em and Omaha hands can be read:
    "PokerStars Hand #9: Razz Limit (1/2)"
    """
    if not isinstance(text, str):
        raise HandHistoryError(
            errors.said("a hand history must be text, not {kind}", kind=type(text).__name__)
        )
    return list(iter_text(io.StringIO(text, newline=None)))


_CHUNK = 1 << 20
"""How many bytes of a file are read at a time."""


def _bounded_blocks(handle: io.BufferedIOBase, name: str) -> Iterator[list[str] | list[bytes]]:
    """The lines of a binary file, a block of lines at a time, each cut to a bounded length.

    A block that is UTF-8 is decoded at once and its lines given as text; a block that is not is
    given line by line as bytes, for :func:`iter_hand_lines` to decode one line at a time (and
    name the line). The rest of an overlong line is skipped without being kept.
    """
    limit = 4 * (MAX_LINE_CHARS + 2)
    tail = b""
    skipping = False
    number = 0
    while True:
        chunk = handle.read(_CHUNK)
        if not chunk:
            break
        if skipping:
            end = chunk.find(b"\n")
            if end < 0:
                continue
            chunk, skipping = chunk[end + 1 :], False
        data = tail + chunk
        end = data.rfind(b"\n")
        lines = _text_lines(data[:end]) if end >= 0 and len(data) - end <= limit else None
        if lines is not None:  # nearly every block: decoded and split once
            tail = data[end + 1 :]
            yield lines
            number += len(lines)
            continue
        pieces = data.split(b"\n")
        tail = pieces.pop()
        if len(tail) > limit:
            pieces.append(tail[:limit])
            tail, skipping = b"", True
        yield _block(pieces, limit, number, name)
        number += len(pieces)
    if tail:
        yield _block([tail], limit, number, name)


def _text_lines(data: bytes) -> list[str] | None:
    """The lines of ``data``, if it is UTF-8 text with no NUL byte and no line that
    :func:`_bounded_blocks` would cut; else ``None`` (:func:`_block` then reads it line by line)."""
    if b"\x00" in data:
        return None
    try:
        lines = data.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return None
    # A line of at most MAX_LINE_CHARS + 2 characters has at most 4 * (MAX_LINE_CHARS + 2) bytes.
    return lines if max(map(len, lines)) <= MAX_LINE_CHARS + 2 else None


def _block(lines: list[bytes], limit: int, number: int, name: str) -> list[str] | list[bytes]:
    if not lines:
        return []
    cut = lines if max(map(len, lines)) <= limit else [line[:limit] for line in lines]
    block = b"\n".join(cut)
    if b"\x00" in block:
        where = number + block[: block.index(b"\x00")].count(b"\n") + 1
        raise HandHistoryError(
            errors.said("{name} is not a text file (line {line} holds a NUL byte)", name=name, line=where)
        )
    try:
        return block.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return cut


def open_lines(path: str | os.PathLike[str]) -> Iterator[str | bytes]:
    """The lines of a hand-history file, read as they are needed; errors name the file.

    Lines come as text, or as bytes where a block of the file is not UTF-8 (see
    :func:`iter_hand_lines`, which decodes those one line at a time).

    >>> next(open_lines("/nonexistent/hands.txt"))
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: cannot read hands.txt: no such file
    """
    # chained in C: a line costs no step of a Python generator (a block of lines does)
    return chain.from_iterable(_file_blocks(path))


def _file_blocks(path: str | os.PathLike[str]) -> Iterator[list[str] | list[bytes]]:
    """The blocks of lines of :func:`_bounded_blocks`, the file opened on the first read."""
    name = os.path.basename(os.fspath(path))
    try:
        # closed by the `with` below; opened apart so that opening and reading errors read differently
        handle = open(path, "rb")  # noqa: SIM115
    except FileNotFoundError:
        raise HandHistoryError(errors.said("cannot read {name}: no such file", name=name)) from None
    except IsADirectoryError:
        raise HandHistoryError(errors.said("cannot read {name}: it is a directory", name=name)) from None
    except OSError as err:
        raise HandHistoryError(_unreadable(name, err)) from None
    with handle:
        try:
            yield from _bounded_blocks(handle, name)
        except IsADirectoryError:
            raise HandHistoryError(errors.said("cannot read {name}: it is a directory", name=name)) from None
        except OSError as err:
            raise HandHistoryError(_unreadable(name, err)) from None


def _unreadable(name: str, err: OSError) -> str:
    """Why the file ``name`` cannot be read: the system's own words for ``err`` (as it gives them)."""
    return errors.said("cannot read {name}: {problem}", name=name, problem=str(err.strerror or err))


def read_file(path: str | os.PathLike[str]) -> list[HandHistory | HandHistoryError]:
    """Read a whole hand-history file (UTF-8, with or without byte-order marks) into a list.

    For large files use :func:`iter_text` over :func:`open_lines`, which keeps one hand at a time.

    >>> read_file("/nonexistent/hands.txt")
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: cannot read hands.txt: no such file
    """
    return list(iter_text(open_lines(path)))
