"""P005: response: Bottle's global `response`

By default P022 (p022_response_fold.py) folds each change into the response the view
returns; this rule is the --faithful port.

In Bottle a view changes the response before it exists (`response.set_cookie(...)`,
`response.status = 400`, `response.content_type = ...`) and a redirect or error keeps
those changes. This rule keeps every such line as it is and makes `response` a small
recorder whose changes are applied to whatever the view returned (with Flask's
`after_this_request`, so a helper module with no app can use it too; the app's module
also applies it after its after-request hooks). `set_cookie(..., secret=...)` (Bottle's pickled
signed cookie) cannot be kept: it gets a TODO. Bottle's `response` read whole (handed to a
controller of another module, `hello(request, response)`, which sets its members) is
bottle_compat's recorder too: left Bottle's, it raised outside Bottle (the page was a 500).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from ..edit import arg
from .base import Need, Rule


@dataclass
class Recorded:
    """P005's scratch for a module: whether Bottle's response recorder is asked for."""

    response: bool = False


IMPORTS = (cst.Import, cst.ImportFrom)
KNOWN = {"set_cookie", "delete_cookie", "status", "status_code", "content_type", "set_header",
         "add_header", "headers", "charset", "body"}

class Response(Rule):
    code = "P005"
    summary = "response.set_cookie/status/headers on the view's response"
    compat = ("response",)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.signed: set[cst.CSTNode] = set()  # response.set_cookie of signed cookies
        # Names that are no read of a value: an import's, a member's, a keyword's, a
        # parameter's
        self.not_read: set[cst.CSTNode] = set()

    def visit_Call(self, node: cst.Call) -> None:
        if arg(node, None, "secret"):
            self.signed.add(node.func)

    def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
        self.not_read.add(node.name)

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.not_read.add(node.keyword)

    def visit_Param(self, node: cst.Param) -> None:
        self.not_read.add(node.name)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.not_read.add(node.attr)

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        # (--faithful) Bottle's response read whole: handed on, to a controller of another
        # module that sets it (`hello(request, response)`)
        if self.state.faithful and original not in self.not_read \
                and self.api(original) == "response":
            self.use()
        return updated

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
                          "status, content_type, set_header, body and headers[...] = are "
                          "kept")
            self.use()
        return updated

    def use(self) -> None:
        recorded = self.scratch(Recorded)
        if not recorded.response:  # once a module
            recorded.response = True
            self.need(Need.RESPONSE)
            self.need_install()
            self.need_import("bottle_compat", "response")
        self.fired()
