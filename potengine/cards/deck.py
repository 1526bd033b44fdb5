"""Playing cards: a frozen :class:`Card`, the 52-card :data:`DECK`, and parsing of what people type.

Cards can be written the way a hand history writes them (``"As Kd"``, ``"AsKd"``, ``"10h"``,
``"Th"``) or with suit symbols (``"A♠ K♦"``, ``"10♠"``), in any case. Every card parses to one of
the 52 canonical :class:`Card` objects, so cards compare and hash by value.

>>> parse_cards("As Kd 10♥ tc")
(Card('A♠'), Card('K♦'), Card('10♥'), Card('10♣'))
>>> str(parse_card("qh")), parse_card("Q♥") == parse_card("QH")
('Q♥', True)
>>> parse_cards("As As")
Traceback (most recent call last):
...
potengine.errors.CardError: card A♠ appears twice in 'As As'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..errors import CardError, said

SUITS = "cdhs"
"""The four suits as letters, in index order: clubs, diamonds, hearts, spades."""

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_CHARS = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
"""How each rank (2..14, ace high) is written on a card."""

RANK_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
RANK_PLURALS = {
    2: "twos",
    3: "threes",
    4: "fours",
    5: "fives",
    6: "sixes",
    7: "sevens",
    8: "eights",
    9: "nines",
    10: "tens",
    11: "jacks",
    12: "queens",
    13: "kings",
    14: "aces",
}

_RANK_INPUT = {
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "t": 10,
    "j": 11,
    "q": 12,
    "k": 13,
    "a": 14,
}
_SUIT_INPUT = {
    "c": "c",
    "d": "d",
    "h": "h",
    "s": "s",
    "♣": "c",
    "♦": "d",
    "♥": "h",
    "♠": "s",
    "♧": "c",
    "♢": "d",
    "♡": "h",
    "♤": "s",
}
_RED = {"d", "h"}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: ``rank`` 2..14 (11 jack, 12 queen, 13 king, 14 ace) and ``suit`` one of
    ``"c" "d" "h" "s"``. ``index`` (0..51, ``4 * (rank - 2) + suit position``) numbers the deck.

    >>> card = Card(14, "s")
    >>> card, str(card), card.index, card.is_red
    (Card('A♠'), 'A♠', 51, False)
    >>> Card(1, "s")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: impossible card: rank 1 (ranks run from 2 to 14, ace high)
    """

    rank: int
    suit: str
    index: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or not 2 <= self.rank <= 14:
            raise CardError(
                said("impossible card: rank {rank} (ranks run from 2 to 14, ace high)", rank=repr(self.rank))
            )
        if not isinstance(self.suit, str) or self.suit not in SUIT_SYMBOLS:
            raise CardError(
                said("impossible card: suit {suit} (suits are 'c', 'd', 'h', 's')", suit=repr(self.suit))
            )
        object.__setattr__(self, "index", 4 * (self.rank - 2) + SUITS.index(self.suit))

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red.

        >>> parse_card("Kd").is_red, parse_card("Kc").is_red
        (True, False)
        """
        return self.suit in _RED

    @property
    def code(self) -> str:
        """The two-character ASCII code of the card, as in hand histories.

        >>> parse_card("10♥").code
        'Th'
        """
        return ("T" if self.rank == 10 else RANK_CHARS[self.rank]) + self.suit

    def _repr_html_(self) -> str:
        colour = "#c8102e" if self.is_red else "#111"
        return f'<span style="color:{colour};font-weight:bold">{self}</span>'


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(2, 15) for suit in SUITS)
"""The 52 cards, ``DECK[i].index == i`` (deuces first, aces last).

>>> len(DECK), DECK[0], DECK[-1], len(set(DECK))
(52, Card('2♣'), Card('A♠'), 52)
"""

# Every spelling of every card -> the canonical Card object (about 1,700 keys, built once).
TOKENS: dict[str, Card] = {}
for _card in DECK:
    _rank_spellings = (
        ["T", "t", "10"] if _card.rank == 10 else [RANK_CHARS[_card.rank], RANK_CHARS[_card.rank].lower()]
    )
    _suit_spellings = [s for s, v in _SUIT_INPUT.items() if v == _card.suit]
    _suit_spellings += [s.upper() for s in _suit_spellings if s.isalpha()]
    for _r in _rank_spellings:
        for _s in _suit_spellings:
            TOKENS[_r + _s] = _card
del _card, _r, _s, _rank_spellings, _suit_spellings

_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;\[\]()]+")

CardLike = str | Card
Cards = str | Sequence[CardLike]


def _read_token(token: str, source: str) -> list[Card]:
    """Read one whitespace-free chunk that may hold several cards ("AsKd")."""
    single = TOKENS.get(token)
    if single is not None:
        return [single]
    found: list[Card] = []
    pos = 0
    while pos < len(token):
        match = _CARD_RE.match(token, pos)
        if match is None:
            rest = token[pos:]
            raise CardError(
                said(
                    "cannot read a card at {rest} in {source}: write a rank (2-9, T or 10, J, Q, K, "
                    "A) then a suit (c d h s or ♣ ♦ ♥ ♠)",
                    rest=repr(rest),
                    source=repr(source),
                )
            )
        found.append(TOKENS[match.group(1).lower() + _SUIT_INPUT[match.group(2).lower()]])
        pos = match.end()
    return found


def _read_text(text: str) -> list[Card]:
    """The cards a text writes: each word a card in the usual spelling ("As Kd"), or else read
    by the separators and the card pattern ("AsKd", "A♠,K♦")."""
    found: list[Card] = []
    for word in text.split():
        card = TOKENS.get(word)
        if card is None:
            break
        found.append(card)
    else:
        return found
    found = []
    for token in _SEPARATORS.split(text.replace("\ufe0f", "")):
        if token:
            found.extend(_read_token(token, text))
    return found


def parse_card(text: CardLike) -> Card:
    """Parse exactly one card (a :class:`Card` is returned unchanged).

    >>> parse_card("A♠"), parse_card("td"), parse_card(" 10D ")
    (Card('A♠'), Card('10♦'), Card('10♦'))
    >>> parse_card("1s")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: cannot read a card at '1s' in '1s':
        write a rank (2-9, T or 10, J, Q, K, A) then a suit (c d h s or ♣ ♦ ♥ ♠)
    """
    cards = parse_cards(text if isinstance(text, str) else [text])
    if len(cards) != 1:
        raise CardError(said("expected one card, got {count} in {text}", count=len(cards), text=repr(text)))
    return cards[0]


def parse_cards(cards: Cards | Iterable[CardLike], *, unique: bool = True) -> tuple[Card, ...]:
    """Parse cards written as one string (``"As Kd"``, ``"AsKd"``, ``"A♠,K♦"``) or as a sequence of
    strings and :class:`Card` objects. With ``unique`` (the default) a card given twice raises
    :class:`~potengine.errors.CardError`.

    >>> parse_cards("AsKd"), parse_cards(["A♠", Card(13, "d")]), parse_cards("")
    ((Card('A♠'), Card('K♦')), (Card('A♠'), Card('K♦')), ())
    >>> parse_cards("Xs")
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: cannot read a card at 'Xs' in 'Xs':
        write a rank (2-9, T or 10, J, Q, K, A) then a suit (c d h s or ♣ ♦ ♥ ♠)
    """
    result: list[Card] = []
    if isinstance(cards, str):
        source = cards
        result = _read_text(cards)
    else:
        if isinstance(cards, Card):
            cards = (cards,)
        elif not isinstance(cards, Iterable):
            raise CardError(
                said(
                    "cards must be a string like 'As Kd' or a sequence of cards, not {cards}",
                    cards=repr(cards),
                )
            )
        for item in cards:
            if isinstance(item, Card):
                result.append(item)
            elif isinstance(item, str):
                result.extend(parse_cards(item, unique=False))
            else:
                raise CardError(
                    said("a card must be a string like 'As' or a Card, not {item}", item=repr(item))
                )
        source = " ".join(str(c) for c in result)
    if unique and len({card.index for card in result}) != len(result):
        seen: set[Card] = set()
        for card in result:
            if card in seen:
                raise CardError(
                    said("card {card} appears twice in {source}", card=str(card), source=repr(source))
                )
            seen.add(card)
    return tuple(result)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards with suit symbols, separated by spaces.

    >>> format_cards(parse_cards("Ah Td 2c"))
    'A♥ 10♦ 2♣'
    """
    return " ".join(str(card) for card in cards)


def cards_html(cards: Iterable[Card]) -> str:
    """HTML for a row of cards, hearts and diamonds in red (used by notebooks).

    >>> cards_html(parse_cards("Ah 2c"))
    '<span style="color:#c8102e;font-weight:bold">A♥</span>
     <span style="color:#111;font-weight:bold">2♣</span>'
    """
    return " ".join(card._repr_html_() for card in cards)


def check_no_duplicates(groups: Mapping[str, Sequence[Card]]) -> None:
    """Raise :class:`~potengine.errors.CardError` if any card is held by two owners (or twice by one).

    ``groups`` maps an owner ("Alice", "the board") to its cards; the message names the card and
    both holders.

    >>> check_no_duplicates({"Alice": parse_cards("As Kd"), "the board": parse_cards("Qs As 2c")})
    Traceback (most recent call last):
    ...
    potengine.errors.CardError: card A♠ is both in Alice's cards and on the board
    """
    owner: dict[int, str] = {}  # by the card's index: an int hashes faster than a card
    for name, cards in groups.items():
        for card in cards:
            first = owner.get(card.index)
            if first is not None:
                if first == name:
                    raise CardError(
                        said("card {card} appears twice {where}", card=str(card), where=where_said(name))
                    )
                raise CardError(
                    said(
                        "card {card} is both {first} and {second}",
                        card=str(card),
                        first=where_said(first),
                        second=where_said(name),
                    )
                )
            owner[card.index] = name


def where_said(name: str) -> str:
    """Where a card is, said (for an error): on the board, or in a player's cards."""
    if name == "the board":
        return said("on the board")
    if name == "the dead cards":
        return said("among the dead cards")
    if name == "the hand":
        return said("in the hand")
    return said("in {player}'s cards", player=name)
