"""The decision state machine (``gitledger.ledger.decisions``), directly and through the CLI.

Every legal transition and every illegal one; ``implement`` and ``deploy`` checked against
real commits (abbreviated shas, branches, side branches, unborn repositories); rejection,
supersession (at once, and through a proposed replacement), evidence, write-time
warnings, ``show`` of a supersedes chain, decisions that live only in the project ledger,
two racing accepts, and evidence commits that survive a rebase and ``git gc``.

"Nothing written" is always checked with plain git: every ref under ``refs/ledger/`` (the
ledgers and the keep-alive chain) points where it pointed before the refused command.
"""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from gitledger.core.codec import encode_entry
from gitledger.core.ids import entry_path
from gitledger.core.model import STATUSES, Entry, Focus, LedgerMeta
from gitledger.errors import InvalidInput, UnknownEntry
from gitledger.ledger import decisions, rules
from gitledger.ledger.operations import Ledger
from gitledger.ledger.results import Built, WriteResult
from gitledger.ledger.tree import read_entry
from gitledger.storage.layout import KEEP_REF, PROJECT_REF
from gitledger.storage.store import TreeView
from tests.conftest import Run, git, installed_git_ledger

URL = "https://ci.example.com/deploys/1"
#: What the conftest fixes every git date to, as the ledger prints times.
FIXED_ISO = "2026-11-30T12:00:00Z"

#: The command that moves a decision to each status, with the id as {id}.
COMMANDS: dict[str, list[str]] = {
    "accepted": ["accept", "{id}"],
    "implemented": ["implement", "{id}"],
    "deployed": ["deploy", "{id}", "--env", "production", "--sha", "HEAD", "--url", URL],
    "rejected": ["reject", "{id}", "--why", "too slow"],
    "superseded": ["decide", "a replacement", "--supersedes", "{id}"],
}
#: What an error naming the move to each status must say (the command to run).
NAMED: dict[str, str] = {
    "accepted": "git ledger accept {id}",
    "implemented": "git ledger implement {id}",
    "deployed": "git ledger deploy {id}",
    "rejected": "git ledger reject {id}",
    "superseded": "--supersedes {id}",
}
#: The state machine of issue 4, written out independently of the code under test.
SPEC: dict[str, tuple[str, ...]] = {
    "proposed": ("accepted", "rejected", "superseded"),
    "accepted": ("implemented", "rejected", "superseded"),
    "implemented": ("implemented", "deployed", "superseded"),
    "deployed": ("deployed", "superseded"),
    "rejected": (),
    "superseded": (),
}
LEGAL = [(s, t) for s, targets in SPEC.items() for t in targets]
ILLEGAL = [(s, t) for s in STATUSES for t in COMMANDS if t not in SPEC[s]]


# -- helpers -------------------------------------------------------------------------------


def refs(repo: Path) -> str:
    """Every ref under refs/ledger/ with its commit: equal before and after = nothing written."""
    return git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/ledger/")


def ledger_ref(repo: Path) -> str:
    ref = Ledger.open(repo).ref
    assert ref is not None
    return ref


def rev_list(repo: Path, ref: str) -> list[str]:
    return git(repo, "rev-list", ref).split()


def trailers(repo: Path, rev: str) -> list[tuple[str, str]]:
    out = git(repo, "log", "-1", "--format=%(trailers:only,unfold)", rev)
    pairs = []
    for line in out.splitlines():
        if line.strip():
            key, _, value = line.partition(": ")
            pairs.append((key, value))
    return pairs


def status_events(repo: Path, ref: str, entry_id: str, status: str) -> list[str]:
    """The commits of ``ref`` whose trailers set ``entry_id`` to ``status``."""
    return [c for c in rev_list(repo, ref)
            if ("Ledger-Status", f"{entry_id} {status}") in trailers(repo, c)]


def blob(repo: Path, rev: str, entry_id: str) -> dict[str, Any]:
    return tomllib.loads(git(repo, "show", f"{rev}:{entry_path(entry_id)}"))


def commit_file(repo: Path, name: str, text: str = "x\n", message: str | None = None) -> str:
    (repo / name).write_text(text)
    git(repo, "add", name)
    git(repo, "commit", "-q", "-m", message or f"add {name}")
    return git(repo, "rev-parse", "HEAD").strip()


def entry_of(result: WriteResult) -> Entry:
    assert result.entry is not None
    return result.entry


def get(repo: Path, entry_id: str, *, project: bool = False) -> Entry:
    return Ledger.open(repo, project=project).get(entry_id)


def ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def fails(result: Result, code: int = 1) -> str:
    """The one-line error of a refused command (and nothing on stdout)."""
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert result.stdout == ""
    err = result.stderr
    assert err.startswith("git ledger: ")
    assert err.endswith("\n"), err
    assert err.count("\n") == 1, err
    return err


def cli_id(result: Result) -> str:
    data = json.loads(ok(result).stdout)
    entry_id = data["id"]
    assert isinstance(entry_id, str)
    return entry_id


def make(repo: Path, status: str, text: str = "use a queue", **fields: Any) -> str:
    """A decision brought to ``status`` through the core API (needs a commit for impl.)."""
    if status == "superseded":
        old = make(repo, "accepted", text, **fields)
        Ledger.open(repo).decide(f"instead of {text}", supersedes=old)
        return old
    led = Ledger.open(repo)
    entry_id = entry_of(led.decide(text, proposed=status == "proposed", **fields)).id
    if status == "rejected":
        decisions.reject(led, entry_id, why="too slow")
    if status in ("implemented", "deployed"):
        decisions.implement(led, entry_id)
    if status == "deployed":
        decisions.deploy(led, entry_id, env="production", sha="HEAD", url=URL)
    assert led.get(entry_id).status == status
    return entry_id


def move(repo: Path, entry_id: str, target: str) -> WriteResult:
    """Move a decision with the core function for ``target``."""
    led = Ledger.open(repo)
    if target == "accepted":
        return decisions.accept(led, entry_id)
    if target == "implemented":
        return decisions.implement(led, entry_id, commit="HEAD")
    if target == "deployed":
        return decisions.deploy(led, entry_id, env="production", sha="HEAD", url=URL)
    if target == "rejected":
        return decisions.reject(led, entry_id, why="too slow")
    assert target == "superseded"
    return led.decide("a replacement", supersedes=entry_id)


def cli_args(target: str, entry_id: str) -> list[str]:
    return [a.format(id=entry_id) for a in COMMANDS[target]]


def findings(run: Run, entry_id: str) -> list[dict[str, Any]]:
    result = run("check", "--json")
    assert result.exit_code in (0, 1), result.stderr
    data = json.loads(result.stdout)
    return [f for f in data["findings"] if f["entry"] == entry_id]


def expire_and_gc(repo: Path) -> None:
    git(repo, "reflog", "expire", "--expire=now", "--all")
    git(repo, "gc", "-q", "--prune=now", "--aggressive")


def exists(repo: Path, sha: str) -> bool:
    done = subprocess.run(["git", "cat-file", "-e", f"{sha}^{{commit}}"], cwd=repo,
                          capture_output=True, check=False)
    return done.returncode == 0


# -- every legal transition ----------------------------------------------------------------


@pytest.mark.parametrize(("status", "target"), LEGAL)
def test_every_legal_transition_through_the_core(repo_with_commit: Path, status: str,
                                                  target: str) -> None:
    repo = repo_with_commit
    entry_id = make(repo, status)
    ref = ledger_ref(repo)
    if status == target:  # an amendment: another implementation commit, a newer deploy
        commit_file(repo, "second.txt")
    before = rev_list(repo, ref)
    result = move(repo, entry_id, target)
    after = rev_list(repo, ref)
    assert len(after) == len(before) + 1  # one event
    assert result.commit == after[0]
    entry = get(repo, entry_id)
    assert entry.status == target
    assert blob(repo, ref, entry_id)["status"] == target
    assert ("Ledger-Status", f"{entry_id} {target}") in trailers(repo, after[0])
    head = git(repo, "rev-parse", "HEAD").strip()
    if target == "implemented":
        assert f"git:{head}" in entry.evidence
    if target == "deployed":
        assert entry.deployed_sha == head
    if target == "superseded":
        new = entry_of(result)
        assert entry.superseded_by == new.id
        assert new.supersedes == entry_id


@pytest.mark.parametrize(("status", "target"), [p for p in LEGAL if p[0] != p[1]])
def test_every_legal_transition_through_the_cli(ledger: Run, repo_with_commit: Path,
                                                status: str, target: str) -> None:
    repo = repo_with_commit
    entry_id = make(repo, status)
    ref = ledger_ref(repo)
    before = rev_list(repo, ref)
    result = ok(ledger(*cli_args(target, entry_id), "--json"))
    data = json.loads(result.stdout)
    assert data["commit"] == rev_list(repo, ref)[0]
    assert len(rev_list(repo, ref)) == len(before) + 1
    assert get(repo, entry_id).status == target
    if target != "superseded":
        assert data["id"] == entry_id
        assert data["entry"]["status"] == target
    assert data["warnings"] == []
    assert result.stderr == ""


def test_implement_again_with_a_second_commit_adds_a_second_git_evidence(
        ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    first = git(repo, "rev-parse", "HEAD").strip()
    entry_id = make(repo, "implemented")
    second = commit_file(repo, "more.txt")
    ok(ledger("implement", entry_id, "--commit", "HEAD"))
    entry = get(repo, entry_id)
    assert entry.status == "implemented"
    assert entry.evidence == (f"git:{first}", f"git:{second}")
    assert len(status_events(repo, ledger_ref(repo), entry_id, "implemented")) == 2
    # The same commit again changes nothing and writes nothing.
    before = refs(repo)
    ok(ledger("implement", entry_id, "--commit", first))
    assert refs(repo) == before
    assert get(repo, entry_id).evidence == (f"git:{first}", f"git:{second}")


def test_implement_without_commit_of_an_implemented_decision_says_so(
        ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    first = git(repo, "rev-parse", "HEAD").strip()
    entry_id = make(repo, "implemented")
    commit_file(repo, "more.txt")
    before = refs(repo)
    result = ledger("implement", entry_id)
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"git ledger: {entry_id} is implemented already at {first[:12]}: git ledger implement "
        f"{entry_id} --commit HEAD adds HEAD as one more implementing commit")
    assert refs(repo) == before
    assert get(repo, entry_id).evidence == (f"git:{first}",)


def test_deploy_again_records_the_newer_receipt(ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    entry_id = make(repo, "deployed")
    newer = commit_file(repo, "hotfix.txt")
    ok(ledger("deploy", entry_id, "--env", "staging", "--sha", newer[:9], "--url",
              "https://ci.example.com/deploys/2", "--at", "2026-12-01T08:30:00Z"))
    entry = get(repo, entry_id)
    assert entry.status == "deployed"
    assert (entry.deployed_env, entry.deployed_sha, entry.deployed_url) == (
        "staging", newer, "https://ci.example.com/deploys/2")
    assert entry.deployed_at is not None
    assert entry.deployed_at.isoformat() == "2026-12-01T08:30:00+00:00"
    assert len(status_events(repo, ledger_ref(repo), entry_id, "deployed")) == 2


# -- every illegal transition --------------------------------------------------------------


@pytest.mark.parametrize(("status", "target"), ILLEGAL)
def test_every_illegal_transition_is_refused(ledger: Run, repo_with_commit: Path,
                                             status: str, target: str) -> None:
    repo = repo_with_commit
    entry_id = make(repo, status)
    before = refs(repo)
    err = fails(ledger(*cli_args(target, entry_id)))
    assert entry_id in err
    assert f"is {status}" in err
    assert f"cannot become {target}" in err
    legal = list(SPEC[status])  # a status that may repeat names its command as well
    if legal:
        for move_to in legal:
            assert NAMED[move_to].format(id=entry_id) in err, err
    else:
        assert "final" in err
    for other in set(COMMANDS) - set(legal):
        assert NAMED[other].format(id=entry_id) not in err
    assert refs(repo) == before  # neither the ledger nor the keep chain moved
    assert get(repo, entry_id).status == status


@pytest.mark.parametrize(("status", "target"), ILLEGAL)
def test_every_illegal_transition_raises_in_the_core(repo_with_commit: Path, status: str,
                                                     target: str) -> None:
    entry_id = make(repo_with_commit, status)
    before = refs(repo_with_commit)
    with pytest.raises(InvalidInput, match=f"cannot become {target}"):
        move(repo_with_commit, entry_id, target)
    assert refs(repo_with_commit) == before


def test_the_transition_table_is_the_specified_one() -> None:
    assert {s: set(t) for s, t in rules.TRANSITIONS.items()} == {
        s: set(t) for s, t in SPEC.items()}
    assert set(SPEC) == set(STATUSES)
    assert {t for s, t in ILLEGAL if s == "rejected"} == set(COMMANDS)
    assert {t for s, t in ILLEGAL if s == "superseded"} == set(COMMANDS)
    assert len(ILLEGAL) == 2 + 2 + 2 + 3 + 5 + 5


# -- not a decision, unknown, ambiguous ----------------------------------------------------


@pytest.mark.parametrize("target", ["accepted", "implemented", "deployed", "rejected"])
def test_status_commands_refuse_an_open_entry(ledger: Run, repo_with_commit: Path,
                                              target: str) -> None:
    open_id = entry_of(Ledger.open(repo_with_commit).open_question("which queue?")).id
    before = refs(repo_with_commit)
    err = fails(ledger(*cli_args(target, open_id)))
    assert open_id in err
    assert "OPEN" in err
    assert "not a decision" in err
    assert refs(repo_with_commit) == before


@pytest.mark.parametrize("target", ["accepted", "implemented", "deployed", "rejected"])
def test_status_commands_refuse_an_unknown_id(ledger: Run, repo_with_commit: Path,
                                              target: str) -> None:
    make(repo_with_commit, "proposed")
    before = refs(repo_with_commit)
    err = fails(ledger(*cli_args(target, "d-zzzzzzzzzz")))
    assert "no entry matches 'd-zzzzzzzzzz'" in err
    assert refs(repo_with_commit) == before


@pytest.mark.parametrize("target", ["accepted", "implemented", "deployed", "rejected"])
def test_status_commands_refuse_an_unknown_id_without_any_ledger(
        ledger: Run, repo_with_commit: Path, target: str) -> None:
    err = fails(ledger(*cli_args(target, "d-zzzzzzzzzz")))
    assert "d-zzzzzzzzzz" in err
    assert refs(repo_with_commit) == ""  # no ledger started, no keep chain


@pytest.mark.parametrize("target", ["accepted", "implemented", "deployed", "rejected"])
def test_status_commands_refuse_an_ambiguous_prefix(ledger: Run, repo_with_commit: Path,
                                                    target: str) -> None:
    first = make(repo_with_commit, "accepted", "one")
    second = make(repo_with_commit, "accepted", "two")
    before = refs(repo_with_commit)
    err = fails(ledger(*cli_args(target, "d-")))
    assert "ambiguous" in err
    assert first in err
    assert second in err
    assert refs(repo_with_commit) == before


def test_core_status_functions_raise_the_library_errors(repo_with_commit: Path) -> None:
    led = Ledger.open(repo_with_commit)
    open_id = entry_of(led.open_question("which?")).id
    with pytest.raises(InvalidInput, match="not a decision"):
        decisions.accept(led, open_id)
    with pytest.raises(UnknownEntry):
        decisions.reject(led, "d-zzzzzzzzzz", why="x")
    with pytest.raises(InvalidInput, match="not a decision"):
        decisions.add_evidence(led, open_id, ["test:x"])


# -- implement -----------------------------------------------------------------------------


def test_implement_defaults_to_head_and_keeps_the_commit(ledger: Run,
                                                         repo_with_commit: Path) -> None:
    repo = repo_with_commit
    head = git(repo, "rev-parse", "HEAD").strip()
    entry_id = make(repo, "accepted")
    data = json.loads(ok(ledger("implement", entry_id, "--json")).stdout)
    assert data["entry"]["evidence"] == [f"git:{head}"]
    assert data["entry"]["status"] == "implemented"
    assert blob(repo, ledger_ref(repo), entry_id)["evidence"] == [f"git:{head}"]
    # Kept: the keep chain's tip has the commit as a parent, and reaches it.
    parents = git(repo, "rev-list", "--parents", "-n", "1", KEEP_REF).split()[1:]
    assert head in parents
    assert head in rev_list(repo, KEEP_REF)
    assert ("Ledger-Keep", head) in trailers(repo, KEEP_REF)
    assert entry_id in git(repo, "show", f"{KEEP_REF}:commits/{head[:2]}/{head}")


@pytest.mark.parametrize("how", ["abbreviated", "branch", "tag"])
def test_implement_at_a_named_commit(ledger: Run, repo_with_commit: Path, how: str) -> None:
    repo = repo_with_commit
    git(repo, "checkout", "-q", "-b", "feature")
    wanted = commit_file(repo, "feature.txt")
    git(repo, "tag", "-a", "v1", "-m", "v1")
    git(repo, "checkout", "-q", "main")
    commit_file(repo, "other.txt")  # HEAD is not the implementation
    rev = {"abbreviated": wanted[:8], "branch": "feature", "tag": "v1"}[how]
    entry_id = make(repo, "accepted")
    ok(ledger("implement", entry_id, "--commit", rev))
    assert get(repo, entry_id).evidence == (f"git:{wanted}",)
    assert wanted in rev_list(repo, KEEP_REF)


@pytest.mark.parametrize("rev", ["nope", "HEAD^{tree}", "blob", "HEAD~5", "-x", "a b"])
def test_implement_refuses_what_is_not_a_commit(ledger: Run, repo_with_commit: Path,
                                                rev: str) -> None:
    repo = repo_with_commit
    if rev == "blob":
        rev = git(repo, "rev-parse", "HEAD:README").strip()
    entry_id = make(repo, "accepted")
    before = refs(repo)
    err = fails(ledger("implement", entry_id, "--commit", rev))
    assert "--commit" in err
    assert refs(repo) == before
    assert get(repo, entry_id).status == "accepted"


def test_implement_in_an_unborn_repository(ledger: Run, repo: Path) -> None:
    entry_id = make(repo, "accepted")
    before = refs(repo)
    err = fails(ledger("implement", entry_id))
    assert "HEAD has no commit yet" in err
    assert "--commit" in err
    err = fails(ledger("implement", entry_id, "--commit", "HEAD"))
    assert "names no commit" in err
    assert refs(repo) == before
    assert get(repo, entry_id).status == "accepted"


# -- deploy --------------------------------------------------------------------------------


def test_deploy_stores_the_receipt(ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    entry_id = make(repo, "implemented")
    head = git(repo, "rev-parse", "HEAD").strip()
    data = json.loads(ok(ledger("deploy", entry_id, "--env", "production", "--sha",
                                head[:7], "--url", URL, "--json")).stdout)
    shown = data["entry"]
    assert shown["status"] == "deployed"
    assert shown["deployed_env"] == "production"
    assert shown["deployed_sha"] == head
    assert shown["deployed_url"] == URL
    assert shown["deployed_at"] == FIXED_ISO  # the default: now, the fixed test date
    assert shown["deployed_result"] == "success"
    stored = blob(repo, ledger_ref(repo), entry_id)
    assert (stored["deployed_env"], stored["deployed_sha"], stored["deployed_url"],
            stored["deployed_result"]) == ("production", head, URL, "success")
    assert head in rev_list(repo, KEEP_REF)  # the deployed commit is kept too
    text = ok(ledger("show", entry_id)).stdout
    assert f"production at {FIXED_ISO} ({head[:12]})" in text


@pytest.mark.parametrize(("given", "expected"), [
    ("2026-12-01T10:00:00Z", "2026-12-01T10:00:00Z"),
    ("2026-12-01T10:00:00+02:00", "2026-12-01T08:00:00Z"),
    ("2026-12-01T10:00:00.5-05:00", "2026-12-01T15:00:00Z"),
])
def test_deploy_at_parses_iso_times_with_an_offset(ledger: Run, repo_with_commit: Path,
                                                   given: str, expected: str) -> None:
    entry_id = make(repo_with_commit, "implemented")
    data = json.loads(ok(ledger("deploy", entry_id, "--env", "production", "--sha", "HEAD",
                                "--url", URL, "--at", given, "--json")).stdout)
    assert data["entry"]["deployed_at"] == expected


@pytest.mark.parametrize(("given", "message"), [
    ("2026-12-01T10:00:00", "needs a UTC offset"),
    ("2026-12-01", "needs a UTC offset"),
    ("yesterday", "is not an ISO 8601 time"),
    ("2026-13-01T10:00:00Z", "is not an ISO 8601 time"),
    ("", "is not an ISO 8601 time"),
])
def test_deploy_at_refuses_naive_and_garbage_times(ledger: Run, repo_with_commit: Path,
                                                   given: str, message: str) -> None:
    entry_id = make(repo_with_commit, "implemented")
    before = refs(repo_with_commit)
    err = fails(ledger("deploy", entry_id, "--env", "production", "--sha", "HEAD", "--url",
                       URL, "--at", given))
    assert "--at" in err
    assert message in err
    assert refs(repo_with_commit) == before


@pytest.mark.parametrize("url", ["not-a-url", "://nohost", "ci.example.com/1", ""])
def test_deploy_refuses_a_bad_url(ledger: Run, repo_with_commit: Path, url: str) -> None:
    entry_id = make(repo_with_commit, "implemented")
    before = refs(repo_with_commit)
    err = fails(ledger("deploy", entry_id, "--env", "production", "--sha", "HEAD",
                       "--url", url))
    assert "--url" in err
    assert refs(repo_with_commit) == before


def test_deploy_refuses_a_commit_without_the_implementation(ledger: Run,
                                                            repo_with_commit: Path) -> None:
    repo = repo_with_commit
    base = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "checkout", "-q", "-b", "side")
    side = commit_file(repo, "side.txt")
    git(repo, "checkout", "-q", "main")
    implementation = commit_file(repo, "impl.txt")
    entry_id = make(repo, "accepted")
    ok(ledger("implement", entry_id))
    before = refs(repo)
    for rev in ("side", base):  # a side branch, and an ancestor of the implementation
        err = fails(ledger("deploy", entry_id, "--env", "production", "--sha", rev,
                           "--url", URL))
        assert "does not contain" in err
        assert implementation[:12] in err
        assert f"git ledger evidence {entry_id} --remove git:{implementation}" in err
    assert refs(repo) == before
    assert get(repo, entry_id).status == "implemented"
    assert side not in rev_list(repo, KEEP_REF)


def test_deploy_accepts_a_descendant_of_the_implementation(ledger: Run,
                                                           repo_with_commit: Path) -> None:
    repo = repo_with_commit
    entry_id = make(repo, "implemented")
    implementation = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "checkout", "-q", "-b", "release")
    commit_file(repo, "release.txt")
    release = commit_file(repo, "release2.txt")
    git(repo, "checkout", "-q", "main")
    ok(ledger("deploy", entry_id, "--env", "production", "--sha", "release", "--url", URL))
    entry = get(repo, entry_id)
    assert entry.deployed_sha == release
    assert entry.evidence == (f"git:{implementation}",)
    assert not [f for f in findings(ledger, entry_id) if f["severity"] == "error"]


def test_deploy_refuses_an_unknown_sha(ledger: Run, repo_with_commit: Path) -> None:
    entry_id = make(repo_with_commit, "implemented")
    before = refs(repo_with_commit)
    err = fails(ledger("deploy", entry_id, "--env", "production", "--sha", "0" * 40,
                       "--url", URL))
    assert "--sha" in err
    assert refs(repo_with_commit) == before


def test_deploy_requires_env_sha_and_url(ledger: Run, repo_with_commit: Path) -> None:
    entry_id = make(repo_with_commit, "implemented")
    before = refs(repo_with_commit)
    for missing in ("--env", "--sha", "--url"):
        args = {"--env": "production", "--sha": "HEAD", "--url": URL}
        del args[missing]
        err = fails(ledger("deploy", entry_id, *[x for kv in args.items() for x in kv]), 2)
        assert missing in err
    assert refs(repo_with_commit) == before


# -- reject --------------------------------------------------------------------------------


def test_reject_stores_why_and_is_final(ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    entry_id = make(repo, "proposed")
    data = json.loads(ok(ledger("reject", entry_id, "--why", "kafka is overkill here",
                                "--json")).stdout)
    assert data["entry"]["rejected_why"] == "kafka is overkill here"
    assert blob(repo, ledger_ref(repo), entry_id)["rejected_why"] == "kafka is overkill here"
    assert "rejected because: kafka is overkill here" in ok(ledger("show", entry_id)).stdout
    before = refs(repo)
    err = fails(ledger("accept", entry_id))
    assert "rejected" in err
    assert "final" in err
    assert refs(repo) == before


def test_reject_requires_a_reason(ledger: Run, repo_with_commit: Path) -> None:
    entry_id = make(repo_with_commit, "proposed")
    before = refs(repo_with_commit)
    fails(ledger("reject", entry_id), 2)
    fails(ledger("reject", entry_id, "--why", "   "))
    assert refs(repo_with_commit) == before


# -- decide --supersedes -------------------------------------------------------------------


def test_supersede_is_one_event_linking_both_ways(ledger: Run, repo: Path) -> None:
    old = make(repo, "accepted", scope="billing/queue")
    ref = ledger_ref(repo)
    before = rev_list(repo, ref)
    new = cli_id(ledger("decide", "use SQS instead", "--supersedes", old, "--json"))
    after = rev_list(repo, ref)
    assert len(after) == len(before) + 1
    pairs = trailers(repo, after[0])
    assert ("Ledger-Event", "add") in pairs
    assert ("Ledger-Entry", new) in pairs
    assert ("Ledger-Entry", old) in pairs
    assert ("Ledger-Status", f"{old} superseded") in pairs
    assert blob(repo, after[0], old)["status"] == "superseded"
    assert blob(repo, after[0], old)["superseded_by"] == new
    assert blob(repo, after[0], new)["supersedes"] == old
    assert blob(repo, after[0], new)["status"] == "accepted"
    assert get(repo, new).scope == "billing/queue"  # carried over


def test_supersede_with_a_new_scope_keeps_the_new_scope(ledger: Run, repo: Path) -> None:
    old = make(repo, "accepted", scope="billing/queue")
    new = cli_id(ledger("decide", "use SQS", "--supersedes", old, "--scope", "billing",
                        "--json"))
    assert get(repo, new).scope == "billing"
    assert get(repo, old).scope == "billing/queue"


@pytest.mark.parametrize("status", ["rejected", "superseded"])
def test_superseding_a_final_decision_is_refused(ledger: Run, repo: Path,
                                                 status: str) -> None:
    old = make(repo, status)
    before = refs(repo)
    err = fails(ledger("decide", "try again", "--supersedes", old))
    assert old in err
    assert "final" in err
    assert refs(repo) == before


def test_superseding_something_that_is_not_a_decision_is_refused(ledger: Run,
                                                                 repo: Path) -> None:
    open_id = entry_of(Ledger.open(repo).open_question("which?")).id
    before = refs(repo)
    err = fails(ledger("decide", "use x", "--supersedes", open_id))
    assert open_id in err
    assert "not a decision" in err
    err = fails(ledger("decide", "use x", "--supersedes", "d-zzzzzzzzzz"))
    assert "d-zzzzzzzzzz" in err
    assert refs(repo) == before


def test_a_proposed_replacement_only_links_until_accepted(ledger: Run, repo: Path) -> None:
    old = make(repo, "accepted", scope="api")
    ref = ledger_ref(repo)
    new = cli_id(ledger("decide", "use gRPC", "--proposed", "--supersedes", old, "--json"))
    assert get(repo, old).status == "accepted"
    assert get(repo, old).superseded_by is None
    assert get(repo, new).supersedes == old
    assert get(repo, new).status == "proposed"
    assert get(repo, new).scope == "api"
    assert ("Ledger-Status", f"{old} superseded") not in trailers(repo, ref)
    before = rev_list(repo, ref)
    ok(ledger("accept", new))
    after = rev_list(repo, ref)
    assert len(after) == len(before) + 1
    pairs = trailers(repo, after[0])
    assert ("Ledger-Event", "status") in pairs
    assert ("Ledger-Status", f"{new} accepted") in pairs
    assert ("Ledger-Status", f"{old} superseded") in pairs
    assert get(repo, old).status == "superseded"
    assert get(repo, old).superseded_by == new


def test_accepting_a_replacement_whose_target_was_rejected_is_refused(ledger: Run,
                                                                     repo: Path) -> None:
    old = make(repo, "proposed")
    new = cli_id(ledger("decide", "other", "--proposed", "--supersedes", old, "--json"))
    ok(ledger("reject", old, "--why", "no"))
    before = refs(repo)
    err = fails(ledger("accept", new))
    assert f"cannot accept {new}: it would supersede {old}, which is rejected" in err
    assert f"git ledger reject {new}" in err
    assert refs(repo) == before
    assert get(repo, new).status == "proposed"


def test_accepting_the_second_replacement_of_one_decision_names_the_first(
        ledger: Run, repo: Path) -> None:
    old = make(repo, "accepted")
    first = cli_id(ledger("decide", "one", "--proposed", "--supersedes", old, "--json"))
    second = cli_id(ledger("decide", "two", "--proposed", "--supersedes", old, "--json"))
    ok(ledger("accept", first))
    err = fails(ledger("accept", second))
    assert f"which is superseded by {first}" in err
    assert f"--supersedes {first}" in err
    assert get(repo, second).status == "proposed"


def test_accept_warns_like_decide(ledger: Run, repo: Path) -> None:
    active = make(repo, "accepted", "use Postgres", over=("use MongoDB",), scope="db")
    revived = cli_id(ledger("decide", "use MongoDB", "--proposed", "--json"))
    result = ok(ledger("accept", revived, "--json"))
    assert any(active in w for w in json.loads(result.stdout)["warnings"])
    same_scope = cli_id(ledger("decide", "use SQLite", "--scope", "db", "--proposed",
                               "--json"))
    result = ok(ledger("accept", same_scope))
    assert f"{active} is already in force in scope 'db'" in result.stderr


def test_failed_writes_leave_the_keep_alive_chain_alone(ledger: Run,
                                                        repo_with_commit: Path) -> None:
    repo = repo_with_commit
    decision = make(repo, "accepted")
    rejected = make(repo, "rejected")
    question = cli_id(ledger("open", "which?", "--json"))
    before = refs(repo)
    bad_next = "a\nb"
    for args in (
        ("implement", decision, "--next", bad_next),
        ("evidence", decision, "--add", "git:HEAD", "--next", bad_next),
        ("decide", "x", "--evidence", "git:HEAD", "--supersedes", "d-zzzzzzzzzz"),
        ("decide", "x", "--evidence", "git:HEAD", "--supersedes", rejected),
        ("edit", decision, "--evidence", "git:HEAD", "--by", "pytest"),
        ("resolve", decision, "--as", "decided", "--evidence", "git:HEAD"),
        ("resolve", question, "--as", "decided", "--evidence", "git:HEAD", "--next",
         bad_next),
    ):
        result = ledger(*args)
        assert result.exit_code == 1, (args, result.stderr)
        assert refs(repo) == before, args


# -- evidence ------------------------------------------------------------------------------


def test_evidence_adds_tests_urls_and_kept_commits(ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    head = git(repo, "rev-parse", "HEAD").strip()
    entry_id = make(repo, "accepted")
    ref = ledger_ref(repo)
    before = rev_list(repo, ref)
    ok(ledger("evidence", entry_id, "--add", "test:test_queue_drains", "--add",
              "https://ci.example.com/runs/7", "--add", f"git:{head[:7]}"))
    after = rev_list(repo, ref)
    assert len(after) == len(before) + 1
    assert ("Ledger-Event", "evidence") in trailers(repo, after[0])
    entry = get(repo, entry_id)
    assert entry.evidence == ("test:test_queue_drains", "https://ci.example.com/runs/7",
                              f"git:{head}")
    assert entry.status == "accepted"  # evidence never moves the status
    assert head in rev_list(repo, KEEP_REF)


def test_evidence_is_never_added_twice(ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    head = git(repo, "rev-parse", "HEAD").strip()
    entry_id = make(repo, "implemented")  # already cites git:<head>
    ok(ledger("evidence", entry_id, "--add", "test:a", "--add", "test:a"))
    assert get(repo, entry_id).evidence == (f"git:{head}", "test:a")
    before = refs(repo)
    ok(ledger("evidence", entry_id, "--add", "test:a", "--add", "git:HEAD", "--add",
              f"git:{head[:10]}"))
    assert refs(repo) == before
    assert get(repo, entry_id).evidence == (f"git:{head}", "test:a")


def test_evidence_refuses_an_unknown_rev(ledger: Run, repo_with_commit: Path) -> None:
    entry_id = make(repo_with_commit, "accepted")
    before = refs(repo_with_commit)
    err = fails(ledger("evidence", entry_id, "--add", "test:a", "--add", "git:nope"))
    assert "git:nope" in err
    assert refs(repo_with_commit) == before
    assert get(repo_with_commit, entry_id).evidence == ()


def test_evidence_refuses_a_non_decision_and_needs_add(ledger: Run,
                                                       repo_with_commit: Path) -> None:
    open_id = entry_of(Ledger.open(repo_with_commit).open_question("which?")).id
    entry_id = make(repo_with_commit, "accepted")
    before = refs(repo_with_commit)
    err = fails(ledger("evidence", open_id, "--add", "test:a"))
    assert "not a decision" in err
    err = fails(ledger("evidence", open_id, "--add", "git:HEAD"))
    assert "not a decision" in err
    err = fails(ledger("evidence", entry_id))
    assert "--add" in err
    assert "--remove" in err
    assert refs(repo_with_commit) == before


# -- write-time warnings -------------------------------------------------------------------


def _warns(result: Result, source: str) -> None:
    assert result.exit_code == 0, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("git ledger: warning: ")
    assert source in lines[0]
    assert f"--supersedes {source}" in lines[0]


def test_decide_warns_when_it_repeats_a_rejected_alternative(ledger: Run, repo: Path) -> None:
    source = make(repo, "accepted", "use Postgres", over=("use MongoDB", "use flat files"))
    result = ledger("decide", "Use  mongodb.", "--json")
    _warns(result, source)
    data = json.loads(result.stdout)
    assert len(data["warnings"]) == 1
    assert source in data["warnings"][0]
    assert get(repo, data["id"]).text == "Use  mongodb."  # still written
    _warns(ledger("decide", "use flat files"), source)  # text output too


@pytest.mark.parametrize("status", ["implemented", "deployed"])
def test_decide_warns_for_every_active_status(ledger: Run, repo_with_commit: Path,
                                              status: str) -> None:
    source = make(repo_with_commit, status, "use Postgres", over=("use MongoDB",))
    _warns(ledger("decide", "use MongoDB"), source)


def test_decide_warns_about_a_project_decision(ledger: Run, repo: Path) -> None:
    source = cli_id(ledger("decide", "--project", "use Postgres", "--over", "use MongoDB",
                           "--json"))
    _warns(ledger("decide", "use MongoDB"), source)  # a session decision
    _warns(ledger("decide", "--project", "use MongoDB"), source)


@pytest.mark.parametrize("status", ["proposed", "rejected", "superseded"])
def test_no_warning_when_the_rejecting_decision_is_not_in_force(ledger: Run, repo: Path,
                                                                status: str) -> None:
    make(repo, status, "use Postgres", over=("use MongoDB",))
    result = ok(ledger("decide", "use MongoDB", "--json"))
    assert result.stderr == ""
    assert json.loads(result.stdout)["warnings"] == []


def test_no_warning_when_the_new_decision_supersedes_the_rejecter(ledger: Run,
                                                                  repo: Path) -> None:
    source = make(repo, "accepted", "use Postgres", over=("use MongoDB",))
    result = ok(ledger("decide", "use MongoDB", "--supersedes", source, "--json"))
    assert result.stderr == ""
    assert json.loads(result.stdout)["warnings"] == []
    project = cli_id(ledger("decide", "--project", "use Redis", "--over", "use Memcached",
                            "--json"))
    result = ok(ledger("decide", "--project", "use Memcached", "--supersedes", project))
    assert result.stderr == ""


def test_no_warning_for_a_different_text(ledger: Run, repo: Path) -> None:
    make(repo, "accepted", "use Postgres", over=("use MongoDB",))
    result = ok(ledger("decide", "use MongoDB for logs only"))
    assert result.stderr == ""


def test_decide_warns_when_its_scope_already_has_a_decision_in_force(ledger: Run,
                                                                     repo: Path) -> None:
    first = cli_id(ledger("decide", "use cron", "--scope", "jobs", "--json"))
    result = ok(ledger("decide", "use a queue", "--scope", "jobs", "--json"))
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert f"{first} is already in force in scope 'jobs'" in lines[0]
    assert f"--supersedes {first}" in lines[0]
    assert len(json.loads(result.stdout)["warnings"]) == 1
    # The check agrees: two decisions in force in one scope.
    assert "scope-conflict" in ledger("check").stdout


@pytest.mark.parametrize("extra", [("--scope", "jobs/nightly"), ("--proposed",),
                                   ("--supersedes", "FIRST")])
def test_no_scope_warning_for_a_narrower_scope_a_proposal_or_a_replacement(
        ledger: Run, repo: Path, extra: tuple[str, ...]) -> None:
    first = cli_id(ledger("decide", "use cron", "--scope", "jobs", "--json"))
    args = [first if arg == "FIRST" else arg for arg in extra]
    if "--supersedes" not in args and "--scope" not in args:
        args += ["--scope", "jobs"]
    result = ok(ledger("decide", "use a queue", *args))
    assert result.stderr == ""
    assert ok(ledger("check")).exit_code == 0


# -- show of a supersedes chain ------------------------------------------------------------


def _chain(ledger: Run, repo: Path) -> tuple[str, str, str]:
    a = make(repo, "accepted", "use cron")
    b = cli_id(ledger("decide", "use a queue", "--proposed", "--supersedes", a, "--json"))
    ok(ledger("accept", b))
    c = cli_id(ledger("decide", "use a stream", "--supersedes", b, "--json"))
    return a, b, c


def test_show_prints_the_chain_oldest_first_and_the_status_history(ledger: Run,
                                                                   repo: Path) -> None:
    a, b, c = _chain(ledger, repo)
    text = ok(ledger("show", b)).stdout
    lines = text.splitlines()
    start = lines.index("supersedes chain (oldest first):")
    chain = lines[start + 1:start + 4]
    assert chain[0].split()[:2] == [a, "superseded"]
    assert chain[1].split()[:3] == ["*", b, "superseded"]
    assert chain[2].split()[:2] == [c, "accepted"]
    start = lines.index("status history (oldest first):")
    statuses = [line.split() for line in lines[start + 1:start + 4]]
    assert [s[0] for s in statuses] == ["proposed", "accepted", "superseded"]
    log = rev_list(repo, ledger_ref(repo))
    for row in statuses:
        assert any(commit.startswith(row[1]) for commit in log)
    # The ends of the chain show it too.
    assert "supersedes chain (oldest first):" in ok(ledger("show", a)).stdout
    assert "supersedes chain (oldest first):" in ok(ledger("show", c)).stdout


def test_show_json_has_the_chain_and_statuses_with_their_commits(ledger: Run,
                                                                 repo: Path) -> None:
    a, b, c = _chain(ledger, repo)
    ref = ledger_ref(repo)
    log = rev_list(repo, ref)
    data = json.loads(ok(ledger("show", b, "--json")).stdout)
    chain = data["chain"]
    assert [e["id"] for e in chain["earlier"]] == [a]
    assert [e["id"] for e in chain["later"]] == [c]
    assert [s["status"] for s in chain["statuses"]] == ["proposed", "accepted", "superseded"]
    for item in chain["statuses"]:
        commit = item["commit"]
        assert commit in log
        assert blob(repo, commit, b)["status"] == item["status"]
        parent = git(repo, "rev-parse", f"{commit}^").strip()
        previous = subprocess.run(["git", "show", f"{parent}:{entry_path(b)}"], cwd=repo,
                                  capture_output=True, text=True, check=False)
        assert previous.returncode != 0 or tomllib.loads(previous.stdout)["status"] != \
            item["status"]  # this commit is where the status changed
        pairs = trailers(repo, commit)
        assert ("Ledger-Entry", b) in pairs
        if item["status"] == "proposed":
            assert ("Ledger-Event", "add") in pairs
        else:
            assert ("Ledger-Status", f"{b} {item['status']}") in pairs
    # The three ids of the chain, from each end.
    end = json.loads(ok(ledger("show", c, "--json")).stdout)["chain"]
    assert [e["id"] for e in end["earlier"]] == [a, b]
    assert end["later"] == []
    start = json.loads(ok(ledger("show", a, "--json")).stdout)["chain"]
    assert [e["id"] for e in start["later"]] == [b, c]
    assert start["earlier"] == []


def test_show_json_of_a_non_decision_has_no_chain(ledger: Run, repo: Path) -> None:
    open_id = entry_of(Ledger.open(repo).open_question("which?")).id
    assert "chain" not in json.loads(ok(ledger("show", open_id, "--json")).stdout)


def test_entry_history_in_the_core(repo_with_commit: Path) -> None:
    entry_id = make(repo_with_commit, "deployed")
    history = decisions.entry_history(Ledger.open(repo_with_commit), entry_id)
    assert [s for s, _ in history.statuses] == ["accepted", "implemented", "deployed"]
    assert history.earlier == ()
    assert history.later == ()


# -- decisions that live in the project ledger ---------------------------------------------


def test_status_commands_find_a_project_decision_without_project(ledger: Run,
                                                                 repo_with_commit: Path) -> None:
    repo = repo_with_commit
    entry_id = cli_id(ledger("decide", "--project", "--proposed", "use a monorepo", "--json"))
    for args in (["accept", entry_id], ["implement", entry_id],
                 ["evidence", entry_id, "--add", "test:t"],
                 ["deploy", entry_id, "--env", "production", "--sha", "HEAD", "--url", URL]):
        data = json.loads(ok(ledger(*args, "--json")).stdout)
        assert data["ref"] == PROJECT_REF
    entry = get(repo, entry_id, project=True)
    assert entry.status == "deployed"
    assert "test:t" in entry.evidence
    assert [r for r in refs(repo).split() if r.startswith("refs/ledger/sessions/")] == []


def test_a_session_decision_is_preferred_and_project_still_found(ledger: Run,
                                                                 repo: Path) -> None:
    session_id = make(repo, "proposed", "session one")
    project_id = cli_id(ledger("decide", "--project", "--proposed", "project one", "--json"))
    assert json.loads(ok(ledger("accept", session_id, "--json")).stdout)["ref"] != PROJECT_REF
    assert json.loads(ok(ledger("reject", project_id, "--why", "no",
                                "--json")).stdout)["ref"] == PROJECT_REF
    assert get(repo, project_id, project=True).status == "rejected"


def test_locate_in_the_core(repo: Path) -> None:
    project_id = entry_of(Ledger.open(repo, project=True).decide("p", proposed=True)).id
    assert decisions.locate(str(repo), project_id).ref == PROJECT_REF
    session_id = make(repo, "proposed")
    assert decisions.locate(str(repo), session_id).ref == ledger_ref(repo)
    assert decisions.locate(str(repo), project_id).ref == PROJECT_REF
    assert decisions.locate(str(repo), "d-zzzzzzzzzz").ref == ledger_ref(repo)


def test_show_of_an_unknown_id_after_an_archive_names_both_ledgers(ledger: Run) -> None:
    ledger("task", "t")
    ledger("decide", "carried along", "--over", "x", "--because", "y")
    assert ledger("archive").exit_code == 0
    gone = ledger("show", "d-zzzz")
    assert gone.exit_code == 1
    assert gone.stderr == ("git ledger: no entry matches 'd-zzzz' in this worktree's ledger "
                           "or the project ledger\n")


# -- concurrency ---------------------------------------------------------------------------


def test_two_processes_accepting_one_decision_make_one_event(repo: Path,
                                                             cli_env: dict[str, str]) -> None:
    for _ in range(3):
        entry_id = make(repo, "proposed")
        command = [str(installed_git_ledger()), "accept", entry_id]
        procs = [subprocess.Popen(command, cwd=repo, env=cli_env, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(2)]
        outs = [(p.wait(timeout=60), *p.communicate()) for p in procs]
        codes = sorted(code for code, _, _ in outs)
        assert codes == [0, 1], outs
        loser = next(err for code, _, err in outs if code == 1)
        assert "accepted and cannot become accepted" in loser
        assert len(status_events(repo, ledger_ref(repo), entry_id, "accepted")) == 1


def test_two_threads_accepting_one_decision_make_one_event(repo: Path) -> None:
    entry_id = make(repo, "proposed")

    def accept() -> str:
        try:
            decisions.accept(Ledger.open(repo), entry_id)
        except InvalidInput as exc:
            return str(exc)
        return "ok"

    with ThreadPoolExecutor(2) as pool:
        outcomes = sorted(pool.map(lambda _: accept(), range(2)))
    assert outcomes[1] == "ok"
    assert "cannot become accepted" in outcomes[0]
    assert len(status_events(repo, ledger_ref(repo), entry_id, "accepted")) == 1


# -- keep-alive through a rebase and git gc ------------------------------------------------


def test_a_rewritten_implementation_commit_survives_gc(ledger: Run,
                                                       repo_with_commit: Path) -> None:
    repo = repo_with_commit
    git(repo, "checkout", "-q", "-b", "feature")
    original = commit_file(repo, "impl.txt", message="implement it")
    entry_id = make(repo, "accepted")
    ok(ledger("implement", entry_id))
    git(repo, "commit", "-q", "--amend", "-m", "implement it (amended)")
    rewritten = git(repo, "rev-parse", "HEAD").strip()
    assert rewritten != original
    assert git(repo, "branch", "--contains", original, "--all").strip() == ""
    expire_and_gc(repo)
    assert exists(repo, original)
    assert not [f for f in findings(ledger, entry_id) if f["rule"].startswith("evidence")]
    result = ledger("check")
    assert result.exit_code == 0, result.stdout
    # The chain keeps it, nothing else does.
    assert original in rev_list(repo, KEEP_REF)


def test_a_rebased_deploy_commit_survives_gc(ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    git(repo, "checkout", "-q", "-b", "feature")
    impl = commit_file(repo, "impl.txt")
    deployed = commit_file(repo, "deploy.txt")
    entry_id = make(repo, "accepted")
    ok(ledger("implement", entry_id, "--commit", impl))
    ok(ledger("deploy", entry_id, "--env", "production", "--sha", deployed, "--url", URL))
    git(repo, "checkout", "-q", "main")
    commit_file(repo, "main.txt")
    git(repo, "rebase", "-q", "main", "feature")
    assert git(repo, "rev-parse", "feature").strip() != deployed
    expire_and_gc(repo)
    assert exists(repo, impl)
    assert exists(repo, deployed)
    assert [f for f in findings(ledger, entry_id) if f["severity"] == "error"] == []


def _hand_write_evidence(repo: Path, entry_id: str, items: tuple[str, ...]) -> None:
    """Write evidence past every check (as an older version or a hand edit would)."""
    led = Ledger.open(repo)

    def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built:
        entry = replace(read_entry(view, entry_id), evidence=items)
        return Built(f"hand edit {entry_id}", [("Ledger-Event", "edit"),
                                               ("Ledger-Entry", entry_id)],
                     {entry_path(entry_id): encode_entry(entry)}, entry, focus, False)

    led.write(build)


def test_unkept_evidence_is_reported_unreachable_then_missing(ledger: Run,
                                                              repo_with_commit: Path) -> None:
    repo = repo_with_commit
    git(repo, "checkout", "-q", "-b", "doomed")
    doomed = commit_file(repo, "doomed.txt")
    git(repo, "checkout", "-q", "main")
    entry_id = make(repo, "accepted")
    _hand_write_evidence(repo, entry_id, (f"git:{doomed}",))
    assert KEEP_REF not in refs(repo) or doomed not in rev_list(repo, KEEP_REF)
    assert [f["rule"] for f in findings(ledger, entry_id)] == []
    git(repo, "branch", "-q", "-D", "doomed")
    assert [f["rule"] for f in findings(ledger, entry_id)] == ["evidence-unreachable"]
    expire_and_gc(repo)
    assert not exists(repo, doomed)
    rules = findings(ledger, entry_id)
    assert [f["rule"] for f in rules] == ["evidence-missing"]
    assert rules[0]["severity"] == "error"
    result = ledger("check")
    assert result.exit_code == 1
    assert "evidence-missing" in result.stdout
    assert entry_id in result.stdout


def test_edit_evidence_is_stored_as_given_and_checked(ledger: Run,
                                                      repo_with_commit: Path) -> None:
    """What ``edit --evidence git:REV`` does today: stores the text verbatim."""
    repo = repo_with_commit
    head = git(repo, "rev-parse", "HEAD").strip()
    entry_id = make(repo, "accepted")
    ok(ledger("edit", entry_id, "--evidence", f"git:{head[:9]}"))
    evidence = get(repo, entry_id).evidence
    assert evidence in ((f"git:{head[:9]}",), (f"git:{head}",))
    assert findings(ledger, entry_id) == []  # an existing, reachable commit


def test_edit_git_evidence_is_kept_alive_like_every_other_citation(
        ledger: Run, repo_with_commit: Path) -> None:
    """The brief: every git: evidence commit must survive a rebase and git gc.

    ``evidence --add`` and ``implement`` keep the commit; ``edit --evidence`` is the other
    documented way to write git: evidence and must keep it too.
    """
    repo = repo_with_commit
    git(repo, "checkout", "-q", "-b", "feature")
    cited = commit_file(repo, "impl.txt")
    entry_id = make(repo, "accepted")
    ok(ledger("edit", entry_id, "--evidence", f"git:{cited}"))
    git(repo, "commit", "-q", "--amend", "-m", "rewritten")
    expire_and_gc(repo)
    assert exists(repo, cited), "edit --evidence git:<sha> did not keep the commit alive"
    assert findings(ledger, entry_id) == []


def test_edit_refuses_git_evidence_that_names_no_commit(ledger: Run,
                                                       repo_with_commit: Path) -> None:
    """Like ``decide --evidence`` and ``evidence --add``: a git: citation must exist."""
    entry_id = make(repo_with_commit, "accepted")
    before = refs(repo_with_commit)
    err = fails(ledger("edit", entry_id, "--evidence", "git:nope"))
    assert "git:nope" in err
    assert refs(repo_with_commit) == before


def test_resolve_as_decided_git_evidence_is_resolved_and_kept(
        ledger: Run, repo_with_commit: Path) -> None:
    """Resolving an OPEN item into a decision cites commits like ``decide --evidence``."""
    repo = repo_with_commit
    head = git(repo, "rev-parse", "HEAD").strip()
    open_id = entry_of(Ledger.open(repo).open_question("which queue?")).id
    ok(ledger("resolve", open_id, "--as", "decided", "--evidence", f"git:{head[:7]}"))
    assert get(repo, open_id).evidence == (f"git:{head}",)
    assert KEEP_REF in refs(repo)
    assert head in rev_list(repo, KEEP_REF)


def test_decide_evidence_is_resolved_and_kept(ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    head = git(repo, "rev-parse", "HEAD").strip()
    entry_id = cli_id(ledger("decide", "use x", "--evidence", f"git:{head[:7]}", "--json"))
    assert get(repo, entry_id).evidence == (f"git:{head}",)
    assert head in rev_list(repo, KEEP_REF)
    before = refs(repo)
    fails(ledger("decide", "use y", "--evidence", "git:nope"))
    assert refs(repo) == before


# -- found in review -----------------------------------------------------------------------


@pytest.mark.parametrize("at", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-23:59"])
def test_deploy_refuses_a_time_utc_cannot_show(ledger: Run, repo_with_commit: Path,
                                               at: str) -> None:
    entry_id = make(repo_with_commit, "implemented")
    before = refs(repo_with_commit)
    err = fails(ledger("deploy", entry_id, "--env", "prod", "--sha", "HEAD", "--url",
                       "https://ci.example.com/1", "--at", at))
    assert "outside the years UTC can show" in err
    assert refs(repo_with_commit) == before
    assert ok(ledger("check")).exit_code == 0


@pytest.mark.parametrize("url", ["x://", "https://", "https://ci example.com/1", "ci/1"])
def test_deploy_refuses_what_is_not_a_url(ledger: Run, repo_with_commit: Path,
                                          url: str) -> None:
    entry_id = make(repo_with_commit, "implemented")
    before = refs(repo_with_commit)
    assert "is not a URL" in fails(ledger("deploy", entry_id, "--env", "prod", "--sha",
                                          "HEAD", "--url", url))
    assert refs(repo_with_commit) == before


def test_a_rebased_implementation_is_recited_and_then_deploys(ledger: Run,
                                                              repo_with_commit: Path) -> None:
    repo = repo_with_commit
    git(repo, "checkout", "-q", "-b", "feature")
    commit_file(repo, "feature.txt")
    entry_id = make(repo, "implemented")
    old = get(repo, entry_id).evidence[0].removeprefix("git:")
    git(repo, "checkout", "-q", "main")
    commit_file(repo, "main.txt")
    git(repo, "checkout", "-q", "feature")
    git(repo, "rebase", "-q", "main")
    new = git(repo, "rev-parse", "HEAD").strip()
    err = fails(ledger("deploy", entry_id, "--env", "prod", "--sha", "HEAD", "--url",
                       "https://ci.example.com/1"))
    assert f"--remove git:{old} --add git:REV" in err
    ok(ledger("evidence", entry_id, "--remove", f"git:{old}", "--add", "git:HEAD"))
    assert get(repo, entry_id).evidence == (f"git:{new}",)
    ok(ledger("deploy", entry_id, "--env", "prod", "--sha", "HEAD", "--url",
              "https://ci.example.com/1"))
    assert get(repo, entry_id).status == "deployed"


def test_evidence_remove_needs_an_item_the_decision_has(ledger: Run,
                                                        repo_with_commit: Path) -> None:
    entry_id = make(repo_with_commit, "accepted", evidence=("test:a",))
    before = refs(repo_with_commit)
    err = fails(ledger("evidence", entry_id, "--remove", "test:b"))
    assert "has no evidence 'test:b' to remove" in err
    assert refs(repo_with_commit) == before
    ok(ledger("evidence", entry_id, "--remove", "test:a", "--add", "test:c"))
    assert get(repo_with_commit, entry_id).evidence == ("test:c",)
    assert ok(ledger("evidence", entry_id, "--add", "test:c")).stdout.strip() == (
        f"{entry_id} unchanged")


def test_superseding_a_project_decision_from_the_session_says_use_project(
        ledger: Run, repo: Path) -> None:
    project = cli_id(ledger("decide", "--project", "use Postgres", "--json"))
    err = fails(ledger("decide", "use SQLite", "--supersedes", project))
    assert "is in the project ledger; decide with --project" in err
    ok(ledger("decide", "--project", "use SQLite", "--supersedes", project))
    assert get(repo, project, project=True).status == "superseded"


def test_show_after_an_archive_says_where_the_decisions_went(ledger: Run) -> None:
    ledger("task", "t")
    assert "show --project" not in ledger("show").stdout  # a ledger here: nothing to say
    ledger("decide", "carried along", "--over", "x", "--because", "y")
    archived = ledger("archive")
    assert archived.exit_code == 0
    # What the archive keeps, not what the task recorded: the decision went to the project.
    assert re.search(r"as refs/ledger/archive/\w+ \(0 entries left in it, [0-9a-f]{10}\)",
                     archived.stdout), archived.stdout
    shown = ledger("show")
    assert shown.exit_code == 0
    assert shown.stdout.splitlines()[-1] == (
        "The project ledger holds the decisions carried out of finished work: "
        "git ledger show --project")
    assert "show --project" not in ledger("show", "--json").stdout
