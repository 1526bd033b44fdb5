"""The PokerStars hand-history reader: every field, every error with hand ID and line, limits."""

from decimal import Decimal
from unittest import mock

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from sample_histories import CORRECT, DATA, WRONG

from potengine.errors import HandHistoryError, PotEngineError
from potengine.histories import pokerstars
from potengine.histories.pokerstars import HandHistory, parse_hand, parse_text, read_file, split_hands

SIMPLE = (DATA / "uncalled.txt").read_text(encoding="utf-8").split("\n\n\n\n")[0]


def hands(name):
    return read_file(DATA / name)


def test_every_corpus_file_reads():
    for name in CORRECT + WRONG:
        parsed = hands(name)
        assert parsed and all(isinstance(h, HandHistory) for h in parsed), name


def test_a_tournament_hand_with_two_side_pots():
    hand = hands("side_pots.txt")[1]
    assert hand.hand_id == "250000000102"
    assert hand.tournament == "3200000001"
    assert (hand.small_blind, hand.big_blind) == (5, 10)
    assert hand.players == ("Alice", "Bilal", "Chloé", "David")
    assert hand.button == "David" and hand.button_seat == 4
    assert [s.stack for s in hand.seats] == [20, 50, 500, 400]
    assert hand.board == ("2s", "7h", "Jd", "3c", "8s")
    assert hand.shown["Alice"] == ("Jh", "Js")
    assert (hand.total_pot, hand.main_pot, hand.side_pots, hand.rake) == (250, 80, (90, 80), 0)
    assert hand.pots_reported == (80, 90, 80)
    assert [(c.player, c.amount, c.pot, c.label) for c in hand.collections] == [
        ("David", 80, 2, "side pot-2"),
        ("Bilal", 90, 1, "side pot-1"),
        ("Alice", 80, 0, "main pot"),
    ]
    raise_line = hand.actions[4]
    assert (raise_line.player, raise_line.kind, raise_line.amount, raise_line.to, raise_line.all_in) == (
        "Alice",
        "raise",
        10,
        20,
        True,
    )
    assert raise_line.line == 48 and raise_line.text == "Alice: raises 10 to 20 and is all-in"
    assert all(isinstance(s.stack, int) for s in hand.seats)


def test_a_single_side_pot_is_pot_one():
    hand = hands("side_pots.txt")[0]
    assert hand.side_pots == (120,)
    assert [(c.pot, c.label) for c in hand.collections] == [(1, "side pot"), (0, "main pot")]


def test_cash_amounts_are_exact_decimals():
    hand = hands("cash_rake.txt")[0]
    assert hand.currency and hand.chip == Decimal("0.01")
    assert hand.small_blind == Decimal("0.05") and hand.big_blind == Decimal("0.10")
    assert hand.seats[0].stack == Decimal("10") and isinstance(hand.seats[0].stack, Decimal)
    assert hand.rake == Decimal("0.11") and hand.total_pot == Decimal("2.32")
    assert hand.pots_reported == (Decimal("2.21"),)
    big = hands("cash_rake.txt")[1]
    assert big.returned == (("Bo", Decimal("9")),)
    assert big.main_pot == Decimal("14.25") and big.side_pots == (Decimal("11.40"),)


def test_antes_and_an_all_in_on_the_ante():
    hand = hands("tournament_antes.txt")[0]
    antes = [(a.player, a.amount, a.all_in) for a in hand.actions if a.kind == "ante"]
    assert antes == [("Bo", 25, False), ("Cy", 25, False), ("Ann", 20, True), ("Di", 25, False)]
    assert hand.chip == 1 and not hand.currency


def test_uncalled_bets_and_folds():
    first, second, third = hands("uncalled.txt")
    assert first.returned == (("Ann", 100),)
    assert first.flop_seen is False and first.board == ()
    assert second.returned == (("Chloé", 30),)
    assert third.returned == (("Bo", 500),)
    assert [a.player for a in third.actions if a.kind == "fold"] == ["Cy"]


def test_split_hands_numbers_lines_from_one():
    text = "\n\nPokerStars Hand #1: x\nline\n\n\nPokerStars Hand #2: y\n"
    assert split_hands(text) == [[(3, "PokerStars Hand #1: x"), (4, "line")], [(7, "PokerStars Hand #2: y")]]


def test_an_unreadable_hand_names_its_id_and_line_and_the_others_are_read():
    parsed = hands("unreadable.txt")
    assert [type(h).__name__ for h in parsed] == ["HandHistory", "HandHistoryError", "HandHistory"]
    err = parsed[1]
    assert "#250000000702" in str(err) and "line 28" in str(err) and "raises lots to 300" in str(err)
    assert (err.hand_id, err.line_number, err.line) == ("250000000702", 28, "Bo: raises lots to 300")
    assert isinstance(err, PotEngineError) and isinstance(err, ValueError)


def _break(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("Hold'em No Limit", "Razz Limit", "only hold'em"),
        ("Table 'Makemake' 6-max (Play Money) Seat #1 is the button", "Table", "Seat #N is the button"),
        ("Ann: raises 100 to 150", "Ann: raises 100 to 150 and dances", "cannot read Ann's action"),
        ("Ann collected 125 from pot", "Zed collected 125 from pot", "'Zed' has no seat"),
        ("Total pot 125 | Rake 0", "Total pot 125", "cannot read this summary line"),
        ("Bo: posts small blind 25", "Bo: posts small blind 25.5", "has cents in a game played in chips"),
        ("Ann: raises 100 to 150", "Ann: raises 100 to 1" + "0" * 20, "too large"),
        ("Seat 2: Bo (1500 in chips)", "Seat 2: Ann (1500 in chips)", "appears twice"),
        ("Bo: folds", "Bo: folds\n*** FIRST FLOP *** [2c 3c 4c]", "an action after the board was run"),
        ("Bo: folds", "Bo: folds\nHand cancelled", "a cancelled hand settles no pot"),
        ("Bo: folds", "Bo: dances\n*** FIRST FLOP *** [2c 3c 4c]", "cannot read Bo's action"),
        (
            "Total pot 125 | Rake 0",
            "*** SHOW DOWN ***\nTotal pot 125 | Rake 0",
            "cannot read this summary line",
        ),
        (
            "Total pot 125 | Rake 0",
            "Total pot 125 | Rake 0\n*** SUMMARY ***",
            "cannot read this summary line",
        ),
        ("Cy: folds", "Cy: folds\n*** FLOP *** [2c 3c Zz]", "'Zz' is not a card"),
        ("Cy: folds", "Cy: folds\n*** TURN *** [2c 3c 4c] [5d]", "out of order"),
        ("Cy: folds", "Cy: folds\nsomething else entirely", "cannot read this line"),
        ("Cy: folds", "Cy: folds\nBo: posts the ante 5", "a post after the betting started"),
        ("Ann: raises 100 to 150", "*** FLOP *** [2c 3c 4c]\nBo: posts the ante 5", "posted before the flop"),
    ],
)
def test_broken_lines_are_named(old, new, message):
    [result] = parse_text(_break(SIMPLE, old, new))
    assert isinstance(result, HandHistoryError)
    assert message in str(result)
    assert "250000000301" in str(result) or "hand (no ID)" in str(result)
    assert "line " in str(result)


def test_a_hand_run_twice_is_read_again_with_its_runs_and_fails_at_its_own_bad_line():
    """A line that runs the board again is looked for only when reading fails; the hand is then
    read with its runs, and a line that cannot be read even so is named, not the run's line."""
    [result] = parse_text(_break(SIMPLE, "Bo: folds", "Bo: folds\n*** FIRST FLOP *** [2c 3c 4c]\nBo: dances"))
    assert isinstance(result, HandHistoryError) and not isinstance(result, pokerstars.UnsupportedHandError)
    assert (result.line_number, result.line) == (12, "Bo: dances")


def test_a_hand_run_it_twice_in_words_only_is_unsupported():
    """ "Run it" on a line that cannot be read, with no run's street: a way of writing runs the
    reader does not know, refused as unsupported at that line."""
    [result] = parse_text(_break(SIMPLE, "Bo: folds", "Bo: folds\nRun it twice: agreed"))
    assert isinstance(result, pokerstars.UnsupportedHandError)
    assert (result.line_number, result.line) == (11, "Run it twice: agreed")
    assert "read only as PokerStars writes it today" in str(result)


def test_words_run_it_in_a_readable_line_do_not_make_a_hand_unsupported():
    """A player named "Run it Back", or "Run it" in a chat line, is read like any other line."""
    text = SIMPLE.replace("Cy", "Run it Back").replace("Bo: folds", 'Bo: folds\nBo said, "Run it twice?"')
    [hand] = parse_text(text)
    assert isinstance(hand, HandHistory) and "Run it Back" in hand.players


def test_a_hand_without_summary_is_refused_at_its_last_line():
    text = SIMPLE.split("*** SUMMARY ***")[0].rstrip()
    [result] = parse_text(text)
    assert isinstance(result, HandHistoryError)
    assert "no 'Total pot" in str(result) and "line 14" in str(result)


def test_text_before_the_first_hand_is_an_error_of_its_own():
    parsed = parse_text("junk at the top\n" + SIMPLE)
    assert isinstance(parsed[0], HandHistoryError) and "line 1" in str(parsed[0])
    assert isinstance(parsed[1], HandHistory)


def test_chat_and_table_noise_is_ignored_never_executed():
    noisy = _break(
        SIMPLE,
        "Bo: folds",
        "Bo said, \"__import__('os').system('echo hacked')\"\nBo: folds\nCy is disconnected\n"
        "Zed joins the table at seat #5",
    )
    [hand] = parse_text(noisy)
    assert isinstance(hand, HandHistory)
    assert [a.kind for a in hand.actions] == ["small blind", "big blind", "raise", "fold", "fold"]


def test_names_with_spaces_colons_and_currency_with_commas():
    text = (
        "PokerStars Hand #77: Hold'em No Limit (€1/€2 EUR) - 2026/01/01 1:00:00 CET\n"
        "Table 'X' 6-max Seat #1 is the button\n"
        "Seat 1: Mr. Big: Shot (€1,200 in chips)\n"
        "Seat 2: Ann B (€500.50 in chips)\n"
        "Mr. Big: Shot: posts small blind €1\n"
        "Ann B: posts big blind €2\n"
        "*** HOLE CARDS ***\n"
        "Mr. Big: Shot: raises €1,000 to €1,002\n"
        "Ann B: folds\n"
        "Uncalled bet (€1,000) returned to Mr. Big: Shot\n"
        "Mr. Big: Shot collected €4 from pot\n"
        "*** SUMMARY ***\n"
        "Total pot €4 | Rake €0\n"
    )
    [hand] = parse_text(text)
    assert hand.players == ("Mr. Big: Shot", "Ann B")
    assert hand.seats[0].stack == Decimal("1200") and hand.seats[1].stack == Decimal("500.50")
    assert hand.actions[2].player == "Mr. Big: Shot" and hand.actions[2].to == Decimal("1002")
    assert hand.returned == (("Mr. Big: Shot", Decimal("1000")),)


def test_limits_on_lines_and_hand_length():
    long_line = _break(SIMPLE, "Bo: folds", 'Bo said, "' + "x" * 2000 + '"\nBo: folds')
    [result] = parse_text(long_line)
    assert isinstance(result, HandHistoryError) and "more than the limit" in str(result)
    assert "250000000301" in str(result)
    many = _break(SIMPLE, "Bo: folds", "Cy is connected\n" * 500 + "Bo: folds")
    [result] = parse_text(many)
    assert isinstance(result, HandHistoryError) and "lines" in str(result)


def test_a_file_is_read_a_line_at_a_time_and_an_endless_line_is_cut(tmp_path):
    huge = tmp_path / "huge.txt"
    huge.write_bytes(SIMPLE.encode() + b"\n\n" + b"x" * 5_000_000 + b"\n" + SIMPLE.encode())
    lines = list(pokerstars.open_lines(huge))
    assert len(lines) == 40 and max(len(line) for line in lines) <= 4 * (pokerstars.MAX_LINE_CHARS + 2)
    first, second = read_file(huge)
    assert isinstance(first, HandHistoryError) and "line 21: the line has more than the limit" in str(first)
    assert second.hand_id == "250000000301"
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"PokerStars\x00\x01")
    with pytest.raises(HandHistoryError, match="not a text file"):
        read_file(binary)
    with pytest.raises(HandHistoryError, match="directory"):
        read_file(tmp_path)
    with pytest.raises(HandHistoryError, match="no such file"):
        read_file(tmp_path / "missing.txt")


def test_a_byte_order_mark_and_windows_line_ends_are_fine(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + SIMPLE.replace("\n", "\r\n").encode("utf-8"))
    [hand] = read_file(path)
    assert hand.hand_id == "250000000301"


def test_parse_text_needs_text():
    with pytest.raises(HandHistoryError, match="must be text"):
        parse_text(b"bytes")


def test_parse_hand_reports_the_header_line():
    with pytest.raises(HandHistoryError, match="line 3: a hand must start"):
        parse_hand([(3, "Hello"), (4, "World")])


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400))
def test_any_text_gives_hands_or_errors_never_a_crash(text):
    for item in parse_text(text):
        assert isinstance(item, (HandHistory, HandHistoryError))


@given(st.data())
def test_damaging_one_line_of_a_real_hand_never_crashes(data):
    lines = SIMPLE.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    lines[i] = data.draw(
        st.sampled_from(
            [
                "",
                lines[i][:-1],
                lines[i] + " 5",
                lines[i].replace("1", "x"),
                "Ann: " + lines[i],
                lines[i].upper(),
                data.draw(st.text(max_size=40)),
            ]
        )
    )
    for item in parse_text("\n".join(lines)):
        assert isinstance(item, (HandHistory, HandHistoryError))


def test_side_pot_zero_is_refused():
    [result] = parse_text(_break(SIMPLE, "Ann collected 125 from pot", "Ann collected 125 from side pot-0"))
    assert isinstance(result, HandHistoryError)
    assert "side pots are numbered from 1" in str(result) and "side pot-0" in str(result)


def _lines_line_by_line(data: bytes, chunk: int) -> list[str | bytes] | str:
    """The oracle for open_lines: every line split as bytes, cut to the limit, and each block of
    ``chunk`` bytes decoded whole if it can be (the reader before it decoded most blocks at once);
    a file with a NUL byte in its kept part gives the error's text."""
    limit = 4 * (pokerstars.MAX_LINE_CHARS + 2)
    out: list[str | bytes] = []
    tail, skipping, number = b"", False, 0
    for start in range(0, len(data), chunk):
        piece = data[start : start + chunk]
        if skipping:
            end = piece.find(b"\n")
            if end < 0:
                continue
            piece, skipping = piece[end + 1 :], False
        lines = (tail + piece).split(b"\n")
        tail = lines.pop()
        if len(tail) > limit:
            lines.append(tail[:limit])
            tail, skipping = b"", True
        blocks = [lines]
        if tail and start + chunk >= len(data):
            blocks.append([tail])
        for block in blocks:
            cut = [line[:limit] for line in block]
            joined = b"\n".join(cut)
            if b"\x00" in joined:
                where = number + joined[: joined.index(b"\x00")].count(b"\n") + 1
                return f"f.txt is not a text file (line {where} holds a NUL byte)"
            try:
                out.extend(joined.decode("utf-8").split("\n") if block else [])
            except UnicodeDecodeError:
                out.extend(cut)
            number += len(block)
    return out


_PIECES = st.sampled_from(
    [
        *(b"Seat 1: Jos\xc3\xa9 (5 in chips)", b"ab", b"\xef\xbb\xbf"),  # text, a byte-order mark
        *(b"\n", b"\r\n", b"\r"),  # line ends
        *(b"\xe9", b"\x00"),  # not UTF-8, not text
        *(b"x" * 2500, b"y" * 4100),  # long lines: two in a row, or the second, are over the limit
    ]
)


@given(pieces=st.lists(_PIECES, max_size=12), chunk=st.integers(1, 9000))
def test_a_file_read_in_blocks_gives_the_lines_read_one_by_one(tmp_path_factory, pieces, chunk):
    """Lines come the same whatever the block boundaries: multi-byte letters, bytes that are not
    UTF-8, NUL bytes, carriage returns and lines longer than the limit, cut anywhere."""
    data = b"".join(pieces)
    path = tmp_path_factory.mktemp("blocks") / "f.txt"
    path.write_bytes(data)
    expected = _lines_line_by_line(data, chunk)
    with mock.patch.object(pokerstars, "_CHUNK", chunk):  # bytes read at a time: block boundaries anywhere
        try:
            got: list[str | bytes] | str = list(pokerstars.open_lines(path))
        except HandHistoryError as err:
            got = str(err)
    assert got == expected


def _hands_line_by_line(lines):
    """The oracle for iter_hand_lines: each line numbered, cleaned and placed in its hand in turn."""
    hands, hand, count = [], None, 0
    for at, line, note in pokerstars._numbered(lines):
        line = line[: pokerstars.MAX_LINE_CHARS + 1].replace("\ufeff", "").rstrip()
        if not line or (line[0] == "*" and pokerstars._SEPARATOR.match(line)):
            continue
        if hand is None or (line.startswith("PokerStars") and pokerstars._HEADER.match(line)):
            hand, count = [[], 0, []], 0
            hands.append(hand)
        count += 1
        hand[1] = count
        if count <= pokerstars.MAX_HAND_LINES + 1:
            hand[0].append((at, line))
        if note:
            hand[2].append((at, note))
    return [(kept, total, tuple(bad)) for kept, total, bad in hands]


_PLAIN_LINES = st.sampled_from(
    [
        *("PokerStars Hand #1: Hold'em No Limit (1/2)", "PokerStars Game #22: x", "PokerStars is not a hand"),
        *("Seat 1: Ann (50 in chips)", "Ann: folds", "*** FLOP *** [2c 3d 4h]", 'Ann said, "* #1"'),
        *(
            "",
            "   ",
            "\n",
            "Ann: checks\n",
            "*********** # 7 **************",
            "***#3***",
        ),  # blanks, separators
    ]
)
_OTHER_LINES = st.sampled_from(
    [
        *("\ufeffPokerStars Hand #3: y", "Ann\ufeff: calls 2", "x" * 1003),  # byte-order marks, long
        *("a\rb", "c\r\n", "Ann: folds\r", "a\r \r", "x\r\ny", "\r"),  # carriage returns
        *(
            b"Seat 2: J\xc3\xa9r\xc3\xb4me (5 in chips)",
            b"Seat 2: J\xe9r\xf4me (5 in chips)",
            b"PokerStars Hand #4: z",
        ),
    ]
)
_LINES = st.one_of(_PLAIN_LINES, _PLAIN_LINES, _PLAIN_LINES, _OTHER_LINES)  # mostly plain text


@example(
    lines=["PokerStars Hand #1: x", "*** # 2 ***", "Ann: folds", "", "Bo: folds", "***"], batch=9, most=6
)
@given(lines=st.lists(_LINES, max_size=40), batch=st.integers(1, 9), most=st.integers(1, 6))
def test_hands_cut_in_batches_are_the_hands_cut_line_by_line(lines, batch, most):
    """Whatever the batches (a hand across two, a batch of bytes or carriage returns between plain
    ones), the hands, their line numbers, totals and notes are those of a line-by-line cut."""
    with (
        mock.patch.object(pokerstars, "_BATCH", batch),
        mock.patch.object(pokerstars, "MAX_HAND_LINES", most),
    ):
        expected = _hands_line_by_line(lines)
        got = [(list(hand), hand.total, hand.bad) for hand in pokerstars.iter_hand_lines(lines)]
    assert got == expected


def test_the_values_the_reader_works_out_ahead_are_those_of_the_cached_properties():
    """The reader stores each hand's players, button, posts and stacks as it reads it (they cost
    no call there); a copy made by the dataclass works them out again by the properties' rules."""
    from dataclasses import replace

    for name in CORRECT + WRONG + ["site_practice.txt", "readability.txt", "omaha_hilo.txt"]:
        for hand in hands(name):
            if not isinstance(hand, HandHistory):
                continue
            fresh = replace(hand)
            assert "players" not in fresh.__dict__
            assert "players" in hand.__dict__ or hand.remarks  # (a hand with remarks is a copy too)
            assert (fresh.players, fresh.button, fresh.posts, dict(fresh.stacks)) == (
                hand.players,
                hand.button,
                hand.posts,
                dict(hand.stacks),
            ), hand.hand_id
            assert (fresh.chip, fresh.omaha, fresh.hi_lo) == (hand.chip, hand.omaha, hand.hi_lo)
            assert type(fresh.chip) is type(hand.chip)
