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
        done = self.ledger("doctor", "--json", ok=False)
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
    done = world.run("git", "switch", "-q", "-c", branch)
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
        world.run(str(self.managers.npm_bin / "husky"), "init")
        (world.repo / ".husky" / "pre-commit").unlink()  # husky init's "npm test"
        (world.repo / ".husky" / "post-commit").write_text(
            f"echo post-commit >> {world.log}\n")

    def resync(self, world: World) -> None:
        world.run(str(self.managers.npm_bin / "husky"))  # what npm's prepare runs

    def uninstall(self, world: World) -> None:
        # husky 9 has no uninstall command: its documentation says to unset the setting.
        world.run("git", "config", "--unset", "core.hooksPath")
        shutil.rmtree(world.repo / ".husky" / "_")

    def user_files(self, world: World) -> dict[str, str]:
        return {p.name: p.read_text() for p in sorted((world.repo / ".husky").glob("*"))
                if p.is_file()}

    def expected(self, world: World) -> dict[str, str]:
        return {"post-commit": f"echo post-commit >> {world.log}\n"}


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
        (world.repo / ".pre-commit-config.yaml").write_text(textwrap.dedent(f"""\
            repos:
            -   repo: local
                hooks:
                -   id: mine
                    name: mine
                    entry: sh -c 'echo post-commit >> {world.log}'
                    language: system
                    stages: [post-commit]
                    always_run: true
                    pass_filenames: false
            """))
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


MANAGERS = {m.name: m for m in (Husky, Lefthook, PreCommit)}


@pytest.mark.parametrize("uninstall_order", ["ledger-first", "manager-first"])
@pytest.mark.parametrize("install_order", ["manager-first", "ledger-first"])
@pytest.mark.parametrize("kind", sorted(MANAGERS))
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
