"""Reading 888poker (Pacific Poker, Cassava, LuckyAcePoker) hand histories into the neutral record.

What 888 writes
---------------
Measured on the 41 files of ``../shared/data/other-rooms/888poker`` (one hand each; two of them
are written in partypoker's layout and read as partypoker: 39 hands here):

- ``***** 888poker Hand History for Game 349615227 *****`` (``Cassava`` in one, ``LuckyAcePoker.com``
  in one), sometimes after a ``#Game No : …`` line; then the stakes, the game and the date
  (``$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 08:35:17``; ``Fix Limit Holdem``, ``Pot
  Limit Omaha``, ``No Limit Omaha``, ``Pot Limit OmahaHL``; a ``Jackpot table``), the table
  (``Table Amsterdam 9 Max (Real Money)``), ``Seat 9 is the button``, ``Total number of players :
  7`` and one ``Seat 1: HROckabilly ( $10 )`` line per player.
- Posts (``posts small blind [$0.05]``, ``posts big blind [$0.10]``, a second big blind by a
  player coming in, ``posts dead blind [$1 + $2]``: a dead small blind and a big blind), then
  ``** Dealing down cards **`` (missing in two hands), the actions (``folds``, ``checks``,
  ``calls [$0.05]``, ``bets [$0.10]``, ``raises [$0.35]``), the board (``** Dealing flop ** [ 7d,
  Kh, 5h ]``, ``turn``, ``river``), ``** Summary **``, the cards (``shows [ Jh, Ad ]``, ``mucks [
  …]``, ``did not show his hand``, in hi-lo ``(Hi: …)`` and ``(Lo: …)``) and ``collected [ $1.52
  ]`` lines.
- A call, a bet and a raise all write the chips the line adds: ``raises [$200]`` by a big blind
  of $20 brings his bet to $220 (the $150 call that follows matches it).
- No rake, no total pot, no all-in mark, no side pot, no uncalled bet line. A collected line is
  what the player was paid, after rake: in the 29 hands that reach the flop the pot less 5%
  (rounded down to the cent; capped: $2.50 to $5 in four pots), in the 10 that do not the whole
  pot. The unmatched part of a bet is paid nowhere in 22 hands (a bet or raise nobody calls: the
  collected amount is the pot), inside the collected amount in 2 (a big blind the small blind
  folds to collects the small blind and his whole blind) and as the whole collected line in one
  (a small blind every other player folds to, no big blind posted, collects his own 25 $ back).
- In hi-lo a player who scoops writes a collected line per half (two hands: ``collected [ $0.95
  ]`` twice); one hand with no low writes the whole pot once. No hand here is a tie between
  players; a tied pot written in one collected line would pay one of the tied players alone, which
  the auditor calls wrong, naming the share of the other.
- A hand mucked at the summary is written (``mucks [ 4s, 4c ]``) but gives up the pot: in one hand
  the mucked pair of fours makes two pair, better than the shown hand, and the shown hand collects.
- Amounts carry the sign before (``$2,141``, ``$4,744.48``: comma thousands) or after (``1 192,48
  $``, ``64,60 $``: decimal comma, space thousands) by skin; one file's space is a UTF-8
  no-break space encoded twice (``3Â\\xa0023,50 $``), read as one.
- One hand shows its cards with Scandinavian ranks (``Ec``, ``Knc``, ``Dc``: ess, knekt, dam):
  read as ``Ac``, ``Jc``, ``Qc`` (the board of the same hand is written ``Ks`` ``Kd``, kings in
  both; the pot goes to the two pair those ranks make).

How each maps to the record
---------------------------
- ``actions`` in order; a raise's chips added become ``to`` (the player's bet on the street
  after it) and ``amount`` (``to`` less the largest bet on the street); ``posts dead blind [$1 +
  $2]`` is ``"blinds"`` of $3, its part over the big blind dead; a post or call that takes a
  player's last chip is marked all-in from his chips (888 marks none).
- ``collections`` one per collected line, in the main pot; ``not_stated`` holds ``TOTAL``,
  ``RAKE``, ``RETURNS`` and ``POT_NAMES``: the auditor takes the engine's returns (out of a
  collection that holds them) and what the collections leave of the pots as the rake.
- ``shown``: the cards shown at the summary (not those mucked, nor the hero's ``Dealt to``
  cards: neither is shown to the table); a remark names each player who mucks.
- In a fixed-limit game the header's stakes are the blinds: the small bet is the big blind, the
  big bet twice it.
- Amounts are ``Decimal`` in real-money games (``currency=True``), ``int`` in play money.

>>> from potengine.histories.rooms import BY_NAME, RoomHand
>>> text = '''***** 888poker Hand History for Game 7 *****
... $1/$2 Blinds No Limit Holdem - *** 01 01 2026 12:00:00
... Table Demo 6 Max (Real Money)
... Seat 1 is the button
... Total number of players : 2
... Seat 1: Ann ( $100 )
... Seat 2: Bo ( $80 )
... Ann posts small blind [$1]
... Bo posts big blind [$2]
... ** Dealing down cards **
... Ann raises [$5]
... Bo folds
... ** Summary **
... Ann collected [ $4 ]'''
>>> hand = read_hand(RoomHand(BY_NAME["888poker"], "7", 1, text))
>>> [(a.player, a.kind, str(a.amount), str(a.to)) for a in hand.actions][2:]
[('Ann', 'raise', '4', '6'), ('Bo', 'fold', '0', 'None')]
>>> [(c.player, str(c.amount)) for c in hand.collections], hand.game, hand.button
([('Ann', '4')], "Hold'em No Limit", 'Ann')
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from .. import errors
from ..chips import Amount
from ..errors import HandHistoryError
from ..play.streets import Street, street_said
from .amounts import MAX_DIGITS
from .record import (
    POT_NAMES,
    RAKE,
    RETURNS,
    TOTAL,
    Action,
    Collection,
    HandHistory,
    Seat,
    UnsupportedHandError,
)
from .record import record as _record
from .rooms import RoomHand

MAX_HAND_LINES = 400
"""A hand with more lines than this is refused (a real one has well under 100)."""

ROOM = "888poker"
NOT_STATED = frozenset((TOTAL, RAKE, RETURNS, POT_NAMES))

_HEADER = re.compile(
    r"^\*{5} (?:888poker|888\.\w+|Cassava|Pacific Poker|LuckyAcePoker\.com) Hand History for Game (\d+)"
)
_STAKES = re.compile(r"^(.+?)/(.+?) Blinds (.+?) - \*\*\* ")
_GAMES = {
    "No Limit Holdem": "Hold'em No Limit",
    "Pot Limit Holdem": "Hold'em Pot Limit",
    "Fix Limit Holdem": "Hold'em Limit",
    "No Limit Omaha": "Omaha No Limit",
    "Pot Limit Omaha": "Omaha Pot Limit",
    "Fix Limit Omaha": "Omaha Limit",
    "Pot Limit OmahaHL": "Omaha Hi/Lo Pot Limit",
    "No Limit OmahaHL": "Omaha Hi/Lo No Limit",
    "Fix Limit OmahaHL": "Omaha Hi/Lo Limit",
}
_TABLE = re.compile(r"^Table (.+?)(?: \d+ Max)? \((Real|Play) Money\)$")
_BUTTON = re.compile(r"^Seat (\d+) is the button$")
_COUNT = re.compile(r"^Total number of players : (\d+)$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \( (.+) \)$")
_ACTION = re.compile(
    r"^(.+?) (posts small blind|posts big blind|posts dead blind|posts ante|calls|bets|raises) \[(.+)\]$"
)
_PLAIN = re.compile(r"^(.+?) (folds|checks)$")
_STREET = re.compile(r"^\*\* Dealing (flop|turn|river) \*\* \[(.*)\]$")
_SHOWS = re.compile(r"^(.+?) (shows|mucks) \[(.*)\]$")
_DEALT = re.compile(r"^Dealt to (.+?) \[(.*)\]$")
_COLLECTED = re.compile(r"^(.+?) collected \[ (.+) \]$")
_QUIET = re.compile(r"^(?:#Game No : \d+|.+ did not show his hand|\((?:Hi|Lo): .*\)|)$")
_AMOUNT = re.compile(r"^\d{1,3}(?:([,. ])\d{3})*(?:([.,])(\d{1,2}))?$|^\d+(?:([.,])(\d{1,2}))?$")
_STREETS = {"flop": (Street.FLOP, 0, 3), "turn": (Street.TURN, 3, 1), "river": (Street.RIVER, 4, 1)}
_RANKS = {
    **{str(n): str(n) for n in range(2, 10)},
    "10": "T",
    "T": "T",
    "J": "J",
    "Q": "Q",
    "K": "K",
    "A": "A",
}
_SCANDINAVIAN = {"E": "A", "KN": "J", "D": "Q"}
"""Ess, knekt, dam: the ranks of a Scandinavian deck that differ from the English letters."""
_POSTS = {"posts small blind": "small blind", "posts big blind": "big blind", "posts ante": "ante"}
_AMOUNTS: dict[bool, dict[str, Amount]] = {False: {}, True: {}}
"""The amounts already read, by their text: in games played in chips and in real money."""


def _error(
    hand_id: str | None, number: int, line: str, reason: str, kind: type[HandHistoryError] = HandHistoryError
) -> HandHistoryError:
    """An error naming the hand, the line's number and its text, as every reader's do."""
    shown = "".join(c if c.isprintable() else "?" for c in line.strip()[:120])
    where = errors.said("hand #{hand_id}", hand_id=hand_id) if hand_id else errors.said("hand (no ID)")
    err = kind(
        errors.said(
            '{hand}, line {number}: {reason}: "{line}"', hand=where, number=number, reason=reason, line=shown
        )
    )
    err.hand_id, err.line_number, err.line = hand_id, number, line
    return err


def read_amount(text: str, *, currency: bool) -> Amount:
    """An 888 amount as a number: ``Decimal`` when ``currency``, else ``int`` chips.

    The sign goes, before or after; a space (or a no-break space), comma or dot followed by three
    digits groups thousands, a comma or dot followed by one or two digits is the decimal mark.

    >>> read_amount("$4,744.48", currency=True), read_amount("1 192,48 $", currency=True)
    (Decimal('4744.48'), Decimal('1192.48'))
    >>> read_amount("3Â\\xa0023,50 $", currency=True), read_amount("$2,141", currency=True)
    (Decimal('3023.50'), Decimal('2141'))
    >>> read_amount("$1.2.3", currency=True)
    Traceback (most recent call last):
    ...
    ValueError: cannot read the amount '$1.2.3'
    """
    raw = text.replace("Â\u00a0", " ").replace("\u00a0", " ").strip().strip("$€£").strip()
    match = _AMOUNT.match(raw)
    if match is None or len(raw) > MAX_DIGITS + 8:
        raise ValueError(errors.said("cannot read the amount {text}", text=repr(text)))
    group, mark, cents = match.group(1), match.group(2), match.group(3)
    if match.group(4):
        mark, cents = match.group(4), match.group(5)
    if group is not None and group == mark:
        raise ValueError(errors.said("cannot read the amount {text}", text=repr(text)))
    whole = raw[: raw.rfind(mark)] if mark else raw
    digits = "".join(c for c in whole if c.isdigit())
    try:
        value = Decimal(digits + ("." + cents if cents else ""))
    except InvalidOperation:  # pragma: no cover - the pattern passes digits only
        raise ValueError(errors.said("cannot read the amount {text}", text=repr(text))) from None
    if currency:
        return value
    if cents and int(cents):
        raise ValueError(errors.said("{amount} has cents in a game played in chips", amount=text.strip()))
    return int(value)


def read_card(text: str) -> str:
    """A card as 888 writes it (``Jh``, ``10c``; a Scandinavian deck's ``Ec``, ``Knc``, ``Dc``),
    as the engine writes it.

    >>> read_card("Jh"), read_card("Knc"), read_card("Ec"), read_card("Dc")
    ('Jh', 'Jc', 'Ac', 'Qc')
    >>> read_card("Xz")
    Traceback (most recent call last):
    ...
    ValueError: unknown card 'Xz'
    """
    word = text.strip()
    suit = word[-1:].lower()
    rank_text = word[:-1].upper()
    rank = _RANKS.get(rank_text) or _SCANDINAVIAN.get(rank_text)
    if rank is None or suit not in "cdhs" or not suit:
        raise ValueError(errors.said("unknown card {card}", card=repr(word)))
    return rank + suit


class _Reader:
    """One hand, line by line; every failure named by hand and line."""

    def __init__(self, hand: RoomHand) -> None:
        self.hand = hand
        self.hand_id = hand.hand_id
        self.texts = hand.text.split("\n")
        self.currency = True

    def fail(
        self, index: int, reason: str, kind: type[HandHistoryError] = HandHistoryError
    ) -> HandHistoryError:
        index = min(max(index, 0), len(self.texts) - 1)
        return _error(self.hand_id, self.hand.line + index, self.texts[index], reason, kind)

    def amount(self, text: str, index: int) -> Amount:
        known = _AMOUNTS[self.currency]
        value = known.get(text)
        if value is not None:
            return value
        try:
            value = read_amount(text, currency=self.currency)
        except ValueError as err:
            raise self.fail(index, errors.message_of(err)) from None
        if len(known) > 4096:  # a bounded cache: amounts repeat from hand to hand
            known.clear()
        known[text] = value
        return value

    def cards(self, text: str, index: int) -> list[str]:
        try:
            return [read_card(word) for word in text.split(",") if word.strip()]
        except ValueError as err:
            raise self.fail(index, errors.message_of(err)) from None

    def read(self) -> HandHistory:
        texts = self.texts
        if len(texts) > MAX_HAND_LINES:
            raise self.fail(0, errors.said("the hand has more than {count} lines", count=MAX_HAND_LINES))
        header = _HEADER.match(texts[0])
        if header is None:
            raise self.fail(
                0, errors.said("a hand must start with '***** 888poker Hand History for Game <ID>'")
            )
        self.hand_id = header.group(1)
        if len(texts) < 6:
            raise self.fail(len(texts) - 1, errors.said("the hand ends before its seats (truncated)"))
        stakes = _STAKES.match(texts[1])
        if stakes is None:
            raise self.fail(1, errors.said("expected '<small>/<big> Blinds <game> - *** <date>'"))
        game = _GAMES.get(stakes.group(3).removesuffix(" Jackpot table"))
        if game is None:
            raise self.fail(
                1,
                errors.said("888 game {game}: only hold'em and Omaha are read", game=repr(stakes.group(3))),
                UnsupportedHandError,
            )
        table = _TABLE.match(texts[2])
        if table is None:
            raise self.fail(2, errors.said("expected 'Table <name> (Real Money)' or '(Play Money)'"))
        self.currency = table.group(2) == "Real"
        small_blind = self.amount(stakes.group(1), 1)
        big_blind = self.amount(stakes.group(2), 1)
        small_bet = big_bet = None
        if game.endswith(" Limit") and "Pot" not in game and "No" not in game:
            small_bet, big_bet = big_blind, 2 * big_blind
        button = _BUTTON.match(texts[3])
        if button is None:
            raise self.fail(3, errors.said("expected 'Seat N is the button'"))
        count = _COUNT.match(texts[4])
        if count is None:
            raise self.fail(4, errors.said("expected 'Total number of players : N'"))
        seats: dict[str, Seat] = {}
        index = 5
        while index < len(texts) and (seat := _SEAT.match(texts[index])):
            name = seat.group(2)
            if name in seats:
                raise self.fail(index, errors.said("{name} is seated twice", name=repr(name)))
            seats[name] = Seat(int(seat.group(1)), name, self.amount(seat.group(3), index))
            index += 1
        if len(seats) != int(count.group(1)):
            raise self.fail(
                4,
                errors.said(
                    "{announced} players announced, {seated} seated",
                    announced=count.group(1),
                    seated=len(seats),
                ),
            )
        return self.play(
            index,
            seats,
            game,
            table.group(1),
            int(button.group(1)),
            small_blind,
            big_blind,
            small_bet,
            big_bet,
        )

    def play(
        self,
        index: int,
        seats: dict[str, Seat],
        game: str,
        table: str,
        button_seat: int,
        small_blind: Amount,
        big_blind: Amount,
        small_bet: Amount | None,
        big_bet: Amount | None,
    ) -> HandHistory:
        texts = self.texts
        first = self.hand.line
        zero: Amount = Decimal(0) if self.currency else 0
        actions: list[Action] = []
        board: list[str] = []
        shown: dict[str, tuple[str, ...]] = {}
        collections: list[Collection] = []
        mucked: list[str] = []
        street = Street.PRE_FLOP
        bets = dict.fromkeys(seats, zero)
        spent = dict.fromkeys(seats, zero)
        current = zero
        summary = False
        betting = False  # once a line other than a post is read, posts are over
        hole = 4 if "Omaha" in game else 2

        def player(name: str, at: int) -> str:
            if name not in seats:
                raise self.fail(at, errors.said("{name} has no seat in this hand", name=repr(name)))
            return seats[name].player

        for at in range(index, len(texts)):
            line = texts[at]
            number = first + at
            if not line:
                continue
            if not summary and (line.endswith(" folds") or line.endswith(" checks")):
                plain = _PLAIN.match(line)
                if plain:
                    name = player(plain.group(1), at)
                    kind = "fold" if plain.group(2) == "folds" else "check"
                    actions.append(
                        _record(
                            Action,
                            line=number,
                            street=street,
                            player=name,
                            kind=kind,
                            amount=zero,
                            to=None,
                            all_in=False,
                            text=line,
                        )
                    )
                    betting = True
                    continue
            if summary:
                collected = _COLLECTED.match(line)
                if collected:
                    name = player(collected.group(1), at)
                    collections.append(
                        Collection(number, name, self.amount(collected.group(2), at), 0, "collected")
                    )
                    continue
                show = _SHOWS.match(line)
                if show:
                    name = player(show.group(1), at)
                    cards = self.cards(show.group(3), at)
                    if len(cards) != hole:
                        reason = (
                            errors.said(
                                "{name} shows {count} cards, not {hole}",
                                name=name,
                                count=len(cards),
                                hole=hole,
                            )
                            if show.group(2) == "shows"
                            else errors.said(
                                "{name} mucks {count} cards, not {hole}",
                                name=name,
                                count=len(cards),
                                hole=hole,
                            )
                        )
                        raise self.fail(at, reason)
                    if show.group(2) == "shows":
                        shown[name] = tuple(cards)
                    else:  # a mucked hand is written, but gives up the pot
                        mucked.append(name)
                    continue
                if _QUIET.match(line):
                    continue
                raise self.fail(at, errors.said("a line the summary does not hold"))
            if line == "** Summary **":
                summary = True
                continue
            if line == "** Dealing down cards **":
                betting = True
                continue
            deal = _STREET.match(line)
            if deal:
                street, before, new = _STREETS[deal.group(1)]
                cards = self.cards(deal.group(2), at)
                if len(board) != before or len(cards) != new:
                    raise self.fail(
                        at,
                        errors.said(
                            "the {street} comes out of order or with {count} cards",
                            street=street_said(street),
                            count=len(cards),
                        ),
                    )
                board.extend(cards)
                bets, current, betting = dict.fromkeys(seats, zero), zero, True
                continue
            hero = _DEALT.match(line)
            if hero:  # the hero's own cards: not shown to the table
                player(hero.group(1), at)
                self.cards(hero.group(2), at)
                continue
            move = _ACTION.match(line)
            if move is None:
                if _QUIET.match(line):
                    continue
                raise self.fail(at, errors.said("a line this reader does not know"))
            name, verb = player(move.group(1), at), move.group(2)
            to: Amount | None = None
            if verb.startswith("posts"):
                if betting:
                    raise self.fail(at, errors.said("a post after the betting has started"))
                if verb == "posts dead blind":
                    parts = [self.amount(part, at) for part in move.group(3).split("+")]
                    amount = sum(parts, start=zero)
                    kind = (
                        "blinds" if len(parts) > 1 else "small blind" if amount < big_blind else "big blind"
                    )
                else:
                    amount, kind = self.amount(move.group(3), at), _POSTS[verb]
                added = amount
                live = amount if kind != "blinds" else min(amount, big_blind)
                if kind == "small blind" and any(a.player == name and a.kind == "big blind" for a in actions):
                    live = zero
                if kind != "ante":
                    bets[name] += live
            else:
                betting = True
                added = self.amount(move.group(3), at)
                if verb == "raises":
                    to = bets[name] + added
                    amount, kind = to - current, "raise"
                else:
                    amount, kind = added, "call" if verb == "calls" else "bet"
                bets[name] += added
            spent[name] += added
            if bets[name] > current:
                current = bets[name]
            all_in = bool(added) and spent[name] == seats[name].stack
            actions.append(Action(number, street, name, kind, amount, to, all_in, line))
        if not summary:
            raise self.fail(
                len(texts) - 1, errors.said("the hand ends before its '** Summary **' (truncated)")
            )
        return HandHistory(
            hand_id=self.hand_id or "",
            first_line=first,
            header=texts[0],
            tournament=None,
            small_blind=small_blind,
            big_blind=big_blind,
            currency=self.currency,
            table=table,
            button_seat=button_seat,
            seats=tuple(sorted(seats.values(), key=lambda s: s.number)),
            actions=tuple(actions),
            returned=(),
            board=tuple(board),
            shown=shown,
            collections=tuple(collections),
            total_pot=zero,
            main_pot=None,
            side_pots=(),
            rake=zero,
            lines=tuple(texts),
            small_bet=small_bet,
            big_bet=big_bet,
            game=game,
            remarks=tuple(
                errors.said(
                    "{player} mucks: the cards are written, but the hand gives up the pot", player=name
                )
                for name in mucked
            ),
            room=ROOM,
            not_stated=NOT_STATED,
        )


def read_hand(hand: RoomHand) -> HandHistory:
    """Read one 888 hand, as :func:`potengine.histories.rooms.cut_hands` cuts it, into the neutral
    record; a hand that cannot be read raises a :class:`~potengine.errors.HandHistoryError` naming
    the hand and the line.

    >>> from potengine.histories.rooms import BY_NAME, RoomHand
    >>> try:
    ...     read_hand(RoomHand(BY_NAME["888poker"], "5", 9, "***** 888poker Hand History for Game 5 *****"))
    ... except HandHistoryError as err:
    ...     print(err.hand_id, err.line_number, str(err).split(":")[1])
    5 9  the hand ends before its seats (truncated)
    """
    return _Reader(hand).read()
