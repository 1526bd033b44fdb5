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

import enum
import io
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from importlib import import_module
from itertools import product
from operator import attrgetter
from types import MappingProxyType
from typing import Any, NamedTuple

from ..cached import cached
from ..cards.deck import parse_cards
from ..cards.evaluate import rank_players
from ..cards.short_deck import RULES as SHORT_DECK_RULES
from ..cards.short_deck import rank_short_deck_players, rules_consistent_with
from ..chips import Amount, exact_arithmetic
from ..chips import format_amount as fmt
from ..errors import HandHistoryError, IllegalHandHistoryError, InputError, PotEngineError
from ..play.hand import start_hand
from ..play.streets import Street
from ..play.structures import NoLimit, Structure, structure_from_pokerstars
from ..pots.check import AuditStep
from ..pots.fees import Added, added_totals
from ..pots.hilo import HiLoPot, award_hilo, rank_hilo_by_cards
from ..pots.layout import Pot, PotLayout, build_pots, built, form_pots, rebuilt
from ..pots.rake import Rake, spread_in_proportion
from ..pots.ranking import Tiers
from ..pots.runs import Run, award_runs, ordinal, times
from ..pots.settlement import Settlement, award, check_conservation, settlement_of
from ..pots.split import odd_chip_order
from .pokerstars import iter_text
from .record import POT_NAMES, RAKE, Action, HandHistory, UnsupportedHandError, pot_label
from .rooms import Room, file_lines, hands_of, not_read, peek_room
from .stated import fill_unstated, placed_as_awarded

STEP_TITLES = (
    "contributions and folds",
    "uncalled bet",
    "tiers at the all-in levels",
    "eligible players per pot",
    "hands compared per pot",
    "paid + returned + withheld = put in",
)

PREFLOP = Street.PRE_FLOP
"""The street name for the betting before the flop (kept here alone: the street names are local)."""


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
        (see :func:`audit_hand`): the same rules give the same verdict, now with every step's words.
        """
        if self.worded is None:
            words = (
                () if self.hand is None else audit_hand(self.hand, rake=self.rake_policy, explain=True).steps
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
        """This audit as plain JSON data (see :func:`audit_json`)."""
        return hand_json(self)


# ----------------------------------------------------------------------------------------------
# Step 1: contributions from the betting lines
# ----------------------------------------------------------------------------------------------
class LineTotals(NamedTuple):
    """What the betting lines add up to: each player's total, the folds, and what is amiss.

    ``wrong`` lists chips that cannot be (more put in than the stack, an all-in mark that does not
    match the stack, a "raises X to Y" whose X is no measure of Y, a call of no size the site uses,
    a blind other than the stakes); ``irregular`` lists lines that follow a practice other than
    the engine's rules (a check facing a bet, a bet facing a bet, a fold by an all-in player).
    """

    contributions: dict[str, Amount]
    folded: frozenset[str]
    wrong: list[str]
    irregular: list[str]


LIVE_POST = "(live)"
"""How a reader ends the text of a small blind its room counts toward the player's bet although
PokerStars would count it dead (a second small blind: see :func:`dead_posts`)."""
DEAD_POST = "(dead)"
"""How a reader ends the text of a small blind its room writes as dead in its own words."""


def dead_posts(hand: HandHistory) -> dict[int, Amount]:
    """The dead part of each blind post, by the post's line number.

    Dead money belongs to the pot but counts toward no bet: the small blind of "posts small & big
    blinds" (or "small and big blinds"), and a second "posts small blind" (a player entering out
    of position, or posting both blinds on two lines). The first small blind posted by a player
    who does not also post a big blind is the live one. A reader whose room counts a small blind
    posted out of turn toward the player's bet ends the action's text with :data:`LIVE_POST`
    (partypoker); one whose room writes a small blind dead in words PokerStars does not use ends
    it with :data:`DEAD_POST`.

    >>> from potengine.histories.pokerstars import read_file
    >>> dead_posts(read_file(DATA / "pokerstars/cash_rake.txt")[2])
    {84: Decimal('0.05')}
    """
    dead: dict[int, Amount] = {}
    posts = hand.posts
    if (
        len(posts) == 2
        and posts[0].kind == "small blind"
        and posts[1].kind == "big blind"
        and posts[0].player != posts[1].player
    ):
        return dead  # the common case, a small blind and a big blind: nothing dead
    big = {a.player for a in posts if a.kind in ("big blind", "blinds")}
    live_small = False
    for a in hand.posts:
        if a.kind == "blinds":
            if hand.big_blind is not None and a.amount > hand.big_blind:
                dead[a.line] = a.amount - hand.big_blind
        elif a.kind == "small blind":
            said = a.text[-len(LIVE_POST) :]
            if said == LIVE_POST:  # the reader's word: this room counts it toward the bet
                continue
            if live_small or a.player in big or said == DEAD_POST:
                dead[a.line] = a.amount
            else:
                live_small = True
    return dead


def dead_money(hand: HandHistory, *, posts: Mapping[int, Amount] | None = None) -> dict[str, Amount]:
    """Chips posted dead, by player: they go into the main pot but match no bet.

    The dead small blinds of :func:`dead_posts` (``posts``, if the caller has them already), and
    a big-blind ante (an ante posted by the big blind alone, for the whole table). Antes that
    every player posts are counted like any other chip: each player's ante is matched by the
    others'.

    >>> from potengine.histories.pokerstars import read_file
    >>> dead_money(read_file(DATA / "pokerstars/tournament_antes.txt")[0])
    {}
    """
    dead: dict[str, Amount] = {}
    antes = [a for a in hand.posts if a.kind == "ante"]
    if len(antes) == 1 and len(hand.players) > 2:
        big = [a.player for a in hand.posts if a.kind == "big blind"]
        if big and antes[0].player == big[0]:
            dead[antes[0].player] = antes[0].amount
    if posts is None:
        posts = dead_posts(hand)
    if posts:
        for a in hand.posts:
            if a.line in posts:
                dead[a.player] = dead.get(a.player, 0) + posts[a.line]
    return dead


def _raise_to(action: Action) -> Amount:
    assert action.to is not None  # the reader gives every raise line its "to" amount
    return action.to


def contributions_from_lines(hand: HandHistory, *, dead: Mapping[int, Amount] | None = None) -> LineTotals:
    """Each player's total put in, the folded players, and the lines that do not add up.

    A street's bets are street totals: "raises 20 to 40" brings that player's bet on the street
    to 40; "calls 18" adds 18; antes and dead blinds count apart from the street's bets. Players
    who put in nothing are left out. The amounts are measured as PokerStars measures them: a
    raise from the largest bet actually made (a short big blind lowers it), a call to the full big
    blind (even when the big blind posted less), and a call never more than what the live
    opponents can still contest. ``dead`` is the hand's :func:`dead_posts`, if the caller has
    them already.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file(DATA / "pokerstars/side_pots.txt")[0]
    >>> totals = contributions_from_lines(hand)
    >>> totals.contributions, totals.folded, totals.wrong, totals.irregular
    ({'Alice': 40, 'Bilal': 100, 'Chloé': 100}, frozenset(), [], [])
    """
    players = hand.players
    stacks = hand.stacks
    zero = type(hand.chip)(0)  # 0 as an int or a Decimal, like the amounts: like compares faster with like
    spent: dict[str, Amount] = dict.fromkeys(players, zero)
    folded: set[str] = set()
    wrong: list[str] = []
    irregular: list[str] = []
    if dead is None:
        dead = dead_posts(hand)
    w = _where  # a finding's place, built only for a finding
    street = None
    bets: dict[str, Amount] = {}
    current: Amount = 0  # the largest bet actually made on this street
    target: Amount = 0  # what a call must reach (the full big blind at least)
    for action in hand.actions:
        p = action.player
        if action.street != street:
            street, bets, current = action.street, dict.fromkeys(players, zero), 0
            # before the flop a call is to the full big blind, even when the big blind posted less
            target = hand.big_blind if street == PREFLOP and hand.big_blind is not None else 0
        kind = action.kind
        if p in folded:
            irregular.append(f"{w(action)}: {p} acts after folding")
        # The kinds of line in the order of their frequency: folds and checks first, posts and antes last.
        if kind == "fold":
            if spent[p] and spent[p] == stacks[p]:
                irregular.append(
                    f"{w(action)}: {p} is all-in and folds: PokerStars writes a sitting-out player who "
                    "is all-in on a blind as folding, out of turn; his chips stay in the pot"
                )
            folded.add(p)
            continue  # a fold or a check puts nothing in: the checks of the chips below find nothing new
        if kind == "check":
            if bets[p] < target and spent[p] < stacks[p]:
                irregular.append(f"{w(action)}: {p} checks facing a bet of {fmt(target)}")
            continue
        if kind == "call":
            owed = target - bets[p]
            if action.amount != owed and not (action.amount < owed and action.all_in):
                # less than owed is right when it is all the live opponents can still contest
                contest = (
                    max(
                        (bets[q] + stacks[q] - spent[q] for q in players if q != p and q not in folded),
                        default=0,
                    )
                    - bets[p]
                )
                if action.amount != min(owed, max(contest, 0)):
                    wrong.append(f"{w(action)}: {p} calls {fmt(action.amount)}, but the call was {fmt(owed)}")
            spent[p] += action.amount
            bets[p] += action.amount
        elif kind == "raise":
            to = action.to  # _raise_to inline (no call a raise): the reader gives every raise its "to"
            if to is None:
                to = _raise_to(action)
            if to <= current or action.amount not in (to - current, to - target):
                wrong.append(  # the line's own two amounts disagree
                    f"{w(action)}: {p} raises {fmt(action.amount)} to {fmt(to)}, but the bet "
                    f"was {fmt(current)} (a raise to {fmt(to)} is {fmt(to - current)} more)"
                )
            spent[p] += to - bets[p]
            bets[p] = to
            if to > current:
                current = to
            if current > target:
                target = current
        elif kind == "bet":
            if current > 0 and street != PREFLOP:
                irregular.append(f"{w(action)}: {p} bets while facing a bet of {fmt(current)}")
            spent[p] += action.amount
            bets[p] += action.amount
            if bets[p] > current:
                current = bets[p]
            if current > target:
                target = current
        elif kind == "ante":
            spent[p] += action.amount
        elif kind in ("small blind", "big blind", "blinds", "button blind", "straddle"):
            if kind == "small blind":  # the two common posts without a call: _stake's first cases
                stake = hand.small_blind
            elif kind == "big blind" and hand.small_bet is None:
                stake = hand.big_blind
            else:
                stake = _stake(hand, kind)  # (None for a straddle: its size is the straddler's)
            if stake is not None and action.amount != stake and not action.all_in and action.line not in dead:
                wrong.append(
                    f"{w(action)}: {p} posts {fmt(action.amount)}, "
                    f"but the stakes make the {kind} {fmt(stake)}"
                )
            spent[p] += action.amount
            bets[p] += action.amount - dead[action.line] if action.line in dead else action.amount
            if bets[p] > current:
                current = bets[p]
            if current > target:
                target = current
        if action.all_in and spent[p] != stacks[p]:
            wrong.append(
                f"{w(action)}: {p} is all-in after putting in {fmt(spent[p])}, "
                f"but started with {fmt(stacks[p])}"
            )
        if spent[p] > stacks[p]:
            wrong.append(
                f"{w(action)}: {p} has put in {fmt(spent[p])}, more than the stack of {fmt(stacks[p])}"
            )
    chip = hand.chip
    for p, amount in spent.items():
        if amount and amount % chip:  # (nothing put in is whole chips)
            wrong.append(f"{p} put in {fmt(amount)}, not a whole number of {fmt(chip)} chips")
    contributions = {p: amount for p, amount in spent.items() if amount}  # (no amount is negative)
    return LineTotals(contributions, frozenset(folded.intersection(contributions)), wrong, irregular)


def _where(action: Action) -> str:
    """Where a line is, for a finding: its number and its text (built only when needed)."""
    return f"line {action.line} ({action.text})"


def _stake(hand: HandHistory, kind: str) -> Amount | None:
    """The blind the header's stakes set for a post of ``kind`` (None when the header does not say)."""
    if kind == "small blind":
        return hand.small_blind
    if kind == "big blind" and hand.small_bet is None:
        return hand.big_blind
    if kind == "button blind":  # 6+ Hold'em: the header's "Button Blind" is the bet to call
        return hand.big_blind
    return None


# ----------------------------------------------------------------------------------------------
# The betting structure a header names, and the replay with the hand model
# ----------------------------------------------------------------------------------------------
def structure_from_header(hand: HandHistory, small_blind: Amount, big_blind: Amount) -> Structure | None:
    """The engine's betting structure for a PokerStars hand, as the structures read their own
    headers (:func:`potengine.play.structures.structure_from_pokerstars`).

    "Hold'em No Limit" and "Hold'em Pot Limit" are played at the big blind; "Hold'em Limit
    (2/4)" names the small and big bets. ``None`` when the header names no structure the engine
    plays, or a fixed limit without its bets.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file(DATA / "pokerstars/limit_and_pot_limit.txt")[0]
    >>> type(structure_from_header(hand, 5, 10)).__name__
    'FixedLimit'
    """
    key = (hand.game, repr(big_blind), repr(hand.small_bet), repr(hand.big_bet))  # 0.1 and 0.10 apart
    if key in _STRUCTURES:
        return _STRUCTURES[key]
    try:
        structure = structure_from_pokerstars(
            hand.game, big_blind=big_blind, small_bet=hand.small_bet, big_bet=hand.big_bet
        )
    except InputError:  # a fixed-limit header that gives no small and big bet
        structure = None
    if len(_STRUCTURES) > 1024:  # a bounded cache: stakes repeat from hand to hand
        _STRUCTURES.clear()
    _STRUCTURES[key] = structure
    return structure


_STRUCTURES: dict[tuple[str, str, str, str], Structure | None] = {}


class Replay(NamedTuple):
    """What :func:`replay_actions` found: whether it ran, notes, and the rule departures."""

    ran: bool
    notes: list[str]
    problems: list[str]
    illegal: IllegalHandHistoryError | None


_PLAYER = attrgetter("player")
_AMOUNT = attrgetter("amount")
REPLAYED = "Replayed with the hand model: every action is legal and the totals agree"


def replay_actions(
    hand: HandHistory,
    contributions: Mapping[str, Amount],
    *,
    fast: bool = True,
    dead: Mapping[int, Amount] | None = None,
) -> Replay:
    """Play the history's actions through the hand model of :mod:`potengine.play.hand`.

    Unlike :func:`potengine.histories.phh.replay` (which returns the played hand), this returns
    a :class:`Replay`: whether the replay ran, notes, and problems: an action the engine refuses
    (``illegal``: an :class:`IllegalHandHistoryError` naming the hand, the line and the rule), or a
    player whose total differs from the lines' street totals. Hands the model cannot set up the
    same way (dead or missing blinds, blinds out of position, a dead button, uneven antes, a cap)
    are not replayed; the contributions then come from the lines alone.

    With ``fast`` (the default), a plain no-limit hand (no all-in, no dead blind) whose every
    action is in turn and of a legal size by the rules of the hand model is passed without
    stepping the immutable model through it; anything else, and every doubt, goes to the model,
    which names the rule. (A test keeps the two in agreement on every hand of the corpus.)
    ``dead`` is the hand's :func:`dead_posts`, if the caller has them already.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file(DATA / "pokerstars/uncalled.txt")[1]
    >>> replay_actions(hand, contributions_from_lines(hand).contributions)[:3]
    (True, ['Replayed with the hand model: every action is legal and the totals agree'], [])
    """
    skip = "Not replayed with the hand model ({}): totals from the history's lines"
    acting = set(map(_PLAYER, hand.actions))
    dealt = list(filter(acting.__contains__, hand.players))  # seat order
    posts = hand.posts
    if hand.cap is not None:
        return Replay(False, [skip.format(f"a game capped at {fmt(hand.cap)} a player")], [], None)
    if dead is None:
        dead = dead_posts(hand)
    if dead or len(dealt) < 2 or hand.button not in dealt:
        return Replay(False, [skip.format("dead blinds or a dead button")], [], None)
    ante_posts: list[Action] = []
    small: list[Action] = []
    big: list[Action] = []
    straddles: dict[str, Amount] | None = None  # live straddles, in the order posted: each one's bet
    for a in posts:
        if a.kind == "small blind":
            small.append(a)
        elif a.kind == "big blind":
            big.append(a)
        elif a.kind == "ante":
            ante_posts.append(a)
        elif a.kind == "straddle":
            if straddles is None:
                straddles = {}
            straddles[a.player] = a.to if a.to is not None else a.amount
    antes = {a.amount for a in ante_posts if not a.all_in} if ante_posts else set()
    if len(antes) > 1 or len(small) != 1 or len(big) != 1:
        if not big and any(a.kind == "button blind" for a in posts):
            return Replay(False, [skip.format("a button blind, as in 6+ Hold'em")], [], None)
        return Replay(False, [skip.format("missing or extra blinds, or uneven antes")], [], None)
    big_blind_ante = len(ante_posts) == 1 and ante_posts[0].player == big[0].player and len(dealt) > 2
    if ante_posts and not big_blind_ante and len(ante_posts) != len(dealt):
        return Replay(False, [skip.format("only some players posted an ante")], [], None)
    if hand.small_bet is not None:
        sb, bb = small[0].amount, big[0].amount  # a limit header names the bets: the blinds are posted
    else:
        sb = hand.small_blind if hand.small_blind is not None else small[0].amount
        bb = hand.big_blind if hand.big_blind is not None else big[0].amount
    try:
        structure = structure_from_header(hand, sb, bb)
    except PotEngineError as err:
        return Replay(False, [skip.format(str(err))], [], None)
    if structure is None:
        return Replay(False, [skip.format("the header names no betting structure")], [], None)
    plain = isinstance(structure, NoLimit) and not big_blind_ante and not straddles
    if fast and plain and small[0].amount == sb and big[0].amount == bb:
        n, b = len(dealt), dealt.index(hand.button)
        sb_seat, bb_seat = (b, 1 - b) if n == 2 else ((b + 1) % n, (b + 2) % n)
        if (
            dealt[sb_seat] == small[0].player
            and dealt[bb_seat] == big[0].player
            and _plainly_legal(hand, dealt, b, sb_seat, bb_seat, sb, bb, ante_posts)
        ):
            return Replay(True, [REPLAYED], [], None)
    try:
        game = start_hand(
            {p: hand.stack(p) for p in dealt},
            small_blind=sb,
            big_blind=bb,
            button=hand.button,
            ante=max(antes or {a.amount for a in ante_posts}, default=0),
            big_blind_ante=big_blind_ante,
            straddles=straddles,
            chip=hand.chip,
            structure=structure,
            game=("omaha-hi-lo" if hand.hi_lo else "omaha") if hand.omaha else "holdem",
        )
    except PotEngineError as err:
        return Replay(False, [skip.format(str(err))], [], None)
    sb_seat, bb_seat = game.setup.small_blind_seat, game.setup.big_blind_seat
    if dealt[sb_seat] != small[0].player or dealt[bb_seat] != big[0].player:
        return Replay(False, [skip.format("blinds out of the usual position")], [], None)
    for action in hand.actions[len(posts) :]:
        try:
            if action.kind == "fold":
                game = game.fold(action.player)
            elif action.kind == "check":
                game = game.check(action.player)
            elif action.kind == "call":
                game = game.call(action.player)
            elif action.kind == "bet":
                seat = dealt.index(action.player)
                game = game.bet(action.player, game.bets[seat] + action.amount)
            elif action.kind == "raise":
                game = game.raise_to(action.player, _raise_to(action))
        except PotEngineError as err:  # IllegalActionError, or an amount the model refuses
            illegal = IllegalHandHistoryError(
                f"hand #{hand.hand_id}, line {action.line} ({action.text}): the hand model refuses it: {err}"
            )
            problem = f"line {action.line} ({action.text}): the hand model refuses it: {err}"
            return Replay(True, [], [problem], illegal)
    problems = []
    notes = [REPLAYED]
    if game.actor is not None:
        problems.append(f"the history stops, but the hand model still waits for {game.to_act} to act")
    model = {p: a for p, a in game.contributions.items() if a}
    if model != {p: a for p, a in contributions.items() if a} and not problems:
        gone = [p for p, out in zip(game.setup.players, game.folded, strict=True) if out]
        if _same_pots(model, contributions, gone):
            notes = [
                "Replayed with the hand model: every action is legal; the history calls only what "
                "the live opponents can contest (PokerStars' practice), the model calls in full and "
                "returns the rest: the same pots"
            ]
        else:
            for player, amount in game.contributions.items():
                if amount != contributions.get(player, 0):
                    problems.append(
                        f"{player}: the hand model makes {fmt(amount)} put in, "
                        f"the history's lines {fmt(contributions.get(player, 0))}"
                    )
    return Replay(True, [] if problems else notes, problems, None)


def _plainly_legal(
    hand: HandHistory,
    dealt: list[str],
    button: int,
    sb_seat: int,
    bb_seat: int,
    sb: Amount,
    bb: Amount,
    ante_posts: list[Action],
) -> bool:
    """True only for a plain no-limit hand (the caller checks the structure) whose every action
    is in turn and of a legal size.

    The rules are the hand model's for that simple case: action clockwise from the big blind's
    left before the flop and from the button's left after it, skipping folded and all-in players;
    a check only when nothing is owed; a call of exactly what is owed (or all-in for less); a bet
    of at least the big blind; a raise by at least the largest raise of the round; no action once
    one player is left; every round complete. A short all-in raise, a raise nobody could answer,
    an all-in blind or ante, a stack run dry without its mark, or anything else returns False:
    the model then decides, and names the rule.
    """
    posts = hand.posts
    for post in posts:
        if post.all_in:
            return False
    ante = ante_posts[0].amount if ante_posts else 0
    # What each player can still put in: his stack less the ante, then less each street's bets.
    stacks: Mapping[str, Amount] = {p: hand.stacks[p] - ante for p in dealt} if ante else hand.stacks
    n = len(dealt)
    left = (*range(1, n), 0)  # the seat to the left of each seat
    live = n  # the players who have not folded
    out: set[str] = set()  # all-in players: they act no more
    acting = set(dealt)  # the live players who are not all-in: they alone still act
    zero = type(hand.chip)(0)  # 0 as an int or a Decimal, like the amounts: like compares faster with like
    bets: dict[str, Amount] = dict.fromkeys(dealt, zero)
    bets[dealt[sb_seat]], bets[dealt[bb_seat]] = sb, bb
    if sb >= stacks[dealt[sb_seat]] or bb >= stacks[dealt[bb_seat]]:
        return False  # a blind of the whole stack without its all-in mark: the model decides
    current, step, seat = bb, bb, bb_seat  # seat: who acted last
    owe = set(dealt)  # who must still act this round
    street = PREFLOP
    for action in hand.actions[len(posts) :]:
        if action.street != street:
            if owe - out or len(acting) < 2:
                return False
            street, current, step = action.street, zero, bb
            stacks = {p: stacks[p] - bets[p] for p in acting}
            bets = dict.fromkeys(acting, zero)
            owe = set(acting)
            seat = button  # left of the button first (heads-up, the button is the small blind)
        if not acting:
            return False
        seat = left[seat]
        while dealt[seat] not in acting:  # the next player clockwise still in the hand and not all-in
            seat = left[seat]
        p = action.player
        if dealt[seat] != p or (p not in owe and bets[p] == current) or live < 2:
            return False
        owe.discard(p)
        kind = action.kind
        if kind == "fold":
            live -= 1
            acting.discard(p)
            continue  # a fold or a check puts nothing in: the stack checks below find nothing new
        if kind == "check":
            if bets[p] != current:
                return False
            continue
        if kind == "call":
            owed = current - bets[p]
            if owed <= 0 or not (action.amount == owed or (action.all_in and action.amount < owed)):
                return False
            bets[p] += action.amount
        elif kind in ("bet", "raise"):
            to = bets[p] + action.amount if kind == "bet" else action.to  # (_raise_to inline)
            if to is None:
                to = _raise_to(action)
            if (kind == "bet") != (current == 0) or to - current < step or len(acting) < 2:
                return False  # (p acts, so another acting player is one besides p)
            step, current, bets[p] = to - current, to, to
            owe = acting - {p}
        else:
            return False
        if action.all_in:
            if bets[p] != stacks[p]:
                return False
            out.add(p)
            acting.discard(p)
        elif bets[p] >= stacks[p]:
            return False  # all-in without the mark: the model decides
    if live == 1:
        return True
    if any(bets[q] < current for q in acting) or (owe - out and len(acting) > 1):
        return False
    return street is Street.RIVER or len(acting) < 2


def _same_pots(model: Mapping[str, Amount], lines: Mapping[str, Amount], folded: Iterable[str]) -> bool:
    """Whether two sets of contributions make the same pots (they differ only in returned chips)."""
    try:
        ours = build_pots(model, [p for p in folded if p in model])
        theirs = build_pots({p: a for p, a in lines.items() if a}, [p for p in folded if p in lines])
    except PotEngineError:
        return False
    return [(p.amount, p.eligible) for p in ours.pots] == [(p.amount, p.eligible) for p in theirs.pots]


# ----------------------------------------------------------------------------------------------
# Helpers for words
# ----------------------------------------------------------------------------------------------
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


def duplicate_cards(hand: HandHistory) -> list[str]:
    """A difference in words for every card the history deals twice (board and shown hands).

    A deck holds each card once: a shown card that is also on the board, or shown by two
    players, or a board card dealt twice, makes the history impossible.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file(DATA / "pokerstars/side_pots.txt")[0]
    >>> duplicate_cards(hand)
    []
    >>> from dataclasses import replace
    >>> duplicate_cards(replace(hand, shown={**hand.shown, "Chloé": ("Kd", "Ad")}))
    ['cards: Kd is dealt twice (on the board and shown by Chloé)']
    """
    seen: dict[str, str | None] = {}  # who holds each card dealt so far (None: the board)
    problems: list[str] = []
    for holder, cards in [(None, hand.board), *hand.shown.items()]:
        for card in cards:
            key = "T" + card[-1] if card.startswith("10") else card  # "10c" is "Tc"
            if key not in seen:
                seen[key] = holder
                continue
            first, where = _place(seen[key]), _place(holder)
            both = f"{first} and {where}" if first != where else f"twice {where}"
            problems.append(f"cards: {card} is dealt twice ({both})")
    return problems


def _place(holder: str | None) -> str:
    return "on the board" if holder is None else f"shown by {holder}"


def _ranking(
    hand: HandHistory,
    live: Sequence[str],
    pots: Sequence[Pot],
    paid: Sequence[Mapping[str, Amount]],
    notes: list[str] | None,
    *,
    cards_ok: bool = True,
    remarks: list[str] | None = None,
) -> tuple[Tiers, str, dict[str, Any] | None, Tiers | None]:
    """Tiers best first: from the shown cards if every live player showed, else the collections;
    and the low tiers of a hi-lo hand (qualifying lows only), ``None`` when the cards do not tell
    them (the collected lines then say who won each half), ``()`` for no low or a game without.
    How the winners were decided goes into ``notes``, unless it is ``None``; the order of a 6+
    Hold'em showdown read from the collected lines (see :func:`_short_deck_ranking`) into
    ``remarks``."""
    if len(live) == 1:
        if notes is not None:
            notes.append(f"everybody else folded: {live[0]} takes the pot")
        return ((live[0],),), "folds", None, ()
    if not cards_ok:
        if notes is not None:
            notes.append("the shown cards are impossible: the collected lines say who won each pot")
    elif all(p in hand.shown for p in live) and len(hand.board) == 5 and hand.omaha:
        try:
            high_tiers, omaha_values, lows, low_values, _ = rank_hilo_by_cards(
                {p: " ".join(hand.shown[p]) for p in live},
                " ".join(hand.board),
                game="omaha-hi-lo" if hand.hi_lo else "omaha",
                seats=hand.players,
                live=live,
            )
        except PotEngineError as err:
            if notes is not None:
                notes.append(f"the shown cards cannot be ranked ({err}); the collected lines decide")
        else:
            if notes is None:
                return high_tiers, "cards", None, lows
            notes.append(_cards_note(high_tiers, omaha_values))
            if hand.hi_lo:
                notes.append(
                    "low: "
                    + (
                        " > ".join(" = ".join(t) for t in lows)
                        + " ("
                        + "; ".join(f"{p}: {v.description}" for t in lows for p in t if (v := low_values[p]))
                        + ")"
                        if lows
                        else "no qualifying low (eight or better)"
                    )
                )
            return high_tiers, "cards", None, lows
    elif all(p in hand.shown for p in live) and len(hand.board) == 5:
        try:
            if hand.game[:1] == "6":  # 6+ Hold'em: the 36-card ranking, in the order the lines fit
                by_cards, values = _short_deck_ranking(hand, live, pots, paid, remarks)
            else:
                by_cards, values = rank_players(
                    {p: " ".join(hand.shown[p]) for p in live}, " ".join(hand.board)
                )
        except PotEngineError as err:
            if notes is not None:
                notes.append(f"the shown cards cannot be ranked ({err}); the collected lines decide")
        else:
            if notes is not None:
                notes.append(_cards_note(by_cards, values))
            return tuple(tuple(t) for t in by_cards), "cards", values, ()
    if cards_ok and notes is not None:
        notes.append("not every live player showed: the collected lines say who won each pot")
    ranked: list[str] = []
    tiers: list[tuple[str, ...]] = []
    for pays in paid:
        group = tuple(p for p in pays if p in live and p not in ranked)
        if group:
            tiers.append(group)
            ranked.extend(group)
    rest = tuple(p for p in live if p not in ranked)
    if rest:
        tiers.append(rest)
    return tuple(tiers), "collected lines", None, None


TRIPS_ABOVE_STRAIGHT = (
    "three of a kind ranked above a straight, as PokerStars did at the launch of 6+ Hold'em "
    "(the one order the collected lines fit)"
)
STRAIGHT_ABOVE_TRIPS = (
    "a straight ranked above three of a kind, as in hold'em (the one order the collected lines fit)"
)
NEITHER_ORDER = (
    "the collected lines fit neither order of a straight and three of a kind: checked with a "
    "straight above three of a kind"
)


def _short_deck_ranking(
    hand: HandHistory,
    live: Sequence[str],
    pots: Sequence[Pot],
    paid: Sequence[Mapping[str, Amount]],
    remarks: list[str] | None,
) -> tuple[list[tuple[str, ...]], dict[str, Any]]:
    """A 6+ Hold'em showdown ranked with the 36-card evaluator (:mod:`potengine.cards.short_deck`).

    Whether PokerStars ranks three of a kind above a straight is not settled (it did at the
    launch; reports differ since), so the order is read from the hand: where the two orders rank
    the shown hands differently, each pot's collected lines are matched against each order
    (:func:`~potengine.cards.short_deck.rules_consistent_with`). One order fitting is the one
    used, named in ``remarks``; both fitting, the hold'em order, no remark; neither, the hold'em
    order too, said in ``remarks``, and the pots it pays differently are found wrong. A record
    whose game names the order (:func:`stated_short_deck_rules`: a room whose rules state it) is
    ranked by that order alone, and a pot paid by the other is found wrong.
    """
    hands = {p: " ".join(hand.shown[p]) for p in live}
    board = " ".join(hand.board)
    stated = stated_short_deck_rules(hand.game)
    if stated is not None:  # the room's rules name the order: ranked by it, nothing to read
        return rank_short_deck_players(hands, board, stated)
    triton, trips = (rank_short_deck_players(hands, board, rules) for rules in SHORT_DECK_RULES)
    if triton[0] == trips[0]:
        return triton
    fits = set(SHORT_DECK_RULES)
    contested: Sequence[Pot | None] = pots or [None]  # no pots given: every live player's
    for pot, pays in zip(contested, paid, strict=False):
        contenders = {p: cards for p, cards in hands.items() if pot is None or p in pot.eligible}
        winners = [p for p, amount in pays.items() if amount and p in contenders]
        if len(contenders) > 1 and winners:
            fits.intersection_update(rules_consistent_with(contenders, board, winners))
    if fits == {"trips-beat-straight"}:
        note, ranked = TRIPS_ABOVE_STRAIGHT, trips
    else:
        note, ranked = (STRAIGHT_ABOVE_TRIPS if fits else NEITHER_ORDER), triton
        if len(fits) == 2:
            return triton
    if remarks is not None and note not in remarks:
        remarks.append(note)
    return ranked


def stated_short_deck_rules(game: str) -> str | None:
    """The short-deck order a record's game names at its end, for a room whose rules state it
    (GGPoker's Short Deck: ``"6+ Hold'em No Limit (triton)"``); None when the showdown tells it
    (PokerStars' 6+ Hold'em, see :func:`_short_deck_ranking`).

    >>> [stated_short_deck_rules(g) for g in ("6+ Hold'em No Limit (triton)", "6+ Hold'em No Limit")]
    ['triton', None]
    """
    if game[-1:] == ")":
        for rules in SHORT_DECK_RULES:
            if game.endswith(f"({rules})"):
                return rules
    return None


def _short_deck_game(remarks: Sequence[str], game: str) -> str:
    """The engine's game for a 6+ Hold'em hand: the order its showdown was checked with."""
    stated = stated_short_deck_rules(game)
    if stated is not None:
        return "short-deck" if stated == "triton" else "short-deck-trips-beat-straight"
    return "short-deck-trips-beat-straight" if TRIPS_ABOVE_STRAIGHT in remarks else "short-deck"


def _step(number: int, ok_notes: Sequence[str], problems: Sequence[str]) -> AuditStep:
    findings = [f if f.endswith((".", ")")) else f + "." for f in (problems or ok_notes)]
    return AuditStep(number, STEP_TITLES[number - 1], not problems, tuple(findings))


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
        checked = hand
        marks = None  # the lists' lengths before steps 2 to 6, for a second audit of a spread not stated
        if hand.not_stated or hand.added:  # what the room does not state, filled in
            checked, layout, filled = fill_unstated(hand, layout)
            remarks += filled
            marks = len(differences), len(irregular), len(remarks), len(steps)
        try:
            awarded, source = _compare_pots(
                checked, layout, contributions, folded, rake, explain, differences, irregular, remarks, steps
            )
            if (
                marks is not None
                and checked.not_stated
                and len(differences) > marks[0]
                and len(layout.pots) > 1
                and checked.rake
                and not checked.pots_reported
            ):
                found = _respread(
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
                if found is not None:
                    awarded, source = found
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
        ways = [("in proportion", spread_in_proportion(amounts, part, chip=hand.chip))]
        for i, amount in enumerate(amounts):
            if part <= amount:
                ways.append(
                    (
                        f"from the {pot_label(i, len(amounts))}",
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
        taken = ", ".join(f"{fmt(c)} from the {pot_label(i, len(cut))}" for i, c in enumerate(cut))
        how = "; ".join(f"the {name} {way}" for name, way, _ in combination)
        even = ", ".join(fmt(c) for c in spread_in_proportion(amounts, hand.rake, chip=hand.chip))
        found[2].append(
            f"rake: the room states neither its pots' sizes nor how it spreads the {fmt(hand.rake)} it "
            f"withholds between them; its collections fit {taken} ({how}); in proportion to the pots "
            f"it would be {even}"
        )
        differences[:], irregular[:], remarks[:], steps[:] = found
        return again
    return None


def _run_parts(pot: Pot) -> str:
    """ " run twice (100 + 100)" for a pot run more than once, "" for any other."""
    if not pot.runs:
        return ""
    return f" run {times(len(pot.runs))} ({' + '.join(fmt(part.amount) for part in pot.runs)})"


def _cash_outs(hand: HandHistory, awarded: Awarded | None) -> tuple[CashOut, ...]:
    """The hand's all-in cash-outs, each with what the engine awards that player from the pots
    and the collected lines do not pay him (the part the site keeps)."""
    done = []
    for player, amount, fee in hand.cash_outs:
        won = sum((pot.shares.get(player, 0) for pot in awarded.pots), start=0) if awarded else 0
        paid = sum((c.amount for c in hand.collections if c.player == player), start=0)
        done.append(CashOut(player, amount, fee, won - paid if won > paid else won * 0))
    return tuple(done)


def _unsupported(hand: HandHistory, reason: str) -> UnsupportedHandError:
    """An :class:`UnsupportedHandError` for a hand that was read but cannot be checked."""
    err = UnsupportedHandError(f"hand #{hand.hand_id}, line {hand.first_line}: {reason}")
    err.hand_id, err.line_number, err.line = hand.hand_id, hand.first_line, hand.header
    return err


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
    """Steps 2 to 6 of :func:`audit_hand`, on the pots the chips put in make: what each step
    finds goes into ``differences``, ``irregular`` and ``remarks`` (and, with ``explain``, into
    ``steps``); the result is the engine's pots as awarded and how the winners were decided.
    ``cuts`` is what is withheld from each pot, when the room does not state it (see
    :func:`_respread`); else the rake is spread in proportion to the pots."""
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
        withheld = proportional if cuts is None else cuts
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
    as_listed = paid
    if hand.not_stated and POT_NAMES in hand.not_stated and len(pots) > 1:  # the room names no pot
        hilo_split = (
            _hilo_by_totals(pots, tiers, paid, order, hand.chip, no_low="No low hand qualified" in hand.lines)
            if hi_lo and low_tiers is None
            else None
        )
        paid = placed_as_awarded(
            paid,
            hilo_split
            or [
                (
                    award_hilo(pot, tiers, low_tiers, order=order, chip=hand.chip)
                    if hi_lo and low_tiers is not None
                    else award(pot, tiers, order=order, chip=hand.chip)
                ).shares
                for pot in pots
            ],
        )
    if hand.not_stated and RAKE in hand.not_stated and len(pots) > 1 and hand.rake and not hi_lo:
        # The room states no rake, so neither how it splits it between the pots: the split its
        # payments show (each pot less what it paid from it) stands if it fits.
        zero = 0 * hand.chip
        taken = [pot.amount - sum(pays.values(), start=zero) for pot, pays in zip(pots, paid, strict=True)]
        fits = all(0 <= cut <= pot.amount for cut, pot in zip(taken, pots, strict=True))
        if fits and taken != [pot.rake for pot in pots] and sum(taken, start=zero) == hand.rake:
            even = ", ".join(fmt(pot.rake) for pot in pots)
            pots = tuple(rebuilt(pot, rake=cut) for pot, cut in zip(pots, taken, strict=True))
            if paid is not as_listed:
                paid = placed_as_awarded(
                    as_listed, [award(pot, tiers, order=order, chip=hand.chip).shares for pot in pots]
                )
            spread = ", ".join(f"{fmt(cut)} from the {pot_label(i, count)}" for i, cut in enumerate(taken))
            remarks.append(
                f"rake: the room states none; its payments take {spread}; in proportion to the pots "
                f"it would be {even} (how the room splits its rake is not stated: not checked)"
            )
    for i, pot in enumerate(pots):
        site_pays = paid[i]
        if not all(site_pays.values()):  # a line collecting nothing: left out
            site_pays = {p: a for p, a in site_pays.items() if a}
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
            won = _hilo_from_lines(
                pot, tiers, site_pays, order, hand.chip, notes, pot_label(i, count), no_low=no_low
            )
        else:
            won = award(pot, tiers, order=order, chip=hand.chip)
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
                f"({fmt(hand.rake)}): {hand.room} appears in some eras to charge the rake per winner"
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
    if accounted != (put_in + added if added else put_in):
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
        game = _short_deck_game(remarks, hand.game)
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


def _cards_note(tiers: Sequence[Sequence[str]], values: Mapping[str, Any]) -> str:
    """The note of a showdown ranked by the cards: the order, then each hand in words."""
    order = " > ".join(" = ".join(t) for t in tiers)
    hands = "; ".join(f"{p}: {values[p].description}" for t in tiers for p in t)
    return f"cards: {order} ({hands})"


def _whole_chips(amounts: Iterable[Amount], chip: Amount) -> bool:
    """Whether every amount is a whole number of chips of size ``chip``."""
    for amount in amounts:  # noqa: SIM110 - a plain loop is faster than all() over a generator
        if amount % chip:
            return False
    return True


def _pots(contributions: dict[str, Amount], folded: frozenset[str], dead: dict[str, Amount]) -> PotLayout:
    """The pots of the lines' contributions, by the trusted path (:func:`form_pots`): the reader
    gives whole, non-negative amounts and every folded player and dead post is one who put chips
    in, so :func:`build_pots`' checks would only repeat the reader's."""
    if len(contributions) == 1 and not dead:
        # one player alone put chips in (a walk; or the other blind was never posted and
        # everybody folded to him): no pot, his chips go back to him
        return PotLayout(tuple(contributions), contributions, folded, (), dict(contributions))
    if len(contributions) < 2:
        return build_pots(contributions, folded, dead=dead)  # names the problem
    for amount in contributions.values():
        if type(amount) is not int:  # a Decimal: exact arithmetic
            with exact_arithmetic("the pots"):
                return form_pots(contributions, folded, dead)
    return form_pots(contributions, folded, dead)


def _hilo_from_lines(
    pot: Pot,
    tiers: Tiers,
    site_pays: Mapping[str, Amount],
    order: Sequence[str],
    chip: Amount,
    notes: list[str],
    name: str,
    *,
    no_low: bool,
) -> Pot:
    """A hi-lo pot whose winners the cards do not tell: the split of the pot (high half to some of
    the players the collected lines pay, low half to some, odd chip to high) that gives what the
    site paid, if there is one; else (and when the history says "No low hand qualified") the
    whole pot to the best high hand(s) the lines name."""
    whole = award(pot, tiers, order=order, chip=chip)
    paid = [p for p in pot.eligible if p in site_pays]
    if no_low or not 0 < len(paid) <= 5:
        return whole
    groups = [tuple(p for k, p in enumerate(paid) if mask >> k & 1) for mask in range(1, 1 << len(paid))]
    for high in groups:
        rest = tuple(t for t in ((q for q in group if q not in high) for group in tiers) if t)
        for low in groups:
            if set(high) | set(low) != set(paid):
                continue
            won = award_hilo(pot, (high, *(tuple(t) for t in rest)), (low,), order=order, chip=chip)
            if {p: a for p, a in won.shares.items() if a} == dict(site_pays):
                notes.append(
                    f"{name}: not every live player showed; the collected lines pay the high half "
                    f"({fmt(won.high_amount)}) to {', '.join(high)} and the low half "
                    f"({fmt(won.low_amount)}) to {', '.join(low)}"
                )
                return won
    return whole


_HILO_SEARCH = 20_000
"""How many pot awards :func:`_hilo_by_totals` tries at most before it gives up."""


def _hilo_by_totals(
    pots: Sequence[Pot],
    tiers: Tiers,
    paid: Sequence[Mapping[str, Amount]],
    order: Sequence[str],
    chip: Amount,
    *,
    no_low: bool,
) -> list[Mapping[str, Amount]] | None:
    """The shares of a hi-lo hand's pots, some player's high and some player's low in each (or the
    whole pot to the best high hand), that pay every player exactly what his collections add up
    to over all the pots; ``None`` when none does (or the search grows too long).

    For a room that names no pot (see :mod:`potengine.histories.stated`) in a hi-lo hand whose
    cards do not tell the winners: placed main pot first, a player's high and low halves of two
    pots cannot be told apart; the split each pot must have can, from the totals.
    """
    totals: dict[str, Amount] = {}
    for pays in paid:
        for player, amount in pays.items():
            totals[player] = totals[player] + amount if player in totals else amount
    tries = 0

    def candidates(pot: Pot, left: Mapping[str, Amount]) -> Iterator[Pot]:
        yield award(pot, tiers, order=order, chip=chip)
        names = [p for p in pot.eligible if left.get(p)]
        if no_low or not 0 < len(names) <= 5:
            return
        groups = [
            tuple(p for k, p in enumerate(names) if mask >> k & 1) for mask in range(1, 1 << len(names))
        ]
        for high in groups:
            rest = tuple(t for t in (tuple(q for q in group if q not in high) for group in tiers) if t)
            for low in groups:
                yield award_hilo(pot, (high, *rest), (low,), order=order, chip=chip)

    def search(i: int, left: dict[str, Amount]) -> list[Mapping[str, Amount]] | None:
        nonlocal tries
        if i == len(pots):
            return [] if not any(left.values()) else None
        for won in candidates(pots[i], left):
            tries += 1
            if tries > _HILO_SEARCH:
                return None
            shares = {p: a for p, a in won.shares.items() if a}
            if all(left.get(p, 0) >= a for p, a in shares.items()):
                rest = search(i + 1, {p: a - shares.get(p, 0) for p, a in left.items()})
                if rest is not None:
                    return [shares, *rest]
        return None

    return search(0, totals)


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
            entry["error"] = str(err)

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
        where = f"{first[0]} line {first[1]}" if first[0] else f"line {first[1]}"
        return f"hand #{hand_id} appears more than once in the input (first at {where})"

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
    write_json_texts(out, map(hand_json_text, audits), run)


def hand_json_text(audit: HandAudit) -> str:
    """One hand's audit (:func:`hand_json`) as the JSON text :func:`write_json_texts` writes.

    >>> print(hand_json_text(refused(HandHistoryError("no hand")))[:30])
    {
      "file": "",
      "line": 0,
    """
    return json.dumps(hand_json(audit), indent=2, ensure_ascii=False)


def write_json_texts(out: Any, hands: Iterable[str], run: AuditRun) -> None:
    """Write the document of :func:`write_json` from each hand's JSON text (:func:`hand_json_text`,
    made in another process, say), then ``run``'s files, duplicates and summary, once the hands
    are written (and counted in ``run``).

    >>> out = io.StringIO()
    >>> write_json_texts(out, [], AuditRun())
    >>> json.loads(out.getvalue())["summary"]["hands"]
    0
    """

    def dump(value: Any, indent: str) -> str:
        return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + indent)

    out.write('{\n  "hands": [')
    empty = True
    for text in hands:
        out.write(("\n    " if empty else ",\n    ") + text.replace("\n", "\n    "))
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
