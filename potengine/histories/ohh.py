"""Open Hand History (OHH) JSON: any room's hands written from the neutral record, and read back.

:func:`to_ohh` writes one :class:`~potengine.histories.record.HandHistory` (what every room's
reader fills) as an OHH object, :func:`dumps` as its JSON text and :func:`write_ohh` as an
``.ohh`` file; :func:`read_ohh` reads such a file back into records, hand by hand, so that a
converted hand can be audited again (:func:`~potengine.histories.audit.audit_hand`).

The specification followed is Open Hand History 1.4.6 (hh-specs.handhistory.org: "The
Specification", version 1.4.6; every field is required unless the specification says it is
optional). Field by field, from the record:

========================== ==========================================================================
OHH field                  Written from the record
========================== ==========================================================================
``spec_version``           ``"1.4.6"``; ``internal_version`` the potengine version that wrote it
``site_name``              ``room`` (``"PokerStars"``); ``network_name`` the room's network
``game_number``            ``hand_id``, as the room writes it
``start_date_utc``         the date and time of the header, turned into UTC when its zone is named
                           (``ET``, ``CET``, ``UTC`` ...), else ``null``
``table_name``             ``table``; ``table_size`` the highest seat number (the record keeps no
                           table size)
``game_type``              ``Holdem``, ``Omaha`` or ``OmahaHiLo`` (four or five hole cards)
``bet_limit``              ``bet_type`` ``NL``, ``PL`` or ``FL`` from the game's name, ``bet_cap``
                           the cap of a capped game (else 0)
``currency``               the header's currency (``USD``, ``$``: USD, ``€``: EUR ...), ``XPM`` (the
                           specification's code for money of no value) for play money and
                           tournament chips
``dealer_seat``            ``button_seat``
``small_blind_amount``,    the header's stakes (the blinds posted when it names none: a fixed-limit
``big_blind_amount``       header names the bets); ``ante_amount`` the ante posted
``hero_player_id``         ``null`` (an observed hand: the record names no hero)
``flags``                  ``Run_It_Twice`` for a hand run more than once (the specification's flag
                           for two runs or more), ``Cap`` for a capped game
``tournament``,            ``tournament`` (the tournament's number); the record knows nothing else
``tournament_info``        of the tournament: its other fields are ``null`` (``name`` empty)
``players``                ``seats``: ``id`` 0, 1, ... in seat order, ``seat``, ``name``,
                           ``starting_stack``, ``is_sitting_out`` for a seat sitting out
``rounds``                 ``Preflop``, ``Flop``, ``Turn``, ``River`` with the cards each adds, then
                           ``Showdown`` with each hand shown (``Shows Cards``). A hand run more than
                           once repeats the streets of the runs, first run first: the
                           specification's street page says the street need not be unique, "there
                           will be two round objects with different id's that are both Flop for
                           run it twice hands"
``actions``                ``Post SB``, ``Post BB``, ``Post Ante``, ``Straddle``, ``Post Extra Blind``
                           (a pre-flop bet that raises nothing: a blind posted on entering, WPN's
                           ``posts (2)``; "Bet is not a valid pre-flop action"), ``Post Dead`` (a
                           dead blind: PokerStars' ``posts small & big blinds`` is a ``Post BB``
                           and a ``Post Dead``), ``Fold``, ``Check``, ``Call``, ``Bet``,
                           ``Raise``; ``amount`` is
                           the chips the action puts in (for a raise too: the specification's
                           "total amount put in during this action", "bet $2 and was raised then
                           re-raised to a total of $20 the amount for the raise should be 18.00");
                           ``is_allin``; the room's added money is an ``Add to Pot`` action
                           without a ``player_id`` (1.4.5)
``pots``                   one per pot, main pot ``number`` 0: ``amount`` the pot including rake and
                           jackpot, ``rake`` and ``jackpot`` (the record's ``withheld``: its
                           ``rake`` part is the rake, every other part the jackpot, "the amount
                           taken from the pot as jackpot or other type of fee/contribution")
``player_wins``            each player's ``win_amount`` from that pot (his collections, all runs);
                           an all-in cash-out is ``cashout_amount`` (what the site pays him) and
                           ``cashout_fee`` on his entry, whose ``win_amount`` is what the cards give
                           him ("the amount the player would have won if they had gone to showdown
                           should still be specified in win_amount as normal"), on the first pot
                           that holds it
========================== ==========================================================================

The pots are the ones the chips put in make, formed as the auditor forms them, and each pot's
rake is the room's own split where it shows: the pot less the pot the room states after the rake
(PokerStars' main and side pots), or, when the room states no pot, less what its collections take
from it; else the hand's rake is spread over the pots in proportion to their size, in whole chips
(:func:`potengine.pots.rake.spread_in_proportion`). The pots' rakes add up to the record's. What a
room does not state
(:attr:`~potengine.histories.record.HandHistory.not_stated`) OHH cannot leave out: it is filled in
first from the chips put in, as the auditor fills it in (:func:`stated_record`,
:mod:`potengine.histories.stated`), and the pots are the engine's where the room names none.

What OHH cannot carry
---------------------

============================= ========================================================================
The record's                  In OHH 1.4.6
============================= ========================================================================
run of each collection        no field: the pot's ``win_amount`` is the player's over every run, and
                              ``_run_wins`` (a field of this writer's, after PHH's custom-field rule:
                              a name beginning with ``_``) lists it run by run; a reader that ignores
                              it reads the whole hand right, run by run it cannot
named parts of the rake       two fields only: ``rake`` and ``jackpot``; bingo, fortune, tax ... are
                              added into ``jackpot`` (their names are lost)
names of the added money      ``Add to Pot`` has no name (a cash drop reads back as "add to pot")
"not stated by the room"      no way to say it: filled in from the chips (see above), so a room that
                              writes no rake reads back as stating the rake the chips leave
returned chips                no field: a pot's ``amount`` leaves them out; read back, the chips put
                              in beyond the pots are returned: the engine's unmatched chips when
                              they are as many, else to the one player who put in the most
insurance, EV cash-out        not in the record; OHH's ``bonus_amount`` is written as none
short deck (6+ Hold'em)       no game type: such a hand is not converted (an error names it)
a limit the room leaves out   ``bet_type`` is required: a game named without its limit (Bovada's
                              and WPN's old "Hold'em") is written ``NL``; read back, the betting is
                              checked as no limit, which the auditor could not do before
fixed-limit bets              no field: read back, the small bet is the big blind and the big bet
                              twice it
the hero, the table size      not in the record (``hero_player_id`` ``null``, the highest seat)
the buy-in of a tournament    not in the record (``tournament_info``'s amounts ``null``)
``remarks``, the room's text  not carried (read back, the header is written anew)
============================= ========================================================================

>>> from potengine.histories.pokerstars import parse_text
>>> text = '''PokerStars Hand #7: Hold'em No Limit (5/10) - 2026/01/01 12:00:00 ET
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
... Total pot 25 | Rake 0'''
>>> ohh = to_ohh(parse_text(text)[0])["ohh"]
>>> ohh["game_number"], ohh["start_date_utc"], ohh["rounds"][0]["actions"][2]
('7', '2026-01-01T17:00:00Z', {'action_number': 3, 'player_id': 2, 'action': 'Raise', 'amount': 30})
>>> ohh["pots"]
[{'number': 0, 'amount': 25, 'rake': 0, 'jackpot': 0, 'player_wins': [{'player_id': 2, 'win_amount': 25}]}]
>>> [again] = read_ohh(dumps(to_ohh(parse_text(text)[0])))
>>> again.returned, [(c.player, c.amount) for c in again.collections]
((('Chloé', 20),), [('Chloé', 25)])
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, TextIO

from .. import __version__, errors
from ..chips import Amount
from ..errors import HandHistoryError, PotEngineError
from ..play.streets import Street
from ..pots.layout import PotLayout
from ..pots.rake import spread_in_proportion
from .audit import _pots as audit_pots
from .audit import audit_hand, contributions_from_lines, dead_money, dead_posts
from .record import (
    POT_NAMES,
    RETURNS,
    SIDE_POTS,
    TOTAL,
    Action,
    Collection,
    HandHistory,
    Seat,
    UnsupportedHandError,
    json_error_said,
    kind_said,
    pot_label,
)
from .stated import fill_unstated, placed_as_awarded

SPEC_VERSION = "1.4.6"
"""The Open Hand History version written."""

NETWORKS = {
    "PokerStars": "PokerStars",
    "GGPoker": "GGNetwork",
    "Winamax": "Winamax",
    "WPN/ACR": "Winning Poker Network",
    "iPoker": "iPoker Network",
    "888poker": "888poker",
    "partypoker": "partypoker",
    "Full Tilt": "Full Tilt Poker",
    "Ignition/Bovada": "Ignition/Bovada",
    "PokerNow": "PokerNow",
}
"""The network each room belongs to, for ``network_name`` (the room itself when not listed)."""

REQUIRED = {
    "ohh": (
        "spec_version",
        "site_name",
        "network_name",
        "internal_version",
        "tournament",
        "game_number",
        "start_date_utc",
        "table_name",
        "game_type",
        "bet_limit",
        "table_size",
        "currency",
        "dealer_seat",
        "small_blind_amount",
        "big_blind_amount",
        "ante_amount",
        "players",
        "rounds",
        "pots",
    ),
    "bet_limit": ("bet_type", "bet_cap"),
    "player": ("id", "seat", "name", "starting_stack"),
    "round": ("id", "street", "actions"),
    "action": ("action_number", "action"),
    "pot": ("number", "amount", "player_wins"),
    "player_wins": ("player_id", "win_amount"),
}
"""The fields OHH 1.4.6 requires in each object (it names the optional and nullable ones:
``table_handle``, ``table_skin``, ``flags``, ``hero_player_id``, a round's ``cards``, a player's
``display``, ``player_bounty`` and ``is_sitting_out``, an action's ``amount``, ``is_allin``,
``cards`` and, for "Add to Pot", ``player_id``, a pot's ``rake`` and ``jackpot``, the cash-out and
bonus amounts)."""

GAME_TYPES = ("Holdem", "Omaha", "OmahaHiLo", "Stud", "StudHiLo", "Draw")
STREETS = ("Preflop", "Flop", "Turn", "River", "Showdown")
ACTIONS = frozenset(
    (
        "Dealt Cards",
        "Mucks Cards",
        "Shows Cards",
        "Post Ante",
        "Post SB",
        "Post BB",
        "Straddle",
        "Post Dead",
        "Post Extra Blind",
        "Fold",
        "Check",
        "Bet",
        "Raise",
        "Call",
        "Added Chips",
        "Sits Down",
        "Stands Up",
        "Add to Pot",
    )
)
"""The street names and action names of OHH 1.4.6."""

_CENT = Decimal("0.01")
_POSTS = {"ante": "Post Ante", "small blind": "Post SB", "big blind": "Post BB", "straddle": "Straddle"}
_POSTS["button blind"] = "Post Extra Blind"
_PLAYS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise"}
_KINDS = {v: k for k, v in (_POSTS | _PLAYS).items()} | {"Post Extra Blind": "bet"}
"""The record's action for each OHH action (an extra blind is a pre-flop bet of its chips: a 6+
Hold'em button blind, the one other post that OHH would call so, is never written)."""
_BET_TYPES = {"No Limit": "NL", "Pot Limit": "PL", "Limit": "FL"}
_LIMIT_NAMES = {v: k for k, v in _BET_TYPES.items()}
_BOARD_AT = ((Street.FLOP, 0, 3), (Street.TURN, 3, 4), (Street.RIVER, 4, 5))
_RUN_FROM = {"Flop": 0, "Turn": 3, "River": 4}
_DATE = re.compile(
    r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([A-Z]{2,5})\b)?"
)
_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "PT": "America/Los_Angeles",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "BST": "Europe/London",
    "MSK": "Europe/Moscow",
    "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney",
}
_CODES = re.compile(r"\b(USD|EUR|GBP|CAD|AUD|CNY|INR|SEK|NOK|DKK|CHF|RUB|BRL|MXN|JPY|PLN|CZK|HUF|SGD|HKD)\b")
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}


def _error(hand_id: str | None, line: int, reason: str) -> HandHistoryError:
    where = errors.said("hand #{hand_id}", hand_id=hand_id) if hand_id else errors.said("hand (no ID)")
    err = HandHistoryError(
        errors.said("{hand}, line {number}: {reason}", hand=where, number=line, reason=reason)
    )
    err.hand_id, err.line_number = hand_id, line
    return err


# ----------------------------------------------------------------------------------------------
# What the room does not state, filled in before writing (OHH has no "not stated")
# ----------------------------------------------------------------------------------------------
def _layout(hand: HandHistory) -> PotLayout | None:
    """The pots the chips put in make, formed as the auditor forms them, or None when they make
    none (no chips, or amounts that are not whole chips: the auditor names those)."""
    dead = dead_posts(hand)
    totals = contributions_from_lines(hand, dead=dead)
    contributions = totals.contributions
    if not contributions or any(a % hand.chip for a in contributions.values()):
        return None
    try:
        return audit_pots(contributions, totals.folded, dead_money(hand, posts=dead))
    except PotEngineError:
        return None


def stated_record(hand: HandHistory) -> tuple[HandHistory, PotLayout | None]:
    """``hand`` with what its room does not state filled in from the chips put in, as the auditor
    fills it in (:func:`potengine.histories.stated.fill_unstated`), and the pots the chips make
    (with the room's added money in the main pot), or None when they make none.

    A room that does not name its pots has its collections placed as the engine awards the pots
    (:func:`~potengine.histories.stated.placed_as_awarded`), the way the auditor compares them; a
    history that writes no return but whose total pot leaves the unmatched chips out (PokerStars
    until about 2008) has them returned, as the auditor infers.

    >>> from potengine.histories.pokerstars import read_file
    >>> from potengine.histories import sample
    >>> hand = read_file(sample("side_pots.txt"))[0]
    >>> stated_record(hand)[0] is hand
    True
    """
    layout = _layout(hand)
    if layout is None:
        return hand, None
    filled, layout, _ = fill_unstated(hand, layout)
    if (
        not filled.returned
        and layout.refunds
        and RETURNS not in filled.not_stated
        and TOTAL not in filled.not_stated
        and filled.total_pot == sum((pot.amount for pot in layout.pots), start=0)
    ):  # no line returns the unmatched chips, but the total leaves them out (PokerStars until 2008)
        filled = replace(filled, returned=tuple(layout.refunds.items()))
    if hand.not_stated and POT_NAMES in hand.not_stated and len(layout.pots) > 1 and not hand.runs:
        awarded = audit_hand(hand).awarded
        if awarded is not None and len(awarded.pots) == len(layout.pots):
            paid: list[dict[str, Amount]] = [{} for _ in layout.pots]
            lines: dict[str, int] = {}
            for c in filled.collections:
                pays = paid[min(c.pot, len(paid) - 1)]
                pays[c.player] = pays[c.player] + c.amount if c.player in pays else c.amount
                lines.setdefault(c.player, c.line)
            placed = placed_as_awarded(paid, [pot.shares for pot in awarded.pots])
            count = len(placed)
            filled = replace(
                filled,
                collections=tuple(
                    Collection(lines[p], p, a, i, pot_label(i, count))
                    for i, pays in enumerate(placed)
                    for p, a in pays.items()
                ),
            )
    return filled, layout


# ----------------------------------------------------------------------------------------------
# Writing
# ----------------------------------------------------------------------------------------------
def _money(hand: HandHistory) -> Any:
    """How the hand's amounts are written: in a currency always with cents (so that they read
    back as money), in chips as they are."""
    if not hand.currency:
        return lambda a: a

    def cents(a: Amount) -> Amount:
        d = Decimal(a)
        return d.quantize(_CENT) if d.as_tuple().exponent >= -2 else d  # type: ignore[operator]

    return cents


def game_type(game: str) -> tuple[str, str]:
    """OHH's ``game_type`` and ``bet_type`` for a record's game name.

    >>> game_type("Hold'em No Limit"), game_type("5 Card Omaha Pot Limit"), game_type("Omaha Hi/Lo Limit")
    (('Holdem', 'NL'), ('Omaha', 'PL'), ('OmahaHiLo', 'FL'))
    >>> game_type("6+ Hold'em No Limit")
    Traceback (most recent call last):
    ...
    potengine.histories.record.UnsupportedHandError: OHH 1.4.6 has no game type for 6+ Hold'em No Limit
    (short deck)
    """
    if game.startswith("6+") or "Short Deck" in game:
        raise UnsupportedHandError(
            errors.said("OHH 1.4.6 has no game type for {game} (short deck)", game=game)
        )
    kind = "OmahaHiLo" if "Omaha" in game and "Hi/Lo" in game else "Omaha" if "Omaha" in game else "Holdem"
    for words, code in _BET_TYPES.items():
        if game.endswith(words):
            return kind, code
    return kind, "NL"


def _start_date(header: str) -> str | None:
    """The header's date and time in UTC (ISO 8601), or None without a date and a known zone."""
    for match in _DATE.finditer(header):
        year, month, day, hour, minute, second, zone = match.groups()
        if zone is None:
            continue
        try:
            when = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second or 0))
        except ValueError:
            continue
        if zone in ("UTC", "GMT"):
            return when.strftime("%Y-%m-%dT%H:%M:%SZ")
        if zone not in _ZONES:
            continue
        try:
            from zoneinfo import ZoneInfo

            local = when.replace(tzinfo=ZoneInfo(_ZONES[zone]))
        except (ImportError, LookupError, OSError, ValueError):  # no time zone data here
            continue
        return local.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return None


def currencies(hand: HandHistory) -> tuple[str, str]:
    """The hand's currency and its tournament's (the buy-in's), as OHH writes them: ISO 4217 codes
    read from the header (a code, or ``$`` USD, ``€`` EUR, ``£`` GBP, ``¥`` CNY, ``₹`` INR), ``XPM``
    ("a currency with no monetary value") for play money and tournament chips, "" when unknown.

    >>> from potengine.histories import sample
    >>> from potengine.histories.pokerstars import read_file
    >>> currencies(read_file(sample("side_pots.txt"))[0]), currencies(read_file(sample("cash_rake.txt"))[0])
    (('XPM', 'USD'), ('USD', 'USD'))
    """
    code = ""
    found = _CODES.search(hand.header)
    if found:
        code = found.group(1)
    else:
        for symbol, iso in _SYMBOLS.items():
            if symbol in hand.header:
                code = iso
                break
    if hand.tournament is not None:
        return "XPM", code or "XPM"
    if not hand.currency:
        return "XPM", ""
    return code, code


def _cards(cards: Iterable[str]) -> list[str]:
    """Cards as OHH writes them: rank then suit, ``T`` for a ten."""
    return [("T" + c[2:]) if c.startswith("10") else c for c in cards]


def to_ohh(hand: HandHistory) -> dict[str, Any]:
    """The OHH 1.4.6 object (``{"ohh": {...}}``) of one record, field by field as the module's
    notes say. What the room does not state is filled in first (:func:`stated_record`).

    >>> from potengine.histories.pokerstars import read_file
    >>> from potengine.histories import sample
    >>> ohh = to_ohh(read_file(sample("side_pots.txt"))[0])["ohh"]
    >>> [(p["number"], p["amount"], [w["win_amount"] for w in p["player_wins"]]) for p in ohh["pots"]]
    [(0, 120, [120]), (1, 120, [120])]
    """
    game, bet_type = game_type(hand.game)
    filled, layout = stated_record(hand)
    money = _money(hand)
    ids = {seat.player: i for i, seat in enumerate(hand.seats)}
    posts = hand.posts
    dead = dead_posts(filled)
    currency, buy_in = currencies(hand)
    ante = max((a.amount for a in posts if a.kind == "ante"), default=0)
    small = hand.small_blind
    if small is None or hand.small_bet is not None:
        small = next((a.amount for a in posts if a.kind == "small blind" and a.line not in dead), small)
    big = hand.big_blind
    if big is None or hand.small_bet is not None:
        big = next((a.amount for a in posts if a.kind == "big blind"), big)
    players = []
    for i, seat in enumerate(hand.seats):
        player: dict[str, Any] = {
            "id": i,
            "seat": seat.number,
            "name": seat.player,
            "starting_stack": money(seat.stack),
        }
        if seat.sitting_out:
            player["is_sitting_out"] = True
        players.append(player)
    flags = []
    if hand.runs:
        flags.append("Run_It_Twice")
    if hand.cap is not None:
        flags.append("Cap")
    ohh: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": hand.room,
        "network_name": NETWORKS.get(hand.room, hand.room),
        "internal_version": __version__,
        "tournament": hand.tournament is not None,
    }
    if hand.tournament is not None:
        ohh["tournament_info"] = {
            "tournament_number": hand.tournament,
            "name": "",
            "start_date_utc": None,
            "currency": buy_in,
            "buyin_amount": None,
            "fee_amount": None,
            "bounty_fee_amount": None,
            "initial_stack": None,
            "type": None,
            "flags": None,
            "speed": None,
        }
    ohh |= {
        "game_number": hand.hand_id,
        "start_date_utc": _start_date(hand.header),
        "table_name": hand.table,
        "game_type": game,
        "bet_limit": {"bet_type": bet_type, "bet_cap": money(hand.cap if hand.cap is not None else 0)},
        "table_size": max((s.number for s in hand.seats), default=0),
        "currency": currency,
        "dealer_seat": hand.button_seat,
        "small_blind_amount": None if small is None else money(small),
        "big_blind_amount": None if big is None else money(big),
        "ante_amount": money(ante),
        "hero_player_id": None,
    }
    if flags:
        ohh["flags"] = flags
    ohh["players"] = players
    ohh["rounds"] = _rounds(filled, ids, dead, money)
    ohh["pots"] = _pots(filled, layout, ids, money)
    return {"ohh": ohh}


def _rounds(
    hand: HandHistory, ids: Mapping[str, int], dead: Mapping[int, Amount], money: Any
) -> list[dict[str, Any]]:
    """The rounds of a hand: its streets with their actions and cards, the runs, the showdown."""
    rounds: list[dict[str, Any]] = []
    number = 0

    def act(name: str, player: str | None, amount: Amount | None = None, **more: Any) -> dict[str, Any]:
        nonlocal number
        number += 1
        action: dict[str, Any] = {"action_number": number}
        if player is not None:
            if player not in ids:
                raise HandHistoryError(
                    errors.said(
                        "{player} acts (action {number}) but has no seat", player=player, number=number
                    )
                )
            action["player_id"] = ids[player]
        action["action"] = name
        if amount is not None:
            action["amount"] = money(amount)
        action.update(more)
        return action

    by_street: dict[Street, list[Action]] = {}
    for a in hand.actions:
        by_street.setdefault(a.street, []).append(a)
    board = hand.board
    last = max(by_street, default=Street.PRE_FLOP)
    for at, start, _ in _BOARD_AT:
        if len(board) > start or at in by_street:
            last = max(last, at)
    for street in range(Street.PRE_FLOP, last + 1):
        actions = []
        if street == Street.PRE_FLOP and hand.added:
            actions += [act("Add to Pot", None, amount) for _, amount in hand.added]
        bets: dict[str, Amount] = {}
        for a in by_street.get(Street(street), ()):
            actions += _actions(a, bets, dead, act)
        cards: list[str] = []
        if street > Street.PRE_FLOP:
            _, start, end = _BOARD_AT[street - 1]
            cards = _cards(board[start:end])
        rounds.append({"id": len(rounds), "street": STREETS[street], "cards": cards, "actions": actions})
    for run in hand.runs:
        for street, start, end in _BOARD_AT:
            if end > len(board):
                cut = max(start, len(board))
                rounds.append(
                    {
                        "id": len(rounds),
                        "street": STREETS[street],
                        "cards": _cards(run[cut:end]),
                        "actions": [],
                    }
                )
    if hand.shown:
        shows = [act("Shows Cards", p, cards=_cards(cards)) for p, cards in hand.shown.items() if p in ids]
        rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": shows})
    return rounds


def _actions(
    a: Action, bets: dict[str, Amount], dead: Mapping[int, Amount], act: Any
) -> list[dict[str, Any]]:
    """One record action as OHH actions (a post with a dead part is two), keeping each player's
    bet on the street in ``bets``."""
    more = {"is_allin": True} if a.all_in else {}
    p = a.player
    before = bets.get(p, 0)
    if a.kind == "blinds":
        part = dead.get(a.line, 0)
        bets[p] = before + a.amount - part
        done = [act("Post BB", p, a.amount - part, **more)]
        return done + ([act("Post Dead", p, part, **more)] if part else [])
    if a.kind in _POSTS:
        if a.line in dead:
            return [act("Post Dead", p, a.amount, **more)]
        if a.kind != "ante":
            bets[p] = before + a.amount
        return [act(_POSTS[a.kind], p, a.amount, **more)]
    if a.kind in ("fold", "check"):
        return [act(_PLAYS[a.kind], p, **more)]
    if a.kind in ("call", "bet"):
        name = _PLAYS[a.kind]
        if a.kind == "bet" and a.street == Street.PRE_FLOP:  # "Bet" is not a valid pre-flop action:
            raises = before + a.amount > max(bets.values(), default=0)  # a raise, or a blind posted
            name = "Raise" if raises else "Post Extra Blind"  # when entering (WPN's "posts (2)")
        bets[p] = before + a.amount
        return [act(name, p, a.amount, **more)]
    if a.kind == "raise":
        to = a.to if a.to is not None else before + a.amount
        bets[p] = to
        return [act("Raise", p, to - before, **more)]
    raise HandHistoryError(
        errors.said(
            "line {line} ({text}): OHH has no action for a {kind}",
            line=a.line,
            text=a.text,
            kind=kind_said(a.kind),
        )
    )


def _wins(hand: HandHistory, count: int, ids: Mapping[str, int]) -> list[dict[str, list[Amount]]]:
    """Each pot's collections: player by player, run by run (one part in a hand dealt once)."""
    zero = 0 * hand.chip
    wins: list[dict[str, list[Amount]]] = [{} for _ in range(count)]
    runs = max(len(hand.runs), 1)
    for c in hand.collections:
        if c.player not in ids:
            raise HandHistoryError(
                errors.said("line {line}: {player} collects but has no seat", line=c.line, player=c.player)
            )
        mine = wins[c.pot].setdefault(c.player, [zero] * runs)
        mine[max(c.run - 1, 0) if hand.runs else 0] += c.amount
    return wins


def _claims(
    hand: HandHistory, wins: list[dict[str, list[Amount]]], room: list[Amount]
) -> dict[int, dict[str, Amount]]:
    """What the cards give each player who cashed out and no collection pays him (the summary's
    "won" less his collections), on the first pot that leaves room for it (pot 0 if none does)."""
    zero = 0 * hand.chip
    claims: dict[int, dict[str, Amount]] = {}
    for p, _, _ in hand.cash_outs:
        paid = sum((sum(pot.get(p, ())) for pot in wins), start=zero)
        left = max(hand.summary_won.get(p, paid) - paid, zero)
        i = next((k for k, r in enumerate(room) if left and r >= left), 0)
        claims.setdefault(i, {})[p] = left
        room[i] -= left
    return claims


def _withheld(hand: HandHistory, layout: PotLayout | None, count: int) -> tuple[list[Amount], list[Amount]]:
    """Each pot's amount (everything in it: the rake and jackpot too) and what the room withheld
    from it. The room's own split where it shows: the pots the chips make less the pots it states
    after the rake; or, when it states no pot, less what the collections take from each; else the
    hand's rake spread over the pots in proportion to their size."""
    chip = hand.chip
    zero = 0 * chip
    reported = list(hand.pots_reported)
    engine = [pot.amount for pot in layout.pots] if layout is not None else []
    if reported:
        reported += [zero] * (count - len(reported))
        if len(engine) == len(reported) and sum(engine, start=zero) - sum(reported, start=zero) == hand.rake:
            cuts = [e - r for e, r in zip(engine, reported, strict=True)]
            if all(cut >= 0 for cut in cuts):
                return engine, cuts
        base = reported
    elif engine:
        engine += [zero] * (count - len(engine))
        wins = _wins(hand, len(engine), {c.player: 0 for c in hand.collections})
        room = [
            e - sum((sum(w) for w in pot.values()), start=zero) for e, pot in zip(engine, wins, strict=True)
        ]
        _claims(hand, wins, room)
        if all(r >= 0 for r in room) and sum(room, start=zero) == hand.rake:
            return engine, room
        base = engine
    else:
        base = [hand.total_pot - hand.rake] + [zero] * (count - 1)
    weights = [a if a > 0 else zero for a in base]
    if not any(weights):
        weights = [chip, *[zero] * (len(base) - 1)]
    cuts = list(spread_in_proportion(weights, hand.rake, chip=chip)) if hand.rake else [zero] * len(base)
    if base is reported:
        return [a + cut for a, cut in zip(base, cuts, strict=True)], cuts
    return base, cuts


def _pots(
    hand: HandHistory, layout: PotLayout | None, ids: Mapping[str, int], money: Any
) -> list[dict[str, Any]]:
    """The pots of a hand: their amounts (rake and jackpot included), the rake and the jackpot
    (the record's ``withheld``: its rake part is the rake, every other part the jackpot, spread over
    the pots as the withheld is), the wins."""
    chip = hand.chip
    zero = 0 * chip
    count = max(1 + max((c.pot for c in hand.collections), default=0), len(hand.pots_reported))
    if layout is not None and not layout.pots and not hand.collections and not hand.pots_reported:
        return []  # one player alone put chips in: no pot, they all went back
    amounts, cuts = _withheld(hand, layout, count)
    rake_part = sum((a for name, a in hand.withheld if name == "rake"), start=zero)
    jackpot = hand.rake - rake_part if hand.withheld else zero
    jackpots = (
        list(spread_in_proportion(cuts, jackpot, chip=chip)) if jackpot and any(cuts) else [zero] * len(cuts)
    )
    wins = _wins(hand, len(amounts), ids)
    room = [
        a - cut - sum((sum(w) for w in pot.values()), start=zero)
        for a, cut, pot in zip(amounts, cuts, wins, strict=True)
    ]
    claims = _claims(hand, wins, room)
    cash = {p: (a, fee) for p, a, fee in hand.cash_outs}
    pots = []
    for i, amount in enumerate(amounts):
        player_wins = []
        for p, parts in wins[i].items():
            entry: dict[str, Any] = {"player_id": ids[p], "win_amount": money(sum(parts, start=zero))}
            if hand.runs:
                entry["_run_wins"] = [money(part) for part in parts]
            player_wins.append(entry)
        for p, claim in claims.get(i, {}).items():
            a, fee = cash[p]
            entry = {"player_id": ids[p], "win_amount": money(claim), "cashout_amount": money(a)}
            entry["cashout_fee"] = money(fee)
            player_wins.append(entry)
        pots.append(
            {
                "number": i,
                "amount": money(amount),
                "rake": money(cuts[i] - jackpots[i]),
                "jackpot": money(jackpots[i]),
                "player_wins": player_wins,
            }
        )
    return pots


_EXACT = "\x00D"
"""What marks an exact amount in the JSON text before it is written as bare digits (a hand's
text holds no NUL: :func:`potengine.histories.rooms.decode` drops them)."""
_EXACT_JSON = re.compile(r'"\\u0000D(-?[0-9]+(?:\.[0-9]+)?)"')


def _exact(value: object) -> str:
    if isinstance(value, Decimal):
        return _EXACT + format(value, "f")
    raise TypeError(f"{type(value).__name__} is not an OHH value")


def dumps(ohh: Mapping[str, Any], *, indent: int | None = 2) -> str:
    """An OHH object as JSON text, amounts written exactly (a Decimal as its digits, never a float).

    >>> print(dumps({"ohh": {"amount": Decimal("0.10"), "cards": ["As", "Kd"]}}, indent=None))
    {"ohh": {"amount": 0.10, "cards": ["As", "Kd"]}}
    """
    text = json.dumps(ohh, ensure_ascii=False, indent=indent, default=_exact)
    return _EXACT_JSON.sub(r"\1", text)


def write_ohh(out: TextIO, hands: Iterable[Mapping[str, Any]]) -> int:
    """Write OHH objects to ``out`` as an ``.ohh`` file: one JSON object per hand, each separated
    from the next by one blank line (the specification's storage format). Returns the count.

    >>> import io
    >>> out = io.StringIO()
    >>> write_ohh(out, [{"ohh": {"game_number": "1"}}, {"ohh": {"game_number": "2"}}])
    2
    >>> out.getvalue().count("\\n\\n")
    1
    """
    count = 0
    for ohh in hands:
        if count:
            out.write("\n")
        out.write(dumps(ohh) + "\n")
        count += 1
    return count


def missing_fields(document: Mapping[str, Any]) -> list[str]:
    """The fields OHH 1.4.6 requires that ``document`` (``{"ohh": ...}``) lacks, and the values it
    names that the specification does not (a game type, a street, an action), as paths.

    >>> missing_fields({"ohh": {"spec_version": "1.4.6"}})[:3]
    ['ohh.site_name', 'ohh.network_name', 'ohh.internal_version']
    """
    found: list[str] = []
    ohh = document.get("ohh")
    if not isinstance(ohh, Mapping):
        return ["ohh"]

    def need(obj: Any, kind: str, path: str) -> None:
        if not isinstance(obj, Mapping):
            found.append(path)
            return
        found.extend(f"{path}.{key}" for key in REQUIRED[kind] if key not in obj)

    need(ohh, "ohh", "ohh")
    if ohh.get("tournament") and not isinstance(ohh.get("tournament_info"), Mapping):
        found.append("ohh.tournament_info")
    if "game_type" in ohh and ohh["game_type"] not in GAME_TYPES:
        found.append(f"ohh.game_type ({ohh['game_type']!r} is not an OHH game type)")
    if "bet_limit" in ohh:
        need(ohh["bet_limit"], "bet_limit", "ohh.bet_limit")
    for i, player in enumerate(ohh.get("players") or ()):
        need(player, "player", f"ohh.players[{i}]")
    rounds = ohh.get("rounds") or ()
    if not rounds or not isinstance(rounds[0], Mapping) or rounds[0].get("street") != "Preflop":
        found.append("ohh.rounds[0] (every hand has a round 0, Preflop)")
    for i, round_ in enumerate(rounds):
        need(round_, "round", f"ohh.rounds[{i}]")
        if isinstance(round_, Mapping) and round_.get("street", "Preflop") not in STREETS:
            found.append(f"ohh.rounds[{i}].street ({round_['street']!r} is not an OHH street)")
        for j, action in enumerate(round_.get("actions") or () if isinstance(round_, Mapping) else ()):
            need(action, "action", f"ohh.rounds[{i}].actions[{j}]")
            if isinstance(action, Mapping):
                if action.get("action", "Fold") not in ACTIONS:
                    found.append(f"ohh.rounds[{i}].actions[{j}].action ({action['action']!r})")
                if "player_id" not in action and action.get("action") != "Add to Pot":
                    found.append(f"ohh.rounds[{i}].actions[{j}].player_id")
    for i, pot in enumerate(ohh.get("pots") or ()):
        need(pot, "pot", f"ohh.pots[{i}]")
        for j, win in enumerate(pot.get("player_wins") or () if isinstance(pot, Mapping) else ()):
            need(win, "player_wins", f"ohh.pots[{i}].player_wins[{j}]")
    return found


# ----------------------------------------------------------------------------------------------
# Reading back
# ----------------------------------------------------------------------------------------------
def split_ohh(text: str) -> Iterator[tuple[int, str]]:
    """The hands of an ``.ohh`` file's text: each JSON object (the text between blank lines) and
    the number of its first line.

    >>> list(split_ohh('{"ohh": {}}\\n\\n{"ohh":\\n {}}\\n'))
    [(1, '{"ohh": {}}'), (3, '{"ohh":\\n {}}')]
    """
    lines = text.replace("\r\n", "\n").split("\n")
    start, chunk = 0, list[str]()
    for number, line in enumerate(lines, start=1):
        if line.strip():
            if not chunk:
                start = number
            chunk.append(line)
        elif chunk:
            yield start, "\n".join(chunk)
            chunk = []
    if chunk:
        yield start, "\n".join(chunk)


def read_ohh(text: str) -> Iterator[HandHistory | HandHistoryError]:
    """Read the hands of an ``.ohh`` file's text back into records, one at a time; a hand that
    cannot be read gives a :class:`~potengine.errors.HandHistoryError` naming it and its line.

    >>> [type(h).__name__ for h in read_ohh('{"ohh": {"game_number": "9"}}\\n\\nnot json')]
    ['HandHistoryError', 'HandHistoryError']
    """
    for line, chunk in split_ohh(text):
        try:
            document = json.loads(chunk, parse_float=Decimal)
        except ValueError as err:
            yield _error(None, line, errors.said("not OHH JSON: {err}", err=json_error_said(err)))
            continue
        try:
            yield from_ohh(document, line=line)
        except HandHistoryError as err:
            yield err


def from_ohh(document: Mapping[str, Any], *, line: int = 1) -> HandHistory:
    """One OHH object (as :func:`json.loads` reads it, with ``parse_float=Decimal``) as a record.

    What OHH states is stated in the record: the pots give the total, the main and side pots and
    the rake (rake and jackpot); the chips put in beyond the pots are returned (see the module's
    notes). Errors name the hand (``game_number``) and its line in the file.

    >>> from potengine.histories import sample
    >>> from potengine.histories.pokerstars import read_file
    >>> hand = from_ohh(json.loads(dumps(to_ohh(read_file(sample("cash_rake.txt"))[2])), parse_float=Decimal))
    >>> hand.room, hand.total_pot, hand.rake, hand.returned
    ('PokerStars', Decimal('1.00'), Decimal('0.05'), (('Di', Decimal('0.50')),))
    >>> from_ohh({"ohh": {"game_number": "7"}}, line=12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: hand #7, line 12: OHH field missing or not OHH: ohh.spec_version, ...
    """
    ohh = document.get("ohh") if isinstance(document, Mapping) else None
    hand_id = str(ohh.get("game_number")) if isinstance(ohh, Mapping) and "game_number" in ohh else None
    if not isinstance(ohh, Mapping):
        raise _error(hand_id, line, errors.said('not an OHH object (no "ohh" field)'))
    gaps = missing_fields(document)
    if gaps:
        raise _error(
            hand_id, line, errors.said("OHH field missing or not OHH: {fields}", fields=", ".join(gaps[:5]))
        )
    try:
        return _record(ohh, hand_id or "", line)
    except HandHistoryError as err:
        if getattr(err, "hand_id", None) is None:
            raise _error(hand_id, line, errors.message_of(err)) from None
        raise
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as err:
        raise _error(
            hand_id, line, errors.said("OHH object not as the specification has it ({err})", err=repr(err))
        ) from None


class _Reader:
    """Reads one OHH object into the record's parts: the amounts (int chips, or Decimal in a
    currency: the writer gives every amount of a currency hand its cents), the players, the
    rounds (actions, board, runs, shows) and the pots (collections, cash-outs, rake)."""

    def __init__(self, ohh: Mapping[str, Any]) -> None:
        self.ohh = ohh
        blinds = (ohh.get("small_blind_amount"), ohh.get("big_blind_amount"), ohh.get("ante_amount"))
        self.currency = any(isinstance(v, Decimal) for v in blinds) or any(
            isinstance(p.get("starting_stack"), Decimal) for p in ohh["players"]
        )
        self.names: dict[int, str] = {p["id"]: str(p["name"]) for p in ohh["players"]}
        self.number = 0  # the record's line numbers: one per action, then one per collection

    def amount(self, value: Any, what: str) -> Amount:
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            raise HandHistoryError(
                errors.said("{what} must be a number, not {value}", what=what, value=repr(value))
            )
        if value < 0:
            raise HandHistoryError(errors.said("{what} is negative ({value})", what=what, value=value))
        if self.currency:
            return Decimal(value)
        if isinstance(value, Decimal) and value == value.to_integral_value():
            return int(value)
        return value

    def seats(self) -> tuple[Seat, ...]:
        seats = [
            Seat(
                int(p["seat"]),
                str(p["name"]),
                self.amount(
                    p["starting_stack"], errors.said("{player}'s starting stack", player=str(p["name"]))
                ),
                bool(p.get("is_sitting_out", False)),
            )
            for p in self.ohh["players"]
        ]
        return tuple(sorted(seats, key=lambda s: s.number))

    def rounds(
        self,
    ) -> tuple[list[Action], list[str], list[list[str]], dict[str, tuple[str, ...]], list[Amount]]:
        """The actions, the board (the cards every run shares), the runs (each whole board, of a
        hand run more than once), the hands shown and the room's added money, round by round."""
        actions: list[Action] = []
        board: list[str] = []
        runs: list[list[str]] = []
        shown: dict[str, tuple[str, ...]] = {}
        added: list[Amount] = []
        last = 0  # the last street dealt: a board street not after it starts the next run
        common = 5  # the board cards every run shares
        for round_ in self.ohh["rounds"]:
            name = round_["street"]
            if name in _RUN_FROM:
                at = STREETS.index(name)
                if at <= last:  # the next run, from the cards before this street
                    runs.append((runs[-1] if runs else board)[: _RUN_FROM[name]])
                    common = min(common, _RUN_FROM[name])
                last = at
                (runs[-1] if runs else board).extend(str(c) for c in round_.get("cards") or ())
            street = Street(STREETS.index(name)) if name != "Showdown" else None
            bets: dict[str, Amount] = {}
            for a in round_["actions"]:
                self.number = max(self.number + 1, int(a["action_number"]))
                if a["action"] == "Add to Pot":
                    added.append(self.amount(a.get("amount", 0), errors.said("an Add to Pot amount")))
                elif a["action"] == "Shows Cards":
                    shown[self.names[a["player_id"]]] = tuple(str(c) for c in a.get("cards") or ())
                elif a["action"] not in _IGNORED:
                    self.action(a, street, bets, actions)
        if runs:  # the first run was read as the board
            runs.insert(0, board)
            board = board[:common]
        return actions, board, runs, shown, added

    def action(
        self, a: Mapping[str, Any], street: Street | None, bets: dict[str, Amount], actions: list[Action]
    ) -> None:
        """One betting action (a post, a fold ... a raise) onto ``actions``; ``bets`` holds each
        player's bet on the street (a raise's ``amount`` is the chips put in: its total is the bet
        before plus them, its raise the total less the largest bet so far)."""
        who, name = self.names[a["player_id"]], a["action"]
        if street is None:
            raise HandHistoryError(
                errors.said(
                    "action {number}: {player} {action} in the Showdown round",
                    number=self.number,
                    player=who,
                    action=name,
                )
            )
        put = self.amount(a.get("amount") or 0, errors.said("action {number}'s amount", number=self.number))
        current = max(bets.values(), default=0)
        to: Amount | None = None
        if name == "Post Dead":
            prev = actions[-1] if actions else None
            if prev is not None and (prev.player, prev.kind, prev.street) == (who, "big blind", street):
                text = f"{who}: posts small & big blinds"
                actions[-1] = replace(prev, kind="blinds", amount=prev.amount + put, text=text)
                return
            kind, text = "small blind", f"{who}: posts small blind {put} (dead)"  # the readers' word
        elif name in _KINDS:
            kind, text = _KINDS[name], f"{who}: {name} {put}" if put else f"{who}: {name}"
            if name == "Post SB" and any(a.kind == "small blind" for a in actions):
                text += " (live)"  # a second small blind OHH calls live: the readers' word for it
        else:
            raise HandHistoryError(
                errors.said(
                    "action {number}: the record has no action for {action}",
                    number=self.number,
                    action=repr(name),
                )
            )
        if kind == "raise":
            to = bets.get(who, 0) + put
            bets[who], put = to, to - current
        elif kind != "ante" and name != "Post Dead":
            bets[who] = bets.get(who, 0) + put
            if kind == "straddle":  # a live straddle: its total is the straddler's bet
                to = bets[who]
        all_in = bool(a.get("is_allin", False))
        actions.append(Action(self.number, street, who, kind, put, to, all_in, text))

    def pots(
        self, runs: int
    ) -> tuple[list[Amount], Amount, Amount, list[Collection], dict[str, Amount], list[Any]]:
        """Each pot after its rake and jackpot, the rake, the jackpot, the collections (run by run
        with ``_run_wins``), what each player won and the cash-outs."""
        after: list[Amount] = []
        rake: Amount = 0
        jackpot: Amount = 0
        collections: list[Collection] = []
        won: dict[str, Amount] = {}
        cash_outs: list[tuple[str, Amount, Amount]] = []
        count = len(self.ohh["pots"])
        for i, pot in enumerate(self.ohh["pots"]):
            r = self.amount(pot.get("rake") or 0, errors.said("pot {number}'s rake", number=i))
            j = self.amount(pot.get("jackpot") or 0, errors.said("pot {number}'s jackpot", number=i))
            rake, jackpot = rake + r, jackpot + j
            after.append(self.amount(pot["amount"], errors.said("pot {number}'s amount", number=i)) - r - j)
            for w in pot["player_wins"]:
                who = self.names[w["player_id"]]
                win = self.amount(
                    w["win_amount"], errors.said("{player}'s {field}", player=who, field="win_amount")
                )
                won[who] = won.get(who, 0) + win
                if w.get("cashout_amount") is not None:  # paid outside the pot: no collection
                    fee = self.amount(
                        w.get("cashout_fee") or 0,
                        errors.said("{player}'s {field}", player=who, field="cashout_fee"),
                    )
                    cash_outs.append(
                        (
                            who,
                            self.amount(
                                w["cashout_amount"],
                                errors.said("{player}'s {field}", player=who, field="cashout_amount"),
                            ),
                            fee,
                        )
                    )
                    continue
                self.number += 1
                label = pot_label(i, count)
                parts = w.get("_run_wins")
                if runs > 1 and isinstance(parts, list) and len(parts) == runs:
                    for run, part in enumerate(parts, start=1):
                        if part:
                            win = self.amount(
                                part, errors.said("{player}'s win on run {run}", player=who, run=run)
                            )
                            collections.append(Collection(self.number, who, win, i, label, run))
                else:
                    collections.append(Collection(self.number, who, win, i, label, 1 if runs > 1 else 0))
        return after, rake, jackpot, collections, won, cash_outs


_IGNORED = frozenset(("Dealt Cards", "Mucks Cards", "Sits Down", "Stands Up", "Added Chips"))
"""OHH actions with no place in the record (the cards dealt are known from the shows)."""


def _game(kind: str, limit: str, shown: Mapping[str, tuple[str, ...]]) -> str:
    """The record's game name for an OHH game type and bet type ("Hold'em No Limit").

    >>> _game("OmahaHiLo", "Pot Limit", {"Ann": ("As", "2s", "3d", "4d", "Kc")})
    '5 Card Omaha Hi/Lo Pot Limit'
    """
    game = "Hold'em" if kind == "Holdem" else "Omaha Hi/Lo" if kind == "OmahaHiLo" else "Omaha"
    if kind != "Holdem" and any(len(c) == 5 for c in shown.values()):
        game = "5 Card " + game
    return f"{game} {limit}"


def _record(ohh: Mapping[str, Any], hand_id: str, line: int) -> HandHistory:
    """The record of one OHH object (its fields checked present by :func:`missing_fields`)."""
    kind, bet_type = ohh["game_type"], ohh["bet_limit"]["bet_type"]
    if kind not in ("Holdem", "Omaha", "OmahaHiLo"):
        raise UnsupportedHandError(
            errors.said("hand #{hand_id}: the engine does not play {game}", hand_id=hand_id, game=kind)
        )
    limit = _LIMIT_NAMES.get(bet_type)
    if limit is None:
        raise HandHistoryError(
            errors.said("bet type {bet_type} is not NL, PL or FL", bet_type=repr(bet_type))
        )
    read = _Reader(ohh)
    seats = read.seats()
    actions, board, runs, shown, added = read.rounds()
    after, rake, jackpot, collections, won, cash_outs = read.pots(len(runs))
    game = _game(kind, limit, shown)
    small, big = ohh["small_blind_amount"], ohh["big_blind_amount"]
    small_blind = None if small is None else read.amount(small, "small_blind_amount")
    big_blind = None if big is None else read.amount(big, "big_blind_amount")
    small_bet = big_bet = None
    if limit == "Limit" and big_blind is not None:  # OHH has no field for the bets
        small_bet, big_bet, small_blind = big_blind, 2 * big_blind, None
    cap = ohh["bet_limit"].get("bet_cap") or None
    info = ohh.get("tournament_info") if ohh.get("tournament") else None
    stakes = f"{'' if small is None else small}/{'' if big is None else big}"
    date = ohh.get("start_date_utc")
    hand = HandHistory(
        hand_id=hand_id,
        first_line=line,
        header=f"{ohh['site_name']} Hand #{hand_id}: {game} ({stakes})" + (f" - {date} UTC" if date else ""),
        tournament=str(info.get("tournament_number")) if isinstance(info, Mapping) else None,
        small_blind=small_blind,
        big_blind=big_blind,
        currency=read.currency,
        table=str(ohh["table_name"]),
        button_seat=int(ohh["dealer_seat"]),
        seats=seats,
        actions=tuple(actions),
        returned=(),
        board=tuple(board),
        shown=shown,
        collections=tuple(collections),
        total_pot=sum(after, start=0) + rake + jackpot,
        main_pot=after[0] if len(after) > 1 else None,
        side_pots=tuple(after[1:]) if len(after) > 1 else (),
        rake=rake + jackpot,
        summary_won={p: a for p, a in won.items() if a},
        small_bet=small_bet,
        big_bet=big_bet,
        game=game,
        cap=None if cap is None else read.amount(cap, "bet_cap"),
        cash_outs=tuple(cash_outs),
        runs=tuple(tuple(r) for r in runs),
        room=str(ohh["site_name"]),
        withheld=(("rake", rake), ("jackpot", jackpot)) if jackpot else (),
        added=tuple(("add to pot", a) for a in added),
        not_stated=frozenset() if after else frozenset({SIDE_POTS}),  # no pot: none to size
    )
    return _returned(hand)


def _returned(hand: HandHistory) -> HandHistory:
    """The hand with the chips put in beyond its pots returned: the engine's unmatched chips when
    they are those, else to the one player who put in the most; RETURNS marked not stated when no
    player can have had them back."""
    put_in = contributions_from_lines(hand).contributions
    back = sum(put_in.values(), start=0) + hand.added_total - hand.total_pot
    if not back:
        return hand
    layout = _layout(hand)
    if layout is not None and sum(layout.refunds.values(), start=0) == back:
        return replace(hand, returned=tuple(layout.refunds.items()))
    ranked = sorted(put_in.values(), reverse=True)
    top = [p for p, a in put_in.items() if a == ranked[0]]
    if 0 < back <= ranked[0] and len(top) == 1:
        return replace(hand, returned=((top[0], back),))
    return replace(hand, not_stated=hand.not_stated | {RETURNS})
