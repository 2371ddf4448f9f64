"""Who wrote and who last changed each part of a ledger, from its history, never its blobs.

Anyone who can push can write any blob, so only the commit that brought content in says
who wrote it.  Records are cached per ref in ``ledger-cache/`` and extended incrementally;
how they are shown is ``ledger/authorship.py``'s.  A pull brings commits that branch from
an earlier commit than the tip (what a teammate last pulled), so what each walked commit
set is kept too: the records there are found again, not walked from the root.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pygit2
from pygit2.enums import ObjectType, SortMode

from gitledger.core.codec import decode_focus
from gitledger.core.ids import entry_path
from gitledger.core.parsing import json_loads
from gitledger.derived.files import CACHE_DIR, append_line, write_atomic
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
    people = _People(list(cached[1]) if cached is not None else [])
    points = _Points(_points_path(path), ref, people)
    log = _Log(_log_path(path), ref, people)
    with collector_paused():
        walked = _derive(store.git, commit, cached, people,
                         lambda sha: points.state_at(sha) or log.state_at(sha))
    people, records = walked.people, walked.state
    _save(path, {"version": CACHE_VERSION, "ref": ref, "tip": commit, "people": people.names,
                 "records": _grouped(records)})
    if walked.kept:  # a merge at the tip: its parents' records, for the next pull
        _save(_points_path(path), {
            "version": CACHE_VERSION, "ref": ref, "people": people.names,
            "points": {sha: _grouped(state) for sha, state in walked.kept.items()}})
    log.keep(walked)
    return tuple(people.names), records


def _grouped(records: _State) -> dict[str, str]:
    """``records`` as the cache holds them: each record with the keys that have it."""
    groups: dict[str, list[str]] = {}
    for key, record in records.items():
        groups.setdefault(",".join(map(str, record)), []).append(key)
    return {record: KEY_SEPARATOR.join(keys) for record, keys in groups.items()}


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
    data = _read(path, ref)
    if data is None:
        return None
    tip, people, groups = data.get("tip"), data.get("people"), data.get("records")
    if not (isinstance(tip, str) and isinstance(people, list)
            and all(isinstance(p, str) for p in people)):
        return None
    records = _ungrouped(groups, len(people))
    return None if records is None else (tip, people, records)


def _read(path: Path, ref: str) -> dict[str, object] | None:
    try:
        data = json_loads(path.read_text(encoding="utf-8"), max_depth=None)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION \
            or data.get("ref") != ref:
        return None
    return data


def _ungrouped(groups: object, people: int,
               named: Callable[[int], int] | None = None) -> _State | None:
    """The records of ``groups`` as the cache holds them (``_grouped``), their indexes
    into a list of ``people`` names (mapped by ``named`` into another one)."""
    if not isinstance(groups, dict):
        return None
    records: _State = {}
    for text, keys in groups.items():
        try:
            record = [int(i) for i in text.split(",")]
        except ValueError:
            return None
        if not isinstance(keys, str) or len(record) < 2 or min(record) < 0 \
                or max(record) >= people:
            return None
        if named is not None:
            record = [named(i) for i in record]
        records.update(dict.fromkeys(keys.split(KEY_SEPARATOR), record))
    return records


def _points_path(path: Path) -> Path:
    """Where the records at the parents of the last merge at the tip are kept, beside the
    cache (read only to walk on from one of them, never by a reader of the tip)."""
    return path.with_name(path.stem + ".points.json")


class _Points:
    """The records kept at the parents of the last merge at the tip, by commit, read when
    a walk first asks (``state_at``); their people are added to ``people``.  The records at
    a commit never change, so they hold whatever the tip has moved to since."""

    def __init__(self, path: Path, ref: str, people: _People) -> None:
        self.path, self.ref, self.people = path, ref, people
        self.points: dict[str, _State] | None = None

    def state_at(self, sha: str) -> _State | None:
        if self.points is None:
            self.points = self._read()
        return self.points.get(sha)

    def _read(self) -> dict[str, _State]:
        data = _read(self.path, self.ref)
        points, names = (data.get("points"), data.get("people")) if data else ({}, [])
        if not (isinstance(points, dict) and isinstance(names, list)
                and all(isinstance(name, str) for name in names)):
            return {}
        indexes: dict[int, int] = {}

        def named(i: int) -> int:
            if i not in indexes:
                indexes[i] = self.people(names[i])
            return indexes[i]

        found: dict[str, _State] = {}
        for sha, groups in points.items():
            state = _ungrouped(groups, len(names), named)
            if state is None:
                return {}
            found[sha] = state
        return found


def _save(path: Path, data: dict[str, object]) -> None:
    """Replace the cache file atomically, in one pass of the C encoder; a read-only git
    dir goes without."""
    try:
        path.parent.mkdir(exist_ok=True)
        write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    except OSError:
        pass


def _derive(git: pygit2.Repository, commit: str, cached: _Cached | None, people: _People,
            recall: Callable[[str], _State | None]) -> _Walked:
    if cached is not None:
        try:
            return _walk(git, commit, cached, people, recall)
        except (_Rebuild, KeyError, ValueError, TypeError, IndexError, pygit2.GitError):
            pass  # an unrelated or damaged cache: from the start
    return _walk(git, commit, None, _People([]), lambda _: None)


#: What each walked commit set: its first parent and, for each key it changed, the record
#: it gave the key (None: removed).  The records at a commit are those of its first
#: parent with these applied, so these, kept for every commit, give them at any commit.
_Changed = dict[str, tuple[str | None, dict[str, _Record | None]]]


@dataclass(frozen=True)
class _Walked:
    """A walk's answer: the records at the tip, those it keeps at earlier commits, and
    what each commit it walked set."""

    people: _People
    state: _State
    kept: dict[str, _State]
    changed: _Changed
    #: Whether a walked commit is a merge (a history without one needs no log).
    merged: bool
    #: Whether it walked from the root.
    whole: bool


class _Log:
    """What every commit walked so far set (``_Changed``), one line a walk, by which the
    records at any commit before the cached tip are found again (``state_at``) when a
    pull brings commits that branch from one: read only then."""

    def __init__(self, path: Path, ref: str, people: _People) -> None:
        self.path, self.ref, self.people = path, ref, people
        self.changed: _Changed | None = None

    def state_at(self, sha: str) -> _State | None:
        """The records at commit ``sha``, from the commits of its first-parent line back to
        the root; None when one of them was never walked."""
        if self.changed is None:
            self.changed = self._read()
        line: list[dict[str, _Record | None]] = []
        at: str | None = sha
        while at is not None:
            found = self.changed.get(at)
            if found is None or len(line) > len(self.changed):
                return None
            at = found[0]
            line.append(found[1])
        state: _State = {}
        for changes in reversed(line):
            for key, record in changes.items():
                if record is None:
                    state.pop(key, None)
                else:
                    state[key] = record
        return state

    def _read(self) -> _Changed:
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError:
            return {}
        changed: _Changed = {}
        for raw in text.splitlines():
            with contextlib.suppress(ValueError, TypeError, KeyError, IndexError,
                                     AttributeError):
                changed.update(self._line(json_loads(raw, max_depth=None)))
        return changed

    def _line(self, data: dict[str, object]) -> _Changed:
        names, commits = data["people"], data["commits"]
        if data["version"] != CACHE_VERSION or data["ref"] != self.ref \
                or not isinstance(names, list) or not isinstance(commits, dict):
            raise ValueError
        people = [self.people(str(name)) for name in names]
        # Each distinct record is read once: records are shared, never changed in place.
        records: dict[str | None, _Record | None] = {None: None}

        def record(text: str | None) -> _Record | None:
            found = records.get(text)
            if found is None and text is not None:
                found = records[text] = [people[int(i)] for i in text.split(",")]
            return found

        changed: _Changed = {}
        for sha, (parent, changes) in commits.items():
            if not isinstance(parent, str | None) or not isinstance(changes, dict):
                raise ValueError
            changed[sha] = (parent, {key: record(text) for key, text in changes.items()})
        return changed

    def keep(self, walked: _Walked) -> None:
        """Add what ``walked`` walked; a walk from the root starts the file again.  Only
        a history with a merge has one (no walk of a history without a merge asks for a
        commit before the tip: a session ledger, a teammate's mirror), and a log that does
        not go back to the root is not started.  A read-only git dir goes without."""
        if (walked.whole and not walked.merged) or (
                not walked.whole and (not walked.changed or not self.path.exists())):
            return
        line = json.dumps({
            "version": CACHE_VERSION, "ref": self.ref, "people": walked.people.names,
            "commits": {sha: [parent, {key: None if record is None
                                       else ",".join(map(str, record))
                                       for key, record in changes.items()}]
                        for sha, (parent, changes) in walked.changed.items()}},
            ensure_ascii=False, separators=(",", ":"))
        try:
            if walked.whole:
                write_atomic(self.path, line + "\n")
            else:
                append_line(self.path, line)
        except OSError:
            pass


def _log_path(path: Path) -> Path:
    return path.with_name(path.stem + ".log")


def _walk(git: pygit2.Repository, commit: str, cached: _Cached | None, people: _People,
          recall: Callable[[str], _State | None]) -> _Walked:
    """The records at ``commit``, walked on from the cached tip.  A pull's merge brings
    commits that branch from an earlier commit (what a teammate last pulled): the records
    there are ``recall``'s, not walked again."""
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
    # The parents of a merge at the tip are kept for the next pull (what the teammates
    # had, what we had).
    parents_at_tip = [str(p) for p in _commit(git, commit).parent_ids]
    keep = parents_at_tip if len(parents_at_tip) > 1 else []
    for sha in keep:
        pending[sha] = pending.get(sha, 0) + 1
    commits = list(walker)
    # How many children each state still has to give its records to: the last one may
    # take the dict itself, the others get a copy (a linear history copies nothing).
    for found in commits:
        for oid in found.parent_ids:
            pending[str(oid)] = pending.get(str(oid), 0) + 1
    focus = _FocusFields(git)
    listed = _Trees(git)
    changed: _Changed = {}
    merged = False
    for found in commits:
        parents = [str(p) for p in found.parent_ids]
        merged = merged or len(parents) > 1
        for parent in parents:
            if parent not in states:  # before the cached tip: kept beside it
                held = recall(parent)
                if held is not None:
                    states[parent] = held
        if parents and parents[0] not in states:
            raise _Rebuild  # a history that does not lead back to the cached tip
        first_tree = (trees.get(parents[0]) or _tree(git, parents[0])) if parents else None
        state = _take(states, pending, parents[0]) if parents else {}
        author = people(_ident(author_of(found)))
        others = [(p, trees.get(p) or _tree(git, p)) for p in parents[1:]]
        tree = found.tree
        changes = listed.changed(first_tree, tree)
        if FOCUS_PATH in changes:
            changes.update(focus.changes(first_tree, tree))
        # What each other parent holds that the merge does not (one comparison of the
        # two trees, not a lookup of every changed path in it).
        unlike: dict[str, dict[str, str | None]] = {}
        for key, value in changes.items():
            if value is None:
                state.pop(key, None)
                continue
            record = None
            for other, other_tree in others:
                if key in _FOCUS_FIELD_KEYS:
                    if focus.value(other_tree, key) != value:
                        continue
                else:
                    if other not in unlike:
                        unlike[other] = listed.changed(other_tree, tree)
                    if key in unlike[other]:
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
        changed[sha] = (parents[0] if parents else None,
                        {key: state.get(key) for key in changes})
    if commit not in states:
        raise _Rebuild  # the ref moved back behind the cached tip
    return _Walked(people, states[commit], {sha: states[sha] for sha in keep if sha in states},
                   changed, merged, whole=cached is None)


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
    return _commit(git, sha).tree


def _commit(git: pygit2.Repository, sha: str) -> pygit2.Commit:
    found = git[pygit2.Oid(hex=sha)]
    if not isinstance(found, pygit2.Commit):
        raise _Rebuild
    return found


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


#: How deep ``_Trees.changed`` opens trees: a ledger's deepest blob is
#: ``entries/<c0>/<c1>/<id>``, three trees down.  Anything deeper is no part of a ledger
#: (the reader reports it as unreadable), and a teammate's tree thousands deep must not
#: recurse that far.
TREE_DEPTH = 4
#: How many tree entries ``_Trees`` keeps listed before it starts again (a tree of a
#: million entries is listed once, then dropped).
LISTED_CAP = 200_000

#: A tree's listing: each name with its entry (entries compare, and hash, by object id).
_Listing = dict[str, pygit2.Object]


class _Trees:
    """Which blobs differ between two trees, each tree listed once by its id.

    A linear history's trees share all but a few subtrees with the commit before, so the
    subtrees a commit brings are next compared as its child's old side.  Listing each
    once in Python beats libgit2's tree diff, which visits every blob of both trees."""

    def __init__(self, git: pygit2.Repository) -> None:
        self.git = git
        self.listed: dict[pygit2.Oid, _Listing] = {}
        self.size = 0
        self.keys: dict[str, str] = {}

    def listing(self, tree_id: pygit2.Oid) -> _Listing:
        found = self.listed.get(tree_id)
        if found is None:
            found = {item.name or "": item for item in self.git[tree_id]}  # type: ignore[attr-defined]
            if self.size + len(found) > LISTED_CAP:
                self.listed.clear()
                self.keys.clear()
                self.size = 0
            self.listed[tree_id] = found
            self.size += len(found)
        return found

    def key(self, path: str) -> str:
        found = self.keys.get(path)
        if found is None:
            found = self.keys[path] = _key(path)
        return found

    def changed(self, old: pygit2.Tree | None,
                new: pygit2.Tree | None) -> dict[str, str | None]:
        """{key: blob id in ``new`` or None} of every blob that differs, never opening a
        subtree both sides share.  An entry's key is its id (the cache is smaller and a
        lookup needs no path); a blob anywhere else keeps its path."""
        out: dict[str, str | None] = {}
        self._changed(out, "", None if old is None else old.id,
                      None if new is None else new.id, 0)
        return out

    def _changed(self, out: dict[str, str | None], prefix: str, old: pygit2.Oid | None,
                 new: pygit2.Oid | None, depth: int) -> None:
        if old == new or depth > TREE_DEPTH:
            return
        before = self.listing(old) if old is not None else {}
        after = self.listing(new) if new is not None else {}
        # (name, entry) pairs are equal when both the name and the object id are.
        for name in {name for name, _ in before.items() ^ after.items()}:
            was, now = before.get(name), after.get(name)
            full = prefix + name
            was_tree = was is not None and was.type == ObjectType.TREE
            now_tree = now is not None and now.type == ObjectType.TREE
            if was_tree or now_tree:
                self._changed(out, full + "/", was.id if was_tree else None,  # type: ignore[union-attr]
                              now.id if now_tree else None, depth + 1)  # type: ignore[union-attr]
            if now is not None and now.type == ObjectType.BLOB:
                out[self.key(full)] = str(now.id)
            elif was is not None and was.type == ObjectType.BLOB:
                out[self.key(full)] = None


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
