"""P023: HTTPResponse objects: one a view builds and changes becomes Werkzeug's Response

    r = HTTPResponse("made", status=201)   ->  r = Response("made", status=201)
    r.set_header("X-A", "1")               ->  r.headers["X-A"] = "1"
    r.add_header("X-A", "2")               ->  r.headers.add("X-A", "2")
    r.get_header("X-A", "d")               ->  r.headers.get("X-A", "d")
    r.iter_headers() / r.headerlist        ->  r.headers.items() / r.headers.to_wsgi_list()
    r.charset                              ->  r.mimetype_params.get("charset", "UTF-8")
    r.body = "text"  /  r.body             ->  r.set_data("text")  /  r.get_data(as_text=True)
    raise r                                ->  abort(r)
    r.default_content_type                 ->  f"{r.default_mimetype}; charset=UTF-8"
    r.copy() / r.bad_headers               ->  copy_response(r) / BAD_HEADERS  (a TODO)

status, status_code, headers, content_type, content_length, expires, set_cookie,
delete_cookie, close and default_status are the same names on Werkzeug's Response. What
differs and stays so in idiomatic code is declared: Werkzeug spells a reason phrase in
capitals (D-status-text), counts the Content-Length of a text body as soon as it is set
(D-content-length), gives a repeated header's first value (D-first-header) and a
cookie `Path=/` (D-cookie-path). `return HTTPResponse(...)` alone is P008's.

Bottle's HTTPError or HTTPResponse matched as a class (`except (HTTPError, HTTPResponse)`
in a decorator, `isinstance(e, HTTPError)`, `pytest.raises(HTTPResponse)`) is Werkzeug's
`HTTPException`, which every error and answer a view raises in the port is (`abort()`,
bottle_responses' HTTPError). `except HTTPError` alone gets a TODO that does not break:
HTTPException also matches a raised redirect. An `except HTTPError as e:` whose block
reads `e`'s members (Bottle's status, body) stays Bottle's, under P001's TODO.

An HTTPError a view makes, changes and raises is Werkzeug's exception for its code
(`err = HTTPError(404, "x")` -> `err = NotFound("x")`, `err.body` -> `err.description`,
`err.status_code` -> `err.code`) when that is all the view reads or writes. One whose
status, headers or cookies the view sets or reads is kept, under a TODO saying the
idiomatic form: `from bottle_responses import HTTPError`, a helper the port copies
(port/compat/bottle_responses.py), a Werkzeug HTTPException with Bottle's members whose
class is Werkzeug's for its code (Flask's `@app.errorhandler(404)` gets it) and whose
answer has Bottle's status line, headers and cookies (the error page is Werkzeug's). The
same module holds `copy_response()` and `BAD_HEADERS`, for a Response's `copy()` and
`bad_headers`, which Werkzeug's Response lacks.

A view that reads Bottle's global `response` back (`response.status`,
`response.headers.get(...)`), which P022 cannot fold into what it returns, holds a
Response of its own instead, when each of its returns is text:

    response.status = 201                  resp = make_response()
    return repr(response.status)       ->  resp.status = 201
                                           resp.set_data(repr(resp.status))
                                           return resp

The HeaderDict methods on its headers are Werkzeug's (`append` -> `add`, `replace` ->
`set`, `getall` -> `getlist`, a statement `filter(["X-A", "X-B"])` -> `del
r.headers["X-A"], r.headers["X-B"]`). One listing them all gets a TODO: Werkzeug's
Headers hold a Content-Type from the start and list a name added twice twice (Bottle's
HeaderDict: the names the view set, once each); `allitems()`, `iterallitems()` and
`iteritems()` are written `items()`, `iterkeys()` `keys()`, `itervalues()` `values()`,
and `.dict` `{name: r.headers.getlist(name) for name in r.headers.keys()}`.
"""

from __future__ import annotations

import libcst as cst

from ..edit import arg, ends, free_name, kw, names_assigned, names_read, walk
from .base import Change, Companion, Rule, is_view, route_globs

# Bottle's members that keep their name on Werkzeug's Response, with the same meaning.
SAME = {"status_code", "headers", "content_type", "expires", "set_cookie", "delete_cookie",
        "close", "default_status"}
# What Werkzeug's Response lacks: the TODO said where it is read, and what the port reads
# instead (copy and bad_headers: bottle_responses.py's; default_content_type: Werkzeug's
# default_mimetype in Bottle's words, no TODO).
MISSING = {
    "copy": "Werkzeug's Response has no copy(): make a second Response(r.get_data(), "
            "r.status, r.headers) (Bottle's copy has no body)",
    "bad_headers": "Bottle's headers dropped from a 204/304 answer; Werkzeug drops "
                   "the entity headers of a 304 itself (Response.get_wsgi_headers)",
    "apply": "Bottle's dispatcher copies an HTTPResponse onto its global response "
             "with it; return the Response instead",
}
# The helper module the port copies where Bottle's HTTPError or a response member Werkzeug
# lacks is kept (port/compat/bottle_responses.py)
HELPER = Companion.RESPONSES
KEPT = {"copy": "copy_response", "bad_headers": "BAD_HEADERS"}
# An HTTPError a view makes and raises is Werkzeug's exception for its code when the view
# reads and writes only what a Werkzeug HTTPException has; else the TODO says why not.
ERROR_MEMBERS = {"body": "description", "status_code": "code"}
ERROR_WHY = {
    **dict.fromkeys(("status", "status_code", "status_line"),
                    "a Werkzeug exception's code is its class's: raise the one for the final "
                    "code (abort(code, description))"),
    **dict.fromkeys(("headers", "headerlist", "set_header", "add_header", "get_header",
                     "iter_headers", "content_type", "charset", "expires", "set_cookie",
                     "delete_cookie"),
                    "a Werkzeug exception makes its own page and headers: set these in an "
                    "@app.errorhandler for its code, or abort(Response(body, code, "
                    "headers)) to send no error page"),
}
ERROR_OTHER = ("a Werkzeug HTTPException has code, name, description and get_response(), "
               "none of Bottle's response members")
# Bottle's classes an `except`, isinstance() or raises() matches: Werkzeug's HTTPException
CAUGHT = {"HTTPError", "HTTPResponse"}
# What setting Bottle's global response looks like (P022 folds it into the view's
# return value); a view that reads it back holds a Response of its own (below).
FOLDED_CALLS = {"set_header", "add_header", "set_cookie", "delete_cookie"}
HEADER_WRITES = {"append", "replace"}
UNFOLDED_SETS = {"expires", "body"}  # set on Bottle's response, P022 leaves them
# Bottle's HeaderDict methods on `r.headers`, in Werkzeug's Headers' names
HEADER_METHODS = {"append": "add", "replace": "set", "getall": "getlist", "getlist": "getlist",
                  "getone": "get", "get": "get"}
WHOLE_HEADERS = ("Werkzeug's Headers list a header added twice twice and hold Content-Type "
                 "and Content-Length from the start (Bottle's HeaderDict: each name once, "
                 "its last value): read headers.getlist(name) for the names the view set")
ALL_HEADERS = ("Werkzeug's Headers hold Content-Type and Content-Length from the start "
               "(Bottle's HeaderDict: the headers the view set): read "
               "headers.getlist(name) for the names the view set")
# Bottle's listings of a HeaderDict (Python 3 Bottle: iter* = the plain ones), in Werkzeug's
# names: its items() are every (name, value), as Bottle's allitems()
LISTINGS = {"allitems": "items", "iterallitems": "items", "iteritems": "items",
            "iterkeys": "keys", "itervalues": "values"}
# Members a view sets on a Response, the same in both
WRITABLE = {"status", "content_type", "content_length", "expires"}
UNSETTABLE = {"charset": "Werkzeug encodes a text body as UTF-8 (encode it yourself and "
                        "name the charset in content_type); "}
# Members of a Response that are text.
TEXT_MEMBERS = {"status", "status_line", "content_type", "charset"}
# Calls whose result is text, never a dict (Bottle sends a dict body as JSON).
TEXT_CALLS = {"str", "repr", "json.dumps", "dumps", "render_template",
              "render_template_string", "template"}


class HttpResponse(Rule):
    code = "P023"
    triggers = ("HTTPResponse", "HTTPError", "response")
    summary = "an HTTPResponse a view builds and changes becomes Werkzeug's Response"
    declares = (
        # the same change as P024's (HTTP_CODES): one text for both
        Change("D-status-text", "19. Status line reason phrases",
               "a reason phrase in Werkzeug's spelling (`201 CREATED`, `Request URI Too "
               "Long`; Bottle: `201 Created`, `Request-URI Too Long`)"),
        Change("D-content-length", "41. Content-Length before sending",
               "a Response made from text has its Content-Length header already "
               "(Bottle's: -1 until it is sent)"),
        Change("D-first-header", "2. Repeated and missing keys",
               "a header set several times gives its first value (Bottle's "
               "get_header: the last)"),
        Change("D-cookie-path", "29. Cookie attributes",  # P022's, for Bottle's response
               "a cookie set without path= gets Path=/ (Bottle sends no Path)",
               cookie_path="*"),
    )

    def __init__(self, context) -> None:
        super().__init__(context)
        # per function: the names holding a Response this rule made, and its paths
        self.scopes: list[set[str]] = []
        self.paths: list[list[str]] = []
        self.skip: set[int] = set()  # Attributes read as a call's function or assigned
        self.statements: set[int] = set()  # calls written as a statement of their own
        # per function: HTTPError names -> None (Werkzeug's exception) or why they stay
        self.errors: list[dict[str, str | None]] = []
        # per function: the name of the Response a view holds for Bottle's global one
        self.own: list[str | None] = []
        self.not_names: set[int] = set()  # Names that are no use of a variable

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(set())
        self.paths.append(route_globs(self, node) or ["*"])
        # (a walk of the function: only where the module spells HTTPError)
        self.errors.append(self.error_uses(node) if "HTTPError" in self.facts.words else {})
        own = None
        # (--faithful keeps Bottle's response as P005's recorder)
        if not self.state.faithful and is_view(self, node) and self.reads_back(node) \
                and _returns_text(node):
            own = free_name("resp", names_read(node) | names_assigned(node))
            self.scopes[-1].add(own)
        self.own.append(own)

    def leave_FunctionDef(self, original, updated):
        self.scopes.pop()
        self.paths.pop()
        self.errors.pop()
        own = self.own.pop()
        if own is None or not isinstance(updated.body, cst.IndentedBlock):
            return updated
        self.fired()
        self.need_import("flask", "make_response")
        body = list(updated.body.body)
        docstring = 1 if body and isinstance(body[0], cst.SimpleStatementLine) \
            and isinstance(body[0].body[0], cst.Expr) \
            and isinstance(body[0].body[0].value, cst.SimpleString) else 0
        made = cst.parse_statement(f"{own} = make_response()\n")
        body.insert(docstring, made)
        return updated.with_changes(body=updated.body.with_changes(body=body))

    def reads_back(self, node: cst.FunctionDef) -> bool:
        """Whether the function reads Bottle's global response back (`response.status`
        in an expression, `response.headers.get(...)`) or sets its expires or body: what
        P022 cannot fold into the view's return value. Setting another member, a header
        or a cookie is P022's, and so is handing `response` to a helper
        (response_params)."""
        reads = _ReadsBack(self, node)
        walk(node.body, reads)
        return bool(reads.found)

    def error_uses(self, node: cst.FunctionDef) -> dict[str, str | None]:
        """Each name the function assigns Bottle's HTTPError(...) to: None where Werkzeug's
        exception for its code does the same (only its body and status_code are read or
        written, and it is raised), else why not."""
        rule = self
        made: dict[str, str | None] = {}
        uses: list[tuple[str, str, bool]] = []  # (name, member, written)
        owners: set[int] = set()
        bare: list[str] = []

        class Uses(cst.CSTVisitor):
            def visit_FunctionDef(self, inner) -> bool:
                return inner is node  # a nested function is its own

            def visit_Assign(self, stmt: cst.Assign) -> None:
                value = stmt.value
                for t in stmt.targets:
                    if isinstance(t.target, cst.Name) and isinstance(value, cst.Call) \
                            and rule.api(value.func) == "HTTPError":
                        made[t.target.value] = None if _error_class(value) else (
                            "HTTPError() with a status Werkzeug has no exception for, or "
                            "more arguments: abort(code, description) where it is raised")
                        owners.add(id(t.target))
                    elif isinstance(t.target, cst.Attribute) \
                            and isinstance(t.target.value, cst.Name):
                        uses.append((t.target.value.value, t.target.attr.value, True))
                        owners.add(id(t.target.value))

            def visit_Attribute(self, attr: cst.Attribute) -> None:
                if isinstance(attr.value, cst.Name) and id(attr.value) not in owners:
                    uses.append((attr.value.value, attr.attr.value, False))
                    owners.add(id(attr.value))

            def visit_Raise(self, stmt: cst.Raise) -> None:
                if stmt.exc is not None:
                    owners.add(id(stmt.exc))

            def visit_Name(self, name: cst.Name) -> None:
                if id(name) not in owners:
                    bare.append(name.value)

        walk(node, Uses())
        for name, member, written in uses:
            if name in made and made[name] is None:
                if member not in ERROR_MEMBERS or (written and member != "body"):
                    made[name] = f"{name}.{member}: {ERROR_WHY.get(member, ERROR_OTHER)}"
        for name in bare:
            if name in made and made[name] is None:
                made[name] = (f"{name} is passed on: Werkzeug's exception has code and "
                              "description (Bottle's status_code and body) only")
        return made

    def error(self, name: cst.BaseExpression) -> bool:
        """A Name for an HTTPError this function makes Werkzeug's exception."""
        return bool(self.errors) and isinstance(name, cst.Name) \
            and name.value in self.errors[-1] and self.errors[-1][name.value] is None

    def held(self, node: cst.BaseExpression) -> bool:
        return bool(self.scopes) and isinstance(node, cst.Name) and (
            node.value in self.scopes[-1] or self.own[-1] is not None
            and id(node) not in self.not_names and self.api(node) == "response")

    # -- Bottle's global response, read back in a view: the view's own -------------
    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.not_names.add(id(node.attr))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.not_names.add(id(node.keyword))

    def visit_Param(self, node: cst.Param) -> None:
        self.not_names.add(id(node.name))

    def leave_Name(self, original: cst.Name, updated: cst.Name):
        own = self.own[-1] if self.own else None
        if own is not None and id(original) not in self.not_names \
                and self.api(original) == "response":
            return cst.Name(own)
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        """`return body` in a view holding its own Response: the body goes into it."""
        own = self.own[-1] if self.own else None
        stmt = updated.body[-1]  # (`x = f(); return x` on one line too)
        if own is None or not isinstance(stmt, cst.Return) or stmt.value is None:
            return updated
        put = cst.Expr(cst.Call(cst.Attribute(cst.Name(own), cst.Name("set_data")),
                                [cst.Arg(stmt.value)]))
        return cst.FlattenSentinel([
            updated.with_changes(body=[*updated.body[:-1], put]),
            cst.SimpleStatementLine([cst.Return(cst.Name(own))])])

    def member(self, node: cst.CSTNode) -> str | None:
        """`X` of `r.X` where r holds a Response the rule made, else None."""
        if isinstance(node, cst.Attribute) and self.held(node.value):
            return node.attr.value
        return None

    def declare_here(self, change: str) -> None:
        self.declare(change, self.paths[-1] if self.paths else ["*"])

    # -- r = HTTPResponse(...) ----------------------------------------------------
    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self.skip.add(id(target.target))

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        if not self.scopes:
            return updated
        names = {t.target.value for t in updated.targets if isinstance(t.target, cst.Name)}
        value = updated.value
        if len(updated.targets) == 1 and names and isinstance(value, cst.Call) \
                and self.api(value.func) == "HTTPResponse":
            made = self.response(value)
            if made is not None:
                self.scopes[-1] |= names
                return updated.with_changes(value=made)
        if names and isinstance(original.value, cst.Call) \
                and self.member(original.value.func) == "copy" and not original.value.args:
            self.scopes[-1] |= names  # c = r.copy(): a Response too
            return updated
        if len(updated.targets) == 1 and len(names) == 1 and isinstance(value, cst.Call) \
                and self.api(value.func) == "HTTPError" and self.errors:
            return self.error_made(names.pop(), value, updated)
        self.scopes[-1] -= names  # the name holds something else from here on
        target = updated.targets[0].target if len(updated.targets) == 1 else None
        if isinstance(target, cst.Attribute) and self.member(target) == "body":
            return self.set_body(target.value, updated.value, original.value)
        if isinstance(target, cst.Attribute) and self.member(target) not in WRITABLE | {None}:
            self.todo(f"{target.attr.value} = ...: {UNSETTABLE.get(target.attr.value, '')}"
                      "Werkzeug's Response has no such setting, so the line changes "
                      "nothing it sends", breaks=True)
        return updated

    def error_made(self, name: str, call: cst.Call, statement: cst.Assign):
        why = self.errors[-1].get(name, "made twice")
        if why is not None:  # Bottle's HTTPError kept, as a Werkzeug exception
            self.fired()
            self.todo(f"an HTTPError kept (bottle_responses.py): {why}")
            self.need_helper(HELPER, "HTTPError")
            return statement.with_changes(value=call.with_changes(func=cst.Name("HTTPError")))
        self.fired()
        cls = _error_class(call)
        assert cls is not None
        self.need_import("werkzeug.exceptions", cls)
        body = arg(call, 1, "body")
        return statement.with_changes(value=cst.Call(
            cst.Name(cls), [cst.Arg(body.value)] if body is not None else []))

    def response(self, call: cst.Call) -> cst.Call | None:
        """Response(...) for Bottle's HTTPResponse(body, status, headers, **headers)."""
        body = arg(call, 0, "body")
        status = arg(call, 1, "status")
        headers = arg(call, 2, "headers")
        extra = [a for a in call.args if a.keyword is not None
                 and a.keyword.value not in {"body", "status", "headers"}]
        if any(a.star for a in call.args) or (extra and headers is not None):
            self.todo("HTTPResponse() with headers given two ways or unpacked arguments: "
                      "build the Response(body, status, headers) by hand")
            return None
        self.fired()
        self.need_import("flask", "Response")
        args: list[cst.Arg] = []
        if body is not None:
            args.append(cst.Arg(self.body(body.value)))
        if isinstance(body, cst.Arg) and isinstance(body.value, cst.Dict):
            args.append(kw("content_type", cst.SimpleString('"application/json"')))
        if status is not None:
            args.append(kw("status", status.value))
        if headers is not None:
            args.append(kw("headers", headers.value))
        elif extra:  # Bottle's keyword headers: Content_Type= is Content-Type
            assert all(a.keyword for a in extra)
            args.append(kw("headers", cst.Dict([cst.DictElement(
                cst.SimpleString(f'"{a.keyword.value.replace("_", "-").title()}"'),  # type: ignore[union-attr]
                a.value) for a in extra])))
        return cst.Call(cst.Name("Response"), _commas(args))

    def body(self, value: cst.BaseExpression) -> cst.BaseExpression:
        """A body as Werkzeug takes it: a dict literal as its JSON (Bottle's JSON plugin
        sends it so); another value that may be a dict or a file gets a TODO."""
        if isinstance(value, cst.Dict):
            self.need_import("json")
            return cst.Call(cst.parse_expression("json.dumps"), [cst.Arg(value)])
        if not _text(value):
            self.todo("HTTPResponse's body: Bottle sends a dict as JSON and a file as it "
                      "reads; Werkzeug's Response takes text, bytes or an iterable: "
                      "json.dumps() a dict, wrap a file with werkzeug.wsgi.wrap_file")
        return value

    def set_body(self, owner, value, original):
        """`r.body = x` is set_data(x): exact for text and bytes; a dict or a file fails
        there (a TypeError), where Bottle sent it as JSON or read it."""
        if not (_text(original) or self.member(original) in TEXT_MEMBERS):
            self.todo(f"{cst.Module([]).code_for_node(owner)}.body = ...: Werkzeug's "
                      "set_data() takes text or bytes (a dict: json.dumps() it; an "
                      "iterable or a file goes to .response)")
        self.fired()
        return cst.Expr(cst.Call(cst.Attribute(owner, cst.Name("set_data")),
                                 [cst.Arg(value)]))

    # -- its members ---------------------------------------------------------------
    def visit_Call(self, node: cst.Call) -> None:
        self.skip.add(id(node.func))

    # -- Bottle's classes matched: except, isinstance(), raises() ---------------------
    def leave_ExceptHandler(self, original, updated):
        """`except HTTPError as e:` whose block reads a member of `e` (Bottle's status,
        body...: a Werkzeug exception has others) is left as it is, under P001's TODO."""
        bound = updated.name.name.value if updated.name is not None \
            and isinstance(updated.name.name, cst.Name) else None
        if updated.type is None or bound is not None and _members_read(updated.body, bound):
            return updated
        found = self.caught(updated.type)
        return updated if found is None else updated.with_changes(type=found)

    def caught(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        """Bottle's HTTPError or HTTPResponse as the class an `except`, isinstance() or
        raises() matches (alone or in a tuple): Werkzeug's HTTPException, which every
        error and answer a view raises in the port is (abort(), bottle_responses'
        HTTPError); None for anything else."""
        elements = node.elements if isinstance(node, cst.Tuple) else [cst.Element(node)]
        bottles = [e for e in elements if isinstance(e.value, cst.Name)
                   and self.api(e.value) in CAUGHT]
        if not bottles:
            return None
        self.fired()
        self.need_import("werkzeug.exceptions", "HTTPException")
        if all(self.api(e.value) == "HTTPError" for e in bottles):
            self.todo("HTTPException also matches an abort(redirect(...)) or an "
                      "abort(Response): Bottle's HTTPError let a raised redirect or "
                      "HTTPResponse through")
        first = elements.index(bottles[0])
        kept = [cst.Element(cst.Name("HTTPException")) if i == first else e
                for i, e in enumerate(elements) if i == first or e not in bottles]
        if len(kept) == 1:
            return kept[0].value
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        assert isinstance(node, cst.Tuple)
        return node.with_changes(elements=kept)

    def matched(self, call: cst.Call) -> cst.Call | None:
        """isinstance(x, HTTPError), issubclass(c, HTTPResponse), raises(HTTPError)."""
        name = _dotted(call.func) or ""
        at = {"isinstance": 1, "issubclass": 1, "raises": 0, "pytest.raises": 0}.get(name)
        if at is None or len(call.args) <= at or call.args[at].keyword or call.args[at].star:
            return None
        found = self.caught(call.args[at].value)
        if found is None:
            return None
        args = list(call.args)
        args[at] = args[at].with_changes(value=found)
        return call.with_changes(args=args)

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        matched = self.matched(updated)
        if matched is not None:
            return matched
        func = updated.func
        if isinstance(func, cst.Attribute) and self.member(func.value) == "headers":
            return self.header_call(updated, func, id(original) in self.statements)
        name = self.member(updated.func)
        if name is None or not isinstance(updated.func, cst.Attribute):
            return updated
        owner = updated.func.value
        headers = cst.Attribute(owner, cst.Name("headers"))
        if name in {"set_header", "add_header", "get_header"}:
            self.fired()
            if name == "get_header":
                self.declare_here("D-first-header")
            method = {"set_header": "set", "add_header": "add", "get_header": "get"}[name]
            return updated.with_changes(func=cst.Attribute(headers, cst.Name(method)))
        if name == "iter_headers":
            self.fired()
            self.declare_here("D-content-length")
            return updated.with_changes(func=cst.Attribute(headers, cst.Name("items")))
        if name == "set_cookie":
            if arg(updated, None, "secret") is not None:
                self.todo("set_cookie(secret=...) signs the cookie Bottle's way: Flask "
                          "signs its session; see P020")
            elif arg(updated, None, "path") is None:
                self.declare_here("D-cookie-path")
        if name == "delete_cookie" and arg(updated, None, "path") is None:
            self.declare_here("D-cookie-path")
        if name == "copy" and not updated.args:  # Bottle's copy, kept by the helper
            self.fired()
            self.todo(f"copy: {MISSING[name]}")
            return cst.Call(cst.Name(self.kept(name)), [cst.Arg(owner)])
        if name in MISSING:  # the call fails on a Response: AttributeError
            self.todo(f"{name}: {MISSING[name]}", breaks=True)
        return updated

    def kept(self, member: str) -> str:
        """The name of bottle_responses.py's piece for a member Werkzeug lacks."""
        self.need_helper(HELPER, KEPT[member])
        return KEPT[member]

    def header_call(self, call: cst.Call, func: cst.Attribute, statement: bool) -> cst.Call:
        """Bottle's HeaderDict method on `r.headers`, in Werkzeug's name."""
        method = func.attr.value
        if method in HEADER_METHODS:
            self.fired()
            if HEADER_METHODS[method] == "get":  # Bottle's: the last value
                self.declare_here("D-first-header")
            return call.with_changes(func=func.with_changes(
                attr=cst.Name(HEADER_METHODS[method])))
        if method == "filter" and _names(call) is not None and statement:
            self.fired()  # a statement: leave_Expr deletes each name
            return call
        if method == "filter":
            self.todo("headers.filter(names): Werkzeug's Headers have none: `del "
                      "r.headers[name]` for each name", breaks=True)
        elif method in {"keys", "values", "items"}:
            self.todo(f"headers.{method}(): {WHOLE_HEADERS}")
        elif method in LISTINGS and not call.args:  # in Werkzeug's name: not a break
            self.fired()
            self.todo(f"headers.{method}(): "
                      f"{ALL_HEADERS if 'all' in method else WHOLE_HEADERS}")
            return call.with_changes(func=func.with_changes(attr=cst.Name(LISTINGS[method])))
        elif method in LISTINGS:
            self.todo(f"headers.{method}(): {WHOLE_HEADERS}", breaks=True)
        return call

    def visit_Expr(self, node: cst.Expr) -> None:
        self.statements.add(id(node.value))

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr):
        """`r.headers.set(k, v)` as a statement is written `r.headers[k] = v`, and
        `r.headers.filter(["X-A", "X-B"])` `del r.headers["X-A"], r.headers["X-B"]`
        (Werkzeug's del takes a name in any case, and one not there, as Bottle's filter)."""
        call = updated.value
        names = _names(call) if isinstance(call, cst.Call) else None
        if names is not None and isinstance(call, cst.Call) \
                and isinstance(call.func, cst.Attribute) and call.func.attr.value == "filter" \
                and self.member(call.func.value) == "headers" and id(original.value) \
                in self.statements:
            targets = [cst.Subscript(call.func.value, [cst.SubscriptElement(cst.Index(name))])
                       for name in names]
            return cst.Del(targets[0] if len(targets) == 1 else cst.Tuple(
                [cst.Element(t) for t in targets], lpar=[], rpar=[]))
        if isinstance(original.value, cst.Call) \
                and self.member(original.value.func) == "set_header" \
                and isinstance(call, cst.Call) and len(call.args) == 2 \
                and not any(a.keyword or a.star for a in call.args) \
                and isinstance(call.func, cst.Attribute):
            target = cst.Subscript(call.func.value, [cst.SubscriptElement(cst.Index(
                call.args[0].value))])
            return cst.Assign([cst.AssignTarget(target)], call.args[1].value)
        return updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if updated.attr.value == "dict" and self.member(updated.value) == "headers" \
                and id(original) not in self.skip:
            # Bottle's name -> values: each name once, all its values
            self.fired()
            self.todo(f"headers.dict: {ALL_HEADERS}")
            key = free_name("name", names_read(updated.value))
            headers = cst.Module([]).code_for_node(updated.value)
            return cst.parse_expression(
                f"{{{key}: {headers}.getlist({key}) for {key} in {headers}.keys()}}")
        if updated.attr.value == "dict" and self.member(updated.value) == "headers":
            self.todo(f"headers.dict: {WHOLE_HEADERS}", breaks=True)
            return updated
        if self.error(updated.value) and updated.attr.value in ERROR_MEMBERS:
            self.fired()
            return updated.with_changes(attr=cst.Name(ERROR_MEMBERS[updated.attr.value]))
        name = self.member(updated)
        if name is None or id(original) in self.skip:
            return updated
        owner = updated.value
        if name in {"status", "status_line"}:
            self.fired()
            self.declare_here("D-status-text")
            return updated.with_changes(attr=cst.Name("status"))
        if name == "content_length":
            self.declare_here("D-content-length")
        elif name == "headerlist":
            self.fired()
            self.declare_here("D-content-length")
            return cst.Call(cst.Attribute(cst.Attribute(owner, cst.Name("headers")),
                                          cst.Name("to_wsgi_list")))
        elif name == "charset":
            self.fired()
            return cst.parse_expression(
                f'{cst.Module([]).code_for_node(owner)}.mimetype_params.get("charset", "UTF-8")')
        elif name == "body":
            self.fired()
            return cst.Call(cst.Attribute(owner, cst.Name("get_data")),
                            [kw("as_text", cst.Name("True"))])
        elif name == "default_content_type":  # Bottle's: 'text/html; charset=UTF-8'
            self.fired()
            return cst.FormattedString([
                cst.FormattedStringExpression(cst.Attribute(owner, cst.Name("default_mimetype"))),
                cst.FormattedStringText("; charset=UTF-8")], start='f"')
        elif name == "bad_headers":
            self.fired()
            self.todo(f"{name}: {MISSING[name]}")
            return cst.Name(self.kept(name))
        elif name in MISSING:
            self.todo(f"{name}: {MISSING[name]}", breaks=True)
        elif name == "expires":
            self.todo("reading expires: Werkzeug's is an aware datetime in UTC, as Bottle "
                      "0.13's (Bottle 0.12's is naive)")
        return updated

    def leave_Raise(self, original: cst.Raise, updated: cst.Raise):
        """Raised, Bottle sends it as it is: abort() with it does so in Flask."""
        if updated.exc is not None and self.held(updated.exc) and updated.cause is None:
            self.fired()
            self.need_import("flask", "abort")
            return cst.Expr(cst.Call(cst.Name("abort"), [cst.Arg(updated.exc)]))
        return updated


def _members_read(block: cst.CSTNode, name: str) -> bool:
    """Whether the block reads an attribute of `name` (`e.status_code`)."""
    found = []

    class Members(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            if isinstance(node.value, cst.Name) and node.value.value == name:
                found.append(node)

    walk(block, Members())
    return bool(found)


def _returns_text(node: cst.FunctionDef) -> bool:
    """Each return of the function (not of one inside it) gives text, and it ends in one:
    what it returns can be the body of a Response."""
    values: list[cst.BaseExpression | None] = []
    yields: list[cst.Yield] = []

    class Returns(cst.CSTVisitor):
        def visit_FunctionDef(self, inner) -> bool:
            return inner is node

        def visit_Lambda(self, inner) -> bool:
            return False

        def visit_Return(self, stmt: cst.Return) -> None:
            values.append(stmt.value)

        def visit_Yield(self, expr: cst.Yield) -> None:
            yields.append(expr)

    walk(node, Returns())
    return isinstance(node.body, cst.IndentedBlock) and ends(node.body.body) \
        and not yields and bool(values) \
        and all(v is not None and _text(v) for v in values)


def _error_class(call: cst.Call) -> str | None:
    """The name of Werkzeug's exception for `HTTPError(code, body)` with a literal code,
    else None (another code, more arguments)."""
    status, body = arg(call, 0, "status"), arg(call, 1, "body")
    if len([a for a in (status, body) if a is not None]) != len(call.args) \
            or not isinstance(status and status.value, cst.Integer):
        return None
    assert status is not None and isinstance(status.value, cst.Integer)
    # imported here: all of Werkzeug comes with it, and most modules have no HTTPError
    from werkzeug.exceptions import default_exceptions

    found = default_exceptions.get(int(status.value.value))
    return found.__name__ if found is not None else None


def _names(call: cst.Call) -> list[cst.SimpleString] | None:
    """The header names of `headers.filter(["X-A", ...])`, each a literal, else None."""
    if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
        return None
    names = call.args[0].value
    if not (isinstance(names, cst.List | cst.Tuple) and names.elements):
        return None
    found = [e.value for e in names.elements if isinstance(e, cst.Element)
             and isinstance(e.value, cst.SimpleString)]
    return found if len(found) == len(names.elements) else None


def _text(value: cst.BaseExpression) -> bool:
    """A value that is surely text: a literal, an f-string, `%` or `+` on one, repr(),
    str(), json.dumps(), a rendered template, "...".format()/.join()."""
    if isinstance(value, cst.BaseString):
        return True
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator,
                                                            cst.Modulo | cst.Add):
        return _text(value.left) or _text(value.right)
    if isinstance(value, cst.Call):
        if _dotted(value.func) in TEXT_CALLS:
            return True
        func = value.func
        return isinstance(func, cst.Attribute) and func.attr.value in {"format", "join"} \
            and _text(func.value)
    return False


def _commas(args: list[cst.Arg]) -> list[cst.Arg]:
    return [a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for a in args[:-1]] + args[-1:]


def _dotted(func: cst.BaseExpression) -> str | None:
    """`json.dumps` of a call's function read from its nodes (a name, or names joined by
    dots), without writing it out; None for anything else (`a().b`, `x[0]`), which no
    name of the rule's lists is."""
    if func.lpar:  # `(json.dumps)` is not the name as the lists spell it
        return None
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute) and _bare(func.dot.whitespace_before) \
            and _bare(func.dot.whitespace_after):
        head = _dotted(func.value)
        return None if head is None else f"{head}.{func.attr.value}"
    return None


def _bare(space: cst.BaseParenthesizableWhitespace) -> bool:
    return isinstance(space, cst.SimpleWhitespace) and not space.value


class _ReadsBack(cst.CSTVisitor):
    """reads_back()'s reader, a class made once (a class made at each call cost more
    than its walk): what the function reads of Bottle's response, less what it writes."""

    def __init__(self, rule: Rule, function: cst.FunctionDef) -> None:
        super().__init__()
        self.rule, self.function = rule, function
        self.writes: set[int] = set()
        self.found: list[cst.CSTNode] = []

    def visit_FunctionDef(self, inner) -> bool:
        return inner is self.function

    def visit_Lambda(self, inner) -> bool:
        return False

    def visit_AssignTarget(self, target: cst.AssignTarget) -> None:
        self.writes.add(id(target.target))  # response.x = v
        if isinstance(target.target, cst.Attribute) \
                and isinstance(target.target.value, cst.Name) \
                and self.rule.api(target.target.value) == "response" \
                and target.target.attr.value in UNFOLDED_SETS:
            self.found.append(target.target)  # what P022 leaves, a Response sets
        if isinstance(target.target, cst.Subscript):  # response.headers[k] = v
            self.writes.add(id(target.target.value))

    def visit_Call(self, call: cst.Call) -> None:
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in FOLDED_CALLS:
            self.writes.add(id(func))
        if isinstance(func, cst.Attribute) and func.attr.value in HEADER_WRITES:
            self.writes.add(id(func.value))  # response.headers.append(k, v)

    def visit_Attribute(self, attr: cst.Attribute) -> None:
        if id(attr) not in self.writes and isinstance(attr.value, cst.Name) \
                and self.rule.api(attr.value) == "response":
            self.found.append(attr)
