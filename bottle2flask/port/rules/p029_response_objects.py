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
from .base import Candidate, Edit, EditRule, Import, decorator_method

CLASSES = {"BaseResponse", "LocalResponse"}
SENT = ("a response object a view returns was never Bottle's answer: Bottle sent its body "
        "(bottle_compat's bottle_body), not its status or headers; return Response(body, "
        "status, headers) from flask if they are meant")
KEPT = ("Bottle's response object made by hand needs no Bottle app: kept as it is; Flask's "
        "is Response(body, status, headers) from flask")
RESET = ("Bottle's global response made anew: Flask's response is each view's own, with "
         "nothing to reset")


class ResponseObjects(EditRule):
    code = "P029"
    triggers = ("BaseResponse", "LocalResponse")
    summary = "a response made by hand becomes Flask's Response, or is sent as Bottle sent it"

    def view(self) -> cst.FunctionDef | None:
        """The def the node is in, where it is a view."""
        defs = self.defs()
        if defs and any(decorator_method(self, d) in ROUTE_METHODS for d in defs[-1].decorators):
            return defs[-1]
        return None

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
        return name_uses(self.defs()[-1], name).only(returned=True)

    def edit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> Edit | None:
        if len(node.body) != 1:
            return None
        stmt = node.body[0]
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 \
                and self.api(stmt.targets[0].target) == "response" \
                and self.made(stmt.value):
            return Edit(node, left_out=RESET, fired=0)
        return None

    def edit_Assign(self, node: cst.Assign) -> Edit | None:
        if not self.made(node.value) or len(node.targets) != 1 \
                or self.api(node.targets[0].target) == "response":
            return None
        target = node.targets[0].target
        assert isinstance(node.value, cst.Call)
        body = self.text_only(node.value)
        if isinstance(target, cst.Name) and self.view() is not None \
                and self.returned_once(target.value):
            if body is not None:
                return Edit(node, (self.response(body),), field="value")
            return None  # its return sends what Bottle sent (edit_Return)
        return Edit(node, (Candidate(todo=KEPT),))

    def edit_Return(self, node: cst.Return) -> Edit | None:
        if self.view() is None or node.value is None:
            return None
        value = node.value
        if self.made(value):
            assert isinstance(value, cst.Call)
            body = self.text_only(value)
            if body is not None:
                return Edit(node, (self.response(body),), field="value")
        elif not (isinstance(value, cst.Name) and self.returned_once(value.value)
                  and self.made(self.bound(value.value))):
            return None
        elif self.text_only(self.bound(value.value)) is not None:  # type: ignore[arg-type]
            return None  # Response(text) already, where it was made
        return Edit(node, (Candidate(cst.Call(cst.Name("bottle_body"), [cst.Arg(value)]),
                                     todo=SENT,
                                     imports=(Import("bottle_compat", "bottle_body"),)),),
                    field="value")

    def bound(self, name: str) -> cst.BaseExpression | None:
        """The value the view binds `name` to (once: returned_once())."""
        found: list[cst.BaseExpression] = []

        class Binds(Visitor):
            def visit_Assign(self, node: cst.Assign) -> None:
                if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                        and node.targets[0].target.value == name:
                    found.append(node.value)

        walk(self.defs()[-1], Binds())
        return found[0] if found else None

    def response(self, body: cst.Arg) -> Candidate:
        return Candidate(cst.Call(cst.Name("Response"), [body.with_changes(
            keyword=None, equal=cst.MaybeSentinel.DEFAULT, comma=cst.MaybeSentinel.DEFAULT)]),
            imports=(Import("flask", "Response"),))
