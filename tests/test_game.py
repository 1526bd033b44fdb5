"""The course of a hand: blinds, action order, streets, pots street by street, the showdown."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine.errors import IllegalActionError, InputError
from potengine.play.hand import SHOWDOWN, start_hand
from potengine.play.streets import Kind, Street
from potengine.play.structures import FixedLimit, PotLimit
from potengine.pots.layout import build_pots
from potengine.pots.settlement import settle

NAMES = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J")


def table(n, stack=1000, **kw):
    kw.setdefault("small_blind", 5)
    kw.setdefault("big_blind", 10)
    return start_hand({p: stack for p in NAMES[:n]}, **kw)


def check_round(h):
    while h.actor is not None and h.street == h.street:
        street = h.street
        h = h.check(h.to_act) if h.legal().to_call == 0 else h.call(h.to_act)
        if h.street != street:
            return h
    return h


# ---- EX-27: blinds and action order ----------------------------------------------------------
@pytest.mark.parametrize("n", range(2, 11))
def test_ex27_action_order_for_2_to_10_players(n):
    h = table(n)
    names = NAMES[:n]
    button = n - 1
    if n == 2:
        sb, bb = button, 0
    else:
        sb, bb = 0, 1
    assert h.contributions[names[sb]] == 5 and h.contributions[names[bb]] == 10
    preflop = []
    while h.street == 0:
        preflop.append(h.to_act)
        h = h.call(h.to_act) if h.legal().to_call else h.check(h.to_act)
    expected = [names[(bb + k) % n] for k in range(1, n + 1)]
    assert preflop == expected  # left of the big blind first, big blind last
    flop = []
    while h.street == 1:
        flop.append(h.to_act)
        h = h.check(h.to_act)
    assert flop == [names[(button + k) % n] for k in range(1, n + 1)]  # left of the button, button last
    if n == 2:  # heads-up: the button posts the small blind, acts first pre-flop, last after
        assert preflop == ["B", "A"] and flop == ["A", "B"]


def test_players_out_of_range():
    with pytest.raises(InputError, match="2 to 10 players"):
        start_hand({f"P{k}": 100 for k in range(11)}, small_blind=1, big_blind=2)


# ---- EX-28: a whole hand -----------------------------------------------------------------------
def test_ex28_streets_and_betting_round_end():
    h = table(3, button="C")
    assert h.street_name == "pre-flop" and h.to_act == "C"
    h = h.raise_to("C", 30).call("A")
    assert h.street_name == "pre-flop" and h.to_act == "B"  # round not over: B has not matched
    h = h.call("B")
    assert h.street_name == "flop" and h.to_act == "A" and h.total == 90
    h = h.deal_board("AhKdQc").check("A").bet("B", 50).call("C").fold("A")
    assert h.street_name == "turn" and h.live == ("B", "C")
    h = h.deal_board("2s").check("B").check("C")
    h = h.deal_board("3s").bet("B", 100).call("C")
    assert h.street == SHOWDOWN and h.betting_over and h.to_act is None
    assert h.contributions == {"A": 30, "B": 180, "C": 180}
    assert h.showdown_order() == ("B", "C")  # B bet the river: he shows first
    result = h.settle(["C", "B"])
    assert dict(result.payouts) == {"A": 0, "B": 0, "C": 390}
    assert h.finishing_stacks(["C", "B"]) == {"A": 970, "B": 820, "C": 1210}


# ---- EX-07: raise to versus raise by ---------------------------------------------------------------
def test_ex07_raise_to_is_not_raise_by():
    h = table(3, button="C")
    to = h.raise_to("C", 100)
    by = h.raise_by("C", 100)
    assert to.contributions["C"] == 100
    assert by.contributions["C"] == 110  # the big blind of 10 plus 100 more
    assert to.history[-1].to == 100 and by.history[-1].to == 110


# ---- EX-08 .. EX-12: pots around all-in players ---------------------------------------------------
def test_ex08_two_pots():
    h = start_hand({"A": 75, "B": 500, "C": 500}, button="C", small_blind=25, big_blind=50)
    h = h.call("C").call("A").check("B")
    h = h.all_in("A").raise_to("B", 100).call("C")
    flop_only = [p.amount - 150 * (k == 0) for k, p in enumerate(h.pots)]
    assert flop_only == [75, 150]  # the flop's chips: 3x25 and 2x75
    assert [p.eligible for p in h.pots] == [("A", "B", "C"), ("B", "C")]
    for _ in range(2):
        h = h.check("B").check("C")
    result = h.settle(["A", "B", "C"])
    # A wins the main pot only: from each opponent what he put in himself.
    assert result.payouts["A"] == 75 * 3
    assert result.payouts["B"] == 150


def test_ex09_ex10_three_layers_and_dead_chips():
    stacks = {"A": 30, "B": 60, "C": 500, "D": 500}
    h = start_hand(stacks, button="D", small_blind=5, big_blind=10)
    h = h.call("C").call("D").call("A").check("B")  # 10 each pre-flop
    h = h.all_in("A").all_in("B").call("C").fold("D")  # flop: A 20, B 50, C calls 50, D folds
    assert [(p.amount, p.eligible) for p in h.pots] == [(40 + 60, ("A", "B", "C")), (60, ("B", "C"))]
    # EX-10: D's 10 stays in the main pot; no third pot, C's chips above 50 never went in.
    assert h.betting_over and h.street == SHOWDOWN
    result = h.settle(["A", "B", "C"])
    assert [p.amount for p in result.pots] == [100, 60]


def test_ex11_betting_beside_an_all_in_player_street_by_street():
    h = start_hand({"A": 100, "B": 1000, "C": 1000}, button="C", small_blind=10, big_blind=20)
    h = h.call("C").call("A").check("B")  # 60 pre-flop
    h = h.bet("A", 80).call("B").call("C")  # A all-in on the flop
    assert h.stacks[0] == 0
    main_after_flop = h.pots[0]
    assert main_after_flop == (300, ("A", "B", "C"), True)
    h = h.bet("B", 100).call("C")  # turn: only the side pot grows
    assert h.pots[0] == main_after_flop and h.pots[1].amount == 200
    h = h.bet("B", 300).call("C")  # river
    assert h.pots[0] == main_after_flop and h.pots[1] == (800, ("B", "C"), False)
    snapshots = [[p.amount for p in s] for s in h.street_pots]
    assert snapshots == [[60], [300], [300, 200], [300, 800]]


def test_ex12_the_38_chip_cap():
    h = start_hand({"A": 38, "B": 500, "C": 500}, button="C", small_blind=5, big_blind=10)
    h = h.raise_to("C", 200).all_in("A").call("B")
    while not h.betting_over:
        h = check_round(h)
    result = h.settle(["A", "B", "C"])
    assert result.payouts["A"] == 3 * 38  # the first 38 of each player, no more
    assert result.net["A"] == 2 * 38


def test_ex15_club_dealer_blinds_in_the_middle():
    h = start_hand({"SB": 100, "BB": 80, "Button": 50}, button="Button", small_blind=5, big_blind=10)
    h = h.all_in("Button").all_in("SB").call("BB")
    assert h.betting_over
    result = h.settle(["Button", "SB", "BB"])
    assert dict(result.refunds) == {"SB": 20}
    assert [(p.amount, p.eligible) for p in result.pots] == [
        (150, ("SB", "BB", "Button")),
        (60, ("SB", "BB")),
    ]
    assert dict(result.net) == {"SB": -20, "BB": -80, "Button": 100}
    assert h.refunds == {"SB": 20}


def test_ex16_round_by_round_equals_final_contributions():
    h = start_hand({"A": 60, "B": 150, "C": 400, "D": 400}, button="D", small_blind=5, big_blind=10)
    h = h.raise_to("C", 40).call("D").call("A").call("B")  # A has 20 left
    h = h.bet("A", 20).raise_to("B", 80).call("C").call("D")  # A all-in on the flop
    h = h.bet("B", 30).call("C").call("D")  # B all-in on the turn
    h = h.bet("C", 100).fold("D")  # river: D folds, C's 100 uncalled
    layout = build_pots(h.contributions, folded=["D"])
    assert [(p.amount, p.eligible) for p in h.pots] == [(p.amount, p.eligible) for p in layout.pots]
    assert h.refunds == dict(layout.refunds) == {"C": 100}
    # The flop's side pot was still open on the turn: B's all-in closes it, no third pot.
    assert [len(s) for s in h.street_pots] == [1, 2, 2, 2]


# ---- EX-29: showdown order ---------------------------------------------------------------------
def test_ex29_showdown_order_without_river_bet_and_face_up():
    h = table(4, button="D")
    h = check_round(h)
    for _ in range(3):
        h = check_round(h)
    assert h.showdown_order() == ("A", "B", "C", "D")
    h2 = table(4, button="B")  # button B: first left of the button is C
    for _ in range(4):
        h2 = check_round(h2)
    assert h2.showdown_order() == ("C", "D", "A", "B")
    assert not h2.all_face_up
    h3 = start_hand({"A": 50, "B": 500, "C": 500}, button="C", small_blind=5, big_blind=10)
    h3 = h3.call("C").all_in("A").call("B").fold("C")
    assert h3.betting_over and h3.all_face_up


def test_showdown_order_river_aggressor_who_was_called():
    h = table(3, button="C")
    for _ in range(3):
        h = check_round(h)
    h = h.check("A").bet("B", 10).raise_to("C", 40).call("A").call("B")
    assert h.showdown_order() == ("C", "A", "B")


# ---- blinds and antes ------------------------------------------------------------------------------
def test_traditional_antes_are_contributions():
    h = table(3, ante=2, button="C")
    assert h.contributions == {"A": 7, "B": 12, "C": 2}
    assert h.pots[0].amount == 6


def test_big_blind_ante_is_dead_money_in_the_main_pot():
    h = table(3, ante=10, big_blind_ante=True, button="C")
    assert h.contributions == {"A": 5, "B": 20, "C": 0}
    h = h.call("C").call("A").check("B")
    for _ in range(3):
        h = check_round(h)
    result = h.settle([("A", "B", "C")])
    # 3 x 10 live + 10 dead: a three-way split, nothing handed back to the big blind.
    assert result.pots[0].amount == 40 and not dict(result.refunds)
    assert sum(result.payouts.values()) == 40
    # The big blind is raised and calls: his ante is still dead, never "uncalled".
    h = table(3, ante=10, big_blind_ante=True, button="C").raise_to("C", 50).fold("A").call("B")
    for _ in range(3):
        h = check_round(h)
    result = h.settle(["B", "C"])
    assert dict(result.payouts) == {"A": 0, "B": 115, "C": 0}
    assert dict(result.refunds) == {}


def test_short_big_blind_posts_the_blind_first_rp11():
    h = start_hand(
        {"A": 500, "B": 15, "C": 500}, button="C", small_blind=5, big_blind=10, ante=10, big_blind_ante=True
    )
    assert h.contributions["B"] == 15 and h.paid[1] + h.bets[1] == 10 and h.dead[1] == 5
    assert h.stacks[1] == 0


def test_short_big_blind_still_sets_the_full_minimum():
    h = start_hand({"A": 500, "B": 4, "C": 500}, button="C", small_blind=5, big_blind=10)
    assert h.contributions["B"] == 4
    lg = h.legal()
    assert lg.player == "C" and lg.to_call == 10 and lg.min_to == 20


def test_heads_up_blinds():
    h = start_hand({"Ann": 100, "Bob": 100}, small_blind=1, big_blind=2, button="Bob")
    assert h.contributions == {"Ann": 2, "Bob": 1} and h.to_act == "Bob"


# ---- EX-33, EX-34: short all-ins ---------------------------------------------------------------------
def test_ex33_incomplete_all_in_does_not_reopen():
    h = start_hand({"A": 1000, "B": 150, "C": 1000}, button="C", small_blind=5, big_blind=10)
    h = h.call("C").call("A").check("B")  # 10 each
    h = h.bet("A", 100).all_in("B")  # B: 140, a raise of 40 < 100
    assert not h.history[-1].full
    assert h.legal().min_to == 240  # C has not acted: may raise
    h = h.call("C")
    lg = h.legal()
    assert lg.player == "A" and lg.to_call == 40 and not lg.can_raise
    with pytest.raises(IllegalActionError, match="A cannot raise to 400.*not reopened.*TDA 47"):
        h.raise_to("A", 400)
    with pytest.raises(IllegalActionError, match="TDA 47"):
        h.all_in("A")
    assert h.call("A").street_name == "turn"


def test_short_all_ins_that_add_up_to_a_full_raise_reopen():
    stacks = {"A": 1000, "B": 160, "C": 220, "D": 1000}
    h = start_hand(stacks, button="D", small_blind=5, big_blind=10)
    h = h.call("C").call("D").call("A").check("B")
    h = h.bet("A", 100).all_in("B").all_in("C")  # 150 (+50), then 210 (+60)
    assert [op.full for op in h.history[-2:]] == [False, False]
    h = h.call("D")
    assert h.legal().player == "A" and h.legal().can_raise  # 210 - 100 >= 100: reopened
    assert h.legal().min_to == 310


def test_ex34_three_all_ins_make_side_pots():
    h = start_hand({"A": 50, "B": 120, "C": 200, "D": 1000}, button="D", small_blind=5, big_blind=10)
    h = h.call("C").raise_to("D", 300).all_in("A").all_in("B").call("C")
    assert h.betting_over
    result = h.settle(["A", "B", "C", "D"])
    assert [p.amount for p in result.pots] == [200, 210, 160]
    assert dict(result.refunds) == {"D": 100}
    assert dict(result.payouts) == {"A": 200, "B": 210, "C": 160, "D": 100}


# ---- illegal actions ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "action, match",
    [
        (lambda h: h.call("A"), "A cannot call: it is C's turn"),
        (lambda h: h.check("C"), "C cannot check: there are 10 to call"),
        (lambda h: h.raise_to("C", 15), "minimum raise is to 20"),
        (lambda h: h.raise_to("C", 1001), "C has only 1000 in all"),
        (lambda h: h.bet("C", 50), "already a bet of 10"),
        (lambda h: h.raise_to("Z", 50), "'Z' is not seated"),
        (lambda h: h.act("C", "limp"), "unknown action 'limp'"),
    ],
)
def test_illegal_actions_name_player_and_rule_and_change_nothing(action, match):
    h = table(3, button="C")
    before = (h.stacks, h.bets, h.history, h.actor)
    with pytest.raises(IllegalActionError, match=match):
        action(h)
    assert (h.stacks, h.bets, h.history, h.actor) == before


def test_pot_limit_and_no_action_after_the_end():
    h = table(3, button="C", structure=PotLimit(big_blind=10))
    with pytest.raises(IllegalActionError, match="maximum is 35"):
        h.raise_to("C", 40)
    h = h.fold("C").fold("A")
    with pytest.raises(IllegalActionError, match="everyone else folded, B wins"):
        h.check("B")
    assert dict(h.settle().payouts) == {"A": 0, "B": 15, "C": 0}


def test_settle_before_the_end_is_refused():
    with pytest.raises(InputError, match="not over: B is to act on the pre-flop"):
        table(3, button="B").settle()


def test_showdown_with_cards_uses_the_hand_evaluator():
    h = start_hand({"A": 100, "B": 100}, small_blind=1, big_blind=2, button="B")
    h = h.deal_hole("A", "AsAh").deal_hole("B", "KdKc")
    h = h.all_in("B").call("A")
    h = h.deal_board("2c7d9h").deal_board("Js").deal_board("3d")
    assert dict(h.settle().payouts) == {"A": 200, "B": 0}
    assert dict(h.muck("A").settle().payouts) == {"A": 0, "B": 200}


def test_hand_settle_agrees_with_settle():
    h = start_hand({"A": 40, "B": 100, "C": 100}, button="C", small_blind=5, big_blind=10)
    h = h.raise_to("C", 100).all_in("A").call("B")
    ours = h.settle(["A", "C", "B"])
    direct = settle({"A": 40, "B": 100, "C": 100}, ["A", "C", "B"], button="C")
    assert dict(ours.payouts) == dict(direct.payouts) == {"A": 120, "B": 0, "C": 120}


# ---- properties ----------------------------------------------------------------------------------
@st.composite
def hands_and_moves(draw):
    n = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(11, 400), min_size=n, max_size=n))
    structure = draw(st.sampled_from(["nl", "pl", "fl"]))
    kw = {}
    if structure == "pl":
        kw["structure"] = PotLimit(big_blind=10)
    elif structure == "fl":
        kw["structure"] = FixedLimit(big_blind=10, small_bet=10, big_bet=20)
    ante = draw(st.sampled_from([0, 1]))
    hand = start_hand(dict(zip(NAMES, stacks, strict=False)), small_blind=5, big_blind=10, ante=ante, **kw)
    moves = draw(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 450), st.integers(0, 9)), max_size=40))
    return hand, moves


def mover(hand, who: int) -> str:
    """Mostly the player to act; sometimes somebody else (an out-of-turn attempt)."""
    return hand.players[(hand.actor + max(who - 6, 0)) % len(hand.players)]


def expected_legal(hand, move) -> bool:
    """An independent reading of the rules from ``legal()``: is this move allowed?"""
    kind, amount, who = move
    lg = hand.legal()
    if mover(hand, who) != lg.player:
        return False
    i = hand.actor
    everything = hand.bets[i] + hand.stacks[i]
    if kind == 0:
        return True
    if kind == 1:
        return lg.to_call == 0
    if kind == 2:
        return lg.to_call > 0
    if kind == 5:  # all-in: a raise, or a call when his chips or nobody else's beat the bet
        nobody_answers = not any(
            j != i and not hand.folded[j] and hand.bets[j] + hand.stacks[j] > hand.current_bet
            for j in range(len(hand.players))
        )
        return everything <= hand.current_bet or nobody_answers or (lg.can_raise and lg.max_to == everything)
    wager = "bet" if kind == 3 else "raise"
    if not lg.can_raise or wager != lg.wager or amount <= 0:
        return False
    if hand.setup.structure.exact_size:
        return amount in (lg.min_to, lg.max_to)
    return lg.min_to <= amount <= lg.max_to


def try_move(hand, move):
    kind, amount, who = move
    player = mover(hand, who)
    name = ("fold", "check", "call", "bet", "raise", "all-in")[kind]
    return hand.act(player, name, amount if name in ("bet", "raise") else None)


@given(hands_and_moves())
def test_chips_conserved_and_illegal_actions_change_nothing(data):
    hand, moves = data
    start = sum(hand.setup.stacks)
    for move in moves:
        if hand.actor is None:
            break
        legal = hand.legal()
        ok = expected_legal(hand, move)
        snapshot = (hand.stacks, hand.bets, hand.paid, hand.history, hand.actor, hand.street)
        try:
            new = try_move(hand, move)
        except IllegalActionError:
            assert not ok, (move, legal)
            assert (hand.stacks, hand.bets, hand.paid, hand.history, hand.actor, hand.street) == snapshot
            continue
        assert ok, (move, legal)
        assert len(new.history) == len(hand.history) + 1
        assert new.history[-1].player == legal.player
        hand = new
        assert sum(hand.stacks) + hand.total == start
        assert all(s >= 0 for s in hand.stacks)


@given(hands_and_moves(), st.randoms(use_true_random=False))
def test_legal_actions_never_raise(data, rnd):
    hand, _ = data
    start = sum(hand.setup.stacks)
    while hand.actor is not None:
        lg = hand.legal()
        options = ["fold", "call" if lg.to_call else "check"]
        if lg.can_raise:
            options.append("wager")
        choice = rnd.choice(options)
        if choice == "wager":
            to = rnd.choice([lg.min_to, lg.max_to, rnd.randint(lg.min_to, lg.max_to)])
            if hand.setup.structure.exact_size:
                to = lg.min_to
            hand = hand.act(lg.player, lg.wager, to)
        else:
            hand = hand.act(lg.player, choice)
        assert sum(hand.stacks) + hand.total == start
    live = hand.live
    result = hand.settle([live] if len(live) > 1 else None)
    assert sum(result.payouts.values()) == hand.total
    layout = build_pots(hand.contributions, folded=[p for p in hand.players if p not in live])
    assert [(p.amount, p.eligible) for p in hand.pots] == [(p.amount, p.eligible) for p in layout.pots]


# ---- dealing cards ---------------------------------------------------------------------------
def _flop_ready():
    return (
        start_hand({"A": 100, "B": 100, "C": 100}, button="C", small_blind=1, big_blind=2)
        .call("C")
        .call("A")
        .check("B")
    )


def test_board_cards_are_parsed_like_everywhere_else():
    from potengine.cards.deck import parse_cards

    h = _flop_ready()
    for board in ("10h 9d 2c", "Th9d2c", "10♥ 9♦ 2♣", ["th", "9D", "2c"], parse_cards("Th 9d 2c")):
        assert h.deal_board(board).board == ("Th", "9d", "2c")


@pytest.mark.parametrize("board", ["Zz Yy Xx", "As As Ks", 5, None, "AsKs", "AsKsQsJs Ts Qd"])
def test_a_bad_board_is_refused_and_the_hand_is_unchanged(board):
    from potengine.errors import PotEngineError

    h = _flop_ready()
    with pytest.raises(PotEngineError):
        h.deal_board(board)
    assert h.board == ()


def test_streets_are_dealt_in_order_after_their_betting():
    h = _flop_ready()
    with pytest.raises(IllegalActionError, match="cannot deal the turn: the flop betting is not over"):
        h.deal_board("2c 3c 4c 5c")
    h = h.deal_board("2c 3c 4c")
    with pytest.raises(IllegalActionError, match="cannot deal the turn: the flop betting is not over"):
        h.deal_board("5c")
    h = h.check("A").check("B").check("C")
    with pytest.raises(IllegalActionError, match="cannot deal the river: the turn betting is not over"):
        h.deal_board("5c 6c")
    with pytest.raises(IllegalActionError, match="the next street is one card for the turn"):
        h.deal_board("")
    with pytest.raises(IllegalActionError, match="pre-flop betting is not over"):
        start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).deal_board("As Ks Qs")


def test_an_all_in_runout_may_be_dealt_at_once_but_not_twice():
    h = start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).all_in("B").call("A")
    assert h.deal_board("2c 3c 4c 5c 6c").board == ("2c", "3c", "4c", "5c", "6c")
    assert h.deal_board("2c 3c 4c 5c").deal_board("6c").board[-1] == "6c"
    with pytest.raises(IllegalActionError, match="already holds five"):
        h.deal_board("2c 3c 4c 5c 6c").deal_board("7c")


def test_hole_cards_are_two_unseen_cards():
    from potengine.errors import CardError

    h = _flop_ready().deal_hole("A", "As Kd")
    assert h.holes[0] == ("As", "Kd")
    with pytest.raises(IllegalActionError, match="2 hole cards"):
        h.deal_hole("B", "2c 3c 4c")
    with pytest.raises(CardError, match="A♠ is both in A's cards and in B's cards"):
        h.deal_hole("B", "As 2c")
    with pytest.raises(CardError, match="K♦ is both in A's cards and on the board"):
        h.deal_board("Kd 2c 3c")
    with pytest.raises(IllegalActionError, match="already holds"):
        h.deal_hole("A", "Qs Qd")
    assert h.deal_hole("B", "????").holes[1] is None
    assert h.deal_hole("B", "10♥ 10♦").holes[1] == ("Th", "Td")


def test_show_must_match_the_cards_dealt():
    from potengine.errors import CardError

    h = start_hand({"A": 9, "B": 9}, small_blind=1, big_blind=2).deal_hole("A", "AsAh")
    h = h.all_in("B").call("A").deal_board("2c 3c 4c 5c 6c")
    assert set(h.show("A", "Ah As").holes[0]) == {"As", "Ah"}
    with pytest.raises(IllegalActionError, match="A was dealt As Ah"):
        h.show("A", "Ac Ad")
    with pytest.raises(CardError, match="on the board"):
        h.show("B", "2c 7d")
    with pytest.raises(IllegalActionError, match="2 hole cards"):
        h.show("B", "7d")


def test_a_hand_cannot_be_changed_in_place():
    h = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2)
    with pytest.raises(AttributeError, match="a Hand is immutable"):
        h.stacks = (0, 0)
    after = h.call("B")
    assert h.stacks == (98, 99) and after.stacks == (98, 98)
    assert h.history != after.history and len(after.history) == len(h.history) + 1


def test_streets_are_one_enum_with_one_spelling():
    h = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2)
    assert h.street is Street.PRE_FLOP and h.street_name == "pre-flop" == str(Street.PRE_FLOP)
    h = h.call("B").check("A")
    assert h.street is Street.FLOP and h.street == 1 and h.street_name == "flop"
    assert [op.kind for op in h.history] == [Kind.SMALL_BLIND, Kind.BIG_BLIND, Kind.CALL, Kind.CHECK]
    assert h.history[-1].kind == "check"  # a Kind is also its plain string
    assert h.transcript().splitlines()[0].startswith("pre-flop: ")
