"""The layer rule of docs/architecture.md, enforced by reading every import with ``ast``.

derived → storage → ledger → audit / views / team / interchange → integrations → the top
level (cli, tour, manpage, launch). ``core`` and ``errors`` sit under everything. A module
may import its own layer or a lower one; the packages of one layer must not import each
other in a circle; no module imports another inside a function (start-up-speed exceptions
are listed below with their reason); pygit2 is imported only under ``storage/``; no private
name (``_x``) crosses a module boundary; and only ``derived/`` renames a file into place or
opens SQLite.
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gitledger"

#: The rank of each layer: an import may only point at an equal or lower rank.
LAYERS = {
    "errors": 0, "core": 0, "__init__": 0,
    "derived": 1,
    "storage": 2,
    "ledger": 3,
    "audit": 4, "views": 4, "team": 4, "interchange": 4, "search": 4,
    "integrations": 5, "web": 5,
    "cli": 6, "tour": 6, "manpage": 6, "__main__": 6, "launch": 6, "commands": 6, "terminal": 6,
}

#: Modules that sit in a lower layer than their package: ``storage/layout.py`` holds the
#: on-git names and imports nothing, so the derived layer under storage may read them.
NAME_MODULES = {"gitledger.storage.layout": "core"}

#: Imports inside functions that are there for start-up speed, with the reason.
LAZY_IMPORTS: dict[str, str] = {
    "gitledger.integrations.mcp_server": "the mcp SDK is an optional extra, loaded when serving",
    "gitledger.interchange.formats": "cli.py builds --format from this table at start-up; a "
                                     "format's code loads when it is used",
    "gitledger.integrations.pre_tool_hook": "it runs before every edit an agent makes: with "
                                            "the governing entries' saved copy fresh, "
                                            "libgit2 and the ledgers' reads never load",
    "gitledger.cli": "the command line names one command: its module loads then (the "
                     "group's add_lazy table), not the forty others",
    "gitledger.launch": "the executable: the hot paths skip click and the command table, "
                        "every other call loads cli.py",
    **dict.fromkeys(
        (f"gitledger.commands.{path.stem}" for path in (PACKAGE / "commands").glob("[a-z]*.py")),
        "each command loads only the layers it runs, so --help and the hooks start fast; the "
        "executable reads the hot paths' tables (plain, *_fast) at every start, and a call "
        "loads only what it runs (a saved output served loads no libgit2)"),
    "gitledger.views.restore_served": "the saved restore block is served without libgit2; "
                                      "the ledgers' reader loads on a miss only",
    "gitledger.core.text": "the credential detector loads at the first text a write cleans: "
                           "restore and every other read never compile its patterns "
                           "(15-17 ms of each start)",
    "gitledger.integrations.agent_hooks": "session-start runs at every agent start and saves "
                                          "no transcript: the transcripts module's credential "
                                          "patterns cost 5-9 ms to compile",
}


@dataclass(frozen=True)
class Import:
    module: str      # the importing module, dotted
    target: str      # the imported module, dotted
    names: tuple[str, ...]
    line: int
    nested: bool     # inside a function or class body rather than at module level
    type_only: bool  # under ``if TYPE_CHECKING:``


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


@functools.cache
def modules() -> dict[str, Path]:
    """Every module of the package by name (read once: the tree does not change in a run)."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(name: str, path: Path, known: set[str]) -> Iterator[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(node: ast.AST, nested: bool, type_only: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield Import(name, alias.name, (), child.lineno, nested, type_only)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
                    for _ in range(child.level - 1):
                        package = package.rpartition(".")[0]
                    base = f"{package}.{base}" if base else package
                for alias in child.names:
                    # ``from gitledger.storage import store`` imports the module itself
                    candidate = f"{base}.{alias.name}"
                    if candidate in known:
                        yield Import(name, candidate, (), child.lineno, nested, type_only)
                    else:
                        yield Import(name, base, (alias.name,), child.lineno, nested, type_only)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                    ast.ClassDef)):
                yield from walk(child, True, type_only)
            elif isinstance(child, ast.If) and _is_type_checking(child):
                yield from walk(child, nested, True)
            else:
                yield from walk(child, nested, type_only)

    yield from walk(tree, False, False)


def all_imports() -> list[Import]:
    found = modules()
    known = set(found)
    return [imp for name, path in found.items() for imp in imports_of(name, path, known)]


def layer_of(module: str) -> str:
    if module in NAME_MODULES:
        return NAME_MODULES[module]
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def internal(imports: list[Import]) -> list[Import]:
    return [i for i in imports if i.target == "gitledger" or i.target.startswith("gitledger.")]


IMPORTS = all_imports()


def test_every_module_has_a_layer() -> None:
    unknown = sorted({layer_of(m) for m in modules()} - set(LAYERS))
    assert not unknown, f"modules outside every layer: {unknown} (add them to LAYERS and docs)"


def test_no_import_points_up() -> None:
    upward = [
        f"{i.module}:{i.line} imports {i.target} ({layer_of(i.module)} → {layer_of(i.target)})"
        for i in internal(IMPORTS)
        if LAYERS[layer_of(i.target)] > LAYERS[layer_of(i.module)]
    ]
    assert not upward, "\n".join(upward)


def test_the_packages_of_a_layer_import_no_circle() -> None:
    edges: dict[str, set[str]] = {}
    for i in internal(IMPORTS):
        source, target = layer_of(i.module), layer_of(i.target)
        if source != target:
            edges.setdefault(source, set()).add(target)
    assert not _cycles(edges), _cycles(edges)


def test_no_module_import_cycle() -> None:
    edges: dict[str, set[str]] = {}
    for i in internal(IMPORTS):
        if not i.type_only and i.target != i.module and i.target in modules():
            edges.setdefault(i.module, set()).add(i.target)
    found = _cycles(edges)
    assert not found, "\n".join(" → ".join(c) for c in found)


def test_no_import_hides_in_a_function() -> None:
    hidden = [
        f"{i.module}:{i.line} imports {i.target} inside a function"
        for i in internal(IMPORTS)
        if i.nested and not i.type_only and i.module not in LAZY_IMPORTS
    ]
    assert not hidden, "\n".join(hidden)


def test_a_format_written_above_the_registry_is_named_not_imported() -> None:
    """The html site is written by the web layer, above interchange's format table: the
    table names it (``module:function``) and loads it when used; the name must hold."""
    import importlib

    from gitledger.interchange.formats import FORMATS

    named = [f for f in FORMATS if f.site]
    assert named
    for fmt in named:
        assert fmt.site is not None
        module, _, function = fmt.site.partition(":")
        assert LAYERS[layer_of(module)] > LAYERS["interchange"], fmt.site
        assert callable(getattr(importlib.import_module(module), function)), fmt.site


def test_the_name_modules_import_nothing() -> None:
    """A module ranked with core because it holds only names must import nothing."""
    for name in NAME_MODULES:
        found = [i.target for i in internal(IMPORTS) if i.module == name]
        assert not found, f"{name} imports {found}"


def _calls(path: Path) -> Iterator[tuple[str, int]]:
    """Each call in ``path`` as ``module.function`` (``os.replace``, ``sqlite3.connect``),
    with its line."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)):
            yield f"{node.func.value.id}.{node.func.attr}", node.lineno


#: What only ``derived/`` calls: the one atomic writer (``os.replace``, ``os.rename``) and
#: the one SQLite opener.
DERIVED_ONLY = {"os.replace", "os.rename", "sqlite3.connect"}


def test_only_derived_replaces_files_or_opens_sqlite() -> None:
    """Every file written whole goes through ``derived/files.py``, every SQLite index
    through ``derived/sqlite.py``: nothing outside ``derived/`` renames a file into place
    or opens a database itself."""
    outside = [f"{name}:{line} calls {call}" for name, path in modules().items()
               if layer_of(name) != "derived"
               for call, line in _calls(path) if call in DERIVED_ONLY]
    assert not outside, "\n".join(outside)


def test_nothing_outside_derived_names_the_cache_dir() -> None:
    """The cache folder is reached through ``derived.files.cache_dir`` or its
    ``CACHE_DIR``; no other module spells ``ledger-cache`` itself."""
    spelled = [name for name, path in modules().items() if layer_of(name) != "derived"
               and '"ledger-cache' in path.read_text(encoding="utf-8")]
    assert not spelled, spelled


def test_derived_imports_no_pygit2_and_nothing_above_it() -> None:
    found = [f"{i.module}:{i.line} imports {i.target}" for i in IMPORTS
             if layer_of(i.module) == "derived" and (
                 i.target.split(".")[0] == "pygit2"
                 or (i.target.startswith("gitledger.")
                     and LAYERS[layer_of(i.target)] > LAYERS["derived"]))]
    assert not found, "\n".join(found)


def test_pygit2_is_imported_only_by_storage() -> None:
    outside = [
        f"{i.module}:{i.line}" for i in IMPORTS
        if i.target.split(".")[0] == "pygit2" and layer_of(i.module) != "storage"
    ]
    assert not outside, "pygit2 outside gitledger/storage/: " + ", ".join(outside)


#: What a module under ``storage/`` talks to git through: libgit2 itself, the git CLI
#: (``git_cli.py``'s one helper; ``network``, ``remotes``, ``blame`` and ``signatures`` run
#: the git commands libgit2 cannot serve with their own process handling: credentials on
#: stdin, timeouts, a remote's answer read as it comes), or the object and ref API built on
#: libgit2 (``Store``, ``Repo``).
GIT_APIS = ("pygit2", "subprocess", "gitledger.storage.git_cli", "gitledger.storage.store",
            "gitledger.storage.repo")
#: Modules under ``storage/`` that talk to no git, each with its reason.
STORAGE_WITHOUT_GIT = {
    "gitledger.storage": "the package itself",
    "gitledger.storage.layout": "the on-git names (refs, pointer, tree paths) that every "
                                "layer spells; it imports nothing, so a module that needs "
                                "only PROJECT_REF does not load libgit2",
    "gitledger.storage.event_queue": "the git hooks' queue in the git dir, written by their "
                                     "sh scripts; the saved outputs beside storage ask it "
                                     "before libgit2 loads, and a layer of the git dir's "
                                     "own files would import the saved outputs' files back",
    "gitledger.storage.queue_probe": "is anything queued (event_queue's), asked by the "
                                     "saved outputs beside storage",
}


def test_every_storage_module_talks_to_git() -> None:
    """``storage/`` holds what talks to git objects and refs, nothing else: hook managers,
    credentials, authorship rules and caches live with the concern that owns them."""
    talks = {i.module for i in IMPORTS
             if i.target.startswith(GIT_APIS) and not i.type_only}
    idle = sorted(name for name in modules() if layer_of(name) == "storage"
                  and name not in talks and name not in STORAGE_WITHOUT_GIT)
    assert not idle, "storage modules that talk to no git: " + ", ".join(idle)
    assert set(STORAGE_WITHOUT_GIT) <= set(modules())


def test_no_private_name_crosses_a_module() -> None:
    crossing = [
        f"{i.module}:{i.line} takes {name} from {i.target}"
        for i in internal(IMPORTS) for name in i.names
        if name.startswith("_") and not name.startswith("__") and i.target != i.module
    ]
    assert not crossing, "\n".join(crossing)


def test_the_lazy_import_list_names_real_modules() -> None:
    assert set(LAZY_IMPORTS) <= set(modules())


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected component of more than one node, as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


@pytest.mark.parametrize(("edges", "expected"), [
    ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
    ({"a": {"b"}, "b": {"c"}}, []),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
])
def test_the_cycle_finder_finds_cycles(edges: dict[str, set[str]],
                                       expected: list[list[str]]) -> None:
    assert _cycles(edges) == expected


def test_the_checks_see_a_hidden_upward_import(tmp_path: Path) -> None:
    source = "def f():\n    from gitledger.cli import main\n"
    (tmp_path / "mod.py").write_text(source)
    [found] = list(imports_of("gitledger.storage.mod", tmp_path / "mod.py", set()))
    assert found.nested
    assert found.target == "gitledger.cli"
    assert LAYERS[layer_of(found.target)] > LAYERS[layer_of(found.module)]


def test_the_layout_names_load_no_libgit2() -> None:
    """A module that needs only a ref name (``PROJECT_REF``) must not pay for libgit2."""
    probe = ("import sys, gitledger.storage.layout, gitledger.core.names; "
             "print('pygit2' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, timeout=60)
    assert done.stdout.strip() == "False"


#: What a write needs and a restore does not: every agent session starts with a restore,
#: so none of these may load with it (``ledger/reader.py`` holds the reads).
WRITE_MACHINERY = ("gitledger.ledger.operations", "gitledger.ledger.deciding",
                   "gitledger.ledger.decision_index", "gitledger.ledger.archived",
                   "gitledger.storage.keepalive", "gitledger.storage.notes",
                   "gitledger.storage.commits", "sqlite3")


def _command_loading(repo: Path, command: str, modules: tuple[str, ...]
                     ) -> subprocess.CompletedProcess[str]:
    """``git ledger COMMAND`` run in ``repo`` in a fresh interpreter; its output ends with
    a line listing those of ``modules`` it loaded."""
    probe = (f"import sys; sys.argv = ['git-ledger', {command!r}]\n"
             "from gitledger.cli import cli\n"
             "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
             f"print([m for m in {modules!r} if m in sys.modules])")
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, timeout=60, cwd=repo)


def test_restore_loads_none_of_the_writes(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True, timeout=60)
    for write in (["task", "the task"], ["decide", "use x", "--over", "y", "--because", "z"],
                  ["decide", "--project", "ship it", "--because", "z"]):
        subprocess.run([sys.executable, "-m", "gitledger", *write], cwd=repo, check=True,
                       capture_output=True, timeout=60)
    done = _command_loading(repo, "restore", WRITE_MACHINERY)
    assert "use x" in done.stdout  # the restore ran, the session's decision in it
    assert "ship it" in done.stdout  # and the project's
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_ruff_lets_only_the_listed_modules_import_inside_functions() -> None:
    """PLC0415 is on; the package files ruff excuses from it are LAZY_IMPORTS' modules."""
    config = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert "PLC0415" not in config["tool"]["ruff"]["lint"]["ignore"]
    excused = {str(path.relative_to(PACKAGE.parent))
               for pattern, rules in config["tool"]["ruff"]["lint"]["per-file-ignores"].items()
               if "PLC0415" in rules and pattern.startswith("gitledger/")
               for path in PACKAGE.parent.glob(pattern)}
    listed = {name.replace(".", "/") + ".py" for name in LAZY_IMPORTS}
    assert excused <= listed, f"excused from PLC0415 but not in LAZY_IMPORTS: {excused - listed}"


#: What a pull needs beside the fetch: ``git ledger fetch`` loads none of it.
PULL_MACHINERY = ("gitledger.team.sync", "gitledger.audit.check", "gitledger.ledger.digest",
                  "gitledger.ledger.reader", "gitledger.team.review")


def test_fetch_loads_none_of_the_merge(tmp_path: Path) -> None:
    remote, repo = tmp_path / "remote.git", tmp_path / "repo"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True, timeout=60)
    subprocess.run(["git", "init", "-q", str(repo)], check=True, timeout=60)
    subprocess.run(["git", "-C", str(repo), "remote", "add", "origin", remote.as_uri()],
                   check=True, timeout=60)
    done = _command_loading(repo, "fetch", PULL_MACHINERY)
    assert "Fetched from origin: up to date" in done.stdout, (done.stdout, done.stderr)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_executable_holds_no_parser_or_renderer_of_its_own() -> None:
    """``launch.py`` is a table of the hot paths' commands and ``main``: each command's
    parsing, library call and rendering is its module's under ``commands/``, which
    ``cli.py`` calls too, and ``commands/plain.py`` is the one mechanism that runs them."""
    tree = ast.parse((PACKAGE / "launch.py").read_text())
    functions = [node.name for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    assert functions == ["main"]
    from gitledger.launch import FAST

    assert {fast.shape.words[0] for fast in FAST} == {"hook", "decide", "restore", "check"}


#: The modules under ``commands/`` that hold more than one command: a family of tiny
#: siblings, and the commands it holds.  Every other module holds one command (a group
#: with its subcommands counts as one), named as the command (``next_.py`` for ``next``).
FAMILIES: dict[str, set[str]] = {
    "gitledger.commands.status": {"accept", "implement", "deploy", "reject", "evidence"},
    "gitledger.commands.completion": {"completion", "complete"},
}


def _is_command_decorator(node: ast.expr) -> bool:
    """``@ledger_command(...)``, ``@click.command(...)``, ``@click.group(...)`` or a
    group's ``@notes.command(...)``."""
    func = node.func if isinstance(node, ast.Call) else node
    return (isinstance(func, ast.Name) and func.id == "ledger_command") or (
        isinstance(func, ast.Attribute) and func.attr in {"command", "group"})


def test_the_main_module_holds_the_group_and_one_line_per_command() -> None:
    """``cli.py`` is the group with its global options and one ``add_lazy`` line per
    command, naming the command and its function under ``commands/``; the main module
    imports no command's module (each loads when the command line names it)."""
    from gitledger.cli import cli

    tree = ast.parse((PACKAGE / "cli.py").read_text(encoding="utf-8"))
    groups, added, other = [], [], []
    for node in tree.body[1:]:  # after the docstring
        if isinstance(node, ast.Import | ast.ImportFrom):
            assert not any(alias.name.startswith("gitledger.commands.") for alias in node.names)
            continue
        if isinstance(node, ast.FunctionDef) and any(
                _is_command_decorator(d) for d in node.decorator_list):
            groups.append(node.name)
        elif (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
              and ast.unparse(node.value.func) == "cli.add_lazy"
              and len(node.value.args) == 2 and not node.value.keywords
              and all(isinstance(a, ast.Constant) for a in node.value.args)):
            added.append(node.value.args[0].value)  # type: ignore[attr-defined]
        else:
            other.append(ast.unparse(node).splitlines()[0])
    assert other == []
    assert groups == ["cli"]
    commands = cli.every_command()
    assert added == list(commands)
    assert len(added) == len(set(added))
    assert all(command.name == name for name, command in commands.items())


def test_a_command_line_loads_only_the_command_it_names() -> None:
    """``git ledger show`` imports ``commands/show.py`` and no other command's module."""
    done = subprocess.run([sys.executable, "-c", "import json, sys; from gitledger.cli import "
                           "cli; cli.get_command(None, 'show'); print(json.dumps([m for m in "
                           "sys.modules if m.startswith('gitledger.commands.')]))"],
                          capture_output=True, text=True, check=True, timeout=60)
    loaded = set(json.loads(done.stdout))
    assert "gitledger.commands.show" in loaded
    assert not loaded & {"gitledger.commands.decide", "gitledger.commands.doctor",
                         "gitledger.commands.serve", "gitledger.commands.install"}, loaded


def _declared_commands(path: Path) -> set[str]:
    """The functions a module turns into click commands or groups at its top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)
            and any(_is_command_decorator(d) for d in node.decorator_list)}


def test_each_command_lives_in_its_own_module_under_commands() -> None:
    """One command (or one listed family) a module, named as the command, and nothing
    declared there that the command line does not reach."""
    import click

    from gitledger.cli import cli

    homes: dict[str, set[str]] = {}
    reached: dict[str, set[str]] = {}
    for name, command in cli.every_command().items():
        assert command.callback is not None
        homes.setdefault(command.callback.__module__, set()).add(name)
        subcommands = command.commands if isinstance(command, click.Group) else {}
        for each in (command, *subcommands.values()):
            assert each.callback is not None
            reached.setdefault(each.callback.__module__, set()).add(each.callback.__name__)
    for module, names in homes.items():
        assert module.startswith("gitledger.commands."), (module, names)
        stem = module.rpartition(".")[2]
        assert names == FAMILIES.get(module, {stem.rstrip("_")}), (module, names)
    for path in sorted((PACKAGE / "commands").glob("*.py")):
        declared = _declared_commands(path)
        assert declared <= reached.get(module_name(path), set()), (path.name, declared)


def test_the_hot_paths_halves_import_no_click_or_libgit2() -> None:
    """``commands/*_fast.py`` and ``plain.py`` sit beside the click commands, but the
    executable imports them at every start: click and pygit2 load only inside a call."""
    known = set(modules())
    hot = [*sorted((PACKAGE / "commands").glob("*_fast.py")), PACKAGE / "commands" / "plain.py"]
    assert len(hot) == 5
    loaded = [(path.name, i.target) for path in hot
              for i in imports_of(module_name(path), path, known)
              if not i.nested and i.target.split(".")[0] in {"click", "pygit2"}]
    assert loaded == []
