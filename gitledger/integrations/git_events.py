"""What the git hooks hand to Python: commit trailers, the checkout line, rewritten evidence.

The ``sh`` templates (``git_hooks``) do the common case with git plumbing and queue the
rest (``storage/event_queue.py``); ``drain_git_events`` applies it in order.  Every handler
returns what to print, and ``run_git_hook`` makes sure nothing escapes to fail git.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from gitledger.core.display import capped_join, one_line, quote
from gitledger.core.model import Focus, LedgerMeta
from gitledger.core.names import GIT_EVENTS
from gitledger.core.text import decode_bytes
from gitledger.errors import LedgerError, UnknownEntry
from gitledger.integrations.hook_io import (
    DEADLINE_SECONDS,
    Deadline,
    HookResult,
    time_limit,
)
from gitledger.ledger.checkout import checkout_text
from gitledger.ledger.decisions import add_evidence, implement, locate
from gitledger.ledger.drift import touched
from gitledger.ledger.operations import Ledger
from gitledger.ledger.queue import Applier, drain
from gitledger.ledger.results import Built
from gitledger.ledger.unrecorded import unrecorded
from gitledger.storage import event_queue, queue_probe
from gitledger.storage.commits import CommitGraph
from gitledger.storage.event_queue import QueueItem, kill_point
from gitledger.storage.keepalive import kept_path
from gitledger.storage.layout import (
    KEEP_REF,
    PROJECT_REF,
    QUEUE_REPORT_FILE,
    RECORDED_FILE,
    RECORDING_FILE,
)
from gitledger.storage.notes import add_lines, note_lines, read_note
from gitledger.storage.repo import Repo
from gitledger.storage.store import TreeView

_ID = re.compile(r"^[a-z]-[0-9a-z]{1,10}$")
#: The id an imported entry came with (``DEC-2026-002``, ``ADR-12``): letters, a dash, a
#: number somewhere after it.
_SOURCE_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_.]*-[A-Za-z0-9_.-]*[0-9][A-Za-z0-9_.-]*$")


def post_commit(where: str | os.PathLike[str] | None, commit: str | None = None,
                session: str | None = None) -> list[str]:
    """Act on a commit's ledger trailers (HEAD's by default); the lines to report.

    Applying it again changes nothing (a queued item is applied at least once): a decision
    already implemented at this commit is left alone, and a commit whose note already says
    ``commit-in`` this ledger is not recorded twice."""
    ledger = Ledger.open(where, session=session)
    graph = CommitGraph(ledger.repo)
    head = graph.head() if commit is None else graph.resolve(commit, "the queued commit")
    if head is None or ledger.ref is None:
        return []
    own = ledger.store.exists(ledger.ref)
    kill_point("post-commit-opened")
    report: list[str] = []
    trailers = _ledger_trailers(graph.message(head), report)
    implemented: list[str] = []
    for prefix in _ids(trailers.get("Ledger-Implements", ()), report, "Ledger-Implements"):
        try:
            target = locate(where, prefix)
            if not own and target.ref != PROJECT_REF:
                raise UnknownEntry(_NO_LEDGER.format(
                    why=f"{prefix} is not a project decision", done="implemented"))
            already = target.get(prefix)
            if already.status == "implemented" and f"git:{head}" in already.evidence:
                implemented.append(already.id)  # applied before this item was requeued
                continue
            result = implement(target, prefix, commit=head)
        except LedgerError as exc:
            report.append(f"Ledger-Implements: {prefix}: {quote(str(exc))}")
            report += _unclaim(where, ledger, head, prefix)
            continue
        if result.entry is not None:
            implemented.append(result.entry.id)
        kill_point("post-commit-implemented")
    linked: list[str] = []
    for prefix in _ids(trailers.get("Ledger-Refs", ()), report, "Ledger-Refs"):
        try:
            if not own:  # the link is a line of this worktree's ledger, which it has not
                raise UnknownEntry(_NO_LEDGER.format(
                    why="a link is recorded in it", done="linked"))
            linked.append(locate(where, prefix).get(prefix).id)
        except LedgerError as exc:
            report.append(f"Ledger-Refs: {prefix}: {quote(str(exc))}")
    if own:
        # The hook records the event itself; the drift computed here keeps the cache
        # restore reads up to date (an acknowledging Ledger-Refs clears a decision's drift).
        touches = _touches(where, head, [*implemented, *linked])
        event = _recorded(ledger, head)
        if event is None:
            event = _record_commit(ledger, head, implemented, linked, touches)
        # The note (a union of lines: written again, it changes nothing) is an index: one
        # that cannot be written is said, and the item is still done.
        if event is not None:
            try:
                _note_commit(ledger, head, event, linked)
            except LedgerError as exc:
                report.append(f"the note on {head[:12]} was not written ({quote(str(exc))});"
                              " git ledger notes rebuild restores it")
    return report


def _unclaim(where: str | os.PathLike[str] | None, ledger: Ledger, head: str,
             prefix: str) -> list[str]:
    """Take back the ``implements`` line the hook wrote for ``prefix`` when the decision did
    not become implemented after all (it moved in between: rejected, superseded)."""
    stale: set[str] = set()
    for line in read_note(ledger.store, head):
        relation, _, rest = line.partition(" ")
        entry_id, _, ref = rest.partition(" ")
        if relation != "implements" or not entry_id.startswith(prefix.lower()):
            continue
        try:
            entry = locate(where, entry_id).get(entry_id)
        except LedgerError:
            entry = None
        if entry is None or line not in note_lines(entry, ref).get(head, set()):
            stale.add(line)
    if not stale:
        return []
    try:
        add_lines(ledger.store, {head: set()}, f"notes for commit {head[:12]}",
                  replacing=stale)
    except LedgerError as exc:
        return [f"the note on {head[:12]} still says {sorted(stale)[0]!r} ({quote(str(exc))});"
                " git ledger notes rebuild drops it"]
    return []


#: How far back a queued commit's event is looked for (a replay comes right after it).
_RECORDED_WINDOW = 64


def _recorded(ledger: Ledger, head: str) -> str | None:
    """This commit's ``commit`` event is among the ledger's last events already (a drain
    killed after writing it and before moving the queue's offset)."""
    assert ledger.ref is not None
    for event in ledger.store.history(ledger.ref, limit=_RECORDED_WINDOW):
        if head in event.trailers.get("Ledger-Commit", ()):
            return event.commit
    return None


def _touches(where: str | os.PathLike[str] | None, head: str, named: list[str]) -> list[str]:
    """The decisions whose footprint lines ``head`` changed without implementing or
    acknowledging them; the drift computed on the way is kept for restore."""
    try:
        return touched(where, head, named)
    except LedgerError:
        return []  # no git to blame with: the commit is still recorded


#: Why a trailer did nothing in a worktree without a ledger (archived, and not written since).
_NO_LEDGER = ("this worktree has no ledger since its last archive (an archived ledger is "
              "read-only), and {why}; nothing was {done}")


def post_checkout(where: str | os.PathLike[str] | None, args: tuple[str, ...]) -> list[str]:
    """One line about the worktree's ledger after a branch checkout (none for files).

    The installed hook prints the saved line (``ledger/checkout.py``) without Python; this
    is the same line for a hook manager that calls ``git ledger hook post-checkout``."""
    # git passes "prev new flag"; the pre-commit framework passes the flag in its env.
    flag = args[2] if len(args) >= 3 else os.environ.get("PRE_COMMIT_CHECKOUT_TYPE", "1")
    if flag == "0":
        return []
    line = checkout_text(Ledger.open(where, session="").snapshot())
    return [] if line is None else [line]


def post_rewrite(where: str | os.PathLike[str] | None, stdin: str) -> list[str]:
    """Cite the new commit wherever a rewritten (amended, rebased) commit was cited."""
    ledger = Ledger.open(where)
    kept = ledger.store.tip(KEEP_REF).view
    if kept is None:
        return []
    report: list[str] = []
    for line in stdin.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        old, new = parts[0], parts[1]
        citing = kept.read(kept_path(old))
        if citing is None:
            continue
        for entry_id in sorted(set(citing.decode("utf-8", "replace").split())):
            if not _ID.match(entry_id):
                continue
            try:
                owner = locate(where, entry_id)
                if f"git:{old}" not in owner.get(entry_id).evidence:
                    continue
                add_evidence(owner, entry_id, [f"git:{new}"], remove=[f"git:{old}"])
            except UnknownEntry:
                continue  # cited by a ledger this worktree does not see (archived, say)
            except LedgerError as exc:
                report.append(f"{entry_id}: could not cite {new[:12]} for {old[:12]}: "
                              f"{quote(str(exc))}")
                continue
            report.append(f"{entry_id} now cites {new[:12]} (rewritten from {old[:12]})")
    return report


# -- helpers -------------------------------------------------------------------------------


_KEYS = {"ledger-implements": "Ledger-Implements", "ledger-refs": "Ledger-Refs"}


def _ledger_trailers(message: str, report: list[str]) -> dict[str, tuple[str, ...]]:
    """Our trailers in the message's last paragraph, as git reads trailers: keys in any
    case, CRLF line ends, other trailers and prose around them.  A key written anywhere
    else is reported, so a trailer that was meant is never ignored without a word."""
    paragraphs = message.replace("\r\n", "\n").strip().split("\n\n")
    last = paragraphs[-1] if len(paragraphs) > 1 else ""
    found: dict[str, list[str]] = {}
    for line in last.splitlines():
        key, sep, value = line.partition(":")
        name = _KEYS.get(key.strip().lower())
        if sep and name:
            found.setdefault(name, []).append(value.strip())
    elsewhere = "\n\n".join(paragraphs[:-1]).lower()
    for lowered, name in _KEYS.items():
        if f"{lowered}:" in elsewhere and name not in found:
            report.append(f"{name}: is not in the message's last paragraph, where trailers "
                          "go; nothing was linked")
    return {name: tuple(values) for name, values in found.items()}


def _ids(values: tuple[str, ...], report: list[str], key: str) -> list[str]:
    """The ids a trailer names: one per trailer, or several separated by commas/spaces."""
    found: list[str] = []
    for value in values:
        for word in re.split(r"[,\s]+", value.strip()):
            if not word:
                continue
            if _ID.match(word) or _SOURCE_ID.match(word):
                found.append(word)
            else:
                report.append(f"{key}: '{one_line(word, 80)}' is not an entry id")
    return list(dict.fromkeys(found))


def _record_commit(ledger: Ledger, head: str, implemented: list[str], linked: list[str],
                   touches: list[str]) -> str | None:
    """The ``commit`` event the shell path writes, with the trailers' ids and the decisions
    the commit touched; the event's commit."""

    def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built:
        trailers = [("Ledger-Event", "commit"), ("Ledger-Commit", head)]
        trailers += [("Ledger-Implements", entry_id) for entry_id in implemented]
        trailers += [("Ledger-Refs", entry_id) for entry_id in linked]
        trailers += [("Ledger-Touches", entry_id) for entry_id in touches]
        return Built(f"commit {head[:12]}", trailers, {}, None, focus, False)

    result = ledger.write(build)
    if result.commit is not None:
        kill_point("post-commit-recorded")
    return result.commit


def _note_commit(ledger: Ledger, head: str, event: str, linked: list[str]) -> None:
    tip = ledger.store.first_parent(event)
    lines = {f"commit-in {ledger.ref} {tip}"} | {f"refs {i} {ledger.ref}" for i in linked}
    add_lines(ledger.store, {head: lines}, f"notes for commit {head[:12]}")


__all__ = ["GIT_EVENTS", "drain_git_events", "post_checkout", "post_commit", "post_rewrite",
           "run_git_hook"]


# -- the queue -----------------------------------------------------------------------------

#: What the hooks queue (``git_hooks.py``) and which function applies it.
QUEUED_EVENTS = ("post-commit", "post-rewrite")


def _appliers(where: str | os.PathLike[str] | None) -> dict[str, Applier]:
    def commit(item: QueueItem) -> list[str]:
        if len(item.fields) != 1 or not _SHA.match(item.fields[0]):
            return [f"skipped a queued post-commit without a commit id: {item.fields!r:.80}"]
        return post_commit(where, item.fields[0], item.session)

    def rewrite(item: QueueItem) -> list[str]:
        pairs = item.fields[1:]
        if not item.fields or len(pairs) % 2 or not all(_SHA.match(p) for p in pairs):
            return [f"skipped a queued post-rewrite that is not pairs of commits: "
                    f"{item.fields!r:.80}"]
        return post_rewrite(where, "\n".join(f"{old} {new}" for old, new
                                              in zip(pairs[::2], pairs[1::2], strict=True)))

    return {"post-commit": commit, "post-rewrite": rewrite}


_SHA = re.compile(r"^[0-9a-f]{40}([0-9a-f]{24})?$")


def drain_git_events(where: str | os.PathLike[str] | None = None, *, detached: bool = False,
                     report: bool = True, fix: bool = False) -> list[str]:
    """Apply what the git hooks queued in this worktree, in order, before anything reads
    the ledger; the lines to print (``git ledger: …``), each said once.

    ``detached`` (the hooks' ``git ledger hook drain``) keeps its lines for the next
    command instead; so does a caller with ``report=False`` (an agent hook, whose stderr
    no one reads).  Without a repository there is nothing to drain."""
    try:
        gitdir = Repo(where).gitdir
    except LedgerError:
        return []
    stopped = queue_probe.stopped_midway(gitdir)
    if not queue_probe.pending(gitdir) and not (gitdir / QUEUE_REPORT_FILE).exists() \
            and not fix and not stopped:
        return []  # the common case: one stat, nothing imported or opened
    try:
        done = drain(gitdir, _appliers(where), fix=fix)
    except OSError:
        return []  # no room to record progress (a full disk): the items wait, in order
    lines = list(done.lines)
    if (fix or stopped) and done.held is None:
        lines += record_unrecorded(where, gitdir)
    if done.held is not None:
        lines.append(f"queued git events wait (the first could not be applied: {done.held}); "
                     "git ledger doctor --fix applies them once that is fixed")
    try:
        if detached or not report:
            event_queue.add_report(gitdir, lines)
            return []
        said = [*event_queue.take_report(gitdir), *lines]
    except OSError:
        said = lines  # no room for the report: what this drain says is said now or not
    return [f"git ledger: {quote(line)}" if not line.startswith("git ledger") else line
            for line in said]


def record_unrecorded(where: str | os.PathLike[str] | None, gitdir: Path) -> list[str]:
    """Record the commits the post-commit hook did not (``ledger/unrecorded.py``), oldest
    first, as the hook's Python part records one; then the hook's marks agree again."""
    lines: list[str] = []
    found = unrecorded(where)
    for sha in found:
        lines += post_commit(where, sha)
    if found:
        lines.append(f"recorded {len(found)} commit{'s' if len(found) != 1 else ''} the "
                     f"post-commit hook did not: {capped_join([s[:12] for s in found], sep=', ')}")
    with contextlib.suppress(OSError):
        began = (gitdir / RECORDING_FILE).read_bytes()
        (gitdir / RECORDED_FILE).write_bytes(began)
    return lines


def run_git_hook(
    event: str, args: tuple[str, ...], stdin: bytes, *,
    cwd: str | os.PathLike[str] | None = None, deadline: float = DEADLINE_SECONDS,
) -> HookResult:
    """Run git hook ``event``'s Python part; never raises, never fails the git command.

    What it has to say (an unknown id in a trailer, a rewritten citation, the checkout
    line) goes to stderr, one line each, prefixed ``git ledger:``.
    """
    prefix = "git ledger"
    try:
        with time_limit(deadline):
            if event == "drain":
                lines = drain_git_events(cwd, detached=True)
            elif event == "post-commit":
                lines = post_commit(cwd)
            elif event == "post-checkout":
                lines = post_checkout(cwd, args)
            else:
                lines = post_rewrite(cwd, decode_bytes(stdin, "stdin"))
    except Deadline:
        lines = [f"{event} hook gave up after {deadline:g} seconds"]
    except LedgerError as exc:
        lines = [f"{event} hook: {quote(str(exc))}"]
    except Exception as exc:  # a bug of ours must never fail the git command
        lines = [f"{event} hook: internal error: {type(exc).__name__}: {quote(str(exc))}"]
    # What a git hook prints reaches the agent that ran git: a commit message can name
    # thousands of ids, an entry can quote a teammate's forged text.  Capped in all.
    text = capped_join([f"{prefix}: {line}" for line in lines], sep="\n", each=None,
                       more=lambda n: f"{prefix}: and {n} more line{'s' if n != 1 else ''}")
    return HookResult("", f"{text}\n" if text else "")
