"""Settling a hand: each pot to its best eligible hand(s), ties split, odd chips from the button.

:func:`settle` is the engine's front door. It forms the pots (:mod:`potengine.pots.layout`), then awards
them one by one, from the last side pot back to the main pot, each to the best hand among the
players eligible for it. A tie splits that pot alone; the odd chips go one each to the tied
winners, clockwise starting left of the button, counting only that pot's winners (TDA rule 20,
Robert's Rules). Finally it checks that every chip is accounted for. All input is checked once,
up front; :func:`settle_trusted` is the same settlement for engine code that has validated its
input already (the hand model).

>>> result = settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, ranking=["Alice", "Chloé", "Bilal"])
>>> dict(result.payouts), dict(result.net)
({'Alice': 120, 'Bilal': 0, 'Chloé': 120}, {'Alice': 80, 'Bilal': -100, 'Chloé': 20})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property
from types import MappingProxyType
from typing import Any

from ..cards.deck import Card, parse_cards
from ..cards.evaluate import rank_players
from ..cards.short_deck import rank_short_deck_players
from ..chips import Amount, check_amount, exact_arithmetic, format_amount
from ..errors import CardError, InputError, PotEngineError, said
from .cashout import SidePayment, check_side_payments, side_net
from .check import Audit, audit
from .fees import Added, Fee, added_totals, check_added, check_fees, fee_totals, withhold
from .hilo import (
    GAMES,
    OMAHA_GAMES,
    SHORT_DECK_RULES,
    award_all_hilo,
    normalise_low_ranking,
    rank_hilo_by_cards,
)
from .layout import (
    EMPTY,
    Pot,
    PotLayout,
    _add_dead,
    _frozen,
    built,
    check_contributions,
    check_dead,
    check_folded,
    layout_fields,
    layout_of,
    rebuilt,
)
from .rake import take_rake
from .ranking import Tiers, check_shown_hands, normalise_ranking
from .runs import (
    Run,
    RunOddChips,
    award_runs_fields,
    check_low_runs,
    check_odd_chips,
    check_runs_input,
    run_error,
)
from .split import odd_chip_order, pot_winners, split_pot


@dataclass(frozen=True)
class Settlement:
    """The result of :func:`settle`: the pots with their winners and who receives what.

    Every mapping has every seated player, in seat order. ``winnings`` are the chips won from pots,
    ``refunds`` the uncalled chips handed back (not a win), ``payouts`` the two together,
    ``net`` the payout less the player's contribution, ``withheld`` the rake kept by the house.

    A hand run more than once has its showdowns in ``runs`` (one :class:`~potengine.pots.runs.Run`
    each: ranking, board and hands of that run) and ``run_odd_chips`` says where the chips that
    did not divide between the runs went; ``ranking``, ``board`` and ``hands`` are then ``None``
    and each contested pot holds its parts, run by run, in ``Pot.runs``. A hand dealt once has
    no ``runs``.

    Fees beside the rake and money the room added (:mod:`potengine.pots.fees`) are in
    ``fee_rules`` and ``added_rules`` as given, and pot by pot in each pot's ``fees`` and
    ``added``; ``fees`` and ``added`` total them by name. Payments outside the pot (cash-outs,
    insurance: :mod:`potengine.pots.cashout`) are in ``side_payments``; they change no pot, but
    ``net`` counts them and ``side_net`` says by how much.
    """

    layout: PotLayout
    pots: tuple[Pot, ...]
    ranking: Tiers | None
    button: str
    chip: Amount
    winnings: Mapping[str, Amount]
    payouts: Mapping[str, Amount]
    hands: Mapping[str, Any] | None = None
    board: tuple[Card, ...] | None = None
    # Hi-lo (see potengine.pots.hilo): the qualifying lows, best first, and their values.
    low_ranking: Tiers | None = None
    low_hands: Mapping[str, Any] | None = None
    game: str = "holdem"
    # A hand run more than once (see potengine.pots.runs): each run's showdown, and the odd-chip rule.
    runs: tuple[Run, ...] = ()
    run_odd_chips: RunOddChips = "in run order"
    # Fees, added money and side payments (potengine.pots.fees, potengine.pots.cashout).
    fee_rules: tuple[Fee, ...] = ()
    added_rules: tuple[Added, ...] = ()
    side_payments: tuple[SidePayment, ...] = ()

    def __post_init__(self) -> None:
        for name in ("winnings", "payouts"):
            object.__setattr__(self, name, _frozen(getattr(self, name)))
        if self.hands is not None:
            object.__setattr__(self, "hands", _frozen(self.hands))

    # The figures a reader asks for first -------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        """Players in clockwise seat order."""
        return self.layout.seats

    @property
    def contributions(self) -> Mapping[str, Amount]:
        """What each player put in during the whole hand."""
        return self.layout.contributions

    @property
    def folded(self) -> frozenset[str]:
        """Players whose chips are dead."""
        return self.layout.folded

    @cached_property
    def net(self) -> Mapping[str, Amount]:
        """What each player won or lost: his payout less what he put in (worked out when first
        read; the settlement itself needs only the payouts)."""
        payouts = self.payouts
        net = {player: payouts[player] - put_in for player, put_in in self.layout.contributions.items()}
        if self.side_payments:
            for player, change in self.side_net.items():
                net[player] += change
        return MappingProxyType(net)

    @cached_property
    def side_net(self) -> Mapping[str, Amount]:
        """What the side payments (cash-outs, insurance) add to each net, ``{player: chips}``,
        only players who made or received one (see :func:`potengine.pots.cashout.side_net`)."""
        return MappingProxyType(side_net(self.side_payments, self.winnings) if self.side_payments else {})

    @property
    def refunds(self) -> Mapping[str, Amount]:
        """Uncalled chips returned, ``{player: chips}`` (only players who get some back)."""
        return self.layout.refunds

    @property
    def total(self) -> Amount:
        """Everything put in."""
        return self.layout.total

    @property
    def withheld(self) -> Amount:
        """Everything the house withholds from the pots: the rake and the fees, over all pots."""
        withheld = sum((pot.rake for pot in self.pots), start=0)
        if self.fee_rules:
            withheld += sum(self.fees.values(), start=0)
        return withheld

    @property
    def rake(self) -> Amount:
        """The rake alone, over all pots."""
        return sum((pot.rake for pot in self.pots), start=0)

    @property
    def fees(self) -> Mapping[str, Amount]:
        """Each fee beside the rake, by name, over all pots: ``{"jackpot": 7}`` (empty: none)."""
        return MappingProxyType(fee_totals(self.pots) if self.fee_rules else {})

    @property
    def added(self) -> Mapping[str, Amount]:
        """The money the room added to the pots, by name: ``{"cash drop": 20}`` (empty: none)."""
        return MappingProxyType(added_totals(self.pots) if self.added_rules else {})

    @property
    def added_total(self) -> Amount:
        """All the money the room added to the pots (0 when none)."""
        return sum(self.added.values(), start=0)

    @property
    def house(self) -> Amount:
        """What the room keeps from the hand: rake and fees, less the money it added, less what
        it paid out net in side payments. With the players' nets it sums to zero."""
        return self.withheld - self.added_total - sum(self.side_net.values(), start=0)

    # Reading the settlement ----------------------------------------------------------------
    def audit(self) -> Audit:
        """Re-check this settlement with the six-step method of EX-06; see :mod:`potengine.pots.check`.

        >>> settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"]).audit().ok
        True
        """
        return audit(self)

    def __repr__(self) -> str:
        pots = ", ".join(f"{pot.name} {format_amount(pot.amount)}" for pot in self.pots)
        payouts = ", ".join(f"{p}: {format_amount(v)}" for p, v in self.payouts.items())
        return f"<Settlement: {pots or 'no pot'}; payouts {payouts}>"


def award(pot: Pot, tiers: Tiers | None, *, order: Sequence[str], chip: Amount) -> Pot:
    """Award one pot to its best eligible hand(s): the first tier holding an eligible player.

    >>> from potengine.pots.layout import build_pots
    >>> pot = build_pots({"A": 40, "B": 100, "C": 100}).pots[1]
    >>> award(pot, (("A",), ("C",), ("B",)), order=["A", "B", "C"], chip=1).winners
    ('C',)
    """
    fields = dict(pot.__dict__)
    award_fields(fields, tiers, order=order, chip=chip)
    return built(Pot, fields)


def award_fields(pot: dict[str, Any], tiers: Tiers | None, *, order: Sequence[str], chip: Amount) -> None:
    """:func:`award` on the fields of a pot being formed (see
    :func:`~potengine.pots.layout.layout_fields`), in place: its winners and their shares of
    what is left after the rake, odd chips in ``order``.

    >>> pot = {"index": 0, "eligible": ("A", "B"), "amount": 11, "rake": 0}
    >>> award_fields(pot, (("A", "B"),), order=("B", "A"), chip=1)
    >>> pot["winners"], dict(pot["shares"])
    (('A', 'B'), {'A': 5, 'B': 6})
    """
    winners = pot_winners(pot["eligible"], tiers, pot["index"])
    pot["winners"] = winners
    pot["shares"] = MappingProxyType(split_pot(pot["amount"] - pot["rake"], winners, order=order, chip=chip))


def check_chip(chip: object, contributions: Mapping[str, Amount]) -> Amount:
    """Validate the smallest denomination: positive, and dividing every contribution.

    >>> check_chip(25, {"Alice": 100, "Bilal": 130})
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: chip 25 does not divide Bilal's contribution of 130: amounts must
        be whole chips of the smallest denomination
    """
    if type(chip) is int and chip == 1 and not has_decimal(contributions, chip):
        return 1  # the usual case: a chip of 1 divides every whole amount
    checked = check_amount(chip, "chip", allow_zero=False)
    bad = [(p, a) for p, a in contributions.items() if a % checked]
    for player, amount in bad[:1]:
        values = {"chip": format_amount(checked), "player": player, "amount": format_amount(amount)}
        raise InputError(
            said(
                "chip {chip} does not divide {player}'s contribution of {amount}: amounts must be "
                "whole chips of the smallest denomination (for cents pass chip=Decimal('0.01'))",
                **values,
            )
            if isinstance(amount, Decimal)
            else said(
                "chip {chip} does not divide {player}'s contribution of {amount}: amounts must be "
                "whole chips of the smallest denomination",
                **values,
            )
        )
    return checked


def settle(
    contributions: Mapping[str, Amount],
    ranking: Sequence[str | Iterable[str]] | None = None,
    *,
    folded: Iterable[str] = (),
    button: str | None = None,
    chip: Amount = 1,
    hands: Mapping[str, Any] | None = None,
    board: Any = None,
    rake: Any = None,
    flop_seen: bool = True,
    dead: Mapping[str, Amount] | None = None,
    low_ranking: Sequence[str | Iterable[str]] | None = None,
    game: str = "holdem",
    runs: Sequence[Any] | None = None,
    run_odd_chips: RunOddChips = "in run order",
    fees: Any = None,
    added: Any = None,
    side_payments: Sequence[SidePayment] | None = None,
) -> Settlement:
    """Settle a hand from each player's total contribution and the showdown ranking.

    ``contributions`` lists every player with the chips he put in during the whole hand, in
    clockwise seat order. ``ranking`` puts the live players best first; a tuple, list or set groups
    equal hands. ``folded`` players' chips are dead: they stay in the pots but cannot be won back.
    ``button`` (default: the last seat) fixes where odd chips start; ``chip`` is the smallest
    denomination in play. All input is checked before any chip moves.

    Instead of a ranking, give the cards: ``hands`` maps players to their two hole cards and
    ``board`` holds the five community cards; the live players are then ranked by
    :func:`potengine.cards.evaluate.rank_players` and the result carries each hand's value. ``rake`` (a
    :class:`potengine.pots.rake.Rake` policy or a fixed amount) is withheld before any pot is split, from
    the main pot first (see :func:`potengine.pots.rake.take_rake`); ``flop_seen=False`` applies a
    no-flop-no-drop policy. ``dead`` names the part of a contribution that is dead money, such as
    a big-blind ante, which goes into the main pot and is never returned
    (see :func:`potengine.pots.layout.build_pots`).

    Hi-lo games: ``low_ranking`` lists, best first, only the players holding a qualifying low
    (``[]``: nobody); each pot is then split between high and low by
    :func:`potengine.pots.hilo.award_hilo`. With cards, ``game="omaha"`` or ``"omaha-hi-lo"``
    reads 4-, 5- or 6-card Omaha hands (``"holdem"`` is the default).

    A hand run twice, three or four times: ``runs`` replaces ``ranking`` with one ranking per run,
    in the order the runs were dealt, or, with ``hands=``, one board per run (``board=`` is then
    left out); hi-lo runs take one low ranking per run in ``low_ranking``. Each pot more than one
    player can win is divided by the runs, the odd chip to the first run, and each part goes to
    that run's best eligible hand(s); a pot only one player can win is paid once
    (:mod:`potengine.pots.runs`; ``run_odd_chips="all to run 1"`` where a room gives every odd
    chip of the division to the first run). A double-board bomb pot is settled the same way, its
    two boards given as two runs.

    Fees beside the rake and money the room adds (:mod:`potengine.pots.fees`): ``fees`` is a
    mapping ``{name: amount}`` (each a fee per hand, from the main pot first) or a list of
    :class:`~potengine.pots.fees.Fee` (per hand or per pot); ``added`` an amount (into the main
    pot), a mapping ``{name: amount}`` or a list of :class:`~potengine.pots.fees.Added`. Added
    money goes in first, then the rake and the fees are withheld, and what is left is divided.
    ``side_payments`` lists cash-outs and insurance (:mod:`potengine.pots.cashout`): outside the
    pot, in the nets.

    >>> gg = settle({"A": Decimal("2.43"), "B": Decimal("2.43"), "C": Decimal("0.22")},
    ...             ranking=["A", "B"], folded=["C"], chip=Decimal("0.01"),
    ...             rake=Decimal("0.15"), fees={"jackpot": Decimal("0.07"), "bingo": 0})
    >>> gg.pots[0].amount, gg.pots[0].awarded, dict(gg.fees)
    (Decimal('5.08'), Decimal('4.86'), {'jackpot': Decimal('0.07'), 'bingo': Decimal('0.00')})

    >>> twice = settle({"Alice": 50, "Bilal": 50}, runs=[["Alice", "Bilal"], [("Alice", "Bilal")]])
    >>> [dict(part.shares) for part in twice.pots[0].runs], dict(twice.payouts)
    ([{'Alice': 50}, {'Alice': 25, 'Bilal': 25}], {'Alice': 75, 'Bilal': 25})

    EX-05: Alice and Bilal tie and both beat Chloé; the main pot is split, the side pot is Bilal's.

    >>> result = settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, ranking=[("Alice", "Bilal"), "Chloé"])
    >>> [(pot.name, dict(pot.shares)) for pot in result.pots]
    [('Main pot', {'Alice': 60, 'Bilal': 60}), ('Side pot 1', {'Bilal': 120})]
    >>> dict(result.payouts)
    {'Alice': 60, 'Bilal': 180, 'Chloé': 0}
    """
    if flop_seen is not True and flop_seen is not False:
        raise InputError(said("flop_seen must be True or False, not {flop_seen}", flop_seen=repr(flop_seen)))
    checked = check_contributions(contributions)
    seats = tuple(checked)
    folded_set = check_folded(folded, seats)
    dead_money = check_dead(dead, checked) if dead else None
    if button is None:
        button = seats[-1]
    elif button not in checked:
        raise InputError(
            said(
                "button {button} is not seated (players: {players})",
                button=repr(button),
                players=", ".join(seats),
            )
        )
    decimal = has_decimal(checked, chip)
    if decimal or chip != 1:
        chip = check_chip(chip, checked)
    if game not in GAMES:
        raise InputError(
            said(
                "game must be one of {games}, not {game}", games=", ".join(map(repr, GAMES)), game=repr(game)
            )
        )
    extra = None
    if fees is not None or added is not None or side_payments is not None:
        extra = _Extra(
            check_fees(fees, chip) if fees is not None else (),
            check_added(added, chip) if added is not None else (),
            side_payments,
            chip,
        )
    if runs is not None:
        return _settle_runs(
            checked,
            runs,
            folded=folded_set,
            button=button,
            chip=chip,
            decimal=decimal,
            dead=dead_money,
            rake=rake,
            flop_seen=flop_seen,
            ranking=ranking,
            hands=hands,
            board=board,
            low_ranking=low_ranking,
            game=game,
            odd_chips=run_odd_chips,
            extra=extra,
        )

    # The showdown: a ranking of the live players, or their cards ranked here.
    tiers: Tiers | None = None
    values: Mapping[str, Any] | None = None
    low_values: Mapping[str, Any] | None = None
    board_cards: tuple[Card, ...] | None = None
    live = [p for p in seats if p not in folded_set] if folded_set else seats
    hilo = low_ranking is not None or game == "omaha-hi-lo"
    low_tiers = normalise_low_ranking(low_ranking, seats=seats, live=live) if hilo else None
    if game in OMAHA_GAMES and hands is not None:
        if ranking is not None or low_ranking is not None:
            raise InputError(said("give either rankings or the cards (hands= and board=), not both"))
        tiers, values, low_tiers, low_values, board_cards = rank_hilo_by_cards(
            hands, board, game=game, seats=seats, live=live
        )
        if not hilo:
            low_tiers = None
    elif game == "omaha-hi-lo" and low_ranking is None:
        raise InputError(
            said(
                "an omaha-hi-lo hand settled from rankings needs low_ranking= as well (the "
                "players holding a qualifying low, best first; [] for nobody)"
            )
        )
    elif hands is not None:
        if ranking is not None:
            raise InputError(
                said(
                    "give either a ranking or the cards (hands= and board=), not both: with cards the "
                    "engine ranks the hands itself"
                )
            )
        tiers, values, board_cards = rank_by_cards(hands, board, seats, folded_set, game=game)
    elif board is not None:
        raise InputError(said("a board was given without hands=: give each live player's hole cards"))
    elif ranking is not None:
        tiers = normalise_ranking(ranking, live=live, folded=folded_set)
    elif len(live) > 1:
        raise InputError(
            said(
                "{count} players reach the showdown ({players}): a ranking (or the cards) is "
                "needed to say who won",
                count=len(live),
                players=", ".join(live),
            )
        )

    if extra is not None:
        with exact_arithmetic("the settlement"):
            result = _settle_pots(
                checked,
                tiers,
                folded_set,
                button,
                chip,
                dead_money,
                rake,
                flop_seen,
                low_tiers,
                decimal,
                extra=extra,
            )
    else:
        result = _settle(
            checked,
            tiers,
            folded=folded_set,
            button=button,
            chip=chip,
            decimal=decimal,
            dead=dead_money,
            rake=rake,
            flop_seen=flop_seen,
            low_tiers=low_tiers,
        )
    if values is None and game == "holdem":
        return result
    # What the cards were, for the reader: they change no chip, so the checked result is kept.
    return rebuilt(
        result,
        hands=None if values is None else _frozen(values),
        board=board_cards,
        low_hands=low_values if low_tiers is not None else None,
        game=game,
    )


def settle_trusted(
    contributions: Mapping[str, Amount],
    tiers: Tiers | None,
    *,
    folded: frozenset[str] = frozenset(),
    button: str,
    chip: Amount = 1,
    dead: Mapping[str, Amount] | None = None,
) -> Settlement:
    """:func:`settle` for callers that have already validated everything: no input is checked.

    For the hand model and other engine code whose amounts, players and ranking are valid by
    construction. ``contributions`` is in seat order; ``tiers`` is the showdown ranking as
    :func:`~potengine.pots.ranking.normalise_ranking` returns it (tuples of live players, best
    first, each live player exactly once, seat order inside a tie), or ``None`` when one player is
    left; ``folded`` holds seated players; ``button`` is seated; ``chip`` divides every amount;
    ``dead`` maps seated players to at most what they put in. The result is the same as
    :func:`settle`'s, and chips are still checked to be conserved.

    >>> result = settle_trusted({"A": 900, "C": 500}, (("C",),), folded=frozenset({"A"}), button="C")
    >>> dict(result.payouts)
    {'A': 400, 'C': 1000}
    """
    decimal = has_decimal(contributions, chip)
    return _settle(contributions, tiers, folded=folded, button=button, chip=chip, decimal=decimal, dead=dead)


def _settle(
    contributions: Mapping[str, Amount],
    tiers: Tiers | None,
    *,
    folded: frozenset[str],
    button: str,
    chip: Amount,
    decimal: bool,
    dead: Mapping[str, Amount] | None = None,
    rake: Any = None,
    flop_seen: bool = True,
    low_tiers: Tiers | None = None,
) -> Settlement:
    """The settlement proper, on checked input: form the pots, withhold the rake, award each pot
    (hi-lo when there is a low ranking), total what each player receives, check the chips.
    ``decimal`` says whether the chip or any contribution is a Decimal (see :func:`has_decimal`)."""
    if decimal or dead or rake is not None:
        with exact_arithmetic("the settlement"):
            return _settle_pots(
                contributions, tiers, folded, button, chip, dead, rake, flop_seen, low_tiers, decimal
            )
    # Whole chips (int) are exact by themselves and need no Decimal context.
    return _settle_pots(contributions, tiers, folded, button, chip, None, None, True, low_tiers, False)


def _settle_pots(
    contributions: Mapping[str, Amount],
    tiers: Tiers | None,
    folded: frozenset[str],
    button: str,
    chip: Amount,
    dead: Mapping[str, Amount] | None,
    rake: Any,
    flop_seen: bool,
    low_tiers: Tiers | None,
    decimal: bool,
    runs: tuple[Run, ...] = (),
    odd_chips: RunOddChips = "in run order",
    extra: _Extra | None = None,
) -> Settlement:
    """:func:`_settle`'s steps, in the arithmetic it chose; over the ``runs`` of a hand run more
    than once (:func:`_settle_runs`); with fees, added money or side payments (``extra``)."""
    # The pots as plain fields, completed below and then built once, settled.
    fields = layout_fields(contributions, folded, dead)
    pots = fields["pots"]
    if extra is not None:
        return _settle_extra(fields, tiers, button, chip, rake, flop_seen, low_tiers, runs, odd_chips, extra)
    if rake is not None:
        cuts = take_rake([pot["amount"] for pot in pots], rake, flop_seen=flop_seen, chip=chip)
        for pot, cut in zip(pots, cuts, strict=True):
            pot["rake"] = cut
    order = odd_chip_order(fields["seats"], button)
    awarded: tuple[Pot, ...]
    if runs:
        # The rake is out already: each pot's remainder is divided by the runs (potengine.pots.runs).
        all_to_first = odd_chips == "all to run 1"
        for pot in reversed(pots):
            award_runs_fields(pot, runs, order=order, chip=chip, all_to_first=all_to_first)
        layout = layout_of(fields)
        awarded = layout.pots
    elif low_tiers is not None:
        layout = layout_of(fields)
        awarded = award_all_hilo(layout.pots, tiers, low_tiers, order=order, chip=chip)
    else:
        # From the last side pot back to the main pot, as the dealer does.
        for pot in reversed(pots):
            award_fields(pot, tiers, order=order, chip=chip)
        layout = layout_of(fields)
        awarded = layout.pots
    return settlement_of(
        layout, awarded, ranking=tiers, button=button, chip=chip, low_ranking=low_tiers, whole=not decimal
    )


def _settle_runs(
    contributions: dict[str, Amount],
    runs: object,
    *,
    folded: frozenset[str],
    button: str,
    chip: Amount,
    decimal: bool,
    dead: Mapping[str, Amount] | None,
    rake: Any,
    flop_seen: bool,
    ranking: object,
    hands: Mapping[str, Any] | None,
    board: object,
    low_ranking: object,
    game: str,
    odd_chips: RunOddChips,
    extra: _Extra | None = None,
) -> Settlement:
    """:func:`settle` with ``runs=``: each run's showdown checked (and ranked, from cards), then
    the pots formed, raked and awarded over the runs (:func:`potengine.pots.runs.award_runs`).
    One run is a hand dealt once, and gives exactly :func:`settle`'s result for it."""
    check_odd_chips(odd_chips)
    entries = check_runs_input(runs, ranking=ranking, board=board, with_cards=hands is not None)
    seats = tuple(contributions)
    live = [p for p in seats if p not in folded]
    hilo = low_ranking is not None or game == "omaha-hi-lo"
    if hands is not None and low_ranking is not None:
        raise InputError(said("give either rankings or the cards (hands= and runs= of boards), not both"))
    if hands is None and game == "omaha-hi-lo" and low_ranking is None:
        raise InputError(
            said(
                "an omaha-hi-lo hand settled from rankings needs low_ranking= as well: one low "
                "ranking per run (the players holding a qualifying low, best first; [] for "
                "nobody)"
            )
        )
    lows = check_low_runs(low_ranking, len(entries)) if low_ranking is not None else [None] * len(entries)
    if len(entries) == 1:  # dealt once
        return settle(
            contributions,
            None if hands is not None else entries[0],
            folded=folded,
            button=button,
            chip=chip,
            hands=hands,
            board=entries[0] if hands is not None else None,
            rake=rake,
            flop_seen=flop_seen,
            dead=dead,
            low_ranking=lows[0],
            game=game,
            **({} if extra is None else extra.arguments()),
        )
    shown: list[Run] = []
    for number, (entry, low) in enumerate(zip(entries, lows, strict=True), start=1):
        try:
            if hands is None:
                tiers = normalise_ranking(entry, live=live, folded=folded)
                low_tiers = normalise_low_ranking(low, seats=seats, live=live) if low is not None else None
                shown.append(_run(number, tiers, None, None, low_tiers, None))
            elif game not in OMAHA_GAMES:
                tiers, values, board_cards = rank_by_cards(hands, entry, seats, folded, game=game)
                shown.append(_run(number, tiers, board_cards, _frozen(values), None, None))
            else:
                tiers, omaha, low_tiers, low_values, board_cards = rank_hilo_by_cards(
                    hands, entry, game=game, seats=seats, live=live
                )
                shown.append(
                    _run(
                        number,
                        tiers,
                        board_cards,
                        _frozen(omaha),
                        low_tiers if hilo else None,
                        _frozen(low_values) if hilo else None,
                    )
                )
        except PotEngineError as err:
            raise run_error(number, err) from None
    done = tuple(shown)
    args = (
        contributions,
        None,
        folded,
        button,
        chip,
        dead,
        rake,
        flop_seen,
        None,
        decimal,
        done,
        odd_chips,
        extra,
    )
    if decimal or dead or rake is not None or extra is not None:
        with exact_arithmetic("the settlement"):
            result = _settle_pots(*args)
    else:
        result = _settle_pots(*args)
    # The runs, for the reader (as built() fills a result the engine has just made, unshared).
    result.__dict__.update(runs=done, run_odd_chips=odd_chips, game=game)
    return result


class _Extra:
    """What :func:`settle` was given beyond a plain hand: fees and added money (checked), side
    payments (checked once the pots are formed), and the chip."""

    __slots__ = ("fee_rules", "added_rules", "side_payments", "chip")

    def __init__(
        self,
        fee_rules: tuple[Fee, ...],
        added_rules: tuple[Added, ...],
        side_payments: object,
        chip: Amount,
    ) -> None:
        self.fee_rules = fee_rules
        self.added_rules = added_rules
        self.side_payments = side_payments
        self.chip = chip

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of :func:`settle` that give the same again."""
        return {
            "fees": self.fee_rules or None,
            "added": self.added_rules or None,
            "side_payments": self.side_payments,
        }


def _settle_extra(
    fields: dict[str, Any],
    tiers: Tiers | None,
    button: str,
    chip: Amount,
    rake: Any,
    flop_seen: bool,
    low_tiers: Tiers | None,
    runs: tuple[Run, ...],
    odd_chips: RunOddChips,
    extra: _Extra,
) -> Settlement:
    """:func:`_settle_pots` with fees, added money or side payments, on the pots' ``fields``:
    everything checked against the pots first (side payments, pot names, fees that fit), then
    the added money put in, the rake and the fees withheld (:func:`potengine.pots.fees.withhold`),
    and what is left divided exactly as in a plain hand (by the runs, high and low, or whole)."""
    pots = fields["pots"]
    seats = fields["seats"]
    folded = fields["folded"]
    if extra.added_rules and not pots:  # money added to a hand nobody bet in: a main pot for it
        _add_dead(pots, {}, seats=seats, live=[p for p in seats if p not in folded])
    side: tuple[SidePayment, ...] = ()
    if extra.side_payments is not None:
        side = check_side_payments(extra.side_payments, seats=seats, folded=folded, pots=pots, chip=chip)
    added_by, fees_by = withhold(
        pots, fees=extra.fee_rules, added=extra.added_rules, rake=rake, flop_seen=flop_seen, chip=chip
    )
    # The award reads what the winners share as amount - rake: while the pots are awarded the
    # rake's place holds the rake and the fees together; each pot then gets them apart.
    rakes = [pot["rake"] for pot in pots]
    for pot, fees in zip(pots, fees_by, strict=True):
        if fees:
            pot["rake"] = pot["rake"] + sum(fees.values(), start=0)
    order = odd_chip_order(seats, button)
    awarded: tuple[Pot, ...]
    if runs:
        all_to_first = odd_chips == "all to run 1"
        for pot in reversed(pots):
            award_runs_fields(pot, runs, order=order, chip=chip, all_to_first=all_to_first)
        layout = layout_of(fields)
        awarded = layout.pots
    elif low_tiers is not None:
        layout = layout_of(fields)
        awarded = award_all_hilo(layout.pots, tiers, low_tiers, order=order, chip=chip)
    else:
        for pot in reversed(pots):
            award_fields(pot, tiers, order=order, chip=chip)
        layout = layout_of(fields)
        awarded = layout.pots
    awarded = tuple(
        rebuilt(pot, rake=cut, fees=_frozen(fees) if fees else EMPTY, added=_frozen(more) if more else EMPTY)
        for pot, cut, fees, more in zip(awarded, rakes, fees_by, added_by, strict=True)
    )
    result = settlement_of(
        layout, awarded, ranking=tiers, button=button, chip=chip, low_ranking=low_tiers, checked=False
    )
    result.__dict__.update(fee_rules=extra.fee_rules, added_rules=extra.added_rules, side_payments=side)
    check_conservation(result)
    return result


def _run(
    number: int,
    tiers: Tiers,
    board: tuple[Card, ...] | None,
    hands: Mapping[str, Any] | None,
    low_tiers: Tiers | None,
    low_hands: Mapping[str, Any] | None,
) -> Run:
    """A :class:`~potengine.pots.runs.Run` of checked, frozen parts, built once."""
    return built(
        Run,
        {
            "number": number,
            "ranking": tiers,
            "board": board,
            "hands": hands,
            "low_ranking": low_tiers,
            "low_hands": low_hands,
        },
    )


def settlement_of(
    layout: PotLayout,
    pots: tuple[Pot, ...],
    *,
    ranking: Tiers | None,
    button: str,
    chip: Amount,
    low_ranking: Tiers | None = None,
    whole: bool = False,
    checked: bool = True,
) -> Settlement:
    """The settlement of awarded pots: what each player wins, is paid and nets; chips checked.

    Every computed settlement ends here (:func:`settle`, :func:`settle_trusted` and the
    hand-history auditor), so every one of them passes :func:`check_conservation`. ``whole``
    says that every amount is known to be a whole number of chips (an int), no Decimal;
    ``checked=False`` leaves the check to the caller, who completes the settlement first (fees,
    added money and side payments: :func:`_settle_extra`).

    >>> from potengine.pots.layout import build_pots
    >>> layout = build_pots({"A": 10, "B": 30})
    >>> dict(settlement_of(layout, (award(layout.pots[0], (("A",), ("B",)), order=("A", "B"), chip=1),),
    ...                    ranking=(("A",), ("B",)), button="B", chip=1).payouts)
    {'A': 20, 'B': 20}
    """
    if layout.pots is not pots:
        layout = rebuilt(layout, pots=pots)  # the layout holds the settled pots
    contributions = layout.contributions
    # Decimal amounts give Decimal results throughout, a player who wins nothing included.
    zero = 0 if whole else sum(contributions.values(), start=chip - chip) * 0
    winnings = dict.fromkeys(layout.seats, zero)
    for pot in pots:
        for player, share in pot.shares.items():
            winnings[player] += share
    payouts = dict(winnings)
    for player, back in layout.refunds.items():
        payouts[player] += back
    result = built(
        Settlement,
        {
            "layout": layout,
            "pots": pots,
            "ranking": ranking,
            "button": button,
            "chip": chip,
            "winnings": MappingProxyType(winnings),
            "payouts": MappingProxyType(payouts),
            "hands": None,
            "board": None,
            "low_ranking": low_ranking,
            "low_hands": None,
            "game": "holdem",
        },
    )
    if checked:
        _check_plain_conservation(result)
    return result


def has_decimal(contributions: Mapping[str, Amount], chip: Amount) -> bool:
    """Whether the chip or any contribution is a Decimal (amounts are otherwise whole chips).

    >>> has_decimal({"A": 5, "B": Decimal("2.50")}, 1), has_decimal({"A": 5, "B": 3}, 1)
    (True, False)
    """
    # int + Decimal is a Decimal: the total is an int only when every amount is one.
    return type(chip) is not int or type(sum(contributions.values())) is not int


def rank_by_cards(
    hands: Mapping[str, Any],
    board: Any,
    seats: Sequence[str],
    folded: Iterable[str] = (),
    *,
    game: str = "holdem",
) -> tuple[Tiers, Mapping[str, Any], tuple[Card, ...]]:
    """Rank the live players by their cards: (tiers, hand values, board cards).

    Every live player needs two hole cards; folded players' cards may be given (they are checked
    for duplicates but not ranked); the board must hold the five community cards. ``game`` is
    ``"holdem"`` or a short-deck game (:data:`~potengine.pots.hilo.SHORT_DECK_RULES`: the 36-card
    deck, ranked by :func:`potengine.cards.short_deck.rank_short_deck_players`).

    >>> tiers, values, board = rank_by_cards({"A": "As Ah", "B": "Kd Kc"}, "2c 7d 9h Js 3s", ["A", "B"])
    >>> tiers, values["A"].description
    ((('A',), ('B',)), 'Pair of aces, kickers J 9 7')
    >>> rank_by_cards({"A": "Ah 6d", "B": "Qc Qd"}, "7s 8h 9c Qs Kd", ["A", "B"], game="short-deck")[0]
    (('A',), ('B',))
    """
    seats = tuple(seats)
    out = set(folded)
    live = [p for p in seats if p not in out]
    check_shown_hands(hands, seats, live, "{'Alice': 'As Ah'}")
    board_cards = parse_cards(board if board is not None else "")
    if len(board_cards) != 5:
        raise CardError(
            said(
                "the board must hold the 5 community cards at the showdown, got {count} ({cards})",
                count=len(board_cards),
                cards=" ".join(map(str, board_cards)) or said("no cards"),
            )
        )
    ranked: Sequence[Sequence[str]]
    values: Mapping[str, Any]
    if game in SHORT_DECK_RULES:
        ranked, values = rank_short_deck_players(hands, board_cards, SHORT_DECK_RULES[game])
    else:
        ranked, values = rank_players(hands, board_cards)
    seat_of = {p: i for i, p in enumerate(seats)}
    tiers = tuple(
        tuple(sorted(tier, key=seat_of.__getitem__))
        for tier in ([p for p in group if p not in out] for group in ranked)
        if tier
    )
    return tiers, values, tuple(board_cards)


def check_conservation(result: Settlement) -> None:
    """Raise if paid + returned + withheld differs from what was put in, or a pot is mis-split.

    This runs at the end of every :func:`settle`; a failure is a bug in the engine, never bad input.
    Any other code that builds a :class:`Settlement` (the hand-history auditor) runs it too.
    Withheld is the rake and the fees; money the room added counts with what was put in:
    paid + returned + rake + fees = put in + added. With side payments, the players' nets and
    the house's take sum to zero.

    >>> check_conservation(settle({"A": 5, "B": 5}, ranking=[("A", "B")]))
    """
    if (
        result.fee_rules
        or result.added_rules
        or result.side_payments
        or any(pot.fees or pot.added for pot in result.pots)
    ):
        _check_extra_conservation(result)
    else:
        _check_plain_conservation(result)


def _check_plain_conservation(result: Settlement) -> None:
    """:func:`check_conservation` of a settlement without fees, added money or side payments
    (every plain settlement the engine builds ends here: it reads nothing more)."""
    withheld: Amount = 0
    for pot in result.pots:
        shared = sum(pot.shares.values())
        if shared + pot.rake != pot.amount:
            raise RuntimeError(f"{pot.name}: shares {shared} + rake {pot.rake} != {pot.amount}")
        withheld += pot.rake
    layout = result.layout
    paid = sum(result.winnings.values())
    returned = sum(layout.refunds.values())
    total = sum(layout.contributions.values())
    if paid + returned + withheld != total:
        raise RuntimeError(
            f"chips not conserved: paid {paid} + returned {returned} + withheld {withheld} != put in {total}"
        )


def _check_extra_conservation(result: Settlement) -> None:
    """:func:`check_conservation` with fees, added money or side payments."""
    withheld: Amount = 0
    added: Amount = 0
    for pot in result.pots:
        shared = sum(pot.shares.values())
        kept = pot.rake + sum(pot.fees.values(), start=0)
        if shared + kept != pot.amount:
            raise RuntimeError(f"{pot.name}: shares {shared} + rake and fees {kept} != {pot.amount}")
        withheld += kept
        added += sum(pot.added.values(), start=0)
    layout = result.layout
    paid = sum(result.winnings.values())
    returned = sum(layout.refunds.values())
    total = sum(layout.contributions.values())
    if paid + returned + withheld != total + added:
        raise RuntimeError(
            f"chips not conserved: paid {paid} + returned {returned} + withheld {withheld} "
            f"!= put in {total} + added {added}"
        )
    if result.side_payments and sum(result.net.values()) + result.house != 0:
        raise RuntimeError("side payments not accounted: the nets and the house do not sum to zero")
