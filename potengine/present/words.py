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

The same in Dutch, German or Greek (``language="nl"``, ``"de"``, ``"el"``; the catalogues are
in ``potengine/locale``, the poker terms those of the source guides, :mod:`.terms`):

>>> print(explain(settle({"A": 30, "B": 70, "C": 100}, ranking=["B", "A", "C"]), language="nl"))
Drie spelers zetten samen 200 chips in: A 30, B 70, C 100. Niemand heeft gefold.
Niemand heeft de laatste 30 van de 100 van C gecalld: die gaan terug naar C (niet-gecallde inzet:
teruggegeven, niet gewonnen).
Hoofdpot: 3 × 30 = 90, voor A, B en C.
Side pot 1: 2 × (70 − 30) = 80, voor B en C.
Side pot 1 gaat naar B, de beste hand onder B en C: 80.
Hoofdpot gaat naar B, de beste hand onder A, B en C: 90.
Uiteindelijk ontvangt A 0 (netto −30), B 170 (netto +100), C 30 (netto −70).
Controle: uitbetaald 170 + teruggegeven 30 = 200 ingezet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..chips import Amount
from ..chips import format_amount as fmt
from ..i18n import Words, words
from ..pots.cashout import CashOut
from ..pots.hilo import HiLoPot

if TYPE_CHECKING:  # pragma: no cover
    from ..pots.layout import Pot
    from ..pots.runs import Run, RunPart
    from ..pots.settlement import Settlement


def _count(number: int, _: Words) -> str:
    """How many players, as a word at the start of a sentence (a numeral past ten)."""
    counts = {
        2: _.p("players", "Two"),
        3: _.p("players", "Three"),
        4: _.p("players", "Four"),
        5: _.p("players", "Five"),
        6: _.p("players", "Six"),
        7: _.p("players", "Seven"),
        8: _.p("players", "Eight"),
        9: _.p("players", "Nine"),
        10: _.p("players", "Ten"),
    }
    return counts.get(number, str(number))


def _times(count: int, _: Words) -> str:
    """How often a hand is run: ``twice``, ``three times``."""
    if count == 2:
        return _("twice")
    if count == 3:
        return _("three times")
    if count == 4:
        return _("four times")
    return _("{count} times", count=count)


def _ordinal(number: int, _: Words) -> str:
    """A run's name in a sentence: ``first``, ``second``."""
    ordinals = {1: _.p("run", "first"), 2: _.p("run", "second"), 3: _.p("run", "third")}
    if number == 4:
        return _.p("run", "fourth")
    return ordinals.get(number) or _("run {number}", number=number)


def pot_name(pot: Pot, _: Words) -> str:
    """A pot's name at the start of a sentence or a line: ``Main pot``, ``Side pot 2``.

    >>> from potengine import settle
    >>> pot = settle({"A": 20, "B": 50, "C": 50}, ranking=["A", "B", "C"]).pots[1]
    >>> pot_name(pot, words("en")), pot_name(pot, words("de")), pot_name(pot, words("el"))
    ('Side pot 1', 'Nebenpot 1', 'Side pot 1')
    """
    if _.language == "en":
        return pot.name
    if pot.index == 0:
        return _("Main pot")
    return _("Side pot {number}", number=pot.index)


def _to_pot(pot: Pot, _: Words) -> str:
    """``the main pot``, ``side pot 1``: a pot named after "to"."""
    if pot.index == 0:
        return _.p("to a pot", "the main pot")
    return _.p("to a pot", "side pot {number}", number=pot.index)


def _from_pot(pot: Pot, _: Words) -> str:
    """``the main pot``, ``side pot 1``: a pot named after "from"."""
    if pot.index == 0:
        return _.p("from a pot", "the main pot")
    return _.p("from a pot", "side pot {number}", number=pot.index)


def join(names: Iterable[str], language: str = "en") -> str:
    """``A``, ``A and B``, ``A, B and C``.

    >>> join(["A"]), join(["A", "B"]), join(["A", "B", "C"]), join(["A", "B"], "nl")
    ('A', 'A and B', 'A, B and C', 'A en B')
    """
    return words(language).join(names)


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


def _folds(folded: list[str], language: str = "en") -> str:
    """What a dealer says about the folded players.

    >>> _folds([]), _folds(["David"]), _folds(["David", "Eve"])
    ('Nobody folded.',
     "David folded: David's chips stay in the pots, but David cannot win them.",
     'David and Eve folded: their chips stay in the pots, but they cannot win them.')
    """
    _ = words(language)
    if not folded:
        return _("Nobody folded.")
    if len(folded) == 1:
        return _(
            "{player} folded: {player}'s chips stay in the pots, but {player} cannot win them.",
            player=folded[0],
        )
    return _(
        "{players} folded: their chips stay in the pots, but they cannot win them.",
        players=_.join(folded),
    )


def _withheld_parts(pot: Pot, _: Words) -> list[str]:
    parts = [_("{amount} rake", amount=fmt(pot.rake))] if pot.rake else []
    return parts + [f"{fmt(a)} {name}" for name, a in pot.fees.items() if a]


def withheld_words(pot: Pot, language: str = "en") -> str:
    """What was withheld from a pot before it was divided, for a sentence: rake and fees by name.

    >>> from potengine import settle
    >>> pot = settle({"A": 50, "B": 50}, ranking=["A", "B"], rake=5, fees={"jackpot": 2}).pots[0]
    >>> withheld_words(pot), withheld_words(pot, "de")
    (' after 5 rake and 2 jackpot', ' nach 5 Rake und 2 jackpot')
    """
    _ = words(language)
    parts = _withheld_parts(pot, _)
    return _(" after {withheld}", withheld=_.join(parts)) if parts else ""


def fee_lines(result: Settlement, language: str = "en") -> list[str]:
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
    _ = words(language)
    lines = []
    for pot in result.pots:
        if pot.added:
            named = _.join(f"{fmt(a)} ({name})" for name, a in pot.added.items())
            lines.append(
                _(
                    "The room adds {added} to {pot}, before anything is withheld: its players can win it.",
                    added=named,
                    pot=_to_pot(pot, _),
                )
            )
    if result.fee_rules:
        parts = []
        for pot in result.pots:
            taken = _withheld_parts(pot, _)
            if taken:
                parts.append(_("from {pot} {withheld}", pot=_from_pot(pot, _), withheld=_.join(taken)))
        zero = [name for name, a in result.fees.items() if not a]
        line = _("Withheld before the pots are divided: {parts}.", parts="; ".join(parts)) if parts else ""
        if zero:
            line += (" " if line else "") + _("Nothing is taken for {fees}.", fees=_.join(zero))
        lines.append(line)
    return lines


def side_payment_lines(result: Settlement, language: str = "en") -> list[str]:
    """Cash-outs and insurance in words: outside the pot, and what each changes in a net.

    >>> from potengine import settle
    >>> from potengine.pots.cashout import CashOut
    >>> r = settle({"A": 36, "B": 36}, ranking=["A", "B"], side_payments=[CashOut("A", 45, fee=1)])
    >>> print(side_payment_lines(r)[0])
    Outside the pot, A cashed out for 45 (the room's fee of 1 already out of it): the 72 A's hand
    won go to the room instead of A (−27 for A).
    """
    _ = words(language)
    lines = []
    for payment in result.side_payments:
        player = payment.player
        if isinstance(payment, CashOut):
            fee = (
                _(" (the room's fee of {fee} already out of it)", fee=fmt(payment.fee)) if payment.fee else ""
            )
            won = result.winnings[player]
            change = payment.amount - won
            what = (
                _(
                    "the {won} {player}'s hand won go to the room instead of {player}",
                    won=fmt(won),
                    player=player,
                )
                if won
                else _(
                    "{player}'s hand won nothing, and the room pays the amount all the same",
                    player=player,
                )
            )
            lines.append(
                _(
                    "Outside the pot, {player} cashed out for {amount}{fee}: {what} ({change} for {player}).",
                    player=player,
                    amount=fmt(payment.amount),
                    fee=fee,
                    what=what,
                    change=signed(change),
                )
            )
        else:
            change = payment.payout - payment.premium
            payout = (
                _("and receives a payout of {payout}", payout=fmt(payment.payout))
                if payment.payout
                else _("and receives no payout")
            )
            lines.append(
                _(
                    "Outside the pot, {player} paid the room an insurance premium of {premium} "
                    "{payout} ({change} for {player}).",
                    player=player,
                    premium=fmt(payment.premium),
                    payout=payout,
                    change=signed(change),
                )
            )
    return lines


def check_line(result: Settlement, language: str = "en") -> str:
    """The last line of :func:`explain`: paid + returned + withheld = put in (+ added).

    >>> from potengine import settle
    >>> print(check_line(settle({"A": 50, "B": 50}, ranking=["A", "B"], rake=5,
    ...                         fees={"jackpot": 2}, added={"cash drop": 10})))
    Check: paid 103 + returned 0 + rake 5 + jackpot 2 = 110 = put in 100 + cash drop 10.
    """
    _ = words(language)
    paid = sum(result.winnings.values(), start=0)
    returned = sum(result.refunds.values(), start=0)
    if not result.fee_rules and not result.added_rules:
        withheld = _(" + withheld {amount}", amount=fmt(result.withheld)) if result.withheld else ""
        line = _(
            "Check: paid {paid} + returned {returned}{withheld} = {total} put in.",
            paid=fmt(paid),
            returned=fmt(returned),
            withheld=withheld,
            total=fmt(result.total),
        )
    else:
        kept = _(" + rake {amount}", amount=fmt(result.rake))
        kept += "".join(f" + {n} {fmt(a)}" for n, a in result.fees.items())
        more = "".join(f" + {n} {fmt(a)}" for n, a in result.added.items())
        line = _(
            "Check: paid {paid} + returned {returned}{kept} = {whole} = put in {total}{added}.",
            paid=fmt(paid),
            returned=fmt(returned),
            kept=kept,
            whole=fmt(result.total + result.added_total),
            total=fmt(result.total),
            added=more,
        )
    if result.side_payments:
        house = result.house
        if house >= 0:
            line += _(
                " The room keeps {amount} in all; with the players' nets it sums to zero.",
                amount=fmt(house),
            )
        else:  # a cash-out paid to a player who then lost: the room pays more than it takes
            line += _(
                " The room pays out {amount} more than it takes in; with the players' nets it sums to zero.",
                amount=fmt(-house),
            )
    return line


def _odd_note(shares: Mapping[str, Amount], button: str, _: Words, half: str = "") -> str:
    """``; the odd chip goes to B, first clockwise from the button (C)`` when a split is uneven;
    ``half`` is "high" or "low" for a hi-lo half."""
    values = set(shares.values())
    if len(values) < 2:
        return ""
    extra = [p for p, v in shares.items() if v == max(values)]
    values_ = {"players": _.join(extra), "button": button}
    if half == "high":
        return _.n(
            "; the odd chip of the high half goes to {players}, first clockwise from the button ({button})",
            "; the odd chips of the high half go to {players}, first clockwise from the button ({button})",
            len(extra),
            **values_,
        )
    if half == "low":
        return _.n(
            "; the odd chip of the low half goes to {players}, first clockwise from the button ({button})",
            "; the odd chips of the low half go to {players}, first clockwise from the button ({button})",
            len(extra),
            **values_,
        )
    return _.n(
        "; the odd chip goes to {players}, first clockwise from the button ({button})",
        "; the odd chips go to {players}, first clockwise from the button ({button})",
        len(extra),
        **values_,
    )


def explain(result: Settlement, language: str = "en") -> str:
    """Describe ``result`` step by step: contributions, returns, pots, awards, nets.

    ``language`` is "en" (the default), "nl", "de" or "el"; the amounts are the same in every
    language, only the words change (an unknown language is an
    :class:`~potengine.errors.InputError`).

    >>> from potengine import settle
    >>> print(explain(settle({"A": 20, "B": 20}, ranking=[("A", "B")]), language="de"))
    Zwei Spieler setzen zusammen 40 Chips: A 20, B 20. Niemand hat gefoldet.
    Jeder Einsatz wurde gedeckt: nichts geht zurück.
    Hauptpot: 2 × 20 = 40, für A und B.
    Hauptpot (40) ist ein geteilter Pot, Gleichstand zwischen den Händen von A und B: A 20, B 20.
    Am Ende erhält A 20 (netto 0), B 20 (netto 0).
    Kontrolle: ausgezahlt 40 + zurückgegeben 0 = 40 eingesetzt.
    """
    _ = words(language)
    seats = result.seats
    listed = ", ".join(f"{p} {fmt(result.contributions[p])}" for p in seats)
    lines = [
        _(
            "{count} players put in {total} chips: {contributions}.",
            count=_count(len(seats), _),
            total=fmt(result.total),
            contributions=listed,
        )
        + " "
        + _folds([p for p in seats if p in result.folded], language)
    ]
    dead = getattr(result.layout, "dead", {})
    if dead:
        lines.append(
            _(
                "Dead money, which matches no bet and goes to the main pot: {dead}.",
                dead=", ".join(f"{p} {fmt(d)}" for p, d in dead.items()),
            )
        )
    if result.refunds:
        for player, chips in result.refunds.items():
            lines.append(
                _(
                    "Nobody matched the last {returned} of {player}'s {contribution}: they go back to "
                    "{player} (returned, not won).",
                    returned=fmt(chips),
                    player=player,
                    contribution=fmt(result.contributions[player]),
                )
            )
    else:
        lines.append(_("Every contribution was matched: nothing goes back."))
    for pot in result.pots:
        values = {"pot": pot_name(pot, _), "formula": pot.formula, "players": _.join(pot.eligible)}
        if pot.dead:
            lines.append(
                _("{pot}: {formula} (of which {dead} dead), for {players}.", dead=fmt(pot.dead), **values)
            )
        else:
            lines.append(_("{pot}: {formula}, for {players}.", **values))
    if result.fee_rules or result.added_rules:
        lines += fee_lines(result, language)

    def who(player: str) -> str:
        if result.hands and player in result.hands:
            return f"{player} ({hand_name(result.hands[player], language)})"
        return player

    if result.board:
        lines.append(_("Board: {cards}.", cards=" ".join(str(card) for card in result.board)))
    runs = getattr(result, "runs", ())
    if runs:
        lines += runs_lines(result, language)
    for pot in () if runs else reversed(result.pots):
        rake = withheld_words(pot, language)
        name = pot_name(pot, _)
        if (
            isinstance(pot, HiLoPot)
            and getattr(result, "low_ranking", None) is not None
            and len(pot.eligible) > 1
        ):
            lines.append(hilo_sentence(pot, result, who, rake, language))
        elif len(pot.eligible) == 1:
            lines.append(
                _(
                    "{pot} goes uncontested to {player}: {amount}.",
                    pot=name,
                    player=pot.eligible[0],
                    amount=fmt(pot.awarded),
                )
            )
        elif len(pot.winners) == 1:
            lines.append(
                _(
                    "{pot} goes to {player}, the best hand among {players}: {amount}{withheld}.",
                    pot=name,
                    player=who(pot.winners[0]),
                    players=_.join(pot.eligible),
                    amount=fmt(pot.awarded),
                    withheld=rake,
                )
            )
        else:
            shares = ", ".join(f"{p} {fmt(s)}" for p, s in pot.shares.items())
            lines.append(
                _(
                    "{pot} ({amount}{withheld}) is split between the equal hands of {players}: "
                    "{shares}{odd}.",
                    pot=name,
                    amount=fmt(pot.awarded),
                    withheld=rake,
                    players=_.join(map(who, pot.winners)),
                    shares=shares,
                    odd=_odd_note(pot.shares, result.button, _),
                )
            )
    phrases = [
        _("{player} {amount} (net {net})", player=p, amount=fmt(result.payouts[p]), net=signed(result.net[p]))
        for p in seats[1:]
    ]
    first = seats[0]
    phrases.insert(
        0,
        _(
            "{player} receives {amount} (net {net})",
            player=first,
            amount=fmt(result.payouts[first]),
            net=signed(result.net[first]),
        ),
    )
    if result.side_payments:
        lines += side_payment_lines(result, language)
        lines.append(
            _(
                "In the end {payouts} from the pots; the nets count the payments outside the pot.",
                payouts=", ".join(phrases),
            )
        )
    else:
        lines.append(_("In the end {payouts}.", payouts=", ".join(phrases)))
    lines.append(check_line(result, language))
    return "\n".join(lines)


def hand_name(value: Any, language: str = "en") -> str:
    """A hand's name (its ``description``: "Pair of aces", "Two pair, kings and nines, 7 kicker")
    in ``language``; a value that cannot say its name in other languages keeps its English one.

    >>> from potengine import evaluate
    >>> hand_name(evaluate("As Ad Kh 9c 7s 3d 2c"), "nl"), hand_name(evaluate("As Ad Kh 9c 7s"), "de")
    ('Paar azen, kickers K 9 7', 'Paar Asse, Kicker K 9 7')
    """
    if language == "en":
        return value.description
    said = getattr(value, "said", None)
    return value.description if said is None else said.in_language(language)


def _low_of(result: Settlement, player: str, language: str = "en") -> str:
    lows = getattr(result, "low_hands", None)
    if lows and lows.get(player) is not None:
        return f"{player} ({hand_name(lows[player], language)})"
    return player


def _half(amount: Amount, shares: Mapping[str, Amount], names: Sequence[str], _: Words) -> str:
    if len(shares) == 1:
        return _("to {player}: {amount}", player=names[0], amount=fmt(amount))
    parts = ", ".join(f"{p} {fmt(s)}" for p, s in shares.items())
    return _("split between {players}: {shares}", players=_.join(names), shares=parts)


def hilo_sentence(
    pot: HiLoPot, result: Settlement, who: Callable[[str], str], rake: str = "", language: str = "en"
) -> str:
    """One hi-lo pot in words: the cut into halves, who takes each, quartering and scooping.

    >>> from potengine import settle
    >>> r = settle({"A": 50, "B": 50, "C": 51}, ranking=["A", "B", "C"], low_ranking=[("B", "C")])
    >>> print(hilo_sentence(r.pots[0], r, str))
    Main pot (150) is split high and low among A, B and C: high half to A: 75; low half split
    between B and C: B 38, C 37, a quarter of the pot each (quartered); the odd chip of the low
    half goes to B, first clockwise from the button (C).
    """
    _ = words(language)
    name = pot_name(pot, _)
    high_shares = dict(getattr(pot, "high_shares", {}) or {})
    low_shares = dict(getattr(pot, "low_shares", {}) or {})
    if not low_shares:
        names = [who(p) for p in high_shares]
        winner = (
            _(
                "the high hand, {player}, takes the whole pot: {amount}",
                player=names[0],
                amount=fmt(pot.awarded),
            )
            if len(names) == 1
            else _(
                "the whole pot is split between the equal high hands of {players}: {shares}",
                players=_.join(names),
                shares=", ".join(f"{p} {fmt(s)}" for p, s in high_shares.items()),
            )
        )
        text = _(
            "{pot} ({amount}{withheld}): nobody among {players} has a qualifying low, so {winner}",
            pot=name,
            amount=fmt(pot.awarded),
            withheld=rake,
            players=_.join(pot.eligible),
            winner=winner,
        )
    else:
        high_amount, low_amount = pot.high_amount, pot.low_amount
        odd = _(" (the odd chip of the cut goes to the high half)") if high_amount != low_amount else ""
        text = _(
            "{pot} ({amount}{withheld}) is split high and low among {players}{odd}: high half {high}; "
            "low half {low}",
            pot=name,
            amount=fmt(pot.awarded),
            withheld=rake,
            players=_.join(pot.eligible),
            odd=odd,
            high=_half(high_amount, high_shares, [who(p) for p in high_shares], _),
            low=_half(low_amount, low_shares, [_low_of(result, p, _.language) for p in low_shares], _),
        )
        if len(low_shares) == 2:
            text += _(", a quarter of the pot each (quartered)")
    for half, shares in (("high", high_shares), ("low", low_shares)):
        values = set(shares.values())
        if len(values) > 1:
            extra = [p for p, v in shares.items() if v == max(values)]
            values_ = {"players": _.join(extra), "button": result.button}
            if half == "high":
                text += _(
                    "; the odd chip of the high half goes to {players}, first clockwise from the "
                    "button ({button})",
                    **values_,
                )
            else:
                text += _(
                    "; the odd chip of the low half goes to {players}, first clockwise from the "
                    "button ({button})",
                    **values_,
                )
    if len(pot.winners) == 1:
        text += _(". {player} scoops the pot", player=pot.winners[0])
    return text + "."


def runs_lines(result: Settlement, language: str = "en") -> list[str]:
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
    _ = words(language)
    runs: tuple[Run, ...] = result.runs
    count = len(runs)
    rule = getattr(result, "run_odd_chips", "in run order")
    if count == 2:
        odd = _("the odd chip of a division goes to the first run")
    elif rule == "all to run 1":
        odd = _("the odd chips of a division all go to the first run")
    else:
        odd = _("the odd chips of a division go one each to the first runs, in the order they were dealt")
    parts = {2: _.p("parts", "two"), 3: _.p("parts", "three"), 4: _.p("parts", "four")}.get(count, str(count))
    lines = [
        _(
            "The hand is run {times}: each pot that more than one player can win is divided into "
            "{parts} equal parts, one per run, and each part goes to the best hand(s) of its run; "
            "{odd}. A pot only one player can win is not run.",
            times=_times(count, _),
            parts=parts,
            odd=odd,
        )
    ]
    for run in runs:
        if run.board:
            lines.append(
                _(
                    "Run {number} board: {cards}.",
                    number=run.number,
                    cards=" ".join(str(card) for card in run.board),
                )
            )
    for pot in reversed(result.pots):
        lines.append(run_pot_sentence(pot, result, language))
    return lines


def run_pot_sentence(pot: Pot, result: Settlement, language: str = "en") -> str:
    """One pot of a hand run more than once: not run (one player can win it), or divided by the
    runs with each run's part awarded."""
    _ = words(language)
    rake = withheld_words(pot, language)
    name = pot_name(pot, _)
    if not pot.runs:
        return _(
            "{pot} is not run: only {player} can win it, so it is paid once, to {player}: "
            "{amount}{withheld}.",
            pot=name,
            player=pot.eligible[0],
            amount=fmt(pot.awarded),
            withheld=rake,
        )
    parts = ", ".join(
        _("{amount} for the {ordinal} run", amount=fmt(part.amount), ordinal=_ordinal(part.run, _))
        if i == 0
        else _("{amount} for the {ordinal}", amount=fmt(part.amount), ordinal=_ordinal(part.run, _))
        for i, part in enumerate(pot.runs)
    )
    amounts = [part.amount for part in pot.runs]
    note = ""
    if len(set(amounts)) > 1:
        extra = [_ordinal(part.run, _) for part in pot.runs if part.amount > min(amounts)]
        one = max(amounts) - min(amounts) == result.chip and len(extra) == 1
        if one:
            note = _(" (the odd chip of the division goes to the {runs} run)", runs=_.join(extra))
        elif len(extra) == 1:
            note = _(" (the odd chips of the division go to the {runs} run)", runs=_.join(extra))
        else:
            note = _(" (the odd chips of the division go to the {runs} runs)", runs=_.join(extra))
    text = [
        _(
            "{pot} ({amount}{withheld}) is divided by the runs: {parts}{note}.",
            pot=name,
            amount=fmt(pot.awarded),
            withheld=rake,
            parts=parts,
            note=note,
        )
    ]
    runs = {run.number: run for run in result.runs}
    for part in pot.runs:
        text.append(_part_sentence(part, pot, runs[part.run], result.button, _))
    return " ".join(text)


def _part_sentence(part: RunPart, pot: Pot, run: Run, button: str, _: Words) -> str:
    """One run's part of a pot, in words: to whom, split how, hi-lo halves."""

    def who(player: str) -> str:
        if run.hands and player in run.hands:
            return f"{player} ({hand_name(run.hands[player], _.language)})"
        return player

    def low_of(player: str) -> str:
        lows = run.low_hands
        if lows and lows.get(player) is not None:
            return f"{player} ({hand_name(lows[player], _.language)})"
        return player

    ordinal = _ordinal(part.run, _)
    if part.hilo:
        if not part.low_shares:
            names = [who(p) for p in part.high_shares]
            winner = (
                _("the high hand, {player}, takes it all: {amount}", player=names[0], amount=fmt(part.amount))
                if len(names) == 1
                else _(
                    "it is split between the equal high hands of {players}: {shares}",
                    players=_.join(names),
                    shares=", ".join(f"{p} {fmt(s)}" for p, s in part.high_shares.items()),
                )
            )
            text = _(
                "On the {ordinal} run nobody among {players} has a qualifying low, so {winner}",
                ordinal=ordinal,
                players=_.join(pot.eligible),
                winner=winner,
            )
        else:
            cut = (
                _(" (the odd chip of the cut goes to the high half)")
                if part.high_amount != part.low_amount
                else ""
            )
            text = _(
                "On the {ordinal} run its {amount} is split high and low{cut}: high half {high}; "
                "low half {low}",
                ordinal=ordinal,
                amount=fmt(part.amount),
                cut=cut,
                high=_half(part.high_amount, part.high_shares, [who(p) for p in part.high_shares], _),
                low=_half(part.low_amount, part.low_shares, [low_of(p) for p in part.low_shares], _),
            )
            if part.quartered:
                text += _(", a quarter of this run's part each (quartered)")
        text += _odd_note(part.high_shares, button, _, "high")
        text += _odd_note(part.low_shares, button, _, "low")
        if len(part.winners) == 1:
            text += _("; {player} scoops this run", player=part.winners[0])
        return text + "."
    if len(part.winners) == 1:
        return _(
            "On the {ordinal} run it goes to {player}, the best hand among {players}: {amount}.",
            ordinal=ordinal,
            player=who(part.winners[0]),
            players=_.join(pot.eligible),
            amount=fmt(part.amount),
        )
    shares = ", ".join(f"{p} {fmt(s)}" for p, s in part.shares.items())
    return _(
        "On the {ordinal} run its {amount} is split between the equal hands of {players}: {shares}{odd}.",
        ordinal=ordinal,
        amount=fmt(part.amount),
        players=_.join(map(who, part.winners)),
        shares=shares,
        odd=_odd_note(part.shares, button, _),
    )


def _pot_label(pot: Pot, amount: Amount, side_pots: int, _: Words) -> str:
    """``Main pot 120``, ``Side pot 120`` (the only one), ``Side pot 2 (60)``."""
    if side_pots == 1 and pot.index == 1:
        return f"{_('Side pot')} {fmt(amount)}"
    name = pot_name(pot, _)
    if pot.index > 0:
        return f"{name} ({fmt(amount)})"
    return f"{name} {fmt(amount)}"


def _odd_chip(shares: Mapping[str, Amount], button: str, _: Words, half: str = "") -> str:
    """`` The odd chip to A: …`` when a split is uneven, else nothing (``half``: "high", "low")."""
    values = set(shares.values())
    if len(values) < 2:
        return ""
    extra = [p for p, s in shares.items() if s == max(values)]
    one = len(extra) == 1
    values_ = {"players": _.join(extra), "button": button}
    if half == "high":
        if one:
            return _(
                " The odd chip of the high half to {players}: first of the winners left of the "
                "button ({button}).",
                **values_,
            )
        return _(
            " The odd chips of the high half to {players}, one each: first of the winners left of the "
            "button ({button}).",
            **values_,
        )
    if half == "low":
        if one:
            return _(
                " The odd chip of the low half to {players}: first of the winners left of the "
                "button ({button}).",
                **values_,
            )
        return _(
            " The odd chips of the low half to {players}, one each: first of the winners left of the "
            "button ({button}).",
            **values_,
        )
    if one:
        return _(" The odd chip to {players}: first of the winners left of the button ({button}).", **values_)
    return _(
        " The odd chips to {players}, one each: first of the winners left of the button ({button}).",
        **values_,
    )


def dealer_pushes(result: Settlement, language: str = "en") -> list[str]:
    """The settlement as a dealer pushes it: one sentence per push, in the order of the pushes.

    Uncalled chips go back first; then the pots, from the last side pot formed down to the main
    pot (each side pot is settled before the pot under it, so a player all-in for less never
    waits on chips he cannot win); a split names each share and who takes the odd chip, and why.

    >>> from potengine import settle
    >>> r = settle({"Alice": 40, "Bilal": 100, "Chloé": 160}, ranking=["Alice", "Chloé", "Bilal"])
    >>> print(" ".join(dealer_pushes(r)))
    Return 60 to Chloé. Side pot 120: Chloé. Main pot 120: Alice.
    >>> print(" ".join(dealer_pushes(r, language="el")))
    Επιστροφή 60 στον παίκτη Chloé. Side pot 120: Chloé. Κύριο ποτ 120: Alice.
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
    _ = words(language)
    pushes = [
        _("Return {amount} to {player}.", amount=fmt(chips), player=player)
        for player, chips in result.refunds.items()
    ]
    side_pots = sum(1 for pot in result.pots if pot.index > 0)
    for pot in reversed(result.pots):
        label = _pot_label(pot, pot.awarded, side_pots, _)
        rake = withheld_words(pot, language)
        high = dict(getattr(pot, "high_shares", {}) or {})
        low = dict(getattr(pot, "low_shares", {}) or {})
        if isinstance(pot, HiLoPot) and low:
            text = _(
                "{pot}{withheld}, high and low: high half {high}; low half {low}.",
                pot=label,
                withheld=rake,
                high=_shares_words(high, _),
                low=_shares_words(low, _),
            )
            text += _odd_chip(high, result.button, _, "high").rstrip()
            text += _odd_chip(low, result.button, _, "low").rstrip()
            pushes.append(text)
        elif len(pot.eligible) == 1:
            pushes.append(
                _(
                    "{pot}{withheld}: {player}, the only player left in it.",
                    pot=label,
                    withheld=rake,
                    player=pot.eligible[0],
                )
            )
        elif len(pot.winners) == 1:
            pushes.append(f"{label}{rake}: {pot.winners[0]}.")
        else:
            shares = dict(pot.shares)
            if len(set(shares.values())) == 1:
                each = fmt(next(iter(shares.values())))
                pushes.append(
                    _(
                        "{pot}{withheld}: split between {players}, {amount} each.",
                        pot=label,
                        withheld=rake,
                        players=_.join(shares),
                        amount=each,
                    )
                )
            else:
                ordered = dict(sorted(shares.items(), key=lambda item: -item[1]))
                parts = ", ".join(f"{p} {fmt(s)}" for p, s in ordered.items())
                pushes.append(
                    _(
                        "{pot}{withheld}: split between {players}: {shares}.",
                        pot=label,
                        withheld=rake,
                        players=_.join(pot.winners),
                        shares=parts,
                    )
                    + _odd_chip(shares, result.button, _)
                )
    return pushes


def _shares_words(shares: Mapping[str, Amount], _: Words) -> str:
    if len(shares) == 1:
        ((player, chips),) = shares.items()
        return _("{amount} to {player}", amount=fmt(chips), player=player)
    return _("split {shares}", shares=", ".join(f"{p} {fmt(s)}" for p, s in shares.items()))
