"""The survival scenario: how much of what an agent recorded reaches the model after each real
compaction, in a real client against the scripted model (``benchmarks/survival.py`` at full
size, ``test_survival.py`` at CI size).

One long session records items through the client's shell tool (TASK, NEXT riding along,
decisions with what they beat, verified facts, dropped approaches, open questions) while a
second session and a teammate's pushed ledger are present; a reply reporting a full context
makes the client compact on its own, K times.  The first model request after each
compaction is read: which recorded items' text it holds, by section; whether TASK and the
latest NEXT are there; foreign items that arrived unlabelled; what the block clipped and
whether it names the command that shows it; and whether the decisions governing the files
the session changed (committed on the branch, or being edited) came back.
"""

from __future__ import annotations

import json
import re
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tests.agents.clients import CLIENTS, FULL_CONTEXT, Client
from tests.agents.conftest import World, ledger_in_process, make_world
from tests.agents.model_server import Reply, json_strings
from tests.conftest import git

#: The sections items are recorded in, and the CLI verb each is written with.
SECTIONS = ("decided", "verified", "dropped", "open")
#: Decisions that govern a file (``--paths src/modN.py``), recorded first: the session later
#: changes every one of those files, some committed on the branch, the others only edited.
GOVERNING = 5
COMMITTED = 3
#: Writes one shell call makes (joined with ``&&``), as an agent batches its bookkeeping.
BATCH = 8
SECOND = "second-session-survival"
TEAMMATE = ("Bob Teammate", "bob@example.com")
#: A line of the block (or of the model's context) that says whose an entry is.
LABELS = ("[from another session", "[by ", "from teammates", "another session (")


#: The compacting clients whose survival session has been driven through: a client that
#: compacts on its own joins once its session runs here (until then its matrix cell says
#: unverified, never proven by default).
MEASURED = ("claude", "codex", "pi", "qwen", "opencode", "kilo", "omp")


def compacting_clients() -> tuple[Client, ...]:
    """The clients the suite makes compact on their own (a reported context size fills
    their window: ``clients.FULL_CONTEXT``), but those whose record says survival cannot
    be measured in them (nothing comes back after a compaction)."""
    return tuple(c for c in CLIENTS if c.name in MEASURED and c.name in FULL_CONTEXT
                 and "survival" not in c.lacks)


@dataclass(frozen=True)
class Item:
    section: str
    text: str
    command: str
    #: The phase it is written in (0: the first run, before any compaction).
    phase: int
    governs: str | None = None
    #: Filler that only grows the ledger (``grown``): written by one process (``_bulk``).
    bulk: bool = False


@dataclass(frozen=True)
class Plan:
    decisions: int
    others: int
    compactions: int
    task: str = "make the import pipeline resumable after a crash"
    items: tuple[Item, ...] = ()
    #: The NEXT each phase ends with.
    nexts: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return len(self.items)


def plan(decisions: int, others: int, compactions: int) -> Plan:
    """``decisions`` decisions and ``others`` of each other section, spread over one phase
    before the first compaction and one after each (the governing decisions first)."""
    phases = compactions + 1
    items: list[Item] = []
    for n in range(min(GOVERNING, decisions)):
        path = f"src/mod{n}.py"
        text = f"G{n} module {n} keeps its own retry budget per batch, never a global one"
        items.append(Item("decided", text, _cmd("decide", text, "--over",
                                                f"a global retry budget for module {n}",
                                                "--because", "one slow batch starved the rest",
                                                "--paths", path), 0, path))
    queue: list[tuple[str, int]] = [("decided", n) for n in range(GOVERNING, decisions)]
    for n in range(others):
        queue += [("verified", n), ("dropped", n), ("open", n)]
    # Interleave: sort by each kind's position in its own list, as a session records them.
    counts = {"decided": max(decisions - GOVERNING, 1), "verified": others or 1,
              "dropped": others or 1, "open": others or 1}
    queue.sort(key=lambda pair: ((pair[1] - (GOVERNING if pair[0] == "decided" else 0))
                                 / counts[pair[0]], SECTIONS.index(pair[0])))
    for position, (kind, n) in enumerate(queue):
        phase = min(phases - 1, position * phases // max(len(queue), 1))
        items.append(_item(kind, n, phase))
    nexts = tuple(f"step {p + 1}: re-run the importer on the fixture set {p + 1}"
                  for p in range(phases))
    return Plan(decisions, others, compactions, items=tuple(items), nexts=nexts)


def grown(base: Plan, decisions: int) -> Plan:
    """``base`` with ``decisions`` more decisions recorded in its last phase, which now ends
    with one more compaction: the first compactions see ``base``'s size, the last one a
    ledger past the block's budget, all in one session (the phase after it records nothing)."""
    last = base.compactions
    more = tuple(replace(_item("decided", n, last), bulk=True)
                 for n in range(base.decisions, base.decisions + decisions))
    nexts = (*base.nexts, f"step {last + 2}: re-run the importer on the fixture set {last + 2}")
    return Plan(base.decisions + decisions, base.others, last + 1, base.task,
                base.items + more, nexts)


def _item(kind: str, n: int, phase: int) -> Item:
    if kind == "decided":
        text = f"D{n:03d} read batch {n} through the streaming decoder with bounded memory"
        return Item(kind, text, _cmd("decide", text, "--over", f"loading batch {n} whole",
                                     "--over", "a temporary file per batch",
                                     "--because", f"batch {n} can exceed the worker's memory"),
                    phase)
    if kind == "verified":
        text = f"V{n:03d} the importer resumes at checkpoint {n} after a kill -9"
        return Item(kind, text, _cmd("verify", text, "--by",
                                     f"pytest tests/test_resume.py -k checkpoint_{n}"), phase)
    if kind == "dropped":
        text = f"X{n:03d} retrying the whole file {n} from the start on failure"
        return Item(kind, text, _cmd("drop", text, "--why",
                                     f"file {n} took an hour to re-read each time"), phase)
    text = f"Q{n:03d} should checkpoint {n} survive a schema migration?"
    return Item(kind, text, _cmd("open", text), phase)


def _cmd(verb: str, *args: str) -> str:
    return " ".join(["git", "ledger", verb, *(shlex.quote(a) for a in args)])


# -- the world around the session ---------------------------------------------------------


def prepare(client: Client, bin_dir: Path, tmp: Path) -> World:
    """A project for ``client`` with what the session needs around it (``surround``)."""
    return surround(make_world(client, bin_dir, tmp))


def surround(world: World) -> World:
    """The governed files, a remote a teammate pushed a ledger and project decisions to
    (pulled here), and a second worktree with its own session, around ``world``."""
    repo, tmp = world.repo, world.tmp
    for n in range(GOVERNING):
        (repo / "src").mkdir(exist_ok=True)
        (repo / "src" / f"mod{n}.py").write_text(f"RETRIES_{n} = 3\n")
    git(repo, "add", "src")
    git(repo, "commit", "-q", "-m", "the modules")
    remote = tmp / "remote.git"
    git(tmp, "init", "-q", "--bare", str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    git(repo, "push", "-q", "origin", "main")
    mate = tmp / "teammate"
    git(tmp, "clone", "-q", str(remote), str(mate))
    # The teammate's identity wins over any the environment sets for the project's user.
    bob = {f"GIT_{who}_{part}": value for who in ("AUTHOR", "COMMITTER")
           for part, value in zip(("NAME", "EMAIL"), TEAMMATE, strict=True)}
    for n in range(3):
        _ledger(world, mate, "decide", "--project", f"TEAMMATE project decision {n}: the "
                "importer logs in JSON", "--over", "plain text logs", "--because", "grep-able",
                env=bob)
    _ledger(world, mate, "task", "TEAMMATE task: port the exporter", env=bob)
    _ledger(world, mate, "decide", "TEAMMATE session decision: exporter writes parquet",
            "--over", "csv", env=bob)
    _ledger(world, mate, "push", env=bob)
    _ledger(world, repo, "pull")
    second = tmp / "second"
    git(repo, "worktree", "add", "-q", "-b", "second", str(second))
    env = {"GIT_LEDGER_SESSION_ID": SECOND}
    _ledger(world, second, "task", "SECOND-SESSION task: profile the exporter", env=env)
    _ledger(world, second, "decide", "SECOND-SESSION worktree decision: sample at 99 Hz",
            "--over", "1000 Hz", env=env)
    return world


def _ledger(world: World, where: Path, *args: str, env: dict[str, str] | None = None) -> str:
    done = ledger_in_process(where, {**world.env(), **(env or {})}, *args)
    if done.returncode != 0:
        raise AssertionError(f"git ledger {' '.join(args)} in {where}: {done.stderr!r}")
    return done.stdout.decode()


# -- the session --------------------------------------------------------------------------


@dataclass
class Outcome:
    """What one client's session gave: the requests after each compaction, read."""

    client: str
    version: str
    plan: Plan
    compactions: list[Compaction] = field(default_factory=list)
    recorded: int = 0
    hook_seconds: float = 0.0
    floor_seconds: float = 0.0
    problems: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Compaction:
    #: Recorded items before it (by section) and those whose text reached the model.
    recorded: dict[str, int]
    reached: dict[str, int]
    #: The same counted in the restore block alone.
    in_block: dict[str, int]
    task: bool
    next: bool
    governing: int
    governing_recorded: int
    unlabelled: list[str]
    #: Sections whose recorded items the block left out, and whether it names each (with
    #: the command that shows the rest), and whether that command shows every one of them.
    clipped: dict[str, int]
    named: bool
    reachable: bool
    block_length: int

    def share(self, sections: Sequence[str] = SECTIONS) -> float:
        total = sum(self.recorded.get(s, 0) for s in sections)
        return 100.0 * sum(self.reached.get(s, 0) for s in sections) / total if total else 100.0


#: A shell step that lets a late restore block arrive before the next request.
WAIT_FOR_THE_HOOK = "python3 -c 'import time; time.sleep(3)'"


def run_session(world: World, the_plan: Plan, *, timeout: float = 900,
                hook_runs: int = 5) -> Outcome:
    """Drive ``the_plan`` through ``world``'s client and read what reached the model (and
    time the session-start hook ``hook_runs`` times: ``hook_time``)."""
    from tests.agents.clients import installed_version

    full = FULL_CONTEXT[world.client.name]
    first = [i for i in the_plan.items if i.phase == 0 and i.governs]
    # Run 1: the task, the governing decisions, and edits of two governed files (through
    # the shell tool: the pre-tool-use hook sees them).
    script = [Reply.shell(_cmd("task", the_plan.task, "--next", "read the governed modules"))]
    script += [Reply.shell(call) for call in _shell_calls(first, world)]
    for n in range(COMMITTED, min(GOVERNING, the_plan.decisions)):
        script.append(Reply.shell(f"echo '# edited for the survival run' >> src/mod{n}.py"))
    script.append(Reply(text="Started."))
    opened = world.run("start the task", script, timeout=timeout)
    out = Outcome(world.client.name, installed_version(world.bin_dir, world.client), the_plan)
    if opened.rc != 0:
        out.problems.append(f"first run: {opened.describe()}")
        return out
    session = str(world.ledger_json("show")["ledger"]["session_id"] or "")
    # Between the runs: the branch commits the other governed files (as the user would), and
    # a second session writes into this worktree's ledger.
    for n in range(min(COMMITTED, the_plan.decisions)):
        (world.repo / "src" / f"mod{n}.py").write_text(f"RETRIES_{n} = 5\n")
    git(world.repo, "commit", "-q", "-am", "the modules retry per batch")
    foreign = ["SECOND-SESSION decision in this worktree: cache the schema per run",
               "SECOND-SESSION dropped: a global lock around the importer"]
    _ledger(world, world.repo, "decide", foreign[0], "--over", "per batch",
            env={"GIT_LEDGER_SESSION_ID": SECOND})
    _ledger(world, world.repo, "drop", foreign[1], "--why", "it serialised every worker",
            env={"GIT_LEDGER_SESSION_ID": SECOND})
    foreign += ["TEAMMATE project decision", "TEAMMATE task", "TEAMMATE session decision",
                "SECOND-SESSION task", "SECOND-SESSION worktree decision"]
    # Run 2: the rest, phase by phase, each phase's last step reporting a full context: its
    # NEXT (a client that compacts within the turn does so before its next request), or for
    # one that compacts between prompts, the text that ends the phase's prompt.
    between = world.client.compacts == "prompt"
    script = []
    prompts = ["go on"]
    for phase in range(the_plan.compactions + 1):
        calls = _shell_calls([i for i in the_plan.items if i.phase == phase and not i.governs],
                             world)
        script += [Reply.shell(call) for call in calls]
        tokens = full if phase < the_plan.compactions else 1_000
        script.append(Reply.shell(_cmd("next", the_plan.nexts[phase]),
                                  input_tokens=1_000 if between else tokens))
        if world.client.restores_late and phase < the_plan.compactions:
            # Its block comes once the hook has returned: on a loaded machine a second or
            # more, when the rest of the phase can be sent (a bare ``sleep`` it refuses).
            script.append(Reply.shell(WAIT_FOR_THE_HOOK))
        if between and phase < the_plan.compactions:
            script.append(Reply(text=f"Phase {phase + 1} recorded.", input_tokens=tokens))
            prompts.append(f"go on with phase {phase + 2}")
    script.append(Reply(text="Done for now."))
    done = world.run("\n\n".join(prompts), script, resume=session or None, timeout=timeout)
    if done.rc != 0 or done.timed_out:
        out.problems.append(f"second run: {done.describe()}")
    shown = world.ledger_json("show")
    texts = {e["text"] for e in shown.get("entries", [])}
    recorded = [i for i in the_plan.items if i.text in texts]
    out.recorded = len(recorded)
    if len(recorded) != len(the_plan.items):
        out.problems.append(f"{len(the_plan.items) - len(recorded)} items never recorded")
    everything = {kind: _ledger(world, world.repo, "show", "--kind", kind)
                  for kind in SECTIONS}
    out.compactions = [_read(request, the_plan, k, recorded, foreign, everything)
                       for k, request in enumerate(_after_compactions(done.requests))]
    if len(out.compactions) < the_plan.compactions:
        out.problems.append(f"{len(out.compactions)} of {the_plan.compactions} compactions "
                            "reached the model")
    out.hook_seconds, out.floor_seconds = hook_time(world, session, hook_runs)
    return out


def _shell_calls(items: Sequence[Item], world: World) -> list[str]:
    """The shell tool's calls that write ``items``: ``BATCH`` commands joined with ``&&``,
    then the bulk filler in one call (``_bulk``)."""
    written = [i for i in items if not i.bulk]
    calls = [" && ".join(i.command for i in written[at:at + BATCH])
             for at in range(0, len(written), BATCH)]
    filler = [i for i in items if i.bulk]
    return calls + ([_bulk(filler, world)] if filler else [])


#: One process running the ``git ledger`` commands of a file in turn, the command line
#: in-process: 45 starts of the installed command were a quarter of a survival session's
#: CPU, and the filler is there to grow the ledger past the block's budget, not to prove
#: the command.
_BULK = ("import shlex, sys\n"
         "from gitledger.cli import cli\n"
         "for line in open(sys.argv[1]).read().splitlines():\n"
         "    try:\n"
         "        cli.main(shlex.split(line)[2:], prog_name='git ledger')\n"
         "    except SystemExit as done:\n"
         "        if done.code:\n"
         "            sys.exit(done.code)\n")


def _bulk(items: Sequence[Item], world: World) -> str:
    """One shell call writing ``items`` through the command line in one Python process (the
    ``python3`` first on the client's PATH: the test environment's, where ``git-ledger`` is
    installed; Claude Code's runs allow ``python3 -c``).  The commands are in a file: on
    the command line, 45 of them quoted twice are more than Claude Code's parser takes."""
    commands = world.tmp / f"survival-filler-{len(items)}.txt"
    commands.write_text("".join(f"{i.command}\n" for i in items))
    return " ".join(["python3", "-c", shlex.quote(_BULK), shlex.quote(str(commands))])


def _after_compactions(requests: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first turn request after each compaction: the first holding a block restored
    after a compaction that no earlier request held."""
    seen: set[str] = set()
    found = []
    for request in requests:
        if not request["turn"]:
            continue
        blocks = {s for s in json_strings(request["body"]) if "restored after compact" in s}
        if blocks - seen:
            found.append(request)
        seen |= blocks
    return found


def _block(strings: list[str]) -> str:
    """The restore block (after a compaction) in a request's strings."""
    found = [s for s in strings if "restored after compact" in s]
    if not found:
        return ""
    text = found[-1]
    return text[text.index("# git ledger:"):] if "# git ledger:" in text else text


def _read(request: dict[str, Any], the_plan: Plan, k: int, recorded: list[Item],
          foreign: list[str], everything: dict[str, str]) -> Compaction:
    strings = list(json_strings(request["body"]))
    context = "\n".join(strings)
    block = _block(strings)
    before = [i for i in recorded if i.phase <= k]
    counts = {s: sum(1 for i in before if i.section == s) for s in SECTIONS}
    reached = {s: sum(1 for i in before if i.section == s and i.text in context)
               for s in SECTIONS}
    in_block = {s: sum(1 for i in before if i.section == s and i.text in block)
                for s in SECTIONS}
    governing = [i for i in before if i.governs]
    unlabelled = [line.strip()[:120] for text in foreign for line in context.splitlines()
                  if text in line and not any(label in line for label in LABELS)]
    clipped = {s: counts[s] - in_block[s] for s in SECTIONS if counts[s] > in_block[s]}
    named = all(re.search(rf"\d+ more {s.upper()}\b[^\n]*: git ledger show[^\n]*--kind {s}",
                          block) for s in clipped)
    reachable = all(i.text in everything[i.section] for i in before
                    if i.text not in block)
    return Compaction(counts, reached, in_block, the_plan.task in block,
                      the_plan.nexts[k] in block, sum(1 for i in governing if i.text in block),
                      len(governing), unlabelled, clipped, named, reachable, len(block))


def hook_time(world: World, session: str, runs: int = 5) -> tuple[float, float]:
    """The session-start hook after a compaction, composing the block (the saved one is
    removed first: the pre-compact checkpoint always moved the ledger), median of ``runs``;
    and ``python -c 'import pygit2'`` beside it, the floor of any process of ours."""
    payload = json.dumps({"session_id": session, "source": "compact", "cwd": str(world.repo),
                          "hook_event_name": "SessionStart"})
    gitdir = Path(git(world.repo, "rev-parse", "--absolute-git-dir").strip())
    hook, floor = [], []
    env = world.env()
    for _ in range(runs):
        (gitdir / "ledger-restore.json").unlink(missing_ok=True)
        start = time.perf_counter()
        subprocess.run(["git", "ledger", "hook", "session-start", "--agent", world.client.name],
                       input=payload, cwd=world.repo, env=env, capture_output=True, text=True,
                       timeout=60, check=False)
        hook.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import pygit2"], env=env, timeout=60,
                       check=False)
        floor.append(time.perf_counter() - start)
    return statistics.median(hook), statistics.median(floor)


def summary(out: Outcome) -> list[str]:
    """The session's figures, one line a compaction, for a report."""
    lines = [f"{out.client} {out.version}: {out.plan.size} items ({out.plan.decisions} "
             f"decisions), {len(out.compactions)} compactions, recorded {out.recorded}; hook "
             f"{out.hook_seconds * 1000:.0f} ms (import pygit2 {out.floor_seconds * 1000:.0f} "
             "ms)"]
    for k, c in enumerate(out.compactions, 1):
        by = ", ".join(f"{s} {c.reached[s]}/{c.recorded[s]}" for s in SECTIONS)
        lines.append(f"  after compaction {k}: {c.share():.0f}% reached ({by}); TASK "
                     f"{'yes' if c.task else 'NO'}, NEXT {'yes' if c.next else 'NO'}; "
                     f"governing {c.governing}/{c.governing_recorded}; unlabelled "
                     f"{len(c.unlabelled)}; clipped {c.clipped or 'nothing'} named "
                     f"{'yes' if c.named else 'NO'}, reachable {'yes' if c.reachable else 'NO'}"
                     f"; block {c.block_length} chars")
    lines += [f"  problem: {p[:400]}" for p in out.problems]
    return lines


__all__ = ["Outcome", "Plan", "compacting_clients", "grown", "plan", "prepare",
           "run_session", "summary"]
