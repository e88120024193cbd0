"""P009: error handlers: `@app.error(404)` becomes `@app.errorhandler(404)`

A Bottle error handler's return value is sent with the error's status; Flask sends
a handler's plain return value as 200, so each `return x` gets the code:
`return x, 404` (`return x, err.code` when one handler has several `@error()`s). The
HTTPError's attributes get Werkzeug's names (`err.body` -> `err.description`,
`err.status_code` -> `err.code`, `err.exception` -> `err.original_exception`;
`err.status` and `err.status_line`, Bottle's "404 Not Found", -> `f"{err.code} {err.name}"`,
the same text for every code but 414, where it stays a TODO).
A handler registered by hand, `app.error_handler[404] = missing` (Flask's app has no
`error_handler`: an AttributeError at import), `app.error(404)(missing)` or a Bottle
subclass's `self.error_handler[404] = self.missing`, is `register_error_handler(404,
...)`, and the function's returns get the code as a decorated handler's do; a method's
error is its parameter after `self`.
A handler that reads `err.body` shows Werkzeug's text for a path no route matches
(Bottle's: `Not found: '/x'`, `Method not allowed.`): declared as D-error-text by
default; with --faithful a before_request hook sets Bottle's text. A 405 handler's
page has no `Allow` header in Flask: declared as D-error-allow.
"""

from __future__ import annotations

import libcst as cst

from ..edit import arg, walk
from .base import Change, Rule

SPELT_OTHERWISE = {"414"}  # codes whose reason Bottle and Werkzeug spell differently
ERROR_ATTRS = {"body": "description", "status_code": "code", "exception": "original_exception"}


def handler_name(node: cst.BaseExpression) -> str | None:
    """The function an error page is registered by name: `missing`, or a method of the
    app's own class, `self.missing` (a Bottle subclass's)."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) \
            and node.value.value == "self":
        return node.attr.value
    return None


class Errors(Rule):
    code = "P009"
    summary = "@error(code) becomes errorhandler(code) returning (body, code)"
    declares = (Change("D-error-text", "22. Error handlers",
                       "the handler shows Werkzeug's text for a path no route matches "
                       "(Bottle: Not found: '/x') and for a wrong method",
                       error_text="routing"),
                Change("D-error-allow", "22. Error handlers",
                       "the handler's 405 page has no Allow header (Bottle sent the "
                       "error's own headers with the handler's page)", header="Allow"))
    compat = ("route_errors",)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.handlers: list[tuple[cst.BaseExpression | None, str | None]] = []
        self.codes: list[set[str] | None] = []  # per handler: its literal codes, if all are
        self.declared_text = False

    def visit_Module(self, node: cst.Module) -> None:
        # `app.error_handler[404] = not_found` or `app.error(404)(not_found)`: a handler
        # registered by name, as if decorated (function name -> its code)
        rule = self
        self.registered: dict[str, cst.BaseExpression] = {}

        class Registered(cst.CSTVisitor):
            def visit_Assign(self, stmt: cst.Assign) -> None:
                target = stmt.targets[0].target if len(stmt.targets) == 1 else None
                slot = rule.handler_slot(target)
                if slot is not None and (name := handler_name(stmt.value)) is not None:
                    rule.registered[name] = slot

            def visit_Call(self, call: cst.Call) -> None:
                found = rule.registration(call)
                if found is not None and (name := handler_name(found[1])) is not None:
                    rule.registered[name] = found[0]

        walk(node, Registered())

    def handler_slot(self, target) -> cst.BaseExpression | None:
        """The code of `app.error_handler[code]`, else None."""
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Attribute) \
                and target.value.attr.value == "error_handler" \
                and self.is_app(target.value.value) and len(target.slice) == 1 \
                and isinstance(target.slice[0].slice, cst.Index):
            return target.slice[0].slice.value
        return None

    def registration(self, call: cst.Call) -> tuple[cst.BaseExpression,
                                                    cst.BaseExpression] | None:
        """(code, function) of `app.error(code)(function)`, else None; a lambda's value
        is sent with the code, as Bottle sent it."""
        inner = call.func
        if isinstance(inner, cst.Call) and self.app_method(inner.func) == "error" \
                and len(call.args) == 1 \
                and (isinstance(call.args[0].value, cst.Lambda)
                     or handler_name(call.args[0].value) is not None):
            given = arg(inner, 0, "code")
            code = given.value if given else cst.Integer("500")
            func = call.args[0].value
            if isinstance(func, cst.Lambda):
                func = func.with_changes(body=cst.Tuple([
                    cst.Element(func.body, comma=cst.Comma(
                        whitespace_after=cst.SimpleWhitespace(" "))), cst.Element(code)]))
            return code, func
        return None

    def leave_SimpleStatementLine(self, original, updated):
        stmt = updated.body[0] if len(updated.body) == 1 else None
        found: tuple[cst.BaseExpression, cst.BaseExpression, cst.BaseExpression] | None = None
        # handler_slot(): `app.error_handler[code]`, a subscript of an attribute
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 \
                and isinstance(target := stmt.targets[0].target, cst.Subscript) \
                and isinstance(target.value, cst.Attribute) \
                and (slot := self.handler_slot(target)) is not None \
                and handler_name(stmt.value) is not None:
            found = (slot, target.value.value, stmt.value)
        # registration(): `app.error(code)(function)`, a call of a call
        elif isinstance(stmt, cst.Expr) and isinstance(stmt.value, cst.Call) \
                and isinstance(stmt.value.func, cst.Call) \
                and (registered := self.registration(stmt.value)) is not None:
            code, func = registered
            owner = stmt.value.func.func
            found = (code, owner.value if isinstance(owner, cst.Attribute)
                     else cst.Name(self.facts.app_name), func)
        if found is None:
            return updated
        self.fired()
        code, app, func = found
        call = cst.Call(cst.Attribute(app, cst.Name("register_error_handler")),
                        [cst.Arg(code, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(
                            " "))), cst.Arg(func)])
        return updated.with_changes(body=[cst.Expr(call)])

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        code, param, count = None, None, 0
        codes: set[str] | None = set()
        if node.name.value in self.registered:  # registered by name further on
            code, count = self.registered[node.name.value], 1
            codes = {code.value} if isinstance(code, cst.Integer) else None
        for d in node.decorators:
            call = d.decorator
            if isinstance(call, cst.Call) and self.app_method(call.func) == "error":
                given = arg(call, 0, "code")
                code = given.value if given else cst.Integer("500")
                count += 1
                if codes is not None and isinstance(code, cst.Integer):
                    codes.add(code.value)
                else:
                    codes = None
        self.codes.append(codes)
        if codes and "405" in codes:
            # Flask builds the handler's page afresh: the MethodNotAllowed's Allow header
            # is not on it (Bottle applied the error's headers before calling the handler)
            self.declare("D-error-allow")
        params = node.params.params
        if params and params[0].name.value == "self":  # a method (self.error_handler[404])
            params = params[1:]
        if code is not None and params:
            param = params[0].name.value
            if count > 1:  # one handler for several codes: the error's own code
                code = cst.Attribute(cst.Name(param), cst.Name("code"))
        self.handlers.append((code, param))

    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        call = updated.decorator
        if isinstance(call, cst.Call) and self.app_method(call.func) == "error":
            self.fired()
            func = call.func
            new = func.with_changes(attr=cst.Name("errorhandler")) \
                if isinstance(func, cst.Attribute) else cst.parse_expression(
                    f"{self.facts.app_name}.errorhandler")
            args = call.args or [cst.Arg(cst.Integer("500"))]
            return updated.with_changes(decorator=call.with_changes(func=new, args=args))
        return updated

    def leave_Return(self, original: cst.Return, updated: cst.Return):
        code = self.handlers[-1][0] if self.handlers else None
        if code is None or updated.value is None or isinstance(updated.value, cst.Tuple):
            return updated
        return updated.with_changes(value=cst.Tuple([cst.Element(updated.value),
                                                     cst.Element(code)], lpar=[], rpar=[]))

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        param = self.handlers[-1][1] if self.handlers else None
        if param and isinstance(updated.value, cst.Name) and updated.value.value == param:
            name = updated.attr.value
            if name in ERROR_ATTRS:
                if name == "body" and self.exact("error-text"):  # routing 404/405: Bottle's
                    self.need_exact("route_errors")
                elif name == "body" and not self.declared_text:
                    self.declared_text = True
                    self.declare("D-error-text")
                return updated.with_changes(attr=cst.Name(ERROR_ATTRS[name]))
            codes = self.codes[-1] if self.codes else None
            if name in {"status", "status_line"} and codes and not codes & SPELT_OTHERWISE:
                # Bottle's "404 Not Found" is Werkzeug's code and name for every code but
                # 414 (Bottle: Request-URI, Werkzeug: Request URI)
                self.fired()
                return cst.parse_expression(f'f"{{{param}.code}} {{{param}.name}}"')
            if name in {"status", "status_line", "traceback", "headers"}:
                self.todo(f"{param}.{name}: Werkzeug's HTTPException has code, name and "
                          "description; rebuild this from those")
        return updated

    def leave_FunctionDef(self, original, updated):
        self.codes.pop()
        code, _ = self.handlers.pop()
        if code is not None and not updated.params.params:
            # Flask passes the exception; Bottle handlers may take none... they take one.
            self.todo("error handler without a parameter: Flask passes the error; add one",
                      breaks=True)
        return updated
