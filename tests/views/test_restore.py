"""The restore block through the library and the CLI, in real repositories."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.core.ids import entry_path
from gitledger.derived.files import CACHE_DIR
from gitledger.errors import BudgetTooSmall
from gitledger.ledger.operations import Ledger
from gitledger.views.restore import CANARY_PREFIX, PROTOCOL, restore
from tests.conftest import Run, git


def _fill(repo: Path) -> Ledger:
    ledger = Ledger.open(repo)
    ledger.set_task("Ship the PKCE callback", next_text="Write the verifier test")
    ledger.open_question("Does SSO need its own route?", ask_user=True)
    ledger.decide("Use PKCE", over=["implicit flow"], because="the SPA keeps no secret",
                  scope="auth/callback")
    ledger.verify("The callback rejects a missing verifier", by="pytest -k verifier")
    ledger.drop("Token in localStorage", why="readable by any XSS")
    ledger.plan("docs/plan.md", note="rollout")
    return ledger


def test_full_block_in_restore_first_order_with_canary(repo: Path) -> None:
    _fill(repo)
    block = restore(repo)
    text = block.text
    order = [text.index(marker) for marker in (
        "TASK: Ship the PKCE callback", "NEXT: Write the verifier test", "OPEN:", "DECIDED:",
        "VERIFIED:", "DROPPED:", "PLAN:")]
    assert order == sorted(order)
    assert "[only the user can answer]" in text
    assert "rejected: implicit flow" in text
    assert "proved by: pytest -k verifier" in text
    assert "why: readable by any XSS" in text
    assert block.complete
    assert text.splitlines()[-1] == f"{CANARY_PREFIX}{block.canary}"
    assert len(text) <= block.budget


def test_canary_changes_with_content(repo: Path) -> None:
    ledger = _fill(repo)
    first = restore(repo).canary
    ledger.set_next("Something else")
    assert restore(repo).canary not in (None, first)


def test_empty_worktree_gives_a_short_block_never_an_error(repo: Path) -> None:
    block = restore(repo, source="compact")
    assert "no session ledger in this worktree yet" in block.text
    assert "git ledger task" in block.text
    assert len(block.text) < 400


def test_protocol_once_for_a_new_session_on_startup(repo: Path) -> None:
    ledger = _fill(repo)
    assert PROTOCOL[0] in restore(repo, source="startup", session_id="s1").text
    assert PROTOCOL[0] not in restore(repo, source="compact", session_id="s1").text
    ledger.claim("s1")
    assert PROTOCOL[0] not in restore(repo, source="startup", session_id="s1").text


def test_other_session_is_told_whose_ledger_it_is(repo: Path) -> None:
    ledger = _fill(repo)
    ledger.claim("owner-1")
    text = restore(repo, session_id="newcomer-2", source="startup").text
    assert "belongs to another session (owner-1)" in text
    assert "Its TASK: Ship the PKCE callback" in text
    assert "git ledger claim --session-id newcomer-2" in text
    assert "git ledger archive" in text
    assert "\nNEXT: " not in text
    same = restore(repo, session_id="owner-1").text
    assert "another session" not in same
    assert "\nNEXT: Write the verifier test" in same


def test_claim_only_if_unowned_keeps_the_owner(repo: Path) -> None:
    ledger = _fill(repo)
    assert ledger.claim("a", only_if_unowned=True).commit is not None
    assert ledger.claim("b", only_if_unowned=True).commit is None
    assert ledger.owner() == "a"
    taken = ledger.claim("b")
    assert taken.commit is not None
    assert ledger.owner() == "b"
    message = git(repo, "log", "-1", "--format=%B", taken.commit)
    assert "Ledger-Event: claim" in message
    assert "Ledger-Previous-Owner: a" in message


def test_claim_only_if_unowned_never_starts_a_ledger(repo: Path) -> None:
    assert Ledger.open(repo).claim("s", only_if_unowned=True).commit is None
    assert git(repo, "for-each-ref", "refs/ledger/") == ""


def test_checkpoint_is_an_event_that_changes_nothing(repo: Path) -> None:
    ledger = _fill(repo)
    before = git(repo, "rev-parse", f"{ledger.ref}^{{tree}}")
    result = ledger.checkpoint("pre-compact")
    assert result.commit is not None
    assert git(repo, "rev-parse", f"{ledger.ref}^{{tree}}") == before
    assert "Ledger-Checkpoint: pre-compact" in git(repo, "log", "-1", "--format=%B",
                                                   result.commit)


def test_small_budget_clips_by_priority_and_names_it(repo: Path) -> None:
    ledger = _fill(repo)
    for i in range(25):
        ledger.decide(f"Decision {i} on the cache eviction policy", over=[f"alt {i}"])
    block = restore(repo, budget=1500)
    assert len(block.text) <= 1500
    assert not block.complete
    assert block.canary is None
    assert CANARY_PREFIX not in block.text
    assert "more DECIDED: git ledger show --kind decided" in block.text
    assert "Decision 24 on" in block.text  # newest first
    assert "Decision 0 on" not in block.text
    assert "VERIFIED:" in block.text
    assert "DROPPED:" in block.text
    assert "Restore incomplete" in block.text


def _long_fill(repo: Path) -> Ledger:
    """Two entries of every kind, each far longer than a small budget allows whole."""
    ledger = _fill(repo)
    long = " and then some more words about it" * 12
    for n in (1, 2):
        ledger.open_question(f"Which IdP first, {n}?{long}")
        ledger.decide(f"Use one callback per IdP {n}{long}", over=[f"a shared callback{long}"],
                      because=f"separate audit trails{long}")
        ledger.verify(f"The IdP metadata parses {n}{long}", by=f"pytest -k metadata{long}")
        ledger.drop(f"Hand-written SAML {n}{long}", why=f"xmlsec exists{long}")
        ledger.plan(f"docs/sso-plan-{n}.md", note=f"the SSO rollout{long}")
    return ledger


def test_a_budget_below_the_floors_shortens_entries_instead_of_refusing(repo: Path) -> None:
    _long_fill(repo)
    for budget in (2500, 1200, 900):  # two whole entries per section need about 3,000
        block = restore(repo, budget=budget)
        text = block.text
        assert len(text) <= budget
        assert not block.complete
        assert CANARY_PREFIX not in text
        for title in ("OPEN:", "DECIDED:", "VERIFIED:", "DROPPED:", "PLAN:"):
            entry = text.split(f"\n{title}\n", 1)[1].split("\n", 1)[0]
            assert entry.startswith("- "), (title, text)  # one shortened entry each
        assert "Shortened for the block: " in text
        assert "git ledger show ID has the full text" in text
        assert block.clipped
        for key, missing in block.clipped.items():
            assert f"\n{missing} more {key.upper()}: git ledger show --kind {key}\n" in text
        assert "Restore incomplete" in text


def test_a_budget_below_the_fixed_header_is_a_usage_error(repo: Path) -> None:
    _long_fill(repo)
    with pytest.raises(BudgetTooSmall, match=r"below the (\d+) characters") as error:
        restore(repo, budget=300)
    assert error.value.exit_code == 2
    needed = int(re.findall(r"below the (\d+) characters", str(error.value))[0])
    assert needed > 300
    assert len(restore(repo, budget=needed).text) <= needed  # the figure is exact


def test_project_decisions_are_included_and_cached(repo: Path) -> None:
    _fill(repo)
    project = Ledger.open(repo, project=True)
    project.decide("All services log JSON", over=["plain text"])
    rejected = project.decide("Use XML everywhere", proposed=True)
    assert rejected.entry is not None
    text = restore(repo).text
    assert "PROJECT DECISIONS (active, shared):" in text
    assert "All services log JSON" in text
    assert "Use XML everywhere" not in text  # proposed is not in force
    cache = repo / ".git" / CACHE_DIR / "project.json"
    assert json.loads(cache.read_text())["active"] == 1
    project.decide("Keep the CLI thin")
    assert "Keep the CLI thin" in restore(repo).text  # a new tip is a new cache key


def test_rejected_and_superseded_are_only_pointed_at(repo: Path) -> None:
    ledger = _fill(repo)
    gone = ledger.decide("Use cookies")
    assert gone.entry is not None
    path = entry_path(gone.entry.id)
    blob = git(repo, "show", f"{ledger.ref}:{path}").replace('"accepted"', '"rejected"')
    _commit_blob(repo, ledger.ref or "", path, blob)
    text = restore(repo).text
    assert "Use cookies" not in text
    assert "1 rejected or superseded decision not shown" in text


def test_hand_written_escape_sequences_are_stripped(repo: Path) -> None:
    ledger = _fill(repo)
    entry = ledger.decide("Plain").entry
    assert entry is not None
    path = entry_path(entry.id)
    blob = git(repo, "show", f"{ledger.ref}:{path}").replace(
        'text = "Plain"', 'text = "Evil \\u001b[31mred\\u001b[0m \\u202e gnirts"')
    _commit_blob(repo, ledger.ref or "", path, blob)
    text = restore(repo).text
    assert "\x1b" not in text
    assert "\u202e" not in text
    assert "Evil" in text


def test_entries_by_someone_else_are_labelled(repo: Path, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    ledger = _fill(repo)
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Bob Builder")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "bob@example.com")
    ledger.decide("Bob's call")
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Ada Tester")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "ada@example.com")
    text = restore(repo).text
    assert "Bob's call [accepted] [by Bob Builder]" in text
    assert "Use PKCE [accepted; scope auth/callback]" in text
    assert "[by Ada" not in text


def test_cli_restore_formats(ledger: Run, repo: Path) -> None:
    _fill(repo)
    text = ledger("restore")
    assert text.exit_code == 0
    assert "TASK: Ship the PKCE callback" in text.stdout
    described = json.loads(ledger("restore", "--format", "json", "--budget", "5000").stdout)
    assert described["budget"] == 5000
    assert described["length"] == len(described["context"]) <= 5000
    assert described["complete"] is True
    assert described["canary"]
    claude = json.loads(ledger("restore", "--format", "claude").stdout)
    context = claude["hookSpecificOutput"]["additionalContext"]
    assert claude["hookSpecificOutput"]["hookEventName"] == "SessionStart"
    assert "TASK: Ship the PKCE callback" in context
    assert len(context) <= 9000


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("restore", "--budget", "250"), 2, "is below the"),
        (("restore", "--budget", "50"), 2, "below the minimum"),
        (("restore", "--format", "xml"), 2, "Invalid value for '--format'"),
        (("restore", "--source", "boot"), 2, "Invalid value for '--source'"),
        (("claim",), 2, "Missing option '--session-id'"),
        (("claim", "--session-id", " "), 1, "is empty"),
    ],
)
def test_cli_bad_restore_input(ledger: Run, repo: Path, args: tuple[str, ...], code: int,
                               message: str) -> None:
    _fill(repo)
    before = git(repo, "for-each-ref", "refs/ledger/")
    result = ledger(*args)
    assert result.exit_code == code
    assert len(result.stderr.splitlines()) == 1
    assert message in result.stderr
    assert git(repo, "for-each-ref", "refs/ledger/") == before


def test_cli_claim(runner: CliRunner, repo: Path) -> None:
    _fill(repo)
    first = runner.invoke(cli, ["-C", str(repo), "claim", "--session-id", "s9"])
    assert first.exit_code == 0
    assert "now belongs to session s9" in first.stdout
    again = runner.invoke(cli, ["-C", str(repo), "claim", "--session-id", "s9"])
    assert "already belongs to session s9" in again.stdout


def _commit_blob(repo: Path, ref: str, path: str, content: str) -> None:
    """Commit ``content`` at ``path`` on ``ref`` by hand, as a careless editor would."""
    env = {**os.environ, "GIT_INDEX_FILE": str(repo / ".git" / "tmp-index")}

    def run(*args: str, stdin: str | None = None) -> str:
        return subprocess.run(["git", *args], cwd=repo, env=env, input=stdin, text=True,
                              capture_output=True, check=True).stdout.strip()

    blob = run("hash-object", "-w", "--stdin", stdin=content)
    run("read-tree", ref)
    run("update-index", "--cacheinfo", f"100644,{blob},{path}")
    commit = run("commit-tree", run("write-tree"), "-p", ref, "-m", "hand edit")
    run("update-ref", ref, commit)


def test_project_writes_keep_the_index_warm(repo: Path) -> None:
    project = Ledger.open(repo, project=True)
    project.decide("First rule")
    restore(repo)  # builds the index for this tip
    cache = repo / ".git" / CACHE_DIR / "project.json"
    added = project.decide("Second rule")
    data = json.loads(cache.read_text())
    assert data["commit"] == added.commit  # carried over by the write, no rebuild needed
    assert data["active"] == 2
    assert [item["entry"]["text"] for item in data["top"]] == ["Second rule", "First rule"]
    assert added.entry is not None
    project.edit(added.entry.id, text="Second rule, reworded")
    data = json.loads(cache.read_text())
    assert data["top"][0]["entry"]["text"] == "Second rule, reworded"
    assert "Second rule, reworded" in restore(repo).text


def test_parsed_entries_are_cached_by_blob_and_never_trusted_blindly(repo: Path) -> None:
    ledger = _fill(repo)
    first = ledger.snapshot()
    cache = repo / ".git" / CACHE_DIR / f"entries-{(ledger.ref or '').rsplit('/', 1)[-1]}.json"
    stored = json.loads(cache.read_text())
    assert len(stored["entries"]) == len(first.entries) == 5
    assert ledger.snapshot().entries == first.entries  # served from the cache
    cache.write_text("{ not json")
    assert ledger.snapshot().entries == first.entries  # a broken cache is ignored, rebuilt
    assert len(json.loads(cache.read_text())["entries"]) == 5
    edited = ledger.edit(first.entries[0].id, text="Reworded question?")
    assert edited.entry is not None
    assert edited.entry in ledger.snapshot().entries
    assert len(json.loads(cache.read_text())["entries"]) == 5  # the old blob is dropped


def _archive_a_task(ledger: Run) -> None:
    """A finished task whose durable half the archive carries to the project ledger."""
    for args in (("task", "Ship the PKCE callback"),
                 ("verify", "The callback rejects a missing verifier", "--by",
                  "pytest -k verifier"),
                 ("drop", "Token in localStorage", "--why", "readable by any XSS"),
                 ("decide", "Use PKCE", "--over", "implicit flow"),
                 ("archive",),
                 ("task", "Add SSO", "--next", "Read the IdP docs")):
        result = ledger(*args)
        assert result.exit_code == 0, (args, result.output)


def test_an_archived_tasks_verified_and_dropped_come_back(ledger: Run) -> None:
    _archive_a_task(ledger)
    assert ledger("verify", "SSO metadata parses", "--by", "pytest -k sso").exit_code == 0
    assert ledger("drop", "SAML by hand", "--why", "xmlsec exists").exit_code == 0
    result = ledger("restore")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "TASK: Add SSO" in text
    assert ("PROJECT VERIFIED (carried, shared):\n- v-" in text)
    assert ("The callback rejects a missing verifier [proved by: pytest -k verifier"
            in text)
    assert "PROJECT DROPPED (carried, shared):\n- x-" in text
    assert "Token in localStorage (why: readable by any XSS)" in text
    # The session's own come first, then the project's, each labelled as the project's.
    order = [text.index(m) for m in ("VERIFIED:\n", "DROPPED:\n", "PROJECT DECISIONS",
                                     "PROJECT VERIFIED", "PROJECT DROPPED", CANARY_PREFIX)]
    assert order == sorted(order)
    assert text.index("SSO metadata parses") < text.index("The callback rejects")
    described = json.loads(ledger("restore", "--format", "json").stdout)
    assert described["complete"] is True
    assert described["clipped"] == {}


def test_the_projects_verified_and_dropped_are_clipped_before_the_sessions(
        ledger: Run, repo: Path) -> None:
    _archive_a_task(ledger)
    project = Ledger.open(repo, project=True)
    for n in range(30):
        project.verify(f"Project fact {n} about the token store", by=f"pytest -k fact{n}")
        project.drop(f"Project dead end {n} for the callback", why=f"reason {n}")
    own = Ledger.open(repo)
    own.verify("Session fact", by="pytest -k session")
    own.drop("Session dead end", why="session reason")
    described = json.loads(ledger("restore", "--format", "json", "--budget", "2500").stdout)
    text = described["context"]
    assert described["length"] <= 2500
    assert "Session fact" in text
    assert "Session dead end" in text
    assert described["clipped"]["project_verified"] > 0
    assert described["clipped"]["project"] == 1  # the project's decisions are cut first
    assert "Project dead end 29 for the callback" in text  # DROPPED outranks VERIFIED
    assert (f"{described['clipped']['project_verified']} more PROJECT VERIFIED: "
            "git ledger show --project --kind verified") in text
    assert described["complete"] is False
    assert CANARY_PREFIX not in text


def test_an_archive_or_a_teammates_ledger_is_restored_without_the_projects_half(
        ledger: Run) -> None:
    _archive_a_task(ledger)
    archived = ledger("list", "--archived").stdout.split()[0]
    result = ledger("restore", "--archive", archived)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "ARCHIVED ledger" in text
    assert "The callback rejects" not in text
    assert "PROJECT VERIFIED" not in text
    assert "PROJECT DROPPED" not in text


def _decision_id(ledger: Run, *args: str) -> str:
    result = ledger("decide", *args)
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def test_implemented_and_deployed_decisions_show_their_evidence(
        ledger: Run, repo_with_commit: Path) -> None:
    head = git(repo_with_commit, "rev-parse", "HEAD").strip()
    built = _decision_id(ledger, "Use PKCE")
    shipped = _decision_id(ledger, "Log JSON")
    for args in (("implement", built), ("implement", shipped),
                 ("deploy", shipped, "--env", "production", "--sha", head, "--url",
                  "https://ci.example.com/run/7", "--at", "2026-11-30T12:00:00Z")):
        result = ledger(*args)
        assert result.exit_code == 0, (args, result.output)
    text = ledger("restore").stdout
    assert f"Use PKCE [implemented in {head[:10]} — not deployed]" in text
    assert (f"Log JSON [deployed to production at 2026-11-30T12:00:00Z ({head[:12]}), "
            f"https://ci.example.com/run/7; implemented in {head[:10]}]") in text


def test_a_deployed_decision_with_an_incomplete_receipt_is_deploy_unverified(
        ledger: Run, repo_with_commit: Path) -> None:
    head = git(repo_with_commit, "rev-parse", "HEAD").strip()
    shipped = _decision_id(ledger, "Log JSON")
    assert ledger("implement", shipped).exit_code == 0
    assert ledger("deploy", shipped, "--env", "production", "--sha", head, "--url",
                  "https://ci.example.com/run/7").exit_code == 0
    ref = Ledger.open(repo_with_commit).ref or ""
    path = entry_path(shipped)
    blob = git(repo_with_commit, "show", f"{ref}:{path}")
    edited = "\n".join(line for line in blob.splitlines()
                       if not line.startswith("deployed_url"))  # a receipt without its log
    _commit_blob(repo_with_commit, ref, path, edited + "\n")
    text = ledger("restore").stdout
    assert "deployed to" not in text
    assert (f"Log JSON [deploy unverified: the receipt has no url; implemented in "
            f"{head[:10]}]") in text


def test_a_proposed_decision_is_not_listed_as_in_force(ledger: Run, repo: Path) -> None:
    _fill(repo)
    proposed = _decision_id(ledger, "Maybe a BFF for tokens", "--proposed")
    text = ledger("restore").stdout
    decided = text.split("\nDECIDED:\n", 1)[1].split("\nVERIFIED:\n", 1)[0]
    assert "Use PKCE" in decided
    assert "Maybe a BFF" not in decided
    assert (f"PROPOSED (not in force until accepted):\n- {proposed[:4]}") in text
    assert "Maybe a BFF for tokens [proposed]" in text
    assert text.index("PLAN:") < text.index("PROPOSED (")
