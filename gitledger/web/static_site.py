"""``git ledger export --format html -o DIR``: the pages of ``serve`` as a static site, for
a CI artifact or static hosting.

The site is built beside ``DIR`` and moved into place whole, so a failure leaves ``DIR`` as
it was; no symbolic link is followed.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from gitledger.core.display import printable
from gitledger.core.user_files import refuse_links
from gitledger.derived import files
from gitledger.errors import InvalidInput, LedgerError
from gitledger.storage.repo import Repo
from gitledger.web.model import Site, build_site, shown
from gitledger.web.pages import (
    Filters,
    entry_page,
    flags_page,
    scope_page,
    scope_slug,
    search_page,
    team_page,
    timeline,
)

MODE = "static"
ASSETS = ("style.css", "app.js")
#: Written into every site: only a directory holding it is replaced by ``--force``.
MARKER = ".gitledger-site"


@dataclass(frozen=True)
class SiteExport:
    path: Path
    pages: int


def export_site(where: str | os.PathLike[str] | None, out: str | os.PathLike[str], *,
                force: bool = False) -> SiteExport:
    """Write every page into the directory ``out``."""
    repo = Repo(where)
    shown_out = printable(str(out))
    target = _checked_target(repo, Path(out), shown_out, force=force)
    site = build_site(where)
    staging: Path | None = None
    trash: Path | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
        pages = _write(where, site, staging)
        # mkdtemp made it 0700: a site is for others to read (a web server, a CI job).
        umask = os.umask(0)
        os.umask(umask)
        staging.chmod(0o777 & ~umask)
        if target.exists():
            trash = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=target.parent))
            files.replace(target, trash / "site")
        files.replace(staging, target)
        staging = None
    except OSError as exc:
        if trash is not None and not target.exists():
            files.replace(trash / "site", target)  # the old site back where it was
        raise LedgerError(f"cannot write {shown_out}: {exc.strerror or exc}") from None
    finally:
        for leftover in (staging, trash):
            if leftover is not None:
                shutil.rmtree(leftover, ignore_errors=True)
    return SiteExport(target, pages)


def _checked_target(repo: Repo, out: Path, shown: str, *, force: bool) -> Path:
    """Where the site goes, its parents' links resolved; InvalidInput (one line) when it
    must not be written there: inside the git directory, over the repository or any of its
    parents, through a symbolic link, over a file, or over a directory that is not a site
    this command wrote (even with ``force``)."""
    absolute = Path(os.path.abspath(out))
    target = Path(os.path.realpath(absolute.parent)) / absolute.name
    refuse_links(target, shown)
    protected = {Path(os.path.realpath(p)) for p in (repo.gitdir, repo.commondir,
                                                      repo.workdir, Path.cwd())}
    for place in protected:
        if target == place or place.is_relative_to(target):
            raise InvalidInput(f"{shown} holds the repository, its git directory or the "
                               "current directory; give a directory of its own")
    for inside in (repo.gitdir, repo.commondir):
        if target.is_relative_to(os.path.realpath(inside)):
            raise InvalidInput(f"{shown} is inside the repository's git directory; give a "
                               "directory outside it")
    if not target.exists():
        return target
    if not target.is_dir():
        raise InvalidInput(f"{shown} exists and is not a directory")
    if not any(target.iterdir()):
        return target
    if not force:
        raise InvalidInput(f"{shown} is not empty: give --force to replace a site written "
                           "before, or an empty or new directory")
    if not (target / MARKER).is_file():
        raise InvalidInput(f"{shown} is not a site git ledger wrote (it has no {MARKER}): "
                           "refusing to replace it, even with --force")
    return target


def _write(where: str | os.PathLike[str] | None, site: Site, root: Path) -> int:
    pages: dict[str, str] = {
        "index.html": timeline(site, Filters(), mode=MODE, limit=None),
        "search.html": search_page(site, where, "", mode=MODE),
        "team.html": team_page(site, mode=MODE),
        "flags.html": flags_page(site, mode=MODE),
    }
    for scope in site.scopes():
        html = scope_page(site, scope, mode=MODE)
        if html is not None:
            pages[f"scope/{scope_slug(scope)}.html"] = html
    for item in site.entries:
        html = entry_page(site, where, item.slug, mode=MODE)
        if html is not None:
            pages[f"entry/{item.slug}.html"] = html
    for name, html in pages.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    assets = root / "assets"
    assets.mkdir(exist_ok=True)
    for name in ASSETS:
        data = resources.files("gitledger.web").joinpath("assets", name).read_bytes()
        (assets / name).write_bytes(data)
    (assets / "search-data.js").write_text(_search_data(site), encoding="utf-8")
    (root / MARKER).write_text("A static site of git ledger export --format html: "
                               "git ledger export --force replaces this directory.\n",
                               encoding="utf-8")
    return len(pages)


def _search_data(site: Site) -> str:
    """Every entry as the static search page filters it, as a script (a file:// page may
    not fetch JSON): JSON with ``<`` escaped, so no text can close the script."""
    docs = []
    for item in site.entries:
        entry = item.entry
        words = " ".join(part for part in (entry.text, *entry.over, entry.because or "",
                                           entry.why or "", entry.by or "", entry.scope or "")
                         if part)
        docs.append({"id": entry.id, "slug": item.slug, "ledger": item.ledger,
                     "author": item.author, "status": entry.status or entry.kind,
                     "text": shown(entry.text, 200), "words": shown(words, 4000).lower()})
    data = json.dumps(docs, ensure_ascii=False).replace("<", "\\u003c")
    return f"window.LEDGER_SEARCH = {data};\n"
