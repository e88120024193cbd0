"""Bad input from the client is a clear 4xx in the documented format, never a 500."""

from __future__ import annotations

import gc
import io
import json
from urllib.parse import urlencode

import pytest
from webtest import TestApp, TestRequest

from adapters import factory
from shared.forms import NOT_STORABLE
from shared.http import BAD_BODY, BAD_HOST, BAD_LENGTH, BAD_MULTIPART
from shared.routing import parse
from shared.sites import SITES
from tests.api.conftest import Api
from tests.conduit import register
from tests.conftest import make_client
from tests.fuzzing import fill
from tests.helpers import soup

HUGE_PAGE = str(2**63 + 1)  # past SQLite's integer range, and PostgreSQL's bigint


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("path", ["/api/users", "/api/users/login"])
def test_json_nested_a_thousand_deep_is_a_400(client, path):
    response = client.post(path, nested(1000), content_type="application/json", status=400)
    assert response.json == {"errors": {"body": ["The request body is not valid JSON."]}}


# A lone surrogate encodes in no database; PostgreSQL refuses a NUL in text.
UNSTORABLE = pytest.mark.parametrize("bad", ["\ud800", "\udfff", "\x00"])


@UNSTORABLE
@pytest.mark.parametrize("field", ["username", "email", "password"])
def test_text_no_database_stores_in_a_sign_up_is_a_422(client, field, bad):
    user = {"username": "ann", "email": "ann@example.com", "password": "password123"}
    user[field] = f"ann{bad}x" if field != "email" else f"ann{bad}@example.com"
    response = client.post_json("/api/users", {"user": user}, status=422)
    assert list(response.json["errors"]) == [field]
    assert client.post_json("/api/users/login", {"user": {
        "email": user["email"], "password": user["password"]}}, expect_errors=True).status_int \
        in (401, 422)  # nothing was stored


@UNSTORABLE
@pytest.mark.parametrize("field", ["title", "description", "body", "tagList"])
def test_text_no_database_stores_in_an_article_is_a_422(client, field, bad):
    api = Api(client)
    token = api.register("ann")
    article = {"title": "T", "description": "d", "body": "b", "tagList": ["x"]}
    article[field] = [f"x{bad}"] if field == "tagList" else f"x{bad}"
    response = api.post("/articles", {"article": article}, token, status=422)
    assert list(response.json["errors"]) == [field]
    assert client.get("/api/articles").json["articlesCount"] == 0


@UNSTORABLE
def test_text_no_database_stores_in_a_login_is_a_422(client, bad):
    body = {"user": {"email": "ann@example.com", "password": f"pass{bad}word"}}
    assert list(client.post_json("/api/users/login", body, status=422).json["errors"]) == [
        "password"]


@pytest.mark.parametrize("path", ["/profile/a%00b", "/tag/%00", "/article/x%00",
                                  "/api/profiles/%00", "/api/articles/x%00y/comments",
                                  "/hello/%00"])
def test_a_nul_in_a_path_parameter_names_nothing(client, path):
    register(client)
    assert client.get(path, status=404).status_int == 404


@pytest.mark.parametrize("field", ["tag", "author", "favorited"])
def test_a_nul_in_an_article_filter_matches_nothing(client, field):
    api = Api(client)
    token = api.register("ann")
    api.post("/articles", {"article": {"title": "T", "description": "d", "body": "b",
                                       "tagList": ["x"]}}, token, status=201)
    answer = client.get("/api/articles", {field: "ann\x00"})
    assert answer.json == {"articles": [], "articlesCount": 0}


@pytest.mark.parametrize("field", ["name", "message"])
def test_a_nul_in_a_guestbook_entry_is_a_field_error_and_stores_nothing(client, field):
    form = client.get("/guestbook").forms[0]
    form["name"], form["message"] = "Ann", "Hello"
    form[field] = "A\x00B"
    response = form.submit(status=422)
    errors = soup(response).select_one(f"#{field}").parent.select(".error-messages li")
    assert [li.get_text() for li in errors] == [NOT_STORABLE]
    assert "0 entries" in soup(client.get("/guestbook")).select_one("h2").get_text()


@pytest.mark.parametrize("path", ["/", "/tag/bottle", "/profile/ann"])
def test_a_page_number_past_any_integer_is_a_404_page(client, path):
    register(client)
    client.get("/logout", status="*")
    response = client.get(path, {"page": HUGE_PAGE}, status=404)
    assert soup(response).select_one(".error-message").get_text()


def test_json_nested_a_thousand_deep_from_a_signed_in_user_is_a_400(client):
    token = Api(client).register("ann")
    response = client.post("/api/articles", nested(1000), content_type="application/json",
                           headers=Api.auth(token), status=400)
    assert response.json == {"errors": {"body": ["The request body is not valid JSON."]}}


# -- request framing and headers, as different servers hand them over -----------------

SIGN_UP = json.dumps({"user": {"username": "ann", "email": "ann@example.com",
                               "password": "password123"}}).encode()


def chunked(body: bytes) -> bytes:
    return b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)


def gunicorn_input(framed: bytes):
    """wsgi.input as gunicorn gives it: its own reader removes the chunked framing."""
    from gunicorn.http.body import Body, ChunkedReader
    from gunicorn.http.unreader import IterUnreader

    return Body(ChunkedReader(None, IterUnreader([framed])))


def send_chunked(client, stream, *, terminated: bool, path="/api/users",
                 content_type="application/json", status):
    """POST a body with Transfer-Encoding: chunked and no Content-Length."""
    request = TestRequest.blank(path, method="POST", environ={
        "CONTENT_TYPE": content_type, "HTTP_TRANSFER_ENCODING": "chunked",
        "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.input": stream})
    request.environ.pop("CONTENT_LENGTH", None)
    if terminated:  # the server says it removed the framing (gunicorn, Werkzeug's server)
        request.environ["wsgi.input_terminated"] = True
    return client.do_request(request, status=status)


@pytest.mark.parametrize(("stream", "terminated"), [
    (lambda: gunicorn_input(chunked(SIGN_UP)), True),
    (lambda: io.BytesIO(SIGN_UP), True),  # any server that de-chunks
    (lambda: io.BytesIO(chunked(SIGN_UP)), False),  # a server that passes the framing on
])
def test_a_chunked_body_is_read_however_the_server_hands_it_over(client, stream, terminated):
    response = send_chunked(client, stream(), terminated=terminated, status=201)
    assert response.json["user"]["username"] == "ann"


@pytest.mark.parametrize(("stream", "terminated"), [
    (lambda: gunicorn_input(b"zz\r\nabc\r\n0\r\n\r\n"), True),
    (lambda: gunicorn_input(b"3\r\nabcXX0\r\n\r\n"), True),
    (lambda: io.BytesIO(b"zz\r\nabc\r\n0\r\n\r\n"), False),
    (lambda: io.BytesIO(b"ff\r\nabc"), False),  # cut off before the chunk ends
])
def test_a_malformed_chunked_body_is_a_400(client, stream, terminated):
    response = send_chunked(client, stream(), terminated=terminated, status=400)
    assert response.json == {"errors": {"body": [BAD_BODY]}}


def test_a_malformed_chunked_form_is_the_400_page(client):
    response = send_chunked(client, io.BytesIO(b"zz\r\n"), terminated=False, path="/login",
                            content_type="application/x-www-form-urlencoded", status=400)
    assert soup(response).select_one(".error-message").get_text(strip=True) == BAD_BODY


def test_a_chunked_body_over_the_limit_is_a_413(client, app):
    big = json.dumps({"user": {"username": "x" * (1024 * 1024)}}).encode()
    response = send_chunked(client, io.BytesIO(chunked(big)), terminated=False, status=413)
    assert list(response.json["errors"]) == ["body"]


@pytest.mark.parametrize("header", ["Token \xff", "Token a\xe9b", "\xff"])
def test_a_non_utf8_authorization_header_is_a_401(client, header):
    response = client.get("/api/user", headers={"Authorization": header}, status=401)
    assert response.json["errors"] == {"token": ["is invalid"]}


def test_a_non_utf8_content_type_is_a_415(client):
    response = client.post("/api/users", SIGN_UP, headers={"Content-Type": "application/\xff"},
                           status=415)
    assert list(response.json["errors"]) == ["body"]


def test_a_non_utf8_content_type_parameter_still_reads_json(client):
    client.post("/api/users", SIGN_UP,
                headers={"Content-Type": "application/json; x=\xff"}, status=201)


@pytest.mark.parametrize("host", ["a..b", "a..b:8080", "x" * 64 + ".example.com", ".", "-" * 64])
# A doubled slash too: the Host is checked first in both builds (found by the fuzz test).
@pytest.mark.parametrize("path", ["/", "/no-such-page", "/static/default-avatar.svg",
                                  "/profile//favorites", "/static//style.css"])
def test_a_host_the_router_cannot_bind_is_the_400_page(client, host, path):
    response = client.get(path, extra_environ={"HTTP_HOST": host}, status=400)
    assert soup(response).select_one(".error-message").get_text(strip=True) == BAD_HOST


def test_a_host_the_router_cannot_bind_is_a_400_in_the_api(client):
    response = client.get("/api/tags", extra_environ={"HTTP_HOST": "a..b"}, status=400)
    assert response.json == {"errors": {"body": [BAD_HOST]}}


@pytest.mark.parametrize("host", ["example.com", "example.com:8080", "[::1]:8080", "ex ample"])
def test_hosts_the_router_can_bind_or_ignores_are_served(client, host):
    client.get("/", extra_environ={"HTTP_HOST": host}, status=200)


def test_a_doubled_slash_inside_a_path_parameter_is_a_404(client):
    # Bottle's <tag:path>-like parameters took the rest of a doubled slash (PORTING 11).
    client.get("/tag//x", status=404)
    client.get("/tag/x//y", status=404)
    client.get("/tag/x", status=200)


# -- a malformed Content-Length, whatever the server passes on (PORTING 39) -----------

# Hex, signs, spaces, a digit int() reads but HTTP has not, past 2**63 - 1, and past the
# 4300 digits int() converts at all.
BAD_LENGTHS = ["0x10", "+5", "-1", " 5", "5 ", "1 6", "\u0663", str(2**63), "1" * 5000]


def body_routes() -> list[tuple[str, str]]:
    """(method, neutral path) of every route a body may be sent to, from the route table."""
    return [(method, route.path) for site in SITES for route in site.routes
            for method in route.methods if method not in {"GET", "HEAD", "OPTIONS"}]


class WatchedInput(io.BytesIO):
    """A wsgi.input that remembers whether the app read it."""

    read_at_all = False

    def read(self, *args):
        self.read_at_all = True
        return super().read(*args)

    def readline(self, *args):
        self.read_at_all = True
        return super().readline(*args)

    def readinto(self, buffer):
        self.read_at_all = True
        return super().readinto(buffer)


@pytest.mark.parametrize(("method", "path"), body_routes())
def test_a_malformed_content_length_is_a_400_wherever_a_body_is_read(app, client, method,
                                                                     path):
    known = fill({"app": client})  # ann signed in, her article, bob's comment on it
    values = {"slug": known.slugs[0], "username": "bob", "comment_id": known.comment_ids[0],
              "id": known.comment_ids[0]}
    url = "".join(literal + (values[name] if name else "") for literal, name, _ in parse(path))
    api = path.startswith("/api/")
    headers = {"Authorization": f"Token {known.token}", "Cookie": f"session={known.session}",
               "Content-Type": "application/json" if api else "application/x-www-form-urlencoded"}
    body = b"{}" if api else urlencode({"csrf_token": known.csrf}).encode()
    raw = TestApp(app, lint=False)  # WebTest's lint refuses the very environ under test

    def send(length: str):
        stream = WatchedInput(body)
        request = TestRequest.blank(url, method=method, headers=headers, environ={
            "SERVER_PROTOCOL": "HTTP/1.1", "CONTENT_LENGTH": length, "wsgi.input": stream})
        return raw.do_request(request, status="*"), stream.read_at_all

    answers = {length: send(length)[0] for length in BAD_LENGTHS}
    for length, response in answers.items():
        assert response.status_int < 500, (length, response.status)
    let_through = [length for length, r in answers.items() if r.status_int != 400]
    if let_through:  # only a route that reads no body may take them
        assert not send(str(len(body)))[1], f"a body read with Content-Length {let_through}"
    else:
        assert all(BAD_LENGTH in r.text for r in answers.values())


def test_a_content_length_past_any_real_body_but_well_formed_is_a_413(client):
    # 2**63 - 1 is a number of bytes, too many to take; one more is no length at all.
    for length, status in [(str(2**63 - 1), 413), (str(2**63), 400)]:
        request = TestRequest.blank("/api/users", method="POST", environ={
            "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": length,
            "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.input": io.BytesIO(SIGN_UP)})
        TestApp(client.app, lint=False).do_request(request, status=status)


def test_an_empty_content_length_is_no_length(client):
    # WSGI lets a server pass CONTENT_LENGTH empty for "none": a body of no bytes.
    request = TestRequest.blank("/api/users", method="POST", environ={
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": "",
        "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.input": io.BytesIO(SIGN_UP)})
    response = client.do_request(request, status=400)
    assert response.json == {"errors": {"body": ["The request body is not valid JSON."]}}


# -- found by the fuzz test: the same status from both builds ---------------------------

# Cut off after a finished file part and in the middle of the next part's header.
CUT_AFTER_A_FILE = (b'--b\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n'
                    b'Content-Type: text/plain\r\n\r\nx\r\n--b\r\nContent')


def test_a_multipart_body_cut_short_after_a_file_is_a_400_that_leaves_no_file_open(client):
    # Werkzeug left the file it had spooled for the GC, which warns (found by make fuzz).
    register(client)
    client.get("/settings")  # puts the CSRF secret in the session: the form is read then
    response = client.request("/settings", method="POST", body=CUT_AFTER_A_FILE,
                              content_type="multipart/form-data; boundary=b", status=400)
    assert soup(response).select_one(".error-message").get_text(strip=True) == BAD_MULTIPART
    gc.collect()  # an unclosed file warns here, and the warning fails the test


@pytest.mark.parametrize("path", ["/login", "/article/x/favorite", "/article/x/unfavorite"])
@pytest.mark.parametrize("content_type", ["application/json", "text/plain", None])
def test_a_page_form_body_over_the_limit_is_a_413_whatever_its_type(framework, settings,
                                                                    path, content_type):
    # Bottle read no body of another type, so its CSRF check answered 400 (PORTING 7).
    client = make_client(factory(framework)({**settings, "MAX_CONTENT_LENGTH": 1000}))
    request = TestRequest.blank(path, method="POST", body=b"email=a&x=" + b"a" * 2000)
    if content_type is not None:
        request.headers["Content-Type"] = content_type
    response = client.do_request(request, status=413)
    assert soup(response).select_one("h1").get_text() == "413 Request Entity Too Large"


def test_a_page_form_body_of_another_type_under_the_limit_is_no_form(client):
    # Bottle itself would read x=1 from any body; the builds read forms of form types only.
    client.post("/login", b"csrf_token=x&email=a", content_type="application/json",
                status=400)


@pytest.mark.parametrize(("method", "status"), [("GET", 200), ("HEAD", 200), ("PATCH", 405),
                                                ("DELETE", 405)])
def test_an_empty_path_is_the_root(client, method, status):
    # A bare mount prefix's path; Werkzeug would redirect GET and 404 the rest (PORTING 17).
    request = TestRequest.blank("/", method=method, environ={"PATH_INFO": ""})
    response = client.do_request(request, status=status)
    if status == 405:
        assert sorted(response.headers["Allow"].split(", ")) == ["GET", "HEAD"]


def test_our_app_mounted_under_a_prefix_serves_the_bare_prefix_as_its_root(app):
    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    client = make_client(DispatcherMiddleware(lambda environ, start: [], {"/kit": app}))
    page = soup(client.get("/kit", status=200))
    assert page.select_one(".navbar-brand")["href"] == "/kit/"
