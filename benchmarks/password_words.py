"""Write ``gitledger/core/credential_words.py``: the word for a password in every language
that translates free software, read from the translators' own message catalogues.

The hand-written lists in ``credential_lines`` hold the languages earlier rounds met; the
catalogues of GNOME, GTK, GLib, Linux-PAM (``/usr/share/locale``) and of Django,
django-allauth and Wagtail (their wheels) hold what translators chose for "Password",
"Passphrase" and "Passcode" in some 130 languages, kept up by those projects. Words the hand
lists already match are left out, so each adds a language, not a pattern.

    python benchmarks/password_words.py [DIR_OR_WHEEL ...] [--write]

Without ``--write`` it prints the words and the languages they come from.
"""

from __future__ import annotations

import gettext
import io
import pathlib
import re
import sys
import zipfile
from collections.abc import Iterator

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from gitledger.core.credential_lines import HAND_PASSWORD_WORDS
from gitledger.derived.files import write_atomic

#: The messages whose translation is the word itself (an access key's ``_`` and a colon
#: stripped first).
_MESSAGES = frozenset({"password", "passphrase", "passcode"})
#: An access key as GTK marks it (``_Passwort``, ``密码(_P)``), the colon and spaces after.
_ACCESS_KEY = re.compile(r"\(_\w\)|&(?=\w)|_")
_TRAILER = ":\uff1a\u17d6\u2024- \u00a0\t"
#: English itself (the rules read it), and translations that are ordinary words first:
#: Aragonese's and Catalan's "clau" (a key), Tetum's "seña" (Spanish's sign), Luganda's
#: "kyama" (a secret, a name).
_LEFT_OUT = frozenset({"password", "passphrase", "passcode", "pass", "clau", "seña", "kyama"})
_OUT = pathlib.Path(__file__).resolve().parents[1] / "gitledger" / "core" / "credential_words.py"


def catalogues(sources: list[str]) -> Iterator[tuple[str, bytes]]:
    """(language, .mo bytes) of every catalogue under a directory or inside a wheel."""
    for source in sources:
        path = pathlib.Path(source)
        if path.is_dir():
            for mo in sorted(path.rglob("*.mo")):
                yield mo.parent.parent.name, mo.read_bytes()
        elif path.suffix == ".whl":
            with zipfile.ZipFile(path) as wheel:
                for name in sorted(n for n in wheel.namelist() if n.endswith(".mo")):
                    yield pathlib.PurePosixPath(name).parent.parent.name, wheel.read(name)


def translations(sources: list[str]) -> dict[str, set[str]]:
    """Each cleaned word for a password, lowered, with the languages that use it."""
    words: dict[str, set[str]] = {}
    for language, data in catalogues(sources):
        try:
            catalogue = gettext.GNUTranslations(io.BytesIO(data))._catalog  # type: ignore[attr-defined]
        except (OSError, UnicodeDecodeError, ValueError, IndexError):  # a broken header
            continue
        for key, translated in catalogue.items():
            message = key[0] if isinstance(key, tuple) else key
            if not isinstance(message, str) or not isinstance(translated, str):
                continue
            if _ACCESS_KEY.sub("", message).strip(_TRAILER).lower() not in _MESSAGES:
                continue
            word = _ACCESS_KEY.sub("", translated).replace("\u00a0", " ").strip(_TRAILER)
            if 2 <= len(word) <= 30 and "%" not in word and "\n" not in word:
                words.setdefault(word.lower(), set()).add(language)
    return words


def new_words(words: dict[str, set[str]]) -> list[str]:
    """The words the hand lists do not match, as they are written or capitalised."""
    hand = re.compile("|".join(HAND_PASSWORD_WORDS))
    out = []
    for word in sorted(words):
        if word in _LEFT_OUT or re.search(r"\w", word) is None:
            continue
        if not any(hand.search(form) for form in (word, word.capitalize(), word.upper())):
            out.append(word)
    return out


def module(words: list[str], sources: dict[str, set[str]]) -> str:
    lines = ['"""The word for a password in the languages free software is translated to, read',
             "from GNOME's, GTK's, GLib's, Linux-PAM's, Django's, django-allauth's and Wagtail's",
             "message catalogues by ``benchmarks/password_words.py`` (which writes this file):",
             'only the words the hand-written lists of ``credential_lines`` do not match."""',
             "", "# ruff: noqa: RUF001", "",
             "#: Each word lowered, the languages it is read from after it.",
             "LOCALISED_PASSWORD_WORDS: tuple[str, ...] = ("]
    for word in words:
        lines.append(f"    {word!r},  # {', '.join(sorted(sources[word]))}")
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    write = "--write" in argv
    sources = [a for a in argv if a != "--write"] or ["/usr/share/locale"]
    found = translations(sources)
    words = new_words(found)
    for word in words:
        print(f"{word}\t{','.join(sorted(found[word]))}")
    print(f"{len(words)} words not matched by the hand lists, of {len(found)}", file=sys.stderr)
    if write:
        write_atomic(_OUT, module(words, found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
