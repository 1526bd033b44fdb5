"""PokerStars' headers beyond cash hold'em: Omaha tournaments (hi-lo, five cards, Zoom), Home
Games, mixed tables (the hold'em and Omaha rounds read, the others refused naming the game),
6+ Hold'em (short deck, audited with the 36-card ranking) and 6-card Omaha, high and hi-lo, in a
cash game, a tournament, Zoom and a Mixed Omaha round (exactly two of the six hole cards play).

The hands are the project's own (potengine/histories/samples/pokerstars/): the real corpus holds
no such header (see tests/test_audit_real_corpus.py).
"""

from decimal import Decimal

import pytest
from sample_histories import DATA

from potengine.errors import HandHistoryError
from potengine.histories import rooms
from potengine.histories.audit import HandAudit, Verdict, audit_file, audit_hand
from potengine.histories.pokerstars import game_name, game_refused, parse_text
from potengine.histories.record import UnsupportedHandError
from potengine.pots.hilo import HiLoPot

FILES = ("tournament_omaha.txt", "home_games.txt", "mixed_games.txt", "short_deck.txt", "six_card_omaha.txt")
TEXTS = {
    text.split(":", 1)[0].rsplit("#", 1)[1]: text
    for name in FILES
    for text in (DATA / name).read_text(encoding="utf-8").split("\n\n\n\n")
}
AUDITS: dict[str, HandAudit] = {a.hand_id: a for name in FILES for a in audit_file(DATA / name).audits}


def edited(hand_id: str, old: str, new: str) -> HandAudit:
    text = TEXTS[hand_id]
    assert old in text
    return audit_hand(parse_text(text.replace(old, new))[0])


def shares(audit: HandAudit) -> list[dict[str, object]]:
    return [{p: a for p, a in pot.shares.items() if a} for pot in audit.settlement.pots]


def test_every_sample_hand_gets_its_verdict():
    verdicts = {hand_id: audit.verdict.value for hand_id, audit in AUDITS.items()}
    assert verdicts == {
        "250000004001": "consistent",
        "250000004002": "consistent",
        "250000004003": "consistent",
        "250000004101": "consistent",
        "250000004102": "consistent",
        "250000004103": "consistent",
        "250000004201": "consistent",
        "250000004202": "consistent",
        "250000004203": "consistent",
        "250000004204": "unsupported",
        "250000004205": "consistent",
        "250000004301": "consistent",
        "250000004302": "consistent",
        "250000004303": "consistent",
        "250000004401": "consistent",
        "250000004402": "consistent",
        "250000004403": "consistent",
        "250000004404": "consistent",
    }


def test_an_omaha_hi_lo_tournament_hand_splits_both_pots_high_and_low():
    audit = AUDITS["250000004001"]
    hand = audit.hand
    assert (hand.game, hand.tournament, hand.currency) == ("Omaha Hi/Lo Pot Limit", "3300000001", False)
    assert (hand.small_blind, hand.big_blind, hand.omaha, hand.hi_lo) == (25, 50, True, True)
    assert dict(audit.contributions) == {"Ann": 5, "Bo": 400, "Cy": 1500, "Di": 1500}
    main, side = audit.settlement.pots
    assert isinstance(main, HiLoPot) and isinstance(side, HiLoPot)
    # the main pot's odd chip goes to the high half; the two sevens-low tie the low half
    assert (main.amount, main.high_amount, main.low_amount) == (1205, 603, 602)
    assert (main.high_winners, main.low_winners) == (("Cy",), ("Bo", "Di"))
    assert (side.amount, side.high_winners, side.low_winners) == (2200, ("Cy",), ("Di",))
    assert dict(audit.settlement.winnings) == {"Ann": 0, "Bo": 301, "Cy": 1703, "Di": 1401}


def test_a_zoom_tournament_hand_of_five_card_omaha_returns_the_unmatched_raise():
    audit = AUDITS["250000004002"]
    hand = audit.hand
    assert (hand.game, hand.tournament, hand.header.split(":")[1].split(",")[0]) == (
        "5 Card Omaha Pot Limit",
        "3300000002",
        " Zoom Tournament #3300000002",
    )
    assert hand.returned == (("Bo", 400),) and audit.awarded.layout.refunds == {"Bo": 400}
    assert shares(audit) == [{"Bo": 685}]


def test_a_six_card_omaha_hand_won_before_the_flop_returns_the_unmatched_raise():
    audit = AUDITS["250000004003"]
    assert (audit.hand.game, audit.hand.omaha, audit.hand.hi_lo) == ("6 Card Omaha Pot Limit", True, False)
    assert audit.hand.returned == (("Ann", Decimal("0.20")),) and shares(audit) == [{"Ann": Decimal("0.25")}]


def test_six_card_omaha_side_pot_goes_by_two_of_six_hole_cards():
    audit = AUDITS["250000004401"]
    hand = audit.hand
    assert (hand.game, hand.currency, hand.small_blind, hand.big_blind) == (
        "6 Card Omaha Pot Limit",
        True,
        Decimal("0.05"),
        Decimal("0.10"),
    )
    assert all(len(cards) == 6 for cards in hand.shown.values())
    # "6 Card Omaha" starts with a 6 as "6+ Hold'em" does, but is Omaha from 52 cards
    assert (hand.hole_cards, hand.short_deck, audit.settlement.game) == (6, False, "omaha")
    assert dict(audit.contributions) == {"Ann": Decimal("5.00"), "Bo": Decimal("4.00"), "Cy": Decimal("5.00")}
    # Bo's K K with K 7 7 of the board beat Cy's 6 6 with 6 7 7 for the main pot; Cy's full house
    # beats Ann's two pair for the side pot; the 0.70 rake is taken from both pots in proportion.
    assert [pot.rake for pot in audit.settlement.pots] == [Decimal("0.60"), Decimal("0.10")]
    assert shares(audit) == [{"Bo": Decimal("11.40")}, {"Cy": Decimal("1.90")}]
    assert "Bo: Kings full of sevens; Cy: Sixes full of sevens" in audit.report()


def test_a_six_card_omaha_hi_lo_tournament_hand_splits_high_and_low_with_the_odd_chip_high():
    audit = AUDITS["250000004402"]
    hand = audit.hand
    assert (hand.game, hand.tournament, hand.currency, hand.hi_lo) == (
        "6 Card Omaha Hi/Lo Pot Limit",
        "3300000031",
        False,
        True,
    )
    [pot] = audit.settlement.pots
    assert isinstance(pot, HiLoPot) and audit.settlement.game == "omaha-hi-lo"
    assert (pot.amount, pot.high_amount, pot.low_amount) == (555, 278, 277)
    assert (pot.high_winners, pot.low_winners) == (("Bo",), ("Cy",))  # Bo's 7 7 make no low


def test_a_zoom_hand_and_a_mixed_omaha_round_of_six_card_omaha():
    zoom, mixed = AUDITS["250000004403"], AUDITS["250000004404"]
    assert zoom.hand.header.startswith("PokerStars Zoom Hand #250000004403:")
    assert zoom.hand.returned == (("Cy", Decimal("5")),) and shares(zoom) == [{"Cy": Decimal("8.35")}]
    assert mixed.hand.game == "6 Card Omaha Pot Limit" and "Mixed Omaha (6 Card" in mixed.hand.header
    # four spades on the board and the ace of spades in Ann's hand make no flush: two hole cards
    # play, so Ann's nines full of queens beat Bo's king-high flush (his two spades, three of the board)
    assert "Ann: Nines full of queens; Bo: King-high flush" in mixed.report()
    assert shares(mixed) == [{"Ann": Decimal("1.43")}]


def test_seven_cards_shown_in_six_card_omaha_are_refused_naming_the_line():
    [err] = parse_text(TEXTS["250000004401"].replace("[9c Tc 6d 6h Ac Qd] (a", "[9c Tc 6d 6h Ac Qd 2s] (a"))
    assert isinstance(err, HandHistoryError) and err.line_number == 25
    assert "line 25: too many cards" in str(err)


def test_a_home_game_cash_hand_splits_with_the_odd_chip_left_of_the_button():
    audit = AUDITS["250000004101"]
    assert (audit.hand.game, audit.hand.table, audit.hand.currency) == (
        "Hold'em No Limit",
        "Friday Night Felt 1",
        False,
    )
    assert (audit.hand.small_blind, audit.hand.big_blind) == (10, 20)
    assert shares(audit) == [{"Ann": 233, "Bo": 232}]  # Ann sits first after the button


def test_a_home_game_tournament_of_omaha_with_a_side_pot():
    audit = AUDITS["250000004102"]
    assert (audit.hand.game, audit.hand.tournament) == ("Omaha Pot Limit", "3300000011")
    assert [pot.amount for pot in audit.settlement.pots] == [1810, 1800]
    assert shares(audit) == [{"Bo": 1810}, {"Di": 1800}]


def test_the_old_home_game_header_is_read():
    audit = AUDITS["250000004103"]
    assert audit.hand.header.startswith("PokerStars Home Game #250000004103: {Old Timers}")
    assert (audit.hand.game, audit.hand.small_bet, audit.hand.big_bet) == ("Hold'em Limit", 10, 20)
    assert audit.hand.returned == (("Bo", 20),) and shares(audit) == [{"Bo": 120}]


def test_the_hold_em_and_omaha_rounds_of_a_mixed_table_are_read():
    holdem, omaha, hilo = (AUDITS[f"25000000420{n}"] for n in (1, 2, 3))
    assert [a.hand.game for a in (holdem, omaha, hilo)] == [
        "Hold'em No Limit",
        "Omaha Pot Limit",
        "Omaha Hi/Lo Limit",
    ]
    assert all(a.hand.currency for a in (holdem, omaha, hilo))
    assert (holdem.hand.small_blind, holdem.hand.big_blind, holdem.hand.rake) == (
        Decimal("0.10"),
        Decimal("0.25"),
        Decimal("1.10"),
    )
    assert shares(holdem) == [{"Cy": Decimal("23.80")}]
    # the rake from each pot, then the main pot's odd cent to Di, first after the button
    assert [pot.rake for pot in omaha.settlement.pots] == [Decimal("0.87"), Decimal("0.63")]
    assert shares(omaha) == [
        {"Ann": Decimal("8.61"), "Di": Decimal("8.62")},
        {"Ann": Decimal("12.57")},
    ]
    assert (hilo.hand.small_bet, hilo.hand.big_bet) == (Decimal("0.10"), Decimal("0.20"))
    [pot] = hilo.settlement.pots
    assert (pot.high_amount, pot.low_amount, pot.high_winners, pot.low_winners) == (
        Decimal("0.63"),
        Decimal("0.62"),
        ("Ann",),
        ("Bo",),
    )


def test_a_mixed_omaha_tournament_round_of_hi_lo_splits_the_odd_chip_to_the_high_half():
    audit = AUDITS["250000004205"]
    hand = audit.hand
    assert (hand.game, hand.tournament, hand.currency, hand.big_blind) == (
        "Omaha Hi/Lo Pot Limit",
        "3300000021",
        False,
        30,
    )
    assert "Mixed Omaha H/L (Omaha Hi/Lo Pot Limit)" in hand.header
    assert dict(audit.contributions) == {"Ann": 190, "Bo": 15, "Cy": 190}
    [pot] = audit.settlement.pots
    assert isinstance(pot, HiLoPot)
    assert (pot.amount, pot.high_amount, pot.low_amount) == (395, 198, 197)
    assert (pot.high_winners, pot.low_winners) == (("Cy",), ("Ann",))


def test_a_six_plus_side_pot_goes_to_the_ace_six_seven_eight_nine_straight():
    audit = AUDITS["250000004301"]
    hand = audit.hand
    assert (hand.game, hand.small_blind, hand.big_blind, hand.currency) == (
        "6+ Hold'em No Limit",
        None,
        Decimal("0.50"),
        True,
    )
    assert [(a.player, a.kind) for a in hand.posts][-1] == ("Cy", "button blind")
    assert audit.settlement.game == "short-deck" and audit.notes == ()
    assert [(pot.amount, pot.rake) for pot in audit.settlement.pots] == [
        (Decimal("12.00"), Decimal("0.50")),
        (Decimal("12.00"), Decimal("0.50")),
    ]
    assert shares(audit) == [{"Bo": Decimal("11.50")}, {"Ann": Decimal("11.50")}]
    assert "Bo: Nine-high straight" in audit.report()  # A-6-7-8-9, the ace below the six


def test_a_six_plus_flush_beats_a_full_house_and_the_unmatched_bet_goes_back():
    audit = AUDITS["250000004302"]
    assert audit.hand.returned == (("Ann", Decimal("1.75")),)
    assert shares(audit) == [{"Ann": Decimal("12.15")}]  # Ann's flush over Cy's aces full
    assert audit.settlement.payouts["Ann"] == Decimal("13.90")


def test_a_six_plus_split_gives_the_odd_cent_left_of_the_button():
    audit = AUDITS["250000004303"]
    assert shares(audit) == [{"Ann": Decimal("2.03"), "Bo": Decimal("2.02")}]


def test_a_razz_round_of_horse_is_refused_naming_the_game_and_the_mix():
    audit = AUDITS["250000004204"]
    assert audit.verdict is Verdict.UNSUPPORTED
    assert "Razz (a round of HORSE) is not a game the engine plays" in str(audit.error)


@pytest.mark.parametrize(
    "hand_id, old, new, difference",
    [
        (
            "250000004001",
            "Cy collected 603 from main pot\nBo collected 301",
            "Cy collected 602 from main pot\nBo collected 302",
            "main pot: history pays Cy 602, Bo 302 and Di 301, the engine pays Bo 301, Cy 603 and Di 301",
        ),
        (
            "250000004202",
            "Di collected $8.62 from main pot\nAnn collected $8.61",
            "Di collected $8.61 from main pot\nAnn collected $8.62",
            "main pot: history pays Di 8.61 and Ann 8.62, the engine pays Ann 8.61 and Di 8.62",
        ),
        (
            "250000004102",
            "Di collected 1800 from side pot",
            "Cy collected 1800 from side pot",
            "side pot: history pays Cy 1800",
        ),
        (
            "250000004205",
            "Cy collected 198 from pot\nAnn collected 197",
            "Cy collected 197 from pot\nAnn collected 198",
            "pot: history pays Cy 197 and Ann 198, the engine pays Ann 197 and Cy 198",
        ),
        (
            "250000004301",
            "Bo collected $11.50 from main pot",
            "Ann collected $11.50 from main pot",
            "main pot: history pays Ann 11.50, the engine pays Bo 11.50",
        ),
        (
            "250000004302",
            "Ann collected $12.15 from pot",
            "Cy collected $12.15 from pot",
            "pot: history pays Cy 12.15, the engine pays Ann 12.15",
        ),
        (
            "250000004303",
            "Ann collected $2.03 from pot\nBo collected $2.02",
            "Ann collected $2.02 from pot\nBo collected $2.03",
            "pot: history pays Ann 2.02 and Bo 2.03, the engine pays Ann 2.03 and Bo 2.02",
        ),
        (
            "250000004401",
            "Bo collected $11.40 from main pot",
            "Cy collected $11.40 from main pot",
            "main pot: history pays Cy 11.40, the engine pays Bo 11.40",
        ),
        (
            "250000004402",
            "Bo collected 278 from pot\nCy collected 277",
            "Bo collected 277 from pot\nCy collected 278",
            "pot: history pays Bo 277 and Cy 278, the engine pays Bo 278 and Cy 277",
        ),
        (
            "250000004404",
            "Ann collected $1.43 from pot",
            "Bo collected $1.43 from pot",
            "pot: history pays Bo 1.43, the engine pays Ann 1.43",
        ),
        (
            "250000004101",
            "Ann collected 233 from pot",
            "Ann collected 234 from pot",
            "pot: history pays Ann 234 and Bo 232",
        ),
    ],
)
def test_the_same_hands_paid_wrongly_are_wrong(hand_id, old, new, difference):
    audit = edited(hand_id, old, new)
    assert audit.verdict is Verdict.WRONG, audit.report()
    assert any(d.startswith(difference) for d in audit.differences), audit.differences


@pytest.mark.parametrize(
    "words, game",
    [
        ("Tournament #2, $1.00+$0.10 USD Omaha Pot Limit - Level I (10/20)", "Omaha Pot Limit"),
        ("Tournament #2, $2+$0.20 USD Omaha Hi/Lo Limit - Level II (15/30)", "Omaha Hi/Lo Limit"),
        (
            "Zoom Tournament #3, €13.50+€1.50 EUR 5 Card Omaha Pot Limit - Level VI (75/150)",
            "5 Card Omaha Pot Limit",
        ),
        ("Tournament #4, Freeroll  Omaha Pot Limit - Match Round I, Level I (10/20)", "Omaha Pot Limit"),
        (
            "Tournament #5, 2000+110 5 Card Omaha Hi/Lo Pot Limit - Level I (10/20)",
            "5 Card Omaha Hi/Lo Pot Limit",
        ),
        ("Mixed Omaha H/L (Omaha Hi/Lo Pot Limit, $0.10/$0.25 USD)", "Omaha Hi/Lo Pot Limit"),
        ("Mixed Omaha (5 Card Omaha Pot Limit, $0.10/$0.25 USD)", "5 Card Omaha Pot Limit"),
        ("6 Card Omaha Pot Limit ($0.05/$0.10 USD)", "6 Card Omaha Pot Limit"),
        ("Tournament #1, $1+$0.10 USD 6 Card Omaha Pot Limit - Level I (10/20)", "6 Card Omaha Pot Limit"),
        ("Mixed Omaha (6 Card Omaha Pot Limit, $0.10/$0.25 USD)", "6 Card Omaha Pot Limit"),
        (
            "Zoom Tournament #9, $3+$0.30 USD 6 Card Omaha Hi/Lo Pot Limit - Level I (10/20)",
            "6 Card Omaha Hi/Lo Pot Limit",
        ),
        ("Tournament #6, $10+$1 USD Mixed NLH/PLO (Omaha Pot Limit) - Level I (10/20)", "Omaha Pot Limit"),
        ("Tournament #7, $50+$5 USD HORSE (Hold'em Limit) - Level I (600/1200)", "Hold'em Limit"),
        ("8-Game (Hold'em No Limit, $0.10/$0.20 USD)", "Hold'em No Limit"),
        ("{Razz (and Omaha/Stud) Club} Hold'em No Limit (10/20)", "Hold'em No Limit"),
        ("Hold'em Fixed Limit ($1/$2 USD)", "Hold'em Limit"),
    ],
)
def test_the_game_is_found_wherever_the_header_puts_it(words, game):
    assert game_name(words) == game and game_refused(words) == ""


@pytest.mark.parametrize(
    "words, reason",
    [
        ("Mixed Omaha (Courchevel Pot Limit, $0.10/$0.25 USD)", "Courchevel (a round of Mixed Omaha) is not"),
        ("HORSE (7 Card Stud Hi/Lo Limit, $0.10/$0.20 USD)", "7 Card Stud Hi/Lo (a round of HORSE) is not"),
        ("Tournament #8, $2+$1 HORSE (Razz Limit) - Level XV (40000/80000)", "Razz (a round of HORSE)"),
        (
            "8-Game (Triple Draw 2-7 Lowball Limit, $0.10/$0.20 USD)",
            "Triple Draw 2-7 Lowball (a round of 8-Game)",
        ),
        ("Triple Stud (Razz Limit, $1/$2 USD)", "Razz (a round of Triple Stud)"),
        ("5 Card Draw No Limit (100/200)", "5 Card Draw is not a game the engine plays"),
        ("Courchevel Hi/Lo Pot Limit ($0.05/$0.10 USD)", "Courchevel Hi/Lo is not"),
        ("Badugi Limit ($1/$2 USD)", "Badugi is not"),
        ("Hold'em Pot Limit Pre-Flop, No Limit Post-Flop ($1/$2 USD)", "pot limit before the flop"),
        ("Pinochle (1/2)", "only hold'em and Omaha hands can be read"),
        ("Hold'em No Limit (6+ Hold'em, $1 ante)", "short deck is read only under PokerStars' own header"),
        ("Hold'em No Limit (Razz rules, 1/2)", "only hold'em and Omaha hands can be read"),
    ],
)
def test_a_game_the_engine_does_not_play_is_refused_naming_it(words, reason):
    assert game_name(words) is None and reason in game_refused(words)
    [err] = parse_text(
        f"PokerStars Hand #77: {words} - 2026/01/01 12:00:00 ET\nTable 'T' Seat #1 is the button"
    )
    assert isinstance(err, UnsupportedHandError) and (err.hand_id, err.line_number) == ("77", 1)
    assert reason in str(err)


@pytest.mark.parametrize(
    "header",
    [
        "PokerStars Hand #1: Hold'em No Limit (1/2)",
        "PokerStars Game #1: Hold'em No Limit (1/2)",
        "PokerStars Zoom Hand #1: Hold'em No Limit (1/2)",
        "PokerStars Home Game Hand #1: {Club} Hold'em No Limit (1/2)",
        "PokerStars Home Game #1: {Club} Hold'em No Limit (1/2)",
    ],
)
def test_every_pokerstars_header_is_recognised_and_cut(header):
    text = f"{header}\nx\n\n{header.replace('#1:', '#2:')}\ny\n"
    assert rooms.recognise(text) is rooms.POKERSTARS
    assert [(h.hand_id, h.line) for h in rooms.cut_hands(text)] == [("1", 1), ("2", 4)]


def test_an_old_date_is_no_part_of_the_game_and_a_truncated_hand_names_its_id_and_line():
    header = (
        "PokerStars Game #9: Tournament #5, $20+$2 Omaha Pot Limit - Level IV (50/100)"
        " - 2006/07/31 - 16:55:41 (ET)"
    )
    text = TEXTS["250000004102"].split("\n")
    [err] = parse_text("\n".join([header, *text[1:12]]))
    assert isinstance(err, HandHistoryError) and not isinstance(err, UnsupportedHandError)
    assert (err.hand_id, err.line_number) == ("9", 12)
    assert "no 'Total pot ... | Rake ...' summary line" in str(err)
    [hand] = parse_text("\n".join([header, *text[1:]]))
    assert (hand.game, hand.tournament, hand.big_blind) == ("Omaha Pot Limit", "5", 100)
