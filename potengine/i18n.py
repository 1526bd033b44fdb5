"""The languages potengine speaks: English, Dutch, German and Greek, through :mod:`gettext`.

The English sentences in the source are the message ids; the Dutch, German and Greek catalogues
are ``potengine/locale/<lang>/LC_MESSAGES/potengine.po``, compiled to ``.mo`` at build time
(``tools/msgfmt.py``, run by ``make`` and by ``tools/build_live.py`` for the browser's wheel).
English needs no catalogue: its translation is the message id itself, so the English words stay
exactly what they were.

Every message is a whole sentence (or a phrase with one job) with named placeholders, so that a
translation may put the player before or after the amount:

>>> _ = words("nl")
>>> _("Return {amount} to {player}.", amount=30, player="Chloé")
'Geef 30 terug aan Chloé.'
>>> words("de")("Return {amount} to {player}.", amount=30, player="Chloé")
'30 an Chloé zurück.'
>>> words("de").join(["A", "B", "C"]), words("el").join(["A", "B"])
('A, B und C', 'A και B')
>>> translator("fr")
Traceback (most recent call last):
  ...
potengine.errors.InputError: unknown language 'fr': potengine speaks en, nl, de and el

This module sits beside :mod:`potengine.errors` rather than in ``present/`` because the model's
own words (the six-step check of :mod:`potengine.pots.check`, and later the errors and the
auditor's verdicts) are translated too, and the model never imports from ``present/``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import InputError, listed, said

if TYPE_CHECKING:  # pragma: no cover
    from gettext import NullTranslations

LANGUAGES = ("en", "nl", "de", "el")
"""The languages potengine speaks, English first (the message ids are English)."""

DOMAIN = "potengine"
LOCALE_DIR = Path(__file__).with_name("locale")


@cache
def translator(language: str = "en") -> NullTranslations:
    """The gettext translations of ``language`` ("en", "nl", "de" or "el").

    English is the identity (the message ids are the English words). The other languages read
    their compiled catalogue; a catalogue that was not compiled is an error that says how to
    compile it, never a silent fall back to English.

    >>> translator("de").gettext("Main pot")
    'Hauptpot'
    >>> translator("en").gettext("Main pot")
    'Main pot'
    """
    import gettext  # here, not at the top: `import potengine` (and settle) never loads it

    if language not in LANGUAGES:
        supported = listed(LANGUAGES)
        raise InputError(
            said(
                "unknown language {language}: potengine speaks {supported}",
                language=repr(language),
                supported=supported,
            )
        )
    if language == "en":
        return gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.is_file():
        raise FileNotFoundError(
            f"the {language!r} catalogue is not compiled ({path}): run `make catalogues` "
            "(python tools/msgfmt.py potengine/locale)"
        )
    with path.open("rb") as handle:
        return gettext.GNUTranslations(handle)


class Words:
    """One language's words: ``_("… {player} …", player=p)`` translates, then fills in.

    ``_.n(singular, plural, count, **values)`` chooses by ``count`` (ngettext), ``_.p(context,
    message, **values)`` translates a message whose words depend on where it stands (pgettext),
    and ``_.join(names)`` lists names with the language's "and".

    >>> _ = words("en")
    >>> _.n("the odd chip goes", "the odd chips go", 2)
    'the odd chips go'
    """

    def __init__(self, language: str = "en") -> None:
        self.language = language
        self._t = translator(language)

    def __call__(self, message: str, /, **values: object) -> str:
        text = self._t.gettext(message)
        return text.format(**values) if values else text

    def n(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        text = self._t.ngettext(singular, plural, count)
        return text.format(**values) if values else text

    def p(self, context: str, message: str, /, **values: object) -> str:
        text = self._t.pgettext(context, message)
        return text.format(**values) if values else text

    def join(self, names: Iterable[str]) -> str:
        """``A``, ``A and B``, ``A, B and C`` in this language."""
        listed = list(names)
        if len(listed) <= 1:
            return "".join(listed)
        _ = self
        return _("{names} and {last}", names=", ".join(listed[:-1]), last=listed[-1])


@cache
def words(language: str = "en") -> Words:
    """The :class:`Words` of ``language`` (one object per language)."""
    return Words(language)
