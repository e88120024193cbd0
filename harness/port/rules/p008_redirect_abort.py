"""P008 redirect and abort: Bottle raises both, Flask returns a redirect.

    redirect("/")        (a statement in a view)  ->  return redirect("/", 303)
    redirect("/")        (anywhere else)          ->  abort(redirect("/", 303))
    abort(404, "No item")                         ->  abort(404, "No item")

Bottle answers a redirect with 303 to HTTP/1.1 clients (302 to HTTP/1.0), Flask
with 302: the code is written out so the status stays Bottle's. Bottle also makes
the Location absolute (against the request URL); the app's `redirect` (which
`flask.redirect` calls) is set to do the same, and only for redirects: a Location
header a view sets itself stays as it was, as in Bottle. The text given to
abort() becomes the error's description (`err.body` in a handler: see P009).
"""

from __future__ import annotations

import libcst as cst

from .base import Rule, arg, is_view


class RedirectAbort(Rule):
    code = "P008"
    summary = "redirect() raised as in Bottle; abort() texts kept"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.views: list[bool] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.views.append(is_view(self, node))

    def leave_FunctionDef(self, original, updated):
        self.views.pop()
        return updated

    def visit_Lambda(self, node) -> None:
        self.views.append(False)

    def leave_Lambda(self, original, updated):
        self.views.pop()
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        name = self.api(updated.func)
        if name == "redirect":
            self.fired()
            self.need_import("flask", "redirect")
            self.state.needs.add("location")
            if arg(updated, 1, "code") is None:
                first = updated.args[0].with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                updated = updated.with_changes(args=[first, cst.Arg(cst.Integer("303"))])
            return updated
        if name == "abort":
            self.fired()
            self.need_import("flask", "abort")
            if not updated.args:
                return updated.with_changes(args=[cst.Arg(cst.Integer("500"))])
        return updated

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr):
        call = updated.value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name)
                and call.func.value == "redirect" and "redirect" not in self.state.apps
                and self.api(original.value.func) == "redirect"):
            return updated
        if self.views and self.views[-1]:
            return cst.Return(call)
        self.need_import("flask", "abort")
        return updated.with_changes(value=cst.Call(cst.Name("abort"), [cst.Arg(call)]))
