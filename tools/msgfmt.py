"""Compile gettext catalogues (``.po``) into the binary ``.mo`` files :mod:`gettext` reads.

Standard library only, so that ``make`` and ``tools/build_live.py`` compile the catalogues on a
fresh machine without GNU gettext (Python ships ``Tools/i18n/msgfmt.py`` only in its source tree).
It reads what potengine's catalogues use: ``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr``
and ``msgstr[n]``, continued string lines, comments and the ``fuzzy`` flag (a fuzzy entry is
left out, as GNU msgfmt does). The ``.mo`` layout is the one the GNU gettext manual documents
("The Format of GNU MO Files"): a header, two tables of (length, offset) pairs for the original
and the translated strings, sorted by original, then the strings, each ending in a NUL byte.

Usage: python tools/msgfmt.py potengine/locale      (every potengine.po under it)
       python tools/msgfmt.py FILE.po [-o FILE.mo]
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    """One message of a catalogue."""

    msgid: str
    context: str | None = None
    plural: str | None = None
    strings: list[str] = field(default_factory=list)  # msgstr, or msgstr[0], msgstr[1], ...
    flags: set[str] = field(default_factory=set)
    line: int = 0

    @property
    def key(self) -> str:
        """The original string as the .mo file stores it (context, EOT, id; NUL, plural)."""
        text = self.msgid if self.plural is None else f"{self.msgid}\0{self.plural}"
        return text if self.context is None else f"{self.context}\x04{text}"


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a ``.po`` file, the header (``msgid ""``) first."""
    entries: list[Entry] = []
    current: Entry | None = None
    section = ""  # which field continued string lines extend
    flags: set[str] = set()

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#,"):
            flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            keyword, rest = "", line
        try:
            value = ast.literal_eval(rest) if rest else ""
        except (ValueError, SyntaxError) as error:
            raise SystemExit(f"{name}:{number}: not a quoted string: {raw!r}") from error
        if not isinstance(value, str):
            raise SystemExit(f"{name}:{number}: not a quoted string: {raw!r}")
        if keyword == "msgctxt" or (keyword == "msgid" and (current is None or section != "msgctxt")):
            finish()
            current = Entry(msgid="", flags=flags, line=number)
            flags = set()
        if current is None:
            raise SystemExit(f"{name}:{number}: {keyword or 'a string'} before any msgid")
        if keyword == "msgctxt":
            current.context, section = value, "msgctxt"
        elif keyword == "msgid":
            current.msgid, section = value, "msgid"
        elif keyword == "msgid_plural":
            current.plural, section = value, "msgid_plural"
        elif keyword == "msgstr":
            current.strings, section = [value], "msgstr"
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = int(keyword[7:-1])
            if index != len(current.strings):
                raise SystemExit(f"{name}:{number}: {keyword} out of order")
            current.strings.append(value)
            section = keyword
        elif keyword == "":
            if section == "msgctxt":
                current.context = (current.context or "") + value
            elif section == "msgid":
                current.msgid += value
            elif section == "msgid_plural":
                current.plural = (current.plural or "") + value
            elif section.startswith("msgstr"):
                current.strings[-1] += value
            else:
                raise SystemExit(f"{name}:{number}: a continued string outside any field")
        else:
            raise SystemExit(f"{name}:{number}: unknown keyword {keyword!r}")
    finish()
    return entries


def compile_po(entries: list[Entry]) -> bytes:
    """The ``.mo`` bytes of ``entries`` (untranslated and fuzzy entries are left out)."""
    messages: dict[bytes, bytes] = {}
    for entry in entries:
        if "fuzzy" in entry.flags and entry.msgid:
            continue
        if not entry.strings or not all(entry.strings) and entry.msgid:
            continue
        messages[entry.key.encode()] = "\0".join(entry.strings).encode()
    keys = sorted(messages)
    header_size = 7 * 4
    originals_at = header_size
    translations_at = originals_at + 8 * len(keys)
    strings_at = translations_at + 8 * len(keys)
    originals, translations, blob = [], [], b""
    for key in keys:
        originals.append((len(key), strings_at + len(blob)))
        blob += key + b"\0"
    for key in keys:
        value = messages[key]
        translations.append((len(value), strings_at + len(blob)))
        blob += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, len(keys), originals_at, translations_at, 0, strings_at)
    for length, offset in originals + translations:
        out += struct.pack("<2I", length, offset)
    return out + blob


def compile_file(po: Path, mo: Path | None = None) -> Path:
    """Compile ``po`` into ``mo`` (beside it by default)."""
    mo = mo or po.with_suffix(".mo")
    mo.write_bytes(compile_po(parse_po(po.read_text(encoding="utf-8"), str(po))))
    return mo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="a .po file, or a folder searched for potengine.po files")
    parser.add_argument("-o", "--output", help="the .mo file (a single .po only)")
    args = parser.parse_args(argv)
    source = Path(args.source)
    if source.is_dir():
        for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
            print(f"msgfmt: {compile_file(po)}")
    else:
        print(f"msgfmt: {compile_file(source, Path(args.output) if args.output else None)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
