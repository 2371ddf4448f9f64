"""ATIF: the Agent Trajectory Interchange Format, the schema every transcript is read into.

What the per-agent readers (``claude_transcript`` and its siblings; ``dialects`` picks one)
share: the versions written and read, the ``Reading`` they return, JSON-line reading, the
metrics and validation against the RFC.  Pure: bytes in, ``dict`` out, no git, no I/O.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from gitledger.core.parsing import BadNumber, transcript_json_loads
from gitledger.errors import AtifError

#: The version written: the widest the RFC defines.
SCHEMA_VERSION = "ATIF-v1.8"
#: The latest time, in milliseconds since the epoch, a transcript may name (the year 9999).
_MS_LIMIT = 253_402_300_799_000
#: The versions read and validated.
SCHEMA_VERSIONS = tuple(f"ATIF-v1.{minor}" for minor in range(9))
#: ``agent.version`` when neither the caller nor the transcript says which one ran.
UNKNOWN_VERSION = "unknown"
#: The ``source`` of a step, as the RFC defines it.
SOURCES = ("system", "user", "agent")
#: Content-part types, and the version that added the last one (audio, in v1.8).
CONTENT_TYPES = ("text", "image", "audio")
AUDIO_SINCE = "ATIF-v1.8"
#: How many unreadable lines a warning names before it only counts the rest.
NAMED_PROBLEMS = 3

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
_MEDIA_SOURCE_KEYS = frozenset({"media_type", "path"})
_AUDIO_SOURCE_KEYS = frozenset({"media_type", "path", "duration_sec"})


@dataclass(frozen=True)
class Reading:
    """A transcript read as an ATIF trajectory."""

    trajectory: dict[str, Any]
    #: The dialect it was read as (``dialects.DIALECTS``): claude, codex, gemini, pi, droid,
    #: copilot, cline or atif.
    dialect: str
    #: The lines left out because they did not parse, each ``line N: why``.
    unreadable: tuple[str, ...] = ()

    def warning(self) -> str | None:
        """One line naming the unreadable lines (the first few, then a count), or None."""
        if not self.unreadable:
            return None
        named = "; ".join(self.unreadable[:NAMED_PROBLEMS])
        more = len(self.unreadable) - NAMED_PROBLEMS
        return (f"{len(self.unreadable)} transcript line"
                f"{'s' if len(self.unreadable) != 1 else ''} could not be read and "
                f"{'were' if len(self.unreadable) != 1 else 'was'} left out: {named}"
                + (f" (and {more} more)" if more > 0 else ""))


# --------------------------------------------------------------------------- reading


def json_lines(data: bytes) -> tuple[list[tuple[int, dict[str, Any]]], list[str]]:
    """The JSON-object lines of ``data`` with their numbers, and a problem for each line
    that is not one (``line 4: not valid JSON (…)``): a transcript is read as far as it
    parses.  An empty transcript is an error."""
    if not data.strip():
        raise AtifError("the transcript is empty")
    records: list[tuple[int, dict[str, Any]]] = []
    problems: list[str] = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            problems.append(f"line {number}: not valid UTF-8 (byte {exc.start})")
            continue
        try:
            record = transcript_json_loads(text)
        except BadNumber as exc:
            problems.append(f"line {number}: not valid JSON ({exc.msg})")
            continue
        except json.JSONDecodeError as exc:
            problems.append(f"line {number}: not valid JSON ({exc.msg} at column "
                            f"{exc.colno})")
            continue
        except RecursionError:
            problems.append(f"line {number}: nested too deeply")
            continue
        if not isinstance(record, dict):
            problems.append(f"line {number}: not a JSON object")
            continue
        records.append((number, record))
    return records, problems


def read_lines(data: bytes, add: Callable[[int, dict[str, Any]], None]) -> list[str]:
    """Give each JSON-object line of ``data`` to ``add`` with its number; the problems of
    the lines that did not parse or that ``add`` refused (an ``AtifError``), in order."""
    records, problems = json_lines(data)
    for number, record in records:
        try:
            add(number, record)
        except AtifError as exc:
            problems.append(str(exc))
    return sorted(problems, key=_line_number)


def _line_number(problem: str) -> int:
    number = problem.removeprefix("line ").split(":", 1)[0]
    return int(number) if number.isdigit() else 0


def read_trajectory(data: bytes, *, session_id: str | None = None) -> Reading:
    """A saved transcript that already is an ATIF trajectory (v1.0 to v1.8), validated,
    written as v1.8: every version adds optional fields only, so an older document is a
    valid v1.8 one.  ``session_id`` fills a missing ``session_id``."""
    try:
        doc = transcript_json_loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise AtifError(f"the ATIF trajectory is not valid JSON ({exc})") from None
    problems = validate(doc)
    if problems:
        raise AtifError(f"the saved ATIF trajectory is not valid: {problems[0]}"
                        + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    doc = {**_without_nulls(doc), "schema_version": SCHEMA_VERSION}
    if session_id is not None and not doc.get("session_id"):
        doc["session_id"] = session_id
    return Reading(doc, "atif")


def _without_nulls(doc: dict[str, Any]) -> dict[str, Any]:
    """A valid trajectory with every optional field that is null left out: writers that
    dump a model whole (Harbor's Pydantic models) write an unset field as null, and the
    RFC means the same by both.  Custom data (``extra``) and a call's ``arguments`` are
    kept as they are: a null there is a value."""
    out = _present(doc)
    for key in ("agent", "final_metrics"):
        if isinstance(out.get(key), dict):
            out[key] = _present(out[key])
    out["steps"] = [_step_without_nulls(step) for step in out["steps"]]
    if isinstance(out.get("subagent_trajectories"), list):
        out["subagent_trajectories"] = [_without_nulls(sub)
                                        for sub in out["subagent_trajectories"]]
    return out


def _step_without_nulls(step: dict[str, Any]) -> dict[str, Any]:
    out = _present(step)
    if isinstance(out.get("tool_calls"), list):
        out["tool_calls"] = [_present(call) for call in out["tool_calls"]]
    if isinstance(out.get("metrics"), dict):
        out["metrics"] = _present(out["metrics"])
    observation = out.get("observation")
    if isinstance(observation, dict):
        results = [_present(result) for result in observation["results"]]
        for result in results:
            if isinstance(result.get("subagent_trajectory_ref"), list):
                result["subagent_trajectory_ref"] = [
                    _present(ref) for ref in result["subagent_trajectory_ref"]]
        out["observation"] = {**_present(observation), "results": results}
    return out


def _present(obj: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in obj.items() if value is not None}


def timestamp_of(value: Any) -> str | None:
    """``value`` when it is an ISO 8601 timestamp, else None (the RFC's rule)."""
    if isinstance(value, str) and is_iso(value):
        return value
    return None


def millisecond_time(value: Any) -> str | None:
    """``value``, milliseconds since the epoch, as an ISO 8601 time; else None."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _MS_LIMIT:
        return None
    moment = datetime.fromtimestamp(value / 1000, tz=UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def is_iso(value: str) -> bool:
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def count(usage: dict[str, Any], key: str) -> int:
    """A token count of a usage record: a non-negative integer, else 0."""
    value = usage.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def final_metrics(steps: list[dict[str, Any]]) -> dict[str, Any]:
    """The sums of the steps' token counts, and the step count."""
    totals = {"total_prompt_tokens": 0, "total_completion_tokens": 0, "total_cached_tokens": 0}
    for step in steps:
        metrics = step.get("metrics", {})
        totals["total_prompt_tokens"] += metrics.get("prompt_tokens", 0)
        totals["total_completion_tokens"] += metrics.get("completion_tokens", 0)
        totals["total_cached_tokens"] += metrics.get("cached_tokens", 0)
    return {**totals, "total_steps": len(steps)}


@dataclass
class StepDraft:
    """A step while a reader builds it (mutable: a response arrives record by record)."""

    source: str
    timestamp: str | None
    texts: list[str] = field(default_factory=list)
    thoughts: list[str] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    model: str | None = None
    effort: str | None = None
    metrics: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self, step_id: int) -> dict[str, Any]:
        step: dict[str, Any] = {"step_id": step_id}
        if self.timestamp is not None:
            step["timestamp"] = self.timestamp
        step["source"] = self.source
        agent = self.source == "agent"
        if agent and self.model:
            step["model_name"] = self.model
        if agent and self.effort:
            step["reasoning_effort"] = self.effort
        step["message"] = "\n\n".join(self.texts)
        if agent and self.thoughts:
            step["reasoning_content"] = "\n\n".join(self.thoughts)
        if agent and self.calls:
            step["tool_calls"] = self.calls
        if self.results:
            step["observation"] = {"results": self.results}
        if agent and self.metrics:
            step["metrics"] = self.metrics
        if self.extra:
            step["extra"] = self.extra
        return step


def orphan_result(call_id: str, content: str, timestamp: str | None, kind_key: str,
                  kind: str) -> StepDraft:
    """A system step holding the output of a call no step of the transcript made (cut
    off, or compacted away): the output stays, and no step claims a call it did not make."""
    step = StepDraft("system", timestamp, extra={kind_key: kind})
    step.results.append({"content": content, "extra": {"tool_call_id": call_id}})
    return step


def document(session_id: str, agent: dict[str, Any], drafts: list[StepDraft],
             extra: dict[str, Any]) -> dict[str, Any]:
    """The trajectory of ``drafts``: steps numbered from 1, with their final metrics."""
    if not drafts:
        raise AtifError("the transcript has no user or agent message: an ATIF trajectory "
                        "needs at least one step")
    steps = [draft.to_json(index) for index, draft in enumerate(drafts, start=1)]
    return {"schema_version": SCHEMA_VERSION, "session_id": session_id, "agent": agent,
            "steps": steps, "final_metrics": final_metrics(steps), "extra": extra}


def agent_record(name: str, version: str | None, models: dict[str, int]) -> dict[str, Any]:
    """ATIF's ``agent``: the name, the version (``unknown`` when the transcript does not
    name it) and the model most steps named."""
    agent: dict[str, Any] = {"name": name, "version": version or UNKNOWN_VERSION}
    model = most_used(models)
    if model:
        agent["model_name"] = model
    return agent


def keep_steps(drafts: list[StepDraft], models: dict[str, int],
               found: Iterable[StepDraft]) -> None:
    """``found`` added to ``drafts``, each step's model counted in ``models``."""
    for draft in found:
        if draft.model:
            models[draft.model] = models.get(draft.model, 0) + 1
        drafts.append(draft)


def most_used(models: dict[str, int]) -> str | None:
    """The model most steps named (the first of equals), or None."""
    return max(models, key=models.__getitem__) if models else None


@dataclass(frozen=True)
class SessionFile:
    """A JSON-lines session file that opens with a header record (``id``, ``cwd``) and
    holds typed records after it (Pi's, Factory Droid's)."""

    #: The dialect (``dialects.DIALECTS``) and the ATIF ``agent.name``.
    dialect: str
    agent: str
    #: The root ``extra.source_format``.
    source_format: str
    #: The header record's ``type``; how a line without a type is named in the problem.
    header: str
    record: str


#: Reads one record into a step, given the steps still waiting for their tool results by
#: call id (None: the record makes no step).
StepReader = Callable[[dict[str, Any], dict[str, "StepDraft"]], "StepDraft | None"]


def read_session_file(data: bytes, kind: SessionFile, step: StepReader, *,
                      session_id: str | None = None,
                      order: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]
                      = lambda records: records) -> Reading:
    """The ATIF trajectory of the session file ``data``: each record, in ``order``, read
    by ``step``; lines that do not parse are left out and named in ``Reading.unreadable``."""
    header: dict[str, Any] = {}
    records: list[dict[str, Any]] = []

    def add(number: int, record: dict[str, Any]) -> None:
        if record.get("type") == kind.header and not header:
            header.update(record)
        elif isinstance(record.get("type"), str):
            records.append(record)
        else:
            raise AtifError(f"line {number}: not {kind.record} (no type)")

    unreadable = read_lines(data, add)
    drafts: list[StepDraft] = []
    models: dict[str, int] = {}
    pending: dict[str, StepDraft] = {}
    for record in order(records):
        draft = step(record, pending)
        if draft is None:
            continue
        if draft.model:
            models[draft.model] = models.get(draft.model, 0) + 1
        drafts.append(draft)
    sid = session_id or (header.get("id") if isinstance(header.get("id"), str) else None)
    if not sid:
        raise AtifError("the transcript names no session id: give the session id")
    agent: dict[str, Any] = {"name": kind.agent, "version": UNKNOWN_VERSION}
    model = most_used(models)
    if model:
        agent["model_name"] = model
    extra: dict[str, Any] = {"source_format": kind.source_format}
    if isinstance(header.get("cwd"), str):
        extra["cwd"] = header["cwd"]
    return Reading(document(sid, agent, drafts, extra), kind.dialect, tuple(unreadable))


def add_parts(step: StepDraft, content: Any, pending: dict[str, StepDraft], *,
              call: str, arguments: str) -> None:
    """The parts of an agent message's ``content`` into ``step``: ``text`` its message,
    ``thinking`` its reasoning, and parts of type ``call`` (``id``, ``name`` and the
    ``arguments`` key) its tool calls, each waiting in ``pending`` for its result."""
    for part in as_list(content):
        if not isinstance(part, dict):
            continue
        if part.get("type") == "text" and isinstance(part.get("text"), str):
            step.texts.append(part["text"])
        elif part.get("type") == "thinking" and isinstance(part.get("thinking"), str):
            step.thoughts.append(part["thinking"])
        elif part.get("type") == call and isinstance(part.get("name"), str):
            given = part.get("id")
            call_id = given if isinstance(given, str) else f"call-{len(step.calls)}"
            args = part.get(arguments)
            step.calls.append({"tool_call_id": call_id, "function_name": part["name"],
                               "arguments": args if isinstance(args, dict) else {}})
            pending[call_id] = step


def as_list(value: Any) -> list[Any]:
    """``value`` when it is a list, else no items (a hand-edited file may hold anything)."""
    return value if isinstance(value, list) else []


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
        problems.append(f"schema_version: {version!r} is not one of ATIF-v1.0 to "
                        f"{SCHEMA_VERSIONS[-1]}")
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
        types = CONTENT_TYPES if version == AUDIO_SINCE else CONTENT_TYPES[:2]
        for index, step in enumerate(steps):
            _check_step(index, step, types, problems)
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


def _check_step(index: int, step: Any, types: tuple[str, ...],
                problems: list[str]) -> None:
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
        _check_content(step["message"], f"{path}.message", types, problems,
                       allow_none=False)
    timestamp = step.get("timestamp")
    if timestamp is not None and not (isinstance(timestamp, str) and is_iso(timestamp)):
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
        _check_observation(step["observation"], calls, step_id, path, types, problems)
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
                       types: tuple[str, ...], problems: list[str]) -> None:
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
            _check_content(result["content"], f"{at}.content", types, problems,
                           allow_none=True)
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


def _check_content(content: Any, path: str, types: tuple[str, ...], problems: list[str], *,
                   allow_none: bool) -> None:
    if isinstance(content, str) or (allow_none and content is None):
        return
    if not isinstance(content, list):
        problems.append(f"{path}: must be a string or an array of content parts")
        return
    for index, part in enumerate(content):
        at = f"{path}[{index}]"
        kind = part.get("type") if isinstance(part, dict) else None
        if kind not in types:
            problems.append(f"{at}: a content part is an object of type {', '.join(types)}"
                            + (" (audio is ATIF-v1.8's)" if kind == "audio" else ""))
            continue
        if kind == "text" and not isinstance(part.get("text"), str):
            problems.append(f"{at}.text: a text part needs a string \"text\"")
        elif kind in ("image", "audio"):
            _check_media(part.get("source"), kind, f"{at}.source", problems)


def _check_media(source: Any, kind: str, path: str, problems: list[str]) -> None:
    allowed = _AUDIO_SOURCE_KEYS if kind == "audio" else _MEDIA_SOURCE_KEYS
    if not (isinstance(source, dict) and set(source) <= allowed
            and all(isinstance(source.get(k), str) for k in _MEDIA_SOURCE_KEYS)):
        problems.append(f"{path}: an {kind} part needs a source with media_type and path")
        return
    if not source["media_type"].startswith(f"{kind}/"):
        problems.append(f"{path}.media_type: {source['media_type']!r} is not an {kind} type")
    duration = source.get("duration_sec")
    if duration is not None and not (_is_number(duration) and duration >= 0):
        problems.append(f"{path}.duration_sec: must be a number of 0 or more")


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
