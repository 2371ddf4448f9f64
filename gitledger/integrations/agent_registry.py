"""The coding agents gitledger works with: one record per agent, every fact about it.

Everything else (CLI choices, install, hooks, docs tables, tests) reads these records, so
adding an agent is one record, one example config under ``hooks/<name>/`` and its docs.
Data and pure functions only, light imports: ``cli.py`` builds its options from it at start.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from gitledger.core.names import BLOCK_BUDGET, BLOCK_FORMATS, EVENTS
from gitledger.errors import InvalidInput

#: Our hook events, in the order entries are written: the ``git ledger hook`` events, then
#: ``stop``, which runs ``git ledger check --hook stop`` when the agent is about to end its
#: turn (Claude Code's and Codex's ``Stop``, Gemini CLI's ``AfterAgent``, Cursor's ``stop``).
HOOKED: tuple[str, ...] = (*EVENTS, "stop")

#: Seconds an agent waits for one of our hooks (``hook`` itself gives up well before).
HOOK_TIMEOUT = 30


class PayloadKeys(NamedTuple):
    """What an agent's hook JSON and environment hold that the parser treats per agent.

    The parser reads the field names every agent shares (``agent_hooks.py``) for every
    agent; these are the documented names of each one, and the ones only it has.
    """

    #: Where the session id is (the docs' "Session id" row).
    session: tuple[str, ...] = ("session_id",)
    #: Where the working directory is (Cursor: a list of workspace roots).
    directory: str = "cwd"
    #: Where the SessionStart source is, in the order we look (early Gemini: ``trigger``).
    source: tuple[str, ...] = ("source",)
    #: The source to assume when the payload names none we know (None: restore plainly).
    default_source: str | None = None
    #: The Stop payload's run status: anything but ``completed`` lets the agent go.
    stop_status: str | None = None
    #: The file the agent sources into its shell after SessionStart, if it offers one.
    env_file: str | None = None
    #: The variable naming the project directory, for payloads without one.
    project_dir: str | None = None
    #: The variable the agent sets in its shell to the hook payload's session id, if any
    #: (``ledger/reader.py``'s ``SESSION_VARS`` lists each one).
    shell_session: str | None = None
    #: A fork's SessionStart carries its conversation's last response (``context_tokens``,
    #: ``seconds_since_last_response``) and its transcripts are ``<session id>.jsonl`` in
    #: one directory: a fork is handed the ledger only when the owner's transcript ends in
    #: that response (``fork_lineage.py``).  Without it a fork is trusted as a clear is.
    fork_lineage: bool = False


class ToolShape(NamedTuple):
    """How one of an agent's tools names what it is about to write, in its ``tool_input``
    (the pre-tool-use hook reads these; ``integrations/tool_targets.py``).

    ``kind`` is what the tool does: ``edit`` (replace ``old`` in the file at ``path``),
    ``multi`` (a list of such edits under ``edits``), ``write`` (the whole file),
    ``shell`` (a command line under ``command``, parsed for the files it writes),
    ``patch`` (a Codex ``apply_patch`` body under ``command``, naming its files) or
    ``hashline`` (Oh My Pi's ``edit`` in any of its modes: ``edit`` when the input names
    ``path``, else a hashline patch, or a Codex patch, under ``command``).
    """

    kind: str
    #: The keys that may hold the file's path, in the order we look.
    path: tuple[str, ...] = ("file_path",)
    #: The key of the text an edit replaces (located in the current file to name lines).
    old: str | None = None
    #: The key of a multi-edit's list of edits (each with ``old``).
    edits: str | None = None
    #: The key of the command line or the patch body.
    command: str = "command"
    #: For an event that fires after the tool ran (Gemini CLI's ``AfterTool``): the key of
    #: the text the edit put in, found in the file as it is now when the payload does not
    #: carry the file as it was.
    new: str | None = None
    #: The keys, from the top of the payload, of the file's content before the tool ran.
    original: tuple[str, ...] = ()


class McpTarget(NamedTuple):
    """Where the agent reads a project's MCP servers, and what our entry there adds."""

    #: The project config file, relative to the top of the work tree (TOML or JSON).
    config: str
    #: Fields our server entry carries before ``command`` and ``args``.
    fields: Mapping[str, Any]
    #: What a user must know after registering (approval prompts, trust).
    notes: tuple[str, ...]
    #: The object holding the servers (OpenCode: ``mcp``).
    key: str = "mcpServers"
    #: The command is one list, program and arguments (OpenCode), not ``command``/``args``.
    command_list: bool = False


class TranscriptDir(NamedTuple):
    """A directory the agent writes its session transcripts under: ``sub`` inside the
    directory variable ``var`` names when it is set, and always inside ``~/home``.

    The hooks save a payload's ``transcript_path`` only from these (``hook_io.py``), so
    the directories are worked out from HOME and the environment when the hook runs.
    """

    #: The variable that moves the agent's own directory (None: nothing moves it).
    var: str | None
    #: That directory relative to HOME ("" when ``var`` stands for HOME itself).
    home: str
    #: Where the transcripts are inside it.
    sub: str
    #: Where one session's transcript is inside ``sub``, ``{}`` its session id: read by the
    #: hooks of an agent whose session-end payload names no transcript (Copilot CLI's).
    session_file: str = ""
    #: The SQLite database inside ``sub`` that holds the sessions, for an agent that keeps
    #: no transcript file (the OpenCode family): read-only, a session's rows at its end.
    database: str = ""

    def shown(self) -> tuple[str, ...]:
        """The directory as the docs spell it: ``$VAR/sub`` (when there is a variable),
        then ``~/home/sub``."""
        default = "/".join(p for p in ("~", self.home, self.sub) if p)
        return (f"${self.var}/{self.sub}", default) if self.var else (default,)


class Agent(NamedTuple):
    """One coding agent: its hook system, payload, envelopes, budget and MCP target."""

    name: str
    title: str
    #: The project hook config file, relative to the top of the work tree.
    config: str
    #: Our event → the agent's name for it (an event the agent lacks is absent).
    events: Mapping[str, str]
    #: Claude-style ``{"matcher": …, "hooks": [handler]}`` groups, or flat handler lists.
    grouped: bool
    #: The SessionStart matcher (None: match every source).
    start_matcher: str | None
    #: The handler's ``timeout`` value, in the unit the agent uses.
    timeout: int
    #: Keys written before ``hooks`` when we create the file (Cursor's ``version``).
    preamble: Mapping[str, Any]
    #: Extra handler fields, per our event.
    extra: Callable[[str], dict[str, Any]]
    #: What a user must know after installing (trust prompts, feature flags).
    notes: tuple[str, ...]
    #: The default restore budget, in characters of the context the agent injects.
    budget: int
    #: Where SessionStart context goes in the envelope: ``("additional_context",)``, or an
    #: object and its key (that object also names the event, as the agent spells it).
    context_path: tuple[str, ...]
    #: The Stop answer: ``{"decision": stop_decision, stop_key: reason}``, or without a
    #: decision (None) just ``{stop_key: reason}``.
    stop_decision: str | None
    stop_key: str
    #: Where it reads project MCP servers (None: it has no MCP client).
    mcp: McpTarget | None
    payload: PayloadKeys = PayloadKeys()
    #: The agent fires its pre-compact event before every model call, not only when it
    #: compacts (Gemini CLI 0.61): a checkpoint then records only when something is new.
    pre_compact_each_call: bool = False
    #: Where its session transcripts live: a hook saves ``transcript_path`` only from there.
    transcripts: tuple[TranscriptDir, ...] = ()
    #: The pre-tool-use matcher: the tools that write files, and the shell tool.
    tool_matcher: str | None = None
    #: Those tools by the name the payload's ``tool_name`` gives, and where their input
    #: names the files (docs/hooks.md, "pre-tool-use", has each one's source).
    tools: Mapping[str, ToolShape] = {}
    #: Where pre-tool-use context goes in the envelope, as ``context_path`` for
    #: SessionStart: the key alone, or an object (naming the event) and its key.
    tool_context_path: tuple[str, ...] = ()
    #: The agent runs no hook commands but loads a plugin (a TypeScript extension): install
    #: writes the file we ship (``example``) at ``config``, and it runs our commands.
    plugin: bool = False
    #: The source in ``integrations/assets/`` the plugin is made from (``plugins.py``).
    template: str = ""

    @property
    def example(self) -> str:
        """The example config (or the plugin) under ``hooks/``: byte for byte what install
        writes."""
        return f"hooks/{self.name}/{self.config.rpartition('/')[2]}"

    def envelope(self, event: str, context: str) -> dict[str, Any]:
        """The JSON object this agent reads from a SessionStart hook's stdout.

        ``event`` is the hook event's name as Claude Code spells it (``SessionStart``);
        an agent that echoes the event name gets the name it uses for it.
        """
        if event != "SessionStart":
            raise InvalidInput(f"no {self.title} context envelope for the {event} event")
        *outer, key = self.context_path
        if not outer:
            return {key: context}
        (holder,) = outer
        return {holder: {"hookEventName": self.events["session-start"], key: context}}

    def tool_envelope(self, context: str) -> dict[str, Any]:
        """The JSON object that makes this agent add ``context`` to the model's next
        request before the tool runs, without deciding anything about the tool (no
        permission decision: the agent's own permission rules still apply)."""
        *outer, key = self.tool_context_path
        if not outer:
            return {key: context}
        (holder,) = outer
        return {holder: {"hookEventName": self.events["pre-tool-use"], key: context}}

    def stop_envelope(self, reason: str) -> dict[str, Any]:
        """What makes this agent carry on instead of stopping, with ``reason`` as its task."""
        if self.stop_decision is None:
            return {self.stop_key: reason}
        return {"decision": self.stop_decision, self.stop_key: reason}


def _no_extra(event: str) -> dict[str, Any]:
    return {}


def _codex_extra(event: str) -> dict[str, Any]:
    return {"statusMessage": {
        "session-start": "Restoring the git ledger",
        "pre-compact": "Checkpointing the git ledger",
        "session-end": "Checkpointing the git ledger",
        "stop": "Checking the git ledger",
        "pre-tool-use": "Checking the git ledger's decisions",
    }[event]}


def _gemini_extra(event: str) -> dict[str, Any]:
    return {"name": f"git-ledger-{event}",
            "description": _DESCRIPTIONS[event]}


_DESCRIPTIONS = {
    "session-start": "Restore this worktree's git ledger into the session",
    "pre-compact": "Record a checkpoint in the git ledger before compaction",
    "session-end": "Record a checkpoint in the git ledger at session end",
    "stop": "Check the git ledger after each turn; ask for one retry to fix its errors",
    "pre-tool-use": "Tell the agent the git ledger decisions that govern a file its tools "
                    "write",
}

#: Claude Code's event names, which Codex, Qwen Code and GitHub Copilot CLI use too.
_CLAUDE_EVENTS: Mapping[str, str] = {
    "session-start": "SessionStart", "pre-compact": "PreCompact", "session-end": "SessionEnd",
    "pre-tool-use": "PreToolUse", "stop": "Stop"}
#: Claude Code's, Codex's and Gemini CLI's SessionStart envelope.
_HOOK_SPECIFIC = ("hookSpecificOutput", "additionalContext")
#: Claude Code's tools that write files (its "Tools available to Claude" list) and its shell.
_CLAUDE_TOOLS: Mapping[str, ToolShape] = {
    "Edit": ToolShape("edit", old="old_string"),
    "MultiEdit": ToolShape("multi", edits="edits", old="old_string"),
    "Write": ToolShape("write"),
    "NotebookEdit": ToolShape("write", path=("notebook_path",)),
    "Bash": ToolShape("shell"),
}
#: Codex's patch tool carries its files in the patch body; its shell tool is ``Bash`` in
#: hook payloads (codex-rs ``HookToolName``).
_CODEX_TOOLS: Mapping[str, ToolShape] = {
    "apply_patch": ToolShape("patch"),
    "Bash": ToolShape("shell"),
}
#: Gemini CLI's built-in file tools (docs/tools/file-system.md) and its shell tool, as its
#: ``AfterTool`` payload has them: the edit is made, ``tool_response`` shows the file before.
_GEMINI_TOOLS: Mapping[str, ToolShape] = {
    "replace": ToolShape("edit", old="old_string", new="new_string",
                         original=("tool_response", "returnDisplay", "originalContent")),
    "write_file": ToolShape("write"),
    "run_shell_command": ToolShape("shell"),
}
#: Qwen Code's file tools and shell (core ``ToolNames``), under the names its PreToolUse
#: payload gives: ``edit`` takes ``file_path``/``old_string``/``new_string``.
_QWEN_TOOLS: Mapping[str, ToolShape] = {
    "edit": ToolShape("edit", old="old_string", new="new_string"),
    "write_file": ToolShape("write"),
    "run_shell_command": ToolShape("shell"),
}
#: Cursor's preToolUse tool types for writes and the shell.
_CURSOR_TOOLS: Mapping[str, ToolShape] = {
    "Write": ToolShape("write", path=("file_path", "path", "target_file")),
    "Edit": ToolShape("edit", path=("file_path", "path", "target_file"), old="old_string"),
    "Delete": ToolShape("write", path=("file_path", "path", "target_file")),
    "Shell": ToolShape("shell"),
}

#: GitHub Copilot CLI's tools as its hook payloads name them when the config spells the
#: events as Claude Code does (PascalCase): ``Bash`` for its shell, ``Edit`` and ``Write``
#: for its file tools (``edit`` and ``create`` in the model's request).
_COPILOT_TOOLS: Mapping[str, ToolShape] = {
    "Edit": ToolShape("edit", path=("path",), old="old_str"),
    "Write": ToolShape("write", path=("path",)),
    "Bash": ToolShape("shell"),
}

#: How our MCP server entry starts in Claude Code's ``.mcp.json`` (its ``type`` is explicit).
_STDIO: Mapping[str, Any] = {"type": "stdio"}

CLAUDE = Agent(
    name="claude", title="Claude Code", config=".claude/settings.json",
    events=_CLAUDE_EVENTS,
    grouped=True, start_matcher="startup|resume|clear|compact|fork", timeout=HOOK_TIMEOUT,
    preamble={}, extra=_no_extra,
    notes=("Claude Code reads hooks at startup; review them with /hooks.",
           "The Stop hook sends Claude back once to fix errors git ledger check finds; "
           "warnings never keep it from stopping."),
    # Claude Code replaces hook output over 10,000 characters with a file pointer.
    budget=9_000, context_path=_HOOK_SPECIFIC, stop_decision="block", stop_key="reason",
    mcp=McpTarget(".mcp.json", _STDIO,
                  ("Claude Code asks each user to approve a project's .mcp.json servers "
                   "once; /mcp shows them.",)),
    payload=PayloadKeys(env_file="CLAUDE_ENV_FILE", project_dir="CLAUDE_PROJECT_DIR",
                        fork_lineage=True),
    # ~/.claude/projects/<project>/<session id>.jsonl; CLAUDE_CONFIG_DIR moves ~/.claude.
    transcripts=(TranscriptDir("CLAUDE_CONFIG_DIR", ".claude", "projects"),),
    tool_matcher="Edit|Write|MultiEdit|NotebookEdit|Bash", tools=_CLAUDE_TOOLS,
    tool_context_path=_HOOK_SPECIFIC,
)
CODEX = Agent(
    name="codex", title="Codex CLI", config=".codex/hooks.json",
    events=_CLAUDE_EVENTS,
    grouped=True, start_matcher="startup|resume|clear|compact|fork", timeout=HOOK_TIMEOUT,
    preamble={}, extra=_codex_extra,
    notes=("Codex runs project hooks only in a trusted project, once you have reviewed "
           "and trusted them (/hooks); older releases also need [features] codex_hooks "
           "= true in config.toml.",
           "Codex gives a SessionEnd hook at most 3 seconds; ours takes well under one.",
           "The Stop hook continues the turn once to fix errors git ledger check finds; "
           "warnings never keep Codex from stopping."),
    # Codex caps hook context at 2,500 tokens, and a token can be as short as ~2.5 characters.
    budget=6_000, context_path=_HOOK_SPECIFIC, stop_decision="block", stop_key="reason",
    mcp=McpTarget(".codex/config.toml", {},
                  ("Codex reads .codex/config.toml only in a trusted project; /mcp shows "
                   "the servers.",)),
    # No env file for hooks (0.171), but every shell command gets CODEX_THREAD_ID.
    payload=PayloadKeys(shell_session="CODEX_THREAD_ID"),
    # The rollout files, $CODEX_HOME/sessions/YYYY/MM/DD/rollout-….jsonl (~/.codex).
    transcripts=(TranscriptDir("CODEX_HOME", ".codex", "sessions"),),
    tool_matcher="apply_patch|Bash", tools=_CODEX_TOOLS, tool_context_path=_HOOK_SPECIFIC,
)
GEMINI = Agent(
    name="gemini", title="Gemini CLI", config=".gemini/settings.json",
    events={"session-start": "SessionStart", "pre-compact": "PreCompress",
            "session-end": "SessionEnd", "pre-tool-use": "AfterTool", "stop": "AfterAgent"},
    grouped=True, start_matcher=None, timeout=HOOK_TIMEOUT * 1000,
    preamble={}, extra=_gemini_extra,
    notes=("Gemini CLI runs project hooks only in a trusted folder; releases before "
           "hooks were on by default need hooksConfig.enabled (or tools.enableHooks).",
           "Gemini CLI fires SessionStart on startup, resume and clear, not after "
           "compression: run git ledger restore after a /compress.",
           "The AfterAgent hook asks Gemini for one retry to fix errors git ledger check "
           "finds; warnings never trigger a retry."),
    budget=9_000, context_path=_HOOK_SPECIFIC, stop_decision="deny", stop_key="reason",
    mcp=McpTarget(".gemini/settings.json", {},
                  ("Gemini CLI loads project MCP servers in a trusted folder; /mcp shows "
                   "them.",)),
    # Early Gemini CLI releases named the SessionStart source ``trigger``.
    payload=PayloadKeys(source=("source", "trigger"), project_dir="GEMINI_PROJECT_DIR"),
    pre_compact_each_call=True,
    # ~/.gemini/tmp/<project>/chats/session-….json; GEMINI_CLI_HOME stands for HOME.
    transcripts=(TranscriptDir("GEMINI_CLI_HOME", "", ".gemini/tmp"),),
    # BeforeTool cannot add context (0.61.0 reads no additionalContext there): the
    # nearest event that can is AfterTool, the same request the others' context reaches.
    tool_matcher="^(write_file|replace|run_shell_command)$", tools=_GEMINI_TOOLS,
    tool_context_path=_HOOK_SPECIFIC,
)
QWEN = Agent(
    name="qwen", title="Qwen Code", config=".qwen/settings.json",
    # 0.24.4 computes PreToolUse's additionalContext but never gives it to the model; it
    # does give PostToolUse's: the decision is told after the edit, as in Gemini CLI.
    events={**_CLAUDE_EVENTS, "pre-tool-use": "PostToolUse"},
    # Its hook timeouts are seconds (0.24.4 reads 1000 or more as the old milliseconds).
    grouped=True, start_matcher="startup|resume|clear|compact", timeout=HOOK_TIMEOUT,
    preamble={}, extra=_no_extra,
    notes=("Qwen Code reads project hooks from .qwen/settings.json in a trusted folder; "
           "/hooks shows them.",
           "The Stop hook sends Qwen back once to fix errors git ledger check finds; "
           "warnings never keep it from stopping."),
    budget=9_000, context_path=_HOOK_SPECIFIC, stop_decision="block", stop_key="reason",
    # Its MCP tools wait behind its tool_search bridge unless the server says otherwise:
    # ours are few and are the ledger, so they are offered directly.
    mcp=McpTarget(".qwen/settings.json", {"alwaysLoadTools": True},
                  ("Qwen Code loads project MCP servers in a trusted folder once you "
                   "approve them; /mcp shows them.",)),
    # Every shell command it runs has QWEN_CODE_SESSION_ID set to the session id.
    payload=PayloadKeys(shell_session="QWEN_CODE_SESSION_ID", project_dir="QWEN_PROJECT_DIR"),
    # ~/.qwen/projects/<project>/chats/<session id>.jsonl; QWEN_HOME moves ~/.qwen.
    transcripts=(TranscriptDir("QWEN_HOME", ".qwen", "projects"),),
    tool_matcher="^(edit|write_file|run_shell_command)$", tools=_QWEN_TOOLS,
    tool_context_path=_HOOK_SPECIFIC,
)
#: Factory Droid's file tools and its shell, under the names its tool hooks' payloads give
#: (``Edit`` takes ``file_path``/``old_str``/``new_str``), as its ``PostToolUse`` has them:
#: the edit is made, and the payload does not carry the file as it was.
_DROID_TOOLS: Mapping[str, ToolShape] = {
    "Edit": ToolShape("edit", old="old_str", new="new_str"),
    "Create": ToolShape("write"),
    "Execute": ToolShape("shell"),
}
DROID = Agent(
    name="droid", title="Factory Droid", config=".factory/settings.json",
    # PreToolUse cannot add context (0.225.2 reads no additionalContext there): the nearest
    # event that can is PostToolUse, whose context is in the model's next request.
    events={**_CLAUDE_EVENTS, "pre-tool-use": "PostToolUse"},
    grouped=True, start_matcher="startup|resume|clear|compact", timeout=HOOK_TIMEOUT,
    preamble={}, extra=_no_extra,
    notes=("Factory Droid reads project hooks from .factory/settings.json, droid exec "
           "too; /hooks shows them.",
           "The Stop hook sends Droid back once to fix errors git ledger check finds; "
           "warnings never keep it from stopping."),
    # SessionStart context goes in as a user message of its own.
    budget=9_000, context_path=_HOOK_SPECIFIC, stop_decision="block", stop_key="reason",
    mcp=McpTarget(".factory/mcp.json", _STDIO,
                  ("Factory Droid starts the project's .factory/mcp.json servers; /mcp "
                   "shows them.",)),
    # Its hooks get CLAUDE_ENV_FILE, which its Execute shells source, and both project
    # variables (FACTORY_PROJECT_DIR, CLAUDE_PROJECT_DIR).
    payload=PayloadKeys(env_file="CLAUDE_ENV_FILE", project_dir="FACTORY_PROJECT_DIR"),
    # ~/.factory/sessions/<project>/<session id>.jsonl.
    transcripts=(TranscriptDir(None, ".factory", "sessions"),),
    tool_matcher="^(Edit|Create|Execute)$", tools=_DROID_TOOLS,
    tool_context_path=_HOOK_SPECIFIC,
)
CURSOR = Agent(
    name="cursor", title="Cursor", config=".cursor/hooks.json",
    events={"session-start": "sessionStart", "pre-compact": "preCompact",
            "session-end": "sessionEnd", "pre-tool-use": "preToolUse", "stop": "stop"},
    grouped=False, start_matcher=None, timeout=HOOK_TIMEOUT,
    preamble={"version": 1}, extra=_no_extra,
    notes=("Cursor runs project hooks in a trusted workspace; the Hooks output channel "
           "shows what ran.",
           "The stop hook sends one follow-up message asking the agent to fix errors git "
           "ledger check finds; warnings, aborted runs and follow-ups never get one."),
    budget=9_000, context_path=("additional_context",), stop_decision=None,
    stop_key="followup_message",
    mcp=McpTarget(".cursor/mcp.json", {},
                  ("Cursor lists the server under Settings, MCP, where it can be "
                   "switched off.",)),
    # Cursor's sessionStart fires for each new conversation, and names no source.
    payload=PayloadKeys(session=("session_id", "conversation_id"),
                        directory="workspace_roots", default_source="startup",
                        stop_status="status", project_dir="CURSOR_PROJECT_DIR"),
    # ~/.cursor/projects/<workspace>/agent-transcripts/ (its JSONL ones; .txt is not read).
    transcripts=(TranscriptDir(None, ".cursor", "projects"),),
    tool_matcher="Write|Edit|Delete|Shell", tools=_CURSOR_TOOLS,
    tool_context_path=("additional_context",),
)
COPILOT = Agent(
    name="copilot", title="GitHub Copilot CLI", config=".github/hooks/git-ledger.json",
    # The events spelled as Claude Code spells them: Copilot then sends Claude-shaped
    # snake_case payloads (its own camelCase names, agentStop and preCompact, send camelCase).
    events=_CLAUDE_EVENTS,
    grouped=True, start_matcher=None, timeout=HOOK_TIMEOUT,
    preamble={"version": 1}, extra=_no_extra,
    notes=("Copilot CLI loads .github/hooks/ in a trusted folder (in -p mode: "
           "COPILOT_ALLOW_ALL=true or --trust-folder).",
           "Copilot CLI fires no SessionStart after a compaction: the PreCompact hook "
           "checkpoints and the decisions are told again at the next edit; run git ledger "
           "restore after a /compact.",
           "The Stop hook sends Copilot back once to fix errors git ledger check finds; "
           "warnings never keep it from stopping."),
    # SessionStart context goes in as a user message; Copilot bounds hook output at 10 MiB.
    budget=9_000, context_path=("additionalContext",), stop_decision="block",
    stop_key="reason",
    mcp=McpTarget(".mcp.json", _STDIO,
                  ("Copilot CLI loads a trusted folder's .mcp.json; /mcp shows the "
                   "servers.",)),
    # A new session's SessionStart names its source "new": a start like any other.
    payload=PayloadKeys(default_source="startup"),
    # $COPILOT_HOME/session-state/<session id>/events.jsonl (~/.copilot).
    # Its sessionEnd payload names no transcript (only agentStop's does): found by the id.
    transcripts=(TranscriptDir("COPILOT_HOME", ".copilot", "session-state",
                               "{}/events.jsonl"),),
    tool_matcher="Edit|Write|Bash", tools=_COPILOT_TOOLS, tool_context_path=_HOOK_SPECIFIC,
)

#: Pi's built-in tools that write files and its shell (its ``tool_call`` event's input).
_PI_TOOLS: Mapping[str, ToolShape] = {
    "edit": ToolShape("multi", path=("path",), edits="edits", old="oldText"),
    "write": ToolShape("write", path=("path",)),
    "bash": ToolShape("shell"),
}
PI = Agent(
    name="pi", title="Pi", config=".pi/extensions/git-ledger.ts",
    # The extension's events; it sends each one's name as ``hook_event_name``.
    events={"session-start": "session_start", "pre-compact": "session_before_compact",
            "session-end": "session_shutdown", "pre-tool-use": "tool_call",
            "stop": "agent_end"},
    grouped=False, start_matcher=None, timeout=HOOK_TIMEOUT, preamble={}, extra=_no_extra,
    notes=("Pi loads project extensions from .pi/extensions at startup (/reload loads "
           "them again); the extension runs the git ledger commands other agents' hooks "
           "run.",
           "After a failed git ledger check, the extension sends Pi one follow-up message "
           "to fix the errors; warnings never send one."),
    budget=9_000, context_path=("additionalContext",), stop_decision="block",
    stop_key="reason", mcp=None,
    # ~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl; PI_CODING_AGENT_DIR moves ~/.pi/agent.
    transcripts=(TranscriptDir("PI_CODING_AGENT_DIR", ".pi/agent", "sessions"),),
    tools=_PI_TOOLS, tool_context_path=("additionalContext",), plugin=True,
    template="pi-extension.ts",
)

#: Oh My Pi's tools that write files and its shell: ``edit`` names the file and the text
#: replaced in its ``replace`` variant (``edit.mode``), and the files and lines in a patch
#: (``input``) in the default, ``hashline`` (``core/hashline.py``), and ``apply_patch``.
_OMP_TOOLS: Mapping[str, ToolShape] = {
    "edit": ToolShape("hashline", path=("path",), old="old_string", command="input"),
    "write": ToolShape("write", path=("path",)),
    "bash": ToolShape("shell"),
}
#: Pi's fork: Pi's extension (its events, envelopes, budget and Stop answer), its own files.
OMP = PI._replace(
    name="omp", title="Oh My Pi", config=".omp/extensions/git-ledger.ts",
    # Its own stop hook, asked before the run settles (Pi's print mode has only agent_end).
    events={**PI.events, "stop": "session_stop"},
    notes=("Oh My Pi loads project extensions from .omp/extensions at startup; the "
           "extension runs the git ledger commands other agents' hooks run.",
           "A decision is told at the point of action for write, bash and edit in its "
           "modes (the default hashline patches, replace, apply_patch).",
           "After a failed git ledger check, the extension's session_stop answer sends "
           "the agent back once to fix the errors; warnings never do."),
    mcp=McpTarget(".omp/mcp.json", _STDIO,
                  ("Oh My Pi starts the MCP servers in .omp/mcp.json; /mcp shows them.",)),
    # ~/.omp/agent/sessions/-<cwd>-/<time>_<id>.jsonl; PI_CODING_AGENT_DIR moves ~/.omp/agent.
    transcripts=(TranscriptDir("PI_CODING_AGENT_DIR", ".omp/agent", "sessions"),),
    tools=_OMP_TOOLS,
)


#: OpenCode's built-in tools that write files (packages/opencode/src/tool/) and its shell;
#: Kilo, its fork, names them the same.
_OPENCODE_TOOLS: Mapping[str, ToolShape] = {
    "edit": ToolShape("edit", path=("filePath",), old="oldString"),
    "write": ToolShape("write", path=("filePath",)),
    "apply_patch": ToolShape("patch", command="patchText"),
    "bash": ToolShape("shell"),
}
#: The plugin hooks of the OpenCode family that our plugin uses, by our event.
_OPENCODE_EVENTS: Mapping[str, str] = {
    "session-start": "experimental.chat.system.transform",
    "pre-compact": "experimental.session.compacting",
    "session-end": "dispose", "pre-tool-use": "tool.execute.before",
    "stop": "experimental.text.complete",
}
_PLUGIN_OUTPUT = ("additionalContext",)


def _opencode_family(name: str, title: str, config: str, mcp: McpTarget,
                     database: TranscriptDir) -> Agent:
    """An agent of the OpenCode family: one plugin file, the same hooks and tools."""
    directory = config.rpartition("/")[0]
    return Agent(
        name=name, title=title, config=config, events=_OPENCODE_EVENTS, grouped=False,
        start_matcher=None, timeout=HOOK_TIMEOUT, preamble={}, extra=_no_extra,
        notes=(f"{title} loads project plugins from {directory}/ at startup; git-ledger "
               "must be on its PATH.",
               "The restore block is part of the system prompt of every model request, "
               "renewed after a compaction.",
               f"When the model ends an answer and git ledger check finds errors, {title} "
               "gets them once as the next message; warnings never send it back."),
        budget=9_000, context_path=_PLUGIN_OUTPUT, stop_decision="block", stop_key="reason",
        mcp=mcp, tools=_OPENCODE_TOOLS, tool_context_path=_PLUGIN_OUTPUT, plugin=True,
        transcripts=(database,), template="opencode-plugin.js")


OPENCODE = _opencode_family(
    "opencode", "OpenCode", ".opencode/plugins/git-ledger.js",
    McpTarget("opencode.json", {"type": "local"},
              ("OpenCode starts the project's MCP servers from opencode.json; "
               "opencode mcp list shows them.",), key="mcp", command_list=True),
    # $XDG_DATA_HOME/opencode/opencode.db (~/.local/share): the sessions' rows.
    TranscriptDir("XDG_DATA_HOME", ".local/share", "opencode", database="opencode.db"))
KILO = _opencode_family(
    "kilo", "Kilo", ".kilo/plugins/git-ledger.js",
    McpTarget("kilo.json", {"type": "local"},
              ("Kilo starts the project's MCP servers from kilo.json; kilo mcp list shows "
               "them.",), key="mcp", command_list=True),
    TranscriptDir("XDG_DATA_HOME", ".local/share", "kilo", database="kilo.db"))

#: Cline CLI's tools that write files (``editor``; a GPT model gets ``apply_patch`` instead)
#: and its shell, as its plugin hooks name them; the plugin hands run_commands' list of
#: command lines as one line.
_CLINE_TOOLS: Mapping[str, ToolShape] = {
    "editor": ToolShape("edit", path=("path",), old="old_text"),
    "apply_patch": ToolShape("patch", command="input"),
    "run_commands": ToolShape("shell"),
}
CLINE = Agent(
    name="cline", title="Cline CLI", config=".cline/plugins/git-ledger.ts",
    # The plugin's hooks (@cline/core AgentRuntimeHooks).  A compaction is seen at the next
    # model request, where it already happened: the checkpoint is taken there.
    events={"session-start": "beforeRun", "pre-compact": "beforeModel",
            "session-end": "afterRun", "pre-tool-use": "beforeTool"},
    grouped=False, start_matcher=None, timeout=HOOK_TIMEOUT, preamble={}, extra=_no_extra,
    notes=("Cline CLI loads project plugins from .cline/plugins/ at startup (cline plugin "
           "list shows them); git-ledger must be on its PATH.",
           "Cline gives its plugins 4 seconds to load, then goes on without them (its log "
           "says so): on a slow machine raise CLINE_PLUGIN_IMPORT_TIMEOUT_MS.",
           "The restore block goes in front of every model request, renewed after a "
           "compaction.",
           "Cline's plugin hooks cannot send the agent back when it stops, so there is no "
           "Stop check: run git ledger check before you commit."),
    budget=9_000, context_path=_PLUGIN_OUTPUT, stop_decision="block", stop_key="reason",
    mcp=None,
    # $CLINE_DATA_DIR/sessions/<session id>/<session id>.messages.json (~/.cline/data).
    transcripts=(TranscriptDir("CLINE_DATA_DIR", ".cline/data", "sessions"),),
    tools=_CLINE_TOOLS, tool_context_path=_PLUGIN_OUTPUT, plugin=True)

#: Every agent, in the order the CLI, the docs and the tests list them.
REGISTRY: tuple[Agent, ...] = (CLAUDE, CODEX, GEMINI, QWEN, CURSOR, PI, COPILOT, OPENCODE,
                               KILO, DROID, CLINE, OMP)
BY_NAME: dict[str, Agent] = {a.name: a for a in REGISTRY}
AGENTS: tuple[str, ...] = tuple(BY_NAME)
#: What ``restore --format`` offers: the block as text or JSON, or an agent's envelope.
FORMATS: tuple[str, ...] = (*BLOCK_FORMATS, *AGENTS)
#: Default budgets in characters of the injected context, per format.
DEFAULT_BUDGETS: dict[str, int] = {**dict.fromkeys(BLOCK_FORMATS, BLOCK_BUDGET),
                                   **{a.name: a.budget for a in REGISTRY}}
#: Files an agent sources into its shell after SessionStart, in the order we look.
ENV_FILES: tuple[str, ...] = tuple(dict.fromkeys(
    a.payload.env_file for a in REGISTRY if a.payload.env_file))
#: What agents set in their shells to the session id, for writes to attribute it.
SHELL_SESSION_VARS: tuple[str, ...] = tuple(
    a.payload.shell_session for a in REGISTRY if a.payload.shell_session)
#: Where agents name the project directory, for payloads that carry no ``cwd``.
PROJECT_DIR_VARS: tuple[str, ...] = tuple(
    a.payload.project_dir for a in REGISTRY if a.payload.project_dir)


def agent(name: str) -> Agent:
    """The agent called ``name``, or InvalidInput naming the ones we know."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise InvalidInput(
            f"unknown agent '{name}': use one of {', '.join(AGENTS)}"
        ) from None


def envelope(fmt: str, event: str, context: str) -> dict[str, Any]:
    """The JSON object agent ``fmt`` reads from a SessionStart hook's stdout."""
    return agent(fmt).envelope(event, context)


def tool_envelope(fmt: str, context: str) -> dict[str, Any]:
    """What agent ``fmt`` reads from a pre-tool-use hook to add ``context`` to the model's
    next request, never blocking the tool."""
    return agent(fmt).tool_envelope(context)


def stop_envelope(fmt: str, reason: str) -> dict[str, Any]:
    """What makes agent ``fmt`` carry on instead of stopping (docs/hooks.md, "The Stop
    hook"): Claude Code and Codex read ``decision: "block"``, Gemini CLI ``"deny"`` (a retry
    turn whose prompt is the reason), Cursor a ``followup_message`` (the next user message).
    """
    return agent(fmt).stop_envelope(reason)


def default_budget(fmt: str, budget: int | None = None) -> int:
    """``budget`` if given, else format ``fmt``'s default."""
    if budget is not None:
        return budget
    try:
        return DEFAULT_BUDGETS[fmt]
    except KeyError:
        raise InvalidInput(f"unknown format '{fmt}': use one of {', '.join(FORMATS)}") from None


def choice_help(names: tuple[str, ...] = AGENTS) -> str:
    """The agents as a help text lists them: ``claude, codex, gemini or cursor``."""
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]


__all__ = [
    "AGENTS",
    "BY_NAME",
    "CLAUDE",
    "CLINE",
    "CODEX",
    "COPILOT",
    "CURSOR",
    "DEFAULT_BUDGETS",
    "DROID",
    "ENV_FILES",
    "FORMATS",
    "GEMINI",
    "HOOKED",
    "HOOK_TIMEOUT",
    "KILO",
    "OMP",
    "OPENCODE",
    "PI",
    "PROJECT_DIR_VARS",
    "QWEN",
    "REGISTRY",
    "SHELL_SESSION_VARS",
    "Agent",
    "McpTarget",
    "PayloadKeys",
    "ToolShape",
    "TranscriptDir",
    "agent",
    "choice_help",
    "default_budget",
    "envelope",
    "stop_envelope",
    "tool_envelope",
]
