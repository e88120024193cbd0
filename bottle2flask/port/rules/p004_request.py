"""P004: request: Bottle's request attributes in Werkzeug's names

    request.forms.get("a")     ->  request.form.get("a")
    request.query.page         ->  request.args.get("page", "")     (Bottle: '' when missing)
    request.forms.getunicode("a", "")  ->  request.form.get("a", "")  (Werkzeug decodes UTF-8)
    request.get_cookie("k", "d")       ->  request.cookies.get("k") or "d"   (("k", "") stays)
    request.get_cookie("k")            ->  request.cookies.get("k")  (tested for truth
                                   alone: exact; compared with None: `... or None`, as
                                   Bottle's `value or default`; else declared
                                   D-empty-cookie, '' for a cookie sent empty where
                                   Bottle gave None; the exact form `... or None`)
    request.json               ->  request.get_json(silent=True)   (None for another type
                                   or no body, as Bottle's; declared D-json-body: invalid
                                   JSON is None where Bottle answered 400)
                                   --faithful: bottle_json(), Bottle's own rules
    request.body.read()        ->  request.get_data()
    request.urlparts           ->  urlsplit(request.url)
    request.auth               ->  (request.authorization.username,
                                    request.authorization.password) if basic, else None
    request.is_ajax (is_xhr)   ->  request.headers.get("X-Requested-With", "").lower()
                                   == "xmlhttprequest"
    request.chunked            ->  "chunked" in request.headers.get("Transfer-Encoding", "")
    request.app                ->  current_app
    request.route.rule, .method, .name, .callback  ->  request.url_rule.rule, request.method
        (declared), request.endpoint (each route has name=), current_app.view_functions[...]
    request.copy()             ->  Request(request.environ.copy())
    dict(request.forms)        ->  {k: v[-1] for k, v in request.form.lists()}
    request.forms["a"]         ->  request.form.getlist("a")[-1]
    request.forms.dict         ->  request.form.to_dict(flat=False)
    request.get_cookie("k", secret=s)  ->  see P020
    request.get("REMOTE_ADDR")         ->  request.environ.get("REMOTE_ADDR")
    request["bottle.x"] = 1            ->  request.environ["bottle.x"] = 1   (its environ's)
    request.forms.input_encoding  ->  'utf8'   (.recode_unicode: True; a TODO: Werkzeug
                                   has no such setting, the value is Bottle's)
    request.MEMFILE_MAX        ->  current_app.config["MAX_CONTENT_LENGTH"] or 102400
                                   (a TODO: Flask's limit covers every body; P017 writes
                                   Bottle's setting as MAX_CONTENT_LENGTH)
    request.path_shift(n)      ->  path_shift(n)  (a TODO; from bottle_compat.py, copied
                                   into the port: request.path and .script_root follow)
    request.forms.decode()     ->  request.form          (Werkzeug decodes UTF-8 already;
                                   another encoding is a breaking TODO)
    form = request.forms; form.name  ->  form = request.form; form.get("name", "")
                                   (a name bound to a form reads fields as the form does)
    req = bottle.request; req.json  ->  req = request; req.get_json(silent=True)
                                   (a name a def binds once to the request is the request;
                                   so is one the module binds once at its top, in each
                                   def that binds no such name of its own)
    request.forms.name = v     ->  request.form = request.form.copy()
                                   request.form["name"] = v
                                   (`.replace(k, v)` the same, `.append(k, v)` as
                                   `.add(k, v)`: Werkzeug's form is immutable, and the
                                   request's cached form can be replaced by a copy)

A field sent twice: Bottle's MultiDict gives its **last** value, Werkzeug's its first. Where
the view takes the whole form (`dict(...)`, `.dict`) or one key by `[k]`, the port keeps
Bottle's last value (a missing key is a 500 in both: Bottle's KeyError, an IndexError).
`request.forms.get("a")` and `request.forms.a` keep Werkzeug's first value: a declared
change, which matters only for a field a page sends twice (the hidden-field-before-a-
checkbox idiom, `<input type=hidden name=x value=0><input type=checkbox name=x value=1>`,
reads 1 in Bottle and 0 in Flask: use `request.form.getlist("x")[-1]` there).
`request.X` with no Flask name is a TODO that breaks (exit status 5) where Bottle's request
has X; a name Bottle's request lacks (`request.data`, or an attribute the app sets on it in
another module, `request.factory = ...` in a hook) is a TODO that does not break: the
original raised AttributeError there unless the app set it, and Flask's request takes an
attribute set the same way (or has its own: `request.data` is Werkzeug's raw body).
An attribute the app sets that Flask's request keeps read-only and Bottle's lacks
(`request.endpoint = ...`, `request.origin = ...`: Bottle kept it in the environ, Flask
raises AttributeError) is `g.endpoint`, where it is set and wherever the app reads it.
An assignment to one of Bottle's own (`request.json = ...`, `request.method = ...`),
which Bottle 0.13 refuses (AttributeError) and 0.12 kept apart, request.X still reading
the request's, is kept apart on `g` under a TODO that does not break. A module with a `g`
of its own (a global, a parameter, an import) gets Flask's as `from flask import g as
flask_g`, and `flask_g.endpoint`.
The environ handed whole to a call (`str(sorted(request.environ))`, a template) or its
keys listed (`request.environ.keys()`) shows each framework's own keys (Bottle's
`bottle.request`, `route.handle`; Werkzeug's `werkzeug.request`): declared as
D-environ-keys, whose parity rule takes only those keys out of both pages.

The request read as the module runs (at import, outside any request: `s =
request.environ.get("beaker.session")` at the top of a module or in a class body) is
Bottle's thread-local request over an empty environ; Flask's proxy raises there ("Working
outside of request context") and the port would not start. Those reads go to Werkzeug's
request over an empty environ, `Request({}).environ.get(...)` (None, as in Bottle), under
a TODO: the value is read once, never per request.
"""

from __future__ import annotations

from typing import TypeGuard

import libcst as cst
from libcst.helpers import ensure_type

from ..edit import (
    Visitor,
    bound,
    expression_with,
    free_name,
    is_name,
    name_uses,
    names_read_outside_imports,
    names_used,
    operands,
    string_value,
    walk,
)
from ..model.route_syntax import tokens
from .base import Candidate, Change, Companion, Declare, Import, Rule

SAME = {"files", "cookies", "headers", "method", "path", "url", "environ", "content_length",
        "is_json", "host", "scheme", "args", "form",
        "values", "script_root", "full_path", "url_root", "authorization", "access_route"}
RENAMED = {"forms": "form", "query": "args", "params": "values", "POST": "form",
           "GET": "args", "url_args": "view_args", "fullpath": "path"}
# FormsDicts (attribute access gives '' when missing), by Bottle's and Werkzeug's names:
# the inner `request.forms` is renamed before the outer `.name` is seen.
MULTIDICTS = {"forms", "query", "params", "POST", "GET", "files", "cookies",
              "form", "args", "values"}
# Bottle's request attributes that are one expression over Werkzeug's request.
EXPRESSIONS = {
    # (user, password) of HTTP basic auth, else None
    "auth": '((request.authorization.username, request.authorization.password) '
            'if request.authorization and request.authorization.type == "basic" else None)',
    "chunked": '"chunked" in request.headers.get("Transfer-Encoding", "").lower()',
    # Bottle's: lower case, '' without a body (Werkzeug's keeps the case, None)
    "content_type": 'request.headers.get("Content-Type", "").lower()',
    # Bottle's ends in '/' ('/' at the root); Werkzeug's script_root has no trailing '/'
    "script_name": 'request.script_root + "/"',
    # Bottle's are X-Forwarded-For's addresses when it is sent (Werkzeug's access_route),
    # else REMOTE_ADDR; Werkzeug's remote_addr is the socket's only (ProxyFix changes that)
    "remote_addr": "(request.access_route[0] if request.access_route else None)",
    "remote_route": "list(request.access_route)",
}
# Every public member of Bottle's request (0.12 and 0.13, BaseRequest and LocalRequest: the
# conformance table's request rows): a name outside them is no Bottle answer to keep
BOTTLE_REQUEST = frozenset({
    "GET", "MEMFILE_MAX", "POST", "app", "auth", "bind", "body", "chunked", "content_length",
    "content_type", "cookies", "copy", "environ", "files", "forms", "fullpath", "get",
    "get_cookie", "get_header", "headers", "is_ajax", "is_xhr", "json", "keys", "method",
    "params", "path", "path_shift", "query", "query_string", "remote_addr", "remote_route",
    "route", "script_name", "url", "url_args", "urlparts"})
# What Flask's request has under a name Bottle's lacks, for the TODO (the names Bottle
# apps were seen reading as if they were Bottle's)
FLASK_OWN = {"data": "request.data is the raw body (Bottle's request.body.read())",
             "get_data": "request.get_data() is the raw body",
             "get_json": "request.get_json() is the JSON body (Bottle's request.json)",
             "mimetype": "request.mimetype is the content type without its parameters",
             "user_agent": "request.user_agent parses the User-Agent header",
             "referrer": "request.referrer is the Referer header"}
# The members of Flask's request that take no assignment (properties without a setter,
# Werkzeug's and Flask's own): `request.endpoint = ...` raises AttributeError there
FLASK_READ_ONLY = frozenset({
    "access_control_request_headers", "access_control_request_method", "blueprint",
    "blueprints", "content_encoding", "content_md5", "content_type", "date", "endpoint",
    "input_stream", "is_json", "is_multiprocess", "is_multithread", "is_run_once",
    "is_secure", "json", "max_forwards", "mimetype", "mimetype_params", "origin",
    "referrer", "remote_user", "script_root", "want_form_data_parsed"})
# Werkzeug's MultiDict methods: an attribute of these names on a form is no field.
WERKZEUG_METHODS = {"lists", "listvalues", "to_dict", "deepcopy", "update", "pop", "popitem",
                    "poplist", "popitemlist", "setdefault", "setlist", "setlistdefault",
                    "add", "clear", "fromkeys"}
# The forms a view may store an attribute on (request.forms.name = value)
STORABLE = {"forms", "query", "POST", "GET", "form", "args"}
# Bottle's MultiDicts give a key's LAST value, Werkzeug's its first: where the port takes
# the whole form (dict(...), .dict) or one key (`[k]`), it keeps Bottle's last value.
LAST_VALUE = {"form", "args", "values", "files"}
# Werkzeug's get()/values()/items() give a repeated key's first value (values: the query
# string's before the form's), Bottle's the last (params: the form's): declared, D-first-value.
FIRST_VALUE = {"forms", "query", "params", "POST", "GET", "files", "form", "args", "values"}
FIRST_VALUE_METHODS = {"get", "getone", "getunicode", "values", "items", "itervalues",
                       "iteritems"}
# Bottle's MultiDict methods Werkzeug's spell otherwise (Python 3 Bottle: iter* = the plain)
SPELLED = {"allitems": "items(multi=True)", "iterallitems": "items(multi=True)",
           "iterkeys": "keys()", "itervalues": "values()", "iteritems": "items()"}
# Bottle-only names on the request's dicts with no Werkzeug counterpart: a TODO each
# (a statement request.forms.append(k, v) / .replace(k, v) is rewritten whole)
UNCONVERTED = {"append": "Werkzeug's request dicts cannot be changed: copy one first "
                         "(d = request.form.copy()) and change the copy",
               "replace": "Werkzeug's request dicts cannot be changed: copy one first "
                          "(d = request.form.copy()) and set d[key] = value on the copy",
               "recode_unicode": "a FormsDict setting Werkzeug has no use for: it decodes "
                                 "UTF-8 itself",
               "input_encoding": "a FormsDict setting Werkzeug has no use for: it decodes "
                                 "UTF-8 itself"}
# A FormsDict's settings as Bottle's class sets them (Werkzeug decodes UTF-8 itself): a
# read of one is its value
SETTINGS = {"input_encoding": "'utf8'", "recode_unicode": "True"}
# The app methods that route a view, and the keywords that name a route (Bottle's, or
# Flask's where P003 has spelt it already)
ROUTING = {"route", "get", "post", "put", "delete", "patch"}
NAMING = {"name", "endpoint"}
# request.route's members with no Flask counterpart, and why (a TODO each)
ROUTE_PLUGINS = ("Bottle's plugins of this route: Flask has no plugins; what they do is a "
                 "decorator on the view, or a before_request/after_request hook")
ROUTE_TODO = {
    "app": "the app serving the route: Flask's is current_app, a proxy "
           "(current_app._get_current_object() is the app itself; request.route.app.config "
           "is current_app.config)",
    "config": "the route's keywords over app.config: Flask keeps no config per rule: "
              "read current_app.config, or keep the values in a dict keyed by "
              "request.endpoint",
    "get_config": "the route's keywords over app.config (deprecated): Flask keeps no "
                  "config per rule: current_app.config.get(key, default)",
    "plugins": ROUTE_PLUGINS, "skiplist": ROUTE_PLUGINS, "all_plugins": ROUTE_PLUGINS,
    "call": "the view with Bottle's plugins applied: Flask has no plugins; "
            "current_app.view_functions[request.endpoint] is the view as registered",
    "prepare": ROUTE_PLUGINS, "reset": ROUTE_PLUGINS,
    "get_undecorated_callback": "the view under its decorators, found through __wrapped__ "
                                "or a closure; inspect.unwrap(current_app.view_functions"
                                "[request.endpoint]) follows __wrapped__ only",
    "get_callback_args": "the view's argument names (positional and keyword-only): "
                         "inspect.signature(current_app.view_functions[request.endpoint])"
                         ".parameters, less *args and **kwargs",
}
# What bottle_members.current_route() answers (port/compat/bottle_members.py)
HELPER = Companion.MEMBERS
KEPT = set(ROUTE_TODO)
# request.route's calls that see through the view's decorators, where it has none
VIEW = "current_app.view_functions[request.endpoint]"
UNWRAPPED = {"get_undecorated_callback": VIEW,
             "get_callback_args": f"list(inspect.signature({VIEW}).parameters)"}
# what lists a WSGI environ's keys, read on request.environ
WHOLE_ENVIRON = {"keys", "items", "copy"}
# Bottle's request is also a mapping of its WSGI environ: request.get("REMOTE_ADDR")
ENVIRON_METHODS = {"get", "keys"}
DICT_METHODS = {"get", "getunicode", "getall", "getlist", "getone", "keys", "values", "items",
                "decode", "dict", "copy", "to_dict", "__contains__", "allitems", "iterallitems",
                "iterkeys", "itervalues", "iteritems"} | set(UNCONVERTED)


class Stored(Visitor):
    """P004's pre-scan: the attributes the module sets on the request (`request.user =
    ...`: its own, which Flask's request takes as Bottle's does, in the environ), the
    subscripts and attributes it assigns to (`request.forms.name = v`: written, not
    read), and the names its code outside any def binds to one of the request's
    FormsDicts (Request._aliases); whether a def binds one (else no def is read for
    them)."""

    def __init__(self, facts) -> None:
        super().__init__()
        self.api = facts.api
        self.own: set[str] = set()
        self.stored: set[cst.CSTNode] = set()
        self.aliases: set[str] = set()
        self.in_defs = False  # a def binds one of the request's FormsDicts to a name
        self.named_in_defs = False  # a def binds the request itself to a name (req = request)
        # the names the module's code outside any def binds to the request itself (`req =
        # bottle.request`), and how often that code binds each name it binds
        self.named: set[str] = set()
        self.bound: dict[str, int] = {}
        self.depth = 0  # the defs around the node
        self.classes = 0  # the classes around it (a name a class body binds is the class's)

    @property
    def named_in_module(self) -> set[str]:
        """The names the module binds to the request, once, outside any def."""
        return {name for name in self.named if self.bound.get(name) == 1}

    def visit_AssignTarget(self, target: cst.AssignTarget) -> None:
        node = target.target
        if not self.depth and not self.classes and isinstance(node, cst.Name):
            self.bound[node.value] = self.bound.get(node.value, 0) + 1
        if isinstance(node, cst.Attribute) and self.api(node.value) == "request":
            self.own.add(node.attr.value)
        if isinstance(node, cst.Subscript | cst.Attribute):
            self.stored.add(node)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth -= 1

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes += 1

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes -= 1

    def visit_Assign(self, node: cst.Assign) -> None:
        if not self.depth:
            self.aliases |= aliases_bound(node, self.api)
            if self.api(node.value) == "request" and not self.classes:
                self.named |= {t.target.value for t in node.targets
                               if isinstance(t.target, cst.Name)}
        else:
            if not self.in_defs and aliases_bound(node, self.api):
                self.in_defs = True
            if not self.named_in_defs and self.api(node.value) == "request":
                self.named_in_defs = True


class CookieUses(Visitor):
    """Where a def's get_cookie() values go (of any owner: the rewrite asks which are the
    request's): a call tested only for truth (`if not request.get_cookie("k"):`, or a name
    that holds it and is read only so), where Bottle's `value or None` and Werkzeug's
    value ('' for a cookie sent empty) are alike; a call compared with None (`user is
    None`: the call, or a name of the same def that holds it), where only `or None` keeps
    Bottle's answer; and a call that is a whole value (assigned, returned, passed), which
    `... or None` needs no parentheses in."""

    def __init__(self) -> None:
        super().__init__()
        self.truth: set[cst.CSTNode] = set()  # expressions in a truth test
        self.truth_only: set[cst.Call] = set()
        self.none_compared: set[cst.Call] = set()
        self.bare: set[cst.CSTNode | None] = set()
        # per def being read: name -> the calls it is assigned, the names compared with
        # None, and the names read outside a truth test
        self.frames: list[tuple[dict[str, list[cst.Call]], set[str], set[str]]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.frames.append(({}, set(), set()))

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        held, compared, other = self.frames.pop()
        for name, calls in held.items():
            if name in compared:
                self.none_compared.update(calls)
            elif name not in other:
                self.truth_only.update(calls)

    def visit_Call(self, node: cst.Call) -> None:
        if node in self.truth and _is_get_cookie(node):
            self.truth_only.add(node)

    def visit_Assign(self, node: cst.Assign) -> None:
        if not _is_get_cookie(node.value):
            return
        assert isinstance(node.value, cst.Call)
        self.bare.add(node.value)
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                self.frames[-1][0].setdefault(target.target.value, []).append(node.value)
                self.truth.add(target.target)  # the binding is no read

    def visit_Comparison(self, node: cst.Comparison) -> None:
        operands = [node.left, *(c.comparator for c in node.comparisons)]
        if not any(isinstance(o, cst.Name) and o.value == "None" for o in operands) or \
                not all(isinstance(c.operator, cst.Is | cst.IsNot | cst.Equal | cst.NotEqual)
                        for c in node.comparisons):
            return
        for operand in operands:
            if isinstance(operand, cst.Call):
                self.none_compared.add(operand)
            elif isinstance(operand, cst.Name):
                self.frames[-1][1].add(operand.value)

    def visit_Name(self, node: cst.Name) -> None:
        if node not in self.truth:
            self.frames[-1][2].add(node.value)

    def visit_Return(self, node: cst.Return) -> None:
        self.bare.add(node.value)

    def visit_Arg(self, node: cst.Arg) -> None:
        self.bare.add(node.value)

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> None:
        self.bare.add(node.expression)

    # where a value is only tested for truth: what `or None` would not change
    def visit_If(self, node: cst.If) -> None:
        self.truth.add(node.test)

    def visit_While(self, node: cst.While) -> None:
        self.truth.add(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self.truth.add(node.test)

    def visit_CompIf(self, node: cst.CompIf) -> None:
        self.truth.add(node.test)

    def visit_Assert(self, node: cst.Assert) -> None:
        self.truth.add(node.test)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if isinstance(node.operator, cst.Not):
            self.truth.add(node.expression)

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        if node in self.truth:  # `if a and b:` tests each for truth
            self.truth |= {node.left, node.right}
        if isinstance(node.operator, cst.Or):  # `a or (b or c)` is `a or b or c`
            self.bare |= {node.left, node.right}


def _is_get_cookie(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
        and node.func.attr.value == "get_cookie"


def aliases_bound(node: cst.Assign, api) -> set[str]:
    """The names `form = request.forms` (`q = request.query.decode()`) binds to one of the
    request's FormsDicts: their attributes are fields too."""
    value = node.value
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
            and value.func.attr.value == "decode":
        value = value.func.value
    if isinstance(value, cst.Attribute) and api(value.value) == "request" \
            and value.attr.value in MULTIDICTS:
        return {t.target.value for t in node.targets if isinstance(t.target, cst.Name)}
    return set()


class Request(Rule):
    code = "P004"
    reader = Stored
    summary = "request.forms/.query/.params/... in Werkzeug's names"
    declares = (Change("D-json-body", "8. JSON request bodies",
                       "request.get_json(silent=True): invalid JSON is None (Bottle: a 400); "
                       "application/*+json is read, application/json-rpc is not (Bottle: "
                       "the other way round)"),
                Change("D-first-value", "2. Repeated and missing keys",
                       "request.form/.args/.values/.files .get(k), an attribute read, "
                       ".values() and .items() give a repeated key's first value, and "
                       "request.values the query string's before the form's; Bottle gave "
                       "the last, and the form's over the query string's"),
                Change("D-route-rule", "10. Path syntax and the int converter",
                       "request.url_rule.rule is the path in Werkzeug's syntax "
                       "(`/item/<int:n>` where Bottle's request.route.rule read "
                       "`/item/<n:int>`)"),
                Change("D-environ-keys", "31. WebTest and wsgi.errors",
                       "request.environ holds each framework's own keys (Bottle's "
                       "`bottle.request`, `route.handle`...; Werkzeug's `werkzeug.request`): "
                       "a page printing the environ (or its keys) shows Flask's",
                       environ="keys"),
                Change("D-empty-cookie", "42. Empty cookie values",
                       "request.cookies.get(k) gives '' for a cookie sent empty (`k=`); "
                       "Bottle's get_cookie() gave None there (its `value or default`); "
                       "where the value is tested for truth alone, or compared with None, "
                       "or given a default, the port says nothing: it is the same or keeps "
                       "`or None` / `or default`"),
                Change("D-route-method", "14. 405 and Allow",
                       "request.method is the request's: a HEAD request a GET route answers "
                       "reads 'HEAD', and a route of any method the one sent (Bottle's "
                       "request.route.method: 'GET', 'ANY')"))

    def first_value(self) -> None:
        if not self.state.faithful:
            self.declare("D-first-value")

    def is_multidict(self, node) -> bool:
        """request.forms (or request.form, renamed already) and its aliases."""
        return self.is_alias(node) or (isinstance(node, cst.Attribute)
                                       and self.is_request(node.value)
                                       and node.attr.value in FIRST_VALUE)

    def is_request(self, node) -> bool:
        return self.api(node) == "request" or (
            isinstance(node, cst.Name) and bool(self.request_alias)
            and node.value in self.request_alias[-1])

    def set_in_app(self, found: Stored) -> set[str]:
        """The attributes any module of the app sets on the request (this one alone where
        it is ported alone)."""
        model = self.model
        scans = [s for m in model.modules.values() if m.facts is not None
                 and isinstance(s := m.facts.read_by.get(self.code), Stored)] \
            if model is not None else []
        return set().union(found.own, *(scan.own for scan in scans))

    def on_flask_g(self, original: cst.Attribute, name: str) -> cst.BaseExpression | None:
        """`request.X = v` where Flask's request will not take X, and the reads of an X
        the app sets: flask.g's X (None: not such a name). A name Bottle's request lacks
        (`request.endpoint = ...`): Bottle kept it in the environ for later reads, Flask
        raises AttributeError (read-only there); g holds it for the request, as idiomatic
        Flask does, and raises AttributeError where it is unset, as Bottle did. One of
        Bottle's own (`request.json = ...`, `request.method = ...`): Bottle 0.13 refused
        it (AttributeError), 0.12 kept the value apart and request.X still read the
        request's; kept apart on g, under a TODO that does not break."""
        if name in self.on_g:
            self.fired()
            return cst.Attribute(self.flask_g(), cst.Name(name))
        if original not in self.stored or name not in BOTTLE_REQUEST \
                or name in {"environ", "MEMFILE_MAX"}:
            return None
        g = self.flask_g()
        self.todo(f"request.{name} is Bottle's own and read-only: Bottle 0.13 refused this "
                  f"assignment (AttributeError), 0.12 kept the value apart and request."
                  f"{name} still read the request's; kept apart on flask.g: read "
                  f"{g.value}.{name} where the value is wanted, or drop the line")
        return cst.Attribute(g, cst.Name(name))

    def spelt(self, code: str, request: cst.BaseExpression) -> cst.BaseExpression:
        """`code` (written with `request`) as an expression on the module's own name for
        the request (`from bottle import request as bottle_request`)."""
        if isinstance(request, cst.Name | cst.Attribute) and not is_name(request, "request"):
            return expression_with(code, "request", request)  # (`self.request` too)
        return cst.parse_expression(code)

    def visit_Module(self, node: cst.Module) -> None:
        # `request.user = ...` here: the module's own attribute, which Flask's request
        # takes as Bottle's does (Bottle keeps it in the environ)
        found = self.pre_scan(node)
        self.own: set[str] = found.own
        # what the app sets on the request, in any module, that Flask's request will not
        # hold (read-only there, a name Bottle lacks): kept on flask.g, reads and writes
        self.on_g = self.set_in_app(found) & FLASK_READ_ONLY - BOTTLE_REQUEST
        self.stored: set[cst.CSTNode] = found.stored  # request.forms[k] = ..., .name = ...
        # where its defs' get_cookie() values go (each outermost def read once, as the
        # walk enters it, in a module that spells get_cookie)
        self.cookie_uses = CookieUses()
        self.reads_cookies = "get_cookie" in self.facts.words
        self.module = node
        self.aliases: list[set[str]] = [found.aliases]  # the module's, outside its defs
        # whether a def binds one (the rules before this one write no such line): a
        # module where none does reads no def for them (a walk of each def, ~2% of a port)
        self.def_aliases = found.in_defs
        # the names each def being visited binds to the request itself (`req =
        # bottle.request`), once, and to nothing else: read as the request (innermost last)
        self.request_alias: list[set[str]] = []
        self.def_requests = found.named_in_defs
        # ... and those the module binds to it outside any def (`req = bottle.request` at
        # its top), once: read as the request in each def that binds no such name itself
        self.module_requests = found.named_in_module
        # the routes of each function being visited (None: not a view), innermost last
        self.routed: list[list[tuple[str | None, bool]] | None] = []
        # per function: a view at the module's top with no decorator under its routes and
        # no *args/**kwargs, whose routed function is the function itself (innermost last)
        self.plain: list[bool] = []
        # request.route under a member, and request.X called: each converted as a whole
        self.whole: set[cst.CSTNode] = set()
        self.app_read: set[cst.CSTNode] = set()  # request.route.app whose config is read
        self.outside = False  # the request read at import (outside_requests)
        self.json_exact = False  # request.json as bottle_json(), which reads it itself
        # the operands an operator binds, by the operator's class (edit.operands)
        self.binding: dict[cst.CSTNode, type] = {}

    def placed(self, original: cst.CSTNode, updated: cst.CSTNode, result):
        """A node rewritten into a looser expression (`request.is_xhr` into a comparison)
        where an operator bound the original: in parentheses."""
        if result is updated or not isinstance(result, cst.BaseExpression):
            return result
        return bound(result, self.binding.get(original))

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        self.binding.update(operands(node))

    def visit_Comparison(self, node: cst.Comparison) -> None:
        self.binding.update(operands(node))

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        self.binding.update(operands(node))

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        self.binding.update(operands(node))

    def visit_Await(self, node: cst.Await) -> None:
        self.binding.update(operands(node))

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self.binding.update(operands(node))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.binding.update(operands(node))
        if self.is_route(node.value):
            self.whole.add(node.value)
        owner = node.value
        if node.attr.value == "config" and isinstance(owner, cst.Attribute) \
                and owner.attr.value == "app" and self.is_route(owner.value):
            self.app_read.add(owner)  # request.route.app.config: the app's config

    def visit_Call(self, node: cst.Call) -> None:
        self.binding.update(operands(node))
        func = node.func
        if any(self.is_environ(a.value) for a in node.args) or (
                isinstance(func, cst.Attribute) and func.attr.value in WHOLE_ENVIRON
                and self.is_environ(func.value)):
            # the environ handed whole (str(), sorted(), a template) or its keys listed
            self.declare("D-environ-keys")
        if isinstance(func, cst.Attribute) and (
                self.is_route(func.value) or (self.is_request(func.value)
                                              and func.attr.value == "copy")):
            self.whole.add(func)

    def is_environ(self, node: cst.CSTNode) -> bool:
        return isinstance(node, cst.Attribute) and node.attr.value == "environ" \
            and self.is_request(node.value)

    def is_route(self, node: cst.CSTNode) -> TypeGuard[cst.Attribute]:
        return isinstance(node, cst.Attribute) and node.attr.value == "route" \
            and self.is_request(node.value)

    def routes_of(self, node: cst.FunctionDef) -> list[tuple[str | None, bool]] | None:
        """Each path routed to this view (None: not a literal) and whether that route
        has a name; None when no route decorates the function."""
        found: list[tuple[str | None, bool]] = []
        for decorator in node.decorators:
            call = decorator.decorator
            if not (isinstance(call, cst.Call) and self.facts.app_method(call.func) in ROUTING):
                continue
            named = any(a.keyword and a.keyword.value in NAMING for a in call.args)
            path = next((a.value for a in call.args if not a.keyword
                         or a.keyword.value == "path"), None)
            paths = path.elements if isinstance(path, cst.List | cst.Tuple) else [path]
            for element in paths:
                found.append((string_value(element.value if isinstance(element, cst.Element)
                                           else element), named))
        return found or None

    def route_member(self, name: str, request: cst.BaseExpression, app_read: bool = False):
        """request.route.<name>: Flask's spelling, or None (a TODO left)."""
        routes = self.routed[-1] if self.routed else None
        if name == "app" and app_read:
            # its config: the app serving the route is current_app (a proxy, so only
            # where its config is read: `is app` would be False; get_url is P013's)
            self.fired()
            self.need_import("flask", "current_app")
            return cst.Name("current_app")
        if name == "rule":
            self.fired()
            if not (routes and all(path is not None and _same_rule(path) for path, _ in routes)):
                self.declare("D-route-rule")  # a filter: Werkzeug spells it otherwise
            return self.spelt("request.url_rule.rule", request)
        if name == "method":
            self.fired()
            self.declare("D-route-method")
            return self.spelt("request.method", request)
        if name == "name" and routes and all(named for _, named in routes):
            self.fired()  # P003 makes each name= the route's endpoint
            return self.spelt("request.endpoint", request)
        if name == "callback":
            self.fired()  # the view as routed (under the decorators below the route)
            self.need_import("flask", "current_app")
            return self.spelt("current_app.view_functions[request.endpoint]", request)
        if name in KEPT:
            return cst.Attribute(self.current_route(name), cst.Name(name))
        if name == "name":
            why = ("Bottle's is None for a route without name=; Flask's request.endpoint "
                   "is then the view function's name")
        else:
            why = ROUTE_TODO.get(name, "no Flask counterpart")
        self.todo(f"request.route.{name}: {why}", breaks=True)
        return None

    def current_route(self, name: str | None) -> cst.Call:
        """bottle_members.current_route(): Bottle's request.route, read from Flask's
        request and app, under a TODO naming Flask's way."""
        self.fired()
        self.need_helper(HELPER)
        if name is None:
            self.todo(f"request.route kept by {HELPER.value}.py (Bottle's Route): Flask's "
                      "request.url_rule is the matched Werkzeug Rule (.rule, .methods, "
                      ".endpoint), and current_app.view_functions[request.endpoint] its view")
        else:
            call = "()" if name in UNWRAPPED or name not in {
                "app", "config", "plugins", "skiplist", "call"} else ""
            self.todo(f"request.route.{name}{call} kept by {HELPER.value}.py: {ROUTE_TODO[name]}")
        return cst.Call(cst.Attribute(cst.Name(HELPER.value), cst.Name("current_route")))

    def _aliases(self, body: cst.CSTNode) -> set[str]:
        """Names this scope binds to one of the request's FormsDicts (`form =
        request.forms`, `q = request.query.decode()`): their attributes are fields too."""
        rule, names = self, set[str]()
        if not self.def_aliases:
            return names

        class Scan(Visitor):
            def visit_FunctionDef(self, node) -> bool:
                return node is body  # a nested function is a scope of its own

            def visit_Assign(self, node: cst.Assign) -> None:
                names.update(aliases_bound(node, rule.api))

        walk(body, Scan())
        return names

    def _request_names(self, function: cst.FunctionDef) -> set[str]:
        """Names the def binds to Bottle's request (`req = bottle.request`), each bound
        there once and no parameter of it: `req.json` is `request.json`."""
        if not self.def_requests and not self.module_requests:
            return set()
        names, api = set[str](), self.api

        class Scan(Visitor):
            def visit_FunctionDef(self, node) -> bool:
                return node is function  # a nested function is a scope of its own

            def visit_Assign(self, node: cst.Assign) -> None:
                if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                        and api(node.value) == "request":
                    names.add(node.targets[0].target.value)

        if self.def_requests:
            walk(function, Scan())
        params = {p.name.value for p in (*function.params.params, *function.params.kwonly_params,
                                         *function.params.posonly_params)}
        return {n for n in names - params if name_uses(function, n).bound == 1} | {
            n for n in self.module_requests - params if not name_uses(function, n).bound}

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if self.reads_cookies and not self.request_alias:  # the outermost def
            walk(node, self.cookie_uses)
        self.request_alias.append(self._request_names(node))
        self.aliases.append(self._aliases(node))
        self.routed.append(self.routes_of(node))
        views = [v for v in self.facts.views if v.name == node.name.value]
        self.plain.append(len(views) == 1 and views[0].top_level and not views[0].inner
                          and self.routed[-1] is not None and len(self.routed) == 1
                          and isinstance(node.params.star_arg, cst.MaybeSentinel)
                          and node.params.star_kwarg is None)

    def leave_FunctionDef(self, original, updated):
        self.request_alias.pop()
        self.aliases.pop()
        self.routed.pop()
        self.plain.pop()
        return updated

    def is_alias(self, node: cst.CSTNode | None) -> TypeGuard[cst.Name]:
        return isinstance(node, cst.Name) and node.value in self.aliases[-1]

    def changed(self, line: cst.SimpleStatementLine) -> cst.Call | None:
        """`request.query.append(k, v)` or `.replace(k, v)` written as a statement."""
        stmt = line.body[0] if len(line.body) == 1 else None
        if not (isinstance(stmt, cst.Expr) and isinstance(stmt.value, cst.Call)):
            return None
        call, func = stmt.value, stmt.value.func
        if isinstance(func, cst.Attribute) and func.attr.value in {"append", "replace"} \
                and isinstance(func.value, cst.Attribute) and self.is_request(func.value.value) \
                and func.value.attr.value in STORABLE and len(call.args) == 2 \
                and not any(a.keyword or a.star for a in call.args):
            return call
        return None

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        call = self.changed(node)
        if call is not None:
            self.whole.add(call.func)  # no TODO: the statement is rewritten as a whole

    def leave_SimpleStatementLine(self, original, updated):
        result = self._rewrite_line(original, updated)
        if self.routed or not isinstance(result, cst.SimpleStatementLine):
            return result
        return self.outside_requests(result)

    def outside_requests(self, line: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
        """The request read as the module runs (at import, outside any request): Bottle's
        is then a request over an empty environ (its thread-local request, in the thread
        that imported bottle), where Flask's proxy raises "Working outside of request
        context" and the port does not start. Werkzeug's Request over an empty environ
        reads the same (`request.environ.get(k)` is None); a lambda's body runs later."""
        reads = _ReadsRequest(self, {local for local, name in self.facts.bottle.items()
                                     if name == "request"})
        walk(line, reads)
        found = reads.found
        if not found:
            return line
        taken = names_used(self.module)  # the module's own Request is not Flask's
        name = "Request" if "Request" not in taken or self.facts.bottle.get(
            "Request") == "Request" else free_name("FlaskRequest", taken)
        self.need_import("flask", "Request", None if name == "Request" else name)
        self.fired(len(found))
        self.outside = True
        self.todo("the request read as the module is imported, outside any request: "
                  "Bottle's is one over an empty environ there, and so is this "
                  f"{name}({{}}); read it in the view that needs it")
        outside = cst.parse_expression(f"{name}({{}})")
        return ensure_type(line.visit(_Replaced({id(n) for n in found}, outside)),
                           cst.SimpleStatementLine)

    def _rewrite_line(self, original, updated):
        """`request.forms.name = value`: Bottle's FormsDict takes the attribute, and later
        `request.forms.name` reads it; Werkzeug's form cannot be changed, so the request
        gets a copy that takes the value (its cached form is assignable). The same for
        `request.forms.append(k, v)` (MultiDict.add) and `.replace(k, v)` (d[k] = v: the
        key's only value, as Bottle's)."""
        if self.changed(original) is not None:
            self.fired()
            call = ensure_type(ensure_type(updated.body[0], cst.Expr).value, cst.Call)
            func = ensure_type(call.func, cst.Attribute)
            code = cst.Module([]).code_for_node
            owner, key, value = code(func.value), code(call.args[0].value), \
                code(call.args[1].value)
            copy = cst.parse_statement(f"{owner} = {owner}.copy()\n")
            change = cst.parse_statement(f"{owner}.add({key}, {value})\n"
                                         if func.attr.value == "append" else
                                         f"{owner}[{key}] = {value}\n")
            return cst.FlattenSentinel([copy.with_changes(leading_lines=updated.leading_lines),
                                        change.with_changes(trailing_whitespace=
                                                            updated.trailing_whitespace)])
        stmt = original.body[0] if len(original.body) == 1 else None
        if not (isinstance(stmt, cst.Assign) and len(stmt.targets) == 1):
            return updated
        target = stmt.targets[0].target
        if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Attribute)
                and self.is_request(target.value.value)
                and target.value.attr.value in STORABLE
                and target.attr.value not in DICT_METHODS):
            return updated
        self.fired()
        name = target.value.value.value if isinstance(target.value.value, cst.Name) \
            else "request"  # the module's name for the request
        owner = f"{name}.{RENAMED.get(target.value.attr.value, target.value.attr.value)}"
        copy = cst.parse_statement(f"{owner} = {owner}.copy()\n")
        store = cst.Assign([cst.AssignTarget(ensure_type(cst.parse_expression(
            f'{owner}["{target.attr.value}"]'), cst.Subscript))], updated.body[0].value)
        return cst.FlattenSentinel([copy.with_changes(leading_lines=updated.leading_lines),
                                    updated.with_changes(body=[store], leading_lines=[])])

    def multidict(self, node) -> str | None:
        """`request.form` (Bottle's forms, renamed already) and the like: its source."""
        if isinstance(node, cst.Attribute) and self.is_request(node.value) \
                and node.attr.value in LAST_VALUE:
            return cst.Module([]).code_for_node(node)
        return None

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        return self.placed(original, updated, self.rewrite_call(original, updated))

    def rewrite_call(self, original: cst.Call, updated: cst.Call):
        func = updated.func
        if isinstance(func, cst.Name) and func.value == "dict" and len(updated.args) == 1 \
                and not updated.args[0].keyword and not updated.args[0].star:
            source = self.multidict(updated.args[0].value)
            if source:  # dict(request.forms): each field's last value, as in Bottle
                self.fired()
                return cst.parse_expression(f"{{k: v[-1] for k, v in {source}.lists()}}")
        if not isinstance(func, cst.Attribute):
            return updated
        owner, method = func.value, func.attr.value
        if original.func in self.whole and self.is_request(owner) and not updated.args:
            # request.copy(): Bottle's is a request over a copy of the environ
            self.fired()
            taken = names_used(self.module)  # the module's own Request is not Flask's
            name = "Request" if "Request" not in taken or self.facts.bottle.get(
                "Request") == "Request" else free_name("FlaskRequest", taken)
            self.need_import("flask", "Request", None if name == "Request" else name)
            return cst.parse_expression(f"{name}({cst.Module([]).code_for_node(owner)}"
                                        ".environ.copy())")
        if original.func in self.whole and isinstance(owner, cst.Attribute) \
                and self.is_route(owner):
            if method in UNWRAPPED and self.plain and self.plain[-1] and not updated.args:
                # no decorator to see through: Bottle's answer is the view's own
                self.fired()
                self.need_import("flask", "current_app")
                if method == "get_callback_args":
                    self.need_import("inspect")
                return self.spelt(UNWRAPPED[method], owner.value)
            if method in KEPT:
                return updated.with_changes(func=func.with_changes(
                    value=self.current_route(method)))
            self.todo(f"request.route.{method}(): "
                      f"{ROUTE_TODO.get(method, 'no Flask counterpart')}", breaks=True)
            return updated
        if self.is_multidict(owner) and method in FIRST_VALUE_METHODS:
            self.first_value()
        if self.is_multidict(owner) and method in SPELLED:
            self.fired()  # request.forms.allitems() -> request.form.items(multi=True)
            return cst.parse_expression(
                f"{cst.Module([]).code_for_node(owner)}.{SPELLED[method]}")
        # request.get_cookie(name, default, secret=...)
        if self.is_request(owner) and method == "get_cookie":  # secret=: P020 ran first
            self.fired()
            return self.get_cookie(original, updated, owner)
        if self.is_request(owner) and method == "get_header":
            self.fired()
            return updated.with_changes(func=self.spelt("request.headers.get", owner))
        # form = request.forms; form.getunicode(...) / .getall(...)
        if self.is_alias(owner) and method in {"getunicode", "getone", "getall"}:
            self.fired()
            if method == "getall":
                return updated.with_changes(func=func.with_changes(attr=cst.Name("getlist")))
            kept = [a for a in updated.args if not (a.keyword and a.keyword.value in
                                                    {"encoding", "errors"})]
            return updated.with_changes(func=func.with_changes(attr=cst.Name("get")),
                                        args=_fix_commas(kept))
        # request.forms.getunicode(...) / .getall(...)
        if isinstance(owner, cst.Attribute) and self.is_request(owner.value):
            if method in {"getunicode", "getone"}:
                self.fired()
                kept = [a for a in updated.args if not (a.keyword and a.keyword.value in
                                                        {"encoding", "errors"})]
                return updated.with_changes(func=func.with_changes(attr=cst.Name("get")),
                                            args=_fix_commas(kept))
            if method == "getall":
                self.fired()
                return updated.with_changes(func=func.with_changes(attr=cst.Name("getlist")))
            if method == "decode" and owner.attr.value in MULTIDICTS:
                # Bottle's values are latin-1 text to be decoded; Werkzeug decodes UTF-8
                encoding = updated.args[0].value if updated.args else None
                if encoding is None or (isinstance(encoding, cst.SimpleString) and
                                        isinstance(encoding.evaluated_value, str) and
                                        encoding.evaluated_value.lower().replace("-", "")
                                        == "utf8"):
                    self.fired()
                    return owner
                self.todo("decode() of another encoding than UTF-8: Werkzeug decodes form "
                          "and query values as UTF-8; decode the raw body instead "
                          "(request.get_data())", breaks=True)
            if owner.attr.value == "body" and method in {"read", "getvalue"}:
                self.fired()
                return self.spelt("request.get_data()", owner.value)
        return updated

    def get_cookie(self, original: cst.Call, updated: cst.Call,
                   owner: cst.BaseExpression) -> cst.BaseExpression:
        """Bottle's get_cookie() returns `value or default`: an empty cookie gives the
        default (None), where Werkzeug's `request.cookies.get()` gives ''."""
        name, *rest = updated.args or [cst.Arg(cst.Name("None"))]
        default = next((a.value for a in rest if a.keyword is None or
                        a.keyword.value == "default"), None)
        get = updated.with_changes(func=self.spelt("request.cookies.get", owner),
                                   args=[name.with_changes(comma=cst.MaybeSentinel.DEFAULT)])
        if isinstance(default, cst.Name) and default.value == "None":
            default = None
        if isinstance(default, cst.SimpleString) and default.evaluated_value == "":
            # an empty cookie is the default '' in both: Werkzeug's form as written
            return updated.with_changes(func=get.func)
        uses = self.cookie_uses
        if default is None and original in uses.truth_only:
            return get  # '' and None are both false: the plain form is exact

        def kept(value: cst.BaseExpression) -> cst.BaseExpression:
            if isinstance(value, cst.IfExp | cst.Lambda | cst.NamedExpr | cst.Yield):
                value = value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            either = cst.BooleanOperation(get, cst.Or(), value)
            if original in uses.bare:
                return either
            return either.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])

        if default is not None or original in uses.none_compared:
            # given a default, or its None tested: `or` says Bottle's answer as it is
            return kept(default or cst.Name("None"))
        chosen = self.site("empty-cookie", Candidate(get, declares=(
            Declare("D-empty-cookie"),)), Candidate(kept(cst.Name("None"))))
        assert isinstance(chosen.form, cst.BaseExpression)
        return chosen.form

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        return self.placed(original, updated, self.rewrite_attribute(original, updated))

    def rewrite_attribute(self, original: cst.Attribute, updated: cst.Attribute):
        # request.forms.name (attribute access on a FormsDict): '' when missing
        value = updated.value
        if original in self.whole:
            return updated  # request.route.rule, request.copy(): converted as a whole
        if self.is_route(value):
            return self.route_member(updated.attr.value, value.value,
                                     original in self.app_read) or updated
        # (the name first: multidict() writes its node out, for `.dict` alone)
        if updated.attr.value == "dict" and (source := self.multidict(value)):
            self.fired()  # Bottle's key -> values
            return cst.parse_expression(f"{source}.to_dict(flat=False)")
        if self.is_multidict(value) and updated.attr.value in SETTINGS \
                and original not in self.stored:  # read: Bottle's value, which no one set
            self.fired()
            self.todo(f".{updated.attr.value}: {UNCONVERTED[updated.attr.value]}: Bottle's "
                      f"value, {SETTINGS[updated.attr.value]}, is written in its place")
            return cst.parse_expression(SETTINGS[updated.attr.value])
        if self.is_multidict(value) and updated.attr.value in UNCONVERTED:
            self.todo(f".{updated.attr.value}: {UNCONVERTED[updated.attr.value]}", breaks=True)
            return updated
        if isinstance(value, cst.Attribute) and self.is_request(value.value) \
                and value.attr.value in MULTIDICTS and updated.attr.value not in DICT_METHODS:
            self.fired()
            if value.attr.value in FIRST_VALUE and original not in self.stored:
                self.first_value()
            owner = RENAMED.get(value.attr.value, value.attr.value)
            return self.spelt(f'request.{owner}.get("{updated.attr.value}", "")', value.value)
        if self.is_alias(value) and updated.attr.value not in DICT_METHODS | WERKZEUG_METHODS \
                and not updated.attr.value.startswith("__"):
            self.fired()  # form = request.forms; form.name
            self.first_value()
            return cst.parse_expression(f'{value.value}.get("{updated.attr.value}", "")')
        if not self.is_request(value):
            return updated
        name = updated.attr.value
        if (kept := self.on_flask_g(original, name)) is not None:
            return kept
        if name in RENAMED:
            self.fired()
            return updated.with_changes(attr=cst.Name(RENAMED[name]))
        if name == "json":
            self.fired()
            # the exact one: bottle_compat's bottle_json(), copied into the port (that
            # piece alone)
            exact = Candidate(cst.Call(cst.Name("bottle_json")),
                              imports=(Import("bottle_compat", "bottle_json"),))
            chosen = self.site("json-body", Candidate(
                self.spelt("request.get_json(silent=True)", value),
                declares=(Declare("D-json-body"),)), exact)
            self.json_exact = self.json_exact or chosen is exact
            assert isinstance(chosen.form, cst.BaseExpression)
            return chosen.form
        if name == "urlparts":  # Bottle's is urlsplit() of the URL; Flask's request.url a str
            self.fired()
            self.need_import("urllib.parse", "urlsplit")
            return self.spelt("urlsplit(request.url)", value)
        if name == "query_string":
            self.fired()
            return self.spelt('request.query_string.decode("latin-1")', value)
        if name in EXPRESSIONS:
            self.fired()
            return self.spelt(EXPRESSIONS[name], value)
        if name == "app":
            self.fired()
            self.need_import("flask", "current_app")
            return cst.Name("current_app")
        if name in {"is_xhr", "is_ajax"}:
            self.fired()
            return self.spelt(
                'request.headers.get("X-Requested-With", "").lower() == "xmlhttprequest"', value)
        if name in ENVIRON_METHODS:  # Bottle's request is a dict over its environ
            self.fired()
            return updated.with_changes(value=cst.Attribute(value, cst.Name("environ")))
        if name == "body":
            return updated  # .read() handled in leave_Call; anything else below
        if name == "route":
            return self.current_route(None)
        if name == "MEMFILE_MAX" and original not in self.stored:
            # P017 writes Bottle's `BaseRequest.MEMFILE_MAX = n` as MAX_CONTENT_LENGTH
            self.fired()
            self.todo("request.MEMFILE_MAX is Bottle's size limit for the JSON and "
                      "url-encoded bodies it reads: read as Flask's "
                      'current_app.config["MAX_CONTENT_LENGTH"], or Bottle\'s 102400 where '
                      "that is unset (Flask then sets no limit, for any body)")
            self.need_import("flask", "current_app")
            return cst.parse_expression(
                'current_app.config["MAX_CONTENT_LENGTH"] or 102400')
        if name == "MEMFILE_MAX":
            self.todo("request.MEMFILE_MAX is Bottle's size limit for the JSON and "
                      "url-encoded bodies it reads (102400 unless set): Flask's is "
                      'current_app.config["MAX_CONTENT_LENGTH"] (None: no limit), for every '
                      "body", breaks=True)
            return updated
        if name == "path_shift" and original not in self.stored:
            # kept by bottle_compat.py's path_shift(): Werkzeug has no counterpart
            self.fired()
            self.todo("request.path_shift() moves path segments from PATH_INFO to "
                      "SCRIPT_NAME (bottle_compat.path_shift() does so here): Werkzeug "
                      "reads them once into request.path and .root_path; mount the app "
                      "under its prefix (werkzeug.middleware.dispatcher."
                      "DispatcherMiddleware) instead")
            # (the module's own path_shift: Bottle's function of that name, imported)
            local = "bottle_path_shift" if "path_shift" in self.facts.bottle else None
            self.need_import("bottle_compat", "path_shift", local)
            return cst.Name(local or "path_shift")
        if name == "path_shift":
            self.todo("request.path_shift() moves path segments from PATH_INFO to "
                      "SCRIPT_NAME: Werkzeug reads them once into request.path and "
                      ".root_path; mount the app under its prefix (werkzeug.middleware."
                      "dispatcher.DispatcherMiddleware) instead", breaks=True)
            return updated
        if name in SAME or name in {"get_cookie", "get_header"} | self.own:
            return updated
        if name in BOTTLE_REQUEST or name.startswith("_"):
            # Bottle answers it: the port fails where the original ran
            self.todo(f"request.{name} has no direct Flask name: see the request rows in "
                      "docs/PORTING-RULES.md", breaks=True)
        else:
            # Bottle's request has no such member: the original raised AttributeError
            # here, unless the app sets it itself (in another module, a hook); Flask's
            # request takes an attribute set the same way, and may have its own
            self.todo(f"request.{name}: Bottle's request has no {name} (an AttributeError "
                      f"unless the app sets request.{name} itself); Flask's "
                      f"{FLASK_OWN.get(name, 'request may have one of its own: read it')}")
        return updated

    def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript):
        return self.placed(original, updated, self.rewrite_subscript(original, updated))

    def leave_Comparison(self, original: cst.Comparison, updated: cst.Comparison):
        """`key in request`: Bottle's request is a dict over its environ (a membership
        test asks the environ's keys); Flask's is not a container (a TypeError)."""
        targets = [target.with_changes(comparator=cst.Attribute(
                       target.comparator, cst.Name("environ")))
                   if isinstance(target.operator, cst.In | cst.NotIn)
                   and self.is_request(target.comparator) else target
                   for target in updated.comparisons]
        if all(new is old for new, old in zip(targets, updated.comparisons, strict=True)):
            return updated
        self.fired()
        return updated.with_changes(comparisons=targets)

    def leave_For(self, original: cst.For, updated: cst.For):
        """`for key in request:` walks the environ's keys in Bottle."""
        return self.over_environ(updated)

    def leave_CompFor(self, original: cst.CompFor, updated: cst.CompFor):
        return self.over_environ(updated)

    def over_environ(self, loop):
        if not self.is_request(loop.iter):
            return loop
        self.fired()
        return loop.with_changes(iter=cst.Attribute(loop.iter, cst.Name("environ")))

    def rewrite_subscript(self, original: cst.Subscript, updated: cst.Subscript):
        if self.is_request(updated.value):  # request["REMOTE_ADDR"]: its environ's item
            self.fired()
            return updated.with_changes(value=cst.Attribute(updated.value, cst.Name("environ")))
        owner = self.multidict(updated.value)
        if owner and len(updated.slice) == 1 and isinstance(updated.slice[0].slice, cst.Index) \
                and original not in self.stored:
            # request.forms[k]: the last value (a missing key is a 500, as Bottle's KeyError)
            self.fired()
            text = cst.Module([]).code_for_node(updated.slice[0].slice.value)
            return cst.parse_expression(f"{owner}.getlist({text})[-1]")
        # request.environ['bottle.app'] and friends: Bottle's own keys are gone
        if isinstance(updated.value, cst.Attribute) and self.is_request(updated.value.value) \
                and updated.value.attr.value == "environ":
            key = updated.slice[0].slice
            if isinstance(key, cst.Index) and isinstance(key.value, cst.SimpleString) \
                    and "bottle." in key.value.value:
                self.todo("request.environ['bottle.*'] is Bottle's own state; Flask keeps "
                          "it elsewhere (flask.current_app, request.url_rule)", code="P017")
        return updated


    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        # read at import only (outside_requests), or only by bottle_json(): nothing left
        # may read Flask's request
        left = names_read_outside_imports(updated) if self.outside or self.json_exact \
            else None
        for local, name in self.facts.bottle.items():
            if name == "request" and (left is None or local in left):
                self.need_import("flask", "request", None if local == "request" else local)
        return updated


class _Replaced(cst.CSTTransformer):
    """These Name nodes (by identity) replaced by an expression."""

    def __init__(self, names: set[int], by: cst.BaseExpression) -> None:
        super().__init__()
        self.names, self.by = names, by

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self.by if id(original) in self.names else updated


def _same_rule(path: str) -> bool:
    """Werkzeug's rule reads as Bottle's: static text and plain `<name>` wildcards, from a
    leading slash, nothing escaped (P003 writes such a path as it is)."""
    spelt = "".join(text if kind is None else f"<{text}>" for text, kind, config in tokens(path)
                    if kind is None or (kind == "default" and text and config is None))
    return spelt == path and path.startswith("/") and "\\" not in path


def _fix_commas(args):
    args = list(args)
    if args:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return args


class _ReadsRequest(Visitor):
    """outside_requests()' reader, a class made once (a class made at each call, a
    statement of every module, cost more than its walk): Bottle's request read outside
    a lambda."""

    def __init__(self, rule: Request, names: set[str]) -> None:
        super().__init__()
        self.rule, self.names = rule, names
        self.found: list[cst.Name] = []

    def visit_Lambda(self, node) -> bool:
        return False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if isinstance(node.value, cst.Name) and node.value.value in self.names \
                and self.rule.is_request(node.value):
            self.found.append(node.value)
