"""``git ledger serve``: Serve the ledgers as read-only web pages on a local port, until
interrupted."""

from __future__ import annotations

from typing import Any

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import repo_option, repo_path


@ledger_command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. Any but a loopback address needs the token "
                   "printed at start.")
@click.option("--port", type=click.IntRange(0, 65535), default=8421, show_default=True,
              help="The port (0: any free one).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@repo_option
def serve(host: str, port: int, open_browser: bool, repo: str | None) -> None:
    """Serve the ledgers as read-only web pages on a local port, until interrupted.

    Pages: the decisions timeline with filters (scope, status, author, ledger, time); a
    scope's page with its supersedes graph; an entry's page with its full history, its
    evidence (each commit's subject and diff stat) and its deploy receipt; drift and
    stale facts; what teammates changed since the last pull; search.  Every ledger is
    read: sessions, the project ledger, archives and teammates' mirrors, each entry with
    the author its ledger's history gives.  Pages reload when the refs move.  There is
    no endpoint that writes.  Needs the optional extra: pip install 'gitledger[web]'.
    See docs/web.md.
    """
    from gitledger.core.extras import load_extra

    server = load_extra("gitledger.web.server", "web", "git ledger serve")

    def started(served: Any) -> None:
        click.echo(f"serving the ledgers at {served.url}", err=True)
        if served.token:
            click.echo("any request without that token is refused; stop with Ctrl-C", err=True)
        else:
            click.echo("stop with Ctrl-C", err=True)

    server.serve(repo_path(repo), host=host, port=port, open_browser=open_browser,
                 started=started)
