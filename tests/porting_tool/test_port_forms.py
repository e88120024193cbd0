"""P004 and a field sent twice: Bottle's MultiDict gives its LAST value, Werkzeug's its
first. The port keeps Bottle's value where it takes the whole form (`dict(...)`, `.dict`)
or one key by `[k]`; `.get(k)` and attribute access keep Werkzeug's (declared)."""

from __future__ import annotations

import pytest

from .test_port_trials import both

APP = '''
from bottle import Bottle, request

app = Bottle()


@app.post("/whole")
def whole():
    return repr(sorted(dict(request.forms).items()))


@app.post("/key")
def key():
    return request.forms["a"] + "|" + request.query["q"]


@app.post("/lists")
def lists():
    return repr(request.forms.dict)
'''


def test_other_dicts_and_subscripts_are_left_alone():
    result, _ = both('''
from bottle import Bottle, request

app = Bottle()
table = {"a": [1, 2]}


@app.post("/")
def index():
    return str(dict(table)["a"][0]) + str(table["a"]) + request.headers["Host"]
''')
    assert 'str(dict(table)["a"][0]) + str(table["a"]) + request.headers["Host"]' \
        in result.code


def test_the_whole_form_and_a_key_are_read_as_bottle_reads_them():
    result, _ = both(APP)
    assert "{k: v[-1] for k, v in request.form.lists()}" in result.code
    assert 'request.form.getlist("a")[-1] + "|" + request.args.getlist("q")[-1]' in result.code
    assert "request.form.to_dict(flat=False)" in result.code


@pytest.mark.parametrize(("path", "body", "expected"), [
    ("/whole?q=1", "a=1&b=2", "[('a', '1'), ('b', '2')]"),
    ("/whole?q=1", "a=1&a=2&b=3", "[('a', '2'), ('b', '3')]"),
    ("/key?q=1", "a=1", "1|1"),
    ("/key?q=1&q=2", "a=1&a=2", "2|2"),
    ("/lists", "a=1&a=2", "{'a': ['1', '2']}"),
])
def test_a_field_sent_once_or_twice_answers_as_in_bottle(path, body, expected):
    _, (bottle_client, flask_client) = both(APP)
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    assert bottle_client.post(path, body, headers=headers).text == expected
    assert flask_client.post(path, body, headers=headers).text == expected


def test_a_missing_key_is_a_server_error_in_both():
    _, clients = both(APP)
    for client in clients:
        assert client.post("/key?q=1", "b=1", expect_errors=True).status_int == 500


STORED = '''
from bottle import Bottle, request

app = Bottle()


@app.post("/")
def index():
    request.forms.user_name = request.forms.user_name.strip()
    request.query.page = "2"
    if len(request.forms.user_name) < 4:
        return "short"
    return request.forms.user_name + "|" + request.query.page + "|" + request.forms.other
'''


@pytest.mark.parametrize(("body", "expected"), [
    ("user_name=++alice++", "alice|2|"), ("user_name=+bo+&other=x", "short"),
    ("", "short")])
def test_a_value_stored_on_the_form_is_read_back_as_in_bottle(body, expected):
    """Found by the trials (a course app): `request.forms.user_name = ...strip()` was
    ported to an assignment to a call, which does not compile."""
    result, clients = both(STORED)
    assert 'request.form = request.form.copy()\n    request.form["user_name"] = ' \
        'request.form.get("user_name", "").strip()' in result.code
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    for client in clients:
        assert client.post("/", body, headers=headers).text == expected


INFO = '''
from bottle import Bottle, request

app = Bottle()


@app.route("/info")
def info():
    return "%s|%s|%s|%s" % (request.auth, request.is_ajax, request.chunked,
                            request.app.config.get("kit.name", "-"))
'''


@pytest.mark.parametrize(("headers", "expected"), [
    ({}, "None|False|False|-"),
    ({"Authorization": "Basic YW5uOnNlY3JldA==", "X-Requested-With": "XMLHttpRequest"},
     "('ann', 'secret')|True|False|-"),
    ({"Authorization": "Bearer abc"}, "None|False|False|-")])
def test_auth_ajax_chunked_and_the_app_read_as_in_bottle(headers, expected):
    """request.auth, .is_ajax, .chunked and .app were TODOs that broke the view."""
    result, clients = both(INFO)
    assert result.todos == []
    for client in clients:
        assert client.get("/info", headers=headers).text == expected


ALIASED = '''
from bottle import Bottle, request

app = Bottle()


@app.post("/f")
def f():
    form = request.forms.decode()
    query = request.query
    return "|".join([form.name, form.getunicode("name", ""), ",".join(form.getall("tag")),
                     query.page, form.missing])
'''


def test_a_form_bound_to_a_name_reads_its_fields_as_in_bottle():
    """`form = request.forms.decode(); form.name` became `request.form.decode()` and
    `form.name`: AttributeErrors in Flask, with no TODO."""
    result, clients = both(ALIASED)
    assert "form = request.form\n" in result.code and result.todos == []
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    for client in clients:
        answer = client.post("/f?page=2", "name=Ann&tag=a&tag=b", headers=headers)
        assert answer.text == "Ann|Ann|a,b|2|"


def test_decode_of_another_encoding_is_a_breaking_todo():
    result, _ = both(ALIASED.replace("request.forms.decode()", 'request.forms.decode("cp1252")'))
    assert [(t["code"], t["breaks"]) for t in result.todos] == [("P004", True)]
