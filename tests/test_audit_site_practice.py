"""Real PokerStars practice read right: one hand the project writes for each class of hand the
auditor once misread, the verdicts, and the property that an edited amount never passes."""

import gc
import io
import re
import tracemalloc
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from sample_histories import CORRECT, DATA

from potengine.errors import HandHistoryError, IllegalActionError
from potengine.histories.audit import (
    AuditRun,
    HandAudit,
    Verdict,
    audit_file,
    audit_hand,
    audit_json,
    iter_audits,
)
from potengine.histories.pokerstars import iter_hand_lines, parse_text


def audits(name: str) -> dict[str, HandAudit]:
    return {a.hand_id: a for a in audit_file(DATA / name).audits}


PRACTICE = audits("site_practice.txt")
READABILITY = audits("readability.txt")


def test_1_rake_is_taken_from_every_pot_in_proportion():
    cap = READABILITY["250000001701"]
    assert cap.consistent
    assert [p.rake for p in cap.settlement.pots] == [Decimal("1.91"), Decimal("0.09")]
    assert [p.awarded for p in cap.settlement.pots] == [Decimal("54.31"), Decimal("2.43")]


def test_1_a_site_split_of_the_rake_other_than_proportional_is_noted_not_accused():
    text = (DATA / "cash_rake.txt").read_text(encoding="utf-8").split("\n\n\n\n")[1]
    for old, new in [("$11.40", "$11.70"), ("$14.25", "$13.95")]:
        text = text.replace(old, new)
    [hand] = parse_text(text)
    report = audit_hand(hand)
    assert report.consistent, report.report()
    assert [p.rake for p in report.settlement.pots] == [Decimal("1.05"), Decimal("0.30")]
    assert report.notes[0].startswith("rake: the site takes 1.05 from the main pot, 0.30 from the side pot")
    greedy = text.replace("$11.70", "$11.60").replace("Rake $1.35", "Rake $1.45").replace("$27 ", "$27.10 ")
    assert audit_hand(parse_text(greedy)[0]).verdict is Verdict.WRONG


def test_2_an_old_history_without_uncalled_bet_lines_has_its_return_inferred():
    old = PRACTICE["10000000201"]
    assert old.consistent
    assert dict(old.settlement.refunds) == {"Ann": 3}
    assert "returned 3 to Ann (inferred)" in old.notes[0]


def test_3_dead_small_blinds_belong_to_the_pot_but_count_toward_no_bet():
    hand = PRACTICE["250000001001"]
    assert hand.consistent, hand.report()
    assert dict(hand.contributions) == {
        "Ann": Decimal("1.40"),
        "Bo": Decimal("0.05"),
        "Cy": Decimal("0.40"),
        "Di": Decimal("0.45"),
        "Ed": Decimal("0.45"),
    }
    assert dict(hand.settlement.layout.dead) == {"Di": Decimal("0.05"), "Ed": Decimal("0.05")}
    assert hand.settlement.pots[0].amount == Decimal("1.75")


def test_4_a_short_big_blind_and_a_big_blind_all_in_on_the_ante():
    short = PRACTICE["250000001101"]  # "raises 380 to 500" over a 120 big blind
    assert short.consistent, short.report()
    assert [p.amount for p in short.settlement.pots] == [480, 1140]
    ante = PRACTICE["250000001102"]  # the big blind posted nothing: calls are 200
    assert ante.consistent, ante.report()
    assert [p.amount for p in ante.settlement.pots] == [80, 615]
    capped = PRACTICE["250000001103"]  # the small blind calls only the 20 that can be won
    assert capped.consistent, capped.report()
    assert "calls only what the live opponents can contest" in capped.steps[0].findings[-1]


def test_5_an_all_in_raise_nobody_can_answer_is_irregular_and_its_excess_returned():
    hand = PRACTICE["250000001201"]
    assert hand.verdict is Verdict.IRREGULAR and not hand.differences
    assert dict(hand.settlement.refunds) == {"Cy": 940}
    assert "nobody could answer a raise" in hand.irregularities[0]
    assert isinstance(hand.illegal, IllegalActionError) and isinstance(hand.illegal, HandHistoryError)
    assert str(hand.illegal).startswith("hand #250000001201, line 181 (Cy: raises 940 to 1000")


def test_6_a_sitting_out_player_all_in_on_a_blind_folds_out_of_turn():
    hand = PRACTICE["250000001301"]
    assert hand.verdict is Verdict.IRREGULAR and not hand.differences
    assert "Cy is all-in and folds" in hand.irregularities[0]
    assert hand.folded == {"Ann", "Cy"} and hand.settlement.pots[0].amount == 260


def test_7_a_minimum_raise_after_a_short_all_in_other_than_tda_43():
    hand = PRACTICE["250000001401"]
    assert hand.verdict is Verdict.IRREGULAR and not hand.differences
    assert "minimum raise is to 50" in hand.irregularities[0] and "TDA 43" in hand.irregularities[0]
    assert [p.amount for p in hand.settlement.pots] == [100, 20]


def test_8_lines_and_headers_that_once_lost_hands_are_read():
    assert [a.verdict.value for a in READABILITY.values()] == [
        "consistent",
        "consistent",
        "consistent",
        "consistent",
        "consistent",
        "consistent",
        "unsupported",
    ]
    assert READABILITY["250000001801"].hand.game == "Hold'em No Limit"  # a mixed game
    assert READABILITY["250000001802"].hand.game == "Omaha Pot Limit"  # its next hand, Omaha
    assert READABILITY["250000001701"].hand.cap == Decimal("20")  # a cap game
    old = READABILITY["17000000001"]  # Windows-1252
    assert "Jérôme" in old.contributions
    assert old.notes[0].startswith("line 123: byte 0xe9 at column 10 is not UTF-8")


def test_8_a_byte_order_mark_mid_file_and_separators_lose_no_hand():
    raw = (DATA / "readability.txt").read_bytes()
    assert raw.count("\ufeff".encode()) == 3 and b"*********** # 2" in raw
    assert len(list(iter_hand_lines(raw.splitlines(keepends=True)))) == 7


def test_9_a_tie_split_unequally_within_the_rake_is_irregular_not_an_odd_chip():
    hand = PRACTICE["250000001501"]
    assert hand.verdict is Verdict.IRREGULAR and not hand.differences
    assert "differ by 0.07, more than an odd chip" in hand.irregularities[0]
    texts = (DATA / "site_practice.txt").read_text(encoding="utf-8").split("\n\n\n\n")
    beyond = next(t for t in texts if "#250000001501:" in t)
    beyond = beyond.replace("$9.51", "$8.51").replace("$9.64", "$10.64")  # a gap of 1.07 > rake
    assert audit_hand(parse_text(beyond)[0]).verdict is Verdict.WRONG


def test_an_all_in_cash_out_is_read_and_the_pot_it_wins_is_not_awarded():
    hand = PRACTICE["250000002001"]
    assert hand.consistent, hand.report()
    assert hand.hand.cash_outs == (("Ann", Decimal("3.20"), Decimal("0.04")),)
    assert hand.settlement.payouts["Ann"] == Decimal("3.80")  # what the cards give her
    assert "cashed out the hand for 3.20 (fee 0.04)" in hand.notes[0]
    paid = (DATA / "site_practice.txt").read_text(encoding="utf-8").split("\n\n\n\n")[-1]
    paid = paid.replace(
        "Ann cashed out the hand for $3.20 | Cash Out Fee $0.04", "Bo collected $3.80 from pot"
    )
    assert audit_hand(parse_text(paid)[0]).verdict is Verdict.WRONG  # paid to the loser instead


def test_short_deck_is_refused_as_unsupported_by_its_header():
    hand = READABILITY["250000001901"]
    assert hand.verdict is Verdict.UNSUPPORTED and "short deck" in str(hand.error)


# ---- an edited amount never passes ----------------------------------------------------------
AMOUNT = re.compile(r"(?<![\w#.\-/$])(\$?)(\d+(?:\.\d\d)?)(?![\w.%/])")


def consistent_texts() -> list[str]:
    """Every consistent hand the project writes that prints its uncalled bets (an old history
    prints none, so the unmatched part of its last bet is on no line to check)."""
    texts = []
    for name in [*CORRECT, "site_practice.txt", "omaha_hilo.txt"]:
        for text in (DATA / name).read_text(encoding="utf-8").split("\n\n\n\n"):
            [hand] = parse_text(text)
            if audit_hand(hand).consistent and "Game #1000000" not in text:
                texts.append(text)
    return texts


CONSISTENT = consistent_texts()


def editable(line: str) -> list[re.Match]:
    """The amounts of a line that a history states as chips: betting, returns, pots, payouts.

    Starting stacks and the header's stakes are left out: a stack is only checked when a player
    goes all-in, so a larger stack for a player who never does is no contradiction. So is the
    amount of an all-in cash-out: the site pays it from outside the pot.
    """
    if " cashed out the hand " in line:
        return []
    starts = ("PokerStars ", "Table ", "Board ", "*** ")
    if line.startswith(starts) or re.match(r"Seat \d+: [^(]*\(\$?[\d.]+ in chips", line):
        return []
    text = re.sub(r"\[[^\]]*\]", lambda m: " " * len(m.group(0)), line)  # cards are no amounts
    text = re.sub(r"LO: [\dA,]+", lambda m: " " * len(m.group(0)), text)  # nor is a low's ranks
    text = re.sub(r"^Seat \d+", lambda m: " " * len(m.group(0)), text)
    return list(AMOUNT.finditer(text))


@settings(max_examples=max(20, settings.default.max_examples * 3 // 4), deadline=None)
@given(st.data())
def test_editing_any_one_amount_of_a_consistent_hand_never_leaves_it_consistent(data):
    assert len(CONSISTENT) >= 18
    text = data.draw(st.sampled_from(CONSISTENT), label="hand")
    lines = text.splitlines()
    spots = [(i, m) for i, line in enumerate(lines) for m in editable(line)]
    i, spot = data.draw(st.sampled_from(spots), label="amount")
    written = spot.group(2)
    unit = Decimal("0.01") if "." in written or spot.group(1) else Decimal(1)
    step = data.draw(st.sampled_from([1, -1, 7, 100]), label="change") * unit
    value = Decimal(written) + step
    if value < 0:
        value = Decimal(written) + abs(step)
    new = f"{value:.2f}" if unit < 1 else str(int(value))
    lines[i] = lines[i][: spot.start(2)] + new + lines[i][spot.end(2) :]
    [item] = parse_text("\n".join(lines))
    if isinstance(item, HandHistoryError):
        return  # refused: unreadable, with its line
    report = audit_hand(item)
    assert report.verdict is Verdict.WRONG, (lines[i], report.report())


# ---- streaming, several files, JSON ----------------------------------------------------------
def test_iter_audits_and_audit_json_agree_hand_by_hand():
    names = ["site_practice.txt", "unreadable.txt"]
    texts = {name: (DATA / name).read_text(encoding="utf-8") for name in names}
    doc = audit_json(texts)
    streamed = [a for name, text in texts.items() for a in iter_audits(text, name)]
    assert [(h["hand_id"], h["verdict"]) for h in doc["hands"]] == [
        (a.hand_id, a.verdict.value) for a in streamed
    ]
    assert doc["summary"] == {
        "hands": 13,
        "consistent": 8,
        "irregular": 4,
        "wrong": 0,
        "unsupported": 0,
        "unreadable": 1,
    }
    assert doc["exit_status"] == 0 and doc["duplicates"] == []
    old = doc["hands"][0]
    assert old["pots"] == {
        "computed": [
            {"name": "pot", "amount": "4.50", "rake": "0.15", "eligible": ["Ann"], "shares": {"Ann": "4.35"}}
        ],
        "written": [{"name": "pot", "amount": "4.35"}],
    }
    assert old["returned"] == {"computed": {"Ann": "3.00"}, "written": {}}


def test_duplicate_hand_ids_are_reported():
    text = (DATA / "uncalled.txt").read_text(encoding="utf-8")
    doc = audit_json({"a.txt": text, "b.txt": text})
    assert [d["hand_id"] for d in doc["duplicates"]] == ["250000000301", "250000000302", "250000000303"]
    assert doc["duplicates"][0]["at"] == [{"file": "a.txt", "line": 1}, {"file": "b.txt", "line": 1}]
    assert "appears more than once in the input (first at a.txt line 1)" in doc["hands"][3]["notes"][-1]


def _many_hands(count: int):
    """``count`` hands as a stream of lines, never held in memory together."""
    text = (DATA / "side_pots.txt").read_text(encoding="utf-8")
    hands = text.split("\n\n\n\n")
    for k in range(count):
        hand = hands[k % len(hands)]
        yield from io.StringIO(hand.replace("Hand #2500000001", f"Hand #{7_000_000_000 + k}") + "\n\n")


def _memory(count: int) -> tuple[int, int]:
    """(memory still held after auditing ``count`` hands, peak memory while auditing them)."""
    run = AuditRun()
    gc.collect()
    tracemalloc.start()
    for audit in run.audits(_many_hands(count), "many.txt"):
        assert audit.consistent
    gc.collect()
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert run.summary()["hands"] == count
    return held, peak


def test_memory_stays_flat_however_many_hands_are_audited():
    """Six times the hands: what stays held grows only by the hand IDs kept to report
    duplicates (about 100 bytes a hand), never by the hands (some 21 KB each when every hand
    was held); the peak grows by far less than one hand's 21 KB per extra hand."""
    _memory(50)  # warm up: regular expressions, amount cache
    (held_small, peak_small), (held_large, peak_large) = _memory(100), _memory(600)
    assert (held_large - held_small) / 500 < 200, (held_small, held_large)
    assert (peak_large - peak_small) / 500 < 2_000, (peak_small, peak_large)


def test_a_hand_longer_than_the_limit_is_refused_without_keeping_its_lines():
    from potengine.histories.pokerstars import MAX_HAND_LINES

    text = (DATA / "uncalled.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]
    flood = text.replace("*** SUMMARY ***", "Ann: is sitting out\n" * 100_000 + "*** SUMMARY ***")
    [hand_lines] = iter_hand_lines(io.StringIO(flood))
    assert len(hand_lines) == MAX_HAND_LINES + 1 and hand_lines.total > 100_000
    [audit] = iter_audits(flood, "flood.txt")
    assert audit.verdict is Verdict.UNREADABLE and "more than the limit" in str(audit.error)


# ---- the one-pass check of plain hands agrees with the hand model ---------------------------
def _all_hands():
    from potengine.histories.pokerstars import HandHistory, iter_text, open_lines

    paths = sorted(DATA.glob("*.txt"))
    shared = Path(__file__).resolve().parents[2] / "shared" / "data" / "pokerstars-real"
    paths += sorted(shared.glob("*.txt")) if shared.is_dir() else []
    return [h for path in paths for h in iter_text(open_lines(path)) if isinstance(h, HandHistory)]


def _replays(hand):
    from potengine.histories.audit import contributions_from_lines, replay_actions

    contributions = contributions_from_lines(hand).contributions
    return [
        (r.ran, r.notes, r.problems, str(r.illegal))
        for r in (
            replay_actions(hand, contributions, fast=True),
            replay_actions(hand, contributions, fast=False),
        )
    ]


def test_the_one_pass_check_agrees_with_the_hand_model_on_every_hand():
    hands = _all_hands()
    assert len(hands) >= 40
    for hand in hands:
        fast, model = _replays(hand)
        assert fast == model, hand.hand_id


@settings(deadline=None)
@given(st.data())
def test_the_one_pass_check_agrees_with_the_hand_model_on_damaged_hands(data):
    """Swap, delete or repeat a betting line: whatever the model says, the one pass says too."""
    text = data.draw(st.sampled_from(CONSISTENT), label="hand")
    lines = text.splitlines()
    betting = [i for i, line in enumerate(lines) if re.search(r": (folds|checks|calls|bets|raises)", line)]
    i = data.draw(st.sampled_from(betting), label="line")
    how = data.draw(st.sampled_from(["delete", "repeat", "swap"]), label="how")
    if how == "delete":
        del lines[i]
    elif how == "repeat":
        lines.insert(i, lines[i])
    elif i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    [hand] = parse_text("\n".join(lines))
    if not isinstance(hand, HandHistoryError):
        fast, model = _replays(hand)
        assert fast == model


POT_LIMIT = (DATA / "limit_and_pot_limit.txt").read_text(encoding="utf-8").split("\n\n\n\n")[1]


def test_a_plain_pot_limit_hand_passes_the_one_pass_without_the_model(monkeypatch):
    """Cy raises to 35, the pot (15, and 10 to call, on top of the 10); Ann bets the pot on the
    flop: in turn and within the structure's maximum, so the model is never set up."""
    from potengine.histories import contributions as module
    from potengine.histories.audit import contributions_from_lines, replay_actions

    assert "Hold'em Pot Limit" in POT_LIMIT and "Cy: raises 25 to 35" in POT_LIMIT
    [hand] = parse_text(POT_LIMIT)

    def no_model(*args, **kwargs):
        raise AssertionError("the hand model was set up for a plainly legal pot-limit hand")

    monkeypatch.setattr(module, "start_hand", no_model)
    assert replay_actions(hand, contributions_from_lines(hand).contributions).notes == [
        "Replayed with the hand model: every action is legal and the totals agree"
    ]


def test_a_pot_limit_raise_one_chip_above_the_pot_goes_to_the_model_which_refuses_it():
    edited = POT_LIMIT.replace("Cy: raises 25 to 35", "Cy: raises 26 to 36").replace(
        "Ann: calls 30", "Ann: calls 31"
    )
    [hand] = parse_text(edited)
    fast, model = _replays(hand)
    assert fast == model
    assert "the hand model refuses it" in model[2][0] and "the maximum is 35" in model[2][0]
    bet = POT_LIMIT.replace("Ann: bets 80", "Ann: bets 81")  # the flop's pot is 80
    fast, model = _replays(parse_text(bet)[0])
    assert fast == model and "the maximum is 80" in model[2][0]


def test_the_settlement_is_built_when_first_read_and_kept():
    """The audit awards the pots; the settlement object is made from them only when read."""
    audit = next(iter_audits((DATA / "side_pots.txt").read_text(encoding="utf-8")))
    assert audit.awarded is not None and "settlement" not in vars(audit)
    first = audit.settlement
    assert first is audit.settlement and "settlement" in vars(audit)
    assert [p.amount for p in first.pots] == [p.amount for p in audit.awarded.pots] == [120, 120]
    assert dict(first.payouts) == {"Alice": 120, "Bilal": 0, "Chloé": 120}
