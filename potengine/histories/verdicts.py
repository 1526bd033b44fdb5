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
from ..errors import HandHistoryError, IllegalHandHistoryError, Said, listed, said
from ..pots.check import AuditStep
from ..pots.fees import Added, added_totals
from ..pots.layout import Pot, PotLayout, rebuilt
from ..pots.rake import Rake
from ..pots.ranking import Tiers
from ..pots.runs import Run
from ..pots.settlement import Settlement, check_conservation, settlement_of
from .record import HandHistory, UnsupportedHandError


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
    said("contributions and folds"),
    said("uncalled bet"),
    said("tiers at the all-in levels"),
    said("eligible players per pot"),
    said("hands compared per pot"),
    said("paid + returned + withheld = put in"),
)


def in_language(text: str, language: str = "en") -> str:
    """``text`` in ``language``: a message made with :func:`~potengine.errors.said` is said
    again in that language, any other text stays as it is (a name, an amount, or a message with
    no translation). The verdicts' words are said only when shown: an audit keeps them English
    (its JSON, in every language, is what it was), and this translates them for the text.

    >>> in_language(_gap(3, 5), "de"), in_language("Ann", "de")
    ('2 Chips fehlen', 'Ann')
    """
    if language == "en" or not isinstance(text, Said):
        return str(text)
    return text.in_language(language)


VERDICT_WORDS = {
    "consistent": said("consistent"),
    "irregular": said("irregular"),
    "wrong": said("wrong"),
    "unsupported": said("unsupported"),
    "unreadable": said("unreadable"),
}
"""The verdicts as the text names them (translated there; the JSON writes the English value)."""


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

    def text(self, language: str = "en") -> str:
        """The cash-out in words, as a dealer would tell it (in ``language``)."""
        return in_language(self.said(), language)

    def said(self) -> Said:
        """:meth:`text`, said (to be said in any language)."""
        amount, player = fmt(self.amount), self.player
        if self.fee:
            paid = said(
                "{player} cashed out the hand for {amount} (fee {fee})",
                player=player,
                amount=amount,
                fee=fmt(self.fee),
            )
        else:
            paid = said("{player} cashed out the hand for {amount}", player=player, amount=amount)
        if self.not_awarded:
            return said(
                "{paid}, paid by the site outside the pot; the {amount} {player} wins is not awarded",
                paid=paid,
                amount=fmt(self.not_awarded),
                player=player,
            )
        return said(
            "{paid}, paid by the site outside the pot; {player}'s hand loses: the pot goes to its winner",
            paid=paid,
            player=player,
        )


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

    def text(self, language: str = "en") -> str:
        """The verdict in words: one line when consistent, else one line per difference or note
        (in ``language``: "en", "nl", "de" or "el"; the amounts, names and hand IDs are the same
        in every language).

        >>> from potengine.histories import sample
        >>> from potengine.histories.audit import audit_file
        >>> audit = audit_file(sample("uncalled.txt")).audits[0]
        >>> print(audit.text("de"))  # doctest: +ELLIPSIS
        Hand #250000000301: stimmig (...)
        """
        return "\n".join(self._lines(language))

    def _lines(self, language: str) -> list[str]:
        if language != "en":
            from ..i18n import translator

            translator(language)  # an unknown language is an error, named in English's words
        say = in_language
        if self.hand_id:
            name = say(said("Hand #{hand_id}", hand_id=self.hand_id), language)
        else:
            name = say(said("Hand at line {line}", line=self.line), language)
        verdict = say(VERDICT_WORDS[self.verdict.value], language)
        if self.verdict in (Verdict.UNSUPPORTED, Verdict.UNREADABLE):
            error = self.error.in_language(language) if self.error is not None else ""
            return [f"{name}: {verdict}: {error}"]
        if self.consistent:
            # the settlement's pots and returned chips, read without building the settlement
            pots = self.awarded.pots if self.awarded else ()
            parts: list[str] = [
                say(said("{pot} {amount}", pot=pot_named(i, len(pots)), amount=fmt(p.awarded)), language)
                + say(_run_parts(p), language)
                for i, p in enumerate(pots)
            ]
            refunds = self.awarded.layout.refunds if self.awarded else {}
            parts += [
                say(said("{amount} returned to {player}", amount=fmt(a), player=p), language)
                for p, a in refunds.items()
            ]
            if self.hand is not None and self.hand.rake:
                parts.append(say(said("rake {amount}", amount=fmt(self.hand.rake)), language))
            for c in self.cash_outs:
                out = (
                    said(
                        "{player} cashed out for {amount} (fee {fee}) outside the pot",
                        player=c.player,
                        amount=fmt(c.amount),
                        fee=fmt(c.fee),
                    )
                    if c.fee
                    else said(
                        "{player} cashed out for {amount} outside the pot",
                        player=c.player,
                        amount=fmt(c.amount),
                    )
                )
                parts.append(say(out, language))
            each_run = self.awarded is not None and bool(self.awarded.runs)
            if self.source == "cards":
                how = said("winners by the cards of each run") if each_run else said("winners by the cards")
            elif self.source == "folds":
                how = said("winners uncontested of each run") if each_run else said("winners uncontested")
            else:
                how = (
                    said("winners by the collected lines of each run")
                    if each_run
                    else said("winners by the collected lines")
                )
            semicolon = say(said("; "), language)
            return [f"{name}: {verdict} ({semicolon.join(parts)}{semicolon}{say(how, language)})"]
        lines = [f"{name}: {verdict}"]
        lines += [f"  - {say(d, language)}" for d in self.differences]
        irregular = say(VERDICT_WORDS["irregular"], language)
        lines += [f"  - {irregular}: {say(d, language)}" for d in self.irregularities]
        return lines

    def note_lines(self, language: str = "en") -> list[str]:
        """The notes as the command prints them: ``  note: …`` each, in ``language``."""
        if not self.notes:
            return []
        note = in_language(said("note"), language)
        return [f"  {note}: {in_language(n, language)}" for n in self.notes]

    def step_lines(self, language: str = "en") -> list[str]:
        """The six steps as the command prints them (``-v``), in ``language``."""
        if language == "en":
            return [str(s) for s in self.steps]
        return [str(_step_in(s, language)) for s in self.steps]

    def report(self, language: str = "en") -> str:
        """The verdict followed by the notes and the six steps, each with what it found."""
        return "\n".join([self.text(language), *self.note_lines(language), *self.step_lines(language)])

    def to_json(self) -> dict[str, Any]:
        """This audit as plain JSON data (see :func:`~potengine.histories.audit.audit_json`)."""
        return UPWARD.hand_json(self)


def _chips(n: Amount) -> Said:
    return said("{amount} chip", amount=fmt(n)) if n == 1 else said("{amount} chips", amount=fmt(n))


def _gap(history: Amount, engine: Amount) -> Said:
    if history > engine:
        return said("{chips} unexplained", chips=_chips(history - engine))
    return said("{chips} missing", chips=_chips(engine - history))


def semicolons(parts: Sequence[str]) -> str:
    """``parts`` joined by "; " (in Greek by the ano teleia "· ": a Greek ";" asks a question),
    each said in the language the whole is said in.

    >>> semicolons([said("pot"), "Ann"]), semicolons([said("pot"), "Ann"]).in_language("el")
    ('pot; Ann', 'ποτ· Ann')
    """
    if not parts:
        return ""
    text = parts[0]
    for part in parts[1:]:
        text = said("{first}; {then}", first=text, then=part)
    return text


def _apart(a: Amount, b: Amount) -> Amount:
    """``abs(a - b)``, typed: mypy cannot tell that abs of an int or a Decimal is an Amount."""
    return a - b if a >= b else b - a


def _names(players: Sequence[str]) -> str:
    return listed(players)


def _payments(pays: Mapping[str, Amount]) -> str:
    items = [f"{p} {fmt(a)}" for p, a in pays.items() if a]
    if not items:
        return said("nobody anything")
    return listed(items)


def _step(number: int, ok_notes: Sequence[str], problems: Sequence[str]) -> AuditStep:
    findings = [
        f if f.endswith((".", ")")) else said("{finding}.", finding=f) for f in (problems or ok_notes)
    ]
    return AuditStep(number, STEP_TITLES[number - 1], not problems, tuple(findings))


def _step_in(step: AuditStep, language: str) -> AuditStep:
    """``step`` with its title and findings said in ``language``."""
    return AuditStep(
        step.number,
        in_language(step.title, language),
        step.ok,
        tuple(in_language(f, language) for f in step.findings),
        language=language,
    )


def pot_named(index: int, count: int) -> Said:
    """:func:`~potengine.histories.record.pot_label`, said: "pot", "main pot", "side pot",
    "side pot-2" in the verdicts' words.

    >>> pot_named(0, 2).in_language("de"), pot_named(2, 3).in_language("nl")
    ('Hauptpot', 'side pot 2')
    """
    if count <= 1:
        return said("pot")
    if index == 0:
        return said("main pot")
    return said("side pot") if count == 2 else said("side pot-{number}", number=index)


def times_named(count: int) -> Said:
    """:func:`~potengine.pots.runs.times`, said: "twice", "three times", "four times"."""
    if count == 2:
        return said("twice")
    if count == 3:
        return said("three times")
    if count == 4:
        return said("four times")
    return said("{count} times", count=count)


def run_named(number: int) -> Said:
    """A run in a sentence, said: "first run", "second run", ... (:func:`~potengine.pots.runs.ordinal`)."""
    if number == 1:
        return said("first run")
    if number == 2:
        return said("second run")
    if number == 3:
        return said("third run")
    if number == 4:
        return said("fourth run")
    return said("run {number} run", number=number)


def _run_parts(pot: Pot) -> str:
    """ " run twice (100 + 100)" for a pot run more than once, "" for any other."""
    if not pot.runs:
        return ""
    return said(
        " run {times} ({parts})",
        times=times_named(len(pot.runs)),
        parts=" + ".join(fmt(part.amount) for part in pot.runs),
    )


def _unsupported(hand: HandHistory, reason: str) -> UnsupportedHandError:
    """An :class:`UnsupportedHandError` for a hand that was read but cannot be checked."""
    err = UnsupportedHandError(
        said(
            "hand #{hand_id}, line {line}: {reason}",
            hand_id=hand.hand_id,
            line=hand.first_line,
            reason=reason,
        )
    )
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
