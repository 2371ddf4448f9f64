"""The one check every credential case makes: refused on a write, and gone from a
transcript once redacted; and the two tests of a module of kinds (``kind_tests``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pytest

from gitledger.core.credentials import find_credential
from gitledger.interchange.transcripts import redact


def assert_refused_and_redacted(text: str, value: str) -> None:
    """``text`` is refused, and ``redact`` removes ``value`` from it."""
    assert find_credential(text) is not None, text
    out, count = redact(text.encode())
    assert count >= 1, text
    assert value.encode() not in out, out


def kind_tests(secrets: Mapping[str, tuple[str, str]], ordinary: Sequence[str],
               ) -> tuple[Callable[[str], None], Callable[[str], None]]:
    """The two tests of a module of kinds, to bind to its own ``test_`` names: each text of
    ``secrets`` (a name to a text and the secret in it) refused and redacted, each of
    ``ordinary`` passed."""
    @pytest.mark.parametrize("kind", sorted(secrets))
    def refused_and_redacted(kind: str) -> None:
        assert_refused_and_redacted(*secrets[kind])

    @pytest.mark.parametrize("text", ordinary)
    def passes(text: str) -> None:
        assert find_credential(text) is None, text

    return refused_and_redacted, passes
