"""The screenshots in docs/web.md: the tour's repository served and photographed in
headless Chromium.  ``python -m tests.web.screenshots docs/images`` (needs the web extra,
chromium and chromium-driver, like the browser tests)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By

from tests.web.browser import chromium, served

PAGES = (("timeline", "index.html"), ("search", "search.html?q=tokens"),
         ("flags", "flags.html"), ("team", "team.html"))


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="gitledger-shots-"))
    env = dict(os.environ, TMPDIR=str(scratch))
    exe = Path(sys.executable).parent / "git-ledger"
    tour = subprocess.run([str(exe), "tour"], env=env, capture_output=True, text=True,
                          check=True).stdout
    repo = Path(re.findall(r"^  cd (\S+)$", tour, re.M)[0])
    with served(repo, env) as url, chromium() as driver:
        for name, page in PAGES:
            driver.get(url + page)
            driver.save_screenshot(str(out / f"web-{name}.png"))
        driver.get(url)
        scope = driver.find_element(By.CSS_SELECTOR, "a[href^='scope/']")
        scope.click()
        driver.save_screenshot(str(out / "web-scope.png"))
        driver.find_element(By.CSS_SELECTOR, "figure.graph a.node").click()
        driver.save_screenshot(str(out / "web-entry.png"))
    print(f"wrote {len(PAGES) + 2} screenshots to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")))
