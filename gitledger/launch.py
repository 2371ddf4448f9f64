"""The ``git-ledger`` executable: the click command line, except for the calls that must
start fast.

An agent's shell fast path hands ``git-ledger hook pre-tool-use --agent A`` every payload
that names a governed file, before the edit goes on, and importing click with the command
table costs that wait about a third of its time.  Exactly that call (``--agent A`` or
``--agent=A``, nothing else) goes straight to the hook; anything else, the same hook
spelled another way included (``-C DIR``, ``--help``), goes through ``cli.py``, whose
``hook`` command does the same.

``decide`` is the write an agent makes most, one process each: a plain one (TEXT and the
options of ``DECIDE_OPTIONS``, each spelled ``--name VALUE`` or ``--name=VALUE``, and
nothing else) is parsed here and, after applying the git hooks' queue as every click
command does first, calls the same library function ``cli.py``'s ``decide`` calls,
printing what it prints, without loading click and the command table.  Anything
else (``-C``, ``--help``, TEXT ``-`` read from stdin, an abbreviation, a value that starts
with ``-``, a single-valued option given twice) goes through click.  A test holds this
table equal to click's options of ``decide``, so the two cannot drift apart.

``restore`` runs at every agent start, and most starts find the ledgers as the last
restore left them: a plain one (the options of ``RESTORE_OPTIONS``, each once, spelled
``--name VALUE`` or ``--name=VALUE``), once the queue is applied, prints the block saved by
the last restore of the same request while its key holds (``derived/restore_cache.py``:
the ledger refs, the pointer, the identity read with the git CLI), without loading
libgit2; otherwise it composes the block with the same library call ``cli.py``'s
``restore`` makes, prints it and saves it again, without loading click and the command
table.  A format or source click would refuse goes through click.

``check`` (plain: ``--json`` and ``--project``, each at most once) is what a user runs
after every pull and before every push: while the key of ``derived/check_output.py``
holds (every ref, HEAD, the pointer, read with the git CLI) it prints the report the last
check printed and exits with its status, without loading libgit2; otherwise it checks with
the same library call ``cli.py``'s ``check`` makes, and saves what it printed.  The Stop
hook's call (``check --hook stop --agent A``, as ``install`` writes it) lets the agent stop
without loading libgit2 when ``integrations/stop_gate.py`` can say so (the payload says
so, or the ledger was checked clean and nothing moved since); otherwise it runs the same
hook as ``cli.py``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gitledger.derived.restore_cache import Key

_HOOK = ("hook", "pre-tool-use")

#: ``decide``'s options as cli.py declares them: the parameter each sets, and how
#: ("many": repeatable, "one": a value, "flag": no value).
DECIDE_OPTIONS: dict[str, tuple[str, str]] = {
    "--over": ("over", "many"),
    "--because": ("because", "one"),
    "--scope": ("scope", "one"),
    "--supersedes": ("supersedes", "one"),
    "--proposed": ("proposed", "flag"),
    "--evidence": ("evidence", "many"),
    "--paths": ("paths", "many"),
    "--next": ("next_text", "one"),
    "--project": ("project", "flag"),
    "--json": ("as_json", "flag"),
}

#: ``restore``'s options a saved block is looked up by (each takes a value), and the
#: parameter each sets; ``--archive``, ``--ledger`` and ``-C`` go through click.
RESTORE_OPTIONS: dict[str, str] = {
    "--budget": "budget",
    "--format": "fmt",
    "--session-id": "session_id",
    "--source": "source",
}

PROG = "git ledger"


def pre_tool_use_agent(args: Sequence[str]) -> str | None:
    """The agent of a plain ``hook pre-tool-use`` call, or None for any other command line."""
    return _agent_after(args, _HOOK)


def _agent_after(args: Sequence[str], head: tuple[str, ...]) -> str | None:
    """The agent a hook's call names after the words ``head`` (``--agent A``,
    ``--agent=A``, or nothing: Claude Code), or None when the call is anything else."""
    if tuple(args[:len(head)]) != head:
        return None
    rest = list(args[len(head):])
    if not rest:
        return "claude"
    if len(rest) == 2 and rest[0] == "--agent":
        return rest[1]
    if len(rest) == 1 and rest[0].startswith("--agent="):
        return rest[0].removeprefix("--agent=")
    return None


def plain_decide(args: Sequence[str]) -> dict[str, Any] | None:
    """The parameters click would give ``decide`` for a plain ``decide`` command line (see
    the module docstring), or None for any other command line."""
    if not args or args[0] != "decide":
        return None
    params: dict[str, Any] = {name: () if how == "many" else (False if how == "flag" else None)
                              for name, how in DECIDE_OPTIONS.values()}
    text: str | None = None
    seen: set[str] = set()
    words = list(args[1:])
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if not word.startswith("-"):
            if text is not None:
                return None  # a second TEXT: click's usage error says it
            text = word
            continue
        name, equals, value = word.partition("=")
        known = DECIDE_OPTIONS.get(name)
        if known is None:
            return None  # -C, --help, --, an abbreviation, a typo: click's to answer
        param, how = known
        if how == "flag":
            if equals:
                return None
            params[param] = True
            continue
        if not equals:
            if i >= len(words):
                return None  # a missing value: click's usage error
            value = words[i]
            i += 1
        if value.startswith("-"):
            return None  # click may read it otherwise (another option)
        if how == "many":
            params[param] = (*params[param], value)
        else:
            if name in seen:
                return None
            seen.add(name)
            params[param] = value
    if text is None or text == "-":
        return None  # no TEXT (a usage error) or TEXT on stdin: through click
    params["text"] = text
    return params


def plain_restore(args: Sequence[str]) -> dict[str, Any] | None:
    """The parameters click would give ``restore`` for a plain ``restore`` command line
    (see the module docstring), or None for any other command line."""
    if not args or args[0] != "restore":
        return None
    params: dict[str, Any] = {"budget": None, "fmt": "text", "session_id": None,
                              "source": None}
    seen: set[str] = set()
    words = list(args[1:])
    while words:
        name, equals, value = words.pop(0).partition("=")
        param = RESTORE_OPTIONS.get(name)
        if param is None or name in seen:
            return None  # a word that is no option of ours, or one given twice: click's
        seen.add(name)
        if not equals:
            if not words:
                return None
            value = words.pop(0)
        if value.startswith("-"):
            return None
        params[param] = value
    budget = params["budget"]
    if budget is not None:
        if not (budget.isascii() and budget.isdigit() and budget[0] != "0"):
            return None  # click says what is wrong with it
        params["budget"] = int(budget)
    return params


#: ``check``'s flags a saved report is looked up by, and the parameter each sets; any other
#: option (``--hook``, ``--ledger``, ``-C``) goes through click.
CHECK_FLAGS: dict[str, str] = {"--json": "as_json", "--project": "project"}


def plain_check(args: Sequence[str]) -> dict[str, bool] | None:
    """The parameters click would give ``check`` for a plain ``check`` command line (its
    ``CHECK_FLAGS``, each at most once), or None for any other command line."""
    if not args or args[0] != "check":
        return None
    words = list(args[1:])
    if len(set(words)) != len(words) or not set(words) <= set(CHECK_FLAGS):
        return None
    return {param: flag in words for flag, param in CHECK_FLAGS.items()}


def stop_hook_agent(args: Sequence[str]) -> str | None:
    """The agent of the Stop hook's call as ``install`` writes it (``check --hook stop``,
    then ``--agent A`` or ``--agent=A`` or nothing), or None for any other command line."""
    return _agent_after(args, ("check", "--hook", "stop"))


def run_stop_hook(agent: str) -> None:
    """``check --hook stop`` as click runs it, after applying the git hooks' queue: a stop
    ``stop_gate`` lets go unchecked ends here, silently, without libgit2; any other runs the
    same hook ``cli.py`` does."""
    from gitledger.integrations.agent_registry import AGENTS
    from gitledger.integrations.hook_core import read_stdin
    from gitledger.integrations.stop_gate import let_go_unchecked

    if agent not in AGENTS:
        from gitledger.cli import main as cli_main

        cli_main()  # click's usage error names the agents
        return
    _drain_first(report=True)
    stdin = read_stdin(sys.stdin)
    if let_go_unchecked(agent, stdin, os.environ):
        sys.exit(0)
    from gitledger.integrations.stop_hook import run_stop_check

    result = run_stop_check(agent, stdin, os.environ, cwd=None)
    if result.stdout:
        sys.stdout.write(result.stdout + "\n")
    if result.stderr:
        sys.stderr.write(result.stderr)
    sys.exit(0)


def run_check(params: dict[str, bool]) -> None:
    """``cli.check`` with its flags: the saved report when its key holds, else the same
    library call, output, saved copy and exit status."""
    from gitledger.derived import check_output

    _drain_first(report=True)
    asked = check_output.request(as_json=params["as_json"], project=params["project"])
    key = check_output.current_key(None)
    saved = check_output.load(key, asked) if key is not None else None
    if saved is not None:
        _print_and_exit(_for_a_person(saved.text, as_json=params["as_json"]), saved.code)

    def compose() -> None:
        from gitledger.audit.check import holds_while_refs_do, report_json, report_text
        from gitledger.audit.commands import check as check_ledgers

        report = check_ledgers(None, project=params["project"])
        out = _document(report_json(report)) if params["as_json"] else report_text(report)
        code = 1 if report.errors else 0
        sys.stdout.write(_for_a_person(out, as_json=params["as_json"]) + "\n")
        sys.stdout.flush()
        if key is not None and holds_while_refs_do(report):
            check_output.save(key, check_output.current_key(None), asked,
                              check_output.Printed(out, code))
        if code:
            sys.exit(code)

    _as_a_command(compose)


def _for_a_person(report: str, *, as_json: bool) -> str:
    """check's text coloured on a terminal as ``cli.py`` colours it (``terminal.py``
    decides, ``audit/check_paint.py`` paints); the report saved stays plain."""
    if as_json:
        return report
    from gitledger.audit.check_paint import painted_report
    from gitledger.terminal import start_colour

    start_colour(None)
    return painted_report(report)


def saved_restore(params: dict[str, Any]) -> str | None:
    """What ``restore`` with ``params`` printed last, while nothing it was read from moved
    and nothing is queued; None: compose it."""
    return _saved_restore(params)[1]


def _saved_restore(params: dict[str, Any]) -> tuple[Key | None, str | None]:
    """The key as the repository is now (None: nothing queued may be saved or served), and
    the output saved under it for ``params``."""
    from gitledger.derived import restore_cache
    from gitledger.storage.queue_probe import needs_drain

    if needs_drain(None):
        return None, None
    key = restore_cache.current_key(None)
    if key is None:
        return None, None
    return key, restore_cache.load(key, restore_cache.request(
        params["fmt"], params["budget"], params["session_id"], params["source"]))


def run_restore(params: dict[str, Any]) -> None:
    """``cli.restore`` with its parameters, for this worktree's block: the saved copy when
    it holds, else the same library call, output, saved copy and exit status."""
    from gitledger.core.names import SOURCES
    from gitledger.integrations.agent_registry import BY_NAME, FORMATS, default_budget

    fmt, budget, session_id, source = (params["fmt"], params["budget"], params["session_id"],
                                       params["source"])
    if fmt not in FORMATS or (source is not None and source not in SOURCES):
        from gitledger.cli import main as cli_main

        cli_main()  # click's usage error says what is wrong
        return
    _drain_first(report=True)
    key, saved = _saved_restore(params)
    if saved is not None:
        _print_and_exit(saved)
    from gitledger.derived import restore_cache

    def compose() -> None:
        from gitledger.views.restore import render, restore

        block = restore(None, budget=default_budget(fmt, budget), session_id=session_id,
                        source=source)
        if fmt in BY_NAME:
            from gitledger.integrations.agent_hooks import session_start_output

            output = session_start_output(fmt, block.text)
        else:
            output = render(block, fmt)
        sys.stdout.write(output + "\n")
        sys.stdout.flush()
        if key is not None:
            restore_cache.save(key, restore_cache.current_key(None),
                               restore_cache.request(fmt, budget, session_id, source), output,
                               me=block.reader, reads_head=block.reads_head)

    _as_a_command(compose)


def run_decide(params: dict[str, Any]) -> None:
    """``cli.decide`` with its parameters: the same library call, output and exit status."""
    from gitledger.core.display import one_line
    from gitledger.errors import ConflictingOptions

    def decide() -> None:
        from gitledger.ledger.operations import Ledger
        from gitledger.views.render import write_json, write_text

        try:
            result = Ledger.open(None, project=params["project"]).decide(
                params["text"], over=params["over"], because=params["because"],
                scope=params["scope"], supersedes=params["supersedes"],
                proposed=params["proposed"], evidence=params["evidence"],
                paths=params["paths"], next_text=params["next_text"],
            )
        except ConflictingOptions as exc:
            message = exc.spelled(lambda name: "--" + name.replace("_", "-"))
            _fail(f"{message} (see {PROG} decide --help)", 2)
            return
        out = _document(write_json(result)) if params["as_json"] else write_text(result, "")
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
        for warning in result.warnings:
            sys.stderr.write(f"{PROG}: warning: {one_line(warning)}\n")

    _as_a_command(decide)


def _document(data: Any) -> str:
    """``--json`` output as ``cli._emit`` prints it: ledger text shown like on a terminal."""
    import json

    from gitledger.ledger import gate

    return json.dumps(gate.document(data), indent=2, ensure_ascii=False)


def _as_a_command(run: Callable[[], None]) -> None:
    """``run`` as click's group runs a command: an error is one line on stderr with its
    exit status, an interrupt 130, a closed pipe nothing; else exit 0."""
    from gitledger.errors import LedgerError

    try:
        run()
    except LedgerError as exc:
        _fail(str(exc), exc.exit_code)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)
    sys.exit(0)


def _fail(message: str, code: int) -> None:
    from gitledger.core.display import one_line

    sys.stderr.write(f"{PROG}: {one_line(message)}\n")
    sys.exit(code)


def _utf8(stream: Any) -> bool:
    """Whether ``stream`` writes UTF-8 as it is (click re-encodes a misconfigured one,
    so the bytes could differ)."""
    import codecs

    try:
        return codecs.lookup(stream.encoding).name == "utf-8"
    except (AttributeError, LookupError, TypeError):
        return False


def _print_and_exit(text: str, code: int = 0) -> None:
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stderr.close()
        code = 0
    sys.exit(code)


def _drain_first(*, report: bool) -> None:
    """What every click command does first: apply what the git hooks queued, and say once
    what it had to say (``report``); the code that applies it loads only when something
    waits.  Never the reason the call fails."""
    from gitledger.storage.queue_probe import needs_drain, queued_here

    if not (needs_drain(None) if report else queued_here()):
        return
    from gitledger.core.display import one_line
    from gitledger.errors import LedgerError
    from gitledger.integrations.git_events import drain_git_events

    try:
        lines = drain_git_events(None, report=report)
    except LedgerError as exc:
        lines = [f"{PROG}: warning: the queued git events were not applied: {one_line(str(exc))}"]
    for line in lines:
        sys.stderr.write(line + "\n")


#: The calls that start without click and print a command's output: how each is
#: recognised (None: not this call), and what runs it.
_PRINTING_CALLS: tuple[tuple[Callable[[Sequence[str]], Any], Callable[[Any], None]], ...] = (
    (plain_restore, run_restore),
    (plain_check, run_check),
    (stop_hook_agent, run_stop_hook),
)


def main() -> None:
    args = sys.argv[1:]
    agent = pre_tool_use_agent(args)
    if agent is None:
        decide = plain_decide(args)
        if decide is not None:
            _drain_first(report=True)
            run_decide(decide)
            return
        # These print what click would, byte for byte, only to a stream that writes UTF-8
        # as it is (click re-encodes a misconfigured one).
        for recognised, run in _PRINTING_CALLS:
            found = recognised(args)
            if found is not None and _utf8(sys.stdout):
                run(found)
                return
        from gitledger.cli import main as cli_main

        cli_main()
        return
    # The fast call alone loads the hook; the code that applies the git hooks' queue loads
    # only when something is queued (the decisions read below must not be behind it).
    from gitledger.integrations.hook_core import read_stdin
    from gitledger.integrations.pre_tool_hook import run_pre_tool_use

    _drain_first(report=False)
    result = run_pre_tool_use(agent, read_stdin(sys.stdin), os.environ, cwd=None)
    if result.stdout:
        sys.stdout.write(result.stdout + "\n")
    if result.stderr:
        sys.stderr.write(result.stderr)
    sys.exit(result.exit_code)


__all__ = ["CHECK_FLAGS", "DECIDE_OPTIONS", "RESTORE_OPTIONS", "main", "plain_check",
           "plain_decide", "plain_restore", "pre_tool_use_agent", "run_check", "run_decide",
           "run_restore", "run_stop_hook", "saved_restore", "stop_hook_agent"]
