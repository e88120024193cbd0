"""tests/leaks.py's checks: what a test leaves behind is an error naming it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from textwrap import dedent

from tests.leaks import Folders

ROOT = Path(__file__).resolve().parents[1]


def test_files_written_into_the_working_folder_or_tests_are_named(tmp_path):
    work = tmp_path / "checkout"
    (work / "tests" / "sample").mkdir(parents=True)
    (work / ".gitignore").write_text("# made by the tools\nbuild/\ntests/sample/todo.db\n")
    folders = Folders(work / "tests")
    before = folders.seen(str(work))
    (work / "report.json").write_text("{}")  # at the top
    (work / "build").mkdir()  # the project's .gitignore ignores it there
    (work / ".pytest_cache").mkdir()  # a tool's
    (work / "tests" / "sample" / "todo.db").write_bytes(b"")  # ignored, but under tests/
    (work / "tests" / "sample" / "__pycache__").mkdir()
    (work / "tests" / "sample" / "made").mkdir()
    assert folders.new_since(before) == [str(work / "report.json"),
                                         str(work / "tests" / "sample" / "made"),
                                         str(work / "tests" / "sample" / "todo.db")]
    again = folders.seen(str(work))
    (work / "tests" / "sample" / "made" / "inner.txt").write_text("")
    (work / "report.json").unlink()  # taken out: no name added
    assert folders.new_since(again) == [str(work / "tests" / "sample" / "made" / "inner.txt")]


def test_a_test_that_writes_into_the_working_folder_fails_naming_the_file(tmp_path):
    (tmp_path / "conftest.py").write_text(
        "from tests.leaks import pytest_runtest_setup, pytest_runtest_teardown  # noqa\n")
    (tmp_path / "test_writes.py").write_text(dedent("""
        from pathlib import Path


        def test_writes_here():
            Path("answers.json").write_text("{}")


        def test_writes_nothing():
            pass
    """))
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           "-p", "no:randomly", "-p", "no:warnings", "-q", "test_writes.py"],
                          cwd=tmp_path,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1, done.stdout + done.stderr
    assert "2 passed, 1 error" in done.stdout  # the test itself passes, its teardown not
    assert (f"test_writes.py::test_writes_here left files in the working folder or tests/ "
            f"(['{tmp_path / 'answers.json'}'])") in done.stdout
