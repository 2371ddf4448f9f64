"""The files a shell command line names as ones it writes, read conservatively.

The pre-tool-use hook must never guess, so a path counts only when the line plainly writes
it (redirections, ``tee``, ``cp``/``mv`` and the like), and anything uncertain (a
variable, a glob, an unknown ``cd``) names nothing.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable

#: Characters shlex splits off as operators.
_PUNCT = "();<>|&"
#: Words that run the command after them (with their own options skipped).
_WRAPPERS = {"sudo", "env", "command", "nohup", "time", "nice", "exec", "builtin"}
#: Shells whose ``-c`` script is itself a command line to read.
_SHELLS = {"sh", "bash", "zsh", "dash", "ksh"}
#: A word that is not a literal path: a variable, a glob, a substitution, a home dir.
_NOT_LITERAL = re.compile(r"[$`*?\[\]{}~]|^-")
#: A here-document operator and its delimiter word.
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z0-9_.-]+)\1")
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
#: How deep ``bash -c`` nests before we stop reading.
_MAX_DEPTH = 3
#: The longest command line read (a longer one names nothing).
MAX_COMMAND = 100_000


def written_files(command: str, is_dir: Callable[[str], bool] = lambda path: False,
                  ) -> list[str]:
    """The paths ``command`` writes, as the command line spells them (relative to the
    shell's directory, or absolute), in order and once each; ``[]`` when it names none or
    cannot be read.  ``is_dir`` says whether a path is a directory (``cp a DIR`` writes
    ``DIR/a``)."""
    if len(command) > MAX_COMMAND:
        return []
    found: list[str] = []
    _read(command, is_dir, found, 0)
    return list(dict.fromkeys(found))


def _read(command: str, is_dir: Callable[[str], bool], found: list[str], depth: int) -> None:
    try:
        tokens = _tokens(_without_heredocs(command))
    except ValueError:  # an open quote, a stray escape: nothing is certain
        return
    prefix = ""
    words: list[str] = []
    targets: list[str] = []
    i = 0

    def finish() -> bool:
        """Take the command in ``words``; False when nothing after it can be placed."""
        nonlocal prefix
        argv = _unwrapped(words)
        if argv and argv[0] == "cd":
            if len(argv) == 2 and not _NOT_LITERAL.search(argv[1]) and argv[1] != "-":
                prefix = _join(prefix, argv[1])
                return True
            return False
        if argv and argv[0].rpartition("/")[2] in _SHELLS and depth < _MAX_DEPTH:
            script = _shell_script(argv)
            if script is not None:
                inner: list[str] = []
                _read(script, lambda p: is_dir(_join(prefix, p)), inner, depth + 1)
                found.extend(_join(prefix, p) for p in inner)
        found.extend(_join(prefix, p) for p in
                     _command_writes(argv, lambda p: is_dir(_join(prefix, p))))
        found.extend(_join(prefix, p) for p in targets)
        return True

    while i < len(tokens):
        token = tokens[i]
        if token and all(c in _PUNCT for c in token):
            if ">" in token:
                duplicate = token.endswith("&") or token == ">&"
                following = tokens[i + 1] if i + 1 < len(tokens) else ""
                if not following or following == "\n" or all(c in _PUNCT for c in following):
                    return  # a redirection with no file: not a line we can read
                if not (duplicate and (following.isdigit() or following == "-")):
                    if _NOT_LITERAL.search(following):
                        pass  # a target we cannot spell: not named
                    else:
                        targets.append(following)
                i += 2
                continue
            if "<" in token:
                i += 2  # an input redirection (or a here-document's delimiter)
                continue
            # ``;``, ``&&``, ``||``, ``|``, ``&``, ``(`` and ``)`` end a simple command.
            if not finish():
                return
            words, targets = [], []
            i += 1
            continue
        if token == "\n":
            if not finish():
                return
            words, targets = [], []
            i += 1
            continue
        # ``2>file``: shlex leaves the descriptor as a word of its own before ``>``.
        if (token.isdigit() and i + 1 < len(tokens) and tokens[i + 1]
                and tokens[i + 1][0] in "<>"):
            i += 1
            continue
        words.append(token)
        i += 1
    finish()


def _tokens(command: str) -> list[str]:
    """Words and operators, with line breaks kept as ``\\n`` tokens (they end commands)."""
    out: list[str] = []
    for line in _logical_lines(command):
        lexer = shlex.shlex(line, posix=True, punctuation_chars=_PUNCT)
        lexer.whitespace_split = True
        lexer.commenters = "#"
        out.extend(lexer)
        out.append("\n")
    return out


def _logical_lines(command: str) -> list[str]:
    """Lines, with backslash-newline continuations joined and quoted newlines kept."""
    lines: list[str] = []
    current = ""
    for raw in command.replace("\\\n", "").split("\n"):
        current = f"{current}\n{raw}" if current else raw
        try:
            shlex.split(current, comments=True)
        except ValueError:
            continue  # an open quote: the line goes on
        lines.append(current)
        current = ""
    if current:
        shlex.split(current)  # raises ValueError: the line never closes its quote
    return lines


def _without_heredocs(command: str) -> str:
    """The command with each here-document's body left out (it is data, not commands)."""
    lines = command.split("\n")
    kept: list[str] = []
    waiting: list[tuple[str, bool]] = []
    for line in lines:
        if waiting:
            delimiter, tabs = waiting[0]
            if (line.lstrip("\t") if tabs else line) == delimiter:
                waiting.pop(0)
            continue
        kept.append(line)
        for match in _HEREDOC.finditer(line):
            waiting.append((match[2], match[0].startswith("<<-")))
    return "\n".join(kept)


def _unwrapped(words: list[str]) -> list[str]:
    """The command's own words: assignments and wrappers (``sudo -u x``) before it gone."""
    argv = list(words)
    while argv:
        head = argv[0]
        if _ASSIGNMENT.match(head):
            argv.pop(0)
        elif head in _WRAPPERS:
            argv.pop(0)
            while argv and (argv[0].startswith("-") or _ASSIGNMENT.match(argv[0])):
                flag = argv.pop(0)
                if head == "sudo" and flag in ("-u", "-g", "-C", "-D", "-h", "-p", "-U") and argv:
                    argv.pop(0)
        else:
            break
    return argv


def _shell_script(argv: list[str]) -> str | None:
    """The script of ``bash -c SCRIPT`` (or ``-lc``, ``-ec`` …), if that is the form."""
    for i, word in enumerate(argv[1:], start=1):
        if word.startswith("-") and not word.startswith("--") and "c" in word[1:]:
            return argv[i + 1] if i + 1 < len(argv) else None
        if not word.startswith("-"):
            return None
    return None


def _operands(args: list[str], with_value: set[str]) -> list[str]:
    """The non-option words of ``args`` (options in ``with_value`` take the next word;
    ``--`` ends the options)."""
    out: list[str] = []
    i = 0
    options = True
    while i < len(args):
        word = args[i]
        if options and word == "--":
            options = False
        elif options and word.startswith("-") and word != "-":
            if word in with_value:
                i += 1
        else:
            out.append(word)
        i += 1
    return out


def _command_writes(argv: list[str], is_dir: Callable[[str], bool]) -> list[str]:
    if not argv:
        return []
    name = argv[0].rpartition("/")[2]
    args = argv[1:]
    if name == "tee":
        paths = _operands(args, set())
    elif name in ("sed", "gsed"):
        paths = _sed_files(args)
    elif name == "perl":
        paths = _perl_files(args)
    elif name in ("cp", "mv", "install", "rsync"):
        paths = _copy_targets(name, args, is_dir)
    elif name in ("rm", "unlink", "shred"):
        paths = _operands(args, {"-n", "-s", "--iterations", "--size"} if name == "shred"
                          else set())
    elif name == "truncate":
        paths = _operands(args, {"-s", "-r", "--size", "--reference"})
    elif name == "dd":
        paths = [a[3:] for a in args if a.startswith("of=")]
    else:
        return []
    return [p for p in paths if p and not _NOT_LITERAL.search(p)]


def _sed_files(args: list[str]) -> list[str]:
    if not any(_sed_in_place(a) for a in args):
        return []
    scripts = any(a in ("-e", "-f", "--expression", "--file")
                  or a.startswith(("--expression=", "--file=")) for a in args)
    operands = _operands(args, {"-e", "-f", "--expression", "--file", "-l", "--line-length"})
    return operands if scripts else operands[1:]


def _sed_in_place(word: str) -> bool:
    """``-i``, ``-i.bak``, ``--in-place[=SUF]``, or a cluster such as ``-ni`` / ``-Ei``."""
    if word.startswith("--"):
        return word.startswith("--in-place")
    if not word.startswith("-") or "i" not in word:
        return False
    return all(c in "nErsuz" for c in word[1:word.index("i")])


def _perl_files(args: list[str]) -> list[str]:
    """``perl -pi -e SCRIPT FILE…``: the files, when ``-i`` edits them in place."""
    in_place = False
    script = False
    operands: list[str] = []
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            operands.extend(args[i + 1:])
            break
        if word.startswith("-") and len(word) > 1 and not word.startswith("--"):
            in_place = in_place or "i" in word[1:]
            if word[-1] in "eE":
                script = True
                i += 1  # the script
        else:
            operands.append(word)
        i += 1
    if not in_place:
        return []
    return operands if script else operands[1:]


_COPY_VALUES = {
    "cp": {"-t", "--target-directory", "-S", "--suffix"},
    "mv": {"-t", "--target-directory", "-S", "--suffix"},
    "install": {"-t", "--target-directory", "-m", "--mode", "-o", "--owner", "-g",
                "--group", "-S", "--suffix"},
    "rsync": {"-e", "--rsh", "--exclude", "--include", "--filter", "-f"},
}


def _copy_targets(name: str, args: list[str], is_dir: Callable[[str], bool]) -> list[str]:
    target_dir = None
    for i, word in enumerate(args):
        if word in ("-t", "--target-directory") and i + 1 < len(args):
            target_dir = args[i + 1]
        elif word.startswith("--target-directory="):
            target_dir = word.partition("=")[2]
    operands = _operands(args, _COPY_VALUES[name])
    if name == "rsync" and any(":" in o for o in operands):
        return []  # a remote side: not a file of this work tree we can name
    if target_dir is not None:
        sources, into = operands, target_dir
    elif len(operands) >= 2:
        sources, into = operands[:-1], operands[-1]
        if len(sources) == 1 and not into.endswith("/") and not is_dir(into):
            return [*(sources if name == "mv" else []), into]
    else:
        return []
    written = [_join(into, s.rstrip("/").rpartition("/")[2]) for s in sources]
    return [*(sources if name == "mv" else []), *written]


def _join(directory: str, path: str) -> str:
    if not directory or path.startswith("/"):
        return path
    return f"{directory.rstrip('/')}/{path}"


__all__ = ["MAX_COMMAND", "written_files"]
