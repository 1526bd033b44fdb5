"""Drills that teach: the wrong answers a learner typically gives, and the rule the engine names.

Each test deals drills until one has the feature the mistake needs (a returned bet, a folded
player's chips in a pot, a tie, an odd chip, ...), writes the answer a learner gets wrong that way,
and checks that :func:`potengine.drills.mark` (or :func:`~potengine.drills.mark_pots`) names the
rule missed, with the engine's sentence about that pot or player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from potengine.chips import format_amount as fmt
from potengine.drills import RULES, Drill, deal, mark, mark_pots
from potengine.pots.settlement import Settlement
from potengine.present.live import mark_drill, new_drill
from potengine.present.words import join


def find(level: int, wanted: Callable[[Drill, Settlement], bool]) -> Drill:
    for seed in range(2000):
        drill = deal(level, seed)
        if wanted(drill, drill.settlement()):
            return drill
    raise AssertionError(f"no level-{level} drill has the feature")  # pragma: no cover


def wrong(marked: dict[str, Any], what: str) -> dict[str, Any]:
    (item,) = [i for i in marked["items"] if i["what"] == what]
    assert not item["ok"]
    return item


def rule(key: str) -> str:
    return RULES[key]


def test_the_question_does_not_tell_how_many_pots() -> None:
    drill = find(4, lambda d, r: len(r.pots) == 3)
    question = drill.question()
    assert "pots" not in question
    assert "pot" not in " ".join(map(str, question.values())).lower()
    assert new_drill(4, drill.seed) == question
    assert question["live"] == [p for p in drill.contributions if p not in drill.folded]


def test_the_right_answer_is_all_right_and_names_no_rule() -> None:
    for level in range(1, 6):
        drill = deal(level, 11)
        marked = mark(drill, drill.answer())
        assert marked["all_right"] and marked["rules_missed"] == []
        assert all("rule" not in item for item in marked["items"])
        assert mark_pots(drill, len(drill.settlement().pots))["ok"]


def test_counting_the_uncalled_part_as_a_pot() -> None:
    drill = find(2, lambda d, r: bool(r.refunds))
    result = drill.settlement()
    marked = mark_pots(drill, len(result.pots) + 1)
    assert not marked["ok"] and marked["rule"] == rule("uncalled")
    (player,) = result.refunds
    assert f"goes back to {player}" in marked["why"]
    assert marked["pots"] == [pot.name for pot in result.pots]  # the reader goes on with the right pots


def test_one_pot_where_a_short_stack_makes_two() -> None:
    drill = find(2, lambda d, r: len(r.pots) == 2)
    marked = mark_pots(drill, 1)
    assert marked["rule"] == rule("levels")
    unanswered = mark_pots(drill, "two")
    assert (
        unanswered["rule_key"] == "answer"
        and unanswered["rule"] == ""
        and "how many pots" in unanswered["why"]
    )


def test_a_folded_players_bet_counted_as_a_pot_of_its_own() -> None:
    drill = find(
        4,
        lambda d, r: (
            not r.refunds
            and any(
                r.contributions[p] not in {r.contributions[q] for q in r.seats if q not in r.folded}
                for p in r.folded
            )
        ),
    )
    marked = mark_pots(drill, len(drill.settlement().pots) + 1)
    assert marked["rule"] == rule("dead")
    assert "folded" in marked["why"]


def test_the_uncalled_part_left_in_the_last_pot() -> None:
    drill = find(2, lambda d, r: bool(r.refunds))
    result = drill.settlement()
    answer = drill.answer()
    last = len(result.pots) - 1
    answer["pots"][last]["amount"] = fmt(result.pots[last].amount + sum(result.refunds.values()))
    item = wrong(mark(drill, answer), f"{result.pots[last].name}: amount")
    assert item["rule"] == rule("uncalled")
    assert "(returned, not won)" in item["why"]  # the engine's sentence


def test_the_uncalled_part_not_given_back_to_its_player() -> None:
    drill = find(1, lambda d, r: bool(r.refunds))
    result = drill.settlement()
    (player, chips) = next(iter(result.refunds.items()))
    answer = drill.answer()
    answer["payouts"][player] = fmt(result.payouts[player] - chips)
    item = wrong(mark(drill, answer), f"{player}: receives")
    assert item["rule"] == rule("uncalled")
    assert f"returned {fmt(chips)}" in item["why"]


def test_the_folded_chips_left_out_of_the_pot() -> None:
    drill = find(3, lambda d, r: any(p in r.pots[0].contributions for p in r.folded))
    result = drill.settlement()
    pot = result.pots[0]
    dead = sum(pot.contributions.get(p, 0) for p in result.folded)
    answer = drill.answer()
    answer["pots"][0]["amount"] = fmt(pot.amount - dead)
    item = wrong(mark(drill, answer), "Main pot: amount")
    assert item["rule"] == rule("dead")
    assert "chips stay in the pots" in item["why"]
    assert item["why"].endswith(f"{pot.formula} (of which {fmt(dead)} dead), for {join(pot.eligible)}.")


def test_the_whole_pot_to_the_short_stack() -> None:
    drill = find(2, lambda d, r: len(r.pots) == 2 and r.pots[1].winners != r.pots[0].winners)
    result = drill.settlement()
    answer = drill.answer()
    answer["pots"][0]["amount"] = fmt(result.pots[0].amount + result.pots[1].amount)
    item = wrong(mark(drill, answer), "Main pot: amount")
    assert item["rule"] == rule("capped")
    # The side pot given to the main pot's winner, who did not match it
    short = result.pots[0].winners[0]
    answer = drill.answer()
    if short not in result.pots[1].eligible:
        answer["pots"][1]["winners"] = short
        item = wrong(mark(drill, answer), "Side pot 1: winner(s)")
        assert item["rule"] == rule("capped")
        assert item["why"].startswith("Side pot 1: ")


def test_a_folded_player_named_a_winner() -> None:
    drill = find(3, lambda d, r: bool(r.folded))
    answer = drill.answer()
    answer["pots"][0]["winners"] = drill.folded[0]
    item = wrong(mark(drill, answer), "Main pot: winner(s)")
    assert item["rule"] == rule("folded")


def test_a_worse_hand_named_the_winner() -> None:
    drill = find(2, lambda d, r: len(r.pots[0].winners) == 1)
    result = drill.settlement()
    other = next(p for p in result.pots[0].eligible if p not in result.pots[0].winners)
    answer = drill.answer()
    answer["pots"][0]["winners"] = other
    item = wrong(mark(drill, answer), "Main pot: winner(s)")
    assert item["rule"] == rule("best")
    assert "the best hand among" in item["why"]


def test_one_of_two_tied_hands_named_alone() -> None:
    drill = find(4, lambda d, r: len(r.pots[0].winners) == 2)
    pot = drill.settlement().pots[0]
    answer = drill.answer()
    answer["pots"][0]["winners"] = pot.winners[0]
    item = wrong(mark(drill, answer), "Main pot: winner(s)")
    assert item["rule"] == rule("tie")
    assert "is split between the equal hands of" in item["why"]


def test_a_tie_carried_into_a_side_pot_the_tied_player_did_not_match() -> None:
    def carried(d: Drill, r: Settlement) -> bool:
        return any(
            len(r.pots[0].winners) > 1 and any(w not in pot.eligible for w in r.pots[0].winners)
            for pot in r.pots[1:]
        )

    drill = find(4, carried)
    result = drill.settlement()
    tied = result.pots[0].winners
    i, pot = next((i, pot) for i, pot in enumerate(result.pots) if any(w not in pot.eligible for w in tied))
    answer = drill.answer()
    answer["pots"][i]["winners"] = list(dict.fromkeys([*pot.winners, *tied]))
    item = wrong(mark(drill, answer), f"{pot.name}: winner(s)")
    assert item["rule"] == rule("tie_own_pot")


def test_the_odd_chip_given_to_the_wrong_seat() -> None:
    drill = find(5, lambda d, r: any(len(set(p.shares.values())) > 1 for p in r.pots))
    result = drill.settlement()
    pot = next(p for p in result.pots if len(set(p.shares.values())) > 1)
    top = max(pot.shares.values())
    lucky = next(p for p, s in pot.shares.items() if s == top)
    unlucky = next(p for p, s in pot.shares.items() if s < top)
    answer = drill.answer()
    answer["payouts"][lucky] = fmt(result.payouts[lucky] - 1)
    answer["payouts"][unlucky] = fmt(result.payouts[unlucky] + 1)
    marked = mark(drill, answer)
    for player in (lucky, unlucky):
        item = wrong(marked, f"{player}: receives")
        assert item["rule"] == rule("odd_chip")
        assert f"first clockwise from the button ({result.button})" in item["why"]
    assert marked["rules_missed"] == [rule("odd_chip")]


def test_a_payout_added_up_wrong_names_the_sum_and_the_shares() -> None:
    drill = find(4, lambda d, r: not r.refunds)
    result = drill.settlement()
    player = next(p for p, a in result.payouts.items() if a)
    answer = drill.answer()
    answer["payouts"][player] = fmt(result.payouts[player] + 50)
    item = wrong(mark(drill, answer), f"{player}: receives")
    assert item["rule"] == rule("sum")
    assert item["why"].startswith(f"{player} receives {fmt(result.payouts[player])}: main pot")


@pytest.mark.parametrize("given", ["", "lots", "-5"])
def test_an_answer_that_is_not_chips_asks_for_a_number(given: str) -> None:
    drill = deal(1, 5)
    answer = drill.answer()
    answer["pots"][0]["amount"] = given
    marked = mark(drill, answer)
    item = wrong(marked, "Main pot: amount")
    assert item["rule_key"] == "answer" and item["rule"] == ""
    assert item["why"].startswith("Main pot: ")
    assert marked["rules_missed"] == []


def test_the_page_call_marks_with_the_rules_and_the_tables() -> None:
    drill = find(2, lambda d, r: bool(r.refunds))
    marked = mark_drill(2, drill.seed, {"pots": [], "payouts": {}})
    assert not marked["all_right"] and marked["rules_missed"]
    assert "<table" in marked["tables"]
