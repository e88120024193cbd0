"""Route paths: the ported Flask rule matches the URLs Bottle's rule matches, with the
same values. Each row is run through both routers: the Bottle app as written and its
port, under WebTest."""

from __future__ import annotations

import json
import warnings
from textwrap import dedent

import pytest
import webtest

from bottle2flask.port.rules.p003_routes import convert_path

from .helpers import port

VIEW = '''
import json

from bottle import Bottle

app = Bottle()


@app.route({path!r})
def view(**values):
    return json.dumps(sorted((k, type(v).__name__, v) for k, v in values.items()))
'''

# (Bottle path, URLs to try): matches, misses and 400s are all compared.
TABLE = [
    ("/hello/<name>", ["/hello/bob", "/hello/", "/hello/a/b", "/hello/%C3%A9t%C3%A9"]),
    ("/item/<no:int>", ["/item/12", "/item/-3", "/item/007", "/item/1.5", "/item/x"]),
    ("/at/<x:float>", ["/at/2.5", "/at/3", "/at/-1", "/at/.5", "/at/1.2.3", "/at/x"]),
    ("/files/<p:path>", ["/files/a", "/files/a/b/c.txt", "/files//etc", "/files/"]),
    ("/files/<p:path>/raw", ["/files/a/b/raw", "/files/raw", "/files/a/raw/raw"]),
    ("/wiki/<page:re:[a-z]+>", ["/wiki/abc", "/wiki/Abc", "/wiki/ab/cd"]),
    ("/any/<rest:re:.*>", ["/any/", "/any/a/b", "/any/x"]),
    ("/grp/<code:re:(ab)+>", ["/grp/abab", "/grp/aba"]),
    ("/re/<x:re>", ["/re/one", "/re/a/b"]),
    ("/dflt/<x::[0-9]{2}>", ["/dflt/12", "/dflt/123"]),
    ("/two/<a>/<b:int>", ["/two/x/1", "/two/x/y"]),
    ("/<a>-<b>", ["/x-y", "/x-y-z", "/-y"]),
    ("/old/:name", ["/old/bob", "/old/"]),
    ("/old/:id#[0-9]+#", ["/old/12", "/old/ab"]),
    ("/old/:a/:b", ["/old/x/y"]),
    (r"/time/12\:30", ["/time/12:30", "/time/12x30"]),
    (r"/lit/\<b>", []),  # no Werkzeug equivalent: TODO
    ("/plain/path.html", ["/plain/path.html", "/plain/pathxhtml"]),
]


def bottle_app(path: str):
    ns: dict = {}
    with warnings.catch_warnings():  # Bottle warns on the old :name syntax
        warnings.simplefilter("ignore", DeprecationWarning)
        exec(compile(VIEW.format(path=path), "view.py", "exec"), ns)
    return ns["app"]


def flask_app(path: str):
    result = port(VIEW.format(path=path))
    assert result.status == "success", result.error
    ns: dict = {"__name__": __name__}  # Flask finds its root path from the module name
    exec(compile(result.code, "view.py", "exec"), ns)
    return ns["app"], result


def answer(client: webtest.TestApp, url: str):
    got = client.get(url, expect_errors=True)
    return got.status_int, json.loads(got.text) if got.status_int == 200 else None


@pytest.mark.parametrize(("path", "urls"), [row for row in TABLE if row[1]])
def test_the_ported_rule_matches_what_bottles_rule_matches(path, urls):
    ported, result = flask_app(path)
    assert result.todos == []
    bottle_client = webtest.TestApp(bottle_app(path))
    flask_client = webtest.TestApp(ported)
    for url in urls:
        assert answer(flask_client, url) == answer(bottle_client, url), url


def test_the_table_matches_something_in_every_row():
    for path, urls in TABLE:
        if urls:
            client = webtest.TestApp(bottle_app(path))
            assert any(answer(client, u)[0] == 200 for u in urls), path


@pytest.mark.parametrize(("path", "rule"), [("/anon/<:int>", "/anon/<int(signed=True):unnamed>"),
                                          ("/clock/:", "/clock/<unnamed>")])
def test_a_wildcard_without_a_name_is_named_and_a_view_taking_kwargs_told(path, rule):
    """Bottle matches a nameless wildcard (a bare `:` too) and passes nothing; Werkzeug
    needs a name and passes it: a view taking **values gets it too, which a TODO says."""
    result = port(VIEW.format(path=path), faithful=False)
    assert f"@app.route({rule!r})" in result.code  # the path's own quotes kept
    [todo] = result.todos
    assert todo["code"] == "P003" and "**values" in todo["text"] and not todo["breaks"]


@pytest.mark.parametrize("path", [row[0] for row in TABLE if not row[1]])
def test_a_wildcard_werkzeug_cannot_express_is_flagged_and_left(path):
    result = port(VIEW.format(path=path))
    assert f"@app.route({path!r})" in result.code
    assert [t["code"] for t in result.todos] == ["P003"]


@pytest.mark.parametrize(("bottle", "flask"), [
    ("/item/<no:int>", "/item/<int(signed=True):no>"),
    ("/files/<p:path>", "/files/<bottle_path:p>"),
    ("/at/<x:float>", "/at/<bottle_float:x>"),
    ("/hello/<name>", "/hello/<name>"),
    ("/hello/<name:re>", "/hello/<name>"),
    ("/wiki/<page:re:[a-z]+>", "/wiki/<bottle_re1:page>"),
    ("/old/:name", "/old/<name>"),
    ("/old/:id#[0-9]+#", "/old/<bottle_re1:id>"),
    (r"/t/12\:30", "/t/12:30"),
    ("/plain", "/plain"),
])
def test_route_wildcards_become_werkzeug_converters(bottle, flask):
    assert convert_path(bottle, {}) == (flask, [])


def test_a_regex_is_flattened_as_bottle_flattens_it():
    regexes: dict[str, str] = {}
    convert_path("/g/<code:re:(ab)+>", regexes)
    assert regexes == {"bottle_re1": "(?:ab)+"}


def test_the_view_parameter_check_reads_old_style_names():
    result = port(dedent('''
        from bottle import Bottle

        app = Bottle()


        @app.route("/old/:name")
        def old(name):
            return name
    '''))
    assert result.todos == []
