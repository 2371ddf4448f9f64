"""The wheel is what users install: it must carry the hooks folder and the man page."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

#: The wheel is built once, so the module shares one worker (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("packaging")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "-q", "-w", str(out), str(ROOT)],
        check=True, capture_output=True,
    )
    (built,) = out.glob("gitledger-*.whl")
    return zipfile.ZipFile(built)


def test_wheel_ships_the_hooks_folder(wheel: zipfile.ZipFile) -> None:
    shipped = {name for name in wheel.namelist() if name.startswith("gitledger/hooks/")}
    expected = {
        "gitledger/hooks/" + p.relative_to(ROOT / "hooks").as_posix()
        for p in (ROOT / "hooks").rglob("*") if p.is_file()
    }
    assert expected
    assert expected <= shipped


def test_wheel_ships_the_man_page(wheel: zipfile.ZipFile) -> None:
    (page,) = [n for n in wheel.namelist() if n.endswith("share/man/man1/git-ledger.1")]
    assert wheel.read(page) == (ROOT / "man" / "git-ledger.1").read_bytes()


def test_wheel_has_the_console_script(wheel: zipfile.ZipFile) -> None:
    (entry_points,) = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
    assert "git-ledger = gitledger.launch:main" in wheel.read(entry_points).decode()


def test_gitattributes_keeps_hook_scripts_lf() -> None:
    attributes = (ROOT / ".gitattributes").read_text()
    assert "hooks/**" in attributes
    assert "*.sh" in attributes
    assert "eol=lf" in attributes


FAST_PATH = "git-ledger-pre-tool-use"


def test_wheel_ships_the_fast_path_as_an_executable_script(wheel: zipfile.ZipFile) -> None:
    (name,) = [n for n in wheel.namelist() if n.endswith(f".data/scripts/{FAST_PATH}")]
    assert wheel.read(name) == (ROOT / "scripts" / FAST_PATH).read_bytes()
    assert (wheel.getinfo(name).external_attr >> 16) & 0o111


@pytest.mark.parametrize("editable", [False, True], ids=["wheel", "editable"])
def test_an_install_puts_the_fast_path_on_path_beside_git_ledger(
        wheel: zipfile.ZipFile, tmp_path: Path, editable: bool) -> None:
    assert wheel.filename is not None
    source = ["-e", str(ROOT)] if editable else [wheel.filename]
    subprocess.run(
        # --ignore-installed: without it pip first uninstalls the gitledger running the tests.
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "-q",
         "--ignore-installed", "--prefix", str(tmp_path / "prefix"), *source],
        check=True, capture_output=True,
    )
    bin_dir = tmp_path / "prefix" / "bin"
    script = bin_dir / FAST_PATH
    assert (bin_dir / "git-ledger").is_file()
    assert script.read_bytes() == (ROOT / "scripts" / FAST_PATH).read_bytes()
    assert os.access(script, os.X_OK)
