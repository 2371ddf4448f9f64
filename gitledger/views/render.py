"""How ledgers look: the human text of each read command and the documented JSON.

Pure functions from records to strings or JSON-ready dicts, so the CLI stays wiring and
the JSON schema (docs/cli.md, "JSON") lives in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gitledger.core.codec import entry_to_json, iso
from gitledger.core.colour import paint
from gitledger.core.display import QUOTE_LIMIT, one_line, printable
from gitledger.core.footprint import Lines, merge_lines, spans
from gitledger.core.ids import entry_path
from gitledger.core.model import (
    KINDS,
    SECTION_TITLES,
    Entry,
    Event,
    LedgerMeta,
    Snapshot,
    source_id,
)
from gitledger.core.text import one_line_summary
from gitledger.ledger import gate
from gitledger.ledger.authorship import LedgerProvenance, Provenance, clashing_names, label_name
from gitledger.ledger.gate import FIELD_LIMIT
from gitledger.ledger.lifecycle import ArchiveResult, CarryResult
from gitledger.ledger.results import EntryHistory, LedgerSummary, WriteResult
from gitledger.storage.layout import ARCHIVE_PREFIX, PROJECT_REF
from gitledger.storage.provenance import NEXT_KEY, TASK_KEY

if TYPE_CHECKING:
    from gitledger.ledger.archives import ArchiveSummary, PruneResult
    from gitledger.ledger.worktrees import AdoptResult

INDENT = "    "


# -- JSON ---------------------------------------------------------------------------------


def meta_json(ref: str, meta: LedgerMeta | None, commit: str | None) -> dict[str, Any] | None:
    if meta is None:
        return None
    return {
        "id": meta.id,
        "ref": ref,
        "kind": meta.kind,
        "format": meta.format,
        "owner": meta.created_by,
        "session_id": meta.session_id,
        "created": iso(meta.created),
        "commit": commit,
    }


def write_json(result: WriteResult) -> dict[str, Any]:
    return {
        "id": result.entry.id if result.entry else None,
        "entry": entry_to_json(result.entry) if result.entry else None,
        "ref": result.ref,
        "commit": result.commit,
        "task": result.focus.task,
        "next": result.focus.next,
        "focus_ref": result.focus_ref or result.ref,
        "warnings": list(result.warnings),
    }


def snapshot_json(snapshot: Snapshot, kind: str | None = None) -> dict[str, Any]:
    entries = [e for e in snapshot.entries if kind is None or e.kind == kind]
    return {
        "ledger": meta_json(snapshot.ref, snapshot.meta, snapshot.commit),
        "task": snapshot.focus.task,
        "next": snapshot.focus.next,
        "entries": [entry_to_json(e) for e in entries],
        "errors": [{"path": b.path, "reason": b.reason} for b in snapshot.bad],
    }


def event_json(event: Event) -> dict[str, Any]:
    return {
        "commit": event.commit,
        "parents": list(event.parents),
        "subject": event.subject,
        "event": (event.trailers.get("Ledger-Event") or (None,))[0],
        "entries": list(event.trailers.get("Ledger-Entry", ())),
        "author": event.author,
        "time": iso(event.time),
        "trailers": {k: list(v) for k, v in event.trailers.items()},
    }


def history_json(history: EntryHistory) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": history.entry.id,
        "entry": entry_to_json(history.entry),
        "history": [event_json(e) for e in history.events],
        "merged_conflicts": merged_conflicts(history),
    }
    if history.entry.kind == "decided":
        out["chain"] = {
            "earlier": [entry_to_json(e) for e in history.earlier],
            "later": [entry_to_json(e) for e in history.later],
            "statuses": [{"status": status, "commit": event.commit, "time": iso(event.time),
                          "author": event.author} for status, event in history.statuses],
        }
    return out


def summary_json(summary: LedgerSummary) -> dict[str, Any]:
    return {
        "id": summary.meta.id if summary.meta else None,
        "ref": summary.ref,
        "kind": summary.meta.kind if summary.meta else None,
        "current": summary.current,
        "worktree": str(summary.worktree) if summary.worktree else None,
        "task": summary.focus.task,
        "next": summary.focus.next,
        "entries": summary.entries,
        "owner": summary.meta.created_by if summary.meta else None,
        "session_id": summary.meta.session_id if summary.meta else None,
        "last_change": iso(summary.last_change.time) if summary.last_change else None,
        "problem": summary.problem,
        "orphaned": summary.orphaned,
    }


# -- text ---------------------------------------------------------------------------------


def write_text(result: WriteResult, what: str) -> str:
    if result.entry is not None:
        return result.entry.id if result.commit else f"{result.entry.id} unchanged"
    if result.commit is None:
        return f"{what} unchanged"
    value = result.focus.task if what == "TASK" else result.focus.next
    return f"{what}: {printable(value or '')}"


def archive_json(result: ArchiveResult) -> dict[str, Any]:
    return {
        "ledger": result.ledger,
        "archive": result.archive,
        "tag": result.tag or None,
        "commit": result.commit,
        "entries": result.entries,
        "next_ref": result.next_ref,
        "carried": list(result.carried),
        "dry_run": result.dry_run,
        "unanswered": [{"id": entry_id, "text": text} for entry_id, text in result.unanswered],
    }


def archive_warning(result: ArchiveResult) -> str | None:
    """The warning a real ``archive`` prints on stderr about ask-user questions nobody
    answered (None: there were none); ``--dry-run`` lists them in its output instead."""
    if result.dry_run or not result.unanswered:
        return None
    shown = "; ".join(f"{entry_id} {one_line_summary(text, 60)}"
                      for entry_id, text in result.unanswered[:5])
    more = f" and {len(result.unanswered) - 5} more" if len(result.unanswered) > 5 else ""
    return (f"{_count(len(result.unanswered), 'ask-user question')} never answered "
            f"went into the archive unanswered: {shown}{more}")


def carry_json(result: CarryResult) -> dict[str, Any]:
    return {"ledger": result.ledger, "project": PROJECT_REF, "carried": list(result.carried),
            "session_commit": result.session_commit, "project_commit": result.project_commit}


def carry_text(result: CarryResult) -> str:
    return (f"carried {', '.join(result.carried)} from {result.ledger} to {PROJECT_REF}")


def archive_text(result: ArchiveResult) -> str:
    carried = (f"carried to {PROJECT_REF}: {', '.join(result.carried)}" if result.carried
               else "carried nothing to the project ledger")
    if result.dry_run:
        asked = "".join(f"\nnever answered (--ask-user), would stay in the archive: "
                        f"{entry_id} {printable(one_line_summary(text, 100))}"
                        for entry_id, text in result.unanswered)
        return (f"would carry, then archive {result.ledger} as {result.archive} "
                f"({_count(result.entries, 'entry')} left in it)\n"
                f"would have {carried}{asked}\ndry run: nothing was written")
    after = ("the next write in this worktree starts a fresh ledger" if result.own
             else "this worktree's own ledger is unchanged")
    return (
        f"{carried}\n"
        f"archived {result.ledger} as {result.archive} ({_count(result.entries, 'entry')} "
        f"left in it, {result.tag[:10]})\n"
        f"{after}; read the archive with: "
        f"git ledger show --archive {result.archive.rsplit('/', 1)[-1]}"
    )


def claim_text(result: WriteResult, session_id: str) -> str:
    if result.commit is None:
        return f"{result.ref} already belongs to session {printable(session_id)}"
    return f"{result.ref} now belongs to session {printable(session_id)}"


def snapshot_text(snapshot: Snapshot, kind: str | None = None,
                  by: Callable[[str], str] | None = None) -> str:
    """A whole ledger as text; ``by`` (an entry id or focus key → ``[by NAME]`` or "")
    names, from history, who else wrote what is shown."""
    said = by or (lambda key: "")
    if snapshot.meta is None and snapshot.ref == PROJECT_REF:
        return (
            "No project ledger yet.\n"
            "Start one with: git ledger decide --project 'a decision that outlives the task'"
        )
    if snapshot.meta is None:
        return (
            "No ledger in this worktree yet.\n"
            "Start one with: git ledger task 'what this session is trying to achieve'"
        )
    meta = snapshot.meta
    archived = snapshot.ref.startswith(ARCHIVE_PREFIX)
    label = ("Project ledger" if snapshot.ref == PROJECT_REF
             else f"Archived ledger {meta.id}" if archived else f"Session ledger {meta.id}")
    lines = [f"{label} · {snapshot.ref} · {_count(len(snapshot.entries), 'entry')}"]
    if archived:
        lines.append("read-only: a finished task's record, not this worktree's ledger")
    if meta.session_id:
        lines.append(f"owned by session {one_line(meta.session_id, QUOTE_LIMIT)}")
    if kind is None:
        lines.append("")
        lines.append(_labelled(f"TASK  {gate.field(snapshot.focus.task or '(not set)')}",
                               said(TASK_KEY) if snapshot.focus.task else ""))
        lines.append(_labelled(f"NEXT  {gate.field(snapshot.focus.next or '(not set)')}",
                               said(NEXT_KEY) if snapshot.focus.next else ""))
    for section in KINDS:
        if kind is not None and section != kind:
            continue
        entries = snapshot.of_kind(section)
        if not entries and kind is None:
            continue
        lines.append("")
        lines.append(SECTION_TITLES[section])
        if not entries:
            lines.append(f"{INDENT}(none)")
        lines.extend(line for entry in entries for line in entry_lines(entry, said(entry.id)))
    for bad in snapshot.bad:
        lines.append("")
        reason = bad.reason.removeprefix(f"{bad.path}: ")
        lines.append(f"unreadable entry {one_line(bad.path, FIELD_LIMIT)}: "
                     f"{one_line(reason, FIELD_LIMIT)}")
    return "\n".join(lines)


def _labelled(line: str, label: str) -> str:
    """``line`` and, when there is one, the label of who else wrote it."""
    first, newline, rest = line.partition("\n")
    return f"{first}  {label}{newline}{rest}" if label else line


def entry_lines(entry: Entry, by: str = "") -> list[str]:
    """An entry's lines in a ledger's text; ``by``: ``[by NAME]`` when another wrote it."""
    head, *rest = gate.field(entry.text).splitlines() or [""]
    tags = _tags(entry)
    lines = [f"  {entry.id}  {head}" + (f"  [{_painted_tags(entry, tags)}]" if tags else "")
             + (f"  {by}" if by else "")]
    lines.extend(f"{INDENT}{INDENT}{line}" for line in rest)
    for label, value in _details(entry):
        first, *more = gate.field(value).splitlines() or [""]
        lines.append(f"{INDENT}{INDENT}{label}: {first}")
        lines.extend(f"{INDENT}{INDENT}  {line}" for line in more)
    return lines


def history_text(history: EntryHistory, provenance: Sequence[str] = (),
                 me: str | None = None) -> str:
    """``show ID``: an entry, who wrote it, its chain and its events; each event's author
    named as ``log`` names it (with the email when the name reads as ``me``'s and is not,
    or two emails of the lines shown share it)."""
    entry = history.entry
    clashing = clashing_names(e.author for e in (*history.events,
                                                 *(event for _, event in history.statuses)))
    lines = [f"{SECTION_TITLES[entry.kind]}", *entry_lines(entry), ""]
    lines.append(f"{INDENT}author: {printable(entry.author)}  created: {iso(entry.created)}")
    lines.extend(provenance)
    if entry.session:
        lines.append(f"{INDENT}session: {printable(entry.session)}")
    imported_as = source_id(entry)
    if imported_as is not None:
        lines.append(f"{INDENT}source id: {one_line(imported_as, 200)} (the id of the file it "
                     "was imported from; commands take it too)")
    if entry.kind == "decided":
        lines.extend(_chain_lines(history, me, clashing))
    merged = merged_conflicts(history)
    if merged:
        lines += ["", "concurrent edits merged (both versions stay in the history):"]
        lines.extend(f"  {c['commit'][:10]}  {', '.join(c['fields'])}: kept the local version; "
                     f"the other: git show {c['other'][:12]}:{c['path']}" for c in merged)
    lines.append("")
    lines.append("history (newest first):")
    lines.extend(f"  {event_line(event, me, clashing)}" for event in history.events)
    return "\n".join(lines)


def provenance_json(found: Provenance | None) -> dict[str, Any] | None:
    """Who wrote and who last changed an entry, from the ledger's history."""
    if found is None:
        return None
    return {"created_by": found.created_by, "changed_by": found.changed_by,
            "merged_from": list(found.merged_from)}


def ledger_provenance_json(records: LedgerProvenance | None, snapshot: Snapshot,
                           kind: str | None = None) -> dict[str, Any]:
    """The same for every entry shown, the focus's two fields and the ledger itself."""
    entries = [e for e in snapshot.entries if kind is None or e.kind == kind]
    if records is None:
        records = LedgerProvenance(None)
    return {
        "ledger": provenance_json(records.ledger),
        "task": provenance_json(records.focus("task")),
        "next": provenance_json(records.focus("next")),
        "entries": [{"id": e.id, **(provenance_json(records.entry(e.id))
                                    or {"created_by": None, "changed_by": None,
                                        "merged_from": []})} for e in entries],
    }


def provenance_lines(found: Provenance | None) -> list[str]:
    """``show ID``'s lines for it: the names come from the commits, the ``author`` line
    above from the blob, which anyone can write."""
    if found is None:
        return [f"{INDENT}written by: ? (no ledger commit brought it in)"]
    lines = [f"{INDENT}written by: {printable(found.created_by)}  "
             f"last changed by: {printable(found.changed_by)}  (from the ledger's commits)"]
    if found.merged_from:
        lines.append(f"{INDENT}merged with changes by: "
                     + ", ".join(printable(p) for p in found.merged_from))
    return lines


def merged_conflicts(history: EntryHistory) -> list[dict[str, Any]]:
    """The merges (``git ledger pull``) that resolved concurrent edits of this entry."""
    found: list[dict[str, Any]] = []
    for event in history.events:
        for value in event.trailers.get("Ledger-Conflict", ()):
            name, _, rest = value.partition(" ")
            other, _, fields = rest.partition(" ")
            if name == history.entry.id:
                found.append({"commit": event.commit, "other": other,
                              "fields": fields.split(",") if fields else [],
                              "path": entry_path(name)})
    return found


def _chain_lines(history: EntryHistory, me: str | None,
                 clashing: frozenset[str]) -> list[str]:
    lines: list[str] = []
    if history.earlier or history.later:
        lines += ["", "supersedes chain (oldest first):"]
        for other in (*history.earlier, history.entry, *history.later):
            mark = "*" if other is history.entry else " "
            lines.append(f"  {mark} {other.id}  {printable(other.status or '?'):<11}  "
                         f"{one_line(other.text, 100)}")
    if history.statuses:
        lines += ["", "status history (oldest first):"]
        lines.extend(f"  {paint('status', f'{printable(status):<11}')}  {event.commit[:10]}  "
                     f"{iso(event.time)}  "
                     f"{_author(event.author, me, clashing)}"
                     for status, event in history.statuses)
    return lines



#: The events that change a decision's status, coloured as such in ``log``.
STATUS_EVENTS = frozenset({"status", "resolve"})


def event_line(event: Event, me: str | None = None,
               clashing: frozenset[str] = frozenset()) -> str:
    subject = printable(event.subject)
    if (event.trailers.get("Ledger-Event") or ("",))[0] in STATUS_EVENTS \
            or event.trailers.get("Ledger-Status"):
        subject = paint("status", subject)
    return (
        f"{event.commit[:10]}  {iso(event.time)}  {_author(event.author, me, clashing)}  "
        f"{subject}"
    )


def log_text(events: list[Event], me: str | None = None) -> str:
    if not events:
        return "No ledger events yet."
    clashing = clashing_names(e.author for e in events)
    return "\n".join(event_line(e, me, clashing) for e in events)


def _author(ident: str, me: str | None, clashing: frozenset[str] = frozenset()) -> str:
    """The name a history line shows; with the email when it reads as ``me``'s and is not,
    or as another author's of the lines shown (``authorship.label_name``)."""
    if me is None and not clashing:
        return printable(_name(ident))
    return label_name(ident, me, clashing)


def list_text(summaries: list[LedgerSummary]) -> str:
    if not summaries:
        return "No ledgers in this repository yet. Start one with: git ledger task TEXT"
    lines = []
    for s in summaries:
        mark = "*" if s.current else " "
        name = "project" if s.ref == PROJECT_REF else (s.meta.id if s.meta else s.ref)
        if s.problem:
            lines.append(f"{mark} {name}  BROKEN: {printable(s.problem)}")
            continue
        orphan = "ORPHANED (its worktree is gone)" if s.orphaned else "-"
        where = printable(str(s.worktree)) if s.worktree else orphan
        when = iso(s.last_change.time)[:10] if s.last_change else "-"
        task = printable(s.focus.task or "(no task)")
        lines.append(f"{mark} {name}  {_count(s.entries, 'entry')}  {when}  {where}  {task}")
        if s.orphaned:
            lines.append(f"{INDENT}continue it: git ledger adopt {name}  (in the worktree "
                         "that takes it over)")
            lines.append(f"{INDENT}or archive it: git ledger archive --ledger {name}")
    return "\n".join(lines)


def deploy_receipt(entry: Entry) -> str | None:
    """``production at 2026-11-30T12:00:00Z (1a2b3c4d5e6f), https://…``, or None."""
    if entry.status != "deployed" and entry.deployed_sha is None:
        return None
    when = iso(entry.deployed_at) if entry.deployed_at else "an unknown time"
    sha = entry.deployed_sha[:12] if entry.deployed_sha else "unknown commit"
    url = f", {entry.deployed_url}" if entry.deployed_url else ""
    return f"{entry.deployed_env or 'an unknown environment'} at {when} ({sha}){url}"


def _tags(entry: Entry) -> str:
    if entry.kind == "open":
        return "ask user" if entry.ask_user else ""
    if entry.kind == "decided":
        parts = [entry.status or "?"]
        if entry.scope:
            parts.append(f"scope {entry.scope}")
        return printable(", ".join(parts))
    return ""


def _painted_tags(entry: Entry, tags: str) -> str:
    """A decision's status in its colour, the rest of its tags as they are."""
    if entry.kind != "decided":
        return tags
    status, sep, rest = tags.partition(", ")
    return paint("status", status) + sep + rest


def _details(entry: Entry) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str | None]] = []
    if entry.kind == "decided":
        pairs = [
            ("over", "; ".join(entry.over) or None),
            ("because", entry.because),
            ("evidence", "; ".join(entry.evidence) or None),
            ("paths", ", ".join(entry.paths) or None),
            ("footprint", footprint_summary(entry.footprint) or None),
            ("deployed", deploy_receipt(entry)),
            ("rejected because", entry.rejected_why),
            ("supersedes", entry.supersedes),
            ("superseded by", entry.superseded_by),
        ]
    elif entry.kind == "verified":
        at = entry.commit[:12] if entry.commit else "no commit yet"
        pairs = [("by", entry.by), ("at", at)]
    elif entry.kind == "dropped":
        pairs = [("why", entry.why), ("paths", ", ".join(entry.paths) or None)]
    elif entry.kind == "plan":
        pairs = [("note", entry.note)]
    if entry.question and entry.kind != "open":
        pairs.append(("was OPEN", entry.question))
    return [(label, value) for label, value in pairs if value]


#: Files a footprint summary names before it says how many more there are.
_SUMMARY_FILES = 5


def footprint_summary(footprint: Sequence[str]) -> str:
    """The files and lines a footprint covers, across its commits, on one line:
    ``src/db/pool.py 4-5,12`` or ``3 files: a.py 1-20; logo.png (whole file); …``; "" for
    none."""
    files: dict[str, list[tuple[int, int]] | None] = {}
    for span in spans(footprint):
        ranges = files.setdefault(span.path, [])
        if ranges is None or not span.lines:
            files[span.path] = None  # the whole file
        else:
            ranges.extend(span.lines)
    parts = [f"{path} {_ranges(merge_lines(ranges)) if ranges is not None else '(whole file)'}"
             for path, ranges in list(files.items())[:_SUMMARY_FILES]]
    if len(files) > _SUMMARY_FILES:
        parts.append(f"and {len(files) - _SUMMARY_FILES} more")
    head = f"{len(files)} files: " if len(files) > 1 else ""
    return head + "; ".join(parts) if parts else ""


def _ranges(lines: Lines) -> str:
    return ",".join(str(a) if a == b else f"{a}-{b}" for a, b in lines)


def _count(n: int, noun: str) -> str:
    plural = "entries" if noun == "entry" else noun + "s"
    return f"{n} {noun if n == 1 else plural}"


def _name(ident: str) -> str:
    return ident.split(" <", 1)[0]


# -- archives, prune, adopt ----------------------------------------------------------------


def archive_summary_json(summary: ArchiveSummary) -> dict[str, Any]:
    return {
        "id": summary.id,
        "ref": summary.ref,
        "tag": summary.tag,
        "commit": summary.commit,
        "archived": iso(summary.tagged) if summary.tagged else None,
        "tagger": summary.tagger,
        "task": summary.task,
        "next": summary.next,
        "entries": summary.entries,
        "carried": list(summary.carried),
        "session_id": summary.owner,
        "problem": summary.problem,
    }


def archives_text(archives: list[ArchiveSummary]) -> str:
    if not archives:
        return ("No archived ledgers. git ledger archive archives this worktree's ledger "
                "when its task ends.")
    lines: list[str] = []
    for a in archives:
        when = iso(a.tagged)[:16].replace("T", " ") if a.tagged else "-"
        if a.problem:
            lines.append(f"  {a.id}  {when}  BROKEN: {printable(a.problem)}")
            continue
        task = printable(a.task or "(no task)")
        lines.append(f"  {a.id}  {when}  {_count(a.entries, 'entry')}  "
                     f"{printable(_name(a.tagger or '?'))}  {task}")
        if a.carried:
            lines.append(f"{INDENT}carried to the project ledger: {', '.join(a.carried)}")
    lines.append("")
    lines.append("Read one with: git ledger show --archive ID (or restore --archive ID)")
    return "\n".join(lines)


def prune_json(result: PruneResult) -> dict[str, Any]:
    return {
        "before": iso(result.before),
        "dry_run": result.dry_run,
        "pruned": [archive_summary_json(a) for a in result.pruned],
        "kept": result.kept,
        "skipped": [{"ref": ref, "reason": reason} for ref, reason in result.skipped],
    }


def prune_text(result: PruneResult) -> str:
    verb = "would delete" if result.dry_run else "deleted"
    lines = []
    for a in result.pruned:
        when = iso(a.tagged) if a.tagged else "-"
        lines.append(f"{verb} {a.ref} (archived {when}, {_count(a.entries, 'entry')}): "
                     f"{printable(a.task or '(no task)')}")
    if not result.pruned:
        lines.append(f"no archive was made before {iso(result.before)}")
    for ref, reason in result.skipped:
        lines.append(f"{ref}: {printable(reason)}")
    lines.append(f"kept {result.kept} archive{'' if result.kept == 1 else 's'} made at or "
                 f"after {iso(result.before)}")
    if result.dry_run:
        lines.append("dry run: nothing was deleted")
    elif result.pruned:
        lines.append("notes on code commits still name their entries until: "
                     "git ledger notes rebuild")
    return "\n".join(lines)


def adopt_json(result: AdoptResult) -> dict[str, Any]:
    return {
        "ref": result.ref,
        "id": result.ref.rsplit("/", 1)[-1],
        "previous": result.previous,
        "adopted": result.adopted,
        "entries": result.entries,
        "task": result.task,
        "released": list(result.released),
        "left": result.left,
        "copied_from": result.copied_from,
    }


def adopt_text(result: AdoptResult) -> str:
    task = printable(result.task or "(no task)")
    if not result.adopted:
        return f"{result.ref} already is this worktree's ledger ({task})"
    lines = [f"this worktree now continues {result.ref} ({_count(result.entries, 'entry')}): "
             f"{task}"]
    if result.copied_from:
        lines.append(f"a copy of {result.copied_from}, which stays its owner's: your writes "
                     "and pushes go to the copy only")
    if result.left:
        name = result.left.rsplit("/", 1)[-1]
        lines.append(f"its previous, empty ledger {result.left} is left orphaned "
                     f"(git ledger archive --ledger {name} --no-carry)")
    lines.append("read it back with: git ledger restore")
    return "\n".join(lines)
