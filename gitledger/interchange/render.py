"""Text and JSON for ``transcript save`` and ``transcript list`` (docs/cli.md, "JSON").

``export`` prints the export itself, and ``import`` renders through ``importer``.
"""

from __future__ import annotations

from typing import Any

from gitledger.core.codec import iso
from gitledger.core.display import printable
from gitledger.interchange.transcripts import SaveResult, TranscriptInfo


def save_json(result: SaveResult) -> dict[str, Any]:
    return {"ref": result.ref, "commit": result.commit, "size": result.size,
            "redactions": result.redactions, "unchanged": result.unchanged}


def save_text(result: SaveResult) -> str:
    redacted = (f", {result.redactions} credential{'s' if result.redactions != 1 else ''} "
                "redacted" if result.redactions else "")
    if result.unchanged:
        return f"{result.ref} already holds this transcript ({result.size} bytes): unchanged"
    return f"saved {result.size} bytes to {result.ref}{redacted}"


def transcripts_json(found: list[TranscriptInfo]) -> dict[str, Any]:
    return {"transcripts": [
        {"session_id": t.session_id, "ref": t.ref, "saves": t.saves, "size": t.size,
         "last_saved": iso(t.last_saved), "redactions": t.redactions,
         "source_path": t.source_path} for t in found]}


def transcripts_text(found: list[TranscriptInfo]) -> str:
    if not found:
        return ("No transcripts saved. git ledger transcript save --from PATH saves one; the "
                "pre-compact and session-end hooks save the agent's.")
    return "\n".join(
        f"{printable(t.session_id)}  {t.saves} save{'s' if t.saves != 1 else ''}  "
        f"{t.size} bytes  {iso(t.last_saved)[:16].replace('T', ' ')}"
        f"{f'  {t.redactions} redacted' if t.redactions else ''}"
        for t in found)
