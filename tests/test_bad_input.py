"""Every bad input of the storage issue: one clear line, a non-zero exit, nothing written.

"Nothing written" is checked from the outside: the output of ``git for-each-ref
refs/ledger/``, the worktree's pointer file and the files of the git dir are the same
before and after the refused command.
"""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gitledger.cli import cli
from gitledger.core.ids import entry_path
from gitledger.core.text import LINE_LIMIT, TEXT_LIMIT
from gitledger.ledger.operations import Ledger
from tests.conftest import Run, git, installed_git_ledger

PREFIX = "git ledger: "


# -- helpers -------------------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    refs: str
    pointer: str | None
    files: tuple[str, ...]


def state(gitdir: Path) -> State:
    """What a write could change: ledger refs, the pointer file, files in the git dir."""
    refs = git(gitdir, f"--git-dir={gitdir}", "for-each-ref", "refs/ledger/")
    pointer_file = gitdir / "ledger"
    pointer = pointer_file.read_text() if pointer_file.exists() else None
    # Objects may be written and left unreachable; ledger-cache/ is derived data that
    # reads refresh.  Neither is state a refused write could have changed.
    files = tuple(sorted(str(p.relative_to(gitdir)) for p in gitdir.rglob("*")
                         if "objects" not in p.parts and "ledger-cache" not in p.parts))
    return State(refs, pointer, files)


def refused(result: Result, code: int = 1, *, stdout_empty: bool = True) -> str:
    """Assert the CLI refused with exactly one ``git ledger: …`` line; return that line."""
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stderr.endswith("\n")
    assert lines[0].startswith(PREFIX), lines[0]
    assert len(lines[0]) > len(PREFIX) + 10
    assert "Traceback" not in result.stderr
    if stdout_empty:
        assert result.stdout == ""
    return lines[0]


def one_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8")
    lines = text.splitlines()
    assert len(lines) == 1, text
    assert lines[0].startswith(PREFIX), lines[0]
    assert "Traceback" not in text
    return lines[0]


def run_bytes(cwd: Path, env: dict[str, str], *args: str | bytes,
              stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """The installed ``git-ledger`` with raw bytes arguments (CliRunner only takes str)."""
    return subprocess.run([str(installed_git_ledger()), *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, check=False)


def git_env(cwd: Path, *args: str, env: dict[str, str] | None = None,
            stdin: bytes | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, env={**os.environ, **(env or {})},
                          input=stdin, capture_output=True, check=False)
    if done.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed: {done.stderr.decode()}")
    return done.stdout.decode()


def replace_blob(repo: Path, ref: str, path: str, data: bytes, *, remove: str | None = None
                 ) -> None:
    """Commit on ``ref`` a tree where ``path`` holds ``data``: plain git plumbing."""
    blob = git_env(repo, "hash-object", "-w", "--stdin", stdin=data).strip()
    index = {"GIT_INDEX_FILE": str(repo / ".git" / "scratch-index")}
    git_env(repo, "read-tree", ref, env=index)
    if remove is not None:
        git_env(repo, "update-index", "--force-remove", remove, env=index)
    git_env(repo, "update-index", "--add", "--cacheinfo", f"100644,{blob},{path}", env=index)
    tree = git_env(repo, "write-tree", env=index).strip()
    (repo / ".git" / "scratch-index").unlink()
    commit = git(repo, "commit-tree", tree, "-p", ref, "-m", "hand edit").strip()
    git(repo, "update-ref", ref, commit)


def credential() -> str:
    return "gh" + "p_" + "".join("aB3dE5gH7j"[i % 10] for i in range(36))


@dataclass(frozen=True)
class Prepared:
    repo: Path
    gitdir: Path
    question: str
    decision: str


@pytest.fixture
def prepared(repo: Path) -> Prepared:
    """A worktree whose ledger has an OPEN question and a decision."""
    ledger = Ledger.open(repo)
    ledger.set_task("Ship it", next_text="Test it")
    question = ledger.open_question("Which flow?").entry
    decision = ledger.decide("Use PKCE").entry
    assert question is not None
    assert decision is not None
    return Prepared(repo, repo / ".git", question.id, decision.id)


def _fill(args: tuple[str, ...], p: Prepared) -> list[str]:
    return [a.replace("{Q}", p.question).replace("{D}", p.decision) for a in args]


# -- outside a repository, a bare repository -----------------------------------------------

ANY_COMMAND = [
    (),
    ("show",),
    ("show", "--json"),
    ("show", "d-abc"),
    ("log",),
    ("list",),
    ("task", "t"),
    ("next", "n"),
    ("open", "q?"),
    ("decide", "d", "--json"),
    ("verify", "v", "--by", "true"),
    ("drop", "x", "--why", "y"),
    ("plan", "PLAN.md"),
    ("resolve", "o-abc", "--as", "dropped", "--why", "w"),
    ("edit", "d-abc", "new"),
    ("decide", "d", "--project"),
]


@pytest.mark.parametrize("args", ANY_COMMAND, ids=lambda a: " ".join(a) or "bare")
def test_outside_a_repository(runner: CliRunner, tmp_path: Path, args: tuple[str, ...],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "file.txt").write_text("x")
    line = refused(runner.invoke(cli, ["-C", str(plain), *args]))
    assert "not a git repository" in line
    monkeypatch.chdir(plain)
    line = refused(runner.invoke(cli, list(args)))
    assert "not a git repository" in line
    assert sorted(p.name for p in plain.iterdir()) == ["file.txt"]


def test_repo_option_naming_no_directory(runner: CliRunner, tmp_path: Path) -> None:
    line = refused(runner.invoke(cli, ["-C", str(tmp_path / "missing"), "decide", "d"]))
    assert "no such directory" in line
    assert not (tmp_path / "missing").exists()


#: Every write, and what only a work tree has (its hooks, a merge into its project ledger).
WORK_TREE_COMMANDS = [args for args in ANY_COMMAND
                      if args and args[0] not in ("show", "log", "list", "resolve", "edit")] + [
    ("install",), ("pull",), ("archive",),
]


@pytest.mark.parametrize("args", WORK_TREE_COMMANDS, ids=" ".join)
def test_a_bare_repository_refuses_writes(runner: CliRunner, prepared: Prepared,
                                          tmp_path: Path, args: tuple[str, ...],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    bare = tmp_path / "mirror.git"
    git(tmp_path, "clone", "-q", "--mirror", str(prepared.repo), str(bare))
    before = state(bare)
    line = refused(runner.invoke(cli, ["-C", str(bare), *args]))
    assert "bare repository" in line
    monkeypatch.chdir(bare / "refs")
    assert "bare repository" in refused(runner.invoke(cli, list(args)))
    assert state(bare) == before


def test_a_bare_mirror_is_read_like_a_clone(runner: CliRunner, prepared: Prepared,
                                            tmp_path: Path) -> None:
    """CI publishes the pages from a mirror: the read commands work there, change no ref."""
    (prepared.repo / "queue.py").write_text("QUEUE = 1\n")
    git(prepared.repo, "add", "queue.py")
    git(prepared.repo, "commit", "-qm", f"One queue\n\nLedger-Refs: {prepared.decision}")
    project = Ledger.open(prepared.repo, project=True).decide("Keep one queue").entry
    assert project is not None
    session = git(prepared.repo, "for-each-ref", "--format=%(refname:lstrip=3)",
                  "refs/ledger/sessions/").strip()
    bare = tmp_path / "mirror.git"
    git(tmp_path, "clone", "-q", "--mirror", str(prepared.repo), str(bare))
    before = state(bare)

    def read(*args: str) -> str:
        result = runner.invoke(cli, ["-C", str(bare), *args])
        assert result.exit_code == 0, (args, result.stderr)
        return result.stdout

    assert "Keep one queue" in read("show", "--project")
    assert "Use PKCE" in read("show", "--ledger", session)
    assert prepared.decision in read("search", "PKCE")
    assert "Keep one queue" in read("list", "--json") or session in read("list")
    assert read("why", "HEAD")
    assert "Use PKCE" in read("export", "--format", "md", "--ledger", session)
    assert read("export", "--format", "json", "--project")
    site = tmp_path / "site"
    read("export", "--format", "html", "-o", str(site))
    assert "Keep one queue" in (site / "index.html").read_text()
    after = state(bare)  # the reads' derived files aside
    assert (after.refs, after.pointer) == (before.refs, before.pointer)


# -- bad text ------------------------------------------------------------------------------

BAD_TEXT: list[tuple[tuple[str, ...], str]] = [
    (("task", ""), "TASK is empty"),
    (("task", "   \t "), "TASK is empty"),
    (("task", "two\nlines"), "TASK must be one line"),
    (("next", ""), "NEXT is empty"),
    (("next", "\n\n"), "NEXT is empty"),
    (("open", ""), "question is empty"),
    (("open", "  "), "question is empty"),
    (("decide", ""), "decision is empty"),
    (("decide", " \n\t "), "decision is empty"),
    (("decide", "d", "--over", ""), "--over is empty"),
    (("decide", "d", "--over", "ok", "--over", "  "), "--over is empty"),
    (("decide", "d", "--because", " "), "--because is empty"),
    (("decide", "d", "--scope", ""), "--scope is empty"),
    (("decide", "d", "--evidence", "\t"), "--evidence is empty"),
    (("decide", "d", "--next", " "), "NEXT is empty"),
    (("verify", "", "--by", "true"), "fact is empty"),
    (("verify", "v", "--by", "  "), "--by is empty"),
    (("drop", "", "--why", "w"), "approach is empty"),
    (("drop", "x", "--why", ""), "--why is empty"),
    (("plan", ""), "PLAN path is empty"),
    (("plan", "p.md", "--note", " "), "--note is empty"),
    (("resolve", "{Q}", "--as", "dropped", "--why", " "), "--why is empty"),
    (("resolve", "{Q}", "--as", "verified", "--by", ""), "--by is empty"),
    (("resolve", "{Q}", "--as", "decided", "--text", "  "), "text is empty"),
    (("edit", "{D}", "   "), "text is empty"),
    (("edit", "{D}", "--because", ""), "--because is empty"),
    (("edit", "{D}"), "nothing to change"),
    (("open", "q?", "--next", "\t"), "NEXT is empty"),
    # over the documented limits
    (("task", "t" * (LINE_LIMIT + 1)), f"limit is {LINE_LIMIT}"),
    (("next", "n" * (LINE_LIMIT + 1)), f"limit is {LINE_LIMIT}"),
    (("decide", "d" * (TEXT_LIMIT + 1)), f"limit is {TEXT_LIMIT}"),
    (("open", "q" * (TEXT_LIMIT + 1)), f"limit is {TEXT_LIMIT}"),
    (("decide", "d", "--over", "o" * (LINE_LIMIT + 1)), f"limit is {LINE_LIMIT}"),
    (("decide", "d", "--because", "b" * (TEXT_LIMIT + 1)), f"limit is {TEXT_LIMIT}"),
    (("decide", "d", "--scope", "s" * (LINE_LIMIT + 1)), f"limit is {LINE_LIMIT}"),
    (("decide", "d", "--next", "n" * (LINE_LIMIT + 1)), f"limit is {LINE_LIMIT}"),
    (("verify", "v", "--by", "c" * (TEXT_LIMIT + 1)), f"limit is {TEXT_LIMIT}"),
    (("drop", "x", "--why", "w" * (TEXT_LIMIT + 1)), f"limit is {TEXT_LIMIT}"),
    (("plan", "p" * (LINE_LIMIT + 1)), f"limit is {LINE_LIMIT}"),
    (("edit", "{D}", "e" * (TEXT_LIMIT + 1)), f"limit is {TEXT_LIMIT}"),
    (("resolve", "{Q}", "--as", "decided", "--text", "r" * (TEXT_LIMIT + 1)),
     f"limit is {TEXT_LIMIT}"),
    # NUL and control characters in arguments (the OS cannot pass a NUL in argv; in-process
    # callers can, and must be refused the same way)
    (("decide", "a\x00b"), "decision contains a NUL byte"),
    (("task", "t\x00"), "TASK contains a NUL byte"),
    (("decide", "d", "--because", "\x00"), "--because contains a NUL byte"),
    (("decide", "d", "--next", "n\x00n"), "NEXT contains a NUL byte"),
    (("edit", "{D}", "x\x00y"), "text contains a NUL byte"),
    (("decide", "red \x1b[31malert"), "control character U+001B"),
    (("next", "bell\x07"), "control character U+0007"),
    # invalid UTF-8 as Python hands it over from argv (surrogate escapes)
    (("decide", "bad \udcff\udcfe"), "decision is not valid UTF-8"),
    (("decide", "d", "--over", "\udcc3("), "--over is not valid UTF-8"),
    (("task", "\udcff"), "TASK is not valid UTF-8"),
    # --paths globs: inside the work tree, plain text, bounded
    (("decide", "d", "--paths", "../elsewhere/**"), "leads outside the work tree"),
    (("decide", "d", "--paths", "/etc/*"), "is outside the work tree"),
    (("decide", "d", "--paths", "src/\u202edb"), "invisible character U+202E"),
    (("decide", "d", "--paths", "src/\x1b]0;x"), "control character U+001B"),
    (("decide", "d", "--paths", "!src"), "negated glob"),
    (("decide", "d", "--paths", "p" * 301), "limit is 300"),
    (("decide", "d", *[a for i in range(51) for a in ("--paths", f"d{i}/")]), "limit is 50"),
    (("drop", "x", "--why", "w", "--paths", "src/../../x"), "leads outside the work tree"),
    (("edit", "{D}", "--paths", ""), "already says that"),
    (("edit", "{D}", "--paths", "", "--paths", "src/"), "--paths '' clears the globs"),
    (("edit", "{Q}", "--paths", "src/"), "--paths does not apply"),
    (("resolve", "{Q}", "--as", "verified", "--by", "make", "--paths", "src/"),
     "--paths does not apply when resolving as verified"),
    (("resolve", "{Q}", "--as", "decided", "--paths", "../x"), "leads outside the work tree"),
]


@pytest.mark.parametrize(("args", "message"), BAD_TEXT,
                         ids=[f"{n}-{a[0]}" for n, (a, _) in enumerate(BAD_TEXT)])
def test_bad_text_is_refused(ledger: Run, prepared: Prepared, args: tuple[str, ...],
                             message: str) -> None:
    before = state(prepared.gitdir)
    line = refused(ledger(*_fill(args, prepared)))
    assert message in line
    assert state(prepared.gitdir) == before


@pytest.mark.parametrize(("args", "message"), [(a, m) for a, m in BAD_TEXT
                                               if "{" not in "".join(a)][::3])
def test_bad_text_in_a_fresh_worktree_creates_no_ledger(ledger: Run, repo: Path,
                                                       args: tuple[str, ...],
                                                       message: str) -> None:
    before = state(repo / ".git")
    assert before.refs == ""
    assert message in refused(ledger(*args))
    assert state(repo / ".git") == before


STDIN_COMMANDS = [
    ("task", "-"),
    ("next", "-"),
    ("open", "-"),
    ("decide", "-"),
    ("verify", "-", "--by", "true"),
    ("drop", "-", "--why", "w"),
    ("edit", "{D}", "-"),
    ("resolve", "{Q}", "--as", "dropped", "--why", "w", "--text", "-"),
]
BAD_STDIN: list[tuple[bytes, str]] = [
    (b"", "is empty"),
    (b"  \n\t\n", "is empty"),
    (b"nul\x00byte", "contains a NUL byte"),
    (b"\x00", "contains a NUL byte"),
    (b"bad \xff\xfe utf-8", "not valid UTF-8"),
    (b"\xc3(", "not valid UTF-8"),
    ("latin-1 café".encode("latin-1"), "not valid UTF-8"),
    (b"x" * (TEXT_LIMIT + 1), "the limit is"),
    (b"esc \x1b[2J", "control character"),
]


@pytest.mark.parametrize("args", STDIN_COMMANDS, ids=lambda a: a[0])
@pytest.mark.parametrize(("data", "message"), BAD_STDIN,
                         ids=[f"stdin{n}" for n in range(len(BAD_STDIN))])
def test_bad_text_on_stdin_is_refused(ledger: Run, prepared: Prepared, args: tuple[str, ...],
                                      data: bytes, message: str) -> None:
    before = state(prepared.gitdir)
    line = refused(ledger(*_fill(args, prepared), input=data))
    assert message in line
    assert state(prepared.gitdir) == before


INVALID_ARGV: list[tuple[tuple[str | bytes, ...], str]] = [
    (("decide", b"caf\xe9 latin-1"), "decision is not valid UTF-8"),
    (("decide", b"\xff\xfe"), "decision is not valid UTF-8"),
    (("task", b"\xc3("), "TASK is not valid UTF-8"),
    (("next", b"\x80"), "NEXT is not valid UTF-8"),
    (("open", b"q\xff?"), "question is not valid UTF-8"),
    (("decide", "d", "--over", b"\xff"), "--over is not valid UTF-8"),
    (("decide", "d", "--because", b"\xfe"), "--because is not valid UTF-8"),
    (("decide", "d", "--next", b"\xff"), "NEXT is not valid UTF-8"),
    (("verify", "v", "--by", b"\xff"), "--by is not valid UTF-8"),
    (("drop", b"\xff", "--why", "w"), "approach is not valid UTF-8"),
    (("plan", b"\xffplan.md"), "PLAN path is not valid UTF-8"),
    (("edit", "{D}", b"\xff"), "text is not valid UTF-8"),
    (("resolve", "{Q}", "--as", "dropped", "--why", b"\xff"), "--why is not valid UTF-8"),
]


@pytest.mark.parametrize(("args", "message"), INVALID_ARGV,
                         ids=[f"{n}-{a[0]!s}" for n, (a, _) in enumerate(INVALID_ARGV)])
def test_invalid_utf8_in_arguments(prepared: Prepared, cli_env: dict[str, str],
                                   args: tuple[str | bytes, ...], message: str) -> None:
    before = state(prepared.gitdir)
    filled = [a.replace("{Q}", prepared.question).replace("{D}", prepared.decision)
              if isinstance(a, str) else a for a in args]
    done = run_bytes(prepared.repo, cli_env, *filled)
    assert done.returncode == 1, done.stderr
    assert message in one_line(done.stderr)
    assert done.stdout == b""
    assert state(prepared.gitdir) == before


def test_invalid_utf8_through_git_and_stdin(prepared: Prepared,
                                            cli_env: dict[str, str]) -> None:
    before = state(prepared.gitdir)
    done = subprocess.run(["git", "ledger", "decide", b"\xff\xfe"], cwd=prepared.repo,
                          env=cli_env, capture_output=True, check=False)
    assert done.returncode == 1
    assert "not valid UTF-8" in one_line(done.stderr)
    done = run_bytes(prepared.repo, cli_env, "decide", "-", stdin=b"ok \xff")
    assert done.returncode == 1
    assert "decision is not valid UTF-8 (byte 3)" in one_line(done.stderr)
    done = run_bytes(prepared.repo, cli_env, "task", "-", stdin=b"a\x00b")
    assert done.returncode == 1
    assert "TASK contains a NUL byte" in one_line(done.stderr)
    assert state(prepared.gitdir) == before


def test_invalid_utf8_id_is_one_clear_line(prepared: Prepared, cli_env: dict[str, str]) -> None:
    done = run_bytes(prepared.repo, cli_env, "show", b"\xff\xfe")
    assert done.returncode == 1
    assert "not an entry id" in one_line(done.stderr)


# -- credentials ---------------------------------------------------------------------------

CREDENTIAL_ARGS = [
    ("decide", "Deploy with {C}"),
    ("decide", "d", "--because", "password=" + "hunter2x"),
    ("decide", "d", "--over", "token {C}"),
    ("decide", "d", "--evidence", "{C}"),
    ("task", "rotate {C}"),
    ("next", "use {C}"),
    ("open", "is {C} still valid?"),
    ("verify", "login works", "--by", "curl -H 'Authorization: Bearer " + "A" * 30 + "'"),
    ("drop", "x", "--why", "{C} leaked"),
    ("decide", "d", "--next", "{C}"),
    ("edit", "{D}", "{C}"),
    ("resolve", "{Q}", "--as", "dropped", "--why", "AWS key " + "AK" + "IA" + "Q7XW2M4KZP9R3T5V"),
]


@pytest.mark.parametrize("args", CREDENTIAL_ARGS, ids=lambda a: " ".join(a[:2])[:20])
def test_credentials_are_never_written(ledger: Run, prepared: Prepared,
                                       args: tuple[str, ...]) -> None:
    before = state(prepared.gitdir)
    filled = [a.replace("{C}", credential()) for a in _fill(args, prepared)]
    line = refused(ledger(*filled))
    assert "looks like it contains a credential" in line
    assert "record that the credential was configured" in line
    assert credential() not in line
    assert "hunter2x" not in line
    assert state(prepared.gitdir) == before


def test_credential_on_stdin(ledger: Run, prepared: Prepared) -> None:
    before = state(prepared.gitdir)
    key = "-----BEGIN " + "OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"
    line = refused(ledger("decide", "-", input=key.encode()))
    assert "private key block" in line
    assert state(prepared.gitdir) == before


# -- ids -----------------------------------------------------------------------------------

UNKNOWN_ID = [
    ("show", "{X}"),
    ("show", "{X}", "--json"),
    ("resolve", "{X}", "--as", "dropped", "--why", "w"),
    ("edit", "{X}", "new text"),
    ("decide", "d", "--supersedes", "{X}"),
]


def _absent(p: Prepared | None) -> str:
    taken = {p.question[2], p.decision[2]} if p else set()
    return "d-" + next(c for c in "0123456789abc" if c not in taken) + "zzz"


@pytest.mark.parametrize("args", UNKNOWN_ID, ids=lambda a: a[0] + " " + a[-1])
def test_unknown_id(ledger: Run, prepared: Prepared, args: tuple[str, ...]) -> None:
    before = state(prepared.gitdir)
    filled = [a.replace("{X}", _absent(prepared)) for a in _fill(args, prepared)]
    line = refused(ledger(*filled))
    assert "no entry matches" in line
    assert _absent(prepared) in line
    assert state(prepared.gitdir) == before


@pytest.mark.parametrize("args", UNKNOWN_ID, ids=lambda a: a[0] + " " + a[-1])
def test_unknown_id_in_a_worktree_without_a_ledger(ledger: Run, repo: Path,
                                                   args: tuple[str, ...]) -> None:
    before = state(repo / ".git")
    filled = [a.replace("{X}", "d-0zzz") for a in args]
    line = refused(ledger(*filled))
    assert "no entry matches 'd-0zzz'" in line
    assert state(repo / ".git") == before
    assert before.pointer is None


@pytest.mark.parametrize("typed", ["not an id", "q-123", "d-12!", "a\nb", "\x1b[31mred",
                                   "refs/heads/main", "-"])
def test_malformed_id(ledger: Run, prepared: Prepared, typed: str) -> None:
    before = state(prepared.gitdir)
    for args in (("show", typed), ("edit", typed, "x"),
                 ("resolve", typed, "--as", "dropped", "--why", "w")):
        line = refused(ledger(*args))
        assert "entry id" in line or "no entry matches" in line
        assert "\x1b" not in line
    assert state(prepared.gitdir) == before


def test_ambiguous_prefix(ledger: Run, repo: Path) -> None:
    api = Ledger.open(repo)
    by_first: dict[str, list[str]] = {}
    for n in range(33):  # 33 ids over 32 first characters must collide
        result = api.open_question(f"question {n}")
        assert result.entry is not None
        by_first.setdefault(result.entry.id[2], []).append(result.entry.id)
        if len(by_first[result.entry.id[2]]) == 2:
            break
    first, clash = next((c, ids) for c, ids in by_first.items() if len(ids) == 2)
    before = state(repo / ".git")
    for args in (("show", first), ("show", f"o-{first}", "--json"),
                 ("edit", first, "new"), ("resolve", first, "--as", "dropped", "--why", "w"),
                 ("decide", "d", "--supersedes", first)):
        line = refused(ledger(*args))
        assert "ambiguous" in line
        assert clash[0] in line
        assert clash[1] in line
    assert state(repo / ".git") == before
    # a longer prefix settles it
    settled = ledger("show", clash[0][:8], "--json")
    assert settled.exit_code == 0, settled.stderr


@pytest.mark.parametrize("kind", ["decided", "verified", "dropped", "plan"])
def test_resolve_of_an_entry_that_is_not_open(ledger: Run, repo: Path, kind: str) -> None:
    api = Ledger.open(repo)
    makers = {
        "decided": lambda: api.decide("d"),
        "verified": lambda: api.verify("v", by="true"),
        "dropped": lambda: api.drop("x", why="y"),
        "plan": lambda: api.plan("PLAN.md"),
    }
    entry = makers[kind]().entry
    assert entry is not None
    before = state(repo / ".git")
    line = refused(ledger("resolve", entry.id, "--as", "dropped", "--why", "w"))
    assert f"{entry.id} is {kind.upper() if kind != 'decided' else 'DECIDED'}" in line
    assert "only OPEN items resolve" in line
    assert state(repo / ".git") == before


def test_resolve_twice(ledger: Run, prepared: Prepared) -> None:
    assert ledger("resolve", prepared.question, "--as", "dropped", "--why", "w").exit_code == 0
    before = state(prepared.gitdir)
    line = refused(ledger("resolve", prepared.question, "--as", "decided"))
    assert "not OPEN" in line
    assert state(prepared.gitdir) == before


# -- usage errors --------------------------------------------------------------------------

USAGE = [
    ("decide",),
    ("task",),
    ("verify", "v"),
    ("drop", "x"),
    ("resolve", "{Q}"),
    ("resolve", "{Q}", "--as", "open"),
    ("resolve", "{Q}", "--as", "bogus"),
    ("decide", "d", "--bogus"),
    ("nosuchcommand",),
    ("show", "--kind", "task"),
    ("log", "-n", "0"),
    ("log", "-n", "many"),
    ("task", "a", "b"),
    ("--bogus",),
    ("edit",),
]


@pytest.mark.parametrize("args", USAGE, ids=" ".join)
def test_usage_errors_exit_2(ledger: Run, prepared: Prepared, args: tuple[str, ...]) -> None:
    before = state(prepared.gitdir)
    line = refused(ledger(*_fill(args, prepared)), 2)
    assert "--help" in line
    assert state(prepared.gitdir) == before


def test_usage_error_names_the_command_help(ledger: Run) -> None:
    line = refused(ledger("decide"), 2)
    assert "Missing argument" in line
    assert "decide --help" in line


def test_usage_errors_from_the_real_executable(repo: Path, cli_env: dict[str, str]) -> None:
    done = run_bytes(repo, cli_env, "decide")
    assert done.returncode == 2
    one_line(done.stderr)
    done = run_bytes(repo, cli_env, "resolve", "x", "--as", "nope")
    assert done.returncode == 2
    one_line(done.stderr)
    assert git(repo, "for-each-ref", "refs/ledger/") == ""


# -- refs under refs/ledger/ that are not ledgers ------------------------------------------


def _blob(repo: Path, data: bytes = b"just a blob\n") -> str:
    return git_env(repo, "hash-object", "-w", "--stdin", stdin=data).strip()


def _commit_without_ledger(repo: Path) -> str:
    (repo / "README").write_text("hello\n")
    git(repo, "add", "README")
    git(repo, "commit", "-qm", "code")
    return git(repo, "rev-parse", "HEAD").strip()


def _tag(repo: Path) -> str:
    commit = _commit_without_ledger(repo)
    git(repo, "tag", "-a", "-m", "a tag", "v1", commit)
    return git(repo, "rev-parse", "v1").strip()


NOT_A_LEDGER = {
    "blob": (_blob, "points at a blob, not a ledger commit"),
    "commit": (_commit_without_ledger, "is not a ledger: its tree has no ledger.toml"),
    "tag": (_tag, "points at a tag, not a ledger commit"),
}
READS_AND_WRITES = [
    (),
    ("show",),
    ("show", "--json"),
    ("show", "d-0"),
    ("log",),
    ("log", "--json"),
    ("task", "t"),
    ("next", "n"),
    ("decide", "d", "--json"),
    ("open", "q?"),
    ("verify", "v", "--by", "true"),
    ("drop", "x", "--why", "y"),
    ("plan", "PLAN.md"),
    ("resolve", "o-0", "--as", "dropped", "--why", "w"),
    ("edit", "d-0", "x"),
]


@pytest.mark.parametrize("what", sorted(NOT_A_LEDGER))
@pytest.mark.parametrize("args", READS_AND_WRITES, ids=lambda a: " ".join(a) or "bare")
def test_pointer_target_is_not_a_ledger(ledger: Run, repo: Path, what: str,
                                        args: tuple[str, ...]) -> None:
    make, message = NOT_A_LEDGER[what]
    target = make(repo)
    ref = "refs/ledger/sessions/notaledger"
    git(repo, "update-ref", ref, target)
    (repo / ".git" / "ledger").write_text(ref + "\n")
    before = state(repo / ".git")
    line = refused(ledger(*args))
    assert ref in line
    assert message in line
    assert state(repo / ".git") == before
    assert git(repo, "rev-parse", ref).strip() == target


@pytest.mark.parametrize("what", sorted(NOT_A_LEDGER))
@pytest.mark.parametrize("how", ["id", "prefix", "ref"])
@pytest.mark.parametrize("command", ["show", "log"])
def test_named_ledger_is_not_a_ledger(ledger: Run, prepared: Prepared, what: str, how: str,
                                      command: str) -> None:
    make, message = NOT_A_LEDGER[what]
    ref = "refs/ledger/sessions/zzbroken"
    git(prepared.repo, "update-ref", ref, make(prepared.repo))
    name = {"id": "zzbroken", "prefix": "zzb", "ref": ref}[how]
    before = state(prepared.gitdir)
    line = refused(ledger(command, "--ledger", name, "--json"))
    assert message in line
    assert state(prepared.gitdir) == before
    # this worktree's own ledger is untouched and still reads
    shown = ledger("show", "--json")
    assert shown.exit_code == 0, shown.stderr
    assert [e["id"] for e in json.loads(shown.stdout)["entries"]] == [prepared.question,
                                                                     prepared.decision]


def test_ref_outside_sessions_shown_by_ref(ledger: Run, prepared: Prepared) -> None:
    git(prepared.repo, "update-ref", "refs/ledger/keepalive", _blob(prepared.repo))
    before = state(prepared.gitdir)
    line = refused(ledger("show", "--ledger", "refs/ledger/keepalive"))
    assert "refs/ledger/keepalive points at a blob" in line
    assert state(prepared.gitdir) == before


def test_symbolic_ref_under_refs_ledger(ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    ref = "refs/ledger/sessions/symbolic"
    git(repo, "symbolic-ref", ref, "refs/heads/main")
    (repo / ".git" / "ledger").write_text(ref + "\n")
    before = state(repo / ".git")
    for args in (("show",), ("decide", "d")):
        line = refused(ledger(*args))
        assert "not a ledger" in line or "is not a ledger" in line
    assert state(repo / ".git") == before
    assert git(repo, "symbolic-ref", ref).strip() == "refs/heads/main"


@pytest.mark.parametrize("content", ["refs/heads/main", "garbage", "refs/ledger/sessions/..bad",
                                     "../../etc/passwd"])
def test_pointer_file_that_names_no_ledger_ref(ledger: Run, repo: Path, content: str) -> None:
    (repo / ".git" / "ledger").write_text(content + "\n")
    before = state(repo / ".git")
    for args in (("show",), ("decide", "d"), ("log",)):
        line = refused(ledger(*args))
        assert "does not name a ledger ref" in line
    assert state(repo / ".git") == before


def test_list_reports_a_broken_ledger_and_still_lists_the_rest(ledger: Run,
                                                               prepared: Prepared) -> None:
    git(prepared.repo, "update-ref", "refs/ledger/sessions/zzbroken", _blob(prepared.repo))
    result = ledger("list", "--json")
    assert result.exit_code == 0, result.stderr
    ledgers = {item["ref"]: item for item in json.loads(result.stdout)["ledgers"]}
    assert "points at a blob" in ledgers["refs/ledger/sessions/zzbroken"]["problem"]
    own = prepared.gitdir.joinpath("ledger").read_text().strip()
    assert ledgers[own]["problem"] is None
    assert ledgers[own]["entries"] == 2
    text = ledger("list").stdout
    assert "BROKEN" in text
    own_id = own.removeprefix("refs/ledger/sessions/")
    assert any(line.startswith(f"* {own_id}  2 entries") for line in text.splitlines())


# -- a corrupted entry blob ----------------------------------------------------------------

GARBAGE: dict[str, bytes] = {
    "not-toml": b"this is = = not toml [[[",
    "not-utf8": b"id = \"\xff\xfe\"\n",
    "binary": bytes(range(256)),
    "empty": b"",
    "wrong-types": b'id = "d-0000000000"\nkind = "decided"\ntext = 5\nseq = 1\n',
    "unknown-kind": b'id = "d-0000000000"\nkind = "task"\ntext = "t"\nseq = 1\n'
                    b'created = 2026-01-01T00:00:00Z\nauthor = "a"\n',
}


@pytest.fixture
def corrupted(prepared: Prepared) -> tuple[Prepared, str]:
    """The prepared ledger plus a VERIFIED entry; the decision's blob is then garbage."""
    api = Ledger.open(prepared.repo)
    fact = api.verify("It passes", by="pytest -q").entry
    assert fact is not None
    return prepared, fact.id


@pytest.mark.parametrize("garbage", sorted(GARBAGE))
def test_corrupted_entry_blob(ledger: Run, corrupted: tuple[Prepared, str],
                              garbage: str) -> None:
    prepared, fact = corrupted
    ref = prepared.gitdir.joinpath("ledger").read_text().strip()
    bad_path = entry_path(prepared.decision)
    replace_blob(prepared.repo, ref, bad_path, GARBAGE[garbage])
    before = state(prepared.gitdir)

    result = ledger("show")
    line = refused(result, 1, stdout_empty=False)
    assert bad_path in line
    assert "unreadable" in line
    # everything else is still shown
    assert prepared.question in result.stdout
    assert "Which flow?" in result.stdout
    assert fact in result.stdout
    assert "It passes" in result.stdout
    assert "TASK  Ship it" in result.stdout
    assert f"unreadable entry {bad_path}" in result.stdout
    assert "Use PKCE" not in result.stdout

    result = ledger("show", "--json")
    line = refused(result, 1, stdout_empty=False)
    assert bad_path in line
    data = json.loads(result.stdout)
    assert [e["id"] for e in data["entries"]] == [prepared.question, fact]
    assert [e["path"] for e in data["errors"]] == [bad_path]
    assert data["errors"][0]["reason"]
    assert data["task"] == "Ship it"

    # the bare command shows the ledger the same way
    line = refused(ledger(), 1, stdout_empty=False)
    assert bad_path in line

    # the bad entry by id: one clear line naming it
    line = refused(ledger("show", prepared.decision))
    assert bad_path in line
    # a good entry by id still reads
    assert ledger("show", fact, "--json").exit_code == 0
    assert state(prepared.gitdir) == before


def test_entry_blob_in_the_wrong_place(ledger: Run, corrupted: tuple[Prepared, str]) -> None:
    prepared, fact = corrupted
    ref = prepared.gitdir.joinpath("ledger").read_text().strip()
    good = git(prepared.repo, "show", f"{ref}:{entry_path(prepared.decision)}").encode()
    wrong = "entries/0/0/d-0000000000.toml"
    replace_blob(prepared.repo, ref, wrong, good)
    result = ledger("show", "--json")
    line = refused(result, 1, stdout_empty=False)
    assert wrong in line
    data = json.loads(result.stdout)
    assert sorted(e["id"] for e in data["entries"]) == sorted(
        [prepared.question, prepared.decision, fact])
    assert "belongs elsewhere" in data["errors"][0]["reason"]


def test_corrupted_ledger_header(ledger: Run, prepared: Prepared) -> None:
    ref = prepared.gitdir.joinpath("ledger").read_text().strip()
    for path, data, message in (
        ("state.toml", b"seq = [", "state.toml: not valid TOML"),
        ("ledger.toml", b'format = 1\nkind = "branch"\n', "unknown ledger kind 'branch'"),
        ("ledger.toml", b'format = 99\nid = "x"\nkind = "session"\ncreated = '
                        b'2026-01-01T00:00:00Z\ncreated_by = "a"\n', "format 99"),
    ):
        replace_blob(prepared.repo, ref, path, data)
        before = state(prepared.gitdir)
        for args in (("show",), ("decide", "d"), ("show", prepared.decision), ("log",)):
            line = refused(ledger(*args))
            assert message in line, (args, line)
        assert state(prepared.gitdir) == before
        git(prepared.repo, "update-ref", ref, f"{ref}~1")


# -- found in review -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("resolve", "QUESTION", "--as", "verified", "--by", "pytest", "--proposed"),
        ("resolve", "QUESTION", "--as", "dropped", "--why", "slow", "--over", "x"),
        ("resolve", "QUESTION", "--as", "decided", "--text", ""),
        ("edit", "DECISION", ""),
        ("edit", "DECISION", "--scope", ""),
        ("decide", "right\u202eto left"),
        ("task", "isolated \u2067text"),
    ],
    ids=["proposed-on-verified", "over-on-dropped", "empty-resolve-text", "empty-edit-text",
         "empty-scope", "bidi-override", "bidi-isolate"],
)
def test_refused_in_review(prepared: Prepared, runner: CliRunner, args: tuple[str, ...]) -> None:
    words = [a.replace("QUESTION", prepared.question).replace("DECISION", prepared.decision)
             for a in args]
    before = state(prepared.gitdir)
    refused(runner.invoke(cli, ["-C", str(prepared.repo), *words]))
    assert state(prepared.gitdir) == before


@pytest.mark.parametrize(
    ("args", "command"),
    [(("decide", "x", "--over"), "decide"), (("show", "--kind"), "show"),
     (("resolve",), "resolve"), (("frob",), "")],
)
def test_usage_error_points_at_the_commands_help(
    ledger: Run, args: tuple[str, ...], command: str
) -> None:
    line = refused(ledger(*args), 2)
    assert line.endswith(f"(see git ledger{' ' + command if command else ''} --help)")


def test_a_stale_ref_lock_fails_a_write_at_once_naming_it(repo: Path) -> None:
    """A lock older than any live writer holds one fails the write at once (not after a
    minute of retries), names the lock file, and writes nothing."""
    import os
    import time

    from gitledger.errors import ConcurrentUpdate
    from gitledger.ledger.operations import Ledger

    ledger = Ledger.open(repo)
    ledger.set_task("t")
    assert ledger.ref is not None
    before = git(repo, "rev-parse", ledger.ref).strip()
    lock = repo / ".git" / f"{ledger.ref}.lock"
    lock.write_text("")
    old = time.time() - 3600
    os.utime(lock, (old, old))
    started = time.monotonic()
    with pytest.raises(ConcurrentUpdate, match=r"is locked by .*\.lock, 60 minutes old"):
        ledger.set_next("n")
    assert time.monotonic() - started < 5
    assert git(repo, "rev-parse", ledger.ref).strip() == before
