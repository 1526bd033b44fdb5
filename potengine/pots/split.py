"""Who takes a pot and how a tie is split: the odd-chip rule, written once.

A pot goes to the best hand(s) among the players eligible for it: the first tier of the ranking
that holds one of them (:func:`pot_winners`). Tied winners share it equally; what does not divide
into whole chips is handed out one chip each, clockwise starting left of the button, counting only
that pot's winners (:func:`split_pot`, :func:`odd_chip_order`; TDA rule 20, Robert's Rules). The
hold'em settlement and each half of a hi-lo pot (:mod:`potengine.pots.hilo`) use these functions.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..chips import Amount
from ..errors import InputError, said
from .layout import pot_said
from .ranking import Tiers


def odd_chip_order(seats: Sequence[str], button: str) -> tuple[str, ...]:
    """Seats in the order odd chips are handed out: clockwise, starting left of the button.

    >>> odd_chip_order(["Alice", "Bilal", "Chloé", "David"], button="Bilal")
    ('Chloé', 'David', 'Alice', 'Bilal')
    """
    seats = tuple(seats)
    b = seats.index(button) + 1
    return seats[b:] + seats[:b]


def split_pot(
    amount: Amount, winners: Sequence[str], *, order: Sequence[str], chip: Amount = 1
) -> dict[str, Amount]:
    """Split ``amount`` equally among ``winners``; odd chips one each in ``order``.

    The amount is counted in chips of size ``chip``; what does not divide evenly is handed out a
    whole chip at a time to the winners in ``order`` (clockwise from the button), so no winner
    gets more than one odd chip. EX-14: 101 between two equal hands is 51 and 50. A part smaller
    than one chip (never left by the engine's own pots) goes with the first winner in ``order``,
    so that no chip is lost.

    >>> split_pot(101, ["Alice", "Bilal"], order=["Bilal", "Alice"])
    {'Alice': 50, 'Bilal': 51}
    >>> split_pot(200, ["A", "B", "C"], order=["A", "B", "C"], chip=1)
    {'A': 67, 'B': 67, 'C': 66}
    """
    if len(winners) == 1:
        return {winners[0]: amount}
    units = int(amount // chip)
    base, odd = divmod(units, len(winners))
    share = chip * base
    shares = dict.fromkeys(winners, share)
    in_order = [p for p in order if p in shares]
    for p in in_order[:odd]:
        shares[p] = share + chip
    rest = amount - chip * units
    if rest:
        shares[in_order[0]] += rest
    return shares


def best_eligible(tiers: Tiers, eligible: Sequence[str]) -> tuple[str, ...]:
    """The first tier of ``tiers`` (best first) that holds an eligible player: those players.

    Empty when no tier holds one (e.g. nobody eligible has a qualifying low).

    >>> best_eligible((("D",), ("B", "C"), ("A",)), ["A", "B", "C"])
    ('B', 'C')
    >>> best_eligible((("D",),), ["A", "B"])
    ()
    """
    for tier in tiers:
        winners = tuple(filter(eligible.__contains__, tier))
        if winners:
            return winners
    return ()


def pot_winners(eligible: tuple[str, ...], tiers: Tiers | None, index: int = 0) -> tuple[str, ...]:
    """The best hand(s) among a pot's ``eligible`` players: the first tier that holds one of them.

    ``index`` says which pot it is (0 for the main pot), for the error when nobody can be named.

    >>> pot_winners(("A", "B", "C"), (("B", "C"), ("A",)))
    ('B', 'C')
    >>> pot_winners(("A", "B"), (("C",),), index=1)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: the ranking names none of A, B, who contest Side pot 1
    """
    if len(eligible) == 1:
        return eligible
    if tiers is None:
        raise InputError(
            said(
                "{pot} is contested by {players}: a ranking (or the cards) is needed to award it",
                pot=pot_said(index),
                players=", ".join(eligible),
            )
        )
    winners = best_eligible(tiers, eligible)
    if not winners:
        raise InputError(
            said(
                "the ranking names none of {players}, who contest {pot}",
                players=", ".join(eligible),
                pot=pot_said(index),
            )
        )
    return winners
