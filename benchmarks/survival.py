#!/usr/bin/env python3
"""How much of what an agent recorded reaches the model after each real compaction, per
client: the survival table (docs/benchmarks.md, "Survival").

In each client the agent suite makes compact (``tests/agents/clients.py``, installed at
its pins on first use), one long scripted session records the items of
``tests/agents/survival.py`` through the shell tool across ``--compactions`` automatic
compactions, with a second session and a teammate's pushed ledger present, at each of
``--sizes`` (a size is the number of decisions; 24 items in all at the small size).  From
the first model request after each compaction it counts the recorded items whose text
reached the model, by section; TASK and the latest NEXT; others' items that arrived
unlabelled; what the block clipped, whether it names the command that shows it and whether
that command shows every missing one; the decisions governing the files the session
changed; and the session-start hook's time beside ``python -c 'import pygit2'``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the agent suite's pinned clients and scripted model

from harness import banner, record, workspace  # noqa: E402

from tests.agents import survival  # noqa: E402
from tests.agents.clients import ClientMissing, install  # noqa: E402

#: The small size: 24 items in all (15 decisions and 3 of each other section).
SMALL = 15
SMALL_OTHERS = 3
#: Past the block's cap: 6 of each other section beside the decisions.
OTHERS = 6
SECTION = "survival"
KEPT = ("dropped", "open", "verified")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--sizes", default=f"{SMALL},120,240",
                        help=f"decisions per session (default {SMALL},120,240; {SMALL} is the "
                             f"small size of {SMALL + 3 * SMALL_OTHERS} items)")
    parser.add_argument("--compactions", type=int, default=2,
                        help="automatic compactions per session (default 2)")
    parser.add_argument("--clients", default="",
                        help="comma-separated client names (default: every client the "
                             "suite makes compact)")
    parser.add_argument("--tmpdir", default=None, help="where the projects go")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if not sizes or min(sizes) < 1 or args.compactions < 1:
        parser.error("need positive --sizes and --compactions >= 1")
    clients = survival.compacting_clients()
    if args.clients:
        wanted = set(args.clients.split(","))
        unknown = wanted - {c.name for c in clients}
        if unknown:
            parser.error(f"not a compacting client of the suite: {', '.join(sorted(unknown))}")
        clients = tuple(c for c in clients if c.name in wanted)
    try:
        bin_dirs = {client.name: install(client) for client in clients}
    except ClientMissing as exc:
        sys.exit(str(exc))
    failed = False
    with workspace(args.tmpdir) as space:
        banner("gitledger survival benchmark", space.root)
        for client in clients:
            for size in sizes:
                others = SMALL_OTHERS if size <= SMALL else OTHERS
                the_plan = survival.plan(size, others, args.compactions)
                where = space.root / f"{client.name}-{size}"
                where.mkdir()
                world = survival.prepare(client, bin_dirs[client.name], where)
                out = survival.run_session(world, the_plan)
                print("\n".join(survival.summary(out)), flush=True)
                failed |= bool(out.problems)
                rows(out)
    print(f"\n  load average at the end {os.getloadavg()[0]:.2f}")
    return 1 if failed else 0


def rows(out: survival.Outcome) -> None:
    """The table's rows of one session: the worst compaction's figure, each one's in the
    note."""
    done = out.compactions
    if not done:
        return
    head = f"{out.client} {out.version}, {out.plan.size} items ({out.plan.decisions} decisions)"

    def per(values: list[str]) -> str:
        return "after each compaction: " + " / ".join(values)

    shares = [c.share() for c in done]
    record(SECTION, f"{head}: items that reached the model", min(shares), unit="%",
           note=per([f"{s:.0f}%" for s in shares]))
    decided = [c.share(("decided",)) for c in done]
    record(SECTION, f"{head}: decisions that reached the model", min(decided), unit="%",
           note=per([f"{s:.0f}%" for s in decided]))
    kept = [c.share(KEPT) for c in done]
    focus = all(c.task and c.next for c in done)
    record(SECTION, f"{head}: DROPPED, OPEN, VERIFIED; TASK and the latest NEXT", min(kept),
           unit="%", note=f"TASK and NEXT {'every time' if focus else 'MISSING'}")
    governing = [100.0 * c.governing / c.governing_recorded if c.governing_recorded else 100.0
                 for c in done]
    record(SECTION, f"{head}: decisions governing files the session changed", min(governing),
           unit="%", note=per([f"{c.governing}/{c.governing_recorded}" for c in done]))
    record(SECTION, f"{head}: others' items unlabelled", max(len(c.unlabelled) for c in done),
           unit="items", note="goal 0")
    clipped = [c for c in done if c.clipped]
    if clipped:
        named = all(c.named for c in clipped)
        reachable = all(c.reachable for c in clipped)
        record(SECTION, f"{head}: clipped, named in the block", 100.0 if named else 0.0,
               unit="%", note=per([", ".join(f"{n} {s}" for s, n in c.clipped.items())
                                   for c in clipped])
               + f"; every missing one shown by that command: {'yes' if reachable else 'NO'}")
    record(SECTION, f"{head}: session-start hook after a compaction", out.hook_seconds,
           against="python -c 'import pygit2'",
           ratio=out.hook_seconds / out.floor_seconds if out.floor_seconds else None)


if __name__ == "__main__":
    sys.exit(main())
