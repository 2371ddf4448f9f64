"""Codex CLI's transcript (a rollout: JSONL, one ``{timestamp, type, payload}`` a line) read
as an ATIF trajectory.  One model response's items become one ``agent`` step, call outputs
join its observation, and ``event_msg`` records (copies for a live display) are left out
and counted.  ``docs/cli.md`` has the full mapping.
"""

from __future__ import annotations

import json
from typing import Any

from gitledger.core.parsing import transcript_json_loads
from gitledger.errors import AtifError
from gitledger.interchange.atif import (
    UNKNOWN_VERSION,
    Reading,
    StepDraft,
    count,
    document,
    most_used,
    orphan_result,
    read_lines,
    timestamp_of,
)

AGENT_NAME = "codex"
SOURCE_FORMAT = "codex-rollout-jsonl"
#: The tags Codex wraps what it adds to a user message in: context, not the user's words.
HARNESS_TAGS = ("<environment_context>", "<user_instructions>", "<turn_aborted>",
                "<user_shell_command>", "<subagent_notification>")
_CALLS = ("function_call", "custom_tool_call", "local_shell_call")
_OUTPUTS = ("function_call_output", "custom_tool_call_output")


def from_codex_transcript(data: bytes, *, session_id: str | None = None) -> Reading:
    """The ATIF trajectory of the Codex rollout ``data``; lines that do not parse are left
    out and named in ``Reading.unreadable``."""
    reader = _Reader()
    unreadable = read_lines(data, reader.add)
    sid = session_id or reader.session_id
    if not sid:
        raise AtifError("the transcript names no session id: give the session id")
    agent: dict[str, Any] = {"name": AGENT_NAME, "version": reader.version or UNKNOWN_VERSION}
    model = most_used(reader.models)
    if model:
        agent["model_name"] = model
    extra: dict[str, Any] = {"source_format": SOURCE_FORMAT, **reader.meta}
    if reader.skipped:
        extra["skipped_records"] = dict(sorted(reader.skipped.items()))
    return Reading(document(sid, agent, reader.steps, extra), "codex", tuple(unreadable))


class _Reader:
    def __init__(self) -> None:
        self.steps: list[StepDraft] = []
        self.open: StepDraft | None = None
        self.owners: dict[str, StepDraft] = {}
        self.session_id: str | None = None
        self.version: str | None = None
        self.model: str | None = None
        self.effort: str | None = None
        self.models: dict[str, int] = {}
        self.meta: dict[str, Any] = {}
        self.skipped: dict[str, int] = {}

    def add(self, number: int, record: dict[str, Any]) -> None:
        kind, payload = record.get("type"), record.get("payload")
        if not isinstance(kind, str) or not isinstance(payload, dict):
            raise AtifError(f"line {number}: a rollout record needs a \"type\" and a "
                            "\"payload\" object")
        when = timestamp_of(record.get("timestamp"))
        if kind == "session_meta":
            self._session(payload)
        elif kind == "turn_context":
            self._context(payload)
        elif kind == "response_item":
            self._item(number, payload, when)
        elif kind == "token_usage_record":
            self._usage(payload.get("usage"))
        elif kind == "event_msg" and payload.get("type") == "token_count":
            info = payload.get("info")
            self._usage(info.get("last_token_usage") if isinstance(info, dict) else None)
        elif kind == "compacted":
            self._close()
            message = payload.get("message")
            self.steps.append(StepDraft("system", when,
                                        [message if isinstance(message, str) else ""],
                                        extra={"codex_kind": "compacted"}))
        else:
            sub = payload.get("type")
            self._skip(f"{kind}:{sub}" if isinstance(sub, str) else kind)

    def _skip(self, kind: str) -> None:
        self.skipped[kind] = self.skipped.get(kind, 0) + 1

    def _session(self, payload: dict[str, Any]) -> None:
        for key, attr in (("id", "session_id"), ("session_id", "session_id"),
                          ("cli_version", "version")):
            value = payload.get(key)
            if isinstance(value, str) and value and getattr(self, attr) is None:
                setattr(self, attr, value)
        for key in ("cwd", "originator", "model_provider"):
            value = payload.get(key)
            if isinstance(value, str) and value:
                self.meta.setdefault(key, value)

    def _context(self, payload: dict[str, Any]) -> None:
        model = payload.get("model")
        if isinstance(model, str) and model:
            self.model = model
        effort = payload.get("effort")
        mode = payload.get("collaboration_mode")
        if effort is None and isinstance(mode, dict) and isinstance(mode.get("settings"), dict):
            effort = mode["settings"].get("reasoning_effort")
        self.effort = effort if isinstance(effort, str) and effort else None

    def _item(self, number: int, item: dict[str, Any], when: str | None) -> None:
        kind = item.get("type")
        if kind == "message":
            self._message(number, item, when)
        elif kind == "reasoning":
            self._agent(when).thoughts.extend(_texts(item.get("summary"))
                                              + _texts(item.get("content")))
        elif kind in _CALLS:
            self._call(number, item, when)
        elif kind in _OUTPUTS:
            self._output(number, item, when)
        else:
            self._skip(f"response_item:{kind}" if isinstance(kind, str) else "response_item")

    def _message(self, number: int, item: dict[str, Any], when: str | None) -> None:
        role = item.get("role")
        text = "\n\n".join(_texts(item.get("content")))
        if role == "assistant":
            self._agent(when).texts.append(text)
            return
        self._close()
        if role == "user" and not _from_harness(item, text):
            self.steps.append(StepDraft("user", when, [text]))
        elif role in ("user", "developer", "system"):
            self.steps.append(StepDraft("system", when, [text],
                                        extra={"codex_kind": f"{role}-context"}))
        else:
            raise AtifError(f"line {number}: a message needs a role of user, developer, "
                            "system or assistant")

    def _agent(self, when: str | None) -> StepDraft:
        if self.open is None:
            self.open = StepDraft("agent", when, model=self.model, effort=self.effort)
            self.steps.append(self.open)
            if self.model:
                self.models[self.model] = self.models.get(self.model, 0) + 1
        return self.open

    def _close(self) -> None:
        self.open = None

    def _call(self, number: int, item: dict[str, Any], when: str | None) -> None:
        call_id = item.get("call_id") or item.get("id")
        if not isinstance(call_id, str) or not call_id:
            raise AtifError(f"line {number}: a {item.get('type')} needs a \"call_id\"")
        kind = item["type"]
        name: Any
        if kind == "local_shell_call":
            name, arguments = "local_shell", item.get("action")
        else:
            name = item.get("name")
            raw = item.get("arguments") if kind == "function_call" else item.get("input")
            arguments = _arguments(raw) if kind == "function_call" else {"input": raw}
        if not isinstance(name, str) or not name:
            raise AtifError(f"line {number}: a {kind} needs a \"name\"")
        step = self._agent(when)
        if call_id in self.owners:
            return  # the same call written twice
        step.calls.append({"tool_call_id": call_id, "function_name": name,
                           "arguments": arguments if isinstance(arguments, dict)
                           else {"input": arguments}})
        self.owners[call_id] = step

    def _output(self, number: int, item: dict[str, Any], when: str | None) -> None:
        self._close()
        call_id = item.get("call_id")
        if not isinstance(call_id, str) or not call_id:
            raise AtifError(f"line {number}: a {item.get('type')} needs a \"call_id\"")
        content = _output_text(item.get("output"))
        owner = self.owners.get(call_id)
        if owner is None:
            self.steps.append(orphan_result(call_id, content, when, "codex_kind",
                                            "orphan-tool-output"))
            return
        owner.results.append({"source_call_id": call_id, "content": content})

    def _usage(self, usage: Any) -> None:
        step = self.open or next((s for s in reversed(self.steps) if s.source == "agent"),
                                 None)
        self._close()
        if step is None or step.metrics or not isinstance(usage, dict):
            return
        metrics: dict[str, Any] = {"prompt_tokens": count(usage, "input_tokens"),
                                   "completion_tokens": count(usage, "output_tokens"),
                                   "cached_tokens": count(usage, "cached_input_tokens")}
        reasoning = count(usage, "reasoning_output_tokens")
        if reasoning:
            metrics["extra"] = {"reasoning_output_tokens": reasoning}
        step.metrics = metrics


def _texts(parts: Any) -> list[str]:
    """The texts of a content (or reasoning summary) list; an image is a placeholder."""
    if isinstance(parts, str):
        return [parts]
    texts: list[str] = []
    for part in parts if isinstance(parts, list) else ():
        if not isinstance(part, dict):
            continue
        if isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif isinstance(part.get("type"), str) and "image" in part["type"]:
            texts.append("[image]")
    return texts


def _from_harness(item: dict[str, Any], text: str) -> bool:
    """Whether Codex, not the user, wrote this user-role message."""
    meta = item.get("internal_chat_message_metadata_passthrough")
    kinds = meta.get("content_item_metadata") if isinstance(meta, dict) else None
    if isinstance(kinds, list) and kinds:
        provenances = [k.get("provenance", {}).get("type") for k in kinds
                       if isinstance(k, dict) and isinstance(k.get("provenance"), dict)]
        if provenances:
            return "user" not in provenances
    return text.lstrip().startswith(HARNESS_TAGS)


def _arguments(raw: Any) -> dict[str, Any]:
    """A function call's arguments: Codex writes them as a JSON string, which is read as
    the transcript's lines are (bounded in depth, strict about numbers); one that cannot
    be read is kept as the string it is."""
    if isinstance(raw, dict):
        return raw
    if isinstance(raw, str):
        try:
            parsed = transcript_json_loads(raw)
        except (json.JSONDecodeError, RecursionError):
            return {"input": raw}
        return parsed if isinstance(parsed, dict) else {"input": parsed}
    return {} if raw is None else {"input": raw}


def _output_text(output: Any) -> str:
    if isinstance(output, str):
        return output
    if isinstance(output, dict):
        content = output.get("content")
        if isinstance(content, str):
            return content
        return "\n\n".join(_texts(content)) if isinstance(content, list) else json.dumps(output)
    if isinstance(output, list):
        return "\n\n".join(_texts(output))
    return "" if output is None else json.dumps(output)
