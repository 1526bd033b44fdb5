"""The hand model run twice or three times, and bomb pots on one or two boards (rules R1-R3 and
B1-B2 of ``potengine/play/hand.py``): rule by rule, the errors, and properties (chips conserved,
the same result as ``settle(runs=...)``, each run's part only to that run's eligible winners)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from potengine import settle
from potengine.errors import CardError, IllegalActionError, InputError
from potengine.play.hand import start_hand

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def all_in_preflop(stacks, button=None, **kwargs):
    """Everyone puts all his chips in before the flop (first to act all-in, the others call)."""
    h = start_hand(stacks, small_blind=1, big_blind=2, button=button, **kwargs)
    first = True
    while not h.betting_over:
        h = h.all_in(h.to_act) if first else h.call(h.to_act) if h.legal().to_call else h.check(h.to_act)
        first = False
    return h


def heads_up_aces_kings():
    h = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2)
    h = h.deal_hole("A", "AsAh").deal_hole("B", "KsKh").all_in("B").call("A")
    return h.deal_board("2c 7d 9h")


# ---- R1: when a hand may be run ------------------------------------------------------------------
def test_run_twice_from_the_flop_each_run_to_its_own_winner():
    h = heads_up_aces_kings().run_it(2).deal_board("3s 4d").deal_board("Kd 5c")
    result = h.settle()
    (pot,) = result.pots
    assert [(part.amount, dict(part.shares)) for part in pot.runs] == [(100, {"A": 100}), (100, {"B": 100})]
    assert h.finishing_stacks() == {"A": 100, "B": 100}
    assert h.runs == 2


def test_a_run_may_start_on_the_river_and_share_the_turn():
    h = heads_up_aces_kings().deal_board("3s").run_it(3).deal_board("4d").deal_board("Kd").deal_board("Kc")
    assert h.boards == (
        ("2c", "7d", "9h", "3s", "4d"),
        ("2c", "7d", "9h", "3s", "Kd"),
        ("2c", "7d", "9h", "3s", "Kc"),
    )
    # 200 in three parts: 67, 67, 66; run 1 to A, runs 2 and 3 to B.
    assert h.finishing_stacks() == {"A": 67, "B": 133}
    assert h.finishing_stacks(run_odd_chips="all to run 1") == {"A": 68, "B": 132}


def test_runs_are_dealt_one_after_the_other_and_whole_streets_at_once():
    h = heads_up_aces_kings().run_it(2)
    h = h.deal_board("3s").deal_board("4d").deal_board("Kd 5c")
    assert h.boards[1] == ("2c", "7d", "9h", "Kd", "5c")
    assert "run 1 board 3s, run 1 board 4d, run 2 board Kd 5c" in h.transcript()
    assert "the players run it twice" in h.transcript()


def test_a_run_can_start_before_the_flop():
    h = start_hand({"A": 50, "B": 50}, small_blind=1, big_blind=2).all_in("B").call("A").run_it(2)
    h = h.deal_board("2c 7d 9h 3s 4d").deal_board("Kd 5c Qs Jh Th")
    assert h.boards[1] == ("Kd", "5c", "Qs", "Jh", "Th")
    result = h.settle(runs=[["A", "B"], [("A", "B")]])
    assert dict(result.payouts) == {"A": 75, "B": 25}


# ---- R2: no card twice ------------------------------------------------------------------------------
def test_a_card_of_one_run_is_never_dealt_in_another():
    h = heads_up_aces_kings().run_it(3).deal_board("3s 4d").deal_board("Kd 5c")
    with pytest.raises(CardError, match="4♦"):
        h.deal_board("4d 6c")
    with pytest.raises(CardError, match="5♣"):
        h.deal_board("6c 5c")
    with pytest.raises(CardError, match="A♠ is both in A's cards"):
        h.deal_board("As 5c")  # A's hole card


def test_no_more_cards_once_every_run_is_complete():
    h = heads_up_aces_kings().run_it(2).deal_board("3s 4d").deal_board("Kd 5c")
    with pytest.raises(IllegalActionError, match="every run holds five cards"):
        h.deal_board("Qs")


# ---- R3: each pot divided by the runs, the odd chip to the first run; single-eligible pots not run ----
def test_the_odd_chip_of_the_division_goes_to_the_first_run():
    # A posts the small blind and folds: 101 in the pot, B wins run 1, C run 2.
    h = start_hand({"A": 50, "B": 50, "C": 50}, button="C", small_blind=1, big_blind=2)
    h = h.all_in("C").fold("A").call("B").run_it(2)
    h = h.deal_hole("B", "AsAh").deal_hole("C", "KsKh")
    h = h.deal_board("2c 7d 9h 3s 4d").deal_board("Kd 5c 8s 2h 6h")
    assert h.finishing_stacks() == {"A": 49, "B": 51, "C": 50}


def test_a_side_pot_only_one_player_can_win_is_not_run():
    # A all-in for 20 before the flop; B and C put 50 each in a side pot on the flop, and C folds
    # to B's bet on the turn: the side pot is B's alone, and is paid once.
    h = start_hand({"A": 20, "B": 200, "C": 200}, button="C", small_blind=1, big_blind=2)
    h = h.call("C").all_in("A").call("B").call("C")
    h = h.deal_board("2c 7d 9h").bet("B", 50).call("C").deal_board("3s").bet("B", 100).fold("C")
    h = h.deal_hole("A", "AsAh").deal_hole("B", "KsKh").run_it(2).deal_board("4d").deal_board("Kd")
    result = h.settle()
    main, side = result.pots
    assert [dict(part.shares) for part in main.runs] == [{"A": 30}, {"B": 30}]
    assert (side.amount, side.runs, dict(side.shares)) == (100, (), {"B": 100})
    assert dict(result.payouts) == {"A": 30, "B": 230, "C": 0}
    assert dict(result.refunds) == {"B": 100}


def test_a_tie_inside_a_run_splits_that_run_by_tda_20():
    h = start_hand({"A": 50, "B": 50, "C": 51}, button="C", small_blind=1, big_blind=2)
    h = h.all_in("C").call("A").call("B").run_it(2)
    h = h.deal_board("2c 7d 9h 3s 4d").deal_board("Kd 5c Qs Jh Th")
    result = h.settle(runs=[["A", ("B", "C")], [("B", "C"), "A"]])
    assert [dict(part.shares) for part in result.pots[0].runs] == [{"A": 75}, {"B": 38, "C": 37}]


def test_the_hand_model_gives_what_settle_gives():
    h = start_hand({"A": 30, "B": 100, "C": 70}, button="C", small_blind=1, big_blind=2)
    h = h.deal_hole("A", "AsAh").deal_hole("B", "KsKh").deal_hole("C", "QsQh")
    h = h.all_in("C").call("A").call("B").deal_board("2c 7d 9h").run_it(2)
    h = h.deal_board("3s 4d").deal_board("Kd 5c")
    hands = {"A": "AsAh", "B": "KsKh", "C": "QsQh"}
    direct = settle(h.contributions, hands=hands, runs=[" ".join(b) for b in h.boards], button="C")
    assert dict(h.settle().payouts) == dict(direct.payouts)
    assert h.settle().audit().ok


# ---- the errors --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "count, message",
    [
        (4, "a hand is run two or three times, not 4 \\(at most 3 runs\\)"),
        (1, "not 1 .*needs no run_it"),
        (2.0, "must be a whole number"),
        (True, "must be a whole number"),
    ],
)
def test_a_run_count_other_than_two_or_three_is_refused(count, message):
    with pytest.raises(InputError, match=message):
        heads_up_aces_kings().run_it(count)


def test_runs_before_the_betting_is_over_are_refused():
    h = start_hand({"A": 50, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2).all_in("C")
    with pytest.raises(IllegalActionError, match=r"betting is not over \(A to act on the pre-flop\)"):
        h.run_it(2)


def test_runs_without_a_showdown_or_with_a_complete_board_are_refused():
    folded = start_hand({"A": 50, "B": 100}, small_blind=1, big_blind=2).fold("B")
    with pytest.raises(IllegalActionError, match="everyone else folded, A wins, with no showdown"):
        folded.run_it(2)
    complete = heads_up_aces_kings().deal_board("3s 4d")
    with pytest.raises(IllegalActionError, match="the board is complete"):
        complete.run_it(2)
    with pytest.raises(IllegalActionError, match="already agreed to run it three times"):
        heads_up_aces_kings().run_it(3).run_it(2)


def test_settling_a_hand_run_twice_needs_every_run():
    h = heads_up_aces_kings().run_it(2).deal_board("3s 4d")
    with pytest.raises(InputError, match="run 2's board has 3 cards"):
        h.settle()
    done = h.deal_board("Kd 5c")
    with pytest.raises(InputError, match="give one ranking per run in runs="):
        done.settle(["A", "B"])
    with pytest.raises(InputError, match="1 ranking\\(s\\) for 2 runs"):
        done.settle(runs=[["A", "B"]])
    with pytest.raises(InputError, match="runs= is for a hand run more than once"):
        start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).fold("B").settle(runs=[["A"], ["A"]])


def test_an_old_hand_is_unchanged_by_running_it():
    h = heads_up_aces_kings()
    twice = h.run_it(2)
    assert h.runs == 1 and twice.runs == 2 and h != twice


# ---- B1, B2: bomb pots ----------------------------------------------------------------------------------
def test_a_bomb_pot_antes_and_starts_on_the_flop():
    h = start_hand({"A": 100, "B": 100, "C": 100, "D": 3}, button="D", small_blind=1, big_blind=2, bomb_pot=5)
    assert h.street_name == "flop" and h.to_act == "A"
    assert h.contributions == {"A": 5, "B": 5, "C": 5, "D": 3}
    assert [(p.amount, p.eligible) for p in h.pots] == [(12, ("A", "B", "C", "D")), (6, ("A", "B", "C"))]
    assert h.legal().min_to == 2  # the big blind sets the minimum bet
    assert "posts the ante 5" in h.transcript() and "blind" not in h.transcript()


def test_a_bomb_pot_everyone_all_in_for_the_ante_goes_to_the_showdown():
    h = start_hand({"A": 5, "B": 5}, small_blind=1, big_blind=2, bomb_pot=5)
    assert h.betting_over and h.street_name == "showdown"
    h = h.run_it(2).deal_board("2c 7d 9h 3s 4d").deal_board("Kd 5c Qs Jh Th")
    assert dict(h.settle(runs=[["A", "B"], ["B", "A"]]).payouts) == {"A": 5, "B": 5}


def double_board():
    h = start_hand({"A": 90, "B": 90, "C": 90}, small_blind=1, big_blind=2, bomb_pot=5, boards=2)
    h = h.deal_hole("A", "2h 3h").deal_hole("B", "AhAd").deal_hole("C", "KcKd")
    h = h.deal_board("2c 7d 9h").deal_board("3c 8d Th")
    h = h.check("A").bet("B", 10).call("C").fold("A")
    for _ in range(2):
        h = h.deal_board("As").deal_board("Ks") if len(h.board) == 3 else h.deal_board("2s").deal_board("3d")
        h = h.check("B").check("C")
    return h


def test_a_double_board_bomb_pot_splits_each_pot_half_per_board():
    h = double_board()
    assert h.boards == (("2c", "7d", "9h", "As", "2s"), ("3c", "8d", "Th", "Ks", "3d"))
    result = h.settle()
    (pot,) = result.pots
    assert pot.amount == 35
    assert [(part.amount, dict(part.shares)) for part in pot.runs] == [(18, {"B": 18}), (17, {"C": 17})]
    assert "flop: first board 2c 7d 9h, second board 3c 8d Th, A checks" in h.transcript()
    hands = {"B": "AhAd", "C": "KcKd", "A": "2h3h"}
    direct = settle(h.contributions, hands=hands, folded=["A"], runs=[" ".join(b) for b in h.boards])
    assert dict(direct.payouts) == dict(result.payouts)


def test_a_double_board_is_dealt_street_by_street():
    h = start_hand({"A": 90, "B": 90}, small_blind=1, big_blind=2, bomb_pot=5, boards=2)
    h = h.deal_board("2c 7d 9h")
    with pytest.raises(IllegalActionError, match="on board 2 now: it holds 0"):
        h.deal_board("Ks")
    h = h.deal_board("3c 8d Th")
    with pytest.raises(IllegalActionError, match="turn on board 1: the flop betting is not over"):
        h.deal_board("Ks")
    h = h.bet("A", 85).call("B")
    with pytest.raises(IllegalActionError, match="its two boards are already its runs"):
        h.run_it(2)


def test_a_double_board_fold_out_pays_once():
    h = start_hand({"A": 90, "B": 90}, small_blind=1, big_blind=2, bomb_pot=5, boards=2)
    h = h.deal_board("2c 7d 9h").deal_board("3c 8d Th").bet(h.to_act, 10)
    h = h.fold(h.to_act)
    assert sorted(h.finishing_stacks().values()) == [85, 95]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"boards": 2}, "only in a bomb pot"),
        ({"boards": 3, "bomb_pot": 5}, "boards must be 1 or 2"),
        ({"bomb_pot": 5, "ante": 1}, "a bomb pot has no blinds and no other ante"),
        ({"bomb_pot": 5, "straddles": {"C": 4}}, "a bomb pot has no blinds"),
        ({"bomb_pot": -5}, "bomb pot ante"),
    ],
)
def test_bomb_pot_input_errors(kwargs, message):
    with pytest.raises(InputError, match=message):
        start_hand({"A": 90, "B": 90, "C": 90, "D": 90}, small_blind=1, big_blind=2, **kwargs)


# ---- properties -----------------------------------------------------------------------------------------
@settings(max_examples=settings.default.max_examples * 3 // 10, deadline=None, derandomize=True)
@given(
    stacks=st.lists(st.integers(1, 300), min_size=2, max_size=6),
    count=st.sampled_from([2, 3]),
    start=st.sampled_from([0, 3, 4]),
    seed=st.integers(0, 10**6),
    bomb=st.booleans(),
)
def test_runs_conserve_chips_and_match_settle(stacks, count, start, seed, bomb):
    names = [f"P{i}" for i in range(len(stacks))]
    extra = {"bomb_pot": 4} if bomb else {}
    h = start_hand(dict(zip(names, stacks, strict=True)), small_blind=1, big_blind=2, **extra)
    while not h.betting_over:
        h = h.all_in(h.to_act)
    if len(h.live) < 2:
        return
    rng = random.Random(seed)
    cards = rng.sample(DECK, 2 * len(names) + 5 + 5 * count)
    for i, p in enumerate(names):
        h = h.deal_hole(p, cards[2 * i : 2 * i + 2])
    deck = cards[2 * len(names) :]
    if start:
        h = h.deal_board(deck[:start])
        deck = deck[start:]
    h = h.run_it(count)
    for _ in range(count):
        h = h.deal_board(deck[: 5 - start])
        deck = deck[5 - start :]
    result = h.settle()
    put_in = sum(h.contributions.values())
    assert sum(result.payouts.values()) == put_in
    assert sum(h.finishing_stacks().values()) == sum(stacks)
    assert result.audit().ok
    hands = {p: "".join(hole) for p, hole in zip(names, h.holes, strict=True)}
    folded = [p for p, f in zip(names, h.folded, strict=True) if f]
    direct = settle(
        h.contributions,
        hands=hands,
        folded=folded,
        runs=["".join(b) for b in h.boards],
        button=names[-1],
    )
    assert dict(direct.payouts) == dict(result.payouts)
    for pot in result.pots:
        if len(pot.eligible) == 1:
            assert pot.runs == ()
            continue
        amounts = [part.amount for part in pot.runs]
        assert sum(amounts) == pot.amount - pot.rake
        assert amounts[0] - amounts[-1] in (0, 1)
        for part in pot.runs:
            assert set(part.shares) <= set(pot.eligible)
            assert sum(part.shares.values()) == part.amount


def test_omaha_hi_lo_run_twice_splits_each_run_high_and_low():
    h = start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2, game="omaha-hi-lo")
    h = h.deal_hole("A", "Ah 2h Qc 9s").deal_hole("B", "Kh Kc 9c 9d").deal_hole("C", "As 3s Jc Jd")
    h = h.all_in("C").call("A").call("B").run_it(2)
    h = h.deal_board("4c 5d 7h Ks Qd").deal_board("Td Js Th 8h Qs")
    result = h.settle()
    hands = {"A": "Ah2hQc9s", "B": "KhKc9c9d", "C": "As3sJcJd"}
    boards = [" ".join(b) for b in h.boards]
    direct = settle(h.contributions, hands=hands, runs=boards, game="omaha-hi-lo", button="C")
    assert dict(result.payouts) == dict(direct.payouts)
    first, second = result.pots[0].runs
    assert first.hilo and first.low_amount == 75 and first.low_winners == ("A",)
    assert second.low_amount == 0  # no qualifying low on the second board: the high hand scoops
    assert sum(result.payouts.values()) == 300
