"""A side of parity's replay (bottle2flask/parity/replay.py): what it keeps of the app it
serves, and for how long."""

from __future__ import annotations

import gc
import weakref

from flask import Flask

from bottle2flask.parity.replay import Side
from bottle2flask.parity.scenario import Call


def failing_flask_app() -> Flask:
    app = Flask(__name__)

    @app.route("/boom")
    def boom():
        raise ValueError("boom")

    return app


def test_a_flask_apps_500_names_the_frames_of_the_error_it_caught():
    side = Side("flask", failing_flask_app())
    answer = side.send(Call("/boom"))
    assert answer.status.startswith("500")
    assert any(line and function_file.endswith("test_replay_sides.py")
               for function_file, line in side.served.frames)


def test_a_flask_app_is_freed_with_the_side_that_served_it():
    # a process that serves thousands of apps one after another (the generator's judge)
    # must not keep each one for good through the signal that reports its errors
    app = failing_flask_app()
    app.logger.disabled = True  # (pytest keeps the records logged, and their tracebacks)
    side = Side("flask", app)
    side.send(Call("/boom"))
    gone = weakref.ref(app)
    del app, side
    gc.collect()
    assert gone() is None
