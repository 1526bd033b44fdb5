"""A Sphinx extension: the book's language switch, and the notice on a page not yet translated.

The English site is built into ``_build/html``, the Dutch, German and Greek ones into
``_build/html/nl``, ``_build/html/de`` and ``_build/html/el`` (``tools/build_languages.py``).
Every page of every site gets a switch at the top of its article that links to the same page in
the other languages (and ``<link rel="alternate" hreflang=...>`` in its head). The pages a dealer
uses (:data:`TRANSLATED`) are translated from the gettext catalogues in ``book/locale``; every other
page of a translated site is a short stub that says it is not translated yet and links to the
English page. The live pages are among the translated ones: their prose in the site's language,
their modules and engine the English site's (:func:`live_body`; ``tools/live_start.py`` starts the
engine and sends a reader who asked for another language, ``?lang=``, to that language's page).
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

LANGUAGES = {"en": "English", "nl": "Nederlands", "de": "Deutsch", "el": "Ελληνικά"}
"""The site's languages, each named in its own language; English is the site's root."""

TRANSLATED = (
    "book/intro",
    "book/start/primer",
    "book/dealer/cheat_sheet",
    "book/dealer/glossary",
    "book/pots/01_three_players",
    "book/pots/02_four_players_tiers",
    "book/pots/03_uncalled_bet",
    "book/pots/04_folded_player",
    "book/pots/05_split_pot",
    "book/pots/06_checking_a_split",
    "book/live/calculator",
    "book/live/dealer_drills",
    "book/live/history_checker",
)
"""The pages translated into every language (their catalogues: book/locale/<lang>/LC_MESSAGES)."""

TITLES = {
    "en": "Splitting the pot",
    "nl": "De pot verdelen",
    "de": "Den Pot aufteilen",
    "el": "Το μοίρασμα του ποτ",
}
"""The book's title in each language."""

SWITCH_LABEL = {"en": "Language", "nl": "Taal", "de": "Sprache", "el": "Γλώσσα"}

NOTICE = {
    "nl": "Deze pagina is nog niet in het Nederlands vertaald. {link}",
    "de": "Diese Seite ist noch nicht ins Deutsche übersetzt. {link}",
    "el": "Αυτή η σελίδα δεν έχει μεταφραστεί ακόμη στα ελληνικά. {link}",
}
NOTICE_LINK = {
    "nl": "Lees haar in het Engels",
    "de": "Auf Englisch lesen",
    "el": "Διαβάστε τη στα αγγλικά",
}
"""The notice on an untranslated page of a translated site, and its link to the English page."""


DOWNLOADS = {
    "book/intro": {
        "nl": "<strong>Het boek afdrukken</strong> voor je club of je tafel: het hele boek als één PDF, met "
        "inhoud, paginanummers en bladwijzers, in het Engels op {a4} of {letter}; en "
        "{sheet}.",
        "de": "<strong>Das Buch drucken</strong> für den Club oder den eigenen Tisch: das ganze Buch als "
        "ein PDF, mit Inhaltsverzeichnis, Seitenzahlen und Lesezeichen, auf Englisch in {a4} oder "
        "{letter}; und {sheet}.",
        "el": "<strong>Εκτυπώστε το βιβλίο</strong> για τη λέσχη ή το τραπέζι σας: ολόκληρο το βιβλίο σε "
        "ένα PDF, με περιεχόμενα, αριθμούς σελίδων και σελιδοδείκτες, στα αγγλικά σε {a4} ή {letter}· "
        "και {sheet}.",
    },
    "book/dealer/cheat_sheet": {
        "nl": "<strong>Afdrukken</strong>: {sheet}. Het hele boek, in het Engels: {a4}, {letter}.",
        "de": "<strong>Drucken</strong>: {sheet}. Das ganze Buch, auf Englisch: {a4}, {letter}.",
        "el": "<strong>Εκτύπωση</strong>: {sheet}. Ολόκληρο το βιβλίο, στα αγγλικά: {a4}, {letter}.",
    },
}
"""The download box of a translated page (the English one is raw HTML in the page's source)."""

SHEET_LINK = {
    "nl": "het spiekbriefje op één A4-pagina (PDF)",
    "de": "der Spickzettel auf einer A4-Seite (PDF)",
    "el": "το σκονάκι σε μία σελίδα A4 (PDF)",
}
PAPER = {"nl": ("A4-papier", "US Letter"), "de": ("A4-Papier", "US Letter"), "el": ("χαρτί A4", "US Letter")}
DOWNLOADS_BOX = re.compile(r'<div class="downloads">.*?</div>', re.S)


def cheat_sheet_pdf(language: str) -> str:
    """The file name of the printed cheat sheet in ``language`` (in the site's ``downloads/``).

    >>> cheat_sheet_pdf("en"), cheat_sheet_pdf("el")
    ('cheat-sheet-a4.pdf', 'cheat-sheet-a4-el.pdf')
    """
    return "cheat-sheet-a4.pdf" if language == "en" else f"cheat-sheet-a4-{language}.pdf"


def downloads_html(pagename: str, current: str) -> str:
    """The download box of a translated page, its links to the PDFs in the root's ``downloads/``.

    >>> box = downloads_html("book/dealer/cheat_sheet", "de")
    >>> 'href="../../../downloads/cheat-sheet-a4-de.pdf"' in box
    True
    """
    up = "../" * pagename.count("/") + "../"

    def link(name: str, text: str) -> str:
        return f'<a href="{up}downloads/{name}">{escape(text)}</a>'

    a4, letter = PAPER[current]
    text = DOWNLOADS[pagename][current].format(
        a4=link("splitting-the-pot-a4.pdf", a4),
        letter=link("splitting-the-pot-letter.pdf", letter),
        sheet=link(cheat_sheet_pdf(current), SHEET_LINK[current]),
    )
    return f'<div class="downloads">\n<p>{text}</p>\n</div>'


def page_url(pagename: str, language: str, *, current: str) -> str:
    """The relative URL from ``pagename`` in the ``current`` language's site to the same page in
    ``language``'s site (English at the root, the others in /nl/, /de/, /el/).

    >>> page_url("book/pots/05_split_pot", "nl", current="en")
    '../../nl/book/pots/05_split_pot.html'
    >>> page_url("book/pots/05_split_pot", "en", current="de")
    '../../../book/pots/05_split_pot.html'
    >>> page_url("index", "el", current="nl")
    '../el/index.html'
    """
    up = "../" * pagename.count("/")
    if current != "en":
        up += "../"  # out of /nl/ to the root
    into = "" if language == "en" else f"{language}/"
    return f"{up}{into}{pagename}.html"


def switch_html(pagename: str, current: str) -> str:
    """The language switch of one page: the current language as text, the others as links.

    >>> html = switch_html("book/intro", "de")
    >>> 'hreflang="nl" lang="nl" href="../../nl/book/intro.html">Nederlands</a>' in html
    True
    >>> '<strong lang="de" aria-current="page">Deutsch</strong>' in html
    True
    """
    items = []
    for code, name in LANGUAGES.items():
        if code == current:
            items.append(f'<strong lang="{code}" aria-current="page">{escape(name)}</strong>')
        else:
            url = page_url(pagename, code, current=current)
            items.append(f'<a hreflang="{code}" lang="{code}" href="{url}">{escape(name)}</a>')
    label = escape(SWITCH_LABEL.get(current, "Language"))
    return (
        f'<nav class="language-switch" aria-label="{label}"><span class="language-switch-label">'
        f"{label}:</span> " + " · ".join(items) + "</nav>\n"
    )


def notice_html(pagename: str, current: str) -> str:
    """The notice on an untranslated page of the ``current`` language's site.

    >>> notice_html("book/hands/01_rankings", "nl").count('href="../../../book/hands/01_rankings.html"')
    1
    """
    url = english_url(pagename, current)
    link = f'<a hreflang="en" href="{url}">{escape(NOTICE_LINK[current])}</a>.'
    text = NOTICE[current].format(link=link)
    return f'<div class="admonition note untranslated" lang="{current}"><p>{text}</p></div>\n'


LIVE = "book/live/"
"""The live pages: a page of every site (its prose in the site's language), whose modules and
engine are the English site's (``_build/html/live``: one copy of Pyodide, one shared engine)."""

NOSCRIPT = {
    "The calculator needs JavaScript.": {
        "nl": "De calculator heeft JavaScript nodig.",
        "de": "Der Rechner braucht JavaScript.",
        "el": "Ο υπολογιστής χρειάζεται JavaScript.",
    },
    "The drills need JavaScript.": {
        "nl": "De oefeningen hebben JavaScript nodig.",
        "de": "Die Übungen brauchen JavaScript.",
        "el": "Οι ασκήσεις χρειάζονται JavaScript.",
    },
    "The checker needs JavaScript.": {
        "nl": "De controle heeft JavaScript nodig.",
        "de": "Die Prüfung braucht JavaScript.",
        "el": "Ο έλεγχος χρειάζεται JavaScript.",
    },
}
"""The live pages' ``<noscript>`` lines (raw HTML in the page, which gettext does not extract)."""


def english_url(pagename: str, current: str) -> str:
    """The English page for ``pagename`` of the ``current`` language's site.

    >>> english_url("book/hands/01_rankings", "nl")
    '../../../book/hands/01_rankings.html'
    """
    return page_url(pagename, "en", current=current)


def live_body(body: str, pagename: str, current: str) -> str:
    """A translated live page's body: its module is the English site's (``src`` one folder further
    up, out of ``/nl/``) and its ``<noscript>`` line in ``current``.

    >>> body = '<noscript>The drills need JavaScript.</noscript></div>'
    >>> body += '<script type="module" src="../../live/drills.mjs"></script>'
    >>> said = live_body(body, "book/live/dealer_drills", "de")
    >>> "<noscript>Die Übungen brauchen JavaScript.</noscript>" in said
    True
    >>> '<script type="module" src="../../../live/drills.mjs">' in said
    True
    """
    up = "../" * pagename.count("/")
    body = body.replace(f'src="{up}live/', f'src="{up}../live/')
    for english, said in NOSCRIPT.items():
        body = body.replace(f"<noscript>{english}</noscript>", f"<noscript>{said[current]}</noscript>")
    return body


def _language(app: Any) -> str:
    return str(app.config.language or "en").split("_")[0]


def _page(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    current = _language(app)
    if current not in LANGUAGES or "body" not in context or pagename not in app.env.all_docs:
        return  # the book's pages only: the index, the search and the source views are per site
    links = "".join(
        f'\n<link rel="alternate" hreflang="{code}" href="{page_url(pagename, code, current=current)}" />'
        for code in LANGUAGES
        if code != current
    )
    context["metatags"] = context.get("metatags", "") + links
    head = switch_html(pagename, current)
    if current != "en" and pagename not in TRANSLATED and doctree is not None:
        head += notice_html(pagename, current)
    body = context["body"]
    if current != "en" and pagename.startswith(LIVE):
        body = live_body(body, pagename, current)
    if current != "en" and pagename in DOWNLOADS:
        body = DOWNLOADS_BOX.sub(lambda _: downloads_html(pagename, current), body, count=1)
    context["body"] = head + body


def _captions(app: Any, doctree: Any) -> None:
    """The parts' captions in the navigation, in the site's language. ``sphinx_external_toc``
    puts the toctrees of ``_toc.yml`` into the front page after Sphinx has translated it, so their
    captions (extracted into the front page's catalogue) are translated here."""
    language = _language(app)
    if language == "en":
        return
    from sphinx import addnodes
    from sphinx.locale import init as init_locale
    from sphinx.util.i18n import docname_to_domain

    toctrees = [node for node in doctree.findall(addnodes.toctree) if node.get("caption")]
    if not toctrees:
        return
    domain = docname_to_domain(app.env.docname, app.config.gettext_compact)
    dirs = [str(Path(app.srcdir, folder)) for folder in app.config.locale_dirs]
    translator, _ = init_locale(dirs, app.config.language, domain)
    for node in toctrees:
        node["caption"] = translator.gettext(node["caption"])


def setup(app: Any) -> dict[str, Any]:
    app.connect("doctree-read", _captions)
    app.connect("html-page-context", _page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
