"""The errors potengine raises.

Every error is a :class:`ValueError` subclass, raised *before* any chip moves, and its message
names what is wrong: the player, the card or the amount.

>>> from potengine.errors import InputError
>>> issubclass(InputError, ValueError)
True
"""

from __future__ import annotations


class PotEngineError(ValueError):
    """Base class of every error potengine raises on bad input or an illegal action."""


class InputError(PotEngineError):
    """Input to a settlement is malformed: an amount, a player, a ranking, the button or the chip."""


class CardError(PotEngineError):
    """A card is malformed, duplicated or impossible (names the card)."""


class IllegalActionError(PotEngineError):
    """An action breaks the betting rules (names the player and the rule); the hand is unchanged."""


class HandHistoryError(PotEngineError):
    """A hand history cannot be read (names the hand ID and the line)."""

    # Set by the reader where it knows them; None for an error about a whole file or hand.
    hand_id: str | None = None
    line_number: int | None = None
    line: str | None = None


class IllegalHandHistoryError(IllegalActionError, HandHistoryError):
    """A hand history holds an action the rules forbid (names the hand, the action line and the
    rule): both an :class:`IllegalActionError` and a :class:`HandHistoryError`.

    >>> issubclass(IllegalHandHistoryError, IllegalActionError)
    True
    >>> issubclass(IllegalHandHistoryError, HandHistoryError)
    True
    """
