"""``potengine audit --room NAME`` and ``potengine audit --jobs N``: the room said instead of
recognised; the files spread over processes with the output of one process, byte for byte."""

import os
from pathlib import Path

import pytest
from sample_histories import DATA

from potengine.cli import main
from potengine.histories import jobs, rooms

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("POTENGINE_SHARED", ROOT.parent / "shared")) / "data" / "pokerstars-real"
SAMPLES = sorted(str(p) for p in DATA.glob("*.txt"))
ROOM_SAMPLES = DATA.parent
READ_ROOMS = [room.name for room in rooms.ROOMS if room.reader]
"""Every room the auditor reads (a reader in rooms.py), each with its samples in a folder of its name."""


def room_files(name: str) -> list[str]:
    return sorted(str(p) for p in (ROOM_SAMPLES / name).iterdir() if p.is_file())


def audit(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["audit", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def pools(monkeypatch):
    """The worker counts of every process pool the command starts."""
    started: list[int] = []
    real = jobs.ProcessPoolExecutor

    def counted(max_workers: int):
        started.append(max_workers)
        return real(max_workers=max_workers)

    monkeypatch.setattr(jobs, "ProcessPoolExecutor", counted)
    return started


# ---- --room ----------------------------------------------------------------------------------
def test_the_room_said_is_the_room_recognised_for_a_pokerstars_file(capsys):
    path = str(DATA / "side_pots.txt")
    assert audit(capsys, path) == audit(capsys, "--room", "pokerstars", path)
    assert audit(capsys, "--room", "PokerStars", path)[0] == 0


def test_the_room_said_replaces_the_room_recognised(tmp_path, capsys):
    path = tmp_path / "gg.txt"
    path.write_text(
        "Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05) - 2024/01/01 10:00:00\n", encoding="utf-8"
    )
    assert rooms.recognise(path.read_text(encoding="utf-8")) is rooms.BY_NAME["ggpoker"]
    status, out, _ = audit(capsys, "--room", "pokerstars", str(path))
    assert status == 2
    assert "Hand at line 1: unreadable: hand (no ID), line 1: a hand must start with 'PokerStars Hand" in out


@pytest.mark.parametrize("name", READ_ROOMS)
def test_every_room_with_a_reader_is_accepted_and_reads_its_own_samples(capsys, name):
    files = room_files(name)
    assert files, f"no samples for {name}"
    said = audit(capsys, "--room", name, *files)
    assert said == audit(capsys, *files)  # the room said is the room recognised
    assert said[0] == 1  # each room's samples hold one hand paid wrongly on purpose
    summary = said[1].splitlines()[-1]
    assert summary.startswith("Summary: ") and " 0 hands" not in summary
    assert "consistent" in said[1]
    if name != "pokerstars":  # PokerStars' samples hold several wrong hands and an unreadable one
        assert " 1 wrong" in summary and said[2] == ""


def test_the_rooms_read_are_the_rooms_of_the_merged_readers():
    assert set(READ_ROOMS) >= {"pokerstars", "ipoker", "888poker", "partypoker", "fulltilt", "ignition"}
    assert "pokernow" in READ_ROOMS


def test_a_room_that_finds_no_hand_in_a_file_says_so(capsys):
    status, out, err = audit(capsys, "--room", "winamax", str(DATA / "uncalled.txt"))
    assert status == 2 and out.endswith(
        "Summary: 0 hands: 0 consistent, 0 irregular, 0 wrong, 0 unsupported, 0 unreadable\n"
    )
    assert f"potengine audit: {DATA / 'uncalled.txt'}: no Winamax hand in it" in err


def test_an_unknown_room_is_an_error_naming_every_room(capsys):
    status, out, err = audit(capsys, "--room", "pokerstarz", str(DATA / "uncalled.txt"))
    assert status == 2 and out == ""
    assert err.startswith("potengine: error: --room 'pokerstarz' is no room: choose pokerstars, ggpoker")
    assert all(room.name in err for room in rooms.ROOMS) and err.count("\n") == 1


# ---- --jobs ----------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", [[], ["--json"], ["-v"]])
def test_the_samples_audited_in_processes_print_what_one_process_prints(capsys, pools, tmp_path, mode):
    # every sample, one of them twice (duplicates across files), and a file that is not there
    files = [*SAMPLES, str(DATA / "uncalled.txt"), str(tmp_path / "missing.txt")]
    one = audit(capsys, *mode, "--jobs", "1", *files)
    assert pools == []  # one process: no pool
    assert one[0] == 1 and "missing.txt: no such file" in one[1] + one[2]  # wrong hands: 1
    assert "appears more than once in the input" in one[1]
    for n in ("2", "3"):
        assert audit(capsys, *mode, "--jobs", n, *files) == one
    assert pools == [2, 3]


@pytest.mark.parametrize("mode", [[], ["--json"]])
def test_every_room_s_samples_in_processes_print_what_one_process_prints(capsys, pools, mode):
    # iPoker's XML, PokerNow's CSV and JSON, 888, partypoker, ...: each file read in a worker
    files = [path for name in READ_ROOMS for path in room_files(name)]
    one = audit(capsys, *mode, *files)
    assert one[0] == 1 and (one[1].count("== ") if not mode else one[1].count('"file": ')) >= len(files)
    assert audit(capsys, *mode, "--jobs", "2", *files) == one
    assert pools == [2]


def test_an_ipoker_file_and_its_copy_in_two_processes_are_one_process_s_duplicates(capsys, pools):
    [path] = [p for p in room_files("ipoker") if p.endswith("wrong_odd_chip.txt")]
    one = audit(capsys, path, path)
    assert one[0] == 1 and "Duplicate hand #" in one[1] and "appears more than once" in one[1]
    assert audit(capsys, "--jobs", "2", "--room", "ipoker", path, path) == one
    assert pools == [2]


def test_more_processes_than_files_start_one_per_file_and_one_file_none(capsys, pools):
    files = [str(DATA / "uncalled.txt"), str(DATA / "wrong_odd_chip.txt")]
    assert audit(capsys, "--jobs", "8", *files) == audit(capsys, *files)
    assert audit(capsys, "--jobs", "8", files[0]) == audit(capsys, files[0])
    assert pools == [2]


def test_the_rake_and_the_room_said_reach_the_processes(capsys):
    files = [str(DATA / "cash_rake.txt"), str(DATA / "split_odd_chip.txt")]
    for args in (["--rake", "4"], ["--room", "pokerstars"], ["--room", "winamax"]):
        assert audit(capsys, *args, "--jobs", "2", *files) == audit(capsys, *args, *files)
    assert audit(capsys, "--rake", "4", "--jobs", "2", *files)[0] == 1  # the rake policy did check


@pytest.mark.parametrize("jobs_said", ["0", "-1"])
def test_no_process_is_an_error_before_any_output(capsys, jobs_said):
    for mode in ([], ["--json"]):
        status, out, err = audit(capsys, *mode, "--jobs", jobs_said, str(DATA / "uncalled.txt"))
        assert (status, out) == (2, "")
        assert err == f"potengine: error: --jobs takes a number of processes, 1 or more, not {jobs_said}\n"


def test_a_number_of_processes_that_is_no_number_is_a_usage_error(capsys):
    status, _, err = audit(capsys, "--jobs", "two", str(DATA / "uncalled.txt"))
    assert status == 2 and "argument --jobs: invalid int value: 'two'" in err


@pytest.mark.skipif(
    not CORPUS.is_dir(),
    reason=f"the real PokerStars hands are not here ({CORPUS}): they live in ../shared, beside the repo",
)
@pytest.mark.parametrize("mode", [[], ["--json"]])
def test_the_real_corpus_in_two_processes_prints_what_one_prints(capsys, pools, mode):
    files = sorted(str(p) for p in CORPUS.glob("*.txt"))
    one = audit(capsys, *mode, *files)
    assert one[0] == 1 and one[1].count("Duplicate hand #" if not mode else '"hand_id"') > 10
    assert audit(capsys, *mode, "--jobs", "2", *files) == one
    assert pools == [2]
