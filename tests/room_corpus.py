"""What the room tests share about the real files of ../shared/data: where they are, a mark that
skips a test and says so when they are not there, the verdicts kept for them, and a folder audited.

The files are other people's data: they are read where they are, never copied into the
repository. Each room keeps ``tests/data/<room>_verdicts.tsv``: ``file<TAB>line<TAB>hand
ID<TAB>verdict`` rows (IDs and verdicts only) and ``#`` comments, among them a ``# <hand ID>:
<reason>`` line for each hand that is not consistent (``# <hand ID> (...): <reason>`` too).

>>> kept_verdicts("winamax").reasons["5281577-483-1382586829"][:24]
'an edited test file (HHS'
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

import pytest

from potengine.histories import rooms
from potengine.histories.audit import AuditRun, HandAudit

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("POTENGINE_SHARED", ROOT.parent / "shared")) / "data"
OTHER = SHARED / "other-rooms"
VERDICTS = Path(__file__).resolve().parent / "data"


def needs(folder: Path, what: str) -> pytest.MarkDecorator:
    """Skip unless ``folder`` is there, saying where ``what`` (e.g. "the real WPN/ACR hands") live."""
    where = "they live in ../shared, beside the repository"
    return pytest.mark.skipif(not folder.is_dir(), reason=f"{what} are not here ({folder}): {where}")


class Kept(NamedTuple):
    """A room's kept verdicts: by (file, line), the (hand ID, verdict); the reason given for a hand,
    by hand ID; and every comment line, joined."""

    rows: dict[tuple[str, int], tuple[str, str]]
    reasons: dict[str, str]
    comments: str


_REASON = re.compile(r"# (\S*\d\S*?)(?: \([^)]*\))?: (.+)")
"""A comment giving a hand's reason: its ID (a word with a digit) then the reason."""


def kept_verdicts(room: str) -> Kept:
    """The verdicts kept in ``tests/data/<room>_verdicts.tsv``."""
    rows: dict[tuple[str, int], tuple[str, str]] = {}
    reasons: dict[str, str] = {}
    comments = []
    for line in (VERDICTS / f"{room}_verdicts.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            comments.append(line)
            found = _REASON.fullmatch(line)
            if found:
                reasons[found.group(1)] = found.group(2)
        elif line:
            name, number, hand_id, verdict = line.split("\t")
            rows[(name, int(number))] = (hand_id, verdict)
    return Kept(rows, reasons, "\n".join(comments))


class Audited(NamedTuple):
    """Files audited in one run: the run, each audit by (file, line), and each file's audits."""

    run: AuditRun
    found: dict[tuple[str, int], HandAudit]
    by_file: dict[str, list[HandAudit]]

    def verdicts(self) -> dict[tuple[str, int], tuple[str, str]]:
        """(hand ID, verdict) by (file, line), as the verdict files keep them ("-": no ID read)."""
        return {key: (a.hand_id or "-", a.verdict.value) for key, a in self.found.items()}


def audit_files(paths: Iterable[Path]) -> Audited:
    """Audit every file of ``paths`` in one :class:`AuditRun`, as ``potengine audit`` does."""
    run = AuditRun()
    found: dict[tuple[str, int], HandAudit] = {}
    by_file: dict[str, list[HandAudit]] = {}
    for path in paths:
        by_file[path.name] = list(run.audits(rooms.file_lines(path), path.name))  # never a traceback
        for audit in by_file[path.name]:
            assert (audit.file, audit.line) not in found, (audit.file, audit.line)
            found[(audit.file, audit.line)] = audit
    return Audited(run, found, by_file)
