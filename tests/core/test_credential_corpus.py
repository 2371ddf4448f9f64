"""The credentials contract on the corpora: all of the credentials of
tests/core/credential_corpus.py refused on every write path and redacted from saved
transcripts, at least 97% of each half of tests/core/credential_corpus_fresh.py (written
without sight of the scanner, split by family), and at most 2% of the ordinary texts of
both refused.

The fresh and third corpora's figures here are of the scanner tuned on both their halves:
they hold what was reached.  What generalises is measured by the held-out method in
docs/reliability.md ("Credentials") and benchmarks/credentials.py.

The rates are measured on the whole corpus through ``clean_text`` (every field of every
write passes it) and through transcript redaction; each write path (the CLI, the MCP
server, ``import``, ``transcript save``) is then driven with the corpus end to end.  The
samples the security review got through (issue 19, item 14) are also checked one by one:
for those the contract is not a rate.
"""

from __future__ import annotations

import base64
import importlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from gitledger.core.credentials import find_credential, rule_finding
from gitledger.core.text import clean_text
from gitledger.errors import InvalidInput
from gitledger.interchange.transcripts import REDACTED, load, redact, save
from gitledger.ledger.operations import Ledger
from tests.conftest import Run, git, installed_git_ledger
from tests.core import blind_corpus
from tests.core import credential_corpus_eighth as eighth
from tests.core import credential_corpus_eleventh as eleventh
from tests.core import credential_corpus_fourteenth as fourteenth
from tests.core import credential_corpus_fresh as fresh
from tests.core import credential_corpus_ninth as ninth
from tests.core import credential_corpus_seventh as seventh
from tests.core import credential_corpus_sixth as sixth
from tests.core import credential_corpus_tenth as tenth
from tests.core import credential_corpus_third as third
from tests.core import credential_corpus_thirteenth as thirteenth
from tests.core import credential_corpus_twelfth as twelfth
from tests.core.credential_corpus import ORDINARY, SECRETS

#: The contract: refuse this share of the credentials …
CATCH_RATE = 1.0
#: … and at most this share of the ordinary texts.
FALSE_POSITIVE_RATE = 0.02
#: Each half of the fresh corpus: at least this share refused (the floor reached, so that
#: a regression fails; held-out figures are in docs/reliability.md).
FRESH_CATCH_RATE = 0.985
#: The fresh corpus's ordinary texts: at most this share refused (the floor reached).
FRESH_ORDINARY_RATE = 0.01

#: Each half of the third corpus, since round four read it: the floor reached.
THIRD_CATCH_RATE = 0.985

#: The kinds the review named in item 14, each to be refused whatever the rate.
REVIEWED_KINDS = [
    "aws secret key, bare", "aws secret key, in prose", "azure storage account key",
    "azure sas signature", "slack app token, bare", "stripe test key",
    "stripe webhook secret, prose", "google oauth client secret", "google oauth access token",
    "docker hub token, bare", "sendgrid key, prose", "vault token, bare",
    "shopify access token, bare", "atlassian api token, bare", "databricks token",
    "telegram bot token, url", "discord bot token, bare", "django secret key",
    "curl -u", "mysql -p", "sshpass -p", "kubeconfig client key", "pem body without header",
    "credentials after a harmless match", "aws session token, env", "aws session token, bare",
]
#: The ordinary texts the review saw refused (the first eight of ``ORDINARY``).
REVIEWED_ORDINARY = ORDINARY[:8]


def _refused(text: str) -> bool:
    try:
        clean_text(text, "text")
    except InvalidInput as exc:
        return "credential" in str(exc)
    return False


def _assert_rates(caught: list[bool], passed: list[bool], path: str) -> None:
    missed = [kind for (kind, _), hit in zip(SECRETS, caught, strict=True) if not hit]
    refused = [text for text, ok in zip(ORDINARY, passed, strict=True) if not ok]
    assert len(missed) <= (1 - CATCH_RATE) * len(SECRETS), f"{path} let through {missed}"
    assert len(refused) <= FALSE_POSITIVE_RATE * len(ORDINARY), f"{path} refused {refused}"


def test_the_corpus_is_big_enough() -> None:
    kinds = {kind for kind, _ in SECRETS}
    assert len(kinds) == len(SECRETS) >= 100
    assert len(set(ORDINARY)) == len(ORDINARY) >= 100
    assert set(REVIEWED_KINDS) <= kinds


# -- the common gate ---------------------------------------------------------------------------


def test_clean_text_meets_the_rates() -> None:
    _assert_rates([_refused(text) for _, text in SECRETS],
                  [not _refused(text) for text in ORDINARY], "clean_text")


def _fresh_half(half: str) -> list[tuple[str, str]]:
    tune, measure = fresh.halves()
    texts = dict(fresh.FRESH_SECRETS)
    return [(kind, texts[kind]) for kind in (tune if half == "A" else measure)]


@pytest.mark.parametrize("half", ["A", "B"])
def test_each_half_of_the_fresh_corpus_is_refused(half: str) -> None:
    secrets = _fresh_half(half)
    missed = [kind for kind, text in secrets if not _refused(text)]
    assert len(missed) <= (1 - FRESH_CATCH_RATE) * len(secrets), f"let through {missed}"


@pytest.mark.parametrize("half", ["A", "B"])
def test_each_half_of_the_fresh_corpus_is_redacted_from_transcripts(half: str) -> None:
    secrets = _fresh_half(half)
    missed = []
    for kind, text in secrets:
        out, count = redact(_tool_result(text))
        if not count or rule_finding(_stored_text(out)) is not None:
            missed.append(kind)
    assert len(missed) <= (1 - FRESH_CATCH_RATE) * len(secrets), f"left in {missed}"


def test_the_ordinary_texts_of_both_corpora_pass() -> None:
    texts = ORDINARY + fresh.FRESH_ORDINARY
    refused = [text for text in texts if _refused(text)]
    assert len(refused) <= FALSE_POSITIVE_RATE * len(texts), f"refused {refused}"


def test_the_fresh_ordinary_texts_pass() -> None:
    refused = [text for text in fresh.FRESH_ORDINARY if _refused(text)]
    assert len(refused) <= FRESH_ORDINARY_RATE * len(fresh.FRESH_ORDINARY), f"refused {refused}"


@pytest.mark.parametrize("half", [0, 1])
def test_each_half_of_the_third_corpus_is_refused(half: int) -> None:
    texts = dict(third.THIRD_SECRETS)
    kinds = third.halves()[half]
    missed = [kind for kind in kinds if not _refused(texts[kind])]
    assert len(missed) <= (1 - THIRD_CATCH_RATE) * len(kinds), f"let through {missed}"


def test_no_ordinary_text_of_the_third_corpus_is_refused_but_the_debatable() -> None:
    refused = [text for text in third.THIRD_ORDINARY
               if text not in third.DEBATABLE and _refused(text)]
    assert not refused, f"refused {refused}"


@pytest.mark.parametrize("kind", REVIEWED_KINDS)
def test_every_reviewed_credential_is_refused(kind: str) -> None:
    text = dict(SECRETS)[kind]
    assert find_credential(text) is not None, text
    with pytest.raises(InvalidInput, match="looks like it contains a credential") as caught:
        clean_text(f"Configured it: {text}", "decision")
    assert text not in str(caught.value)


@pytest.mark.parametrize("text", REVIEWED_ORDINARY)
def test_every_reviewed_ordinary_text_is_accepted(text: str) -> None:
    assert find_credential(text) is None
    assert clean_text(text, "decision") == text


# -- transcripts ---------------------------------------------------------------------------------


def _tool_result(text: str) -> bytes:
    line = {"type": "user", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": text}]}}
    return (json.dumps(line) + "\n").encode()


def _stored_text(out: bytes) -> str:
    content: str = json.loads(out)["message"]["content"][0]["content"]
    return content


def test_transcript_redaction_meets_the_rates() -> None:
    """A credential is redacted when what is stored holds nothing the scanner's rules still
    recognise (transcripts are redacted by the rules alone), both in a JSONL transcript and
    in a plain-text one."""
    caught = []
    for _, text in SECRETS:
        out, count = redact(_tool_result(text))
        plain, plain_count = redact(text.encode())
        caught.append(count > 0 and rule_finding(_stored_text(out)) is None
                      and plain_count > 0 and rule_finding(plain.decode()) is None)
    passed = [redact(_tool_result(text)) == (_tool_result(text), 0)
              and redact(text.encode()) == (text.encode(), 0) for text in ORDINARY]
    _assert_rates(caught, passed, "transcript redaction")


def test_images_and_other_base64_blobs_in_a_transcript_are_kept_byte_for_byte() -> None:
    """A transcript carries screenshots as base64: runs of ``A`` (zero bytes) and every
    letter pair a token prefix is made of, none of them a credential."""
    rng = random.Random(7)
    chunks = []
    for _ in range(400):
        chunks.append(bytes(rng.choice((0, 0, 0, 255, rng.randrange(256)))
                            for _ in range(rng.randrange(1, 64))))
        chunks.append(b"\x00" * rng.randrange(0, 40))
    blob = base64.b64encode(b"".join(chunks) * 8).decode()
    line = {"type": "user", "message": {"role": "user", "content": [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                     "data": blob}}]}}
    raw = (json.dumps(line) + "\n").encode()
    assert redact(raw) == (raw, 0)
    assert redact(blob.encode()) == (blob.encode(), 0)


def test_an_aws_session_token_never_reaches_a_saved_transcript(repo_with_commit: Path,
                                                               tmp_path: Path) -> None:
    token = dict(SECRETS)["aws session token, bare"]
    lines = [
        {"type": "user", "sessionId": "s-aws", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1",
             "content": f"export AWS_SESSION_TOKEN={token}\n"}]}},
        {"type": "user", "sessionId": "s-aws", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t2",
             "content": json.dumps({"Credentials": {"SessionToken": token}}, indent=2)}]}},
        {"type": "assistant", "sessionId": "s-aws", "message": {"role": "assistant",
                                                                "content": token}},
    ]
    source = tmp_path / "s-aws.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = save(repo_with_commit, source, session_id="s-aws")
    stored = load(repo_with_commit, "s-aws")
    assert result.redactions >= 3
    assert token[:40].encode() not in stored
    assert stored.count(REDACTED.encode()) >= 3


def test_transcript_save_redacts_the_corpus(repo_with_commit: Path, tmp_path: Path) -> None:
    """``transcript save`` end to end: one tool result per credential of the corpus, and
    the ordinary texts, which are stored as they were."""
    secret_lines = [_tool_result(text) for _, text in SECRETS]
    ordinary_lines = [_tool_result(text) for text in ORDINARY]
    source = tmp_path / "corpus.jsonl"
    source.write_bytes(b"".join(secret_lines + ordinary_lines))
    save(repo_with_commit, source, session_id="s-corpus")
    stored = load(repo_with_commit, "s-corpus").splitlines(keepends=True)
    assert len(stored) == len(secret_lines) + len(ordinary_lines)
    caught = [rule_finding(_stored_text(line)) is None and line != raw
              for line, raw in zip(stored, secret_lines, strict=False)]
    passed = [line == raw for line, raw in zip(stored[len(secret_lines):], ordinary_lines,
                                               strict=True)]
    _assert_rates(caught, passed, "transcript save")


# -- the write paths end to end -----------------------------------------------------------------


def _cli_rates(ledger: Run, repo: Path, command: Callable[[str], tuple[list[str], str]]) -> None:
    def tip() -> str:
        return git(repo, "for-each-ref", "--format=%(objectname)", "refs/ledger/")

    caught = []
    for _, text in SECRETS:
        before = tip()
        args, stdin = command(text)
        done = ledger(*args, input=stdin)
        refusal = done.exit_code != 0 and "looks like it contains a credential" in done.output
        caught.append(refusal and tip() == before and text not in done.output)
    passed = []
    for text in ORDINARY:
        args, stdin = command(text)
        passed.append(ledger(*args, input=stdin).exit_code == 0)
    _assert_rates(caught, passed, " ".join(command("TEXT")[0]))


def test_cli_decide_meets_the_rates(ledger: Run, repo_with_commit: Path) -> None:
    # Through stdin, so a text opening with "-" or spanning lines reaches the scanner.
    _cli_rates(ledger, repo_with_commit, lambda text: (["decide", "-"], text))


def test_cli_decide_because_meets_the_rates(ledger: Run, repo_with_commit: Path) -> None:
    # A field other than the entry's text: the reason, one argument.
    _cli_rates(ledger, repo_with_commit,
               lambda text: (["decide", "Pick the store", "--because=" + text], ""))


def test_import_meets_the_rates(ledger: Run, repo_with_commit: Path, tmp_path: Path) -> None:
    ids = iter(range(1, 10_000))

    def command(text: str) -> tuple[list[str], str]:
        # Each import its own entry id: an id imported once is not imported again.
        record = {"id": f"D-{next(ids):04d}", "scope": "api", "status": "accepted",
                  "decision": "Store the credentials outside the repository", "rejected": [],
                  "reason": text, "evidence": []}
        target = tmp_path / "ledger.jsonl"
        target.write_text(json.dumps(record) + "\n", encoding="utf-8")
        return ["import", str(target)], ""

    _cli_rates(ledger, repo_with_commit, command)


def test_the_mcp_decide_tool_meets_the_rates(repo_with_commit: Path,
                                             cli_env: dict[str, str]) -> None:
    params = StdioServerParameters(command=str(installed_git_ledger()), args=["mcp"],
                                   cwd=str(repo_with_commit), env=cli_env)

    async def main() -> tuple[list[bool], list[bool]]:
        async with stdio_client(params) as (read, write), \
                ClientSession(read, write) as client:
            await client.initialize()

            async def call(text: str) -> Any:
                return await client.call_tool("decide", {"text": text})

            caught = []
            for _, text in SECRETS:
                before = Ledger.open(repo_with_commit).snapshot().commit
                result = await call(text)
                content = result.content[0]
                message = content.text if isinstance(content, types.TextContent) else ""
                caught.append(result.is_error and "credential" in message
                              and Ledger.open(repo_with_commit).snapshot().commit == before)
            passed = [not (await call(text)).is_error for text in ORDINARY]
            return caught, passed

    caught, passed = anyio.run(main)
    _assert_rates(caught, passed, "the MCP decide tool")


#: The corpora written blind and then read by halves (the sixth in round eight, the seventh
#: in round nine, the eighth in round ten, the ninth in round eleven, the tenth in round
#: twelve, the eleventh in round thirteen, the twelfth in rounds fourteen and fifteen, the
#: thirteenth in round seventeen, the fourteenth in round eighteen): the floor each reached
#: once both halves were read, held so that it does not slip back.  Its secrets, its
#: ordinary texts, the share of each half it must catch and the share of its ordinary texts
#: it may refuse.
BLIND_CORPORA = {
    "sixth": (sixth.halves, sixth.SIXTH_SECRETS, sixth.SIXTH_ORDINARY, 0.96, 0.04),
    "seventh": (seventh.halves, seventh.SEVENTH_SECRETS, seventh.SEVENTH_ORDINARY, 0.94, 0.03),
    "eighth": (eighth.halves, eighth.EIGHTH_SECRETS, eighth.EIGHTH_ORDINARY, 0.94, 0.03),
    "ninth": (ninth.halves, ninth.NINTH_SECRETS, ninth.NINTH_ORDINARY, 0.96, 0.02),
    "tenth": (tenth.halves, tenth.TENTH_SECRETS, tenth.TENTH_ORDINARY, 0.97, 0.02),
    "eleventh": (eleventh.halves, eleventh.ELEVENTH_SECRETS, eleventh.ELEVENTH_ORDINARY, 0.97,
                 0.02),
    "twelfth": (twelfth.halves, twelfth.TWELFTH_SECRETS, twelfth.TWELFTH_ORDINARY, 0.92,
                0.035),
    "thirteenth": (thirteenth.halves, thirteenth.THIRTEENTH_SECRETS,
                   thirteenth.THIRTEENTH_ORDINARY, 0.94, 0.02),
    "fourteenth": (fourteenth.halves, fourteenth.FOURTEENTH_SECRETS,
                   fourteenth.FOURTEENTH_ORDINARY, 0.9, 0.03),
}


@pytest.mark.parametrize("corpus", sorted(BLIND_CORPORA))
@pytest.mark.parametrize("half", ["A", "B"])
def test_each_half_of_a_blind_corpus_is_refused(corpus: str, half: str) -> None:
    halves, all_secrets, _, catch_rate, _ = BLIND_CORPORA[corpus]
    half_a, half_b = halves()
    kinds = set(half_a if half == "A" else half_b)
    secrets = [(kind, text) for kind, text in all_secrets if kind in kinds]
    missed = [kind for kind, text in secrets if not _refused(text)]
    assert len(missed) <= (1 - catch_rate) * len(secrets), f"let through {missed}"


@pytest.mark.parametrize("corpus", sorted(BLIND_CORPORA))
def test_a_blind_corpus_ordinary_texts_pass(corpus: str) -> None:
    _, _, ordinary, _, ordinary_rate = BLIND_CORPORA[corpus]
    refused = [text for text in ordinary if _refused(text)]
    assert len(refused) <= ordinary_rate * len(ordinary), f"refused {refused}"


@pytest.mark.parametrize("corpus", blind_corpus.LATER)
def test_every_blind_corpus_holds_its_invariants(corpus: str) -> None:
    """Each later corpus checks itself on import (``blind_corpus.check``), the newest one
    too while it waits unread for the next round: a broken edit fails here."""
    module = importlib.import_module(f"tests.core.credential_corpus_{corpus}")
    assert module.families() == [fam.name for fam in module.FAMILIES]
