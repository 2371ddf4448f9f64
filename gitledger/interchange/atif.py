"""ATIF: a Claude Code transcript as an Agent Trajectory Interchange Format document.

ATIF is the Harbor project's RFC 0001 "trajectory format".  This module owns the
conversion from a Claude Code transcript (JSONL, one record a line) to an ATIF
``ATIF-v1.7`` trajectory, and the validation of a trajectory against the RFC's required
fields, types and cross-field rules.  It is pure: bytes in, plain ``dict`` out, no git and
no I/O.

The mapping, in short (``docs/cli.md`` has the full table):

* a ``user`` record with text is a ``user`` step; one whose content is only
  ``tool_result`` blocks is not a step: each result joins the ``observation`` of the agent
  step that made the call, so every ``source_call_id`` names a tool call of its own step;
* the ``assistant`` records of one model response (Claude Code writes a record per content
  block, all with the same ``message.id``) are one ``agent`` step: text blocks make the
  ``message``, ``thinking`` blocks the ``reasoning_content``, ``tool_use`` blocks the
  ``tool_calls``, ``message.usage`` the ``metrics``;
* ``system`` records, meta user records (``isMeta``) and compaction summaries
  (``isCompactSummary``) are ``system`` steps; ``summary`` records (conversation titles)
  go to the root ``extra``; subagent (``isSidechain``) records and record types ATIF has
  no place for (file-history snapshots, queue operations…) are left out and counted.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gitledger.core.parsing import TRANSCRIPT_DEPTH, json_loads
from gitledger.errors import AtifError

#: The version written: the widest the RFC defines (the models accept 1.0 to 1.7).
SCHEMA_VERSION = "ATIF-v1.7"
#: The versions ``validate`` accepts.
SCHEMA_VERSIONS = tuple(f"ATIF-v1.{minor}" for minor in range(8))
#: ``agent.name`` of every trajectory made from a Claude Code transcript.
AGENT_NAME = "claude-code"
#: ``agent.version`` when neither the caller nor the transcript says which one ran.
UNKNOWN_VERSION = "unknown"
#: The ``source`` of a step, as the RFC defines it.
SOURCES = ("system", "user", "agent")

_SYNTHETIC_MODEL = "<synthetic>"
_ROOT_KEYS = frozenset({
    "schema_version", "session_id", "trajectory_id", "agent", "steps", "notes",
    "final_metrics", "continued_trajectory_ref", "extra", "subagent_trajectories",
})
_AGENT_KEYS = frozenset({"name", "version", "model_name", "tool_definitions", "extra"})
_STEP_KEYS = frozenset({
    "step_id", "timestamp", "source", "model_name", "reasoning_effort", "message",
    "reasoning_content", "tool_calls", "observation", "metrics", "is_copied_context",
    "llm_call_count", "extra",
})
_AGENT_ONLY = ("model_name", "reasoning_effort", "reasoning_content", "tool_calls", "metrics")
_TOOL_CALL_KEYS = frozenset({"tool_call_id", "function_name", "arguments", "extra"})
_RESULT_KEYS = frozenset({"source_call_id", "content", "subagent_trajectory_ref", "extra"})
_REF_KEYS = frozenset({"session_id", "trajectory_id", "trajectory_path", "extra"})
_METRIC_INTS = ("prompt_tokens", "completion_tokens", "cached_tokens")
_METRIC_LISTS = ("prompt_token_ids", "completion_token_ids", "logprobs")
_FINAL_INTS = ("total_prompt_tokens", "total_completion_tokens", "total_cached_tokens",
               "total_steps")
_IMAGE_SOURCE_KEYS = frozenset({"media_type", "path"})
_CONTENT_TYPES = ("text", "image")


# --------------------------------------------------------------------------- conversion


def from_claude_transcript(data: bytes, *, session_id: str | None = None,
                           agent_version: str | None = None) -> dict[str, Any]:
    """The ATIF trajectory of the Claude Code transcript ``data`` (JSONL bytes).

    ``session_id`` overrides the transcript's own ``sessionId``; ``agent_version`` its
    ``version`` (the Claude Code release that wrote it).  Raises ``AtifError`` naming the
    line for a line that is not a JSON object or a record of the wrong shape, and for a
    transcript with no message to make a step of (ATIF requires at least one step).
    """
    builder = _Builder()
    for number, record in _records(data):
        builder.add(number, record)
    if not builder.steps:
        raise AtifError("the transcript has no user or assistant message: an ATIF "
                        "trajectory needs at least one step")
    sid = session_id if session_id is not None else builder.session_id
    if not sid:
        raise AtifError("the transcript names no sessionId: give the session id")
    agent: dict[str, Any] = {
        "name": AGENT_NAME,
        "version": agent_version or builder.version or UNKNOWN_VERSION,
    }
    if builder.models:
        agent["model_name"] = max(builder.models, key=builder.models.__getitem__)
    steps = [step.to_json(index) for index, step in enumerate(builder.steps, start=1)]
    document: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "session_id": sid,
        "agent": agent,
        "steps": steps,
        "final_metrics": _final_metrics(steps),
    }
    extra: dict[str, Any] = {"source_format": "claude-code-jsonl"}
    if builder.cwd:
        extra["cwd"] = builder.cwd
    if builder.summaries:
        extra["summaries"] = builder.summaries
    if builder.skipped:
        extra["skipped_records"] = dict(sorted(builder.skipped.items()))
    document["extra"] = extra
    return document


def _records(data: bytes) -> Iterator[tuple[int, dict[str, Any]]]:
    if not data.strip():
        raise AtifError("the transcript is empty")
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise AtifError(f"transcript line {number}: not valid UTF-8 "
                            f"(byte {exc.start})") from None
        try:
            record = json_loads(text, max_depth=TRANSCRIPT_DEPTH)
        except json.JSONDecodeError as exc:
            raise AtifError(f"transcript line {number}: not valid JSON ({exc.msg} at "
                            f"column {exc.colno})") from None
        if not isinstance(record, dict):
            raise AtifError(f"transcript line {number}: not a JSON object")
        yield number, record


@dataclass
class _Step:
    source: str
    timestamp: str | None
    texts: list[str] = field(default_factory=list)
    thoughts: list[str] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    model: str | None = None
    message_id: str | None = None
    usage: dict[str, Any] | None = None
    uuids: list[str] = field(default_factory=list)
    kind: str | None = None

    def to_json(self, step_id: int) -> dict[str, Any]:
        step: dict[str, Any] = {"step_id": step_id}
        if self.timestamp is not None:
            step["timestamp"] = self.timestamp
        step["source"] = self.source
        if self.source == "agent" and self.model:
            step["model_name"] = self.model
        step["message"] = "\n\n".join(self.texts)
        if self.thoughts:
            step["reasoning_content"] = "\n\n".join(self.thoughts)
        if self.calls:
            step["tool_calls"] = self.calls
        if self.results:
            step["observation"] = {"results": self.results}
        metrics = _metrics(self.usage)
        if metrics:
            step["metrics"] = metrics
        extra: dict[str, Any] = {}
        if self.kind:
            extra["claude_code_kind"] = self.kind
        if self.uuids:
            extra["claude_code_uuids"] = self.uuids
        if extra:
            step["extra"] = extra
        return step


class _Builder:
    """Turns records into steps, in transcript order."""

    def __init__(self) -> None:
        self.steps: list[_Step] = []
        self.calls: dict[str, _Step] = {}
        self.session_id: str | None = None
        self.version: str | None = None
        self.cwd: str | None = None
        self.models: dict[str, int] = {}
        self.summaries: list[str] = []
        self.skipped: dict[str, int] = {}

    def add(self, number: int, record: dict[str, Any]) -> None:
        kind = record.get("type")
        if not isinstance(kind, str):
            raise AtifError(f"transcript line {number}: the record has no \"type\"")
        if kind == "summary":
            summary = record.get("summary")
            if isinstance(summary, str) and summary:
                self.summaries.append(summary)
            return
        if kind not in ("user", "assistant", "system"):
            self._skip(kind)
            return
        if record.get("isSidechain") is True:
            self._skip(f"{kind} (sidechain)")
            return
        self._remember(record)
        if kind == "system":
            self._system(number, record)
        elif kind == "user":
            self._user(number, record)
        else:
            self._assistant(number, record)

    def _skip(self, kind: str) -> None:
        self.skipped[kind] = self.skipped.get(kind, 0) + 1

    def _remember(self, record: dict[str, Any]) -> None:
        for key, attr in (("sessionId", "session_id"), ("version", "version"),
                          ("cwd", "cwd")):
            value = record.get(key)
            if isinstance(value, str) and value and getattr(self, attr) is None:
                setattr(self, attr, value)

    def _new(self, source: str, record: dict[str, Any], kind: str | None = None) -> _Step:
        step = _Step(source=source, timestamp=_timestamp(record.get("timestamp")), kind=kind)
        uuid = record.get("uuid")
        if isinstance(uuid, str) and uuid:
            step.uuids.append(uuid)
        self.steps.append(step)
        return step

    def _system(self, number: int, record: dict[str, Any]) -> None:
        content = record.get("content")
        if content is None:
            content = ""
        if not isinstance(content, str):
            raise AtifError(f"transcript line {number}: a system record's \"content\" "
                            "must be a string")
        subtype = record.get("subtype")
        step = self._new("system", record,
                         f"system:{subtype}" if isinstance(subtype, str) else "system")
        step.texts.append(content)

    def _user(self, number: int, record: dict[str, Any]) -> None:
        content = _message_content(number, record)
        texts: list[str] = []
        if isinstance(content, str):
            texts.append(content)
        else:
            for index, block in enumerate(content):
                where = f"transcript line {number}: content[{index}]"
                btype = block.get("type")
                if btype == "tool_result":
                    self._tool_result(where, block, record)
                elif btype == "text":
                    texts.append(_string(block, "text", where))
                elif btype in ("image", "document"):
                    texts.append(_placeholder(block))
        if not texts:
            return
        if record.get("isCompactSummary") is True:
            step = self._new("system", record, "compact-summary")
        elif record.get("isMeta") is True:
            step = self._new("system", record, "meta")
        else:
            step = self._new("user", record)
        step.texts.extend(texts)

    def _tool_result(self, where: str, block: dict[str, Any], record: dict[str, Any]) -> None:
        call_id = _string(block, "tool_use_id", where)
        result: dict[str, Any] = {"source_call_id": call_id,
                                  "content": _result_text(block.get("content"), where)}
        extra: dict[str, Any] = {}
        if block.get("is_error") is True:
            extra["is_error"] = True
        owner = self.calls.get(call_id)
        if owner is None:
            # No call of that id in the transcript (it was cut, or compacted away): the
            # result stays, as a system observation that names no call of its own.
            del result["source_call_id"]
            extra["tool_use_id"] = call_id
            owner = self._new("system", record, "orphan-tool-result")
        if extra:
            result["extra"] = extra
        owner.results.append(result)

    def _assistant(self, number: int, record: dict[str, Any]) -> None:
        message = record.get("message")
        if not isinstance(message, dict):
            raise AtifError(f"transcript line {number}: an assistant record needs a "
                            "\"message\" object")
        content = _message_content(number, record)
        message_id = message.get("id") if isinstance(message.get("id"), str) else None
        last = self.steps[-1] if self.steps else None
        if (last is not None and last.source == "agent" and message_id is not None
                and last.message_id == message_id):
            step = last
            uuid = record.get("uuid")
            if isinstance(uuid, str) and uuid:
                step.uuids.append(uuid)
        else:
            step = self._new("agent", record)
            step.message_id = message_id
        model = message.get("model")
        if isinstance(model, str) and model and model != _SYNTHETIC_MODEL:
            if step.model is None:
                self.models[model] = self.models.get(model, 0) + 1
            step.model = model
        usage = message.get("usage")
        if isinstance(usage, dict):
            step.usage = usage  # the last record of a response carries the final counts
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        for index, block in enumerate(blocks):
            where = f"transcript line {number}: content[{index}]"
            btype = block.get("type")
            if btype == "text":
                step.texts.append(_string(block, "text", where))
            elif btype == "thinking":
                step.thoughts.append(_string(block, "thinking", where))
            elif btype == "tool_use":
                self._tool_use(step, block, where)

    def _tool_use(self, step: _Step, block: dict[str, Any], where: str) -> None:
        call_id = _string(block, "id", where)
        name = _string(block, "name", where)
        arguments = block.get("input", {})
        if not isinstance(arguments, dict):
            arguments = {"input": arguments}
        if self.calls.get(call_id) is step:
            return  # the same block written twice: one call
        step.calls.append({"tool_call_id": call_id, "function_name": name,
                           "arguments": arguments})
        self.calls[call_id] = step


def _message_content(number: int, record: dict[str, Any]) -> str | list[dict[str, Any]]:
    message = record.get("message")
    if not isinstance(message, dict):
        raise AtifError(f"transcript line {number}: a {record.get('type')} record needs a "
                        "\"message\" object")
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(block, dict) for block in content):
        return content
    raise AtifError(f"transcript line {number}: \"message.content\" must be a string or a "
                    "list of blocks")


def _string(block: dict[str, Any], key: str, where: str) -> str:
    value = block.get(key)
    if not isinstance(value, str):
        raise AtifError(f"{where}: a {block.get('type')} block needs a string \"{key}\"")
    return value


def _placeholder(block: dict[str, Any]) -> str:
    source = block.get("source")
    media = source.get("media_type") if isinstance(source, dict) else None
    kind = block.get("type")
    return f"[{kind}: {media}]" if isinstance(media, str) else f"[{kind}]"


def _result_text(content: Any, where: str) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts: list[str] = []
        for block in content:
            if isinstance(block, dict) and block.get("type") == "text":
                parts.append(_string(block, "text", where))
            elif isinstance(block, dict):
                parts.append(_placeholder(block))
            elif isinstance(block, str):
                parts.append(block)
        return "\n\n".join(parts)
    raise AtifError(f"{where}: a tool_result's \"content\" must be a string or a list")


def _timestamp(value: Any) -> str | None:
    if isinstance(value, str) and _is_iso(value):
        return value
    return None


def _is_iso(value: str) -> bool:
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def _count(usage: dict[str, Any], key: str) -> int:
    value = usage.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _metrics(usage: dict[str, Any] | None) -> dict[str, Any]:
    """ATIF step metrics from Anthropic usage: prompt_tokens counts every input token."""
    if not usage:
        return {}
    fresh = _count(usage, "input_tokens")
    read = _count(usage, "cache_read_input_tokens")
    created = _count(usage, "cache_creation_input_tokens")
    metrics: dict[str, Any] = {
        "prompt_tokens": fresh + read + created,
        "completion_tokens": _count(usage, "output_tokens"),
        "cached_tokens": read,
    }
    if created:
        metrics["extra"] = {"cache_creation_input_tokens": created}
    return metrics


def _final_metrics(steps: list[dict[str, Any]]) -> dict[str, Any]:
    totals = {"total_prompt_tokens": 0, "total_completion_tokens": 0, "total_cached_tokens": 0}
    for step in steps:
        metrics = step.get("metrics", {})
        totals["total_prompt_tokens"] += metrics.get("prompt_tokens", 0)
        totals["total_completion_tokens"] += metrics.get("completion_tokens", 0)
        totals["total_cached_tokens"] += metrics.get("cached_tokens", 0)
    return {**totals, "total_steps": len(steps)}


# --------------------------------------------------------------------------- validation


def validate(doc: dict[str, Any]) -> list[str]:
    """Every way ``doc`` breaks the ATIF RFC, one line each; empty when it is valid.

    Checks what the RFC requires (fields, types, ``source``, ``step_id`` sequential from
    1, agent-only fields on agent steps only, ISO 8601 timestamps, each observation's
    ``source_call_id`` a ``tool_call_id`` of the same step, no field the schema does not
    define) and that the document serialises as JSON.
    """
    problems: list[str] = []
    if not isinstance(doc, dict):
        return ["the trajectory is not a JSON object"]
    _unknown(doc, _ROOT_KEYS, "", problems)
    version = doc.get("schema_version")
    if version is None:
        problems.append("schema_version: required")
    elif version not in SCHEMA_VERSIONS:
        problems.append(f"schema_version: {version!r} is not one of ATIF-v1.0 to ATIF-v1.7")
    for key in ("session_id", "trajectory_id", "notes", "continued_trajectory_ref"):
        _optional(doc, key, str, key, problems)
    _optional(doc, "extra", dict, "extra", problems)
    _check_agent(doc.get("agent"), problems)
    steps = doc.get("steps")
    if steps is None:
        problems.append("steps: required")
    elif not isinstance(steps, list):
        problems.append("steps: must be an array")
    elif not steps:
        problems.append("steps: must hold at least one step")
    else:
        for index, step in enumerate(steps):
            _check_step(index, step, problems)
    final = doc.get("final_metrics")
    if final is not None:
        _check_final(final, problems)
    subagents = doc.get("subagent_trajectories")
    if subagents is not None:
        _check_subagents(subagents, problems)
    try:
        json.dumps(doc, allow_nan=False)
    except (TypeError, ValueError) as exc:
        problems.append(f"the trajectory does not serialise as JSON ({exc})")
    return problems


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _unknown(obj: dict[str, Any], allowed: frozenset[str], path: str,
             problems: list[str]) -> None:
    for key in sorted(set(obj) - allowed):
        where = f"{path}.{key}" if path else key
        problems.append(f"{where}: not a field of the ATIF schema (custom data goes in "
                        "\"extra\")")


def _optional(obj: dict[str, Any], key: str, kind: type, path: str,
              problems: list[str]) -> None:
    value = obj.get(key)
    if value is not None and not isinstance(value, kind):
        problems.append(f"{path}: must be {_NAMES[kind]}")


_NAMES: dict[type, str] = {str: "a string", dict: "an object", list: "an array",
                           bool: "true or false"}


def _check_agent(agent: Any, problems: list[str]) -> None:
    if agent is None:
        problems.append("agent: required")
        return
    if not isinstance(agent, dict):
        problems.append("agent: must be an object")
        return
    _unknown(agent, _AGENT_KEYS, "agent", problems)
    for key in ("name", "version"):
        if key not in agent:
            problems.append(f"agent.{key}: required")
        elif not isinstance(agent[key], str):
            problems.append(f"agent.{key}: must be a string")
    _optional(agent, "model_name", str, "agent.model_name", problems)
    _optional(agent, "tool_definitions", list, "agent.tool_definitions", problems)
    _optional(agent, "extra", dict, "agent.extra", problems)


def _check_step(index: int, step: Any, problems: list[str]) -> None:
    path = f"steps[{index}]"
    if not isinstance(step, dict):
        problems.append(f"{path}: must be an object")
        return
    _unknown(step, _STEP_KEYS, path, problems)
    step_id = step.get("step_id")
    if step_id is None:
        problems.append(f"{path}.step_id: required")
    elif not _is_int(step_id):
        problems.append(f"{path}.step_id: must be an integer")
    elif step_id != index + 1:
        problems.append(f"{path}.step_id: expected {index + 1} (sequential from 1), "
                        f"got {step_id}")
    source = step.get("source")
    if source is None:
        problems.append(f"{path}.source: required")
    elif source not in SOURCES:
        problems.append(f"{path}.source: {source!r} is not one of system, user, agent")
    if "message" not in step:
        problems.append(f"{path}.message: required (it may be an empty string)")
    else:
        _check_content(step["message"], f"{path}.message", problems, allow_none=False)
    timestamp = step.get("timestamp")
    if timestamp is not None and not (isinstance(timestamp, str) and _is_iso(timestamp)):
        problems.append(f"{path}.timestamp: {timestamp!r} is not an ISO 8601 timestamp")
    if source in SOURCES and source != "agent":
        problems.extend(f"{path}.{key}: only an agent step may have it (source is "
                        f"{source!r})" for key in _AGENT_ONLY if step.get(key) is not None)
    _optional(step, "model_name", str, f"{path}.model_name", problems)
    _optional(step, "reasoning_content", str, f"{path}.reasoning_content", problems)
    effort = step.get("reasoning_effort")
    if effort is not None and not (isinstance(effort, str) or _is_number(effort)):
        problems.append(f"{path}.reasoning_effort: must be a string or a number")
    _optional(step, "is_copied_context", bool, f"{path}.is_copied_context", problems)
    _optional(step, "extra", dict, f"{path}.extra", problems)
    calls = _check_calls(step.get("tool_calls"), path, problems)
    if step.get("observation") is not None:
        _check_observation(step["observation"], calls, step_id, path, problems)
    if step.get("metrics") is not None:
        _check_metrics(step["metrics"], f"{path}.metrics", problems)
    count = step.get("llm_call_count")
    if count is not None:
        if not _is_int(count) or count < 0:
            problems.append(f"{path}.llm_call_count: must be an integer of 0 or more")
        elif count == 0 and source == "agent":
            problems.extend(f"{path}.{key}: must be absent when llm_call_count is 0"
                            for key in ("metrics", "reasoning_content")
                            if step.get(key) is not None)


def _check_calls(calls: Any, path: str, problems: list[str]) -> set[str]:
    ids: set[str] = set()
    if calls is None:
        return ids
    if not isinstance(calls, list):
        problems.append(f"{path}.tool_calls: must be an array")
        return ids
    for where, call in _objects(calls, f"{path}.tool_calls", problems):
        _unknown(call, _TOOL_CALL_KEYS, where, problems)
        call_id = call.get("tool_call_id")
        if not isinstance(call_id, str):
            problems.append(f"{where}.tool_call_id: required, a string")
        elif call_id in ids:
            problems.append(f"{where}.tool_call_id: {call_id!r} appears twice in the step")
        else:
            ids.add(call_id)
        if not isinstance(call.get("function_name"), str):
            problems.append(f"{where}.function_name: required, a string")
        if not isinstance(call.get("arguments"), dict):
            problems.append(f"{where}.arguments: required, an object (it may be empty)")
        _optional(call, "extra", dict, f"{where}.extra", problems)
    return ids


def _check_observation(observation: Any, calls: set[str], step_id: Any, path: str,
                       problems: list[str]) -> None:
    where = f"{path}.observation"
    if not isinstance(observation, dict):
        problems.append(f"{where}: must be an object")
        return
    _unknown(observation, frozenset({"results"}), where, problems)
    results = observation.get("results")
    if not isinstance(results, list):
        problems.append(f"{where}.results: required, an array")
        return
    for at, result in _objects(results, f"{where}.results", problems):
        _unknown(result, _RESULT_KEYS, at, problems)
        call_id = result.get("source_call_id")
        if call_id is not None:
            if not isinstance(call_id, str):
                problems.append(f"{at}.source_call_id: must be a string")
            elif call_id not in calls:
                problems.append(f"{at}.source_call_id: {call_id!r} is not a tool_call_id "
                                f"of step {step_id}")
        if result.get("content") is not None:
            _check_content(result["content"], f"{at}.content", problems, allow_none=True)
        _optional(result, "extra", dict, f"{at}.extra", problems)
        refs = result.get("subagent_trajectory_ref")
        if refs is not None:
            _check_refs(refs, f"{at}.subagent_trajectory_ref", problems)


def _objects(items: list[Any], path: str, problems: list[str]
             ) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each item of an array that must hold objects, with its path; the others are
    problems."""
    for index, item in enumerate(items):
        at = f"{path}[{index}]"
        if isinstance(item, dict):
            yield at, item
        else:
            problems.append(f"{at}: must be an object")


def _check_refs(refs: Any, path: str, problems: list[str]) -> None:
    if not isinstance(refs, list):
        problems.append(f"{path}: must be an array")
        return
    for at, ref in _objects(refs, path, problems):
        _unknown(ref, _REF_KEYS, at, problems)
        for key in ("session_id", "trajectory_id", "trajectory_path"):
            _optional(ref, key, str, f"{at}.{key}", problems)
        _optional(ref, "extra", dict, f"{at}.extra", problems)


def _check_content(content: Any, path: str, problems: list[str], *, allow_none: bool) -> None:
    if isinstance(content, str) or (allow_none and content is None):
        return
    if not isinstance(content, list):
        problems.append(f"{path}: must be a string or an array of content parts")
        return
    for index, part in enumerate(content):
        at = f"{path}[{index}]"
        if not isinstance(part, dict) or part.get("type") not in _CONTENT_TYPES:
            problems.append(f"{at}: a content part is an object of type text or image")
            continue
        if part["type"] == "text" and not isinstance(part.get("text"), str):
            problems.append(f"{at}.text: a text part needs a string \"text\"")
        if part["type"] == "image":
            source = part.get("source")
            if not (isinstance(source, dict) and set(source) <= _IMAGE_SOURCE_KEYS
                    and all(isinstance(source.get(k), str) for k in _IMAGE_SOURCE_KEYS)):
                problems.append(f"{at}.source: an image part needs a source with "
                                "media_type and path")


def _check_metrics(metrics: Any, path: str, problems: list[str]) -> None:
    if not isinstance(metrics, dict):
        problems.append(f"{path}: must be an object")
        return
    allowed = frozenset({*_METRIC_INTS, *_METRIC_LISTS, "cost_usd", "extra"})
    _unknown(metrics, allowed, path, problems)
    problems.extend(f"{path}.{key}: must be an integer" for key in _METRIC_INTS
                    if metrics.get(key) is not None and not _is_int(metrics[key]))
    cost = metrics.get("cost_usd")
    if cost is not None and not _is_number(cost):
        problems.append(f"{path}.cost_usd: must be a number")
    for key in _METRIC_LISTS:
        _optional(metrics, key, list, f"{path}.{key}", problems)
    _optional(metrics, "extra", dict, f"{path}.extra", problems)


def _check_final(final: Any, problems: list[str]) -> None:
    if not isinstance(final, dict):
        problems.append("final_metrics: must be an object")
        return
    _unknown(final, frozenset({*_FINAL_INTS, "total_cost_usd", "extra"}), "final_metrics",
             problems)
    problems.extend(f"final_metrics.{key}: must be an integer" for key in _FINAL_INTS
                    if final.get(key) is not None and not _is_int(final[key]))
    cost = final.get("total_cost_usd")
    if cost is not None and not _is_number(cost):
        problems.append("final_metrics.total_cost_usd: must be a number")
    _optional(final, "extra", dict, "final_metrics.extra", problems)


def _check_subagents(subagents: Any, problems: list[str]) -> None:
    if not isinstance(subagents, list):
        problems.append("subagent_trajectories: must be an array")
        return
    seen: set[str] = set()
    for at, sub in _objects(subagents, "subagent_trajectories", problems):
        trajectory_id = sub.get("trajectory_id")
        if not isinstance(trajectory_id, str):
            problems.append(f"{at}.trajectory_id: required on an embedded trajectory")
        elif trajectory_id in seen:
            problems.append(f"{at}.trajectory_id: {trajectory_id!r} is not unique")
        else:
            seen.add(trajectory_id)
        problems.extend(f"{at}.{problem}" for problem in validate(sub))


def to_json(doc: dict[str, Any]) -> str:
    """The trajectory as the text of a ``trajectory.json`` file (UTF-8, ends with \\n)."""
    return json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
