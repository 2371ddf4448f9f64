"""Remotes: which one a command talks to, what it holds, and our refspecs.

Transfer runs the user's git (``network.py``) so credentials and ssh config work as for any
branch; a remote's ledgers are mirrored under ``refs/ledger/remotes/<remote>/``, read only,
never pushed.  ``remote setup`` records its refspecs so ``teardown`` removes exactly those.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pygit2

from gitledger.derived.files import write_atomic
from gitledger.errors import InvalidInput, SyncError
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    KEEP_REF,
    MONTHS_DIR,
    MONTHS_PREFIX,
    NOTES_REF,
    PROJECT_REF,
    REMOTES_PREFIX,
    SESSIONS_PREFIX,
    TRANSCRIPTS_PREFIX,
)
from gitledger.storage.mirrors import tracking_prefix
from gitledger.storage.network import git_complaint, run_network
from gitledger.storage.repo import Repo

#: The key under ``remote.<name>`` that remembers what ``remote setup`` added.
MARKER_KEY = "ledgerRefspec"


def fetch_refspecs(remote: str, skip: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Mirror the remote's live ledgers and notes into the tracking namespace (forced: it
    is a copy of what the remote holds; local ledgers are only ever merged into), leaving
    out the remote refs ``skip`` (``squatting``).  Not its archives: what outlives a task
    arrives with the project ledger, and an archive is fetched when it is read
    (``fetch_archives``); named one by one, so that the remote lists only these (a year's
    archive tags are not even advertised to a pull)."""
    prefix = tracking_prefix(remote)
    return [f"+{SESSIONS_PREFIX}*:{prefix}sessions/*", f"+{PROJECT_REF}*:{prefix}project*",
            f"+{KEEP_REF}*:{prefix}keep*", f"+{NOTES_REF}*:{prefix}notes*",
            *(f"^{name}" for name in skip)]


def fetch_archives(repo: Repo, remote: str, key: str = "") -> list[str]:
    """Fetch ``remote``'s archive tags whose id starts with ``key`` (every one when it is
    empty, pruning the mirrors of those gone there) into ``refs/ledger/remotes/<remote>/
    archive/``: the mirrors they are now at.  A remote that is not configured, or a key
    that is no ref name, fetches nothing."""
    if remote not in repo.git.remotes.names() or "*" in key or (
            key and not pygit2.reference_is_valid_name(ARCHIVE_PREFIX + key)):
        return []
    mirror = tracking_prefix(remote) + "archive/"
    args = ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head",
            "--no-recurse-submodules", *([] if key else ["--prune"]), remote,
            f"+{ARCHIVE_PREFIX}{key}*:{mirror}{key}*"]
    if not key:  # and the format-3 month chains of teammates who have not migrated yet
        args.append(f"+{MONTHS_PREFIX}*:{tracking_prefix(remote)}{MONTHS_DIR}/*")
    run_network(repo, args, what=f"git fetch of {remote}'s archives")
    return sorted(ref for ref in repo.git.references if ref.startswith(mirror + key))


#: The names under which gitledger keeps one ref each: a remote ref *below* one of them
#: (``refs/ledger/project/x``) cannot exist beside it, in a clone or on the remote.
_LEAF_REFS = ("refs/ledger/project", "refs/ledger/keep", NOTES_REF)
_LEDGER_DIRS = ("refs/ledger/sessions", "refs/ledger/archive")


def remote_refs(repo: Repo, remote: str, *, what: str = "git ls-remote") -> dict[str, str]:
    """The remote's refs under ``refs/ledger/`` and ``refs/notes/ledger*``: {ref: sha};
    ``what`` names the command in an error (``git push to origin``)."""
    done = run_network(repo, ["ls-remote", "--refs", remote, "refs/ledger/*",
                              f"{NOTES_REF}*"], what=what)
    found: dict[str, str] = {}
    for line in done.stdout.splitlines():
        sha, _, ref = line.partition("\t")
        if ref.startswith(("refs/ledger/", NOTES_REF)):
            found[ref] = sha
    return found


#: The longest remote ref name a fetch mirrors: far longer than any name gitledger writes,
#: and short enough that its mirror stays within what libgit2 reads (1,024 characters);
#: git itself takes longer ones, so a teammate can push them.
LONGEST_REF_NAME = 512


#: What ``squatting`` looks for, as one expression matched once a name (a year's remote
#: lists 50,000): a directory of ledgers itself, a name below a ledger of one, or below a
#: ledger ref.
_SQUATS = re.compile("|".join(
    [f"{re.escape(d)}(?:\\Z|/[^/]*/)" for d in _LEDGER_DIRS]
    + [f"{re.escape(leaf)}/" for leaf in _LEAF_REFS]))


def squatting(names: list[str] | dict[str, str]) -> list[str]:
    """The remote refs whose names block a name gitledger uses (a directory/file conflict:
    git's "cannot lock ref"): below a ledger ref (``refs/ledger/project/x``,
    ``refs/notes/ledger/x``, ``refs/ledger/sessions/<id>/x``) or in place of a directory
    of them (``refs/ledger/sessions``), or a name too long to mirror.  Fetched, they would
    make every fetch and push fail."""
    return [name for name in sorted(names)
            if len(name) > LONGEST_REF_NAME or _SQUATS.match(name) is not None]


def blocked(refs: list[str] | dict[str, str], there: list[str] | dict[str, str]) -> list[str]:
    """Which of ``refs`` a ref ``there`` (on the remote) blocks: one is a directory of the
    other, so the remote cannot hold both."""
    # By the names' directories, each looked at once, not pair by pair nor directory by
    # directory of every ref: a year's push compares 25,000 refs with the remote's 50,000,
    # nearly all of them in one directory.
    names = set(there)
    below: set[str] = set()  # every directory of a name there
    for name in names:
        head, slash, _ = name.rpartition("/")
        while slash and head not in below:
            below.add(head)
            head, slash, _ = head.rpartition("/")
    named: dict[str, bool] = {}  # whether a directory, or one of its own, is a name there

    def under_a_name(ref: str) -> bool:
        head, slash, _ = ref.rpartition("/")
        if not slash:
            return False
        if head not in named:
            named[head] = head in names or under_a_name(head)
        return named[head]

    return [ref for ref in refs if ref in below or under_a_name(ref)]


def setup_refspecs(remote: str) -> list[tuple[str, str]]:
    """What ``remote setup`` adds, as (config key, value): non-forced, and globbed so that
    a ledger ref that does not exist yet never makes a plain push or fetch fail.  A plain
    fetch brings no archives, as a pull brings none (``fetch --archives`` does)."""
    prefix = tracking_prefix(remote)
    return [
        ("fetch", f"refs/ledger/*:{prefix}*"),
        ("fetch", f"^{REMOTES_PREFIX}*"),
        ("fetch", "^refs/ledger/notes*"),
        ("fetch", f"^{TRANSCRIPTS_PREFIX}*"),
        ("fetch", "^refs/ledger/archive/*"),
        ("fetch", "^refs/ledger/months/*"),
        ("fetch", f"{NOTES_REF}*:{prefix}notes*"),
        ("push", "refs/ledger/sessions/*:refs/ledger/sessions/*"),
        ("push", "refs/ledger/archive/*:refs/ledger/archive/*"),
        ("push", "refs/ledger/project*:refs/ledger/project*"),
        ("push", "refs/ledger/keep*:refs/ledger/keep*"),
        ("push", f"{NOTES_REF}*:{NOTES_REF}*"),
    ]


def default_remote(repo: Repo, remote: str | None) -> str:
    """``remote`` checked to be configured, or the one git would use: the current
    branch's upstream remote, else ``origin``, else the only remote there is."""
    names = [str(n) for n in repo.git.remotes.names() if n]
    chosen = _choose_remote(repo, remote, names)
    if "/" in chosen:
        raise InvalidInput(f"remote '{chosen}' has a '/' in its name, which git ledger cannot "
                           "tell apart in refs/ledger/remotes/: add the same URL under a "
                           "name without one (git remote add NAME URL)")
    return chosen


def _choose_remote(repo: Repo, remote: str | None, names: list[str]) -> str:
    if remote is not None:
        if remote not in names:
            raise InvalidInput(f"'{remote}' is not a configured remote (git remote -v lists "
                               "them; add one with git remote add NAME URL)")
        return remote
    if not names:
        raise InvalidInput("this repository has no remote: add one with git remote add "
                           "origin URL")
    branch = repo.current_branch()
    if branch:
        for value in _values(repo.git.config, f"branch.{branch}.remote"):
            if value in names:
                return value
    if "origin" in names:
        return "origin"
    if len(names) == 1:
        return str(names[0])
    raise InvalidInput(f"which remote? this repository has {len(names)}: "
                       f"{', '.join(sorted(names))}")


def run_git(repo: Repo, args: list[str], *, stdin: str | None = None,
            ok: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess[str]:
    """Run the user's git in this repository; ``SyncError`` naming git's own complaint."""
    env = {**os.environ, "LC_ALL": "C", "LANGUAGE": "C"}
    try:
        done = subprocess.run(
            ["git", "-C", str(repo.workdir), *args], input=stdin, capture_output=True,
            text=True, env=env, check=False,
        )
    except OSError as exc:
        raise SyncError(f"cannot run git: {exc}") from None
    if done.returncode not in ok:
        raise SyncError(f"git {args[0]} failed: {git_complaint(done.stderr)}")
    return done


#: A fetch that wrote this many new mirrors packs the refs: git's fetch writes each as a
#: loose file, and a year's 25,000 made every later listing of the refs read 25,000 files
#: (260 ms a listing against 27 ms packed, and a command lists them several times).
PACK_AFTER_NEW_REFS = 1000


def pack_refs(repo: Repo) -> bool:
    """``git pack-refs --all``, what ``git gc`` does to the refs; whether it worked.  Never
    a command's failure: loose refs are only slower to list.  (git's, not libgit2's
    ``compress_references``, which took 5.7 s against git's 1.1 s for 25,000 refs.)"""
    try:
        return run_git(repo, ["pack-refs", "--all"], ok=(0, 1, 128)).returncode == 0
    except SyncError:
        return False


def brings_oversized(repo: Repo, tip: str, known: str | None, limit: int) -> bool | None:
    """Whether the objects ``tip`` reaches beyond what ``known`` does hold a blob over
    ``limit`` bytes; None when git cannot say (then walk them in Python).

    One ``git rev-list --filter=blob:limit`` lists the blobs it leaves out by their
    headers, never inflating them: in C, where the tree-by-tree walk of a pull of 5,000
    commits cost Python a third of a second.  Only a yes needs that walk, to name the
    commit and the path."""
    return OversizedProbe(repo, tip, known, limit).answer()


class OversizedProbe:
    """``brings_oversized`` run in the background: the ``git rev-list`` starts at once and
    ``answer`` waits for it, so that a pull checks its ledgers meanwhile (git's walk of a
    pull of 5,000 commits is a quarter of a second of another process)."""

    def __init__(self, repo: Repo, tip: str, known: str | None, limit: int) -> None:
        args = ["rev-list", "--objects", "--no-object-names",
                f"--filter=blob:limit={limit + 1}", "--filter-print-omitted", tip]
        if known:
            args += ["--not", known]
        env = {**os.environ, "LC_ALL": "C", "LANGUAGE": "C"}
        self._answer: bool | None = None
        self._git: subprocess.Popen[bytes] | None = None
        # Into a file, not a pipe: git lists every object (47,000 for a pull of 5,000
        # commits), and a full pipe nobody reads yet would stop it.
        self._out = tempfile.TemporaryFile()  # noqa: SIM115 - closed by answer or close
        try:
            self._git = subprocess.Popen(["git", "-C", str(repo.workdir), *args],
                                         stdin=subprocess.DEVNULL, stdout=self._out,
                                         stderr=subprocess.DEVNULL, env=env)
        except OSError:
            self._out.close()  # git cannot say: None, as a failed run says

    def answer(self) -> bool | None:
        """True when a blob over the limit is there, False when none is, None when git
        could not say."""
        git, self._git = self._git, None
        if git is None:
            return self._answer
        try:
            if git.wait() == 0:
                self._out.seek(0)
                out = self._out.read()
                # An omitted blob's line is ``~<id>``; every other line is an object's id.
                self._answer = out.startswith(b"~") or b"\n~" in out
        finally:
            self._out.close()
        return self._answer

    def answered(self) -> bool:
        """Whether ``answer`` would not wait: git is done (or never ran)."""
        return self._git is None or self._git.poll() is not None

    def close(self) -> None:
        """Stop git if nobody waited for it (the pull failed first)."""
        git, self._git = self._git, None
        if git is not None:
            with contextlib.suppress(OSError):
                git.kill()
            git.wait()
        self._out.close()


@dataclass(frozen=True)
class SetupResult:
    remote: str
    #: (config key, value) pairs added, or removed by teardown.
    changed: tuple[tuple[str, str], ...]
    #: Those that were there already (setup) or not there (teardown).
    unchanged: tuple[tuple[str, str], ...]
    dry_run: bool = False
    #: Setup: the ledger refs pushed first, to see that the remote takes them.
    pushed: tuple[str, ...] = ()
    #: Setup: ``deleted`` when a probe ref was pushed instead (nothing to push yet) and
    #: deleted again, ``left: <reason>`` when the remote refused its deletion; else "".
    probe: str = ""


#: Where ``remote setup`` pushes a probe when there is no ledger ref to push yet.
PROBE_PREFIX = "refs/ledger/probe/"


def probe_commit(repo: Repo) -> str:
    """A commit of the empty tree that no ref here points at: what ``remote setup`` pushes
    to a probe ref to see that the remote takes ledger refs before any ledger exists
    (``git gc`` removes it here in time).  Its identity is fixed, so that setup needs no
    ``user.name``."""
    tree = repo.git.TreeBuilder().write()
    who = pygit2.Signature("git ledger", "probe@git-ledger.invalid")
    oid = repo.git.create_commit(None, who, who, "git ledger remote setup: probe\n", tree, [])
    return str(oid)


def setup(where: str | os.PathLike[str] | None, remote: str, *,
          dry_run: bool = False) -> SetupResult:
    """Add our refspecs to ``remote.<remote>``; lines already there are left alone.

    Once a remote has push refspecs, a plain ``git push`` pushes only those: when it had
    none, ``HEAD`` is added first so that it still pushes the current branch.  (``remote
    setup`` pushes the ledger refs first: ``team/remote_setup.py``.)
    """
    repo = Repo(where)
    return configure(repo, default_remote(repo, remote), dry_run=dry_run)


def configure(repo: Repo, name: str, *, dry_run: bool = False) -> SetupResult:
    """``setup`` in an open repository, of a remote already checked to be configured."""
    config = repo.local_config()
    present = {key: _values(config, f"remote.{name}.{key}") for key in ("fetch", "push")}
    wanted = setup_refspecs(name)
    if not present["push"]:  # first of the push lines, as the docs show it
        wanted.insert([key for key, _ in wanted].index("push"), ("push", "HEAD"))
    added = [(k, v) for k, v in wanted if v not in present[k]]
    kept = [(k, v) for k, v in wanted if v in present[k]]
    if not dry_run:
        for key, value in added:
            config.set_multivar(f"remote.{name}.{key}", "^$", value)
            config.set_multivar(f"remote.{name}.{MARKER_KEY}", "^$", f"{key} {value}")
    return SetupResult(name, tuple(added), tuple(kept), dry_run)


def teardown(where: str | os.PathLike[str] | None, remote: str, *,
             dry_run: bool = False) -> SetupResult:
    """Remove exactly the refspec lines ``setup`` added to ``remote.<remote>``."""
    repo = Repo(where)
    name = default_remote(repo, remote)
    config = repo.local_config()
    marked = [line.split(" ", 1) for line in _values(config, f"remote.{name}.{MARKER_KEY}")]
    removed: list[tuple[str, str]] = []
    missing: list[tuple[str, str]] = []
    for key, value in (m for m in marked if len(m) == 2):
        if key not in ("fetch", "push"):
            continue
        if value in _values(config, f"remote.{name}.{key}"):
            removed.append((key, value))
            if not dry_run:
                config.delete_multivar(f"remote.{name}.{key}", f"^{re.escape(value)}$")
        else:
            missing.append((key, value))
    if marked and not dry_run:
        config.delete_multivar(f"remote.{name}.{MARKER_KEY}", ".*")
        _drop_empty_repeat(repo.commondir / "config", f'[remote "{name}"]')
    return SetupResult(name, tuple(removed), tuple(missing), dry_run)


def _drop_empty_repeat(path: Path, header: str) -> None:
    """Remove a repeated, now empty ``header`` line from a git config file.

    libgit2 appends the keys ``setup`` adds under a second copy of the section header when
    the section is not the file's last; teardown removes the keys, and this the header,
    so that the file is as it was.  The first copy of a header is never touched.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    except (OSError, UnicodeDecodeError):
        return
    seen = False
    kept: list[str] = []
    for index, line in enumerate(lines):
        if line.strip() == header:
            following = [rest.strip() for rest in lines[index + 1:]
                         if rest.strip() and not rest.strip().startswith(("#", ";"))]
            if seen and (not following or following[0].startswith("[")):
                continue
            seen = True
        kept.append(line)
    if len(kept) != len(lines):
        write_atomic(path, "".join(kept))


def _values(config: object, key: str) -> list[str]:
    try:
        return [str(v) for v in config.get_multivar(key)]  # type: ignore[attr-defined]
    except (KeyError, ValueError):
        return []
