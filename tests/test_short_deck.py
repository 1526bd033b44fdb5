"""Short-deck (six-plus) hold'em: the 36-card deck, the rankings rule by rule, and a differential
test against PokerKit 0.7.7's ``ShortDeckHoldemHand``.

PokerKit ranks a straight above three of a kind (our ``"triton"`` rules): with those rules every
comparison must agree, and so must every category. With ``"trips-beat-straight"`` the two may
differ only where one hand is a straight and the other three of a kind (or a hand holds both);
such comparisons are counted and each is checked to be that case.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine import settle
from potengine.cards.deck import parse_cards
from potengine.cards.short_deck import (
    GAME,
    RULES,
    SHORT_DECK,
    ShortDeckValue,
    evaluate_short_deck,
    parse_short_deck_deal,
    rank_short_deck_players,
    rules_consistent_with,
    short_deck_categories,
    short_deck_strength,
)
from potengine.errors import CardError, InputError
from potengine.pots.check import audit

TRIPS = "trips-beat-straight"


def sd(cards: str, rules: str = "triton") -> ShortDeckValue:
    return evaluate_short_deck(cards, rules=rules)


# --- the deck ------------------------------------------------------------------------------


def test_the_deck_is_36_cards_six_to_ace() -> None:
    assert len(SHORT_DECK) == len(set(SHORT_DECK)) == 36
    assert Counter(c.rank for c in SHORT_DECK) == dict.fromkeys(range(6, 15), 4)
    assert GAME == "short-deck" and RULES == ("triton", TRIPS)


@pytest.mark.parametrize("card", ["2c", "3d", "4h", "5s"])
def test_a_card_below_six_is_refused_naming_card_and_game(card: str) -> None:
    shown = str(parse_cards(card)[0])
    with pytest.raises(CardError, match=f"card {shown} in the hand is not in the 36-card deck of short-deck"):
        evaluate_short_deck(f"As Kd Qh Jc {card}")
    with pytest.raises(CardError, match=f"card {shown} in Bilal's cards .*short-deck hold'em"):
        rank_short_deck_players({"Alice": "As Ad", "Bilal": f"Kc {card}"}, "6c 7d 8h 9s Jc")
    with pytest.raises(CardError, match=f"card {shown} on the board .*short-deck hold'em"):
        rank_short_deck_players({"Alice": "As Ad", "Bilal": "Kc Kd"}, f"6c 7d 8h 9s {card}")
    assert issubclass(CardError, ValueError)


def test_bad_deals_are_refused() -> None:
    with pytest.raises(CardError, match="card A♠ is both in Alice's cards and on the board"):
        parse_short_deck_deal({"Alice": "As Ad", "Bilal": "Kc Kd"}, "As 7d 8h")
    with pytest.raises(CardError, match="exactly 2 cards"):
        parse_short_deck_deal({"Alice": "As Ad Ah"}, "6c 7d 8h")
    with pytest.raises(CardError, match="at least 3 board cards, got 2"):
        rank_short_deck_players({"Alice": "As Ad", "Bilal": "Kc Kd"}, "6c 7d")
    with pytest.raises(CardError, match="5, 6 or 7 cards, got 4"):
        evaluate_short_deck("As Ad Kc Kd")
    with pytest.raises(CardError, match="rules must be one of 'triton', 'trips-beat-straight', not 'holdem'"):
        rank_short_deck_players({"Alice": "As Ad"}, "6c 7d 8h", rules="holdem")
    with pytest.raises(CardError, match="not None"):
        evaluate_short_deck("As Ad Kc Kd Qc", rules=None)  # type: ignore[arg-type]


# --- the rankings, rule by rule --------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
def test_a_6_7_8_9_is_the_lowest_straight(rules: str) -> None:
    wheel = sd("Ah 6c 7d 8s 9h", rules)
    assert wheel.category == "Straight" and wheel.description == "Nine-high straight"
    assert wheel.ranks == (9, 8, 7, 6, 14)
    assert [str(c) for c in wheel.best_five] == ["9♥", "8♠", "7♦", "6♣", "A♥"]
    assert wheel < sd("6c 7d 8s 9h 10c", rules) < sd("10c Jd Qs Kh Ac", rules)
    assert wheel == sd("Ac 6d 7h 8c 9s", rules)  # suits do not count
    assert wheel > sd("Ah Ad Kc Kd Qs", rules)  # above two pair
    # seven cards: the ace plays low only when nothing higher is there
    assert sd("Ah 6c 7d 8s 9h 10d Kc", rules).description == "Ten-high straight"
    assert sd("Ah 6c 7d 8s 9h Kc Kd", rules).category == "Straight"


@pytest.mark.parametrize("rules", RULES)
def test_a_6_7_8_9_suited_is_the_lowest_straight_flush(rules: str) -> None:
    low = sd("Ah 6h 7h 8h 9h", rules)
    assert low.category == "Straight flush" and low.description == "Nine-high straight flush"
    assert low > sd("As Ad Ah Ac Kd", rules)  # above four aces
    assert low < sd("6h 7h 8h 9h 10h", rules) < sd("10h Jh Qh Kh Ah", rules)
    assert sd("10h Jh Qh Kh Ah", rules).category == "Royal flush"
    assert sd("10h Jh Qh Kh Ah", rules).category_rank == 9
    # a flush with a low straight in other suits is the flush, not a straight flush
    assert sd("Ah Kh Qh 9h 7h 6c 8d", rules).category == "Flush"


@pytest.mark.parametrize("rules", RULES)
def test_a_flush_beats_a_full_house(rules: str) -> None:
    flush = sd("Js 9s 8s 7s 6s", rules)  # the lowest flush there is
    full = sd("Ac Ad Ah Kc Kd", rules)  # the highest full house
    assert flush.category == "Flush" and full.category == "Full house"
    assert flush > full
    assert full > sd("10c Jd Qh Ks Ac", rules)  # the full house still beats the best straight
    assert full > sd("Ac Ad Ah Kc Qd", rules)  # and three of a kind
    assert sd("As Ac Ad Ah 6d", rules) > sd("As Ks Qs Js 9s", rules)  # four of a kind beats a flush
    cats = short_deck_categories(rules)
    assert cats.index("Flush") == cats.index("Full house") + 1
    assert flush.category_rank == cats.index("Flush") and full.category_rank == cats.index("Full house")


def test_trips_against_a_straight_per_rule_set() -> None:
    straight, trips = "Ah 6c 7d 8s 9h", "6c 6d 6h 7s 8d"  # the lowest of each
    assert sd(straight) > sd(trips)
    assert sd(straight, TRIPS) < sd(trips, TRIPS)
    best_straight, best_trips = "10c Jd Qh Ks Ac", "Ac Ad Ah Kc Qd"
    assert sd(best_straight) > sd(best_trips)
    assert sd(best_straight, TRIPS) < sd(best_trips, TRIPS)
    assert short_deck_categories()[3:5] == ("Three of a kind", "Straight")
    assert short_deck_categories(TRIPS)[3:5] == ("Straight", "Three of a kind")
    # seven cards holding both: the better of the two under the rules
    both = "8c 8d 8h 9s 10d Jc Qh"
    assert sd(both).description == "Queen-high straight"
    assert sd(both, TRIPS).description == "Three of a kind, eights, kickers Q J"
    # the low straight with trips
    assert sd("Ah 6c 7d 8s 9h 9c 9d", TRIPS).description == "Three of a kind, nines, kickers A 8"
    assert sd("Ah 6c 7d 8s 9h 9c 9d").description == "Nine-high straight"


@pytest.mark.parametrize("rules", RULES)
def test_kickers_and_ties_as_in_holdem(rules: str) -> None:
    board = "Ks Kd 9c 7h 6s"
    tiers, values = rank_short_deck_players({"A": "Ac 10d", "B": "Qh Jc", "C": "Ad 10h"}, board, rules)
    assert tiers == [("A", "C"), ("B",)]
    assert values["A"].description == "Pair of kings, kickers A 10 9"
    # with an eight instead, the ace plays low: A-6-7-8-9
    assert rank_short_deck_players({"A": "Ac 8d"}, board, rules)[1]["A"].description == "Nine-high straight"
    assert values["B"].description == "Pair of kings, kickers Q J 9"
    # two pair: the fifth card decides; a kicker below the board's plays no part
    tiers, values = rank_short_deck_players({"A": "Qc 6d", "B": "Jc 6h"}, "Ks Kd 9c 9h 10s", rules)
    assert tiers == [("A",), ("B",)]
    assert values["A"].description == "Two pair, kings and nines, Q kicker"
    tiers, _ = rank_short_deck_players({"A": "7c 6d", "B": "8c 6h"}, "Ks Kd 9c 9h Qs", rules)
    assert tiers == [("A", "B")]  # both play K K 9 9 Q
    # three of a kind: two kickers
    tiers, values = rank_short_deck_players({"A": "9d Ah", "B": "9h Kc"}, "9s 9c 7d 6h Qs", rules)
    assert tiers == [("A",), ("B",)]
    assert values["A"].description == "Three of a kind, nines, kickers A Q"
    # flushes compare card by card
    assert sd("As Ks Qs Js 7s", rules) > sd("As Ks Qs 10s 9s", rules)


@pytest.mark.parametrize("rules", RULES)
def test_a_board_that_plays_splits_the_pot(rules: str) -> None:
    tiers, values = rank_short_deck_players({"A": "6c 6d", "B": "7h 8c"}, "10s Jd Qh Kc Ah", rules)
    assert tiers == [("A", "B")]
    assert values["A"] == values["B"] and values["A"].description == "Ace-high straight"
    assert values["A"].uses("6c 6d") == 0
    # four hearts on the board: a heart in the hand makes a flush, which beats the full house
    tiers, values = rank_short_deck_players({"A": "Ks Kd", "B": "7c 8c"}, "Kh 9h 9d 6h Jh", rules)
    assert values["A"].category == "Full house" and values["B"].category == "One pair"
    assert tiers == [("A",), ("B",)]
    tiers, values = rank_short_deck_players({"A": "Ks Kd", "B": "7h 8c"}, "Kh 9h 9d 6h Jh", rules)
    assert values["B"].category == "Flush" and tiers == [("B",), ("A",)]


def test_five_card_census_over_the_whole_deck() -> None:
    """Every five-card hand of the 36 cards, counted by category: the counts are fixed by the deck
    (6 straights a suit pattern, A-6-7-8-9 one of them), only the order moves with the rules."""
    counts: Counter[str] = Counter()
    by_rank: dict[str, set[int]] = {}
    for five in combinations([c.index for c in SHORT_DECK], 5):
        strength = short_deck_strength(five)
        counts[str(strength >> 20)] += 1
        by_rank.setdefault(str(strength >> 20), set()).add(strength)
    names = short_deck_categories()
    got = {names[int(k)]: n for k, n in counts.items()}
    assert got == {
        "Straight flush": 24,
        "Four of a kind": 288,
        "Flush": 480,
        "Full house": 1728,
        "Straight": 6120,
        "Three of a kind": 16128,
        "Two pair": 36288,
        "One pair": 193536,
        "High card": 122400,
    }
    assert sum(got.values()) == 376992
    distinct = {names[int(k)]: len(v) for k, v in by_rank.items()}
    assert distinct["Straight"] == distinct["Straight flush"] == 6
    assert distinct["Flush"] == distinct["High card"] == 120


def test_rules_read_from_a_showdown() -> None:
    deal = {"A": "Ah 6d", "B": "Qc Qd"}, "7s 8h 9c Qs Kd"
    assert rules_consistent_with(*deal, ["A"]) == ("triton",)
    assert rules_consistent_with(*deal, ["B"]) == (TRIPS,)
    assert rules_consistent_with(*deal, ["A", "B"]) == ()
    assert rules_consistent_with({"A": "Ah Ad", "B": "Kc Kd"}, "As 8h 9c 6s Jc", ["A"]) == RULES


def test_a_ranking_settles_today_through_ranking() -> None:
    """Until settle() takes game="short-deck", its tiers settle through ranking=."""
    hands = {"A": "Ah 6d", "B": "Qc Qd", "C": "Kh Kc"}
    board = "7s 8h 9c Qs Jd"
    result_by_rules = {}
    for rules in RULES:
        tiers, _ = rank_short_deck_players(hands, board, rules)
        result = settle({"A": 100, "B": 100, "C": 40}, ranking=tiers)
        result_by_rules[rules] = dict(result.payouts)
    assert result_by_rules["triton"] == {"A": 240, "B": 0, "C": 0}
    assert result_by_rules[TRIPS] == {"A": 0, "B": 240, "C": 0}
    with pytest.raises(InputError):
        settle({"A": 100, "B": 100}, ranking=rank_short_deck_players(hands, board)[0])


# --- against a plain reading of the rules ----------------------------------------------------


def _plain_five(cards: tuple[tuple[int, str], ...], rules: str) -> tuple[int, tuple[int, ...]]:
    """A five-card short-deck hand read straight from the rules: (category place, ranks that
    break ties), the places in the order of ``rules``; no tables, no bits."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    flush = len({s for _, s in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 9, 8, 7, 6]:
            straight_top = 9  # A-6-7-8-9, the ace low
    groups = sorted(((ranks.count(r), r) for r in distinct), reverse=True)
    shape = [n for n, _ in groups]
    by_group = tuple(r for _, r in groups)
    order = ["high", "pair", "two pair", "trips", "straight", "full house", "flush", "quads", "sf"]
    if rules == TRIPS:
        order[3], order[4] = "straight", "trips"
    if straight_top and flush:
        return order.index("sf"), (straight_top,)
    if shape == [4, 1]:
        return order.index("quads"), by_group
    if flush:
        return order.index("flush"), tuple(ranks)
    if shape == [3, 2]:
        return order.index("full house"), by_group
    if straight_top:
        return order.index("straight"), (straight_top,)
    name = {(3, 1, 1): "trips", (2, 2, 1): "two pair", (2, 1, 1, 1): "pair"}.get(tuple(shape), "high")
    return order.index(name), by_group


def _plain_best(cards: list[tuple[int, str]], rules: str) -> tuple[int, tuple[int, ...]]:
    return max(_plain_five(five, rules) for five in combinations(cards, 5))


@given(
    st.permutations(range(36)).map(lambda p: p[:14]),
    st.sampled_from(RULES),
)
def test_best_five_of_seven_agrees_with_a_plain_reading_of_the_rules(picks: list[int], rules: str) -> None:
    """Two seven-card hands: our order of them is the order the rules give, read plainly over all
    21 five-card choices of each."""
    first, second = [SHORT_DECK[i] for i in picks[:7]], [SHORT_DECK[i] for i in picks[7:]]
    ours = [sd(" ".join(c.code for c in hand), rules) for hand in (first, second)]
    plain = [_plain_best([(c.rank, c.suit) for c in hand], rules) for hand in (first, second)]
    assert (ours[0] > ours[1]) - (ours[0] < ours[1]) == (plain[0] > plain[1]) - (plain[0] < plain[1])
    assert ours[0].category_rank == plain[0][0] or ours[0].category == "Royal flush"


# --- against PokerKit ----------------------------------------------------------------------

LABELS = {
    "High card": "High card",
    "One pair": "One pair",
    "Two pair": "Two pair",
    "Three of a kind": "Three of a kind",
    "Straight": "Straight",
    "Flush": "Flush",
    "Full house": "Full house",
    "Four of a kind": "Four of a kind",
    "Straight flush": "Straight flush",
    "Royal flush": "Straight flush",
}


def _code(cards: object) -> str:
    return "".join(c.code for c in cards)  # type: ignore[attr-defined]


def test_differential_against_pokerkit_over_seeded_random_deals() -> None:
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit (the test oracle) is not installed")
    rng = random.Random(20261202)
    deals = 1000
    compared = differ = 0
    seen: Counter[str] = Counter()
    for _ in range(deals):
        cards = rng.sample(SHORT_DECK, 5 + 2 * 3)
        board, holes = cards[:5], {p: cards[5 + 2 * k : 7 + 2 * k] for k, p in enumerate("ABC")}
        hands = {p: _code(h) for p, h in holes.items()}
        theirs = {p: pokerkit.ShortDeckHoldemHand.from_game(h, _code(board)) for p, h in hands.items()}
        _, ours = rank_short_deck_players(hands, _code(board))
        _, trips = rank_short_deck_players(hands, _code(board), TRIPS)
        for p in hands:
            assert LABELS[ours[p].category] == theirs[p].entry.label.value, (hands[p], board)
            seen[ours[p].category] += 1
        for p, q in combinations(hands, 2):
            compared += 1
            theirs_cmp = (theirs[p] > theirs[q]) - (theirs[p] < theirs[q])
            assert (ours[p] > ours[q]) - (ours[p] < ours[q]) == theirs_cmp, (hands, board)
            trips_cmp = (trips[p] > trips[q]) - (trips[p] < trips[q])
            if trips_cmp != theirs_cmp:
                differ += 1
                # the one rule that differs: a straight against three of a kind
                assert {trips[p].category, trips[q].category} == {"Straight", "Three of a kind"} or (
                    {trips[p].category, trips[q].category} == {"Three of a kind"}
                    and "Straight" in {ours[p].category, ours[q].category}
                ), (hands, board)
    assert compared == 3 * deals
    assert 0 < differ < compared // 10  # the rules disagree, but rarely
    for category in short_deck_categories()[:7]:  # high card up to a flush
        assert seen[category] > 0, category


# ---------------------------------------------------------------------------------------------
# settle(game="short-deck"): the cards ranked by the 36-card evaluator, in the room's order
# ---------------------------------------------------------------------------------------------


def test_settle_ranks_a_short_deck_showdown_in_the_order_the_game_names():
    hands = {"A": "Ah 6d", "B": "Qc Qd", "C": "Tc Th"}
    board = "7s 8h 9c Qs Kd"  # A: the A-6-7-8-9 straight; B: three queens; C: a pair of tens
    contributions = {"A": 50, "B": 50, "C": 20}
    straight_first = settle(contributions, hands=hands, board=board, game="short-deck")
    assert dict(straight_first.payouts) == {"A": 120, "B": 0, "C": 0}
    assert straight_first.game == "short-deck"
    assert straight_first.hands is not None
    assert straight_first.hands["A"].description == "Nine-high straight"
    trips_first = settle(contributions, hands=hands, board=board, game="short-deck-trips-beat-straight")
    assert dict(trips_first.payouts) == {"A": 0, "B": 120, "C": 0}
    for result in (straight_first, trips_first):
        assert audit(result).ok  # the six-step check agrees
    # Hold'em ranks the same cards otherwise: there A holds no straight (6-7-8-9 and an ace).
    holdem = settle(contributions, hands=hands, board=board)
    assert dict(holdem.payouts) == {"A": 0, "B": 120, "C": 0}
    assert holdem.hands is not None and "straight" not in holdem.hands["A"].description.lower()


def test_a_short_deck_hand_run_twice_ranks_each_board_with_the_36_card_deck():
    hands = {"A": "Ah 6d", "B": "Qc Qd"}
    runs = ["7s 8h 9c Qs Kd", "7s 8h 9c Jd Tc"]  # run 1: A's wheel straight; run 2: B's Q-high one
    result = settle({"A": 50, "B": 50}, hands=hands, runs=runs, game="short-deck")
    assert [dict(part.shares) for part in result.pots[0].runs] == [{"A": 50}, {"B": 50}]


def test_a_card_outside_the_short_deck_is_refused_before_any_chip_moves():
    with pytest.raises(CardError, match=r"2♦ in A's cards is not in the 36-card deck"):
        settle(
            {"A": 50, "B": 50}, hands={"A": "Ah 2d", "B": "Qc Qd"}, board="7s 8h 9c Qs Kd", game="short-deck"
        )
    with pytest.raises(InputError, match="game must be one of"):
        settle({"A": 50, "B": 50}, ranking=["A", "B"], game="six-plus")
