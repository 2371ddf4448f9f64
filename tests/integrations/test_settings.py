"""``git ledger config``: gitledger's settings listed, read and set in git's own config."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.integrations.settings import SETTINGS
from gitledger.storage.repo import Repo
from gitledger.storage.signatures import verification_on
from tests.conftest import Run, git


def test_config_lists_every_setting_with_its_default_and_what_it_does(ledger: Run) -> None:
    result = ledger("config")
    assert result.exit_code == 0, result.output
    for item in SETTINGS:
        assert item.key in result.output
        assert f"(default: {item.default})" in result.output
        assert item.help in result.output
    data = json.loads(ledger("config", "--json").stdout)
    assert [s["key"] for s in data["settings"]] == [s.key for s in SETTINGS]
    assert data["settings"][0] == {
        "key": "ledger.verifySignatures", "value": None, "scope": None, "effective": "false",
        "default": "false", "settable": True, "help": SETTINGS[0].help}


def test_config_sets_the_local_config_by_default_and_the_product_reads_it(
        ledger: Run, repo: Path) -> None:
    assert not verification_on(Repo(repo))
    result = ledger("config", "ledger.verifysignatures", "true")
    assert result.exit_code == 0, result.output
    assert "set ledger.verifySignatures in the local config; now true (from local)" in \
        result.output
    assert git(repo, "config", "--local", "--get", "ledger.verifySignatures").strip() == "true"
    assert verification_on(Repo(repo))
    assert ledger("config", "ledger.verifySignatures").stdout == "true\n"
    listed = ledger("config").stdout
    assert "ledger.verifySignatures  true  (local)" in listed
    assert ledger("config", "--unset", "ledger.verifySignatures").exit_code == 0
    assert git(repo, "config", "--get", "ledger.verifySignatures", check=False) == ""
    assert ledger("config", "ledger.verifySignatures").stdout == "false\n"


def test_config_global_writes_the_users_git_config(ledger: Run, hermetic: Path) -> None:
    assert ledger("config", "--global", "color.ledger", "never").exit_code == 0
    assert "ledger = never" in (hermetic / ".gitconfig").read_text()
    assert ledger("config", "color.ledger").stdout == "never\n"


def test_color_ledger_falls_back_to_color_ui_and_pager_ledger_has_no_value(
        ledger: Run, repo: Path) -> None:
    assert ledger("config", "color.ledger").stdout == "auto\n"
    git(repo, "config", "color.ui", "always")
    assert ledger("config", "color.ledger").stdout == "always\n"
    unset = ledger("config", "pager.ledger")
    assert (unset.exit_code, unset.stdout) == (1, "")  # as git config --get


def test_config_refuses_bad_input_and_writes_nothing(ledger: Run, repo: Path,
                                                     runner: CliRunner) -> None:
    before = (repo / ".git" / "config").read_text()
    for args, says in (
            (["ledger.verifySignatures", "maybe"], "is true or false, not 'maybe'"),
            (["color.ledger", "sometimes"], "auto, always or never"),
            (["ledger.nope", "1"], "ledger.nope is not a setting of git ledger"),
            (["ledger.setRewriteRef", "true"], "written by git ledger install"),
            (["--unset", "color.ledger", "never"], "--unset takes no VALUE"),
            (["--global"], "give the KEY")):
        result = ledger("config", *args)
        assert result.exit_code == 1, (args, result.output)
        assert says in result.stderr
        assert result.stderr.count("\n") == 1
    assert (repo / ".git" / "config").read_text() == before
    outside = runner.invoke(cli, ["-C", str(repo.parent), "config", "color.ledger", "never"])
    assert outside.exit_code == 1
    assert "not in a git repository" in outside.stderr
