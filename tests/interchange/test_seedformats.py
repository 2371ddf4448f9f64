"""The seeds' file formats (``interchange`` session_md, jsonl, importer): export, parse,
import, round trips.

Round trips go through two real repositories: a ledger written with the ordinary API is
exported, imported into a fresh repository, exported again, and the two files must be the
same bytes.  Hand-written files in the seeds' own shapes import into the entries they
describe.  A refused import is checked with plain git: every ref under ``refs/ledger/``
points where it pointed before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gitledger.audit.check import check
from gitledger.audit.doctor import doctor
from gitledger.core.model import Entry
from gitledger.errors import InvalidInput
from gitledger.interchange.importer import guess_format, import_file, import_json, import_text
from gitledger.interchange.jsonl import export_jsonl, parse_jsonl
from gitledger.interchange.records import Problem
from gitledger.interchange.session_md import export_session_md, parse_session_md
from gitledger.ledger import decisions
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import PROJECT_REF
from tests.conftest import git

URL = "https://ci.example.com/deploys/7"

#: The second seed's example record, character for character, and two around it.
SEED_JSONL = (
    '{"id":"DEC-2026-001","scope":"auth/callback","status":"superseded",'
    '"decision":"callback 使用 PKCE","rejected":["token 放 localStorage"],'
    '"reason":"PKCE 防止授權碼攔截","evidence":["git:9f2c1ab","test:auth-callback"],'
    '"supersedes":[],"deployed_at":null}\n'
    '{"id":"DEC-2026-002","scope":"auth/callback","status":"implemented",'
    '"decision":"OAuth callback 使用 PKCE，企業 SSO callback 拆成獨立路由",'  # noqa: RUF001
    '"rejected":["共用一條 callback 再用 query 參數分流"],"reason":"企業 SSO 有獨立稽核與回滾邊界",'
    '"evidence":["git:1a2b3c4","test:auth-callback"],"supersedes":["DEC-2026-001"],'
    '"deployed_at":null}\n'
    '{"id":"DEC-2026-003","scope":"billing","status":"deployed","decision":"Invoices in UTC",'
    '"rejected":[],"reason":"one clock for every region","evidence":'
    '["deploy:production:https://ci.example.com/1"],"supersedes":[],'
    '"deployed_at":"2026-11-29T08:30:00Z"}\n'
)

#: The first seed's layout, filled in the way the seed describes each line.
SEED_MD = """\
# Session Ledger
_started: 2026-11-28T09:15:00Z_

## TASK
Move the OAuth callback to PKCE without breaking enterprise SSO

## NEXT
Split the SSO callback into its own route, then rerun the auth suite

## OPEN
- Does the SSO provider accept a second redirect URI? The admin console would settle it

## DECIDED
- Use PKCE for the public callback: it beat the implicit flow, which leaks tokens in URLs

## VERIFIED
- The auth suite passes on main [pytest tests/auth -q]
- The staging IdP is reachable [curl -sI https://idp.staging.example.com]

## DROPPED
- Storing the token in localStorage: any XSS reads it

## PLAN
- ~/.claude/plans/pkce-callback.md
- .claude/project-state.md
"""


def refs(repo: Path) -> str:
    """Every ref under refs/ledger/ and where it points, as plain git lists them."""
    return git(repo, "for-each-ref", "refs/ledger/")


def fresh(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.mkdir()
    git(path, "init", "-q", "-b", "main")
    return path


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def realistic(repo: Path) -> Ledger:
    """A session ledger with every section and a decision in every final state."""
    ledger = Ledger.open(repo)
    ledger.set_task("Ship the PKCE callback — 無中斷", next_text="rerun the auth suite")
    ledger.open_question("Does the IdP accept a second redirect URI?\nThe console says.")
    first = ledger.decide("Callback uses PKCE: public clients", over=["implicit flow"],
                          because="tokens never sit in URLs", scope="auth/callback",
                          evidence=["test:auth-callback"]).entry
    assert first is not None
    ledger.decide("Split the SSO callback into its own route", supersedes=first.id,
                  over=["one route with a query flag", "a proxy"],
                  because="SSO has its own audit boundary")
    proposed = ledger.decide("Cache JWKS for a day", proposed=True, scope="auth/jwks").entry
    assert proposed is not None
    decisions.reject(ledger, proposed.id, why="key rotation would take a day to reach us")
    shipped = ledger.decide("請求記錄使用 UTC 時間", because="一個時鐘", scope="logging").entry
    assert shipped is not None
    decisions.implement(ledger, shipped.id)
    decisions.deploy(ledger, shipped.id, env="production", sha="HEAD", url=URL,
                     at="2026-11-30T13:00:00+01:00")
    ledger.decide("Retry the token exchange once", proposed=True)
    ledger.verify("The auth suite passes", by="pytest tests/auth -q -k 'not [slow]'")
    ledger.drop("localStorage for the token", why="any XSS reads it: see the review")
    ledger.drop("A second token endpoint", why="two places to rotate keys  \n\n"
                "  - and nobody owns the second one")
    ledger.plan("~/.claude/plans/pkce.md", note="the approved plan")
    return ledger


# -- round trips ----------------------------------------------------------------------------


def test_jsonl_round_trip_keeps_ids_statuses_and_links(repo_with_commit: Path,
                                                       tmp_path: Path) -> None:
    ledger = realistic(repo_with_commit)
    first = export_jsonl(ledger.snapshot())
    assert len(first.splitlines()) == 5  # decisions only
    target = fresh(tmp_path, "other")
    result = import_file(target, write(tmp_path / "ledger.jsonl", first))
    assert result.commit is not None
    assert not result.skipped
    assert not result.present
    again = export_jsonl(Ledger.open(target).snapshot())
    assert again == first
    before = {e.id: e for e in ledger.snapshot().of_kind("decided")}
    after = {e.id: e for e in Ledger.open(target).snapshot().of_kind("decided")}
    assert set(after) == set(before)  # gitledger ids are kept as the entries' ids
    for entry_id, old in before.items():
        new = after[entry_id]
        # A receipt travels as the seed writes one: deploy:<env>:<url> evidence.
        receipt = ((f"deploy:{old.deployed_env}:{old.deployed_url}",)
                   if old.status == "deployed" else ())
        assert (new.status, new.scope, new.over, new.evidence, new.supersedes) == (
            old.status, old.scope, old.over, old.evidence + receipt, old.supersedes)
        assert (new.deployed_env, new.deployed_url, new.deployed_at) == (
            old.deployed_env, old.deployed_url, old.deployed_at)
        assert SOURCE_ID not in new.extra
    superseded = next(e for e in after.values() if e.status == "superseded")
    assert superseded.superseded_by == next(e.id for e in after.values()
                                            if e.supersedes == superseded.id)
    deployed = next(e for e in after.values() if e.status == "deployed")
    assert deployed.deployed_at is not None
    assert deployed.deployed_at.isoformat() == "2026-11-30T12:00:00+00:00"


SOURCE_ID = "source_id"


def test_session_md_round_trip(repo_with_commit: Path, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = realistic(repo_with_commit)
    first = export_session_md(ledger.snapshot())
    # A later day in the other repository: the file's start time must survive anyway.
    monkeypatch.setenv("GIT_AUTHOR_DATE", "2027-01-05T10:00:00+00:00")
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2027-01-05T10:00:00+00:00")
    target = fresh(tmp_path, "other")
    result = import_file(target, write(tmp_path / "session-ledger.md", first))
    assert not result.skipped
    again = export_session_md(Ledger.open(target).snapshot())
    assert again == first
    assert "_started: 2026-11-30T12:00:00Z_" in again


def test_session_md_export_follows_the_seed_layout(repo_with_commit: Path) -> None:
    text = export_session_md(realistic(repo_with_commit).snapshot())
    headings = [line for line in text.splitlines() if line.startswith("#")]
    assert headings == ["# Session Ledger", "## TASK", "## NEXT", "## OPEN", "## DECIDED",
                        "## VERIFIED", "## DROPPED", "## PLAN"]
    assert "\n## TASK\nShip the PKCE callback — 無中斷\n" in text
    assert "\n## NEXT\nrerun the auth suite\n" in text
    # A multi-line question continues indented; a live decision carries what it beat.
    assert ("- Does the IdP accept a second redirect URI?\n  The console says.\n"
            in text)
    assert ("- Split the SSO callback into its own route: SSO has its own audit boundary "
            "(over one route with a query flag; a proxy)\n") in text
    assert "- Retry the token exchange once\n" in text  # proposed: still live
    assert "Callback uses PKCE" not in text  # superseded: its replacement stands
    assert "- The auth suite passes [pytest tests/auth -q -k 'not [slow]']\n" in text
    # A rejected decision is a dropped path, with the reason it was rejected.
    assert "- Cache JWKS for a day: key rotation would take a day to reach us\n" in text
    assert "- localStorage for the token: any XSS reads it: see the review\n" in text
    assert ("- A second token endpoint: two places to rotate keys  \n  \n"
            "    - and nobody owns the second one\n") in text
    assert text.endswith("## PLAN\n- ~/.claude/plans/pkce.md: the approved plan\n")


def test_exports_of_an_empty_ledger(repo: Path) -> None:
    snapshot = Ledger.open(repo).snapshot()
    assert export_jsonl(snapshot) == ""
    assert export_session_md(snapshot) == (
        "# Session Ledger\n\n## TASK\n\n## NEXT\n\n## OPEN\n\n## DECIDED\n\n## VERIFIED\n\n"
        "## DROPPED\n\n## PLAN\n")


# -- the seeds' own files --------------------------------------------------------------------


def test_seed_jsonl_imports_and_exports_back_unchanged(repo: Path, tmp_path: Path) -> None:
    result = import_file(repo, write(tmp_path / "ledger.jsonl", SEED_JSONL))
    assert [(i.line, i.source_id) for i in result.written] == [
        (1, "DEC-2026-001"), (2, "DEC-2026-002"), (3, "DEC-2026-003")]
    entries = {e.extra[SOURCE_ID]: e for e in Ledger.open(repo).snapshot().entries}
    old, new, billing = entries["DEC-2026-001"], entries["DEC-2026-002"], entries["DEC-2026-003"]
    assert old.id.startswith("d-")
    assert old.kind == "decided"
    assert (old.status, old.superseded_by) == ("superseded", new.id)
    assert (new.status, new.supersedes, new.scope) == ("implemented", old.id, "auth/callback")
    assert new.over == ("共用一條 callback 再用 query 參數分流",)
    assert new.because == "企業 SSO 有獨立稽核與回滾邊界"
    assert new.evidence == ("git:1a2b3c4", "test:auth-callback")
    assert billing.deployed_at is not None
    assert billing.deployed_at.day == 29
    assert export_jsonl(Ledger.open(repo).snapshot()) == SEED_JSONL


def test_seed_session_md_imports_every_section(repo: Path, tmp_path: Path) -> None:
    result = import_file(repo, write(tmp_path / "session-ledger.md", SEED_MD))
    assert [i.kind for i in result.written] == [
        "task", "next", "open", "decided", "verified", "verified", "dropped", "plan", "plan"]
    snap = Ledger.open(repo).snapshot()
    assert snap.focus.task == "Move the OAuth callback to PKCE without breaking enterprise SSO"
    assert snap.focus.next.startswith("Split the SSO callback")  # type: ignore[union-attr]
    by_kind: dict[str, list[Entry]] = {}
    for entry in snap.entries:
        by_kind.setdefault(entry.kind, []).append(entry)
    decided = by_kind["decided"][0]
    assert (decided.text, decided.status) == ("Use PKCE for the public callback", "accepted")
    assert decided.because == "it beat the implicit flow, which leaks tokens in URLs"
    assert [(v.text, v.by) for v in by_kind["verified"]] == [
        ("The auth suite passes on main", "pytest tests/auth -q"),
        ("The staging IdP is reachable", "curl -sI https://idp.staging.example.com")]
    assert [(d.text, d.why) for d in by_kind["dropped"]] == [
        ("Storing the token in localStorage", "any XSS reads it")]
    assert [p.path for p in by_kind["plan"]] == ["~/.claude/plans/pkce-callback.md",
                                                 ".claude/project-state.md"]
    assert export_session_md(snap) == SEED_MD


def test_plan_accepts_bare_paths_and_cr_lf(repo: Path, tmp_path: Path) -> None:
    text = "# Session Ledger\r\n\r\n## PLAN\r\nplans/a.md\r\n- plans/b.md: the state file\r\n"
    parsed = parse_session_md(text)
    assert parsed.problems == ()
    assert [(r.text, dict(r.fields)) for r in parsed.records] == [
        ("plans/a.md", {"path": "plans/a.md", "note": None}),
        ("plans/b.md", {"path": "plans/b.md", "note": "the state file"})]


# -- malformed files: precise errors, nothing written ---------------------------------------

BAD_JSONL = (
    '{"id":"DEC-1","status":"accepted","decision":"keep Postgres"}\n'
    '{"id":"DEC-2","status":"done","decision":"ship it"}\n'
    '{"id":"DEC-3","status":"accepted","decision":"x",\n'
    '\n'
    '{"id":"DEC-1","status":"accepted","decision":"again"}\n'
    '{"id":"DEC-4","status":"accepted","decision":"y","rejected":"not a list"}\n'
    '{"id":"DEC-5","decision":"no status"}\n'
    '{"id":"DEC-6","status":"accepted","decision":"z","supersedes":["DEC-2"]}\n'
    '{"id":"DEC-7","status":"accepted","decision":"fine","reason":"ok"}\n'
)


def test_parse_jsonl_names_each_bad_line() -> None:
    parsed = parse_jsonl(BAD_JSONL)
    assert parsed.problems == (
        Problem(2, "unknown status 'done' (use proposed, accepted, implemented, deployed, "
                   "rejected, superseded)"),
        Problem(3, "not valid JSON (Expecting property name enclosed in double quotes at "
                   "column 50)"),
        Problem(5, "duplicate id 'DEC-1' (first on line 1)"),
        Problem(6, "'rejected' must be a list of strings, not a string"),
        Problem(7, "missing required key 'status'"),
        Problem(8, "supersedes 'DEC-2', which is on line 2, which is invalid"),
    )
    assert [r.source_id for r in parsed.records] == ["DEC-1", "DEC-7"]


@pytest.mark.parametrize(("line", "message"), [
    ('[1, 2]', "a record must be a JSON object, not a list"),
    ('{"id":"A","status":"accepted","decision":"x","owner":"me"}', "unknown key 'owner'"),
    ('{"id":"A","status":"accepted","decision":"x","id":"B"}', "the key 'id' appears twice"),
    ('{"id":7,"status":"accepted","decision":"x"}', "'id' must be a string, not a number"),
    ('{"id":"A","status":"accepted","decision":"x","evidence":["ok",3]}',
     "'evidence' must be a list of strings (it holds a number)"),
    ('{"id":"A","status":"accepted","decision":"x","scope":true}',
     "'scope' must be a string or null, not a boolean"),
    ('{"id":"A","status":"accepted","decision":"x","deployed_at":"yesterday"}',
     "'deployed_at' must be an ISO 8601 time"),
    ('{"id":"A","status":"accepted","decision":"x","deployed_at":"2026-11-30T12:00:00"}',
     "'deployed_at' must be an ISO 8601 time"),
    ('{"id":"A","status":"accepted","decision":"x","supersedes":["B","C"]}',
     "supersedes 2 decisions"),
    ('{"id":"A","status":"accepted","decision":"x","supersedes":["A"]}',
     "'A' supersedes itself"),
    ('{"id":"A","status":"accepted","decision":"   "}', "decision is empty"),
    ('{"id":"A","status":"accepted","decision":"' + "x" * 2001 + '"}',
     "decision is 2001 characters; the limit is 2000"),
    ('{"id":"A","status":"accepted","decision":"use ghp_' + "a" * 36 + '"}',
     "looks like it contains a credential (GitHub token)"),
    ('{"id":"A","status":"accepted","decision":"bell \\u0007"}',
     "contains the control character U+0007"),
])
def test_parse_jsonl_rejects(line: str, message: str) -> None:
    parsed = parse_jsonl('{"id":"OK","status":"accepted","decision":"fine"}\n' + line + "\n")
    assert len(parsed.problems) == 1
    assert parsed.problems[0].line == 2
    assert message in parsed.problems[0].message
    assert [r.source_id for r in parsed.records] == ["OK"]


def test_invalid_jsonl_writes_nothing(repo: Path, tmp_path: Path) -> None:
    Ledger.open(repo).set_task("an existing ledger")
    before = refs(repo)
    with pytest.raises(InvalidInput) as caught:
        import_file(repo, write(tmp_path / "ledger.jsonl", BAD_JSONL))
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("ledger.jsonl: 6 invalid lines (line 2: unknown status 'done'")
    assert "line 3: not valid JSON" in message
    assert "line 5: duplicate id" in message
    assert "and 3 more" in message
    assert "--skip-invalid" in message
    assert refs(repo) == before


def test_invalid_jsonl_into_an_empty_repository_starts_no_ledger(repo: Path,
                                                                 tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match=r"^ledger.jsonl: 1 invalid line \(line 1: "):
        import_file(repo, write(tmp_path / "ledger.jsonl", "{not json}\n"))
    assert refs(repo) == ""


BAD_MD = """\
# Session Ledger
stray prose
_started: last tuesday_

## TASK
first line
second line

## NOTES
- anything here belongs to the unknown section

## OPEN
- a fine question
plain text in a list

## VERIFIED
- a claim with no command

## DROPPED
- an approach without a reason

## DECIDED
- uses the key ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: it was handy
-

## OPEN
- a second OPEN section
"""


def test_parse_session_md_names_each_bad_line() -> None:
    parsed = parse_session_md(BAD_MD)
    lines = [(p.line, p.message.split(" (")[0].split(":")[0]) for p in parsed.problems]
    assert lines == [
        (2, "text before the first section"),
        (3, "_started"),
        (7, "TASK must be one line"),
        (9, "unknown section '## NOTES'"),
        (14, "expected a '- ' item in OPEN, not 'plain text in a list'"),
        (17, "a VERIFIED item needs the command that proved it"),
        (20, "a DROPPED item needs its reason"),
        (23, "decision looks like it contains a credential"),
        (24, "an empty DECIDED item"),
        (26, "a second OPEN section"),
    ]
    assert [(r.line, r.text) for r in parsed.records] == [(13, "a fine question")]


def test_invalid_session_md_writes_nothing(repo: Path, tmp_path: Path) -> None:
    Ledger.open(repo).open_question("already here")
    before = refs(repo)
    with pytest.raises(InvalidInput, match=r"^session-ledger.md: 10 invalid lines \(line 2: "):
        import_file(repo, write(tmp_path / "session-ledger.md", BAD_MD))
    assert refs(repo) == before


def test_a_file_that_is_not_text_is_refused(repo: Path, tmp_path: Path) -> None:
    (tmp_path / "ledger.jsonl").write_bytes(b'{"id":"\xff"}\n')
    with pytest.raises(InvalidInput, match=r"ledger\.jsonl is not valid UTF-8"):
        import_file(repo, tmp_path / "ledger.jsonl")
    with pytest.raises(InvalidInput, match="no such file"):
        import_file(repo, tmp_path / "missing.jsonl")
    assert refs(repo) == ""


def test_format_from_the_name_or_given(repo: Path, tmp_path: Path) -> None:
    assert guess_format("decisions/ledger.jsonl") == "jsonl"
    assert guess_format(".claude/session-ledger.md") == "session-md"
    with pytest.raises(InvalidInput, match=r"cannot tell the format of notes\.txt"):
        guess_format("notes.txt")
    path = write(tmp_path / "notes.txt", SEED_JSONL)
    with pytest.raises(InvalidInput, match="unknown import format 'yaml'"):
        import_file(repo, path, fmt="yaml")
    assert len(import_file(repo, path, fmt="jsonl").written) == 3


# -- skip-invalid, dry run, project, idempotence ----------------------------------------------


def test_skip_invalid_imports_the_valid_lines(repo: Path, tmp_path: Path) -> None:
    result = import_file(repo, write(tmp_path / "ledger.jsonl", BAD_JSONL), skip_invalid=True)
    assert [(i.line, i.source_id) for i in result.written] == [(1, "DEC-1"), (9, "DEC-7")]
    assert [p.line for p in result.skipped] == [2, 3, 5, 6, 7, 8]
    entries = Ledger.open(repo).snapshot().entries
    assert sorted(e.extra[SOURCE_ID] for e in entries) == ["DEC-1", "DEC-7"]
    data = import_json(result)
    assert data["skipped"][0] == {"line": 2, "message": result.skipped[0].message}
    assert data["written"][1]["source_id"] == "DEC-7"
    assert "! line 2: skipped: unknown status 'done'" in import_text(result)


def test_skip_invalid_with_session_md(repo: Path, tmp_path: Path) -> None:
    result = import_file(repo, write(tmp_path / "s.md", BAD_MD), skip_invalid=True)
    assert [i.text for i in result.written] == ["a fine question"]
    assert len(result.skipped) == 10


def test_dry_run_writes_nothing(repo: Path, tmp_path: Path) -> None:
    for name, text in (("ledger.jsonl", SEED_JSONL), ("session-ledger.md", SEED_MD)):
        result = import_file(repo, write(tmp_path / name, text), dry_run=True)
        assert result.dry_run
        assert result.commit is None
        assert len(result.written) in (3, 9)
        assert all(i.id is None for i in result.written)
        assert "dry run: nothing was written" in import_text(result)
    assert refs(repo) == ""


def test_import_into_the_project_ledger(repo: Path, tmp_path: Path) -> None:
    result = import_file(repo, write(tmp_path / "ledger.jsonl", SEED_JSONL), project=True)
    assert result.ref == PROJECT_REF
    assert len(Ledger.open(repo, project=True).snapshot().entries) == 3
    assert Ledger.open(repo).snapshot().entries == ()
    assert export_jsonl(Ledger.open(repo, project=True).snapshot()) == SEED_JSONL


@pytest.mark.parametrize(("name", "text"), [("ledger.jsonl", SEED_JSONL),
                                            ("session-ledger.md", SEED_MD)])
def test_reimport_is_idempotent(repo: Path, tmp_path: Path, name: str, text: str) -> None:
    path = write(tmp_path / name, text)
    first = import_file(repo, path)
    before = refs(repo)
    entries = Ledger.open(repo).snapshot().entries
    second = import_file(repo, path)
    assert second.commit is None
    assert second.written == ()
    assert [i.line for i in second.present] == [i.line for i in first.written]
    assert [i.id for i in second.present] == [i.id for i in first.written]
    assert refs(repo) == before
    assert Ledger.open(repo).snapshot().entries == entries


def test_reimport_of_an_export_into_its_own_ledger_adds_nothing(repo_with_commit: Path,
                                                                 tmp_path: Path) -> None:
    ledger = realistic(repo_with_commit)
    md = write(tmp_path / "s.md", export_session_md(ledger.snapshot()))
    jsonl = write(tmp_path / "d.jsonl", export_jsonl(ledger.snapshot()))
    before = refs(repo_with_commit)
    assert import_file(repo_with_commit, md).written == ()
    assert import_file(repo_with_commit, jsonl).written == ()
    assert refs(repo_with_commit) == before


def test_a_later_file_supersedes_what_an_earlier_import_wrote(repo: Path,
                                                              tmp_path: Path) -> None:
    import_file(repo, write(tmp_path / "a.jsonl", SEED_JSONL))
    later = ('{"id":"DEC-2026-004","scope":"billing","status":"accepted","decision":'
             '"Invoices in the customer\'s zone","supersedes":["DEC-2026-003"]}\n')
    result = import_file(repo, write(tmp_path / "b.jsonl", later))
    entries = {e.extra[SOURCE_ID]: e for e in Ledger.open(repo).snapshot().entries}
    assert result.written[0].id == entries["DEC-2026-004"].id
    assert entries["DEC-2026-004"].supersedes == entries["DEC-2026-003"].id


def test_gitledger_ids_are_kept_only_when_valid_free_and_of_the_kind(repo: Path,
                                                                      tmp_path: Path) -> None:
    Ledger.open(repo).open_question("taken")
    taken = Ledger.open(repo).snapshot().entries[0].id
    text = ('{"id":"d-abcdefghjk","status":"accepted","decision":"kept"}\n'
            '{"id":"o-abcdefghjk","status":"accepted","decision":"wrong letter"}\n'
            '{"id":"d-ABC","status":"accepted","decision":"not an id"}\n')
    result = import_file(repo, write(tmp_path / "l.jsonl", text))
    ids = [(i.id, i.source_id) for i in result.written]
    assert ids[0] == ("d-abcdefghjk", "d-abcdefghjk")
    assert ids[1][0] != "o-abcdefghjk"
    assert str(ids[1][0]).startswith("d-")
    snap = {e.text: e for e in Ledger.open(repo).snapshot().entries}
    assert SOURCE_ID not in snap["kept"].extra
    assert snap["wrong letter"].extra[SOURCE_ID] == "o-abcdefghjk"
    assert snap["not an id"].extra[SOURCE_ID] == "d-ABC"
    # The question's id, already in the ledger, is not a decision: refused, not "present".
    before = refs(repo)
    conflict = write(tmp_path / "m.jsonl",
                     f'{{"id":"{taken}","status":"accepted","decision":"q"}}\n')
    with pytest.raises(InvalidInput, match=f"line 1: {taken} is already in the ledger as an "
                       "open question, not a decision; not imported"):
        import_file(repo, conflict)
    assert refs(repo) == before
    again = import_file(repo, conflict, skip_invalid=True)
    assert (again.written, again.present, [p.line for p in again.skipped]) == ((), (), [1])


def test_the_import_is_one_event_with_every_entry(repo: Path, tmp_path: Path) -> None:
    result = import_file(repo, write(tmp_path / "ledger.jsonl", SEED_JSONL))
    events = Ledger.open(repo).events()
    assert events[0].commit == result.commit
    assert events[0].trailers["Ledger-Event"] == ("add",)
    assert events[0].trailers["Ledger-Import"] == ("jsonl",)
    assert events[0].trailers["Ledger-Entry"] == tuple(i.id for i in result.written)
    assert Ledger.open(repo).history(result.written[1].id or "").events[0].commit == \
        result.commit


def test_the_alternatives_a_decided_line_names_become_its_rejected_alternatives(
        repo: Path, tmp_path: Path) -> None:
    """``- <decision>: <why> (over a; b)`` is how a DECIDED line names what it beat: the
    alternatives become ``over`` (what check's revived-alternative rule reads), not words
    in the reason."""
    text = ("# Session Ledger\n\n## DECIDED\n"
            "- Use Redis: shared across workers (over memcached; in-process)\n"
            "- Use PKCE: (over the implicit flow)\n")
    import_file(repo, write(tmp_path / "s.md", text))
    decided = {e.text: e for e in Ledger.open(repo).snapshot().of_kind("decided")}
    assert decided["Use Redis"].over == ("memcached", "in-process")
    assert decided["Use Redis"].because == "shared across workers"
    assert decided["Use PKCE"].over == ("the implicit flow",)
    assert decided["Use PKCE"].because is None
    lines = text.splitlines()[3:]
    exported = export_session_md(Ledger.open(repo).snapshot()).splitlines()
    assert exported[exported.index("## DECIDED") + 1:][:2] == lines


@pytest.mark.parametrize(("task", "nxt"), [
    ("## Decisions", "## NEXT"),
    ("#1 priority: the callback", "# not a heading either"),
    ("\\\\server\\share is the mount", "\\# a backslash then a hash"),
    ("\\## already escaped once", "\\\\## twice"),
])
def test_session_md_task_and_next_that_look_like_headings_round_trip(
        repo_with_commit: Path, tmp_path: Path, task: str, nxt: str) -> None:
    ledger = Ledger.open(repo_with_commit)
    ledger.set_task(task, next_text=nxt)
    ledger.decide("a decision after them")
    first = export_session_md(ledger.snapshot())
    target = fresh(tmp_path, "other")
    result = import_file(target, write(tmp_path / "session-ledger.md", first))
    assert not result.skipped
    focus = Ledger.open(target).snapshot().focus
    assert (focus.task, focus.next) == (task, nxt)
    assert export_session_md(Ledger.open(target).snapshot()) == first


# -- the second seed's own deploy receipt (issue 18) -----------------------------------------


def _deployed_record(sha: str, *evidence: str, deployed_at: str | None = "2026-11-29T08:30:00Z",
                     status: str = "deployed") -> str:
    items = ",".join(f'"{item}"' for item in (f"git:{sha}", *evidence))
    when = f'"{deployed_at}"' if deployed_at else "null"
    return (f'{{"id":"DEC-2026-003","scope":"billing","status":"{status}","decision":'
            f'"Invoices in UTC","rejected":[],"reason":"one clock","evidence":[{items}],'
            f'"supersedes":[],"deployed_at":{when}}}\n')


def _receipt_rules(repo: Path) -> list[str]:
    return [f.rule for f in check(repo).findings if f.rule.startswith("deploy")]


def test_the_seeds_deploy_evidence_with_deployed_at_is_a_receipt(repo_with_commit: Path,
                                                                 tmp_path: Path) -> None:
    sha = git(repo_with_commit, "rev-parse", "HEAD").strip()
    text = _deployed_record(sha, "test:billing", "deploy:production:https://ci.example.com/1")
    import_file(repo_with_commit, write(tmp_path / "ledger.jsonl", text), project=True)
    entry = Ledger.open(repo_with_commit, project=True).snapshot().entries[0]
    assert (entry.deployed_env, entry.deployed_url, entry.deployed_sha,
            entry.deployed_result) == ("production", "https://ci.example.com/1", sha, "success")
    assert entry.deployed_at is not None
    assert entry.deployed_at.isoformat() == "2026-11-29T08:30:00+00:00"
    assert _receipt_rules(repo_with_commit) == []
    # The file is written back as it was.
    assert export_jsonl(Ledger.open(repo_with_commit, project=True).snapshot()) == text


def test_an_imported_decision_gets_the_footprint_of_the_commits_it_cites(
        repo_with_commit: Path, tmp_path: Path) -> None:
    sha = git(repo_with_commit, "rev-parse", "HEAD").strip()
    text = _deployed_record(sha, f"git:{'c' * 40}", "git:9f2c1ab")  # two this repo lacks
    import_file(repo_with_commit, write(tmp_path / "ledger.jsonl", text), project=True)
    entry = Ledger.open(repo_with_commit, project=True).snapshot().entries[0]
    assert entry.footprint == (f"{sha} 1-1 README",)
    assert [f.code for f in doctor(repo_with_commit).findings
            if f.code == "footprint-stale"] == []
    assert export_jsonl(Ledger.open(repo_with_commit, project=True).snapshot()) == text


@pytest.mark.parametrize(("evidence", "deployed_at", "missing"), [
    ("deploy:production:https://ci.example.com/1", None, "missing at, result"),
    ("deploy:production:not a url", "2026-11-29T08:30:00Z", "missing env, url"),
    ("deploy::https://ci.example.com/1", "2026-11-29T08:30:00Z", "missing env, url"),
    ("deploy:production", "2026-11-29T08:30:00Z", "missing env, url"),
    ("https://ci.example.com/1", "2026-11-29T08:30:00Z", "missing env, url"),
])
def test_an_incomplete_seed_receipt_is_still_flagged(repo_with_commit: Path, tmp_path: Path,
                                                     evidence: str, deployed_at: str | None,
                                                     missing: str) -> None:
    sha = git(repo_with_commit, "rev-parse", "HEAD").strip()
    text = _deployed_record(sha, evidence, deployed_at=deployed_at)
    import_file(repo_with_commit, write(tmp_path / "ledger.jsonl", text))
    found = [f for f in check(repo_with_commit).findings if f.rule == "deploy-receipt"]
    assert len(found) == 1
    assert missing in found[0].message


def test_a_receipt_needs_a_deployed_status(repo_with_commit: Path, tmp_path: Path) -> None:
    sha = git(repo_with_commit, "rev-parse", "HEAD").strip()
    text = _deployed_record(sha, "deploy:production:https://ci.example.com/1",
                            status="implemented")
    import_file(repo_with_commit, write(tmp_path / "ledger.jsonl", text))
    entry = Ledger.open(repo_with_commit).snapshot().entries[0]
    assert (entry.status, entry.deployed_env, entry.deployed_url) == ("implemented", None, None)


def test_a_receipt_exported_from_gitledger_imports_as_one(repo_with_commit: Path,
                                                          tmp_path: Path) -> None:
    ledger = realistic(repo_with_commit)
    exported = export_jsonl(ledger.snapshot())
    assert f'"deploy:production:{URL}"' in exported
    target = fresh(tmp_path, "other")
    git(target, "pull", "-q", str(repo_with_commit), "main")
    import_file(target, write(tmp_path / "ledger.jsonl", exported))
    deployed = next(e for e in Ledger.open(target).snapshot().entries
                    if e.status == "deployed")
    assert (deployed.deployed_env, deployed.deployed_url) == ("production", URL)
    assert _receipt_rules(target) == []
