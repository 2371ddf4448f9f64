"""Concurrent edits a pull merged: ``take`` picks the other version, ``open_conflicts``
lists those still as the merge left them.

``take`` accepts only a commit of the ledger's own history, so it can bring back only a
version this ledger already held.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from gitledger.core.codec import decode_entry_or_none, encode_entry
from gitledger.core.ids import entry_path
from gitledger.core.model import Focus, LedgerMeta
from gitledger.errors import CorruptLedger, InvalidInput
from gitledger.ledger.operations import Ledger
from gitledger.ledger.results import Built, WriteResult
from gitledger.ledger.tree import read_entry
from gitledger.storage.commits import CommitGraph
from gitledger.storage.conflict_cache import Record, load_records, save_records
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.store import Store, TreeView


@dataclass(frozen=True)
class OpenConflict:
    """A concurrent edit a merge resolved by keeping the local version, the entry
    unchanged since: the other version is only in the history."""

    entry: str
    fields: tuple[str, ...]
    #: The merge commit, and the tip holding the other version.
    merge: str
    other: str
    #: The command that picks the other version.
    take: str


def take_command(entry_id: str, other: str, ref: str = PROJECT_REF) -> str:
    flag = " --project" if ref == PROJECT_REF else ""
    return f"git ledger take {entry_id} --from {other[:12]}{flag}"


def take(where: str | os.PathLike[str] | None, prefix: str, commit: str, *,
         project: bool = False) -> WriteResult:
    """Write entry ``prefix`` as it is at ``commit``, a commit of the ledger's history
    (the other side of a concurrent edit a pull merged)."""
    ledger = Ledger.open(where, project=project)
    target = ledger.get(prefix)
    sha = CommitGraph(ledger.repo).resolve(commit, f"--from '{commit}'")
    tip = ledger.store.tip(ledger.ref or "").commit
    if tip is None or not ledger.store.contains(tip, sha):
        raise InvalidInput(f"{sha[:12]} is not in the history of {ledger.ref}: take picks a "
                           "version this ledger held (the other side of a merge)")
    path = entry_path(target.id)
    taken = decode_entry_or_none(ledger.store.view_at(sha).read(path), path)
    if taken is None or taken.id != target.id:
        raise InvalidInput(f"{sha[:12]} holds no readable {target.id}")

    def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
        old = read_entry(view, target.id)
        entry = replace(taken, seq=old.seq)
        if entry == old:
            raise InvalidInput(f"nothing to change: {old.id} already is that version")
        return Built(f"edit {entry.id}: take the version of {sha[:12]}",
                     [("Ledger-Event", "edit"), ("Ledger-Entry", entry.id),
                      ("Ledger-Kind", entry.kind), ("Ledger-Taken-From", sha)],
                     {path: encode_entry(entry)}, entry, focus, False)

    return ledger.write(build)


def open_conflicts(store: Store, ref: str = PROJECT_REF) -> tuple[OpenConflict, ...]:
    """The concurrent edits recorded in ``ref``'s merges whose entry is still as the
    newest such merge left it (nobody edited or took a version since), newest first."""
    tip = store.target(ref)
    if tip is None:
        return ()
    now = store.view_at(tip)
    found: list[OpenConflict] = []
    for name, fields, merge, other in _records(store, ref, tip):
        path = entry_path(name)
        merged = store.view_at(merge).read(path)
        if merged is None or now.read(path) != merged:
            continue  # changed since: someone resolved it
        found.append(OpenConflict(name, tuple(fields.split(",")) if fields else (),
                                  merge, other, take_command(name, other, ref)))
    return tuple(found)


def _records(store: Store, ref: str, tip: str) -> list[Record]:
    """The newest ``Ledger-Conflict`` record of each entry in ``ref``'s history up to
    ``tip``, newest first: read from the history since the tip read last, if ``tip``
    descends from it, else from all of it."""
    saved = load_records(store, ref)
    if saved is not None and saved[0] == tip:
        return saved[1]
    try:
        since = saved if saved is not None and store.contains(tip, saved[0]) else None
    except CorruptLedger:
        since = None  # the tip read last is gone (a rewritten ledger): read it all
    records: list[Record] = []
    seen: set[str] = set()
    for event in store.history_from(tip, hide=(since[0],) if since else ()):
        for value in event.trailers.get("Ledger-Conflict", ()):
            name, _, rest = value.partition(" ")
            other, _, fields = rest.partition(" ")
            if name in seen or name in ("focus", "ledger") or not other:
                continue
            seen.add(name)
            records.append((name, fields, event.commit, other))
    if since is not None:
        records += [r for r in since[1] if r[0] not in seen]
    save_records(store, ref, tip, records)
    return records
