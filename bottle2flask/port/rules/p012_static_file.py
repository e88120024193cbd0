r"""P012: static_file: Bottle's `static_file` becomes `send_from_directory`

    static_file(name, root="static")                  ->  send_from_directory("static", name)
    static_file(name, root=r, download=True)          ->  ..., as_attachment=True)
    static_file(name, root=r, download="a.pdf")       ->  ..., as_attachment=True,
                                                            download_name="a.pdf")
    static_file(name, root=r, mimetype="text/plain")  ->  ..., mimetype="text/plain")

Both answer 404 for a missing file and 403/404 for a path outside root. Flask reads a
relative root from the app's folder, Bottle from the working directory: a relative root
is rewritten from the app's module's folder (`"project/static"` for an app made in
`project/__init__.py` is `"static"`; in a controller handed the app, the folder of the
module that makes it), for an app run from the folder the port was given.
Bottle strips `/` and `\` from both ends of the name; Werkzeug refuses a name that
starts with one (404): a literal is stripped by the port, a view's own route parameter
never has one, any other name gets `.strip("/\\")`, the whole of it
(`("/static/" + name).strip("/\\")`). By default, a
view whose only job is `return static_file(name, root=X)` under `/PREFIX/<name:path>`,
handing the route's name on as it is (not `"/static/" + name`, a folder below root),
is removed and Flask serves the folder: nothing to write for `static/` at `/static`,
else `Flask(..., static_folder=X, static_url_path="/PREFIX")`; Flask's headers and
404 text are declared (D-static). Where the module makes its app from a Bottle subclass
another module defines (`app = Site()`: no `Flask(...)` here to take the options), the
view stays, its `static_file()` a `send_from_directory()`. A view the app calls
elsewhere is kept. A view called `static` that stays, not under `/static/`, gets
`endpoint="module.static"`: Flask names its own static route `static` and refuses a view
of that endpoint.
With `--faithful` (the sites `static-view` and `static-file`) every view is kept and
its `static_file()` is Bottle's own, made at run time by the Bottle beside the port
(`from bottle_answers import static_file`; requirements.txt lists bottle): Bottle's
Content-Type and charset, `Last-Modified`, `ETag`, `Accept-Ranges` and no
`Cache-Control`, its 304 for `If-Modified-Since` and `If-None-Match`, its 206 for a
`Range`, a relative root read from the working directory; a missing file is raised
as Werkzeug's 404 with Bottle's text (`File does not exist.`), which the app's error
handler, or Bottle's error page, answers as in Bottle.
A `static_file(...)` call on a line of its own, its answer dropped, sent nothing in
Bottle (a missing file's 404 is returned, never raised): the line is commented out under
a TODO, where send_from_directory would raise NotFound and lose the page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import libcst as cst

from ..edit import REMOVE, Visitor, arg, kw, names_read, string_value, walk
from ..model.facts import ROUTE_METHODS
from .base import (
    AppDeclared,
    AppOption,
    Candidate,
    Change,
    Companion,
    FlaskOption,
    Import,
    Rule,
    decorator_method,
)

KNOWN = {"filename", "root", "download", "mimetype", "charset", "headers"}
UNKNOWN_ARGS = ("static_file() with arguments this rule does not know: use "
                "flask.send_from_directory(root, name, ...)")


@dataclass
class Served:
    """P012's scratch for a module: whether a static view gave the app its folder."""

    static: bool = False


@dataclass(frozen=True)
class StaticFolder:
    """What a static view's idiomatic form adds: the app serves its folder (Served)."""


class StaticFile(Rule):
    code = "P012"
    summary = "static_file() becomes send_from_directory() or Flask's static folder"
    declares = (Change("D-static", "30. Static files",
                       "files served by Flask's static route: its own Cache-Control, ETag, "
                       "404 text and a charset on SVG, XML and JavaScript files",
                       framework="static-file-headers"),)

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node
        self.served: list = []  # (prefix, root) of each function being visited, or None
        self.url_params: list[set[str]] = []  # per function: parameters its routes fill
        self.dropping: cst.SimpleStatementLine | None = None  # a line that drops its answer

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        # a view's own parameters come from its route: never with a leading slash
        routed = any(decorator_method(self, d) in ROUTE_METHODS for d in node.decorators)
        self.url_params.append({p.name.value for p in node.params.params} if routed else set())
        served = None
        if not self.scratch(Served).static and self.facts.makes_app() \
                and not self.made_by_imported_class():  # options go where it is made
            served = self.static_view(node)
        if served is not None:
            # both forms, made as the def is entered (the sites in its body come after
            # it): the idiomatic one takes the def out and sets the app's options (the
            # module's one static folder: the first view's), the exact one keeps the
            # view, whose static_file() is then a site of its own ("static-file")
            idiomatic = self.static_folder(*served)
            if self.site("static-view", idiomatic, Candidate()) is not idiomatic:
                served = None
        self.served.append(served)

    def made_by_imported_class(self) -> bool:
        """Whether the module makes its app from a class another module defines (`app =
        Site()`, a Bottle subclass imported): no `Flask(...)` here to take the static
        folder's options, and Flask registers its static route as the app is made, in
        that class's __init__: the view stays."""
        makers = self.facts.app_makers()
        return bool(makers) and any(
            isinstance(small, cst.Assign) and isinstance(small.value, cst.Call)
            and isinstance(small.value.func, cst.Name) and small.value.func.value in makers
            for stmt in self.module.body if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body)

    def static_folder(self, prefix: str, root: cst.BaseExpression) -> Candidate:
        """The idiomatic form of a static view: Flask serves the folder (its options on
        the app), D-static declared on the app's line."""
        folder = string_value(root) if isinstance(root, cst.SimpleString) else _tail(root)
        if prefix == "/static" and folder in ("static", "./static", "static/", "./static/"):
            options: tuple[AppOption, ...] = (AppOption(FlaskOption.STATIC_FOLDER, REMOVE),)
        else:
            options = (AppOption(FlaskOption.STATIC_FOLDER, self.from_app(root)),
                       AppOption(FlaskOption.STATIC_URL_PATH,
                                 cst.SimpleString(f'"{prefix}"')))
        return Candidate(options=options, on_app=(AppDeclared("D-static", (f"{prefix}/*",)),),
                         adds=(StaticFolder(),))

    def adopt(self, piece: object) -> None:
        """The idiomatic static view's piece: the module's static folder is given."""
        assert isinstance(piece, StaticFolder)
        self.scratch(Served).static = True  # one static folder: the first view's

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        self.url_params.pop()
        if self.served.pop() is None:
            return self.own_endpoint(updated)
        self.fired()  # Flask serves the folder (static_folder()): the view goes
        return cst.RemovalSentinel.REMOVE

    def own_endpoint(self, node: cst.FunctionDef) -> cst.FunctionDef:
        """A view called `static` that stays a view (the module's only one of that name:
        P003 names several) and is not routed under /static/ takes the module's
        endpoint, `web.static`: Flask names its own static files' route `static` as the
        app is made, wherever the port lets it serve a folder (this rule's removed view,
        a static/ folder beside), and refuses a view of that endpoint at import."""
        rules = [string_value(d.decorator.args[0].value) for d in node.decorators
                 if isinstance(d.decorator, cst.Call) and d.decorator.args
                 and decorator_method(self, d) in ROUTE_METHODS]
        if node.name.value != "static" or not rules \
                or any(rule is not None and rule.startswith("/static/") for rule in rules):
            return node  # (a route under /static/ keeps Flask's own off: static_folder=None)
        path = self.context.filename or "module"
        stem = path.removesuffix(".py").replace("/", ".").replace("\\", ".")
        endpoint = f'"{stem}.static"'
        decorators = []
        for d in node.decorators:
            call = d.decorator
            if isinstance(call, cst.Call) and decorator_method(self, d) in ROUTE_METHODS \
                    and arg(call, None, "endpoint") is None and call.args:
                args = [*call.args[:-1], call.args[-1].with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))]
                d = d.with_changes(decorator=call.with_changes(
                    args=[*args, kw("endpoint", cst.SimpleString(endpoint))]))
                self.fired()
            decorators.append(d)
        return node.with_changes(decorators=decorators)

    def static_view(self, node: cst.FunctionDef):
        """(prefix, root) for `@app.route("/PREFIX/<path:name>") def f(name): return
        static_file(name, root=ROOT)` with nothing else, else None."""
        if len(node.decorators) != 1 or len(node.params.params) != 1:
            return None
        call = node.decorators[0].decorator
        if not isinstance(call, cst.Call) or len(call.args) != 1 \
                or decorator_method(self, node.decorators[0]) not in ("route", "get"):
            return None
        path = string_value(call.args[0].value)
        name = node.params.params[0].name.value
        if path is None or not path.endswith(f"/<path:{name}>") or "<" in path[:-len(name) - 8]:
            return None
        body = node.body.body
        if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or \
                not isinstance(body[0].body[0], cst.Return):
            return None
        value = body[0].body[0].value
        if not (isinstance(value, cst.Call) and self.api(value.func) == "static_file"):
            return None
        filename, root = arg(value, 0, "filename"), arg(value, 1, "root")
        if filename is None or root is None or len(value.args) != 2 \
                or not (isinstance(filename.value, cst.Name) and filename.value.value == name) \
                or names_read(root.value) - {"os", "path", "join"} - self.module_names():
            return None
        if node.name.value in self.used_names():
            return None  # the view is called or referred to elsewhere: keep it
        return path[:-len(name) - 8], root.value

    def module_names(self) -> set[str]:
        """Names bound at module level (the root may read HERE = dirname(__file__))."""
        found = set()
        for stmt in self.module.body:
            if isinstance(stmt, cst.SimpleStatementLine) \
                    and isinstance(stmt.body[0], cst.Assign):
                for t in stmt.body[0].targets:
                    if isinstance(t.target, cst.Name):
                        found.add(t.target.value)
        return found

    def used_names(self) -> set[str]:
        """Names the module reads other than in a def's own name."""
        found: set[str] = set()

        class Reads(Visitor):
            def visit_FunctionDef(self, node) -> bool:
                for d in node.decorators:
                    walk(d, self)
                walk(node.body, self)
                return False

            def visit_Name(self, node) -> None:
                found.add(node.value)

        walk(self.module, Reads())
        return found

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if self.dropped(node) is not None:
            self.dropping = node

    def leave_SimpleStatementLine(self, original, updated):
        if self.dropped(original) is None:
            return updated
        return self.leave_out(updated, "static_file()'s answer was made and dropped: "
                                       "Bottle sent nothing of it (send_from_directory "
                                       "would raise NotFound for a missing file); return "
                                       "send_from_directory(root, name) if the page "
                                       "should send the file")

    def dropped(self, node: cst.SimpleStatementLine) -> cst.Call | None:
        """`static_file(...)` on a line of its own: Bottle returns its answer (an
        HTTPError for a missing file, never raised), the line drops it, so the line
        does nothing the page sees."""
        if len(node.body) != 1 or not isinstance(node.body[0], cst.Expr):
            return None
        call = node.body[0].value
        if isinstance(call, cst.Call) and self.api(call.func) == "static_file":
            return call
        return None

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        if self.api(updated.func) != "static_file" or self.served and self.served[-1]:
            return updated
        if self.dropping is not None \
                and self.dropped(self.dropping) is original:
            return updated  # its line is left out (leave_SimpleStatementLine)
        name, root = arg(updated, 0, "filename"), arg(updated, 1, "root")
        unknown = [a.keyword.value for a in updated.args if a.keyword
                   and a.keyword.value not in KNOWN]
        if name is None or root is None:
            self.todo(UNKNOWN_ARGS)
            return updated
        # the exact one: Bottle's own answer, made by Bottle (every argument it takes)
        exact = Candidate(updated.with_changes(func=cst.Name("static_file")),
                          imports=(Import(Companion.ANSWERS.value, "static_file",
                                          companion=Companion.ANSWERS),))
        chosen = self.site("static-file", Candidate(updated, todo=UNKNOWN_ARGS) if unknown
                           else self.from_directory(updated, name, root), exact)
        if chosen is exact or not unknown:
            self.fired()
        assert isinstance(chosen.form, cst.BaseExpression)
        return chosen.form

    def from_directory(self, updated: cst.Call, name: cst.Arg, root: cst.Arg) -> Candidate:
        """static_file() as Flask's send_from_directory(), the idiomatic candidate."""
        args = [cst.Arg(self.from_app(root.value)), cst.Arg(self.without_slashes(name.value))]
        download = arg(updated, None, "download")
        if download is not None:
            value = download.value
            if isinstance(value, cst.Name) and value.value in {"True", "False"}:
                args.append(kw("as_attachment", value))
            else:
                args.append(kw("as_attachment", cst.parse_expression("True")))
                args.append(kw("download_name", value))
        mimetype = arg(updated, None, "mimetype")
        if mimetype is not None:
            args.append(kw("mimetype", mimetype.value))
        return Candidate(cst.Call(cst.Name("send_from_directory"), _commas(args)),
                         imports=(Import("flask", "send_from_directory"),),
                         todo="static_file(headers=/charset=): set them on the returned "
                         "response" if arg(updated, None, "headers")
                         or arg(updated, None, "charset") else "")


    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        if isinstance(original.value, cst.Call) and self.api(original.value.func) == "static_file":
            self.todo("static_file()'s answer kept to look at: Bottle returns an HTTPError "
                      "response for a missing or forbidden file, send_from_directory raises "
                      "NotFound or Forbidden: catch werkzeug.exceptions.HTTPException here")
        return updated

    def without_slashes(self, name: cst.BaseExpression) -> cst.BaseExpression:
        """Bottle strips "/" and "\\" from both ends of the file's name before it joins
        it to root; Werkzeug's safe_join refuses a name that starts with one (a 404). A
        literal is stripped here, a route's own parameter never has one, anything else
        is stripped when it runs."""
        text = string_value(name)
        if text is not None:
            return name if text == text.strip("/\\") else cst.SimpleString(
                json.dumps(text.strip("/\\")))
        if isinstance(name, cst.Name) and self.url_params and name.value in self.url_params[-1]:
            return name
        if not isinstance(name, ATOMS) and not name.lpar:
            # the whole name, as Bottle strips it: `("/static/" + name).strip(...)`, not
            # `"/static/" + name.strip(...)`, which keeps the literal's slash (a 404)
            name = name.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        return cst.Call(cst.Attribute(name, cst.Name("strip")),
                        [cst.Arg(cst.SimpleString('"/\\\\"'))])


# expressions an attribute may follow as they are written (no parentheses needed)
ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.SimpleString, cst.FormattedString)


def _tail(root: cst.BaseExpression) -> str | None:
    """"static" for os.path.join(ANY, "static"): the folder's last part, else None."""
    if isinstance(root, cst.Call) and root.args:
        return string_value(root.args[-1].value)
    return None


def _commas(args):
    return [a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            if i < len(args) - 1 else a for i, a in enumerate(args)]
