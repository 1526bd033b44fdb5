"""Real hands in the PHH format (the Poker Hand History standard): read, replay, settle, write.

A PHH file is TOML: ``variant`` (``NT`` no-limit or ``FT`` fixed-limit Texas hold'em; ``PT``
is accepted here for pot-limit hold'em, which the standard has no code for), ``antes``,
``blinds_or_straddles``, ``min_bet`` (or ``small_bet`` and ``big_bet``), ``starting_stacks``,
``actions`` and optionally ``players`` and ``finishing_stacks``.

Seats: ``p1`` is the small blind, ``p2`` the big blind, the last player the button; heads-up the
blinds are posted in reverse (``p2``, the button, posts the small blind). Actions:
``d dh pN CARDS`` deals hole cards (``????`` unknown), ``d db CARDS`` the board, ``pN f`` folds,
``pN cc`` checks or calls, ``pN cbr X`` bets or raises **to** a street total of X, ``pN sm
CARDS`` shows and a bare ``pN sm`` mucks.

Antes: equal antes from everyone are ordinary antes; an ante from the big blind alone is a
big-blind ante, dead money in the main pot (TDA RP-11) whatever ``ante_trimming_status`` says.
That flag is pokerkit's: with ``true`` it cuts every ante down to the second largest, which would
hand a lone big-blind ante back; the WSOP 2019 hand in the test corpus says ``true`` but its
finishing stacks count the ante as dead money, as we do.

Half chips: the Pluribus logs split an odd pot exactly (10112.5 each). Replaying them with
``chip=Decimal("0.5")`` lets the engine split pots into half chips and reproduces them; with
whole chips the odd chip goes left of the button (TDA 20-A).

>>> text = '''
... variant = 'NT'
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ['p3 cbr 6', 'p1 f', 'p2 cc', 'd db AhKhQh', 'p2 cc', 'p3 cbr 10', 'p2 f']
... players = ['Ann', 'Bob', 'Cy']
... finishing_stacks = [99, 94, 107]
... '''
>>> played = replay(text)
>>> played.finishing_stacks, played.matches
((99, 94, 107), True)
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..chips import Amount
from ..errors import HandHistoryError, PotEngineError
from ..play.hand import Hand, settle_hand, start_hand
from ..play.structures import FixedLimit, NoLimit, PotLimit

VARIANTS = {"NT": "no limit", "FT": "fixed limit", "PT": "pot limit"}


@dataclass(frozen=True)
class Replay:
    """A PHH hand played through the engine and settled.

    ``finishing_stacks`` are in PHH player order; ``expected`` are the file's own
    ``finishing_stacks`` (None when absent).
    """

    name: str
    players: tuple[str, ...]
    hand: Hand
    settlement: Any
    finishing_stacks: tuple[Amount, ...]
    expected: tuple[Amount, ...] | None
    fields: dict

    @property
    def matches(self) -> bool:
        """True when the replay ends with the file's finishing stacks (True if it has none)."""
        return self.expected is None or tuple(self.expected) == tuple(self.finishing_stacks)


_NUMBER = re.compile(r"[0-9]{1,30}(?:\.[0-9]{1,30})?")
"""An amount written as text: digits with an optional decimal part, at most 30 of each (so
'1e999999', 'inf' or 'NaN' are refused before any conversion)."""


def _amount(value: Any, what: str, name: str) -> Amount:
    """Read a PHH amount (a TOML integer or float, or digits as text) as an int or an exact Decimal.

    >>> _amount(12.5, "a bet", "the hand"), _amount("250", "a bet", "the hand")
    (Decimal('12.5'), 250)
    >>> _amount("1e999999", "a bet", "hand 7")
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: hand 7: a bet '1e999999' is not an amount (write digits, with an optional decimal part)
    """
    where = f"{name}: " if name else ""
    if isinstance(value, bool):
        raise HandHistoryError(f"{where}{what} must be a number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise HandHistoryError(f"{where}{what} must be a finite number, got {value!r}")
        d = Decimal(repr(value))
    elif isinstance(value, str):
        if _NUMBER.fullmatch(value) is None:
            raise HandHistoryError(
                f"{where}{what} {value[:40]!r}{'...' if len(value) > 40 else ''} is not an amount "
                "(write digits, with an optional decimal part)"
            )
        d = Decimal(value)
    else:
        raise HandHistoryError(f"{where}{what} must be a number, got {value!r}")
    return int(d) if d == d.to_integral_value() else d


def _list(fields: dict, key: str, name: str, n: int | None = None) -> list:
    if key not in fields:
        raise HandHistoryError(f"{name}: the field {key!r} is missing")
    value = fields[key]
    if not isinstance(value, list):
        raise HandHistoryError(f"{name}: {key} must be a list, got {value!r}")
    if n is not None and len(value) != n:
        raise HandHistoryError(f"{name}: {key} has {len(value)} entries for {n} players")
    return value


def parse(text: str) -> dict:
    """Read the TOML of a PHH file into a dict, with a clear error if it is not TOML.

    >>> parse("variant = 'NT'")["variant"]
    'NT'
    >>> parse("variant = ")
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: the hand is not valid PHH/TOML: Invalid value (at end of document)
    """
    if not isinstance(text, str):
        raise HandHistoryError(
            f"the hand must be PHH text (a str), not {type(text).__name__}"
            + (": decode the bytes first" if isinstance(text, (bytes, bytearray)) else "")
        )
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as err:
        raise HandHistoryError(f"the hand is not valid PHH/TOML: {err}") from None


def start_from_phh(fields: dict, *, chip: Amount = 1, name: str = "the hand") -> tuple[Hand, tuple[str, ...]]:
    """Seat the players of a parsed PHH hand and post antes and blinds; return the hand and the
    PHH player names (in PHH order, which is the seat order from the small blind).

    >>> hand, players = start_from_phh(parse(
    ...     "variant='NT'\\nantes=[0,0]\\nblinds_or_straddles=[1,2]\\nmin_bet=2\\n"
    ...     "starting_stacks=[50,50]\\nactions=[]"))
    >>> players, hand.to_act, hand.contributions
    (('p1', 'p2'), 'p2', {'p1': 2, 'p2': 1})
    """
    variant = fields.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise HandHistoryError(
            f"{name}: variant {variant!r} is not a hold'em variant this engine plays "
            f"(NT no limit, FT fixed limit, PT pot limit)"
        )
    stacks = [_amount(v, "a starting stack", name) for v in _list(fields, "starting_stacks", name)]
    n = len(stacks)
    players = fields.get("players") or [f"p{k + 1}" for k in range(n)]
    if (
        not isinstance(players, list)
        or not all(isinstance(p, str) for p in players)
        or len(players) != n
        or len(set(players)) != n
    ):
        raise HandHistoryError(f"{name}: players must be a list of {n} distinct names, got {players!r}")
    players = tuple(players)
    blinds = [_amount(v, "a blind", name) for v in _list(fields, "blinds_or_straddles", name, n)]
    antes = [_amount(v, "an ante", name) for v in _list(fields, "antes", name, n)]
    if n < 2:
        raise HandHistoryError(f"{name}: starting_stacks has {n} entries: a hand needs 2 to 10 players")
    if any(blinds[2:]):
        raise HandHistoryError(f"{name}: straddles ({blinds[2:]}) are not supported")
    small_blind, big_blind = blinds[0], blinds[1]
    nonzero = [a for a in antes if a]
    big_blind_ante = False
    ante: Amount = 0
    if nonzero:
        if len(nonzero) == 1 and antes[1]:
            ante, big_blind_ante = antes[1], True
        elif len(nonzero) == n and len(set(antes)) == 1:
            ante = antes[0]
        else:
            raise HandHistoryError(f"{name}: antes {antes} are neither equal antes nor a big-blind ante")
    kind = VARIANTS[variant]
    try:
        if kind == "fixed limit":
            small_bet = _amount(fields.get("small_bet"), "small_bet", name)
            big_bet = _amount(fields.get("big_bet"), "big_bet", name)
            structure = FixedLimit(big_blind=big_blind, small_bet=small_bet, big_bet=big_bet)
        else:
            min_bet = _amount(fields.get("min_bet", big_blind), "min_bet", name)
            structure = (NoLimit if kind == "no limit" else PotLimit)(big_blind=min_bet)
        hand = start_hand(
            dict(zip(players, stacks)),
            small_blind=small_blind,
            big_blind=big_blind,
            button=players[-1],
            ante=ante,
            big_blind_ante=big_blind_ante,
            structure=structure,
            chip=chip,
        )
    except PotEngineError as err:
        raise HandHistoryError(f"{name}: {err}") from None
    return hand, players


def apply_action(hand: Hand, line: str, players: Sequence[str]) -> Hand:
    """Apply one PHH action line (``p3 cbr 250``, ``p1 cc``, ``d db AhKd2c`` ...) to ``hand``.

    >>> hand, players = start_from_phh(parse(
    ...     "variant='NT'\\nantes=[0,0,0]\\nblinds_or_straddles=[1,2,0]\\nmin_bet=2\\n"
    ...     "starting_stacks=[50,50,50]\\nactions=[]"))
    >>> apply_action(hand, "p3 cbr 6", players).contributions
    {'p1': 1, 'p2': 2, 'p3': 6}
    """
    tokens = line.split("#", 1)[0].split()
    if not tokens:
        return hand
    if tokens[0] == "d":
        if len(tokens) in (3, 4) and tokens[1] == "dh":
            return hand.deal_hole(_player(tokens[2], players, line), tokens[3] if len(tokens) > 3 else None)
        if len(tokens) == 3 and tokens[1] == "db":
            return hand.deal_board(tokens[2])
        raise HandHistoryError(f"unknown dealer action {line!r}")
    player = _player(tokens[0], players, line)
    verb = tokens[1] if len(tokens) > 1 else ""
    if verb == "f" and len(tokens) == 2:
        return hand.fold(player)
    if verb == "cc" and len(tokens) == 2:
        if hand.to_act == player and hand.current_bet > hand.bets[players.index(player)]:
            return hand.call(player)
        return hand.check(player)
    if verb == "cbr" and len(tokens) == 3:
        to = _amount(tokens[2], "the amount", "")
        return hand.act(player, "bet" if hand.current_bet == 0 else "raise", to)
    if verb == "sm" and len(tokens) in (2, 3):
        cards = tokens[2] if len(tokens) > 2 else None
        if cards in (None, "-"):
            return hand.muck(player)
        return hand.show(player, cards)
    raise HandHistoryError(f"unknown action {line!r}")


def _fill_skipped(hand: Hand, line: str, players: Sequence[str]) -> Hand:
    tokens = line.split()
    if not tokens or tokens[0] == "d":
        return hand
    player = _player(tokens[0], players, line)
    seat = players.index(player)
    if hand.folded[seat] or hand.stacks[seat] == 0:
        return hand
    while hand.actor is not None and hand.to_act != player:
        hand = _pass(hand)
    return hand


def _pass(hand: Hand) -> Hand:
    who = hand.to_act
    return hand.check(who) if hand.legal().to_call == 0 else hand.fold(who)


_SEAT = re.compile(r"p([1-9][0-9]{0,2})")


def _player(token: str, players: Sequence[str], line: str) -> str:
    match = _SEAT.fullmatch(token)
    if match is not None:
        k = int(match.group(1))
        if k <= len(players):
            return players[k - 1]
    raise HandHistoryError(f"action {line!r} names {token!r}, not one of p1..p{len(players)}")


def replay(
    text: str,
    *,
    chip: Amount = 1,
    name: str | None = None,
    rank_players: Callable | None = None,
    fill_skipped: bool = False,
) -> Replay:
    """Play a PHH hand through the engine, settle it and return the :class:`Replay`.

    ``chip`` is the smallest unit a pot may be split into (``Decimal("0.5")`` reproduces the
    Pluribus half-chip splits). ``rank_players`` overrides :func:`potengine.cards.evaluate.rank_players`
    for the showdown. Errors name the hand and the action line.

    ``fill_skipped=True`` accepts a file that leaves out a player's action: when a line names a
    player who is not to act, the players before him check (nothing to call) or fold, as
    pokerkit's reader does silently. The WSOP 2019 hand of the test corpus needs it: its
    pre-flop actions never mention the button (``p8``), whose stack is unchanged.

    >>> text = ("variant='NT'\\nantes=[0,0,0]\\nblinds_or_straddles=[1,2,0]\\nmin_bet=2\\n"
    ...         "starting_stacks=[20,20,20]\\nactions=['p1 cbr 20', 'p2 f']")
    >>> replay(text)
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: the hand, action 1 'p1 cbr 20': p1 cannot raise: it is p3's turn (action goes clockwise)
    >>> replay(text, fill_skipped=True).finishing_stacks
    (22, 18, 20)
    """
    fields = parse(text)
    if name is None:
        name = f"hand {fields['hand']}" if "hand" in fields else "the hand"
    hand, players = start_from_phh(fields, chip=chip, name=name)
    actions = _list(fields, "actions", name)
    for k, line in enumerate(actions, start=1):
        try:
            if fill_skipped:
                hand = _fill_skipped(hand, str(line), players)
            hand = apply_action(hand, str(line), players)
        except PotEngineError as err:
            raise HandHistoryError(f"{name}, action {k} {line!r}: {err}") from None
    if hand.actor is not None:
        raise HandHistoryError(f"{name}: the actions end with {hand.to_act} still to act")
    try:
        result = settle_hand(hand, None, rank_players=rank_players)
    except PotEngineError as err:
        raise HandHistoryError(f"{name}: cannot settle: {err}") from None
    finishing = tuple(hand.stacks[i] + result.payouts[p] for i, p in enumerate(players))
    expected = None
    if "finishing_stacks" in fields:
        expected = tuple(_amount(v, "a finishing stack", name)
                         for v in _list(fields, "finishing_stacks", name, len(players)))
    return Replay(name, players, hand, result, finishing, expected, fields)


def to_phh(hand: Hand, *, variant: str | None = None) -> str:
    """Write a hand back out as PHH text (seats renumbered from the small blind, as PHH wants).

    >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
    >>> h = h.raise_to("C", 6).fold("A").fold("B")
    >>> again = replay(to_phh(h))
    >>> again.finishing_stacks
    (99, 98, 103)
    """
    setup = hand.setup
    n = len(setup.players)
    first = setup.small_blind_seat if n > 2 else setup.big_blind_seat
    order = [(first + k) % n for k in range(n)]
    pnum = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    if variant is None:
        variant = {"no limit": "NT", "fixed limit": "FT", "pot limit": "PT"}.get(setup.structure.name)
        if variant is None:
            raise HandHistoryError(f"PHH has no variant code for {setup.structure.name}")
    antes = [0] * n
    if setup.ante:
        if setup.big_blind_ante:
            antes[1] = setup.ante
        else:
            antes = [setup.ante] * n
    blinds = [setup.small_blind, setup.big_blind] + [0] * (n - 2)
    lines = []
    for op in hand.history:
        who = pnum.get(setup.players.index(op.player)) if op.player else None
        if op.kind == "hole":
            lines.append(f"d dh {who} {''.join(op.cards) or '????'}")
        elif op.kind == "board":
            lines.append(f"d db {''.join(op.cards)}")
        elif op.kind == "fold":
            lines.append(f"{who} f")
        elif op.kind in ("check", "call"):
            lines.append(f"{who} cc")
        elif op.kind in ("bet", "raise"):
            lines.append(f"{who} cbr {_number(op.to)}")
        elif op.kind == "show":
            lines.append(f"{who} sm {''.join(op.cards)}")
        elif op.kind == "muck":
            lines.append(f"{who} sm")

    def fmt(values) -> str:
        return "[" + ", ".join(_toml_number(v) for v in values) + "]"

    out = [f"variant = {_toml_string(variant)}", "ante_trimming_status = false",
           f"antes = {fmt(antes)}", f"blinds_or_straddles = {fmt(blinds)}"]
    st = setup.structure
    if variant == "FT":
        out += [f"small_bet = {_toml_number(st.small_bet)}", f"big_bet = {_toml_number(st.big_bet)}"]
    else:
        out.append(f"min_bet = {_toml_number(st.big_blind)}")
    out.append(f"starting_stacks = {fmt(setup.stacks[s] for s in order)}")
    out.append("actions = [" + ", ".join(_toml_string(line) for line in lines) + "]")
    out.append("players = [" + ", ".join(_toml_string(setup.players[s]) for s in order) + "]")
    return "\n".join(out) + "\n"


def _number(value: Amount) -> str:
    """An amount as plain digits (no exponent), as PHH action lines write it.

    >>> _number(250), _number(Decimal("1E+2")), _number(Decimal("0.50"))
    ('250', '100', '0.50')
    """
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


def _toml_number(value: Amount) -> str:
    """An amount as a TOML value: an integer, a float when the float holds it exactly, else text
    (which :func:`replay` reads back exactly).

    >>> _toml_number(5), _toml_number(Decimal("2.0")), _toml_number(Decimal("0.5"))
    ('5', '2', '0.5')
    >>> _toml_number(Decimal("123456789012345.63"))
    "'123456789012345.63'"
    """
    if isinstance(value, Decimal):
        if value == value.to_integral_value():
            return str(int(value))
        text = format(value, "f")
        if Decimal(repr(float(text))) == value:
            return text
        return f"'{text}'"
    return str(value)


_TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
                 "\r": "\\r"}


def _toml_string(text: str) -> str:
    r"""``text`` as a TOML basic string (double quotes, with backslash escapes), which reads back
    exactly.

    >>> print(_toml_string('D\'Arcy "Ace" A\\B'))
    "D'Arcy \"Ace\" A\\B"
    """
    out = []
    for ch in text:
        code = ord(ch)
        if ch in _TOML_ESCAPES:
            out.append(_TOML_ESCAPES[ch])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            raise HandHistoryError(f"cannot write {text!r} in PHH: it holds a lone surrogate {ch!r}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'

