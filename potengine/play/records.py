"""The records of a hand: what happened (:class:`Operation`), the pots formed after a round
(:class:`StreetPot`), what the player to act may do (:class:`Legal`) and the table (:class:`Setup`).

>>> str(Operation(Street.FLOP, "Cy", Kind.RAISE, 24, 30))
'Cy raises to 30'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..cards.omaha import HOLE_COUNTS
from ..chips import Amount, format_amount
from ..pots.runs import times
from .streets import Kind, Street
from .structures import Structure

GAMES = ("holdem", "omaha", "omaha-hi-lo")
"""The games the hand model plays: hold'em, Omaha (high only) and Omaha eight-or-better hi-lo."""

HOLE_CARDS = {"holdem": (2,), "omaha": HOLE_COUNTS, "omaha-hi-lo": HOLE_COUNTS}
"""How many hole cards a player may hold in each game (every player the same number)."""

GAME_NAMES = {"holdem": "hold'em", "omaha": "Omaha", "omaha-hi-lo": "Omaha hi-lo"}
"""Each game as a dealer names it."""

_VERBS = {Kind.FOLD: "folds", Kind.CHECK: "checks", Kind.CALL: "calls", Kind.MUCK: "mucks"}


class Operation(NamedTuple):
    """One thing that happened at the table, in order: a post, an action or a card dealt.

    ``kind`` is a :class:`~potengine.play.streets.Kind` (a str: ``ante``, ``big blind ante``,
    ``small blind``, ``big blind``, ``fold``, ``check``, ``call``, ``bet``, ``raise``, ``hole``,
    ``board``, ``show``, ``muck``; ``straddle`` and ``dead blind`` posts; ``run``, the players'
    agreement to run the rest of the board more than once). ``added`` is the chips moved from the
    stack to the middle, ``to`` the player's street total afterwards (for ``run``: the number of
    runs), ``full`` False for a short all-in that does not reopen the betting.
    """

    street: Street
    player: str | None
    kind: Kind
    added: Amount = 0
    to: Amount = 0
    all_in: bool = False
    full: bool = True
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        """The operation as a dealer says it, e.g. ``Cy raises to 30`` or ``board Kd 9h 4s``."""
        kind = self.kind
        cards = " ".join(self.cards)
        if kind == Kind.BOARD:
            return f"board {cards}"
        if kind == Kind.HOLE:
            return f"{self.player} is dealt {cards or '??'}"
        if kind == Kind.SHOW:
            return f"{self.player} shows {cards}"
        if kind == Kind.RUN:
            return f"the players run it {times(int(self.to))}"
        tail = " all-in" if self.all_in else ""
        if kind == Kind.BET or kind == Kind.RAISE:
            verb = "bets" if kind == Kind.BET else "raises to"
            short = "" if self.full else f" (not a full {kind})"
            return f"{self.player} {verb} {format_amount(self.to)}{tail}{short}"
        if kind.is_post:
            return f"{self.player} posts the {kind} {format_amount(self.added)}{tail}"
        amount = f" {format_amount(self.added)}" if self.added else ""
        return f"{self.player} {_VERBS[kind]}{amount}{tail}"


@dataclass(frozen=True)
class Boards:
    """A hand with more than one board: run two or three times (``kind`` ``"runs"``) or dealt on
    two boards at once (``"boards"``, a double-board bomb pot).

    The first board is the table's own ``board``; the others are in ``extra`` (their own cards
    only): every run shares the first ``common`` cards (those dealt before the runs were agreed).

    >>> Boards("runs", 2, 3, (("Kd", "2s"),)).board(2, ("Ah", "7c", "7d", "9s", "Qh"))
    ('Ah', '7c', '7d', 'Kd', '2s')
    """

    kind: str
    count: int
    common: int
    extra: tuple[tuple[str, ...], ...]
    extra_index: tuple[tuple[int, ...], ...] = ()

    def board(self, number: int, first: Sequence[str]) -> tuple[str, ...]:
        """Board ``number`` (1 for the first) in full, given the first board ``first``."""
        if number == 1:
            return tuple(first)
        return tuple(first[: self.common]) + self.extra[number - 2]

    def index(self, number: int, first: Sequence[int]) -> list[int]:
        """Board ``number``'s deck indexes, given the first board's."""
        if number == 1:
            return list(first)
        return list(first[: self.common]) + list(self.extra_index[number - 2])

    @property
    def name(self) -> str:
        """``"run"`` or ``"board"``: what one of them is called."""
        return "run" if self.kind == "runs" else "board"


class StreetPot(NamedTuple):
    """A pot as the dealer forms it at the end of a betting round.

    ``closed`` pots take no more chips (one of their players is all-in at their top, EX-16).
    """

    amount: Amount
    eligible: tuple[str, ...]
    closed: bool


class Legal(NamedTuple):
    """What the player to act may do: ``to_call`` chips to call (0: he may check), and the
    smallest and largest total a bet or raise may go to (``None`` when he may not bet or raise).

    ``call`` is the chips a call really adds (less than ``to_call`` when it puts him all-in),
    ``wager`` is ``"bet"`` or ``"raise"``.
    """

    player: str
    to_call: Amount
    call: Amount
    wager: str
    min_to: Amount | None
    max_to: Amount | None

    @property
    def can_check(self) -> bool:
        """True when nothing is owed."""
        return self.to_call == 0

    @property
    def can_raise(self) -> bool:
        """True when a bet or raise is open to him."""
        return self.min_to is not None


@dataclass(frozen=True)
class Extras:
    """What a hand adds to the usual blinds and antes (the rules: :mod:`potengine.play.hand`).

    ``straddles``: the live straddles in the order posted, (seat, amount), each twice the blind or
    straddle before; ``missed``: players back from missed blinds, (seat, ``"small"``, ``"big"`` or
    ``"both"``); ``bomb_pot``: the ante of a bomb pot (0: none), every player antes it, no blinds,
    no pre-flop betting; ``boards``: boards dealt at once (2: a double-board bomb pot).

    >>> Extras(straddles=((2, 4),)).boards
    1
    """

    straddles: tuple[tuple[int, Amount], ...] = ()
    missed: tuple[tuple[int, str], ...] = ()
    bomb_pot: Amount = 0
    boards: int = 1


@dataclass(frozen=True)
class Setup:
    """The table before the cards are dealt: seats in clockwise order, stacks, button and stakes."""

    players: tuple[str, ...]
    stacks: tuple[Amount, ...]
    button: int
    small_blind: Amount
    big_blind: Amount
    ante: Amount
    big_blind_ante: bool
    structure: Structure
    chip: Amount
    game: str = "holdem"
    extras: Extras | None = None
    """Straddles, missed blinds or a bomb pot (None for a hand with none of them)."""

    @property
    def straddles(self) -> tuple[tuple[int, Amount], ...]:
        """Live straddles in the order posted: (seat, amount)."""
        return () if self.extras is None else self.extras.straddles

    @property
    def missed(self) -> tuple[tuple[int, str], ...]:
        """Players back from missed blinds: (seat, ``"small"``, ``"big"`` or ``"both"``)."""
        return () if self.extras is None else self.extras.missed

    @property
    def bomb_pot(self) -> Amount:
        """The ante of a bomb pot (0: not a bomb pot)."""
        return 0 if self.extras is None else self.extras.bomb_pot

    @property
    def boards(self) -> int:
        """Boards dealt at once (2: a double-board bomb pot)."""
        return 1 if self.extras is None else self.extras.boards

    @property
    def hole_cards(self) -> tuple[int, ...]:
        """How many hole cards each player may be dealt: 2 in hold'em, 4, 5 or 6 in Omaha.

        >>> from potengine.play.hand import start_hand
        >>> start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2, game="omaha").setup.hole_cards
        (4, 5, 6)
        """
        return HOLE_CARDS[self.game]

    @property
    def small_blind_seat(self) -> int:
        """Heads-up the button posts the small blind; otherwise the seat left of the button."""
        n = len(self.players)
        return self.button if n == 2 else (self.button + 1) % n

    @property
    def big_blind_seat(self) -> int:
        """The seat left of the small blind."""
        return (self.small_blind_seat + 1) % len(self.players)
