"""The poker terms in four languages, in the words the five source guides use.

One table, :data:`TERMS`: for each English term its Dutch, German and Greek word, and for each
word the guides it appears in (:data:`GUIDES`). A word that no guide uses (the Greek guide never
names the main pot, none of the guides mentions running it twice) is ours, and says so with no
guides. The translations of the engine's words (``potengine/locale``) use these words, and the
glossary of the book (``book/dealer/glossary.md``) names the same words in its NL, DE and EL
columns (``tests/test_i18n.py`` checks that both agree with this table).

>>> TERMS["side pot"].word("de"), TERMS["side pot"].de.guides
('Nebenpot', ('de-sidepot',))
>>> TERMS["main pot"].el.guides    # not in the Greek guide: our own word
()
>>> GUIDES["de-sidepot"].language
'de'
>>> sorted({term.glossary for term in TERMS.values() if term.glossary})[:4]
['all-in', 'blinds', 'button', 'contribution']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Guide:
    """One of the five source guides: its language, its file among the seeds, what it is."""

    language: str
    file: str
    about: str


GUIDES: Mapping[str, Guide] = MappingProxyType(
    {
        "nl-sidepot": Guide("nl", "000_73425993a6818769.txt", "a Dutch guide to side pots and split pots"),
        "de-sidepot": Guide(
            "de", "001_dd67b36b85d253ad.txt", "a German guide to side pots, odd chips and board plays"
        ),
        "de-club": Guide("de", "002_335cc86589a43084.txt", "a German club guide to forming pots as a dealer"),
        "nl-rules": Guide("nl", "003_f13fbdab0745ac64.txt", "the Dutch rules of Texas Hold'em"),
        "el-rules": Guide("el", "004_1c2daa06fc46278a.txt", "a Greek guide to side pots and betting rules"),
    }
)
"""The source guides by key (their files are ``shared/seeds/<file>``)."""


@dataclass(frozen=True)
class Word:
    """A term's word in one language: ``guides`` the guides that use it (empty: our own word),
    ``also`` other spellings and forms (plurals, inflections: those of a guide's word are the
    guides' own), ``seen`` the form the guides write when they use the word only inflected
    (German ``seine toten Chips``)."""

    text: str
    guides: tuple[str, ...] = ()
    also: tuple[str, ...] = ()
    seen: str | None = None


@dataclass(frozen=True)
class Term:
    """One term: English, then the Dutch, German and Greek words; ``glossary`` the glossary
    entry that explains it (None: not in the glossary)."""

    en: str
    nl: Word
    de: Word
    el: Word
    glossary: str | None = None

    def word(self, language: str) -> str:
        """The term in ``language`` ("en", "nl", "de" or "el")."""
        return self.en if language == "en" else getattr(self, language).text


def _term(en: str, nl: Word, de: Word, el: Word, glossary: str | None = None) -> tuple[str, Term]:
    return en, Term(en, nl, de, el, glossary)


W = Word
TERMS: Mapping[str, Term] = MappingProxyType(
    dict(
        [
            _term(
                "main pot",
                W("hoofdpot", ("nl-sidepot", "nl-rules")),
                W("Hauptpot", ("de-sidepot",), also=("Main-Pot",)),
                W("κύριο ποτ"),  # the Greek guide says only το ποτ, the pot
                "main pot",
            ),
            _term(
                "side pot",
                W("side pot", ("nl-sidepot", "nl-rules"), also=("sidepot",)),
                W("Nebenpot", ("de-sidepot",), also=("Side-Pot", "Sidepot")),
                W("side pot", ("el-rules",), also=("side bet",)),
                "side pot",
            ),
            _term(
                "split pot",
                W("gedeelde pot", ("nl-sidepot",), also=("split pot",)),
                W("geteilter Pot", ("de-sidepot",)),
                W("split pot", ("el-rules",)),
                "split pot",
            ),
            _term(
                "odd chip",
                W("ondeelbare chip", ("nl-sidepot",)),  # the guide: "ondeelbare chips die ... overblijven"
                W("übrige Chip", ("de-sidepot",), also=("übrigen Chip",), seen="übriger Chip"),
                W("chip που περισσεύει", also=("chips που περισσεύουν",)),
                "odd chip",
            ),
            _term(
                "uncalled bet",
                W("niet-gecallde inzet", ("nl-sidepot",)),
                W("nicht gecallte Bet", ("de-sidepot",)),
                W("ποντάρισμα χωρίς call"),
                "uncalled bet",
            ),
            _term(
                "all-in",
                W("all-in", ("nl-sidepot", "nl-rules")),
                W("All-in", ("de-sidepot",), also=("All-In",)),
                W("all-in", ("el-rules",)),
                "all-in",
            ),
            _term(
                "button",
                W("dealerbutton", ("nl-rules",)),
                W("Button", ("de-sidepot", "de-club")),
                W("button", ("el-rules",)),
                "button",
            ),
            _term(
                "small blind",
                W("small blind", ("nl-rules",), also=("kleine blind",)),
                W("Small-Blind", ("de-club",)),
                W("μικρό blind", ("el-rules",)),
                "blinds",
            ),
            _term(
                "big blind",
                W("big blind", ("nl-rules",), also=("grote blind",)),
                W("Big-Blind", ("de-club",)),
                W("μεγάλο blind", ("el-rules",)),
                "blinds",
            ),
            _term(
                "showdown",
                W("showdown", ("nl-sidepot", "nl-rules")),
                W("Showdown", ("de-sidepot", "de-club")),
                W("showdown", ("el-rules",)),
                "showdown",
            ),
            _term(
                "folded",
                W("gefold", ("nl-sidepot",), also=("past",)),
                W("gefoldet", ("de-sidepot",)),
                W("έκανε fold", also=("έκαναν fold",)),
            ),
            _term(
                "dead chips",
                W("dode chips"),  # the Dutch guide: the chips stay in the pot
                W("tote Chips", ("de-sidepot",), seen="toten Chips"),
                W("νεκρά chips"),
                "dead chips",
            ),
            _term("rake", W("rake", ("nl-sidepot",)), W("Rake"), W("rake"), "rake"),
            _term(
                "kicker",
                W("kicker", ("nl-rules",)),
                W("Kicker", ("de-sidepot",)),
                W("kicker", ("el-rules",)),
                "kicker",
            ),
            _term(
                "tie",
                W("handen van gelijke waarde", ("nl-sidepot",), also=("gelijke hand",)),
                W("Gleichstand", ("de-sidepot",)),
                W("ισοπαλία", ("el-rules",)),
                "tie",
            ),
            _term(
                "contribution",
                W("bijdrage", ("nl-sidepot",)),
                W("Einsatz", ("de-club",), also=("Einsätze",)),
                W("συνεισφορά", also=("συνεισφορές",)),
                "contribution",
            ),
            _term("run it twice", W("run it twice"), W("Run it twice"), W("run it twice"), "run it twice"),
            _term("run", W("run"), W("Run"), W("run"), "run"),
            _term("pot", W("pot", ("nl-sidepot",)), W("Pot", ("de-sidepot",)), W("ποτ", ("el-rules",))),
            _term(
                "player",
                W("speler", ("nl-sidepot",)),
                W("Spieler", ("de-sidepot",)),
                W("παίκτης", ("el-rules",), also=("παίκτες",)),
            ),
            _term(
                "hand",
                W("hand", ("nl-sidepot",)),
                W("Hand", ("de-sidepot",), also=("Hände",)),
                W("χέρι", ("el-rules",)),
            ),
            _term("board", W("board"), W("Board", ("de-sidepot",)), W("board")),
            _term(
                "dealer",
                W("dealer", ("nl-rules",)),
                W("Dealer", ("de-sidepot", "de-club")),
                W("ντίλερ", ("el-rules",)),
            ),
        ]
    )
)
"""Every term by its English name."""
