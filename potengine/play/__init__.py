"""The course of a hand: blinds and antes, streets, legal actions, the betting structures, showdown.

Hold'em by default; ``start_hand(..., game="omaha")`` or ``"omaha-hi-lo"`` deals four, five or six
hole cards and ranks the showdown the Omaha way (two hole cards, three of the board), hi-lo with the
eight-or-better low splitting each pot. Straddles (under the gun, re-straddles, on the button),
missed blinds posted live and dead, bomb pots on one or two boards and hands run twice or three
times (:meth:`Hand.run_it`) follow the rules written in :mod:`~potengine.play.hand`.

* :mod:`~potengine.play.hand`: the immutable :class:`Hand`, played action by action, and
  :func:`start_hand` (the public entry point);
* :mod:`~potengine.play.streets`: the :class:`Street` and :class:`Kind` enums;
* :mod:`~potengine.play.records`: what happened (operations), the pots after a round, legal actions;
* :mod:`~potengine.play.structures`: no limit, pot limit, fixed limit and spread limit, each with its
  rules, its PHH code and its PokerStars name;
* :mod:`~potengine.play.reopening`: the reopening rule after short all-ins (TDA 47);
* :mod:`~potengine.play.betting`: the table a hand is played on, whose turn it is, what an action does;
* :mod:`~potengine.play.dealing`: hole cards, the board, showing and mucking;
* :mod:`~potengine.play.showdown`: the showing order, the ranking and handing over to settlement.
"""

from .hand import Hand, Legal, start_hand
from .streets import Kind, Street
from .structures import FixedLimit, NoLimit, PotLimit, SpreadLimit, Structure

__all__ = [
    "FixedLimit",
    "Hand",
    "Kind",
    "Legal",
    "NoLimit",
    "PotLimit",
    "SpreadLimit",
    "Street",
    "Structure",
    "start_hand",
]
