"""The neutral hand record: what every room's reader fills and the one auditor checks.

A reader (one module per room: :mod:`~potengine.histories.pokerstars`, ...) turns a room's text
into :class:`HandHistory` records; :func:`potengine.histories.audit.audit_hand` checks any of them
the same way. The record is the room's words put in one shape, never recomputed: a room's
conventions (which total it writes, whether it writes returns, how it names the pots) are turned
into this shape by its reader, or marked as not stated, never tested inside the auditor.

The shape every reader fills
----------------------------
- ``hand_id`` is text, as the room writes it (``"RC3877234115"``, ``"9630554-604-1489827073"``).
- ``seats``: seat number, player, chips at the start of the hand, in clockwise order;
  ``button_seat`` the button's seat number.
- ``actions`` in order, each on its street. Posts come first (``"ante"``, ``"small blind"``,
  ``"big blind"``, ``"blinds"``, ``"button blind"``, ``"straddle"``: a live blind of any size,
  ``amount`` the chips the line adds and ``to`` the straddler's bet after it (``None`` when the
  line's amount is his whole bet); a dead post is read by
  :func:`~potengine.histories.contributions.dead_posts` from the line's text, as PokerStars words it, or
  given by the reader as ``"dead"`` in the action's text). For ``"call"`` and ``"bet"``,
  ``amount`` is the chips the line adds; for ``"raise"``, ``amount`` is the raise over the bet
  faced and ``to`` the player's whole bet on the street after it. A reader of a room that writes
  the chips added for a raise (WPN, partypoker, an iPoker all-in) or the street total for a call
  (PokerNow) converts them to this: both the chips added and the street total then follow.
- ``returned``: the unmatched chips the room says it gave back, ``(player, amount)``.
- ``board`` (the cards dealt once), ``runs`` (each run's whole board in a hand run more than
  once), ``shown`` (each player's cards shown).
- ``collections``: who took how much, from which pot (0 = the main or only pot, 1 = the first
  side pot, ...), on which run.
- What the room states about the totals: ``total_pot`` (before the rake, after the returns),
  ``main_pot`` and ``side_pots`` (after the rake), ``rake`` (everything the room withholds from
  the pot: ``withheld`` names its parts where the room does, ``(("rake", 0.15), ("jackpot",
  0.07))``), ``added`` (the room's money put into the main pot, named: ``(("cash drop",
  0.2),)``), ``cash_outs`` (paid outside the pot).

What a room does not state
--------------------------
``not_stated`` names what the room's text does not say, so that the auditor never calls the room
wrong for it: the verdict's notes say "not stated by the room: not checked", and what can still be
checked is (the chips put in, the legality of the betting, the winners from the cards shown, the
odd chip, the conservation of chips):

- :data:`TOTAL`: no total pot line (iPoker, 888, PokerNow): ``total_pot`` is not read.
- :data:`RAKE`: no rake line (iPoker, 888, PokerNow): what is not paid out or returned is taken
  as withheld, and said so.
- :data:`RETURNS`: no line gives back an unmatched bet (Winamax, 888, partypoker, iPoker): the
  engine's return is taken, and a collection that holds it is accepted.
- :data:`POT_NAMES`: the collections do not say main or side pot (GGPoker, 888, iPoker,
  PokerNow): each player's winnings are placed main pot first.
- :data:`SIDE_POTS`: the room states the total pot but not each pot's size (``main_pot`` is
  then None whatever the pots): the total alone is checked. Implied by :data:`TOTAL`.

:func:`potengine.histories.stated.fill_unstated` fills in what is not stated, from the chips put
in, before the auditor's checks, and says what it filled in.

>>> hand = HandHistory(
...     hand_id="RC1", first_line=1, header="", tournament=None, small_blind=1, big_blind=2,
...     currency=False, table="", button_seat=1, seats=(Seat(1, "Ann", 100), Seat(2, "Bo", 100)),
...     actions=(), returned=(), board=(), shown={}, collections=(), total_pot=0, main_pot=None,
...     side_pots=(), rake=0, room="GGPoker", not_stated=frozenset({POT_NAMES}))
>>> hand.players, hand.room, sorted(hand.not_stated)
(('Ann', 'Bo'), 'GGPoker', ['pot names'])
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Any, TypeVar

from ..cached import cached
from ..chips import Amount
from ..errors import HandHistoryError, said
from ..play.streets import Street

R = TypeVar("R")

TOTAL = "total pot"
"""In :attr:`HandHistory.not_stated`: the room writes no total pot."""
RAKE = "rake"
"""In :attr:`HandHistory.not_stated`: the room writes no rake."""
RETURNS = "returns"
"""In :attr:`HandHistory.not_stated`: the room writes no line returning an unmatched bet."""
POT_NAMES = "pot names"
"""In :attr:`HandHistory.not_stated`: the room's collections do not name the pot."""
SIDE_POTS = "side pots"
"""In :attr:`HandHistory.not_stated`: the room states the total pot but not each pot's size."""
NOT_STATED = frozenset((TOTAL, RAKE, RETURNS, POT_NAMES, SIDE_POTS))
"""Everything a reader may mark as not stated."""

_CENT = Decimal("0.01")
_POST_KINDS = frozenset(("ante", "small blind", "big blind", "blinds", "button blind", "straddle"))


def kind_said(kind: str) -> str:
    """An action's ``kind`` named in an error, quoted as the record writes it (``'straddle'``)
    and said in the error's language; a kind of no reader's, as it is.

    >>> kind_said("straddle"), kind_said("big blind").in_language("de"), kind_said("x")
    ("'straddle'", "'Big-Blind'", "'x'")
    """
    if kind == "ante":
        return said("'ante'")
    if kind == "small blind":
        return said("'small blind'")
    if kind == "big blind":
        return said("'big blind'")
    if kind == "blinds":
        return said("'blinds'")
    if kind == "button blind":
        return said("'button blind'")
    if kind == "straddle":
        return said("'straddle'")
    if kind == "fold":
        return said("'fold'")
    if kind == "check":
        return said("'check'")
    if kind == "call":
        return said("'call'")
    if kind == "bet":
        return said("'bet'")
    if kind == "raise":
        return said("'raise'")
    return repr(kind)


def json_error_said(err: ValueError) -> str:
    """What :func:`json.loads` found wrong (a :class:`json.JSONDecodeError`), said in the error's
    language; another error as it reads.

    >>> try:
    ...     json.loads('{"a" 1}')
    ... except ValueError as err:
    ...     said_ = json_error_said(err)
    >>> said_, said_.in_language("de")
    ("Expecting ':' delimiter: line 1 column 6 (char 5)", "':' erwartet: Zeile 1, Spalte 6 (Zeichen 5)")
    """
    if isinstance(err, json.JSONDecodeError):
        what = _JSON_ERRORS.get(err.msg)
        if what is not None:
            return said(
                "{what}: line {line} column {column} (char {char})",
                what=what,
                line=err.lineno,
                column=err.colno,
                char=err.pos,
            )
    return str(err)


_JSON_ERRORS = {
    "Expecting value": said("Expecting value"),
    "Expecting ',' delimiter": said("Expecting ',' delimiter"),
    "Expecting ':' delimiter": said("Expecting ':' delimiter"),
    "Expecting property name enclosed in double quotes": said(
        "Expecting property name enclosed in double quotes"
    ),
    "Unterminated string starting at": said("Unterminated string starting at"),
    "Invalid control character at": said("Invalid control character at"),
    "Invalid \\escape": said("Invalid \\escape"),
    "Invalid \\uXXXX escape": said("Invalid \\uXXXX escape"),
    "Extra data": said("Extra data"),
}
"""The messages of :mod:`json`'s decoder, said."""


class UnsupportedHandError(HandHistoryError):
    """A hand history of a game or feature the engine does not handle (stud, razz, short deck, a
    cancelled hand, a hand run twice in words other than PokerStars' own): it is well formed, and
    read no further.

    >>> issubclass(UnsupportedHandError, HandHistoryError)
    True
    """


def record(cls: type[R], **fields: Any) -> R:
    """One of the reader's frozen records (a seat, an action, a hand) from values the reader has
    checked: what the dataclass's ``__init__`` would store, every field given, without its
    per-field calls (a microsecond a record, on every line of every hand)."""
    record = object.__new__(cls)
    record.__dict__.update(fields)
    return record


@dataclass(frozen=True)
class Seat:
    """A seat at the table: its number, the player and the chips he started the hand with."""

    number: int
    player: str
    stack: Amount
    sitting_out: bool = False


@dataclass(frozen=True)
class Action:
    """One line of the betting, in order.

    ``kind`` is ``"ante"``, ``"small blind"``, ``"big blind"``, ``"blinds"`` (small and big blind
    posted together), ``"button blind"``, ``"straddle"``, ``"fold"``, ``"check"``, ``"call"``,
    ``"bet"`` or ``"raise"``. ``amount`` is the number the line writes ("calls 18" → 18, "raises
    20 to 40" → 20) and ``to`` the total a raise or a straddle brings the player's bet on this
    street to (40), else ``None``.
    """

    line: int
    street: Street
    player: str
    kind: str
    amount: Amount = 0
    to: Amount | None = None
    all_in: bool = False
    text: str = ""


@dataclass(frozen=True)
class Collection:
    """A "collected" line: who took how much from which pot (0 = main pot or the only pot), and,
    in a hand run more than once, on which run's showdown (1 for the first; 0 in a hand dealt once).
    """

    line: int
    player: str
    amount: Amount
    pot: int
    label: str
    run: int = 0


@dataclass(frozen=True)
class HandHistory:
    """One hand as the history tells it, in any room; nothing is recomputed here (see
    :mod:`potengine.histories.audit`). The module's notes say what each field means in every room.

    ``summary_won`` is what the summary's seat lines say each player "collected" or "won" (over
    every run of a hand run more than once);
    ``cash_outs`` lists ``(player, amount, fee)`` for each "cashed out the hand for $A | Cash Out
    Fee $F" line (an all-in cash-out: the site pays the player, and the pot he wins is not awarded).

    ``seats`` are in seat-number order, which is the clockwise order around the table;
    ``pots_reported`` lists the summary's main pot and side pots (after rake), or the single pot
    (total less rake) when the summary names no side pot. In a fixed-limit hand the header's stakes
    are the ``small_bet`` and ``big_bet``, and ``big_blind`` is the small bet.

    A hand run more than once ("*** FIRST FLOP ***", see the module's notes) has in ``runs`` each
    run's whole board (five cards), first run first; ``board`` is then the cards dealt once, before
    the runs (none when the players were all-in before the flop), and each collection names its run.
    A hand dealt once has no ``runs``.
    """

    hand_id: str
    first_line: int
    header: str
    tournament: str | None
    small_blind: Amount | None
    big_blind: Amount | None
    currency: bool
    table: str
    button_seat: int
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    returned: tuple[tuple[str, Amount], ...]
    board: tuple[str, ...]
    shown: Mapping[str, tuple[str, ...]]
    collections: tuple[Collection, ...]
    total_pot: Amount
    main_pot: Amount | None
    side_pots: tuple[Amount, ...]
    rake: Amount
    summary_won: Mapping[str, Amount] = field(default_factory=dict)
    lines: tuple[str, ...] = field(default=(), repr=False)
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    game: str = "Hold'em"
    cap: Amount | None = None
    remarks: tuple[str, ...] = ()
    cash_outs: tuple[tuple[str, Amount, Amount], ...] = ()
    runs: tuple[tuple[str, ...], ...] = ()
    room: str = "PokerStars"
    not_stated: frozenset[str] = frozenset()
    withheld: tuple[tuple[str, Amount], ...] = ()
    added: tuple[tuple[str, Amount], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "shown", MappingProxyType(dict(self.shown)))
        object.__setattr__(self, "summary_won", MappingProxyType(dict(self.summary_won)))
        if not self.not_stated <= NOT_STATED:
            unknown = ", ".join(sorted(self.not_stated - NOT_STATED))
            raise ValueError(f"not_stated names {unknown}: only {', '.join(sorted(NOT_STATED))} can be")

    @cached
    def omaha(self) -> bool:
        """Whether the game is Omaha (four or five hole cards), high only or hi-lo."""
        return "Omaha" in self.game

    @cached
    def hi_lo(self) -> bool:
        """Whether each pot is split between the best high and the best qualifying low hand."""
        return "Hi/Lo" in self.game

    @cached
    def players(self) -> tuple[str, ...]:
        """Every seated player, in clockwise seat order."""
        return tuple([seat.player for seat in self.seats])

    @cached
    def button(self) -> str:
        """The player on the button; if that seat is empty, the nearest player before it."""
        before = [s for s in self.seats if s.number <= self.button_seat]
        return (before or list(self.seats))[-1].player

    @cached
    def posts(self) -> tuple[Action, ...]:
        """The antes and blinds: the first actions of the hand, since the reader refuses a post
        once the betting has started."""
        count = 0
        for action in self.actions:
            if action.kind not in _POST_KINDS:
                break
            count += 1
        return self.actions[:count]

    @cached
    def chip(self) -> Amount:
        """The smallest unit of the game: a cent for real money, one chip otherwise."""
        return _CENT if self.currency else 1

    @property
    def flop_seen(self) -> bool:
        """Whether a flop was dealt (for no-flop-no-drop rake): a hand run more than once was."""
        return len(self.board) >= 3 or bool(self.runs)

    @property
    def added_total(self) -> Amount:
        """All the money the room added to the pot (0 when none)."""
        return sum((amount for _, amount in self.added), start=0)

    @property
    def pots_reported(self) -> tuple[Amount, ...]:
        """The pots as the summary states them, after rake, main pot first (none when the room
        does not state each pot's size)."""
        if self.not_stated and (SIDE_POTS in self.not_stated or TOTAL in self.not_stated):
            return ()
        if self.main_pot is None:
            return (self.total_pot - self.rake,)
        return (self.main_pot, *self.side_pots)

    @cached
    def stacks(self) -> Mapping[str, Amount]:
        """Every player's chips at the start of the hand, in seat order."""
        return MappingProxyType({seat.player: seat.stack for seat in self.seats})

    def stack(self, player: str) -> Amount:
        """The chips ``player`` had at the start of the hand."""
        return self.stacks[player]


def pot_label(index: int, count: int) -> str:
    """PokerStars' name for pot ``index`` of ``count``: "pot", "main pot", "side pot", "side pot-2".

    >>> [pot_label(i, 3) for i in range(3)], pot_label(0, 1), pot_label(1, 2)
    (['main pot', 'side pot-1', 'side pot-2'], 'pot', 'side pot')
    """
    if count <= 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{index}"
