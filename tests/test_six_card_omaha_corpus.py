"""6-card Omaha in the real files of ../shared/data (other people's data, read there, never
copied): every hand a room writes as 6-card Omaha (PokerStars' "6 Card Omaha", GGPoker's
"PLO-6", and the other names parsers give it) must be read and consistent.

Measured when 6-card Omaha came in: none of the 614 files (PokerStars, the eight other rooms,
PokerNow, PHH) holds such a hand, decoded as the auditor decodes them; the game is tested on the
project's own hands (samples/pokerstars/six_card_omaha.txt, samples/ggpoker/six_card_omaha.txt).
The count is kept here: a file added to ../shared with such hands changes it, and each of its
hands is then audited by this test. Without ../shared the test skips and says so.
"""

from __future__ import annotations

import re

from room_corpus import SHARED, audit_files, needs

from potengine.histories import rooms

SIX_CARD = re.compile(r"6 ?-?Card Omaha|Omaha 6 Cards|PLO-?6|Six[- ]Card|\"plo6", re.IGNORECASE)
"""How a header may name 6-card Omaha (PokerStars, GGPoker, fpdb's names, PokerNow's code)."""
FOUND = 0
"""6-card Omaha hands in ../shared/data, as measured (see the module's notes)."""


@needs(SHARED, "the real hand histories")
def test_every_real_six_card_omaha_hand_is_read_and_consistent():
    paths = [
        path
        for path in sorted(SHARED.rglob("*"))
        if path.is_file() and SIX_CARD.search(rooms.decode(path.read_bytes()))
    ]
    audited = audit_files(paths)
    six = [a for a in audited.found.values() if SIX_CARD.search(a.hand.header if a.hand else str(a.error))]
    assert [(a.hand_id, a.verdict.value, a.report()) for a in six if a.verdict.value != "consistent"] == []
    assert len(six) == FOUND
