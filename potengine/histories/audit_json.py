"""The JSON of the audits: one hand's (:func:`hand_json`, as text :func:`hand_json_text`), and the
whole document written hand by hand (:func:`write_json`; from texts made in other processes,
:func:`write_json_texts`), as ``potengine audit --json`` prints it.

The six steps of the audit (:mod:`potengine.histories.audit`) leave a
:class:`~potengine.histories.verdicts.HandAudit` per hand; this module writes it as plain JSON
data: the verdict, the pots as the engine computed them (with a hi-lo pot's halves and a pot's
parts per run) beside the pots as the history wrote them, the returned bets, the rake, the
differences, irregularities and notes, the cash-outs. Amounts are numbers when they are whole
chips (``int``) and exact strings when they are money (``"0.50"``), never floats.

:func:`~potengine.histories.audit.audit_json` (the document for texts, which runs the audits)
stays with the auditor, which imports this module; this module imports the verdicts and the
engine's pots alone, and uses the standard library only (the checker runs it in a browser).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from decimal import Decimal
from typing import Any, Protocol

from ..chips import Amount
from ..pots.hilo import HiLoPot
from ..pots.layout import Pot
from .record import pot_label
from .verdicts import UPWARD, HandAudit


class _Tail(Protocol):
    """What :func:`write_json` and :func:`write_json_texts` need of the run that audited the hands
    (:class:`~potengine.histories.audit.AuditRun`): the parts of the document after the hands."""

    def tail(self) -> dict[str, Any]: ...


def write_json(out: Any, audits: Iterable[HandAudit], run: _Tail) -> None:
    """Write the document of :func:`~potengine.histories.audit.audit_json` to ``out`` hand by hand
    (memory stays flat).

    The text is what ``json.dumps(document, indent=2, ensure_ascii=False)`` would give.

    >>> import io
    >>> from potengine.histories.audit import AuditRun
    >>> out = io.StringIO()
    >>> run = AuditRun()
    >>> write_json(out, run.audits(["PokerStars Hand #9: Razz Limit (1/2)"], "o.txt"), run)
    >>> json.loads(out.getvalue())["hands"][0]["verdict"]
    'unsupported'
    """
    write_json_texts(out, map(hand_json_text, audits), run)


def hand_json_text(audit: HandAudit) -> str:
    """One hand's audit (:func:`hand_json`) as the JSON text :func:`write_json_texts` writes.

    >>> from potengine.errors import HandHistoryError
    >>> from potengine.histories.verdicts import refused
    >>> print(hand_json_text(refused(HandHistoryError("no hand")))[:30])
    {
      "file": "",
      "line": 0,
    """
    return json.dumps(hand_json(audit), indent=2, ensure_ascii=False)


def write_json_texts(out: Any, hands: Iterable[str], run: _Tail) -> None:
    """Write the document of :func:`write_json` from each hand's JSON text (:func:`hand_json_text`,
    made in another process, say), then ``run``'s files, duplicates and summary, once the hands
    are written (and counted in ``run``).

    >>> import io
    >>> from potengine.histories.audit import AuditRun
    >>> out = io.StringIO()
    >>> write_json_texts(out, [], AuditRun())
    >>> json.loads(out.getvalue())["summary"]["hands"]
    0
    """

    def dump(value: Any, indent: str) -> str:
        return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + indent)

    out.write('{\n  "hands": [')
    empty = True
    for text in hands:
        out.write(("\n    " if empty else ",\n    ") + text.replace("\n", "\n    "))
        empty = False
    out.write("]" if empty else "\n  ]")
    for key, value in run.tail().items():
        out.write(f",\n  {json.dumps(key)}: " + dump(value, "  "))
    out.write("\n}\n")


def _json_amount(amount: Amount) -> int | str:
    """An amount as JSON: an ``int`` stays a number, a Decimal is an exact string ("0.50")."""
    if isinstance(amount, int):
        return amount
    value = Decimal(amount)
    return f"{abs(value) if value == 0 else value:f}"


def _halves_json(pot: HiLoPot) -> dict[str, Any]:
    """A hi-lo pot's two halves as JSON: the amount and the shares of each (no low: all high)."""
    return {
        "high": {
            "amount": _json_amount(pot.high_amount),
            "shares": {p: _json_amount(a) for p, a in pot.high_shares.items() if a},
        },
        "low": {
            "amount": _json_amount(pot.low_amount),
            "shares": {p: _json_amount(a) for p, a in pot.low_shares.items() if a},
        },
    }


def hand_json(audit: HandAudit) -> dict[str, Any]:
    """One hand's audit as JSON data: ``hand_id`` (the header's digits), ``verdict``, the game,
    the pots as computed (a hi-lo pot with its ``high`` and ``low`` halves, a pot run more than
    once with its ``runs``: each run's part) and as written, the returned bets, the rake, the
    differences, the irregularities, the notes, and the error of a hand that was not read. A hand
    run more than once adds ``runs`` (each run's board); a hand with an all-in cash-out adds
    ``cash_outs`` (player, amount, fee and the part of the pots not awarded to him), payments
    outside the pot.

    >>> from potengine.histories.audit import audit_hand
    >>> from potengine.histories.pokerstars import read_file
    >>> data = hand_json(audit_hand(read_file(DATA / "pokerstars/uncalled.txt")[1]))
    >>> data["verdict"], data["pots"]["computed"][0]["amount"], data["returned"]
    ('consistent', 90, {'computed': {'Chloé': 30}, 'written': {'Chloé': 30}})
    """
    hand = audit.hand
    result: dict[str, Any] = {
        "file": audit.file,
        "line": audit.line,
        "hand_id": audit.hand_id,
        "verdict": audit.verdict.value,
        "game": hand.game if hand else None,
        "tournament": hand.tournament if hand else None,
    }
    computed: list[dict[str, Any]] = []
    refunds: dict[str, Any] = {}
    if audit.awarded is not None:  # the settlement's pots and returned chips, without building it
        pots = audit.awarded.pots
        computed = [
            {
                "name": pot_label(i, len(pots)),
                "amount": _json_amount(pot.amount),
                "rake": _json_amount(pot.rake),
                "eligible": list(pot.eligible),
                "shares": {p: _json_amount(a) for p, a in pot.shares.items() if a},
                **(_halves_json(pot) if isinstance(pot, HiLoPot) else {}),
                **(_runs_json(pot) if pot.runs else {}),
            }
            for i, pot in enumerate(pots)
        ]
        refunds = {p: _json_amount(a) for p, a in audit.awarded.layout.refunds.items()}
    written: list[dict[str, Any]] = []
    returned: dict[str, Any] = {}
    if hand is not None:
        reported = hand.pots_reported
        written = [
            {"name": pot_label(i, len(reported)), "amount": _json_amount(a)} for i, a in enumerate(reported)
        ]
        for player, amount in hand.returned:
            returned[player] = _json_amount(amount + (Decimal(returned[player]) if player in returned else 0))
    result["pots"] = {"computed": computed, "written": written}
    result["returned"] = {"computed": refunds, "written": returned}
    result["rake"] = _json_amount(hand.rake) if hand else None
    result["differences"] = list(audit.differences)
    result["irregularities"] = list(audit.irregularities)
    result["notes"] = list(audit.notes)
    result["error"] = str(audit.error) if audit.error else None
    if hand is not None and hand.runs:
        result["runs"] = [" ".join(board) for board in hand.runs]
    if audit.cash_outs:
        result["cash_outs"] = [
            {
                "player": c.player,
                "amount": _json_amount(c.amount),
                "fee": _json_amount(c.fee),
                "not_awarded": _json_amount(c.not_awarded),
            }
            for c in audit.cash_outs
        ]
    return result


def _runs_json(pot: Pot) -> dict[str, Any]:
    """A pot's parts in a hand run more than once, as JSON: each run's amount and shares."""
    return {
        "runs": [
            {
                "run": part.run,
                "amount": _json_amount(part.amount),
                "shares": {p: _json_amount(a) for p, a in part.shares.items() if a},
            }
            for part in pot.runs
        ]
    }


UPWARD.hand_json = hand_json
