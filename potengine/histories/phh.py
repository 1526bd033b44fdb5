"""Real hands in the PHH format (the Poker Hand History standard): read, replay, settle, write.

A PHH file is TOML: ``variant`` (``NT`` no-limit or ``FT`` fixed-limit Texas hold'em; ``PT``
is accepted here for pot-limit hold'em, which the standard has no code for; ``PO`` pot-limit
Omaha and ``FO/8`` fixed-limit Omaha eight-or-better hi-lo, four hole cards each), ``antes``,
``blinds_or_straddles``, ``min_bet`` (or ``small_bet`` and ``big_bet``), ``starting_stacks``,
``actions`` and optionally ``players`` and ``finishing_stacks``.

Seats: ``p1`` is the small blind, ``p2`` the big blind, the last player the button; heads-up the
blinds are posted in reverse (``p2``, the button, posts the small blind). Actions:
``d dh pN CARDS`` deals hole cards (``??`` a card unknown: ``????`` a hold'em hand, ``????????``
a four-card Omaha hand), ``d db CARDS`` the board, ``pN f`` folds,
``pN cc`` checks or calls (a check by the one player left with chips, when everyone else is
all-in and nobody can bet, is accepted and changes nothing: pokerkit writes it), ``pN cbr X``
bets or raises **to** a street total of X, ``pN sm CARDS`` shows and a bare ``pN sm`` mucks.

Antes: equal antes from everyone are ordinary antes; an ante from the big blind alone is a
big-blind ante, dead money in the main pot (TDA RP-11) whatever ``ante_trimming_status`` says.
That flag is pokerkit's: with ``true`` it cuts every ante down to the second largest, which would
hand a lone big-blind ante back; the WSOP 2019 hand in the test corpus says ``true`` but its
finishing stacks count the ante as dead money, as we do.

Straddles are PHH's own: ``blinds_or_straddles`` holds them after the blinds (``[1, 2, 4, 8, 0]``
an under-the-gun straddle and a re-straddle, ``[1, 2, 0, 0, 4]`` a button straddle), read and
written by the rules of :mod:`potengine.play.hand` (S1-S6). What PHH has no field for is written
in user-defined fields (the standard lets a file add fields whose names begin with ``_``; other
readers ignore them):

================== ============================================================================
Field              Meaning
================== ============================================================================
``_missed_blinds`` one string per player: ``""``, or the blinds he posts back from missing them,
                   ``"big"`` (a live big blind), ``"small"`` (the small blind, dead) or
                   ``"both"`` (rules M1-M3)
``_bomb_pot``      ``true``: a bomb pot; ``antes`` holds everyone's bomb-pot ante, the blinds are
                   zeros, ``min_bet`` the minimum bet, and the betting starts on the flop (B1)
``_boards``        ``2``: two boards dealt at once (a double-board bomb pot); the ``d db`` lines
                   of each street deal the first board, then the second (B2)
``_run_count``     ``2`` or ``3``: the rest of the board was run that many times (R1-R3); the
                   ``d db`` lines after the agreement deal the first run to five cards, then the
                   second run's own cards, and so on
``_run_common_cards`` the board cards every run shares (those dealt before the agreement)
``_rake``          everything the room withheld from the pots (rake, jackpot and other fees),
                   written by :func:`potengine.histories.convert.to_phh` beside the standard's
                   ``winnings`` and ``finishing_stacks`` (after the rake); :func:`replay` takes no
                   rake, so its winners end with this much more than ``finishing_stacks``
``_cash_outs``,    one amount per player: an all-in cash-out the room paid him outside the pot,
``_cash_out_fees`` and its fee (written by the same converter; :func:`replay` pays him his share
                   of the pots by the cards instead)
================== ============================================================================

What PHH cannot carry, and what a reader that ignores these fields (PokerKit 0.7.7) does:

=========================== ====================================================================
Hand                        Without the ``_`` fields
=========================== ====================================================================
run twice or three times    PHH has no run count and no action to agree one: PokerKit reads the
                            hand as dealt once and refuses the second run's cards ("Unable to
                            repair the hand history")
double board                PHH has no board count: PokerKit refuses the second board's flop
bomb pot                    PHH has no bomb pot: a reader plays a pre-flop round with no blinds;
                            PokerKit fills in the missing pre-flop checks itself and reaches the
                            same chips, a stricter reader refuses the file
missed blinds               PHH has no dead blind: a reader posts nothing for them, so the chips
                            and the finishing stacks differ by the blinds posted
straddles                   carried; PokerKit lets the first raise over a straddle go to the
                            straddle plus the big blind, the engine to twice the straddle (S5):
                            a file with a smaller raise is refused here
a bomb pot's blinds         not carried (nobody posts them): read back, the small blind is 0
the odd-chip rules          not carried: the engine's (TDA 20, and the first run's odd chip)
=========================== ====================================================================

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..chips import Amount
from ..errors import (
    HandHistoryError,
    IllegalActionError,
    IllegalHandHistoryError,
    PotEngineError,
    message_of,
    said,
)
from ..play import betting, dealing
from ..play.betting import Table
from ..play.hand import Hand, _check_setup, check_extras, start_table
from ..play.records import GAME_NAMES, Setup
from ..play.showdown import RankPlayers, settle_table
from ..play.streets import Kind, Street, street_said
from ..play.structures import (
    STRUCTURES,
    Structure,
    omaha_structure_for_phh,
    structure_from_phh,
    structure_said,
)
from ..pots.settlement import Settlement

VARIANTS = {kind.phh_variant: kind.name for kind in STRUCTURES if kind.phh_variant} | {
    code: f"{kind.name} {GAME_NAMES[game]}"
    for kind in STRUCTURES
    for game, code in kind.phh_omaha_variants.items()
}
"""The PHH variant codes this engine plays and the structure (and game) each names."""


@dataclass(frozen=True)
class Replay:
    """A PHH hand played through the engine and settled.

    ``finishing_stacks`` are in PHH player order; ``expected`` are the file's own
    ``finishing_stacks`` (None when absent).
    """

    name: str
    players: tuple[str, ...]
    hand: Hand
    settlement: Settlement
    finishing_stacks: tuple[Amount, ...]
    expected: tuple[Amount, ...] | None
    fields: dict[str, Any]

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
    potengine.errors.HandHistoryError: hand 7: a bet '1e999999' is not an amount (write digits, with an
    optional decimal part)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool):
        raise _named(name, said("{what} must be a number, got {value}", what=what, value=repr(value)))
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _named(
                name, said("{what} must be a finite number, got {value}", what=what, value=repr(value))
            )
        d = Decimal(repr(value))
    elif isinstance(value, str):
        if value.isdigit() and value.isascii() and len(value) <= 30:
            return int(value)
        if _NUMBER.fullmatch(value) is None:
            shown = repr(value[:40]) + ("..." if len(value) > 40 else "")
            raise _named(
                name,
                said(
                    "{what} {value} is not an amount (write digits, with an optional decimal part)",
                    what=what,
                    value=shown,
                ),
            )
        d = Decimal(value)
    else:
        raise _named(name, said("{what} must be a number, got {value}", what=what, value=repr(value)))
    return int(d) if d == d.to_integral_value() else d


def _named(name: str, reason: str) -> HandHistoryError:
    """The error ``reason`` of the hand ``name`` (none: the reason alone)."""
    return HandHistoryError(said("{name}: {reason}", name=name, reason=reason) if name else reason)


def _list(fields: Mapping[str, Any], key: str, name: str, n: int | None = None) -> list[Any]:
    if key not in fields:
        raise HandHistoryError(said("{name}: the field {key} is missing", name=name, key=repr(key)))
    value = fields[key]
    if not isinstance(value, list):
        raise HandHistoryError(
            said("{name}: {key} must be a list, got {value}", name=name, key=key, value=repr(value))
        )
    if n is not None and len(value) != n:
        raise HandHistoryError(
            said(
                "{name}: {key} has {count} entries for {n} players", name=name, key=key, count=len(value), n=n
            )
        )
    return value


# ------------------------------------------------------------------------------------------------
# Reading the TOML of a PHH file
# ------------------------------------------------------------------------------------------------
_KEY = re.compile(r"[A-Za-z0-9_-]+")
_LEADING_ZERO = re.compile(r"(?:^|, )0[0-9]")
_SCALAR = re.compile(
    r"'([^'\x00-\x08\x0a-\x1f\x7f]*)'"  # a literal string
    r'|"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"'  # a basic string without escapes
    r"|(-?(?:0|[1-9][0-9]*)\.[0-9]+)(?![0-9A-Za-z_.])"  # a float without exponent
    r"|(-?(?:0|[1-9][0-9]{0,17}))(?![0-9A-Za-z_.:-])"  # an integer (of at most 18 digits)
    r"|(true|false)(?![0-9A-Za-z_])"
)
_SEPARATOR = re.compile(r"[ \t]*,[ \t]*")
_SPACE = re.compile(r"[ \t]*")


class _NotTheSubset(Exception):
    """The text uses TOML this small reader does not read: :func:`parse` hands it to tomllib."""


def _scalar(match: re.Match[str]) -> Any:
    literal, basic, number, integer, boolean = match.groups()
    if literal is not None:
        return literal
    if basic is not None:
        return basic
    if number is not None:
        return float(number)
    if integer is not None:
        return int(integer)
    return boolean == "true"


def _plain_number(item: str) -> int | float | None:
    """A TOML integer (at most 18 digits, no sign, no leading zero) or a plain decimal float
    (``9775.0``), or None for anything else."""
    whole, dot, part = item.partition(".")
    if not (whole.isdigit() and whole.isascii() and len(whole) <= 18 and (whole[0] != "0" or whole == "0")):
        return None
    if not dot:
        return int(whole)
    if part.isdigit() and part.isascii():
        return float(item)
    return None


def _plain_list(text: str) -> list[Any] | None:
    """The lists every PHH file has, read without a regex: ``['p1 f', 'd db AhKd2c']`` (literal
    strings free of quotes and control characters) and ``[0, 50, 100]`` or ``[9775.0, 10112.5]``
    (plain numbers). None for anything else."""
    if text.startswith("['") and text.endswith("']"):
        inner = text[2:-2]
        items = inner.split("', '")
        if inner.isprintable() and inner.count("'") == 2 * (len(items) - 1):
            return items
        return None
    inner = text[1:-1]
    if text.endswith("]") and inner and "'" not in inner:
        items = inner.split(", ")
        digits = "".join(items)
        if (
            digits.isdigit()
            and digits.isascii()
            and "" not in items
            and max(map(len, items)) <= 18
            and _LEADING_ZERO.search(inner) is None
        ):
            return list(map(int, items))
        numbers = [_plain_number(item) for item in items]
        if None in numbers:
            return None
        return numbers
    return None


def _value(text: str) -> Any:
    """One value of the PHH subset: a string, a number, a boolean or a one-line list of them."""
    if text.startswith("["):
        plain = _plain_list(text)
        if plain is not None:
            return plain
    else:
        if text.isdigit() and text.isascii() and len(text) <= 18 and (text[0] != "0" or text == "0"):
            return int(text)
        if (
            len(text) > 1
            and text[0] == "'"
            and text[-1] == "'"
            and "'" not in text[1:-1]
            and text.isprintable()
        ):
            return text[1:-1]
        match = _SCALAR.fullmatch(text)
        if match is None:
            raise _NotTheSubset
        return _scalar(match)
    items: list[Any] = []
    pos = _SPACE.match(text, 1).end()  # type: ignore[union-attr]
    while True:
        if text.startswith("]", pos):
            break
        match = _SCALAR.match(text, pos)
        if match is None:
            raise _NotTheSubset
        items.append(_scalar(match))
        pos = match.end()
        comma = _SEPARATOR.match(text, pos)
        if comma is None:
            pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
            if not text.startswith("]", pos):
                raise _NotTheSubset
            break
        pos = comma.end()
    if pos != len(text) - 1:
        raise _NotTheSubset
    return items


def _read_subset(text: str) -> dict[str, Any]:
    """Read the TOML subset PHH files use: one ``key = value`` per line, values strings, numbers,
    booleans or one-line lists of them. Anything else raises :class:`_NotTheSubset`."""
    fields: dict[str, Any] = {}
    for line in text.split("\n"):  # TOML ends lines with LF or CRLF only
        if line.endswith("\r"):
            line = line[:-1]
        if not line or line.isspace():
            continue
        key, equals, value = line.partition("=")
        key = key.strip(" \t")
        if not equals or _KEY.fullmatch(key) is None or key in fields:
            raise _NotTheSubset
        fields[key] = _value(value.strip(" \t"))
    return fields


def parse(text: str) -> dict[str, Any]:
    """Read the TOML of a PHH file into a dict, with a clear error if it is not TOML.

    The usual PHH file (one ``key = value`` a line: strings, numbers, booleans, one-line lists)
    is read by a small reader of that subset; any other TOML goes to :mod:`tomllib`, which also
    gives the error for text that is not TOML at all.

    >>> parse("variant = 'NT'\\nantes = [0, 0]")
    {'variant': 'NT', 'antes': [0, 0]}
    >>> parse("variant = ")
    Traceback (most recent call last):
    ...
    potengine.errors.HandHistoryError: the hand is not valid PHH/TOML: Invalid value (at end of document)
    """
    if not isinstance(text, str):
        kind = type(text).__name__
        raise HandHistoryError(
            said("the hand must be PHH text (a str), not {kind}: decode the bytes first", kind=kind)
            if isinstance(text, (bytes, bytearray))
            else said("the hand must be PHH text (a str), not {kind}", kind=kind)
        )
    try:
        return _read_subset(text)
    except _NotTheSubset:
        pass
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as err:
        raise HandHistoryError(said("the hand is not valid PHH/TOML: {err}", err=str(err))) from None


# ------------------------------------------------------------------------------------------------
# Seating the players
# ------------------------------------------------------------------------------------------------
def _setup(fields: Mapping[str, Any], *, chip: Amount, name: str) -> Setup:
    """The table of a parsed PHH hand: PHH's player order is the seat order from the small blind,
    the last player holds the button."""
    variant = fields.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        codes = ", ".join(f"{code} {kind}" for code, kind in VARIANTS.items())
        raise HandHistoryError(
            said(
                "{name}: variant {variant} is not a variant this engine plays ({codes})",
                name=name,
                variant=repr(variant),
                codes=codes,
            )
        )
    stacks = [_amount(v, said("a starting stack"), name) for v in _list(fields, "starting_stacks", name)]
    n = len(stacks)
    players = fields.get("players") or [f"p{k + 1}" for k in range(n)]
    if (
        not isinstance(players, list)
        or not all(isinstance(p, str) for p in players)
        or len(players) != n
        or len(set(players)) != n
    ):
        raise HandHistoryError(
            said(
                "{name}: players must be a list of {n} distinct names, got {players}",
                name=name,
                n=n,
                players=repr(players),
            )
        )
    blinds = [_amount(v, said("a blind"), name) for v in _list(fields, "blinds_or_straddles", name, n)]
    antes = [_amount(v, said("an ante"), name) for v in _list(fields, "antes", name, n)]
    if n < 2:
        raise HandHistoryError(
            said("{name}: starting_stacks has {n} entries: a hand needs 2 to 10 players", name=name, n=n)
        )
    bomb = False
    boards = 1
    straddles: dict[str, Amount] = {}
    missed: dict[str, str] = {}
    if any(blinds[2:]) or "_bomb_pot" in fields or "_boards" in fields or "_missed_blinds" in fields:
        bomb = fields.get("_bomb_pot", False)
        if bomb is not True and bomb is not False:
            raise HandHistoryError(
                said("{name}: _bomb_pot must be true or false, not {value}", name=name, value=repr(bomb))
            )
        boards = fields.get("_boards", 1)
        if type(boards) is not int or boards not in (1, 2):
            raise HandHistoryError(
                said("{name}: _boards must be 1 or 2, not {value}", name=name, value=repr(boards))
            )
        straddles = {players[k]: blinds[k] for k in range(2, n) if blinds[k]}
        missed = _missed_blinds(fields, players, name)
    small_blind, big_blind = blinds[0], blinds[1]
    nonzero = [a for a in antes if a]
    big_blind_ante = False
    ante: Amount = 0
    bomb_ante: Amount = 0
    if bomb:
        if any(blinds):
            raise HandHistoryError(
                said("{name}: a bomb pot has no blinds: blinds_or_straddles must be zeros", name=name)
            )
        if len(nonzero) != n or len(set(antes)) != 1:
            raise HandHistoryError(
                said(
                    "{name}: a bomb pot's antes must be one amount for everyone, not {antes}",
                    name=name,
                    antes=antes,
                )
            )
        bomb_ante, nonzero = antes[0], []
        given = fields.get("min_bet", fields.get("small_bet"))
        if given is None:
            raise HandHistoryError(
                said("{name}: a bomb pot needs min_bet (the minimum bet on the flop)", name=name)
            )
        big_blind = _amount(given, "min_bet", name)
    if nonzero:
        if len(nonzero) == 1 and antes[1]:
            ante, big_blind_ante = antes[1], True
        elif len(nonzero) == n and len(set(antes)) == 1:
            ante = antes[0]
        else:
            raise HandHistoryError(
                said(
                    "{name}: antes {antes} are neither equal antes nor a big-blind ante",
                    name=name,
                    antes=antes,
                )
            )

    def read(value: object, what: str) -> Amount:
        return _amount(value, what, name)

    try:
        omaha = omaha_structure_for_phh(variant)
        game = "holdem"
        if omaha is not None:
            structure: Structure = omaha[0].from_phh(fields, big_blind, read)
            game = omaha[1]
        else:
            structure = structure_from_phh(variant, fields, big_blind, read)
        setup = _check_setup(
            dict(zip(players, stacks, strict=True)),
            small_blind,
            big_blind,
            players[-1],
            ante,
            big_blind_ante,
            structure,
            chip,
            game,
        )
        if straddles or missed or bomb or boards != 1:
            setup = check_extras(setup, straddles, missed, bomb_ante, boards)
        return setup
    except HandHistoryError:
        raise
    except PotEngineError as err:
        raise HandHistoryError(said("{name}: {error}", name=name, error=message_of(err))) from None


def _missed_blinds(fields: Mapping[str, Any], players: Sequence[str], name: str) -> dict[str, str]:
    """The ``_missed_blinds`` field: one entry per player, ``""`` or ``"small"``, ``"big"``,
    ``"both"`` (the blinds he posts coming back: the big blind live, the small blind dead)."""
    if "_missed_blinds" not in fields:
        return {}
    value = fields["_missed_blinds"]
    strings = isinstance(value, list) and all(isinstance(v, str) for v in value)
    if not strings or len(value) != len(players):
        raise HandHistoryError(
            said(
                "{name}: _missed_blinds must be a list of {count} strings ('', 'small', 'big' or 'both'), "
                "got {value}",
                name=name,
                count=len(players),
                value=repr(value),
            )
        )
    return {p: v for p, v in zip(players, value, strict=True) if v}


def _run_fields(fields: Mapping[str, Any], name: str) -> tuple[int, int] | None:
    """``_run_count`` and ``_run_common_cards``: how many times the rest of the board was run and
    how many board cards every run shares (None: dealt once)."""
    if "_run_count" not in fields:
        if "_run_common_cards" in fields:
            raise HandHistoryError(said("{name}: _run_common_cards without _run_count", name=name))
        return None
    count, common = fields["_run_count"], fields.get("_run_common_cards")
    if type(count) is not int or type(common) is not int or not 0 <= common < 5:
        raise HandHistoryError(
            said(
                "{name}: a hand run more than once needs _run_count (2 or 3) and _run_common_cards "
                "(0 to 4, the board cards every run shares), got {count} and {common}",
                name=name,
                count=repr(count),
                common=repr(common),
            )
        )
    return count, common


def start_from_phh(
    fields: Mapping[str, Any], *, chip: Amount = 1, name: str | None = None
) -> tuple[Hand, tuple[str, ...]]:
    """Seat the players of a parsed PHH hand and post antes and blinds; return the hand and the
    PHH player names (in PHH order, which is the seat order from the small blind).

    >>> hand, players = start_from_phh(parse(
    ...     "variant='NT'\\nantes=[0,0]\\nblinds_or_straddles=[1,2]\\nmin_bet=2\\n"
    ...     "starting_stacks=[50,50]\\nactions=[]"))
    >>> players, hand.to_act, hand.contributions
    (('p1', 'p2'), 'p2', {'p1': 2, 'p2': 1})
    """
    if name is None:
        name = said("the hand")
    setup = _setup(fields, chip=chip, name=name)
    try:
        table = start_table(setup)
    except PotEngineError as err:
        raise HandHistoryError(said("{name}: {error}", name=name, error=message_of(err))) from None
    return Hand(table), setup.players


# ------------------------------------------------------------------------------------------------
# Playing the actions
# ------------------------------------------------------------------------------------------------
_BOARD_BEFORE = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
"""The board cards that must be dealt before anybody acts on a street."""


def _seat_number(token: str) -> int | None:
    """``p3`` -> 3 (None if the token does not name a seat)."""
    digits = token[1:]
    if token[:1] == "p" and digits.isdigit() and digits.isascii() and len(digits) <= 3 and digits[0] != "0":
        return int(digits)
    return None


def _seat(token: str, n: int, line: str) -> int:
    k = _seat_number(token)
    if k is not None and k <= n:
        return k - 1
    raise HandHistoryError(
        said("action {line} names {token}, not one of p1..p{n}", line=repr(line), token=repr(token), n=n)
    )


Parsed = tuple[str, int, Any]
"""An action line read: (verb, seat number from 1 or 0 for the dealer, argument)."""

_PARSED: dict[str, Parsed] = {}
"""Action lines already read (``p2 cc``, ``p3 f`` ... come back in every hand)."""


def _parse_line(line: str) -> Parsed | None:
    """Read one action line into (verb, seat number, argument); None for a blank line or comment.
    HandHistoryError for a line that is not a PHH action (seats are checked against the table
    by the caller)."""
    parsed = _PARSED.get(line)
    if parsed is not None:
        return parsed
    tokens = (line.split("#", 1)[0] if "#" in line else line).split()
    if not tokens:
        return None
    if tokens[0] == "d":
        if len(tokens) in (3, 4) and tokens[1] == "dh":
            k = _seat_number(tokens[2])
            parsed = ("dh", -1 if k is None else k, tokens[3] if len(tokens) > 3 else None)
        elif len(tokens) == 3 and tokens[1] == "db":
            parsed = ("db", 0, tokens[2])
        else:
            raise HandHistoryError(said("unknown dealer action {line}", line=repr(line)))
    else:
        k = _seat_number(tokens[0])
        verb = tokens[1] if len(tokens) > 1 else ""
        seat = -1 if k is None else k
        if (verb == "f" or verb == "cc") and len(tokens) == 2:
            parsed = (verb, seat, None)
        elif verb == "cbr" and len(tokens) == 3:
            parsed = (verb, seat, _amount(tokens[2], said("the amount"), ""))
        elif verb == "sm" and len(tokens) in (2, 3):
            parsed = (verb, seat, tokens[2] if len(tokens) > 2 and tokens[2] != "-" else None)
        elif k is None:
            parsed = ("?", seat, None)  # the unknown seat is named first, below
        else:
            raise HandHistoryError(said("unknown action {line}", line=repr(line)))
    if len(_PARSED) >= 50_000:
        _PARSED.clear()
    _PARSED[line] = parsed
    return parsed


def _play(t: Table, line: str) -> None:
    """Apply one PHH action line to the table in place."""
    parsed = _parse_line(line)
    if parsed is None:
        return
    verb, k, argument = parsed
    players = t.setup.players
    if verb == "db":
        dealing.deal_board(t, argument)
        return
    n = len(players)
    if not 0 < k <= n:
        token = line.split()[2 if verb == "dh" else 0]
        raise HandHistoryError(
            said("action {line} names {token}, not one of p1..p{n}", line=repr(line), token=repr(token), n=n)
        )
    seat = k - 1
    player = players[seat]
    if verb == "dh":
        dealing.deal_hole(t, player, argument)
        return
    if verb == "sm":
        if argument is None:
            dealing.muck(t, player)
        else:
            dealing.show(t, player, argument)
        return
    if verb == "f":
        what = Kind.FOLD
    elif verb == "cc":
        what = Kind.CALL if t.current_bet > t.bets[seat] else Kind.CHECK
        if (
            t.actor is None
            and what == Kind.CHECK
            and not t.folded[seat]
            and t.stacks[seat]
            and t.live_count() > 1
        ):
            # The betting is over because nobody else can bet (the others are all-in); pokerkit
            # still asks this last player with chips to check, and writes that check. No chip moves.
            return
    elif verb == "cbr":
        what = Kind.BET if t.current_bet == 0 else Kind.RAISE
    else:
        raise HandHistoryError(said("unknown action {line}", line=repr(line)))
    if t.actor != seat:
        betting.act(t, player, what, argument)  # not his turn: act() says whose it is
    need = _BOARD_BEFORE.get(t.street)
    if need is not None and len(t.board) < need:
        raise IllegalActionError(
            said(
                "{player} cannot act on the {street}: the {street} has not been dealt "
                "(the board holds {count} cards; a 'd db' line must deal it first)",
                player=player,
                street=street_said(t.street),
                count=len(t.board),
            )
        )
    betting.act_seat(t, seat, what, argument)


def apply_action(hand: Hand, line: str, players: Sequence[str] | None = None) -> Hand:
    """Apply one PHH action line (``p3 cbr 250``, ``p1 cc``, ``d db AhKd2c`` ...) to ``hand``
    and return the new hand (``players``, the PHH names, are the hand's seats and may be left out).

    >>> hand, players = start_from_phh(parse(
    ...     "variant='NT'\\nantes=[0,0,0]\\nblinds_or_straddles=[1,2,0]\\nmin_bet=2\\n"
    ...     "starting_stacks=[50,50,50]\\nactions=[]"))
    >>> apply_action(hand, "p3 cbr 6", players).contributions
    {'p1': 1, 'p2': 2, 'p3': 6}
    """
    table = hand._table.copy()
    _play(table, line)
    return Hand(table)


def _fill_skipped(t: Table, line: str) -> None:
    tokens = line.split()
    if not tokens or tokens[0] == "d":
        return
    seat = _seat(tokens[0], len(t.setup.players), line)
    if t.folded[seat] or t.stacks[seat] == 0:
        return
    while t.actor is not None and t.actor != seat:
        who = t.setup.players[t.actor]
        nothing_to_call = t.current_bet <= t.bets[t.actor]
        betting.act(t, who, Kind.CHECK if nothing_to_call else Kind.FOLD)


def _agree_runs(t: Table, runs: tuple[int, int]) -> None:
    """Run it ``runs[0]`` times once the board holds the ``runs[1]`` cards the runs share (and
    the betting is over: :func:`~potengine.play.dealing.run_it` says so otherwise)."""
    if len(t.board) == runs[1]:
        dealing.run_it(t, runs[0])


def replay(
    text: str,
    *,
    chip: Amount = 1,
    name: str | None = None,
    rank_players: RankPlayers | None = None,
    fill_skipped: bool = False,
) -> Replay:
    """Play a PHH hand through the engine, settle it and return the :class:`Replay`.

    ``chip`` is the smallest unit a pot may be split into (``Decimal("0.5")`` reproduces the
    Pluribus half-chip splits). ``rank_players`` overrides :func:`potengine.cards.evaluate.rank_players`
    for the showdown. Errors name the hand and the action line: an action the rules forbid raises
    :class:`~potengine.errors.IllegalHandHistoryError` (an ``IllegalActionError`` and a
    ``HandHistoryError``), a malformed file a plain :class:`~potengine.errors.HandHistoryError`.

    ``fill_skipped=True`` accepts a file that leaves out a player's action: when a line names a
    player who is not to act, the players before him check (nothing to call) or fold, as
    pokerkit's reader does silently. The WSOP 2019 hand of the test corpus needs it: its
    pre-flop actions never mention the button (``p8``), whose stack is unchanged.

    >>> text = ("variant='NT'\\nantes=[0,0,0]\\nblinds_or_straddles=[1,2,0]\\nmin_bet=2\\n"
    ...         "starting_stacks=[20,20,20]\\nactions=['p1 cbr 20', 'p2 f']")
    >>> replay(text)
    Traceback (most recent call last):
    ...
    potengine.errors.IllegalHandHistoryError: the hand, action 1 'p1 cbr 20': p1 cannot raise: it is p3's
    turn (action goes clockwise)
    >>> replay(text, fill_skipped=True).finishing_stacks
    (22, 18, 20)
    """
    fields = parse(text)
    if name is None:
        name = said("hand {hand_id}", hand_id=fields["hand"]) if "hand" in fields else said("the hand")
    setup = _setup(fields, chip=chip, name=name)
    try:
        table = start_table(setup)
    except PotEngineError as err:
        raise HandHistoryError(said("{name}: {error}", name=name, error=message_of(err))) from None
    actions = _list(fields, "actions", name)
    runs = _run_fields(fields, name) if "_run_count" in fields or "_run_common_cards" in fields else None
    for k, line in enumerate(actions, start=1):
        try:
            line = str(line)
            if fill_skipped:
                _fill_skipped(table, line)
            if runs is not None and table.multi is None and line.lstrip().startswith("d db"):
                _agree_runs(table, runs)
            _play(table, line)
        except PotEngineError as err:  # an illegal action, or a hand the engine cannot take
            kind = IllegalHandHistoryError if isinstance(err, IllegalActionError) else HandHistoryError
            raise kind(
                said(
                    "{name}, action {number} {line}: {error}",
                    name=name,
                    number=k,
                    line=repr(line),
                    error=message_of(err),
                )
            ) from None
    if runs is not None and table.multi is None:
        if len(table.board) != runs[1]:
            raise HandHistoryError(
                said(
                    "{name}: _run_count {count} with _run_common_cards {common}, but the runs never "
                    "start: the board holds {cards} cards, never {common} before a run's cards",
                    name=name,
                    count=runs[0],
                    common=runs[1],
                    cards=len(table.board),
                )
            )
        try:
            _agree_runs(table, runs)
        except PotEngineError as err:
            raise HandHistoryError(
                said("{name}: _run_count {count}: {error}", name=name, count=runs[0], error=message_of(err))
            ) from None
    players = setup.players
    if table.actor is not None:
        raise HandHistoryError(
            said("{name}: the actions end with {player} still to act", name=name, player=players[table.actor])
        )
    try:
        result = settle_table(table, None, rank_players=rank_players)
    except PotEngineError as err:
        raise HandHistoryError(
            said("{name}: cannot settle: {error}", name=name, error=message_of(err))
        ) from None
    payouts = result.payouts
    finishing = tuple(table.stacks[i] + payouts[p] for i, p in enumerate(players))
    expected = None
    if "finishing_stacks" in fields:
        expected = tuple(
            _amount(v, said("a finishing stack"), name)
            for v in _list(fields, "finishing_stacks", name, len(players))
        )
    return Replay(name, players, Hand(table), result, finishing, expected, fields)


def to_phh(hand: Hand, *, variant: str | None = None, held: int | None = None) -> str:
    """Write a hand back out as PHH text (seats renumbered from the small blind, as PHH wants).

    A hand nobody knows is written as unknown cards (``????``), as many as a known hand holds;
    when no hand is known, ``held`` says how many (6 in 6-card Omaha: the model knows only that
    an Omaha hand holds 4, 5 or 6), else two in hold'em and four in Omaha.

    >>> from potengine.play import PotLimit
    >>> from potengine.play.hand import start_hand
    >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
    >>> h = h.raise_to("C", 6).fold("A").fold("B")
    >>> again = replay(to_phh(h))
    >>> again.finishing_stacks
    (99, 98, 103)
    >>> o = start_hand({"A": 100, "B": 100}, small_blind=1, big_blind=2, game="omaha",
    ...                structure=PotLimit(2))
    >>> o = o.deal_hole("A", None).deal_hole("B", None).fold("B")   # nobody's cards known
    >>> parse(to_phh(o, held=6))["actions"][:2]
    ['d dh p1 ????????????', 'd dh p2 ????????????']
    """
    setup = hand.setup
    n = len(setup.players)
    first = setup.small_blind_seat if n > 2 else setup.big_blind_seat
    order = [(first + k) % n for k in range(n)]
    pnum = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    if variant is None and setup.game != "holdem":
        variant = setup.structure.phh_omaha_variants.get(setup.game)
        if variant is None:
            raise HandHistoryError(
                said(
                    "PHH has no variant code for {structure} {game} "
                    "(the standard has pot-limit Omaha PO and fixed-limit Omaha hi-lo FO/8)",
                    structure=structure_said(setup.structure.name),
                    game=GAME_NAMES[setup.game],
                )
            )
    if variant is None:
        variant = setup.structure.phh_variant
        if variant is None:
            raise HandHistoryError(
                said(
                    "PHH has no variant code for {structure}", structure=structure_said(setup.structure.name)
                )
            )
    antes: list[Amount] = [0] * n
    if setup.ante:
        if setup.big_blind_ante:
            antes[1] = setup.ante
        else:
            antes = [setup.ante] * n
    blinds: list[Amount] = [setup.small_blind, setup.big_blind] + [0] * (n - 2)
    extra: list[str] = []
    if setup.bomb_pot:
        antes = [setup.bomb_pot] * n
        blinds = [0] * n
        extra.append("_bomb_pot = true")
        if setup.boards != 1:
            extra.append(f"_boards = {setup.boards}")
    for seat, amount in setup.straddles:
        blinds[order.index(seat)] = amount
    if setup.missed:
        missed = dict(setup.missed)
        extra.append("_missed_blinds = [" + ", ".join(_toml_string(missed.get(s, "")) for s in order) + "]")
    multi = hand._table.multi
    if multi is not None and multi.kind == "runs":
        extra += [f"_run_count = {multi.count}", f"_run_common_cards = {multi.common}"]
    lines = []
    board = 0
    # an unknown hand as so many unknown cards: as many as a known hand holds, else ``held`` (the
    # game's count, which the caller may know: 6 in 6-card Omaha), else two in hold'em, four in Omaha
    held = next((len(cards) for cards in hand.holes if cards), held or (2 if setup.game == "holdem" else 4))
    unknown = "??" * held
    for op in hand.history:
        who = pnum.get(setup.players.index(op.player)) if op.player else None
        kind = op.kind
        if kind in (Kind.FOLD, Kind.CHECK, Kind.CALL, Kind.BET, Kind.RAISE) and board < _BOARD_BEFORE.get(
            op.street, 0
        ):
            raise HandHistoryError(
                said(
                    "cannot write the hand in PHH: {player} acts on the {street} with "
                    "{count} board cards dealt (deal the board with deal_board first)",
                    player=op.player,
                    street=street_said(op.street),
                    count=board,
                )
            )
        if kind == Kind.HOLE:
            lines.append(f"d dh {who} {''.join(op.cards) or unknown}")
        elif kind == Kind.BOARD:
            lines.append(f"d db {''.join(op.cards)}")
            board += len(op.cards)
        elif kind == Kind.FOLD:
            lines.append(f"{who} f")
        elif kind == Kind.CHECK or kind == Kind.CALL:
            lines.append(f"{who} cc")
        elif kind == Kind.BET or kind == Kind.RAISE:
            lines.append(f"{who} cbr {_number(op.to)}")
        elif kind == Kind.SHOW:
            lines.append(f"{who} sm {''.join(op.cards)}")
        elif kind == Kind.MUCK:
            lines.append(f"{who} sm")

    def fmt(values: Iterable[Amount]) -> str:
        return "[" + ", ".join(_toml_number(v) for v in values) + "]"

    out = [
        f"variant = {_toml_string(variant)}",
        "ante_trimming_status = false",
        f"antes = {fmt(antes)}",
        f"blinds_or_straddles = {fmt(blinds)}",
    ]
    try:
        sizes = setup.structure.phh_fields()
    except PotEngineError as err:
        raise HandHistoryError(said("cannot write the hand in PHH: {error}", error=message_of(err))) from None
    out += [f"{key} = {_toml_number(value)}" for key, value in sizes.items()]
    out.append(f"starting_stacks = {fmt(setup.stacks[s] for s in order)}")
    out.append("actions = [" + ", ".join(_toml_string(line) for line in lines) + "]")
    out.append("players = [" + ", ".join(_toml_string(setup.players[s]) for s in order) + "]")
    out += extra
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


_TOML_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


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
            raise HandHistoryError(
                said(
                    "cannot write {text} in PHH: it holds a lone surrogate {ch}", text=repr(text), ch=repr(ch)
                )
            )
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'
