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
from ..errors import IllegalActionError, InputError, said
from ..pots.runs import times_said
from .betting import Table
from .records import GAME_NAMES, Boards, Operation
from .streets import Kind, Street, street_said

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
    dealt = t.board
    if t.multi is not None:  # every board's cards, each once
        dealt = t.board + [c for extra in t.multi.extra for c in extra]
    board = parse_cards(dealt)
    groups["the board"] = board + parse_cards(codes) if seat is None else board
    if seat is not None:
        groups[owner] = parse_cards(codes)
    check_no_duplicates(groups)


def hole_count_error(t: Table, player: str, count: int, verb: str = "deal") -> str | None:
    """Why ``count`` hole cards are wrong for ``player`` in this game, or None when they are right.

    Hold'em deals two; Omaha four, five or six, the same number to everyone: the first hand known
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
    need = (
        str(allowed[0])
        if len(allowed) == 1
        else said("{first} or {last}", first=", ".join(map(str, allowed[:-1])), last=allowed[-1])
    )
    if verb == "deal":
        head = (
            said("the dealer cannot deal {player} {count} card", player=player, count=count)
            if count == 1
            else said("the dealer cannot deal {player} {count} cards", player=player, count=count)
        )
    else:
        head = (
            said("{player} cannot show {count} card", player=player, count=count)
            if count == 1
            else said("{player} cannot show {count} cards", player=player, count=count)
        )
    name = GAME_NAMES[game]
    if len(t.setup.hole_cards) > 1 and len(allowed) == 1:
        return said(
            "{head}: every {game} player holds the same number of hole cards, here {need}",
            head=head,
            game=name,
            need=need,
        )
    if game == "holdem":
        return said("{head}: a {game} player gets {need} hole cards", head=head, game=name, need=need)
    return said("{head}: an {game} player gets {need} hole cards", head=head, game=name, need=need)


def deal_hole(t: Table, player: str, cards: CardsIn) -> None:
    """Record ``player``'s hole cards (unknown ones are recorded as None): two in hold'em, four,
    five or six in Omaha."""
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
            said(
                "the dealer cannot deal {player} hole cards: {player} already holds {cards}",
                player=player,
                cards=" ".join(held),
            )
        )
    if codes:
        _check_unseen(t, codes, index, player, i)
        t.seen.update(index)
    t.holes[i] = codes or None
    t.hole_index[i] = index
    t.history.append(_new_op(Operation, (t.street, player, Kind.HOLE, 0, 0, False, True, codes)))


def deal_board(t: Table, cards: Sequence[str] | str) -> None:
    """Put community cards on the board, each street once the betting round before it is over.
    With several boards (:func:`run_it`, a double-board bomb pot) the cards go to the board being
    dealt (:func:`next_board`)."""
    codes, index = read_cards(cards)
    if t.multi is not None:
        _deal_multi(t, codes, index)
        return
    have, k = len(t.board), len(codes)
    if have >= 5:
        raise IllegalActionError(said("the dealer cannot deal more cards: the board already holds five"))
    if k == 0 or have + k > 5 or (have == 0 and k < 3):
        raise IllegalActionError(
            said(
                "the dealer cannot deal {cards} now: the board holds {have}, the next street is {need}",
                cards=_board_cards(k),
                have=have,
                need=_need(have),
            )
        )
    last = have + k - 2  # the last street these cards deal: 1 flop .. 3 river
    if t.street < last:
        raise IllegalActionError(
            said(
                "the dealer cannot deal the {street}: the {before} betting is not over{who}",
                street=street_said(Street(last)),
                before=street_said(Street(last - 1)),
                who=_who(t),
            )
        )
    _check_unseen(t, codes, index, "the board", None)
    t.seen.update(index)
    t.board.extend(codes)
    t.board_index.extend(index)
    t.history.append(_new_op(Operation, (t.street, None, Kind.BOARD, 0, 0, False, True, codes)))


def _board_cards(count: int) -> str:
    """``1 board card``, ``2 board cards``, said."""
    if count == 1:
        return said("{count} board card", count=count)
    return said("{count} board cards", count=count)


def _need(have: int) -> str:
    """What the next street needs on a board holding ``have`` cards, said."""
    if have == 0:
        return said("three cards for the flop")
    if have == 3:
        return said("one card for the turn")
    return said("one card for the river")


def _who(t: Table) -> str:
    """`` (B to act)``, said, when somebody is to act (else nothing)."""
    return said(" ({player} to act)", player=t.setup.players[t.actor]) if t.actor is not None else ""


def _street_error(t: Table, have: int, k: int, board_of: tuple[str, int] | None) -> str | None:
    """Why ``k`` cards cannot go on a board holding ``have`` now (None: they can); ``board_of``
    names the board being dealt among several: ``("run", 2)``, ``("board", 1)``."""
    where = None
    if board_of is not None:
        name, number = board_of
        where = (
            said("on run {number}", number=number)
            if name == "run"
            else said("on board {number}", number=number)
        )
    if k == 0 or have + k > 5 or (have == 0 and k < 3):
        cards, need = _board_cards(k), _need(have)
        if where is None:
            return said(
                "the dealer cannot deal {cards} now: it holds {have}, the next street is {need}",
                cards=cards,
                have=have,
                need=need,
            )
        return said(
            "the dealer cannot deal {cards} {where} now: it holds {have}, the next street is {need}",
            cards=cards,
            where=where,
            have=have,
            need=need,
        )
    last = have + k - 2
    if t.street < last:
        street, before = street_said(Street(last)), street_said(Street(last - 1))
        if where is None:
            return said(
                "the dealer cannot deal the {street}: the {before} betting is not over{who}",
                street=street,
                before=before,
                who=_who(t),
            )
        return said(
            "the dealer cannot deal the {street} {where}: the {before} betting is not over{who}",
            street=street,
            where=where,
            before=before,
            who=_who(t),
        )
    return None


MAX_HAND_RUNS = 3
"""The most times a hand is run (rooms offer twice or three times)."""


def next_board(t: Table) -> int | None:
    """The number of the board the next cards go to (1 for the first), or None when every board
    is complete.

    Runs are dealt one after the other: the first run's board to five cards, then the second
    (after the cards every run shares), and so on. Two boards dealt at once (a double-board bomb
    pot) are dealt street by street, the first board's cards of each street first: the next cards
    go to the board with fewer cards.

    >>> from potengine.play.hand import start_hand
    >>> h = start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2, bomb_pot=2, boards=2)
    >>> next_board(h.deal_board("2c 7d 9h")._table)
    2
    """
    multi = t.multi
    if multi is None:
        return 1 if len(t.board) < 5 else None
    lengths = [len(t.board)] + [multi.common + len(extra) for extra in multi.extra]
    if multi.kind == "runs":
        return next((k + 1 for k, n in enumerate(lengths) if n < 5), None)
    shortest = min(lengths)
    return None if shortest >= 5 else lengths.index(shortest) + 1


def _deal_multi(t: Table, codes: tuple[str, ...], index: tuple[int, ...]) -> None:
    """:func:`deal_board` on a hand with several boards."""
    multi = t.multi
    assert multi is not None
    number = next_board(t)
    if number is None:
        raise IllegalActionError(
            said("the dealer cannot deal more cards: every run holds five cards")
            if multi.name == "run"
            else said("the dealer cannot deal more cards: every board holds five cards")
        )
    board = multi.board(number, t.board)
    error = _street_error(t, len(board), len(codes), (multi.name, number) if multi.count > 1 else None)
    if error:
        raise IllegalActionError(error)
    _check_unseen(t, codes, index, "the board", None)
    t.seen.update(index)
    if number == 1:
        t.board.extend(codes)
        t.board_index.extend(index)
    else:
        k = number - 2
        extra = list(multi.extra)
        extra_index = list(multi.extra_index)
        extra[k] = extra[k] + codes
        extra_index[k] = extra_index[k] + index
        t.multi = Boards(multi.kind, multi.count, multi.common, tuple(extra), tuple(extra_index))
    t.history.append(_new_op(Operation, (t.street, None, Kind.BOARD, 0, 0, False, True, codes)))


def run_it(t: Table, count: int) -> None:
    """The players all-in agree to deal the rest of the board ``count`` times (2 or 3).

    Allowed once the betting is over with two or more players left and at least one of them
    all-in, while the board is not complete; every run keeps the cards already dealt, and no card
    of one run is dealt again in another (each run is dealt from the same deck, after the last).
    """
    if type(count) is not int or isinstance(count, bool):
        raise InputError(
            said("the number of runs must be a whole number (2 or 3), not {count}", count=repr(count))
        )
    if not 2 <= count <= MAX_HAND_RUNS:
        raise InputError(
            said(
                "a hand is run two or three times, not {count} (at most {most} runs; a hand dealt once "
                "needs no run_it)",
                count=count,
                most=MAX_HAND_RUNS,
            )
            if count == 1
            else said(
                "a hand is run two or three times, not {count} (at most {most} runs)",
                count=count,
                most=MAX_HAND_RUNS,
            )
        )
    players = t.setup.players
    if t.actor is not None:
        raise IllegalActionError(
            said(
                "the hand cannot be run {count} yet: the betting is not over ({player} to act on "
                "the {street})",
                count=times_said(count),
                player=players[t.actor],
                street=street_said(t.street),
            )
        )
    live = [i for i in range(len(players)) if not t.folded[i]]
    if len(live) < 2:
        raise IllegalActionError(
            said(
                "the hand cannot be run {count}: {reason}, with no showdown",
                count=times_said(count),
                reason=t.why_no_action(),
            )
        )
    if t.multi is not None:
        if t.multi.kind == "runs":
            raise IllegalActionError(
                said("the players already agreed to run it {count}", count=times_said(t.multi.count))
            )
        raise IllegalActionError(
            said(
                "a double-board hand cannot be run {count}: its two boards are already its runs",
                count=times_said(count),
            )
        )
    if len(t.board) >= 5:
        raise IllegalActionError(
            said(
                "the hand cannot be run {count}: the board is complete, nothing is left to deal",
                count=times_said(count),
            )
        )
    common = len(t.board)
    t.multi = Boards("runs", count, common, ((),) * (count - 1), ((),) * (count - 1))
    t.history.append(_new_op(Operation, (Street.SHOWDOWN, None, Kind.RUN, 0, count, False, True, ())))


def board_numbers(t: Table) -> list[int]:
    """The board each ``board`` operation of the history went to (1 for the first), in order:
    the dealing rule of :func:`next_board` replayed.

    >>> from potengine.play.hand import start_hand
    >>> h = start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).all_in("B").call("A")
    >>> board_numbers(h.deal_board("2c 7d 9h").run_it(2).deal_board("Ts Js").deal_board("4c 5c")._table)
    [1, 1, 2]
    """
    multi = t.multi
    numbers: list[int] = []
    lengths = [0]
    runs = False
    for op in t.history:
        if op.kind == Kind.RUN:
            runs = True
            lengths += [lengths[0]] * (int(op.to) - 1)
        elif op.kind == Kind.BOARD:
            if multi is not None and multi.kind == "boards" and len(lengths) == 1:
                lengths.append(0)
            if runs:
                k = next((j for j, n in enumerate(lengths) if n < 5), len(lengths) - 1)
            else:
                k = lengths.index(min(lengths))
            lengths[k] += len(op.cards)
            numbers.append(k + 1)
    return numbers


def boards(t: Table) -> tuple[tuple[str, ...], ...]:
    """Every board of the hand in full, the first first.

    >>> from potengine.play.hand import start_hand
    >>> h = start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).all_in("B").call("A")
    >>> h = h.deal_board("2c 7d 9h").run_it(2).deal_board("Ts Js").deal_board("4c 5c")
    >>> boards(h._table)
    (('2c', '7d', '9h', 'Ts', 'Js'), ('2c', '7d', '9h', '4c', '5c'))
    """
    multi = t.multi
    if multi is None:
        return (tuple(t.board),)
    return tuple(multi.board(k, t.board) for k in range(1, multi.count + 1))


def _check_showdown(t: Table, player: str) -> int:
    i = t.seat(player)
    if t.actor is not None:
        raise IllegalActionError(
            said(
                "{player} cannot show or muck yet: the betting is not over ({actor} to act)",
                player=player,
                actor=t.setup.players[t.actor],
            )
        )
    if t.folded[i]:
        raise IllegalActionError(said("{player} folded: there is no hand to show or muck", player=player))
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
                said(
                    "{player} cannot show {cards}: {player} was dealt {dealt}",
                    player=player,
                    cards=" ".join(codes),
                    dealt=" ".join(known),
                )
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
