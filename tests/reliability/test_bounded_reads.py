"""The compressed-blob denial of service, at its real size: a 1 GB entry blob (one byte
repeated, a pack of a few MB) pushed onto the shared project ledger.

Before bounded reads, ``git ledger pull`` read and decoded it whole (220 s, 4.1 GB) and
every session start after it took 14 s at 3.1 GB.  Now the pull refuses it from the
object's header and the session start never sees it.  Each command runs in a child
process (a small Python wrapper that runs the installed ``git ledger`` in its own process
group and reports its children's peak RSS and wall time, printed here); every wait is
bounded and the group is killed on time-out.  How fast and how small is measured by
``benchmarks/bounded.py`` against ``git fetch`` of the same refs, never asserted here.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest

from gitledger.core.ids import entry_path
from tests.remote_fixtures import make_team, subprocess_env

SIZE = 1 << 30
PLANTED = "d-zzzzzzzzzz"
#: Hard bound on one measured command (the old behaviour took minutes).
KILL_AFTER = 120

MEASURE = r"""
import json, resource, subprocess, sys, time
started = time.monotonic()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
print(json.dumps({"rc": done.returncode, "out": done.stdout, "err": done.stderr,
                  "seconds": time.monotonic() - started,
                  "rss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))
"""


def measured(cwd: Path, *args: str) -> dict[str, Any]:
    """``git ARGS`` in a fresh child process: its result, time and peak memory."""
    process = subprocess.Popen(
        [sys.executable, "-c", MEASURE, "git", *args], cwd=cwd,
        env=subprocess_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        out, err = process.communicate(timeout=KILL_AFTER)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
        pytest.fail(f"git {' '.join(args)} ran past {KILL_AFTER} s")
    assert process.returncode == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def huge_blob_pack(bare: Path, size: int = SIZE) -> str:
    """A pack holding one blob of ``size`` zero bytes (whole MiB), streamed into ``bare`` by
    ``git index-pack --stdin``; the blob's id."""
    blob_id = hashlib.sha1(f"blob {size}\0".encode())
    chunk = bytes(1 << 20)
    header = bytearray()
    left, byte = size >> 4, 0x80 | (3 << 4) | (size & 0x0F)  # type 3: blob
    while left:
        header.append(byte)
        byte, left = 0x80 | (left & 0x7F), left >> 7
    header.append(byte & 0x7F)
    process = subprocess.Popen(["git", "index-pack", "--stdin"], cwd=bare,
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                               start_new_session=True)
    assert process.stdin is not None
    trailer = hashlib.sha1()

    def send(data: bytes) -> None:
        trailer.update(data)
        assert process.stdin is not None
        process.stdin.write(data)

    try:
        send(b"PACK" + struct.pack(">II", 2, 1) + bytes(header))
        deflate = zlib.compressobj(1)
        for _ in range(size // len(chunk)):
            blob_id.update(chunk)
            send(deflate.compress(chunk))
        send(deflate.flush())
        process.stdin.write(trailer.digest())
        process.stdin.close()
        assert process.wait(timeout=KILL_AFTER) == 0
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
    return blob_id.hexdigest()


def plant_on_project(bare: Path, blob: str) -> None:
    """The blob as an entry, committed onto the remote's project ledger with plumbing."""
    env = {**os.environ, "GIT_INDEX_FILE": str(bare / "planting.index"),
           "GIT_AUTHOR_NAME": "Mallory", "GIT_AUTHOR_EMAIL": "mallory@example.com",
           "GIT_COMMITTER_NAME": "Mallory", "GIT_COMMITTER_EMAIL": "mallory@example.com"}

    def run(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=bare, env=env, capture_output=True,
                              text=True, check=True, timeout=KILL_AFTER).stdout.strip()

    tip = run("rev-parse", "refs/ledger/project")
    run("read-tree", tip)
    run("update-index", "--add", "--cacheinfo", f"100644,{blob},{entry_path(PLANTED)}")
    commit = run("commit-tree", run("write-tree"), "-p", tip, "-m",
                 f"add {PLANTED}\n\nLedger-Event: add\nLedger-Entry: {PLANTED}")
    run("update-ref", "refs/ledger/project", commit, tip)


def test_a_1gb_entry_blob_is_refused_at_pull_unread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    team = make_team(tmp_path / "team", (tmp_path / "team" / "remote.git").as_uri(),
                     monkeypatch)
    alice = team.clone("Alice")
    alice.ok("task", "Ship login")
    alice.ok("decide", "--project", "Use PKCE", "--because", "public client")
    alice.ok("push")
    plant_on_project(team.bare, huge_blob_pack(team.bare))
    packs = sum(p.stat().st_size for p in (team.bare / "objects" / "pack").glob("*.pack"))
    assert packs < 16 << 20  # highly compressible: the attack costs the attacker little

    # git's own share (index-pack inflates and hashes the 1 GB, whoever fetches it) is
    # benchmarks/bounded.py's floor, not timed here.
    pulled = measured(alice.path, "ledger", "pull")
    assert pulled["rc"] == 0, pulled
    assert "origin/project was not merged" in pulled["out"], pulled
    assert f"{SIZE:,} bytes" in pulled["out"]
    print(f"\npull of the 1 GB blob: {pulled['seconds']:.2f} s, {pulled['rss_mb']:.0f} MB")
    assert alice.refs()["refs/ledger/project"] != team.remote_refs()["refs/ledger/project"]
    # Once fetched, a pull that refuses it again is all ours.
    again = measured(alice.path, "ledger", "pull")
    assert "origin/project was not merged" in again["out"], again

    for command in (("restore",), ("check",), ("show", "--project"), ("list", "--remote")):
        ran = measured(alice.path, "ledger", *command)
        print(f"{' '.join(command)}: {ran['seconds']:.2f} s, {ran['rss_mb']:.0f} MB")
        assert ran["rc"] in (0, 1), (command, ran)
        if command == ("restore",):
            assert "Use PKCE" in ran["out"], ran["out"]
