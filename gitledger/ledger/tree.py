"""Reading one ledger tree: an entry by id or unique prefix (or by the id the file it was
imported from gave it), and the header.

A ledger commit's tree is the ledger's complete state (docs/format.md), so these need
only a ``TreeView``: no history, no replay.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from gitledger import FORMAT_VERSION, SEQ_TRAILER_FORMAT
from gitledger.core.codec import (
    decode_focus,
    decode_meta,
)
from gitledger.core.display import one_line
from gitledger.core.ids import entry_path, is_valid_id, match_prefix, split_prefix
from gitledger.core.model import (
    Entry,
    Focus,
    LedgerMeta,
    source_id,
)
from gitledger.errors import (
    AmbiguousEntry,
    CorruptLedger,
    UnknownEntry,
)
from gitledger.storage.entry_cache import decoded_blob
from gitledger.storage.layout import ENTRIES_DIR, FOCUS_PATH, META_PATH
from gitledger.storage.store import TreeView


def find_entry_id(view: TreeView, prefix: str) -> str:
    """The full id that ``prefix`` names in this tree, reading only the buckets it can be in."""
    _, core = split_prefix(prefix)
    if len(core) >= 2:
        buckets = [f"{ENTRIES_DIR}/{core[0]}/{core[1]}"]
    elif core:
        buckets = [f"{ENTRIES_DIR}/{core[0]}/{b}" for b in view.names(f"{ENTRIES_DIR}/{core[0]}")]
    else:
        buckets = [
            f"{ENTRIES_DIR}/{a}/{b}"
            for a in view.names(ENTRIES_DIR)
            for b in view.names(f"{ENTRIES_DIR}/{a}")
        ]
    candidates = [
        name.removesuffix(".toml")
        for bucket in buckets
        for name in view.names(bucket)
        if name.endswith(".toml")
    ]
    return match_prefix(prefix, candidates)


def find_by_source_id(entries: Iterable[Entry], wanted: str, missing: UnknownEntry) -> str:
    """The id of the one entry imported under the file id ``wanted`` (exactly, else in
    any case).  None is: ``missing``, the prefix search's error, when ``wanted`` is a
    prefix of ours; otherwise an error that names both kinds of id."""
    value = wanted.strip()
    found = [(e.id, source) for e in entries if (source := source_id(e)) is not None
             and source.casefold() == value.casefold()]
    exact = sorted(i for i, source in found if source == value)
    ids = exact or sorted(i for i, _ in found)
    shown = one_line(value, 80)
    if len(ids) > 1:
        listed = ", ".join(ids[:8]) + (f" and {len(ids) - 8} more" if len(ids) > 8 else "")
        raise AmbiguousEntry(f"'{shown}' is ambiguous: entries {listed} were all imported "
                             "with that id; name one by its own id")
    if not ids:
        try:
            split_prefix(value)
        except UnknownEntry:
            pass
        else:
            raise missing
        raise UnknownEntry(f"no entry matches '{shown}': it is not an entry id (ids look "
                           "like d-4f7k2m9xq1), nor the source id an imported entry came with")
    return ids[0]


def read_header(ref: str, view: TreeView) -> tuple[LedgerMeta, Focus]:
    meta_blob = view.read_header_blob(META_PATH)
    if meta_blob is None:
        raise CorruptLedger(
            f"{ref} is not a ledger: its tree has no {META_PATH}"
        )
    meta = decode_meta(meta_blob, f"{ref}:{META_PATH}")
    if meta.format < 1:
        raise CorruptLedger(f"{ref}: ledger format {meta.format} does not exist")
    if meta.format > FORMAT_VERSION:
        raise CorruptLedger(
            f"{ref} uses ledger format {meta.format}; this gitledger reads format "
            f"{FORMAT_VERSION} (upgrade gitledger)"
        )
    focus_blob = view.read_header_blob(FOCUS_PATH)
    focus = decode_focus(focus_blob, f"{ref}:{FOCUS_PATH}") if focus_blob else Focus()
    if meta.format >= SEQ_TRAILER_FORMAT:
        # The counter moved on in the tip's trailer since state.toml was last written.
        carried = view.carried_seq()
        if carried is not None and carried > focus.seq:
            focus = replace(focus, seq=carried)
    return meta, focus


def read_entry(view: TreeView, entry_id: str) -> Entry:
    path = entry_path(entry_id)
    blob_id = view.blob_id(path)
    if blob_id is None:
        raise UnknownEntry(f"no entry {entry_id}")
    return decoded_blob(view.read_blob, blob_id, path)  # once per blob in shared_reads


def count_entries(view: TreeView) -> int:
    return sum(
        1
        for a in view.names(ENTRIES_DIR)
        for b in view.names(f"{ENTRIES_DIR}/{a}")
        for name in view.names(f"{ENTRIES_DIR}/{a}/{b}")
        if name.endswith(".toml")
    )


def changed_entries(commit: TreeView,
                    parents: list[TreeView | None]) -> dict[str, str | None]:
    """Entry id → its blob id in ``commit`` (None: gone) for every entry blob the commit's
    tree changed against its parent's; for a merge, against every parent's (what the merge
    itself brought in).  The trees' word, where the commit's trailers are its writer's: a
    commit made with ``commit-tree`` names no entry, yet changes them."""
    changed: dict[str, str | None] | None = None
    for parent in [*parents] or [None]:
        here: dict[str, str | None] = {}
        if parent is None:
            here.update(commit.blob_ids(ENTRIES_DIR))
        else:
            for path, blob in parent.changed_blobs(commit, ENTRIES_DIR):
                here[path] = blob  # a changed blob comes as its removal, then its new id
        changed = here if changed is None else {p: b for p, b in changed.items() if p in here}
    found: dict[str, str | None] = {}
    for path, blob in (changed or {}).items():
        entry_id = path.rsplit("/", 1)[-1].removesuffix(".toml")
        if entry_path_or_none(entry_id) == path:
            found[entry_id] = blob
    return found


def entry_path_or_none(entry_id: str) -> str | None:
    """Where entry ``entry_id`` lives, or None when it is no entry id."""
    return entry_path(entry_id) if is_valid_id(entry_id) else None
