"""The command line: ``potengine audit`` checks hand histories, ``potengine settle`` splits a pot.

``potengine audit FILE...`` prints a verdict per hand (consistent, irregular, wrong, unsupported
or unreadable) and a summary, or with ``--json`` one JSON document; it reads, audits and reports
one hand at a time. It exits with 0 when no hand is wrong, 1 when some hand is wrong, 2 when
nothing could be read, a file could not be opened, or the command line is wrong.
``potengine settle`` prints the pots, the payouts and the nets of one hand (or JSON).
``potengine convert FILE... --to ohh|phh`` writes the hands of any room as Open Hand History JSON
or PHH (:mod:`potengine.histories.convert`): a hand it cannot read or write is named on standard
error and skipped; it exits with 0 when every hand was written, 1 when some hand was skipped, 2
when none was written or a file could not be read.
Errors are one line on standard error, never a traceback, with exit status 2.

>>> main(["settle", "Alice=40", "Bilal=100", "Chloé=100", "--ranking", "Alice > Chloé > Bilal"])
Pot         Amount  How it is made        Eligible             Winners  Shares
Main pot       120  3 × 40 = 120          Alice, Bilal, Chloé  Alice    Alice 120
Side pot 1     120  2 × (100 − 40) = 120  Bilal, Chloé         Chloé    Chloé 120
<BLANKLINE>
Player  Put in  Returned  Won  Paid  Net
Alice       40         0  120   120  +80
Bilal      100         0    0     0  -100
Chloé      100         0  120   120  +20
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from .chips import Amount, parse_amount, shown
from .errors import InputError, PotEngineError, said
from .histories.audit import AuditRun, Verdict, write_json_texts
from .histories.convert import FORMATS, convert_files
from .histories.jobs import printed_audits
from .histories.rooms import BY_NAME, ROOMS
from .histories.verdicts import VERDICT_WORDS, in_language
from .i18n import translator, words
from .pots.cashout import CashOut, Insurance, SidePayment
from .pots.fees import Added, Fee
from .pots.rake import Rake
from .pots.ranking import parse_ranking
from .pots.settlement import settle
from .present.exports import settlement_json, settlement_text
from .present.table_entry import chip_note, infer_chip
from .present.words import explain

AUDIT_EXAMPLES = """\
examples:
  potengine audit hands.txt                 a verdict per hand, then a summary
  potengine audit day1.txt day2.txt -v      also the six steps of every hand
  potengine audit *.txt --json              one JSON document for every hand of every file
  potengine audit cash.txt --rake 5 --rake-cap 3
                                            also check the rake: 5 %, at most 3
  potengine audit --room ggpoker hands.txt  say the room instead of recognising it
  potengine audit --jobs 2 *.txt            two processes at once; the same output
  potengine audit hands.txt --lang nl       the verdicts and notes in Dutch (de German, el Greek)

verdicts: consistent (every chip right, the betting legal), irregular (every chip right, an
action departs from the engine's rules: a note, not an accusation), wrong (a chip is where it
should not be: the difference, with the hand ID to take to the site), unsupported (a game or
feature the engine does not handle), unreadable (not a hand history: the line and why)

exit status: 0 no hand wrong, 1 some hand wrong, 2 nothing could be read, a file could not be
opened, or bad usage
"""

SETTLE_EXAMPLES = """\
examples:
  potengine settle Alice=40 Bilal=100 Chloé=100 --ranking "Alice > Chloé > Bilal"
  potengine settle A=20 B=50 C=90 D=90 --ranking "A > B > D > C" --json
  potengine settle A=30 B=80 C=80 D=10 --folded D --ranking "B = C > A" --button C
  potengine settle A=125 B=250 C=250 --ranking "B = C > A" --chip 25
  potengine settle A=40 B=100 C=100 --runs "A > C > B" --runs "C > B > A"
                                            a hand run twice: one --runs per run, in order
  potengine settle A=2.43 B=2.43 C=0.22 --folded C --ranking "A > B" \
      --rake 0.15 --fee jackpot=0.07 --fee bingo=0
                                            rake and a jackpot fee withheld (per hand,
                                            from the main pot first)
  potengine settle A=40 B=100 C=100 --ranking "A > C > B" --fee "drop=1@Side pot 1"
                                            a fee from one pot: NAME=AMOUNT@POT
  potengine settle A=0.74 B=0.74 C=0.05 D=0.05 --folded C,D --ranking "A > B" \
      --chip 0.01 --added "cash drop=0.2" --rake 0.06 --fee jackpot=0.03
                                            money the room adds, into the main pot
  potengine settle A=36 B=36 --ranking "A > B" --cash-out A=57:1 --insurance B=5:0
                                            outside the pot: a cash-out of 57 (fee 1) and
                                            an insurance premium of 5 (payout 0)
  potengine settle A=100 B=100 --runs "A > B" --runs "A > B" --low-runs B --low-runs ""
                                            hi-lo run twice: each run's lows ("" for none)

contributions are each player's total chips put in, in clockwise seat order;
in the ranking ">" means beats and "=" means ties.
"""


CONVERT_EXAMPLES = """\
examples:
  potengine convert hands.txt --to ohh           Open Hand History JSON on standard output
  potengine convert day1.txt day2.txt --to ohh -o days.ohh
                                            one .ohh file: the hands separated by blank lines
  potengine convert hands.txt --to phh -o out/   one .phh file per hand in the directory out/
  potengine convert hands.txt --to phh           every hand on standard output, as a .phhs file
                                            (a [1], [2], ... table per hand)
  potengine convert hands.txt --to ohh --lang de the hands skipped named in German (nl, el)

a hand that cannot be read or written (its room unread, a game the format has no code for) is
named on standard error with its file and line, and skipped.

exit status: 0 every hand written, 1 some hand skipped, 2 no hand written, a file could not be
read, or bad usage
"""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a single line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _contributions(pairs: Sequence[str]) -> dict[str, Amount]:
    result: dict[str, Amount] = {}
    for pair in pairs:
        name, sep, value = pair.rpartition("=")
        name = name.strip()
        if not sep or not name:
            raise InputError(
                said("write each contribution as NAME=CHIPS (e.g. Alice=40), got {pair}", pair=shown(pair))
            )
        if name in result:
            raise InputError(said("{name} is given twice", name=shown(name)))
        result[name] = parse_amount(value, "{player}'s contribution", player=name)
    return result


def _named(text: str, option: str, example: str) -> tuple[str, Amount, str | None]:
    """``NAME=AMOUNT`` or ``NAME=AMOUNT@POT`` from an option: (name, amount, pot or None)."""
    name, sep, rest = text.partition("=")
    value, at, pot = rest.partition("@")
    if not sep or not name.strip() or (at and not pot.strip()):
        raise InputError(
            said(
                "write {option} as NAME=AMOUNT or NAME=AMOUNT@POT (e.g. {example}), got {text}",
                option=option,
                example=example,
                text=shown(text),
            )
        )
    return name.strip(), parse_amount(value, "the {name}", name=name.strip()), pot.strip() if at else None


def _pair(text: str, option: str, example: str, what: tuple[str, str]) -> tuple[str, Amount, Amount]:
    """``NAME=AMOUNT`` or ``NAME=AMOUNT:SECOND`` (the second amount 0 when left out); ``what``
    names the two amounts, phrases of the catalogues with the player's name to fill in."""
    name, sep, rest = text.rpartition("=")
    first, colon, second = rest.partition(":")
    name = name.strip()
    if not sep or not name:
        raise InputError(
            said(
                "write {option} as NAME=AMOUNT[:AMOUNT] (e.g. {example}), got {text}",
                option=option,
                example=example,
                text=shown(text),
            )
        )
    return (
        name,
        parse_amount(first, what[0], player=name),
        parse_amount(second, what[1], player=name) if colon else 0,
    )


def _low_runs(texts: Sequence[str] | None, runs: object) -> list[Any] | None:
    """``--low-runs``: hi-lo run more than once, each run's qualifying lows ("" for none)."""
    if texts is None:
        return None
    if not isinstance(runs, list):
        raise InputError(said("--low-runs goes with --runs: one low ranking per run, in the same order"))
    if len(texts) != len(runs):
        raise InputError(
            said("{count} --low-runs for {runs} --runs: give one per run", count=len(texts), runs=len(runs))
        )
    return [parse_ranking(text) if text.strip() else [] for text in texts]


def _settle(args: argparse.Namespace) -> int:

    if args.lang is not None:
        translator(args.lang)  # an unknown language is an error before anything is settled
    contributions = _contributions(args.contributions)
    folded = [name.strip() for item in args.folded for name in item.split(",") if name.strip()]
    ranking = parse_ranking(args.ranking) if args.ranking else None
    runs = [parse_ranking(text) for text in args.runs] if args.runs else None
    chip = parse_amount(args.chip, "the chip") if args.chip is not None else None
    rake = parse_amount(args.rake, "the rake") if args.rake is not None else None
    fees = None
    if args.fee:
        fees = []
        for text in args.fee:
            name, value, pot = _named(text, "--fee", "jackpot=0.07")
            fees.append(Fee(name, value, pot=pot))
    added = None
    if args.added:
        added = []
        for text in args.added:
            if "=" in text:
                name, value, pot = _named(text, "--added", "'cash drop=0.2'")
            else:
                name, value, pot = "added money", parse_amount(text, "the added money"), None
            added.append(Added(name, value, pot=pot or "Main pot"))
    side: list[SidePayment] | None = None
    if args.cash_out or args.insurance:
        side = []
        for text in args.cash_out:
            name, value, fee = _pair(
                text, "--cash-out", "A=57:1", ("{player}'s cash-out", "{player}'s cash-out fee")
            )
            side.append(CashOut(name, value, fee=fee))
        for text in args.insurance:
            name, value, payout = _pair(
                text, "--insurance", "B=5:60", ("{player}'s insurance premium", "{player}'s insurance payout")
            )
            side.append(Insurance(name, value, payout=payout))
    note = ""
    if chip is None:  # the same rule as the calculator's empty chip field
        written = [*contributions.values(), *(fee.amount for fee in fees or ())]
        written += [money.amount for money in added or ()]
        written += [rake] if rake is not None else []
        chip = infer_chip(written)
        note = chip_note(chip) if chip != 1 else ""
    result = settle(
        contributions,
        ranking,
        folded=folded,
        button=args.button,
        chip=chip,
        runs=runs,
        rake=rake,
        fees=fees,
        added=added,
        side_payments=side,
        low_ranking=_low_runs(args.low_runs, runs),
    )
    if args.json:  # JSON is the same in every language
        print(json.dumps(settlement_json(result), ensure_ascii=False, indent=2))
    elif args.lang is not None:
        print(explain(result, language=args.lang))
    else:
        print(f"{note}\n\n{settlement_text(result)}" if note else settlement_text(result))
    return 0


def _audit(args: argparse.Namespace) -> int:

    rake = None
    if args.rake is not None:
        cap = parse_amount(args.rake_cap, "the rake cap") if args.rake_cap is not None else None
        rake = Rake.percentage(
            Decimal(str(parse_amount(args.rake, "the rake percentage"))),
            cap=cap,
            no_flop_no_drop=not args.rake_preflop,
        )
    elif args.rake_cap is not None:
        raise InputError(said("--rake-cap needs --rake PERCENT"))
    room = None
    if args.room is not None:
        room = BY_NAME.get(args.room.lower())
        if room is None:
            raise InputError(
                said("--room {room} is no room: choose {rooms}", room=repr(args.room), rooms=_ROOM_NAMES)
            )
    if args.jobs < 1:
        raise InputError(
            said("--jobs takes a number of processes, 1 or more, not {jobs}", jobs=str(args.jobs))
        )
    language = args.lang or "en"
    if language != "en":
        translator(language)  # an unknown language is an error before anything is read
    run = AuditRun(rake=rake, room=room)
    audits = printed_audits(
        args.files, run, jobs=args.jobs, as_json=args.json, verbose=args.verbose, language=language
    )

    if args.json:  # JSON is the same in every language
        write_json_texts(sys.stdout, (item.json for _, item in audits), run)
    else:
        _ = words(language)
        note = _("note")
        current = None
        for path, item in audits:
            if path != current:
                current = path
                print(f"== {current}")
            notes = [f"  {note}: {n}" for n in item.notes]
            print("\n".join([item.text, *notes, *item.steps]) if args.verbose else item.text)
            if notes and not args.verbose:
                print("\n".join(notes))
            if item.unreadable:
                print(f"potengine audit: {path}: {item.unreadable}", file=sys.stderr)
        for entry in run.files:
            if entry["error"]:
                error = in_language(entry["error"], language)
                print(f"potengine audit: {_('error')}: {error}", file=sys.stderr)
            elif room is not None and not entry["hands"]:
                empty = _("{file}: no {room} hand in it", file=entry["file"], room=room.label)
                print(f"potengine audit: {empty}", file=sys.stderr)
        for dup in run.duplicates():
            places = ", ".join(_("{file} line {line}", file=d["file"], line=d["line"]) for d in dup["at"])
            print(_("Duplicate hand #{hand_id}: {places}", hand_id=dup["hand_id"], places=places))
        counts = run.summary()
        total = counts["hands"]
        verdicts = ", ".join(
            f"{counts[v.value]} {in_language(VERDICT_WORDS[v.value], language)}" for v in Verdict
        )
        print(
            _.n(
                "Summary: {count} hand: {verdicts}",
                "Summary: {count} hands: {verdicts}",
                total,
                count=total,
                verdicts=verdicts,
            )
        )
    return run.exit_status()


_ROOM_NAMES = ", ".join(room.name for room in ROOMS)


def _convert(args: argparse.Namespace) -> int:

    language = args.lang or "en"
    if language != "en":
        translator(language)  # an unknown language is an error before anything is read
    target = args.output
    directory = None
    if target is not None and (os.path.isdir(target) or target.endswith(("/", os.sep))):
        directory, target = target, None
    if target is None:
        done = convert_files(
            args.files, args.to, out=sys.stdout, directory=directory, errors=sys.stderr, language=language
        )
    else:
        with open(target, "w", encoding="utf-8") as out:
            done = convert_files(args.files, args.to, out=out, errors=sys.stderr, language=language)
    _ = words(language)
    written = _.n(
        "{count} hand written as {format}, {skipped} skipped",
        "{count} hands written as {format}, {skipped} skipped",
        done.written,
        count=done.written,
        format=args.to.upper(),
        skipped=len(done.skipped),
    )
    print(f"potengine convert: {written}", file=sys.stderr)
    return done.exit_status


def build_parser() -> argparse.ArgumentParser:
    """The ``potengine`` argument parser with its commands."""
    parser = _Parser(
        prog="potengine",
        description="How poker pots are split: settle a hand, or audit hand histories.",
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    audit = commands.add_parser(
        "audit",
        help="check hand histories pot by pot (PokerStars, Winamax, WPN, iPoker, 888, ...)",
        description="Replay every hold'em and Omaha hand of the histories with the engine and\n"
        "compare pot by pot: amounts, eligible players, winners, returned bets and rake.\n"
        "The room is recognised from the text (or named with --room); what a room does not\n"
        "write is not checked, and the verdict's notes say so. Each hand gets one verdict;\n"
        "a hand that cannot be read is named with its ID and line, and the other hands of\n"
        "the file are still checked.",
        epilog=AUDIT_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    audit.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="hand-history files: text, XML, CSV or JSON, in UTF-8, UTF-16 or cp1252",
    )
    audit.add_argument("-v", "--verbose", action="store_true", help="print the six steps of every hand")
    audit.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document: every hand's verdict, pots, differences and notes",
    )
    audit.add_argument("--rake", metavar="PERCENT", help="check the rake against this percentage")
    audit.add_argument("--rake-cap", metavar="AMOUNT", help="the most the rake may be")
    audit.add_argument(
        "--rake-preflop",
        action="store_true",
        help="rake hands that end before the flop too (default: no flop, no drop)",
    )
    audit.add_argument(
        "--room",
        metavar="NAME",
        help=f"the room that wrote every file, instead of recognising it from the text: {_ROOM_NAMES}",
    )
    audit.add_argument(
        "--lang",
        metavar="LANG",
        help="print the verdicts, notes and steps in this language: en, nl, de or el (default "
        "English; --json is the same in every language)",
    )
    audit.add_argument(
        "--jobs",
        metavar="N",
        type=int,
        default=1,
        help="audit the files in N processes at once (default 1); the output is the same, in input order",
    )
    audit.set_defaults(run=_audit)

    settle = commands.add_parser(
        "settle",
        help="split the pots of one hand",
        description="Form the pots from each player's total contribution and award them by\n"
        "the showdown ranking: the pots table, the payouts and the nets (or JSON).",
        epilog=SETTLE_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    settle.add_argument(
        "contributions",
        nargs="+",
        metavar="NAME=CHIPS",
        help="each player's total contribution, clockwise seat order",
    )
    settle.add_argument(
        "--ranking", metavar="TEXT", help='showdown order, best first: "Alice > Chloé = Bilal"'
    )
    settle.add_argument(
        "--runs",
        action="append",
        metavar="TEXT",
        help="a hand run more than once: each run's showdown order, one --runs per run, "
        "in the order the runs were dealt (instead of --ranking)",
    )
    settle.add_argument(
        "--low-runs",
        action="append",
        metavar="TEXT",
        help="hi-lo run more than once: each run's qualifying lows, best first, one --low-runs per "
        '--runs, in the same order ("" when nobody has a low on that run)',
    )
    settle.add_argument(
        "--folded",
        action="append",
        default=[],
        metavar="NAME",
        help="a player who folded (repeat, or separate names with commas)",
    )
    settle.add_argument("--button", metavar="NAME", help="the player on the button (default: the last seat)")
    settle.add_argument(
        "--chip",
        metavar="AMOUNT",
        help="the smallest chip in play, for odd chips (default: as the amounts are written, "
        "1 for whole amounts, 0.01 when they are written in cents, as the calculator does)",
    )
    settle.add_argument(
        "--rake", metavar="AMOUNT", help="the rake withheld, from the main pot first (an amount)"
    )
    settle.add_argument(
        "--fee",
        action="append",
        default=[],
        metavar="NAME=AMOUNT[@POT]",
        help="a fee beside the rake (jackpot, bingo, tax, …), per hand from the main pot first, "
        'or from one pot with @POT (e.g. "drop=1@Side pot 1"); repeat for each fee',
    )
    settle.add_argument(
        "--added",
        action="append",
        default=[],
        metavar="[NAME=]AMOUNT[@POT]",
        help="money the room adds (a cash drop, a splash), into the main pot unless @POT; repeat",
    )
    settle.add_argument(
        "--cash-out",
        action="append",
        default=[],
        metavar="NAME=AMOUNT[:FEE]",
        help="a player's all-in cash-out: what the room pays him (its fee already out of it); "
        "his pot winnings go to the room",
    )
    settle.add_argument(
        "--insurance",
        action="append",
        default=[],
        metavar="NAME=PREMIUM[:PAYOUT]",
        help="a player's all-in insurance: the premium he pays, the payout he receives",
    )
    settle.add_argument("--json", action="store_true", help="print JSON instead of tables")
    settle.add_argument(
        "--lang",
        metavar="LANG",
        help="print the settlement in words, as a dealer tells it, in this language instead of the "
        "tables: en, nl, de or el",
    )
    settle.set_defaults(run=_settle)

    convert = commands.add_parser(
        "convert",
        help="write hand histories of any room as Open Hand History JSON or PHH",
        description="Read every hand of the files (any room the checker reads) and write it as\n"
        "Open Hand History 1.4.6 JSON (--to ohh) or as PHH (--to phh). A hand that cannot be\n"
        "read or written is named on standard error and skipped; the others are written.",
        epilog=CONVERT_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    convert.add_argument("files", nargs="+", metavar="FILE", help="hand-history files")
    convert.add_argument("--to", required=True, choices=FORMATS, help="the format to write: ohh or phh")
    convert.add_argument(
        "-o",
        "--output",
        metavar="FILE|DIR",
        help="write to FILE (default: standard output), or into the directory DIR (one that exists, "
        "or a name ending in /): one .ohh file per input file, one .phh file per hand",
    )
    convert.add_argument(
        "--lang",
        metavar="LANG",
        help="name the hands that cannot be converted in this language: en, nl, de or el (default "
        "English; the OHH and PHH written are the same in every language)",
    )
    convert.set_defaults(run=_convert)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (errors: one line on stderr, status 2).

    >>> main(["settle", "Alice=40", "Bilal=x"])   # stderr: potengine: error: Bilal's contribution ...
    2
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return args.run(args)
    except PotEngineError as err:
        language = getattr(args, "lang", None)
        try:
            message = err.in_language(language) if language else str(err)
        except PotEngineError:  # an unknown language: named by the error itself
            message = str(err)
        print(f"potengine: error: {message}", file=sys.stderr)
        return 2
    except (ValueError, ArithmeticError) as err:  # pragma: no cover
        # a safety net: one line, never a traceback
        text = " ".join(str(err).split())
        print(f"potengine: error: {text[:300]}", file=sys.stderr)
        return 2
    except OSError as err:  # pragma: no cover - e.g. a closed stdout
        print(f"potengine: error: {err}", file=sys.stderr)
        return 2
