"""The betting machinery: the mutable table a hand is played on, legal actions and acting.

:class:`Table` is the replay core: plain lists, changed in place, one per hand. The public
:class:`~potengine.play.hand.Hand` is immutable: each of its actions copies its table, acts on the
copy and wraps the result, so an old hand never changes. A reader of hand histories plays the
whole hand on one table and wraps it once at the end (:meth:`Hand._wrap`).

Every rule of the betting is here, once: whose turn it is (:func:`advance`), what he may do
(:func:`legal`), what an action does (:func:`act`), and how the round's bets become pots
(:func:`collect`, on :func:`potengine.pots.layout.cut_tiers`). The sizes belong to the structure
(:mod:`~potengine.play.structures`), the reopening rule to :mod:`~potengine.play.reopening`.

>>> from potengine.play.hand import start_hand
>>> table = start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2)._table.copy()
>>> act(table, "C", Kind.RAISE, 6); act(table, "A", Kind.FOLD); table.actor
1
"""

from __future__ import annotations

from ..chips import MAX_CHIPS, Amount, check_amount, format_amount, is_multiple
from ..errors import IllegalActionError, InputError, message_of, said
from ..pots.layout import cut_tiers
from .records import Boards, Legal, Operation, Setup, StreetPot
from .reopening import betting_reopened
from .streets import Kind, Street
from .structures import RoundView

Formed = tuple[Amount, tuple[int, ...], bool]
"""A pot by seat index: amount, eligible seats, closed."""


class Table:
    """The state of a hand in play, indexed by seat; mutable (see the module's docstring).

    ``stacks`` the chips behind, ``bets`` this street's chips, ``paid`` the live chips of the
    finished streets (antes included), ``dead`` the big-blind ante (dead money in the main pot);
    ``faced`` the bet each player faced when he last acted; ``formed`` the pots so far and
    ``street_pots`` after every finished street, by seat index (:meth:`formed_pots` names them);
    ``multi`` the other boards of a hand run more than once or dealt on two boards (None: one).
    """

    __slots__ = (
        "acted",
        "actor",
        "aggressor",
        "bets",
        "board",
        "board_index",
        "current_bet",
        "dead",
        "faced",
        "folded",
        "formed",
        "full_bet",
        "history",
        "hole_index",
        "holes",
        "last_raise",
        "mucked",
        "multi",
        "paid",
        "raises",
        "returned",
        "river_aggressor",
        "seen",
        "setup",
        "stacks",
        "street",
        "street_pots",
    )

    setup: Setup
    street: Street
    stacks: list[Amount]
    bets: list[Amount]
    paid: list[Amount]
    dead: list[Amount]
    folded: list[bool]
    acted: list[bool]
    faced: list[Amount]
    current_bet: Amount
    last_raise: Amount
    full_bet: Amount
    raises: int
    actor: int | None
    aggressor: int | None
    river_aggressor: int | None
    formed: list[Formed]
    returned: list[Amount]
    street_pots: list[tuple[Formed, ...]]
    history: list[Operation]
    board: list[str]
    holes: list[tuple[str, ...] | None]
    mucked: list[bool]
    multi: Boards | None
    seen: set[int]
    board_index: list[int]
    hole_index: list[tuple[int, ...]]

    def __init__(self, setup: Setup) -> None:
        n = len(setup.players)
        self.setup = setup
        self.street = Street.PRE_FLOP
        self.stacks = list(setup.stacks)
        self.bets = [0] * n
        self.paid = [0] * n
        self.dead = [0] * n
        self.folded = [False] * n
        self.acted = [False] * n
        self.faced = [0] * n
        self.current_bet = 0
        self.last_raise = setup.structure.opening_raise()
        self.full_bet = 0
        self.raises = 0
        self.actor = None
        self.aggressor = None
        self.river_aggressor = None
        self.formed = []
        self.returned = [0] * n
        self.street_pots = []
        self.history = []
        self.board = []
        self.holes = [None] * n
        self.mucked = [False] * n
        self.multi = None
        self.seen = set()
        self.board_index = []
        self.hole_index = [()] * n

    def copy(self) -> Table:
        """A copy that shares nothing mutable with this table."""
        new = object.__new__(Table)
        new.setup = self.setup
        new.street = self.street
        new.stacks = self.stacks[:]
        new.bets = self.bets[:]
        new.paid = self.paid[:]
        new.dead = self.dead[:]
        new.folded = self.folded[:]
        new.acted = self.acted[:]
        new.faced = self.faced[:]
        new.current_bet = self.current_bet
        new.last_raise = self.last_raise
        new.full_bet = self.full_bet
        new.raises = self.raises
        new.actor = self.actor
        new.aggressor = self.aggressor
        new.river_aggressor = self.river_aggressor
        new.formed = self.formed[:]
        new.returned = self.returned[:]
        new.street_pots = self.street_pots[:]
        new.history = self.history[:]
        new.board = self.board[:]
        new.holes = self.holes[:]
        new.mucked = self.mucked[:]
        new.multi = self.multi
        new.seen = set(self.seen)
        new.board_index = self.board_index[:]
        new.hole_index = self.hole_index[:]
        return new

    # ---- reading ----------------------------------------------------------------------------
    @property
    def total(self) -> Amount:
        """Every chip in the middle (this street's bets included)."""
        return sum(self.paid) + sum(self.bets) + sum(self.dead)

    def live_count(self) -> int:
        """How many players have not folded."""
        return self.folded.count(False)

    def seat(self, player: str) -> int:
        """The seat of ``player`` (IllegalActionError naming the players if he is not seated)."""
        try:
            return self.setup.players.index(player)
        except ValueError:
            raise IllegalActionError(
                said(
                    "{player} is not seated at this table (players: {players})",
                    player=repr(player),
                    players=", ".join(self.setup.players),
                )
            ) from None

    def why_no_action(self) -> str:
        """Why nobody is to act: a fold-out or the end of the betting."""
        live = [p for p, f in zip(self.setup.players, self.folded, strict=True) if not f]
        if len(live) == 1:
            return said("everyone else folded, {player} wins", player=live[0])
        return said("the betting is over")

    def view(self, i: int) -> RoundView:
        """The betting round as the structure sees it, for the player in seat ``i``."""
        return RoundView(
            self.street,
            self.current_bet,
            self.bets[i],
            self.last_raise,
            self.full_bet,
            self.total,
            self.raises,
            self.live_count(),
        )

    def formed_pots(self) -> tuple[StreetPot, ...]:
        """The pots so far with the names of the live eligible players."""
        names, folded = self.setup.players, self.folded
        return tuple(StreetPot(a, tuple(names[i] for i in e if not folded[i]), c) for a, e, c in self.formed)

    def named(self, pots: tuple[Formed, ...]) -> tuple[StreetPot, ...]:
        """Pots by seat index (a snapshot of ``street_pots``) with the players' names."""
        names = self.setup.players
        return tuple(StreetPot(a, tuple(names[i] for i in e), c) for a, e, c in pots)


# ------------------------------------------------------------------------------------------------
# What the player to act may do
# ------------------------------------------------------------------------------------------------
def answerable(t: Table, i: int) -> bool:
    """True while another live player has chips beyond the current bet to answer a raise."""
    cb = t.current_bet
    bets, stacks, folded = t.bets, t.stacks, t.folded
    for j in range(len(folded)):  # noqa: SIM110 - a plain loop is faster than any() here
        if j != i and not folded[j] and bets[j] + stacks[j] > cb:
            return True
    return False


def may_raise(t: Table, i: int) -> bool:
    """Raising is open to seat ``i``: somebody could answer it and the betting is open to him
    (TDA 47, :func:`~potengine.play.reopening.betting_reopened`)."""
    return answerable(t, i) and betting_reopened(
        t.setup.structure,
        street=t.street,
        acted=t.acted[i],
        faced=t.faced[i],
        current_bet=t.current_bet,
        last_raise=t.last_raise,
    )


def legal(t: Table, i: int) -> Legal:
    """What the player in seat ``i`` may do, with the amounts."""
    name = t.setup.players[i]
    committed, stack = t.bets[i], t.stacks[i]
    to_call = max(t.current_bet - committed, 0)
    call = min(to_call, stack)
    wager = "bet" if t.current_bet == 0 else "raise"
    everything = committed + stack
    if everything <= t.current_bet or not may_raise(t, i):
        return Legal(name, to_call, call, wager, None, None)
    bounds = t.setup.structure.bounds(t.view(i))
    if bounds is None:
        return Legal(name, to_call, call, wager, None, None)
    low = min(bounds.low, everything)
    high = everything if bounds.high is None else min(bounds.high, everything)
    return Legal(name, to_call, call, wager, low, high)


def _illegal(player: str, action: str, rule: str) -> IllegalActionError:
    """``player`` cannot take ``action`` (see :func:`_action`) because of ``rule`` (said)."""
    return IllegalActionError(
        said("{player} cannot {action}: {rule}", player=player, action=action, rule=rule)
    )


def _action(kind: object, to: Amount | None = None) -> str:
    """The action a player tried, said for an error: ``check``, ``raise to 40``, ... (an unknown
    one as it was given)."""
    kind = _KINDS.get(kind, kind) if isinstance(kind, str) else kind
    if kind is Kind.FOLD:
        return said("fold")
    if kind is Kind.CHECK:
        return said("check")
    if kind is Kind.CALL:
        return said("call")
    if kind is Kind.BET:
        return said("bet to {amount}", amount=format_amount(to)) if to is not None else said("bet")
    if kind is Kind.RAISE:
        return said("raise to {amount}", amount=format_amount(to)) if to is not None else said("raise")
    return str(kind)


# ------------------------------------------------------------------------------------------------
# Acting
# ------------------------------------------------------------------------------------------------
_KINDS = {"fold": Kind.FOLD, "check": Kind.CHECK, "call": Kind.CALL, "bet": Kind.BET, "raise": Kind.RAISE}
_ACTIONS = frozenset(_KINDS.values())
_new_op = tuple.__new__  # an Operation built without the NamedTuple's Python-level __new__


def act(t: Table, player: str, kind: str, to: Amount | None = None) -> None:
    """Apply one action to the table in place; an illegal one raises before anything changes.

    >>> from potengine.play.hand import start_hand
    >>> table = start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2)._table.copy()
    >>> act(table, "B", "call")
    Traceback (most recent call last):
    ...
    potengine.errors.IllegalActionError: B cannot call: it is C's turn (action goes clockwise)
    """
    names = t.setup.players
    if not isinstance(player, str) or player not in names:
        raise IllegalActionError(
            said(
                "{player} is not seated at this table (players: {players})",
                player=repr(player),
                players=", ".join(names),
            )
        )
    if t.actor is None:
        raise _illegal(player, _action(kind), said("nobody is to act: {reason}", reason=t.why_no_action()))
    i = t.actor
    if names[i] != player:
        raise _illegal(
            player, _action(kind), said("it is {player}'s turn (action goes clockwise)", player=names[i])
        )
    what = kind if kind.__class__ is Kind else _KINDS.get(kind) if isinstance(kind, str) else None
    if what is None or what not in _ACTIONS:
        raise IllegalActionError(
            said(
                "unknown action {kind} for {player} (fold, check, call, bet, raise, all-in)",
                kind=repr(kind),
                player=player,
            )
        )
    act_seat(t, i, what, to)


def act_seat(t: Table, i: int, what: Kind, to: Amount | None = None) -> None:
    """:func:`act` for the player to act, seat ``i``, and an action kind already read (a reader
    of hand histories that knows the seat comes here directly)."""
    player = t.setup.players[i]
    committed = t.bets[i]
    to_call = t.current_bet - committed
    if what is Kind.FOLD:
        t.folded[i] = True
        op = _new_op(Operation, (t.street, player, Kind.FOLD, 0, committed, False, True, ()))
    elif what is Kind.CHECK:
        if to_call > 0:
            raise _illegal(
                player,
                _action(Kind.CHECK),
                said("there are {amount} to call (call, raise or fold)", amount=format_amount(to_call)),
            )
        op = _new_op(Operation, (t.street, player, Kind.CHECK, 0, committed, False, True, ()))
    elif what is Kind.CALL:
        if to_call <= 0:
            raise _illegal(player, _action(Kind.CALL), said("there is no bet to call (check instead)"))
        stack = t.stacks[i]
        add = min(stack, to_call)
        t.bets[i] = committed + add
        t.stacks[i] = stack - add
        op = _new_op(Operation, (t.street, player, Kind.CALL, add, committed + add, stack == add, True, ()))
    else:
        to, view = check_wager(t, i, player, what, to)
        full = t.setup.structure.is_full(view, to)
        t.bets[i] = to
        t.stacks[i] -= to - committed
        if full:
            t.acted = [False] * len(t.acted)
            t.last_raise = max(t.last_raise, to - t.current_bet)
            t.full_bet = to
            t.raises += 1
        t.current_bet = to
        t.aggressor = i
        op = _new_op(Operation, (t.street, player, what, to - committed, to, t.stacks[i] == 0, full, ()))
    t.acted[i] = True
    t.faced[i] = t.current_bet
    t.history.append(op)
    advance(t, i)


def _wager(player: str, kind: Kind, to: Amount, rule: str) -> IllegalActionError:
    return _illegal(player, _action(kind, to), rule)


def check_wager(t: Table, i: int, player: str, kind: Kind, to: Amount | None) -> tuple[Amount, RoundView]:
    """Check a bet or raise to ``to`` against the table and the structure; return the amount and
    the round as the structure saw it. The words of an error are only put together when one is
    raised."""
    if to is None:
        raise _illegal(player, _action(kind), said("say the total to bet or raise to"))
    if type(to) is not int or not 0 < to <= MAX_CHIPS:
        try:
            to = check_amount(
                to,
                "{player}'s bet" if kind is Kind.BET else "{player}'s raise",
                allow_zero=False,
                player=player,
            )
        except InputError as err:
            raise IllegalActionError(message_of(err)) from None
    setup = t.setup
    chip = setup.chip
    if not (chip == 1 and type(to) is int) and not is_multiple(to, chip):
        raise _wager(player, kind, to, said("amounts are whole chips of {chip}", chip=format_amount(chip)))
    current = t.current_bet
    if kind is Kind.BET and current:
        raise _wager(
            player,
            kind,
            to,
            said("there is already a bet of {amount} (raise instead)", amount=format_amount(current)),
        )
    if kind is Kind.RAISE and not current:
        raise _wager(player, kind, to, said("nobody has bet on this street (bet instead)"))
    if to <= current:
        raise _wager(
            player,
            kind,
            to,
            said("it is not above the current bet of {amount}", amount=format_amount(current)),
        )
    everything = t.bets[i] + t.stacks[i]
    if to > everything:
        raise _wager(
            player,
            kind,
            to,
            said(
                "{player} has only {amount} in all (table stakes)",
                player=player,
                amount=format_amount(everything),
            ),
        )
    if not answerable(t, i):
        raise _wager(
            player,
            kind,
            to,
            said(
                "every other player has folded or is all-in for no more than the current bet: "
                "nobody could answer a raise: only call or fold"
            ),
        )
    if not betting_reopened(
        setup.structure,
        street=t.street,
        acted=t.acted[i],
        faced=t.faced[i],
        current_bet=current,
        last_raise=t.last_raise,
    ):
        raise _wager(
            player,
            kind,
            to,
            said(
                "the betting was not reopened: the all-in since this player last acted was not a full "
                "raise, so only a call or a fold is allowed (TDA 47)"
            ),
        )
    view = t.view(i)
    rule = setup.structure.wager_error(view, to, everything, kind.value)
    if rule is not None:
        raise _wager(player, kind, to, rule)
    return to, view


# ------------------------------------------------------------------------------------------------
# Whose turn, and the end of a round
# ------------------------------------------------------------------------------------------------
def advance(t: Table, last: int) -> None:
    """Find the next player to act clockwise from seat ``last``; end the round if nobody is left."""
    folded, stacks, bets, acted = t.folded, t.stacks, t.bets, t.acted
    n = len(folded)
    if n - sum(folded) > 1:
        cb = t.current_bet
        with_chips = -1
        for k in range(1, n + 1):
            j = last + k
            if j >= n:
                j -= n
            if folded[j] or stacks[j] == 0:
                continue
            # Short of the bet he must act; matched, he acts only if he has not yet and somebody
            # else could still respond.
            if bets[j] < cb:
                t.actor = j
                return
            if not acted[j]:
                if with_chips < 0:
                    with_chips = sum(1 for q in range(n) if not folded[q] and stacks[q] > 0)
                if with_chips > 1:
                    t.actor = j
                    return
    end_round(t)


_STREETS = tuple(Street)


def end_round(t: Table) -> None:
    """Collect the round's bets into pots and move on to the next street (or the showdown)."""
    folded, stacks = t.folded, t.stacks
    n = len(folded)
    collect(t)
    bets = t.bets
    t.paid = [p + b for p, b in zip(t.paid, bets, strict=True)]
    if True in folded:  # nobody who folded can win a pot
        t.formed = [(a, tuple([j for j in e if not folded[j]]), c) for a, e, c in t.formed]
    snapshot = tuple(t.formed)
    if t.street == Street.RIVER:
        t.river_aggressor = t.aggressor
    live = with_chips = 0
    for j in range(n):
        if not folded[j]:
            live += 1
            if stacks[j] > 0:
                with_chips += 1
    street = t.street + 1
    t.street_pots.append(snapshot)
    if live == 1 or with_chips <= 1:
        # Fold-out, or nobody left to bet against: the remaining streets are dealt without betting.
        if live > 1:
            t.street_pots.extend([snapshot] * (Street.SHOWDOWN - street))
        street = Street.SHOWDOWN
    t.street = _STREETS[street]
    t.bets = [0] * n
    t.acted = [False] * n
    t.faced = [0] * n
    t.current_bet = 0
    t.last_raise = t.setup.structure.opening_raise()
    t.full_bet = 0
    t.raises = 0
    t.actor = None
    t.aggressor = None
    if street < Street.SHOWDOWN:
        advance(t, t.setup.button)


def collect(t: Table) -> None:
    """The dealer's pot formation at the end of a round (EX-16), on the shared core
    :func:`potengine.pots.layout.cut_tiers`.

    The uncalled top of the largest bet goes back; the rest is cut at the levels of the players
    who went all-in this round. The first slice joins the last pot if that pot is still open; a
    slice whose top is an all-in level is closed and takes no more chips in later rounds.
    """
    bets, folded, stacks = t.bets, t.folded, t.stacks
    if not any(bets):
        return
    top, refund, tiers = cut_tiers(bets, [not f for f in folded])
    if top is not None:
        t.returned[top] += refund
    if not tiers:
        return
    # The top tier's eligible players are the live players at the top level: if one of them is
    # all-in, that tier is closed too.
    top_all_in = False
    for j in tiers[-1].eligible:
        if stacks[j] == 0:
            top_all_in = True
            break
    pots = t.formed
    last = len(tiers) - 1
    for k, tier in enumerate(tiers):
        closed = k < last or top_all_in
        if k == 0 and pots and not pots[-1][2]:
            amount, eligible, _ = pots[-1]
            pots[-1] = (amount + tier.amount, eligible, closed)
        else:
            pots.append((tier.amount, tier.eligible, closed))
