"""What a room does not state is filled in from the chips and never called wrong; what it does
state is still checked (potengine.histories.stated, the record's ``not_stated``).

Each test takes a hand of the package's own PokerStars samples and rewrites it the way another
room would write the same hand (no uncalled-bet line, no rake line, no pot names, a cash drop),
then audits it: the verdict must stay consistent, the notes must say what was not checked, and a
hand made wrong in what is still stated must still be caught.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from potengine.histories import sample
from potengine.histories.audit import Verdict, audit_hand
from potengine.histories.pokerstars import parse_text
from potengine.histories.record import (
    POT_NAMES,
    RAKE,
    RETURNS,
    SIDE_POTS,
    TOTAL,
    Collection,
    HandHistory,
)
from potengine.pots.rake import Rake


def hand(name: str, hand_id: str) -> HandHistory:
    for item in parse_text(sample(name).read_text(encoding="utf-8")):
        assert isinstance(item, HandHistory)
        if item.hand_id == hand_id:
            return item
    raise AssertionError(f"no hand #{hand_id} in {name}")


def as_room(h: HandHistory, *unstated: str, **changes: object) -> HandHistory:
    return replace(h, not_stated=frozenset(unstated), **changes)  # type: ignore[arg-type]


def unstated_note(audit: object) -> str:
    notes = [n for n in audit.notes if n.startswith("not stated by the room")]  # type: ignore[attr-defined]
    assert len(notes) == 1, audit.notes  # type: ignore[attr-defined]
    return notes[0]


def test_a_hand_that_states_everything_gets_no_such_note() -> None:
    audit = audit_hand(hand("uncalled.txt", "250000000303"))
    assert audit.verdict is Verdict.CONSISTENT
    assert not [n for n in audit.notes if n.startswith("not stated")]


def test_a_return_paid_inside_the_collection_winamax_style_is_consistent() -> None:
    h = hand("uncalled.txt", "250000000301")  # Ann's 100 unmatched, then she takes the pot of 125
    room = as_room(h, RETURNS, returned=(), collections=(replace(h.collections[0], amount=225),))
    audit = audit_hand(room)
    assert audit.verdict is Verdict.CONSISTENT, audit.differences
    assert "the returns (the engine's: 100 to Ann; paid inside Ann's collected amount)" in unstated_note(
        audit
    )


def test_a_return_paid_as_a_collection_of_its_own_partypoker_style_is_consistent() -> None:
    h = hand("uncalled.txt", "250000000303")  # Bo's 500 unmatched; Bo 400 side pot, Ann 300 main
    own = Collection(h.collections[0].line, "Bo", 500, 2, "side pot-2")
    room = as_room(h, RETURNS, returned=(), collections=(*h.collections, own))
    audit = audit_hand(room)
    assert audit.verdict is Verdict.CONSISTENT, audit.differences
    assert "paid back to Bo in a collection of its own" in unstated_note(audit)


def test_a_return_left_out_altogether_is_consistent_and_still_counted_as_returned() -> None:
    h = hand("uncalled.txt", "250000000302")
    audit = audit_hand(as_room(h, RETURNS, returned=()))
    assert audit.verdict is Verdict.CONSISTENT, audit.differences
    assert "the returns (the engine's: 30 to Chloé)" in unstated_note(audit)


def test_a_stated_return_that_is_wrong_is_still_wrong() -> None:
    h = hand("uncalled.txt", "250000000302")
    audit = audit_hand(replace(h, returned=(("Chloé", 20),)))
    assert audit.verdict is Verdict.WRONG


def test_an_unstated_rake_is_taken_from_what_the_collections_leave() -> None:
    h = hand("cash_rake.txt", "250000000502")  # rake 1.35 over a main and a side pot
    room = as_room(h, RAKE, TOTAL, rake=Decimal("0"), withheld=())
    audit = audit_hand(room)
    assert audit.verdict is Verdict.CONSISTENT, audit.differences
    note = unstated_note(audit)
    assert "the rake (the 1.35 the collections leave of the pots is taken as withheld)" in note
    assert "the total pot" in note


def test_an_unstated_rake_is_still_held_against_a_rake_policy() -> None:
    h = hand("cash_rake.txt", "250000000502")
    room = as_room(h, RAKE, TOTAL, rake=Decimal("0"))
    assert audit_hand(room, rake=Rake(percent=5, cap=Decimal("3"))).verdict is Verdict.CONSISTENT
    wrong = audit_hand(room, rake=Rake(percent=10, cap=Decimal("3")))
    assert wrong.verdict is Verdict.WRONG
    assert any(
        d.startswith("rake: history withholds 1.35, the rake policy makes 2.70") for d in wrong.differences
    )


def test_collections_without_pot_names_are_placed_as_the_engine_awards_them() -> None:
    h = hand("side_pots.txt", "250000000103")  # Anna main 150, Cara sides 1 and 2, Eve side 3
    merged: dict[str, int] = {}
    for c in h.collections:
        merged[c.player] = merged.get(c.player, 0) + c.amount
    unnamed = tuple(Collection(h.collections[0].line, p, a, 0, "pot") for p, a in merged.items())
    room = as_room(h, POT_NAMES, SIDE_POTS, collections=unnamed, main_pot=None, side_pots=())
    audit = audit_hand(room)
    assert audit.verdict is Verdict.CONSISTENT, audit.differences
    assert "which pot each collection is from (placed main pot first)" in unstated_note(audit)
    assert "each pot's size (the total pot alone is stated)" in unstated_note(audit)


def test_collections_without_pot_names_paying_the_wrong_player_are_wrong() -> None:
    h = hand("side_pots.txt", "250000000102")  # Alice main 80, Bilal side 1 90, David side 2 80
    paid = {"Alice": 80, "Bilal": 80, "David": 90}  # Bilal and David's amounts swapped
    unnamed = tuple(Collection(h.collections[0].line, p, a, 0, "pot") for p, a in paid.items())
    audit = audit_hand(as_room(h, POT_NAMES, SIDE_POTS, collections=unnamed, main_pot=None, side_pots=()))
    assert audit.verdict is Verdict.WRONG
    assert any("history pays" in d and "the engine pays" in d for d in audit.differences), audit.differences


def test_a_total_that_is_stated_is_checked_even_when_the_pot_sizes_are_not() -> None:
    h = hand("side_pots.txt", "250000000102")
    room = as_room(h, SIDE_POTS, main_pot=None, side_pots=(), total_pot=h.total_pot + 10)
    audit = audit_hand(room)
    assert audit.verdict is Verdict.WRONG
    assert any(d.startswith("total pot: history says 260") for d in audit.differences), audit.differences


def test_money_the_room_adds_goes_into_the_main_pot_before_the_rake() -> None:
    h = hand("uncalled.txt", "250000000302")  # Alice main 90, Bilal side 80
    cash_drop = (("cash drop", 20),)
    first = h.collections[1]
    assert first.player == "Alice" and first.pot == 0
    paid = (h.collections[0], replace(first, amount=110))
    won = {**h.summary_won, "Alice": 110}
    room = replace(h, added=cash_drop, collections=paid, total_pot=190, main_pot=110, summary_won=won)
    audit = audit_hand(room, explain=True)
    assert audit.verdict is Verdict.CONSISTENT, audit.differences
    assert audit.awarded is not None and audit.awarded.pots[0].added == {"cash drop": 20}
    conservation = audit.steps[5].findings[-1]
    assert conservation == "paid 190 + returned 30 + withheld 0 = put in 200 + added by the room 20."


def test_money_the_room_adds_but_the_record_leaves_out_breaks_conservation() -> None:
    h = hand("uncalled.txt", "250000000302")
    first = h.collections[1]
    won = {**h.summary_won, "Alice": 110}
    paid = (h.collections[0], replace(first, amount=110))
    room = replace(h, collections=paid, total_pot=190, main_pot=110, summary_won=won)
    audit = audit_hand(room)
    assert audit.verdict is Verdict.WRONG
    assert any("but the players put in 200: 20 chips unexplained" in d for d in audit.differences), (
        audit.differences
    )


@pytest.mark.parametrize("unknown", ["rake", "pot names", "side pots", "total pot", "returns"])
def test_every_kind_of_not_stated_is_known(unknown: str) -> None:
    h = hand("uncalled.txt", "250000000302")
    assert unknown in as_room(h, unknown).not_stated


def test_an_unknown_kind_of_not_stated_is_refused_naming_it() -> None:
    h = hand("uncalled.txt", "250000000302")
    with pytest.raises(ValueError, match="not_stated names the jackpot: only pot names, rake"):
        as_room(h, "the jackpot")
