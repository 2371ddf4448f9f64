"""Who wrote and who last changed each part of a ledger, from its history, never its blobs.

Anyone who can push can write any blob, so only the commit that brought content in says
who wrote it.  Records are cached per ref in ``ledger-cache/`` and extended incrementally;
how they are shown is ``ledger/authorship.py``'s.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pygit2
from pygit2.enums import ObjectType, SortMode

from gitledger.core.codec import decode_focus
from gitledger.core.ids import entry_path
from gitledger.core.parsing import json_loads
from gitledger.derived.files import CACHE_DIR, write_atomic
from gitledger.errors import CorruptLedger
from gitledger.storage.entry_cache import collector_paused
from gitledger.storage.layout import ENTRIES_DIR, FOCUS_PATH
from gitledger.storage.signatures import author_of
from gitledger.storage.store import Store

#: 2: the keys grouped by their record (a few groups of many keys load in C-level loops).
CACHE_VERSION = 2
#: Between the keys of one group: a byte no tree path holds.
KEY_SEPARATOR = "\0"
#: The keys of the focus's fields, apart from the path of the blob that holds them.
TASK_KEY = FOCUS_PATH + "#task"
NEXT_KEY = FOCUS_PATH + "#next"
FOCUS_KEYS = {"task": TASK_KEY, "next": NEXT_KEY}
_FOCUS_FIELD_KEYS = frozenset(FOCUS_KEYS.values())
#: How many other changers a merged record names (a record merged again and again).
MERGED_CAP = 4
ENTRY_PREFIX = ENTRIES_DIR + "/"


# -- deriving ------------------------------------------------------------------------------

#: A record: indexes into the people list, ``[creator, changer, *merged_from]``; a state
#: maps each key (an entry's id, another path, a focus field) to one.  Records are never
#: changed in place, so states share them.
_Record = list[int]
_State = dict[str, _Record]
_Cached = tuple[str, list[str], dict[str, _Record]]


class _Rebuild(Exception):
    """The cached tip does not lead to the new one: derive from the whole history."""


class _People:
    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.index = {name: i for i, name in enumerate(names)}

    def __call__(self, name: str) -> int:
        found = self.index.get(name)
        if found is None:
            found = self.index[name] = len(self.names)
            self.names.append(name)
        return found


#: The records of one ledger at one commit: the people (git identities), and for each key
#: (an entry's id, another tree path, a focus field) ``[creator, changer, *merged_from]``
#: as indexes into them.
Records = tuple[tuple[str, ...], dict[str, list[int]]]


def provenance_records(store: Store, ref: str, commit: str) -> Records:
    """The records of ledger ``ref`` at ``commit`` (its tip, as the caller read it)."""
    path = cache_path(store, ref)
    cached = _load(path, ref)
    if cached is not None and cached[0] == commit:
        return tuple(cached[1]), cached[2]
    with collector_paused():
        people, records = _derive(store.git, commit, cached)
    groups: dict[str, list[str]] = {}
    for key, record in records.items():
        groups.setdefault(",".join(map(str, record)), []).append(key)
    _save(path, {"version": CACHE_VERSION, "ref": ref, "tip": commit, "people": people.names,
                 "records": {record: KEY_SEPARATOR.join(keys) for record, keys in groups.items()}})
    return tuple(people.names), records


#: How many commits ``one_author`` looks at before it leaves the question to the records
#: (a long history is cached by ``provenance_records`` anyway).
SOLO_WALK = 500


def one_author(store: Store, commit: str, same: Callable[[str], bool]) -> bool:
    """Whether ``same`` holds of the author of every commit from ``commit`` back to its
    root: one walk of at most ``SOLO_WALK`` commits and no tree read, where the records
    would diff every commit's tree (all of a ledger imported in one commit).  False when
    one fails, or the history is longer."""
    try:
        walker = store.git.walk(pygit2.Oid(hex=commit), SortMode.NONE)
        for count, found in enumerate(walker):
            if count >= SOLO_WALK or not same(_ident(author_of(found))):
                return False
    except (KeyError, ValueError, pygit2.GitError):
        return False
    return True


def cache_path(store: Store, ref: str) -> Path:
    """Where ``ref``'s records are cached (one file a ref: a mirror and the local ledger of
    the same id have different histories)."""
    digest = hashlib.sha256(ref.encode("utf-8")).hexdigest()[:20]
    return store.repo.commondir / CACHE_DIR / f"provenance-{digest}.json"


def _load(path: Path, ref: str) -> _Cached | None:
    try:
        data = json_loads(path.read_text(encoding="utf-8"), max_depth=None)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION \
            or data.get("ref") != ref:
        return None
    tip, people, groups = data.get("tip"), data.get("people"), data.get("records")
    if not (isinstance(tip, str) and isinstance(people, list) and isinstance(groups, dict)
            and all(isinstance(p, str) for p in people)):
        return None
    records: dict[str, _Record] = {}
    for text, keys in groups.items():
        try:
            record = [int(i) for i in text.split(",")]
        except ValueError:
            return None
        if not isinstance(keys, str) or len(record) < 2 or min(record) < 0 \
                or max(record) >= len(people):
            return None
        records.update(dict.fromkeys(keys.split(KEY_SEPARATOR), record))
    return tip, people, records


def _save(path: Path, data: dict[str, object]) -> None:
    """Replace the cache file atomically, in one pass of the C encoder; a read-only git
    dir goes without."""
    try:
        path.parent.mkdir(exist_ok=True)
        write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    except OSError:
        pass


def _derive(git: pygit2.Repository, commit: str,
            cached: _Cached | None) -> tuple[_People, _State]:
    if cached is not None:
        try:
            return _walk(git, commit, cached)
        except (_Rebuild, KeyError, ValueError, TypeError, IndexError, pygit2.GitError):
            pass  # an unrelated or damaged cache: from the start
    return _walk(git, commit, None)


def _walk(git: pygit2.Repository, commit: str,
          cached: _Cached | None) -> tuple[_People, _State]:
    people = _People(list(cached[1]) if cached else [])
    walker = git.walk(pygit2.Oid(hex=commit), SortMode.TOPOLOGICAL | SortMode.REVERSE)
    states: dict[str, _State] = {}
    trees: dict[str, pygit2.Tree] = {}
    base: str | None = None
    base_state: _State = {}
    base_tree: pygit2.Tree | None = None
    pending: dict[str, int] = {}
    if cached is not None:
        base, _, base_state = cached
        base_tree = trees[base] = _tree(git, base)
        states[base] = base_state
        pending[base] = 1  # never handed over: a merge may still ask it what it held
        walker.hide(pygit2.Oid(hex=base))
    commits = list(walker)
    # How many children each state still has to give its records to: the last one may
    # take the dict itself, the others get a copy (a linear history copies nothing).
    for found in commits:
        for oid in found.parent_ids:
            pending[str(oid)] = pending.get(str(oid), 0) + 1
    focus = _FocusFields(git)
    for found in commits:
        parents = [str(p) for p in found.parent_ids]
        if parents and parents[0] not in states:
            raise _Rebuild  # a history that does not lead back to the cached tip
        first_tree = (trees.get(parents[0]) or _tree(git, parents[0])) if parents else None
        state = _take(states, pending, parents[0]) if parents else {}
        author = people(_ident(author_of(found)))
        others = [(p, trees.get(p) or _tree(git, p)) for p in parents[1:]]
        tree = found.tree
        changes = dict(_changed(git, "", first_tree, tree))
        if FOCUS_PATH in changes:
            changes.update(focus.changes(first_tree, tree))
        for key, value in changes.items():
            if value is None:
                state.pop(key, None)
                continue
            record = None
            for other, other_tree in others:
                if focus.value(other_tree, key) != value:
                    continue
                held = states.get(other)
                if held is None and focus.value(base_tree, key) == value:
                    held = base_state  # the same content the cached tip holds, so its record
                record = held.get(key) if held is not None else None
                if record is not None:
                    break
            if record is None:
                record = _new_record(key, author, state,
                                     [states.get(p) or {} for p, _ in others])
            state[key] = record
        for other, _ in others:
            _release(states, pending, other)
        for parent in parents:
            if parent not in states:
                trees.pop(parent, None)
        sha = str(found.id)
        states[sha] = state
        trees[sha] = tree
    if commit not in states:
        raise _Rebuild  # the ref moved back behind the cached tip
    return people, states[commit]


def _new_record(key: str, author: int, first: _State, others: list[_State]) -> _Record:
    """The record of content ``author``'s commit brought in: an entry keeps its creator,
    and content new in a merge also names who changed the versions it merged; a focus
    field's new value is the author's alone."""
    if key in _FOCUS_FIELD_KEYS:
        return [author, author]  # a field is replaced whole: the new value is all theirs
    earlier = [s[key] for s in (first, *others) if key in s]
    record = [earlier[0][0] if earlier else author, author]
    if others:
        seen = set(record)
        for _, *changers in earlier:
            for who in changers:
                if who not in seen and len(record) < 2 + MERGED_CAP:
                    seen.add(who)
                    record.append(who)
    return record


def _tree(git: pygit2.Repository, sha: str) -> pygit2.Tree:
    found = git[pygit2.Oid(hex=sha)]
    if not isinstance(found, pygit2.Commit):
        raise _Rebuild
    return found.tree


def _take(states: dict[str, _State], pending: dict[str, int], parent: str) -> _State:
    """The state at ``parent`` for one of its children to change."""
    pending[parent] = pending.get(parent, 1) - 1
    if pending[parent] <= 0:
        return states.pop(parent, {})
    return dict(states[parent])


def _release(states: dict[str, _State], pending: dict[str, int], parent: str) -> None:
    pending[parent] = pending.get(parent, 1) - 1
    if pending[parent] <= 0:
        states.pop(parent, None)


#: How deep ``_changed`` opens trees: a ledger's deepest blob is ``entries/<c0>/<c1>/<id>``,
#: three trees down.  Anything deeper is no part of a ledger (the reader reports it as
#: unreadable), and a teammate's tree thousands deep must not recurse that far.
TREE_DEPTH = 4


def _changed(git: pygit2.Repository, prefix: str, old: pygit2.Tree | None,
             new: pygit2.Tree | None, depth: int = 0) -> Iterator[tuple[str, str | None]]:
    """(key, blob id in ``new`` or None) of every blob that differs, never opening a
    subtree both sides share.  An entry's key is its id (the cache is smaller and a lookup
    needs no path); a blob anywhere else keeps its path."""
    if (old is not None and new is not None and old.id == new.id) or depth > TREE_DEPTH:
        return
    before = {item.name: item for item in old} if old is not None else {}
    after = {item.name: item for item in new} if new is not None else {}
    for name in before.keys() | after.keys():
        was, now = before.get(name), after.get(name)
        if was is not None and now is not None and was.id == now.id:
            continue
        full = f"{prefix}{name}"
        old_tree = git[was.id] if was is not None and was.type == ObjectType.TREE else None
        new_tree = git[now.id] if now is not None and now.type == ObjectType.TREE else None
        if old_tree is not None or new_tree is not None:
            yield from _changed(git, full + "/", old_tree, new_tree,  # type: ignore[arg-type]
                                depth + 1)
        if now is not None and now.type == ObjectType.BLOB:
            yield _key(full), str(now.id)
        elif was is not None and was.type == ObjectType.BLOB:
            yield _key(full), None


def record_key(path: str) -> str:
    """The key under which the records name tree path ``path`` (``_key``)."""
    return _key(path)


def _key(path: str) -> str:
    """The key of tree path ``path``: an entry's id where the path is that entry's."""
    if path.startswith(ENTRY_PREFIX) and path.endswith(".toml"):
        entry_id = path.rsplit("/", 1)[-1][:-5]
        if is_entry_key(entry_id) and len(entry_id) > 3 and entry_path(entry_id) == path:
            return entry_id
    return path


def is_entry_key(key: str) -> bool:
    """Whether a record's key is an entry's id (not a tree path or a focus field)."""
    return "/" not in key and "." not in key and "#" not in key


class _FocusFields:
    """The values that identify each key's content in a tree: a path's blob id, or one
    field of the focus."""

    def __init__(self, git: pygit2.Repository) -> None:
        self.git = git
        self.decoded: dict[str, tuple[str | None, str | None]] = {}

    def _fields(self, tree: pygit2.Tree | None) -> tuple[str | None, str | None]:
        blob = _blob_id(tree, FOCUS_PATH)
        if blob is None:
            return None, None
        found = self.decoded.get(blob)
        if found is None:
            data = bytes(self.git[pygit2.Oid(hex=blob)].data)  # type: ignore[attr-defined]
            found = self.decoded[blob] = _focus_fields(data, blob)
        return found

    def value(self, tree: pygit2.Tree | None, key: str) -> str | None:
        if key == TASK_KEY:
            return self._fields(tree)[0]
        if key == NEXT_KEY:
            return self._fields(tree)[1]
        return _blob_id(tree, entry_path(key) if is_entry_key(key) else key)

    def changes(self, old: pygit2.Tree | None,
                new: pygit2.Tree) -> Iterator[tuple[str, str | None]]:
        before, after = self._fields(old), self._fields(new)
        for key, was, now in ((TASK_KEY, before[0], after[0]),
                              (NEXT_KEY, before[1], after[1])):
            if was != now:
                yield key, now


def _focus_fields(data: bytes, blob: str) -> tuple[str | None, str | None]:
    """What identifies the focus's ``task`` and ``next`` in a ``state.toml``: the line of
    each as our writes encode it (``key = "…"``, one line), so that the blob every append
    rewrites is not parsed as TOML each time.  Anything else is decoded; an unreadable
    file's fields are the whole blob (attributed as one)."""
    fields: dict[str, str] = {}
    simple = True
    for line in data.decode("utf-8", errors="replace").splitlines():
        name, eq, _ = line.partition(" = ")
        if eq and name.isidentifier() and not any(q * 3 in line for q in "\"'"):
            fields[name] = line
        elif line.strip():
            simple = False
            break
    if simple:
        return fields.get("task"), fields.get("next")
    try:
        focus = decode_focus(data, FOCUS_PATH)
    except (CorruptLedger, ValueError, TypeError):
        return blob, blob
    return (None if focus.task is None else json.dumps(focus.task),
            None if focus.next is None else json.dumps(focus.next))


def _blob_id(tree: pygit2.Tree | None, path: str) -> str | None:
    if tree is None:
        return None
    try:
        item = tree[path]
    except KeyError:
        return None
    return str(item.id) if item.type == ObjectType.BLOB else None


def _ident(signature: pygit2.Signature) -> str:
    return f"{signature.name} <{signature.email}>"
