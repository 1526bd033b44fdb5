"""potengine: how poker pots are split.

Give it what each player put in, who folded and how the hands ranked; it forms the pots, returns
the uncalled part, awards each pot to its best eligible hand(s), splits ties with the odd chips
handed out clockwise from the button, and checks that every chip is accounted for.

>>> from potengine import settle
>>> result = settle({"Alice": 20, "Bilal": 50, "Chloé": 90, "David": 90},
...                 ranking=["Alice", "Bilal", "David", "Chloé"])
>>> [pot.amount for pot in result.pots], dict(result.net)
([80, 90, 80], {'Alice': 60, 'Bilal': 40, 'Chloé': -90, 'David': -10})

The package is grouped by the engine's parts: :mod:`potengine.pots` (pots and settlement),
:mod:`potengine.cards` (cards, evaluation, equity), :mod:`potengine.play` (the course of a hand),
:mod:`potengine.histories` (PHH and PokerStars), :mod:`potengine.present` (words, tables, charts).
``import potengine`` needs only the standard library; numpy is loaded when :func:`equity` or
:func:`pot_equity` is first used, matplotlib when a chart module is imported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards.deck import DECK, Card, parse_card, parse_cards
from .cards.evaluate import HandValue, evaluate, rank_players
from .cards.low import LowValue, evaluate_low, evaluate_omaha_low, explain_low
from .cards.omaha import OmahaValue, evaluate_omaha
from .chips import Amount
from .errors import CardError, HandHistoryError, IllegalActionError, InputError, PotEngineError
from .play.hand import Hand, Legal, start_hand
from .play.structures import FixedLimit, NoLimit, PotLimit, SpreadLimit
from .pots.cashout import CashOut, CashOutCheck, Insurance, check_cash_out
from .pots.check import Audit, AuditStep, audit
from .pots.fees import Added, Fee
from .pots.hilo import HiLoPot
from .pots.layout import Pot, PotLayout, build_pots
from .pots.rake import Rake, take_rake
from .pots.ranking import parse_ranking
from .pots.settlement import Settlement, settle
from .present.tables import show_tables_in_notebooks
from .present.words import explain

if TYPE_CHECKING:  # pragma: no cover
    from .cards.equity import equity, pot_equity
    from .cards.omaha_equity import omaha_equity, omaha_pot_equity

__version__ = "0.5.0"

_NUMPY = {"equity": "equity", "pot_equity": "pot_equity"}
_NUMPY_OMAHA = {"omaha_equity", "omaha_pot_equity"}


def __getattr__(name: str) -> Any:
    """Load the numpy-backed functions on first use, so that ``import potengine`` does not."""
    if name in _NUMPY:
        from .cards import equity as module

        return getattr(module, _NUMPY[name])
    if name in _NUMPY_OMAHA:
        from .cards import omaha_equity as omaha_module

        return getattr(omaha_module, name)
    raise AttributeError(f"module 'potengine' has no attribute {name!r}")


show_tables_in_notebooks()

__all__ = [
    "Added",
    "Amount",
    "Audit",
    "AuditStep",
    "Card",
    "CardError",
    "CashOut",
    "CashOutCheck",
    "DECK",
    "Fee",
    "FixedLimit",
    "Hand",
    "HandHistoryError",
    "HandValue",
    "HiLoPot",
    "IllegalActionError",
    "Insurance",
    "InputError",
    "Legal",
    "LowValue",
    "NoLimit",
    "OmahaValue",
    "Pot",
    "PotEngineError",
    "PotLayout",
    "PotLimit",
    "Rake",
    "Settlement",
    "SpreadLimit",
    "audit",
    "build_pots",
    "check_cash_out",
    "equity",
    "evaluate",
    "evaluate_low",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "explain",
    "explain_low",
    "omaha_equity",
    "omaha_pot_equity",
    "parse_card",
    "parse_cards",
    "parse_ranking",
    "pot_equity",
    "rank_players",
    "settle",
    "start_hand",
    "take_rake",
]
