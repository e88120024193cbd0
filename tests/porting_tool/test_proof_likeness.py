"""The check's strict grades: an answer exactly the same as the original's (byte for
byte, Date, Server and the order of fields of different names aside), the same message
(it differs only where HTTP says a thing carries no meaning: test_proof_same_message.py)
and the same to an HTTP client (it differs, besides, only where HTTP tells a client to
resolve a thing, skip it or treat it as opaque). Nothing else is any of them; a page that
is none keeps the check's other words."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bottle2flask.cli import main as kit
from bottle2flask.proof.answers import ALLOWANCES, MESSAGE_ALLOWANCES, as_sent, likeness

from .test_port_check import pytest_in

PAGE = [("Content-Type", "text/html; charset=UTF-8"), ("Content-Length", "9")]
BODY = b"<p>hi</p>"


def sent(status: str = "200 OK", headers=PAGE, body: bytes = BODY) -> dict:
    return as_sent(status, headers, body)


# Cases that are NOT the same to a client, opening the table as django-upgrade's fixers
# open with what they must not change: each differs in something a client reads.
APART = [
    ("a status code", sent("404 Not Found"), ["status"]),
    ("a body", sent(body=b"<p>ho</p>"), ["body"]),
    ("a field only one sends", sent(headers=[*PAGE, ("Cache-Control", "no-cache")]),
     ["field cache-control"]),
    ("a media type", sent(headers=[("Content-Type", "text/plain; charset=UTF-8"),
                                   ("Content-Length", "9")]), ["field content-type"]),
    ("a charset", sent(headers=[("Content-Type", "text/html; charset=latin-1"),
                                ("Content-Length", "9")]), ["field content-type"]),
    ("a validator only one sends", sent(headers=[*PAGE, ("ETag", '"1"')]), ["field etag"]),
    ("a cookie's value", sent(headers=[*PAGE, ("Set-Cookie", "a=2")]), ["field set-cookie"]),
]


@pytest.mark.parametrize(("what", "answer", "apart"), APART, ids=[c[0] for c in APART])
def test_what_a_client_reads_keeps_answers_apart(what, answer, apart):
    original = sent(headers=[*PAGE, ("Set-Cookie", "a=1")]) if "cookie" in what else sent()
    assert likeness(original, answer) == (None, apart)


def test_fields_of_one_name_in_another_order_are_not_the_same():
    """RFC 9110 5.3: the order of field lines of one name is significant."""
    one = sent(headers=[*PAGE, ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")])
    other = sent(headers=[*PAGE, ("Set-Cookie", "b=2"), ("Set-Cookie", "a=1")])
    assert likeness(one, other) == (None, ["field set-cookie"])


def test_a_redirect_elsewhere_keeps_its_body_and_location_apart():
    bottle = sent("303 See Other", [("Location", "http://localhost/a")], b"")
    flask = sent("303 See Other", [("Location", "/b")], b"<p>Redirecting</p>")
    assert likeness(bottle, flask, "/go") == (None, ["field location", "body"])


def test_exactly_the_same_but_for_date_server_and_the_order_of_fields():
    original = sent(headers=[*PAGE, ("Date", "Fri, 20 Nov 2026 12:00:00 GMT"),
                             ("Server", "WSGIServer/0.2")])
    port = sent(headers=[*reversed(PAGE), ("Date", "Fri, 20 Nov 2026 12:00:01 GMT")])
    assert likeness(original, port) == ("exact", [])


@pytest.mark.parametrize(("allowance", "grade", "original", "port", "path"), [
    ("reason-phrase", "message", sent("404 Not Found"), sent("404 NOT FOUND"), "/"),
    ("field-name-case", "message", sent(),
     sent(headers=[("content-type", PAGE[0][1]), PAGE[1]]), "/"),
    ("media-type-case", "message", sent(),
     sent(headers=[("Content-Type", "text/html;charset=utf-8"), PAGE[1]]), "/"),
    ("location-reference", "client",
     sent("201 Created", [*PAGE, ("Location", "http://localhost/a/1")]),
     sent("201 Created", [*PAGE, ("Location", "1")]), "/a/"),
    ("validator-value", "client", sent(headers=[*PAGE, ("ETag", "9f2c")]),
     sent(headers=[*PAGE, ("ETag", '"1700000000.0-9-42"')]), "/"),
    ("validator-value", "client",
     sent(headers=[*PAGE, ("Last-Modified", "Fri, 20 Nov 2026 12:00:00 GMT")]),
     sent(headers=[*PAGE, ("Last-Modified", "Fri, 20 Nov 2026 12:00:01 GMT")]), "/"),
])
def test_each_allowance_of_http_alone_grades_an_answer(allowance, grade, original, port,
                                                        path):
    """An allowance of the same message makes an answer that; any other, the same to a
    client; each is listed with the RFC section that grants it."""
    assert likeness(original, port, path) == (grade, [allowance])
    assert allowance in ALLOWANCES and "RFC 91" in ALLOWANCES[allowance]
    assert (allowance in MESSAGE_ALLOWANCES) is (grade == "message")


def test_a_redirect_to_the_same_place_is_the_same_whatever_its_note_says():
    """Bottle's redirect() against Flask's: an absolute and a relative Location that
    resolve alike, an empty body against Werkzeug's note, and that note's length (its
    type spelt otherwise only, the message's allowance: exact54)."""
    bottle = sent("303 See Other", [("Location", "http://localhost/list"),
                                    ("Content-Length", "0"), PAGE[0]], b"")
    flask = sent("303 SEE OTHER", [("Content-Type", "text/html; charset=utf-8"),
                                   ("Content-Length", "189"), ("Location", "/list")],
                 b"<!doctype html>\n<title>Redirecting...</title>")
    assert likeness(bottle, flask, "/go") == (
        "client", ["location-reference", "media-type-case", "reason-phrase",
                   "redirect-body"])


BOTTLE_APP = '''from bottle import Bottle, redirect, response, static_file

app = Bottle()


@app.route("/")
def index():
    return ('<a href="/go">go</a> <a href="/text">text</a> <a href="/missing">gone</a> '
            '<a href="/static/a.txt">a file</a>')


@app.route("/go")
def go():
    redirect("/")


@app.route("/text")
def text():
    response.content_type = "text/plain"
    return "plain words"


@app.route("/static/<name>")
def files(name):
    return static_file(name, root="static")
'''


def test_the_check_grades_each_page_and_the_suite_holds_the_port_to_it(tmp_path, capsys):
    """A page both frameworks print alike but for the charset's spelling, a redirect, a
    text page byte for byte the same, a static file (Werkzeug's Cache-Control keeps it
    apart), Werkzeug's own 404 page: each route gets the strongest grade that holds, the
    report and the console count them, and the suite the port leaves asserts that
    grade. The redirect is the same to an HTTP client by Flask's redirect alone, which
    the port declared (D-location, D-redirect-body): it is counted with the declared
    changes, which the console names."""
    src, out = tmp_path / "src", tmp_path / "out"
    (src / "static").mkdir(parents=True)
    (src / "web.py").write_text(BOTTLE_APP)
    (src / "static" / "a.txt").write_text("a file\n")
    kit(["port", str(src), "-o", str(out), "--check-timeout", "60"])
    said = capsys.readouterr().out
    check = json.loads((out / "porting-report.json").read_text())["check"]
    routes = {r["rule"]: r for r in check["routes"]}
    assert routes["/"]["likeness"] == "message"
    assert routes["/"]["allowed"] == ["media-type-case"]
    assert routes["/go"]["likeness"] == "client"
    assert set(routes["/go"]["allowed"]) >= {"redirect-body", "reason-phrase"}
    assert routes["/text"]["likeness"] == "exact" and routes["/text"]["allowed"] == []
    assert routes["/static/<name>"]["likeness"] is None
    assert "field cache-control" in routes["/static/<name>"]["apart"]
    assert check["unrouted"]["likeness"] is None  # Werkzeug's own 404 page
    assert check["counts"]["exactly the same"] == 1
    assert check["counts"]["same message"] == 1
    assert check["counts"]["same to an HTTP client"] == 0
    assert {"D-location", "D-redirect-body"} <= set(routes["/go"]["declared"])
    assert "1 exactly the same, 1 the same message, 0 the same to an HTTP client" in said
    assert "GET /" in said and "  same message: media-type-case" in said
    assert "GET /go" in said and "declared change: D-location, D-redirect-body" in said
    recorded = json.loads((out / "tests" / "bottle2flask_parity.json").read_text())
    grades = {(r["method"], r["path"]): r["likeness"] for r in recorded["requests"]}
    assert grades[("GET", "/text")] == "exact" and grades[("GET", "/static/a.txt")] is None
    done = pytest_in(out / "tests", tmp_path)
    assert done.returncode == 0, done.stdout[-3000:]


def test_the_suite_fails_a_port_that_is_no_longer_the_same_to_a_client(tmp_path):
    """The suite asserts the grade the page had: a port whose text page now sends another
    field than the original fails its test, though the normalised answer (status, type,
    body) is unchanged."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(BOTTLE_APP)
    kit(["port", str(src), "-o", str(out), "--check-timeout", "60"])
    web = (out / "web.py").read_text()
    changed = web.replace('{"Content-Type": "text/plain"}',
                          '{"Content-Type": "text/plain", "X-Extra": "1"}')
    assert changed != web
    (out / "web.py").write_text(changed)
    shutil.rmtree(out / "__pycache__", ignore_errors=True)
    done = pytest_in(out / "tests", tmp_path)
    assert done.returncode == 1, done.stdout[-3000:]
    assert "GET /text otherwise than the original did: it was byte for byte" in done.stdout
    assert "field x-extra" in done.stdout
    assert Path(out / "tests").is_dir()


FLASK_APP = '''from flask import Flask, redirect

app = Flask(__name__)


@app.route("/")
def index():
    return ('<a href="/go">go</a> <a href="/text">text</a> <a href="/missing">gone</a> '
            '<a href="/static/a.txt">a file</a>')


@app.route("/go")
def go():
    return redirect("/", 303)


@app.route("/text")
def text():
    return "plain words", {"Content-Type": "text/plain"}
'''


def test_parity_counts_each_step_under_the_strongest_word_that_holds(tmp_path, capfd):
    """`bottle2flask parity` of a Bottle app and its Flask twin: the text page byte for
    byte, the page the same message (the charset's case), the redirect the same to a
    client, the 404 pages none of them."""
    for name, source in (("bottle", BOTTLE_APP), ("flask", FLASK_APP)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "web.py").write_text(source)
    specs = [str(tmp_path / "bottle" / "web.py"), f"{tmp_path / 'flask' / 'web.py'}:app"]
    kit(["parity", *specs, "--json"])
    data = json.loads(capfd.readouterr().out)
    words = {step["path"]: step["likeness"] for step in data["steps"]}
    assert words["/text"] == "exact" and words["/"] == "message" and words["/go"] == "client"
    assert words["/missing"] is None
    assert data["summary"]["exactly_the_same"] == 1
    assert data["summary"]["the_same_message"] == 2  # / and / again after /go
    assert data["summary"]["same_to_a_client"] == 1
    kit(["parity", *specs])
    said = capfd.readouterr().out
    assert "1 exactly the same, 2 the same message, 1 the same to an HTTP client" in said
