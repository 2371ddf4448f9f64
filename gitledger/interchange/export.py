"""Export: the living page (``export --format md``), the whole-ledger JSON document
(``export --format json``) and the atomic, refuse-to-clobber file write behind ``-o``.

Everything on the page is other people's text, so every field is escaped for Markdown (or
Mermaid), flattened to one line and capped by the gate: no field can break the page's
structure.  Who wrote what is the ledger's history's word (``[by NAME]``), never a blob's.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from gitledger.core.codec import entry_to_json, iso
from gitledger.core.display import one_line, printable
from gitledger.core.ids import is_valid_id
from gitledger.core.model import KINDS, SECTION_TITLES, Entry, Event, Snapshot
from gitledger.core.user_files import refuse_links
from gitledger.derived import files
from gitledger.errors import InvalidInput, LedgerError
from gitledger.ledger import gate
from gitledger.ledger.authorship import UNKNOWN
from gitledger.ledger.operations import Ledger
from gitledger.ledger.tree import changed_entries
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.provenance import FOCUS_KEYS
from gitledger.storage.repo import Repo
from gitledger.storage.store import TreeView
from gitledger.views.render import (
    deploy_receipt,
    event_json,
    ledger_provenance_json,
    meta_json,
)

#: ``format`` and ``version`` of the JSON document; the version changes only if a key is
#: renamed, removed or changes type (new keys may be added at any time).
DOCUMENT_FORMAT = "gitledger-export"
DOCUMENT_VERSION = 1
#: Characters of a commit shown as an entry's stamp (as ``git ledger log`` shows them).
STAMP_LENGTH = 10
#: The longest label a node of the Mermaid graph gets (the page has the full text).
LABEL_LIMIT = 60

#: Struck-through decisions: reversed (rejected) or replaced (superseded).
_STRUCK = ("rejected", "superseded")
#: Markdown-active characters, backslash-escaped wherever ledger text is shown.
_MD_ACTIVE = "\\`*_{}[]<>()#+!|~&$"
_MD_ESCAPES = {ord(ch): "\\" + ch for ch in _MD_ACTIVE}
#: Characters a Mermaid label must not contain literally, as Mermaid entity codes.
_MERMAID_ESCAPES = {ord(ch): f"#{ord(ch)};" for ch in "#\"[]{}()<>|&`;\\"}
_MERMAID_ESCAPES[ord('"')] = "#quot;"


# -- the JSON document --------------------------------------------------------------------


def ledger_document(
    where: str | os.PathLike[str] | None = None, *, project: bool = False,
    name: str | None = None,
) -> dict[str, Any]:
    """``export --format json``: the whole ledger with its history (docs/cli.md, export)."""
    ledger = Ledger.open(where, project=project, name=name)
    snapshot = ledger.snapshot()
    return {
        "format": DOCUMENT_FORMAT,
        "version": DOCUMENT_VERSION,
        "ref": snapshot.ref or None,
        "ledger": meta_json(snapshot.ref, snapshot.meta, snapshot.commit),
        "focus": {"task": snapshot.focus.task, "next": snapshot.focus.next},
        "entries": [entry_to_json(e) for e in snapshot.entries],
        "history": [event_json(e) for e in _events(ledger, snapshot)],
        "errors": [{"path": b.path, "reason": b.reason} for b in snapshot.bad],
        "commit": snapshot.commit,
        # Who wrote what, from history: an entry's ``author`` is what its blob claims.
        "provenance": ledger_provenance_json(
            ledger.provenance(snapshot.commit) if snapshot.commit else None, snapshot),
    }


# -- the living page ----------------------------------------------------------------------


def living_page(
    where: str | os.PathLike[str] | None = None, *, project: bool = False,
    name: str | None = None,
) -> str:
    """``export --format md``: the ledger as one Markdown page, ending with a newline."""
    ledger = Ledger.open(where, project=project, name=name)
    snapshot = ledger.snapshot()
    return page_text(snapshot, stamps(ledger, snapshot), *authorship(ledger, snapshot))


#: Who wrote each part of a ledger, as an export shows it: ``[by NAME]`` (and ``edited by``)
#: for an entry id or focus key someone other than the reader wrote, "" for the reader's own.
Labels = Callable[[str], str]


def authorship(ledger: Ledger, snapshot: Snapshot) -> tuple[Labels, str | None]:
    """The labels of ``snapshot``'s entries and focus from its ledger's history, and who
    brought its ``ledger.toml`` in (None: no record); a blob's ``author`` or
    ``created_by`` is what its writer claims, so neither is used."""
    if snapshot.commit is None:
        return (lambda key: ""), None
    me = ledger.current_user()
    try:
        records = ledger.provenance(snapshot.commit, reader=me)
    except LedgerError:
        return (lambda key: UNKNOWN.label()), None

    def label(key: str) -> str:
        others = records.others(key, me)
        return others.label() if others is not None else ""

    found = records.ledger
    return label, found.created_by if found is not None else None


def stamps(ledger: Ledger, snapshot: Snapshot) -> dict[str, str]:
    """Each entry id → the newest commit of the snapshot's history whose tree changed its
    blob (``changed_entries``: a commit made with plumbing names no entry in its trailers,
    yet wrote it).  The walk stops once every entry of the snapshot has its stamp."""
    found: dict[str, str] = {}
    wanted = {e.id for e in snapshot.entries}
    if snapshot.commit is None or not wanted:
        return found
    store = ledger.store
    for event in store.history_from(snapshot.commit):
        try:
            view = store.view_at(event.commit)
            parents: list[TreeView | None] = [store.view_at(p) for p in event.parents]
        except (KeyError, ValueError, LedgerError):
            continue
        for entry_id, blob in changed_entries(view, parents).items():
            if blob is not None and entry_id in wanted:
                found.setdefault(entry_id, event.commit)
        if len(found) == len(wanted):
            break
    return found


def page_text(snapshot: Snapshot, stamped: dict[str, str], labels: Labels = lambda key: "",
              started_by: str | None = None) -> str:
    """The living page of ``snapshot``; ``stamped`` maps entry ids to ledger commits,
    ``labels`` names who else wrote each part, ``started_by`` who started the ledger
    (from history)."""
    present = {e.id for e in snapshot.entries}
    lines = _header(snapshot, started_by)
    lines += ["", "## TASK", "", _paragraph(snapshot.focus.task, "_(not set)_")
              + _label(labels(FOCUS_KEYS["task"]) if snapshot.focus.task else ""),
              "", "## NEXT", "", _paragraph(snapshot.focus.next, "_(not set)_")
              + _label(labels(FOCUS_KEYS["next"]) if snapshot.focus.next else "")]
    for kind in KINDS:
        lines += ["", f"## {SECTION_TITLES[kind]}", ""]
        entries = snapshot.of_kind(kind)
        if not entries:
            lines.append("_(none)_")
        for entry in entries:
            lines.extend(_entry_lines(entry, stamped.get(entry.id), present,
                                      labels(entry.id)))
    lines += ["", "## Supersedes chains", ""]
    lines.extend(mermaid_chains(snapshot.entries) or ["_No decision supersedes another._"])
    if snapshot.bad:
        lines += ["", "## Unreadable entries", ""]
        lines.extend(f"- {code_span(b.path)}: {_md(b.reason.removeprefix(f'{b.path}: '))}"
                     for b in snapshot.bad)
    return "\n".join(lines) + "\n"


def mermaid_chains(entries: Iterable[Entry]) -> list[str]:
    """A fenced ``mermaid`` flowchart of the supersedes chains, or [] when there are none.

    An edge goes from the old decision to the one that replaced it (``old --> new``); a
    proposed replacement, not yet accepted, is a dotted edge.  Only decisions in a chain
    are nodes.
    """
    decisions = {e.id: e for e in entries if e.kind == "decided"}
    edges: set[tuple[str, str]] = set()
    for entry in decisions.values():
        if entry.supersedes in decisions:
            edges.add((entry.supersedes, entry.id))
        if entry.superseded_by in decisions:
            edges.add((entry.id, entry.superseded_by))
    if not edges:
        return []
    order = {entry_id: (e.seq, e.created, e.id) for entry_id, e in decisions.items()}
    nodes = sorted({i for edge in edges for i in edge}, key=order.__getitem__)
    lines = ["```mermaid", "flowchart TD"]
    for entry_id in nodes:
        entry = decisions[entry_id]
        label = _mermaid(f"{entry.id} · {entry.status or '?'} · {one_line(entry.text)}")
        lines.append(f'    {_node(entry_id)}["{label}"]')
    for old, new in sorted(edges, key=lambda e: (order[e[0]], order[e[1]])):
        arrow = "-->" if decisions[old].superseded_by == new else "-. proposed .->"
        lines.append(f"    {_node(old)} {arrow} {_node(new)}")
    struck = [_node(i) for i in nodes if decisions[i].status in _STRUCK]
    if struck:
        lines.append("    classDef replaced stroke-dasharray: 4 4,color:#777")
        lines.append(f"    class {','.join(struck)} replaced")
    lines.append("```")
    return lines


def _label(label: str) -> str:
    return f" {_md(label)}" if label else ""


def _header(snapshot: Snapshot, started_by: str | None) -> list[str]:
    meta = snapshot.meta
    if meta is None:
        what = "project ledger" if snapshot.ref == PROJECT_REF else "ledger in this worktree"
        return [f"# No {what} yet", "", "Nothing has been written to it."]
    kind = "Project ledger" if snapshot.ref == PROJECT_REF else "Session ledger"
    tip = snapshot.commit or ""
    count = len(snapshot.entries)
    lines = [
        f"# {kind} {_md(meta.id)}",
        "",
        f"{code_span(snapshot.ref)} at commit {code_span(tip)} · "
        f"{count} {'entry' if count == 1 else 'entries'}  ",
        f"started {iso(meta.created)} by {_md(started_by or UNKNOWN.wrote)}"
        + (f" · owned by session {_md(meta.session_id)}" if meta.session_id else ""),
        "",
        "Each entry is stamped with the ledger commit that last wrote it "
        "(`git show SHA` prints that event).",
    ]
    return lines


def _entry_lines(entry: Entry, commit: str | None, present: set[str],
                 label: str = "") -> list[str]:
    text = _md(entry.text, "_(empty)_")
    if entry.kind == "decided" and entry.status in _STRUCK:
        text = f"~~{text}~~"
    tags = _tags(entry)
    stamp = code_span(commit[:STAMP_LENGTH]) if commit else "_(no commit names it)_"
    head = (f'- <a id="{entry.id}"></a>{code_span(entry.id)} {text}'
            + _label(label) + (f" — {tags}" if tags else "") + f" · {stamp}")
    return [head, *(f"  - {label}: {value}" for label, value in _details(entry, present))]


def _tags(entry: Entry) -> str:
    if entry.kind == "open":
        return "**ask the user**" if entry.ask_user else ""
    if entry.kind != "decided":
        return ""
    parts = [f"**{_md(entry.status or '?')}**"]
    if entry.scope:
        parts.append(f"scope {code_span(entry.scope)}")
    return ", ".join(parts)


def _details(entry: Entry, present: set[str]) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str | None]] = []
    if entry.kind == "decided":
        receipt = deploy_receipt(entry)
        if receipt and entry.deployed_result:
            receipt = f"{receipt}, {entry.deployed_result}"
        pairs += [
            ("over", "; ".join(_md(alt) for alt in entry.over) or None),
            ("because", _md(entry.because) if entry.because else None),
            ("evidence", ", ".join(code_span(item) for item in entry.evidence) or None),
            ("deployed", _md(receipt) if receipt else None),
            ("rejected because", _md(entry.rejected_why) if entry.rejected_why else None),
            ("supersedes", _link(entry.supersedes, present)),
            ("superseded by", _link(entry.superseded_by, present)),
        ]
    elif entry.kind == "verified":
        pairs += [("by", code_span(entry.by) if entry.by else None),
                  ("at", code_span(entry.commit[:12]) if entry.commit else "no commit yet")]
    elif entry.kind == "dropped":
        pairs.append(("why", _md(entry.why) if entry.why else None))
    elif entry.kind == "plan":
        pairs += [("path", code_span(entry.path) if entry.path else None),
                  ("note", _md(entry.note) if entry.note else None)]
    if entry.question and entry.kind != "open":
        pairs.append(("was OPEN", _md(entry.question)))
    if entry.carried_from:
        pairs.append(("carried from", code_span(entry.carried_from)))
    return [(label, value) for label, value in pairs if value]


def _link(target: str | None, present: set[str]) -> str | None:
    """A link to the entry ``target`` on this page, or the id as text if it is not here."""
    if not target:
        return None
    if is_valid_id(target) and target in present:
        return f"[{target}](#{target})"
    return f"{code_span(target)} (not in this ledger)"


def _events(ledger: Ledger, snapshot: Snapshot) -> list[Event]:
    """The history of the commit the snapshot was read at, newest first."""
    if snapshot.commit is None:
        return []
    return list(ledger.store.history_from(snapshot.commit))


# -- escaping -----------------------------------------------------------------------------


def _md(text: str | None, empty: str = "") -> str:
    """``text`` as inline Markdown that shows exactly its characters, on one line."""
    flat = gate.cut(one_line(text or ""))
    return flat.translate(_MD_ESCAPES) if flat else empty


def _paragraph(text: str | None, empty: str) -> str:
    """``_md`` for a line of its own, where ``-``, ``+``, ``=`` or ``1.`` at the start
    would make a list, a rule or a heading underline."""
    shown = _md(text, empty)
    if not text or not shown:
        return shown
    if shown[0] in "-+=":
        return "\\" + shown
    return re.sub(r"^(\d+)\.", r"\1\\.", shown)


def code_span(text: str) -> str:
    """``text`` as a code span, fenced with more backticks than any run inside it."""
    flat = gate.cut(one_line(text))
    longest = max((len(run) for run in re.findall(r"`+", flat)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{pad}{flat}{pad}{fence}" if flat else "` `"


def _mermaid(text: str) -> str:
    """A Mermaid node label's text: one line, at most ``LABEL_LIMIT`` characters, with
    every character that means something to Mermaid written as an entity code."""
    flat = one_line(text)
    if len(flat) > LABEL_LIMIT:
        flat = flat[: LABEL_LIMIT - 1] + "…"
    return flat.translate(_MERMAID_ESCAPES)


def _node(entry_id: str) -> str:
    """A Mermaid node id for an entry id (valid ids only reach here: ``[a-z]-[0-9a-z]+``)."""
    return entry_id.replace("-", "_")


# -- -o PATH ------------------------------------------------------------------------------


def write_output(
    path: str | os.PathLike[str], data: str, *, force: bool = False,
    refuse_inside: tuple[Path, ...] = (),
) -> Path:
    """Write ``data`` to ``path`` atomically and return the resolved path.

    The text goes to a temporary file next to ``path``, is flushed to disk, and then takes
    ``path``'s place in one step, so a reader never sees half a file.  An existing file is
    replaced only with ``force``; a directory, a symbolic link (never followed: nothing is
    written outside ``path``), or a path whose directory does not exist is refused.  The
    temporary file never survives a failure.  A path inside one of ``refuse_inside`` (the git
    directories: a file there would be taken for a ref, or replace ``HEAD``) is refused.
    """
    target = Path(os.fspath(path))
    shown = printable(os.fspath(path))
    if not shown or shown.endswith(os.sep):
        raise InvalidInput(f"-o '{shown}' is not a file name")
    parent = target.parent
    if not parent.is_dir():
        raise InvalidInput(f"-o {shown}: the directory {printable(str(parent))} does not exist")
    where = parent.resolve()
    for inside in refuse_inside:
        if where == inside.resolve() or inside.resolve() in where.parents:
            raise InvalidInput(f"-o {shown} is inside the git directory "
                               f"{printable(str(inside))}: write the export elsewhere")
    old_mode = _existing(target, shown, force)
    temp = parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(
        os, "O_CLOEXEC", 0)
    try:
        fd = os.open(temp, flags, 0o666)
    except OSError as exc:
        raise LedgerError(f"cannot write {shown}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        if old_mode is not None:
            os.chmod(temp, old_mode)
        _place(temp, target, shown, force)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise LedgerError(f"cannot write {shown}: {exc.strerror or exc}") from None
        raise
    _sync_directory(parent)
    return target.resolve()


def _existing(target: Path, shown: str, force: bool) -> int | None:
    """The permission bits of the file ``target`` replaces, None if it is new, or the
    refusal of a path that must not be written."""
    info = refuse_links(target, f"-o {shown}", hint="name the file itself")
    if info is None:
        return None
    if stat.S_ISDIR(info.st_mode):
        raise InvalidInput(f"-o {shown} is a directory; name a file to write")
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInput(f"-o {shown} is not a regular file; refusing to replace it")
    if not force:
        raise InvalidInput(f"{shown} already exists; add --force to overwrite it")
    return stat.S_IMODE(info.st_mode)


def _place(temp: Path, target: Path, shown: str, force: bool) -> None:
    """Move the finished temporary file to ``target``; without ``force``, never over a
    file that appeared meanwhile (a hard link fails if the name is taken)."""
    if force:
        files.replace(temp, target)
        return
    try:
        os.link(temp, target, follow_symlinks=False)
    except FileExistsError:
        raise InvalidInput(f"{shown} already exists; add --force to overwrite it") from None
    except OSError:
        # A file system without hard links: check once more, then rename.
        if os.path.lexists(target):
            raise InvalidInput(
                f"{shown} already exists; add --force to overwrite it") from None
        files.replace(temp, target)
        return
    os.unlink(temp)


def _sync_directory(directory: Path) -> None:
    """Flush the rename to disk too (best effort: not every platform can)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_export(where: str | os.PathLike[str] | None, path: str | os.PathLike[str],
                 text: str, *, force: bool = False) -> Path:
    """``export -o PATH``: write ``text`` atomically, never into the repository's git
    directories (a file there would be taken for a ref, or replace ``HEAD``)."""
    repo = Repo(where)
    return write_output(path, text, force=force, refuse_inside=(repo.gitdir, repo.commondir))
