#!/usr/bin/env python3
"""Build a year of a team's ledgers, synthetically, with one ``git fast-import``.

50 people x 10 sessions a week x 50 weeks: 25,000 archived session ledgers, 20,000
project decisions, 100,000 noted code commits (``--scale full``); ``tenth`` is a tenth of
each.  Running the tool 25,000 times would take most of a day, so this writes the objects
the tool would have written, in the layout of docs/format.md, in one fast-import stream:
entries, ``ledger.toml`` and ``state.toml`` come from gitledger's own codec, commit
messages and archive tag messages follow section 7 and "Archives", and every derived
index (notes, keep-alive chain, footprints) is what ``doctor`` expects of it, so that
``git ledger doctor`` finds nothing wrong (tests/benchmarks/test_year_build.py).

What one archived session holds, in the order the tool writes it: ``start``, ``task``,
an OPEN question, a VERIFIED fact and (four sessions in five) a decision; four code
commits on ``main`` made while the ledger was the worktree's (``commit`` events; the
first implements the decision: a keep commit, then the ``status`` event with its
``git:`` evidence and footprint); then the decision carried to the project ledger (the
``carry`` on ``refs/ledger/project`` first, then the session's); then the archive tag at
``refs/ledger/archive/<id>`` and the notes of its four commits, renamed to the archive
ref.  At the end, one live session ledger per person (refs/ledger/sessions/), the first
of them this worktree's (its pointer is written).

Simplifications, said here so that nobody reads more into the figures: the VERIFIED
fact stays in the archive (the tool would carry it); every archive is one of this
clone's own (a real clone holds its own and fetches the rest as mirrors); the notes are
written one commit per session, after its archive.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from gitledger import FORMAT_VERSION
from gitledger.core.codec import encode_entry, encode_focus, encode_meta
from gitledger.core.footprint import Span
from gitledger.core.ids import ALPHABET, entry_path
from gitledger.core.model import Entry, Focus, LedgerMeta
from gitledger.storage.drift_cache import CachedDrift, drift_key, write_cache
from gitledger.storage.keepalive import kept_path
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    FOCUS_PATH,
    KEEP_REF,
    META_PATH,
    NOTES_REF,
    POINTER_FILE,
    PROJECT_REF,
    SESSIONS_PREFIX,
)
from gitledger.storage.repo import Repo

#: The year starts on a Monday; every session takes an equal share of 50 weeks.
YEAR_START = int(datetime(2026, 1, 5, 9, 0, tzinfo=UTC).timestamp())
YEAR_SECONDS = 50 * 7 * 86400
PEOPLE = 50
COMMITS_PER_SESSION = 4
#: Four sessions in five carry one decision: 20,000 of 25,000.
DECISION_EVERY = 5
SCRATCH_REF = "refs/year-build/scratch"
#: More notes than this and the notes tree fans out (``notes.FANOUT_AT``).
NOTES_FANOUT_AT = 256

SCALES = {"full": 25_000, "tenth": 2_500}

TOPICS = ("token verifier", "retry policy", "audit trail", "gateway routing", "webhook batching",
          "connection pool", "rate limiter", "schema migration", "cache invalidation",
          "feature flags", "job queue", "search index")
ALTERNATIVES = ("a global cache", "a sidecar proxy", "a cron job", "per-request setup",
                "an in-memory queue", "a feature flag", "a new service", "doing nothing")


@dataclass(frozen=True)
class Person:
    name: str
    email: str

    @property
    def ident(self) -> str:
        return f"{self.name} <{self.email}>"


@dataclass(frozen=True)
class Built:
    """What was built, for the measurements and the test."""

    path: Path
    sessions: int
    decisions: int
    commits: int
    live: tuple[str, ...]  # the live session ledger ids, this worktree's first
    files: int
    seconds: float
    sample_archive: str = ""
    sample_decision: str = ""
    sample_file: str = ""


@dataclass
class _Stream:
    """A running ``git fast-import``: commands in, ``get-mark`` answers out."""

    process: subprocess.Popen[bytes]
    next_mark: int = 1
    shas: dict[int, str] = field(default_factory=dict)

    def write(self, text: str | bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode("utf-8") if isinstance(text, str) else text)

    def mark(self) -> int:
        self.next_mark += 1
        return self.next_mark - 1

    def data(self, payload: bytes | str) -> None:
        raw = payload.encode("utf-8") if isinstance(payload, str) else payload
        self.write(f"data {len(raw)}\n".encode() + raw + b"\n")

    def commit(self, ref: str, who: Person, when: int, message: str,
               files: dict[str, bytes | None], *, reset: bool = False, first: int | None = None,
               merges: tuple[int, ...] = ()) -> int:
        """One commit on ``ref``; ``files`` maps a path to its content (None deletes);
        ``reset`` starts over with an empty tree (a root commit unless ``first``)."""
        mark = self.mark()
        stamp = f"{who.ident} {when} +0000"
        self.write(f"commit {ref}\nmark :{mark}\nauthor {stamp}\ncommitter {stamp}\n")
        self.data(message)
        if first is not None:
            self.write(f"from :{first}\n")
        for other in merges:
            self.write(f"merge :{other}\n")
        if reset:
            self.write("deleteall\n")
        for path, content in files.items():
            if content is None:
                self.write(f"D {path}\n")
            else:
                self.write(f"M 100644 inline {path}\n")
                self.data(content)
        self.write("\n")
        return mark

    def reset(self, ref: str) -> None:
        self.write(f"reset {ref}\n\n")

    def tag(self, name: str, target: int, who: Person, when: int, message: str) -> None:
        self.write(f"tag {name}\nfrom :{target}\ntagger {who.ident} {when} +0000\n")
        self.data(message)

    def resolve(self, marks: list[int]) -> list[str]:
        """The SHA-1s of ``marks`` (one round trip for all of them)."""
        wanted = [m for m in marks if m not in self.shas]
        if wanted:
            self.write("".join(f"get-mark :{m}\n" for m in wanted))
            assert self.process.stdin is not None
            assert self.process.stdout is not None
            self.process.stdin.flush()
            for m in wanted:
                self.shas[m] = self.process.stdout.readline().decode().strip()
        return [self.shas[m] for m in marks]


class _Ids:
    """Ledger and entry ids as the tool draws them (10 characters of the id alphabet),
    from a seeded generator so that a build is repeatable; never one twice."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seen: set[str] = set()

    def core(self) -> str:
        while True:
            value = "".join(self.rng.choice(ALPHABET) for _ in range(10))
            if value not in self.seen:
                self.seen.add(value)
                return value


def _time(epoch: int) -> datetime:
    return datetime.fromtimestamp(epoch, tz=UTC)


def _message(subject: str, *trailers: tuple[str, str]) -> str:
    return subject + "\n\n" + "".join(f"{k}: {v}\n" for k, v in trailers)


def build(path: Path, sessions: int, *, me: Person = Person("Bench Mark", "bench@example.com"),
          seed: int = 21, progress: bool = False, drift_cache: bool = True) -> Built:
    """A repository at ``path`` (created, with a work tree on ``main``) holding
    ``sessions`` archived session ledgers and what a team writes with them.

    ``drift_cache`` also writes the drift cache (``ledger-drift.json``) the year's
    commits would have left: every carried decision in force, undrifted (the synthetic
    commits only append lines, so no footprint line ever changes).  Without it the first
    ``check``, ``review`` or ``pull`` reverse-blames every decision's file once."""
    begun = time.perf_counter()
    rng = random.Random(seed)
    ids = _Ids(rng)
    people = [me] + [Person(f"Person {n:02d}", f"p{n:02d}@example.com") for n in range(1, PEOPLE)]
    commits = sessions * COMMITS_PER_SESSION
    n_files = max(8, commits // 20)
    files = [f"src/m{f % 50:02d}/f{f:05d}.py" for f in range(n_files)]
    contents: dict[int, list[str]] = {}
    fanned = commits > NOTES_FANOUT_AT
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    process = subprocess.Popen(
        ["git", "-C", str(path), "fast-import", "--quiet", "--done", "--active-branches=8",
         "--depth=50"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out = _Stream(process)
    step = YEAR_SECONDS // max(sessions, 1)

    out.commit("refs/heads/main", me, YEAR_START - 3600, "Start the service\n",
               {"README.md": b"# the service\n"})
    project_seq = 0
    out.commit(PROJECT_REF, me, YEAR_START - 3000, _message(
        "start project ledger project", ("Ledger-Event", "start"),
        ("Ledger-Format", str(FORMAT_VERSION))), {
        META_PATH: encode_meta(LedgerMeta(FORMAT_VERSION, "project", "project",
                                          _time(YEAR_START - 3000), me.ident)),
        FOCUS_PATH: encode_focus(Focus())}, reset=True)
    keep_started = False
    notes_started = False
    decisions = 0
    head_sha: str | None = None
    sample = ("", "", "")
    in_force: list[tuple[Entry, str]] = []
    for number in range(sessions):
        who = people[number % PEOPLE]
        clock = YEAR_START + number * step
        ledger = ids.core()
        ref = SESSIONS_PREFIX + ledger
        archive_ref = ARCHIVE_PREFIX + ledger
        topic = TOPICS[number % len(TOPICS)]
        task = f"Rework the {topic} ({number})"
        nxt = f"Measure the {topic} under load"

        def tick(seconds: int = 20) -> int:
            nonlocal clock
            clock += seconds
            return clock

        # The code commits first (the stream can only name a commit's SHA-1 once it is
        # written); their times interleave with the ledger's events below.
        code_marks: list[int] = []
        spans: list[Span] = []
        for k in range(COMMITS_PER_SESSION):
            which = rng.randrange(n_files)
            lines = contents.setdefault(which, [])
            lines.append(f"{topic.replace(' ', '_')}_{number}_{k} = {len(lines)}\n")
            code_marks.append(out.commit(
                "refs/heads/main", who, clock + 200 + 60 * k, f"{task}: step {k}\n",
                {files[which]: "".join(lines).encode()}))
            spans.append(Span("", files[which], ((len(lines), len(lines)),)))
        code = out.resolve(code_marks)

        created = _time(tick())
        meta = encode_meta(LedgerMeta(FORMAT_VERSION, ledger, "session", created, who.ident))
        state: dict[str, bytes | None] = {META_PATH: meta, FOCUS_PATH: encode_focus(Focus())}
        out.reset(SCRATCH_REF)
        out.commit(SCRATCH_REF, who, clock, _message(
            f"start session ledger {ledger}", ("Ledger-Event", "start"),
            ("Ledger-Format", str(FORMAT_VERSION))), dict(state), reset=True)
        out.commit(SCRATCH_REF, who, tick(), _message(
            f"task: {task}", ("Ledger-Event", "task"), ("Ledger-Next", "set")),
            {FOCUS_PATH: encode_focus(Focus(task=task, next=nxt, seq=0))})
        question = Entry(id="o-" + ids.core(), kind="open", seq=1, created=_time(tick()),
                         author=who.ident, text=f"Does the {topic} need its own metrics?")
        fact = Entry(id="v-" + ids.core(), kind="verified", seq=2, created=_time(tick()),
                     author=who.ident, text=f"the {topic} tests pass",
                     by=f"pytest tests/test_{topic.replace(' ', '_')}.py", commit=head_sha)
        held = [question, fact]
        decision: Entry | None = None
        if number % DECISION_EVERY != DECISION_EVERY - 1:
            decision = Entry(
                id="d-" + ids.core(), kind="decided", seq=3, created=_time(tick()),
                author=who.ident, text=f"{topic}: keep it behind one interface ({number})",
                status="accepted", scope=f"svc/{topic.replace(' ', '-')}/{number}",
                over=(ALTERNATIVES[number % 8], ALTERNATIVES[(number + 3) % 8]),
                because="it keeps the callers unchanged")
            held.append(decision)
        verbs = {"open": "open", "verified": "verify", "decided": "decide"}
        for entry in held:
            scratch_tip = out.commit(SCRATCH_REF, who, tick(), _message(
                f"{verbs[entry.kind]} {entry.id}: {entry.text}", ("Ledger-Event", "add"),
                ("Ledger-Entry", entry.id), ("Ledger-Kind", entry.kind)),
                {entry_path(entry.id): encode_entry(entry),
                 FOCUS_PATH: encode_focus(Focus(task=task, next=nxt, seq=entry.seq))})
        commit_parents: list[int] = []
        last = 0
        for k, sha in enumerate(code):
            implements: tuple[tuple[str, str], ...] = ()
            if k == 0 and decision is not None:
                # Kept alive before the event that cites it (format: the keep-alive chain).
                keep_files: dict[str, bytes | None] = {kept_path(sha): f"{decision.id}\n".encode()}
                if keep_started:
                    out.commit(KEEP_REF, who, tick(), _message(
                        f"keep {sha[:12]} for {decision.id}", ("Ledger-Event", "keep"),
                        ("Ledger-Keep", sha)), keep_files, merges=(code_marks[0],))
                else:
                    out.commit(KEEP_REF, who, tick(), _message(
                        f"keep {sha[:12]} for {decision.id}", ("Ledger-Event", "keep"),
                        ("Ledger-Keep", sha)), keep_files, reset=True, first=code_marks[0])
                    keep_started = True
                span = Span(sha, spans[0].path, spans[0].lines)
                decision = replace(decision, status="implemented", evidence=(f"git:{sha}",),
                                   footprint=(str(span),))
                scratch_tip = out.commit(SCRATCH_REF, who, tick(), _message(
                    f"implemented {decision.id}: {decision.text}", ("Ledger-Event", "status"),
                    ("Ledger-Entry", decision.id),
                    ("Ledger-Status", f"{decision.id} implemented")),
                    {entry_path(decision.id): encode_entry(decision)})
                implements = (("Ledger-Implements", decision.id),)
            commit_parents.append(scratch_tip)
            last = scratch_tip = out.commit(SCRATCH_REF, who, tick(60), _message(
                f"commit {sha[:12]}", ("Ledger-Event", "commit"), ("Ledger-Commit", sha),
                *implements), {})
        head_sha = code[-1]
        carried: list[str] = []
        if decision is not None:
            project_seq += 1
            arrived = replace(decision, seq=project_seq, carried_from=ledger)
            out.commit(PROJECT_REF, who, tick(), _message(
                f"carry {decision.id} from {ref}", ("Ledger-Event", "carry"),
                ("Ledger-Entry", decision.id), ("Ledger-Carried-From", ref)),
                {entry_path(decision.id): encode_entry(arrived),
                 FOCUS_PATH: encode_focus(Focus(seq=project_seq))})
            last = out.commit(SCRATCH_REF, who, tick(), _message(
                f"carry {decision.id} to the project ledger", ("Ledger-Event", "carry"),
                ("Ledger-Entry", decision.id), ("Ledger-Carried-To", PROJECT_REF)),
                {entry_path(decision.id): None})
            carried.append(decision.id)
            decisions += 1
            in_force.append((arrived, spans[0].path))
        out.tag(ledger, last, who, tick(), "\n".join([
            f"archive session ledger {ledger}: {task}", "", f"TASK: {task}", f"NEXT: {nxt}",
            "Entries: 2 (OPEN 1, VERIFIED 1)", "",
            "Carried to the project ledger: " + (", ".join(carried) or "nothing"), "",
            "Ledger-Event: archive", f"Ledger-Archived: {ledger}", "Ledger-Entries: 2"]) + "\n")
        tips = out.resolve(commit_parents)
        notes: dict[str, bytes | None] = {}
        for k, sha in enumerate(code):
            lines_of = [f"commit-in {archive_ref} {tips[k]}"]
            if k == 0 and decision is not None:
                lines_of.append(f"implements {decision.id} {PROJECT_REF}")
            notes[f"{sha[:2]}/{sha[2:]}" if fanned else sha] = \
                "".join(f"{line}\n" for line in sorted(lines_of)).encode()
        out.commit(NOTES_REF, who, tick(), _message(
            f"notes for {archive_ref}", ("Ledger-Event", "notes")), notes,
            reset=not notes_started)
        notes_started = True
        if decision is not None and not sample[0]:
            sample = (ledger, decision.id, spans[0].path)
        if progress and number and number % 2500 == 0:
            print(f"  {number:,} sessions written", file=sys.stderr, flush=True)

    live: list[str] = []
    clock = YEAR_START + YEAR_SECONDS
    for n, who in enumerate(people):
        ledger = ids.core()
        live.append(ledger)
        ref = SESSIONS_PREFIX + ledger
        stamp = clock + 60 * n
        task = f"Ship the {TOPICS[n % len(TOPICS)]} changes"
        out.commit(ref, who, stamp, _message(
            f"start session ledger {ledger}", ("Ledger-Event", "start"),
            ("Ledger-Format", str(FORMAT_VERSION))), {
            META_PATH: encode_meta(LedgerMeta(FORMAT_VERSION, ledger, "session",
                                              _time(stamp), who.ident)),
            FOCUS_PATH: encode_focus(Focus())}, reset=True)
        out.commit(ref, who, stamp + 1, _message(f"task: {task}", ("Ledger-Event", "task")),
                   {FOCUS_PATH: encode_focus(Focus(task=task, seq=0))})
        for seq in range(1, 6):
            entry = Entry(id="o-" + ids.core(), kind="open", seq=seq,
                          created=_time(stamp + 1 + seq), author=who.ident,
                          text=f"open question {seq} of {task}")
            out.commit(ref, who, stamp + 1 + seq, _message(
                f"open {entry.id}: {entry.text}", ("Ledger-Event", "add"),
                ("Ledger-Entry", entry.id), ("Ledger-Kind", "open")),
                {entry_path(entry.id): encode_entry(entry),
                 FOCUS_PATH: encode_focus(Focus(task=task, seq=seq))})
    out.write(f"reset {SCRATCH_REF}\nfrom 0000000000000000000000000000000000000000\n\ndone\n")
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.close()
    process.stdout.close()
    if process.wait() != 0:
        raise RuntimeError("git fast-import failed")
    _archives_out_of_tags(path)
    _packed(path)
    (path / ".git" / POINTER_FILE).write_text(SESSIONS_PREFIX + live[0] + "\n", encoding="utf-8")
    subprocess.run(["git", "-C", str(path), "pack-refs", "--all"], check=True)
    subprocess.run(["git", "-C", str(path), "checkout", "-q", "main"], check=True)
    if drift_cache:
        at_head = {files[n]: _blob_id("".join(lines).encode()) for n, lines in contents.items()}
        write_cache(Repo(path), [(drift_key(entry), CachedDrift(entry.id, 0, 0, 0,
                                                               {where: at_head[where]}))
                                 for entry, where in in_force])
    return Built(path, sessions, decisions, commits, tuple(live), n_files,
                 time.perf_counter() - begun, *sample)


def _blob_id(content: bytes) -> str:
    """The SHA-1 git gives a blob of ``content``."""
    return hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()


def _archives_out_of_tags(path: Path) -> None:
    """fast-import writes a tag under refs/tags/; an archive lives under refs/ledger/archive/
    (format: Archives), so each tag ref is moved there in one ref transaction."""
    listed = subprocess.run(
        ["git", "-C", str(path), "for-each-ref", "--format=%(objectname) %(refname)",
         "refs/tags/"], capture_output=True, text=True, check=True).stdout.splitlines()

    def commands() -> Iterator[str]:
        for line in listed:
            sha, name = line.split(" ", 1)
            yield f"create {ARCHIVE_PREFIX}{name.removeprefix('refs/tags/')} {sha}\n"
            yield f"delete {name} {sha}\n"

    subprocess.run(["git", "-C", str(path), "update-ref", "--stdin"],
                   input="".join(commands()), text=True, check=True)


def _packed(path: Path) -> None:
    """The objects written loose are packed: a year of use would have packed them, and
    left loose, the first fetch starts git's automatic gc, which then runs beside the
    timed commands."""
    subprocess.run(["git", "-C", str(path), "repack", "-d", "-q"], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("path", type=Path, help="where to create the repository")
    parser.add_argument("--scale", default="tenth",
                        help="full (25,000 sessions), tenth (2,500) or a number of sessions")
    args = parser.parse_args()
    sessions = SCALES.get(args.scale) or int(args.scale)
    built = build(args.path, sessions, progress=True)
    print(f"{built.sessions:,} archived sessions, {built.decisions:,} project decisions, "
          f"{built.commits:,} noted commits in {built.seconds:.1f} s at {built.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
