"""Hostile input whose size a teammate chooses: time at one size and at ``--factor`` times it.

Each row is the CPU time at the larger size and the ratio to the smaller; a ratio near
``--factor`` is linear, near its square quadratic.  The cases:

* the supersedes graph of a scope page (``web/graph.py``): N decisions of one scope that all
  supersede one decision, placed on every ``serve`` request and once per static export;
* the gate an agent's MCP result passes (``ledger/gate.response``): one forged entry of N
  characters of invisible and control characters, escaped, cut and counted;
* the gate a ``--json`` document passes (``ledger/gate.document``): N forged entries.

The credential scanner's hostile rows are ``credentials.py``'s.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from harness import record

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitledger.ledger import gate
from gitledger.web.graph import supersedes_svg
from tests.trust.hostile import superseding_one

#: Invisible, bidirectional and control characters, as a forged blob would hold them.
PLANTED = "\u200b\u202e\x1b[2J\ufe0f\U000e0041\u2028a"


def _graph(count: int) -> Callable[[], object]:
    items = superseding_one(count)
    return lambda: supersedes_svg(items, lambda item: item.slug + ".html")


def _one_entry(size: int) -> Callable[[], object]:
    text = (PLANTED * (size // len(PLANTED) + 1))[:size]
    return lambda: gate.response({"entries": [{"id": "d-1", "text": text}]})


def _many_entries(count: int) -> Callable[[], object]:
    entries = [{"id": f"d-{n}", "text": PLANTED * 4, "by": "Mallory\u202e"} for n in range(count)]
    return lambda: gate.document({"entries": entries})


CASES: dict[str, tuple[str, Callable[[int], Callable[[], object]]]] = {
    "supersedes graph": ("decisions superseding one", _graph),
    "MCP result gate": ("characters in one entry", _one_entry),
    "--json gate": ("forged entries", _many_entries),
}


def cpu(call: Callable[[], object], runs: int) -> float:
    """The fastest of ``runs`` CPU times of ``call`` (the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(runs):
        began = time.process_time()
        call()
        best = min(best, time.process_time() - began)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--size", type=int, default=2_000,
                        help="the smaller size (decisions, entries; x100 characters)")
    parser.add_argument("--factor", type=int, default=10, help="the larger size over the smaller")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"hostile input: CPU time at N and {args.factor}N ({args.factor}x is linear)")
    for name, (what, build) in CASES.items():
        small_n = args.size * (100 if "characters" in what else 1)
        large_n = small_n * args.factor
        small, large = cpu(build(small_n), args.runs), cpu(build(large_n), args.runs)
        ratio = large / max(small, 1e-6)
        print(f"  {name:18} {small_n:>10,} {what}: {small * 1e3:9.1f} ms"
              f"   {large_n:>10,}: {large * 1e3:9.1f} ms   x{ratio:5.1f}")
        record("hostile", f"{name}, {large_n:,} {what}", large, unit="s",
               note=f"x{ratio:.1f} for {args.factor}x the input ({args.factor} is linear)")


if __name__ == "__main__":
    main()
