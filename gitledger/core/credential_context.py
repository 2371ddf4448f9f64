"""A second opinion on credentials from where a token stands and what it looks like.

The scanner's rules name places and shapes one by one; a writer it has not read puts a
password where no rule looks.  This model scores every token of a text by its shape (the
runs of its character classes, its length, digits, capitals, marks, entropy, the letters it
opens with) and by the words around it (the four before it, each by its place, the ten
before it as a bag, the two after it, the marks that join them), with one logistic
regression fitted on the credential corpora that rounds have read, the reviews, the rules'
own cases and public repositories' text (``benchmarks/credential_context.py``).  A text's
score is its likeliest token's.  The weights are a data table beside this module
(``credential_context_weights.tsv``: a feature and its weight a line), read on first use.

Each token is read through a window of at most ``_BEFORE`` + ``_AFTER`` characters, so a
text costs time linear in its length.  A run longer than 100 characters is read as tokens
of 100.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from gitledger.core.credential_shapes import entropy

#: A token: a run of characters that are no space, quote, bracket or separator.
_TOKEN = re.compile(r"[^\s\"'`<>()\[\]{},;=]{4,100}")
_CLOSING = ".,:!?"
_BEFORE = 120
_AFTER = 60
#: The letters a token opens with, where digits or marks follow them: ``ticket`` of
#: ``ticket_42``.  What prose names this way the fit learns; a word it never saw weighs nothing.
_LEADING_WORD = re.compile(r"[^\W\d_]{3,20}(?=[\d_.\-])")
_KEY_PARTS = ("pass", "token", "secret", "key", "pwd")
_WEIGHTS = "credential_context_weights.tsv"


@dataclass(frozen=True)
class Scored:
    """A token of a text, where it stands, and the model's probability it is a secret."""

    start: int
    end: int
    score: float


def _char_class(ch: str) -> str:
    """One letter for a character's class: ``A`` capital, ``a`` small, ``9`` digit, ``L``
    another letter; a mark as itself, any other character ``?``."""
    if ch.isupper():
        return "A"
    if ch.islower():
        return "a"
    if ch.isdigit():
        return "9"
    if ch.isalpha():
        return "L"
    return ch if ch in "_-.@#$!%&*+/:|~^" else "?"


def _shape(token: str) -> str:
    """The token's character classes with each run written once and ``+``: ``Aa+9+``."""
    classes = "".join(_char_class(ch) for ch in token)
    return re.sub(r"(.)\1+", r"\1+", classes)[:12]


def _word(word: str) -> str:
    """A neighbouring word as a feature: its closing and opening marks off, lower case."""
    return word.strip(".,:;!?*\"'()[]").lower()[:20]


def _visible(marks: str) -> str:
    """Marks with each space, tab or line break written ``_`` (a table line holds no tab)."""
    return re.sub(r"\s", "_", marks)


def features(text: str, start: int, end: int) -> list[str]:
    """The features of the token at ``text[start:end]`` (the training script's too)."""
    token = text[start:end]
    before = text[max(0, start - _BEFORE):start]
    after = text[end:end + _AFTER]
    words_before = before.split()
    words_after = after.split()
    shape = _shape(token)
    digits = sum(ch.isdigit() for ch in token)
    upper = sum(ch.isupper() for ch in token)
    lower = sum(ch.islower() for ch in token)
    marks = len(token) - digits - upper - lower
    joined = _visible(before[-1:] or "^")
    following = _visible(after[:1] or "$")
    out = [
        "bias", f"sh={shape}", f"len={min(len(token) // 4, 10)}", f"nd={min(digits, 6)}",
        f"nu={min(upper, 6)}", f"ns={min(marks, 4)}",
        f"mix={digits > 0:d}{upper > 0:d}{lower > 0:d}{marks > 0:d}",
        f"ent={min(int(entropy(token) * 2), 12)}",
        f"sep={'w' if joined.isalnum() else joined}", "sep2=" + _visible(before[-2:]),
        f"nxt={'w' if following.isalnum() else following}",
        f"eol={after[:1] in ('', chr(10)):d}",
    ]
    out += [f"p{i}={_word(word)}" for i, word in enumerate(reversed(words_before[-4:]))]
    out += [f"pb={_word(word)}" for word in words_before[-10:]]
    out += [f"n{i}={_word(word)}" for i, word in enumerate(words_after[:2])]
    if words_before:
        out.append(f"p0xsh={_word(words_before[-1])}|{shape}")
    word = _LEADING_WORD.match(token)
    if word:
        out.append(f"tw={word.group(0).lower()}")
    if any(part in token.lower() for part in _KEY_PARTS):
        out.append("selfkw")
    return out


def tokens(text: str) -> Iterator[tuple[int, int]]:
    """Where each token of ``text`` starts and ends, closing marks left out."""
    for match in _TOKEN.finditer(text):
        token = match.group(0).rstrip(_CLOSING)
        if len(token) >= 4:
            yield match.start(), match.start() + len(token)


@cache
def _weights() -> dict[str, float]:
    """The table, read once: a comment line, then a feature and its weight a line (no
    feature holds a space, so one split reads it: about 10 ms, where a loop took 40)."""
    table = Path(__file__).with_name(_WEIGHTS).read_text(encoding="utf-8")
    fields = table.split("\n", 1)[1].split()
    return dict(zip(fields[0::2], map(float, fields[1::2]), strict=True))


def score(text: str, start: int, end: int, weights: Mapping[str, float] | None = None) -> float:
    """The probability the model gives that ``text[start:end]`` is a secret, by the table
    or by ``weights`` (a fit the training script measures)."""
    table = _weights() if weights is None else weights
    total = sum(table.get(name, 0.0) for name in features(text, start, end))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, total))))


def _plain_word(token: str) -> bool:
    """Letters alone, in small letters or opening with a capital: of 35,552 such tokens in
    the corpora none scores above 0.973, so none is scored (and prose loads no table)."""
    return token.isalpha() and (token.islower() or token[1:].islower())


def likeliest(text: str, weights: Mapping[str, float] | None = None) -> Scored | None:
    """The token of ``text`` the model (or ``weights``) finds likeliest to be a secret, or
    ``None``: no token but plain words."""
    best: Scored | None = None
    for start, end in tokens(text):
        if _plain_word(text[start:end]):
            continue
        probability = score(text, start, end, weights)
        if best is None or probability > best.score:
            best = Scored(start, end, probability)
    return best
