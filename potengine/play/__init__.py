"""The course of a hand: blinds and antes, streets, legal actions, the betting structures, showdown.

* :mod:`~potengine.play.structures`: no limit, pot limit, fixed limit and spread limit, each with its rules;
* :mod:`~potengine.play.hand`: the immutable hand, played action by action.
"""

from .hand import Hand, Legal, start_hand
from .structures import FixedLimit, NoLimit, PotLimit, SpreadLimit, Structure

__all__ = ["FixedLimit", "Hand", "Legal", "NoLimit", "PotLimit", "SpreadLimit", "Structure", "start_hand"]
