"""A session ledger archived as an annotated tag at ``refs/ledger/archive/<id>``, in the
order a crash cannot make lossy: the tag is set before the session ref goes, each under
its ref's lock, so a kill between them leaves two copies and archiving again finishes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygit2
from pygit2.enums import ObjectType
from pygit2.transaction import ReferenceTransaction

from gitledger.errors import CorruptLedger
from gitledger.storage.layout import ARCHIVE_PREFIX, SESSIONS_PREFIX
from gitledger.storage.ref_writes import LedgerMoved, remove_at, with_lock
from gitledger.storage.signatures import signed_tag, tag_signing_configured

if TYPE_CHECKING:
    from gitledger.storage.store import Store


def archive(store: Store, ref: str, expected_tip: str, message: str) -> tuple[str, str]:
    """Archive the session ledger at ``ref`` as a tag (``message`` its message), never
    losing it: the tag first, then the session ref removed if it still points at
    ``expected_tip``.  Returns (the archive's name, the tag's id).  Raises ``LedgerMoved``
    when the tip is no longer ``expected_tip``."""
    git = store.git
    name = ref.removeprefix(SESSIONS_PREFIX)
    target = ARCHIVE_PREFIX + name
    existing = git.references.get(target)
    tag: pygit2.Oid | str
    if existing is None:
        # A format-3 month chain may hold an earlier archive of it (not yet migrated):
        # the tag made now holds the ledger's newest state, and is read before it.
        chained = store.chained(target)
        if chained is not None and chained.commit != expected_tip and \
                not git.descendant_of(pygit2.Oid(hex=expected_tip),
                                      pygit2.Oid(hex=chained.commit)):
            raise CorruptLedger(f"{target} holds a ledger that is not an earlier state "
                                f"of {ref}; git ledger doctor explains")
        made = write_tag(store, name, expected_tip, message)
        with_lock(git, target, store.lock_file(target),
                  lambda txn: _set_new(git, txn, target, made, None, name))
        store.forget_archives()
        tag = made
    else:
        tagged = existing.peel(pygit2.Commit).id
        if str(tagged) == expected_tip:
            tag = existing.target  # an interrupted archive: only the removal is left
        elif git.descendant_of(pygit2.Oid(hex=expected_tip), tagged):
            # The ledger went on after the tag was set (a write racing this archive, or
            # work after an interrupted one): the archive follows it.
            followed = write_tag(store, name, expected_tip, message)
            old = existing.target
            with_lock(git, target, store.lock_file(target),
                      lambda txn: _set_new(git, txn, target, followed, old, name))
            tag = followed
        else:
            raise CorruptLedger(f"{target} holds a ledger that is not an earlier state "
                                f"of {ref}; git ledger doctor explains")
    with_lock(git, ref, store.lock_file(ref),
              lambda txn: remove_at(git, txn, ref, expected_tip))
    return target, str(tag)


def write_tag(store: Store, name: str, tip: str, message: str,
              tagger: pygit2.Signature | None = None) -> pygit2.Oid:
    """Write the annotated tag archiving ledger ``name`` at ``tip`` (no ref yet): signed
    as ``git tag -s`` signs when the user signs tags (``tag.gpgSign``), else by libgit2.
    ``tagger``: who archived it (default: the committer, now)."""
    who = tagger or store.repo.person("COMMITTER").signature()
    if tag_signing_configured(store.git.config):
        return pygit2.Oid(hex=signed_tag(store.repo, name, tip, who, message))
    offset = who.offset
    zone = f"{'-' if offset < 0 else '+'}{abs(offset) // 60:02d}{abs(offset) % 60:02d}"
    raw = (
        f"object {tip}\ntype commit\ntag {name}\n"
        f"tagger {who.name} <{who.email}> {who.time} {zone}\n\n{message}"
    )
    return store.git.odb.write(ObjectType.TAG, raw.encode("utf-8"))


def _set_new(git: pygit2.Repository, txn: ReferenceTransaction, target: str,
             tag: pygit2.Oid, old: object, name: str) -> None:
    """Set ``target`` to ``tag`` if it still holds ``old`` (None: does not exist)."""
    current = git.references.get(target)
    if (current.target if current is not None else None) != old:
        raise LedgerMoved(target)
    txn.set_target(target, tag, message=f"archive {name}")

