"""Cash-outs and insurance outside the pot, and cash-out offers checked against exact equity
(potengine.pots.cashout).

The named hands' figures come from real histories in ../shared/data: PokerStars' All-in Cash Out
(hands #212512348678 and #212332942040) and GGPoker's EV Cashout (RC3793224323, RC3793699300).
"""

from __future__ import annotations

import json
import os
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from potengine import CashOut, InputError, Insurance, check_cash_out, settle
from potengine.cli import main
from potengine.pots.check import audit
from potengine.present.exports import settlement_json, settlement_text
from potengine.present.tables import settlement_html
from potengine.present.words import explain

D = Decimal
CENT = D("0.01")
ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("POTENGINE_SHARED", ROOT.parent / "shared")) / "data"
STARS = DATA / "pokerstars-real"

# PokerStars #212512348678: stavochka008 (A♣K♣) all-in pre-flop against Stefan310191 (Q♥J♣),
# three folded players' blinds and calls in the pot; Total pot $0.90 | Rake $0.03.
STAV = {
    "stavochka008": D("0.36"),
    "anghelstefanesc": D("0.04"),
    "Stefan310191": D("0.36"),
    "DrowsyDays": D("0.12"),
    "Older618": D("0.02"),
}
STAV_FOLDED = ["anghelstefanesc", "DrowsyDays", "Older618"]


def test_pokerstars_cash_out_of_a_winner_pot_not_awarded():
    """ "stavochka008 cashed out the hand for $0.57 | Cash Out Fee $0.01", and "won ($0.87) … (pot
    not awarded as player cashed out)": the pot is divided as usual, his share goes to the room,
    he nets the cash-out less what he put in."""
    result = settle(
        STAV,
        ["stavochka008", "Stefan310191"],
        folded=STAV_FOLDED,
        chip=CENT,
        rake=D("0.03"),
        side_payments=[CashOut("stavochka008", D("0.57"), fee=CENT)],
    )
    assert result.winnings["stavochka008"] == D("0.87")  # the pot's division is unchanged
    assert dict(result.side_net) == {"stavochka008": D("-0.30")}
    assert result.net["stavochka008"] == D("0.21")  # 0.57 − 0.36
    assert result.house == D("0.33")  # the rake, and the 0.87 bought for 0.57
    assert sum(result.net.values()) + result.house == 0
    audit = result.audit()
    assert audit.ok and "stavochka008 cashed out for 0.57" in str(audit.steps[5])


def test_pokerstars_cash_out_of_a_loser_the_winner_paid_in_full():
    """#212332942040: lextim (Q♦Q♣) cashed out for $2.10 and lost to Cihan5858, who "collected
    $3.72 from pot": the winner is paid in full, the room pays lextim's cash-out."""
    put_in = {"pokerHero1": CENT, "zemja": D("0.02"), "lextim": D("1.91"), "Cihan5858": D("1.91")}
    result = settle(
        put_in,
        ["Cihan5858", "lextim"],
        folded=["pokerHero1", "zemja"],
        chip=CENT,
        rake=D("0.13"),
        side_payments=[CashOut("lextim", D("2.10"), fee=D("0.02"))],
    )
    assert result.payouts["Cihan5858"] == D("3.72")
    assert result.net["lextim"] == D("0.19") and result.net["Cihan5858"] == D("1.81")
    assert result.house == D("0.13") - D("2.10")
    assert sum(result.net.values()) + result.house == 0


def test_a_cash_out_offer_against_exact_equity():
    """The $0.57 offered on A♣K♣ against Q♥J♣ before the flop: exact equity of the net pot ($0.87)
    over all 1,712,304 boards is 0.87 × 567181/856152; the room keeps the rest."""
    check = check_cash_out(
        STAV,
        {"stavochka008": "Ac Kc", "Stefan310191": "Qh Jc"},
        "stavochka008",
        D("0.57"),
        folded=STAV_FOLDED,
        rake=D("0.03"),
        chip=CENT,
    )
    assert check.boards == 1712304
    (pot,) = check.pots
    assert pot.awarded == D("0.87") and pot.share == Fraction(567181, 856152)
    assert check.value == Fraction(567181, 856152) * Fraction(87, 100)
    assert check.fee == check.value - Fraction(57, 100) == Fraction(181361, 28538400)
    assert check.percent == Fraction(18136100, 16448249)
    assert check.percent_text() == "1.10 %" and check.fee_text() == "0.0064"
    assert str(check) == ("stavochka008's cash-out of 0.57 against an equity of 0.5764: fee 0.0064 (1.10 %)")


def test_ggpoker_ev_cashout_is_the_same_bargain():
    """RC3793224323: c92cfd10 (A♦A♥) against J♥J♠ on 8♥ 9♣ 6♣ "Chooses to EV Cashout", wins, and
    "Pays Cashout Risk ($0.65)" from the $4.86 collected: a cash-out of $4.21. Against the exact
    equity of the net pot ($4.86 after rake and jackpot) the fee is 127/2750 ($0.0462, 1.09 %)."""
    put_in = {"SB": D("0.02"), "BB": D("2.43"), "Hero": D("0.05"), "MP": D("0.15"), "BTN": D("2.43")}
    folded = ["SB", "Hero", "MP"]
    fees = {"Jackpot": D("0.07")}
    result = settle(
        put_in,
        ["BTN", "BB"],
        folded=folded,
        chip=CENT,
        rake=D("0.15"),
        fees=fees,
        side_payments=[CashOut("BTN", D("4.86") - D("0.65"))],
    )
    assert result.payouts["BTN"] == D("4.86") and result.side_net["BTN"] == D("-0.65")
    check = check_cash_out(
        put_in,
        {"BTN": "Ad Ah", "BB": "Jh Js"},
        "BTN",
        D("4.21"),
        board="8h 9c 6c",
        folded=folded,
        rake=D("0.15"),
        fees=fees,
        chip=CENT,
    )
    assert check.boards == 990 and check.pots[0].awarded == D("4.86")
    assert check.fee == Fraction(127, 2750) and check.percent_text() == "1.09 %"


def test_equity_values_of_all_players_add_up_to_what_the_pots_pay():
    """Three players all-in with a side pot: each player's value is his share of each pot he can
    win; the values of all players add up to what the pots pay after rake and fees."""
    put_in = {"A": 40, "B": 100, "C": 100}
    hands = {"A": "7s 6s", "B": "Kd Kc", "C": "As Ah"}
    kwargs = {"board": "2c 7d 9h", "rake": 6, "fees": {"jackpot": 2}}
    checks = {p: check_cash_out(put_in, hands, p, 0, **kwargs) for p in put_in}
    assert [pot.name for pot in checks["A"].pots] == ["Main pot"]
    assert [pot.name for pot in checks["B"].pots] == ["Main pot", "Side pot 1"]
    assert [pot.awarded for pot in checks["B"].pots] == [112, 120]
    assert sum(check.value for check in checks.values()) == 232
    assert all(check.percent == 100 for check in checks.values() if check.value)


def test_insurance_premium_and_payout_outside_the_pot():
    """All-in insurance: the insured player pays a premium and keeps his pot share; the room pays
    the payout when the insured hand loses."""
    result = settle(
        {"A": 100, "B": 100},
        ["B", "A"],
        side_payments=[Insurance("A", 8, payout=150)],
    )
    assert dict(result.payouts) == {"A": 0, "B": 200}
    assert dict(result.net) == {"A": 42, "B": 100}
    assert result.house == -142 and sum(result.net.values()) + result.house == 0
    assert result.audit().ok


def test_side_payments_everywhere_a_settlement_is_shown(capsys):
    result = settle(
        {"A": 36, "B": 36},
        ["A", "B"],
        side_payments=[CashOut("A", 45, fee=1), Insurance("B", 3)],
    )
    words = explain(result)
    assert "A cashed out for 45 (the room's fee of 1 already out of it)" in words
    assert "insurance premium of 3" in words and "The room keeps 30 in all" in words
    data = settlement_json(result)
    assert data["side_payments"] == [
        {"kind": "cash_out", "player": "A", "amount": 45, "fee": 1},
        {"kind": "insurance", "player": "B", "premium": 3, "payout": 0},
    ]
    assert data["net"] == {"A": 9, "B": -39} and data["house"] == 30
    json.dumps(data)
    text = settlement_text(result)
    assert "cash-out (fee 1)" in text and "pot winnings to the room" in text
    html = settlement_html(result)
    assert "Outside the pot" in html and "the room keeps" in html
    assert main(["settle", "A=36", "B=36", "--ranking", "A > B", "--cash-out", "A=45:1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["side_net"] == {"A": -27}


@pytest.mark.parametrize(
    ("payments", "message"),
    [
        (lambda: [CashOut("Eve", 5)], "Eve cannot cash out: Eve is not seated (players: A, B, C, D)"),
        (lambda: [CashOut("D", 5)], "D cannot cash out: D folded"),
        (lambda: [Insurance("D", 5)], "D cannot insure the hand: D folded"),
        (lambda: [CashOut("A", 5), CashOut("A", 6)], "A cashes out twice"),
        (lambda: [CashOut("A", -5)], "A's cash-out must not be negative, got -5"),
        (lambda: [CashOut("A", 5, fee=-1)], "A's cash-out fee must not be negative"),
        (lambda: [Insurance("B", -1)], "B's insurance premium must not be negative"),
        (lambda: [Insurance("B", 1, payout=2.5)], "B's insurance payout must be a whole number"),
        (lambda: [CashOut("A", 5)], None),
        (lambda: "A", "side_payments must be a list of CashOut and Insurance records"),
        (lambda: [("A", 5)], "side_payments holds CashOut and Insurance records"),
    ],
)
def test_bad_side_payments_are_refused_by_name(payments, message):
    put_in = {"A": 40, "B": 100, "C": 100, "D": 10}
    if message is None:
        assert settle(put_in, ["A", "C", "B"], folded=["D"], side_payments=payments()).audit().ok
        return
    with pytest.raises(InputError) as error:
        settle(put_in, ["A", "C", "B"], folded=["D"], side_payments=payments())
    assert message in " ".join(str(error.value).split())


def test_no_cash_out_without_an_opponent_in_a_pot():
    """A player alone in the pots he can win (everyone else folded) has nothing to cash out."""
    with pytest.raises(InputError, match="B cannot cash out: B contests no pot with another player"):
        settle({"A": 10, "B": 30}, ["B"], folded=["A"], side_payments=[CashOut("B", 5)])
    with pytest.raises(InputError, match="the hand is not all-in"):
        check_cash_out(
            {"A": 50, "B": 50, "C": 50},
            {"A": "As Ah", "B": "Kd Kc", "C": "Qd Qc"},
            "A",
            40,
            stacks={"A": 50, "B": 200, "C": 300},
        )
    ok = check_cash_out({"A": 50, "B": 50}, {"A": "As Ah", "B": "Kd Kc"}, "B", 10, stacks={"A": 50, "B": 400})
    assert ok.value > 0  # the covering player may cash out: one stack behind is an all-in
    with pytest.raises(InputError, match="the cash-out offer to A must not be negative"):
        check_cash_out({"A": 50, "B": 50}, {"A": "As Ah", "B": "Kd Kc"}, "A", -1)
    with pytest.raises(InputError, match="Eve cannot cash out: Eve is not seated"):
        check_cash_out({"A": 50, "B": 50}, {"A": "As Ah", "B": "Kd Kc"}, "Eve", 1)


@pytest.mark.skipif(
    not STARS.is_dir(), reason=f"PokerStars histories not here ({STARS}): they live in ../shared"
)
def test_real_pokerstars_cash_outs_are_written_as_the_engine_models_them():
    """In every PokerStars All-in Cash Out of the corpus, a player who cashed out and won has "pot
    not awarded as player cashed out" and no collected line (the room takes his share), and a
    player who cashed out and lost is marked "(cashed out)" while another player collects."""
    won = lost = 0
    for path in sorted(STARS.glob("*.txt")):
        text = path.read_text(encoding="utf-8-sig", errors="replace")
        for hand in re.split(r"\n(?=PokerStars (?:Zoom )?Hand #)", text.replace("\r", "")):
            for player in re.findall(r"^(.+?) cashed out the hand for \$[0-9.]+", hand, re.M):
                seat = re.search(
                    rf"^Seat \d+: {re.escape(player)} .*$", hand.split("*** SUMMARY ***")[-1], re.M
                )
                assert seat, hand[:80]
                if "pot not awarded as player cashed out" in seat.group(0):
                    assert f"{player} collected" not in hand
                    won += 1
                else:
                    assert "(cashed out)" in seat.group(0) and " collected " in hand
                    lost += 1
    assert won >= 3 and lost >= 3, (won, lost)


def test_a_room_that_pays_more_than_it_takes_says_so_in_words_not_as_a_negative_keep():
    # Alice cashed out for 150 and then lost: the room pays her 150 and keeps only the rake of 10.
    result = settle(
        {"Alice": 100, "Bilal": 100},
        ranking=["Bilal", "Alice"],
        rake=10,
        side_payments=[CashOut("Alice", 150, fee=2)],
    )
    assert result.house == -140
    words = explain(result)
    assert "The room pays out 140 more than it takes in" in words
    assert "keeps −" not in words and "keeps -" not in words
    findings = [finding for step in audit(result).steps for finding in step.findings]
    assert any(f.startswith("The room pays out 140 more than it takes in") for f in findings)
