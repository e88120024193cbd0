"""P021 uploads: Bottle's FileUpload read as Werkzeug's FileStorage (the app-level tests
are in test_port_uploads.py)."""

from __future__ import annotations

import pytest

from .helpers import idiom, untouched

# What P021 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Doc:
        filename = 'a'

        def save(self, path):
            return path


    Doc().save('/tmp/x')
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P021", source)


def test_an_uploads_filename_is_made_safe_as_bottle_made_it_with_the_change_declared():
    idiom("""
        from bottle import Bottle, request

        app = Bottle()


        @app.post('/up')
        def up():
            upload = request.files.get('f')
            return upload.filename
    """, """
        from flask import Flask, request
        from werkzeug.utils import secure_filename

        app = Flask(__name__, static_folder=None)


        @app.post('/up')
        def up():
            upload = request.files.get('f')
            return secure_filename(upload.filename)
    """, declared=("D-first-value", "D-upload-filename"))
