"""Replaying hands in PHH format: the engine's own hands, and the public corpus of 115 real hands
(96 Pluribus and 19 WSOP) when it is there.

The corpus is other people's data and stays out of the repository: it is read from
``../shared/data/phh`` beside the checkout (CI always has it; licence in its INDEX.md: MIT,
uoftcprg/pokerkit and phh-dataset), and the tests that need it are skipped when it is absent.
"""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from potengine.errors import HandHistoryError, IllegalActionError, IllegalHandHistoryError
from potengine.histories.phh import parse, replay, to_phh
from potengine.play.hand import start_hand
from potengine.play.structures import FixedLimit, PotLimit

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "phh"
FILES = sorted(DATA.glob("*.phh"))
needs_corpus = pytest.mark.skipif(
    not FILES,
    reason=f"the public PHH corpus is not at {DATA} (other people's data, kept out of the repository)",
)
HALF = Decimal("0.5")
# The hands whose finishing stacks hold half chips (INDEX.md: "frac-only").
HALF_CHIP_HANDS = {
    "data__pluribus__102__0.phh",
    "data__pluribus__32__23.phh",
    "data__pluribus__41b__204.phh",
    "data__pluribus__60__88.phh",
    "data__pluribus__75b__76.phh",
    "data__pluribus__88__128.phh",
    "data__pluribus__91__43.phh",
    "data__pluribus__91__53.phh",
}
SKIPS_A_FOLD = "data__wsop__2019__42__3__00-01-07.phh"


def chip_for(path: Path):
    """Pluribus splits odd pots exactly: replay its hands with half chips."""
    return HALF if "pluribus" in path.name else 1


@needs_corpus
def test_the_corpus_is_complete_with_its_licence():
    assert len(FILES) == 115
    notice = (DATA / "INDEX.md").read_text()
    assert "MIT License" in notice and "uoftcprg" in notice


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_hand_replays_to_its_finishing_stacks(path):
    played = replay(
        path.read_text(), chip=chip_for(path), name=path.name, fill_skipped=path.name == SKIPS_A_FOLD
    )
    assert played.expected is not None
    assert played.finishing_stacks == played.expected
    assert sum(played.finishing_stacks) == sum(played.hand.setup.stacks)
    # The pots formed street by street agree with the settlement's pots.
    if len(played.hand.live) > 1:
        assert [(p.amount, p.eligible) for p in played.hand.pots] == [
            (p.amount, p.eligible) for p in played.settlement.pots
        ]


@needs_corpus
def test_half_chip_hands_with_whole_chips_follow_tda_20a():
    """With whole chips the odd chip of each half-chip pot goes to the first winner left of the
    button; the other winner gets half a chip less than the file. Nothing else changes."""
    assert {
        p.name
        for p in FILES
        if "." in str(parse(p.read_text())["finishing_stacks"])
        and any(Decimal(repr(v)) % 1 for v in parse(p.read_text())["finishing_stacks"])
    } == HALF_CHIP_HANDS
    for name in sorted(HALF_CHIP_HANDS):
        played = replay((DATA / name).read_text())
        expected = played.expected
        diff = [a - b for a, b in zip(played.finishing_stacks, expected, strict=True)]
        assert sorted(diff) == [-HALF] + [0] * (len(diff) - 2) + [HALF]
        (pot,) = played.settlement.pots
        first = pot.winners[0]  # winners in seat order; the button is the last seat
        assert diff[played.players.index(first)] == HALF


@needs_corpus
def test_the_wsop_2019_hand_leaves_out_the_buttons_fold():
    text = (DATA / SKIPS_A_FOLD).read_text()
    with pytest.raises(HandHistoryError, match=r"action 14 'p1 cc'.*Ashish Ahuja's turn"):
        replay(text)
    played = replay(text, fill_skipped=True)
    folds = [(op.player, op.street) for op in played.hand.history if op.kind == "fold"]
    assert ("Ashish Ahuja", 0) in folds


@needs_corpus
def test_the_wsop_2019_ante_flag_big_blind_ante_is_dead_money():
    """The file says ante_trimming_status = true: pokerkit then trims the lone big-blind ante to
    the next largest ante (0) and hands it back. The finishing stacks count it as dead money in
    the main pot, as TDA RP-11 and our engine do."""
    played = replay((DATA / SKIPS_A_FOLD).read_text(), fill_skipped=True)
    fields = played.fields
    assert fields["ante_trimming_status"] is True and fields["antes"][1] == 500_000
    main = played.settlement.pots[0]
    assert main.amount == 500_000 + 3 * 1_150_000 + 2 * 2_250_000
    kempe = played.players.index("Rainer Kempe")  # the big blind, who lost
    assert played.finishing_stacks[kempe] == 5_625_000  # the ante is not returned to him
    assert played.finishing_stacks == played.expected


@needs_corpus
def test_fixed_limit_hand_uses_fixed_bets():
    played = replay((DATA / "data__wsop__2023__43__5__35.phh").read_text())
    assert isinstance(played.hand.setup.structure, FixedLimit)
    assert played.matches


def test_round_trip_through_phh():
    h = start_hand({"A": 300, "B": 200, "C": 500, "D": 400}, button="B", small_blind=5, big_blind=10)
    h = h.deal_hole("A", "AsAh").deal_hole("B", "KdKc").deal_hole("C", "7c2d").deal_hole("D", "QsJs")
    h = h.raise_to("A", 30).call("B").fold("C").call("D")
    h = h.deal_board("2c7d9h").check("D").bet("A", 60).call("B").fold("D")
    h = h.deal_board("Td").check("A").check("B").deal_board("3h").bet("A", 150).all_in("B")
    assert h.betting_over
    text = to_phh(h)
    again = replay(text)
    assert again.hand.contributions == {p: h.contributions[p] for p in again.players}
    ours = h.finishing_stacks()
    assert again.finishing_stacks == tuple(ours[p] for p in again.players)
    assert again.players[0] == "C"  # PHH starts from the small blind
    assert again.finishing_stacks == (495, 370, 535, 0)  # C, D, A (aces win), B


@pytest.mark.parametrize(
    "text, match",
    [
        (
            (
                "variant = 'F7S'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
                "starting_stacks=[9,9]\nactions=[]"
            ),
            "variant 'F7S' is not a variant this engine plays",
        ),
        (
            (
                "variant = 'NT'\nantes=[0,0,0]\nblinds_or_straddles=[1,2,5]\nmin_bet=2\n"
                "starting_stacks=[9,9,9]\nactions=[]"
            ),
            "p3's straddle 5 must be twice the big blind 2",
        ),
        (
            (
                "variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
                "starting_stacks=[9,9]\nactions=['p3 f']"
            ),
            "names 'p3', not one of p1..p2",
        ),
        (
            (
                "variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
                "starting_stacks=[9,9]\nactions=['p2 cbr 3']"
            ),
            r"action 1 'p2 cbr 3'.*minimum raise is to 4",
        ),
        (
            (
                "variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
                "starting_stacks=[9,9]\nactions=['p2 cc']"
            ),
            "still to act",
        ),
        (
            (
                "variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
                "starting_stacks=[9]\nactions=[]"
            ),
            "blinds_or_straddles has 2 entries for 1 players",
        ),
        ("variant = ", "not valid PHH/TOML"),
    ],
)
def test_bad_hand_histories_are_named(text, match):
    with pytest.raises(HandHistoryError, match=match):
        replay(text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_writing_a_replayed_hand_back_out_gives_the_same_hand(path):
    first = replay(path.read_text(), chip=chip_for(path), fill_skipped=path.name == SKIPS_A_FOLD)
    again = replay(to_phh(first.hand), chip=chip_for(path))
    assert again.players == first.players
    assert again.finishing_stacks == first.finishing_stacks == first.expected
    assert [str(op) for op in again.hand.history] == [str(op) for op in first.hand.history]


_BASE = {
    "variant": "'NT'",
    "antes": "[0, 0, 0]",
    "blinds_or_straddles": "[1, 2, 0]",
    "min_bet": "2",
    "starting_stacks": "[100, 100, 100]",
    "actions": "['p3 cbr 6', 'p1 f', 'p2 f']",
}


def _text(**fields):
    return "\n".join(f"{k} = {v}" for k, v in {**_BASE, **fields}.items())


@pytest.mark.parametrize(
    "fields, match",
    [
        ({"starting_stacks": "[inf, 100, 100]"}, "a starting stack must be a finite number"),
        ({"starting_stacks": "[nan, 100, 100]"}, "a starting stack must be a finite number"),
        ({"starting_stacks": "['Infinity', 100, 100]"}, "'Infinity' is not an amount"),
        ({"starting_stacks": "['-5', 100, 100]"}, "'-5' is not an amount"),
        ({"starting_stacks": "[]", "antes": "[]", "blinds_or_straddles": "[]"}, "2 to 10 players"),
        ({"variant": "['NT']"}, r"variant \['NT'\] is not a variant this engine plays"),
        ({"players": "[[1], [2], [3]]"}, "players must be a list of 3 distinct names"),
        ({"players": "['a', 'b']"}, "players must be a list of 3 distinct names"),
        ({"finishing_stacks": "5"}, "finishing_stacks must be a list"),
        ({"finishing_stacks": "[100, 100]"}, "finishing_stacks has 2 entries for 3 players"),
        ({"actions": "['p\u00b2 f']"}, "names 'p²', not one of p1..p3"),
        (
            {"actions": "['p3 cbr 1e999999']"},
            r"action 1 'p3 cbr 1e999999': the amount '1e999999' is not an amount",
        ),
        ({"actions": "['p3 cbr 6.5e1']"}, "is not an amount"),
        ({"actions": "['d db ZzZzZz']"}, "cannot read a card"),
        ({"actions": "['d db AhKhQh']"}, "pre-flop betting is not over"),
        ({"actions": "['d dh p1 AhKhQh']"}, "2 hole cards"),
        ({"actions": "['d dh p1 AhKh', 'd dh p2 AhQd']"}, "A♥ is both in p1's cards and in p2's cards"),
        ({"actions": "['d dh p1 AhKh extra']"}, "unknown dealer action"),
        ("a = " + "1" * 5000, "not valid PHH/TOML"),
    ],
)
def test_malformed_fields_are_named_hand_history_errors(fields, match):
    text = fields if isinstance(fields, str) else _text(**fields)
    with pytest.raises(HandHistoryError, match=match):
        replay(text)


@pytest.mark.parametrize("text, match", [(b"variant = 'NT'", "not bytes: decode"), (None, "not NoneType")])
def test_only_text_is_replayed(text, match):
    with pytest.raises(HandHistoryError, match=match):
        replay(text)


@pytest.mark.parametrize("name", ["A\\B", 'D\'Arcy "Ace"', "tab\there", "new\nline", "\x7f\x01", "Zoë ♠"])
def test_player_names_round_trip_exactly(name):
    hand = start_hand({name: 10, "C": 10}, small_blind=1, big_blind=2).fold("C")
    again = replay(to_phh(hand))
    assert again.players == (name, "C")
    assert again.finishing_stacks == (11, 9)


def test_decimal_amounts_round_trip_exactly():
    big = Decimal("123456789012345.63")  # a float cannot hold it
    h = start_hand({"A": big, "B": big}, small_blind=HALF, big_blind=1, chip=Decimal("0.01"))
    h = h.raise_to("B", Decimal("2.5")).fold("A")
    again = replay(to_phh(h), chip=Decimal("0.01"))
    assert again.hand.setup.stacks == (big, big)
    assert again.finishing_stacks == (big - 1, big + 1)


@needs_corpus
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_small_reader_reads_every_corpus_file_as_tomllib_does(path):
    text = path.read_text()
    assert parse(text) == tomllib.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "a = 1\nb = 'x'\nc = [1, 2.5, 'y', true]\n",
        'a = "double"\nb = []\nc = [ 1 , 2 , ]',
        "a = 0\nb = -3\nc = 10.25\nd = false",
        "a = 'it''s'",  # not the subset: tomllib decides (and refuses)
        "a = '''x'''\n",  # a multi-line literal string: tomllib
        "a = 1 # a comment\n",  # a comment: tomllib
        "[table]\na = 1",  # a table: tomllib
        "a = 1_000\nb = 1e3\nc = 0x10",  # underscores, exponents, hex: tomllib
        'a = "tab\\tand \\u00e9"',  # escapes: tomllib
        "a = [1,\n 2]",  # a list over two lines: tomllib
        "a = 01",  # a leading zero: tomllib refuses
        "a = 1\na = 2",  # a key twice: tomllib refuses
        "a = 123456789012345678901234",  # too large for TOML: tomllib refuses
    ],
)
def test_the_small_reader_agrees_with_tomllib_or_hands_over(text):
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(HandHistoryError, match="not valid PHH/TOML"):
            parse(text)
    else:
        got = parse(text)
        assert got == expected
        assert [type(v) for v in got.values()] == [type(v) for v in expected.values()]


def _base(actions: str) -> str:
    return (
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        f"starting_stacks = [100, 100, 100]\nactions = {actions}\n"
    )


def test_an_illegal_action_is_an_illegal_action_error_naming_hand_line_and_rule():
    text = _base("['p3 cbr 3']") + "hand = 7\n"
    with pytest.raises(IllegalActionError) as caught:
        replay(text)
    assert isinstance(caught.value, HandHistoryError)
    assert isinstance(caught.value, IllegalHandHistoryError)
    message = str(caught.value)
    assert message.startswith("hand 7, action 1 'p3 cbr 3': ")
    assert "minimum raise is to 4" in message and "TDA 43" in message


def test_a_malformed_file_stays_a_plain_hand_history_error():
    with pytest.raises(HandHistoryError) as caught:
        replay(_base("['p3 zz']"))
    assert not isinstance(caught.value, IllegalActionError)
    assert "unknown action 'p3 zz'" in str(caught.value)


@pytest.mark.parametrize(
    "actions, street",
    [
        ("['p3 cc', 'p1 cc', 'p2 cc', 'p1 cc']", "flop"),
        ("['p3 cc', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 cbr 4']", "turn"),
        (
            (
                "['p3 cc', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Td', "
                "'p1 cc', 'p2 cc', 'p3 cc', 'p1 f']"
            ),
            "river",
        ),
    ],
)
def test_betting_before_the_street_is_dealt_is_refused(actions, street):
    with pytest.raises(
        IllegalHandHistoryError, match=rf"cannot act on the {street}: the {street} has not been dealt"
    ):
        replay(_base(actions))


def test_the_same_actions_with_the_board_dealt_replay():
    text = _base(
        "['p3 cc', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Td', "
        "'p1 cc', 'p2 cc', 'p3 cc', 'd db 3h', 'p1 cbr 10', 'p2 f', 'p3 f']"
    )
    assert replay(text).finishing_stacks == (104, 98, 98)


def test_a_hand_with_betting_but_no_board_cannot_be_written_out():
    start = start_hand({"A": 100, "B": 100}, button="B", small_blind=1, big_blind=2).call("B").check("A")
    with pytest.raises(HandHistoryError, match="acts on the flop with 0 board cards dealt"):
        to_phh(start.bet("A", 2).fold("B"))
    assert "d db 2c7d9h" in to_phh(start.deal_board("2c7d9h").bet("A", 2).fold("B"))


def test_every_structure_writes_its_own_phh_variant():
    h = start_hand(
        {"A": 100, "B": 100},
        button="B",
        small_blind=5,
        big_blind=10,
        structure=FixedLimit(big_blind=10, small_bet=10, big_bet=20),
    ).fold("B")
    text = to_phh(h)
    assert 'variant = "FT"' in text and "small_bet = 10" in text and "big_bet = 20" in text
    assert isinstance(replay(text).hand.setup.structure, FixedLimit)


@pytest.mark.parametrize("text", ["a = 1\x0bb = 2", "a = 1\rb = 2", "a = 'x\u2028y'", "a = 1\r\nb = 'x'\r\n"])
def test_the_small_reader_ends_lines_as_toml_does(text):
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(HandHistoryError, match="not valid PHH/TOML"):
            parse(text)
    else:
        assert parse(text) == expected


# ---- Omaha: pot-limit Omaha (PO) and fixed-limit Omaha hi-lo (FO/8) -----------------------------
FO8 = """
variant = 'FO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50, 50]
actions = [
  'd dh p1 Ah3hQc9s', 'd dh p2 KhKc9c9d', 'd dh p3 JcJdTcTd',
  'p3 cbr 4', 'p1 cc', 'p2 cc',
  'd db 2c5d7h', 'p1 cc', 'p2 cbr 2', 'p3 f', 'p1 cc',
  'd db Ks', 'p1 cc', 'p2 cbr 4', 'p1 cc',
  'd db Kd', 'p1 cc', 'p2 cc',
  'p1 sm Ah3hQc9s', 'p2 sm KhKc9c9d',
]
players = ['Ann', 'Bob', 'Cy']
finishing_stacks = [52, 52, 46]
"""


def test_fixed_limit_omaha_hi_lo_phh_splits_the_pot():
    played = replay(FO8)
    assert played.hand.setup.game == "omaha-hi-lo" and isinstance(played.hand.setup.structure, FixedLimit)
    assert played.matches and played.finishing_stacks == (52, 52, 46)
    (pot,) = played.settlement.pots
    assert dict(pot.high_shares) == {"Bob": 12} and dict(pot.low_shares) == {"Ann": 12}
    again = replay(to_phh(played.hand))
    assert 'variant = "FO/8"' in to_phh(played.hand)
    assert again.finishing_stacks == played.finishing_stacks


def test_fixed_limit_omaha_hi_lo_phh_is_read_by_pokerkit_the_same_way():
    pokerkit = pytest.importorskip("pokerkit")
    history = pokerkit.HandHistory.loads(FO8)
    *_, state = iter(history)
    assert tuple(state.stacks) == replay(FO8).finishing_stacks


def test_pot_limit_omaha_round_trip():
    h = start_hand(
        {"A": 300, "B": 200, "C": 300},
        button="C",
        small_blind=1,
        big_blind=2,
        structure=PotLimit(big_blind=2),
        game="omaha",
    )
    h = h.deal_hole("A", "As Ks Qd Jd").deal_hole("B", "Ah Ad 3c 4h").deal_hole("C", "8c 8d 9h Jc")
    h = h.raise_to("C", 7).call("A").raise_to("B", 24).call("C").call("A")
    h = h.deal_board("Qs Js Ts").bet("A", 72).all_in("B").call("C").call("A")
    h = h.deal_board("9s").check("A").check("C").deal_board("3s").check("A").check("C")
    text = to_phh(h)
    assert text.startswith('variant = "PO"') and "d dh p1 AsKsQdJd" in text
    again = replay(text)
    ours = h.finishing_stacks()
    assert again.finishing_stacks == tuple(ours[p] for p in again.players)
    # A plays As Ks with Qs Js Ts: a royal flush, and takes the main pot and the side pot.
    assert ours == {"A": 700, "B": 0, "C": 100}


def test_pot_limit_omaha_hi_lo_has_no_phh_code():
    h = start_hand(
        {"A": 9, "B": 9}, small_blind=1, big_blind=2, structure=PotLimit(big_blind=2), game="omaha-hi-lo"
    )
    with pytest.raises(HandHistoryError, match="PHH has no variant code for pot limit Omaha hi-lo"):
        to_phh(h.fold("B"))


@pytest.mark.filterwarnings("ignore::UserWarning")  # pokerkit: "no reason for this player to fold"
def test_random_pot_limit_omaha_hands_written_by_pokerkit_replay_to_its_stacks():
    """pokerkit plays random pot-limit Omaha hands (its own cards) and writes them in PHH; our
    replay must end with its stacks (up to where an odd chip of a tied pot goes)."""
    import random

    pokerkit = pytest.importorskip("pokerkit")
    automations = tuple(pokerkit.Automation)  # pokerkit deals, shows and pushes the chips itself
    rng = random.Random(4)
    random.seed(4)  # pokerkit shuffles with the random module
    compared = exact = showdowns = 0
    for _ in range(60):
        n = rng.randint(2, 6)
        stacks = tuple(rng.randint(6, 300) for _ in range(n))
        game = pokerkit.PotLimitOmahaHoldem(automations, False, 0, (1, 2), 2, mode=pokerkit.Mode.CASH_GAME)
        state = game(stacks, n)
        while state.status:
            if state.can_complete_bet_or_raise_to() and rng.random() < 0.35:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(rng.choice([low, high, (low + high) // 2]))
            elif state.can_fold() and rng.random() < 0.2:
                state.fold()
            else:
                state.check_or_call()
        text = pokerkit.HandHistory.from_game_state(game, state).dumps()
        played = replay(text)
        ours, theirs = played.finishing_stacks, tuple(state.stacks)
        assert sum(ours) == sum(theirs) == sum(stacks)
        assert all(abs(a - b) <= len(played.settlement.pots) for a, b in zip(ours, theirs, strict=True))
        assert played.hand.setup.game == "omaha"
        compared += 1
        exact += ours == theirs
        showdowns += len(played.hand.live) > 1
    assert compared == 60 and exact >= 55 and showdowns > 10


POKERKIT_PLO = """variant = 'PO'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [67, 285, 62, 255]
actions = ['d dh p1 7c8dTsTh', 'd dh p2 4c2h3cKh', 'd dh p3 9sTdKd8h', 'd dh p4 KcJsAh5d', 'p3 cc',
  'p4 cc', 'p1 cc', 'p2 cbr 4', 'p3 cc', 'p4 cc', 'p1 cbr 20', 'p2 cc', 'p3 cc', 'p4 cc',
  'd db Tc5sAd', 'p1 cc', 'p2 cc', 'p3 cbr 42', 'p4 cbr 84', 'p1 cc', 'p2 cc', 'd db 6h', 'p2 f',
  'p4 cc', 'p1 sm 7c8dTsTh', 'p3 sm 9sTdKd8h', 'p4 sm KcJsAh5d', 'd db Qd']
"""


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_check_by_the_last_player_with_chips_is_accepted():
    # On the turn p1 and p3 are all-in and p2 folds: nobody can bet, yet pokerkit has p4 check.
    played = replay(POKERKIT_PLO)
    assert played.hand.history[-1].kind != "check"  # nothing recorded, no chip moved
    # p4's K-J with Q-T-A (after the river Qd) is a straight and beats p1's set of tens: p4 takes
    # the main pot, the side pot and his own uncalled 74 back.
    assert played.finishing_stacks == (0, 181, 0, 488)
    assert played.settlement.hands is not None
    assert played.settlement.hands["p4"].description == "Ace-high straight"
    pokerkit = pytest.importorskip("pokerkit")
    *_, state = iter(pokerkit.HandHistory.loads(POKERKIT_PLO))
    assert played.finishing_stacks == tuple(state.stacks)


# ---- straddles, missed blinds, bomb pots, double boards and runs (rules of potengine/play/hand.py) ----
def _same_hand(hand):
    """Write ``hand`` in PHH, read it back, and check that it is the same hand."""
    text = to_phh(hand)
    again = replay(text)
    assert [str(op) for op in again.hand.history] == [str(op) for op in hand.history]
    assert again.hand.boards == hand.boards
    assert again.finishing_stacks == tuple(hand.finishing_stacks()[p] for p in again.players)
    return text, again


def test_a_hand_run_twice_round_trips_with_its_user_defined_fields():
    h = start_hand({"A": 50, "B": 100, "C": 80}, button="C", small_blind=1, big_blind=2)
    h = h.deal_hole("A", "AsAh").deal_hole("B", "KsKh").deal_hole("C", "QsQh")
    h = h.all_in("C").call("A").call("B").deal_board("2c 7d 9h").run_it(2)
    h = h.deal_board("3s 4d").deal_board("Kd 5c")
    text, again = _same_hand(h)
    assert "_run_count = 2\n_run_common_cards = 3\n" in text
    assert again.hand == h
    assert again.finishing_stacks == (75, 155, 0)


def test_a_hand_run_three_times_from_the_turn_round_trips():
    h = start_hand({"A": 60, "B": 60}, button="B", small_blind=1, big_blind=2)
    h = h.deal_hole("A", "AsAh").deal_hole("B", "KsKh").all_in("B").call("A")
    h = h.deal_board("2c 7d 9h 3s").run_it(3).deal_board("4d").deal_board("Kd").deal_board("Kc")
    text, again = _same_hand(h)
    assert "_run_count = 3\n_run_common_cards = 4" in text
    assert again.hand == h


def test_straddles_are_phh_blinds_or_straddles():
    h = start_hand(
        {"A": 90, "B": 90, "C": 90, "D": 90, "E": 90, "F": 90},
        button="F",
        small_blind=1,
        big_blind=2,
        straddles={"C": 4, "D": 8},
    )
    h = h.raise_to("E", 16).fold("F").fold("A").fold("B").fold("C").call("D")
    h = h.deal_board("2c 7d 9h").check("D").check("E").deal_board("Ts").check("D").check("E")
    h = h.deal_board("Jd").check("D").check("E")
    text, again = _same_hand(h)
    assert "blinds_or_straddles = [1, 2, 4, 8, 0, 0]" in text
    assert again.hand == h


def test_a_button_straddle_is_read_from_the_button_entry():
    text = (
        "variant = 'NT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 4]\nmin_bet = 2\n"
        "starting_stacks = [50, 50, 50, 50]\nactions = ['p1 f', 'p2 f', 'p3 f']\n"
        "finishing_stacks = [49, 48, 50, 53]"
    )
    played = replay(text)
    assert played.matches
    assert played.hand.setup.straddles == ((3, 4),)


def test_missed_blinds_round_trip_and_pokerkit_cannot_carry_them():
    h = start_hand(
        {"A": 90, "B": 90, "C": 90, "D": 90},
        button="D",
        small_blind=1,
        big_blind=2,
        missed_blinds={"D": "both"},
    )
    h = h.raise_to("C", 10).fold("D").fold("A").fold("B")
    text, again = _same_hand(h)
    assert '_missed_blinds = ["", "", "", "both"]' in text
    assert again.finishing_stacks == (89, 88, 96, 87)
    assert again.hand == h


def test_a_bomb_pot_on_two_boards_round_trips():
    h = start_hand({"A": 90, "B": 90, "C": 90}, small_blind=1, big_blind=2, bomb_pot=5, boards=2)
    h = h.deal_board("2c 7d 9h").deal_board("3c 8d Th").check("A").bet("B", 10).call("C").fold("A")
    for turn, other in (("As", "Ks"), ("2s", "3d")):
        h = h.deal_board(turn).deal_board(other).check("B").check("C")
    h = h.show("B", "AhAd").show("C", "KcKd")
    text, again = _same_hand(h)
    assert "_bomb_pot = true\n_boards = 2" in text
    assert "antes = [5, 5, 5]\nblinds_or_straddles = [0, 0, 0]" in text
    assert again.finishing_stacks == (85, 93, 92)  # each board's half: 18 to B, 17 to C
    assert again.hand.setup.small_blind == 0  # not carried: nobody posts a blind in a bomb pot


@pytest.mark.parametrize(
    "fields, match",
    [
        ("_run_count = 4\n_run_common_cards = 3", "run two or three times, not 4"),
        ("_run_count = 2", "needs _run_count \\(2 or 3\\) and _run_common_cards"),
        ("_run_common_cards = 3", "_run_common_cards without _run_count"),
        ("_boards = 3", "_boards must be 1 or 2"),
        ("_bomb_pot = 'yes'", "_bomb_pot must be true or false"),
        ("_bomb_pot = true", "a bomb pot has no blinds"),
        ("_missed_blinds = ['', 'big']", "_missed_blinds must be a list of 3 strings"),
        ("_missed_blinds = ['', '', 'twice']", "p3's missed blinds must be 'small', 'big' or 'both'"),
        ("_run_count = 2\n_run_common_cards = 5", "_run_common_cards"),
    ],
)
def test_bad_user_defined_fields_are_named(fields, match):
    text = (
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [50, 50, 50]\n"
        "actions = ['p3 cbr 50', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'd db 3s4d', 'd db Kd5c']\n" + fields
    )
    with pytest.raises(HandHistoryError, match=match):
        replay(text)


def test_runs_whose_common_cards_never_come_are_refused():
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [50, 50]\nactions = ['p2 cbr 50', 'p1 cc', 'd db 2c7d9h3s4d']\n"
        "_run_count = 2\n_run_common_cards = 4"
    )
    with pytest.raises(HandHistoryError, match="the runs never start: the board holds 5 cards, never 4"):
        replay(text)
    flop_bet = text.replace("'d db 2c7d9h3s4d'", "'d db 2c7d9h', 'd db 3s', 'd db 4d'")
    assert replay(flop_bet.replace("_run_count = 2\n_run_common_cards = 4", "")).matches
    twice = replay(flop_bet.replace("'d db 4d'", "'d db 4d', 'd db 5d'"))
    assert [board[3:] for board in twice.hand.boards] == [("3s", "4d"), ("3s", "5d")]
