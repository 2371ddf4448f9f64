"""``git ledger import``: validate a whole seed-format file, then write it in one event.

Records the ledger already holds are reported as present; any invalid line writes nothing
unless ``--skip-invalid`` skips it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gitledger.core.codec import encode_entry, encode_focus
from gitledger.core.display import printable
from gitledger.core.ids import KIND_LETTERS, entry_path, is_valid_id, new_id
from gitledger.core.model import Entry, Focus, LedgerMeta, Snapshot, source_id
from gitledger.core.text import decode_bytes
from gitledger.errors import InvalidInput
from gitledger.interchange import formats
from gitledger.interchange.jsonl import JSONL_KEYS, decision_record, record_as_jsonl
from gitledger.interchange.records import (
    SOURCE_ID_KEY,
    SOURCE_SUPERSEDES_KEY,
    STARTED_KEY,
    Parsed,
    Problem,
    Record,
    export_id,
    short,
)
from gitledger.interchange.session_md import entry_item, item_body
from gitledger.ledger.decision_footprints import derived_footprint
from gitledger.ledger.operations import Ledger
from gitledger.ledger.results import Built
from gitledger.storage.commits import CommitGraph
from gitledger.storage.keepalive import keep
from gitledger.storage.layout import FOCUS_PATH
from gitledger.storage.store import TreeView

#: The largest file ``import_file`` reads.
MAX_FILE_BYTES = 5 * 1024 * 1024
#: How many problems the one-line error of a refused import spells out.
SHOWN_PROBLEMS = 3
#: How many per-line reports the text of an import shows (``--json`` lists every one).
SHOWN_LINES = 20


@dataclass(frozen=True)
class Imported:
    """A record as imported (or, in a dry run, as it would be), or found already present."""

    line: int
    kind: str
    text: str
    #: The entry it became or already is (None for TASK and NEXT).
    id: str | None
    source_id: str | None = None


@dataclass(frozen=True)
class ImportResult:
    path: str
    fmt: str
    ref: str
    commit: str | None
    dry_run: bool
    written: tuple[Imported, ...]
    present: tuple[Imported, ...]
    skipped: tuple[Problem, ...]
    #: What the write itself warned about (the notes of cited commits not updated).
    warnings: tuple[str, ...] = ()


def guess_format(path: str | os.PathLike[str]) -> str:
    """The format a file's name says (``.jsonl`` → jsonl, ``.md`` → session-md)."""
    name = Path(path).name.lower()
    for known in formats.IMPORTS:
        if name.endswith(known.suffixes):
            return known.name
    raise InvalidInput(f"cannot tell the format of {Path(path).name} from its name: give "
                       f"--format {' or --format '.join(formats.IMPORT_FORMATS)}")


def read_file(path: str | os.PathLike[str]) -> str:
    """A file's text: UTF-8, no NUL, at most ``MAX_FILE_BYTES``; one-line errors."""
    name = Path(path).name
    shown = printable(os.fspath(path))
    try:
        # Opened without blocking, then checked: a FIFO or a device would hang the read.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InvalidInput(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise InvalidInput(f"{shown} is a directory, not a file") from None
    except OSError as exc:
        raise InvalidInput(f"{shown}: cannot read it ({exc.strerror or exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InvalidInput(f"{shown} is a directory, not a file")
        if not stat.S_ISREG(mode):
            raise InvalidInput(f"{shown} is not a regular file (a pipe, a device or a "
                               "socket); import reads a file")
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InvalidInput(f"{shown}: cannot read it ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise InvalidInput(f"{name} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; a "
                           "ledger file that big is not a ledger")
    return decode_bytes(data, name)


def import_file(
    where: str | os.PathLike[str] | None, path: str | os.PathLike[str], *,
    fmt: str | None = None, project: bool = False, dry_run: bool = False,
    skip_invalid: bool = False,
) -> ImportResult:
    """Import a seed-format file into the session (or ``project``) ledger, in one event.

    Everything is validated before anything is written: with any invalid line and no
    ``skip_invalid``, InvalidInput names the lines and nothing is written.  Records the
    ledger already holds (same id or source id; in session-md, the same rendered line)
    are reported as present, not written again; a jsonl record whose id the ledger holds
    with different content is an invalid line ("already in the ledger with different
    content"), never a silent "present".
    """
    chosen = fmt or guess_format(path)
    reader = formats.importer(chosen)
    text = read_file(path)
    ledger = Ledger.open(where, project=project)
    snapshot = ledger.snapshot()
    if snapshot.bad:
        raise InvalidInput(f"{snapshot.ref} has unreadable entries ({snapshot.bad[0].path}); "
                           "fix them first (git ledger check names the cause)")
    parsed = reader(text, _known_ids(snapshot))
    name = Path(path).name
    new, present, changed = _plan(parsed, snapshot)
    problems = tuple(sorted(parsed.problems + tuple(changed), key=lambda p: p.line))
    if problems and not skip_invalid:
        raise InvalidInput(problems_summary(name, problems))
    writing = {r.line for r in new}
    result = ImportResult(
        path=str(path), fmt=chosen, ref=ledger.ref or snapshot.ref, commit=None,
        dry_run=dry_run, written=tuple(_imported(r, None) for r in new),
        present=tuple(present), skipped=problems,
        warnings=tuple(f"line {w.line}: {w.message}" for w in parsed.warnings
                       if w.line in writing))
    if dry_run or not new:
        return result
    ledger.repo.person()  # no identity: fail before the keep-alive write
    _keep_evidence(ledger, new)
    written: list[Imported] = []
    outcome = ledger.write(_builder(ledger, parsed, new, _existing_ids(snapshot), written))
    return replace(result, ref=outcome.ref, commit=outcome.commit, written=tuple(written),
                   warnings=result.warnings + outcome.warnings)


def problems_summary(name: str, problems: Iterable[Problem]) -> str:
    """One line naming the invalid lines: what a refused import says."""
    found = list(problems)
    lines = len({p.line for p in found})
    shown = "; ".join(f"line {p.line}: {p.message}" for p in found[:SHOWN_PROBLEMS])
    more = f"; and {len(found) - SHOWN_PROBLEMS} more" if len(found) > SHOWN_PROBLEMS else ""
    noun = "line" if lines == 1 else "lines"
    return (f"{name}: {lines} invalid {noun} ({shown}{more}); nothing was imported "
            "(fix them, or --skip-invalid imports the valid lines)")


def import_json(result: ImportResult) -> dict[str, Any]:
    """The documented JSON of an import (``git ledger import --json``)."""

    def one(item: Imported) -> dict[str, Any]:
        return {"line": item.line, "kind": item.kind, "id": item.id,
                "source_id": item.source_id, "text": item.text}

    return {
        "file": result.path,
        "format": result.fmt,
        "ref": result.ref or None,
        "commit": result.commit,
        "dry_run": result.dry_run,
        "written": [one(i) for i in result.written],
        "present": [one(i) for i in result.present],
        "skipped": [{"line": p.line, "message": p.message} for p in result.skipped],
        "warnings": list(result.warnings),
    }


def import_text(result: ImportResult) -> str:
    """The human report of an import."""
    verb = "would import" if result.dry_run else "imported"
    into = result.ref or "this worktree's new session ledger"
    lines = [f"{verb} {len(result.written)} from {Path(result.path).name} into {into}"
             + (f" ({result.commit[:10]})" if result.commit else "")]
    # What was refused first, then what was written, then what was there already; at
    # most SHOWN_LINES of them (a 60,000-line file is not read line by line).
    reports = [f"  ! line {p.line}: skipped: {p.message}" for p in result.skipped]
    reports += [f"  + line {i.line}: {_label(i)}" for i in result.written]
    reports += [f"  = line {i.line}: {_label(i)} (already in the ledger)"
                for i in result.present]
    warnings = [f"warning: {w}" for w in result.warnings]
    lines.extend(reports[:SHOWN_LINES])
    if len(reports) > SHOWN_LINES:
        lines.append(f"  … and {len(reports) - SHOWN_LINES} more ({len(result.written)} "
                     f"written, {len(result.present)} already there, {len(result.skipped)} "
                     "skipped; --json lists every line)")
    lines.extend(warnings[:SHOWN_LINES])
    if len(warnings) > SHOWN_LINES:
        lines.append(f"… and {len(warnings) - SHOWN_LINES} more warnings (--json lists "
                     "every one)")
    if result.dry_run:
        lines.append("dry run: nothing was written")
    return "\n".join(lines)


def _label(item: Imported) -> str:
    head = item.kind.upper() if item.kind in ("task", "next") else (item.id or item.kind)
    source = f" ({item.source_id})" if item.source_id and item.source_id != item.id else ""
    return f"{head}{source} {short(item.text, 60)}"


def _known_ids(snapshot: Snapshot) -> set[str]:
    ids: set[str] = set()
    for entry in snapshot.entries:
        ids.add(entry.id)
        source = source_id(entry)
        if source is not None:
            ids.add(source)
    return ids


def _plan(parsed: Parsed, snapshot: Snapshot,
          ) -> tuple[list[Record], list[Imported], list[Problem]]:
    """The records to write, those the ledger already holds (as Imported), and the
    records whose id the ledger holds with other content (as Problems: not imported)."""
    new: list[Record] = []
    present: list[Imported] = []
    changed: list[Problem] = []
    if parsed.fmt == "jsonl":
        by_id = {e.id: e for e in snapshot.entries}
        by_source = {export_id(e): e for e in snapshot.entries}
        ids = {e.id: export_id(e) for e in snapshot.entries}
        for record in parsed.records:
            assert record.source_id is not None
            there = by_id.get(record.source_id) or by_source.get(record.source_id)
            if there is None:
                new.append(record)
                continue
            label = short(record.source_id)
            held = f" (as {there.id})" if there.id != record.source_id else ""
            differ = _differences(record, there, ids)
            if there.kind != "decided":
                changed.append(Problem(record.line, f"{label} is already in the ledger as "
                                       f"{_A_KIND.get(there.kind, there.kind)}, not a "
                                       "decision; not imported"))
            elif differ:
                changed.append(Problem(record.line, f"{label} is already in the ledger"
                                       f"{held} with different content ({', '.join(differ)}"
                                       f" differ{'s' if len(differ) == 1 else ''}); not "
                                       "imported"))
            else:
                present.append(_imported(record, there.id))
        return new, present, changed
    shown: dict[tuple[str, str], str] = {}
    for entry in snapshot.entries:
        item = entry_item(entry)
        if item is not None:
            shown.setdefault(item, entry.id)
    focus = snapshot.focus
    for record in parsed.records:
        if record.kind in ("task", "next"):
            current = focus.task if record.kind == "task" else focus.next
            if current == record.text:
                present.append(_imported(record, None))
            else:
                new.append(record)
            continue
        key = (record.kind, item_body(record.kind, record.text, record.fields))
        if key in shown:
            present.append(_imported(record, shown[key]))
        else:
            shown[key] = ""  # a line the file repeats is imported once
            new.append(record)
    return new, present, changed


_A_KIND = {"open": "an open question", "verified": "a verified fact",
           "dropped": "a dropped approach", "plan": "a plan"}


def _differences(record: Record, entry: Entry, ids: Mapping[str, str]) -> list[str]:
    """The Decision Ledger keys on which ``record`` and the entry the ledger holds under
    its id differ (a link is compared by the id export writes for it)."""
    if entry.kind != "decided":
        return ["kind"]
    ours = record_as_jsonl(record)
    target = record.fields.get("supersedes")
    if target is not None:
        ours["supersedes"] = [ids.get(target, target)]
    theirs = decision_record(entry, ids)
    return [key for key in JSONL_KEYS if key != "id" and ours[key] != theirs[key]]


def _imported(record: Record, entry_id: str | None) -> Imported:
    return Imported(record.line, record.kind, record.text, entry_id, record.source_id)


def _keep_evidence(ledger: Ledger, records: list[Record]) -> None:
    """Keep alive the cited commits this repository has (others are kept as written)."""
    graph: CommitGraph | None = None
    for record in records:
        shas: list[str] = []
        for item in record.fields.get("evidence", ()):
            if item.startswith("git:"):
                graph = graph or CommitGraph(ledger.repo)
                full = graph.full(item[4:].strip())
                if full is not None and full == item[4:].strip():
                    shas.append(full)
        if shas:
            keep(ledger.store, shas, record.source_id or "import")


def _builder(
    ledger: Ledger, parsed: Parsed, new: list[Record], existing: Mapping[str, str],
    written: list[Imported],
) -> Callable[[TreeView, LedgerMeta, Focus], Built | None]:
    person = ledger.repo.person()
    session = ledger.session
    # A decision's footprint, from the cited commits this repository has (derived once:
    # build may run again on a moved tip).
    spans: dict[str, list[str]] = {}
    footprints = [derived_footprint(ledger.repo, r.fields.get("evidence", ()), cache=spans)
                  if r.kind == "decided" else () for r in new]

    def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
        written.clear()
        assigned = _assign_ids(new, view)
        links = {r.source_id: i for r, i in zip(new, assigned, strict=True)
                 if r.source_id is not None and i is not None}
        seq = focus.seq
        entries: dict[str, Entry] = {}
        new_focus = focus
        trailers: list[tuple[str, str]] = [("Ledger-Event", "add"),
                                           ("Ledger-Import", parsed.fmt)]
        for record, entry_id, footprint in zip(new, assigned, footprints, strict=True):
            if entry_id is None:  # TASK or NEXT
                new_focus = (replace(new_focus, task=record.text) if record.kind == "task"
                             else replace(new_focus, next=record.text))
                written.append(_imported(record, None))
                continue
            seq += 1
            values = dict(record.fields)
            if footprint:
                values["footprint"] = footprint
            target = values.get("supersedes")
            extra: dict[str, Any] = (
                {SOURCE_ID_KEY: record.source_id}
                if record.source_id is not None and record.source_id != entry_id else {})
            if target is not None:
                linked = links.get(target) or existing.get(target)
                values["supersedes"] = linked
                if linked is None:  # names nothing here: kept as the file wrote it
                    extra[SOURCE_SUPERSEDES_KEY] = target
            entry = Entry(id=entry_id, kind=record.kind, text=record.text, seq=seq,
                          created=person.when, author=person.ident, session=session,
                          extra=extra, **values)
            entries[entry.id] = entry
            trailers.append(("Ledger-Entry", entry.id))
            written.append(_imported(record, entry.id))
        for entry in list(entries.values()):  # the back links of the file's own chains
            old = entries.get(entry.supersedes or "")
            if old is not None and old.status == "superseded" and old.superseded_by is None:
                entries[old.id] = replace(old, superseded_by=entry.id)
        new_focus = replace(new_focus, seq=seq)
        if (parsed.started and STARTED_KEY not in focus.extra and focus.seq == 0
                and focus.task is None):
            new_focus = replace(new_focus, extra={**focus.extra, STARTED_KEY: parsed.started})
        files: dict[str, bytes | None] = {entry_path(e.id): encode_entry(e)
                                          for e in entries.values()}
        if new_focus != focus:
            files[FOCUS_PATH] = encode_focus(new_focus)
        if not files:
            return None
        count = len(entries)
        subject = (f"import {count} {'entry' if count == 1 else 'entries'} from "
                   f"{parsed.fmt}" if count else f"import TASK/NEXT from {parsed.fmt}")
        return Built(subject, trailers, files, None, new_focus,
                     new_focus.next != focus.next)

    return build


def _assign_ids(records: list[Record], view: TreeView) -> list[str | None]:
    """Each record's entry id (None for TASK and NEXT): the file's own gitledger id when
    it is of the record's kind and free, else a new one."""
    taken: set[str] = set()
    out: list[str | None] = []
    for record in records:
        if record.kind in ("task", "next"):
            out.append(None)
            continue
        source = record.source_id
        chosen = source if (source is not None and is_valid_id(source)
                            and source[0] == KIND_LETTERS[record.kind]
                            and source not in taken
                            and view.read(entry_path(source)) is None) else None
        while chosen is None or chosen in taken or view.read(entry_path(chosen)) is not None:
            chosen = new_id(record.kind)
        taken.add(chosen)
        out.append(chosen)
    return out


def _existing_ids(snapshot: Snapshot) -> dict[str, str]:
    """Id or source id → entry id of a ledger's entries (links to what is already there)."""
    out = {e.id: e.id for e in snapshot.entries}
    for entry in snapshot.entries:
        out.setdefault(export_id(entry), entry.id)
    return out


__all__ = [
    "MAX_FILE_BYTES",
    "ImportResult",
    "Imported",
    "guess_format",
    "import_file",
    "import_json",
    "import_text",
    "problems_summary",
    "read_file",
]
