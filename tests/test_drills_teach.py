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
    for level in range(1, 7):
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


# ----------------------------------------------------------------------------------------------
# Run it twice (level 6)
# ----------------------------------------------------------------------------------------------


def odd_division(drill: Drill, result: Settlement) -> bool:
    return any(len({part.amount for part in pot.runs}) > 1 for pot in result.pots)


def test_a_run_twice_drill_asks_each_runs_showdown_and_never_the_pots() -> None:
    drill = deal(6, 5)
    question = new_drill(6, 5)
    assert question["runs"] == drill.run_texts and len(question["runs"]) == 2
    assert "pot" not in " ".join(map(str, question.values())).lower()
    answer = drill.answer()
    assert all("parts" in pot and "run" in pot for pot in answer["pots"])
    assert mark_drill(6, 5, answer)["all_right"]


def test_the_odd_chip_of_the_division_given_to_the_second_run() -> None:
    drill = find(6, odd_division)
    result = drill.settlement()
    i = next(i for i, pot in enumerate(result.pots) if len({p.amount for p in pot.runs}) > 1)
    answer = drill.answer()
    first, second = answer["pots"][i]["parts"]
    first["amount"], second["amount"] = second["amount"], first["amount"]
    marked = mark(drill, answer)
    name = result.pots[i].name
    for run in (1, 2):
        item = wrong(marked, f"{name}, run {run}: part")
        assert item["rule"] == rule("run_odd_chip") == "The odd chip of the division goes to the first run"
        assert "(the odd chip of the division goes to the first run)" in item["why"]
    assert marked["rules_missed"] == [rule("run_odd_chip")]


def test_the_whole_pot_given_to_one_run_misses_the_division() -> None:
    drill = find(6, lambda d, r: any(pot.runs for pot in r.pots))
    result = drill.settlement()
    i = next(i for i, pot in enumerate(result.pots) if pot.runs)
    answer = drill.answer()
    answer["pots"][i]["parts"][0]["amount"] = fmt(result.pots[i].awarded)
    item = wrong(mark(drill, answer), f"{result.pots[i].name}, run 1: part")
    assert item["rule_key"] == "divided" and item["rule"] == rule("divided")
    assert item["why"].startswith("The hand is run twice: each pot that more than one player can win")
    # Said "paid once" for a pot that is run: the same rule.
    answer = drill.answer()
    answer["pots"][i].update(run=False, winners=answer["pots"][i]["parts"][0]["winners"])
    item = wrong(mark(drill, answer), f"{result.pots[i].name}: run twice or paid once")
    assert item["rule_key"] == "divided" and item["expected"] == "run twice" and item["given"] == "paid once"


def test_a_side_pot_one_player_can_win_is_not_run() -> None:
    drill = find(6, lambda d, r: any(not pot.runs for pot in r.pots))
    result = drill.settlement()
    i = next(i for i, pot in enumerate(result.pots) if not pot.runs)
    pot = result.pots[i]
    answer = drill.answer()
    assert answer["pots"][i]["run"] is False and answer["pots"][i]["parts"] == []
    half = fmt(pot.amount // 2)
    answer["pots"][i].update(run=True, parts=[{"amount": half, "winners": pot.winners[0]}] * 2)
    marked = mark(drill, answer)
    item = wrong(marked, f"{pot.name}: run twice or paid once")
    assert (
        item["rule"] == rule("not_run") == "A side pot with one eligible player is not run: it is paid once"
    )
    assert item["why"].startswith(f"{pot.name} is not run: only {pot.eligible[0]} can win it")
    assert wrong(marked, f"{pot.name}: winner")["rule_key"] == "not_run"


def test_a_runs_part_given_to_the_other_runs_winner() -> None:
    drill = find(
        6, lambda d, r: any(pot.runs and pot.runs[0].winners != pot.runs[1].winners for pot in r.pots)
    )
    result = drill.settlement()
    i = next(
        i for i, pot in enumerate(result.pots) if pot.runs and pot.runs[0].winners != pot.runs[1].winners
    )
    answer = drill.answer()
    parts = answer["pots"][i]["parts"]
    parts[0]["winners"], parts[1]["winners"] = parts[1]["winners"], parts[0]["winners"]
    marked = mark(drill, answer)
    item = wrong(marked, f"{result.pots[i].name}, run 1: winner(s)")
    assert item["rule"] == rule("run_best")
    assert "On the first run" in item["why"] and "On the second run" in item["why"]


def test_a_payout_short_by_the_odd_chip_of_the_division() -> None:
    drill = find(6, odd_division)
    result = drill.settlement()
    pot = next(pot for pot in result.pots if len({p.amount for p in pot.runs}) > 1)
    (first,) = pot.runs[0].winners[:1]
    (second,) = pot.runs[1].winners[:1]
    if first == second:  # pragma: no cover - the found drill decides; the test needs two players
        pytest.skip("the same player won both parts")
    answer = drill.answer()
    answer["payouts"][first] = fmt(result.payouts[first] - 1)
    answer["payouts"][second] = fmt(result.payouts[second] + 1)
    marked = mark(drill, answer)
    for player in (first, second):
        assert wrong(marked, f"{player}: receives")["rule_key"] == "run_odd_chip"
