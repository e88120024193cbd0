"""bottle_responses.py, the helper a port copies where a view keeps Bottle's HTTPError (or
reads what Werkzeug's Response lacks): its members read as Bottle's, and a Flask app that
raises it answers as a Bottle app raising Bottle's."""

from __future__ import annotations

from datetime import UTC, datetime

import bottle
import pytest
import webtest
from flask import Flask, Response
from werkzeug.exceptions import NotFound

from bottle2flask.port.compat.bottle_responses import (
    BAD_HEADERS,
    HTTPError,
    copy_response,
)


def changed(cls):
    """An error of this class, made and changed as a view does."""
    err = cls(400, "bad <b>", X_Made="yes")
    err.status = 418
    err.set_header("x-a", "1")
    err.add_header("X-A", "2")
    err.headers["X-B"] = "3"
    err.content_type = "text/plain; charset=latin-1"
    err.expires = 0
    err.set_cookie("k", "v", max_age=60, httponly=True)
    err.set_cookie("n", "1", path="/")
    err.delete_cookie("old")
    return err


MEMBERS = ("status", "status_line", "status_code", "charset", "content_type",
           "content_length", "expires", "default_status", "default_content_type")
# The helper is Bottle 0.13's; where 0.12 answers otherwise, what it answers there
OLD = bottle.__version__.startswith("0.12")
ON_012 = {
    # its HeaderProperty reads a missing Content-Length as int(''), its expires is naive
    "content_length": ValueError,
    "expires": datetime(1970, 1, 1),
}


@pytest.mark.parametrize("member", MEMBERS)
def test_each_member_reads_as_bottles(member):
    ours = getattr(changed(HTTPError), member)
    if OLD and ON_012.get(member) is ValueError:
        with pytest.raises(ValueError):
            getattr(changed(bottle.HTTPError), member)
        assert ours == -1
    elif OLD and member in ON_012:
        assert getattr(changed(bottle.HTTPError), member) == ON_012[member]
        assert ours == datetime(1970, 1, 1, tzinfo=UTC)
    else:
        assert ours == getattr(changed(bottle.HTTPError), member)


def test_headers_read_as_bottles():
    ours, theirs = changed(HTTPError), changed(bottle.HTTPError)
    assert ours.get_header("X-A") == theirs.get_header("X-A") == "2"
    assert ours.get_header("nope", "d") == theirs.get_header("nope", "d") == "d"
    assert ours.headers["x-a"] == theirs.headers["x-a"] == "2"
    assert ours.headers.getall("X-A") == theirs.headers.getall("X-A") == ["1", "2"]
    assert sorted(ours.headers) == sorted(theirs.headers)
    assert "x-b" in ours.headers and "x-b" in theirs.headers
    # the cookies' own text differs in how an empty value and the attributes are spelt
    assert [h for h in ours.headerlist if h[0] != "Set-Cookie"] == \
        [h for h in theirs.headerlist if h[0] != "Set-Cookie"]
    assert ours.iter_headers() == ours.headerlist
    assert ours.copy().status_code == theirs.copy().status_code == 418
    assert ours.copy().get_header("X-A") == theirs.copy().get_header("X-A")
    assert ours.bad_headers == BAD_HEADERS
    # (Bottle 0.12 sends a 204's Content-Length)
    assert theirs.bad_headers == (
        {**BAD_HEADERS, 204: frozenset({"Content-Type"})} if OLD else BAD_HEADERS)


def test_a_status_is_a_code_or_a_line_and_bad_ones_are_refused():
    err = HTTPError(404)
    assert (err.status, err.code, err.body) == ("404 Not Found", 404, None)
    err.status = "299 Fine Thanks"
    assert (err.status_code, err.status_line) == (299, "299 Fine Thanks")
    assert HTTPError().status_line == bottle.HTTPError().status_line == "500 Internal Server Error"
    assert HTTPError(599).status == bottle.HTTPError(599).status == "599 Unknown"
    for bad in ("404", 99, "1000 Big", "200 OK\r\nX: 1"):
        with pytest.raises(ValueError):
            HTTPError(bad)
        if not (OLD and "\n" in str(bad)):  # (Bottle 0.12 takes a line break in a status)
            with pytest.raises(ValueError):
                bottle.HTTPError(bad)


def test_bad_cookies_and_headers_are_refused_with_a_clear_error():
    err = HTTPError(400)
    with pytest.raises(TypeError, match="itsdangerous"):
        err.set_cookie("k", "v", secret="s")
    with pytest.raises(TypeError, match="string"):
        err.set_cookie("k", 1)
    with pytest.raises(TypeError, match="does not know"):
        err.set_cookie("k", "v", colour="red")
    with pytest.raises(ValueError, match="control"):
        err.set_header("X-A", "1\r\nX-B: 2")


def test_its_class_is_werkzeugs_for_its_code():
    err = HTTPError(400)
    err.status = 404
    assert isinstance(err, NotFound) and isinstance(err, HTTPError)
    assert type(err).code == 404
    err.status = 299
    assert not isinstance(err, NotFound) and type(err).code == 299


def serve(cls, raise_it):
    """A Bottle or Flask app whose / raises what raise_it() makes, and whose /gone raises
    a 404 its error handler answers."""
    def gone():
        err = cls(404, "gone", X_Gone="1")
        err.set_cookie("k", "v")
        raise err

    def unused():
        cls(401, "never raised", X_Unused="1")
        return "fine"

    if cls is bottle.HTTPError:
        app = bottle.Bottle()
        app.route("/", callback=raise_it)
        app.route("/gone", callback=gone)
        app.route("/unused", callback=unused)
        app.error(404)(lambda err: "handled: " + err.body)
        return webtest.TestApp(app)
    app = Flask(__name__)
    app.add_url_rule("/", "home", raise_it)
    app.add_url_rule("/gone", "gone", gone)
    app.add_url_rule("/unused", "unused", unused)
    app.errorhandler(404)(lambda err: "handled: " + err.body)  # (no status: the error's)
    return webtest.TestApp(app)


def test_raised_it_answers_as_bottles():
    answers = []
    for cls in (bottle.HTTPError, HTTPError):
        def view(cls=cls):
            raise changed(cls)
        client = serve(cls, view)
        res = client.get("/", status=418)
        cookies = sorted(c.split(";")[0].replace('""', "") for c in
                         res.headers.getall("Set-Cookie"))
        answers.append((res.status, res.headers["Content-Type"], res.headers.getall("X-A"),
                        res.headers["X-B"], res.headers["X-Made"], res.headers["Expires"],
                        cookies))
        # the handler's page, with the error's status, headers and cookies
        gone = client.get("/gone", status=404)
        assert (gone.text, gone.headers["X-Gone"]) == ("handled: gone", "1")
        assert gone.headers["Set-Cookie"].startswith("k=v")
        unused = client.get("/unused", status=200)
        assert "X-Unused" not in unused.headers
    assert answers[0] == answers[1]
    assert answers[1][0] == "418 I'm a teapot"


def test_its_page_says_its_body_in_its_charset():
    def view():
        raise changed(HTTPError)
    res = serve(HTTPError, view).get("/", status=418)
    assert "bad &lt;b&gt;" in res.body.decode("latin-1")
    assert int(res.headers["Content-Length"]) == len(res.body)


def test_its_answer_to_a_204_has_no_body_nor_bad_headers():
    # (served by Flask, make_response() adds a Content-Type to it again: a raised 204 or
    # 304 is rare enough to leave so)
    answer = HTTPError(204, "nothing", Content_Length="7").get_response()
    assert answer.get_data() == b"" and answer.status == "204 No Content"
    assert "Content-Type" not in answer.headers and "Content-Length" not in answer.headers


def test_a_copy_of_a_response_has_its_status_and_headers_and_no_body():
    original = Response("made", status=201, headers={"X-A": "1"})
    original.set_cookie("k", "v")
    copied = copy_response(original)
    assert type(copied) is Response
    assert (copied.status, copied.headers["X-A"], copied.get_data()) == ("201 CREATED", "1", b"")
    assert copied.headers["Set-Cookie"].startswith("k=v")
    assert "Content-Length" not in copied.headers
    copied.headers["X-A"] = "2"
    assert original.headers["X-A"] == "1"


def test_expires_reads_as_an_aware_datetime():
    err = HTTPError(400)
    err.expires = datetime(2030, 1, 2, tzinfo=UTC)
    assert err.get_header("Expires") == "Wed, 02 Jan 2030 00:00:00 GMT"
    assert err.expires == datetime(2030, 1, 2, tzinfo=UTC)
