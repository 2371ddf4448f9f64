"""Transcript benchmark: ``git ledger transcript save`` of a large Claude Code transcript.

The pre-compact and session-end hooks save the agent's transcript, so a save must fit in a
hook's time even for a long session.  This builds a realistic JSONL transcript (user turns,
assistant turns with tool calls, tool results with file contents, a few planted
credentials), then measures, each in a fresh process:

* the floor: ``git hash-object -w`` of the same file (git storing the bytes, nothing else);
* ``git ledger transcript save`` of it (first save: read, redact, store, commit);
* the same save again (unchanged content: nothing written);
* ``git ledger export --format atif`` of it (convert and validate).

Figures are printed as ratios against the floor measured in the same run.  Usage:
``python benchmarks/transcripts.py [--megabytes N] [--runs N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from harness import banner, ms, new_repo, timed, workspace

SECRET = "ghp_" + "a1B2c3D4e5F6g7H8i9J0" * 2  # shaped like a GitHub token, planted


def transcript(megabytes: float) -> str:
    """A Claude Code transcript of about ``megabytes`` MB: turns of a coding session."""
    lines: list[str] = []
    size = 0
    turn = 0
    body = "\n".join(f"def handler_{i}(request):\n    return respond(request, {i})"
                     for i in range(40))
    while size < megabytes * 1_000_000:
        turn += 1
        records = [
            {"type": "user", "sessionId": "bench-session", "uuid": f"u{turn}",
             "timestamp": "2026-11-30T10:00:00Z",
             "message": {"role": "user", "content": f"step {turn}: look at handlers.py"
                         + (f" (token {SECRET})" if turn % 500 == 0 else "")}},
            {"type": "assistant", "sessionId": "bench-session", "uuid": f"a{turn}",
             "timestamp": "2026-11-30T10:00:01Z",
             "message": {"id": f"m{turn}", "role": "assistant", "model": "claude-bench",
                         "content": [{"type": "text", "text": "Reading the file."},
                                     {"type": "tool_use", "id": f"t{turn}", "name": "Read",
                                      "input": {"file_path": "handlers.py"}}]}},
            {"type": "user", "sessionId": "bench-session", "uuid": f"r{turn}",
             "timestamp": "2026-11-30T10:00:02Z",
             "message": {"role": "user", "content": [
                 {"type": "tool_result", "tool_use_id": f"t{turn}", "content": body}]}},
        ]
        for record in records:
            line = json.dumps(record)
            lines.append(line)
            size += len(line) + 1
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--megabytes", type=float, default=20.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tmpdir", default=None)
    args = parser.parse_args()
    if args.megabytes <= 0 or args.runs < 1:
        parser.error("need --megabytes > 0 and --runs >= 1")
    with workspace(args.tmpdir) as space:
        banner("gitledger transcript benchmark", space.root)
        source = space.root / "bench-session.jsonl"
        source.write_text(transcript(args.megabytes), encoding="utf-8")
        print(f"  transcript: {source.stat().st_size / 1e6:.1f} MB, {args.runs} runs each")
        figures: dict[str, list[float]] = {"floor": [], "save": [], "again": [], "atif": []}
        for run in range(args.runs):
            repo = new_repo(space.root / f"repo{run}", space.env)
            figures["floor"].append(timed(["git", "hash-object", "-w", str(source)], repo,
                                          space.proc_env)[0])
            save = [space.script, "transcript", "save", "--from", str(source)]
            figures["save"].append(timed(save, repo, space.proc_env)[0])
            figures["again"].append(timed(save, repo, space.proc_env)[0])
            atif = [space.script, "export", "--format", "atif", "--session", "bench",
                    "-o", str(Path(repo) / "trajectory.json")]
            figures["atif"].append(timed(atif, repo, space.proc_env)[0])
        floor = statistics.median(figures["floor"])
        print(f"  git hash-object -w (floor)      {ms(floor):>11}")
        for key, label in (("save", "transcript save (first)"),
                           ("again", "transcript save (unchanged)"),
                           ("atif", "export --format atif")):
            median = statistics.median(figures[key])
            print(f"  {label:<31} {ms(median):>11}  = {median / floor:.1f}x floor")


if __name__ == "__main__":
    main()
