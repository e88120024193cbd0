"""Requests and forms: decoding, repeated and missing keys, bad bytes, limits, JSON, uploads."""

from __future__ import annotations

import io

import bottle
import flask
import pytest
from webtest import TestApp, TestRequest


def native_client(app) -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})


# -- uploads ---

def test_bottle_sanitises_upload_filenames_and_refuses_to_overwrite(tmp_path):
    app = bottle.Bottle()

    @app.post("/up")
    def up():
        upload = bottle.request.files.get("f")
        upload.save(str(tmp_path))
        try:
            upload.save(str(tmp_path))
        except OSError:
            return f"{upload.filename}|{upload.raw_filename}|refused"
        return "overwrote"

    response = native_client(app).post("/up", upload_files=[("f", "../a b/Köln.txt", b"x")])
    assert response.text == "Koln.txt|../a b/Köln.txt|refused"
    assert [p.name for p in tmp_path.iterdir()] == ["Koln.txt"]


def test_flask_keeps_upload_filenames_raw():
    from werkzeug.utils import secure_filename

    app = flask.Flask(__name__)
    app.add_url_rule("/up", "up", methods=["POST"], view_func=lambda: (
        f"{flask.request.files['f'].filename}|{secure_filename(flask.request.files['f'].filename)}"
    ))
    response = native_client(app).post("/up", upload_files=[("f", "../a b/Köln.txt", b"x")])
    assert response.text == "../a b/Köln.txt|a_b_Koln.txt"


def test_our_uploads_are_a_mapping_in_both_builds(probe_client):
    sent = probe_client.post("/probe/upload", upload_files=[("f", "a.txt", b"data")])
    assert sent.json == {"sent": True, "field": "f", "type": "text/plain",
                         "filename": "a.txt", "data": "data", "all": ["a.txt"]}
    assert probe_client.post("/probe/upload").json == {"sent": False}
    assert probe_client.post("/probe/upload", {"x": "1"}).json == {"sent": False}


def test_our_uploads_are_the_same_neutral_object_with_the_name_as_sent(probe_client):
    files = [("f", "../a b/Köln.txt", b"x"), ("f", "b.bin", b"yz", "application/x-demo")]
    sent = probe_client.post("/probe/upload", upload_files=files).json
    assert (sent["filename"], sent["type"], sent["data"]) == ("../a b/Köln.txt", "text/plain",
                                                             "x")
    assert sent["all"] == ["../a b/Köln.txt", "b.bin"]


# -- urlencoded form decoding ---

def test_bottle_item_access_decodes_urlencoded_forms_as_latin1():
    app = bottle.Bottle()

    @app.post("/f")
    def f():
        forms = bottle.request.forms
        return "|".join([forms["x"], forms.get("x"), forms.x, forms.getunicode("x")])

    assert native_client(app).post("/f", {"x": "Gö"}).text == "GÃ¶|GÃ¶|Gö|Gö"


def test_flask_decodes_forms_as_utf8():
    app = flask.Flask(__name__)
    app.add_url_rule("/f", "f", lambda: flask.request.form["x"], methods=["POST"])
    assert native_client(app).post("/f", {"x": "Gö"}).text == "Gö"


def test_our_forms_are_utf8_in_both_builds(probe_client):
    assert probe_client.post("/probe/form", {"x": "Göttingen ✓"}).json["first"] == "Göttingen ✓"
    assert probe_client.get("/probe/query", {"x": "Göttingen ✓"}).json["first"] == "Göttingen ✓"


# -- repeated and missing keys ---

def test_bottle_gives_the_last_of_repeated_keys_and_empty_text_for_missing_ones():
    app = bottle.Bottle()

    @app.post("/f")
    def f():
        forms = bottle.request.forms
        return repr((forms["x"], forms.get("x"), forms.x, forms.getall("x"), forms.nope))

    assert native_client(app).post("/f", "x=1&x=2").text == "('2', '2', '2', ['1', '2'], '')"


def test_flask_gives_the_first_of_repeated_keys_and_400_for_missing_ones():
    app = flask.Flask(__name__)
    app.add_url_rule("/f", "f", methods=["POST"], view_func=lambda: repr(
        (flask.request.form["x"], flask.request.form.get("x"), flask.request.form.getlist("x"))))
    app.add_url_rule("/m", "m", lambda: flask.request.form["nope"], methods=["POST"])
    client = native_client(app)
    assert client.post("/f", "x=1&x=2").text == "('1', '1', ['1', '2'])"
    client.post("/m", "x=1", status=400)


def test_our_forms_give_the_first_value_and_none_for_missing_keys(probe_client):
    expected = {"first": "1", "all": ["1", "2"], "missing": None}
    assert probe_client.post("/probe/form", "x=1&x=2").json == expected
    assert probe_client.get("/probe/query?x=1&x=2").json == expected
    multipart = probe_client.post("/probe/form", [("x", "1"), ("x", "2")],
                                  content_type="multipart/form-data")
    assert multipart.json == expected


# -- undecodable %-escapes ---

def test_bottle_reads_undecodable_escapes_as_latin1_or_empty_or_raises():
    app = bottle.Bottle()

    @app.get("/q")
    def q():
        try:
            decoded = bottle.request.query.decode().get("x")
        except UnicodeDecodeError:
            decoded = "UnicodeDecodeError"
        return "|".join([bottle.request.query.get("x"), bottle.request.query.x, decoded])

    assert native_client(app).get("/q?x=%FFa").text == "ÿa||UnicodeDecodeError"


def test_flask_keeps_undecodable_escapes_as_sent():
    app = flask.Flask(__name__)
    app.add_url_rule("/q", "q", lambda: flask.request.args["x"])
    app.add_url_rule("/f", "f", lambda: flask.request.form["x"], methods=["POST"])
    client = native_client(app)
    assert client.get("/q?x=%FFa").text == "%FFa"
    assert client.post("/f", "x=ok%C3%28").text == "ok%C3("


def test_our_builds_keep_undecodable_escapes_as_sent(probe_client):
    assert probe_client.get("/probe/query?x=%FFa").json["first"] == "%FFa"
    assert probe_client.post("/probe/form", "x=ok%C3%28").json["first"] == "ok%C3("


# -- raw invalid UTF-8 in a urlencoded body ---

def raw_post(client, path, body: bytes, content_type: str, status):
    return client.request(path, method="POST", body=body, content_type=content_type,
                          status=status)


def test_bottle_reads_raw_invalid_utf8_as_latin1():
    app = bottle.Bottle()
    app.route("/f", "POST", lambda: bottle.request.forms.get("x"))
    response = raw_post(native_client(app), "/f", b"x=a\xff",
                        "application/x-www-form-urlencoded", 200)
    assert response.text == "aÿ"


def test_flask_reads_raw_invalid_utf8_as_an_empty_form():
    app = flask.Flask(__name__)
    app.add_url_rule("/f", "f", lambda: repr(flask.request.form.to_dict()), methods=["POST"])
    response = raw_post(native_client(app), "/f", b"x=a\xff",
                        "application/x-www-form-urlencoded", 200)
    assert response.text == "{}"


def test_our_builds_refuse_raw_invalid_utf8_with_a_400(probe_client):
    response = raw_post(probe_client, "/probe/form", b"x=a\xff",
                        "application/x-www-form-urlencoded", 400)
    assert response.content_type == "text/html"
    assert "The form data is not valid UTF-8." in response.text


# -- malformed multipart ---

BROKEN = b"--nope\r\nbroken"
BROKEN_TYPE = "multipart/form-data; boundary=xyz"


def test_bottle_refuses_malformed_multipart_with_a_400():
    app = bottle.Bottle()
    app.route("/f", "POST", lambda: repr(dict(bottle.request.forms)))
    response = raw_post(native_client(app), "/f", BROKEN, BROKEN_TYPE, 400)
    assert "MultipartError" in response.text


def test_flask_reads_malformed_multipart_as_an_empty_form():
    app = flask.Flask(__name__)
    app.add_url_rule("/f", "f", lambda: repr(flask.request.form.to_dict()), methods=["POST"])
    assert raw_post(native_client(app), "/f", BROKEN, BROKEN_TYPE, 200).text == "{}"


def test_our_builds_refuse_malformed_multipart_with_a_400(probe_client):
    response = raw_post(probe_client, "/probe/form", BROKEN, BROKEN_TYPE, 400)
    assert "The multipart form data is malformed." in response.text


# -- bare LF in multipart bodies (an intended difference) ---

BARE_LF = b'--xyz\nContent-Disposition: form-data; name="x"\n\nhello\n--xyz--\n'
LF_HEADERS = (b'--xyz\r\nContent-Disposition: form-data; name="x"\n\nhello\r\n'
              b"--xyz--\r\n")  # CRLF around the part, LF after its header


def bottle_form_app() -> bottle.Bottle:
    app = bottle.Bottle()
    app.route("/f", "POST", lambda: repr(dict(bottle.request.forms)))
    return app


def flask_form_app() -> flask.Flask:
    app = flask.Flask(__name__)
    app.add_url_rule("/f", "f", lambda: repr(flask.request.form.to_dict()), methods=["POST"])
    return app


@pytest.mark.parametrize("body", [BARE_LF, LF_HEADERS])
def test_bottle_refuses_multipart_with_bare_lf_line_breaks(body):
    response = raw_post(native_client(bottle_form_app()), "/f", body, BROKEN_TYPE, 400)
    assert "MultipartError" in response.text


@pytest.mark.parametrize("body", [BARE_LF, LF_HEADERS])
def test_werkzeug_reads_multipart_with_bare_lf_line_breaks(body):
    response = raw_post(native_client(flask_form_app()), "/f", body, BROKEN_TYPE, 200)
    assert response.text == "{'x': 'hello'}"


@pytest.mark.parametrize("body", [BARE_LF, LF_HEADERS])
def test_our_builds_answer_bare_lf_multipart_as_their_framework_does(framework, probe_client,
                                                                     body):
    # Intended (PORTING 40): either rule in the other build would be a second parser.
    native = {"bottle": bottle_form_app, "flask": flask_form_app}[framework]()
    status = raw_post(native_client(native), "/f", body, BROKEN_TYPE, "*").status_int
    response = raw_post(probe_client, "/probe/form", body, BROKEN_TYPE, status)
    if status == 400:
        assert "The multipart form data is malformed." in response.text
    else:
        assert response.json["first"] == "hello"
    crlf = body.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")  # the same, framed right
    assert raw_post(probe_client, "/probe/form", crlf, BROKEN_TYPE, 200).json["first"] == "hello"


# -- a malformed Content-Length ---

def malformed_length_post(app, length: str, status, path="/f"):
    """POST x=1 as a form, with CONTENT_LENGTH as given: past WebTest's lint, which
    refuses such an environ, as a server should."""
    request = TestRequest.blank(path, method="POST", environ={
        "CONTENT_TYPE": "application/x-www-form-urlencoded", "CONTENT_LENGTH": length,
        "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.input": io.BytesIO(b"x=1")})
    return TestApp(app, lint=False).do_request(request, status=status)


@pytest.mark.parametrize("length", ["0x10", "1 6", "1" * 5000])
def test_bottle_fails_on_a_content_length_int_cannot_read(length):
    app = bottle.Bottle()
    app.config["catchall"] = False
    app.route("/f", "POST", lambda: repr(dict(bottle.request.forms)))
    with pytest.raises(ValueError):
        malformed_length_post(app, length, 500)


@pytest.mark.parametrize(("length", "read"), [("+3", "'1'"), (" 3", "'1'"),
                                               ("\u0663", "'1'"), ("-1", "None")])
def test_bottle_reads_signs_spaces_and_any_digit_in_a_content_length(length, read):
    app = bottle.Bottle()
    app.route("/f", "POST", lambda: repr(bottle.request.forms.get("x")))
    assert malformed_length_post(app, length, 200).text == read


@pytest.mark.parametrize("length", ["0x10", "+3", "-1", "1 6", "\u0663", "1" * 5000])
def test_werkzeug_reads_a_malformed_content_length_as_no_body(length):
    app = flask.Flask(__name__)
    app.add_url_rule("/f", "f", lambda: repr(flask.request.form.to_dict()), methods=["POST"])
    assert malformed_length_post(app, length, 200).text == "{}"


@pytest.mark.parametrize("length", ["0x10", "+3", "-1", " 3", "1 6", "\u0663", "1" * 5000])
def test_our_builds_refuse_a_malformed_content_length_with_a_400(probe_client, length):
    response = malformed_length_post(probe_client.app, length, 400, path="/probe/form")
    assert "The Content-Length header is not a number of bytes." in response.text
    assert probe_client.post("/probe/form", {"x": "1"}).json["first"] == "1"


# -- body size limits ---

def close_spooled_body():
    # Bottle spools bodies over MEMFILE_MAX to a temporary file it never closes.
    body = bottle.request.environ.get("bottle.request.body")
    if body is not None:
        body.close()


def size_app_bottle():
    app = bottle.Bottle()
    app.add_hook("after_request", close_spooled_body)
    app.route("/f", "POST", lambda: str(len(bottle.request.forms.get("x", ""))))
    app.route("/j", "POST", lambda: str(len(bottle.request.json["x"])))
    return native_client(app)


def size_app_flask():
    app = flask.Flask(__name__)
    app.add_url_rule("/f", "f", lambda: str(len(flask.request.form.get("x", ""))),
                     methods=["POST"])
    app.add_url_rule("/j", "j", lambda: str(len(flask.request.json["x"])), methods=["POST"])
    return native_client(app)


def test_bottle_caps_buffered_bodies_at_memfile_max_but_not_multipart():
    client = size_app_bottle()
    assert bottle.BaseRequest.MEMFILE_MAX == 102400
    client.post("/f", {"x": "a" * 102400}, status=413)
    client.post_json("/j", {"x": "a" * 102400}, status=413)
    # Multipart has no total limit, but its in-memory fields together may not pass it.
    fields = {"x": "a" * 60000, "y": "b" * 60000}
    response = client.post("/f", fields, content_type="multipart/form-data", status=400)
    assert "Memory limit reached." in response.text


def test_flask_limits_only_multipart_text_parts_by_default():
    client = size_app_flask()
    assert flask.Flask.default_config["MAX_CONTENT_LENGTH"] is None
    assert flask.Flask.default_config["MAX_FORM_MEMORY_SIZE"] == 500000
    assert flask.Flask.default_config["MAX_FORM_PARTS"] == 1000
    assert client.post("/f", {"x": "a" * 600000}).text == "600000"
    assert client.post_json("/j", {"x": "a" * 600000}).text == "600000"
    client.post("/f", {"x": "a" * 600000}, content_type="multipart/form-data", status=413)


def test_bottle_reads_a_body_of_any_type_as_a_form_flask_only_checks_its_size():
    bottle_app = bottle.Bottle()
    bottle_app.route("/f", "POST", lambda: repr(dict(bottle.request.forms)))
    flask_app = flask.Flask(__name__)
    flask_app.config["MAX_CONTENT_LENGTH"] = 1000
    flask_app.add_url_rule("/f", "f", lambda: repr(dict(flask.request.form)), methods=["POST"])
    for content_type in ("application/json", "text/plain"):
        assert native_client(bottle_app).post(
            "/f", b"x=1", content_type=content_type).text == "{'x': '1'}"
        assert native_client(flask_app).post(
            "/f", b"x=1", content_type=content_type).text == "{}"
        native_client(flask_app).post("/f", b"x=" + b"a" * 2000, content_type=content_type,
                                      status=413)


def test_our_builds_apply_one_limit_to_every_body(framework, settings):
    from adapters import factory
    from shared.sites import SITES
    from tests.conftest import make_client
    from tests.porting.probes import PROBE_SITE

    client = make_client(factory(framework)({**settings, "MAX_CONTENT_LENGTH": 1000},
                                            sites=(*SITES, PROBE_SITE)))
    client.post("/probe/form", {"x": "a" * 2000}, status=413)
    client.post("/probe/form", {"x": "a" * 2000}, content_type="multipart/form-data", status=413)
    client.post_json("/probe/json", {"x": "a" * 2000}, status=413)
    # A form read of a body that is no form: a 413 too, as Flask checks the size first.
    for content_type in ("application/json", "text/plain", ""):
        client.post("/probe/form", b"x=" + b"a" * 2000, content_type=content_type,
                    status=413)
    assert client.post("/probe/form", {"x": "a" * 900}).json["first"] == "a" * 900


# -- JSON request bodies ---

def test_bottle_json_is_none_for_other_content_types_and_400_when_invalid():
    app = bottle.Bottle()
    app.route("/j", "POST", lambda: repr(bottle.request.json))
    client = native_client(app)
    assert client.post("/j", '{"a": 1}', content_type="text/plain").text == "None"
    assert client.post("/j", "[1]", content_type="application/json-rpc").text == "[1]"
    assert client.post("/j", "[1]", content_type="application/vnd.api+json").text == "None"
    assert "Invalid JSON" in client.post("/j", "{bad", content_type="application/json",
                                         status=400).text


def test_flask_json_is_415_for_other_content_types_and_400_when_invalid():
    app = flask.Flask(__name__)
    app.add_url_rule("/j", "j", lambda: repr(flask.request.json), methods=["POST"])
    client = native_client(app)
    client.post("/j", '{"a": 1}', content_type="text/plain", status=415)
    assert client.post("/j", "[1]", content_type="application/vnd.api+json").text == "[1]"
    client.post("/j", "{bad", content_type="application/json", status=400)


def test_our_json_follows_werkzeugs_content_types_and_says_what_is_wrong(probe_client):
    post = probe_client.post
    assert post("/probe/json", '{"a": 1}', content_type="text/plain").json == {"json": None}
    assert post("/probe/json", "[1]", content_type="application/vnd.api+json").json == {
        "json": [1]}
    assert post("/probe/json", "[1]", content_type="application/json-rpc").json == {
        "json": None}
    bad = post("/probe/json", "{bad", content_type="application/json", status=400)
    assert "The request body is not valid JSON." in bad.text


# -- large multipart text fields ---

def test_bottle_files_a_large_multipart_text_field_as_an_upload():
    app = bottle.Bottle()

    @app.post("/f")
    def f():
        spooled = bottle.request.files.get("x")
        with spooled.file:
            return repr((bottle.request.forms.get("x"), spooled.raw_filename,
                         len(spooled.file.read())))

    app.add_hook("after_request", close_spooled_body)
    response = native_client(app).post("/f", {"x": "a" * 200000},
                                       content_type="multipart/form-data")
    assert response.text == "(None, None, 200000)"


def test_flask_reads_a_large_multipart_text_field_as_a_field():
    app = flask.Flask(__name__)
    app.add_url_rule("/f", "f", methods=["POST"], view_func=lambda: repr(
        (len(flask.request.form["x"]), dict(flask.request.files))))
    response = native_client(app).post("/f", {"x": "a" * 200000},
                                       content_type="multipart/form-data")
    assert response.text == "(200000, {})"


def test_our_builds_read_large_multipart_text_fields_as_fields(probe_client):
    fields = [("x", "a" * 60000), ("x", "b" * 60000)]
    response = probe_client.post("/probe/form", fields, content_type="multipart/form-data")
    assert response.json["all"] == ["a" * 60000, "b" * 60000]
    response = probe_client.post("/probe/form", {"x": "é" * 200000},
                                 content_type="multipart/form-data")
    assert response.json["first"] == "é" * 200000
    assert probe_client.post("/probe/upload", {"f": "a" * 200000},
                             content_type="multipart/form-data").json == {"sent": False}


# -- a control character in a part's header ---

NUL_NAMED = (b'--xyz\r\nContent-Disposition: form-data; name="f"; filename="a\x00b.txt"\r\n'
             b"Content-Type: text/plain\r\n\r\nhello\r\n--xyz--\r\n")


def test_bottle_fails_on_a_control_character_in_a_part_header():
    app = bottle.Bottle()
    app.config["catchall"] = False
    app.route("/f", "POST", lambda: repr(bottle.request.files.get("f")))
    with pytest.raises(ValueError, match="control characters"):
        raw_post(native_client(app), "/f", NUL_NAMED, BROKEN_TYPE, 500)


def test_werkzeug_keeps_a_control_character_in_an_upload_filename():
    app = flask.Flask(__name__)
    app.add_url_rule("/f", "f", lambda: repr(flask.request.files["f"].filename),
                     methods=["POST"])
    assert raw_post(native_client(app), "/f", NUL_NAMED, BROKEN_TYPE, 200).text == "'a\\x00b.txt'"


@pytest.mark.parametrize("body", [NUL_NAMED, NUL_NAMED.replace(b'name="f"', b'name="\0f"'),
                                  NUL_NAMED.replace(b"text/plain", b"text/pl\0ain")])
@pytest.mark.parametrize("path", ["/probe/upload", "/probe/form"])
def test_our_builds_refuse_a_nul_in_a_part_header_with_a_400(probe_client, body, path):
    response = raw_post(probe_client, path, body, BROKEN_TYPE, 400)
    assert "The multipart form data is malformed." in response.text


def test_our_builds_take_a_clean_part_header_after_refusing_a_nul(probe_client):
    clean = NUL_NAMED.replace(b"a\0b", b"ab")
    response = raw_post(probe_client, "/probe/upload", clean, BROKEN_TYPE, 200)
    assert response.json["filename"] == "ab.txt"
