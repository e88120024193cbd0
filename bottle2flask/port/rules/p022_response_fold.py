"""P022: response: Bottle's global `response`, folded into the view's own

In Bottle a view changes the response before it exists (`response.set_cookie(...)`,
`response.status = 400`, `response.content_type = ...`) and a redirect keeps those
changes. By default each change is folded into what the view returns:

    response.status = 400                  ->  return template("new"), 400
    return template("new")
    response.content_type = "text/plain"   ->  return body, {"Content-Type": "text/plain"}
    response.set_cookie("a", x); ...       ->  resp = make_response(template("list"))
    return template("list")                    resp.set_cookie("a", x); return resp
    response.set_cookie("a", x); redirect("/") ->  resp = redirect("/", 303); ...; return resp

A change the block's `return` does not follow for certain (before an `if` that returns, or
in a helper) becomes an `@after_this_request` function at the spot. A helper handed
Bottle's response (`def save_session(session, response)`, called `save_session(session,
response)` from the views) loses that parameter when every call in the app passes Bottle's
`response` there and the helper only changes it (`port/response_params.py`): the calls
stop passing it and the helper's changes become `@after_this_request` functions. A change
followed by `return HTTPResponse(...)` (Flask's `Response(...)` in the port) or `return
static_file(...)` (`send_from_directory(...)`: Bottle's answered an HTTPResponse) is
dropped, as Bottle drops it (its HTTPResponse replaces the response), and shown in a
comment where it stood. A change before an `abort()`, or in a decorator's wrapper before
it calls the view (`fn(*args, **kwargs)`, which may abort or answer an HTTPResponse),
is kept by Flask where Bottle lost it: D-error-response, which names the headers and
cookies the change sets (a name written out; a `Set-Cookie` header written out,
`"name=" + value`, by its cookie's name) for parity to count as declared. So is a change
in a before_request hook (`response.headers["Access-Control-Allow-Origin"] = "*"`),
which Bottle lost on a page the view answers with static_file() (its HTTPResponse
replaces the response). A change that reads a name assigned again later in the function
(`response.set_cookie("name", name)`, then `name = name.upper()`) becomes an
`@after_this_request` function taking that name's value as a default (`def
set_cookie_name(response, name=name)`): the value the change saw, as Bottle's
response took it. A change reading a path changed inside later (`self.session`, `data` when
`data.x = ...` follows), and any other use of `response` at module level, is a
TODO; a view reading it back and returning text holds its own (P023). A function that
uses Bottle's response in a way no fold can say (reads it back, copies it, hands it on
whole: an endpoint class given `response`, a helper answering `response.set_cookie(...)`)
keeps it, by default: its lines stay as written on `bottle_compat`'s `response` (copied
with that piece alone), which applies what they set to Flask's answer after the view,
reads back as Bottle's (status, headers, content_length: a plugin logging them after
the view), and copies itself as a Response Flask sends (`copy(cls=HTTPResponse)`). So
is a function whose own import names it (`from bottle import response as r` inside a
method: the import goes, `bottle_compat`'s takes its name). A view returning that
response whole (a helper sets its status and
`Location`, then `return r`) answers as Bottle's: its changes on an empty page (Bottle
iterates the response as its body). The site is reported as kept, with why, under a TODO that does
not break; a member bottle_compat's response has not (`charset`: Werkzeug encodes every
body as UTF-8; a signed cookie) stays a breaking TODO. Each function folded is a site
too, the fold its idiomatic form and the function kept on bottle_compat's `response` its
exact one, which the check takes where the fold answers otherwise (a helper that reads
Bottle's response back after the view set it: the status and headers folded into the
return never reach what it reads). A cookie set (or deleted) without `path=`
gets Werkzeug's `Path=/`: D-cookie-path. With `--faithful`, every line is kept and `response` is a
recorder applied after the view; a function's own `from bottle import response as r`
takes bottle_compat's under that name too (it was left Bottle's, which raises outside
Bottle: the helper's page was lost). `set_cookie(..., secret=...)` (Bottle's pickled signed
cookie) is P020's (below). A lambda view that changes Bottle's response
(`app.route(path, method="OPTIONS", callback=lambda: (response.add_header(...), ...))`)
keeps bottle_compat's `response` too, by default (no fold says it in an expression; it was
a breaking TODO, or at best its headers lost), and a tuple it returns is sent as Bottle
sent it, `bottle_body((...))`: a tuple of the calls' Nones is an empty page, where Flask
took it for (body, status, headers) and failed. In a view that calls `redirect()`, an
`@after_this_request` status change is kept off a redirect (`if not 300 <=
response.status_code < 400`): Bottle's `redirect()` copies the response all but its
status, so a status set before a redirect further on (after a `try`, an `if`) never
reached the client.
"""

from __future__ import annotations

import libcst as cst
from libcst.helpers import get_full_name_for_node

from ..edit import (
    Transformer,
    Visitor,
    arg,
    names_assigned,
    names_bound,
    names_read,
    string_value,
    transform,
    walk,
)
from ..model.facts import ROUTE_METHODS
from ..response_idiom import Folder, change_of
from .base import Candidate, Change, Import, Rule, is_view, route_globs

IMPORTS = (cst.Import, cst.ImportFrom)


class ResponseFold(Rule):
    """It runs after P006-P008, so the view's return value is already Flask's (`return
    redirect(...)`, a tuple P007 left)."""

    code = "P022"
    # returns are Flask's; hooks' responses; a view P023 gave a Response of its own
    after = ("P006", "P007", "P008", "P010", "P023")
    summary = "response.set_cookie/status/headers folded into the view's own response"
    declares = (Change("D-cookie-path", "29. Cookie attributes",
                       "a cookie set without path= gets Path=/ (Bottle sends no Path)",
                       cookie_path="*"),
                Change("D-error-response", "22. Error handlers",
                       "a response change made before an abort() is kept on the error page "
                       "(Bottle's HTTPError replaces the response); in a decorator's "
                       "wrapper or a before_request hook, on what the view answers next: "
                       "an abort() or an HTTPResponse of its own, static_file()'s (which "
                       "replaced Bottle's response)"))

    def __init__(self, context) -> None:
        super().__init__(context)
        self.depth = 0  # functions being visited
        self.paths: list[str] = ["*"]
        self.view_lambdas: set[int] = set()  # ids of the lambdas a route call registers

    def visit_Call(self, node: cst.Call) -> None:
        # `app.route(path)(lambda: ...)`; `app.route(path, callback=lambda: ...)` as P003
        # wrote it, `app.add_url_rule(path, view_func=lambda: ...)`, and
        # `app.endpoint(name)(lambda: ...)` (P003's exact form of a view routed again)
        func = node.func
        given = arg(node, 2, "callback") if self.app_method(func) in ROUTE_METHODS \
            else arg(node, 2, "view_func") if isinstance(func, cst.Attribute) \
            and func.attr.value == "add_url_rule" and self.facts.is_app(func.value) \
            else node.args[0] if isinstance(func, cst.Call) and len(node.args) == 1 \
            and (self.app_method(func.func) in ROUTE_METHODS
                 or isinstance(func.func, cst.Attribute)
                 and func.func.attr.value == "endpoint"
                 and self.facts.is_app(func.func.value)) else None
        if given is not None and isinstance(given.value, cst.Lambda):
            self.view_lambdas.add(id(given.value))

    def leave_Lambda(self, original: cst.Lambda, updated: cst.Lambda) -> cst.Lambda:
        """A lambda view that uses Bottle's response (jar3b's default OPTIONS view adds
        its CORS headers in a tuple): no fold can say it in an expression, so it keeps
        bottle_compat's `response`, whose changes Flask's answer gets after the view, and
        a tuple it returns is sent as Bottle sent it (bottle_body: a tuple of Nones, what
        the calls answered, is an empty page; Flask took it for (body, status, headers)
        and failed)."""
        if id(original) not in self.view_lambdas \
                or not any(self.facts.bottle.get(n) == "response" for n in names_read(updated)):
            return updated
        body = updated.body
        imports: tuple[Import, ...] = (Import("bottle_compat", "response"),)
        if isinstance(body, cst.Tuple):
            body = cst.Call(cst.Name("bottle_body"), [cst.Arg(body.with_changes(
                lpar=body.lpar or [cst.LeftParen()], rpar=body.rpar or [cst.RightParen()]))])
            imports += (Import("bottle_compat", "bottle_body"),)
        breaking = Candidate(updated, todo=LAMBDA_TODO, breaks=True)
        kept = Candidate(updated.with_changes(body=body), imports=imports, todo=KEPT_TODO)
        chosen = self.site("response-lambda", breaking, kept, keeps=LAMBDA_WHY)
        self.fired()
        assert isinstance(chosen.form, cst.Lambda)
        return chosen.form

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        self.depth -= 1
        if self.state.faithful:
            # every line is kept on bottle_compat's response, which the module imports as
            # `response`; a function's own `from bottle import response as r` takes it too
            for local in _from_bottle(updated):
                if self.facts.bottle.get(local) == "response":
                    self.fired()
                    self.need_import("bottle_compat", "response", local)
            return updated
        if not isinstance(updated.body, cst.IndentedBlock):
            return updated
        read = names_read(updated)
        responses = {name for name in read if self.facts.bottle.get(name) == "response"}
        # a function's own `response` (a local, a parameter) is not Bottle's (asked only
        # of a function that reads one: most read none and have nothing to fold); one its
        # own `from bottle import response as r` binds is
        if not responses or not responses - (names_assigned(updated) - _from_bottle(updated)):
            return updated
        used = read | names_bound([updated])
        redirects = any(self.facts.bottle.get(name) == "redirect" for name in read)
        folder = Folder(self, is_view(self, original), used, _hook_parameter(updated),
                        redirects)
        folder.before_hook = _before_hook(self, original)
        unfolded = _unfoldable(folder, updated.body)
        self.paths = route_globs(self, original) or ["*"]
        # the site's two forms, each with the records its making writes (the fold's
        # declared changes, TODOs, lines left out, imports; the kept one's imports), the
        # module's only once the site takes it
        with self.apart() as folding:
            body = folder.block(list(updated.body.body), set())
        folded = Candidate(updated.with_changes(body=updated.body.with_changes(body=body)),
                           made=folding)
        with self.apart() as keeping:
            kept = self.keep_bottles(updated)
        chosen = self.site("response", folded, Candidate(kept, todo=KEPT_TODO, made=keeping),
                           keeps=KEPT_WHY.format(unfolded) if unfolded else "",
                           forms_if_exact=True)  # (two defs: where the report shows one)
        assert isinstance(chosen.form, cst.FunctionDef)
        return chosen.form

    def keep_bottles(self, function: cst.FunctionDef) -> cst.FunctionDef:
        """The function's lines on Bottle's response as they are, on bottle_compat's
        `response` (copied with that piece alone), which Flask's answer gets after the
        view: its TODO (KEPT_TODO) says what a Flask maintainer writes instead."""
        self.fired()
        for local, api in self.facts.bottle.items():
            if api == "response":
                self.need_import("bottle_compat", "response",
                                 None if local == "response" else local)
        if "copy" not in self.facts.words:  # (made for every function folded: no walk)
            return function
        kept = transform(function, _CopyAsIs(self))
        assert isinstance(kept, cst.FunctionDef)  # the transformer changes calls only
        return kept

    def converted(self, small, stmt):
        """Count one change made on a Flask response; declare a cookie's Path."""
        self.fired()
        call = small.value if isinstance(small, cst.Expr) else None
        # a call among the changes is `response.<method>(...)` (response_idiom.change_of)
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) \
                and call.func.attr.value in ("set_cookie", "delete_cookie") \
                and arg(call, None, "path") is None and not any(a.star for a in call.args):
            return self.mark(stmt, "D-cookie-path", self.paths)
        return stmt

    def leave_SimpleStatementLine(self, original, updated):
        if self.state.faithful or self.depth or isinstance(updated.body[0], IMPORTS):
            return updated
        outside = _OutsideLambdas(self.view_lambdas)  # (a lambda view's are kept)
        walk(original, outside)
        if any(self.facts.bottle.get(n) == "response" for n in outside.read):
            self.todo("Bottle's response outside a view: set this on the Flask response "
                      "a view returns (make_response) or in an after_request function")
        return updated



class _OutsideLambdas(Visitor):
    """The names a statement reads outside the lambda views it registers."""

    def __init__(self, lambdas: set[int]) -> None:
        super().__init__()
        self.lambdas = lambdas
        self.read: set[str] = set()

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return id(node) not in self.lambdas

    def visit_Name(self, node: cst.Name) -> None:
        self.read.add(node.value)


LAMBDA_TODO = ("Bottle's response in a lambda view: make it a def that returns "
               "make_response(...) with these headers")
LAMBDA_WHY = ("a lambda view that changes Bottle's response, which no fold can say in an "
              "expression (bottle_compat's response keeps Bottle's)")


class _CopyAsIs(Transformer):
    """`response.copy(cls=HTTPResponse)`: bottle_compat's copy is a Response Flask sends
    as it is, whatever Bottle class it was asked for."""

    def __init__(self, rule: Rule) -> None:
        super().__init__()
        self.rule = rule

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        func = updated.func
        if isinstance(func, cst.Attribute) and func.attr.value == "copy" \
                and self.rule.api(func.value) == "response":
            given = arg(updated, 0, "cls")
            if given is not None and self.rule.api(given.value) in RESPONSE_CLASSES:
                return updated.with_changes(args=[])
        return updated


# Bottle's classes a copy of its response may be asked for
RESPONSE_CLASSES = {"HTTPResponse", "BaseResponse", "LocalResponse"}
KEPT_WHY = ("{} here, which Flask's answer, made after the view, cannot stand for "
            "(bottle_compat's response keeps Bottle's)")
KEPT_TODO = ("Bottle's response kept here (bottle_compat's `response`: what the code sets is "
             "applied to Flask's answer after the view, and reads back as Bottle's): set it "
             "on the response the view returns (make_response) or in an @after_this_request "
             "function")


WHOLE = "Bottle's response is handed on whole"


def _unfoldable(folder: Folder, block: cst.BaseSuite) -> str:
    """What the function does with Bottle's response that no fold or
    `@after_this_request` function can say (it reads it back, copies it, hands it on
    whole), in a few words; "" when every use is a change P022 folds."""
    uses = _Unfolded(folder)
    walk(block, uses)
    found = uses.found
    # a member bottle_compat's response has not (charset: Werkzeug encodes every body
    # as UTF-8) or a signed cookie: no helper keeps the line, which stays a breaking TODO
    if not found or not _keepable(folder, block):
        return ""
    return found[0]


class _Unfolded(Visitor):
    """_unfoldable()'s reader, a class made once: the lines on Bottle's response that
    no fold says, outside nested functions, classes and lambdas."""

    def __init__(self, folder: Folder) -> None:
        super().__init__()
        self.folder = folder
        self.found: list[str] = []

    def visit_FunctionDef(self, node) -> bool:
        return False  # a nested function is its own

    def visit_ClassDef(self, node) -> bool:
        return False

    def visit_Lambda(self, node) -> bool:
        return False

    def visit_SimpleStatementLine(self, stmt: cst.SimpleStatementLine) -> bool:
        folder = self.folder
        if folder.uses_bottle(stmt) and folder.had_effect(stmt) \
                and change_of(stmt, folder.is_response) is None:
            self.found.append(_what(folder, stmt))
        return False


def _keepable(folder: Folder, block: cst.BaseSuite) -> bool:
    """Whether bottle_compat's response has each member the function uses of Bottle's."""
    kept = []

    class Members(Visitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            if folder.is_response(node.value):
                kept.append(node.attr.value in KEPT_MEMBERS)
            elif isinstance(node.value, cst.Attribute) and node.value.attr.value == "headers" \
                    and folder.is_response(node.value.value):
                kept.append(node.attr.value in {"get", "append"})  # its headers' own

        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            if isinstance(func, cst.Attribute) and folder.is_response(func.value) \
                    and func.attr.value == "set_cookie":
                kept.append(len([a for a in node.args if a.keyword is None]) <= 2
                            and not any(a.star or a.keyword is not None
                                        and a.keyword.value == "secret" for a in node.args))

    walk(block, Members())
    return all(kept)


# What bottle_compat's response does as Bottle's (set, and read back where a member is read)
KEPT_MEMBERS = {"set_cookie", "delete_cookie", "set_header", "add_header", "status", "body",
                "status_code", "status_line", "headers", "get_header", "content_type", "copy",
                "content_length"}


def _what(folder: Folder, stmt: cst.SimpleStatementLine) -> str:
    """How the line uses Bottle's response, in a few words."""
    uses: list[str] = []

    class Use(Visitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            if folder.is_response(node.value):
                uses.append("Bottle's response is copied" if node.attr.value == "copy"
                            else f"Bottle's response.{node.attr.value} is used")

        def visit_Name(self, node: cst.Name) -> None:
            if folder.is_response(node):
                uses.append(WHOLE)

    walk(stmt, Use())
    return next((u for u in uses if u != WHOLE), WHOLE)


def _from_bottle(function: cst.FunctionDef) -> set[str]:
    """The names the function's own `from bottle import x as y` lines bind."""
    imports = _FromBottle()
    walk(function, imports)
    return imports.found


class _FromBottle(Visitor):
    """_from_bottle()'s reader, a class made once (one made at each call, a function
    that reads Bottle's response, cost more than its walk)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.relative or node.module is None or not isinstance(node.names, tuple | list):
            return
        if get_full_name_for_node(node.module) == "bottle":
            self.found.update(str(a.evaluated_alias) for a in node.names if a.asname)


def _before_hook(rule: Rule, node: cst.FunctionDef) -> bool:
    """Whether the function is a before_request hook: `@hook("before_request")`, on an
    app or Bottle's own, or Flask's `@app.before_request` P010 has made of it."""
    for d in node.decorators:
        call = d.decorator
        if isinstance(call, cst.Attribute) and call.attr.value == "before_request":
            return True
        if isinstance(call, cst.Call) and call.args \
                and (rule.api(call.func) == "hook" or isinstance(call.func, cst.Attribute)
                     and call.func.attr.value == "hook") \
                and string_value(call.args[0].value) == "before_request":
            return True
    return False


def _hook_parameter(node: cst.FunctionDef) -> str | None:
    """The response parameter of an `@app.after_request` function (P010 made it one), or
    of a method P010 gave `flask_response=None` (`self.after_request(self.stamp)`)."""
    last = node.params.params[-1] if node.params.params else None
    if last is not None and last.name.value == "flask_response" and last.default is not None:
        return last.name.value
    if node.params.params and any(
            isinstance(d.decorator, cst.Attribute) and d.decorator.attr.value == "after_request"
            for d in node.decorators):
        return node.params.params[0].name.value
    return None
