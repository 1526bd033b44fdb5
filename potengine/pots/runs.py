"""Running it twice (or three or four times): each pot divided by the runs, each part awarded apart.

When the players all-in agree to run the rest of the board more than once, or a bomb pot deals two
boards at once, the pots are formed and raked exactly as for a hand dealt once. Then, pot by pot:

1. a pot that only one player can still win is **not run**: it is paid once, to him;
2. every other pot is **divided by the runs** into equal parts, one per run, in whole chips of the
   smallest denomination (:func:`divide_runs`); what does not divide goes to the earliest runs,
   one chip each, in run order: with two runs, the odd chip (or cent) goes to the first run;
3. each run's part goes to the best hand(s) *of that run* among the pot's eligible players, with
   the rules of a pot dealt once (:mod:`potengine.pots.split`: ties split, odd chips one each
   clockwise from the button); in hi-lo each run's part is itself cut into a high and a low half
   (:mod:`potengine.pots.hilo`).

The rake (and any fee) is taken per hand before the division, from the pots as they are formed
(:func:`potengine.pots.rake.take_rake`): a run divides what is left in its pot. A double-board
bomb pot is the same rule with the two boards dealt together (each pot half per board).

>>> from potengine import settle
>>> result = settle({"Alice": 100, "Bilal": 101}, runs=[["Alice", "Bilal"], ["Bilal", "Alice"]])
>>> [(part.name, part.amount, dict(part.shares)) for part in result.pots[0].runs]
[('Run 1', 100, {'Alice': 100}), ('Run 2', 100, {'Bilal': 100})]
>>> dict(result.payouts)
{'Alice': 100, 'Bilal': 101}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from ..cards.deck import Card
from ..chips import Amount
from ..errors import InputError, PotEngineError, message_of, said
from .hilo import award_hilo
from .layout import EMPTY, Pot, _frozen, built
from .ranking import Tiers
from .split import pot_winners, split_pot

RunOddChips = Literal["in run order", "all to run 1"]
"""Where the chips go that do not divide evenly between the runs (see :func:`divide_runs`)."""

RUN_ODD_CHIPS: tuple[RunOddChips, ...] = ("in run order", "all to run 1")

MAX_RUNS = 4
"""The most runs :func:`~potengine.pots.settlement.settle` accepts (rooms offer two or three)."""

_TIMES = {2: "twice", 3: "three times", 4: "four times"}
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def times(count: int) -> str:
    """How often a hand is run, in words.

    >>> times(2), times(3)
    ('twice', 'three times')
    """
    return _TIMES.get(count, f"{count} times")


def times_said(count: int) -> str:
    """:func:`times` said, for an error message.

    >>> times_said(2).in_language("nl")
    'twee keer'
    """
    if count == 2:
        return said("twice")
    if count == 3:
        return said("three times")
    return said("{count} times", count=count)


def ordinal(number: int) -> str:
    """``1`` → ``"first"``, ``2`` → ``"second"``: a run's name in a sentence.

    >>> ordinal(1), ordinal(3)
    ('first', 'third')
    """
    return _ORDINALS.get(number, f"run {number}")


def divide_runs(
    amount: Amount, count: int, *, chip: Amount = 1, odd_chips: RunOddChips = "in run order"
) -> tuple[Amount, ...]:
    """Divide a pot by its runs: equal parts in whole chips, the odd chips to the earliest runs.

    This is the one place the division is written. ``amount`` is what is left in the pot after
    the rake, ``count`` the number of runs (boards). The amount is counted in chips of ``chip``;
    ``"in run order"`` (the default) hands the chips that do not divide out one each to the
    first runs, in the order the runs were dealt, so that no run gets more than one odd chip and
    no later run is larger than an earlier one. ``"all to run 1"`` gives the whole remainder to
    the first run instead. With two runs the two are the same: the odd chip goes to the first run.

    Sources. GGPoker histories ("Hand was run two times": a net pot of $6.25 collected as $3.13 on
    the first showdown and $3.12 on the second) and PokerNow logs (in the 81 hands run twice of
    ``../shared/data/pokernow``, 32 pots with an odd cent, every one of them to the first run);
    PokerStars' run-twice histories show even divisions only. No room's three-run hand with two
    odd chips is at hand: one each in run order extends the TDA's and Robert's Rules' principle
    for a split pot (no one gets more than one odd chip, handed out in a fixed order) to the runs.
    PokerKit 0.7.7 gives the whole remainder to the first board (``"all to run 1"``).

    A part smaller than one chip (never left by the engine's own pots) goes with the first run.

    >>> divide_runs(201, 2), divide_runs(200, 3), divide_runs(200, 3, odd_chips="all to run 1")
    ((101, 100), (67, 67, 66), (68, 66, 66))
    >>> from decimal import Decimal
    >>> divide_runs(Decimal("6.25"), 2, chip=Decimal("0.01"))
    (Decimal('3.13'), Decimal('3.12'))
    >>> divide_runs(100, 2, odd_chips="half")
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: run_odd_chips must be 'in run order' or 'all to run 1', not 'half'
    """
    check_odd_chips(odd_chips)
    return _divide(amount, count, chip, odd_chips == "all to run 1")


def _divide(amount: Amount, count: int, chip: Amount, all_to_first: bool) -> tuple[Amount, ...]:
    """:func:`divide_runs` with its rule given as a flag (``all_to_first``), checked already."""
    units = int(amount // chip)
    base, odd = divmod(units, count)
    part = chip * base
    parts = [part] * count
    if odd:
        if all_to_first:
            parts[0] = part + chip * odd
        else:
            for i in range(odd):
                parts[i] = part + chip
    rest = amount - chip * units
    if rest:
        parts[0] += rest
    return tuple(parts)


@dataclass(frozen=True)
class Run:
    """One run's showdown: its ``number`` (1 for the first run dealt), the ranking on its board
    (tiers, best first), and, when the run was settled from cards, its ``board`` and each live
    player's hand on it. Hi-lo runs add the qualifying lows (``low_ranking``) and their values."""

    number: int
    ranking: Tiers
    board: tuple[Card, ...] | None = None
    hands: Mapping[str, Any] | None = None
    low_ranking: Tiers | None = None
    low_hands: Mapping[str, Any] | None = None

    @property
    def name(self) -> str:
        """``"Run 1"``, ``"Run 2"``, …"""
        return f"Run {self.number}"


@dataclass(frozen=True)
class RunPart:
    """One run's part of a pot: ``amount`` (after the rake), its winners and their shares.

    In hi-lo (``hilo``) the part is cut into ``high_amount`` and ``low_amount``, each with its own
    winners and shares, as :class:`~potengine.pots.hilo.HiLoPot` does for a whole pot; a part with
    no qualifying low among the pot's players goes whole to the high hand (``low_amount`` 0).
    """

    run: int
    amount: Amount
    winners: tuple[str, ...]
    shares: Mapping[str, Amount]
    hilo: bool = False
    high_amount: Amount = 0
    low_amount: Amount = 0
    high_winners: tuple[str, ...] = ()
    low_winners: tuple[str, ...] = ()
    high_shares: Mapping[str, Amount] = field(default_factory=dict)
    low_shares: Mapping[str, Amount] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("shares", "high_shares", "low_shares"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))

    @property
    def name(self) -> str:
        """``"Run 1"``, ``"Run 2"``, …"""
        return f"Run {self.run}"

    def __repr__(self) -> str:
        text = (
            f"RunPart(run={self.run}, amount={self.amount!r}, winners={self.winners!r}, "
            f"shares={dict(self.shares)!r}"
        )
        if self.hilo:
            text += f", high_shares={dict(self.high_shares)!r}, low_shares={dict(self.low_shares)!r}"
        return text + ")"

    @property
    def quartered(self) -> tuple[str, ...]:
        """Hi-lo: the two players who share this part's low half (empty if not quartered)."""
        return self.low_winners if len(self.low_winners) == 2 else ()


def award_runs(
    pot: Pot,
    runs: Sequence[Run],
    *,
    order: Sequence[str],
    chip: Amount,
    odd_chips: RunOddChips = "in run order",
) -> Pot:
    """Award one pot over several runs: divided by :func:`divide_runs`, each part to its run's
    best eligible hand(s). A pot with one eligible player is not run: it is paid once, to him,
    and has no parts. The pot's ``winners`` are everyone who won a part (seat order) and its
    ``shares`` each player's total over the runs; ``runs`` holds the parts, run by run.

    >>> from potengine.pots.layout import build_pots
    >>> pot = build_pots({"A": 50, "B": 50, "C": 51}).pots[0]
    >>> runs = [Run(1, (("A",), ("B", "C"))), Run(2, (("B", "C"), ("A",)))]
    >>> awarded = award_runs(pot, runs, order=("A", "B", "C"), chip=1)
    >>> [(p.amount, dict(p.shares)) for p in awarded.runs], dict(awarded.shares)
    ([(75, {'A': 75}), (75, {'B': 38, 'C': 37})], {'A': 75, 'B': 38, 'C': 37})
    """
    check_odd_chips(odd_chips)
    fields = dict(pot.__dict__)
    award_runs_fields(fields, runs, order=order, chip=chip, all_to_first=odd_chips == "all to run 1")
    return built(type(pot), fields)


def award_runs_fields(
    pot: dict[str, Any], runs: Sequence[Run], *, order: Sequence[str], chip: Amount, all_to_first: bool
) -> None:
    """:func:`award_runs` on the fields of a pot being formed (see
    :func:`~potengine.pots.layout.layout_fields`), in place, the rule's name checked already:
    ``all_to_first`` for ``"all to run 1"``.

    >>> pot = {"index": 0, "eligible": ("A", "B"), "amount": 11, "rake": 0}
    >>> award_runs_fields(pot, [Run(1, (("A",), ("B",))), Run(2, (("B",), ("A",)))],
    ...                   order=("A", "B"), chip=1, all_to_first=False)
    >>> pot["winners"], dict(pot["shares"]), [part.amount for part in pot["runs"]]
    (('A', 'B'), {'A': 6, 'B': 5}, [6, 5])
    """
    eligible = pot["eligible"]
    awarded = pot["amount"] - pot["rake"]
    if len(eligible) == 1:  # not run: paid once
        pot["winners"] = eligible
        pot["shares"] = MappingProxyType({eligible[0]: awarded})
        pot["runs"] = ()
        return
    parts = _divide(awarded, len(runs), chip, all_to_first)
    totals: dict[str, Amount] = {}
    done = []
    for run, amount in zip(runs, parts, strict=True):
        if run.low_ranking is not None:
            part = _hilo_part(pot, run, amount, order, chip)
        else:
            winners = pot_winners(eligible, run.ranking, pot["index"])
            part = built(
                RunPart,
                {
                    "run": run.number,
                    "amount": amount,
                    "winners": winners,
                    "shares": MappingProxyType(split_pot(amount, winners, order=order, chip=chip)),
                    **_HIGH_ONLY,
                },
            )
        done.append(part)
        for player, chips in part.shares.items():
            totals[player] = totals[player] + chips if player in totals else chips
    winners = tuple(p for p in eligible if p in totals)
    pot["winners"] = winners
    pot["shares"] = MappingProxyType({p: totals[p] for p in winners})
    pot["runs"] = tuple(done)


# The hi-lo fields of a part that is not hi-lo (shared: every one of them is read-only).
_HIGH_ONLY: dict[str, Any] = {
    "hilo": False,
    "high_amount": 0,
    "low_amount": 0,
    "high_winners": (),
    "low_winners": (),
    "high_shares": EMPTY,
    "low_shares": EMPTY,
}


def _hilo_part(pot: dict[str, Any], run: Run, amount: Amount, order: Sequence[str], chip: Amount) -> RunPart:
    """One run's part of a pot split high and low by :func:`~potengine.pots.hilo.award_hilo`."""
    part_pot = built(Pot, {**pot, "amount": amount, "rake": amount * 0})
    split = award_hilo(part_pot, run.ranking, run.low_ranking or (), order=order, chip=chip)
    return built(
        RunPart,
        {
            "run": run.number,
            "amount": amount,
            "winners": split.winners,
            "shares": split.shares,
            "hilo": True,
            "high_amount": split.high_amount,
            "low_amount": split.low_amount,
            "high_winners": split.high_winners,
            "low_winners": split.low_winners,
            "high_shares": split.high_shares,
            "low_shares": split.low_shares,
        },
    )


def check_odd_chips(odd_chips: object) -> None:
    """Refuse an unknown rule for the odd chips of the division.

    >>> check_odd_chips("half")
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: run_odd_chips must be 'in run order' or 'all to run 1', not 'half'
    """
    if odd_chips not in RUN_ODD_CHIPS:
        raise InputError(
            said(
                "run_odd_chips must be {choices}, not {odd_chips}",
                choices=" or ".join(map(repr, RUN_ODD_CHIPS)),
                odd_chips=repr(odd_chips),
            )
        )


def check_runs_input(runs: object, *, ranking: object, board: object, with_cards: bool) -> list[Any]:
    """Check the shape of ``settle(runs=...)``: a list of one to :data:`MAX_RUNS` runs, each a
    ranking (or, with ``hands=``, a board), and neither ``ranking=`` nor ``board=`` beside it.

    >>> check_runs_input([["A", "B"]] * 5, ranking=None, board=None, with_cards=False)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: 5 runs given: a hand is run at most 4 times
    """
    if ranking is not None:
        raise InputError(
            said("give either ranking= (a hand dealt once) or runs= (one ranking per run), not both")
        )
    if board is not None:
        raise InputError(said("with runs=, each run's board goes in runs=; leave board= out"))
    if type(runs) is not list and (isinstance(runs, (str, bytes)) or not isinstance(runs, Sequence)):
        raise InputError(
            said(
                "runs must be a list with one board per run, e.g. ['Ah Kd 7c 2s 9h', 'Ah Kd 7c 5d Qs']; "
                "got {runs}",
                runs=repr(runs)[:100],
            )
            if with_cards
            else said(
                "runs must be a list with one ranking per run, best hand first, e.g. "
                "[['Alice', 'Bilal'], ['Bilal', 'Alice']]; got {runs}",
                runs=repr(runs)[:100],
            )
        )
    if not runs:
        raise InputError(
            said("runs is empty: give one board per run (two for a hand run twice)")
            if with_cards
            else said("runs is empty: give one ranking per run (two for a hand run twice)")
        )
    if len(runs) > MAX_RUNS:
        raise InputError(
            said(
                "{count} runs given: a hand is run at most {max_runs} times",
                count=len(runs),
                max_runs=MAX_RUNS,
            )
        )
    if not with_cards:
        for number, entry in enumerate(runs, start=1):
            if type(entry) is not list and isinstance(entry, str):
                raise InputError(
                    said(
                        "run {number} is the text {entry}: give each run's ranking as a list, e.g. "
                        "['Alice', ('Bilal', 'Chloé')] (parse_ranking reads 'Alice > Bilal = Chloé')",
                        number=number,
                        entry=repr(entry),
                    )
                )
    return list(runs)


def check_low_runs(low_ranking: object, count: int) -> list[Any]:
    """Check ``low_ranking=`` beside ``runs=``: one low ranking per run, each a list.

    >>> check_low_runs([["A"], []], 2)
    [['A'], []]
    >>> check_low_runs(["A", "B"], 2)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: with runs=, low_ranking= gives one low ranking per run (a list of
        lists, e.g. [['Bilal'], []] for two runs); entry 1 is 'A'
    """
    if isinstance(low_ranking, (str, bytes)) or not isinstance(low_ranking, Sequence):
        raise InputError(
            said(
                "with runs=, low_ranking= gives one low ranking per run (a list of lists, e.g. "
                "[['Bilal'], []] for two runs); got {low_ranking}",
                low_ranking=repr(low_ranking)[:180],
            )
        )
    for number, entry in enumerate(low_ranking, start=1):
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence):
            raise InputError(
                said(
                    "with runs=, low_ranking= gives one low ranking per run (a list of lists, e.g. "
                    "[['Bilal'], []] for two runs); entry {number} is {entry}",
                    number=number,
                    entry=repr(entry)[:170],
                )
            )
    if len(low_ranking) != count:
        raise InputError(
            said(
                "low_ranking= gives {count} low ranking(s) for {runs} runs: one per run",
                count=len(low_ranking),
                runs=count,
            )
        )
    return list(low_ranking)


def run_error(number: int, err: PotEngineError) -> PotEngineError:
    """An input error about one run, named: ``run 2: ranking names 'Eve', who is not seated``.

    >>> str(run_error(2, InputError("ranking names 'Eve', who is not seated")))
    "run 2: ranking names 'Eve', who is not seated"
    """
    return type(err)(said("run {number}: {error}", number=number, error=message_of(err)))
