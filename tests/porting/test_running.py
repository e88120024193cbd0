"""Testing and running: WebTest and wsgi.errors, the reloaders, the entry points."""

from __future__ import annotations

import logging
import subprocess
import sys
import types

import bottle
import flask
import pytest
from webtest import AppError, TestApp

from tests.helpers import text_of


def native_client(app) -> TestApp:
    return TestApp(app, lint=True, extra_environ={"SERVER_PROTOCOL": "HTTP/1.1"})


def crash():
    raise RuntimeError("a bug")


# -- WebTest fails a request that wrote to wsgi.errors ---

def test_bottle_writes_500_tracebacks_to_wsgi_errors_which_fails_webtest():
    app = bottle.Bottle()
    app.route("/boom", "GET", crash)
    with pytest.raises(AppError, match="Application had errors logged"):
        native_client(app).get("/boom", status=500)


def test_flasks_default_log_handler_writes_to_wsgi_errors_which_fails_webtest():
    # Flask adds this handler when nothing else handles its logger (pytest's capture does).
    app = flask.Flask("porting_wsgi_errors_probe")
    app.add_url_rule("/boom", "boom", crash)
    app.logger.addHandler(flask.logging.default_handler)
    try:
        with pytest.raises(AppError, match="Application had errors logged"):
            native_client(app).get("/boom", status=500)
    finally:
        app.logger.removeHandler(flask.logging.default_handler)


def test_our_crashes_are_logged_through_logging_not_wsgi_errors(probe_client, caplog):
    with caplog.at_level(logging.ERROR, logger="shared"):
        response = probe_client.get("/probe/boom", status=500)
    assert "Something went wrong on our side" in response.text
    assert "a bug" not in response.text
    assert any("/probe/boom" in r.getMessage() for r in caplog.records)


# -- the reloaders and `python -m` ---

def test_bottle_reloader_restarts_python_m_with_the_main_file_as_an_extra_argument(monkeypatch):
    started = []

    class Child:
        returncode = 0

        def __init__(self, args, env):
            started.append(args)

        def poll(self):
            return 0

    main = types.ModuleType("__main__")
    main.__package__ = "pkg"
    monkeypatch.setitem(sys.modules, "__main__", main)
    monkeypatch.setattr(sys, "argv", ["/src/pkg/__main__.py", "--port", "9123"])
    monkeypatch.setattr(subprocess, "Popen", Child)
    monkeypatch.delenv("BOTTLE_CHILD", raising=False)
    with pytest.raises(SystemExit):
        bottle.run(reloader=True)
    assert started == [[sys.executable, "-m", "pkg", "/src/pkg/__main__.py", "--port", "9123"]]


def test_werkzeug_reloader_restarts_the_exact_original_command(monkeypatch):
    from werkzeug._reloader import _get_args_for_reloading

    monkeypatch.setattr(sys, "orig_argv", ["python3", "-m", "flask", "run", "--debug"])
    assert _get_args_for_reloading() == [sys.executable, "-m", "flask", "run", "--debug"]


def test_our_bottle_entry_point_ignores_the_reloaders_extra_argument(monkeypatch):
    from bottle_app import __main__ as entry

    calls = []
    monkeypatch.setattr(bottle, "run", lambda *args, **kwargs: calls.append((args, kwargs)))
    monkeypatch.setattr(sys, "argv", [entry.__file__, entry.__file__, "--port", "9123"])
    monkeypatch.setenv("DEBUG", "1")
    # main() setdefaults SEED_DEMO; set it here so the test's undo removes it again
    # (it leaked into later tests' create_core, which then seeded "empty" databases).
    monkeypatch.setenv("SEED_DEMO", "1")
    entry.main()
    [(args, kwargs)] = calls
    assert args == ("bottle_app:create_app()",)
    assert kwargs["port"] == 9123 and kwargs["reloader"] is True


def test_our_entry_points_build_apps_that_serve_the_same_page(monkeypatch, databases):
    from flask.cli import ScriptInfo

    monkeypatch.setenv("SECRET_KEY", "porting-test-secret-0123456789")
    monkeypatch.setenv("DATABASE_URL", databases.new())
    built = [bottle.load_app("bottle_app:create_app()"),
             ScriptInfo(app_import_path="flask_app").load_app()]
    for app in built:
        assert text_of(native_client(app).get("/hello/Ann"), ".greeting") == ["Hello Ann !"]
