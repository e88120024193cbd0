"""P005 response: Bottle's global `response`.

By default (response_idiom.py) each change is folded into the response the view
returns (`return body, 400`, `resp = make_response(...)`), or made in an
`@after_this_request` function at the spot; no module-level `response` is made. A
cookie set without `path=` gets Werkzeug's `Path=/` where Bottle sends none: declared
as D-cookie-path. The rest of this docstring is the --faithful port.

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

from ..declared import Change
from .base import Rule, arg, is_view, route_globs
from .response_idiom import Folder, names_bound, names_read

IMPORTS = (cst.Import, cst.ImportFrom)
KNOWN = {"set_cookie", "delete_cookie", "status", "status_code", "content_type", "set_header",
         "add_header", "headers", "charset"}

class Response(Rule):
    code = "P005"
    summary = "response.set_cookie/status/headers on the view's response"
    declares = (Change("D-cookie-path", "29. Cookie attributes",
                       "a cookie set without path= gets Path=/ (Bottle sends no Path)"),
                Change("D-error-response", "22. Error handlers",
                       "a response change made before an abort() is kept on the error page "
                       "(Bottle's HTTPError replaces the response)"))
    compat = ("response",)

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
            if self.state.faithful:
                self.use()
        return updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if self.api(updated.value) == "response" and original not in self.signed \
                and self.state.faithful:
            if updated.attr.value not in KNOWN:
                self.todo(f"response.{updated.attr.value}: only set_cookie, delete_cookie, "
                          "status, content_type, set_header and headers[...] = are kept")
            self.use()
        return updated

    def use(self) -> None:
        if "response" not in self.state.needs:
            self.state.needs.add("response")
            self.state.compat = True
            self.need_import("bottle_compat", "response")
        self.fired()


class ResponseFold(Rule):
    """The default port's P005 (response_idiom.py). It runs after P006-P008, so the
    view's return value is already Flask's (`return redirect(...)`, a tuple P007 left)."""

    code = Response.code
    after = ("P006", "P007", "P008", "P010")  # returns are Flask's; hooks' responses
    summary = Response.summary
    declares = Response.declares

    def __init__(self, context) -> None:
        super().__init__(context)
        self.depth = 0  # functions being visited
        self.paths: list[str] = ["*"]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        self.depth -= 1
        if self.state.faithful or not isinstance(updated.body, cst.IndentedBlock):
            return updated
        read = names_read(updated)
        if not any(self.state.bottle.get(name) == "response" for name in read):
            return updated  # most functions: nothing to fold
        used = read | names_bound([updated])
        redirects = any(self.state.bottle.get(name) == "redirect" for name in read)
        folder = Folder(self, is_view(self, original), used, _hook_parameter(updated),
                        redirects)
        self.paths = route_globs(self, original) or ["*"]
        body = folder.block(list(updated.body.body), set())
        return updated.with_changes(body=updated.body.with_changes(body=body))

    def converted(self, small, stmt):
        """Count one change made on a Flask response; declare a cookie's Path."""
        self.fired()
        call = small.value if isinstance(small, cst.Expr) else None
        if call is not None and call.func.attr.value == "set_cookie" \
                and arg(call, None, "path") is None and not any(a.star for a in call.args):
            return self.mark(stmt, "D-cookie-path", self.paths)
        return stmt

    def leave_SimpleStatementLine(self, original, updated):
        if self.state.faithful or self.depth or isinstance(updated.body[0], IMPORTS):
            return updated
        if any(self.state.bottle.get(n) == "response" for n in names_read(updated)):
            self.todo("Bottle's response outside a view: set this on the Flask response "
                      "a view returns (make_response) or in an after_request function")
        return updated



def _hook_parameter(node: cst.FunctionDef) -> str | None:
    """The response parameter of an `@app.after_request` function (P010 made it one)."""
    if node.params.params and any(
            isinstance(d.decorator, cst.Attribute) and d.decorator.attr.value == "after_request"
            for d in node.decorators):
        return node.params.params[0].name.value
    return None
