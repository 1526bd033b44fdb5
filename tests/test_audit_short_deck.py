"""The auditor on PokerStars 6+ Hold'em (short deck) hands the project writes in PokerStars'
format: a button blind and antes, the A-6-7-8-9 straight, a straight against three of a kind in
each order PokerStars may use, a pot paid to the wrong player, and a card no 36-card deck holds."""

from decimal import Decimal

from potengine.histories.audit import (
    NEITHER_ORDER,
    STRAIGHT_ABOVE_TRIPS,
    TRIPS_ABOVE_STRAIGHT,
    HandAudit,
    Verdict,
    audit_hand,
    iter_audits,
)
from potengine.histories.pokerstars import HandHistory, parse_text

HEADER = (
    "PokerStars Hand #{id}: 6+ Hold'em No Limit (Button Blind ¥25 - Ante ¥25 CNY) - 2019/01/24 20:00:00 ET"
)

# Ann raises to 100, Bo folds, Cy (the button, who posted the button blind) calls; a bet and a
# call on the flop, checks after. Pot: 3 antes of 25 + 2 × 200 = 475; rake 10.
TWO_WAY = """{header}
Table 'Demo 6+' 6-max Seat #3 is the button
Seat 1: Ann (¥2000 in chips)
Seat 2: Bo (¥2000 in chips)
Seat 3: Cy (¥2000 in chips)
Ann: posts the ante ¥25
Bo: posts the ante ¥25
Cy: posts the ante ¥25
Cy: posts button blind ¥25
*** HOLE CARDS ***
Ann: raises ¥75 to ¥100
Bo: folds
Cy: calls ¥75
*** FLOP *** [{flop}]
Ann: bets ¥100
Cy: calls ¥100
*** TURN *** [{flop}] [{turn}]
Ann: checks
Cy: checks
*** RIVER *** [{flop} {turn}] [{river}]
Ann: checks
Cy: checks
*** SHOW DOWN ***
Ann: shows [{ann}]
Cy: shows [{cy}]
{winner} collected ¥465 from pot
*** SUMMARY ***
Total pot ¥475 | Rake ¥10
Board [{flop} {turn} {river}]
Seat 1: Ann showed [{ann}]
Seat 2: Bo folded before Flop
Seat 3: Cy (button blind) showed [{cy}]"""

# The same with Bo in to the river too, and three hands shown: pot 25 × 3 + 3 × 200 = 675.
THREE_WAY = (
    TWO_WAY.replace("Bo: folds\n", "Bo: calls ¥100\n")
    .replace("Ann: bets ¥100\nCy:", "Ann: bets ¥100\nBo: calls ¥100\nCy:")
    .replace("Ann: checks\nCy: checks", "Ann: checks\nBo: checks\nCy: checks")
    .replace("Cy: shows", "Bo: shows [{bo}]\nCy: shows")
    .replace("¥465", "¥665")
    .replace("¥475", "¥675")
    .replace("Bo folded before Flop", "Bo showed [{bo}]")
)


def hand_text(hand_id: str, board: str, ann: str, cy: str, winner: str, *, bo: str = "") -> str:
    flop, turn, river = " ".join(board.split()[:3]), *board.split()[3:]
    template = THREE_WAY if bo else TWO_WAY
    header = HEADER.format(id=hand_id)
    return template.format(
        header=header, flop=flop, turn=turn, river=river, ann=ann, cy=cy, bo=bo, winner=winner
    )


def audited(text: str) -> HandAudit:
    [hand] = parse_text(text)
    assert isinstance(hand, HandHistory), hand
    return audit_hand(hand)


# Ann's three kings beat Cy's two pair in either order.
PLAIN = hand_text("260000000001", "Kh Qd 7c 6s As", "Ks Kd", "Qs Jh", "Ann")
# Ann's A-6-7-8-9 (nine-high straight) against Cy's pair of queens: in hold'em Ann has ace high.
WHEEL = hand_text("260000000002", "7s 8h 9c Qs Kd", "Ah 6d", "Qc Jd", "Ann")
# Ann's straight (A-6-7-8-9) against Cy's three queens: the order decides.
STRAIGHT_OR_TRIPS = "7s 8h 9c Qs Kd", "Ah 6d", "Qc Qd"


def test_a_consistent_hand_with_a_button_blind_and_antes():
    [hand] = parse_text(PLAIN)
    assert isinstance(hand, HandHistory)
    assert hand.game == "6+ Hold'em No Limit" and hand.big_blind == Decimal("25")
    assert hand.small_blind is None and hand.currency
    assert [(a.player, a.kind, a.amount) for a in hand.posts] == [
        ("Ann", "ante", 25),
        ("Bo", "ante", 25),
        ("Cy", "ante", 25),
        ("Cy", "button blind", 25),
    ]
    audit = audit_hand(hand)
    assert audit.consistent, audit.report()
    assert dict(audit.contributions) == {"Ann": 225, "Bo": 25, "Cy": 225}
    assert audit.source == "cards" and audit.notes == ()
    assert audit.settlement.game == "short-deck"
    assert audit.settlement.payouts["Ann"] == 465
    assert "a button blind, as in 6+ Hold'em" in audit.steps[0].findings[1]


def test_a_call_short_of_the_button_blind_is_wrong():
    audit = audited(PLAIN.replace("Cy: calls ¥75", "Cy: calls ¥50"))
    assert audit.verdict is Verdict.WRONG
    assert any("Cy calls 50, but the call was 75" in d for d in audit.differences)


def test_the_ace_six_seven_eight_nine_straight_wins():
    audit = audited(WHEEL)
    assert audit.consistent, audit.report()
    assert audit.source == "cards" and audit.notes == ()  # a straight beats a pair in either order
    assert "Ann: Nine-high straight" in audit.report()


def test_trips_paid_over_a_straight_is_audited_with_trips_above_and_named():
    audit = audited(hand_text("260000000003", *STRAIGHT_OR_TRIPS, "Cy"))
    assert audit.consistent, audit.report()
    assert audit.notes == (TRIPS_ABOVE_STRAIGHT,)
    assert "as PokerStars did at the launch of 6+ Hold'em" in audit.notes[0]
    assert audit.settlement.game == "short-deck-trips-beat-straight"
    assert audit.settlement.payouts["Cy"] == 465


def test_a_straight_paid_over_trips_is_audited_with_the_straight_above_and_named():
    audit = audited(hand_text("260000000004", *STRAIGHT_OR_TRIPS, "Ann"))
    assert audit.consistent, audit.report()
    assert audit.notes == (STRAIGHT_ABOVE_TRIPS,)
    assert audit.settlement.game == "short-deck"


def test_a_pot_paid_to_a_hand_neither_order_ranks_best_is_wrong():
    # Bo's pair of kings loses to Ann's straight and to Cy's three queens, in either order.
    text = hand_text("260000000005", *STRAIGHT_OR_TRIPS, "Bo", bo="Kc Jh")
    audit = audited(text)
    assert audit.verdict is Verdict.WRONG
    assert audit.notes == (NEITHER_ORDER,)
    assert any("the engine pays Ann 665" in d for d in audit.differences), audit.differences
    # paid to either of the two others, the hand is consistent, each with its order named
    assert audited(text.replace("Bo collected", "Cy collected")).notes == (TRIPS_ABOVE_STRAIGHT,)
    assert audited(text.replace("Bo collected", "Ann collected")).notes == (STRAIGHT_ABOVE_TRIPS,)


def test_a_wrongly_paid_hand_is_found_wrong():
    audit = audited(WHEEL.replace("Ann collected", "Cy collected"))
    assert audit.verdict is Verdict.WRONG
    assert any("history pays Cy 465, the engine pays Ann 465" in d for d in audit.differences)


def test_a_five_in_a_six_plus_hand_is_refused_naming_the_card():
    text = PLAIN.replace("Qs Jh", "5c Jh")
    [audit] = iter_audits(text)
    assert audit.verdict is Verdict.UNREADABLE
    assert "card 5c is not in the 36-card deck of 6+ Hold'em" in str(audit.error)
    assert "line 25" in str(audit.error) and "Cy: shows [5c Jh]" in str(audit.error)
    board = PLAIN.replace("Kh Qd 7c", "Kh Qd 2c")
    [audit] = iter_audits(board)
    assert audit.verdict is Verdict.UNREADABLE and "card 2c" in str(audit.error)


def test_other_short_deck_headers_stay_unsupported():
    text = PLAIN.replace("6+ Hold'em No Limit", "Short Deck No Limit")
    [audit] = iter_audits(text)
    assert audit.verdict is Verdict.UNSUPPORTED and "short deck" in str(audit.error)


# Ann all-in for 225 with A-6-7-8-9; Bo's three queens and Cy's pair of kings play a side pot.
# The side pot is Bo's in either order; the main pot is Ann's or Bo's as the order says.
SIDE_POT = """{header}
Table 'Demo 6+' 6-max Seat #3 is the button
Seat 1: Ann (¥225 in chips)
Seat 2: Bo (¥2000 in chips)
Seat 3: Cy (¥2000 in chips)
Ann: posts the ante ¥25
Bo: posts the ante ¥25
Cy: posts the ante ¥25
Cy: posts button blind ¥25
*** HOLE CARDS ***
Ann: raises ¥175 to ¥200 and is all-in
Bo: calls ¥200
Cy: calls ¥175
*** FLOP *** [7s 8h 9c]
Bo: bets ¥300
Cy: calls ¥300
*** TURN *** [7s 8h 9c] [Qs]
Bo: checks
Cy: checks
*** RIVER *** [7s 8h 9c Qs] [Kd]
Bo: checks
Cy: checks
*** SHOW DOWN ***
Ann: shows [Ah 6d]
Bo: shows [Qc Qd]
Cy: shows [Kc Jh]
Bo collected ¥600 from side pot
{main} collected ¥675 from main pot
*** SUMMARY ***
Total pot ¥1275 Main pot ¥675. Side pot ¥600. | Rake ¥0
Board [7s 8h 9c Qs Kd]
Seat 1: Ann showed [Ah 6d]
Seat 2: Bo showed [Qc Qd]
Seat 3: Cy (button blind) showed [Kc Jh]"""


def test_each_pot_s_collected_lines_are_matched_against_each_order_among_its_own_players():
    side_pot = SIDE_POT.replace("{header}", HEADER.format(id="260000000006"))
    straight = audited(side_pot.format(main="Ann"))
    assert straight.consistent, straight.report()
    assert straight.notes == (STRAIGHT_ABOVE_TRIPS,)
    assert straight.settlement.payouts == {"Ann": 675, "Bo": 600, "Cy": 0}
    trips = audited(side_pot.format(main="Bo"))
    assert trips.consistent, trips.report()
    assert trips.notes == (TRIPS_ABOVE_STRAIGHT,)
    assert trips.settlement.payouts == {"Ann": 0, "Bo": 1275, "Cy": 0}
    wrong = audited(side_pot.format(main="Cy"))
    assert wrong.verdict is Verdict.WRONG and wrong.notes == (NEITHER_ORDER,)


def test_a_record_whose_game_names_the_order_is_ranked_by_that_order_alone():
    """A room whose rules state the order (GGPoker's Short Deck: a straight above three of a kind)
    names it in the record's game: the showdown is ranked by it, no order is read from the pot,
    and a pot paid by the other order is wrong."""
    from dataclasses import replace

    for winner, verdict in (("Ann", Verdict.CONSISTENT), ("Cy", Verdict.WRONG)):
        [hand] = parse_text(hand_text("260000000009", *STRAIGHT_OR_TRIPS, winner))
        audit = audit_hand(replace(hand, game="6+ Hold'em No Limit (triton)"))
        assert audit.verdict is verdict and audit.notes == (), audit.report()
        assert audit.settlement.game == "short-deck"
        [trips] = parse_text(hand_text("260000000010", *STRAIGHT_OR_TRIPS, winner))
        named = audit_hand(replace(trips, game="6+ Hold'em No Limit (trips-beat-straight)"))
        assert named.verdict is (Verdict.WRONG if winner == "Ann" else Verdict.CONSISTENT), named.report()
        assert named.settlement.game == "short-deck-trips-beat-straight"
