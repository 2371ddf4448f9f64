"""The one check every credential case makes: refused on a write, and gone from a
transcript once redacted."""

from __future__ import annotations

from gitledger.core.credentials import find_credential
from gitledger.interchange.transcripts import redact


def assert_refused_and_redacted(text: str, value: str) -> None:
    """``text`` is refused, and ``redact`` removes ``value`` from it."""
    assert find_credential(text) is not None, text
    out, count = redact(text.encode())
    assert count >= 1, text
    assert value.encode() not in out, out
