"""Auditing many files at once in several processes, the output as one process gives it.

``potengine audit --jobs N FILE...`` hands the files to ``N`` processes (a
:class:`concurrent.futures.ProcessPoolExecutor`). A worker reads and audits whole files and
sends back each hand's audit already put in words (:class:`Printed`: its text, notes and steps,
or its JSON text), with what the parent needs to count it: its verdict, its hand ID, the line it
starts on and its :func:`~potengine.histories.audit.duplicate_key`. The parent takes the files
back in input order and counts every hand in one :class:`~potengine.histories.audit.AuditRun`,
which finds the hands seen more than once across all the files, as it does in one process, and
adds its note to the copy's audit. So the printed text and the JSON document are byte for byte
those of ``--jobs 1``, the summary and the duplicates included (``tests/test_cli_jobs.py``).

A file is the unit of work: one large file is audited by one process. The files go to the
workers in runs of consecutive files of about the same size in bytes (:func:`batches`, about four
a process), so that a few trips between processes carry them all; a worker holds its run's
printed audits (never the hands) until the parent takes them. Measured on the 133 files of
``../shared/data/pokerstars-real`` (1,577 hands) on two cores: ``--jobs 2`` audits them about 1.6
to 1.8 times as fast as ``--jobs 1`` from inside a process, about 1.2 to 1.3 times for the whole
command (the interpreter's start is not shared); ``benchmarks/bench_jobs.py``.

>>> from potengine.histories import sample
>>> run = AuditRun()
>>> path = str(sample("uncalled.txt"))
>>> [(p.verdict[:4], len(p.notes)) for _, p in printed_audits([path, path], run, jobs=2)]
[('cons', 0), ('cons', 0), ('cons', 0), ('cons', 1), ('cons', 1), ('cons', 1)]
>>> run.summary()["hands"], len(run.duplicates())
(6, 3)
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from ..errors import HandHistoryError, InputError, message_of, said
from ..pots.rake import Rake
from .audit import AuditRun, HandAudit, Verdict, audit_lines, duplicate_key, hand_json_text
from .rooms import BY_NAME, Room, file_lines
from .verdicts import in_language


class Printed(NamedTuple):
    """One hand's audit as ``potengine audit`` prints it, and what counts it.

    In JSON, ``json`` is its text (:func:`~potengine.histories.audit.hand_json_text`); else
    ``text``, ``notes`` and (``-v``) ``steps`` are its lines, and ``unreadable`` what standard
    error says of a hand that could not be read.
    """

    verdict: str
    hand_id: str | None
    line: int
    key: int | str | None
    json: str = ""
    text: str = ""
    notes: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()
    unreadable: str = ""


def printed(
    audit: HandAudit, *, as_json: bool = False, verbose: bool = False, language: str = "en"
) -> Printed:
    """``audit`` put in words as the command prints it (JSON text, or its lines in ``language``:
    the JSON is the same in every language).

    >>> from potengine.histories.audit import audit_file
    >>> from potengine.histories import sample
    >>> p = printed(audit_file(sample("unreadable.txt")).audits[1])
    >>> p.verdict, p.line, p.unreadable[:27]
    ('unreadable', 28, 'hand #250000000702, line 28')
    """
    head = Printed(audit.verdict.value, audit.hand_id, audit.line, duplicate_key(audit))
    if as_json:
        return head._replace(json=hand_json_text(audit))
    if language == "en":
        return head._replace(
            text=audit.text(),
            notes=audit.notes,
            steps=tuple(map(str, audit.steps)) if verbose else (),
            unreadable=str(audit.error) if audit.verdict is Verdict.UNREADABLE else "",
        )
    return head._replace(
        text=audit.text(language),
        notes=tuple(in_language(n, language) for n in audit.notes),
        steps=tuple(audit.step_lines(language)) if verbose else (),
        unreadable=(
            audit.error.in_language(language)
            if audit.verdict is Verdict.UNREADABLE and audit.error is not None
            else ""
        ),
    )


def with_note(item: Printed, note: str, language: str = "en") -> Printed:
    """``item`` with one more note (a duplicate's, which only the parent knows), in its JSON too.

    >>> with_note(Printed("consistent", "7", 1, 7, text="Hand #7: ..."), "seen before").notes
    ('seen before',)
    >>> print(with_note(Printed("consistent", "7", 1, 7, json='{"notes": []}'), "seen").json)
    {
      "notes": [
        "seen"
      ]
    }
    """
    if item.json:
        data = json.loads(item.json)
        data["notes"].append(note)
        return item._replace(json=json.dumps(data, indent=2, ensure_ascii=False))
    return item._replace(notes=(*item.notes, in_language(note, language)))


class FileAudits(NamedTuple):
    """What a worker sends back for one file: each hand's :class:`Printed` audit, and the error
    that stopped reading the file, if any (missing, a directory, NUL bytes)."""

    hands: list[Printed]
    error: str | None


def audit_printed(
    path: str,
    rake: Rake | None = None,
    room: str | None = None,
    as_json: bool = False,
    verbose: bool = False,
    language: str = "en",
) -> FileAudits:
    """Read and audit the file at ``path`` (in a worker process), each hand put in words.

    ``room`` is a room's name (:data:`~potengine.histories.rooms.ROOMS`), or None to recognise it.

    >>> audit_printed("/nonexistent/hands.txt")
    FileAudits(hands=[], error='cannot read hands.txt: no such file')
    """
    hands: list[Printed] = []
    said = BY_NAME[room] if room else None
    try:
        for audit in audit_lines(file_lines(path), path, rake=rake, room=said):
            hands.append(printed(audit, as_json=as_json, verbose=verbose, language=language))
    except HandHistoryError as err:
        return FileAudits(hands, message_of(err))  # said: English in the JSON, translated when printed
    return FileAudits(hands, None)


def audit_batch(
    paths: Sequence[str],
    rake: Rake | None,
    room: str | None,
    as_json: bool,
    verbose: bool,
    language: str = "en",
) -> list[FileAudits]:
    """:func:`audit_printed` for each of a few files, in order (one task of a worker process).

    >>> [result.error for result in audit_batch(["/nonexistent/a.txt"], None, None, False, False)]
    ['cannot read a.txt: no such file']
    """
    return [audit_printed(path, rake, room, as_json, verbose, language) for path in paths]


BATCHES_PER_PROCESS = 4
"""How many tasks each process is given, about: a few, so that a process done early takes another
while a large file is still audited elsewhere; not one a file, since each task costs its trip
between processes."""


def batches(paths: Sequence[str], workers: int) -> list[list[str]]:
    """``paths`` cut, in order, into about ``BATCHES_PER_PROCESS`` runs of files per worker, of
    about as many bytes each (a file that cannot be measured counts as empty).

    >>> batches(["a", "b", "c"], 2)  # no such files: empty, each its own batch
    [['a'], ['b'], ['c']]
    """
    sizes = []
    for path in paths:
        try:
            sizes.append(os.path.getsize(path))
        except OSError:
            sizes.append(0)
    target = sum(sizes) / (workers * BATCHES_PER_PROCESS)
    cut: list[list[str]] = []
    batch: list[str] = []
    weight = 0
    for path, size in zip(paths, sizes, strict=True):
        batch.append(path)
        weight += size
        if weight >= target:
            cut.append(batch)
            batch, weight = [], 0
    if batch:
        cut.append(batch)
    return cut


def _counted(
    run: AuditRun, path: str, result: FileAudits, language: str = "en"
) -> Iterator[tuple[str, Printed]]:
    """The hands of one file as a worker sent them, counted in ``run`` (a duplicate gets its note)."""
    index = run.open_file(path)
    for item in result.hands:
        note = run.count(index, Verdict(item.verdict), item.key, item.hand_id, item.line)
        yield path, item if note is None else with_note(item, note, language)
    if result.error is not None:
        run.files[index]["error"] = result.error


def printed_audits(
    paths: Sequence[str],
    run: AuditRun,
    *,
    jobs: int = 1,
    as_json: bool = False,
    verbose: bool = False,
    language: str = "en",
) -> Iterator[tuple[str, Printed]]:
    """Every hand of the files at ``paths``, in input order, as ``(path, printed audit)``,
    counted in ``run`` (its rake and room are the workers'); with ``jobs`` processes (at most
    one per file; 1: all in this process, one hand at a time).

    >>> list(printed_audits(["x.txt"], AuditRun(), jobs=0))
    Traceback (most recent call last):
    ...
    potengine.errors.InputError: --jobs takes a number of processes, 1 or more, not 0
    """
    if jobs < 1:
        raise InputError(said("--jobs takes a number of processes, 1 or more, not {jobs}", jobs=str(jobs)))
    workers = min(jobs, len(paths))
    if workers <= 1:  # one hand at a time, as AuditRun.audits gives them
        for path in paths:
            for audit in run.audits(file_lines(path), path):
                yield path, printed(audit, as_json=as_json, verbose=verbose, language=language)
        return
    room = run.room.name if isinstance(run.room, Room) else None
    sys.stdout.flush()  # a forked worker must not inherit unwritten output
    sys.stderr.flush()
    cut = batches(paths, workers)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        done: Iterable[list[FileAudits]] = pool.map(
            audit_batch, cut, *zip(*[(run.rake, room, as_json, verbose, language)] * len(cut), strict=True)
        )
        for batch, results in zip(cut, done, strict=True):
            for path, result in zip(batch, results, strict=True):
                yield from _counted(run, path, result, language)
