"""The auditor in four languages: ``potengine audit --lang``, its verdicts, notes and steps, and
the hands' names in explanations.

The JSON document is the same in every language (its keys and values are the English ones); the
text says the same hand IDs, amounts and names in each language, in that language's words.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from potengine import evaluate, settle
from potengine.cli import main
from potengine.histories import sample
from potengine.histories.audit import AuditRun, audit_file
from potengine.histories.jobs import printed_audits
from potengine.present.words import explain

TRANSLATED = ("nl", "de", "el")
SAMPLES = Path(sample("uncalled.txt")).parent.parent
EVERY_SAMPLE = sorted(str(p) for p in SAMPLES.rglob("*") if p.is_file())
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
# Words only the English verdicts and notes use: a message left untranslated would show them.
ENGLISH_ONLY = re.compile(
    r"\b(history pays|the engine pays|consistent|unexplained|missing|not stated by the room|"
    r"winners by the|returned to|matched by nobody|nobody folded|cashed out|every bet was matched|"
    r"Replayed with the hand model|less \S+ rake|Summary|folded:)\b"
)


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _lines_without_paths(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith("== ")]


@pytest.mark.parametrize("language", TRANSLATED)
def test_audit_json_is_the_same_in_every_language(capsys, language):
    english = _run(capsys, "audit", "--json", *EVERY_SAMPLE)
    translated = _run(capsys, "audit", "--json", "--lang", language, *EVERY_SAMPLE)
    assert translated == english
    assert '"verdict": "wrong"' in english[1]


@pytest.mark.parametrize("language", TRANSLATED)
def test_an_audit_names_the_same_hands_and_amounts_in_every_language(capsys, language):
    status, english, _ = _run(capsys, "audit", "-v", *EVERY_SAMPLE)
    status_lang, translated, _ = _run(capsys, "audit", "-v", "--lang", language, *EVERY_SAMPLE)
    assert status_lang == status == 1
    assert translated != english
    english_lines, translated_lines = _lines_without_paths(english), _lines_without_paths(translated)
    assert len(translated_lines) == len(english_lines)
    for en, tr in zip(english_lines, translated_lines, strict=True):
        # the same hand IDs, amounts, line numbers and counts, line by line (hand names carry
        # the kickers' ranks as written on the cards: the same in every language)
        assert Counter(NUMBER.findall(tr)) == Counter(NUMBER.findall(en)), f"{language}:\n{en}\n{tr}"
        hand_ids = re.findall(r"#(\w+)", en)
        assert all(f"#{h}" in tr for h in hand_ids), f"{language}:\n{en}\n{tr}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_verdict_or_note_is_left_in_a_translated_audit(capsys, language):
    _, translated, _ = _run(capsys, "audit", "-v", "--lang", language, *EVERY_SAMPLE)
    for line in _lines_without_paths(translated):
        # what a reader of the room writes stays as written (a player's name, an action's line)
        line = re.sub(r"\([^()]*\)", "", line) if "line" in line.lower() else line
        assert not ENGLISH_ONLY.search(line), f"{language}: {line}"


def test_the_verdicts_are_said_in_each_language():
    audit = audit_file(sample("wrong_odd_chip.txt")).audits[0]
    english = audit.text()
    assert english.startswith("Hand #250000000903: wrong\n  - pot: history pays Cy 17 and Bo 16")
    assert audit.text("de").startswith(
        "Hand #250000000903: falsch\n  - Pot: die Hand-History zahlt Cy 17 und Bo 16"
    )
    assert audit.text("nl").startswith(
        "Hand #250000000903: fout\n  - pot: de handgeschiedenis betaalt Cy 17 en Bo 16"
    )
    assert audit.text("el").startswith(
        "Χέρι #250000000903: λάθος\n  - ποτ: το ιστορικό πληρώνει Cy 17 και Bo 16"
    )
    # the English text and the JSON are what they were: the audit keeps its words English
    assert audit.differences[0] == english.splitlines()[1].removeprefix("  - ")
    assert audit.to_json()["differences"] == list(audit.differences)


def test_a_consistent_hand_and_its_notes_in_german_and_greek():
    audits = audit_file(sample("uncalled.txt")).audits
    assert audits[0].text("de").startswith("Hand #250000000301: stimmig (")
    report = audits[0].report("de")
    assert "Schritt 2 (nicht gecallte Bet) ✓:" in report
    greek = audits[0].report("el")
    assert "Βήμα 6 (" in greek and "; " not in greek.split("\n")[0]  # the ano teleia, not a "?"


def test_not_stated_notes_are_translated():
    ggpoker = audit_file(sample("side_pots.txt").parent.parent / "ggpoker" / "side_pots.txt").audits
    notes = [n for a in ggpoker for n in a.notes if n.startswith("not stated by the room")]
    assert notes
    lines = [line for a in ggpoker for line in a.note_lines("nl")]
    assert any("niet vermeld door de room, dus niet gecontroleerd" in line for line in lines)
    assert all(line.startswith("  opmerking: ") for line in lines)


def test_the_duplicate_note_and_the_summary_in_dutch(capsys):
    path = str(sample("uncalled.txt"))
    status, out, _ = _run(capsys, "audit", "--lang", "nl", path, path)
    assert status == 0
    assert "  opmerking: hand #250000000301 komt meer dan eens voor in de invoer (eerst op " in out
    assert "Dubbele hand #250000000301: " in out
    assert out.rstrip().endswith(
        "Samenvatting: 6 handen: 6 klopt, 0 onregelmatig, 0 fout, 0 niet ondersteund, 0 onleesbaar"
    )


def test_several_processes_say_the_same_as_one(capsys):
    paths = [str(sample("uncalled.txt")), str(sample("wrong_odd_chip.txt")), str(sample("uncalled.txt"))]
    one = [p for _, p in printed_audits(paths, AuditRun(), language="el", verbose=True)]
    two = [p for _, p in printed_audits(paths, AuditRun(), jobs=2, language="el", verbose=True)]
    assert one == two
    assert any(note.startswith("το χέρι #250000000301 εμφανίζεται") for p in two for note in p.notes)


def test_audit_lang_is_in_the_help_and_an_unknown_language_is_refused(capsys):
    assert main(["audit", "--help"]) == 0
    assert "--lang LANG" in capsys.readouterr().out
    status, out, err = _run(capsys, "audit", "--lang", "fr", str(sample("uncalled.txt")))
    assert status == 2 and not out
    assert "unknown language 'fr'" in err


HANDS = {
    "Pair of aces, kickers K 9 7": ("As Ad Kh 9c 7s", "Paar azen", "Paar Asse", "Ζευγάρι άσοι"),
    "Two pair, kings and nines, 7 kicker": (
        "Ks Kd 9h 9c 7s",
        "Twee paar, heren en negens",
        "Zwei Paare, Könige und Neunen",
        "Δύο ζευγάρια, ρηγάδες και εννιάρια",
    ),
    "Queens full of fours": (
        "Qs Qd Qh 4c 4s",
        "Full house, vrouwen over vieren",
        "Full House, Damen über Vieren",
        "Φουλ, ντάμες με τεσσάρια",
    ),
    "Ace-high straight": (
        "As Kd Qh Jc Ts",
        "Straat, aas hoog",
        "Straße bis Ass",
        "Κέντα (ψηλότερο φύλλο: άσος)",
    ),
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_hand_names_are_said_in_each_language(language):
    index = 1 + TRANSLATED.index(language)
    for english, (cards, *names) in HANDS.items():
        value = evaluate(cards)
        assert value.description == english == value.said
        assert value.said.in_language(language).startswith(names[index - 1])


@pytest.mark.parametrize("language", TRANSLATED)
def test_explain_names_the_hands_in_its_language(language):
    result = settle(
        {"Alice": 40, "Bilal": 100, "Chloé": 100},
        hands={"Alice": "As Ah", "Bilal": "Kh Kc", "Chloé": "Qd Qh"},
        board="2c 7d 9s Jh 3c",
    )
    english, translated = explain(result), explain(result, language)
    assert "Pair of aces" in english and "Pair of aces" not in translated
    expected = {"nl": "Paar azen", "de": "Paar Asse", "el": "Ζευγάρι άσοι"}[language]
    assert expected in translated


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_audit_notes_name_the_hands_in_their_language(language):
    audit = audit_file(sample("side_pots.txt")).audits[0]
    english = "\n".join(audit.step_lines())
    translated = "\n".join(audit.step_lines(language))
    names = re.findall(r"\w+: ((?:Pair|Two pair|Three of a kind|[A-Z][a-z]+-high)[^;)]*)", english)
    assert names, english
    for name in names:
        assert name not in translated, f"{language}: {name!r} left in\n{translated}"


@pytest.mark.parametrize(
    ("language", "caption", "heading"),
    [("nl", "De room", "Post"), ("de", "Der Raum", "Posten"), ("el", "Η αίθουσα", "Στοιχείο")],
)
def test_the_rooms_table_has_its_headings_in_each_language(language, caption, heading):
    from potengine.present.tables import settlement_html

    result = settle({"A": 50, "B": 50}, ["A", "B"], rake=2, fees={"jackpot": 1})
    english, translated = settlement_html(result), settlement_html(result, language)
    assert ">The room</caption>" in english and ">Item<" in english
    assert f">{caption}</caption>" in translated and f">{heading}<" in translated
    assert ">The room</caption>" not in translated
    assert "jackpot" in translated  # the fee's own name, as the room calls it
