"""What the suite a port leaves keeps: readable bodies in files, digests only for binary
ones, and no absolute path."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

import pytest

from bottle2flask.proof.answers import answer, readable, same_body
from bottle2flask.proof.record import app_entry, bodies_to_files, replayable


def test_a_json_body_is_kept_with_sorted_keys_one_a_line():
    assert readable("application/json", b'{"b": 1, "a": [2]}') == \
        '{\n "a": [\n  2\n ],\n "b": 1\n}\n'


def test_html_is_kept_a_stripped_line_each_and_compared_whitespace_aside():
    kept = readable("text/html", b"<ul>\n    <li>one</li>\n\n  <li>two</li></ul>")
    assert kept == "<ul>\n<li>one</li>\n<li>two</li></ul>\n"
    assert same_body(kept, "<ul> <li>one</li> <li>two</li></ul>")
    assert not same_body(kept, "<ul><li>one</li><li>two</li></ul>")


def test_only_a_binary_body_is_a_digest():
    assert readable("image/png", b"\x89PNG\r\n").startswith("sha256:")
    assert readable("application/octet-stream", b"\xff\xfe").startswith("sha256:")
    assert readable("", b"plain words") == "plain words\n"


def test_a_redirect_keeps_its_target_not_its_body():
    kept = answer(303, [("Location", "http://localhost/todo?show=all"),
                        ("Content-Type", "text/html; charset=utf-8")], b"<p>See other</p>")
    assert kept == {"status": 303, "content_type": "text/html", "location": "/todo?show=all",
                    "body": None}


def test_bodies_go_to_files_one_for_both_apps_when_they_agree(tmp_path):
    same = {"status": 200, "content_type": "text/html", "location": None, "body": "<p>a</p>\n"}
    data = {"requests": [
        {"step": 3, "method": "GET", "path": "/edit/1",
         "answers": {"bottle": dict(same), "flask": {**same, "body": "<p>a</p>"}}},
        {"step": 4, "method": "GET", "path": "/api/todos",
         "answers": {"bottle": {**same, "content_type": "application/json", "body": "[1]\n"},
                     "flask": {**same, "content_type": "application/json", "body": "[2]\n"}}},
        {"step": 5, "method": "GET", "path": "/logo.png",
         "answers": {"bottle": {**same, "body": "sha256:ab"}, "flask": {**same,
                                                                        "body": "sha256:ab"}}}]}
    files = bodies_to_files(data, tmp_path / "bottle2flask_parity")
    assert files == {"0003-get-edit-1.html": "<p>a</p>\n",
                     "0004-get-api-todos.bottle.json": "[1]\n",
                     "0004-get-api-todos.flask.json": "[2]\n"}
    first = data["requests"][0]["answers"]
    assert first["bottle"]["body_file"] == first["flask"]["body_file"] == \
        "bottle2flask_parity/0003-get-edit-1.html"
    assert data["requests"][2]["answers"]["flask"]["body"] == "sha256:ab"


def test_the_suite_replays_writes_up_to_a_form_each_app_filled_its_own_way():
    kept = {"answers": [{}, {}]}
    steps = [{"method": "GET", "path": "/", **kept},
             {"method": "POST", "path": "/new", "body": ["text/plain", "task=a"], **kept},
             {"method": "GET", "path": "/", **kept},
             {"method": "POST", "path": "/login", "body": "differs", **kept},
             {"method": "GET", "path": "/", **kept}]
    assert [s["path"] for s in replayable(steps)] == ["/", "/new", "/"]


def test_the_original_is_recorded_relative_to_the_tests_never_absolute(tmp_path):
    tests = tmp_path / "work" / "out" / "tests"
    tests.mkdir(parents=True)
    entry = app_entry(f"{tmp_path / 'elsewhere' / 'todo' / 'todo.py'}:app", tests,
                      "BOTTLE2FLASK_ORIGINAL")
    assert entry == {"folder": "../../../elsewhere/todo", "spec": "todo.py:app",
                     "variable": "BOTTLE2FLASK_ORIGINAL"}
    assert not Path(entry["folder"]).is_absolute()


def test_a_failed_answer_names_the_first_field_that_differs():
    from bottle2flask.proof.answers import difference

    want = {"status": 200, "content_type": "text/html", "location": None,
            "body": "<h1>Tasks</h1>\n<p>two</p>\n"}
    assert difference({**want, "status": 500}, want) == "status: 500, expected 200"
    assert difference({**want, "body": "<h1>Tasks</h1>\n<p>three</p>\n"}, want) == \
        "body, line 2: '<p>three</p>', expected '<p>two</p>'"


@pytest.mark.parametrize(("path", "data"), [
    ("todo.db", True),
    ("data/items.json", True),
    ("config.ini", True),
    ("export.csv", True),
    ("app.py", False),
    ("views/list.tpl", False),
    ("templates/list.html", False),
    ("static/style.css", False),
    ("static/seed.json", False),
    (".env", False),
    ("__pycache__/app.cpython-311.pyc", False),
    ("tests/bottle2flask_parity.json", False),
    ("PORTING-REPORT.md", False),
    ("requirements.txt", False),
])
def test_what_a_data_file_is(path, data):
    from bottle2flask.proof.data_files import is_data

    assert is_data(PurePosixPath(path)) is data


def test_a_copy_is_given_the_data_files_as_they_were_and_only_those(tmp_path):
    from bottle2flask.proof.data_files import lay_over, take

    app = tmp_path / "app"
    (app / "data").mkdir(parents=True)
    (app / "app.py").write_text("print('app')\n")
    (app / "todo.db").write_bytes(b"two rows")
    (app / "data" / "items.json").write_text("[1, 2]")
    files, why = take(app, tmp_path / "snapshot")
    assert (files, why) == (["data/items.json", "todo.db"], "")
    # used since: a row added, a file made, the code changed
    (app / "todo.db").write_bytes(b"three rows")
    (app / "data" / "new.csv").write_text("a,b\n")
    (app / "app.py").write_text("print('changed')\n")
    lay_over(tmp_path / "snapshot", files, app)
    assert (app / "todo.db").read_bytes() == b"two rows"
    assert not (app / "data" / "new.csv").exists()
    assert (app / "app.py").read_text() == "print('changed')\n"  # not a data file


def test_around_a_package_only_its_folder_and_what_it_read_are_kept(tmp_path):
    # a package's app runs from the folder above it: its data files are those of the
    # package's folder and the files its app was seen reading there, not the whole repo
    from bottle2flask.proof.data_files import lay_over, take

    repo = tmp_path / "repo"
    (repo / "web").mkdir(parents=True)
    (repo / "docs").mkdir()
    (repo / "shop.json").write_text("[1]")
    (repo / "web" / "todo.db").write_bytes(b"two rows")
    (repo / "docs" / "logo.png").write_bytes(b"png")
    within = ["web", "model.py", "shop.json", "save.json"]
    files, why = take(repo, tmp_path / "snapshot", within=within)
    assert (files, why) == (["shop.json", "web/todo.db"], "")
    (repo / "shop.json").write_text("[1, 2]")
    (repo / "save.json").write_text("{}")  # made by a run since
    lay_over(tmp_path / "snapshot", files, repo, within)
    assert (repo / "shop.json").read_text() == "[1]" and not (repo / "save.json").exists()
    assert (repo / "docs" / "logo.png").read_bytes() == b"png"  # not the app's: left


def test_data_files_over_the_cap_are_not_kept_and_say_why(tmp_path):
    from bottle2flask.proof.data_files import take

    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "big.db").write_bytes(b"x" * 3000)
    files, why = take(tmp_path / "app", tmp_path / "snapshot", cap=2000)
    assert files == [] and not (tmp_path / "snapshot").exists()
    assert why == "the data files are 3,000 bytes, over the cap of 2,000"
