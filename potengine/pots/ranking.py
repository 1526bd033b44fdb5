"""Showdown rankings: who beat whom, written best first with ties grouped.

A ranking is a sequence whose entries are either one player (a string) or a group of players with
equal hands (a tuple, list, set or frozenset). :func:`normalise_ranking` turns it into tiers: a
tuple of tuples, best tier first.

>>> normalise_ranking(["Alice", ("Bilal", "Chloé")], live=["Alice", "Bilal", "Chloé"], folded=[])
(('Alice',), ('Bilal', 'Chloé'))
>>> parse_ranking("Alice > Chloé = Bilal")
['Alice', ('Chloé', 'Bilal')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..errors import InputError, said

Tiers = tuple[tuple[str, ...], ...]


def _name(player: object) -> str:
    """A player's name for an error message, cut short if it is absurdly long.

    >>> _name("Alice"), _name("x" * 100)
    ("'Alice'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)")
    """
    text = repr(player)
    if len(text) <= 60:
        return text
    length = f" ({len(player)} characters)" if isinstance(player, str) else ""
    return text[:41] + "…'" + length


def normalise_ranking(
    ranking: Sequence[str | Iterable[str]],
    *,
    live: Sequence[str],
    folded: Iterable[str],
) -> Tiers:
    """Check a showdown ranking against the players and return it as tiers, best first.

    Every live player must appear exactly once; folded players have no hand to rank; unknown
    names are refused. Inside a tie group, players are kept in seat order.

    >>> normalise_ranking(["Alice", "Eve"], live=["Alice", "Bilal"], folded=[])
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: ranking names 'Eve', who is not seated (players: Alice, Bilal)
    """
    kind = type(ranking)
    if (
        kind is not list
        and kind is not tuple
        and (isinstance(ranking, (str, bytes)) or not isinstance(ranking, Iterable))
    ):
        raise InputError(
            said(
                "ranking must be a list of players, best first, with tied players grouped in a "
                "tuple, e.g. ['Alice', ('Bilal', 'Chloé')]; got {ranking}",
                ranking=repr(ranking),
            )
        )
    seat_of = {p: i for i, p in enumerate(live)}
    seen: set[str] = set()
    tiers: list[tuple[str, ...]] = []
    entry: object
    for entry in ranking:
        if type(entry) is str:
            group: tuple[object, ...] = (entry,)
        elif isinstance(entry, (tuple, list, set, frozenset)):
            group = tuple(entry)
        elif isinstance(entry, str):
            group = (entry,)
        elif isinstance(entry, Iterable):
            group = tuple(entry)
        else:
            raise InputError(said("ranking entries must be player names, got {entry}", entry=_name(entry)))
        if not group:
            raise InputError(said("ranking has an empty tie group"))
        names: list[str] = []
        for player in group:
            if type(player) is str and player in seat_of and player not in seen:
                seen.add(player)
                names.append(player)
            else:
                _refuse(player, seen, live, folded)
        tiers.append((names[0],) if len(names) == 1 else tuple(sorted(names, key=seat_of.__getitem__)))
    if len(seen) < len(seat_of):
        missing = [p for p in live if p not in seen]
        raise InputError(
            said(
                "ranking leaves out live player(s) {players}: every player who reaches the showdown "
                "needs a place in it",
                players=", ".join(_name(p) for p in missing),
            )
        )
    return tuple(tiers)


def _refuse(player: object, seen: set[str], live: Sequence[str], folded: Iterable[str]) -> None:
    """Raise the error that says why ``player`` cannot take a place in the ranking."""
    if not isinstance(player, str):
        raise InputError(said("ranking entries must be player names, got {player}", player=_name(player)))
    folded = set(folded)
    if player in folded:
        raise InputError(
            said(
                "ranking names {player}, who folded: a folded player has no hand at the showdown; "
                "leave him out of the ranking",
                player=_name(player),
            )
        )
    if player in seen:
        raise InputError(said("ranking names {player} twice", player=_name(player)))
    seated = list(live) + sorted(folded)
    raise InputError(
        said(
            "ranking names {player}, who is not seated (players: {players})",
            player=_name(player),
            players=", ".join(map(str, seated))[:200],
        )
    )


def parse_ranking(text: str) -> list[str | tuple[str, ...]]:
    """Read a ranking written as ``"Alice > Chloé = Bilal"``: ``>`` beats, ``=`` ties.

    >>> parse_ranking("A > B = C > D")
    ['A', ('B', 'C'), 'D']
    >>> parse_ranking("A > > B")
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: ranking 'A > > B' has an empty name; write it like 'Alice > Chloé = Bilal'
    """
    result: list[str | tuple[str, ...]] = []
    for chunk in text.split(">"):
        names = tuple(name.strip() for name in chunk.split("="))
        if not all(names):
            raise InputError(
                said(
                    "ranking {text} has an empty name; write it like 'Alice > Chloé = Bilal'", text=repr(text)
                )
            )
        result.append(names[0] if len(names) == 1 else names)
    return result


def check_shown_hands(hands: object, seats: Sequence[str], live: Sequence[str], example: str) -> None:
    """Check the cards given for a showdown: a mapping, seated players only, every live player.

    ``example`` shows the expected form in the error, e.g. ``{'Alice': 'As Ah'}``.

    >>> check_shown_hands({"A": "As Ah"}, ["A", "B"], ["A", "B"], "{'Alice': 'As Ah'}")
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: no cards for live player(s) 'B': every player who reaches the
        showdown must show his hand
    """
    if not isinstance(hands, Mapping):
        raise InputError(
            said("hands must map each player to his hole cards, e.g. {example}", example=example)
        )
    for player in hands:
        if player not in seats:
            raise InputError(
                said(
                    "hands names {player}, who is not seated (players: {players})",
                    player=repr(player),
                    players=", ".join(seats),
                )
            )
    missing = [p for p in live if p not in hands]
    if missing:
        raise InputError(
            said(
                "no cards for live player(s) {players}: every player who reaches the showdown must "
                "show his hand",
                players=", ".join(repr(p) for p in missing),
            )
        )
