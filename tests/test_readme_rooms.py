"""The README and the checker page name exactly the rooms the checker reads, so neither goes stale.

A room's reader is plugged in at one place, :data:`potengine.histories.rooms.ROOMS` (``Room.reader``).
The README's table "Rooms the checker reads" lists each such room with its reader module, and the
sentence under it the rooms recognised but not read yet; the checker page (book/live/history_checker.md)
names both lists in its prose. When a reader lands, these tests fail until both texts say so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from potengine.histories.rooms import ROOMS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CHECKER = (ROOT / "book" / "live" / "history_checker.md").read_text(encoding="utf-8")
READ = {room.label: room.reader for room in ROOMS if room.reader}
NOT_READ = {room.label for room in ROOMS if not room.reader}


def section(text: str, heading: str) -> str:
    """The text under a ``## `` heading, up to the next one."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def names(listing: str) -> set[str]:
    """The room names of a list in prose: "A, B and C (online home games)" -> {"A", "B", "C"}.

    >>> sorted(names("PokerStars, Full Tilt and PokerNow (online home\\ngames)"))
    ['Full Tilt', 'PokerNow', 'PokerStars']
    """
    plain = " ".join(re.sub(r"\([^)]*\)", "", listing).split())
    return {name.strip() for name in re.split(r",\s*|\s+and\s+", plain) if name.strip()}


def readme_table() -> dict[str, str]:
    """Room -> the reader module named in the README's table."""
    rows = {}
    for line in section(README, "Rooms the checker reads").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 4 or cells[0] in ("Room", "") or set(cells[0]) <= {"-"}:
            continue
        module = re.fullmatch(r"`potengine/histories/(\w+)\.py`", cells[1])
        assert module, f"README: the reader of {cells[0]} is not a module path: {cells[1]!r}"
        assert cells[2] and cells[3], f"README: {cells[0]} says nothing of what it states or is checked"
        rows[cells[0]] = module.group(1)
    return rows


def test_the_readme_table_lists_exactly_the_rooms_read_with_their_readers() -> None:
    rows = readme_table()
    assert rows == READ
    for module in rows.values():
        assert (ROOT / "potengine" / "histories" / f"{module}.py").is_file(), module


def test_the_readme_names_the_rooms_recognised_but_not_read_yet() -> None:
    text = " ".join(section(README, "Rooms the checker reads").split())
    found = re.search(r"\(no reader yet\): ([^.]+)\.", text)
    if not NOT_READ:
        assert found is None, "README: every room is read, but it still lists rooms not read"
        return
    assert found, "README: no sentence names the rooms recognised but not read yet"
    assert names(found.group(1)) == NOT_READ


def test_the_checker_page_names_the_rooms_it_reads_and_those_it_does_not() -> None:
    text = " ".join(CHECKER.split())
    read = re.search(r"It reads the hold'em and Omaha hands of ([^.]+)\.", text)
    assert read, "the checker page does not say which rooms it reads"
    assert names(read.group(1)) == set(READ)
    later = re.search(r"It also recognises (.+?) files, which it does not read yet", text)
    if NOT_READ:
        assert later and names(later.group(1)) == NOT_READ
    else:
        assert later is None
    assert "PokerStars hands only" not in text and "checks PokerStars" not in text


@pytest.mark.parametrize("page", ["README.md", "book/intro.md", "book/live/history_checker.md"])
def test_no_page_says_the_checker_reads_pokerstars_alone(page: str) -> None:
    text = " ".join((ROOT / page).read_text(encoding="utf-8").split())
    for claim in (
        "check PokerStars histories",
        "PokerStars-format files",
        "Paste a PokerStars hand",
        "checks PokerStars hands only",
        "auditing PokerStars histories",
    ):
        assert claim not in text, f"{page}: {claim!r}"
