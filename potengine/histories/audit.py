"""Auditing a hand history: replay each hand with the engine and compare, pot by pot.

:func:`audit_hand` takes a parsed :class:`~potengine.histories.pokerstars.HandHistory` and walks the six
steps of EX-06 over it, each time putting what the history says next to what the chips put in
make:

1. contributions and folds: each player's total from the betting lines ("raises 20 to 40" makes
   that player's bet on the street 40, not 40 more), checked against his stack and the all-in
   marks;
2. the uncalled part: the engine's returned chips against the "Uncalled bet" lines;
3. the tiers at the all-in levels: the engine's pots (less the rake, taken from the main pot
   first, see :mod:`potengine.pots.rake`) against the summary's main pot and side pots;
4. the eligible players per pot: nobody collects from a pot he cannot win;
5. the hands compared per pot, ties split with the odd chip clockwise from the button: with the
   shown cards when every live player showed, else the "collected" lines say who won;
6. paid + returned + withheld = put in.

The verdict is "consistent", or every difference in words, with the amounts and the hand ID, so
that a player can take it to the site.

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
>>> print(audit_hand(parse_text(text)[0]).verdict())
Hand #7: NOT consistent
  - pot: history says 26, the chips put in make 25: 1 chip unexplained
  - total pot: history says 26, the chips put in (45) less the 20 returned make 25: 1 chip unexplained
  - pot: history pays Chloé 26, the engine pays Chloé 25
  - history pays 26, returns 20 and withholds 0, 46 in all, but the players put in 45: 1 chip unexplained
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from ..pots.check import AuditStep
from ..chips import Amount
from ..chips import format_amount as fmt
from ..errors import HandHistoryError, PotEngineError
from ..play.hand import start_hand
from ..play.structures import FixedLimit, NoLimit, PotLimit
from ..cards.evaluate import rank_players
from .pokerstars import HandHistory, read_file
from ..pots.layout import PotLayout, build_pots
from ..pots.rake import Rake, take_rake
from ..pots.settlement import Settlement, award, odd_chip_order

STEP_TITLES = (
    "contributions and folds",
    "uncalled bet",
    "tiers at the all-in levels",
    "eligible players per pot",
    "hands compared per pot",
    "paid + returned + withheld = put in",
)


@dataclass(frozen=True)
class HandAudit:
    """The audit of one hand: the six steps, the differences found, and the engine's settlement.

    ``settlement`` is the engine's own split of the hand (rake withheld from the pots first), or
    ``None`` when the contributions could not even be formed into pots. ``source`` says how the
    winners were decided: ``"cards"`` or ``"collected lines"``.
    """

    hand: HandHistory
    contributions: Mapping[str, Amount]
    folded: frozenset[str]
    steps: tuple[AuditStep, ...]
    differences: tuple[str, ...]
    settlement: Settlement | None
    source: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "contributions", MappingProxyType(dict(self.contributions)))

    @property
    def hand_id(self) -> str:
        """The hand's ID as the history writes it."""
        return self.hand.hand_id

    @property
    def consistent(self) -> bool:
        """True when no difference was found."""
        return not self.differences

    def verdict(self) -> str:
        """One line when consistent, else one line per difference, each with the amounts."""
        if self.consistent:
            pots = self.settlement.pots if self.settlement else ()
            parts = [f"{pot_label(i, len(pots))} {fmt(p.awarded)}" for i, p in enumerate(pots)]
            refunds = self.settlement.refunds if self.settlement else {}
            parts += [f"{fmt(a)} returned to {p}" for p, a in refunds.items()]
            if self.hand.rake:
                parts.append(f"rake {fmt(self.hand.rake)}")
            how = {"cards": "by the cards", "folds": "uncontested"}.get(self.source, "by the collected lines")
            return f"Hand #{self.hand_id}: consistent ({'; '.join(parts)}; winners {how})"
        return "\n".join([f"Hand #{self.hand_id}: NOT consistent", *(f"  - {d}" for d in self.differences)])

    def report(self) -> str:
        """The verdict followed by the six steps, each with what it found."""
        return "\n".join([self.verdict(), *(str(step) for step in self.steps)])


# ----------------------------------------------------------------------------------------------
# Step 1: contributions from the betting lines
# ----------------------------------------------------------------------------------------------
def contributions_from_lines(hand: HandHistory) -> tuple[dict[str, Amount], frozenset[str], list[str]]:
    """Each player's total put in, the folded players, and the lines that do not add up.

    A street's bets are street totals: "raises 20 to 40" brings that player's bet on the street
    to 40; "calls 18" adds 18; antes are dead and count apart from the street's bets; "posts small
    & big blinds" is a live big blind plus a dead small blind. Players who put in nothing are
    left out.

    >>> from potengine.histories.pokerstars import parse_text
    >>> hand = parse_text(open("tests/data/pokerstars/side_pots.txt").read())[0]
    >>> contributions_from_lines(hand)
    ({'Alice': 40, 'Bilal': 100, 'Chloé': 100}, frozenset(), [])
    """
    players = hand.players
    spent: dict[str, Amount] = {p: 0 for p in players}
    folded: set[str] = set()
    problems: list[str] = []
    street = None
    bets: dict[str, Amount] = {}
    current: Amount = 0
    for action in hand.actions:
        p = action.player
        where = f"line {action.line} ({action.text})"
        if action.street != street:
            street, bets, current = action.street, {q: 0 for q in players}, 0
        if p in folded:
            problems.append(f"{where}: {p} acts after folding")
        kind = action.kind
        if kind == "ante":
            spent[p] += action.amount
        elif kind in ("small blind", "big blind", "blinds"):
            live = action.amount
            if kind == "blinds" and hand.big_blind is not None:
                live = min(action.amount, hand.big_blind)
            spent[p] += action.amount
            bets[p] += live
            current = max(current, bets[p])
            if kind != "small blind" and hand.big_blind is not None:
                current = max(current, hand.big_blind)   # a short big blind does not lower the bet
        elif kind == "fold":
            folded.add(p)
        elif kind == "check":
            if bets[p] < current:
                problems.append(f"{where}: {p} checks facing a bet of {fmt(current)}")
        elif kind == "call":
            owed = current - bets[p]
            if action.amount > owed or (action.amount < owed and not action.all_in):
                problems.append(
                    f"{where}: {p} calls {fmt(action.amount)}, but the call was {fmt(owed)}"
                )
            spent[p] += action.amount
            bets[p] += action.amount
        elif kind == "bet":
            if current > 0 and street != "preflop":
                problems.append(f"{where}: {p} bets while facing a bet of {fmt(current)}")
            spent[p] += action.amount
            bets[p] += action.amount
            current = max(current, bets[p])
        elif kind == "raise":
            if action.to - current != action.amount or action.to <= current:
                problems.append(
                    f"{where}: {p} raises {fmt(action.amount)} to {fmt(action.to)}, but the bet "
                    f"was {fmt(current)} (a raise to {fmt(action.to)} is {fmt(action.to - current)} more)"
                )
            spent[p] += action.to - bets[p]
            bets[p] = action.to
            current = max(current, action.to)
        if action.all_in and spent[p] != hand.stack(p):
            problems.append(
                f"{where}: {p} is all-in after putting in {fmt(spent[p])}, "
                f"but started with {fmt(hand.stack(p))}"
            )
        if spent[p] > hand.stack(p):
            problems.append(
                f"{where}: {p} has put in {fmt(spent[p])}, more than the stack of {fmt(hand.stack(p))}"
            )
    chip = hand.chip
    for p, amount in spent.items():
        if amount % chip:
            problems.append(f"{p} put in {fmt(amount)}, not a whole number of {fmt(chip)} chips")
    contributions = {p: spent[p] for p in players if spent[p] > 0}
    return contributions, frozenset(p for p in folded if p in contributions), problems


def dead_money(hand: HandHistory) -> dict[str, Amount]:
    """Chips posted dead: they go into the main pot but match no bet.

    The dead small blind of "posts small & big blinds", and a big-blind ante (an ante posted by
    the big blind alone, for the whole table). Antes that every player posts are counted like any
    other chip: each player's ante is matched by the others'.

    >>> from potengine.histories.pokerstars import read_file
    >>> dead_money(read_file("tests/data/pokerstars/tournament_antes.txt")[0])
    {}
    """
    dead: dict[str, Amount] = {}
    big = [a.player for a in hand.actions if a.kind == "big blind"]
    antes = [a for a in hand.actions if a.kind == "ante"]
    if len(antes) == 1 and big and antes[0].player == big[0] and len(hand.players) > 2:
        dead[antes[0].player] = antes[0].amount
    for a in hand.actions:
        if a.kind == "blinds" and hand.big_blind is not None and a.amount > hand.big_blind:
            dead[a.player] = dead.get(a.player, 0) + a.amount - hand.big_blind
    return dead


def betting_structure(header: str) -> str | None:
    """The betting structure a PokerStars header names: no limit, pot limit or fixed limit.

    >>> [betting_structure(h) for h in ("Hold'em No Limit ($0.05/$0.10)",
    ...  "Hold'em Pot Limit (1/2)", "Hold'em Limit (2/4)", "Razz (2/4)")]
    ['no limit', 'pot limit', 'fixed limit', None]
    """
    if "No Limit" in header:
        return "no limit"
    if "Pot Limit" in header:
        return "pot limit"
    if re.search(r"\bLimit\b", header):
        return "fixed limit"
    return None


def replay(hand: HandHistory, contributions: Mapping[str, Amount]) -> tuple[bool, list[str], list[str]]:
    """Play the history's actions through the hand model of :mod:`potengine.play.hand`.

    Returns whether the replay ran, notes, and problems: an action the engine refuses (with the
    line and the rule), or a player whose total differs from the lines' street totals. Hands the
    model cannot set up the same way (dead or missing blinds, blinds out of position, a dead
    button, uneven antes) are not replayed; the contributions then come from the lines alone.
    No-limit, pot-limit and fixed-limit hands are replayed under their own betting rules.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file("tests/data/pokerstars/uncalled.txt")[1]
    >>> replay(hand, contributions_from_lines(hand)[0])
    (True, ['Replayed with the hand model: every action is legal and the totals agree'], [])
    """
    skip = "Not replayed with the hand model ({}): totals from the history's lines"
    kind = betting_structure(hand.header)
    if kind is None:
        return False, [skip.format("the header names no betting structure")], []
    acting = {a.player for a in hand.actions}
    dealt = [s.player for s in hand.seats if s.player in acting]
    posts = [a for a in hand.actions if a.kind in ("ante", "small blind", "big blind", "blinds")]
    if any(a.kind == "blinds" for a in posts) or len(dealt) < 2 or hand.button not in dealt:
        return False, [skip.format("dead blinds or a dead button")], []
    ante_posts = [a for a in posts if a.kind == "ante"]
    antes = {a.amount for a in ante_posts if not a.all_in}
    small = [a for a in posts if a.kind == "small blind"]
    big = [a for a in posts if a.kind == "big blind"]
    if len(antes) > 1 or len(small) != 1 or len(big) != 1:
        return False, [skip.format("missing or extra blinds, or uneven antes")], []
    big_blind_ante = len(ante_posts) == 1 and ante_posts[0].player == big[0].player and len(dealt) > 2
    if ante_posts and not big_blind_ante and len(ante_posts) != len(dealt):
        return False, [skip.format("only some players posted an ante")], []
    if kind == "fixed limit":
        # "Hold'em Limit (2/4)" names the small and big bets; the blinds are what was posted.
        sb, bb = small[0].amount, big[0].amount
        if hand.small_bet is None or hand.big_bet is None:
            return False, [skip.format("a limit hand without its bet sizes")], []
    else:
        sb = hand.small_blind if hand.small_blind is not None else small[0].amount
        bb = hand.big_blind if hand.big_blind is not None else big[0].amount
    try:
        if kind == "fixed limit":
            structure = FixedLimit(big_blind=bb, small_bet=hand.small_bet, big_bet=hand.big_bet)
        else:
            structure = (PotLimit if kind == "pot limit" else NoLimit)(big_blind=bb)
        game = start_hand(
            {p: hand.stack(p) for p in dealt}, small_blind=sb, big_blind=bb,
            button=hand.button, ante=max(antes or {a.amount for a in ante_posts}, default=0),
            big_blind_ante=big_blind_ante, chip=hand.chip, structure=structure,
        )
    except PotEngineError as err:
        return False, [skip.format(str(err))], []
    sb_seat, bb_seat = game.setup.small_blind_seat, game.setup.big_blind_seat
    if dealt[sb_seat] != small[0].player or dealt[bb_seat] != big[0].player:
        return False, [skip.format("blinds out of the usual position")], []
    for action in hand.actions:
        if action in posts:
            continue
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
                game = game.raise_to(action.player, action.to)
        except PotEngineError as err:    # IllegalActionError, or an amount the model refuses
            return True, [], [f"line {action.line} ({action.text}): the hand model refuses it: {err}"]
    problems = []
    if game.actor is not None:
        problems.append(f"the history stops, but the hand model still waits for {game.to_act} to act")
    for player, amount in game.contributions.items():
        if amount != contributions.get(player, 0):
            problems.append(
                f"{player}: the hand model makes {fmt(amount)} put in, "
                f"the history's lines {fmt(contributions.get(player, 0))}"
            )
    return True, ["Replayed with the hand model: every action is legal and the totals agree"], problems


# ----------------------------------------------------------------------------------------------
# Helpers for words
# ----------------------------------------------------------------------------------------------
def pot_label(index: int, count: int) -> str:
    """PokerStars' name for pot ``index`` of ``count``: "pot", "main pot", "side pot", "side pot-2".

    >>> [pot_label(i, 3) for i in range(3)], pot_label(0, 1), pot_label(1, 2)
    (['main pot', 'side pot-1', 'side pot-2'], 'pot', 'side pot')
    """
    if count <= 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{index}"


def _chips(n: Amount) -> str:
    return f"{fmt(n)} chip" + ("" if n == 1 else "s")


def _gap(history: Amount, engine: Amount) -> str:
    if history > engine:
        return f"{_chips(history - engine)} unexplained"
    return f"{_chips(engine - history)} missing"


def _payments(pays: Mapping[str, Amount]) -> str:
    items = [f"{p} {fmt(a)}" for p, a in pays.items() if a]
    if not items:
        return "nobody anything"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _step(number: int, ok_notes: Sequence[str], problems: Sequence[str]) -> AuditStep:
    findings = [f if f.endswith((".", ")")) else f + "." for f in (problems or ok_notes)]
    return AuditStep(number, STEP_TITLES[number - 1], not problems, tuple(findings))


# ----------------------------------------------------------------------------------------------
# The audit
# ----------------------------------------------------------------------------------------------
def audit_hand(hand: HandHistory, *, rake: Rake | None = None) -> HandAudit:
    """Replay ``hand`` with the engine and compare it with the history, pot by pot.

    ``rake`` is an optional policy for cash games: given, the history's rake is also checked
    against it (a tournament hand must show no rake).

    >>> from potengine.histories.pokerstars import read_file
    >>> hands = read_file("tests/data/pokerstars/side_pots.txt")
    >>> [audit_hand(h).consistent for h in hands]
    [True, True, True]
    >>> bad = read_file("tests/data/pokerstars/wrong_pot_off_by_one.txt")[0]
    >>> audit_hand(bad).differences[0]
    'side pot-1: history says 91, the chips put in make 90: 1 chip unexplained'
    """
    differences: list[str] = []
    steps: list[AuditStep] = []
    contributions, folded, problems = contributions_from_lines(hand)
    live = [p for p in contributions if p not in folded]
    notes = [
        "Put in: " + ", ".join(f"{p} {fmt(a)}" for p, a in contributions.items()) + "; "
        + (f"folded: {', '.join(p for p in contributions if p in folded)}" if folded else "nobody folded")
    ]
    _, replay_notes, replay_problems = replay(hand, contributions)
    problems = problems + replay_problems
    notes += replay_notes
    steps.append(_step(1, notes, problems))
    differences += problems

    layout: PotLayout | None = None
    try:
        layout = build_pots(contributions, folded, dead=dead_money(hand))
    except PotEngineError as err:
        message = f"the chips put in cannot be formed into pots: {err}"
        differences.append(message)
        steps.append(_step(2, (), [message]))
    if layout is None:
        return HandAudit(hand, contributions, folded, tuple(steps), tuple(differences), None, "collected lines")

    # Step 2: the uncalled part ------------------------------------------------------------
    problems, notes = [], []
    said: dict[str, Amount] = {}
    for player, amount in hand.returned:
        said[player] = said.get(player, 0) + amount
    for player in dict.fromkeys([*layout.refunds, *said]):
        ours, theirs = layout.refunds.get(player, 0), said.get(player, 0)
        if ours == theirs:
            notes.append(f"{fmt(ours)} of {player}'s chips were matched by nobody and go back to {player}")
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
    steps.append(_step(2, notes or ["every bet was matched: nothing goes back"], problems))
    differences += problems

    # Step 3: tiers, rake -------------------------------------------------------------------
    problems, notes = [], []
    amounts = [pot.amount for pot in layout.pots]
    total_in_pots = sum(amounts, start=0)
    withheld: tuple[Amount, ...] = (0,) * len(amounts)
    try:
        withheld = take_rake(amounts, hand.rake, chip=hand.chip)
    except PotEngineError as err:
        problems.append(f"rake: history withholds {fmt(hand.rake)}, but {err}")
    if rake is not None:
        expected = 0 if hand.tournament else rake.amount_for(
            total_in_pots, flop_seen=hand.flop_seen, chip=hand.chip
        )                                             # tournaments are never raked
        if expected != hand.rake:
            problems.append(
                f"rake: history withholds {fmt(hand.rake)}, the rake policy makes {fmt(expected)} "
                f"on a pot of {fmt(total_in_pots)}: {_gap(hand.rake, expected)}"
            )
    pots = tuple(replace(pot, rake=w) for pot, w in zip(layout.pots, withheld))
    reported = hand.pots_reported
    count = max(len(pots), len(reported))
    if len(reported) != len(pots):
        ours = ", ".join(
            f"{pot_label(i, len(pots))} {fmt(p.awarded)} ({', '.join(p.eligible)})" for i, p in enumerate(pots)
        )
        problems.append(
            f"history lists {len(reported)} pot{'s' if len(reported) != 1 else ''}, "
            f"the chips put in make {len(pots)}: {ours}"
        )
    for i, (pot, theirs) in enumerate(zip(pots, reported)):
        name = pot_label(i, count)
        made = f"make {fmt(pot.amount)}" + (
            f", less {fmt(pot.rake)} rake, {fmt(pot.awarded)}" if pot.rake else ""
        )
        if theirs != pot.awarded:
            problems.append(f"{name}: history says {fmt(theirs)}, the chips put in {made}: {_gap(theirs, pot.awarded)}")
        else:
            notes.append(f"{name} {pot.formula}" + (f", less {fmt(pot.rake)} rake" if pot.rake else ""))
    if hand.main_pot is not None:
        listed = hand.main_pot + sum(hand.side_pots, start=0) + hand.rake
        if listed != hand.total_pot:
            problems.append(
                f"summary: main pot and side pots plus rake make {fmt(listed)}, "
                f"but the total pot says {fmt(hand.total_pot)}: {_gap(listed, hand.total_pot)}"
            )
    returned = sum(layout.refunds.values(), start=0)
    if hand.total_pot != total_in_pots:
        problems.append(
            f"total pot: history says {fmt(hand.total_pot)}, the chips put in "
            f"({fmt(layout.total)}) less the {fmt(returned)} returned make {fmt(total_in_pots)}: "
            f"{_gap(hand.total_pot, total_in_pots)}"
        )
    steps.append(_step(3, notes, problems))
    differences += problems

    # Step 4: eligibility ----------------------------------------------------------------------
    problems, notes = [], []
    for c in hand.collections:
        name = pot_label(c.pot, count) if c.label != "pot" else "pot"
        if c.pot >= len(pots):
            problems.append(
                f"{c.label}: history pays {c.player} {fmt(c.amount)} from a pot the chips put in "
                f"do not make (they make {len(pots)})"
            )
            continue
        pot = pots[c.pot]
        if c.player in pot.eligible:
            continue
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
    for i, pot in enumerate(pots):
        notes.append(f"{pot_label(i, len(pots))}: {', '.join(pot.eligible)}")
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
        pays[c.player] = pays.get(c.player, 0) + c.amount
    clashes = duplicate_cards(hand)
    problems += clashes
    tiers, source, described = _ranking(
        hand, live, pots, [*paid, *(beyond[i] for i in sorted(beyond))], notes, cards_ok=not clashes
    )
    order = odd_chip_order(layout.seats, _button(hand, layout.seats))
    awarded = []
    for i, pot in enumerate(pots):
        won = award(pot, tiers, order=order, chip=hand.chip)
        awarded.append(won)
        theirs = {p: a for p, a in paid[i].items() if a}
        ours = {p: a for p, a in won.shares.items() if a}
        name = pot_label(i, count)
        if theirs != ours:
            odd = ""
            if set(theirs) == set(ours) and len(ours) > 1 and sum(theirs.values()) == sum(ours.values()):
                first = next(p for p in order if p in won.winners)
                odd = f" (the odd chip goes to the first winner left of the button, {first})"
            problems.append(f"{name}: history pays {_payments(theirs)}, the engine pays {_payments(ours)}{odd}")
        else:
            split = " (split, odd chips from the button)" if len(won.winners) > 1 else ""
            notes.append(f"{name} to {_payments(ours)}{split}")
    for i in sorted(beyond):
        if beyond[i]:
            problems.append(f"side pot-{i}: history pays {_payments(beyond[i])} from a pot that does not exist")
    steps.append(_step(5, notes, problems))
    differences += problems

    # Step 6: conservation -----------------------------------------------------------------------
    problems, notes = [], []
    paid_out = sum((c.amount for c in hand.collections), start=0)
    given_back = sum((a for _, a in hand.returned), start=0)
    accounted = paid_out + given_back + hand.rake
    put_in = sum(contributions.values(), start=0)
    if accounted != put_in:
        problems.append(
            f"history pays {fmt(paid_out)}, returns {fmt(given_back)} and withholds {fmt(hand.rake)}, "
            f"{fmt(accounted)} in all, but the players put in {fmt(put_in)}: {_gap(accounted, put_in)}"
        )
    else:
        notes.append(
            f"paid {fmt(paid_out)} + returned {fmt(given_back)} + withheld {fmt(hand.rake)} "
            f"= put in {fmt(put_in)}"
        )
    collected: dict[str, Amount] = {}
    for c in hand.collections:
        collected[c.player] = collected.get(c.player, 0) + c.amount
    if hand.summary_won:
        for player in dict.fromkeys([*collected, *hand.summary_won]):
            lines_say, summary_says = collected.get(player, 0), hand.summary_won.get(player, 0)
            if lines_say != summary_says:
                problems.append(
                    f"{player}: the summary says {player} won {fmt(summary_says)}, the collected lines "
                    f"say {fmt(lines_say)}: {_gap(summary_says, lines_say)}"
                )
    steps.append(_step(6, notes, problems))
    differences += problems

    settlement = _settlement(layout, tuple(awarded), tiers, _button(hand, layout.seats), hand.chip)
    return HandAudit(hand, contributions, folded, tuple(steps), tuple(differences), settlement, source)


def _button(hand: HandHistory, seats: Sequence[str]) -> str:
    """The button, or the nearest player before it who is in the pots (same odd-chip order)."""
    numbers = {s.player: s.number for s in hand.seats}
    before = [p for p in seats if numbers[p] <= hand.button_seat]
    return (before or list(seats))[-1]


def duplicate_cards(hand: HandHistory) -> list[str]:
    """A difference in words for every card the history deals twice (board and shown hands).

    A deck holds each card once: a shown card that is also on the board, or shown by two
    players, or a board card dealt twice, makes the history impossible.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file("tests/data/pokerstars/side_pots.txt")[0]
    >>> duplicate_cards(hand)
    []
    >>> from dataclasses import replace
    >>> duplicate_cards(replace(hand, shown={**hand.shown, "Chloé": ("Kd", "Ad")}))
    ['cards: Kd is dealt twice (on the board and shown by Chloé)']
    """
    seen: dict[str, str] = {}
    problems: list[str] = []
    places = [(card, "on the board") for card in hand.board]
    places += [(card, f"shown by {player}") for player, cards in hand.shown.items() for card in cards]
    for card, where in places:
        key = "T" + card[-1] if card.startswith("10") else card    # "10c" is "Tc"
        if key in seen:
            first = seen[key]
            both = f"{first} and {where}" if first != where else f"twice {where}"
            problems.append(f"cards: {card} is dealt twice ({both})")
        else:
            seen[key] = where
    return problems


def _ranking(hand, live, pots, paid, notes, *, cards_ok=True):
    """Tiers best first: from the shown cards if every live player showed, else the collections."""
    if len(live) == 1:
        notes.append(f"everybody else folded: {live[0]} takes the pot")
        return ((live[0],),), "folds", None
    if not cards_ok:
        notes.append("the shown cards are impossible: the collected lines say who won each pot")
    elif all(p in hand.shown for p in live) and len(hand.board) == 5:
        try:
            tiers, values = rank_players({p: " ".join(hand.shown[p]) for p in live}, " ".join(hand.board))
        except PotEngineError as err:
            notes.append(f"the shown cards cannot be ranked ({err}); the collected lines decide")
        else:
            notes.append(
                "cards: " + " > ".join(" = ".join(t) for t in tiers)
                + " (" + "; ".join(f"{p}: {values[p].description}" for t in tiers for p in t) + ")"
            )
            return tuple(tuple(t) for t in tiers), "cards", values
    if cards_ok:
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
    return tuple(tiers), "collected lines", None


def _settlement(layout, pots, tiers, button, chip) -> Settlement:
    seats = layout.seats
    winnings = {p: sum((pot.shares.get(p, 0) for pot in pots), start=0) for p in seats}
    payouts = {p: winnings[p] + layout.refunds.get(p, 0) for p in seats}
    net = {p: payouts[p] - layout.contributions[p] for p in seats}
    return Settlement(
        layout=layout, pots=pots, ranking=tiers, button=button, chip=chip,
        winnings=winnings, payouts=payouts, net=net,
    )


@dataclass(frozen=True)
class FileAudit:
    """The audits of every readable hand of a file, and the errors of the unreadable ones."""

    name: str
    audits: tuple[HandAudit, ...]
    errors: tuple[HandHistoryError, ...]


def audit_file(path, *, rake: Rake | None = None) -> FileAudit:
    """Read a file of hand histories and audit every hand; unreadable hands are kept as errors.

    >>> result = audit_file("tests/data/pokerstars/unreadable.txt")
    >>> [a.consistent for a in result.audits], [str(e)[:30] for e in result.errors]
    ([True, True], ['hand #250000000702, line 28: c'])
    """
    import os

    audits: list[HandAudit] = []
    errors: list[HandHistoryError] = []
    for hand in read_file(path):
        if isinstance(hand, HandHistoryError):
            errors.append(hand)
            continue
        try:
            audits.append(audit_hand(hand, rake=rake))
        except PotEngineError as err:   # a safety net: audit_hand reports problems in words
            errors.append(HandHistoryError(f"hand #{hand.hand_id}: cannot be audited: {err}"))
    return FileAudit(os.path.basename(os.fspath(path)), tuple(audits), tuple(errors))
