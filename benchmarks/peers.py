#!/usr/bin/env python3
"""Peers benchmark: the same decision work with git ledger and with the ADR tools.

The work: ``--decisions`` decisions (default 1,000) in supersedes chains of ``--chain``
(default 5: 200 chains), each decision superseding the one before it in its chain, then
listing the decisions in force (one per chain).  Done, in one run, by:

* ``git ledger mcp``: ONE persistent server, driven by the MCP SDK's stdio client as an
  agent drives it (``decide`` with ``supersedes``, then ``show``);
* ``git ledger decide TEXT --scope chain-N [--supersedes PREV]``: one process each, then
  ``git ledger show --json``;
* adr-tools, the original shell tool (Debian package ``adr-tools``): ``adr new TITLE`` and
  ``adr new -s N TITLE``, then ``adr list`` (which lists every record: the active ones are
  counted afterwards from the records' status sections, untimed, to check the work);
* pyadr (PyPI): ``pyadr new`` and ``pyadr accept`` for each decision.  pyadr has no
  supersede command, so the superseded record's status line is rewritten in this process
  (``* Status: superseded by [ADR-N](file)``, what a pyadr user does by hand); its cost is
  counted but negligible.  Listing is ``pyadr toc`` (the index grouped by status), and
  ``pyadr check-adr-repo`` is timed too.

The peers are set up here, never by hand: adr-tools with ``apt-get install -y adr-tools``
when ``adr`` is not on PATH, pyadr with pip into a throwaway venv in the workspace.  A peer
that cannot be installed is a row saying why, never a silent gap.

Tools that start one process per decision cost a process start each (~0.1-0.3 s), so by
default they run a sample of ``--sample`` decisions (default 100, in chains of the same
length) and the total for ``--decisions`` is EXTRAPOLATED linearly from it (a lower bound
where the per-call cost grows with the number of records, as adr-tools' supersede does);
``--full`` runs every tool on ``--decisions``.  Each per-decision cost is compared with the
MCP server's and with its floor, measured in the same run: an MCP ``ping`` round trip for
the server, ``python -c "import pygit2"`` for a process.

Repository growth: the repository holding the MCP run's ledger after
``git gc --aggressive --prune=now`` (``git count-objects -v``), minus an identical
repository without the ledger measured in the same run, against the same decisions (every
field ``show`` gives, final statuses) as one JSONL file committed once, the same lines
appended and committed one decision at a time (one ``git fast-import``: the history a
committed JSONL ledger keeps), and the raw JSONL size; the peers' record directories
(sample size), committed once and gc'd, per decision for scale.  Ratios there are per
decision.  The decision texts cycle through six phrases, so a single commit compresses far
better than real decisions would.

The MCP server is started and warmed with one ``show`` before anything is timed (its
start-up is not part of the work); the CLI's bytecode cache is warmed the same way.

Usage: benchmarks/peers.py [--decisions N] [--chain L] [--sample S] [--full] [--quick]
                           [--tmpdir DIR] [--smallest]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from harness import (
    DECISION_TEXTS,
    Workspace,
    banner,
    ms,
    new_repo,
    progress,
    record,
    smallest_option,
    workspace,
)
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

SECTION = "peers"


# -- results ------------------------------------------------------------------------------


@dataclass
class Run:
    """One tool's run of the work: how many decisions, how long, what it listed."""

    tool: str
    decisions: int
    write_total: float = 0.0  # seconds for every decision
    list_seconds: float = 0.0  # the listing command (median)
    list_label: str = ""
    active: int = -1  # decisions in force found after the run
    floor: str = ""  # the floor label its per-decision cost is compared with
    extra: list[tuple[str, float]] = field(default_factory=list)  # more timed commands
    missing: str = ""  # why the tool could not run

    @property
    def per_decision(self) -> float:
        return self.write_total / self.decisions if self.decisions else 0.0


def chains(decisions: int, length: int) -> list[list[str]]:
    """The titles of the work: ``decisions`` titles in chains of ``length``."""
    count = max(1, decisions // length)
    return [[f"{DECISION_TEXTS[c % len(DECISION_TEXTS)]} chain {c} step {s}"
             for s in range(length)] for c in range(count)]


def run_out(command: Sequence[str], cwd: Path, env: dict[str, str]) -> tuple[float, str]:
    """Run ``command``; its wall time and its standard output.  Exits on failure."""
    start = time.perf_counter()
    done = subprocess.run(list(command), cwd=cwd, env=env, capture_output=True, text=True,
                          check=False, stdin=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): "
                 f"{done.stderr.strip() or done.stdout.strip()}")
    return elapsed, done.stdout


def median_of(runs: int, command: Sequence[str], cwd: Path, env: dict[str, str]) -> float:
    return statistics.median(run_out(command, cwd, env)[0] for _ in range(runs))


# -- setting the peers up -----------------------------------------------------------------


def install_adr_tools() -> tuple[str | None, str]:
    """The ``adr`` script, installing the Debian package when it is missing; or None and
    why it could not be installed."""
    found = shutil.which("adr")
    if found is not None:
        return found, ""
    if shutil.which("apt-get") is None:
        return None, "no adr on PATH and no apt-get"
    if os.geteuid() != 0:
        return None, "no adr on PATH and not root for apt-get install"
    progress("  installing adr-tools (apt-get install -y adr-tools) ...")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    command = ["apt-get", "install", "-y", "-q", "adr-tools"]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:  # a stale package list: refresh it once and try again
        subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True,
                       check=False)
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    found = shutil.which("adr")
    if found is None:
        lines = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()
        return None, f"apt-get install failed: {lines[-1]}"
    return found, ""


def install_pyadr(root: Path) -> tuple[str | None, str]:
    """``pyadr`` installed with pip into a throwaway venv under ``root``; or None and why.
    This Python's own pip installs into it when it has one (``pip --python``), so the venv
    needs no pip of its own: seeding one costs more than the install."""
    venv = root / "pyadr-venv"
    progress("  installing pyadr (pip, in a throwaway venv) ...")
    own_pip = importlib.util.find_spec("pip") is not None
    made = subprocess.run([sys.executable, "-m", "venv", *(["--without-pip"] if own_pip else []),
                           str(venv)], capture_output=True, text=True, check=False)
    if made.returncode != 0:
        return None, f"python -m venv failed: {made.stderr.strip().splitlines()[-1:]}"
    pip = ([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")] if own_pip
           else [str(venv / "bin" / "pip")])
    done = subprocess.run([*pip, "install", "-q", "--disable-pip-version-check", "pyadr"],
                          capture_output=True, text=True, check=False)
    script = venv / "bin" / "pyadr"
    if done.returncode != 0 or not script.exists():
        lines = (done.stderr.strip() or "no output").splitlines()
        return None, f"pip install pyadr failed: {lines[-1]}"
    return str(script), ""


# -- git ledger through the MCP server ----------------------------------------------------


async def mcp_work(repo: Path, env: dict[str, str], script: str, work: list[list[str]],
                   sample_chains: int, pings: int, shows: int
                   ) -> tuple[dict[int, Run], list[dict[str, Any]], float]:
    """The work through one persistent server: the run at the sample (its first
    ``sample_chains`` chains, listed there too, the median of ``shows``) and at the whole
    work, keyed by their number of decisions; every entry at the end; the median ping."""
    params = StdioServerParameters(command=script, args=["mcp"], cwd=str(repo), env=env)
    runs: dict[int, Run] = {}
    async with stdio_client(params) as (read, write), ClientSession(read, write) as client:

        async def ping() -> float:
            start = time.perf_counter()
            await client.send_ping()
            return time.perf_counter() - start

        async def listing() -> float:
            start = time.perf_counter()
            shown = await client.call_tool("show", {})
            elapsed = time.perf_counter() - start
            if shown.is_error or shown.structured_content is None:
                sys.exit(f"MCP show failed: {shown.content}")
            return elapsed

        await client.initialize()
        await listing()  # warm-up: the server loads the ledger code, as a first call does
        pinged = [await ping() for _ in range(pings)]
        written, total = 0, 0.0
        for c, titles in enumerate(work):
            previous: str | None = None
            start = time.perf_counter()
            for title in titles:
                arguments: dict[str, Any] = {"text": title, "scope": f"chain-{c}"}
                if previous is not None:
                    arguments["supersedes"] = previous
                result = await client.call_tool("decide", arguments)
                if result.is_error or result.structured_content is None:
                    sys.exit(f"MCP decide failed: {result.content}")
                previous = str(result.structured_content["id"])
            total += time.perf_counter() - start
            written += len(titles)
            if c + 1 in (sample_chains, len(work)):
                listed = [await listing() for _ in range(shows)]
                runs[written] = Run("git ledger MCP", written, write_total=total,
                                    list_seconds=statistics.median(listed),
                                    list_label="show (tool call)", floor="MCP ping",
                                    active=count_active(shown_whole(script, repo, env)))
        pinged += [await ping() for _ in range(pings)]
    return runs, shown_whole(script, repo, env), statistics.median(pinged)


def shown_whole(script: str, repo: Path, env: dict[str, str]) -> list[dict[str, Any]]:
    """Every entry, from ``show --json``: an MCP response is capped for the agent (the
    timed ``show`` above gets what an agent gets), so it cannot be counted from."""
    return list(json.loads(run_out([script, "show", "--json"], repo, env)[1])["entries"])


def count_active(entries: list[dict[str, Any]]) -> int:
    return sum(1 for e in entries if e.get("kind") == "decided"
               and e.get("status") not in ("superseded", "rejected", "proposed"))


# -- git ledger, one process per decision ------------------------------------------------


def cli_work(repo: Path, env: dict[str, str], script: str, work: list[list[str]],
             lists: int) -> Run:
    run = Run("git ledger CLI", sum(len(c) for c in work),
              list_label="show --json (process)", floor="process floor")
    run_out([script, "show", "--json"], repo, env)  # warm the bytecode cache
    for c, titles in enumerate(work):
        previous: str | None = None
        for title in titles:
            command = [script, "decide", title, "--scope", f"chain-{c}", "--json"]
            if previous is not None:
                command += ["--supersedes", previous]
            elapsed, out = run_out(command, repo, env)
            run.write_total += elapsed
            previous = str(json.loads(out)["id"])
    run.list_seconds = median_of(lists, [script, "show", "--json"], repo, env)
    run.active = count_active(shown_whole(script, repo, env))
    return run


# -- adr-tools ----------------------------------------------------------------------------


ADR_NUMBER = re.compile(r"(\d{4})-[^/]*\.md$")


def adr_tools_work(repo: Path, env: dict[str, str], adr: str, work: list[list[str]],
                   lists: int) -> Run:
    run = Run("adr-tools", sum(len(c) for c in work), list_label="adr list (process)",
              floor="process floor")
    run_out([adr, "init"], repo, env)
    for titles in work:
        previous: str | None = None
        for title in titles:
            command = [adr, "new", title] if previous is None else [
                adr, "new", "-s", previous, title]
            elapsed, out = run_out(command, repo, env)
            run.write_total += elapsed
            found = ADR_NUMBER.search(out.strip())
            if found is None:
                sys.exit(f"adr new printed no record file: {out!r}")
            previous = str(int(found.group(1)))
    run.list_seconds = median_of(lists, [adr, "list"], repo, env)
    run.active = sum(1 for path in (repo / "doc" / "adr").glob("*.md")
                     if adr_tools_status(path).startswith("Accepted")) - 1  # adr init's
    return run


def adr_tools_status(path: Path) -> str:
    """The first line of a record's ``## Status`` section."""
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        at = lines.index("## Status")
    except ValueError:
        return ""
    return next((line for line in lines[at + 1:] if line.strip()), "")


# -- pyadr --------------------------------------------------------------------------------


PYADR_RENAMED = re.compile(r"Renamed ADR to: (\S+\.md)")
PYADR_STATUS = re.compile(r"^\* Status: .*$", re.MULTILINE)


def pyadr_work(repo: Path, env: dict[str, str], pyadr: str, work: list[list[str]],
               lists: int) -> Run:
    run = Run("pyadr", sum(len(c) for c in work), list_label="toc (process)",
              floor="process floor")
    run_out([pyadr, "init", "-n"], repo, env)
    records = repo / "docs" / "adr"
    for titles in work:
        previous: Path | None = None
        for title in titles:
            elapsed, _ = run_out([pyadr, "new", "-n", *title.split()], repo, env)
            proposed = sorted(records.glob("XXXX-*.md"))
            if len(proposed) != 1:
                sys.exit(f"pyadr new left {len(proposed)} proposed records")
            more, out = run_out([pyadr, "accept", "-n", str(proposed[0])], repo, env)
            found = PYADR_RENAMED.search(out)
            if found is None:
                sys.exit(f"pyadr accept printed no record file: {out!r}")
            accepted = repo / found.group(1)
            start = time.perf_counter()
            if previous is not None:  # no supersede command: edit the status by hand
                number = accepted.name[:4]
                text = previous.read_text(encoding="utf-8")
                previous.write_text(PYADR_STATUS.sub(
                    f"* Status: superseded by [ADR-{number}]({accepted.name})", text,
                    count=1), encoding="utf-8")
            run.write_total += elapsed + more + time.perf_counter() - start
            previous = accepted
    run.list_seconds = median_of(lists, [pyadr, "toc", "-n"], repo, env)
    run.extra.append(("check-adr-repo (process)",
                      median_of(lists, [pyadr, "check-adr-repo", "-n"], repo, env)))
    run.active = sum(1 for path in records.glob("[0-9][0-9][0-9][0-9]-*.md")
                     if "* Status: accepted" in path.read_text(encoding="utf-8")) - 2
    return run


# -- repository growth --------------------------------------------------------------------


def packed_bytes(repo: Path, env: dict[str, str]) -> int:
    """The repository's object store after ``git gc --aggressive --prune=now``, in bytes
    (``git count-objects -v``: loose plus packed, KiB)."""
    subprocess.run(["git", "-C", str(repo), "gc", "-q", "--aggressive", "--prune=now"],
                   env=env, check=True)
    out = subprocess.run(["git", "-C", str(repo), "count-objects", "-v"], env=env,
                         capture_output=True, text=True, check=True).stdout
    sizes = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
    return (int(sizes["size"]) + int(sizes["size-pack"])) * 1024


def committed_bytes(repo: Path, env: dict[str, str], paths: Sequence[str],
                    baseline: int) -> int:
    """Commit ``paths`` in ``repo``, gc, and return the growth over ``baseline``."""
    subprocess.run(["git", "-C", str(repo), "add", "--", *paths], env=env, check=True)
    subprocess.run(["git", "-C", str(repo), "commit", "-q", "-m", "records"], env=env,
                   check=True)
    return packed_bytes(repo, env) - baseline


def history_bytes(repo: Path, env: dict[str, str], lines: Sequence[str],
                  baseline: int) -> int:
    """Append ``lines`` to ``decisions/ledger.jsonl`` one by one, committing each (one
    ``git fast-import``), gc, and return the growth over ``baseline``."""
    feed = subprocess.Popen(["git", "-C", str(repo), "fast-import", "--quiet"], env=env,
                            stdin=subprocess.PIPE)
    assert feed.stdin is not None
    content = b""
    for i, line in enumerate(lines):
        content += line.encode("utf-8")
        message = f"decision {i + 1}\n".encode()
        head = (f"commit refs/heads/main\ncommitter Bench Mark <bench@example.com> "
                f"{1_700_000_000 + i} +0000\ndata {len(message)}\n").encode()
        parent = b"from refs/heads/main^0\n" if i == 0 else b""
        feed.stdin.write(head + message + parent
                         + b"M 100644 inline decisions/ledger.jsonl\n"
                         + f"data {len(content)}\n".encode() + content + b"\n")
    feed.stdin.close()
    if feed.wait() != 0:
        sys.exit("git fast-import failed")
    return packed_bytes(repo, env) - baseline


# -- the report ---------------------------------------------------------------------------


def ratio_text(value: float, against: float) -> str:
    if against <= 0:
        return ""
    ratio = value / against
    return f"{ratio:.1f}x" if ratio >= 10 else f"{ratio:.2f}x"


def size_text(size: float) -> str:
    return f"{size / 1024:,.1f} KiB"


def table(header: Sequence[str], body: Sequence[Sequence[str]]) -> None:
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
    print("  " + " | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("  " + "-+-".join("-" * w for w in widths))
    for line in body:
        print("  " + " | ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)))


def report(mcp: dict[int, Run], runs: list[Run], floors: dict[str, float], target: int,
           chain: int) -> None:
    """The table of the work, each tool against the MCP server on the same decisions."""
    header = ("tool", "work", "wall total", "per decision", "vs MCP", "vs its floor",
              "note")
    body: list[tuple[str, ...]] = [
        ("MCP ping", "floor: one round trip", "", ms(floors["MCP ping"]), "", "", ""),
        ("python -c 'import pygit2'", "floor: one process", "", ms(floors["process floor"]),
         "", "", ""),
    ]
    whole = mcp[max(mcp)]
    for run in [*sorted(mcp.values(), key=lambda r: -r.decisions), *runs]:
        if run.missing:
            body.append((run.tool, "", "", "", "", "", f"not installed ({run.missing})"))
            record(SECTION, f"{run.tool}: not installed", 0.0,
                   note=f"not installed ({run.missing})")
            continue
        base = mcp[run.decisions]
        is_mcp = run.tool == base.tool
        expected = run.decisions // chain
        check = (f"{run.active} active, expected {expected}"
                 + ("" if run.active == expected else " (WRONG)"))
        per = run.per_decision
        floor = floors[run.floor]
        body.append((run.tool, f"{run.decisions} decisions, chains of {chain}",
                     f"{run.write_total:,.2f} s", ms(per),
                     ratio_text(per, base.per_decision), ratio_text(per, floor), check))
        if run.decisions != target and not is_mcp:
            body.append((run.tool, f"{target} decisions, EXTRAPOLATED",
                         f"~{per * target:,.1f} s", "", ratio_text(per, whole.per_decision),
                         "", f"linear from {run.decisions}; MCP measured at {target}"))
        body.append((run.tool, f"list: {run.list_label}", ms(run.list_seconds), "",
                     ratio_text(run.list_seconds, base.list_seconds), "",
                     f"over {run.decisions} decisions"))
        for label, seconds in run.extra:
            body.append((run.tool, label, ms(seconds), "", "", "",
                         f"over {run.decisions} decisions"))
        # the machine-readable rows
        size = f"{run.decisions} decisions in chains of {chain}"
        if is_mcp:
            record(SECTION, f"git ledger MCP decide, per decision ({run.decisions})", per,
                   against="MCP ping", ratio=per / floor, note=f"{size}; {check}")
            record(SECTION, f"git ledger MCP: {run.decisions} decisions", run.write_total,
                   note=size)
            record(SECTION, f"git ledger MCP show ({run.decisions})", run.list_seconds,
                   against="MCP ping", ratio=run.list_seconds / floor)
            continue
        against = f"git ledger MCP decide, per decision ({run.decisions})"
        record(SECTION, f"{run.tool} per decision", per, against=against,
               ratio=per / base.per_decision,
               note=f"{size}; {per / floor:.2f}x {run.floor}; {check}")
        if run.decisions != target:
            record(SECTION, f"{run.tool}: {target} decisions (extrapolated)", per * target,
                   against=f"git ledger MCP: {target} decisions",
                   ratio=per * target / whole.write_total,
                   note=f"EXTRAPOLATED linearly from {run.decisions}")
        else:
            record(SECTION, f"{run.tool}: {target} decisions", run.write_total,
                   against=f"git ledger MCP: {target} decisions",
                   ratio=run.write_total / whole.write_total, note=size)
        record(SECTION, f"{run.tool} list: {run.list_label}", run.list_seconds,
               against=f"git ledger MCP show ({run.decisions})",
               ratio=run.list_seconds / base.list_seconds,
               note=f"over {run.decisions} decisions")
        for label, seconds in run.extra:
            record(SECTION, f"{run.tool} {label}", seconds,
                   note=f"over {run.decisions} decisions")
    record(SECTION, "MCP ping (floor)", floors["MCP ping"])
    record(SECTION, "python -c 'import pygit2' (floor)", floors["process floor"])
    print()
    table(header, body)


def report_growth(growth: list[tuple[str, int, int]]) -> None:
    """The growth table; ratios are per decision, against the ledger's (the first row)."""
    print()
    label0, count0, size0 = growth[0]
    per0 = size0 / count0
    header = ("repository growth after git gc --aggressive", "decisions", "bytes",
              "per decision", "vs the ledger, per decision")
    body = [(label, str(count), size_text(size), f"{size / count:,.0f} B",
             ratio_text(size / count, per0)) for label, count, size in growth]
    table(header, body)
    for label, count, size in growth:
        first = label == label0
        record(SECTION, label, float(size), unit="B",
               against=None if first else f"{label0}, per decision",
               ratio=None if first else size / count / per0,
               note=f"{count} decisions, {size / count:,.0f} B each (ratio per decision)")


# -- main ---------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--decisions", type=int, default=1000,
                        help="decisions in the work (default 1000)")
    parser.add_argument("--chain", type=int, default=5,
                        help="decisions per supersedes chain (default 5)")
    parser.add_argument("--sample", type=int, default=100,
                        help="decisions the process-per-decision tools run, their total "
                             "extrapolated (default 100)")
    parser.add_argument("--full", action="store_true",
                        help="every tool runs all --decisions (several minutes)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke test: 100 decisions, a sample of 20")
    parser.add_argument("--tmpdir", help="where the repositories go (default: the system's)")
    smallest_option(parser)
    options = parser.parse_args()
    if options.quick:
        options.decisions, options.sample = 100, 20
    if options.decisions < options.chain or options.chain < 1 or options.sample < 1:
        parser.error("need --chain >= 1, --sample >= 1 and --decisions >= --chain")
    started = time.perf_counter()
    with workspace(options.tmpdir) as ws:
        banner("peers: decisions in supersedes chains, git ledger vs adr-tools vs pyadr",
               ws.root)
        main_work(ws, options.decisions, options.chain,
                  options.decisions if options.full else min(options.sample,
                                                             options.decisions),
                  once=options.smallest)
    print(f"\n  peers: {time.perf_counter() - started:.0f} s in all")


def main_work(ws: Workspace, decisions: int, chain: int, sample: int, *,
              once: bool = False) -> None:
    """The work, the growth and their tables; ``once``: every timed command once, the
    floors sampled once without warm-up (``--smallest``)."""
    repeats, pings, floor_samples = (1, 1, 1) if once else (3, 20, 5)
    env = ws.proc_env
    peer_env = {**env, "EDITOR": "true", "VISUAL": "true"}
    full = chains(decisions, chain)
    part = chains(sample, chain)
    adr, adr_missing = install_adr_tools()
    pyadr, pyadr_missing = install_pyadr(ws.root)
    floor = [sys.executable, "-c", "import pygit2"]
    if not once:
        median_of(2, floor, ws.root, env)  # warm-up
    process_floor = [median_of(floor_samples, floor, ws.root, env)]

    progress(f"  git ledger MCP: {decisions} decisions ...")
    mcp_repo = new_repo(ws.root / "mcp", ws.env)
    mcp, entries, ping = anyio.run(mcp_work, mcp_repo, env, ws.script, full, len(part),
                                   pings, repeats)
    runs: list[Run] = []

    progress(f"  git ledger CLI: {len(part) * chain} decisions, one process each ...")
    runs.append(cli_work(new_repo(ws.root / "cli", ws.env), env, ws.script, part, repeats))

    peer_repos: list[tuple[str, Run, Path, str]] = []
    if adr is None:
        runs.append(Run("adr-tools", 0, missing=adr_missing))
    else:
        progress(f"  adr-tools: {len(part) * chain} decisions ...")
        repo = new_repo(ws.root / "adr-tools", ws.env)
        runs.append(adr_tools_work(repo, peer_env, adr, part, repeats))
        peer_repos.append(("adr-tools records (doc/adr), committed", runs[-1], repo, "doc"))
    if pyadr is None:
        runs.append(Run("pyadr", 0, missing=pyadr_missing))
    else:
        progress(f"  pyadr: {len(part) * chain} decisions ...")
        repo = new_repo(ws.root / "pyadr", ws.env)
        run_out([pyadr, "--version"], repo, peer_env)  # warm the bytecode cache
        runs.append(pyadr_work(repo, peer_env, pyadr, part, repeats))
        peer_repos.append(("pyadr records (docs/adr), committed", runs[-1], repo, "docs"))
    if not once:
        process_floor.append(median_of(floor_samples, floor, ws.root, env))
    floors = {"MCP ping": ping, "process floor": statistics.median(process_floor)}
    report(mcp, runs, floors, decisions, chain)

    progress("  repository growth (git gc --aggressive) ...")
    baseline = packed_bytes(new_repo(ws.root / "baseline", ws.env), ws.env)
    ledger_bytes = packed_bytes(mcp_repo, ws.env) - baseline
    decided = [e for e in entries if e.get("kind") == "decided"]
    jsonl_repo = new_repo(ws.root / "jsonl", ws.env)
    jsonl = jsonl_repo / "decisions" / "ledger.jsonl"
    jsonl.parent.mkdir()
    jsonl.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in decided),
                     encoding="utf-8")
    raw = jsonl.stat().st_size
    lines = [json.dumps(e, ensure_ascii=False) + "\n"
             for e in sorted(decided, key=lambda e: int(e.get("seq") or 0))]
    history = history_bytes(new_repo(ws.root / "jsonl-history", ws.env), ws.env, lines,
                            baseline)
    growth = [
        ("git ledger refs (one commit per event)", len(decided), ledger_bytes),
        ("same decisions as JSONL, one commit", len(decided),
         committed_bytes(jsonl_repo, ws.env, ["decisions"], baseline)),
        ("same JSONL, appended + committed per decision", len(decided), history),
        ("same JSONL file, raw", len(decided), raw),
    ]
    for label, run, repo, where in peer_repos:
        growth.append((label, run.decisions + (2 if run.tool == "pyadr" else 1),
                       committed_bytes(repo, ws.env, [where], baseline)))
    report_growth(growth)


if __name__ == "__main__":
    main()
