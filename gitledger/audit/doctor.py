"""``git ledger doctor [--fix]``: the storage under the ledgers is whole.

``check`` is about what entries say; ``doctor`` about whether they are there to be read,
through ``storage/integrity.py``.  ``--fix`` repairs only what is safe (derived data,
pointers, locks, interrupted steps) and never rewrites a ledger's history.  This module
runs the rules, in an order that matters, and renders the report; each rule is one
function in ``doctor_refs``, ``doctor_derived``, ``doctor_writes`` or ``doctor_notes``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from gitledger.audit import doctor_derived, doctor_notes, doctor_refs, doctor_writes
from gitledger.audit.doctor_derived import ArtifactState
from gitledger.audit.doctor_findings import (
    CODES,
    FIXABLE,
    DoctorFinding,
    DoctorRun,
    GitHookFindings,
)
from gitledger.core.display import one_line
from gitledger.derived import registry
from gitledger.errors import InvalidInput
from gitledger.storage.entry_cache import collector_paused
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store

#: What callers import from here, though it is defined beside the rules.
__all__ = ["CODES", "FIXABLE", "ArtifactState", "DoctorFinding", "DoctorReport",
           "GitHookFindings", "doctor", "report_json", "report_text"]


@dataclass(frozen=True)
class DoctorReport:
    """What one run of ``doctor`` found and did."""

    findings: tuple[DoctorFinding, ...]
    #: What ``--fix`` did, one line per action.
    actions: tuple[str, ...] = ()
    refs: int = 0
    #: Every derived artifact, after any rebuild.
    artifacts: tuple[ArtifactState, ...] = ()

    @property
    def unfixed(self) -> tuple[DoctorFinding, ...]:
        return tuple(f for f in self.findings if not f.fixed)

    @property
    def ok(self) -> bool:
        """No unfixed error (warnings, such as an orphaned ledger, do not fail)."""
        return not any(f.severity == "error" for f in self.unfixed)


def doctor(where: str | os.PathLike[str] | None = None, *, fix: bool = False,
           drain: Callable[[], list[str]] | None = None,
           git_hooks: GitHookFindings | None = None,
           rebuild: Collection[str] = ()) -> DoctorReport:
    """Inspect the ledger storage of the repository at ``where``; with ``fix``, repair
    what is safe to repair (see the module docstring) and mark those findings fixed.

    ``drain`` applies the git hooks' queue, held or not (the caller's: what applies an
    item lives above this layer); ``--fix`` calls it for a queue that waits.  ``git_hooks``
    reports whether our git hooks run (the caller's too: which hook manager runs what is the
    integrations' knowledge).  ``rebuild``: derived artifacts rebuilt by name, whatever
    their state (``all``: every one)."""
    unknown = sorted(set(rebuild) - set(registry.BY_NAME) - {"all"})
    if unknown:
        raise InvalidInput(f"no derived artifact named {one_line(unknown[0])} (doctor lists "
                           "them)")
    with collector_paused():
        names = registry.BY_NAME if "all" in rebuild else rebuild
        return _run(DoctorRun(Store(Repo(where)), fix, drain, git_hooks, names))


def _run(run: DoctorRun) -> DoctorReport:
    """Every rule, in the order their findings and repairs depend on."""
    # The caches first: reading the ledgers below rewrites them.
    doctor_derived.caches(run)
    # Before the registry's pass, which would rebuild a damaged index without the
    # finding that names it.
    doctor_derived.search_index_file(run)
    artifacts = doctor_derived.artifacts(run)
    doctor_writes.queue(run)
    refs = run.store.ledger_refs()
    for ref in refs:
        doctor_refs.layout(run, ref)
    doctor_refs.chained_archives(run)
    doctor_refs.month_chains(run)
    doctor_writes.locks(run)
    doctor_writes.interrupted(run, refs)
    entries = doctor_refs.held_entries(run)
    doctor_writes.pointers_and_orphans(run, refs)
    doctor_derived.kept_evidence(run, entries)
    doctor_derived.footprints(run, entries)
    doctor_notes.notes(run)
    doctor_derived.path_tokens(run)
    doctor_derived.digest_in_tree(run)
    doctor_derived.blame_filters(run)
    doctor_notes.git_hooks(run)
    doctor_writes.unrecorded_commits(run)
    artifacts = doctor_derived.rebuilt(run, artifacts)
    order = {"error": 0, "warning": 1}
    run.findings.sort(key=lambda f: (order[f.severity], f.code, f.ref, f.message))
    return DoctorReport(tuple(run.findings), tuple(run.actions), len(refs), artifacts)


# -- output --------------------------------------------------------------------------------


def report_json(report: DoctorReport) -> dict[str, Any]:
    """``ok`` (no unfixed error), ``fixed`` (how many findings --fix repaired),
    ``actions`` (what it did), ``findings`` [code, severity, ref, message, fix, fixed] and
    ``artifacts`` [name, location, state, inputs]."""
    return {
        "ok": report.ok,
        "fixed": sum(1 for f in report.findings if f.fixed),
        "actions": list(report.actions),
        "findings": [
            {"code": f.code, "severity": f.severity, "ref": f.ref, "message": f.message,
             "fix": f.fix, "fixed": f.fixed}
            for f in report.findings
        ],
        "artifacts": [{"name": a.name, "location": a.location, "state": a.state,
                       "inputs": a.inputs} for a in report.artifacts],
    }


#: What a derived artifact's state means for the user, said after it.
_STATE_NOTES = {registry.MISSING: ", made when first needed (nothing to fix)",
                registry.STALE: ", doctor --fix rebuilds it",
                registry.DAMAGED: ", doctor --fix rebuilds it"}


def report_text(report: DoctorReport) -> str:
    """One line per finding (``severity: code: message (fix: …)``, or ``fixed: …``), the
    actions --fix took, and a summary line."""
    lines = []
    for f in report.findings:
        if f.fixed:
            lines.append(f"fixed: {f.code}: {one_line(f.message)}")
        else:
            lines.append(f"{f.severity}: {f.code}: {one_line(f.message)} (fix: {one_line(f.fix)})")
    lines += [f"did: {one_line(action)}" for action in report.actions]
    errors = sum(1 for f in report.unfixed if f.severity == "error")
    warnings = sum(1 for f in report.unfixed if f.severity == "warning")
    fixed = len(report.findings) - len(report.unfixed)
    summary = (f"{errors} error{'s' if errors != 1 else ''}, "
               f"{warnings} warning{'s' if warnings != 1 else ''}, {fixed} fixed, "
               f"{report.refs} ref{'s' if report.refs != 1 else ''}")
    lines.append(f"ledger doctor: {'OK' if report.ok else 'FAILED'} ({summary})")
    lines += [f"derived: {a.name}: {a.state}{_STATE_NOTES.get(a.state, '')} "
              f"({one_line(a.location)})" for a in report.artifacts]
    return "\n".join(lines)
