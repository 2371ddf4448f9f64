"""A password people choose, known by its shape alone wherever it stands on a line of prose.

The rules before this one know a chosen password by a word or a place beside it: a word for
"password" in one of the languages the lists hold, a colon after a phrase, a message's
opening.  A new writer brings new languages and phrasings, and those rules miss what they
have not seen.  What carries over is the value itself: people make a password of a name
and a date (``Debasish1994``), a word with a sign inside (``Sitora@21#``), leetspeak
(``K03k$1$t3r``), a keyboard walk (``zaq12wsxBesa``) or words and a number
(``puffin-walnut-7145``), and prose has few other uses for those shapes.  So this rule
reads every word of a line that reads as prose and refuses one of those shapes, with guards
for what prose does spell that way: a product with its version (``Node20``), an event, a
sprint or a file with its recent date (``Sprint2024``, ``report_20240105``), a label's
setting (``Model: Corolla2019``), a list of such values, ids, hosts, handles, hashes,
versions, addresses and issue references.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Literal, NamedTuple

from gitledger.core.credential_lines import (
    CLAUSE_MARKS,
    LAYOUT_NAME,
    MONTH_AND_YEAR,
    NAME_AND_YEAR,
    NAME_MARK_BIRTHDAY,
    NAMED_FOR_A_DATE,
    NOT_CHOSEN,
    ascii_shape,
    chosen_password,
    neighbour_lines,
    words_and_number,
)
from gitledger.core.credential_shapes import PRODUCT_AND_VERSION, SOFTWARE_NAMES
from gitledger.core.credential_values import (
    ADDRESS,
    KEYBOARD_WALK,
    heart,
    keyboard_walk,
    leetspeak,
)
from gitledger.core.lazy_pattern import lazy

#: The shapes of a chosen password; a plain one (a name and a number, or a birthday after
#: a mark) counts only where a person says a password (``_plain_in_place``).
Kind = Literal["walk", "leetspeak", "sign inside", "passphrase", "heart", "birthday",
               "name and number"]
_PLAIN = frozenset({"birthday", "name and number"})


class Found(NamedTuple):
    """A value of a chosen password's shape in a word of a line."""

    start: int
    end: int
    kind: Kind
    word_end: int


#: A word of letters of any script; a line reads as prose when half its words are.
_WORD = lazy(r"[^\W\d_]{2,}")
_WORD_PUNCTUATION = ".,;:!?()\"'\u00ab\u00bb\u201c\u201d\u2014-"
#: A line of two words at most is a note or a value alone, and reads as prose, unless it
#: is one run of more than ``_DATA_RUN`` characters (base64, a digest) or code.
_SHORT_LINE = 2
_DATA_RUN = 40
_CODE_MARK = lazy(r"[={}();<>]")

#: A run of non-space characters, and the parts of one that quotes, brackets and list
#: marks leave; a Latin run inside a part written in a script without spaces.
_WORD_RUN = lazy(r"\S+")
#: (a heart's ``<3`` is part of a word: ``i<3Pusi76``)
_PART = lazy(r"(?:[^\s\"'`()<>\[\]{},;|]|<3)+")
_ASCII_RUN = lazy(r"[!-~]{6,40}")
#: Every shape holds a digit or a sign, or opens with a keyboard walk.
_MAY_HOLD_ONE = lazy(r"[0-9@#$%&*!]|(?i:qwe|qaz|zaq|asd|zxc|yxc|wsx|aze)")
#: The lengths a chosen password has.
_LEAST, _MOST = 6, 40

#: What is never a chosen password, whatever its shape: a path, a handle, a tag or a
#: variable, an option, a file, a version, an id in capitals, a host's name with its
#: number, a time, an issue or build reference (``flask#6025``, ``order-8812``), a
#: counter's id in code (``call_0004``), a package at its version (``cli@13``), a user at
#: a host (``redpanda@1add2615774b``, a shell's prompt), a device's prompt
#: (``core-rtr-2#``).
_NOT_A_PASSWORD = lazy(
    r"[/\\]|\A(?:[@#$%&]|--?)"
    r"|(?i:\.(?:pdf|docx?|xlsx?|csv|txt|png|jpe?g|zip|tar|gz|py|js|ts|go|rs|java|rb|sh|ya?ml"
    r"|json|toml|ini|conf|log|md|html?|exe|dll|so|deb|rpm|iso|img|mp[34]|wav|pem|key|crt)\Z)"
    r"|\A(?i:v)?\d+(?:[._\-]\d+)+[a-z]?\Z"
    r"|\A[A-Z0-9]+(?:[\-_][A-Z0-9]+)*\Z"
    r"|\A[a-z]+(?:[\-_][a-z]+)*[\-_]?\d{1,3}\Z"
    r"|\d{1,2}:\d{2}"
    r"|\A[a-z]+[#\-]\d+\Z|\A[a-z]+(?:[_\-][a-z]+)*_\d+\Z"
    r"|\A[a-z][\w.\-]*@\d+(?:\.\d+)*\Z"
    r"|\A[a-z][a-z0-9._\-]*@(?=[\w.\-]*[a-z])[\w.\-]+\Z"
    r"|\A[a-z][a-z0-9]*(?:-[a-z0-9]+)+[#>]\Z")
#: Hex in one case is an id or a digest (``d10e62ad``); a name spelt with a to f and
#: capitalised is not (``Becca1990``).
_ONE_CASE_HEX = lazy(r"[0-9a-f\-]+|[0-9A-F\-]+")

#: Leetspeak's digits and signs read back as letters (``J4gu4r`` is ``Jaguar``), and the
#: word it must then spell: a capital or not, then letters of one case.
_UNLEET = str.maketrans("0134578@$", "oieastbas")
_SPELT_WORD = lazy(r"[A-Za-z]?[a-z]{3,15}|[A-Z]{4,15}")
#: What a walk runs into when a person makes a password of it: a capital, two digits, a sign.
_BEYOND_A_WALK = lazy(r"[A-Z]|\d{2}|[!@#$%&*?]")

#: A name (or a word) and a number, a mark between or none, a sign or two after.
_NAME_THEN_NUMBER = lazy(r"[A-Za-z]{3,20}[_.@#!$%&*+\-]?\d{2,8}[!@#$%&*?.]{0,3}")
#: A sign between a name and its number (``Matahari!1054``): a password's, wherever it
#: stands.
_SIGN_BETWEEN = lazy(r"[A-Za-z][@#!$%&*+]\d")
#: A sign closing a name and its number (``Var-24#``), as no sentence closes one (not
#: ``%``: ``Disk-90%`` is a share).
_SIGN_CLOSING = lazy(r"\d[@#$&*]\Z")
#: A mark a name and its number are joined by, or a sign closing them (``Heit_042024``,
#: ``Bokke@24$``): a password's made as people make one, not a version's (``Node20``).
_JOINED_OR_SIGNED = lazy(r"[A-Za-z0-9][@#$%&*_.][A-Za-z0-9]|[@#$%&*]\Z")
#: A sign inside letters and digits, or closing them (``Sitora@21#``); a closing ``?`` or
#: ``.`` ends a sentence instead.
_SIGN_INSIDE = lazy(r"[A-Za-z0-9][!@#$%&*?][A-Za-z0-9]|[!@#$%&*]\Z")
#: An address's or a handle's ``@`` after a word (``deploy@web01``).
_ADDRESS_SIGN = lazy(r"[a-z]{3}@[a-z]")
#: A name in code (``check_local_users!20``).
_SNAKE_CASE = lazy(r"[a-z]_[a-z]")
#: A word run on with a hyphen (``P@ssw0rd-style``): prose about a shape, not one.
_SUFFIX_WORD = lazy(r"-[a-z]{3,}\Z")
#: Words joined by one mark (the same each time: ``chatcmpl-call_5`` is an id), a number
#: at the end or none; ``test_…`` names a test.
_PASSPHRASE = lazy(r"[A-Za-z][a-z]+(?:[\-_.+][A-Za-z][a-z]+)+[\-_.]?\d{0,6}")
_PHRASE_MARK = lazy(r"[\-_.+]")
#: A lower-case word and a year from 2006 on, or a recent date: how a branch, a file or a
#: host is named (``feature2024``, ``report_20240105``).
_NAMED_FOR_A_YEAR = lazy(r"[a-z]{3,15}[_.\-]?(?:(?:\d{2}){0,2}20(?:0[6-9]|[1-3]\d)"
                         r"|(?:19|20)\d{2}[01]\d[0-3]\d)[!?.]?")
_DIGITS = lazy(r"\d+")
#: A word's bits (``Intel64``, ``Decimal128``), no date.
_BITS = frozenset({"8", "16", "32", "64", "128", "256", "512", "1024", "2048", "4096"})
#: A password's own name given as an example of one (``Password123 is in every breach
#: list``), not a name that begins so (``Passion1990``).
_PASSWORD_EXAMPLE = lazy(r"(?i)p(?:ass|@ss)(?:w|\d|\Z)")
#: A word goes on after the value: the value is in the middle of its sentence.
_GOES_ON = lazy(r"[ \t]{1,4}[^\W_]")
#: What closes a value's clause (a sign such as ``#`` closes the value itself:
#: ``Invoice_122023#`` is no invoice), and what stands after one.
_CLOSING_MARKS = CLAUSE_MARKS + "!?\u201d"
_CLOSED = lazy(r"[!#$%&*?.,;:)\"'`\u00bb\u201d]")
#: A dash after the value titles what follows (``Hackathon2025 — photos``).
_TITLED = lazy(r"[ \t]{1,4}[\u2014\u2013\-]")
#: A label of one word and a colon opening the line sets the value (``Model: Corolla2019``).
_LABELLED = lazy(r"[ \t]*[^\W\d_]{2,20}:[ \t]{1,4}")
#: A capitalised name and a date's digits, no later than 2039 (``Flamengo1981``): a
#: password even in the middle of a sentence.
_DATED_NAME = lazy(r"[A-Z][a-z]{2,20}[_.\-]?(?!20[4-9]\d\b)(?:\d{4}|\d{6}|\d{8})")
#: The marks around a word that are no part of the value in it.
_OPENING_MARKS = "([{\"'`\u00ab\u201c"
_WORD_CLOSERS = ")]}\"'`,;:.\u00bb\u201d"


def _prose(line: str) -> bool:
    """Whether ``line`` reads as prose: half its words or more are words of letters, or it
    is a line of two words at most that is no code (a note, a value alone)."""
    words = line.split()
    if len(words) <= _SHORT_LINE:
        one_run = len(words) == 1 and len(line.strip()) > _DATA_RUN
        return not (one_run or _CODE_MARK.search(line))
    letters = sum(1 for word in words if _letters_only(word.strip(_WORD_PUNCTUATION)))
    return letters * 2 >= len(words)


def _letters_only(word: str) -> bool:
    """Whether ``word`` is a word of letters of any script, with the vowel signs and marks
    of the scripts that write them apart (Thaana's, Devanagari's), which ``\\w`` leaves out
    (the pattern first, as the quicker test of most words)."""
    return (_WORD.fullmatch(word) is not None
            or (len(word) >= 2 and word[0].isalpha()
                and all(unicodedata.category(c)[0] in "LM" for c in word)))


def _candidates(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Where a value may stand in the word ``text[start:end]`` (no link's): each part quotes
    and brackets leave, without a closing ``.`` or ``:``; then without a closing ``!`` or
    ``?`` (which may end the sentence); the part after its last ``=``, ``:`` or ``/``
    (``admin/Matahari!1054``) and before its first ``:`` (``Kissanpentu2004:llä``); and a
    Latin run inside letters of a script written without spaces (``改为Panda_520520``)."""
    if "://" in text[start:end]:
        return []
    spans: list[tuple[int, int]] = []
    for part in _PART.finditer(text, start, end):
        first = part.start()
        last = first + len(part.group(0).rstrip(".:"))
        spans.append((first, last))
        bare = len(text[first:last].rstrip("!?"))
        if bare < last - first:
            spans.append((first, first + bare))
        value = text[first:last]
        cut = max(value.rfind("="), value.rfind(":"), value.rfind("/"))
        if 0 <= cut < len(value) - 1:
            spans.append((first + cut + 1, last))
        head = value.find(":")
        if head > 0:
            spans.append((first, first + head))
        if not value.isascii():
            spans.extend(run.span() for run in _ASCII_RUN.finditer(text, first, last))
    return spans


@functools.lru_cache(maxsize=4096)
def _shape(value: str) -> Kind | None:
    """The kind of chosen password ``value`` is shaped as, or ``None`` (kept: the lines
    either side read each line's values again)."""
    value = unicodedata.normalize("NFC", value)  # accents pasted decomposed
    if (not _LEAST <= len(value) <= _MOST or _NOT_A_PASSWORD.search(value)
            or ADDRESS.fullmatch(value) or _ONE_CASE_HEX.fullmatch(value)):
        return None
    shaped = ascii_shape(value)
    if heart(shaped):
        return "heart"
    if (not chosen_password(value) or NOT_CHOSEN.search(shaped)
            or PRODUCT_AND_VERSION.fullmatch(shaped)):
        return None
    if keyboard_walk(shaped):
        return "walk" if _walked_into_more(shaped) else None
    if leetspeak(shaped) and _spelt_word(shaped):
        return None if _SUFFIX_WORD.search(shaped) else "leetspeak"
    if NAME_AND_YEAR.fullmatch(shaped) or _NAME_THEN_NUMBER.fullmatch(shaped):
        if not _named_and_numbered(shaped):
            return None
        if _SIGN_BETWEEN.search(shaped) or _SIGN_CLOSING.search(shaped):
            return "sign inside"
        return "birthday" if NAME_MARK_BIRTHDAY.fullmatch(shaped) else "name and number"
    if (words_and_number(shaped) and _PASSPHRASE.fullmatch(shaped)
            and len(set(_PHRASE_MARK.findall(shaped))) == 1):
        words = _PHRASE_MARK.split(_DIGITS.sub("", shaped).strip("-_.+"))
        long_words = len(words) >= 2 and all(len(word) >= 4 for word in words)
        return "passphrase" if long_words and not shaped.startswith("test") else None
    if _ADDRESS_SIGN.search(shaped) or not value[0].isalpha():
        return None
    if (any(c.islower() for c in shaped) and any(c.isdigit() for c in shaped)
            and len(shaped) <= 24 and _SIGN_INSIDE.search(shaped)
            and not _SNAKE_CASE.search(shaped) and not _SUFFIX_WORD.search(shaped)):
        return "sign inside"
    return None


def _walked_into_more(value: str) -> bool:
    """A walk run into a name, a number or a sign (``zaq12wsxBesa``, ``qwerty123``), not a
    walk alone (``qweasdzxc``, ``1qaz2wsx``: an example of one) or a layout's name in code
    (``QwertzLayout``)."""
    walk = KEYBOARD_WALK.match(value)
    rest = value[walk.end():] if walk else value
    return LAYOUT_NAME.fullmatch(value) is None and _BEYOND_A_WALK.search(rest) is not None


def _spelt_word(value: str) -> bool:
    """Whether leetspeak's ``value`` reads back as one word (``P4nt3r412!`` is ``Panter``),
    as a random id's letters and digits do not."""
    core = value.rstrip("0123456789!@#$%&*?.")
    return _SPELT_WORD.fullmatch(core.translate(_UNLEET)) is not None


def _named_and_numbered(value: str) -> bool:
    """A name and a number as a person makes a password of them: a date's digits, a mark
    or a sign, or two or three digits after a name no software has; not bits, a
    password's own name, or a lower-case word with a recent year (``feature2024``)."""
    digits = _DIGITS.search(value)
    if digits is None or digits.group(0) in _BITS or _PASSWORD_EXAMPLE.match(value):
        return False
    if _NAMED_FOR_A_YEAR.fullmatch(value):
        return False
    if _JOINED_OR_SIGNED.search(value) or len(digits.group(0)) in (4, 6, 8):
        return True
    # a version's or a model's number (Node20, Python311), not a name's (Bethan70)
    return len(digits.group(0)) <= 3 and value[:digits.start()].lower() not in SOFTWARE_NAMES


def _plain_in_place(text: str, line_start: int, found: Found) -> bool:
    """Whether a plain name and number (or a name, a mark and a birthday) that names
    nothing else (``_found`` leaves out titles, events' and files' dates, months) stands
    where a person says a password: no label of one word sets it (``Codename:
    Phoenix2024``, ``Employee: Smith_01021990``), and it ends its clause (``Bethan70.``) or
    is a name and a date's digits in the middle of a sentence it does not open (``usa
    Forzanapoli_1926 finché``)."""
    if _LABELLED.fullmatch(text, line_start, found.start):
        return False
    if found.kind == "birthday":
        return True
    if (not _GOES_ON.match(text, found.word_end)
            or _CLOSED.search(text, found.word_end - 1, found.word_end)):
        return True  # it ends its clause
    value = ascii_shape(text[found.start:found.end].rstrip(_CLOSING_MARKS))
    return (_DATED_NAME.fullmatch(value) is not None
            and not _opens_a_sentence(text, line_start, found.start))


def _opens_a_sentence(text: str, line_start: int, at: int) -> bool:
    """Whether the word at ``at`` opens its sentence: only spaces or a list's mark stand
    between it and the line's start or a sentence's end (read back ``_SENTENCE_REACH``
    characters at most, so that a long line costs no more per word)."""
    reach = max(line_start, at - _SENTENCE_REACH)
    end = max(text.rfind(mark, reach, at) for mark in ".!?")
    if end < 0 and reach > line_start:
        return False  # no sentence's end in reach: the word is deep in one
    return _OPENING_MARKS_ONLY.fullmatch(text, end + 1 if end >= 0 else line_start, at) is not None


#: How far back a sentence's end is looked for.
_SENTENCE_REACH = 200
#: A date's digits closing a value (``GoMOB2011``), not a room's or a version's (``Room101``).
_DATE_DIGITS = lazy(r"(?<!\d)(?:\d{4}|\d{6}|\d{8})\Z")
#: What stands before a word that opens a sentence: spaces, a quote's or a list's mark.
_OPENING_MARKS_ONLY = lazy(r"[ \t>*\-]*")


def _named_otherwise(text: str, line_start: int, found: Found) -> bool:
    """Whether a plain name and number names something else: a title before a dash (a name
    and a date's digits only where it opens a sentence), an event's, a sprint's or a file's
    recent date, a month and its year."""
    value = ascii_shape(text[found.start:found.end].rstrip(_CLOSING_MARKS))
    titled = (_TITLED.match(text, found.word_end) is not None
              and (_DATE_DIGITS.search(value) is None
                   or _opens_a_sentence(text, line_start, found.start)))
    return (titled or NAMED_FOR_A_DATE.fullmatch(value) is not None
            or MONTH_AND_YEAR.fullmatch(value) is not None)


def _found(text: str, start: int, end: int) -> list[Found]:
    """The words of ``text[start:end]`` that hold a chosen password's shape, two at most
    (two make a list), less the plain ones that name something else."""
    found: list[Found] = []
    for word in _WORD_RUN.finditer(text, start, end):
        if not _MAY_HOLD_ONE.search(word.group(0)):
            continue
        for first, last in _candidates(text, word.start(), word.end()):
            kind = _shape(text[first:last])
            if kind is not None:
                value = Found(first, last, kind, word.end())
                if not (kind in _PLAIN and _named_otherwise(text, start, value)):
                    found.append(value)
                break
        if len(found) > 1:
            break
    return found


def _bare(value: str) -> str:
    """A value without the marks that close a sentence after it (``P4nt3r412!`` and
    ``P4nt3r412`` are one password typed twice)."""
    return value.rstrip("!?.")


def chosen_anywhere(match: re.Match[str]) -> tuple[int, int] | None:
    """The one password people choose that a line of prose (``match``, one whole line)
    holds, known by its shape alone (``_shape``): not one of several on the line or its
    neighbours (a list of examples or of names), and a plain name and number only where a
    person says a password (``_plain_in_place``) or typed twice on lines side by side."""
    text, start, end = match.string, match.start(), match.end()
    if not _prose(match.group(0)):
        return None
    found = _found(text, start, end)
    if len(found) != 1:
        return None
    value = _bare(text[found[0].start:found[0].end])
    neighbours = {_bare(text[other.start:other.end])
                  for first, last in neighbour_lines(text, start, end)
                  for other in _found(text, first, last)}
    if found[0].kind in _PLAIN and not _plain_in_place(text, start, found[0]):
        return (found[0].start, found[0].end) if value in neighbours else None  # typed twice
    return None if neighbours - {value} else (found[0].start, found[0].end)


def whole_word(text: str, start: int, end: int) -> tuple[int, int]:
    """``text[start:end]`` widened to the word it stands in, less the marks around the
    word: what a redaction replaces, so that no part of a password with a slash, a comma or
    a colon in it is left (``Mat/ahari!1054``)."""
    first = start
    while first > 0 and not text[first - 1].isspace():
        first -= 1
    last = end
    while last < len(text) and not text[last].isspace():
        last += 1
    while first < start and text[first] in _OPENING_MARKS:
        first += 1
    while last > end and text[last - 1] in _WORD_CLOSERS:
        last -= 1
    return first, last
