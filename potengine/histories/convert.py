"""Converting hand histories of any room to Open Hand History (OHH) or PHH, from the neutral record.

Every room's reader fills the same record (:mod:`potengine.histories.record`);
:func:`read_records` reads the hands of a file of any room as the auditor does
(:func:`potengine.histories.audit.audit_lines`: the room recognised from the first lines, its hands
cut and read by :attr:`~potengine.histories.rooms.Room.reader`), so that a room converts as soon as
its reader is written. A hand is then written:

- as OHH JSON by :func:`potengine.histories.ohh.to_ohh` (see that module for the fields);
- as PHH by :func:`to_phh`: the record played through the engine's hand model (:func:`hand_model`:
  the blinds, antes and missed blinds posted, every action, the cards shown dealt, the board and
  the runs), written by :func:`potengine.histories.phh.to_phh`, and the record's own results added.

:func:`convert_files` does it for ``potengine convert``: a hand that cannot be read or written
is named (hand ID, file and line) and skipped, the others are written.

The PHH fields written from the record
--------------------------------------

=========================== ========================================================================
PHH field                   From the record
=========================== ========================================================================
``variant`` ... ``actions`` the hand model's hand (:func:`potengine.histories.phh.to_phh`): seats
                            from the small blind, the button last; the known hole cards dealt
                            (``????`` unknown), the board, ``_run_count`` and ``_run_common_cards``
                            for a hand run more than once, ``_missed_blinds`` for missed blinds
                            posted (PokerStars' ``posts small & big blinds``: ``"both"``)
``hand``, ``venue``,        the hand ID, the room, the table, the seat numbers and the currency
``table``, ``seats``,       (``currency`` only for a real currency: ISO 4217 has no code for chips)
``currency``
``finishing_stacks``        the history's: each stack less what its lines put in, plus what the room
                            returned, collected and paid in a cash-out
``winnings``                what each player collected (after the rake, as the standard has it)
``_rake``                   everything the room withheld (rake, jackpot and other fees): PHH has
                            no rake, so :func:`~potengine.histories.phh.replay`, which takes none,
                            pays the winners this much more than ``finishing_stacks``
``_cash_outs``,             each player's all-in cash-out (what the room paid him outside the pot)
``_cash_out_fees``          and its fee; replayed, he is paid his share of the pots instead
=========================== ========================================================================

What PHH cannot carry, or the hand model cannot play (such a hand is not converted, and the
reason is given): a short-deck game (6+ Hold'em: a button blind, no PHH variant this engine
plays), pot-limit Omaha hi-lo and no-limit Omaha (no PHH variant code), a capped game, dead or
missing blinds other than missed blinds posted back, uneven antes, blinds out of position, a
betting line the hand model refuses. The rake's named parts and the room's added money have no PHH
field; ``_rake`` holds their sum (added money: none of the PokerStars hands has any).

>>> from potengine.histories import sample
>>> from potengine.histories.pokerstars import read_file
>>> hand = read_file(sample("side_pots.txt"))[0]
>>> text = to_phh(hand)
>>> from potengine.histories.phh import replay
>>> played = replay(text)
>>> played.finishing_stacks == played.expected
True
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from importlib import import_module
from pathlib import Path
from typing import Any, TextIO

from ..chips import Amount
from ..errors import HandHistoryError, InputError, PotEngineError, message_of, said
from ..i18n import words
from ..play.hand import Hand, start_hand
from ..play.streets import Street
from .audit import contributions_from_lines, dead_posts, not_read_error, structure_from_header
from .ohh import currencies, dumps, stated_record, to_ohh
from .phh import _toml_number, _toml_string, parse
from .phh import to_phh as write_phh
from .pokerstars import iter_text
from .record import Action, HandHistory, kind_said
from .rooms import Room, file_lines, hands_of, peek_room

FORMATS = ("ohh", "phh")
"""The formats :func:`convert_files` writes."""

_BOARD_AT = {Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def read_records(
    lines: Iterable[str | bytes], room: Room | None = None
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of one file of any room, read into records one at a time, or for a hand that
    cannot be read its :class:`~potengine.errors.HandHistoryError` (an ``UnsupportedHandError`` for
    a room without a reader yet), as :func:`potengine.histories.audit.audit_lines` reads them.

    >>> [type(h).__name__ for h in read_records(["hello", "PokerStars Hand #9: Razz Limit (1/2)"])]
    ['HandHistoryError', 'UnsupportedHandError']
    """
    if room is None:
        room, lines = peek_room(lines)
    if room is not None and not room.readable:
        for cut in hands_of(lines, room):
            yield not_read_error(cut, room)
        return
    if room is not None and room.reader != "pokerstars":
        read = import_module(f"{__package__}.{room.reader}").read_hand
        for cut in hands_of(lines, room):
            try:
                yield read(cut)
            except HandHistoryError as err:
                yield err
        return
    yield from iter_text(lines)


# ----------------------------------------------------------------------------------------------
# The record played through the hand model, for PHH
# ----------------------------------------------------------------------------------------------
def _refuse(hand: HandHistory, reason: str) -> HandHistoryError:
    err = HandHistoryError(
        said(
            "hand #{hand_id}, line {line}: cannot be written in PHH: {reason}",
            hand_id=hand.hand_id,
            line=hand.first_line,
            reason=reason,
        )
    )
    err.hand_id, err.line_number = hand.hand_id, hand.first_line
    return err


def _cards(cards: Iterable[str]) -> str:
    return "".join(("T" + c[2:]) if c.startswith("10") else c for c in cards)


def _seating(hand: HandHistory) -> dict[str, Any]:
    """How the hand model seats the record's hand: :func:`~potengine.play.hand.start_hand`'s
    arguments (the players dealt in, in seat order, the button, the stakes, the antes, the missed
    blinds posted back, the straddles, the structure, the game); a
    :class:`~potengine.errors.HandHistoryError` names what the model cannot seat."""
    if hand.game.startswith("6+") or "Short Deck" in hand.game:
        raise _refuse(
            hand, said("{game} has a button blind, which the hand model does not post", game=hand.game)
        )
    if hand.cap is not None:
        raise _refuse(hand, said("PHH has no capped game"))
    acting = {a.player for a in hand.actions}
    dealt = [p for p in hand.players if p in acting]
    if len(dealt) < 2:
        raise _refuse(hand, said("fewer than two players are dealt in"))
    seats = {s.player: s.number for s in hand.seats}
    before = [p for p in dealt if seats[p] <= hand.button_seat]
    button = (before or dealt)[-1]  # an empty button seat: the player before it
    posts, dead, n = hand.posts, dead_posts(hand), len(dealt)
    b = dealt.index(button)
    sb_player, bb_player = (dealt[b], dealt[1 - b]) if n == 2 else (dealt[(b + 1) % n], dealt[(b + 2) % n])
    small = [a for a in posts if a.kind == "small blind" and a.line not in dead]
    big = [a for a in posts if a.kind == "big blind"]
    if [a.player for a in small] != [sb_player] or bb_player not in [a.player for a in big]:
        raise _refuse(hand, said("the blinds are not posted left of the button (a missing or moved blind)"))
    if hand.small_bet is not None:  # a fixed-limit header names the bets: the blinds are posted
        sb, bb = small[0].amount, next(a.amount for a in big if a.player == bb_player)
    else:
        sb = hand.small_blind if hand.small_blind is not None else small[0].amount
        bb = hand.big_blind if hand.big_blind is not None else big[0].amount
    missed: dict[str, str] = {}  # rules M1-M3: the big blind live, the small blind dead
    for a in posts:
        p = a.player
        if a.kind == "blinds":
            missed[p] = "both"
        elif a.kind == "big blind" and p != bb_player:
            missed[p] = "both" if missed.get(p) == "small" else "big"
        elif a.kind == "small blind" and a.line in dead:
            missed[p] = "both" if missed.get(p) == "big" or p == bb_player else "small"
    if bb_player in missed:
        raise _refuse(hand, said("the big blind {player} also posts a missed blind", player=bb_player))
    antes = [a for a in posts if a.kind == "ante"]
    big_blind_ante = len(antes) == 1 and antes[0].player == bb_player and n > 2
    if antes and (
        len({a.amount for a in antes if not a.all_in}) > 1 or (not big_blind_ante and len(antes) != n)
    ):
        raise _refuse(hand, said("the antes are not one ante from everyone nor a big-blind ante"))
    try:
        structure = structure_from_header(hand, sb, bb)
    except PotEngineError as err:
        raise _refuse(hand, message_of(err)) from None
    if structure is None:
        raise _refuse(hand, said("the header names no betting structure"))
    return {
        "stacks": {p: hand.stack(p) for p in dealt},
        "small_blind": sb,
        "big_blind": bb,
        "button": button,
        "ante": max((a.amount for a in antes), default=0),
        "big_blind_ante": big_blind_ante,
        "chip": hand.chip,
        "structure": structure,
        "game": ("omaha-hi-lo" if hand.hi_lo else "omaha") if hand.omaha else "holdem",
        "missed_blinds": missed or None,
        "straddles": {a.player: a.to if a.to is not None else a.amount for a in posts if a.kind == "straddle"}
        or None,
    }


def hand_model(hand: HandHistory) -> Hand:
    """The record played through the engine's hand model (:mod:`potengine.play.hand`): the posts,
    every action, the known hole cards, the board (and the runs) and the hands shown; a
    :class:`~potengine.errors.HandHistoryError` names what the model cannot play.

    >>> from potengine.histories import sample
    >>> from potengine.histories.pokerstars import read_file
    >>> model = hand_model(read_file(sample("uncalled.txt"))[0])
    >>> model.contributions, model.refunds
    ({'Ann': 150, 'Bo': 25, 'Cy': 50}, {'Ann': 100})
    """
    seating = _seating(hand)
    dealt = list(seating["stacks"])
    line = hand.first_line
    try:
        model = start_hand(**seating)
        posted: dict[str, Amount] = {}
        for a in hand.posts:
            posted[a.player] = posted.get(a.player, 0) + a.amount
        made = {p: c for p, c in model.contributions.items() if c}
        if made != posted:
            odd = ", ".join(
                f"{p} {posted.get(p, 0)}"
                for p in dict.fromkeys([*posted, *made])
                if made.get(p) != posted.get(p)
            )
            raise _refuse(hand, said("the posts ({posts}) are not the ones the hand model makes", posts=odd))
        first = model.setup.small_blind_seat if len(dealt) > 2 else model.setup.big_blind_seat
        for k in range(len(dealt)):  # hole cards from the first player after the button, as PHH deals them
            p = dealt[(first + k) % len(dealt)]
            cards = hand.shown.get(p)
            model = model.deal_hole(p, _cards(cards) if cards else None)
        for a in hand.actions[len(hand.posts) :]:
            line = a.line
            model = _act(_deal_to(model, hand.board, a.street), a, dealt)
        if model.actor is not None:
            raise _refuse(
                hand,
                said("the history stops, but the hand model still waits for {player}", player=model.to_act),
            )
        line = hand.first_line
        model = _deal_to(model, hand.board, Street.SHOWDOWN)
        if hand.runs:
            model = model.run_it(len(hand.runs))
            for run in hand.runs:
                model = model.deal_board(_cards(run[len(hand.board) :]))
        if len(model.live) > 1:
            for p in hand.shown:
                if p in model.live:
                    model = model.show(p)
    except HandHistoryError:
        raise
    except PotEngineError as err:
        raise _refuse(
            hand, said("line {line}: the hand model refuses it: {error}", line=line, error=message_of(err))
        ) from None
    return model


def _act(model: Hand, a: Action, dealt: Sequence[str]) -> Hand:
    """One betting line applied to the hand model (a bet's chips added to the player's bet)."""
    if a.kind == "fold":
        return model.fold(a.player)
    if a.kind == "check":
        return model.check(a.player)
    if a.kind == "call":
        return model.call(a.player)
    if a.kind == "bet":
        return model.bet(a.player, model.bets[dealt.index(a.player)] + a.amount)
    if a.kind == "raise" and a.to is not None:
        return model.raise_to(a.player, a.to)
    raise InputError(
        said("({text}) the hand model has no {kind} after the posts", text=a.text, kind=kind_said(a.kind))
    )


def _deal_to(model: Hand, board: Sequence[str], street: Street) -> Hand:
    """``model`` with the board dealt up to ``street`` (the whole known board for the showdown)."""
    for at, (start, end) in _BOARD_AT.items():
        if at > street and street != Street.SHOWDOWN:
            break
        if len(model.board) == start and len(board) >= end:
            model = model.deal_board(_cards(board[start:end]))
    return model


def finishing_stacks(hand: HandHistory) -> dict[str, Amount]:
    """Each player's stack after the hand, by the history: his stack less what its lines put in,
    plus what the room returned, what he collected and what a cash-out paid him.

    >>> from potengine.histories import sample
    >>> from potengine.histories.pokerstars import read_file
    >>> finishing_stacks(read_file(sample("uncalled.txt"))[0])
    {'Ann': 2075, 'Bo': 1475, 'Cy': 2950}
    """
    filled, _ = stated_record(hand)
    stacks = {p: hand.stack(p) - a for p, a in contributions_from_lines(filled).contributions.items()}
    end = {s.player: stacks.get(s.player, s.stack) for s in hand.seats}
    for p, a in filled.returned:
        end[p] += a
    for c in filled.collections:
        end[c.player] += c.amount
    for p, a, _ in filled.cash_outs:
        end[p] += a
    return end


def to_phh(hand: HandHistory) -> str:
    """The hand as PHH text: the hand model's (:func:`hand_model`, written by
    :func:`potengine.histories.phh.to_phh`) and the history's results (see the module's notes).

    >>> from potengine.histories import sample
    >>> from potengine.histories.pokerstars import read_file
    >>> print(to_phh(read_file(sample("uncalled.txt"))[0]))  # doctest: +ELLIPSIS
    variant = "NT"
    ...
    actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 150", "p1 f", "p2 f"]
    players = ["Bo", "Cy", "Ann"]
    hand = "250000000301"
    venue = "PokerStars"
    table = "Makemake"
    seats = [2, 3, 1]
    finishing_stacks = [1475, 2950, 2075]
    winnings = [0, 0, 125]
    <BLANKLINE>
    """
    model = hand_model(hand)
    try:
        text = write_phh(model, held=hand.hole_cards)
    except HandHistoryError as err:
        raise _refuse(hand, message_of(err)) from None
    players = [str(p) for p in parse(text)["players"]]
    filled, _ = stated_record(hand)
    seats = {s.player: s.number for s in hand.seats}
    end = finishing_stacks(hand)
    won: dict[str, Amount] = dict.fromkeys(players, 0)
    for c in filled.collections:
        won[c.player] = won.get(c.player, 0) + c.amount
    currency, _ = currencies(hand)

    def fmt(values: Iterable[Amount]) -> str:
        return "[" + ", ".join(_toml_number(v) for v in values) + "]"

    out = [
        f"hand = {_toml_string(hand.hand_id)}",
        f"venue = {_toml_string(hand.room)}",
        f"table = {_toml_string(hand.table)}",
        "seats = [" + ", ".join(str(seats[p]) for p in players) + "]",
    ]
    if currency and currency != "XPM":
        out.append(f"currency = {_toml_string(currency)}")
    out.append(f"finishing_stacks = {fmt(end[p] for p in players)}")
    out.append(f"winnings = {fmt(won[p] for p in players)}")
    if filled.rake:
        out.append(f"_rake = {_toml_number(filled.rake)}")
    if filled.cash_outs:
        cashed = {p: (a, fee) for p, a, fee in filled.cash_outs}
        zero = 0 * hand.chip
        out.append(f"_cash_outs = {fmt(cashed.get(p, (zero, zero))[0] for p in players)}")
        out.append(f"_cash_out_fees = {fmt(cashed.get(p, (zero, zero))[1] for p in players)}")
    return text + "\n".join(out) + "\n"


# ----------------------------------------------------------------------------------------------
# Files
# ----------------------------------------------------------------------------------------------
def _name(text: str) -> str:
    """A file name of ASCII letters, digits, dots, dashes and underscores (OHH wants ASCII names)."""
    return _SAFE.sub("_", text).strip("._") or "hand"


def write_phhs(out: TextIO, texts: Sequence[str]) -> None:
    """Several PHH hands in one text, each under a TOML table of its number (``[1]``, ``[2]``,
    ...: the ``.phhs`` layout PokerKit reads); :func:`split_phhs` gives them back.

    >>> out = io.StringIO()
    >>> write_phhs(out, ["variant = 'NT'\\n", "variant = 'PO'\\n"])
    >>> print(out.getvalue())
    [1]
    variant = 'NT'
    <BLANKLINE>
    [2]
    variant = 'PO'
    <BLANKLINE>
    """
    for k, text in enumerate(texts, start=1):
        if k > 1:
            out.write("\n")
        out.write(f"[{k}]\n{text}")


def split_phhs(text: str) -> list[str]:
    """The hands of a ``.phhs`` text written by :func:`write_phhs`, each as PHH text.

    >>> split_phhs("[1]\\nvariant = 'NT'\\n\\n[2]\\nvariant = 'PO'\\n")
    ["variant = 'NT'\\n", "variant = 'PO'\\n"]
    """
    hands: list[list[str]] = []
    for line in text.split("\n"):
        if re.fullmatch(r"\[\d+\]", line.strip()):
            hands.append([])
        elif hands and line.strip():
            hands[-1].append(line)
    return ["\n".join(lines) + "\n" for lines in hands]


class Converted:
    """What :func:`convert_files` did: hands written, hands skipped (each named), files not read.

    >>> done = Converted()
    >>> done.written = 3
    >>> done.exit_status
    0
    >>> done.skipped.append("hand #1: ...")
    >>> done.exit_status
    1
    """

    def __init__(self) -> None:
        self.written = 0
        self.skipped: list[str] = []
        self.failed: list[str] = []

    @property
    def exit_status(self) -> int:
        """0 every hand written, 1 some hand skipped, 2 nothing written or a file not read."""
        if self.failed or not self.written:
            return 2
        return 1 if self.skipped else 0


def _unknown_format(to: str) -> HandHistoryError:
    return HandHistoryError(
        said("cannot convert to {to}: the formats are {formats}", to=repr(to), formats=", ".join(FORMATS))
    )


def convert_hand(hand: HandHistory, to: str) -> str:
    """One record as OHH JSON or PHH text (``to`` is ``"ohh"`` or ``"phh"``).

    >>> from potengine.histories import sample
    >>> from potengine.histories.pokerstars import read_file
    >>> convert_hand(read_file(sample("uncalled.txt"))[0], "ohh").startswith('{\\n  "ohh": {')
    True
    """
    if to == "ohh":
        try:
            return dumps(to_ohh(hand))
        except PotEngineError as err:
            if isinstance(err, HandHistoryError) and getattr(err, "hand_id", None) is not None:
                raise
            named = HandHistoryError(
                said(
                    "hand #{hand_id}, line {line}: cannot be written in OHH: {error}",
                    hand_id=hand.hand_id,
                    line=hand.first_line,
                    error=message_of(err),
                )
            )
            named.hand_id, named.line_number = hand.hand_id, hand.first_line
            raise named from None
    if to == "phh":
        return to_phh(hand)
    raise _unknown_format(to)


def convert_files(
    paths: Sequence[str | os.PathLike[str]],
    to: str,
    *,
    out: TextIO | None = None,
    directory: str | os.PathLike[str] | None = None,
    errors: TextIO | None = None,
    language: str = "en",
) -> Converted:
    """Convert every hand of ``paths`` to ``to`` (``"ohh"`` or ``"phh"``): into ``out`` (one
    ``.ohh`` text, or one ``.phhs`` text), or with ``directory`` one ``.ohh`` file per input file,
    one ``.phh`` file per hand. Each hand that cannot be read or written is named on ``errors``
    (in ``language``: "en", "nl", "de" or "el"; :attr:`Converted.skipped` stays English) and
    skipped.

    >>> from potengine.histories import sample
    >>> out, err = io.StringIO(), io.StringIO()
    >>> done = convert_files([sample("unreadable.txt")], "ohh", out=out, errors=err)
    >>> done.written, len(done.skipped), done.exit_status
    (2, 1, 1)
    >>> print(err.getvalue().strip())  # doctest: +ELLIPSIS
    potengine convert: ...unreadable.txt: skipped: hand #250000000702, line 28: cannot read Bo's action: ...
    """
    if to not in FORMATS:
        raise _unknown_format(to)
    done = Converted()
    errors = errors if errors is not None else io.StringIO()
    _ = words(language)
    folder = Path(directory) if directory is not None else None
    used: dict[str, int] = {}
    for path in paths:
        name = str(path) if isinstance(path, (str, os.PathLike)) else str(getattr(path, "name", path))
        texts: list[str] = []
        ids: list[str] = []
        try:
            for item in read_records(file_lines(path)):
                if isinstance(item, HandHistoryError):
                    done.skipped.append(f"{name}: {item}")
                    skipped = _("{file}: skipped: {error}", file=name, error=item.in_language(language))
                    print(f"potengine convert: {skipped}", file=errors)
                    continue
                try:
                    texts.append(convert_hand(item, to))
                    ids.append(item.hand_id)
                except HandHistoryError as err:
                    done.skipped.append(f"{name}: {err}")
                    skipped = _("{file}: skipped: {error}", file=name, error=err.in_language(language))
                    print(f"potengine convert: {skipped}", file=errors)
        except HandHistoryError as err:  # the file itself: missing, a directory, NUL bytes
            done.failed.append(str(err))
            print(f"potengine convert: {_('error')}: {err.in_language(language)}", file=errors)
            continue
        before = done.written
        done.written += len(texts)
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            stem = _name(Path(name).stem)
            if to == "ohh" and texts:
                (folder / f"{stem}.ohh").write_text("\n\n".join(texts) + "\n", encoding="utf-8")
            elif to == "phh":
                for hand_id, text in zip(ids, texts, strict=True):
                    base = f"{stem}-{_name(hand_id)}"
                    used[base] = used.get(base, 0) + 1  # a hand written twice in one file: -2, -3
                    name_ = base if used[base] == 1 else f"{base}-{used[base]}"
                    (folder / f"{name_}.phh").write_text(text, encoding="utf-8")
        elif out is not None:
            _write_out(out, texts, to, before)
    return done


def _write_out(out: TextIO, texts: Sequence[str], to: str, before: int) -> None:
    """Append one file's hands to the one output, after the ``before`` hands of earlier files:
    OHH objects separated by a blank line, PHH hands under tables numbered on across files."""
    for k, text in enumerate(texts, start=before + 1):
        if k > 1:
            out.write("\n")
        out.write(text + "\n" if to == "ohh" else f"[{k}]\n{text}")
