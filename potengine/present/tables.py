"""HTML tables for notebooks: a settlement, its pots, its check, and the equity per pot.

Jupyter shows the engine's results with these tables once :func:`show_tables_in_notebooks` has
run (``import potengine`` runs it); the model classes themselves know nothing of HTML.

The markup is plain HTML with inline styles only, so it renders the same in JupyterLab and in the
static site and never loads anything.

>>> from potengine import settle
>>> html = settlement_html(settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"]))
>>> html.count("<table"), "Side pot 1" in html, "+80" in html
(2, True, True)
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from html import escape, unescape
from typing import TYPE_CHECKING

from ..chips import Amount
from ..chips import format_amount as fmt
from ..pots.hilo import HiLoPot
from .exports import side_rows, withheld_text
from .words import signed

if TYPE_CHECKING:  # pragma: no cover
    from ..cards.equity import PotEquityResult
    from ..cards.omaha_equity import OmahaEquityResult
    from ..pots.check import Audit
    from ..pots.layout import Pot, PotLayout
    from ..pots.runs import Run, RunPart
    from ..pots.settlement import Settlement

_TABLE = '<table class="potengine" style="border-collapse:collapse;margin:0.5em 0">'
_NUMBER = re.compile(r"[+−-]?[0-9][0-9.]*")
_TAG = re.compile(r"<[^>]*>")
_CELL = "padding:2px 10px;border-bottom:1px solid #ccc;text-align:{align}"


def _row(cells: Iterable[str], *, header: bool = False, labels: Sequence[str] = ()) -> str:
    tag = "th" if header else "td"
    out = []
    for i, cell in enumerate(cells):
        align = "right" if i and _NUMBER.fullmatch(str(cell)) else "left"
        label = f' data-label="{labels[i]}"' if i < len(labels) else ""
        out.append(f'<{tag}{label} style="{_CELL.format(align=align)}">{cell}</{tag}>')
    return "<tr>" + "".join(out) + "</tr>"


def _label(head: str) -> str:
    """A column's name as an attribute value: its header's text (the mark column: "Result")."""
    return escape(unescape(_TAG.sub("", head)), quote=True) or "Result"


def _table(header: Iterable[str], rows: Iterable[Iterable[str]], caption: str = "") -> str:
    """The table; each body cell carries its column's name (``data-label``), which the book's
    stylesheet shows beside the value when a narrow column stacks each row as a card."""
    heads = list(header)
    labels = [_label(h) for h in heads]
    cap = f'<caption style="text-align:left;font-weight:bold">{escape(caption)}</caption>' if caption else ""
    body = "".join(_row(r, labels=labels) for r in rows)
    return f"{_TABLE}{cap}<thead>{_row(heads, header=True)}</thead><tbody>{body}</tbody></table>"


def table_html(header: Iterable[object], rows: Iterable[Iterable[object]], caption: str = "") -> str:
    """Any small table in the book's style; cells are escaped, numbers right-aligned.

    >>> html = table_html(["Structure", "Raise to at most"], [["pot limit", 25]], "EX-31")
    >>> "<th" in html and ">25</td>" in html and "EX-31" in html
    True
    """
    return _table(
        [escape(str(h)) for h in header], [[escape(str(cell)) for cell in row] for row in rows], caption
    )


def _names(players: Iterable[str]) -> str:
    return escape(", ".join(players)) or "—"


def pots_html(pots: Sequence[Pot], *, awarded: bool, runs: bool = False) -> str:
    """The pots as a table: amount, the dealer's sum, who may win it (and who did).

    ``runs``: the hand was run more than once; each pot's shares are then given run by run
    (:func:`run_shares_text`), and a pot only one player can win is marked as not run."""
    header = ["Pot", "Amount", "How it is made", "Eligible"]
    if awarded:
        header += ["Winner(s)", "Shares"]
    rows = []
    for pot in pots:
        row = [escape(pot.name), fmt(pot.amount), escape(pot.formula), _names(pot.eligible)]
        if awarded:
            shares = ", ".join(f"{p} {fmt(s)}" for p, s in pot.shares.items())
            if isinstance(pot, HiLoPot) and len(pot.eligible) > 1:
                shares = hilo_shares_text(pot)
            if runs:
                shares = run_shares_text(pot)
            shares += withheld_text(pot)
            row += [_names(pot.winners), escape(shares)]
        rows.append(row)
    return _table(header, rows, "Pots")


def hilo_shares_text(pot: HiLoPot | RunPart) -> str:
    """A hi-lo pot's shares: each half with its winners, quartering and scooping marked.

    >>> from potengine import settle
    >>> r = settle({"A": 50, "B": 50, "C": 50}, ranking=["A", "B", "C"], low_ranking=[("B", "C")])
    >>> hilo_shares_text(r.pots[0])
    'high 75: A 75; low 75: B 38, C 37 (quartered)'
    >>> hilo_shares_text(settle({"A": 5, "B": 5}, ranking=["A", "B"], low_ranking=[]).pots[0])
    'no qualifying low: A 10 (scoop)'
    """

    def half(shares: Mapping[str, Amount]) -> str:
        return ", ".join(f"{p} {fmt(s)}" for p, s in shares.items())

    if not pot.low_shares:
        text = f"no qualifying low: {half(pot.high_shares)}"
    else:
        text = (
            f"high {fmt(pot.high_amount)}: {half(pot.high_shares)}; "
            f"low {fmt(pot.low_amount)}: {half(pot.low_shares)}"
        )
        if len(pot.low_shares) == 2:
            text += " (quartered)"
    if len(pot.winners) == 1:
        text += " (scoop)"
    return text


def run_shares_text(pot: Pot) -> str:
    """A pot's shares in a hand run more than once: each run's part and who took it, or "not run"
    for a pot only one player can win (paid once).

    >>> from potengine import settle
    >>> r = settle({"A": 20, "B": 51, "C": 50}, runs=[["A", "B", "C"], ["C", ("A", "B")]])
    >>> [run_shares_text(pot) for pot in r.pots]
    ['run 1 (30): A 30; run 2 (30): C 30', 'run 1 (30): B 30; run 2 (30): C 30']
    >>> run_shares_text(settle({"A": 5, "B": 9}, folded=["A"], runs=[["B"], ["B"]]).pots[0])
    'B 10 (not run)'
    """
    if not pot.runs:
        return ", ".join(f"{p} {fmt(s)}" for p, s in pot.shares.items()) + " (not run)"
    parts = []
    for part in pot.runs:
        if part.hilo:
            text = hilo_shares_text(part)
        else:
            text = ", ".join(f"{p} {fmt(s)}" for p, s in part.shares.items())
        parts.append(f"run {part.run} ({fmt(part.amount)}): {text}")
    return "; ".join(parts)


def runs_html(runs: Sequence[Run]) -> str:
    """The showdown of each run: its board (if given) and its ranking, best first.

    >>> from potengine import settle
    >>> r = settle({"A": 10, "B": 10}, hands={"A": "As Ah", "B": "Kd Kc"},
    ...            runs=["2c 7d 9h Js 3s", "Kh 7d 9h Js 3s"])
    >>> html = runs_html(r.runs)
    >>> html.count("<tr>"), "Three of a kind, kings" in html
    (3, True)
    """

    def tier(players: Sequence[str], hands: Mapping[str, object] | None) -> str:
        if hands:
            players = [f"{p} ({getattr(hands.get(p), 'description', 'no hand')})" for p in players]
        return " = ".join(players)

    rows = []
    for run in runs:
        showdown = " > ".join(tier(t, run.hands) for t in run.ranking)
        if run.low_ranking is not None:
            low = " > ".join(tier(t, run.low_hands) for t in run.low_ranking) or "nobody"
            showdown += f"; low: {low}"
        board = " ".join(str(card) for card in run.board) if run.board else "—"
        rows.append([escape(run.name), escape(board), escape(showdown)])
    return _table(["Run", "Board", "Showdown, best first"], rows, "Runs")


def layout_html(layout: PotLayout) -> str:
    """Pots and returned chips before the showdown."""
    returned = ", ".join(f"{p} {fmt(c)}" for p, c in layout.refunds.items()) or "nothing"
    return (
        pots_html(layout.pots, awarded=False)
        + f"<p>Returned (uncalled): {escape(returned)}. Total put in: {fmt(layout.total)}.</p>"
    )


def settlement_html(result: Settlement) -> str:
    """The pots with their winners, then one row a player: put in, returned, won, received, net."""
    rows = []
    for p in result.seats:
        status = "folded" if p in result.folded else "live"
        hand = ""
        if result.hands and p in result.hands:
            hand = escape(getattr(result.hands[p], "description", str(result.hands[p])))
            lows = getattr(result, "low_hands", None)
            if lows and p in lows:
                hand += escape("; low: " + (lows[p].description if lows[p] else "none"))
        rows.append(
            [
                escape(p) + (" (button)" if p == result.button else ""),
                status,
                fmt(result.contributions[p]),
                fmt(result.refunds.get(p, 0)),
                fmt(result.winnings[p]),
                fmt(result.payouts[p]),
                signed(result.net[p]),
            ]
            + ([hand] if result.hands else [])
        )
    header = ["Player", "Status", "Put in", "Returned", "Won", "Received", "Net"]
    if result.hands:
        header.append("Hand")
    rows.append(
        [
            "<b>Total</b>",
            "",
            fmt(result.total),
            fmt(sum(result.refunds.values(), start=0)),
            fmt(sum(result.winnings.values(), start=0)),
            fmt(sum(result.payouts.values(), start=0)),
            signed(sum(result.net.values(), start=0)),
        ]
        + ([""] if result.hands else [])
    )
    if result.side_payments:  # a column for what the payments outside the pot change
        side = result.side_net
        header.insert(6, "Outside the pot")
        for p, row in zip(result.seats, rows, strict=False):
            row.insert(6, signed(side.get(p, 0)))
        rows[-1].insert(6, signed(sum(side.values(), start=0)))
    runs = getattr(result, "runs", ())
    tables = pots_html(result.pots, awarded=True, runs=bool(runs))
    if runs:
        tables += runs_html(runs)
    tables += _table(header, rows, "Players")
    if result.fee_rules or result.added_rules or result.side_payments:
        tables += extra_html(result)
    return tables


def extra_html(result: Settlement) -> str:
    """The room's part of a hand: rake and each fee by name, the money it added, the payments
    outside the pot, and what it keeps.

    >>> from potengine import settle
    >>> html = extra_html(settle({"A": 50, "B": 50}, ranking=["A", "B"], fees={"jackpot": 2},
    ...                          added={"cash drop": 10}))
    >>> "jackpot" in html, "cash drop" in html, html.count("<tr>")
    (True, True, 4)
    """
    rows = [["rake", "withheld from the pots", fmt(result.rake)]]
    rows += [[escape(name), "withheld from the pots", fmt(a)] for name, a in result.fees.items()]
    rows += [[escape(name), "added to the pots", fmt(a)] for name, a in result.added.items()]
    rows += [[escape(what), escape(player), change] for what, player, _, change in side_rows(result)]
    if result.side_payments:
        rows.append(["<b>the room keeps</b>", "", signed(result.house)])
    return _table(["Item", "What", "Amount"], rows, "The room")


def audit_html(report: Audit) -> str:
    """The six steps as a table, each with ✓ or ✗ and what was found."""
    rows = [
        [str(s.number), escape(s.title), "✓" if s.ok else "✗", "<br>".join(map(escape, s.findings))]
        for s in report.steps
    ]
    return _table(["Step", "Check", "", "Findings"], rows, "Six-step check (EX-06)")


def _percent(fraction: Fraction) -> str:
    return f"{float(fraction):.2%}"


def pot_equity_html(result: PotEquityResult) -> str:
    """Each player's chance and expected chips in each pot of an all-in (exact, rounded to print)."""
    rows = []
    for pot in result.pots:
        for name, chance in pot.chances.items():
            rows.append(
                [
                    escape(pot.name),
                    escape(name),
                    _percent(chance.win_chance),
                    _percent(chance.tie_chance),
                    _percent(chance.share),
                    f"{float(chance.expected):.2f}",
                ]
            )
        rows.append(
            [
                escape(pot.name),
                "<b>total</b>",
                "",
                "",
                "100.00%",
                f"{float(sum(c.expected for c in pot.chances.values())):.2f}",
            ]
        )
    caption = f"Equity per pot over {result.boards:,} boards"
    return _table(["Pot", "Player", "Wins", "Ties", "Share", "Expected chips"], rows, caption)


def omaha_equity_html(result: OmahaEquityResult) -> str:
    """Omaha (hi-lo) equity per pot: each player's high and low share, scoop chance and expected
    chips (exact, rounded to print).

    >>> from potengine import omaha_pot_equity
    >>> r = omaha_pot_equity({"A": 10, "B": 10}, {"A": "As 2s Kd Kc", "B": "Qh Qd 3c 4c"},
    ...                      board="3s 5s 8h Jd", hi_lo=True)
    >>> html = omaha_equity_html(r)
    >>> html.count("<tr>"), "Scoop" in html
    (4, True)
    """
    rows = []
    for pot in result.pots:
        for name, chance in pot.chances.items():
            rows.append(
                [
                    escape(pot.name),
                    escape(name),
                    _percent(chance.high_share),
                    _percent(chance.low_share),
                    _percent(chance.share),
                    _percent(chance.scoop_chance),
                    f"{float(chance.expected):.2f}",
                ]
            )
        rows.append(
            [
                escape(pot.name),
                "<b>total</b>",
                "",
                "",
                "100.00%",
                "",
                f"{float(sum(c.expected for c in pot.chances.values())):.2f}",
            ]
        )
    game = "Omaha hi-lo" if result.hi_lo else "Omaha"
    caption = f"{game} equity per pot over {result.boards:,} boards"
    return _table(
        ["Pot", "Player", "High share", "Low share", "Share", "Scoop", "Expected chips"], rows, caption
    )


# Which table Jupyter shows for which result: (module, class name) -> function. Registered by name,
# so that neither the model nor numpy is imported here.
NOTEBOOK_TABLES = {
    ("potengine.pots.settlement", "Settlement"): settlement_html,
    ("potengine.pots.layout", "PotLayout"): layout_html,
    ("potengine.pots.check", "Audit"): audit_html,
    ("potengine.cards.equity", "PotEquityResult"): pot_equity_html,
    ("potengine.cards.omaha_equity", "OmahaEquityResult"): omaha_equity_html,
}


def show_tables_in_notebooks() -> bool:
    """Have Jupyter display settlements, pot layouts, checks and equity results as HTML tables.

    Returns whether a running IPython shell was found (outside Jupyter it does nothing).

    >>> show_tables_in_notebooks()
    False
    """
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False
    formatter = shell.display_formatter.formatters["text/html"]
    for (module, name), function in NOTEBOOK_TABLES.items():
        formatter.for_type_by_name(module, name, function)
    return True
