"""The reasons of the PokerNow, iPoker and 888 readers, of the OHH and PHH readers and writers
and of ``potengine convert``, said in Dutch, German and Greek (#22).

Each broken hand here is written for this file. Its error in English stays exactly what it was;
in every other language it says no English reason word and names the same hand, lines, cards and
amounts (every number of the English message, in the same order).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re

import pytest

from potengine.cli import main
from potengine.errors import HandHistoryError, PotEngineError
from potengine.histories import ipoker, ohh, pacific, phh, pokernow
from potengine.histories.convert import convert_files
from potengine.histories.rooms import BY_NAME, RoomHand, cut_hands

TRANSLATED = ("nl", "de", "el")

ENGLISH = re.compile(
    r"\b(the|cannot|unknown|card|cards|amount|seat|listed|twice|does|players|announced|seated|shows"
    r"|dealt|action|must|field|missing|not|number|this|reader|round|order|skipped|written|hands"
    r"|refuses|waits|posts|without|with|has|got|entries|settle|every)\b"
)
"""Words of the English reasons that no Dutch, German or Greek reason uses."""


def _prose(text: str) -> str:
    """``text`` without what stays as the room wrote it: the quoted line, quoted values."""
    text = re.sub(r': "[^\n]*"$', "", text)  # the line a reader's error ends with
    return re.sub(r"'[^']*'", "''", text)


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d+)?", text)


def assert_said(err: PotEngineError, english: str) -> None:
    """``err`` reads ``english`` in English and is said in every other language."""
    assert str(err) == english
    assert err.in_language("en") == english
    assert ENGLISH.search(_prose(english)), english  # the words would find English
    for language in TRANSLATED:
        said = err.in_language(language)
        assert said != english, (language, said)
        found = ENGLISH.findall(_prose(said))
        assert not found, (language, found, said)
        assert _numbers(said) == _numbers(english), (language, said)


def _error(items: object) -> HandHistoryError:
    [err] = [item for item in items if isinstance(item, HandHistoryError)]  # type: ignore[attr-defined]
    return err


# ----------------------------------------------------------------------------------------------
# PokerNow: the CSV log and the JSON export
# ----------------------------------------------------------------------------------------------
ROWS = [
    '-- starting hand #41 (id: zq41)  (No Limit Texas Hold\'em) (dealer: "Mira @ m1") --',
    'Player stacks: #2 "Mira @ m1" (80) | #4 "Joost @ j2" (120)',
    '"Mira @ m1" posts a small blind of 1',
    '"Joost @ j2" posts a big blind of 2',
    '"Mira @ m1" calls 2',
    '"Joost @ j2" checks',
    "Flop:  [5♦, 8♣, Q♠]",
    '"Joost @ j2" checks',
    '"Mira @ m1" checks',
    "Turn: 5♦, 8♣, Q♠ [2♥]",
    '"Joost @ j2" checks',
    '"Mira @ m1" checks',
    "River: 5♦, 8♣, Q♠, 2♥ [K♣]",
    '"Joost @ j2" checks',
    '"Mira @ m1" checks',
    '"Mira @ m1" shows a 9♠, 9♥.',
    '"Joost @ j2" shows a 3♠, 4♥.',
    '"Mira @ m1" collected 4 from pot',
    "-- ending hand #41 --",
]


def pokernow_log(edit: tuple[str, str] | None = None) -> str:
    """The log of hand #41 (oldest row first), with one row's text ``edit``-ed."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["entry", "at", "order"])
    for k, row in enumerate(ROWS):
        writer.writerow([row.replace(*edit) if edit else row, f"2026-02-01T10:00:{k:02d}.000Z", k + 1])
    return out.getvalue()


def test_the_pokernow_hand_written_here_is_read() -> None:
    [hand] = list(pokernow.read_text(pokernow_log()))
    assert not isinstance(hand, Exception) and hand.hand_id == "41"


@pytest.mark.parametrize(
    ("edit", "english"),
    [
        (
            ("No Limit Texas Hold'em", "Seven Card Stud"),
            "hand #41, line 2: Seven Card Stud is a game this checker does not play",
        ),
        (("Flop:  [5♦, 8♣, Q♠]", "Flop:  [5♦, 8♣]"), "hand #41, line 8: a flop of 2 cards"),
        (("Turn: 5♦, 8♣, Q♠ [2♥]", "Flop:  [5♦, 8♣, Q♠]"), "hand #41, line 11: the flop is dealt twice"),
        (("shows a 9♠, 9♥.", "shows a 9♠, 1♥."), "hand #41, line 17: unknown card '1♥'"),
    ],
)
def test_a_broken_pokernow_log_is_refused_in_every_language(edit: tuple[str, str], english: str) -> None:
    err = _error(pokernow.read_text(pokernow_log(edit)))
    line = pokernow_log(edit).split("\n")[err.line_number - 1]  # type: ignore[operator]
    assert_said(err, f'{english}: "{next(csv.reader([line]))[0]}"')


def test_the_street_is_said_in_the_reasons_language() -> None:
    err = _error(pokernow.read_text(pokernow_log(("Flop:  [5♦, 8♣, Q♠]", "Flop:  [5♦, 8♣]"))))
    assert "ein Flop mit 2 Karten" in err.in_language("de")
    assert "een flop van 2 kaarten" in err.in_language("nl")


def pokernow_export(**changes: object) -> str:
    """A JSON export of one hand (hand u7), with its fields ``changes``-ed."""
    hand = {
        "id": "u7",
        "number": "7",
        "gameType": "th",
        "dealerSeat": 1,
        "players": [
            {"id": "p1", "seat": 1, "name": "Lale", "stack": 500},
            {"id": "p2", "seat": 2, "name": "Ruud", "stack": 500},
        ],
        "events": [
            {"payload": {"type": 3, "seat": 1, "value": 5}},
            {"payload": {"type": 2, "seat": 2, "value": 10}},
            {"payload": {"type": 11, "seat": 1}},
            {"payload": {"type": 10, "seat": 2, "value": 15}},
            {"payload": {"type": 15}},
        ],
    }
    hand.update(changes)
    return json.dumps({"hands": [hand]})


def test_the_pokernow_export_written_here_is_read() -> None:
    [hand] = list(pokernow.read_text(pokernow_export()))
    assert not isinstance(hand, Exception) and hand.hand_id == "u7"


def test_broken_pokernow_exports_are_refused_in_every_language() -> None:
    twice = [
        {"id": "p1", "seat": 3, "name": "Lale", "stack": 500},
        {"id": "p2", "seat": 3, "name": "Ruud", "stack": 70},
    ]
    err = _error(pokernow.read_text(pokernow_export(players=twice)))
    assert_said(
        err,
        'hand #u7, line 1: seat 3 is listed twice: "{"id": "p2", "seat": 3, "name": "Ruud", "stack": 70}"',
    )
    events = [{"payload": {"type": 3, "seat": 1, "value": "lots"}}]
    err = _error(pokernow.read_text(pokernow_export(events=events)))
    assert_said(
        err,
        "hand #u7, line 1: the amount 'lots' is not a number of chips: "
        '"{"type": 3, "seat": 1, "value": "lots"}"',
    )
    events = [{"payload": {"type": 3, "seat": 1, "value": 5}}, {"payload": {"type": 77, "seat": 2}}]
    err = _error(pokernow.read_text(pokernow_export(events=events)))
    assert_said(
        err, 'hand #u7, line 2: an event of type 77 this reader does not know: "{"type": 77, "seat": 2}"'
    )
    err = _error(pokernow.read_text(pokernow_export(gameType="razz")))
    assert err.in_language("de").startswith("Hand #u7, Zeile 1: das Spiel 'razz' ist ein Spiel, das dieser")


# ----------------------------------------------------------------------------------------------
# iPoker and 888: their amounts and cards
# ----------------------------------------------------------------------------------------------
IPOKER = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="55501">
  <general>
    <mode>real</mode>
    <gametype>Holdem NL €0.50/€1</gametype>
    <tablename>Zwolle, 55501</tablename>
    <currency>EUR</currency>
  </general>
  <game gamecode="7700012">
    <general>
      <players>
        <player seat="1" name="Noor" chips="€100,00" dealer="1" win="€3,00" bet="€1,50" />
        <player seat="3" name="Theo" chips="€80,00" dealer="0" win="€0" bet="€1,50" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Noor" type="1" sum="€0,50" />
      <action no="2" player="Theo" type="2" sum="€1,00" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Noor">HA DK</cards>
      <action no="3" player="Noor" type="3" sum="€0,50" />
      <cards type="Pocket" player="Theo">X X</cards>
      <action no="4" player="Theo" type="4" sum="€0" />
    </round>
    <round no="2">
      <cards type="Flop" player="">D9 S5 C2</cards>
      <action no="5" player="Theo" type="4" sum="€0" />
      <action no="6" player="Noor" type="4" sum="€0" />
    </round>
  </game>
</session>
"""


def _ipoker(edit: tuple[str, str]) -> HandHistoryError:
    text = IPOKER.replace(*edit)
    [cut] = cut_hands(text, BY_NAME["ipoker"])
    with pytest.raises(HandHistoryError) as caught:
        ipoker.read_hand(cut)
    return caught.value


def test_the_ipoker_hand_written_here_is_read() -> None:
    [cut] = cut_hands(IPOKER, BY_NAME["ipoker"])
    assert ipoker.read_hand(cut).hand_id == "7700012"


@pytest.mark.parametrize(
    ("edit", "english"),
    [
        (
            ('chips="€80,00"', 'chips="€8x0"'),
            "hand #7700012, line 13: chips=: cannot read the amount '€8x0': "
            '"<player seat="3" name="Theo" chips="€8x0" dealer="0" win="€0" bet="€1,50" />"',
        ),
        (
            ("D9 S5 C2", "D9 S5 Z2"),
            'hand #7700012, line 27: unknown card \'Z2\': "<cards type="Flop" player="">D9 S5 Z2</cards>"',
        ),
        (
            ("HA DK", "HA DK C4"),
            "hand #7700012, line 21: Noor holds 3 cards, not 2: "
            '"<cards type="Pocket" player="Noor">HA DK C4</cards>"',
        ),
        (
            ("D9 S5 C2", "D9 S5"),
            "hand #7700012, line 27: the flop must be 3 card(s) in round 2, in order: "
            '"<cards type="Flop" player="">D9 S5</cards>"',
        ),
    ],
)
def test_a_broken_ipoker_hand_is_refused_in_every_language(edit: tuple[str, str], english: str) -> None:
    assert_said(_ipoker(edit), english)


def test_the_xml_and_json_parsers_findings_are_said_too() -> None:
    err = _ipoker(
        ('<action no="5" player="Theo" type="4" sum="€0" />', '<action no="5" player="Theo" type="4"')
    )
    assert str(err).startswith(
        "hand #7700012, line 29: not well-formed XML (not well-formed (invalid token))"
    )
    assert "XML (nicht wohlgeformt (ungültiges Token))" in err.in_language("de")
    cut = RoomHand(BY_NAME["pokernow"], "u7", 3, pokernow_export()[:-40])  # as a cutter might give it
    with pytest.raises(HandHistoryError) as caught:
        pokernow.read_hand(cut)
    assert "(Unterminated string starting at: line 1 column 382 (char 381))" in str(caught.value)
    assert "(niet afgesloten string vanaf: regel 1, kolom 382 (teken 381))" in caught.value.in_language("nl")


def test_an_ipoker_game_the_engine_does_not_play_is_said_in_every_language() -> None:
    err = _ipoker(("Holdem NL €0.50/€1", "Stud L €0.50/€1"))
    assert "Stud" in err.in_language("el") and "hold'em" in err.in_language("nl")
    assert err.in_language("de").startswith("Hand #7700012, Zeile 3: iPoker-Spiel 'Stud L €0.50/€1': nur")


PACIFIC = """***** 888poker Hand History for Game 77100 *****
0,50 $/1 $ Blinds No Limit Holdem - *** 01 02 2026 10:00:00
Table Haarlem 6 Max (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: Wiebe ( 100 $ )
Seat 3: Xandra ( 80 $ )
Wiebe posts small blind [0,50 $]
Xandra posts big blind [1 $]
** Dealing down cards **
Wiebe calls [0,50 $]
Xandra checks
** Dealing flop ** [ 9d, 5s, 2c ]
Xandra checks
Wiebe checks
** Summary **
Wiebe shows [ Ah, Kd ]
Xandra mucks [ 3c, 4c ]
Wiebe collected [ 2 $ ]
"""


def _pacific(edit: tuple[str, str]) -> HandHistoryError:
    [cut] = cut_hands(PACIFIC.replace(*edit), BY_NAME["888poker"])
    with pytest.raises(HandHistoryError) as caught:
        pacific.read_hand(cut)
    return caught.value


def test_the_888_hand_written_here_is_read() -> None:
    [cut] = cut_hands(PACIFIC, BY_NAME["888poker"])
    assert pacific.read_hand(cut).hand_id == "77100"


@pytest.mark.parametrize(
    ("edit", "english"),
    [
        (
            ("Seat 3: Xandra ( 80 $ )", "Seat 3: Xandra ( 8.0.0 $ )"),
            "hand #77100, line 7: cannot read the amount '8.0.0 $': \"Seat 3: Xandra ( 8.0.0 $ )\"",
        ),
        (
            ("[ 9d, 5s, 2c ]", "[ 9d, 5s, 2x ]"),
            "hand #77100, line 13: unknown card '2x': \"** Dealing flop ** [ 9d, 5s, 2x ]\"",
        ),
        (
            ("Total number of players : 2", "Total number of players : 3"),
            'hand #77100, line 5: 3 players announced, 2 seated: "Total number of players : 3"',
        ),
        (
            ("Wiebe shows [ Ah, Kd ]", "Wiebe shows [ Ah ]"),
            'hand #77100, line 17: Wiebe shows 1 cards, not 2: "Wiebe shows [ Ah ]"',
        ),
        (
            ("Xandra mucks [ 3c, 4c ]", "Xandra mucks [ 3c, 4c, 5c ]"),
            'hand #77100, line 18: Xandra mucks 3 cards, not 2: "Xandra mucks [ 3c, 4c, 5c ]"',
        ),
        (
            ("** Dealing flop ** [ 9d, 5s, 2c ]", "** Dealing flop ** [ 9d, 5s ]"),
            "hand #77100, line 13: the flop comes out of order or with 2 cards: "
            '"** Dealing flop ** [ 9d, 5s ]"',
        ),
    ],
)
def test_a_broken_888_hand_is_refused_in_every_language(edit: tuple[str, str], english: str) -> None:
    assert_said(_pacific(edit), english)


def test_a_read_amount_error_is_said_and_reads_as_before() -> None:
    with pytest.raises(ValueError) as caught:
        pacific.read_amount("1.5", currency=False)
    assert str(caught.value) == "1.5 has cents in a game played in chips"
    assert caught.value.args[0].in_language("de") == "1.5 hat Cent in einem Spiel um Chips"


# ----------------------------------------------------------------------------------------------
# PHH and OHH
# ----------------------------------------------------------------------------------------------
PHH = (
    "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
    "starting_stacks = [60, 60, 60]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', "
    "'p3 cc', 'p1 cc', 'p2 cc', 'd db 9d5s2c', 'p1 cbr 4', 'p2 f', 'p3 f']\nhand = 'h31'\n"
)


def test_the_phh_hand_written_here_is_replayed() -> None:
    assert phh.replay(PHH).finishing_stacks == (64, 58, 58)


@pytest.mark.parametrize(
    ("edit", "english"),
    [
        (
            ("'d db 9d5s2c', ", ""),
            "hand h31, action 7 'p1 cbr 4': p1 cannot act on the flop: the flop has not been dealt "
            "(the board holds 0 cards; a 'd db' line must deal it first)",
        ),
        (
            ("'p2 f'", "'p2 zz'"),
            "hand h31, action 9 'p2 zz': unknown action 'p2 zz'",
        ),
        (
            ("'p1 cc', 'p2 cc', 'd db", "'p9 cc', 'p2 cc', 'd db"),
            "hand h31, action 5 'p9 cc': action 'p9 cc' names 'p9', not one of p1..p3",
        ),
        (
            (", 'p3 f']", "]"),
            "hand h31: the actions end with p3 still to act",
        ),
        (
            ("starting_stacks = [60, 60, 60]", "starting_stacks = [60, '6x', 60]"),
            "hand h31: a starting stack '6x' is not an amount (write digits, with an optional decimal part)",
        ),
        (("antes = [0, 0, 0]\n", ""), "hand h31: the field 'antes' is missing"),
        (("antes = [0, 0, 0]", "antes = [0, 0]"), "hand h31: antes has 2 entries for 3 players"),
    ],
)
def test_a_broken_phh_hand_is_refused_in_every_language(edit: tuple[str, str], english: str) -> None:
    with pytest.raises(HandHistoryError) as caught:
        phh.replay(PHH.replace(*edit))
    assert_said(caught.value, english)


def test_the_phh_street_and_the_hand_are_said() -> None:
    with pytest.raises(HandHistoryError) as caught:
        phh.replay(PHH.replace("'d db 9d5s2c', ", "").replace("hand = 'h31'\n", ""))
    said = caught.value.in_language("de")
    assert said.startswith("die Hand, Aktion 7 'p1 cbr 4': p1 kann auf dem Flop nicht handeln: der Flop ist")


def test_an_ohh_file_of_broken_hands_is_said_in_every_language() -> None:
    text = '{"ohh": {"game_number": "g5"}}\n\n{"spec": 1}\n\nnot json at all'
    found = list(ohh.read_ohh(text))
    assert str(found[0]).startswith("hand #g5, line 1: OHH field missing or not OHH: ohh.spec_version")
    assert (
        found[0].in_language("de").startswith("Hand #g5, Zeile 1: OHH-Feld fehlt oder ist kein OHH: ohh.spec")
    )
    assert_said(found[1], 'hand (no ID), line 3: not an OHH object (no "ohh" field)')
    assert str(found[2]) == "hand (no ID), line 5: not OHH JSON: Expecting value: line 1 column 1 (char 0)"
    assert found[2].in_language("el") == (
        "χέρι (χωρίς ID), γραμμή 5: δεν είναι OHH JSON: αναμενόταν τιμή: γραμμή 1, στήλη 1 (χαρακτήρας 0)"
    )


# ----------------------------------------------------------------------------------------------
# potengine convert
# ----------------------------------------------------------------------------------------------
def _convert(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(argv)
    return status, err.getvalue()


def test_convert_names_a_skipped_hand_in_the_language_asked(tmp_path) -> None:
    log = tmp_path / "table.csv"
    log.write_text(pokernow_log(("No Limit Texas Hold'em", "Seven Card Stud")), encoding="utf-8")
    status, english = _convert(["convert", str(log), "--to", "phh"])
    assert status == 2
    assert english == (
        f"potengine convert: {log}: skipped: hand #41, line 2: Seven Card Stud is a game this checker does "
        'not play: "-- starting hand #41 (id: zq41)  (Seven Card Stud) (dealer: "Mira @ m1") --"\n'
        "potengine convert: 0 hands written as PHH, 1 skipped\n"
    )
    status, german = _convert(["convert", str(log), "--to", "phh", "--lang", "de"])
    assert status == 2
    assert german == (
        f"potengine convert: {log}: übersprungen: Hand #41, Zeile 2: Seven Card Stud ist ein Spiel, das "
        'dieser Checker nicht spielt: "-- starting hand #41 (id: zq41)  (Seven Card Stud) (dealer: '
        '"Mira @ m1") --"\npotengine convert: 0 Hände als PHH geschrieben, 1 übersprungen\n'
    )
    for language in TRANSLATED:
        _, said = _convert(["convert", str(log), "--to", "ohh", "--lang", language])
        assert not ENGLISH.findall(_prose(said.replace(str(log), "").split(': "')[0])), said


def test_convert_writes_the_same_hands_in_every_language(tmp_path) -> None:
    log = tmp_path / "table.csv"
    log.write_text(pokernow_log(), encoding="utf-8")
    outputs = set()
    for language in ("en", *TRANSLATED):
        out = io.StringIO()
        done = convert_files([log], "ohh", out=out, errors=io.StringIO(), language=language)
        assert done.written == 1
        outputs.add(re.sub(r'"start_date_utc": "[^"]*"', "", out.getvalue()))
    assert len(outputs) == 1  # OHH is data: the same in every language


def test_convert_refuses_an_unknown_language_before_reading(tmp_path) -> None:
    status, said = _convert(["convert", str(tmp_path / "none.txt"), "--to", "ohh", "--lang", "fr"])
    assert status == 2 and said.startswith("potengine: error: unknown language 'fr'")


def test_an_unknown_format_is_said_in_every_language() -> None:
    with pytest.raises(HandHistoryError) as caught:
        convert_files([], "xml")
    assert_said(caught.value, "cannot convert to 'xml': the formats are ohh, phh")
