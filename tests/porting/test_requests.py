"""Requests and forms: decoding, repeated and missing keys, bad bytes, limits, JSON, uploads."""

from __future__ import annotations

import bottle
import flask
from webtest import TestApp


def native_client(app) -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})


# -- uploads ------------------------------------------------------------------

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
    assert sent.json == {"sent": True, "field": "f", "type": "text/plain"}
    assert probe_client.post("/probe/upload").json == {"sent": False}
    assert probe_client.post("/probe/upload", {"x": "1"}).json == {"sent": False}
