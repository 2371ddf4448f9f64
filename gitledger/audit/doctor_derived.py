"""``doctor``'s rules for what is derived from the ledgers: every artifact of the registry,
the cache folder, the search index, a restore digest found in the project tree, the path
tokens, the keep-alive ref's cited commits and decisions' footprints.

Derived data is rebuilt, never trusted: ``--fix`` deletes or rebuilds it from the refs.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path

from gitledger.audit.doctor_findings import DoctorFinding, DoctorRun
from gitledger.core.display import one_line
from gitledger.core.model import Entry, git_evidence
from gitledger.core.parsing import json_loads
from gitledger.derived import registry
from gitledger.derived.files import CACHE_DIR
from gitledger.errors import CorruptLedger, LedgerError
from gitledger.ledger import digest, path_index
from gitledger.ledger.decision_footprints import stale_footprint
from gitledger.ledger.decisions import refresh_footprint
from gitledger.ledger.operations import Ledger
from gitledger.search import index as search_index
from gitledger.storage.archive_store import ArchiveStore
from gitledger.storage.commit_graph import LONG_HISTORY, path_filters, write_path_filters
from gitledger.storage.integrity import MISSING_OBJECT_ERRORS, object_kind
from gitledger.storage.keepalive import KeptCommits, keep
from gitledger.storage.layout import DIGEST_PATH, KEEP_REF, PROJECT_REF, SESSIONS_PREFIX


@dataclass(frozen=True)
class ArtifactState:
    """One derived artifact (``derived/registry.py``) as doctor found it."""

    name: str
    location: str
    state: str
    inputs: str


def artifacts(run: DoctorRun) -> tuple[ArtifactState, ...]:
    """Every derived artifact of the registry with its state as found (before the reads
    below, which repair what they use)."""
    repo = run.store.repo
    return tuple(ArtifactState(artifact.name, str(where), now, artifact.inputs)
                 for artifact, where, now in registry.listing(repo.commondir,
                                                              Path(repo.git.path)))


def rebuilt(run: DoctorRun, found: tuple[ArtifactState, ...]) -> tuple[ArtifactState, ...]:
    """With ``--fix``, each artifact still damaged or stale once the checks above have
    fixed theirs, and any named by ``--rebuild``, rebuilt; the states after that."""
    if not run.fix and not run.rebuild:
        return found
    repo = run.store.repo
    commondir, gitdir = repo.commondir, Path(repo.git.path)
    after: list[ArtifactState] = []
    for artifact, seen in zip(registry.ARTIFACTS, found, strict=True):
        now = registry.state(artifact, commondir, gitdir)
        if artifact.name in run.rebuild or (
                run.fix and now in (registry.DAMAGED, registry.STALE)):
            run.actions.append(registry.rebuild(artifact, commondir, gitdir, repo.workdir))
            now = registry.state(artifact, commondir, gitdir)
        after.append(replace(seen, state=now))
    return tuple(after)


def caches(run: DoctorRun) -> None:
    """Every file of the cache folder is a readable cache; ``--fix`` empties a folder
    holding one that is not (derived data: rebuilt on demand)."""
    folder = run.store.repo.commondir / CACHE_DIR
    if not folder.is_dir():
        return
    bad: list[DoctorFinding] = []
    for path in sorted(folder.iterdir()):
        if not path.is_file() or path.suffix != ".json":
            continue  # a writer's temporary file, or something not ours
        try:
            data = json_loads(path.read_text(encoding="utf-8"), max_depth=None)
            readable = isinstance(data, dict) and isinstance(data.get("version"), int)
        except (OSError, ValueError):
            readable = False
        if not readable:
            bad.append(run.add(
                "cache-unreadable", str(path), f"{path.name} is not a readable cache "
                "file (derived data: nothing is lost by deleting it)",
                f"git ledger doctor --fix (deletes {folder}/*)"))
    if bad and run.fix:
        removed = 0
        for path in folder.iterdir():
            if path.is_file():
                try:
                    path.unlink()
                    removed += 1
                except OSError:
                    pass
        if not any(p.is_file() for p in folder.iterdir()):
            for finding in bad:
                run.mark_fixed(finding, f"deleted {finding.ref}")
            run.actions.append(f"emptied {folder} ({removed} files; rebuilt on demand)")


def search_index_file(run: DoctorRun) -> None:
    """The index ``search`` asks (derived data: deleted and built again)."""
    store = ArchiveStore(run.store.repo)
    wrong = search_index.problem(store)
    if wrong is None:
        return
    folder = run.store.repo.commondir / CACHE_DIR
    finding = run.add("search-index-unreadable", str(folder / search_index.DB_NAME),
                      wrong, "git ledger doctor --fix (builds it again from the ledgers)")
    if run.fix:
        try:
            rows = search_index.rebuild(store, run.store.repo.workdir)
        except (sqlite3.Error, OSError, LedgerError) as exc:
            run.actions.append(f"could not rebuild the search index: {one_line(str(exc))}")
            return
        run.mark_fixed(finding, f"rebuilt {folder / search_index.DB_NAME} ({rows} rows)")


def digest_in_tree(run: DoctorRun) -> None:
    """A restore digest carried in the project ledger's tree (derived data that
    travelled: never read, reported, and taken out)."""
    try:
        found = digest.inspect(run.store)
    except LedgerError:
        return  # a broken project ledger is reported above
    if found.state == "ok":
        return
    code, what = (("digest-forged", "leaves out or invents entries of the tree it names")
                  if found.state == "forged" else
                  ("digest-stale", "is derived data that travelled (set aside)"))
    finding = run.add(code, PROJECT_REF, f"{PROJECT_REF}: its {DIGEST_PATH} {what}",
                      "git ledger doctor --fix (commits the tree without it)")
    if run.fix:
        try:
            commit = digest.rebuild(run.store)
        except LedgerError:
            return
        run.mark_fixed(finding, f"took {DIGEST_PATH} out of {PROJECT_REF} "
                       f"({(commit or '')[:12]})")


def path_tokens(run: DoctorRun) -> None:
    """This worktree's token file for the pre-tool-use fast path (derived data)."""
    try:
        found = path_index.status(run.store)
    except LedgerError:
        return  # a broken ledger is reported above; the tokens wait for its repair
    if found.state == path_index.FRESH or (found.state == path_index.MISSING
                                           and not found.tokens):
        return
    code = "paths-missing" if found.state == path_index.MISSING else "paths-stale"
    what = (f"{found.gitdir}/ledger-paths is missing" if code == "paths-missing"
            else f"{found.gitdir}/ledger-paths is stale: {found.detail}")
    finding = run.add(code, str(found.gitdir), what,
                      "git ledger doctor --fix (rebuilds it from the ledgers)")
    if run.fix:
        path_index.rebuild(run.store)
        run.mark_fixed(finding, f"rebuilt {found.gitdir}/ledger-paths "
                       f"({found.tokens} tokens)")


def blame_filters(run: DoctorRun) -> None:
    """git's commit-graph records changed paths on a long history (``storage/commit_graph``):
    the filters are git's derived data, and ``--fix`` has git write them."""
    found = path_filters(run.store.repo)
    if not found.wanted:
        return
    finding = run.add("blame-unfiltered", "HEAD", f"{LONG_HISTORY:,} commits or more and "
                      "no changed-path filters in git's commit-graph",
                      "git ledger doctor --fix (runs git commit-graph write --reachable "
                      "--changed-paths)")
    if run.fix:
        try:
            seconds = write_path_filters(run.store.repo)
        except LedgerError as exc:
            run.actions.append(f"could not write the commit-graph: {exc}")
            return
        run.mark_fixed(finding, f"wrote git's commit-graph with changed paths ({seconds:.1f} s)")


def kept_evidence(run: DoctorRun, entries: list[tuple[str, Entry]]) -> None:
    """Every commit a decision cites as ``git:`` evidence is kept alive on the keep ref,
    so that ``git gc`` cannot delete it; ``--fix`` keeps it."""
    try:
        kept = KeptCommits(run.store)
    except (CorruptLedger, *MISSING_OBJECT_ERRORS):
        return  # the keep ref's own finding says what is wrong with it
    citing: dict[str, list[tuple[str, str]]] = {}
    for ref, entry in entries:
        if entry.kind != "decided":
            continue
        for sha in git_evidence(entry):
            if not _is_full_sha(sha) or sha in kept:
                continue
            if object_kind(run.store, sha) == "commit":
                citing.setdefault(sha, []).append((ref, entry.id))
    for sha, cited in sorted(citing.items()):
        ids = ", ".join(entry_id for _, entry_id in cited)
        finding = run.add("keep-missing", cited[0][0], f"{sha[:12]}, cited by {ids}, "
                          f"is not kept on {KEEP_REF}: git gc may delete it once no "
                          "branch holds it", "git ledger doctor --fix (keeps it)")
        if run.fix:
            try:
                for _, entry_id in cited:
                    keep(run.store, [sha], cited_by=entry_id)
            except LedgerError as exc:
                run.actions.append(f"could not keep {sha[:12]}: {exc}")
                continue
            run.mark_fixed(finding, f"kept {sha[:12]} on {KEEP_REF} for {ids}")


def footprints(run: DoctorRun, entries: list[tuple[str, Entry]]) -> None:
    """Each decision of a writable ledger holds the footprint its evidence derives; an
    archive is read-only (and governs no code), a fetched mirror is someone else's."""
    cache: dict[str, list[str]] = {}
    for ref, entry in entries:
        if ref != PROJECT_REF and not ref.startswith(SESSIONS_PREFIX):
            continue
        try:
            problem = stale_footprint(run.store.repo, entry, cache=cache)
        except LedgerError:
            continue  # a commit that cannot be read: keep-missing or check says so
        if problem is None:
            continue
        finding = run.add("footprint-stale", ref, f"{entry.id}: {problem}",
                          "git ledger doctor --fix (derives it again from the "
                          "evidence, as an edit event)")
        if not run.fix:
            continue
        ledger = Ledger(run.store, ref, "project" if ref == PROJECT_REF else "session", "")
        try:
            refresh_footprint(ledger, entry.id)
        except LedgerError as exc:
            run.actions.append(f"could not derive {entry.id}'s footprint: {exc}")
            continue
        run.mark_fixed(finding, f"derived {entry.id}'s footprint from its evidence")


def _is_full_sha(sha: str) -> bool:
    return len(sha) == 40 and all(c in "0123456789abcdef" for c in sha)

