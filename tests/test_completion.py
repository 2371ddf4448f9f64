"""Shell completion, through the real shells: bash with bash-completion and git's own
completion script (``git ledger <TAB>`` reaches ``_git_ledger``), zsh on a
pseudo-terminal (its ``_git`` calls ``_git-ledger``), and fish's ``complete -C``.  What
each offers is asserted, after ``install --completion`` put the script where the shell
finds it by itself."""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from gitledger.integrations.completion import target
from gitledger.storage.layout import PROJECT_REF
from tests.builders import entry_files, make_entry, put, store_at
from tests.conftest import Run

GIT_BASH_COMPLETION = Path("/usr/share/bash-completion/completions/git")
BASH_COMPLETION = Path("/usr/share/bash-completion/bash_completion")


def _need(what: str, present: bool) -> None:
    if not present:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is not installed (.ci/run installs it)")
        pytest.skip(f"{what} is not installed")


@pytest.fixture
def ids(ledger: Run) -> dict[str, str]:
    """A ledger with a decision and a fact, and a project decision."""
    made = {}
    for name, args in (("decision", ["decide", "Use PKCE", "--over", "implicit flow"]),
                       ("fact", ["verify", "tokens expire", "--by", "grep TTL"]),
                       ("project", ["decide", "--project", "Rotate refresh tokens"])):
        made[name] = json.loads(ledger(*args, "--json").stdout)["entry"]["id"]
    return made


def _install(ledger: Run, shell: str) -> Path:
    result = ledger("install", "--completion", shell)
    assert result.exit_code == 0, result.output
    path = target(shell, os.environ)
    assert f"added: {shell} completion {path}" in result.output
    assert ledger("install", "--completion", shell).output.startswith("unchanged:")
    return path


def bash_offers(repo: Path, env: dict[str, str], *words: str) -> list[str]:
    """COMPREPLY after git's own completion of ``words`` (the last one being completed),
    in a bash that loaded only bash-completion: git's script and ours load on demand."""
    line = " ".join(words)
    script = (f". {BASH_COMPLETION}\n"
              f"_completion_loader {words[0]}\n"
              f"COMP_WORDS=({' '.join(repr(w) for w in words)})\n"
              f"COMP_CWORD={len(words) - 1}\nCOMP_LINE={line!r}\nCOMP_POINT={len(line)}\n"
              'COMPREPLY=()\n'
              f'{"__git_wrap__git_main" if words[0] == "git" else "__git_ledger_direct"}\n'
              'printf "%s\\n" "${COMPREPLY[@]}"\n')
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.split("\n") if line]


def test_bash_completes_git_ledger_through_gits_completion(
        ledger: Run, repo: Path, cli_env: dict[str, str], ids: dict[str, str]) -> None:
    _need("bash-completion and git's completion script",
          BASH_COMPLETION.exists() and GIT_BASH_COMPLETION.exists())
    _install(ledger, "bash")
    assert "show " in bash_offers(repo, cli_env, "git", "ledger", "sh")
    commands = bash_offers(repo, cli_env, "git", "ledger", "")
    assert {"decide ", "check ", "config ", "completion "} <= set(commands)
    assert "complete " not in commands  # the scripts' plumbing is not offered
    assert sorted(bash_offers(repo, cli_env, "git", "ledger", "show", "")) == sorted(
        f"{i} " for i in ids.values())
    assert bash_offers(repo, cli_env, "git", "ledger", "accept", ids["project"][:4]) == [
        f"{ids['project']} "]
    assert bash_offers(repo, cli_env, "git", "ledger", "decide", "--ov") == ["--over "]
    assert bash_offers(repo, cli_env, "git", "ledger", "show", "--ledger", "pro") == [
        "project "]
    assert bash_offers(repo, cli_env, "git-ledger", "dr") == ["drift", "drop"]


def test_zsh_completes_git_ledger_on_a_terminal(
        ledger: Run, repo: Path, cli_env: dict[str, str], ids: dict[str, str],
        hermetic: Path) -> None:
    _need("zsh", shutil.which("zsh") is not None)
    path = _install(ledger, "zsh")
    (hermetic / ".zshrc").write_text(f"fpath=({path.parent} $fpath)\n"
                                     "autoload -Uz compinit && compinit -u -D\n"
                                     "PROMPT='%% '\n")
    screen = _zsh(repo, {**cli_env, "ZDOTDIR": str(hermetic), "TERM": "xterm"}, [
        ("git ledger sh\t", "git ledger show"),
        (f"\x15git ledger show {ids['decision'][:4]}\t", f"git ledger show {ids['decision']}"),
        ("\x15git-ledger decide --ov\t", "git-ledger decide --over")])
    assert screen == [True, True, True]


def _zsh(cwd: Path, env: dict[str, str], keys: list[tuple[str, str]],
         wait: float = 30.0) -> list[bool]:
    """An interactive zsh on a pseudo-terminal: type each key sequence and tell whether
    the screen then shows what was expected (each read bounded by ``wait``)."""
    master, slave = os.openpty()
    proc = subprocess.Popen(["zsh", "-i"], cwd=cwd, env=env, stdin=slave, stdout=slave,
                            stderr=slave, start_new_session=True)
    os.close(slave)

    # poll, not select: a long test worker may hold descriptors past select's 1024.
    watch = select.poll()
    watch.register(master, select.POLLIN)

    def shows(expected: str) -> bool:
        out = b""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if watch.poll(100):
                out += os.read(master, 65536)
                if expected.encode() in out:
                    return True
        return False

    try:
        assert shows("% "), "zsh printed no prompt"
        found = []
        for key, expected in keys:
            os.write(master, key.encode())
            found.append(shows(expected))
        return found
    finally:
        proc.kill()
        proc.wait(timeout=10)
        os.close(master)


def fish_offers(repo: Path, env: dict[str, str], line: str) -> list[str]:
    done = subprocess.run(["fish", "-c", f"complete -C {line!r}"], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_fish_completes_git_ledger_and_git_ledger_ids(
        ledger: Run, repo: Path, cli_env: dict[str, str], ids: dict[str, str]) -> None:
    _need("fish", shutil.which("fish") is not None)
    _install(ledger, "fish")
    assert fish_offers(repo, cli_env, "git ledger sh")[0].startswith("show\tShow the current")
    offered = fish_offers(repo, cli_env, "git ledger show ")
    assert f"{ids['decision']}\taccepted: Use PKCE" in offered
    assert f"{ids['fact']}\tverified: tokens expire" in offered
    assert fish_offers(repo, cli_env, "git-ledger decide --ov") == [
        "--over\tA rejected alternative (repeatable)."]
    assert any(line.startswith("checkout") for line in fish_offers(repo, cli_env, "git ch"))


def test_ids_are_checked_and_their_text_made_printable(
        ledger: Run, repo: Path, ids: dict[str, str]) -> None:
    """A teammate's blob can hold any text, and a file named like no id: neither reaches
    the terminal as it is (ids are checked, text made printable on one line)."""
    for number, text in enumerate(["Looks fine\u200b really", "ESC \x1b]0;owned\x07 here"]):
        put(store_at(repo), PROJECT_REF,
            entry_files(make_entry(f"d-evevevev{number}e", text=text)))
    put(store_at(repo), PROJECT_REF, {"entries/x/y/d-\u202ebad.toml": next(iter(entry_files(
        make_entry("d-xyzxyzxyzx")).values()))})
    out = ledger("complete", "--shell", "fish", "--", "show", "").stdout
    assert "plain\td-evevevev0e\taccepted: Looks fine<U+200B> really\n" in out
    assert "\x1b" not in out
    assert "\u200b" not in out
    assert "\u202e" not in out
    assert "bad" not in out


def test_completion_prints_each_script(ledger: Run) -> None:
    assert "_git_ledger ()" in ledger("completion", "bash").stdout
    assert ledger("completion", "zsh").stdout.startswith("#compdef git-ledger")
    assert "complete -c git-ledger" in ledger("completion", "fish").stdout
    bad = ledger("completion", "tcsh")
    assert bad.exit_code == 2
    assert ledger("install", "--completion", "tcsh").exit_code == 2
