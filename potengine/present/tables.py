"""HTML tables for notebooks: a settlement, its pots, its check, and the equity per pot.

Jupyter shows the engine's results with these tables once :func:`show_tables_in_notebooks` has
run (``import potengine`` runs it); the model classes themselves know nothing of HTML.

The markup is plain HTML with inline styles only, so it renders the same in JupyterLab and in the
static site and never loads anything.

>>> from potengine import settle
>>> html = settlement_html(settle({"A": 40, "B": 100, "C": 100}, ranking=["A", "C", "B"]))
>>> html.count("<table"), "Side pot 1" in html, "+80" in html
(2, True, True)

The tables of a settlement (:func:`settlement_html`, :func:`audit_html`) are also told in Dutch,
German or Greek (``language``; the catalogues of :mod:`potengine.i18n`), as the live pages show
them; the numbers and names are the same in every language:

>>> "Hoofdpot" in settlement_html(settle({"A": 40, "B": 100}, ranking=["A", "B"]), language="nl")
True
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
from ..i18n import words
from ..pots.hilo import HiLoPot
from .exports import side_rows, withheld_text
from .words import pot_name, signed

if TYPE_CHECKING:  # pragma: no cover
    from ..cards.equity import PotEquityResult
    from ..cards.omaha_equity import OmahaEquityResult
    from ..pots.check import Audit
    from ..pots.layout import Pot, PotLayout
    from ..pots.runs import Run, RunPart
    from ..pots.settlement import Settlement

_TABLE = '<table class="{classes}" style="border-collapse:collapse;margin:0.5em 0">'
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


def _label(head: str, result: str = "Result") -> str:
    """A column's name as an attribute value: its header's text (the mark column: ``result``)."""
    return escape(unescape(_TAG.sub("", head)), quote=True) or result


def _table(
    header: Iterable[str],
    rows: Iterable[Iterable[str]],
    caption: str = "",
    result: str = "Result",
    kind: str = "",
) -> str:
    """The table; each body cell carries its column's name (``data-label``), which the book's
    stylesheet shows beside the value when a narrow column stacks each row as a card (the mark
    column, which has no header: ``result``). ``kind`` is a class the stylesheet knows (``steps``:
    a card is headed by its first column's name and number, "Step 3", "Stap 3")."""
    heads = list(header)
    labels = [_label(h, result) for h in heads]
    cap = f'<caption style="text-align:left;font-weight:bold">{escape(caption)}</caption>' if caption else ""
    body = "".join(_row(r, labels=labels) for r in rows)
    table = _TABLE.format(classes=f"potengine {kind}" if kind else "potengine")
    return f"{table}{cap}<thead>{_row(heads, header=True)}</thead><tbody>{body}</tbody></table>"


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


def pots_html(
    pots: Sequence[Pot], *, awarded: bool, runs: bool = False, language: str = "en", boards: bool = False
) -> str:
    """The pots as a table: amount, the dealer's sum, who may win it (and who did).

    ``runs``: the hand was run more than once; each pot's shares are then given run by run
    (:func:`run_shares_text`), and a pot only one player can win is marked as not run (``boards``:
    the runs are a bomb pot's two boards). The words are in ``language``."""
    _ = words(language)
    header = [_("Pot"), _("Amount"), _("How it is made"), _("Eligible")]
    if awarded:
        header += [_("Winner(s)"), _("Shares")]
    rows = []
    for pot in pots:
        row = [escape(pot_name(pot, _)), fmt(pot.amount), escape(pot.formula), _names(pot.eligible)]
        if awarded:
            shares = ", ".join(f"{p} {fmt(s)}" for p, s in pot.shares.items())
            if isinstance(pot, HiLoPot) and len(pot.eligible) > 1:
                shares = hilo_shares_text(pot, language)
            if runs:
                shares = run_shares_text(pot, language, boards=boards)
            shares += withheld_text(pot)
            row += [_names(pot.winners), escape(shares)]
        rows.append(row)
    return _table(header, rows, _("Pots"), _("Result"))


def hilo_shares_text(pot: HiLoPot | RunPart, language: str = "en") -> str:
    """A hi-lo pot's shares: each half with its winners, quartering and scooping marked.

    >>> from potengine import settle
    >>> r = settle({"A": 50, "B": 50, "C": 50}, ranking=["A", "B", "C"], low_ranking=[("B", "C")])
    >>> hilo_shares_text(r.pots[0])
    'high 75: A 75; low 75: B 38, C 37 (quartered)'
    >>> hilo_shares_text(settle({"A": 5, "B": 5}, ranking=["A", "B"], low_ranking=[]).pots[0])
    'no qualifying low: A 10 (scoop)'
    """
    _ = words(language)

    def half(shares: Mapping[str, Amount]) -> str:
        return ", ".join(f"{p} {fmt(s)}" for p, s in shares.items())

    if not pot.low_shares:
        text = _("no qualifying low: {shares}", shares=half(pot.high_shares))
    else:
        text = _(
            "high {high}: {high_shares}; low {low}: {low_shares}",
            high=fmt(pot.high_amount),
            high_shares=half(pot.high_shares),
            low=fmt(pot.low_amount),
            low_shares=half(pot.low_shares),
        )
        if len(pot.low_shares) == 2:
            text += _(" (quartered)")
    if len(pot.winners) == 1:
        text += _(" (scoop)")
    return text


def run_shares_text(pot: Pot, language: str = "en", *, boards: bool = False) -> str:
    """A pot's shares in a hand run more than once: each run's part and who took it, or "not run"
    for a pot only one player can win (paid once); ``boards``: the runs are a bomb pot's boards.

    >>> from potengine import settle
    >>> r = settle({"A": 20, "B": 51, "C": 50}, runs=[["A", "B", "C"], ["C", ("A", "B")]])
    >>> [run_shares_text(pot) for pot in r.pots]
    ['run 1 (30): A 30; run 2 (30): C 30', 'run 1 (30): B 30; run 2 (30): C 30']
    >>> run_shares_text(r.pots[0], boards=True)
    'board 1 (30): A 30; board 2 (30): C 30'
    >>> run_shares_text(settle({"A": 5, "B": 9}, folded=["A"], runs=[["B"], ["B"]]).pots[0])
    'B 10 (not run)'
    """
    _ = words(language)
    if not pot.runs:
        return ", ".join(f"{p} {fmt(s)}" for p, s in pot.shares.items()) + _(" (not run)")
    parts = []
    for part in pot.runs:
        if part.hilo:
            text = hilo_shares_text(part, language)
        else:
            text = ", ".join(f"{p} {fmt(s)}" for p, s in part.shares.items())
        if boards:
            parts.append(
                _(
                    "board {number} ({amount}): {shares}",
                    number=part.run,
                    amount=fmt(part.amount),
                    shares=text,
                )
            )
        else:
            parts.append(
                _("run {number} ({amount}): {shares}", number=part.run, amount=fmt(part.amount), shares=text)
            )
    return _.p("between parts", "; ").join(parts)  # Greek: "· " (its ";" is a question mark)


def runs_html(runs: Sequence[Run], language: str = "en", *, boards: bool = False) -> str:
    """The showdown of each run: its board (if given) and its ranking, best first (``boards``:
    the runs are a bomb pot's two boards).

    >>> from potengine import settle
    >>> r = settle({"A": 10, "B": 10}, hands={"A": "As Ah", "B": "Kd Kc"},
    ...            runs=["2c 7d 9h Js 3s", "Kh 7d 9h Js 3s"])
    >>> html = runs_html(r.runs)
    >>> html.count("<tr>"), "Three of a kind, kings" in html
    (3, True)
    """
    _ = words(language)

    def tier(players: Sequence[str], hands: Mapping[str, object] | None) -> str:
        if hands:
            players = [f"{p} ({getattr(hands.get(p), 'description', _('no hand'))})" for p in players]
        return " = ".join(players)

    rows = []
    for run in runs:
        showdown = " > ".join(tier(t, run.hands) for t in run.ranking)
        if run.low_ranking is not None:
            low = " > ".join(tier(t, run.low_hands) for t in run.low_ranking) or _("nobody")
            showdown += _("; low: {low}", low=low)
        board = " ".join(str(card) for card in run.board) if run.board else "—"
        if boards:
            name = _("Board {number}", number=run.number)
        elif language == "en":
            name = run.name
        else:
            name = _("Run {number}", number=run.number)
        rows.append([escape(name), escape(board), escape(showdown)])
    if boards:
        return _table([_("Board"), _("Cards"), _("Showdown, best first")], rows, _("Boards"), _("Result"))
    return _table([_("Run"), _("Board"), _("Showdown, best first")], rows, _("Runs"), _("Result"))


def layout_html(layout: PotLayout, language: str = "en") -> str:
    """Pots and returned chips before the showdown."""
    _ = words(language)
    returned = ", ".join(f"{p} {fmt(c)}" for p, c in layout.refunds.items()) or _("nothing")
    line = _(
        "Returned (uncalled): {returned}. Total put in: {total}.", returned=returned, total=fmt(layout.total)
    )
    return pots_html(layout.pots, awarded=False, language=language) + f"<p>{escape(line)}</p>"


def settlement_html(result: Settlement, language: str = "en", *, boards: bool = False) -> str:
    """The pots with their winners, then one row a player: put in, returned, won, received, net.

    In ``language``; ``boards``: a hand run twice is a bomb pot, its runs named as its two boards.
    """
    _ = words(language)
    rows = []
    for p in result.seats:
        status = _.p("status", "folded") if p in result.folded else _.p("status", "live")
        hand = ""
        if result.hands and p in result.hands:
            hand = escape(getattr(result.hands[p], "description", str(result.hands[p])))
            lows = getattr(result, "low_hands", None)
            if lows and p in lows:
                hand += escape(_("; low: {low}", low=lows[p].description if lows[p] else _("none")))
        rows.append(
            [
                escape(p) + (_(" (button)") if p == result.button else ""),
                status,
                fmt(result.contributions[p]),
                fmt(result.refunds.get(p, 0)),
                fmt(result.winnings[p]),
                fmt(result.payouts[p]),
                signed(result.net[p]),
            ]
            + ([hand] if result.hands else [])
        )
    header = [_("Player"), _("Status"), _("Put in"), _("Returned"), _("Won"), _("Received"), _("Net")]
    if result.hands:
        header.append(_("Hand"))
    rows.append(
        [
            "<b>" + _("Total") + "</b>",
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
        header.insert(6, _("Outside the pot"))
        for p, row in zip(result.seats, rows, strict=False):
            row.insert(6, signed(side.get(p, 0)))
        rows[-1].insert(6, signed(sum(side.values(), start=0)))
    runs = getattr(result, "runs", ())
    tables = pots_html(result.pots, awarded=True, runs=bool(runs), language=language, boards=boards)
    if runs:
        tables += runs_html(runs, language, boards=boards)
    tables += _table(header, rows, _("Players"), _("Result"))
    if result.fee_rules or result.added_rules or result.side_payments:
        tables += extra_html(result, language)
    return tables


def extra_html(result: Settlement, language: str = "en") -> str:
    """The room's part of a hand: rake and each fee by name, the money it added, the payments
    outside the pot, and what it keeps (the headings and words in ``language``).

    >>> from potengine import settle
    >>> html = extra_html(settle({"A": 50, "B": 50}, ranking=["A", "B"], fees={"jackpot": 2},
    ...                          added={"cash drop": 10}))
    >>> "jackpot" in html, "cash drop" in html, html.count("<tr>")
    (True, True, 4)
    >>> "Der Raum</caption>" in extra_html(settle({"A": 50, "B": 50}, ["A", "B"], rake=2), "de")
    True
    """
    _ = words(language)
    withheld, added = _("withheld from the pots"), _("added to the pots")
    rows = [[_("rake"), withheld, fmt(result.rake)]]
    rows += [[escape(name), withheld, fmt(a)] for name, a in result.fees.items()]
    rows += [[escape(name), added, fmt(a)] for name, a in result.added.items()]
    rows += [[escape(what), escape(player), change] for what, player, _unused, change in side_rows(result)]
    if result.side_payments:
        rows.append(["<b>" + _("the room keeps") + "</b>", "", signed(result.house)])
    return _table([_("Item"), _("What"), _("Amount")], rows, _("The room"), _("Result"))


def audit_html(report: Audit, language: str = "en") -> str:
    """The six steps as a table, each with ✓ or ✗ and what was found: the steps as ``report``
    says them (:func:`potengine.pots.check.audit` in a language), the table's headings in
    ``language``."""
    _ = words(language)
    rows = [
        [str(s.number), escape(s.title), "✓" if s.ok else "✗", "<br>".join(map(escape, s.findings))]
        for s in report.steps
    ]
    heads = [_("Step"), _("Check"), "", _("Findings")]
    return _table(heads, rows, _("Six-step check (EX-06)"), _("Result"), kind="steps")


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
