"""Web benchmark: every page of ``git ledger serve`` at 5,000 project decisions.

Builds a project ledger of ``--decisions`` decisions (97 scopes, as restore.py builds
them), ``--writes`` of them written through the library one commit each, so an entry's
page walks a real history, and a chain of ``--chain`` decisions superseding one another
in one scope.  Then each page is asked through the served application in process
(Starlette's test client: the same ASGI app uvicorn runs, without the socket), warm (the
ledgers read once for this state of the refs), against the floor: Starlette answering the
same bytes from memory, so what is measured is ours.  Also measured: the first page after
a write (the ledger that moved read again; the checks redone behind it), and ``export
--format html`` of the whole site.

The goal (issue 22) is at most 200 ms a page at 5,000 decisions.  Usage:
``python benchmarks/web.py [--decisions N] [--chain N] [--runs N]``.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from pathlib import Path

from harness import banner, ms, new_repo, progress, record, verdict, workspace
from restore import build_project
from starlette.applications import Starlette
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient

from gitledger.ledger.operations import Ledger
from gitledger.web.pages import scope_slug
from gitledger.web.server import make_app
from gitledger.web.static_site import export_site

GOAL_SECONDS = 0.200
CHAIN_SCOPE = "gateway/routing"


def build_chain(repo: Path, length: int) -> list[str]:
    ledger = Ledger.open(repo, project=True)
    ids: list[str] = []
    for n in range(length):
        written = ledger.decide(f"Route through gateway {n}", scope=CHAIN_SCOPE,
                                supersedes=ids[-1] if ids else None).entry
        assert written is not None
        ids.append(written.id)
    return ids


def timed_get(client: TestClient, path: str) -> tuple[float, str]:
    """How long ``path`` took, and the page (a page that is not 200 stops the run)."""
    start = time.perf_counter()
    response = client.get(path)
    seconds = time.perf_counter() - start
    assert response.status_code == 200, (path, response.status_code)
    return seconds, response.text


def settled(client: TestClient, timeout: float = 120.0) -> None:
    """Wait (bounded) until the server's checks after the last move have landed."""
    deadline = time.monotonic() + timeout
    while "+checking" in client.get("/_state").json()["state"]:
        if time.monotonic() > deadline:
            raise SystemExit("the checks after a write did not land in time")
        time.sleep(0.05)


def floor_app(body: str) -> TestClient:
    async def page(request: object) -> Response:
        return HTMLResponse(body)

    return TestClient(Starlette(routes=[Route("/", page)]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0] if __doc__ else "")
    parser.add_argument("--decisions", type=int, default=5_000)
    parser.add_argument("--chain", type=int, default=40)
    parser.add_argument("--writes", type=int, default=1_000,
                        help="decisions written one commit each, for a real history")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--tmpdir", default=None)
    args = parser.parse_args()
    if args.decisions < args.writes or args.chain < 2 or args.runs < 1:
        parser.error("need --decisions >= --writes, --chain >= 2 and --runs >= 1")
    with workspace(args.tmpdir) as space:
        banner("gitledger web benchmark", space.root)
        repo = new_repo(space.root / "repo", space.env)
        start = time.perf_counter()
        build_project(repo, args.decisions - args.writes)
        ledger = Ledger.open(repo, project=True)
        written = []
        for n in range(args.writes):
            made = ledger.decide(f"Written decision {n}: cache service {n % 97}",
                                 scope=f"service-{n % 97}").entry
            assert made is not None
            written.append(made.id)
        chain = build_chain(repo, args.chain)
        progress(f"  built {args.decisions:,} project decisions ({args.writes:,} of them one "
                 f"commit each) and a chain of {args.chain} in "
                 f"{time.perf_counter() - start:.1f} s")
        client = TestClient(make_app(repo))
        first, _ = timed_get(client, "/")
        print(f"  first page (reads every ledger)   {ms(first):>10}")
        index = timed_get(client, "/")[1]
        entry = re.search(r'href="entry/([^"]+)\.html">' + re.escape(chain[-1]), index)
        assert entry is not None
        old = timed_get(client, "/index.html?scope=service-0")[1]
        oldest = re.search(r'href="entry/([^"]+)\.html">' + re.escape(written[0]), old)
        assert oldest is not None
        pages = (("timeline", "/index.html"),
                 ("timeline, filtered", "/index.html?status=accepted&scope=service-7"),
                 ("scope graph", f"/scope/{scope_slug(CHAIN_SCOPE)}.html"),
                 ("scope of 52", f"/scope/{scope_slug('service-7')}.html"),
                 ("entry", f"/entry/{entry.group(1)}.html"),
                 ("entry, oldest write", f"/entry/{oldest.group(1)}.html"),
                 ("search", "/search.html?q=service+42"),
                 ("flags", "/flags.html"), ("teammates", "/team.html"))
        ok = True
        for label, path in pages:
            _, body = timed_get(client, path)
            warm = statistics.median(timed_get(client, path)[0] for _ in range(args.runs))
            floor_client = floor_app(body)
            floor = statistics.median(timed_get(floor_client, "/")[0]
                                      for _ in range(args.runs))
            ok &= warm <= GOAL_SECONDS
            print(f"  {label:<20} {ms(warm):>10}   Starlette alone, same {len(body) / 1e3:.0f} kB "
                  f"{ms(floor):>9}  = {warm / floor:5.1f}x   within 200 ms: "
                  f"{verdict(warm <= GOAL_SECONDS)}")
            record("web", f"page: {label}, {args.decisions:,} decisions", warm,
                   against="Starlette serving the same bytes", ratio=warm / floor,
                   note="goal: at most 200 ms")
        moved: list[float] = []
        for n in range(max(3, args.runs // 3)):
            settled(client)  # as a user's next write comes: after the last one's checks
            ledger.decide(f"Bench write {n}", scope="bench")
            moved.append(timed_get(client, "/")[0])
        after = statistics.median(moved)
        ok &= after <= GOAL_SECONDS
        print(f"  first page after a write           {ms(after):>10}   within 200 ms: "
              f"{verdict(after <= GOAL_SECONDS)}")
        record("web", f"first page after a write, {args.decisions:,} decisions", after,
               note="goal: at most 200 ms (every ledger read again)")
        start = time.perf_counter()
        site = export_site(repo, space.root / "site")
        static = time.perf_counter() - start
        print(f"  export --format html: {site.pages:,} pages in {static:.2f} s "
              f"({ms(static / site.pages)} a page)")
        record("web", f"export --format html, {site.pages:,} pages", static)
        print(f"  every page within 200 ms: {verdict(ok)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
