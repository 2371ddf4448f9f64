"""The parts of writing a decision that ``Ledger.decide`` and the status commands share:
linking a superseded decision, resolving ``git:`` evidence (and keeping it alive), and the
warnings a new decision gets when ``check`` would flag it.

Below ``operations``: these take the ledger they work on, and never import it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from gitledger.core.model import (
    ACTIVE_STATUSES,
    LIVE_STATUSES,
    Entry,
)
from gitledger.core.text import one_line_summary
from gitledger.errors import CorruptLedger, InvalidInput
from gitledger.ledger.decision_index import Matches, find_matches
from gitledger.ledger.project_index import active_project_decisions
from gitledger.ledger.reader import LedgerReader
from gitledger.ledger.results import Amended
from gitledger.ledger.rules import (
    Retired,
    acknowledges,
    as_retired,
    normalised,
    repeats_rejected,
    require_move,
    retired_index,
)
from gitledger.ledger.tree import find_entry_id, read_entry
from gitledger.storage.commits import CommitGraph
from gitledger.storage.keepalive import keep
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.store import TreeView

if TYPE_CHECKING:
    from gitledger.ledger.operations import Ledger


def supersede(view: TreeView, new: Entry) -> Amended:
    """Link a new decision to the one it supersedes (read from ``view``) and back.

    An accepted replacement supersedes at once; a proposed one only records the link, and
    ``accept`` completes it.  The new decision inherits the old one's scope.
    """
    assert new.supersedes is not None
    old = read_entry(view, find_entry_id(view, new.supersedes))
    require_move(old, "superseded")
    if old.superseded_by is not None:
        raise InvalidInput(f"{old.id} is already superseded by {old.superseded_by}")
    entry = replace(new, scope=new.scope if new.scope is not None else old.scope)
    if new.status == "proposed":
        return Amended(entry)
    changed = replace(old, status="superseded", superseded_by=new.id)
    return Amended(entry, (changed,), (("Ledger-Entry", old.id), ("Ledger-Status",
                                                                    f"{old.id} superseded")))


def checked_evidence(ledger: Ledger, items: Iterable[str], *, cited_by: str) -> tuple[str, ...]:
    """Evidence as stored: ``git:REV`` resolved to a full sha that exists and is kept."""
    out: list[str] = []
    shas: list[str] = []
    graph: CommitGraph | None = None
    for given in items:
        item = given
        if given.startswith("git:"):
            graph = graph or CommitGraph(ledger.repo)
            sha = graph.resolve(given[4:], f"evidence '{given}'")
            shas.append(sha)
            item = f"git:{sha}"
        if item not in out:
            out.append(item)
    if shas:
        keep(ledger.store, shas, cited_by)
    return tuple(out)


def write_warnings(
    ledger: Ledger, text: str, scope: str | None, supersedes: str | None, *,
    proposed: bool = False, because: str | None = None,
) -> tuple[str, ...]:
    """What ``decide`` says about a new decision that the check would also flag.

    Asked of the decision index (``decision_index``), which costs the same whatever the
    ledgers' size; read from the ledgers themselves when the index cannot be used.
    """
    matches = find_matches(ledger.store, ledger.ref, text, scope, supersedes,
                           proposed=proposed)
    if matches is None:
        matches = _scanned_matches(ledger, text, scope, supersedes, proposed=proposed)
    warnings: list[str] = []
    if matches.rejected_by is not None:
        source = matches.rejected_by
        warnings.append(f"this repeats an alternative {source} rejected "
                        f"('{one_line_summary(text)}'); supersede {source} if it is "
                        f"meant to replace it (--supersedes {source})")
    retried = next((r for r in matches.retried if not acknowledges(because, r)), None)
    if retried is not None:
        warnings.append(f"this repeats {retried.id}, {retried.described()} "
                        f"('{one_line_summary(text)}'); if it is right now, say why in "
                        f"--because, naming {retried.id} (git ledger show {retried.id})")
    if matches.in_scope is not None:
        warnings.append(f"{matches.in_scope} is already in force in scope '{scope}'; if this "
                        f"replaces it, decide with --supersedes {matches.in_scope}, otherwise "
                        "give this decision a narrower --scope")
    return tuple(warnings)


def _scanned_matches(
    ledger: Ledger, text: str, scope: str | None, supersedes: str | None, *, proposed: bool,
) -> Matches:
    """``write_warnings``'s answer from reading every decision (what the index answers)."""
    decisions = [e for e in _known_decisions(ledger) if e.id != supersedes]
    source = repeats_rejected(text, decisions)
    in_scope = next((d for d in decisions if scope and d.scope == scope and not proposed),
                    None)
    return Matches(source.id if source else None, in_scope.id if in_scope else None,
                   _scanned_retired(ledger, text))


def _scanned_retired(ledger: Ledger, text: str) -> tuple[Retired, ...]:
    """The dropped approaches and rejected decisions with ``text``: this ledger's, then the
    project's (what the index answers)."""
    ledgers = [ledger.snapshot().entries]
    if ledger.ref != PROJECT_REF and ledger.store.exists(PROJECT_REF):
        try:
            project = LedgerReader(ledger.store, PROJECT_REF, "project", "")
            ledgers.append(project.snapshot().entries)
        except CorruptLedger:
            pass  # restore, and so decide, see no project ledger then
    found: dict[str, Retired] = {}
    for entries in ledgers:
        for entry in sorted(retired_index(entries).get(normalised(text), ()),
                            key=lambda e: e.id):
            retired = as_retired(entry)
            if retired is not None:
                found.setdefault(entry.id, retired)
    return tuple(found.values())


def _known_decisions(ledger: Ledger) -> list[Entry]:
    """The live decisions a new one is compared with: this ledger's and the project's."""
    found = {e.id: e for e in ledger.snapshot().of_kind("decided") if e.status in LIVE_STATUSES}
    if ledger.ref != PROJECT_REF:
        for entry, _ in active_project_decisions(ledger.store).top:
            found.setdefault(entry.id, entry)
    return [e for e in found.values() if e.status in ACTIVE_STATUSES]
