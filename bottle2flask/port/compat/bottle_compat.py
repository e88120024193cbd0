"""Bottle's behaviour on a Flask app, for a port made with `bottle2flask port --faithful`,
or whose check kept Bottle's behaviour at some sites (the port copies only their pieces).

Copied into the port by the porting kit; the ported modules import from it:

    from bottle_compat import install, response
    app = Flask(__name__, ...)
    install(app, response=True, location=True)

Each piece is what one porting rule keeps of Bottle (the rule's `compat`); the default
(idiomatic) port declares the differences instead, and imports a function of it by name
only where Flask has nothing of its own (`from bottle_compat import auth_basic`,
`save_upload`). Delete this module once the app no longer imports it.
"""

from __future__ import annotations

import sys
from base64 import b64encode as _b64encode
from calendar import timegm
from collections.abc import MutableMapping
from datetime import date, datetime, timedelta
from email.utils import formatdate
from functools import wraps
from hashlib import md5 as _md5
from hashlib import sha256 as _sha256
from hmac import new as _hmac_new
from http.client import responses as HTTP_REASONS
from http.cookies import SimpleCookie
from importlib import import_module
from os import PathLike
from os.path import abspath as _abspath
from os.path import dirname as _dirname
from os.path import exists as _exists
from os.path import isdir as _isdir
from os.path import join as _join
from pickle import dumps as _pickle_dumps
from traceback import format_exc as _format_exc
from urllib.parse import urljoin

from flask import (
    Flask,
    Response,
    after_this_request,
    current_app,
    g,
    has_request_context,
    render_template,
    request,
)
from jinja2 import ChoiceLoader, FileSystemLoader, StrictUndefined, Template, TemplateNotFound
from markupsafe import Markup
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import (
    Aborter,
    BadRequest,
    HTTPException,
    MethodNotAllowed,
    NotFound,
    Unauthorized,
)
from werkzeug.routing import BaseConverter
from werkzeug.utils import secure_filename

__all__ = ["BottleFloatConverter", "BottleHTTPResponse", "BottlePathConverter", "auth_basic",
           "bottle_error", "bottle_error_handler", "bottle_iterated", "bottle_json",
           "bottle_kept_template", "bottle_route_templates", "bottle_template",
           "bottle_template_plugin", "bottle_uncompiled", "bottle_undefined", "bottle_view",
           "install", "path_shift", "response", "save_upload"]


# -- P005, P022: Bottle's global response ------------------------------------------------
def apply_response(flask_response):
    """Apply the changes a view (or hook) made to Bottle's `response` to Flask's; none to
    a copy of it the view returned (Bottle's returned HTTPResponse replaces its response)."""
    changes = g.pop("bottle_response", [])
    if getattr(flask_response, "sent_as_it_is", False):  # a BottleCopy, maybe recast
        return flask_response
    return _apply(flask_response, changes)


def _error_replaces_response(app):
    """Bottle's HTTPError (abort(), an HTTPError raised, a view's exception answered 500)
    is a response of its own, applied over the global one: what the request set on
    `response` before it (headers such as a CORS decorator's, Content-Type, status,
    cookies) is not sent; what an error handler sets after it is, and an after_request
    hook's too, but for a view's exception (Bottle 0.13 ran its hooks before it made
    that 500; 0.12 before any error). So the changes recorded so far are dropped as
    Flask starts handling the error (not for a redirect, which Bottle made from a copy
    of its response), and for an exception (any error under 0.12) none is recorded
    once its error handler is done."""
    handle, finalize = app.handle_user_exception, app.finalize_request

    def handle_user_exception(error):
        if not isinstance(error, HTTPException) or error.code is None or error.code >= 400:
            g.pop("bottle_response", None)
            g.bottle_failed = not isinstance(error, HTTPException) or _bottle_012()
        return handle(error)

    def finalize_request(rv, from_error_handler=False):
        if g.get("bottle_failed"):  # (after the error's handler, before the hooks)
            g.bottle_response_done = True  # (BottleResponse._later records no more)
        return finalize(rv, from_error_handler)

    app.handle_user_exception = handle_user_exception
    app.finalize_request = finalize_request


_BOTTLE_012: list[bool] = []  # whether the Bottle beside the port is 0.12, found once


def _bottle_012() -> bool:
    """Whether the Bottle installed beside the port is 0.12 (without one, 0.13's way)."""
    if not _BOTTLE_012:
        try:
            from bottle import __version__ as version
        except ImportError:
            version = "0.13"
        _BOTTLE_012.append(version.startswith("0.12"))
    return _BOTTLE_012[0]


def _apply(flask_response, changes):
    jar = SimpleCookie()  # the cookies set, as Bottle's response keeps them (one a name)
    for kind, args, options in changes:
        if kind in ("set_cookie", "delete_cookie"):
            _bottle_cookie(jar, kind, *args, **options)
        elif kind == "setattr":
            name, value = args
            if name == "status" and isinstance(value, int):
                name = "status_code"
            setattr(flask_response, name, value)
        elif kind == "set_header":
            flask_response.headers[_bottle_name(args[0])] = args[1]
        elif kind == "add_header":
            flask_response.headers.add(_bottle_name(args[0]), args[1])
        elif kind == "del_header":
            del flask_response.headers[args[0]]
        else:
            getattr(flask_response, kind)(*args, **options)
    for morsel in jar.values():
        flask_response.headers.add("Set-Cookie", morsel.OutputString())
    return flask_response


def _bottle_name(name: str) -> str:
    """A header's name as Bottle writes it (its _hkey): `WWW-Authenticate` is sent as
    `Www-Authenticate`, `x_api_key` as `X-Api-Key`; Werkzeug sends it as given."""
    return name.title().replace("_", "-")


def _bottle_cookie(jar, kind, name, value="", **options):
    """A cookie set on Bottle's response, written as Bottle writes it (http.cookies'
    Morsel): `max_age` as `Max-Age`, `expires` as an HTTP date, no Path or Expires it
    was not given, a false `secure`/`httponly` left out; a deleted one is `name=""` with
    `Max-Age=-1` and the epoch (Werkzeug writes `name=`, `Max-Age=0`, and an Expires
    for a Max-Age)."""
    if kind == "delete_cookie":
        options = {**options, "max_age": -1, "expires": 0}
    jar[name] = value
    for key, given in options.items():
        if given is None and key == "path":
            continue  # (the recorder's own: Bottle writes no Path unless given one)
        if key in ("max_age", "maxage"):
            key = "max-age"
            if isinstance(given, timedelta):
                given = given.days * 86400 + given.seconds
        elif key == "expires":
            given = _http_date(given)
        elif key in ("same_site", "samesite"):
            key, given = "samesite", (given or "none").lower()
        elif key in ("secure", "httponly") and not given:
            continue
        jar[name][key] = given


def _http_date(value) -> str:
    """An `expires` as Bottle writes it: a text as it is, a date, time tuple or timestamp
    as an HTTP date."""
    if isinstance(value, str):
        return value
    if isinstance(value, datetime):
        value = value.utctimetuple()
    elif isinstance(value, date):
        value = value.timetuple()
    if not isinstance(value, int | float):
        value = timegm(value)
    return formatdate(value, usegmt=True)


class BottleCopy(Response):
    """Bottle's `response.copy()`: its status, headers and cookies as they stand, no
    body; a Response Flask sends as it is when a view returns it (Bottle's
    `response.copy(cls=HTTPResponse)`), with Bottle's members for its headers and body."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # (an attribute: Flask recasts a response of another class to the app's own)
        self.sent_as_it_is = True

    def set_header(self, name, value):
        self.headers[_bottle_name(name)] = str(value)

    def add_header(self, name, value):
        self.headers.add(_bottle_name(name), str(value))

    def get_header(self, name, default=None):
        values = self.headers.getlist(name)
        return values[-1] if values else default  # Bottle's: the last value

    @property
    def body(self):
        return self.get_data(as_text=True)

    @body.setter
    def body(self, value):
        self.set_data(value)


# Bottle's reason phrases are Python's, but for this one
_PHRASES = {**HTTP_REASONS, 418: "I'm a teapot"}


# Werkzeug Response's own keywords, which BottleHTTPResponse takes as Werkzeug's
WERKZEUG_KEYWORDS = ("response", "mimetype", "content_type", "direct_passthrough")


class BottleHTTPResponse(BottleCopy):
    """Bottle's HTTPResponse(body, status=, headers=) a view returns or raises, sent as it
    is: what the request changed of Bottle's `response` before is dropped, as Bottle's
    HTTPResponse.apply() replaces its response's status, headers and cookies. Its status
    line and page Content-Type are Bottle's (`404 Not Found`, `charset=UTF-8`)."""

    def __init__(self, body=None, status=None, headers=None, **more):
        # Bottle's signature: `body=`, and a header given by name (`Location="/x"`,
        # Bottle's more_headers, its name's `_` a `-`); Werkzeug's own keywords stay its
        own = {k: more.pop(k) for k in WERKZEUG_KEYWORDS if k in more}
        body = own.pop("response", body)
        super().__init__(body, status, headers, **own)
        for name, value in more.items():
            self.headers.add(name.title().replace("_", "-"), str(value))
        if self.headers.get("Content-Type") == "text/html; charset=utf-8":
            self.headers["Content-Type"] = "text/html; charset=UTF-8"

    # Werkzeug's own hook, which every way of setting the status goes through
    def _clean_status(self, value):
        status, code = super()._clean_status(value)
        if isinstance(value, int) or str(value).strip().isdigit():  # a code alone
            status = f"{code} {_PHRASES.get(code, 'Unknown')}"
        return status, code


class BottleResponse:
    """Bottle's `response`: changes made during a request, applied to Flask's answer
    after the view; read back as Bottle's response stands (its status, its headers).
    Outside a request a change is lost, as Bottle binds a new response to each one."""

    def _changes(self):
        return list(g.get("bottle_response", ())) if has_request_context() else []

    def _later(self, *change):
        if not has_request_context() or g.get("bottle_response_done"):
            return
        if "bottle_response" not in g:
            g.bottle_response = []
            after_this_request(apply_response)
        g.bottle_response.append(change)

    # Bottle writes no Path a cookie was not given (the browser then scopes it to the
    # page's folder); Werkzeug writes Path=/ unless told path=None (PORTING 29).
    def set_cookie(self, name, value, **options):
        self._later("set_cookie", (name, value), {"path": None, **options})

    def delete_cookie(self, name, **options):
        self._later("delete_cookie", (name,), {"path": None, **options})

    def set_header(self, name, value):
        self._later("set_header", (name, value), {})

    def add_header(self, name, value):
        self._later("add_header", (name, value), {})

    def __setattr__(self, name, value):  # status, status_code, content_type, charset
        if name == "body":  # (sent only where the view returns the response itself)
            if has_request_context() and not g.get("bottle_response_done"):
                g.bottle_body = value
            return
        self._later("setattr", (name, value), {})

    @property
    def body(self):
        """What the request set as the body, else Bottle's empty one."""
        return g.get("bottle_body", "") if has_request_context() else ""

    # A view answering with Bottle's response itself (`response.body = text; return
    # response`, a redirect made by hand): Bottle sends it as the body it iterates (text
    # encoded, `response.body = {...}` its keys), with what was set on it; an empty one
    # with `Content-Length: 0`. Flask runs a WSGI application a view returns: this one
    # answers that body with Bottle's default Content-Type, and the changes apply after
    # the view.
    def __call__(self, environ, start_response):
        pieces = iter(self.body)
        first = next((piece for piece in pieces if piece), None)
        if first is None:
            start_response("200 OK", [("Content-Type", "text/html; charset=UTF-8"),
                                      ("Content-Length", "0")])
            return [b""]
        if isinstance(first, str):
            charset = self.content_type.partition("charset=")[2].split(";")[0].strip()
            text = first + "".join(pieces)
            data = text.encode(charset or "utf-8")
        elif isinstance(first, bytes):
            data = first + b"".join(pieces)
        else:  # (Bottle answers 500 too)
            raise TypeError(f"Unsupported response type: {type(first)}")
        start_response("200 OK", [("Content-Type", "text/html; charset=UTF-8")])
        return [data]

    # Bottle's response is a mapping of its headers too: `response["X-A"] = "1"` sets
    # one (its values made text), `response["X-A"]` reads the last, `del` drops them all
    def __setitem__(self, name, value):
        self.set_header(name, value)

    def __getitem__(self, name):
        return self.headers[name]

    def __delitem__(self, name):
        if name not in self:
            raise KeyError(name)
        self._later("del_header", (name,), {})

    def __contains__(self, name):
        return name in self.headers

    def copy(self, cls=None):
        """A Response with the status, headers and cookies set so far (`cls`, Bottle's
        class for it, is this Response here), its status line as Bottle's."""
        made = _apply(BottleCopy(), self._changes())
        made.status = self.status_line
        return made

    def _as_set(self):
        """A Response holding the changes made so far, without Werkzeug's default
        Content-Type (Bottle's response has none until one is set)."""
        made = BottleCopy()
        del made.headers["Content-Type"]
        return _apply(made, self._changes())

    @property
    def status_line(self):
        line = "200 OK"
        for kind, (name, *value), _ in self._changes():
            if kind == "setattr" and name in ("status", "status_code"):
                code = value[0]
                line = f"{code} {_PHRASES.get(code, 'Unknown')}" \
                    if isinstance(code, int) else str(code).strip()
        return line

    status = status_line  # Bottle's `status` reads its status line

    @property
    def status_code(self):
        return int(self.status_line.split()[0])

    @property
    def headers(self):
        return _BottleHeaders(self)

    def get_header(self, name, default=None):
        values = self._as_set().headers.getlist(name)
        return values[-1] if values else default

    @property
    def content_type(self):
        return self.get_header("Content-Type", "")

    @property
    def content_length(self):  # Bottle's: the header set so far, -1 without one
        return int(self.get_header("Content-Length", -1))


class _BottleHeaders:
    def __init__(self, response):
        self.response = response

    def __setitem__(self, name, value):
        self.response.set_header(name, value)

    def __getitem__(self, name):
        value = self.response.get_header(name)
        if value is None:
            raise KeyError(name)
        return value

    def get(self, name, default=None):
        return self.response.get_header(name, default)

    def __contains__(self, name):
        return self.response.get_header(name) is not None

    def append(self, name, value):
        self.response.add_header(name, value)


response = BottleResponse()


# -- P003: Bottle's route filters --------------------------------------------------------
class BottleFloatConverter(BaseConverter):
    """Bottle's float filter: "3", "-1" and "2.5" match; "1.2.3" is a 400."""

    regex = r"-?[\d.]+"

    def to_python(self, value):
        try:
            return float(value)
        except ValueError:
            raise BadRequest("Path has wrong format.") from None

    def to_url(self, value):
        return str(float(value))


class BottlePathConverter(BaseConverter):
    """Bottle's path filter: any characters, slashes (a leading one too)."""

    regex = r".+?"
    part_isolating = False


# -- P008: Bottle's absolute Location ----------------------------------------------------
def _absolute_redirects(app: Flask) -> None:
    """A redirect's Location made absolute, as Bottle's redirect() does (a Location
    header a view sets itself is left as it is, as in Bottle), and no body (Werkzeug's
    redirect() writes a page with a link)."""

    def redirect(location, code=302):
        answer = app.response_class("", status=code)
        answer.headers["Location"] = urljoin(request.url, location)
        return answer

    # this app's own redirect(), which flask.redirect() calls: the app is made by the
    # user's module as Flask(...), so no subclass can override the method instead
    app.redirect = redirect  # type: ignore[method-assign]


# -- P004: Bottle's request.json --------------------------------------------------------
def bottle_json():
    """Bottle's request.json: None unless the body is application/json (or
    application/json-rpc) and not empty; a 400 when it does not parse."""
    if request.mimetype not in ("application/json", "application/json-rpc") \
            or not request.get_data():
        return None
    return request.get_json(force=True)


# -- P001: Bottle's auth_basic decorator -------------------------------------------------
def auth_basic(check, realm="private", text="Access denied"):
    """HTTP basic authentication for a view: a 401 asking for it unless
    check(user, password) passes (Bottle's auth_basic; Flask has none of its own). The
    401 is Werkzeug's Unauthorized, so the app's 401 handler runs as Bottle's did."""

    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            auth = request.authorization
            if auth is None or auth.type != "basic" or not check(auth.username,
                                                                 auth.password):
                # Bottle's header, the realm always quoted (Werkzeug quotes it only
                # where a token could not stand for it: `Basic realm=private`)
                raise Unauthorized(text, www_authenticate=WWWAuthenticate(
                    "basic", token=f'realm="{realm}"'))
            return view(*args, **kwargs)

        return wrapper

    return decorator


# -- P009: a handler registered for a code known at run time ------------------------------
def bottle_error_handler(app, code, handler):
    """Bottle's `app.error_handler[code] = handler` for any code: registered where
    Werkzeug has an error of that code, passed over where it has none (402: Flask refuses
    to register it, and no Flask app can answer with it through a handler)."""
    from werkzeug.exceptions import default_exceptions

    if int(code) in default_exceptions:
        app.register_error_handler(int(code), handler)
    return handler


# -- P009: Bottle's error object, handed on whole (to a template) --------------------------
class BottleError:
    """Bottle's HTTPError as an error handler hands it on (`template("error", e=e)`) or
    shows it (`f"Sorry: {e}"`): its attributes read from Werkzeug's exception (a template
    reading `e.status_code`, `e._status_code`, `e.status_line`, `e.body` renders as it
    did), Werkzeug's own (`e.code`, `e.description`) passed through, and its text
    Bottle's."""

    def __init__(self, error):
        self._error = error

    @property
    def status_code(self):
        return self._error.code

    _status_code = status_code

    @property
    def status_line(self):
        return f"{self._error.code} {self._error.name}"

    status = _status_line = status_line

    @property
    def body(self):
        return self._error.description

    @property
    def exception(self):
        return getattr(self._error, "original_exception", None)

    def __getattr__(self, name):
        return getattr(self._error, name)

    def __str__(self):
        # Bottle's HTTPError prints the arguments it was made with: the status and the
        # body (`(404, "Not found: '/x'")`), and for an exception a view raised that
        # exception and its traceback (the handler runs while Flask handles it)
        exception = self.exception
        if exception is None:
            return str((self._error.code, self._error.description))
        return str((500, "Internal Server Error", exception, _format_exc()))


def bottle_error(error):
    """The error a Bottle handler was given, as Bottle's HTTPError (BottleError)."""
    return BottleError(error)


# -- P020: Bottle's signed cookie, byte for byte (--faithful) ----------------------------
def bottle_cookie(name, value, secret, digestmod=None):
    """The value `set_cookie(name, value, secret=...)` gives a cookie in the Bottle beside
    the port: `!signature?message`, the message the base64 of the pickled name and value
    (0.13: a list signed with HMAC-SHA256, or digestmod; 0.12: a tuple signed with
    HMAC-MD5). The port reads it back with bottle_cookies.loads, which checks the HMAC
    first and never unpickles an object."""
    pair: tuple | list
    if _bottle_012():
        pair, digestmod = (name, value), _md5
    else:
        pair, digestmod = [name, value], digestmod or _sha256
    key = secret if isinstance(secret, bytes) else str(secret).encode("utf-8")
    message = _b64encode(_pickle_dumps(pair, -1))
    signature = _b64encode(_hmac_new(key, message, digestmod=digestmod).digest())
    return "!" + signature.decode("ascii") + "?" + message.decode("ascii")


# -- P021: Bottle's FileUpload.save() ----------------------------------------------------
def save_upload(upload, destination, overwrite=False):
    """Save an upload as Bottle's FileUpload.save() did: into a folder under its
    sanitised name, and never over an existing file unless asked (Werkzeug's save()
    takes a file's path and overwrites it)."""
    if isinstance(destination, (str, PathLike)):
        if _isdir(destination):
            destination = _join(destination, secure_filename(upload.filename))
        if not overwrite and _exists(destination):
            raise OSError("File exists.")
    upload.save(destination)


# -- P009: Bottle's text for a path no route matches -------------------------------------
def _routing_error_text():
    """A 404 (405) for a path no route matches carries Bottle's text, which the app's
    error handler reads as err.description."""
    error = request.routing_exception
    if isinstance(error, NotFound):
        path = request.environ["PATH_INFO"].encode("latin1").decode("utf8", "ignore")
        error.description = "Not found: " + repr(path or "/")
    elif isinstance(error, MethodNotAllowed):
        error.description = "Method not allowed."


class _BottleAborter(Aborter):
    """Flask's abort(code) given no text raises the error with Bottle's text for it,
    which the app's error handler reads as err.description (Bottle's abort() said
    `Unknown Error.`, Werkzeug's error its own sentence)."""

    def __call__(self, code, *args, **kwargs):
        if isinstance(code, int) and not args and "description" not in kwargs:
            kwargs["description"] = "Unknown Error."
        super().__call__(code, *args, **kwargs)


# -- P004: Bottle's request.path_shift() ---------------------------------------------------
def path_shift(shift: int = 1) -> None:
    """Move `shift` segments of the request's path from PATH_INFO to SCRIPT_NAME (back,
    if negative), as Bottle's request.path_shift() does; request.path, .script_root and
    the URLs made from them follow."""
    if not shift:
        return
    # the request itself, not the proxy: its cached URLs are in its own __dict__
    current = request._get_current_object()  # type: ignore[attr-defined]
    environ = current.environ
    script_name, path_info = environ.get("SCRIPT_NAME", ""), environ.get("PATH_INFO", "")
    script = [part for part in script_name.strip("/").split("/") if part]
    path = [part for part in path_info.strip("/").split("/") if part]
    if 0 < shift <= len(path):
        script, path = script + path[:shift], path[shift:]
    elif 0 > shift >= -len(script):
        script, path = script[:shift], script[shift:] + path
    else:
        raise AssertionError("Cannot shift. Nothing left from "
                             + ("SCRIPT_NAME" if shift < 0 else "PATH_INFO"))
    environ["SCRIPT_NAME"] = "/" + "/".join(script)
    environ["PATH_INFO"] = "/" + "/".join(path) + ("/" if path_info.endswith("/") and path
                                                   else "")
    # Werkzeug read both when it made the request, and made its URLs from them
    current.root_path = _decoded(environ["SCRIPT_NAME"]).rstrip("/")
    current.path = _decoded(environ["PATH_INFO"])
    for cached in ("full_path", "url", "base_url", "root_url", "host_url"):
        current.__dict__.pop(cached, None)


def _decoded(wsgi_text: str) -> str:
    """A WSGI path (UTF-8 bytes as latin-1 text) as text, as Werkzeug decodes it."""
    return wsgi_text.encode("latin-1").decode("utf-8", "replace")


# -- P006: a template named at run time ----------------------------------------------------
def bottle_template(name, /, *values, **kwargs):
    """Bottle's template(name, *dicts, **values) for a name known only when the code runs:
    the converted Jinja2 template of that name (`x` and `x.tpl` are `x.html`), given the
    dicts' values, then the keywords, as Bottle gives them."""
    name = _converted_name(name)
    given = {}
    for value in values:
        given.update(value)
    given.update(kwargs)
    try:
        return render_template(name + ".html", **given)
    except TemplateNotFound as missing:
        if missing.name != name + ".html":
            raise  # one it includes
        # Bottle searched each folder of its TEMPLATE_PATH; the port keeps them all under
        # the app's template folder: the one template there of that name
        found = [t for t in current_app.jinja_env.list_templates()
                 if t.endswith("/" + name + ".html")]
        if len(found) == 1:
            return render_template(found[0], **given)
        if not any(_exists(_join(folder, name + ".html")) for folder in BOTTLE_TEMPLATE_PATH):
            raise
        # an app whose template folder is elsewhere (a module in controllers/ making
        # its own app): where Bottle's default TEMPLATE_PATH finds it from the working
        # directory, as Bottle found the original
        return _on_bottles_path(name + ".html", given)


def _converted_name(name):
    """The converted template's name less its `.html`: Bottle's name less its extension."""
    if any(marker in name for marker in "\n{%$"):
        raise ValueError("template() given template source at run time: convert it with "
                         "`bottle2flask convert-templates` and use render_template_string")
    for suffix in (".tpl", ".html", ".thtml", ".stpl"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def bottle_kept_template(kept, name, /, *values, **kwargs):
    """bottle_template() in an app some of whose templates Bottle's own SimpleTemplate
    renders (`kept`: the converted template's name -> its original's and its folder:
    their conversion holds Python Jinja2 cannot say): a name known only when the code
    runs that is one of them renders the original (bottle_simple_template), any other
    its conversion."""
    converted = _converted_name(name) + ".html"
    if converted not in kept:
        return bottle_template(name, *values, **kwargs)
    given = {}
    for value in values:
        given.update(value)
    given.update(kwargs)
    original, folder = kept[converted]
    return _simple_render(original, _kept_folder(folder), given)


# Where Bottle's template() looks by default (its TEMPLATE_PATH): from the working directory.
BOTTLE_TEMPLATE_PATH = ("./", "./views/")


def _on_bottles_path(name: str, given: dict) -> str:
    """The template rendered by the app's Jinja environment searching Bottle's default
    TEMPLATE_PATH after its own folder (what it includes or extends is found there too),
    with the context render_template() gives."""
    app = current_app
    overlay = app.extensions.get("bottle_template_path")
    if overlay is None:
        own = app.jinja_env.loader
        loader = ChoiceLoader([*([own] if own is not None else []),
                               FileSystemLoader(BOTTLE_TEMPLATE_PATH)])
        overlay = app.extensions["bottle_template_path"] = app.jinja_env.overlay(loader=loader)
    context = dict(given)
    app.update_template_context(context)
    return overlay.get_template(name).render(context)


# -- P006: a render Bottle's template() failed, kept failing (--faithful) -------------------
class BottleTemplateError(SyntaxError):
    """The SyntaxError Bottle's SimpleTemplate raised compiling a template."""


def _bottle_version() -> tuple[int, ...]:
    """The Bottle installed beside the port, as (major, minor); without one, 0.13."""
    try:
        from bottle import __version__ as version
    except ImportError:
        version = "0.13"
    return tuple(int(part) for part in version.split(".")[:2] if part.isdigit())


def bottle_uncompiled(template, why, since, /, **values):
    """render_template(template, **values) where Bottle could not compile the original
    template (`%rebase name args`, 0.12's syntax, is a SyntaxError to 0.13): a Bottle
    since that version beside the port fails as Bottle failed there (the page a 500,
    Bottle's error page in a --faithful port); an older one renders the template."""
    if _bottle_version() >= tuple(int(part) for part in since.split(".")):
        raise BottleTemplateError(f"{template}: {why}")
    return render_template(template, **values)


def bottle_simple_template(template, original, folder, /, **values):
    """render_template(template, **values) where the converted template holds Python
    Jinja2 cannot say (`% rebase()` inside a `% for`, a `% try` or a `% while`): Bottle's
    own SimpleTemplate renders the original (`original` in `folder`, from the folder of
    the module that calls it), its includes and rebases too, as the original app did."""
    return _simple_render(original, _kept_folder(folder), values)


def _kept_folder(folder):
    """`folder` read from the folder of the module that called the helper calling this:
    the port writes it from the module that renders, whichever app serves the request (a
    controller in controllers/ renders "../views" on the app it is handed or merged into,
    whose root_path is another folder); from the app's folder where that module has no
    file."""
    caller = sys._getframe(2).f_globals.get("__file__")
    return _join(_dirname(_abspath(caller)) if caller else current_app.root_path, folder)


def _simple_render(original, where, values):
    """Bottle's SimpleTemplate's render of `original`, found in folder `where`."""
    import bottle

    # one list a folder: Bottle caches a template by its lookup list's id() and name
    lookup = _SIMPLE_LOOKUPS.setdefault(where, [where])
    return bottle.template(original, template_lookup=lookup, **values)


_SIMPLE_LOOKUPS: dict[str, list[str]] = {}


def bottle_undefined(template, name, /, **values):
    """render_template(template, **values) where the original template reads `name` on
    every render and this render does not pass it: SimpleTemplate raised NameError
    there (the page a 500), where Jinja2 would print it empty."""
    raise NameError(f"name {name!r} is not defined (read by {template})")


# -- P006: what a @view function returned, known only when it runs -----------------------
def bottle_view(result, name, *defaults, **kwargs):
    """What Bottle's `@view(name, **defaults)` made of a view's `result`: a dict (or another
    mutable mapping, Bottle's DictMixin) renders the template with the defaults updated by
    it, None renders it with the defaults, anything else is sent as it is."""
    values = _view_values(result, defaults, kwargs)
    return result if values is None else render_template(name, **values)


def bottle_simple_view(result, template, original, folder, /, *defaults, **kwargs):
    """bottle_view() of a template Jinja2 cannot say: Bottle's SimpleTemplate renders the
    original (bottle_simple_template)."""
    values = _view_values(result, defaults, kwargs)
    return result if values is None else _simple_render(original, _kept_folder(folder),
                                                        values)


def bottle_template_plugin(callback, name, /, **defaults):
    """What Bottle's TemplatePlugin makes of a route's callback given `template=name` (or
    `template=(name, defaults)`): `view(name, **defaults)` around it, for a view the port
    cannot rewrite (one registered by a call). A dict (or another mutable mapping) the
    callback returns renders the template with the defaults updated by it, None renders
    it with the defaults, anything else is sent as it is; the template is the converted
    one of Bottle's name (bottle_template)."""

    @wraps(callback)
    def templated(*args, **kwargs):
        result = callback(*args, **kwargs)
        values = _view_values(result, (), defaults)
        return result if values is None else bottle_template(name, values)

    return templated


def bottle_route_templates(callback, /):
    """What Bottle's TemplatePlugin made of a view whose routes give different template=
    values: each route's callback wrapped in its own view(). Flask routes one function
    for all, so this one wrapper renders, at each request, the template= of the route
    that matched, which bottle_members.route_config keeps on it (its
    `bottle_route_config` attribute, by Flask's rule); a route given none sends what the
    view returns as it is."""

    @wraps(callback)
    def templated(*args, **kwargs):
        result = callback(*args, **kwargs)
        kept = getattr(templated, "bottle_route_config", {})
        rule = request.url_rule  # (None: called outside a route, where nothing renders)
        given = kept.get(rule.rule if rule is not None else None, {}).get("template")
        if isinstance(given, tuple | list) and len(given) == 2:
            name, defaults = given[0], dict(given[1])
        elif isinstance(given, str):
            name, defaults = given, {}
        else:
            return result
        values = _view_values(result, (), defaults)
        return result if values is None else bottle_template(name, values)

    return templated


def _view_values(result, defaults, kwargs):
    """The values @view renders its template with, or None where it sends `result` as
    it is (not a mapping, not None)."""
    values = {}
    for value in defaults:
        values.update(value)
    values.update(kwargs)
    if isinstance(result, dict | MutableMapping):
        values.update(result)
    elif result is not None:
        return None
    return values


# -- P029: a response object a view returns, sent as Bottle sent it ------------------------
def bottle_body(made):
    """What Bottle sent for a response object (not an HTTPResponse) a view returns: its
    body, iterated as any iterable (its status, headers and cookies were never the
    answer's: Bottle's dispatcher applies only an HTTPResponse's). Leading empty parts
    are skipped; text and bytes are joined; anything else was Bottle's 500."""
    parts = iter(made)
    first = next((part for part in parts if part), None)
    if first is None:
        return ""
    if isinstance(first, str):
        return "".join([first, *parts])
    if isinstance(first, bytes):
        return b"".join([first, *parts])
    raise TypeError(f"Unsupported response type: {type(first)}")


# -- P007: Bottle's response returned, its body set ------------------------------------
def bottle_iterated(body):
    """What Bottle sent for its `response` a view returns after `response.body = text`:
    it iterated the response for the body, so the answer had no Content-Length (but for
    an empty text, which Bottle sent with its length, 0). Werkzeug sets a length for
    text, and sends an iterator as it comes."""
    return iter([body]) if body else body


# -- P006: Jinja set up as the converted templates expect --------------------------------
_NONE_TEXT: list[str] = []  # what SimpleTemplate prints for None, found once


def _none_text() -> str:
    """What SimpleTemplate prints for None: nothing since Bottle 0.13, `None` in 0.12 (the
    Bottle installed beside the port says which; without one, 0.13's way)."""
    if not _NONE_TEXT:
        try:
            from bottle import __version__ as version
        except ImportError:
            version = "0.13"
        _NONE_TEXT.append("None" if version.startswith("0.12") else "")
    return _NONE_TEXT[0]


class _GivenMarkup(Markup):
    """A Markup a render was given (`template("x", v=Markup(...))`), or one made from it
    (`v + "<i>"`: Markup's own operations keep the class): SimpleTemplate printed it as
    any value, its str() escaped; Jinja2 would print it as markup. Marked so, it is told
    apart from the Markup `|safe` (`{{!x}}`) and a macro make in the template."""

    __slots__ = ()


class _GivenValuesTemplate(Template):
    """The app's templates: each Markup a render is given is a _GivenMarkup, the values
    themselves and those a list, tuple or dict of them holds (`items=[Markup(...)]`,
    `{{items[0]}}`, `% for m in items`), which SimpleTemplate printed escaped too; not a
    subclass of Markup, whose own methods the template may call, nor what another object
    holds."""

    def new_context(self, vars=None, shared=False, locals=None):
        if vars and not shared:  # (shared: an include, given its caller's context)
            vars = {name: _given(value) for name, value in vars.items()}
        return super().new_context(vars, shared, locals)


def _given(value, depth=0):
    """`value` with each Markup in it a _GivenMarkup: a Markup, or a list, tuple or dict
    (their own classes, not subclasses) holding one, a few levels down, copied only where
    one is found (any other value is handed on as itself)."""
    kind = type(value)
    if kind is Markup:
        return _GivenMarkup(value)
    if depth > 3 or kind not in (list, tuple, dict):
        return value
    if kind is dict:
        marked = {key: _given(item, depth + 1) for key, item in value.items()}
        changed = any(marked[key] is not item for key, item in value.items())
    else:
        marked = kind(_given(item, depth + 1) for item in value)
        changed = any(new is not old for new, old in zip(marked, value, strict=True))
    return marked if changed else value


def _as_simple_template(value):
    """What `{{ value }}` prints, as SimpleTemplate prints it: None as nothing (0.13); any
    other value's text (bytes decoded as UTF-8) escaped by Bottle's html_escape, `'` as
    `&#039;` and `"` as `&quot;` (MarkupSafe writes `&#39;` and `&#34;`): an object with
    `__html__` that is no Markup (a WTForms field) and a Markup the render was given too,
    which Jinja2 would print as markup. (A Markup the template made, `|safe`'s or a
    macro's, is printed as it is.)"""
    if value is None:
        return _none_text()
    if isinstance(value, Markup) and not isinstance(value, _GivenMarkup):
        return value
    text = value.decode("utf-8") if isinstance(value, bytes) else str(value)
    # Bottle's replace() calls, on what str() gave
    return Markup(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                  .replace('"', "&quot;").replace("'", "&#039;"))


def _printed_raw(value):
    """What `{{!value}}` prints (the converted `{{ value|safe }}`), as SimpleTemplate
    prints it: the value's str() unescaped, an object with `__html__` too (Jinja2's |safe
    would print its __html__()), None as nothing (0.13)."""
    if value is None:
        return Markup(_none_text())
    if isinstance(value, Markup) and not isinstance(value, _GivenMarkup):
        return value
    return Markup(str(value))


def _raw_as_simple_template(app: Flask) -> None:
    """The app's Jinja environment, once Flask makes it, prints `|safe` as `{{!x}}` did,
    and tells the Markups a render is given from those the template makes (made as Flask
    makes it, when first used: settings given after install() still count)."""
    make = app.create_jinja_environment

    def set_up(env):
        env.filters["safe"] = _printed_raw
        env.template_class = _GivenValuesTemplate
        return env

    app.create_jinja_environment = lambda: set_up(make())  # type: ignore[method-assign]
    made = _made_environment(app)
    if made is not None:
        set_up(made)


def _made_environment(app: Flask):
    """The app's Jinja environment if Flask has made it already (None if not yet), its
    compiled templates dropped: code that ran before install() used it (a template global
    registered, a mounted app's templates shared with it, app.jinja_env read), so the
    settings install() gives for the environment Flask makes when first used must be set
    on this one too (its options are read again as templates compile)."""
    env = vars(app).get("jinja_env")  # Flask's cached_property, once read
    if env is not None and env.cache is not None:
        env.cache.clear()
    return env


def _jinja_settings(app: Flask, options: dict) -> None:
    """Jinja options for the app's templates: in app.jinja_options, which Flask makes its
    environment with, and on the environment it has made already, if any."""
    app.jinja_options = {**app.jinja_options, **options}
    made = _made_environment(app)
    for name, value in options.items() if made is not None else ():
        setattr(made, name, value)


# (a name or attribute the render does not have fails when it is used, as Python's did in
# SimpleTemplate: Bottle's page was a 500, Jinja2's Undefined prints nothing)
SIMPLE_TEMPLATE_HABITS = {"trim_blocks": True, "lstrip_blocks": True,
                          "keep_trailing_newline": True,
                          "finalize": _as_simple_template, "undefined": StrictUndefined}


def _template_imports(imports: dict):
    """What the templates import (`% import x`), imported as they render. A module that
    is not there gives None: only the pages that use it fail, as Bottle failed only the
    templates importing it (the processor runs for every page)."""

    def processor():
        found: dict[str, object] = {}
        for name, (module, attr) in imports.items():
            try:
                value = import_module(module)
            except ModuleNotFoundError as error:
                if not module.startswith(f"{error.name}.") and error.name != module:
                    raise  # the module is there, and what it imports is not
                found[name] = None
                continue
            if attr:
                value = getattr(value, attr)
            elif "." in module and name == module.split(".")[0]:
                value = import_module(name)  # `import a.b` binds `a`
            found[name] = value
        return found

    return processor


def install(app: Flask, *, response: bool = False, location: bool = False,
            route_errors: bool = False, float_paths: bool = False, paths: bool = False,
            jinja: bool = False, jinja2: bool = False,
            template_path: list | None = None, template_imports: dict | None = None,
            template_text: bool = False) -> None:
    """Give `app` the pieces of Bottle's behaviour the port asked for."""
    if jinja:  # no line left by a `%` line, the last newline kept, None printed as ""
        _jinja_settings(app, SIMPLE_TEMPLATE_HABITS)
        _raw_as_simple_template(app)
    elif template_text:  # values alone printed as SimpleTemplate prints them (failing
        # where Python failed: a name or attribute the render lacks)
        _jinja_settings(app, {"finalize": _as_simple_template, "undefined": StrictUndefined})
        _raw_as_simple_template(app)
    elif jinja2:  # Bottle's Jinja2 adapter escapes nothing
        _jinja_settings(app, {"autoescape": False})
    if template_imports:
        app.context_processor(_template_imports(template_imports))
    if template_path is not None:  # Jinja searches Bottle's TEMPLATE_PATH list itself
        loader = app.jinja_loader
        if not isinstance(loader, FileSystemLoader):
            raise TypeError("template_path= needs the app's own template folder: "
                            "Flask(__name__, template_folder=...)")
        loader.searchpath = template_path
    if location:
        _absolute_redirects(app)
    if route_errors:
        app.before_request(_routing_error_text)
        app.aborter = _BottleAborter()
    if float_paths:
        app.url_map.converters["bottle_float"] = BottleFloatConverter
    if paths:
        app.url_map.converters["bottle_path"] = BottlePathConverter
    if response:  # registered first, it runs last: after the app's after_request hooks
        app.after_request(apply_response)
        _error_replaces_response(app)
