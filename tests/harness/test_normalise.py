"""The normaliser: only real differences remain, intended ones are named."""

from __future__ import annotations

import pytest

from bottle2flask.parity.normalise import Response, compare
from bottle2flask.parity.scenario import Ignore
from shared import sessions

SECRET = "a-secret-long-enough-for-the-check"
HTML = [("Content-Type", "text/html; charset=utf-8")]
JSON = [("Content-Type", "application/json")]


def html(body: str, status="200 OK", headers=()) -> Response:
    return Response(status, [*HTML, *headers], body.encode())


def verdict(a: Response, b: Response, ignore=()):
    result = compare(a, b, secret=SECRET, ignore=ignore)
    return result.verdict, result.explained, [d.where for d in result.differences]


@pytest.mark.parametrize(("a", "b"), [
    ('<p class="x" id="y">Hi &amp; bye</p>', '<p id="y" class="x">Hi &#38; bye</p>'),
    ("<ul>\n  <li>one</li>\n</ul>", "<ul><li>one</li></ul>"),
    ("<p>it&#039;s</p>", "<p>it&#39;s</p>"),
    ('<input name="csrf_token" value="abc">', '<input value="xyz" name="csrf_token">'),
    ("<p>a<!-- note --></p>", "<p>a</p>"),
])
def test_html_that_reads_the_same_is_identical(a, b):
    assert verdict(html(a), html(b)) == ("identical", [], [])


@pytest.mark.parametrize(("a", "b"), [
    ("<p>Hello World</p>", "<p>Hello Wrld</p>"),
    ('<a href="/x">x</a>', '<a href="/y">x</a>'),
    ('<input name="other" value="abc">', '<input name="other" value="xyz">'),
    ("<p>a</p>", "<p>a</p><p>b</p>"),
])
def test_html_that_reads_differently_is_a_body_difference(a, b):
    result = compare(html(a), html(b), names=("one", "two"))
    assert [d.where for d in result.differences] == ["body"]
    assert result.differences[0].detail.startswith("--- one\n+++ two")


def test_json_is_compared_as_data():
    a = Response("200 OK", JSON, b'{"a": 1, "b": [1, 2]}')
    b = Response("200 OK", JSON, b'{"b":[1,2],"a":1}')
    assert verdict(a, b) == ("identical", [], [])
    c = Response("200 OK", JSON, b'{"b":[1,3],"a":1}')
    result = compare(a, c)
    assert result.differences[0].detail == "$.b[1]: 2 != 3"


def test_per_request_headers_are_ignored_and_others_compared():
    a = html("<p>x</p>", headers=[("Date", "Mon"), ("Server", "A"), ("Content-Length", "8"),
                                  ("Vary", "Cookie, Accept")])
    b = html("<p>x</p>", headers=[("Date", "Tue"), ("Server", "B"), ("Vary", "accept,cookie")])
    assert verdict(a, b) == ("identical", [], [])
    c = html("<p>x</p>", headers=[("Vary", "Cookie"), ("X-Frame-Options", "DENY")])
    assert verdict(a, c)[2] == ["header Vary", "header X-Frame-Options"]


def test_the_charset_spelling_does_not_count_but_the_type_does():
    a = Response("200 OK", [("Content-Type", "text/html; charset=UTF-8")], b"")
    b = Response("200 OK", [("Content-Type", "text/html;charset=utf-8")], b"")
    c = Response("200 OK", [("Content-Type", "text/plain; charset=utf-8")], b"")
    assert verdict(a, b)[0] == "identical"
    assert verdict(a, c)[2] == ["header Content-Type"]


def cookie(data: dict, extra="; HttpOnly; Path=/; SameSite=Lax") -> tuple[str, str]:
    return ("Set-Cookie", f"session={sessions.dump(SECRET, data)}{extra}")


def test_session_cookies_are_compared_by_their_decoded_content():
    a = html("", headers=[cookie({"n": 1, "csrf": "random-a"})])
    b = html("", headers=[cookie({"csrf": "random-b", "n": 1}, "; httponly; path=/; samesite=lax")])
    assert verdict(a, b) == ("identical", [], [])
    c = html("", headers=[cookie({"n": 2, "csrf": "random-b"})])
    result = compare(a, c, secret=SECRET)
    assert [d.where for d in result.differences] == ["cookie session"]
    assert result.differences[0].a["value"] == {"n": 1, "csrf": "<random>"}


def test_a_missing_cookie_is_a_difference():
    assert verdict(html("", headers=[cookie({"n": 1})]), html(""))[2] == ["cookie session"]


def test_the_status_code_counts_and_the_reason_case_is_explained():
    assert verdict(html("", "404 NOT FOUND"), html("", "404 Not Found")) == (
        "explained", ["reason-phrase-case"], [])
    assert verdict(html("", "404 Not Found"), html("", "410 Gone"))[2] == ["status"]


def test_a_redirect_body_is_explained_but_not_its_location():
    a = Response("303 See Other", [("Location", "/guestbook")], b"")
    b = Response("303 See Other", [("Location", "/guestbook")], b"<p>Redirecting...</p>")
    assert verdict(a, b) == ("explained", ["redirect-body"], [])
    c = Response("303 See Other", [("Location", "/elsewhere")], b"")
    assert verdict(a, c)[2] == ["header Location"]


def test_the_allow_order_is_explained_but_not_a_missing_method():
    a = html("", "405 Method Not Allowed", [("Allow", "HEAD, GET, POST")])
    b = html("", "405 Method Not Allowed", [("Allow", "GET, HEAD, POST")])
    assert verdict(a, b) == ("explained", ["allow-order"], [])
    c = html("", "405 Method Not Allowed", [("Allow", "GET, HEAD")])
    assert verdict(a, c)[2] == ["header Allow"]


def test_head_and_options_werkzeug_adds_to_allow_are_explained_but_not_another_method():
    # Bottle lists the registered methods; Werkzeug adds HEAD and OPTIONS (PORTING 14)
    a = html("", "405 Method Not Allowed", [("Allow", "POST")])
    b = html("", "405 Method Not Allowed", [("Allow", "OPTIONS, POST")])
    assert verdict(a, b) == ("explained", ["allow-automatic"], [])
    c = html("", "405 Method Not Allowed", [("Allow", "OPTIONS, PUT")])
    assert verdict(a, c)[2] == ["header Allow"]


@pytest.mark.parametrize(("url", "same"), [("/", True), ("/count?x=1", True),
                                           ("/a/b", False)])
def test_a_cookie_without_path_is_the_one_with_the_browsers_default_path(url, same):
    a = Response("200 OK", [*HTML, ("Set-Cookie", "counter=1")], b"", url)
    b = Response("200 OK", [*HTML, ("Set-Cookie", "counter=1; Path=/")], b"", url)
    expected = ("explained", ["cookie-default-path"], []) if same else \
        ("different", [], ["cookie counter"])
    assert verdict(a, b) == expected
    c = Response("200 OK", [*HTML, ("Set-Cookie", "counter=2; Path=/")], b"", url)
    assert verdict(a, c)[2] == ["cookie counter"]  # a value is never explained away


def test_a_cookie_deleted_with_max_age_minus_one_or_zero_is_explained_but_not_one_kept():
    # Bottle's delete_cookie writes Max-Age=-1 and no Path; Werkzeug's Max-Age=0, Path=/
    a = Response("200 OK", [*HTML, ("Set-Cookie", 'sid=""; expires=Thu, 01 Jan 1970 '
                                                  "00:00:00 GMT; Max-Age=-1")], b"", "/logout")
    b = Response("200 OK", [*HTML, ("Set-Cookie", "sid=; Expires=Thu, 01 Jan 1970 00:00:00 "
                                                  "GMT; Max-Age=0; Path=/")], b"", "/logout")
    assert verdict(a, b) == ("explained", ["cookie-expired"], [])
    kept = Response("200 OK", [*HTML, ("Set-Cookie", "sid=; Max-Age=60; Path=/")], b"",
                    "/logout")
    assert verdict(a, kept)[2] == ["cookie sid"]
    other = Response("200 OK", [*HTML, ("Set-Cookie", "sid=x; Max-Age=0; Path=/")], b"",
                     "/logout")
    assert verdict(a, other)[2] == ["cookie sid"]  # a value is never explained away
    elsewhere = Response("200 OK", [*HTML, ("Set-Cookie", "sid=; Max-Age=0; Path=/a")], b"",
                         "/logout")
    assert verdict(a, elsewhere)[2] == ["cookie sid"]


@pytest.mark.parametrize("names", ["*", "counter", "count*"])
def test_a_cookie_path_rule_excuses_the_path_alone_of_the_cookies_it_names(names):
    """D-cookie-path's [[ignore]] (cookie_path): on /igre/7 Bottle's cookie without a Path
    is the browser's /igre one, the port's is Path=/. Only that attribute is excused: a
    cookie the port drops, or sends with another value or attribute, still differs."""
    rule = Ignore("D-cookie-path", cookie_path=names)
    a = Response("200 OK", [*HTML, ("Set-Cookie", "counter=1")], b"", "/igre/7")
    b = Response("200 OK", [*HTML, ("Set-Cookie", "counter=1; Path=/")], b"", "/igre/7")
    assert verdict(a, b) == ("different", [], ["cookie counter"])  # without the rule
    assert verdict(a, b, [rule]) == ("explained", ["D-cookie-path"], [])
    for other in ("counter=2; Path=/", "counter=1; Path=/; HttpOnly", "counter=1; Max-Age=5"):
        c = Response("200 OK", [*HTML, ("Set-Cookie", other)], b"", "/igre/7")
        assert verdict(a, c, [rule])[2] == ["cookie counter"], other
    assert verdict(a, Response("200 OK", HTML, b"", "/igre/7"), [rule])[2] == \
        ["cookie counter"]
    elsewhere = Ignore("D-cookie-path", cookie_path="session*")
    assert verdict(a, b, [elsewhere])[2] == ["cookie counter"]


def test_a_cookie_path_rule_excuses_the_path_of_a_cookie_both_delete():
    """A cookie deleted at /f51/reset: Bottle's delete_cookie without a Path (Max-Age=-1,
    the browser's /f51), the port's Path=/ (Max-Age=0). D-cookie-path's rule takes the
    Path out, and the two Max-Ages delete alike (cookie-expired's reading); a cookie one
    side keeps still differs (the generator's cookie_plugin form, seed 51xxx)."""
    rule = Ignore("D-cookie-path", cookie_path="*")
    a = Response("303 See Other", [*HTML, ("Set-Cookie", 'uid=""; expires=Thu, 01 Jan 1970 '
                                                         "00:00:00 GMT; Max-Age=-1")],
                 b"", "/f51/reset")
    b = Response("303 See Other", [*HTML, ("Set-Cookie", "uid=; Expires=Thu, 01 Jan 1970 "
                                                         "00:00:00 GMT; Max-Age=0; Path=/")],
                 b"", "/f51/reset")
    assert verdict(a, b) == ("different", [], ["cookie uid"])  # without the rule
    assert verdict(a, b, [rule]) == ("explained", ["D-cookie-path"], [])
    kept = Response("303 See Other", [*HTML, ("Set-Cookie", "uid=; Max-Age=60; Path=/")],
                    b"", "/f51/reset")
    assert verdict(a, kept, [rule])[2] == ["cookie uid"]
    # a cookie only the port's browser sent here (set at /r2/x: Bottle's /r2, the port's
    # Path=/), deleted by the port alone (seed 51229's 2 'different' apps)
    more = Response("303 See Other", [*HTML, *b.headers[1:], (
        "Set-Cookie", "c2=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/")],
        b"", "/f51/reset")
    assert verdict(a, more) == ("different", [], ["cookie c2", "cookie uid"])
    assert verdict(a, more, [rule]) == ("explained", ["D-cookie-path"], [])
    made = Response("303 See Other", [*HTML, *b.headers[1:], ("Set-Cookie", "c2=v; Path=/")],
                    b"", "/f51/reset")
    assert verdict(a, made, [rule])[2] == ["cookie c2"]  # a cookie set, not deleted


def test_static_file_validators_are_explained_only_for_static_files():
    css = [("Content-Type", "text/css")]
    a = Response("200 OK", [*css, ("ETag", "abc")], b"p{}", "/static/a.css")
    b = Response("200 OK", [*css, ("ETag", '"1-2-3"'), ("Cache-Control", "no-cache")], b"p{}",
                 "/static/a.css")
    assert verdict(a, b) == ("explained", ["static-file-headers"], [])
    a.path = b.path = "/page"
    assert verdict(a, b)[2] == ["header Cache-Control", "header Etag"]


def test_a_file_served_elsewhere_is_known_by_the_validators_both_send():
    png = [("Content-Type", "image/png")]
    a = Response("200 OK", [*png, ("Last-Modified", "Sat, 05 Dec 2026 09:00:00 GMT")],
                 b"PNG", "/images/us.png")
    b = Response("200 OK", [*png, ("Last-Modified", "Sat, 05 Dec 2026 09:00:01 GMT"),
                            ("Cache-Control", "no-cache"), ("ETag", '"1-2-3"')], b"PNG",
                 "/images/us.png")
    assert verdict(a, b) == ("explained", ["static-file-headers"], [])
    a.headers = png  # a page with no Last-Modified of its own: Flask's headers differ
    assert verdict(a, b)[2] == ["header Cache-Control", "header Etag", "header Last-Modified"]
    a.headers, b.body = [*png, ("Last-Modified", "x")], b"GIF"
    assert verdict(a, b)[2] == ["body"]  # the bytes must still be the same


def test_the_charset_werkzeug_gives_xml_files_is_explained_only_for_static_files():
    a = Response("200 OK", [("Content-Type", "image/svg+xml")], b"<svg/>", "/static/a.svg")
    b = Response("200 OK", [("Content-Type", "image/svg+xml; charset=utf-8")], b"<svg/>",
                 "/static/a.svg")
    assert verdict(a, b) == ("explained", ["static-file-headers"], [])
    a.path = b.path = "/feed"
    assert verdict(a, b)[2] == ["header Content-Type"]
    a.path = b.path = "/static/a.svg"  # another media type is never explained away
    b.headers = [("Content-Type", "text/xml; charset=utf-8")]
    assert verdict(a, b)[2] == ["header Content-Type"]


# -- each framework's own error page ---------------------------------------------------

def error_pages(bottle_message, flask_message, own_bottle_page=None):
    """The same request to a Bottle app and a Flask app that abort with these messages
    (None: no text, each framework's own words); own_bottle_page: an @error handler."""
    import bottle
    import flask
    import webtest

    old = bottle.Bottle()
    old.route("/x", callback=lambda: bottle.abort(404, bottle_message) if bottle_message
              else bottle.abort(404))
    if own_bottle_page:
        old.error(404)(lambda error: own_bottle_page)
    new = flask.Flask(__name__)
    new.add_url_rule("/x", "x", lambda: flask.abort(404, flask_message) if flask_message
                     else flask.abort(404))
    answers = []
    for app in (old, new):
        r = webtest.TestApp(app).get("/x", expect_errors=True)
        answers.append(Response(r.status, list(r.headerlist), r.body, "/x"))
    return answers


@pytest.mark.parametrize(("bottle_message", "flask_message"), [
    ("No item 5.", "No item 5."),  # the app's own message on both default pages
    (None, None),  # abort(404): Bottle's "Unknown Error." and Werkzeug's description
])
def test_the_frameworks_default_error_pages_saying_the_same_are_explained(
        bottle_message, flask_message):
    a, b = error_pages(bottle_message, flask_message)
    assert verdict(a, b) == ("explained", ["default-error-page", "reason-phrase-case"], [])
    assert verdict(b, a)[0] == "explained"  # either side may be the Bottle app


def test_default_error_pages_with_other_messages_or_an_apps_own_page_differ():
    a, b = error_pages("No item 5.", "No item 6.")
    assert verdict(a, b)[2] == ["body"]
    a, b = error_pages(None, None, own_bottle_page="<h1>Lost?</h1>")
    assert verdict(a, b)[2] == ["body"]
    a, b = error_pages("No item 5.", "No item 5.")
    other = Response("410 GONE", b.headers, b.body.replace(b"404", b"410"), "/x")
    assert "status" in verdict(a, other)[2]


def test_bottles_page_for_an_error_handler_that_failed_is_its_500_page():
    """RULE-s51 A (PyJudge): a 404 handler calling a `template` the module never
    imported fails in both: Bottle's "Critical error" page, Werkzeug's 500 page."""
    import bottle
    import flask
    import webtest

    old = bottle.Bottle()
    old.error(404)(lambda error: undefined_name)  # noqa: F821
    new = flask.Flask(__name__)
    new.register_error_handler(404, lambda error: undefined_name)  # noqa: F821
    a, b = (Response(r.status, list(r.headerlist), r.body, "/x") for r in (
        webtest.TestApp(app).get("/x", expect_errors=True) for app in (old, new)))
    assert b"Critical error while processing request" in a.body
    assert verdict(a, b)[0] == "explained" and "default-error-page" in verdict(a, b)[1]
    assert verdict(b, a)[0] == "explained"
    gone = Response("404 Not Found", b.headers, b.body.replace(b"500", b"404"), "/x")
    assert "status" in verdict(a, gone)[2]


def test_a_header_the_view_set_before_it_failed_is_explained_on_flasks_error_page():
    """Found by the eleventh trial batch (a tweeter clone): a view sets Cache-Control, then
    fails. Bottle's error page replaces its response; the port's after_this_request puts
    the header on Flask's error page too (PORTING 22)."""
    import bottle
    import flask
    import webtest

    def fails():
        raise RuntimeError("the database is not there")

    old = bottle.Bottle()

    @old.get("/x")
    def bottle_view():
        bottle.response.set_header("Cache-Control", "no-store")
        fails()

    new = flask.Flask(__name__)

    @new.get("/x")
    def flask_view():
        @flask.after_this_request
        def headers(response):
            response.headers["Cache-Control"] = "no-store"
            return response
        fails()

    answers = []
    for app in (old, new):
        r = webtest.TestApp(app).get("/x", expect_errors=True)
        answers.append(Response(r.status, list(r.headerlist), r.body, "/x"))
    a, b = answers
    assert a.code == b.code == 500 and a.header("cache-control") is None
    assert b.header("cache-control") == "no-store"
    assert verdict(a, b)[0] == "explained"
    assert "error-page-keeps-view-headers" in verdict(a, b)[1]
    assert verdict(b, a)[0] == "explained"
    # Only the Werkzeug side may have it, and only on both frameworks' default pages:
    extra = Response(a.status, [*a.headers, ("X-Only-Bottle", "1")], a.body, "/x")
    assert verdict(extra, b)[2] == ["header X-Only-Bottle"]
    own_page = Response(b.status, b.headers, b"<h1>Sorry</h1>", "/x")
    assert "header Cache-Control" in verdict(a, own_page)[2]


def test_a_cookie_the_view_set_before_it_failed_is_explained_on_flasks_error_page():
    """RULE-s47's class D: a view sets the visitor's cookie, then fails (a KeyError on an
    id the run never made). Bottle's error page drops the cookie; the port's
    after_this_request sets it on Flask's error page (PORTING 22), as a header above."""
    import bottle
    import flask
    import webtest

    old = bottle.Bottle()

    @old.get("/x")
    def bottle_view():
        bottle.response.set_cookie("SESSION", "a1")
        return {}["missing"]

    new = flask.Flask(__name__)

    @new.get("/x")
    def flask_view():
        @flask.after_this_request
        def cookie(response):
            response.set_cookie("SESSION", "a1")
            return response
        return {}["missing"]

    answers = []
    for app in (old, new):
        r = webtest.TestApp(app).get("/x", expect_errors=True)
        answers.append(Response(r.status, list(r.headerlist), r.body, "/x"))
    a, b = answers
    assert a.code == b.code == 500 and a.header("set-cookie") is None
    assert verdict(a, b)[0] == "explained"
    assert "error-page-keeps-view-headers" in verdict(a, b)[1]
    # only the Werkzeug side's, and only on both frameworks' default pages
    kept = Response(a.status, [*a.headers, ("Set-Cookie", "SESSION=a1")], a.body, "/x")
    assert verdict(kept, new_page := Response(b.status, [
        h for h in b.headers if h[0].lower() != "set-cookie"], b.body, "/x"))[2] \
        == ["cookie SESSION"]
    own_page = Response(b.status, b.headers, b"<h1>Sorry</h1>", "/x")
    assert "cookie SESSION" in verdict(a, own_page)[2]
    assert verdict(a, new_page)[0] == "explained"


def test_a_status_rule_explains_a_page_the_first_app_answered_with_that_status():
    rule = Ignore("D-undefined", status="500")
    failed = Response("500 Internal Server Error", HTML, b"<h1>Error: 500</h1>", "/")
    page = Response("200 OK", HTML, b"<p>list</p>", "/")
    assert compare(failed, page, ignore=[rule]).verdict == "explained"
    assert compare(failed, page, ignore=[rule]).explained == ["D-undefined"]
    assert compare(failed, page).verdict == "different"
    # the second app's 500 where the first served the page: a page lost, never declared
    assert compare(page, failed, ignore=[rule]).verdict == "different"
    assert compare(page, failed, ignore=[rule]).explained == []
    other = Response("404 Not Found", HTML, b"<p>gone</p>", "/")
    assert compare(other, page, ignore=[rule]).verdict == "different"  # another status
    assert compare(page, page, ignore=[rule]).verdict == "identical"


def test_a_status_rule_below_500_explains_only_the_same_status_in_both():
    """A 404 handler showing its error (P009's D-error-object): the page is each
    framework's text, but the second app still answers 404; its 500 or 200 there is no
    part of the declared change."""
    rule = Ignore("D-error-object", status="404")
    theirs = Response("404 Not Found", HTML, b"Sorry (404, \"Not found: '/x'\")", "/x")
    ours = Response("404 Not Found", HTML, b"Sorry 404 Not Found: The requested URL", "/x")
    assert compare(theirs, ours, ignore=[rule]).explained == ["D-error-object"]
    for other in ("500 Internal Server Error", "200 OK"):
        lost = Response(other, HTML, ours.body, "/x")
        assert compare(theirs, lost, ignore=[rule]).verdict == "different"
        assert compare(theirs, lost, ignore=[rule]).explained == []


@pytest.mark.parametrize(("theirs", "same"), [
    ("Basic realm=private", True), ('basic realm="private"', True),
    ('Basic realm="admin"', False), ('Digest realm="private"', False)])
def test_a_challenge_is_compared_as_a_client_reads_it(theirs, same):
    """Bottle quotes the realm, Werkzeug only when it must: the same challenge."""
    a = Response("401 Unauthorized", [("WWW-Authenticate", 'Basic realm="private"')], b"")
    b = Response("401 Unauthorized", [("WWW-Authenticate", theirs)], b"")
    assert verdict(a, b) == (("identical", [], []) if same else
                             ("different", [], ["header Www-Authenticate"]))


def test_a_printed_rule_explains_a_none_jinja2_printed_where_bottle_printed_nothing():
    """D-none: SimpleTemplate prints nothing for None, Jinja2 prints 'None'."""
    rule = Ignore("D-none", printed="None")
    bottle = html('<h1>Hi , your mail is </h1><input name="q" value="">')
    flask = html('<h1>Hi None, your mail is None</h1><input name="q" value="None">')
    assert compare(bottle, flask, ignore=[rule]).explained == ["D-none"]
    assert compare(bottle, flask, ignore=[rule]).verdict == "explained"
    assert compare(bottle, flask).verdict == "different"
    other = html("<h1>Hi Ann, your mail is None</h1>")  # a real value went missing
    assert compare(html("<h1>Hi Bob, your mail is </h1>"), other,
                   ignore=[rule]).verdict == "different"


def test_a_printed_rule_explains_an_element_whose_only_text_is_none():
    """Found by the generated apps (issue #36): `<i>{{v}}</i>` with v=None is an empty
    element from Bottle and `<i>None</i>` from Flask: its text is a line of its own in
    the canonical page, which the rule left behind as an empty one."""
    rule = Ignore("D-none", printed="None")
    bottle, flask = html("<p>r4</p>\n<i></i>\n"), html("<p>r4</p>\n<i>None</i>")
    assert compare(bottle, flask, ignore=[rule]).verdict == "explained"
    assert compare(html("<p>r4</p><i>Ann</i>"), flask, ignore=[rule]).verdict == "different"


def test_an_escaped_rule_explains_html_the_port_escaped_where_bottle_printed_it_raw():
    """D-autoescape: Bottle's jinja2_template escapes nothing, Flask's .html templates
    escape everything printed (found by the tenth trial batch: a book's note with markup)."""
    rule = Ignore("D-autoescape", escaped="html")
    bottle = html("<td>Written by <b>me</b> & 'you'</td><td>\"q\"</td>")
    flask = html("<td>Written by &lt;b&gt;me&lt;/b&gt; &amp; &#39;you&#39;</td>"
                 "<td>&#34;q&#34;</td>")
    assert compare(bottle, flask, ignore=[rule]).explained == ["D-autoescape"]
    assert compare(bottle, flask, ignore=[rule]).verdict == "explained"
    assert compare(bottle, flask).verdict == "different"
    # the other way round: the port prints markup the original escaped (an injection)
    assert compare(flask, bottle, ignore=[rule]).verdict == "different"
    # escaped, and another change besides
    other = html("<td>Written by &lt;b&gt;me&lt;/b&gt; &amp; &#39;them&#39;</td>"
                 "<td>&#34;q&#34;</td>")
    assert compare(bottle, other, ignore=[rule]).verdict == "different"
    # a difference with nothing escaped in it
    assert compare(html("<p>a</p>"), html("<p>b</p>"), ignore=[rule]).verdict == "different"


def test_a_content_type_on_an_empty_204_or_304_is_explained_but_not_elsewhere():
    # Bottle drops a 204's Content-Type; Werkzeug keeps the one a hook set (PORTING 33)
    for status in ("204 No Content", "304 Not Modified"):
        a = Response(status, [], b"")
        b = Response(status, [("Content-Type", "application/json")], b"")
        assert verdict(a, b) == ("explained", ["no-content-type"], [])
    a = Response("200 OK", [], b"")
    b = Response("200 OK", [("Content-Type", "application/json")], b"")
    assert verdict(a, b)[2] == ["header Content-Type"]
    a = Response("204 No Content", [], b"")  # a body where none may be: still counted
    b = Response("204 No Content", [("Content-Type", "text/plain")], b"x")
    assert "header Content-Type" in verdict(a, b)[2]


def test_the_routers_own_words_are_explained_only_under_an_error_text_rule():
    from bottle import html_escape
    from werkzeug.exceptions import NotFound

    from bottle2flask.parity.scenario import Ignore

    path = "/no/such'page"  # as a Bottle template prints err.body
    shown = html_escape(f"Not found: '{path}'")
    a = Response("404 Not Found", HTML, f"<p>{shown}</p>".encode(), path)
    b = Response("404 NOT FOUND", HTML, f"<p>{NotFound.description}</p>".encode(), path)
    rule = Ignore(name="error_text routing", error_text="routing")
    assert verdict(a, b)[2] == ["body"]
    assert verdict(a, b, ignore=[rule])[0] == "explained"
    b.body = b"<p>Gone fishing.</p>"  # other words are still a difference
    assert verdict(a, b, ignore=[rule])[2] == ["body"]
    a.status = b.status = "200 OK"  # and only a 404 or 405 is read this way
    b.body = f"<p>{NotFound.description}</p>".encode()
    assert verdict(a, b, ignore=[rule])[2] == ["body"]


@pytest.mark.parametrize(("status", "bottles", "werkzeugs"), [
    ("404 Not Found", "File does not exist.", "NotFound"),
    ("403 Forbidden", "Access denied.", "Forbidden"),
])
def test_static_files_own_words_are_explained_under_the_error_text_rule(status, bottles,
                                                                        werkzeugs):
    """An error page showing the error's text for a file static_file() does not serve:
    Bottle's words, Werkzeug's description where send_from_directory raised."""
    from werkzeug import exceptions

    from bottle2flask.parity.scenario import Ignore

    a = Response(status, HTML, f"<p>page: {bottles}</p>".encode(), "/static/none.txt")
    b = Response(status.upper(), HTML,
                 f"<p>page: {getattr(exceptions, werkzeugs).description}</p>".encode(),
                 "/static/none.txt")
    rule = Ignore(name="error_text routing", error_text="routing")
    assert verdict(a, b)[2] == ["body"]
    assert verdict(a, b, ignore=[rule])[0] == "explained"


@pytest.mark.parametrize(("status", "werkzeugs"), [
    ("404 Not Found", "NotFound"),
    ("401 Unauthorized", "Unauthorized"),
    ("500 Internal Server Error", "InternalServerError"),
])
def test_aborts_own_words_given_no_text_are_explained_under_the_error_text_rule(status,
                                                                                werkzeugs):
    """An error page showing the error's text for `abort(code)` given none: Bottle's
    `Unknown Error.`, the description of Werkzeug's error of that code (stop 54: a
    mounted shop's abort(404) answered by the parent's page reading err.body)."""
    from werkzeug import exceptions

    from bottle2flask.parity.scenario import Ignore

    a = Response(status, HTML, b"<p>page 404: Unknown Error.</p>", "/shop/item/7")
    b = Response(status.upper(), HTML,
                 f"<p>page 404: {getattr(exceptions, werkzeugs).description}</p>".encode(),
                 "/shop/item/7")
    rule = Ignore(name="error_text routing", error_text="routing")
    assert verdict(a, b)[2] == ["body"]
    assert verdict(a, b, ignore=[rule])[0] == "explained"
    # another code's sentence is no error's own text here
    b.body = f"<p>page 404: {exceptions.Gone.description}</p>".encode()
    assert verdict(a, b, ignore=[rule])[2] == ["body"]


def test_a_written_rule_explains_the_same_json_or_html_written_another_way():
    """D-json (`written = "json"`): Flask's provider sorts the keys, drops the spaces and
    ends with a newline; the same value is explained, another value is not. `written =
    "entities"`: SimpleTemplate's `&#039;`/`&quot;` against MarkupSafe's `&#39;`/`&#34;`
    (RULE-s48's pages were "alike": the same once normalised, nothing declared)."""
    data = Ignore("D-json", written="json")
    bottle = Response("200 OK", JSON, b'{"status": "on", "a": [1, 2]}')
    flask = Response("200 OK", JSON, b'{"a":[1,2],"status":"on"}\n')
    assert verdict(bottle, flask) == ("identical", [], [])
    assert verdict(bottle, flask, [data]) == ("explained", ["D-json"], [])
    other = Response("200 OK", JSON, b'{"a":[1,2],"status":"off"}\n')
    assert verdict(bottle, other, [data])[0] == "different"
    quotes = Ignore("D-entities", written="entities")
    page = html("<p>it&#039;s &quot;x&quot;</p>\n")
    assert verdict(page, html("<p>it&#39;s &#34;x&#34;</p>\n"), [quotes]) == (
        "explained", ["D-entities"], [])
    # the same once normalised, but not by the entities alone: nothing is named
    assert verdict(page, html("<p>it&#39;s   &#34;x&#34;</p>"), [quotes]) == (
        "identical", [], [])
    assert verdict(page, html("<p>it&#39;s &#34;y&#34;</p>\n"), [quotes])[0] == "different"


def test_a_status_rule_explains_a_page_of_the_originals_that_differs_by_a_header_alone():
    """D-hook-crash: Bottle's 500 for a view that raised lost the header an after_request
    hook set, Flask's 500 page has it; the rest of the page the same."""
    from bottle2flask.parity.scenario import Ignore

    rule = Ignore(name="D-hook-crash", status="500")
    a = Response("500 Internal Server Error", HTML, b"<p>error page 500</p>")
    b = Response("500 INTERNAL SERVER ERROR", [*HTML, ("X-After", "1")],
                 b"<p>error page 500</p>")
    assert verdict(a, b)[2] == ["header X-After"]
    assert verdict(a, b, ignore=[rule])[:2] == ("explained", ["D-hook-crash"])
    served = Response("200 OK", HTML, b"<p>error page 500</p>")  # never the port's 500
    assert verdict(served, b, ignore=[rule])[0] != "explained"
