"""The RealWorld runner's reading of the suites: a plain folder laid out like the
realworld repository, or a clone of it (the runs themselves are `make realworld-ci`)."""

from __future__ import annotations

import json
import subprocess

import pytest

from bottle2flask.errors import UsageError
from harness.realworld import BRUNO, POSTMAN, extract_suites, source_commit

COMMIT = "5d510ce6ec41bb97723e92fbd8d3e3458a381c09"


def collection(requests: int) -> str:
    folder = {"name": "Auth", "item": [{"name": f"r{i}"} for i in range(requests - 2)]}
    return json.dumps({"item": [folder, {"name": "a"}, {"name": "b"}]})


def lay_out(root, *, bruno=True, postman_requests=32):
    """A folder shaped like ../shared/realworld."""
    (root / "api").mkdir(parents=True)
    (root / POSTMAN).write_text(collection(postman_requests))
    if bruno:
        (root / BRUNO / "auth").mkdir(parents=True)
        (root / BRUNO / "auth" / "01-register.bru").write_text("meta {\n}\n")
    (root / "SOURCE.md").write_text(f"from the realworld repository at commit {COMMIT}\n")
    return root


def test_a_plain_folder_gives_both_suites_and_the_commit_its_notes_name(tmp_path):
    folder = lay_out(tmp_path / "realworld")
    for path in [*folder.rglob("*")]:  # read-only, as the team's copy is
        path.chmod(0o555 if path.is_dir() else 0o444)
    bruno, postman = extract_suites(folder, tmp_path / "work")
    assert bruno == tmp_path / "work" / BRUNO
    assert (bruno / "auth" / "01-register.bru").read_text() == "meta {\n}\n"
    assert json.loads(postman.read_text()) == json.loads(collection(32))
    assert source_commit(folder) == COMMIT
    assert all(path.stat().st_mode & 0o200 for path in [bruno, *bruno.rglob("*")])


def test_a_folder_from_before_the_bruno_suite_gives_postman_only(tmp_path):
    folder = lay_out(tmp_path / "realworld", bruno=False)
    bruno, postman = extract_suites(folder, tmp_path / "work")
    assert bruno is None and postman.exists()


def test_a_plain_folder_without_the_classic_collection_is_a_usage_error(tmp_path):
    folder = lay_out(tmp_path / "realworld", postman_requests=40)
    with pytest.raises(UsageError, match="no 32-request api/Conduit.postman_collection.json"):
        extract_suites(folder, tmp_path / "work")


def test_a_clone_gives_the_classic_collection_from_its_history_and_its_head(tmp_path):
    folder = lay_out(tmp_path / "realworld")
    (folder / "SOURCE.md").unlink()

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(folder), "-c", "user.name=t",
                               "-c", "user.email=t@example.com", *args], check=True,
                              capture_output=True, text=True).stdout.strip()

    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "classic")
    (folder / POSTMAN).write_text(collection(60))  # the 2026 rewrite
    git("commit", "-q", "-am", "rewrite")
    _, postman = extract_suites(folder, tmp_path / "work")
    assert json.loads(postman.read_text()) == json.loads(collection(32))
    assert source_commit(folder) == git("rev-parse", "HEAD")
