"""One hand's lines as a text reader goes through them: what the line readers share.

The Full Tilt, Ignition/Bovada and partypoker readers go through a hand line by line, each line
with its number in the file. :class:`HandLines` holds those numbered lines, says a failure with
the hand's ID and the line (the same words as the PokerStars reader's), reads an amount once per
text (a bounded cache per room and per kind of game: chips or a currency) and checks card names.
A room's reader subclasses it and gives its own :meth:`HandLines.read_amount` where the room
writes amounts its own way (partypoker's ``1.200`` thousands).

>>> from potengine.histories.rooms import BY_NAME, RoomHand
>>> hand = RoomHand(BY_NAME["fulltilt"], "42", 7, "Full Tilt Poker Game #42: ...\\nSeat 1: A ($1)\\n\\n")
>>> lines = HandLines(hand)
>>> lines.lines
[(7, 'Full Tilt Poker Game #42: ...'), (8, 'Seat 1: A ($1)')]
>>> lines.amount("$1,354", 8, "Seat 1: A ($1,354)"), lines.cards("As 10d", 8, "...")
(1354, ['As', '10d'])
>>> lines.cards("As Xx", 8, "Seat 1: A shows [As Xx]")
Traceback (most recent call last):
...
potengine.errors.HandHistoryError: hand #42, line 8: 'Xx' is not a card: "Seat 1: A shows [As Xx]"
"""

from __future__ import annotations

from typing import ClassVar

from .. import errors
from ..chips import Amount
from ..errors import HandHistoryError
from .amounts import exact_amount
from .pokerstars import _CARD_NAMES, MAX_HAND_LINES, MAX_LINE_CHARS, _error
from .rooms import RoomHand

CACHED = 4096
"""The most amounts a room's cache keeps before it starts again (amounts repeat from hand to hand)."""


class HandLines:
    """One hand's lines, read in order; every failure names the hand ID and the line."""

    AMOUNTS: ClassVar[dict[bool, dict[str, Amount]]] = {False: {}, True: {}}
    """The amounts already read, by their text, in games played in chips and in a currency (each
    room's reader class has its own: the same text may mean another amount in another room)."""
    MOST_CARDS: ClassVar[int] = 5
    """The most cards one bracket may hold (a board)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.AMOUNTS = {False: {}, True: {}}

    def __init__(self, hand: RoomHand, texts: list[str] | None = None) -> None:
        self.hand_id = hand.hand_id
        if texts is None:
            texts = list(map(str.rstrip, hand.text.split("\n")))
        while texts and not texts[-1]:
            texts.pop()
        self.texts = texts
        self.lines = list(zip(range(hand.line, hand.line + len(texts)), texts, strict=True))
        self.currency = False

    def first(self) -> tuple[int, str]:
        """The hand's first line and its number, once the hand is known to be one a reader reads:
        not empty, at most ``MAX_HAND_LINES`` lines, none longer than ``MAX_LINE_CHARS``."""
        lines = self.lines
        if not lines:
            raise self.fail(0, "", errors.said("the hand is empty"))
        number, first = lines[0]
        if len(lines) > MAX_HAND_LINES:
            raise self.fail(
                number,
                first,
                errors.said(
                    "the hand has {total} lines, more than the limit of {limit}",
                    total=len(lines),
                    limit=MAX_HAND_LINES,
                ),
            )
        if max(map(len, self.texts)) > MAX_LINE_CHARS:
            n, text = next((n, text) for n, text in lines if len(text) > MAX_LINE_CHARS)
            raise self.fail(
                n,
                text,
                errors.said("the line has more than the limit of {limit} characters", limit=MAX_LINE_CHARS),
            )
        return number, first

    def fail(self, number: int, line: str, reason: str) -> HandHistoryError:
        """The error of this hand at line ``number`` (its text ``line``), saying ``reason``."""
        return _error(self.hand_id, number, line, reason)

    def amount(self, text: str, number: int, line: str) -> Amount:
        """The amount ``text`` as written on line ``number``, exact (read once per text)."""
        known = self.AMOUNTS[self.currency]
        value = known.get(text)
        if value is None:
            value = self.read_amount(text, number, line)
            if len(known) > CACHED:
                known.clear()
            known[text] = value
        return value

    def read_amount(self, text: str, number: int, line: str) -> Amount:
        """``text`` read as an amount: ``$1,354.50``, ``6,000`` (currency signs and thousands
        commas dropped, then :func:`~potengine.histories.amounts.exact_amount`)."""
        try:
            return exact_amount(text.lstrip("$€£").replace(",", ""), text, currency=self.currency)
        except ValueError as err:
            raise self.fail(number, line, errors.message_of(err)) from None

    def cards(self, text: str, number: int, line: str, most: int | None = None) -> list[str]:
        """The cards of ``text`` (space apart), each checked; at most ``most`` (default
        :attr:`MOST_CARDS`)."""
        cards = text.split()
        for card in cards:
            if card not in _CARD_NAMES:
                raise self.fail(number, line, errors.said("{card} is not a card", card=repr(card)))
        if len(cards) > (self.MOST_CARDS if most is None else most):
            raise self.fail(number, line, errors.said("too many cards"))
        return cards
