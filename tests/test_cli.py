"""The command line, both in-process (main([...])) and as a real program (python -m potengine)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from sample_histories import CORRECT, DATA

from potengine.cli import main
from potengine.present.live import calculate

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "potengine", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=120,
    )


# ---- as a program --------------------------------------------------------------------------
def test_audit_of_correct_histories_exits_0():
    done = run("audit", *(str(DATA / name) for name in CORRECT))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(": consistent") == 15
    assert ": wrong" not in done.stdout
    assert done.stdout.rstrip().endswith(
        "Summary: 15 hands: 15 consistent, 0 irregular, 0 wrong, 0 unsupported, 0 unreadable"
    )
    assert done.stderr == ""


def test_audit_of_a_wrong_history_exits_1_and_says_what_is_wrong():
    done = run("audit", str(DATA / "side_pots.txt"), str(DATA / "wrong_pot_off_by_one.txt"))
    assert done.returncode == 1
    assert "Hand #250000000901: wrong" in done.stdout
    assert "side pot-1: history says 91, the chips put in make 90: 1 chip unexplained" in done.stdout
    assert "Summary: 4 hands: 3 consistent, 0 irregular, 1 wrong, 0 unsupported, 0 unreadable" in done.stdout


def test_audit_with_an_unreadable_hand_names_it_and_checks_the_others():
    done = run("audit", str(DATA / "unreadable.txt"))
    assert done.returncode == 0  # no hand is wrong; 2 is for nothing read at all
    assert "Hand #250000000701: consistent" in done.stdout
    assert "Hand #250000000703: consistent" in done.stdout
    assert "hand #250000000702, line 28" in done.stderr and "raises lots to 300" in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_settle_prints_pots_payouts_and_nets():
    done = run("settle", "Alice=40", "Bilal=100", "Chloé=100", "--ranking", "Alice > Chloé = Bilal")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split()[:3] == ["Main", "pot", "120"]
    assert "Bilal 60, Chloé 60" in done.stdout
    assert any(line.split() == ["Alice", "40", "0", "120", "120", "+80"] for line in lines)
    assert any(line.split() == ["Bilal", "100", "0", "60", "60", "-40"] for line in lines)


def test_settle_json_is_exact_and_parseable():
    done = run("settle", "A=20", "B=50", "C=90", "D=90", "--ranking", "A > B > D > C", "--json")
    data = json.loads(done.stdout)
    assert [p["amount"] for p in data["pots"]] == [80, 90, 80]
    assert [p["eligible"] for p in data["pots"]][1] == ["B", "C", "D"]
    assert data["net"] == {"A": 60, "B": 40, "C": -90, "D": -10}
    cents = json.loads(
        run("settle", "A=0.50", "B=1.01", "--ranking", "A = B", "--chip", "0.01", "--json").stdout
    )
    assert cents["refunds"] == {"B": "0.51"} and cents["payouts"] == {"A": "0.50", "B": "1.01"}


@pytest.mark.parametrize("command", ["audit", "settle"])
def test_help_has_examples(command):
    done = run(command, "--help")
    assert done.returncode == 0
    assert "examples:" in done.stdout and f"potengine {command}" in done.stdout


def test_errors_are_one_line_without_traceback():
    for args in (
        ["settle", "Alice=40", "Bilal=100", "--ranking", "Alice > Eve"],
        ["settle", "Alice=40", "Bilal=lots"],
        ["settle", "Alice=40"],
        ["settle", "Alice=40", "Bilal=100", "--folded", "Eve", "--ranking", "Alice"],
        ["audit", str(DATA / "no_such_file.txt")],
        ["audit"],
        ["frobnicate"],
    ):
        done = run(*args)
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr, args
        assert len(done.stderr.strip().splitlines()) == 1, (args, done.stderr)
        assert "error" in done.stderr


def test_the_console_script_is_installed():
    script = Path(sys.executable).with_name("potengine")
    if not script.exists():
        pytest.skip("console script not installed in this environment")
    done = subprocess.run(
        [str(script), "audit", str(DATA / "uncalled.txt")], capture_output=True, text=True, encoding="utf-8"
    )
    assert done.returncode == 0 and "Summary: 3 hands" in done.stdout


# ---- in-process ------------------------------------------------------------------------------
def test_main_audit_in_process(capsys):
    assert main(["audit", str(DATA / "wrong_ineligible_payout.txt")]) == 1
    out = capsys.readouterr().out
    assert "history pays Alice 120, but Alice put in only 30" in out


def test_main_audit_verbose_prints_the_six_steps(capsys):
    assert main(["audit", "-v", str(DATA / "cash_rake.txt")]) == 0
    out = capsys.readouterr().out
    for n in range(1, 7):
        assert f"Step {n} (" in out
    assert "less 0.75 rake" in out and "less 0.60 rake" in out


def test_main_audit_checks_a_rake_policy(capsys):
    assert main(["audit", str(DATA / "cash_rake.txt"), "--rake", "5", "--rake-cap", "3"]) == 0
    assert main(["audit", str(DATA / "cash_rake.txt"), "--rake", "4"]) == 1
    assert "the rake policy makes" in capsys.readouterr().out
    assert main(["audit", str(DATA / "cash_rake.txt"), "--rake-cap", "3"]) == 2


def test_main_settle_folded_button_and_chip(capsys):
    code = main(
        ["settle", "A=30", "B=80", "C=80", "D=10", "--folded", "D", "--ranking", "B = C > A", "--button", "C"]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "30+30+30+10 = 100" in out
    code = main(["settle", "A=125", "B=250", "C=250", "--ranking", "B = C > A", "--chip", "25", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["payouts"] == {"A": 0, "B": 325, "C": 300}


def test_main_errors_return_2(capsys):
    assert main(["settle", "A=40", "A=50"]) == 2
    assert "given twice" in capsys.readouterr().err
    assert main(["settle", "A=40", "B=1.5.0", "--ranking", "A"]) == 2
    assert main(["settle", "A=40", "B=100", "--chip", "0"]) == 2
    assert main([]) == 2
    assert main(["--help"]) == 0


def test_huge_and_long_amounts_are_one_line_errors(capsys):
    assert main(["settle", "A=" + "9" * 5000, "B=1", "--ranking", "A = B"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "more than 30 digits" in err and len(err) < 300


def test_settle_json_writes_every_amount_by_one_rule(capsys):
    args = ["settle", "A=10", "B=0.50", "C=1", "--ranking", "A > B > C", "--chip", "0.01", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["contributions"] == {"A": "10.00", "B": "0.50", "C": "1.00"}
    assert data["refunds"] == {"A": "9.00"} and data["pots"][0]["rake"] == "0.00"
    assert main(["settle", "A=10", "B=5", "--ranking", "A = B", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["refunds"] == {"A": 5} and data["chip"] == 1 and data["pots"][0]["shares"] == {"A": 5, "B": 5}


# ---- --json, several files, exit statuses -------------------------------------------------
def test_audit_json_on_many_files_is_the_document_audit_json_gives():
    from potengine.histories.audit import audit_json

    names = ["site_practice.txt", "wrong_odd_chip.txt", "unreadable.txt", "uncalled.txt"]
    done = subprocess.run(
        [sys.executable, "-m", "potengine", "audit", "--json", *names],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=DATA,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    printed = json.loads(done.stdout)
    texts = {name: (DATA / name).read_text(encoding="utf-8") for name in names}
    assert printed == audit_json(texts)
    assert done.stdout == json.dumps(audit_json(texts), indent=2, ensure_ascii=False) + "\n"
    assert [f["hands"] for f in printed["files"]] == [10, 1, 3, 3]
    verdicts = {h["hand_id"]: h["verdict"] for h in printed["hands"]}
    assert verdicts["250000000903"] == "wrong" and verdicts["250000000702"] == "unreadable"
    assert verdicts["250000001401"] == "irregular"
    for hand in printed["hands"]:
        assert set(hand) >= {"hand_id", "verdict", "game", "pots", "differences", "notes"}
        assert hand["verdict"] in {"consistent", "irregular", "wrong", "unsupported", "unreadable"}


def test_audit_exit_statuses(tmp_path, capsys):
    assert main(["audit", str(DATA / "site_practice.txt")]) == 0  # irregular alone exits 0
    assert main(["audit", str(DATA / "site_practice.txt"), str(DATA / "wrong_odd_chip.txt")]) == 1
    junk = tmp_path / "junk.txt"
    junk.write_text("nothing to see here\n", encoding="utf-8")
    assert main(["audit", str(junk)]) == 2  # nothing could be read
    assert main(["audit", str(DATA / "uncalled.txt"), str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt: no such file" in capsys.readouterr().err
    assert main(["audit", "--json", str(junk)]) == 2
    assert json.loads(capsys.readouterr().out)["summary"]["unreadable"] == 1


def test_settle_without_a_chip_takes_it_from_how_the_amounts_are_written(capsys):
    # Cents: the chip is 0.01, said above the result, as the calculator says it; the odd cent of
    # the split goes to the first winner left of the button (the last seat, C): A.
    assert main(["settle", "A=0.35", "B=0.35", "C=0.35", "--ranking", "A = B > C"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No smallest chip was given: the amounts are written in hundredths")
    assert main(["settle", "A=0.35", "B=0.35", "C=0.35", "--ranking", "A = B > C", "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert cli["chip"] == "0.01"
    assert cli["payouts"] == {"A": "0.53", "B": "0.52", "C": "0.00"}
    fields = {"players": "A 0.35, B 0.35, C 0.35", "ranking": "A = B > C"}
    assert calculate(fields)["settlement"] == cli  # the page's JSON, chip left empty there too
    # Whole amounts: the chip is 1 and nothing is said, as before.
    assert main(["settle", "A=40", "B=100", "--ranking", "B > A"]) == 0
    assert not capsys.readouterr().out.startswith("No smallest chip")
    # A fee written in cents makes the chip a cent even when every contribution is whole.
    assert main(["settle", "A=3", "B=3", "--ranking", "A > B", "--fee", "jackpot=0.05", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["chip"] == "0.01"


# ---- hi-lo run more than once: --low-runs ---------------------------------------------------
def test_settle_hilo_runs_takes_one_low_ranking_per_run(capsys):
    """The chapter's hi-lo hand run twice, from its rankings: quartered on run 1 only."""
    from potengine import settle
    from potengine.present.exports import settlement_json

    args = ["settle", "Alice=120", "Bilal=120", "Chloé=120", "--json"]
    args += ["--runs", "Alice > Bilal > Chloé", "--runs", "Bilal > Alice > Chloé"]
    args += ["--low-runs", "Bilal = Chloé > Alice", "--low-runs", "Chloé"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["payouts"] == {"Alice": 90, "Bilal": 135, "Chloé": 135}
    one, two = data["pots"][0]["runs"]
    assert one["high"]["shares"] == {"Alice": 90} and one["low"]["shares"] == {"Bilal": 45, "Chloé": 45}
    assert two["high"]["shares"] == {"Bilal": 90} and two["low"]["shares"] == {"Chloé": 90}
    expected = settle(
        {"Alice": 120, "Bilal": 120, "Chloé": 120},
        runs=[["Alice", "Bilal", "Chloé"], ["Bilal", "Alice", "Chloé"]],
        low_ranking=[[("Bilal", "Chloé"), "Alice"], ["Chloé"]],
    )
    assert data == settlement_json(expected)


def test_settle_low_runs_empty_means_nobody_has_a_low(capsys):
    args = ["settle", "A=100", "B=100", "--runs", "A > B", "--runs", "A > B"]
    assert main([*args, "--low-runs", "B", "--low-runs", ""]) == 0
    out = capsys.readouterr().out
    assert "high A 50; low B 50" in out and "Main pot  2     100  A        A 100" in out
    assert "A          100         0  150   150  +50" in out


def test_settle_low_runs_errors_are_one_line(capsys):
    base = ["settle", "A=100", "B=100"]
    assert main([*base, "--runs", "A > B", "--runs", "B > A", "--low-runs", "B"]) == 2
    assert capsys.readouterr().err == "potengine: error: 1 --low-runs for 2 --runs: give one per run\n"
    assert main([*base, "--ranking", "A > B", "--low-runs", "B"]) == 2
    assert "--low-runs goes with --runs" in capsys.readouterr().err
    assert main([*base, "--runs", "A > B", "--runs", "B > A", "--low-runs", "Eve", "--low-runs", ""]) == 2
    err = capsys.readouterr().err
    assert err.startswith("potengine: error: run 1: ") and "'Eve'" in err and len(err.splitlines()) == 1
