"""Who wrote and who last changed each part of a ledger, from its history, never its blobs.

An entry blob says ``author = "…"``, but anyone who can push can write any blob: the only
record of who put content into a ledger is the commit that brought it in (its git author;
``ledger.verifySignatures`` is what makes that identity more than a claim).  For every
path of a ledger's tree (each entry, ``ledger.toml``) and for the focus's two fields
(``task`` and ``next`` of ``state.toml``, apart, since every append rewrites the file's
``seq``), this module derives:

* ``created_by``: the author of the commit where the path (or the field) first appeared in
  this line of history;
* ``changed_by``: the author of the commit that introduced its current content;
* ``merged_from``: for content new in a merge commit (a field-by-field merge of two
  versions), the last changers of the versions it was merged from, besides the merger.

A merge commit whose content at a path equals one parent's inherits that parent's record
for it: a pull that takes the remote side of an entry attributes it to whoever wrote it
there.  Content new in the merge is attributed to the merger (who could have written any
of it) and keeps its creator.

Derived and incremental, like the entry cache: ``<common git dir>/ledger-cache/
provenance-<hash of the ref>.json`` holds the records at one tip of one ref; a later read
walks only the commits since that tip (``git rev-list TIP..NEW``), and a missing, corrupt
or unrelated cache (a rewritten history) is rebuilt from the whole history.  Losing the
file loses nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pygit2
from pygit2.enums import ObjectType, SortMode

from gitledger.core.codec import decode_focus
from gitledger.core.display import one_line
from gitledger.core.ids import entry_path
from gitledger.core.parsing import json_loads
from gitledger.derived.files import CACHE_DIR, write_atomic
from gitledger.errors import CorruptLedger
from gitledger.storage.entry_cache import collector_paused
from gitledger.storage.layout import ENTRIES_DIR, FOCUS_PATH, META_PATH
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
#: How long a name may be in a label.
NAME_CAP = 60
ENTRY_PREFIX = ENTRIES_DIR + "/"


@dataclass(frozen=True)
class Provenance:
    """Who brought a part of a ledger in (git identities, ``Name <email>``)."""

    created_by: str
    changed_by: str
    merged_from: tuple[str, ...] = ()

    def others(self, me: str | None) -> Others | None:
        """Whether someone other than ``me`` wrote this or last changed it, and who; None
        when it is all ``me``'s.  With no ``me`` (no identity configured) everyone is
        someone else."""
        wrote = None if same_person(self.created_by, me) else display_name(self.created_by)
        editors = [p for p in (self.changed_by, *self.merged_from)
                   if not same_person(p, me) and p != self.created_by]
        edited = display_name(editors[0]) if editors else None
        if wrote is None and edited is None:
            return None
        return Others(wrote, edited)


@dataclass(frozen=True)
class Others:
    """Someone else's hand in a part of a ledger: who wrote it (when not the current
    user), who else changed it since (display names, sanitised and capped)."""

    wrote: str | None
    edited: str | None

    def label(self) -> str:
        """``[by NAME]``, ``[edited by NAME]`` or ``[by NAME, edited by OTHER]``."""
        parts = [f"by {self.wrote}"] if self.wrote else []
        if self.edited:
            parts.append(f"edited by {self.edited}")
        return f"[{', '.join(parts)}]"


#: What a part of a ledger no record covers is labelled with: someone unknown.
UNKNOWN = Others("an unknown author", None)


@dataclass(frozen=True)
class LedgerProvenance:
    """The records of one ledger at one commit, looked up by entry id or focus field."""

    commit: str | None
    people: tuple[str, ...] = ()
    records: Mapping[str, list[int]] | None = None
    #: What ``others`` worked out, by reader: which people are them, and each key's answer
    #: (restore composes its block several times over, at several sizes).
    _memo: dict[tuple[str | None, str], Others | None] = field(
        default_factory=dict, compare=False, repr=False)
    _mine: dict[str | None, frozenset[int]] = field(
        default_factory=dict, compare=False, repr=False)
    #: Set when one person made every commit of the history (``solo_provenance``): every
    #: key the tree holds is theirs alone (asked of a key it does not hold, it answers
    #: the same), and no record is kept.
    everyone: str | None = None

    def others(self, key: str, me: str | None,
               missing: Others | None = UNKNOWN) -> Others | None:
        """``of(key).others(me)``, remembered, without building the record; ``missing``
        when no record covers ``key``."""
        if self.everyone is not None:
            return (None if same_person(self.everyone, me)
                    else Others(display_name(self.everyone), None))
        memo = (me, key)
        if memo in self._memo:
            return self._memo[memo]
        mine = self._mine.get(me)
        if mine is None:
            mine = self._mine[me] = frozenset(
                i for i, person in enumerate(self.people) if same_person(person, me))
        raw = (self.records or {}).get(key)
        try:
            if raw is None or len(raw) < 2:
                raise ValueError(key)
            creator, *changers = raw
            wrote = None if creator in mine else display_name(self.people[creator])
            editors = [i for i in changers if i not in mine and i != creator]
            edited = display_name(self.people[editors[0]]) if editors else None
            found = Others(wrote, edited) if wrote or edited else None
        except (ValueError, IndexError, TypeError):
            found = missing
        self._memo[memo] = found
        return found

    def _indices(self, me: str | None) -> frozenset[int]:
        mine = self._mine.get(me)
        if mine is None:
            mine = self._mine[me] = frozenset(
                i for i, person in enumerate(self.people) if same_person(person, me))
        return mine

    def anyone_else(self, me: str | None) -> bool:
        """Whether anyone but ``me`` wrote or changed anything in this ledger's history."""
        if self.everyone is not None:
            return not same_person(self.everyone, me)
        return len(self._indices(me)) < len(self.people)

    def created_by(self, me: str | None) -> frozenset[str]:
        """The ids of the entries ``me`` created, from history.  (Of a one-person history
        only who is not that person can ask: none.)"""
        if self.everyone is not None:
            if same_person(self.everyone, me):
                raise ValueError("a one-person history keeps no records: every entry is "
                                 "its author's")
            return frozenset()
        mine = self._indices(me)
        return frozenset(key for key, raw in (self.records or {}).items()
                         if _is_entry_key(key) and len(raw) >= 2 and raw[0] in mine)

    def of(self, key: str) -> Provenance | None:
        """The record of ``key``: an entry's id, another tree path (``ledger.toml``), or
        ``TASK_KEY`` / ``NEXT_KEY``."""
        if self.everyone is not None:
            return Provenance(self.everyone, self.everyone)
        raw = (self.records or {}).get(key)
        if raw is None:
            return None
        try:
            names = [self.people[i] for i in raw]
        except (IndexError, TypeError):
            return None
        if len(names) < 2:
            return None
        return Provenance(names[0], names[1], tuple(names[2:]))

    def entry(self, entry_id: str) -> Provenance | None:
        return self.of(entry_id)

    def focus(self, name: str) -> Provenance | None:
        """The record of the focus's ``task`` or ``next``."""
        return self.of(FOCUS_KEYS[name])

    @property
    def ledger(self) -> Provenance | None:
        """Whose ``ledger.toml`` (the ledger's identity) it is."""
        return self.of(META_PATH)


def same_person(ident: str, me: str | None) -> bool:
    """Whether git identity ``ident`` is ``me``: the same email (a renamed user is still
    the same person), or the same identity when either has none."""
    if me is None:
        return False
    mail, my_mail = _email(ident), _email(me)
    if mail and my_mail:
        return mail.lower() == my_mail.lower()
    return ident == me


def display_name(ident: str) -> str:
    """An identity as a label shows it: the name (its email when it has none), one
    printable line, capped."""
    name = ident.split(" <", 1)[0].strip() or _email(ident) or "?"
    return one_line(name, NAME_CAP)


def _email(ident: str) -> str:
    start, end = ident.rfind("<"), ident.rfind(">")
    return ident[start + 1:end].strip() if 0 <= start < end else ""


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


def ledger_provenance(store: Store, ref: str, commit: str | None) -> LedgerProvenance:
    """The records of ledger ``ref`` at ``commit`` (its tip, as the caller read it)."""
    if commit is None:
        return LedgerProvenance(None)
    path = cache_path(store, ref)
    cached = _load(path, ref)
    if cached is not None and cached[0] == commit:
        return LedgerProvenance(commit, tuple(cached[1]), cached[2])
    with collector_paused():
        people, records = _derive(store.git, commit, cached)
    groups: dict[str, list[str]] = {}
    for key, record in records.items():
        groups.setdefault(",".join(map(str, record)), []).append(key)
    _save(path, {"version": CACHE_VERSION, "ref": ref, "tip": commit, "people": people.names,
                 "records": {record: KEY_SEPARATOR.join(keys) for record, keys in groups.items()}})
    return LedgerProvenance(commit, tuple(people.names), records)


#: How many commits ``solo_provenance`` looks at before it leaves the question to the
#: records (a long history is cached by ``ledger_provenance`` anyway).
SOLO_WALK = 500


def solo_provenance(store: Store, ref: str, commit: str | None,
                    me: str | None) -> LedgerProvenance | None:
    """The records of a ledger whose every commit, back to its root, ``me`` authored: one
    walk of at most ``SOLO_WALK`` commits and no tree read, where the records would diff
    every commit's tree (all of a ledger imported in one commit) or load a cache of every
    entry.  None when someone else authored one, or the history is longer: ask
    ``ledger_provenance``."""
    if commit is None or me is None:
        return None
    try:
        walker = store.git.walk(pygit2.Oid(hex=commit), SortMode.NONE)
        for count, found in enumerate(walker):
            if count >= SOLO_WALK or not same_person(
                    f"{found.author.name} <{found.author.email}>", me):
                return None
    except (KeyError, ValueError, pygit2.GitError):
        return None
    return LedgerProvenance(commit, (me,), None, everyone=me)


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
        author = people(f"{found.author.name} <{found.author.email}>")
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


def _changed(git: pygit2.Repository, prefix: str, old: pygit2.Tree | None,
             new: pygit2.Tree | None) -> Iterator[tuple[str, str | None]]:
    """(key, blob id in ``new`` or None) of every blob that differs, never opening a
    subtree both sides share.  An entry's key is its id (the cache is smaller and a lookup
    needs no path); a blob anywhere else keeps its path."""
    if old is not None and new is not None and old.id == new.id:
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
            yield from _changed(git, full + "/", old_tree, new_tree)  # type: ignore[arg-type]
        if now is not None and now.type == ObjectType.BLOB:
            yield _key(full), str(now.id)
        elif was is not None and was.type == ObjectType.BLOB:
            yield _key(full), None


def _key(path: str) -> str:
    """The key of tree path ``path``: an entry's id where the path is that entry's."""
    if path.startswith(ENTRY_PREFIX) and path.endswith(".toml"):
        entry_id = path.rsplit("/", 1)[-1][:-5]
        if _is_entry_key(entry_id) and len(entry_id) > 3 and entry_path(entry_id) == path:
            return entry_id
    return path


def _is_entry_key(key: str) -> bool:
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
        return _blob_id(tree, entry_path(key) if _is_entry_key(key) else key)

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
