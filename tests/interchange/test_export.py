"""``gitledger.interchange.export``: the living page, the whole-ledger JSON document, and ``-o``.

Every ledger is written through the library into a real repository; the page is checked
line by line (stamps against the commits the writes returned, strike-through, links and
the anchors they point at, the Mermaid graph and its escaping), and ``write_output``
against the file system, bad paths as carefully as good ones.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from gitledger.errors import InvalidInput, LedgerError
from gitledger.interchange.export import ledger_document, living_page, write_output
from gitledger.ledger import decisions
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import PROJECT_REF
from tests.conftest import git

URL = "https://ci.example.com/deploys/7"
#: A decision text that tries to break out of a Mermaid label and off its line.
PLANTED = 'Use authlib"] --> X["pwned|\nclick X call evil()'


@dataclass
class Realistic:
    ledger: Ledger
    question: str
    first: str  # superseded by second
    second: str  # superseded by third; carries PLANTED
    third: str  # the live end of the chain
    rejected: str
    deployed: str
    verified: str
    dropped: str
    plan: str
    commits: dict[str, str]  # entry id -> the commit that last wrote it


def _id(result: object) -> str:
    entry = getattr(result, "entry", None)
    assert entry is not None
    return str(entry.id)


def _commit(result: object) -> str:
    commit = getattr(result, "commit", None)
    assert isinstance(commit, str)
    return commit


@pytest.fixture
def realistic(repo_with_commit: Path) -> Realistic:
    led = Ledger.open(repo_with_commit, session="")
    led.set_task("Ship the OAuth callback with PKCE", next_text="Wire authlib in")
    commits: dict[str, str] = {}
    q = led.open_question("Which PKCE library?", ask_user=True)
    commits[_id(q)] = _commit(q)
    d1 = led.decide("Use oauthlib", over=["authlib", "hand-rolled PKCE"],
                    because="already vendored", scope="auth",
                    evidence=["test:test_pkce", "https://ci.example.com/runs/1"])
    d2 = led.decide(PLANTED, supersedes=_id(d1), over=["oauthlib"],
                    because="oauthlib is unmaintained")
    commits[_id(d1)] = _commit(d2)  # superseding rewrites the old decision too
    d3 = led.decide("Use authlib 1.3, pinned", supersedes=_id(d2))
    commits[_id(d2)] = _commit(d3)
    commits[_id(d3)] = _commit(d3)
    r = led.decide("Store sessions in Redis", proposed=True)
    rr = decisions.reject(led, _id(r), why="no Redis in production")
    commits[_id(r)] = _commit(rr)
    dep = led.decide("Serve the callback from /auth/cb")
    decisions.implement(led, _id(dep))
    dd = decisions.deploy(led, _id(dep), env="production", sha="HEAD", url=URL)
    commits[_id(dep)] = _commit(dd)
    v = led.verify("The callback rejects a missing code_verifier", by="pytest -k verifier")
    commits[_id(v)] = _commit(v)
    x = led.drop("Tokens in localStorage", why="readable by any XSS")
    commits[_id(x)] = _commit(x)
    p = led.plan("docs/plan.md", note="the rollout plan")
    commits[_id(p)] = _commit(p)
    return Realistic(led, _id(q), _id(d1), _id(d2), _id(d3), _id(r), _id(dep), _id(v),
                     _id(x), _id(p), commits)


def _line(page: str, entry_id: str) -> str:
    found = [line for line in page.splitlines() if f'<a id="{entry_id}"></a>' in line]
    assert len(found) == 1, found
    return found[0]


def _details(page: str, entry_id: str) -> list[str]:
    lines = page.splitlines()
    start = lines.index(_line(page, entry_id)) + 1
    out = []
    for line in lines[start:]:
        if not line.startswith("  - "):
            break
        out.append(line[4:])
    return out


def _section(page: str, title: str) -> list[str]:
    lines = page.splitlines()
    start = lines.index(f"## {title}") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return [line for line in lines[start:end] if line]


def _mermaid(page: str) -> list[str]:
    lines = page.splitlines()
    start = lines.index("```mermaid")
    end = lines.index("```", start + 1)
    return lines[start + 1:end]


# -- the living page ------------------------------------------------------------------------


def test_page_has_title_focus_and_every_section(realistic: Realistic) -> None:
    repo = realistic.ledger.repo.workdir
    page = living_page(repo)
    snapshot = realistic.ledger.snapshot()
    assert snapshot.meta is not None
    assert snapshot.commit is not None
    lines = page.splitlines()
    assert lines[0] == f"# Session ledger {snapshot.meta.id}"
    assert f"`{snapshot.ref}` at commit `{snapshot.commit}`" in page
    assert _section(page, "TASK") == ["Ship the OAuth callback with PKCE"]
    assert _section(page, "NEXT") == ["Wire authlib in"]
    heads = [line for line in lines if line.startswith("## ")]
    assert heads == ["## TASK", "## NEXT", "## OPEN", "## DECIDED", "## VERIFIED",
                     "## DROPPED", "## PLAN", "## Supersedes chains"]
    assert page.endswith("\n")
    assert not page.endswith("\n\n")
    ids = {e.id for e in snapshot.entries}
    assert ids == set(realistic.commits)
    for entry_id in ids:  # every entry, once, in its own section
        assert page.count(f'<a id="{entry_id}"></a>') == 1
    decided = [line for line in _section(page, "DECIDED") if line.startswith("- ")]
    order = [realistic.first, realistic.second, realistic.third, realistic.rejected,
             realistic.deployed]
    assert [re.search(r'id="([^"]+)"', line).group(1) for line in decided] == order  # type: ignore[union-attr]


def test_each_kind_shows_its_fields(realistic: Realistic) -> None:
    page = living_page(realistic.ledger.repo.workdir)
    assert "Which PKCE library?" in _line(page, realistic.question)
    assert "**ask the user**" in _line(page, realistic.question)
    first = _line(page, realistic.first)
    assert "**superseded**, scope `auth`" in first
    assert _details(page, realistic.first)[:3] == [
        "over: authlib; hand-rolled PKCE",
        "because: already vendored",
        "evidence: `test:test_pkce`, `https://ci.example.com/runs/1`",
    ]
    second = _details(page, realistic.second)
    assert "over: oauthlib" in second
    assert "because: oauthlib is unmaintained" in second
    deployed = _details(page, realistic.deployed)
    head = git(realistic.ledger.repo.workdir, "rev-parse", "HEAD").strip()
    assert f"evidence: `git:{head}`" in deployed
    assert (f"deployed: production at 2026-11-30T12:00:00Z \\({head[:12]}\\), {URL}, success"
            in deployed)
    assert "**deployed**" in _line(page, realistic.deployed)
    assert _details(page, realistic.verified) == [
        "by: `pytest -k verifier`", f"at: `{head[:12]}`"]
    assert _details(page, realistic.dropped) == ["why: readable by any XSS"]
    assert _details(page, realistic.plan) == ["path: `docs/plan.md`", "note: the rollout plan"]


def test_reversed_and_superseded_decisions_are_kept_struck_and_linked(
        realistic: Realistic) -> None:
    page = living_page(realistic.ledger.repo.workdir)
    first = _line(page, realistic.first)
    assert "~~Use oauthlib~~" in first
    assert f"superseded by: [{realistic.second}](#{realistic.second})" in _details(
        page, realistic.first)
    second = _details(page, realistic.second)
    assert f"supersedes: [{realistic.first}](#{realistic.first})" in second
    assert f"superseded by: [{realistic.third}](#{realistic.third})" in second
    assert "~~Use authlib" in _line(page, realistic.second)
    third = _line(page, realistic.third)
    assert "~~" not in third
    assert "**accepted**" in third
    assert f"supersedes: [{realistic.second}](#{realistic.second})" in _details(
        page, realistic.third)
    rejected = _line(page, realistic.rejected)
    assert "~~Store sessions in Redis~~" in rejected
    assert "**rejected**" in rejected
    assert "rejected because: no Redis in production" in _details(page, realistic.rejected)
    # Every link's anchor exists on the page.
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', page))
    links = set(re.findall(r"\]\(#([^)]+)\)", page))
    assert links
    assert links <= anchors


def test_mermaid_graph_has_each_supersedes_edge_and_escaped_labels(
        realistic: Realistic) -> None:
    page = living_page(realistic.ledger.repo.workdir)
    block = _mermaid(page)
    assert block[0] == "flowchart TD"
    node = re.compile(r'^    ([a-z]_[0-9a-z]+)\["([^"\[\]|\n]*)"\]$')
    edge = re.compile(r"^    ([a-z]_[0-9a-z]+) --> ([a-z]_[0-9a-z]+)$")
    nodes = {m.group(1): m.group(2) for m in map(node.match, block) if m}
    edges = {(m.group(1), m.group(2)) for m in map(edge.match, block) if m}
    def n(entry_id: str) -> str:
        return entry_id.replace("-", "_")
    assert edges == {(n(realistic.first), n(realistic.second)),
                     (n(realistic.second), n(realistic.third))}
    # Only decisions in a chain are nodes; the rejected one is not.
    assert set(nodes) == {n(realistic.first), n(realistic.second), n(realistic.third)}
    assert nodes[n(realistic.first)] == f"{realistic.first} · superseded · Use oauthlib"
    planted = nodes[n(realistic.second)]
    assert planted.startswith(f"{realistic.second} · superseded · Use authlib#quot;#93; ")
    assert planted.endswith("--#62; X#91;#quot;pwned#124; cli…")  # one line, cut at 60
    assert len(planted.replace("#quot;", '"')) < 100
    assert not any(line.lstrip().startswith("click") for line in block)
    # Every line of the block is a node, an edge, or the style of the struck ones.
    others = [line for line in block[1:] if not node.match(line) and not edge.match(line)]
    assert others == ["    classDef replaced stroke-dasharray: 4 4,color:#777",
                      f"    class {n(realistic.first)},{n(realistic.second)} replaced"]
    # The planted newline did not start a line of the page either.
    assert not any(line.startswith("click") for line in page.splitlines())
    assert "Use authlib\\\"\\] --\\> X\\[\"pwned\\| click X call evil\\(\\)" not in page
    assert 'Use authlib"\\] --\\> X\\["pwned\\| click X call evil\\(\\)' in page


def test_a_proposed_replacement_is_a_dotted_edge(repo_with_commit: Path) -> None:
    led = Ledger.open(repo_with_commit)
    old = _id(led.decide("Poll every minute"))
    new = _id(led.decide("Use webhooks", supersedes=old, proposed=True))
    block = _mermaid(living_page(repo_with_commit))
    a, b = old.replace("-", "_"), new.replace("-", "_")
    assert f"    {a} -. proposed .-> {b}" in block
    assert not any("-->" in line for line in block)


def test_stamps_are_the_commits_that_last_wrote_each_entry(realistic: Realistic) -> None:
    repo = realistic.ledger.repo.workdir
    page = living_page(repo)
    for entry_id, commit in realistic.commits.items():
        assert _line(page, entry_id).endswith(f" · `{commit[:10]}`"), entry_id
    # The stamps are ledger commits: git knows each one under the ledger ref.
    ref = realistic.ledger.snapshot().ref
    in_ledger = set(git(repo, "rev-list", ref).split())
    assert set(realistic.commits.values()) <= in_ledger
    # An edit moves the stamp of the entry it changes, and only that one.
    edited = realistic.ledger.edit(realistic.dropped, why="any XSS can read it")
    after = living_page(repo)
    assert _line(after, realistic.dropped).endswith(f" · `{_commit(edited)[:10]}`")
    assert _line(after, realistic.verified) == _line(page, realistic.verified)
    assert _details(after, realistic.dropped) == ["why: any XSS can read it"]


def test_page_is_deterministic(realistic: Realistic) -> None:
    repo = realistic.ledger.repo.workdir
    assert living_page(repo) == living_page(repo)


def test_markdown_in_entries_is_shown_not_rendered(repo_with_commit: Path) -> None:
    led = Ledger.open(repo_with_commit)
    hostile = "**bold** [x](javascript:alert(1)) <script>alert(1)</script> `tick` ~~s~~"
    x = _id(led.drop(hostile, why="# not a heading\n## nor this\n- nor a list item | cell"))
    led.set_task("TASK with <b>html</b> & an &amp; entity", next_text="$x$ math _em_")
    page = living_page(repo_with_commit)
    line = _line(page, x)
    assert "\\*\\*bold\\*\\* \\[x\\]\\(javascript:alert\\(1\\)\\)" in line
    assert "\\<script\\>alert\\(1\\)\\</script\\> \\`tick\\` \\~\\~s\\~\\~" in line
    assert "<script>" not in page
    assert "](javascript" not in page
    assert _details(page, x) == ["why: \\# not a heading \\#\\# nor this - nor a list item "
                                 "\\| cell"]
    assert _section(page, "TASK") == [
        "TASK with \\<b\\>html\\</b\\> \\& an \\&amp; entity"]
    assert _section(page, "NEXT") == ["\\$x\\$ math \\_em\\_"]
    assert [line for line in page.splitlines() if line.startswith("#")] == [
        line for line in page.splitlines() if line.startswith(("# ", "## "))]


def test_empty_ledger_page(repo: Path) -> None:
    page = living_page(repo)
    lines = page.splitlines()
    assert lines[0] == "# No ledger in this worktree yet"
    assert _section(page, "TASK") == ["_(not set)_"]
    assert _section(page, "NEXT") == ["_(not set)_"]
    for title in ("OPEN", "DECIDED", "VERIFIED", "DROPPED", "PLAN"):
        assert _section(page, title) == ["_(none)_"]
    assert _section(page, "Supersedes chains") == ["_No decision supersedes another._"]
    assert "```mermaid" not in page
    assert git(repo, "for-each-ref", "refs/ledger/") == ""  # reading started nothing


def test_project_ledger_page(repo_with_commit: Path) -> None:
    session = Ledger.open(repo_with_commit)
    session.decide("A session-only decision")
    project = Ledger.open(repo_with_commit, project=True)
    kept = project.decide("Times are stored in UTC", scope="storage", because="one zone")
    page = living_page(repo_with_commit, project=True)
    snapshot = project.snapshot()
    assert snapshot.meta is not None
    assert page.splitlines()[0] == f"# Project ledger {snapshot.meta.id}"
    assert f"`{PROJECT_REF}` at commit `{snapshot.commit}`" in page
    assert "Times are stored in UTC" in _line(page, _id(kept))
    assert _line(page, _id(kept)).endswith(f" · `{_commit(kept)[:10]}`")
    assert "A session-only decision" not in page
    assert living_page(repo_with_commit, name="project") == page


def test_empty_project_ledger_page(repo: Path) -> None:
    assert living_page(repo, project=True).splitlines()[0] == "# No project ledger yet"


# -- the JSON document ------------------------------------------------------------------------


def test_json_document_keys_types_and_history(realistic: Realistic) -> None:
    repo = realistic.ledger.repo.workdir
    doc = ledger_document(repo)
    json.loads(json.dumps(doc))  # plain JSON all the way down
    assert list(doc) == ["format", "version", "ref", "ledger", "focus", "entries", "history",
                         "errors", "commit", "provenance"]
    snapshot = realistic.ledger.snapshot()
    assert doc["format"] == "gitledger-export"
    assert doc["version"] == 1
    assert doc["ref"] == snapshot.ref
    assert doc["commit"] == snapshot.commit
    assert snapshot.meta is not None
    assert doc["ledger"]["id"] == snapshot.meta.id
    assert doc["ledger"]["commit"] == snapshot.commit
    assert doc["focus"] == {"task": "Ship the OAuth callback with PKCE",
                            "next": "Wire authlib in"}
    assert [e["id"] for e in doc["entries"]] == [e.id for e in snapshot.entries]
    by_id = {e["id"]: e for e in doc["entries"]}
    assert by_id[realistic.first]["status"] == "superseded"
    assert by_id[realistic.first]["superseded_by"] == realistic.second
    assert by_id[realistic.first]["over"] == ["authlib", "hand-rolled PKCE"]
    assert by_id[realistic.second]["text"] == PLANTED  # verbatim, not escaped
    count = int(git(repo, "rev-list", "--count", snapshot.ref))
    assert len(doc["history"]) == count
    assert doc["history"][0]["commit"] == snapshot.commit
    assert doc["history"][-1]["parents"] == []
    for event in doc["history"]:
        assert set(event) == {"commit", "parents", "subject", "event", "entries", "author",
                              "time", "trailers"}
        assert isinstance(event["parents"], list)
        assert isinstance(event["trailers"], dict)
    assert doc["errors"] == []


def test_json_document_of_no_ledger(repo: Path) -> None:
    assert ledger_document(repo) == {
        "format": "gitledger-export", "version": 1, "ref": None, "ledger": None,
        "focus": {"task": None, "next": None}, "entries": [], "history": [], "errors": [],
        "commit": None, "provenance": {"ledger": None, "task": None, "next": None,
                                       "entries": []}}
    doc = ledger_document(repo, project=True)
    assert doc["ref"] == PROJECT_REF
    assert doc["ledger"] is None
    assert doc["history"] == []


# -- write_output -----------------------------------------------------------------------------


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_write_output_new_file(tmp_path: Path) -> None:
    target = tmp_path / "page.md"
    written = write_output(target, "# hello\nwörld\n")
    assert written == target.resolve()
    assert target.read_bytes() == "# hello\nwörld\n".encode()
    assert _leftovers(tmp_path) == []
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


def test_write_output_refuses_an_existing_file_without_force(tmp_path: Path) -> None:
    target = tmp_path / "page.md"
    target.write_text("keep me\n")
    with pytest.raises(InvalidInput) as caught:
        write_output(str(target), "new\n")
    message = str(caught.value)
    assert "\n" not in message
    assert str(target) in message
    assert "--force" in message
    assert target.read_text() == "keep me\n"
    assert _leftovers(tmp_path) == []


def test_write_output_overwrites_with_force_keeping_the_mode(tmp_path: Path) -> None:
    target = tmp_path / "page.md"
    target.write_text("old\n")
    target.chmod(0o640)
    inode = target.stat().st_ino
    assert write_output(target, "new\n", force=True) == target.resolve()
    assert target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert target.stat().st_ino != inode  # replaced, not rewritten in place
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("force", [False, True])
def test_write_output_refuses_a_symlink(tmp_path: Path, force: bool) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim.txt"
    victim.write_text("precious\n")
    out = tmp_path / "out"
    out.mkdir()
    link = out / "page.md"
    link.symlink_to(victim)
    dangling = out / "dangling.md"
    dangling.symlink_to(outside / "created-through-link.md")
    for path in (link, dangling):
        with pytest.raises(InvalidInput, match="symbolic link"):
            write_output(path, "evil\n", force=force)
    assert victim.read_text() == "precious\n"
    assert not (outside / "created-through-link.md").exists()
    assert link.is_symlink()
    assert dangling.is_symlink()
    assert _leftovers(out) == []


def test_write_output_refuses_a_missing_parent(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "page.md"
    with pytest.raises(InvalidInput, match="does not exist") as caught:
        write_output(target, "x\n")
    assert "\n" not in str(caught.value)
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("force", [False, True])
def test_write_output_refuses_a_directory(tmp_path: Path, force: bool) -> None:
    target = tmp_path / "adir"
    target.mkdir()
    (target / "inside").write_text("x")
    with pytest.raises(InvalidInput, match="is a directory"):
        write_output(target, "x\n", force=force)
    with pytest.raises(InvalidInput, match="not a file name"):
        write_output(f"{target}{os.sep}", "x\n", force=force)
    assert sorted(p.name for p in target.iterdir()) == ["inside"]
    assert _leftovers(tmp_path) == []


def test_write_output_refuses_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InvalidInput, match="not a regular file"):
        write_output(fifo, "x\n", force=True)
    assert _leftovers(tmp_path) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_write_output_into_a_read_only_directory_leaves_nothing(tmp_path: Path) -> None:
    out = tmp_path / "ro"
    out.mkdir()
    out.chmod(0o555)
    try:
        with pytest.raises(LedgerError, match="cannot write"):
            write_output(out / "page.md", "x\n")
        assert list(out.iterdir()) == []
    finally:
        out.chmod(0o755)


def test_write_output_failure_after_the_temp_file_leaves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fails the flush (injected: fsync is the only way to fail it on demand)
    leaves neither the target nor the temporary file."""
    target = tmp_path / "page.md"
    target.write_text("old\n")

    def broken(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(LedgerError, match=r"cannot write .*Input/output error") as caught:
        write_output(target, "new\n", force=True)
    assert not isinstance(caught.value, InvalidInput)
    monkeypatch.undo()
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.md"]


def test_write_output_relative_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert write_output("rel.json", "{}\n") == (tmp_path / "rel.json").resolve()
    assert (tmp_path / "rel.json").read_text() == "{}\n"


@pytest.mark.parametrize(("task", "shown"), [
    ("- not a list", "\\- not a list"),
    ("1. not a list either", "1\\. not a list either"),
    ("=== not an underline", "\\=== not an underline"),
    ("--- not a rule", "\\--- not a rule"),
    ("> not a quote", "\\> not a quote"),
    ("    not code", "not code"),
])
def test_task_cannot_start_a_markdown_block(repo: Path, task: str, shown: str) -> None:
    Ledger.open(repo).set_task(task)
    assert _section(living_page(repo), "TASK") == [shown]
