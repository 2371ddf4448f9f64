"""The word for a password in the languages free software is translated to
(``credential_words``, written by ``benchmarks/password_words.py`` from translators'
catalogues), and "password" as the languages that borrow it spell it."""


from __future__ import annotations

import re
import struct
import subprocess
import sys
from pathlib import Path

from gitledger.core.credential_lines import HAND_PASSWORD_WORDS, PASSWORD_WORDS
from gitledger.core.credential_words import LOCALISED_PASSWORD_WORDS
from tests.core.credential_checks import kind_tests

ROOT = Path(__file__).resolve().parents[2]

#: A password in the words of a language only the catalogues name, and its value.
SAID = {
    "breton": ("Ger-tremen ar wifi er skol: Morvran1987!", "Morvran1987!"),
    "scottish gaelic": ("Facal-faire a' chlub: Caileag2020!", "Caileag2020!"),
    "kannada": ("ಗುಪ್ತಪದ: suresh@1990", "suresh@1990"),
    "sinhala": ("wifi රහස්පදය: Kamal#1984", "Kamal#1984"),
    "european portuguese": ("A palavra-passe do router é benfica1904!", "benfica1904!"),
    "interlingua": ("Contrasigno: Fl0r3ntia_88", "Fl0r3ntia_88"),
    "krio": ("Di paswod fo di wifi na Kofi2019!", "Kofi2019!"),
    "swahili loanword": ("Pasiwedi ya wifi ni simba2020", "simba2020"),
    "japanese romaji": ("pasuwaado wa Sakura1234 desu", "Sakura1234"),
}
#: The same places with nothing secret in them.
UNSAID = (
    "Ger-tremen ar wifi er skol: ********",
    "ಗುಪ್ತಪದ: <your password>",
    "A palavra-passe do router está no cofre da equipa.",
    "Di paswod fo di wifi de na di board for di office.",
    "The basswood carving from 2019 is on the shelf.",
    "Pasiwedi ya wifi iko kwenye ubao wa matangazo.",
)


(test_a_password_said_in_a_catalogues_word_is_refused_and_redacted,
 test_the_same_words_with_no_secret_pass) = kind_tests(SAID, UNSAID)


def test_the_catalogues_add_only_words_the_hand_lists_miss() -> None:
    hand = re.compile("|".join(HAND_PASSWORD_WORDS))
    assert LOCALISED_PASSWORD_WORDS
    assert not [w for w in LOCALISED_PASSWORD_WORDS if hand.search(w)]
    assert set(HAND_PASSWORD_WORDS) < set(PASSWORD_WORDS)


def test_the_english_word_is_left_to_the_english_rules() -> None:
    borrowed = [w for w in PASSWORD_WORDS if "[PpBb]as" in w]
    assert borrowed
    assert not [w for w in borrowed for form in ("password", "Password", "Passwort")
                if re.fullmatch(w, form)]


def _catalogue(entries: dict[str, str]) -> bytes:
    """A GNU message catalogue (``.mo``) holding ``entries``, as msgfmt writes one."""
    items = sorted({"": "Content-Type: text/plain; charset=UTF-8\n", **entries}.items())
    ids = [k.encode() for k, _ in items]
    strs = [v.encode() for _, v in items]
    count, table = len(items), 28
    data_at = table + 16 * count
    head = struct.pack("<7I", 0x950412DE, 0, count, table, table + 8 * count, 0, data_at)
    blobs, offsets_ids, offsets_strs, at = b"", b"", b"", data_at
    for text in ids:
        offsets_ids += struct.pack("<2I", len(text), at)
        blobs, at = blobs + text + b"\0", at + len(text) + 1
    for text in strs:
        offsets_strs += struct.pack("<2I", len(text), at)
        blobs, at = blobs + text + b"\0", at + len(text) + 1
    return head + offsets_ids + offsets_strs + blobs


def test_the_generator_reads_the_translators_word_and_skips_known_ones(tmp_path: Path) -> None:
    for language, word in (("xx", "_Hemmelord:"), ("de", "Pass_wort:"), ("yy", "Clau")):
        folder = tmp_path / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "app.mo").write_bytes(_catalogue({"_Password:": word, "Cancel": "Nope"}))
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "password_words.py"),
                          str(tmp_path)], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.splitlines() == ["hemmelord\txx"]
    assert "1 words not matched by the hand lists, of 3" in out.stderr
