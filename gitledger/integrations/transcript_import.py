"""``git ledger transcript import``: the sessions the agents kept before gitledger was
installed, found in each agent's own transcript directories and saved as the hooks save them.

The directories are only read, and every file goes through the hooks' own check
(``hook_io.transcript_file``: a regular ``.json``/``.jsonl`` file, not a symbolic link,
inside the agent's directories once resolved), because those directories hold every
project's sessions: a session is this repository's only when the working directory its
transcript names is inside one of this repository's work trees.  Files of a session are
told apart by the session id inside them: one file of each session is saved (the one
named after it, else the newest), so a second import finds everything already held.  The
OpenCode family keeps no files: its database is opened read-only, and each session whose
``directory`` is this repository's is saved as its session-end hook saves it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from gitledger.core.display import printable
from gitledger.derived.sqlite import foreign_rows
from gitledger.errors import AtifError, InvalidInput
from gitledger.integrations.agent_registry import BY_NAME as AGENTS
from gitledger.integrations.hook_io import (
    TRANSCRIPT_SUFFIXES,
    HookFailure,
    session_database,
    transcript_dirs,
    transcript_file,
)
from gitledger.interchange import transcripts
from gitledger.interchange.dialects import BY_NAME as DIALECTS
from gitledger.interchange.dialects import Workspace, sniff
from gitledger.interchange.opencode_transcript import session_export
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store

#: The agents whose transcripts name where their session worked: those an import reads
#: (the OpenCode family's sessions are rows of its database, each naming its directory).
IMPORTABLE: tuple[str, ...] = tuple(
    name for name, agent in AGENTS.items()
    if agent.transcripts and name in DIALECTS and DIALECTS[name].knows_workspace)
#: How much of a file is read, in turn, to tell whose session it is.
HEAD_BYTES = (64 << 10, 1 << 20)
#: At most this many files are looked at in one agent's directories, this deep.
SCAN_LIMIT = 20_000
DEPTH_LIMIT = 8
#: ``progress(stage, done, total)``: ``reading`` the candidates' heads, then ``saving``.
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class Session:
    """One transcript of this repository: the agent, its file, its session id, its size."""

    agent: str
    path: str
    session_id: str
    size: int


@dataclass(frozen=True)
class Skipped:
    """A file in an agent's directories that was not imported, and why."""

    agent: str
    path: str
    reason: str


@dataclass(frozen=True)
class ImportResult:
    dry_run: bool
    agents: tuple[str, ...]
    #: Saved now (with ``dry_run``: would be).
    imported: tuple[Session, ...]
    #: Held already, exactly as the file is.
    already: tuple[Session, ...]
    #: This repository's files that could not be imported, and files the check refused.
    skipped: tuple[Skipped, ...]
    #: Transcripts of other projects, left alone after their head.
    elsewhere: int
    #: Files that are not an agent's transcript (a Gemini CLI ``logs.json``, …).
    unrecognised: int
    #: Files looked at; ``truncated`` when a directory held more than ``SCAN_LIMIT``.
    scanned: int
    truncated: bool
    redactions: int


def import_transcripts(where: str | os.PathLike[str] | None, *,
                       agents: Sequence[str] = (), dry_run: bool = False,
                       env: Mapping[str, str] | None = None,
                       progress: Progress | None = None) -> ImportResult:
    """Find this repository's sessions in the agents' transcript directories (``agents``:
    those named, else every one of ``IMPORTABLE``) and save each one not already held, as
    ``transcripts.save`` does for a hook (redacted, ``source = "import"``)."""
    env = os.environ if env is None else env
    for name in agents:
        if name not in IMPORTABLE:
            raise InvalidInput(f"{printable(name)[:40]}: transcript import reads "
                               f"{', '.join(IMPORTABLE)}; no other agent's transcripts name "
                               "the directory their session worked in")
    chosen = tuple(agents) or IMPORTABLE
    store = Store(Repo(where))
    roots = _roots(store.worktree_roots())
    files: list[tuple[str, str]] = []
    truncated = False
    stored: list[tuple[str, str]] = []
    for agent in chosen:
        database = session_database(agent, env)
        if database is not None:
            stored.append((agent, database))
            continue
        for directory in transcript_dirs(agent, env):
            found = list(_walk(directory))
            truncated = truncated or len(found) > SCAN_LIMIT
            files += [(agent, path) for path in found[:SCAN_LIMIT]]
    skipped: list[Skipped] = []
    newest: dict[str, tuple[tuple[bool, int, int], Session]] = {}
    elsewhere = unrecognised = 0
    for count, (agent, path) in enumerate(files, 1):
        if progress is not None:
            progress("reading", count, len(files))
        try:
            seen = _session(agent, path, roots, env)
        except (HookFailure, InvalidInput) as exc:
            skipped.append(Skipped(agent, path, str(exc)))
            continue
        if seen == "unrecognised":
            unrecognised += 1
        elif seen == "elsewhere":
            elsewhere += 1
        else:
            session, stamp = seen
            held = newest.get(session.session_id)
            if held is None or stamp > held[0]:
                if held is not None:
                    skipped.append(_older(held[1], session))
                newest[session.session_id] = (stamp, session)
            else:
                skipped.append(_older(session, held[1]))
    for agent, database in stored:
        try:
            rows = foreign_rows(Path(database), "SELECT id, directory FROM session", (),
                                limit=SCAN_LIMIT + 1)
        except InvalidInput as exc:
            skipped.append(Skipped(agent, database, str(exc)))
            continue
        truncated = truncated or len(rows) > SCAN_LIMIT
        for sid, worked_in in rows[:SCAN_LIMIT]:
            if not isinstance(sid, str) or not isinstance(worked_in, str):
                continue
            if not _here(Workspace(paths=(worked_in,)), roots):
                elsewhere += 1
            elif sid not in newest:
                newest[sid] = ((True, 0, 0), Session(agent, database, sid, 0))
    imported: list[Session] = []
    already: list[Session] = []
    redactions = 0
    ours = sorted((s for _, s in newest.values()), key=lambda s: (s.agent, s.path))
    for count, listed in enumerate(ours, 1):
        session = listed
        if progress is not None:
            progress("saving", count, len(ours))
        try:
            in_database = any(a == session.agent for a, _ in stored)
            if in_database:
                data = session_export(Path(listed.path), listed.session_id, listed.agent)
                session = replace(listed, size=len(data))
            if dry_run:
                if not in_database:
                    data = transcripts.read_head(Path(session.path), transcripts.MAX_BYTES)
                fresh = not transcripts.already_saved(where, data, session.session_id)
            else:
                result = transcripts.save_data(
                    where, data, session_id=session.session_id, source="import",
                    file_name=transcripts.TRANSCRIPT_STEM + ".json", source_path=session.path
                ) if in_database else transcripts.save(
                    where, session.path, session_id=session.session_id, source="import",
                    follow_links=False)
                fresh = not result.unchanged
                redactions += result.redactions if fresh else 0
        except (InvalidInput, AtifError) as exc:
            skipped.append(Skipped(session.agent, session.path, str(exc)))
            continue
        (imported if fresh else already).append(session)
    return ImportResult(dry_run, chosen, tuple(imported), tuple(already),
                        tuple(sorted(skipped, key=lambda s: (s.agent, s.path))),
                        elsewhere, unrecognised, len(files), truncated, redactions)


def _older(old: Session, new: Session) -> Skipped:
    return Skipped(old.agent, old.path, f"another file of session {old.session_id} "
                                        f"(the one saved is {new.path})")


def _roots(tops: Sequence[Path]) -> tuple[str, ...]:
    found: list[str] = []
    for top in tops:
        for spelling in (os.path.normpath(top), os.path.realpath(top)):
            if spelling not in found:
                found.append(spelling)
    return tuple(found)


def _walk(directory: str) -> Iterator[str]:
    """The ``.json``/``.jsonl`` names under ``directory``, in order, no link followed,
    ``DEPTH_LIMIT`` deep, one past ``SCAN_LIMIT`` at most."""
    if not os.path.isdir(directory):
        return
    count = 0
    base = directory.rstrip(os.sep).count(os.sep)
    for top, dirs, names in os.walk(directory, followlinks=False):
        dirs.sort()
        if top.count(os.sep) - base >= DEPTH_LIMIT:
            dirs.clear()
        for name in sorted(names):
            if name.endswith(TRANSCRIPT_SUFFIXES):
                yield os.path.join(top, name)
                count += 1
                if count > SCAN_LIMIT:
                    return


def _session(agent: str, path: str, roots: Sequence[str], env: Mapping[str, str]
             ) -> tuple[Session, tuple[bool, int, int]] | Literal["elsewhere", "unrecognised"]:
    """The file's session when it is this repository's, with its rank among the files of
    that session (named after it, newest, largest: Claude Code keeps a subagent's
    transcript beside the session's, under the same id); ``elsewhere`` for another
    project's, ``unrecognised`` for a file that is not ``agent``'s transcript.
    HookFailure or InvalidInput say why it cannot be read."""
    real = transcript_file(path, agent, env)
    if real is None:
        return "unrecognised"  # gone since the walk
    try:
        info = os.stat(real)
    except OSError as exc:
        raise InvalidInput(f"cannot read {printable(path)}: {exc.strerror or exc}") from None
    if info.st_size > transcripts.MAX_BYTES:
        raise InvalidInput(f"{printable(path)} is larger than "
                           f"{transcripts.MAX_BYTES // (1024 * 1024)} MB; not imported")
    found = _sniffed(Path(real), info.st_size)
    if found is None or found[0] != agent:
        return "unrecognised"
    _, workspace, head = found
    if not _here(workspace, roots):
        return "elsewhere"
    session_id = transcripts.session_id_of(head, Path(real))
    named = session_id[:8] in os.path.basename(real)
    return (Session(agent, real, session_id, info.st_size),
            (named, info.st_mtime_ns, info.st_size))


def _sniffed(file: Path, size: int) -> tuple[str, Workspace, bytes] | None:
    """The file's dialect, where its session worked, and the head that told, reading no
    more than it takes: ``HEAD_BYTES`` at a time, the whole file only for one JSON
    document (an older Gemini CLI chat), which tells nothing until it ends."""
    last = size if file.suffix == ".json" else min(size, HEAD_BYTES[-1])
    limits = sorted({limit for limit in HEAD_BYTES if limit < last} | {last})
    found: tuple[str, Workspace, bytes] | None = None
    for limit in limits:
        head = transcripts.read_head(file, limit)
        try:
            dialect, workspace = sniff(head)
        except InvalidInput:
            continue
        found = (dialect.name, workspace, head)
        if workspace != Workspace():
            break
    return found


def _here(workspace: Workspace, roots: Sequence[str]) -> bool:
    for path in workspace.paths:
        if not os.path.isabs(path) or "\x00" in path:
            continue
        for spelling in {os.path.normpath(path), os.path.realpath(path)}:
            if any(spelling == r or spelling.startswith(r.rstrip(os.sep) + os.sep)
                   for r in roots):
                return True
    hashes = {hashlib.sha256(r.encode("utf-8", "surrogateescape")).hexdigest() for r in roots}
    return any(h in hashes for h in workspace.path_hashes)


# -- rendering -----------------------------------------------------------------------------


def import_json(result: ImportResult) -> dict[str, Any]:
    def session(s: Session) -> dict[str, Any]:
        return {"agent": s.agent, "session_id": s.session_id, "path": s.path, "size": s.size}

    return {"dry_run": result.dry_run, "agents": list(result.agents),
            "imported": [session(s) for s in result.imported],
            "already_saved": [session(s) for s in result.already],
            "skipped": [{"agent": s.agent, "path": s.path, "reason": s.reason}
                        for s in result.skipped],
            "elsewhere": result.elsewhere, "unrecognised": result.unrecognised,
            "scanned": result.scanned, "truncated": result.truncated,
            "redactions": result.redactions}


def import_text(result: ImportResult) -> str:
    verb = "would import" if result.dry_run else "imported"
    lines = [f"{verb} {printable(s.session_id)} ({s.agent}, {s.size} bytes) from "
             f"{printable(s.path)}" for s in result.imported]
    count = len(result.imported)
    plural = "s" if count != 1 else ""
    if count:
        head = f"{verb.capitalize()} {count} session{plural}"
    elif result.already:
        head = "Nothing new to import"
    else:
        head = "No sessions of this repository found"
    head += f" ({', '.join(result.agents)}: {result.scanned} file"
    head += f"{'s' if result.scanned != 1 else ''} looked at"
    if result.already:
        head += f", {len(result.already)} already saved"
    if result.elsewhere:
        head += f", {result.elsewhere} of other projects left alone"
    head += ")."
    if result.redactions:
        head += (f" {result.redactions} credential{'s' if result.redactions != 1 else ''} "
                 "redacted.")
    if result.truncated:
        head += f" More than {SCAN_LIMIT} files in a directory: only the first were read."
    lines.insert(0, head)
    lines += [f"skipped {printable(s.path)}: {printable(s.reason)}" for s in result.skipped]
    return "\n".join(lines)


__all__ = ["IMPORTABLE", "ImportResult", "Progress", "Session", "Skipped", "import_json",
           "import_text", "import_transcripts"]
