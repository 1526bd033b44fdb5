"""Cards: parsing every spelling, display, and every error case."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given
from hypothesis import strategies as st

from potengine.cards.deck import (
    DECK,
    TOKENS,
    Card,
    cards_html,
    check_no_duplicates,
    format_cards,
    parse_card,
    parse_cards,
)
from potengine.cards.evaluate import parse_deal, rank_players
from potengine.errors import CardError, PotEngineError


def test_deck_is_52_distinct_cards_indexed_in_order():
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))
    assert {card.suit for card in DECK} == set("cdhs")
    assert {card.rank for card in DECK} == set(range(2, 15))


@pytest.mark.parametrize(
    "text", ["As Kd", "AsKd", "A♠ K♦", "a♠k♦", "AS KD", "as,kd", "A♤ K♢", "[As Kd]", "A♠️ K♦️"]
)
def test_spellings_of_ace_king(text):
    assert parse_cards(text) == (Card(14, "s"), Card(13, "d"))


@pytest.mark.parametrize("text", ["10♠", "T♠", "t♠", "10s", "Ts", "ts", "10S", "TS"])
def test_spellings_of_ten(text):
    assert parse_card(text) == Card(10, "s")


def test_concatenated_tens_and_mixed_sequences():
    assert parse_cards("10s10hTd") == (Card(10, "s"), Card(10, "h"), Card(10, "d"))
    assert parse_cards(["As", Card(2, "c"), "Kd Qh"]) == parse_cards("As 2c Kd Qh")


def test_display():
    card = parse_card("Ah")
    assert str(card) == "A♥" and repr(card) == "Card('A♥')"
    assert str(parse_card("Ts")) == "10♠" and parse_card("Ts").code == "Ts"
    assert "#c8102e" in card._repr_html_() and "A♥" in card._repr_html_()
    assert "#c8102e" in parse_card("2d")._repr_html_()
    assert "#c8102e" not in parse_card("2c")._repr_html_()
    assert "#c8102e" not in parse_card("2s")._repr_html_()
    assert format_cards(parse_cards("Ah Kc")) == "A♥ K♣"
    assert cards_html(parse_cards("Ah Kc")).count("<span") == 2


def test_cards_are_frozen_and_hashable():
    card = parse_card("Qc")
    with pytest.raises(FrozenInstanceError):
        card.rank = 3  # type: ignore[misc]
    assert {card, Card(12, "c")} == {card}


@given(st.sampled_from(DECK))
def test_every_card_round_trips_through_its_spellings(card):
    assert parse_card(str(card)) is card
    assert parse_card(card.code) is card
    assert parse_card(card.code.lower()) is card
    assert parse_card(card.code.upper()) is card


def test_tokens_cover_every_card():
    assert set(TOKENS.values()) == set(DECK)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("Xs", "'Xs'"),
        ("1s", "'1s'"),
        ("As Kx", "'Kx'"),
        ("AsK", "'K'"),
        ("11h", "'11h'"),
        ("A", "'A'"),
        ("s", "'s'"),
        ("As 0d", "'0d'"),
    ],
)
def test_malformed_cards_name_the_fragment(text, fragment):
    with pytest.raises(CardError, match=fragment):
        parse_cards(text)


def test_errors_are_value_errors():
    with pytest.raises(ValueError, match="cannot read a card at 'Zz'"):
        parse_card("Zz")
    assert issubclass(CardError, PotEngineError)


@pytest.mark.parametrize(
    "rank, suit, message",
    [
        (1, "s", "rank 1"),
        (15, "s", "rank 15"),
        (14, "x", "suit 'x'"),
        ("A", "s", "rank 'A'"),
        (True, "s", "rank True"),
    ],
)
def test_impossible_cards(rank, suit, message):
    with pytest.raises(CardError, match=message):
        Card(rank, suit)


def test_parse_card_needs_exactly_one():
    with pytest.raises(CardError, match="expected one card, got 2"):
        parse_card("As Kd")
    with pytest.raises(CardError, match="expected one card, got 0"):
        parse_card("")


def test_non_card_items_are_refused():
    with pytest.raises(CardError, match="not 14"):
        parse_cards(["As", 14])


def test_duplicate_in_one_string_names_the_card():
    with pytest.raises(CardError, match="card K♦ appears twice"):
        parse_cards("Kd 2c kd")
    assert parse_cards("Kd Kd", unique=False) == (Card(13, "d"), Card(13, "d"))


def test_duplicate_across_hands_and_board_names_both_holders():
    with pytest.raises(CardError, match="card A♠ is both in Alice's cards and in Bilal's cards"):
        parse_deal({"Alice": "As Ad", "Bilal": "A♠ Kc"})
    with pytest.raises(CardError, match="card Q♥ is both in Bilal's cards and on the board"):
        rank_players({"Alice": "As Ad", "Bilal": "Qh Kc"}, "2c 3d Qh 9s 8s")
    with pytest.raises(CardError, match="appears twice in Alice's cards"):
        check_no_duplicates({"Alice": (Card(2, "c"), Card(2, "c"))})


def test_impossible_deals():
    with pytest.raises(CardError, match="the board has 6 cards"):
        parse_deal({"Alice": "As Ad"}, "2c 3c 4c 5c 6c 7c")
    with pytest.raises(CardError, match="Alice must hold exactly 2 cards.*got 3"):
        parse_deal({"Alice": "As Ad Ac"}, "")
    with pytest.raises(CardError, match="Bilal must hold exactly 2 cards.*got 1"):
        parse_deal({"Alice": "As Ad", "Bilal": "Kc"}, "")
    with pytest.raises(CardError, match="Bilal's cards: cannot read a card at 'Kx'"):
        parse_deal({"Alice": "As Ad", "Bilal": "Kx Qc"}, "")
    with pytest.raises(CardError, match="the board: card 2♣ appears twice"):
        parse_deal({"Alice": "As Ad"}, "2c 2c 3d")
    with pytest.raises(CardError, match="hands must map each player"):
        parse_deal(["As Ad"])  # type: ignore[arg-type]


def test_non_iterables_are_refused_and_a_single_card_is_accepted():
    from potengine.cards.evaluate import evaluate

    with pytest.raises(CardError, match="not 5"):
        parse_cards(5)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="not None"):
        evaluate(None)  # type: ignore[arg-type]
    assert parse_cards(Card(2, "c")) == (Card(2, "c"),)


@pytest.mark.parametrize("suit", [["s"], {"s": 1}, None, 3])
def test_a_card_with_a_suit_of_the_wrong_type_is_a_card_error(suit):
    with pytest.raises(CardError, match="impossible card: suit"):
        Card(14, suit)
