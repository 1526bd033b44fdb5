"""The messages potengine translates: found in the source, kept in step with the catalogues.

A message is the literal first argument of ``_("…")``, of ``_.n("…", "…", count)`` (with its
plural) or the two literals of ``_.p("context", "…")``, where ``_`` is a
:class:`potengine.i18n.Words`, or of ``said("…")`` (an error message,
:func:`potengine.errors.said`, also written ``errors.said("…")``) and ``Capitalised("…", …)``
(a hand's name said with a capital, :class:`potengine.cards.evaluate.Capitalised`).
:func:`extract` reads them with :mod:`ast` (a call whose message is not a literal, such as an
f-string, is an error: it could never be translated).

A phrase that names what an error is about is a message too: the ``what`` of
:func:`potengine.chips.check_amount` and the other functions of :data:`PHRASES` (a literal, or
a variable that passes a caller's literal on, or a choice of literals ``"…" if … else "…"``,
never an f-string; its values are given beside
it, and it is said only when the error is raised).

Usage: python tools/messages.py           list the messages and where they are
       python tools/messages.py --update  add new messages to every language's .po (empty, to
                                          translate), drop the ones the source no longer has
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from msgfmt import Entry, parse_po  # noqa: E402

LOCALE = ROOT / "potengine" / "locale"
TRANSLATED = ("nl", "de", "el")
HEADER = {
    "nl": "Dutch",
    "de": "German",
    "el": "Greek",
}
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"  # the same rule in all three languages

PHRASES = {
    "check_amount": 1,
    "parse_amount": 1,
    "exact_arithmetic": 0,
    "_chips": 1,  # potengine.play.hand
    "_check_name": 1,  # potengine.pots.fees
    "_pot_index": 2,  # potengine.pots.fees
}
"""The functions whose argument at this position is a phrase of the catalogues (``what``)."""


@dataclass(frozen=True)
class Message:
    msgid: str
    context: str | None
    plural: str | None
    where: str  # file:line of the first use

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)


def _literal(node: ast.expr, where: str) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    raise SystemExit(f"{where}: a translated message must be a string literal, not {ast.unparse(node)}")


def _phrase_default(node: ast.FunctionDef | ast.ClassDef) -> ast.expr | None:
    """The default of the phrase argument of a function (or class) of :data:`PHRASES`."""
    index = PHRASES[node.name]
    if isinstance(node, ast.ClassDef):  # its __init__, whose first argument is self
        inits = [n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
        if not inits:
            return None
        node, index = inits[0], index + 1
    params = [*node.args.posonlyargs, *node.args.args]
    defaults = dict(
        zip((p.arg for p in params[len(params) - len(node.args.defaults) :]), node.args.defaults, strict=True)
    )
    return defaults.get(params[index].arg) if index < len(params) else None


def extract(files: list[Path] | None = None) -> list[Message]:
    """Every message of ``files`` (default: the whole package), in the order of first use."""
    if files is None:
        files = sorted(p for p in (ROOT / "potengine").rglob("*.py") if "__pycache__" not in p.parts)
    found: dict[tuple[str | None, str], Message] = {}
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in PHRASES:
                default = _phrase_default(node)
                if default is not None:  # a phrase's default value
                    where = f"{name}:{default.lineno}"
                    message = Message(_literal(default, where), None, None, where)
                    found.setdefault(message.key, message)
                continue
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            where = f"{name}:{node.lineno}"
            called = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if called in PHRASES:
                phrase = node.args[PHRASES[called]] if len(node.args) > PHRASES[called] else None
                branches = [phrase.body, phrase.orelse] if isinstance(phrase, ast.IfExp) else [phrase]
                for branch in branches:  # one phrase or another
                    if isinstance(branch, ast.Constant | ast.JoinedStr | ast.BinOp):  # else passed on
                        text = _literal(branch, where)
                        found.setdefault((None, text), Message(text, None, None, where))
                continue
            if (isinstance(func, ast.Name) and func.id in ("_", "said", "Capitalised")) or (
                isinstance(func, ast.Attribute)
                and func.attr == "said"
                and isinstance(func.value, ast.Name)
                and func.value.id
                == "errors"  # errors.said("…"), in a module whose `said` is a name of its own
            ):
                message = Message(_literal(node.args[0], where), None, None, where)
            elif (
                isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "_"
            ):
                if func.attr == "n" and len(node.args) >= 3:
                    message = Message(
                        _literal(node.args[0], where), None, _literal(node.args[1], where), where
                    )
                elif func.attr == "p" and len(node.args) >= 2:
                    message = Message(
                        _literal(node.args[1], where), _literal(node.args[0], where), None, where
                    )
                else:
                    continue
            else:
                continue
            found.setdefault(message.key, message)
    return sorted(found.values(), key=lambda m: (m.where.rsplit(":", 1)[0], int(m.where.rsplit(":", 1)[1])))


def quote(text: str) -> str:
    """A .po string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def render(language: str, messages: list[Message], old: dict[tuple[str | None, str], Entry]) -> str:
    """The .po text of ``language`` for ``messages``, keeping the translations already in ``old``."""
    lines = [
        f"# potengine's words in {HEADER[language]}. Poker terms: potengine/present/terms.py.",
        'msgid ""',
        'msgstr ""',
        quote("Project-Id-Version: potengine\n"),
        quote(f"Language: {language}\n"),
        quote("MIME-Version: 1.0\n"),
        quote("Content-Type: text/plain; charset=UTF-8\n"),
        quote("Content-Transfer-Encoding: 8bit\n"),
        quote(f"Plural-Forms: {PLURAL_FORMS}\n"),
        "",
    ]
    for message in messages:
        entry = old.get(message.key)
        lines.append(f"#: {message.where}")
        if message.context is not None:
            lines.append(f"msgctxt {quote(message.context)}")
        lines.append(f"msgid {quote(message.msgid)}")
        if message.plural is not None:
            lines.append(f"msgid_plural {quote(message.plural)}")
            strings = entry.strings if entry and len(entry.strings) == 2 else ["", ""]
            lines += [f"msgstr[{i}] {quote(s)}" for i, s in enumerate(strings)]
        else:
            lines.append(f"msgstr {quote(entry.strings[0] if entry and entry.strings else '')}")
        lines.append("")
    return "\n".join(lines)


def catalogue(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "potengine.po"


def read_catalogue(language: str) -> dict[tuple[str | None, str], Entry]:
    path = catalogue(language)
    if not path.is_file():
        return {}
    entries = parse_po(path.read_text(encoding="utf-8"), str(path))
    return {(e.context, e.msgid): e for e in entries if e.msgid}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="bring every .po in step with the source")
    args = parser.parse_args(argv)
    messages = extract()
    if not args.update:
        for message in messages:
            print(f"{message.where}: {message.msgid!r}")
        return 0
    for language in TRANSLATED:
        path = catalogue(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        old = read_catalogue(language)
        path.write_text(render(language, messages, old), encoding="utf-8")
        missing = sum(1 for m in messages if not (old.get(m.key) and all(old[m.key].strings)))
        print(f"messages: {path.relative_to(ROOT)}: {len(messages)} messages, {missing} to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
