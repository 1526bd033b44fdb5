"""A stand-in for ``potengine.histories.audit.audit_json`` and ``iter_audits`` until they exist.

The auditor's JSON interface is being written on another branch; :mod:`potengine.present.live`
imports it from :mod:`potengine.histories.audit` when it is there and falls back to this thin
adapter over today's :func:`~potengine.histories.audit.audit_hand` otherwise. Delete this module
once ``audit_json`` and ``iter_audits`` are merged.

>>> text = open("tests/data/pokerstars/unreadable.txt", encoding="utf-8").read()
>>> doc = audit_json({"unreadable.txt": text})
>>> doc["summary"]
{'hands': 3, 'consistent': 2, 'not_consistent': 0, 'unreadable': 1}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..errors import HandHistoryError, PotEngineError
from ..histories.audit import HandAudit, audit_hand
from ..histories.pokerstars import MAX_HANDS, parse_hand, split_hands


def iter_audits(text: str, name: str) -> Iterator[HandAudit | HandHistoryError]:
    """Audit the hands of one file's text in order, one at a time; an unreadable hand is its error."""
    if not isinstance(text, str):
        raise HandHistoryError(f"{name}: a hand history must be text, not {type(text).__name__}")
    hands = split_hands(text)
    if len(hands) > MAX_HANDS:
        raise HandHistoryError(
            f"{name}: the file holds {len(hands)} hands, more than the limit of {MAX_HANDS}")
    for lines in hands:
        try:
            hand = parse_hand(lines)
        except HandHistoryError as err:
            yield err
            continue
        try:
            yield audit_hand(hand)
        except PotEngineError as err:
            yield HandHistoryError(f"hand #{hand.hand_id}: cannot be audited: {err}")


def _hand(audit: HandAudit) -> dict[str, Any]:
    return {
        "hand_id": audit.hand_id,
        "consistent": audit.consistent,
        "differences": list(audit.differences),
        "steps": [{"number": s.number, "title": s.title, "ok": s.ok, "findings": list(s.findings)}
                  for s in audit.steps],
    }


def audit_json(texts: Mapping[str, str]) -> dict[str, Any]:
    """Every file's hands audited, as plain JSON data: per file its hands and errors, then a summary."""
    files = []
    counts = {"hands": 0, "consistent": 0, "not_consistent": 0, "unreadable": 0}
    for name, text in texts.items():
        hands, errors = [], []
        for item in iter_audits(text, name):
            counts["hands"] += 1
            if isinstance(item, HandHistoryError):
                errors.append(str(item))
                counts["unreadable"] += 1
            else:
                hands.append(_hand(item))
                counts["consistent" if item.consistent else "not_consistent"] += 1
        files.append({"name": name, "hands": hands, "errors": errors})
    return {"files": files, "summary": counts}
