"""bottle_routes.py, the module a port copies where a rule or a URL is known only at run
time: each Bottle rule served by Bottle and, through flask_rule(), by Flask, alike."""

from __future__ import annotations

import warnings

import bottle
import flask
import pytest
import webtest

from bottle2flask.port.compat.bottle_routes import bottle_url, flask_rule, tokens


def served(rule: str) -> tuple[webtest.TestApp, webtest.TestApp]:
    """One view answering repr() of its arguments, at `rule` on Bottle and on Flask."""
    def view(**values):
        return repr(sorted(values.items()))

    old = bottle.Bottle()
    with warnings.catch_warnings():  # the old :name syntax is deprecated in 0.13
        warnings.simplefilter("ignore", DeprecationWarning)
        old.route(rule, callback=view)
    new = flask.Flask(__name__)
    new.add_url_rule(flask_rule(new, rule), view_func=view)
    return webtest.TestApp(old), webtest.TestApp(new)


@pytest.mark.parametrize(("rule", "paths"), [
    ("/hello/<name>", ["/hello/bob", "/hello/", "/hello/a/b"]),
    ("/n/<n:int>", ["/n/7", "/n/-3", "/n/x", "/n/1.5"]),
    ("/f/<x:float>", ["/f/2", "/f/2.", "/f/.5", "/f/-1.5", "/f/x", "/f/1.2.3"]),
    ("/p/<p:path>", ["/p/a/b", "/p/", "/p//a"]),
    ("/r/<code:re:[a-z]{2}>", ["/r/ab", "/r/abc"]),
    ("/g/<code:re:(a|b)+>/<n:int>", ["/g/ab/1", "/g/c/1"]),
    ("/anon/<:re:[a-z]+>/<n:int>", ["/anon/ab/1", "/anon/1/1"]),
    ("/old/:name", ["/old/bob", "/old/"]),
    ("/old/:n#[0-9]+#", ["/old/12", "/old/x"]),
    (r"/esc/\<x>", ["/esc/<x>", "/esc/x"]),
    ("/static/page", ["/static/page", "/static/"]),
])
def test_a_rule_read_at_run_time_answers_as_in_bottle(rule, paths):
    if "\\<" in rule:  # Werkzeug cannot say a literal `<`: a clear error
        with pytest.raises(ValueError, match="as a variable"):
            flask_rule(flask.Flask(__name__), rule)
        return
    old, new = served(rule)
    for path in paths:
        want = old.get(path, expect_errors=True)
        got = new.get(path, expect_errors=True)
        assert (got.status_int, got.text if got.status_int == 200 else "") \
            == (want.status_int, want.text if want.status_int == 200 else ""), path


def test_a_rule_without_its_leading_slash_gets_one_outside_its_first_wildcard():
    """Bottle matched `<f:re:.*\\.css>` against the whole path, so f held its leading
    slash; a Werkzeug rule starts with one (the static port's D-leading-slash too)."""
    old, new = served(r"<f:re:.*\.css>")
    assert old.get("/a/b.css").text == "[('f', '/a/b.css')]"
    assert new.get("/a/b.css").text == "[('f', 'a/b.css')]"
    assert new.get("/a.js", expect_errors=True).status_int == 404


def test_a_malformed_float_is_bottles_400():
    _, new = served("/f/<x:float>")
    assert new.get("/f/1.2.3", expect_errors=True).status_int == 400


def test_the_apps_own_filter_is_used_by_its_name_and_an_unknown_one_is_an_error():
    app = flask.Flask(__name__)
    app.url_map.converters["slug"] = type("Slug", (flask.Flask.url_map_class.default_converters
                                                   ["default"],), {})
    assert flask_rule(app, "/a/<title:slug>") == "/a/<slug:title>"
    with pytest.raises(ValueError, match="'list' has no converter"):
        flask_rule(app, "/l/<ids:list>")
    with pytest.raises(ValueError, match="with the config"):
        flask_rule(app, "/a/<title:slug:x>")
    with pytest.raises(TypeError, match="one rule at a time"):
        flask_rule(app, ["/a", "/b"])  # type: ignore[arg-type]


def test_one_regex_is_one_converter_however_often_it_is_used():
    app = flask.Flask(__name__)
    first = flask_rule(app, "/a/<x:re:[a-z]+>")
    assert flask_rule(app, "/b/<y:re:[a-z]+>") == first.replace("/a/", "/b/").replace(
        ":x>", ":y>")
    assert flask_rule(app, "/c/<z:re:[0-9]+>") != first


@pytest.mark.parametrize(("rule", "given"), [
    ("text", ["text"]), ("/a/<b>/c", ["/a/", ("b", "default", None), "/c"]),
    ("/<x:re:a\\>b>", ["/", ("x", "re", "a\\>b")]),
    ("/:id#\\d+#/x", ["/", ("id", "default", "\\d+"), "/x"]),
])
def test_tokens_read_bottles_syntax_as_bottles_router_does(rule, given):
    want = [(t, None, None) if isinstance(t, str) else t for t in given]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert list(bottle.Router()._itertokens(rule)) in (want, [*want, ("", None, None)])
    assert list(tokens(rule)) == want


@pytest.mark.parametrize(("target", "values"), [
    ("/", {}), ("/item/<id>", {"id": 3}), ("/item/<id:int>", {"id": "-3"}),
    ("/f/<x:float>", {"x": 2}), ("/item/<id>", {"id": 3, "q": "a b"}),
    ("item", {"id": 4}), ("/hello/<name>", {"name": "a b"}),
])
def test_bottle_url_builds_as_bottles_get_url_from_a_name_or_a_rule(target, values):
    old, new = bottle.Bottle(), flask.Flask(__name__)
    for number, (rule, name) in enumerate((
            ("/", None), ("/item/<id>", "item"), ("/item/<id:int>", None),
            ("/f/<x:float>", None), ("/hello/<name>", None))):
        old.route(rule, callback=lambda **kw: "", name=name)
        new.add_url_rule(flask_rule(new, rule), name or f"view{number}", lambda **kw: "")
    # get_url() reads SCRIPT_NAME from Bottle's request, a thread-local bound only in a
    # thread that served a request: bind one here, whatever ran before in this worker
    bottle.request.bind({"PATH_INFO": "/", "SCRIPT_NAME": ""})
    with new.test_request_context("/"):
        assert bottle_url(target, **values) == old.get_url(target, **values)
    with new.test_request_context("/", base_url="http://localhost/mounted"):
        assert bottle_url("/item/<id>", id=1) == "/mounted/item/1"
        assert bottle_url("item", id=1) == "/mounted/item/1"


def test_bottle_url_without_a_value_for_a_wildcard_is_an_error():
    app = flask.Flask(__name__)
    with app.test_request_context("/"), pytest.raises(ValueError, match="'id'"):
        bottle_url("/item/<id>")
