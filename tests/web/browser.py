"""Debian's Chromium, headless, driven by selenium through Debian's chromedriver; and
``git ledger serve`` started as a real process.  Both are ended by their PID."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from tests.conftest import installed_git_ledger

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
START_TIMEOUT = 30.0
#: Without these, Chromium tries Google's hosts at every start; this machine refuses them.
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--disable-dev-shm-usage", "--window-size=1280,900")


def require_browser() -> None:
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.access(p, os.X_OK)]
    if missing:
        pytest.fail(f"the browser tests need {', '.join(missing)}: apt-get install chromium "
                    "chromium-driver (.ci/run installs them)", pytrace=False)


@contextmanager
def chromium() -> Iterator[webdriver.Chrome]:
    require_browser()
    profile = tempfile.mkdtemp(prefix="gitledger-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(CHROMEDRIVER)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        if service.process is not None:
            _end(service.process)
        shutil.rmtree(profile, ignore_errors=True)


def browser_log(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    """What the page logged since last asked (selenium leaves this call untyped)."""
    taken: list[dict[str, Any]] = driver.get_log("browser")  # type: ignore[no-untyped-call]
    return taken


def console_errors(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    return [entry for entry in browser_log(driver) if entry.get("level") == "SEVERE"]


@contextmanager
def served(repo: Path, env: dict[str, str], *extra: str) -> Iterator[str]:
    """``git ledger serve --port 0`` in ``repo``: the URL it printed."""
    process = subprocess.Popen([str(installed_git_ledger()), "serve", "--port", "0", *extra],
                               cwd=repo, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        url = _url(process)
        yield url
    finally:
        _end(process)
        if process.stderr is not None:
            process.stderr.close()


def _url(process: subprocess.Popen[str]) -> str:
    assert process.stderr is not None
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            raise AssertionError(f"git ledger serve ended first (rc {process.wait(5)})")
        found = re.search(r"http://\S+", line)
        if found:
            return found.group(0)
    raise AssertionError("git ledger serve printed no URL in time")


def _end(process: subprocess.Popen[Any]) -> None:
    """End a process we started, by its PID: asked first, then killed."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
