"""P029: response objects the code makes: `BaseResponse(body, ...)`, `LocalResponse()`

    @app.route("/made")                  @app.route("/made")
    def made():                     ->   def made():
        r = BaseResponse("made")             r = Response("made")
        return r                             return r
    response = LocalResponse()      ->   (left out under a TODO: Flask's response is each
                                          view's own, with nothing to reset)

A response object (not an HTTPResponse) a view returns is not Bottle's answer: Bottle
iterates it as it iterates any value, so the page is its body, with the view's own status
and headers (200). Made from text alone, Werkzeug's `Response(body)` says the same. Made
with a status or headers, which Bottle never sent, or a body the port cannot read as
text, it stays Bottle's own class (it needs no Bottle app; OUT/requirements.txt then lists
bottle) and the view returns `bottle_body(r)` (bottle_compat's: what Bottle sent), under a
TODO that does not break: `Response(body, status, headers)` sends what Bottle did not.
Made and read otherwise (a test helper's response, its headers read), it stays Bottle's
own class under a TODO that does not break.
"""

from __future__ import annotations

import libcst as cst

from ..edit import Visitor, arg, name_uses, walk
from ..model.facts import ROUTE_METHODS
from .base import Rule, decorator_method

CLASSES = {"BaseResponse", "LocalResponse"}
SENT = ("a response object a view returns was never Bottle's answer: Bottle sent its body "
        "(bottle_compat's bottle_body), not its status or headers; return Response(body, "
        "status, headers) from flask if they are meant")
KEPT = ("Bottle's response object made by hand needs no Bottle app: kept as it is; Flask's "
        "is Response(body, status, headers) from flask")
RESET = ("Bottle's global response made anew: Flask's response is each view's own, with "
         "nothing to reset")


class ResponseObjects(Rule):
    code = "P029"
    triggers = ("BaseResponse", "LocalResponse")
    summary = "a response made by hand becomes Flask's Response, or is sent as Bottle sent it"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.functions: list[tuple[cst.FunctionDef, bool]] = []  # (def, is a view)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        view = any(decorator_method(self, d) in ROUTE_METHODS for d in node.decorators)
        self.functions.append((node, view))

    def leave_FunctionDef(self, original, updated):
        self.functions.pop()
        return updated

    def made(self, node: cst.BaseExpression | None) -> bool:
        return isinstance(node, cst.Call) and self.api(node.func) in CLASSES

    def text_only(self, call: cst.Call) -> cst.Arg | None:
        """The body of a response made from a string alone (no status, no headers)."""
        body = arg(call, 0, "body")
        if body is None or len(call.args) != 1 or self.api(call.func) != "BaseResponse":
            return None
        text = cst.SimpleString | cst.FormattedString | cst.ConcatenatedString
        return body if isinstance(body.value, text) else None

    def returned_once(self, name: str) -> bool:
        """Whether `name` is bound once in the view and read only by `return name`."""
        return name_uses(self.functions[-1][0], name).only(returned=True)

    def leave_SimpleStatementLine(self, original, updated):
        if len(updated.body) != 1:
            return updated
        stmt = updated.body[0]
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 \
                and self.api(stmt.targets[0].target) == "response" \
                and self.made(stmt.value):
            return self.leave_out(updated, RESET)
        return updated

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        if not self.made(original.value) or len(original.targets) != 1 \
                or self.api(original.targets[0].target) == "response":
            return updated
        target = original.targets[0].target
        assert isinstance(original.value, cst.Call)
        body = self.text_only(original.value)
        if isinstance(target, cst.Name) and self.functions and self.functions[-1][1] \
                and self.returned_once(target.value):
            if body is not None:
                return updated.with_changes(value=self.response(body))
            return updated  # its return sends what Bottle sent (leave_Return)
        self.fired()
        self.todo(KEPT)
        return updated

    def leave_Return(self, original: cst.Return, updated: cst.Return):
        if not self.functions or not self.functions[-1][1] or updated.value is None:
            return updated
        value = original.value
        if self.made(value):
            assert isinstance(value, cst.Call)
            body = self.text_only(value)
            if body is not None:
                return updated.with_changes(value=self.response(body))
        elif not (isinstance(value, cst.Name) and self.returned_once(value.value)
                  and self.made(self.bound(value.value))):
            return updated
        elif self.text_only(self.bound(value.value)) is not None:  # type: ignore[arg-type]
            return updated  # Response(text) already, where it was made
        self.fired()
        self.todo(SENT)
        self.need_import("bottle_compat", "bottle_body")
        return updated.with_changes(value=cst.Call(cst.Name("bottle_body"),
                                                   [cst.Arg(updated.value)]))

    def bound(self, name: str) -> cst.BaseExpression | None:
        """The value the view binds `name` to (once: returned_once())."""
        found: list[cst.BaseExpression] = []

        class Binds(Visitor):
            def visit_Assign(self, node: cst.Assign) -> None:
                if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                        and node.targets[0].target.value == name:
                    found.append(node.value)

        walk(self.functions[-1][0], Binds())
        return found[0] if found else None

    def response(self, body: cst.Arg) -> cst.Call:
        self.fired()
        self.need_import("flask", "Response")
        return cst.Call(cst.Name("Response"), [body.with_changes(
            keyword=None, equal=cst.MaybeSentinel.DEFAULT, comma=cst.MaybeSentinel.DEFAULT)])
