"""The grade "the same message": an answer that differs from the original's only where
HTTP's own specifications say a thing carries no meaning (proof/answers.py
MESSAGE_ALLOWANCES: the reason phrase, RFC 9112 4; a field name's case, RFC 9110 5.1; the
case of a media type, of its parameter names and of a charset, 8.3.1 and 8.3.2). It sits
between exactly the same and the same to an HTTP client: each allowance alone grades an
answer so, Bottle's against Flask's and Flask's against Bottle's; anything else beside it
keeps the answer from the grade."""

from __future__ import annotations

import json
import shutil

import pytest

from bottle2flask.cli import main as kit
from bottle2flask.migrate.status import graded, render
from bottle2flask.port.report import FLASKS_OWN, check_markdown
from bottle2flask.proof.answers import (
    ALLOWANCES,
    GRADES,
    MESSAGE_ALLOWANCES,
    as_sent,
    at_least,
    likeness,
)
from bottle2flask.proof.check import answer_of

from .test_port_check import pytest_in

# An answer as Bottle writes it (its field name Etag, its charset UTF-8)
BOTTLE = (
    "201 Created",
    [
        ("Content-Type", "text/html; charset=UTF-8"),
        ("Content-Length", "9"),
        ("X-Frame-Options", "SAMEORIGIN"),
        ("Set-Cookie", "a=1"),
        ("Set-Cookie", "b=2"),
        ("Etag", '"1"'),
    ],
    b"<p>hi</p>",
)


def valued(name: str, value: str):
    """A change to an answer: one field's value written otherwise, where it was."""

    def change(status, headers, body):
        return status, [(k, value if k.lower() == name else v) for k, v in headers], body

    return change


def renamed(name: str, new: str):
    """A change to an answer: one field's name spelt otherwise."""

    def change(status, headers, body):
        return status, [(new if k == name else k, v) for k, v in headers], body

    return change


# What Werkzeug writes otherwise than Bottle, and HTTP says carries no meaning
MESSAGE = {
    "reason-phrase": lambda status, headers, body: ("201 CREATED", headers, body),
    "field-name-case": renamed("Etag", "ETag"),
    "media-type-case": valued("content-type", "TEXT/html;Charset=utf-8"),
}
# What does carry meaning, or is granted to a client only
OTHERWISE = {
    "a status code": (
        lambda status, headers, body: ("202 Accepted", headers, body),
        None,
        ["status"],
    ),
    "a header's value": (valued("x-frame-options", "DENY"), None, ["field x-frame-options"]),
    "a body byte": (lambda s, h, body: (s, h, b"<p>ho</p>"), None, ["body"]),
    "a header one side sends": (
        lambda s, headers, b: (s, [*headers, ("Cache-Control", "no-cache")], b),
        None,
        ["field cache-control"],
    ),
    "the order of Set-Cookie lines": (
        lambda s, headers, b: (
            s,
            [(k, {"a=1": "b=2", "b=2": "a=1"}.get(v, v)) for k, v in headers],
            b,
        ),
        None,
        ["field set-cookie"],
    ),
    "a validator's value": (valued("etag", '"2"'), "client", None),
}


def sent(answer) -> dict:
    return as_sent(*answer)


def both_ways(a, b) -> list:
    """likeness of b to a and of a to b: Flask's against Bottle's, and the reverse."""
    return [likeness(sent(a), sent(b)), likeness(sent(b), sent(a))]


@pytest.mark.parametrize("allowance", list(MESSAGE))
@pytest.mark.parametrize("other", list(OTHERWISE))
def test_an_answer_that_differs_in_anything_else_is_not_the_same_message(allowance, other):
    change, grade, apart = OTHERWISE[other]
    port = change(*MESSAGE[allowance](*BOTTLE))
    for found, grounds in both_ways(BOTTLE, port):
        assert found == grade and found != "message"
        assert grounds == (apart or sorted({allowance, "validator-value"}))


@pytest.mark.parametrize("allowance", list(MESSAGE))
def test_each_allowance_alone_makes_an_answer_the_same_message(allowance):
    port = MESSAGE[allowance](*BOTTLE)
    assert both_ways(BOTTLE, port) == [("message", [allowance])] * 2
    assert allowance in MESSAGE_ALLOWANCES and "RFC 911" in MESSAGE_ALLOWANCES[allowance]


def test_all_three_at_once_are_still_the_same_message():
    port = BOTTLE
    for change in MESSAGE.values():
        port = change(*port)
    assert both_ways(BOTTLE, port) == [("message", sorted(MESSAGE))] * 2


def test_a_redirect_whose_content_type_alone_is_spelt_otherwise_is_the_same_message():
    """exact54 (RULE-s53, Clarice-gg/EPF-GamaDeLivros: a helper sets Bottle's response's
    status and Location, kept as bottle_compat's): both bodies empty, the charset's and
    the reason phrase's case alone differ. It was the same to a client (redirect-body)."""
    bottle = ("302 Found", [("Location", "/books"), ("Content-Length", "0"),
                            ("Content-Type", "text/html; charset=UTF-8")], b"")
    flask = ("302 FOUND", [("Content-Type", "text/html; charset=utf-8"),
                           ("Content-Length", "0"), ("Location", "/books")], b"")
    assert both_ways(bottle, flask) == [("message", ["media-type-case", "reason-phrase"])] * 2
    # a note as the body is still Flask's redirect, the same to a client
    noted = (flask[0], flask[1][:1] + [("Location", "/books")], b"<p>Redirecting...</p>")
    assert both_ways(bottle, noted)[0] == ("client", ["media-type-case", "reason-phrase",
                                                      "redirect-body"])


def test_the_same_message_is_between_exactly_the_same_and_the_same_to_a_client():
    assert GRADES == ("exact", "message", "client")
    assert set(MESSAGE_ALLOWANCES) == set(MESSAGE) and MESSAGE_ALLOWANCES.items() <= (
        ALLOWANCES.items()
    )
    assert at_least("exact", "message") and at_least("message", "message")
    assert at_least("message", "client") and not at_least("client", "message")
    assert not at_least(None, "client")


@pytest.mark.parametrize(
    ("grades", "page"),
    [
        (["exact", "exact"], "exact"),
        (["exact", "message"], "message"),
        (["message", "client", "exact"], "client"),
        (["message", None], None),
    ],
)
def test_a_page_takes_the_weakest_grade_of_its_requests(grades, page):
    steps = [{"likeness": grade, "allowed": []} for grade in grades]
    assert graded(steps)["likeness"] == page


def test_the_check_and_the_report_name_the_grade_and_werkzeugs_writing():
    route = {
        "rule": "/",
        "methods": ["GET"],
        "requests": 1,
        "identical": True,
        "result": "same",
        "likeness": "message",
        "allowed": ["media-type-case", "reason-phrase"],
        "declared": [],
    }
    assert answer_of(route) == "same message: media-type-case, reason-phrase"
    report = check_markdown(0, "", {"routes": [route], "summary": "s"}, None)
    assert (
        "| `/` | GET | 1 | same message | Werkzeug spells the charset utf-8 (Bottle: "
        "UTF-8); Werkzeug writes the reason phrase in capitals |" in report
    )
    assert FLASKS_OWN in report


BOTTLE_APP = """from bottle import Bottle, response

app = Bottle()


@app.route("/")
def index():
    return '<a href="/made">made</a>'


@app.route("/made")
def made():
    response.status = 201
    response.set_header("Location", "http://localhost/items/1")
    return "<p>made</p>"
"""


def test_a_port_the_same_message_is_counted_so_and_its_suite_holds_it_there(tmp_path, capfd):
    """Both pages differ from Bottle's only by Werkzeug's charset (and the 201's reason
    phrase): the console, the JSON report and migrate status count them the same
    message, and the suite fails a port whose Location is then only the same to a
    client (a relative reference: RFC 9110 10.2.2)."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(BOTTLE_APP)
    assert kit(["port", str(src), "-o", str(out), "--check-timeout", "60"]) == 0
    said = capfd.readouterr().out
    assert "0 exactly the same, 2 the same message, 0 the same to an HTTP client" in said
    assert "GET /made" in said and "  same message: media-type-case, reason-phrase" in said
    check = json.loads((out / "porting-report.json").read_text())["check"]
    assert check["counts"]["same message"] == 2
    assert [r["likeness"] for r in check["routes"]] == ["message", "message"]
    assert kit(["migrate", "status", str(src / "web.py"), str(out / "web.py"), "--json"]) == 0
    status = json.loads(capfd.readouterr().out)
    summary = status["summary"]
    assert (summary["exactly_the_same"], summary["the_same_message"]) == (0, 2)
    assert (
        "2 identical (0 exactly the same, 2 the same message, 0 the same to an HTTP client)"
        in render(status)
    )
    done = pytest_in(out / "tests", tmp_path)
    assert done.returncode == 0, done.stdout[-3000:]
    web = (out / "web.py").read_text()
    relative = web.replace('"http://localhost/items/1"', '"/items/1"')
    assert relative != web
    (out / "web.py").write_text(relative)
    shutil.rmtree(out / "__pycache__", ignore_errors=True)
    done = pytest_in(out / "tests", tmp_path)
    assert done.returncode == 1, done.stdout[-3000:]
    assert (
        "GET /made otherwise than the original did: it was the same message at port "
        "time; now it is only the same to an HTTP client (location-reference, "
        "media-type-case, reason-phrase)" in done.stdout
    )
