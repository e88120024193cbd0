"""One session for both apps: Flask's JSON itsdangerous cookie, read and written by each.

The cookie format is Flask's own (bottle2flask/flask_cookie.py), so the Flask side
and the Bottle side mint byte-identical cookies. Values from the legacy
pickle cookies are imported on first sight and those cookies deleted, so the legacy
format can be retired while both apps run.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

import bottle
from flask import request as flask_request
from flask.sessions import SecureCookieSessionInterface

from .. import flask_cookie
from . import legacy

ENVIRON_KEY = "migration.session"


class LegacyCookies:
    """Which legacy signed cookies to import into the session, and their secret.

    ``names`` maps a legacy cookie name to the session key it becomes.
    """

    def __init__(self, secret: str | None = None, names: dict[str, str] | None = None,
                 *, path: str = "/", digestmod=hashlib.sha256):
        self.secret, self.names = secret, dict(names or {})
        self.path, self.digestmod = path, digestmod

    def absorb(self, cookies, session: dict) -> list[str]:
        """Copy each verified legacy value the session lacks; return the cookies seen."""
        if not self.secret:
            return []
        seen = [name for name in self.names if name in cookies]
        for name in seen:
            value = legacy.read(cookies.get(name), name, self.secret, self.digestmod)
            if value is not None and self.names[name] not in session:
                session[self.names[name]] = value
        return seen


class FlaskSessions(SecureCookieSessionInterface):
    """Flask's cookie session, importing legacy cookies.

    ``app.session_interface = FlaskSessions(LegacyCookies(secret, {"user": "user"}))``
    """

    def __init__(self, legacy_cookies: LegacyCookies | None = None):
        self.legacy = legacy_cookies or LegacyCookies()

    def open_session(self, app, request):
        session = super().open_session(app, request)
        if session is not None:
            request.environ[ENVIRON_KEY] = self.legacy.absorb(request.cookies, session)
        return session

    def save_session(self, app, session, response):
        super().save_session(app, session, response)
        for name in flask_request.environ.get(ENVIRON_KEY, ()):
            response.delete_cookie(name, path=self.legacy.path)


class BottleSessions:
    """The same session for Bottle: ``load()`` in a view, ``save()`` before it returns,
    or install it as a plugin (``app.install(BottleSessions(...))``) to do both."""

    name, api = "migration_session", 2

    def __init__(self, secret_key: str, legacy_cookies: LegacyCookies | None = None, *,
                 cookie_name: str = "session", max_age: timedelta = timedelta(days=31)):
        self.secret_key, self.cookie_name = secret_key, cookie_name
        self.max_age = int(max_age.total_seconds())
        self.legacy = legacy_cookies or LegacyCookies()

    def load(self, request=None) -> flask_cookie.Session:
        """This request's session (read once, then kept in the environ)."""
        request = request or bottle.request
        if ENVIRON_KEY not in request.environ:
            cookie = request.get_cookie(self.cookie_name)
            session = flask_cookie.Session(
                flask_cookie.load(self.secret_key, cookie, self.max_age))
            seen = self.legacy.absorb(request.cookies, session)
            request.environ[ENVIRON_KEY] = (session, seen)
        return request.environ[ENVIRON_KEY][0]

    def save(self, response=None, request=None) -> None:
        """Write the session cookie if it changed, delete legacy cookies it imported."""
        request, response = request or bottle.request, response or bottle.response
        if ENVIRON_KEY not in request.environ:
            return
        session, seen = request.environ[ENVIRON_KEY]
        response.add_header("Vary", "Cookie")
        options = {"path": "/", "httponly": True, "samesite": "lax"}
        if session.modified and session:
            response.set_cookie(self.cookie_name, flask_cookie.dump(self.secret_key,
                                                                dict(session)), **options)
        elif session.modified and request.get_cookie(self.cookie_name):
            response.delete_cookie(self.cookie_name, **options)
        for name in seen:
            response.delete_cookie(name, path=self.legacy.path)

    def apply(self, callback, route):
        def wrapper(*args, **kwargs):
            try:
                result = callback(*args, **kwargs)
            except bottle.HTTPResponse as answer:  # redirect() and abort() carry headers
                self.save(answer)
                raise
            self.save()
            return result

        return wrapper
