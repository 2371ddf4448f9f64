"""The entries that govern code, read from this worktree's session ledger and the project
ledger with who wrote each, only where the saved copy (``derived/governing_cache.py``) no
longer holds: what the pre-tool-use hook matches a tool call against.  A project ledger
that moved (a pull) has its saved part caught up from the entries its new commits changed:
a year of a team holds 20,000 decisions, and every pull would read them all again.

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
from gitledger.core.footprint import Lines, drifts, role
from gitledger.core.model import Entry, git_evidence
from gitledger.derived.governing_cache import (
    PARTS,
    Earlier,
    Key,
    combined,
    current_key,
    load,
    save,
)
from gitledger.errors import CorruptLedger, UnknownEntry
from gitledger.ledger.authorship import UNKNOWN, LedgerProvenance, Provenance
from gitledger.ledger.decision_footprints import commit_spans_cache, rebuilt_footprint
from gitledger.ledger.reader import LedgerReader
from gitledger.ledger.tree import changed_entries, read_entry, read_header
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.repo import Repo
from gitledger.storage.span_cache import CommitSpans
from gitledger.views.governing import Governing, select

#: How many ledger commits since a saved part was read are looked through to bring it up
#: to date; a longer history since (or a rewritten one) reads the ledger whole.
CATCH_UP_COMMITS = 200


def read_governing(where: str, key: Key | None,
                   have: dict[str, list[list[Any]]] | None = None,
                   earlier: Earlier | None = None) -> list[list[Any]]:
    """``[ledger, label, entry JSON]`` for every entry of the two ledgers that governs
    code, the session's first: the parts ``have`` lacks read from their ledger (the
    project's from the entries changed since ``earlier`` saved it, when it did), and all
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
        before = (earlier or {}).get(part) if part == "project" else None
        caught_up = _caught_up(reader, before, me, spans) if before is not None else None
        if caught_up is not None:
            parts[part] = caught_up
            continue
        snapshot = reader.snapshot()
        # A decision citing a commit may govern by what the commit changed, whatever
        # footprint its blob stores (none, for one forged to govern nothing).
        governing = [e for e in snapshot.entries if role(e) is not None or drifts(e)]
        found: list[list[Any]] = []
        if governing:
            records = reader.provenance(snapshot.commit)
            for entry in governing:
                item = _triple(reader, records, entry, me, spans)
                if item is not None:
                    found.append(item)
        parts[part] = found
    spans.save()
    if key is not None and not spans.short:  # a footprint left underived: read again
        save(key, parts)
    return combined(parts)


def _triple(reader: LedgerReader, records: LedgerProvenance, entry: Entry, me: str | None,
            spans: CommitSpans) -> list[Any] | None:
    """``[ledger, label, entry JSON]`` of ``entry`` as it governs, labelled with whoever
    else wrote or changed it; None when it governs nothing (someone else's footprint,
    derived again here, may be empty)."""
    others = records.others(entry.id, me)
    label = f" {quote(others.label(), 120)}" if others is not None else ""
    shown = entry if others is None else _as_theirs(
        reader.store.repo, entry, records.of(entry.id), spans)
    return [reader.kind, label, entry_to_json(shown)] if role(shown) is not None else None


def _caught_up(reader: LedgerReader, before: tuple[str, list[list[Any]]], me: str | None,
               spans: CommitSpans) -> list[list[Any]] | None:
    """The part saved at ``before``'s tip, brought to the ledger's tip: only the entries a
    commit since changed (against any of its parents, so a merge's incoming ones too) are
    read and judged again; what no commit since touched, its blob and its history, is as
    saved.  None when the ledger must be read whole: its tip does not descend from the
    saved one, or too many commits came since."""
    store, ref = reader.store, reader.ref or ""
    old, saved = before
    tip = store.tip(ref)
    try:
        if tip.commit is None or tip.view is None or not store.contains(tip.commit, old):
            return None
    except (CorruptLedger, ValueError):  # the saved tip is gone (gc) or no commit id
        return None
    read_header(ref, tip.view)
    touched: set[str] = set()
    try:
        for count, event in enumerate(store.history_from(tip.commit, hide=[old])):
            if count >= CATCH_UP_COMMITS:
                return None
            view = store.view_at(event.commit)
            for parent in event.parents or (None,):
                touched.update(changed_entries(view, [store.view_at(parent) if parent
                                                      else None]))
    except (KeyError, ValueError, CorruptLedger):  # a commit since is missing (shallow)
        return None
    kept = [item for item in saved if item[2].get("id") not in touched]
    if touched:
        records = reader.provenance(tip.commit)
        for entry_id in sorted(touched):
            try:
                entry = read_entry(tip.view, entry_id)
            except (UnknownEntry, CorruptLedger):
                continue  # gone, or unreadable: a whole read leaves it out too
            item = _triple(reader, records, entry, me, spans) if role(entry) is not None \
                else None
            if item is not None:
                kept.append(item)
    # The snapshot's order: by sequence number, then time and id.
    return sorted(kept, key=lambda item: (item[2].get("seq") or 0,
                                          str(item[2].get("created")), str(item[2].get("id"))))


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
    earlier: Earlier = {}
    parts = load(key, earlier, [path for path, _ in targets]) if key is not None else {}
    saved = (combined(parts) if len(parts) == len(PARTS)
             else read_governing(where, key, parts, earlier))
    return select(saved, targets)


__all__ = ["governing", "read_governing"]
