"""GGPoker's reader (potengine.histories.ggpoker): the package's own sample hands, written in
GGPoker's layout, with their exact numbers; bad input named by hand and line; and every hand of
the real files in ../shared/data/other-rooms/ggpoker (other people's data, read there, never
copied: tests/data/ggpoker_verdicts.tsv keeps their IDs and verdicts only)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from room_corpus import OTHER, ROOT, audit_files, kept_verdicts, needs

from potengine.errors import HandHistoryError
from potengine.histories import rooms
from potengine.histories.audit import REPLAYED, AuditRun, HandAudit, Verdict, audit_hand, dead_posts
from potengine.histories.ggpoker import SHORT_DECK, read_hand
from potengine.histories.record import POT_NAMES, RAKE, SIDE_POTS, HandHistory, UnsupportedHandError
from potengine.present import live

D = Decimal
SAMPLES = ROOT / "potengine" / "histories" / "samples" / "ggpoker"
CORPUS = OTHER / "ggpoker"
GG = rooms.BY_NAME["ggpoker"]

needs_corpus = needs(CORPUS, "the real GGPoker hands")


def hands(name: str) -> list[HandHistory]:
    return [read_hand(cut) for cut in rooms.cut_hands((SAMPLES / name).read_text(encoding="utf-8"), GG)]


def audits(name: str) -> list[HandAudit]:
    return list(AuditRun().audits(rooms.file_lines(SAMPLES / name), name))


def read_text(text: str) -> HandHistory:
    [cut] = rooms.cut_hands(text, GG)
    return read_hand(cut)


def sample(name: str, index: int = 0) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8").split("\n\n\n")[index]


# ----------------------------------------------------------------------------------------------
# The sample hands
# ----------------------------------------------------------------------------------------------


def test_every_sample_hand_is_consistent_but_the_wrong_one():
    verdicts = {p.name: [a.verdict.value for a in audits(p.name)] for p in sorted(SAMPLES.glob("*.txt"))}
    assert verdicts == {
        "run_twice.txt": ["consistent", "consistent"],
        "side_pots.txt": ["consistent", "consistent"],
        "six_card_omaha.txt": ["consistent", "consistent"],
        "specials.txt": ["consistent", "consistent", "consistent"],
        "tournament_short_deck.txt": ["consistent", "consistent"],
        "wrong_odd_chip.txt": ["wrong"],
    }


def test_a_side_pot_the_jackpot_from_the_larger_pot_and_an_odd_cent():
    """b42d0e11 all-in for 1: main pot 3.05 (the small blind's 0.05 dead in it), side pot 18 between
    7a1c3e9f and 5fe8aa02, who tie. Withheld 0.56 (rake 0.49, jackpot 0.07): GGPoker's collections
    fit 0.07 from the main pot and 0.49 from the side pot; its 17.51 splits 8.76 to 7a1c3e9f, first
    left of the button, and 8.75."""
    [hand, _] = hands("side_pots.txt")
    assert hand.total_pot == D("21.05") and hand.rake == D("0.56")
    assert hand.withheld == (("rake", D("0.49")), ("jackpot", D("0.07")))
    assert hand.not_stated == {POT_NAMES, SIDE_POTS} and hand.main_pot is None
    assert [(c.player, c.amount, c.pot, c.label) for c in hand.collections] == [
        ("b42d0e11", D("2.98"), 0, "pot"),
        ("7a1c3e9f", D("8.76"), 0, "pot"),
        ("5fe8aa02", D("8.75"), 0, "pot"),
    ]
    [audit, split] = audits("side_pots.txt")
    assert dict(audit.contributions) == {"Hero": D("0.05"), "7a1c3e9f": 10, "b42d0e11": 1, "5fe8aa02": 10}
    main, side = audit.settlement.pots
    assert (main.amount, main.rake, side.amount, side.rake) == (D("3.05"), D("0.07"), 18, D("0.49"))
    assert dict(side.shares) == {"7a1c3e9f": D("8.76"), "5fe8aa02": D("8.75")}
    assert any("its collections fit 0.07 from the main pot, 0.49 from the side pot" in n for n in audit.notes)
    assert dict(split.settlement.pots[0].shares) == {"e1f2a3b4": D("0.76"), "0a9b8c7d": D("0.75")}


def test_a_straddle_is_the_straddlers_total_and_is_replayed_with_his_option():
    straddled = hands("specials.txt")[0]
    post = straddled.actions[2]
    assert (post.player, post.kind, post.amount, post.to) == ("ee55ff66", "straddle", D("0.20"), D("0.20"))
    assert straddled.posts == straddled.actions[:3]
    audit = audits("specials.txt")[0]
    assert audit.consistent and audit.hand.returned == (("ee55ff66", D("1.40")),)
    assert REPLAYED in audit.steps[0].findings[-1]
    assert audit.settlement.payouts["ee55ff66"] == D("1.88") + D("1.40")
    # re-straddles by the button himself (short deck): each line restates his whole bet
    text = sample("tournament_short_deck.txt", 1).replace(
        "0c0d0e0f: posts button blind $0.1\n",
        "0c0d0e0f: posts button blind $0.1\n0c0d0e0f: straddle $0.2\n0c0d0e0f: straddle $0.4\n",
    )
    restraddled = read_text(text.replace("0c0d0e0f: calls $0.3", "0c0d0e0f: checks"))
    assert [(a.kind, a.amount, a.to) for a in restraddled.posts[-2:]] == [
        ("straddle", D("0.10"), D("0.20")),
        ("straddle", D("0.20"), D("0.40")),
    ]


def test_a_cash_drop_a_missed_blind_and_an_ev_cashout_whose_hand_won():
    """A drop of 0.20 before the blinds; b7c8d9e0's missed blind 0.02 is dead beside his live big
    blind; Hero's EV Cashout: his hand wins, he collects the pot and pays the Cashout Risk apart."""
    hand = hands("specials.txt")[1]
    assert hand.added == (("cash drop", D("0.20")),) and hand.total_pot == D("9.02")
    missed = hand.posts[2]
    assert (missed.player, missed.kind, missed.amount) == ("b7c8d9e0", "small blind", D("0.02"))
    assert dead_posts(hand) == {missed.line: D("0.02")}
    assert hand.cash_outs == ()
    audit = audits("specials.txt")[1]
    assert audit.consistent, audit.report()
    assert dict(audit.contributions) == {
        "Hero": 5,
        "51ab6c7d": D("4.30"),
        "e0e0a1a1": D("0.05"),
        "b7c8d9e0": D("0.17"),
    }
    assert audit.settlement.pots[0].amount == D("9.02")  # 9.52 put in, less 0.70 returned, and the drop
    assert audit.notes[0] == (
        "Hero took GGPoker's EV Cashout and his hand won: he collects the pot as usual and pays the "
        "room a Cashout Risk of 0.25 outside the pot"
    )


def test_an_ev_cashout_whose_hand_lost_is_a_cash_out_and_time_bank_cards_are_outside_the_pot():
    hand = hands("specials.txt")[2]
    assert hand.cash_outs == (("a1b2c3d4", D("3.64"), 0),)
    audit = audits("specials.txt")[2]
    assert audit.consistent, audit.report()
    [cash_out] = audit.cash_outs
    assert cash_out.not_awarded == 0 and "the pot goes to its winner" in cash_out.text()
    assert audit.settlement.payouts["Hero"] == D("18.43")
    assert any(n.startswith("outside the pot, between the players: 0f1e2d3c bought") for n in audit.notes)


def test_hands_run_twice_and_three_times():
    twice, thrice = hands("run_twice.txt")
    assert twice.board == () and [len(b) for b in twice.runs] == [5, 5]
    assert [c.run for c in twice.collections] == [1, 2]
    assert thrice.board == ("8h", "8d", "3s")
    assert thrice.runs[2] == ("8h", "8d", "3s", "Ah", "9h")
    first, second = audits("run_twice.txt")
    assert [part.amount for part in first.settlement.pots[0].runs] == [D("2.92"), D("2.91")]
    assert [part.amount for part in second.settlement.pots[0].runs] == [D("5.52"), D("5.51"), D("5.51")]


def test_a_run_after_a_flop_bet_on_as_the_first_run_s():
    """GGPoker calls the streets bet on before a hand is run twice FIRST as well: the cards the
    second run repeats are the cards dealt once, and the bets on them stand."""
    text = sample("run_twice.txt", 1)
    text = text.replace("*** FLOP *** [8h 8d 3s]", "*** FIRST FLOP *** [8h 8d 3s]")
    for third in ("*** THIRD TURN *** [8h 8d 3s] [Ah]\n", "*** THIRD RIVER *** [8h 8d 3s Ah] [9h]\n"):
        text = text.replace(third, "")
    text = text.replace("*** THIRD SHOWDOWN ***\n7f7f0000 collected $5.51 from pot\n", "")
    text = text.replace("Hand was run three times", "Hand was run two times").replace(
        "THIRD Board [Ah 9h]\n", ""
    )
    text = text.replace("$5.52", "$8.27").replace("$5.51", "$8.27")
    hand = read_text(text)
    assert hand.board == ("8h", "8d", "3s") and len(hand.runs) == 2
    assert sum(1 for a in hand.actions if a.street.name == "FLOP") == 5


def test_a_tournament_hand_at_a_level_change_and_a_short_deck_hand():
    tournament, short = hands("tournament_short_deck.txt")
    assert tournament.tournament == "198877102" and not tournament.currency
    assert (tournament.small_blind, tournament.big_blind) == (200, 400)  # the header says 250/500
    assert tournament.total_pot == 12715 and tournament.rake == 0 and RAKE not in tournament.not_stated
    assert "the header names the blinds 250/500, the players post 200/400" in tournament.remarks[0]
    assert short.game == SHORT_DECK and short.small_blind is None and short.big_blind == D("0.10")
    assert [a.kind for a in short.posts] == ["ante"] * 4 + ["button blind"]
    _, audit = audits("tournament_short_deck.txt")
    assert audit.consistent and audit.settlement.game == "short-deck"
    assert "f9e8d7c6: Ace" not in audit.report() and "straight" in audit.steps[4].findings[0]
    # GGPoker ranks a straight above three of a kind: the pot paid to the trips is wrong
    trips = audit_hand(replace(short, collections=(replace(short.collections[0], player="6a6b6c6d"),)))
    assert trips.verdict is Verdict.WRONG


def test_the_deliberately_wrong_hand_is_wrong_naming_the_odd_chip():
    [audit] = audits("wrong_odd_chip.txt")
    assert audit.verdict is Verdict.WRONG
    assert audit.differences == (
        "pot: history pays Hero 0.75 and 6d7e8f90 0.76, the engine pays Hero 0.76 and 6d7e8f90 0.75 "
        "(the odd chip goes to the first winner left of the button, Hero)",
    )
    assert audit.text().startswith("Hand #RC4120590555: wrong")


def test_a_summary_with_no_fee_is_a_rake_not_stated_in_a_cash_game():
    text = sample("side_pots.txt", 1).replace(
        " | Rake $0.08 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0", ""
    )
    hand = read_text(text)
    assert RAKE in hand.not_stated and hand.rake == 0
    audit = audit_hand(hand)
    assert audit.consistent and "the rake (the 0.08 the collections leave" in audit.notes[0]


# ----------------------------------------------------------------------------------------------
# Bad input: named by hand and line
# ----------------------------------------------------------------------------------------------


def failure(text: str, first: int = 1) -> HandHistoryError:
    [cut] = rooms.cut_hands("\n" * (first - 1) + text, GG)
    with pytest.raises(HandHistoryError) as caught:
        read_hand(cut)
    return caught.value


def test_a_truncated_hand_names_its_last_line():
    text = sample("side_pots.txt", 1).split("*** SUMMARY ***")[0]
    err = failure(text, first=10)
    assert err.hand_id == "RC4120551290" and err.line_number == 10 + text.rstrip().count("\n")
    assert str(err).startswith(
        f"hand #RC4120551290, line {err.line_number}: the hand has no '*** SUMMARY ***' line"
    )


def test_an_unknown_card_and_a_garbage_amount_name_the_line():
    text = sample("side_pots.txt", 1)
    card = failure(text.replace("[Ts 9c 2d]", "[Ts 9x 2d]", 1))
    assert card.line_number == 18 and card.line == "*** FLOP *** [Ts 9x 2d]"
    assert "'9x' is not a card" in str(card)
    amount = failure(text.replace("e1f2a3b4: bets $0.37", "e1f2a3b4: bets $0.3.7"))
    assert "cannot read e1f2a3b4's action" in str(amount) and amount.line == "e1f2a3b4: bets $0.3.7"
    huge = failure(text.replace("$0.37", "$" + "9" * 20, 1))
    assert "is too large" in str(huge)
    stranger = failure(text.replace("e1f2a3b4 collected", "ffffffff collected"))
    assert "'ffffffff' has no seat in this hand" in str(stranger)


def test_games_the_engine_does_not_play_are_unsupported_naming_the_game():
    text = sample("side_pots.txt", 1)
    for words in ("FLO8", "Omaholic Omaha (NL postflop)", "Razz"):
        err = failure(text.replace("Hold'em No Limit", words, 1))
        assert isinstance(err, UnsupportedHandError) and f"GGPoker's {words!r} is not a game" in str(err)
        assert "Omaha of four, five or six cards" in str(err)
    audit = next(AuditRun().audits(text.replace("Hold'em No Limit", "Razz", 1).split("\n")))
    assert audit.verdict is Verdict.UNSUPPORTED


def test_six_card_omaha_side_pot_and_two_of_six_hole_cards():
    """PLO-6: 3c9a1f0e all-in for 6 (main pot 18 among three), Hero and b7e2d4a8 on for 10 more
    (side pot 10); the 1.40 rake spread in proportion (0.90 and 0.50). 3c9a1f0e's A 10 of
    diamonds with three diamonds of the board beat Hero's K Q of them for the main pot; Hero's
    flush beats b7e2d4a8's three jacks for the side pot. Then four spades on the board and one in
    3c9a1f0e's hand make no flush: his 9 9 with Q Q 9 make nines full, over b7e2d4a8's K 3 of
    spades with three of the board."""
    side, flush = hands("six_card_omaha.txt")
    assert (side.game, side.omaha, side.hi_lo, side.currency) == ("6 Card Omaha Pot Limit", True, False, True)
    assert all(len(cards) == 6 for cards in side.shown.values())
    first, second = audits("six_card_omaha.txt")
    assert [{p: a for p, a in pot.shares.items() if a} for pot in first.settlement.pots] == [
        {"3c9a1f0e": D("17.10")},
        {"Hero": D("9.50")},
    ]
    assert [pot.rake for pot in first.settlement.pots] == [D("0.90"), D("0.50")]
    assert "3c9a1f0e: Nines full of queens; b7e2d4a8: King-high flush" in second.report()
    wrong = next(
        AuditRun().audits(
            sample("six_card_omaha.txt", 1).replace("3c9a1f0e collected", "b7e2d4a8 collected").split("\n")
        )
    )
    assert wrong.verdict is Verdict.WRONG and any(
        "the engine pays 3c9a1f0e 1.43" in d for d in wrong.differences
    )


def test_a_low_card_in_a_short_deck_hand_is_refused():
    text = sample("tournament_short_deck.txt", 1).replace("[Jc Tc]", "[Jc 5c]")
    err = failure(text)
    assert "card 5c is not in the 36-card deck of short deck" in str(err)
    assert err.line == "f9e8d7c6: shows [Jc 5c] (a straight, King to Nine)"


def test_a_run_with_an_action_after_its_cards_is_refused():
    text = sample("run_twice.txt", 0).replace(
        "*** SECOND FLOP *** [Jh 9s 4d]\n", "*** SECOND FLOP *** [Jh 9s 4d]\nHero: checks\n"
    )
    assert "an action after the board was run more than once" in str(failure(text))
    once = sample("run_twice.txt", 0).replace(
        "*** SECOND SHOWDOWN ***\n8e8e2b10 collected $2.91 from pot\n", ""
    )
    for line in (
        "*** SECOND FLOP *** [Jh 9s 4d]",
        "*** SECOND TURN *** [Jh 9s 4d] [6c]",
        "*** SECOND RIVER *** [Jh 9s 4d 6c] [3h]",
    ):
        once = once.replace(line + "\n", "")
    assert "a second run is missing" in str(failure(once))


# ----------------------------------------------------------------------------------------------
# The checker reads GGPoker now
# ----------------------------------------------------------------------------------------------


def test_a_ggpoker_text_is_audited_by_the_checker_and_the_command_line(tmp_path: Path, capsys):
    from potengine.cli import main

    text = (SAMPLES / "side_pots.txt").read_text(encoding="utf-8")
    assert GG.readable and live.survey(text)["message"] == "GGPoker history, 2 hands"
    assert live.count_hands(text) == 2
    shown = [(h["hand_id"], h["verdict"]) for h in live.audit_hands(text, "gg.txt")]
    assert shown == [("RC4120550017", "consistent"), ("RC4120551290", "consistent")]
    path = tmp_path / "gg.txt"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    assert main(["audit", str(path)]) == 0
    assert (
        "2 hands: 2 consistent, 0 irregular, 0 wrong, 0 unsupported, 0 unreadable" in capsys.readouterr().out
    )


# ----------------------------------------------------------------------------------------------
# The real files
# ----------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def audited() -> tuple[AuditRun, dict[tuple[str, int], HandAudit], dict[str, int]]:
    paths = sorted(CORPUS.iterdir())
    texts = {path.name: rooms.decode(path.read_bytes()) for path in paths}
    headers = {
        name: sum(line.startswith("Poker Hand #") for line in text.splitlines())
        for name, text in texts.items()
    }
    run, found, _ = audit_files(paths)
    return run, found, headers


def test_the_expected_verdicts_are_ids_and_verdicts_with_a_reason_for_each_other_hand():
    rows, reasons, _ = kept_verdicts("ggpoker")
    assert len(rows) == 2205
    assert {verdict for _, verdict in rows.values()} <= {v.value for v in Verdict}
    others = {hand_id for hand_id, verdict in rows.values() if verdict != "consistent"}
    assert others and others <= set(reasons)


@needs_corpus
def test_every_real_hand_is_read_and_gets_its_expected_verdict(audited):
    run, found, headers = audited
    for name, count in headers.items():
        assert sum(1 for file, _ in found if file == name) == count, name
    got = {key: (a.hand_id or "-", a.verdict.value) for key, a in found.items()}
    assert got == kept_verdicts("ggpoker").rows
    assert run.summary()["unreadable"] == 0 and run.summary()["unsupported"] == 0


@needs_corpus
def test_the_real_hands_show_the_room_s_conventions(audited):
    """Measured for the module's notes: the fees, the drops, the runs and the cash-outs."""
    _, found, _ = audited
    read = [a.hand for a in found.values() if a.hand is not None]
    assert len(read) == 2205 and all(h.room == "GGPoker" and h.currency for h in read)
    assert sum(1 for h in read if h.added) == 7
    assert sum(1 for h in read if len(h.runs) == 2) == 4
    assert sum(1 for h in read if dict(h.withheld).get("jackpot")) == 189
    assert sum(1 for h in read if dict(h.withheld).get("tax")) == 2
    assert sum(1 for a in found.values() if any("Cashout Risk" in n for n in a.notes)) == 3
    assert all(h.not_stated == {POT_NAMES, SIDE_POTS} for h in read)
