"""``remote setup`` tries the host first: the ledger refs are pushed (with none to push,
a probe ref pushed and deleted again) before a push line is configured, so that a host
that refuses ``refs/ledger/*`` never makes a plain ``git push`` of code fail."""

from __future__ import annotations

import os
from dataclasses import replace

from gitledger.errors import RemoteRefused, SyncError
from gitledger.ledger import digest
from gitledger.storage.network import run_network
from gitledger.storage.remotes import (
    PROBE_PREFIX,
    SetupResult,
    configure,
    default_remote,
    probe_commit,
)
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from gitledger.team.push_report import parse_porcelain, ref_list, refusal, remote_said
from gitledger.team.sync import push_refs


def setup_remote(where: str | os.PathLike[str] | None, remote: str | None, *,
                 dry_run: bool = False) -> SetupResult:
    """``remote setup``: make plain ``git fetch`` and ``git push`` move ledgers, once the
    remote has taken them.

    A host that refuses ``refs/ledger/*`` (a pre-receive hook, a hosted service's rules)
    would make every plain ``git push`` of code fail once our push lines are there: git
    sends the branch and the ledgers in one push, and a pre-receive hook refuses all of
    it.  So before a push line is added the ledger refs are pushed, as ``push --all``
    pushes them (with none yet, a probe ref that is deleted again), and a refusal is one
    line with nothing configured.  A dry run, or a remote that gets no push line, is
    never contacted."""
    repo = Repo(where)
    name = default_remote(repo, remote)
    planned = configure(repo, name, dry_run=True)
    if dry_run or not any(key == "push" for key, _ in planned.changed):
        return configure(repo, name, dry_run=dry_run)
    store = Store(repo)
    digest.register(store)  # a pull before the push rebuilds the project's digest
    try:
        pushed = push_refs(repo, store, name, all_sessions=True, dry_run=False,
                       transcripts=False)
        sent = tuple(u.ref for u in pushed.updates
                     if u.status in ("new", "updated", "deleted"))
        # Nothing sent (no ledger yet, or the remote has them all): the host's hooks
        # have not been asked, so a probe asks them.
        probe = "" if sent else _probe(repo, name)
    except RemoteRefused as exc:
        landed = (f"; landed on {name}: {ref_list(list(exc.landed))}" if exc.landed
                  else "")
        if exc.unsent:
            landed += f"; not pushed, since {name} moved first: {ref_list(list(exc.unsent))}"
        raise RemoteRefused(
            f"{name} refuses ledger refs: {ref_list(list(exc.refused))} ({exc.reason})"
            f"{': ' + exc.said if exc.said else ''}{landed}; remote.{name} was not set up, "
            "so a plain git push still pushes only your code (see 'A server that refuses "
            "ledger refs' in docs/team.md)",
            remote=name, refused=exc.refused, reason=exc.reason, said=exc.said,
            landed=exc.landed, unsent=exc.unsent) from None
    return replace(configure(repo, name), pushed=sent, probe=probe)


def _probe(repo: Repo, remote: str) -> str:
    """Push a commit of the empty tree to a fresh probe ref and delete it again:
    ``deleted``, or ``left: <why>`` when the remote took it but its deletion was refused
    or failed.  A ``RemoteRefused`` when the remote refused the probe itself.  Whatever
    stops setup once the probe may be there (an interrupt, a failure) deletes it first."""
    ref = PROBE_PREFIX + os.urandom(6).hex()
    sha = probe_commit(repo)
    what = f"git push to {remote}"
    try:
        done = run_network(repo, ["push", "--porcelain", "--no-verify", remote,
                                  f"{sha}:{ref}"], what=what, ok=(0, 1))
        refused = [u for u in parse_porcelain(done.stdout) if u.status == "rejected"]
    except BaseException:
        _delete_probe(repo, remote, ref, sha)
        raise
    if refused:
        raise refusal(remote, refused, remote_said(done.stderr), [])
    return _delete_probe(repo, remote, ref, sha)


def _delete_probe(repo: Repo, remote: str, ref: str, sha: str) -> str:
    """Delete the probe ``ref`` (leased on ``sha``): ``deleted``, or ``left: <why>``."""
    try:
        done = run_network(repo, ["push", "--porcelain", "--no-verify",
                                  f"--force-with-lease={ref}:{sha}", remote, f":{ref}"],
                           what=f"git push to {remote}", ok=(0, 1))
    except SyncError as exc:
        return f"left: {ref} ({exc})"
    updates = parse_porcelain(done.stdout)
    kept = [u for u in updates if u.status == "rejected"]
    if kept and "stale info" not in kept[0].reason:  # stale: it never landed
        said = remote_said(done.stderr)
        return f"left: {ref} ({kept[0].reason}){': ' + said if said else ''}"
    return "deleted"
