"""Static files: Bottle's static_file route against Flask's built-in /static."""

from __future__ import annotations

import bottle
import flask
import pytest
from webtest import TestApp


def native_client(app) -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})


def bottle_static(root):
    app = bottle.Bottle()
    app.route("/static/<f:path>", "GET", lambda f: bottle.static_file(f, root=str(root)))
    return native_client(app)


def flask_static(root):
    return native_client(flask.Flask(__name__, static_folder=str(root),
                                     static_url_path="/static"))


def make_root(tmp_path):
    root = tmp_path / "static"
    root.mkdir()
    (root / "s.css").write_text("body {}")
    (tmp_path / "secret.txt").write_text("secret")
    return root


def test_bottle_static_file_refuses_paths_outside_with_403_and_says_utf_8_upper(tmp_path):
    client = bottle_static(make_root(tmp_path))
    client.get("/static/../secret.txt", status=403)
    client.get("/static/%2e%2e/secret.txt", status=403)
    response = client.get("/static/s.css")
    assert response.headers["Content-Type"] == "text/css; charset=UTF-8"
    assert "Cache-Control" not in response.headers
    assert "Content-Disposition" not in response.headers
    assert '"' not in response.headers["ETag"]  # a bare sha1 hex digest


def test_flask_static_refuses_paths_outside_with_404_and_says_utf_8_lower(tmp_path):
    client = flask_static(make_root(tmp_path))
    client.get("/static/../secret.txt", status=404)
    client.get("/static/%2e%2e/secret.txt", status=404)
    response = client.get("/static/s.css")
    assert response.headers["Content-Type"] == "text/css; charset=utf-8"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Content-Disposition"] == "inline; filename=s.css"
    assert response.headers["ETag"].startswith('"')


@pytest.mark.parametrize(("header", "served"), [
    ("bytes=-99", b"body {}"),  # a suffix longer than the file: all of it (RFC 9110)
    ("bytes=0-1,3-4", b"bo"),  # several ranges: the first
])
def test_bottle_serves_a_long_suffix_and_the_first_of_several_ranges(tmp_path, header, served):
    response = bottle_static(make_root(tmp_path)).get(
        "/static/s.css", headers={"Range": header}, status=206)
    assert response.body == served


@pytest.mark.parametrize("header", ["bytes=-99", "bytes=0-1,3-4"])
def test_werkzeug_refuses_a_long_suffix_and_several_ranges_with_416(tmp_path, header):
    flask_static(make_root(tmp_path)).get("/static/s.css", headers={"Range": header},
                                          status=416)


def test_bottle_static_route_refuses_options_and_flasks_answers_it(tmp_path):
    root = make_root(tmp_path)
    bottle_static(root).options("/static/s.css", status=405)
    response = flask_static(root).options("/static/s.css", status=200)
    assert sorted(response.headers["Allow"].split(", ")) == ["GET", "HEAD", "OPTIONS"]


def test_our_static_files_share_status_type_and_revalidation(client):
    client.get("/static/../pyproject.toml", status=404)
    response = client.get("/static/style.css")
    assert response.headers["Content-Type"] == "text/css; charset=utf-8"
    client.get("/static/style.css", status=304,
               headers={"If-Modified-Since": response.headers["Last-Modified"]})
    client.get("/static/style.css", status=304,
               headers={"If-None-Match": response.headers["ETag"]})


def test_bottle_gives_a_charset_only_to_text_and_javascript(tmp_path):
    root = make_root(tmp_path)
    (root / "a.svg").write_text("<svg/>")
    assert bottle_static(root).get("/static/a.svg").headers["Content-Type"] == "image/svg+xml"


def test_flask_gives_a_charset_to_xml_types_too(tmp_path):
    root = make_root(tmp_path)
    (root / "a.svg").write_text("<svg/>")
    assert (flask_static(root).get("/static/a.svg").headers["Content-Type"]
            == "image/svg+xml; charset=utf-8")


@pytest.mark.parametrize("mimetype", [
    "text/css", "text/plain", "image/svg+xml", "application/xml", "application/atom+xml",
    "application/javascript", "application/json", "image/png", "application/octet-stream",
])
def test_our_bottle_adapter_spells_static_types_as_werkzeug(mimetype):
    from werkzeug.utils import get_content_type

    from adapters.bottle_werkzeug import static_type

    assert static_type(mimetype) == get_content_type(mimetype, "utf-8")
