"""The names the command line offers before any heavy module is loaded: constants only, so
that ``cli.py`` builds its options without importing storage.  Per-agent facts are in
``integrations/agent_registry.py``.
"""

from __future__ import annotations

#: Entry kinds in restore-first order (TASK and NEXT are not entries: they are the focus).
KINDS = ("open", "decided", "verified", "dropped", "plan")
#: Our agent hook events (``git ledger hook EVENT --agent A``); ``pre-tool-use`` runs before
#: the agent's file-writing and shell tools (docs/hooks.md, "pre-tool-use").
EVENTS = ("session-start", "pre-compact", "session-end", "pre-tool-use")
#: The git hooks whose work needs Python (``git ledger hook post-commit`` …).
GIT_EVENTS = ("post-commit", "post-checkout", "post-rewrite")
#: The restore block's own formats (an agent's envelope around it is the agent's record).
BLOCK_FORMATS = ("text", "json")
SOURCES = ("startup", "resume", "clear", "compact", "fork")

#: The block's default budget in characters, as text or JSON (each agent has its own).
BLOCK_BUDGET = 10_000
MIN_BUDGET = 200
