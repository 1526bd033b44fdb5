"""The pot comparison: steps 2 to 6 of the audit, on the pots the chips put in make.

:func:`~potengine.histories.audit.audit_hand` takes step 1 (the contributions, from
:mod:`~potengine.histories.contributions`), forms the engine's pots from them, and hands them here
with the record; ``_compare_pots`` walks the other five steps, each putting what the history says
next to what the chips make:

2. the returned chips (``_returns``): the engine's unmatched chips against the history's
   "Uncalled bet" lines, or inferred where the history prints none;
3. the pots and the rake (``_pots_and_rake``): the rake spread over the pots as the site takes it,
   each pot against the summary's main and side pots, and the total pot;
4. eligibility (``_eligibility``): nobody collects from a pot he cannot win;
5. the winners (``_winners``): each pot awarded by the engine, in the order of the hands
   (:mod:`~potengine.histories.winners`), the odd chip clockwise from the button, against the
   collected lines; for a room that names no pot or states no rake, the lines placed as the
   engine awards the pots and the rake's split read from the payments first (``_unstated_pots``);
   a hand run more than once (``_compare_runs``) per run; an all-in cash-out (``_cashed_out``,
   ``_cash_outs``) beside the pots;
6. conservation (``_conservation``): paid + returned + withheld = put in (+ added by the room).

The steps share one ``_Check``: the record, the contributions, and the lists each step writes its
findings into (differences, irregularities, remarks, and with ``explain`` the worded steps). The
result is the engine's pots as awarded (:class:`~potengine.histories.verdicts.Awarded`) and how
the winners were decided. This module imports the verdicts' words and the winners, never the
auditor above it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from operator import attrgetter

from ..cards.deck import parse_cards
from ..chips import Amount
from ..chips import format_amount as fmt
from ..errors import PotEngineError, joined, said
from ..pots.check import AuditStep
from ..pots.hilo import HiLoPot, award_hilo
from ..pots.layout import Pot, PotLayout, rebuilt
from ..pots.rake import Rake, spread_in_proportion
from ..pots.ranking import Tiers
from ..pots.runs import Run, award_runs
from ..pots.settlement import award
from ..pots.split import odd_chip_order
from .record import POT_NAMES, RAKE, HandHistory
from .stated import placed_as_awarded
from .verdicts import (
    Awarded,
    CashOut,
    _apart,
    _chips,
    _gap,
    _names,
    _payments,
    _step,
    pot_named,
    run_named,
    semicolons,
    times_named,
)
from .winners import _hilo_by_totals, _hilo_from_lines, _ranking, _short_deck_game, duplicate_cards

_AMOUNT = attrgetter("amount")


def _to(amount: Amount, player: str) -> str:
    """ "20 to Ann", said."""
    return said("{amount} to {player}", amount=fmt(amount), player=player)


def _from(amount: Amount, index: int, count: int) -> str:
    """ "2 from the main pot", said."""
    return said("{amount} from the {pot}", amount=fmt(amount), pot=pot_named(index, count))


def _all_and(parts: Sequence[str]) -> str:
    """ "A and B and C": parts joined with the language's "and" between each two."""
    if len(parts) == 1:
        return parts[0]
    text = parts[0]
    for part in parts[1:]:
        text = said("{first} and {then}", first=text, then=part)
    return text


class _Check:
    """What the steps of one hand share: the record and the pots the chips make, and the lists
    every step writes its findings into (see :func:`_compare_pots`). No field is rebound once
    set; the lists are appended to.

    A class with slots, not a NamedTuple: the steps read these fields some twenty times a hand,
    and a slot is read in under a third of the instructions a tuple's named field takes
    (benchmarks/count_instructions.py: some 3,000 instructions a hand in all).
    """

    __slots__ = (
        "hand",
        "layout",
        "contributions",
        "folded",
        "explain",
        "differences",
        "irregular",
        "remarks",
        "steps",
        "cuts",
    )

    def __init__(
        self,
        hand: HandHistory,
        layout: PotLayout,
        contributions: dict[str, Amount],
        folded: frozenset[str],
        explain: bool,
        differences: list[str],
        irregular: list[str],
        remarks: list[str],
        steps: list[AuditStep],
        cuts: tuple[Amount, ...] | None = None,
    ) -> None:
        self.hand = hand
        self.layout = layout
        self.contributions = contributions
        self.folded = folded
        self.explain = explain
        self.differences = differences  # chips out of place: the verdict is wrong
        self.irregular = irregular  # actions that depart from the engine's rules, every chip agreeing
        self.remarks = remarks  # what the reader should know either way (the audit's notes)
        self.steps = steps  # the steps in words, written with explain only
        self.cuts = cuts  # what is withheld from each pot, when the room does not state it (_respread)

    def found(self, number: int, notes: Sequence[str], problems: Sequence[str]) -> None:
        """Step ``number`` is done: its problems are differences, and with ``explain`` the step is
        worded (its problems, or its notes when it has none). (A step that found no problem in a
        hand audited without ``explain`` has nothing to do here: it does not call.)"""
        if self.explain:
            self.steps.append(_step(number, notes, problems))
        self.differences.extend(problems)


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
    *,
    cuts: tuple[Amount, ...] | None = None,
) -> tuple[Awarded, str]:
    """Steps 2 to 6 of :func:`~potengine.histories.audit.audit_hand`, on the pots the chips put in
    make: what each step finds goes into ``differences``, ``irregular`` and ``remarks`` (and, with
    ``explain``, into ``steps``); the result is the engine's pots as awarded and how the winners
    were decided. ``cuts`` is what is withheld from each pot, when the room does not state it (see
    :func:`_respread`); else the rake is spread in proportion to the pots."""
    check = _Check(hand, layout, contributions, folded, explain, differences, irregular, remarks, steps, cuts)
    amounts = list(map(_AMOUNT, layout.pots))
    total_in_pots = sum(amounts, start=0)
    # step 2 (nothing returned, nothing unmatched: nothing to compare, unless explained)
    told = _returns(check, total_in_pots) if hand.returned or layout.refunds or explain else {}
    pots, count = _pots_and_rake(check, amounts, total_in_pots, rake)  # step 3
    _eligibility(check, pots, count)  # step 4
    awarded, source, tiers, low_tiers, shows, button, unpaid = _winners(check, pots, count)  # step 5
    _conservation(check, told, unpaid)  # step 6

    hi_lo = hand.hi_lo
    game = ("omaha-hi-lo" if hi_lo else "omaha") if hand.omaha else "holdem"
    if hand.short_deck:
        game = _short_deck_game(remarks, hand.game)
    low_ranking = low_tiers if hi_lo else None
    if shows:
        return Awarded(layout, tuple(awarded), None, button, hand.chip, None, game, shows), source
    return Awarded(layout, tuple(awarded), tiers, button, hand.chip, low_ranking, game), source


def _returns(check: _Check, total_in_pots: Amount) -> dict[str, Amount]:
    """Step 2, the uncalled part: the chips the engine returns against the history's "Uncalled
    bet" lines (inferred when the history prints none but its total pot leaves them out). The
    result is what the history returns, by player."""
    hand, layout, explain = check.hand, check.layout, check.explain
    problems: list[str] = []
    notes: list[str] = []
    told: dict[str, Amount] = {}
    for player, amount in hand.returned:
        told[player] = told[player] + amount if player in told else amount
    if not told and layout.refunds and hand.total_pot == total_in_pots and _unanswered(hand, layout.refunds):
        told = dict(layout.refunds)
        inferred = joined([_to(a, p) for p, a in told.items()])
        check.remarks.append(
            said(
                "the history prints no 'Uncalled bet' line (as PokerStars did until about 2008), but its "
                "total pot leaves the unmatched chips out: returned {returns} (inferred)",
                returns=inferred,
            )
        )
    if explain or told != layout.refunds:  # when the two agree, only explain has words to write
        for player in dict.fromkeys([*layout.refunds, *told]):
            ours, theirs = layout.refunds.get(player, 0), told.get(player, 0)
            if ours == theirs:
                if explain:
                    notes.append(
                        said(
                            "{amount} of {player}'s chips were matched by nobody and go back to {player}",
                            amount=fmt(ours),
                            player=player,
                        )
                    )
            elif not theirs:
                problems.append(
                    said(
                        "uncalled bet: {player} put in {chips} that nobody matched, "
                        "but the history returns nothing to {player}",
                        player=player,
                        chips=_chips(ours),
                    )
                )
            elif not ours:
                problems.append(
                    said(
                        "uncalled bet: history returns {amount} to {player}, "
                        "but every chip {player} put in was matched: {gap}",
                        amount=fmt(theirs),
                        player=player,
                        gap=_gap(theirs, 0),
                    )
                )
            else:
                problems.append(
                    said(
                        "uncalled bet: history returns {amount} to {player}, the chips put in leave "
                        "{unmatched} unmatched: {gap}",
                        amount=fmt(theirs),
                        player=player,
                        unmatched=fmt(ours),
                        gap=_gap(theirs, ours),
                    )
                )
    if problems or explain:
        check.found(2, notes or [said("every bet was matched: nothing goes back")], problems)
    return told


def _withheld(
    check: _Check,
    amounts: list[Amount],
    reported: tuple[Amount, ...],
    total_in_pots: Amount,
    rake: Rake | None,
    problems: list[str],
) -> tuple[Amount, ...]:
    """Step 3's rake: what the site withholds from each pot (its own split, when the summary's pots
    show one, else in proportion to the pots), and the rake against the ``rake`` policy, if given.
    What is amiss goes into ``problems``."""
    hand = check.hand
    withheld: tuple[Amount, ...] = (0,) * len(amounts)
    if not hand.rake:
        pass  # nothing withheld
    elif hand.rake > total_in_pots or hand.rake % hand.chip:
        problems.append(
            said(
                "rake: history withholds {rake}, but the pots hold {total}",
                rake=fmt(hand.rake),
                total=fmt(total_in_pots),
            )
            if hand.rake > total_in_pots
            else said("rake: {rake} is not a whole number of chips", rake=fmt(hand.rake))
        )
    else:
        proportional = spread_in_proportion(amounts, hand.rake, chip=hand.chip)
        withheld = proportional if check.cuts is None else check.cuts
        if hand.main_pot is not None and len(reported) == len(amounts) > 1:
            site = tuple(a - r for a, r in zip(amounts, reported, strict=True))
            fits = all(0 <= part <= a for part, a in zip(site, amounts, strict=True))
            if fits and sum(site, start=0) == hand.rake:
                withheld = site
                if site != proportional:
                    spread = joined([_from(w, i, len(site)) for i, w in enumerate(site)])
                    even = ", ".join(fmt(w) for w in proportional)
                    check.remarks.append(
                        said(
                            "rake: the site takes {spread}; in proportion to the pots it would be {even} "
                            "(PokerStars rakes each pot as it builds it: the split is the site's)",
                            spread=spread,
                            even=even,
                        )
                    )
    if rake is not None:
        expected = (
            0 if hand.tournament else rake.amount_for(total_in_pots, flop_seen=hand.flop_seen, chip=hand.chip)
        )  # tournaments are never raked
        if expected != hand.rake:
            problems.append(
                said(
                    "rake: history withholds {rake}, the rake policy makes {expected} "
                    "on a pot of {total}: {gap}",
                    rake=fmt(hand.rake),
                    expected=fmt(expected),
                    total=fmt(total_in_pots),
                    gap=_gap(hand.rake, expected),
                )
            )
    return withheld


def _pots_and_rake(
    check: _Check, amounts: list[Amount], total_in_pots: Amount, rake: Rake | None
) -> tuple[tuple[Pot, ...], int]:
    """Step 3, the tiers at the all-in levels: the engine's pots, less the rake withheld from each
    (:func:`_withheld`), against the summary's main and side pots, and the total pot. The result
    is the pots with their rake and the number of pots to name them by (the engine's or the
    history's, whichever is more)."""
    hand, layout, explain = check.hand, check.layout, check.explain
    problems: list[str] = []
    notes: list[str] = []
    reported = hand.pots_reported
    withheld = (
        _withheld(check, amounts, reported, total_in_pots, rake, problems)
        if hand.rake or rake is not None
        else (0,) * len(amounts)  # nothing withheld, no policy to check
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
        our_pots = joined(
            [
                said(
                    "{pot} {amount} ({eligible})",
                    pot=pot_named(i, len(pots)),
                    amount=fmt(p.awarded),
                    eligible=", ".join(p.eligible),
                )
                for i, p in enumerate(pots)
            ]
        )
        values = {"count": len(reported), "made": len(pots), "pots": our_pots}
        problems.append(
            said("history lists {count} pot, the chips put in make {made}: {pots}", **values)
            if len(reported) == 1
            else said("history lists {count} pots, the chips put in make {made}: {pots}", **values)
        )
    for i, (pot, theirs) in enumerate(zip(pots, reported, strict=False)):  # counts may differ: told above
        if theirs != pot.awarded:
            name = pot_named(i, count)
            gap = _gap(theirs, pot.awarded)
            if pot.rake:
                problems.append(
                    said(
                        "{pot}: history says {amount}, the chips put in make {made}, "
                        "less {rake} rake, {left}: {gap}",
                        pot=name,
                        amount=fmt(theirs),
                        made=fmt(pot.amount),
                        rake=fmt(pot.rake),
                        left=fmt(pot.awarded),
                        gap=gap,
                    )
                )
            else:
                problems.append(
                    said(
                        "{pot}: history says {amount}, the chips put in make {made}: {gap}",
                        pot=name,
                        amount=fmt(theirs),
                        made=fmt(pot.amount),
                        gap=gap,
                    )
                )
        elif explain:
            name = pot_named(i, count)
            if pot.rake:
                notes.append(
                    said(
                        "{pot} {formula}, less {rake} rake", pot=name, formula=pot.formula, rake=fmt(pot.rake)
                    )
                )
            else:
                notes.append(said("{pot} {formula}", pot=name, formula=pot.formula))
    if hand.main_pot is not None:
        listed = hand.main_pot + sum(hand.side_pots, start=0) + hand.rake
        if listed != hand.total_pot:
            problems.append(
                said(
                    "summary: main pot and side pots plus rake make {listed}, "
                    "but the total pot says {total}: {gap}",
                    listed=fmt(listed),
                    total=fmt(hand.total_pot),
                    gap=_gap(listed, hand.total_pot),
                )
            )
    if hand.total_pot != total_in_pots:
        returned = sum(layout.refunds.values(), start=0)
        problems.append(
            said(
                "total pot: history says {total}, the chips put in ({put_in}) less the {returned} returned "
                "make {made}: {gap}",
                total=fmt(hand.total_pot),
                put_in=fmt(layout.total),
                returned=fmt(returned),
                made=fmt(total_in_pots),
                gap=_gap(hand.total_pot, total_in_pots),
            )
        )
    if problems or explain:
        check.found(3, notes, problems)
    return pots, count


def _eligibility(check: _Check, pots: Sequence[Pot], count: int) -> None:
    """Step 4, the eligible players per pot: nobody collects from a pot he cannot win."""
    hand, contributions, folded, explain = check.hand, check.contributions, check.folded, check.explain
    problems: list[str] = []
    notes: list[str] = []
    for c in hand.collections:
        if c.pot >= len(pots):
            problems.append(
                said(
                    "{pot}: history pays {player} {amount} from a pot the chips put in do not make "
                    "(they make {count})",
                    pot=c.label,
                    player=c.player,
                    amount=fmt(c.amount),
                    count=len(pots),
                )
            )
            continue
        pot = pots[c.pot]
        if c.player in pot.eligible:
            continue
        name = pot_named(c.pot, count) if c.label != "pot" else said("pot")
        if c.player in folded:
            why = said("{player} folded", player=c.player)
        elif c.player not in contributions:
            why = said("{player} put no chips in", player=c.player)
        else:
            why = said(
                "{player} put in only {amount} and this pot holds the chips between {low} and {high}",
                player=c.player,
                amount=fmt(contributions[c.player]),
                low=fmt(pot.low),
                high=fmt(pot.high),
            )
        problems.append(
            said(
                "{pot}: history pays {player} {amount}, but {why} (eligible: {eligible})",
                pot=name,
                player=c.player,
                amount=fmt(c.amount),
                why=why,
                eligible=", ".join(pot.eligible),
            )
        )
    if explain:
        notes = [
            said("{pot}: {eligible}", pot=pot_named(i, len(pots)), eligible=", ".join(pot.eligible))
            for i, pot in enumerate(pots)
        ]
    if problems or explain:
        check.found(4, notes, problems)


_Won = tuple[list[Pot], str, Tiers, Tiers | None, tuple[Run, ...], str, dict[str, Amount]]
"""What step 5 leaves for the rest: the pots as awarded, how the winners were decided, the
ranking and the low ranking (those of a hand dealt once), the runs' showdowns (of a hand run more
than once), the button the odd chips go from, and what is not awarded after a cash-out."""


def _winners(check: _Check, pots: tuple[Pot, ...], count: int) -> _Won:
    """Step 5, the hands compared per pot: each pot awarded by the engine in the order of the
    hands (:mod:`~potengine.histories.winners`), against what the collected lines pay from it; a
    hand run more than once, run by run (:func:`_compare_runs`)."""
    hand, layout, explain = check.hand, check.layout, check.explain
    problems: list[str] = []
    notes: list[str] = []
    # One entry per pot the chips make; pots the history names beyond those (a "side pot-N" of
    # any N the file writes) are kept apart in a dict, never in a structure sized by N.
    paid: list[dict[str, Amount]] = [{} for _ in pots]
    beyond: dict[int, dict[str, Amount]] = {}
    for c in hand.collections:
        pays = paid[c.pot] if c.pot < len(pots) else beyond.setdefault(c.pot, {})
        pays[c.player] = pays[c.player] + c.amount if c.player in pays else c.amount
    folded = check.folded  # (read once: the comprehension would read it for every player)
    live = [p for p in check.contributions if p not in folded]
    button = _button(hand, layout.seats)
    order = odd_chip_order(layout.seats, button)
    cashed = {player: (amount, fee) for player, amount, fee in hand.cash_outs} if hand.cash_outs else {}
    unpaid: dict[str, Amount] = {}
    awarded: list[Pot] = []
    shows: tuple[Run, ...] = ()
    if hand.runs:  # run more than once: each run's showdown, each pot's part per run
        shows, source = _compare_runs(
            hand,
            pots,
            live,
            order,
            cashed,
            unpaid,
            awarded,
            problems,
            notes if explain else None,
            check.remarks,
        )
        tiers: Tiers = ()
        low_tiers: Tiers | None = None
        pots = ()  # every pot is compared already
    else:
        clashes = duplicate_cards(hand)
        problems += clashes
        tiers, source, _, low_tiers = _ranking(
            hand,
            live,
            pots,
            [*paid, *[beyond[i] for i in sorted(beyond)]] if beyond else paid,
            notes if explain else None,
            cards_ok=not clashes,
            remarks=check.remarks,
        )
    hi_lo = hand.hi_lo
    if hand.not_stated and len(pots) > 1:  # the room names no pot, or states no rake
        pots, paid = _unstated_pots(check, pots, paid, tiers, low_tiers, order, count)
    for i, pot in enumerate(pots):  # one loop: a second over the pots costs more than it saves
        won: Pot
        if hi_lo:
            won = _hilo_award(check, i, count, pot, tiers, low_tiers, order, paid[i], notes)
        else:
            won = award(pot, tiers, order=order, chip=hand.chip)
        awarded.append(won)
        if paid[i] == won.shares and not (cashed or explain):
            continue  # the lines pay what the engine awards: nothing to say (the common case)
        _pot_compared(check, pot_named(i, count), pot, won, paid[i], order, cashed, unpaid, problems, notes)
    for i in sorted(beyond):
        if beyond[i]:
            problems.append(
                said(
                    "side pot-{number}: history pays {payments} from a pot that does not exist",
                    number=i,
                    payments=_payments(beyond[i]),
                )
            )
    if problems or explain:
        check.found(5, notes, problems)
    return awarded, source, tiers, low_tiers, shows, button, unpaid


def _unstated_pots(
    check: _Check,
    pots: tuple[Pot, ...],
    paid: list[dict[str, Amount]],
    tiers: Tiers,
    low_tiers: Tiers | None,
    order: Sequence[str],
    count: int,
) -> tuple[tuple[Pot, ...], list[dict[str, Amount]]]:
    """Step 5's pre-pass for two or more pots of a room that leaves something unstated: the pots
    and what the collected lines pay from each. A room that names no pot has its collections
    placed the way the engine awards the pots (:func:`~potengine.histories.stated.placed_as_awarded`;
    a hi-lo hand whose cards do not tell the lows by the players' totals,
    :func:`~potengine.histories.winners._hilo_by_totals`); a room that states no rake states no
    split of it either: the split its payments show (each pot less what it paid from it) stands
    if it fits, said in a remark."""
    hand, chip = check.hand, check.hand.chip
    hi_lo = hand.hi_lo
    as_listed = paid
    if POT_NAMES in hand.not_stated:
        hilo_split = (
            _hilo_by_totals(pots, tiers, paid, order, chip, no_low="No low hand qualified" in hand.lines)
            if hi_lo and low_tiers is None
            else None
        )
        paid = placed_as_awarded(
            paid,
            hilo_split
            or [
                (
                    award_hilo(pot, tiers, low_tiers, order=order, chip=chip)
                    if hi_lo and low_tiers is not None
                    else award(pot, tiers, order=order, chip=chip)
                ).shares
                for pot in pots
            ],
        )
    if RAKE in hand.not_stated and hand.rake and not hi_lo:
        zero = 0 * chip
        cuts = [pot.amount - sum(pays.values(), start=zero) for pot, pays in zip(pots, paid, strict=True)]
        fits = all(0 <= cut <= pot.amount for cut, pot in zip(cuts, pots, strict=True))
        if fits and cuts != [pot.rake for pot in pots] and sum(cuts, start=zero) == hand.rake:
            even = ", ".join(fmt(pot.rake) for pot in pots)
            pots = tuple(rebuilt(pot, rake=cut) for pot, cut in zip(pots, cuts, strict=True))
            if paid is not as_listed:
                paid = placed_as_awarded(
                    as_listed, [award(pot, tiers, order=order, chip=chip).shares for pot in pots]
                )
            spread = joined([_from(cut, i, count) for i, cut in enumerate(cuts)])
            check.remarks.append(
                said(
                    "rake: the room states none; its payments take {spread}; in proportion to the pots "
                    "it would be {even} (how the room splits its rake is not stated: not checked)",
                    spread=spread,
                    even=even,
                )
            )
    return pots, paid


def _hilo_award(
    check: _Check,
    i: int,
    count: int,
    pot: Pot,
    tiers: Tiers,
    low_tiers: Tiers | None,
    order: Sequence[str],
    paid: Mapping[str, Amount],
    notes: list[str],
) -> Pot:
    """Pot ``i`` of a hi-lo hand dealt once as the engine awards it: split between the best high
    (``tiers``) and the best qualifying low (``low_tiers``), or, when the cards do not tell the
    lows (``None``), as the collected lines (``paid``) pay the halves
    (:func:`~potengine.histories.winners._hilo_from_lines`)."""
    hand = check.hand
    if low_tiers is not None:
        halves = award_hilo(pot, tiers, low_tiers, order=order, chip=hand.chip)
        if check.explain and halves.low_winners:
            values = {
                "pot": pot_named(i, count),
                "high_amount": fmt(halves.high_amount),
                "high": ", ".join(halves.high_winners),
                "low_amount": fmt(halves.low_amount),
                "low": _names(halves.low_winners),
            }
            if halves.quartered:
                text = said(
                    "{pot}: high half {high_amount} to {high}, low half {low_amount} quartered between {low}",
                    **values,
                )
            elif len(halves.low_winners) > 1:
                text = said(
                    "{pot}: high half {high_amount} to {high}, low half {low_amount} split between {low}",
                    **values,
                )
            else:
                text = said(
                    "{pot}: high half {high_amount} to {high}, low half {low_amount} to {low}", **values
                )
            notes.append(text)
        return halves
    no_low = "No low hand qualified" in hand.lines
    site_pays = paid if all(paid.values()) else {p: a for p, a in paid.items() if a}
    return _hilo_from_lines(
        pot, tiers, site_pays, order, hand.chip, notes, pot_named(i, count), no_low=no_low
    )


def _pot_compared(
    check: _Check,
    name: str,
    pot: Pot,
    won: Pot,
    site_pays: dict[str, Amount],
    order: Sequence[str],
    cashed: Mapping[str, tuple[Amount, Amount]],
    unpaid: dict[str, Amount],
    problems: list[str],
    notes: list[str],
) -> None:
    """One pot of step 5: what the collected lines pay from it (``site_pays``) against the
    engine's award (``won``). A split that differs by no more than the rake is irregular (the
    site's practice in some eras), any other difference is a problem."""
    hand, explain = check.hand, check.explain
    if not all(site_pays.values()):  # a line collecting nothing: left out
        site_pays = {p: a for p, a in site_pays.items() if a}
    shares = won.shares
    we_pay = dict(shares) if all(shares.values()) else {p: a for p, a in shares.items() if a}
    if cashed and _cashed_out(
        name, site_pays, we_pay, cashed, unpaid, problems, check.remarks, notes, explain
    ):
        return
    if site_pays == we_pay:
        if explain:
            payments = _payments(we_pay)
            if len(won.winners) < 2:
                notes.append(said("{pot} to {payments}", pot=name, payments=payments))
            elif isinstance(won, HiLoPot) and won.low_winners:
                notes.append(said("{pot} to {payments} (high and low halves)", pot=name, payments=payments))
            else:
                notes.append(
                    said(
                        "{pot} to {payments} (split, odd chips from the button)", pot=name, payments=payments
                    )
                )
        return
    same = (
        set(site_pays) == set(we_pay) and len(we_pay) > 1 and sum(site_pays.values()) == sum(we_pay.values())
    )
    gap = max((_apart(site_pays[p], we_pay[p]) for p in we_pay), default=0) if same else 0
    if same and hand.chip < gap <= max(hand.rake, pot.rake):
        check.irregular.append(
            said(
                "{pot}: history pays {paid}, an even split is {even}: the winners' shares differ by {gap}, "
                "more than an odd chip but no more than the rake ({rake}): {room} appears in some eras to "
                "charge the rake per winner",
                pot=name,
                paid=_payments(site_pays),
                even=_payments(we_pay),
                gap=fmt(gap),
                rake=fmt(hand.rake),
                room=hand.room,
            )
        )
        return
    odd: str = ""
    if same:
        first = next(p for p in order if p in won.winners)
        odd = said(" (the odd chip goes to the first winner left of the button, {player})", player=first)
    problems.append(
        said(
            "{pot}: history pays {paid}, the engine pays {ours}{why}",
            pot=name,
            paid=_payments(site_pays),
            ours=_payments(we_pay),
            why=odd,
        )
    )


def _conservation(check: _Check, told: Mapping[str, Amount], unpaid: Mapping[str, Amount]) -> None:
    """Step 6, paid + returned + withheld = put in (+ what the room added), for the history; and
    the summary's "won" amounts against the collected lines."""
    hand, explain = check.hand, check.explain
    problems: list[str] = []
    notes: list[str] = []
    collected: dict[str, Amount] = {}
    for c in hand.collections:
        collected[c.player] = collected[c.player] + c.amount if c.player in collected else c.amount
    paid_out = sum(collected.values(), start=0)
    given_back = sum(told.values(), start=0)
    kept_back = sum(unpaid.values(), start=0)
    accounted = paid_out + given_back + hand.rake + kept_back
    put_in = sum(check.contributions.values(), start=0)
    added = hand.added_total if hand.added else 0
    if accounted != (put_in + added if added else put_in):
        problems.append(
            said(
                "history pays {paid}, returns {returned} and withholds {rake}{kept}, {accounted} in all, "
                "but the players put in {put_in}{added}: {gap}",
                paid=fmt(paid_out),
                returned=fmt(given_back),
                rake=fmt(hand.rake),
                kept=said(" and {amount} not awarded after a cash-out", amount=fmt(kept_back))
                if kept_back
                else "",
                accounted=fmt(accounted),
                put_in=fmt(put_in),
                added=said(" and the room added {amount}", amount=fmt(added)) if added else "",
                gap=_gap(accounted, put_in + added),
            )
        )
    elif explain:
        notes.append(
            said(
                "paid {paid} + returned {returned} + withheld {rake} {kept}= put in {put_in}{added}",
                paid=fmt(paid_out),
                returned=fmt(given_back),
                rake=fmt(hand.rake),
                kept=said("+ not awarded after a cash-out {amount} ", amount=fmt(kept_back))
                if kept_back
                else "",
                put_in=fmt(put_in),
                added=said(" + added by the room {amount}", amount=fmt(added)) if added else "",
            )
        )
    if hand.summary_won and (unpaid or collected != hand.summary_won):  # (equal: nothing to say)
        for player in dict.fromkeys([*collected, *hand.summary_won]):
            lines_say = collected.get(player, 0) + unpaid.get(player, 0)
            summary_says = hand.summary_won.get(player, 0)
            if lines_say != summary_says:
                problems.append(
                    said(
                        "{player}: the summary says {player} won {summary}, "
                        "the collected lines say {lines}: {gap}",
                        player=player,
                        summary=fmt(summary_says),
                        lines=fmt(lines_say),
                        gap=_gap(summary_says, lines_say),
                    )
                )
    if problems or explain:
        check.found(6, notes, problems)


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
    runs, source, site = _showdowns(hand, pots, live, problems, notes, remarks)
    for i, pot in enumerate(pots):
        won = award_runs(pot, runs, order=order, chip=hand.chip)
        awarded.append(won)
        name = pot_named(i, count)
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
            _not_run(name, pot, site_pays, we_pay, per_run, problems, notes, remarks)
        else:
            _parts_compared(name, won, per_run, order, problems, notes)
    return runs, source


def _showdowns(
    hand: HandHistory,
    pots: Sequence[Pot],
    live: Sequence[str],
    problems: list[str],
    notes: list[str] | None,
    remarks: list[str],
) -> tuple[tuple[Run, ...], str, list[list[dict[str, Amount]]]]:
    """The showdown of each run of a hand run more than once, ranked on that run's board; how
    their winners were decided; and what the collected lines pay from each pot on each run's
    showdown (the first entry: paid outside any showdown)."""
    count = len(pots)
    boards = hand.runs
    on_board = [_on_board(hand, board) for board in boards]  # the hand as if dealt once on each
    clashes = [
        said("the {run}'s {problem}", run=run_named(number), problem=problem)
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
        told: list[str] | None = [] if notes is not None else None
        tiers, how, _, low_tiers = _ranking(
            on_board[number - 1], live, pots, site[number], told, cards_ok=not clashes, remarks=remarks
        )
        if how != "cards":
            source = "collected lines"
        if hand.hi_lo and low_tiers is None:
            raise _NotAudited(
                said(
                    "the {run} of this Omaha hi-lo hand is not shown in full: "
                    "a hand run more than once is checked from the cards alone",
                    run=run_named(number),
                )
            )
        if notes is not None and told is not None:
            notes += [
                said("{run} ({board}): {note}", run=run_named(number), board=" ".join(board), note=n)
                for n in told
            ]
        try:
            cards = parse_cards(board)
        except PotEngineError:  # a card dealt twice on one board: named above, in ``clashes``
            cards = None
        shows.append(Run(number, tiers, board=cards, low_ranking=low_tiers if hand.hi_lo else None))
    return tuple(shows), source, site


def _not_run(
    name: str,
    pot: Pot,
    site_pays: Mapping[str, Amount],
    we_pay: Mapping[str, Amount],
    per_run: Sequence[Mapping[str, Amount]],
    problems: list[str],
    notes: list[str] | None,
    remarks: list[str],
) -> None:
    """A pot of a hand run more than once that one player alone can win: not run, paid once
    (PokerStars' habit of writing it one part per run is remarked as the same chips)."""
    [only] = pot.eligible
    if site_pays != we_pay:
        problems.append(
            said(
                "{pot}: only {player} can win it, so it is not run: "
                "history pays {paid}, the engine pays {ours}",
                pot=name,
                player=only,
                paid=_payments(site_pays),
                ours=_payments(we_pay),
            )
        )
    elif sum(1 for pays in per_run[1:] if pays) > 1:
        parts = [fmt(sum(pays.values(), start=0)) for pays in per_run[1:] if pays]
        remarks.append(
            said(
                "{pot}: only {player} can win it; PokerStars writes it as {parts}, one part per run, "
                "the engine pays its {amount} once: the same chips",
                pot=name,
                player=only,
                parts=_all_and(parts),
                amount=fmt(pot.awarded),
            )
        )
    elif notes is not None:
        notes.append(
            said(
                "{pot} to {payments}: not run, only {player} can win it",
                pot=name,
                payments=_payments(we_pay),
                player=only,
            )
        )


def _parts_compared(
    name: str,
    won: Pot,
    per_run: Sequence[Mapping[str, Amount]],
    order: Sequence[str],
    problems: list[str],
    notes: list[str] | None,
) -> None:
    """A pot run more than once: each run's part, as the engine divides and awards it, against
    what the collected lines pay on that run's showdown (``per_run``; the first entry: paid
    outside any showdown)."""
    division = " + ".join(fmt(part.amount) for part in won.runs)
    parts = [part.amount for part in won.runs]
    if notes is not None:
        notes.append(
            said(
                "{pot} {amount} run {times}: {division}",
                pot=name,
                amount=fmt(won.awarded),
                times=times_named(len(parts)),
                division=division,
            )
        )
    if per_run[0]:
        problems.append(
            said(
                "{pot}: history pays {paid} outside the runs' showdowns, but the pot is run {times}: "
                "each run's part is paid at its own showdown",
                pot=name,
                paid=_payments(per_run[0]),
                times=times_named(len(parts)),
            )
        )
    for part in won.runs:
        ours = {p: a for p, a in part.shares.items() if a}
        theirs = per_run[part.run]
        if theirs == ours:
            if notes is not None:
                who = (
                    _names(part.winners)
                    if len(ours) == 1
                    else said("split, {payments}", payments=_payments(ours))
                )
                notes.append(
                    said(
                        "{pot}, {run}: {amount} to {who}",
                        pot=name,
                        run=run_named(part.run),
                        amount=fmt(part.amount),
                        who=who,
                    )
                )
            continue
        why: str = ""
        if sum(theirs.values(), start=0) != part.amount and len(set(parts)) > 1:
            why = said(
                " ({amount} divided by {count} runs is {division}: "
                "the odd chip of the division goes to the first run)",
                amount=fmt(won.awarded),
                count=len(parts),
                division=division,
            )
        elif len(part.winners) > 1 and set(theirs) == set(ours):
            first = next(p for p in order if p in part.winners)
            why = said(" (the odd chip goes to the first winner left of the button, {player})", player=first)
        problems.append(
            said(
                "{pot}, {run}: history pays {paid}, the engine pays {ours}{why}",
                pot=name,
                run=run_named(part.run),
                paid=_payments(theirs),
                ours=_payments(ours),
                why=why,
            )
        )


def _on_board(hand: HandHistory, board: tuple[str, ...]) -> HandHistory:
    """``hand`` as if dealt once on ``board`` (one run's board): a copy made without the
    dataclass's ``__init__``, every other field shared."""
    copy = object.__new__(HandHistory)
    copy.__dict__.update(hand.__dict__, board=board, runs=())
    return copy


class _NotAudited(PotEngineError):
    """A hand the auditor reads but cannot check (see :func:`~potengine.histories.audit.audit_hand`):
    it is ``unsupported``."""


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
                said(
                    "{pot}: history pays {player} {paid} from the pot, but {player} cashed out the hand for "
                    "{amount}: a player who cashes out is paid the cash-out, and his share of the pot is not "
                    "awarded",
                    pot=name,
                    player=p,
                    paid=fmt(site_pays[p]),
                    amount=fmt(amount),
                )
            )
        return True
    kept = {p: a for p, a in we_pay.items() if p in cashed}
    if not kept or site_pays != {p: a for p, a in we_pay.items() if p not in kept}:
        return False  # compared as any other pot
    for p, a in kept.items():
        unpaid[p] = unpaid.get(p, 0) + a
        amount, fee = cashed[p]
        remarks.append(
            said(
                "{pot}: {player} wins {won} but cashed out the hand for {amount}{fee}: the site pays the "
                "cash-out and does not award that player the pot",
                pot=name,
                player=p,
                won=fmt(a),
                amount=fmt(amount),
                fee=said(" (fee {fee})", fee=fmt(fee)) if fee else "",
            )
        )
    if explain:
        notes.append(said("{pot} to {payments}, not awarded: cashed out", pot=name, payments=_payments(kept)))
    return True


def _cash_outs(hand: HandHistory, awarded: Awarded | None) -> tuple[CashOut, ...]:
    """The hand's all-in cash-outs, each with what the engine awards that player from the pots
    and the collected lines do not pay him (the part the site keeps)."""
    done = []
    for player, amount, fee in hand.cash_outs:
        won = sum((pot.shares.get(player, 0) for pot in awarded.pots), start=0) if awarded else 0
        paid = sum((c.amount for c in hand.collections if c.player == player), start=0)
        done.append(CashOut(player, amount, fee, won - paid if won > paid else won * 0))
    return tuple(done)


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


def _respread(
    hand: HandHistory,
    layout: PotLayout,
    contributions: dict[str, Amount],
    folded: frozenset[str],
    rake: Rake | None,
    explain: bool,
    marks: tuple[int, int, int, int],
    differences: list[str],
    irregular: list[str],
    remarks: list[str],
    steps: list[AuditStep],
) -> tuple[Awarded, str] | None:
    """A hand with several pots whose room states neither their sizes nor how it spreads what it
    withholds between them (GGPoker), found wrong with the rake in proportion to the pots: audited
    again with each other spread of the parts withheld (each part in proportion, or all of it
    from one pot). The first spread under which every pot is paid as the engine pays it is taken,
    and said in ``remarks``; the lists are then those of that audit (``marks``: their lengths
    before steps 2 to 6). None when no spread fits, or the search would be long (over three parts
    or four pots): the first audit stands."""
    amounts = [pot.amount for pot in layout.pots]
    parts = hand.withheld or (("rake", hand.rake),)
    if len(parts) > 3 or len(amounts) > 4:
        return None
    zero = hand.chip * 0
    options = []
    for name, part in parts:
        ways: list[tuple[str, tuple[Amount, ...]]] = [
            (said("in proportion"), spread_in_proportion(amounts, part, chip=hand.chip))
        ]
        for i, amount in enumerate(amounts):
            if part <= amount:
                ways.append(
                    (
                        said("from the {pot}", pot=pot_named(i, len(amounts))),
                        tuple(part if j == i else zero for j in range(len(amounts))),
                    )
                )
        options.append([(name, way, cut) for way, cut in ways])
    seen = {spread_in_proportion(amounts, hand.rake, chip=hand.chip)}  # the spread the first audit used
    for combination in product(*options):
        cut = tuple(sum((c[2][i] for c in combination), start=zero) for i in range(len(amounts)))
        if cut in seen or any(c > a for c, a in zip(cut, amounts, strict=True)):
            continue
        seen.add(cut)
        found = differences[: marks[0]], irregular[: marks[1]], remarks[: marks[2]], steps[: marks[3]]
        again = _compare_pots(hand, layout, contributions, folded, rake, explain, *found, cuts=cut)
        if len(found[0]) > marks[0]:
            continue
        taken = joined([_from(c, i, len(cut)) for i, c in enumerate(cut)])
        how = semicolons([said("the {part} {way}", part=name, way=way) for name, way, _ in combination])
        even = ", ".join(fmt(c) for c in spread_in_proportion(amounts, hand.rake, chip=hand.chip))
        found[2].append(
            said(
                "rake: the room states neither its pots' sizes nor how it spreads the {rake} it withholds "
                "between them; its collections fit {taken} ({how}); "
                "in proportion to the pots it would be {even}",
                rake=fmt(hand.rake),
                taken=taken,
                how=how,
                even=even,
            )
        )
        differences[:], irregular[:], remarks[:], steps[:] = found
        return again
    return None
