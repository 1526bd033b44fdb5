"""The reopening rule (TDA 47): when may a player who has already acted raise again?

A player who has not acted on this street may always raise (if anybody could answer it). A
player who has acted may raise again only if the betting was reopened since: the raises made
after he acted add up to a full raise. A lone short all-in does not reopen the betting; several
short all-ins that together make a full raise do. What counts as "full" is the structure's
business (:meth:`~potengine.play.structures.Structure.is_full_raise`: at least the last full
raise in no limit and pot limit, half a bet in fixed limit).

EX-33: A bets 100, B goes all-in for 150 (not a full raise), C calls 150; back to A, who faced
100 when he acted: he may only call or fold. Had D gone all-in for 210 after B, the two short
all-ins would add up to 110, more than the full raise of 100, and A could raise again.

>>> from potengine.play.structures import NoLimit
>>> nl = NoLimit(big_blind=50)
>>> betting_reopened(nl, street=1, acted=True, faced=100, current_bet=150, last_raise=100)
False
>>> betting_reopened(nl, street=1, acted=True, faced=100, current_bet=210, last_raise=100)
True
"""

from __future__ import annotations

from ..chips import Amount
from .structures import Structure


def betting_reopened(
    structure: Structure,
    *,
    street: int,
    acted: bool,
    faced: Amount,
    current_bet: Amount,
    last_raise: Amount,
) -> bool:
    """True when the player may raise as far as TDA 47 goes: he has not acted on this street, or
    the bet rose by a full raise in all since he acted (``faced``: the bet he faced when he acted;
    ``last_raise``: the largest full raise of the round).

    >>> from potengine.play.structures import FixedLimit
    >>> fl = FixedLimit(big_blind=10, small_bet=10, big_bet=20)
    >>> betting_reopened(fl, street=2, acted=True, faced=20, current_bet=30, last_raise=20)
    True
    """
    if not acted:
        return True
    return structure.is_full_raise(street, current_bet - faced, last_raise)
