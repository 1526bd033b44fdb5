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
from .chips import Amount
from .errors import CardError, HandHistoryError, IllegalActionError, InputError, PotEngineError
from .pots import Pot, PotLayout, build_pots
from .ranking import parse_ranking
from .settlement import Settlement, settle

__all__ = [
    "Amount",
    "Audit",
    "AuditStep",
    "CardError",
    "HandHistoryError",
    "IllegalActionError",
    "InputError",
    "Pot",
    "PotEngineError",
    "PotLayout",
    "Settlement",
    "audit",
    "build_pots",
    "parse_ranking",
    "settle",
]

__version__ = "0.1.0"
