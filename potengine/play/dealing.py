"""The dealer's part: hole cards, the board, showing and mucking, on a :class:`~potengine.play.betting.Table`.

Cards are read once, when they are dealt, and kept both as two-character codes (``'Th'``) and as
deck indexes (for the showdown); a card already dealt is found in a set, not by reading every
hand again.

>>> read_cards("AsKd")
(('As', 'Kd'), (51, 45))
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards.deck import TOKENS, Card, check_no_duplicates, parse_cards
from ..errors import IllegalActionError
from .betting import Table
from .records import GAME_NAMES, Operation
from .streets import STREET_NAMES, Kind

CardsIn = Sequence[str] | str | None
"""Cards as a user gives them: ``"AsKs"``, ``"10h 9h"``, ``"A♠ K♠"``, a list, or None (unknown)."""


def unknown(cards: object) -> bool:
    """True for cards nobody has seen: ``None``, ``""`` or question marks (``"????"``)."""
    if cards is None:
        return True
    if isinstance(cards, str):
        return "?" in cards and set(cards.replace(" ", "")) <= {"?"} or not cards.strip()
    return False


_new_op = tuple.__new__  # an Operation built without the NamedTuple's Python-level __new__

_READ: dict[str, tuple[tuple[str, ...], tuple[int, ...]]] = {}
"""Cards already read, by their text (hole cards and boards come back from hand to hand)."""
_READ_LIMIT = 20_000


def read_cards(cards: Sequence[str] | str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The codes and deck indexes of ``cards`` (CardError if unreadable or repeated).

    Cards written back to back (``"AsKd"``, as hand histories do) are looked up directly; any
    other spelling goes through :func:`potengine.cards.deck.parse_cards`.
    """
    if isinstance(cards, (list, tuple)) and all(type(c) is str and len(c) == 2 for c in cards):
        cards = "".join(cards)  # codes one by one, e.g. ["Qd", "Jc", "7s"]: read as one text
    if isinstance(cards, str):
        known = _READ.get(cards)
        if known is not None:
            return known
    if isinstance(cards, str) and len(cards) % 2 == 0:
        found: list[Card] = []
        for k in range(0, len(cards), 2):
            card = TOKENS.get(cards[k : k + 2])
            if card is None:
                break
            found.append(card)
        else:
            if len(set(found)) == len(found):
                read = tuple(c.code for c in found), tuple(c.index for c in found)
                if len(_READ) >= _READ_LIMIT:
                    _READ.clear()
                _READ[cards] = read
                return read
    parsed = parse_cards(cards)
    return tuple(c.code for c in parsed), tuple(c.index for c in parsed)


def _check_unseen(
    t: Table, codes: tuple[str, ...], index: tuple[int, ...], owner: str, seat: int | None
) -> None:
    """Refuse cards already dealt to another player or on the board (CardError naming both)."""
    if not t.seen.intersection(index):
        return
    players = t.setup.players
    groups: dict[str, Sequence[Card]] = {}
    for j, hole in enumerate(t.holes):
        if hole and j != seat:
            groups[players[j]] = parse_cards(hole)
    board = parse_cards(t.board)
    groups["the board"] = board + parse_cards(codes) if seat is None else board
    if seat is not None:
        groups[owner] = parse_cards(codes)
    check_no_duplicates(groups)


def hole_count_error(t: Table, player: str, count: int, verb: str = "deal") -> str | None:
    """Why ``count`` hole cards are wrong for ``player`` in this game, or None when they are right.

    Hold'em deals two; Omaha four or five, the same number to everyone: the first hand known
    fixes it.
    """
    game = t.setup.game
    allowed = t.setup.hole_cards
    if len(allowed) > 1:
        known = next((len(h) for j, h in enumerate(t.holes) if h and t.setup.players[j] != player), None)
        if known is not None:
            allowed = (known,)
    if count in allowed:
        return None
    need = " or ".join(map(str, allowed))
    what = "deal" if verb == "deal" else "show"
    head = (
        f"the dealer cannot deal {player} {count} card{'s' * (count != 1)}"
        if what == "deal"
        else f"{player} cannot show {count} card{'s' * (count != 1)}"
    )
    if len(t.setup.hole_cards) > 1 and len(allowed) == 1:
        return f"{head}: every {GAME_NAMES[game]} player holds the same number of hole cards, here {need}"
    article = "an" if game != "holdem" else "a"
    return f"{head}: {article} {GAME_NAMES[game]} player gets {need} hole cards"


def deal_hole(t: Table, player: str, cards: CardsIn) -> None:
    """Record ``player``'s hole cards (unknown ones are recorded as None): two in hold'em, four or
    five in Omaha."""
    i = t.seat(player)
    codes: tuple[str, ...] = ()
    index: tuple[int, ...] = ()
    if not unknown(cards):
        assert cards is not None
        codes, index = read_cards(cards)
        if len(codes) != 2 or t.setup.game != "holdem":
            error = hole_count_error(t, player, len(codes))
            if error:
                raise IllegalActionError(error)
    held = t.holes[i]
    if held:
        raise IllegalActionError(
            f"the dealer cannot deal {player} hole cards: {player} already holds {' '.join(held)}"
        )
    if codes:
        _check_unseen(t, codes, index, player, i)
        t.seen.update(index)
    t.holes[i] = codes or None
    t.hole_index[i] = index
    t.history.append(_new_op(Operation, (t.street, player, Kind.HOLE, 0, 0, False, True, codes)))


def deal_board(t: Table, cards: Sequence[str] | str) -> None:
    """Put community cards on the board, each street once the betting round before it is over."""
    codes, index = read_cards(cards)
    have, k = len(t.board), len(codes)
    if have >= 5:
        raise IllegalActionError("the dealer cannot deal more cards: the board already holds five")
    if k == 0 or have + k > 5 or (have == 0 and k < 3):
        need = (
            "three cards for the flop"
            if have == 0
            else "one card for the " + ("turn" if have == 3 else "river")
        )
        raise IllegalActionError(
            f"the dealer cannot deal {k} board card{'s' * (k != 1)} now: the board holds "
            f"{have}, the next street is {need}"
        )
    last = have + k - 2  # the last street these cards deal: 1 flop .. 3 river
    if t.street < last:
        who = f" ({t.setup.players[t.actor]} to act)" if t.actor is not None else ""
        raise IllegalActionError(
            f"the dealer cannot deal the {STREET_NAMES[last]}: the {STREET_NAMES[last - 1]} "
            f"betting is not over{who}"
        )
    _check_unseen(t, codes, index, "the board", None)
    t.seen.update(index)
    t.board.extend(codes)
    t.board_index.extend(index)
    t.history.append(_new_op(Operation, (t.street, None, Kind.BOARD, 0, 0, False, True, codes)))


def _check_showdown(t: Table, player: str) -> int:
    i = t.seat(player)
    if t.actor is not None:
        raise IllegalActionError(
            f"{player} cannot show or muck yet: the betting is not over ({t.setup.players[t.actor]} to act)"
        )
    if t.folded[i]:
        raise IllegalActionError(f"{player} folded: there is no hand to show or muck")
    return i


def show(t: Table, player: str, cards: CardsIn = None) -> None:
    """``player`` shows his cards at the showdown (``cards`` may repeat the known hole cards)."""
    i = _check_showdown(t, player)
    codes: tuple[str, ...] = ()
    index: tuple[int, ...] = ()
    if not unknown(cards):
        assert cards is not None
        codes, index = read_cards(cards)
    known = t.holes[i]
    if codes:
        if len(codes) != 2 or t.setup.game != "holdem":
            error = hole_count_error(t, player, len(codes), "show")
            if error:
                raise IllegalActionError(error)
        if known and set(known) != set(codes):
            raise IllegalActionError(
                f"{player} cannot show {' '.join(codes)}: {player} was dealt {' '.join(known)}"
            )
        if not known:
            _check_unseen(t, codes, index, player, i)
            t.seen.update(index)
            t.hole_index[i] = index
    codes = codes or (known or ())
    t.holes[i] = codes or None
    t.history.append(_new_op(Operation, (t.street, player, Kind.SHOW, 0, 0, False, True, codes)))


def muck(t: Table, player: str) -> None:
    """``player`` throws his hand away at the showdown: he can win nothing."""
    i = _check_showdown(t, player)
    t.mucked[i] = True
    t.history.append(Operation(t.street, player, Kind.MUCK))
