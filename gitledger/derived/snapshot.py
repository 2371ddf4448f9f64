"""The state of a repository that derived data is keyed by, read with the git CLI: the git
dir, HEAD, the refs under a prefix, the worktree's pointer file and who the reader is.

One ``Snapshot`` keys every saved output, so they agree on what "nothing moved" means.
Imports no libgit2: hot paths read it before deciding to load the ledgers.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from gitledger.derived.git_cli import git_output
from gitledger.storage.layout import POINTER_FILE, QUEUE_FILE

#: The name a queue being finished is rotated to (``storage/event_queue.py``).
ROTATED_SUFFIX = ".old"


def pending(gitdir: Path) -> bool:
    """Whether the git hooks' queue in ``gitdir`` holds events not applied yet (a ``stat``;
    no lock): derived data read while it does may be about to move."""
    try:
        size = (gitdir / QUEUE_FILE).stat().st_size
    except OSError:
        return (gitdir / f"{QUEUE_FILE}{ROTATED_SUFFIX}").exists()
    return size > 0


def identity(configured_name: str | None, configured_email: str | None,
             environ: Mapping[str, str] | None = None, role: str = "AUTHOR"
             ) -> tuple[str | None, str | None]:
    """Who writes, as git computes it for ``role`` (AUTHOR or COMMITTER): the
    ``GIT_<ROLE>_NAME`` and ``_EMAIL`` variables over the config's ``user.name`` and
    ``user.email``, and ``EMAIL`` last for the address."""
    env = os.environ if environ is None else environ
    name = env.get(f"GIT_{role}_NAME") or configured_name
    email = env.get(f"GIT_{role}_EMAIL") or configured_email or env.get("EMAIL")
    return name or None, email or None


def ident(configured_name: str | None, configured_email: str | None) -> str | None:
    """``Name <email>`` of the author ``identity`` gives; None when a part is missing."""
    name, email = identity(configured_name, configured_email)
    return f"{name} <{email}>" if name and email else None


class Snapshot:
    """One reading of a repository through the git CLI (``read``); each further part is
    read at its first use and kept.  A plain class, not a dataclass: the saved restore
    block is served through it, and importing ``dataclasses`` costs that path 7 ms."""

    __slots__ = ("_me", "_refs", "gitdir", "head", "top", "where")

    def __init__(self, where: str | os.PathLike[str] | None, gitdir: str, head: str,
                 top: str | None) -> None:
        self.where = where
        self.gitdir = gitdir
        self.head = head
        self.top = top
        self._refs: dict[tuple[str, ...], str | None] = {}
        self._me: tuple[str | None] | None = None

    @classmethod
    def read(cls, where: str | os.PathLike[str] | None, *, top: bool = False
             ) -> Snapshot | None:
        """The git dir and HEAD (``""`` when unborn), and with ``top`` the work tree's top,
        from one ``git rev-parse``; None when git cannot say (not a repository, no git, a
        bare one asked for its top)."""
        args = ("--show-toplevel",) if top else ()
        found = git_output(where, "rev-parse", "--absolute-git-dir", *args, "--revs-only",
                           "HEAD")
        lines = found.splitlines() if found is not None else []
        want = 2 + top
        if not want - 1 <= len(lines) <= want:
            return None
        head = lines[want - 1] if len(lines) == want else ""
        return cls(where, lines[0], head, lines[1] if top else None)

    def refs(self, *patterns: str) -> str | None:
        """``git for-each-ref`` of ``patterns`` (every ref without one), a line
        ``REFNAME OBJECT`` each; None when git fails."""
        if patterns not in self._refs:
            self._refs[patterns] = git_output(
                self.where, "for-each-ref", "--format=%(refname) %(objectname)", *patterns)
        return self._refs[patterns]

    def commit_refs(self) -> str | None:
        """``refs()`` without the refs to a tree or a blob, as ``refs`` lists them; None
        when git fails.  Tools keep snapshots of the work tree as such refs (Kilo's
        ``refs/kilo/materialize/…``, made and deleted as it runs), and no commit is
        reachable through one, so nothing a ledger or its evidence is read from moves."""
        listed = git_output(self.where, "for-each-ref",
                            "--format=%(objecttype) %(refname) %(objectname)")
        if listed is None:
            return None
        return "".join(f"{rest}\n" for kind, _, rest in
                       (line.partition(" ") for line in listed.splitlines())
                       if kind not in ("tree", "blob"))

    def tips(self, *patterns: str) -> dict[str, str] | None:
        """``refs`` as a mapping of ref name to target."""
        listed = self.refs(*patterns)
        if listed is None:
            return None
        return dict(line.split(" ", 1) for line in listed.splitlines() if " " in line)

    def pointer(self) -> bytes | None:
        """The worktree's pointer file, byte for byte; None when there is none."""
        try:
            return (Path(self.gitdir) / POINTER_FILE).read_bytes()
        except OSError:
            return None

    def me(self) -> str | None:
        """The reader's identity, ``Name <email>`` as ``Repo.person`` gives it (the config
        files libgit2 reads, not ``git -c``'s overrides); None when a part is missing."""
        if self._me is None:
            config = git_output(self.where, "config", "-z", "--get-regexp",
                                r"^user\.(name|email)$", config_as_libgit2=True)
            found: dict[str, str] = {}
            for item in (config or "").split("\0"):
                setting, _, value = item.partition("\n")
                found[setting.lower()] = value
            self._me = (ident(found.get("user.name"), found.get("user.email")),)
        return self._me[0]


__all__ = ["ROTATED_SUFFIX", "Snapshot", "ident", "identity", "pending"]
