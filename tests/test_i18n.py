"""The engine's words in English, Dutch, German and Greek (potengine.i18n, the catalogues in
potengine/locale, the terminology table potengine.present.terms).

Every message of the source is translated in every language (no empty or missing entry, so no
silent fall back to English), with the same placeholders; a settlement told in any language names
the same amounts as in English, in the source guides' words; the terminology table agrees with
the guides themselves and with the glossary's NL, DE and EL columns.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import shutil
import string
import subprocess
import sys
import zipfile
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from potengine import settle
from potengine.cli import main
from potengine.errors import InputError
from potengine.i18n import LANGUAGES, translator, words
from potengine.pots.cashout import CashOut, Insurance
from potengine.pots.check import audit
from potengine.present.terms import GUIDES, TERMS
from potengine.present.words import dealer_pushes, explain

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("POTENGINE_SHARED", ROOT.parent / "shared")) / "seeds"
GLOSSARY = ROOT / "book" / "dealer" / "glossary.md"
TRANSLATED = ("nl", "de", "el")
sys.path.insert(0, str(ROOT / "tools"))

import messages  # noqa: E402
import msgfmt  # noqa: E402


def catalogue(language: str) -> dict[tuple[str | None, str], msgfmt.Entry]:
    path = messages.catalogue(language)
    entries = msgfmt.parse_po(path.read_text(encoding="utf-8"), str(path))
    return {(e.context, e.msgid): e for e in entries if e.msgid}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# ----------------------------------------------------------------------------------------------
# The catalogues: complete, in step with the source, placeholders kept
# ----------------------------------------------------------------------------------------------

MESSAGES = messages.extract()


def test_the_source_has_messages_and_each_is_a_literal_with_named_placeholders():
    assert len(MESSAGES) > 150  # explain(), the pushes, the six-step check
    for message in MESSAGES:
        for text in (message.msgid, message.plural or ""):
            for _, name, spec, conversion in string.Formatter().parse(text):
                if name is not None:
                    assert name.isidentifier(), f"{message.where}: positional placeholder in {text!r}"
                    assert not spec and not conversion, f"{message.where}: {text!r}"


def test_an_fstring_message_is_refused_by_the_extractor(tmp_path):
    source = tmp_path / "bad.py"
    source.write_text('def f(_, p):\n    return _(f"{p} folded.")\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="must be a string literal"):
        messages.extract([source])


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_has_a_translation_and_no_entry_is_stale(language):
    entries = catalogue(language)
    wanted = {m.key for m in MESSAGES}
    assert sorted(map(str, wanted - set(entries))) == [], "not in the catalogue: tools/messages.py --update"
    assert sorted(map(str, set(entries) - wanted)) == [], (
        "no longer in the source: tools/messages.py --update"
    )
    for message in MESSAGES:
        entry = entries[message.key]
        assert "fuzzy" not in entry.flags, message.msgid
        assert entry.plural == message.plural, message.msgid
        assert len(entry.strings) == (2 if message.plural else 1), message.msgid
        assert all(s.strip() for s in entry.strings), f"{language}: no translation of {message.msgid!r}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_spaces_and_full_stops_survive_translation(language):
    entries = catalogue(language)
    for message in MESSAGES:
        originals = [message.msgid, message.plural or message.msgid]
        for original, translated in zip(originals, entries[message.key].strings, strict=False):
            assert fields(translated) == fields(original), (language, original, translated)
            # fragments joined to other text keep their leading space and their end
            assert translated.startswith(" ") == original.startswith(" "), (language, original)
            assert translated.endswith(".") == original.endswith("."), (language, original)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalogue_is_the_po_file_compiled(language):
    po = messages.catalogue(language)
    mo = po.with_suffix(".mo")
    assert mo.is_file(), "run `make catalogues`"
    assert mo.read_bytes() == msgfmt.compile_po(msgfmt.parse_po(po.read_text(encoding="utf-8"))), (
        "the .mo is older than its .po: run `make catalogues`"
    )


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("language", TRANSLATED)
def test_tools_msgfmt_writes_what_gnu_msgfmt_writes(language, tmp_path):
    po = messages.catalogue(language)
    subprocess.run(["msgfmt", "--check", "--no-hash", "-o", str(tmp_path / "gnu.mo"), str(po)], check=True)
    ours = msgfmt.compile_po(msgfmt.parse_po(po.read_text(encoding="utf-8")))
    assert (tmp_path / "gnu.mo").read_bytes() == ours


def test_msgfmt_reads_contexts_plurals_continued_lines_and_leaves_out_fuzzy_entries(tmp_path):
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgctxt "run"\nmsgid "first"\nmsgstr "eerste"\n\n'
        'msgid "{n} chip"\nmsgid_plural "{n} chips"\nmsgstr[0] "{n} fiche"\nmsgstr[1] "{n} "\n"fiches"\n\n'
        '#, fuzzy\nmsgid "Main pot"\nmsgstr "Potje"\n\n'
        'msgid "untranslated"\nmsgstr ""\n',
        encoding="utf-8",
    )
    import gettext

    with msgfmt.compile_file(po).open("rb") as handle:
        t = gettext.GNUTranslations(handle)
    assert t.pgettext("run", "first") == "eerste"
    assert (t.ngettext("{n} chip", "{n} chips", 1), t.ngettext("{n} chip", "{n} chips", 3)) == (
        "{n} fiche",
        "{n} fiches",
    )
    assert t.gettext("Main pot") == "Main pot"  # fuzzy: left out
    assert t.gettext("untranslated") == "untranslated"


# ----------------------------------------------------------------------------------------------
# Settlements told in four languages
# ----------------------------------------------------------------------------------------------


def settlements(count: int = 160, seed: int = 22):
    """Settlements of every kind explain() tells: folds, returns, ties and odd chips, runs, hi-lo,
    cards, rake, fees, added money, dead money, cash-outs and insurance, cents."""
    rng = random.Random(seed)
    names = ["Alice", "Bilal", "Chloé", "David", "Eve", "Fay"]
    out = []
    while len(out) < count:
        seats = names[: rng.randint(2, 6)]
        cents = rng.random() < 0.1
        chips = [5, 10, 20, 25, 40, 41, 50, 100, 101]
        contributions = {p: Decimal(rng.choice(chips)) / 100 if cents else rng.choice(chips) for p in seats}
        folded = [p for p in seats if rng.random() < 0.2]
        live = [p for p in seats if p not in folded]
        if not live:
            continue

        def ranking(live=live):
            order = live[:]
            rng.shuffle(order)
            tiers = []
            while order:
                n = rng.randint(1, min(3, len(order)))
                tiers.append(tuple(order[:n]) if n > 1 else order[0])
                order = order[n:]
            return tiers

        kw: dict = {"folded": folded, "button": rng.choice(seats), "chip": Decimal("0.01") if cents else 1}
        mode = rng.random()
        if mode < 0.2:
            kw["runs"] = [ranking() for _ in range(rng.randint(2, 3))]
            kw["run_odd_chips"] = rng.choice(["in run order", "all to run 1"])
        elif mode < 0.35:
            kw["ranking"] = ranking()
            lows = [p for p in live if rng.random() < 0.5]
            kw["low_ranking"] = [tuple(lows)] if len(lows) > 1 else lows
        elif mode < 0.5:
            deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
            rng.shuffle(deck)
            kw["hands"] = {p: f"{deck.pop()} {deck.pop()}" for p in live}
            kw["board"] = " ".join(deck[:5])
        else:
            kw["ranking"] = ranking()
        if not cents:
            if rng.random() < 0.2:
                kw["rake"] = rng.randint(1, 5)
            if rng.random() < 0.1:
                kw["fees"] = {"jackpot": 1}
            if rng.random() < 0.1:
                kw["added"] = {"cash drop": 5}
            if rng.random() < 0.1:
                kw["dead"] = {seats[0]: 2}
            if rng.random() < 0.1:
                kw["side_payments"] = [
                    CashOut(live[0], 30, fee=rng.choice([0, 1]))
                    if rng.random() < 0.5
                    else Insurance(live[0], 5, rng.choice([0, 20]))
                ]
        try:
            out.append(settle(contributions, **kw))
        except InputError:  # a combination the engine refuses (e.g. dead money of a folded seat)
            continue
    return out


SETTLEMENTS = settlements()
NUMBER = re.compile(r"[+−]?\d+(?:\.\d+)?")


def told(result, language: str) -> list[str]:
    """Everything the engine says about ``result`` in ``language``."""
    return [explain(result, language), *dealer_pushes(result, language), str(audit(result, language))]


def test_the_corpus_covers_every_kind_of_settlement():
    kinds = Counter()
    for r in SETTLEMENTS:
        kinds.update(
            kind
            for kind, present in {
                "folded": r.folded,
                "returned": r.refunds,
                "odd chip": any(len(set(p.shares.values())) > 1 for p in r.pots),
                "runs": getattr(r, "runs", ()),
                "hi-lo": getattr(r, "low_ranking", None) is not None,
                "cards": r.hands,
                "rake": r.rake,
                "fees": r.fee_rules,
                "added": r.added_rules,
                "side payments": r.side_payments,
            }.items()
            if present
        )
    assert all(kinds[k] >= 3 for k in kinds) and len(kinds) == 10, kinds


def test_english_is_the_default_and_needs_no_catalogue():
    r = SETTLEMENTS[0]
    assert explain(r, "en") == explain(r)
    assert dealer_pushes(r, "en") == dealer_pushes(r)
    assert str(audit(r, "en")) == str(audit(r))
    assert translator("en").gettext("Main pot") == "Main pot"


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_settlement_names_the_same_amounts_in_every_language(language):
    for r in SETTLEMENTS:
        assert explain(r, language) != explain(r)
        for english, translated in zip(told(r, "en"), told(r, language), strict=True):
            assert Counter(NUMBER.findall(translated)) == Counter(NUMBER.findall(english)), (
                f"{language}:\n{english}\n{translated}"
            )


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_sentence_is_left_in_a_translation(language):
    # words that only the English messages use: a message the catalogue lacks would show them
    english_only = re.compile(r"\b(goes to|the best hand among|In the end|put in|Nobody|split between)\b")
    for r in SETTLEMENTS:
        for text in told(r, language):
            for value in [
                *(r.hands or {}).values(),
                *(h for run in getattr(r, "runs", ()) for h in (run.hands or {}).values()),
            ]:
                assert value.description not in text, (
                    f"{language}: {value.description!r} in {text}"
                )  # said too
            assert not english_only.search(text), f"{language}: {text}"


# Where the English says the term, the translation says the guides' word (or one of its forms).
ENGLISH = {
    "main pot": r"\bmain pot\b",
    "side pot": r"\bside pot\b",
    "odd chip": r"\bodd chips?\b",
    "uncalled bet": r"\buncalled bet\b|returned, not won",
    "split pot": r"\bequal hands\b",
    "tie": r"\bequal hands\b",
    "button": r"\bbutton\b",
    "folded": r"\bfolded\b",
    "dead chips": r"\bdead chips\b",
    "showdown": r"\bshowdown\b",
    "rake": r"\brake\b",
    "all-in": r"\ball-in\b",
    "contribution": r"\bcontributions?\b",
    "run": r"\bruns?\b",
    "player": r"\bplayers?\b",
    "hand": r"\bhands?\b",
    "pot": r"(?<!side )(?<!main )\bpots?\b",  # a pot on its own (Greek: side pot, but ποτ)
    "board": r"\bboard\b",
}


def test_every_term_the_explanations_use_is_checked():
    assert set(ENGLISH) <= set(TERMS)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_translations_use_the_terminology_tables_words(language):
    seen = Counter()
    for r in SETTLEMENTS:
        for english, translated in zip(told(r, "en"), told(r, language), strict=True):
            for term, pattern in ENGLISH.items():
                if re.search(pattern, english, re.IGNORECASE):
                    word = getattr(TERMS[term], language)
                    forms = [word.text, *word.also]
                    assert any(f.casefold() in translated.casefold() for f in forms), (
                        f"{language}: {term!r} → {forms}, not in:\n{translated}"
                    )
                    seen[term] += 1
    assert set(seen) == set(ENGLISH), set(ENGLISH) - set(seen)


def test_an_unknown_language_is_an_input_error_naming_it_and_the_four():
    for call in (
        lambda: translator("fr"),
        lambda: explain(SETTLEMENTS[0], language="fr"),
        lambda: dealer_pushes(SETTLEMENTS[0], language="fr"),
        lambda: audit(SETTLEMENTS[0], language="fr"),
        lambda: words("EN"),
    ):
        with pytest.raises(InputError) as caught:
            call()
        message = str(caught.value)
        assert re.search(r"'(fr|EN)'", message)
        assert all(language in message for language in LANGUAGES)


def test_a_catalogue_not_compiled_says_how_to_compile_it(tmp_path, monkeypatch):
    import potengine.i18n as i18n

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translator.cache_clear()
    try:
        with pytest.raises(FileNotFoundError, match="make catalogues"):
            i18n.translator("nl")
    finally:
        monkeypatch.undo()
        i18n.translator.cache_clear()


# ----------------------------------------------------------------------------------------------
# The command line
# ----------------------------------------------------------------------------------------------


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


HAND = ("settle", "Alice=30", "Bilal=70", "Chloé=100", "--ranking", "Bilal > Alice > Chloé")


@pytest.mark.parametrize("language", LANGUAGES)
def test_settle_lang_prints_the_settlement_in_words_in_that_language(language):
    status, out, err = run_cli(*HAND, "--lang", language)
    expected = explain(
        settle({"Alice": 30, "Bilal": 70, "Chloé": 100}, ["Bilal", "Alice", "Chloé"]), language
    )
    assert (status, out, err) == (0, expected + "\n", "")


def test_settle_lang_leaves_json_language_neutral_and_refuses_an_unknown_language():
    assert run_cli(*HAND, "--json", "--lang", "el")[1] == run_cli(*HAND, "--json")[1]
    json.loads(run_cli(*HAND, "--json", "--lang", "el")[1])
    status, out, err = run_cli(*HAND, "--lang", "fr")
    assert (status, out) == (2, "")
    assert "'fr'" in err and "en, nl, de and el" in err and "Traceback" not in err
    assert run_cli(*HAND)[1].startswith("Pot ")  # without --lang: the tables, as before


# ----------------------------------------------------------------------------------------------
# The terminology table: the guides' own words, and the glossary agrees
# ----------------------------------------------------------------------------------------------


def test_every_term_has_a_word_in_every_language_and_known_guides():
    for term in TERMS.values():
        for language in TRANSLATED:
            word = getattr(term, language)
            assert word.text.strip(), (term.en, language)
            assert all(GUIDES[g].language == language for g in word.guides), (term.en, language)


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the source guides are not at {SEEDS}")
def test_each_word_from_a_guide_is_in_that_guide():
    texts = {
        key: (SEEDS / guide.file).read_text(encoding="utf-8").casefold() for key, guide in GUIDES.items()
    }
    for term in TERMS.values():
        for language in TRANSLATED:
            word = getattr(term, language)
            for key in word.guides:
                assert (word.seen or word.text).casefold() in texts[key], (term.en, language, key)
            if word.guides:  # the other forms of a guide's word are the guides' own too
                ours = [texts[k] for k, g in GUIDES.items() if g.language == language]
                for form in word.also:
                    assert any(form.casefold() in text for text in ours), (term.en, language, form)


def glossary_entries(text: str) -> dict[str, str]:
    """``{term: its definition on one line}`` from the glossary's ``{glossary}`` block."""
    block = text.split("```{glossary}", 1)[1].split("```", 1)[0]
    entries: dict[str, str] = {}
    names: list[str] = []
    lines: list[str] = []
    for line in block.splitlines():
        if not line.strip() or line.startswith(":"):
            continue
        if not line.startswith(" "):
            if lines:
                for name in names:
                    entries[name] = " ".join(lines)
                names, lines = [], []
            names.append(line.strip())
        else:
            lines.append(line.strip())
    for name in names:
        entries[name] = " ".join(lines)
    return entries


def language_columns(definition: str) -> dict[str, str]:
    """``{"nl": …, "de": …, "el": …}``: what an entry says after NL, DE and EL."""
    start = re.search(r"\b(NL|DE|EL)(?=[ ,])(?= \*| not named|, )", definition)
    assert start, definition
    tail = re.split(r"\.\s+Also:", definition[start.start() :])[0]
    columns = {}
    for part in tail.split(" · "):
        match = re.match(r"((?:NL|DE|EL)(?:, (?:NL|DE|EL))*) (.*)", part.strip())
        assert match, part
        for code in match.group(1).split(", "):
            columns[code.lower()] = match.group(2)
    return columns


@pytest.mark.skipif(not GLOSSARY.is_file(), reason="the book's glossary is not in this checkout")
def test_the_glossary_names_the_tables_words_in_its_language_columns():
    entries = glossary_entries(GLOSSARY.read_text(encoding="utf-8"))
    for term in TERMS.values():
        if term.glossary is None:
            continue
        assert term.glossary in entries, f"the glossary has no entry {term.glossary!r}"
        columns = language_columns(entries[term.glossary])
        for language in TRANSLATED:
            word, column = getattr(term, language), columns[language]
            if word.guides:
                named = [w.casefold() for w in re.findall(r"\*([^*]+)\*", column)]
                assert not column.startswith("not named"), (term.en, language, column)
                assert any(word.text.casefold() in w for w in named), (term.en, language, column)
            else:  # our own word: no guide names it, and the glossary says so
                assert column.startswith("not named"), (term.en, language, column)


# ----------------------------------------------------------------------------------------------
# The browser's wheel speaks the four languages
# ----------------------------------------------------------------------------------------------


def test_the_live_pages_wheel_carries_the_compiled_catalogues(tmp_path):
    import build_live

    name = build_live.build_wheel(tmp_path)
    with zipfile.ZipFile(tmp_path / name) as wheel:
        names = set(wheel.namelist())
        for language in TRANSLATED:
            assert f"potengine/locale/{language}/LC_MESSAGES/potengine.mo" in names
        wheel.extractall(tmp_path / "site")
    code = (
        "import potengine, sys\n"
        "assert potengine.__file__.startswith(sys.argv[1]), potengine.__file__\n"
        "r = potengine.settle({'A': 30, 'B': 70, 'C': 100}, ranking=['B', 'A', 'C'])\n"
        "print(potengine.explain(r, language='el').splitlines()[2])\n"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-I",
            "-S",
            "-c",
            f"import sys; sys.path.insert(0, sys.argv[1]); {code}",
            str(tmp_path / "site"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Κύριο ποτ: 3 × 30 = 90, για τους παίκτες A, B και C."


def test_an_engine_error_is_said_in_every_language_naming_the_same_amounts() -> None:
    import pickle

    from potengine.errors import InputError
    from potengine.pots.rake import take_rake

    with pytest.raises(InputError) as caught:
        take_rake([40, 40], 81)
    err = caught.value
    assert str(err) == "a rake of 81 is more than the pots hold (80)"
    said = {language: err.in_language(language) for language in ("en", "nl", "de", "el")}
    assert said["en"] == str(err)
    assert said["nl"] == "een rake van 81 is meer dan er in de pots zit (80)"
    assert len(set(said.values())) == 4 and all("81" in s and "80" in s for s in said.values())
    again = pickle.loads(pickle.dumps(err))  # --jobs sends errors between processes
    assert str(again) == str(err) and again.in_language("de") == said["de"]


def test_a_phrase_inside_an_error_is_said_in_the_same_language() -> None:
    from potengine.errors import InputError, said

    err = InputError(
        said("a rake of {amount} is more than the pots hold ({total})", amount="5", total=said("{n}", n="4"))
    )
    assert err.in_language("nl") == "een rake van 5 is meer dan er in de pots zit (4)"
    assert InputError("not said").in_language("el") == "not said"  # no translation: English, as written


def test_the_command_line_says_an_engine_error_in_the_language_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from potengine.cli import main

    assert main(["settle", "A=40", "B=40", "--ranking", "A > B", "--rake", "81", "--lang", "de"]) == 2
    assert (
        capsys.readouterr().err.strip()
        == "potengine: error: ein Rake von 81 ist mehr, als die Pots enthalten (80)"
    )


# ----------------------------------------------------------------------------------------------
# The engine's errors: raised for real, said in every language
# ----------------------------------------------------------------------------------------------


def _raised(make):
    from potengine.errors import PotEngineError

    with pytest.raises(PotEngineError) as caught:
        make()
    return caught.value


def _hand():
    from potengine.play.hand import start_hand

    return start_hand({"A": 100, "B": 100, "C": 100}, small_blind=1, big_blind=2)  # C to act


def _errors():
    """Real errors from the cards, the settlement, the hand model and the amounts, by name."""
    from potengine.cards.deck import parse_cards
    from potengine.pots.fees import Fee

    return {
        "bad card": lambda: parse_cards("Ah Xx"),
        "card twice": lambda: settle(
            {"A": 10, "B": 10}, hands={"A": "As Ah", "B": "As Kd"}, board="2c 3d 4h 5s 9c"
        ),
        "unknown player": lambda: settle({"Alice": 40, "Bilal": 100}, ranking=["Alice", "Eve"]),
        "unseated actor": lambda: _hand().act("Zoë", "call"),
        "short raise": lambda: _hand().raise_to("C", 3),
        "check facing a bet": lambda: _hand().check("C"),
        "out of turn": lambda: _hand().call("B"),
        "negative amount": lambda: settle({"Alice": -1, "Bilal": 10}, ranking=["Alice", "Bilal"]),
        "float amount": lambda: CashOut("Alice", 2.5),
        "chip": lambda: settle({"A": 40, "B": 100}, ranking=["A", "B"], chip=30),
        "unknown pot": lambda: settle(
            {"A": 40, "B": 40}, ranking=["A", "B"], fees=[Fee("jackpot", 1, pot="Side pot 1")]
        ),
        "early flop": lambda: _hand().deal_board("2c 3d 4h"),
        "run": lambda: settle({"A": 40, "B": 40}, runs=[["A", "B"], ["A", "Eve"]]),
    }


EXPECTED = {
    "bad card": (
        "cannot read a card at 'Xx' in 'Ah Xx': write a rank (2-9, T or 10, J, Q, K, A) then a suit "
        "(c d h s or ♣ ♦ ♥ ♠)",
        "kan geen kaart lezen bij 'Xx' in 'Ah Xx': schrijf een rang (2-9, T of 10, J, Q, K, A) en dan een "
        "kleur (c d h s of ♣ ♦ ♥ ♠)",
        "kann bei 'Xx' in 'Ah Xx' keine Karte lesen: schreibe einen Rang (2-9, T oder 10, J, Q, K, A), dann "
        "eine Farbe (c d h s oder ♣ ♦ ♥ ♠)",
        "δεν διαβάζεται φύλλο στο 'Xx' μέσα στο 'Ah Xx': γράψε αξία (2-9, T ή 10, J, Q, K, A) και μετά "
        "χρώμα (c d h s ή ♣ ♦ ♥ ♠)",
    ),
    "card twice": (
        "card A♠ is both in A's cards and in B's cards",
        "kaart A♠ zit zowel in de kaarten van A als in de kaarten van B",
        "die Karte A♠ ist sowohl in den Karten von A als auch in den Karten von B",
        "το φύλλο A♠ είναι και στα φύλλα του παίκτη A και στα φύλλα του παίκτη B",
    ),
    "unknown player": (
        "ranking names 'Eve', who is not seated (players: Alice, Bilal)",
        "ranking noemt 'Eve', die niet aan tafel zit (spelers: Alice, Bilal)",
        "ranking nennt 'Eve', der nicht am Tisch sitzt (Spieler: Alice, Bilal)",
        "το ranking αναφέρει τον παίκτη 'Eve', που δεν κάθεται στο τραπέζι (παίκτες: Alice, Bilal)",
    ),
    "unseated actor": (
        "'Zoë' is not seated at this table (players: A, B, C)",
        "'Zoë' zit niet aan deze tafel (spelers: A, B, C)",
        "'Zoë' sitzt nicht an diesem Tisch (Spieler: A, B, C)",
        "ο παίκτης 'Zoë' δεν κάθεται σε αυτό το τραπέζι (παίκτες: A, B, C)",
    ),
    "short raise": (
        "C cannot raise to 3: the minimum raise is to 4 (a raise must be at least the big blind, and at "
        "least the largest full raise of the round, TDA 43)",
        "C mag niet tot 3 verhogen: de minimale verhoging is tot 4 (een verhoging moet minstens de big "
        "blind zijn, en minstens de grootste volledige verhoging van de ronde, TDA 43)",
        "C darf nicht auf 3 raisen: der kleinste Raise geht auf 4 (ein Raise muss mindestens die Big-Blind "
        "betragen, und mindestens den größten vollen Raise der Runde, TDA 43)",
        "ο παίκτης C δεν μπορεί να κάνει raise στα 3: το ελάχιστο raise είναι στα 4 (ένα raise πρέπει να "
        "είναι τουλάχιστον όσο το μεγάλο blind, και τουλάχιστον όσο το μεγαλύτερο πλήρες raise του γύρου, "
        "TDA 43)",
    ),
    "check facing a bet": (
        "C cannot check: there are 2 to call (call, raise or fold)",
        "C mag niet checken: er staat 2 open om te callen (callen, verhogen of folden)",
        "C darf nicht checken: es sind 2 zu callen (callen, raisen oder folden)",
        "ο παίκτης C δεν μπορεί να κάνει check: υπάρχουν 2 για call (call, raise ή fold)",
    ),
    "out of turn": (
        "B cannot call: it is C's turn (action goes clockwise)",
        "B mag niet callen: C is aan de beurt (er wordt met de klok mee gespeeld)",
        "B darf nicht callen: C ist am Zug (es geht im Uhrzeigersinn)",
        "ο παίκτης B δεν μπορεί να κάνει call: είναι η σειρά του παίκτη C (η δράση πάει δεξιόστροφα)",
    ),
    "negative amount": (
        "Alice's contribution must not be negative, got -1",
        "de bijdrage van Alice mag niet negatief zijn, niet -1",
        "der Einsatz von Alice darf nicht negativ sein, nicht -1",
        "η συνεισφορά του παίκτη Alice δεν πρέπει να είναι αρνητικός αριθμός, όχι -1",
    ),
    "float amount": (
        "Alice's cash-out must be a whole number of chips (int) or an exact Decimal, not the float 2.5",
        "de cash-out van Alice moet een heel aantal chips (int) of een exacte Decimal zijn, niet de "
        "float 2.5",
        "der Cash-out von Alice muss eine ganze Zahl von Chips (int) oder ein exakter Decimal sein, nicht "
        "der float 2.5",
        "το cash out του παίκτη Alice πρέπει να είναι ακέραιος αριθμός chips (int) ή ακριβής Decimal, όχι "
        "το float 2.5",
    ),
    "chip": (
        "chip 30 does not divide A's contribution of 40: amounts must be whole chips of the smallest "
        "denomination",
        "chip 30 deelt de bijdrage van A van 40 niet: bedragen moeten hele chips van de kleinste waarde zijn",
        "Chip 30 teilt den Einsatz von A von 40 nicht: Beträge müssen ganze Chips der kleinsten Stückelung "
        "sein",
        "το chip 30 δεν διαιρεί τη συνεισφορά 40 του παίκτη A: τα ποσά πρέπει να είναι ακέραια chips της "
        "μικρότερης αξίας",
    ),
    "unknown pot": (
        "the jackpot fee names 'Side pot 1', a pot this hand does not have (pots: Main pot)",
        "de heffing jackpot noemt 'Side pot 1', een pot die deze hand niet heeft (pots: Hoofdpot)",
        "die Gebühr jackpot nennt 'Side pot 1', einen Pot, den diese Hand nicht hat (Pots: Hauptpot)",
        "η χρέωση jackpot: αναφέρει το 'Side pot 1', ποτ που δεν υπάρχει σε αυτό το χέρι (ποτ: Κύριο ποτ)",
    ),
    "early flop": (
        "the dealer cannot deal the flop: the pre-flop betting is not over (C to act)",
        "de dealer kan de flop nog niet delen: de inzetronde van de pre-flop is niet voorbij (C is aan de "
        "beurt)",
        "der Dealer kann den Flop nicht geben: die Setzrunde im Pre-Flop ist nicht vorbei (C ist am Zug)",
        "ο ντίλερ δεν μπορεί να μοιράσει το flop: ο γύρος πονταρισμάτων του pre-flop δεν έχει τελειώσει "
        "(σειρά του παίκτη C)",
    ),
    "run": (
        "run 2: ranking names 'Eve', who is not seated (players: A, B)",
        "run 2: ranking noemt 'Eve', die niet aan tafel zit (spelers: A, B)",
        "Run 2: ranking nennt 'Eve', der nicht am Tisch sitzt (Spieler: A, B)",
        "run 2: το ranking αναφέρει τον παίκτη 'Eve', που δεν κάθεται στο τραπέζι (παίκτες: A, B)",
    ),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_real_error_is_said_exactly_in_english_dutch_german_and_greek(name):
    import pickle

    err = _raised(_errors()[name])
    said = tuple(err.in_language(language) for language in LANGUAGES)
    assert said == EXPECTED[name]
    assert str(err) == said[0]
    again = pickle.loads(pickle.dumps(err))  # --jobs sends errors between processes
    assert tuple(again.in_language(language) for language in LANGUAGES) == said


def _templates(message):
    """Every template a said message is made of, its own and its said values', all the way down."""
    from potengine.errors import Said

    if not isinstance(message, Said):
        return []
    found = [message.template]
    for value in message.values.values():
        found += _templates(value)
    return found


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_phrase_inside_a_real_error_is_a_message_of_the_catalogues(name):
    # A phrase passed on by value (a check_amount what=, a pot's or a street's name) is translated
    # only if the extractor found it: one that it missed would stay English in every language.
    err = _raised(_errors()[name])
    templates = _templates(err.args[0])
    assert templates, "not said"
    known = {m.msgid for m in MESSAGES}
    joined = re.compile(r"(\{part\d+\}[^{}]*)+")  # errors.joined(): a list of said parts, no words
    assert [t for t in templates if t not in known and not joined.fullmatch(t)] == []


def test_the_success_path_builds_no_said_message(monkeypatch):
    from decimal import Decimal

    from potengine.errors import Said
    from potengine.pots.fees import Fee

    made = []
    original = Said.__new__

    def counting(cls, template, values):
        made.append(template)
        return original(cls, template, values)

    monkeypatch.setattr(Said, "__new__", staticmethod(counting))
    settle({"A": 30, "B": 70, "C": 100}, ["B", "A", "C"], folded=[], button="C")
    settle(
        {"A": Decimal("0.30"), "B": Decimal("0.70"), "C": Decimal("1.00")},
        ranking=["C", ("A", "B")],
        chip=Decimal("0.01"),
        fees=[Fee("jackpot", Decimal("0.02"))],
        rake=Decimal("0.05"),
        side_payments=[CashOut("A", Decimal("0.50"))],
    )
    settle({"A": 40, "B": 40}, runs=[["A", "B"], ["B", "A"]])
    hand = _hand().raise_to("C", 6).call("A").call("B").deal_board("2c 7d 9h").bet("A", 10).fold("B")
    hand.call("C")
    assert made == []
    with pytest.raises(InputError):
        settle({"A": -1, "B": 1}, ranking=["A", "B"])
    assert made  # the error itself is said


def test_the_extractor_reads_a_phrase_argument_and_refuses_an_fstring_there(tmp_path):
    source = tmp_path / "phrases.py"
    source.write_text(
        "def f(v, p, bet):\n"
        '    check_amount(v, "{player}\'s stack", player=p)\n'
        '    check_amount(v, "{player}\'s bet" if bet else "{player}\'s raise", player=p)\n'
        "    check_amount(v, what)  # a caller's phrase passed on\n",
        encoding="utf-8",
    )
    assert [m.msgid for m in messages.extract([source])] == [
        "{player}'s stack",
        "{player}'s bet",
        "{player}'s raise",
    ]
    source.write_text('def f(v, p):\n    check_amount(v, f"{p}\'s stack")\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="must be a string literal"):
        messages.extract([source])


def test_the_command_line_says_an_unknown_player_in_greek(capsys):
    status = main(["settle", "A=40", "B=40", "--ranking", "A > Eve", "--lang", "el"])
    assert status == 2
    assert capsys.readouterr().err.strip() == (
        "potengine: error: το ranking αναφέρει τον παίκτη 'Eve', που δεν κάθεται στο τραπέζι (παίκτες: A, B)"
    )
