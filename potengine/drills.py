"""Dealer drills: random end-of-hand situations to settle by hand, and the marking of the answer.

:func:`deal` makes a situation from a level and a seed (the same pair always makes the same
situation, so a drill can be shared as a link); the engine settles it. The question never shows
how many pots there are: the reader says it first (:func:`mark_pots`), then fills in each pot's
amount and winners and what every player receives (returned chips included), and :func:`mark`
compares that with the engine's settlement item by item. A wrong item names the rule that was
missed (:data:`RULES`: the uncalled part returned, the folded chips dead, the short stack capped at
what it matched, a tie split in its own pot only, the odd chip's seat, ...), found by comparing the
answer with the settlement, with the engine's own sentence about that pot or player.

Levels:

1. two players, one all-in (the covering player's extra chips go back);
2. three players, one all-in: a main pot and a side pot;
3. four players, two all-ins and a fold;
4. five players with folds and a tie;
5. six players with folds, ties and odd chips;
6. run it twice: three or four players, a side pot, each run with its own showdown. The reader
   then also says, pot by pot, whether it is run (a pot only one player can win is paid once)
   and each run's part and winners.

>>> drill = deal(2, 7)
>>> len(drill.contributions), len(drill.settlement().pots)
(3, 2)
>>> right = drill.answer()
>>> mark(drill, right)["all_right"]
True
>>> mark_pots(drill, 3)["rule"]
'The uncalled part goes back'

The question, the marks, the rules and the engine's sentences are said in the reader's language
(``language``: "en", "nl", "de" or "el"); the keys and the amounts stay the same:

>>> mark_pots(drill, 3, language="de")["rule"]
'Der nicht gecallte Teil geht zurück'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .chips import Amount
from .chips import format_amount as fmt
from .chips import parse_amount as _amount
from .errors import InputError, PotEngineError, said
from .i18n import Words, words
from .pots.ranking import Tiers
from .pots.settlement import Settlement, settle
from .present.words import _times, explain, pot_name

LEVELS = {
    1: said("Two players, one all-in"),
    2: said("Three players, one all-in"),
    3: said("Four players, two all-ins and a fold"),
    4: said("Five players with folds and a tie"),
    5: said("Six players with folds, ties and odd chips"),
    6: said("Run it twice: a short all-in, two showdowns"),
}
"""Each level's title (in English; ``LEVELS[n].in_language("nl")`` in Dutch)."""

NAMES = ("Alice", "Bilal", "Chloé", "David", "Emma", "Farid", "Grace", "Hugo")
MAX_SEED = 10**9


@dataclass(frozen=True)
class Drill:
    """One situation: contributions in seat order, folds, the button, the chip and the showdown."""

    level: int
    seed: int
    contributions: Mapping[str, Amount]
    folded: tuple[str, ...]
    button: str
    chip: Amount
    ranking: Tiers
    runs: tuple[Tiers, ...] = ()
    """A hand run more than once: each run's showdown, run 1 first (``ranking`` is run 1's)."""

    def settlement(self) -> Settlement:
        """The engine's settlement of the situation (the model answer)."""
        if self.runs:
            return settle(
                dict(self.contributions),
                folded=self.folded,
                button=self.button,
                chip=self.chip,
                runs=[list(tiers) for tiers in self.runs],
            )
        return settle(
            dict(self.contributions),
            list(self.ranking),
            folded=self.folded,
            button=self.button,
            chip=self.chip,
        )

    @property
    def ranking_text(self) -> str:
        """The showdown in the calculator's syntax, e.g. ``"Alice > Chloé = Bilal"``."""
        return " > ".join(" = ".join(tier) for tier in self.ranking)

    @property
    def run_texts(self) -> list[str]:
        """Each run's showdown in the calculator's syntax (empty for a hand dealt once)."""
        return [" > ".join(" = ".join(tier) for tier in tiers) for tiers in self.runs]

    def question(self, language: str = "en") -> dict[str, Any]:
        """What the reader is shown: the players, the showdown and the chip (never the pots); the
        title in ``language``."""
        return {
            "level": self.level,
            "seed": self.seed,
            "title": LEVELS[self.level].in_language(language),
            "players": [
                {"name": p, "put_in": fmt(c), "folded": p in self.folded, "button": p == self.button}
                for p, c in self.contributions.items()
            ],
            "ranking": self.ranking_text,
            "runs": self.run_texts,
            "chip": fmt(self.chip),
            "live": [p for p in self.contributions if p not in self.folded],
        }

    def answer(self) -> dict[str, Any]:
        """The right answer, in the form :func:`mark` reads."""
        result = self.settlement()
        pots: list[dict[str, Any]] = []
        for pot in result.pots:
            entry: dict[str, Any] = {"amount": fmt(pot.amount), "winners": ", ".join(pot.winners)}
            if self.runs:
                entry["run"] = bool(pot.runs)
                entry["parts"] = [
                    {"amount": fmt(part.amount), "winners": ", ".join(part.winners)} for part in pot.runs
                ]
            pots.append(entry)
        return {"pots": pots, "payouts": {p: fmt(a) for p, a in result.payouts.items()}}


def _ranking(rng: random.Random, live: list[str], ties: int) -> Tiers:
    order = list(live)
    rng.shuffle(order)
    tiers: list[tuple[str, ...]] = [(p,) for p in order]
    for _ in range(ties):
        if len(tiers) < 2:
            break
        i = rng.randrange(len(tiers) - 1)
        tiers[i : i + 2] = [tiers[i] + tiers[i + 1]]
    return tuple(tiers)


def _situation(rng: random.Random, level: int) -> tuple[dict[str, Amount], list[str], int]:
    """Contributions in seat order, the folded players and the number of ties for ``level``."""
    players, all_ins, folds, ties = {
        1: (2, 1, 0, 0),
        2: (3, 1, 0, 0),
        3: (4, 2, 1, 0),
        4: (5, 2, rng.choice((1, 2)), 1),
        5: (6, 2, 2, rng.choice((1, 2))),
    }[level]
    step = 1 if level == 5 else 5
    names = rng.sample(NAMES, players)
    levels = sorted(rng.sample(range(4, 40), all_ins))
    top = rng.randrange(levels[-1] + 2, 60)
    live = names[: players - folds]
    folded = names[players - folds :]
    contributions: dict[str, Amount] = {}
    for i, name in enumerate(live):
        contributions[name] = (levels[i] if i < all_ins else top) * 5
        if level == 5 and i < all_ins:
            contributions[name] += rng.randrange(0, 5)  # odd stacks make odd pots
    covering = [p for p in live if contributions[p] == top * 5]
    if len(covering) == 1 or rng.random() < 0.3:  # the biggest bet is sometimes not called
        contributions[covering[-1]] += rng.randrange(1, 8) * 5
    for name in folded:
        contributions[name] = rng.randrange(1, levels[0] * 5 // step + 1) * step
    seats = list(names)
    rng.shuffle(seats)
    return {p: contributions[p] for p in seats}, folded, ties


def _run_situation(rng: random.Random) -> tuple[dict[str, Amount], list[str]]:
    """Level 6: one short all-in, one or two players covering him, sometimes a fold; the short
    stack's chips are sometimes odd (an odd chip for the division). A player who folded after
    matching the others leaves a side pot only one player can win."""
    names = rng.sample(NAMES, rng.choice((3, 4)))
    short = rng.randrange(8, 40) * 5 + rng.choice((0, 0, 1, 3))
    top = rng.randrange(short // 5 + 3, 70) * 5
    folds = 1 if len(names) == 4 or rng.random() < 0.5 else 0
    live, folded = names[: len(names) - folds], names[len(names) - folds :]
    contributions: dict[str, Amount] = {live[0]: short, **{p: top for p in live[1:]}}
    for name in folded:
        contributions[name] = top if rng.random() < 0.6 else rng.randrange(1, short // 5 + 1) * 5
    if rng.random() < 0.3 or (folded and contributions[folded[0]] == top and len(live) == 2):
        contributions[live[-1]] += rng.randrange(1, 8) * 5  # the last bet, not called
    seats = list(names)
    rng.shuffle(seats)
    return {p: contributions[p] for p in seats}, folded


def _deal_runs(level: int, seed: int, rng: random.Random) -> Drill:
    """A level-6 drill: a hand run twice in which some pot goes to different players per run."""
    for _ in range(200):
        contributions, folded = _run_situation(rng)
        live = [p for p in contributions if p not in folded]
        runs = tuple(_ranking(rng, live, rng.choice((0, 0, 1))) for _ in range(2))
        drill = Drill(
            level,
            seed,
            contributions,
            tuple(p for p in contributions if p in folded),
            button=rng.choice(list(contributions)),
            chip=1,
            ranking=runs[0],
            runs=runs,
        )
        result = drill.settlement()
        if any(len({part.winners for part in pot.runs}) > 1 for pot in result.pots):
            return drill
    return drill  # pragma: no cover - two random showdowns differ in a few tries


def deal(level: int, seed: int) -> Drill:
    """The situation of ``level`` (1–5) made from ``seed`` (0 ≤ seed < 10⁹).

    The same pair always makes the same drill, in CPython and in the browser alike.

    >>> drill = deal(5, 42)
    >>> len(drill.contributions), len(drill.folded), deal(5, 42) == drill
    (6, 2, True)
    >>> deal(9, 1)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: drill level must be 1 to 6, not 9
    >>> len(deal(6, 1).runs)
    2
    """
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise InputError(
            said("drill level must be 1 to {last}, not {level}", last=len(LEVELS), level=repr(level))
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise InputError(
            said(
                "drill seed must be a whole number from 0 to {last}, not {seed}",
                last=MAX_SEED - 1,
                seed=repr(seed),
            )
        )
    rng = random.Random(level * MAX_SEED + seed)
    if level == 6:
        return _deal_runs(level, seed, rng)
    for _ in range(200):
        contributions, folded, ties = _situation(rng, level)
        live = [p for p in contributions if p not in folded]
        drill = Drill(
            level,
            seed,
            contributions,
            tuple(p for p in contributions if p in folded),
            button=rng.choice(list(contributions)),
            chip=1,
            ranking=_ranking(rng, live, ties),
        )
        result = drill.settlement()
        tie = level < 4 or any(len(pot.winners) > 1 for pot in result.pots)
        odd = level < 5 or any(len(set(pot.shares.values())) > 1 for pot in result.pots)
        if tie and odd:
            return drill
    return drill  # pragma: no cover - every level finds its tie and odd chip in a few tries


def _winners(text: Any) -> list[str]:
    if isinstance(text, str):
        return sorted(n.strip() for n in text.replace(" and ", ",").split(",") if n.strip())
    return sorted(str(n).strip() for n in text or () if str(n).strip())


def _chips(text: Any) -> Amount | None:
    """The reader's amount, or None when it is not one (the error is not shown: the answer is
    just wrong)."""
    try:
        return _amount(str(text), "the amount")
    except PotEngineError:
        return None


RULES = {
    "uncalled": said("The uncalled part goes back"),
    "dead": said("Folded chips are dead: they stay in the pot"),
    "capped": said("The short stack wins only what it matched"),
    "levels": said("Each all-in level that is covered makes a pot"),
    "size": said("A pot holds what every player put in between its two levels"),
    "folded": said("A folded player cannot win"),
    "best": said("The best hand among the players in the pot wins it"),
    "tie": said("A tie splits the pot"),
    "tie_own_pot": said("A tie splits only its own pot"),
    "odd_chip": said("The odd chip goes to the first winner clockwise from the button"),
    "sum": said("Each player receives his share of every pot he wins, plus his returned chips"),
    "divided": said("A pot run twice is divided by the runs before it is awarded"),
    "run_odd_chip": said("The odd chip of the division goes to the first run"),
    "not_run": said("A side pot with one eligible player is not run: it is paid once"),
    "run_best": said("Each run's part goes to the best hand on that run among the pot's players"),
}
"""The rules a wrong answer can miss, by key: what :func:`mark` and :func:`mark_pots` name (in
English; ``RULES[key].in_language(language)`` in another language). An item left empty or not a
number has the key ``"answer"``, no rule, and the engine's sentence."""


class _Words:
    """The engine's explanation of a settlement (:func:`~potengine.present.words.explain`), by topic:
    the sentence about each returned bet, each pot's size and each pot's award, in the reader's
    language (``_``).

    The English lines are searched (their words are the source's), and the line in the same place
    of the explanation in the reader's language is said: a settlement is told in the same lines,
    in the same order, in every language."""

    def __init__(self, result: Settlement, _: Words) -> None:
        self.english = explain(result).split("\n")
        self.lines = explain(result, _.language).split("\n") if _.language != "en" else self.english
        self.result = result
        self._ = _

    def _line(self, found: Callable[[str], bool]) -> str:
        """The line whose English ``found`` accepts, in the reader's language."""
        at = next((i for i, line in enumerate(self.english) if found(line)), None)
        return "" if at is None else self.lines[at]

    def refund(self, player: str) -> str:
        return self._line(lambda line: line.endswith(f"go back to {player} (returned, not won)."))

    def size(self, name: str) -> str:
        return self._line(lambda line: line.startswith(f"{name}: "))

    def award(self, name: str) -> str:
        return self._line(lambda line: line.startswith(f"{name} ") and not line.startswith(f"{name}: "))

    def runs(self) -> str:
        """The rule of a hand run more than once, as the engine states it."""
        return self._line(lambda line: line.startswith("The hand is run "))

    def folds(self) -> str:
        return self.lines[0].split(". ", 1)[1] if ". " in self.lines[0] else ""

    def receives(self, player: str) -> str:
        """What ``player`` receives, pot by pot: "Alice receives 120: main pot 60 + returned 0"."""
        _ = self._
        parts = [
            (
                _.p("receives", "main pot {amount}", amount=fmt(pot.shares[player]))
                if pot.index == 0
                else _.p(
                    "receives", "side pot {number} {amount}", number=pot.index, amount=fmt(pot.shares[player])
                )
            )
            for pot in self.result.pots
            if pot.shares.get(player)
        ]
        if self.result.refunds.get(player):
            parts.append(_.p("receives", "returned {amount}", amount=fmt(self.result.refunds[player])))
        total = fmt(self.result.payouts[player])
        if not parts:
            return _("{player} receives {total}: no pot and nothing back.", player=player, total=total)
        return _("{player} receives {total}: {parts}.", player=player, total=total, parts=" + ".join(parts))

    def rule(self, key: str, why: str) -> dict[str, str]:
        """A wrong item's rule (by key, said in the reader's language) and the engine's sentence."""
        rule = RULES.get(key)
        return {"rule_key": key, "rule": rule.in_language(self._.language) if rule else "", "why": why}


def _pots_rule(drill: Drill, result: Settlement, given: int, words: _Words) -> dict[str, str]:
    """Why ``given`` pots is not the number of pots of ``result`` (never the amounts)."""
    _ = words._
    count = len(result.pots)
    if given > count and result.refunds:
        (player,) = list(result.refunds)[:1]
        return words.rule(
            "uncalled",
            _(
                "Nobody matched the top of {player}'s bet: that part goes back to {player}; it is not a pot.",
                player=player,
            ),
        )
    levels = {result.contributions[p] for p in result.contributions if p not in result.folded}
    if given > count and any(result.contributions[p] not in levels for p in result.folded):
        return words.rule(
            "dead",
            words.folds()
            + _(" A folded player's bet makes no pot of its own: only live players' levels cut pots."),
        )
    short = [
        p for p in result.contributions if p not in result.folded and result.contributions[p] < max(levels)
    ]
    if given < count and short:
        return words.rule(
            "levels",
            _(
                "{players} put in less than the others and can win only up to that: each such level, "
                "matched by others, closes a pot and the chips above it make the next pot.",
                players=_.join(short),
            ),
        )
    return words.rule(
        "levels", _("A pot is closed at each level a live all-in player reached and others covered.")
    )


def mark_pots(drill: Drill, given: Any, language: str = "en") -> dict[str, Any]:
    """Mark the reader's first answer, how many pots the hand makes; then give the pots' names
    (in ``language``) and the mark in words (``message``).

    >>> drill = deal(2, 7)
    >>> marked = mark_pots(drill, "2")
    >>> marked["ok"], marked["pots"], marked["message"]
    (True, ['Main pot', 'Side pot 1'], '✓ 2 pots: right.')
    >>> mark_pots(drill, 1)["rule"]
    'Each all-in level that is covered makes a pot'
    >>> mark_pots(drill, 1, "nl")["message"]
    '✗ Je zei 1; de hand maakt er 2.'
    """
    _ = words(language)
    result = drill.settlement()
    pots = [pot_name(pot, _) for pot in result.pots]
    text = str(given).strip()
    number = int(text) if text.isdigit() else None
    count = len(pots)
    out: dict[str, Any] = {"given": text, "expected": count, "ok": number == count, "pots": pots}
    if number == count:
        out["message"] = _.n("✓ {count} pot: right.", "✓ {count} pots: right.", count, count=count)
    else:
        out["message"] = _("✗ You said {given}; the hand makes {count}.", given=text, count=count)
    found = _Words(result, _)
    if number is None:
        out.update(found.rule("answer", _("Say how many pots the dealer makes: 1, 2, 3, ...")))
    elif number != count:
        out.update(_pots_rule(drill, result, number, found))
    return out


def _amount_rule(result: Settlement, i: int, given: Amount | None, words: _Words) -> dict[str, str]:
    pot = result.pots[i]
    if given is None:
        return words.rule("answer", words.size(pot.name))
    refunded = sum(result.refunds.values(), start=0)
    if refunded and i == len(result.pots) - 1 and given == pot.amount + refunded:
        (player,) = list(result.refunds)[:1]
        return words.rule("uncalled", words.refund(player))
    dead = sum((pot.contributions.get(p, 0) for p in result.folded), start=0)
    if dead and given == pot.amount - dead:
        return words.rule("dead", words.folds() + " " + words.size(pot.name))
    if given > pot.amount:
        return words.rule("capped", words.size(pot.name))
    return words.rule("size", words.size(pot.name))


def _tiers(drill: Drill) -> dict[str, int]:
    return {p: rank for rank, tier in enumerate(drill.ranking) for p in tier}


def _winners_rule(
    drill: Drill, result: Settlement, i: int, given: list[str], words: _Words
) -> dict[str, str]:
    pot = result.pots[i]
    right = set(pot.winners)
    chosen = set(given)
    folded = sorted(chosen & set(result.folded), key=list(result.contributions).index)
    if folded:
        return words.rule("folded", words.folds())
    tiers = _tiers(drill)
    outside = [p for p in given if p not in pot.eligible]
    if outside:
        if any(tiers.get(p) == tiers.get(w) for p in outside for w in pot.winners):
            return words.rule("tie_own_pot", words.size(pot.name) + " " + words.award(pot.name))
        return words.rule("capped", words.size(pot.name) + " " + words.award(pot.name))
    if len(right) > 1 and chosen < right:
        return words.rule("tie", words.award(pot.name))
    return words.rule("best", words.award(pot.name))


def _payout_rule(result: Settlement, player: str, given: Amount | None, words: _Words) -> dict[str, str]:
    right = result.payouts[player]
    refund = result.refunds.get(player, 0)
    if given is None:
        return words.rule("answer", words.receives(player))
    if refund and given in (right - refund, right + refund):
        return words.rule("uncalled", words.refund(player) + " " + words.receives(player))
    off = given - right if given > right else right - given
    divided = [
        pot for pot in result.pots if player in pot.eligible and len({part.amount for part in pot.runs}) > 1
    ]
    if divided and off <= len(divided) * result.chip:
        return words.rule("run_odd_chip", words.award(divided[0].name))
    parts = [part for pot in result.pots for part in pot.runs]
    odd = [
        pot
        for pot in result.pots
        if player in pot.shares
        and any(len(set(part.shares.values())) > 1 for part in pot.runs or [pot])
        and (pot.runs or len(set(pot.shares.values())) > 1)
    ]
    if parts and odd and off <= len(odd) * result.chip:
        return words.rule("odd_chip", words.award(odd[0].name))
    odd = [pot for pot in result.pots if player in pot.shares and len(set(pot.shares.values())) > 1]
    if odd and off <= len(odd) * result.chip:
        return words.rule("odd_chip", words.award(odd[0].name))
    return words.rule("sum", words.receives(player))


def _given_run(value: Any) -> bool | None:
    """Whether the reader said the pot is run (True), paid once (False), or nothing (None)."""
    if isinstance(value, bool):
        return value
    text = str(value or "").strip().lower()
    return {"run": True, "true": True, "once": False, "false": False}.get(text)


def _mark_runs(
    drill: Drill,
    result: Settlement,
    i: int,
    given: Mapping[str, Any],
    words: _Words,
    item: Callable[[str, str, str, bool, Callable[[], dict[str, str]]], None],
) -> None:
    """The items of one pot of a hand run more than once: run or paid once, then each run's
    part and winners (a pot that is run), or its one winner (a pot that is not)."""
    _ = words._
    pot = result.pots[i]
    name = pot_name(pot, _)
    said = _given_run(given.get("run"))
    is_run = bool(pot.runs)
    how = _("run {times}", times=_times(len(drill.runs), _))
    shown = {True: how, False: _("paid once"), None: ""}

    def run_rule() -> dict[str, str]:
        if is_run:
            return words.rule("divided", words.runs() + " " + words.award(pot.name))
        return words.rule("not_run", words.award(pot.name))

    item(
        _("{pot}: {how} or paid once", pot=name, how=how),
        shown[said],
        shown[is_run],
        said is is_run,
        run_rule,
    )
    if not is_run:
        winners = _winners(given.get("winners", "") if said is False else "")
        item(
            _("{pot}: winner", pot=name),
            ", ".join(winners),
            ", ".join(pot.winners),
            winners == sorted(pot.winners),
            lambda: (
                words.rule("not_run", words.award(pot.name))
                if said
                else _winners_rule(drill, result, i, winners, words)
            ),
        )
        return
    parts = given.get("parts") if said else None
    parts = list(parts) if isinstance(parts, (list, tuple)) else []
    for k, part in enumerate(pot.runs):
        mine = parts[k] if k < len(parts) and isinstance(parts[k], Mapping) else {}
        amount = _chips(mine.get("amount", ""))
        item(
            _("{pot}, run {number}: part", pot=name, number=part.run),
            str(mine.get("amount", "")).strip(),
            fmt(part.amount),
            amount is not None and amount == part.amount,
            lambda k=k, amount=amount: _part_rule(result, i, k, amount, words),  # type: ignore[misc]
        )
        winners = _winners(mine.get("winners", ""))
        item(
            _("{pot}, run {number}: winner(s)", pot=name, number=part.run),
            ", ".join(winners),
            ", ".join(part.winners),
            winners == sorted(part.winners),
            lambda k=k, winners=winners: _part_winners_rule(drill, result, i, k, winners, words),  # type: ignore[misc]
        )


def _part_rule(result: Settlement, i: int, k: int, given: Amount | None, words: _Words) -> dict[str, str]:
    """Why ``given`` is not run ``k``'s part of pot ``i``."""
    pot = result.pots[i]
    part = pot.runs[k]
    amounts = [p.amount for p in pot.runs]
    if given is not None and len(set(amounts)) > 1:
        off = given - part.amount if given > part.amount else part.amount - given
        if off <= result.chip * (len(amounts) - 1):
            return words.rule("run_odd_chip", words.award(pot.name))
    if given is None:
        return words.rule("answer", words.award(pot.name))
    return words.rule("divided", words.runs() + " " + words.award(pot.name))


def _part_winners_rule(
    drill: Drill, result: Settlement, i: int, k: int, given: list[str], words: _Words
) -> dict[str, str]:
    """Why ``given`` did not win run ``k``'s part of pot ``i``."""
    pot = result.pots[i]
    part = pot.runs[k]
    if set(given) & set(result.folded):
        return words.rule("folded", words.folds())
    if any(p not in pot.eligible for p in given):
        return words.rule("capped", words.size(pot.name) + " " + words.award(pot.name))
    if len(part.winners) > 1 and set(given) < set(part.winners):
        return words.rule("tie", words.award(pot.name))
    return words.rule("run_best", words.award(pot.name))


def mark(drill: Drill, answer: Mapping[str, Any], language: str = "en") -> dict[str, Any]:
    """Compare the reader's answer with the engine's settlement, item by item.

    ``answer`` holds ``pots`` (a list, main pot first, of ``{"amount": ..., "winners": ...}``,
    winners as a list or as names separated by commas) and ``payouts`` (player → chips received,
    returned chips included). Every item comes back with what was given, what is right and
    whether they agree; a wrong one with the rule missed (``rule``, one of :data:`RULES`, and its
    key ``rule_key``) and the engine's sentence that shows it (``why``); then the score, the
    rules missed and the engine's explanation in words. Everything said is said in ``language``.

    >>> drill = deal(1, 3)
    >>> wrong = drill.answer()
    >>> wrong["pots"][0]["amount"] = "1"
    >>> marked = mark(drill, wrong)
    >>> marked["all_right"], marked["right"] == marked["total"] - 1, marked["rules_missed"]
    (False, True, ['A pot holds what every player put in between its two levels'])
    >>> marked = mark(drill, wrong, "el")
    >>> marked["items"][0]["what"], marked["rules_missed"] == [RULES["size"].in_language("el")]
    ('Κύριο ποτ: ποσό', True)
    """
    _ = words(language)
    result = drill.settlement()
    found = _Words(result, _)
    given_pots = list(answer.get("pots") or [])
    payouts = answer.get("payouts") or {}
    items: list[dict[str, Any]] = []

    def item(what: str, given: str, expected: str, ok: bool, rule: Callable[[], dict[str, str]]) -> None:
        items.append({"what": what, "given": given, "expected": expected, "ok": ok, **({} if ok else rule())})

    for i, pot in enumerate(result.pots):
        given = given_pots[i] if i < len(given_pots) and isinstance(given_pots[i], Mapping) else {}
        amount = _chips(given.get("amount", ""))
        item(
            _("{pot}: amount", pot=pot_name(pot, _)),
            str(given.get("amount", "")).strip(),
            fmt(pot.amount),
            amount is not None and amount == pot.amount,
            lambda i=i, amount=amount: _amount_rule(result, i, amount, found),  # type: ignore[misc]
        )
        if drill.runs:
            _mark_runs(drill, result, i, given, found, item)
            continue
        winners = _winners(given.get("winners", ""))
        item(
            _("{pot}: winner(s)", pot=pot_name(pot, _)),
            ", ".join(winners),
            ", ".join(pot.winners),
            winners == sorted(pot.winners),
            lambda i=i, winners=winners: _winners_rule(drill, result, i, winners, found),  # type: ignore[misc]
        )
    for player, paid in result.payouts.items():
        text = str(payouts.get(player, "")).strip()
        chips = _chips(text)
        item(
            _("{player}: receives", player=player),
            text,
            fmt(paid),
            chips is not None and chips == paid,
            lambda player=player, chips=chips: _payout_rule(result, player, chips, found),  # type: ignore[misc]
        )
    right = sum(1 for i in items if i["ok"])
    missed = list(dict.fromkeys(i["rule"] for i in items if not i["ok"] and i["rule"]))
    return {
        "items": items,
        "right": right,
        "total": len(items),
        "all_right": right == len(items),
        "rules_missed": missed,
        "explanation": explain(result, language),
    }
