"""The names the command line offers before any heavy module is loaded.

Restore formats and sources, the agents we have hooks for, their hook events, and the
per-format budgets: constants only, so that ``cli.py`` can build its options without
importing storage, and every module that needs a name takes it from here.
"""

from __future__ import annotations

#: Entry kinds in restore-first order (TASK and NEXT are not entries: they are the focus).
KINDS = ("open", "decided", "verified", "dropped", "plan")
AGENTS = ("claude", "codex", "gemini", "cursor")
EVENTS = ("session-start", "pre-compact", "session-end")
#: The git hooks whose work needs Python (``git ledger hook post-commit`` …).
GIT_EVENTS = ("post-commit", "post-checkout", "post-rewrite")
FORMATS = ("text", "json", *AGENTS)
SOURCES = ("startup", "resume", "clear", "compact")

#: Default budgets in characters of the injected context (docs/hooks.md gives the sources).
#: Claude Code replaces hook output over 10,000 characters with a file pointer; Codex CLI
#: caps hook context at 2,500 tokens, and a token can be as short as ~2.5 characters.
DEFAULT_BUDGETS = {
    "text": 10_000, "json": 10_000, "claude": 9_000, "codex": 6_000, "gemini": 9_000,
    "cursor": 9_000,
}
MIN_BUDGET = 200
