"""settle() from real cards, and with rake withheld before the pots are split."""

from decimal import Decimal

import pytest

from potengine import CardError, InputError, explain, settle
from potengine.pots.rake import Rake
from potengine.present.tables import settlement_html

BOARD = "Kd Qc 7h 2s 3d"


def test_cards_decide_the_ranking():
    r = settle(
        {"Alice": 40, "Bilal": 100, "Chloé": 100},
        hands={"Alice": "As Ah", "Bilal": "Kh Kc", "Chloé": "Qd Qh"},
        board=BOARD,
    )
    assert r.ranking == (("Bilal",), ("Chloé",), ("Alice",))
    assert r.payouts == {"Alice": 0, "Bilal": 240, "Chloé": 0}
    assert r.hands["Bilal"].category == "Three of a kind"
    assert "Bilal (" in explain(r) and "Board: K♦ Q♣ 7♥ 2♠ 3♦." in explain(r)
    assert "Three of a kind" in settlement_html(r)


def test_short_stack_straight_flush_wins_only_the_main_pot():
    # EX-13: the short stack shows a straight flush and takes the smallest pot.
    r = settle(
        {"Short": 20, "Mid": 300, "Deep": 300},
        hands={"Short": "9h 8h", "Mid": "Ac Ad", "Deep": "Kc Ks"},
        board="7h 6h 5h As 2d",
    )
    assert r.pots[0].winners == ("Short",) and r.pots[0].amount == 60
    assert r.pots[1].winners == ("Mid",) and r.pots[1].amount == 560


def test_board_plays_splits_between_live_players_only():
    # EX-21: the board is a Broadway straight; everybody plays it.
    r = settle(
        {"A": 50, "B": 50, "C": 50, "D": 10},
        hands={"A": "2c 3d", "B": "4h 5s", "C": "6d 7c", "D": "8h 9h"},
        board="As Kh Qd Jc Th",
        folded=["D"],
        button="A",
    )
    assert r.pots[0].winners == ("A", "B", "C")
    assert r.pots[0].shares == {"A": 53, "B": 54, "C": 53}


def test_folded_players_cards_are_checked_but_not_ranked():
    with pytest.raises(CardError, match="A♠"):
        settle(
            {"A": 10, "B": 10, "C": 5},
            hands={"A": "As Ah", "B": "Kd Kc", "C": "As 2c"},
            board=BOARD,
            folded=["C"],
        )


@pytest.mark.parametrize(
    ("kwargs", "error", "needle"),
    [
        (
            {"ranking": ["A", "B"], "hands": {"A": "As Ah", "B": "Kd Kc"}, "board": BOARD},
            InputError,
            "either a ranking or the cards",
        ),
        ({"hands": {"A": "As Ah"}, "board": BOARD}, InputError, "no cards for live player(s) 'B'"),
        (
            {"hands": {"A": "As Ah", "B": "Kd Kc"}, "board": "Kd Qc 7h"},
            CardError,
            "the board must hold the 5 community cards",
        ),
        (
            {"hands": {"A": "As Ah", "B": "Kd Kc"}, "board": "Kd Qc 7h 2s 3d 4d"},
            CardError,
            "got 6 (K♦ Q♣ 7♥ 2♠ 3♦ 4♦)",
        ),
        (
            {"hands": {"A": "As Ah", "B": "Kd Kc", "Z": "2c 2d"}, "board": BOARD},
            InputError,
            "hands names 'Z', who is not seated",
        ),
        ({"board": BOARD, "ranking": ["A", "B"]}, InputError, "a board was given without hands="),
        ({"hands": {"A": "As Ah", "B": "Kd Xc"}, "board": BOARD}, CardError, "B"),
    ],
)
def test_card_input_errors(kwargs, error, needle):
    with pytest.raises(error) as info:
        settle({"A": 10, "B": 10}, **kwargs)
    assert needle in str(info.value)


def test_fixed_rake_is_withheld_from_the_main_pot_before_the_split():
    r = settle({"A": 40, "B": 100, "C": 100}, ranking=[("A", "B"), "C"], rake=5, button="C")
    main, side = r.pots
    assert main.rake == 5 and side.rake == 0
    assert main.shares == {"A": 58, "B": 57}  # 115 split, the odd chip to A (left of C)
    assert r.withheld == 5
    assert sum(r.payouts.values()) + r.withheld == r.total
    assert sum(r.net.values()) == -5
    assert r.audit().ok and "withheld 5" in explain(r)


def test_percentage_rake_with_cap_and_no_flop_no_drop():
    policy = Rake.percentage(5, cap=3)
    r = settle({"A": 50, "B": 50}, ranking=["A", "B"], rake=policy)
    assert r.withheld == 3 and r.payouts["A"] == 97
    r = settle({"A": 50, "B": 50}, ranking=["A", "B"], rake=policy, flop_seen=False)
    assert r.withheld == 0


def test_rake_in_cents():
    r = settle(
        {"A": Decimal("1.00"), "B": Decimal("1.00")},
        ranking=["A", "B"],
        rake=Decimal("0.10"),
        chip=Decimal("0.01"),
    )
    assert r.payouts["A"] == Decimal("1.90") and r.withheld == Decimal("0.10")
