"""A password people choose, known by its shape alone wherever it stands on a line of prose.

The rules before this one know a chosen password by a word or a place beside it: a word for
"password" in one of the languages the lists hold, a colon after a phrase, a message's
opening.  A new writer brings new languages and phrasings, and those rules miss what they
have not seen.  What carries over is the value itself: people make a password of a name
and a date (``Debasish1994``), a word with a sign inside (``Sitora@21#``), leetspeak
(``K03k$1$t3r50``), a keyboard walk (``zaq12wsxBesa``) or words and a number
(``puffin-walnut-7145``), and prose has no other use for those shapes.  So this rule reads
every token of a line that reads as prose and refuses one of those shapes, with guards for
what prose does spell that way: a product with its version (``Node20``, ``Windows2019``),
an event, sprint or file with its recent year (``feature2024``), ids, hosts, handles,
hashes, versions, addresses and issue references.
"""

from __future__ import annotations

import re

from gitledger.core.credential_lines import (
    LAYOUT_NAME,
    MONTH_AND_YEAR,
    NAME_AND_YEAR,
    NAMED_FOR_A_DATE,
    NOT_CHOSEN,
    ascii_shape,
    chosen_password,
    words_and_number,
)
from gitledger.core.credential_shapes import PRODUCT_AND_VERSION
from gitledger.core.credential_values import KEYBOARD_WALK, keyboard_walk, leetspeak
from gitledger.core.lazy_pattern import lazy

#: A line reads as prose when at least half its words are words of letters (any script);
#: a line of two words or fewer (a sticky note, a value alone) counts as prose too.
_WORD = lazy(r"[^\W\d_]{2,}")
_WORD_PUNCTUATION = ".,;:!?()\"'\u00ab\u00bb\u201c\u201d\u2014-"
_SHORT_LINE = 2
#: A line that is one run of 41 characters or more is data (base64, a digest), not prose;
#: a short line that assigns, calls or opens a block is code.
_DATA_RUN = 40
_CODE_MARK = lazy(r"[={}();<>]")

#: Parts of a whitespace-separated word that a value may be: what quotes, brackets and list
#: marks do not split.
_PART = lazy(r"[^\s\"'`()<>\[\]{},;|]{1,200}")
_LEAST, _MOST = 6, 40

#: What is never a chosen password, whatever its shape: an address, a path, a handle or a
#: tag, an option, a file, a version, an id in capitals, a host's name with its number,
#: a time, a hex id, an issue or build reference (``flask#6025``, ``order-8812``), a package
#: at its version (``cli@13``).
_NOT_A_PASSWORD = lazy(
    r"://|[/\\]"
    r"|\A[\w.+\-]+@[\w\-]+\.[\w.\-]+\Z"
    r"|\A(?:[@#$%&]|--?)"
    r"|(?i:\.(?:pdf|docx?|xlsx?|csv|txt|png|jpe?g|zip|tar|gz|py|js|ts|go|rs|java|rb|sh|ya?ml"
    r"|json|toml|ini|conf|log|md|html?|exe|dll|so|deb|rpm|iso|img|mp[34]|wav|pem|key|crt)\Z)"
    r"|\A(?i:v)?\d+(?:[._\-]\d+)+[a-z]?\Z"
    r"|\A[A-Z0-9]+(?:[\-_][A-Z0-9]+)*\Z"
    r"|\A[a-z]+(?:[\-_][a-z]+)*[\-_]?\d{1,3}\Z"
    r"|\d{1,2}:\d{2}"
    r"|\A[0-9a-fA-F\-]+\Z"
    r"|\A[a-z]+[#\-]\d+\Z"
    r"|\A[a-z][\w.\-]*@\d+(?:\.\d+)*\Z")

#: Leetspeak's digits and signs read back as letters (``J4gu4r`` is ``Jaguar``).
_UNLEET = str.maketrans("0134578@$", "oieastbas")
_LEET_TAIL = lazy(r"(?:\d+[!@#$%&*?.]*|[!@#$%&*?.]+)\Z")
#: A word, as leetspeak spells one: a capital or not, then letters of one case.
_SPELT_WORD = lazy(r"[A-Za-z]?[a-z]{3,15}|[A-Z]{4,15}")

_NAME_THEN_NUMBER = lazy(r"[A-Za-z]{3,20}[_.@#!$%&*\-]?\d{2,8}[!@#$%&*?.]{0,3}")
#: Words of four letters or more joined by one mark, a number at the end or none.
_PASSPHRASE = lazy(r"[a-z]+(?:[\-_.][a-z]+)+[\-_.]?\d{0,6}")
_PHRASE_WORDS = lazy(r"[\-_.]")
#: A sign inside letters and digits, or one closing them (``Flutur@29``, ``Bokke@24$``);
#: a closing ``?`` or ``.`` ends a sentence.
_SIGN = lazy(r"[A-Za-z0-9][!@#$%&*?][A-Za-z0-9]|[!@#$%&*]\Z")
_INNER_MARK = lazy(r"[A-Za-z0-9][@#$%&*_.][A-Za-z0-9]|[@#$%&*]\Z")
#: A sign between a name and its number (``Matahari!1054``): a password's, wherever it stands.
_SIGN_BETWEEN = lazy(r"[A-Za-z][@#!$%&*]\d")
_ADDRESS_SIGN = lazy(r"[a-z]{3}@[a-z]")
_SNAKE_CASE = lazy(r"[a-z]_[a-z]")
#: A word run on with a hyphen (``P@ssw0rd-style``): prose about a shape, not one.
_SUFFIX_WORD = lazy(r"-[a-z]{3,}\Z")
#: What a walk runs into when a person makes a password of it: a capital, two digits, a sign.
_BEYOND_A_WALK = lazy(r"[A-Z]|\d{2}|[!@#$%&*?]")
#: A lower-case word and a year from 2006 on, or a recent date: how a branch, a file or a
#: host is named (``feature2024``, ``report_20240105``).
_NAMED_FOR_A_YEAR = lazy(r"[a-z]{3,15}[_.\-]?(?:(?:\d{2}){0,2}20(?:0[6-9]|[1-3]\d)"
                         r"|(?:19|20)\d{2}[01]\d[0-3]\d)[!?.]?")
_DIGITS = lazy(r"\d+")
#: What software people write with its version run on (``Node20``, ``Postgres16``,
#: ``Java17``): languages, runtimes, frameworks, databases, systems, tools and models.
SOFTWARE_NAMES = frozenset({
    "node", "nodejs", "deno", "bun", "java", "jdk", "jre", "openjdk", "python", "py", "pypy",
    "ruby", "php", "perl", "go", "golang", "rust", "dotnet", "net", "netcore", "csharp",
    "kotlin", "scala", "swift", "dart", "flutter", "electron", "angular", "angularjs", "react",
    "vue", "nuxt", "next", "svelte", "ember", "django", "rails", "spring", "laravel", "symfony",
    "express", "nest", "postgres", "postgresql", "pg", "mysql", "mariadb", "mongo", "mongodb",
    "redis", "valkey", "elasticsearch", "opensearch", "kafka", "cassandra", "oracle", "sqlite",
    "couchdb", "neo", "ubuntu", "debian", "alpine", "centos", "rhel", "rocky", "alma", "fedora",
    "amazonlinux", "suse", "opensuse", "windows", "win", "macos", "osx", "ios", "ipados",
    "android", "wear", "tvos", "watchos", "linux", "kernel", "nginx", "apache", "httpd",
    "tomcat", "jetty", "gradle", "maven", "npm", "yarn", "pnpm", "webpack", "vite", "babel",
    "typescript", "ecmascript", "es", "html", "css", "http", "tls", "ssl", "ipv", "utf", "iso",
    "rfc", "gcc", "clang", "llvm", "cuda", "cudnn", "qt", "gtk", "opengl", "vulkan", "directx",
    "gpt", "llama", "claude", "gemini", "mistral", "mixtral", "phi", "qwen", "gemma", "bert",
    "resnet", "yolo", "xbox", "intel", "amd", "ryzen", "xeon", "epyc", "arm", "armv", "aarch",
    "x86", "iphone", "ipad", "pixel", "galaxy", "surface", "kubernetes", "helm", "terraform",
    "ansible", "docker", "openssl", "openssh", "lua", "luajit", "erlang", "elixir", "otp",
    "haskell", "ghc", "ocaml", "julia", "matlab", "office", "excel", "sql", "mssql",
    "sqlserver", "exchange", "chrome", "chromium", "firefox", "safari", "edge", "opera", "ie",
    "netscape", "jquery", "bootstrap", "tailwind", "junit", "pytest", "jest", "mocha",
    "selenium", "playwright", "cypress", "hadoop", "spark", "hive", "flink", "airflow", "unity",
    "unreal", "godot", "blender", "photoshop", "autocad", "vs", "vscode", "xcode", "intellij",
    "eclipse", "sap", "salesforce", "jira", "confluence", "sharepoint", "teams", "zoom", "slack"
})
#: A word's bits (``Intel64``, ``Decimal128``), no date.
_BITS = frozenset({"8", "16", "32", "64", "128", "256", "512", "1024", "2048", "4096"})
#: A password's own name given as an example of one (``Password123 is in every breach list``).
_PASSWORD_EXAMPLE = lazy(r"(?i)p(?:ass|@ss)")
#: A word goes on after the value: a name in the middle of a sentence (``Sprint2024 retro``).
_GOES_ON = lazy(r"[ \t]{1,4}[^\W_]")
_CLOSED = lazy(r"[!#$%&*?.,;:)\"'`\u00bb\u201d]")
_CLAUSE_MARKS = ".,;:!?)\"'`\u00bb\u201d"
#: A dash after the value titles what follows (``Hackathon2025 — photos``).
_TITLED = lazy(r"[ \t]{1,4}[\u2014\u2013\-]")
#: A label of one word and a colon opening the line sets the value (``Model: Corolla2019``).
_LABELLED = lazy(r"[ \t]*[^\W\d_]{2,20}:[ \t]{1,4}")
_REACH = 200
_WORD_RUN = lazy(r"\S+")
_MAY_HOLD_ONE = lazy(r"[0-9@#$%&*!]|(?i:qwe|qaz|zaq|asd|zxc|yxc|wsx|aze)")


def _prose(line: str) -> bool:
    """Whether ``line`` reads as prose: half its words or more are words of letters, or it
    is a line of two words at most that is no code (a note, a value alone)."""
    words = line.split()
    if len(words) <= _SHORT_LINE:
        return not ((len(words) == 1 and len(line.strip()) > _DATA_RUN)
                    or _CODE_MARK.search(line))
    letters = sum(1 for word in words if _WORD.fullmatch(word.strip(_WORD_PUNCTUATION)))
    return letters * 2 >= len(words)


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
    core = _LEET_TAIL.sub("", value)
    return _SPELT_WORD.fullmatch(core.translate(_UNLEET)) is not None


def _shape(value: str) -> str | None:
    """The kind of chosen password ``value`` is shaped as, or ``None``."""
    if not _LEAST <= len(value) <= _MOST or _NOT_A_PASSWORD.search(value):
        return None
    shaped = ascii_shape(value)
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
        return "sign inside" if _SIGN_BETWEEN.search(shaped) else "name and number"
    if words_and_number(shaped) and _PASSPHRASE.fullmatch(shaped):
        words = _PHRASE_WORDS.split(_DIGITS.sub("", shaped).strip("-_."))
        return ("passphrase" if len(words) >= 2 and not shaped.startswith("test")
                and all(len(word) >= 4 for word in words) else None)
    if _ADDRESS_SIGN.search(shaped) or not value[0].isalpha():
        return None
    if (any(c.islower() for c in shaped) and any(c.isdigit() for c in shaped)
            and len(shaped) <= 24 and _SIGN.search(shaped)
            and not _SNAKE_CASE.search(shaped) and not _SUFFIX_WORD.search(shaped)):
        return "sign inside"
    return None


def _named_and_numbered(value: str) -> bool:
    """A name and a number as a person makes a password of them: a date's digits, or a mark
    between (``Heit_042024``, ``Flutur@29``); not bits, a password's own name, or a lower-case
    word with a recent year (``feature2024``)."""
    digits = _DIGITS.search(value)
    if digits is None or digits.group(0) in _BITS or _PASSWORD_EXAMPLE.match(value):
        return False
    if _NAMED_FOR_A_YEAR.fullmatch(value):
        return False
    if _INNER_MARK.search(value) or len(digits.group(0)) in (4, 6, 8):
        return True
    # a version's or a model's number (Node20, Python311), not a name's (Bethan70)
    return len(digits.group(0)) <= 3 and value[:digits.start()].lower() not in SOFTWARE_NAMES


def _candidates(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Where a value may stand in the word ``text[start:end]``: each part quotes and brackets
    leave, without a closing ``.`` or ``:``, then without a closing ``!`` or ``?`` (which may
    end the sentence), then the part after its last ``=``, ``:`` or ``/``
    (``admin/Matahari!1054``)."""
    spans: list[tuple[int, int]] = []
    for part in _PART.finditer(text, start, end):
        first = part.start()
        last = first + len(part.group(0).rstrip(".:"))
        spans.append((first, last))
        bare = len(text[first:last].rstrip("!?"))
        if bare < last - first:
            spans.append((first, first + bare))
        value = text[first:last]
        if "://" not in value:
            cut = max(value.rfind("="), value.rfind(":"), value.rfind("/"))
            if 0 <= cut < len(value) - 1:
                spans.append((first + cut + 1, last))
    return spans


def _found(text: str, start: int, end: int) -> list[tuple[int, int, str, int]]:
    """The words of ``text[start:end]`` that hold a chosen password's shape, two at most:
    where the value stands, its kind, and where the word ends."""
    found: list[tuple[int, int, str, int]] = []
    for word in _WORD_RUN.finditer(text, start, end):
        if not _MAY_HOLD_ONE.search(word.group(0)):
            continue  # every shape holds a digit or a sign, or opens with a walk
        for first, last in _candidates(text, word.start(), word.end()):
            kind = _shape(text[first:last])
            if kind is not None:
                found.append((first, last, kind, word.end()))
                break
        if len(found) > 1:
            break  # a list: no need to read on
    return found


def _plain_in_place(text: str, line_start: int, first: int, last: int, word_end: int) -> bool:
    """Whether a plain name and number stands where a person says a password: it ends its
    clause (``Tavche2024,``), no dash titles what follows (``Sprint2024 - retro``), no label
    of one word sets it (``Codename: Phoenix2024``), and it is no name with a recent date
    (``Invoice_122023``, ``Hackathon2025``) or a month with its year."""
    value = ascii_shape(text[first:last].rstrip(_CLAUSE_MARKS))
    if _GOES_ON.match(text, word_end) and not _CLOSED.search(text, word_end - 1, word_end):
        return False
    if _TITLED.match(text, word_end) or _LABELLED.fullmatch(text, line_start, first):
        return False
    return not (NAMED_FOR_A_DATE.fullmatch(value) or MONTH_AND_YEAR.fullmatch(value))


def _neighbour_holds_one(text: str, start: int, end: int, value: str) -> bool:
    """Whether the line before or after ``text[start:end]`` holds another chosen password's
    shape than ``value``: one of a list (names with their years, example passwords), not a
    password typed twice; read 200 characters either side at most, so the scan stays
    linear."""
    before = text.rfind("\n", max(0, start - _REACH), max(0, start - 1))
    after = text.find("\n", end + 1, end + _REACH)
    lines = ((before + 1, start - 1) if before >= 0 else (max(0, start - _REACH), start - 1),
             (end + 1, after if after >= 0 else min(len(text), end + _REACH)))
    return any(text[found[0]:found[1]] != value
               for first, last in lines if first < last
               for found in _found(text, first, last))


def chosen_anywhere(match: re.Match[str]) -> tuple[int, int] | None:
    """The one password people choose that a line of prose (``match``, one whole line)
    holds, known by its shape alone (``_shape``): not one of several on the line or its
    neighbours (a list of examples or of names), and a plain name and number only in a
    place a person says a password (``_plain_in_place``)."""
    text, start, end = match.string, match.start(), match.end()
    if not _prose(match.group(0)):
        return None
    found = _found(text, start, end)
    if len(found) != 1:
        return None
    first, last, kind, word_end = found[0]
    if kind == "name and number" and not _plain_in_place(text, start, first, last, word_end):
        return None
    if _neighbour_holds_one(text, start, end, text[first:last]):
        return None
    return first, last
