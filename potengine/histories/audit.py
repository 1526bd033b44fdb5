"""Auditing PokerStars hand histories: replay each hand with the engine and compare, pot by pot.

:func:`audit_hand` takes a parsed :class:`~potengine.histories.pokerstars.HandHistory` and walks the six
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

Omaha hands (four or five hole cards, high only or hi-lo) are checked the same way: their betting
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
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from importlib import import_module
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from ..cards.deck import parse_cards
from ..chips import Amount
from ..chips import format_amount as fmt
from ..errors import HandHistoryError, PotEngineError
from ..pots.check import AuditStep
from ..pots.hilo import HiLoPot, award_hilo
from ..pots.layout import Pot, PotLayout, built, rebuilt
from ..pots.rake import Rake, spread_in_proportion
from ..pots.ranking import Tiers
from ..pots.runs import Run, award_runs, ordinal, times
from ..pots.settlement import award
from ..pots.split import odd_chip_order
from .contributions import (
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
from .record import POT_NAMES, HandHistory, UnsupportedHandError, pot_label
from .rooms import Room, file_lines, hands_of, not_read, peek_room
from .stated import fill_unstated, placed_as_awarded
from .verdicts import (
    STEP_TITLES,
    UPWARD,
    Awarded,
    CashOut,
    HandAudit,
    Verdict,
    _apart,
    _chips,
    _gap,
    _names,
    _payments,
    _step,
    _unsupported,
    refused,
)
from .winners import (
    NEITHER_ORDER,
    STRAIGHT_ABOVE_TRIPS,
    TRIPS_ABOVE_STRAIGHT,
    _hilo_from_lines,
    _ranking,
    _short_deck_game,
    duplicate_cards,
)

__all__ = [
    # this module's own: the entry points
    "AuditRun",
    "FileAudit",
    "audit_file",
    "audit_hand",
    "audit_json",
    "audit_lines",
    "iter_audits",
    "not_read_audits",
    # the names this module held before the auditor was split, imported from here by other code
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
    "pot_label",
    "refused",
    "replay_actions",
    "structure_from_header",
    "write_json",
]

_AMOUNT = attrgetter("amount")


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
    notes: list[str] = []
    if explain:
        notes = [
            "Put in: "
            + ", ".join(f"{p} {fmt(a)}" for p, a in contributions.items())
            + "; "
            + (
                f"folded: {', '.join(p for p in contributions if p in folded)}" if folded else "nobody folded"
            ),
            *replayed.notes,
        ]
    if explain:
        steps.append(_step(1, notes, wrong_lines + odd_lines + replayed.problems))
    differences += wrong_lines

    awarded: Awarded | None = None
    source = "collected lines"
    layout: PotLayout | None = None
    if _whole_chips(contributions.values(), hand.chip):  # else named in step 1: no pots to form
        try:
            layout = _pots(contributions, folded, dead_money(hand, posts=dead))
        except PotEngineError as err:
            message = f"the chips put in cannot be formed into pots: {err}"
            differences.append(message)
            if explain:
                steps.append(_step(2, (), [message]))
    if layout is not None:
        checked, layout, filled = fill_unstated(hand, layout)  # what the room does not state
        remarks += filled
        try:
            awarded, source = _compare_pots(
                checked, layout, contributions, folded, rake, explain, differences, irregular, remarks, steps
            )
        except _NotAudited as err:
            return refused(_unsupported(hand, str(err)), file)
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


def _cash_outs(hand: HandHistory, awarded: Awarded | None) -> tuple[CashOut, ...]:
    """The hand's all-in cash-outs, each with what the engine awards that player from the pots
    and the collected lines do not pay him (the part the site keeps)."""
    done = []
    for player, amount, fee in hand.cash_outs:
        won = sum((pot.shares.get(player, 0) for pot in awarded.pots), start=0) if awarded else 0
        paid = sum((c.amount for c in hand.collections if c.player == player), start=0)
        done.append(CashOut(player, amount, fee, won - paid if won > paid else won * 0))
    return tuple(done)


def _compare_pots(
    hand: HandHistory,
    layout: PotLayout,
    contributions: dict[str, Amount],
    folded: frozenset[str],
    rake: Rake | None,
    explain: bool,
    differences: list[str],
    irregular: list[str],
    remarks: list[str],
    steps: list[AuditStep],
) -> tuple[Awarded, str]:
    """Steps 2 to 6 of :func:`audit_hand`, on the pots the chips put in make: what each step
    finds goes into ``differences``, ``irregular`` and ``remarks`` (and, with ``explain``, into
    ``steps``); the result is the engine's pots as awarded and how the winners were decided."""
    # Step 2: the uncalled part ------------------------------------------------------------
    problems, notes = [], []
    amounts = list(map(_AMOUNT, layout.pots))
    total_in_pots = sum(amounts, start=0)
    said: dict[str, Amount] = {}
    for player, amount in hand.returned:
        said[player] = said[player] + amount if player in said else amount
    if not said and layout.refunds and hand.total_pot == total_in_pots and _unanswered(hand, layout.refunds):
        said = dict(layout.refunds)
        inferred = ", ".join(f"{fmt(a)} to {p}" for p, a in said.items())
        remarks.append(
            f"the history prints no 'Uncalled bet' line (as PokerStars did until about 2008), but its "
            f"total pot leaves the unmatched chips out: returned {inferred} (inferred)"
        )
    if explain or said != layout.refunds:  # when the two agree, only explain has words to write
        for player in dict.fromkeys([*layout.refunds, *said]):
            ours, theirs = layout.refunds.get(player, 0), said.get(player, 0)
            if ours == theirs:
                if explain:
                    notes.append(
                        f"{fmt(ours)} of {player}'s chips were matched by nobody and go back to {player}"
                    )
            elif not theirs:
                problems.append(
                    f"uncalled bet: {player} put in {_chips(ours)} that nobody matched, "
                    f"but the history returns nothing to {player}"
                )
            elif not ours:
                problems.append(
                    f"uncalled bet: history returns {fmt(theirs)} to {player}, "
                    f"but every chip {player} put in was matched: {_gap(theirs, 0)}"
                )
            else:
                problems.append(
                    f"uncalled bet: history returns {fmt(theirs)} to {player}, the chips put in leave "
                    f"{fmt(ours)} unmatched: {_gap(theirs, ours)}"
                )
    if explain:
        steps.append(_step(2, notes or ["every bet was matched: nothing goes back"], problems))
    differences += problems

    # Step 3: tiers, rake -------------------------------------------------------------------
    problems, notes = [], []
    reported = hand.pots_reported
    withheld: tuple[Amount, ...] = (0,) * len(amounts)
    if not hand.rake:
        pass  # nothing withheld
    elif hand.rake > total_in_pots or hand.rake % hand.chip:
        problems.append(
            f"rake: history withholds {fmt(hand.rake)}, but the pots hold {fmt(total_in_pots)}"
            if hand.rake > total_in_pots
            else f"rake: {fmt(hand.rake)} is not a whole number of chips"
        )
    else:
        proportional = spread_in_proportion(amounts, hand.rake, chip=hand.chip)
        withheld = proportional
        if hand.main_pot is not None and len(reported) == len(amounts) > 1:
            site = tuple(a - r for a, r in zip(amounts, reported, strict=True))
            fits = all(0 <= part <= a for part, a in zip(site, amounts, strict=True))
            if fits and sum(site, start=0) == hand.rake:
                withheld = site
                spread = ", ".join(f"{fmt(w)} from the {pot_label(i, len(site))}" for i, w in enumerate(site))
                if site != proportional:
                    even = ", ".join(fmt(w) for w in proportional)
                    remarks.append(
                        f"rake: the site takes {spread}; in proportion to the pots it would be {even} "
                        "(PokerStars rakes each pot as it builds it: the split is the site's)"
                    )
    if rake is not None:
        expected = (
            0 if hand.tournament else rake.amount_for(total_in_pots, flop_seen=hand.flop_seen, chip=hand.chip)
        )  # tournaments are never raked
        if expected != hand.rake:
            problems.append(
                f"rake: history withholds {fmt(hand.rake)}, the rake policy makes {fmt(expected)} "
                f"on a pot of {fmt(total_in_pots)}: {_gap(hand.rake, expected)}"
            )
    pots = tuple(
        [
            pot
            if type(cut) is int and cut == 0 and type(pot.rake) is int and pot.rake == 0
            else rebuilt(pot, rake=cut)
            for pot, cut in zip(layout.pots, withheld, strict=True)
        ]
    )
    count = max(len(pots), len(reported))
    if reported and len(reported) != len(pots):  # (none: the room states the total alone)
        our_pots = ", ".join(
            f"{pot_label(i, len(pots))} {fmt(p.awarded)} ({', '.join(p.eligible)})"
            for i, p in enumerate(pots)
        )
        problems.append(
            f"history lists {len(reported)} pot{'s' if len(reported) != 1 else ''}, "
            f"the chips put in make {len(pots)}: {our_pots}"
        )
    for i, (pot, theirs) in enumerate(zip(pots, reported, strict=False)):  # counts may differ: told above
        name = pot_label(i, count)
        if theirs != pot.awarded:
            made = f"make {fmt(pot.amount)}" + (
                f", less {fmt(pot.rake)} rake, {fmt(pot.awarded)}" if pot.rake else ""
            )
            problems.append(
                f"{name}: history says {fmt(theirs)}, the chips put in {made}: {_gap(theirs, pot.awarded)}"
            )
        elif explain:
            notes.append(f"{name} {pot.formula}" + (f", less {fmt(pot.rake)} rake" if pot.rake else ""))
    if hand.main_pot is not None:
        listed = hand.main_pot + sum(hand.side_pots, start=0) + hand.rake
        if listed != hand.total_pot:
            problems.append(
                f"summary: main pot and side pots plus rake make {fmt(listed)}, "
                f"but the total pot says {fmt(hand.total_pot)}: {_gap(listed, hand.total_pot)}"
            )
    if hand.total_pot != total_in_pots:
        returned = sum(layout.refunds.values(), start=0)
        problems.append(
            f"total pot: history says {fmt(hand.total_pot)}, the chips put in "
            f"({fmt(layout.total)}) less the {fmt(returned)} returned make {fmt(total_in_pots)}: "
            f"{_gap(hand.total_pot, total_in_pots)}"
        )
    if explain:
        steps.append(_step(3, notes, problems))
    differences += problems

    # Step 4: eligibility ----------------------------------------------------------------------
    problems, notes = [], []
    for c in hand.collections:
        if c.pot >= len(pots):
            problems.append(
                f"{c.label}: history pays {c.player} {fmt(c.amount)} from a pot the chips put in "
                f"do not make (they make {len(pots)})"
            )
            continue
        pot = pots[c.pot]
        if c.player in pot.eligible:
            continue
        name = pot_label(c.pot, count) if c.label != "pot" else "pot"
        if c.player in folded:
            why = f"{c.player} folded"
        elif c.player not in contributions:
            why = f"{c.player} put no chips in"
        else:
            why = (
                f"{c.player} put in only {fmt(contributions[c.player])} and this pot holds the chips "
                f"between {fmt(pot.low)} and {fmt(pot.high)}"
            )
        problems.append(
            f"{name}: history pays {c.player} {fmt(c.amount)}, but {why} "
            f"(eligible: {', '.join(pot.eligible)})"
        )
    if explain:
        notes = [f"{pot_label(i, len(pots))}: {', '.join(pot.eligible)}" for i, pot in enumerate(pots)]
        steps.append(_step(4, notes, problems))
    differences += problems

    # Step 5: the winners of each pot --------------------------------------------------------
    problems, notes = [], []
    # One entry per pot the chips make; pots the history names beyond those (a "side pot-N" of
    # any N the file writes) are kept apart in a dict, never in a structure sized by N.
    paid: list[dict[str, Amount]] = [{} for _ in pots]
    beyond: dict[int, dict[str, Amount]] = {}
    for c in hand.collections:
        pays = paid[c.pot] if c.pot < len(pots) else beyond.setdefault(c.pot, {})
        pays[c.player] = pays[c.player] + c.amount if c.player in pays else c.amount
    live = [p for p in contributions if p not in folded]
    button = _button(hand, layout.seats)
    order = odd_chip_order(layout.seats, button)
    cashed = {player: (amount, fee) for player, amount, fee in hand.cash_outs} if hand.cash_outs else {}
    unpaid: dict[str, Amount] = {}
    awarded: list[Pot] = []
    hi_lo = hand.hi_lo
    shows: tuple[Run, ...] = ()
    if hand.runs:  # run more than once: each run's showdown, each pot's part per run
        shows, source = _compare_runs(
            hand, pots, live, order, cashed, unpaid, awarded, problems, notes if explain else None, remarks
        )
        tiers: Tiers = ()
        low_tiers: Tiers | None = None
        pots = ()  # every pot is compared already
    else:
        clashes = duplicate_cards(hand)
        problems += clashes
        tiers, source, described, low_tiers = _ranking(
            hand,
            live,
            pots,
            [*paid, *[beyond[i] for i in sorted(beyond)]] if beyond else paid,
            notes if explain else None,
            cards_ok=not clashes,
            remarks=remarks,
        )
    wins: list[Pot] = []
    for i, pot in enumerate(pots):
        won: Pot
        if hi_lo and low_tiers is not None:
            halves = award_hilo(pot, tiers, low_tiers, order=order, chip=hand.chip)
            won = halves
            if explain and halves.low_winners:
                how = (
                    "quartered between"
                    if halves.quartered
                    else "split between"
                    if len(halves.low_winners) > 1
                    else "to"
                )
                notes.append(
                    f"{pot_label(i, count)}: high half {fmt(halves.high_amount)} "
                    f"to {', '.join(halves.high_winners)}, "
                    f"low half {fmt(halves.low_amount)} {how} {_names(halves.low_winners)}"
                )
        elif hi_lo:
            no_low = "No low hand qualified" in hand.lines
            site_pays = {p: a for p, a in paid[i].items() if a}
            won = _hilo_from_lines(
                pot, tiers, site_pays, order, hand.chip, notes, pot_label(i, count), no_low=no_low
            )
        else:
            won = award(pot, tiers, order=order, chip=hand.chip)
        wins.append(won)
    if hand.not_stated and POT_NAMES in hand.not_stated and len(wins) > 1:
        paid = placed_as_awarded(paid, [won.shares for won in wins])  # the room names no pot
    for i, (pot, won) in enumerate(zip(pots, wins, strict=True)):
        site_pays = paid[i]
        if not all(site_pays.values()):  # a line collecting nothing: left out
            site_pays = {p: a for p, a in site_pays.items() if a}
        awarded.append(won)
        shares = won.shares
        we_pay = dict(shares) if all(shares.values()) else {p: a for p, a in shares.items() if a}
        name = pot_label(i, count)
        if cashed and _cashed_out(name, site_pays, we_pay, cashed, unpaid, problems, remarks, notes, explain):
            continue
        if site_pays == we_pay:
            if explain:
                split = (
                    ""
                    if len(won.winners) < 2
                    else " (high and low halves)"
                    if isinstance(won, HiLoPot) and won.low_winners
                    else " (split, odd chips from the button)"
                )
                notes.append(f"{name} to {_payments(we_pay)}{split}")
            continue
        same = (
            set(site_pays) == set(we_pay)
            and len(we_pay) > 1
            and sum(site_pays.values()) == sum(we_pay.values())
        )
        gap = max((_apart(site_pays[p], we_pay[p]) for p in we_pay), default=0) if same else 0
        if same and hand.chip < gap <= max(hand.rake, pot.rake):
            irregular.append(
                f"{name}: history pays {_payments(site_pays)}, an even split is {_payments(we_pay)}: the "
                f"winners' shares differ by {fmt(gap)}, more than an odd chip but no more than the rake "
                f"({fmt(hand.rake)}): PokerStars appears in some eras to charge the rake per winner"
            )
            continue
        odd = ""
        if same:
            first = next(p for p in order if p in won.winners)
            odd = f" (the odd chip goes to the first winner left of the button, {first})"
        problems.append(
            f"{name}: history pays {_payments(site_pays)}, the engine pays {_payments(we_pay)}{odd}"
        )
    for i in sorted(beyond):
        if beyond[i]:
            problems.append(
                f"side pot-{i}: history pays {_payments(beyond[i])} from a pot that does not exist"
            )
    if explain:
        steps.append(_step(5, notes, problems))
    differences += problems

    # Step 6: conservation -----------------------------------------------------------------------
    problems, notes = [], []
    collected: dict[str, Amount] = {}
    for c in hand.collections:
        collected[c.player] = collected[c.player] + c.amount if c.player in collected else c.amount
    paid_out = sum(collected.values(), start=0)
    given_back = sum(said.values(), start=0)
    kept_back = sum(unpaid.values(), start=0)
    accounted = paid_out + given_back + hand.rake + kept_back
    put_in = sum(contributions.values(), start=0)
    added = hand.added_total if hand.added else 0
    if accounted != put_in + added:
        by_room = f" and the room added {fmt(added)}" if added else ""
        problems.append(
            f"history pays {fmt(paid_out)}, returns {fmt(given_back)} and withholds {fmt(hand.rake)}"
            + (f" and {fmt(kept_back)} not awarded after a cash-out" if kept_back else "")
            + f", {fmt(accounted)} in all, but the players put in {fmt(put_in)}{by_room}: "
            + _gap(accounted, put_in + added)
        )
    elif explain:
        notes.append(
            f"paid {fmt(paid_out)} + returned {fmt(given_back)} + withheld {fmt(hand.rake)} "
            + (f"+ not awarded after a cash-out {fmt(kept_back)} " if kept_back else "")
            + f"= put in {fmt(put_in)}"
            + (f" + added by the room {fmt(added)}" if added else "")
        )
    if hand.summary_won and (unpaid or collected != hand.summary_won):  # (equal: nothing to say)
        for player in dict.fromkeys([*collected, *hand.summary_won]):
            lines_say = collected.get(player, 0) + unpaid.get(player, 0)
            summary_says = hand.summary_won.get(player, 0)
            if lines_say != summary_says:
                problems.append(
                    f"{player}: the summary says {player} won {fmt(summary_says)}, the collected lines "
                    f"say {fmt(lines_say)}: {_gap(summary_says, lines_say)}"
                )
    if explain:
        steps.append(_step(6, notes, problems))
    differences += problems

    game = ("omaha-hi-lo" if hi_lo else "omaha") if hand.omaha else "holdem"
    if hand.game[:1] == "6":
        game = _short_deck_game(remarks)
    low_ranking = low_tiers if hi_lo else None
    if shows:
        return Awarded(layout, tuple(awarded), None, button, hand.chip, None, game, shows), source
    return Awarded(layout, tuple(awarded), tiers, button, hand.chip, low_ranking, game), source


def _compare_runs(
    hand: HandHistory,
    pots: Sequence[Pot],
    live: Sequence[str],
    order: Sequence[str],
    cashed: Mapping[str, tuple[Amount, Amount]],
    unpaid: dict[str, Amount],
    awarded: list[Pot],
    problems: list[str],
    notes: list[str] | None,
    remarks: list[str],
) -> tuple[tuple[Run, ...], str]:
    """Step 5 of a hand run more than once: each run ranked on its own board, each pot awarded
    over the runs by the engine (:func:`potengine.pots.runs.award_runs`: divided into equal parts,
    the odd chip to the first run, a pot only one player can win paid once) and each run's part
    compared with that run's collected lines. The awarded pots go into ``awarded``; the result is
    the runs' showdowns and how their winners were decided."""
    count = len(pots)
    boards = hand.runs
    on_board = [_on_board(hand, board) for board in boards]  # the hand as if dealt once on each
    clashes = [
        f"the {ordinal(number)} run's {problem}"
        for number, dealt in enumerate(on_board, start=1)
        for problem in duplicate_cards(dealt)
    ]
    problems += clashes
    # what the collected lines pay from each pot on each run's showdown (0: outside any showdown)
    site: list[list[dict[str, Amount]]] = [[{} for _ in pots] for _ in range(len(boards) + 1)]
    for c in hand.collections:
        if c.pot < count:
            pays = site[c.run if c.run <= len(boards) else 0][c.pot]
            pays[c.player] = pays.get(c.player, 0) + c.amount
    shows = []
    source = "cards"
    for number, board in enumerate(boards, start=1):
        said: list[str] | None = [] if notes is not None else None
        tiers, how, _, low_tiers = _ranking(
            on_board[number - 1], live, pots, site[number], said, cards_ok=not clashes, remarks=remarks
        )
        if how != "cards":
            source = "collected lines"
        if hand.hi_lo and low_tiers is None:
            raise _NotAudited(
                f"the {ordinal(number)} run of this Omaha hi-lo hand is not shown in full: "
                "a hand run more than once is checked from the cards alone"
            )
        if notes is not None and said is not None:
            notes += [f"{ordinal(number)} run ({' '.join(board)}): {n}" for n in said]
        try:
            cards = parse_cards(board)
        except PotEngineError:  # a card dealt twice on one board: named above, in ``clashes``
            cards = None
        shows.append(Run(number, tiers, board=cards, low_ranking=low_tiers if hand.hi_lo else None))
    runs = tuple(shows)
    for i, pot in enumerate(pots):
        won = award_runs(pot, runs, order=order, chip=hand.chip)
        awarded.append(won)
        name = pot_label(i, count)
        per_run = [{p: a for p, a in site[r][i].items() if a} for r in range(len(site))]
        site_pays: dict[str, Amount] = {}
        for pays in per_run:
            for p, a in pays.items():
                site_pays[p] = site_pays.get(p, 0) + a
        we_pay = {p: a for p, a in won.shares.items() if a}
        if cashed and _cashed_out(
            name, site_pays, we_pay, cashed, unpaid, problems, remarks, notes or [], notes is not None
        ):
            continue
        if not won.runs:  # one player alone can win it: not run, paid once
            [only] = pot.eligible
            if site_pays != we_pay:
                problems.append(
                    f"{name}: only {only} can win it, so it is not run: history pays "
                    f"{_payments(site_pays)}, the engine pays {_payments(we_pay)}"
                )
            elif sum(1 for pays in per_run[1:] if pays) > 1:
                written = " and ".join(fmt(sum(pays.values(), start=0)) for pays in per_run[1:] if pays)
                remarks.append(
                    f"{name}: only {only} can win it; PokerStars writes it as {written}, one part "
                    f"per run, the engine pays its {fmt(pot.awarded)} once: the same chips"
                )
            elif notes is not None:
                notes.append(f"{name} to {_payments(we_pay)}: not run, only {only} can win it")
            continue
        division = " + ".join(fmt(part.amount) for part in won.runs)
        parts = [part.amount for part in won.runs]
        if notes is not None:
            notes.append(f"{name} {fmt(won.awarded)} run {times(len(parts))}: {division}")
        if per_run[0]:
            problems.append(
                f"{name}: history pays {_payments(per_run[0])} outside the runs' showdowns, but "
                f"the pot is run {times(len(parts))}: each run's part is paid at its own showdown"
            )
        for part in won.runs:
            ours = {p: a for p, a in part.shares.items() if a}
            theirs = per_run[part.run]
            if theirs == ours:
                if notes is not None:
                    who = _names(part.winners) if len(ours) == 1 else f"split, {_payments(ours)}"
                    notes.append(f"{name}, {ordinal(part.run)} run: {fmt(part.amount)} to {who}")
                continue
            why = ""
            if sum(theirs.values(), start=0) != part.amount and len(set(parts)) > 1:
                why = (
                    f" ({fmt(won.awarded)} divided by {len(parts)} runs is {division}: "
                    "the odd chip of the division goes to the first run)"
                )
            elif len(part.winners) > 1 and set(theirs) == set(ours):
                first = next(p for p in order if p in part.winners)
                why = f" (the odd chip goes to the first winner left of the button, {first})"
            problems.append(
                f"{name}, {ordinal(part.run)} run: history pays {_payments(theirs)}, "
                f"the engine pays {_payments(ours)}{why}"
            )
    return runs, source


def _on_board(hand: HandHistory, board: tuple[str, ...]) -> HandHistory:
    """``hand`` as if dealt once on ``board`` (one run's board): a copy made without the
    dataclass's ``__init__``, every other field shared."""
    copy = object.__new__(HandHistory)
    copy.__dict__.update(hand.__dict__, board=board, runs=())
    return copy


class _NotAudited(PotEngineError):
    """A hand the auditor reads but cannot check (see :func:`audit_hand`): it is ``unsupported``."""


def _cashed_out(
    name: str,
    site_pays: Mapping[str, Amount],
    we_pay: Mapping[str, Amount],
    cashed: Mapping[str, tuple[Amount, Amount]],
    unpaid: dict[str, Amount],
    problems: list[str],
    remarks: list[str],
    notes: list[str],
    explain: bool,
) -> bool:
    """One pot of a hand in which a player cashed out: True when this pot is settled here.

    The engine awards the pot by the cards; a player who cashed out is paid the cash-out by the
    site instead of his share, which the site keeps (PokerStars' summary: "pot not awarded as
    player cashed out"). So the site pays every other winner his share and the cashed-out player
    nothing: his share goes into ``unpaid`` (not awarded) and a remark says so. A pot the history
    pays to a player who cashed out pays him twice (``problems``)."""
    twice = [p for p in site_pays if p in cashed]
    if twice:
        for p in twice:
            amount = cashed[p][0]
            problems.append(
                f"{name}: history pays {p} {fmt(site_pays[p])} from the pot, but {p} cashed out the hand "
                f"for {fmt(amount)}: a player who cashes out is paid the cash-out, and his share of "
                "the pot is not awarded"
            )
        return True
    kept = {p: a for p, a in we_pay.items() if p in cashed}
    if not kept or site_pays != {p: a for p, a in we_pay.items() if p not in kept}:
        return False  # compared as any other pot
    for p, a in kept.items():
        unpaid[p] = unpaid.get(p, 0) + a
        amount, fee = cashed[p]
        remarks.append(
            f"{name}: {p} wins {fmt(a)} but cashed out the hand for {fmt(amount)}"
            + (f" (fee {fmt(fee)})" if fee else "")
            + ": the site pays the cash-out and does not award that player the pot"
        )
    if explain:
        notes.append(f"{name} to {_payments(kept)}, not awarded: cashed out")
    return True


def _unanswered(hand: HandHistory, refunds: Mapping[str, Amount]) -> bool:
    """Whether the unmatched chips are an uncalled bet: the player's last bet, raise or blind that
    nobody answered but with a call all-in for less (so a return can be inferred)."""
    [player] = refunds
    for action in reversed(hand.actions):
        if action.kind in ("fold", "check", "ante"):
            continue
        if action.player == player:
            return action.kind in ("bet", "raise", "big blind", "blinds", "small blind", "button blind")
        if not (action.kind == "call" and action.all_in):
            return False
    return False


def _button(hand: HandHistory, seats: Sequence[str]) -> str:
    """The button, or the nearest player before it who is in the pots (same odd-chip order);
    ``seats`` are the players in the pots, in seat order."""
    for seat in reversed(hand.seats):  # from the last seat back: the first one found is the nearest
        if seat.number <= hand.button_seat and seat.player in seats:
            return seat.player
    return seats[-1]  # nobody before the button: the last seat, going round


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
        yield _audited(item, rake, file)


def _audited(hand: HandHistory, rake: Rake | None, file: str) -> HandAudit:
    """:func:`audit_hand`, with a hand it cannot audit refused in words, never a traceback."""
    try:
        return audit_hand(hand, rake=rake, file=file)
    except PotEngineError as err:  # a safety net: audit_hand reports problems in words
        failure = HandHistoryError(f"hand #{hand.hand_id}: cannot be audited: {err}")
        failure.hand_id, failure.line_number = hand.hand_id, hand.first_line
        return refused(failure, file)


def not_read_audits(lines: Iterable[str | bytes], room: Room, file: str = "") -> Iterator[HandAudit]:
    """One ``unsupported`` audit per hand of a room the auditor does not read yet, naming the room."""
    for hand in hands_of(lines, room):
        label = f"hand #{hand.hand_id}" if hand.hand_id else "a hand"
        err = UnsupportedHandError(f"{label}, line {hand.line}: a {room.label} hand: {not_read(room)}")
        err.hand_id, err.line_number = hand.hand_id, hand.line
        yield HandAudit(hand.hand_id, Verdict.UNSUPPORTED, error=err, file=file, line=hand.line)


class AuditRun:
    """Audits of one or more files in one go: the verdicts counted, duplicate hand IDs noted.

    >>> run = AuditRun()
    >>> text = open(DATA / "pokerstars/uncalled.txt").read()
    >>> [a.verdict.value for a in run.audits(io.StringIO(text + "\\n\\n" + text), "twice.txt")][3:]
    ['consistent', 'consistent', 'consistent']
    >>> run.summary()["consistent"], [d["hand_id"] for d in run.duplicates()]
    (6, ['250000000301', '250000000302', '250000000303'])
    """

    def __init__(self, *, rake: Rake | None = None) -> None:
        self.rake = rake
        self.counts = {verdict.value: 0 for verdict in Verdict}
        self.files: list[dict[str, Any]] = []
        # Duplicate detection is the one thing kept per hand: its ID and where it starts, packed
        # into two ints (about 100 bytes a hand), never the hand itself.
        self._seen: dict[int | str, int] = {}
        self._names: list[str] = []
        self._duplicates: dict[str, list[tuple[str, int]]] = {}

    def audits(self, lines: Iterable[str | bytes], file: str = "") -> Iterator[HandAudit]:
        """Audit the hands of one file, one at a time; a file that cannot be read is recorded."""
        entry: dict[str, Any] = {"file": file, "hands": 0, "error": None}
        self.files.append(entry)
        self._names.append(file)
        index = len(self._names) - 1
        try:
            for audit in audit_lines(lines, file, rake=self.rake):
                entry["hands"] += 1
                self.counts[audit.verdict.value] += 1
                if audit.hand_id is not None and audit.hand is not None:
                    hand_id = audit.hand_id
                    key: int | str = (
                        int(hand_id)
                        if len(hand_id) < 19 and hand_id.isdigit() and audit.hand.room == "PokerStars"
                        else f"{audit.hand.room} {hand_id}"  # IDs of two rooms may be equal
                    )
                    here = index << 40 | audit.line
                    packed = self._seen.setdefault(key, here)
                    if packed != here:
                        first = (self._names[packed >> 40], packed & (1 << 40) - 1)
                        self._duplicates.setdefault(audit.hand_id, [first]).append((file, audit.line))
                        where = f"{first[0]} line {first[1]}" if first[0] else f"line {first[1]}"
                        audit = replace(
                            audit,
                            notes=(
                                *audit.notes,
                                f"hand #{audit.hand_id} appears "
                                f"more than once in the input (first at {where})",
                            ),
                        )
                yield audit
        except HandHistoryError as err:  # the file itself: missing, a directory, NUL bytes
            entry["error"] = str(err)

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
        raise HandHistoryError(f"a hand history must be text, not {type(text).__name__}")
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


def write_json(out: Any, audits: Iterable[HandAudit], run: AuditRun) -> None:
    """Write the document of :func:`audit_json` to ``out`` hand by hand (memory stays flat).

    The text is what ``json.dumps(document, indent=2, ensure_ascii=False)`` would give.

    >>> out = io.StringIO()
    >>> run = AuditRun()
    >>> write_json(out, run.audits(["PokerStars Hand #9: Razz Limit (1/2)"], "o.txt"), run)
    >>> json.loads(out.getvalue())["hands"][0]["verdict"]
    'unsupported'
    """

    def dump(value: Any, indent: str) -> str:
        return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + indent)

    out.write('{\n  "hands": [')
    empty = True
    for audit in audits:
        out.write(("\n    " if empty else ",\n    ") + dump(hand_json(audit), "    "))
        empty = False
    out.write("]" if empty else "\n  ]")
    for key, value in run.tail().items():
        out.write(f",\n  {json.dumps(key)}: " + dump(value, "  "))
    out.write("\n}\n")


def _json_amount(amount: Amount) -> int | str:
    """An amount as JSON: an ``int`` stays a number, a Decimal is an exact string ("0.50")."""
    if isinstance(amount, int):
        return amount
    value = Decimal(amount)
    return f"{abs(value) if value == 0 else value:f}"


def _halves_json(pot: HiLoPot) -> dict[str, Any]:
    """A hi-lo pot's two halves as JSON: the amount and the shares of each (no low: all high)."""
    return {
        "high": {
            "amount": _json_amount(pot.high_amount),
            "shares": {p: _json_amount(a) for p, a in pot.high_shares.items() if a},
        },
        "low": {
            "amount": _json_amount(pot.low_amount),
            "shares": {p: _json_amount(a) for p, a in pot.low_shares.items() if a},
        },
    }


def hand_json(audit: HandAudit) -> dict[str, Any]:
    """One hand's audit as JSON data: ``hand_id`` (the header's digits), ``verdict``, the game,
    the pots as computed (a hi-lo pot with its ``high`` and ``low`` halves, a pot run more than
    once with its ``runs``: each run's part) and as written, the returned bets, the rake, the
    differences, the irregularities, the notes, and the error of a hand that was not read. A hand
    run more than once adds ``runs`` (each run's board); a hand with an all-in cash-out adds
    ``cash_outs`` (player, amount, fee and the part of the pots not awarded to him), payments
    outside the pot.

    >>> from potengine.histories.pokerstars import read_file
    >>> data = hand_json(audit_hand(read_file(DATA / "pokerstars/uncalled.txt")[1]))
    >>> data["verdict"], data["pots"]["computed"][0]["amount"], data["returned"]
    ('consistent', 90, {'computed': {'Chloé': 30}, 'written': {'Chloé': 30}})
    """
    hand = audit.hand
    result: dict[str, Any] = {
        "file": audit.file,
        "line": audit.line,
        "hand_id": audit.hand_id,
        "verdict": audit.verdict.value,
        "game": hand.game if hand else None,
        "tournament": hand.tournament if hand else None,
    }
    computed: list[dict[str, Any]] = []
    refunds: dict[str, Any] = {}
    if audit.awarded is not None:  # the settlement's pots and returned chips, without building it
        pots = audit.awarded.pots
        computed = [
            {
                "name": pot_label(i, len(pots)),
                "amount": _json_amount(pot.amount),
                "rake": _json_amount(pot.rake),
                "eligible": list(pot.eligible),
                "shares": {p: _json_amount(a) for p, a in pot.shares.items() if a},
                **(_halves_json(pot) if isinstance(pot, HiLoPot) else {}),
                **(_runs_json(pot) if pot.runs else {}),
            }
            for i, pot in enumerate(pots)
        ]
        refunds = {p: _json_amount(a) for p, a in audit.awarded.layout.refunds.items()}
    written: list[dict[str, Any]] = []
    returned: dict[str, Any] = {}
    if hand is not None:
        reported = hand.pots_reported
        written = [
            {"name": pot_label(i, len(reported)), "amount": _json_amount(a)} for i, a in enumerate(reported)
        ]
        for player, amount in hand.returned:
            returned[player] = _json_amount(amount + (Decimal(returned[player]) if player in returned else 0))
    result["pots"] = {"computed": computed, "written": written}
    result["returned"] = {"computed": refunds, "written": returned}
    result["rake"] = _json_amount(hand.rake) if hand else None
    result["differences"] = list(audit.differences)
    result["irregularities"] = list(audit.irregularities)
    result["notes"] = list(audit.notes)
    result["error"] = str(audit.error) if audit.error else None
    if hand is not None and hand.runs:
        result["runs"] = [" ".join(board) for board in hand.runs]
    if audit.cash_outs:
        result["cash_outs"] = [
            {
                "player": c.player,
                "amount": _json_amount(c.amount),
                "fee": _json_amount(c.fee),
                "not_awarded": _json_amount(c.not_awarded),
            }
            for c in audit.cash_outs
        ]
    return result


def _runs_json(pot: Pot) -> dict[str, Any]:
    """A pot's parts in a hand run more than once, as JSON: each run's amount and shares."""
    return {
        "runs": [
            {
                "run": part.run,
                "amount": _json_amount(part.amount),
                "shares": {p: _json_amount(a) for p, a in part.shares.items() if a},
            }
            for part in pot.runs
        ]
    }


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
UPWARD.hand_json = hand_json
