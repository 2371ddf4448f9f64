"""Where a remote's ledgers are mirrored: ``refs/ledger/remotes/<remote>/…``, read-only.

Naming and listing only, no network (``remotes.py`` runs git for that), so that every
reader that labels a teammate's ledger can know the mirrors without loading ``subprocess``.
"""

from __future__ import annotations

from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    NOTES_REF,
    PROJECT_REF,
    REMOTES_PREFIX,
    SESSIONS_PREFIX,
)
from gitledger.storage.signatures import Verifier
from gitledger.storage.store import Store


def tracking_prefix(remote: str) -> str:
    return f"{REMOTES_PREFIX}{remote}/"


def tracking_ref(remote: str, local_ref: str) -> str:
    """Where the copy of ``local_ref`` fetched from ``remote`` is kept."""
    if local_ref == NOTES_REF:
        return tracking_prefix(remote) + "notes"
    return tracking_prefix(remote) + local_ref.removeprefix("refs/ledger/")


def local_ref_of(remote: str, tracking: str) -> str:
    """The remote's own name for the ref mirrored at ``tracking``."""
    rest = tracking.removeprefix(tracking_prefix(remote))
    return NOTES_REF if rest == "notes" else "refs/ledger/" + rest


def mirrors_of(store: Store, own: str, held: set[str] | None = None) -> list[str]:
    """The mirrors of the ledger the remotes call ``own`` that exist here and are not
    quarantined (``held``, when the caller has them): what ``mirrors`` maps to ``own``,
    found by name, without listing every mirror."""
    if not (own.startswith((SESSIONS_PREFIX, ARCHIVE_PREFIX)) or own == PROJECT_REF):
        return []
    if held is None:
        held = {verdict.ref for verdict in Verifier(store.repo).quarantined()}
    found = []
    for remote in sorted(str(n) for n in store.git.remotes.names() if n):
        mirror = tracking_ref(remote, own)
        if mirror not in held and store.exists(mirror):
            found.append(mirror)
    return found


def mirrors(store: Store) -> dict[str, tuple[str, str]]:
    """Every ledger mirror of every configured remote: {mirror ref: (remote, the remote's
    own name for the ref)}; the keep-alive chain and notes are not ledgers and are left out,
    and so is a mirror quarantined by signature verification (``signatures.py``): what
    indexes the teammates' ledgers (``why``, the notes) does not read it either."""
    found: dict[str, tuple[str, str]] = {}
    held = {verdict.ref for verdict in Verifier(store.repo).quarantined()}
    for remote in sorted(str(n) for n in store.git.remotes.names() if n):
        for ref in store.refs_under(tracking_prefix(remote)):
            if ref in held:
                continue
            own = local_ref_of(remote, ref)
            if own.startswith((SESSIONS_PREFIX, ARCHIVE_PREFIX)) or own == PROJECT_REF:
                found[ref] = (remote, own)
    return found


def unpulled_remote(store: Store) -> str | None:
    """A remote this clone has fetched code from (its ``refs/remotes/<r>/HEAD``, as a clone
    leaves it) but whose ledgers were never pulled, while no project ledger is here: none
    fetched, or its project ledger fetched (a plain ``git fetch`` after ``remote setup``)
    and never merged.  The remote a new clone should pull the team's decisions from;
    None when there is none."""
    git = store.git
    if git.references.get(PROJECT_REF) is not None:
        return None
    for remote in git.remotes.names():
        if not remote or git.references.get(f"refs/remotes/{remote}/HEAD") is None:
            continue
        if (git.references.get(tracking_ref(remote, PROJECT_REF)) is not None
                or not store.refs_under(tracking_prefix(remote), chained=False)):
            return remote
    return None
