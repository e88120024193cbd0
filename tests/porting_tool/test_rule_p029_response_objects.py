"""P029 response objects the code makes: `BaseResponse(body, ...)`, `LocalResponse()`."""

from __future__ import annotations

import pytest

from .helpers import answers, both_folders, idiom, ported, untouched

# What P029 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle
    from werkzeug.wrappers import Response as BaseResponse

    app = Bottle()


    @app.route("/")
    def index():
        r = BaseResponse("werkzeug's own", 201)
        return r.get_data()
    """,
    """
    import bottle

    app = bottle.Bottle()


    @app.route("/")
    def index():
        BaseResponse = dict
        return BaseResponse(a="1")["a"]
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P029", source)


def test_a_response_a_view_makes_from_text_alone_is_flasks_response():
    idiom("""
        from bottle import Bottle, BaseResponse

        app = Bottle()


        @app.route("/")
        def index():
            r = BaseResponse("made")
            return r


        @app.route("/direct")
        def direct():
            return BaseResponse(f"made {1}")
    """, """
        from flask import Flask, Response

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def index():
            r = Response("made")
            return r


        @app.route("/direct")
        def direct():
            return Response(f"made {1}")
    """)


def test_a_response_made_with_a_status_is_sent_as_bottle_sent_it():
    """Bottle sent its body alone (a response object is no HTTPResponse): the port says
    so, and sends the same, under a TODO that breaks nothing."""
    result = ported("""
        from bottle import Bottle, BaseResponse

        app = Bottle()


        @app.route("/")
        def index():
            r = BaseResponse("made", 201, {"X-Made": "yes"})
            return r
    """, """
        from bottle import BaseResponse
        from flask import Flask

        from bottle_compat import bottle_body

        app = Flask(__name__, static_folder=None)


        @app.route("/")
        def index():
            r = BaseResponse("made", 201, {"X-Made": "yes"})
            return bottle_body(r)
    """, todos=("P001", "P029"))  # (P001's: the import of Bottle's class, which runs)
    assert not any(t["breaks"] for t in result.todos)


def test_resetting_bottles_global_response_is_left_out():
    result = ported("""
        import bottle

        app = bottle.Bottle()


        def reset():
            bottle.response = bottle.LocalResponse()
    """, """
        from flask import Flask

        app = Flask(__name__, static_folder=None)


        def reset():
            pass
    """, todos=("P029",))
    assert not any(t["breaks"] for t in result.todos)


APP = {
    "web.py": """
        from bottle import Bottle, BaseResponse, LocalResponse

        app = Bottle()


        def helper():
            # a response made by hand and read: Bottle's own class, needing no app
            made = LocalResponse()
            made.set_header("X-Helper", "1")
            made.body = "helper"
            return made.body + made.get_header("X-Helper")


        @app.route("/")
        def index():
            return '<a href="/made">made</a> <a href="/plain">plain</a> ' + helper()


        @app.route("/made")
        def made():
            r = BaseResponse("made by hand", 201, {"X-Made": "yes"})
            return r


        @app.route("/plain")
        def plain():
            r = BaseResponse("plain")
            return r
    """,
}


def test_responses_made_by_hand_answer_as_bottle_answered(tmp_path):
    """Bottle answers a response object a view returns with its body alone (200, no
    X-Made); the port starts (no P001 TODO on Bottle's classes breaks) and so does it."""
    bottle, flask = both_folders(tmp_path, APP, "p029_made")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "return bottle_body(r)" in code and 'r = Response("plain")' in code
    assert "Flask never sends" not in code
    for client in (bottle, flask):
        assert answers(client, "/") == (200, '<a href="/made">made</a> '
                                             '<a href="/plain">plain</a> helper1')
        made = client.get("/made")
        assert (made.status_int, made.text, made.headers.get("X-Made")) \
            == (200, "made by hand", None)
        assert answers(client, "/plain") == (200, "plain")
