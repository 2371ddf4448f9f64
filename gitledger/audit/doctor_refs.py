"""``doctor``'s rules for the refs and the format: each ref under ``refs/ledger/`` is one
the layout has, its first-parent chain is whole, its headers parse in a format this
version reads, its entries parse where their ids belong, and format 3's month chains.

Each ref gets at most one finding, at the first problem of its chain: what is behind it
cannot be read anyway.
"""

from __future__ import annotations

import re
from dataclasses import replace

from gitledger import FORMAT_VERSION
from gitledger.audit.doctor_findings import DoctorFinding, DoctorRun, Readable
from gitledger.core.codec import decode_focus, decode_meta
from gitledger.core.display import printable
from gitledger.core.model import BadEntry, Entry
from gitledger.errors import CorruptLedger
from gitledger.storage.archive_store import tag_chains
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.integrity import (
    MISSING_OBJECT_ERRORS,
    Gap,
    Head,
    blob_data,
    object_kind,
    read_head,
    walk_chain,
)
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    FOCUS_PATH,
    KEEP_REF,
    KEPT_DIR,
    META_PATH,
    MONTHS_PREFIX,
    PROJECT_REF,
    SESSIONS_PREFIX,
)
from gitledger.storage.month_chains import chain_problem
from gitledger.storage.store import TreeView


def layout(run: DoctorRun, ref: str) -> None:
    """``ref`` is one the ledger layout has, pointing at the kind of object its place
    holds, and its chain is whole (``_chain``)."""
    head = read_head(run.store, ref)
    if head is None:
        chained = run.store.chained(ref)
        if chained is not None:
            _chain(run, ref, chained.commit, "session")
        return
    if head.symbolic:
        run.add("ref-symbolic", ref, f"{ref} is a symbolic ref (to "
                f"{printable(head.target)}), not a ledger",
                f"git update-ref --no-deref -d {ref}")
        return
    rest = ref.removeprefix(SESSIONS_PREFIX)
    if ref.startswith(SESSIONS_PREFIX) and rest and "/" not in rest:
        _ledger_ref(run, ref, head, "session")
    elif ref == PROJECT_REF:
        _ledger_ref(run, ref, head, "project")
    elif ref.startswith(ARCHIVE_PREFIX) and "/" not in ref.removeprefix(ARCHIVE_PREFIX):
        _archive_ref(run, ref, head)
    elif ref == KEEP_REF:
        _keep_ref(run, ref, head)
    else:
        run.add("ref-unknown", ref, f"{ref} is not part of the ledger layout (sessions/"
                "<id>, project, archive/<id>, keep)",
                f"move it out of refs/ledger/ (git update-ref -d {ref} once it is "
                "kept elsewhere)")


def month_chains(run: DoctorRun) -> None:
    """Each month chain's history is made of archive commits all the way down."""
    for chain, tip in sorted(run.store.chain_refs().items()):
        problem = chain_problem(run.store.git, tip)
        if problem is not None:
            run.add("chain-broken", chain, f"{chain}: {problem}; the archives behind "
                    "it are not read", f"inspect it (git log --first-parent {chain}); "
                    "the archived ledgers are its commits' last parents")


def chained_archives(run: DoctorRun) -> None:
    """Format-3 month chains of this clone: their archives have no ref of their own
    (``git show refs/ledger/archive/<id>`` fails); --fix makes each a tag again."""
    chains = run.store.chain_refs()
    if not chains:
        return
    count = sum(len(run.store.archive_index().in_chain(chain)) for chain in chains)
    finding = run.add(
        "archive-chained", MONTHS_PREFIX, f"{count} archive(s) are held in "
        f"{len(chains)} format-3 month chain(s) under {MONTHS_PREFIX}, not as tags",
        f"git ledger doctor --fix (makes each an annotated tag at {ARCHIVE_PREFIX}<id> "
        "and then removes the chain; git ledger push then removes the remote's copy)")
    if run.fix:
        done = tag_chains(run.store)
        if done.removed and not done.left:
            run.mark_fixed(finding, f"tagged {len(done.tagged)} archive(s), removed "
                           f"{len(done.removed)} month chain(s)")
        for ref, why in done.left:
            run.add("archive-chained", ref, f"{ref} was not migrated: {why}",
                    f"inspect it (git cat-file -p {ref})")


def _not_ledger(run: DoctorRun, ref: str, what: str, expected: str) -> None:
    run.add("ref-not-ledger", ref, f"{ref} points at {what}, not {expected}",
            f"inspect it (git cat-file -p {ref}); if it is no ledger, "
            f"git update-ref -d {ref}")


def _ledger_ref(run: DoctorRun, ref: str, head: Head, kind: str) -> None:
    if head.kind is None:
        _missing(run, ref, head.target, "its tip")
    elif head.kind != "commit":
        _not_ledger(run, ref, f"a {head.kind}", "a ledger commit")
    else:
        _chain(run, ref, head.target, kind)


def _archive_ref(run: DoctorRun, ref: str, head: Head) -> None:
    if head.kind is None:
        _missing(run, ref, head.target, "its tag")
    elif head.kind != "tag" or head.tagged is None:
        _not_ledger(run, ref, f"a {head.kind}", "an annotated archive tag")
    elif head.tagged_kind is None:
        _missing(run, ref, head.tagged, "the commit its tag names")
    elif head.tagged_kind != "commit":
        _not_ledger(run, ref, f"a tag of a {head.tagged_kind}", "a tag of a ledger commit")
    else:
        _chain(run, ref, head.tagged, "session")


def _missing(run: DoctorRun, ref: str, sha: str, what: str) -> None:
    run.add("object-missing", ref, f"{ref}: {what} ({sha[:12]}) is missing from the "
            "object database", f"fetch the ledger from a clone that has it (git fetch "
            f"REMOTE {ref}), or git fsck to see what else is lost")


def _gap(run: DoctorRun, ref: str, gap: Gap, label: str, other_parent: str) -> None:
    """``other_parent`` says what a parent after the first is in this kind of chain."""
    what = {"tree": f"the tree of {label}", "other-parent": f"{other_parent} {label}",
            "first-parent": f"the parent of {label}"}[gap.part]
    _missing(run, ref, gap.missing, what)


def _chain(run: DoctorRun, ref: str, tip: str, kind: str) -> None:
    """Walk the first-parent chain: every commit exists and has a good ledger.toml.

    Stops at the first problem (one finding per ref); the tip is readable if its own
    header is good."""
    for step in walk_chain(run.store, tip):
        label = _label(step.commit, tip)
        if isinstance(step, Gap):
            _gap(run, ref, step, label, "a parent of")
            return
        problem = _header(run, ref, step.view, label, kind)
        if problem is not None:
            run.findings.append(problem)
            return
        if step.commit == tip:
            run.readable.append(Readable(ref, step.view))


def _header(run: DoctorRun, ref: str, view: TreeView, label: str,
            kind: str) -> DoctorFinding | None:
    blob_id = view.id_of(META_PATH)
    if blob_id is None:
        return DoctorFinding("header-missing", ref, f"{ref}: {label} has no {META_PATH} in its "
                             "tree: that commit is not a ledger's",
                             f"inspect it (git show {ref}); doctor never rewrites a ledger's "
                             "history")
    key = f"{blob_id}:{kind}"
    if key not in run.meta_seen:
        run.meta_seen[key] = _meta(run, ref, blob_id, kind)
    found = run.meta_seen[key]
    if found is None:
        focus_id = view.id_of(FOCUS_PATH)
        if focus_id is not None:
            found = _focus(run, ref, focus_id)
    if found is None:
        return None
    return replace(found, ref=ref, message=_fill(found.message, ref, label),
                   fix=_fill(found.fix, ref, label))


def _focus(run: DoctorRun, ref: str, blob_id: str) -> DoctorFinding | None:
    """What is wrong with one state.toml blob (TASK and NEXT), which every command
    reads: one that does not parse makes the whole ledger unreadable."""
    try:
        decode_focus(blob_data(run.store, blob_id), FOCUS_PATH)
    except CorruptLedger as exc:
        return DoctorFinding("header-bad", ref, f"{{ref}}: the {FOCUS_PATH} of {{label}} does "
                             f"not parse ({printable(str(exc))})", f"inspect it (git show "
                             f"{{ref}}:{FOCUS_PATH}); doctor never rewrites a ledger's history")
    return None


def _meta(run: DoctorRun, ref: str, blob_id: str, kind: str) -> DoctorFinding | None:
    """What is wrong with one ledger.toml blob ({ref} and {label} filled in later)."""
    if object_kind(run.store, blob_id) is None:
        return DoctorFinding("object-missing", ref, f"{{ref}}: the {META_PATH} of {{label}} "
                             f"({blob_id[:12]}) is missing", "fetch the ledger from a clone "
                             "that has it, or git fsck to see what else is lost")
    try:
        meta = decode_meta(blob_data(run.store, blob_id), META_PATH)
    except CorruptLedger as exc:
        return DoctorFinding("header-bad", ref, f"{{ref}}: the {META_PATH} of {{label}} does "
                             f"not parse ({printable(str(exc))})", f"inspect it (git show "
                             f"{{ref}}:{META_PATH}); doctor never rewrites a ledger's history")
    if meta.format < 1 or meta.format > FORMAT_VERSION:
        newer = meta.format > FORMAT_VERSION
        return DoctorFinding("format-unknown", ref, f"{{ref}}: {{label}} says ledger format "
                             f"{meta.format}; this gitledger reads formats 1 to "
                             f"{FORMAT_VERSION}",
                             "upgrade gitledger" if newer else
                             f"inspect it (git show {{ref}}:{META_PATH}); format {meta.format} "
                             "does not exist")
    if meta.kind != kind:
        return DoctorFinding("header-bad", ref, f"{{ref}}: {{label}} is a {meta.kind} ledger "
                             f"where a {kind} ledger belongs", f"inspect it (git show "
                             f"{{ref}}:{META_PATH}); doctor never rewrites a ledger's history")
    return None


def _keep_ref(run: DoctorRun, ref: str, head: Head) -> None:
    if head.kind is None:
        _missing(run, ref, head.target, "its tip")
        return
    if head.kind != "commit":
        _not_ledger(run, ref, f"a {head.kind}", "a keep-alive commit")
        return
    for step in walk_chain(run.store, head.target):
        label = _label(step.commit, head.target)
        if isinstance(step, Gap):
            _gap(run, ref, step, label, "a kept commit, a parent of")
            return
        if step.commit == head.target and not step.view.has(KEPT_DIR):
            _not_ledger(run, ref, f"a commit whose tree has no {KEPT_DIR}/",
                        "the keep-alive chain")
            return


def held_entries(run: DoctorRun) -> list[tuple[str, Entry]]:
    """The entries of every readable ledger, each with its ref; an entry that does not
    parse, sits at a path its id does not belong at, or is held twice is a finding."""
    found: list[tuple[str, Entry]] = []
    holders: dict[str, list[str]] = {}
    for ledger in run.readable:
        if ledger.ref in run.archive_copies:
            continue  # the same commit as its archive: one ledger, read once
        try:
            entries, bad = read_entries(run.store, ledger.ref, ledger.view)
        except MISSING_OBJECT_ERRORS as exc:
            run.add("object-missing", ledger.ref, f"{ledger.ref}: an entries tree is "
                    f"missing ({printable(str(exc))})", "fetch the ledger from a "
                    "clone that has it, or git fsck to see what else is lost")
            continue
        ids = {e.id for e in entries}
        for item in bad:
            _bad_entry(run, ledger.ref, item, ids)
        for entry in entries:
            if entry.id in run.carried.get(ledger.ref, ()):
                continue  # counted where it was carried to (carry-unfinished says so)
            found.append((ledger.ref, entry))
            holders.setdefault(entry.id, []).append(ledger.ref)
    for entry_id, refs in sorted(holders.items()):
        if len(refs) > 1:
            run.add("duplicate-id", refs[0], f"{entry_id} is held by {len(refs)} "
                    f"ledgers: {', '.join(refs)}", f"keep it in one ledger: remove "
                    f"the other copies (git ledger show {entry_id} --ledger REF shows "
                    "each); doctor never rewrites a ledger")
    return found


def _bad_entry(run: DoctorRun, ref: str, bad: BadEntry, ids: set[str]) -> None:
    holds = re.search(r"holds '([^']+)', which belongs elsewhere", bad.reason)
    if holds and holds.group(1) in ids:
        run.add("duplicate-id", ref, f"{ref}: {bad.path} holds {holds.group(1)}, "
                "which another entry already is", f"remove {bad.path} from the "
                "ledger's tree with a new ledger commit")
    elif holds:
        run.add("entry-misplaced", ref, f"{ref}: {printable(bad.reason)}",
                f"move {bad.path} to where {holds.group(1)} belongs with a new "
                "ledger commit")
    else:
        run.add("entry-unreadable", ref, f"{ref}: {printable(bad.reason)}",
                f"fix the TOML of {bad.path} by hand, or restore it from the ledger's "
                f"history (git log -p {ref} -- {bad.path})")


def _label(commit: str, tip: str) -> str:
    return "its tip" if commit == tip else f"commit {commit[:12]}"


def _fill(text: str, ref: str, label: str) -> str:
    return text.replace("{ref}", ref).replace("{label}", label)

