"""The hot paths' one mechanism: a plain command line parsed against its command's table,
its saved output served while its key holds, else its library call run and rendered.

Importing click costs an agent's frequent calls a third of their time, so lines of exactly
a ``Shape`` run here and anything else goes through click.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, NoReturn

from gitledger.core.interrupts import finished, interruptible, was_interrupted

PROG = "git ledger"

#: How an option takes its value: ``one`` (a value), ``many`` (repeatable), ``flag`` (no
#: value), ``count`` (a whole number above zero, as ``click.IntRange(min=1)`` reads it).
HOW = ("one", "many", "flag", "count")


class Shape(NamedTuple):
    """A plain command line: its words, its options (spelling -> (parameter, how)), the
    parameter its one argument sets (None: it takes none), and the defaults click gives."""

    words: tuple[str, ...]
    options: Mapping[str, tuple[str, str]]
    argument: str | None = None
    defaults: Mapping[str, Any] | None = None


def parse(shape: Shape, args: Sequence[str]) -> dict[str, Any] | None:
    """The parameters click would give the command for ``args``, or None when ``args`` is
    not a plain command line of ``shape`` (click's to answer)."""
    if tuple(args[:len(shape.words)]) != shape.words:
        return None
    params: dict[str, Any] = {param: () if how == "many" else False if how == "flag" else None
                              for param, how in shape.options.values()}
    params.update(shape.defaults or {})
    seen: set[str] = set()
    words = list(args[len(shape.words):])
    argument: str | None = None
    while words:
        word = words.pop(0)
        if not word.startswith("-"):
            if shape.argument is None or argument is not None:
                return None  # an argument it takes none of, or a second one
            argument = word
            continue
        name, equals, value = word.partition("=")
        known = shape.options.get(name)
        if known is None or (name in seen and known[1] != "many"):
            return None  # -C, --help, --, an abbreviation, a typo, a value given twice
        seen.add(name)
        param, how = known
        if how == "flag":
            if equals:
                return None
            params[param] = True
            continue
        if not equals:
            if not words:
                return None  # a missing value: click's usage error
            value = words.pop(0)
        if value.startswith("-"):
            return None  # click may read it otherwise (another option)
        if how == "many":
            params[param] = (*params[param], value)
        elif how == "count":
            if not (value.isascii() and value.isdigit() and value[0] != "0"):
                return None  # click says what is wrong with it
            params[param] = int(value)
        else:
            params[param] = value
    if shape.argument is not None:
        if argument is None or argument == "-":
            return None  # no argument (a usage error) or one read from stdin: click's
        params[shape.argument] = argument
    return params


class Printed(NamedTuple):
    """What a command prints: ``out`` (a line on stdout; None: nothing), ``err`` (written
    to stderr as it is), its exit status, and what to do once it is out (save it)."""

    out: str | None
    err: str = ""
    code: int = 0
    then: Callable[[], None] | None = None


def warnings(found: Sequence[str]) -> str:
    """Warnings as every command prints them on stderr."""
    from gitledger.core.display import one_line

    return "".join(f"{PROG}: warning: {one_line(w)}\n" for w in found)


def document(data: Any) -> str:
    """A ``--json`` document as every command prints it: through the gate, a ref name or a
    teammate's text with an invisible character in it shown escaped."""
    import json

    from gitledger.ledger import gate

    return json.dumps(gate.document(data), indent=2, ensure_ascii=False)


class Fast(NamedTuple):
    """A command the executable runs without click: its shape; ``refuses`` (parameters
    click would refuse with a usage error: click runs those); whether it reports what the
    git hooks' queue had to say (a hook drains quietly); ``serve`` (the saved output while
    under); ``run`` (the one library call, rendered); ``utf8`` (it prints click's bytes
    only to a stream that writes UTF-8 as it is: click re-encodes a misconfigured one);
    ``drains_all`` (a quiet call still drains for whatever a reader drains for, as the
    click command does, not only for a queue)."""

    shape: Shape
    run: Callable[[dict[str, Any], Any], Printed]
    serve: Callable[[dict[str, Any]], tuple[Any, Printed | None]] | None = None
    refuses: Callable[[dict[str, Any]], bool] | None = None
    report: bool = True
    utf8: bool = False
    drains_all: bool = False


def taken(fast: Fast, args: Sequence[str]) -> dict[str, Any] | None:
    """The parameters when the executable runs ``args`` as ``fast``, else None."""
    params = parse(fast.shape, args)
    if params is None or (fast.utf8 and not _utf8(sys.stdout)):
        return None
    if fast.refuses is not None and fast.refuses(params):
        return None
    return params


def run(fast: Fast, params: dict[str, Any]) -> NoReturn:
    """``fast`` with ``params`` as click's group runs a command: the git hooks' queue
    applied first; an error one line on stderr with its exit status (a conflict of options
    a usage error, 2), an interrupt 130, a closed pipe nothing."""
    from gitledger.errors import ConflictingOptions, LedgerError

    drain_first(report=fast.report, everything=fast.drains_all)
    try:
        interruptible()  # Ctrl-C is one line and 130 from here (launch.py's until now)
        key, printed = fast.serve(params) if fast.serve is not None else (None, None)
        if printed is None:
            printed = fast.run(params, key)
        if printed.out is not None:
            sys.stdout.write(printed.out + "\n")
            sys.stdout.flush()
        if printed.err:
            sys.stderr.write(printed.err)
        if printed.then is not None:
            printed.then()
        finished()
    except ConflictingOptions as exc:
        message = exc.spelled(lambda name: "--" + name.replace("_", "-"))
        fail(f"{message} (see {PROG} {' '.join(fast.shape.words[:1])} --help)", 2)
    except LedgerError as exc:
        fail(str(exc), exc.exit_code)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)
    except (KeyboardInterrupt, Exception) as exc:
        if not was_interrupted(exc):
            raise
        fail("interrupted", 130)
    sys.exit(printed.code)


def fail(message: str, code: int) -> NoReturn:
    from gitledger.core.display import one_line

    sys.stderr.write(f"{PROG}: {one_line(message)}\n")
    sys.exit(code)


def _utf8(stream: Any) -> bool:
    import codecs

    try:
        return codecs.lookup(stream.encoding).name == "utf-8"
    except (AttributeError, LookupError, TypeError):
        return False


def drain_first(*, report: bool, everything: bool = False) -> None:
    """What every click command does first: apply what the git hooks queued, and say once
    what it had to say (``report``); the code that applies it loads only when something
    waits.  Never the reason the call fails."""
    from gitledger.storage.queue_probe import needs_drain, queued_here

    if not (needs_drain(None) if report or everything else queued_here()):
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


__all__ = ["HOW", "PROG", "Fast", "Printed", "Shape", "document", "drain_first", "fail",
           "parse", "run", "taken", "warnings"]
