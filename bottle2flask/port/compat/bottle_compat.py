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

from functools import wraps
from importlib import import_module
from os import PathLike
from os.path import exists as _exists
from os.path import isdir as _isdir
from os.path import join as _join
from urllib.parse import urljoin

from flask import Flask, after_this_request, g, request
from jinja2 import FileSystemLoader
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import BadRequest, MethodNotAllowed, NotFound, Unauthorized
from werkzeug.routing import BaseConverter
from werkzeug.utils import secure_filename

__all__ = ["BottleFloatConverter", "BottlePathConverter", "auth_basic", "bottle_json", "install",
           "path_shift", "response", "save_upload"]


# -- P005: Bottle's global response ------------------------------------------------------
def apply_response(flask_response):
    """Apply the changes a view (or hook) made to Bottle's `response` to Flask's."""
    for kind, args, options in g.pop("bottle_response", []):
        if kind == "setattr":
            name, value = args
            if name == "status" and isinstance(value, int):
                name = "status_code"
            setattr(flask_response, name, value)
        elif kind == "set_header":
            flask_response.headers[args[0]] = args[1]
        elif kind == "add_header":
            flask_response.headers.add(*args)
        else:
            getattr(flask_response, kind)(*args, **options)
    return flask_response


class BottleResponse:
    """Bottle's `response`: changes made during a view, applied after it."""

    def _later(self, *change):
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
        self._later("setattr", (name, value), {})

    @property
    def headers(self):
        return _BottleHeaders(self)


class _BottleHeaders:
    def __init__(self, response):
        self.response = response

    def __setitem__(self, name, value):
        self.response.set_header(name, value)


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
                raise Unauthorized(text, www_authenticate=WWWAuthenticate(
                    "basic", {"realm": realm}))
            return view(*args, **kwargs)

        return wrapper

    return decorator


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


# -- P006: Jinja set up as the converted templates expect --------------------------------
def _none_as_empty(value):
    return "" if value is None else value


SIMPLE_TEMPLATE_HABITS = {"trim_blocks": True, "lstrip_blocks": True,
                          "keep_trailing_newline": True,
                          "finalize": _none_as_empty}


def _template_imports(imports: dict):
    """What the templates import (`% import x`), imported as they render."""

    def processor():
        found = {}
        for name, (module, attr) in imports.items():
            value = import_module(module)
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
            template_path: list | None = None, template_imports: dict | None = None) -> None:
    """Give `app` the pieces of Bottle's behaviour the port asked for."""
    if jinja:  # no line left by a `%` line, the last newline kept, None printed as ""
        app.jinja_options = {**app.jinja_options, **SIMPLE_TEMPLATE_HABITS}
    elif jinja2:  # Bottle's Jinja2 adapter escapes nothing
        app.jinja_options = {**app.jinja_options, "autoescape": False}
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
    if float_paths:
        app.url_map.converters["bottle_float"] = BottleFloatConverter
    if paths:
        app.url_map.converters["bottle_path"] = BottlePathConverter
    if response:  # registered first, it runs last: after the app's after_request hooks
        app.after_request(apply_response)
