"""potengine: how poker pots are split.

Give it what each player put in, who folded and how the hands ranked; it forms the pots, returns
the uncalled part, awards each pot to its best eligible hand(s), splits ties with the odd chips
handed out clockwise from the button, and checks that every chip is accounted for.

>>> from potengine import settle
>>> result = settle({"Alice": 20, "Bilal": 50, "Chloé": 90, "David": 90},
...                 ranking=["Alice", "Bilal", "David", "Chloé"])
>>> [pot.amount for pot in result.pots], dict(result.net)
([80, 90, 80], {'Alice': 60, 'Bilal': 40, 'Chloé': -90, 'David': -10})
"""

from .audit import Audit, AuditStep, audit
from .cards import DECK, Card, parse_card, parse_cards
from .equity import equity, pot_equity
from .game import Hand, Legal, start_hand
from .hands import HandValue, evaluate, rank_players
from .chips import Amount
from .errors import CardError, HandHistoryError, IllegalActionError, InputError, PotEngineError
from .pots import Pot, PotLayout, build_pots
from .rake import Rake, take_rake
from .ranking import parse_ranking
from .settlement import Settlement, settle
from .structures import FixedLimit, NoLimit, PotLimit, SpreadLimit

__all__ = [
    "Amount",
    "Audit",
    "AuditStep",
    "Card",
    "CardError",
    "DECK",
    "FixedLimit",
    "Hand",
    "HandHistoryError",
    "IllegalActionError",
    "InputError",
    "Legal",
    "NoLimit",
    "Pot",
    "PotEngineError",
    "PotLayout",
    "PotLimit",
    "Rake",
    "HandValue",
    "Settlement",
    "SpreadLimit",
    "audit",
    "build_pots",
    "equity",
    "evaluate",
    "parse_card",
    "parse_cards",
    "parse_ranking",
    "pot_equity",
    "rank_players",
    "settle",
    "start_hand",
    "take_rake",
]

__version__ = "0.1.0"
