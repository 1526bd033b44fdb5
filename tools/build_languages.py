"""The book in Dutch, German and Greek: ``_build/html/nl``, ``/de``, ``/el`` beside the English site.

``make book`` builds the English site first (every notebook executed), then this builds the three
translated sites with Sphinx's own translation support: the same Jupyter Book configuration, with
``language`` set and the messages of each page read from the gettext catalogues in
``book/locale/<lang>/LC_MESSAGES/<page>.po`` (committed; compiled to .mo by Sphinx). The notebooks
are not executed again (``nb_execution_mode = off``): their stored outputs are shown, the same as
in the English site, which ``make book`` has just checked against the engine.

Only the pages a dealer uses are translated (``tools/languages.py``: ``TRANSLATED``). The others
are built as short stubs (their title and the sections other pages link to), and the extension
``tools/languages.py`` adds to each a notice that links to the English page: the translated sites
build in seconds, and a reader never meets a page in the wrong language without being told.

Usage::

    python tools/build_languages.py              # build nl, de, el into _build/html/<lang>
    python tools/build_languages.py nl           # one language
    python tools/build_languages.py --update     # extract the pages' messages and merge them into
                                                 # the catalogues (new msgids get an empty msgstr)
    python tools/build_languages.py --check      # every msgid of the pages in every catalogue,
                                                 # translated (tests/test_book_languages.py)
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from languages import LANGUAGES, TITLES, TRANSLATED  # noqa: E402

BUILD = ROOT / "_build"
SOURCE = BUILD / "lang-src"
LOCALE = ROOT / "book" / "locale"
SITE_FILES = ("_config.yml", "_toc.yml", "_static", "web", "tools")
EXTRA = "_extra"  # the translated sites' extra files (html_extra_path)
TARGET = re.compile(r"^\(([A-Za-z0-9_.:-]+)\)=\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")
ROLE = re.compile(r"\{[a-z:]+\}`([^`<]*?)\s*(?:<[^`>]*>)?`")


def toc_docs() -> list[str]:
    """Every page of the book, in the order of ``_toc.yml``."""
    text = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    root = re.search(r"^root:\s*(\S+)", text, re.M)
    docs = [root.group(1)] if root else []
    return docs + re.findall(r"^\s*- file:\s*(\S+)", text, re.M)


def _source_text(path: Path) -> str:
    if path.suffix == ".ipynb":
        notebook = json.loads(path.read_text(encoding="utf-8"))
        return "\n\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def plain(heading: str) -> str:
    """A heading's text without MyST roles, so a stub's heading links nowhere.

    >>> plain("The {term}`odd chip` and {ref}`the rule <ex-14>`")
    'The odd chip and the rule'
    """
    return ROLE.sub(lambda m: m.group(1), heading)


def stub(text: str) -> str:
    """A stub of a page: its title and every labelled section, so links into it still resolve.

    >>> print(stub("(a)=\\n# Title {term}`x`\\n\\nText\\n\\n(b)=\\n### Deep\\n\\n## Unlabelled"))
    (a)=
    # Title x
    <BLANKLINE>
    (b)=
    ## Deep
    <BLANKLINE>
    """
    lines = text.splitlines()
    out: list[str] = []
    title_done = False
    pending: list[str] = []
    in_fence = ""
    for line in lines:
        fence = re.match(r"^\s*(`{3,}|:{3,})", line)
        if fence and not in_fence:
            in_fence = fence.group(1)
            continue
        if in_fence:
            if line.strip() == in_fence:
                in_fence = ""
            continue
        target = TARGET.match(line)
        if target:
            pending.append(line.strip())
            continue
        heading = HEADING.match(line)
        if heading and (not title_done or pending):
            level = "#" if not title_done else "##"
            out += [*pending, f"{level} {plain(heading.group(2))}", ""]
            pending = []
            title_done = True
        elif line.strip() and pending and not heading:
            pending = []  # a target before a paragraph (not a section): a stub has no paragraph
    return "\n".join(out)


def make_source(source: Path = SOURCE) -> Path:
    """The translated sites' source tree: the translated pages themselves, stubs for the rest."""
    if source.exists():
        shutil.rmtree(source)
    source.mkdir(parents=True)
    for name in SITE_FILES:
        (source / name).symlink_to(ROOT / name)
    # The live engine stays in the English site (a translated site's live pages run its modules and
    # its engine, tools/languages.py live_body): each translated site says so in its own
    # live/build-info.json, which the pages' script (web/potengine-offline.js) asks before it
    # starts an engine for a link to a live page or registers the English site's service worker.
    extra = source / EXTRA / "live"
    extra.mkdir(parents=True)
    # "site": where the engine is (the English site, one folder up), for a pointer on a live link.
    (extra / "build-info.json").write_text(json.dumps({"live": False, "site": "../"}) + "\n")
    for doc in toc_docs():
        found = [p for p in (ROOT / f"{doc}.md", ROOT / f"{doc}.ipynb") if p.exists()]
        if not found:
            raise SystemExit(f"build_languages: {doc} of _toc.yml has no .md or .ipynb")
        target = source / found[0].relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        if doc in TRANSLATED:
            target.symlink_to(found[0])
        else:
            target.with_suffix(".md").write_text(stub(_source_text(found[0])), encoding="utf-8")
    return source


def sphinx(
    builder: str, outdir: Path, language: str | None, source: Path = SOURCE, doctrees: Path | None = None
) -> int:
    """One Sphinx build of the source tree, warnings as errors, no notebook executed."""
    from jupyter_book.sphinx import build_sphinx

    overrides = {
        "nb_execution_mode": "off",
        "locale_dirs": [str(LOCALE)],
        "project": "Splitting the pot",
        "gettext_compact": False,
        "gettext_uuid": False,
        "gettext_location": False,
        "html_extra_path": [str(source / EXTRA)],  # live/build-info.json: no engine here
    }
    if language:
        overrides |= {"language": language, "html_title": TITLES[language]}
    overrides["latex_individualpages"] = False  # jupyter-book pops it from the overrides
    result = build_sphinx(
        source,
        outdir,
        path_config=str(source / "_config.yml"),
        noconfig=True,
        confoverrides=overrides,
        doctreedir=doctrees or BUILD / f".doctrees-{language or builder}",
        builder=builder,
        warningiserror=True,
        keep_going=True,
        freshenv=True,
        quiet=True,
    )
    return int(result) if isinstance(result, int) else 1


def extract(pot: Path, source: Path = SOURCE, doctrees: Path | None = None) -> Path:
    """The translated pages' messages, as Sphinx's gettext builder extracts them, into ``pot``."""
    if sphinx("gettext", pot, None, source, doctrees):
        raise SystemExit("build_languages: the gettext builder failed")
    return pot


def stale(languages: list[str]) -> list[str]:
    """Every difference between the pages' messages and the catalogues: a msgid a catalogue
    lacks (the page shows it in English) or one the page no longer has, and every msgid left
    untranslated or fuzzy. Built in a folder of its own, so it runs beside a build."""
    import tempfile

    from babel.messages.pofile import read_po

    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        pot = extract(Path(tmp) / "gettext", make_source(Path(tmp) / "src"), Path(tmp) / ".doctrees")
        for doc in TRANSLATED:
            with (pot / f"{doc}.pot").open("rb") as handle:
                wanted = {m.id for m in read_po(handle) if m.id}
            for language in languages:
                po = LOCALE / language / "LC_MESSAGES" / f"{doc}.po"
                if not po.exists():
                    problems.append(f"{po.relative_to(ROOT)}: missing")
                    continue
                with po.open("rb") as handle:
                    messages = [m for m in read_po(handle) if m.id]
                have = {m.id for m in messages}
                where = po.relative_to(ROOT)
                problems += [f"{where}: lacks {text[:70]!r}" for text in sorted(wanted - have)]
                problems += [
                    f"{where}: no longer on the page: {text[:70]!r}" for text in sorted(have - wanted)
                ]
                problems += [f"{where}: untranslated {m.id[:70]!r}" for m in messages if not m.string]
                problems += [f"{where}: fuzzy {m.id[:70]!r}" for m in messages if m.fuzzy]
    return problems


def update_catalogues(languages: list[str]) -> None:
    """Extract the translated pages' messages (Sphinx's gettext builder) and merge them into each
    language's catalogues: new msgids come in untranslated, vanished ones are dropped."""
    from babel.messages.pofile import read_po, write_po

    pot = extract(BUILD / "gettext")
    for doc in TRANSLATED:
        with (pot / f"{doc}.pot").open("rb") as handle:
            template = read_po(handle)
        for language in languages:
            po = LOCALE / language / "LC_MESSAGES" / f"{doc}.po"
            po.parent.mkdir(parents=True, exist_ok=True)
            if po.exists():
                with po.open("rb") as handle:
                    catalogue = read_po(handle, locale=language)
                catalogue.update(template, no_fuzzy_matching=True)
                catalogue.obsolete.clear()
            else:
                catalogue = template
                catalogue.locale = language  # type: ignore[assignment]
                catalogue.header_comment = (
                    f"# {doc} in {LANGUAGES[language]}: the messages Sphinx's gettext builder extracts "
                    "from the page,\n# translated for this book (tools/build_languages.py --update adds "
                    "new ones, --check lists gaps).\n#"
                )
            with po.open("wb") as handle:
                write_po(handle, catalogue, width=0, omit_header=False, sort_output=False)
            print(f"build_languages: {po.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    languages = [a for a in argv[1:] if not a.startswith("-")] or [c for c in LANGUAGES if c != "en"]
    if "--check" in argv:
        problems = stale(languages)
        for line in problems:
            print(line)
        print(
            f"build_languages: {len(problems)} catalogue problem(s)"
            if problems
            else "build_languages: every catalogue matches its page and is translated"
        )
        return 1 if problems else 0
    if "--one" not in argv:
        make_source()
    if "--update" in argv:
        update_catalogues(languages)
        return 0
    site = BUILD / "html"
    if not (site / "index.html").exists():
        print("build_languages: build the English site first (make book)")
        return 1
    if "--one" in argv:  # one language in this process (Sphinx keeps a process's translations)
        (language,) = languages
        outdir = site / language
        if outdir.exists():
            shutil.rmtree(outdir)
        return sphinx("html", outdir, language)
    total = 0.0
    for language in languages:
        start = time.perf_counter()
        run = subprocess.run([sys.executable, __file__, "--one", language], cwd=ROOT, check=False)
        if run.returncode:
            print(f"build_languages: the {LANGUAGES[language]} site failed to build")
            return 1
        seconds = time.perf_counter() - start
        total += seconds
        print(f"build_languages: _build/html/{language} ({LANGUAGES[language]}) in {seconds:.1f} s")
    print(f"build_languages: {len(languages)} translated sites in {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
