"""Cards and hand evaluation.

* :mod:`~potengine.cards.deck`: cards, reading them from text, the deck;
* :mod:`~potengine.cards.evaluate`: the best five of seven cards, explained (standard library only);
* :mod:`~potengine.cards.arrays`: the same evaluation for millions of hands at once (numpy);
* :mod:`~potengine.cards.equity`: exact equity per pot over every remaining board (numpy);
* :mod:`~potengine.cards.short_deck`: short-deck (six-plus) hold'em, 36 cards, its rankings.

Importing this package loads neither numpy module: import them by name when you need them.
"""

from .deck import DECK, Card, format_cards, parse_card, parse_cards
from .evaluate import CATEGORIES, HandValue, evaluate, rank_players

__all__ = [
    "CATEGORIES",
    "DECK",
    "Card",
    "HandValue",
    "evaluate",
    "format_cards",
    "parse_card",
    "parse_cards",
    "rank_players",
]
