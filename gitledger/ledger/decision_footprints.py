"""A decision's footprint as the ledger writes it: globs checked, spans derived from commits.

``clean_paths`` makes globs relative to the work tree and refuses ones that leave it;
``derived_footprint`` is what every write of a decision's evidence passes through, so the
footprint always names exactly the commits it cites (docs/format.md, "Footprints").
"""

from __future__ import annotations

import os
import posixpath
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import replace

from gitledger.core.footprint import MAX_SPANS, parse_span
from gitledger.core.model import Entry
from gitledger.core.text import clean_line
from gitledger.errors import InvalidInput
from gitledger.storage.commit_spans import commit_spans
from gitledger.storage.commits import CommitGraph
from gitledger.storage.repo import Repo
from gitledger.storage.span_cache import CommitSpans

#: Globs one entry keeps at most, and the length of each: a glob list is a pointer at
#: code, and the pre-tool-use hook matches every one of them on every edit.
MAX_PATHS = 50
PATH_LIMIT = 300


def clean_paths(repo: Repo, globs: Iterable[str], option: str = "--paths") -> tuple[str, ...]:
    """The globs as stored: relative to the top of the work tree, ``/``-separated, without
    ``.``/``..`` parts, each once; InvalidInput (one line) for any that cannot be."""
    out: list[str] = []
    for given in globs:
        glob = _clean_glob(repo, given, option)
        if glob not in out:
            out.append(glob)
    if len(out) > MAX_PATHS:
        raise InvalidInput(f"{option}: {len(out)} globs; the limit is {MAX_PATHS} (a "
                           "directory's glob, like 'src/db/**', covers what is under it)")
    return tuple(out)


def _clean_glob(repo: Repo, given: str, option: str) -> str:
    text = clean_line(given, option, PATH_LIMIT)
    named = f"{option} '{text}'"
    if text.startswith("!"):
        raise InvalidInput(f"{named}: a negated glob is not supported; name the files the "
                           "entry governs")
    directory = text.endswith("/")
    expanded = os.path.expanduser(text)
    top = repo.workdir.as_posix()
    if posixpath.isabs(expanded):
        full = posixpath.normpath(expanded)
        if not _inside(full, top):
            raise InvalidInput(f"{named} is outside the work tree ({top}); give a glob "
                               "relative to its top")
        relative = posixpath.relpath(full, top)
    else:
        here = repo.cwd.as_posix()
        base = posixpath.relpath(here, top) if _inside(here, top) else "."
        relative = posixpath.normpath(posixpath.join(base, expanded))
    if relative == ".." or relative.startswith("../"):
        raise InvalidInput(f"{named} leads outside the work tree; give a glob relative to "
                           "its top")
    if relative == ".":
        return "**"
    return relative + "/" if directory else relative


def _inside(path: str, top: str) -> bool:
    return path == top or path.startswith(top.rstrip("/") + "/")


def derived_footprint(repo: Repo, evidence: Sequence[str], previous: Iterable[str] = (),
                      *, cache: dict[str, list[str]] | None = None) -> tuple[str, ...]:
    """The footprint of a decision with ``evidence``: the spans of each ``git:`` commit it
    cites, in evidence order, at most ``MAX_SPANS``.  A cited commit this repository no
    longer has keeps the spans ``previous`` (the stored footprint) gave it.  ``cache``
    (commit → its spans) spares a caller asking about many decisions the same diff twice."""
    graph = CommitGraph(repo)
    known = {} if cache is None else cache
    kept: dict[str, list[str]] = {}
    for text in previous:
        span = parse_span(text)
        if span is not None:
            kept.setdefault(span.commit, []).append(text)
    out: list[str] = []
    for sha in dict.fromkeys(_git_shas(evidence)):
        full = graph.full(sha)
        if full is None:
            out.extend(kept.get(sha, ()))
            continue
        if full not in known:
            known[full] = [str(span) for span in commit_spans(repo, full)
                           if _storable(span.path)]
        out.extend(known[full])
    return tuple(dict.fromkeys(out))[:MAX_SPANS]


#: How many commits one read of the ledgers that govern code diffs at most to rebuild the
#: footprints of other people's decisions (the rest on a later read: ``CommitSpans``).
REBUILD_BUDGET = 300


def commit_spans_cache(repo: Repo, budget: int = REBUILD_BUDGET) -> CommitSpans:
    """The spans of commits, cached by commit, for ``rebuilt_footprint``."""
    return CommitSpans(repo, _storable, budget)


def rebuilt_footprint(repo: Repo, evidence: Sequence[str],
                      spans: CommitSpans) -> tuple[str, ...] | None:
    """The footprint ``evidence`` derives in this repository, whatever footprint the blob
    stores: what a decision someone else wrote or changed governs (their blob's spans
    are their claim, and a forged one would govern your files).  A cited commit this
    repository lacks derives nothing.  None when ``spans`` ran out of its budget of new
    diffs: the caller must not keep the answer."""
    graph = CommitGraph(repo)
    out: list[str] = []
    for sha in dict.fromkeys(_git_shas(evidence)):
        full = graph.full(sha)
        if full is None:
            continue
        found = spans.of(full)
        if found is None:
            return None
        out.extend(found)
    return tuple(dict.fromkeys(out))[:MAX_SPANS]


def stale_footprint(repo: Repo, entry: Entry, *,
                    cache: dict[str, list[str]] | None = None) -> str | None:
    """What is wrong with a decision's stored footprint, one line, or None when it is what
    its ``git:`` evidence derives (``doctor``'s ``footprint-stale``)."""
    if entry.kind != "decided" or not (entry.footprint or _git_shas(entry.evidence)):
        return None
    wanted = derived_footprint(repo, entry.evidence, entry.footprint, cache=cache)
    stored = entry.footprint
    if stored == wanted:
        return None
    problems: list[str] = []
    unparsable = [text for text in stored if parse_span(text) is None]
    if unparsable:
        problems.append(f"{len(unparsable)} span{'s' if len(unparsable) != 1 else ''} "
                        "that do not parse")
    cited = {span.commit for text in wanted if (span := parse_span(text)) is not None}
    uncited = sorted({span.commit[:12] for text in stored if (span := parse_span(text))
                      is not None and span.commit not in cited and text not in wanted})
    if uncited:
        problems.append(f"spans of {', '.join(uncited[:3])}, which it does not cite (or "
                        "which changed nothing)")
    missing = [text for text in wanted if text not in stored]
    if missing:
        commits = sorted({text.split(" ", 1)[0][:12] for text in missing})
        problems.append(f"{'none' if not stored else 'not all'} of the spans of "
                        f"{', '.join(commits[:3])}")
    if not problems:
        problems.append("its spans out of order")
    return f"the footprint has {'; '.join(problems)}"


def with_evidence(repo: Repo, entry: Entry, evidence: tuple[str, ...]) -> Entry:
    """``entry`` citing ``evidence``, its footprint derived again (``derived_footprint``)."""
    if entry.kind != "decided":
        return replace(entry, evidence=evidence)
    return replace(entry, evidence=evidence,
                   footprint=derived_footprint(repo, evidence, entry.footprint))


def _storable(path: str) -> bool:
    """Whether a changed file's path can be kept as a span: one line (the stored form is
    one string), nothing a terminal or an agent would read differently from a person
    (control and invisible characters: a commit's file names are anyone's to choose)."""
    return all(ch == " " or (ch.isprintable() and unicodedata.category(ch) != "Cf")
               for ch in path)


def _git_shas(evidence: Sequence[str]) -> list[str]:
    return [item[4:].strip() for item in evidence if item.startswith("git:") and item[4:].strip()]


__all__ = ["MAX_PATHS", "PATH_LIMIT", "REBUILD_BUDGET", "clean_paths", "commit_spans_cache",
           "derived_footprint", "rebuilt_footprint", "stale_footprint", "with_evidence"]
