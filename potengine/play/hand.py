"""The course of a hold'em hand: blinds and antes, four betting rounds, the pots after every street.

:func:`start_hand` seats the players, posts the antes and blinds and returns a :class:`Hand`.
A hand is immutable: every action (:meth:`Hand.fold`, :meth:`~Hand.check`, :meth:`~Hand.call`,
:meth:`~Hand.bet`, :meth:`~Hand.raise_to`, :meth:`~Hand.raise_by`, :meth:`~Hand.all_in`) returns
a new hand, and an illegal one raises :class:`~potengine.errors.IllegalActionError` naming the
player and the rule while the old hand stays as it was. When the betting is over,
:meth:`Hand.settle` hands the contributions to :func:`potengine.pots.settlement.settle`.

EX-08: three players see the flop with 50 each in the pot; A has 25 left and goes all-in, B
raises to 100, C calls. The main pot holds 75 from the flop plus the 150 from before (the
example leaves the pre-flop chips out: here they are the same for everyone, so A still wins
three times his 25 on the flop), the side pot 150.

>>> hand = start_hand({"A": 75, "B": 500, "C": 500}, button="C", small_blind=25, big_blind=50)
>>> hand = hand.call("C").call("A").check("B")          # pre-flop: 50 each
>>> hand = hand.all_in("A").raise_to("B", 100).call("C")  # flop
>>> [(p.amount, p.eligible) for p in hand.pots]
[(225, ('A', 'B', 'C')), (150, ('B', 'C'))]
>>> hand.street_name
'turn'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from ..cards.deck import check_no_duplicates, parse_cards
from ..chips import Amount, check_amount, format_amount, is_multiple
from ..errors import IllegalActionError, InputError
from ..cards.evaluate import rank_players as rank_by_cards
from ..pots.settlement import settle
from .structures import STREET_NAMES, NoLimit, RoundView, Structure

SHOWDOWN = 4
_STREET_LABELS = STREET_NAMES + ("showdown",)


# --------------------------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------------------------
class Operation(NamedTuple):
    """One thing that happened at the table, in order: a post, an action or a card dealt.

    ``kind`` is one of ``ante``, ``big blind ante``, ``small blind``, ``big blind``, ``fold``,
    ``check``, ``call``, ``bet``, ``raise``, ``hole``, ``board``, ``show``, ``muck``. ``added`` is
    the chips moved from the stack to the middle, ``to`` the player's street total afterwards,
    ``full`` False for a short all-in that does not reopen the betting.
    """

    street: int
    player: str | None
    kind: str
    added: Amount = 0
    to: Amount = 0
    all_in: bool = False
    full: bool = True
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        """The operation as a dealer says it, e.g. ``Cy raises to 30`` or ``board Kd 9h 4s``."""
        cards = " ".join(self.cards)
        if self.kind == "board":
            return f"board {cards}"
        if self.kind == "hole":
            return f"{self.player} is dealt {cards or '??'}"
        if self.kind == "show":
            return f"{self.player} shows {cards}"
        tail = " all-in" if self.all_in else ""
        if self.kind in ("bet", "raise"):
            verb = "bets" if self.kind == "bet" else "raises to"
            short = "" if self.full else f" (not a full {self.kind})"
            return f"{self.player} {verb} {format_amount(self.to)}{tail}{short}"
        if self.kind in ("ante", "big blind ante", "small blind", "big blind"):
            return f"{self.player} posts the {self.kind} {format_amount(self.added)}{tail}"
        verb = {"fold": "folds", "check": "checks", "call": "calls", "muck": "mucks"}[self.kind]
        amount = f" {format_amount(self.added)}" if self.added else ""
        return f"{self.player} {verb}{amount}{tail}"


class StreetPot(NamedTuple):
    """A pot as the dealer forms it at the end of a betting round.

    ``closed`` pots take no more chips (one of their players is all-in at their top, EX-16).
    """

    amount: Amount
    eligible: tuple[str, ...]
    closed: bool


class Legal(NamedTuple):
    """What the player to act may do: ``to_call`` chips to call (0: he may check), and the
    smallest and largest total a bet or raise may go to (``None`` when he may not bet or raise).

    ``call`` is the chips a call really adds (less than ``to_call`` when it puts him all-in),
    ``wager`` is ``"bet"`` or ``"raise"``.
    """

    player: str
    to_call: Amount
    call: Amount
    wager: str
    min_to: Amount | None
    max_to: Amount | None

    @property
    def can_check(self) -> bool:
        """True when nothing is owed."""
        return self.to_call == 0

    @property
    def can_raise(self) -> bool:
        """True when a bet or raise is open to him."""
        return self.min_to is not None


@dataclass(frozen=True)
class Setup:
    """The table before the cards are dealt: seats in clockwise order, stacks, button and stakes."""

    players: tuple[str, ...]
    stacks: tuple[Amount, ...]
    button: int
    small_blind: Amount
    big_blind: Amount
    ante: Amount
    big_blind_ante: bool
    structure: Structure
    chip: Amount

    @property
    def small_blind_seat(self) -> int:
        """Heads-up the button posts the small blind; otherwise the seat left of the button."""
        n = len(self.players)
        return self.button if n == 2 else (self.button + 1) % n

    @property
    def big_blind_seat(self) -> int:
        """The seat left of the small blind."""
        return (self.small_blind_seat + 1) % len(self.players)


# --------------------------------------------------------------------------------------------
# The hand
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hand:
    """A hand in progress (or over). Tuples are indexed by seat (clockwise, as in ``players``).

    ``stacks`` are the chips behind, ``bets`` this street's chips, ``paid`` the live chips of the
    finished streets (antes included), ``dead`` the big-blind ante (dead money in the main pot).
    """

    setup: Setup
    street: int
    stacks: tuple[Amount, ...]
    bets: tuple[Amount, ...]
    paid: tuple[Amount, ...]
    dead: tuple[Amount, ...]
    folded: tuple[bool, ...]
    acted: tuple[bool, ...]
    faced: tuple[Amount, ...]
    current_bet: Amount
    last_raise: Amount
    full_bet: Amount
    raises: int
    actor: int | None
    aggressor: int | None
    river_aggressor: int | None
    formed: tuple[tuple[Amount, tuple[int, ...], bool], ...]
    returned: tuple[Amount, ...]
    street_pots: tuple[tuple[StreetPot, ...], ...]
    history: tuple[Operation, ...]
    board: tuple[str, ...] = ()
    holes: tuple[tuple[str, ...] | None, ...] = ()
    mucked: tuple[bool, ...] = ()

    def __repr__(self) -> str:
        """A one-line summary: street, who is to act, the chips in the middle and behind.

        >>> start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        <Hand pre-flop, C to act; in the middle 3; behind A 99, B 98, C 100>
        """
        state = f"{self.to_act} to act" if self.actor is not None else (
            f"{self.live[0]} wins" if len(self.live) == 1 else "betting over")
        behind = ", ".join(f"{p} {format_amount(s)}" for p, s in zip(self.players, self.stacks))
        return f"<Hand {self.street_name}, {state}; in the middle {format_amount(self.total)}; behind {behind}>"

    # ---- reading the hand ----------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """The players in clockwise seat order."""
        return self.setup.players

    @property
    def street_name(self) -> str:
        """``pre-flop``, ``flop``, ``turn``, ``river`` or ``showdown`` (betting over)."""
        return _STREET_LABELS[self.street]

    @property
    def to_act(self) -> str | None:
        """The player whose turn it is, or None when no betting is left."""
        return None if self.actor is None else self.setup.players[self.actor]

    @property
    def betting_over(self) -> bool:
        """True when nobody can act any more (a fold-out, the river done, or everyone all-in)."""
        return self.actor is None

    @property
    def live(self) -> tuple[str, ...]:
        """Players who have not folded, in seat order."""
        return tuple(p for p, f in zip(self.setup.players, self.folded) if not f)

    @property
    def contributions(self) -> dict[str, Amount]:
        """Each player's chips put in so far (antes, blinds, bets; dead big-blind ante included)."""
        return {
            p: self.paid[i] + self.bets[i] + self.dead[i]
            for i, p in enumerate(self.setup.players)
        }

    @property
    def total(self) -> Amount:
        """Every chip in the middle (this street's bets included)."""
        return sum(self.paid) + sum(self.bets) + sum(self.dead)

    @property
    def pots(self) -> tuple[StreetPot, ...]:
        """The pots as the dealer has formed them at the end of the last finished round."""
        names = self.setup.players
        return tuple(
            StreetPot(amount, tuple(names[i] for i in elig if not self.folded[i]), closed)
            for amount, elig, closed in self.formed
        )

    @property
    def refunds(self) -> dict[str, Amount]:
        """Uncalled chips handed back at the end of a round so far (not a win)."""
        return {p: r for p, r in zip(self.setup.players, self.returned) if r}

    def stack(self, player: str) -> Amount:
        """Chips ``player`` has behind.

        >>> start_hand({"A": 100, "B": 100}, small_blind=1, big_blind=2).stack("B")
        99
        """
        return self.stacks[self._seat(player)]

    def legal(self) -> Legal:
        """What the player to act may do, with the amounts.

        >>> start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2).legal()
        Legal(player='C', to_call=2, call=2, wager='raise', min_to=4, max_to=100)
        """
        if self.actor is None:
            raise IllegalActionError(f"nobody is to act: {self._why_no_action()}")
        return _legal(self, self.actor)

    def showdown_order(self) -> tuple[str, ...]:
        """Who shows first at the showdown, then clockwise (EX-29, TDA 16/17).

        The last player to bet or raise on the river shows first; without a river bet, the first
        live player left of the button. When a player is all-in and the betting is over, every
        hand is turned face up anyway (:attr:`all_face_up`).

        >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        >>> h = h.call("C").call("A").check("B")
        >>> for _ in range(3): h = h.check("A").check("B").check("C")
        >>> h.showdown_order()
        ('A', 'B', 'C')
        """
        n = len(self.players)
        live = [i for i in range(n) if not self.folded[i]]
        start = self.river_aggressor
        if start is None or self.folded[start]:
            start = next((self.setup.button + k) % n for k in range(1, n + 1)
                         if not self.folded[(self.setup.button + k) % n])
        order = [(start + k) % n for k in range(n)]
        return tuple(self.players[i] for i in order if i in live)

    def transcript(self, holes: bool = False) -> str:
        """The hand so far as a dealer would read it out, street by street (``holes``: with the
        hole cards dealt).

        >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        >>> print(h.raise_to("C", 6).fold("A").fold("B").transcript())
        pre-flop: A posts the small blind 1, B posts the big blind 2, C raises to 6, A folds, B folds
        """
        lines: list[str] = []
        street = None
        for op in self.history:
            if op.kind == "hole" and not holes:
                continue
            if op.street != street:
                street = op.street
                lines.append(f"{_STREET_LABELS[street]}: ")
            elif not lines[-1].endswith(": "):
                lines[-1] += ", "
            lines[-1] += str(op)
        return "\n".join(lines)

    @property
    def all_face_up(self) -> bool:
        """True when the betting is over with a live player all-in: every hand is shown (TDA 16)."""
        return self.actor is None and len(self.live) > 1 and any(
            self.stacks[i] == 0 for i in range(len(self.players)) if not self.folded[i]
        )

    # ---- actions ------------------------------------------------------------------------
    def fold(self, player: str) -> Hand:
        """``player`` gives up his hand; his chips stay in the pot.

        >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        >>> h.fold("C").live
        ('A', 'B')
        """
        return act(self, player, "fold")

    def check(self, player: str) -> Hand:
        """``player`` passes with nothing to call.

        >>> h = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2)
        >>> h.call("B").check("A").street_name
        'flop'
        """
        return act(self, player, "check")

    def call(self, player: str) -> Hand:
        """``player`` matches the current bet (all-in for less if his stack is short).

        >>> h = start_hand({"A": 100, "B": 100, "C": 30}, button="C", small_blind=1, big_blind=2)
        >>> h.raise_to("C", 10).call("A").contributions
        {'A': 10, 'B': 2, 'C': 10}
        """
        return act(self, player, "call")

    def bet(self, player: str, to: Amount) -> Hand:
        """``player`` opens the betting on this street with ``to`` chips.

        >>> h = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2)
        >>> h.call("B").check("A").bet("A", 4).current_bet
        4
        """
        return act(self, player, "bet", to)

    def raise_to(self, player: str, to: Amount) -> Hand:
        """``player`` raises so that his total on this street is ``to`` (hand-history meaning, EX-07).

        >>> h = start_hand({"A": 500, "B": 500, "C": 500}, button="A", small_blind=5, big_blind=10)
        >>> h.raise_to("A", 100).contributions["A"]
        100
        """
        return act(self, player, "raise", to)

    def raise_by(self, player: str, by: Amount) -> Hand:
        """``player`` raises by ``by`` chips on top of the current bet: the same as raising to
        current bet + ``by`` (EX-07: "raise by 100" over a bet of 10 is "raise to 110").

        >>> h = start_hand({"A": 500, "B": 500, "C": 500}, button="A", small_blind=5, big_blind=10)
        >>> h.raise_by("A", 100).contributions["A"]
        110
        """
        try:
            by = check_amount(by, f"{player}'s raise", allow_zero=False)
        except InputError as err:
            raise IllegalActionError(str(err)) from None
        return act(self, player, "raise", self.current_bet + by)

    def all_in(self, player: str) -> Hand:
        """``player`` puts in all his chips: a bet or raise, or a call when his chips do not beat
        the bet or when every other player is already all-in for no more than the bet."""
        i = self._seat(player)
        total = self.bets[i] + self.stacks[i]
        if total <= self.current_bet or (self.actor == i and not _answerable(self, i)):
            # All his chips do not beat the bet, or nobody could answer more: it is a call.
            return act(self, player, "call")
        return act(self, player, "bet" if self.current_bet == 0 else "raise", total)

    def act(self, player: str, kind: str, to: Amount | None = None) -> Hand:
        """Apply an action by name: ``fold``, ``check``, ``call``, ``bet``, ``raise``, ``all-in``.

        >>> h = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2)
        >>> h.act("B", "all-in").act("A", "call").betting_over
        True
        """
        if kind == "all-in":
            return self.all_in(player)
        return act(self, player, kind, to)

    # ---- cards --------------------------------------------------------------------------
    def deal_hole(self, player: str, cards: Sequence[str] | str | None) -> Hand:
        """Record ``player``'s two hole cards (``None`` or ``"????"``: unknown).

        Cards are read by :func:`potengine.cards.deck.parse_cards` (``"AsKs"``, ``"10h 9h"``,
        ``"A♠ K♠"`` or a list) and kept as two-character codes. A card already dealt (to anyone,
        or on the board) is refused.

        >>> start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).deal_hole("A", "AsKs").holes
        (('As', 'Ks'), None)
        >>> start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).deal_hole("A", "AsKsQs")
        Traceback (most recent call last):
        ...
        potengine.errors.IllegalActionError: the dealer cannot deal A 3 cards: a hold'em player gets 2 hole cards
        """
        i = self._seat(player)
        if _unknown(cards):
            codes: tuple[str, ...] = ()
        else:
            codes = _codes(cards)
            if len(codes) != 2:
                raise IllegalActionError(
                    f"the dealer cannot deal {player} {len(codes)} card{'s' * (len(codes) != 1)}: "
                    "a hold'em player gets 2 hole cards"
                )
        if self.holes[i]:
            raise IllegalActionError(
                f"the dealer cannot deal {player} hole cards: {player} already holds "
                f"{' '.join(self.holes[i])}"
            )
        if codes:
            self._check_unseen(codes, player, i)
        holes = list(self.holes)
        holes[i] = codes or None
        op = Operation(self.street, player, "hole", cards=codes)
        return _evolve(self, holes=tuple(holes), history=self.history + (op,))

    def deal_board(self, cards: Sequence[str] | str) -> Hand:
        """Put community cards on the board: the flop (three cards), then the turn (one), then
        the river (one), each once the betting round before it is over. When no more betting is
        possible (everyone all-in) the rest of the board may be dealt at once.

        >>> h = start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2)
        >>> h.deal_board("2c 7d 9h")
        Traceback (most recent call last):
        ...
        potengine.errors.IllegalActionError: the dealer cannot deal the flop: the pre-flop betting is not over (B to act)
        >>> h.call("B").check("A").deal_board("2c 7d 10h").board
        ('2c', '7d', 'Th')
        """
        codes = _codes(cards)
        have, k = len(self.board), len(codes)
        if have >= 5:
            raise IllegalActionError("the dealer cannot deal more cards: the board already holds five")
        if k == 0 or have + k > 5 or (have == 0 and k < 3):
            need = "three cards for the flop" if have == 0 else "one card for the " + (
                "turn" if have == 3 else "river")
            raise IllegalActionError(
                f"the dealer cannot deal {k} board card{'s' * (k != 1)} now: the board holds "
                f"{have}, the next street is {need}"
            )
        last = have + k - 2                 # the last street these cards deal: 1 flop .. 3 river
        if self.street < last:
            who = f" ({self.to_act} to act)" if self.actor is not None else ""
            raise IllegalActionError(
                f"the dealer cannot deal the {STREET_NAMES[last]}: the {STREET_NAMES[last - 1]} "
                f"betting is not over{who}"
            )
        self._check_unseen(codes, "the board", None)
        op = Operation(self.street, None, "board", cards=codes)
        return _evolve(self, board=self.board + codes, history=self.history + (op,))

    def show(self, player: str, cards: Sequence[str] | str | None = None) -> Hand:
        """``player`` shows his cards at the showdown (``cards`` may repeat the known hole cards).

        >>> h = start_hand({"A": 9, "B": 9}, button="B", small_blind=1, big_blind=2)
        >>> h.all_in("B").call("A").show("A", "AsAh").history[-1].kind
        'show'
        """
        i = self._seat(player)
        self._check_showdown(player)
        codes = () if _unknown(cards) else _codes(cards)
        if codes:
            if len(codes) != 2:
                raise IllegalActionError(
                    f"{player} cannot show {len(codes)} card{'s' * (len(codes) != 1)}: "
                    "a hold'em hand is 2 hole cards"
                )
            known = self.holes[i]
            if known and set(known) != set(codes):
                raise IllegalActionError(
                    f"{player} cannot show {' '.join(codes)}: {player} was dealt {' '.join(known)}"
                )
            if not known:
                self._check_unseen(codes, player, i)
        codes = codes or (self.holes[i] or ())
        holes = list(self.holes)
        holes[i] = codes or None
        op = Operation(self.street, player, "show", cards=codes)
        return _evolve(self, holes=tuple(holes), history=self.history + (op,))

    def muck(self, player: str) -> Hand:
        """``player`` throws his hand away at the showdown: he can win nothing.

        >>> h = start_hand({"A": 9, "B": 9}, button="B", small_blind=1, big_blind=2)
        >>> h.all_in("B").call("A").muck("A").mucked
        (True, False)
        """
        i = self._seat(player)
        self._check_showdown(player)
        mucked = list(self.mucked)
        mucked[i] = True
        op = Operation(self.street, player, "muck")
        return _evolve(self, mucked=tuple(mucked), history=self.history + (op,))

    # ---- the end ------------------------------------------------------------------------
    def settle(self, ranking: Sequence[Any] | None = None):
        """Hand the finished hand to :func:`potengine.pots.settlement.settle` and return its result.

        ``ranking`` (best first, ties grouped) is needed when two or more players reach the
        showdown, unless their cards are known (then :mod:`potengine.cards.evaluate` ranks them).
        The big-blind ante is dead money added to the main pot.

        >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        >>> result = h.raise_to("C", 10).fold("A").fold("B").settle()
        >>> dict(result.payouts)
        {'A': 0, 'B': 0, 'C': 13}
        """
        return settle_hand(self, ranking)

    def finishing_stacks(self, ranking: Sequence[Any] | None = None) -> dict[str, Amount]:
        """Each player's stack after the hand is settled (chips behind plus payout).

        >>> h = start_hand({"A": 9, "B": 9}, button="B", small_blind=1, big_blind=2)
        >>> h.raise_to("B", 6).fold("A").finishing_stacks()
        {'A': 7, 'B': 11}
        """
        result = self.settle(ranking)
        return {p: self.stacks[i] + result.payouts[p] for i, p in enumerate(self.players)}

    # ---- helpers ------------------------------------------------------------------------
    def _seat(self, player: str) -> int:
        try:
            return self.setup.players.index(player)
        except ValueError:
            raise IllegalActionError(
                f"{player!r} is not seated at this table (players: {', '.join(self.setup.players)})"
            ) from None

    def _check_unseen(self, codes: tuple[str, ...], owner: str, seat: int | None) -> None:
        """Refuse cards already dealt to another player or on the board (CardError)."""
        groups: dict[str, tuple] = {}
        for j, hole in enumerate(self.holes):
            if hole and j != seat:
                groups[self.players[j]] = parse_cards(hole)
        board = parse_cards(self.board)
        groups["the board"] = board + parse_cards(codes) if seat is None else board
        if seat is not None:
            groups[owner] = parse_cards(codes)
        check_no_duplicates(groups)

    def _why_no_action(self) -> str:
        if len(self.live) == 1:
            return f"everyone else folded, {self.live[0]} wins"
        return "the betting is over"

    def _check_showdown(self, player: str) -> None:
        i = self._seat(player)
        if self.actor is not None:
            raise IllegalActionError(
                f"{player} cannot show or muck yet: the betting is not over ({self.to_act} to act)"
            )
        if self.folded[i]:
            raise IllegalActionError(f"{player} folded: there is no hand to show or muck")


# --------------------------------------------------------------------------------------------
# Starting a hand
# --------------------------------------------------------------------------------------------
def start_hand(
    stacks: Mapping[str, Amount],
    *,
    small_blind: Amount,
    big_blind: Amount,
    button: str | None = None,
    ante: Amount = 0,
    big_blind_ante: bool = False,
    structure: Structure | None = None,
    chip: Amount = 1,
) -> Hand:
    """Seat the players (``stacks`` in clockwise order), post antes and blinds, deal in.

    The small blind sits left of the button and the big blind left of him; heads-up the button
    posts the small blind and acts first before the flop (EX-27). ``ante`` is posted by every
    player, or with ``big_blind_ante=True`` by the big blind alone for the table: it is dead
    money in the main pot, and a short big blind posts the blind first (TDA 2024 RP-11).
    ``button`` defaults to the last seat; ``structure`` to no limit at the big blind.

    >>> h = start_hand({"Ann": 100, "Bob": 100}, small_blind=1, big_blind=2, button="Ann")
    >>> h.to_act, h.contributions
    ('Ann', {'Ann': 1, 'Bob': 2})
    >>> start_hand({"Ann": 100}, small_blind=1, big_blind=2)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: a hand needs 2 to 10 players, got 1
    """
    setup = _check_setup(stacks, small_blind, big_blind, button, ante, big_blind_ante, structure, chip)
    n = len(setup.players)
    names = setup.players
    stack = list(setup.stacks)
    paid = [0] * n
    dead = [0] * n
    bets = [0] * n
    history: list[Operation] = []
    sb, bb = setup.small_blind_seat, setup.big_blind_seat

    def post(seat: int, amount: Amount, kind: str, into: list) -> None:
        chips = min(amount, stack[seat])
        stack[seat] -= chips
        into[seat] += chips
        if chips:
            history.append(Operation(0, names[seat], kind, chips, bets[seat], stack[seat] == 0))

    formed: tuple = ()
    returned = (0,) * n
    if setup.ante and not setup.big_blind_ante:
        for seat in range(n):
            post(seat, setup.ante, "ante", bets)
        formed, returned = _collect(formed, tuple(bets), (False,) * n, tuple(stack), returned)
        paid = bets
        bets = [0] * n
    post(sb, setup.small_blind, "small blind", bets)
    if setup.big_blind_ante and setup.ante:
        post(bb, setup.big_blind, "big blind", bets)   # RP-11: the blind first, then the ante
        post(bb, setup.ante, "big blind ante", dead)
        formed = ((sum(dead), tuple(range(n)), False),)
    else:
        post(bb, setup.big_blind, "big blind", bets)
    st = setup.structure
    hand = Hand(
        setup=setup,
        street=0,
        stacks=tuple(stack),
        bets=tuple(bets),
        paid=tuple(paid),
        dead=tuple(dead),
        folded=(False,) * n,
        acted=(False,) * n,
        faced=(0,) * n,
        current_bet=setup.big_blind,
        last_raise=st.opening_raise(),
        full_bet=setup.big_blind,
        raises=1,
        actor=None,
        aggressor=None,
        river_aggressor=None,
        formed=formed,
        returned=returned,
        street_pots=(),
        history=tuple(history),
        holes=(None,) * n,
        mucked=(False,) * n,
    )
    return _advance(hand, bb)


def _check_setup(stacks, small_blind, big_blind, button, ante, big_blind_ante, structure, chip) -> Setup:
    if not isinstance(stacks, Mapping):
        raise InputError(f"stacks must be a mapping {{player: chips}} in seat order, not {type(stacks).__name__}")
    if not 2 <= len(stacks) <= 10:
        raise InputError(f"a hand needs 2 to 10 players, got {len(stacks)}")
    players = tuple(stacks)
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise InputError(f"player names must be non-empty strings, got {p!r}")
    chip = check_amount(chip, "the chip", allow_zero=False)
    amounts = []
    for p in players:
        a = check_amount(stacks[p], f"{p}'s stack", allow_zero=False)
        if not is_multiple(a, chip):
            raise InputError(f"{p}'s stack {format_amount(a)} is not a whole number of {format_amount(chip)} chips")
        amounts.append(a)
    small_blind = check_amount(small_blind, "the small blind")
    big_blind = check_amount(big_blind, "the big blind", allow_zero=False)
    ante = check_amount(ante, "the ante")
    if small_blind > big_blind:
        raise InputError(f"the small blind {small_blind} is larger than the big blind {big_blind}")
    for what, v in (("small blind", small_blind), ("big blind", big_blind), ("ante", ante)):
        if not is_multiple(v, chip):
            raise InputError(f"the {what} {format_amount(v)} is not a whole number of {format_amount(chip)} chips")
    if button is None:
        b = len(players) - 1
    elif button not in players:
        raise InputError(f"button {button!r} is not seated (players: {', '.join(players)})")
    else:
        b = players.index(button)
    if structure is None:
        structure = NoLimit(big_blind=big_blind)
    elif not isinstance(structure, Structure):
        raise InputError(f"structure must be a potengine.play.structures.Structure, not {structure!r}")
    return Setup(players, tuple(amounts), b, small_blind, big_blind, ante, bool(big_blind_ante), structure, chip)


# --------------------------------------------------------------------------------------------
# The betting machinery: plain functions on tuples
# --------------------------------------------------------------------------------------------
def _evolve(hand: Hand, **changes: Any) -> Hand:
    """A copy of ``hand`` with some fields changed (a fast ``dataclasses.replace``)."""
    new = object.__new__(Hand)
    state = new.__dict__
    state.update(hand.__dict__)
    state.update(changes)
    return new


def _view(hand: Hand, i: int) -> RoundView:
    return RoundView(
        hand.street, hand.current_bet, hand.bets[i], hand.last_raise, hand.full_bet,
        hand.total, hand.raises, len(hand.folded) - sum(hand.folded),
    )


def _legal(hand: Hand, i: int) -> Legal:
    name = hand.setup.players[i]
    committed, stack = hand.bets[i], hand.stacks[i]
    to_call = max(hand.current_bet - committed, 0)
    call = min(to_call, stack)
    wager = "bet" if hand.current_bet == 0 else "raise"
    everything = committed + stack
    if everything <= hand.current_bet or not _may_raise(hand, i):
        return Legal(name, to_call, call, wager, None, None)
    view = _view(hand, i)
    bounds = hand.setup.structure.bounds(view)
    if bounds is None:
        return Legal(name, to_call, call, wager, None, None)
    low = min(bounds.low, everything)
    high = everything if bounds.high is None else min(bounds.high, everything)
    return Legal(name, to_call, call, wager, low, high)


def _may_raise(hand: Hand, i: int) -> bool:
    """Raising is open unless the player has acted and the raises since then are not full (TDA 47),
    and only while another live player has chips beyond the current bet to answer it."""
    if not _answerable(hand, i):
        return False
    if not hand.acted[i]:
        return True
    return hand.setup.structure.reopens(_view(hand, i), hand.faced[i])


def _answerable(hand: Hand, i: int) -> bool:
    cb = hand.current_bet
    return any(
        j != i and not hand.folded[j] and hand.bets[j] + hand.stacks[j] > cb
        for j in range(len(hand.folded))
    )


def _illegal(player: str, what: str, rule: str) -> IllegalActionError:
    return IllegalActionError(f"{player} cannot {what}: {rule}")


def act(hand: Hand, player: str, kind: str, to: Amount | None = None) -> Hand:
    """Apply one action to ``hand`` and return the new hand; the old one is never changed.

    >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
    >>> act(h, "B", "call")
    Traceback (most recent call last):
    ...
    potengine.errors.IllegalActionError: B cannot call: it is C's turn (action goes clockwise)
    >>> act(h, "C", "raise", 3)
    Traceback (most recent call last):
    ...
    potengine.errors.IllegalActionError: C cannot raise to 3: the minimum raise is to 4 (a raise must be at least the big blind or the largest full raise of the round, TDA 43)
    """
    names = hand.setup.players
    if not isinstance(player, str) or player not in names:
        raise IllegalActionError(
            f"{player!r} is not seated at this table (players: {', '.join(names)})"
        )
    if hand.actor is None:
        raise _illegal(player, kind, f"nobody is to act: {hand._why_no_action()}")
    i = hand.actor
    if names[i] != player:
        raise _illegal(player, kind, f"it is {names[i]}'s turn (action goes clockwise)")
    committed, stack = hand.bets[i], hand.stacks[i]
    to_call = max(hand.current_bet - committed, 0)
    acted = list(hand.acted)
    faced = list(hand.faced)
    bets = list(hand.bets)
    stacks = list(hand.stacks)
    folded = hand.folded
    changes: dict[str, Any] = {}
    full = True
    if kind == "fold":
        f = list(folded)
        f[i] = True
        folded = tuple(f)
        op = Operation(hand.street, player, "fold", 0, committed)
    elif kind == "check":
        if to_call:
            raise _illegal(player, "check", f"there are {format_amount(to_call)} to call (call, raise or fold)")
        op = Operation(hand.street, player, "check", 0, committed)
    elif kind == "call":
        if not to_call:
            raise _illegal(player, "call", "there is no bet to call (check instead)")
        add = min(to_call, stack)
        bets[i] += add
        stacks[i] -= add
        op = Operation(hand.street, player, "call", add, bets[i], stacks[i] == 0)
    elif kind in ("bet", "raise"):
        to = _check_wager(hand, i, player, kind, to)
        view = _view(hand, i)
        full = hand.setup.structure.is_full(view, to)
        bets[i] = to
        stacks[i] -= to - committed
        if full:
            acted = [False] * len(acted)
            changes.update(
                last_raise=max(hand.last_raise, to - hand.current_bet),
                full_bet=to,
                raises=hand.raises + 1,
            )
        changes.update(current_bet=to, aggressor=i)
        op = Operation(hand.street, player, kind, to - committed, to, stacks[i] == 0, full)
    else:
        raise IllegalActionError(
            f"unknown action {kind!r} for {player} (fold, check, call, bet, raise, all-in)"
        )
    acted[i] = True
    faced[i] = changes.get("current_bet", hand.current_bet)
    new = _evolve(
        hand,
        bets=tuple(bets),
        stacks=tuple(stacks),
        folded=folded,
        acted=tuple(acted),
        faced=tuple(faced),
        history=hand.history + (op,),
        **changes,
    )
    return _advance(new, i)


def _check_wager(hand: Hand, i: int, player: str, kind: str, to: Amount | None) -> Amount:
    if to is None:
        raise _illegal(player, kind, "say the total to bet or raise to")
    try:
        to = check_amount(to, f"{player}'s {kind}", allow_zero=False)
    except InputError as err:
        raise IllegalActionError(str(err)) from None
    chip = hand.setup.chip
    what = f"{kind} to {format_amount(to)}"
    if not is_multiple(to, chip):
        raise _illegal(player, what, f"amounts are whole chips of {format_amount(chip)}")
    if kind == "bet" and hand.current_bet:
        raise _illegal(player, what, f"there is already a bet of {format_amount(hand.current_bet)} (raise instead)")
    if kind == "raise" and not hand.current_bet:
        raise _illegal(player, what, "nobody has bet on this street (bet instead)")
    if to <= hand.current_bet:
        raise _illegal(player, what, f"it is not above the current bet of {format_amount(hand.current_bet)}")
    everything = hand.bets[i] + hand.stacks[i]
    if to > everything:
        raise _illegal(player, what, f"{player} has only {format_amount(everything)} in all (table stakes)")
    if not _answerable(hand, i):
        raise _illegal(
            player, what,
            "every other player has folded or is all-in for no more than the current bet: "
            "nobody could answer a raise: only call or fold",
        )
    if not _may_raise(hand, i):
        raise _illegal(
            player, what,
            "the betting was not reopened: the all-in since this player last acted was not a full "
            "raise, so only a call or a fold is allowed (TDA 47)",
        )
    structure = hand.setup.structure
    bounds = structure.bounds(_view(hand, i))
    if bounds is None:
        raise _illegal(player, what, f"the betting is capped at {structure.cap} bets and raises ({structure.name})")
    if structure.name == "fixed limit" and to != bounds.low and not (to == everything < bounds.low):
        raise _illegal(player, what, f"in fixed limit every bet and raise goes to exactly {format_amount(bounds.low)}")
    if to < bounds.low and to != everything:
        rule = {
            "spread limit": f"the spread limit allows {format_amount(bounds.low)} to {format_amount(bounds.high)}",
        }.get(structure.name, "a raise must be at least the big blind or the largest full raise of the round, TDA 43")
        raise _illegal(player, what, f"the minimum {kind} is to {format_amount(bounds.low)} ({rule})")
    if bounds.high is not None and to > bounds.high:
        rule = {
            "pot limit": "at most the pot after the call (pot limit, TDA 54)",
            "spread limit": "the spread's highest bet",
        }.get(structure.name, f"the {structure.name} maximum")
        raise _illegal(player, what, f"the maximum is {format_amount(bounds.high)}: {rule}")
    return to


def _needs_to_act(hand: Hand, j: int, with_chips: int) -> bool:
    if hand.folded[j] or hand.stacks[j] == 0:
        return False
    if hand.bets[j] < hand.current_bet:
        return True
    # Matched: he acts only if he has not yet, and somebody else could still respond.
    return not hand.acted[j] and with_chips > 1


def _advance(hand: Hand, last: int) -> Hand:
    """Find the next player to act clockwise from seat ``last``; end the round if nobody is left."""
    n = len(hand.folded)
    live = n - sum(hand.folded)
    if live > 1:
        with_chips = sum(1 for j in range(n) if not hand.folded[j] and hand.stacks[j] > 0)
        for k in range(1, n + 1):
            j = (last + k) % n
            if _needs_to_act(hand, j, with_chips):
                return _evolve(hand, actor=j)
    return _end_round(hand)


def _end_round(hand: Hand) -> Hand:
    """Collect the round's bets into pots and move on to the next street (or the showdown)."""
    n = len(hand.folded)
    formed, returned = _collect(hand.formed, hand.bets, hand.folded, hand.stacks, hand.returned)
    paid = tuple(p + b for p, b in zip(hand.paid, hand.bets))
    names = hand.setup.players
    snapshot = tuple(
        StreetPot(a, tuple(names[i] for i in e if not hand.folded[i]), c) for a, e, c in formed
    )
    river_aggressor = hand.aggressor if hand.street == 3 else hand.river_aggressor
    live = [j for j in range(n) if not hand.folded[j]]
    with_chips = [j for j in live if hand.stacks[j] > 0]
    street = hand.street + 1
    street_pots = hand.street_pots + (snapshot,)
    if len(live) == 1 or len(with_chips) <= 1:
        # Fold-out, or nobody left to bet against: the remaining streets are dealt without betting.
        street_pots += (snapshot,) * (SHOWDOWN - street) if len(live) > 1 else ()
        street = SHOWDOWN
    new = _evolve(
        hand,
        street=street,
        bets=(0,) * n,
        paid=paid,
        acted=(False,) * n,
        faced=(0,) * n,
        current_bet=0,
        last_raise=hand.setup.structure.opening_raise(),
        full_bet=0,
        raises=0,
        actor=None,
        aggressor=None,
        river_aggressor=river_aggressor,
        formed=formed,
        returned=returned,
        street_pots=street_pots,
    )
    if street >= SHOWDOWN:
        return new
    return _advance(new, hand.setup.button)


def _collect(formed, bets, folded, stacks, returned):
    """The dealer's pot formation at the end of a round (EX-16).

    The uncalled top of the largest bet goes back; the rest is cut at the levels of the players
    who went all-in this round. The first slice joins the last pot if that pot is still open; a
    slice whose top is an all-in level is closed and takes no more chips in later rounds.
    """
    n = len(bets)
    if not any(bets):
        return formed, returned
    ordered = sorted(bets, reverse=True)
    refund = ordered[0] - ordered[1]
    bets = list(bets)
    returned = list(returned)
    if refund:
        top = bets.index(ordered[0])
        bets[top] -= refund
        returned[top] += refund
    live = [j for j in range(n) if not folded[j]]
    top_level = max((bets[j] for j in live), default=0)
    levels = sorted({bets[j] for j in live if stacks[j] == 0 and 0 < bets[j] < top_level})
    levels.append(top_level)
    top_all_in = any(stacks[j] == 0 and bets[j] == top_level for j in live)
    pots = [list(p) for p in formed]
    low = 0
    for k, high in enumerate(levels):
        if high <= low:
            continue
        amount = sum(min(b, high) - low for b in bets if b > low)
        eligible = tuple(j for j in live if bets[j] >= high)
        closed = k < len(levels) - 1 or top_all_in
        if k == 0 and pots and not pots[-1][2]:
            pots[-1][0] += amount
            pots[-1][1] = tuple(j for j in pots[-1][1] if not folded[j])
            pots[-1][2] = closed
        else:
            pots.append([amount, eligible, closed])
        low = high
    return tuple((a, tuple(j for j in e if not folded[j]), c) for a, e, c in pots), tuple(returned)


def _unknown(cards: Any) -> bool:
    """True for cards nobody has seen: ``None``, ``""`` or question marks (``"????"``)."""
    if cards is None:
        return True
    if isinstance(cards, str):
        return set(cards.replace(" ", "")) <= {"?"}
    return False


def _codes(cards: Any) -> tuple[str, ...]:
    """Read cards with :func:`potengine.cards.deck.parse_cards` (CardError if unreadable or repeated)
    and return their two-character codes (``'Th'`` for a ten)."""
    return tuple(card.code for card in parse_cards(cards))


# --------------------------------------------------------------------------------------------
# Handing over to settlement
# --------------------------------------------------------------------------------------------
def showdown_ranking(hand: Hand, rank_players: Callable | None = None) -> list[tuple[str, ...]]:
    """Rank the live players from their cards with :func:`potengine.cards.evaluate.rank_players`.

    Players who mucked (or whose cards are unknown) lose to every shown hand; they tie among
    themselves at the bottom. ``rank_players(hands, board) -> (tiers, values)`` may be given to
    use another evaluator.

    >>> h = start_hand({"A": 9, "B": 9, "C": 9}, button="C", small_blind=1, big_blind=2)
    >>> h = h.deal_hole("A", "AsAh").deal_hole("B", "KsKh").deal_hole("C", "2c3d")
    >>> h = h.all_in("C").call("A").call("B").deal_board("Qd Jc 7s 5h 9c")
    >>> showdown_ranking(h.muck("C"))
    [('A',), ('B',), ('C',)]
    """
    live = [i for i in range(len(hand.players)) if not hand.folded[i]]
    shown = {hand.players[i]: hand.holes[i] for i in live if hand.holes[i] and not hand.mucked[i]}
    dark = tuple(hand.players[i] for i in live if hand.players[i] not in shown)
    tiers: list[tuple[str, ...]] = []
    if len(shown) == 1:
        tiers.append(tuple(shown))
    elif shown:
        if len(hand.board) != 5:
            raise InputError(
                f"the board has {len(hand.board)} cards: deal all five before ranking the hands"
            )
        ranked, _values = (rank_players or rank_by_cards)(
            {p: " ".join(c) for p, c in shown.items()}, " ".join(hand.board))
        tiers.extend(tuple(t) if not isinstance(t, str) else (t,) for t in ranked)
    if dark:
        tiers.append(dark)
    return tiers


def settle_hand(hand: Hand, ranking: Sequence[Any] | None = None, *, rank_players: Callable | None = None):
    """Settle a finished hand with :func:`potengine.pots.settlement.settle` (contributions in seat
    order, the folds, the button, the chip). A big-blind ante is dead money: it is added to the
    main pot and can never come back as an uncalled bet.

    >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
    >>> h = h.call("C").call("A").check("B")
    >>> for _ in range(3): h = h.check("A").check("B").check("C")
    >>> dict(settle_hand(h, ["B", ("A", "C")]).payouts)
    {'A': 0, 'B': 6, 'C': 0}
    """

    if hand.actor is not None:
        raise InputError(f"the hand is not over: {hand.to_act} is to act on the {hand.street_name}")
    names = hand.setup.players
    folded = [p for p, f in zip(names, hand.folded) if f]
    button = names[hand.setup.button]
    if ranking is None and len(hand.live) > 1:
        ranking = showdown_ranking(hand, rank_players)
    total = {p: hand.paid[i] + hand.dead[i] for i, p in enumerate(names)}
    dead = {p: hand.dead[i] for i, p in enumerate(names) if hand.dead[i]}
    return settle(total, ranking, folded=folded, button=button, chip=hand.setup.chip, dead=dead)
