"""The names of the on-git layout (docs/format.md): refs, the worktree pointer, the paths
in a ledger's tree.

The rest of the world depends on these, so they live in one place; and this module
imports nothing, so a module that needs only ``PROJECT_REF`` does not load libgit2.
"""

from __future__ import annotations

LEDGER_NAMESPACE = "refs/ledger/"
SESSIONS_PREFIX = "refs/ledger/sessions/"
PROJECT_REF = "refs/ledger/project"
ARCHIVE_PREFIX = "refs/ledger/archive/"
#: Format 3 archives: a month's archives made by one clone, one commit chain at
#: ``refs/ledger/months/<yyyy-mm>/<clone-id>`` (``month_chains.py``), read by the names
#: above as format-2 archive tags are.
MONTHS_DIR = "months"
MONTHS_PREFIX = LEDGER_NAMESPACE + MONTHS_DIR + "/"
#: In the common git dir: the name this clone's month chains carry (made once).
CLONE_ID_FILE = "ledger-clone-id"
#: Where ``fetch`` mirrors a remote's ledgers: ``refs/ledger/remotes/<remote>/<name>``.
#: Read-only copies, never pushed, never counted among this repository's own ledgers.
REMOTES_PREFIX = "refs/ledger/remotes/"
#: Saved agent transcripts (``transcripts.py``): local, pushed only when asked, no ledgers.
TRANSCRIPTS_PREFIX = "refs/ledger/transcripts/"
POINTER_FILE = "ledger"
#: In the worktree's git dir beside the pointer: the prompts the Stop hook has already sent
#: back, so that it sends an agent back at most once per prompt (``stop_hook.py``).
STOP_MARK_FILE = "ledger-stop.json"
META_PATH = "ledger.toml"
FOCUS_PATH = "state.toml"
#: The trailer a format-2 ledger commit carries its entry counter in, so that an add need
#: not rewrite ``state.toml`` (one blob fewer per event).
SEQ_TRAILER = "Ledger-Seq"
ENTRIES_DIR = "entries"
#: In the project ledger's tree: what restore needs of its active entries, by path and blob
#: id, for the entries tree it names (``ledger/digest.py``; docs/format.md, "The restore
#: digest").  Derived: checked before use, rebuilt by every write and by ``doctor --fix``.
DIGEST_PATH = "digest.json"
#: The keep-alive chain: commits cited as evidence stay reachable (``keepalive.py``).
KEEP_REF = LEDGER_NAMESPACE + "keep"
KEPT_DIR = "commits"
#: Notes on code commits: an index of the entries that cite each (``notes.py``).
NOTES_REF = "refs/notes/ledger"
#: In a worktree's own git dir: the agent session that started there last (``hook_state.py``).
STARTED_FILE = "ledger-session"
#: In a worktree's own git dir: the decisions the pre-tool-use hook has told each session
#: already, with a digest of each as told (``hook_state.py``).
TOLD_FILE = "ledger-told.json"
#: Beside it: the decisions in force that govern a file each session edited, kept across
#: compactions (unlike what it was told), for the restore block to keep first.
EDITING_FILE = "ledger-editing.json"
#: In a worktree's own git dir: the path tokens the shell fast path of the pre-tool-use hook
#: greps a payload for (``path_tokens.py``), and what they were built from.
TOKENS_FILE = "ledger-paths"
TOKENS_STATE_FILE = "ledger-paths.json"
#: Beside it: the entries that govern code, saved for the pre-tool-use hook with the tips
#: they were read from (``governing_cache.py``).
GOVERNING_FILE = "ledger-governing.jsonl"
#: In a worktree's own git dir: the last ``drift`` result, for the restore block
#: (``drift_cache.py``).
DRIFT_FILE = "ledger-drift.json"
#: Beside it: the restore block as last printed, with the key of what it was made from
#: (``restore_cache.py``).
RESTORE_FILE = "ledger-restore.json"
#: Beside it: the report ``check`` last printed, with the key of what it was made from
#: (``check_output.py``).
CHECK_OUTPUT_FILE = "ledger-check.json"
#: In a worktree's own git dir: the git events its hooks queued for Python to apply
#: (``event_queue.py``), how far they are applied, the lock of the one that applies them,
#: what they had to say, and why the queue is held (docs/format.md, "The event queue").
QUEUE_FILE = "ledger-queue"
QUEUE_DONE_FILE = "ledger-queue.done"
QUEUE_LOCK_FILE = "ledger-queue.lock"
QUEUE_REPORT_FILE = "ledger-queue.report"
QUEUE_HELD_FILE = "ledger-queue.held"
#: Beside them: the line post-checkout prints, kept by every write to the worktree's ledger.
CHECKOUT_FILE = "ledger-checkout"
#: The commit the post-commit hook began recording, and the one it finished: apart, it
#: stopped midway, and the next command records the commit (``ledger/unrecorded.py``).
RECORDING_FILE = "ledger-recording"
RECORDED_FILE = "ledger-recorded"
