"""A settlement told in words, in the order a careful dealer would announce it.

>>> from potengine import settle
>>> print(explain(settle({"Alice": 40, "Bilal": 100, "Chloé": 100}, ranking=["Alice", "Chloé", "Bilal"])))
Three players put in 240 chips: Alice 40, Bilal 100, Chloé 100. Nobody folded.
Every contribution was matched: nothing goes back.
Main pot: 3 × 40 = 120, for Alice, Bilal and Chloé.
Side pot 1: 2 × (100 − 40) = 120, for Bilal and Chloé.
Side pot 1 goes to Chloé, the best hand among Bilal and Chloé: 120.
Main pot goes to Alice, the best hand among Alice, Bilal and Chloé: 120.
In the end Alice receives 120 (net +80), Bilal 0 (net −100), Chloé 120 (net +20).
Check: paid 240 + returned 0 = 240 put in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..chips import Amount
from ..chips import format_amount as fmt
from ..pots.cashout import CashOut
from ..pots.hilo import HiLoPot
from ..pots.runs import ordinal, times

if TYPE_CHECKING:  # pragma: no cover
    from ..pots.layout import Pot
    from ..pots.runs import Run, RunPart
    from ..pots.settlement import Settlement

_WORDS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten"}


def join(names: Iterable[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``.

    >>> join(["A"]), join(["A", "B"]), join(["A", "B", "C"])
    ('A', 'A and B', 'A, B and C')
    """
    listed = list(names)
    if len(listed) <= 1:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " and " + listed[-1]


def signed(amount: Amount) -> str:
    """A net with its sign, using a true minus: ``+80``, ``−100``, ``0``.

    >>> signed(80), signed(-100), signed(0)
    ('+80', '−100', '0')
    """
    if amount > 0:
        return f"+{fmt(amount)}"
    if amount < 0:
        return f"−{fmt(-amount)}"
    return "0"


def _folds(folded: list[str]) -> str:
    """What a dealer says about the folded players.

    >>> _folds([]), _folds(["David"]), _folds(["David", "Eve"])
    ('Nobody folded.',
     "David folded: David's chips stay in the pots, but David cannot win them.",
     'David and Eve folded: their chips stay in the pots, but they cannot win them.')
    """
    if not folded:
        return "Nobody folded."
    if len(folded) == 1:
        (p,) = folded
        return f"{p} folded: {p}'s chips stay in the pots, but {p} cannot win them."
    return f"{join(folded)} folded: their chips stay in the pots, but they cannot win them."


def withheld_words(pot: Pot) -> str:
    """What was withheld from a pot before it was divided, for a sentence: rake and fees by name.

    >>> from potengine import settle
    >>> pot = settle({"A": 50, "B": 50}, ranking=["A", "B"], rake=5, fees={"jackpot": 2}).pots[0]
    >>> withheld_words(pot)
    ' after 5 rake and 2 jackpot'
    """
    parts = [f"{fmt(pot.rake)} rake"] if pot.rake else []
    parts += [f"{fmt(a)} {name}" for name, a in pot.fees.items() if a]
    return f" after {join(parts)}" if parts else ""


def fee_lines(result: Settlement) -> list[str]:
    """The money the room adds to the pots and the fees it withholds beside the rake, in words
    (nothing for a hand with neither).

    >>> from potengine import settle
    >>> r = settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"], rake=6,
    ...            fees={"jackpot": 2}, added={"cash drop": 20})
    >>> print("\\n".join(fee_lines(r)))
    The room adds 20 (cash drop) to the main pot, before anything is withheld: its players can
    win it.
    Withheld before the pots are divided: from the main pot 6 rake and 2 jackpot.
    """
    lines = []
    for pot in result.pots:
        if pot.added:
            named = join(f"{fmt(a)} ({name})" for name, a in pot.added.items())
            where = "the main pot" if pot.index == 0 else pot.name.lower()
            lines.append(
                f"The room adds {named} to {where}, before anything is withheld: its players can win it."
            )
    if result.fee_rules:
        parts = []
        for pot in result.pots:
            taken = withheld_words(pot)
            if taken:
                where = "the main pot" if pot.index == 0 else pot.name.lower()
                parts.append(f"from {where} {taken[len(' after ') :]}")
        zero = [name for name, a in result.fees.items() if not a]
        line = f"Withheld before the pots are divided: {'; '.join(parts)}." if parts else ""
        if zero:
            line += (" " if line else "") + f"Nothing is taken for {join(zero)}."
        lines.append(line)
    return lines


def side_payment_lines(result: Settlement) -> list[str]:
    """Cash-outs and insurance in words: outside the pot, and what each changes in a net.

    >>> from potengine import settle
    >>> from potengine.pots.cashout import CashOut
    >>> r = settle({"A": 36, "B": 36}, ranking=["A", "B"], side_payments=[CashOut("A", 45, fee=1)])
    >>> print(side_payment_lines(r)[0])
    Outside the pot, A cashed out for 45 (the room's fee of 1 already out of it): the 72 A's hand
    won go to the room instead of A (−27 for A).
    """
    lines = []
    for payment in result.side_payments:
        player = payment.player
        if isinstance(payment, CashOut):
            fee = f" (the room's fee of {fmt(payment.fee)} already out of it)" if payment.fee else ""
            won = result.winnings[player]
            change = payment.amount - won
            what = (
                f"the {fmt(won)} {player}'s hand won go to the room instead of {player}"
                if won
                else f"{player}'s hand won nothing, and the room pays the amount all the same"
            )
            lines.append(
                f"Outside the pot, {player} cashed out for {fmt(payment.amount)}{fee}: {what} "
                f"({signed(change)} for {player})."
            )
        else:
            change = payment.payout - payment.premium
            payout = (
                f"and receives a payout of {fmt(payment.payout)}"
                if payment.payout
                else "and receives no payout"
            )
            lines.append(
                f"Outside the pot, {player} paid the room an insurance premium of {fmt(payment.premium)} "
                f"{payout} ({signed(change)} for {player})."
            )
    return lines


def check_line(result: Settlement) -> str:
    """The last line of :func:`explain`: paid + returned + withheld = put in (+ added).

    >>> from potengine import settle
    >>> print(check_line(settle({"A": 50, "B": 50}, ranking=["A", "B"], rake=5,
    ...                         fees={"jackpot": 2}, added={"cash drop": 10})))
    Check: paid 103 + returned 0 + rake 5 + jackpot 2 = 110 = put in 100 + cash drop 10.
    """
    paid = sum(result.winnings.values(), start=0)
    returned = sum(result.refunds.values(), start=0)
    if not result.fee_rules and not result.added_rules:
        withheld = f" + withheld {fmt(result.withheld)}" if result.withheld else ""
        line = f"Check: paid {fmt(paid)} + returned {fmt(returned)}{withheld} = {fmt(result.total)} put in."
    else:
        kept = f" + rake {fmt(result.rake)}" + "".join(f" + {n} {fmt(a)}" for n, a in result.fees.items())
        more = "".join(f" + {n} {fmt(a)}" for n, a in result.added.items())
        whole = fmt(result.total + result.added_total)
        line = (
            f"Check: paid {fmt(paid)} + returned {fmt(returned)}{kept} = {whole} = put in "
            f"{fmt(result.total)}{more}."
        )
    if result.side_payments:
        house = result.house
        kept_text = fmt(house) if house >= 0 else "−" + fmt(-house)
        line += f" The room keeps {kept_text} in all; with the players' nets it sums to zero."
    return line


def explain(result: Settlement) -> str:
    """Describe ``result`` step by step: contributions, returns, pots, awards, nets."""
    seats = result.seats
    count = _WORDS.get(len(seats), str(len(seats)))
    lines = [
        f"{count} players put in {fmt(result.total)} chips: "
        + ", ".join(f"{p} {fmt(result.contributions[p])}" for p in seats)
        + ". "
        + _folds([p for p in seats if p in result.folded])
    ]
    dead = getattr(result.layout, "dead", {})
    if dead:
        lines.append(
            "Dead money, which matches no bet and goes to the main pot: "
            + ", ".join(f"{p} {fmt(d)}" for p, d in dead.items())
            + "."
        )
    if result.refunds:
        for player, chips in result.refunds.items():
            lines.append(
                f"Nobody matched the last {fmt(chips)} of {player}'s "
                f"{fmt(result.contributions[player])}: they go back to {player} (returned, not won)."
            )
    else:
        lines.append("Every contribution was matched: nothing goes back.")
    for pot in result.pots:
        dead = f" (of which {fmt(pot.dead)} dead)" if pot.dead else ""
        lines.append(f"{pot.name}: {pot.formula}{dead}, for {join(pot.eligible)}.")
    if result.fee_rules or result.added_rules:
        lines += fee_lines(result)

    def who(player: str) -> str:
        if result.hands and player in result.hands:
            return f"{player} ({result.hands[player].description})"
        return player

    if result.board:
        lines.append("Board: " + " ".join(str(card) for card in result.board) + ".")
    runs = getattr(result, "runs", ())
    if runs:
        lines += runs_lines(result)
    for pot in () if runs else reversed(result.pots):
        rake = withheld_words(pot)
        if (
            isinstance(pot, HiLoPot)
            and getattr(result, "low_ranking", None) is not None
            and len(pot.eligible) > 1
        ):
            lines.append(hilo_sentence(pot, result, who, rake))
        elif len(pot.eligible) == 1:
            lines.append(f"{pot.name} goes uncontested to {pot.eligible[0]}: {fmt(pot.awarded)}.")
        elif len(pot.winners) == 1:
            lines.append(
                f"{pot.name} goes to {who(pot.winners[0])}, the best hand among "
                f"{join(pot.eligible)}: {fmt(pot.awarded)}{rake}."
            )
        else:
            shares = ", ".join(f"{p} {fmt(s)}" for p, s in pot.shares.items())
            odd = ""
            values = set(pot.shares.values())
            if len(values) > 1:
                top = max(values)
                extra = [p for p, s in pot.shares.items() if s == top]
                odd = (
                    f"; the odd chip{'s go' if len(extra) > 1 else ' goes'} to {join(extra)}, "
                    f"first clockwise from the button ({result.button})"
                )
            lines.append(
                f"{pot.name} ({fmt(pot.awarded)}{rake}) is split between the equal hands of "
                f"{join(map(who, pot.winners))}: {shares}{odd}."
            )
    phrases = [f"{p} {fmt(result.payouts[p])} (net {signed(result.net[p])})" for p in seats]
    first = seats[0]
    phrases[0] = f"{first} receives " + phrases[0][len(first) + 1 :]
    if result.side_payments:
        lines += side_payment_lines(result)
        lines.append(
            f"In the end {', '.join(phrases)} from the pots; the nets count the payments outside the pot."
        )
    else:
        lines.append(f"In the end {', '.join(phrases)}.")
    lines.append(check_line(result))
    return "\n".join(lines)


def _low_of(result: Settlement, player: str) -> str:
    lows = getattr(result, "low_hands", None)
    if lows and lows.get(player) is not None:
        return f"{player} ({lows[player].description})"
    return player


def _half(amount: Amount, shares: Mapping[str, Amount], names: Sequence[str]) -> str:
    if len(shares) == 1:
        return f"to {names[0]}: {fmt(amount)}"
    parts = ", ".join(f"{p} {fmt(s)}" for p, s in shares.items())
    return f"split between {join(names)}: {parts}"


def hilo_sentence(pot: HiLoPot, result: Settlement, who: Callable[[str], str], rake: str = "") -> str:
    """One hi-lo pot in words: the cut into halves, who takes each, quartering and scooping.

    >>> from potengine import settle
    >>> r = settle({"A": 50, "B": 50, "C": 51}, ranking=["A", "B", "C"], low_ranking=[("B", "C")])
    >>> print(hilo_sentence(r.pots[0], r, str))
    Main pot (150) is split high and low among A, B and C: high half to A: 75; low half split
    between B and C: B 38, C 37, a quarter of the pot each (quartered); the odd chip of the low
    half goes to B, first clockwise from the button (C).
    """
    high_shares = dict(getattr(pot, "high_shares", {}) or {})
    low_shares = dict(getattr(pot, "low_shares", {}) or {})
    if not low_shares:
        names = [who(p) for p in high_shares]
        winner = (
            f"the high hand, {names[0]}, takes the whole pot: {fmt(pot.awarded)}"
            if len(names) == 1
            else "the whole pot is split between the equal high hands of "
            + join(names)
            + ": "
            + ", ".join(f"{p} {fmt(s)}" for p, s in high_shares.items())
        )
        text = (
            f"{pot.name} ({fmt(pot.awarded)}{rake}): nobody among {join(pot.eligible)} has a "
            f"qualifying low, so {winner}"
        )
    else:
        high_amount, low_amount = pot.high_amount, pot.low_amount
        odd = " (the odd chip of the cut goes to the high half)" if high_amount != low_amount else ""
        text = (
            f"{pot.name} ({fmt(pot.awarded)}{rake}) is split high and low among "
            f"{join(pot.eligible)}{odd}: high half "
            + _half(high_amount, high_shares, [who(p) for p in high_shares])
            + "; low half "
            + _half(low_amount, low_shares, [_low_of(result, p) for p in low_shares])
        )
        if len(low_shares) == 2:
            text += ", a quarter of the pot each (quartered)"
    for label, shares in (("high half", high_shares), ("low half", low_shares)):
        values = set(shares.values())
        if len(values) > 1:
            extra = [p for p, v in shares.items() if v == max(values)]
            text += (
                f"; the odd chip of the {label} goes to {join(extra)}, first clockwise from "
                f"the button ({result.button})"
            )
    if len(pot.winners) == 1:
        text += f". {pot.winners[0]} scoops the pot"
    return text + "."


def _odd_note(shares: Mapping[str, Amount], button: str, label: str = "") -> str:
    """``; the odd chip goes to B, first clockwise from the button (C)`` when a split is uneven."""
    values = set(shares.values())
    if len(values) < 2:
        return ""
    extra = [p for p, v in shares.items() if v == max(values)]
    chips = "chips go" if len(extra) > 1 else "chip goes"
    return f"; the odd {chips}{label} to {join(extra)}, first clockwise from the button ({button})"


def runs_lines(result: Settlement) -> list[str]:
    """A hand run more than once in words: the rule, each run's board, then each pot divided by
    the runs and each part awarded, from the last side pot back to the main pot.

    >>> from potengine import settle
    >>> r = settle({"A": 20, "B": 51, "C": 51}, runs=[["A", "B", "C"], ["C", ("A", "B")]])
    >>> print("\\n".join(runs_lines(r)))
    The hand is run twice: each pot that more than one player can win is divided into two equal
    parts, one per run, and each part goes to the best hand(s) of its run; the odd chip of a
    division goes to the first run. A pot only one player can win is not run.
    Side pot 1 (62) is divided by the runs: 31 for the first run, 31 for the second. On the first
    run it goes to B, the best hand among B and C: 31. On the second run it goes to C, the best
    hand among B and C: 31.
    Main pot (60) is divided by the runs: 30 for the first run, 30 for the second. On the first
    run it goes to A, the best hand among A, B and C: 30. On the second run it goes to C, the best
    hand among A, B and C: 30.
    """
    runs: tuple[Run, ...] = result.runs
    count = len(runs)
    rule = getattr(result, "run_odd_chips", "in run order")
    words = {2: "two", 3: "three", 4: "four"}.get(count, str(count))
    if count == 2:
        odd = "the odd chip of a division goes to the first run"
    elif rule == "all to run 1":
        odd = "the odd chips of a division all go to the first run"
    else:
        odd = "the odd chips of a division go one each to the first runs, in the order they were dealt"
    lines = [
        f"The hand is run {times(count)}: each pot that more than one player can win is divided "
        f"into {words} equal parts, one per run, and each part goes to the best hand(s) of its "
        f"run; {odd}. A pot only one player can win is not run."
    ]
    for run in runs:
        if run.board:
            lines.append(f"Run {run.number} board: " + " ".join(str(card) for card in run.board) + ".")
    for pot in reversed(result.pots):
        lines.append(run_pot_sentence(pot, result))
    return lines


def run_pot_sentence(pot: Pot, result: Settlement) -> str:
    """One pot of a hand run more than once: not run (one player can win it), or divided by the
    runs with each run's part awarded."""
    rake = withheld_words(pot)
    if not pot.runs:
        player = pot.eligible[0]
        return (
            f"{pot.name} is not run: only {player} can win it, so it is paid once, "
            f"to {player}: {fmt(pot.awarded)}{rake}."
        )
    parts = ", ".join(
        f"{fmt(part.amount)} for the {ordinal(part.run)} run"
        if i == 0
        else f"{fmt(part.amount)} for the {ordinal(part.run)}"
        for i, part in enumerate(pot.runs)
    )
    amounts = [part.amount for part in pot.runs]
    note = ""
    if len(set(amounts)) > 1:
        extra = [ordinal(part.run) for part in pot.runs if part.amount > min(amounts)]
        one = max(amounts) - min(amounts) == result.chip and len(extra) == 1
        chips = "odd chip of the division goes" if one else "odd chips of the division go"
        runs_word = "runs" if len(extra) > 1 else "run"
        note = f" (the {chips} to the {join(extra)} {runs_word})"
    text = [f"{pot.name} ({fmt(pot.awarded)}{rake}) is divided by the runs: {parts}{note}."]
    runs = {run.number: run for run in result.runs}
    for part in pot.runs:
        text.append(_part_sentence(part, pot, runs[part.run], result.button))
    return " ".join(text)


def _part_sentence(part: RunPart, pot: Pot, run: Run, button: str) -> str:
    """One run's part of a pot, in words: to whom, split how, hi-lo halves."""

    def who(player: str) -> str:
        if run.hands and player in run.hands:
            return f"{player} ({run.hands[player].description})"
        return player

    def low_of(player: str) -> str:
        lows = run.low_hands
        if lows and lows.get(player) is not None:
            return f"{player} ({lows[player].description})"
        return player

    on = f"On the {ordinal(part.run)} run"
    if part.hilo:
        if not part.low_shares:
            names = [who(p) for p in part.high_shares]
            winner = (
                f"the high hand, {names[0]}, takes it all: {fmt(part.amount)}"
                if len(names) == 1
                else f"it is split between the equal high hands of {join(names)}: "
                + ", ".join(f"{p} {fmt(s)}" for p, s in part.high_shares.items())
            )
            text = f"{on} nobody among {join(pot.eligible)} has a qualifying low, so {winner}"
        else:
            cut = (
                " (the odd chip of the cut goes to the high half)"
                if part.high_amount != part.low_amount
                else ""
            )
            text = (
                f"{on} its {fmt(part.amount)} is split high and low{cut}: high half "
                + _half(part.high_amount, part.high_shares, [who(p) for p in part.high_shares])
                + "; low half "
                + _half(part.low_amount, part.low_shares, [low_of(p) for p in part.low_shares])
            )
            if part.quartered:
                text += ", a quarter of this run's part each (quartered)"
        text += _odd_note(part.high_shares, button, " of the high half")
        text += _odd_note(part.low_shares, button, " of the low half")
        if len(part.winners) == 1:
            text += f"; {part.winners[0]} scoops this run"
        return text + "."
    if len(part.winners) == 1:
        best = f"the best hand among {join(pot.eligible)}"
        return f"{on} it goes to {who(part.winners[0])}, {best}: {fmt(part.amount)}."
    shares = ", ".join(f"{p} {fmt(s)}" for p, s in part.shares.items())
    return (
        f"{on} its {fmt(part.amount)} is split between the equal hands of {join(map(who, part.winners))}: "
        f"{shares}{_odd_note(part.shares, button)}."
    )


def _pot_label(pot_name: str, amount: Amount, side_pots: int) -> str:
    """``Main pot 120``, ``Side pot 120`` (the only one), ``Side pot 2 (60)``."""
    if side_pots == 1 and pot_name == "Side pot 1":
        pot_name = "Side pot"
    if pot_name[-1:].isdigit():
        return f"{pot_name} ({fmt(amount)})"
    return f"{pot_name} {fmt(amount)}"


def _odd_chip(shares: Mapping[str, Amount], button: str, what: str = "") -> str:
    """`` The odd chip goes to A, …`` when a split is uneven, else nothing."""
    values = set(shares.values())
    if len(values) < 2:
        return ""
    extra = [p for p, s in shares.items() if s == max(values)]
    chips = "chip" if len(extra) == 1 else "chips"
    each = "" if len(extra) == 1 else ", one each"
    return (
        f" The odd {chips}{what} to {join(extra)}{each}: first of the winners left of the button ({button})."
    )


def dealer_pushes(result: Settlement) -> list[str]:
    """The settlement as a dealer pushes it: one sentence per push, in the order of the pushes.

    Uncalled chips go back first; then the pots, from the last side pot formed down to the main
    pot (each side pot is settled before the pot under it, so a player all-in for less never
    waits on chips he cannot win); a split names each share and who takes the odd chip, and why.

    >>> from potengine import settle
    >>> r = settle({"Alice": 40, "Bilal": 100, "Chloé": 160}, ranking=["Alice", "Chloé", "Bilal"])
    >>> print(" ".join(dealer_pushes(r)))
    Return 60 to Chloé. Side pot 120: Chloé. Main pot 120: Alice.
    >>> r = settle({"A": 41, "B": 40, "C": 40}, ranking=[("A", "B"), "C"], button="A")
    >>> for push in dealer_pushes(r):
    ...     print(push)
    Return 1 to A.
    Main pot 120: split between A and B, 60 each.
    >>> r = settle({"A": 40, "B": 40, "C": 40, "D": 1}, ranking=[("A", "B", "C")], folded=["D"], button="A")
    >>> print(dealer_pushes(r)[-1])
    Main pot 121: split between A, B and C: B 41, A 40, C 40. The odd chip to B: first of the
    winners left of the button (A).
    """
    pushes = [f"Return {fmt(chips)} to {player}." for player, chips in result.refunds.items()]
    side_pots = sum(1 for pot in result.pots if pot.index > 0)
    for pot in reversed(result.pots):
        label = _pot_label(pot.name, pot.awarded, side_pots)
        rake = withheld_words(pot)
        high = dict(getattr(pot, "high_shares", {}) or {})
        low = dict(getattr(pot, "low_shares", {}) or {})
        if isinstance(pot, HiLoPot) and low:
            text = f"{label}{rake}, high and low: high half " + _shares_words(high)
            text += "; low half " + _shares_words(low) + "."
            text += _odd_chip(high, result.button, " of the high half").rstrip()
            text += _odd_chip(low, result.button, " of the low half").rstrip()
            pushes.append(text)
        elif len(pot.eligible) == 1:
            pushes.append(f"{label}{rake}: {pot.eligible[0]}, the only player left in it.")
        elif len(pot.winners) == 1:
            pushes.append(f"{label}{rake}: {pot.winners[0]}.")
        else:
            shares = dict(pot.shares)
            if len(set(shares.values())) == 1:
                each = fmt(next(iter(shares.values())))
                pushes.append(f"{label}{rake}: split between {join(shares)}, {each} each.")
            else:
                ordered = dict(sorted(shares.items(), key=lambda item: -item[1]))
                parts = ", ".join(f"{p} {fmt(s)}" for p, s in ordered.items())
                pushes.append(
                    f"{label}{rake}: split between {join(pot.winners)}: {parts}."
                    + _odd_chip(shares, result.button)
                )
    return pushes


def _shares_words(shares: Mapping[str, Amount]) -> str:
    if len(shares) == 1:
        ((player, chips),) = shares.items()
        return f"{fmt(chips)} to {player}"
    return "split " + ", ".join(f"{p} {fmt(s)}" for p, s in shares.items())
