"""A settlement as plain text (the command line's tables) and as JSON data (``--json``, the pages).

One rule writes every amount of one settlement alike: JSON integers when every input is ``int``
chips, else exact decimal strings with the places of the most precise input.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Context, Decimal
from typing import TYPE_CHECKING, Any

from ..chips import Amount
from ..chips import format_amount as fmt
from ..pots.cashout import CashOut

if TYPE_CHECKING:  # pragma: no cover
    from ..pots.layout import Pot
    from ..pots.settlement import Settlement


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], numeric: set[int]) -> list[str]:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [
            str(c).rjust(w) if i in numeric else str(c).ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def _signed(amount: Amount) -> str:
    return f"+{fmt(amount)}" if amount > 0 else fmt(amount)


def settlement_text(result: Settlement) -> str:
    """The pots table and the players table of a settlement, as plain text."""
    pots = [
        (
            pot.name,
            fmt(pot.amount),
            pot.formula,
            ", ".join(pot.eligible),
            ", ".join(pot.winners),
            ", ".join(f"{p} {fmt(a)}" for p, a in pot.shares.items()) + withheld_text(pot),
        )
        for pot in result.pots
    ]
    lines = _table(("Pot", "Amount", "How it is made", "Eligible", "Winners", "Shares"), pots, {1})
    players: list[tuple[str, ...]] = [
        (
            p,
            fmt(result.contributions[p]),
            fmt(result.refunds.get(p, 0)),
            fmt(result.winnings[p]),
            fmt(result.payouts[p]),
            _signed(result.net[p]),
        )
        for p in result.seats
    ]
    runs = getattr(result, "runs", ())
    if runs:
        lines.append("")
        lines += _table(("Pot", "Run", "Part", "Winners", "Shares"), _run_rows(result), {2})
    if result.side_payments:
        lines.append("")
        lines += _table(("Outside the pot", "Player", "Amount", "Net change"), side_rows(result), {2, 3})
        side = result.side_net
        players = [(*row[:5], _signed(side.get(row[0], 0)), *row[5:]) for row in players]
        header: tuple[str, ...] = ("Player", "Put in", "Returned", "Won", "Paid", "Side", "Net")
    else:
        header = ("Player", "Put in", "Returned", "Won", "Paid", "Net")
    lines.append("")
    lines += _table(header, players, set(range(1, len(header))))
    if result.fee_rules or result.added_rules or result.side_payments:
        lines.append("")
        lines.append(_totals_line(result))
    return "\n".join(lines)


def withheld_text(pot: Pot) -> str:
    """`` (rake 5, jackpot 2)``: what a pot's shares are after, for a table cell.

    >>> from potengine.pots.settlement import settle
    >>> withheld_text(settle({"A": 5, "B": 5}, ["A", "B"], rake=1, fees={"jackpot": 1}).pots[0])
    ' (rake 1, jackpot 1)'
    """
    parts = [f"rake {fmt(pot.rake)}"] if pot.rake else []
    parts += [f"{name} {fmt(a)}" for name, a in pot.fees.items() if a]
    return f" ({', '.join(parts)})" if parts else ""


def side_rows(result: Settlement) -> list[tuple[str, str, str, str]]:
    """One row per payment outside the pot (a cash-out: what the room pays and what it takes).

    >>> from potengine.pots.settlement import settle
    >>> from potengine.pots.cashout import CashOut, Insurance
    >>> r = settle({"A": 50, "B": 50}, ["A", "B"], side_payments=[CashOut("A", 60, fee=1), Insurance("B", 5)])
    >>> side_rows(r)
    [('cash-out (fee 1)', 'A', '60', '+60'), ('pot winnings to the room', 'A', '100', '-100'),
     ('insurance premium', 'B', '5', '-5')]
    """
    rows = []
    for payment in result.side_payments:
        player = payment.player
        if isinstance(payment, CashOut):
            fee = f" (fee {fmt(payment.fee)})" if payment.fee else ""
            rows.append((f"cash-out{fee}", player, fmt(payment.amount), _signed(payment.amount)))
            won = result.winnings[player]
            rows.append(("pot winnings to the room", player, fmt(won), _signed(-won)))
        else:
            rows.append(("insurance premium", player, fmt(payment.premium), _signed(-payment.premium)))
            if payment.payout:
                rows.append(("insurance payout", player, fmt(payment.payout), _signed(payment.payout)))
    return rows


def _totals_line(result: Settlement) -> str:
    """Everything accounted: put in and added = paid, returned, rake and fees; the room's take."""
    fees = "".join(f", {name} {fmt(a)}" for name, a in result.fees.items())
    added = "".join(f" + {name} {fmt(a)}" for name, a in result.added.items())
    paid = sum(result.winnings.values(), start=0)
    returned = sum(result.refunds.values(), start=0)
    line = (
        f"Put in {fmt(result.total)}{added} = paid {fmt(paid)}, returned {fmt(returned)}, "
        f"rake {fmt(result.rake)}{fees}."
    )
    if result.side_payments:
        line += f" The room keeps {fmt(result.house)}."
    return line


def _run_rows(result: Settlement) -> list[tuple[str, ...]]:
    """One row per run of each pot of a hand run more than once (a pot not run: one row)."""
    rows: list[tuple[str, ...]] = []
    for pot in result.pots:
        if not pot.runs:
            shares = ", ".join(f"{p} {fmt(a)}" for p, a in pot.shares.items())
            rows.append((pot.name, "not run", fmt(pot.awarded), ", ".join(pot.winners), shares))
        for part in pot.runs:
            if part.hilo and part.low_shares:
                high = ", ".join(f"{p} {fmt(a)}" for p, a in part.high_shares.items())
                low = ", ".join(f"{p} {fmt(a)}" for p, a in part.low_shares.items())
                shares = f"high {high}; low {low}"
            else:
                shares = ", ".join(f"{p} {fmt(a)}" for p, a in part.shares.items())
            rows.append((pot.name, str(part.run), fmt(part.amount), ", ".join(part.winners), shares))
    return rows


def _places(amount: Amount) -> int:
    exponent = Decimal(amount).as_tuple().exponent
    assert isinstance(exponent, int)  # amounts are finite: never NaN or infinity
    return max(0, -exponent)


def _json_places(result: Settlement) -> int | None:
    """``None`` when every contribution and the chip are ``int``, else the decimal places to write.

    The places are those of the most precise input (contributions and chip), so "0.50" stays
    "0.50" and every amount of one settlement is written alike.
    """
    inputs = [*result.contributions.values(), result.chip]
    if all(isinstance(a, int) for a in inputs):
        return None
    return max((_places(a) for a in inputs), default=0)


def _json_amount(amount: Amount, places: int | None = None) -> int | str:
    """An amount as JSON: an int when ``places`` is ``None``, else an exact decimal string."""
    if places is None and isinstance(amount, int):
        return amount
    value = Decimal(amount)
    if places is not None:
        fixed = value.quantize(Decimal(1).scaleb(-places), context=Context(prec=100))
        if fixed == value:  # never round: an odd amount keeps its digits
            value = fixed
    if value == 0:
        value = abs(value)  # no "-0.00"
    return f"{value:f}"  # plain digits, never "1E-12"


def settlement_json(result: Settlement) -> dict[str, Any]:
    """A settlement as plain JSON data, every amount written by one rule.

    When every contribution and the chip are ``int`` chips, every amount is a JSON integer.
    Otherwise (a contribution or the chip is a :class:`~decimal.Decimal`), every amount is an
    exact decimal string with the decimal places of the most precise input, e.g. ``"0.50"``.

    >>> from potengine.pots.settlement import settle
    >>> settlement_json(settle({"A": 10, "B": Decimal("0.50")}, ["A", "B"], chip=Decimal("0.01")))["payouts"]
    {'A': '10.50', 'B': '0.00'}
    >>> settlement_json(settle({"A": 10, "B": 5}, ["A", "B"]))["refunds"]
    {'A': 5}

    A hand run more than once adds ``runs`` (each run's showdown), ``run_odd_chips`` and, in each
    pot, its ``runs``: the part each run divides off and who took it (empty: not run, paid once).

    >>> data = settlement_json(settle({"A": 10, "B": 10}, runs=[["A", "B"], ["B", "A"]]))
    >>> data["pots"][0]["runs"]
    [{'run': 1, 'amount': 10, 'winners': ['A'], 'shares': {'A': 10}},
     {'run': 2, 'amount': 10, 'winners': ['B'], 'shares': {'B': 10}}]
    """
    places = _json_places(result)

    def amount(a: Amount) -> int | str:
        return _json_amount(a, places)

    data = {
        "contributions": {p: amount(a) for p, a in result.contributions.items()},
        "folded": [p for p in result.seats if p in result.folded],
        "button": result.button,
        "chip": amount(result.chip),
        "pots": [
            {
                "name": pot.name,
                "amount": amount(pot.amount),
                "eligible": list(pot.eligible),
                "winners": list(pot.winners),
                "shares": {p: amount(a) for p, a in pot.shares.items()},
                "rake": amount(pot.rake),
                **({"fees": {n: amount(a) for n, a in pot.fees.items()}} if pot.fees else {}),
                **({"added": {n: amount(a) for n, a in pot.added.items()}} if pot.added else {}),
            }
            for pot in result.pots
        ],
        "refunds": {p: amount(a) for p, a in result.refunds.items()},
        "payouts": {p: amount(a) for p, a in result.payouts.items()},
        "net": {p: amount(a) for p, a in result.net.items()},
    }
    runs = getattr(result, "runs", ())
    if runs:
        _add_runs(data, result, amount)
    if result.fee_rules or result.added_rules or result.side_payments:
        _add_extra(data, result, amount)
    return data


def _add_extra(data: dict[str, Any], result: Settlement, amount: Callable[[Amount], int | str]) -> None:
    """Fees, added money and payments outside the pot, in :func:`settlement_json`'s data: the
    totals by name (``rake``, ``fees``, ``added``), each side payment (``side_payments``, with a
    ``kind`` of ``"cash_out"`` or ``"insurance"``), each player's ``side_net`` and the room's
    take (``house``). Each pot also holds its own ``fees`` and ``added``.

    >>> from potengine.pots.settlement import settle
    >>> from potengine.pots.cashout import CashOut
    >>> data = settlement_json(settle({"A": 50, "B": 50}, ["A", "B"], fees={"jackpot": 2},
    ...                               added={"cash drop": 10}, side_payments=[CashOut("A", 90)]))
    >>> {k: data[k] for k in ("rake", "fees", "added", "side_payments", "side_net", "house")}
    {'rake': 0, 'fees': {'jackpot': 2}, 'added': {'cash drop': 10},
     'side_payments': [{'kind': 'cash_out', 'player': 'A', 'amount': 90, 'fee': 0}],
     'side_net': {'A': -18}, 'house': 10}
    """
    data["rake"] = amount(result.rake)
    data["fees"] = {n: amount(a) for n, a in result.fees.items()}
    data["added"] = {n: amount(a) for n, a in result.added.items()}
    payments: list[dict[str, Any]] = []
    for payment in result.side_payments:
        if isinstance(payment, CashOut):
            payments.append(
                {
                    "kind": "cash_out",
                    "player": payment.player,
                    "amount": amount(payment.amount),
                    "fee": amount(payment.fee),
                }
            )
        else:
            payments.append(
                {
                    "kind": "insurance",
                    "player": payment.player,
                    "premium": amount(payment.premium),
                    "payout": amount(payment.payout),
                }
            )
    data["side_payments"] = payments
    data["side_net"] = {p: amount(a) for p, a in result.side_net.items()}
    data["house"] = amount(result.house)


def _add_runs(data: dict[str, Any], result: Settlement, amount: Callable[[Amount], int | str]) -> None:
    """The runs of a hand run more than once, in :func:`settlement_json`'s data: each run's
    showdown (``runs``), the odd-chip rule, and each pot's parts (``pots[i]["runs"]``, empty for a
    pot only one player can win, paid once)."""

    def shares(mapping: Mapping[str, Amount]) -> dict[str, int | str]:
        return {p: amount(a) for p, a in mapping.items()}

    data["run_odd_chips"] = result.run_odd_chips
    data["runs"] = [
        {
            "run": run.number,
            "ranking": [list(tier) for tier in run.ranking],
            **({"board": " ".join(card.code for card in run.board)} if run.board else {}),
            **(
                {"low_ranking": [list(tier) for tier in run.low_ranking]}
                if run.low_ranking is not None
                else {}
            ),
        }
        for run in result.runs
    ]
    for entry, pot in zip(data["pots"], result.pots, strict=True):
        parts = []
        for part in pot.runs:
            item: dict[str, Any] = {
                "run": part.run,
                "amount": amount(part.amount),
                "winners": list(part.winners),
                "shares": shares(part.shares),
            }
            if part.hilo:
                item["high"] = {
                    "amount": amount(part.high_amount),
                    "winners": list(part.high_winners),
                    "shares": shares(part.high_shares),
                }
                item["low"] = {
                    "amount": amount(part.low_amount),
                    "winners": list(part.low_winners),
                    "shares": shares(part.low_shares),
                }
            parts.append(item)
        entry["runs"] = parts
