"""``doctor``'s rules for what git shows of the ledgers outside them: the notes on code
commits (``refs/notes/ledger``) against what the ledgers record, and our git hooks.

A note line no ledger backs is reported, never believed: notes travel with a push.
"""

from __future__ import annotations

from dataclasses import replace

from gitledger.audit.doctor_findings import BROKEN_CODES, DoctorFinding, DoctorRun
from gitledger.core.display import one_line, printable
from gitledger.errors import CorruptLedger, LedgerError
from gitledger.ledger.notes_from_ledgers import rebuild, wanted_notes
from gitledger.storage.layout import ARCHIVE_PREFIX, NOTES_REF, SESSIONS_PREFIX
from gitledger.storage.mirrors import mirrors
from gitledger.storage.notes import current_notes


def git_hooks(run: DoctorRun) -> None:
    """Our git hooks run, once each (``git_hooks``: the integrations' reading of git's
    dispatch through the hook manager's), wherever anything of ours shows they were
    installed."""
    found = run.git_hooks(run.store.repo) if run.git_hooks is not None else None
    if found is None:
        return  # never installed here: nothing to miss
    for code, where, message, fix in found:
        run.add(code, where, message, fix)
    _recorded_twice(run)


def _recorded_twice(run: DoctorRun) -> None:
    """The worktree's last commit recorded twice: its post-commit ran twice."""
    ref = run.store.worktree_ref()
    if ref is None or not run.store.exists(ref):
        return
    recorded: list[str] = []
    try:
        for event in run.store.history(ref, limit=50):
            if event.trailers.get("Ledger-Event") == ("commit",):
                recorded += event.trailers.get("Ledger-Commit", ())[:1]
                if len(recorded) == 2:
                    break
    except LedgerError:
        return  # a broken ledger is reported above
    if len(recorded) == 2 and recorded[0] == recorded[1]:
        run.add("hooks-duplicated", ref,
                f"{ref} recorded commit {recorded[0][:12]} twice in a row: its "
                "post-commit hook ran twice", "git ledger doctor (it names the two "
                "routes), then git ledger install --git-hooks")


def notes(run: DoctorRun) -> None:
    """``refs/notes/ledger`` holds what the ledgers record, and no line they do not back;
    ``--fix`` rebuilds it."""
    wanted, _ = wanted_notes(run.store, skip_broken=True)
    try:
        current = current_notes(run.store)
    except CorruptLedger as exc:
        finding = run.add("notes-stale", NOTES_REF, f"{NOTES_REF} is not a notes "
                          f"commit ({printable(str(exc))})", "git ledger notes rebuild")
        _rebuild_notes(run, finding)
        return
    missing = [(sha, line) for sha, lines in sorted(wanted.items())
               for line in sorted(lines - current.get(sha, set()))]
    # A ledger that cannot be read has its own finding; what its notes say is unknown.
    broken = {f.ref for f in run.findings if f.code in BROKEN_CODES}
    # A line about a ledger this clone cannot read (a teammate's that was never
    # pushed, or a session archived since, whose old line a union merge of notes
    # brings back) is not contradicted by anything here.
    readable = {*run.store.ledger_refs(), *(own for _, own in mirrors(run.store).values())}
    extra = [(sha, line) for sha, lines in sorted(current.items())
             for line in sorted(lines - wanted.get(sha, set()))
             if line.strip()  # `git notes append` separates what it adds by a blank line
             and not broken.intersection(line.split())
             and not any(word.startswith((SESSIONS_PREFIX, ARCHIVE_PREFIX))
                         and word not in readable for word in line.split())]
    found: list[DoctorFinding] = []
    if missing:
        sha, line = missing[0]
        found.append(run.add(
            "notes-stale", NOTES_REF, f"{NOTES_REF} is out of date: {len(missing)} "
            f"line{'s' if len(missing) != 1 else ''} missing (e.g. {sha[:12]}: {line})",
            "git ledger notes rebuild"))
    if extra:
        sha, line = extra[0]
        n = len(extra)
        found.append(run.add(
            "note-unbacked", NOTES_REF, f"{n} line{'s' if n != 1 else ''} on {NOTES_REF} "
            f"no ledger backs (e.g. {sha[:12]}: {one_line(line, 160)}): "
            f"{'they name' if n != 1 else 'it names'} an entry or ledger state that "
            "does not record the commit, so why lists "
            f"{'them' if n != 1 else 'it'} apart", "git ledger notes rebuild"))
    if found:
        _rebuild_notes(run, *found)


def _rebuild_notes(run: DoctorRun, *findings: DoctorFinding) -> None:
    if not run.fix:
        return
    try:
        done = rebuild(run.store.repo.cwd, skip_broken=True)
    except LedgerError as exc:
        run.actions.append(f"could not rebuild {NOTES_REF}: {exc}")
        return
    run.mark_fixed(findings[0], f"rebuilt {NOTES_REF} ({done.lines} lines on "
                   f"{done.notes} commits)")
    for finding in findings[1:]:  # one rebuild fixed them all
        run.findings[run.findings.index(finding)] = replace(finding, fixed=True)
