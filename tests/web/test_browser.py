"""The pages in a real browser (issue 22): Debian's Chromium, headless, against ``git
ledger serve`` started as a process, and against the static site opened from disk.

Every page loads without a console error; an entry's page shows its history; a scope's
graph has a node per decision; search finds an archived decision; a hostile text renders
as text and runs nothing; a page reloads itself when the refs move.
"""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from gitledger.web.pages import scope_slug
from tests.conftest import Run, installed_git_ledger
from tests.web.browser import browser_log, chromium, console_errors, served
from tests.web.corpus import HOSTILE, Corpus, build_corpus

#: One Chromium for the module, so it shares one worker (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("browser")

WAIT = 20.0


@pytest.fixture(scope="module")
def driver() -> Iterator[webdriver.Chrome]:
    with chromium() as browser:
        yield browser


@pytest.fixture
def run(runner: Any, repo_with_commit: Path) -> Run:
    return Run(runner, repo_with_commit)


@pytest.fixture
def corpus(run: Run, repo_with_commit: Path) -> Corpus:
    return build_corpus(run, repo_with_commit)


def _open(driver: webdriver.Chrome, url: str) -> None:
    # Leave the page first: one whose server an earlier test stopped still polls _state
    # until then, and what it logs after the log was read would count against this page.
    driver.get("about:blank")
    browser_log(driver)  # what earlier pages logged is theirs
    driver.get(url)
    assert driver.execute_script("return document.readyState") == "complete"


def _entry_href(driver: webdriver.Chrome, entry_id: str) -> str:
    link = driver.find_element(By.LINK_TEXT, entry_id)
    return str(link.get_attribute("href"))


def _until(check: Any, what: str) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"not in {WAIT} s: {what}")


def test_every_page_loads_without_console_errors(driver: webdriver.Chrome, corpus: Corpus,
                                                 cli_env: dict[str, str]) -> None:
    with served(corpus.repo, cli_env) as url:
        _open(driver, url)
        pages = [url + "index.html", url + "search.html?q=postgres", url + "team.html",
                 url + "flags.html", url + f"scope/{scope_slug('db')}.html",
                 _entry_href(driver, corpus.deployed), _entry_href(driver, corpus.hostile)]
        for page in pages:
            _open(driver, page)
            assert driver.find_element(By.TAG_NAME, "h1").text
            assert console_errors(driver) == [], page


def test_an_entry_page_shows_its_history_and_evidence(driver: webdriver.Chrome, corpus: Corpus,
                                                      cli_env: dict[str, str]) -> None:
    with served(corpus.repo, cli_env) as url:
        _open(driver, url)
        _open(driver, _entry_href(driver, corpus.deployed))
        history = driver.find_elements(By.CSS_SELECTOR, "ol.history li")
        assert len(history) >= 4
        assert any("deploy" in item.text.lower() for item in history)
        commit = driver.find_element(By.CSS_SELECTOR, "section.commit").text
        assert "Create the jobs table in Postgres" in commit
        assert "jobs.sql" in commit
        assert "https://ci.example.com/run/42" in driver.find_element(By.TAG_NAME, "main").text


def test_the_graph_has_a_node_per_decision_of_the_scope(driver: webdriver.Chrome,
                                                        corpus: Corpus,
                                                        cli_env: dict[str, str]) -> None:
    with served(corpus.repo, cli_env) as url:
        _open(driver, url + f"scope/{scope_slug('db')}.html")
        nodes = driver.find_elements(By.CSS_SELECTOR, "figure.graph svg a.node")
        assert sorted(str(n.get_attribute("data-id")) for n in nodes) == sorted(corpus.chain)
        assert all(n.is_displayed() for n in nodes)
        assert len(driver.find_elements(By.CSS_SELECTOR, "figure.graph svg path.edge")) == 2
        nodes[0].click()
        _until(lambda: "/entry/" in driver.current_url, "a node opens its entry")


def test_search_finds_an_archived_decision(driver: webdriver.Chrome, corpus: Corpus,
                                           cli_env: dict[str, str]) -> None:
    with served(corpus.repo, cli_env) as url:
        _open(driver, url)
        box = driver.find_element(By.CSS_SELECTOR, "form.quick input[name=q]")
        box.send_keys("importer flag\n")
        _until(lambda: "search.html" in driver.current_url, "the search page")
        hits = driver.find_element(By.CSS_SELECTOR, "ol.hits").text
        assert corpus.archived in hits
        assert f"archive/{corpus.archive}" in hits
        assert console_errors(driver) == []


def test_a_hostile_text_renders_as_text(driver: webdriver.Chrome, corpus: Corpus,
                                        cli_env: dict[str, str]) -> None:
    with served(corpus.repo, cli_env) as url:
        _open(driver, url + "index.html?scope=web")
        assert HOSTILE[0] in driver.find_element(By.TAG_NAME, "main").text
        _open(driver, _entry_href(driver, corpus.hostile))
        text = driver.find_element(By.TAG_NAME, "main").text
        for hostile in HOSTILE:
            assert hostile.strip() in text
        assert driver.execute_script("return window.__pwned === undefined")
        assert not driver.find_elements(By.CSS_SELECTOR, "main img, main script")
        links = [a.get_attribute("href") or "" for a in driver.find_elements(By.TAG_NAME, "a")]
        assert not [link for link in links if link.startswith("javascript:")]


def test_a_page_reloads_when_the_refs_move(driver: webdriver.Chrome, corpus: Corpus, run: Run,
                                           cli_env: dict[str, str]) -> None:
    with served(corpus.repo, cli_env) as url:
        _open(driver, url)
        assert "Cache the job list" not in driver.page_source
        assert run("decide", "Cache the job list for a minute").exit_code == 0
        _until(lambda: "Cache the job list" in driver.page_source, "the page reloaded")


def test_a_token_guards_any_other_address(driver: webdriver.Chrome, corpus: Corpus,
                                          cli_env: dict[str, str]) -> None:
    with served(corpus.repo, cli_env, "--host", "0.0.0.0") as url:
        assert "?token=" in url
        bare = url.split("?")[0].replace("0.0.0.0", "127.0.0.1")
        _open(driver, bare)
        assert "a token is needed" in driver.find_element(By.TAG_NAME, "body").text
        _open(driver, url.replace("0.0.0.0", "127.0.0.1"))
        assert driver.find_element(By.TAG_NAME, "h1").text == "Decisions"
        _open(driver, bare + "team.html")  # the cookie carries the token
        assert "Teammates" in driver.find_element(By.TAG_NAME, "nav").text


def test_the_static_site_works_from_disk(driver: webdriver.Chrome, corpus: Corpus, run: Run,
                                         tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert run("export", "--format", "html", "-o", str(out)).exit_code == 0
    _open(driver, (out / "index.html").as_uri())
    assert console_errors(driver) == []
    rows = driver.find_elements(By.CSS_SELECTOR, "table.timeline tbody tr")
    assert len(rows) == 6
    Select(driver.find_element(By.CSS_SELECTOR, "select[name=scope]")).select_by_visible_text("db")
    driver.find_element(By.CSS_SELECTOR, "#filters button").click()
    shown = [r for r in rows if r.is_displayed()]
    assert len(shown) == 3
    _open(driver, (out / "search.html").as_uri() + "?q=importer")
    _until(lambda: corpus.archived in driver.find_element(By.ID, "static-hits").text,
           "the static search")
    assert console_errors(driver) == []
    driver.find_element(By.LINK_TEXT, corpus.archived).click()
    _until(lambda: corpus.archived in driver.find_element(By.TAG_NAME, "h1").text,
           "the archived decision's page")


#: Finds every text node holding an entry id (``d-9x2m``) and returns, per id, how many
#: line boxes it was laid out on.
_ID_LINES = r"""
const found = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  for (const match of node.data.matchAll(/\b[odvxp]-[0-9a-z]{4,}\b/g)) {
    const range = document.createRange();
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    const tops = new Set(Array.from(range.getClientRects(), r => Math.round(r.top)));
    found.push([match[0], tops.size]);
  }
}
return found;
"""


def test_an_id_stays_on_one_line_in_a_narrow_window(driver: webdriver.Chrome, corpus: Corpus,
                                                   cli_env: dict[str, str]) -> None:
    size = driver.get_window_size()
    driver.set_window_size(360, 800)
    try:
        with served(corpus.repo, cli_env) as url:
            _open(driver, url)
            pages = [url + "index.html", url + f"scope/{scope_slug('db')}.html",
                     url + "search.html?q=jobs", url + "team.html",
                     _entry_href(driver, corpus.chain[1])]
            for page in pages:
                _open(driver, page)
                laid_out = driver.execute_script(_ID_LINES)
                assert laid_out, page
                assert [entry for entry, lines in laid_out if lines != 1] == [], page
    finally:
        driver.set_window_size(size["width"], size["height"])


@pytest.mark.parametrize("attempt", range(8))
def test_ctrl_c_stops_serve_as_a_normal_exit(repo_with_commit: Path, cli_env: dict[str, str],
                                             attempt: int) -> None:
    """Ctrl-C as soon as the start line is printed: it lands while asyncio sets up its
    loop about a third of the time when nothing takes it, so the test runs it eight times."""
    process = subprocess.Popen([str(installed_git_ledger()), "serve", "--port", "0"],
                               cwd=repo_with_commit, env=cli_env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        deadline = time.monotonic() + WAIT
        while "stop with Ctrl-C" not in process.stderr.readline():
            assert time.monotonic() < deadline, "serve printed no start line in time"
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=WAIT)
    finally:
        process.kill()
        process.wait(timeout=10)
    assert process.returncode == 0, err
    assert "interrupted" not in err
    assert "Traceback" not in err
    assert "Exception ignored" not in err
