"""The live pages in English, Dutch, German and Greek, without a browser (issue #22, item 2).

The pages' labels are :func:`potengine.present.labels.labels`, written into the site by
``tools/build_live.py`` as ``live/words-<lang>.json``; the pages' JavaScript uses no word of its
own. Every label has a translation in every language (no silent fall back to English), every key
the scripts use is in the table and every key of the table is used; the calculator, the drills and
the checker say everything in the page's language, naming the same amounts as in English, while
the JSON stays what ``potengine settle --json`` prints. The browser tests
(``tests/test_browser_languages.py``) open the pages in each language.
"""

from __future__ import annotations

import ast
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from potengine.drills import LEVELS, RULES, deal, mark, mark_pots
from potengine.errors import PotEngineError
from potengine.i18n import LANGUAGES
from potengine.present.labels import NAMES, labels
from potengine.present.live import calculate, call, mark_drill, new_drill, survey

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
TRANSLATED = ("nl", "de", "el")
NUMBER = re.compile(r"[+−-]?\d+(?:\.\d+)?")
sys.path.insert(0, str(ROOT / "tools"))

import build_live  # noqa: E402
import messages  # noqa: E402


def numbers(text: str) -> Counter[str]:
    """The amounts a text names (and the seat and run numbers), with how often."""
    return Counter(NUMBER.findall(text))


# ----------------------------------------------------------------------------------------------
# The labels: one table, translated, the same in the site, used by the scripts
# ----------------------------------------------------------------------------------------------

LABEL_MESSAGES = messages.extract([ROOT / "potengine" / "present" / "labels.py"])


def test_the_labels_are_messages_of_the_catalogues() -> None:
    assert len(LABEL_MESSAGES) > 100
    english = labels("en")
    assert {m.msgid for m in LABEL_MESSAGES} <= set(english.values())


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_label_has_a_translation_no_silent_fallback(language: str) -> None:
    entries = messages.read_catalogue(language)
    for message in LABEL_MESSAGES:
        entry = entries.get(message.key)
        assert entry is not None, f"{language}: {message.msgid!r} is not in the catalogue"
        assert entry.strings and all(s.strip() for s in entry.strings), f"{language}: {message.msgid!r}"
    # and the page shows the translation: most labels differ from the English (a few words, such
    # as "Run it", "Pot" or "Board {number}", are the guides' own in every language)
    english, translated = labels("en"), labels(language)
    assert set(translated) == set(english)
    same = sorted(k for k in english if english[k] == translated[k] and not k.startswith("language."))
    assert len(same) <= 6, same


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_site_carries_each_languages_labels_as_the_table_says(language: str, tmp_path: Path) -> None:
    names = build_live.write_labels(tmp_path)
    assert names == [f"words-{code}.json" for code in LANGUAGES]
    written = json.loads((tmp_path / f"words-{language}.json").read_text(encoding="utf-8"))
    assert written == labels(language)
    assert written["live.language"] and written[f"language.{language}"] == NAMES[language]


KEY = re.compile(r"""["'`]((?:live|calc|hist|drill|verdict|language)\.[a-z_0-9.]*)["'`$]""")
DYNAMIC = ("drill.level.", "verdict.", "language.")  # keys the scripts make: `drill.level.${n}`


def script_keys() -> set[str]:
    found = {key for path in WEB.glob("*.mjs") for key in KEY.findall(path.read_text(encoding="utf-8"))}
    return {key for key in found if not key.endswith((".css", ".mjs", ".json"))}  # not file names


def test_every_label_the_scripts_use_is_in_the_table_and_every_label_is_used() -> None:
    table = labels("en")
    used = script_keys()
    missing = sorted(k for k in used if k not in table and k not in DYNAMIC)
    assert missing == [], "keys the scripts use that potengine.present.labels lacks"
    unused = sorted(k for k in table if k not in used and not k.startswith(DYNAMIC))
    assert unused == [], "labels no script uses"
    assert set(DYNAMIC) <= used  # the dynamic keys are built from these prefixes
    assert {f"verdict.{v}" for v in ("consistent", "irregular", "wrong", "unsupported", "unreadable")} <= set(
        table
    )
    assert {f"drill.level.{n}" for n in LEVELS} <= set(table)


# A word in a string the scripts show (a text, a placeholder, a name for a screen reader) would
# be English in every language: every such string is a label. Names and card codes are not words.
SHOWN = re.compile(r"""\b(text|placeholder|"aria-label"|title):\s*(["'`])(.*?)\2""")
ALLOWED = {"PokerStars Hand #…", "✕"}


def test_the_scripts_show_no_words_of_their_own() -> None:
    found = []
    for path in WEB.glob("*.mjs"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for _, _, value in SHOWN.findall(line):
                bare = re.sub(r"\$\{[^}]*\}", "", value)
                if value not in ALLOWED and re.search(r"[A-Za-z]{2,}", bare):
                    found.append(f"{path.name}:{number}: {value}")
            if re.search(r"\.textContent = [\"'`][^\"'`]*[A-Za-z]{2,}", line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == []


def test_no_message_is_hidden_from_the_extractor() -> None:
    """``self._("…")`` is a message tools/messages.py cannot find (it finds ``_("…")``): the
    catalogues would lack it and every language would show the English."""
    hidden = []
    for path in (ROOT / "potengine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                hidden.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert hidden == []


# ----------------------------------------------------------------------------------------------
# The calculator in four languages
# ----------------------------------------------------------------------------------------------


def tables(count: int = 60, seed: int = 22) -> list[dict[str, str]]:
    """Calculator tables of every kind the page takes: folds, ties and odd chips, returned bets,
    cents, cards, hands run twice or three times, bomb pots."""
    rng = random.Random(seed)
    names = ["Alice", "Bilal", "Chloé", "David", "Emma"]
    out = []
    for k in range(count):
        seats = names[: rng.randint(2, 5)]
        cents = k % 7 == 0
        amounts = {p: rng.choice([5, 10, 20, 25, 40, 41, 50, 100, 101]) for p in seats}
        written = {p: f"0,{a:02d}" if cents and a < 100 else str(a) for p, a in amounts.items()}
        folded = [p for p in seats[1:] if rng.random() < 0.2]
        live = [p for p in seats if p not in folded]

        def ranking(live: list[str] = live) -> str:
            order = live[:]
            rng.shuffle(order)
            text = order[0]
            for p in order[1:]:
                text += rng.choice([" > ", " > ", " = "]) + p
            return text

        fields = {
            "players": ", ".join(f"{p} {a}" for p, a in written.items()),
            "folded": ",".join(folded),
            "button": rng.choice(seats),
            "ranking": ranking(),
        }
        mode = k % 5
        if mode == 1:
            fields["runs"] = rng.choice(["2", "3"])
            fields["ranking2"], fields["ranking3"] = ranking(), ranking()
        elif mode == 2:
            fields.update(runs="2", bomb="1", ranking2=ranking())
        elif mode == 3:
            deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
            rng.shuffle(deck)
            fields.pop("ranking")
            fields["hands"] = ", ".join(f"{p}:{deck.pop()}{deck.pop()}" for p in live)
            fields["board"] = " ".join(deck[:5])
        out.append(fields)
    return out


TABLES = tables()


def told(out: dict) -> list[str]:
    return [out["explanation"], *out["pushes"], out["chip_note"]]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_calculator_says_the_same_amounts_in_every_language(language: str) -> None:
    kinds = Counter()
    for fields in TABLES:
        english, translated = calculate(fields), calculate(fields, language)
        assert english["ok"] and translated["ok"], (fields, english["errors"])
        # the JSON and the address are language-neutral: what potengine settle --json prints
        assert translated["settlement"] == english["settlement"]
        assert translated["settlement_text"] == english["settlement_text"]
        assert translated["query"] == english["query"] and translated["table"] == english["table"]
        assert translated["check_ok"] == english["check_ok"]
        for said, in_english in zip(told(translated), told(english), strict=True):
            ours, theirs = numbers(said), numbers(in_english)
            if fields.get("bomb"):  # English names board 1 and 2 where the others say the first run
                ours, theirs = (
                    Counter({n: c for n, c in x.items() if n not in "123"}) for x in (ours, theirs)
                )
            assert ours == theirs, f"{language}:\n{in_english}\n{said}"
        assert translated["explanation"] != english["explanation"]
        assert translated["tables"] != english["tables"] and translated["pictures"] != english["pictures"]
        kinds.update(k for k in ("runs", "bomb", "hands", "folded") if fields.get(k))
    assert all(kinds[k] >= 5 for k in ("runs", "bomb", "hands", "folded")), kinds


ENGLISH_ONLY = re.compile(
    r"\b(the|goes to|who|is not|put in|write|give|folded|tap|split between|only player|Return)\b"
)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_is_left_in_the_calculators_words(language: str) -> None:
    for fields in TABLES:
        out = calculate(fields, language)
        hands = re.findall(r"\(([A-Z][a-z]+(?: [a-z]+)*, [^)]*)\)", out["explanation"])  # hand names
        for text in [*told(out), re.sub(r"<[^>]+>", " ", out["tables"] + out["check"])]:
            for hand in hands:
                text = text.replace(hand, "")
            text = re.sub(
                r"(High card|Pair|Two pair|Three of a kind|Straight|Flush|Full house|Four of a "
                r"kind|Straight flush|Royal flush)[^,.;)]*",
                "",
                text,
            )  # hand names: not yet
            assert not ENGLISH_ONLY.search(text), f"{language}: {ENGLISH_ONLY.search(text)[0]!r} in {text}"


BAD = [
    ({"players": "Alice 40, Bilal x"}, "row-1-amount"),
    ({"players": "Alice 40, Bilal 1,000"}, "row-1-amount"),
    ({"players": "Alice 40 Bilal 100"}, "players"),
    ({"players": "Alice 40, Bilal 50", "ranking": "Alice > Eve"}, "ranking"),
    ({"players": "Alice 40, Bilal 50", "ranking": "Alice > > Bilal"}, "ranking"),
    ({"players": "Alice 40, Bilal 50", "button": "Zoë"}, "button"),
    ({"players": "Alice 40, Bilal 50", "folded": "Alice, Bilal"}, "table"),
    ({"players": "Alice 40, Bilal 50", "ranking": "Alice > Bilal", "chip": "0"}, "chip"),
    ({"players": "Alice 45, Bilal 50", "ranking": "Alice > Bilal", "chip": "10"}, "row-0-amount"),
    ({"players": "Alice 40, Bilal 50, Chloé 50", "ranking": "Alice"}, "order"),
    ({"players": "Alice 40, Bilal 50"}, "order"),
    ({"players": "Alice 40, Bilal 50", "runs": "7"}, "runs"),
    ({"players": "Alice 40, Bilal 50", "runs": "3", "bomb": "1", "ranking": "Alice>Bilal"}, "runs"),
    ({"players": "Alice 40, Bilal 50", "hands": "Alice:AsAh", "board": "2c 7d 9h Qs 3h"}, "row-1-cards"),
    (
        # the engine's own error (a card held twice), said with PotEngineError.in_language
        {"players": "Alice 40, Bilal 50", "hands": "Alice:AsAh, Bilal:AsKd", "board": "2c 7d 9h Qs 3h"},
        "row-1-cards!",
    ),
    (
        {
            "players": "A 40, B 50",
            "hands": "A:AsAh, B:KdKc",
            "runs": "2",
            "board": "2c 7d 9h Qs 3h",
            "board2": "2c 7d 9h 7h Qs",
        },
        "board-2",
    ),
    (
        {
            "players": "A 40, B 50",
            "hands": "A:AsAh, B:KdKc",
            "runs": "2",
            "bomb": "1",
            "board": "2c 7d 9h Qs 3h",
            "board2": "2c 8d 9c 7h 4s",
        },
        "board-2",
    ),
    (
        {"rows": [{"name": "Ann", "amount": "4"}, {"name": "", "amount": "4"}], "order": [["Ann"]]},
        "row-1-name",
    ),
    ({"rows": [{"name": "Ann", "amount": "4"}, {"name": "ann", "amount": "4"}]}, "row-1-name"),
    (
        {
            "rows": [{"name": "Ann", "amount": "4"}, {"name": "Bob", "amount": "4", "folded": True}],
            "order": [["Ann", "Bob"]],
        },
        "order",
    ),
]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(("fields", "key"), BAD)
def test_an_error_is_said_in_the_pages_language_at_the_same_field(fields, key, language) -> None:
    """The calculator's own messages are translated; an engine error (key ending in "!") is said
    as the engine says it in that language (``PotEngineError.in_language``: the engine's errors
    are being converted message by message, and one not yet converted stays English)."""
    ours = not key.endswith("!")
    key = key.rstrip("!")
    english, translated = calculate(fields), calculate(fields, language)
    assert not english["ok"] and key in english["errors"], english["errors"]
    assert set(translated["errors"]) == set(english["errors"])
    for field, message in translated["errors"].items():
        assert message != english["errors"][field] or not ours, (language, message)
        assert numbers(message) == numbers(english["errors"][field]), (english["errors"][field], message)
        assert "{" not in message and "Traceback" not in message


def test_call_says_its_answer_and_its_errors_in_the_language_asked() -> None:
    with pytest.raises(PotEngineError) as refused:
        deal(9, 1)
    assert json.loads(call("new_drill", "[9, 1]", "de"))["error"] == refused.value.in_language("de")
    out = json.loads(call("calculate", json.dumps([{"players": "A 4, B x"}]), "el"))["value"]
    assert out["errors"]["row-1-amount"] == calculate({"players": "A 4, B x"}, "el")["errors"]["row-1-amount"]
    assert json.loads(call("count_hands", '["x"]', "nl")) == json.loads(
        call("count_hands", '["x"]')
    )  # a count: no words
    assert json.loads(call("new_drill", "[1, 1]", "fr"))["value"]["title"] == LEVELS[1]  # unknown: English


def test_the_quick_field_takes_the_dutch_and_german_word_for_folded() -> None:
    for word in ("folded", "gefold", "gefoldet", "Fold"):
        out = calculate({"players": f"Ann 40, Bob 40 {word}, Cy 40", "ranking": "Ann > Cy"})
        assert out["ok"] and out["settlement"]["folded"] == ["Bob"], word


# ----------------------------------------------------------------------------------------------
# The drills and the checker in four languages
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_drills_marks_are_the_same_marks_said_in_another_language(language: str) -> None:
    for level in LEVELS:
        for seed in range(6):
            drill = deal(level, seed)
            assert new_drill(level, seed, language)["title"] == LEVELS[level].in_language(language)
            for given in ("1", "2", "5", "x"):
                english, translated = mark_pots(drill, given), mark_pots(drill, given, language)
                assert translated["ok"] == english["ok"] and translated.get("rule_key") == english.get(
                    "rule_key"
                )
                assert numbers(translated["message"]) == numbers(english["message"])
                assert numbers(translated.get("why", "")) == numbers(english.get("why", ""))
            answers = [drill.answer(), {"pots": [], "payouts": {}}]
            wrong = drill.answer()
            wrong["pots"][0]["amount"] = str(int(wrong["pots"][0]["amount"]) + 1)
            for player in wrong["payouts"]:
                wrong["payouts"][player] = str(int(wrong["payouts"][player]) + 1)
            answers.append(wrong)
            for answer in answers:
                english, translated = mark(drill, answer), mark_drill(level, seed, answer, language)
                assert [i["ok"] for i in translated["items"]] == [i["ok"] for i in english["items"]]
                assert [i.get("rule_key") for i in translated["items"]] == [
                    i.get("rule_key") for i in english["items"]
                ]
                for ours, theirs in zip(translated["items"], english["items"], strict=True):
                    assert ours["what"] != theirs["what"]
                    assert numbers(ours.get("why", "")) == numbers(theirs.get("why", "")), (ours, theirs)
                    if ours.get("rule_key") in RULES:
                        assert ours["rule"] == RULES[ours["rule_key"]].in_language(language)
                assert numbers(translated["explanation"]) == numbers(english["explanation"])


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_checker_names_the_room_and_counts_the_hands_in_the_language(language: str, monkeypatch) -> None:
    text = "Poker Hand #RC1: Hold'em\nx\nPoker Hand #RC2: Hold'em\n"
    english, translated = survey(text), survey(text, language)
    assert {k: v for k, v in translated.items() if k != "message"} == {
        k: v for k, v in english.items() if k != "message"
    }
    assert translated["message"] != english["message"] and "GGPoker" in translated["message"]
    assert numbers(translated["message"]) == numbers(english["message"])
    # a room recognised but not read (every room is read today): said so, naming those read
    from potengine.histories import rooms

    found = rooms.survey(rooms.decode(text))
    monkeypatch.setattr(rooms, "survey", lambda text: {**found, "readable": False})
    said = survey(text, language)["message"]
    assert said.startswith(translated["message"] + ": ") and "PokerStars" in said
