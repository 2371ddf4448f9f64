"""The pages of ``git ledger serve`` and the static site (issue 22), through Starlette's
test client on real repositories: what each page shows, that every ledger text is shown as
text, and that the server is read-only, keeps to its host and its token, follows the refs,
and says so when a ledger breaks.  tests/web/test_browser.py drives the same pages in a real
browser."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from gitledger.cli import cli
from gitledger.core.extras import load_extra
from gitledger.errors import InvalidInput, LedgerError, MissingExtra
from gitledger.web import server
from gitledger.web.pages import scope_slug
from gitledger.web.server import make_app
from tests.conftest import Run, git
from tests.web.corpus import Corpus, build_corpus


@pytest.fixture
def run(runner: Any, repo_with_commit: Path) -> Run:
    return Run(runner, repo_with_commit)


@pytest.fixture
def corpus(run: Run, repo_with_commit: Path) -> Corpus:
    return build_corpus(run, repo_with_commit)


@pytest.fixture
def client(corpus: Corpus) -> TestClient:
    return TestClient(make_app(corpus.repo))


def _slug(page: str, entry_id: str) -> str:
    found = re.search(r'href="(?:\.\./)?entry/([^"]+)\.html">' + re.escape(entry_id) + "<", page)
    assert found, entry_id
    return found.group(1)


def _entry(client: TestClient, entry_id: str) -> str:
    page = client.get("/index.html?ledger=").text
    response = client.get(f"/entry/{_slug(page, entry_id)}.html")
    assert response.status_code == 200
    return response.text


def test_the_timeline_lists_every_decision_newest_first_with_filters(
        client: TestClient, corpus: Corpus) -> None:
    page = client.get("/").text
    order = [page.index(f">{entry_id}<") for entry_id in corpus.chain]
    assert order == sorted(order, reverse=True)
    assert corpus.archived in page  # an archive's decisions are on it too
    assert corpus.fact not in page  # facts are not decisions
    db = client.get("/index.html", params={"scope": "db"}).text
    assert all(entry_id in db for entry_id in corpus.chain)
    assert corpus.hostile not in db
    superseded = client.get("/index.html", params={"status": "superseded"}).text
    assert corpus.chain[0] in superseded
    assert corpus.deployed not in superseded
    assert "3 decisions" in client.get("/index.html", params={"scope": "db"}).text
    archived = client.get("/index.html", params={"ledger": f"archive/{corpus.archive}"}).text
    assert corpus.archived in archived
    assert corpus.deployed not in archived
    assert "No decision matches" in client.get("/index.html", params={"until": "2000-01-01"}).text
    assert "No decision matches" in client.get("/index.html", params={"author": "nobody"}).text


def test_a_scope_page_draws_a_node_per_decision_and_an_edge_per_supersedes(
        client: TestClient, corpus: Corpus) -> None:
    page = client.get(f"/scope/{scope_slug('db')}.html").text
    nodes = re.findall(r'class="node [a-z]+" data-id="([^"]+)"', page)
    assert sorted(nodes) == sorted(corpus.chain)
    edges = re.findall(r'data-from="([^"]+)" data-to="([^"]+)"', page)
    assert edges == [(corpus.chain[0], corpus.chain[1]), (corpus.chain[1], corpus.chain[2])]
    assert "<script" not in page.split("<main>")[1]  # drawn here, no script, no CDN
    assert client.get(f"/scope/{scope_slug('nope')}.html").status_code == 404


def test_an_entry_page_shows_history_evidence_and_the_deploy_receipt(
        client: TestClient, corpus: Corpus) -> None:
    page = _entry(client, corpus.deployed)
    assert "Create the jobs table in Postgres" in page  # the evidence commit's subject
    assert "jobs.sql" in page
    assert "+1" in page
    assert "https://ci.example.com/run/42" in page
    assert "production" in page
    history = page.split("<h2>History</h2>")[1]
    assert len(re.findall(r"<li>", history)) >= 4  # added, evidence, implemented, deployed
    assert corpus.chain[1] in page  # what it superseded, linked
    assert "drift" in page  # its footprint's lines changed since


def test_a_stale_fact_and_a_drifted_decision_are_flagged(client: TestClient,
                                                          corpus: Corpus) -> None:
    page = client.get("/flags.html").text
    assert corpus.fact in page
    assert corpus.deployed in page
    assert "check.sh" in page


@pytest.mark.parametrize("path", ["/", "/index.html?scope=web", "/search.html?q=window",
                                  "/team.html", "HOSTILE_ENTRY",
                                  f"/scope/{scope_slug('web')}.html"])
def test_hostile_texts_are_shown_as_text(client: TestClient, corpus: Corpus,
                                         path: str) -> None:
    page = (_entry(client, corpus.hostile) if path == "HOSTILE_ENTRY"
            else client.get(path).text)
    body = page.split("<main>")[1]
    assert "<script>window" not in body
    assert "<img src=x" not in body
    assert "<svg onload" not in body
    assert 'onmouseover="window' not in body
    assert 'href="javascript:' not in body
    assert "__pwned" in html.unescape(body)  # it is there, as text


def test_search_finds_an_archived_decision_and_refuses_bad_queries(
        client: TestClient, corpus: Corpus) -> None:
    page = client.get("/search.html", params={"q": "importer flag"}).text
    assert corpus.archived in page
    assert f"archive/{corpus.archive}" in page
    assert "<mark>" in page
    assert "the query is empty" not in client.get("/search.html").text
    assert "has no word" in client.get("/search.html", params={"q": '"*^'}).text
    assert client.get("/search.html", params={"q": "x" * 5000}).status_code == 200


def test_the_server_is_read_only_and_keeps_to_its_host_and_token(corpus: Corpus) -> None:
    plain = TestClient(make_app(corpus.repo, hosts=("127.0.0.1:8421",)),
                       base_url="http://127.0.0.1:8421")
    assert plain.get("/").status_code == 200
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        assert plain.request(method, "/index.html").status_code == 405
    assert plain.get("/", headers={"host": "evil.example:8421"}).status_code == 421
    headers = plain.get("/").headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"
    guarded = TestClient(make_app(corpus.repo, token="s3cret"))
    assert guarded.get("/").status_code == 403
    assert guarded.get("/?token=wrong").status_code == 403
    first = guarded.get("/?token=s3cret")
    assert first.status_code == 200
    assert "HttpOnly" in first.headers["set-cookie"]
    assert guarded.get("/team.html").status_code == 200  # the cookie carries it
    assert TestClient(make_app(corpus.repo, token="s3cret")).get("/_state").status_code == 403


def test_pages_follow_the_refs(client: TestClient, run: Run) -> None:
    before = client.get("/_state").json()["state"]
    assert before == client.get("/_state").json()["state"]
    new = run("decide", "Cache the job list for a minute", "--scope", "db")
    assert new.exit_code == 0
    assert client.get("/_state").json()["state"] != before
    assert "Cache the job list" in client.get("/").text


def test_a_ledger_that_breaks_gives_a_page_that_says_so(
        client: TestClient, corpus: Corpus, monkeypatch: pytest.MonkeyPatch) -> None:
    assert client.get("/").status_code == 200

    def broken(where: object, *args: object, **kwargs: object) -> object:
        raise LedgerError("refs/ledger/project points at a blob, not a commit")

    monkeypatch.setattr(server, "build_site", broken)
    git(corpus.repo, "commit", "-q", "--allow-empty", "-m", "move HEAD")  # the state moves
    page = client.get("/")
    assert page.status_code == 503
    assert "points at a blob" in page.text
    monkeypatch.undo()
    assert client.get("/").status_code == 200  # still up


def test_a_corrupt_ledger_ref_is_named_on_the_page(client: TestClient, corpus: Corpus) -> None:
    readme = git(corpus.repo, "rev-parse", "HEAD:README").strip()
    git(corpus.repo, "update-ref", "refs/ledger/sessions/broken", readme)
    page = client.get("/")
    assert page.status_code == 200  # the other ledgers are still shown
    assert corpus.deployed in page.text
    assert re.search(r"The ledger <code>broken</code> could not be read: [^<]+", page.text)


def test_the_static_site_has_the_same_pages_with_relative_links(
        run: Run, corpus: Corpus, tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = run("export", "--format", "html", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert "pages to" in result.stderr
    index = (out / "index.html").read_text()
    assert all(entry_id in index for entry_id in corpus.chain)
    links = re.findall(r'(?:href|src)="([^"]+)"', index)
    assert links
    assert not [link for link in links if link.startswith(("/", "http:", "https:"))]
    entry = next((out / "entry").glob("*.html"))
    for link in re.findall(r'(?:href|src)="([^"]+)"', entry.read_text()):
        if link == "data:,":
            continue  # the empty favicon, so no browser asks for /favicon.ico
        assert (entry.parent / link.split("?")[0]).resolve().exists(), link
    assert (out / "assets" / "search-data.js").read_text().count("<") == 0
    assert len(list((out / "entry").glob("*.html"))) == 7  # every entry of every ledger
    assert list((out / "scope").glob("*.html"))


def test_the_static_export_refuses_and_leaves_nothing_half_written(
        run: Run, corpus: Corpus, tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / "mine.txt").write_text("keep me")
    refused = run("export", "--format", "html", "-o", str(out))
    assert refused.exit_code == 1
    assert "not empty" in refused.stderr
    # Not a site this command wrote: --force does not replace it either.
    forced = run("export", "--format", "html", "-o", str(out), "--force")
    assert forced.exit_code == 1
    assert "is not a site git ledger wrote" in forced.stderr
    assert [p.name for p in out.iterdir()] == ["mine.txt"]
    site = tmp_path / "published"
    assert run("export", "--format", "html", "-o", str(site)).exit_code == 0
    assert oct(site.stat().st_mode & 0o777) != oct(0o700)  # readable by a web server
    (site / "stale.html").write_text("old")
    assert run("export", "--format", "html", "-o", str(site), "--force").exit_code == 0
    assert not (site / "stale.html").exists()
    assert (site / "index.html").exists()
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]  # no staging
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    assert "symbolic link" in run("export", "--format", "html", "-o", str(link)).stderr
    inside = run("export", "--format", "html", "-o", str(corpus.repo / ".git" / "site"))
    assert inside.exit_code == 1
    assert "git directory" in inside.stderr
    assert run("export", "--format", "html").exit_code == 2
    assert run("export", "--format", "html", "-o", str(tmp_path / "x"),
               "--project").exit_code == 2


@pytest.mark.parametrize("where", [".", "..", "GITLINK/site", "GITLINK/refs", "afile/site"])
def test_the_static_export_never_touches_the_repository(
        run: Run, corpus: Corpus, where: str) -> None:
    """Relative to -C: the repository itself, a parent of it, the git directory through a
    symbolic link, and a path through a file; each refused in one line, nothing moved."""
    (corpus.repo / "GITLINK").symlink_to(corpus.repo / ".git", target_is_directory=True)
    (corpus.repo / "afile").write_text("x")
    before = sorted(p.name for p in corpus.repo.iterdir())
    refs = git(corpus.repo, "for-each-ref")
    result = run("export", "--format", "html", "-o", where, "--force")
    assert result.exit_code == 1, result.stdout
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("git ledger: ")
    assert sorted(p.name for p in corpus.repo.iterdir()) == before
    assert git(corpus.repo, "for-each-ref") == refs
    assert not (corpus.repo / ".git" / "site").exists()


def test_bad_host_port_and_a_missing_extra_are_one_line(
        runner: Any, corpus: Corpus, monkeypatch: pytest.MonkeyPatch) -> None:
    result = runner.invoke(cli, ["-C", str(corpus.repo), "serve", "--host", "not-an-address"])
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert "is not an IP address" in result.stderr
    busy = server.bind("127.0.0.1", 0)
    try:
        port = str(busy.getsockname()[1])
        result = runner.invoke(cli, ["-C", str(corpus.repo), "serve", "--port", port])
        assert result.exit_code == 1
        assert result.stderr == (f"git ledger: port {port} on 127.0.0.1 is in use: give another "
                                 "with --port, or --port 0 for any free one\n")
    finally:
        busy.close()
    assert runner.invoke(cli, ["serve", "--port", "70000"]).exit_code == 2
    with pytest.raises(InvalidInput):
        server.check_host("300.1.1.1")

    def missing(name: str) -> object:
        raise ModuleNotFoundError("No module named 'starlette'", name="starlette")

    monkeypatch.setattr("importlib.import_module", missing)
    with pytest.raises(MissingExtra, match=r"pip install 'gitledger\[web\]'"):
        load_extra("gitledger.web.server", "web", "git ledger serve")
    result = runner.invoke(cli, ["-C", str(corpus.repo), "serve"])
    assert result.exit_code == 1
    assert result.stderr == ("git ledger: git ledger serve needs the optional web extra: "
                             "pip install 'gitledger[web]'\n")


def _rows(site: Any) -> list[tuple[str, str, str, str]]:
    return sorted((i.ref, i.entry.id, i.author, i.slug) for i in site.entries)


def test_a_site_read_again_after_a_change_is_the_site_read_whole(
        run: Run, corpus: Corpus) -> None:
    from gitledger.web.model import build_site

    site = build_site(corpus.repo)
    assert run("decide", "Cache the job list for a minute", "--scope", "db").exit_code == 0
    assert run("edit", corpus.hostile, "Escape every text").exit_code == 0
    proposed = run("decide", "Maybe shard the jobs", "--proposed", "--json")
    assert proposed.exit_code == 0
    shard = json.loads(proposed.stdout)["entry"]["id"]
    assert run("reject", shard, "--why", "too early").exit_code == 0
    again = build_site(corpus.repo, site, checked=False)
    whole = build_site(corpus.repo)
    assert _rows(again) == _rows(whole)
    assert {i.entry.id: i.entry for i in again.entries} == {
        i.entry.id: i.entry for i in whole.entries}
    assert again.checked == site.state != again.state  # the flags are the older ones
    assert whole.checked == whole.state


def test_the_flags_are_checked_again_behind_the_page(client: TestClient, run: Run,
                                                     corpus: Corpus) -> None:
    import time

    assert corpus.fact in client.get("/flags.html").text
    assert run("decide", "Cache the job list for a minute").exit_code == 0
    first = client.get("/")
    assert "Cache the job list" in first.text  # the ledgers are read at once
    deadline = time.monotonic() + 30
    while "+checking" in client.get("/_state").json()["state"]:
        assert time.monotonic() < deadline, "the checks did not land"
        time.sleep(0.05)
    assert "being checked again" not in client.get("/").text
    assert corpus.fact in client.get("/flags.html").text


def _session_ref(repo: Path) -> str:
    return git(repo, "for-each-ref", "--format=%(refname)", "refs/ledger/sessions/").split()[-1]


def test_an_entry_squatting_your_id_is_shown_beside_yours_never_instead(
        client: TestClient, corpus: Corpus) -> None:
    from gitledger.core.ids import entry_path
    from gitledger.storage.layout import PROJECT_REF
    from tests.remote_fixtures import put_blob

    mine = corpus.chain[0]
    put_blob(corpus.repo, PROJECT_REF, entry_path(mine),
             f'id = "{mine}"\nkind = "decided"\ntext = "SQUATTED: drop the database"\n'
             'status = "accepted"\nscope = "db"\ncreated = 2026-12-03 09:09:48+00:00\n'
             'author = "Ada Tester <ada@example.com>"\nseq = 99\n',
             who=("Mallory", "mallory@example.com"))
    page = client.get("/index.html", params={"scope": "db"}).text
    assert "Keep the jobs in MySQL" in page  # yours, still there
    assert "SQUATTED: drop the database" in page  # theirs, beside it
    row = page.split("SQUATTED")[1].split("</tr>")[0]
    assert "Mallory" in row  # labelled with who wrote it, from history
    graph = client.get(f"/scope/{scope_slug('db')}.html").text
    assert re.findall(r'class="node [a-z]+" data-id="([^"]+)"', graph).count(mine) == 2


def test_short_fields_of_a_hand_written_blob_are_printable_capped_and_no_class(
        client: TestClient, corpus: Corpus) -> None:
    from gitledger.core.ids import entry_path
    from tests.remote_fixtures import rewrite_blob

    ref = _session_ref(corpus.repo)
    path = entry_path(corpus.hostile)
    rewrite_blob(corpus.repo, ref, path, 'status = "accepted"',
                 'status = "accepted s-x\\" flag f-decision-drift"')
    rewrite_blob(corpus.repo, ref, path, 'scope = "web"',
                 'scope = "web\\u202e' + "x" * 20_000 + '"')
    page = client.get("/").text
    row = page.split(f">{corpus.hostile}<")[1].split("</tr>")[0]
    assert "\u202e" not in page
    assert 'class="status s-unknown"' in row
    assert "f-decision-drift" not in row.split("<span class=\"status")[1].split(">")[0]
    assert len(row) < 2_000  # a 20,000-character scope, capped
    entry = _entry(client, corpus.hostile)
    assert "\u202e" not in entry
    assert "x" * 500 not in entry


def test_a_token_that_is_not_ascii_is_refused_not_a_crash(corpus: Corpus) -> None:
    guarded = TestClient(make_app(corpus.repo, token="s3cret"), raise_server_exceptions=True)
    assert guarded.get("/?token=%C3%A9").status_code == 403
    assert guarded.get("/?token=%E2%80%AE").status_code == 403


def test_the_static_site_carries_its_own_content_security_policy(
        run: Run, corpus: Corpus, tmp_path: Path) -> None:
    assert run("export", "--format", "html", "-o", str(tmp_path / "site")).exit_code == 0
    index = (tmp_path / "site" / "index.html").read_text()
    assert '<meta http-equiv="Content-Security-Policy"' in index
    assert "script-src 'self'" in index


def test_an_unreadable_entry_is_named_on_every_page(client: TestClient,
                                                    corpus: Corpus) -> None:
    from gitledger.core.ids import entry_path
    from tests.remote_fixtures import rewrite_blob

    rewrite_blob(corpus.repo, _session_ref(corpus.repo), entry_path(corpus.fact),
                 'kind = "verified"', 'kind = [[[')
    page = client.get("/").text
    assert re.search(r"The ledger <code>[^<]*" + re.escape(entry_path(corpus.fact)), page)
    assert corpus.deployed in page  # the rest is still shown
