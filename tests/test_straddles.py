"""Straddles and missed blinds in the hand model (rules S1-S6 and M1-M3 of
``potengine/play/hand.py``): who acts first, the straddler's option, the minimum raise, dead and
live blinds, the errors, and chips conserved over random hands."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from potengine.errors import IllegalActionError, InputError
from potengine.play.hand import start_hand
from potengine.play.structures import FixedLimit, PotLimit

SIX = {"A": 200, "B": 200, "C": 200, "D": 200, "E": 200, "F": 200}  # F on the button


def six(**kwargs):
    return start_hand(SIX, button="F", small_blind=1, big_blind=2, **kwargs)


# ---- S1, S4, S5: a live blind; the action starts left of it; the minimum raise -------------------
def test_an_under_the_gun_straddle_acts_last_and_doubles_the_minimum_raise():
    h = six(straddles={"C": 4})
    assert h.to_act == "D"
    legal = h.legal()
    assert (legal.to_call, legal.min_to) == (4, 8)
    assert h.contributions == {"A": 1, "B": 2, "C": 4, "D": 0, "E": 0, "F": 0}
    assert "C posts the straddle 4" in h.transcript()


def test_the_straddler_has_the_option_when_nobody_raises():
    h = six(straddles={"C": 4})
    for p in "DEF":
        h = h.call(p)
    h = h.call("A").call("B")
    assert h.to_act == "C" and h.street_name == "pre-flop"
    assert h.legal().can_check and h.legal().min_to == 8
    h = h.check("C")
    assert h.street_name == "flop" and h.total == 24
    assert h.legal().min_to == 2  # after the flop the big blind sets the minimum bet again


def test_re_straddles_each_double_and_the_last_acts_last():
    h = six(straddles={"C": 4, "D": 8, "E": 16})
    assert h.to_act == "F" and h.legal().min_to == 32
    for p in "FAB":
        h = h.call(p)
    h = h.call("C").call("D")
    assert h.to_act == "E" and h.legal().can_check


def test_a_button_straddle_puts_the_small_blind_first():
    h = six(straddles={"F": 4})
    assert h.to_act == "A"
    order = []
    while h.street_name == "pre-flop":
        order.append(h.to_act)
        h = h.check(h.to_act) if h.legal().can_check else h.call(h.to_act)
    assert order == ["A", "B", "C", "D", "E", "F"]


def test_three_handed_the_button_is_under_the_gun():
    h = start_hand({"A": 50, "B": 50, "C": 50}, button="C", small_blind=1, big_blind=2, straddles={"C": 4})
    assert h.to_act == "A" and h.legal().to_call == 3


def test_everyone_folds_to_the_straddle():
    h = six(straddles={"C": 4})
    for p in "DEFAB":
        h = h.fold(p)
    stacks = h.finishing_stacks()
    # The straddle is a bet nobody matched above the big blind: 2 come back, the blinds are won.
    assert stacks["C"] == 203 and stacks["A"] == 199 and stacks["B"] == 198
    assert h.refunds == {"C": 2}


def test_a_straddle_in_pot_limit():
    h = start_hand(SIX, button="F", small_blind=1, big_blind=2, structure=PotLimit(2), straddles={"C": 4})
    # Pot 7; D calls 4 (pot 11) and may raise 11 more: to 15.
    assert (h.legal().min_to, h.legal().max_to) == (8, 15)


# ---- S2, S3, S6: who may straddle and how much --------------------------------------------------------
@pytest.mark.parametrize(
    "straddles, message",
    [
        ({"D": 4}, "D cannot straddle: the first straddle is posted under the gun \\(C"),
        ({"C": 4, "E": 8}, "E cannot re-straddle out of turn: the next re-straddle is D's, left of C"),
        ({"F": 4, "A": 8}, "A cannot straddle: he posts the small blind"),
        ({"F": 4, "C": 8}, "C cannot re-straddle: a button straddle is the only straddle here"),
        ({"C": 5}, "C's straddle 5 must be twice the big blind 2, that is 4"),
        ({"C": 4, "D": 12}, "D's straddle 12 must be twice the straddle before 4, that is 8"),
        ({"B": 4}, "B cannot straddle: he posts the big blind"),
        ({"Zed": 4}, "straddle by 'Zed', who is not seated"),
        ({"C": 0}, "C's straddle"),
    ],
)
def test_straddles_the_rules_refuse(straddles, message):
    with pytest.raises(InputError, match=message):
        six(straddles=straddles)


def test_a_short_stack_cannot_straddle():
    message = "C cannot straddle 4: he has only 3 \\(a straddle is posted in full\\)"
    with pytest.raises(InputError, match=message):
        start_hand({"A": 9, "B": 9, "C": 3, "D": 9}, small_blind=1, big_blind=2, straddles={"C": 4})


def test_no_straddle_heads_up_or_in_fixed_limit():
    with pytest.raises(InputError, match="heads-up there is no straddle"):
        start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2, straddles={"B": 4})
    with pytest.raises(InputError, match="no limit and pot limit here, not fixed limit"):
        six(structure=FixedLimit(2, 2, 4), straddles={"C": 4})


def test_a_straddle_out_of_turn_is_an_illegal_action_afterwards():
    h = six(straddles={"C": 4})
    with pytest.raises(IllegalActionError, match="it is D's turn"):
        h.call("E")


# ---- M1-M3: missed blinds ------------------------------------------------------------------------------
def test_a_missed_big_blind_is_posted_live_with_the_option():
    h = six(missed_blinds={"D": "big"})
    assert h.contributions["D"] == 2 and h.dead == (0,) * 6
    assert h.to_act == "C" and h.legal().to_call == 2
    h = h.call("C")
    assert h.to_act == "D" and h.legal().can_check  # his blind is live: he has matched the bet
    for p in "DEF":
        h = h.check(p) if h.legal().can_check else h.call(p)
    h = h.call("A").check("B")
    assert h.street_name == "flop" and h.total == 12


def test_a_missed_small_blind_is_dead_money():
    h = six(missed_blinds={"D": "small"})
    assert h.contributions["D"] == 1 and h.dead[3] == 1 and h.bets[3] == 0
    assert [(p.amount, len(p.eligible)) for p in h.pots] == [(1, 6)]
    h = h.fold("C")
    assert h.legal().to_call == 2  # the dead chips are no part of his bet


def test_missed_both_posts_the_big_blind_live_and_the_small_blind_dead():
    h = start_hand(
        {"A": 90, "B": 90, "C": 90, "D": 90},
        button="D",
        small_blind=1,
        big_blind=2,
        missed_blinds={"D": "both"},
    )
    assert h.contributions == {"A": 1, "B": 2, "C": 0, "D": 3}
    h = h.raise_to("C", 10).fold("D").fold("A").fold("B")
    result = h.settle()
    # C's raise above the live big blinds comes back; the dead blind stays in the pot.
    assert dict(result.refunds) == {"C": 8}
    assert h.finishing_stacks() == {"A": 89, "B": 88, "C": 96, "D": 87}
    assert "D posts the dead blind 1" in h.transcript()


def test_dead_blinds_and_a_big_blind_ante_are_one_dead_main_pot():
    h = start_hand(
        {"A": 90, "B": 90, "C": 90, "D": 90},
        button="D",
        small_blind=1,
        big_blind=2,
        ante=2,
        big_blind_ante=True,
        missed_blinds={"C": "small"},
    )
    assert sum(h.dead) == 3 and h.pots[0].amount == 3
    for p in "CDA":
        h = h.call(p)
    h = h.check("B")
    assert h.pots[0].amount == 11


@pytest.mark.parametrize(
    "missed, message",
    [
        ({"A": "both"}, "A is in the small blind"),
        ({"B": "big"}, "B is in the big blind"),
        ({"D": "twice"}, "D's missed blinds must be 'small', 'big' or 'both', not 'twice'"),
        ({"Zed": "big"}, "missed blinds for 'Zed', who is not seated"),
    ],
)
def test_missed_blinds_the_rules_refuse(missed, message):
    with pytest.raises(InputError, match=message):
        six(missed_blinds=missed)


def test_a_straddler_cannot_also_post_missed_blinds():
    with pytest.raises(InputError, match="C cannot straddle and post missed blinds"):
        six(straddles={"C": 4}, missed_blinds={"C": "big"})
    with pytest.raises(InputError, match="heads-up both players post a blind"):
        start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2, missed_blinds={"A": "big"})


# ---- chips conserved over random hands -------------------------------------------------------------------
def random_action(h, rng):
    legal = h.legal()
    options = ["fold", "call" if legal.to_call else "check"]
    if legal.can_raise:
        options += ["min", "all-in"]
    choice = rng.choice(options)
    if choice == "min":
        return h.act(h.to_act, legal.wager, legal.min_to)
    return h.act(h.to_act, choice)


@settings(max_examples=settings.default.max_examples * 2 // 5, deadline=None, derandomize=True)
@given(
    n=st.integers(3, 7),
    straddle_count=st.integers(0, 3),
    button_straddle=st.booleans(),
    missed=st.sampled_from(["", "small", "big", "both"]),
    seed=st.integers(0, 10**6),
)
def test_straddled_hands_conserve_chips(n, straddle_count, button_straddle, missed, seed):
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(n)]
    stacks = {p: rng.randint(20, 300) for p in names}
    button = n - 1
    utg = 2 % n
    straddles = {}
    if button_straddle:
        straddles = {names[button]: 4}
    else:
        amount = 4
        for k in range(min(straddle_count, n - 2)):
            straddles[names[(utg + k) % n]] = amount
            amount *= 2
    for p, amount in straddles.items():
        stacks[p] = max(stacks[p], amount)
    free = [p for p in names[2:] if p not in straddles]
    missed_blinds = {free[0]: missed} if missed and free else None
    h = start_hand(stacks, small_blind=1, big_blind=2, straddles=straddles, missed_blinds=missed_blinds)
    if straddles:
        last = names.index(list(straddles)[-1])
        assert h.to_act == names[(last + 1) % n] or h.stack(names[(last + 1) % n]) == 0
    while not h.betting_over:
        h = random_action(h, rng)
    if len(h.live) > 1:
        ranking = list(h.live)
        rng.shuffle(ranking)
        result = h.settle(ranking)
    else:
        result = h.settle()
    assert sum(result.payouts.values()) == sum(h.contributions.values())
    assert sum(h.finishing_stacks(ranking if len(h.live) > 1 else None).values()) == sum(stacks.values())
    assert result.audit().ok
