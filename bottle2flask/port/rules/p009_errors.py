"""P009: error handlers: `@app.error(404)` becomes `@app.errorhandler(404)`

A Bottle error handler's return value is sent with the error's status; Flask sends
a handler's plain return value as 200, so each `return x` gets the code:
`return x, 404` (`return x, err.code` when one handler has several `@error()`s), except
a response Bottle sends with its own status (`return static_file(...)`,
`HTTPResponse(...)`, `HTTPError(...)`: an error page served as a file answers 200). The
HTTPError's attributes get Werkzeug's names (`err.body` -> `err.description`,
`err.status_code` -> `err.code`), and the rest is built from what Werkzeug's exception
holds, so no read of the error object is an AttributeError in the port:

    err.status, err.status_line  ->  f"{err.code} {err.name}"
    err.exception                ->  getattr(err, "original_exception", None)
    err.traceback                ->  traceback.format_exc() if ... original_exception ...
    err.headers                  ->  Headers([...err.get_headers() but Content-Type])

(`err.original_exception` alone in a handler of 500 only: Flask hands a 500 handler an
InternalServerError that holds the exception; Werkzeug's other errors have no such
attribute, where Bottle's `exception` was None.)
A handler registered by hand, `app.error_handler[404] = missing` (Flask's app has no
`error_handler`: an AttributeError at import), `app.error(404)(missing)` or a Bottle
subclass's `self.error_handler[404] = self.missing`, is `register_error_handler(404,
...)`, and the function's returns get the code as a decorated handler's do; a method's
error is its parameter after `self`. A code known only when the code runs (`for code in
HTTP_CODES: app.error_handler[code] = f`) is a site: Werkzeug refuses a code it has no
error for (402, a ValueError at import), and its exact form, bottle_compat's
`bottle_error_handler(app, code, f)`, registers the codes Flask can raise and passes over
the others, which no Flask app can answer with a handler (the check's repair moves it).
The error handed whole to a template render (`template("error", code=code)`, its template
reading `code._status_code`, `code.status_line`, `code.body`) is kept as Bottle's
(`code=bottle_error(code)`, bottle_compat's BottleError over Werkzeug's exception): the
template's reads of Werkzeug's error were undefined, and its page lost.
A handler that takes no parameter fails when called in both frameworks (each calls it
with the error): Bottle answered its "Critical error" 500 page, Flask answers its own 500
page; it keeps a TODO that breaks nothing the original served, and the pages' bodies are
declared as D-error-no-parameter.
A handler that reads `err.body` shows Werkzeug's text for a path no route matches
(Bottle's: `Not found: '/x'`, `Method not allowed.`) and for an `abort(code)` given no
text (Bottle's: `Unknown Error.`): declared as D-error-text by default; with --faithful
a before_request hook sets Bottle's routing text, and the app's aborter gives an abort()
without text Bottle's words. A handler of 500
that reads `err.body` shows Werkzeug's sentence for an exception the view raised
(Bottle's: `Internal Server Error`), a traceback lists Flask's frames, not Bottle's, and
the status line of 414 and 511 (and of a code the port cannot read) is spelt Werkzeug's
way: each declared as D-error-object, its detail saying which. So is a handler that shows
the error as a whole (`"Error: " + str(err)`, `f"{err}"`, `"%s" % err`, `repr(err)`):
Bottle's HTTPError prints its arguments, `(500, 'Internal Server Error',
OperationalError(...), 'Traceback ...')` (the traceback whether or not `debug(True)`),
Werkzeug's exception its code, name and description; the check counts it declared on
the pages where the original answered one of the handler's codes and the port the same
(a 404 handler's page, the error's text each framework's), and on a 500, the page of a
view that fails in both apps (the original failed there too: no page it served is lost).
Its exact form (`--faithful`, a repair) shows `bottle_error(err)` there, which prints
Bottle's arguments, `(404, "Not found: '/x'")`. A 405 handler's page has no `Allow`
header in Flask: declared as D-error-allow.
"""

from __future__ import annotations

import libcst as cst

from ..edit import arg, function_named
from ..model.facts import ModuleFacts
from .base import Candidate, Change, Declare, Import, Need, Rule

# Bottle's responses a handler may return: Bottle sends each with its own status, not the
# error's (an error page served by static_file answers 200)
KEEP_THEIR_STATUS = {"static_file", "HTTPResponse", "HTTPError"}
PORTED_RESPONSES = {"Response", "send_from_directory"}  # what P008 and P012 make of them
SPELT_OTHERWISE = {"414", "511"}  # codes whose reason Bottle and Werkzeug spell differently
ERROR_ATTRS = {"body": "description", "status_code": "code"}
# Bottle's template renders: an error handed to one is read by a template
RENDERS = {"template", "jinja2_template", "mako_template", "cheetah_template"}
# what P006 (an earlier walk) makes of them
PORTED_RENDERS = {"render_template", "bottle_template", "bottle_kept_template",
                  "bottle_simple_template", "bottle_undefined", "bottle_uncompiled"}
# Bottle's traceback: the text of the exception a view raised (a 500), else None
TRACEBACK = ('(traceback.format_exc() if getattr({e}, "original_exception", None) '
             'is not None else None)')
# Bottle's HTTPError held only the headers it was given (Allow on a 405): Werkzeug's
# get_headers() adds the page's Content-Type
HEADERS = 'Headers([h for h in {e}.get_headers() if h[0].lower() != "content-type"])'


class Registered(cst.CSTVisitor):
    """P009's pre-scan: the handlers registered by name, as if decorated
    (`app.error_handler[404] = not_found`, `app.error(404)(not_found)`): function name ->
    its code."""

    def __init__(self, facts: ModuleFacts) -> None:
        super().__init__()
        self.facts = facts
        self.registered: dict[str, cst.BaseExpression] = {}

    def visit_Assign(self, stmt: cst.Assign) -> None:
        target = stmt.targets[0].target if len(stmt.targets) == 1 else None
        slot = handler_slot(self.facts, target)
        if slot is not None and (name := function_named(stmt.value)) is not None:
            self.registered[name] = slot

    def visit_Call(self, call: cst.Call) -> None:
        found = registration(self.facts, call)
        if found is not None and (name := function_named(found[1])) is not None:
            self.registered[name] = found[0]


def handler_slot(facts: ModuleFacts, target) -> cst.BaseExpression | None:
    """The code of `app.error_handler[code]`, else None."""
    if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Attribute) \
            and target.value.attr.value == "error_handler" \
            and facts.is_app(target.value.value) and len(target.slice) == 1 \
            and isinstance(target.slice[0].slice, cst.Index):
        return target.slice[0].slice.value
    return None


def registration(facts: ModuleFacts,
                 call: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(code, function) of `app.error(code)(function)`, else None; a lambda's value
    is sent with the code, as Bottle sent it."""
    inner = call.func
    if isinstance(inner, cst.Call) and facts.app_method(inner.func) == "error" \
            and len(call.args) == 1 \
            and (isinstance(call.args[0].value, cst.Lambda)
                 or function_named(call.args[0].value) is not None):
        given = arg(inner, 0, "code")
        code = given.value if given else cst.Integer("500")
        func = call.args[0].value
        if isinstance(func, cst.Lambda):
            func = func.with_changes(body=cst.Tuple([
                cst.Element(func.body, comma=cst.Comma(
                    whitespace_after=cst.SimpleWhitespace(" "))), cst.Element(code)]))
        return code, func
    return None


class Errors(Rule):
    code = "P009"
    reader = Registered
    summary = "@error(code) becomes errorhandler(code) returning (body, code)"
    declares = (Change("D-error-text", "22. Error handlers",
                       "the handler shows Werkzeug's text for a path no route matches "
                       "(Bottle: Not found: '/x'), for a wrong method, for a file "
                       "static_file() does not serve (Bottle: File does not exist.) and "
                       "for an abort() given no text (Bottle: Unknown Error.)",
                       error_text="routing"),
                Change("D-error-allow", "22. Error handlers",
                       "the handler's 405 page has no Allow header (Bottle sent the "
                       "error's own headers with the handler's page)", header="Allow"),
                Change("D-error-no-parameter", "22. Error handlers",
                       "the handler takes no parameter: Bottle's call of it failed (its "
                       "'Critical error' 500 page) and Flask's fails too (its own 500 "
                       "page): both 500, the bodies each framework's", status="500"),
                Change("D-error-object", "22. Error handlers",
                       "the handler reads Werkzeug's error: a 500's text is Werkzeug's "
                       "sentence (Bottle: Internal Server Error), a traceback lists "
                       "Flask's frames, 414 and 511 are spelt Werkzeug's way, the error "
                       "as text is its code, name and description (Bottle: its "
                       "arguments, a 500's traceback among them)"))
    compat = ("route_errors",)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.handlers: list[tuple[cst.BaseExpression | None, str | None]] = []
        self.codes: list[set[str] | None] = []  # per handler: its literal codes, if all are
        self.declared_text = False
        self.said: list[set[str]] = []  # per function: the changes it declared
        self.targets = 0  # assignment targets being visited
        self.renders: list[bool] = []  # per call being visited: a template render

    def visit_Module(self, node: cst.Module) -> None:
        # `app.error_handler[404] = not_found` or `app.error(404)(not_found)`: a handler
        # registered by name, as if decorated (function name -> its code)
        self.registered: dict[str, cst.BaseExpression] = self.pre_scan(node).registered

    def leave_SimpleStatementLine(self, original, updated):
        stmt = updated.body[0] if len(updated.body) == 1 else None
        found: tuple[cst.BaseExpression, cst.BaseExpression, cst.BaseExpression] | None = None
        # handler_slot(): `app.error_handler[code]`, a subscript of an attribute
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 \
                and isinstance(target := stmt.targets[0].target, cst.Subscript) \
                and isinstance(target.value, cst.Attribute) \
                and (slot := handler_slot(self.facts, target)) is not None \
                and function_named(stmt.value) is not None:
            found = (slot, target.value.value, stmt.value)
        # registration(): `app.error(code)(function)`, a call of a call
        elif isinstance(stmt, cst.Expr) and isinstance(stmt.value, cst.Call) \
                and isinstance(stmt.value.func, cst.Call) \
                and (registered := registration(self.facts, stmt.value)) is not None:
            code, func = registered
            owner = stmt.value.func.func
            found = (code, owner.value if isinstance(owner, cst.Attribute)
                     else cst.Name(self.facts.app_name), func)
        if found is None:
            return updated
        self.fired()
        code, app, func = found
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        call = cst.Call(cst.Attribute(app, cst.Name("register_error_handler")),
                        [cst.Arg(code, comma=comma), cst.Arg(func)])
        if not isinstance(code, cst.Integer):
            # a code known when the code runs (`for code in HTTP_CODES`): Werkzeug refuses
            # one it has no error for (402: a ValueError, the port does not start), where
            # Bottle took any; the exact form registers the ones Flask can raise
            exact = cst.Call(cst.Name("bottle_error_handler"), [
                cst.Arg(app, comma=comma), cst.Arg(code, comma=comma), cst.Arg(func)])
            chosen = self.site("error-code", Candidate(call), Candidate(
                exact, imports=(Import("bottle_compat", "bottle_error_handler"),))).form
            assert isinstance(chosen, cst.Call)
            call = chosen
        return updated.with_changes(body=[cst.Expr(call)])

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        code, param, count = None, None, 0
        codes: set[str] | None = set()
        if node.name.value in self.registered:  # registered by name further on
            code, count = self.registered[node.name.value], 1
            codes = {code.value} if isinstance(code, cst.Integer) else None
        for d in node.decorators:
            call = d.decorator
            if self.registers_errors(call):
                # the app's own decorator registering it (`@Error(404)`, whose __call__
                # sets `app.error_handler[code] = handler`): its code is read at run time
                code, codes = cst.Name("code"), None
                count += 1
            elif isinstance(call, cst.Call) and self.app_method(call.func) == "error":
                given = arg(call, 0, "code")
                code = given.value if given else cst.Integer("500")
                count += 1
                if codes is not None and isinstance(code, cst.Integer):
                    codes.add(code.value)
                else:
                    codes = None
        self.codes.append(codes)
        self.said.append(set())
        if codes and "405" in codes:
            # Flask builds the handler's page afresh: the MethodNotAllowed's Allow header
            # is not on it (Bottle applied the error's headers before calling the handler)
            self.declare("D-error-allow")
        params = node.params.params
        if params and params[0].name.value == "self":  # a method (self.error_handler[404])
            params = params[1:]
        if code is not None and params:
            param = params[0].name.value
            if count > 1 or not isinstance(code, cst.Integer):
                # one handler for several codes, or for a code known at run time (a loop's
                # name, whose last value is another code by the time it answers): the
                # error's own code
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
        if self.sends_its_own_status(original.value, updated.value):
            return updated  # Bottle sends a response's own status (200 for a static file)
        return updated.with_changes(value=cst.Tuple([cst.Element(updated.value),
                                                     cst.Element(code)], lpar=[], rpar=[]))

    def sends_its_own_status(self, original: cst.BaseExpression | None,
                             updated: cst.BaseExpression) -> bool:
        """A Bottle response Bottle sends with its own status: `static_file(...)`,
        `HTTPResponse(...)`, `HTTPError(...)`, as written or as the rule before this one
        wrote it (`Response(...)`, `send_from_directory(...)`, names the module did not
        spell itself)."""
        if isinstance(original, cst.Call) and self.api(original.func) in KEEP_THEIR_STATUS:
            return True
        return (isinstance(updated, cst.Call) and isinstance(updated.func, cst.Name)
                and updated.func.value in PORTED_RESPONSES
                and updated.func.value not in self.facts.words)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        param = self.handlers[-1][1] if self.handlers else None
        if not (param and isinstance(updated.value, cst.Name) and updated.value.value == param):
            return updated
        name = updated.attr.value
        codes = self.codes[-1] if self.codes else None
        may_500 = codes is None or "500" in codes  # codes None: not all literal
        if name in ERROR_ATTRS:
            if name == "body":  # the exact one: routing 404/405 read as Bottle's
                idiomatic = Candidate() if self.declared_text \
                    else Candidate(declares=(Declare("D-error-text"),))
                if self.site("error-text", idiomatic,
                             Candidate(needs=(Need.ROUTE_ERRORS,))) is idiomatic:
                    self.declared_text = True
            if name == "body" and may_500 and not self.state.faithful:
                self.declare_once("D-error-object", "the text of a 500")
            return updated.with_changes(attr=cst.Name(ERROR_ATTRS[name]))
        if self.targets and name in {"status", "status_line", "exception", "traceback",
                                     "headers"}:
            # `err.status = 200`: Werkzeug's exception has no such attribute to set
            self.todo(f"{param}.{name} set on the error: Werkzeug's exception makes its own "
                      "page; return the body and status you want instead")
            return updated
        if name in {"status", "status_line", "exception", "traceback", "headers"}:
            self.fired()
        if name in {"status", "status_line"}:
            # Bottle's "404 Not Found" is Werkzeug's code and name for every code but
            # 414 and 511 (Bottle: Request-URI, Werkzeug: Request URI)
            if codes is None or codes & SPELT_OTHERWISE:
                self.declare_once("D-error-object", "the status line")
            return cst.parse_expression(f'f"{{{param}.code}} {{{param}.name}}"')
        if name == "exception":
            if codes == {"500"}:  # Flask's InternalServerError holds what the view raised
                return updated.with_changes(attr=cst.Name("original_exception"))
            return cst.parse_expression(f'getattr({param}, "original_exception", None)')
        if name == "traceback":
            self.need_import("traceback")
            if may_500:
                self.declare_once("D-error-object", "the traceback")
            return cst.parse_expression(TRACEBACK.format(e=param))
        if name == "headers":
            self.need_import("werkzeug.datastructures", "Headers")
            return cst.parse_expression(HEADERS.format(e=param))
        return updated

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        self.renders.append(self.api(func) in RENDERS or (
            isinstance(func, cst.Name) and func.value in PORTED_RENDERS
            and func.value not in self.facts.words))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        # the error handed whole to a template render (`template("error", code=code)`):
        # the template reads Bottle's attributes (`code._status_code`, `code.body`), which
        # Werkzeug's exception lacks (an undefined in Jinja2: the page is lost): it gets
        # bottle_compat's BottleError over it
        param = self.handlers[-1][1] if self.handlers else None
        if param and (isinstance(func := updated.func, cst.Name)
                      and func.value in {"str", "repr", "format"}
                      or isinstance(func, cst.Attribute) and func.attr.value == "format") \
                and any(self.is_error(given.value) for given in updated.args):
            # repr() of Bottle's HTTPError is its headers: only its text is kept
            as_text = not (isinstance(func, cst.Name) and func.value == "repr")
            updated = updated.with_changes(args=[
                given.with_changes(value=self.shown(given.value, as_text))
                if self.is_error(given.value) else given for given in updated.args])
        if not (self.renders.pop() and param):
            return updated
        args = list(updated.args)
        for i, given in enumerate(args):
            if not (isinstance(given.value, cst.Name) and given.value.value == param
                    and not given.star):
                continue
            exact = Candidate(cst.Call(cst.Name("bottle_error"), [cst.Arg(cst.Name(param))]),
                              imports=(Import("bottle_compat", "bottle_error"),))
            chosen = self.site("error-object", Candidate(given.value), exact,
                               keeps="the error handed to a template, which reads Bottle's "
                                     "HTTPError attributes (status_code, status_line, body)")
            assert isinstance(chosen.form, cst.BaseExpression)
            args[i] = given.with_changes(value=chosen.form)
        return updated.with_changes(args=args)

    def leave_FormattedStringExpression(self, original, updated):
        if self.is_error(updated.expression):  # f"{err}" (f"{err!r}": its headers)
            return updated.with_changes(expression=self.shown(
                updated.expression, updated.conversion not in ("r", "a")))
        return updated

    def leave_BinaryOperation(self, original, updated):
        right = updated.right
        if not isinstance(updated.operator, cst.Modulo):
            return updated
        if self.is_error(right):  # "%s" % err
            return updated.with_changes(right=self.shown(right))
        if isinstance(right, cst.Tuple) and any(self.is_error(e.value) for e in right.elements):
            return updated.with_changes(right=right.with_changes(elements=[
                e.with_changes(value=self.shown(e.value)) if self.is_error(e.value) else e
                for e in right.elements]))
        return updated

    def shown(self, error: cst.BaseExpression, as_text: bool = True) -> cst.BaseExpression:
        """The handler's error shown as text where it stands (`str(err)`, `f"{err}"`,
        `"%s" % err`, `"{e}".format(e=err)`): idiomatic, Werkzeug's error (its code, name
        and description: declared); exact, bottle_compat's bottle_error(err), which
        prints Bottle's HTTPError's arguments, `(404, "Not found: '/x'")`, Bottle's
        routing text among them."""
        if not as_text:  # (a repr: Bottle's is the error's headers, not kept)
            self.shown_whole()
            return error
        idiomatic = Candidate(error)
        exact = Candidate(cst.Call(cst.Name("bottle_error"), [cst.Arg(error)]),
                          imports=(Import("bottle_compat", "bottle_error"),),
                          needs=(Need.ROUTE_ERRORS,))
        chosen = self.site("error-shown", idiomatic, exact)
        if chosen is idiomatic:
            self.shown_whole()
        elif self.may_500():  # a traceback lists Flask's frames, not Bottle's
            self.declare_once("D-error-object", "the traceback of a 500 shown as text",
                              ignore=(("status", "500"),))
        assert isinstance(chosen.form, cst.BaseExpression)
        return chosen.form

    def may_500(self) -> bool:
        """Whether the handler being visited may answer a 500 (its codes not all known)."""
        codes = self.codes[-1] if self.codes else None
        return codes is None or "500" in codes

    def is_error(self, node: cst.BaseExpression) -> bool:
        """Whether node is the handler's error itself, as its parameter names it."""
        param = self.handlers[-1][1] if self.handlers else None
        return bool(param) and isinstance(node, cst.Name) and node.value == param

    def shown_whole(self) -> None:
        """The handler shows its error as text: Bottle's HTTPError printed its arguments
        (a 500's traceback among them), Werkzeug's prints its code, name and
        description. The check counts the page declared where the original answered
        one of the handler's codes (its page, with the error Bottle's; on a 500, a view
        failing in both apps) and the port the same code: a code known only when the
        code runs, on a 500 alone."""
        codes = self.codes[-1] if self.codes else None
        self.declare_once("D-error-object", "the error as text",
                          ignore=tuple(("status", code) for code in sorted(codes or {"500"})))

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.targets += 1

    def leave_AssignTarget(self, original, updated):
        self.targets -= 1
        return updated

    def declare_once(self, change: str, detail: str,
                     ignore: tuple[tuple[str, str], ...] = ()) -> None:
        """A change declared once a handler, however often it reads the attribute."""
        if detail not in self.said[-1]:
            self.said[-1].add(detail)
            self.declare(change, detail=detail, ignore=ignore)

    def leave_FunctionDef(self, original, updated):
        self.said.pop()
        self.codes.pop()
        code, _ = self.handlers.pop()
        if code is not None and not updated.params.params:
            # Bottle calls a handler with the error, as Flask does: one that takes none
            # fails in both (Bottle's "Critical error" 500 page, Flask's 500 page), so
            # the TODO breaks nothing the original served
            self.todo("error handler without a parameter: Bottle called it with the error "
                      "and failed (a 500 'Critical error' page), and Flask does too; give "
                      "it one (`def handler(error):`) for its page to be served")
            self.declare("D-error-no-parameter")
        return updated
