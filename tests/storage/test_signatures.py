"""``storage/signatures.py`` and the Store's commit path: a signed ledger commit is the
commit libgit2 would write plus git's signature; nothing is spawned without signing; the
range a mirror is verified over starts where the local ledgers end."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pygit2
import pytest

from gitledger.core.model import Change
from gitledger.errors import RepositoryError
from gitledger.storage import signatures
from gitledger.storage.repo import Repo
from gitledger.storage.signatures import (
    BAD,
    EXPIRED,
    NOT_ALLOWED,
    UNKNOWN,
    UNSIGNED,
    Verifier,
)
from gitledger.storage.store import Store
from tests.builders import put, store_at
from tests.conftest import git

pytestmark = pytest.mark.skipif(shutil.which("ssh-keygen") is None,
                                reason="ssh-keygen is needed to make the test keys")

REF = "refs/ledger/sessions/abcdefghij"
MIRROR = "refs/ledger/remotes/origin/sessions/zyxwvutsrq"


@pytest.fixture
def key(tmp_path: Path) -> Path:
    path = tmp_path / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "ada",
                    "-f", str(path)], check=True, timeout=60)
    return path


def sign_with(repo: Path, key: Path) -> None:
    git(repo, "config", "gpg.format", "ssh")
    git(repo, "config", "user.signingKey", str(key))
    git(repo, "config", "commit.gpgSign", "true")
    allowed = key.with_name("allowed")
    allowed.write_text(f"ada@example.com {key.with_suffix('.pub').read_text()}")
    git(repo, "config", "gpg.ssh.allowedSignersFile", str(allowed))


def test_a_signed_commit_differs_from_libgit2s_only_by_its_signature(
        repo: Path, key: Path) -> None:
    plain = put(store_at(repo), REF, {"a.toml": b"a = 1\n"}, subject="first")
    sign_with(repo, key)
    store = store_at(repo)
    signed = put(store, REF, {"b.toml": b"b = 2\n"}, subject="second")
    merged = store.commit_change(signed, Change("merge", (), {"c.toml": b"c = 3\n"},
                                                parents=(plain,)))
    for sha in (signed, merged):
        checked = subprocess.run(["git", "verify-commit", sha], cwd=repo, capture_output=True,
                                 text=True, check=False)
        assert checked.returncode == 0, checked.stderr
    commit = store.git[pygit2.Oid(hex=signed)]
    assert isinstance(commit, pygit2.Commit)
    signature, payload = commit.gpg_signature
    assert signature is not None
    assert payload is not None
    # The same payload libgit2 writes for these fields, byte for byte.
    expected = store.git.create_commit_string(commit.author, commit.committer, commit.message,
                                              commit.tree_id, list(commit.parent_ids))
    assert payload.decode() == expected
    assert [str(p) for p in store.git[pygit2.Oid(hex=merged)].parent_ids] == [signed, plain]


def test_without_signing_no_process_is_started(repo: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def no(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process was started")
    monkeypatch.setattr(subprocess, "run", no)
    store = store_at(repo)
    put(store, REF, {"a.toml": b"a = 1\n"})
    put(store, REF, {"b.toml": b"b = 1\n"})


def commit_at(store: Store, sha: str) -> pygit2.Commit:
    commit = store.git[pygit2.Oid(hex=sha)]
    assert isinstance(commit, pygit2.Commit)
    return commit


def test_the_signing_config_is_read_once_per_store(repo: Path, key: Path) -> None:
    store = store_at(repo)
    put(store, REF, {"a.toml": b"a = 1\n"})
    sign_with(repo, key)  # after this store's first write: it keeps writing unsigned
    second = put(store, REF, {"b.toml": b"b = 1\n"})
    assert commit_at(store, second).gpg_signature[0] is None
    third = put(store_at(repo), REF, {"c.toml": b"c = 1\n"})
    assert commit_at(store, third).gpg_signature[0] is not None


def test_a_failing_signer_raises_one_line_and_moves_no_ref(repo: Path, key: Path) -> None:
    first = put(store_at(repo), REF, {"a.toml": b"a = 1\n"})
    sign_with(repo, key)
    git(repo, "config", "user.signingKey", str(key.with_name("missing")))
    with pytest.raises(RepositoryError, match="cannot sign the ledger commit") as caught:
        put(store_at(repo), REF, {"b.toml": b"b = 1\n"})
    assert "\n" not in str(caught.value)
    assert git(repo, "rev-parse", REF).strip() == first


def test_the_verified_range_leaves_out_what_the_local_ledgers_hold(repo: Path,
                                                                   key: Path) -> None:
    """Unsigned local history under a mirror's signed commits is not judged again: only
    the commits no local ledger holds are."""
    store = store_at(repo)
    local = put(store, REF, {"a.toml": b"a = 1\n"})
    sign_with(repo, key)
    store = store_at(repo)
    mine = put(store, REF, {"b.toml": b"b = 1\n"})
    store.mirror(MIRROR, mine)
    git(repo, "update-ref", REF, local)  # the signed commit is only in the mirror now
    verdict = Verifier(Repo(repo)).verify(MIRROR, mine)
    assert not verdict.quarantined
    assert verdict.checked == 1
    # The verdict is kept: the same tip is not checked again.
    assert Verifier(Repo(repo)).recorded(MIRROR, mine) == verdict


@pytest.mark.parametrize(("letter", "signer", "claimed", "reason"), [
    ("G", "ada@example.com", {"ada@example.com"}, None),
    ("G", "Ada <ADA@example.com>", {"ada@example.com"}, None),  # an openpgp user id
    ("G", "eve@example.com", {"ada@example.com"}, NOT_ALLOWED),
    ("G", "ada@example.com", {"ada@example.com", "bob@example.com"}, NOT_ALLOWED),
    ("G", "", {"ada@example.com"}, NOT_ALLOWED),
    ("N", "", {"ada@example.com"}, UNSIGNED),
    ("B", "", {"ada@example.com"}, BAD),
    ("U", "", {"ada@example.com"}, UNKNOWN),
    ("E", "", {"ada@example.com"}, UNKNOWN),
    ("Y", "ada@example.com", {"ada@example.com"}, EXPIRED),
    ("?", "", {"ada@example.com"}, BAD),
])
def test_what_passes(letter: str, signer: str, claimed: set[str], reason: str | None) -> None:
    assert signatures.judge(letter, signer, claimed) == reason


def test_a_signature_nothing_can_check_is_said_so(repo: Path, key: Path) -> None:
    sign_with(repo, key)
    store = store_at(repo)
    signed = put(store, REF, {"a.toml": b"a = 1\n"})
    store.mirror(MIRROR, signed)
    git(repo, "update-ref", "-d", REF)
    git(repo, "config", "--unset", "gpg.ssh.allowedSignersFile")
    verdict = Verifier(Repo(repo)).verify(MIRROR, signed)
    assert verdict.reason == signatures.UNCHECKABLE
    assert "allowedSignersFile" in verdict.detail


def test_a_damaged_verdicts_file_is_judged_again(repo: Path, key: Path) -> None:
    sign_with(repo, key)
    store = store_at(repo)
    signed = put(store, REF, {"a.toml": b"a = 1\n"})
    store.mirror(MIRROR, signed)
    damaged = {MIRROR: {"ref": MIRROR, "tip": signed, "reason": 7, "commit": 3}}
    (Path(store.repo.commondir) / signatures.VERDICTS_FILE).write_text(json.dumps(damaged))
    assert Verifier(Repo(repo)).recorded(MIRROR, signed) is None
    assert not Verifier(Repo(repo)).verify(MIRROR, signed).quarantined
