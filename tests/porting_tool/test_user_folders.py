"""No command writes into an app's own folder unless told to (--in-place)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from bottle2flask.cli import main
from tests.installed.test_installed_tool import listing

SAMPLE = Path(__file__).resolve().parent / "sample"


@pytest.fixture
def two_folders(tmp_path):
    """The sample with a database of its own (as a user's app has), and its port."""
    original = tmp_path / "orig"
    shutil.copytree(SAMPLE, original, ignore=shutil.ignore_patterns("*.db"))
    assert main(["port", str(original), "-o", str(tmp_path / "port"), "--no-check"]) == 0
    for folder in (original, tmp_path / "port"):  # a database with the user's own rows
        assert main(["parity", f"{folder}/todo.py", f"{folder}/todo.py", "--in-place",
                     "--quiet", "--max-pages", "1"]) == 0
        assert (folder / "todo.db").is_file()
    return tmp_path


@pytest.mark.parametrize("command", [
    ["parity", "orig/todo.py", "port/todo.py", "--forms", "--quiet"],
    ["migrate", "status", "orig/todo.py", "port/todo.py", "--forms"],
])
def test_parity_and_migrate_status_run_on_copies(two_folders, capsys, monkeypatch, command):
    monkeypatch.chdir(two_folders)  # paths as the user gave them, relative to here
    before = listing(two_folders)
    assert main(command) == 0, capsys.readouterr()
    assert listing(two_folders) == before


def test_in_place_is_asked_for_and_then_writes_there(two_folders, capsys, monkeypatch):
    monkeypatch.chdir(two_folders)
    before = (two_folders / "orig" / "todo.db").read_bytes()
    assert main(["parity", "orig/todo.py", "port/todo.py", "--forms", "--in-place",
                 "--quiet"]) == 0
    assert (two_folders / "orig" / "todo.db").read_bytes() != before  # the forms' rows


def test_migrate_status_takes_relative_paths_from_the_folder_above(two_folders, capsys,
                                                                    monkeypatch):
    """Found by trials: the paths were resolved against the app's folder a second time."""
    monkeypatch.chdir(two_folders)
    assert main(["migrate", "status", "orig/todo.py", "port/todo.py", "--json"]) == 0
    assert '"served": true' in capsys.readouterr().out
    assert os.getcwd() == str(two_folders)
