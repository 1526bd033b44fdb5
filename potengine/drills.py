"""Dealer drills: random end-of-hand situations to settle by hand, and the marking of the answer.

:func:`deal` makes a situation from a level and a seed (the same pair always makes the same
situation, so a drill can be shared as a link); the engine settles it and :func:`mark` compares
the reader's answer with the engine's, item by item: each pot's amount and winners, and each
player's payout (what he receives, returned chips included).

Levels:

1. two players, one all-in (the covering player's extra chips go back);
2. three players, one all-in: a main pot and a side pot;
3. four players, two all-ins and a fold;
4. five players with folds and a tie;
5. six players with folds, ties and odd chips.

>>> drill = deal(2, 7)
>>> len(drill.contributions), len(drill.settlement().pots)
(3, 2)
>>> right = drill.answer()
>>> mark(drill, right)["all_right"]
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .chips import Amount
from .chips import format_amount as fmt
from .chips import parse_amount as _amount
from .errors import InputError, PotEngineError
from .pots.ranking import Tiers
from .pots.settlement import Settlement, settle
from .present.words import explain

LEVELS = {
    1: "Two players, one all-in",
    2: "Three players, one all-in",
    3: "Four players, two all-ins and a fold",
    4: "Five players with folds and a tie",
    5: "Six players with folds, ties and odd chips",
}
"""Each level's title."""

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

    def settlement(self) -> Settlement:
        """The engine's settlement of the situation (the model answer)."""
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

    def question(self) -> dict[str, Any]:
        """What the reader is shown: the players, the showdown and how many pots to fill in."""
        result = self.settlement()
        return {
            "level": self.level,
            "seed": self.seed,
            "title": LEVELS[self.level],
            "players": [
                {"name": p, "put_in": fmt(c), "folded": p in self.folded, "button": p == self.button}
                for p, c in self.contributions.items()
            ],
            "ranking": self.ranking_text,
            "chip": fmt(self.chip),
            "pots": [pot.name for pot in result.pots],
        }

    def answer(self) -> dict[str, Any]:
        """The right answer, in the form :func:`mark` reads."""
        result = self.settlement()
        return {
            "pots": [{"amount": fmt(pot.amount), "winners": ", ".join(pot.winners)} for pot in result.pots],
            "payouts": {p: fmt(a) for p, a in result.payouts.items()},
        }


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


def deal(level: int, seed: int) -> Drill:
    """The situation of ``level`` (1–5) made from ``seed`` (0 ≤ seed < 10⁹).

    The same pair always makes the same drill, in CPython and in the browser alike.

    >>> drill = deal(5, 42)
    >>> len(drill.contributions), len(drill.folded), deal(5, 42) == drill
    (6, 2, True)
    >>> deal(9, 1)
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: drill level must be 1 to 5, not 9
    """
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise InputError(f"drill level must be 1 to {len(LEVELS)}, not {level!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise InputError(f"drill seed must be a whole number from 0 to {MAX_SEED - 1}, not {seed!r}")
    rng = random.Random(level * MAX_SEED + seed)
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


def _chips(text: Any, what: str) -> Amount | None:
    try:
        return _amount(str(text), what)
    except PotEngineError:
        return None


def mark(drill: Drill, answer: Mapping[str, Any]) -> dict[str, Any]:
    """Compare the reader's answer with the engine's settlement, item by item.

    ``answer`` holds ``pots`` (a list, main pot first, of ``{"amount": ..., "winners": ...}``,
    winners as a list or as names separated by commas) and ``payouts`` (player → chips received,
    returned chips included). Every item comes back with what was given, what is right and
    whether they agree, then the score and the engine's explanation in words.

    >>> drill = deal(1, 3)
    >>> wrong = drill.answer()
    >>> wrong["pots"][0]["amount"] = "1"
    >>> marked = mark(drill, wrong)
    >>> marked["all_right"], marked["right"] == marked["total"] - 1
    (False, True)
    """
    result = drill.settlement()
    given_pots = list(answer.get("pots") or [])
    payouts = answer.get("payouts") or {}
    items = []

    def item(what: str, given: str, expected: str, ok: bool) -> None:
        items.append({"what": what, "given": given, "expected": expected, "ok": ok})

    for i, pot in enumerate(result.pots):
        given = given_pots[i] if i < len(given_pots) and isinstance(given_pots[i], Mapping) else {}
        amount = _chips(given.get("amount", ""), f"the {pot.name.lower()}")
        item(
            f"{pot.name}: amount",
            str(given.get("amount", "")).strip(),
            fmt(pot.amount),
            amount is not None and amount == pot.amount,
        )
        winners = _winners(given.get("winners", ""))
        item(
            f"{pot.name}: winner(s)",
            ", ".join(winners),
            ", ".join(pot.winners),
            winners == sorted(pot.winners),
        )
    for player, paid in result.payouts.items():
        text = str(payouts.get(player, "")).strip()
        chips = _chips(text, f"{player}'s payout")
        item(f"{player}: receives", text, fmt(paid), chips is not None and chips == paid)
    right = sum(1 for i in items if i["ok"])
    return {
        "items": items,
        "right": right,
        "total": len(items),
        "all_right": right == len(items),
        "explanation": explain(result),
    }
