"""The pages, rendered with Jinja2 from a ``Site``: the same HTML for ``git ledger serve``
and for ``export --format html``, with relative links so a static copy works anywhere.

Every ledger text goes through Jinja2's autoescaping (and ``model.shown``: printable,
capped); no ledger text becomes a link's target: links are built from our own slugs.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from gitledger.core.model import STATUSES
from gitledger.errors import BadQuery
from gitledger.search.query import Hit, SearchResult, search
from gitledger.team.render import review_notices
from gitledger.web.graph import supersedes_svg
from gitledger.web.model import (
    UNSAFE_NAME,
    Flag,
    Site,
    SiteEntry,
    evidence,
    history,
    shown,
    status_class,
    when,
)

#: A short field (a scope, a ledger's name) as a page shows it, and as a filter takes it.
SHORT = 200
#: The most rows the served timeline shows at once (the static one shows every row).
TIMELINE_ROWS = 250

_ENV = Environment(loader=PackageLoader("gitledger.web", "templates"),
                   autoescape=select_autoescape(default=True, default_for_string=True),
                   trim_blocks=True, lstrip_blocks=True)
# The helpers every template and macro uses (imported macros see globals, not the context).
_ENV.globals.update(shown=shown, status_class=status_class, when=when)


@dataclass(frozen=True)
class Filters:
    """The timeline's filters, as the form gives them ("" is any)."""

    scope: str = ""
    status: str = ""
    author: str = ""
    ledger: str = ""
    since: str = ""
    until: str = ""

    def keep(self, item: SiteEntry) -> bool:
        entry = item.entry
        day = when(entry.created)[:10]
        scope = shown(entry.scope, SHORT)  # as the form offers it
        return ((not self.scope or scope == self.scope or scope.startswith(self.scope + "/"))
                and (not self.status or entry.status == self.status)
                and (not self.author or self.author.lower() in item.author.lower())
                and (not self.ledger or shown(item.ledger, SHORT) == self.ledger)
                and (not self.since or day >= self.since)
                and (not self.until or day <= self.until))


def scope_slug(scope: str) -> str:
    """A scope's page name: the scope made safe, with a digest so two never meet."""
    digest = hashlib.sha256(scope.encode()).hexdigest()[:8]
    return f"{UNSAFE_NAME.sub('_', scope)[:80]}-{digest}"


def timeline(site: Site, filters: Filters, *, mode: str, limit: int | None = TIMELINE_ROWS
             ) -> str:
    kept = [item for item in site.decisions() if filters.keep(item)]
    kept.sort(key=lambda item: (item.entry.created, item.entry.seq, item.entry.id),
              reverse=True)
    rows = kept if limit is None else kept[:limit]
    return _render("timeline.html", site, mode, "", page="timeline", title="Decisions",
                   rows=rows, total=len(kept), shown_rows=len(rows), chosen=filters,
                   scopes=sorted({shown(s, SHORT) for s in site.scopes()}), statuses=STATUSES,
                   ledgers=sorted({shown(item.ledger, SHORT) for item in site.decisions()}))


def scope_page(site: Site, scope: str, *, mode: str) -> str | None:
    rows = sorted(site.in_scope(scope), key=lambda i: (i.entry.created, i.entry.seq))
    if not rows:
        return None
    graph = supersedes_svg(rows, lambda item: f"../entry/{item.slug}.html")
    return _render("scope.html", site, mode, "../", page="scope",
                   title=f"Scope {shown(scope, 200)}",
                   rows=rows, graph=graph)


def entry_page(site: Site, where: str | os.PathLike[str] | None, slug: str, *, mode: str
               ) -> str | None:
    item = site.by_slug(slug)
    if item is None:
        return None
    entry = item.entry
    return _render("entry.html", site, mode, "../", page="entry",
                   title=f"{entry.id}: {shown(entry.text, 120)}", item=item,
                   earlier=site.linked(item.ref, entry.supersedes),
                   later=site.linked(item.ref, entry.superseded_by),
                   events=history(where, item), commits=evidence(where, entry))


def team_page(site: Site, *, mode: str) -> str:
    held, tail = review_notices(site.review) if site.review is not None else ([], [])
    return _render("team.html", site, mode, "", page="team",
                   title="What teammates changed since the last pull", held=held, tail=tail)


def flags_page(site: Site, *, mode: str) -> str:
    rows: list[tuple[SiteEntry, Flag]] = [
        (item, flag) for item in site.entries if not item.mirrored
        for flag in site.flags.get(item.entry.id, ())]
    return _render("flags.html", site, mode, "", page="flags",
                   title="Drift and stale facts", rows=rows)


def search_page(site: Site, where: str | os.PathLike[str] | None, query: str, *,
                transcripts: bool = False, mode: str) -> str:
    result: SearchResult | None = None
    problem = None
    if query.strip() and mode != "static":
        try:
            result = search(where, query, transcripts=transcripts, limit=50)
        except BadQuery as exc:
            problem = str(exc)
    return _render("search.html", site, mode, "", page="search", title="Search",
                   query=query, transcripts=transcripts, result=result, problem=problem)


def error_page(message: str, *, mode: str, root: str = "") -> str:
    return _ENV.get_template("error.html").render(
        title="This page could not be read", message=message, mode=mode, root=root,
        page="error", site=None)


def pieces(hit: Hit) -> Iterator[tuple[str, bool]]:
    """A hit's snippet cut at its highlights: (text, whether it matched)."""
    at = 0
    for start, end in hit.highlights:
        yield hit.snippet[at:start], False
        yield hit.snippet[start:end], True
        at = end
    yield hit.snippet[at:], False


def _render(template: str, site: Site, mode: str, root: str, **values: Any) -> str:
    return _ENV.get_template(template).render(
        site=site, mode=mode, root=root, when=when, shown=shown, scope_slug=scope_slug,
        pieces=pieces, status_class=status_class,
        lookup=site.labelled,
        exported=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), **values)
