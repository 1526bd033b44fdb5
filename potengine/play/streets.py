"""The streets of a hold'em hand and the kinds of things that happen on them, as enums.

A :class:`Street` is an :class:`int` (0 pre-flop .. 4 showdown), so streets compare and index
like numbers, and reads as its one spelling: ``pre-flop``, ``flop``, ``turn``, ``river``,
``showdown``. An :class:`Kind` is a :class:`str` (``"raise"`` equals ``Kind.RAISE``).

>>> Street.FLOP, str(Street.PRE_FLOP), Street(3).label, Street.TURN + 1
(<Street.FLOP: 1>, 'pre-flop', 'river', 3)
>>> Kind.RAISE == "raise", Kind("big blind ante").is_post
(True, True)
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from ..errors import said


class Street(IntEnum):
    """A betting round of hold'em, then the showdown (when the betting is over)."""

    PRE_FLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4

    @property
    def label(self) -> str:
        """The street as written in the book and in transcripts: ``pre-flop``, ``flop`` ..."""
        return _LABELS[self]

    def __str__(self) -> str:
        return _LABELS[self]

    def __format__(self, spec: str) -> str:
        """Formatted as its label, so ``f"{street:>9}"`` reads ``" pre-flop"``, not a number.

        >>> f"{Street.PRE_FLOP:>9}|{Street.RIVER}"
        ' pre-flop|river'
        """
        return format(_LABELS[self], spec)


_LABELS = ("pre-flop", "flop", "turn", "river", "showdown")


def street_said(street: Street) -> str:
    """The street's label said, for an error message (in the error's language).

    >>> street_said(Street.TURN), street_said(Street.PRE_FLOP).in_language("de")
    ('turn', 'Pre-Flop')
    """
    if street is Street.PRE_FLOP:
        return said("pre-flop")
    if street is Street.FLOP:
        return said("flop")
    if street is Street.TURN:
        return said("turn")
    if street is Street.RIVER:
        return said("river")
    return said("showdown")


BETTING_STREETS: tuple[Street, ...] = (Street.PRE_FLOP, Street.FLOP, Street.TURN, Street.RIVER)
"""The four betting rounds, in order."""

STREET_NAMES: tuple[str, ...] = _LABELS[:4]
"""The labels of the four betting rounds (``"pre-flop"`` .. ``"river"``)."""


class Kind(StrEnum):
    """What one :class:`~potengine.play.records.Operation` is: a post, an action or cards."""

    ANTE = "ante"
    BIG_BLIND_ANTE = "big blind ante"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    STRADDLE = "straddle"
    DEAD_BLIND = "dead blind"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    HOLE = "hole"
    BOARD = "board"
    SHOW = "show"
    MUCK = "muck"
    RUN = "run"

    @property
    def is_post(self) -> bool:
        """True for antes and blinds (chips posted before the cards are dealt)."""
        return self in _POSTS


_POSTS = frozenset(
    {Kind.ANTE, Kind.BIG_BLIND_ANTE, Kind.SMALL_BLIND, Kind.BIG_BLIND, Kind.STRADDLE, Kind.DEAD_BLIND}
)
