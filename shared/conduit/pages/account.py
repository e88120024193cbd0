"""Signing up, in and out, and the settings page."""

from __future__ import annotations

from collections.abc import Callable

from ...flashes import flash
from ...forms import bind, validate
from ...http import HTTPError, Page, Redirect, Request, Result
from .. import users
from ..auth import log_in, log_out
from ..forms import LoginForm, RegisterForm, SettingsForm, show_errors
from ..login_limit import LoginLimit
from ..models import User
from ..security import hasher_for
from .common import back_to, checked, login_first, viewer


def _sign(request: Request, form_class, act: Callable[[dict], User], template: str,
          title: str, greeting: str) -> Result:
    back = back_to(request, request.url_for("index"))
    if viewer(request) is not None:
        return Redirect(back)
    form = bind(form_class, request)
    status, headers = 200, {}
    if request.method == "POST" and validate(form):
        try:
            user = act(form.data)
        except HTTPError as error:  # invalid (422), taken (409), wrong password (401)...
            show_errors(form, error)
            if error.status == 429:  # too many failures: the status and Retry-After too
                status, headers = error.status, error.headers
        else:
            log_in(request, user)
            flash(request.session, greeting.format(user.username), "success")
            return Redirect(back)
    return Page(template, {"title": title, "nav": template, "form": form,
                           "next": back if back != request.url_for("index") else ""},
                status=422 if form.errors and status == 200 else status, headers=headers)


def login(request: Request) -> Result:
    """Sign in with email and password, then go back where you were going."""
    limit = LoginLimit.for_request(request)
    return _sign(request, LoginForm,
                 lambda data: users.login(request.db, data, limit, hasher_for(request.config)),
                 "login", "Sign in", "Welcome back, {}!")


def register(request: Request) -> Result:
    """Create an account and sign in with it."""
    return _sign(request, RegisterForm,
                 lambda data: users.register(request.db, data, hasher_for(request.config)),
                 "register", "Sign up", "Welcome to Conduit, {}!")


def logout(request: Request) -> Result:
    """Sign out (a POST, so no link or image can do it for you)."""
    checked(request)
    log_out(request)
    flash(request.session, "You are signed out.", "info")
    return Redirect(request.url_for("index"))


def settings(request: Request) -> Result:
    """Change your picture, name, bio, email or password."""
    me = viewer(request)
    if me is None:
        return login_first(request, request.url_for("settings"))
    form = bind(SettingsForm, request, data={"image": me.image or "", "username": me.username,
                                             "bio": me.bio or "", "email": me.email})
    if request.method == "POST" and validate(form):
        changes = {name: form[name].data for name in ("image", "username", "bio", "email")}
        if form.password.data:
            changes["password"] = form.password.data
        try:
            users.update(request.db, me, changes, hasher_for(request.config))
        except HTTPError as error:
            show_errors(form, error)
        else:
            flash(request.session, "Your settings are saved.", "success")
            return Redirect(request.url_for("profile", username=me.username))
    return Page("settings", {"title": "Settings", "nav": "settings", "form": form},
                status=422 if form.errors else 200)
