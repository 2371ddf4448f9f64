"""The rules of ``git ledger check``, each a function of entries and a ``CommitGraph``.

Errors are claims the ledger cannot back; warnings are smells.  ``ledger/links.py`` says
which other entries each rule may look at, which lets ``check`` recheck only what a change
can have touched.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from gitledger.core.ids import entry_path
from gitledger.core.model import (
    ACTIVE_STATUSES,
    LIVE_STATUSES,
    STATUSES,
    BadEntry,
    Entry,
    Snapshot,
    git_evidence,
    missing_receipt,
)
from gitledger.core.text import one_line_summary
from gitledger.errors import CorruptLedger, LedgerError
from gitledger.ledger.decision_footprints import REBUILD_BUDGET
from gitledger.ledger.drift import BLAME_PER_DECISION, BLAME_PER_RUN, drift
from gitledger.ledger.links import held_id, paths_in
from gitledger.ledger.operations import Ledger
from gitledger.ledger.project_index import ActiveDecisions
from gitledger.ledger.rules import (
    acknowledges,
    as_retired,
    came_before,
    normalised,
    rejection_index,
    retired_index,
)
from gitledger.storage.commits import CommitGraph
from gitledger.storage.keepalive import KeptCommits
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.store import Store
from gitledger.views.drifted import file_line
from gitledger.views.restore import Parts, compose

#: Restore text beyond this many lines is a ledger that should be archived or pruned.
RESTORE_LINES = 150
#: An ask-user question open across this many checkpoints is waiting on a human.
ASK_USER_CHECKPOINTS = 3

#: rule id → (severity, what it means); docs/cli.md lists the same table.
RULES: dict[str, tuple[str, str]] = {
    "revived-alternative": ("error", "a live decision repeats an alternative an active "
                                     "decision rejected"),
    "retried-approach": ("error", "a live decision repeats an approach dropped before, or a "
                                  "decision rejected before, without saying why"),
    "scope-conflict": ("error", "two active decisions in the same scope"),
    "deploy-receipt": ("error", "deployed without a complete receipt (env, sha, url, time, "
                                "success)"),
    "implemented-evidence": ("error", "implemented or deployed without git:<sha> evidence"),
    "superseded-link": ("error", "a supersedes link that is missing or not returned"),
    "evidence-missing": ("error", "git: evidence names a commit that does not exist"),
    "evidence-unreachable": ("error", "git: evidence commit reachable from no ref: git gc "
                                      "will delete it"),
    "deploy-contains": ("error", "the deployed commit does not contain the implementation"),
    "supersedes-cycle": ("error", "decisions supersede each other in a cycle"),
    "dangling-link": ("error", "a link to an entry id that does not exist"),
    "duplicate-id": ("error", "two entries with one id"),
    "unknown-status": ("error", "a decision with a status that does not exist"),
    "unreadable-entry": ("error", "an entry blob that cannot be read"),
    "restore-long": ("warning", f"more than about {RESTORE_LINES} lines of restore text"),
    "rederivable-status": ("warning", "an entry that records status git or CI can "
                                      "re-derive"),
    "stale-fact": ("warning", "a verified fact whose files changed since it was verified"),
    "ask-user-waiting": ("warning", f"an ask-user question open across "
                                    f"{ASK_USER_CHECKPOINTS} or more checkpoints"),
    "decision-drift": ("warning", "a decision in force whose footprint lines later commits "
                                  "changed"),
    "teammate-conflict": ("warning", "a conflict between your entry and a teammate's, which "
                                     "the teammate's entry caused or took part in: a question "
                                     "for the team, never a fix to your entry"),
}


#: When an entry of a ledger (its ref) came into it, from the ledger's history.
Born = Callable[[str, Entry], datetime | None]


def born_in(store: Store, tips: Mapping[str, str | None]) -> Born:
    """When an entry came into its ledger (ref → the tip it was read at): the commit time
    its history gives (``Store.arrived``), never the ``created`` its blob claims."""
    def born(ref: str, entry: Entry) -> datetime | None:
        tip = tips.get(ref)
        return store.arrived(tip, entry_path(entry.id)) if tip else None
    return born


@dataclass(frozen=True)
class Finding:
    rule: str
    entry: str | None
    message: str
    fix: str
    ledger: str = ""
    #: The other entry that makes this a finding (scope-conflict, revived-alternative,
    #: retried-approach), and its ledger: whose it is, from history, decides whether the
    #: finding is the user's to fix or a question for the team (``check.attributed``).
    cause: str | None = None
    cause_ledger: str = ""
    #: The tree path of an entry that cannot be read (``unreadable-entry``): its history
    #: says who wrote it, as an entry's id does.
    path: str = ""

    @property
    def severity(self) -> str:
        return RULES[self.rule][0]


@dataclass(frozen=True)
class CheckReport:
    ledgers: tuple[str, ...]
    entries: int
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "warning")



def evaluate(
    snapshots: Sequence[tuple[str, Snapshot]], graph: CommitGraph,
    kept: KeptCommits | Iterable[str] = (), *, context: Iterable[Entry] = (),
    born: Born | None = None,
) -> list[Finding]:
    """The findings for a set of ledgers read together (links may cross them).

    ``context`` holds entries of ledgers not being checked that links may point at;
    ``born`` says when an entry came into its ledger, from history (without it, the blob's
    ``created`` is taken, which its writer chose).
    """
    findings: list[Finding] = []
    entries: dict[str, tuple[str, Entry]] = {}
    for ref, snap in snapshots:
        for bad in snap.bad:
            findings.append(bad_entry(ref, bad, snap))
        for entry in snap.entries:
            # A decision carried from a session to the project is one decision in two places.
            entries.setdefault(entry.id, (ref, entry))
    decisions = [(ref, e) for ref, e in entries.values() if e.kind == "decided"]
    findings += _status_rules(decisions)
    by_id = {e.id: e for e in context}
    by_id.update({i: e for i, (_, e) in entries.items()})
    findings += _link_rules(decisions, by_id)
    findings += _conflict_rules(decisions, born)
    findings += _retried(decisions, entries, context, born)
    findings += _commit_rules(decisions, graph, kept)
    findings += _stale_facts([(r, e) for r, e in entries.values() if e.kind == "verified"],
                             graph)
    findings += _rederivable([(r, e) for r, e in entries.values()])
    return findings


# -- the rules -----------------------------------------------------------------------------


def _status_rules(decisions: list[tuple[str, Entry]]) -> list[Finding]:
    out: list[Finding] = []
    for ref, d in decisions:
        if d.status not in STATUSES:
            out.append(Finding(
                "unknown-status", d.id, f"{d.id} has status '{d.status}'",
                f"git ledger show {d.id}, then write a known status by hand "
                f"({', '.join(STATUSES)})", ref))
            continue
        if d.status in ("implemented", "deployed") and not git_evidence(d):
            out.append(Finding(
                "implemented-evidence", d.id, f"{d.id} is {d.status} with no git:<sha> "
                "evidence", f"git ledger evidence {d.id} --add git:REV (the commit that "
                "implements it)", ref))
        if d.status == "deployed":
            missing = missing_receipt(d)
            if missing:
                out.append(Finding(
                    "deploy-receipt", d.id, f"{d.id} is deployed without a complete receipt"
                    f" (missing {', '.join(missing)})",
                    f"git ledger deploy {d.id} --env ENV --sha REV --url URL --at TIME",
                    ref))
    return out


def _link_rules(decisions: list[tuple[str, Entry]], by_id: dict[str, Entry]) -> list[Finding]:
    out: list[Finding] = []
    for ref, d in decisions:
        for label, target in (("supersedes", d.supersedes), ("superseded_by",
                                                             d.superseded_by)):
            if target is not None and target not in by_id:
                out.append(Finding(
                    "dangling-link", d.id, f"{d.id} {label} {target}, which does not exist",
                    f"git ledger show {d.id}; correct the link by hand or restore {target}",
                    ref))
        if d.status == "superseded":
            new = by_id.get(d.superseded_by or "")
            if d.superseded_by is None:
                out.append(Finding(
                    "superseded-link", d.id, f"{d.id} is superseded but names no "
                    "replacement", f"record its replacement: git ledger decide TEXT "
                    f"--supersedes {d.id} (or link the existing one)", ref))
            elif new is not None and new.supersedes != d.id:
                out.append(Finding(
                    "superseded-link", d.id, f"{d.id} is superseded by {new.id}, which "
                    f"does not link back (its supersedes is {new.supersedes or 'empty'})",
                    f"link {new.id} back: set supersedes = \"{d.id}\" in it", ref))
        old = by_id.get(d.supersedes or "")
        if (old is not None and d.status in ACTIVE_STATUSES
                and old.status in ACTIVE_STATUSES):
            out.append(Finding(
                "superseded-link", old.id, f"{d.id} supersedes {old.id}, but {old.id} is "
                f"still {old.status}: both are in force", f"mark {old.id} superseded by "
                f"{d.id} (a replacement decided with --supersedes does it when accepted)", ref))
    out += _cycles(decisions, by_id)
    return out


def _cycles(decisions: list[tuple[str, Entry]], by_id: dict[str, Entry]) -> list[Finding]:
    out: list[Finding] = []
    done: set[str] = set()
    refs = {d.id: ref for ref, d in decisions}
    for _, start in decisions:
        path: list[str] = []
        on_path: set[str] = set()
        cursor: Entry | None = start
        while cursor is not None and cursor.id not in done:
            if cursor.id in on_path:
                loop = path[path.index(cursor.id):]
                first = min(loop)
                # From its smallest id, whichever decision the walk came in by.
                loop = loop[loop.index(first):] + loop[:loop.index(first)]
                out.append(Finding(
                    "supersedes-cycle", first, "supersedes cycle: "
                    f"{' -> '.join([*loop, first])}",
                    f"remove one supersedes link of the cycle (git ledger show {first})",
                    refs.get(first, "")))
                break
            path.append(cursor.id)
            on_path.add(cursor.id)
            cursor = by_id.get(cursor.supersedes or "")
        done.update(path)
    return out


def _conflict_rules(decisions: list[tuple[str, Entry]],
                    born: Born | None = None) -> list[Finding]:
    out: list[Finding] = []
    in_scope: dict[str, list[tuple[str, Entry]]] = {}
    for ref, d in decisions:
        if d.status in ACTIVE_STATUSES and d.scope:
            in_scope.setdefault(d.scope.strip(), []).append((ref, d))
    for scope, found in sorted(in_scope.items()):
        if len(found) < 2:
            continue
        # Which is older decides which one the fix names: from history, never ``created``.
        found.sort(key=lambda pair: ((born(*pair) if born else None) or pair[1].created,
                                     pair[1].seq, pair[1].id))
        newest_ref, newest = found[-1]
        for ref, d in found[:-1]:
            out.append(Finding(
                "scope-conflict", d.id, f"{d.id} and {newest.id} are both in force in "
                f"scope '{one_line_summary(scope)}'", f"narrow one of them (git ledger edit "
                f"{d.id} --scope …), or retire {d.id} (git ledger reject {d.id} --why …, "
                "while it is not implemented)", ref, newest.id, newest_ref))
    rejected_by = rejection_index(d for _, d in decisions)
    ref_of = {d.id: r for r, d in decisions}
    for ref, d in decisions:
        if d.status not in LIVE_STATUSES:
            continue
        source = next((a for a in rejected_by.get(normalised(d.text), ())
                       if a.id not in (d.id, d.supersedes)), None)
        if source is not None:
            out.append(Finding(
                "revived-alternative", d.id, f"{d.id} repeats an alternative {source.id} "
                f"rejected: '{one_line_summary(d.text)}'",
                f"git ledger reject {d.id} --why WHY, or supersede {source.id} with it",
                ref, source.id, ref_of.get(source.id, "")))
    return out


def _retried(
    decisions: list[tuple[str, Entry]], entries: dict[str, tuple[str, Entry]],
    context: Iterable[Entry], born: Born | None = None,
) -> list[Finding]:
    """Live decisions that repeat a dropped approach or a rejected decision written before
    them, in any ledger read (the project's carried ones too), unless their reason names it.
    "Before" is when each came into its ledger (``born``, from history) where both are
    known, never the ``created`` its writer chose."""
    where = {i: ref for i, (ref, _) in entries.items()}

    def before(source: Entry, d: Entry, ref: str) -> bool:
        source_ref = where.get(source.id)
        if born is not None and source_ref is not None:
            then, now = born(source_ref, source), born(ref, d)
            if then is not None and now is not None and then != now:
                return then < now
            if then is not None and now is not None and source_ref == ref:
                return source.seq < d.seq
        return came_before(source, d, same_ledger=source_ref == ref)

    known = [e for _, e in entries.values()]
    known += [e for e in context if e.id not in where]
    index = retired_index(known)
    out: list[Finding] = []
    for ref, d in decisions:
        if d.status not in LIVE_STATUSES:
            continue
        for source in index.get(normalised(d.text), ()):
            retired = as_retired(source)
            if (retired is None or source.id == d.id or acknowledges(d.because, retired)
                    or not before(source, d, ref)):
                continue
            out.append(Finding(
                "retried-approach", d.id, f"{d.id} repeats {source.id}, "
                f"{retired.described()}: '{one_line_summary(d.text)}'",
                f"git ledger reject {d.id} --why WHY, or say why it is right now, naming "
                f"{source.id}: git ledger edit {d.id} --because '… {source.id} …'", ref,
                source.id, where.get(source.id, "")))
            break
    return out


def _commit_rules(
    decisions: list[tuple[str, Entry]], graph: CommitGraph, kept: KeptCommits | Iterable[str]
) -> list[Finding]:
    out: list[Finding] = []
    keep_set = kept if isinstance(kept, KeptCommits) else set(kept)
    known: dict[str, str | None] = {}

    def full(sha: str) -> str | None:
        if sha not in known:
            known[sha] = graph.full(sha)
        return known[sha]

    for ref, d in decisions:
        shas: list[str] = []
        for sha in git_evidence(d):
            resolved = full(sha)
            if resolved is None:
                out.append(Finding(
                    "evidence-missing", d.id, f"{d.id} cites git:{sha}, which is not a "
                    "commit in this repository", f"fetch it, or replace it: git ledger edit "
                    f"{d.id} --evidence …", ref))
                continue
            shas.append(resolved)
            if resolved not in keep_set and not graph.reachable(resolved):
                out.append(Finding(
                    "evidence-unreachable", d.id, f"{d.id} cites {resolved[:12]}, which no "
                    "branch, tag or keep-alive reaches (git gc will delete it)",
                    f"keep it: git ledger evidence {d.id} --add git:{resolved}", ref))
        if d.status == "deployed" and d.deployed_sha:
            deployed = full(d.deployed_sha)
            if deployed is None:
                out.append(Finding(
                    "deploy-contains", d.id, f"{d.id} was deployed at {d.deployed_sha[:12]},"
                    " which is not a commit in this repository",
                    "fetch the deployed commit, or record the real receipt with "
                    f"git ledger deploy {d.id} …", ref))
                continue
            for sha in shas:
                if not graph.contains(deployed, sha):
                    out.append(Finding(
                        "deploy-contains", d.id, f"{d.id}'s deploy {deployed[:12]} does not"
                        f" contain its implementation {sha[:12]}",
                        f"record a deploy that contains it: git ledger deploy {d.id} …",
                        ref))
    return out


def _stale_facts(facts: list[tuple[str, Entry]], graph: CommitGraph) -> list[Finding]:
    out: list[Finding] = []
    head = graph.head()
    if head is None:
        return out
    for ref, fact in facts:
        if not fact.commit or fact.commit == head:
            continue
        if not graph.exists(fact.commit):
            out.append(Finding(
                "stale-fact", fact.id, f"{fact.id} was verified at {fact.commit[:12]}, "
                "which no longer exists", f"run it again and record it: git ledger verify … "
                f"--by {shlex.quote(fact.by or 'COMMAND')}", ref))
            continue
        candidates = paths_in(f"{fact.text} {fact.by or ''}")
        before = {p: i for p, i in graph.path_ids(fact.commit, candidates).items()
                  if i is not None}
        if not before:
            continue
        now = graph.path_ids(head, list(before))
        changed = sorted(p for p, i in before.items() if now[p] != i)
        if changed:
            out.append(Finding(
                "stale-fact", fact.id, f"{fact.id}: {', '.join(changed[:3])} changed since it"
                f" was verified at {fact.commit[:12]}",
                f"re-run {shlex.quote(fact.by) if fact.by else 'its command'} and record the "
                "result again (git ledger verify …)", ref))
    return out


#: What git, CI or a forge can always tell again, so a ledger must not keep it: one
#: pattern with a named group per kind of status, so each entry is searched once.
_STATUS = re.compile(
    r"(?P<tests>\b(?:all\s+)?tests?\s+(?:are\s+|now\s+)?(?:pass|passing|passed|green|"
    r"fail|failing|failed|red)\b)"
    r"|(?P<build>\b(?:build|ci|pipeline|checks?)\s+(?:is\s+|are\s+|now\s+)?(?:green|red|"
    r"passing|failing|broken|passed|failed)\b)"
    r"|(?P<branch>\b(?:on|checked\s+out|current)\s+branch\b|\bbranch\s+(?:is\s+)?"
    r"(?:main|master|develop|feature/\S+)\b)"
    r"|(?P<prs>\b(?:PRs?|pull\s+requests?|MRs?)\b[^.]*#\d+|#\d+\s*,\s*#\d+)",
    re.I,
)
_STATUS_NAMES = {"tests": "a test-run result", "build": "a build status",
                 "branch": "a branch name", "prs": "a PR list"}


def _rederivable(entries: list[tuple[str, Entry]]) -> list[Finding]:
    out: list[Finding] = []
    for ref, entry in entries:
        if entry.kind == "decided" and entry.status not in LIVE_STATUSES:
            continue
        found = _STATUS.search(entry.text)
        if found is not None:
            what = _STATUS_NAMES[found.lastgroup or "tests"]
            out.append(Finding(
                "rederivable-status", entry.id, f"{entry.id} looks like {what}, which "
                "git or CI can always tell again", "record what it proved (git ledger "
                f"verify FACT --by COMMAND), or resolve/edit {entry.id}", ref))
    return out


def bad_entry(ref: str, bad: BadEntry, snap: Snapshot) -> Finding:
    held = held_id(bad)
    if held and any(e.id == held for e in snap.entries):
        return Finding("duplicate-id", held, f"{bad.path} holds {held}, "
                       "which another entry already is", f"give it a new id or remove "
                       f"{bad.path} from the ledger's tree", ref)
    return Finding("unreadable-entry", None, bad.reason, "git ledger show names it; fix the "
                   "TOML by hand, or restore it from the ledger's history", ref, path=bad.path)


# -- warnings that need the ledger itself --------------------------------------------------


def drift_findings(
    where: str | os.PathLike[str] | None, refs: Collection[str], *,
    read: dict[str, Snapshot] | None = None, decisions: list[tuple[str, Entry]] | None = None,
    ids: Iterable[str] | None = None,
) -> list[Finding]:
    """``decision-drift``: what ``git ledger drift`` lists, for the ledgers ``refs`` checked:
    all their decisions in force (from ``read``, their snapshots, not read again), or only
    ``decisions`` of ``ids`` (a check again after a change)."""
    try:
        report = drift(where, read=read, decisions=decisions, ids=ids)
    except LedgerError:
        return []  # no git to blame with: drift is a question, never a failed check
    found = [Finding(
        "decision-drift", item.entry.id,
        f"{item.entry.id}: {item.lines} footprint line{'s' if item.lines != 1 else ''} "
        f"changed by "
        f"{len(item.commits)} later commit{'s' if len(item.commits) != 1 else ''} "
        f"(newest {item.commits[0].sha[:12]}): {file_line(item)}",
        f"review it (git ledger drift); implement it further (Ledger-Implements: "
        f"{item.entry.id}) or acknowledge it (Ledger-Refs: {item.entry.id})", item.ledger)
        for item in report.decisions if item.ledger in refs and item.commits]
    if report.unblamed or report.underived:
        found.append(Finding("decision-drift", None, _unchecked(report.unblamed,
                                                                report.underived),
                             "run git ledger drift again (what is over a cap is never taken "
                             "for undrifted); a footprint naming that many files is worth "
                             "a question to whoever wrote it"))
    return found


def _unchecked(unblamed: int, underived: int) -> str:
    """What one drift run left unchecked, over its caps, in one line."""
    parts = []
    if unblamed:
        parts.append(f"{unblamed} footprint file{'s' if unblamed != 1 else ''} not blamed "
                     f"(over {BLAME_PER_DECISION} a decision or {BLAME_PER_RUN} a run)")
    if underived:
        parts.append(f"{underived} teammate decision{'s' if underived != 1 else ''} whose "
                     f"footprint is not derived from its evidence yet (over "
                     f"{REBUILD_BUDGET} commits a run)")
    return "drift not fully checked: " + "; ".join(parts)


def ledger_warnings(ledger: Ledger, snap: Snapshot) -> list[Finding]:
    out: list[Finding] = []
    ref = ledger.ref or ""
    if ref != PROJECT_REF:
        # The session's own lines: the project's decisions are cut first and would make
        # every session of a big project look too long.
        block = compose(Parts(snap, ActiveDecisions()), 10**8)
        lines = block.text.count("\n") + 1
        if lines > RESTORE_LINES:
            out.append(Finding(
                "restore-long", None, f"the session ledger restores to {lines} lines "
                f"(more than about {RESTORE_LINES})", "archive finished work (git ledger "
                "archive) or resolve what is settled", ref))
    asking = {e.id: e for e in snap.entries if e.kind == "open" and e.ask_user}
    if asking:
        out += _waiting(ledger, asking)
    return out


def _waiting(ledger: Ledger, asking: dict[str, Entry]) -> list[Finding]:
    """Ask-user questions, by how many checkpoints have passed since each was asked."""
    seen = 0
    waited: dict[str, int] = {}
    try:
        for event in ledger.events():
            kind = event.trailers.get("Ledger-Event", ("",))[0]
            if kind == "checkpoint":
                seen += 1
            for entry_id in event.trailers.get("Ledger-Entry", ()):
                if entry_id in asking and kind == "add":
                    waited[entry_id] = seen
    except CorruptLedger:
        return []
    out: list[Finding] = []
    for entry_id, count in sorted(waited.items()):
        if count >= ASK_USER_CHECKPOINTS:
            out.append(Finding(
                "ask-user-waiting", entry_id, f"{entry_id} has waited for the user across "
                f"{count} checkpoints", f"ask the user, then git ledger resolve {entry_id} "
                "--as …", ledger.ref or ""))
    return out
