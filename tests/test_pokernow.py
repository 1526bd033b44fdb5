"""PokerNow: its CSV log (newest row first) and its JSON hand export, read into the neutral record.

(a) The project's own sample hands (potengine/histories/samples/pokernow, written for these tests
in PokerNow's formats) with their exact numbers, one deliberately wrong; bad input refused with
the hand and the line named. (b) The real logs of ../shared/data/pokernow (other people's data,
never copied here; the tests skip and say so without them): every log audited, each hand's
verdict the one kept in tests/data/pokernow_verdicts.tsv (file, line, hand ID, verdict), every
hand that is not consistent explained there, and the chips each player keeps from hand to hand
what the next hand's stacks say.
"""

from __future__ import annotations

import collections
import json
import re
from decimal import Decimal

import pytest
from room_corpus import ROOT, SHARED, VERDICTS, audit_files, needs

from potengine.errors import HandHistoryError
from potengine.histories import rooms
from potengine.histories.audit import AuditRun, Verdict, audit_hand, contributions_from_lines, dead_posts
from potengine.histories.pokernow import read_text
from potengine.histories.record import POT_NAMES, RAKE, TOTAL, HandHistory, UnsupportedHandError

SAMPLES = ROOT / "potengine" / "histories" / "samples" / "pokernow"
CORPUS = SHARED / "pokernow"
EXPECTED = VERDICTS / "pokernow_verdicts.tsv"
D = Decimal

needs_corpus = needs(CORPUS, "the PokerNow logs")


def sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def hands(name: str) -> dict[str, HandHistory]:
    read = {}
    for item in read_text(sample(name)):
        assert isinstance(item, HandHistory), item
        read[item.hand_id] = item
    return read


def audits(name: str) -> dict[str, object]:
    return {a.hand_id: a for a in AuditRun().audits(rooms.file_lines(SAMPLES / name), name)}


# ----------------------------------------------------------------------------------------------
# Cutting the log: newest row first
# ----------------------------------------------------------------------------------------------
def test_each_cut_hand_is_its_own_rows_from_its_ending_row_down_to_its_starting_row() -> None:
    text = sample("side_pots.csv")
    cut = rooms.cut_hands(text)
    assert [(h.hand_id, h.line) for h in cut] == [("2", 2), ("1", 14)]
    lines = text.split("\n")
    for h in cut:
        body = h.text.rstrip("\n").split("\n")
        assert body == lines[h.line - 1 : h.line - 1 + len(body)]  # a slice of the file, in its order
        assert body[-1].startswith(f'"-- starting hand #{h.hand_id} ')
        assert sum("-- starting hand #" in row for row in body) == 1
        assert sum(f"-- ending hand #{h.hand_id} --" in row for row in body) == 1


def test_a_log_written_oldest_row_first_is_read_the_same() -> None:
    text = sample("side_pots.csv")
    header, *rows = text.rstrip("\n").split("\n")
    oldest_first = "\n".join([header, *reversed(rows)]) + "\n"
    again = [h for h in read_text(oldest_first) if isinstance(h, HandHistory)]
    assert [h.hand_id for h in again] == ["1", "2"]
    for h in again:
        newest = hands("side_pots.csv")[h.hand_id]
        assert [(a.player, a.kind, a.amount, a.to) for a in h.actions] == [
            (a.player, a.kind, a.amount, a.to) for a in newest.actions
        ]
        assert h.collections and [c.amount for c in h.collections] == [c.amount for c in newest.collections]


# ----------------------------------------------------------------------------------------------
# The samples, exact numbers
# ----------------------------------------------------------------------------------------------
def test_side_pots_sample_the_record() -> None:
    hand = hands("side_pots.csv")["1"]
    assert hand.room == "PokerNow" and hand.currency and hand.chip == D("0.01")
    assert hand.not_stated == {TOTAL, RAKE, POT_NAMES}
    assert hand.first_line == 34 and hand.table == "q4mzt8wx1kpa"
    assert hand.players == ("Ann", "Bo", "Cy", "Dee") and hand.button == "Dee"
    assert hand.small_blind == D("0.25") and hand.big_blind == D("0.50")
    moves = [(a.player, a.kind, a.amount, a.to, a.all_in) for a in hand.actions]
    assert moves == [
        ("Ann", "small blind", D("0.25"), None, False),
        ("Bo", "big blind", D("0.50"), None, False),
        ("Cy", "raise", D("1.00"), D("1.50"), False),
        ("Dee", "call", D("1.50"), None, False),
        ("Ann", "raise", D("18.50"), D("20.00"), True),  # "raises to 20.00": the street total
        ("Bo", "raise", D("30.00"), D("50.00"), True),
        ("Cy", "call", D("48.50"), None, False),  # "calls 50.00": 48.50 added
        ("Dee", "fold", 0, None, False),
    ]
    assert hand.board == ("2d", "7c", "9h", "Jd", "4s") and hand.runs == ()
    assert dict(hand.shown) == {"Ann": ("As", "Ah"), "Bo": ("Ks", "Kh"), "Cy": ("Qs", "Qh")}
    assert [(c.player, c.amount, c.pot) for c in hand.collections] == [
        ("Ann", D("61.50"), 0),
        ("Bo", D("60.00"), 0),
    ]
    assert contributions_from_lines(hand).contributions == {
        "Ann": D("20.00"),
        "Bo": D("50.00"),
        "Cy": D("50.00"),
        "Dee": D("1.50"),
    }


def test_side_pots_sample_audits_consistent_pot_by_pot() -> None:
    found = audits("side_pots.csv")
    assert {k: a.verdict for k, a in found.items()} == {"1": Verdict.CONSISTENT, "2": Verdict.CONSISTENT}
    pots = found["1"].awarded.pots
    assert [(p.amount, dict(p.shares)) for p in pots] == [
        (D("61.50"), {"Ann": D("61.50")}),
        (D("60.00"), {"Bo": D("60.00")}),
    ]
    second = hands("side_pots.csv")["2"]
    assert second.returned == (("Cy", D("3.00")),)
    assert [(a.kind, a.amount, a.to) for a in second.actions if a.player == "Cy"][1:] == [
        ("raise", D("3.00"), D("4.50"))
    ]
    assert found["2"].awarded.layout.refunds == {"Cy": D("3.00")}


def test_split_pot_gives_the_odd_chip_left_of_the_button() -> None:
    hand = hands("split_odd_chip.csv")["8"]
    assert not hand.currency and hand.chip == 1 and hand.button == "Cy"
    assert [a.kind for a in hand.posts] == ["ante", "ante", "ante", "small blind", "big blind"]
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT
    [pot] = audit.awarded.pots
    assert pot.amount == 135 and dict(pot.shares) == {"Ann": 68, "Bo": 67}


def test_run_twice_with_a_straddle_missed_blinds_and_a_capped_all_in() -> None:
    hand = hands("run_twice_straddle.csv")["21"]
    posts = [(a.player, a.kind, a.amount) for a in hand.posts]
    assert posts == [
        ("Bo", "small blind", D("0.10")),
        ("Cy", "big blind", D("0.25")),
        ("Dee", "straddle", D("0.50")),  # live: the straddler's bet
        ("Eve", "small blind", D("0.10")),  # "a missing small blind": dead
        ("Eve", "big blind", D("0.25")),  # "a missed big blind": live
    ]
    assert set(dead_posts(hand).values()) == {D("0.10")} and len(dead_posts(hand)) == 1
    # "raises to 25.00 and go all in" against an all-in for 25.00: a call, and Dee keeps 35.00
    dee = [a for a in hand.actions if a.player == "Dee"][-1]
    assert (dee.kind, dee.amount, dee.all_in) == ("call", D("24.50"), False)
    assert hand.board == ()
    assert hand.runs == (("3h", "8c", "Js", "Kd", "2s"), ("9d", "5c", "4d", "7h", "Th"))
    assert [(c.player, c.amount, c.run) for c in hand.collections] == [
        ("Cy", D("25.23"), 1),
        ("Dee", D("25.22"), 2),
    ]
    assert dict(hand.shown) == {
        "Cy": ("Ac", "Kc"),
        "Dee": ("Qd", "Qs"),
        "Ann": ("6h", "6c"),
    }  # Ann: after the hand
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT
    [pot] = audit.awarded.pots
    assert pot.amount == D("50.45") and [part.amount for part in pot.runs] == [D("25.23"), D("25.22")]


def test_a_dead_button_and_a_rabbit_hunt() -> None:
    hand = hands("run_twice_straddle.csv")["22"]
    assert "(dead button)" in hand.header and hand.button == "Ann"
    assert hand.board == ("Tc", "4s", "4h")  # the rabbit hunt's J♥ 6♠ are no board
    assert audit_hand(hand).verdict is Verdict.CONSISTENT


def test_the_wrong_sample_is_found_wrong_by_one_chip() -> None:
    audit = audits("wrong_collected.csv")["5"]
    assert audit.verdict is Verdict.WRONG
    assert audit.differences == (
        "pot: history pays Ann 66, the engine pays Ann 65",
        "history pays 66, returns 40 and withholds 0, 106 in all, "
        "but the players put in 105: 1 chip unexplained",
    )


def test_the_json_export_sample() -> None:
    found = audits("export.json")
    assert {k: a.verdict for k, a in found.items()} == {
        "k3v9mq2xz7ap": Verdict.CONSISTENT,
        "p8w2nc5ty1rb": Verdict.CONSISTENT,
    }
    first = found["k3v9mq2xz7ap"].hand
    assert first.currency and first.players == ("Ann", "Bo", "Cy") and first.button == "Ann"
    assert [(a.kind, a.amount, a.to) for a in first.actions if a.player == "Ann"] == [
        ("raise", D("0.50"), D("0.75")),  # value 75 cents: the street total
        ("bet", D("1.00"), None),  # type 8 with nothing to face: a bet
    ]
    assert first.returned == (("Ann", D("1.00")),) and first.board == ("Td", "7s", "2h")
    second = found["p8w2nc5ty1rb"]
    assert [(p.amount, dict(p.shares)) for p in second.awarded.pots] == [
        (D("32.55"), {"Ann": D("32.55")}),
        (D("28.10"), {"Bo": D("28.10")}),
    ]
    assert dict(second.hand.shown) == {"Ann": ("Ah", "Ad"), "Bo": ("Kh", "Kd"), "Cy": ("Qh", "Qd")}


# ----------------------------------------------------------------------------------------------
# Bad input: the hand and the line named
# ----------------------------------------------------------------------------------------------
def _refused(text: str) -> HandHistoryError:
    [item] = [i for i in read_text(text) if i is not None][-1:]
    assert isinstance(item, HandHistoryError), item
    return item


def _hand_8(edit: str, to: str) -> str:
    text = sample("split_odd_chip.csv")
    assert edit in text
    return text.replace(edit, to, 1)


def test_a_hand_cut_short_is_unreadable_naming_its_last_row() -> None:
    text = sample("split_odd_chip.csv")
    header, _ending, *rest = text.split("\n")
    err = _refused("\n".join([header, *rest]))
    assert err.hand_id == "8" and err.line_number == 2
    assert "the log stops before the hand ends (no '-- ending hand' row)" in str(err)
    assert str(err).startswith("hand #8, line 2: ")


def test_an_unknown_card_names_the_hand_and_the_line() -> None:
    err = _refused(_hand_8("shows a 2♣, 2♦.", "shows a 2♣, 1♦."))
    assert err.hand_id == "8" and err.line_number == 6
    assert "unknown card '1♦'" in str(err) and "shows a 2♣, 1♦." in str(err)


def test_a_garbage_amount_names_the_hand_and_the_line() -> None:
    err = _refused(_hand_8('bets 30",', 'bets 3O",'))
    assert err.hand_id == "8" and "a row this reader does not know" in str(err)
    assert err.line is not None and "bets 3O" in err.line
    huge = _refused(_hand_8('bets 30",', 'bets 3000000000000000000",'))
    assert "too large" in str(huge) and huge.hand_id == "8"


def test_a_game_the_engine_does_not_play_is_unsupported_naming_it() -> None:
    err = _refused(_hand_8("(No Limit Texas Hold'em)", "(Seven Card Stud)"))
    assert isinstance(err, UnsupportedHandError)
    assert "Seven Card Stud is a game this checker does not play" in str(err)


def test_a_player_missing_from_the_stacks_row_is_named() -> None:
    err = _refused(_hand_8('""Cy @ cY3zS9rN4g"" folds', '""Zed @ zZ9"" folds'))
    assert "Zed @ zZ9 is not in the 'Player stacks' row" in str(err) and err.hand_id == "8"


def test_bad_json_hands_are_refused_naming_the_hand_and_the_event() -> None:
    doc = json.loads(sample("export.json"))
    doc["hands"][0]["events"][5]["payload"]["cards"][0] = "Xx"
    doc["hands"][1]["events"][2]["payload"]["value"] = "lots"
    doc["hands"].append({**doc["hands"][0], "id": "bomb1", "bombPot": True})
    found = list(read_text(json.dumps(doc)))
    assert [type(f).__name__ for f in found] == [
        "HandHistoryError",
        "HandHistoryError",
        "UnsupportedHandError",
    ]
    assert str(found[0]).startswith("hand #k3v9mq2xz7ap, line 6: unknown card 'Xx'")
    assert str(found[1]).startswith("hand #p8w2nc5ty1rb, line 3: the amount 'lots' is not a number of chips")
    assert "a bomb pot" in str(found[2])


# ----------------------------------------------------------------------------------------------
# The real logs of ../shared/data/pokernow
# ----------------------------------------------------------------------------------------------
def expected() -> tuple[dict[tuple[str, int], tuple[str, str]], dict[str, set[str]]]:
    """The kept verdicts by (file, line), and the hand IDs each log's comment rows explain."""
    rows: dict[tuple[str, int], tuple[str, str]] = {}
    explained: dict[str, set[str]] = collections.defaultdict(set)
    name = ""
    for line in EXPECTED.read_text(encoding="utf-8").splitlines():
        if line.startswith("file\t"):
            name = line.split("\t")[1]
        elif line.startswith("# ") and name:
            found = re.match(r"# (\S+): \S", line)
            assert found, line
            explained[name].add(found.group(1))
        elif not line.startswith("#"):
            number, hand_id, verdict = line.split("\t")
            rows[(name, int(number))] = (hand_id, verdict)
    return rows, explained


def test_the_kept_verdicts_are_ids_and_verdicts_only_and_every_odd_one_explained() -> None:
    rows, explained = expected()
    assert len(rows) == 11708
    assert {v for _, v in rows.values()} <= {v.value for v in Verdict}
    counts = collections.Counter(v for _, v in rows.values())
    assert counts == {"consistent": 11658, "irregular": 48, "unreadable": 2}
    for (name, _), (hand_id, verdict) in rows.items():
        if verdict != "consistent":
            assert hand_id in explained[name], (name, hand_id)


@pytest.fixture(scope="module")
def corpus() -> tuple[AuditRun, dict[tuple[str, int], object]]:
    run, found, _ = audit_files(sorted(CORPUS.glob("*.csv")))
    return run, found


@needs_corpus
def test_every_real_log_is_read_and_each_hand_gets_its_kept_verdict(corpus) -> None:
    run, found = corpus
    assert all(entry["error"] is None for entry in run.files) and len(run.files) == 46
    for entry in run.files:  # as many hands as starting rows
        text = rooms.decode((CORPUS / entry["file"]).read_bytes())
        assert entry["hands"] == text.count('"-- starting hand #'), entry["file"]
    rows, _ = expected()
    got = {key: (a.hand_id or "-", a.verdict.value) for key, a in found.items()}
    assert got == rows
    assert run.summary() == {
        "hands": 11708,
        "consistent": 11658,
        "irregular": 48,
        "wrong": 0,
        "unsupported": 0,
        "unreadable": 2,
    }


@needs_corpus
def test_no_real_hand_is_wrong_for_what_pokernow_does_not_state(corpus) -> None:
    _, found = corpus
    for audit in found.values():
        if audit.hand is not None:
            assert audit.hand.not_stated == {TOTAL, RAKE, POT_NAMES}
            assert audit.hand.rake == 0
        assert audit.verdict is not Verdict.WRONG


@needs_corpus
def test_the_chips_each_player_takes_into_the_next_hand_are_what_its_stacks_say(corpus) -> None:
    """put in, returned and collected, as read, leave each player with the stack the next hand's
    "Player stacks" row gives him (unless a row between the hands changes his stack)."""
    _, found = corpus
    by_file: dict[str, list[HandHistory]] = collections.defaultdict(list)
    for (name, _), audit in sorted(found.items()):
        if audit.hand is not None:
            by_file[name].append(audit.hand)
    checked = 0
    for name, read in by_file.items():
        read.sort(key=lambda h: int(h.hand_id))
        for hand, after in zip(read, read[1:], strict=False):
            if int(after.hand_id) != int(hand.hand_id) + 1:
                continue
            ending = next(i for i, row in enumerate(hand.lines) if row.startswith("-- ending hand"))
            moved = {
                m.group(1)
                for row in hand.lines[ending:]
                if re.search(r"stack|rebought|joined|sit back|stand up|quits|approved", row)
                for m in re.finditer(r'"(.+?) @ ', row)
            }
            put_in = contributions_from_lines(hand).contributions
            back = collections.Counter()
            for c in hand.collections:
                back[c.player] += c.amount
            for player, amount in hand.returned:
                back[player] += amount
            for player, stack in hand.stacks.items():
                if player in after.stacks and player not in moved:
                    assert stack - put_in.get(player, 0) + back[player] == after.stacks[player], (
                        name,
                        hand.hand_id,
                        player,
                    )
                    checked += 1
    assert checked > 50_000
