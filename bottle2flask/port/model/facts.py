"""What one module of the user's app is, as the model reads it: the Bottle names in
scope, the expressions that hold an app, its views, routes and the calls that attach
things to an app. Read once, before any rule runs; the rules only read it."""

from __future__ import annotations

import keyword
from dataclasses import dataclass, field

import libcst as cst

from ..edit import arg, string_value

# Bottle's module-level shortcuts that act on the default app.
APP_SHORTCUTS = frozenset({"route", "get", "post", "put", "delete", "patch", "error", "hook",
                           "mount", "merge", "install", "uninstall", "get_url", "url"})
ROUTE_METHODS = frozenset({"route", "get", "post", "put", "delete", "patch"})
# The name the port's shared default app is imported under in a module that has an app of
# its own (P002; free_name() makes it default_app_2... where the module spells it).
DEFAULT_IMPORT = "default_app"

# What makes an app: Bottle(), default_app(), and Bottle's app stack `app`.
APP_FACTORIES = frozenset({"Bottle", "default_app", "app"})
# The entry of a module whose run() is handed what no name of it holds: the loader's
# `FILE:__main__` (loading.SERVED, kept apart: the model imports nothing of Bottle)
SERVED = "__main__"
# Bottle's calls that name a template in their first argument.
TEMPLATE_CALLS = frozenset({"template", "view", "jinja2_template", "jinja2_view",
                            "mako_template", "mako_view", "cheetah_template", "cheetah_view"})
# The app methods that attach something to an app (the model lists each call).
ATTACHING = frozenset({"mount", "merge", "install", "uninstall", "hook", "add_hook", "error"})
# Bottle's decorators that render a view's result with a template.
VIEW_DECORATORS = frozenset({"view", "jinja2_view", "mako_view", "cheetah_view"})
# template()'s own keywords (its engine, folders, settings): no template variables
RENDER_OPTIONS = frozenset({"template_adapter", "template_lookup", "template_settings"})


def template_config(call: cst.Call) -> cst.Call | None:
    """A route call's `template=` as Bottle's TemplatePlugin (installed on every app)
    applies it, `view(name, **defaults)` around the route's callback: `template="page"`
    is `view("page")`, a 2-tuple or list of a string literal and a mapping literal
    (`("page", {"x": 1})`, `["page", dict(x=1)]`) `view("page", x=1)`. None for none
    given, or one read only at run time, template source, a mapping that is no literal
    or holds a keyword of template()'s own (`template_adapter`...), any other length
    (Bottle ignores those). The call is made here: its `view` is no name of the module."""
    given = arg(call, None, "template")
    if given is None:
        return None
    value = given.value
    defaults: list[cst.Arg] = []
    if isinstance(value, cst.Tuple | cst.List):
        if len(value.elements) != 2 or not all(type(e) is cst.Element
                                               for e in value.elements):
            return None
        found = _mapping_args(value.elements[1].value)
        if found is None:
            return None
        value, defaults = value.elements[0].value, found
    name = string_value(value)
    if name is None or any(c in name for c in "\n{%$"):  # (Bottle's test for source)
        return None
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    args = [cst.Arg(value), *defaults]
    return cst.Call(cst.Name("view"), [a.with_changes(comma=comma) for a in args[:-1]]
                    + [args[-1]])


def _mapping_args(value: cst.BaseExpression) -> list[cst.Arg] | None:
    """A mapping literal's items as keyword arguments (`{"x": 1}`, `dict(x=1)`), None for
    any other value, or a key no keyword can be (or template()'s own, or given twice)."""
    pairs: list[tuple[str | None, cst.BaseExpression]] = []
    if type(value) is cst.Dict:
        pairs = [(string_value(e.key), e.value) if type(e) is cst.DictElement
                 else (None, e.value) for e in value.elements]
    elif type(value) is cst.Call and type(value.func) is cst.Name \
            and value.func.value == "dict" and all(a.keyword and not a.star for a in value.args):
        pairs = [(a.keyword.value if a.keyword else None, a.value) for a in value.args]
    else:
        return None
    keys = [key for key, _ in pairs]
    if any(key is None or not key.isidentifier() or keyword.iskeyword(key)
           or key in RENDER_OPTIONS for key in keys) or len(set(keys)) < len(keys):
        return None
    equal = cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))
    return [cst.Arg(item, keyword=cst.Name(str(key)), equal=equal) for key, item in pairs]


@dataclass(frozen=True)
class Route:
    """One route registration: `@app.get(...)` on a view, `app.route(..., callback=)`, or
    the decorator called by hand, `app.route(path)(self.page)`."""

    method: str  # the app method: route, get, post...
    rules: tuple[str | None, ...]  # the rule strings (several for a list); None: not literal
    view: str | None  # the function decorated (or the callback's name, a method's name)
    line: int  # where, in the module
    by_call: bool = False  # registered by a call, not a decorator on the function
    name: str | None = None  # its name= (what get_url builds from), "" if not a literal
    # a callback given as an attribute: what it is read from, dotted (`self`, `views`,
    # `pkg.views`), "?" for anything else (`View().callback`); None for a plain name
    receiver: str | None = None


@dataclass(frozen=True)
class Attachment:
    """A call that attaches something to an app: mount, merge, install, hook, error."""

    method: str
    app: str  # the app expression as written (`app`, `self.bottle`, `default app`)
    line: int


@dataclass(frozen=True)
class View:
    """A function under a route decorator, and the decorators below the routes (applied
    first: the ones whose function name Flask takes for the endpoint)."""

    name: str
    line: int
    inner: tuple[str, ...]  # the root names of the decorators under the route decorators
    top_level: bool  # defined at the module's top, not in a function or class


@dataclass
class ModuleFacts:
    """The model's record of one module. Filled by model/reading.py; read-only after."""

    path: str = "<string>"
    bottle: dict[str, str] = field(default_factory=dict)  # local name -> Bottle API name
    via_module: set[str] = field(default_factory=set)  # names read as bottle.X
    apps: set[str] = field(default_factory=set)  # names that are apps: made, aliased, imported
    # names bound to Bottle() objects here, or to one an instance made here holds
    # (`app = Site().bottle`)
    made: set[str] = field(default_factory=set)
    imported_apps: set[str] = field(default_factory=set)  # apps made by another module
    # of those, Bottle's default app there (`app = default_app()`): @route is on it too
    imported_defaults: set[str] = field(default_factory=set)
    # `import web` where web.py makes `app`: {"web": {"app"}} (web.app is an app here)
    module_apps: dict[str, set[str]] = field(default_factory=dict)
    default_aliases: set[str] = field(default_factory=set)  # X = bottle.default_app()
    aliases: set[str] = field(default_factory=set)  # `application = web.app`
    default_from: str | None = None  # the module the shared default app is imported from
    default_app: bool = False  # the module uses Bottle's default app
    # a decorator of Bottle's default app (`@route`, `@bottle.post`) in a module that makes
    # an app of its own: in Bottle the route is on the default app, not on that one
    default_shortcuts: bool = False
    default_import: str | None = None  # ... then, the name the shared default app takes
    app_name: str = "app"  # the name the Flask app takes here
    app_attrs: set[str] = field(default_factory=set)  # X in `self.X = Bottle()`
    # of those, the ones this module's own `self.X = Bottle()` makes (not another's app)
    made_attrs: set[str] = field(default_factory=set)
    # of `apps`, the names a `for` loop binds to each app of a tuple or list in turn
    # (`for app in (apps.auth, apps.notes):`): not one app the module knows, each of them
    loop_apps: set[str] = field(default_factory=set)
    # a class whose __init__ (or a method it calls) sets `self.X = Bottle()`, or an
    # instance of one made here (`site = Site()`) -> its attributes that hold an app
    holders: dict[str, set[str]] = field(default_factory=dict)
    imported_holders: dict[str, set[str]] = field(default_factory=dict)  # the same, imported
    # the module-level name a WSGI server is given where it wraps the app (`application =
    # SessionMiddleware(app, opts)`, `app_sess = Session().wrap(app)`): the app as served;
    # SERVED where no name holds what run() is handed (`run(app=Session(app))`)
    wsgi_entry: str | None = None
    # a module that makes no app but whose main guard runs one made elsewhere (`app =
    # create_app()` then `app.run()`, an object whose run() serves an app it builds): the
    # name it calls run() on; the check serves the app that run() is handed
    runs: str | None = None
    # parameters that calls in the app's other modules hand Bottle's request (handed.py),
    # and `self.X` where a class handed the request keeps it (`self.request = request`)
    handed_requests: set[str] = field(default_factory=set)
    handed_apps: set[str] = field(default_factory=set)  # ... and an app (`init_routes(app)`)
    factories: set[str] = field(default_factory=set)  # functions returning a Bottle app
    # names the module's top binds to a factory's call (`api = make_api()`): apps made
    # here for the modules importing them, whatever the factory names its own
    factory_apps: set[str] = field(default_factory=set)
    app_classes: set[str] = field(default_factory=set)  # `class Site(Bottle)`
    imported_classes: set[str] = field(default_factory=set)  # the same, imported
    own_defs: set[str] = field(default_factory=set)  # Bottle names the module defines itself
    read_before: set[str] = field(default_factory=set)  # the names the Bottle code reads
    bound_names: frozenset[str] = frozenset()  # the names some `x = ...` line binds
    view_functions: list[str] = field(default_factory=list)  # under a route decorator
    # every def, by its name -> its qualified names (`Shop.item`, `make.page`), the
    # methods (a def in a class's body) apart from the functions
    methods: dict[str, set[str]] = field(default_factory=dict)
    functions: dict[str, set[str]] = field(default_factory=dict)
    # the defs here that a route call registers as views (`callback=`, `route(p)(f)`),
    # here or in another module, by qualified name (model/app.py: routed_defs)
    routed: set[str] = field(default_factory=set)
    # every call in the module, in the order the walk meets them (model/handed.py reads
    # them across modules without walking the module again)
    calls: list[cst.Call] = field(default_factory=list)
    # what a function changes as a list in place (`X` of `X.insert(...)`) or assigns to
    # (`X = ...`, `X[:] = ...`): P011 asks whether Bottle's TEMPLATE_PATH is among them
    changed_in_defs: list[cst.BaseExpression] = field(default_factory=list)
    # `for name in iterable` (one name its target): (name, iterable), in the walk's order
    # (model/handed.py: the classes a call of that name may make)
    loops: list[tuple[str, cst.BaseExpression]] = field(default_factory=list)
    engines: frozenset[str] = frozenset()  # the template engines its calls name
    # a render the port leaves to Bottle's own function (a Jinja2 one given
    # template_settings=, Mako's, Cheetah's) with no template_lookup=: it searches
    # Bottle's TEMPLATE_PATH in the port too
    reads_template_path: bool = False
    # the engines of its render calls given a name known only at run time (template(x))
    engines_computed: frozenset[str] = frozenset()
    # (template name, its call's one template_lookup= folder or "", engine): who renders it
    rendered_by: frozenset[tuple[str, str, str]] = frozenset()
    # the strings of its statements that read Bottle's TEMPLATE_PATH and of its calls'
    # `template_lookup=[...]` (`TEMPLATE_PATH.insert(0, join(HERE, "html"))`: "html"):
    # the folders templates may be in (templates.template_folders)
    template_path_strings: list[str] = field(default_factory=list)
    # each rule's pre-scan as the model's read walk left it (Rule.reader), by rule code
    read_by: dict[str, object] = field(default_factory=dict)
    words: frozenset[str] = frozenset()  # every identifier the module spells
    imports_bottle: bool = False  # `from bottle import ...` or `import bottle`
    yields: bool = False  # a `yield` somewhere: a def of it may be a generator
    # collected after the Bottle names are known (model/collect.py)
    views: list[View] = field(default_factory=list)
    routes: list[Route] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    filters_added: set[str] = field(default_factory=set)  # app.router.add_filter("x", f)
    templates_named: set[str] = field(default_factory=set)  # template("x"), @view("x")
    # a render call or @view given its template otherwise (a variable): any can render
    templates_computed: bool = False
    # the names of those that may hand their template `base` (`base=`, `**values`, a
    # @view's returned dict): a layout rendered directly prints it (T009)
    templates_given_base: set[str] = field(default_factory=set)
    # renders the model cannot name: Bottle's template() or view() read as a value
    # (`render = template`, a partial), a route's `template=` given otherwise than as a
    # literal (Bottle's TemplatePlugin renders it)
    renders_unknown: bool = False
    # Bottle's template function read as a value (`partial(jinja2_template, ...)`,
    # `render = template`): no rule converts it, so it renders in the port too, searching
    # Bottle's TEMPLATE_PATH (P011 keeps the list: RULE-s51 class B)
    template_values: bool = False
    computed_by: set[str] = field(default_factory=set)  # the Bottle names of those calls
    # module-level functions that return an inner function without functools.wraps:
    # a decorator that renames what it wraps (Flask takes the wrapper's name)
    renaming_decorators: set[str] = field(default_factory=set)
    # module-level classes and functions that register what they decorate as an error
    # handler (`app.error_handler[code] = handler`, `app.error(code)(handler)` with
    # `handler` their method's or their own parameter): `@Error(404) def missing(e)`
    error_decorators: set[str] = field(default_factory=set)
    # local name -> (module as written, name or None, relative level): what it imports
    imports: dict[str, tuple[str, str | None, int]] = field(default_factory=dict)
    # the module as written (LibCST keeps it whole: comments, layout)
    original: cst.Module | None = field(default=None, repr=False, compare=False)

    # -- the questions rules ask ------------------------------------------------------
    def api(self, node: cst.CSTNode | None) -> str | None:
        """The Bottle API a Name stands for (`template`, `request`...), else None."""
        if type(node) is cst.Name:
            found = self.bottle.get(node.value)
            if found is None and node.value in self.handed_requests:
                return "request"  # `def put(request)` handed Bottle's by another module
            return found
        if type(node) is cst.Attribute and type(node.value) is cst.Name \
                and node.value.value == "self" \
                and f"self.{node.attr.value}" in self.handed_requests:
            return "request"  # `self.request = request` of a class handed Bottle's
        return None

    def is_app(self, node: cst.CSTNode | None) -> bool:
        """An expression that is an app: its name, `self.X` where `self.X = Bottle()`,
        `Site().X` or `site.X` of a class that sets it, Bottle's `default_app()`, or the
        call of a function (or a Bottle subclass) that makes one."""
        if type(node) is cst.Attribute:
            if type(node.value) is cst.Name and node.value.value in self.module_apps:
                return node.attr.value in self.module_apps[node.value.value]
            held = self.held_by(node.value)
            if held is not None:
                return node.attr.value in held
            return node.attr.value in self.app_attrs
        if type(node) is cst.Call:
            # default_app(); a factory's new app, `make_api()`, `Site("x")` of a subclass
            return not node.args and self.api(node.func) in {"default_app", "app"} \
                or type(node.func) is cst.Name and node.func.value in self.factories
        return type(node) is cst.Name and (node.value in self.apps
                                               or node.value == self.app_name)

    def held_by(self, owner: cst.CSTNode) -> set[str] | None:
        """The app attributes of `Site()` or `site` (a class or instance that holds an
        app), else None."""
        if type(owner) is cst.Call:
            owner = owner.func
        if type(owner) is not cst.Name:
            return None
        return self.holders.get(owner.value, self.imported_holders.get(owner.value))

    def app_method(self, func: cst.CSTNode) -> str | None:
        """`app.route` or the default app's bare `route`: the method's name, else None."""
        if type(func) is cst.Attribute and self.is_app(func.value):
            return func.attr.value
        name = self.api(func)
        return name if name in APP_SHORTCUTS else None

    def makes_app(self) -> bool:
        """Whether this module makes its Flask app (a Bottle() here, or the default app)."""
        return bool(self.made) or (self.default_app and not self.default_from)

    def makes_an_app(self) -> bool:
        """Whether this module makes a Flask app, bound to a name or to an attribute
        (`self.bottle = Bottle()` in a class's __init__): where the app's own settings
        go (bottle_compat's install(), Bottle's answers), which the routes other modules
        merge into it are served with."""
        return self.makes_app() or bool(self.made_attrs)

    def app_makers(self) -> frozenset[str]:
        """The imported classes whose instances made here are apps (Bottle's subclasses,
        Flask's in the port): `app = Shop()` makes the app as `app = Flask(...)` does. (A
        subclass of this module's makes itself in its __init__: edit.flask_init.)"""
        return frozenset(self.imported_classes)

    def imported_modules(self) -> set[str]:
        """The modules it imports, dotted as written (`from a.b import c` names a.b.c)."""
        return {(f"{module}.{name}" if module else name) if name else module
                for module, name, level in self.imports.values() if not level}

    def installs_plugin_of(self, *packages: str) -> bool:
        """Whether it imports one of these plugin packages (`bottle_sqlite`, or under
        Bottle's old namespace, `bottle.ext.sqlite`)."""
        names = {p for package in packages
                 for p in (package, "bottle.ext." + package.removeprefix("bottle_"))}
        return any(m == n or m.startswith(n + ".") for m in self.imported_modules()
                   for n in names)

    def route_template(self, call: cst.Call) -> cst.Call | None:
        """A route call's `template=` as the view() Bottle's TemplatePlugin wraps its
        callback in (template_config()), else None: not a route of an app, a route
        given skip= (which may skip the plugin), a module that uninstalls plugins."""
        if self.app_method(call.func) not in ROUTE_METHODS or arg(call, None, "skip") \
                or any(a.method == "uninstall" for a in self.attachments):
            return None
        return template_config(call)

    def view_decorated(self, func: cst.FunctionDef) -> bool:
        """Whether a view decorator of Bottle's (`@view("x")`) wraps `func`: it renders
        the function's dict, and the template= of a route above it is handed a page (a
        string) that its view() passes on as it is."""
        return any(type(d.decorator) is cst.Call and self.api(d.decorator.func)
                   in VIEW_DECORATORS for d in func.decorators)

    def templated_view(self, func: cst.FunctionDef) -> cst.Call | None:
        """The view() Bottle's TemplatePlugin wraps `func` in for each of its route
        decorators, where every one gives the same `template=` (route_template()) and no
        view decorator of the function's own renders first; else None."""
        routes = [d.decorator for d in func.decorators if type(d.decorator) is cst.Call
                  and self.app_method(d.decorator.func) in ROUTE_METHODS]
        if not routes or self.view_decorated(func):
            return None
        views = [self.route_template(route) for route in routes]
        given = [arg(route, None, "template") for route in routes]
        if views[0] is None or any(view is None for view in views) or not all(
                g is not None and given[0] is not None and g.value.deep_equals(given[0].value)
                for g in given):
            return None
        return views[0]

    def templates_differ(self, func: cst.FunctionDef) -> bool:
        """Whether `func`'s route decorators give template= values Bottle's TemplatePlugin
        renders (route_template()) that are not one view() for all (templated_view()):
        `@route("/a", template="a") @route("/b", template="b")`, or one route given none.
        Each route renders its own (P003 keeps them as route config, read when it runs);
        False where one is read only at run time or a view decorator renders first."""
        routes = [d.decorator for d in func.decorators if type(d.decorator) is cst.Call
                  and self.app_method(d.decorator.func) in ROUTE_METHODS]
        if len(routes) < 2 or self.view_decorated(func) or self.templated_view(func):
            return False
        given = [route for route in routes if arg(route, None, "template") is not None]
        return bool(given) and all(self.route_template(route) is not None
                                   for route in given)

    def template_rendered(self, call: cst.Call, func: cst.FunctionDef) -> bool:
        """Whether a route decorator's `template=` on `func` is rendered as Bottle renders
        it once the port is written, so the keyword goes: the function is the view of
        that template (templated_view()), or its own view decorator renders first."""
        return self.route_template(call) is not None and (
            self.view_decorated(func) or self.templated_view(func) is not None)

    def routes_named(self, target: str) -> list[Route]:
        """The routes get_url(target) may build: named `target`, or of that rule."""
        return [r for r in self.routes if r.name == target or target in r.rules]

    def route_rules(self) -> list[str]:
        """Every literal route rule the module registers."""
        return [r for route in self.routes for r in route.rules if r is not None]
