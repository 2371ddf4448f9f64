"""Reading a ledger: which ledger a name names, and its state as a ``Snapshot``.

``Ledger`` (``operations.py``) adds the writes.  The reads are kept apart so that
``restore``, which every agent session starts with, loads none of the writes' machinery
(decision checks, the decision index, the keep-alive chain).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Self

from gitledger.core.model import Entry, Event, Focus, Snapshot
from gitledger.core.text import clean_line
from gitledger.errors import AmbiguousEntry, InvalidInput, LedgerError, UnknownEntry
from gitledger.ledger.authorship import UNKNOWN, LedgerProvenance, Others, solo_provenance
from gitledger.ledger.authorship import ledger_provenance as derive_provenance
from gitledger.ledger.carried import not_carried
from gitledger.ledger.hook_state import read_started
from gitledger.ledger.tree import find_by_source_id, find_entry_id, read_entry, read_header
from gitledger.storage.archive_store import ArchiveStore
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    LEDGER_NAMESPACE,
    PROJECT_REF,
    REMOTES_PREFIX,
    SESSIONS_PREFIX,
    TRANSCRIPTS_PREFIX,
)
from gitledger.storage.month_chains import is_chain
from gitledger.storage.provenance import FOCUS_KEYS
from gitledger.storage.remotes import fetch_archives
from gitledger.storage.repo import Repo, open_repo
from gitledger.storage.signatures import refuse_quarantined
from gitledger.storage.store import Store, TreeView

#: The environment variable through which an agent's session id reaches every write.
SESSION_ENV = "GIT_LEDGER_SESSION_ID"
#: Where a write looks for its session, in order: ours (which the SessionStart hook exports
#: through Claude Code's env file), then the agents' own (``shell_session`` in
#: integrations/agent_registry.py: a test checks the two lists agree).
SESSION_VARS = (SESSION_ENV, "CODEX_THREAD_ID", "QWEN_CODE_SESSION_ID")
SESSION_LIMIT = 200


class LedgerReader:
    """One ledger (this worktree's session ledger, the project ledger, a named one or an
    archive), read."""

    def __init__(
        self, store: Store, ref: str | None, kind: str, session: str | None = None, *,
        follows_worktree: bool = False,
    ) -> None:
        self.store = store
        self.repo = store.repo
        self._ref = ref
        self.kind = kind
        self._session = session
        #: This worktree's ledger, whichever it is at each write (an archive moves the
        #: worktree on to a fresh one), rather than the ledger it was when opened.
        self._follows_worktree = follows_worktree

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def open(
        cls, where: str | os.PathLike[str] | None = None, *, project: bool = False,
        name: str | None = None, session: str | None = None,
    ) -> Self:
        """The ledger a command acts on: ``name`` if given, else project or this worktree's.

        ``session`` is the agent session writes belong to; by default it comes from
        ``GIT_LEDGER_SESSION_ID``, and ``""`` means no session.
        """
        store = Store(open_repo(where))
        if name:
            ref = resolve_ledger_name(store, name)
            return cls(store, ref, "project" if ref == PROJECT_REF else "session", session)
        if project:
            return cls(store, PROJECT_REF, "project", session)
        return cls(store, store.worktree_ref(), "session", session, follows_worktree=True)

    @property
    def session(self) -> str | None:
        """The agent session writes are attributed to: given at open, else from the env,
        else the session that started last in this worktree (``ledger/hook_state.py``).

        Read at each write, so an agent that exports its session id mid-way is heard.
        """
        if self._session is None:
            return _session_from_env() or _started_session(self.repo.gitdir)
        return self._session or None

    @property
    def ref(self) -> str | None:
        return self._ref

    # -- reading -------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The whole current state.  Unreadable entries are listed in ``bad``, not fatal."""
        if self._ref is None:
            return Snapshot(ref="", commit=None, meta=None, focus=Focus())
        tip = self.store.tip(self._ref)
        if tip.view is None:
            return Snapshot(ref=self._ref, commit=None, meta=None, focus=Focus())
        meta, focus = read_header(self._ref, tip.view)
        entries, bad = read_entries(self.store, self._ref, tip.view)
        if self._ref.startswith(SESSIONS_PREFIX):
            entries = not_carried(self.store, self._ref, entries)
        entries.sort(key=lambda e: (e.seq, e.created, e.id))
        return Snapshot(self._ref, tip.commit, meta, focus, tuple(entries), tuple(bad))

    def get(self, prefix: str) -> Entry:
        """The entry ``prefix`` names: an id, a unique prefix of one, or the id the file
        it was imported from gave it (``DEC-2026-002``)."""
        view = self._view_or_fail(prefix)
        try:
            entry_id = find_entry_id(view, prefix)
        except AmbiguousEntry:
            raise
        except UnknownEntry as missing:
            # Only a miss reads the whole ledger (from the entry cache): a file's ids are
            # in no tree path.
            entries, _ = read_entries(self.store, self._ref or "", view)
            entry_id = find_by_source_id(entries, prefix, missing)
        entry = read_entry(view, entry_id)
        if self._ref and self._ref.startswith(SESSIONS_PREFIX) and not not_carried(
                self.store, self._ref, [entry]):
            # Half of an interrupted carry: the entry is the project ledger's now.
            raise UnknownEntry(f"{entry_id} was carried to the project ledger (use "
                               "--project; git ledger doctor --fix finishes the carry)")
        return entry

    def events(self, limit: int | None = None) -> list[Event]:
        if self._ref is None:
            return []
        tip = self.store.tip(self._ref)
        if tip.view is not None:
            read_header(self._ref, tip.view)  # a ref that is not a ledger has no events
        return list(self.store.history(self._ref, limit))

    def provenance(self, commit: str | None = None, *,
                   reader: str | None = None) -> LedgerProvenance:
        """Who wrote and who last changed each entry, the focus and the ledger itself, at
        ``commit`` (default: the tip), from the commits that brought them in, never from
        the blobs (``storage/provenance.py``; cached in the git dir, derived)."""
        if self._ref is None:
            return LedgerProvenance(None)
        if commit is None:
            commit = self.store.tip(self._ref).commit
        # ``reader`` (whoever the records are read for) made every commit: no records.
        solo = solo_provenance(self.store, self._ref, commit, reader)
        return solo or derive_provenance(self.store, self._ref, commit)

    def current_user(self) -> str | None:
        """Who is reading, as git names the author of a write (None: no identity set)."""
        try:
            return self.repo.person().ident
        except LedgerError:
            return None

    def written_by_others(self, what: str) -> Others | None:
        """Whether ``what`` (an entry id, or ``task`` / ``next``: the focus) was written
        or last changed by someone other than the current user, and who; None when it is
        the current user's own, or not in this ledger.

        From history only: the git authors of the ledger commits that brought the content
        in.  Content no record covers (a damaged cache mid-rebuild) counts as someone
        unknown's.
        """
        records = self.provenance()
        if what in FOCUS_KEYS:
            found = records.focus(what)
            if found is None:
                return None  # no task (or next) set: nothing to label
        else:
            try:
                entry_id = self.get(what).id
            except UnknownEntry:
                return None
            found = records.entry(entry_id)
            if found is None:
                return UNKNOWN
        return found.others(self.current_user())

    def _view_or_fail(self, prefix: str) -> TreeView:
        view = self.store.tip(self._ref).view if self._ref else None
        if view is None:
            raise UnknownEntry(f"no entry matches '{prefix}': the ledger is empty")
        read_header(self._ref or "", view)
        return view


def resolve_ledger_name(store: Store, name: str) -> str:
    """A ledger named by full ref, by ``project``, or by (a prefix of) its id."""
    if name == "project":
        return PROJECT_REF
    if name.startswith(ARCHIVE_PREFIX):
        # No write can ever name an archive: the only way to read one is --archive.
        raise InvalidInput(f"{name} is an archive, and archives are read-only: read it with "
                           f"git ledger show --archive {name.removeprefix(ARCHIVE_PREFIX)}")
    if name.startswith(REMOTES_PREFIX):
        if "/archive/" in name:
            raise InvalidInput(f"{name} is an archive, and archives are read-only: read it "
                               f"with git ledger show --archive {name}")
        if name not in store.refs_under(REMOTES_PREFIX):
            raise UnknownEntry(f"no ledger at {name} (git ledger fetch brings a remote's)")
        refuse_quarantined(store.repo, name, store.target(name), name)
        return name
    if "/" in name and not name.startswith("refs/"):
        found = _resolve_mirror(store, name)
        refuse_quarantined(store.repo, found, store.target(found), name)
        return found
    if name.startswith("refs/"):
        # Looked up by name: listing every ledger lists a year's 25,000 archives.
        if (not name.startswith(LEDGER_NAMESPACE) or is_chain(name)
                or name.startswith(TRANSCRIPTS_PREFIX) or not store.exists(name)):
            raise UnknownEntry(f"no ledger at {name}")
        return name
    matches = sorted(r for r in store.refs_under(SESSIONS_PREFIX, chained=False)
                     if r.startswith(SESSIONS_PREFIX + name))
    if not matches:
        if any(r.startswith(ARCHIVE_PREFIX + name) for r in store.ledger_refs()):
            raise UnknownEntry(f"no live ledger named '{name}': it is archived (read it with "
                               f"git ledger show --archive {name})")
        raise UnknownEntry(f"no ledger named '{name}' (git ledger list shows them)")
    if len(matches) > 1:
        raise UnknownEntry(f"'{name}' is ambiguous: it matches {', '.join(matches)}")
    return matches[0]


def _resolve_mirror(store: Store, name: str) -> str:
    """``<remote>/project`` or ``<remote>/<ledger id or prefix>``: a ledger fetched from a
    remote, read from its copy under ``refs/ledger/remotes/``."""
    remote, _, rest = name.partition("/")
    prefix = f"{REMOTES_PREFIX}{remote}/"
    mirrors = store.refs_under(prefix)
    if not mirrors:
        raise UnknownEntry(f"no ledgers fetched from a remote named '{remote}' (git ledger "
                           "fetch REMOTE brings them; git ledger list --remote shows them)")
    if rest in ("project", "keep"):
        wanted = [prefix + rest] if prefix + rest in mirrors else []
    else:
        rest = rest.removeprefix("sessions/")
        wanted = [r for r in mirrors if r.startswith(f"{prefix}sessions/{rest}")]
    if not wanted:
        if any(r.startswith(f"{prefix}archive/{rest}") for r in mirrors):
            raise UnknownEntry(f"'{name}' is archived on {remote}, and archives are read-only: "
                               f"read it with git ledger show --archive {name}")
        raise UnknownEntry(f"no ledger named '{name}' was fetched from {remote} "
                           "(git ledger list --remote shows them)")
    if len(wanted) > 1:
        raise UnknownEntry(f"'{name}' is ambiguous: it matches {', '.join(sorted(wanted))}")
    return wanted[0]


def archive_refs(store: Store) -> list[str]:
    return [r for r in store.ledger_refs() if r.startswith(ARCHIVE_PREFIX)]


def resolve_archive(store: Store, name: str) -> str:
    """The archive ref ``name`` names: its full ref, its ledger id, or a unique prefix."""
    if not name:
        raise InvalidInput("--archive needs an archive name (git ledger list --archived)")
    refs = archive_refs(store)
    if name.startswith(REMOTES_PREFIX) or ("/" in name and not name.startswith(
            ("refs/", "archive/"))):
        return _fetched_archive(store, name)
    if name.startswith("refs/"):
        if name in refs:
            return name
        if name.startswith(SESSIONS_PREFIX) and store.exists(name):
            raise UnknownEntry(f"{name} is a live session ledger, not an archive: "
                               f"read it with git ledger show --ledger {name}")
        raise UnknownEntry(f"no archive at {name} (git ledger list --archived shows them)")
    key = name.removeprefix("archive/")
    exact = ARCHIVE_PREFIX + key
    if exact in refs:
        return exact
    matches = [r for r in refs if r.startswith(exact)]
    if len(matches) > 1:
        shown = ", ".join(r.removeprefix(ARCHIVE_PREFIX) for r in matches[:5])
        raise UnknownEntry(f"'{name}' is ambiguous: it matches the archives {shown}")
    if not matches:
        raise UnknownEntry(f"no archive named '{name}' (git ledger list --archived shows them)")
    return matches[0]


def _fetched_archive(store: Store, name: str) -> str:
    """A teammate's archive, fetched from a remote, unless it is quarantined."""
    found = _find_fetched_archive(store, name)
    refuse_quarantined(store.repo, found, store.target(found), name)
    return found


def _find_fetched_archive(store: Store, name: str) -> str:
    """A teammate's archive on a remote: ``REMOTE/ID`` (or a prefix of ID), or its full
    ref under ``refs/ledger/remotes/``; fetched from the remote now when no copy of it is
    here (a pull brings no archives)."""
    fetched = [r for r in store.refs_under(REMOTES_PREFIX) if "/archive/" in r]
    if name.startswith(REMOTES_PREFIX):
        remote, _, rest = name.removeprefix(REMOTES_PREFIX).partition("/")
        if name not in fetched and rest.startswith("archive/"):
            fetch_archives(store.repo, remote, rest.removeprefix("archive/"))
            store.forget_archives()
            fetched = [r for r in store.refs_under(REMOTES_PREFIX) if "/archive/" in r]
        if name in fetched:
            return name
        raise UnknownEntry(f"no archive at {name} (git ledger fetch --archives brings a "
                           "remote's)")
    remote, _, key = name.partition("/")
    exact = f"{REMOTES_PREFIX}{remote}/archive/{key.removeprefix('archive/')}"
    matches = [r for r in fetched if r.startswith(exact)]
    if not matches:
        matches = fetch_archives(store.repo, remote, key.removeprefix("archive/"))
    if exact in matches:
        return exact
    if len(matches) > 1:
        raise UnknownEntry(f"'{name}' is ambiguous: it matches {', '.join(matches[:5])}")
    if not matches:
        raise UnknownEntry(f"no archive named '{name}' here or on {remote} (git ls-remote "
                           f"{remote} 'refs/ledger/archive/*' lists them)")
    return matches[0]


def open_archive_reader(where: str | os.PathLike[str] | None, name: str) -> LedgerReader:
    """The archive ``name`` names, to read (``archived.open_archive`` also refuses writes)."""
    store = ArchiveStore(Repo(where))
    return LedgerReader(store, resolve_archive(store, name), "archive", "")


def archive_label(ref: str) -> str:
    """How an archive is named to the user: its id, or REMOTE/ID for a teammate's."""
    if ref.startswith(REMOTES_PREFIX):
        remote = ref.removeprefix(REMOTES_PREFIX).split("/", 1)[0]
        return f"{remote}/{ref.rsplit('/', 1)[-1]}"
    return ref.removeprefix(ARCHIVE_PREFIX)


def _session_from_env() -> str | None:
    for name in SESSION_VARS:
        value = os.environ.get(name, "").strip()
        if value:
            return clean_line(value, name, SESSION_LIMIT)
    return None


def _started_session(gitdir: Path) -> str | None:
    started = read_started(gitdir)
    if started is None:
        return None
    try:
        return clean_line(started.session, "the started session", SESSION_LIMIT)
    except InvalidInput:
        return None  # a damaged record attributes nothing
