"""Signed ledger commits: signing them as git does, and verifying a teammate's.

libgit2 cannot sign, so with signing configured ledger commits and archive tags are made by
``git commit-tree -S`` and ``git tag -s``.  With ``ledger.verifySignatures`` a fetched mirror
with a bad or mismatched signature is quarantined; verdicts are kept per mirror and tip.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

import pygit2

from gitledger.derived.files import write_atomic
from gitledger.errors import Quarantined, RepositoryError
from gitledger.storage.layout import REMOTES_PREFIX, TRANSCRIPTS_PREFIX
from gitledger.storage.repo import Repo


def author_of(commit: pygit2.Commit) -> pygit2.Signature:
    """The author of ``commit`` as git reads it, which is who git's signature check holds
    the signer to.  A commit written by hand can carry two ``author`` lines: libgit2 reads
    the first, git the last, so a commit signed by Mallory's key could name Alice to us."""
    header = commit.read_raw().split(b"\n\n", 1)[0]
    if header.count(b"\nauthor ") < 2:
        return commit.author
    last = [line for line in header.split(b"\n") if line.startswith(b"author ")][-1]
    try:
        ident, when, zone = last.removeprefix(b"author ").rsplit(b" ", 2)
        name, _, email = ident.partition(b"<")
        minutes = int(zone[1:3]) * 60 + int(zone[3:5])
        return pygit2.Signature(name.strip().decode("utf-8", "replace"),
                                email.rstrip(b">").decode("utf-8", "replace"),
                                int(when), -minutes if zone.startswith(b"-") else minutes)
    except (ValueError, IndexError):
        return pygit2.Signature("(two author lines)", "", 0, 0)


#: The git config key that turns verification at pull on.
VERIFY_KEY = "ledger.verifySignatures"
#: Where the verdicts are kept, in the common git dir.
VERDICTS_FILE = "ledger-signatures.json"

UNSIGNED = "unsigned"
BAD = "bad signature"
UNKNOWN = "unknown key"
NOT_ALLOWED = "signer not allowed"
EXPIRED = "expired key"
REVOKED = "revoked key"
UNCHECKABLE = "cannot check"

#: git's ``%G?`` letters that are not a good, trusted signature, and what they mean.
_LETTERS = {"N": UNSIGNED, "B": BAD, "U": UNKNOWN, "E": UNKNOWN, "X": EXPIRED,
            "Y": EXPIRED, "R": REVOKED}


# -- signing ---------------------------------------------------------------------------------


def signing_configured(config: pygit2.Config) -> bool:
    """Whether the user signs their commits (``commit.gpgSign``; any ``gpg.format``)."""
    try:
        return bool(config.get_bool("commit.gpgSign"))
    except (KeyError, ValueError):
        return False


def tag_signing_configured(config: pygit2.Config) -> bool:
    """Whether the user signs their annotated tags (``tag.gpgSign``)."""
    try:
        return bool(config.get_bool("tag.gpgSign"))
    except (KeyError, ValueError):
        return False


def signed_tag(repo: Repo, name: str, target: str, tagger: pygit2.Signature,
               message: str) -> str:
    """Make the annotated tag ``name`` of commit ``target`` with ``git tag -s``: git's own
    signing, to the byte, into the repository's objects; its id.  No ref of the
    repository is written (the scratch git dir's ``refs/tags/<name>`` is thrown away); a
    signer that fails is one ``RepositoryError`` line."""
    import subprocess  # noqa: PLC0415 - loaded only by users who sign
    import tempfile  # noqa: PLC0415

    with tempfile.TemporaryDirectory(prefix="git-ledger-tag-") as scratch:
        gitdir = Path(scratch)
        (gitdir / "refs" / "tags").mkdir(parents=True)
        (gitdir / "objects").mkdir()
        (gitdir / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
        config = str(repo.commondir / "config").replace("\\", "\\\\").replace('"', '\\"')
        (gitdir / "config").write_text(
            f'[core]\n\tbare = true\n[include]\n\tpath = "{config}"\n', encoding="utf-8")
        env = {**os.environ, "LC_ALL": "C", "LANGUAGE": "C", "GIT_DIR": scratch,
               "GIT_OBJECT_DIRECTORY": str(repo.commondir / "objects"),
               "GIT_COMMITTER_NAME": tagger.name, "GIT_COMMITTER_EMAIL": tagger.email,
               "GIT_COMMITTER_DATE": f"@{tagger.time} {_zone(tagger.offset)}"}
        env.pop("GIT_WORK_TREE", None)
        env.pop("GIT_COMMON_DIR", None)
        try:
            done = subprocess.run(["git", "tag", "-s", "--cleanup=verbatim", "-F", "-", name,
                                   target], input=message.encode("utf-8"),
                                  capture_output=True, env=env, check=False, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise RepositoryError(f"cannot sign the archive tag (tag.gpgSign is set): "
                                  f"{exc}; nothing was archived") from None
        made = gitdir / "refs" / "tags" / name
        sha = made.read_text(encoding="ascii").strip() if made.is_file() else ""
        # git 2.39 writes the tag unsigned, and exits 0, when the ssh key cannot be read.
        if done.returncode != 0 or len(sha) != 40 or not _has_signature(repo, sha):
            said = _complaint(done.stderr.decode("utf-8", "replace"))
            raise RepositoryError(f"cannot sign the archive tag (tag.gpgSign is set): "
                                  f"{said}; nothing was archived")
        return sha


def signed_commit(repo: Repo, tree: str, parents: Iterable[str], author: pygit2.Signature,
                  committer: pygit2.Signature, message: str) -> str:
    """Make the commit with ``git commit-tree -S``: git's own signing, to the byte.

    The message is passed as it is (commit-tree does no clean-up); the identities and
    dates are the ones the caller computed, so a signed commit differs from an unsigned
    one only by its ``gpgsig`` header.  A signer that fails (no key, a refusing agent) is
    one ``RepositoryError`` line; the ref is then not moved.
    """
    import subprocess  # noqa: PLC0415 - 5-7 ms to load, paid only by users who sign

    env = {**os.environ, "LC_ALL": "C", "LANGUAGE": "C",
           "GIT_AUTHOR_NAME": author.name, "GIT_AUTHOR_EMAIL": author.email,
           "GIT_AUTHOR_DATE": f"@{author.time} {_zone(author.offset)}",
           "GIT_COMMITTER_NAME": committer.name, "GIT_COMMITTER_EMAIL": committer.email,
           "GIT_COMMITTER_DATE": f"@{committer.time} {_zone(committer.offset)}"}
    args = ["git", f"--git-dir={repo.gitdir}", "commit-tree", "-S", tree]
    for parent in parents:
        args += ["-p", parent]
    try:
        done = subprocess.run(args, input=message.encode("utf-8"), capture_output=True,
                              env=env, check=False, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RepositoryError(f"cannot sign the ledger commit (commit.gpgSign is set): "
                              f"{exc}; nothing was written") from None
    sha = done.stdout.decode("ascii", "replace").strip()
    if done.returncode != 0 or len(sha) != 40:
        said = _complaint(done.stderr.decode("utf-8", "replace"))
        raise RepositoryError(f"cannot sign the ledger commit (commit.gpgSign is set): "
                              f"{said}; nothing was written")
    return sha


def _zone(minutes: int) -> str:
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"


def _complaint(stderr: str) -> str:
    """The line that says why: git's ``error:`` (the signer's own words) before the
    ``fatal: failed to write commit object`` that follows it."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    for prefix in ("error:", "fatal:"):
        for line in lines:
            if line.startswith(prefix):
                return " ".join(line.removeprefix(prefix).split())[:300]
    return " ".join(lines[-1].split())[:300] if lines else "the signer said nothing"


# -- verification ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What verification found for one mirror at one tip."""

    ref: str
    tip: str
    #: None when every new commit passed; else UNSIGNED, BAD, UNKNOWN, NOT_ALLOWED …
    reason: str | None = None
    #: The first commit (newest first) that failed, who it claims to be by, who signed it.
    commit: str = ""
    claimed: str = ""
    signer: str = ""
    detail: str = ""
    #: How many commits were checked to reach the verdict.
    checked: int = 0

    @property
    def quarantined(self) -> bool:
        return self.reason is not None

    def describe(self) -> str:
        """One line: ``commit 1a2b3c4d5e6f (Bob <b@x>): signer not allowed (signed by m@x)``."""
        if self.reason is None:
            return f"{self.checked} new commits verified"
        by = f" ({self.claimed})" if self.claimed else ""
        why = f"signed by {self.signer}" if self.signer else ""
        extra = "; ".join(part for part in (why, self.detail) if part)
        return f"commit {self.commit[:12]}{by}: {self.reason}{f' ({extra})' if extra else ''}"


def verification_on(repo: Repo) -> bool:
    """Whether ``ledger.verifySignatures`` is set (in any config git reads)."""
    try:
        return bool(repo.git.config.get_bool(VERIFY_KEY))
    except (KeyError, ValueError):
        return False


class Verifier:
    """Verifies mirrors for one pull (or one read): the verdicts file read once, written
    after each new verdict."""

    def __init__(self, repo: Repo) -> None:
        self.repo = repo
        self._verdicts = _read(repo)

    def recorded(self, ref: str, tip: str) -> Verdict | None:
        """The verdict kept for ``ref`` at ``tip``, if that tip was verified."""
        found = self._verdicts.get(ref)
        return found if found is not None and found.tip == tip else None

    def verify(self, ref: str, tip: str) -> Verdict:
        """The verdict for mirror ``ref`` at ``tip``: kept, or reached now and kept."""
        known = self.recorded(ref, tip)
        if known is not None:
            return known
        verdict = self._check(ref, tip)
        self._verdicts[ref] = verdict
        _write(self.repo, self._verdicts)
        return verdict

    def quarantined(self, prefix: str = REMOTES_PREFIX) -> list[Verdict]:
        """The quarantined mirrors under ``prefix`` whose tip is still the one judged."""
        found = []
        for ref, verdict in sorted(self._verdicts.items()):
            if not ref.startswith(prefix) or not verdict.quarantined:
                continue
            try:
                current = self.repo.git.references.get(ref)
            except ValueError:
                continue
            if current is not None and str(current.target) == verdict.tip:
                found.append(verdict)
        return found

    def _check(self, ref: str, tip: str) -> Verdict:
        """Every commit ``tip`` reaches that no local ledger (and no accepted tip) does:
        git's ``%G?`` for each, and its signer against its author and committer."""
        accepted = [f"^{v.tip}" for v in self._verdicts.values()
                    if not v.quarantined and _has(self.repo, v.tip)]
        fields = "%H%x00%G?%x00%GS%x00%an <%ae>%x00%ae%x00%ce%x00%x01"
        args = ["log", f"--format={fields}", tip, *accepted, "--not",
                f"--exclude={REMOTES_PREFIX}*", f"--exclude={TRANSCRIPTS_PREFIX}*",
                "--glob=refs/ledger/*"]
        done = _git(self.repo, args)
        if done is None or done[0] != 0:
            said = _complaint(done[2]) if done is not None else "git did not run"
            return Verdict(ref, tip, UNCHECKABLE, tip, detail=said)
        records = [r.strip("\n").split("\x00") for r in done[1].split("\x01") if r.strip()]
        count = 0
        for record in records:
            if len(record) < 6:
                continue
            count += 1
            sha, letter, signer, claimed, author_email, committer_email = record[:6]
            reason = judge(letter, signer, {author_email, committer_email})
            if reason is None:
                continue
            detail = ""
            if letter == "N" and _has_signature(self.repo, sha):
                # Signed, but git could not even try: nothing to verify it with.
                reason = UNCHECKABLE
                detail = (_complaint(done[2]) if done[2].strip() else
                          "set gpg.ssh.allowedSignersFile, or import the key")
            return Verdict(ref, tip, reason, sha, claimed, signer, detail, count)
        return Verdict(ref, tip, None, checked=count)


def judge(letter: str, signer: str, claimed: set[str]) -> str | None:
    """Why a commit fails (None: it passes): not a good signature, or a good one made
    by someone other than the identity the commit claims."""
    if letter != "G":
        return _LETTERS.get(letter, BAD)
    principal = signer.rsplit("<", 1)[-1].rstrip(">").strip().lower()
    if not principal or any(email.strip().lower() != principal for email in claimed):
        return NOT_ALLOWED
    return None


def refuse_quarantined(repo: Repo, ref: str, tip: str | None, name: str) -> None:
    """Raise ``Quarantined`` when mirror ``ref`` at ``tip`` may not be read: a kept verdict
    says so, or (verification on, the tip not judged yet) it fails now."""
    if tip is None or not ref.startswith(REMOTES_PREFIX):
        return
    verifier = Verifier(repo)
    verdict = verifier.recorded(ref, tip)
    if verdict is None and verification_on(repo):
        verdict = verifier.verify(ref, tip)
    if verdict is not None and verdict.quarantined:
        raise Quarantined(f"{name} is quarantined: {verdict.describe()}; git ledger review "
                          f"lists it, git log {ref} shows it without reading it as a ledger")


def _git(repo: Repo, args: list[str]) -> tuple[int, str, str] | None:
    import subprocess  # noqa: PLC0415 - loaded only when verifying

    env = {**os.environ, "LC_ALL": "C", "LANGUAGE": "C"}
    try:
        done = subprocess.run(["git", f"--git-dir={repo.gitdir}", *args], capture_output=True,
                              env=env, check=False, timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return (done.returncode, done.stdout.decode("utf-8", "replace"),
            done.stderr.decode("utf-8", "replace"))


def _has(repo: Repo, sha: str) -> bool:
    try:
        return repo.git.get(sha) is not None
    except (ValueError, KeyError):
        return False


def _has_signature(repo: Repo, sha: str) -> bool:
    try:
        found = repo.git.get(sha)
        if isinstance(found, pygit2.Tag):
            return "\n-----BEGIN " in (found.message or "")
        return found is not None and found.gpg_signature[0] is not None  # type: ignore[attr-defined]
    except (ValueError, KeyError, AttributeError):
        return False


def _read(repo: Repo) -> dict[str, Verdict]:
    try:
        data = json.loads((repo.commondir / VERDICTS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found: dict[str, Verdict] = {}
    if not isinstance(data, dict):
        return found
    for ref, fields in data.items():
        try:
            verdict = Verdict(**fields)
        except TypeError:
            continue
        texts = (verdict.ref, verdict.tip, verdict.commit, verdict.claimed, verdict.signer,
                 verdict.detail)
        if (all(isinstance(text, str) for text in texts) and verdict.ref == ref
                and isinstance(verdict.checked, int)
                and (verdict.reason is None or isinstance(verdict.reason, str))):
            found[ref] = verdict  # (anything else: judged again, as if never judged)
    return found


def _write(repo: Repo, verdicts: dict[str, Verdict]) -> None:
    path = repo.commondir / VERDICTS_FILE
    # A read-only git dir: the verdict holds for this process, and is reached again.
    with contextlib.suppress(OSError):
        write_atomic(path, json.dumps({ref: asdict(v) for ref, v in verdicts.items()},
                                      indent=1, sort_keys=True))


class Gate:
    """The check ``pull`` makes before merging each mirror: off unless asked for (the
    option, or ``ledger.verifySignatures``), when it costs one config read."""

    def __init__(self, repo: Repo, forced: bool = False) -> None:
        self.on = forced or verification_on(repo)
        self._verifier = Verifier(repo) if self.on else None
        self._judged: set[str] = set()

    def refusal(self, ref: str, tip: str | None) -> str | None:
        """Why mirror ``ref`` at ``tip`` must not be merged (None: it may)."""
        if self._verifier is None or tip is None:
            return None
        self._judged.add(ref)
        verdict = self._verifier.verify(ref, tip)
        return f"quarantined: {verdict.describe()}" if verdict.quarantined else None

    def sweep(self, mirrors: dict[str, str]) -> list[str]:
        """Judge the ledger mirrors no merge asked about (teammates' own ledgers, read
        by ``--ledger``); a line for each quarantined one."""
        if self._verifier is None:
            return []  # off: ``refusal`` of each would say None
        lines = []
        for ref, tip in sorted(mirrors.items()):
            kind = ref.removeprefix(REMOTES_PREFIX).split("/")[1:2]
            if ref in self._judged or kind not in (["sessions"], ["archive"], ["project"]):
                continue
            why = self.refusal(ref, tip)
            if why is not None:
                remote, _, rest = ref.removeprefix(REMOTES_PREFIX).partition("/")
                lines.append(f"{remote}/{rest.removeprefix('sessions/')} is {why}")
        return lines
