"""Text and JSON for the team commands: fetch, pull, push, remote setup, review, list --remote.

The JSON shapes are documented in docs/cli.md and are a stable interface.
"""

from __future__ import annotations

from typing import Any

from gitledger.audit.check import Finding
from gitledger.core.codec import iso
from gitledger.core.colour import paint
from gitledger.core.display import QUOTE_LIMIT, one_line, printable
from gitledger.core.text import LINE_LIMIT
from gitledger.ledger.authorship import label_name
from gitledger.ledger.gate import FIELD_LIMIT
from gitledger.ledger.results import LedgerSummary
from gitledger.storage.layout import KEEP_REF, PROJECT_REF
from gitledger.storage.merge import MergeResult
from gitledger.storage.remotes import SetupResult
from gitledger.team.conflicts import take_command
from gitledger.team.fetching import fetch_json, fetch_text
from gitledger.team.review import Review, mirror_name
from gitledger.team.sync import OwnedChange, PullResult, PushResult
from gitledger.views.drifted import drifted_json, drifted_lines
from gitledger.views.render import summary_json

INDENT = "  "


def _short(ref: str) -> str:
    return ref.removeprefix("refs/ledger/")


def _sha(sha: str | None) -> str:
    return sha[:12] if sha else "(none)"


def _plural(n: int, noun: str, plural: str | None = None) -> str:
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


# -- fetch / pull ----------------------------------------------------------------------------


def merge_json(merge: MergeResult) -> dict[str, Any]:
    return {
        "ref": merge.ref, "outcome": merge.outcome, "before": merge.before,
        "after": merge.after, "incoming": merge.incoming,
        "conflicts": [{"entry": c.name, "path": c.path, "fields": list(c.fields),
                       "kept": c.kept, "other": c.other,
                       "take": _take(c.name, c.other, merge.ref)} for c in merge.conflicts],
        "dropped": list(merge.dropped), "rewritten": list(merge.rewritten),
    }


def _take(name: str, other: str, ref: str) -> str | None:
    """The command that picks the other version of an entry (None: focus, identity)."""
    return None if name in ("focus", "ledger") else take_command(name, other, ref)


def finding_json(finding: Finding) -> dict[str, Any]:
    return {"rule": finding.rule, "severity": finding.severity, "entry": finding.entry,
            "ledger": finding.ledger, "message": finding.message, "fix": finding.fix}


def pull_json(result: PullResult) -> dict[str, Any]:
    return {
        "remote": result.remote,
        "fetched": fetch_json(result.fetched)["moved"],
        "merges": [merge_json(m) for m in result.merges],
        "notes": result.notes,
        "findings": [finding_json(f) for f in result.findings],
        "left": list(result.left),
        "skipped": list(result.fetched.skipped),
        "owned_changed": [owned_json(c) for c in result.owned],
    }


def owned_json(change: OwnedChange) -> dict[str, Any]:
    return {"ref": change.ref, "mirror": change.mirror, "ours": change.ours,
            "theirs": change.theirs, "state": change.state, "read": change.read}


def owned_line(change: OwnedChange, remote: str) -> str:
    """One ledger of ours that the remote changed, as the pull and review say it."""
    how = {"ahead": "has commits on top of yours",
           "diverged": "has commits yours does not",
           "retagged": "is another tag of the same commit"}.get(change.state, change.state)
    return (f"{_short(change.ref)}: yours, not moved: {remote}'s copy {how} (someone else "
            f"wrote it); read theirs: {change.read}")


def pull_text(result: PullResult) -> str:
    lines = [fetch_text(result.fetched)]
    for merge in result.merges:
        if merge.outcome == "up-to-date":
            continue
        detail = ""
        if merge.outcome in ("merged", "fast-forward") and merge.incoming:
            noun = ("kept commit", None) if merge.ref == KEEP_REF else ("entry", "entries")
            detail = f" ({_plural(merge.incoming, *noun)} in)"
        lines.append(f"{INDENT}{_short(merge.ref)}: {merge.outcome}{detail}")
        flag = " --project" if merge.ref == PROJECT_REF else ""
        if merge.dropped:
            lines.append(f"{INDENT * 2}the remote's copy lacks {', '.join(merge.dropped)}: "
                         "kept here (a pull never removes an entry)")
        if merge.rewritten:
            lines.append(f"{INDENT * 2}changed by the remote: {', '.join(merge.rewritten)} "
                         f"(git ledger show ID{flag} shows who changed what)")
        for conflict in merge.conflicts:
            theirs = _take(conflict.name, conflict.other, merge.ref) or (
                f"git show {conflict.other[:12]}:{conflict.path}")
            lines.append(
                f"{INDENT * 2}concurrent edits of {conflict.name} ({', '.join(conflict.fields)}):"
                f" kept the local version; the other: {theirs}")
    if result.notes not in ("none", "up-to-date"):
        lines.append(f"{INDENT}notes: {result.notes}")
    lines += [f"{INDENT}left as is: {printable(item)}" for item in result.left]
    lines += [f"{INDENT}{owned_line(c, result.remote)}" for c in result.owned]
    if result.findings:
        lines.append(f"check after the merge: {_plural(len(result.findings), 'new problem')}")
        lines += [f"{INDENT}{f.severity}: {f.rule}: {one_line(f.message, FIELD_LIMIT)}\n"
                  f"{INDENT * 2}fix: {one_line(f.fix, FIELD_LIMIT)}" for f in result.findings]
    elif any(m.outcome != "up-to-date" for m in result.merges):
        lines.append("check after the merge: nothing new to report")
    return "\n".join(lines)


# -- push ------------------------------------------------------------------------------------


def push_json(result: PushResult) -> dict[str, Any]:
    return {
        "remote": result.remote, "dry_run": result.dry_run,
        "updates": [{"ref": u.ref, "status": u.status, "reason": u.reason or None}
                    for u in result.updates],
        "pulls": [pull_json(p) for p in result.pulls],
        "skipped": list(result.skipped),
    }


def push_text(result: PushResult) -> str:
    if not result.updates:
        return f"Nothing to push to {result.remote}: no ledger refs here yet"
    verb = "Would push" if result.dry_run else "Pushed"
    lines = []
    for pulled in result.pulls:
        lines.append(f"{result.remote} had moved: pulled and merged first")
        lines.append(INDENT + pull_text(pulled).replace("\n", "\n" + INDENT))
    moved = [u for u in result.updates if u.status != "up-to-date"]
    if not moved:
        lines.append(f"{result.remote} is up to date")
        return "\n".join(lines)
    lines.append(f"{verb} to {result.remote}:")
    width = max(len(_short(u.ref)) for u in result.updates)
    for update in result.updates:
        status = update.status
        if status == "rejected":
            pulls_first = result.dry_run and any(
                text in update.reason for text in ("fetch first", "non-fast-forward"))
            status = (f"rejected ({update.reason}): a push pulls and merges first"
                      if pulls_first else f"rejected ({update.reason})")
        lines.append(f"{INDENT}{_short(update.ref):<{width}}  {status}")
    return "\n".join(lines)


# -- remote setup / teardown -----------------------------------------------------------------


def setup_json(result: SetupResult, action: str) -> dict[str, Any]:
    return {"remote": result.remote, "action": action, "dry_run": result.dry_run,
            "changed": [{"key": k, "value": v} for k, v in result.changed],
            "unchanged": [{"key": k, "value": v} for k, v in result.unchanged],
            "pushed": list(result.pushed), "probe": result.probe}


def setup_text(result: SetupResult, action: str) -> str:
    section = f"remote.{result.remote}"
    if action == "setup":
        if not result.changed:
            return f"{section} already moves ledgers: nothing added"
        verb = "Would add to" if result.dry_run else "Added to"
        lines = [f"{verb} {section} (plain git fetch and git push now move ledgers):"]
        lines += [f"{INDENT}{k} = {v}" for k, v in result.changed]
        if ("push", "HEAD") in result.changed:
            lines.append(f"{section} had no push refspecs, and once it has some git push "
                         "pushes only those: HEAD was added so that it still pushes the "
                         "current branch (to the branch of the same name)")
        if result.pushed:
            count = len(result.pushed)
            lines.append(f"{result.remote} accepts ledger refs: {count} "
                         f"{'ref was' if count == 1 else 'refs were'} pushed there first")
        elif result.probe == "deleted":
            lines.append(f"{result.remote} accepts ledger refs: a probe ref was pushed "
                         "there first, and deleted")
        elif result.probe:
            lines.append(f"{result.remote} accepts ledger refs, but kept the probe ref "
                         f"pushed there first ({result.probe.removeprefix('left: ')}): "
                         "delete it there by hand")
        return "\n".join(lines)
    if not result.changed:
        return (f"Nothing to remove from {section}: git ledger remote setup did not add "
                "anything there (or its lines were removed by hand)")
    verb = "Would remove from" if result.dry_run else "Removed from"
    lines = [f"{verb} {section}:", *(f"{INDENT}{k} = {v}" for k, v in result.changed)]
    return "\n".join(lines)


# -- review and list --remote ----------------------------------------------------------------


def review_json(result: Review) -> dict[str, Any]:
    return {
        "remote": result.remote, "since": result.since, "ledgers": list(result.ledgers),
        "scopes": [
            {"scope": scope, "decisions": [
                {"id": d.entry.id, "text": d.entry.text, "status": d.entry.status,
                 "ledger": d.ledger, "author": d.author,
                 "supersedes": d.entry.supersedes, "superseded_by": d.entry.superseded_by,
                 "changes": [{"what": c.what, "author": c.author, "time": iso(c.time),
                              "commit": c.commit} for c in d.changes]}
                for d in decisions]}
            for scope, decisions in result.scopes
        ],
        "quarantined": [{"ledger": mirror_name(v.ref), "ref": v.ref, "reason": v.reason,
                         "commit": v.commit, "claimed": v.claimed, "signer": v.signer,
                         "detail": v.detail} for v in result.quarantined],
        "owned_changed": [owned_json(c) for c in result.owned],
        "dropped": list(result.dropped), "rewritten": list(result.rewritten),
        "conflicts": [{"entry": c.entry, "fields": list(c.fields), "merge": c.merge,
                       "other": c.other, "take": c.take} for c in result.conflicts],
        "drifted": [drifted_json(item) for item in result.drifted],
    }


def review_notices(result: Review) -> tuple[list[str], list[str]]:
    """What a review must say beside the decisions, each a printable line: the
    teammates' ledgers held back unverified (first), and after the decisions your own
    ledgers someone else changed on the remote, what the last pull kept or took, and the
    concurrent edits merged by keeping yours."""
    held = [f"quarantined: {printable(mirror_name(v.ref))}: {printable(v.describe())}"
            for v in result.quarantined]
    tail = [f"{INDENT}{owned_line(c, result.remote)}" for c in result.owned]
    if tail:
        tail.insert(0, "Your ledgers that someone else changed on the remote (not merged):")
    if result.dropped:
        tail.append(f"The last pull kept project entries the remote's copy lacks: "
                    f"{printable(', '.join(result.dropped))}")
    if result.rewritten:
        tail.append(f"The last pull took teammates' versions of project entries: "
                    f"{printable(', '.join(result.rewritten))} (git ledger show ID --project)")
    if result.conflicts:
        tail.append("Concurrent edits merged by keeping the local version, unchanged since:")
        tail += [f"{INDENT}{c.entry} ({', '.join(c.fields)}): the other version: {c.take}"
                 for c in result.conflicts]
    return held, tail


def review_text(result: Review) -> str:
    count = sum(len(decisions) for _, decisions in result.scopes)
    head = f"Decisions changed since {printable(result.since)}"
    held, tail = review_notices(result)
    if result.drifted:
        tail.append("Decisions whose code changed since they were made (git ledger drift):")
        for item in result.drifted:
            tail.append(f"{INDENT}{paint('drift', item.entry.id)}  "
                        f"{one_line(item.entry.text, 100)}")
            tail += drifted_lines(item, INDENT * 2)
    if not count:
        return "\n".join([f"{head}: none", *held, *tail])
    lines = [*held, f"{head}: {_plural(count, 'decision')} in "
             f"{_plural(len(result.scopes), 'scope')}"]
    for scope, decisions in result.scopes:
        lines.append(f"scope {printable(scope)}" if scope else "(no scope)")
        for decision in decisions:
            entry = decision.entry
            lines.append(f"{INDENT}{entry.id}  {one_line(entry.text, 100)}  "
                         f"[{paint('status', printable(entry.status or '?'))}]  in "
                         f"{printable(decision.ledger)}")
            if entry.over:
                lines.append(f"{INDENT * 2}over: {one_line(' | '.join(entry.over), 160)}")
            for change in decision.changes:
                lines.append(f"{INDENT * 2}{paint('status', change.what)} by "
                             f"{paint('teammate', label_name(change.author, result.me))} "
                             f"{iso(change.time)[:16].replace('T', ' ')}")
    return "\n".join([*lines, *tail])


def _who(ident: str) -> str:
    return ident.split(" <", 1)[0] or ident


def remote_list_json(summaries: list[LedgerSummary]) -> dict[str, Any]:
    return {"ledgers": [{**summary_json(s), "name": mirror_name(s.ref),
                         "archived": "/archive/" in s.ref} for s in summaries]}


def remote_list_text(summaries: list[LedgerSummary]) -> str:
    if not summaries:
        return ("No teammates' ledgers fetched (copies of your own are not listed): git "
                "ledger pull (or fetch) brings them")
    lines = []
    for s in summaries:
        name = mirror_name(s.ref)
        if s.problem and s.problem.startswith("quarantined: "):
            lines.append(f"{name}  QUARANTINED{printable(s.problem.removeprefix('quarantined'))}")
            continue
        if s.problem:
            lines.append(f"{name}  BROKEN: {printable(s.problem)}")
            continue
        author = _who(s.meta.created_by) if s.meta else "?"
        when = iso(s.last_change.time)[:10] if s.last_change else "-"
        task = one_line(s.focus.task or "(no task)", LINE_LIMIT)
        archived = "  ARCHIVED (show --archive)" if "/archive/" in s.ref else ""
        lines.append(f"{name}  {paint('teammate', one_line(author, QUOTE_LIMIT))}  "
                     f"{_plural(s.entries, 'entry', 'entries')}"
                     f"  {when}  {task}{archived}")
    lines.append("read one: git ledger show --ledger NAME (log, check and restore take "
                 "--ledger too; an archived one: git ledger show --archive NAME)")
    return "\n".join(lines)
