"""What a room does not state, filled in from the chips put in before the auditor checks a hand.

Rooms write different things (see :mod:`potengine.histories.record`): Winamax never writes an
uncalled bet going back, iPoker and 888 write no rake and no total pot, GGPoker's collections
never name the pot. A reader marks what its room does not state in
:attr:`~potengine.histories.record.HandHistory.not_stated`; :func:`fill_unstated` fills each of
those in from the pots the chips make, so that the auditor's checks (the one set for every room)
run unchanged, and writes one remark saying what was filled in and is therefore not checked:

- the **returns** (:data:`~potengine.histories.record.RETURNS`): the engine's unmatched chips
  are the returns. A room that pays them inside a collection (Winamax), as a collection of their
  own (partypoker, 888) or not at all is never wrong for it: when the collections hold more than
  the pots (less any stated rake), the returned part is taken out of the player's collections
  (a collection of exactly that amount first, else his largest one);
- the **rake** (:data:`~potengine.histories.record.RAKE`): what the pots hold beyond the
  collections is taken as withheld (a rake policy given to the auditor is still checked on it);
- the **total pot** (:data:`~potengine.histories.record.TOTAL`): the pots' total;
- **which pot each collection is from** (:data:`~potengine.histories.record.POT_NAMES`): each
  player's winnings (run by run in a hand run more than once) are placed main pot first, the
  players who can win the fewest pots (the shortest stacks) placed first, none beyond what a pot
  holds after the rake, and what is left over in the last pot he can win (where the auditor then
  names it).

Money the room adds (:attr:`~potengine.histories.record.HandHistory.added`, a cash drop) goes
into the main pot before the rake, as :mod:`potengine.pots.fees` has it.

>>> from potengine.histories.record import Collection, HandHistory, Seat, POT_NAMES, RAKE, RETURNS
>>> from potengine.pots.layout import build_pots
>>> hand = HandHistory(
...     hand_id="1", first_line=1, header="", tournament=None, small_blind=1, big_blind=2,
...     currency=False, table="", button_seat=1, seats=(Seat(1, "Ann", 100), Seat(2, "Bo", 100)),
...     actions=(), returned=(), board=(), shown={}, total_pot=0, main_pot=None, side_pots=(),
...     collections=(Collection(9, "Ann", 58, 0, "pot"),), rake=0,
...     not_stated=frozenset({RAKE, RETURNS, POT_NAMES}))
>>> layout = build_pots({"Ann": 40, "Bo": 20})
>>> filled, _, remarks = fill_unstated(hand, layout)
>>> filled.returned, filled.rake, [(c.player, c.amount, c.label) for c in filled.collections]
((('Ann', 20),), 2, [('Ann', 38, 'pot')])
>>> for part in remarks[0].split("; "):
...     print(part)
not stated by the room, so not checked: the returns (the engine's: 20 to Ann
paid inside Ann's collected amount)
the rake (the 2 the collections leave of the pots is taken as withheld)
which pot each collection is from (placed main pot first)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from types import MappingProxyType

from ..chips import Amount
from ..chips import format_amount as fmt
from ..errors import joined, said
from ..pots.layout import Pot, PotLayout, rebuilt
from ..pots.rake import spread_in_proportion
from ..pots.runs import divide_runs
from .record import POT_NAMES, RAKE, RETURNS, SIDE_POTS, TOTAL, Collection, HandHistory, pot_label
from .record import record as _record
from .verdicts import semicolons

# What is filled in, said once (a hand of a room that leaves these out says them every time).
_NO_RETURNS = said("the returns (every chip was matched: none)")
_TOTAL = said("the total pot")
_SIZES = said("each pot's size (the total pot alone is stated)")
_PLACED = said("which pot each collection is from (placed main pot first)")


def fill_unstated(hand: HandHistory, layout: PotLayout) -> tuple[HandHistory, PotLayout, list[str]]:
    """``hand`` with what its room does not state filled in from ``layout`` (the pots the chips
    put in make), ``layout`` with the room's added money in the main pot, and the remarks saying
    what was filled in (see the module's notes). A hand that states everything comes back as it
    is, with no remark."""
    if not hand.not_stated and not hand.added:
        return hand, layout, []
    if hand.added:
        first = layout.pots[0]
        more = dict(first.added)
        for name, amount in hand.added:
            more[name] = more[name] + amount if name in more else amount
        pots = (rebuilt(first, amount=first.amount + hand.added_total, added=more), *layout.pots[1:])
        layout = rebuilt(layout, pots=pots)
    unstated = hand.not_stated
    if not unstated:
        return hand, layout, []
    chip = hand.chip
    in_pots = sum((pot.amount for pot in layout.pots), start=0 * chip)
    collections = list(hand.collections)
    changes: dict[str, object] = {}
    filled: list[str] = []
    if RETURNS in unstated:
        changes["returned"] = tuple(layout.refunds.items())
        stated_rake = hand.rake if RAKE not in unstated else 0 * chip
        before = _by_player(collections)
        collections, how = _returns_taken_out(
            collections, layout.refunds, in_pots - stated_rake, rake_known=RAKE not in unstated
        )
        if hand.summary_won and how:  # a summary that says what the collections said holds the returns too
            after = _by_player(collections)
            won = _summary_without_returns(hand.summary_won, before, after)
            changes["summary_won"] = MappingProxyType(won)  # (as HandHistory keeps it)
        if layout.refunds:
            given = joined(
                [said("{amount} to {player}", amount=fmt(a), player=p) for p, a in layout.refunds.items()]
            )
            if how:
                filled.append(
                    said("the returns (the engine's: {returns}; {how})", returns=given, how=semicolons(how))
                )
            else:
                filled.append(said("the returns (the engine's: {returns})", returns=given))
        else:
            filled.append(_NO_RETURNS)
    rake = hand.rake
    if RAKE in unstated:
        left = in_pots - sum((c.amount for c in collections), start=0 * chip)
        rake = left if left > 0 and left % chip == 0 else 0 * chip  # else the conservation check names it
        changes["rake"] = rake
        changes["withheld"] = ()
        filled.append(
            said(
                "the rake (the {amount} the collections leave of the pots is taken as withheld)",
                amount=fmt(rake),
            )
        )
    if TOTAL in unstated:
        changes.update(total_pot=in_pots, main_pot=None, side_pots=())
        filled.append(_TOTAL)
    elif SIDE_POTS in unstated and len(layout.pots) > 1:
        filled.append(_SIZES)
    if POT_NAMES in unstated:
        collections = _placed(collections, layout.pots, rake, chip, len(hand.runs))
        filled.append(_PLACED)
    changes["collections"] = tuple(collections)
    remarks: list[str] = (
        [said("not stated by the room, so not checked: {what}", what=semicolons(filled))] if filled else []
    )
    return _with(hand, changes), layout, remarks


def _with(hand: HandHistory, changes: Mapping[str, object]) -> HandHistory:
    """``hand`` with ``changes``, as :func:`dataclasses.replace` would make it (its ``__init__``
    run field by field cost more than the rest of this module), the values that its cached
    properties worked out kept: none of them reads a field changed here (the returns, the
    rake, the totals, the collections)."""
    filled = object.__new__(HandHistory)
    filled.__dict__.update(hand.__dict__)
    filled.__dict__.update(changes)
    return filled


def _by_player(collections: Sequence[Collection]) -> dict[str, Amount]:
    """What the collections pay each player, over every pot and run."""
    paid: dict[str, Amount] = {}
    for c in collections:
        paid[c.player] = paid[c.player] + c.amount if c.player in paid else c.amount
    return paid


def _returns_taken_out(
    collections: list[Collection], refunds: Mapping[str, Amount], holds: Amount, *, rake_known: bool = True
) -> tuple[list[Collection], list[str]]:
    """The collections without the returned chips a room paid inside them, and how each was paid.

    ``holds`` is what the pots hold for the collections (after any stated rake): only when the
    collections add up to more is a return looked for inside them. When the rake is not stated
    (``rake_known`` false) an unknown rake may hide the excess, so a collection of exactly the
    returned amount is still taken as the return (partypoker pays it as a "side pot" of its own),
    though never the only collection: that one pays the pot (iPoker's win= of a hand won
    uncalled can equal the return to the chip).
    """
    how: list[str] = []
    for player, back in refunds.items():
        excess = sum((c.amount for c in collections), start=0 * back) - holds
        if excess <= 0 and rake_known:
            break  # the collections leave the returns out
        mine = [i for i, c in enumerate(collections) if c.player == player]
        own = next((i for i in mine if collections[i].amount == back), None)
        if own is not None and (excess > 0 or len(collections) > 1):  # (the pot is paid by another)
            del collections[own]
            how.append(said("paid back to {player} in a collection of its own", player=player))
            continue
        if excess <= 0:
            continue  # the rake is not known: no other collection is taken for the return
        if not mine:
            continue
        largest = max(mine, key=lambda i: collections[i].amount)
        if collections[largest].amount < back:
            continue
        paid = collections[largest]
        collections[largest] = _record(Collection, **{**paid.__dict__, "amount": paid.amount - back})
        how.append(said("paid inside {player}'s collected amount", player=player))
    return collections, how


def _summary_without_returns(
    summary: Mapping[str, Amount], before: Mapping[str, Amount], after: Mapping[str, Amount]
) -> dict[str, Amount]:
    """The summary's winnings, the returns taken out of each player's figure that holds them as
    his collections did (``before`` and ``after`` the returns were taken out of them): a room that
    pays a return inside a collection writes it in the summary too (Winamax), so the summary is
    compared with the collections on the same footing and a gap between the two is the room's
    own. A figure nearer the collections without the returns (a summary that leaves them out, as
    PokerStars' does) stays as written.

    >>> _summary_without_returns({"Ann": 7, "Bo": 3}, {"Ann": 9, "Bo": 3}, {"Ann": 7, "Bo": 3})
    {'Ann': 7, 'Bo': 3}
    >>> _summary_without_returns({"Ann": 9}, {"Ann": 9}, {"Ann": 7})
    {'Ann': 7}
    """
    won: dict[str, Amount] = {}
    for player, figure in summary.items():
        had, has = before.get(player, 0 * figure), after.get(player, 0 * figure)
        holds_them = abs(Decimal(figure - had)) < abs(Decimal(figure - has))
        won[player] = figure - (had - has) if holds_them else figure
    return won


def _placed(
    collections: Sequence[Collection], pots: Sequence[Pot], rake: Amount, chip: Amount, runs: int
) -> list[Collection]:
    """Each player's collections placed in the pots, main pot first (see the module's notes)."""
    if not pots:  # one player alone put chips in: no pot to place them in (the auditor names them)
        return list(collections)
    if len(pots) == 1:
        return _in_one_pot(collections, pots[0])
    amounts = [pot.amount for pot in pots]
    cuts = spread_in_proportion(amounts, rake, chip=chip) if rake else (0 * chip,) * len(pots)
    whole = [a - c for a, c in zip(amounts, cuts, strict=True)]
    count = len(pots)
    placed: list[Collection] = []
    for run in dict.fromkeys(c.run for c in collections):
        if run and runs > 1:
            room = [divide_runs(w, runs, chip=chip)[run - 1] if w else w for w in whole]
        else:
            room = list(whole)
        totals: dict[str, Amount] = {}
        first: dict[str, Collection] = {}
        for c in collections:
            if c.run == run:
                totals[c.player] = totals[c.player] + c.amount if c.player in totals else c.amount
                first.setdefault(c.player, c)
        where = {p: [i for i, pot in enumerate(pots) if p in pot.eligible] for p in totals}
        seat = {p: n for n, p in enumerate(totals)}
        for player in sorted(totals, key=lambda p: (len(where[p]) or count + 1, seat[p])):
            left, line = totals[player], first[player].line
            eligible = where[player] or [0]  # in no pot: main pot, where the auditor names it
            for i in eligible:
                take = left if i == eligible[-1] else min(left, room[i])
                if take > 0 or (i == eligible[0] and left == 0):
                    placed.append(
                        _record(
                            Collection,
                            line=line,
                            player=player,
                            amount=take,
                            pot=i,
                            label=pot_label(i, count),
                            run=run,
                        )
                    )
                    room[i] -= take
                    left -= take
                if left <= 0:
                    break
    return placed


def _in_one_pot(collections: Sequence[Collection], pot: Pot) -> list[Collection]:
    """:func:`_placed` for a hand of one pot (most hands), without its sums for side pots: each
    player's collections of a run in one, the players the pot is open to first, in the order they
    were paid, the others after them (a negative total placed nowhere, as there)."""
    placed: list[Collection] = []
    eligible = pot.eligible
    for run in dict.fromkeys(c.run for c in collections):
        totals: dict[str, Amount] = {}
        first: dict[str, int] = {}
        for c in collections:
            if c.run == run:
                player = c.player
                if player in totals:
                    totals[player] += c.amount
                else:
                    totals[player], first[player] = c.amount, c.line
        inside = [p for p in totals if p in eligible]
        for player in (
            inside if len(inside) == len(totals) else inside + [p for p in totals if p not in eligible]
        ):
            total = totals[player]
            if total >= 0:
                placed.append(
                    _record(
                        Collection,
                        line=first[player],
                        player=player,
                        amount=total,
                        pot=0,
                        label="pot",
                        run=run,
                    )
                )
    return placed


def placed_as_awarded(
    paid: Sequence[Mapping[str, Amount]], shares: Sequence[Mapping[str, Amount]]
) -> list[dict[str, Amount]]:
    """What a room that does not name its pots paid from each pot, placed the way the engine
    awards them: each player's collections, pot by pot, up to his share of each pot; anything
    left over stays in the last pot he was first placed in (where the auditor names the gap).

    The placement main pot first (:func:`fill_unstated`) cannot tell which of two players won
    the main pot and which the side pot when only their totals are written; the engine's award
    can, once it is known. A room is consistent when every player's total is what the engine
    gives him.

    >>> placed_as_awarded([{"Bo": 40}, {"Cy": 60}], [{"Cy": 60}, {"Bo": 40}])  # as the engine pays
    [{'Cy': 60}, {'Bo': 40}]
    >>> placed_as_awarded([{"Bo": 60}, {"Cy": 40}], [{"Cy": 60}, {"Bo": 40}])  # 20 to the wrong one
    [{'Cy': 40, 'Bo': 20}, {'Bo': 40}]
    """
    totals: dict[str, Amount] = {}
    last: dict[str, int] = {}
    for i, pays in enumerate(paid):
        for player, amount in pays.items():
            totals[player] = totals[player] + amount if player in totals else amount
            last[player] = i
    placed: list[dict[str, Amount]] = [{} for _ in paid]
    for i, share in enumerate(shares):
        for player, amount in share.items():
            have = totals.get(player)
            if amount and have:
                take = min(amount, have)
                placed[i][player] = take
                totals[player] = have - take
    for player, left in totals.items():
        if left or not any(player in pays for pays in placed):
            here = placed[last[player]]
            here[player] = here[player] + left if player in here else left
    return placed
