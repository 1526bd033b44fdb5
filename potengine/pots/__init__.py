"""Pots and settlement: the uncalled bet, the tiers, awarding each pot, rake, and the six-step check.

* :mod:`~potengine.pots.layout`: contributions cut into a main pot and side pots (no cards needed);
* :mod:`~potengine.pots.ranking`: a ranking of players, best first, with ties;
* :mod:`~potengine.pots.settlement`: each pot to its best eligible hand(s), odd chips from the button;
* :mod:`~potengine.pots.rake`: what the house withholds before a pot is split;
* :mod:`~potengine.pots.fees`: fees beside the rake (jackpot, …) and money the room adds (cash drop);
* :mod:`~potengine.pots.cashout`: cash-outs and insurance outside the pot, an offer checked against equity;
* :mod:`~potengine.pots.runs`: a hand run twice or more (or a double board): each pot divided by the runs;
* :mod:`~potengine.pots.check`: the six-step check of EX-06, written independently of the settlement.
"""

from .cashout import CashOut, Insurance, check_cash_out
from .check import Audit, AuditStep, audit
from .fees import Added, Fee
from .layout import Pot, PotLayout, add_dead_money, build_pots, uncalled_bet
from .rake import Rake, take_rake
from .ranking import normalise_ranking, parse_ranking
from .runs import Run, RunPart, award_runs, divide_runs
from .settlement import Settlement, award, settle
from .split import best_eligible, odd_chip_order, pot_winners, split_pot

__all__ = [
    "Added",
    "Audit",
    "AuditStep",
    "CashOut",
    "Fee",
    "Insurance",
    "Pot",
    "PotLayout",
    "Rake",
    "Run",
    "RunPart",
    "Settlement",
    "add_dead_money",
    "audit",
    "award",
    "award_runs",
    "best_eligible",
    "build_pots",
    "check_cash_out",
    "divide_runs",
    "normalise_ranking",
    "odd_chip_order",
    "parse_ranking",
    "pot_winners",
    "settle",
    "split_pot",
    "take_rake",
    "uncalled_bet",
]
