"""The shared helpers of the port's tests serve both apps as they say they do."""

from __future__ import annotations

from .helpers import answers, both_folders

REDIRECTS = '''
from bottle import Bottle, redirect, request

app = Bottle()


@app.route("/protocol")
def protocol():
    return request.environ["SERVER_PROTOCOL"]


@app.route("/away")
def away():
    redirect("/protocol")
'''


def test_both_folders_serves_both_apps_as_http_1_1_whatever_the_call(tmp_path):
    bottle, flask = both_folders(tmp_path, {"web.py": REDIRECTS}, "helpers_http11")
    for client in (bottle, flask):
        assert answers(client, "/protocol") == (200, "HTTP/1.1")
        assert client.get("/protocol").text == "HTTP/1.1"
        assert client.post("/protocol", expect_errors=True).status_int == 405
    # Bottle's redirect answers 303 to an HTTP/1.1 client (302 to HTTP/1.0)
    assert answers(bottle, "/away")[0] == 303
    assert bottle.get("/away").status_int == 303
