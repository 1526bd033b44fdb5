"""The course of a hold'em or Omaha hand: blinds and antes, four betting rounds, the pots after
every street, the showdown (Omaha hi-lo: each pot split between the best high and the best low).

:func:`start_hand` seats the players, posts the antes and blinds and returns a :class:`Hand`.
A hand is immutable: every action (:meth:`Hand.fold`, :meth:`~Hand.check`, :meth:`~Hand.call`,
:meth:`~Hand.bet`, :meth:`~Hand.raise_to`, :meth:`~Hand.raise_by`, :meth:`~Hand.all_in`) returns
a new hand, and an illegal one raises :class:`~potengine.errors.IllegalActionError` naming the
player and the rule while the old hand stays as it was. When the betting is over,
:meth:`Hand.settle` hands the contributions to :func:`potengine.pots.settlement.settle`.

The parts live in their own modules: :mod:`~potengine.play.records` (operations, pots,
legal actions, the setup), :mod:`~potengine.play.betting` (the table and the betting rules),
:mod:`~potengine.play.dealing` (cards), :mod:`~potengine.play.showdown` and
:mod:`~potengine.play.streets` (the :class:`~potengine.play.streets.Street` enum).

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

Straddles, missed blinds, bomb pots and runs: the rules this engine plays
--------------------------------------------------------------------------

The TDA rules are tournament rules and have none of these (no straddles, no missed blinds, no
runs: one board, run once); the engine follows Robert's Rules of Poker and the common house
rules of card rooms, written here once.

S1. A straddle is a *live blind*: its chips are the straddler's bet, the bet to call becomes the
straddle, and he has the option when the action comes back to him unraised.
S2. The first straddle is posted under the gun (the seat left of the big blind) or on the button
(a button straddle); each re-straddle is posted by the next seat to the left of the last
straddler (never by the blinds; a button straddle is the only straddle). Heads-up there is none.
S3. Each straddle is exactly twice the blind or straddle before it, posted in full before the
cards (a player short of it cannot straddle). It is written as the straddler's total: he has
posted nothing else, so the total and the post are the same chips.
S4. Pre-flop the action starts left of the last straddle and the last straddler acts last (with a
button straddle the small blind acts first); the blinds act in turn.
S5. For the minimum raise the last straddle is the big blind of the pre-flop round: the first
raise is to at least twice it (TDA 43 then applies as usual). After the flop the big blind
sets the minimum bet again.
S6. Straddles are played in no limit and pot limit.

M1. A player back from missing the big blind posts a big blind, *live*: it counts as his bet, and
he has the option like the big blind. M2. A player who missed the small blind posts it *dead*:
the chips go to the main pot, are no part of his bet and never come back (like the big-blind
ante, TDA RP-11's dead money). M3. Missed both: the big blind live plus the small blind dead.
The players in the blinds post their blinds in turn instead.

B1. A bomb pot: every player antes the same amount (all-in when short), nobody posts a blind and
there is no pre-flop betting; the betting starts on the flop with the first player left of the
button, the big blind setting the minimum bet. B2. With two boards (``boards=2``) each street is
dealt on the first board, then on the second; every pot is divided half per board, each half to
that board's best eligible hand: the rule of runs below, with the boards dealt together.

R1. Once the betting is over with a player all-in and the board not complete, the players may run
the rest of the board twice or three times (:meth:`Hand.run_it`). R2. Every run keeps the cards
already dealt; the runs are dealt one after the other, each to five cards, and no card appears in
two runs. R3. Each pot that more than one player can win is divided by the runs, the odd chip to
the first run, and each part goes to that run's best eligible hand(s) (ties: TDA 20, one chip
each clockwise from the button); a pot only one player can win is paid once
(:mod:`potengine.pots.runs`).

>>> h = start_hand({"A": 100, "B": 100, "C": 100, "D": 100}, button="D", small_blind=1,
...                big_blind=2, straddles={"C": 4})
>>> h.to_act, h.legal().min_to
('D', 8)
>>> h = start_hand({"A": 100, "B": 100, "C": 100, "D": 100}, button="D", small_blind=1,
...                big_blind=2, missed_blinds={"C": "both"})
>>> h.contributions, h.dead
({'A': 1, 'B': 2, 'C': 3, 'D': 0}, (0, 0, 1, 0))
>>> h = start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2, bomb_pot=5)
>>> h.street_name, h.to_act, h.total
('flop', 'A', 15)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..chips import MAX_CHIPS, Amount, check_amount, format_amount, is_multiple
from ..errors import IllegalActionError, InputError, Said, message_of, said
from ..pots.runs import RunOddChips, ordinal
from ..pots.settlement import Settlement
from . import betting, dealing, showdown
from .betting import Table
from .dealing import CardsIn
from .records import GAMES, Boards, Extras, Legal, Operation, Setup, StreetPot
from .showdown import RankPlayers
from .streets import Kind, Street
from .structures import NoLimit, Structure

__all__ = [
    "SHOWDOWN",
    "Hand",
    "Legal",
    "Operation",
    "Setup",
    "Street",
    "StreetPot",
    "act",
    "settle_hand",
    "showdown_low_ranking",
    "showdown_ranking",
    "start_hand",
]

SHOWDOWN = Street.SHOWDOWN


class Hand:
    """A hand in progress (or over). Tuples are indexed by seat (clockwise, as in ``players``).

    ``stacks`` are the chips behind, ``bets`` this street's chips, ``paid`` the live chips of the
    finished streets (antes included), ``dead`` the big-blind ante (dead money in the main pot).
    A hand never changes: every action returns a new one.
    """

    __slots__ = ("_table",)
    _table: Table

    def __init__(self, table: Table) -> None:
        object.__setattr__(self, "_table", table)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Hand is immutable: {name} cannot be set (every action returns a new hand)")

    def _then(self, step: Callable[..., None], *args: Any) -> Hand:
        """A new hand: this one's table copied, ``step(table, *args)`` applied to the copy."""
        table = self._table.copy()
        step(table, *args)
        return Hand(table)

    def _key(self) -> tuple[object, ...]:
        t = self._table
        return (
            t.setup,
            t.street,
            tuple(t.stacks),
            tuple(t.bets),
            tuple(t.paid),
            tuple(t.dead),
            tuple(t.folded),
            tuple(t.acted),
            t.actor,
            tuple(t.history),
            tuple(t.board),
            tuple(t.holes),
            tuple(t.mucked),
            t.multi,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        """A one-line summary: street, who is to act, the chips in the middle and behind.

        >>> start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        <Hand pre-flop, C to act; in the middle 3; behind A 99, B 98, C 100>
        """
        live = self.live
        state = (
            f"{self.to_act} to act"
            if self.actor is not None
            else (f"{live[0]} wins" if len(live) == 1 else "betting over")
        )
        behind = ", ".join(f"{p} {format_amount(s)}" for p, s in zip(self.players, self.stacks, strict=True))
        return (
            f"<Hand {self.street_name}, {state}; in the middle {format_amount(self.total)}; behind {behind}>"
        )

    # ---- the state, as tuples --------------------------------------------------------------
    @property
    def setup(self) -> Setup:
        """The table before the cards were dealt."""
        return self._table.setup

    @property
    def street(self) -> Street:
        """The street being played (:attr:`Street.SHOWDOWN` when the betting is over)."""
        return self._table.street

    @property
    def stacks(self) -> tuple[Amount, ...]:
        """Chips behind, by seat."""
        return tuple(self._table.stacks)

    @property
    def bets(self) -> tuple[Amount, ...]:
        """This street's chips, by seat."""
        return tuple(self._table.bets)

    @property
    def paid(self) -> tuple[Amount, ...]:
        """The live chips of the finished streets (antes included), by seat."""
        return tuple(self._table.paid)

    @property
    def dead(self) -> tuple[Amount, ...]:
        """The big-blind ante (dead money in the main pot), by seat."""
        return tuple(self._table.dead)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Who folded, by seat."""
        return tuple(self._table.folded)

    @property
    def acted(self) -> tuple[bool, ...]:
        """Who acted since the last full bet or raise of this street, by seat."""
        return tuple(self._table.acted)

    @property
    def faced(self) -> tuple[Amount, ...]:
        """The bet each player faced when he last acted on this street, by seat."""
        return tuple(self._table.faced)

    @property
    def current_bet(self) -> Amount:
        """The street total to match."""
        return self._table.current_bet

    @property
    def last_raise(self) -> Amount:
        """The size of the largest full bet or raise this street (the opening size at first)."""
        return self._table.last_raise

    @property
    def full_bet(self) -> Amount:
        """The last street total reached by a full wager."""
        return self._table.full_bet

    @property
    def raises(self) -> int:
        """Full bets and raises this street (pre-flop the big blind counts as the bet)."""
        return self._table.raises

    @property
    def actor(self) -> int | None:
        """The seat to act, or None."""
        return self._table.actor

    @property
    def aggressor(self) -> int | None:
        """The seat of the last bettor or raiser of this street."""
        return self._table.aggressor

    @property
    def river_aggressor(self) -> int | None:
        """The seat of the last bettor or raiser on the river (he shows first)."""
        return self._table.river_aggressor

    @property
    def formed(self) -> tuple[tuple[Amount, tuple[int, ...], bool], ...]:
        """The pots formed so far by seat index: amount, eligible seats, closed."""
        return tuple(self._table.formed)

    @property
    def returned(self) -> tuple[Amount, ...]:
        """Uncalled chips handed back at the end of a round so far, by seat."""
        return tuple(self._table.returned)

    @property
    def street_pots(self) -> tuple[tuple[StreetPot, ...], ...]:
        """The pots after every finished street."""
        t = self._table
        return tuple(t.named(pots) for pots in t.street_pots)

    @property
    def history(self) -> tuple[Operation, ...]:
        """Everything that happened, in order."""
        return tuple(self._table.history)

    @property
    def board(self) -> tuple[str, ...]:
        """The community cards dealt so far (two-character codes)."""
        return tuple(self._table.board)

    @property
    def boards(self) -> tuple[tuple[str, ...], ...]:
        """Every board, the first first: one for a hand dealt once; one per run for a hand run
        twice or three times (each in full, with the cards the runs share); two for a
        double-board bomb pot.

        >>> h = start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).all_in("B").call("A")
        >>> h.deal_board("2c 7d 9h Ts").run_it(2).deal_board("Js").deal_board("4c").boards
        (('2c', '7d', '9h', 'Ts', 'Js'), ('2c', '7d', '9h', 'Ts', '4c'))
        """
        return dealing.boards(self._table)

    @property
    def runs(self) -> int:
        """How many times the rest of the board is dealt (1, 2 or 3; a double-board hand: 2).

        >>> start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).runs
        1
        """
        multi = self._table.multi
        return 1 if multi is None else multi.count

    @property
    def holes(self) -> tuple[tuple[str, ...] | None, ...]:
        """Each player's hole cards (None: unknown), by seat."""
        return tuple(self._table.holes)

    @property
    def mucked(self) -> tuple[bool, ...]:
        """Who mucked at the showdown, by seat."""
        return tuple(self._table.mucked)

    # ---- reading the hand ----------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """The players in clockwise seat order."""
        return self._table.setup.players

    @property
    def street_name(self) -> str:
        """``pre-flop``, ``flop``, ``turn``, ``river`` or ``showdown`` (betting over)."""
        return str(self._table.street)

    @property
    def to_act(self) -> str | None:
        """The player whose turn it is, or None when no betting is left."""
        actor = self._table.actor
        return None if actor is None else self._table.setup.players[actor]

    @property
    def betting_over(self) -> bool:
        """True when nobody can act any more (a fold-out, the river done, or everyone all-in)."""
        return self._table.actor is None

    @property
    def live(self) -> tuple[str, ...]:
        """Players who have not folded, in seat order."""
        return tuple(p for p, f in zip(self.players, self._table.folded, strict=True) if not f)

    @property
    def contributions(self) -> dict[str, Amount]:
        """Each player's chips put in so far (antes, blinds, bets; dead big-blind ante included)."""
        t = self._table
        return {p: t.paid[i] + t.bets[i] + t.dead[i] for i, p in enumerate(t.setup.players)}

    @property
    def total(self) -> Amount:
        """Every chip in the middle (this street's bets included)."""
        return self._table.total

    @property
    def pots(self) -> tuple[StreetPot, ...]:
        """The pots as the dealer has formed them at the end of the last finished round."""
        return self._table.formed_pots()

    @property
    def refunds(self) -> dict[str, Amount]:
        """Uncalled chips handed back at the end of a round so far (not a win)."""
        return {p: r for p, r in zip(self.players, self._table.returned, strict=True) if r}

    def stack(self, player: str) -> Amount:
        """Chips ``player`` has behind.

        >>> start_hand({"A": 100, "B": 100}, small_blind=1, big_blind=2).stack("B")
        99
        """
        return self._table.stacks[self._table.seat(player)]

    def legal(self) -> Legal:
        """What the player to act may do, with the amounts.

        >>> start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2).legal()
        Legal(player='C', to_call=2, call=2, wager='raise', min_to=4, max_to=100)
        """
        t = self._table
        if t.actor is None:
            raise IllegalActionError(said("nobody is to act: {reason}", reason=t.why_no_action()))
        return betting.legal(t, t.actor)

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
        return showdown.showdown_order(self._table)

    def transcript(self, holes: bool = False) -> str:
        """The hand so far as a dealer would read it out, street by street (``holes``: with the
        hole cards dealt).

        >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        >>> print(h.raise_to("C", 6).fold("A").fold("B").transcript())
        pre-flop: A posts the small blind 1, B posts the big blind 2, C raises to 6, A folds, B folds
        """
        lines: list[str] = []
        street = None
        multi = self._table.multi
        numbers = iter(dealing.board_numbers(self._table)) if multi is not None else None
        run = False
        for op in self._table.history:
            if op.kind == Kind.HOLE and not holes:
                continue
            if op.street != street:
                street = op.street
                lines.append(f"{Street(street)}: ")
            elif not lines[-1].endswith(": "):
                lines[-1] += ", "
            if op.kind == Kind.RUN:
                run = True
            if numbers is not None and op.kind == Kind.BOARD:
                assert multi is not None
                number = next(numbers)
                cards = " ".join(op.cards)
                if multi.kind == "boards":
                    lines[-1] += f"{ordinal(number)} board {cards}"
                    continue
                if run:
                    lines[-1] += f"run {number} board {cards}"
                    continue
            lines[-1] += str(op)
        return "\n".join(lines)

    @property
    def all_face_up(self) -> bool:
        """True when the betting is over with a live player all-in: every hand is shown (TDA 16)."""
        t = self._table
        return (
            t.actor is None
            and t.live_count() > 1
            and any(t.stacks[i] == 0 for i in range(len(t.folded)) if not t.folded[i])
        )

    # ---- actions ------------------------------------------------------------------------
    def fold(self, player: str) -> Hand:
        """``player`` gives up his hand; his chips stay in the pot.

        >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        >>> h.fold("C").live
        ('A', 'B')
        """
        return self._then(betting.act, player, Kind.FOLD)

    def check(self, player: str) -> Hand:
        """``player`` passes with nothing to call.

        >>> h = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2)
        >>> h.call("B").check("A").street_name
        'flop'
        """
        return self._then(betting.act, player, Kind.CHECK)

    def call(self, player: str) -> Hand:
        """``player`` matches the current bet (all-in for less if his stack is short).

        >>> h = start_hand({"A": 100, "B": 100, "C": 30}, button="C", small_blind=1, big_blind=2)
        >>> h.raise_to("C", 10).call("A").contributions
        {'A': 10, 'B': 2, 'C': 10}
        """
        return self._then(betting.act, player, Kind.CALL)

    def bet(self, player: str, to: Amount) -> Hand:
        """``player`` opens the betting on this street with ``to`` chips.

        >>> h = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2)
        >>> h.call("B").check("A").bet("A", 4).current_bet
        4
        """
        return self._then(betting.act, player, Kind.BET, to)

    def raise_to(self, player: str, to: Amount) -> Hand:
        """``player`` raises so that his total on this street is ``to`` (hand-history meaning, EX-07).

        >>> h = start_hand({"A": 500, "B": 500, "C": 500}, button="A", small_blind=5, big_blind=10)
        >>> h.raise_to("A", 100).contributions["A"]
        100
        """
        return self._then(betting.act, player, Kind.RAISE, to)

    def raise_by(self, player: str, by: Amount) -> Hand:
        """``player`` raises by ``by`` chips on top of the current bet: the same as raising to
        current bet + ``by`` (EX-07: "raise by 100" over a bet of 10 is "raise to 110").

        >>> h = start_hand({"A": 500, "B": 500, "C": 500}, button="A", small_blind=5, big_blind=10)
        >>> h.raise_by("A", 100).contributions["A"]
        110
        """
        try:
            by = check_amount(by, "{player}'s raise", allow_zero=False, player=player)
        except InputError as err:
            raise IllegalActionError(message_of(err)) from None
        return self._then(betting.act, player, Kind.RAISE, self.current_bet + by)

    def all_in(self, player: str) -> Hand:
        """``player`` puts in all his chips: a bet or raise, or a call when his chips do not beat
        the bet or when every other player is already all-in for no more than the bet."""
        return self._then(all_in, player)

    def act(self, player: str, kind: str, to: Amount | None = None) -> Hand:
        """Apply an action by name: ``fold``, ``check``, ``call``, ``bet``, ``raise``, ``all-in``.

        >>> h = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2)
        >>> h.act("B", "all-in").act("A", "call").betting_over
        True
        """
        if kind == "all-in":
            return self.all_in(player)
        return self._then(betting.act, player, kind, to)

    # ---- cards --------------------------------------------------------------------------
    def deal_hole(self, player: str, cards: CardsIn) -> Hand:
        """Record ``player``'s hole cards (``None`` or ``"????"``: unknown): two in hold'em, four,
        five or six in Omaha (the first hand dealt fixes the number for everyone).

        Cards are read by :func:`potengine.cards.deck.parse_cards` (``"AsKs"``, ``"10h 9h"``,
        ``"A♠ K♠"`` or a list) and kept as two-character codes. A card already dealt (to anyone,
        or on the board) is refused.

        >>> start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).deal_hole("A", "AsKs").holes
        (('As', 'Ks'), None)
        >>> start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).deal_hole("A", "AsKsQs")
        Traceback (most recent call last):
        ...
        potengine.errors.IllegalActionError: the dealer cannot deal A 3 cards: a hold'em player gets 2 hole
        cards
        >>> start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2, game="omaha").deal_hole("B", "AsKs")
        Traceback (most recent call last):
        ...
        potengine.errors.IllegalActionError: the dealer cannot deal B 2 cards: an Omaha player gets 4, 5 or
        6 hole cards
        """
        return self._then(dealing.deal_hole, player, cards)

    def deal_board(self, cards: Sequence[str] | str) -> Hand:
        """Put community cards on the board: the flop (three cards), then the turn (one), then
        the river (one), each once the betting round before it is over. When no more betting is
        possible (everyone all-in) the rest of the board may be dealt at once.

        >>> h = start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2)
        >>> h.deal_board("2c 7d 9h")
        Traceback (most recent call last):
        ...
        potengine.errors.IllegalActionError: the dealer cannot deal the flop: the pre-flop betting is not
        over (B to act)
        >>> h.call("B").check("A").deal_board("2c 7d 10h").board
        ('2c', '7d', 'Th')
        """
        return self._then(dealing.deal_board, cards)

    def run_it(self, count: int) -> Hand:
        """The players agree to deal the rest of the board ``count`` times (two or three).

        Only once the betting is over with a player all-in and the board not complete. Each run
        keeps the cards already dealt; :meth:`deal_board` then deals the first run to five cards,
        then the second, and so on, never a card twice. :meth:`settle` divides each pot that more
        than one player can win by the runs, the odd chip to the first run, and gives each part
        to that run's best hand (:mod:`potengine.pots.runs`); a pot only one player can win is
        not run.

        >>> h = start_hand({"A": 50, "B": 100}, button="B", small_blind=1, big_blind=2)
        >>> h = h.deal_hole("A", "AsAh").deal_hole("B", "KsKh").all_in("B").call("A")
        >>> h = h.deal_board("2c 7d 9h").run_it(2).deal_board("3s 4d").deal_board("Kd 5c")
        >>> h.finishing_stacks()
        {'A': 50, 'B': 100}
        >>> h.run_it(3)
        Traceback (most recent call last):
        ...
        potengine.errors.IllegalActionError: the players already agreed to run it twice
        >>> start_hand({"A": 50, "B": 100}, small_blind=1, big_blind=2).run_it(2)
        Traceback (most recent call last):
        ...
        potengine.errors.IllegalActionError: the hand cannot be run twice yet: the betting is not over (B to
        act on the pre-flop)
        """
        return self._then(dealing.run_it, count)

    def show(self, player: str, cards: CardsIn = None) -> Hand:
        """``player`` shows his cards at the showdown (``cards`` may repeat the known hole cards).

        >>> h = start_hand({"A": 9, "B": 9}, button="B", small_blind=1, big_blind=2)
        >>> h.all_in("B").call("A").show("A", "AsAh").history[-1].kind
        <Kind.SHOW: 'show'>
        """
        return self._then(dealing.show, player, cards)

    def muck(self, player: str) -> Hand:
        """``player`` throws his hand away at the showdown: he can win nothing.

        >>> h = start_hand({"A": 9, "B": 9}, button="B", small_blind=1, big_blind=2)
        >>> h.all_in("B").call("A").muck("A").mucked
        (True, False)
        """
        return self._then(dealing.muck, player)

    # ---- the end ------------------------------------------------------------------------
    def settle(
        self,
        ranking: Sequence[Any] | None = None,
        low_ranking: Sequence[Any] | None = None,
        *,
        runs: Sequence[Any] | None = None,
        run_odd_chips: RunOddChips = "in run order",
    ) -> Settlement:
        """Hand the finished hand to :func:`potengine.pots.settlement.settle` and return its result.

        ``ranking`` (best first, ties grouped) is needed when two or more players reach the
        showdown, unless their cards are known (then :mod:`potengine.cards.evaluate` ranks them,
        or in Omaha :mod:`potengine.cards.omaha` and :mod:`potengine.cards.low`). In Omaha hi-lo a
        ``ranking`` comes with a ``low_ranking``: the players holding a qualifying low, best first
        (``[]``: nobody); each pot is then split high/low among its own players.
        The big-blind ante is dead money added to the main pot.

        A hand run more than once (:meth:`run_it`) or dealt on two boards is settled over its
        boards: from the cards when every live hand is known, else from ``runs``, one ranking per
        run (and in hi-lo one low ranking per run in ``low_ranking``); ``run_odd_chips`` as in
        :func:`potengine.pots.settlement.settle`.

        >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        >>> result = h.raise_to("C", 10).fold("A").fold("B").settle()
        >>> dict(result.payouts)
        {'A': 0, 'B': 0, 'C': 13}
        """
        return showdown.settle_table(
            self._table, ranking, low_ranking=low_ranking, runs=runs, run_odd_chips=run_odd_chips
        )

    def finishing_stacks(
        self,
        ranking: Sequence[Any] | None = None,
        low_ranking: Sequence[Any] | None = None,
        *,
        runs: Sequence[Any] | None = None,
        run_odd_chips: RunOddChips = "in run order",
    ) -> dict[str, Amount]:
        """Each player's stack after the hand is settled (chips behind plus payout).

        >>> h = start_hand({"A": 9, "B": 9}, button="B", small_blind=1, big_blind=2)
        >>> h.raise_to("B", 6).fold("A").finishing_stacks()
        {'A': 7, 'B': 11}
        """
        result = self.settle(ranking, low_ranking, runs=runs, run_odd_chips=run_odd_chips)
        return {p: self._table.stacks[i] + result.payouts[p] for i, p in enumerate(self.players)}


def all_in(t: Table, player: str) -> None:
    """``player`` puts in all his chips, on the table in place (see :meth:`Hand.all_in`)."""
    i = t.seat(player)
    total = t.bets[i] + t.stacks[i]
    if total <= t.current_bet or (t.actor == i and not betting.answerable(t, i)):
        # All his chips do not beat the bet, or nobody could answer more: it is a call.
        betting.act(t, player, Kind.CALL)
    else:
        betting.act(t, player, Kind.BET if t.current_bet == 0 else Kind.RAISE, total)


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
    potengine.errors.IllegalActionError: C cannot raise to 3: the minimum raise is to 4 (a raise must be
    at least the big blind, and at least the largest full raise of the round, TDA 43)
    """
    return hand.act(player, kind, to)


# --------------------------------------------------------------------------------------------
# Handing over to settlement
# --------------------------------------------------------------------------------------------
def showdown_ranking(hand: Hand, rank_players: RankPlayers | None = None) -> list[tuple[str, ...]]:
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
    return showdown.ranking(hand._table, rank_players)


def showdown_low_ranking(hand: Hand) -> list[tuple[str, ...]]:
    """The qualifying eight-or-better lows of an Omaha hand's shown hands, best first (players
    without a low, who mucked or whose cards are unknown are left out).

    >>> h = start_hand({"A": 9, "B": 9, "C": 9}, button="C", small_blind=1, big_blind=2, game="omaha-hi-lo")
    >>> h = h.deal_hole("A", "Ah3hQc9s").deal_hole("B", "As3sJcJd").deal_hole("C", "KhKc9c9d")
    >>> showdown_low_ranking(h.all_in("C").call("A").call("B").deal_board("2c 5d 7h Ks Kd"))
    [('A', 'B')]
    """
    return showdown.low_ranking(hand._table)


def settle_hand(
    hand: Hand, ranking: Sequence[Any] | None = None, *, rank_players: RankPlayers | None = None
) -> Settlement:
    """Settle a finished hand with :func:`potengine.pots.settlement.settle` (contributions in seat
    order, the folds, the button, the chip). A big-blind ante is dead money: it is added to the
    main pot and can never come back as an uncalled bet.

    >>> h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
    >>> h = h.call("C").call("A").check("B")
    >>> for _ in range(3): h = h.check("A").check("B").check("C")
    >>> dict(settle_hand(h, ["B", ("A", "C")]).payouts)
    {'A': 0, 'B': 6, 'C': 0}
    """
    return showdown.settle_table(hand._table, ranking, rank_players=rank_players)


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
    game: str = "holdem",
    straddles: Mapping[str, Amount] | None = None,
    missed_blinds: Mapping[str, str] | None = None,
    bomb_pot: Amount = 0,
    boards: int = 1,
) -> Hand:
    """Seat the players (``stacks`` in clockwise order), post antes and blinds, deal in.

    ``straddles`` maps each straddler to his straddle, in the order posted (under the gun, then
    each re-straddle to his left; or the button alone), ``missed_blinds`` each player coming back
    from missed blinds to ``"small"``, ``"big"`` or ``"both"``; ``bomb_pot`` is the ante every
    player puts in a bomb pot (no blinds, no pre-flop betting), with ``boards=2`` for two boards
    dealt at once. The rules are in this module's docstring.

    The small blind sits left of the button and the big blind left of him; heads-up the button
    posts the small blind and acts first before the flop (EX-27). ``ante`` is posted by every
    player, or with ``big_blind_ante=True`` by the big blind alone for the table: it is dead
    money in the main pot, and a short big blind posts the blind first (TDA 2024 RP-11).
    ``button`` defaults to the last seat; ``structure`` to no limit at the big blind.
    ``game`` is ``"holdem"`` (two hole cards), ``"omaha"`` or ``"omaha-hi-lo"`` (four, five or
    six hole cards, the same number for everyone; at the showdown exactly two of them play with
    exactly three of the board, and in hi-lo each pot is split with the best eight-or-better low).

    >>> h = start_hand({"Ann": 100, "Bob": 100}, small_blind=1, big_blind=2, button="Ann")
    >>> h.to_act, h.contributions
    ('Ann', {'Ann': 1, 'Bob': 2})

    Omaha hi-lo: Bob's kings full take the high half, Ann's 7-5-3-2-A the low half.

    >>> h = start_hand({"Ann": 100, "Bob": 100}, small_blind=1, big_blind=2, game="omaha-hi-lo")
    >>> h = h.deal_hole("Ann", "Ah 3h Qc 9s").deal_hole("Bob", "Kh Kc 9c 9d")
    >>> h.all_in("Bob").call("Ann").deal_board("2c 5d 7h Ks Kd").finishing_stacks()
    {'Ann': 100, 'Bob': 100}
    >>> start_hand({"Ann": 100}, small_blind=1, big_blind=2)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: a hand needs 2 to 10 players, got 1
    """
    setup = _check_setup(stacks, small_blind, big_blind, button, ante, big_blind_ante, structure, chip, game)
    if straddles or missed_blinds or bomb_pot or boards != 1:
        setup = check_extras(setup, straddles, missed_blinds, bomb_pot, boards)
    return Hand(start_table(setup))


def start_table(setup: Setup) -> Table:
    """A table for ``setup`` with the antes and blinds posted and the first player to act."""
    t = Table(setup)
    n = len(setup.players)
    names = setup.players
    stack = t.stacks
    history = t.history
    extras = setup.extras
    if extras is not None and extras.bomb_pot:
        return _start_bomb_pot(t)

    def post(seat: int, amount: Amount, kind: Kind, into: list[Amount]) -> None:
        chips = min(amount, stack[seat])
        stack[seat] -= chips
        into[seat] += chips
        if chips:
            history.append(
                Operation(Street.PRE_FLOP, names[seat], kind, chips, t.bets[seat], stack[seat] == 0)
            )

    if setup.ante and not setup.big_blind_ante:
        for seat in range(n):
            post(seat, setup.ante, Kind.ANTE, t.bets)
        betting.collect(t)
        t.paid = t.bets
        t.bets = [0] * n
    sb, bb = setup.small_blind_seat, setup.big_blind_seat
    post(sb, setup.small_blind, Kind.SMALL_BLIND, t.bets)
    if setup.big_blind_ante and setup.ante:
        post(bb, setup.big_blind, Kind.BIG_BLIND, t.bets)  # RP-11: the blind first, then the ante
        post(bb, setup.ante, Kind.BIG_BLIND_ANTE, t.dead)
        t.formed = [(sum(t.dead), tuple(range(n)), False)]
    else:
        post(bb, setup.big_blind, Kind.BIG_BLIND, t.bets)
    t.current_bet = setup.big_blind
    t.full_bet = setup.big_blind
    t.raises = 1
    last = bb
    if extras is not None:
        for seat, which in extras.missed:
            if which != "small":  # the big blind, live: it counts as his bet, he has the option
                post(seat, setup.big_blind, Kind.BIG_BLIND, t.bets)
            if which != "big":  # the small blind, dead: in the pot, not part of his bet
                post(seat, setup.small_blind, Kind.DEAD_BLIND, t.dead)
        if any(t.dead):
            t.formed = [(sum(t.dead), tuple(range(n)), False)]
        for seat, amount in extras.straddles:
            post(seat, amount, Kind.STRADDLE, t.bets)  # a live blind: the bigger big blind
            t.current_bet = t.full_bet = t.last_raise = amount
            t.raises += 1
            last = seat
    betting.advance(t, last)
    return t


def _start_bomb_pot(t: Table) -> Table:
    """A bomb pot: everyone antes, the antes are collected as a betting round with no action,
    and the betting starts on the flop with the first player left of the button."""
    setup = t.setup
    stack = t.stacks
    for seat, name in enumerate(setup.players):
        chips = min(setup.bomb_pot, stack[seat])
        stack[seat] -= chips
        t.bets[seat] = chips
        t.history.append(Operation(Street.PRE_FLOP, name, Kind.ANTE, chips, chips, stack[seat] == 0))
    if setup.boards == 2:
        t.multi = Boards("boards", 2, 0, ((),), ((),))
    betting.end_round(t)
    return t


_MISSED = ("small", "big", "both")


def check_extras(
    setup: Setup,
    straddles: Mapping[str, Amount] | None,
    missed_blinds: Mapping[str, str] | None,
    bomb_pot: Amount,
    boards: int,
) -> Setup:
    """``setup`` with its straddles, missed blinds, bomb pot and boards, each checked against the
    rules of this module (InputError naming the player and the rule).

    >>> seats = {"A": 90, "B": 90, "C": 90, "D": 90, "E": 90}
    >>> base = start_hand(seats, small_blind=1, big_blind=2).setup
    >>> check_extras(base, {"C": 4, "D": 8}, None, 0, 1).straddles
    ((2, 4), (3, 8))
    >>> check_extras(base, {"D": 4}, None, 0, 1)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: D cannot straddle: the first straddle is posted under the gun (C, left of
    the big blind) or on the button (E)
    """
    players = setup.players
    n = len(players)
    chip = setup.chip
    sb, bb, button = setup.small_blind_seat, setup.big_blind_seat, setup.button
    if type(boards) is not int or boards not in (1, 2):
        raise InputError(
            said("boards must be 1 or 2 (two boards dealt at once), not {boards}", boards=repr(boards))
        )
    bomb = _chips(bomb_pot, "the bomb pot ante") if bomb_pot else 0
    if bomb and not is_multiple(bomb, chip):
        raise InputError(
            said(
                "{what} {amount} is not a whole number of {chip} chips",
                what=said("the bomb pot ante"),
                amount=format_amount(bomb),
                chip=format_amount(chip),
            )
        )
    if boards == 2 and not bomb:
        raise InputError(said("two boards are dealt at once only in a bomb pot: give bomb_pot= the ante"))
    if bomb and (straddles or missed_blinds or setup.ante):
        raise InputError(
            said(
                "a bomb pot has no blinds and no other ante: every player antes the bomb pot and "
                "the betting starts on the flop (leave out straddles, missed_blinds and ante)"
            )
        )
    straddled: list[tuple[int, Amount]] = []
    if straddles:
        if not isinstance(straddles, Mapping):
            raise InputError(
                said(
                    "straddles must be a mapping {{player: straddle}}, not {straddles}",
                    straddles=repr(straddles),
                )
            )
        if setup.structure.name not in ("no limit", "pot limit"):
            raise InputError(
                said(
                    "straddles are played in no limit and pot limit here, not {structure}",
                    structure=setup.structure.said_name(),
                )
            )
        if n < 3:
            raise InputError(said("heads-up there is no straddle: the button posts the small blind"))
        utg = (bb + 1) % n
        previous = setup.big_blind
        for k, (player, amount) in enumerate(straddles.items()):
            if player not in players:
                raise InputError(
                    said(
                        "straddle by {player}, who is not seated (players: {players})",
                        player=repr(player),
                        players=", ".join(players),
                    )
                )
            seat = players.index(player)
            if seat in (sb, bb):
                raise InputError(
                    said("{player} cannot straddle: he posts the small blind", player=player)
                    if seat == sb
                    else said("{player} cannot straddle: he posts the big blind", player=player)
                )
            if k == 0 and seat not in (utg, button):
                raise InputError(
                    said(
                        "{player} cannot straddle: the first straddle is posted under the gun ({utg}, "
                        "left of the big blind) or on the button ({button})",
                        player=player,
                        utg=players[utg],
                        button=players[button],
                    )
                )
            if k > 0:
                first = straddled[0][0]
                expected = (straddled[-1][0] + 1) % n
                if first == button and first != utg:
                    raise InputError(
                        said(
                            "{player} cannot re-straddle: a button straddle is the only straddle here",
                            player=player,
                        )
                    )
                if seat != expected:
                    raise InputError(
                        said(
                            "{player} cannot re-straddle out of turn: the next re-straddle is {next}'s, "
                            "left of {last}",
                            player=player,
                            next=players[expected],
                            last=players[straddled[-1][0]],
                        )
                    )
            amount = _chips(amount, "{player}'s straddle", allow_zero=False, player=player)
            if amount != 2 * previous:
                raise InputError(
                    said(
                        "{player}'s straddle {amount} must be twice {what} {previous}, that is {twice}",
                        player=player,
                        amount=format_amount(amount),
                        what=said("the big blind") if k == 0 else said("the straddle before"),
                        previous=format_amount(previous),
                        twice=format_amount(2 * previous),
                    )
                )
            if setup.stacks[seat] < amount:
                raise InputError(
                    said(
                        "{player} cannot straddle {amount}: he has only {stack} (a straddle is posted in "
                        "full)",
                        player=player,
                        amount=format_amount(amount),
                        stack=format_amount(setup.stacks[seat]),
                    )
                )
            straddled.append((seat, amount))
            previous = amount
    missed: list[tuple[int, str]] = []
    if missed_blinds:
        if not isinstance(missed_blinds, Mapping):
            raise InputError(said("missed_blinds must be a mapping {{player: 'small', 'big' or 'both'}}"))
        if n < 3:
            raise InputError(said("heads-up both players post a blind: nobody has missed blinds to post"))
        for player, which in missed_blinds.items():
            if player not in players:
                raise InputError(
                    said(
                        "missed blinds for {player}, who is not seated (players: {players})",
                        player=repr(player),
                        players=", ".join(players),
                    )
                )
            if which not in _MISSED:
                raise InputError(
                    said(
                        "{player}'s missed blinds must be 'small', 'big' or 'both', not {which}",
                        player=player,
                        which=repr(which),
                    )
                )
            seat = players.index(player)
            if seat in (sb, bb):
                raise InputError(
                    said(
                        "{player} is in the small blind: he posts that blind in turn, not missed blinds",
                        player=player,
                    )
                    if seat == sb
                    else said(
                        "{player} is in the big blind: he posts that blind in turn, not missed blinds",
                        player=player,
                    )
                )
            if any(seat == s for s, _ in straddled):
                raise InputError(
                    said("{player} cannot straddle and post missed blinds in the same hand", player=player)
                )
            missed.append((seat, which))
    return replace(setup, extras=Extras(tuple(straddled), tuple(missed), bomb, boards))


def _chips(value: object, what: str, /, *, allow_zero: bool = True, **values: object) -> Amount:
    """:func:`~potengine.chips.check_amount`, with the usual case (a plain int in range) first."""
    if type(value) is int and (value > 0 or (allow_zero and value == 0)) and value <= MAX_CHIPS:
        return value
    return check_amount(value, what, allow_zero=allow_zero, **values)


def _check_setup(
    stacks: Mapping[str, Amount],
    small_blind: Amount,
    big_blind: Amount,
    button: str | None,
    ante: Amount,
    big_blind_ante: bool,
    structure: Structure | None,
    chip: Amount,
    game: str = "holdem",
) -> Setup:
    if not isinstance(game, str) or game not in GAMES:
        raise InputError(
            said(
                "game must be one of {games}, not {game}", games=", ".join(map(repr, GAMES)), game=repr(game)
            )
        )
    if not isinstance(stacks, Mapping):
        raise InputError(
            said(
                "stacks must be a mapping {{player: chips}} in seat order, not {kind}",
                kind=type(stacks).__name__,
            )
        )
    if not 2 <= len(stacks) <= 10:
        raise InputError(said("a hand needs 2 to 10 players, got {count}", count=len(stacks)))
    players = tuple(stacks)
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise InputError(said("player names must be non-empty strings, got {player}", player=repr(p)))
    chip = _chips(chip, "the chip", allow_zero=False)
    whole = chip == 1 or is_multiple(1, chip)  # every whole number of chips is allowed
    amounts: list[Amount] = []
    for p in players:
        a = stacks[p]
        if type(a) is int and 0 < a <= MAX_CHIPS and whole:
            amounts.append(a)  # the usual case, checked without the general reader
            continue
        a = check_amount(a, "{player}'s stack", allow_zero=False, player=p)
        if not is_multiple(a, chip):
            raise InputError(
                said(
                    "{what} {amount} is not a whole number of {chip} chips",
                    what=said("{player}'s stack", player=p),
                    amount=format_amount(a),
                    chip=format_amount(chip),
                )
            )
        amounts.append(a)
    small_blind = _chips(small_blind, "the small blind")
    big_blind = _chips(big_blind, "the big blind", allow_zero=False)
    ante = _chips(ante, "the ante")
    if small_blind > big_blind:
        raise InputError(
            said(
                "the small blind {small_blind} is larger than the big blind {big_blind}",
                small_blind=small_blind,
                big_blind=big_blind,
            )
        )
    for what, v in (("the small blind", small_blind), ("the big blind", big_blind), ("the ante", ante)):
        if not is_multiple(v, chip):
            raise InputError(
                said(
                    "{what} {amount} is not a whole number of {chip} chips",
                    what=Said(what, {}),  # a phrase of the _chips() calls above
                    amount=format_amount(v),
                    chip=format_amount(chip),
                )
            )
    if button is None:
        b = len(players) - 1
    elif button not in players:
        raise InputError(
            said(
                "button {button} is not seated (players: {players})",
                button=repr(button),
                players=", ".join(players),
            )
        )
    else:
        b = players.index(button)
    if structure is None:
        structure = NoLimit(big_blind=big_blind)
    elif not isinstance(structure, Structure):
        raise InputError(
            said(
                "structure must be a potengine.play.structures.Structure, not {structure}",
                structure=repr(structure),
            )
        )
    return Setup(
        players, tuple(amounts), b, small_blind, big_blind, ante, bool(big_blind_ante), structure, chip, game
    )
