"""Entry ids: how they are made, laid out in a tree, and found again from a prefix.

An id is a kind letter and ten random base32 characters, so clones mint ids without
agreeing on anything; the first two are the tree fan-out, so an append rewrites two small
trees, never one that grows with the ledger.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable

from gitledger.errors import AmbiguousEntry, UnknownEntry

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
CORE_LENGTH = 10

KIND_LETTERS = {"open": "o", "decided": "d", "verified": "v", "dropped": "x", "plan": "p"}
LETTER_KINDS = {letter: kind for kind, letter in KIND_LETTERS.items()}

_ID = re.compile(rf"^[{''.join(LETTER_KINDS)}]-[{ALPHABET}]{{{CORE_LENGTH}}}$")
_PREFIX = re.compile(rf"^(?:(?P<letter>[a-z])-)?(?P<core>[{ALPHABET}]*)$")


def new_id(kind: str) -> str:
    core = "".join(secrets.choice(ALPHABET) for _ in range(CORE_LENGTH))
    return f"{KIND_LETTERS[kind]}-{core}"


def is_valid_id(value: str) -> bool:
    return bool(_ID.fullmatch(value))


def entry_path(entry_id: str) -> str:
    """Where an entry's blob lives in a ledger tree: ``entries/<c0>/<c1>/<id>.toml``."""
    core = entry_id[2:]
    return f"entries/{core[0]}/{core[1]}/{entry_id}.toml"


def split_prefix(prefix: str) -> tuple[str | None, str]:
    """Parse a user-typed id prefix into (kind letter or None, core prefix)."""
    normalized = prefix.strip().lower()
    match = _PREFIX.match(normalized)
    if not match or (not match.group("letter") and not match.group("core")):
        raise UnknownEntry(f"'{prefix}' is not an entry id (ids look like d-4f7k2m9xq1)")
    letter = match.group("letter")
    if letter is not None and letter not in LETTER_KINDS:
        raise UnknownEntry(f"'{prefix}' is not an entry id: no kind has the letter '{letter}'")
    return letter, match.group("core")


def match_prefix(prefix: str, candidates: Iterable[str]) -> str:
    """The one id in ``candidates`` that ``prefix`` names, or a clear error."""
    letter, core = split_prefix(prefix)
    found = sorted(
        c for c in candidates if c[2:].startswith(core) and (letter is None or c[0] == letter)
    )
    if not found:
        raise UnknownEntry(f"no entry matches '{prefix}'")
    if len(found) > 1:
        shown = ", ".join(found[:8]) + (f" and {len(found) - 8} more" if len(found) > 8 else "")
        raise AmbiguousEntry(f"'{prefix}' is ambiguous: it matches {shown}")
    return found[0]


def shortest_unique(ids: Iterable[str], minimum: int = 4) -> dict[str, str]:
    """For each id, its shortest unambiguous form (at least ``minimum`` core chars)."""
    ordered = sorted(set(ids), key=lambda i: i[2:])
    short: dict[str, str] = {}
    for index, entry_id in enumerate(ordered):
        need = minimum
        for neighbour in (index - 1, index + 1):
            if 0 <= neighbour < len(ordered):
                other = ordered[neighbour][2:]
                common, most = 0, min(CORE_LENGTH, len(other), len(entry_id) - 2)
                while common < most and other[common] == entry_id[2 + common]:
                    common += 1
                need = max(need, common + 1)
        short[entry_id] = entry_id[: 2 + min(need, CORE_LENGTH)]
    return short
