"""Fees beside the rake and money the room adds to a pot (potengine.pots.fees), rule by rule.

The figures of the named tests come from real hand histories (GGPoker, WPN) in ../shared/data;
the corpus test reads every GGPoker hand there and reconciles its summary line with the engine.
"""

from __future__ import annotations

import json
import os
import re
from decimal import Decimal
from pathlib import Path

import pytest

from potengine import Added, Fee, InputError, Rake, settle
from potengine.cli import main
from potengine.pots.fees import withhold
from potengine.present.exports import settlement_json, settlement_text
from potengine.present.tables import settlement_html
from potengine.present.words import explain

D = Decimal
CENT = D("0.01")
ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("POTENGINE_SHARED", ROOT.parent / "shared")) / "data"
GGPOKER = DATA / "other-rooms" / "ggpoker"


def test_ggpoker_total_pot_is_collected_plus_rake_plus_fees():
    """GGPoker RC3793224323: Total pot $5.08 | Rake $0.15 | Jackpot $0.07 | Bingo $0 | Fortune $0
    | Tax $0, the winner collecting $4.86: collected + rake + fees = total."""
    put_in = {"SB": D("0.02"), "BB": D("2.43"), "Hero": D("0.05"), "MP": D("0.15"), "BTN": D("2.43")}
    fees = {"Jackpot": D("0.07"), "Bingo": D(0), "Fortune": D(0), "Tax": D(0)}
    result = settle(put_in, ["BTN", "BB"], folded=["SB", "Hero", "MP"], chip=CENT, rake=D("0.15"), fees=fees)
    (pot,) = result.pots
    assert pot.amount == D("5.08")
    assert result.payouts["BTN"] == D("4.86")
    assert result.payouts["BTN"] + result.rake + sum(result.fees.values()) == pot.amount
    assert list(result.fees) == ["Jackpot", "Bingo", "Fortune", "Tax"]
    assert result.withheld == D("0.22")
    assert result.audit().ok


def test_wpn_pot_is_net_of_rake_and_jp_fee():
    """WPN (Omaha 5/10): both players bet 22.66, "Pot: 43.32. Rake 1.76. JP fee 0.24", the winner
    "Collects: 43.32. Wins: 20.66": WPN's pot is what is left after rake and JP fee."""
    result = settle(
        {"Player5": D("22.66"), "Player6": D("22.66")},
        ["Player5", "Player6"],
        chip=CENT,
        rake=D("1.76"),
        fees={"JP fee": D("0.24")},
    )
    assert result.pots[0].awarded == D("43.32")
    assert result.net["Player5"] == D("20.66")
    assert dict(result.fees) == {"JP fee": D("0.24")}


def test_cash_drop_goes_into_the_main_pot_before_the_rake():
    """GGPoker RC3844480952: Cash Drop to Pot $0.2; the players put in $1.58; Total pot $1.78 |
    Rake $0.06 | Jackpot $0.03, the winner collecting $1.69. And GGPoker rakes the drop: a $0.50
    drop into a $0.12 pot is raked $0.03, 5 % of $0.62 (Rake.percentage applies to the whole)."""
    put_in = {"BTN": D("6.32"), "SB": D("0.05"), "Hero": D("0.74"), "UTG": D("0.05"), "MP": 0, "CO": 0}
    result = settle(
        put_in,
        ["BTN", "Hero"],
        folded=["SB", "UTG", "MP", "CO"],
        chip=CENT,
        rake=D("0.06"),
        fees={"Jackpot": D("0.03")},
        added={"cash drop": D("0.2")},
    )
    (pot,) = result.pots
    assert pot.amount == D("1.78") and dict(pot.added) == {"cash drop": D("0.2")}
    assert result.refunds["BTN"] == D("5.58")
    assert result.payouts["BTN"] == D("1.69") + D("5.58")
    assert "0.20 cash drop = 1.78" in pot.formula or "0.2 cash drop = 1.78" in pot.formula
    raked = settle(
        {"BB": D("0.06"), "SB": D("0.06")},
        ["BB"],
        folded=["SB"],
        chip=CENT,
        rake=Rake.percentage(5, no_flop_no_drop=False),
        added={"cash drop": D("0.50")},
    )
    assert raked.rake == D("0.03") and raked.payouts["BB"] == D("0.59")


def test_cash_drop_split_with_an_odd_chip():
    """A drop of 21 into a main pot of 120 that two players tie: 141 split 71/70, the odd chip
    to the first winner left of the button, the side pot untouched by the drop."""
    result = settle(
        {"A": 40, "B": 100, "C": 100},
        [("A", "C"), "B"],
        button="C",
        added={"cash drop": 21},
    )
    main, side = result.pots
    assert main.amount == 141 and dict(main.shares) == {"A": 71, "C": 70}
    assert side.amount == 120 and not side.added and dict(side.shares) == {"C": 120}
    assert sum(result.payouts.values()) == result.total + 21
    assert result.audit().ok
    assert "odd chip goes to A" in explain(result)


def test_jackpot_per_hand_is_taken_from_the_main_pot_first():
    """Per hand, main pot first (the default): a jackpot of 5 on a main pot of 3 and a side pot:
    the main pot pays 3, side pot 1 the other 2."""
    result = settle({"A": 1, "B": 100, "C": 100}, ["A", "B", "C"], fees={"jackpot": 5})
    main, side = result.pots
    assert dict(main.fees) == {"jackpot": 3} and main.awarded == 0
    assert dict(side.fees) == {"jackpot": 2} and side.awarded == 196
    assert dict(result.payouts) == {"A": 0, "B": 196, "C": 0}


def test_jackpot_per_hand_in_proportion_or_per_pot():
    """The same hand with the other rules: in proportion to each pot (3 of 120, 2 of 120 after a
    rake of 5 from the main pot), from every pot, or from one named pot."""
    put_in = {"A": 40, "B": 100, "C": 100}
    ranking = ["A", "C", "B"]
    spread = settle(put_in, ranking, rake=5, fees=[Fee("jackpot", 5, spread="in proportion")])
    assert [dict(p.fees) for p in spread.pots] == [{"jackpot": 2}, {"jackpot": 3}]
    assert [p.awarded for p in spread.pots] == [113, 117]
    each = settle(put_in, ranking, fees=[Fee("jackpot", 2, per="pot")])
    assert [dict(p.fees) for p in each.pots] == [{"jackpot": 2}, {"jackpot": 2}]
    named = settle(put_in, ranking, fees=[Fee("bad-beat drop", 4, pot="Side pot 1")])
    assert [dict(p.fees) for p in named.pots] == [{}, {"bad-beat drop": 4}]
    assert dict(named.payouts) == {"A": 120, "B": 0, "C": 116}
    for result in (spread, each, named):
        assert result.audit().ok


def test_fees_come_after_the_rake_and_in_the_order_given():
    """The rake is taken first; each fee from what the rake and the fees before it leave."""
    pots = [{"amount": 10, "rake": 0}, {"amount": 50, "rake": 0}]
    added, fees = withhold(pots, rake=8, fees=(Fee("jackpot", 3), Fee("tax", 1)))
    assert [p["rake"] for p in pots] == [8, 0]
    assert fees == [{"jackpot": 2}, {"jackpot": 1, "tax": 1}]


def test_fees_with_two_runs_are_taken_before_the_division():
    """Run twice: the jackpot comes out first, then what is left is divided by the runs, the odd
    chip of the division to the first run."""
    result = settle(
        {"A": 50, "B": 50},
        runs=[["A", "B"], ["B", "A"]],
        rake=2,
        fees={"jackpot": 1},
    )
    (pot,) = result.pots
    assert pot.awarded == 97
    assert [part.amount for part in pot.runs] == [49, 48]
    assert dict(result.payouts) == {"A": 49, "B": 48}
    assert result.audit().ok
    assert "after 2 rake and 1 jackpot" in explain(result)


def test_fees_with_a_side_pot_run_twice_and_hi_lo():
    """A side pot with one player is not run; the fee from the main pot first still applies.
    Hi-lo: what the fee leaves is cut high and low."""
    result = settle(
        {"A": 20, "B": 51, "C": 60},
        runs=[["A", "B", "C"], ["C", "B", "A"]],
        fees={"jackpot": 3},
        added=[Added("splash", 4, pot="Side pot 1")],
    )
    main, side = result.pots
    assert main.amount == 60 and main.awarded == 57 and [p.amount for p in main.runs] == [29, 28]
    assert side.amount == 66 and not side.runs or side.eligible == ("B", "C")
    assert result.audit().ok
    hilo = settle(
        {"A": 50, "B": 50, "C": 50},
        ["A", "B", "C"],
        low_ranking=[("B", "C")],
        fees={"jackpot": 1},
    )
    assert hilo.pots[0].high_amount == 75 and hilo.pots[0].low_amount == 74
    assert hilo.audit().ok


def test_each_fee_appears_by_name_everywhere():
    result = settle(
        {"A": 50, "B": 50},
        ["A", "B"],
        rake=5,
        fees={"jackpot": 2, "bingo": 0},
        added={"cash drop": 10},
    )
    words = explain(result)
    assert "jackpot" in words and "bingo" in words and "cash drop" in words
    assert (
        "Check: paid 103 + returned 0 + rake 5 + jackpot 2 + bingo 0 = 110 = put in 100 + cash drop 10."
        in words
    )
    data = settlement_json(result)
    assert data["fees"] == {"jackpot": 2, "bingo": 0} and data["added"] == {"cash drop": 10}
    assert data["pots"][0]["fees"] == {"jackpot": 2, "bingo": 0} and data["rake"] == 5
    json.dumps(data)
    text = settlement_text(result)
    assert "jackpot 2" in text and "cash drop" in text
    html = settlement_html(result)
    assert "jackpot" in html and "cash drop" in html
    audit = result.audit()
    assert audit.ok and "jackpot 2" in str(audit.steps[5]) and "cash drop" in str(audit.steps[2])


def test_a_plain_hand_keeps_its_json_and_words():
    """Without fees nothing new appears: the same keys, the same check line."""
    result = settle({"A": 40, "B": 100, "C": 100}, ["A", "C", "B"])
    assert set(settlement_json(result)) == {
        "contributions", "folded", "button", "chip", "pots", "refunds", "payouts", "net",
    }  # fmt: skip
    assert explain(result).endswith("Check: paid 240 + returned 0 = 240 put in.")


def test_the_audit_catches_a_fee_moved_to_another_pot():
    from potengine.pots.layout import rebuilt

    result = settle({"A": 40, "B": 100, "C": 100}, ["A", "C", "B"], fees={"jackpot": 4})
    main, side = result.pots
    wrong_main = rebuilt(main, fees={}, shares={"A": 120})
    wrong_side = rebuilt(side, fees={"jackpot": 4}, shares={"C": 116})
    wrong = rebuilt(result, pots=(wrong_main, wrong_side), winnings={"A": 120, "B": 0, "C": 116})
    audit = wrong.audit()
    assert not audit.ok and [s.number for s in audit.failures] == [6]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (lambda: {"fees": {"jackpot": -1}}, "the jackpot fee must not be negative, got -1"),
        (
            lambda: {"fees": [Fee("jackpot", 1, pot="Side pot 4")]},
            "names 'Side pot 4', a pot this hand does not have",
        ),
        (lambda: {"added": [Added("splash", 5, pot="Side pot 2")]}, "the splash names 'Side pot 2'"),
        (
            lambda: {"fees": {"jackpot": 241}},
            "the jackpot fee of 241 is more than the pots hold after the rake",
        ),
        (lambda: {"fees": [Fee("jackpot", 121, per="pot")]}, "more than Main pot holds"),
        (lambda: {"fees": {"jackpot": 200}, "rake": 41}, "the jackpot fee of 200 is more than the pots hold"),
        (lambda: {"fees": {"jackpot": 2.5}}, "must be a whole number of chips (int) or an exact Decimal"),
        (lambda: {"fees": {"rake": 2}}, "the rake is given with rake=, not as a fee"),
        (lambda: {"fees": {"": 2}}, "a fee needs a name"),
        (lambda: {"fees": "jackpot"}, "fees must be a mapping"),
        (lambda: {"fees": [Fee("tax", 1, per="street")]}, "per 'hand' or per 'pot', not 'street'"),
        (lambda: {"added": -5}, "must not be negative"),
        (lambda: {"fees": {"jackpot": 3}, "chip": 2}, "not a whole number of chips of 2"),
    ],
)
def test_bad_fees_are_refused_by_name(kwargs, message):
    with pytest.raises(InputError) as error:
        settle({"A": 40, "B": 100, "C": 100}, ["A", "C", "B"], **kwargs())
    assert message in " ".join(str(error.value).split())


def test_cli_takes_fees_added_money_and_rake(capsys):
    status = main(
        [
            "settle", "A=2.43", "B=2.43", "C=0.22", "--folded", "C", "--ranking", "A > B",
            "--chip", "0.01", "--rake", "0.15", "--fee", "jackpot=0.07", "--fee", "bingo=0",
            "--added", "cash drop=0.20", "--json",
        ]
    )  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert data["pots"][0]["amount"] == "5.28" and data["payouts"]["A"] == "5.06"
    assert data["fees"] == {"jackpot": "0.07", "bingo": "0.00"} and data["added"] == {"cash drop": "0.20"}
    assert (
        main(["settle", "A=40", "B=100", "C=100", "--ranking", "A > C > B", "--fee", "drop=1@Side pot 1"])
        == 0
    )
    assert "drop 1" in capsys.readouterr().out
    assert main(["settle", "A=40", "B=100", "--ranking", "A > B", "--fee", "drop=1@Side pot 2"]) == 2
    assert "Side pot 2" in capsys.readouterr().err
    assert main(["settle", "A=40", "B=100", "--ranking", "A > B", "--fee", "jackpot"]) == 2
    assert "NAME=AMOUNT" in capsys.readouterr().err


def test_cli_help_shows_the_fee_examples(capsys):
    assert main(["settle", "--help"]) == 0
    text = capsys.readouterr().out
    assert "--fee jackpot=0.07" in text and "--added" in text and "--cash-out A=57:1" in text


# Every GGPoker hand of the shared corpus: its summary reconciled with the engine's settlement.

_AMOUNT = r"\$([0-9.]+)"
_SUMMARY = re.compile(
    rf"^Total pot {_AMOUNT} \| Rake {_AMOUNT} \| Jackpot {_AMOUNT} \| Bingo {_AMOUNT}"
    rf" \| Fortune {_AMOUNT} \| Tax {_AMOUNT}",
    re.M,
)
_ACTION = re.compile(
    rf"^(.+?): (posts (?:small blind|big blind|the ante|straddle|missed blind) {_AMOUNT}|calls {_AMOUNT}"
    rf"|bets {_AMOUNT}|raises {_AMOUNT} to {_AMOUNT})"
)


def _gg_hand(text: str) -> dict | None:
    """A GGPoker hand read just far enough for this test: each player's chips put in, the cash
    drop, the summary's fees and who collected what; None for hands this small reader skips."""
    summary = _SUMMARY.search(text)
    if not summary or "Hand was run" in text or "straddle" in text:
        return None
    seats = re.findall(r"^Seat \d+: (.+?) \(\$[0-9.]+ in chips\)", text, re.M)
    put_in = dict.fromkeys(seats, D(0))
    street = dict.fromkeys(seats, D(0))
    for line in text.splitlines():
        if line.startswith("*** SUMMARY"):
            break
        if line.startswith(("*** FLOP", "*** TURN", "*** RIVER")):
            street = dict.fromkeys(seats, D(0))
            continue
        match = _ACTION.match(line)
        if match:
            player, groups = match.group(1), [g for g in match.groups()[2:] if g]
            if player not in put_in:
                return None
            if "the ante" in match.group(2):
                put_in[player] += D(groups[0])
                continue
            added = D(groups[-1]) - street[player] if "raises" in match.group(2) else D(groups[0])
            street[player] += added
            put_in[player] += added
            continue
        back = re.match(rf"^Uncalled bet \({_AMOUNT}\) returned to (.+)$", line)
        if back:
            put_in[back.group(2)] -= D(back.group(1))
    collected: dict[str, Decimal] = {}
    for player, amount in re.findall(rf"^(.+?) collected {_AMOUNT} from pot", text, re.M):
        collected[player] = collected.get(player, D(0)) + D(amount)
    drop = re.search(rf"^Cash Drop to Pot : total {_AMOUNT}", text, re.M)
    total, rake, *fees = (D(x) for x in summary.groups())
    return {
        "put_in": put_in,
        "collected": collected,
        "drop": D(drop.group(1)) if drop else D(0),
        "total": total,
        "rake": rake,
        "fees": dict(zip(("Jackpot", "Bingo", "Fortune", "Tax"), fees, strict=True)),
    }


@pytest.mark.skipif(
    not GGPOKER.is_dir(), reason=f"GGPoker histories not here ({GGPOKER}): they live in ../shared"
)
def test_real_ggpoker_summaries_reconcile_with_the_engine():
    """In every GGPoker hand with one winner (no run twice, no straddle): the engine, given the
    players' chips, the cash drop, the rake and the four named fees, pays the winner exactly what
    GGPoker's history says he collected, and its pots total GGPoker's "Total pot"."""
    checked = drops = with_jackpot = 0
    for path in sorted(GGPOKER.glob("*.txt")):
        text = path.read_text(encoding="utf-8-sig", errors="replace")
        for chunk in re.split(r"\n(?=Poker Hand #)", text):
            hand = _gg_hand(chunk)
            if hand is None or len(hand["collected"]) != 1:
                continue
            ((winner, collected),) = hand["collected"].items()
            put_in = {p: a for p, a in hand["put_in"].items()}
            result = settle(
                put_in,
                [winner],
                folded=[p for p in put_in if p != winner],
                chip=CENT,
                rake=hand["rake"],
                fees=hand["fees"],
                added={"cash drop": hand["drop"]} if hand["drop"] else None,
            )
            pots_total = sum((pot.amount for pot in result.pots), start=D(0))
            assert pots_total == hand["total"], chunk[:60]
            assert result.winnings[winner] == collected, chunk[:60]
            assert result.audit().ok
            checked += 1
            drops += bool(hand["drop"])
            with_jackpot += bool(hand["fees"]["Jackpot"])
    assert checked > 1000 and drops >= 5 and with_jackpot > 100, (checked, drops, with_jackpot)
