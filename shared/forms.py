"""WTForms forms with CSRF tied to the session."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace
from typing import Any, TypeVar

from wtforms import Form
from wtforms.csrf.session import SessionCSRF

from .db import storable
from .http import HTTPError, Request

NOT_STORABLE = "This field holds a character that cannot be stored (a NUL?)."
CSRF_MESSAGE = ("The form's security token is missing, wrong or expired. "
                "Reload the page and try again.")


class BaseForm(Form):
    class Meta:
        csrf = True
        csrf_class = SessionCSRF
        csrf_field_name = "csrf_token"


F = TypeVar("F", bound=BaseForm)


def bind(form_class: type[F], request: Request, **kwargs: Any) -> F:
    """Build a form over the request's POST data, its CSRF bound to the session."""
    formdata = request.form if request.method == "POST" else None
    meta = {
        "csrf_class": _PageCSRF,
        "csrf_request": request,
        "csrf_secret": request.config.SECRET_KEY.encode(),
        "csrf_context": request.session,
        "csrf_time_limit": timedelta(seconds=request.config.CSRF_TIME_LIMIT),
    }
    return form_class(formdata=formdata, meta=meta, **kwargs)


def csrf_token(request: Request) -> str:
    """The page's CSRF token, made once per request by WTForms' SessionCSRF, with no form.

    The same token a bound form's `csrf_token.current_token` gives; every form on
    the page shares it.
    """
    memo = request.memo
    if "_csrf_token" not in memo:
        csrf = SessionCSRF()
        csrf.form_meta = SimpleNamespace(
            csrf_secret=request.config.SECRET_KEY.encode(), csrf_context=request.session,
            csrf_time_limit=timedelta(seconds=request.config.CSRF_TIME_LIMIT))
        memo["_csrf_token"] = csrf.generate_csrf_token(None)
    return memo["_csrf_token"]


class _PageCSRF(SessionCSRF):
    """SessionCSRF handing a bound form the page's one token rather than minting its own."""

    def generate_csrf_token(self, csrf_token_field):
        return csrf_token(self.form_meta.csrf_request)


def validate(form: BaseForm) -> bool:
    """Validate a bound form; a bad CSRF token is a 400, never a field error."""
    valid = form.validate()
    if form.csrf_token.errors:
        raise HTTPError(400, CSRF_MESSAGE)
    for field in form:
        if isinstance(field.data, str) and not field.errors and not storable(field.data):
            field.errors = [NOT_STORABLE]
            valid = False
    return valid
