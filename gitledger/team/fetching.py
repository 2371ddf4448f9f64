"""``fetch``: a remote's ledgers mirrored into ``refs/ledger/remotes/<remote>/``, nothing
merged, and its text and JSON.  Apart from ``sync.py`` so that ``git ledger fetch`` loads
only the storage layer, not the check, digest and drift code a pull needs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from gitledger.core.display import printable
from gitledger.storage.layout import NOTES_REF, REMOTES_PREFIX
from gitledger.storage.mirrors import tracking_prefix
from gitledger.storage.month_chains import is_chain, moved_names
from gitledger.storage.network import run_network
from gitledger.storage.remotes import (
    PACK_AFTER_NEW_REFS,
    default_remote,
    fetch_archives,
    fetch_refspecs,
    pack_refs,
    remote_refs,
    squatting,
)
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store


@dataclass(frozen=True)
class RefMove:
    ref: str
    old: str | None
    new: str | None


@dataclass(frozen=True)
class FetchResult:
    remote: str
    moved: tuple[RefMove, ...]
    #: Remote refs left out because their names block ledger refs (``squatting``).
    skipped: tuple[str, ...] = ()
    #: With ``--archives``: the mirrors of every archive the remote holds, now here.
    archives: tuple[str, ...] | None = None


def fetch(where: str | os.PathLike[str] | None = None, remote: str | None = None, *,
          archives: bool = False) -> FetchResult:
    """Mirror ``remote``'s ledgers into ``refs/ledger/remotes/<remote>/``; merge nothing.
    With ``archives``, every archive it holds too (a pull fetches none; reading one
    fetches it): for ``search`` over a team's archives."""
    repo = Repo(where)
    store = Store(repo)
    name = default_remote(repo, remote)
    result = fetch_into(repo, store, name)
    if not archives:
        return result
    brought = fetch_archives(repo, name)
    if len(brought) >= PACK_AFTER_NEW_REFS:
        pack_refs(repo)
    store.forget_archives()
    return FetchResult(result.remote, result.moved, result.skipped, tuple(brought))


def fetch_into(repo: Repo, store: Store, remote: str) -> FetchResult:
    """``fetch`` in an open repository (``pull`` and ``push`` fetch through it).

    One fetch of everything but the squatting refs, whose names would block ours: the
    remote is listed first (``git ls-remote``), they are left out of the fetch and their
    old mirrors removed, so that the rest still moves."""
    prefix = tracking_prefix(remote)
    before = store.refs_under(prefix, chained=False)
    index_before = store.archive_index()
    # Nearly always no remote ref squats: one fetch of everything, and the names it brought
    # say so, without listing the remote first (``git ls-remote`` is a second connection,
    # a third of a pull's own overhead).  A failed fetch or a squatter among the mirrors
    # takes the careful way, which lists the remote and leaves the squatters out.
    done = _run_fetch(repo, remote, fetch_refspecs(remote), ok=(0, 1, 128))
    store.forget_archives()  # git moved the mirrors of month chains
    after = store.refs_under(prefix, chained=False)
    # Only a ref the remote has can squat: the archives a chain holds are no refs.
    skipped = squatting([_remote_name(prefix, m) for m in after]) if done else ["?"]
    if skipped:
        skipped = squatting(remote_refs(repo, remote, what="git fetch"))
        for name in skipped:
            rest = (name.replace(NOTES_REF, "notes", 1) if name.startswith(NOTES_REF)
                    else name.removeprefix("refs/ledger/"))
            store.mirror(prefix + rest, None)
        _run_fetch(repo, remote, fetch_refspecs(remote, skipped))
        store.forget_archives()
        after = store.refs_under(prefix, chained=False)
    moved = [RefMove(ref, old, new) for ref, old, new in
             moved_names(prefix, before, index_before, after, store.archive_index())
             if not is_chain(ref)]  # a chain's archives are listed, by name
    if sum(1 for ref in after if ref not in before) >= PACK_AFTER_NEW_REFS:
        pack_refs(repo)
    return FetchResult(remote, tuple(moved), tuple(skipped))


def _run_fetch(repo: Repo, remote: str, specs: list[str], *,
               ok: tuple[int, ...] = (0,)) -> bool:
    """One ``git fetch`` of ``specs``; whether it succeeded (a return code outside ``ok``
    is a SyncError naming git's complaint)."""
    done = run_network(repo, ["fetch", "--quiet", "--prune", "--no-tags",
                              "--no-write-fetch-head", "--no-recurse-submodules", "--stdin",
                              remote],
                       what="git fetch", stdin="\n".join(specs) + "\n", ok=ok)
    return done.returncode == 0


def _remote_name(prefix: str, mirror: str) -> str:
    """The remote ref a mirror copies (the inverse of ``fetch_refspecs``' mapping)."""
    rest = mirror.removeprefix(prefix)
    return NOTES_REF + rest.removeprefix("notes") if rest.startswith("notes") \
        else "refs/ledger/" + rest


def fetch_json(result: FetchResult) -> dict[str, Any]:
    found: dict[str, Any] = {
        "remote": result.remote,
        "moved": [{"ref": m.ref, "old": m.old, "new": m.new} for m in result.moved],
        "skipped": list(result.skipped)}
    if result.archives is not None:
        found["archives"] = list(result.archives)
    return found


def skipped_warning(remote: str, skipped: tuple[str, ...]) -> str | None:
    """The one warning line about refs whose names block ledger refs (None: there are none);
    the CLI prints it on stderr."""
    if not skipped:
        return None
    shown = ", ".join(printable(name) for name in skipped[:10])
    more = f" and {len(skipped) - 10} more" if len(skipped) > 10 else ""
    return (f"{remote} holds refs whose names block ledger refs (directory/file conflict), "
            f"skipped, everything else moved: {shown}{more}")


def fetch_text(result: FetchResult) -> str:
    archives = "" if result.archives is None else (
        f"\n{len(result.archives)} archive(s) of {result.remote} here "
        f"(git ledger search reads them)")
    return _moved_text(result) + archives


def _moved_text(result: FetchResult) -> str:
    if not result.moved:
        return f"Fetched from {result.remote}: up to date"
    count = len(result.moved)
    lines = [f"Fetched from {result.remote}: {count} ref{'s' if count != 1 else ''} moved"]
    prefix = f"{REMOTES_PREFIX}{result.remote}/"
    for move in result.moved:
        name = f"{result.remote}/{move.ref.removeprefix(prefix)}"
        if move.old is None:
            what = f"new at {(move.new or '')[:12]}"
        elif move.new is None:
            what = "gone from the remote (archived or pruned there)"
        else:
            what = f"{move.old[:12]} -> {move.new[:12]}"
        lines.append(f"  {name}  {what}")
    return "\n".join(lines)
