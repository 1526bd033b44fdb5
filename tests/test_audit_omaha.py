"""The auditor on Omaha hi-lo hands the project writes in PokerStars' format: a pot split high and
low with the odd chip to high, a quartered low, a pot with no qualifying low, and the same hands
paid wrongly."""

from pathlib import Path

from potengine.histories.audit import HandAudit, Verdict, audit_file, audit_hand, hand_json
from potengine.histories.pokerstars import parse_text
from potengine.pots.hilo import HiLoPot

DATA = Path(__file__).parent.parent / "potengine" / "histories" / "samples" / "pokerstars"
TEXTS = {
    text.split(":", 1)[0].split("#")[1]: text
    for text in (DATA / "omaha_hilo.txt").read_text(encoding="utf-8").split("\n\n\n\n")
}
AUDITS: dict[str, HandAudit] = {a.hand_id: a for a in audit_file(DATA / "omaha_hilo.txt").audits}


def edited(hand_id: str, old: str, new: str) -> HandAudit:
    text = TEXTS[hand_id]
    assert old in text
    return audit_hand(parse_text(text.replace(old, new))[0])


def test_a_hi_lo_pot_is_split_with_the_odd_chip_to_the_high_half():
    audit = AUDITS["250000003001"]
    assert audit.consistent, audit.report()
    assert audit.hand.hi_lo and audit.hand.omaha and audit.source == "cards"
    [pot] = audit.settlement.pots
    assert isinstance(pot, HiLoPot)
    assert (pot.amount, pot.high_amount, pot.low_amount) == (25, 13, 12)
    assert (pot.high_winners, pot.low_winners) == (("Bo",), ("Cy",))
    assert dict(audit.settlement.winnings) == {"Ann": 0, "Bo": 13, "Cy": 12}
    assert audit.settlement.game == "omaha-hi-lo" and audit.settlement.low_ranking == (("Cy",),)
    assert "pot: high half 13 to Bo, low half 12 to Cy." in audit.steps[4].findings


def test_the_betting_of_an_omaha_hand_is_replayed_with_the_hand_model():
    audit = AUDITS["250000003001"]
    assert (
        audit.steps[0].findings[-1]
        == "Replayed with the hand model: every action is legal and the totals agree."
    )
    assert audit.illegal is None
    assert all(a.illegal is None for a in AUDITS.values())


def test_a_bet_above_the_pot_in_pot_limit_omaha_is_named():
    # 25 in the pot on the flop: a pot-limit bet is at most 25.
    audit = edited(
        "250000003001", "*** FLOP *** [2c 5d Kh]\nBo: checks", "*** FLOP *** [2c 5d Kh]\nBo: bets 100"
    )
    assert audit.illegal is not None
    assert "Bo cannot bet to 100: the maximum is 25" in str(audit.illegal)
    assert "pot limit" in str(audit.illegal)


def test_a_tied_low_is_quartered_and_its_odd_chip_goes_left_of_the_button():
    audit = AUDITS["250000003002"]
    assert audit.consistent, audit.report()
    [pot] = audit.settlement.pots
    assert pot.quartered == ("Ann", "Bo") and pot.high_winners == ("Cy",)
    assert dict(pot.shares) == {"Ann": 8, "Bo": 7, "Cy": 15}  # Ann sits first left of the button
    assert "low half 15 quartered between Ann and Bo" in " ".join(audit.steps[4].findings)


def test_a_pot_without_a_qualifying_low_goes_whole_to_the_high_hand():
    audit = AUDITS["250000003003"]
    assert audit.consistent, audit.report()
    [pot] = audit.settlement.pots
    assert pot.low_winners == () and dict(pot.shares) == {"Cy": 25}
    assert any("no qualifying low" in f for f in audit.steps[4].findings)


def test_a_hi_lo_pot_paid_whole_to_the_high_hand_is_wrong():
    audit = edited(
        "250000003001",
        "Bo collected 13 from pot\nCy collected 12 from pot",
        "Bo collected 25 from pot",
    )
    assert audit.verdict is Verdict.WRONG
    assert "pot: history pays Bo 25, the engine pays Bo 13 and Cy 12" in audit.differences


def test_a_quartered_low_paid_to_one_player_is_wrong():
    audit = edited(
        "250000003002", "Ann collected 8 from pot\nBo collected 7 from pot", "Ann collected 15 from pot"
    )
    assert audit.verdict is Verdict.WRONG
    assert any("the engine pays Ann 8, Bo 7 and Cy 15" in d for d in audit.differences)


def test_a_low_half_paid_when_no_low_qualifies_is_wrong():
    audit = edited(
        "250000003003", "Cy collected 25 from pot", "Cy collected 13 from pot\nBo collected 12 from pot"
    )
    assert audit.verdict is Verdict.WRONG


def test_without_every_hand_shown_the_collected_lines_name_the_high_and_the_low_winner():
    audit = edited("250000003001", "Cy: shows [Ah 3h Jc Js] (HI: a pair of Jacks; LO: 8,5,3,2,A)\n", "")
    assert audit.consistent and audit.source == "collected lines", audit.report()
    assert any(
        "the collected lines pay the high half (13) to Bo and the low half (12) to Cy" in f
        for f in audit.steps[4].findings
    )


def test_the_json_of_a_hi_lo_hand_names_the_game_and_both_halves_shares():
    data = hand_json(AUDITS["250000003002"])
    assert data["game"] == "Omaha Hi/Lo Pot Limit" and data["verdict"] == "consistent"
    assert data["pots"]["computed"][0]["shares"] == {"Ann": 8, "Bo": 7, "Cy": 15}
    assert data["pots"]["computed"][0]["high"] == {"amount": 15, "shares": {"Cy": 15}}
    assert data["pots"]["computed"][0]["low"] == {"amount": 15, "shares": {"Ann": 8, "Bo": 7}}


def test_each_side_pot_is_split_high_low_on_its_own_among_its_own_players():
    """Ann is all-in for the main pot and holds the best low; the side pot's low goes to Cy."""
    audit = AUDITS["250000003004"]
    assert audit.consistent, audit.report()
    main, side = audit.settlement.pots
    assert (main.amount, main.high_winners, main.low_winners) == (300, ("Bo",), ("Ann",))
    assert (side.amount, side.high_winners, side.low_winners) == (200, ("Bo",), ("Cy",))
    assert dict(audit.settlement.winnings) == {"Ann": 150, "Bo": 250, "Cy": 100}


def test_a_side_pot_low_paid_to_a_player_not_in_it_is_wrong():
    audit = edited(
        "250000003004",
        "Bo collected 150 from main pot\nAnn collected 150 from main pot",
        "Bo collected 150 from main pot\nAnn collected 50 from main pot\nAnn collected 100 from side pot",
    )
    assert audit.verdict is Verdict.WRONG
    assert any("history pays Ann 100, but Ann put in only 100" in d for d in audit.differences)


def test_the_engines_six_step_check_passes_every_hi_lo_settlement_the_auditor_makes():
    from potengine.pots.check import audit as six_steps

    for audit in AUDITS.values():
        result = six_steps(audit.settlement)
        assert result.ok and all(step.ok for step in result.steps), audit.hand_id
