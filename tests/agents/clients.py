"""The real agent clients, pinned: one record each, how to install and drive it headless.

Each client installs from npm, at the version pinned here, into a cache outside the checkout
(``GITLEDGER_AGENT_CACHE``, else ``$XDG_CACHE_HOME/gitledger-agents``), reused between runs:
a directory of its own keyed by its pin, installed when a test first needs it.
``GITLEDGER_AGENT_VERSIONS=latest`` installs ``@latest`` of each instead, into directories
of their own, to report drift (docs/agents-suite.md).

A client runs with a temporary HOME, a fake key and its base URL pointed at the scripted
model server (``model_server.py``); ``prepare`` writes what the client needs in that HOME
to start without a login or a prompt: an auth choice, a trusted project, the provider.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from gitledger.integrations.mcp_server import SERVER_NAME

#: Read when the tests are collected, before the hermetic fixture swaps HOME.
CACHE_ROOT = Path(os.environ.get("GITLEDGER_AGENT_CACHE") or Path(
    os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gitledger-agents")
VERSIONS = os.environ.get("GITLEDGER_AGENT_VERSIONS", "pinned")
#: npm's own download cache, inside the client's directory: used for its install, then
#: removed (the installed client is what is reused; keeping both would double the disk).
NPM_CACHE = ".npm-download"
INSTALL_TIMEOUT = 600
#: The name ``git ledger install --mcp`` gives our server in every client's config.
MCP_SERVER = SERVER_NAME
#: How long Codex waits for a project's MCP servers before its first request.
MCP_STARTUP_GRACE_MS = 20_000


class ClientMissing(Exception):
    """What the suite needs to run a client is not on this machine (one line why)."""


@dataclass(frozen=True)
class Run:
    """One headless run of a client: its arguments (``{URL}`` is the model server's base
    address), the variables it needs, and what it reads on stdin."""

    argv: tuple[str, ...]
    env: dict[str, str] = field(default_factory=dict)
    stdin: str = ""
    #: Files written just before the run (absolute path → text, ``{URL}`` replaced): a
    #: client whose config alone can name the base URL.
    files: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Client:
    name: str
    package: str
    version: str
    binary: str
    #: Writes the client's own config into HOME for a project at ``repo``.
    prepare: Callable[[Path, Path], None]
    #: One prompt, in a new session or (``resume``) continuing the session with that id.
    prompt: Callable[[Path, str, str | None], Run]
    #: Scenario (a name of ``matrix.SCENARIOS``) → why this client cannot have it, e.g.
    #: ``{"clear": "/clear is a TUI command; exec mode takes no slash commands"}``: "not
    #: available" in the support matrix.  Never a scenario the suite runs for it.
    lacks: Mapping[str, str] = field(default_factory=dict)
    #: The matrix's column title, when the client has no agent record to take it from.
    title: str = ""
    #: Where a reply reporting ``FULL_CONTEXT`` makes it compact: before its next request
    #: within the turn (``"turn"``), or only once the prompt ends, before the next prompt,
    #: each paragraph of a prompt's text being one (``"prompt"``).
    compacts: str = "turn"
    #: Other packages installed beside it, pinned (``NAME@VERSION``): a platform binary the
    #: launcher's own pin does not bring, or the runtime it runs on (Oh My Pi: Bun).
    extra: tuple[str, ...] = ()
    #: The version the binary reports, when it is not the package's (a launcher that runs
    #: the platform binary installed beside it): what the support matrix names.
    runs: str = ""
    #: It fires the compact SessionStart without waiting for it: the fresh block reaches
    #: the first request sent once the hook has returned (a script waits for it).
    restores_late: bool = False

    @property
    def release(self) -> str:
        return self.runs or self.version

    @property
    def spec(self) -> str:
        return f"{self.package}@{'latest' if VERSIONS == 'latest' else self.version}"

    @property
    def specs(self) -> tuple[str, ...]:
        """What npm installs for it: ``spec`` and the ``extra`` packages (at ``@latest``
        too when the run reports drift)."""
        extra = (f"{e.rpartition('@')[0]}@latest" if VERSIONS == "latest" else e
                 for e in self.extra)
        return (self.spec, *extra)


# -- Claude Code ------------------------------------------------------------------------


def _claude_prepare(home: Path, repo: Path) -> None:
    # Onboarding done and the project's dialogs answered, so nothing waits for a person.
    (home / ".claude.json").write_text(json.dumps({
        "hasCompletedOnboarding": True, "bypassPermissionsModeAccepted": True,
        "projects": {str(repo): {"hasTrustDialogAccepted": True,
                                 "enabledMcpjsonServers": [MCP_SERVER]}},
    }))


def _claude_prompt(home: Path, text: str, resume: str | None) -> Run:
    # With no prompt text, the prompts come as stream-json user messages on stdin.
    head = ["-p", text] if text else ["-p", "--input-format", "stream-json"]
    # acceptEdits lets the model's Edit and Write, and a shell redirection into the project,
    # go through as a person accepting edits would (-p has nobody to ask).
    argv = [*head, "--output-format", "stream-json", "--verbose",
            "--permission-mode", "acceptEdits",
            "--allowedTools", "Bash(git ledger:*)", "Bash(echo:*)", f"mcp__{MCP_SERVER}",
            # (the survival session's filler: ``git ledger`` commands in one process)
            "Bash(python3 -c:*)"]
    if resume:
        argv += ["--resume", resume]
    return Run(tuple(argv), {"ANTHROPIC_BASE_URL": "{URL}", "ANTHROPIC_API_KEY": "sk-ant-test",
                             "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_ENABLE_TELEMETRY": "0",
                             "DISABLE_ERROR_REPORTING": "1",
                             # Connect the project's MCP servers before the first request
                             # (by default it goes out without them, naming none).
                             "MCP_CONNECTION_NONBLOCKING": "false"})


#: Input tokens a reply reports to make each client compact on its own: Claude Code's
#: window is 1,000,000 tokens for the model it names; Codex's is set by ``_codex_prepare``,
#: GitHub Copilot CLI's by ``_copilot_prompt``.
CODEX_WINDOW = 100_000
#: The model Codex is told it talks to.  Not in 0.171's catalog, so Codex offers every
#: tool, MCP ones included, directly; but no ``apply_patch`` (``CODEX_EDIT_MODEL``).
CODEX_MODEL = "gpt-5-codex"
#: A model in 0.171's own catalog whose entry names an ``apply_patch`` kind (freeform):
#: the one Codex offers its edit tool to.  It also defers MCP tools behind tool_search,
#: which the scripted model does not answer, so only the edit scenarios name it.
CODEX_EDIT_MODEL = "gpt-5.5"
FULL_CONTEXT = {"claude": 995_000, "codex": 90_000, "pi": 95_000, "qwen": 900_000,
                "copilot": 39_500, "opencode": 99_000, "kilo": 99_000,
                "cline": 1_000_000, "omp": 95_000}


# -- Codex CLI --------------------------------------------------------------------------


def _codex_prepare(home: Path, repo: Path) -> None:
    config = home / ".codex"
    config.mkdir(exist_ok=True)
    # The provider's base_url is given per run (-c), where the server's port is known.  The
    # small window makes a reply that reports many input tokens trigger auto-compaction.
    # Codex starts MCP servers beside the first request and offers their tools only once
    # they are up; ``git ledger mcp`` takes about a second to start (Python, the SDK), so
    # the session waits for it, bounded, as a person's would have by their first prompt.
    (config / "config.toml").write_text(
        f'model = "{CODEX_MODEL}"\nmodel_provider = "scripted"\n'
        f"model_context_window = {CODEX_WINDOW}\n"
        f"model_auto_compact_token_limit = {CODEX_WINDOW // 20}\n"
        f"mcp_optional_startup_grace_ms = {MCP_STARTUP_GRACE_MS}\n\n"
        '[model_providers.scripted]\nname = "scripted"\nbase_url = "http://127.0.0.1:9/v1"\n'
        'env_key = "SCRIPTED_API_KEY"\nwire_api = "responses"\n\n'
        f'[projects."{repo}"]\ntrust_level = "trusted"\n')


def codex_edits(home: Path) -> None:
    """Name ``CODEX_EDIT_MODEL`` in a Codex HOME set up by ``_codex_prepare``, so Codex
    offers ``apply_patch``."""
    config = home / ".codex" / "config.toml"
    config.write_text(config.read_text().replace(f'model = "{CODEX_MODEL}"',
                                                 f'model = "{CODEX_EDIT_MODEL}"', 1))


def _codex_prompt(home: Path, text: str, resume: str | None) -> Run:
    argv = ["exec"]
    if resume:
        argv += ["resume", resume]
    argv += ["-c", 'model_providers.scripted.base_url="{URL}/v1"',
             "--dangerously-bypass-hook-trust", "--dangerously-bypass-approvals-and-sandbox",
             "--skip-git-repo-check", text]
    return Run(tuple(argv), {"SCRIPTED_API_KEY": "test", "CODEX_HOME": str(home / ".codex")})


# -- Gemini CLI -------------------------------------------------------------------------


def _gemini_prepare(home: Path, repo: Path) -> None:
    config = home / ".gemini"
    config.mkdir(exist_ok=True)
    (config / "settings.json").write_text(json.dumps({
        "security": {"auth": {"selectedType": "gemini-api-key"},
                     "folderTrust": {"enabled": False}},
        "general": {"disableAutoUpdate": True, "disableUpdateNag": True},
        "privacy": {"usageStatisticsEnabled": False},
        "telemetry": {"enabled": False},
    }))


def _gemini_prompt(home: Path, text: str, resume: str | None) -> Run:
    argv = ["-p", text, "--yolo", "--output-format", "json"]
    if resume:
        argv += ["--resume", resume]
    return Run(tuple(argv), {"GEMINI_API_KEY": "test", "GOOGLE_GEMINI_BASE_URL": "{URL}",
                             "GEMINI_CLI_NO_RELAUNCH": "true", "NO_COLOR": "1"})


# -- Qwen Code --------------------------------------------------------------------------


def _qwen_prepare(home: Path, repo: Path) -> None:
    config = home / ".qwen"
    config.mkdir(exist_ok=True)
    (config / "settings.json").write_text(json.dumps({
        "security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": False}},
        "general": {"disableAutoUpdate": True, "disableUpdateNag": True},
        "privacy": {"usageStatisticsEnabled": False},
        "telemetry": {"enabled": False},
        # Its background memory agent offers tools, so it would take the script's turns.
        "memory": {"enableManagedAutoMemory": False, "enableManagedAutoDream": False},
    }))
    # A project's MCP servers wait for the user's approval, bound to a hash of the server's
    # entry: approved here, as a person would at the prompt, for the entry install writes.
    entry = json.dumps({"alwaysLoadTools": True, "args": ["ledger", "mcp"], "command": "git"},
                       separators=(",", ":"))
    (config / "mcpApprovals.json").write_text(json.dumps({str(repo): {MCP_SERVER: {
        "hash": hashlib.sha256(entry.encode()).hexdigest(), "status": "approved"}}}))


def _qwen_prompt(home: Path, text: str, resume: str | None) -> Run:
    # With no prompt text, the prompts come as stream-json user messages on stdin.
    head = [text] if text else ["--input-format", "stream-json"]
    argv = [*head, "--yolo", "--output-format", "stream-json" if not text else "json"]
    if resume:
        argv += ["--resume", resume]
    return Run(tuple(argv), {"OPENAI_BASE_URL": "{URL}/v1", "OPENAI_API_KEY": "test",
                             "OPENAI_MODEL": "qwen3-coder-plus", "NO_COLOR": "1"})


# -- Pi -----------------------------------------------------------------------------------

#: The model Pi is given: a provider of ours in ``models.json`` (OpenAI chat completions),
#: its window small enough that a reply reporting ``FULL_CONTEXT["pi"]`` compacts.
PI_MODEL = "scripted/scripted-model"
PI_WINDOW = 100_000


def _pi_prepare(home: Path, repo: Path) -> None:
    agent = home / ".pi" / "agent"
    agent.mkdir(parents=True)
    # No version check, no package updates, no terminal setup: nothing reaches out.
    (agent / "settings.json").write_text(json.dumps({"quietStartup": True}))


def _pi_prompt(home: Path, text: str, resume: str | None) -> Run:
    models = {"providers": {"scripted": {
        "baseUrl": "{URL}/v1", "api": "openai-completions", "apiKey": "SCRIPTED_API_KEY",
        "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
        "models": [{"id": "scripted-model", "contextWindow": PI_WINDOW, "maxTokens": 4096}],
    }}}
    # Print mode sends several messages in turn: each paragraph of ``text`` is one (how a
    # scenario has a prompt after an automatic compaction, which Pi runs between prompts).
    argv = ["--model", PI_MODEL, "-p", *text.split("\n\n")]
    if resume:
        argv += ["--session", resume]
    return Run(tuple(argv), {"SCRIPTED_API_KEY": "test", "PI_OFFLINE": "1", "NO_COLOR": "1"},
               files={str(home / ".pi" / "agent" / "models.json"): json.dumps(models)})


# -- Oh My Pi (Pi's fork) ---------------------------------------------------------------

#: Oh My Pi's agent directory holds ``models.yml``, the only place that names a base URL.
OMP_AGENT = Path(".omp") / "agent"


def _omp_prepare(home: Path, repo: Path) -> None:
    agent = home / OMP_AGENT
    agent.mkdir(parents=True)
    # By default MCP tools are mounted as xd:// devices, driven through read and write;
    # with ``tools.xdev`` off each is a tool of its own (``mcp__git_ledger_decide``).
    (agent / "config.yml").write_text(json.dumps({"tools": {"xdev": False}}))


def _omp_prompt(home: Path, text: str, resume: str | None) -> Run:
    provider = {"baseUrl": "{URL}/v1", "api": "openai-completions",
                "apiKey": "SCRIPTED_API_KEY",
                "models": [{"id": "scripted-model", "contextWindow": PI_WINDOW,
                            "maxTokens": 4096}]}
    # Like Pi's print mode, each paragraph of ``text`` is one message, sent in turn.
    argv = ["--model", PI_MODEL, "-p", *text.split("\n\n")]
    if resume:
        argv += ["--session", resume]
    # Its edit tool in its default mode, hashline: the model server writes the patch.
    return Run(tuple(argv), {"SCRIPTED_API_KEY": "test", "NO_COLOR": "1"},
               files={str(home / OMP_AGENT / "models.yml"):
                      json.dumps({"providers": {"scripted": provider}})})


# -- GitHub Copilot CLI -------------------------------------------------------------------

#: The model Copilot is told it talks to: its catalog gives this one the ``edit`` and
#: ``create`` file tools (a GPT model gets ``apply_patch`` instead), over chat completions.
COPILOT_MODEL = "claude-sonnet-4.6"
#: The prompt window Copilot is told the model has: a reply reporting most of it makes
#: Copilot compact on its own (in the background from 80%, before the next request from 95%).
COPILOT_WINDOW = 40_000
#: ``-p /compact`` on a resumed session compacts it (PreCompact fires), but no SessionStart
#: follows; ``-p /clear`` goes to the model as a prompt.
COPILOT_NO_RESTORE = ("no SessionStart after a compaction, so no block comes back; PreCompact "
                      "checkpoints and the next edit of governed code is told its decision "
                      "again")


def _copilot_prepare(home: Path, repo: Path) -> None:
    # Nothing to write: BYOK (COPILOT_PROVIDER_*) needs no GitHub login, offline mode reaches
    # no GitHub service, and COPILOT_ALLOW_ALL=true trusts the folder for the run.
    (home / ".copilot").mkdir(exist_ok=True)


def _copilot_prompt(home: Path, text: str, resume: str | None) -> Run:
    argv = ["-p", text, "--allow-all-tools", "--no-auto-update"]
    if resume:
        argv.append(f"--resume={resume}")
    return Run(tuple(argv), {
        "COPILOT_PROVIDER_BASE_URL": "{URL}/v1", "COPILOT_PROVIDER_API_KEY": "test",
        "COPILOT_PROVIDER_MAX_PROMPT_TOKENS": str(COPILOT_WINDOW),
        "COPILOT_MODEL": COPILOT_MODEL, "COPILOT_OFFLINE": "true",
        # Exactly "true": also trusts the folder, so its hooks and .mcp.json load in -p.
        "COPILOT_ALLOW_ALL": "true", "COPILOT_AUTO_UPDATE": "false", "NO_COLOR": "1",
        # The launcher unpacks its 235 MB package into the cache at the first run: once
        # for the suite, not once per temporary HOME.
        "XDG_CACHE_HOME": str(CACHE_ROOT / "copilot-cache")})


# -- OpenCode and Kilo (its fork) ------------------------------------------------------

#: The context window the scripted provider declares to the OpenCode family: a reply that
#: reports more input tokens than it holds makes the client compact.
OPENCODE_WINDOW = 100_000


def _opencode_family_prepare(config_dir: str, plugin_package: str) -> Callable[[Path, Path],
                                                                               None]:
    def prepare(home: Path, repo: Path) -> None:
        # At startup the client installs its plugin SDK into every config directory, the
        # user's and the project's (npm, retried for tens of seconds offline; Kilo's, cut
        # short by the run's exit, leaves a lock the next run waits a minute on).  A
        # directory that already declares and holds it is left alone, as on a machine that
        # was online once.
        for config in (home / ".config" / config_dir, repo / f".{config_dir}"):
            (config / "node_modules").mkdir(parents=True)
            (config / "package.json").write_text(json.dumps(
                {"dependencies": {plugin_package: "*"}}))
            (config / "package-lock.json").write_text(json.dumps(
                {"packages": {"": {"dependencies": {plugin_package: "*"}}}}))
    return prepare


#: What the OpenCode family does at every start that no test needs (each a wait offline,
#: or CPU): the built-in auth plugins installed from npm, language servers downloaded, the
#: file watcher, the Claude Code compatibility scan and sharing.  Never the project's own
#: plugin (``*_DISABLE_PROJECT_CONFIG``, ``*_PURE``), compaction or the session database.
OPENCODE_QUIET = ("DISABLE_DEFAULT_PLUGINS", "DISABLE_LSP_DOWNLOAD", "DISABLE_SHARE",
                  "DISABLE_EMBEDDED_WEB_UI", "EXPERIMENTAL_DISABLE_FILEWATCHER",
                  "DISABLE_CLAUDE_CODE", "DISABLE_EXTERNAL_SKILLS")
#: Kilo's own on top: the codebase indexing (~13 s a start), the PostHog telemetry it
#: waits for at exit (any level but "all" is off), the background daemon it looks for, and
#: the session ingest and presence services of its cloud.
KILO_QUIET = {"KILO_DISABLE_CODEBASE_INDEXING": "1", "KILO_TELEMETRY_LEVEL": "off",
              "KILO_NO_DAEMON": "1", "KILO_DISABLE_SESSION_INGEST": "1",
              "KILO_DISABLE_PRESENCE": "1"}


def _opencode_family_prompt(prefix: str, *flags: str, env: Mapping[str, str] | None = None,
                            snapshots: bool = False) -> Callable[[Path, str, str | None], Run]:
    def prompt(home: Path, text: str, resume: str | None) -> Run:
        # The provider comes in the environment (``{URL}`` is only known per run): an
        # OpenAI-compatible one with a fake key, and its model the default, the only one
        # enabled; no snapshot of the project (a git index of it) at every step, unless
        # the snapshots are what a test proves our handling of (Kilo's refs in the project).
        config = {"provider": {"scripted": {
                      "npm": "@ai-sdk/openai-compatible", "name": "scripted",
                      "options": {"baseURL": "{URL}/v1", "apiKey": "test"},
                      "models": {"m1": {"name": "m1", "limit": {
                          "context": OPENCODE_WINDOW, "output": 4_000}}}}},
                  "enabled_providers": ["scripted"], "snapshot": snapshots,
                  "experimental": {"openTelemetry": False},
                  "model": "scripted/m1", "autoupdate": False, "share": "disabled"}
        argv = ["run", *flags, text, *(["--session", resume] if resume else [])]
        return Run(tuple(argv), {f"{prefix}_CONFIG_CONTENT": json.dumps(config),
                                 # Its global config directory, where ``prepare`` wrote.
                                 "XDG_CONFIG_HOME": str(home / ".config"),
                                 f"{prefix}_DISABLE_MODELS_FETCH": "1",
                                 f"{prefix}_DISABLE_AUTOUPDATE": "1",
                                 **{f"{prefix}_{name}": "1" for name in OPENCODE_QUIET},
                                 **(env or {}),
                                 # Its plugin SDK install in the project fails at once.
                                 "npm_config_offline": "true"})
    return prompt


# -- Factory Droid ----------------------------------------------------------------------

#: The model Droid is given: a custom model of ``~/.factory/settings.json``, spoken to over
#: OpenAI chat completions with a fake key; no Factory login is needed for it.
DROID_MODEL = "custom:scripted"


def _droid_prepare(home: Path, repo: Path) -> None:
    (home / ".factory").mkdir(exist_ok=True)


def _droid_prompt(home: Path, text: str, resume: str | None) -> Run:
    # blockOnMcpLoad: the first request waits for the project's MCP servers (by default
    # it goes out without them, and their tools come in no later request of exec).
    settings = {"blockOnMcpLoad": True, "customModels": [{
        "model": "scripted", "displayName": "Scripted", "baseUrl": "{URL}/v1",
        "apiKey": "test", "provider": "generic-chat-completion-api", "maxOutputTokens": 4096}]}
    # --auto high lets the model's shell and file tools run (exec is read-only by default).
    argv = ["exec", "-m", DROID_MODEL, "--auto", "high",
            *(["--session-id", resume] if resume else []), text]
    # Continuing a session, exec first fetches it from Factory's API and stops on any
    # failure but a 404: the API's base URL is the scripted server, which answers it.
    env = {"NO_COLOR": "1", **({"FACTORY_API_BASE_URL": "{URL}"} if resume else {})}
    return Run(tuple(argv), env,
               files={str(home / ".factory" / "settings.json"): json.dumps(settings)})


# -- Cline CLI ----------------------------------------------------------------------------

#: The context window Cline is told the scripted model has: a reply that reports many more
#: input tokens than Cline counts in its request makes it compact before the next one.
CLINE_WINDOW = 16_000


def _cline_prepare(home: Path, repo: Path) -> None:
    (home / ".cline" / "data" / "settings").mkdir(parents=True)


def _cline_prompt(home: Path, text: str, resume: str | None) -> Run:
    # What ``cline auth -p openai -k KEY -m MODEL -b URL`` writes, with the window named.
    providers = {"version": 1, "lastUsedProvider": "openai-compatible", "modes": {},
                 "providers": {"openai-compatible": {"settings": {
                     "provider": "openai-compatible", "apiKey": "test", "model": "scripted-model",
                     "baseUrl": "{URL}/v1", "contextWindow": CLINE_WINDOW},
                     "updatedAt": "2026-01-01T00:00:00.000Z", "tokenSource": "manual"}}}
    # A new session's prompt comes on stdin: as an argument, one word is taken for a
    # mistyped subcommand.  Resuming (--id) with stdin not a terminal is refused.
    argv = ["--id", resume, text] if resume else []
    # Cline gives its plugin sandbox 4 s to start and load the plugins, then goes on
    # without them: too little on a loaded 2-core machine.
    settings = home / ".cline" / "data" / "settings" / "providers.json"
    return Run(tuple(argv), {"NO_COLOR": "1", "CLINE_PLUGIN_IMPORT_TIMEOUT_MS": "60000"},
               stdin="" if resume else text, files={str(settings): json.dumps(providers)})


CLAUDE = Client("claude", "@anthropic-ai/claude-code", "2.1.332", "claude",
                _claude_prepare, _claude_prompt)
#: The slash commands ``/compact`` and ``/clear`` reach these clients only through their
#: terminal UI: their headless modes take one prompt and no slash commands.
NO_SLASH_HEADLESS = "a slash command of the terminal UI only: the headless run takes none"
CODEX = Client("codex", "@openai/codex", "0.171.0", "codex", _codex_prepare, _codex_prompt,
               lacks={"manual-compact": NO_SLASH_HEADLESS, "clear": NO_SLASH_HEADLESS})
GEMINI = Client("gemini", "@google/gemini-cli", "0.61.0", "gemini",
                _gemini_prepare, _gemini_prompt,
                lacks={"manual-compact": NO_SLASH_HEADLESS, "clear": NO_SLASH_HEADLESS,
                       "auto-compact": "no SessionStart after compression, so no block "
                                       "comes back; PreCompress, which fires before every "
                                       "model call, costs one checkpoint",
                       "survival": "no SessionStart after compression: nothing is "
                                   "re-injected to measure"})
PI = Client("pi", "@mariozechner/pi-coding-agent", "0.73.1", "pi", _pi_prepare, _pi_prompt,
            compacts="prompt",
            lacks={"manual-compact": NO_SLASH_HEADLESS, "clear": NO_SLASH_HEADLESS,
                   "mcp": "no MCP client at all: Pi leaves tools to extensions"})
#: Qwen Code fires SessionEnd only when its terminal UI, a /clear or an ACP session ends.
QWEN_NO_END = "a headless run fires no SessionEnd (0.24.4): only the terminal UI, /clear or ACP"
QWEN = Client("qwen", "@qwen-code/qwen-code", "0.24.4", "qwen", _qwen_prepare, _qwen_prompt,
              lacks={"manual-compact": "headless, a /compact in its stream-json input reaches "
                                       "the model as text (0.24.4)",
                     "clear": "headless, a /clear in its stream-json input fires SessionStart "
                              "clear under a new id without waiting for it, and its block "
                              "never reached a request: the three after it, 6 s apart, "
                              "still held the resumed session's (0.24.4)",
                     "session-end": QWEN_NO_END,
                     "transcript": f"saved at session end or compaction; {QWEN_NO_END}",
                     "export": f"nothing saved to export: {QWEN_NO_END}"},
              restores_late=True)
COPILOT = Client("copilot", "@github/copilot", "1.0.102", "copilot",
                 _copilot_prepare, _copilot_prompt,
                 lacks={"manual-compact": "-p /compact on a resumed session compacts, "
                                          "but: " + COPILOT_NO_RESTORE,
                        "auto-compact": COPILOT_NO_RESTORE,
                        "survival": COPILOT_NO_RESTORE,
                        "clear": "-p sends /clear to the model as a prompt: a command of "
                                 "the interactive UI only"})
#: What the OpenCode family lacks, the same in OpenCode and in Kilo.
OPENCODE_LACKS = {
    "manual-compact": "/compact is a command of the terminal UI; `run` sends a prompt (an "
                      "auto-compaction goes through the same session.compacted event)",
    "clear": "no /clear: a new conversation is a new session, restored as a startup",
}
OPENCODE = Client("opencode", "opencode-ai", "1.18.33", "opencode",
                  _opencode_family_prepare("opencode", "@opencode-ai/plugin"),
                  _opencode_family_prompt("OPENCODE"), lacks=OPENCODE_LACKS)
# 7.8.1's platform package (@kilocode/cli-linux-x64@7.8.1) is not in the registry: its
# postinstall fails with ETARGET.  7.7.7 is the newest whose platform package is there.
KILO = Client("kilo", "@kilocode/cli", "7.7.7", "kilo",
              _opencode_family_prepare("kilo", "@kilocode/plugin"),
              # Kilo's run rejects every tool call that asks permission, unless --auto.
              _opencode_family_prompt("KILO", "--auto", env=KILO_QUIET,
                                     snapshots=True),
              lacks=OPENCODE_LACKS)
# The launcher's newest release, 0.225.1, names a platform binary the registry lacks
# (@factory/cli-linux-x64@0.225.1); the launcher runs the 0.225.2 binary installed beside it.
#: Seen in 0.225.2: a reply reporting more input tokens than the window makes exec compact
#: within the turn (a summary request, then the next turn without the block).
DROID_NO_COMPACT_HOOKS = ("droid exec compacts on its own, but fires neither PreCompact nor "
                          "SessionStart for it (0.225.2): no checkpoint, and the block "
                          "comes back only at the next start or resume")
DROID = Client("droid", "@factory/cli", "0.225.1", "droid", _droid_prepare, _droid_prompt,
               extra=("@factory/cli-linux-x64@0.225.2",), runs="0.225.2",
               lacks={"manual-compact": "/compress (alias /compact) \"is only available in "
                                        "the interactive TUI right now\" (its own text): exec "
                                        "sends it to the model as text",
                      "clear": "a slash command of the terminal UI only: exec sends /clear "
                               "to the model as text",
                      "auto-compact": DROID_NO_COMPACT_HOOKS,
                      "survival": DROID_NO_COMPACT_HOOKS})
#: What Cline CLI's plugin hooks cannot do (@cline/core 0.0.86 ``AgentRuntimeHooks``).
CLINE_NO_STOP = ("a plugin cannot send the agent back: afterModel and afterRun answer only "
                 "{stop, reason}, which ends the run, and a text answer ends it unless the "
                 "host's completionPolicy (no plugin sets it) adds a reminder")
CLINE_NO_RESUME = ("`cline --id SESSION` always opens the terminal UI: with a prompt or "
                   "piped stdin it stops, \"interactive mode requires a TTY\" (3.0.65)")
CLINE = Client("cline", "cline", "3.0.65", "cline", _cline_prepare, _cline_prompt,
               lacks={"manual-compact": "headless, `/compact` reaches the model as the "
                                        "prompt (3.0.65)",
                      "clear": "headless, a slash command reaches the model as the prompt; "
                               "a new run is a new session, restored as a startup",
                      "resume": CLINE_NO_RESUME,
                      "survival": "its session goes on in a second run, resumed: "
                                  + CLINE_NO_RESUME,
                      "stop": CLINE_NO_STOP,
                      "mcp": "MCP servers come only from the user's "
                             "cline_mcp_settings.json (its data directory, or "
                             "$CLINE_MCP_SETTINGS_PATH) and from plugins, never from a "
                             "project file install could write"})
# 18.3.4's own packages (@oh-my-pi/omp-stats@18.3.4 and others) are not in the registry:
# npm install fails with ETARGET.  18.2.3 is the newest all of whose packages are there.
OMP = Client("omp", "@oh-my-pi/pi-coding-agent", "18.2.3", "omp", _omp_prepare, _omp_prompt,
             compacts="prompt", extra=("bun@1.4.5",),
             lacks={"manual-compact": "a command of the terminal UI: with -p, /compact reaches "
                                      "the model as a prompt (18.2.3)",
                    "clear": "a command of the terminal UI: with -p, /new reaches "
                             "the model as a prompt (18.2.3)"})
CLIENTS: tuple[Client, ...] = (CLAUDE, CODEX, GEMINI, PI, QWEN, COPILOT, OPENCODE, KILO,
                               DROID, CLINE, OMP)
BY_NAME = {c.name: c for c in CLIENTS}


def cache_dir(client: Client) -> Path:
    """Where ``client`` is installed: one directory per client and its specs, so adding or
    bumping one client installs that one alone, and pins never mix."""
    key = hashlib.sha256(" ".join(client.specs).encode()).hexdigest()[:12]
    return CACHE_ROOT / f"{VERSIONS}-{client.name}-{key}"


def npm_reason(stderr: str) -> str:
    """The last line of a failed npm install that says why: not the one pointing at its
    debug log, which goes with the download cache removed after the install."""
    lines = [line for line in stderr.strip().splitlines()
             if line.strip() and "A complete log of this run" not in line]
    return lines[-1] if lines else "(no output)"


#: The installs that failed in this process, by directory: each reason raised again at once,
#: so a client that does not install costs one attempt, not one per test.
_FAILED: dict[Path, str] = {}
#: The id pytest-xdist gives this run, the same in every worker: a failure one worker met is
#: kept in the client's directory under it, and the other workers raise it without trying.
RUN_ID = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
FAILED_FILE = ".failed"


def _failed(where: Path) -> str | None:
    """Why ``where``'s install failed earlier in this run, if it did."""
    if where in _FAILED:
        return _FAILED[where]
    if RUN_ID:
        try:
            run, _, reason = (where / FAILED_FILE).read_text().partition("\n")
        except OSError:
            return None
        if run == RUN_ID and reason.strip():
            _FAILED[where] = reason.strip()
            return _FAILED[where]
    return None


def _give_up(where: Path, reason: str) -> ClientMissing:
    """The failure, remembered for the rest of the run."""
    _FAILED[where] = reason
    if RUN_ID:
        (where / FAILED_FILE).write_text(f"{RUN_ID}\n{reason}\n")
    return ClientMissing(reason)


def install(client: Client) -> Path:
    """``client`` installed (once; later runs reuse it): its ``node_modules/.bin`` path.
    An install that failed is tried once a run: later calls raise its reason at once."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise ClientMissing(f"the agent suite needs {tool} on PATH to install the "
                                "clients (Debian: apt-get install nodejs npm)")
    where = cache_dir(client)
    bin_dir = where / "node_modules" / ".bin"
    known = _failed(where)
    if known is not None:
        raise ClientMissing(known)
    where.mkdir(parents=True, exist_ok=True)
    with (where / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        known = _failed(where)  # another worker's attempt, which this one waited for
        if known is not None:
            raise ClientMissing(known)
        done = where / ".installed"
        if VERSIONS == "latest" or not done.exists() or not (bin_dir / client.binary).exists():
            # npm's download cache, this install's own: removed after it (the installed
            # client is what is reused), and never shared with a concurrent install.
            downloads = where / NPM_CACHE
            try:
                npm = subprocess.run(
                    ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error",
                     "--cache", str(downloads), "--prefix", str(where), *client.specs],
                    capture_output=True, text=True, timeout=INSTALL_TIMEOUT, check=False)
            except subprocess.TimeoutExpired:
                raise _give_up(where, f"npm install of {' '.join(client.specs)} did not "
                                      f"finish in {INSTALL_TIMEOUT} s") from None
            finally:
                shutil.rmtree(downloads, ignore_errors=True)
            if npm.returncode != 0:
                raise _give_up(where, f"npm install of {' '.join(client.specs)} failed: "
                                      f"{npm_reason(npm.stderr)}")
            done.write_text("\n".join(client.specs) + "\n")
        (where / FAILED_FILE).unlink(missing_ok=True)
    return bin_dir


def installed_version(bin_dir: Path, client: Client) -> str:
    package = bin_dir.parent / client.package / "package.json"
    return str(json.loads(package.read_text())["version"])
