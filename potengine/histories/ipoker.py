"""Reading iPoker hand histories (XML, every skin of the network) into the neutral record.

What iPoker writes
------------------
Measured on the 58 files of ``../shared/data/other-rooms/ipoker`` (693 hands; one file holds a
session without a hand):

- A file holds one ``<session>`` or several in a row (two files: 4 and 20), each opening with a
  ``<general>`` block that names the game, its stakes and the table once for all its hands
  (``<gametype>Holdem NL €0.50/€1</gametype>``, ``Holdem L $5/$10``, ``Omaha PL £0.50/£1``; a
  tournament's ``Holdem NL`` with ``<tournamentcode>`` and ``<tournamentname>``), then one
  ``<game gamecode="…">`` per hand (three tournament hands, the others cash games).
  :func:`potengine.histories.rooms.cut_hands` gives each hand its session's ``<general>`` block
  (``RoomHand.preamble``). One session says ``Holdem PL`` but deals every player four cards.
- Each ``<game>`` lists its players (``<player seat= name= chips= dealer= win= bet=>``: the chips
  at the start, the button, what the player was paid and what he put in), then ``<round no="0">``
  (the posts) to ``<round no="4">`` (the river), each with its board cards (``<cards
  type="Flop">D5 DT CQ</cards>``), the players' pocket cards when known (``X X`` when not) and its
  actions, ``<action no= player= type= sum=>``.
- The actions are typed: 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 7 all-in,
  8 sitting out, 15 ante, 23 raise (2,485, 692, 698, 641, 761, 413, 22, 1, 25 and 675 of them).
  A call's and a bet's ``sum`` is the chips it adds, a raise's the player's whole bet on the
  street after it (a big blind who raises to €120 has €120 in, not €130), an all-in's the chips
  it adds, whatever it does (a bet, a call or a raise). A big blind larger than the stakes' is a
  big blind and a dead small blind posted together (two hands: €15 at €5/€10, €1.50 at €0.50/€1).
- The actions are often written grouped by player within a round (each player's cards, then his
  actions: out of their order in 68 of the 692 complete hands): ``no`` gives their order.
- No line writes the rake, the total pot, a side pot or an uncalled bet going back. ``win`` is all a
  player was paid. Whether it holds an unmatched bet depends on the export: the three files whose
  session says ``<uncalled_bet_enabled>true`` (606 hands) leave it out (the 515 of them with an
  unmatched bet pay it nowhere: the chips put in less the unmatched part less the ``win`` amounts
  are 5% of the pot or less, and nothing in the hands that end before the flop), the others (no
  such element, or ``false``: 87 hands, one of them cut short) pay it inside ``win`` (71 hands have
  one; in each the unmatched part is larger than what is withheld, so the auditor finds it inside
  the player's ``win``). Where a hand has side pots and a capped rake, the rake is 5% of each pot
  in order, main pot first, until the cap (one hand: 2.60 of a main pot of 52.05, the cap's last
  1.40 of the side pot).
- ``bet`` agrees with the actions in 598 of the 692 complete hands; in the others (91 of the 2018
  exports, 3 older) it is more than the actions put in, a raise's ``sum`` counted as if added to
  the player's earlier bets on the street (a player with €101.50 "bet €110.50"). The reader takes
  the actions, which every call confirms, and leaves ``bet`` aside.
- Amounts carry the currency sign (``€1,230.55``, ``£0.50``, ``$100000``; tournament chips none:
  ``500``); a comma groups thousands. Decimal commas and dot thousands (``€1.230,55``), written by
  some skins, are read too: a comma or dot followed by three digits groups, by one or two is the
  decimal mark.
- Cards are suit first: ``D7 H10 SA CK`` (one export in lower case, ``c10 hK``).
- Text is UTF-8 as declared (all 58 files), or Windows-1252 under the same declaration (older
  clients): :func:`potengine.histories.rooms.decode` reads each line as UTF-8, else as
  Windows-1252, before the XML is parsed, so the declared encoding is never used (a euro sign in
  UTF-8 on a line read as Windows-1252, ``â‚¬``, is still read as the sign).

How each maps to the record
---------------------------
- ``seats`` from the ``<player>`` elements in seat order, ``button_seat`` the ``dealer="1"`` seat;
  a player with no chips and no action is seated out. ``game`` is the session's, or the other of
  hold'em and Omaha when every player is dealt the other's number of cards (said in a remark).
- ``actions`` ordered by ``no`` within each round (posts first); a raise gets ``to`` = its
  ``sum`` and ``amount`` = ``to`` less the largest bet on the street; an all-in becomes the bet,
  call or raise it is, its ``sum`` added to the player's bet on the street; a big blind over the
  stakes' becomes ``"blinds"`` (its part over the big blind dead). iPoker marks no all-in but with
  type 7: a post or call that takes a player's last chip is marked all-in from his chips.
- ``collections``: one per player paid (his ``win``), in the main pot (``POT_NAMES``); no
  ``total_pot``, ``rake`` or ``returned``: ``not_stated`` holds ``TOTAL``, ``RAKE``,
  ``RETURNS`` and ``POT_NAMES``, and a remark says which way this export pays an unmatched bet.
- ``shown``: every player's known pocket cards; ``board`` the flop, turn and river.
- Amounts are ``Decimal`` in cash games (``currency=True``) and ``int`` chips in tournaments.

Safety
------
The XML is parsed with the standard library's :mod:`xml.etree.ElementTree` only after the reader
has refused any ``<!DOCTYPE`` or ``<!ENTITY`` declaration (no entity can then be declared, so none
is expanded, and no external file is fetched). ``defusedxml`` is not used: it is in the development
environment only as a dependency of the book's tools, and potengine depends on the standard library
alone (it runs in a browser). A hand longer than :data:`MAX_HAND_CHARS` is refused.

>>> from potengine.histories.rooms import BY_NAME, RoomHand
>>> general = '<general><mode>real</mode><gametype>Holdem NL €1/€2</gametype></general>'
>>> game = '''<game gamecode="77">
... <general><players>
... <player seat="1" name="Ann" chips="€100" dealer="1" win="€5" bet="€2"/>
... <player seat="2" name="Bo" chips="€80" dealer="0" win="€0" bet="€2"/>
... </players></general>
... <round no="0">
... <action no="1" player="Ann" type="1" sum="€1"/>
... <action no="2" player="Bo" type="2" sum="€2"/>
... </round>
... <round no="1">
... <action no="3" player="Ann" type="23" sum="€5"/>
... <action no="4" player="Bo" type="0" sum="€0"/>
... </round>
... </game>'''
>>> hand = read_hand(RoomHand(BY_NAME["ipoker"], "77", 3, game, general, 1))
>>> [(a.player, a.kind, str(a.amount), str(a.to)) for a in hand.actions][2:]
[('Ann', 'raise', '3', '5'), ('Bo', 'fold', '0', 'None')]
>>> [(c.player, str(c.amount)) for c in hand.collections], hand.game, hand.button
([('Ann', '5')], "Hold'em No Limit", 'Ann')
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from operator import attrgetter, itemgetter
from types import MappingProxyType
from typing import NamedTuple

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

MAX_HAND_CHARS = 200_000
"""A hand (its ``<game>`` element) longer than this is refused: a real one is a few thousand."""

ROOM = "iPoker"
NOT_STATED = frozenset((TOTAL, RAKE, RETURNS, POT_NAMES))

_UNSAFE = re.compile(r"<!(?:DOCTYPE|ENTITY)", re.I)
_TAGS = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<([A-Za-z_][\w.:-]*)|\n", re.S)
_GAMETYPE = re.compile(r"^(Holdem|Omaha) (NL|PL|L)(?: (\S+)/(\S+))?$")
_GAMES = {
    ("Holdem", "NL"): "Hold'em No Limit",
    ("Holdem", "PL"): "Hold'em Pot Limit",
    ("Holdem", "L"): "Hold'em Limit",
    ("Omaha", "NL"): "Omaha No Limit",
    ("Omaha", "PL"): "Omaha Pot Limit",
    ("Omaha", "L"): "Omaha Limit",
}
_AMOUNT = re.compile(r"^\d{1,3}(?:([,.\u00a0 ])\d{3})*(?:([.,])(\d{1,2}))?$|^\d+(?:([.,])(\d{1,2}))?$")
_SIGNS = "$€£¥"
_MISREAD_SIGNS = ("â‚¬", "Â£", "Â¥")
_SUITS = {"C": "c", "D": "d", "H": "h", "S": "s"}
_RANKS = {
    **{str(n): str(n) for n in range(2, 10)},
    "10": "T",
    "T": "T",
    "J": "J",
    "Q": "Q",
    "K": "K",
    "A": "A",
}
_STREETS = {1: Street.PRE_FLOP, 2: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
_BOARD = {"Flop": (2, 3), "Turn": (3, 1), "River": (4, 1)}
_BOARD_BEFORE = {2: 0, 3: 3, 4: 4}
"""The board's cards before each round's: none before the flop, three before the turn, four."""
_KINDS = {
    0: "fold",
    1: "small blind",
    2: "big blind",
    3: "call",
    4: "check",
    5: "bet",
    15: "ante",
    23: "raise",
}
_ALL_IN = 7
_SITTING_OUT = (8, 9)
"""Sitting out at the start of the hand (8), a blind not posted (9): no chips move."""
_POSTS = frozenset(("small blind", "big blind", "ante"))
_WHERE_IN_XML = re.compile(r": line \d+, column \d+$")
_XML_ERRORS = {
    "not well-formed (invalid token)": errors.said("not well-formed (invalid token)"),
    "no element found": errors.said("no element found"),
    "mismatched tag": errors.said("mismatched tag"),
    "unclosed token": errors.said("unclosed token"),
    "junk after document element": errors.said("junk after document element"),
    "syntax error": errors.said("syntax error"),
    "undefined entity": errors.said("undefined entity"),
    "duplicate attribute": errors.said("duplicate attribute"),
}
"""The XML parser's messages, said (its position goes: the error names the line)."""
_INDEXED_TAGS = frozenset(("player", "round", "action", "cards"))
_INDEXED = re.compile(r"<(?:player|round|action|cards)[\s/>]")
_FIRST = itemgetter(0)
_SEAT_NUMBER = attrgetter("number")
_SEAT_PLAYER = attrgetter("player")
_CENT = Decimal("0.01")
_NOTHING: Mapping[str, Amount] = MappingProxyType({})
_POST_KINDS = frozenset(("ante", "small blind", "big blind", "blinds"))
_CARD_NAMES = {
    suit + rank: rank_name + suit_name
    for suit, suit_name in (("C", "c"), ("D", "d"), ("H", "h"), ("S", "s"))
    for rank, rank_name in (
        *((str(n), str(n)) for n in range(2, 10)),
        ("10", "T"),
        ("J", "J"),
        ("Q", "Q"),
        ("K", "K"),
        ("A", "A"),
    )
}
"""Every card as the exports write it (upper case), read once: ``read_card`` reads the others."""
_SESSIONS: dict[str, _Session] = {}
"""The sessions already read, by their ``<general>`` block's text (shared by all their hands)."""
_AMOUNTS: dict[bool, dict[str, Amount]] = {False: {}, True: {}}
"""The amounts already read, by their text: in games played in chips and in a currency."""


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
    """An iPoker amount as a number: ``Decimal`` when ``currency``, else ``int`` chips.

    The currency sign goes; a comma, dot or space followed by three digits groups thousands, a
    comma or dot followed by one or two digits is the decimal mark. Raises ``ValueError`` for
    anything else.

    >>> read_amount("€1,230.55", currency=True), read_amount("€1.230,55", currency=True)
    (Decimal('1230.55'), Decimal('1230.55'))
    >>> read_amount("3,000", currency=False), read_amount("$0.5", currency=True)
    (3000, Decimal('0.5'))
    >>> read_amount("1.5", currency=False)
    Traceback (most recent call last):
    ...
    ValueError: 1.5 has cents in a game played in chips
    """
    raw = text.strip()
    for sign in _MISREAD_SIGNS:  # a sign written in UTF-8 on a line read as Windows-1252
        raw = raw.replace(sign, "")
    raw = raw.strip(_SIGNS).strip()
    match = _AMOUNT.match(raw)
    if match is None or len(raw) > MAX_DIGITS + 8:
        raise ValueError(errors.said("cannot read the amount {text}", text=repr(text)))
    group, mark, cents = match.group(1), match.group(2), match.group(3)
    if match.group(4):  # no grouping: the second alternative
        mark, cents = match.group(4), match.group(5)
    if group is not None and group == mark:
        raise ValueError(
            errors.said("cannot read the amount {text}", text=repr(text))
        )  # "1,000,5": one mark for both
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
    """A card as iPoker writes it, suit first (``D7``, ``H10``, ``sA``), as the engine writes it.

    >>> read_card("D7"), read_card("H10"), read_card("cK")
    ('7d', 'Th', 'Kc')
    >>> read_card("Z9")
    Traceback (most recent call last):
    ...
    ValueError: unknown card 'Z9'
    """
    suit = _SUITS.get(text[:1].upper())
    rank = _RANKS.get(text[1:].upper())
    if suit is None or rank is None:
        raise ValueError(errors.said("unknown card {card}", card=repr(text)))
    return rank + suit


class _Session(NamedTuple):
    """What a session's ``<general>`` block says of every hand in it."""

    game: str
    currency: bool
    small_blind: Amount | None
    big_blind: Amount | None
    small_bet: Amount | None
    big_bet: Amount | None
    tournament: str | None
    table: str
    uncalled_bet_enabled: bool


class _Reader:
    """One hand: its text, the lines of its elements, and every failure named by hand and line."""

    def __init__(self, hand: RoomHand) -> None:
        self.hand = hand
        self.hand_id = hand.hand_id
        self.lines = hand.text.split("\n")
        self.where: dict[int, int] = {}  # id of an element -> its line number

    def fail(
        self, number: int, reason: str, kind: type[HandHistoryError] = HandHistoryError
    ) -> HandHistoryError:
        first = self.hand.line
        if first <= number < first + len(self.lines):
            line = self.lines[number - first]
        elif self.hand.preamble_line <= number:
            preamble = self.hand.preamble.split("\n")
            line = preamble[min(number - self.hand.preamble_line, len(preamble) - 1)]
        else:
            line = self.lines[0]
        return _error(self.hand_id, number, line, reason, kind)

    def line_of(self, element: ET.Element) -> int:
        return self.where.get(id(element), self.hand.line)

    def parse(self, text: str, first_line: int, *, index: bool = True) -> ET.Element:
        """``text`` parsed, after refusing what could expand or fetch; with ``index``, the line of
        each element kept."""
        unsafe = _UNSAFE.search(text)
        if unsafe is not None:
            number = first_line + text.count("\n", 0, unsafe.start())
            raise self.fail(
                number, errors.said("a DOCTYPE or ENTITY declaration is refused (iPoker writes none)")
            )
        try:
            root = ET.fromstring(text)
        except ET.ParseError as err:
            row = err.position[0] if err.position else 1
            why = _WHERE_IN_XML.sub("", str(err))
            why = _XML_ERRORS.get(why, why)
            raise self.fail(
                first_line + row - 1, errors.said("not well-formed XML ({why})", why=why)
            ) from None
        if not index:
            return root
        where = self.where
        starts = [match.start() for match in _INDEXED.finditer(text)]
        elements = [element for element in root.iter() if element.tag in _INDEXED_TAGS]
        if len(starts) == len(elements):  # the usual case: each start tag found by its name
            line, counted = first_line, 0
            for element, at in zip(elements, starts, strict=True):
                line += text.count("\n", counted, at)
                counted = at
                where[id(element)] = line
            return root
        line = first_line  # a comment or CDATA holds a tag's name: every token read in order
        tags: list[tuple[str, int]] = []
        for match in _TAGS.finditer(text):
            token = match.group(0)
            if token == "\n":
                line += 1
            elif match.group(1):
                tags.append((match.group(1), line))
            else:
                line += token.count("\n")
        for element, (tag, number) in zip(root.iter(), tags, strict=False):
            if element.tag != tag:  # pragma: no cover - the parser and the pattern read the same tags
                break
            self.where[id(element)] = number
        return root

    def amount(self, element: ET.Element, name: str, currency: bool, *, empty: bool = False) -> Amount:
        text = element.get(name)
        if text is None or (not text.strip() and not empty):
            raise self.fail(
                self.line_of(element), errors.said("<{tag}> has no {name}=", tag=element.tag, name=name)
            )
        known = _AMOUNTS[currency]
        value = known.get(text)
        if value is not None:
            return value
        if not text.strip():
            return Decimal(0) if currency else 0
        try:
            value = read_amount(text, currency=currency)
        except ValueError as err:
            raise self.fail(
                self.line_of(element), errors.said("{name}=: {err}", name=name, err=errors.message_of(err))
            ) from None
        if len(known) > 4096:  # a bounded cache: amounts repeat from hand to hand
            known.clear()
        known[text] = value
        return value

    def session(self) -> _Session:
        hand = self.hand
        if not hand.preamble:
            raise self.fail(
                hand.line,
                errors.said("the hand has no session <general> block before it (no game, no stakes)"),
            )
        known = _SESSIONS.get(hand.preamble)
        if known is not None:
            return known
        general = self.parse(hand.preamble, hand.preamble_line, index=False)
        line = hand.preamble_line

        def field(name: str) -> str:
            found = general.find(name)
            return (found.text or "").strip() if found is not None else ""

        gametype = field("gametype")
        match = _GAMETYPE.match(gametype)
        if match is None:
            raise self.fail(
                line,
                errors.said("iPoker game {game}: only hold'em and Omaha are read", game=repr(gametype)),
                UnsupportedHandError,
            )
        game = _GAMES[(match.group(1), match.group(2))]
        tournament = field("tournamentcode") or field("tournamentname") or None
        currency = tournament is None and field("mode") != "play"
        small_blind = big_blind = small_bet = big_bet = None
        if match.group(3):
            try:
                first = read_amount(match.group(3), currency=currency)
                second = read_amount(match.group(4), currency=currency)
            except ValueError as err:
                raise self.fail(
                    line, errors.said("the stakes in <gametype>: {err}", err=errors.message_of(err))
                ) from None
            if match.group(2) == "L":  # "Holdem L $5/$10": the small and big bets
                small_bet, big_bet, big_blind = first, second, first
            else:
                small_blind, big_blind = first, second
        session = _Session(
            game,
            currency,
            small_blind,
            big_blind,
            small_bet,
            big_bet,
            tournament,
            field("tablename"),
            field("uncalled_bet_enabled").lower() == "true",
        )
        if len(_SESSIONS) > 256:  # a bounded cache: a session's hands share its block
            _SESSIONS.clear()
        _SESSIONS[hand.preamble] = session
        return session

    def read(self) -> HandHistory:
        hand = self.hand
        text = hand.text
        start = text.find("<game")
        end = text.find("</game>")
        if start < 0 or end < 0:
            last = max((i for i, line in enumerate(self.lines) if line.strip()), default=0)
            raise self.fail(hand.line + last, errors.said("the hand ends before </game> (truncated)"))
        if end - start > MAX_HAND_CHARS:
            raise self.fail(
                hand.line, errors.said("the hand is longer than {count} characters", count=MAX_HAND_CHARS)
            )
        session = self.session()
        game = self.parse(text[start : end + len("</game>")], hand.line)
        self.hand_id = game.get("gamecode") or hand.hand_id
        currency = session.currency
        zero: Amount = Decimal(0) if currency else 0

        players = game.findall("general/players/player")
        if not players:
            raise self.fail(hand.line, errors.said("the hand has no <player>"))
        seats: dict[str, Seat] = {}
        won: list[tuple[int, str, Amount]] = []
        button_seat = None
        numbers = set()
        where, first = self.where, hand.line
        for player in players:
            number = where.get(id(player), first)
            name = player.get("name")
            seat_text = player.get("seat", "")
            if not name or not seat_text.isdigit():
                raise self.fail(number, errors.said("a <player> needs a name= and a seat= number"))
            seat = int(seat_text)
            if name in seats or seat in numbers:
                raise self.fail(
                    number,
                    errors.said(
                        "{name} or seat {seat_text} is listed twice", name=repr(name), seat_text=seat_text
                    ),
                )
            numbers.add(seat)
            seats[name] = _record(
                Seat,
                number=seat,
                player=name,
                stack=self.amount(player, "chips", currency),
                sitting_out=False,
            )
            if player.get("dealer") == "1":
                button_seat = seat
            win = self.amount(player, "win", currency, empty=True)
            if win:
                won.append((number, name, win))
        if button_seat is None:
            raise self.fail(hand.line, errors.said('no <player> has dealer="1": the button is not known'))

        pockets: list[tuple[int, str, list[str]]] = []
        actions, board, acting = self.rounds(game, seats, session, pockets)
        session, remarks = self.dealt(pockets, session)
        shown = self.shown(pockets, session)
        ordered = tuple(sorted(seats.values(), key=_SEAT_NUMBER))
        for seat_ in ordered:
            if not seat_.stack and seat_.player not in acting:
                seat_.__dict__["sitting_out"] = True  # (a record of this reader's own, not yet shared)
        collections = tuple(
            _record(Collection, line=number, player=name, amount=amount, pot=0, label="win", run=0)
            for number, name, amount in won
        )
        if session.uncalled_bet_enabled:
            remark = errors.said("this export (uncalled_bet_enabled) pays no unmatched bet inside win=")
        else:
            remark = errors.said(
                "this export (no uncalled_bet_enabled) pays an unmatched bet back inside win="
            )
        names = tuple(map(_SEAT_PLAYER, ordered))
        button = names[-1]  # no seat at or before the button's: the last seat, going round
        for seat_ in ordered:
            if seat_.number > button_seat:
                break
            button = seat_.player
        posted = 0
        for action in actions:
            if action.kind not in _POST_KINDS:
                break
            posted += 1
        # The values HandHistory's cached properties would work out on first read, given here
        # (as the PokerStars reader does): the same rules.
        return _record(
            HandHistory,
            hand_id=self.hand_id or "",
            first_line=hand.line,
            header=self.lines[0].strip(),
            tournament=session.tournament,
            small_blind=session.small_blind,
            big_blind=session.big_blind,
            currency=currency,
            table=session.table,
            button_seat=button_seat,
            seats=ordered,
            actions=tuple(actions),
            returned=(),
            board=tuple(board),
            shown=MappingProxyType(shown),
            collections=collections,
            total_pot=zero,
            main_pot=None,
            side_pots=(),
            rake=zero,
            summary_won=_NOTHING,
            lines=tuple(self.lines),
            small_bet=session.small_bet,
            big_bet=session.big_bet,
            game=session.game,
            cap=None,
            remarks=(*remarks, remark),
            cash_outs=(),
            runs=(),
            room=ROOM,
            not_stated=NOT_STATED,
            withheld=(),
            added=(),
            players=names,
            button=button,
            chip=_CENT if currency else 1,
            omaha="Omaha" in session.game,
            hi_lo="Hi/Lo" in session.game,
            posts=tuple(actions[:posted]),
            stacks=MappingProxyType({seat_.player: seat_.stack for seat_ in ordered}),
        )

    def dealt(
        self, pockets: list[tuple[int, str, list[str]]], session: _Session
    ) -> tuple[_Session, list[str]]:
        """The session's game, or the other of hold'em and Omaha when every player's pocket
        cards (shown or ``X``) say so: the deal is the hand's own word on the game."""
        counts = {len(words) for _, _, words in pockets if words}
        omaha = "Omaha" in session.game
        if counts == {2 if omaha else 4}:
            other = (
                session.game.replace("Omaha", "Hold'em")
                if omaha
                else session.game.replace("Hold'em", "Omaha")
            )
            dealt = counts.pop()
            note = errors.said(
                "the session names the game {game}, but every player is dealt {count} cards: read as {other}",
                game=session.game,
                count=dealt,
                other=other,
            )
            return session._replace(game=other), [note]
        return session, []

    def shown(
        self, pockets: list[tuple[int, str, list[str]]], session: _Session
    ) -> dict[str, tuple[str, ...]]:
        """Each player's pocket cards, where known (``X`` where not)."""
        hole = 4 if "Omaha" in session.game else 2
        shown: dict[str, tuple[str, ...]] = {}
        for at, player, words in pockets:
            if not words or all(w == "X" or w == "x" for w in words):
                continue
            if len(words) != hole:
                raise self.fail(
                    at,
                    errors.said(
                        "{player} holds {count} cards, not {hole}", player=player, count=len(words), hole=hole
                    ),
                )
            try:
                shown[player] = tuple([_CARD_NAMES.get(w) or read_card(w) for w in words])
            except ValueError as err:
                raise self.fail(at, errors.message_of(err)) from None
        return shown

    def rounds(
        self,
        game: ET.Element,
        seats: dict[str, Seat],
        session: _Session,
        pockets: list[tuple[int, str, list[str]]],
    ) -> tuple[list[Action], list[str], set[str]]:
        """The actions in order (posts first), the board and who acted; each player's pocket
        cards go to ``pockets`` as written (read once the game is known)."""
        currency = session.currency
        zero: Amount = Decimal(0) if currency else 0
        actions: list[Action] = []
        board: list[str] = []
        acting: set[str] = set()
        spent = dict.fromkeys(seats, zero)
        seen_numbers: set[int] = set()
        last_round = -1
        where, first = self.where, self.hand.line
        stacks = {name: seat.stack for name, seat in seats.items()}
        known = _AMOUNTS[currency]
        big_blind = session.big_blind
        new_action = object.__new__
        for round_ in game.findall("round"):
            no = round_.get("no", "")
            if not no.isdigit() or int(no) > 4 or int(no) <= last_round:
                raise self.fail(
                    where.get(id(round_), first),
                    errors.said("a <round> numbered {no} (0 to 4, in order)", no=repr(no)),
                )
            round_no = last_round = int(no)
            posting = round_no == 0
            street = _STREETS.get(round_no, Street.PRE_FLOP)
            found = []
            for child in round_:
                tag = child.tag
                if tag == "cards":
                    self.cards(child, round_no, board, pockets, seats)
                    continue
                if tag != "action":
                    continue
                get = child.get
                at = where.get(id(child), first)
                try:
                    order = int(get("no", ""))
                    kind = int(get("type", ""))
                except ValueError:
                    raise self.fail(at, errors.said("an <action> needs a no= and a type= number")) from None
                if order in seen_numbers:
                    raise self.fail(at, errors.said("two actions are numbered {order}", order=order))
                seen_numbers.add(order)
                found.append((order, kind, at, child))
            if round_no == 1 and actions:  # the posts of round 0 are the pre-flop's first bets
                bets, current = _live_posts(actions, seats, session, zero)
            else:
                bets, current = dict.fromkeys(seats, zero), zero
            found.sort(key=_FIRST)
            for _, kind, at, action in found:
                get = action.get
                player = get("player", "")
                if player not in stacks:
                    raise self.fail(
                        at, errors.said("{player} has no <player> in this hand", player=repr(player))
                    )
                name = _KINDS.get(kind)
                if name is None:
                    if kind in _SITTING_OUT:
                        continue
                    if kind != _ALL_IN:
                        raise self.fail(
                            at,
                            errors.said("action type {kind} is not one iPoker is known to write", kind=kind),
                        )
                    name = "all-in"
                if (name in _POSTS) != posting:
                    raise self.fail(
                        at,
                        errors.said(
                            "a {name} in round {no}: posts come in round 0 and only there", name=name, no=no
                        ),
                    )
                to: Amount | None = None
                if name == "fold" or name == "check":
                    amount = added = zero
                else:
                    written = get("sum")
                    amount = known.get(written) if written is not None else None  # type: ignore[assignment]
                    if amount is None:
                        amount = self.amount(action, "sum", currency)
                    if name == "raise":
                        to = amount
                        amount = to - current
                        added = to - bets[player]
                    elif name == "all-in":
                        added = amount
                        total = bets[player] + added
                        if current == 0:
                            name = "bet"
                        elif total <= current:
                            name = "call"
                        else:
                            name, to, amount = "raise", total, total - current
                    else:
                        added = amount
                        if name == "big blind" and big_blind is not None and amount > big_blind:
                            name = "blinds"  # a big blind and a dead small blind, posted together
                    spent[player] += added
                    if name != "ante":
                        bets[player] += added
                        if bets[player] > current:
                            current = bets[player]
                acting.add(player)
                record = new_action(Action)
                record.__dict__.update(
                    line=at,
                    street=street,
                    player=player,
                    kind=name,
                    amount=amount,
                    to=to,
                    all_in=kind == _ALL_IN or (bool(added) and spent[player] == stacks[player]),
                    text=f'<action no="{get("no")}" player="{player}" '
                    f'type="{get("type")}" sum="{get("sum")}"/>',
                )
                actions.append(record)
        return actions, board, acting

    def cards(
        self,
        element: ET.Element,
        round_no: int,
        board: list[str],
        pockets: list[tuple[int, str, list[str]]],
        seats: dict[str, Seat],
    ) -> None:
        at = self.where.get(id(element), self.hand.line)
        kind = element.get("type", "")
        words = (element.text or "").split()
        if kind == "Pocket":
            player = element.get("player", "")
            if player not in seats:
                raise self.fail(
                    at,
                    errors.said("cards for {player}, who has no <player> in this hand", player=repr(player)),
                )
            pockets.append((at, player, words))
            return
        if kind not in _BOARD:
            raise self.fail(
                at, errors.said("cards of type {kind} (Pocket, Flop, Turn or River)", kind=repr(kind))
            )
        expected_round, count = _BOARD[kind]
        if round_no != expected_round or len(words) != count or len(board) != _BOARD_BEFORE[round_no]:
            raise self.fail(
                at,
                errors.said(
                    "the {street} must be {count} card(s) in round {round}, in order",
                    street=street_said(_STREETS[expected_round]),
                    count=count,
                    round=expected_round,
                ),
            )
        try:
            board.extend([_CARD_NAMES.get(w) or read_card(w) for w in words])
        except ValueError as err:
            raise self.fail(at, errors.message_of(err)) from None


def _live_posts(
    posts: list[Action], seats: dict[str, Seat], session: _Session, zero: Amount
) -> tuple[dict[str, Amount], Amount]:
    """Each player's live blind before the flop's betting (a small blind posted with a big blind,
    and the part of a big blind over the stakes', are dead), and the largest."""
    bets = dict.fromkeys(seats, zero)
    big = {a.player for a in posts if a.kind in ("big blind", "blinds")}
    for a in posts:
        if a.kind == "small blind" and a.player not in big or a.kind == "big blind":
            bets[a.player] += a.amount
        elif a.kind == "blinds":
            bets[a.player] += a.amount if session.big_blind is None else min(a.amount, session.big_blind)
    return bets, max(bets.values(), default=zero)


def read_hand(hand: RoomHand) -> HandHistory:
    """Read one iPoker hand, as :func:`potengine.histories.rooms.cut_hands` cuts it (with its
    session's ``<general>`` block), into the neutral record; a hand that cannot be read raises a
    :class:`~potengine.errors.HandHistoryError` naming the hand and the line.

    >>> from potengine.histories.rooms import BY_NAME, RoomHand
    >>> try:
    ...     read_hand(RoomHand(BY_NAME["ipoker"], "9", 4, '<game gamecode="9">', "<general/>", 1))
    ... except HandHistoryError as err:
    ...     print(err.hand_id, err.line_number, err)
    9 4 hand #9, line 4: the hand ends before </game> (truncated): "<game gamecode="9">"
    """
    return _Reader(hand).read()
