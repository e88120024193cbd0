"""P008: redirect and abort: Bottle raises both, Flask returns a redirect

    redirect("/")        (a statement in a view)  ->  return redirect("/", 303)
    redirect("/")        (anywhere else)          ->  abort(redirect("/", 303))
    abort(404, "No item")                         ->  abort(404, "No item")
    raise HTTPError(404, "No item")               ->  abort(404, "No item")
    raise HTTPResponse("made", status=201)        ->  abort(Response("made", status=201))
    return HTTPResponse(status=202)               ->  return Response(status=202)
    return HTTPResponse({"a": 1}, status=201)     ->  return Response(json.dumps({"a": 1}),
                                                      content_type="application/json",
                                                      status=201)

An HTTPError given what abort() cannot take (headers as keywords, an exception, a
traceback) stays Bottle's, raised (returned by a view, too, as Bottle answers it):
`from bottle_responses import HTTPError`, a helper the port copies
(port/compat/bottle_responses.py), under a TODO. One whose status is read at run time is
`abort(status, body)`; the check's repair (or `--faithful`) keeps Bottle's HTTPError
there instead, which takes any code or a status line.

`return HTTPError(...)` in a function the model does not know as a view (a helper, or a
view of a module that does not make the app, routed from the one that does:
`app.route(rule, "GET", files.serve)`) keeps the value a value: it becomes the HTTPError
of bottle_responses.py, a Werkzeug exception that a Flask view returning it answers with
its status (as a WSGI app), under a TODO (the app's `@app.errorhandler` does not see it:
raise it where a view returns it). `return HTTPResponse(...)` there is Werkzeug's
Response, as in a view.

`redirect` passed as a value (a default argument, `self.redirect = redirect`) gets a
TODO: where it is called, Flask's returns the response that Bottle's raised. A redirect
imported under another name (`from bottle import redirect as go_to`, also inside a
function) is called as Flask's `redirect`; where the module has a `redirect` of its own,
as Flask's under a free name (`from flask import redirect as flask_redirect`).
A function or method routed by a call (`app.route("/x")(self.page)`, `callback=page`)
is a view as much as a decorated one: its `redirect()` is returned.

An HTTPResponse's dict body is JSON, as Bottle's JSON plugin sends it; a body that is
neither a dict literal nor a string gets a TODO (a dict would be sent as its keys). One
given its arguments as `**args`, or a header by name (`HTTPResponse(body, Location="/x")`,
Bottle's more headers), has no Werkzeug form: Werkzeug's Response takes other names, and
Bottle's HTTPResponse returned from a Flask view is a server error. It becomes bottle_compat's
BottleHTTPResponse, which takes Bottle's signature (`return BottleHTTPResponse(**args)`).

Bottle answers a redirect with 303 to HTTP/1.1 clients (302 to HTTP/1.0), Flask
with 302: the code is written out so the status stays Bottle's. Bottle also makes
the Location absolute (against the request URL): by default Flask's relative one is
declared (D-location, an `[[ignore]]` of `Location` on the view's paths in
parity.toml); with `--faithful` the app's `redirect` makes it absolute. Flask's redirect
also writes a short HTML note as its body where Bottle's is empty: declared too
(D-redirect-body, the framework's own redirect body, which the check matches to the
view's routes); `--faithful`'s redirect sends Bottle's empty body. The text given
to abort() becomes the error's description (`err.body` in a handler: see P009).
"""

from __future__ import annotations

import libcst as cst

from ..edit import arg, free_name, is_name
from .base import (
    Candidate,
    Change,
    Companion,
    Declare,
    Import,
    Need,
    Rule,
    is_view,
    route_globs,
)

# Flask's redirect where the module has a `redirect` of its own (a free name like it)
FLASK_REDIRECT = "flask_redirect"


class RedirectAbort(Rule):
    code = "P008"
    summary = "redirect() returned (aborted with outside a view) with Bottle's code; abort() kept"
    declares = (Change("D-location", "18. Redirects",
                       "a redirect's Location is sent as given (Bottle makes it absolute)",
                       header="Location"),
                Change("D-redirect-body", "18. Redirects",
                       "a redirect's body is Flask's short HTML note (Bottle's is empty)",
                       framework="redirect-body"))
    compat = ("location",)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.views: list[bool] = []
        self.not_values: set[int] = set()  # Names that are no use of the value
        self.globs: list[list[str]] = []  # the paths of the functions being visited

    def visit_Module(self, node: cst.Module) -> None:
        # functions and methods routed by a call (app.route(path)(self.page), callback=)
        # are views too: their redirect() is returned, their HTTPResponse a Response
        self.by_call = {r.view for r in self.facts.routes if r.by_call and r.view}
        self.flask_redirect: str | None = None  # Flask's redirect under another name

    def visit_ImportFrom(self, node) -> bool:
        return False

    def visit_Param(self, node: cst.Param) -> None:
        self.not_values.add(id(node.name))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.not_values.add(id(node.attr))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.not_values.add(id(node.keyword))

    def visit_Call(self, node: cst.Call) -> None:
        self.not_values.add(id(node.func))

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) not in self.not_values and self.api(node) == "redirect":
            self.todo("Bottle's redirect passed as a value: where it is called, Flask's "
                      "redirect() returns the response that Bottle's raised; return it "
                      "(or abort() with it) there")

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.views.append(is_view(self, node) or node.name.value in self.by_call)
        self.globs.append(route_globs(self, node) or ["*"])

    def leave_FunctionDef(self, original, updated):
        self.views.pop()
        self.globs.pop()
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
            if is_name(updated.func) and self.flask_name_free():
                # `from bottle import redirect as go_to`: go_to("/") is Flask's redirect
                # now (its import goes once nothing calls it)
                updated = updated.with_changes(func=cst.Name("redirect"))
            elif is_name(updated.func) and not is_name(updated.func, "redirect"):
                # an alias where the module has a `redirect` of its own (a method of that
                # name): Flask's comes under another name; Bottle's, kept, raised its
                # HTTPResponse in Flask, a 500 (RULE-s53 class I)
                if self.flask_redirect is None:
                    self.flask_redirect = free_name(FLASK_REDIRECT, set(self.facts.words))
                    self.need_import("flask", "redirect", self.flask_redirect)
                updated = updated.with_changes(func=cst.Name(self.flask_redirect))
            if is_name(updated.func, "redirect"):
                self.need_import("flask", "redirect")
            paths = tuple(self.globs[-1] if self.globs else ["*"])
            self.site("redirect-location",
                      Candidate(declares=(Declare("D-location", paths),
                                          Declare("D-redirect-body", paths))),
                      Candidate(needs=(Need.LOCATION,)))
            if arg(updated, 1, "code") is None:
                first = updated.args[0].with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                updated = updated.with_changes(args=[first, cst.Arg(cst.Integer("303"))])
            return updated
        if name == "abort":
            self.fired()
            if is_name(updated.func) and self.flask_name_free("abort"):
                # `from bottle import abort as stop`: stop(403) is Flask's abort now
                updated = updated.with_changes(func=cst.Name("abort"))
            self.need_import("flask", "abort")
            if not updated.args:
                return updated.with_changes(args=[cst.Arg(cst.Integer("500"))])
        return updated

    def flask_name_free(self, name: str = "redirect") -> bool:
        """`redirect` (or `abort`) can name Flask's: the module reads none of its own."""
        return self.facts.bottle.get(name) == name or name not in self.facts.read_before

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr):
        call = updated.value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name)
                and call.func.value in ("redirect", self.flask_redirect)
                and "redirect" not in self.facts.apps
                and isinstance(original.value, cst.Call)
                and self.api(original.value.func) == "redirect"):
            return updated
        if self.views and self.views[-1]:
            return cst.Return(call)
        self.need_import("flask", "abort")
        return updated.with_changes(value=cst.Call(cst.Name("abort"), [cst.Arg(call)]))

    # -- Bottle's HTTPError and HTTPResponse, raised or returned by a view -------------
    def leave_Raise(self, original: cst.Raise, updated: cst.Raise):
        new = self.http(original.exc, raised=True)
        if isinstance(new, cst.Raise):  # Bottle's HTTPError kept: still raised
            return updated.with_changes(exc=new.exc)
        return updated if new is None else cst.Expr(new)

    def leave_Return(self, original: cst.Return, updated: cst.Return):
        if original.value is None:
            return updated
        if not (self.views and self.views[-1]):
            return self.returned_elsewhere(original, updated)
        new = self.http(original.value, raised=False)
        if isinstance(new, cst.Raise):  # Bottle answers a returned HTTPError as raised
            return new
        return updated if new is None else updated.with_changes(value=new)

    def returned_elsewhere(self, original: cst.Return, updated: cst.Return):
        """`return HTTPError(...)`/`HTTPResponse(...)` in a function the model does not know
        as a view (a helper, or a view routed from another module): the value is kept a
        value. An HTTPResponse becomes Werkzeug's Response; an HTTPError the HTTPError of
        bottle_responses.py, a Werkzeug exception that Flask answers with its status when
        a view returns it (as a WSGI app), as Bottle answers its own."""
        value = original.value
        kind = self.api(value.func) if isinstance(value, cst.Call) else None
        if kind == "HTTPResponse":
            new = self.http(value, raised=False)
            return updated if new is None else updated.with_changes(value=new)
        if kind != "HTTPError" or not isinstance(updated.value, cst.Call):
            return updated
        self.fired()
        self.todo("HTTPError returned outside a known view: Bottle's HTTPError kept "
                  "(bottle_responses.py); a Flask view that returns it answers its status "
                  "without the app's @app.errorhandler: raise it, or abort(code, "
                  "description), where a view returns it")
        self.need_helper(HELPER, "HTTPError")
        return updated.with_changes(value=updated.value.with_changes(func=cst.Name("HTTPError")))

    def kept_error(self, call: cst.Call, why: str) -> cst.Raise:
        """`raise HTTPError(...)` with the HTTPError of bottle_responses.py (the port copies
        it): Bottle's signature, status line, headers and error handlers, in Flask."""
        self.fired()
        kept = self.kept(call, why)
        self.take_candidate(kept, True)
        assert isinstance(kept.form, cst.Raise)
        return kept.form

    def kept(self, call: cst.Call, why: str) -> Candidate:
        """kept_error()'s form as a value (the exact candidate of a status read at run
        time)."""
        return Candidate(cst.Raise(exc=call.with_changes(func=cst.Name("HTTPError"))),
                         imports=(Import(HELPER.value, "HTTPError", companion=HELPER),),
                         todo=f"{why}: Bottle's HTTPError kept (bottle_responses.py); Flask's "
                         "is abort(code, description), and headers set in an "
                         "@app.errorhandler for the code")

    def kept_response(self, call: cst.Call, raised: bool) -> cst.BaseExpression:
        """`HTTPResponse(**args)`, or a header given by name: Bottle's signature (body,
        status, headers, more headers by name), which Werkzeug's Response does not take,
        kept by bottle_compat's BottleHTTPResponse (RULE-s51 class C: the TODO left
        Bottle's HTTPResponse, which a Flask view cannot return)."""
        self.fired()
        kept = Candidate(call.with_changes(func=cst.Name("BottleHTTPResponse")),
                         imports=(Import("bottle_compat", "BottleHTTPResponse"),))
        response = self.site("http-response-arguments", Candidate(call, todo=ARGUMENTS_TODO),
                             kept, keeps=ARGUMENTS_WHY).form
        assert isinstance(response, cst.BaseExpression)
        if not raised:
            return response
        self.need_import("flask", "abort")
        return cst.Call(cst.Name("abort"), [cst.Arg(response)])

    def http(self, node, raised: bool):
        """abort()/Response() for `HTTPError(...)`/`HTTPResponse(...)`, a Raise of the
        HTTPError kept, else None."""
        kind = self.api(node.func) if isinstance(node, cst.Call) else None
        if kind not in HTTP:
            return None
        names = HTTP[kind]
        given = {}
        for i, a in enumerate(node.args):
            key = a.keyword.value if a.keyword else (names[i] if i < len(names) else None)
            if (a.star or key not in names) and kind == "HTTPError":
                # headers (X_A="1"), an exception, a traceback: abort() takes none
                return self.kept_error(node, f"HTTPError() with {key or 'more'} arguments")
            if a.star or key not in names:
                return self.kept_response(node, raised)
            given[key] = a.value
        if kind == "HTTPError":
            status = given.get("status", cst.Integer("500"))
            # a status read at run time: abort() takes the codes Werkzeug has an
            # exception for; Bottle's any code or status line (the exact candidate)
            args = [cst.Arg(status)] + ([cst.Arg(given["body"])] if "body" in given else [])
            idiomatic = Candidate(cst.Call(cst.Name("abort"), _commas(args)),
                                  imports=(Import("flask", "abort"),))
            self.fired()
            if not isinstance(status, cst.Integer):
                idiomatic = self.site("http-error-status", idiomatic, self.kept(
                    node, "HTTPError() with a status read at run time"))
            else:
                self.need_import("flask", "abort")
            return idiomatic.form
        self.fired()
        # (--faithful) sent as it is, Bottle's response's changes dropped, as in Bottle
        response_class = self.site_if_exact(
            "http-response", Candidate("Response", imports=(Import("flask", "Response"),)),
            Candidate("BottleHTTPResponse",
                      imports=(Import("bottle_compat", "BottleHTTPResponse"),))).form
        assert isinstance(response_class, str)
        body = given.get("body")
        args = [cst.Arg(body)] if body is not None else []
        if isinstance(body, cst.Dict) or isinstance(body, cst.Call) and is_name(
                body.func, "dict"):
            # Bottle's JSON plugin sends a dict body as JSON; Werkzeug would send its keys
            self.need_import("json")
            args = [cst.Arg(cst.Call(cst.parse_expression("json.dumps"), [cst.Arg(body)])),
                    cst.Arg(cst.SimpleString('"application/json"'),
                            keyword=cst.Name("content_type"), equal=_eq())]
        elif body is not None and not _text(body):
            self.todo("HTTPResponse(body): if the body is a dict, Bottle sends it as JSON; "
                      "Flask's Response would send its keys: json.dumps() it there")
        args += [cst.Arg(given[k], keyword=cst.Name(k), equal=_eq())
                 for k in ("status", "headers") if k in given]
        response = cst.Call(cst.Name(response_class), _commas(args))
        if not raised:
            return response
        self.need_import("flask", "abort")
        return cst.Call(cst.Name("abort"), [cst.Arg(response)])


# The helper module the port copies where Bottle's HTTPError is kept
# (port/compat/bottle_responses.py)
HELPER = Companion.RESPONSES
# An HTTPResponse given `**args` or a header by name: no Werkzeug form
ARGUMENTS_TODO = ("HTTPResponse() with ** arguments or a header by name: build the Flask "
                  "Response by hand (Werkzeug's takes response=, not body=, and headers= only)")
ARGUMENTS_WHY = ("HTTPResponse() with ** arguments or a header by name: Werkzeug's Response "
                 "takes other names, and Bottle's own is a server error in a Flask view")
# Bottle's signatures: the arguments kept, in their positional order.
HTTP = {"HTTPError": ("status", "body"), "HTTPResponse": ("body", "status", "headers")}


def _eq():
    return cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                           whitespace_after=cst.SimpleWhitespace(""))


def _commas(args):
    return [a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for a in args[:-1]] + args[-1:]


# Calls whose result is text or bytes, never a dict.
TEXT_CALLS = {"json.dumps", "dumps", "str", "bytes", "repr", "template", "render_template",
              "render_template_string", "json_dumps"}
# Methods of a text value that give text again.
TEXT_METHODS = {"format", "join", "encode", "decode", "strip", "upper", "lower", "replace"}


def _text(body: cst.BaseExpression) -> bool:
    """A body that is surely text (a literal, an f-string, `%` or `+` on a literal,
    json.dumps(...), str(...), "...".format(), "".join(...)): Bottle sends it as it is."""
    if isinstance(body, cst.BaseString):
        return True
    if isinstance(body, cst.BinaryOperation) and isinstance(body.operator,
                                                           cst.Modulo | cst.Add):
        return _text(body.left) or _text(body.right)
    if not isinstance(body, cst.Call):
        return False
    if cst.Module([]).code_for_node(body.func) in TEXT_CALLS:
        return True
    func = body.func
    return isinstance(func, cst.Attribute) and func.attr.value in TEXT_METHODS \
        and _text(func.value)
