"""Hands run more than once (run it twice, three times) and double-board bomb pots.

The rule (potengine.pots.runs): every pot that more than one player can win is divided by the
runs, in whole chips, the odd chip of the division to the first run (with three runs and two odd
chips: one each to runs 1 and 2); each part goes to the best eligible hand(s) of its run, ties
split with the usual odd-chip rule, hi-lo split high and low per run; a pot only one player can
win is paid once. The rake is taken per hand before the division. Each case below is written from
that rule, with the figures worked by hand.
"""

from __future__ import annotations

import csv
import json
import os
import re
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine import CardError, InputError, Rake, explain, settle
from potengine.cli import main
from potengine.pots.check import audit
from potengine.pots.layout import rebuilt
from potengine.pots.runs import MAX_RUNS, RunPart, divide_runs
from potengine.pots.split import odd_chip_order
from potengine.present.exports import settlement_json, settlement_text
from potengine.present.tables import settlement_html


def shares(pot):
    return [dict(part.shares) for part in pot.runs]


# The rule, case by case ---------------------------------------------------------------------------


def test_a_side_pot_run_twice_has_different_winners_per_run():
    # Main pot 3 × 20 = 60 (A, B, C), side pot 2 × 30 = 60 (B, C). Run 1: A > B > C; run 2: C first.
    r = settle({"A": 20, "B": 50, "C": 50}, runs=[["A", "B", "C"], ["C", "A", "B"]])
    main_pot, side = r.pots
    assert shares(main_pot) == [{"A": 30}, {"C": 30}]
    assert shares(side) == [{"B": 30}, {"C": 30}]
    assert dict(main_pot.shares) == {"A": 30, "C": 30} and main_pot.winners == ("A", "C")
    assert dict(r.payouts) == {"A": 30, "B": 30, "C": 60}
    # Not the common wrong answer: A does not get "his" main pot whole on the run he wins.
    assert r.payouts["A"] != 60
    assert r.audit().ok


def test_the_odd_chip_of_the_division_goes_to_the_first_run():
    # A folded 1 dead chip: the pot is 101; run 1 (A best) gets 51, run 2 (B best) 50.
    r = settle({"A": 50, "B": 50, "D": 1}, folded=["D"], runs=[["A", "B"], ["B", "A"]])
    assert [part.amount for part in r.pots[0].runs] == [51, 50]
    assert dict(r.payouts) == {"A": 51, "B": 50, "D": 0}
    # The same two runs in the other order: the odd chip follows the first run, not the best hand.
    r = settle({"A": 50, "B": 50, "D": 1}, folded=["D"], runs=[["B", "A"], ["A", "B"]])
    assert dict(r.payouts) == {"A": 50, "B": 51, "D": 0}


def test_three_runs_give_the_odd_chips_one_each_in_run_order_or_all_to_run_1():
    contributions = {"A": 100, "B": 100}
    rankings = [["A", "B"], ["B", "A"], ["B", "A"]]
    # 200 in three runs: 67, 67, 66 (one odd chip each to runs 1 and 2).
    r = settle(contributions, runs=rankings)
    assert [part.amount for part in r.pots[0].runs] == [67, 67, 66]
    assert dict(r.payouts) == {"A": 67, "B": 133}
    # PokerKit's rule, as an option: the whole remainder to run 1.
    r = settle(contributions, runs=rankings, run_odd_chips="all to run 1")
    assert [part.amount for part in r.pots[0].runs] == [68, 66, 66]
    assert dict(r.payouts) == {"A": 68, "B": 132}
    assert r.audit().ok and r.run_odd_chips == "all to run 1"
    assert "the odd chips of a division all go to the first run" in explain(r)


def test_the_division_is_in_whole_chips_of_the_smallest_denomination():
    # 11 chips of 25 (275): 6 chips (150) to run 1, 5 (125) to run 2.
    r = settle({"A": 125, "B": 125, "D": 25}, folded=["D"], chip=25, runs=[["A", "B"], ["B", "A"]])
    assert [part.amount for part in r.pots[0].runs] == [150, 125]


def test_a_ggpoker_hand_rake_and_jackpot_taken_before_the_division_odd_cent_to_run_1():
    # GGPoker RC3811232299: both all-in for $3.23; total pot $6.46, rake $0.14 + jackpot $0.07;
    # "collected $3.13" on the first showdown, "$3.12" on the second.
    cent = Decimal("0.01")
    r = settle(
        {"SB": Decimal("3.23"), "BB": Decimal("3.23")},
        runs=[["BB", "SB"], ["BB", "SB"]],
        rake=Decimal("0.21"),
        chip=cent,
    )
    assert [part.amount for part in r.pots[0].runs] == [Decimal("3.13"), Decimal("3.12")]
    assert r.payouts["BB"] == Decimal("6.25") and r.withheld == Decimal("0.21")
    assert r.audit().ok


def test_a_percentage_rake_is_computed_once_on_the_hand_not_per_run():
    # 5 % of 240 = 12 (cap 10): 10 withheld from the main pot first, then the rest divided.
    r = settle(
        {"A": 40, "B": 100, "C": 100},
        runs=[["A", "B", "C"], ["B", "C", "A"]],
        rake=Rake.percentage(5, cap=10),
    )
    main_pot, side = r.pots
    assert (main_pot.rake, side.rake) == (10, 0)
    assert [part.amount for part in main_pot.runs] == [55, 55]
    assert [part.amount for part in side.runs] == [60, 60]
    assert sum(r.winnings.values()) + r.withheld == 240


def test_a_pot_only_one_player_can_win_is_paid_once_while_the_others_are_run():
    # A all-in for 20; B puts in 60 and folds; C 60. Main 60 (A, C) is run; the side pot of 80
    # (B's 40 dead, C's 40) has one eligible player: paid once.
    r = settle({"A": 20, "B": 60, "C": 60}, folded=["B"], runs=[["A", "C"], ["C", "A"]])
    main_pot, side = r.pots
    assert shares(main_pot) == [{"A": 30}, {"C": 30}]
    assert side.eligible == ("C",) and side.runs == () and dict(side.shares) == {"C": 80}
    assert dict(r.payouts) == {"A": 30, "B": 0, "C": 110}
    assert "Side pot 1 is not run: only C can win it, so it is paid once, to C: 80." in explain(r)
    assert settlement_json(r)["pots"][1]["runs"] == []
    assert r.audit().ok


def test_hi_lo_run_twice_with_the_low_quartered_on_one_run():
    # 150 in two runs of 75. Run 1: A high, B and C tie for low: high 38 to A, low 37 split
    # B 19 and C 18 (odd chip clockwise from the button C: A, B, C). Run 2: B high, A low: 38, 37.
    r = settle(
        {"A": 50, "B": 50, "C": 50},
        runs=[["A", "B", "C"], ["B", "C", "A"]],
        low_ranking=[[("B", "C")], ["A"]],
    )
    one, two = r.pots[0].runs
    assert (one.high_amount, one.low_amount) == (38, 37)
    assert dict(one.high_shares) == {"A": 38} and dict(one.low_shares) == {"B": 19, "C": 18}
    assert one.quartered == ("B", "C") and two.quartered == ()
    assert dict(two.high_shares) == {"B": 38} and dict(two.low_shares) == {"A": 37}
    assert dict(r.payouts) == {"A": 75, "B": 57, "C": 18}
    assert r.audit().ok
    text = explain(r)
    assert "quartered" in text and "On the second run its 75 is split high and low" in text
    data = settlement_json(r)
    assert data["pots"][0]["runs"][0]["low"] == {
        "amount": 37,
        "winners": ["B", "C"],
        "shares": {"B": 19, "C": 18},
    }


def test_hi_lo_run_with_no_low_on_one_run_gives_that_part_whole_to_the_high_hand():
    r = settle({"A": 50, "B": 50}, runs=[["A", "B"], ["B", "A"]], low_ranking=[[], ["A"]])
    one, two = r.pots[0].runs
    assert dict(one.shares) == {"A": 50} and one.low_amount == 0
    assert dict(two.high_shares) == {"B": 25} and dict(two.low_shares) == {"A": 25}
    assert dict(r.payouts) == {"A": 75, "B": 25}


def test_ties_within_a_run_split_that_part_odd_chip_clockwise_from_the_button():
    # Pot 101: run 1 51, run 2 50. Run 1: A and B tie: 26 to B (first left of the button A), 25 to A.
    r = settle(
        {"A": 50, "B": 50, "D": 1},
        folded=["D"],
        button="A",
        runs=[[("A", "B")], ["A", "B"]],
    )
    assert shares(r.pots[0]) == [{"A": 25, "B": 26}, {"A": 50}]
    assert dict(r.payouts) == {"A": 75, "B": 26, "D": 0}
    assert "the odd chip goes to B, first clockwise from the button (A)" in explain(r)


def test_one_run_is_a_hand_dealt_once():
    contributions = {"A": 40, "B": 100, "C": 100}
    once = settle(contributions, ranking=["A", ("B", "C")])
    run = settle(contributions, runs=[["A", ("B", "C")]])
    assert run.runs == () and run.pots == once.pots and dict(run.payouts) == dict(once.payouts)
    assert explain(run) == explain(once) and settlement_html(run) == settlement_html(once)


def test_a_hand_dealt_once_has_no_runs_anywhere():
    r = settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"])
    assert r.runs == () and all(pot.runs == () for pot in r.pots)
    data = settlement_json(r)
    assert "runs" not in data and all("runs" not in pot for pot in data["pots"])
    assert "Runs" not in settlement_html(r) and "run" not in explain(r).lower()


# Boards: run it twice from cards, double-board bomb pots ------------------------------------------


def test_run_twice_from_cards_ranks_each_board():
    hands = {"A": "As Ah", "B": "Kd Kc"}
    # The turn and river dealt twice from the same flop.
    r = settle({"A": 100, "B": 100}, hands=hands, runs=["2c 7d 9h Js 3s", "2c 7d 9h Kh 5c"])
    assert shares(r.pots[0]) == [{"A": 100}, {"B": 100}]
    one, two = r.runs
    assert one.hands["A"].description.startswith("Pair of aces")
    assert two.hands["B"].description.startswith("Three of a kind, kings")
    text = explain(r)
    assert "Run 2 board: 2♣ 7♦ 9♥ K♥ 5♣." in text and "B (Three of a kind, kings" in text
    html = settlement_html(r)
    assert "Runs" in html and "Three of a kind, kings" in html
    assert settlement_json(r)["runs"][1]["board"] == "2c 7d 9h Kh 5c"


def test_a_double_board_bomb_pot_is_the_same_rule_with_two_boards():
    # Three players ante 10 each; no pre-flop betting; two boards: half the pot per board.
    hands = {"A": "As Ah", "B": "Kd Kc", "C": "Td 6c"}
    boards = ["2c 7d 9h Js 3s", "Kh 8d 4h Qs 5c"]
    bomb = settle({"A": 10, "B": 10, "C": 10}, hands=hands, runs=boards)
    assert shares(bomb.pots[0]) == [{"A": 15}, {"B": 15}]
    # The same code path as a ranking per run.
    ranked = settle({"A": 10, "B": 10, "C": 10}, runs=[list(run.ranking) for run in bomb.runs])
    assert ranked.pots == bomb.pots and dict(ranked.payouts) == {"A": 15, "B": 15, "C": 0}


def test_an_omaha_hi_lo_bomb_pot_splits_each_board_high_and_low():
    hands = {"A": "As 2s Kd Kc", "B": "Qh Qd 3c 4c"}
    boards = ["Qs 5s 8h 3d Jc", "Kh 9d 7c 6s Th"]
    r = settle({"A": 20, "B": 20}, hands=hands, runs=boards, game="omaha-hi-lo")
    one, two = r.pots[0].runs
    # Board 1: B's three queens take the high half, A's eight-five low the low half: 10 and 10.
    # Board 2 (K 9 7 6 10) has no qualifying low: A's three kings take the whole part.
    assert dict(one.high_shares) == {"B": 10} and dict(one.low_shares) == {"A": 10}
    assert two.low_amount == 0 and dict(two.shares) == {"A": 20}
    assert dict(r.payouts) == {"A": 30, "B": 10}
    assert r.audit().ok


def test_a_board_may_reuse_the_other_runs_cards_but_not_a_hole_card():
    hands = {"A": "As Ah", "B": "Kd Kc"}
    with pytest.raises(CardError, match="^run 2: "):
        settle({"A": 10, "B": 10}, hands=hands, runs=["2c 7d 9h Js 3s", "2c 7d 9h Js As"])


# Refusals ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"runs": [["A", "B"], ["B", "Eve"]]}, r"run 2: ranking names 'Eve', who is not seated"),
        ({"runs": []}, r"runs is empty: give one ranking per run"),
        ({"runs": [["A", "B"]] * (MAX_RUNS + 1)}, r"5 runs given: a hand is run at most 4 times"),
        ({"runs": [["A", "B"], ["B", "A"]], "ranking": ["A", "B"]}, r"either ranking= .* or runs="),
        ({"runs": "A > B"}, r"runs must be a list with one ranking per run"),
        ({"runs": ["A > B", "B > A"]}, r"run 1 is the text 'A > B'"),
        ({"runs": [["A", "B"], ["B"]]}, r"run 2: ranking leaves out live player\(s\) 'A'"),
        ({"runs": [["A", "B"], ["B", "A"]], "run_odd_chips": "random"}, r"run_odd_chips must be"),
        ({"runs": [["A", "B"], ["B", "A"]], "low_ranking": [["A"]]}, r"1 low ranking\(s\) for 2 runs"),
        ({"runs": [["A", "B"], ["B", "A"]], "low_ranking": ["A", "B"]}, r"one low ranking per run"),
        ({"runs": [["A", "B"], ["B", "A"]], "game": "omaha-hi-lo"}, r"needs low_ranking= as well"),
        ({"runs": [["A", "B"], ["B", "A"]], "board": "2c 7d 9h Js 3s"}, r"leave board= out"),
    ],
)
def test_bad_runs_are_refused_with_a_clear_error(kwargs, message):
    with pytest.raises(InputError, match=message):
        settle({"A": 10, "B": 10}, **kwargs)


def test_a_run_naming_a_folded_player_is_refused():
    with pytest.raises(InputError, match="run 1: ranking names 'C', who folded"):
        settle({"A": 10, "B": 10, "C": 5}, folded=["C"], runs=[["C", "A", "B"], ["A", "B"]])


def test_cards_and_low_rankings_together_are_refused():
    with pytest.raises(InputError, match="not both"):
        settle(
            {"A": 10, "B": 10},
            hands={"A": "As Ah", "B": "Kd Kc"},
            runs=["2c 7d 9h Js 3s", "2c 7d 9h Kh 5c"],
            low_ranking=[[], []],
        )


# The six-step check catches a wrong division ------------------------------------------------------


def _tampered(result, pot_index, parts):
    pot = result.pots[pot_index]
    pots = list(result.pots)
    pots[pot_index] = rebuilt(pot, runs=tuple(parts))
    return rebuilt(result, pots=tuple(pots))


def test_the_check_catches_the_odd_chip_given_to_the_second_run():
    r = settle({"A": 50, "B": 50, "D": 1}, folded=["D"], runs=[["A", "B"], ["B", "A"]])
    wrong = _tampered(r, 0, [RunPart(1, 50, ("A",), {"A": 50}), RunPart(2, 51, ("B",), {"B": 51})])
    report = audit(wrong)
    assert not report.ok and report.failures[0].number == 5
    assert "The settlement divides it 50 + 51." in str(report)


def test_the_check_catches_a_part_paid_to_another_runs_winner():
    r = settle({"A": 20, "B": 50, "C": 50}, runs=[["A", "B", "C"], ["C", "A", "B"]])
    wrong = _tampered(r, 1, [RunPart(1, 30, ("B",), {"B": 30}), RunPart(2, 30, ("B",), {"B": 30})])
    report = audit(wrong)
    assert not report.ok and "The settlement pays run 2: B 30." in str(report)


def test_the_check_explains_each_run():
    r = settle({"A": 20, "B": 60, "C": 60}, folded=["B"], runs=[["A", "C"], ["C", "A"]])
    step5 = str(r.audit().steps[4])
    assert "Run twice" in step5 and "Main pot (60) divided by the runs: 30 + 30." in step5
    assert "Side pot 1 (80): only C can win it: not run, paid once." in step5


# Presentation -------------------------------------------------------------------------------------


def test_text_tables_and_the_command_line_show_each_run(capsys):
    r = settle({"A": 40, "B": 101, "C": 100}, runs=[["A", "C", "B"], ["C", "B", "A"]])
    text = settlement_text(r)
    assert "Pot         Run  Part  Winners  Shares" in text and "Main pot    2      60  C        C 60" in text
    status = main(
        ["settle", "A=40", "B=101", "C=100", "--runs", "A > C > B", "--runs", "C > B > A", "--json"]
    )
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data == settlement_json(r)
    assert data["runs"] == [
        {"run": 1, "ranking": [["A"], ["C"], ["B"]]},
        {"run": 2, "ranking": [["C"], ["B"], ["A"]]},
    ]
    assert main(["settle", "A=4", "B=4", "--runs", "A > B", "--ranking", "A > B"]) == 2
    assert "not both" in capsys.readouterr().err


def test_html_marks_the_pots_not_run():
    r = settle({"A": 20, "B": 60, "C": 60}, folded=["B"], runs=[["A", "C"], ["C", "A"]])
    html = settlement_html(r)
    assert "run 1 (30): A 30; run 2 (30): C 30" in html and "C 80 (not run)" in html


# Properties ----------------------------------------------------------------------------------------


@st.composite
def run_tables(draw):
    n = draw(st.integers(2, 7))
    players = [f"P{i}" for i in range(n)]
    chip = draw(st.sampled_from([1, 1, 5, 25]))
    folded = draw(st.lists(st.sampled_from(players), unique=True, max_size=n - 1))
    live = [p for p in players if p not in folded]
    units = {p: draw(st.integers(0, 300)) for p in live}
    if max(units.values()) == 0:
        units[live[0]] = draw(st.integers(1, 300))
    top = max(units.values())
    for p in folded:
        units[p] = draw(st.integers(0, top))
    contributions = {p: units[p] * chip for p in players}
    count = draw(st.integers(2, MAX_RUNS))
    rankings = []
    lows = []
    for _ in range(count):
        tier = {p: draw(st.integers(0, 2)) for p in live}
        rankings.append([tuple(p for p in live if tier[p] == t) for t in sorted(set(tier.values()))])
        low = [p for p in live if draw(st.booleans())]
        lows.append([(p,) for p in low])
    hilo = draw(st.booleans())
    rake = draw(
        st.one_of(
            st.none(), st.integers(0, 10).map(lambda u: Rake.fixed(u * chip)), st.just(Rake.percentage(5))
        )
    )
    rule = draw(st.sampled_from(["in run order", "all to run 1"]))
    button = draw(st.sampled_from(players))
    return contributions, folded, rankings, lows if hilo else None, rake, chip, rule, button


@given(run_tables())
def test_runs_properties(table):
    contributions, folded, rankings, lows, rake, chip, rule, button = table
    r = settle(
        contributions,
        folded=folded,
        runs=rankings,
        low_ranking=lows,
        rake=rake,
        chip=chip,
        run_odd_chips=rule,
        button=button,
    )
    count = len(rankings)
    # Conservation: paid + returned + withheld = put in.
    assert sum(r.winnings.values()) + sum(r.refunds.values()) + r.withheld == sum(contributions.values())
    order = odd_chip_order(list(contributions), button)
    for pot in r.pots:
        awarded = pot.amount - pot.rake
        if len(pot.eligible) == 1:
            assert pot.runs == () and dict(pot.shares) == {pot.eligible[0]: awarded}
            continue
        parts = [part.amount for part in pot.runs]
        # Each pot's runs sum to the pot (after the rake), one part per run, in run order.
        assert len(parts) == count and sum(parts) == awarded
        assert [part.run for part in pot.runs] == list(range(1, count + 1))
        # Earlier runs are never smaller; the parts differ by at most a chip (PokerKit's rule: the
        # first part holds every odd chip, the others are equal).
        assert parts == sorted(parts, reverse=True)
        if rule == "in run order":
            assert parts[0] - parts[-1] <= chip
        else:
            assert len(set(parts[1:])) == 1 and parts[0] - parts[1] < chip * count
        assert divide_runs(awarded, count, chip=chip, odd_chips=rule) == tuple(parts)
        total = {}
        for part, ranking in zip(pot.runs, rankings, strict=True):
            # Each run's part goes only to that run's eligible players, the best high hand(s)
            # among them (and in hi-lo the best low among them).
            best = next(tier for tier in ranking if any(p in pot.eligible for p in tier))
            best = {p for p in best if p in pot.eligible}
            assert set(part.shares) <= set(pot.eligible)
            assert sum(part.shares.values()) == part.amount
            if lows is None:
                assert set(part.winners) == best
                got = [part.shares[p] for p in order if p in part.shares]
                assert got == sorted(got, reverse=True) and got[0] - got[-1] <= chip
            else:
                assert set(part.high_winners) == best and set(part.low_winners) <= set(pot.eligible)
            for p, s in part.shares.items():
                total[p] = total.get(p, 0) + s
        assert {p: s for p, s in total.items()} == dict(pot.shares)
    assert r.audit().ok


@given(run_tables())
def test_a_player_who_wins_every_run_takes_what_he_would_dealt_once(table):
    contributions, folded, rankings, _, rake, chip, rule, button = table
    same = [rankings[0]] * len(rankings)
    once = settle(contributions, rankings[0], folded=folded, rake=rake, chip=chip, button=button)
    run = settle(
        contributions, folded=folded, runs=same, rake=rake, chip=chip, button=button, run_odd_chips=rule
    )
    for a, b in zip(once.pots, run.pots, strict=True):
        assert a.amount == b.amount and a.rake == b.rake
        if len(a.winners) == 1:  # no tie: the same player takes every part, so the whole pot
            assert dict(a.shares) == dict(b.shares)


# Real hands run twice (../shared, other people's data: read there, never copied) --------------------

SHARED = Path(os.environ.get("POTENGINE_SHARED", Path(__file__).resolve().parent.parent.parent / "shared"))
ROOMS = SHARED / "data" / "other-rooms" / "ggpoker"
POKERNOW = SHARED / "data" / "pokernow"
CENT = Decimal("0.01")


@pytest.mark.skipif(
    not ROOMS.is_dir(), reason=f"the GGPoker hands are not here ({ROOMS}): they live in ../shared"
)
def test_ggpoker_hands_run_twice_divide_the_net_pot_odd_cent_to_the_first_run():
    """GGPoker: "Hand was run two times"; the net pot (total less rake and fees) is divided by two,
    the odd cent to the first showdown."""
    money = re.compile(r"\$([0-9.]+)")
    seen = 0
    for path in sorted(ROOMS.glob("*.txt")):
        for hand in path.read_text(encoding="utf-8-sig").split("\n\n"):
            if "Hand was run two times" not in hand:
                continue
            collected = {"FIRST": Decimal(0), "SECOND": Decimal(0)}
            run = None
            for line in hand.splitlines():
                if line.startswith("*** FIRST SHOWDOWN"):
                    run = "FIRST"
                elif line.startswith("*** SECOND SHOWDOWN"):
                    run = "SECOND"
                elif line.startswith("***"):
                    run = None
                elif run and " collected $" in line:
                    collected[run] += Decimal(money.search(line).group(1))
                elif line.startswith("Total pot"):
                    total, *withheld = (Decimal(x) for x in money.findall(line))
            net = total - sum(withheld)
            assert (collected["FIRST"], collected["SECOND"]) == divide_runs(net, 2, chip=CENT), hand[:60]
            seen += 1
    assert seen >= 3


@pytest.mark.skipif(
    not POKERNOW.is_dir(), reason=f"the PokerNow logs are not here ({POKERNOW}): they live in ../shared"
)
def test_pokernow_hands_run_twice_give_the_odd_cent_to_the_first_run():
    """PokerNow logs (newest row first): each pot's "collected" lines of the first run and of
    "the second run"; every pot is divided as :func:`divide_runs` does, ties split inside a run."""
    collected = re.compile(r'" collected ([0-9.]+) from (pot|main pot|side pot ?\d*)')
    hands = odd = 0
    for path in sorted(POKERNOW.glob("*.csv")):
        rows = [row[0] for row in csv.reader(path.open(encoding="utf-8")) if row][::-1]
        lines: list[str] = []
        for entry in rows:
            if entry.startswith("-- starting hand"):
                lines = []
            lines.append(entry)
            if not entry.startswith("-- ending hand") or not any("on the second run" in x for x in lines):
                continue
            parts: dict[str, list[Decimal]] = {}
            for line in lines:
                found = collected.search(line)
                if found:
                    pot = parts.setdefault(found.group(2), [Decimal(0), Decimal(0)])
                    pot["on the second run" in line] += Decimal(found.group(1))
            hands += 1
            for first, second in parts.values():
                assert (first, second) == divide_runs(first + second, 2, chip=CENT), lines[0]
                odd += first != second
    assert hands >= 80 and odd >= 30  # 81 hands run twice, 32 pots with an odd cent (2026-12-01)
