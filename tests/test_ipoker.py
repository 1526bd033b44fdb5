"""The iPoker reader: its own sample hands with exact numbers, bad input named by hand and line,
and every hand of the real files of ../shared/data/other-rooms/ipoker (other people's data, never
copied here: without them those tests skip and say so) with the verdict kept for it in
tests/data/ipoker_verdicts.tsv.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from room_corpus import OTHER, ROOT, audit_files, kept_verdicts, needs

from potengine.errors import HandHistoryError
from potengine.histories import ipoker, rooms
from potengine.histories.audit import AuditRun, Verdict, audit_hand
from potengine.histories.record import POT_NAMES, RAKE, RETURNS, TOTAL, UnsupportedHandError

SAMPLES = ROOT / "potengine" / "histories" / "samples" / "ipoker"
CORPUS = OTHER / "ipoker"
IPOKER = rooms.BY_NAME["ipoker"]

needs_corpus = needs(CORPUS, "the real iPoker files")


def hands(name: str) -> list[rooms.RoomHand]:
    return rooms.cut_hands(rooms.decode((SAMPLES / name).read_bytes()), IPOKER)


def read(name: str) -> list:
    return [ipoker.read_hand(hand) for hand in hands(name)]


def audits(name: str) -> list:
    return list(AuditRun().audits(rooms.file_lines(SAMPLES / name), name))


SESSION = """<session sessioncode="1">
  <general>
    <mode>real</mode>
    <gametype>Holdem NL €1/€2</gametype>
    <tablename>Test, 1</tablename>
  </general>
"""
GAME = """  <game gamecode="42">
    <general>
      <players>
        <player seat="1" name="Ann" chips="€100" dealer="1" win="€5" bet="€2" />
        <player seat="2" name="Bo" chips="€80" dealer="0" win="€0" bet="€2" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Ann" type="1" sum="€1" />
      <action no="2" player="Bo" type="2" sum="€2" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Ann">SA HK</cards>
      <action no="3" player="Ann" type="23" sum="€5" />
      <action no="4" player="Bo" type="0" sum="€0" />
    </round>
  </game>
</session>
"""


def one(text: str) -> rooms.RoomHand:
    [hand] = rooms.cut_hands(text, IPOKER)
    return hand


# ----------------------------------------------------------------------------------------------
# The sample hands (written for this project in iPoker's layout)
# ----------------------------------------------------------------------------------------------
def test_side_pots_of_a_tournament_with_antes_all_ins_and_actions_grouped_by_player() -> None:
    hand = read("tournament_side_pots.txt")[0]
    assert (hand.hand_id, hand.tournament, hand.currency, hand.game) == (
        "8800000101",
        "912340000",
        False,
        "Hold'em No Limit",
    )
    assert hand.small_blind is None and hand.big_blind is None  # a tournament session names no stakes
    assert [(a.player, a.kind, a.amount) for a in hand.posts] == [
        ("Anna", "ante", 10),
        ("Bruno", "ante", 10),
        ("Clara", "ante", 10),
        ("Dmitri", "ante", 10),
        ("Anna", "small blind", 50),
        ("Bruno", "big blind", 100),
    ]
    # written grouped by player (Anna's all-in before Clara's opening raise): ordered by number
    play = [(a.player, a.kind, a.amount, a.to, a.all_in) for a in hand.actions[6:]]
    assert play == [
        ("Clara", "raise", 200, 300, False),
        ("Dmitri", "call", 300, None, False),
        ("Anna", "raise", 1190, 1490, True),  # all-in: 1,440 added to her 50
        ("Bruno", "raise", 1500, 2990, True),  # all-in: 2,890 added to his 100
        ("Clara", "raise", 3000, 5990, True),  # all-in: 5,690 added to her 300
        ("Dmitri", "call", 5690, None, True),  # his last chip: marked all-in from his chips
    ]
    assert hand.board == ("2d", "7c", "9h", "4s", "3d")
    assert hand.shown["Anna"] == ("As", "Ah")
    assert hand.not_stated == {TOTAL, RAKE, RETURNS, POT_NAMES}
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT
    assert dict(audit.contributions) == {"Anna": 1500, "Bruno": 3000, "Clara": 6000, "Dmitri": 6000}
    assert [(p.amount, p.winners) for p in audit.awarded.pots] == [
        (6000, ("Anna",)),
        (4500, ("Bruno",)),
        (6000, ("Clara",)),
    ]


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_left_of_the_button() -> None:
    hand = read("tournament_side_pots.txt")[1]
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT
    [pot] = audit.awarded.pots
    assert pot.amount == 695 and dict(pot.shares) == {"Anna": 347, "Clara": 348}  # Anna has the button


def test_the_wrong_odd_chip_is_caught() -> None:
    [audit] = audits("wrong_odd_chip.txt")
    assert audit.verdict is Verdict.WRONG
    assert audit.differences == (
        "pot: history pays Anna 348 and Clara 347, the engine pays Anna 347 and Clara 348 "
        "(the odd chip goes to the first winner left of the button, Clara)",
    )


def test_decimal_commas_a_dead_blind_and_an_unmatched_bet_paid_inside_win() -> None:
    hand = read("uncalled.txt")[0]
    assert hand.stack("Farid") == Decimal("1250.00") and hand.stack("Gunnar") == Decimal("198.40")
    assert [(a.player, a.kind, a.amount) for a in hand.posts][2] == ("Hanne", "blinds", Decimal("3.00"))
    assert [(c.player, c.amount) for c in hand.collections] == [("Elise", Decimal("74.80"))]
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT
    assert dict(audit.awarded.layout.refunds) == {"Elise": Decimal("33.00")}
    assert audit.hand.rake == 0  # the record's; the auditor takes what the collections leave
    assert "paid inside Elise's collected amount" in " ".join(audit.notes)
    assert "the rake (the 2.20 the collections leave" in " ".join(audit.notes)


def test_an_export_with_uncalled_bet_enabled_leaves_the_unmatched_bet_out_of_win() -> None:
    hand = read("uncalled.txt")[1]  # the file's second session: another skin, another export
    assert (hand.game, hand.small_blind, hand.big_blind) == ("Omaha Pot Limit", Decimal("0.50"), Decimal("1"))
    assert hand.shown == {"Ivo": ("As", "Kh", "Td", "Tc")}
    assert hand.collections[0].amount == Decimal("2.50")
    audit = audit_hand(hand)
    assert audit.verdict is Verdict.CONSISTENT
    assert dict(audit.awarded.layout.refunds) == {"Ivo": Decimal("2.50")}
    assert "the rake (the 0 the collections leave" in " ".join(audit.notes)


def test_each_hand_carries_its_own_sessions_general_block() -> None:
    first, second = hands("uncalled.txt")
    assert "Holdem NL €1/€2" in first.preamble and "Omaha PL £0.50/£1" in second.preamble
    assert first.preamble_line == 3 and second.preamble_line == 49


def test_every_sample_hand_is_consistent_but_the_wrong_one() -> None:
    names = [path.name for path in sorted(SAMPLES.glob("*.txt"))]
    verdicts = {name: [a.verdict.value for a in audits(name)] for name in names}
    assert verdicts == {
        "tournament_side_pots.txt": ["consistent", "consistent"],
        "uncalled.txt": ["consistent", "consistent"],
        "wrong_odd_chip.txt": ["wrong"],
    }


RAKED = """  <game gamecode="43">
    <general>
      <players>
        <player seat="1" name="Ann" chips="€17.35" dealer="0" win="€49.45" bet="€17.35" />
        <player seat="2" name="Bo" chips="€38.42" dealer="0" win="€0" bet="€38.42" />
        <player seat="3" name="Cy" chips="€186.43" dealer="1" win="€40.74" bet="€190" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="Ann" type="1" sum="€0.50" />
      <action no="2" player="Bo" type="2" sum="€1" />
    </round>
    <round no="1">
      <cards type="Pocket" player="Ann">DK SK</cards>
      <cards type="Pocket" player="Bo">DA D8</cards>
      <cards type="Pocket" player="Cy">C10 CA</cards>
      <action no="3" player="Cy" type="23" sum="€4" />
      <action no="4" player="Ann" type="23" sum="€17.35" />
      <action no="5" player="Bo" type="3" sum="€16.35" />
      <action no="6" player="Cy" type="23" sum="€186" />
      <action no="7" player="Bo" type="7" sum="€21.07" />
    </round>
    <round no="2"><cards type="Flop" player="">D10 S5 H2</cards></round>
    <round no="3"><cards type="Turn" player="">C3</cards></round>
    <round no="4"><cards type="River" player="">D9</cards></round>
  </game>
</session>
"""


def test_a_rake_taken_from_the_main_pot_first_is_not_called_wrong() -> None:
    # iPoker rakes 5% of each pot in order until the cap: 2.60 of the main pot (52.05), the cap's
    # last 1.40 of the side pot (42.14); the engine would spread the 4 in proportion (2.21, 1.79).
    session = SESSION.replace("€1/€2", "€0.50/€1")
    text = session.replace("<mode>", "<uncalled_bet_enabled>true</uncalled_bet_enabled><mode>") + RAKED
    audit = audit_hand(ipoker.read_hand(one(text)))
    assert audit.verdict is Verdict.CONSISTENT, audit.text()
    assert [pot.awarded for pot in audit.awarded.pots] == [Decimal("49.45"), Decimal("40.74")]
    assert dict(audit.awarded.layout.refunds) == {"Cy": Decimal("147.58")}
    assert any("its payments take 2.60 from the main pot, 1.40 from the side pot" in n for n in audit.notes)
    moved = text.replace('win="€49.45"', 'win="€49.44"').replace('win="€40.74"', 'win="€40.75"')
    # the rake is not stated, so neither is its split: a cent moved between the pots' winners stands
    assert audit_hand(ipoker.read_hand(one(moved))).verdict is Verdict.CONSISTENT
    short = text.replace('win="€49.45"', 'win="€52.06"')  # more than the main pot holds
    assert audit_hand(ipoker.read_hand(one(short))).verdict is Verdict.WRONG


# ----------------------------------------------------------------------------------------------
# Bad input: a clear error naming the hand and the line
# ----------------------------------------------------------------------------------------------
def error_of(text: str) -> HandHistoryError:
    with pytest.raises(HandHistoryError) as caught:
        ipoker.read_hand(one(text))
    return caught.value


def test_a_good_hand_reads() -> None:
    hand = ipoker.read_hand(one(SESSION + GAME))
    assert [(a.player, a.kind, a.amount, a.to) for a in hand.actions][2:] == [
        ("Ann", "raise", Decimal("3"), Decimal("5")),
        ("Bo", "fold", Decimal("0"), None),
    ]
    assert hand.first_line == 7 and hand.actions[0].line == 15


def test_a_truncated_hand_names_its_last_line() -> None:
    text = SESSION + GAME[: GAME.index('    <round no="1">')]
    err = error_of(text)
    assert (err.hand_id, err.line_number) == ("42", 17)
    assert "ends before </game> (truncated)" in str(err) and str(err).startswith("hand #42, line 17:")


def test_an_unknown_card_names_its_line() -> None:
    err = error_of(SESSION + GAME.replace("SA HK", "SA Z9"))
    assert err.line_number == 19 and "unknown card 'Z9'" in str(err) and "hand #42" in str(err)


def test_a_garbage_amount_names_its_line() -> None:
    err = error_of(SESSION + GAME.replace('sum="€5"', 'sum="€5,5,5"'))
    assert err.line_number == 20 and "cannot read the amount" in str(err)


def test_xml_that_is_not_well_formed_names_its_line() -> None:
    err = error_of(SESSION + GAME.replace('<action no="4" player="Bo" type="0" sum="€0" />', "<action"))
    assert err.line_number == 22 and "not well-formed XML" in str(err)  # where the parser stops


def test_an_entity_declaration_is_refused_before_parsing() -> None:
    text = SESSION + GAME.replace('<player seat="1"', '<player note="&b;" seat="1"')
    text = text.replace('<game gamecode="42">', '<game gamecode="42">\n<!DOCTYPE x [<!ENTITY b "boom">]>')
    err = error_of(text)
    assert err.line_number == 8 and "DOCTYPE or ENTITY declaration is refused" in str(err)
    err = error_of(SESSION.replace("<mode>", '<!ENTITY a "x"><mode>') + GAME)  # in the session's block
    assert err.line_number == 3 and "refused" in str(err)


def test_a_game_the_engine_does_not_play_is_unsupported_naming_it() -> None:
    with pytest.raises(UnsupportedHandError, match="iPoker game '7 Card Stud L €1/€2'"):
        ipoker.read_hand(one(SESSION.replace("Holdem NL", "7 Card Stud L") + GAME))


def test_windows_1252_text_under_a_utf8_declaration_is_read() -> None:
    text = '<?xml version="1.0" encoding="utf-8"?>\n' + SESSION + GAME.replace("Bo", "Zoë")
    data = text.encode("cp1252")  # an older client: the whole file in Windows-1252
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    hand = ipoker.read_hand(one(rooms.decode(data)))
    assert hand.players == ("Ann", "Zoë") and hand.stack("Zoë") == Decimal("80")
    # one line in Windows-1252 in a UTF-8 file: that line's € (UTF-8) reads "â‚¬", still a sign
    mixed = text.encode("utf-8").replace("Zoë".encode(), "Zoë".encode("cp1252"))
    hand = ipoker.read_hand(one(rooms.decode(mixed)))
    assert hand.players == ("Ann", "Zoë") and hand.stack("Zoë") == Decimal("80")


# ----------------------------------------------------------------------------------------------
# The real files
# ----------------------------------------------------------------------------------------------
def test_every_hand_that_is_not_consistent_is_explained() -> None:
    rows, reasons, _ = kept_verdicts("ipoker")
    assert len(rows) == 693
    odd = {hand_id for hand_id, verdict in rows.values() if verdict != "consistent"}
    assert odd == set(reasons) == {"3302721610", "742000000", "3056022611"}


@needs_corpus
def test_every_real_file_is_read_and_each_hand_gets_its_expected_verdict() -> None:
    audited = audit_files(sorted(CORPUS.iterdir()))  # no traceback, whatever the file
    for name, audits in audited.by_file.items():
        assert len(audits) == rooms.decode((CORPUS / name).read_bytes()).count("<game gamecode="), name
    assert len(audited.run.files) == 58
    assert audited.verdicts() == kept_verdicts("ipoker").rows


@needs_corpus
def test_the_real_wrong_hands_say_what_is_wrong_in_chips() -> None:
    path = next(CORPUS.glob("*HMExport_1.txt"))
    [audit] = AuditRun().audits(rooms.file_lines(path), path.name)
    assert audit.differences == (
        "pot: history pays Player4 238 and Player5 238, the engine pays Player5 476",
    )
