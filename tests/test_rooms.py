"""Rooms: one decoding layer, the room recognised from the text, its hands cut and counted.

Real files of eight other rooms and PokerNow are read from ../shared/data (other people's data,
never copied here; the tests skip and say so without them): each decodes, its room is the room of
its folder, and its hands are counted as a simple count of header lines, written here apart from
the module's patterns, counts them. Small synthetic texts cover the encodings.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from room_corpus import OTHER, ROOT, SHARED, needs

from potengine.histories import rooms
from potengine.histories.audit import AuditRun, Verdict, audit_file, iter_audits
from potengine.histories.record import HandHistory
from potengine.present import live

POKERNOW = SHARED / "pokernow"
SAMPLES = ROOT / "potengine" / "histories" / "samples" / "pokerstars"
FOLDER_ROOM = {
    "888poker": "888poker",
    "fulltilt": "fulltilt",
    "ggpoker": "ggpoker",
    "ignition_bovada": "ignition",
    "ipoker": "ipoker",
    "partypoker": "partypoker",
    "winamax": "winamax",
    "wpn": "wpn",
}
# Two files of HHSmithy's Pacific (888) samples are written in partypoker's layout ("$50 USD PL
# Texas Hold'em - Tuesday, …", "Table Table 131342 (No DP)"); one is byte for byte the file of
# its partypoker samples. Nothing in their text says 888: read as partypoker.
PARTY_LAYOUT_IN_888 = {
    "hhsmithy__HandHistories.Parser.UnitTests__SampleHandHistories__Pacific__CashGame__GameTypeTests__PotLimitHoldem.txt",
    "hhsmithy__HandHistories.Parser.UnitTests__SampleHandHistories__Pacific__CashGame__PlayerTests__WithSittingOut.txt",
}


def _payload(line: str) -> str:
    """A line as the header counts read it: without a byte-order mark, after a backtick if any
    (hands quoted in a program's text: export const HAND = `Bovada Hand #…)."""
    return line.replace("\ufeff", "").split("`")[-1]


def header_count(folder: str, text: str) -> int:
    """A simple count of the hands of a file: its header lines (or XML elements, CSV rows)."""
    lines = [_payload(line) for line in text.splitlines()]
    starts = {
        "ggpoker": ("Poker Hand #",),
        "winamax": ("Winamax Poker - ",),
        "wpn": ("Hand #", "Game started at:"),
        "fulltilt": ("Full Tilt Poker Game #", "Full Tilt Poker Tournament #"),
        "ignition_bovada": ("Ignition Hand #", "Bovada Hand #", "Bodog Hand #"),
    }
    if folder == "ipoker":
        return text.count("<game gamecode=")
    if folder in ("888poker", "partypoker"):
        return sum(1 for line in lines if line.startswith("*****") and "Hand History" in line)
    return sum(1 for line in lines if line.startswith(starts[folder]))


def other_room_files() -> list[tuple[str, Path]]:
    if not OTHER.is_dir():
        return []
    return [(folder, path) for folder in FOLDER_ROOM for path in sorted((OTHER / folder).iterdir())]


needs_other = needs(OTHER, "the other rooms' real files")
needs_pokernow = needs(POKERNOW, "the PokerNow logs")


@needs_other
def test_every_other_room_file_decodes_is_recognised_and_counted() -> None:
    files = other_room_files()
    assert len(files) > 300
    totals: dict[str, int] = {}
    for folder, path in files:
        text = rooms.decode(path.read_bytes())
        assert "\ufeff" not in text and "\r" not in text and "\x00" not in text, path.name
        expected = header_count(folder, text)
        room = rooms.recognise(text)
        want = "partypoker" if path.name in PARTY_LAYOUT_IN_888 else FOLDER_ROOM[folder]
        if expected == 0:  # fragments of a hand (Full Tilt's action tests), an iPoker session without games
            assert room is None or room.name == want, path.name
            assert rooms.count_hands(text) == 0
            continue
        assert room is not None and room.name == want, path.name
        assert rooms.count_hands(text) == expected, path.name
        totals[folder] = totals.get(folder, 0) + expected
    # The hands per room that ../shared/data/other-rooms/SOURCES.md lists.
    assert totals == {
        "888poker": 41,
        "fulltilt": 52,
        "ggpoker": 2205,
        "ignition_bovada": 33,
        "ipoker": 693,
        "partypoker": 282,
        "winamax": 45,
        "wpn": 67,
    }


@needs_other
def test_the_auditor_reports_each_hand_of_another_room_unsupported_naming_it() -> None:
    unread = [folder for folder, name in FOLDER_ROOM.items() if not rooms.BY_NAME[name].readable]
    for folder in unread:  # each room's own tests audit it once its reader is in
        run = AuditRun()
        for path in sorted((OTHER / folder).iterdir()):
            text = rooms.decode(path.read_bytes())
            room = rooms.recognise(text)  # two 888 files are written in partypoker's layout
            if room is None or room.readable:
                continue
            audits = list(run.audits(rooms.file_lines(path), path.name))
            assert len(audits) == header_count(folder, text), path.name
            for audit in audits:
                assert audit.verdict is Verdict.UNSUPPORTED
                assert f"a {room.label} hand: {rooms.not_read(room)}" in str(audit.error)
        assert run.summary()["unreadable"] == 0
        assert run.exit_status() == 0


@needs_pokernow
def test_every_pokernow_log_is_recognised_and_counted_by_its_starting_rows() -> None:
    paths = sorted(POKERNOW.glob("*.csv"))
    assert len(paths) >= 40
    total = 0
    for path in paths:
        text = rooms.decode(path.read_bytes())
        room = rooms.recognise(text)
        assert room is not None and room.name == "pokernow", path.name
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[0] == ["entry", "at", "order"]
        starting = sum(1 for row in rows[1:] if row and row[0].startswith("-- starting hand #"))
        assert rooms.count_hands(text) == starting, path.name
        total += starting
    assert total == 11708  # as ../shared/data/pokernow/SOURCES.md counts them


# ----------------------------------------------------------------------------------------------
# Decoding: synthetic bytes
# ----------------------------------------------------------------------------------------------

GG = "Poker Hand #RC1001: Hold'em No Limit ($0.01/$0.02) - 2026/01/01 10:00:00\nSeat 1: Zoé ($2 in chips)\n"


@pytest.mark.parametrize(
    "data",
    [
        b"\xff\xfe" + GG.encode("utf-16-le"),
        b"\xfe\xff" + GG.encode("utf-16-be"),
        GG.encode("utf-16-le"),  # no byte-order mark: every other byte is NUL
        GG.encode("utf-16-be"),
        b"\xef\xbb\xbf" + GG.encode("utf-8"),
        GG.encode("utf-8").replace(b"\n", b"\r\n"),
        GG.encode("utf-8").replace(b"\n", b"\r"),  # old Macintosh line ends
        GG.encode("cp1252"),  # Zoé in Windows-1252
    ],
    ids=["utf16le-bom", "utf16be-bom", "utf16le", "utf16be", "utf8-bom", "crlf", "cr", "cp1252"],
)
def test_every_encoding_decodes_to_the_same_text(data: bytes) -> None:
    assert rooms.decode(data) == GG
    assert rooms.recognise(rooms.decode(data)).label == "GGPoker"


def test_byte_order_marks_mid_text_and_nul_bytes_are_dropped() -> None:
    joined = ("\ufeff" + GG).encode("utf-8") * 2  # two files joined with cat
    assert rooms.decode(joined) == GG * 2
    assert rooms.count_hands(rooms.decode(joined)) == 2
    assert rooms.decode(GG.encode("utf-8").replace(b"Seat", b"Se\x00at")) == GG
    # UTF-16 read as UTF-8 by a browser: two replacement characters, then NUL between letters
    assert rooms.decode("\ufffd\ufffd" + "\x00".join("Poker Hand #RC1: x")) == "Poker Hand #RC1: x"


def test_a_line_not_utf8_is_read_as_windows_1252_and_the_others_as_utf8() -> None:
    data = "Seat 1: Zoë ($2)\n".encode() + "Seat 2: Jérôme ($2)\n".encode("cp1252")
    assert rooms.decode(data) == "Seat 1: Zoë ($2)\nSeat 2: Jérôme ($2)\n"


def test_a_utf16_pokerstars_file_is_audited_by_the_command_line_path(tmp_path: Path) -> None:
    text = (SAMPLES / "uncalled.txt").read_text(encoding="utf-8")
    path = tmp_path / "uncalled-utf16.txt"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    assert [a.verdict.value for a in audit_file(path).audits] == ["consistent"] * 3


# ----------------------------------------------------------------------------------------------
# Recognition, cutting and the checker
# ----------------------------------------------------------------------------------------------


def test_each_room_is_recognised_from_its_header() -> None:
    headers = {
        "PokerStars Hand #1: Hold'em No Limit (1/2)": "pokerstars",
        "Poker Hand #TM42: Tournament #7, Hold'em No Limit": "ggpoker",
        "Winamax Poker - CashGame - HandId: #96-604-14 - Holdem no limit (1€/2€)": "winamax",
        "Hand #61150000 - Holdem(No Limit) - $0.01/$0.02": "wpn",
        "Game started at: 2014/3/10 17:3:35\nGame ID: 262002530 0.05/0.10": "wpn",
        '<session sessioncode="1">\n<game gamecode="77">': "ipoker",
        "***** 888poker Hand History for Game 349736402 *****": "888poker",
        "***** Cassava Hand History for Game 1 *****": "888poker",
        "***** Hand History for Game 13550319286 *****": "partypoker",
        "Full Tilt Poker Game #33728803548: Table Crane": "fulltilt",
        "export const HAND = `Bovada Hand #4290322948 TBL#26728545": "ignition",
        'entry,at,order\n"-- starting hand #3 (id: abc) --",2021,1': "pokernow",
        '{"hands": [{"id": "a1", "events": []}, {"id": "a2", "events": []}]}': "pokernow",
    }
    for text, name in headers.items():
        room = rooms.recognise(text)
        assert room is not None and room.name == name, text
        assert rooms.count_hands(text) == (2 if text.startswith("{") else 1), text
    assert rooms.recognise("Seat 1: Alice (100 in chips)") is None


def test_hands_are_cut_with_their_own_ids_and_first_lines() -> None:
    text = "\n\n" + GG + "\n" + GG.replace("RC1001", "RC1002") + "\n\n"
    hands = rooms.cut_hands(text)
    assert [(h.hand_id, h.line) for h in hands] == [("RC1001", 3), ("RC1002", 6)]
    assert hands[1].text.startswith("Poker Hand #RC1002")


# A header of each room whose hands are cut from plain lines, {n} its hand's number: the first of
# these rooms the checker does not read yet stands for every room it does not read.
UNREAD_HEADERS = {
    "fulltilt": "Full Tilt Poker Game #{n}: Table Crane (6 max) - $0.05/$0.10 - No Limit Hold'em",
    "winamax": "Winamax Poker - CashGame - HandId: #96-604-{n} - Holdem no limit (1€/2€)",
    "wpn": "Hand #{n} - Holdem(No Limit) - $0.01/$0.02",
    "888poker": "***** 888poker Hand History for Game {n} *****",
    "partypoker": "***** Hand History for Game {n} *****",
    "ignition": "Ignition Hand #{n} TBL#26728545 HOLDEM No Limit - 2026-01-01 10:00:00",
}


def unread_text(count: int, first: int = 1001) -> tuple[rooms.Room, str]:
    """``count`` one-line hands of the first room of :data:`UNREAD_HEADERS` the checker does not
    read yet (the test is skipped once it reads them all)."""
    name = next((name for name in UNREAD_HEADERS if not rooms.BY_NAME[name].readable), None)
    if name is None:
        pytest.skip("every room of UNREAD_HEADERS is read now")
    header = UNREAD_HEADERS[name]
    return rooms.BY_NAME[name], "\n\n".join(header.format(n=n) for n in range(first, first + count)) + "\n"


def test_the_checker_names_the_room_counts_and_audits_each_hand_once(monkeypatch: pytest.MonkeyPatch) -> None:
    room, text = unread_text(57)
    assert live.count_hands(text) == 57
    not_read = rooms.not_read(room)
    assert not_read.startswith(
        f"this checker does not read {room.label} hands yet (it reads PokerStars, GGPoker"
    )
    assert live.survey(text)["message"] == f"{room.label} history, 57 hands: {not_read}"
    hands = list(live.audit_hands(text, "gg.txt"))
    assert len(hands) == 57 and {h["verdict"] for h in hands} == {"unsupported"}
    assert "1001" in hands[0]["hand_id"] and not_read in hands[0]["title"]

    def audited_again(texts: object) -> None:
        raise AssertionError("the document is made from the audits just done")

    monkeypatch.setattr(live, "audit_json", audited_again)
    document = json.loads(live.audit_document(text, "gg.txt"))
    assert document["summary"]["unsupported"] == 57 and document["summary"]["hands"] == 57
    with pytest.raises(AssertionError):  # another text: audited (here: refused by the patch)
        live.audit_document(text + "\n", "gg.txt")


def test_pokerstars_texts_go_on_through_the_pokerstars_reader() -> None:
    text = (SAMPLES / "unreadable.txt").read_text(encoding="utf-8")
    assert rooms.recognise(text) is rooms.POKERSTARS and rooms.POKERSTARS.readable
    assert live.survey(text)["message"] == "PokerStars history, 3 hands"
    verdicts = [a.verdict.value for a in iter_audits(text, "u.txt")]
    assert verdicts == ["consistent", "unreadable", "consistent"]
    assert live.count_hands(text) == 3


def test_potengine_audit_reports_each_hand_of_another_room(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from potengine.cli import main

    room, text = unread_text(2)
    path = tmp_path / "unread.txt"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    first, second = (hand.hand_id for hand in rooms.cut_hands(text, room))
    assert main(["audit", str(path)]) == 0
    out = capsys.readouterr().out
    reason = f"a {room.label} hand: this checker does not read {room.label}"
    assert f"Hand #{first}: unsupported: hand #{first}, line 1: {reason}" in out
    assert f"Hand #{second}: unsupported: hand #{second}, line 3: a {room.label} hand" in out
    assert "2 hands: 0 consistent, 0 irregular, 0 wrong, 2 unsupported, 0 unreadable" in out
    assert main(["audit", "--json", str(path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [h["hand_id"] for h in document["hands"]] == [first, second]


def test_a_ggpoker_text_is_read_and_audited(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """GGPoker is read now (potengine.histories.ggpoker): its hands are audited, not refused."""
    from potengine.cli import main

    text = (ROOT / "potengine" / "histories" / "samples" / "ggpoker" / "run_twice.txt").read_text(
        encoding="utf-8"
    )
    assert rooms.BY_NAME["ggpoker"].readable and live.survey(text)["message"] == "GGPoker history, 2 hands"
    assert live.count_hands(text) == 2
    assert [(a.hand_id, a.verdict.value) for a in iter_audits(text, "gg.txt")] == [
        ("RC4120560482", "consistent"),
        ("RC4120561907", "consistent"),
    ]
    path = tmp_path / "gg.txt"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    assert main(["audit", str(path)]) == 0
    assert (
        "2 hands: 2 consistent, 0 irregular, 0 wrong, 0 unsupported, 0 unreadable" in capsys.readouterr().out
    )


# ----------------------------------------------------------------------------------------------
# The one-pass check of plain no-limit and pot-limit hands agrees with the hand model
# ----------------------------------------------------------------------------------------------
def room_records(folder: Path) -> list[HandHistory]:
    """Every hand of a folder's files read into its record (hands a reader refuses left out)."""
    from importlib import import_module

    from potengine.errors import HandHistoryError
    from potengine.histories.pokerstars import iter_text

    records: list[HandHistory] = []
    for path in sorted(p for p in folder.iterdir() if p.is_file() and p.name != "SOURCES.md"):
        room, lines = rooms.peek_room(rooms.file_lines(path))
        if room is None or not room.readable:
            continue
        if room.reader == "pokerstars":
            records += [h for h in iter_text(lines) if not isinstance(h, HandHistoryError)]
            continue
        read = import_module(f"potengine.histories.{room.reader}").read_hand
        for hand in rooms.hands_of(lines, room):
            try:
                records.append(read(hand))
            except HandHistoryError:
                continue
    return records


@pytest.mark.parametrize("folder", [*FOLDER_ROOM, "pokernow"])
def test_the_one_pass_check_agrees_with_the_hand_model_on_every_real_hand(
    folder: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fast or stepped through the hand model, the replay says the same of every hand of every
    room (a third of PokerNow's hands are pot-limit Omaha); and the fast path is taken by most."""
    from potengine.histories import contributions as module
    from potengine.histories.audit import contributions_from_lines, dead_posts, replay_actions

    path = POKERNOW if folder == "pokernow" else OTHER / folder
    if not path.is_dir():
        pytest.skip(f"the real files are not here ({path}): they live in ../shared, beside the repository")
    passed: dict[str, int] = {}
    plainly_legal = module._plainly_legal

    def counted(*args: Any) -> bool:
        legal = plainly_legal(*args)
        name = type(args[-1]).__name__
        passed[name] = passed.get(name, 0) + legal
        return legal

    monkeypatch.setattr(module, "_plainly_legal", counted)
    hands = room_records(path)
    assert hands
    for hand in hands:
        dead = dead_posts(hand)
        put_in = contributions_from_lines(hand, dead=dead).contributions
        fast, model = (replay_actions(hand, put_in, dead=dead, fast=f) for f in (True, False))
        assert (fast.ran, fast.notes, fast.problems, str(fast.illegal)) == (
            model.ran,
            model.notes,
            model.problems,
            str(model.illegal),
        ), hand.hand_id
    if folder == "pokernow":  # 4,050 pot-limit and 7,105 no-limit hands pass the one pass
        assert passed["PotLimit"] > 4000 and passed["NoLimit"] > 7000
