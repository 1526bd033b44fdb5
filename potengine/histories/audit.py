"""Auditing PokerStars hand histories: replay each hand with the engine and compare, pot by pot.

:func:`audit_hand` takes a parsed :class:`~potengine.histories.record.HandHistory` and walks the six
steps of EX-06 over it, each time putting what the history says next to what the chips put in
make:

1. contributions and folds: each player's total from the betting lines ("raises 20 to 40" makes
   that player's bet on the street 40, not 40 more), checked against his stack and the all-in
   marks, and the actions replayed with the engine's hand model;
2. the uncalled part: the engine's returned chips against the "Uncalled bet" lines (histories of
   about 2005–2008 print none: the return is inferred when the total pot leaves it out);
3. the tiers at the all-in levels: the engine's pots, less the rake PokerStars takes from each
   pot it builds (see :mod:`potengine.pots.rake`), against the summary's main pot and side pots;
4. the eligible players per pot: nobody collects from a pot he cannot win;
5. the hands compared per pot, ties split with the odd chip clockwise from the button: with the
   shown cards when every live player showed, else the "collected" lines say who won; in Omaha
   hi-lo each pot is split between its best high and its best qualifying low hand (odd chip to the
   high half, see :mod:`potengine.pots.hilo`);
6. paid + returned + withheld = put in, for the history; the engine's own settlement, built from
   the pots it awarded when :attr:`HandAudit.settlement` is first read, passes
   :func:`potengine.pots.settlement.check_conservation` as every settlement does.

Omaha hands (four, five or six hole cards, high only or hi-lo) are checked the same way: their betting
is replayed through the hand model under the header's structure (pot limit, usually), and the
engine settles them high, or high and low.

A hand run twice (see :mod:`potengine.histories.pokerstars` for how PokerStars writes it) is
settled over its runs as :mod:`potengine.pots.runs` does it: in step 5 each run is ranked on its
own board, each pot that more than one player can win is divided between the runs (the odd chip to
the first run) and each run's part is compared with that run's collected lines; a pot only one
player can win is paid once, and PokerStars' habit of writing it half per run is noted as the same
chips. An all-in cash-out is a payment outside the pot (:class:`CashOut`): the pots are checked as
the engine settles them by the cards, the share of the player who cashed out is not awarded, and
the cash-out and its fee are reported beside them.

Every hand gets exactly one :class:`Verdict`: ``consistent``; ``irregular`` (every chip agrees,
but an action departs from the rules the engine follows: a note naming the rule, never an
accusation); ``wrong`` (a chip is where it should not be: the difference in chips, pot by pot,
player by player, with the hand ID, to take to the site); ``unsupported`` (a game or feature the
engine does not handle, named); ``unreadable`` (not a hand history: the line and why).

:func:`iter_audits` audits a text one hand at a time and :func:`audit_json` gives the JSON document
``potengine audit --json`` prints; both use the standard library only (they run in a browser).

Where each part of the audit lives
----------------------------------
This module holds the entry points; the work is done by the modules below it, each named for what
it holds, and none of which imports this one. Imports point one way, down: ``audit`` imports
them all; ``audit_json`` imports ``verdicts``; ``pot_check`` imports ``verdicts``, ``winners``
and ``stated``; ``contributions``, ``winners``, ``verdicts`` and ``stated`` import nothing of the
histories but ``record``. A change to the audit goes where its step lives:

- reading rooms and streams, this module: :func:`audit_hand` (runs step 1, forms the pots, fills
  in what the room leaves unstated with :func:`~potengine.histories.stated.fill_unstated`, hands
  steps 2 to 6 to ``_compare_pots``, builds the :class:`HandAudit`), :func:`audit_lines` (the
  room recognised, each hand read by its room's reader; the PokerStars stream audited inline),
  :class:`AuditRun` (verdicts counted, duplicates told by :func:`duplicate_key`; ``open_file`` and
  ``count`` for hands audited in other processes, :mod:`~potengine.histories.jobs`),
  :func:`iter_audits`, :func:`audit_json`, :func:`audit_file`, :func:`not_read_audits`;
- step 1, contributions and legality, :mod:`~potengine.histories.contributions`:
  :func:`contributions_from_lines` (its findings worded by ``_call_sized``, ``_post_sized``,
  ``_raise_sized``, ``_beyond_stack``), :func:`dead_posts` (with the readers' marks
  :data:`LIVE_POST` and :data:`DEAD_POST`), :func:`dead_money`, :func:`replay_actions` (set up
  by ``_replayable``, played by ``_played``, compared by ``_compared``; ``_plainly_legal`` the
  fast path), :func:`structure_from_header`; and ``_pots``, the pots the chips make;
- steps 2 to 6, the pot comparison, :mod:`~potengine.histories.pot_check`: ``_compare_pots``
  calls one function a step, each sharing a ``_Check``: step 2 ``_returns`` (``_unanswered``),
  step 3 ``_pots_and_rake`` (the rake's split, ``_withheld``), step 4 ``_eligibility``, step 5
  ``_winners`` (its pre-pass ``_unstated_pots`` for a room that names no pot or states no rake;
  per pot ``_hilo_award`` and ``_pot_compared``; a hand run more than once ``_compare_runs``,
  ``_showdowns``, ``_not_run``, ``_parts_compared``; cash-outs ``_cashed_out``, ``_cash_outs``),
  step 6 ``_conservation``; and ``_respread``, the second look at a rake spread between pots
  when the room states neither their sizes nor the spread (asked for here, by
  ``_spread_unstated``: GGPoker);
- who won (step 5's order of the hands), :mod:`~potengine.histories.winners`:
  :func:`duplicate_cards`, ``_ranking``, ``_short_deck_ranking`` (by the order the record's game
  names, :func:`stated_short_deck_rules`, else the one the showdown fits), ``_hilo_from_lines``,
  ``_hilo_by_totals``;
- what a room does not state, filled in from the chips, :mod:`~potengine.histories.stated`;
- verdicts and notes, :mod:`~potengine.histories.verdicts`: :class:`Verdict`,
  :class:`HandAudit`, :class:`Awarded`, :class:`CashOut`, :func:`refused`, and the words every
  step uses (``_chips``, ``_gap``, ``_payments``, ``_step``);
- JSON, :mod:`~potengine.histories.audit_json`: :func:`hand_json`, :func:`hand_json_text`,
  :func:`write_json`, :func:`write_json_texts` (:func:`audit_json` stays here, with the audits it
  runs).

Every name other code imported from this module before it was divided is still importable from
here (see ``__all__``).

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
... Chloé collected 26 from pot
... *** SUMMARY ***
... Total pot 26 | Rake 0'''
>>> print(audit_hand(parse_text(text)[0]).text())
Hand #7: wrong
  - pot: history says 26, the chips put in make 25: 1 chip unexplained
  - total pot: history says 26, the chips put in (45) less the 20 returned make 25: 1 chip unexplained
  - pot: history pays Chloé 26, the engine pays Chloé 25
  - history pays 26, returns 20 and withholds 0, 46 in all, but the players put in 45: 1 chip unexplained
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from importlib import import_module
from types import MappingProxyType
from typing import Any

from ..chips import Amount
from ..chips import format_amount as fmt
from ..errors import HandHistoryError, PotEngineError, message_of, said
from ..pots.check import AuditStep
from ..pots.layout import PotLayout, built
from ..pots.rake import Rake
from .audit_json import hand_json, hand_json_text, write_json, write_json_texts
from .contributions import (
    DEAD_POST,
    LIVE_POST,
    PREFLOP,
    REPLAYED,
    LineTotals,
    Replay,
    _pots,
    _whole_chips,
    contributions_from_lines,
    dead_money,
    dead_posts,
    replay_actions,
    structure_from_header,
)
from .pokerstars import iter_text
from .pot_check import _cash_outs, _compare_pots, _NotAudited, _respread
from .record import HandHistory, UnsupportedHandError, pot_label
from .rooms import Room, RoomHand, file_lines, hands_of, not_read, peek_room
from .stated import fill_unstated
from .verdicts import (
    STEP_TITLES,
    UPWARD,
    Awarded,
    CashOut,
    HandAudit,
    Verdict,
    _step,
    _unsupported,
    refused,
)
from .winners import (
    NEITHER_ORDER,
    STRAIGHT_ABOVE_TRIPS,
    TRIPS_ABOVE_STRAIGHT,
    duplicate_cards,
    stated_short_deck_rules,
)

__all__ = [
    # this module's own: the entry points
    "AuditRun",
    "FileAudit",
    "audit_file",
    "audit_hand",
    "audit_json",
    "audit_lines",
    "duplicate_key",
    "iter_audits",
    "not_read_audits",
    # the names this module held before the auditor was split, imported from here by other code
    "DEAD_POST",
    "LIVE_POST",
    "NEITHER_ORDER",
    "PREFLOP",
    "REPLAYED",
    "STEP_TITLES",
    "STRAIGHT_ABOVE_TRIPS",
    "TRIPS_ABOVE_STRAIGHT",
    "Awarded",
    "CashOut",
    "HandAudit",
    "LineTotals",
    "Replay",
    "Verdict",
    "contributions_from_lines",
    "dead_money",
    "dead_posts",
    "duplicate_cards",
    "hand_json",
    "hand_json_text",
    "pot_label",
    "refused",
    "replay_actions",
    "stated_short_deck_rules",
    "structure_from_header",
    "write_json",
    "write_json_texts",
]


# ----------------------------------------------------------------------------------------------
# The audit
# ----------------------------------------------------------------------------------------------
def audit_hand(
    hand: HandHistory, *, rake: Rake | None = None, file: str = "", explain: bool = False
) -> HandAudit:
    """Replay ``hand`` with the engine and compare it with the history, pot by pot.

    ``rake`` is an optional policy for cash games: given, the history's rake is also checked
    against it (a tournament hand must show no rake). ``file`` names the file the hand came from.

    Every difference, irregularity and note is written as it is found; what a step found when
    it found nothing wrong (the pots' sums, who won what) is written only with ``explain``, which
    :attr:`HandAudit.steps` asks for when it is first read: most hands are audited for their
    verdict alone.

    >>> from potengine.histories.pokerstars import read_file
    >>> hands = read_file(DATA / "pokerstars/side_pots.txt")
    >>> [audit_hand(h).verdict.value for h in hands]
    ['consistent', 'consistent', 'consistent']
    >>> bad = read_file(DATA / "pokerstars/wrong_pot_off_by_one.txt")[0]
    >>> audit_hand(bad).differences[0]
    'side pot-1: history says 91, the chips put in make 90: 1 chip unexplained'
    """
    differences: list[str] = []
    irregular: list[str] = []
    remarks: list[str] = list(hand.remarks)
    steps: list[AuditStep] = []  # written with explain only

    dead = dead_posts(hand)
    contributions, folded, wrong_lines, odd_lines = contributions_from_lines(hand, dead=dead)
    replayed = replay_actions(hand, contributions, dead=dead)
    irregular += odd_lines + replayed.problems
    if explain:
        notes = [_put_in(contributions, folded), *replayed.notes]
        steps.append(_step(1, notes, wrong_lines + odd_lines + replayed.problems))
    differences += wrong_lines

    awarded: Awarded | None = None
    source = "collected lines"
    layout: PotLayout | None = None
    if _whole_chips(contributions.values(), hand.chip):  # else named in step 1: no pots to form
        try:
            layout = _pots(contributions, folded, dead_money(hand, posts=dead))
        except PotEngineError as err:
            message = said("the chips put in cannot be formed into pots: {error}", error=message_of(err))
            differences.append(message)
            if explain:
                steps.append(_step(2, (), [message]))
    if layout is not None:
        checked = hand
        marks = None  # the lists' lengths before steps 2 to 6, for a second look at a spread not stated
        if hand.not_stated or hand.added:  # what the room does not state, filled in
            checked, layout, filled = fill_unstated(hand, layout)
            remarks += filled
            marks = len(differences), len(irregular), len(remarks), len(steps)
        try:
            awarded, source = _compare_pots(
                checked, layout, contributions, folded, rake, explain, differences, irregular, remarks, steps
            )
            if marks is not None and len(differences) > marks[0] and _spread_unstated(checked, layout):
                again = _respread(
                    checked,
                    layout,
                    contributions,
                    folded,
                    rake,
                    explain,
                    marks,
                    differences,
                    irregular,
                    remarks,
                    steps,
                )
                awarded, source = again or (awarded, source)
        except _NotAudited as err:
            return refused(_unsupported(hand, message_of(err)), file)
    verdict = Verdict.WRONG if differences else Verdict.IRREGULAR if irregular else Verdict.CONSISTENT
    fields = {
        "hand_id": hand.hand_id,
        "verdict": verdict,
        "hand": hand,
        "contributions": MappingProxyType(contributions),  # the audit's own dict: frozen, not copied
        "folded": folded,
        "differences": tuple(differences),
        "irregularities": tuple(irregular),
        "notes": tuple(remarks),
        "awarded": awarded,
        "source": source,
        "error": None,
        "illegal": replayed.illegal,
        "file": file,
        "line": hand.first_line,
        "worded": tuple(steps) if explain else None,
        "rake_policy": rake,
    }
    if hand.cash_outs:
        fields["cash_outs"] = _cash_outs(hand, awarded)
    return built(HandAudit, fields)  # every field given and frozen: the dataclass's __init__ unneeded


def _spread_unstated(hand: HandHistory, layout: PotLayout) -> bool:
    """Whether a hand found wrong may be looked at again with another spread of what is withheld
    between its pots (:func:`~potengine.histories.pot_check._respread`): its room leaves something
    unstated, it has several pots and a rake, and no pot's size is stated (GGPoker)."""
    return bool(hand.not_stated) and len(layout.pots) > 1 and bool(hand.rake) and not hand.pots_reported


def _put_in(contributions: Mapping[str, Amount], folded: frozenset[str]) -> str:
    """Step 1's note in words: what each player put in, and who folded."""
    gone = (
        said("folded: {players}", players=", ".join(p for p in contributions if p in folded))
        if folded
        else said("nobody folded")
    )
    put = ", ".join(f"{p} {fmt(a)}" for p, a in contributions.items())
    return said("Put in: {contributions}; {folded}", contributions=put, folded=gone)


# ----------------------------------------------------------------------------------------------
# Streaming: one hand at a time, several files, JSON out
# ----------------------------------------------------------------------------------------------
def audit_lines(
    lines: Iterable[str | bytes], file: str = "", *, rake: Rake | None = None, room: Room | None = None
) -> Iterator[HandAudit]:
    """Read and audit the hands of a stream of lines one at a time (memory stays flat).

    The room is recognised from the first lines (see :mod:`~potengine.histories.rooms`), or given
    as ``room``; each hand is read by that room's reader into the neutral record
    (:mod:`~potengine.histories.record`) and audited. The hands of a room the auditor does not
    read yet are each ``unsupported``, naming the room.

    >>> [a.verdict.value for a in audit_lines(["hello", "PokerStars Hand #9: Razz Limit (1/2)"])]
    ['unreadable', 'unsupported']
    >>> import re
    >>> pinochle = Room("x", "Pinochle Palace", re.compile("^Pinochle #([0-9]+)", re.M))
    >>> print(next(audit_lines(["Pinochle #7"], room=pinochle)).error)  # doctest: +ELLIPSIS
    hand #7, line 1: a Pinochle Palace hand: this checker does not read Pinochle Palace hands yet ...
    """
    if room is None:
        room, lines = peek_room(lines)
    if room is not None and not room.readable:
        yield from not_read_audits(lines, room, file)
        return
    if room is not None and room.reader != "pokerstars":
        read = import_module(f"{__package__}.{room.reader}").read_hand
        for cut in hands_of(lines, room):
            try:
                hand = read(cut)
            except HandHistoryError as err:
                yield refused(err, file)
                continue
            yield _audited(hand, rake, file)
        return
    for item in iter_text(lines):
        if isinstance(item, HandHistoryError):
            yield refused(item, file)
            continue
        try:
            audit = audit_hand(item, rake=rake, file=file)
        except PotEngineError as err:  # a safety net: audit_hand reports problems in words
            audit = _not_audited(item, err, file)
        yield audit


def _audited(hand: HandHistory, rake: Rake | None, file: str) -> HandAudit:
    """:func:`audit_hand`, with a hand it cannot audit refused in words, never a traceback."""
    try:
        return audit_hand(hand, rake=rake, file=file)
    except PotEngineError as err:  # a safety net: audit_hand reports problems in words
        return _not_audited(hand, err, file)


def _not_audited(hand: HandHistory, err: PotEngineError, file: str) -> HandAudit:
    failure = HandHistoryError(
        said("hand #{hand_id}: cannot be audited: {error}", hand_id=hand.hand_id, error=message_of(err))
    )
    failure.hand_id, failure.line_number = hand.hand_id, hand.first_line
    return refused(failure, file)


def not_read_error(hand: RoomHand, room: Room) -> UnsupportedHandError:
    """The error of a hand of a room the auditor does not read yet, naming the hand and the room."""
    label = said("hand #{hand_id}", hand_id=hand.hand_id) if hand.hand_id else said("a hand")
    err = UnsupportedHandError(
        said(
            "{hand}, line {line}: a {room} hand: {reason}",
            hand=label,
            line=hand.line,
            room=room.label,
            reason=not_read(room),
        )
    )
    err.hand_id, err.line_number = hand.hand_id, hand.line
    return err


def not_read_audits(lines: Iterable[str | bytes], room: Room, file: str = "") -> Iterator[HandAudit]:
    """One ``unsupported`` audit per hand of a room the auditor does not read yet, naming the room."""
    for hand in hands_of(lines, room):
        err = not_read_error(hand, room)
        yield HandAudit(hand.hand_id, Verdict.UNSUPPORTED, error=err, file=file, line=hand.line)


def duplicate_key(audit: HandAudit) -> int | str | None:
    """What tells a hand apart from the others of a run (its ID, and its room unless PokerStars:
    the IDs of two rooms may be equal), or None for a hand that was not read.

    >>> duplicate_key(refused(HandHistoryError("no hand"))) is None
    True
    """
    hand_id = audit.hand_id
    if hand_id is None or audit.hand is None:
        return None
    if len(hand_id) < 19 and hand_id.isdigit() and audit.hand.room == "PokerStars":
        return int(hand_id)
    return f"{audit.hand.room} {hand_id}"


class AuditRun:
    """Audits of one or more files in one go: the verdicts counted, duplicate hand IDs noted.

    >>> run = AuditRun()
    >>> text = open(DATA / "pokerstars/uncalled.txt").read()
    >>> [a.verdict.value for a in run.audits(io.StringIO(text + "\\n\\n" + text), "twice.txt")][3:]
    ['consistent', 'consistent', 'consistent']
    >>> run.summary()["consistent"], [d["hand_id"] for d in run.duplicates()]
    (6, ['250000000301', '250000000302', '250000000303'])
    """

    def __init__(self, *, rake: Rake | None = None, room: Room | None = None) -> None:
        self.rake = rake
        self.room = room  # every file's room, said (``potengine audit --room``); else recognised
        self.counts = {verdict.value: 0 for verdict in Verdict}
        self.files: list[dict[str, Any]] = []
        # Duplicate detection is the one thing kept per hand: its ID and where it starts, packed
        # into two ints (about 100 bytes a hand), never the hand itself.
        self._seen: dict[int | str, int] = {}
        self._names: list[str] = []
        self._duplicates: dict[str, list[tuple[str, int]]] = {}

    def audits(self, lines: Iterable[str | bytes], file: str = "") -> Iterator[HandAudit]:
        """Audit the hands of one file, one at a time; a file that cannot be read is recorded."""
        index = self.open_file(file)
        entry, counts, seen = self.files[index], self.counts, self._seen
        try:
            for audit in audit_lines(lines, file, rake=self.rake, room=self.room):
                # what count() does, without its call: a hand's only cost here
                entry["hands"] += 1
                counts[audit.verdict.value] += 1
                key = duplicate_key(audit)
                if key is not None:
                    here = index << 40 | audit.line
                    packed = seen.setdefault(key, here)
                    if packed != here:
                        note = self._again(packed, audit.hand_id or "", index, audit.line)
                        audit = replace(audit, notes=(*audit.notes, note))
                yield audit
        except HandHistoryError as err:  # the file itself: missing, a directory, NUL bytes
            entry["error"] = message_of(err)  # said: English in the JSON, translated when printed

    def open_file(self, file: str) -> int:
        """Start counting the hands of another file; its index, for :meth:`count`.

        :meth:`audits` calls it, and so does a caller that audits the files elsewhere (in other
        processes: ``potengine audit --jobs``) and counts their verdicts here, in input order.

        >>> run = AuditRun()
        >>> run.open_file("a.txt"), run.open_file("b.txt"), run.files[1]
        (0, 1, {'file': 'b.txt', 'hands': 0, 'error': None})
        """
        self.files.append({"file": file, "hands": 0, "error": None})
        self._names.append(file)
        return len(self._names) - 1

    def count(
        self, index: int, verdict: Verdict, key: int | str | None, hand_id: str | None, line: int
    ) -> str | None:
        """Count one hand of file ``index`` (see :meth:`open_file`): its verdict, and its
        :func:`duplicate_key` with the line it starts on; the note to add to its audit when that
        hand was seen before, else None.

        >>> run = AuditRun()
        >>> first, second = run.open_file("a.txt"), run.open_file("b.txt")
        >>> run.count(first, Verdict.CONSISTENT, 7, "7", 1), run.count(second, Verdict.WRONG, 7, "7", 30)
        (None, 'hand #7 appears more than once in the input (first at a.txt line 1)')
        >>> run.summary()["hands"], run.files[1]["hands"], run.duplicates()[0]["at"][1]
        (2, 1, {'file': 'b.txt', 'line': 30})
        """
        self.files[index]["hands"] += 1
        self.counts[verdict.value] += 1
        if key is None or hand_id is None:
            return None
        here = index << 40 | line
        packed = self._seen.setdefault(key, here)
        return None if packed == here else self._again(packed, hand_id, index, line)

    def _again(self, packed: int, hand_id: str, index: int, line: int) -> str:
        """Note hand ``hand_id``, first seen where ``packed`` says, again in file ``index`` at
        ``line``; the note its audit gets."""
        first = (self._names[packed >> 40], packed & (1 << 40) - 1)
        self._duplicates.setdefault(hand_id, [first]).append((self._names[index], line))
        where = (
            said("{file} line {line}", file=first[0], line=first[1])
            if first[0]
            else said("line {line}", line=first[1])
        )
        return said(
            "hand #{hand_id} appears more than once in the input (first at {where})",
            hand_id=hand_id,
            where=where,
        )

    def summary(self) -> dict[str, int]:
        """The number of hands of each verdict, and in all."""
        return {"hands": sum(self.counts.values()), **self.counts}

    def duplicates(self) -> list[dict[str, Any]]:
        """Every hand ID seen more than once, with where (file and line) each copy starts."""
        return [
            {"hand_id": hand_id, "at": [{"file": f, "line": n} for f, n in places]}
            for hand_id, places in self._duplicates.items()
        ]

    def exit_status(self) -> int:
        """0 no hand wrong, 1 some hand wrong, 2 nothing could be read or a file could not be opened."""
        if self.counts[Verdict.WRONG.value]:
            return 1
        read = sum(self.counts.values()) - self.counts[Verdict.UNREADABLE.value]
        if not read or any(f["error"] for f in self.files):
            return 2
        return 0

    def tail(self) -> dict[str, Any]:
        """The parts of the JSON document that follow the hands."""
        return {
            "files": self.files,
            "duplicates": self.duplicates(),
            "summary": self.summary(),
            "exit_status": self.exit_status(),
        }


def iter_audits(text: str, name: str = "") -> Iterator[HandAudit]:
    """Audit the hands of one file's text one at a time (for a page that shows progress).

    Every hand gives exactly one :class:`HandAudit`, readable or not; a hand ID seen before in the
    same text carries a note.

    >>> text = open(DATA / "pokerstars/unreadable.txt").read()
    >>> [(a.hand_id, a.verdict.value) for a in iter_audits(text, "unreadable.txt")]
    [('250000000701', 'consistent'), ('250000000702', 'unreadable'), ('250000000703', 'consistent')]
    """
    if not isinstance(text, str):
        raise HandHistoryError(said("a hand history must be text, not {kind}", kind=type(text).__name__))
    yield from AuditRun().audits(io.StringIO(text, newline=None), name)


def audit_json(texts: Mapping[str, str]) -> dict[str, Any]:
    """The JSON document ``potengine audit --json FILE...`` prints, for files given as texts.

    ``texts`` maps each file name to its text. The document holds ``hands`` (one object per hand,
    see :func:`hand_json`), ``files`` (hands per file), ``duplicates`` (hand IDs seen more than
    once), ``summary`` (hands per verdict) and ``exit_status`` (0, 1 or 2 as the command exits).

    >>> doc = audit_json({"odd.txt": open(DATA / "pokerstars/wrong_odd_chip.txt").read()})
    >>> [(h["hand_id"], h["verdict"]) for h in doc["hands"]], doc["summary"]["wrong"], doc["exit_status"]
    ([('250000000903', 'wrong')], 1, 1)
    >>> print(doc["hands"][0]["differences"][0][:67])
    pot: history pays Cy 17 and Bo 16, the engine pays Bo 17 and Cy 16
    """
    run = AuditRun()
    hands = [
        hand_json(a)
        for name, text in texts.items()
        for a in run.audits(io.StringIO(text, newline=None), name)
    ]
    return {"hands": hands, **run.tail()}


@dataclass(frozen=True)
class FileAudit:
    """The audits of every hand of a file, readable or not."""

    name: str
    audits: tuple[HandAudit, ...]

    @property
    def errors(self) -> tuple[HandHistoryError, ...]:
        """The reasons of the hands that were not read (unsupported or unreadable)."""
        return tuple(a.error for a in self.audits if a.error is not None)


def audit_file(path: str | os.PathLike[str], *, rake: Rake | None = None) -> FileAudit:
    """Read a file of hand histories and audit every hand, one at a time.

    >>> result = audit_file(DATA / "pokerstars/unreadable.txt")
    >>> [a.verdict.value for a in result.audits], [str(e)[:30] for e in result.errors]
    (['consistent', 'unreadable', 'consistent'], ['hand #250000000702, line 28: c'])
    """
    name = os.path.basename(os.fspath(path))
    return FileAudit(name, tuple(audit_lines(file_lines(path), name, rake=rake)))


UPWARD.audit_hand = audit_hand
