"""Claude Code's transcript (JSONL, one record a line) read as an ATIF trajectory.

The records of one model response become one ``agent`` step, and tool results join the
observation of the step that made the call; records ATIF has no place for are left out
and counted.  ``docs/cli.md`` has the full mapping.
"""

from __future__ import annotations

from typing import Any

from gitledger.errors import AtifError
from gitledger.interchange.atif import (
    SCHEMA_VERSION,
    UNKNOWN_VERSION,
    Reading,
    StepDraft,
    count,
    final_metrics,
    most_used,
    read_lines,
    timestamp_of,
)

#: ``agent.name`` of every trajectory made from a Claude Code transcript.
AGENT_NAME = "claude-code"
#: Root ``extra.source_format``.
SOURCE_FORMAT = "claude-code-jsonl"

_SYNTHETIC_MODEL = "<synthetic>"


def from_claude_transcript(data: bytes, *, session_id: str | None = None,
                           agent_version: str | None = None) -> Reading:
    """The ATIF trajectory of the Claude Code transcript ``data`` (JSONL bytes).

    ``session_id`` overrides the transcript's own ``sessionId``; ``agent_version`` its
    ``version`` (the Claude Code release that wrote it).  A line that is not a JSON object,
    or a record of the wrong shape, is left out and named in ``Reading.unreadable``; a
    transcript with no message to make a step of is an ``AtifError`` (ATIF requires at
    least one step).
    """
    builder = _Builder()
    unreadable = read_lines(data, builder.add)
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
    model = most_used(builder.models)
    if model:
        agent["model_name"] = model
    steps = [step.to_json(index) for index, step in enumerate(builder.steps, start=1)]
    document: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "session_id": sid,
        "agent": agent,
        "steps": steps,
        "final_metrics": final_metrics(steps),
    }
    extra: dict[str, Any] = {"source_format": SOURCE_FORMAT}
    if builder.cwd:
        extra["cwd"] = builder.cwd
    if builder.summaries:
        extra["summaries"] = builder.summaries
    if builder.skipped:
        extra["skipped_records"] = dict(sorted(builder.skipped.items()))
    document["extra"] = extra
    return Reading(document, "claude", tuple(unreadable))


class _Builder:
    """Turns records into steps, in transcript order."""

    def __init__(self) -> None:
        self.steps: list[StepDraft] = []
        self.calls: dict[str, StepDraft] = {}
        #: The ``message.id`` of the last step, when it is a response still being written.
        self.response: str | None = None
        self.session_id: str | None = None
        self.version: str | None = None
        self.cwd: str | None = None
        self.models: dict[str, int] = {}
        self.summaries: list[str] = []
        self.skipped: dict[str, int] = {}

    def add(self, number: int, record: dict[str, Any]) -> None:
        kind = record.get("type")
        if not isinstance(kind, str):
            raise AtifError(f"line {number}: the record has no \"type\"")
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

    def _new(self, source: str, record: dict[str, Any], kind: str | None = None) -> StepDraft:
        step = StepDraft(source, timestamp_of(record.get("timestamp")),
                         extra={"claude_code_kind": kind} if kind else {})
        _keep_uuid(step, record)
        self.steps.append(step)
        self.response = None
        return step

    def _system(self, number: int, record: dict[str, Any]) -> None:
        content = record.get("content")
        if content is None:
            content = ""
        if not isinstance(content, str):
            raise AtifError(f"line {number}: a system record's \"content\" "
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
                where = f"line {number}: content[{index}]"
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
            raise AtifError(f"line {number}: an assistant record needs a "
                            "\"message\" object")
        content = _message_content(number, record)
        message_id = message.get("id") if isinstance(message.get("id"), str) else None
        if message_id is not None and self.response == message_id:
            step = self.steps[-1]
            _keep_uuid(step, record)
        else:
            step = self._new("agent", record)
            self.response = message_id
        model = message.get("model")
        if isinstance(model, str) and model and model != _SYNTHETIC_MODEL:
            if step.model is None:
                self.models[model] = self.models.get(model, 0) + 1
            step.model = model
        usage = message.get("usage")
        if isinstance(usage, dict):
            step.metrics = _metrics(usage)  # a response's last record has the final counts
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        for index, block in enumerate(blocks):
            where = f"line {number}: content[{index}]"
            btype = block.get("type")
            if btype == "text":
                step.texts.append(_string(block, "text", where))
            elif btype == "thinking":
                step.thoughts.append(_string(block, "thinking", where))
            elif btype == "tool_use":
                self._tool_use(step, block, where)

    def _tool_use(self, step: StepDraft, block: dict[str, Any], where: str) -> None:
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


def _keep_uuid(step: StepDraft, record: dict[str, Any]) -> None:
    uuid = record.get("uuid")
    if isinstance(uuid, str) and uuid:
        step.extra.setdefault("claude_code_uuids", []).append(uuid)


def _message_content(number: int, record: dict[str, Any]) -> str | list[dict[str, Any]]:
    message = record.get("message")
    if not isinstance(message, dict):
        raise AtifError(f"line {number}: a {record.get('type')} record needs a "
                        "\"message\" object")
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(block, dict) for block in content):
        return content
    raise AtifError(f"line {number}: \"message.content\" must be a string or a "
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


def _metrics(usage: dict[str, Any]) -> dict[str, Any]:
    """ATIF step metrics from Anthropic usage: prompt_tokens counts every input token."""
    fresh = count(usage, "input_tokens")
    read = count(usage, "cache_read_input_tokens")
    created = count(usage, "cache_creation_input_tokens")
    metrics: dict[str, Any] = {
        "prompt_tokens": fresh + read + created,
        "completion_tokens": count(usage, "output_tokens"),
        "cached_tokens": read,
    }
    if created:
        metrics["extra"] = {"cache_creation_input_tokens": created}
    return metrics
