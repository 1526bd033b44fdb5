"""Exact equity: counts equal to phevaluator-driven enumeration; per-pot equity of side pots."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, starmap
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phevaluator import _pheval

from potengine.cards.deck import parse_cards
from potengine.cards.equity import combinations_array, equity, pot_equity
from potengine.errors import CardError, InputError


def oracle(hands: dict[str, str], board: str = "", dead: str = ""):
    """Enumerate every board with phevaluator (smaller rank is stronger): win/tie counts, shares."""
    holes = {n: tuple(c.index for c in parse_cards(h)) for n, h in hands.items()}
    known = tuple(c.index for c in parse_cards(board))
    used = set(known) | {i for h in holes.values() for i in h} | {c.index for c in parse_cards(dead)}
    rest = [i for i in range(52) if i not in used]
    evaluators = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards, 7: _pheval.evaluate_7cards}
    ranks = {
        n: np.fromiter(
            starmap(evaluators[7], (h + known + b for b in combinations(rest, 5 - len(known)))),
            dtype=np.int64,
        )
        for n, h in holes.items()
    }
    stack = np.stack(list(ranks.values()))
    winners = stack == stack.min(axis=0)
    k = winners.sum(axis=0)
    result = {}
    for i, name in enumerate(ranks):
        mine = k[winners[i]]
        share = (
            sum((Fraction(int((mine == j).sum()), j) for j in range(1, len(holes) + 1)), Fraction(0))
            / stack.shape[1]
        )
        result[name] = (int((mine == 1).sum()), int((mine > 1).sum()), share)
    return stack.shape[1], result


@pytest.mark.parametrize(
    "hands, board",
    [
        ({"Alice": "AsAh", "Bilal": "KdKc", "Chloé": "7s6s"}, ""),  # 1,370,754 boards
        ({"Alice": "AcKc", "Bilal": "QhQd"}, ""),  # 1,712,304 boards
        ({"Alice": "Ah Kh", "Bilal": "Qs Qd", "Chloé": "Jc Tc"}, "Qh 9h 2c"),
        ({"Alice": "5c 4c", "Bilal": "5d 4d"}, "Ac 2d 3h"),  # many ties
        ({"A": "2c 2d", "B": "3c 3d", "C": "4c 4d", "D": "5c 5d"}, "Ah Kh Qh Jh"),
    ],
)
def test_exact_counts_equal_phevaluator_enumeration(hands, board):
    boards, expected = oracle(hands, board)
    result = equity(hands, board)
    assert (
        result.boards
        == boards
        == comb(52 - 2 * len(hands) - len(parse_cards(board)), 5 - len(parse_cards(board)))
    )
    for name, (wins, ties, share) in expected.items():
        assert (result[name].wins, result[name].ties, result[name].share) == (wins, ties, share)
    assert sum(result.shares.values()) == 1


def test_complete_board_is_one_board():
    result = equity({"Alice": "As Ah", "Bilal": "Kd Kc"}, "2c 7d 9h Ks 3c")
    assert result.boards == 1
    assert result.shares == {"Alice": Fraction(0), "Bilal": Fraction(1)}
    split = equity({"Alice": "2s 3h", "Bilal": "4d 5c"}, "As Kh Qd Jc Th")
    assert split.shares == {"Alice": Fraction(1, 2), "Bilal": Fraction(1, 2)}
    assert split["Alice"].ties == 1 and split["Alice"].wins == 0
    assert split["Alice"].tie_chance == 1 and split["Alice"].win_chance == 0


def test_dead_cards_are_removed_from_the_deck():
    boards, expected = oracle({"Alice": "AsAh", "Bilal": "KdKc"}, "2c 7d 9h", dead="Ks Kh")
    result = equity({"Alice": "AsAh", "Bilal": "KdKc"}, "2c 7d 9h", dead="Ks Kh")
    assert result.boards == boards == comb(45 - 2, 2)
    assert result["Bilal"].wins == expected["Bilal"][0]


def test_list_of_hands_is_named_by_cards():
    result = equity(["As Ah", "Kd Kc"], board="2c 7d 9h")
    assert [p.name for p in result] == ["A♠ A♥", "K♦ K♣"]


@pytest.mark.parametrize(
    "hands, board, error, message",
    [
        ({"Alice": "AsAh"}, "", InputError, "at least two players"),
        (
            {"Alice": "AsAh", "Bilal": "As Kd"},
            "",
            CardError,
            "card A♠ is both in Alice's cards and in Bilal's cards",
        ),
        (
            {"Alice": "AsAh", "Bilal": "Kd Kc"},
            "Kd 2c 3c",
            CardError,
            "K♦ is both in Bilal's cards and on the board",
        ),
        ({"Alice": "AsAh", "Bilal": "Kd Kc"}, "2c 3c", CardError, "0, 3, 4 or 5 cards, got 2"),
        ({"Alice": "AsAh", "Bilal": "Kd Kc"}, "2c 3c 4c 5c 6c 7c", CardError, "6 cards"),
        ({"Alice": "AsAh", "Bilal": "Kd"}, "", CardError, "Bilal must hold exactly 2 cards"),
        ("AsAh KdKc", "", CardError, "not one string"),
    ],
)
def test_equity_errors(hands, board, error, message):
    with pytest.raises(error, match=message):
        equity(hands, board)


def test_dead_card_clash_is_refused():
    with pytest.raises(CardError, match="A♠"):
        equity({"Alice": "AsAh", "Bilal": "KdKc"}, dead="As")


def test_unknown_player_lookup():
    with pytest.raises(InputError, match="no player named 'Zoe'"):
        equity({"Alice": "AsAh", "Bilal": "KdKc"}, "2c 7d 9h")["Zoe"]


def test_combinations_array_matches_itertools():
    for n, k in [(7, 3), (10, 5), (6, 0), (5, 5), (4, 6)]:
        assert combinations_array(n, k).tolist() == [list(c) for c in combinations(range(n), k)]


# --- per-pot equity -------------------------------------------------------------------------

SHORT = {"Alice": 40, "Bilal": 100, "Chloé": 100}
SHORT_HANDS = {"Alice": "7s 6s", "Bilal": "Kd Kc", "Chloé": "As Ah"}


def test_short_stack_equity_differs_between_main_and_side_pot():
    result = pot_equity(SHORT, SHORT_HANDS, board="")
    main, side = result.pots
    assert (main.name, main.amount, main.eligible) == ("Main pot", 120, ("Alice", "Bilal", "Chloé"))
    assert (side.name, side.amount, side.eligible) == ("Side pot 1", 120, ("Bilal", "Chloé"))
    three_way = equity(SHORT_HANDS, "")
    # the side pot is a heads-up battle, with Alice's cards known to be out of the deck
    heads_up = equity({k: SHORT_HANDS[k] for k in ("Bilal", "Chloé")}, "", dead=SHORT_HANDS["Alice"])
    for name in SHORT_HANDS:
        assert main.chances[name].share == three_way[name].share
    for name in ("Bilal", "Chloé"):
        assert side.chances[name].share == heads_up[name].share
    assert side.chances["Bilal"].share > main.chances["Bilal"].share  # Alice no longer in the way
    assert "Alice" not in side.chances
    for pot in result.pots:
        assert sum(c.expected for c in pot.chances.values()) == pot.amount
        assert sum(c.share for c in pot.chances.values()) == 1
    assert sum(result.expected.values()) == sum(SHORT.values())


def test_refunds_and_folded_players():
    contributions = {"Alice": 40, "Bilal": 100, "Chloé": 150, "David": 20}
    hands = {"Alice": "7s 6s", "Bilal": "Kd Kc", "Chloé": "As Ah", "David": "Qc Qd"}
    result = pot_equity(contributions, hands, board="2c 7d 9h", folded=("David",))
    assert dict(result.refunds) == {"Chloé": 50}
    assert all("David" not in pot.chances for pot in result.pots)
    # David's folded queens are dead cards: 52 - 8 hole - 3 board = 41 unseen -> C(41, 2) boards
    assert result.boards == comb(41, 2)
    assert sum(result.expected.values()) == sum(contributions.values())
    assert result.expected["Chloé"] >= 50


def test_pot_equity_errors():
    with pytest.raises(CardError, match="Bilal is still in the hand but has no hole cards"):
        pot_equity(SHORT, {"Alice": "7s6s", "Chloé": "AsAh"}, "2c 7d 9h")
    with pytest.raises(InputError, match="'Zoe' has hole cards but no contribution"):
        pot_equity(SHORT, {**SHORT_HANDS, "Zoe": "2h 3h"}, "2c 7d 9h")
    with pytest.raises(CardError, match="got 2"):
        pot_equity(SHORT, SHORT_HANDS, "2c 7d")
    with pytest.raises(InputError, match="folded player 'Nobody' is not seated"):
        pot_equity(SHORT, SHORT_HANDS, "2c 7d 9h", folded=("Nobody",))


@settings(max_examples=max(10, settings.default.max_examples // 8))  # each example ~1,000 boards
@given(
    st.lists(st.integers(1, 300), min_size=3, max_size=3),
    st.sampled_from(["2c 7d 9h", "Ah Qd 2s 3s", "Ts 9s 8d 8c 2h"]),
)
def test_hypothesis_expected_chips_sum_to_every_pot(stacks, board):
    contributions = dict(zip(["Alice", "Bilal", "Chloé"], stacks, strict=True))
    result = pot_equity(contributions, {"Alice": "7s 6s", "Bilal": "Kd Kc", "Chloé": "Ac Ad"}, board)
    for pot in result.pots:
        assert sum(c.expected for c in pot.chances.values()) == pot.amount
        assert all(isinstance(c.expected, Fraction) for c in pot.chances.values())
    assert sum(result.expected.values()) == sum(stacks)


def test_hostile_hands_are_refused_and_no_player_is_dropped():
    with pytest.raises(CardError, match="A♠"):
        equity(["AsAh", "AsAh", "KdKc"], board="2c 7d 9h 3s 4c")
    with pytest.raises(InputError, match="non-empty strings"):
        equity({1: "AsAh", "1": "KdKc", "X": "7s6s"})
    with pytest.raises(InputError, match="not None"):
        equity(None)
    with pytest.raises(InputError, match="not None"):
        pot_equity({"A": 10, "B": 10}, None)
    with pytest.raises(InputError):
        equity(iter(lambda: "AsAh", None))  # an endless iterator is not read forever
    assert len(list(equity(iter(["AsAh", "KdKc"]), board="2c 7d 9h 3s 4c"))) == 2
