"""The documentation cannot drift from the code.

docs/cli.md must document every command, every option and every JSON key the commands print;
docs/format.md every trailer, event and file name the code writes; the committed man page must
be exactly what ``python -m gitledger.manpage`` renders today; every doc names the one format
version, ``gitledger.FORMAT_VERSION``; docs/architecture.md names every package and module.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gitledger import FORMAT_VERSION
from gitledger.cli import cli
from gitledger.core.credentials import TOKEN_PATTERNS
from gitledger.core.ids import KIND_LETTERS
from gitledger.core.model import KIND_FIELDS, STATUSES, Entry, Focus, LedgerMeta
from gitledger.core.text import LINE_LIMIT, TEXT_LIMIT
from gitledger.interchange import formats
from gitledger.ledger.reader import SESSION_ENV
from gitledger.manpage import render
from gitledger.storage import layout
from tests.conftest import Run

ROOT = Path(__file__).resolve().parent.parent
CLI_MD = ROOT / "docs" / "cli.md"
FORMAT_MD = ROOT / "docs" / "format.md"
MAN_PAGE = ROOT / "man" / "git-ledger.1"
PACKAGE = ROOT / "gitledger"
REGENERATE = "python -m gitledger.manpage man/git-ledger.1"

COMMANDS = list(cli.every_command())


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _section(doc: str, heading: str) -> str:
    """The body under ``heading`` up to the next heading of the same or a higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    match = re.search(rf"^{re.escape(heading)}[ \t]*\n(.*?)(?=^#{{1,{level}}} |\Z)", doc,
                      re.MULTILINE | re.DOTALL)
    assert match, f"docs/cli.md has no heading {heading!r}"
    return match.group(1)


def _mentions(text: str, option: str) -> bool:
    """Whether ``option`` (``--by``, ``-C``) appears as a whole option name in ``text``."""
    return re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", text) is not None


def _option_names(command: Any) -> list[str]:
    names: list[str] = []
    for param in command.params:
        if param.param_type_name != "option":
            continue
        names.extend([*param.opts, *param.secondary_opts])
    return names


# -- docs/cli.md: commands and options ---------------------------------------------------


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_a_heading_in_cli_md(name: str) -> None:
    assert re.search(rf"^### `git ledger {re.escape(name)}`$", _read(CLI_MD), re.MULTILINE), (
        f"docs/cli.md needs a '### `git ledger {name}`' section"
    )


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help(name: str) -> None:
    command = cli.every_command()[name]
    assert command.help, f"{name} has no docstring"
    assert command.help.strip(), f"{name} has an empty docstring"
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    first_paragraph = command.help.strip().split("\n\n", 1)[0]
    assert " ".join(first_paragraph.split()) in " ".join(result.output.split())


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_is_documented_in_its_section(name: str) -> None:
    section = _section(_read(CLI_MD), f"### `git ledger {name}`")
    missing = [opt for opt in _option_names(cli.every_command()[name])
               if opt not in {"-h", "--help"} and not _mentions(section, opt)]
    assert not missing, f"docs/cli.md, git ledger {name}: undocumented {missing}"


def test_every_export_and_import_format_is_documented() -> None:
    """The format registry is the list: every export format has its row in export's
    options table, and each synopsis names exactly the registry's formats."""
    export = _section(_read(CLI_MD), "### `git ledger export`")
    missing = [f.name for f in formats.EXPORTS if f"| `--format {f.name}` |" not in export]
    assert not missing, f"docs/cli.md, git ledger export: no row for {missing}"
    synopsis = re.findall(r"^git ledger export --format (\S+)", export, re.M)
    assert sorted("|".join(synopsis).split("|")) == sorted(formats.EXPORT_FORMATS)
    imports = _section(_read(CLI_MD), "### `git ledger import`")
    assert f"[--format {'|'.join(formats.IMPORT_FORMATS)}]" in imports


def test_global_options_are_documented() -> None:
    section = _section(_read(CLI_MD), "## Global options")
    missing = [opt for opt in _option_names(cli) if not _mentions(section, opt)]
    assert not missing, f"docs/cli.md, Global options: undocumented {missing}"


def test_text_limits_and_session_variable_are_documented() -> None:
    doc = _read(CLI_MD)
    assert f"{LINE_LIMIT:,} characters" in doc
    assert f"{TEXT_LIMIT:,} characters" in doc
    assert SESSION_ENV in doc


def test_every_credential_pattern_is_named_in_cli_md() -> None:
    doc = " ".join(_read(CLI_MD).lower().split())
    missing = [name for name, _ in TOKEN_PATTERNS if name.lower() not in doc]
    assert not missing, f"docs/cli.md does not name {missing}"


# -- docs/cli.md: the JSON schemas -------------------------------------------------------


def _keys(value: Any) -> Iterator[str]:
    """Every object key in a JSON document, except the free-form keys of ``trailers``."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield key
            if key != "trailers":
                yield from _keys(child)
    elif isinstance(value, list):
        for child in value:
            yield from _keys(child)


def _json(result: Any) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_every_json_key_is_documented(ledger: Run) -> None:
    documents = [
        _json(ledger("task", "Ship it", "--next", "Sketch it", "--json")),
        _json(ledger("open", "SSO route?", "--ask-user", "--json")),
        _json(ledger("decide", "Use PKCE", "--over", "implicit", "--because", "no secret",
                     "--scope", "auth", "--evidence", "test:pkce", "--json")),
        _json(ledger("verify", "It rejects", "--by", "pytest -k verifier", "--json")),
        _json(ledger("drop", "localStorage", "--why", "XSS", "--json")),
        _json(ledger("plan", "docs/plan.md", "--note", "the plan", "--json")),
        _json(ledger("decide", "Tokens stay server-side", "--project", "--json")),
    ]
    question = documents[1]["id"]
    documents += [
        _json(ledger("resolve", question, "--as", "decided", "--because", "audit", "--json")),
        _json(ledger("edit", question, "Own route", "--json")),
        _json(ledger("show", "--json")),
        _json(ledger("show", question, "--json")),
        _json(ledger("log", "--json")),
        _json(ledger("list", "--json")),
        _json(ledger.runner.invoke(cli, ["tour", "--no-keep", "--json"])),
    ]
    doc = _read(CLI_MD)
    keys = {key for document in documents for key in _keys(document)}
    # A key is documented as `key`, or as `parent.key` in a nested object's table.
    missing = sorted(key for key in keys
                     if not re.search(rf"`(?:\w+\.)?{re.escape(key)}`", doc))
    assert not missing, f"docs/cli.md, JSON: undocumented keys {missing}"


# -- docs/format.md ----------------------------------------------------------------------


def _sources() -> str:
    return "\n".join(_read(path) for path in sorted(PACKAGE.rglob("*.py")))


def test_format_md_names_every_trailer_the_code_writes() -> None:
    trailers = set(re.findall(r"\"(Ledger-[A-Z][A-Za-z]*)\"", _sources()))
    assert "Ledger-Event" in trailers
    doc = _read(FORMAT_MD)
    missing = sorted(t for t in trailers if f"`{t}`" not in doc)
    assert not missing, f"docs/format.md does not document {missing}"


def test_format_md_names_every_event_the_code_writes() -> None:
    events = set(re.findall(r"\(\"Ledger-Event\", \"([a-z]+)\"\)", _sources()))
    assert {"start", "add"} <= events
    section = _section(_read(FORMAT_MD), "## 7. The commit message")
    missing = sorted(e for e in events if f"`{e}`" not in section)
    assert not missing, f"docs/format.md, commit message: undocumented events {missing}"


def test_format_md_names_every_storage_name() -> None:
    names = {name: value for name, value in vars(layout).items()
             if name.isupper() and isinstance(value, str)}
    assert {"PROJECT_REF", "POINTER_FILE", "META_PATH", "FOCUS_PATH", "ENTRIES_DIR"} <= set(names)
    doc = _read(FORMAT_MD)
    missing = sorted(f"{name} = {value!r}" for name, value in names.items() if value not in doc)
    assert not missing, f"docs/format.md does not mention {missing}"


def test_format_md_documents_every_toml_key_kind_and_status() -> None:
    doc = _read(FORMAT_MD)
    keys = {f.name for record in (Entry, LedgerMeta, Focus) for f in dataclasses.fields(record)}
    keys -= {"extra"}
    keys |= {value for values in KIND_FIELDS.values() for value in values}
    words = keys | set(KIND_FIELDS) | set(STATUSES)
    missing = sorted(word for word in words if f"`{word}`" not in doc)
    flat = " ".join(doc.split())
    missing += [f"`{letter}` {kind}" for kind, letter in KIND_LETTERS.items()
                if f"`{letter}` {kind}" not in flat]
    assert not missing, f"docs/format.md does not document {missing}"


# -- the man page ------------------------------------------------------------------------


def test_man_page_is_up_to_date() -> None:
    assert _read(MAN_PAGE) == render(), f"man/git-ledger.1 is stale: run {REGENERATE}"


def test_man_page_documents_every_command() -> None:
    page = _read(MAN_PAGE)
    missing = [name for name in COMMANDS if f'.SS "git ledger {name} ' not in page]
    assert not missing, f"man/git-ledger.1 has no section for {missing}"


def test_man_page_renders_without_warnings(tmp_path: Path) -> None:
    groff = shutil.which("groff")
    if groff is None:
        pytest.skip("groff is not installed")
    done = subprocess.run([groff, "-man", "-Tutf8", "-ww", "-z", str(MAN_PAGE)],
                          capture_output=True, text=True, check=False, cwd=tmp_path)
    assert done.returncode == 0
    assert done.stderr == ""


# -- decisions and check -----------------------------------------------------------------


def _table_rows(section: str) -> list[list[str]]:
    """The cells of every Markdown table row in ``section`` (header and rule rows included)."""
    return [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in section.splitlines() if line.lstrip().startswith("|")]


def test_every_decision_and_check_json_key_is_documented(
    runner: CliRunner, repo_with_commit: Path
) -> None:
    ledger = Run(runner, repo_with_commit)
    old = _json(ledger("decide", "Use PKCE", "--over", "implicit flow", "--scope", "auth",
                       "--json"))["id"]
    new = _json(ledger("decide", "Use a BFF", "--over", "cookie sessions", "--supersedes", old,
                       "--proposed", "--json"))
    documents = [
        new,
        _json(ledger("accept", new["id"], "--json")),
        _json(ledger("implement", new["id"], "--json")),
        _json(ledger("evidence", new["id"], "--add", "test:bff", "--json")),
        _json(ledger("deploy", new["id"], "--env", "production", "--sha", "HEAD", "--url",
                     "https://ci.example.com/runs/1", "--json")),
        _json(ledger("show", old, "--json")),
        _json(ledger("show", new["id"], "--json")),
    ]
    doomed = _json(ledger("decide", "Use sessions", "--proposed", "--json"))["id"]
    documents.append(_json(ledger("reject", doomed, "--why", "no", "--json")))
    revived = ledger("decide", "cookie sessions", "--scope", "auth/other", "--json")
    assert revived.exit_code == 0, revived.output
    documents.append(json.loads(revived.stdout))
    assert documents[-1]["warnings"], "decide of a rejected alternative must warn"
    checked = ledger("check", "--json")
    assert checked.exit_code == 1, checked.output
    report = json.loads(checked.stdout)
    assert report["findings"], "the planted scope/alternative mistakes must be found"
    documents.append(report)
    assert set(documents[6]["chain"]) == {"earlier", "later", "statuses"}
    doc = _read(CLI_MD)
    keys = {key for document in documents for key in _keys(document)}
    missing = sorted(key for key in keys
                     if not re.search(rf"`(?:\w+\.)?{re.escape(key)}`", doc))
    assert not missing, f"docs/cli.md, JSON: undocumented keys {missing}"


def test_check_rules_table_matches_the_code() -> None:
    from gitledger.audit.check import RULES

    section = _section(_read(CLI_MD), "### `git ledger check`")
    documented: dict[str, str] = {}
    for cells in _table_rows(section):
        rule = re.fullmatch(r"`([a-z-]+)`", cells[0])
        if rule and len(cells) >= 3 and cells[1] in ("error", "warning"):
            assert rule.group(1) not in documented, f"rule {rule.group(1)} listed twice"
            documented[rule.group(1)] = cells[1]
    expected = {rule: severity for rule, (severity, _) in RULES.items()}
    assert documented == expected, "docs/cli.md's check rules table differs from check.RULES"


def test_state_machine_table_matches_transitions() -> None:
    from gitledger.ledger.rules import TRANSITIONS

    section = _section(_read(CLI_MD), "### Decision status")
    documented: set[tuple[str, str]] = set()
    for cells in _table_rows(section):
        if len(cells) < 3 or "new" in cells[0]:
            continue
        targets = re.findall(r"`([a-z]+)`", cells[1])
        for source in re.findall(r"`([a-z]+)`", cells[0]):
            documented.update((source, target) for target in targets)
    expected = {(source, target) for source, targets in TRANSITIONS.items()
                for target in targets}
    assert documented == expected, (
        f"docs/cli.md state machine: missing {sorted(expected - documented)}, "
        f"extra {sorted(documented - expected)}"
    )


def test_format_md_specifies_the_keep_alive_chain() -> None:
    from gitledger.storage.layout import KEEP_REF, KEPT_DIR

    section = _section(_read(FORMAT_MD), "## The keep-alive chain")
    assert f"`{KEEP_REF}`" in section
    assert f"`{KEPT_DIR}/<aa>/<sha>`" in section
    assert "`Ledger-Keep: <sha>`" in section
    assert "first parent" in section.lower()


def test_check_section_links_the_stop_hook_docs() -> None:
    section = _section(_read(CLI_MD), "### `git ledger check`")
    assert "--hook stop" in section
    assert "](hooks.md#the-stop-hook)" in section
    assert "## The Stop hook" in _read(ROOT / "docs" / "hooks.md")


# -- the git hooks we ship ---------------------------------------------------------------


def test_shipped_git_hooks_are_the_templates() -> None:
    import os

    from gitledger.integrations.git_hooks import GIT_HOOKS, MARK, template

    folder = ROOT / "hooks" / "git"
    assert sorted(p.name for p in folder.iterdir()) == sorted(GIT_HOOKS)
    for name in GIT_HOOKS:
        path = folder / name
        assert path.read_bytes() == template(name).encode("utf-8"), (
            f"hooks/git/{name} differs from gitledger.integrations.git_hooks.template({name!r}): "
            "regenerate it")
        assert os.access(path, os.X_OK), f"hooks/git/{name} is not executable"
        assert path.read_bytes().startswith(b"#!/bin/sh\n")
        assert MARK.encode() in path.read_bytes()


def test_shipped_git_hooks_are_valid_sh() -> None:
    from gitledger.integrations.git_hooks import GIT_HOOKS

    for name in GIT_HOOKS:
        done = subprocess.run(["sh", "-n", str(ROOT / "hooks" / "git" / name)],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"hooks/git/{name}: {done.stderr}"


def _pre_commit_hooks() -> list[dict[str, str]]:
    """``.pre-commit-hooks.yaml`` read as its simple block list (no YAML library needed)."""
    hooks: list[dict[str, str]] = []
    for line in _read(ROOT / ".pre-commit-hooks.yaml").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = re.fullmatch(r"(- |  )([a-z_]+): (.*)", line)
        assert item, f".pre-commit-hooks.yaml: unexpected line {line!r}"
        if item.group(1) == "- ":
            hooks.append({})
        hooks[-1][item.group(2)] = item.group(3)
    return hooks


def test_pre_commit_hooks_run_our_git_events() -> None:
    from gitledger.core.names import GIT_EVENTS

    hooks = _pre_commit_hooks()
    stages = {}
    for hook in hooks:
        assert {"id", "name", "entry", "language", "stages"} <= set(hook), hook
        assert hook["language"] == "python"
        assert hook["always_run"] == "true", "pre-commit skips a post-* hook without always_run"
        assert hook["pass_filenames"] == "false"
        # pre-commit hides a passing hook's output otherwise: post-commit's errors too.
        assert hook.get("verbose") == "true", hook["id"]
        stage = re.fullmatch(r"\[([a-z-]+)\]", hook["stages"])
        assert stage, hook["stages"]
        assert hook["entry"] == f"git-ledger hook {stage.group(1)}"
        stages[stage.group(1)] = hook["id"]
    # post-rewrite is left out on purpose: pre-commit does not pass git's rewritten list.
    assert set(stages) == set(GIT_EVENTS) - {"post-rewrite"}
    section = _section(_read(ROOT / "docs" / "hooks.md"), "### The pre-commit framework")
    for hook_id in stages.values():
        assert f"`{hook_id}`" in section
    assert "PRE_COMMIT_REWRITE_COMMAND" in section


def test_hooks_md_documents_each_git_hook_and_the_fast_path() -> None:
    from gitledger.integrations.git_hooks import CHAINED_SUFFIX, GIT_HOOKS, template

    doc = _read(ROOT / "docs" / "hooks.md")
    section = _section(doc, "## Git hooks")
    for name in GIT_HOOKS:
        assert f"### {name}\n" in section
    # Every git command the post-commit fast path runs is named in the docs.
    for command in re.findall(r"\bgit (rev-parse|cat-file|commit-tree|update-ref|notes)\b",
                              template("post-commit")):
        assert f"git {command}" in section, f"hooks.md does not name `git {command}`"
    assert CHAINED_SUFFIX in section
    assert "core.hooksPath" in section
    assert "notes.rewriteRef" in section
    assert "cat_sort_uniq" in section


# -- the lifecycle: carry, archive, archives, prune, adopt, doctor -----------------------


def test_doctor_codes_table_matches_the_code() -> None:
    from gitledger.audit.doctor import CODES, FIXABLE

    section = _section(_read(CLI_MD), "### `git ledger doctor`")
    documented: dict[str, tuple[str, bool]] = {}
    for cells in _table_rows(section):
        code = re.fullmatch(r"`([a-z-]+)`", cells[0])
        if code and len(cells) >= 4 and cells[1] in ("error", "warning"):
            assert code.group(1) not in documented, f"code {code.group(1)} listed twice"
            assert cells[2] in ("yes", "no"), f"doctor code {code.group(1)}: --fix is {cells[2]}"
            documented[code.group(1)] = (cells[1], cells[2] == "yes")
    expected = {code: (severity, code in FIXABLE) for code, (severity, _) in CODES.items()}
    assert documented == expected, "docs/cli.md's doctor codes table differs from doctor.CODES"


def test_every_lifecycle_json_key_is_documented(runner: CliRunner,
                                                repo_with_commit: Path) -> None:
    from tests.conftest import git

    ledger = Run(runner, repo_with_commit)
    _json(ledger("task", "Ship it", "--json"))
    verified = _json(ledger("verify", "It works", "--by", "pytest", "--json"))["id"]
    _json(ledger("decide", "Use PKCE", "--json"))
    _json(ledger("open", "Which library?", "--json"))
    documents = [_json(ledger("carry", verified, "--json")),
                 _json(ledger("show", verified, "--project", "--json"))]
    assert documents[-1]["entry"]["carried_from"], "a carried entry names where it came from"
    documents.append(_json(ledger("archive", "--dry-run", "--json")))
    archived = _json(ledger("archive", "--json"))
    documents.append(archived)
    name = archived["archive"].rsplit("/", 1)[-1]
    documents += [_json(ledger("list", "--archived", "--json")),
                  _json(ledger("show", "--archive", name, "--json")),
                  _json(ledger("prune", "--archived-before", "2000-01-01", "--dry-run",
                               "--json"))]
    other = repo_with_commit.parent / "other"
    git(repo_with_commit, "worktree", "add", "-q", str(other))
    assert Run(runner, other)("task", "Elsewhere").exit_code == 0
    git(repo_with_commit, "worktree", "remove", str(other))
    listed = _json(ledger("list", "--json"))
    assert any(item["orphaned"] for item in listed["ledgers"])
    documents.append(listed)
    doctor = _json(ledger("doctor", "--json"))
    assert [f["code"] for f in doctor["findings"]] == ["orphan"]
    documents.append(doctor)
    orphan = next(item["id"] for item in listed["ledgers"] if item["orphaned"])
    documents.append(_json(ledger("adopt", orphan, "--json")))
    doc = _read(CLI_MD)
    keys = {key for document in documents for key in _keys(document)}
    missing = sorted(key for key in keys
                     if not re.search(rf"`(?:\w+\.)?{re.escape(key)}`", doc))
    assert not missing, f"docs/cli.md, JSON: undocumented keys {missing}"


def _shape(text: str) -> str:
    """Output with its random parts (ledger and entry ids, hashes, counts) replaced."""
    text = re.sub(r"\b\d+ entr(?:y|ies)\b", "<n> entries", text)
    text = re.sub(r"(?<=: )[a-z]-[0-9a-hjkmnp-tv-z]{10}(?:, [a-z]-[0-9a-hjkmnp-tv-z]{10})*",
                  "<ids>", text)
    # One placeholder for both: an id drawn from hex digits alone (1 in 1,024) is a hash.
    return re.sub(r"\b(?:[0-9a-f]{10,40}|[0-9a-hjkmnp-tv-z]{10})\b", "<id>", text)


def test_an_id_of_hex_digits_alone_shapes_as_any_other() -> None:
    assert _shape("as refs/ledger/archive/0123abcd45") == \
        _shape("as refs/ledger/archive/0123xyzw45")


def test_archive_output_in_cli_md_is_the_real_output(runner: CliRunner,
                                                     repo_with_commit: Path) -> None:
    ledger = Run(runner, repo_with_commit)
    assert ledger("decide", "Use PKCE").exit_code == 0
    assert ledger("open", "Which library?").exit_code == 0
    section = _shape(_section(_read(CLI_MD), "### `git ledger archive`"))
    for args in (("archive", "--dry-run"), ("archive",)):
        done = ledger(*args)
        assert done.exit_code == 0, done.output
        for line in done.stdout.splitlines():
            assert _shape(line) in section, f"docs/cli.md, archive: no line like {line!r}"
    assert "git show refs/ledger/archive/<ledger-id>" in _read(CLI_MD)  # it exists in git


def test_format_md_specifies_carry_and_archive() -> None:
    section = " ".join(_section(_read(FORMAT_MD), "## Carrying and archiving").split())
    for phrase in ("before or after", "never between", "`carried_from`",
                   "`Ledger-Carried-From: <session ref>`",
                   "`Ledger-Carried-To: refs/ledger/project`", "prune --archived-before",
                   "age"):
        assert phrase in section, f"docs/format.md, Carrying and archiving: no {phrase!r}"
    assert section.index("Arrive") < section.index("Leave"), "the project step comes first"
    assert section.index("**Record.**") < section.index("**Remove.**"), \
        "the archive is recorded first"


def _benchmark_suite() -> list[str]:
    """The benchmark names ``benchmarks/run`` runs, read from run_all.py's SUITE."""
    source = (ROOT / "benchmarks" / "run_all.py").read_text(encoding="utf-8")
    suite = source[source.index("SUITE"):source.index("\n)\n")]
    return re.findall(r'^\s*\("(\w+)",', suite, flags=re.MULTILINE)


def test_benchmarks_md_names_every_benchmark_the_table_runs() -> None:
    names = _benchmark_suite()
    assert names, "no SUITE found in benchmarks/run_all.py"
    for name in names:
        assert (ROOT / "benchmarks" / f"{name}.py").is_file(), name
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    only_row = next(line for line in text.splitlines() if line.startswith("| `--only"))
    assert re.findall(r"`(\w+)`", only_row.split("|")[2]) == names
    assert (ROOT / "benchmarks" / "run").stat().st_mode & 0o111, "benchmarks/run not executable"


def _agent_cells(agent: Any) -> dict[str, str]:
    """What the agent tables of docs/hooks.md and hooks/README.md say, from its record."""
    from gitledger.integrations.agent_registry import HOOKED

    def code(*names: str) -> str:
        return " / ".join(f"`{n}`" for n in names)

    stop = ("none: no Stop event" if "stop" not in agent.events
            else f'`decision: "{agent.stop_decision}"` + `{agent.stop_key}`'
            if agent.stop_decision else f"`{agent.stop_key}`")
    directory = agent.payload.directory
    return {
        "Project file": code(agent.config),
        "Events installed": ", ".join(f"`{agent.events[e]}`" for e in HOOKED
                                      if e in agent.events),
        "Pre-tool-use tools": ", ".join(f"`{name}`" for name in agent.tools),
        "Pre-tool-use envelope": code(".".join(agent.tool_context_path)),
        "Stop hook answer": stop,
        "Session id": code(*agent.payload.session),
        "Directory": code(f"{directory}[0]" if directory == "workspace_roots" else directory),
        "Envelope": code(".".join(agent.context_path)),
        "Session id in the shell": (
            "`GIT_LEDGER_SESSION_ID` (our extension sets it)"
            if agent.template == "pi-extension.ts"
            else "`shell.env` (our plugin sets `GIT_LEDGER_SESSION_ID`)"
            if agent.name in ("opencode", "kilo")
            else f"`{agent.payload.env_file}` (we export `GIT_LEDGER_SESSION_ID`)"
            if agent.payload.env_file else f"`{agent.payload.shell_session}` (its own)"
            if agent.payload.shell_session else "none: the started session (`ledger-session`)"),
        "Default budget": f"{agent.budget:,}",
        "Timeout unit": "milliseconds" if agent.timeout >= 1000 else "seconds",
        "Transcript directories": code(*(d for t in agent.transcripts for d in t.shown())),
    }


def test_hooks_md_summary_table_is_the_agent_records() -> None:
    """docs/hooks.md's Summary: one column per agent record, its cells the record's facts."""
    from gitledger.integrations.agent_registry import REGISTRY

    rows = _table_rows(_section(_read(ROOT / "docs" / "hooks.md"), "## Summary"))
    assert rows[0] == ["", *(a.title for a in REGISTRY)]
    table = {row[0]: row[1:] for row in rows[2:]}
    for column, agent in enumerate(REGISTRY):
        assert f"## {agent.title}\n" in _read(ROOT / "docs" / "hooks.md")
        for label, cell in _agent_cells(agent).items():
            assert table[label][column] == cell, f"docs/hooks.md Summary, {label}, {agent.title}"


def test_hooks_readme_lists_each_agents_example() -> None:
    from gitledger.integrations.agent_registry import REGISTRY

    section = _section(_read(ROOT / "hooks" / "README.md"), "## Agent hook configurations")
    rows = _table_rows(section)[2:]
    assert [row[1] for row in rows] == [a.title for a in REGISTRY]
    for row, agent in zip(rows, REGISTRY, strict=True):
        example = agent.example.removeprefix("hooks/")
        assert row[0] == f"[`{example}`]({example})"
        assert row[2] == f"`{agent.config}`"


#: How a doc states the version of the on-git format: "the on-git format, version N", "The
#: ledger format in git, version N", "**Format version:** N", "The format version, `N`".
_FORMAT_VERSION_CLAIM = re.compile(
    r"(?:on-git format|format in git)[^.\n|]{0,20}?,? version (\d+)"
    r"|\*\*Format version:\*\* (\d+)"
    r"|[Tt]he format version[^.\n|`]{0,40}?, `(\d+)`")


def test_every_doc_names_the_one_format_version() -> None:
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    claims: dict[str, list[int]] = {}
    for doc in docs:
        for found in _FORMAT_VERSION_CLAIM.finditer(_read(doc)):
            number = next(group for group in found.groups() if group is not None)
            claims.setdefault(doc.name, []).append(int(number))
    assert {"README.md", "index.md", "format.md"} <= set(claims), claims
    wrong = {name: numbers for name, numbers in claims.items()
             if set(numbers) != {FORMAT_VERSION}}
    assert not wrong, (f"gitledger.FORMAT_VERSION is {FORMAT_VERSION}; these docs name "
                       f"another version of the format: {wrong}")


def _owned_rows() -> dict[str, str]:
    """docs/architecture.md's "What each package owns": each row's first cell, the rest."""
    section = _section(_read(ROOT / "docs" / "architecture.md"), "## What each package owns")
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0] not in ("package", "---"):
            rows[cells[0]] = " | ".join(cells[1:])
    return rows


def test_architecture_md_names_every_package_and_module() -> None:
    rows = _owned_rows()
    missing: list[str] = []
    packages = sorted(path for path in PACKAGE.rglob("__init__.py") if path.parent != PACKAGE)
    for init in packages:
        package = init.parent.relative_to(PACKAGE).as_posix()
        row = rows.get(f"`{package}/`")
        if row is None:
            missing.append(f"{package}/")
            continue
        missing += [f"{package}/{module.name}" for module in sorted(init.parent.glob("*.py"))
                    if module.name != "__init__.py"
                    and not re.search(rf"`{module.stem}`", row)]
    top = " ".join([*rows, *rows.values()])
    missing += [module.name for module in sorted(PACKAGE.glob("*.py"))
                if module.name != "__init__.py" and f"`{module.name}`" not in top]
    assert not missing, f"docs/architecture.md does not name: {', '.join(missing)}"


def _anchors(doc: str) -> set[str]:
    """The anchors of a Markdown file's headings, as GitHub makes them."""
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"^#+ (.+)$", doc, flags=re.MULTILINE)}


def test_benchmarks_md_is_a_reference_with_one_table_of_figures() -> None:
    text = _read(ROOT / "docs" / "benchmarks.md")
    headings = re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)
    assert not [h for h in headings if re.search(r"\bissue\b", h, flags=re.IGNORECASE)], \
        "docs/benchmarks.md is a reference, not a log by issue"
    figures = _section(text, "## The current figures")
    tables = re.findall(r"^\|[^\n]*\n\|[-| ]+\|\n", figures, flags=re.MULTILINE)
    assert len(tables) == 1, "one table of the current figures"
    # One run's table: its date, machine and load on the line before it, as
    # benchmarks/run --write-docs writes them.
    assert re.search(r"^Measured \d{4}-\d{2}-\d{2} by `benchmarks/run[^`]*` in .+ load average "
                     r".+: \d+ CPUs", figures, flags=re.MULTILINE)
    links = {(doc.name, anchor) for doc in (ROOT / "docs").glob("*.md")
             for anchor in re.findall(r"\(benchmarks\.md#([\w-]+)\)", _read(doc))}
    assert {link for link in links if link[1] not in _anchors(text)} == set()


#: A merge left unresolved: git's markers at the start of a line, built here so this file
#: does not hold them itself.
CONFLICT_MARKERS = ("<" * 7 + " ", ">" * 7 + " ", "|" * 7 + " ")


def unresolved_merges(root: Path) -> list[str]:
    """``path:line`` of every conflict marker in the checkout's text files."""
    found = []
    for folder in ("docs", "gitledger", "tests", "benchmarks", "man", ".ci"):
        for path in sorted((root / folder).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            try:
                lines = path.read_text(encoding="utf-8").splitlines()
            except (UnicodeDecodeError, OSError):
                continue
            found += [f"{path.relative_to(root)}:{n}" for n, line in enumerate(lines, 1)
                      if line.startswith(CONFLICT_MARKERS)]
    for name in ("README.md", "pyproject.toml"):
        lines = (root / name).read_text(encoding="utf-8").splitlines()
        found += [f"{name}:{n}" for n, line in enumerate(lines, 1)
                  if line.startswith(CONFLICT_MARKERS)]
    return found


def test_no_merge_is_left_unresolved() -> None:
    assert unresolved_merges(ROOT) == []


def test_an_unresolved_merge_is_named(tmp_path: Path) -> None:
    for name in ("README.md", "pyproject.toml"):
        (tmp_path / name).write_text("fine\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text(f"x\n{CONFLICT_MARKERS[0]}HEAD\ny\n=======\n"
                                            f"z\n{CONFLICT_MARKERS[1]}main\n")
    assert unresolved_merges(tmp_path) == ["docs/a.md:2", "docs/a.md:6"]
