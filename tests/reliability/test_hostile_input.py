"""Hostile input: every command and every hook's stdin against a corpus of bad data.

Each case ends in one of two ways: a clear refusal (exit 1 or 2, one stderr line starting
``git ledger: ``) or a sanitised result (the text stored exactly, a name made safe); and
in both, nothing earlier changed.  "Nothing earlier changed" is checked from the outside:
every ref of the repository (``refs/ledger/``, ``refs/notes/``, the branches) and the
worktree's ledger pointer are snapshotted before and compared after.  A refusal leaves
them identical; a write that was accepted only fast-forwards the ledger it wrote.

Hooks never refuse: whatever arrives on stdin, an agent hook and a git hook exit 0 with
one ``git ledger…`` line per problem on stderr (session-start still prints an envelope),
and git keeps working afterwards.

Most cases run the CLI in-process; the ones where raw bytes matter (invalid UTF-8, NUL,
a payload over the stdin limit) run the installed ``git-ledger`` script.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gitledger.core.parsing import MAX_DEPTH
from gitledger.integrations.agent_registry import AGENTS
from gitledger.ledger.operations import Ledger
from gitledger.storage import entry_cache
from tests.conftest import Run, git, installed_git_ledger

PREFIX = "git ledger: "
HOOK_PREFIX = "git ledger"
EVENTS = ("session-start", "pre-compact", "session-end")


# -- the world every case starts from -----------------------------------------------------------


@dataclass(frozen=True)
class World:
    repo: Path
    run: Run
    question: str
    decision: str
    canary: Path  # a path no case may create

    @property
    def gitdir(self) -> Path:
        return self.repo / ".git"

    @property
    def ref(self) -> str:
        return (self.gitdir / "ledger").read_text().strip()

    def fill(self, text: str) -> str:
        return (text.replace("{D}", self.decision).replace("{Q}", self.question)
                .replace("{R}", str(self.repo)).replace("{X}", str(self.canary)))


@pytest.fixture
def world(repo_with_commit: Path, runner: CliRunner, tmp_path: Path) -> World:
    """A worktree with TASK/NEXT, an OPEN question, an implemented decision, a project
    decision, the keep-alive chain and the notes on the code commit."""
    repo = repo_with_commit
    ledger = Ledger.open(repo)
    ledger.set_task("Ship it", next_text="Test it")
    question = ledger.open_question("Which flow?").entry
    decision = ledger.decide("Use PKCE", over=("implicit",), because="safer").entry
    assert question is not None
    assert decision is not None
    Ledger.open(repo, project=True).decide("Project-wide: use TOML")
    run = Run(runner, repo)
    assert run("implement", decision.id).exit_code == 0
    assert run("notes", "rebuild").exit_code == 0
    refs = snapshot(repo).refs
    assert any(r.startswith("refs/notes/ledger") for r in refs), refs
    assert any(r.startswith("refs/ledger/keep") for r in refs), refs
    return World(repo, run, question.id, decision.id, tmp_path / "CANARY")


@dataclass(frozen=True)
class Snapshot:
    refs: dict[str, str]
    pointer: bytes | None


def snapshot(repo: Path) -> Snapshot:
    out = git(repo, "for-each-ref", "--format=%(refname) %(objectname)")
    refs = dict(line.split(" ", 1) for line in out.splitlines())
    pointer = repo / ".git" / "ledger"
    return Snapshot(refs, pointer.read_bytes() if pointer.exists() else None)


def is_ancestor(repo: Path, old: str, new: str) -> bool:
    done = subprocess.run(["git", "merge-base", "--is-ancestor", old, new], cwd=repo,
                          capture_output=True, check=False)
    return done.returncode == 0


def only_grew(repo: Path, before: Snapshot, *, may_add: str = "") -> None:
    """Nothing earlier changed: no ref lost or rewritten, branches untouched, every moved
    ledger or notes ref fast-forwarded, new refs only under ``may_add``."""
    after = snapshot(repo)
    assert after.pointer == before.pointer
    for name, sha in before.refs.items():
        assert name in after.refs, f"{name} disappeared"
        if after.refs[name] != sha:
            assert name.startswith(("refs/ledger/", "refs/notes/")), f"{name} moved"
            assert is_ancestor(repo, sha, after.refs[name]), f"{name} was rewritten"
    added = set(after.refs) - set(before.refs)
    assert all(may_add and name.startswith(may_add) for name in added), added


def refused(result: Result, code: int = 1) -> str:
    """Exactly one ``git ledger: …`` line on stderr and exit ``code``; returns the line."""
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(PREFIX), lines[0]
    assert len(lines[0]) > len(PREFIX) + 10, lines[0]
    assert "Traceback" not in result.stderr
    return lines[0]


def one_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8")
    lines = text.splitlines()
    assert len(lines) == 1, text
    assert lines[0].startswith(PREFIX), lines[0]
    return lines[0]


def git_still_works(repo: Path) -> None:
    git(repo, "status", "--porcelain")
    git(repo, "commit", "-q", "--allow-empty", "-m", "still works")
    git(repo, "fsck", "--strict", "--no-progress")


# -- 1. commands refuse bad input with one line -------------------------------------------------


@dataclass(frozen=True)
class Bad:
    id: str
    args: tuple[str, ...]
    stdin: bytes | None = None
    says: str = ""
    code: int = 1
    file: bytes | None = None  # written to {F} (in.jsonl) first


BIG = "x" * 2001
ESC = "\x1b[31mred\x1b[0m"

BAD: list[Bad] = [
    # control and escape characters
    Bad("task-ansi-escape", ("task", f"build {ESC}"), says="control character"),
    Bad("decide-carriage-return", ("decide", "a\rb"), says="control character"),
    Bad("open-bell", ("open", "ring\x07?"), says="control character"),
    Bad("drop-why-backspace", ("drop", "x", "--why", "back\x08space"), says="control"),
    Bad("verify-by-osc-title", ("verify", "fact", "--by", "cmd\x1b]0;pwned\x07"),
        says="control"),
    Bad("decide-bidi-override", ("decide", "admin \u202e txt.exe"), says="U+202E"),
    Bad("next-two-lines", ("next", "line one\nline two"), says="one line"),
    Bad("decide-scope-newline", ("decide", "x", "--scope", "a\nb"), says="one line"),
    Bad("decide-over-nul", ("decide", "x", "--over", "a\x00b"), says="NUL"),
    Bad("edit-text-del", ("edit", "{D}", "text\x7f"), says="control"),
    # stdin: NUL, invalid UTF-8, empty, huge
    Bad("decide-stdin-nul", ("decide", "-"), stdin=b"use\x00this", says="NUL"),
    Bad("decide-stdin-invalid-utf8", ("decide", "-"), stdin=b"caf\xe9 \xff", says="UTF-8"),
    Bad("task-stdin-overlong-utf8", ("task", "-"), stdin=b"\xc0\xaf etc", says="UTF-8"),
    Bad("open-stdin-empty", ("open", "-"), stdin=b"", says="empty"),
    Bad("edit-stdin-lone-surrogate", ("edit", "{D}", "-"), stdin=b"\xed\xa0\x80",
        says="UTF-8"),
    Bad("drop-stdin-huge", ("drop", "-", "--why", "w"), stdin=b"y" * (1 << 20),
        says="limit"),
    # huge texts
    Bad("decide-text-over-limit", ("decide", BIG), says="limit"),
    Bad("task-over-line-limit", ("task", "t" * 501), says="limit"),
    Bad("decide-because-huge", ("decide", "x", "--because", "b" * 50_000), says="limit"),
    Bad("open-whitespace-only", ("open", " \t\n "), says="empty"),
    # ref-name and path tricks in names
    Bad("show-ledger-dotdot", ("show", "--ledger", "../../HEAD")),
    Bad("show-ledger-branch", ("show", "--ledger", "refs/heads/main")),
    Bad("show-ledger-dash", ("show", "--ledger", "-")),
    Bad("show-ledger-reflog", ("show", "--ledger", "@{1}")),
    Bad("log-ledger-lock", ("log", "--ledger", "x.lock")),
    Bad("log-ledger-ref-dotdot", ("log", "--ledger", "refs/ledger/../heads/main")),
    Bad("adopt-branch", ("adopt", "refs/heads/main")),
    Bad("adopt-dotdot", ("adopt", "..")),
    Bad("adopt-leading-dash", ("adopt", "--", "-rf")),
    Bad("show-archive-dotdot", ("show", "--archive", "../../HEAD")),
    Bad("restore-ledger-remote-dotdot", ("restore", "--ledger", "origin/../../x")),
    Bad("edit-id-dotdot", ("edit", "../x", "t")),
    Bad("resolve-id-dash", ("resolve", "-", "--as", "dropped", "--why", "w")),
    Bad("show-id-path", ("show", "d-../../x")),
    Bad("why-leading-dash", ("why", "--", "-rf")),
    Bad("why-reflog-open", ("why", "@{")),
    Bad("claim-session-newline", ("claim", "--session-id", "a\nb"), says="one line"),
    # option injection into the git commands we run: the canary must not appear
    Bad("evidence-git-option", ("evidence", "{D}", "--add", "git:--output={X}"),
        says="not a revision"),
    Bad("implement-commit-option", ("implement", "{D}", "--commit", "--output={X}"),
        says="not a revision"),
    Bad("review-since-option", ("review", "--since", "--output={X}")),
    Bad("fetch-upload-pack", ("fetch", "--", "--upload-pack=touch {X}"),
        says="not a configured remote"),
    Bad("pull-upload-pack", ("pull", "--", "--upload-pack=touch {X}"),
        says="not a configured remote"),
    Bad("push-receive-pack", ("push", "--", "--receive-pack=touch {X}"),
        says="not a configured remote"),
    Bad("remote-setup-dash", ("remote", "setup", "--", "-x")),
    # -o and file tricks
    Bad("export-o-missing-dir", ("export", "--format", "md", "-o", "{R}/no/such/dir/x.md")),
    Bad("export-o-is-dir", ("export", "--format", "md", "-o", "{R}")),
    Bad("export-force-without-o", ("export", "--format", "md", "--force"), code=2),
    Bad("import-missing-file", ("import", "{R}/nope.jsonl")),
    Bad("import-invalid-utf8", ("import", "{F}"), file=b'{"id": "caf\xe9"}\n',
        says="UTF-8"),
    Bad("import-nul", ("import", "{F}"), file=b'{"id": "a\x00"}\n', says="NUL"),
    Bad("import-malformed-json", ("import", "{F}"), file=b'{"id": \n[[\n'),
    Bad("import-nested-past-recursion", ("import", "{F}"),
        file=b'{"id": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n", says="nested"),
    Bad("import-nested-deep", ("import", "{F}"),
        file=b'{"id": "x", "more": ' + b"[" * 500 + b"]" * 500 + b"}\n", says="nested"),
    Bad("import-wrong-types", ("import", "{F}"),
        file=b'{"id": 5, "kind": ["decided"], "text": {"a": 1}, "status": null}\n'),
    Bad("import-toml-table-text", ("import", "{F}"),
        file=b'[table]\nkey = "value"\n"""\n'),
    Bad("transcript-save-missing", ("transcript", "save", "--from", "{R}/none.jsonl")),
    Bad("transcript-save-dir", ("transcript", "save", "--from", "{R}")),
    Bad("prune-bad-date", ("prune", "--archived-before", "9999-99-99")),
    Bad("repo-option-missing", ("-C", "{R}/nowhere", "show")),
    Bad("repo-option-file", ("-C", "{R}/README", "show")),
]


@pytest.mark.parametrize("case", BAD, ids=[c.id for c in BAD])
def test_refused_with_one_line_and_nothing_changed(world: World, tmp_path: Path,
                                                   case: Bad) -> None:
    args = [world.fill(a) for a in case.args]
    if case.file is not None:
        target = tmp_path / "in.jsonl"
        target.write_bytes(case.file)
        args = [str(target) if a == "{F}" else a for a in args]
    before = snapshot(world.repo)
    result = world.run(*args, input=case.stdin)
    line = refused(result, case.code)
    assert case.says.lower() in line.lower(), line
    assert snapshot(world.repo) == before
    assert not world.canary.exists(), "an option reached a git command"


# -- 2. credentials of many kinds, in every field that is stored --------------------------------


def _token(prefix: str, length: int, alphabet: str = "aB3dE5gH7jK9mN1pQ2") -> str:
    return prefix + "".join(alphabet[i % len(alphabet)] for i in range(length))


CREDENTIALS: list[tuple[str, str]] = [
    ("github-classic", _token("gh" + "p_", 36)),
    ("github-oauth", _token("gh" + "o_", 36)),
    ("github-fine-grained", _token("github" + "_pat_", 40)),
    ("gitlab", _token("gl" + "pat-", 20)),
    ("slack-bot", _token("xo" + "xb-", 24)),
    ("slack-webhook", "https://hooks.slack" + ".com/services/T0000/B0000/" + _token("", 24)),
    ("aws-access-key", "AK" + "IA" + "Q3EGZJ5RT7WX2M4N"),
    ("stripe-live", _token("sk" + "_live_", 24)),
    ("openai", _token("sk" + "-proj-", 32)),
    ("anthropic", _token("sk" + "-ant-", 32)),
    ("jwt", "ey" + "J" + _token("", 16) + ".ey" + "J" + _token("", 16) + "." + _token("", 16)),
    ("private-key", "-----BEGIN RSA PRIV" + "ATE KEY-----"),
    ("password-assignment", "pass" + "word=" + "hunter2hunter2"),
    ("json-api-key", '"api' + '_key": "' + _token("", 24) + '"'),
    ("authorization-bearer", "Authorization: Bearer " + _token("", 32)),
    ("authorization-basic", "Authorization: Basic " + "YWRhOnMzY3IzdHBhc3N3b3Jk"),
    ("url-password", "https://ada:" + "s3cr3tPassw0rd" + "@example.com/repo.git"),
]

# Where the credential goes: each kind through a different command or field.
_CARRIERS: list[Callable[[str], tuple[tuple[str, ...], bytes | None]]] = [
    lambda s: (("decide", f"use {s} for deploys"), None),
    lambda s: (("verify", "login works", "--by", f"curl -H '{s}' https://x"), None),
    lambda s: (("drop", "inline secrets", "--why", f"leaked {s}"), None),
    lambda s: (("task", f"rotate {s}"), None),
    lambda s: (("open", f"is {s} still valid?"), None),
    lambda s: (("decide", "pick a token", "--over", s), None),
    lambda s: (("edit", "{D}", f"now {s}"), None),
    lambda s: (("decide", "-"), f"read from stdin: {s}\n".encode()),
    lambda s: (("next", f"use {s}"), None),
    lambda s: (("decide", "x", "--because", s), None),
]


@pytest.mark.parametrize(("kind", "secret"), CREDENTIALS, ids=[k for k, _ in CREDENTIALS])
def test_credential_is_refused(world: World, kind: str, secret: str) -> None:
    index = [k for k, _ in CREDENTIALS].index(kind)
    args, stdin = _CARRIERS[index % len(_CARRIERS)](secret)
    before = snapshot(world.repo)
    line = refused(world.run(*[world.fill(a) for a in args], input=stdin))
    assert "credential" in line, line
    assert secret not in line  # the refusal does not echo the secret either
    assert snapshot(world.repo) == before


def test_credential_in_an_imported_file_is_refused(world: World, tmp_path: Path) -> None:
    record = {"id": "D-001", "scope": "api", "status": "accepted", "decision": "Store it",
              "rejected": [], "reason": CREDENTIALS[0][1], "evidence": []}
    target = tmp_path / "ledger.jsonl"
    target.write_text(json.dumps(record) + "\n")
    before = snapshot(world.repo)
    line = refused(world.run("import", str(target)))
    assert "credential" in line, line
    assert snapshot(world.repo) == before


# -- 3. TOML-breaking text is stored exactly (a sanitised result) -------------------------------

TOML_BREAKERS = [
    ("triple-double-quotes", 'keep """ and the rest'),
    ("triple-single-quotes", "keep ''' and the rest"),
    ("escaped-nul-literal", r"the six characters \u0000 stay as typed"),
    ("table-header-lines", 'decide\n[table]\nkey = "value"\n[[entries]]\nid = "d-x"'),
    ("quotes-and-backslashes", 'a "quoted" \\ back\\slash \\" end'),
    ("toml-comment-and-equals", "x = 1 # not a comment\nseq = 999"),
]


@pytest.mark.parametrize(("name", "text"), TOML_BREAKERS, ids=[n for n, _ in TOML_BREAKERS])
def test_toml_breaking_text_round_trips(world: World, name: str, text: str) -> None:
    before = snapshot(world.repo)
    result = world.run("decide", text, "--because", text.splitlines()[0], "--json")
    assert result.exit_code == 0, result.stderr
    new_id = json.loads(result.stdout)["entry"]["id"]
    shown = world.run("show", "--json")
    assert shown.exit_code == 0, shown.stderr
    entries = {e["id"]: e for e in json.loads(shown.stdout)["entries"]}
    assert entries[new_id]["text"] == text
    assert entries[new_id]["because"] == text.splitlines()[0]
    assert "d-x" not in entries  # text never became structure
    assert {world.decision, world.question} <= set(entries)
    only_grew(world.repo, before)
    assert world.run("check").exit_code == 0


def test_task_with_toml_breakers_round_trips(world: World) -> None:
    task = "'''\"\"\" [t] \\u0000 = \\"
    before = snapshot(world.repo)
    assert world.run("task", task).exit_code == 0
    shown = json.loads(world.run("show", "--json").stdout)
    assert shown["task"] == task
    only_grew(world.repo, before)


# -- 4. names and paths that are made safe, not refused -----------------------------------------


@pytest.mark.parametrize("session", ["../../x", "refs/heads/main", "-rf", "x.lock", "@{1}"],
                         ids=["dotdot", "branch-ref", "leading-dash", "lock-suffix", "reflog"])
def test_transcript_session_id_is_made_a_safe_ref_name(world: World, tmp_path: Path,
                                                       session: str) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_text('{"type": "user", "message": "hi"}\n')
    before = snapshot(world.repo)
    result = world.run("transcript", "save", "--from", str(transcript), "--session-id",
                       session, "--json")
    if result.exit_code != 0:
        refused(result)
        assert snapshot(world.repo) == before
        return
    only_grew(world.repo, before, may_add="refs/ledger/transcripts/")
    added = set(snapshot(world.repo).refs) - set(before.refs)
    assert len(added) == 1
    leaf = next(iter(added)).removeprefix("refs/ledger/transcripts/")
    assert "/" not in leaf
    assert ".." not in leaf
    assert not leaf.startswith("-")
    assert not leaf.endswith(".lock")
    assert "@{" not in leaf
    git(world.repo, "check-ref-format", f"refs/ledger/transcripts/{leaf}")


def test_export_to_stdout_with_dash(world: World) -> None:
    before = snapshot(world.repo)
    result = world.run("export", "--format", "md", "-o", "-")
    assert result.exit_code == 0, result.stderr
    assert "Use PKCE" in result.stdout
    assert not (world.repo / "-").exists()
    assert snapshot(world.repo) == before


def test_export_never_follows_a_symlink_or_overwrites(world: World, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = tmp_path / "link.md"
    link.symlink_to(victim)
    before = snapshot(world.repo)
    refused(world.run("export", "--format", "md", "-o", str(link)))
    refused(world.run("export", "--format", "md", "-o", str(victim)))
    assert victim.read_text() == "precious\n"
    assert snapshot(world.repo) == before


def test_export_refuses_a_path_inside_the_git_dir(world: World) -> None:
    target = world.gitdir / "refs" / "ledger" / "sessions" / "evil"
    before = snapshot(world.repo)
    result = world.run("export", "--format", "md", "-o", str(target))
    assert not target.exists()
    refused(result)
    assert snapshot(world.repo) == before


def test_plan_path_with_dotdot_is_stored_normalised(world: World) -> None:
    before = snapshot(world.repo)
    result = world.run("plan", "docs/../../outside/PLAN.md", "--json")
    assert result.exit_code == 0, result.stderr
    entry = json.loads(result.stdout)["entry"]
    stored = entry.get("path") or entry["text"]
    assert ".." not in Path(stored).parts, stored
    only_grew(world.repo, before)


# -- 5. a ledger ref or pointer that names something foreign ------------------------------------


def _blob(repo: Path, data: bytes) -> str:
    done = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=repo, input=data,
                          capture_output=True, check=True)
    return done.stdout.decode().strip()


def _foreign(world: World, kind: str) -> None:
    repo, ref = world.repo, world.ref
    if kind == "ref-to-blob":
        git(repo, "update-ref", ref, _blob(repo, b"not a ledger\n"))
    elif kind == "ref-to-code-commit":
        git(repo, "update-ref", ref, "refs/heads/main")
    elif kind == "ref-to-annotated-tag":
        git(repo, "tag", "-a", "-m", "release", "v1", "main")
        git(repo, "update-ref", ref, git(repo, "rev-parse", "v1").strip())
    elif kind == "ref-to-tree":
        git(repo, "update-ref", ref, git(repo, "rev-parse", "main^{tree}").strip())
    elif kind == "pointer-to-branch":
        (world.gitdir / "ledger").write_text("refs/heads/main\n")
    elif kind == "pointer-dotdot":
        (world.gitdir / "ledger").write_text("refs/ledger/sessions/../../heads/main\n")
    elif kind == "pointer-garbage":
        (world.gitdir / "ledger").write_bytes(b"\xff\xfe\x00garbage\n")
    else:  # pragma: no cover
        raise AssertionError(kind)


FOREIGN = ["ref-to-blob", "ref-to-code-commit", "ref-to-annotated-tag", "ref-to-tree",
           "pointer-to-branch", "pointer-dotdot", "pointer-garbage"]
ON_FOREIGN = [("decide", "new"), ("task", "new"), ("open", "new?"), ("drop", "x", "--why", "y"),
              ("edit", "{D}", "changed"), ("show",), ("log",), ("restore",), ("check",),
              ("archive", "--no-carry"), ("export", "--format", "json")]


@pytest.mark.parametrize("kind", FOREIGN)
def test_foreign_ledger_ref_is_refused_by_every_command(world: World, kind: str) -> None:
    _foreign(world, kind)
    before = snapshot(world.repo)
    main = before.refs["refs/heads/main"]
    for args in ON_FOREIGN:
        line = refused(world.run(*[world.fill(a) for a in args]))
        assert "ledger" in line, (args, line)
        assert snapshot(world.repo) == before, args
    assert git(world.repo, "rev-parse", "refs/heads/main").strip() == main
    git_still_works(world.repo)


# -- 6. corrupted blobs in a ledger tree --------------------------------------------------------


def _replace(world: World, path: str, data: bytes) -> None:
    """Commit on the ledger ref a tree where ``path`` holds ``data`` (plain git plumbing)."""
    repo, ref = world.repo, world.ref
    env = {**os.environ, "GIT_INDEX_FILE": str(world.gitdir / "scratch-index")}
    blob = _blob(repo, data)
    for args in (["read-tree", ref],
                 ["update-index", "--add", "--cacheinfo", f"100644,{blob},{path}"]):
        subprocess.run(["git", *args], cwd=repo, env=env, check=True)
    tree = subprocess.run(["git", "write-tree"], cwd=repo, env=env, check=True,
                          capture_output=True).stdout.decode().strip()
    (world.gitdir / "scratch-index").unlink()
    commit = git(repo, "commit-tree", tree, "-p", ref, "-m", "hand edit").strip()
    git(repo, "update-ref", ref, commit)


def _entry_path(world: World, entry_id: str) -> str:
    names = git(world.repo, "ls-tree", "-r", "--name-only", world.ref).split()
    return next(n for n in names if n.endswith(f"/{entry_id}.toml"))


HEADER_CORRUPTIONS = [
    ("state-invalid-toml", "state.toml", b'task = """\n[x'),
    ("state-wrong-types", "state.toml", b'task = [1, 2]\nnext = {a = 1}\nseq = "x"\n'),
    ("ledger-toml-unknown-format", "ledger.toml", b'format = 99\nid = 1\n'),
    ("ledger-toml-binary", "ledger.toml", b"\x00\xff\xfe binary"),
]


@pytest.mark.parametrize(("name", "path", "data"), HEADER_CORRUPTIONS,
                         ids=[c[0] for c in HEADER_CORRUPTIONS])
def test_corrupt_header_refuses_writes_and_reads(world: World, name: str, path: str,
                                                 data: bytes) -> None:
    _replace(world, path, data)
    before = snapshot(world.repo)
    for args in (("decide", "new"), ("task", "t"), ("show",), ("restore",)):
        line = refused(world.run(*args))
        assert path in line, line
    assert snapshot(world.repo) == before
    git_still_works(world.repo)


ENTRY_CORRUPTIONS = [
    ("entry-invalid-toml", b'id = "{D}"\nkind ='),
    ("entry-wrong-types", b'id = "{D}"\nkind = "decided"\ntext = 5\nstatus = [1]\n'
                          b'over = "alt"\nseq = "x"\n'),
    ("entry-unknown-kind", b'id = "{D}"\nkind = "exploit"\ntext = "x"\nseq = 1\n'),
    ("entry-id-mismatch", b'id = "d-zzzzzzzzzz"\nkind = "decided"\ntext = "x"\n'
                          b'status = "accepted"\nseq = 1\n'),
    ("entry-nested-past-recursion", b'id = "{D}"\nkind = "decided"\ntext = "x"\nseq = 1\n'
                                    b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n"),
    ("entry-nested-deep", b'id = "{D}"\nkind = "decided"\ntext = "x"\nseq = 1\n'
                          b"x = " + b"[" * 150 + b"]" * 150 + b"\n"),
]


@pytest.mark.parametrize(("name", "data"), ENTRY_CORRUPTIONS,
                         ids=[c[0] for c in ENTRY_CORRUPTIONS])
def test_corrupt_entry_is_named_and_kept(world: World, name: str, data: bytes) -> None:
    path = _entry_path(world, world.decision)
    corrupt = world.fill(data.decode()).encode()
    _replace(world, path, corrupt)
    shown = world.run("show")
    line = refused_after_output(shown)
    assert path in line, line
    assert "Which flow?" in shown.stdout  # everything else is shown
    before = snapshot(world.repo)
    assert world.run("check").exit_code == 1
    assert snapshot(world.repo) == before
    # A write elsewhere goes through and keeps the corrupt blob byte for byte.
    assert world.run("decide", "Another decision").exit_code == 0
    only_grew(world.repo, before)
    kept = subprocess.run(["git", "cat-file", "blob", f"{world.ref}:{path}"], cwd=world.repo,
                          capture_output=True, check=True).stdout
    assert kept == corrupt
    git_still_works(world.repo)


def test_an_entry_nested_just_under_the_bound_is_read_and_cached(world: World) -> None:
    # The entry cache wraps each entry in a few levels of its own: reading it back must
    # not refuse what the ledger itself accepted (or every read decodes the whole ledger).
    path = _entry_path(world, world.decision)
    nested = b"[" * (MAX_DEPTH - 2) + b"]" * (MAX_DEPTH - 2)
    _replace(world, path, world.fill(
        'id = "{D}"\nkind = "decided"\ntext = "Which flow? PKCE"\nseq = 2\n'
        'created = 2026-11-30T12:00:00Z\nauthor = "A <a@b>"\nstatus = "accepted"\n'
        ).encode() + b"x = " + nested + b"\n")
    shown = world.run("show", "--json")
    assert shown.exit_code == 0, shown.stderr
    assert world.decision in shown.stdout
    cache = world.gitdir / "ledger-cache" / f"entries-{world.ref.rsplit('/', 1)[-1]}.json"
    cached = entry_cache._load(cache)  # by blob id
    assert world.decision in {e.get("id") for e in cached.values()}, "the cache was refused"


def refused_after_output(result: Result) -> str:
    """``show`` prints what it can, then one line naming what it could not read."""
    assert result.exit_code == 1, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(PREFIX), lines[0]
    return lines[0]


def test_doctor_names_a_corrupt_state_toml(world: World) -> None:
    _replace(world, "state.toml", b'task = """\n[x')
    result = world.run("doctor")
    assert result.exit_code == 1
    assert "state.toml" in result.stdout + result.stderr


# -- 7. a read-only .git ------------------------------------------------------------------------


# As root, chmod stops nothing ("root writes anywhere"): there, a read-only bind mount of
# .git in a private mount namespace does the job, and the case is skipped without one.

_READ_ONLY_MOUNT = ('mount --bind "$1" "$1" 2>/dev/null && '
                    'mount -o remount,bind,ro "$1" "$1" 2>/dev/null || exit 97; '
                    'shift; exec "$@"')
_NO_MOUNT = 97


def run_read_only(world: World, env: dict[str, str], *args: str,
                  stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """The installed git-ledger with the repository's .git read-only."""
    command = [str(installed_git_ledger()), "-C", str(world.repo), *args]
    if os.geteuid() != 0:
        dirs = [world.gitdir, *(p for p in world.gitdir.rglob("*") if p.is_dir())]
        modes = {d: d.stat().st_mode for d in dirs}
        try:
            for d in dirs:
                d.chmod(modes[d] & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
            return subprocess.run(command, env=env, input=stdin, capture_output=True,
                                  check=False)
        finally:
            for d in reversed(dirs):
                d.chmod(modes[d])
    done = subprocess.run(["unshare", "-m", "sh", "-c", _READ_ONLY_MOUNT, "sh",
                           str(world.gitdir), *command],
                          env=env, input=stdin, capture_output=True, check=False)
    if done.returncode == _NO_MOUNT:
        pytest.skip("root writes anywhere, and no mount namespace to make .git read-only")
    return done


@pytest.fixture
def can_unshare() -> None:
    if os.geteuid() == 0:
        try:
            subprocess.run(["unshare", "-m", "true"], capture_output=True, check=True)
        except (OSError, subprocess.CalledProcessError):
            pytest.skip("root writes anywhere, and unshare -m is unavailable")


@pytest.mark.usefixtures("can_unshare")
def test_read_only_git_dir_still_reads(world: World, cli_env: dict[str, str]) -> None:
    before = snapshot(world.repo)
    done = run_read_only(world, cli_env, "show")
    assert done.returncode == 0, done.stderr
    assert b"Use PKCE" in done.stdout
    done = run_read_only(world, cli_env, "restore")
    assert done.returncode == 0, done.stderr
    assert snapshot(world.repo) == before


@pytest.mark.usefixtures("can_unshare")
@pytest.mark.parametrize("args", [("decide", "new"), ("task", "t")], ids=["decide", "task"])
def test_read_only_git_dir_refuses_writes_with_one_line(
        world: World, cli_env: dict[str, str], args: tuple[str, ...]) -> None:
    before = snapshot(world.repo)
    done = run_read_only(world, cli_env, *args)
    assert snapshot(world.repo) == before
    assert done.returncode == 1
    assert "Traceback" not in done.stderr.decode()
    one_line(done.stderr)


def _session_start_read_only(world: World, env: dict[str, str]) -> tuple[int, str, str]:
    payload = json.dumps({"cwd": str(world.repo), "session_id": "s-readonly"}).encode()
    done = run_read_only(world, env, "hook", "session-start", "--agent", "claude",
                         stdin=payload)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


@pytest.mark.usefixtures("can_unshare")
def test_read_only_git_dir_session_start_exits_0_with_a_block(
        world: World, cli_env: dict[str, str]) -> None:
    before = snapshot(world.repo)
    code, out, err = _session_start_read_only(world, cli_env)
    assert code == 0
    context = json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert context.startswith("# git ledger")
    assert all(line.startswith(HOOK_PREFIX) for line in err.splitlines()), err
    assert snapshot(world.repo) == before


@pytest.mark.usefixtures("can_unshare")
def test_read_only_git_dir_session_start_still_restores(
        world: World, cli_env: dict[str, str]) -> None:
    code, out, _ = _session_start_read_only(world, cli_env)
    assert code == 0
    assert "TASK: Ship it" in json.loads(out)["hookSpecificOutput"]["additionalContext"]


# -- 8. agent hooks: whatever arrives on stdin --------------------------------------------------


@dataclass(frozen=True)
class Payload:
    id: str
    data: bytes
    fails: bool  # the hook can do nothing with it: refs stay identical


def _j(obj: object) -> bytes:
    return json.dumps(obj).encode()


PAYLOADS: list[Payload] = [
    Payload("empty", b"", True),
    Payload("whitespace", b" \n\t\n", True),
    Payload("json-null", b"null", True),
    Payload("json-array", b"[1, 2, 3]", True),
    Payload("json-string", b'"{R}"', True),
    Payload("json-number", b"42", True),
    Payload("truncated", b'{"cwd": "{R}", "session_id": ', True),
    Payload("invalid-utf8", b'{"cwd": "\xff\xfe{R}"}', True),
    Payload("raw-nul", b'{"cwd": "{R}\x00"}', True),
    Payload("escaped-nul-cwd", b'{"cwd": "{R}\\u0000/x"}', True),
    # A leading byte order mark is dropped, as JSON parsers may (RFC 8259, 8.1).
    Payload("utf8-bom", b'\xef\xbb\xbf{"cwd": "{R}"}', False),
    Payload("cwd-missing-dir", b'{"cwd": "/nonexistent/gitledger/dir"}', True),
    Payload("cwd-is-a-file", b'{"cwd": "{R}/README"}', True),
    Payload("deep-nesting", b"[" * 100_000, True),
    Payload("deep-nesting-closed", b"[" * 100_000 + b"]" * 100_000, True),
    Payload("deep-nesting-in-a-field", b'{"cwd": "{R}", "tool_input": '
            + b'{"a": ' * 500 + b"1" + b"}" * 500 + b"}", True),
    Payload("over-stdin-limit", b'{"cwd": "{R}", "pad": "' + b"a" * (1 << 20) + b'"}', True),
    Payload("wrong-types", b'{"cwd": 5, "session_id": [], "source": {"x": 1}, '
                           b'"hook_event_name": 7, "transcript_path": false}', False),
    Payload("session-id-escapes", b'{"cwd": "{R}", "session_id": "a\\nb\\u001b[31m"}', False),
    Payload("session-id-huge", b'{"cwd": "{R}", "session_id": "' + b"s" * 10_000 + b'"}',
            False),
    Payload("session-id-ref-trick", b'{"cwd": "{R}", "session_id": "../../refs/heads/main"}',
            False),
    Payload("transcript-dev-zero", b'{"cwd": "{R}", "session_id": "s1", '
                                   b'"transcript_path": "/dev/zero"}', False),
    Payload("transcript-is-dir", b'{"cwd": "{R}", "session_id": "s1", '
                                 b'"transcript_path": "{R}"}', False),
    Payload("transcript-nul", b'{"cwd": "{R}", "transcript_path": "/tmp/x\\u0000y"}', False),
    Payload("duplicate-keys", b'{"cwd": "/nonexistent", "cwd": "{R}"}', False),
    Payload("source-unknown", b'{"cwd": "{R}", "source": "fork\\u001b]0;x\\u0007"}', False),
]


def _payload(world: World, data: bytes) -> bytes:
    return data.replace(b"{R}", str(world.repo).encode())


def hook_ok(result: Result | subprocess.CompletedProcess[bytes], event: str) -> None:
    """A hook's contract: exit 0, stderr only ``git ledger…`` lines, an envelope on start."""
    if isinstance(result, Result):
        code, out, err = result.exit_code, result.stdout, result.stderr
    else:
        code, out, err = result.returncode, result.stdout.decode(), result.stderr.decode()
    assert code == 0, (code, out, err)
    assert "Traceback" not in err
    assert "internal error" not in err, err
    assert all(line.startswith(HOOK_PREFIX) for line in err.splitlines()), err
    if event == "session-start":
        json.loads(out)  # the agent's envelope, always
        assert "# git ledger" in out, out
    elif event == "stop":
        assert out == "" or json.loads(out)["decision"] == "block", out
    else:
        assert out == "", out


def _hook_cases() -> Iterator[tuple[Payload, str, str]]:
    for index, payload in enumerate(PAYLOADS):
        for offset, event in enumerate((*EVENTS, "stop")):
            yield payload, event, AGENTS[(index + offset) % len(AGENTS)]


HOOK_CASES = list(_hook_cases())


@pytest.mark.parametrize(("payload", "event", "agent"), HOOK_CASES,
                         ids=[f"{p.id}-{e}-{a}" for p, e, a in HOOK_CASES])
def test_agent_hook_survives_hostile_stdin(world: World, payload: Payload, event: str,
                                           agent: str) -> None:
    before = snapshot(world.repo)
    args: tuple[str, ...] = (("check", "--hook", "stop", "--agent", agent) if event == "stop"
                             else ("hook", event, "--agent", agent))
    result = world.run(*args, input=_payload(world, payload.data))
    hook_ok(result, event)
    if payload.fails:
        assert result.stderr, "a hook that did nothing says why"
        assert snapshot(world.repo) == before
    else:
        only_grew(world.repo, before, may_add="refs/ledger/transcripts/")
    assert git(world.repo, "rev-parse", "refs/heads/main").strip() == \
        before.refs["refs/heads/main"]
    git_still_works(world.repo)


@pytest.mark.parametrize("payload", [p for p in PAYLOADS if p.id in
                                     {"invalid-utf8", "raw-nul", "over-stdin-limit",
                                      "deep-nesting"}],
                         ids=lambda p: p.id)
def test_installed_hook_survives_hostile_bytes(world: World, cli_env: dict[str, str],
                                               payload: Payload) -> None:
    before = snapshot(world.repo)
    done = subprocess.run([str(installed_git_ledger()), "hook", "session-start", "--agent",
                           "claude"], cwd=world.repo, env=cli_env,
                          input=_payload(world, payload.data), capture_output=True,
                          check=False)
    hook_ok(done, "session-start")
    assert len(done.stderr.decode().splitlines()) == 1
    assert snapshot(world.repo) == before
    git_still_works(world.repo)


def test_unwritable_env_file_is_a_note(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLAUDE_ENV_FILE", str(world.repo))  # a directory
    before = snapshot(world.repo)
    payload = _j({"cwd": str(world.repo), "session_id": "s-env"})
    result = world.run("hook", "session-start", "--agent", "claude", input=payload)
    hook_ok(result, "session-start")
    assert "CLAUDE_ENV_FILE" in result.stderr
    assert "Ship it" in result.stdout
    only_grew(world.repo, before)


@pytest.mark.parametrize("args", [("hook", "bogus-event"), ("hook", "session-start",
                                                           "--agent", "bogus-agent"),
                                  ("hook", "pre-compact", "--agent", "\x1b[31m")],
                         ids=["unknown-event", "unknown-agent", "escape-agent"])
def test_unknown_hook_event_or_agent_exits_0(world: World, args: tuple[str, ...]) -> None:
    before = snapshot(world.repo)
    result = world.run(*args, input=_j({"cwd": str(world.repo)}))
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(HOOK_PREFIX), lines[0]
    assert "\x1b" not in result.stderr
    assert snapshot(world.repo) == before


# -- 9. git hooks: git's arguments and stdin, and a broken ledger -------------------------------

GIT_HOOK_CASES: list[tuple[str, tuple[str, ...], bytes]] = [
    ("post-rewrite-invalid-utf8", ("post-rewrite", "amend"), b"\xff\xfe garbage\n"),
    ("post-rewrite-nul", ("post-rewrite", "rebase"), b"a\x00b c\n"),
    ("post-rewrite-garbage-lines", ("post-rewrite", "rebase"), b"zzz yyy\n\n  \nnot shas\n"),
    ("post-rewrite-huge", ("post-rewrite", "amend"), b"0" * 40 + b" " + b"1" * 40 + b"\n"
     * 20_000),
    ("post-checkout-path-args", ("post-checkout", "../", "../../", "1"), b""),
    ("post-checkout-no-args", ("post-checkout",), b""),
    ("post-commit-extra-args", ("post-commit", "x", "../y"), b""),
]


@pytest.mark.parametrize(("name", "args", "stdin"), GIT_HOOK_CASES,
                         ids=[c[0] for c in GIT_HOOK_CASES])
def test_git_hook_survives_hostile_input(world: World, name: str, args: tuple[str, ...],
                                         stdin: bytes) -> None:
    before = snapshot(world.repo)
    result = world.run("hook", *args, input=stdin)
    assert result.exit_code == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert all(line.startswith(PREFIX) for line in result.stderr.splitlines()), result.stderr
    only_grew(world.repo, before)
    git_still_works(world.repo)


@pytest.mark.parametrize("kind", ["ref-to-blob", "ref-to-annotated-tag", "pointer-garbage"])
@pytest.mark.parametrize("event", ["post-commit", "post-checkout"])
def test_git_hook_on_a_foreign_ledger_exits_0(world: World, kind: str, event: str) -> None:
    _foreign(world, kind)
    before = snapshot(world.repo)
    result = world.run("hook", event, input=b"")
    assert result.exit_code == 0, result.stderr
    assert all(line.startswith(PREFIX) for line in result.stderr.splitlines()), result.stderr
    assert snapshot(world.repo) == before
    git_still_works(world.repo)
