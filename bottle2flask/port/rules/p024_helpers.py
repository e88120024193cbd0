"""P024: helpers: Bottle's module-level helpers, from the library that has them

    html_escape(s)             ->  escape(s)                 (from html)
    http_date(t)               ->  http_date(t)              (from werkzeug.http)
    HTTP_CODES[418]            ->  HTTP_STATUS_CODES[418]    (from werkzeug.http)
    urlunquote(s)              ->  unquote(s, encoding="latin1")   (from urllib.parse)
    load("os.path:join")       ->  import_string("os.path:join")   (from werkzeug.utils)
    tob("x") / touni(b"x")     ->  "x".encode() / b"x".decode()
    DEBUG                      ->  current_app.debug        (in a function)
    TEMPLATES.clear()          ->  current_app.jinja_env.cache.clear()   (in a function)

The standard library's escape writes a quote as `&#x27;` (Bottle: `&#039;`) and
Werkzeug spells a few reason phrases otherwise (`Request URI Too Long`): both declared.
tob()/touni() are converted where the argument is a literal (they also pass the other
type through and make None empty). A helper with no counterpart gets a TODO saying
what Flask or Werkzeug does instead.
"""

from __future__ import annotations

import re

import libcst as cst

from ..edit import arg, kw, string_value
from .base import Candidate, Change, Declare, Edit, EditRule, Import

# Bottle helper -> (module, name) of the same function, called the same way
SAME_CALL = {"http_date": ("werkzeug.http", "http_date"),
             "html_escape": ("html", "escape")}
NO_COUNTERPART = {
    "html_quote": "no counterpart: '\"' + html.escape(s) + '\"' (Bottle also writes "
                  "newlines and tabs as &#10; &#13; &#9;)",
    "parse_date": "Bottle's gives seconds since the epoch (None if unreadable); "
                  "werkzeug.http.parse_date gives an aware datetime (.timestamp())",
    "parse_auth": "Flask parses the header itself: request.authorization (.username, "
                  ".password; None if absent), Bottle's gives a (user, password) tuple",
    "parse_range_header": "Werkzeug's request.range (werkzeug.http.parse_range_header) "
                          "gives a Range whose range_for_length(n) is one (start, stop)",
    "cookie_encode": "Bottle's pickled, signed cookie format: sign with itsdangerous "
                     "(what Flask's session uses), see P020",
    "cookie_decode": "Bottle's pickled, signed cookie format: sign with itsdangerous "
                     "(what Flask's session uses), see P020",
    "cookie_is_encoded": "Bottle's pickled, signed cookie format: sign with itsdangerous "
                         "(what Flask's session uses), see P020",
    "path_shift": "no counterpart: Werkzeug's DispatcherMiddleware shifts the path of a "
                  "mounted app; move SCRIPT_NAME/PATH_INFO by hand elsewhere",
    "yieldroutes": "no counterpart: Flask needs each route's path written out",
    "makelist": "no counterpart: list(x) for a collection, [x] for one value",
    "load_app": "no counterpart: import the module that makes the Flask app "
                "(or call its factory)",
}
# Bottle's module-level names with no counterpart of that kind
NAMES_WHY = {
    "apps": "Bottle's stack of default apps: a Flask app is passed around, or reached "
            "as current_app in a request",
    "DEBUG": "Bottle's debug flag outside a function: the Flask app's is app.debug "
             "(current_app.debug in a request)",
    "TEMPLATES": "Bottle's cache of compiled templates: Flask's is "
                 "current_app.jinja_env.cache (clear() empties it)",
}
DOTTED = re.compile(r"[A-Za-z_][\w.]*(:[A-Za-z_]\w*)?")  # Bottle evaluates more after ":"


class Helpers(EditRule):
    code = "P024"
    triggers = ("html_escape", "http_date", "HTTP_CODES", "urlunquote", "load", "tob",
                "touni", "tonat", *NO_COUNTERPART, *NAMES_WHY)
    summary = "Bottle's helpers (html_escape, http_date, HTTP_CODES...) from the standard " \
              "library or Werkzeug"
    declares = (
        Change("D-escape-quote", "23. Escaping entities",
               "html.escape writes ' as &#x27; (Bottle's html_escape: &#039;)",
               written="entities"),
        Change("D-status-text", "19. Status line reason phrases",
               "a reason phrase in Werkzeug's spelling (`201 CREATED`, `Request URI Too "
               "Long`; Bottle: `201 Created`, `Request-URI Too Long`)"),
    )

    def __init__(self, context) -> None:
        super().__init__(context)
        self.not_values: set[int] = set()  # Names that are no use of a Bottle name
        self.depth = 0  # functions (and lambdas) around: current_app is there in a request

    def visit_FunctionDef(self, node) -> None:
        self.depth += 1

    def left_FunctionDef(self, node) -> None:
        self.depth -= 1

    def visit_Lambda(self, node) -> None:
        self.depth += 1

    def left_Lambda(self, node) -> None:
        self.depth -= 1

    def visit_ImportFrom(self, node) -> bool:
        return False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.not_values.add(id(node.attr))

    def visit_Param(self, node: cst.Param) -> None:
        self.not_values.add(id(node.name))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.not_values.add(id(node.keyword))

    def named(self, name: str, module: str, attr: str) -> tuple[cst.Name, Import]:
        """The function imported from where it lives, under its own name unless the
        module reads one of that name already, and its import."""
        free = attr not in self.facts.read_before or self.facts.bottle.get(attr) == attr
        return cst.Name(attr if free else name), Import(module, attr, None if free else name)

    def edit_Name(self, node: cst.Name) -> Edit | None:
        name = self.api(node) if id(node) not in self.not_values else None
        if name == "HTTP_CODES":
            form, found = self.named(node.value, "werkzeug.http", "HTTP_STATUS_CODES")
            return Edit(node, (Candidate(form, imports=(found,),
                                         declares=(Declare("D-status-text"),)),))
        if name == "DEBUG" and self.depth:
            # the flag bottle.debug() sets, as P018 sets app.debug
            return Edit(node, (Candidate(cst.parse_expression("current_app.debug"),
                                         imports=(Import("flask", "current_app"),)),))
        if name in NAMES_WHY:
            return Edit(node, (Candidate(todo=f"{name}: {NAMES_WHY[name]}"),), fired=0)
        return None

    def visit_Call(self, node: cst.Call) -> None:
        self.not_values.add(id(node.func))
        if self.templates_cleared(node):
            assert isinstance(node.func, cst.Attribute)
            self.not_values.add(id(node.func.value))

    def templates_cleared(self, call: cst.Call) -> bool:
        """`TEMPLATES.clear()` in a function."""
        func = call.func
        return bool(self.depth) and not call.args and isinstance(func, cst.Attribute) \
            and func.attr.value == "clear" and self.api(func.value) == "TEMPLATES"

    def edit_Call(self, node: cst.Call) -> Edit | None:
        if self.templates_cleared(node):
            # Jinja's compiled templates, as Bottle's TEMPLATES held its own
            return Edit(node, (Candidate(
                cst.parse_expression("current_app.jinja_env.cache.clear()"),
                imports=(Import("flask", "current_app"),)),))
        local = node.func.value if isinstance(node.func, cst.Name) else None
        name = self.api(node.func) if local is not None else None
        if local is None or name is None:
            return None
        first = arg(node, 0, None)
        if name in SAME_CALL:
            if name == "http_date" and first is not None and isinstance(
                    first.value, cst.BaseString):  # Bottle passes a string through
                return None
            module, attr = SAME_CALL[name]
            func, found = self.named(local, module, attr)
            declares = (Declare("D-escape-quote"),) if name == "html_escape" else ()
            return Edit(node, (Candidate(func, imports=(found,), declares=declares),),
                        field="func")
        if name == "urlunquote" and len(node.args) == 1 and not node.args[0].keyword:
            # Bottle's is unquote with latin-1, as WSGI's path is
            func, found = self.named(local, "urllib.parse", "unquote")
            return Edit(node, (Candidate(node.with_changes(func=func, args=[
                node.args[0].with_changes(comma=cst.Comma(
                    whitespace_after=cst.SimpleWhitespace(" "))),
                kw("encoding", cst.SimpleString('"latin1"'))]), imports=(found,)),))
        if name == "load" and len(node.args) == 1 and first is not None \
                and DOTTED.fullmatch(string_value(first.value) or ""):
            # "module:name" names a module's attribute in both
            func, found = self.named(local, "werkzeug.utils", "import_string")
            return Edit(node, (Candidate(func, imports=(found,)),), field="func")
        if name in {"tob", "touni", "tonat"} and first is not None:
            method = "encode" if name == "tob" else "decode"
            literal = isinstance(first.value, cst.SimpleString) and (
                first.value.prefix.lower().count("b") == (name != "tob"))
            if literal and all(a.keyword is None for a in node.args) and len(node.args) <= 2:
                return Edit(node, (Candidate(cst.Call(
                    cst.Attribute(first.value, cst.Name(method)),
                    [a.with_changes(comma=cst.MaybeSentinel.DEFAULT)
                     for a in node.args[1:]])),))
            return Edit(node, (Candidate(todo=(
                f"{name}(x): x.{method}() where x is surely "
                f"{'text' if name == 'tob' else 'bytes'} (Bottle's also passes "
                "the other type through and makes None empty)")),), fired=0)
        if name in NO_COUNTERPART:
            return Edit(node, (Candidate(todo=f"{name}(): {NO_COUNTERPART[name]}"),), fired=0)
        return None
