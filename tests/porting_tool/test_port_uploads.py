"""P004 uploads: Bottle's FileUpload (sanitised filename, save() into a folder that
refuses to overwrite, .file, .raw_filename) ported to Werkzeug's FileStorage, answering
as Bottle did; both apps get the same multipart requests."""

from __future__ import annotations

import webtest

from .helpers import port

APP = '''
import os

from bottle import Bottle, request

app = Bottle()
STORE = os.environ["KIT_TEST_STORE"]


@app.post("/save")
def save():
    upload = request.files.get("data")
    upload.save(STORE, overwrite=request.forms.get("again") == "1")
    return "saved %s" % upload.filename


@app.post("/read")
def read():
    upload = request.files.data
    return "%s|%s|%s|%s" % (upload.raw_filename, upload.file.read().decode(),
                           upload.get_header("Content-Type"), upload.content_length)


@app.post("/all")
def everything():
    names = []
    for item in request.files.getall("data"):
        names.append(item.filename)
    return ",".join(names)
'''


def clients(tmp_path, monkeypatch):
    """The original and its default port, each saving into a folder of its own."""
    result = port(APP, faithful=False)
    assert result.status == "success", result.error
    apps = []
    for name, code in (("bottle", APP), ("flask", result.code)):
        store = tmp_path / name
        store.mkdir()
        monkeypatch.setenv("KIT_TEST_STORE", str(store))
        namespace = {"__name__": f"trial_{name}"}
        exec(compile(code, f"{name}.py", "exec"), namespace)
        apps.append((webtest.TestApp(namespace["app"]), store))
    return result, apps


def test_the_port_reads_uploads_in_werkzeugs_terms(tmp_path, monkeypatch):
    result, _ = clients(tmp_path, monkeypatch)
    assert 'save_upload(upload, STORE, overwrite=request.form.get("again") == "1")' \
        in result.code
    assert 'return "saved %s" % secure_filename(upload.filename)' in result.code
    assert "upload.filename, upload.stream.read().decode()" in result.code
    assert 'upload.headers.get("Content-Type")' in result.code
    assert [d["id"] for d in result.declared].count("D-upload-filename") == 2
    assert result.todos == []


def test_a_saved_upload_lands_as_in_bottle_and_is_not_overwritten(tmp_path, monkeypatch):
    _, apps = clients(tmp_path, monkeypatch)
    for client, store in apps:
        send = [("data", "report.txt", b"first")]
        assert client.post("/save", upload_files=send).text == "saved report.txt"
        assert (store / "report.txt").read_bytes() == b"first"
        again = [("data", "report.txt", b"second")]
        answer = client.post("/save", upload_files=again, expect_errors=True)
        assert answer.status_int == 500  # Bottle: OSError("File exists.")
        assert (store / "report.txt").read_bytes() == b"first"
        client.post("/save", {"again": "1"}, upload_files=again)
        assert (store / "report.txt").read_bytes() == b"second"


def test_a_path_in_the_client_filename_never_leaves_the_folder(tmp_path, monkeypatch):
    _, apps = clients(tmp_path, monkeypatch)
    answers = []
    for client, store in apps:
        send = [("data", "../../evil.txt", b"x")]
        answers.append(client.post("/save", upload_files=send).text)
        assert [p.name for p in store.iterdir()] == ["evil.txt"]
        assert not (tmp_path.parent / "evil.txt").exists()
    assert answers == ["saved evil.txt"] * 2


def test_raw_name_content_and_headers_read_alike(tmp_path, monkeypatch):
    _, apps = clients(tmp_path, monkeypatch)
    for client, _ in apps:
        send = [("data", "a b.txt", b"hello", "text/plain")]
        # content_length: the part's own Content-Length, -1 without one (Werkzeug: 0)
        assert client.post("/read", upload_files=send).text == "a b.txt|hello|text/plain|-1"
        both = [("data", "one.txt", b"1"), ("data", "two.txt", b"2")]
        assert client.post("/all", upload_files=both).text == "one.txt,two.txt"


def test_the_sanitised_names_differ_only_as_declared(tmp_path, monkeypatch):
    _, apps = clients(tmp_path, monkeypatch)
    send = [("data", "my report.txt", b"x")]
    bottle_answer, flask_answer = (c.post("/save", upload_files=send).text for c, _ in apps)
    assert (bottle_answer, flask_answer) == ("saved my-report.txt", "saved my_report.txt")


def test_a_filename_the_view_sets_stays_a_store():
    """`upload.filename = "x"` became an assignment to secure_filename(...): the module
    did not compile and was copied unported."""
    source = '''
from bottle import Bottle, request

app = Bottle()


@app.post("/u")
def u():
    upload = request.files.get("f")
    upload.filename = "fixed name.txt"
    return upload.filename
'''
    result = port(source, faithful=False)
    assert result.status == "success", result.error
    assert '    upload.filename = "fixed name.txt"\n' in result.code
    answers = []
    for code in (source, result.code):
        namespace = {"__name__": "trial"}
        exec(compile(code, "app.py", "exec"), namespace)
        client = webtest.TestApp(namespace["app"])
        answers.append(client.post("/u", upload_files=[("f", "a.txt", b"x")]).text)
    # Bottle reads back what the view set; the port sanitises it (D-upload-filename)
    assert answers == ["fixed name.txt", "fixed_name.txt"]


def test_the_helper_never_takes_the_name_of_a_function_of_the_modules_own(tmp_path):
    """A module with its own save_upload(): the helper imported under that name was
    replaced by the user's later def, and the ported save() called the wrong function."""
    source = '''
from bottle import Bottle, request

app = Bottle()


def save_upload(name):
    return "kept %s" % name


@app.post("/u")
def u():
    upload = request.files.get("f")
    upload.save(request.forms.get("to"), overwrite=True)
    return save_upload(upload.raw_filename)
'''
    result = port(source, faithful=False)
    assert result.status == "success", result.error
    assert "from bottle_compat import save_upload as save_upload_2\n" in result.code
    assert "save_upload_2(upload, request.form.get(\"to\"), overwrite=True)" in result.code
    answers = []
    for name, code in (("bottle", source), ("flask", result.code)):
        namespace = {"__name__": f"trial_{name}"}
        exec(compile(code, f"{name}.py", "exec"), namespace)
        client = webtest.TestApp(namespace["app"])
        target = tmp_path / f"{name}.txt"
        answers.append(client.post("/u", {"to": str(target)},
                                   upload_files=[("f", "a.txt", b"x")]).text)
        assert target.read_bytes() == b"x"
    assert answers == ["kept a.txt", "kept a.txt"]
