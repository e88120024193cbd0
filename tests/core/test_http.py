"""Form and query decoding, shared by both adapters."""

from __future__ import annotations

import datetime
import decimal
import io
import uuid

import markupsafe
import pytest

from adapters.bottle_werkzeug import parse_urlencoded
from shared.http import HTTPError, Upload, WSGIHeaders, is_json, valid_path


@pytest.mark.parametrize(("raw", "pairs"), [
    (b"a=1&b=&a=2", [("a", "1"), ("b", ""), ("a", "2")]),
    (b"name=G%C3%B6ttingen+x", [("name", "Göttingen x")]),
    (b"x=%FF%C3", [("x", "%FF%C3")]),
    ("x=ö".encode(), [("x", "ö")]),
])
def test_urlencoded_text_decodes_like_werkzeug(raw, pairs):
    assert parse_urlencoded(raw) == pairs


def test_raw_invalid_bytes_are_a_400():
    with pytest.raises(HTTPError) as caught:
        parse_urlencoded(b"x=\xff")
    assert caught.value.status == 400


@pytest.mark.parametrize(("path", "ok"), [
    ("/plain", True), ("/G\xc3\xb6ttingen", True), ("/\xff\xfe", False)])
def test_valid_path(path, ok):
    assert valid_path(path) is ok


@pytest.mark.parametrize(("ctype", "ok"), [
    ("application/json", True), ("application/json; charset=utf-8", True),
    ("application/vnd.api+json", True), ("text/plain", False), (None, False),
    ("application/x-www-form-urlencoded", False)])
def test_is_json(ctype, ok):
    assert is_json(ctype) is ok


def test_an_upload_saves_once_and_overwrites_only_when_asked(tmp_path):
    target = tmp_path / "a.txt"
    Upload("f", "../a.txt", "text/plain", io.BytesIO(b"first")).save(target)
    with pytest.raises(FileExistsError):
        Upload("f", "a.txt", "text/plain", io.BytesIO(b"second")).save(target)
    assert target.read_bytes() == b"first"
    Upload("f", "a.txt", "text/plain", io.BytesIO(b"third")).save(target, overwrite=True)
    assert target.read_bytes() == b"third"


@pytest.mark.parametrize("args", [
    ("a",), ("missing",), ("missing", "fallback"), ("n", None, int), ("a", -1, int),
    ("many",), ("empty",)])
def test_the_flask_builds_parameters_get_like_werkzeugs(args):
    from werkzeug.datastructures import ImmutableMultiDict

    from adapters.flask_werkzeug import KitParameters

    pairs = [("a", "x"), ("n", "42"), ("many", "1"), ("many", "2"), ("empty", "")]
    assert KitParameters(pairs).get(*args) == ImmutableMultiDict(pairs).get(*args)
    assert KitParameters(pairs).getlist("many") == ["1", "2"]


HEADER_ENVIRON = {"HTTP_AUTHORIZATION": "Token x", "CONTENT_TYPE": "text/plain",
                  "CONTENT_LENGTH": "3", "HTTP_X_EMPTY": "", "HTTP_HOST": "h",
                  "HTTP_CONTENT_TYPE": "not/this"}


@pytest.mark.parametrize("key", ["Authorization", "authorization", "AUTHORIZATION",
                                 "Content-Type", "content-length", "X-Empty", "X_Empty",
                                 "Cookie", "Origin", "Host", 5, None])
def test_both_builds_header_lookups_answer_as_werkzeugs(key):
    """Both adapters hand the core a WSGIHeaders (PORTING 35): it must answer `in` and
    get() as Werkzeug's own EnvironHeaders does, for names in any spelling."""
    from werkzeug.datastructures import EnvironHeaders

    ours, werkzeugs = WSGIHeaders(HEADER_ENVIRON), EnvironHeaders(HEADER_ENVIRON)
    assert (key in ours) == (key in werkzeugs)
    assert ours.get(key) == werkzeugs.get(key)
    assert ours.get(key, "default") == werkzeugs.get(key, "default")


def test_both_builds_header_lookups_find_what_is_there():
    headers = WSGIHeaders(HEADER_ENVIRON)
    assert headers.get("authorization") == "Token x" and "Cookie" not in headers
    assert headers.get("Content-Type") == "text/plain"  # the CGI key, not HTTP_CONTENT_TYPE
    assert headers.get("X-Empty") == "" and "X-Empty" in headers
    assert WSGIHeaders({"HTTP_AUTHORIZATION": "Token \xff"}).get("Authorization") == "Token \xff"


JSON_VALUES = [
    {"zebra": 1, "apple": ["é", None, True, 1.5]},
    [{"b": datetime.date(2026, 12, 5)}, decimal.Decimal("1.10"), uuid.UUID(int=7)],
    {"html": markupsafe.Markup("<b>x</b>"), "nested": {"y": {"x": []}}},
]


@pytest.mark.parametrize("value", JSON_VALUES)
@pytest.mark.parametrize(("debug", "compact"), [(False, None), (True, None), (False, False),
                                               (True, True)])
def test_the_flask_builds_json_provider_writes_what_flasks_own_does(value, debug, compact):
    """The provider keeps its compact encoder; its bodies are Flask's default provider's
    with sort_keys off, compact or (debug) indented, with Flask's conversions."""
    import flask
    from flask.json.provider import DefaultJSONProvider

    from adapters.flask_werkzeug import KitJSONProvider

    app = flask.Flask(__name__)
    app.debug = debug
    flasks = DefaultJSONProvider(app)
    flasks.sort_keys = False
    ours = KitJSONProvider(app)
    flasks.compact = ours.compact = compact
    for _ in range(2):  # the second call uses the kept encoder
        assert ours.response(value).get_data() == flasks.response(value).get_data()
        assert ours.response(value).mimetype == "application/json"
        # The body the adapter builds its JSON responses around: response()'s, to the byte.
        assert ours.text(value).encode() == flasks.response(value).get_data()


def test_the_flask_builds_json_provider_follows_a_change_of_its_settings():
    import flask

    from adapters.flask_werkzeug import KitJSONProvider

    ours = KitJSONProvider(flask.Flask(__name__))
    assert ours.dumps({"b": "é", "a": 1}, separators=(",", ":")) == '{"b":"\\u00e9","a":1}'
    ours.ensure_ascii, ours.sort_keys = False, True
    assert ours.dumps({"b": "é", "a": 1}, separators=(",", ":")) == '{"a":1,"b":"é"}'
