"""Who won: from the shown cards, or, when the cards do not tell, from the collected lines.

Step 5 of the audit (:mod:`potengine.histories.audit`: "hands compared per pot") needs, for each
hand, the players in order of their hands, best first, ties together (:data:`~potengine.pots.ranking.Tiers`).
This module finds that order; :mod:`~potengine.histories.pot_check` then awards each pot by it
and compares the awards with the history's collected lines.

- :func:`duplicate_cards` names every card a history deals twice (shown cards are then no
  evidence);
- ``_ranking`` ranks the live players by their shown cards when every one of them showed
  (hold'em, Omaha high or hi-lo, 6+ Hold'em), and otherwise reads the order from the collected
  lines; ``_cards_note`` says a showdown in words;
- 6+ Hold'em (short deck): ``_short_deck_ranking`` ranks with the 36-card evaluator
  (:mod:`potengine.cards.short_deck`) in the order of a straight and three of a kind that the
  collected lines fit, named by :data:`TRIPS_ABOVE_STRAIGHT`, :data:`STRAIGHT_ABOVE_TRIPS` or
  :data:`NEITHER_ORDER`, unless the record's game names the order its room deals
  (:func:`stated_short_deck_rules`: GGPoker's); ``_short_deck_game`` is the engine's game for that order;
- ``_hilo_from_lines``: a hi-lo pot whose low hands were not all shown, split as the collected
  lines pay it when one split of high and low halves does; ``_hilo_by_totals``: the same for all
  the pots at once, from each player's total, when the room names no pot (its collections are
  placed main pot first, so one pot's lines are not that pot's).

It reads the record and the card evaluators; it writes no verdict and imports nothing of the
auditor's other modules.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..cards.evaluate import rank_players
from ..cards.short_deck import RULES as SHORT_DECK_RULES
from ..cards.short_deck import rank_short_deck_players, rules_consistent_with
from ..chips import Amount
from ..chips import format_amount as fmt
from ..errors import PotEngineError, message_of, said
from ..pots.hilo import award_hilo, rank_hilo_by_cards
from ..pots.layout import Pot
from ..pots.ranking import Tiers
from ..pots.settlement import award
from .record import HandHistory
from .verdicts import semicolons


def duplicate_cards(hand: HandHistory) -> list[str]:
    """A difference in words for every card the history deals twice (board and shown hands).

    A deck holds each card once: a shown card that is also on the board, or shown by two
    players, or a board card dealt twice, makes the history impossible.

    >>> from potengine.histories.pokerstars import read_file
    >>> hand = read_file(DATA / "pokerstars/side_pots.txt")[0]
    >>> duplicate_cards(hand)
    []
    >>> from dataclasses import replace
    >>> duplicate_cards(replace(hand, shown={**hand.shown, "Chloé": ("Kd", "Ad")}))
    ['cards: Kd is dealt twice (on the board and shown by Chloé)']
    """
    seen: dict[str, str | None] = {}  # who holds each card dealt so far (None: the board)
    problems: list[str] = []
    for holder, cards in [(None, hand.board), *hand.shown.items()]:
        for card in cards:
            key = "T" + card[-1] if card.startswith("10") else card  # "10c" is "Tc"
            if key not in seen:
                seen[key] = holder
                continue
            first, where = _place(seen[key]), _place(holder)
            both = (
                said("{first} and {then}", first=first, then=where)
                if first != where
                else said("twice {where}", where=where)
            )
            problems.append(said("cards: {card} is dealt twice ({where})", card=card, where=both))
    return problems


def _place(holder: str | None) -> str:
    return said("on the board") if holder is None else said("shown by {player}", player=holder)


def _ranking(
    hand: HandHistory,
    live: Sequence[str],
    pots: Sequence[Pot],
    paid: Sequence[Mapping[str, Amount]],
    notes: list[str] | None,
    *,
    cards_ok: bool = True,
    remarks: list[str] | None = None,
) -> tuple[Tiers, str, dict[str, Any] | None, Tiers | None]:
    """Tiers best first: from the shown cards if every live player showed, else the collections;
    and the low tiers of a hi-lo hand (qualifying lows only), ``None`` when the cards do not tell
    them (the collected lines then say who won each half), ``()`` for no low or a game without.
    How the winners were decided goes into ``notes``, unless it is ``None``; the order of a 6+
    Hold'em showdown read from the collected lines (see :func:`_short_deck_ranking`) into
    ``remarks``."""
    if len(live) == 1:
        if notes is not None:
            notes.append(said("everybody else folded: {player} takes the pot", player=live[0]))
        return ((live[0],),), "folds", None, ()
    if not cards_ok:
        if notes is not None:
            notes.append(said("the shown cards are impossible: the collected lines say who won each pot"))
    elif all(p in hand.shown for p in live) and len(hand.board) == 5 and hand.omaha:
        try:
            high_tiers, omaha_values, lows, low_values, _ = rank_hilo_by_cards(
                {p: " ".join(hand.shown[p]) for p in live},
                " ".join(hand.board),
                game="omaha-hi-lo" if hand.hi_lo else "omaha",
                seats=hand.players,
                live=live,
            )
        except PotEngineError as err:
            if notes is not None:
                notes.append(
                    said(
                        "the shown cards cannot be ranked ({error}); the collected lines decide",
                        error=message_of(err),
                    )
                )
        else:
            if notes is None:
                return high_tiers, "cards", None, lows
            notes.append(_cards_note(high_tiers, omaha_values))
            if hand.hi_lo:
                if lows:
                    hands = [
                        said("{player}: {hand}", player=p, hand=v.said)
                        for t in lows
                        for p in t
                        if (v := low_values[p])
                    ]
                    notes.append(
                        said(
                            "low: {order} ({hands})",
                            order=" > ".join(" = ".join(t) for t in lows),
                            hands=semicolons(hands),
                        )
                    )
                else:
                    notes.append(said("low: no qualifying low (eight or better)"))
            return high_tiers, "cards", None, lows
    elif all(p in hand.shown for p in live) and len(hand.board) == 5:
        try:
            if hand.short_deck:  # 6+ Hold'em: the 36-card ranking, in the order the lines fit
                by_cards, values = _short_deck_ranking(hand, live, pots, paid, remarks)
            else:
                by_cards, values = rank_players(
                    {p: " ".join(hand.shown[p]) for p in live}, " ".join(hand.board)
                )
        except PotEngineError as err:
            if notes is not None:
                notes.append(
                    said(
                        "the shown cards cannot be ranked ({error}); the collected lines decide",
                        error=message_of(err),
                    )
                )
        else:
            if notes is not None:
                notes.append(_cards_note(by_cards, values))
            return tuple(tuple(t) for t in by_cards), "cards", values, ()
    if cards_ok and notes is not None:
        notes.append(said("not every live player showed: the collected lines say who won each pot"))
    ranked: list[str] = []
    tiers: list[tuple[str, ...]] = []
    for pays in paid:
        group = tuple(p for p in pays if p in live and p not in ranked)
        if group:
            tiers.append(group)
            ranked.extend(group)
    rest = tuple(p for p in live if p not in ranked)
    if rest:
        tiers.append(rest)
    return tuple(tiers), "collected lines", None, None


TRIPS_ABOVE_STRAIGHT = said(
    "three of a kind ranked above a straight, as PokerStars did at the launch of 6+ Hold'em "
    "(the one order the collected lines fit)"
)


STRAIGHT_ABOVE_TRIPS = said(
    "a straight ranked above three of a kind, as in hold'em (the one order the collected lines fit)"
)


NEITHER_ORDER = said(
    "the collected lines fit neither order of a straight and three of a kind: checked with a "
    "straight above three of a kind"
)


def _short_deck_ranking(
    hand: HandHistory,
    live: Sequence[str],
    pots: Sequence[Pot],
    paid: Sequence[Mapping[str, Amount]],
    remarks: list[str] | None,
) -> tuple[list[tuple[str, ...]], dict[str, Any]]:
    """A 6+ Hold'em showdown ranked with the 36-card evaluator (:mod:`potengine.cards.short_deck`).

    Whether PokerStars ranks three of a kind above a straight is not settled (it did at the
    launch; reports differ since), so the order is read from the hand: where the two orders rank
    the shown hands differently, each pot's collected lines are matched against each order
    (:func:`~potengine.cards.short_deck.rules_consistent_with`). One order fitting is the one
    used, named in ``remarks``; both fitting, the hold'em order, no remark; neither, the hold'em
    order too, said in ``remarks``, and the pots it pays differently are found wrong. A record
    whose game names the order (:func:`stated_short_deck_rules`: a room whose rules state it) is
    ranked by that order alone, and a pot paid by the other is found wrong.
    """
    hands = {p: " ".join(hand.shown[p]) for p in live}
    board = " ".join(hand.board)
    stated = stated_short_deck_rules(hand.game)
    if stated is not None:  # the room's rules name the order: ranked by it, nothing to read
        return rank_short_deck_players(hands, board, stated)
    triton, trips = (rank_short_deck_players(hands, board, rules) for rules in SHORT_DECK_RULES)
    if triton[0] == trips[0]:
        return triton
    fits = set(SHORT_DECK_RULES)
    contested: Sequence[Pot | None] = pots or [None]  # no pots given: every live player's
    for pot, pays in zip(contested, paid, strict=False):
        contenders = {p: cards for p, cards in hands.items() if pot is None or p in pot.eligible}
        winners = [p for p, amount in pays.items() if amount and p in contenders]
        if len(contenders) > 1 and winners:
            fits.intersection_update(rules_consistent_with(contenders, board, winners))
    if fits == {"trips-beat-straight"}:
        note, ranked = TRIPS_ABOVE_STRAIGHT, trips
    else:
        note, ranked = (STRAIGHT_ABOVE_TRIPS if fits else NEITHER_ORDER), triton
        if len(fits) == 2:
            return triton
    if remarks is not None and note not in remarks:
        remarks.append(note)
    return ranked


def stated_short_deck_rules(game: str) -> str | None:
    """The short-deck order a record's game names at its end, for a room whose rules state it
    (GGPoker's Short Deck: ``"6+ Hold'em No Limit (triton)"``); None when the showdown tells it
    (PokerStars' 6+ Hold'em, see ``_short_deck_ranking``).

    >>> [stated_short_deck_rules(g) for g in ("6+ Hold'em No Limit (triton)", "6+ Hold'em No Limit")]
    ['triton', None]
    """
    if game[-1:] == ")":
        for rules in SHORT_DECK_RULES:
            if game.endswith(f"({rules})"):
                return rules
    return None


def _short_deck_game(remarks: Sequence[str], game: str) -> str:
    """The engine's game for a 6+ Hold'em hand: the order its showdown was checked with (the
    order its record's game names, if it names one)."""
    stated = stated_short_deck_rules(game)
    if stated is not None:
        return "short-deck" if stated == "triton" else "short-deck-trips-beat-straight"
    return "short-deck-trips-beat-straight" if TRIPS_ABOVE_STRAIGHT in remarks else "short-deck"


def _cards_note(tiers: Sequence[Sequence[str]], values: Mapping[str, Any]) -> str:
    """The note of a showdown ranked by the cards: the order, then each hand in words."""
    order = " > ".join(" = ".join(t) for t in tiers)
    hands = semicolons([said("{player}: {hand}", player=p, hand=values[p].said) for t in tiers for p in t])
    return said("cards: {order} ({hands})", order=order, hands=hands)


def _hilo_from_lines(
    pot: Pot,
    tiers: Tiers,
    site_pays: Mapping[str, Amount],
    order: Sequence[str],
    chip: Amount,
    notes: list[str],
    name: str,
    *,
    no_low: bool,
) -> Pot:
    """A hi-lo pot whose winners the cards do not tell: the split of the pot (high half to some of
    the players the collected lines pay, low half to some, odd chip to high) that gives what the
    site paid, if there is one; else (and when the history says "No low hand qualified") the
    whole pot to the best high hand(s) the lines name."""
    whole = award(pot, tiers, order=order, chip=chip)
    paid = [p for p in pot.eligible if p in site_pays]
    if no_low or not 0 < len(paid) <= 5:
        return whole
    groups = [tuple(p for k, p in enumerate(paid) if mask >> k & 1) for mask in range(1, 1 << len(paid))]
    for high in groups:
        rest = tuple(t for t in ((q for q in group if q not in high) for group in tiers) if t)
        for low in groups:
            if set(high) | set(low) != set(paid):
                continue
            won = award_hilo(pot, (high, *(tuple(t) for t in rest)), (low,), order=order, chip=chip)
            if {p: a for p, a in won.shares.items() if a} == dict(site_pays):
                notes.append(
                    said(
                        "{pot}: not every live player showed; the collected lines pay the high half "
                        "({high_amount}) to {high} and the low half ({low_amount}) to {low}",
                        pot=name,
                        high_amount=fmt(won.high_amount),
                        high=", ".join(high),
                        low_amount=fmt(won.low_amount),
                        low=", ".join(low),
                    )
                )
                return won
    return whole


_HILO_SEARCH = 20_000
"""How many pot awards :func:`_hilo_by_totals` tries at most before it gives up."""


def _hilo_by_totals(
    pots: Sequence[Pot],
    tiers: Tiers,
    paid: Sequence[Mapping[str, Amount]],
    order: Sequence[str],
    chip: Amount,
    *,
    no_low: bool,
) -> list[Mapping[str, Amount]] | None:
    """The shares of a hi-lo hand's pots, some player's high and some player's low in each (or the
    whole pot to the best high hand), that pay every player exactly what his collections add up
    to over all the pots; ``None`` when none does (or the search grows too long).

    For a room that names no pot (see :mod:`potengine.histories.stated`) in a hi-lo hand whose
    cards do not tell the winners: placed main pot first, a player's high and low halves of two
    pots cannot be told apart; the split each pot must have can, from the totals.
    """
    totals: dict[str, Amount] = {}
    for pays in paid:
        for player, amount in pays.items():
            totals[player] = totals[player] + amount if player in totals else amount
    tries = 0

    def candidates(pot: Pot, left: Mapping[str, Amount]) -> Iterator[Pot]:
        yield award(pot, tiers, order=order, chip=chip)
        names = [p for p in pot.eligible if left.get(p)]
        if no_low or not 0 < len(names) <= 5:
            return
        groups = [
            tuple(p for k, p in enumerate(names) if mask >> k & 1) for mask in range(1, 1 << len(names))
        ]
        for high in groups:
            rest = tuple(t for t in (tuple(q for q in group if q not in high) for group in tiers) if t)
            for low in groups:
                yield award_hilo(pot, (high, *rest), (low,), order=order, chip=chip)

    def search(i: int, left: dict[str, Amount]) -> list[Mapping[str, Amount]] | None:
        nonlocal tries
        if i == len(pots):
            return [] if not any(left.values()) else None
        for won in candidates(pots[i], left):
            tries += 1
            if tries > _HILO_SEARCH:
                return None
            shares = {p: a for p, a in won.shares.items() if a}
            if all(left.get(p, 0) >= a for p, a in shares.items()):
                rest = search(i + 1, {p: a - shares.get(p, 0) for p, a in left.items()})
                if rest is not None:
                    return [shares, *rest]
        return None

    return search(0, totals)
