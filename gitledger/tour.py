"""``git ledger tour``: the main job, end to end, in a throwaway repository.

Every step goes through the same library calls the commands use, and is printed as the
command a user would type, so the tour doubles as a worked example.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.audit.check import check, report_text
from gitledger.audit.drift import drift, drift_text
from gitledger.core.ids import entry_path
from gitledger.integrations.git_events import post_commit
from gitledger.integrations.pre_tool_hook import run_pre_tool_use
from gitledger.ledger.decisions import reject
from gitledger.ledger.lifecycle import archive
from gitledger.ledger.operations import Ledger
from gitledger.ledger.results import WriteResult
from gitledger.storage.notes import read_note
from gitledger.storage.repo import Repo, commit_files, init_repository
from gitledger.team.render import pull_text, push_text, review_text
from gitledger.team.review import review
from gitledger.team.sync import pull, push
from gitledger.views.render import archive_text, log_text, snapshot_json, snapshot_text
from gitledger.views.restore import restore
from gitledger.views.why import why, why_text

TEAMMATE = {"GIT_AUTHOR_NAME": "Sam Teammate", "GIT_AUTHOR_EMAIL": "sam@gitledger.invalid",
            "GIT_COMMITTER_NAME": "Sam Teammate", "GIT_COMMITTER_EMAIL": "sam@gitledger.invalid"}


#: What the tour records, held once so the commands it prints are the ones it ran.
PKCE_BECAUSE = "the SPA cannot keep a secret; PKCE binds the code to this client"
ROTATE_BECAUSE = "a stolen token dies at its next use"
TTL_BY = "grep -n REFRESH_TTL config.py"


def _team_round(say: Callable[[str], None], root: Path) -> Path:
    """A teammate's clone, a bare remote beside the tour's repository: the project
    ledger travels, merges and is reviewed.  Returns the directory holding both."""
    team = _team_dir(root)
    remote, clone = team / "remote.git", team / "sam"
    say("\n# A team shares ledgers through any git remote. Here a bare one, and a teammate's")
    say(f"# clone of it ({team}).")
    _git(team.parent, "init", "-q", "--bare", str(remote))
    _git(root, "remote", "add", "origin", str(remote))
    _git(root, "push", "-q", "--no-verify", "origin", "main")
    say("$ git ledger push")
    say("  " + push_text(push(root)).replace("\n", "\n  "))
    _git(team, "clone", "-q", str(remote), str(clone))
    say("\n# Sam pulls, decides something for the whole project, and pushes; meanwhile we")
    say("# record a fact in the project ledger, so the two copies diverge.")
    with _as(TEAMMATE):
        pull(clone)
        Ledger.open(clone, session="").set_task("Harden the token refresh")
        Ledger.open(clone, project=True, session="").decide(
            "Rotate refresh tokens on every use", over=["long-lived refresh tokens"],
            because=ROTATE_BECAUSE, scope="auth/tokens")
        push(clone)
    say("  (sam) $ git ledger task 'Harden the token refresh'")
    say("  (sam) $ git ledger decide --project 'Rotate refresh tokens on every use' "
        f"--over 'long-lived refresh tokens' --because {shlex.quote(ROTATE_BECAUSE)} "
        "--scope auth/tokens")
    say("  (sam) $ git ledger push")
    Ledger.open(root, project=True, session="").verify(
        "Refresh tokens live 30 days", by=TTL_BY)
    say(f"$ git ledger verify --project 'Refresh tokens live 30 days' --by {shlex.quote(TTL_BY)}")
    say("\n# pull merges the two copies (a merge commit, the union of the entries by id)")
    say("# and checks the result; review shows what teammates decided since the last pull.")
    say("$ git ledger pull")
    say("  " + pull_text(pull(root)).replace("\n", "\n  "))
    say("$ git ledger review")
    say("  " + review_text(review(root)).replace("\n", "\n  "))
    return team


def _point_of_action(say: Callable[[str], None], root: Path, repo: Repo) -> None:
    """A later turn edits the code a decision governs: the agent's pre-tool-use hook tells
    it the decision first, and a commit that changes those lines is flagged as drift."""
    say("\n# A later turn is about to edit the handler. Claude Code's PreToolUse hook")
    say("# (git ledger install --agent claude) puts the decision that governs those lines,")
    say("# with what it beat, into the model's context before the edit; an ungoverned file")
    say("# costs a grep, no Python.")
    target = root / "auth" / "callback.py"
    payload = {"session_id": "tour", "cwd": str(root), "hook_event_name": "PreToolUse",
               "tool_name": "Edit",
               "tool_input": {"file_path": str(target),
                              "old_string": "    return 400 if not verifier else 302",
                              "new_string": "    return 302"}}
    say("$ git ledger hook pre-tool-use --agent claude   # stdin: the Edit tool call")
    told = run_pre_tool_use("claude", json.dumps(payload).encode(), {}, cwd=root).stdout
    context = json.loads(told)["hookSpecificOutput"]["additionalContext"] if told else ""
    say("  " + context.replace("\n", "\n  "))
    say("\n# The edit lands anyway, in a commit that does not name the decision: drift")
    say("# (blame-based) flags the decision for review; check warns.")
    sha = commit_files(repo, {"auth/callback.py": (
        "def callback(code: str, verifier: str | None) -> int:\n"
        "    return 302\n")}, "Simplify the callback")
    say(f"$ git commit -am 'Simplify the callback'\n  [main {sha[:7]}]")
    for line in post_commit(root):
        say(f"  git ledger: {line}")
    say("$ git ledger drift")
    say("  " + drift_text(drift(root)).replace("\n", "\n  "))
    say("$ git ledger check")
    say(report_text(check(root)))


@contextlib.contextmanager
def _as(identity: dict[str, str]) -> Iterator[None]:
    """Write as someone else for a while (the teammate), as git's environment would."""
    saved = {key: os.environ.get(key) for key in identity}
    os.environ.update(identity)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _git(cwd: Path, *args: str) -> None:
    cwd.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@dataclass(frozen=True)
class TourOutcome:
    repository: str
    kept: bool
    ledger: dict[str, Any]
    #: What the first screen names: the decision, the commit implementing it, the
    #: archive's name and the directory of the team round.
    decision: str = ""
    commit: str = ""
    archive: str = ""
    team: str = ""


#: The first screen's opening: what the product does, in the tour's own words.
WHAT_IT_DOES = (
    "git ledger keeps an AI coding agent's reasoning in git, beside the code: the task, the",
    "next step, open questions, decisions with the alternatives they beat, verified facts",
    "and dropped approaches, one commit per event on refs under refs/ledger/ that push,",
    "pull and merge like branches.",
)


def first_screen(outcome: TourOutcome) -> str:
    """What ``git ledger tour`` prints when it is done: one screen that says what the
    product does, what the tour just did, and how to see the rest."""
    did, sha = outcome.decision[:6], outcome.commit[:7]
    lines = [*WHAT_IT_DOES, "", "The tour just played an agent's session in a throwaway "
             "repository:",
             f"  decide    {did}: Use PKCE for the OAuth callback, over the implicit flow",
             f"  commit    {sha} says Ledger-Implements: {did}; the hook marks it implemented",
             "  check     a later turn's proposal that repeats a rejected alternative is "
             "caught",
             "  restore   after a compaction the agent gets its ledger back, capped",
             "  drift     an edit that ignores the decision is flagged for review",
             "  why       git ledger why auth/callback.py:1 names the decision behind the line",
             "  team      a teammate's decision arrives with git ledger pull, with their name",
             "  archive   the task's durable half is carried to the project ledger", ""]
    if outcome.kept:
        root = shlex.quote(outcome.repository)
        lines += [f"Look around (kept; rm -rf {root} {shlex.quote(outcome.team)} when done):",
                  f"  cd {root}",
                  "  git ledger show --project     # what outlives the task",
                  "  git ledger why auth/callback.py:1",
                  f"  git ledger -C {root} serve --open   # the review pages"]
    else:
        lines.append("Its repository is removed (--no-keep).")
    lines.append("Every step, with the command it ran and its output: git ledger tour --verbose")
    return "\n".join(lines)


def run_tour(say: Callable[[str], None], *, keep: bool = True) -> TourOutcome:
    """The tour in a new temporary repository, removed at the end unless ``keep``, and
    always when the tour is interrupted (Ctrl-C) or fails."""
    root = Path(tempfile.mkdtemp(prefix="gitledger-tour-"))
    try:
        return _tour(say, root, keep=keep)
    except BaseException:
        _remove(root)
        raise


def _remove(root: Path) -> None:
    shutil.rmtree(root, ignore_errors=True)
    shutil.rmtree(_team_dir(root), ignore_errors=True)


def _team_dir(root: Path) -> Path:
    return root.with_name(root.name + "-team")


def _tour(say: Callable[[str], None], root: Path, *, keep: bool) -> TourOutcome:
    repo = init_repository(root)
    ledger = Ledger.open(root, session="")  # the caller's agent session is not the tour's

    def step(command: str, result: WriteResult | None = None) -> None:
        say(f"$ git ledger {command}")
        if result is not None and result.entry is not None:
            say(f"  {result.entry.id}")

    say(f"A throwaway repository: {root}\n")
    say("# The agent starts a task. TASK and NEXT are one line each, replaced, never appended.")
    step("task 'Ship the OAuth callback with PKCE' --next 'Sketch the callback handler'",
         ledger.set_task("Ship the OAuth callback with PKCE",
                         next_text="Sketch the callback handler"))

    say("\n# A real question surfaces; only the user can settle it.")
    question = ledger.open_question(
        "Does enterprise SSO need its own callback route?", ask_user=True)
    step("open 'Does enterprise SSO need its own callback route?' --ask-user", question)

    say("\n# A decision is locked, with what it beat and why. NEXT rides along.")
    decision = ledger.decide(
        "Use PKCE for the OAuth callback",
        over=["implicit flow", "client secret shipped in the SPA"],
        because=PKCE_BECAUSE, scope="auth/callback",
        next_text="Write the callback handler and its test",
    )
    step("decide 'Use PKCE for the OAuth callback' --over 'implicit flow' "
         f"--over 'client secret shipped in the SPA' --because {shlex.quote(PKCE_BECAUSE)} "
         "--scope auth/callback --next 'Write the callback handler and its test'", decision)

    assert decision.entry is not None
    did = decision.entry.id
    say("\n# Code is committed with a trailer naming the decision it implements. The")
    say("# post-commit hook (git ledger install) moves the decision to implemented with")
    say("# that commit as git:<sha> evidence, kept alive under refs/ledger/keep, and notes")
    say("# the commit on refs/notes/ledger.")
    message = f"Add the OAuth callback handler\n\nLedger-Implements: {did[:6]}\n"
    sha = commit_files(repo, {
        "auth/callback.py": (
            "def callback(code: str, verifier: str | None) -> int:\n"
            "    return 400 if not verifier else 302\n"
        ),
    }, message)
    say(f"$ git commit -m 'Add the OAuth callback handler' -m 'Ledger-Implements: {did[:6]}'"
        f"\n  [main {sha[:7]}]")
    for line in post_commit(root):  # what the installed hook runs for a trailer
        say(f"  git ledger: {line}")
    say("$ git log --notes=ledger -1 --format=%N")
    say("  " + "\n  ".join(read_note(ledger.store, sha)))
    say("$ git ledger check")
    say(report_text(check(root)))
    say("\n# The fact verified next is pinned to that commit too.")
    by = 'grep -n "return 400 if not verifier" auth/callback.py'
    step(f"verify 'The callback rejects a missing code_verifier with 400' --by {shlex.quote(by)}",
         ledger.verify("The callback rejects a missing code_verifier with 400", by=by))

    say("\n# An approach is abandoned, with the reason, so no later turn retries it.")
    step("drop 'Keep the access token in localStorage' --why 'readable by any XSS on the origin'",
         ledger.drop("Keep the access token in localStorage",
                     why="readable by any XSS on the origin"))

    say("\n# The user answers the open question: it is resolved in place, keeping its id.")
    assert question.entry is not None
    qid = question.entry.id
    step(f"resolve {qid[:6]} --as decided --text 'SSO gets its own callback route' "
         "--because 'separate audit and rollback boundary' --scope auth/sso",
         ledger.resolve(qid[:6], as_kind="decided", text="SSO gets its own callback route",
                        because="separate audit and rollback boundary", scope="auth/sso"))

    say("\n# A later turn forgets and proposes what the decision rejected: decide warns,")
    say("# and check catches it (this is what the Stop hook runs before the agent stops).")
    revived = ledger.decide("client secret shipped in the SPA", proposed=True)
    assert revived.entry is not None
    rid = revived.entry.id
    step("decide 'client secret shipped in the SPA' --proposed", revived)
    for warning in revived.warnings:
        say(f"  warning: {warning}")
    say("$ git ledger check")
    say(report_text(check(root)))
    step(f"reject {rid[:6]} --why 'rejected already: {did[:6]}'",
         reject(ledger, rid[:6], why=f"rejected already: {did[:6]}"))
    say("$ git ledger check")
    say(report_text(check(root)))

    say("\n# The plan is pointed at, never copied.")
    step("plan docs/plan.md --note 'the rollout plan'",
         ledger.plan("docs/plan.md", note="the rollout plan"))

    _point_of_action(say, root, repo)

    snapshot = ledger.snapshot()
    say("\n$ git ledger show")
    say(snapshot_text(snapshot))
    say("\n$ git ledger log")
    say(log_text(ledger.events()))
    say("\n# After a compaction the agent's SessionStart hook re-injects this, capped:")
    say("$ git ledger restore --source compact")
    say(restore(root, source="compact").text)
    say("\n# Months later, someone asks why the handler's first line is like this:")
    say("$ git ledger why auth/callback.py:1")
    say(why_text(why(root, "auth/callback.py:1")))
    say("\n# It is all plain git:")
    say("$ git for-each-ref refs/ledger/")
    for name in ledger.store.ledger_refs():
        say(f"  {ledger.store.tip(name).commit} commit\t{name}")
    path = entry_path(decision.entry.id)
    say(f"$ git show {snapshot.ref}:{path}")
    blob = ledger.store.tip(snapshot.ref).view
    assert blob is not None
    say("  " + (blob.read(path) or b"").decode("utf-8").rstrip().replace("\n", "\n  "))
    ledger_json = snapshot_json(snapshot)

    say("\n# The task is done. archive carries the durable half (decisions in force, verified")
    say("# facts, dropped approaches) to the project ledger, keeps the rest as a tag, and")
    say("# points the worktree at a fresh ledger for the next task.")
    say("$ git ledger archive")
    done = archive(root)
    say("  " + archive_text(done).replace("\n", "\n  "))
    chained = ledger.store.chained(done.archive)
    chain = chained.chain if chained is not None else done.archive
    say(f"$ git log -1 --format=%B {chain}   # this month's chain of archives: its newest")
    message = ledger.store.tag_message(done.archive) or ""
    say("  " + "\n  ".join(message.rstrip().splitlines()[:8]) + "\n  …")
    say("\n# The next session starts empty, with the project's decisions still in force:")
    say("$ git ledger restore --source startup")
    say(restore(root, source="startup").text)
    team = _team_round(say, root)
    if keep:
        say("\nTry next:")
        say(f"  cd {shlex.quote(str(root))}")
        say("  git ledger show --json        # the interface agents and scripts use")
        say(f"  git ledger show {qid[:6]}        # one entry and its history")
        say(f"  git ledger show {did[:6]}        # a decision's status history")
        say(f"  git log --stat {done.commit[:12]}   # the archived ledger's history")
        say("  git ledger show --project       # what outlives the task")
        say(f"  git ledger show --archive {done.archive.rsplit('/', 1)[-1]}")
        say("  git ledger list --remote        # Sam's session ledger, read-only here")
        say("  git ledger search tokens        # have we decided this before?")
        say(f"  rm -rf {shlex.quote(str(root))} {shlex.quote(str(team))}   # when you are done")
        say("\nReview it in the browser (pip install 'gitledger[web]' first):")
        say(f"  git ledger -C {shlex.quote(str(root))} serve --open")
    else:
        _remove(root)
    return TourOutcome(str(root), keep, ledger_json, did, sha, done.archive, str(team))
