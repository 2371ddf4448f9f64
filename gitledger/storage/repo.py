"""Opening the repository a command runs in, and the facts about it that writes need.

The only place that decides which repository and worktree we are in and who is writing,
honouring git's environment overrides so that identities and dates match git's.
"""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pygit2

from gitledger.core.display import is_shown, one_line
from gitledger.derived.snapshot import identity
from gitledger.errors import InvalidInput, RepositoryError

#: A git config (the repository's, or one level of it), for modules that do not import pygit2.
Config = pygit2.Config


@dataclass(frozen=True)
class Person:
    name: str
    email: str
    when: datetime

    @property
    def ident(self) -> str:
        return f"{self.name} <{self.email}>"

    def signature(self) -> pygit2.Signature:
        offset = self.when.utcoffset() or timedelta(0)
        return pygit2.Signature(
            self.name, self.email, int(self.when.timestamp()), int(offset.total_seconds() // 60)
        )


class Repo:
    """The repository and the worktree a command runs in.  A bare repository (a mirror CI
    publishes from) opens for reading; no ledger is written there (``person`` refuses)."""

    def __init__(self, start: str | os.PathLike[str] | None = None) -> None:
        where = Path(start) if start is not None else Path.cwd()
        if not where.is_dir():
            raise RepositoryError(f"cannot use '{where}': no such directory")
        env_git_dir = os.environ.get("GIT_DIR") if start is None else None
        found = env_git_dir or pygit2.discover_repository(str(where.resolve()))
        if not found:
            raise RepositoryError(f"not a git repository (or any parent): {where.resolve()}")
        try:
            # Opened from the directory, not from the git dir discovery found: only a search
            # that starts in the work tree knows the work tree of a --separate-git-dir.
            self.git = pygit2.Repository(env_git_dir or str(where.resolve()))
        except pygit2.GitError as exc:
            raise RepositoryError(f"cannot open the repository at {found}: {exc}") from None
        self.bare = self.git.is_bare or self.git.workdir is None
        self.cwd = where.resolve()
        self.gitdir = Path(self.git.path).resolve()
        self.workdir = self.gitdir if self.bare else Path(self.git.workdir).resolve()
        commondir_file = self.gitdir / "commondir"
        if commondir_file.is_file():
            common = commondir_file.read_text(encoding="utf-8").strip()
            self.commondir = (self.gitdir / common).resolve()
        else:
            self.commondir = self.gitdir
        self._configured_identity: tuple[str | None, str | None] | None = None

    def require_work_tree(self, what: str) -> None:
        """Refuse ``what`` in a bare repository, before it starts."""
        if self.bare:
            raise RepositoryError(
                f"{self.gitdir} is a bare repository: {what} needs a clone or worktree")

    def head_commit(self) -> str | None:
        """The commit HEAD points at, or None in a repository with no commits yet."""
        if self.git.head_is_unborn:
            return None
        return str(self.git.head.target)

    def person(self, role: str = "AUTHOR") -> Person:
        """Who is writing, as git would compute it for ``role`` (AUTHOR or COMMITTER).
        Every write asks, so a bare repository refuses every write here."""
        self.require_work_tree("writing a ledger")
        name, email = identity(*self._identity_config(), role=role)
        if not name or not email:
            raise RepositoryError(
                "no git identity to write the ledger as: run "
                "git config user.name 'Your Name' and git config user.email you@example.com"
            )
        hidden = [ch for ch in name + email if not is_shown(ch) or ch in "\t\n"]
        if hidden:
            # The name is every ledger commit's author, shown beside the entries it wrote.
            raise RepositoryError(
                f"the git identity {one_line(name)} <{one_line(email)}> contains "
                f"U+{ord(hidden[0]):04X}, a character a reader would not see: set "
                "user.name and user.email to plain text")
        date = os.environ.get(f"GIT_{role}_DATE")
        return Person(name, email, parse_git_date(date) if date else now())

    def relative_to_workdir(self, path: str) -> str:
        """A PLAN pointer: repository-relative when inside the work tree, else absolute."""
        if path.startswith("~"):
            return path
        full = (self.cwd / path).resolve()
        try:
            return full.relative_to(self.workdir).as_posix()
        except ValueError:
            return str(full)

    def current_branch(self) -> str | None:
        """The checked-out branch's short name (None when HEAD is detached)."""
        try:
            if self.git.head_is_detached:
                return None
            return str(self.git.head.shorthand)
        except (pygit2.GitError, KeyError, ValueError):
            # No commits yet: HEAD names a branch that does not exist.
            target = self.git.references.get("HEAD")
            name = str(target.target) if target is not None else ""
            return name.removeprefix("refs/heads/") or None

    def local_config(self) -> Config:
        """The repository's own config file (``.git/config``): never the user's or system's."""
        return pygit2.Config(str(self.commondir / "config"))

    def _identity_config(self) -> tuple[str | None, str | None]:
        """``user.name`` and ``user.email``, read once for this open repository, as git
        reads its config once per command: a write asks for them four times, and each
        config lookup costs more than the rest of the identity (13% of an append).  A
        repository kept open (the MCP server) is opened again when its git dir changes."""
        if self._configured_identity is None:
            self._configured_identity = (self._config("user.name"), self._config("user.email"))
        return self._configured_identity

    def _config(self, key: str) -> str | None:
        try:
            value = self.git.config[key]
        except KeyError:
            return None
        return str(value) if value else None


class _OpenRepositories(threading.local):
    """One thread's open repositories: a pygit2 Repository must stay in its thread."""

    #: Whether this process keeps repositories open at all (set for every thread).
    enabled = False

    def __init__(self) -> None:
        self.by_path: dict[str, tuple[Repo, tuple[int, int, int]]] = {}


_kept = _OpenRepositories()


def keep_repositories_open() -> None:
    """Let ``open_repo`` reuse what it opened, per thread: for a long-lived process (the
    MCP server) that serves the same repository call after call, where opening it again
    costs more than the rest of a small write."""
    _OpenRepositories.enabled = True


def open_repo(where: str | os.PathLike[str] | None = None) -> Repo:
    """``Repo(where)``, or the same repository this thread opened at ``where`` before (when
    kept open, and while its git dir is unchanged: a repository deleted and made again at
    the same path is opened afresh)."""
    if not _kept.enabled or where is None:
        return Repo(where)
    key = os.fspath(where)
    held = _kept.by_path.get(key)
    if held is not None and _identity(held[0].gitdir) == held[1]:
        return held[0]
    repo = Repo(where)
    opened = _identity(repo.gitdir)
    if opened is not None:
        _kept.by_path[key] = (repo, opened)
    return repo


def _identity(path: Path) -> tuple[int, int, int] | None:
    """The git dir's device, inode and change time: a directory made again at the same
    path may get the old inode, never the old change time (which also moves when git adds
    or removes a file in it: a reopen then costs a millisecond, nothing more)."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino, found.st_ctime_ns


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0).astimezone()


_RAW_DATE = re.compile(r"^@?(\d+)(?:\s+([+-])(\d{2})(\d{2}))?$")


def parse_git_date(text: str) -> datetime:
    """Parse the date formats git accepts in GIT_AUTHOR_DATE: raw, ISO 8601, RFC 2822."""
    value = text.strip()
    raw = _RAW_DATE.match(value)
    if raw:
        tz = UTC
        if raw.group(2):
            minutes = int(raw.group(3)) * 60 + int(raw.group(4))
            tz = timezone(timedelta(minutes=-minutes if raw.group(2) == "-" else minutes))
        return datetime.fromtimestamp(int(raw.group(1)), tz)
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        # Only an RFC 2822 GIT_*_DATE gets here: email.utils (and calendar) would cost
        # every write's process a few ms to import for a date format rarely used.
        from email.utils import parsedate_to_datetime  # noqa: PLC0415

        try:
            parsed = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            raise InvalidInput(f"cannot parse the date '{text}'") from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def init_repository(path: Path) -> Repo:
    """A new non-bare repository at ``path`` with an identity to write with."""
    git = pygit2.init_repository(str(path), bare=False, initial_head="main")
    repo = Repo(path)
    try:
        repo.person()
    except RepositoryError:
        git.config["user.name"] = "gitledger tour"
        git.config["user.email"] = "tour@gitledger.invalid"
    return repo


def commit_files(repo: Repo, files: dict[str, str], message: str) -> str:
    """Write ``files`` into the work tree and commit them on HEAD, as ``git commit`` would."""
    for name, content in files.items():
        target = repo.workdir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
    index = repo.git.index
    for name in files:
        index.add(name)
    index.write()
    tree = index.write_tree()
    parents = [] if repo.git.head_is_unborn else [repo.git.head.target]
    author = repo.person("AUTHOR").signature()
    committer = repo.person("COMMITTER").signature()
    return str(repo.git.create_commit("HEAD", author, committer, message, tree, parents))
