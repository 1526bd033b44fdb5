"""The Full Tilt reader: the package's own sample hands with exact numbers, bad input named by hand
and line, and the real files of ../shared/data/other-rooms (other people's data, never copied
here: the verdicts are kept as IDs and verdicts in tests/data/fulltilt_verdicts.tsv; without
../shared those tests skip and say so)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from room_corpus import OTHER, ROOT, audit_files, kept_verdicts, needs

from potengine.errors import HandHistoryError
from potengine.histories import fulltilt, rooms
from potengine.histories.audit import DEAD_POST, AuditRun, Verdict, audit_hand, dead_posts
from potengine.histories.record import SIDE_POTS, HandHistory, UnsupportedHandError

SAMPLES = ROOT / "potengine" / "histories" / "samples" / "fulltilt"
CORPUS = OTHER / "fulltilt"
D = Decimal

needs_corpus = needs(CORPUS, "the real Full Tilt files")


def sample_hands(name: str = "hands.txt") -> dict[str, HandHistory]:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    return {cut.hand_id or "": fulltilt.read_hand(cut) for cut in rooms.cut_hands(text)}


def sample_text(hand_id: str) -> str:
    text = (SAMPLES / "hands.txt").read_text(encoding="utf-8")
    [cut] = [c for c in rooms.cut_hands(text) if c.hand_id == hand_id]
    return cut.text


def read(text: str) -> HandHistory:
    [cut] = rooms.cut_hands(text)
    return fulltilt.read_hand(cut)


# ----------------------------------------------------------------------------------------------
# The package's own samples
# ----------------------------------------------------------------------------------------------
def test_every_sample_hand_is_read_by_the_full_tilt_reader_and_consistent() -> None:
    room = rooms.recognise((SAMPLES / "hands.txt").read_text(encoding="utf-8"))
    assert room is not None and room.reader == "fulltilt"
    hands = sample_hands()
    assert list(hands) == ["40000000101", "40000000102", "40000000103", "40000000104"]
    for hand_id, hand in hands.items():
        assert hand.room == "Full Tilt"
        audit = audit_hand(hand)
        assert audit.verdict is Verdict.CONSISTENT, (hand_id, audit.differences)


def test_raises_to_a_street_total_become_the_raise_over_the_bet_faced() -> None:
    hand = sample_hands()["40000000101"]
    said = [(a.player, a.kind, a.amount, a.to, a.all_in) for a in hand.actions]
    assert said == [
        ("Ann", "small blind", D("1"), None, False),
        ("Ben", "big blind", D("2"), None, False),
        ("Cyd", "raise", D("4"), D("6"), False),
        ("Dee", "call", D("6"), None, False),
        ("Ann", "raise", D("54"), D("60"), True),
        ("Ben", "fold", 0, None, False),
        ("Cyd", "raise", D("140"), D("200"), True),
        ("Dee", "call", D("84"), None, True),
    ]
    assert hand.returned == (("Cyd", D("110")),)
    assert (hand.total_pot, hand.rake, hand.main_pot) == (D("242"), D("3"), None)
    assert hand.not_stated == {SIDE_POTS}


def test_main_and_side_pots_are_named_and_checked() -> None:
    hand = sample_hands()["40000000101"]
    assert [(c.player, c.amount, c.pot) for c in hand.collections] == [
        ("Cyd", D("59.26"), 1),
        ("Ann", D("179.74"), 0),
    ]
    audit = audit_hand(hand)
    assert audit.awarded is not None
    assert [(p.amount, p.rake, dict(p.shares)) for p in audit.awarded.pots] == [
        (D("182"), D("2.26"), {"Ann": D("179.74")}),
        (D("60"), D("0.74"), {"Cyd": D("59.26")}),
    ]
    assert audit.notes == (
        "not stated by the room, so not checked: each pot's size (the total pot alone is stated)",
    )


def test_a_tie_gives_the_odd_cent_to_the_first_winner_left_of_the_button() -> None:
    hand = sample_hands()["40000000102"]
    assert [(c.player, c.amount, c.label) for c in hand.collections] == [
        ("Ann", D("0.84"), "pot"),
        ("Ben", D("0.83"), "pot"),
    ]
    assert dict(hand.summary_won) == {"Ann": D("0.84"), "Ben": D("0.83")}
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT and audit.source == "cards"


def test_a_wrong_odd_chip_is_caught_naming_the_player_it_belongs_to() -> None:
    [hand] = sample_hands("wrong_odd_chip.txt").values()
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.WRONG
    assert audit.differences == (
        "pot: history pays Ann 0.83 and Ben 0.84, the engine pays Ann 0.84 and Ben 0.83 "
        "(the odd chip goes to the first winner left of the button, Ann)",
    )


def test_a_dead_small_blind_and_a_posted_big_blind_of_a_player_coming_in() -> None:
    hand = sample_hands()["40000000103"]
    dee = [a for a in hand.posts if a.player == "Dee"]
    assert [(a.kind, a.amount) for a in dee] == [("small blind", D("0.50")), ("big blind", D("1"))]
    assert dee[0].text.endswith(DEAD_POST)
    assert dead_posts(hand) == {dee[0].line: D("0.50")}
    assert hand.button_seat == 1 and hand.button == "Ann"
    audit = audit_hand(hand)
    assert audit.contributions == {"Ann": D("4"), "Ben": D("0.50"), "Cyd": D("1"), "Dee": D("11.50")}


def test_a_hand_run_twice_in_a_capped_game() -> None:
    hand = sample_hands()["40000000104"]
    assert hand.cap == D("60")  # CAP NL: 30 big blinds of $2
    assert hand.board == ("Qh", "9h", "4c", "2s")
    assert hand.runs == (("Qh", "9h", "4c", "2s", "7h"), ("Qh", "9h", "4c", "2s", "3d"))
    assert [(c.player, c.amount, c.run) for c in hand.collections] == [
        ("Ann", D("59.50"), 1),
        ("Ben", D("59.50"), 2),
    ]
    assert [a.all_in for a in hand.actions if a.text.endswith("capped")] == [False, False]
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT
    assert audit.awarded is not None and [p.amount for p in audit.awarded.pots] == [D("122")]


# ----------------------------------------------------------------------------------------------
# Bad input: a HandHistoryError naming the hand and the line
# ----------------------------------------------------------------------------------------------
def test_a_truncated_hand_is_refused_naming_its_last_line() -> None:
    lines = sample_text("40000000102").splitlines()
    with pytest.raises(
        HandHistoryError, match=r"hand #40000000102, line 22: the hand has no '\*\*\* SUMMARY"
    ) as caught:
        read("\n".join(lines[: lines.index("*** SHOW DOWN ***")]))
    assert caught.value.hand_id == "40000000102" and caught.value.line == "Ben checks"


def test_an_unknown_card_and_a_garbage_amount_are_named_with_their_lines() -> None:
    text = sample_text("40000000102").replace("[Ah Kd 7s] (Total", "[Ah Kd 7x] (Total")
    with pytest.raises(HandHistoryError, match=r"hand #40000000102, line 12: '7x' is not a card"):
        read(text)
    text = sample_text("40000000102").replace("Cyd calls $0.25", "Cyd calls $0.2.5")
    with pytest.raises(HandHistoryError, match=r"line 9: cannot read Cyd's action: \"Cyd calls \$0.2.5\""):
        read(text)


def test_a_summary_that_names_no_player_at_the_table_is_refused() -> None:
    text = sample_text("40000000102").replace("Seat 3: Cyd (button)", "Seat 3: Zed (button)")
    with pytest.raises(
        HandHistoryError, match="line 33: this summary line names a seat or player not at the table"
    ):
        read(text)


def test_a_game_the_engine_does_not_play_is_unsupported() -> None:
    text = sample_text("40000000102").replace("NL Hold'em", "Limit Razz")
    with pytest.raises(UnsupportedHandError, match=r"hand #40000000102, line 1: only hold'em and Omaha"):
        read(text)


# ----------------------------------------------------------------------------------------------
# The real files
# ----------------------------------------------------------------------------------------------
def header_count(text: str) -> int:
    """The hands of a file counted apart from the reader: its header lines."""
    lines = [line.replace("\ufeff", "") for line in text.splitlines()]
    return sum(
        1 for line in lines if line.startswith(("Full Tilt Poker Game #", "Full Tilt Poker Tournament #"))
    )


@pytest.fixture(scope="module")
def audited() -> tuple[AuditRun, dict[tuple[str, int], Any], dict[str, list[Any]]]:
    return audit_files(sorted(CORPUS.iterdir()))


@needs_corpus
def test_every_real_file_is_read_and_its_hands_counted_as_its_headers_count_them(audited: Any) -> None:
    run, _, by_file = audited
    assert len(by_file) == 48
    hands = 0
    for path in sorted(CORPUS.iterdir()):
        count = header_count(rooms.decode(path.read_bytes()))
        read_ones = [a for a in by_file[path.name] if a.hand_id is not None]
        assert len(read_ones) == count, path.name
        hands += count
    assert hands == 52  # as ../shared/data/other-rooms/SOURCES.md counts them
    assert not [f for f in run.files if f["error"]]


@needs_corpus
def test_the_files_without_a_hand_say_why_nothing_was_audited(audited: Any) -> None:
    _, _, by_file = audited
    empty = [name for name in by_file if header_count(rooms.decode((CORPUS / name).read_bytes())) == 0]
    assert len(empty) == 5
    for name in empty:
        [audit] = by_file[name]  # the file's text, read as one piece that opens no hand
        assert audit.verdict is Verdict.UNREADABLE and audit.hand is None and audit.hand_id is None
        assert "line 1: a hand must start with" in str(audit.error)


@needs_corpus
def test_every_real_hand_gets_its_expected_verdict(audited: Any) -> None:
    _, found, _ = audited
    got = {key: (a.hand_id or "-", a.verdict.value) for key, a in found.items()}
    assert got == kept_verdicts("fulltilt").rows


@needs_corpus
def test_every_real_hand_that_is_not_consistent_is_explained() -> None:
    rows, _, comments = kept_verdicts("fulltilt")
    odd = {hand_id for hand_id, verdict in rows.values() if verdict != "consistent"}
    assert odd == {"33727835942", "-"}
    for hand_id in odd:
        assert f"# {hand_id}" in comments


@needs_corpus
def test_the_irregular_hand_is_full_tilts_own_split_of_the_rake_between_the_halves(audited: Any) -> None:
    run, found, _ = audited
    assert run.summary()["wrong"] == 0 and run.summary()["consistent"] == 51
    [hilo] = [a for a in found.values() if a.hand_id == "33727835942"]
    assert hilo.verdict is Verdict.IRREGULAR and not hilo.differences
    assert hilo.irregularities[0].startswith(
        "pot: history pays Greszik 3.90 and SomeStupid 3.85, "
        "an even split is SomeStupid 3.87 and Greszik 3.88"
    )
