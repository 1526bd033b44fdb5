"""The six-step check of any pot split (EX-06), run on a settlement.

The Dutch guide's method for checking a split, which any reader can apply to a hand history:

1. note each player's total contribution and who folded;
2. isolate the part of a bet that nobody called, which is returned;
3. cut the contributions into tiers at the all-in levels;
4. note for each pot the players still in the hand who can win it;
5. compare the hands pot by pot, splitting ties;
6. check that what was paid, returned and withheld equals what was put in.

Where the room takes fees beside the rake or adds money to a pot (:mod:`potengine.pots.fees`),
step 3 puts the added money into its pot, step 5 divides what the rake and fees leave, and step 6
recomputes each fee pot by pot from its rule and checks paid + returned + rake + fees = put in +
added; payments outside the pot (cash-outs, insurance) are listed there with what they change
in each net.

:func:`audit` walks these steps over a :class:`~potengine.pots.settlement.Settlement` and recomputes
each figure from the contributions alone, by a route of its own, so that a wrong pot, a payout to
an ineligible player or a lost chip shows up as a failed step.

>>> from potengine import settle
>>> report = audit(settle({"Alice": 30, "Bilal": 70, "Chloé": 100}, ranking=["Bilal", "Alice", "Chloé"]))
>>> [(step.number, step.ok) for step in report.steps]
[(1, True), (2, True), (3, True), (4, True), (5, True), (6, True)]
>>> print(report.steps[1])
Step 2 (uncalled bet) ✓: Chloé put in 100, 30 more than anyone matched (70): 30 go back to Chloé.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from ..chips import Amount, exact_arithmetic, sum_formula  # Amount: the hi-lo step
from ..chips import format_amount as fmt
from ..i18n import Words, words
from .cashout import Insurance, SidePayment

if TYPE_CHECKING:  # pragma: no cover
    from .fees import Added, Fee
    from .settlement import Settlement


@dataclass(frozen=True)
class AuditStep:
    """One step of the check: its number and title, whether it holds, and what was found."""

    number: int
    title: str
    ok: bool
    findings: tuple[str, ...]
    # The language of the title and the findings; not in the repr, which stays what it was.
    language: str = field(default="en", repr=False)

    def __str__(self) -> str:
        mark = "✓" if self.ok else "✗"
        _ = words(self.language)
        head = _("Step {number} ({title}) {mark}:", number=self.number, title=self.title, mark=mark)
        return head + " " + " ".join(self.findings)


@dataclass(frozen=True)
class Audit:
    """The six steps; ``ok`` when every one holds."""

    steps: tuple[AuditStep, ...]
    language: str = field(default="en", repr=False)  # the language of the steps' words

    @property
    def ok(self) -> bool:
        return all(step.ok for step in self.steps)

    @property
    def failures(self) -> tuple[AuditStep, ...]:
        return tuple(step for step in self.steps if not step.ok)

    def __str__(self) -> str:
        _ = words(self.language)
        failed = len(self.failures)
        verdict = (
            _("every step holds")
            if self.ok
            else _.n("{count} step(s) fail", "{count} step(s) fail", failed, count=failed)
        )
        return "\n".join([*map(str, self.steps), _("Audit: {verdict}.", verdict=verdict)])


def _names(players: Iterable[str], _: Words) -> str:
    players = list(players)
    return ", ".join(players) if players else _("nobody")


def _pot_name(index: int, _: Words) -> str:
    """``Main pot``, ``Side pot 2`` in the audit's language."""
    return _("Main pot") if index == 0 else _("Side pot {number}", number=index)


@exact_arithmetic("the audit")
def audit(result: Settlement, language: str = "en") -> Audit:
    """Walk the six steps of EX-06 over ``result``, recomputing every figure independently.

    ``language`` ("en", "nl", "de" or "el") is the language of the titles and findings; the
    figures and the verdict of each step are the same in every language.

    >>> from potengine import settle
    >>> print(audit(settle({"A": 20, "B": 20}, ranking=[("A", "B")])).steps[5])
    Step 6 (paid + returned + withheld = put in) ✓: paid 40 + returned 0 + withheld 0 = 40 put in.
    >>> print(audit(settle({"A": 20, "B": 20}, ranking=[("A", "B")]), language="nl").steps[5])
    Stap 6 (uitbetaald + teruggegeven + ingehouden = ingezet) ✓: uitbetaald 40 + teruggegeven 0 +
    ingehouden 0 = 40 ingezet.
    """
    _ = words(language)
    contributions = dict(result.contributions)
    seats = list(result.seats)
    folded = set(result.folded)
    live = [p for p in seats if p not in folded]
    total = sum(contributions.values(), start=0)
    steps = []

    # 1. Contributions and folds.
    listed = ", ".join(f"{p} {fmt(c)}" for p, c in contributions.items())
    multiples = all(c % result.chip == 0 for c in contributions.values())
    steps.append(
        AuditStep(
            1,
            _("contributions and folds"),
            multiples and bool(live),
            (
                _("Put in: {contributions}; total {total}.", contributions=listed, total=fmt(total)),
                _("Folded (dead chips): {players}.", players=_names((p for p in seats if p in folded), _)),
                _("Live at the showdown: {players}.", players=_names(live, _)),
            ),
            language,
        )
    )

    # Dead money (a big-blind ante) matches no bet: it goes to the main pot and is never returned.
    dead = dict(getattr(result.layout, "dead", {}) or {})
    bets = {p: c - dead.get(p, 0) for p, c in contributions.items()}
    if dead:
        steps[0] = AuditStep(
            1,
            steps[0].title,
            steps[0].ok and all(0 <= d <= contributions[p] for p, d in dead.items()),
            steps[0].findings
            + (
                _(
                    "Dead money (main pot only, never returned): {dead}.",
                    dead=", ".join(f"{p} {fmt(d)}" for p, d in dead.items()),
                ),
            ),
            language,
        )

    # 2. The uncalled part: the largest bet above the second largest.
    ranked = sorted(bets.values(), reverse=True)
    top, second = ranked[0], ranked[1]
    expected_refunds = {}
    if top > second:
        (leader,) = [p for p, c in bets.items() if c == top]
        expected_refunds = {leader: top - second}
        finding = _(
            "{player} put in {amount}, {more} more than anyone matched ({matched}): {more} go back "
            "to {player}.",
            player=leader,
            amount=fmt(top),
            more=fmt(top - second),
            matched=fmt(second),
        )
    else:
        finding = _("The largest contribution ({amount}) was matched: nothing goes back.", amount=fmt(top))
    refunds = dict(result.refunds)
    ok2 = refunds == expected_refunds
    findings2 = [finding]
    if not ok2:
        returns = ", ".join(f"{p} {fmt(c)}" for p, c in refunds.items()) or _("nothing")
        findings2.append(_("The settlement returns {returns} instead.", returns=returns))
    steps.append(AuditStep(2, _("uncalled bet"), ok2, tuple(findings2), language))

    # 3. Tiers at the all-in levels (recomputed band by band from the contributions).
    in_play = {p: c - expected_refunds.get(p, 0) for p, c in bets.items()}
    levels = sorted({in_play[p] for p in live if in_play[p] > 0})
    bands = list(zip([0, *levels[:-1]], levels, strict=False))  # no level: no band
    expected_amounts = [sum(max(0, min(c, high) - low) for c in in_play.values()) for low, high in bands]
    added_rules = tuple(getattr(result, "added_rules", ()))
    if dead or (added_rules and not bands):
        if not bands:
            bands = [(0, 0)]
            expected_amounts = [0]
        expected_amounts[0] += sum(dead.values())
    # Money the room added (a cash drop) goes into the pot it names, before anything is withheld.
    added_in: list[list[tuple[str, Amount]]] = [[] for _ in bands]
    for item in added_rules:
        index = _pot_number(item.pot, len(bands))
        if index is None:
            bands.append((0, 0))  # a pot the recount cannot place: it shows as missing
            added_in.append([])
            expected_amounts.append(0)
            index = len(bands) - 1
        expected_amounts[index] += item.amount
        added_in[index].append((item.name, item.amount))
    amounts = [pot.amount for pot in result.pots]
    findings3 = [_("All-in levels and top: {levels}.", levels=", ".join(fmt(x) for x in levels) or _("none"))]
    # Each pot recounted player by player, beside what the settlement says it holds.
    for i, (low, high) in enumerate(bands):
        parts = [max(0, min(c, high) - low) + (dead.get(p, 0) if i == 0 else 0) for p, c in in_play.items()]
        extra = sum((a for _, a in added_in[i]), start=0)
        recount = sum_formula(parts, low, high, expected_amounts[i] - extra)
        if added_in[i]:
            recount = recount.rsplit(" = ", 1)[0]
            recount += "".join(f" + {fmt(a)} {name}" for name, a in added_in[i])
            recount += f" = {fmt(expected_amounts[i])}"
        name = _pot_name(i, _)
        if i >= len(amounts):
            findings3.append(
                _("{pot}: {recount}, a pot missing from the settlement.", pot=name, recount=recount)
            )
        elif amounts[i] != expected_amounts[i]:
            findings3.append(
                _(
                    "{pot}: {recount}, but the settlement says {amount}.",
                    pot=name,
                    recount=recount,
                    amount=fmt(amounts[i]),
                )
            )
        else:
            findings3.append(f"{name}: {recount}.")
    for pot in result.pots[len(bands) :]:
        findings3.append(
            _(
                "{pot}: {amount} in the settlement, a pot the recount does not find.",
                pot=_pot_name(pot.index, _),
                amount=fmt(pot.amount),
            )
        )
    pots_total = sum(amounts, start=0)
    returned_total = sum(expected_refunds.values(), start=0)
    added_total = sum((item.amount for item in added_rules), start=0)
    ok3 = amounts == expected_amounts and pots_total + returned_total == total + added_total
    if pots_total + returned_total == total + added_total:
        balance = (
            _("everything put in")
            if not added_total
            else _("everything put in and {added} added", added=fmt(added_total))
        )
    elif added_total:
        balance = _("but {total} were put in and {added} added", total=fmt(total), added=fmt(added_total))
    else:
        balance = _("but {total} were put in", total=fmt(total))
    findings3.append(
        _(
            "Pots {pots} + returned {returned} = {sum}, {balance}.",
            pots=" + ".join(fmt(a) for a in amounts) or "0",
            returned=fmt(returned_total),
            sum=fmt(pots_total + returned_total),
            balance=balance,
        )
    )
    steps.append(AuditStep(3, _("tiers at the all-in levels"), ok3, tuple(findings3), language))

    # 4. Who may win each pot: live players who reached its top level.
    findings4, ok4 = [], len(result.pots) == len(bands)
    for pot, (_low, high) in zip(result.pots, bands, strict=False):  # counts compared above
        expected = tuple(p for p in live if in_play[p] >= high)
        findings4.append(f"{_pot_name(pot.index, _)}: {_names(pot.eligible, _)}.")
        if pot.eligible != expected:
            ok4 = False
            findings4.append(_("Expected {players}.", players=_names(expected, _)))
    steps.append(AuditStep(4, _("eligible players per pot"), ok4, tuple(findings4), language))

    # 5. Hands compared pot by pot; ties split, odd chips one each from the button's left.
    findings5, ok5 = [], True
    place = {p: i for i, tier in enumerate(result.ranking or ()) for p in tier}
    b = seats.index(result.button)
    order = seats[b + 1 :] + seats[: b + 1]
    for pot in result.pots:
        best = min((place.get(p, 0) for p in pot.eligible), default=0)
        expected_winners = tuple(p for p in pot.eligible if place.get(p, 0) == best)
        shares = dict(pot.shares)
        units = sorted((shares.get(p, 0) // result.chip for p in expected_winners), reverse=True)
        by_order = [shares.get(p, 0) for p in order if p in expected_winners]
        fair = (
            set(shares) <= set(expected_winners)
            and tuple(pot.winners) == expected_winners
            and sum(shares.values(), start=0) + pot.rake + _fees(pot) == pot.amount
            and units[0] - units[-1] <= 1
            and by_order == sorted(by_order, reverse=True)
        )
        split = ", ".join(f"{p} {fmt(s)}" for p, s in shares.items())
        values = {"pot": _pot_name(pot.index, _), "amount": fmt(pot.amount), "withheld": _after(pot, _)}
        if len(pot.winners) > 1:
            findings5.append(_("{pot} ({amount}{withheld}) split {shares}.", shares=split, **values))
        else:
            findings5.append(_("{pot} ({amount}{withheld}) to {shares}.", shares=split, **values))
        if not fair:
            ok5 = False
            findings5.append(
                _("Expected the best eligible hand(s): {players}.", players=_names(expected_winners, _))
            )
    if getattr(result, "runs", ()):  # run more than once: each pot divided by the runs
        ok5, findings5 = _runs_step(result, order, _)
    elif getattr(result, "low_ranking", None) is not None:  # hi-lo: each pot cut into high and low
        ok5, findings5 = _hilo_step(result, order, _)
    steps.append(AuditStep(5, _("hands compared pot by pot"), ok5, tuple(findings5), language))

    # 6. Conservation.
    paid = sum(result.winnings.values(), start=0)
    returned = sum(refunds.values(), start=0)
    fee_rules = tuple(getattr(result, "fee_rules", ()))
    side = tuple(getattr(result, "side_payments", ()))
    if not fee_rules and not added_rules and not side:
        withheld = result.withheld
        ok6 = paid + returned + withheld == total and all(
            result.net[p] == result.payouts[p] - contributions[p] for p in seats
        )
        values = {"paid": fmt(paid), "returned": fmt(returned), "withheld": fmt(withheld)}
        findings6: tuple[str, ...] = (
            _(
                "paid {paid} + returned {returned} + withheld {withheld} = {total} put in.",
                total=fmt(paid + returned + withheld),
                **values,
            )
            if ok6
            else _(
                "paid {paid} + returned {returned} + withheld {withheld} ≠ {total} put in.",
                total=fmt(total),
                **values,
            ),
        )
    else:
        ok6, findings6 = _fees_step(result, fee_rules, added_rules, side, paid, returned, total, _)
    title6 = (
        _("paid + returned + withheld = put in + added")
        if added_rules
        else _("paid + returned + withheld = put in")
    )
    steps.append(AuditStep(6, title6, ok6, findings6, language))
    return Audit(tuple(steps), language)


def _fees(pot: object) -> Amount:
    """The fees withheld from a pot beside its rake (0 when none)."""
    fees = getattr(pot, "fees", None)
    return sum(fees.values(), start=0) if fees else 0


def _after(pot: object, _: Words) -> str:
    """`` after 0.15 rake and 0.07 jackpot``: what was withheld from a pot before it was divided."""
    rake = getattr(pot, "rake", 0)
    parts = [_("{amount} rake", amount=fmt(rake))] if rake else []
    parts += [f"{fmt(a)} {name}" for name, a in (getattr(pot, "fees", None) or {}).items() if a]
    if not parts:
        return ""
    return _(" after {withheld}", withheld=_.join(parts))


def _signed(amount: Amount) -> str:
    """``+5``, ``−15``: a change in a net."""
    return f"+{fmt(amount)}" if amount >= 0 else f"−{fmt(-amount)}"


def _pot_number(name: str, count: int) -> int | None:
    """The index of the pot a fee or added money names, recounted here: "Main pot" is 0,
    "Side pot N" is N ("Side pot" alone when there is one side pot); None if no such pot."""
    words = " ".join(name.split()).lower()
    if words == "main pot":
        index = 0
    elif words == "side pot" and count == 2:
        index = 1
    elif words.startswith("side pot ") and words[9:].isdigit():
        index = int(words[9:])
    else:
        return None
    return index if 0 <= index < count else None


def _fee_parts_recount(rule: Fee, left: list[Amount], chip: Amount) -> list[Amount] | None:
    """One fee's part from each pot, recomputed from its rule on what each pot still holds:
    per pot (every pot, or the one named), or per hand from the main pot first or in
    proportion (whole chips, the leftover chips to the largest remainders, earlier pot first)."""
    amount = rule.amount
    count = len(left)
    zero = amount * 0
    if rule.per == "pot":
        name = rule.pot
        index = None if name is None else _pot_number(name, count)
        if name is not None and index is None:
            return None
        targets = range(count) if index is None else [index]
        return [amount if i in targets else zero for i in range(count)]
    if rule.spread == "in proportion":
        whole = sum(left, start=zero)
        if not whole:
            return [zero] * count
        units = int(amount // chip)
        exact = [Fraction(units) * Fraction(a) / Fraction(whole) for a in left]
        floors = [int(e) for e in exact]
        leftover = units - sum(floors)
        by_remainder = sorted(range(count), key=lambda i: (floors[i] - exact[i], i))
        for i in by_remainder[:leftover]:
            floors[i] += 1
        return [chip * f for f in floors]
    parts: list[Amount] = []
    rest: Amount = amount
    for a in left:
        parts.append(min(rest, a))
        rest -= parts[-1]
    return parts


def _fees_step(
    result: Settlement,
    fee_rules: tuple[Fee, ...],
    added_rules: tuple[Added, ...],
    side: tuple[SidePayment, ...],
    paid: Amount,
    returned: Amount,
    total: Amount,
    _: Words,
) -> tuple[bool, tuple[str, ...]]:
    """Step 6 with fees, added money or side payments: each fee recomputed pot by pot from its
    rule (after the rake, in the order given), then paid + returned + rake + fees = put in +
    added, and each net = payout − put in + side payments, the room's take making the sum zero."""
    findings: list[str] = []
    ok = True
    pots = result.pots
    chip = result.chip
    left = [pot.amount - pot.rake for pot in pots]
    expected: list[dict[str, Amount]] = [{} for _ in pots]
    for rule in fee_rules:
        parts = _fee_parts_recount(rule, left, chip)
        name = rule.name
        if parts is None or any(p > a for p, a in zip(parts, left, strict=True)):
            ok = False
            findings.append(_("The {fee} fee does not fit the pots it is taken from.", fee=name))
            continue
        for i, part in enumerate(parts):
            if part:
                expected[i][name] = expected[i].get(name, 0) + part
            left[i] -= part
    for pot, fees in zip(pots, expected, strict=True):
        given = {n: a for n, a in (getattr(pot, "fees", None) or {}).items() if a}
        if given != fees:
            ok = False
            findings.append(
                _(
                    "{pot}: the fees recomputed from their rules are {expected}, the settlement takes "
                    "{given}.",
                    pot=_pot_name(pot.index, _),
                    expected=", ".join(f"{n} {fmt(a)}" for n, a in fees.items()) or _("none"),
                    given=", ".join(f"{n} {fmt(a)}" for n, a in given.items()) or _("none"),
                )
            )
    rake = sum((pot.rake for pot in pots), start=0)
    by_name: dict[str, Amount] = {rule.name: rule.amount * 0 for rule in fee_rules}
    for fees in expected:
        for name, part in fees.items():
            by_name[name] += part
    added: dict[str, Amount] = {}
    for item in added_rules:
        name = item.name
        added[name] = added.get(name, 0) + item.amount
    fees_total = sum(by_name.values(), start=0)
    added_total = sum(added.values(), start=0)
    left_side = paid + returned + rake + fees_total
    right_side = total + added_total
    balanced = left_side == right_side
    ok = ok and balanced
    kept = "".join(f" + {name} {fmt(a)}" for name, a in by_name.items())
    more = "".join(f" + {name} {fmt(a)}" for name, a in added.items())
    findings.insert(
        0,
        _(
            "paid {paid} + returned {returned} + rake {rake}{fees} = {left} {sign} put in {total}{added}",
            paid=fmt(paid),
            returned=fmt(returned),
            rake=fmt(rake),
            fees=kept,
            left=fmt(left_side),
            sign="=" if balanced else "≠",
            total=fmt(total),
            added=more,
        )
        + (f" = {fmt(right_side)}." if more else "."),
    )
    # Side payments: outside the pot, in the nets.
    change: dict[str, Amount] = {}
    for payment in side:
        player = payment.player
        if isinstance(payment, Insurance):
            premium, payout = payment.premium, payment.payout
            delta = payout - premium
            findings.append(
                _(
                    "{player} insured the hand: premium {premium} paid to the room, payout {payout} "
                    "received: {change} outside the pot.",
                    player=player,
                    premium=fmt(premium),
                    payout=fmt(payout),
                    change=_signed(delta),
                )
            )
        else:
            amount, fee = payment.amount, payment.fee
            won = result.winnings[player]
            delta = amount - won
            values = {"player": player, "amount": fmt(amount), "won": fmt(won), "change": _signed(delta)}
            findings.append(
                _(
                    "{player} cashed out for {amount} (the room's fee {fee} already out of it); the "
                    "{won} {player}'s hand won from the pots go to the room: {change} outside the pot.",
                    fee=fmt(fee),
                    **values,
                )
                if fee
                else _(
                    "{player} cashed out for {amount}; the {won} {player}'s hand won from the pots go "
                    "to the room: {change} outside the pot.",
                    **values,
                )
            )
        change[player] = change.get(player, 0) + delta
    nets_ok = all(
        result.net[p] == result.payouts[p] - result.contributions[p] + change.get(p, 0) for p in result.seats
    )
    if not nets_ok:
        ok = False
        findings.append(_("A player's net is not his payout less what he put in plus his side payments."))
    if side:
        house = rake + fees_total - added_total - sum(change.values(), start=0)
        findings.append(
            _(
                "The room keeps {amount}: rake and fees, less the money added, less the side payments "
                "it made net; with the players' nets it sums to zero.",
                amount=fmt(house),
            )
            if house >= 0
            else _(
                "The room pays out {amount} more than it takes in: the side payments it made net are "
                "more than rake and fees less the money added; with the players' nets it sums to zero.",
                amount=fmt(-house),
            )
        )
        if sum(result.net.values(), start=0) + house != 0:
            ok = False
    return ok, tuple(findings)


def _hilo_shares(amount: Amount, winners: list[str], order: list[str], chip: Amount) -> dict[str, Amount]:
    """One half split among ``winners``, odd chips one each in ``order`` (recomputed here)."""
    units, rest = divmod(amount, chip)
    each, odd = divmod(int(units), len(winners))
    ordered = [p for p in order if p in winners]
    out = {p: chip * (each + (i < odd)) for i, p in enumerate(ordered)}
    out[ordered[0]] += rest
    return out


def _hilo_expected(
    amount: Amount,
    eligible: list[str],
    high_place: dict[str, int],
    low_place: dict[str, int],
    order: list[str],
    chip: Amount,
) -> tuple[Amount, Amount, list[str], list[str], dict[str, Amount]]:
    """One pot (or one run's part of it) cut high and low, recomputed: the two halves, the high
    and low winners, and what each player should get."""
    best_high = min((high_place.get(p, 0) for p in eligible), default=0)
    high = [p for p in eligible if high_place.get(p, 0) == best_high]
    lows = [p for p in eligible if p in low_place]
    if len(eligible) == 1:
        high, lows = eligible, []
    low = [p for p in lows if low_place[p] == min(low_place[q] for q in lows)]
    if low:
        low_half = (amount // chip // 2) * chip
        high_half = amount - low_half
    else:
        low_half, high_half = amount * 0, amount
    expected = _hilo_shares(high_half, high, order, chip)
    for p, chips in (_hilo_shares(low_half, low, order, chip) if low else {}).items():
        expected[p] = expected.get(p, 0) + chips
    return high_half, low_half, high, low, expected


def _hilo_step(result: Settlement, order: list[str], _: Words) -> tuple[bool, list[str]]:
    """Step 5 for a hi-lo settlement: every pot cut into high and low halves among its own
    eligible players (odd chip of the cut to high), each half to its best eligible hand(s)."""
    findings, ok = [], True
    high_place = {p: i for i, tier in enumerate(result.ranking or ()) for p in tier}
    low_place = {p: i for i, tier in enumerate(result.low_ranking or ()) for p in tier}
    chip = result.chip
    for pot in result.pots:
        amount = pot.amount - pot.rake - _fees(pot)
        eligible = list(pot.eligible)
        high_half, low_half, high, low, expected = _hilo_expected(
            amount, eligible, high_place, low_place, order, chip
        )
        shares = {p: s for p, s in pot.shares.items() if s}
        high_text = ", ".join(f"{p} {fmt(s)}" for p, s in _hilo_shares(high_half, high, order, chip).items())
        values = {
            "pot": _pot_name(pot.index, _),
            "amount": fmt(pot.amount),
            "withheld": _after(pot, _),
            "high": fmt(high_half),
            "high_shares": high_text,
        }
        if low:
            low_text = ", ".join(f"{p} {fmt(s)}" for p, s in _hilo_shares(low_half, low, order, chip).items())
            values.update(low=fmt(low_half), low_shares=low_text)
            if len(low) == 2:
                finding = _(
                    "{pot} ({amount}{withheld}): high half {high} to {high_shares}; low half {low} "
                    "quartered: {low_shares}.",
                    **values,
                )
            elif len(low) > 2:
                finding = _(
                    "{pot} ({amount}{withheld}): high half {high} to {high_shares}; low half {low} "
                    "split: {low_shares}.",
                    **values,
                )
            else:
                finding = _(
                    "{pot} ({amount}{withheld}): high half {high} to {high_shares}; low half {low} "
                    "to {low_shares}.",
                    **values,
                )
        else:
            finding = _(
                "{pot} ({amount}{withheld}): no qualifying low among {players}; the high hand takes "
                "it all: {high_shares}.",
                players=_names(eligible, _),
                **values,
            )
        if len(expected) == 1:
            finding += " " + _("{player} scoops it.", player=next(iter(expected)))
        findings.append(finding)
        if shares != {p: s for p, s in expected.items() if s} or not set(shares) <= set(eligible):
            ok = False
            findings.append(
                _(
                    "The settlement pays {shares} instead.",
                    shares=", ".join(f"{p} {fmt(s)}" for p, s in shares.items()) or _("nobody"),
                )
            )
    return ok, findings


def _run_parts(amount: Amount, count: int, chip: Amount, rule: str) -> list[Amount]:
    """A pot's remainder after the rake divided by ``count`` runs, recomputed: equal whole chips,
    the odd chips one each to the first runs (or, by the rule ``"all to run 1"``, all to the first)."""
    units, rest = divmod(amount, chip)
    each, odd = divmod(int(units), count)
    if rule == "all to run 1":
        parts = [chip * (each + (odd if i == 0 else 0)) for i in range(count)]
    else:
        parts = [chip * (each + (1 if i < odd else 0)) for i in range(count)]
    parts[0] += rest
    return parts


def _runs_step(result: Settlement, order: list[str], _: Words) -> tuple[bool, list[str]]:
    """Step 5 for a hand run more than once: every pot more than one player can win divided by
    the runs (recomputed here: equal parts, odd chips to the first runs), each part only to that
    run's best eligible hand(s) (hi-lo: high and low halves per run), the parts summing to the
    pot; a pot only one player can win paid once, not run."""
    runs = result.runs
    count = len(runs)
    chip = result.chip
    rule = getattr(result, "run_odd_chips", "in run order")
    places = [{p: i for i, tier in enumerate(run.ranking) for p in tier} for run in runs]
    low_places = [
        None if run.low_ranking is None else {p: i for i, tier in enumerate(run.low_ranking) for p in tier}
        for run in runs
    ]
    how_often = {2: _("twice"), 3: _("three times"), 4: _("four times")}.get(count) or _(
        "{count} times", count=count
    )
    findings = [
        _(
            "Run {times}: each pot more than one player can win is divided into {count} parts, the "
            "odd chips all to run 1.",
            times=how_often,
            count=count,
        )
        if rule == "all to run 1"
        else _(
            "Run {times}: each pot more than one player can win is divided into {count} parts, the "
            "odd chips one each from run 1 on.",
            times=how_often,
            count=count,
        )
    ]
    ok = True
    for pot in result.pots:
        amount = pot.amount - pot.rake - _fees(pot)
        eligible = list(pot.eligible)
        shares = {p: s for p, s in pot.shares.items() if s}
        values = {"pot": _pot_name(pot.index, _), "amount": fmt(pot.amount), "withheld": _after(pot, _)}
        if len(eligible) == 1:
            (player,) = eligible
            findings.append(
                _(
                    "{pot} ({amount}{withheld}): only {player} can win it: not run, paid once.",
                    player=player,
                    **values,
                )
            )
            if pot.runs or shares != ({player: amount} if amount else {}):
                ok = False
                findings.append(_("The settlement divides it or pays it otherwise."))
            continue
        parts = _run_parts(amount, count, chip, rule)
        split = " + ".join(fmt(a) for a in parts)
        findings.append(_("{pot} ({amount}{withheld}) divided by the runs: {parts}.", parts=split, **values))
        got = [part.amount for part in pot.runs]
        if got != parts:
            ok = False
            findings.append(
                _("The settlement divides it {parts}.", parts=" + ".join(map(fmt, got)))
                if got
                else _("The settlement divides it not at all.")
            )
        totals: dict[str, Amount] = {}
        for i, run in enumerate(runs):
            low_place = low_places[i]
            if low_place is not None:
                high_half, low_half, high, low, expected = _hilo_expected(
                    parts[i], eligible, places[i], low_place, order, chip
                )
                winners = set(high) | set(low)
                text = (
                    _(
                        "high {high} to {high_players}, low {low} to {low_players}",
                        high=fmt(high_half),
                        high_players=_names(high, _),
                        low=fmt(low_half),
                        low_players=_names(low, _),
                    )
                    if low
                    else _(
                        "high {high} to {high_players}, no qualifying low",
                        high=fmt(high_half),
                        high_players=_names(high, _),
                    )
                )
            else:
                best = min(places[i].get(p, 0) for p in eligible)
                high = [p for p in eligible if places[i].get(p, 0) == best]
                winners = set(high)
                expected = _hilo_shares(parts[i], high, order, chip)
                text = ", ".join(f"{p} {fmt(s)}" for p, s in expected.items())
            findings.append(
                _("Run {number} ({amount}): {text}.", number=run.number, amount=fmt(parts[i]), text=text)
            )
            for p, chips in expected.items():
                totals[p] = totals.get(p, 0) + chips
            if i < len(pot.runs):
                paid = {p: s for p, s in pot.runs[i].shares.items() if s}
                if paid != {p: s for p, s in expected.items() if s} or not set(paid) <= winners:
                    ok = False
                    findings.append(
                        _(
                            "The settlement pays run {number}: {shares}.",
                            number=run.number,
                            shares=", ".join(f"{p} {fmt(s)}" for p, s in paid.items()) or _("nobody"),
                        )
                    )
        if sum(got, start=amount * 0) != amount or len(got) != count:
            ok = False
            findings.append(_("The runs' parts do not add up to the {amount} to be won.", amount=fmt(amount)))
        spread = chip * (count - 1 if rule == "all to run 1" else 1)
        if any(a < b for a, b in zip(got, got[1:], strict=False)) or (got and max(got) - min(got) > spread):
            ok = False
            findings.append(_("A later run gets more than an earlier one, or the runs' parts are unequal."))
        if shares != {p: s for p, s in totals.items() if s}:
            ok = False
            findings.append(
                _(
                    "The settlement's totals for this pot are {shares}.",
                    shares=", ".join(f"{p} {fmt(s)}" for p, s in shares.items()) or _("nothing"),
                )
            )
    return ok, findings
