"""gitledger beside the real hook managers: husky, lefthook and pre-commit, as installed by
``tests/integrations/managers.py`` (pinned; npm and PyPI, cached).

Each manager runs a hook of the user's (a line appended to a log) and ours (the commit
recorded in the worktree's ledger) in both install orders, through the manager's own
re-sync (``husky``; a changed ``lefthook.yml`` and ``lefthook install``; ``pre-commit
install`` again), and through uninstall in both orders.  After every step a real ``git
commit`` runs the user's hook and ours exactly as often as they should: once each while
both are installed, never twice.  ``doctor`` says ``hooks-not-run`` exactly when a
manager's step stopped ours.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from tests.conftest import git, installed_git_ledger, settle
from tests.integrations import managers as pinned

TIMEOUT = 120


@pytest.fixture(scope="session")
def installed() -> pinned.Managers:
    try:
        return pinned.install()
    except pinned.ManagerMissing as exc:
        pytest.fail(str(exc), pytrace=False)


@dataclass(frozen=True)
class World:
    repo: Path
    env: dict[str, str]
    log: Path

    def run(self, *argv: str, ok: bool = True, stdin: str = "") -> subprocess.CompletedProcess[str]:
        done = subprocess.run(list(argv), cwd=self.repo, env=self.env, capture_output=True,
                              text=True, timeout=TIMEOUT, check=False, input=stdin)
        if ok:
            assert done.returncode == 0, (argv, done.stdout, done.stderr)
        said = settle(self.repo)
        if said:
            done.stderr += "".join(f"{line}\n" for line in said)
        return done

    def ledger(self, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        return self.run(str(installed_git_ledger()), *args, ok=ok)

    def user_runs(self, hook: str = "post-commit") -> int:
        if not self.log.exists():
            return 0
        return self.log.read_text().splitlines().count(hook)

    def commit(self, name: str, message: str | None = None) -> tuple[str, str]:
        (self.repo / name).write_text(f"{name}\n")
        self.run("git", "add", name)
        done = self.run("git", "commit", "-q", "-m", message or f"add {name}")
        return git(self.repo, "rev-parse", "HEAD").strip(), done.stdout + done.stderr

    def ours(self, sha: str) -> int:
        """How many times our post-commit recorded ``sha`` (its commit events)."""
        ref = (Path(git(self.repo, "rev-parse", "--absolute-git-dir").strip())
               / "ledger").read_text().strip()
        body = git(self.repo, "log", "--format=%B", ref)
        return body.splitlines().count(f"Ledger-Commit: {sha}")

    def doctor_codes(self) -> set[str]:
        """The codes of ``doctor --json``, run in-process in this world's environment:
        doctor only reads what the real hooks and managers left (a process of its own at
        every step was a third of the matrix's time)."""
        done = CliRunner().invoke(cli, ["-C", str(self.repo), "doctor", "--json"],
                                  env=self.env, catch_exceptions=False)
        return {f["code"] for f in json.loads(done.stdout)["findings"]}


def once_each(world: World, step: str, *, user: int = 1, ours: int = 1,
              not_run: bool = False, checkout: int | None = None) -> None:
    """A commit now runs the user's hook ``user`` times and ours ``ours`` times; a branch
    checkout prints our line ``ours`` times (more would mean a doubled hook); ``doctor``
    says ``hooks-not-run`` when ``not_run`` and only then, and never ``hooks-duplicated``."""
    before = world.user_runs()
    sha, said = world.commit(f"{step.replace(' ', '-')}.txt")
    assert world.user_runs() - before == user, f"{step}: the user's hook ran " \
        f"{world.user_runs() - before} times\n{said}"
    assert world.ours(sha) == ours, f"{step}: ours ran {world.ours(sha)} times\n{said}"
    branch = f"b-{step.replace(' ', '-')}"
    done = world.run("git", "switch", "-c", branch)  # -q would silence our line too
    shown = (done.stdout + done.stderr).count("git ledger: TASK")
    wanted = ours if checkout is None else checkout
    assert shown == wanted, f"{step}: our post-checkout line was shown {shown} times"
    world.run("git", "switch", "-q", "main")
    codes = world.doctor_codes()
    assert "hooks-duplicated" not in codes, step
    assert ("hooks-not-run" in codes) == not_run, (step, codes)


@pytest.fixture
def world(installed: pinned.Managers, repo_with_commit: Path, tmp_path: Path) -> World:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(installed_git_ledger().parent), installed.path,
                                   env.get("PATH", "")])
    env["NO_COLOR"] = "1"
    env["PRE_COMMIT_COLOR"] = "never"
    log = tmp_path / "user-hooks.log"
    made = World(repo_with_commit, env, log)
    made.ledger("task", "ship the parser")
    return made


# -- the managers ------------------------------------------------------------------------


class Manager:
    """One manager as a user drives it: set up with a hook of the user's, re-synced,
    uninstalled; and what that does to ours."""

    name = ""
    #: Installing the manager after ours stops ours (until git ledger install again).
    hides_ours = True
    #: Uninstalling the manager stops ours too (our call lived in its configuration).
    takes_ours_along = True
    #: Installing the manager after ours hides our post-checkout too.
    hides_checkout = True

    def __init__(self, managers: pinned.Managers) -> None:
        self.managers = managers

    def setup(self, world: World) -> None:
        raise NotImplementedError

    def resync(self, world: World) -> None:
        raise NotImplementedError

    def uninstall(self, world: World) -> None:
        raise NotImplementedError

    def user_files(self, world: World) -> dict[str, str]:
        """The user's own files of this manager, to compare after our uninstall."""
        raise NotImplementedError

    def expected(self, world: World) -> dict[str, str]:
        """What they hold when nothing of ours is left."""
        raise NotImplementedError


class Husky(Manager):
    name = "husky"

    def setup(self, world: World) -> None:
        (world.repo / "package.json").write_text('{"name": "p", "private": true}\n')
        world.run(*pinned.husky(self.managers), "init")
        (world.repo / ".husky" / "pre-commit").unlink()  # husky init's "npm test"
        (world.repo / ".husky" / "post-commit").write_text(
            f"echo post-commit >> {world.log}\n")

    def resync(self, world: World) -> None:
        world.run(*pinned.husky(self.managers))  # what npm's prepare runs

    def uninstall(self, world: World) -> None:
        # husky 9 has no uninstall command: its documentation says to unset the setting.
        world.run("git", "config", "--unset", "core.hooksPath")
        shutil.rmtree(world.repo / ".husky" / "_")

    def user_files(self, world: World) -> dict[str, str]:
        return {p.name: p.read_text() for p in sorted((world.repo / ".husky").glob("*"))
                if p.is_file()}

    def expected(self, world: World) -> dict[str, str]:
        return {"post-commit": f"echo post-commit >> {world.log}\n"}


class Husky8(Husky):
    """husky 5-8: core.hooksPath=.husky, and git runs the user's scripts there itself."""

    name = "husky 8"

    def setup(self, world: World) -> None:
        husky = pinned.husky_8(self.managers)
        world.run(*husky, "install")
        world.run(*husky, "add", ".husky/post-commit", f"echo post-commit >> {world.log}")
        self.script = (world.repo / ".husky" / "post-commit").read_text()

    def resync(self, world: World) -> None:
        world.run(*pinned.husky_8(self.managers), "install")  # what npm's prepare runs

    def uninstall(self, world: World) -> None:
        world.run(*pinned.husky_8(self.managers), "uninstall")

    def expected(self, world: World) -> dict[str, str]:
        return {"post-commit": self.script}


class Lefthook(Manager):
    name = "lefthook"
    hides_checkout = False  # it takes over only the hooks its config names: post-commit

    def config(self, world: World, extra: str = "") -> None:
        (world.repo / "lefthook.yml").write_text(textwrap.dedent(f"""\
            post-commit:
              commands:
                mine:
                  run: echo post-commit >> {world.log}
            """) + extra)

    def setup(self, world: World) -> None:
        self.config(world)
        world.run(str(self.managers.npm_bin / "lefthook"), "install")

    def resync(self, world: World) -> None:
        # A changed lefthook.yml: the next hook lefthook runs re-syncs its hooks itself...
        self.config(world, "post-merge:\n  commands:\n    mine:\n      run: 'true'\n")
        once_each(world, "lefthook auto resync")
        # ... and so does lefthook install.
        self.config(world, "pre-push:\n  commands:\n    mine:\n      run: 'true'\n")
        world.run(str(self.managers.npm_bin / "lefthook"), "install")

    def uninstall(self, world: World) -> None:
        world.run(str(self.managers.npm_bin / "lefthook"), "uninstall")

    def user_files(self, world: World) -> dict[str, str]:
        return {p.name: p.read_text() for p in sorted(world.repo.glob("*lefthook*.yml"))}

    def expected(self, world: World) -> dict[str, str]:
        return {"lefthook.yml": (world.repo / "lefthook.yml").read_text()}


class PreCommit(Manager):
    name = "pre-commit"
    hides_ours = False  # its migration mode runs ours as <hook>.legacy
    takes_ours_along = False  # pre-commit uninstall puts <hook>.legacy back

    def setup(self, world: World) -> None:
        (world.repo / ".pre-commit-config.yaml").write_text(
            "repos:\n-   repo: local\n    hooks:\n" + textwrap.indent(users_hook(world), "    "))
        self.resync(world)

    def resync(self, world: World) -> None:
        world.run(str(self.managers.pre_commit_bin / "pre-commit"), "install",
                  "-t", "post-commit", "-t", "post-checkout")

    def uninstall(self, world: World) -> None:
        world.run(str(self.managers.pre_commit_bin / "pre-commit"), "uninstall",
                  "-t", "post-commit", "-t", "post-checkout")

    def user_files(self, world: World) -> dict[str, str]:
        hooks = world.repo / ".git" / "hooks"
        return {p.name: "pre-commit's" if "File generated by pre-commit" in p.read_text()
                else p.read_text() for p in sorted(hooks.glob("post-*"))
                if p.suffix != ".sample"}

    def expected(self, world: World) -> dict[str, str]:
        return {}  # uninstalled too, in either order


MANAGERS = {m.name: m for m in (Husky, Husky8, Lefthook, PreCommit)}


#: The matrix's part in the inner loop: one combination per manager, the four together
#: taking each pair of orders once.  The other twelve are slow (``pytest -m "not slow"``
#: leaves them out; CI runs them all).
INNER_LOOP = {("husky", "manager-first", "ledger-first"),
              ("husky 8", "ledger-first", "manager-first"),
              ("lefthook", "ledger-first", "ledger-first"),
              ("pre-commit", "manager-first", "manager-first")}
ORDERS = ("manager-first", "ledger-first")


def _matrix() -> list[object]:
    return [pytest.param(kind, install, uninstall,
                         marks=() if (kind, install, uninstall) in INNER_LOOP
                         else pytest.mark.slow)
            for kind in sorted(MANAGERS) for install in ORDERS for uninstall in ORDERS]


@pytest.mark.parametrize(("kind", "install_order", "uninstall_order"), _matrix())
def test_the_users_hook_and_ours_run_once_each_through_every_step(
        world: World, installed: pinned.Managers, kind: str, install_order: str,
        uninstall_order: str) -> None:
    manager = MANAGERS[kind](installed)
    if install_order == "manager-first":
        manager.setup(world)
        once_each(world, f"{kind} set up", ours=0)
        said = world.ledger("install").stdout
        assert "nothing" not in said
    else:
        world.ledger("install")
        once_each(world, "ledger installed", user=0)
        manager.setup(world)
        hidden = manager.hides_ours
        once_each(world, f"{kind} set up after ours", ours=0 if hidden else 1,
                  not_run=hidden, checkout=0 if hidden and manager.hides_checkout else 1)
        said = world.ledger("install").stdout
    once_each(world, "ledger installed beside it")
    manager.resync(world)
    once_each(world, f"{kind} re-synced")
    again = json.loads(world.ledger("install", "--json").stdout)["git_hooks"]
    assert {c["action"] for c in again["changes"]} <= {"unchanged", "kept"}, again
    once_each(world, "ledger installed again")

    if uninstall_order == "ledger-first":
        out = world.ledger("uninstall").stdout
        assert "absent" not in out.split("notes.")[0], out
        once_each(world, "ledger uninstalled", ours=0)
        assert not (world.repo / ".git" / "ledger-hooks").exists()
        manager.uninstall(world)
        once_each(world, f"{kind} uninstalled", user=0, ours=0)
    else:
        manager.uninstall(world)
        gone = manager.takes_ours_along
        once_each(world, f"{kind} uninstalled", user=0, ours=0 if gone else 1,
                  not_run=gone)
        world.ledger("uninstall")
        once_each(world, "ledger uninstalled", user=0, ours=0)
        assert not (world.repo / ".git" / "ledger-hooks").exists()
    leftovers = [p.name for p in (world.repo / ".git" / "hooks").iterdir()
                 if p.name.endswith((".pre-ledger", ".old", ".legacy"))]
    assert leftovers == []
    assert traces(world) == []
    assert manager.user_files(world) == manager.expected(world)
    del said


def traces(world: World) -> list[str]:
    """Files that still name our hooks: the work tree (without .git) and the git dir's
    hooks."""
    places = [p for p in world.repo.rglob("*") if ".git" not in p.relative_to(world.repo).parts]
    places += list((world.repo / ".git" / "hooks").glob("*"))
    places += list((world.repo / ".git").glob("ledger-hooks*"))
    return sorted(str(p) for p in places if p.is_file() and not p.name.endswith(".sample")
                  and ("git-ledger" in p.read_text(errors="replace")
                       or "ledger-hooks" in p.read_text(errors="replace")))


# -- what each route looks like, and the cases the issue found ---------------------------


def test_the_pinned_versions_are_what_runs(installed: pinned.Managers) -> None:
    found = pinned.versions(installed)
    assert found["husky"] == pinned.HUSKY
    assert found["husky 8"] == pinned.HUSKY_8
    assert found["lefthook"] == pinned.LEFTHOOK
    assert found["pre-commit"] == f"pre-commit {pinned.PRE_COMMIT}"
    assert found["simple-git-hooks"] == pinned.SIMPLE_GIT_HOOKS


@pytest.mark.parametrize("kind", ["husky", "lefthook"])
def test_dry_run_shows_the_managers_route_and_writes_nothing(
        world: World, installed: pinned.Managers, kind: str) -> None:
    MANAGERS[kind](installed).setup(world)
    before = snapshot(world.repo)
    out = world.ledger("install", "--dry-run").stdout
    header = {"husky": "git hooks through husky 9", "lefthook": "git hooks through lefthook"}
    assert out.startswith(header[kind]), out
    assert {"husky": ".husky/post-commit", "lefthook": "lefthook-local.yml"}[kind] in out
    assert out.rstrip().endswith("dry run: nothing was written")
    assert snapshot(world.repo) == before
    data = json.loads(world.ledger("install", "--dry-run", "--json").stdout)["git_hooks"]
    assert data["manager"] == {"husky": "husky 9", "lefthook": "lefthook"}[kind]
    assert [c["route"] for c in data["changes"][:3]] == [kind] * 3
    assert snapshot(world.repo) == before


def snapshot(repo: Path) -> dict[str, bytes]:
    """Every file of the work tree and the git dir but the objects and the logs."""
    skip = {"objects", "logs", "index"}
    return {str(p.relative_to(repo)): p.read_bytes() for p in sorted(repo.rglob("*"))
            if p.is_file() and not skip & set(p.relative_to(repo).parts)}


def test_husky_chained_by_an_older_gitledger_is_put_right(
        world: World, installed: pinned.Managers) -> None:
    """What an older install left (ours in .husky/_, husky's stub renamed .pre-ledger,
    which husky's dispatcher then ran as a hook named post-commit.pre-ledger): installing
    again puts husky's stub back and runs both once."""
    Husky(installed).setup(world)
    stubs = world.repo / ".husky" / "_"
    stub = (stubs / "post-commit").read_text()
    (stubs / "post-commit").rename(stubs / "post-commit.pre-ledger")
    from gitledger.integrations.git_hooks import template
    (stubs / "post-commit").write_text(template("post-commit"))
    (stubs / "post-commit").chmod(0o755)
    world.ledger("install")
    assert (stubs / "post-commit").read_text() == stub
    assert not (stubs / "post-commit.pre-ledger").exists()
    once_each(world, "put right")


def test_pre_commit_migration_mode_runs_ours_once_and_uninstall_finds_it(
        world: World, installed: pinned.Managers) -> None:
    """The issue's order: ours, then pre-commit install (ours moved to <hook>.legacy);
    uninstall finds ours there; installing again never chains pre-commit's script."""
    world.ledger("install")
    pre_commit = str(installed.pre_commit_bin / "pre-commit")
    PreCommit(installed).setup(world)
    world.run(pre_commit, "install", "-t", "pre-commit", "-t", "post-commit",
              "-t", "post-checkout")
    hooks = world.repo / ".git" / "hooks"
    assert "File generated by pre-commit" in (hooks / "post-commit").read_text()
    sha, said = world.commit("migrated.txt")
    assert world.ours(sha) == 1
    assert "bug" not in said
    again = world.ledger("install").stdout
    assert "post-commit  unchanged (ours is post-commit.legacy" in again, again
    sha, said = world.commit("again.txt")
    assert world.ours(sha) == 1
    assert "migration mode" not in said
    out = world.ledger("uninstall").stdout
    assert "post-commit  removed" in out, out
    assert "post-commit absent" not in out, out
    assert not (hooks / "post-commit.legacy").exists()
    sha, _ = world.commit("gone.txt")
    assert world.ours(sha) == 0
    assert world.user_runs() == 3  # pre-commit kept running the user's hook throughout


def test_pre_commit_chained_by_an_older_gitledger_is_put_right(
        world: World, installed: pinned.Managers) -> None:
    """An older install chained pre-commit's script (which then ran ours again as its
    legacy hook and said "bug: ... migration mode"): installing again undoes the chain."""
    world.ledger("install")
    PreCommit(installed).setup(world)
    hooks = world.repo / ".git" / "hooks"
    from gitledger.integrations.git_hooks import template
    (hooks / "post-commit").rename(hooks / "post-commit.pre-ledger")
    (hooks / "post-commit").write_text(template("post-commit"))
    (hooks / "post-commit").chmod(0o755)
    sha, said = world.commit("doubled.txt")
    assert world.ours(sha) == 2
    assert "bug" in said
    assert "hooks-duplicated" in world.doctor_codes()
    world.ledger("install")
    assert "File generated by pre-commit" in (hooks / "post-commit").read_text()
    assert not (hooks / "post-commit.pre-ledger").exists()
    once_each(world, "put right")


def users_hook(world: World) -> str:
    """The user's own post-commit hook, as a hook of a local pre-commit repo."""
    return textwrap.dedent(f"""\
        -   id: mine
            name: mine
            entry: sh -c 'echo post-commit >> {world.log}'
            language: system
            stages: [post-commit]
            always_run: true
            pass_filenames: false
        """)


def manifest_config(world: World, user_hook: bool = True) -> str:
    """A .pre-commit-config.yaml running our manifest's hooks (.pre-commit-hooks.yaml)
    as written, but as ``language: system`` (the test runs offline: pre-commit would
    otherwise build gitledger into an environment of its own from PyPI)."""
    manifest = (Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml").read_text()
    hooks = []
    for block in manifest.split("\n- ")[1:]:
        fields = [line for line in block.splitlines()
                  if line.strip() and not line.startswith("  description")]
        text = "\n".join(["-   " + fields[0]] + ["    " + f.strip() for f in fields[1:]])
        hooks.append(text.replace("language: python", "language: system"))
    mine = users_hook(world) if user_hook else ""
    return ("repos:\n-   repo: local\n    hooks:\n"
            + textwrap.indent("\n".join(hooks) + "\n" + mine, "    "))


def test_the_manifest_route_and_install_agent_record_each_commit_once(
        world: World, installed: pinned.Managers) -> None:
    """The documented pre-commit route, then install --agent: the agent's hooks only (ours
    run already through pre-commit's config), never a second commit hook."""
    (world.repo / ".pre-commit-config.yaml").write_text(manifest_config(world))
    world.run(str(installed.pre_commit_bin / "pre-commit"), "install",
              "-t", "post-commit", "-t", "post-checkout")
    once_each(world, "manifest route")
    out = world.ledger("install", "--agent", "claude").stdout
    assert "git hooks: ours run already; left alone" in out, out
    assert (world.repo / ".claude" / "settings.json").is_file()
    once_each(world, "agent installed")
    # Plain install too: pre-commit's config runs post-commit and post-checkout; only
    # post-rewrite, which pre-commit cannot offer, gets ours.
    data = json.loads(world.ledger("install", "--json").stdout)["git_hooks"]
    actions = {c["name"]: (c["action"], c["route"]) for c in data["changes"][:3]}
    assert actions == {"post-commit": ("runs-already", "pre-commit-config"),
                       "post-checkout": ("runs-already", "pre-commit-config"),
                       "post-rewrite": ("added", "hooks-dir")}
    once_each(world, "install beside the manifest")
    out = world.ledger("uninstall").stdout
    # Our post-rewrite goes; the notes setting stays while pre-commit's config records.
    assert "notes.rewriteRef=refs/notes/ledger  kept" in out, out
    once_each(world, "uninstalled beside the manifest")


def test_the_manifest_route_shows_post_commit_errors(
        world: World, installed: pinned.Managers) -> None:
    """verbose: true in the manifest: what post-commit says reaches the terminal."""
    (world.repo / ".pre-commit-config.yaml").write_text(manifest_config(world, False))
    world.run(str(installed.pre_commit_bin / "pre-commit"), "install", "-t", "post-commit")
    _, said = world.commit("nope.txt", "try\n\nLedger-Implements: d-nope")
    assert "d-nope" in said, said


def test_simple_git_hooks_is_refused_with_the_manual_route(
        world: World, installed: pinned.Managers) -> None:
    (world.repo / "package.json").write_text(json.dumps(
        {"name": "p", "private": True,
         "simple-git-hooks": {"post-commit": f"echo post-commit >> {world.log}"}}))
    world.run(str(installed.npm_bin / "simple-git-hooks"))
    before = snapshot(world.repo)
    done = world.ledger("install", ok=False)
    assert done.returncode == 1
    assert len(done.stderr.strip().splitlines()) == 1
    assert "simple-git-hooks" in done.stderr
    assert "git-ledger hook post-commit" in done.stderr
    assert snapshot(world.repo) == before
    # Its manual route: the commands in its config, then simple-git-hooks again.
    (world.repo / "package.json").write_text(json.dumps(
        {"name": "p", "private": True, "simple-git-hooks": {
            "post-commit": f"echo post-commit >> {world.log}; git-ledger hook post-commit",
            "post-checkout": 'git-ledger hook post-checkout "$@"'}}))
    world.run(str(installed.npm_bin / "simple-git-hooks"))
    world.run("git", "config", "notes.rewriteRef", "refs/notes/ledger")
    before_user = world.user_runs()
    sha, _ = world.commit("manual.txt")
    assert world.ours(sha) == 1
    assert world.user_runs() == before_user + 1


@pytest.mark.parametrize("kind", sorted(MANAGERS))
def test_an_amend_beside_the_manager_is_one_rewrite(
        world: World, installed: pinned.Managers, kind: str) -> None:
    """post-rewrite gets git's list through the manager's route (lefthook: use_stdin)."""
    MANAGERS[kind](installed).setup(world)
    world.ledger("install")
    old, _ = world.commit("amended.txt")
    world.run("git", "commit", "-q", "--amend", "-m", "amended")
    new = git(world.repo, "rev-parse", "HEAD").strip()
    ref = (world.repo / ".git" / "ledger").read_text().strip()
    rewrites = git(world.repo, "log", "--format=%B", ref).splitlines().count(
        f"Ledger-Rewritten: {old} {new}")
    assert rewrites == 1
    assert f"commit-in {ref} " in git(world.repo, "notes", "--ref=ledger", "show", new)


def test_lefthooks_manual_route_is_recognised_never_doubled(
        world: World, installed: pinned.Managers) -> None:
    """The issue's working lefthook route, by hand in lefthook.yml: install adds nothing."""
    (world.repo / "lefthook.yml").write_text(textwrap.dedent(f"""\
        post-commit:
          commands:
            mine:
              run: echo post-commit >> {world.log}
            git-ledger:
              run: git-ledger hook post-commit
        post-checkout:
          commands:
            git-ledger:
              run: git-ledger hook post-checkout {{1}} {{2}} {{3}}
        post-rewrite:
          commands:
            git-ledger:
              run: git-ledger hook post-rewrite {{1}}
              use_stdin: true
        """))
    world.run(str(installed.npm_bin / "lefthook"), "install")
    world.run("git", "config", "notes.rewriteRef", "refs/notes/ledger")
    data = json.loads(world.ledger("install", "--json").stdout)["git_hooks"]
    assert [c["action"] for c in data["changes"][:3]] == ["runs-already"] * 3, data
    assert not (world.repo / "lefthook-local.yml").exists()
    once_each(world, "lefthook by hand")


def test_huskys_manual_line_is_recognised_never_doubled(
        world: World, installed: pinned.Managers) -> None:
    Husky(installed).setup(world)
    script = world.repo / ".husky" / "post-commit"
    script.write_text(script.read_text() + "git-ledger hook post-commit\n")
    (world.repo / ".husky" / "post-checkout").write_text('git-ledger hook post-checkout "$@"\n')
    data = json.loads(world.ledger("install", "--json").stdout)["git_hooks"]
    actions = [c["action"] for c in data["changes"][:3]]
    assert actions == ["runs-already", "runs-already", "added"], data
    once_each(world, "husky by hand")


def test_a_broken_lefthook_config_is_one_line_and_changes_nothing(
        world: World, installed: pinned.Managers) -> None:
    """lefthook install refuses a lefthook.yml it cannot parse: install says so in one
    line, exits 1, and leaves no local config, no scripts of ours, nothing half-written."""
    Lefthook(installed).setup(world)
    world.ledger("install", "--dry-run")  # the dry run cannot know; the real one must
    (world.repo / "lefthook.yml").write_text("post-commit:\n  commands: [\n")
    before = snapshot(world.repo)
    done = world.ledger("install", ok=False)
    assert done.returncode == 1, done
    assert snapshot(world.repo) == before
    assert not (world.repo / ".git" / "ledger-hooks").exists()
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "lefthook install failed" in done.stderr
    assert "nothing was changed" in done.stderr
    assert "notes.rewriteRef" not in git(world.repo, "config", "--list", "--local")

def test_install_agent_beside_a_refused_manager_installs_the_agents_hooks(
        world: World, installed: pinned.Managers) -> None:
    """simple-git-hooks leaves our git hooks only its own config: install --agent alone
    still installs the agent's hooks and names that manual route; with --git-hooks the
    refusal is the error plain install gives, with nothing written."""
    (world.repo / "package.json").write_text(json.dumps(
        {"name": "p", "private": True,
         "simple-git-hooks": {"post-commit": f"echo post-commit >> {world.log}"}}))
    world.run(str(installed.npm_bin / "simple-git-hooks"))
    before = snapshot(world.repo)
    refused = world.ledger("install", "--agent", "claude", "--git-hooks", ok=False)
    assert refused.returncode == 1, refused
    assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    assert snapshot(world.repo) == before
    done = world.ledger("install", "--agent", "claude")
    assert "git hooks: not installed: " in done.stdout, done.stdout
    assert "git-ledger hook post-commit" in done.stdout
    assert (world.repo / ".claude" / "settings.json").is_file()
    hooks = world.repo / ".git" / "hooks"
    assert {p.name: p.read_bytes() for p in hooks.iterdir()} == {
        p.name: before[f".git/hooks/{p.name}"] for p in hooks.iterdir()}
    data = json.loads(world.ledger("install", "--agent", "claude", "--json").stdout)
    assert data["git_hooks"] is None
    assert "simple-git-hooks" in data["git_hooks_refused"]
    world.commit("still.txt")
    assert world.user_runs() == 1

def test_husky_in_a_linked_worktree_before_husky_ran_there(
        world: World, installed: pinned.Managers) -> None:
    """husky's .husky/_ is git-ignored: a linked worktree starts without it, though
    core.hooksPath (shared) names it.  install there takes husky's route (the call in the
    worktree's .husky/post-commit), never writes ours into .husky/_ where husky would
    overwrite them, and says husky must run; once it has, both run once each."""
    husky = Husky(installed)
    husky.setup(world)
    world.run("git", "add", "-A")
    world.run("git", "commit", "-q", "-m", "husky")
    tree = world.repo.parent / "linked"
    world.run("git", "worktree", "add", "-q", str(tree), "-b", "linked")
    linked = World(tree, world.env, world.log)
    linked.ledger("task", "in the linked worktree")
    assert not (tree / ".husky" / "_").exists()
    out = linked.ledger("install").stdout
    assert out.startswith("git hooks through husky 9"), out
    assert "run npx husky here" in out, out
    assert not (tree / ".husky" / "_").exists()
    assert "ledger-hooks/post-commit" in (tree / ".husky" / "post-commit").read_text()
    assert "hooks-not-run" in linked.doctor_codes()
    husky.resync(linked)  # npm install in the worktree
    before = linked.user_runs()
    sha, said = linked.commit("linked.txt")
    assert linked.user_runs() == before + 1, said
    assert linked.ours(sha) == 1, said
    assert not {"hooks-not-run", "hooks-duplicated"} & linked.doctor_codes()
    again = json.loads(linked.ledger("install", "--json").stdout)["git_hooks"]
    assert {c["action"] for c in again["changes"]} <= {"unchanged", "kept"}, again


def test_doctor_sees_ours_gone_when_a_manager_overwrote_every_one(
        world: World, installed: pinned.Managers) -> None:
    """pre-commit install -f deletes the <hook>.legacy it would run: with every hook of ours
    gone, nothing of ours is left to find, but install's own setting says the hooks were
    installed here, so doctor says hooks-not-run (not OK) until install again."""
    world.ledger("install")
    PreCommit(installed).setup(world)
    world.run(str(installed.pre_commit_bin / "pre-commit"), "install", "-f",
              "-t", "post-commit", "-t", "post-checkout", "-t", "post-rewrite")
    sha, _ = world.commit("unrecorded.txt")
    assert world.ours(sha) == 0
    assert "hooks-not-run" in world.doctor_codes()
    world.ledger("install")
    once_each(world, "installed again")


def install_husky_4(world: World) -> None:
    """What npm install does with husky 4 in a project: its install script writes every
    hook into .git/hooks."""
    try:
        modules = pinned.husky_4_modules()
    except pinned.ManagerMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    shutil.copytree(modules, world.repo / "node_modules", symlinks=True)
    # What npm tells an install script: where it ran, and (for husky's which-pm-runs) who;
    # nothing else, so that no CI variable of this machine makes husky skip the install.
    env = {"PATH": world.env["PATH"], "HOME": world.env.get("HOME", ""),
           "INIT_CWD": str(world.repo),
           "npm_config_user_agent": "npm/10.0.0 node/v20.0.0 linux x64"}
    done = subprocess.run(["node", "husky", "install"], cwd=world.repo / "node_modules" / "husky",
                          env=env, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done
    assert "# husky" in (world.repo / ".git" / "hooks" / "post-commit").read_text()


def test_husky_4_is_refused_until_its_manual_route_then_recognised(
        world: World, installed: pinned.Managers) -> None:
    """husky 4 runs each hook's command from package.json: install refuses (nothing
    changed) and names the route; once the user has taken it, install and install --agent
    find ours running (never a second copy), and doctor follows husky 4's dispatch."""
    package = world.repo / "package.json"
    package.write_text(json.dumps({"name": "p", "private": True, "husky": {"hooks": {
        "post-commit": f"echo post-commit >> {world.log}"}}}))
    install_husky_4(world)
    once_each(world, "husky 4 set up", ours=0)
    before = snapshot(world.repo)
    refused = world.ledger("install", ok=False)
    assert refused.returncode == 1
    assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    assert snapshot(world.repo) == before
    package.write_text(json.dumps({"name": "p", "private": True, "husky": {"hooks": {
        "post-commit": f"echo post-commit >> {world.log}; git-ledger hook post-commit",
        "post-checkout": "git-ledger hook post-checkout $HUSKY_GIT_PARAMS",
        "post-rewrite": "git-ledger hook post-rewrite $HUSKY_GIT_PARAMS"}}}))
    data = json.loads(world.ledger("install", "--json").stdout)["git_hooks"]
    assert data["manager"] == "husky 4"
    assert [(c["action"], Path(c["path"]).name) for c in data["changes"][:3]] == [
        ("runs-already", "package.json")] * 3, data
    once_each(world, "husky 4 by hand")
    out = world.ledger("install", "--agent", "claude").stdout
    assert "git hooks: ours run already; left alone" in out, out
    once_each(world, "agent installed beside husky 4")


def test_uninstall_beside_lefthook_leaves_its_hooks_as_they_were(
        world: World, installed: pinned.Managers) -> None:
    """lefthook wrote its scripts for post-checkout and post-rewrite only because our
    commands named them, and its install never removes one: uninstall takes those out, so
    a checkout does not go on starting lefthook (and printing its banner) for nothing."""
    Lefthook(installed).setup(world)
    hooks = world.repo / ".git" / "hooks"
    before = sorted(p.name for p in hooks.iterdir() if p.suffix != ".sample")
    assert before == ["post-commit"]
    world.ledger("install")
    world.ledger("uninstall")
    assert sorted(p.name for p in hooks.iterdir() if p.suffix != ".sample") == before
    done = world.run("git", "switch", "-q", "-c", "after")
    assert "lefthook" not in done.stdout + done.stderr
    once_each(world, "after uninstall", ours=0)
