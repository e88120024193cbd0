"""bottle_answers.py, Bottle's own answers a --faithful port keeps: a small Bottle app and
its --faithful port, served side by side, answer byte for byte alike (status line,
headers but Date and Server, body) where Flask would answer with Werkzeug's."""

from __future__ import annotations

import email.utils
import os

import bottle
import pytest

from bottle2flask.port.compat import bottle_answers

from .helpers import both_folders, port

# Both apps serve the same folder (an absolute root, written into the source): Bottle's
# ETag hashes the file's path and inode, so two copies of a file have two ETags.
SOURCE = '''
from bottle import Bottle, abort, redirect, static_file

app = Bottle()
ROOT = {root!r}


@app.route("/")
def index():
    return "home"


@app.route("/form", method=["POST", "PUT"])
def form():
    return "posted"


@app.route("/data")
def data():
    return {{"b": 1, "a": [1, 2], "c": "\\u00e9"}}


@app.route("/boom")
def boom():
    raise ValueError("no")


@app.route("/gone")
def gone():
    abort(410, "It went away.")


@app.route("/bare")
def bare():
    abort(403)


@app.route("/go")
def go():
    redirect("/there?name=a b")


@app.route("/files/<name:path>")
def files(name):
    return static_file(name, root=ROOT)


@app.route("/download/<name>")
def download(name):
    return static_file(name, root=ROOT, download="report.txt")
'''


@pytest.fixture
def apps(tmp_path):
    """The Bottle app and its --faithful port, serving one folder of files."""
    root = tmp_path / "files"
    root.mkdir()
    (root / "a.txt").write_text("hello world, a file of text\n")
    (root / "b.css").write_text("body {}\n")
    (root / "c.bin").write_bytes(bytes(range(256)))
    return both_folders(tmp_path, {"web.py": SOURCE.format(root=str(root))}, "answers",
                        faithful=True)


def answer(client, method: str, path: str, **headers: str):
    """What a client receives: the status line, the headers but Date and Server (sorted:
    the check sets aside the order of differently named headers) and the body."""
    got = client.request(path, method=method, headers=headers, expect_errors=True,
                         environ={"HTTP_HOST": "localhost"})
    return (got.status, sorted((name, value) for name, value in got.headerlist
                               if name not in ("Date", "Server")), got.body)


def later(path) -> str:
    """An If-Modified-Since ten seconds after the file's change."""
    return email.utils.formatdate(os.stat(path).st_mtime + 10, usegmt=True)


LEFT_OPEN = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")

CASES = [
    # (method, path, headers): the status the two answer alike, byte for byte
    ("GET", "/", {}, "200 OK"),
    ("GET", "/nowhere/x'y", {}, "404 Not Found"),
    ("POST", "/", {}, "405 Method Not Allowed"),
    ("GET", "/form", {}, "405 Method Not Allowed"),
    ("GET", "/data", {}, "200 OK"),
    ("GET", "/boom", {}, "500 Internal Server Error"),
    ("GET", "/gone", {}, "410 Gone"),
    ("GET", "/bare", {}, "403 Forbidden"),
    ("GET", "/go", {}, "303 See Other"),
    ("GET", "/files/a.txt", {}, "200 OK"),
    ("GET", "/files/b.css", {}, "200 OK"),
    ("GET", "/files/c.bin", {}, "200 OK"),
    ("HEAD", "/files/a.txt", {}, "200 OK"),
    ("GET", "/files/missing.txt", {}, "404 Not Found"),
    ("GET", "/files/../web.py", {}, "403 Forbidden"),
    # Bottle 0.12 leaves a Range answer's file open (its range iterator never closes
    # it), in both apps; every Bottle opens the file before it reads the Range and
    # leaves it open when the Range is out of bounds (416)
    pytest.param("GET", "/files/a.txt", {"Range": "bytes=2-5"}, "206 Partial Content",
                 marks=LEFT_OPEN),
    pytest.param("GET", "/files/c.bin", {"Range": "bytes=-10"}, "206 Partial Content",
                 marks=LEFT_OPEN),
    pytest.param("GET", "/files/a.txt", {"Range": "bytes=200-300"},
                 "416 Requested Range Not Satisfiable", marks=LEFT_OPEN),
    ("GET", "/download/a.txt", {}, "200 OK"),
]


@pytest.mark.parametrize(("method", "path", "headers", "status"), CASES)
def test_the_faithful_port_answers_byte_for_byte_as_bottle(apps, method, path, headers,
                                                           status):
    original, ported = apps
    expected = answer(original, method, path, **headers)
    assert expected[0] == status
    assert answer(ported, method, path, **headers) == expected


def test_a_file_not_changed_since_is_bottles_304_and_a_changed_one_is_sent(apps, tmp_path):
    original, ported = apps
    since = later(tmp_path / "files" / "a.txt")
    expected = answer(original, "GET", "/files/a.txt", **{"If-Modified-Since": since})
    assert expected[0] == "304 Not Modified" and expected[2] == b""
    assert answer(ported, "GET", "/files/a.txt", **{"If-Modified-Since": since}) == expected
    before = "Mon, 01 Jan 2001 00:00:00 GMT"
    expected = answer(original, "GET", "/files/a.txt", **{"If-Modified-Since": before})
    assert expected[0] == "200 OK"
    assert answer(ported, "GET", "/files/a.txt", **{"If-Modified-Since": before}) == expected


def test_bottles_static_headers_are_sent_and_flasks_are_not(apps):
    """What kept Flask's send_from_directory apart (its Cache-Control: no-cache, its
    charset spelling) is gone; Bottle 0.13 sends an ETag, 0.12 none."""
    _, ported = apps
    got = ported.get("/files/a.txt")
    assert "Cache-Control" not in got.headers
    assert got.headers["Content-Type"] == "text/plain; charset=UTF-8"
    assert got.headers["Accept-Ranges"] == "bytes" and "Last-Modified" in got.headers
    assert ("ETag" in got.headers) == (bottle.__version__ >= "0.13")


def test_an_if_none_match_is_answered_as_bottle_answers_it(apps):
    """Bottle 0.13: its own ETag gets a 304; Bottle 0.12 reads no If-None-Match (a 200)."""
    original, ported = apps
    etag = original.get("/files/a.txt").headers.get("ETag", "abc")
    expected = answer(original, "GET", "/files/a.txt", **{"If-None-Match": etag})
    assert expected[0] == ("304 Not Modified" if bottle.__version__ >= "0.13" else "200 OK")
    assert answer(ported, "GET", "/files/a.txt", **{"If-None-Match": etag}) == expected


def test_the_error_page_is_bottles_own(apps):
    _, ported = apps
    page = ported.get("/nowhere", status=404).text
    assert "<title>Error: 404 Not Found</title>" in page
    assert "Not found: &#039;/nowhere&#039;" in page
    assert ported.post("/", status=405).headers["Allow"] == "GET"
    assert ported.get("/form", status=405).headers["Allow"] == "POST,PUT"


def test_an_error_handler_of_the_app_answers_its_code_as_bottles_did(tmp_path):
    original, ported = both_folders(tmp_path, {"web.py": '''
        from bottle import Bottle, static_file

        app = Bottle()


        @app.error(404)
        def missing(err):
            return "missing: " + err.body


        @app.route("/files/<name>")
        def files(name):
            return static_file(name, root="nowhere")
    '''}, "answers_handler", faithful=True)
    for path in ("/files/x.txt", "/elsewhere"):
        expected = answer(original, "GET", path)
        assert expected[0] == "404 Not Found"
        assert answer(ported, "GET", path) == expected


def test_the_pieces_come_from_bottle_answers_and_bottle_is_required(tmp_path):
    from pathlib import Path

    from bottle2flask.cli import main as kit

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(SOURCE.format(root="files"))
    assert kit(["port", str(src), "-o", str(out), "--no-check", "--faithful"]) == 0
    code = (out / "web.py").read_text()
    for line in ("error_pages(app)", "response_defaults(app)",
                 "json_answers(app)", "return static_file(name, root=ROOT)"):
        assert line in code
    assert (out / "bottle_answers.py").read_text() == \
        Path(bottle_answers.__file__).read_text()
    assert "bottle" in (out / "requirements.txt").read_text().split()


def test_the_default_port_keeps_flasks_own_answers_and_records_the_sites(tmp_path):
    from bottle2flask.cli import main as kit

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(SOURCE.format(root="files"))
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    assert not (out / "bottle_answers.py").exists()
    assert "bottle" not in (out / "requirements.txt").read_text().split()
    sites = port(SOURCE.format(root="files"), faithful=False).sites
    kinds = {site["kind"]: site["exact"] for site in sites}
    assert {kind: kinds.get(kind) for kind in (
        "error-page", "response-defaults", "json-order", "static-file")} == dict.fromkeys(
        ("error-page", "response-defaults", "json-order", "static-file"), False)


# An app made in a class's __init__ (`self.bottle = Bottle()`, no module-level name), which
# merges the routes of sub-apps made in other modules: the merged routes are served by it
MERGED_INTO_AN_ATTRIBUTE = {
    "site_app.py": '''
        from bottle import Bottle

        from pages import pages


        class Site:
            def __init__(self):
                self.bottle = Bottle()
                self.bottle.merge(pages)


        def create_app():
            return Site()
    ''',
    "web.py": '''
        from site_app import create_app

        app = create_app().bottle
    ''',
    "pages.py": '''
        from bottle import Bottle, template

        pages = Bottle()


        @pages.route("/data")
        def data():
            return {"b": 1, "a": "x"}


        @pages.route("/list")
        def listing():
            return template("list", items=["one's", 'a "two"', b"<&>", 3])
    ''',
    "views/list.tpl": '''
        <ul>
            % for item in items:
            <li>{{item}}</li>
            % end
        </ul>
    ''',
}


@pytest.mark.parametrize("path", ["/data", "/list", "/nowhere"])
def test_an_app_made_in_an_attribute_answers_its_merged_routes_as_bottle(tmp_path, path):
    """RULE-s48's Eletron-Web: `self.bottle = Bottle()` in a class, the routes merged from
    sub-apps. Only the sub-apps got Bottle's answers and templates' settings (their
    modules make a named app); the app that serves the merged routes got none: Flask's
    JSON (sorted, a last newline), `charset=utf-8`, each `% for` line's indent printed.
    The values are escaped as Bottle's html_escape writes them (`&#039;`, `&quot;`; bytes
    printed as their text), not as MarkupSafe does (`&#39;`, `&#34;`)."""
    original, ported = both_folders(tmp_path, MERGED_INTO_AN_ATTRIBUTE, "attribute_app",
                                    faithful=True)
    expected = answer(original, "GET", path)
    assert expected[0] == ("404 Not Found" if path == "/nowhere" else "200 OK")
    assert answer(ported, "GET", path) == expected


COOKIES = '''
from datetime import datetime, timedelta

from bottle import Bottle, response

app = Bottle()


@app.route("/in")
def signed_in():
    response.set_cookie("session_id", "abc", httponly=True, secure=True, max_age=3600)
    response.set_cookie("seen", "a b;c", path="/", secure=False,
                        expires=datetime(2030, 1, 2, 3, 4, 5))
    response.set_cookie("week", "1", max_age=timedelta(days=7), samesite="Lax")
    response.set_cookie("twice", "first")
    response.set_cookie("twice", "second")
    return "in"


@app.route("/out")
def signed_out():
    response.delete_cookie("session_id")
    response.delete_cookie("user_id", path="/")
    return "out"
'''


@pytest.mark.parametrize("path", ["/in", "/out"])
def test_cookies_set_and_deleted_on_bottles_response_are_written_as_bottle_writes_them(
        tmp_path, path):
    """RULE-s48 (StuddyGenda-POO, EPF-MAPA): the --faithful port's response applied the
    cookies with Werkzeug's set_cookie: `Expires` beside `Max-Age`, another attributes'
    order, a deleted cookie as `name=; Max-Age=0` where Bottle writes `name=""` and
    `Max-Age=-1`. Now each Set-Cookie is Bottle's (http.cookies' Morsel), byte for byte;
    a cookie set twice is sent once, the last."""
    original, ported = both_folders(tmp_path, {"web.py": COOKIES}, "cookies", faithful=True)
    expected = answer(original, "GET", path)
    assert expected[0] == "200 OK"
    if bottle.__version__ < "0.13":  # 0.12 sends samesite= as given; bottle_compat
        # writes 0.13's lower case, the Bottle the port follows
        status, headers, body = expected
        expected = (status, [(k, v.replace("SameSite=Lax", "SameSite=lax"))
                             for k, v in headers], body)
    assert answer(ported, "GET", path) == expected
