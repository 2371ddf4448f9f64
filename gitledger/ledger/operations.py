"""Ledger operations: the everyday writes, on top of ``store`` and of the reads in ``reader``.

Each write is expressed as a pure function of the tree it starts from, handed to
``Store.update``, which retries it on a moved tip: that is how concurrent writers never
lose an entry.  This module never imports pygit2: what it knows of git is the ``Store``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from gitledger import FORMAT_VERSION, SEQ_TRAILER_FORMAT
from gitledger.core.codec import (
    decode_entry_or_none,
    encode_entry,
    encode_focus,
    encode_meta,
)
from gitledger.core.ids import KIND_LETTERS, entry_path, new_id
from gitledger.core.model import (
    KIND_FIELDS,
    SECTION_TITLES,
    Change,
    Entry,
    Focus,
    LedgerMeta,
)
from gitledger.core.text import LINE_LIMIT, clean_line, clean_text, one_line_summary
from gitledger.derived.events import Moved
from gitledger.errors import (
    AmbiguousEntry,
    CorruptLedger,
    InvalidInput,
    LedgerError,
    UnknownEntry,
)
from gitledger.ledger import digest, follow
from gitledger.ledger.deciding import checked_evidence, supersede, write_warnings
from gitledger.ledger.decision_footprints import clean_paths, derived_footprint
from gitledger.ledger.reader import (
    SESSION_LIMIT,
    LedgerReader,
    resolve_ledger_name,
)
from gitledger.ledger.results import Amended, Built, EntryHistory, LedgerSummary, WriteResult
from gitledger.ledger.rules import require_move
from gitledger.ledger.tree import find_entry_id, read_entry, read_header
from gitledger.ledger.worktree_pointers import pointers as worktree_pointers
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    ENTRIES_DIR,
    FOCUS_PATH,
    META_PATH,
    PROJECT_REF,
    REMOTES_PREFIX,
    SEQ_TRAILER,
    SESSIONS_PREFIX,
)
from gitledger.storage.notes import annotate
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView

#: The handed-over sessions ``ledger.toml`` remembers (the oldest are forgotten first).
CONTINUES_LIMIT = 16


class _Unread:
    """The session not read yet (``Ledger.write``'s default: ``None`` is no session)."""


_UNREAD = _Unread()

_VERBS = {"open": "open", "decided": "decide", "verified": "verify", "dropped": "drop",
          "plan": "plan"}


class Ledger(LedgerReader):
    """One ledger (this worktree's session ledger, the project ledger, or a named one),
    read and written."""

    def __init__(
        self, store: Store, ref: str | None, kind: str, session: str | None = None, *,
        follows_worktree: bool = False,
    ) -> None:
        super().__init__(store, ref, kind, session, follows_worktree=follows_worktree)
        # Every write to the project ledger, from here or a carry, keeps its digest, and
        # every write the derived data that follows writes.
        digest.register(store)
        follow.register(store)

    def _writable_ref(self) -> str:
        refuse_mirror(self._ref)
        if self._ref is None or (self.kind == "session" and (
                self._follows_worktree or self._ref == self.store.worktree_ref())):
            # This worktree's ledger: a name spent by an archive is replaced by a fresh one.
            self._ref = self.store.ensure_worktree_ref()
        return self._ref

    def history(self, prefix: str) -> EntryHistory:
        entry = self.get(prefix)
        assert self._ref is not None
        events = tuple(
            event for event in self.store.history(self._ref)
            if entry.id in event.trailers.get("Ledger-Entry", ())
        )
        return EntryHistory(entry, events)

    # -- writing: focus ------------------------------------------------------------------

    def set_task(self, text: str, *, next_text: str | None = None) -> WriteResult:
        task = clean_line(text, "TASK")
        nxt = clean_next(next_text)

        def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
            new_focus = replace(focus, task=task, next=nxt if nxt is not None else focus.next)
            if new_focus == focus:
                return None
            return Built(
                f"task: {one_line_summary(task)}", [("Ledger-Event", "task")],
                {FOCUS_PATH: encode_focus(new_focus)}, None, new_focus,
                nxt is not None and nxt != focus.next,
            )

        return self.write(build)

    def set_next(self, text: str) -> WriteResult:
        nxt = clean_line(text, "NEXT")

        def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
            if focus.next == nxt:
                return None
            new_focus = replace(focus, next=nxt)
            return Built(
                f"next: {one_line_summary(nxt)}", [("Ledger-Event", "next")],
                {FOCUS_PATH: encode_focus(new_focus)}, None, new_focus, False,
            )

        return self.write(build)

    # -- writing: entries ----------------------------------------------------------------

    def open_question(
        self, text: str, *, ask_user: bool = False, next_text: str | None = None
    ) -> WriteResult:
        return self._add("open", clean_text(text, "question"), next_text, ask_user=ask_user)

    def decide(
        self, text: str, *, over: Sequence[str] = (), because: str | None = None,
        scope: str | None = None, supersedes: str | None = None, proposed: bool = False,
        evidence: Sequence[str] = (), paths: Sequence[str] = (),
        next_text: str | None = None,
    ) -> WriteResult:
        """Add a decision; with ``supersedes`` the old one is replaced in the same event.

        The old decision becomes ``superseded`` with a link to the new one (at once, or
        when a ``proposed`` replacement is accepted), and the new one takes the old one's
        scope unless it is given its own.
        """
        decision = clean_text(text, "decision")
        entry_id = new_id("decided")
        fields = _decision_fields(over=over, because=because, scope=scope, evidence=evidence)
        status = "proposed" if proposed else "accepted"
        fields["status"] = status
        fields["paths"] = clean_paths(self.repo, paths)
        amend = None
        clean_next(next_text)
        if supersedes:
            target = self._find_decision(supersedes)
            require_move(target, "superseded")
            fields["supersedes"] = target.id
            amend = supersede
        # Last, once nothing else can refuse: it writes the keep-alive chain.
        fields["evidence"] = self._checked_evidence(fields["evidence"], entry_id)
        fields["footprint"] = derived_footprint(self.repo, fields["evidence"])
        warnings = write_warnings(self, decision, fields.get("scope"), fields.get("supersedes"),
                                  proposed=proposed, because=fields.get("because"))
        result = self._add("decided", decision, next_text, amend=amend, entry_id=entry_id,
                           **fields)
        return replace(result, warnings=(*warnings, *result.warnings))

    def _checked_evidence(self, evidence: tuple[str, ...], entry_id: str) -> tuple[str, ...]:
        """``git:`` evidence resolved to full shas that exist, kept alive for ``entry_id``."""
        if not any(item.startswith("git:") for item in evidence):
            return evidence
        return checked_evidence(self, evidence, cited_by=entry_id)

    def verify(self, fact: str, *, by: str, next_text: str | None = None) -> WriteResult:
        return self._add(
            "verified", clean_text(fact, "fact"), next_text,
            by=clean_text(by, "--by"), commit=self.repo.head_commit(),
        )

    def drop(self, approach: str, *, why: str, paths: Sequence[str] = (),
             next_text: str | None = None) -> WriteResult:
        text = clean_text(approach, "approach")
        reason = clean_text(why, "--why")
        return self._add("dropped", text, next_text, why=reason,
                         paths=clean_paths(self.repo, paths))

    def plan(
        self, path: str, *, note: str | None = None, next_text: str | None = None
    ) -> WriteResult:
        pointer = self.repo.relative_to_workdir(clean_line(path, "PLAN path"))
        return self._add(
            "plan", pointer, next_text, path=pointer,
            note=clean_text(note, "--note") if note is not None else None,
        )

    def resolve(
        self, prefix: str, *, as_kind: str, text: str | None = None,
        over: Sequence[str] = (), because: str | None = None, scope: str | None = None,
        evidence: Sequence[str] = (), by: str | None = None, why: str | None = None,
        proposed: bool = False, paths: Sequence[str] = (), next_text: str | None = None,
    ) -> WriteResult:
        """An OPEN item becomes a decision, a verified fact or a dropped path, in place."""
        new_text = clean_text(text, "text") if text is not None else None
        globs = clean_paths(self.repo, paths)
        fields: dict[str, Any]
        if as_kind == "decided":
            fields = _decision_fields(over=over, because=because, scope=scope, evidence=evidence)
            fields["status"] = "proposed" if proposed else "accepted"
            fields["paths"] = globs
            target = self.get(prefix)
            if target.kind != "open":
                raise InvalidInput(f"{target.id} is {SECTION_TITLES[target.kind]}, not OPEN; "
                                   f"only OPEN items resolve (use git ledger edit {target.id} "
                                   "to change it)")
            clean_next(next_text)
            fields["evidence"] = self._checked_evidence(fields["evidence"], target.id)
            fields["footprint"] = derived_footprint(self.repo, fields["evidence"])
        elif as_kind == "verified":
            if by is None:
                raise InvalidInput("resolve --as verified needs --by COMMAND (what proved it)")
            fields = {"by": clean_text(by, "--by"), "commit": self.repo.head_commit()}
        elif as_kind == "dropped":
            if why is None:
                raise InvalidInput("resolve --as dropped needs --why WHY")
            fields = {"why": clean_text(why, "--why"), "paths": globs}
        else:
            raise InvalidInput(f"cannot resolve as '{as_kind}': use decided, verified or dropped")
        _refuse_foreign_fields(as_kind, over=over, because=because, scope=scope,
                               evidence=evidence, by=by, why=why, paths=globs,
                               status="proposed" if proposed else None)
        nxt = clean_next(next_text)
        entry_id = self.get(prefix).id  # an unknown id must not start a ledger before failing

        def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
            old = read_entry(view, entry_id)
            if old.kind != "open":
                raise InvalidInput(
                    f"{old.id} is {SECTION_TITLES[old.kind]}, not OPEN; only OPEN items resolve"
                    f" (use git ledger edit {old.id} to change it)"
                )
            entry = replace(old, kind=as_kind, text=new_text or old.text, question=old.text,
                            ask_user=False, **fields)
            new_focus = replace(focus, next=nxt) if nxt is not None else focus
            files: dict[str, bytes | None] = {entry_path(entry.id): encode_entry(entry)}
            if new_focus != focus:
                files[FOCUS_PATH] = encode_focus(new_focus)
            return Built(
                f"resolve {entry.id} as {as_kind}: {one_line_summary(entry.text)}",
                [("Ledger-Event", "resolve"), ("Ledger-Entry", entry.id),
                 ("Ledger-Kind", as_kind)],
                files, entry, new_focus, nxt is not None and nxt != focus.next,
            )

        return self.write(build)

    def edit(
        self, prefix: str, *, text: str | None = None, next_text: str | None = None,
        paths: Sequence[str] | None = None, **changes: Any,
    ) -> WriteResult:
        """Change an entry's text or its kind's fields; its history keeps the old state.

        ``paths`` replaces the globs; an empty list (or only empty strings: ``--paths ''``)
        clears them.  New ``evidence`` derives the footprint again.
        """
        cleaned: dict[str, Any] = {}
        if text is not None:
            cleaned["text"] = clean_text(text, "text")
        if paths is not None:
            cleaned["paths"] = _edited_paths(self.repo, paths)
        for key, value in changes.items():
            if value is None or value in ((), []):
                continue
            cleaned[key] = _clean_field(key, value)
        if not cleaned:
            raise InvalidInput("nothing to change: give new text or a field option")
        if "path" in cleaned:
            cleaned["path"] = self.repo.relative_to_workdir(cleaned["path"])
        nxt = clean_next(next_text)
        target = self.get(prefix)  # an unknown id must not start a ledger before failing
        if "evidence" in cleaned and target.kind == "decided":
            _refuse_fields(target, cleaned)  # before the keep-alive write, as well as after
            cleaned["evidence"] = self._checked_evidence(cleaned["evidence"], target.id)
            cleaned["footprint"] = derived_footprint(self.repo, cleaned["evidence"],
                                                     target.footprint)

        def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
            old = read_entry(view, target.id)
            _refuse_fields(old, cleaned)
            values = dict(cleaned)
            if old.kind == "plan" and "path" in values:
                values["text"] = values["path"]
            entry = replace(old, **values)
            new_focus = replace(focus, next=nxt) if nxt is not None else focus
            if entry == old and new_focus == focus:
                raise InvalidInput(f"nothing to change: {old.id} already says that")
            files: dict[str, bytes | None] = {entry_path(entry.id): encode_entry(entry)}
            if new_focus != focus:
                files[FOCUS_PATH] = encode_focus(new_focus)
            return Built(
                f"edit {entry.id}: {one_line_summary(entry.text)}",
                [("Ledger-Event", "edit"), ("Ledger-Entry", entry.id),
                 ("Ledger-Kind", entry.kind)],
                files, entry, new_focus, nxt is not None and nxt != focus.next,
            )

        return self.write(build)

    # -- ownership and checkpoints -------------------------------------------------------

    def claim(self, session_id: str, *, only_if_unowned: bool = False,
              handover: str | None = None) -> WriteResult:
        """Make ``session_id`` the owner of this session ledger (a ``claim`` event).

        With ``only_if_unowned`` (what the SessionStart hook does) an owned or absent
        ledger is left alone; otherwise an absent ledger is started for that session.
        ``handover`` names why the same conversation goes on under a new id (``clear``,
        ``fork``): it is recorded in the claim's trailers, and the previous owner joins
        ``continues`` in ``ledger.toml``, so that what it wrote stays the new owner's own.
        """
        sid = clean_line(session_id, "--session-id", SESSION_LIMIT)
        if self.kind != "session":
            raise InvalidInput("only a session ledger has an owning session")
        if only_if_unowned and (self._ref is None or not self.store.exists(self._ref)):
            return WriteResult(self._ref or "", None, None, Focus())

        def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
            if meta.session_id == sid or (only_if_unowned and meta.session_id):
                return None
            trailers = [("Ledger-Event", "claim"), ("Ledger-Owner", sid)]
            if meta.session_id:
                trailers.append(("Ledger-Previous-Owner", meta.session_id))
            if handover:
                trailers.append(("Ledger-Handover", handover))
            continues = ((*meta.continues, meta.session_id)[-CONTINUES_LIMIT:]
                         if handover and meta.session_id else ())
            return Built(f"claim for session {sid}", trailers,
                         {META_PATH: encode_meta(replace(meta, session_id=sid,
                                                         continues=continues))},
                         None, focus, False)

        return self.write(build)

    def owner(self) -> str | None:
        """The session that owns this ledger, or None (unowned or no ledger yet)."""
        tip = self.store.tip(self._ref) if self._ref else None
        if tip is None or tip.view is None:
            return None
        return read_header(self._ref or "", tip.view)[0].session_id

    def checkpoint(self, reason: str, *, only_if_new: bool = False) -> WriteResult:
        """Record a checkpoint event (no change to the state); nothing if there is no ledger.

        Hooks call this before a compaction and at session end: a hook cannot steer what
        the summary keeps, but the history then shows where each context window ended.
        With ``only_if_new``, nothing either when the last event is already a checkpoint
        (for an agent whose pre-compact event fires before every model call).
        """
        label = clean_line(reason, "checkpoint reason", 200)
        if self._ref is None or not self.store.exists(self._ref):
            return WriteResult(self._ref or "", None, None, Focus())
        last = next(self.store.history(self._ref, 1), None) if only_if_new else None
        if last is not None and "checkpoint" in last.trailers.get("Ledger-Event", ()):
            return WriteResult(self._ref, None, None, Focus())

        def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
            return Built(f"checkpoint: {label}",
                         [("Ledger-Event", "checkpoint"), ("Ledger-Checkpoint", label)],
                         {}, None, focus, False)

        return self.write(build)

    # -- the write machinery -------------------------------------------------------------

    def _add(
        self, kind: str, text: str, next_text: str | None,
        amend: Callable[[TreeView, Entry], Amended] | None = None,
        entry_id: str | None = None, **fields: Any,
    ) -> WriteResult:
        """Append a new entry; ``amend`` may adjust it and change other entries with it."""
        nxt = clean_next(next_text)
        person = self.repo.person()
        session = self.session
        chosen = entry_id or new_id(kind)

        def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
            nonlocal chosen
            while view.read(entry_path(chosen)) is not None:
                chosen = new_id(kind)
            entry = Entry(
                id=chosen, kind=kind, text=text, seq=focus.seq + 1, created=person.when,
                author=person.ident, session=session, **fields,
            )
            new_focus = replace(focus, seq=entry.seq,
                                next=nxt if nxt is not None else focus.next)
            trailers = [("Ledger-Event", "add"), ("Ledger-Entry", entry.id),
                        ("Ledger-Kind", kind)]
            others: dict[str, bytes | None] = {}
            if amend is not None:
                amended = amend(view, entry)
                entry = amended.entry
                trailers.extend(amended.trailers)
                others = {entry_path(e.id): encode_entry(e) for e in amended.others}
            files: dict[str, bytes | None] = {entry_path(entry.id): encode_entry(entry),
                                              **others}
            if meta.format >= SEQ_TRAILER_FORMAT:
                trailers.append((SEQ_TRAILER, str(entry.seq)))  # the counter, in the commit
                if replace(new_focus, seq=focus.seq) != focus:
                    files[FOCUS_PATH] = encode_focus(new_focus)  # NEXT moved
            else:
                files[FOCUS_PATH] = encode_focus(new_focus)
            return Built(
                f"{_VERBS[kind]} {entry.id}: {one_line_summary(text)}", trailers, files,
                entry, new_focus, nxt is not None and nxt != focus.next,
            )

        return self.write(build, session=session)

    def _find_decision(self, prefix: str) -> Entry:
        try:
            entry = self.get(prefix)
        except UnknownEntry:
            if self.ref != PROJECT_REF and Ledger(self.store, PROJECT_REF, "project",
                                                  "").has(prefix):
                raise InvalidInput(
                    f"--supersedes {prefix}: that decision is in the project ledger; "
                    "decide with --project to supersede it") from None
            raise
        if entry.kind != "decided":
            raise InvalidInput(
                f"--supersedes {prefix}: {entry.id} is {SECTION_TITLES[entry.kind]}, "
                "not a decision"
            )
        return entry

    def has(self, prefix: str) -> bool:
        """Whether an entry of this ledger matches ``prefix`` (unambiguously or not)."""
        try:
            self.get(prefix)
        except AmbiguousEntry:
            return True
        except UnknownEntry:
            return False
        return True

    def write(self, build: Callable[[TreeView, LedgerMeta, Focus], Built | None], *,
              session: str | _Unread | None = _UNREAD) -> WriteResult:
        """Commit what ``build`` computes from the tip, retried on a moved tip (see store).

        ``build`` may run several times, so it must decide everything from the tree it is
        given (an entry's status, say) and have no side effects; None means no change.
        ``session``: the write's session as the caller read it for ``build`` (read once a
        write: the entry and the commit's trailer name the same one); else read here.
        """
        self.repo.person()  # no identity: fail before anything, the pointer file too
        own = self.kind == "session" and (self._follows_worktree or self._ref is None
                                           or self._ref == self.store.worktree_ref())
        for _ in range(3):
            try:
                result, moved_next = self._write_once(build, session)
            except _LedgerGone:
                if not own:
                    break
                # This worktree's ledger was archived under the write: the write goes to
                # the fresh ledger the worktree continues with, as it would a moment later.
                self._ref = None
                continue
            return result if moved_next is None else self._next_in_worktree(result, moved_next)
        raise CorruptLedger(f"{self._ref} disappeared while writing; nothing was written")

    def _next_in_worktree(self, result: WriteResult, nxt: str) -> WriteResult:
        """NEXT given with a write to the project ledger, set where it is read: this
        worktree's session ledger (the project ledger is no one's next step), right after."""
        session = Ledger(self.store, self.store.worktree_ref(), "session", self._session,
                         follows_worktree=True)
        try:
            done = session.set_next(nxt)
        except LedgerError as exc:
            return replace(result, warnings=(*result.warnings, (
                f"NEXT was not set in this worktree's ledger ({exc}); git ledger next TEXT "
                "sets it")))
        return replace(result, focus=done.focus, focus_ref=done.ref)

    def _write_once(self, build: Callable[[TreeView, LedgerMeta, Focus], Built | None],
                    given: str | _Unread | None = _UNREAD) -> tuple[WriteResult, str | None]:
        """One attempt; with the NEXT a write to the project ledger asked for, which
        ``write`` sets in this worktree's ledger instead."""
        ref = self._writable_ref()
        self.ensure_started(ref)
        session = self.session if isinstance(given, _Unread) else given
        outcome: dict[str, Any] = {}

        def operation(view: TreeView | None) -> tuple[Change, Built] | None:
            if view is None:
                raise _LedgerGone(ref)
            meta, focus = read_header(ref, view)
            built = build(view, meta, focus)
            outcome["focus"] = focus
            outcome["base"] = view.commit
            outcome["next"] = None
            if built is not None and ref == PROJECT_REF and built.focus.next != focus.next:
                outcome["next"] = built.focus.next
                built = _without_next(built, focus, view)
            if built is None:
                return None
            # A new path: the decision index at the base holds no row of it to remove.
            outcome["added"] = (built.entry is not None
                                and not view.has(entry_path(built.entry.id)))
            # The owner a write by another session is warned about: none when the write
            # itself sets the ledger's header (a claim hands the ledger to its session).
            outcome["owner"] = (meta.session_id if meta.kind == "session"
                                and META_PATH not in built.files else None)
            files = dict(built.files)
            trailers = list(built.trailers)
            if built.next_changed:
                trailers.append(("Ledger-Next", "set"))
            if session:
                trailers.append(("Ledger-Session", session))
                if meta.session_id is None and meta.kind == "session" and META_PATH not in files:
                    files[META_PATH] = encode_meta(replace(meta, session_id=session))
                    trailers.append(("Ledger-Owner", session))
            return Change(built.subject, tuple(trailers), files), built

        commit, built = self.store.update(ref, operation)
        if built is None or commit is None:
            return WriteResult(ref, None, None, outcome["focus"]), outcome.get("next")
        self.store.publish(Moved(
            ref, outcome.get("base"), commit, tuple(built.files), detailed=True,
            entry=built.entry, added=bool(outcome["added"]),
            focus_moved=_checkout_line_may_change(built, outcome["focus"])))
        warnings = self._annotate(ref, commit, built.files, added=(
            entry_path(built.entry.id) if built.entry is not None and outcome["added"]
            else None))
        owner = outcome["owner"]
        if session and owner and owner != session:
            warnings = (*warnings, not_the_owner(owner, session))
        return WriteResult(ref, commit, built.entry, built.focus, warnings), outcome.get("next")

    def _annotate(self, ref: str, commit: str, files: dict[str, bytes | None], *,
                  added: str | None = None) -> tuple[str, ...]:
        """Bring the notes of the commits the written decisions cite (or cited) up to date.

        ``added``: a path no tree of the parent had (an add's entry), whose earlier version
        is none without reading the parent.  The notes are an index: the ledger write has
        happened whatever becomes of them, so a failure is a warning naming the command
        that restores them.
        """
        before: TreeView | None = None
        for path, blob in files.items():
            if not path.startswith(f"{ENTRIES_DIR}/"):
                continue
            if blob is not None and b'kind = "decided"' not in blob:
                continue  # only decisions name commits, and a kind never turns back
            if path == added:
                old_blob = None
            else:
                if before is None:  # the parent tree is read only for a decision's write
                    parent = self.store.first_parent(commit)
                    before = self.store.view_at(parent) if parent else None
                old_blob = before.read(path) if before is not None else None
            if not any(b and (b"git:" in b or b"deployed_sha" in b) for b in (blob, old_blob)):
                continue  # names no commit, now or before: nothing to note
            try:
                annotate(self.store, decode_entry_or_none(blob, path), ref,
                         decode_entry_or_none(old_blob, path))
            except LedgerError as exc:
                return (f"the notes on the commits {path.rsplit('/', 1)[-1][:-5]} cites were "
                        f"not updated ({exc}); git ledger notes rebuild restores them",)
        return ()

    def ensure_started(self, ref: str) -> None:
        if self.store.exists(ref):
            return  # the write's own operation reads and checks the ledger's header
        if ref.startswith(SESSIONS_PREFIX) and self.store.exists(
                ARCHIVE_PREFIX + ref.removeprefix(SESSIONS_PREFIX)):
            # Archived meanwhile: starting it again would hide the write in a ledger no
            # worktree reads.  (This worktree's own ledger never gets here: it moves on.)
            raise InvalidInput(f"{ref} was archived; nothing was written (read it with git "
                               f"ledger show --archive {ref.removeprefix(SESSIONS_PREFIX)})")
        kind = self.kind
        person = self.repo.person()
        session = self.session
        ledger_id = ref.removeprefix(SESSIONS_PREFIX) if kind == "session" else "project"

        def start(view: TreeView | None) -> tuple[Change, None] | None:
            if view is not None:
                read_header(ref, view)
                return None
            meta = LedgerMeta(
                format=FORMAT_VERSION, id=ledger_id, kind=kind, created=person.when,
                created_by=person.ident, session_id=session if kind == "session" else None,
            )
            trailers = [("Ledger-Event", "start"), ("Ledger-Format", str(FORMAT_VERSION))]
            if session:
                trailers.append(("Ledger-Session", session))
                if kind == "session":
                    trailers.append(("Ledger-Owner", session))
            return Change(
                f"start {kind} ledger {ledger_id}", tuple(trailers),
                {META_PATH: encode_meta(meta), FOCUS_PATH: encode_focus(Focus())},
            ), None

        self.store.update(ref, start)


# -- helpers ---------------------------------------------------------------------------


def _checkout_line_may_change(built: Built, focus: Focus) -> bool:
    """TASK or NEXT moved, the ledger started, or an open question was written (not the
    entry counter, which every add moves)."""
    return ((built.focus.task, built.focus.next) != (focus.task, focus.next)
            or META_PATH in built.files
            or any(b is not None and b'kind = "open"' in b for b in built.files.values()))


def _without_next(built: Built, focus: Focus, view: TreeView) -> Built | None:
    """A project write as it is committed: its NEXT left out (``write`` sets it in this
    worktree's ledger); None when NEXT was all it changed."""
    new_focus = replace(built.focus, next=focus.next)
    files = dict(built.files)
    if new_focus == focus:
        files.pop(FOCUS_PATH, None)
    else:
        files[FOCUS_PATH] = encode_focus(new_focus)
    if all(view.read(path) == blob for path, blob in files.items()):
        return None
    trailers = [t for t in built.trailers if t != ("Ledger-Next", "set")]
    return replace(built, trailers=trailers, files=files, focus=new_focus, next_changed=False)


class _LedgerGone(Exception):
    """The ledger's ref disappeared between starting a write and committing it."""


def not_the_owner(owner: str, session: str) -> str:
    """The warning a write by another session than the ledger's owner gets (it is kept, and
    labelled with its session in the restore block)."""
    return (f"this ledger belongs to session {owner}, not to this one ({session}): the "
            f"entry is kept and labelled as this session's. Same task: git ledger claim "
            f"--session-id {session}; different task: git ledger archive")


def refuse_mirror(ref: str | None) -> None:
    """Refuse a write to a ledger fetched from a remote: it is someone else's copy."""
    if ref is not None and ref.startswith(REMOTES_PREFIX):
        raise InvalidInput(f"{ref} is a copy fetched from a remote, read-only: write to "
                           "your own ledger (the owner's clone writes theirs)")


def list_ledgers(where: str | os.PathLike[str] | None = None) -> list[LedgerSummary]:
    """Every live ledger in the repository, with the worktree that uses it.

    A session ledger no live worktree points at (its worktree was removed or pruned, or
    the pointer names another ledger now) is marked ``orphaned``.  Archives are listed by
    ``archives.list_archives``.
    """
    store = Store(Repo(where))
    pointers = {p.ref: p.worktree for p in reversed(worktree_pointers(store)) if p.alive}
    current = store.worktree_ref()
    summaries: list[LedgerSummary] = []
    refs = [r for r in store.ledger_refs() if r.startswith(SESSIONS_PREFIX) or r == PROJECT_REF]
    for ref in refs:
        worktree = pointers.get(ref)
        orphaned = ref != PROJECT_REF and worktree is None
        try:
            tip = store.tip(ref)
            assert tip.view is not None
            meta, focus = read_header(ref, tip.view)
            count = sum(
                1
                for a in tip.view.names(ENTRIES_DIR)
                for b in tip.view.names(f"{ENTRIES_DIR}/{a}")
                for _ in tip.view.names(f"{ENTRIES_DIR}/{a}/{b}")
            )
            last = next(store.history(ref, 1), None)
        except CorruptLedger as exc:
            summaries.append(LedgerSummary(ref, None, Focus(), 0, None, worktree,
                                           ref == current, str(exc), orphaned))
            continue
        summaries.append(LedgerSummary(ref, meta, focus, count, last, worktree, ref == current,
                                       orphaned=orphaned))
    summaries.sort(key=lambda s: (s.ref != PROJECT_REF, not s.current, s.ref))
    return summaries


def clean_next(next_text: str | None) -> str | None:
    return clean_line(next_text, "NEXT") if next_text is not None else None


def _clean_lines(values: Iterable[str], field: str) -> tuple[str, ...]:
    return tuple(clean_line(v, field, LINE_LIMIT) for v in values)


def _decision_fields(
    *, over: Sequence[str], because: str | None, scope: str | None, evidence: Sequence[str]
) -> dict[str, Any]:
    return {
        "over": _clean_lines(over, "--over"),
        "because": clean_text(because, "--because") if because is not None else None,
        "scope": clean_line(scope, "--scope") if scope is not None else None,
        "evidence": _clean_lines(evidence, "--evidence"),
    }


def _edited_paths(repo: Repo, paths: Sequence[str]) -> tuple[str, ...]:
    """``edit --paths``: the new globs, or none for ``--paths ''`` (which clears them)."""
    given = [p for p in paths if p.strip()]
    if given and len(given) != len(paths):
        raise InvalidInput("--paths '' clears the globs: give it alone, or give only globs")
    return clean_paths(repo, given)


def _refuse_fields(entry: Entry, changes: dict[str, Any]) -> None:
    """InvalidInput if ``changes`` name a field ``entry``'s kind does not have."""
    for key in changes:
        if key != "text" and key not in KIND_FIELDS[entry.kind]:
            raise InvalidInput(
                f"--{key.replace('_', '-')} does not apply to {entry.id}, which is "
                f"{SECTION_TITLES[entry.kind]}"
            )


def _refuse_foreign_fields(kind: str, **given: Any) -> None:
    for key, value in given.items():
        if value in (None, (), []):
            continue
        if key not in KIND_FIELDS[kind]:
            option = "proposed" if key == "status" else key
            raise InvalidInput(
                f"--{option} does not apply when resolving as {kind} "
                f"({SECTION_TITLES[kind]} takes: {', '.join(KIND_FIELDS[kind])})"
            )


_LINE_FIELDS = {"scope", "path", "supersedes", "superseded_by", "commit"}
_TEXT_FIELDS = {"because", "why", "by", "note"}
_LIST_FIELDS = {"over", "evidence"}


def _clean_field(key: str, value: Any) -> Any:
    if key in _LIST_FIELDS:
        return _clean_lines(value, f"--{key}")
    if key in _LINE_FIELDS:
        return clean_line(value, f"--{key}")
    if key in _TEXT_FIELDS:
        return clean_text(value, f"--{key}")
    if key == "ask_user":
        return bool(value)
    raise InvalidInput(f"'{key}' cannot be edited")


__all__ = [
    "KIND_LETTERS",
    "Amended",
    "Built",
    "EntryHistory",
    "Ledger",
    "LedgerSummary",
    "WriteResult",
    "find_entry_id",
    "list_ledgers",
    "refuse_mirror",
    "resolve_ledger_name",
]
