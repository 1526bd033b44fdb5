"""Payments outside the pot: all-in cash-outs and insurance, and a cash-out offer checked
against exact equity.

When players are all-in before the last card, some rooms let one of them take a sure amount now
instead of his chances. The pot is still dealt and divided exactly as without it; the payment is
between the player and the room, outside the pot:

* **Cash-out** (:class:`CashOut`). The room pays the player ``amount`` and takes over his share
  of the pots: whatever his hand wins goes to the room. PokerStars' All-in Cash Out writes
  ``stavochka008 cashed out the hand for $0.57 | Cash Out Fee $0.01`` and in the summary "won
  ($0.87) … (pot not awarded as player cashed out)"; a player who cashed out and lost is
  marked "(cashed out)" while the winner collects the pot as usual. GGPoker's EV Cashout is the
  same bargain written the other way round: the player collects the pot and "Pays Cashout Risk
  ($0.65)", the pot share less the cash-out amount. The room's ``fee`` is already out of the
  amount (the player receives ``amount``); it is recorded as the room names it.
* **Insurance** (:class:`Insurance`): the player pays the room a ``premium`` and keeps his share
  of the pots; if the insured hand loses, the room pays him ``payout`` (GGPoker's all-in
  insurance).

A player's net is then his pot winnings and returned chips, less what he put in, plus his side
payments (:func:`side_net`); the room's take is the rake and fees, less the added money, less
what it paid out in side payments net. Every chip and cent is accounted for.

The offer itself: :func:`check_cash_out` computes the exact equity of the player's share of each
pot he can still win (every remaining board dealt, :func:`potengine.cards.equity.pot_equity`), of
what each pot pays after rake and fees, and names the room's fee in chips and as an exact
percentage of that equity. On the hand above (A♣K♣ against Q♥J♣ all-in before the flop, a net pot
of $0.87) the equity is $0.5764: the $0.57 offered keeps $0.0064, 1.10 %.

>>> from decimal import Decimal
>>> check = check_cash_out({"S": Decimal("0.36"), "T": Decimal("0.36"), "D": Decimal("0.12"),
...                         "A": Decimal("0.04"), "O": Decimal("0.02")},
...                        {"S": "Ac Kc", "T": "Qh Jc"}, "S", Decimal("0.57"),
...                        folded=["D", "A", "O"], rake=Decimal("0.03"), chip=Decimal("0.01"))
>>> round(float(check.value), 4), check.percent_text()
(0.5764, '1.10 %')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..chips import Amount, check_amount, exact_arithmetic, format_amount, is_multiple
from ..errors import InputError, Said, listed, said


@dataclass(frozen=True)
class CashOut:
    """``player`` sold his share of the pots to the room for ``amount``, the room's ``fee``
    already out of it (as the room names it: PokerStars' "Cash Out Fee"). His pot winnings go to
    the room, whatever they turn out to be.

    >>> CashOut("Alice", 57, fee=1)
    CashOut(player='Alice', amount=57, fee=1)
    """

    player: str
    amount: Amount
    fee: Amount = 0

    def __post_init__(self) -> None:
        _check_player(self.player, cash_out=True)
        player = self.player
        object.__setattr__(self, "amount", check_amount(self.amount, "{player}'s cash-out", player=player))
        object.__setattr__(self, "fee", check_amount(self.fee, "{player}'s cash-out fee", player=player))

    kind = "cash-out"


@dataclass(frozen=True)
class Insurance:
    """``player`` insured his all-in: he pays the room ``premium`` and keeps his pot winnings; the
    room pays him ``payout`` (0 when the insured hand won).

    >>> Insurance("Bilal", premium=5, payout=60)
    Insurance(player='Bilal', premium=5, payout=60)
    """

    player: str
    premium: Amount
    payout: Amount = 0

    def __post_init__(self) -> None:
        _check_player(self.player, cash_out=False)
        player = self.player
        premium = check_amount(self.premium, "{player}'s insurance premium", player=player)
        object.__setattr__(self, "premium", premium)
        object.__setattr__(
            self, "payout", check_amount(self.payout, "{player}'s insurance payout", player=player)
        )

    kind = "insurance"


SidePayment = CashOut | Insurance
"""A payment between a player and the room outside the pot."""


def _check_player(player: object, *, cash_out: bool) -> None:
    if not isinstance(player, str) or not player.strip():
        raise InputError(
            said(
                "{what} names its player, a non-empty name, not {player}",
                what=said("a cash-out") if cash_out else said("insurance"),
                player=repr(player),
            )
        )


def check_side_payments(
    payments: object,
    *,
    seats: Sequence[str],
    folded: Collection[str],
    pots: Sequence[Mapping[str, Any]],
    chip: Amount = 1,
) -> tuple[SidePayment, ...]:
    """Validate ``settle(side_payments=...)``: a list of :class:`CashOut` and :class:`Insurance`
    records, each for a seated player still in the hand who contests a pot with another player
    (an all-in: the only time a room offers them), amounts in whole chips, one cash-out a player.
    ``pots`` are the hand's pots (their ``eligible`` players).

    >>> pots = [{"eligible": ("A", "B")}]
    >>> check_side_payments([CashOut("Eve", 5)], seats=("A", "B"), folded=(), pots=pots)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: Eve cannot cash out: Eve is not seated (players: A, B)
    >>> check_side_payments([Insurance("A", 2)], seats=("A", "B", "C"), folded=(),
    ...                     pots=[{"eligible": ("A",)}])
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: A cannot insure the hand: A contests no pot with another player
        (these payments are offered only in an all-in against another player)
    """
    if isinstance(payments, (CashOut, Insurance)):
        payments = [payments]
    if isinstance(payments, (str, bytes)) or not isinstance(payments, Sequence):
        raise InputError(
            said(
                "side_payments must be a list of CashOut and Insurance records, "
                "e.g. [CashOut('Alice', 57, fee=1)], not {value}",
                value=repr(payments)[:100],
            )
        )
    cashed: set[str] = set()
    records = []
    for payment in payments:
        if not isinstance(payment, (CashOut, Insurance)):
            raise InputError(
                said(
                    "side_payments holds CashOut and Insurance records, not {value}",
                    value=repr(payment)[:140],
                )
            )
        player = payment.player
        cash_out = isinstance(payment, CashOut)
        if player not in seats:
            players = ", ".join(seats)
            raise InputError(
                said(
                    "{player} cannot cash out: {player} is not seated (players: {players})",
                    player=player,
                    players=players,
                )
                if cash_out
                else said(
                    "{player} cannot insure the hand: {player} is not seated (players: {players})",
                    player=player,
                    players=players,
                )
            )
        if player in folded:
            raise InputError(
                said("{player} cannot cash out: {player} folded", player=player)
                if cash_out
                else said("{player} cannot insure the hand: {player} folded", player=player)
            )
        if not any(player in pot["eligible"] and len(pot["eligible"]) > 1 for pot in pots):
            raise InputError(
                said(
                    "{player} cannot cash out: {player} contests no pot with another player (these "
                    "payments are offered only in an all-in against another player)",
                    player=player,
                )
                if cash_out
                else said(
                    "{player} cannot insure the hand: {player} contests no pot with another player "
                    "(these payments are offered only in an all-in against another player)",
                    player=player,
                )
            )
        amounts = (
            (("{player}'s cash-out", payment.amount), ("{player}'s cash-out fee", payment.fee))
            if isinstance(payment, CashOut)
            else (
                ("{player}'s insurance premium", payment.premium),
                ("{player}'s insurance payout", payment.payout),
            )
        )
        for what, amount in amounts:  # the phrases of CashOut's and Insurance's check_amount
            if not is_multiple(amount, chip):
                raise InputError(
                    said(
                        "{what} of {amount} is not a whole number of chips of {chip}",
                        what=Said(what, {"player": player}),
                        amount=format_amount(amount),
                        chip=format_amount(chip),
                    )
                )
        if isinstance(payment, CashOut):
            if player in cashed:
                raise InputError(said("{player} cashes out twice: give one cash-out a player", player=player))
            cashed.add(player)
        records.append(payment)
    return tuple(records)


def side_net(payments: Sequence[SidePayment], winnings: Mapping[str, Amount]) -> dict[str, Amount]:
    """What the side payments change in each player's net, ``{player: chips}`` (players with
    side payments only): a cash-out pays its amount and takes the pot winnings; insurance costs
    its premium and pays its payout.

    >>> side_net([CashOut("A", 57), Insurance("B", 5, payout=0)], {"A": 87, "B": 0})
    {'A': -30, 'B': -5}
    """
    net: dict[str, Amount] = {}
    for payment in payments:
        if isinstance(payment, CashOut):
            change = payment.amount - winnings[payment.player]
        else:
            change = payment.payout - payment.premium
        net[payment.player] = net[payment.player] + change if payment.player in net else change
    return net


@dataclass(frozen=True)
class PotValue:
    """One pot in a cash-out check: what it pays (after rake and fees), the player's exact share
    of it and that share's value in chips."""

    name: str
    awarded: Amount
    share: Fraction
    value: Fraction


@dataclass(frozen=True)
class CashOutCheck:
    """A cash-out offer against exact equity: the player's ``value`` (exact chips: his share of
    each pot he can win, ``pots``), the ``offer``, the room's ``fee`` (value − offer, exact;
    negative when the offer is above the equity) and ``percent``, the fee as an exact percentage
    of the value. ``boards`` is the number of boards dealt to compute it, ``refund`` the chips
    returned to him in any case (not part of the cash-out)."""

    player: str
    offer: Amount
    value: Fraction
    pots: tuple[PotValue, ...]
    boards: int
    refund: Amount = 0

    @property
    def fee(self) -> Fraction:
        """The room's fee in chips: equity value less the offer (exact)."""
        return self.value - Fraction(self.offer)

    @property
    def percent(self) -> Fraction:
        """The fee as a percentage of the equity value, exact (0 when there is no equity)."""
        return self.fee * 100 / self.value if self.value else Fraction(0)

    def percent_text(self, places: int = 2) -> str:
        """The percentage rounded half-even to ``places`` for print: ``'1.10 %'``.

        >>> CashOutCheck("A", 99, Fraction(100), (), 1).percent_text()
        '1.00 %'
        """
        return f"{_decimal(self.percent, places)} %"

    def fee_text(self, places: int = 4) -> str:
        """The fee in chips rounded half-even to ``places`` for print.

        >>> CashOutCheck("A", 99, Fraction(200, 3), (), 1).fee_text()
        '-32.3333'
        """
        return str(_decimal(self.fee, places))

    def __str__(self) -> str:
        return (
            f"{self.player}'s cash-out of {format_amount(self.offer)} against an equity of "
            f"{_decimal(self.value, 4)}: fee {self.fee_text()} ({self.percent_text()})"
        )


def _decimal(value: Fraction, places: int) -> Decimal:
    """An exact fraction rounded half-even to ``places`` decimal places (for print only)."""
    with exact_arithmetic("the cash-out check"):
        scaled = value * 10**places
        whole = round(scaled)  # Fraction rounding: half to even, exact
        return Decimal(whole).scaleb(-places)


def check_cash_out(
    contributions: Mapping[str, Amount],
    hands: Mapping[str, Any],
    player: str,
    offer: Amount,
    *,
    board: Any = "",
    folded: Collection[str] = (),
    rake: Any = None,
    fees: Any = None,
    added: Any = None,
    chip: Amount = 1,
    stacks: Mapping[str, Amount] | None = None,
) -> CashOutCheck:
    """Check a cash-out ``offer`` to ``player`` against the exact equity of his share of each pot.

    The pots are formed, raked and charged their fees exactly as :func:`~potengine.pots.settlement.settle`
    does (``rake``, ``fees``, ``added`` as there); then every remaining board is dealt to the live
    players' ``hands`` (:func:`~potengine.cards.equity.pot_equity`) for the player's exact share
    of each pot he is eligible for. Ties count as the split they give (exact fractions, before
    odd chips). ``stacks`` (each player's chips at the start of the hand), when given, are used
    to check that the hand is all-in: every live player but at most one has put in his whole
    stack (the one who covers the others may cash out too, as PokerStars' histories show).

    >>> check = check_cash_out({"A": 100, "B": 100}, {"A": "As Ah", "B": "Kd Kc"}, "A", 180,
    ...                        board="2c 7d 9h")
    >>> check.value, check.fee, check.percent
    (Fraction(18140, 99), Fraction(320, 99), Fraction(1600, 907))
    >>> str(check)
    "A's cash-out of 180 against an equity of 183.2323: fee 3.2323 (1.76 %)"
    """
    from ..cards.equity import pot_equity  # numpy, loaded on first use
    from .fees import check_added, check_fees, withhold
    from .layout import check_contributions, check_folded, layout_fields
    from .settlement import check_chip

    checked = check_contributions(contributions)
    seats = tuple(checked)
    out = check_folded(folded, seats)
    chip = check_chip(chip, checked)
    offer = check_amount(offer, "the cash-out offer to {player}", player=player)
    if player not in checked:
        raise InputError(
            said(
                "{player} cannot cash out: {player} is not seated (players: {players})",
                player=player,
                players=", ".join(seats),
            )
        )
    if player in out:
        raise InputError(said("{player} cannot cash out: {player} folded", player=player))
    live = [p for p in seats if p not in out]
    if stacks is not None:
        short = [p for p in live if p not in stacks]
        if short:
            raise InputError(said("stacks gives no stack for {player}", player=short[0]))
        behind = [p for p in live if check_amount(stacks[p], "{player}'s stack", player=p) > checked[p]]
        if any(stacks[p] < checked[p] for p in live):
            bad = next(p for p in live if stacks[p] < checked[p])
            raise InputError(
                said(
                    "{player} put in {amount}, more than his stack",
                    player=bad,
                    amount=format_amount(checked[bad]),
                )
            )
        if len(behind) > 1:
            raise InputError(
                said(
                    "{player} cannot cash out: the hand is not all-in ({players} still have chips behind)",
                    player=player,
                    players=listed(behind),
                )
            )
    with exact_arithmetic("the cash-out check"):
        fields = layout_fields(checked, out)
        pots = fields["pots"]
        fee_rules = check_fees(fees, chip) if fees is not None else ()
        added_rules = check_added(added, chip) if added is not None else ()
        _, fees_by = withhold(pots, fees=fee_rules, added=added_rules, rake=rake, chip=chip)
        if not any(player in pot["eligible"] and len(pot["eligible"]) > 1 for pot in pots):
            raise InputError(
                said(
                    "{player} cannot cash out: {player} contests no pot with another player (a "
                    "cash-out is offered only in an all-in against another player)",
                    player=player,
                )
            )
        result = pot_equity(checked, hands, board=board, folded=out)
        values = []
        total = Fraction(0)
        for pot, equity_pot, pot_fees in zip(pots, result.pots, fees_by, strict=True):
            if player not in pot["eligible"]:
                continue
            awarded = pot["amount"] - pot["rake"] - sum(pot_fees.values(), start=0)
            share = equity_pot.chances[player].share
            value = share * Fraction(awarded)
            total += value
            values.append(PotValue(equity_pot.name, awarded, share, value))
    return CashOutCheck(player, offer, total, tuple(values), result.boards, fields["refunds"].get(player, 0))
