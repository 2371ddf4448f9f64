#!/usr/bin/env python3
"""MCP benchmark: what one tool call costs an agent through ``git ledger mcp``.

One persistent server process, started in a fresh repository, driven by the SDK's own
stdio client, exactly as an agent drives it.  Measured in the same run, alternately so
that the machine's load hits each alike:

* the floors: an MCP ``ping`` round trip (the protocol and the pipes, no ledger work),
  and the storage floor of one write (``harness.RawLedgerWrites``: the same objects and
  ref update a ``decide`` writes, done directly with pygit2 in a repository beside it);
* ``decide`` (a write: one commit on the ledger ref) as the ledger grows to ``--entries``;
* ``show`` of one entry by id, and ``restore`` (reads);
* for comparison, one ``git ledger decide`` process, the cost of shelling out.

Figures are medians, printed with their ratio to the ping floor (and, for ``decide``, to
the ping plus the storage floor: what a write through any server would cost at least);
the append cost at the start and at the end of the run shows whether a write stays flat
as the ledger grows.
Usage: ``python benchmarks/mcp_calls.py [--entries N] [--tmpdir DIR] [--smallest]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from harness import (
    ALTERNATIVES,
    DECISION_TEXTS,
    RawLedgerWrites,
    banner,
    ms,
    new_repo,
    record,
    smallest_option,
    timed,
    workspace,
)
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


async def clock(call: Callable[[], Awaitable[Any]]) -> float:
    start = time.perf_counter()
    await call()
    return time.perf_counter() - start


async def drive(repo: Path, env: dict[str, str], script: str,
                entries: int) -> dict[str, list[float]]:
    params = StdioServerParameters(command=script, args=["mcp"], cwd=str(repo), env=env)
    got: dict[str, list[float]] = {"ping": [], "raw": [], "decide": [], "show": [],
                                   "restore": []}
    raw = RawLedgerWrites(repo.parent / "raw-writes.git")
    async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
        await client.initialize()
        first = await client.call_tool("decide", {"text": "the first decision"})
        assert first.structured_content is not None, first.content
        entry_id = first.structured_content["id"]
        for i in range(entries):
            got["ping"].append(await clock(client.send_ping))
            got["raw"].append(raw.write())
            text = f"{DECISION_TEXTS[i % len(DECISION_TEXTS)]} (#{i})"

            async def decide(text: str = text, i: int = i) -> None:
                result = await client.call_tool("decide", {
                    "text": text, "over": [ALTERNATIVES[i % len(ALTERNATIVES)]],
                    "because": "it measured better", "scope": f"bench/{i}"})
                if result.is_error:
                    raise SystemExit(f"decide failed: {result.content}")
            got["decide"].append(await clock(decide))
            if i % 10 == 0:
                got["show"].append(await clock(
                    lambda: client.call_tool("show", {"id": entry_id})))
                got["restore"].append(await clock(
                    lambda: client.call_tool("restore", {})))
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=500,
                        help="decisions written through the server (default 500)")
    parser.add_argument("--tmpdir", help="where the repositories go (default: the system's)")
    smallest_option(parser)
    options = parser.parse_args()
    with workspace(options.tmpdir) as ws:
        banner("git ledger mcp: one tool call, in a persistent server", ws.root)
        repo = new_repo(ws.root / "repo", ws.env)
        got = anyio.run(drive, repo, ws.proc_env, ws.script, options.entries)
        cli = [timed([ws.script, "decide", f"a decision by the CLI #{i}"], repo, ws.proc_env)[0]
               for i in range(1 if options.smallest else 15)]
    floor = statistics.median(got["ping"])
    raw = statistics.median(got["raw"])
    print(f"  {'MCP ping (the floor)':<44} {ms(floor):>10}")
    print(f"  {'one write with pygit2 alone (storage floor)':<44} {ms(raw):>10}")
    window = max(1, len(got["decide"]) // 10)
    rows = [
        ("decide through MCP, median", statistics.median(got["decide"])),
        (f"decide, first {window} writes", statistics.median(got["decide"][:window])),
        (f"decide, last {window} writes (~{options.entries} entries)",
         statistics.median(got["decide"][-window:])),
        ("show ID through MCP", statistics.median(got["show"])),
        ("restore through MCP", statistics.median(got["restore"])),
        ("git ledger decide, one process each", statistics.median(cli)),
    ]
    for label, seconds in rows:
        print(f"  {label:<44} {ms(seconds):>10}  = {seconds / floor:.1f}x the ping")
    decide = statistics.median(got["decide"])
    print(f"  decide / (ping + storage floor): {decide / (floor + raw):.2f}x; decide minus "
          f"both floors: {ms(decide - floor - raw)} of ledger work")
    record("mcp", "one write with pygit2 alone (storage floor)", raw)
    record("mcp", "decide through MCP, median", decide,
           against="MCP ping + the storage floor", ratio=decide / (floor + raw),
           note=f"{ms(decide - floor - raw)} above both floors")
    for label, seconds in rows[:1] + rows[3:]:
        record("mcp", label, seconds, against="MCP ping", ratio=seconds / floor)
    rate = 1 / statistics.median(got["decide"])
    print(f"  writes per second through one server: {rate:.0f}")
    growth = statistics.median(got["decide"][-window:]) / statistics.median(
        got["decide"][:window])
    print(f"  append cost, last / first window: {growth:.2f}x (flat is <= 1.5x)")


if __name__ == "__main__":
    main()
