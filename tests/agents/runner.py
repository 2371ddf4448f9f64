"""One client run beside its model server, in one process:
``python -m tests.agents.runner JOB.json`` from the top of the checkout.

The tests start this under ``unshare -n`` where that works, so that the client and the
scripted server share a network namespace holding only loopback: the client can reach
127.0.0.1 and nothing else.  The job names the script, the client's command and
environment (``{URL}`` stands for the server's address); the result, written to the job's
``out`` file, holds the client's exit code and output and every request the server saw.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.agents.model_server import ModelServer, Reply


def bring_up_loopback() -> None:
    """A new network namespace starts with ``lo`` down; ``ip`` brings it up (if present)."""
    if os.environ.get("GITLEDGER_AGENT_NETNS") == "1":
        subprocess.run(["ip", "link", "set", "lo", "up"], check=True, timeout=10)


def run(job: dict[str, Any]) -> dict[str, Any]:
    script = [Reply(**reply) for reply in job["script"]]
    with ModelServer(script) as server:
        url = server.url
        argv = [part.replace("{URL}", url) for part in job["argv"]]
        env = {key: value.replace("{URL}", url) for key, value in job["env"].items()}
        for name, text in job.get("files", {}).items():  # config that must name the URL
            Path(name).write_text(text.replace("{URL}", url))
        process = subprocess.Popen(
            argv, cwd=job["cwd"], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, start_new_session=True)
        timed_out = False
        try:
            stdout, stderr = process.communicate(job.get("stdin", ""), timeout=job["timeout"])
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(process.pid, signal.SIGKILL)
            stdout, stderr = process.communicate(timeout=30)
        else:
            # What the client left running (an MCP server, a shell) ends with it.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
        requests = [{"path": r.path, "turn": r.turn, "body": r.body}
                    for r in server.requests]
        return {"rc": process.returncode, "stdout": stdout, "stderr": stderr,
                "timed_out": timed_out, "requests": requests,
                "unused": len(server.script)}


def main() -> int:
    job = json.loads(Path(sys.argv[1]).read_text())
    bring_up_loopback()
    result = run(job)
    Path(job["out"]).write_text(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
