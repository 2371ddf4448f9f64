"""The entries that govern code, read from this worktree's session ledger and the project
ledger with who wrote each, only where the saved copy (``derived/governing_cache.py``) no
longer holds: what the pre-tool-use hook matches a tool call against.

An entry someone else wrote or changed is their claim: it is labelled with them, named as
written by whom history says, and its footprint (derived data) is derived again from its
evidence here, never read from their blob, so a forged footprint governs nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gitledger.core.codec import entry_to_json
from gitledger.core.display import quote
from gitledger.core.footprint import Lines, role
from gitledger.core.model import Entry, git_evidence
from gitledger.derived.governing_cache import PARTS, Key, combined, current_key, load, save
from gitledger.ledger.authorship import UNKNOWN, Provenance
from gitledger.ledger.decision_footprints import commit_spans_cache, rebuilt_footprint
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.repo import Repo
from gitledger.storage.span_cache import CommitSpans
from gitledger.views.governing import Governing, select


def read_governing(where: str, key: Key | None,
                   have: dict[str, list[list[Any]]] | None = None) -> list[list[Any]]:
    """``[ledger, label, entry JSON]`` for every entry of the two ledgers that governs
    code, the session's first: the parts ``have`` lacks read from their ledger, and all
    saved under ``key`` when one is given."""
    parts = dict(have or {})
    session = LedgerReader.open(where, session="")
    readers = {"session": session, "project": LedgerReader(session.store, PROJECT_REF,
                                                           "project")}
    me = session.current_user()
    spans = commit_spans_cache(session.store.repo)
    for part, reader in readers.items():
        if part in parts:
            continue
        snapshot = reader.snapshot()
        governing = [e for e in snapshot.entries if role(e) is not None]
        found: list[list[Any]] = []
        if governing:
            records = reader.provenance(snapshot.commit)
            for entry in governing:
                others = records.others(entry.id, me)
                label = f" {quote(others.label(), 120)}" if others is not None else ""
                shown = entry if others is None else _as_theirs(
                    session.store.repo, entry, records.of(entry.id), spans)
                if role(shown) is not None:
                    found.append([reader.kind, label, entry_to_json(shown)])
        parts[part] = found
    spans.save()
    if key is not None and not spans.short:  # a footprint left underived: read again
        save(key, parts)
    return combined(parts)


def _as_theirs(repo: Repo, entry: Entry, record: Provenance | None,
               spans: CommitSpans) -> Entry:
    """Someone else's entry as it may govern: its footprint derived from its evidence
    (none for now when the budget of diffs ran out: ``spans.short`` says so), its author
    the one history names."""
    footprint = entry.footprint
    if entry.footprint or git_evidence(entry):
        footprint = rebuilt_footprint(repo, entry.evidence, spans) or ()
    author = record.created_by if record is not None else UNKNOWN.wrote or ""
    return replace(entry, footprint=footprint, author=author)


def governing(where: str, targets: Sequence[tuple[str, Lines]]) -> list[Governing]:
    """The entries that govern ``targets`` (path, lines), best first, from the saved copy
    while it holds, else from the ledgers: the pre-tool-use hook's answer (``select``)."""
    key = current_key(where)
    parts = load(key) if key is not None else {}
    saved = combined(parts) if len(parts) == len(PARTS) else read_governing(where, key, parts)
    return select(saved, targets)


__all__ = ["governing", "read_governing"]
