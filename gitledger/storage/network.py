"""The git commands that talk to a remote, and the one credential prompt a command may make.

No git command here prompts; when one needs a credential, the command asks once through
``git credential fill`` and passes the answer to later git commands via the environment,
never the command line.  Without a terminal nothing prompts, and server text is untrusted.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import weakref
from dataclasses import dataclass, field

from gitledger.core.display import one_line
from gitledger.errors import SyncError
from gitledger.storage.repo import Repo

#: What git says when it stopped because it would have had to prompt (ours: prompts off).
_WOULD_PROMPT = re.compile(r"could not read (?:Username|Password) for '([^']+)': "
                           r"terminal prompts disabled")
#: What git says when the server refused the credential it was given.
_REFUSED = "Authentication failed for"
#: The helper every git command is given for a credential the command holds: it answers
#: ``get`` from its environment, and ignores ``store`` and ``erase`` (``approve`` and
#: ``reject`` reach the user's own helpers, once).
_HELPER = ('!f() { test "$1" = get || exit 0; '
           'printf "username=%s\\npassword=%s\\n" "$GITLEDGER_CREDENTIAL_<n>_USERNAME" '
           '"$GITLEDGER_CREDENTIAL_<n>_PASSWORD"; }; f')
#: How long ``git credential fill`` (the user's helpers, askpass) may take to answer when
#: nobody is typing, and ``approve`` or ``reject`` always: a helper that hangs (a keychain
#: waiting on a dialog nobody sees) is ended, with everything it started.
HELPER_SECONDS = 60.0
#: How long ``fill`` may take when someone may be typing at the terminal.
TYPING_SECONDS = 300.0
#: What a command that needed a credential nobody gave says it needs, with no terminal.
NO_TERMINAL = ("no terminal on standard input to ask on: configure a credential helper, "
               "see 'Credentials' in docs/team.md")
#: The most characters of what a server wrote that an error quotes (a hook's lines).
SERVER_TEXT_LIMIT = 300


@dataclass(frozen=True)
class Credential:
    """What ``git credential fill`` answered for one URL git asked about."""

    #: The URL git asked about (what its "could not read Username for '<url>'" named).
    url: str
    #: The URL the helper is configured for (``credential.<scope>.helper``).
    scope: str
    #: Its host (and port): what git's "Authentication failed for '<url>'" names.
    host: str
    #: Every line ``fill`` answered, for ``approve`` and ``reject`` to give back (never
    #: in a repr: a traceback, a log or a debugger prints records).
    answer: str = field(repr=False)
    username: str
    password: str = field(repr=False)


@dataclass(frozen=True)
class _Session:
    """The credentials of one command (one ``Repo``): asked at most once per URL."""

    known: list[Credential] = field(default_factory=list)
    #: URLs already asked about: never asked again in this command, answered or not.
    asked: set[str] = field(default_factory=set)
    approved: set[str] = field(default_factory=set)
    #: What the server said of the credential it refused, by the URL asked about: said
    #: again by every later git command that would need it, rather than asking again.
    refused: dict[str, str] = field(default_factory=dict)


#: One session per ``Repo``, which lives as long as the command: a long-running MCP
#: server forgets a credential with the call that asked for it.
_SESSIONS: weakref.WeakKeyDictionary[Repo, _Session] = weakref.WeakKeyDictionary()


def interactive() -> bool:
    """Whether someone may be typing: standard input is a terminal."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # closed or detached
        return False


def run_network(repo: Repo, args: list[str], *, what: str, stdin: str | None = None,
                ok: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess[str]:
    """Run a git command that talks to a remote, never letting it prompt; ``what`` names
    it in the error (``git push to origin``): ``SyncError("<what> failed: <git's
    complaint>")`` when its status is not in ``ok``."""
    session = _SESSIONS.setdefault(repo, _Session())
    done = _run(repo, args, stdin, session.known)
    wanted = _WOULD_PROMPT.search(done.stderr)
    url = wanted.group(1) if wanted is not None else None
    if url is not None and url not in session.asked:
        session.asked.add(url)
        credential = _fill(repo, url, what)
        if credential is not None:
            session.known.append(credential)
            done = _run(repo, args, stdin, session.known)
    complaint = network_complaint(done.stderr)
    for credential in list(session.known):
        if _REFUSED in done.stderr and credential.host in done.stderr:
            session.known.remove(credential)
            session.refused[credential.url] = complaint
            _tell(repo, "reject", credential)
        elif credential.scope not in session.approved and done.returncode in ok:
            session.approved.add(credential.scope)
            _tell(repo, "approve", credential)
    if done.returncode not in ok:
        raise SyncError(f"{what} failed: {session.refused.get(url or '', complaint)}")
    return done


def network_complaint(stderr: str) -> str:
    """``git_complaint`` of a git command that talks to a remote: one that stopped where
    it would have prompted, with nobody to ask, also says what to do."""
    complaint = git_complaint(stderr)
    if _WOULD_PROMPT.search(stderr) and not interactive():
        complaint += f" ({NO_TERMINAL})"
    return complaint


def git_complaint(stderr: str) -> str:
    """The line of git's stderr that says what went wrong (``server_text``: git quotes
    the server in it, ``fatal: remote error: …``)."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    for prefix in ("fatal:", "error:"):
        for line in lines:
            if line.startswith(prefix):
                return server_text(line.removeprefix(prefix).strip())
    return server_text(lines[-1]) if lines else "no message"


def server_text(text: str) -> str:
    """What a server wrote, as an error may quote it: control characters and invisible
    ones made visible marks, one line, at most ``SERVER_TEXT_LIMIT`` characters."""
    return one_line(text, SERVER_TEXT_LIMIT)


def _run(repo: Repo, args: list[str], stdin: str | None,
         known: list[Credential]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LC_ALL": "C", "LANGUAGE": "C", "GIT_TERMINAL_PROMPT": "0",
           # Set and empty: git then asks neither core.askPass nor SSH_ASKPASS (ssh's own
           # passphrase prompt is ssh's, untouched).
           "GIT_ASKPASS": ""}
    # The user's helpers are consulted once, by ``fill``, not by every git command.
    config = ["-c", "credential.helper="]
    for n, credential in enumerate(known):
        env[f"GITLEDGER_CREDENTIAL_{n}_USERNAME"] = credential.username
        env[f"GITLEDGER_CREDENTIAL_{n}_PASSWORD"] = credential.password
        helper = _HELPER.replace("<n>", str(n))
        config += ["-c", f"credential.{credential.scope}.helper={helper}"]
    try:
        return subprocess.run(["git", "-C", str(repo.workdir), *config, *args], input=stdin,
                              capture_output=True, text=True, env=env, check=False)
    except OSError as exc:
        raise SyncError(f"cannot run git: {exc}") from None


def _fill(repo: Repo, url: str, what: str) -> Credential | None:
    """Ask for a credential for ``url`` the way git would, once; None when nothing
    answered (no helper, no askpass, no terminal); a ``SyncError`` when that took longer
    than it may."""
    env = {**os.environ, "LC_ALL": "C", "LANGUAGE": "C"}
    typing = interactive()
    if not typing:
        # Git Credential Manager's own dialogs too, as the MCP server has them.
        env.update({"GIT_TERMINAL_PROMPT": "0", "GCM_INTERACTIVE": "never"})
    seconds = TYPING_SECONDS if typing else HELPER_SECONDS
    done = _credential(repo, "fill", f"url={url}\n\n", env, seconds, typing=typing)
    if done is None:
        raise SyncError(f"{what} failed: git credential fill did not answer within "
                        f"{seconds:g} s (a credential helper or askpass that hangs?)")
    if done.returncode != 0:
        return None
    fields = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    if "password" not in fields:
        return None
    scope = f"{fields.get('protocol', '')}://{fields.get('host', '')}"
    if fields.get("path"):
        scope += "/" + fields["path"]
    return Credential(url, scope, fields.get("host", ""), done.stdout, fields.get("username", ""),
                      fields["password"])


def _tell(repo: Repo, verb: str, credential: Credential) -> None:
    """``git credential approve`` or ``reject``: the user's helpers store or forget it.
    Never the command's failure (nor its hang): the credential did its work, or the error
    is said."""
    _credential(repo, verb, credential.answer + "\n",
                {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GCM_INTERACTIVE": "never"},
                HELPER_SECONDS, typing=False)


def _credential(repo: Repo, verb: str, text: str, env: dict[str, str], seconds: float, *,
                typing: bool) -> subprocess.CompletedProcess[str] | None:
    """``git credential <verb>`` given ``text`` on its standard input; None when it did
    not end within ``seconds``: it was ended then (so it is at an interrupt), and (nobody
    typing) everything it started with it, as a process group.  (Someone typing keeps git
    in the terminal's foreground group, where a prompt can read: a group of its own would
    be stopped.)
    An ``OSError`` (no git) is a run that answered nothing."""
    args = ["git", "-C", str(repo.workdir), "credential", verb]
    try:
        process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, env=env,
                                   process_group=None if typing else 0)
    except OSError:
        return subprocess.CompletedProcess(args, 1, "", "")
    try:
        out, err = process.communicate(text, timeout=seconds)
    except BaseException as exc:  # the time is up, or an interrupt: end what it started
        _end(process, group=not typing)
        if isinstance(exc, subprocess.TimeoutExpired):
            return None
        raise
    return subprocess.CompletedProcess(args, process.returncode, out, err)


def _end(process: subprocess.Popen[str], *, group: bool) -> None:
    """Kill ``process`` (and its process group: the helpers it started) and reap it."""
    try:
        if group:
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    except ProcessLookupError:
        pass
    process.wait()
    for pipe in (process.stdin, process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()
