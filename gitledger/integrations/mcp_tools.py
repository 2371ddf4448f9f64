"""The ledger's commands as typed tools: what ``git ledger mcp`` serves to an agent.

Each tool has a name, a description, a JSON schema and a handler calling the command's
library function (tests/test_parity.py holds the two to the same JSON).  It imports neither
click nor the MCP SDK (``mcp_server`` wires it in), so it is tested on its own.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from gitledger.audit.check import report_json
from gitledger.audit.check_command import check
from gitledger.audit.drift_report import drift, drift_json
from gitledger.core.display import one_line
from gitledger.core.model import STATUSES
from gitledger.core.names import KINDS
from gitledger.errors import ConflictingOptions, InvalidInput
from gitledger.integrations.agent_registry import default_budget
from gitledger.ledger import decisions
from gitledger.ledger.archive_command import archive
from gitledger.ledger.lifecycle import carry
from gitledger.ledger.operations import Ledger
from gitledger.search.query import search, search_json
from gitledger.team.listing import listing, listing_json
from gitledger.team.render import pull_json, push_json, review_json
from gitledger.team.review import review
from gitledger.team.sync import pull, push
from gitledger.views import restore_served
from gitledger.views import show_and_log as reading
from gitledger.views.render import archive_json, carry_json, write_json
from gitledger.views.restore import render
from gitledger.views.why import why, why_json

Where = str | None
Args = Mapping[str, Any]

#: The server's instructions: the ledger protocol, told in tool names.
PROTOCOL = (
    "git ledger keeps this worktree's reasoning in git, where it survives compaction. "
    "Append on events, never per turn: a decision locked -> decide (with the alternatives "
    "it beat in `over` and `because`); a fact proved by a command -> verify (with `by`); "
    "a question the work depends on -> open; an approach abandoned -> drop (with `why`); "
    "the task set or changed -> task. NEXT rides along: pass `next` on the write it "
    "belongs to. Close an open question in place with resolve. Never record secrets or "
    "status that can be re-derived (branch, build, test runs, PR lists). After a "
    "compaction, read the ledger://restore resource or call restore."
)


@dataclass(frozen=True)
class Param:
    """One argument of a tool: a JSON type, what it means, and its constraints."""

    name: str
    type: str  # "string", "boolean", "integer" or "strings" (an array of strings)
    help: str
    required: bool = False
    choices: tuple[str, ...] = ()
    minimum: int | None = None

    def schema(self) -> dict[str, Any]:
        if self.type == "strings":
            items: dict[str, Any] = {"type": "string"}
            if self.choices:
                items["enum"] = list(self.choices)
            out: dict[str, Any] = {"type": "array", "items": items}
        else:
            out = {"type": self.type}
            if self.choices:
                out["enum"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        out["description"] = self.help
        return out


@dataclass(frozen=True)
class Tool:
    """One command as a tool."""

    name: str
    title: str
    description: str
    params: tuple[Param, ...]
    handler: Callable[[Where, dict[str, Any]], dict[str, Any]]
    #: False for tools that only read: clients may call them without asking.
    writes: bool = True

    def input_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {p.name: p.schema() for p in self.params},
            "required": [p.name for p in self.params if p.required],
            "additionalProperties": False,
        }

    def call(self, where: Where, arguments: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validate ``arguments`` and run the tool; a bad argument is an InvalidInput."""
        try:
            return self.handler(where, validate(self, arguments or {}))
        except ConflictingOptions as exc:  # spelled as the tool's arguments, named by it
            raise InvalidInput(f"{self.name}: {exc}") from None


def validate(tool: Tool, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments, checked against the tool's schema; one line naming the first fault."""
    if not isinstance(arguments, Mapping):
        raise InvalidInput(f"{tool.name}: the arguments must be a JSON object")
    known = {p.name: p for p in tool.params}
    for name in arguments:
        if name not in known:
            takes = ", ".join(known) or "no arguments"
            raise InvalidInput(f"{tool.name} has no argument '{name}' (it takes: {takes})")
    out: dict[str, Any] = {}
    for param in tool.params:
        value = arguments.get(param.name)
        if value is None:
            if param.required:
                raise InvalidInput(f"{tool.name} needs the argument '{param.name}'")
            continue
        out[param.name] = _checked(tool.name, param, value)
    return out


def _checked(tool: str, param: Param, value: Any) -> Any:
    where = f"{tool}: '{param.name}'"
    if param.type == "strings":
        if isinstance(value, str):  # a lone string is what a model most often sends
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidInput(f"{where} must be a list of strings")
        wrong = [v for v in value if param.choices and v not in param.choices]
        if wrong:
            raise InvalidInput(f"{where} takes {', '.join(param.choices)}, not "
                               f"'{one_line(wrong[0], 40)}'")
        return tuple(value)
    expected = {"string": str, "boolean": bool, "integer": int}[param.type]
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        raise InvalidInput(f"{where} must be a{'n' if param.type == 'integer' else ''} "
                           f"{param.type}")
    if param.choices and value not in param.choices:
        raise InvalidInput(f"{where} must be one of {', '.join(param.choices)}")
    if param.minimum is not None and isinstance(value, int) and value < param.minimum:
        raise InvalidInput(f"{where} must be at least {param.minimum}")
    return value


# -- parameters shared by many tools -------------------------------------------------------

NEXT = Param("next", "string", "Also set NEXT in the same event: the most valuable next "
             "action, ready to pick up cold (NEXT rides along with the write).")
PROJECT = Param("project", "boolean", "Act on the project ledger, shared by every worktree "
                "and teammate, instead of this worktree's session ledger.")
ENTRY_ID = Param("id", "string", "The entry's id or a unique prefix of it, or the id an "
                 "imported entry came with (its source_id).", required=True)
DECISION_ID = Param("id", "string", "The decision's id or a unique prefix of it, or the id "
                    "an imported decision came with (its source_id).", required=True)
LEDGER = Param("ledger", "string", "Another ledger: an id, a ref, 'project', or a "
               "teammate's fetched from a remote as REMOTE/ID.")
REMOTE = Param("remote", "string", "The git remote (default: the branch's remote, else "
               "origin, else the only one).")
DRY_RUN = Param("dry_run", "boolean", "Report what would change and write nothing.")


def _text(name: str, help_text: str) -> Param:
    return Param(name, "string", help_text, required=True)


# -- handlers --------------------------------------------------------------------------------


def _ledger(where: Where, args: dict[str, Any], *, name: str | None = None) -> Ledger:
    return Ledger.open(where, project=bool(args.get("project")), name=name)


def _task(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(_ledger(where, {}).set_task(a["text"], next_text=a.get("next")))


def _next(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(_ledger(where, {}).set_next(a["text"]))


def _open(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(_ledger(where, {}).open_question(
        a["text"], ask_user=a.get("ask_user", False), next_text=a.get("next")))


def _decide(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(_ledger(where, a).decide(
        a["text"], over=a.get("over", ()), because=a.get("because"), scope=a.get("scope"),
        supersedes=a.get("supersedes"), proposed=a.get("proposed", False),
        evidence=a.get("evidence", ()), paths=a.get("paths", ()), next_text=a.get("next")))


def _verify(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(_ledger(where, a).verify(a["fact"], by=a["by"],
                                               next_text=a.get("next")))


def _drop(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(_ledger(where, a).drop(a["approach"], why=a["why"],
                                             paths=a.get("paths", ()),
                                             next_text=a.get("next")))


def _plan(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    path = a["path"]
    if where is not None and path.strip() and not os.path.isabs(path):
        path = os.path.join(where, path)
    return write_json(_ledger(where, {}).plan(path, note=a.get("note"),
                                              next_text=a.get("next")))


def _resolve(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(_ledger(where, {}).resolve(
        a["id"], as_kind=a["as"], text=a.get("text"), over=a.get("over", ()),
        because=a.get("because"), scope=a.get("scope"), evidence=a.get("evidence", ()),
        proposed=a.get("proposed", False), by=a.get("by"), why=a.get("why"),
        paths=a.get("paths", ()), next_text=a.get("next")))


def _edit(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(_ledger(where, a).edit(
        a["id"], text=a.get("text"), next_text=a.get("next"), because=a.get("because"),
        scope=a.get("scope"), over=a.get("over", ()), evidence=a.get("evidence", ()),
        by=a.get("by"), why=a.get("why"), paths=a.get("paths"), path=a.get("path"),
        note=a.get("note"), ask_user=a.get("ask_user")))


def _decision(where: Where, a: dict[str, Any]) -> Ledger:
    return decisions.locate(where, a["id"], project=bool(a.get("project")))


def _accept(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(decisions.accept(_decision(where, a), a["id"], next_text=a.get("next")))


def _implement(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(decisions.implement(_decision(where, a), a["id"],
                                          commit=a.get("commit"), next_text=a.get("next")))


def _deploy(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(decisions.deploy(_decision(where, a), a["id"], env=a["env"],
                                       sha=a["sha"], url=a["url"], at=a.get("at"),
                                       next_text=a.get("next")))


def _reject(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return write_json(decisions.reject(_decision(where, a), a["id"], why=a["why"],
                                       next_text=a.get("next")))


def _evidence(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    if not a.get("add") and not a.get("remove"):
        raise InvalidInput("evidence needs 'add' or 'remove'")
    return write_json(decisions.add_evidence(_decision(where, a), a["id"], a.get("add", ()),
                                             remove=a.get("remove", ()),
                                             next_text=a.get("next")))


def _show(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    shown = reading.show(where, a.get("id"), kind=a.get("kind"), name=a.get("ledger"),
                         archive=a.get("archive"), project=bool(a.get("project")))
    out = reading.show_json(shown)
    bad = reading.unreadable(shown)
    if bad:  # the CLI exits 1 instead; a tool call has no exit status to say it with
        out["unreadable"] = list(bad)
    return out


def _log(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return reading.log_json(reading.log(where, a.get("max_count"), name=a.get("ledger"),
                                        project=bool(a.get("project"))))


def _check(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return report_json(check(where, project=bool(a.get("project")), name=a.get("ledger")))


def _why(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return why_json(why(where, a["target"], rev=a.get("rev", False),
                        max_commits=a.get("max_commits", 20)))


def _search(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return search_json(search(where, a["query"], kinds=a.get("kind", ()),
                              scopes=a.get("scope", ()), statuses=a.get("status", ()),
                              authors=a.get("author", ()),
                              transcripts=a.get("transcripts", False),
                              limit=a.get("limit", 20)))


def _drift(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return drift_json(drift(where, since=a.get("since")))


def _restore(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    # The block `restore --format json` prints, served from the same saved copy.
    served = restore_served.served(restore_served.Asked("json", a.get("budget")),
                                   partial(render, fmt="json"), where,
                                   budget=default_budget("json", a.get("budget")))
    return dict(json.loads(served))


def _archive(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return archive_json(archive(where, carry=a.get("carry", ()),
                                carry_all_durable=bool(a.get("carry_all_durable")),
                                no_carry=bool(a.get("no_carry")),
                                dry_run=a.get("dry_run", False), name=a.get("ledger")))


def _carry(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    if not a["ids"]:
        raise InvalidInput("carry: 'ids' names no entry")
    return carry_json(carry(where, list(a["ids"])))


def _list(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return listing_json(listing(where, archived=bool(a.get("archived"))))


def _pull(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return pull_json(pull(where, a.get("remote")))


def _push(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return push_json(push(where, a.get("remote"), dry_run=a.get("dry_run", False)))


def _review(where: Where, a: dict[str, Any]) -> dict[str, Any]:
    return review_json(review(where, since=a.get("since"), remote=a.get("remote")))


# -- the table -------------------------------------------------------------------------------

_OVER = Param("over", "strings", "The alternatives this beat, each a short phrase.")
_BECAUSE = Param("because", "string", "Why it beat the alternatives.")
_SCOPE = Param("scope", "string", "The smallest boundary it applies to (a module, a path, "
               "an API); one decision in force per scope.")
_EVIDENCE = Param("evidence", "strings", "Evidence: git:<sha>, test:<name> or a URL.")
_PATHS = Param("paths", "strings", "Globs of the files it governs (src/db/**), relative to "
               "the directory the server serves (usually the top of the work tree); an "
               "edit of a matching file is shown it.")
_PROPOSED = Param("proposed", "boolean", "Record it as proposed, for a person to accept, "
                  "instead of accepted.")
_BY = Param("by", "string", "The exact command or probe that proved it, to re-run.")

TOOLS: tuple[Tool, ...] = (
    Tool("task", "Set the task",
         "Set the one-line TASK: what this session is trying to achieve. Call it when the "
         "task is first known or changes, not on every turn.",
         (_text("text", "The task, one line."), NEXT), _task),
    Tool("next", "Set the next step",
         "Set the one-line NEXT on its own. Prefer passing `next` to the write it belongs "
         "to; use this only when nothing else changed.",
         (_text("text", "The most valuable next action, ready to pick up cold."),), _next),
    Tool("open", "Open a question",
         "Record an OPEN question the work depends on, as soon as it arises, with what "
         "would settle it. Close it later with resolve.",
         (_text("text", "The question, and what would settle it."),
          Param("ask_user", "boolean", "Only the user can close this question."), NEXT),
         _open),
    Tool("decide", "Record a decision",
         "Record a decision the moment it is locked, with the alternatives it beat (`over`) "
         "and why (`because`). Never record secrets or re-derivable status.",
         (_text("text", "The decision, stated so it can be followed cold."), _OVER,
          _BECAUSE, _SCOPE, Param("supersedes", "string", "The id of the decision this "
                                  "one replaces."), _PROPOSED, _EVIDENCE, _PATHS, NEXT,
          PROJECT),
         _decide),
    Tool("verify", "Record a verified fact",
         "Record a fact once a command proved it, with that exact command in `by`, at the "
         "current HEAD. Not for test runs or build status, which go stale.",
         (_text("fact", "The fact, as proved."), Param("by", "string", _BY.help,
                                                       required=True), NEXT, PROJECT),
         _verify),
    Tool("drop", "Record a dropped approach",
         "Record an approach you abandoned, with why, so that nobody retries it after a "
         "compaction.",
         (_text("approach", "The approach abandoned."),
          _text("why", "Why it was abandoned."), _PATHS, NEXT, PROJECT), _drop),
    Tool("plan", "Point to a plan file",
         "Record a pointer to a plan or project-state file (a path, never a copy of it).",
         (_text("path", "The file, relative to the repository or absolute."),
          Param("note", "string", "What the file is for."), NEXT), _plan),
    Tool("resolve", "Resolve an open question",
         "Close an OPEN question in place: it becomes a decision, a verified fact or a "
         "dropped approach, keeping its id and history. Only the arguments of the new kind "
         "apply.",
         (ENTRY_ID, Param("as", "string", "What the question becomes.", required=True,
                          choices=("decided", "verified", "dropped")),
          Param("text", "string", "New text (default: the question's)."), _OVER, _BECAUSE,
          _SCOPE, _EVIDENCE, _PROPOSED, _BY, Param("why", "string", "dropped: why."),
          Param("paths", "strings", "decided, dropped: globs of the files it governs."), NEXT),
         _resolve),
    Tool("edit", "Edit an entry",
         "Correct an entry's text or fields in place; its history keeps every earlier "
         "state. `over` and `evidence` replace the whole list.",
         (ENTRY_ID, Param("text", "string", "The new text."), _BECAUSE, _SCOPE, _OVER,
          _EVIDENCE, _BY, Param("why", "string", "dropped: the new reason."),
          Param("paths", "strings", "decided, dropped: replace the globs ([] clears "
                "them)."),
          Param("path", "string", "plan: the new path."),
          Param("note", "string", "plan: the new note."),
          Param("ask_user", "boolean", "open: whether only the user can close it."),
          NEXT, PROJECT), _edit),
    Tool("accept", "Accept a decision",
         "Accept a proposed decision (proposed -> accepted); one that supersedes another "
         "replaces it now.", (DECISION_ID, NEXT, PROJECT), _accept),
    Tool("implement", "Mark a decision implemented",
         "Mark an accepted decision implemented at a commit, after committing it; the "
         "commit becomes evidence and is kept reachable.",
         (DECISION_ID, Param("commit", "string", "The implementing commit (default: "
                             "HEAD)."), NEXT, PROJECT), _implement),
    Tool("deploy", "Record a deploy",
         "Record a successful deploy of an implemented decision, with its receipt.",
         (DECISION_ID, _text("env", "The environment (production, staging ...)."),
          _text("sha", "The commit deployed; it must contain the implementing commits."),
          _text("url", "The deploy's log URL."),
          Param("at", "string", "When it succeeded, ISO 8601 with an offset (default: "
                "now)."), NEXT, PROJECT), _deploy),
    Tool("reject", "Reject a decision",
         "Reject a proposed or accepted decision, with the reason (final).",
         (DECISION_ID, _text("why", "Why it was rejected."), NEXT, PROJECT), _reject),
    Tool("evidence", "Add or remove evidence",
         "Add evidence to a decision (git:<rev>, test:<name>, a URL) or take it off; its "
         "status does not change.",
         (DECISION_ID, Param("add", "strings", "Evidence to add."),
          Param("remove", "strings", "Evidence to take off, exactly as recorded."),
          NEXT, PROJECT), _evidence),
    Tool("show", "Show the ledger",
         "Read the ledger (task, next, every entry), or one entry with its history when "
         "`id` is given.",
         (Param("id", "string", "One entry's id or prefix: show it with its history."),
          Param("kind", "string", "Only this section.", choices=KINDS), LEDGER,
          Param("archive", "string", "An archived ledger, read-only: its id or prefix, or "
                "REMOTE/ID."), PROJECT), _show, writes=False),
    Tool("log", "Show the ledger's events",
         "The ledger's event history, newest first.",
         (Param("max_count", "integer", "At most this many events.", minimum=1), LEDGER,
          PROJECT), _log, writes=False),
    Tool("check", "Check the ledger",
         "Validate this worktree's ledger and the project ledger: each finding with its "
         "rule, entry and a one-line fix. Fix the errors before you stop.",
         (LEDGER, PROJECT), _check, writes=False),
    Tool("why", "Why is this code like this?",
         "The ledger entries behind a commit or a file's lines: the decisions that cite or "
         "implement it, with their rejected alternatives. Ask before changing code whose "
         "reason you do not know.",
         (_text("target", "A revision, or PATH, PATH:LINE or PATH:FIRST-LAST."),
          Param("rev", "boolean", "The target is a revision even where a file has that "
                "name."),
          Param("max_commits", "integer", "At most this many blamed commits.", minimum=1)),
         _why, writes=False),
    Tool("search", "Have we decided this before?",
         "Full-text search of every local ledger (session ledgers, the project ledger, "
         "archives, teammates' mirrored ledgers), best first: search before deciding "
         "something that may have been decided, rejected or superseded already.",
         (_text("query", "The words to find; every one must appear, searched literally."),
          Param("kind", "strings", "Only entries of these kinds.", choices=KINDS),
          Param("scope", "strings", "Only decisions of these scopes (or under them)."),
          Param("status", "strings", "Only decisions with these statuses.",
                choices=STATUSES),
          Param("author", "strings", "Only entries brought in by someone whose name or "
                "email holds this."),
          Param("transcripts", "boolean", "Also search the saved transcripts."),
          Param("limit", "integer", "At most this many hits (default 20).", minimum=1)),
         _search, writes=False),
    Tool("drift", "Which decisions' code changed since?",
         "Decisions in force whose footprint lines later commits changed: the files, how "
         "many lines, and the commits with their authors. A question to review: implement "
         "the decision further or acknowledge it with a Ledger-Refs: trailer.",
         (Param("since", "string", "Only changes by commits after this revision."),),
         _drift, writes=False),
    Tool("restore", "Restore the ledger",
         "The restore block: task, next, open questions, decisions, facts and dropped "
         "approaches, restore-first and capped. Read it after a compaction.",
         (Param("budget", "integer", "A cap in characters.", minimum=200),), _restore,
         writes=False),
    Tool("archive", "Archive the ledger",
         "When the task is done: carry the durable entries to the project ledger, archive "
         "the rest as a tag and start a fresh ledger.",
         (Param("carry", "strings", "Carry exactly these entries."),
          Param("carry_all_durable", "boolean", "Carry every decision, fact and dropped "
                "approach."), Param("no_carry", "boolean", "Carry nothing."),
          Param("ledger", "string", "Archive this orphaned session ledger instead."),
          DRY_RUN), _archive),
    Tool("carry", "Carry entries to the project",
         "Move decisions, verified facts or dropped approaches from this worktree's ledger "
         "to the project ledger, where every worktree and teammate sees them.",
         (Param("ids", "strings", "The entries' ids or prefixes.", required=True),), _carry),
    Tool("list", "List the ledgers",
         "Every ledger in the repository, or the archives.",
         (Param("archived", "boolean", "List the archives instead."),), _list,
         writes=False),
    Tool("pull", "Pull teammates' ledgers",
         "Fetch the remote's ledgers and merge them into ours; reports conflicts and new "
         "check findings.", (REMOTE,), _pull),
    Tool("push", "Push the ledgers",
         "Push this worktree's ledger, the project ledger, archives and notes to the "
         "remote, never forced; pulls and retries when the remote moved.",
         (REMOTE, DRY_RUN), _push),
    Tool("review", "Review decisions",
         "The decisions added or changed since the last pull (or `since`), by scope, with "
         "who changed them.",
         (Param("since", "string", "A date (YYYY-MM-DD or ISO 8601) or a commit."),
          REMOTE), _review, writes=False),
)

BY_NAME: dict[str, Tool] = {t.name: t for t in TOOLS}


def tool(name: str) -> Tool:
    try:
        return BY_NAME[name]
    except KeyError:
        raise InvalidInput(f"unknown tool '{name}': use one of {', '.join(BY_NAME)}") from None


__all__ = ["BY_NAME", "PROTOCOL", "TOOLS", "Param", "Tool", "tool", "validate"]
