"""``git ledger serve``: the pages, served read-only on a local port (Starlette on uvicorn).

Only GET and HEAD are answered; off loopback every request needs the printed token, and a
foreign Host header is refused against DNS rebinding.  Pages reload when the refs move.
"""

from __future__ import annotations

import contextlib
import errno
import ipaddress
import os
import secrets
import signal
import socket
import threading
import time
import webbrowser
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any
from urllib.parse import parse_qs

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from gitledger.core.display import one_line
from gitledger.errors import InvalidInput, LedgerError
from gitledger.web.model import Site, build_site, site_state, with_checks
from gitledger.web.pages import (
    Filters,
    entry_page,
    error_page,
    flags_page,
    scope_page,
    scope_slug,
    search_page,
    team_page,
    timeline,
)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8421
TOKEN_COOKIE = "gitledger_token"
#: Seconds the checks wait after a move, so the page that found it is answered first.
CHECK_DELAY = 0.3
MODE = "served"
_SECURITY_HEADERS = {
    # Our own script and style only: a ledger text that got past the escaping still runs
    # nothing and loads nothing.
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; form-action 'self'; "
                               "base-uri 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}
_ASSETS = {"style.css": "text/css", "app.js": "text/javascript"}
Where = str | os.PathLike[str] | None
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


@dataclass(frozen=True)
class Served:
    """Where the pages are served: the URL to open (with the token, when one is needed)."""

    host: str
    port: int
    url: str
    token: str | None


class SiteCache:
    """The last ``Site`` read, kept until the refs move.  After a move the ledgers are read
    again at once (only what changed); the flags and the review, which ``check`` and the
    history walk make slower, are redone in a thread, and the pages reload when they land."""

    def __init__(self, where: Where, site: Site | None = None) -> None:
        self.where = where
        self._lock = threading.Lock()
        self._site: Site | None = site
        #: Whether a thread is redoing the checks (set and cleared under the lock, so a
        #: move in the moment a thread ends is never left unchecked).
        self._checking = False

    def current(self) -> Site:
        with self._lock:
            state = site_state(self.where)
            if self._site is None:
                self._site = build_site(self.where)
            elif self._site.state != state:
                self._site = build_site(self.where, self._site, checked=False)
                self._check_later()
            return self._site

    def version(self) -> str:
        """What a page built now would be built from (``Site.version``)."""
        state = site_state(self.where)
        with self._lock:
            if self._site is not None and self._site.state == state:
                return self._site.version
        return state

    def _check_later(self) -> None:
        """Called under the lock: start the thread unless one runs (it checks again when
        it finds the state moved on while it worked)."""
        if self._checking:
            return
        self._checking = True
        threading.Thread(target=self._check, name="gitledger-checks", daemon=True).start()

    def _check(self) -> None:
        # The request that noticed the move is answered first: the checks would hold the
        # interpreter while its page renders.
        time.sleep(CHECK_DELAY)
        while True:
            with self._lock:
                site = self._site
                if site is None or site.checked == site.state:
                    self._checking = False
                    return
            try:
                done = with_checks(self.where, site)
            # Anything: a thread that dies would leave every page saying "being checked".
            except Exception:
                done = replace(site, flags={}, checked=site.state)
            with self._lock:
                if self._site is not None and self._site.state == done.state:
                    self._site = done


def check_host(host: str) -> str:
    """``host`` as an address to bind, or InvalidInput (one line) when it is none."""
    if host == "localhost":
        return DEFAULT_HOST
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        raise InvalidInput(f"--host '{one_line(host, 60)}' is not an IP address (for example "
                           f"{DEFAULT_HOST}, or 0.0.0.0 for every interface)") from None


def is_loopback(host: str) -> bool:
    return ipaddress.ip_address(host).is_loopback


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, or LedgerError saying why not."""
    family = socket.AF_INET6 if ipaddress.ip_address(host).version == 6 else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise LedgerError(f"port {port} on {host} is in use: give another with --port, "
                              "or --port 0 for any free one") from None
        raise LedgerError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def make_app(where: Where, *, token: str | None = None, hosts: tuple[str, ...] = (),
             site: Site | None = None, cookie: str = TOKEN_COOKIE) -> Guard:
    """The application: every page, read-only.  ``token``: required of every request;
    ``hosts``: the Host headers answered (empty: any); ``site``: the ledgers read already;
    ``cookie``: the name the token is kept under."""
    cache = SiteCache(where, site)

    def page(render: Callable[[Request, Site], str | None], root: str = ""
             ) -> Callable[[Request], Response]:
        def respond(request: Request) -> Response:
            try:
                html = render(request, cache.current())
            except (LedgerError, OSError, KeyError, ValueError) as exc:
                message = (f"A ledger changed or broke while this page was read: "
                           f"{one_line(str(exc), 300)}. Reload to try again.")
                return HTMLResponse(error_page(message, mode=MODE, root=root), 503)
            if html is None:
                return HTMLResponse(error_page("No such page: the entry or scope is not in "
                                               "any ledger here.", mode=MODE, root=root), 404)
            return HTMLResponse(html)

        return respond  # a plain function: Starlette runs it in its thread pool

    def filters(request: Request) -> Filters:
        given = request.query_params
        return Filters(**{name: given.get(name, "")[:200] for name in
                          ("scope", "status", "author", "ledger", "since", "until")})

    def scope(request: Request, site: Site) -> str | None:
        slug = request.path_params["slug"]
        found = next((s for s in site.scopes() if scope_slug(s) == slug), None)
        return None if found is None else scope_page(site, found, mode=MODE)

    def state(request: Request) -> Response:
        try:
            return JSONResponse({"state": cache.version()})
        except (LedgerError, OSError) as exc:
            return JSONResponse({"problem": one_line(str(exc), 200)}, 503)

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _ASSETS:
            return PlainTextResponse("not found", 404)
        data = resources.files("gitledger.web").joinpath("assets", name).read_bytes()
        return Response(data, media_type=_ASSETS[name])

    def index(request: Request, site: Site) -> str:
        return timeline(site, filters(request), mode=MODE)

    routes = [
        Route("/", page(index)), Route("/index.html", page(index)),
        Route("/search.html", page(lambda r, s: search_page(
            s, where, r.query_params.get("q", "")[:1000],
            transcripts=r.query_params.get("transcripts") == "1", mode=MODE))),
        Route("/team.html", page(lambda r, s: team_page(s, mode=MODE))),
        Route("/flags.html", page(lambda r, s: flags_page(s, mode=MODE))),
        Route("/scope/{slug}.html", page(scope, "../")),
        Route("/entry/{slug}.html", page(lambda r, s: entry_page(
            s, where, r.path_params["slug"], mode=MODE), "../")),
        Route("/assets/{name}", asset),
        Route("/_state", state),
    ]
    return Guard(Starlette(routes=routes), token=token, hosts=hosts, cookie=cookie)


class Guard:
    """Read-only, same-host, and with the token when one is set; our headers on every
    answer."""

    def __init__(self, app: Starlette, *, token: str | None, hosts: tuple[str, ...],
                 cookie: str = TOKEN_COOKIE) -> None:
        self.app, self.token, self.hosts, self.cookie = app, token, hosts, cookie

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", ())}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            status, text = refusal
            await _plain(send, status, text)
            return
        cookie = None
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if self.token and query.get("token", [""])[0] == self.token:
            cookie = f"{self.cookie}={self.token}; HttpOnly; SameSite=Strict; Path=/"

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                extra = [(k.encode(), v.encode()) for k, v in _SECURITY_HEADERS.items()]
                if cookie:
                    extra.append((b"set-cookie", cookie.encode()))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        if scope["method"] not in ("GET", "HEAD"):
            return 405, "git ledger serve is read-only: only GET and HEAD are answered\n"
        if self.hosts and headers.get("host", "") not in self.hosts:
            return 421, "this server answers only the address it was started on\n"
        if self.token is None:
            return None
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        cookies = dict(part.strip().split("=", 1) for part in headers.get("cookie", "").split(";")
                       if "=" in part)
        given = query.get("token", [""])[0] or cookies.get(self.cookie, "")
        # As bytes: compare_digest refuses a str that is not ASCII, and any text may come.
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            return 403, "a token is needed: open the URL git ledger serve printed at start\n"
        return None


async def _plain(send: Send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            *((k.encode(), v.encode()) for k, v in _SECURITY_HEADERS.items())]})
    await send({"type": "http.response.body", "body": text.encode()})


def serve(where: Where, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
          open_browser: bool = False, started: Callable[[Served], None] | None = None) -> None:
    """Serve the pages until interrupted; ``started`` is told where, once listening."""
    address = check_host(host)
    site = build_site(where)  # a repository that cannot be read fails here, before any port
    sock = bind(address, port)
    bound = sock.getsockname()[1]
    token = None if is_loopback(address) else secrets.token_urlsafe(24)
    shown_host = f"[{address}]" if ":" in address else address
    hosts: tuple[str, ...] = ()
    if is_loopback(address):
        hosts = (f"{shown_host}:{bound}", f"localhost:{bound}")
    url = f"http://{shown_host}:{bound}/" + (f"?token={token}" if token else "")
    served = Served(address, bound, url, token)
    # Cookies are not kept per port: a name of its own, so two servers on one host
    # (or anything else there) neither overwrite nor receive this one's token.
    app = make_app(where, token=token, hosts=hosts, site=site,
                   cookie=f"{TOKEN_COOKIE}_{bound}")
    config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
    server = uvicorn.Server(config)
    with _stopped_by_ctrl_c(server) as stop:
        try:
            if started is not None:
                started(served)
            if open_browser:
                with contextlib.suppress(webbrowser.Error):
                    webbrowser.open(url)
            if not stop.asked:
                server.run(sockets=[sock])
        except KeyboardInterrupt:
            pass  # Ctrl-C is how a server is stopped: uvicorn shut down, a normal exit
        finally:
            sock.close()


@dataclass
class _Stop:
    """Ctrl-C asks the server to stop, whenever it comes: while uvicorn runs, its own
    handler does; before it starts (the start line is already printed) or after it has
    shut down (uvicorn raises the signal it caught again), this one does, so that no
    KeyboardInterrupt lands inside asyncio's setup or teardown (a half-made event loop
    prints an ignored exception at exit)."""

    server: uvicorn.Server
    asked: bool = False

    def __call__(self, signum: int, frame: object) -> None:
        self.asked = True
        self.server.should_exit = True


@contextlib.contextmanager
def _stopped_by_ctrl_c(server: uvicorn.Server) -> Iterator[_Stop]:
    stop = _Stop(server)
    if threading.current_thread() is not threading.main_thread():
        yield stop  # signals reach the main thread only; a test's server is stopped directly
        return
    previous = signal.signal(signal.SIGINT, stop)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)
