"""What ``git push --porcelain`` answered, read: each ref's update, whether a rejection
wants a pull first, the server's own lines (untrusted: ``server_text``), and the one line
of a refusal, naming what landed and what did not.  ``push`` and ``remote setup`` read
their pushes through it."""

from __future__ import annotations

from dataclasses import dataclass

from gitledger.errors import RemoteRefused
from gitledger.storage.network import server_text

#: What a rejection that a pull and a retry fix says.
NEEDS_PULL = ("non-fast-forward", "fetch first", "stale info")


@dataclass(frozen=True)
class PushUpdate:
    ref: str
    #: ``new``, ``updated``, ``deleted``, ``up-to-date`` or ``rejected``.
    status: str
    reason: str = ""


def parse_porcelain(stdout: str) -> list[PushUpdate]:
    """``git push --porcelain``: ``<flag>\\t<from>:<to>\\t<summary>`` per ref."""
    statuses = {" ": "updated", "+": "updated", "*": "new", "-": "deleted",
                "=": "up-to-date", "!": "rejected"}
    updates: list[PushUpdate] = []
    for line in stdout.splitlines():
        parts = line.split("\t")
        if len(parts) < 3 or len(parts[0]) != 1 or parts[0] not in statuses:
            continue
        target = parts[1].rsplit(":", 1)[-1]
        summary = parts[2]
        # The server chose it (a hook's or a hosted service's words): untrusted.
        reason = server_text(summary[summary.find("(") + 1:summary.rfind(")")]
                             if "(" in summary else "")
        if parts[0] == "!" and summary.startswith("[remote rejected]"):
            reason = f"remote rejected: {reason}" if reason else "remote rejected"
        updates.append(PushUpdate(target, statuses[parts[0]], reason))
    return updates


def atomic_fallout(reason: str) -> bool:
    """A ref an atomic push refused only because another ref of it was refused."""
    return "atomic push failed" in reason or "atomic push failure" in reason


def needs_pull(reason: str, stderr: str) -> bool:
    """Whether a rejection means "someone pushed first": refused before the transfer
    (not a fast-forward), or lost on the server, where the ref moved (or was created)
    between its advertisement and its update: its lock found another value."""
    if any(text in reason for text in NEEDS_PULL):
        return True
    lost_race = any("cannot lock ref" in line
                    and ("but expected" in line or "reference already exists" in line)
                    for line in stderr.splitlines())
    return lost_race and ("atomic transaction failed" in reason
                          or "failed to update ref" in reason)


#: What receive-pack adds for each ref a hook refused: the porcelain line says it already.
_RESTATED = ("error: hook declined to update ",)


def remote_said(stderr: str) -> str:
    """The server's own lines, each once (a per-ref hook says the same for every ref), as
    untrusted text is quoted: ``server_text``."""
    lines = [line.removeprefix("remote:").strip() for line in stderr.splitlines()
             if line.startswith("remote:")]
    said = [line for line in lines if line and not line.startswith(_RESTATED)]
    return server_text(" / ".join(list(dict.fromkeys(said))[:3]))


#: How many refs an error names before it counts the rest (a year's archives are 25,000).
_NAMED_REFS = 3


def ref_list(refs: list[str]) -> str:
    named = ", ".join(refs[:_NAMED_REFS])
    return named + (f" and {len(refs) - _NAMED_REFS} more" if len(refs) > _NAMED_REFS else "")


def refusal(remote: str, refused: list[PushUpdate], said: str, landed: list[PushUpdate],
             unsent: list[PushUpdate] | tuple[()] = ()) -> RemoteRefused:
    """The one line of a push the remote refused: which refs, git's reason, the server's
    text (once), and, where part of the same push landed there anyway, what landed and
    what else did not (``unsent``: turned away because the remote moved first)."""
    refs = [u.ref for u in refused]
    reason = refused[0].reason
    message = f"{remote} refused {ref_list(refs)} ({reason}){': ' + said if said else ''}"
    if landed:
        message += f"; landed on {remote}: {ref_list([u.ref for u in landed])}"
        if unsent:
            message += (f"; not pushed, since {remote} moved first (a pull merges it): "
                        f"{ref_list([u.ref for u in unsent])}")
        message += "; your ledgers here were not changed"
    else:
        message += "; nothing local was changed"
    return RemoteRefused(message, remote=remote, refused=tuple(refs), reason=reason,
                         said=said, landed=tuple(u.ref for u in landed),
                         unsent=tuple(u.ref for u in unsent))
