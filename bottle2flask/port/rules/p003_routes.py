r"""P003: route paths and methods

@app.route("/item/<no:int>", method=["GET", "POST"], name="item")
 -> @app.route("/item/<int(signed=True):no>", methods=["GET", "POST"], endpoint="item")

Bottle's filters become Werkzeug converters that take what Bottle's take, so no page
Bottle serves is a 404 in the port: `int` is `int(signed=True)` (Bottle's int exactly),
`float` is Werkzeug's float converter given Bottle's pattern and registered as "float"
where the app is made ("3", "-1", "2." and ".5" match; a malformed "1.2.3" is a 404
where Bottle answered 400: D-float; the exact candidate keeps the 400), `<path:x>` takes
no leading slash (D-path). `re` is any
regex: a converter class for each, registered where the app is made in any scope (a
factory function, a method), so `def make_app(): app = Bottle(); @app.route('/<f:re:.*\.png>')`
ports and runs (it crashed with `LookupError` before); a module that routes on an app it
imports names its converters after itself (`bottle_pages_re1`), so two modules' regexes
never take each other's name on the app they share. With `--faithful` the converters
are bottle_compat's: `float` a 400 for "1.2.3", `path` a leading slash.
Bare `<name>` is the same.
A rule computed at run time (`@app.get(path("doc", "<name:path>"))`, a name bound
elsewhere, an f-string, a prefix's name + a wildcard) is translated as the app starts,
`flask_rule(app, rule)` from bottle_routes.py, which the port copies beside the app
(Werkzeug met Bottle's syntax at import); string literals joined by `+` are one rule,
rewritten as one; a prefix + text with no wildcard stays as written, under a TODO.
A shortcut given a method anyway (`@post("/login", method="POST")`,
`@get("/x", method=["GET", "POST"])`) becomes the shortcut of the one method left, else
`route(rule, methods=[...])`: Flask's shortcuts refuse methods=.
A `method=` that is not a literal: a sum with a list literal in it
(`method=view.methods + ["OPTIONS"]`) is a list as written and stays so (`[...]` around it
was a list in a list, an error at import); another expression is `[value]` under a TODO
(the idiomatic guess: one method), and its exact candidate, taken under --faithful or
where the check repairs the site, is `route_methods(value)` from bottle_routes.py: one
method or a list, as Bottle took either.
A path and method routed again on the same app in one module: Bottle served the
later view, Werkzeug would serve the first (PORTING 38); the replaced route is left
out with a comment, or keeps only the methods no later route takes. Bottle compares
the pattern, not the wildcards' names: `/x/<id>` replaces `/x/<no>` (one view routed
under both is called with the later's name). The same holds for route calls in one
block (`self.app.route(rule, callback=self.x)` twice in a method): the earlier is left
out, commented, or keeps the methods left to it. Routes made in branches or in other
functions are left as they are (both may never be made).
A route a class's method registers by call on a bound method (`callback=self.home` in
a base controller's `__init__`) is registered again by each instance on the app: Flask
would refuse the second view for the endpoint `home` at import. Where any module
subclasses the class or makes it more than once, or where the check's repair moves the
site, the endpoint is named by the rule and the view set apart,
`app.add_url_rule("/", endpoint="/")` then `app.endpoint("/")(self.home)`: each
instance's registration replaces the view, so the last one answers, as in Bottle.
`method="ANY"` (Bottle's every-method wildcard) lists the methods; a route registered
without a decorator, `app.route("/x", callback=view)`, becomes
`app.add_url_rule("/x", view_func=view)` (Flask's `route()` would return a decorator
nobody calls, and the route would not exist). The decorator called by hand,
`app.route("/x/:id", "POST")(view)`, gets the same path and methods conversion; one
called on anything but a plain name (`self.page`, `make_view(label)`, or a name bound to
a call's result, `view = make_view(label)`, or to a lambda) is named by its path, `endpoint="/x"`
(`"POST /x"` for other methods than GET): Flask would name it after the function, and
two objects' methods or a loop's views clash at start-up. A method of a class made once
and subclassed by none (`self.get("/add")(self.add)` in a Bottle subclass), routed once
and named as no other view of the app, keeps Flask's own endpoint, its name (`add`).
A view defined where it is registered more than once (a def in a loop, or in a function
the module calls more than once, on an app that function does not make) has one
endpoint a registration in Bottle's terms and one in Flask's: Flask would name each after
the function and refuse the second at import. It takes its exact candidate by default,
an endpoint its rule names (`@app.route(root + "/list", endpoint=root + "/list")`; a
route given `name=` keeps it, for get_url/url_for), with `@replaces_view(app, endpoint)`
(bottle_routes.py) under it: a view registered again for that endpoint replaces the one
before, as Bottle's later route did, where Flask's route() would refuse it (the same rule
routed by each call, or by a base class's instances too); a routed def in any other function
(a helper another module calls twice) is a site of the same kind that the check's repair
moves there when the port stops with "View function mapping is overwriting an existing
endpoint". Views of one name in a module (Bottle names no route after its function)
keep Flask's own endpoint for the first, and `index_2`, `index_3`... for the others; a
name views of another module on the same app have too is the module's (`pages.index`).
Routes on an app that is a parameter of an enclosing function (`def setup(web):
@web.route(...)`) are converted the same way, with one TODO per parameter: which app
the callers pass is not written in that function.
A wildcard without a name (Bottle's CORS recipe `@route('/<:re:.*>', method='OPTIONS')`,
or a bare `:`) is matched by Bottle and passed to nobody; Werkzeug needs a name and
passes it, so it becomes `<unnamed>` and the view takes `unnamed=None` (a view taking
`**kwargs` gets it there too: a TODO says so; a view registered by a call elsewhere
gets a breaking TODO naming the parameter it must take).
A module that routes OPTIONS itself (`method="OPTIONS"` in a route call or decorator)
gets `app.config["PROVIDE_AUTOMATIC_OPTIONS"] = False` right after its app: Flask
answered OPTIONS on every rule registered without it, so an OPTIONS view registered after
a GET at the same path never ran (a CORS view's headers lost), and Bottle, which answers
OPTIONS only by a route, said 405 where Flask said 200.
A route given no rule (`@app.route()`, `@get(method="POST")`) gets the rules Bottle
derives from its view, written out: `def show(a, b=1)` is routed at `/show/<a>` and
`/show/<a>/<b>`, a `__` in its name a `/`. An empty rule (`@get('')`) is no rule to
Bottle (its makelist('') is empty): `def index()` under it is routed at `/index`.
A route's own config keywords (`@app.route("/", answer=42)`, read as
`request.route.config["answer"]`), which Werkzeug's Rule refuses, go to a decorator right
under the route, `@bottle_members.route_config("/", answer=42)` from bottle_members.py (the
helper the port copies, port/compat/bottle_members.py), under a TODO; on a route not
written as a decorator they are taken out, under a TODO that says it breaks.
`template=` is the config Bottle's TemplatePlugin (installed on every app) reads: it
wraps the route's view in `view(name, **defaults)`. Given as a string literal, or a
2-tuple or list of one and a mapping literal (`template=("page", {"title": "T"})`), on
a def whose routes all give the same one (or that has its own `@view`, which renders
first), the keyword goes and P006 makes the def a view of that template, as for `@view`.
A route registered by a call (`app.route("/x", callback=show, template="page")`, or the
decorator called by hand) keeps the page by wrapping its callback,
`view_func=bottle_template_plugin(show, "page")` from bottle_compat (the view is not
rewritten where it is registered): a site kept, under a TODO that does not break.
Routes of one def given different templates (or some given none) each keep theirs as
route config (`route_config`), and `@bottle_route_templates` from bottle_compat, right
under the routes, renders the one of the route that matched, as Bottle did: a site kept,
under a TODO that does not break (Flask routes one function for all; give each template
a view of its own). Any other value (a name, a tuple Bottle ignores, a route given
`skip=`, a module that uninstalls plugins) stays route config.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath

import bottle
import libcst as cst

from ..edit import (
    Visitor,
    after_imports,
    arg,
    free_name,
    kw,
    names_used,
    string_value,
    template_statement,
    walk,
)
from ..model.facts import ROUTE_METHODS, ModuleFacts
from ..model.route_syntax import tokens
from .base import AfterApp, Candidate, Change, Companion, Declare, Import, Need, Rule, glob

# Flask's spelling of a filter Bottle has under another name (with its shim, if any)
FILTERS = {"int": ("int(signed=True)", None), "float": ("bottle_float", Need.FLOAT),
           "path": ("bottle_path", Need.PATH)}


def convert_path(path: str, regexes: dict[str, str],
                 needs: set[Need] | None = None,
                 unnamed: list[str] | None = None,
                 custom: set[str] | frozenset[str] = frozenset(),
                 prefix: str = "bottle_re") -> tuple[str, list[str]]:
    """A Bottle rule as a Werkzeug rule, and what could not be converted.

    `regexes` collects the generated regex converters (name -> regex), `needs` the
    other converters the rule uses ("float", "path"), `unnamed` the names given to
    wildcards Bottle had none for (`/<:re:.*>`): the view takes them as parameters;
    `custom`: the route filters the app adds itself, each a converter of the same name;
    `prefix`: the regex converters' names before their number.
    """
    needs = set() if needs is None else needs
    unnamed = [] if unnamed is None else unnamed
    parts, problems = [], []
    for name, kind, config in tokens(path):
        if kind is None:
            if "<" in name or ">" in name:
                problems.append(f"the literal {name!r} in the path: Werkzeug reads `<` as "
                                "a variable; rename the path")
            parts.append(name)
            continue
        if not name:  # Bottle matches it and passes nothing; Werkzeug passes every one
            name = f"unnamed{len(unnamed) + 1}" if unnamed else "unnamed"
            unnamed.append(name)
        if kind in {"default", "re"}:
            parts.append(f"<{converter_name(bottle._re_flatten(config), regexes, prefix)}"
                         f":{name}>"
                         if config else f"<{name}>")
        elif kind in custom and not config:  # its converter is made from the filter
            parts.append(f"<{kind}:{name}>")
        elif kind in custom:
            problems.append(f"route filter {kind!r} given a config ({config!r}): its "
                            "converter is called with none; pass it as a converter argument")
        elif kind in FILTERS:
            converter, shim = FILTERS[kind]
            if shim:
                needs.add(shim)
            parts.append(f"<{converter}:{name}>")
        else:
            problems.append(f"custom route filter {kind!r}: add a Werkzeug converter for it")
    if problems:
        return path, problems
    return "".join(parts), problems


def starts_with_slash(rule: str) -> bool:
    """Whether a path ("/x...") can match a rule that lacks the leading slash: only when
    its first part is a wildcard whose filter may take a slash (path, a regex); static
    text, or Bottle's default, int and float filters, never start with one."""
    _, kind, config = next(tokens(rule), ("", None, None))
    return kind in {"path", "re"} or (kind == "default" and bool(config))


def prefixed(prefix: str, path: cst.BaseExpression) -> cst.BaseExpression:
    """`prefix` + the path, one literal when the path is one."""
    text = string_value(path)
    quote = path.value[-1] if isinstance(path, cst.SimpleString) else '"'
    if text is not None and quote not in text and "\\" not in text:
        return cst.SimpleString(f"{quote}{prefix}{text}{quote}")
    if not isinstance(path, cst.Name | cst.Attribute | cst.Call | cst.Subscript
                      | cst.BaseString):  # `a + b`, `a if c else b`: kept whole
        path = path.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.BinaryOperation(cst.SimpleString(f'"{prefix}"'), cst.Add(), path)


def joined_before(methods: cst.BaseExpression, name: cst.BaseExpression) -> cst.BinaryOperation:
    """`" ".join(methods) + name`: a route's name by its methods read at run time."""
    return cst.BinaryOperation(cst.Call(cst.Attribute(cst.SimpleString('" "'), cst.Name("join")),
                                        [cst.Arg(methods)]), cst.Add(), name)


def converter_name(regex: str, regexes: dict[str, str], prefix: str = "bottle_re") -> str:
    for name, known in regexes.items():
        if known == regex:
            return name
    name = f"{prefix}{sum(1 for n in regexes if n != FLOAT) + 1}"
    regexes[name] = regex
    return name


def derived_rules(function: cst.FunctionDef) -> list[str]:
    """The rules Bottle routes a view given none (its yieldroutes): its name, a "__" in
    it a "/", then a wildcard for each argument without a default, and one more rule for
    each argument with one."""
    params = function.params
    named = [*params.posonly_params, *params.params]
    required = [p.name.value for p in named if p.default is None]
    path = "/" + function.name.value.replace("__", "/").lstrip("/")
    path += "".join(f"/<{name}>" for name in required)
    rules = [path]
    for p in named[len(required):]:
        path += f"/<{p.name.value}>"
        rules.append(path)
    return rules


def route_key(rule: Rule, decorator: cst.Decorator) -> tuple[str, str, set[str]] | None:
    """(app, path, methods) of a route decorator with a literal path, else None."""
    return call_key(rule, decorator.decorator)


def call_key(rule: Rule, call: cst.BaseExpression) -> tuple[str, str, set[str]] | None:
    """(app, path, methods) of a route call with a literal path, else None."""
    if not isinstance(call, cst.Call):
        return None
    kind = rule.app_method(call.func)
    if kind not in ROUTE_METHODS:
        return None
    path_arg = arg(call, 0, "path")
    path = string_value(path_arg.value) if path_arg is not None else None
    if path is None:
        return None
    app = cst.Module([]).code_for_node(call.func.value) \
        if isinstance(call.func, cst.Attribute) else ""
    given = arg(call, 1, "method")  # a shortcut's method= replaces its own
    if given is None:
        return app, path, {"GET" if kind == "route" else kind.upper()}
    values = given.value.elements if isinstance(given.value, cst.List | cst.Tuple) \
        else [cst.Element(given.value)]
    methods = {string_value(e.value) for e in values}
    if None in methods or "ANY" in methods:
        return None
    return app, path, {str(m).upper() for m in methods}


def shadowed_routes(module: cst.Module,
                    rule: Rule) -> tuple[dict[int, str], dict[int, tuple[list[str], str]]]:
    """Route decorators of the module's views that a later route on the same app and path
    replaces in Bottle: {id: "GET /x"} for those replaced in every method, {id: (methods
    left to it, "GET /x")} for those replaced in some."""
    # Top-level views only: routes in branches or functions may never both be made.
    routes = [(id(d), id(f), key) for f in module.body if isinstance(f, cst.FunctionDef)
              for d in reversed(f.decorators)  # the lowest is registered first
              if (key := route_key(rule, d)) is not None]
    return replaced(routes)


def pattern(path: str) -> str:
    """A rule as Bottle's Router.add keys it: the wildcards' names do not count."""
    return re.sub(r"<[^:>]*(:[^>]*)?>", lambda m: f"<{m.group(1) or ''}>", path)


def replaced(routes: Sequence[tuple[int, int | str, tuple[str, str, set[str]]]]
             ) -> tuple[dict[int, str], dict[int, tuple[list[str], str]]]:
    """Of routes (node id, view, (app, path, methods)) in the order Bottle adds them: those
    a later route on the same app and pattern replaces, in every method ({id: "GET /x"})
    or in some ({id: (methods left to it, "GET /x")}). Bottle's Router.add keys a route by
    its pattern and method, the wildcards' names aside (`/x/<id>` replaces `/x/<no>`):
    the later view answers; Werkzeug keeps both and matches the first."""
    shadowed: dict[int, str] = {}
    overlaps: dict[int, tuple[list[str], str]] = {}
    # the routes on each app and pattern, in order (each path's pattern made once: the
    # pairs of a module's routes are many, its routes few)
    keys = [(app, pattern(path)) for _, _, (app, path, _) in routes]
    alike: dict[tuple[str, str], list[int]] = {}
    for i, same in enumerate(keys):
        alike.setdefault(same, []).append(i)
    for i, (node, view, (_, path, methods)) in enumerate(routes):
        # another view's, or the same view under other wildcard names (it is called with
        # the later route's): the same view routed twice alike answers alike either way
        later = set().union(*(routes[j][2][2] for j in alike[keys[i]]
                              if j > i and (routes[j][1] != view or routes[j][2][1] != path)))
        taken = methods & later
        if taken == methods:
            shadowed[node] = f"{'/'.join(sorted(methods))} {path}"
        elif taken:
            overlaps[node] = (sorted(methods - taken), f"{'/'.join(sorted(taken))} {path}")
    return shadowed, overlaps


def decorated_routes(node: cst.FunctionDef) -> set[tuple[str, str]]:
    """The (rule as written, method) pairs a def's route decorators register:
    `@route("/x")`, `@app.post("/x")`, `@route("/x", method=["GET", "POST"])`, or as
    this rule wrote them (`@app.route("/x", methods=["PUT"])`)."""
    found: set[tuple[str, str]] = set()
    for d in node.decorators:
        call = d.decorator
        if not isinstance(call, cst.Call):
            continue
        func = call.func
        name = func.value if isinstance(func, cst.Name) \
            else func.attr.value if isinstance(func, cst.Attribute) else None
        rule = arg(call, 0, "path")
        text = string_value(rule.value) if rule is not None else None
        if name not in ROUTE_METHODS or text is None:
            continue
        # (Bottle's method=, or Flask's methods= where this rule wrote it already)
        given = arg(call, 1, "method") or arg(call, None, "methods")
        value = given.value if given is not None else None
        values = [e.value for e in value.elements] \
            if isinstance(value, cst.List | cst.Tuple) else [value] if value is not None else []
        spelt = [string_value(v) for v in values]
        methods = {name.upper()} if name != "route" \
            else {m.upper() for m in spelt if m is not None} if values else {"GET"}
        found |= {(text, method) for method in methods}
    return found


class Calls(Visitor):
    """P003's pre-scan: how often the module calls each function by its name (a call in
    a loop or a comprehension counts as two), and the names each function assigns: a
    view a function defines and routes is registered again at each call, on the same
    app unless the function makes the app itself."""

    def __init__(self, facts: ModuleFacts) -> None:
        super().__init__()
        self.calls: dict[str, int] = {}
        self.loops = 0
        # names bound to a call's result (`v = make_view(x)`) or to a lambda
        self.made: set[str] = set()
        self.bases: set[str] = set()  # the names the module's classes subclass
        # how often each method is handed on as `self.x` to a call's result (a route
        # decorator called by hand, `app.get(path)(self.x)`) or as callback=self.x
        self.handed: dict[str, int] = {}
        # the rules (as Bottle keys them) routes by call register: `app.route(rule,
        # callback=view)`, `app.route(rule)(view)`
        self.call_rules: set[str] = set()
        # ... and those route decorators of defs inside a function or method register
        self.def_rules: set[str] = set()
        # the (rule as written, method) pairs route decorators of the module's top-level
        # defs register
        self.top_routes: set[tuple[str, str]] = set()
        self.depth = 0  # the defs the walk is in

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if not self.depth:
            self.top_routes |= decorated_routes(node)
        if self.depth:
            self.def_rules |= {pattern(text) for d in node.decorators
                               if isinstance(d.decorator, cst.Call)
                               and isinstance(d.decorator.func, cst.Attribute)
                               and d.decorator.func.attr.value in ROUTE_METHODS
                               and (rule := arg(d.decorator, 0, "path")) is not None
                               and (text := string_value(rule.value)) is not None}
        self.depth += 1

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.depth -= 1

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.bases |= {b.value.value if isinstance(b.value, cst.Name) else b.value.attr.value
                       for b in node.bases if b.keyword is None
                       and isinstance(b.value, cst.Name | cst.Attribute)}

    def visit_Assign(self, node: cst.Assign) -> None:
        # (a lambda too: each is named `<lambda>`, RULE-s52 class E's loop of them)
        if isinstance(node.value, cst.Call | cst.Lambda):
            self.made |= {t.target.value for t in node.targets
                          if isinstance(t.target, cst.Name)}

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name):
            name = node.func.value
            self.calls[name] = self.calls.get(name, 0) + (2 if self.loops else 1)
        given = [a.value for a in node.args if a.keyword is not None
                 and a.keyword.value == "callback"]
        if isinstance(node.func, cst.Call) and node.args and node.args[0].keyword is None:
            given.append(node.args[0].value)
        for value in given:
            if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) \
                    and value.value.value == "self":
                name = value.attr.value
                self.handed[name] = self.handed.get(name, 0) + (2 if self.loops else 1)
        route = node.func if isinstance(node.func, cst.Call) and node.args \
            else node if given else None
        if route is not None and isinstance(route.func, cst.Attribute) \
                and route.func.attr.value in ROUTE_METHODS \
                and (rule := arg(route, 0, "path")) is not None \
                and (text := string_value(rule.value)) is not None:
            self.call_rules.add(pattern(text))

    def _enter(self, node: cst.CSTNode) -> None:
        self.loops += 1

    def _leave(self, original_node: cst.CSTNode) -> None:
        self.loops -= 1

    visit_For, leave_For = _enter, _leave
    visit_While, leave_While = _enter, _leave
    visit_ListComp, leave_ListComp = _enter, _leave
    visit_SetComp, leave_SetComp = _enter, _leave
    visit_DictComp, leave_DictComp = _enter, _leave
    visit_GeneratorExp, leave_GeneratorExp = _enter, _leave


INSTANCES = ("a route {cls}'s methods register by call is registered again by each "
             "instance on the app (a class other classes subclass, or made more than "
             "once): Flask refuses a second view for its endpoint")

ROUTED_BY_A_DEF = ("a def of the app routes this rule again, and Bottle serves the later "
                   "view: Flask keeps both rules and matches the first")

REGISTERED_AGAIN = ("a view defined {where} is registered again each time: Flask names "
                    "every registration after the function and refuses the second")


class Routes(Rule):
    """Also names the endpoints Flask would see twice: Bottle does not mind two views
    called `_`, Flask refuses a second view function for one endpoint."""

    code = "P003"
    reader = Calls
    summary = "route paths, method= and name= in Werkzeug's terms; clashing endpoints named"
    declares = (
        Change("D-path", "10. Path syntax and the int converter",
               "<path:x> takes no leading slash (Bottle's path takes one)"),
        Change("D-float", "10. Path syntax and the int converter",
               "<float:x> takes what Bottle's float takes (3, -1, 2.5), but a malformed "
               "number (1.2.3) is a 404 where Bottle answered 400"),
        Change("D-leading-slash", "10. Path syntax and the int converter",
               "a rule without a leading slash gets one: its first wildcard no longer holds "
               "the path's leading slash (Bottle matched the rule against the whole path); "
               "one whose first part takes no slash ('hello', './author'), which no "
               "client's request reaches, is left out"),
        Change("D-trailing-slash", "12. Trailing slashes",
               "a path ending in '/' answers the same path without the slash with a 308 "
               "redirect to it (Werkzeug's strict slashes); Bottle answered 404"),
    )
    compat = ("float", "path")

    @property
    def converters(self) -> Converters:
        """The module's converters so far (the rule's scratch: its walks and finish())."""
        return self.scratch(Converters)

    def statements_after_app(self, module: cst.Module) -> list[AfterApp]:
        """Each regex converter of the module's routes registered right after the app is
        made (in any scope: a factory, a method), in the order of the regexes; each
        class takes a name the module leaves free (a class of the user's own keeps its)."""
        found = self.converters
        # Bottle answers OPTIONS only by a route of the app's: Flask's own OPTIONS answer
        # on every other rule would shadow one registered after a GET at the same path
        # (jar3b's CORS view: its headers lost), and answer where Bottle said 405
        options = [AfterApp(NO_AUTOMATIC_OPTIONS)] if _routes_options(self) else []
        if not found.regexes:
            return options
        taken = names_used(module)
        found.regex_classes = {name: free_name("BottleFloatConverter" if name == FLOAT
                                               else converter_class(name), taken)
                               for name in found.regexes}
        # (the last asked goes first: asked from the last regex, placed in their order)
        return [*options, *(AfterApp(REGISTER, {"name": cst.SimpleString(f'"{name}"'),
                                                "cls": cst.Name(found.regex_classes[name])})
                            for name in reversed(found.regexes))]

    def finish(self, module: cst.Module, app: bool) -> cst.Module:
        """The converter classes of the module's <x:re:...>, <x:float> and filtered
        wildcards after its imports (each regex one registered on the app: statements_after_app()),
        and the Werkzeug classes they subclass imported; a module that neither makes nor
        imports the app gets a TODO instead."""
        found = self.converters
        if found.regexes and not app:
            return module.with_changes(header=[*module.header, self.todo_line(
                "this module's routes use <x:re:...> paths but it neither "
                "makes nor imports the Flask app: register their converters (werkzeug."
                "routing.BaseConverter) on the app")])
        module = add_converters(module, found)
        # Bottle's float is Werkzeug's float converter given Bottle's pattern (registered
        # as "float"), the others are made from scratch
        if FLOAT in found.regexes:
            self.need_import("werkzeug.routing", "FloatConverter")
        if found.regexes.keys() - {FLOAT} or found.filters:
            self.need_import("werkzeug.routing", "BaseConverter")
        return module

    def adopt(self, piece: object) -> None:
        """What a taken candidate adds: Werkzeug's float converter given Bottle's
        pattern (a float-filter's idiomatic form), a view's endpoint number (a routed
        def's)."""
        if isinstance(piece, FloatPattern):
            self.converters.regexes[FLOAT] = FILTER_PATTERNS["float"]
        elif isinstance(piece, EndpointNumber):
            self.seen[piece.name] = piece.number
        else:
            super().adopt(piece)

    def visit_Module(self, node: cst.Module) -> None:
        # the config keywords of the route decorator being converted (None: not one)
        self.config_args: list[cst.Arg] | None = None
        # per function: the rules Bottle derives from it for a route given none
        self.derived: list[list[str]] = []
        # NAME = literal at the top of the module: what a method= given by name holds
        self.bound = {t.target.value: stmt.body[0].value for stmt in node.body
                      if isinstance(stmt, cst.SimpleStatementLine)
                      and isinstance(stmt.body[0], cst.Assign)
                      and len(stmt.body[0].targets) == 1
                      and isinstance(t := stmt.body[0].targets[0], cst.AssignTarget)
                      and isinstance(t.target, cst.Name)
                      and isinstance(stmt.body[0].value, cst.List | cst.Tuple | cst.BaseString)}
        self.taken = names_used(node)  # a converter class the rule names takes a free name
        self.shadowed, self.overlaps = shadowed_routes(node, self)
        names = [view.name for view in self.facts.views]  # (the model's read walk)
        self.clashes = {n for n in names if names.count(n) > 1} | self.state.shared_views
        self.seen: dict[str, int] = {}
        self.params: list[tuple[str, set[str]]] = []  # (function, its parameters), outermost first
        found = self.pre_scan(node)
        self.calls, self.made = found.calls, found.made
        # per scope (the module, each def): the loops the walk is in there; and per def,
        # whether it is made in one (defs inside a def: the names that def assigns)
        self.loops: list[int] = [0]
        self.in_loop: list[bool] = []
        self.defs: list[cst.FunctionDef] = []
        self.flagged: set[tuple[str, str]] = set()
        self.unnamed: list[str] = []  # names given to a view's nameless wildcards
        self.unnamed_before: list[int] = []  # len(self.unnamed) as each Expr began
        # the methods of the module's classes under a decorator (one that does not keep
        # the name makes every `callback=self.x` endpoint its wrapper's)
        self.decorated_methods = {
            stmt.name.value for cls in node.body if isinstance(cls, cst.ClassDef)
            for stmt in cls.body.body if isinstance(stmt, cst.FunctionDef) and stmt.decorators}
        # the module's classes other classes of it subclass, and the classes it makes
        # more than once: a route one of their methods registers by call may be made
        # again on the same app, by each instance (a base controller's __init__)
        self.bases, self.instances = self.classes_again(found)
        self.call_rules, self.def_rules = self.rules_routed(found)
        self.routed_elsewhere = self.routes_in_modules_beside()
        self.handed = self.handed_in_app(found)
        self.classes: list[str] = []
        # the route calls of a block that a later call there replaces (Bottle's Router.add)
        self.call_shadowed: dict[int, str] = {}
        self.call_overlaps: dict[int, tuple[list[str], str]] = {}
        self.replaced_calls(node.body)
        # a route call given its exact endpoint: the statement after it that sets its view
        self.view_after: cst.CSTNode | None = None
        # a route call whose rule no client's request reaches: the rule, its line left out
        self.unreached_call: str | None = None

    def classes_again(self, found: Calls) -> tuple[set[str], dict[str, int]]:
        """The classes any module of the app subclasses, and how often the app's modules
        make each class (by its name): a route a method of theirs registers by call may be
        made again on one app, once by each instance."""
        model = self.model  # none for a module ported alone
        read = [m.facts.read_by.get(self.code) for m in model.modules.values()
                if m.facts is not None] if model is not None else []
        scans = [s for s in read if isinstance(s, Calls)] or [found]
        bases = set().union(*(s.bases for s in scans))
        made: dict[str, int] = {}
        for scan in scans:
            for name, count in scan.calls.items():
                made[name] = made.get(name, 0) + count
        return bases, made

    def rules_routed(self, found: Calls) -> tuple[set[str], set[str]]:
        """The rules the app's modules route by call, and those defs in a function or
        method route (as Bottle keys them): a rule in both is routed again, and Bottle
        serves the later view."""
        model = self.model  # none for a module ported alone
        read = [m.facts.read_by.get(self.code) for m in model.modules.values()
                if m.facts is not None] if model is not None else []
        scans = [s for s in read if isinstance(s, Calls)] or [found]
        return (set().union(*(s.call_rules for s in scans)),
                set().union(*(s.def_rules for s in scans)))

    def routes_in_modules_beside(self) -> set[tuple[str, str]]:
        """The (rule, method) pairs the top-level defs of the app's other modules on the
        same default app route (the module made for it shared): which registers last
        depends on the order the modules are imported, and Bottle serves that one."""
        model, facts = self.model, self.facts
        if model is None or not facts.default_from:
            return set()
        made_for = {rel.as_posix(): module for rel, module in model.default_modules.items()}
        shared = made_for.get(facts.path)
        found: set[tuple[str, str]] = set()
        for m in model.modules.values():
            other = m.facts
            scan = other.read_by.get(self.code) if other is not None else None
            if other is not None and isinstance(scan, Calls) and other.path != facts.path \
                    and shared is not None and made_for.get(other.path) == shared:
                found |= scan.top_routes
        # (keyed as Bottle keys rules: `/x/<id>` is `/x/<no>`)
        return {(pattern(text), method) for text, method in found}

    def handed_in_app(self, found: Calls) -> dict[str, int]:
        """How often the app's modules hand each method on as `self.x` to a route call
        (and how often any view of the app is a def of that name): a name seen once is
        an endpoint no other view of the app takes."""
        model = self.model  # none for a module ported alone
        facts = [m.facts for m in model.modules.values() if m.facts is not None] \
            if model is not None else [self.facts]
        scans = [s for f in facts if isinstance(s := f.read_by.get(self.code), Calls)] \
            or [found]
        handed: dict[str, int] = {}
        for name in [n for scan in scans for n, count in scan.handed.items()
                     for _ in range(count)] + [v.name for f in facts for v in f.views]:
            handed[name] = handed.get(name, 0) + 1
        return handed

    def method_endpoint(self, view: cst.BaseExpression) -> bool:
        """Whether `app.get(path)(self.x)` keeps Flask's own endpoint, the method's name
        (as a Flask maintainer names a view): a method of a class made once and
        subclassed by none, under no decorator of the class's, routed once, its name no
        other view's of the app nor one of Flask's own (`static`)."""
        if not (isinstance(view, cst.Attribute) and isinstance(view.value, cst.Name)
                and view.value.value == "self" and self.classes and self.defs):
            return False
        cls, name = self.classes[-1], view.attr.value
        return cls not in self.bases and self.instances.get(cls, 0) <= 1 \
            and name not in self.decorated_methods and self.handed.get(name, 0) == 1 \
            and name not in self.clashes | FLASK_ENDPOINTS

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes.append(node.name.value)

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        self.classes.pop()
        return updated

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self.replaced_calls(node.body)

    def replaced_calls(self, body: Sequence[cst.BaseStatement]) -> None:
        """The route calls of one block (`app.route(path, callback=view)`,
        `app.route(path)(view)`) that a later call of the block replaces on the same app
        and pattern, as Bottle's router does: the statements run in that order."""
        routes: list[tuple[int, int | str, tuple[str, str, set[str]]]] = []
        for stmt in body:
            if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                    and isinstance(stmt.body[0], cst.Expr)
                    and isinstance(call := stmt.body[0].value, cst.Call)):
                continue
            if isinstance(call.func, cst.Call) and call.args:  # app.route(path)(view)
                route, view = call.func, call.args[0].value
            else:
                given = arg(call, 2, "callback")
                if given is None:
                    continue
                route, view = call.with_changes(
                    args=[a for a in call.args if a is not given]), given.value
            key = call_key(self, route)
            if key is not None:
                routes.append((id(stmt), cst.Module([]).code_for_node(view), key))
        if len(routes) > 1:
            shadowed, overlaps = replaced(routes)
            self.call_shadowed.update(shadowed)
            self.call_overlaps.update(overlaps)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        params = node.params
        names = {p.name.value for p in (*params.posonly_params, *params.params,
                                         *params.kwonly_params)}
        self.params.append((node.name.value, names))
        self.derived.append(derived_rules(node))
        self.in_loop.append(self.loops[-1] > 0)
        self.loops.append(0)
        self.defs.append(node)
        path = self.context.filename or "module"
        self.stem = path.removesuffix(".py").replace("/", ".").replace("\\", ".")

    def is_route(self, decorator: cst.Decorator) -> bool:
        return isinstance(decorator.decorator, cst.Call) \
            and self.app_method(decorator.decorator.func) in ROUTE_METHODS

    def visit_For(self, node: cst.For) -> None:
        self.loops[-1] += 1

    def leave_For(self, original: cst.For, updated: cst.For) -> cst.For:
        self.loops[-1] -= 1
        return updated

    def visit_While(self, node: cst.While) -> None:
        self.loops[-1] += 1

    def leave_While(self, original: cst.While, updated: cst.While) -> cst.While:
        self.loops[-1] -= 1
        return updated

    def registered_again(self, updated: cst.FunctionDef) -> tuple[bool, str]:
        """Whether a routed view may be registered more than once on one app (its
        endpoint is then the exact candidate's, one a rule), and why, when the model
        sees it is: a def in a loop, or in a function the module calls more than once.
        A view a function defines on an app it makes is not (each call, an app)."""
        where = ""
        if self.in_loop[-1]:
            where = "in a loop"
        if len(self.params) < 2:  # a view at the module's top: once, unless in a loop
            if not where and self.routed_elsewhere and self.routed_elsewhere & {
                    (pattern(text), method) for text, method in decorated_routes(updated)}:
                # (RULE-s54 H2: two modules route "/" on the shared default app; Bottle
                # serves the view routed last, Werkzeug the first)
                where = "at the top of a module under a rule another module routes too on " \
                        "the same app (Bottle serves the view routed last),"
            return bool(where), where
        owner = self.params[-2][0]
        apps = {d.decorator.func.value.value for d in updated.decorators
                if isinstance(d.decorator, cst.Call)
                and isinstance(d.decorator.func, cst.Attribute)
                and isinstance(d.decorator.func.value, cst.Name)}
        if apps and apps <= names_assigned_in(self.defs[-2]):
            return bool(where), where
        if not where and self.calls.get(owner, 0) > 1:
            where = f"in {owner}(), which the module calls more than once,"
        if not where and self.call_rules & {
                pattern(text) for d in updated.decorators if self.is_route(d)
                and isinstance(d.decorator, cst.Call)
                and (rule := arg(d.decorator, 0, "path")) is not None
                and (text := string_value(rule.value)) is not None}:
            # (RULE-s53 C: a base class's instances route the rule by call, a def in a
            # method routes it again; Bottle serves the later view)
            where = f"in {owner}() under a rule a route call of the app registers too,"
        return True, where

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        again = self.registered_again(updated) if any(
            self.is_route(d) for d in updated.decorators) else (False, "")
        self.params.pop()
        self.derived.pop()
        self.loops.pop()
        self.in_loop.pop()
        self.defs.pop()
        if self.unnamed:  # `/<:re:.*>`: Flask passes what Bottle did not; the view takes it
            taken = {p.name.value for p in updated.params.params}
            added = [cst.Param(cst.Name(n), default=cst.Name("None"),
                               equal=cst.AssignEqual(cst.SimpleWhitespace(""),
                                                     cst.SimpleWhitespace("")))
                     for n in dict.fromkeys(self.unnamed) if n not in taken]
            self.unnamed = []
            if added and updated.params.star_kwarg:
                self.todo(f"a wildcard without a name is now <{added[0].name.value}>: Flask "
                          f"passes it in **{updated.params.star_kwarg.name.value} too (Bottle "
                          "passed nothing for it)")
            elif added:
                self.fired()
                params = [*updated.params.params, *added]
                params = [p.with_changes(comma=cst.MaybeSentinel.DEFAULT) for p in params]
                updated = updated.with_changes(params=updated.params.with_changes(
                    params=params))
        name = updated.name.value
        updated = self.unshadow(original, updated)
        updated = self.leave_out_unmatched(updated)
        if self.facts.templates_differ(original):
            updated = self.route_templates(updated)
        routes = [i for i, d in enumerate(updated.decorators) if self.is_route(d)]
        if not routes:
            return updated
        may, where = again
        # Under the routes, a decorator of the app's own that may not keep the view's
        # name (no functools.wraps seen): Flask would take the wrapper's name ("wrapper")
        # for every view it wraps, and refuse the second one.
        wrapped = any(self.renames(d.decorator) for d in updated.decorators[routes[-1] + 1:])
        idiomatic = self.numbered(updated, name, wrapped)
        if not may:
            self.take_candidate(idiomatic, False)
            return self.with_decorators(updated, idiomatic)
        # the exact candidate: each registration its own endpoint, its rule (a route
        # given name= keeps it: get_url/url_for name it), and the view it registers
        # replaces the endpoint's earlier one, as Bottle's later route did (Flask refuses
        # another view for an endpoint: a def routed by a function called again, or a
        # rule a base class's instances route too)
        exact = Candidate(tuple(self.replacing(updated.decorators)), imports=(
            Import(HELPERS.value, "replaces_view", companion=HELPERS),))
        chosen = self.site("endpoint", idiomatic, exact,
                           keeps=REGISTERED_AGAIN.format(where=where) if where else "")
        return self.with_decorators(updated, chosen)

    def replacing(self, decorators) -> Iterator[cst.Decorator]:
        """A routed def's decorators in the exact candidate's form: each route named by
        its rule (by_path()), with `@replaces_view(app, endpoint)` right under it."""
        for d in decorators:
            named = self.by_path(d.decorator) if self.is_route(d) \
                and isinstance(d.decorator, cst.Call) else None
            endpoint = arg(named, None, "endpoint") if named is not None else None
            if named is None or endpoint is None or not isinstance(named.func, cst.Attribute):
                yield d
                continue
            yield d.with_changes(decorator=named)
            yield cst.Decorator(cst.Call(cst.Name("replaces_view"), [
                cst.Arg(named.func.value.deep_clone(), comma=cst.Comma(
                    whitespace_after=cst.SimpleWhitespace(" "))),
                cst.Arg(endpoint.value.deep_clone())]))

    def numbered(self, updated: cst.FunctionDef, name: str, wrapped: bool) -> Candidate:
        """A routed def's idiomatic endpoint: Flask's own (the def's name) for the first
        view of its name in the module, `name_2`, `name_3`... for the others (the number
        it takes is what the candidate adds); its name written out where a decorator of
        the app's own wraps it. The form: the def's decorators."""
        if name not in self.clashes:
            if not wrapped:
                return Candidate(tuple(updated.decorators))
            endpoint = cst.SimpleString(f'"{name}"')
            adds: tuple[object, ...] = ()
        else:
            number = self.seen.get(name, 0) + 1  # the same for the routes on one view
            adds = (EndpointNumber(name, number),)
            text = self.endpoint_name(name, number)
            if text == name and not wrapped:  # the first of its name: Flask's own
                return Candidate(tuple(updated.decorators), adds=adds)
            endpoint = cst.SimpleString(f'"{text}"')
        decorators = []
        for d in updated.decorators:
            call = d.decorator
            if isinstance(call, cst.Call) and self.app_method(call.func) in ROUTE_METHODS \
                    and arg(call, None, "endpoint") is None:
                args = [*call.args[:-1], call.args[-1].with_changes(
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))] \
                    if call.args else []
                d = d.with_changes(decorator=call.with_changes(
                    args=[*args, kw("endpoint", endpoint)]))
            decorators.append(d)
        return Candidate(tuple(decorators), adds=adds)

    def with_decorators(self, updated: cst.FunctionDef, chosen: Candidate) -> cst.FunctionDef:
        """The def under the chosen form's decorators, each one changed a change."""
        assert isinstance(chosen.form, tuple)
        # (the exact form adds a decorator under each route: each one a change too)
        kept = set(map(id, updated.decorators))
        changed = sum(id(new) not in kept for new in chosen.form)
        if not changed:
            return updated
        self.fired(changed)
        return updated.with_changes(decorators=list(chosen.form))

    def endpoint_name(self, name: str, number: int) -> str:
        """The endpoint of the module's `number`th view called `name` (Flask would name
        each after the function, and refuse the second): the first keeps the name, the
        others `name_2`, `name_3`... (`_2` of `_`); a name views of other modules on the
        app have too is the module's (`pages.index`, as a blueprint's would read). A name
        the module has a view of already takes the module, name and number
        (`pages:index:2`). Views called as an endpoint the Flask app may have of its own
        (`static`, its static files' route) are the module's too (`main.static`,
        `main.static_2`): the first keeping its name, Flask refused it. (One view of that
        name is P012's: Flask's own static route, or the app's static_folder=None.)"""
        base = f"{self.stem}.{name}" if name in self.state.shared_views | FLASK_ENDPOINTS \
            else name
        text = base if number == 1 else f"{base.removesuffix('_')}_{number}"  # `_`: _2
        if number > 1 and text in {v.name for v in self.facts.views} | self.clashes:
            return f"{self.stem}:{name}:{number}"
        return text

    def leave_out_unmatched(self, updated: cst.FunctionDef) -> cst.FunctionDef:
        """A route whose rule no client's request reaches (no leading slash, and a first
        part that cannot take one: Bottle matches the rule against the whole path, which
        starts with "/" in every request a client sends) left out with a comment
        (D-leading-slash); Werkzeug would refuse the rule. (A list of rules is one
        decorator a rule by now: leave_Decorator.)"""
        decorators, notes, left = [], [], []
        for d in updated.decorators:
            call = d.decorator
            given = arg(call, 0, "path") if isinstance(call, cst.Call) \
                and self.is_route(d) else None
            rule = string_value(given.value) if given is not None else None
            if rule is not None and not rule.startswith("/") and not starts_with_slash(rule):
                notes.append(f"# no client's request reaches the rule {rule!r} (no leading "
                             "slash): left out")
                left.append(rule)
                continue
            decorators.append(d)
        if not notes:
            return updated
        self.fired()
        # the report says so under its own change (the check counts the route there too)
        self.declare("D-leading-slash", [glob(rule) for rule in left],
                     detail="left out: no client's request reaches it")
        lines = [cst.EmptyLine(comment=cst.Comment(n)) for n in notes]
        return updated.with_changes(decorators=decorators,
                                    leading_lines=[*updated.leading_lines, *lines])

    def unshadow(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        """Bottle replaces a route when the same path and method are routed again on the
        app (the later view answers); Werkzeug keeps both and the first matches. A route
        every method of which a later one takes is left out, as Bottle left it; one that
        keeps some methods keeps only those."""
        marked = [o for o in original.decorators
                  if id(o) in self.shadowed or id(o) in self.overlaps]
        if not marked or len(updated.decorators) != len(original.decorators):
            return updated  # nothing replaced (or another rule changed the decorators)
        keep, notes = [], []
        for d, o in zip(updated.decorators, original.decorators, strict=True):
            if id(o) in self.shadowed:
                notes.append(f"# {self.shadowed[id(o)]} is routed again below, where Bottle "
                             "served the later view:")
                notes.append("# Flask would serve this one, so this route is left out")
                continue
            if id(o) in self.overlaps:  # route(..., method=[...]): the methods left to it
                methods, taken = self.overlaps[id(o)]
                left = cst.List([cst.Element(cst.SimpleString(f'"{m}"')) for m in methods])
                call = d.decorator
                assert isinstance(call, cst.Call)
                notes.append(f"# {taken} is routed again below, where Bottle served the "
                             "later view:")
                notes.append("# this route keeps the other methods")
                d = d.with_changes(decorator=call.with_changes(args=[
                    a.with_changes(value=left) if a.keyword and a.keyword.value == "methods"
                    else a for a in call.args]))
            keep.append(d)
        self.fired()
        lines = [cst.EmptyLine(comment=cst.Comment(n)) for n in notes]
        return updated.with_changes(decorators=keep,
                                    leading_lines=[*updated.leading_lines, *lines])

    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        call = updated.decorator
        if isinstance(call, cst.Call) and (self.app_method(call.func) in ROUTE_METHODS
                                           or self.parameter_app(call.func)):
            given = arg(call, 0, "path")
            if self.derived and given is not None and string_value(given.value) == "":
                # @get(''): Bottle takes a false path as none (makelist('') is [])
                call = call.with_changes(args=[a for a in call.args if a is not given])
            if self.derived and arg(call, 0, "path") is None \
                    and not any(a.keyword is None or a.star for a in call.args):
                # @route() with no rule: Bottle's rules from the view's name and arguments
                self.fired()
                rules = [cst.SimpleString(json.dumps(r)) for r in self.derived[-1]]
                path = rules[0] if len(rules) == 1 else cst.List(
                    [cst.Element(r) for r in rules])
                call = call.with_changes(args=[cst.Arg(path, comma=cst.Comma(
                    whitespace_after=cst.SimpleWhitespace(" ")) if call.args
                    else cst.MaybeSentinel.DEFAULT), *call.args])
                updated = updated.with_changes(decorator=call)
            # template="page": the view renders it (P006), as Bottle's TemplatePlugin did
            template = bool(self.defs) and self.facts.template_rendered(call, self.defs[-1])
            listed = self.listed_paths(call)
            if listed:  # route(["/a", "/b"]): Bottle routes each; one decorator a path
                self.fired()
                return cst.FlattenSentinel([updated.with_changes(
                    decorator=self.route_call(c, template)) for c in listed])
            self.config_args = []
            routed = updated.with_changes(decorator=self.route_call(call, template))
            config, self.config_args = self.config_args, None
            if not config:
                return routed
            self.need_helper(CONFIG_HELPER)
            config[-1] = config[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            decorator = routed.decorator  # the rule (as Flask's), to tell a view's
            assert isinstance(decorator, cst.Call)  # routes apart (a route has one here)
            rule = arg(decorator, 0, "path")
            assert rule is not None
            config.insert(0, cst.Arg(rule.value, comma=cst.Comma(
                whitespace_after=cst.SimpleWhitespace(" "))))
            return cst.FlattenSentinel([routed, cst.Decorator(cst.Call(cst.Attribute(
                cst.Name(CONFIG_HELPER.value), cst.Name("route_config")), config))])
        return updated

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine):
        if id(original) in self.call_shadowed or id(original) in self.call_overlaps:
            return self.unshadow_call(original, updated)
        if self.view_after is not None:
            # the rule's endpoint given its view apart: app.endpoint(name)(view) sets it
            # (again), where add_url_rule(view_func=) refuses another view for it
            line, self.view_after = self.view_after, None
            return cst.FlattenSentinel([updated, line])
        if self.unreached_call is not None:
            return self.leave_out_call(original, updated)
        # app.get(["/a", "/b"], callback=view), now add_url_rule(["/a", "/b"], ...): Flask
        # takes one rule a call, so one line a rule (Bottle routed each)
        if len(updated.body) != 1 or not isinstance(updated.body[0], cst.Expr):
            return updated
        call = updated.body[0].value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "add_url_rule" and call.args
                and not call.args[0].keyword
                and isinstance(call.args[0].value, cst.List | cst.Tuple)
                and call.args[0].value.elements
                and all(isinstance(e, cst.Element) for e in call.args[0].value.elements)):
            return updated
        lines = []
        for n, element in enumerate(call.args[0].value.elements):
            one = call.with_changes(args=[call.args[0].with_changes(value=element.value),
                                          *call.args[1:]])
            line = updated.with_changes(body=[updated.body[0].with_changes(value=one)])
            lines.append(line if n == 0 else line.with_changes(leading_lines=[]))
        return cst.FlattenSentinel(lines)

    def unreached(self, route: cst.Call) -> bool:
        """Whether a route call's rule is one no client's request reaches (as
        leave_out_unmatched() reads a decorator's): kept aside for its line to be left
        out (Werkzeug would refuse the rule at start-up)."""
        given = arg(route, 0, "path")
        rule = string_value(given.value) if given is not None else None
        if rule is None or rule.startswith("/") or starts_with_slash(rule):
            return False
        self.unreached_call = rule
        return True

    def leave_out_call(self, original: cst.SimpleStatementLine,
                       updated: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
        """A route call whose rule no client's request reaches, left out with a comment
        and the line commented out (D-leading-slash), as a decorator's is."""
        rule, self.unreached_call = self.unreached_call, None
        assert rule is not None  # (leave_SimpleStatementLine asks only then)
        self.fired()
        self.declare("D-leading-slash", [glob(rule)],
                     detail="left out: no client's request reaches it")
        code = cst.Module([]).code_for_node(original.with_changes(leading_lines=[]))
        notes = [f"# no client's request reaches the rule {rule!r} (no leading slash): "
                 "left out:", *(f"# {line}".rstrip() for line in code.rstrip("\n").splitlines())]
        return self.placeholder([*updated.leading_lines,
                                 *(cst.EmptyLine(comment=cst.Comment(n)) for n in notes)])

    def unshadow_call(self, original: cst.SimpleStatementLine,
                      updated: cst.SimpleStatementLine):
        """A route call of a block that a later one replaces, as unshadow() does for
        decorators: left out where the later takes every method, else given the methods
        left to it."""
        self.fired()
        if id(original) in self.call_shadowed:
            code = cst.Module([]).code_for_node(original.with_changes(leading_lines=[]))
            notes = [f"# {self.call_shadowed[id(original)]} is routed again below, where "
                     "Bottle served the later view:",
                     "# Flask would serve this one, so this route is left out:",
                     *(f"# {line}".rstrip() for line in code.rstrip("\n").splitlines())]
            return self.placeholder([*updated.leading_lines,
                                     *(cst.EmptyLine(comment=cst.Comment(n)) for n in notes)])
        methods, taken = self.call_overlaps[id(original)]
        left = cst.List([cst.Element(cst.SimpleString(f'"{m}"')) for m in methods])

        def keep(call: cst.Call) -> cst.Call:
            return call.with_changes(args=[
                a.with_changes(value=left) if a.keyword and a.keyword.value == "methods"
                else a for a in call.args])

        expr = updated.body[0]
        assert isinstance(expr, cst.Expr) and isinstance(expr.value, cst.Call)
        call = expr.value
        call = call.with_changes(func=keep(call.func)) if isinstance(call.func, cst.Call) \
            else keep(call)
        notes = [f"# {taken} is routed again below, where Bottle served the later view:",
                 "# this route keeps the other methods"]
        return updated.with_changes(
            body=[expr.with_changes(value=call)],
            leading_lines=[*updated.leading_lines,
                           *(cst.EmptyLine(comment=cst.Comment(n)) for n in notes)])

    def listed_paths(self, call: cst.Call) -> list[cst.Call]:
        """route(["/a", "/b/<x>"], ...): the call once for each path of the list."""
        path_arg = arg(call, 0, "path")
        if path_arg is None or not isinstance(path_arg.value, cst.List | cst.Tuple) \
                or not path_arg.value.elements \
                or not all(isinstance(e, cst.Element) for e in path_arg.value.elements):
            return []  # a starred element: how many rules is read at run time
        return [call.with_changes(args=[a.with_changes(value=e.value) if a is path_arg else a
                                        for a in call.args])
                for e in path_arg.value.elements]

    def parameter_app(self, func: cst.CSTNode, scope: int = -1) -> bool:
        """`@app.route(...)` where `app` is a parameter of an enclosing function
        (`def setup_routes(app): ...`): which app the callers pass cannot be read from
        here. The route is converted as a Bottle app's, with a TODO that says so."""
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
                and func.attr.value in ROUTE_METHODS):
            return False
        name = func.value.value
        # the decorated function's own parameters are not in scope for its decorator
        # (scope=-1); a statement in the function's body sees them (scope=0)
        scopes = self.params[:scope] if scope else self.params
        owner = next((f for f, params in reversed(scopes) if name in params), None)
        if owner is None:
            return False
        if (owner, name) not in self.flagged:
            self.flagged.add((owner, name))
            self.todo(f"routes on `{name}`, a parameter of {owner}(): converted as a Bottle "
                      "app's; check that every caller passes the Flask app")
        return True

    def visit_Expr(self, node: cst.Expr) -> None:
        # the nameless wildcards a decorator above has named are its view's to take, not
        # this statement's (a view's first statement is an Expr: a docstring, a call)
        self.unnamed_before.append(len(self.unnamed))

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr):
        before = self.unnamed_before.pop() if self.unnamed_before else 0
        added = self._filter_added(updated)
        if added is not None:
            return added
        result = self._route_by_call(updated)
        if self.unnamed[before:]:  # a route registered by a call: its view is elsewhere
            name = self.unnamed[before]
            self.todo(f"the path's wildcard without a name is now <{name}>: "
                      f"Flask passes it to the view, which must take {name}=None",
                      breaks=True)
            del self.unnamed[before:]
        return result

    def endpoint_by_path(self, route: cst.Call) -> cst.Call:
        """app.route(path)(self.page), app.get(path)(make(label)): Flask names the endpoint
        after the function, and two of one name (two objects' methods, a loop's views)
        clash at start-up; Bottle names no route. Such a route is named by its path (and
        its methods, but for GET alone: one path may have a view for each)."""
        named = self.by_path(route)
        if named is None:
            return route
        self.fired()
        return named

    def by_path(self, route: cst.Call) -> cst.Call | None:
        """endpoint_by_path()'s route, None where it stays as it is (no rule, or an
        endpoint given), nothing recorded."""
        path_arg = arg(route, 0, "path")
        if path_arg is None or arg(route, None, "endpoint") is not None:
            return None
        name: cst.BaseExpression = path_arg.value.deep_clone()
        if isinstance(name, cst.Call) and isinstance(name.func, cst.Name) \
                and name.func.value == "flask_rule":  # named by the rule as written
            name = name.args[1].value
        methods = self.call_methods(route)
        if methods is not None and methods != ["GET"]:
            name = prefixed(f"{' '.join(methods)} ", name)
        elif methods is None:  # read at run time (`methods=[method]` in a loop of routes)
            given = arg(route, None, "methods")
            assert given is not None  # (no methods= is GET's)
            name = joined_before(given.value.deep_clone(), prefixed(" ", name))
        args = [*route.args[:-1], route.args[-1].with_changes(
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))]
        return route.with_changes(args=[*args, kw("endpoint", name)])

    def named_view(self, view: cst.BaseExpression) -> bool:
        """A view Flask names after its own function: a name the module binds, but not
        to a call's result (`v = make_view(x)`: each such view has the name of the
        function the call made, the same for all), nor to a lambda (all `<lambda>`), nor
        `self` (a callable object routes itself, `callback=self`: Flask reads a view's
        __name__, which an instance lacks, and the port stopped at import)."""
        return isinstance(view, cst.Name) and view.value not in self.made \
            and view.value != "self"

    def call_methods(self, route: cst.Call) -> list[str] | None:
        """The methods of a converted route call, sorted; None when they cannot be read."""
        func = route.func
        verb = func.attr.value if isinstance(func, cst.Attribute) else \
            func.value if isinstance(func, cst.Name) else "route"
        if verb != "route":
            return [verb.upper()]
        given = arg(route, None, "methods")
        if given is None:
            return ["GET"]
        values = given.value.elements if isinstance(given.value, cst.List | cst.Tuple) \
            else [cst.Element(given.value)]
        methods = [string_value(e.value) for e in values]
        if any(m is None for m in methods):
            return None
        return sorted({str(m).upper() for m in methods})

    def _filter_added(self, updated: cst.Expr) -> cst.Assign | None:
        """app.router.add_filter("slug", f) -> app.url_map.converters["slug"] = a converter
        class made from f (add_converters writes it): Bottle's filter is a function that
        returns (regex, to_python, to_url), Werkzeug's a class with the three."""
        call = updated.value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "add_filter"
                and isinstance(call.func.value, cst.Attribute)
                and call.func.value.attr.value == "router"):
            return None
        name = string_value(call.args[0].value) if call.args else None
        if not (self.is_app(call.func.value.value) and len(call.args) == 2
                and not any(a.keyword or a.star for a in call.args)
                and name is not None and name.isidentifier()):
            self.todo("a route filter added in a form the port does not convert: make it a "
                      "werkzeug.routing.BaseConverter in app.url_map.converters", breaks=True)
            return None
        func = call.args[1].value
        code = cst.Module([]).code_for_node(func)
        found = self.converters
        found.filters[name] = code if isinstance(func, cst.Name | cst.Attribute) \
            else f"({code})"
        cls = found.filter_classes.get(name) or free_name(
            converter_class(name), self.taken | set(found.filter_classes.values()))
        found.filter_classes[name] = cls
        self.fired()
        target = cst.Subscript(
            cst.Attribute(cst.Attribute(call.func.value.value, cst.Name("url_map")),
                          cst.Name("converters")),
            [cst.SubscriptElement(cst.Index(cst.SimpleString(f'"{name}"')))])
        return cst.Assign([cst.AssignTarget(target)], cst.Name(cls))

    def _route_by_call(self, updated: cst.Expr):
        # app.route("/x", callback=view): Flask's route() would return a decorator that
        # nothing calls, and the route would silently not exist
        call = updated.value
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Call) \
                and (self.app_method(call.func.func) in ROUTE_METHODS
                     or self.parameter_app(call.func.func, scope=0)):
            # app.route("/x/:id", "POST")(view): the decorator called by hand; Flask's
            # route() registers the view the same way once the path and methods are its
            if self.unreached(call.func):
                return updated
            plugin = self.facts.route_template(call.func)  # template=: the view() around it
            route = self.route_call(call.func, template=plugin is not None)
            if call.args and not self.named_view(call.args[0].value) \
                    and not self.method_endpoint(call.args[0].value):
                route = self.endpoint_by_path(route)
            if plugin is not None and call.args:
                call = call.with_changes(args=[call.args[0].with_changes(
                    value=self.templated(call.args[0].value, plugin)), *call.args[1:]])
            return updated.with_changes(value=call.with_changes(func=route))
        # (an app handed to a function or a class, `def __init__(self, bottle_app):
        # bottle_app.route(...)`, as the decorator form takes it: left as it was, Flask's
        # route() made a decorator nothing called, and the page was a 404; RULE-s53 H)
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                and call.func.attr.value in ROUTE_METHODS
                and (self.is_app(call.func.value)
                     or arg(call, 2, "callback") is not None
                     and self.parameter_app(call.func, scope=0))):
            return updated
        callback = arg(call, 2, "callback")
        if callback is None or any(a.star for a in call.args) or self.unreached(call):
            return updated
        rest = [a for a in call.args if a is not callback]
        template = self.facts.route_template(call)
        new = self.route_call(call.with_changes(args=rest), template=template is not None)
        by_path = None
        if not self.named_view(callback.value) and not (
                isinstance(callback.value, cst.Attribute)
                and isinstance(callback.value.value, cst.Name)
                and callback.value.value.value == "self"
                and callback.value.attr.value not in self.decorated_methods):
            # callback=lambda: ..., callback=plugin.handle, a decorated method: Flask names
            # the endpoint after the function, and a second `<lambda>` (`handle`, a
            # decorator's `wrapper`) would clash at start-up
            by_path = self.by_path(new)
            new = self.endpoint_by_path(new)
        view: cst.BaseExpression | None = callback.value if template is None \
            else self.templated(callback.value, template)
        shared = isinstance(callback.value, cst.Attribute) \
            and arg(new, None, "endpoint") is None \
            and callback.value.attr.value in self.state.shared_views
        # a method named as a view or a routed method of another module on the app:
        # Flask names the endpoint after the method, and two controllers' `index` would
        # clash at start-up: the idiomatic form names it by its rule
        idiomatic = Candidate(self.add_url_rule(
            call, self.endpoint_by_path(new) if shared else new, view))
        named = None
        if self.classes and self.defs and isinstance(callback.value, cst.Attribute) \
                and arg(new, None, "endpoint") is None:
            named = self.by_path(new)
        elif self.classes and self.defs and by_path is not None:
            # named by its rule above (`callback=lambda: redirect("/home")` in a method):
            # a base class may route the same rule, whose view it must replace too
            named = by_path
        if named is None:
            chosen = idiomatic
        else:
            # a method of a class routing a bound method: each instance routes it again
            # on the app, and Flask refuses a second view for the endpoint; the exact
            # candidate names the endpoint by its rule and sets its view apart, in a
            # statement after this one, so the later registration's view answers, as
            # in Bottle. Its form: both statements.
            endpoint = arg(named, None, "endpoint")
            assert endpoint is not None and view is not None
            apart = cst.SimpleStatementLine([cst.Expr(cst.Call(
                cst.Call(cst.Attribute(call.func.value.deep_clone(), cst.Name("endpoint")),
                         [cst.Arg(endpoint.value.deep_clone())]),
                [cst.Arg(view.deep_clone())]))])
            exact = Candidate((self.add_url_rule(call, named, None), apart))
            rule = arg(call, 0, "path")  # (Bottle's, as the pre-scan keys it)
            text = string_value(rule.value) if rule is not None else None
            chosen = self.site("endpoint", idiomatic, exact,
                               keeps=INSTANCES.format(cls=self.classes[-1])
                               if self.classes[-1] in self.bases
                               or self.instances.get(self.classes[-1], 0) > 1
                               else ROUTED_BY_A_DEF if text is not None
                               and pattern(text) in self.def_rules else "")
            if chosen is exact:
                self.fired()  # (the endpoint named by the rule)
        self.fired()
        form = chosen.form
        if isinstance(form, tuple):  # the view set apart, after the statement
            form, self.view_after = form
        assert isinstance(form, cst.Call)
        return updated.with_changes(value=form)

    def add_url_rule(self, call: cst.Call, new: cst.Call,
                     view: cst.BaseExpression | None) -> cst.Call:
        """`app.route(path, callback=view)` as Flask's `app.add_url_rule(path,
        view_func=view)`, `new` the route call converted (its rule, methods, endpoint);
        no view_func= where `view` is None (its endpoint's view set apart)."""
        assert isinstance(call.func, cst.Attribute)  # app.route(...)
        # the verb route_call() left: a shortcut given method= may have become another
        method = new.func.attr.value if isinstance(new.func, cst.Attribute) \
            else call.func.attr.value
        args = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in new.args]
        # Bottle's path= is Flask's rule= (add_url_rule(rule, endpoint, view_func, ...))
        args = [a.with_changes(keyword=cst.Name("rule")) if a.keyword and
                a.keyword.value == "path" else a for a in args]
        if method != "route" and not any(a.keyword and a.keyword.value == "methods"
                                          for a in args):
            args.append(cst.Arg(cst.parse_expression(f'["{method.upper()}"]'),
                                keyword=cst.Name("methods"), equal=_eq()))
        if view is not None:
            args.insert(1, cst.Arg(view, keyword=cst.Name("view_func"), equal=_eq()))
        return new.with_changes(func=call.func.with_changes(attr=cst.Name("add_url_rule")),
                                args=args)

    def route_templates(self, updated: cst.FunctionDef) -> cst.FunctionDef:
        """A def whose routes give different template= values (or one route none): Bottle's
        TemplatePlugin wrapped each route's callback in its own view(); Flask routes one
        function for all, which would send the dict as JSON on every route. Each value
        stays its route's config (route_config, under the route), and bottle_compat's
        bottle_route_templates, right under the routes, renders the one of the route
        that matched: a site kept, under a TODO that does not break."""
        at = max(i for i, d in enumerate(updated.decorators)
                 if self.is_route(d) or _is_route_config(d))
        exact = Candidate(cst.Decorator(cst.Name("bottle_route_templates")),
                          imports=(Import("bottle_compat", "bottle_route_templates"),),
                          todo=TEMPLATES_KEPT)
        chosen = self.site("template-routes", Candidate(todo=TEMPLATES_LOST), exact,
                           keeps=TEMPLATES_WHY)
        self.fired()
        if chosen is not exact:
            return updated
        assert isinstance(chosen.form, cst.Decorator)
        decorators = list(updated.decorators)
        decorators.insert(at + 1, chosen.form)
        return updated.with_changes(decorators=decorators)

    def templated(self, callback: cst.BaseExpression, view: cst.Call) -> cst.BaseExpression:
        """A callback registered by a call with `template=` (the model's view() of it):
        Bottle's TemplatePlugin wrapped it in that view(), and Flask would send its dict
        as JSON. The port cannot rewrite the body of a view defined elsewhere, so it is
        wrapped in bottle_compat's bottle_template_plugin, which renders as view() did: a
        site kept, under a TODO that does not break."""
        exact = Candidate(cst.Call(cst.Name("bottle_template_plugin"),
                                   [cst.Arg(callback, comma=cst.Comma(
                                       whitespace_after=cst.SimpleWhitespace(" "))),
                                    *view.args]),
                          imports=(Import("bottle_compat", "bottle_template_plugin"),),
                          todo=TEMPLATE_KEPT)
        chosen = self.site("template-plugin", Candidate(callback, todo=TEMPLATE_LOST),
                           exact, keeps=TEMPLATE_WHY)
        self.fired()
        assert isinstance(chosen.form, cst.BaseExpression)
        return chosen.form

    def route_call(self, call: cst.Call, template: bool = False) -> cst.Call:
        """The route call in Flask's terms; `template`: its template= is rendered as
        Bottle's TemplatePlugin renders it (P006 makes the view render it, or the caller
        wraps the callback), so the keyword goes."""
        args = list(call.args)
        changed = False
        path_arg = arg(call, 0, "path")
        if path_arg is None:  # @route() with no path: Bottle derives it from the name
            self.todo("route without a path: Bottle builds one from the function's "
                      "arguments; write the path out", breaks=True)
            return call
        value = path_arg.value
        literals = [e.value for e in value.elements] \
            if isinstance(value, cst.List | cst.Tuple) else [value]
        if not isinstance(value, cst.List | cst.Tuple) and string_value(value) is None:
            wrapped = self.computed_rule(call.func, value)
            if wrapped is not value:
                args[args.index(path_arg)] = path_arg.with_changes(value=wrapped)
                changed = True
        elif any(string_value(e) is None for e in literals):
            self.todo("route path is not a string literal: convert Bottle's <x:filter> "
                      "wildcards in it by hand")
        elif isinstance(value, cst.List | cst.Tuple):  # @get(["/", "/doc"]): each rule
            elements = [e.with_changes(value=self.convert_literal(e.value))
                        for e in value.elements]
            new_value = value.with_changes(elements=elements)
            if new_value is not value:
                args[args.index(path_arg)] = path_arg.with_changes(value=new_value)
                changed = True
        else:
            literal = self.convert_literal(value)
            if literal is not value:
                args[args.index(path_arg)] = path_arg.with_changes(value=literal)
                changed = True
        positional = [a for a in args if a.keyword is None and not a.star]
        if len(positional) > 1:  # route(path, method, callback, name, ...)
            method = positional[1]
            args[args.index(method)] = method.with_changes(keyword=cst.Name("method"),
                                                           equal=_eq())
            if len(positional) > 2:
                self.todo("route() with a callback argument: use app.add_url_rule")
        for i, a in enumerate(args):
            if not a.keyword:
                continue
            key = a.keyword.value
            if key == "method":
                value = a.value
                bound = self.bound.get(value.value) if isinstance(value, cst.Name) else None
                if isinstance(value, cst.Name) and isinstance(bound, cst.List | cst.Tuple):
                    pass  # METHODS = ["GET", "POST"]: a list already, as Flask wants it
                elif is_list_expression(value):
                    pass  # view.methods + ["OPTIONS"]: a list however its parts are read
                elif not isinstance(value, cst.List | cst.Tuple):
                    if isinstance(value, cst.BaseString) or bound is not None:
                        value = cst.List([cst.Element(value)])
                    else:  # one method or a list, read at run time (the exact form)
                        chosen = self.site("route-methods", Candidate(
                            cst.List([cst.Element(value)]),
                            todo="method= is not a literal: Bottle took one method or a "
                            "list, Flask's methods= takes a list only: check it is one "
                            "method"), Candidate(
                            cst.Call(cst.Name("route_methods"), [cst.Arg(value)]),
                            imports=(Import(HELPERS.value, "route_methods",
                                            companion=HELPERS),)))
                        assert isinstance(chosen.form, cst.BaseExpression)
                        value = chosen.form
                if isinstance(value, cst.List | cst.Tuple) \
                        and any(string_value(e.value) == "ANY" for e in value.elements):
                    value = cst.parse_expression(ANY)  # Bottle's wildcard method
                args[i] = a.with_changes(keyword=cst.Name("methods"), value=value)
                changed = True
            elif key == "name":
                args[i] = a.with_changes(keyword=cst.Name("endpoint"))
                changed = True
            elif key == "callback":
                self.todo("callback= registration: use app.add_url_rule(path, view_func=...)")
            elif key == "template" and template:
                args[i] = REMOVE_ARG
                changed = True
            elif key not in ROUTE_KEYWORDS:  # Bottle's route config: Werkzeug's Rule refuses it
                if self.config_args is not None and key == "template" and self.defs \
                        and self.facts.templates_differ(self.defs[-1]):
                    # each route's own template, rendered from its config when it runs
                    # (leave_FunctionDef's bottle_route_templates says so once)
                    self.config_args.append(a)
                elif self.config_args is not None:  # a route decorator: kept
                    self.todo(f"{key}= is Bottle's route config (request.route.config"
                              f"[{key!r}]), kept by {CONFIG_HELPER.value}.route_config: Flask "
                              "keeps no config per route: keep the value where the view "
                              "reads it (app.config, a constant)")
                    self.config_args.append(a)
                else:
                    self.todo(f"{key}= is Bottle's route config (request.route.config"
                              f"[{key!r}]): Flask's route() takes no such keyword, so it is "
                              "taken out; keep the value where the view can read it",
                              breaks=True)
                args[i] = REMOVE_ARG
                changed = True
        kept = [a for a in args if a is not REMOVE_ARG]
        func, kept = self.shortcut_given_methods(call.func, kept)
        if changed or func is not call.func:
            self.fired()
        if kept and len(kept) < len(call.args):
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return call.with_changes(func=func, args=kept)

    def shortcut_given_methods(self, func: cst.BaseExpression, args: list[cst.Arg]
                               ) -> tuple[cst.BaseExpression, list[cst.Arg]]:
        """`@post("/login", method="POST")`, `@get("/x", method=["GET", "POST"])`: Bottle's
        shortcuts take method= and it replaces theirs; Flask's refuse methods=. One method
        left: its shortcut, no methods=; else (or methods not literal) route(methods=)."""
        verb = func.attr.value if isinstance(func, cst.Attribute) else self.api(func)
        given = next((a for a in args if a.keyword and a.keyword.value == "methods"), None)
        if verb not in ROUTE_METHODS - {"route"} or given is None:
            return func, args
        values = given.value.elements if isinstance(given.value, cst.List | cst.Tuple) \
            else None
        methods = {str(m).upper() for m in (string_value(e.value) for e in values or ())}
        one = next(iter(methods)).lower() if len(methods) == 1 else None
        if values is not None and None not in methods and one in ROUTE_METHODS - {"route"}:
            verb, args = one, [a for a in args if a is not given]
        else:
            verb = "route"
        if isinstance(func, cst.Attribute):
            return func.with_changes(attr=cst.Name(verb)), args
        # the default app's bare get(): on the module's app, as P002 writes it
        return cst.Attribute(cst.Name(self.facts.app_name), cst.Name(verb)), args


    def computed_rule(self, func: cst.BaseExpression, rule: cst.BaseExpression
                      ) -> cst.BaseExpression:
        """A rule computed at run time (`path("doc", "<name:path>")`, a name bound
        elsewhere, an f-string): there is no literal to rewrite, and Werkzeug would meet
        Bottle's syntax at import. The exact candidate translates it as the app starts:
        `flask_rule(app, rule)` (bottle_routes.py, copied into the port). The idiomatic
        one leaves it as written, under a TODO: only where what is written shows no
        Bottle wildcard and holds no value read from elsewhere whole (a concatenation or
        an f-string of a prefix and text, `"/l/" + label`)."""
        known = literal_sum(rule)
        if known is not None:  # "/r3" + "/<n:int>": one literal, rewritten as one
            return self.convert_literal(cst.SimpleString(json.dumps(known)))
        app = func.value if isinstance(func, cst.Attribute) \
            else cst.Name(self.facts.app_name or "app")
        exact = Candidate(cst.Call(cst.Name("flask_rule"), [
            cst.Arg(app.deep_clone(), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            cst.Arg(rule)]), imports=(Import(HELPERS.value, "flask_rule", companion=HELPERS),))
        pieces = walk_strings(rule)
        # left as written under a TODO only where that shows no Bottle wildcard; else
        # flask_rule() is its only form
        idiomatic = Candidate(rule, todo="route path is not a string literal: convert "
                              "Bottle's <x:filter> wildcards in it by hand") \
            if pieces and isinstance(rule, cst.BinaryOperation | cst.FormattedString) \
            and not any(has_wildcard(text) for text in pieces) else exact
        chosen = self.site("computed-rule", idiomatic, exact)
        if chosen.form is not rule:
            self.note(f"the rule {cst.Module([]).code_for_node(rule)} is read at "
                      f"run time: flask_rule() ({HELPERS.value}.py) keeps Bottle's syntax")
        assert isinstance(chosen.form, cst.BaseExpression)
        return chosen.form

    def convert_literal(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """One rule string in Werkzeug's terms (the node itself when nothing changes)."""
        path = string_value(node)
        assert path is not None and isinstance(node, cst.SimpleString)
        if len(path) > 1 and path.endswith("/") and not self.state.faithful:
            self.declare("D-trailing-slash")
        needs: set[Need] = set()
        new, problems = convert_path(path, self.converters.regexes, needs, self.unnamed,
                                     self.state.route_filters, self.converter_prefix())
        matched = not problems and (path.startswith("/") or starts_with_slash(path))
        if matched and not path.startswith("/"):
            # Bottle matched the rule against the whole path, its first wildcard taking
            # the leading slash; Werkzeug's rules start with one, outside the wildcard
            new = "/" + new
        # Bottle's int, float and path filters: Werkzeug's own converters (idiomatic,
        # declared), or converters with Bottle's patterns (exact): both forms made here,
        # the engine takes one. The idiomatic one holds a site of its own for each
        # <x:float> (float-filter), asked once it is taken; its form is theirs taken
        # idiomatic too.
        chosen: Candidate | None = None
        if any(kind in FILTERS and kind not in self.state.route_filters
               for _, kind, _ in tokens(path)):
            if matched:
                idiomatic = Candidate(self.literal(node, re.sub(
                    r"<bottle_(path|float):(\w+)>", r"<\1:\2>", new)))
                exact = Candidate(self.literal(node, new), needs=tuple(
                    sorted(needs, key=lambda need: need.value)))
            else:  # left as Bottle's (a TODO, or left out): both forms the path as written
                idiomatic = Candidate()
                exact = Candidate(needs=() if problems else tuple(
                    sorted(needs, key=lambda need: need.value)))
            chosen = self.site("route-filter", idiomatic, exact, path)
        for problem in problems:  # the path is left as Bottle's: Werkzeug refuses it
            self.todo(problem, breaks=True)
        if not matched:
            return node  # (no client reaches it: leave_FunctionDef leaves it out)
        if not path.startswith("/"):
            self.declare("D-leading-slash", [glob(new)])
        if chosen is not None and chosen is exact:
            assert isinstance(chosen.form, cst.BaseExpression)
            return chosen.form
        return self.literal(node, self.werkzeug_converters(new))

    @staticmethod
    def literal(node: cst.SimpleString, new: str) -> cst.SimpleString:
        """The rule literal `node` written as `new`, in its own quotes where they hold
        it (the node itself when nothing changes)."""
        if new == string_value(node):
            return node
        quote = node.value[-1]
        literal = cst.SimpleString(f"{quote}{new}{quote}")
        if string_value(literal) != new:
            literal = cst.SimpleString(repr(new))
        return literal

    def converter_prefix(self) -> str:
        """bottle_re: the names of a module's regex converters, numbered from 1 in each
        module. A module that routes on an app it imports registers them on an app other
        modules may register theirs on too: its name goes in them (bottle_pages_re1), or
        the last module's converter took every module's routes with that name."""
        if self.facts.makes_app() or not self.facts.app_name:
            return "bottle_re"
        stem = PurePosixPath(self.facts.path).with_suffix("").as_posix()
        return f"bottle_{re.sub(r'[^0-9A-Za-z]+', '_', stem).strip('_').lower()}_re"

    def werkzeug_converters(self, path: str) -> str:
        """The default port: Werkzeug's converters where they take what Bottle's filters
        take. `int(signed=True)` is Bottle's int exactly; Werkzeug's float wants a dot and
        no sign, so `<float:x>` is Werkzeug's float converter given Bottle's pattern
        (registered as "float" on the app: "2", "2." and ".5" are pages in both); only a
        malformed number ("1.2.3") differs, a 404 where Bottle answered 400. The exact
        candidate keeps Bottle's 400 (bottle_compat's converter). Werkzeug's path takes
        no leading slash: declared."""
        def one(match: re.Match) -> str:
            converter, name = match[1], match[2]
            if converter == "bottle_path":
                self.declare("D-path", [glob(path)])
                return f"<path:{name}>"
            # the idiomatic one: Werkzeug's float given Bottle's pattern, registered as
            # "float" (finish()); the exact one: Bottle's filter (bottle_compat's
            # converter), kept in the idiomatic port too
            idiomatic = Candidate(f"<{FLOAT}:{name}>",
                                  declares=(Declare("D-float", (glob(path),)),),
                                  adds=(FloatPattern(),))
            chosen = self.site("float-filter", idiomatic,
                               Candidate(match[0], needs=(Need.FLOAT,)))
            assert isinstance(chosen.form, str)
            return chosen.form

        return re.sub(r"<(bottle_path|bottle_float):(\w+)>", one, path)


# The patterns of Bottle's own filters (Router.filters), for converters that take what
# Bottle's take; the float one is registered on the app under Werkzeug's name.
FILTER_PATTERNS = {"int": r"-?\d+", "float": r"-?[\d.]+", "path": r".+?"}
FLOAT = "float"


@dataclass(frozen=True)
class FloatPattern:
    """What a float-filter's idiomatic form adds to the module: Werkzeug's float
    converter given Bottle's pattern, registered as "float" (Routes.adopt())."""


@dataclass(frozen=True)
class EndpointNumber:
    """What a routed def's idiomatic endpoint adds: the module's `number`th view called
    `name` (Routes.adopt()), so the next view of that name is numbered after it."""

    name: str
    number: int


# Endpoints a Flask app registers itself (Flask.__init__: the static files' route)
FLASK_ENDPOINTS = frozenset({"static"})

# The module of run-time helpers a port copies where it uses one (compat/bottle_routes.py)
HELPERS = Companion.ROUTES


def names_assigned_in(function: cst.FunctionDef) -> set[str]:
    """The plain names a function's own statements assign (`app = Bottle()`), not those
    of the defs and classes in it."""
    found: set[str] = set()

    class Assigned(Visitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name):
                found.add(node.target.value)

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is function

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return False

    walk(function, Assigned())
    return found


def is_list_expression(node: cst.BaseExpression) -> bool:
    """A `method=` value that is a list or tuple whatever its names hold: a comprehension,
    or a sum with a list or tuple literal in it (`view.methods + ["OPTIONS"]`; Python adds
    a list only to a list)."""
    if isinstance(node, cst.List | cst.Tuple | cst.ListComp):
        return True
    return isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add) \
        and (is_list_expression(node.left) or is_list_expression(node.right))


def walk_strings(node: cst.CSTNode) -> list[str]:
    """The text of every string literal in an expression (an f-string's literal parts)."""
    found: list[str] = []

    class Strings(Visitor):
        def visit_SimpleString(self, node: cst.SimpleString) -> None:
            found.append(str(node.evaluated_value))

        def visit_FormattedStringText(self, node: cst.FormattedStringText) -> None:
            found.append(node.value)

    walk(node, Strings())
    return found


def literal_sum(node: cst.BaseExpression) -> str | None:
    """The text of string literals joined by `+`, else None."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        left, right = literal_sum(node.left), literal_sum(node.right)
        return None if left is None or right is None else left + right
    return string_value(node) if isinstance(node, cst.SimpleString | cst.ConcatenatedString) \
        else None


def has_wildcard(text: str) -> bool:
    """Whether a piece of a rule holds Bottle's wildcard syntax (`<x:int>`, `:name`)."""
    return any(kind is not None for _, kind, _ in tokens(text))


# The keywords route() takes in Bottle (apply=/skip= are P019's) and Werkzeug's Rule;
# any other is Bottle's route config.
ROUTE_KEYWORDS = {"path", "method", "methods", "name", "endpoint", "callback", "apply", "skip",
                  "defaults", "subdomain", "build_only", "strict_slashes", "merge_slashes",
                  "redirect_to", "alias", "host", "websocket", "provide_automatic_options",
                  "view_func", "rule"}
REMOVE_ARG = cst.Arg(cst.Name("__kit_removed__"))
# A route by call given template= (Bottle's TemplatePlugin renders its view's dict)
TEMPLATE_KEPT = ("template= on a route registered by a call: bottle_compat's "
                 "bottle_template_plugin renders what the view returns as Bottle's "
                 "TemplatePlugin did (view()); return render_template(...) from the view "
                 "where it returns a dict")
TEMPLATE_LOST = ("template= on a route registered by a call: Bottle rendered the view's "
                 "dict with that template; Flask sends it as JSON: return "
                 "render_template(...) from the view")
TEMPLATE_WHY = ("a route registered by a call given template=: Bottle's TemplatePlugin "
                "rendered its view's dict, Flask would send it as JSON, and the view is "
                "not rewritten where it is registered")
# Routes of one def given different template= values (Bottle's TemplatePlugin, per route)
TEMPLATES_KEPT = ("this view's routes give different template= values: each is kept as its "
                  "route's config, and bottle_compat's bottle_route_templates renders the "
                  "one of the route that matched as Bottle's TemplatePlugin did (view()); "
                  "give each template a view of its own that returns render_template(...)")
TEMPLATES_LOST = ("this view's routes give different template= values: Bottle rendered "
                  "each route's; Flask sends the view's dict as JSON: give each template a "
                  "view of its own that returns render_template(...)")
TEMPLATES_WHY = ("routes of one view given different template= values: Bottle's "
                 "TemplatePlugin rendered each route's, Flask routes one function for all "
                 "and would send its dict as JSON")
# The helper that keeps a route's config keywords (port/compat/bottle_members.py)
CONFIG_HELPER = Companion.MEMBERS


def _is_route_config(decorator: cst.Decorator) -> bool:
    """Whether it is the route_config() decorator P003 writes under a route."""
    call = decorator.decorator
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) \
        and isinstance(call.func.value, cst.Name) \
        and call.func.value.value == CONFIG_HELPER.value \
        and call.func.attr.value == "route_config"
# Bottle's method="ANY" matches every method; Flask wants them listed.
ANY = '["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]'


def _eq():
    return cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                           whitespace_after=cst.SimpleWhitespace(""))


# A class for each Bottle regex filter, registered on the app where the app is made.
# part_isolating = False: a Bottle regex is matched against the whole path, and may
# match a slash without writing one.
CONVERTER = '''
class {cls}(BaseConverter):
    """Bottle's <name:re:...> filter (flask-port/P003)."""

    regex = {regex}
    part_isolating = False
'''
# Bottle's float filter: Werkzeug's float converter given Bottle's pattern
FLOAT_CONVERTER = '''
class {cls}(FloatConverter):
    """Bottle's float: 3, -1, 2. and .5 as well as 2.5 (flask-port/P003)."""

    regex = {regex}
'''
REGISTER = "{app}.url_map.converters[{name}] = {cls}"
NO_AUTOMATIC_OPTIONS = '{app}.config["PROVIDE_AUTOMATIC_OPTIONS"] = False'


def _routes_options(rule: Rule) -> bool:
    """Whether the module routes OPTIONS itself: a route call or decorator whose method=
    names it (`method="OPTIONS"`, `method=["GET", "OPTIONS"]`)."""
    for call in rule.facts.calls:
        if rule.facts.app_method(call.func) not in ROUTE_METHODS:
            continue
        given = arg(call, 1, "method")
        if given is None:
            continue
        strings = _Strings()
        walk(given.value, strings)
        if "OPTIONS" in strings.found:
            return True
    return False


class _Strings(Visitor):
    """The strings under a node, upper-cased (a class of the module's, made once)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        self.found.add((string_value(node) or "").upper())
# A class for each route filter the app adds (app.router.add_filter): Bottle calls the
# filter with the rule's config (none here) for (regex, to_python, to_url), either
# function possibly None.
FILTER_CONVERTER = '''
class {cls}(BaseConverter):
    """Bottle's route filter {name} ({func}) as a Werkzeug converter (flask-port/P003)."""

    part_isolating = False

    def __init__(self, url_map, *args, **kwargs):
        super().__init__(url_map, *args, **kwargs)
        self.regex, self.from_path, self.into_path = {call}(None)

    def to_python(self, value):
        return self.from_path(value) if self.from_path else value

    def to_url(self, value):
        return super().to_url(self.into_path(value) if self.into_path else value)
'''


def converter_class(name: str) -> str:
    return name.title().replace("_", "") + "Converter"


def _regex_literal(regex: str) -> cst.SimpleString:
    if '"' not in regex and "\n" not in regex and not regex.endswith("\\"):
        return cst.SimpleString(f'r"{regex}"')
    return cst.SimpleString(repr(regex))


@dataclass
class Converters:
    """P003's scratch for a module: the regex converters its routes use (name -> regex),
    the route filters it adds (name -> its function's code) and their classes' names."""

    regexes: dict[str, str] = field(default_factory=dict)
    filters: dict[str, str] = field(default_factory=dict)
    filter_classes: dict[str, str] = field(default_factory=dict)
    regex_classes: dict[str, str] = field(default_factory=dict)  # (named by statements_after_app())


def add_converters(module: cst.Module, converters: Converters) -> cst.Module:
    """The converter classes of the module's filters and regexes after its imports (the
    regexes' under the names statements_after_app() registered them by)."""
    code: list[cst.SimpleStatementLine | cst.BaseCompoundStatement] = []
    if converters.filters:
        code = _filter_classes(converters.filters, converters.filter_classes)
    code += [template_statement(FLOAT_CONVERTER if name == FLOAT else CONVERTER,
                                cls=cst.Name(converters.regex_classes[name]),
                                regex=_regex_literal(regex))
             for name, regex in converters.regexes.items()]
    return after_imports(module, code) if code else module


def _filter_classes(filters: dict[str, str], classes: dict[str, str]
                    ) -> list[cst.SimpleStatementLine | cst.BaseCompoundStatement]:
    """The converter classes of the filters the module adds, under the names P003 gave
    them where it registered each."""
    return [template_statement(
        FILTER_CONVERTER.format(cls="{cls}", name=repr(name), func=filters[name].strip("()"),
                                call="{call}"),
        cls=cst.Name(classes[name]), call=cst.parse_expression(filters[name]))
        for name in filters]
