"""``git ledger check``: every rule a ledger must keep, each finding with a one-line fix.

The rules are in ``check_rules.py``.  This answers the cheapest way: the saved report for
these refs (``storage/check_cache.py``), else a recheck of what changed (``check_delta.py``),
else every entry read and checked.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import Any

from gitledger import __version__
from gitledger.audit.check_delta import Base, base_of, current_views, recheck
from gitledger.audit.check_rules import (
    ASK_USER_CHECKPOINTS,
    RESTORE_LINES,
    RULES,
    CheckReport,
    Finding,
    born_in,
    drift_findings,
    evaluate,
    ledger_warnings,
)
from gitledger.core.display import one_line
from gitledger.core.model import Entry, Snapshot
from gitledger.errors import LedgerError
from gitledger.ledger import link_index
from gitledger.ledger.authorship import UNKNOWN, Others, same_person
from gitledger.ledger.gate import FIELD_LIMIT
from gitledger.ledger.operations import Ledger
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.check_cache import load_state, question_key, save_state, state_key
from gitledger.storage.commits import CommitGraph
from gitledger.storage.entry_cache import collector_paused
from gitledger.storage.keepalive import KeptCommits
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.provenance import record_key


def check(
    where: str | os.PathLike[str] | None = None, *, project: bool = False,
    name: str | None = None, with_drift: bool = True,
) -> CheckReport:
    """Check this worktree's ledger and the project ledger (or only the one named).

    ``with_drift=False`` leaves out ``decision-drift``, the one rule that blames code: the
    Stop hook, which acts on errors only, runs at every stop of the agent."""
    with collector_paused():
        report = _check(where, project=project, name=name, with_drift=with_drift)
        return attributed(where, report)


def attributed(where: str | os.PathLike[str] | None, report: CheckReport) -> CheckReport:
    """``report`` with each finding between an entry of the user's and a teammate's made a
    ``teammate-conflict`` warning that names the teammate: who wrote each entry comes from
    the ledgers' history (``storage/provenance.py``), never from a blob.

    A teammate who writes ``decide --over "your decision"`` must not make the user's
    agent reject the user's decision at its next stop: that is a question for the team
    (``review``), not an error of the user's ledger.  A finding both of whose entries are
    the user's (or both someone else's) is left as the rule made it.  A finding about one
    entry someone else wrote or changed names them before its message."""
    if not any(f.entry and f.ledger for f in report.findings):
        return report
    store = Ledger.open(where, session="").store
    readers: dict[str, LedgerReader] = {}

    def reader(ref: str) -> LedgerReader:
        if ref not in readers:
            kind = "project" if ref == PROJECT_REF else "session"
            readers[ref] = LedgerReader(store, ref, kind, session="")
        return readers[ref]

    def whose(ref: str, entry_id: str) -> Others | None:
        try:
            return reader(ref).written_by_others(entry_id)
        except LedgerError:
            return UNKNOWN

    def hand(ref: str, entry_id: str) -> Others | None:
        """Someone else's hand in entry ``entry_id`` by its history alone (its blob may be
        unreadable); None when the user's own, or when no record covers it."""
        try:
            records = reader(ref)
            found = records.provenance().entry(entry_id)
            return None if found is None else found.others(records.current_user())
        except LedgerError:
            return None

    findings = []
    for f in report.findings:
        if not f.entry or not f.ledger:
            findings.append(f)
            continue
        if not f.cause or not f.cause_ledger:  # about one entry: who else had a hand in it
            findings.append(_labelled(f, hand(f.ledger, f.entry)))
            continue
        subject, cause = whose(f.ledger, f.entry), whose(f.cause_ledger, f.cause)
        if (subject is None) == (cause is None):
            findings.append(f)
            continue
        other = cause if cause is not None else subject
        theirs = f.cause if cause is not None else f.entry
        who = (other.wrote or other.edited) if other is not None else None
        findings.append(replace(
            f, rule="teammate-conflict",
            message=f"{f.message} [{f.rule}, with {who or 'someone'}'s {theirs}]",
            fix=f"a question for the team, not a fix to your entry: git ledger review, "
                f"and settle it with {who or 'whoever wrote ' + theirs}"))
    return replace(report, findings=tuple(findings))


def _labelled(finding: Finding, others: Others | None) -> Finding:
    """``finding`` about an entry someone else wrote or changed, its message headed with
    who (``[by NAME]``, ``[edited by NAME]``: first, so no cut of a long text loses it)."""
    if others is None:
        return finding
    return replace(finding, message=f"{others.label()} {finding.message}")


def yours(where: str | os.PathLike[str] | None,
          errors: Sequence[Finding]) -> tuple[Finding, ...]:
    """The ``errors`` about content the current user changed last: what the Stop hook may
    send the user's agent back to fix.

    An error about an entry a teammate last changed (a status forged into the user's own
    decision, a blob of theirs no TOML reader takes) stays an error of ``check``, but
    rewriting it is not the agent's job: who changed it is read from history
    (``storage/provenance.py``), and the ``review`` of it is the team's."""
    store = Ledger.open(where, session="").store
    readers: dict[str, LedgerReader] = {}
    kept = []
    for f in errors:
        key = f.entry or (record_key(f.path) if f.path else None)
        if key is None or not f.ledger:
            kept.append(f)
            continue
        if f.ledger not in readers:
            kind = "project" if f.ledger == PROJECT_REF else "session"
            readers[f.ledger] = LedgerReader(store, f.ledger, kind, session="")
        try:
            found = readers[f.ledger].provenance().of(key)
            me = readers[f.ledger].current_user()
        except LedgerError:
            continue  # a history that cannot be read is nobody's to fix from here
        if found is None or same_person(found.changed_by, me):
            kept.append(f)
    return tuple(kept)


def _check(where: str | os.PathLike[str] | None, *, project: bool, name: str | None,
           with_drift: bool = True) -> CheckReport:
    if project or name:
        ledgers = [Ledger.open(where, project=project, name=name, session="")]
    else:
        ledgers = [Ledger.open(where, session=""), Ledger.open(where, project=True, session="")]
    store = ledgers[0].store
    question = ("check", __version__, f"project={project}", f"name={name}",
                f"drift={with_drift}", store.worktree_ref() or "")
    # Every ref the report depends on is in the key (check_cache.py): while none moved, the
    # report saved last time is the report.
    key = state_key(store, *question,
                    # A teammate's mirror (``--ledger origin/…``) is not among those refs.
                    *(f"{led.ref} {store.target(led.ref)}" for led in ledgers if led.ref))
    saved = _saved_report(load_state(store, key))
    if saved is not None and holds_while_refs_do(saved):
        return saved
    base_key = question_key(*question)
    report = _checked(where, ledgers, load_state(store, base_key, last=True), with_drift,
                      again=name is None)
    value = {"ledgers": list(report.ledgers), "entries": report.entries,
             "findings": [asdict(f) for f in report.findings]}
    save_state(store, key, value)
    if name is None:
        views = current_views(ledgers)
        save_state(store, base_key, {**value, "base": base_of(store, views, report).as_json()},
                   last=True)
    return report


def _checked(where: str | os.PathLike[str] | None, ledgers: list[Ledger], saved: object,
             with_drift: bool, *, again: bool) -> CheckReport:
    """A check again from the last one (``saved``, check_delta.py) when ``again`` and it
    can be, else a check of everything, which indexes what it read for the next one.

    A ledger named by hand is checked with the project's entries as its links' context,
    read whole anyway: it is never checked again in part."""
    report = _saved_report(saved)
    base = (Base.from_json(saved.get("base"), report)
            if again and report is not None and isinstance(saved, dict) else None)
    store = ledgers[0].store
    if base is not None:
        # The index is derived: one that cannot be used (a damaged one is deleted) means
        # a check of everything, which indexes what it read.
        with contextlib.suppress(sqlite3.Error, OSError), link_index.opened(store) as index:
            partial = recheck(where, ledgers, index, base, with_drift=with_drift)
            if partial is not None:
                return partial
    whole, snapshots = _full_check(where, ledgers, with_drift)
    if again:
        with contextlib.suppress(sqlite3.Error, OSError), link_index.opened(store) as index:
            for snap in snapshots:
                index.rebuild(snap.ref, snap.commit, snap.entries, snap.bad)
            index.forget({ref for ref in index.refs() if store.exists(ref)})
    return whole


def holds_while_refs_do(report: CheckReport) -> bool:
    """Whether ``report`` stays the answer while no ref moves.  A commit no ref reaches
    can be pruned by git gc without any ref moving: a report that names one is checked
    again, so it turns into evidence-missing when the commit goes."""
    return not any(f.rule == "evidence-unreachable" for f in report.findings)


def _saved_report(saved: object) -> CheckReport | None:
    """The report ``save_state`` kept, or None when it is not one (damaged, foreign)."""
    if not isinstance(saved, dict):
        return None
    ledgers, entries, items = saved.get("ledgers"), saved.get("entries"), saved.get("findings")
    if (not isinstance(ledgers, list) or not all(isinstance(r, str) for r in ledgers)
            or not isinstance(entries, int) or not isinstance(items, list)):
        return None
    findings: list[Finding] = []
    for item in items:
        try:
            finding = Finding(**item) if isinstance(item, dict) else None
        except TypeError:
            return None
        if (finding is None or finding.rule not in RULES
                or not all(isinstance(v, str) for v in (finding.message, finding.fix,
                                                          finding.ledger))
                or not isinstance(finding.entry, str | None)):
            return None
        findings.append(finding)
    return CheckReport(tuple(ledgers), entries, tuple(findings))


def _full_check(where: str | os.PathLike[str] | None, ledgers: list[Ledger],
                with_drift: bool) -> tuple[CheckReport, list[Snapshot]]:
    snapshots: list[tuple[Ledger, Snapshot]] = []
    for ledger in ledgers:
        if ledger.ref is None or not ledger.store.exists(ledger.ref):
            continue
        snapshots.append((ledger, ledger.snapshot()))
    if not snapshots:
        return CheckReport((), 0, ()), []
    store = snapshots[0][0].store
    context: list[Entry] = []
    if snapshots[0][0].ref != PROJECT_REF and store.exists(PROJECT_REF) and len(ledgers) == 1:
        # A session decision may link to a project one: the link is checked, not the target.
        context = list(Ledger.open(where, project=True, session="").snapshot().entries)
    graph = CommitGraph(store.repo)
    findings = evaluate([(ledger.ref or "", snap) for ledger, snap in snapshots], graph,
                        KeptCommits(store), context=context,
                        born=born_in(store, {ledger.ref or "": snap.commit
                                             for ledger, snap in snapshots}))
    for ledger, snap in snapshots:
        findings.extend(ledger_warnings(ledger, snap))
    if with_drift:
        read = {ledger.ref or "": snap for ledger, snap in snapshots}
        findings += drift_findings(where, read, read=read)
    findings.sort(key=lambda f: (f.severity != "error", f.rule, f.entry or "", f.message))
    total = sum(len(snap.entries) + len(snap.bad) for _, snap in snapshots)
    return (CheckReport(tuple(ledger.ref or "" for ledger, _ in snapshots), total,
                        tuple(findings)), [snap for _, snap in snapshots])



def report_json(report: CheckReport) -> dict[str, Any]:
    return {
        "ok": not report.errors,
        "ledgers": list(report.ledgers),
        "entries": report.entries,
        "errors": len(report.errors),
        "warnings": len(report.warnings),
        "findings": [
            {"rule": f.rule, "severity": f.severity, "entry": f.entry, "ledger": f.ledger,
             "message": f.message, "fix": f.fix}
            for f in report.findings
        ],
    }


def report_text(report: CheckReport) -> str:
    if not report.ledgers:
        return "no ledger to check"
    lines = [f"{f.severity}: {f.rule}: {one_line(f.message, FIELD_LIMIT)}\n"
             f"  fix: {one_line(f.fix, FIELD_LIMIT)}"
             for f in report.findings]
    summary = (f"{len(report.errors)} error{'s' if len(report.errors) != 1 else ''}, "
               f"{len(report.warnings)} warning{'s' if len(report.warnings) != 1 else ''} "
               f"in {report.entries} entr{'y' if report.entries == 1 else 'ies'}")
    lines.append(f"ledger check: {'OK' if not report.errors else 'FAILED'} ({summary})")
    return "\n".join(lines)


__all__ = ["ASK_USER_CHECKPOINTS", "RESTORE_LINES", "RULES", "CheckReport", "Finding", "check",
           "evaluate", "holds_while_refs_do", "report_json", "report_text"]
