"""P005 response: Bottle's global `response`, kept with the same meaning.

In Bottle a view changes the response before it exists (`response.set_cookie(...)`,
`response.status = 400`, `response.content_type = ...`) and a redirect or error keeps
those changes. This rule keeps every such line as it is and makes `response` a small
recorder whose changes are applied to whatever the view returned (with Flask's
`after_this_request`, so a helper module with no app can use it too; the app's module
also applies it after its after-request hooks). `set_cookie(..., secret=...)` (Bottle's pickled
signed cookie) cannot be kept: it gets a TODO.
"""

from __future__ import annotations

import libcst as cst

from .base import Rule, arg

KNOWN = {"set_cookie", "delete_cookie", "status", "status_code", "content_type", "set_header",
         "add_header", "headers", "charset"}

SHIM = '''
def _apply_bottle_response(flask_response):
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


class _BottleResponse:
    """Bottle's `response` (kit/P005): changes made during a view, applied after it."""

    def _later(self, *change):
        if "bottle_response" not in g:
            g.bottle_response = []
            after_this_request(_apply_bottle_response)
        g.bottle_response.append(change)

    def set_cookie(self, name, value, **options):
        self._later("set_cookie", (name, value), options)

    def delete_cookie(self, name, **options):
        self._later("delete_cookie", (name,), options)

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


response = _BottleResponse()
'''

# The module with the app also applies what after_request hooks record (they run
# after the view's own after_this_request functions). Registered first, it runs last.
HOOK = '''
{app}.after_request(_apply_bottle_response)
'''


class Response(Rule):
    code = "P005"
    summary = "response.set_cookie/status/headers kept through an after-request hook"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.signed: set[cst.CSTNode] = set()  # response.set_cookie of signed cookies

    def visit_Call(self, node: cst.Call) -> None:
        if arg(node, None, "secret"):
            self.signed.add(node.func)

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        func = updated.func
        if isinstance(func, cst.Attribute) and self.api(func.value) == "response":
            if original.func in self.signed:
                self.todo("set_cookie(secret=...) writes Bottle's pickled signed cookie: "
                          "use flask.session (or itsdangerous) instead; old cookies will "
                          "not be readable")
                return updated
            self.use()
        return updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if self.api(updated.value) == "response" and original not in self.signed:
            if updated.attr.value not in KNOWN:
                self.todo(f"response.{updated.attr.value}: only set_cookie, delete_cookie, "
                          "status, content_type, set_header and headers[...] = are kept")
            self.use()
        return updated

    def use(self) -> None:
        if "response" not in self.state.needs:
            self.state.needs.add("response")
            self.state.provided.add("response")
            self.need_import("flask", "g")
            self.need_import("flask", "after_this_request")
        self.fired()
