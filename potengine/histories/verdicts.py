"""Verdicts and notes: what the audit of one hand says, and the words it says it in.

The auditor (:mod:`potengine.histories.audit`) walks six steps over a hand (contributions and
folds, the uncalled bet, the pots and the rake, the eligible players, the winners, conservation:
see that module's notes); this module holds what those steps leave behind, and nothing that
checks a chip:

- :class:`Verdict`, the one word every hand gets; :class:`HandAudit`, a hand's verdict with its
  differences, irregularities, notes and (worded when first read) six steps, and its
  :meth:`~HandAudit.text` and :meth:`~HandAudit.report`; :func:`refused`, the audit of a hand
  that was not read;
- :class:`Awarded`, the engine's pots as it awarded them, from which
  :attr:`HandAudit.settlement` is built when first read; :class:`CashOut`, a payment the site
  makes outside the pot;
- the wording shared by the steps: :data:`STEP_TITLES` and ``_step`` (one step's
  :class:`~potengine.pots.check.AuditStep`), and ``_chips``, ``_gap``, ``_names``, ``_payments``
  (a number of chips, a difference, a list of names, a list of payments, in words).

It sits below the modules that check (:mod:`~potengine.histories.pot_check`) and write JSON
(:mod:`~potengine.histories.audit_json`), which import it. Two things a :class:`HandAudit` does
need them: its steps are worded by auditing the hand again, and :meth:`HandAudit.to_json` is
:func:`~potengine.histories.audit_json.hand_json`. Each of those modules puts its function into
:data:`UPWARD` when it is imported (the auditor imports both), so that imports point one way.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from ..cached import cached
from ..chips import Amount
from ..chips import format_amount as fmt
from ..errors import HandHistoryError, IllegalHandHistoryError
from ..pots.check import AuditStep
from ..pots.fees import Added, added_totals
from ..pots.layout import Pot, PotLayout, rebuilt
from ..pots.rake import Rake
from ..pots.ranking import Tiers
from ..pots.runs import Run, times
from ..pots.settlement import Settlement, check_conservation, settlement_of
from .record import HandHistory, UnsupportedHandError, pot_label


class Upward:
    """The functions of the modules above this one that a :class:`HandAudit` calls, each set by
    its own module when imported: ``audit_hand`` by :mod:`potengine.histories.audit` (to word the
    steps) and ``hand_json`` by :mod:`potengine.histories.audit_json` (for
    :meth:`HandAudit.to_json`)."""

    audit_hand: Callable[..., HandAudit]
    hand_json: Callable[[HandAudit], dict[str, Any]]


UPWARD = Upward()
"""The one :class:`Upward`: see the module's notes."""


STEP_TITLES = (
    "contributions and folds",
    "uncalled bet",
    "tiers at the all-in levels",
    "eligible players per pot",
    "hands compared per pot",
    "paid + returned + withheld = put in",
)


class Verdict(enum.StrEnum):
    """The one verdict every hand gets; the JSON writes its lower-case value.

    >>> Verdict.IRREGULAR.value, Verdict("wrong") is Verdict.WRONG
    ('irregular', True)
    """

    CONSISTENT = "consistent"
    IRREGULAR = "irregular"
    WRONG = "wrong"
    UNSUPPORTED = "unsupported"
    UNREADABLE = "unreadable"


class Awarded(NamedTuple):
    """The engine's pots of one hand as it awarded them, and how: what
    :func:`~potengine.pots.settlement.settlement_of` makes the hand's settlement of."""

    layout: PotLayout
    pots: tuple[Pot, ...]
    ranking: Tiers | None  # None: a hand run more than once (each run has its own, in runs)
    button: str
    chip: Amount
    low_ranking: Tiers | None  # None: the lines, not the cards, said who won each low half
    game: str
    runs: tuple[Run, ...] = ()  # each run's showdown, of a hand run more than once


@dataclass(frozen=True)
class CashOut:
    """A PokerStars All-in Cash Out: a payment outside the pot (see the module's notes).

    The site pays ``player`` ``amount`` (the line's "cashed out the hand for": what he receives)
    and writes the ``fee`` it charged apart; in return it takes over his claim on the pots.
    ``not_awarded`` is what the engine awards him from them by the cards, which the site keeps
    instead of paying him (0 when his hand lost: the pots then go to their winners as usual).

    >>> print(CashOut("Ann", 3, 1, 8).text())
    Ann cashed out the hand for 3 (fee 1), paid by the site outside the pot; the 8 Ann wins is not awarded
    """

    player: str
    amount: Amount
    fee: Amount
    not_awarded: Amount

    def text(self) -> str:
        """The cash-out in words, as a dealer would tell it."""
        paid = f"{self.player} cashed out the hand for {fmt(self.amount)}" + (
            f" (fee {fmt(self.fee)})" if self.fee else ""
        )
        if self.not_awarded:
            return (
                f"{paid}, paid by the site outside the pot; the {fmt(self.not_awarded)} {self.player} "
                "wins is not awarded"
            )
        lost = f"{self.player}'s hand loses: the pot goes to its winner"
        return f"{paid}, paid by the site outside the pot; {lost}"


@dataclass(frozen=True)
class HandAudit:
    """The audit of one hand: its verdict, the six steps, the differences and the notes.

    ``differences`` are the chips out of place (verdict ``wrong``); ``irregularities`` the
    actions that depart from the engine's rules while every chip agrees (``irregular``);
    ``notes`` what the reader should know either way (an inferred uncalled bet, the site's split
    of the rake). :attr:`settlement` is the engine's own split of the hand, or ``None`` when the
    hand was not read or its contributions could not be formed into pots; it is built when first
    read, from ``awarded`` (the pots as the engine awarded them, and how), since the verdict never
    needs it. ``source`` says how the winners were decided: ``"cards"``, ``"folds"`` or
    ``"collected lines"``. ``error`` is the reason an ``unsupported`` or ``unreadable`` hand was
    not read, and ``illegal`` the engine's refusal of an action, if any.

    The six steps (:attr:`steps`) are put in words only when they are read: the verdict, the
    differences and the notes never need them. ``worded`` holds them once written, and
    ``rake_policy`` is the rake policy the hand was audited with. ``cash_outs`` are the hand's
    all-in cash-outs (:class:`CashOut`): payments the site makes outside the pot, beside the
    engine's settlement of it.
    """

    hand_id: str | None
    verdict: Verdict
    hand: HandHistory | None = None
    contributions: Mapping[str, Amount] = field(default_factory=dict)
    folded: frozenset[str] = frozenset()
    differences: tuple[str, ...] = ()
    irregularities: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    awarded: Awarded | None = field(default=None, repr=False)
    source: str = ""
    error: HandHistoryError | None = None
    illegal: IllegalHandHistoryError | None = None
    file: str = ""
    line: int = 0
    worded: tuple[AuditStep, ...] | None = field(default=None, repr=False, compare=False)
    rake_policy: Rake | None = field(default=None, repr=False, compare=False)
    cash_outs: tuple[CashOut, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "contributions", MappingProxyType(dict(self.contributions)))

    @cached
    def settlement(self) -> Settlement | None:
        """The engine's own split of the hand (``None`` if the hand has no pots): built from
        ``awarded`` when first read, and checked like every settlement (paid + returned +
        withheld = put in, and the money the room added: a cash drop)."""
        if self.awarded is None:
            return None
        layout, pots, ranking, button, chip, low_ranking, game, runs = self.awarded
        added = any(pot.added for pot in pots)
        settlement = settlement_of(
            layout,
            pots,
            ranking=ranking,
            button=button,
            chip=chip,
            low_ranking=low_ranking,
            checked=not added,
        )
        if added:  # the room's money in the main pot (see histories/stated.py): named, and counted
            rules = tuple(Added(name, amount) for name, amount in added_totals(pots).items())
            settlement.__dict__["added_rules"] = rules  # (a frozen record: set as pots/settlement does)
            check_conservation(settlement)
        if runs:
            return rebuilt(settlement, game=game, runs=runs, run_odd_chips="in run order")
        return settlement if game == "holdem" else rebuilt(settlement, game=game)

    @property
    def steps(self) -> tuple[AuditStep, ...]:
        """The six steps, each with what it found (none for a hand that was not read).

        Read for the first time, they are written by auditing the hand again with ``explain``
        (see :func:`~potengine.histories.audit.audit_hand`): the same rules give the same verdict, now
        with every step's words.
        """
        if self.worded is None:
            words = (
                ()
                if self.hand is None
                else UPWARD.audit_hand(self.hand, rake=self.rake_policy, explain=True).steps
            )
            object.__setattr__(self, "worded", words)
            return words
        return self.worded

    @property
    def consistent(self) -> bool:
        """True when every chip agrees and the betting is legal (verdict ``consistent``)."""
        return self.verdict is Verdict.CONSISTENT

    @property
    def chips_agree(self) -> bool:
        """True for ``consistent`` and ``irregular`` hands: no chip is out of place."""
        return self.verdict in (Verdict.CONSISTENT, Verdict.IRREGULAR)

    def text(self) -> str:
        """The verdict in words: one line when consistent, else one line per difference or note."""
        name = f"Hand #{self.hand_id}" if self.hand_id else f"Hand at line {self.line}"
        if self.verdict in (Verdict.UNSUPPORTED, Verdict.UNREADABLE):
            return f"{name}: {self.verdict}: {self.error}"
        if self.consistent:
            # the settlement's pots and returned chips, read without building the settlement
            pots = self.awarded.pots if self.awarded else ()
            parts = [f"{pot_label(i, len(pots))} {fmt(p.awarded)}{_run_parts(p)}" for i, p in enumerate(pots)]
            refunds = self.awarded.layout.refunds if self.awarded else {}
            parts += [f"{fmt(a)} returned to {p}" for p, a in refunds.items()]
            if self.hand is not None and self.hand.rake:
                parts.append(f"rake {fmt(self.hand.rake)}")
            parts += [
                f"{c.player} cashed out for {fmt(c.amount)}"
                + (f" (fee {fmt(c.fee)})" if c.fee else "")
                + " outside the pot"
                for c in self.cash_outs
            ]
            how = {"cards": "by the cards", "folds": "uncontested"}.get(self.source, "by the collected lines")
            if self.awarded is not None and self.awarded.runs:
                how += " of each run"
            return f"{name}: consistent ({'; '.join(parts)}; winners {how})"
        lines = [f"{name}: {self.verdict}"]
        lines += [f"  - {d}" for d in self.differences]
        lines += [f"  - irregular: {d}" for d in self.irregularities]
        return "\n".join(lines)

    def report(self) -> str:
        """The verdict followed by the notes and the six steps, each with what it found."""
        return "\n".join([self.text(), *(f"  note: {n}" for n in self.notes), *(str(s) for s in self.steps)])

    def to_json(self) -> dict[str, Any]:
        """This audit as plain JSON data (see :func:`~potengine.histories.audit.audit_json`)."""
        return UPWARD.hand_json(self)


def _chips(n: Amount) -> str:
    return f"{fmt(n)} chip" + ("" if n == 1 else "s")


def _gap(history: Amount, engine: Amount) -> str:
    if history > engine:
        return f"{_chips(history - engine)} unexplained"
    return f"{_chips(engine - history)} missing"


def _apart(a: Amount, b: Amount) -> Amount:
    """``abs(a - b)``, typed: mypy cannot tell that abs of an int or a Decimal is an Amount."""
    return a - b if a >= b else b - a


def _names(players: Sequence[str]) -> str:
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def _payments(pays: Mapping[str, Amount]) -> str:
    items = [f"{p} {fmt(a)}" for p, a in pays.items() if a]
    if not items:
        return "nobody anything"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _step(number: int, ok_notes: Sequence[str], problems: Sequence[str]) -> AuditStep:
    findings = [f if f.endswith((".", ")")) else f + "." for f in (problems or ok_notes)]
    return AuditStep(number, STEP_TITLES[number - 1], not problems, tuple(findings))


def _run_parts(pot: Pot) -> str:
    """ " run twice (100 + 100)" for a pot run more than once, "" for any other."""
    if not pot.runs:
        return ""
    return f" run {times(len(pot.runs))} ({' + '.join(fmt(part.amount) for part in pot.runs)})"


def _unsupported(hand: HandHistory, reason: str) -> UnsupportedHandError:
    """An :class:`UnsupportedHandError` for a hand that was read but cannot be checked."""
    err = UnsupportedHandError(f"hand #{hand.hand_id}, line {hand.first_line}: {reason}")
    err.hand_id, err.line_number, err.line = hand.hand_id, hand.first_line, hand.header
    return err


def refused(err: HandHistoryError, file: str = "") -> HandAudit:
    """The audit of a hand that was not read: ``unsupported`` or ``unreadable``, with the reason.

    >>> from potengine.histories.pokerstars import parse_text
    >>> refused(parse_text("PokerStars Hand #9: Razz Limit (1/2)")[0]).verdict
    <Verdict.UNSUPPORTED: 'unsupported'>
    """
    verdict = Verdict.UNSUPPORTED if isinstance(err, UnsupportedHandError) else Verdict.UNREADABLE
    return HandAudit(
        getattr(err, "hand_id", None), verdict, error=err, file=file, line=getattr(err, "line_number", 0) or 0
    )
