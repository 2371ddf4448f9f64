"""What the git hooks hand to Python: commit trailers, the checkout line, rewritten evidence.

The ``sh`` templates (``githooks``) do the common case with git plumbing alone and call
``git ledger hook EVENT`` only when there is work that needs the library:

* ``post-commit`` — the commit's message has ``Ledger-Implements: <id>`` (the decision
  becomes implemented with this commit as evidence) or ``Ledger-Refs: <id>`` (a link, no
  status change).  The commit is recorded as a ``commit`` event of the worktree's ledger
  and noted, like the shell path does; an id that is unknown or cannot move is reported
  and skipped.  A worktree whose ledger was archived has none until its next write: a
  project decision is still implemented, and every other id gets one line saying why
  nothing was done (no session ledger is started for a commit);
* ``post-checkout`` — one line: TASK, NEXT and how many questions are open;
* ``post-rewrite`` — a commit cited as ``git:`` evidence was amended or rebased: each
  decision citing it now cites the new commit (the old one stays kept alive), and its
  footprint holds the new commit's spans in place of the old one's (``add_evidence``).

Every handler returns what to print; ``run_git_hook`` (below) makes sure nothing escapes.
"""

from __future__ import annotations

import os
import re

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
from gitledger.ledger.decisions import add_evidence, implement, locate
from gitledger.ledger.operations import Ledger
from gitledger.ledger.results import Built
from gitledger.storage.commits import CommitGraph
from gitledger.storage.keepalive import kept_path
from gitledger.storage.layout import KEEP_REF, PROJECT_REF
from gitledger.storage.notes import add_lines
from gitledger.storage.store import TreeView

_ID = re.compile(r"^[a-z]-[0-9a-z]{1,10}$")
#: The id an imported entry came with (``DEC-2026-002``, ``ADR-12``): letters, a dash, a
#: number somewhere after it.
_SOURCE_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_.]*-[A-Za-z0-9_.-]*[0-9][A-Za-z0-9_.-]*$")


def post_commit(where: str | os.PathLike[str] | None) -> list[str]:
    """Act on the HEAD commit's ledger trailers; the lines to report on stderr."""
    ledger = Ledger.open(where)
    graph = CommitGraph(ledger.repo)
    head = graph.head()
    if head is None or ledger.ref is None:
        return []
    own = ledger.store.exists(ledger.ref)
    report: list[str] = []
    trailers = _ledger_trailers(graph.message(head), report)
    implemented: list[str] = []
    for prefix in _ids(trailers.get("Ledger-Implements", ()), report, "Ledger-Implements"):
        try:
            target = locate(where, prefix)
            if not own and target.ref != PROJECT_REF:
                raise UnknownEntry(_NO_LEDGER.format(
                    why=f"{prefix} is not a project decision", done="implemented"))
            result = implement(target, prefix, commit=head)
        except LedgerError as exc:
            report.append(f"Ledger-Implements: {prefix}: {quote(str(exc))}")
            continue
        if result.entry is not None:
            implemented.append(result.entry.id)
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
        _record_commit(ledger, head, implemented, linked)
    return report


#: Why a trailer did nothing in a worktree without a ledger (archived, and not written since).
_NO_LEDGER = ("this worktree has no ledger since its last archive (an archived ledger is "
              "read-only), and {why}; nothing was {done}")


def post_checkout(where: str | os.PathLike[str] | None, args: tuple[str, ...]) -> list[str]:
    """One line about the worktree's ledger after a branch checkout (none for files)."""
    # git passes "prev new flag"; the pre-commit framework passes the flag in its env.
    flag = args[2] if len(args) >= 3 else os.environ.get("PRE_COMMIT_CHECKOUT_TYPE", "1")
    if flag == "0":
        return []
    snapshot = Ledger.open(where, session="").snapshot()
    if snapshot.meta is None:
        return []
    opened = len(snapshot.of_kind("open"))
    task = one_line(snapshot.focus.task or "(no task)", 80)
    nxt = one_line(snapshot.focus.next or "(not set)", 80)
    return [f"TASK {task} · NEXT {nxt} · {opened} open "
            f"question{'s' if opened != 1 else ''} (git ledger show)"]


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


def _record_commit(ledger: Ledger, head: str, implemented: list[str], linked: list[str]) -> None:
    """The ``commit`` event the shell path writes, with the trailers' ids; and the note."""

    def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built:
        trailers = [("Ledger-Event", "commit"), ("Ledger-Commit", head)]
        trailers += [("Ledger-Implements", entry_id) for entry_id in implemented]
        trailers += [("Ledger-Refs", entry_id) for entry_id in linked]
        return Built(f"commit {head[:12]}", trailers, {}, None, focus, False)

    result = ledger.write(build)
    if result.commit is None or ledger.ref is None:
        return
    tip = ledger.store.first_parent(result.commit)
    lines = {f"commit-in {ledger.ref} {tip}"} | {f"refs {i} {ledger.ref}" for i in linked}
    add_lines(ledger.store, {head: lines}, f"notes for commit {head[:12]}")


__all__ = ["GIT_EVENTS", "post_checkout", "post_commit", "post_rewrite", "run_git_hook"]


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
            if event == "post-commit":
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
