"""Who wrote and who last changed each part of a ledger, as a reader is told it: the
records ``storage/provenance.py`` derives from the ledger's history, looked up by entry id
or focus field, and the rules of identity (the same email is the same person, a renamed
user included) and of the labels that name someone else (``[by NAME, edited by OTHER]``:
a display name, one printable line, capped, since an identity is anyone's text)."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field

from gitledger.core.display import one_line
from gitledger.errors import LedgerError
from gitledger.storage.layout import META_PATH
from gitledger.storage.provenance import FOCUS_KEYS, is_entry_key, one_author, provenance_records
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store

#: How long a name may be in a label.
NAME_CAP = 60


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
        wrote = None if same_person(self.created_by, me) else label_name(self.created_by, me)
        editors = [p for p in (self.changed_by, *self.merged_from)
                   if not same_person(p, me) and p != self.created_by]
        edited = label_name(editors[0], me) if editors else None
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
                    else Others(label_name(self.everyone, me), None))
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
            wrote = None if creator in mine else label_name(self.people[creator], me)
            editors = [i for i in changers if i not in mine and i != creator]
            edited = label_name(self.people[editors[0]], me) if editors else None
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
                         if is_entry_key(key) and len(raw) >= 2 and raw[0] in mine)

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


def label_name(ident: str, me: str | None, clashing: Collection[str] = ()) -> str:
    """``display_name``, with the email when the name reads as the current user's own
    (anyone can commit as ``user.name = <yours>``, and a label ``[by <your name>]`` would
    tell your agent the line is yours) or as someone else's among what is shown
    (``clashing``, from ``clashing_names``: two people under one name)."""
    name = display_name(ident)
    folded = _folded(name)
    if folded not in clashing and (me is None or same_person(ident, me)
                                   or folded != _folded(display_name(me))):
        return name
    return f"{name} <{one_line(_email(ident) or '?', NAME_CAP)}>"


def clashing_names(idents: Iterable[str]) -> frozenset[str]:
    """The names (folded as ``label_name`` compares them) that ``idents`` show with more
    than one email: each of those people is named with their email."""
    emails: dict[str, set[str]] = {}
    for ident in idents:
        emails.setdefault(_folded(display_name(ident)), set()).add(_email(ident).lower())
    return frozenset(name for name, found in emails.items() if len(found) > 1)


def current_identity(repo: Repo) -> str | None:
    """The current user's git identity, the ``me`` of ``label_name``; None when none is
    configured."""
    try:
        return repo.person().ident
    except LedgerError:
        return None


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().strip()


def _email(ident: str) -> str:
    start, end = ident.rfind("<"), ident.rfind(">")
    return ident[start + 1:end].strip() if 0 <= start < end else ""


def ledger_provenance(store: Store, ref: str, commit: str | None) -> LedgerProvenance:
    """The records of ledger ``ref`` at ``commit`` (its tip, as the caller read it)."""
    if commit is None:
        return LedgerProvenance(None)
    people, records = provenance_records(store, ref, commit)
    return LedgerProvenance(commit, people, records)


def solo_provenance(store: Store, ref: str, commit: str | None,
                    me: str | None) -> LedgerProvenance | None:
    """The records of a ledger whose every commit, back to its root, ``me`` authored
    (``provenance.one_author``: a short walk, no tree read).  None when someone else
    authored one, or the history is longer: ask ``ledger_provenance``."""
    if commit is None or me is None:
        return None
    if not one_author(store, commit, lambda author: same_person(author, me)):
        return None
    return LedgerProvenance(commit, (me,), None, everyone=me)


__all__ = ["NAME_CAP", "UNKNOWN", "LedgerProvenance", "Others", "Provenance", "clashing_names",
           "display_name", "ledger_provenance", "same_person", "solo_provenance"]
