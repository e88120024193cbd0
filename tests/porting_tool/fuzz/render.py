"""A drawn app (grammar.App) written as the files of a Bottle app folder."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path

from .grammar import FILTERS, App, Route

TEMPLATES = {
    "plain": "<p>{{v}} {{p}}</p>\n",
    "raw": "<p>{{!v}}</p>\n",
    "if": "% if p:\n<p>{{p}}</p>\n% end\n<i>{{v}}</i>\n",
    "rebase": "% rebase('base', title=p)\n<p>{{v}}</p>\n",
    "include": "<div>\n% include('part', w=v)\n</div>\n",
    "comprehension": "<p>{{', '.join(str(c) for c in [v, p])}}</p>\n"
                     "{{[i * 2 for i in range(3) if i != 1]}}\n",
    "lambda": "% for s in sorted([str(v), str(p)], key=lambda s: (len(s), s)):\n"
              "<li>{{s}}</li>\n% end\n",
    "statement": "% d = {}\n% d['v'] = v\n% first, *rest = [p, v, 1]\n"
                 "<p>{{d['v']}} {{first}} {{len(rest)}}</p>\n",
    "while": "% i = 0\n% while i < 2:\n<i>{{i}} {{v}}</i>\n% i += 1\n% end\n<b>{{i}}</b>\n",
    "try": "% try:\n<p>{{int(p)}}</p>\n% except (TypeError, ValueError):\n<p>text {{p}}</p>\n"
           "% end\n",
    "break": "<ul>\n% for x in [p, v, 1]:\n  % if x is None:\n  % break\n  % end\n"
             "  <li>{{x}}</li>\n% end\n</ul>\n",
    "rebase_values": "% values = {'title': p}\n% rebase('base', **values)\n<p>{{v}}</p>\n",
    "include_dict": "<div>\n% include('part', **dict(w=v))\n</div>\n",
    # a name computed when the template renders (sportcourts' header_name)
    "include_computed": "<div>\n% name = 'pa' + 'rt.tpl'\n% include(name, w=v)\n</div>\n",
    "crlf": "<ul>\r\n% if p:\r\n  <li>{{p}}</li>\r\n% end\r\n<i>{{v}}</i>\r\n</ul>\r\n",
    "include_indented": "<div>\n% include('part', w=v)\n  <span>{{p}}</span>\n</div>\n",
    "no_newline": "<p>{{v}}</p>\n<i>{{p}}</i>",
    "rebase_bare": "% rebase('bare', title=p)\n  <p>{{v}}</p>",
    # rebased only when the branch runs (sportcourts' standalone pages)
    "rebase_if": "% if v:\n%   rebase('base', title=p)\n% end\n<p>{{v}}</p>\n",
    # a layout chosen by what the view passed (a str p, or another value)
    "rebase_try": "% try:\n%   rebase('base', title=p + '!')\n% except TypeError:\n"
                  "%   rebase('base', title='-')\n% end\n<p>{{v}}</p>\n",
    "rebase_for": "% for x in [v, p]:\n%   if x == p:\n%     rebase('base', title=x)\n"
                  "%   end\n% end\n<p>{{v}}</p>\n",
    # stop 48's (grammar.forms_48): conditional expressions in {{ }} and in a % for,
    # method calls on a value and on a literal
    "conditional": "<p>{{v if p else 'none'}} {{'yes' if v is None else 'no'}}</p>\n"
                   "% for c in ([v, p] if v else [p]):\n<i>{{c}}</i>\n% end\n",
    "method_call": "<p>{{str(p).upper()}} {{', '.join(str(p).split('|'))}}</p>\n"
                   "<i>{{'{}-{}'.format(v, len(str(p)))}} {{str(v).strip().title()}}</i>\n",
}
BARE = ("bare", "<main>{{title}}\n{{!base}}</main>")  # no last newline
BASE = ("base", "<html><title>{{title}}</title>\n{{!base}}\n</html>\n")
PART = ("part", "<i>{{w}}</i>\n")
SHARED = {"rebase": BASE, "include": PART, "rebase_values": BASE, "include_dict": PART,
          "include_computed": PART,
          "include_indented": PART, "rebase_bare": BARE, "rebase_if": BASE,
          "rebase_try": BASE, "rebase_for": BASE}
TEMPLATE_FOLDERS = {"views": "views", "beside": "", "path": "tpl"}


class Module:
    """One module's text as it is built: its imports, then its blocks."""

    def __init__(self, app: App):
        self.app = app
        self.bottle: set[str] = set()
        self.imports: list[str] = []
        self.blocks: list[str] = []

    def b(self, name: str) -> str:
        """A name of the bottle module, spelt in this app's import style."""
        if self.app.style == "module":
            self.bottle.add("")
            return f"bottle.{name}"
        self.bottle.add(name)
        return name

    def need(self, line: str) -> None:
        if line not in self.imports:
            self.imports.append(line)

    def text(self) -> str:
        head = []
        vendored = self.app.bottle_home == "vendored"  # a copy of bottle.py in lib/
        if "" in self.bottle:
            head.append("from lib import bottle" if vendored else "import bottle")
        names = sorted(self.bottle - {""})
        if names:
            head.append(f"from {'lib.bottle' if vendored else 'bottle'} import "
                        f"{', '.join(names)}")
        if any(line.startswith("import functools") for line in self.imports):
            head.insert(0, "import functools")
        head += [line for line in self.imports if not line.startswith("import functools")]
        return "\n".join(head) + "\n\n\n" + "\n\n\n".join(self.blocks) + "\n"


def payload(route: Route) -> str:
    names = route_args(route)
    if not names:
        return f'"r{route.n}"'
    return f'"r{route.n}|" + "|".join([{", ".join(f"str({a})" for a in names)}])'


def route_args(route: Route) -> list[str]:
    return ["name"] if route.rules[0].startswith("<") else route.args


def body(m: Module, route: Route, loop: bool = False) -> list[str]:
    """The view's body, as lines without indentation."""
    n, kind = route.n, route.body
    p = f'"r{n}|" + label' if loop else payload(route)
    if kind == "text":
        return [f"return {p}"]
    if kind == "url_rule":  # Bottle builds from the rule string when no route has the name
        values = "".join(f", {a}={FILTERS[f][1][0]!r}" for a, f in zip(
            route.args, route.filters, strict=True))
        build = "router.build" if route.variant == "router_build" else "get_url"
        return [f'return {p} + " " + app.{build}({route.rules[0]!r}{values})']
    if kind == "dict":
        args = "label" if loop else f"[{', '.join(route_args(route))}]"
        return [f'return {{"route": {n}, "args": {args}}}']
    if kind == "template" and route.variant == "computed":  # named when the view runs
        return [f'name = "t" + str({n})',
                f'return {m.b("template")}(name + ".tpl", v={route.value!r}, p={p})']
    if kind == "template":
        return [f'return {m.b("template")}("t{n}", v={route.value!r}, p={p})']
    if kind == "view" and route.variant == "held":
        return [f'values = dict(v={route.value!r})', 'values["p"] = ' + p, "return values"]
    if kind == "view" and route.variant == "called":
        return [f'return {{"v": {route.value!r}, "p": {p}}}.copy()']
    if kind == "view":
        return [f'return {{"v": {route.value!r}, "p": {p}}}']
    if kind == "httpresponse":
        return [f'return {m.b("HTTPResponse")}("r{n} made", status=201, '
                f'headers={{"X-R": "{n}"}})']
    if kind == "abort":
        return [f'{m.b("abort")}(403, "r{n} forbidden")']
    if kind == "redirect":
        return [f'{m.b("redirect")}("/r{n}/there")']
    request = m.b("request")
    if kind == "query" and route.variant == "handed":  # read by a class given the request
        if not any(block.startswith("class Reader:") for block in m.blocks):
            m.blocks.append("\n".join([
                "class Reader:", "    def __init__(self, request):",
                "        self.request = request", "", "    def read(self):",
                '        return ",".join(self.request.query.getall("x")) or "none"']))
        return [f'return {p} + " q=" + Reader({request}).read()']
    if kind == "query":
        read = {"attr": f"{request}.query.x", "get": f'{request}.query.get("x", "none")',
                "getall": f'",".join({request}.query.getall("x"))'}[
                    "get" if loop else route.query]
        return [f'return {p} + " q=" + {read}']
    if kind == "params":
        return [f'return "p=" + {request}.params.get("x", "none")']
    if kind == "forms":
        return [f'return "f=" + {request}.forms.get("x", "none")']
    if kind == "json_in":
        return [f'return {{"got": {request}.json}}']
    if kind == "cookie_get":
        return [f'return "c=" + {request}.get_cookie("c{n}", "none")']
    response = m.b("response")
    if kind == "cookie_set" and route.variant == "helper_class":
        return ["class Page:", "    def __init__(self):", f'        self.value = "v{n}"',
                f'        {response}.set_cookie("c{n}", self.value)',
                "        self.data = {}", "", "Page()", 'return "set"']
    if kind == "cookie_set" and route.variant == "assigned_again":
        return [f'value = "v{n}"', f'{response}.set_cookie("c{n}", value)',
                "value = value.upper()", 'return "set " + value']
    if kind == "cookie_set":
        return [f'{response}.set_cookie("c{n}", "v{n}")', 'return "set"']
    if kind == "status":
        return [f"{response}.status = 202", f'return "r{n} accepted"']
    if kind == "httperror":  # changed after it is made, then raised or returned
        how, status = route.variant.split()
        return [f'error = {m.b("HTTPError")}(418, "r{n} teapot")',
                f'error.set_header("X-E{n}", "{n}")', f'error.set_cookie("e{n}", "v{n}")',
                f"error.status = {status}", f"{how} error"]
    if kind == "caught":  # Bottle's error caught by its class (a decorator's way)
        caught = m.b("HTTPError") if route.variant == "alone" \
            else f'({m.b("HTTPError")}, {m.b("HTTPResponse")})'
        if route.variant == "isinstance":
            return ["try:", f'    {m.b("abort")}(403, "r{n} no")', "except Exception as e:",
                    f'    return {p} + " " + str(isinstance(e, {caught}))']
        return ["try:", f'    {m.b("abort")}(403, "r{n} no")', f"except {caught}:",
                f'    return {p} + " caught"']
    if kind == "read_back":  # set, then read back, in a view answering a dict
        return [f"{response}.status = 201", f'{response}.set_header("X-B{n}", "{n}")',
                f'return {{"status": {response}.status, "b": {response}.get_header("X-B{n}")}}']
    if kind == "field":  # a WTForms field: SimpleTemplate printed its str() escaped
        m.need("from wtforms import Form, StringField")
        if not any(block.startswith("class Fields(Form):") for block in m.blocks):
            m.blocks.append('class Fields(Form):\n    email = StringField("Email")')
        return [f'return {m.b("template")}("t{n}", v=Fields().email, p={p})']
    if kind == "made_request" and route.variant == "werkzeug_names":  # Flask's Request(environ)
        return [f'made = {m.b("BaseRequest")}({request}.environ)',
                f'return {p} + " " + made.method + " " + made.path']
    if kind == "made_request":  # read by Bottle's names: Bottle's class kept
        return [f'made = {m.b("LocalRequest")}(environ={{"REQUEST_METHOD": "PUT", '
                f'"PATH_INFO": "/made", "QUERY_STRING": "a=r{n}"}})',
                f'return {p} + " " + made.method + made.path + made.query.a']
    if kind == "copy":  # a copy of the response as it stands
        if route.variant == "cls":
            return [f'{response}.set_header("X-C{n}", "{n}")',
                    f'made = {response}.copy(cls={m.b("HTTPResponse")})',
                    f'made.body = "r{n} copied"', "return made"]
        return [f'{response}.set_header("X-C{n}", "{n}")', f"made = {response}.copy()",
                f'made.set_header("X-C{n}", "changed")',
                f'return {p} + " " + made.get_header("X-C{n}") + " " + made.status']
    if kind == "config":  # the nested dict load_dict() loaded, read by dotted keys
        return [f'return {p} + " " + app.config["r{n}.name"] + " " '
                f'+ str(app.config.get("r{n}.deep.v")) + " " '
                f'+ str(app.config.get("r{n}.deep.none", "none"))']
    if kind == "route_info":
        read = {"rule": f"{request}.route.rule",
                "config": f'str({request}.route.config.get("tag", "none"))',
                "routes": f'str(len(app.routes)) + " " + str({request}.route in app.routes)'}
        return [f'return {p} + " " + {read[route.variant]}']
    if kind == "stpl":
        return [f'return {m.b("SimpleTemplate")}("<b>{{{{x}}}}</b> {{{{!y}}}}")'
                f".render(x={route.value!r}, y={p})"]
    if kind == "random":  # differs between two runs of the original: noise
        m.need("import random")
        if route.variant == "one":
            return [f'return {p} + " " + str(random.random())']
        if route.variant == "scores":  # names in a random order, each a random score
            return ['names = ["ann", "bob", "cy", "dee", "eve"]', "random.shuffle(names)",
                    'return "<ul>" + "".join("<li>%s: %d</li>" % (name, random.randint('
                    '1, 999)) for name in names) + "</ul>"']
        if route.variant == "scores_json":  # the same as JSON, each with a random id
            # (ids to 10**18, here and in the redirect: a number both runs drew alike is
            # kept for the port to match; to 10**6, once in a million a field)
            return ['return {"items": random.sample([{"id": random.randint(1, 10**18), '
                    '"name": name} for name in ("ann", "bob", "cy", "dee")], 4)}']
        if route.variant == "set":  # in hash order: another in another process
            # (sixteen names: five came out in the same order in both runs once in a CI)
            return ['return ", ".join({"red", "green", "blue", "cyan", "magenta", "yellow", '
                    '"black", "white", "grey", "pink", "olive", "navy", "teal", "lime", '
                    '"maroon", "silver"})']
        if route.variant == "redirect":
            return [f'{m.b("redirect")}("/r{n}/" + str(random.randint(1, 10**18)))']
        # three rows: a random number of rows may come out alike in both originals
        # (no noise to see) and otherwise in the port, a difference no filter can excuse
        return ['return "\\n".join(str(random.random()) for _ in range(3))']
    assert kind == "header", kind
    if route.variant == "abort":  # headers set, then abort() (RULE-s47's class H)
        return [f'{response}.set_header("X-R{n}", "{n}")',
                f'{m.b("abort")}(401, "r{n} not allowed")']
    if route.variant == "item":
        return [f'{response}["X-R{n}"] = "{n}"', f'return "r{n}"']
    return [f'{response}.set_header("X-R{n}", "{n}")', f'return "r{n}"']


def rule_text(route: Route) -> str:
    if len(route.rules) > 1:
        return repr(route.rules)
    if route.rules[0].startswith("<"):
        return f'r"{route.rules[0].replace(chr(92) * 2, chr(92))}"'
    return repr(route.rules[0])


def spelt(route: Route) -> tuple[list[str], str]:
    """The rule as the route's spelling writes it: the statements it needs before the
    view, and the expression."""
    rule, n = route.rules[0], route.n
    head, rest = rule[:len(f"/r{n}")], rule[len(f"/r{n}"):]
    if route.spelling == "name":
        return [f"RULE_R{n} = {rule!r}"], f"RULE_R{n}"
    if route.spelling == "join":
        return [], f"{head!r} + {rest!r}"
    if route.spelling == "prefix":
        return [f"ROOT_R{n} = {head!r}"], f"ROOT_R{n} + {rest!r}"
    if route.spelling == "fstring":
        braced = rest.replace("{", "{{").replace("}", "}}")
        return [f"PREFIX_R{n} = {head!r}"], f'f"{{PREFIX_R{n}}}{braced}"'
    if route.spelling == "call":
        return [f"def rule_r{n}(*parts):", '    return "/".join(parts)'], \
            "rule_r{n}({parts})".format(n=n, parts=", ".join(repr(p) for p in rule.split("/")))
    return [], rule_text(route)


PLUGIN_OPTIONS = {"": "", "apply": ", apply=[mark]", "skip": ', skip=["stamp"]',
                  "skip_all": ", skip=True"}


def register(m: Module, owner: str, route: Route) -> str:
    """The call that makes the route: `app.get('/r1')`, `route('/r1', method=...)`."""
    verb = {"methods": "route", "get_methods": "get", "post_method": "post"}.get(
        route.verb, route.verb)
    methods = {"methods": ', method=["GET", "POST"]', "get_methods": ', method=["GET", "POST"]',
               "post_method": ', method="POST"'}.get(route.verb, "")
    if route.method_form == "expression":  # a list computed when the route is made
        methods = ', method=["GET"] + ["POST"]'
    head = m.b(verb) if owner == "" else f"{owner}.{verb}"
    keyword = f', tag="k{route.n}"' if route.variant == "config" else ""
    return f"{head}({spelt(route)[1]}{methods}{PLUGIN_OPTIONS[route.plugins]}{keyword})"



def plugin_block(m: Module, kind: str) -> str:
    """The app's plugin: a decorator, or an object whose setup() makes the table its
    apply() reads (Bottle calls setup() at install: the order matters)."""
    response = m.b("response")
    if kind == "decorator":
        return "\n".join([
            "def stamp(callback):", "    def wrapper(*args, **kwargs):",
            f'        {response}.set_header("X-Plugin", "1")',
            "        return callback(*args, **kwargs)", "",
            "    return wrapper", "", "", "app.install(stamp)"])
    return "\n".join([
        "TABLES = []", "", "", "class Stamp:", '    name = "stamp"', "    api = 2", "",
        "    def setup(self, app):", '        TABLES.append("stamp")', "",
        "    def apply(self, callback, route):", "        def wrapper(*args, **kwargs):",
        f'            {response}.set_header("X-Plugin", str(len(TABLES)))',
        "            return callback(*args, **kwargs)", "", "        return wrapper", "", "",
        "app.install(Stamp())"])


def installed_in_function(block: str) -> str:
    """The plugin block with its install() moved into a function of its module
    (install_plugins), which the entry calls (RULE-s47's class A)."""
    head, _, install = block.rpartition("\n")
    return f"{head}\ndef install_plugins():\n    {install}"


def add_plugin(app: App, modules: dict[str, Module]) -> None:
    """The app's plugin, in its module; installed there, or by a function the entry
    (app.py) calls at this point."""
    m = modules[app.plugin]
    block = plugin_block(m, app.plugin_kind)
    if app.plugin_form == "module":
        m.blocks.append(block)
        return
    m.blocks.append(installed_in_function(block))
    if app.plugin != "app":
        modules["app"].need(f"from {app.plugin} import install_plugins")
    modules["app"].blocks.append("install_plugins()")


def mark_block(m: Module) -> str:
    """The decorator a route applies with apply=[mark]."""
    return "\n".join([
        "def mark(callback):", "    def wrapper(*args, **kwargs):",
        f'        {m.b("response")}.set_header("X-Mark", "1")',
        "        return callback(*args, **kwargs)", "", "    return wrapper"])


def error_body(code: int, reads: bool) -> str:
    if not reads:
        return f'"error page {code}: " + str(error.status_code)'
    return (f'" ".join(["error page {code}:", str(error.status_code), error.status_line,\n'
            "                     error.body, repr(error.exception), repr(error.traceback),\n"
            '                     repr(error.headers.get("Allow"))])')


def view_decorators(m: Module, route: Route) -> list[str]:
    lines = []
    if route.body == "view":
        lines.append(f'@{m.b("view")}("t{route.n}")')
    for name in route.decorators:
        lines.append(f"@{name}")
        where = next(d.module for d in m.app.decorators if d.name == name)
        current = module_name(m)
        if where != current:
            m.need(f"from {where} import {name}")
    return lines


def module_name(m: Module) -> str:
    return m.name  # type: ignore[attr-defined]


def indent(lines: list[str], by: int = 4) -> list[str]:
    return [" " * by + line if line else line for line in lines]


def function_route(m: Module, route: Route, owner: str) -> str:
    args = ", ".join(route_args(route))
    before = spelt(route)[0]
    if route.body == "config":  # loaded at import, above the view
        before = [*before, f'app.config.load_dict({{"r{route.n}": {{"name": "n{route.n}", '
                  f'"deep": {{"v": {route.n}}}}}}})']
    lines = [*before, *([""] * 2 if before else []),
             f"@{register(m, owner, route)}", *view_decorators(m, route),
             f"def {route.view}({args}):", *indent(body(m, route))]
    return "\n".join(lines)


def method_lines(m: Module, route: Route) -> list[str]:
    args = ", ".join(["self", *route_args(route)])
    return [*view_decorators(m, route), f"def {route.view}({args}):",
            *indent(body(m, route))]


def class_route(m: Module, route: Route, owner: str) -> str:
    name = f"Pages{route.n}"
    lines = [f"class {name}:", f"    def __init__(self, {owner}):",
             f"        {register(m, owner, route)}(self.{route.view})", "",
             *indent(method_lines(m, route)), "", "", f"{name}({owner})"]
    return "\n".join(lines)


def loop_route(m: Module, route: Route, owner: str) -> str:
    """Views made for each label: by a function whose result is routed (call), a def
    routed in the loop (def), a function that defines and routes one (closure)."""
    made = register(m, owner, route).replace(rule_text(route),
                                             repr(route.rules[0] + "/") + " + label")
    if m.app.loop_form == "def":
        return "\n".join(['for label in ("a", "b"):', f"    @{made}",
                          f"    def {route.view}(label=label):",
                          *indent(body(m, route, loop=True), 8)])
    if m.app.loop_form == "closure":
        return "\n".join([f"def add_r{route.n}(label):", f"    @{made}",
                          f"    def {route.view}():",
                          *indent(body(m, route, loop=True), 8), "", "",
                          f'add_r{route.n}("a")', f'add_r{route.n}("b")'])
    lines = [f"def make_r{route.n}(label):", f"    def {route.view}():",
             *indent(body(m, route, loop=True), 8), f"    return {route.view}", "", "",
             'for label in ("a", "b"):',
             f"    {made}(make_r{route.n}(label))"]
    return "\n".join(lines)


def site_class(m: Module, routes: list[Route]) -> str:
    """The app assembled by a class: its __init__ (or a method it calls) makes the
    Bottle app as an attribute, the module binds `app` to an instance's."""
    attr = m.app.site_attr
    made = f"        self.{attr} = {m.b('Bottle')}()"
    lines = ["class Site:", "    def __init__(self):"]
    if m.app.site_setup == "method":
        lines += ["        self.make_app()", "        self.setup_routes()", "",
                  "    def make_app(self):", made]
    else:
        lines += [made, "        self.setup_routes()"]
    lines += ["", "    def setup_routes(self):"]
    lines += [f"        {register(m, f'self.{attr}', r)}(self.{r.view})" for r in routes]
    if "controller" in m.app.forms50:  # handed to a controller of controllers/ (FORM_50)
        m.need("from controllers.home50 import Home50")
        lines.append(f"        Home50(self.{attr})")
    if lines[-1].endswith("(self):"):
        lines.append("        pass")
    for r in routes:
        lines += ["", *indent(method_lines(m, r))]
    if m.app.site_bind == "instance":
        lines += ["", "", "site = Site()", f"app = site.{attr}"]
    else:
        lines += ["", "", f"app = Site().{attr}"]
    return "\n".join(lines)


def subclass(m: Module, routes: list[Route]) -> str:
    """The app is an instance of a Bottle subclass that routes its own methods in a
    method its __init__ calls, and registers its error pages and its hooks (those of
    its module) by hand on `self`."""
    app = m.app
    lines = [f"class Site({m.b('Bottle')}):"]
    if app.site_init == "args":
        lines += ["    def __init__(self, *args, **kwargs):",
                  "        super().__init__(*args, **kwargs)", "        self.setup_routes()", ""]
    elif app.site_init == "super":
        lines += ["    def __init__(self):", "        super().__init__()",
                  "        self.setup_routes()", ""]
    lines.append("    def setup_routes(self):")
    for r in routes:
        made = register(m, "self", r)
        lines.append(f"        {made}(self.{r.view})" if app.site_register == "call"
                     else f"        {made[:-1]}, callback=self.{r.view})")
    lines += [f"        self.error_handler[{code}] = self.error_{code}" for code in app.errors]
    hooks = [hook for hook, where in app.hooks if where == app.app_module]
    lines += [f'        self.add_hook("{hook}", self.{hook}_hook)' if app.hook_form == "add_hook"
              else f'        self.hook("{hook}")(self.{hook}_hook)' for hook in hooks]
    if lines[-1].endswith("(self):"):
        lines.append("        pass")
    for r in routes:
        lines += ["", *indent(method_lines(m, r))]
    for code in app.errors:
        lines += ["", f"    def error_{code}(self, error):",
                  f'        return "error page {code}: " + str(error.status_code)']
    for hook in hooks:
        lines += ["", f"    def {hook}_hook(self):", *indent(hook_lines(m, hook), 8)]
    if m.app.site_bind != "imported":
        lines += ["", "", made_site(app)]
    return "\n".join(lines)


def made_site(app: App) -> str:
    """The subclass's instance, made as its __init__ takes it."""
    if app.site_init == "args":
        return "app = Site(catchall=True)"
    if app.site_init == "bare":
        return "app = Site()\napp.setup_routes()"
    return "app = Site()"


def hook_lines(m: Module, hook: str) -> list[str]:
    """What a drawn hook does: marks the environ (before), sets a header (both)."""
    lines = []
    if hook == "before_request":
        lines.append(f'{m.b("request")}.environ["fuzz.seen"] = "1"')
    lines.append(f'{m.b("response")}.set_header("X-{hook.split("_")[0].title()}", "1")')
    return lines


def mount_sub(app: App, m: Module, folder: Path) -> None:
    """sub.py's app mounted on `app` in module m, in the drawn form."""
    sub = Module(app)
    routes = ['@sub.route("/x")\ndef sub_x():\n    return "sub x"',
              '@sub.route("/j/<n:int>")\ndef sub_j(n):\n    return {"n": n}']
    if app.mount_form == "factory":
        sub.blocks = ["\n".join([
            "def make_sub():", f"    sub = {sub.b('Bottle')}()", "",
            *indent("\n\n".join(routes).splitlines()), "", "    return sub"])]
        m.need("from sub import make_sub")
        m.blocks.append('app.mount("/sub/", make_sub())')
    else:
        sub.blocks = [f"sub = {sub.b('Bottle')}()", *routes]
        m.need("from sub import sub")
        if app.mount_form == "config":
            m.blocks.append('app.config["sub.prefix"] = "/sub/"\n'
                            'app.mount(app.config["sub.prefix"], sub)')
        elif app.mount_form == "parameter":
            m.blocks.append("def attach(parent, prefix, child):\n"
                            "    parent.mount(prefix, child)")
            m.blocks.append('attach(app, "/sub/", sub)')
        else:
            m.blocks.append('app.mount("/sub/", sub)')
    (folder / "sub.py").write_text(sub.text())


def decorator(m: Module, name: str, wraps: bool, header: bool) -> str:
    lines = [f"def {name}(fn):"]
    if wraps:
        m.need("import functools")
        lines.append("    @functools.wraps(fn)")
    lines.append("    def wrapper(*args, **kwargs):")
    if header:
        lines.append(f'        {m.b("response")}.set_header("X-{name.title()}", "1")')
    lines += ["        return fn(*args, **kwargs)", "", "    return wrapper"]
    return "\n".join(lines)


def write_app(app: App, folder: Path) -> Path:
    """Write the app's files into folder; return the entry (app.py)."""
    folder.mkdir(parents=True, exist_ok=True)
    names = ["app", "core", "pages1", "pages2", "deco"]
    modules = {name: Module(app) for name in names}
    for name, m in modules.items():
        m.name = name  # type: ignore[attr-defined]
    home = modules[app.app_module]
    default = app.creation == "default_app"
    for name in app.modules:
        if name != app.app_module:
            modules[name].need(f"from {app.app_module} import app")
    if app.layout == "split":
        for name in ("pages1", "pages2"):
            modules["app"].need(f"import {name}  # noqa: F401")
    for d in app.decorators:
        modules[d.module].blocks.append(decorator(modules[d.module], d.name, d.wraps, d.header))
    site_routes = [r for r in app.routes if app.creation in ("class", "subclass")
                   and r.container == "class" and r.module == app.app_module]
    in_class = app.creation == "subclass"  # its error pages and its module's hooks
    if app.creation == "class":
        home.blocks.append(site_class(home, site_routes))
    elif in_class and app.site_bind == "imported":
        # the subclass in a module of its own (its decorators come from deco.py or it)
        owner = Module(app)
        owner.name = "site_app"  # type: ignore[attr-defined]
        owner.blocks.append(subclass(owner, site_routes))
        (folder / "site_app.py").write_text(owner.text())
        home.need("from site_app import Site")
        home.blocks.append(made_site(app))
    elif in_class:
        home.blocks.append(subclass(home, site_routes))
    elif default:
        home.blocks.append(f"app = {home.b('default_app')}()")
    else:
        home.blocks.append(f"app = {home.b('Bottle')}()")
    if app.templates == "path":
        home.blocks.append(f'{home.b("TEMPLATE_PATH")}.insert(0, "./tpl/")')
    if app.plugin and not app.plugin_late:
        add_plugin(app, modules)
    for name in sorted({r.module for r in app.routes if r.plugins == "apply"}):
        modules[name].blocks.append(mark_block(modules[name]))
    for hook, where in app.hooks:
        if in_class and where == app.app_module:
            continue
        m = modules[where]
        head = m.b("hook") if default else "app.hook"
        if app.hook_form == "add_hook":  # added by a function given the app
            lines = [f"def {hook}_hook():", *indent(hook_lines(m, hook)), "", "",
                     f"def add_{hook}(a):", f'    a.add_hook("{hook}", {hook}_hook)', "", "",
                     f"add_{hook}(app)"]
        else:
            lines = [f'@{head}("{hook}")', f"def {hook}_hook():",
                     *indent(hook_lines(m, hook))]
        m.blocks.append("\n".join(lines))
    for code in app.errors if not in_class else ():
        m = modules[app.modules[-1]]
        head = m.b("error") if default else "app.error"
        if app.error_bare and code != 500:  # Bottle's and Flask's calls of it fail
            m.blocks.append(f'@{head}({code})\ndef error_{code}():\n'
                            f'    return "error page {code}"')
            continue
        m.blocks.append(f"@{head}({code})\ndef error_{code}(error):\n"
                        f"    return {error_body(code, app.error_reads)}")
    for route in app.routes:
        if route in site_routes:
            continue
        m = modules[route.module]
        if route.container == "function":
            m.blocks.append(function_route(m, route, "" if default else "app"))
        elif route.container == "class":
            m.blocks.append(class_route(m, route, "app"))
        else:
            m.blocks.append(loop_route(m, route, "app"))
    if app.plugin and app.plugin_late:
        add_plugin(app, modules)
    if app.mount:
        mount_sub(app, modules[app.mount], folder)
    if app.merge:
        modules[app.merge].need("from extra import extra")
        modules[app.merge].blocks.append("app.merge(extra)")
        extra = Module(app)
        extra.blocks = [f"extra = {extra.b('Bottle')}()",
                        '@extra.route("/merged")\ndef merged():\n    return "merged"']
        if app.merge_plugin:  # its own plugin, which Bottle's merged route keeps (Route.app)
            extra.blocks.append("\n".join([
                "def bracket(callback):", "    def wrapper(*args, **kwargs):",
                '        return "[" + callback(*args, **kwargs) + "]"', "",
                "    return wrapper", "", "",
                "for sub in (extra,):\n    sub.install(bracket)" if app.merge_plugin_loop
                else "extra.install(bracket)"]))
        (folder / "extra.py").write_text(extra.text())
    if app.routed_again:
        routed_again(app, home, folder)
    write_forms_48b(app, modules["app"], folder)
    write_forms_50(app, modules["app"], folder)
    write_forms_51(app, modules["app"], home, folder)
    write_forms_51a(app, modules["app"], folder)
    write_forms_51b(app, modules["app"], folder)
    write_forms_52(app, modules["app"], folder)
    write_forms_53(app, modules["app"], folder)
    write_forms_54d(app, modules["app"], folder)
    write_forms_54(app, modules["app"], folder)
    for name, m in modules.items():
        if m.blocks or name in app.modules or name == app.app_module:
            (folder / f"{name}.py").write_text(m.text())
    write_templates(app, folder)
    if app.bottle_home == "vendored":  # the installed bottle.py, copied into lib/
        import bottle

        (folder / "lib").mkdir(exist_ok=True)
        (folder / "lib" / "__init__.py").write_text("")
        shutil.copyfile(bottle.__file__, folder / "lib" / "bottle.py")
    return folder / "app.py"


# ctl.py: classes routing their methods on the app they are given (App.routed_again)
ROUTED_AGAIN = {
    "instances": ("""class Page:
    def __init__(self, app):
        self.app = app
        self.app.route("/ctl", method="GET", callback=self.home)
        self.app.route("/ctl/<n:int>", callback=self.show)

    def home(self):
        return "ctl " + type(self).__name__

    def show(self, n):
        return type(self).__name__ + " " + str(n)


class UserPage(Page):
    pass


class PointPage(Page):
    def __init__(self, app):
        super().__init__(app)
        self.app.route("/ctl/points", callback=self.points)

    def points(self):
        return "points"
""", ("UserPage", "PointPage")),
    "calls": ("""class Again:
    def __init__(self, app):
        self.app = app
        self.app.route("/again/<no>", method=["GET", "POST"], callback=self.first)
        self.app.route("/same/<a>", callback=self.same)
        self.app.route("/again/<id>", method="POST", callback=self.later)
        self.app.route("/same/<b>", callback=self.same)

    def first(self, no):
        return "first " + no

    def later(self, id):
        return "later " + id

    def same(self, b):
        return "same " + b
""", ("Again",)),
}


def routed_again(app: App, home: Module, folder: Path) -> None:
    """ctl.py's classes, made on the app where it is made (App.routed_again)."""
    text, made = ROUTED_AGAIN[app.routed_again]
    (folder / "ctl.py").write_text(text)
    home.need(f"from ctl import {', '.join(made)}")
    home.blocks.append("\n".join(f"{name}(app)" for name in made))


def write_templates(app: App, folder: Path) -> None:
    where = folder / TEMPLATE_FOLDERS[app.templates]
    for route in app.routes:
        if not route.template:
            continue
        where.mkdir(parents=True, exist_ok=True)
        (where / f"t{route.n}.tpl").write_text(TEMPLATES[route.template])
        if route.template in SHARED:
            name, text = SHARED[route.template]
            (where / f"{name}.tpl").write_text(text)


def files(folder: Path) -> dict[str, str]:
    """The app's files as text, for a failure's message and a regression case."""
    return {str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


# grammar.FORMS_48B: each form's routes, written into the entry (app.py, where `app` is
# bound: made there, or imported from core.py), its other modules and its templates.
# Jinja2 templates (.html) sit where the app's SimpleTemplate ones do.
FORM_48B = {
    "made_id": ["import uuid", "MADE48 = {{}}", "",
                '@app.route("/f48/make")', "def make48():", "    key = uuid.uuid4().hex",
                '    MADE48[key] = "made"', '    {redirect}("/f48/made/" + key)', "",
                '@app.route("/f48/made/<key>")', "def made48(key):",
                "    if key not in MADE48:", '        {abort}(404, "no such page")',
                '    return "page " + key + " " + MADE48[key]'],
    "by_hand": ['@app.route("/f48/hand")', "def hand48():",
                '    return {BaseResponse}("made by hand")', "",
                '@app.route("/f48/hand/status")', "def hand48_status():",
                '    made = {BaseResponse}("made", status=201, headers={{"X-Made": "1"}})',
                "    return made"],
    "class_callback": ["from views48 import Greeting48", "",
                       'app.route("/f48/hi/<name>", callback=Greeting48("hi").get)'],
    "entry_method": ["class Entry48:", "    def __init__(self, app):", "        self.app = app",
                     "", "    def setup_routes(self):",
                     '        self.app.route("/f48/entry", callback=self.entry)',
                     "        return self", "", "    def entry(self):",
                     '        return "entry " + type(self).__name__', "",
                     "    def run(self):", '        self.app.run(host="localhost", port=8080)',
                     "", "", "def build48():", "    return Entry48(app).setup_routes()", "",
                     "", "ENTRY48 = build48()", "", 'if __name__ == "__main__":',
                     "    ENTRY48.run()"],
    "two_engines": ["import jinja48", "",
                    'app.route("/f48/jinja", callback=jinja48.page48)', "",
                    '@app.route("/f48/stpl")', "def stpl48():",
                    '    return {template}("f48t", v="<s&>")'],
    "template_settings": ["import jinja48s", "",
                          'app.route("/f48/shout", callback=jinja48s.shout48)'],
    "markup": ["from markupsafe import Markup", "", '@app.route("/f48/markup")',
               "def markup48():", '    return {template}("f48m", v=Markup("<b>bold</b>"))'],
    "markup_str": ['@app.route("/f48/markup")', "def markup48():",
                   '    return {template}("f48m", v="<b>bold</b>")'],
    "after_early": ['@app.hook("after_request")', "def after48():",
                    '    if not {request}.path.startswith("/f48/after"):', "        return",
                    '    {response}.set_header("X-After48", "late")', "",
                    '@app.route("/f48/after")', "def after48_page():", '    return "after"'],
    "folder_name": ['@app.route("/f48/folder")', "def folder48():",
                    '    return {template}("views/f48v", v="<f&>")'],
}
FORM_48B_MODULES = {
    "class_callback": ("views48", ["class Greeting48:", "    def __init__(self, word):",
                                   "        self.word = word", "",
                                   "    def get(self, name):",
                                   '        return self.word + " " + name']),
    "two_engines": ("jinja48", ["from bottle import jinja2_view", "", "",
                                '@jinja2_view("f48j.html")', "def page48():",
                                '    return {"v": "<j&>", "items": [1, 2]}']),
    "template_settings": ("jinja48s", [
        "from bottle import jinja2_template", "", "", "def shout(text):",
        '    return text.upper() + "!"', "", "", "def shout48():",
        '    return jinja2_template("f48s.html", v="quiet",',
        '                           template_settings={"filters": {"shout": shout}})']),
}
FORM_48B_TEMPLATES = {  # (folder: the app's, or views/ itself; name, text)
    "two_engines": [("", "f48j.html", "<ul>{% for i in items %}<li>{{ v }} {{ i }}</li>"
                                      "{% endfor %}</ul>\n"),
                    ("", "f48t.tpl", "<p>{{v}}</p>\n")],
    "template_settings": [("", "f48s.html", "<p>{{ v|shout }}</p>\n")],
    "markup": [("", "f48m.tpl", "<p>{{v}}</p>\n")],
    "markup_str": [("", "f48m.tpl", "<p>{{v}}</p>\n")],
    "folder_name": [("views", "f48v.tpl", "<p>{{v}}</p>\n")],
}


def write_forms_48b(app: App, entry: Module, folder: Path) -> None:
    """grammar.FORMS_48B's drawn forms: their routes in the entry, their modules, their
    templates."""
    names = {name: entry.b(name) for name in ("redirect", "abort", "BaseResponse",
                                               "template", "request", "response")
             if any("{" + name + "}" in line for form in app.forms48b
                    for line in FORM_48B[form])}
    for form in app.forms48b:
        lines = FORM_48B[form]
        imports = [line for line in lines if line.startswith(("import ", "from "))]
        for line in imports:
            entry.need(line)
        code = "\n".join(line for line in lines if line not in imports).strip("\n")
        entry.blocks.append(code.format(**names) if "{" in code else code)
        if form in FORM_48B_MODULES:
            name, text = FORM_48B_MODULES[form]
            # in an app that ships its Bottle, the module imports that copy too: from the
            # installed one, its jinja2_view looked on that Bottle's TEMPLATE_PATH, not on
            # the copy's the app added tpl/ to (a 500 in the original: two Bottles)
            if app.bottle_home == "vendored":
                text = [line.replace("from bottle ", "from lib.bottle ") for line in text]
            (folder / f"{name}.py").write_text("\n".join(text) + "\n")
        for where, name, text in FORM_48B_TEMPLATES.get(form, ()):
            place = folder / (where or TEMPLATE_FOLDERS[app.templates])
            place.mkdir(parents=True, exist_ok=True)
            (place / name).write_text(text)


# grammar.FORMS_50: each form's lines in the entry (app.py, where `app` is bound), as
# FORM_48B's; its modules (a path under the app's folder -> lines), its other files.
FORM_50 = {
    # (where the drawn app is made by a class, its setup_routes() hands it instead)
    "controller": ["from controllers.home50 import Home50", "",
                   "class Site50:", "    def __init__(self, bottle):",
                   "        self.bottle = bottle", "        self.setup_controllers()", "",
                   "    def setup_controllers(self):", "        Home50(self.bottle)", "", "",
                   "Site50(app)"],
    "merge_held": ["from ctl50 import load_controller", "",
                   "controller = load_controller()", "app.merge(controller.app)"],
    "static_sub": ["from controllers.files50 import Files50", "", "Files50(app)"],
    "rebase_folder": ['@app.route("/f50/rebase")', "def rebase50():",
                      '    return {template}("f50r", v="<r&>")'],
    "template_path_init": ["class Views50:", "    def __init__(self):",
                           '        {TEMPLATE_PATH}.insert(0, "./pages50/")', "",
                           "    def page(self):", '        return {template}("f50i", v="<i&>")',
                           "", "", 'app.route("/f50/inserted", callback=Views50().page)'],
    "static_response": ['@app.route("/f50/file")', "def file50():",
                        '    response = {static_file}("f50.txt", root="./static")',
                        "    return response", "", "",
                        '@app.route("/f50/file/head")', "def file50_head():",
                        '    {response}.set_header("X-F50", "1")',
                        '    return {static_file}("f50.txt", root="./static")'],
    "debug_500": ["{debug}(True)", "", "",
                  "@app.error(500)", "def error50(error):",
                  '    return "error page 500: " + str(error.status_code)', "", "",
                  '@app.route("/f50/fail")', "def fail50():", '    raise ValueError("f50")',
                  "", "", '@app.route("/f50/fine")', "def fine50():", '    return "fine"'],
    "request_alias": ["req50 = {request}", "", "",
                      '@app.route("/f50/alias", method=["GET", "POST"])', "def alias50():",
                      "    req = {request}",
                      '    return " ".join([req.method, req.query.get("x", "none"), '
                      "repr(req.json)])", "", "",
                      '@app.route("/f50/alias/module")', "def alias50_module():",
                      '    return "module " + req50.query.get("x", "none")'],
    "route_template": ['@app.route("/f50/tpl", template="f50c")', "def tpl50():",
                       '    return {{"v": "<c&>", "items": [1, 2]}}', "", "",
                       '@app.route("/f50/tpl/none", template="f50c")', "def tpl50_none():",
                       '    return {{"v": None, "items": []}}'],
}
FORM_50_MODULES = {
    "controller": [("controllers/__init__.py", []), ("controllers/home50.py", [
        "class Home50:", "    def __init__(self, bottle):", "        self.bottle = bottle",
        '        self.bottle.route("/f50/home", method="GET", callback=self.index)',
        '        self.bottle.route("/f50/item/<n:int>", callback=self.show)', "",
        "    def index(self):", '        return "home50"', "",
        "    def show(self, n):", '        return "item " + str(n * 2)'])],
    "merge_held": [("ctl50.py", [
        "from bottle import Bottle", "", "",
        "class Api50:", "    def __init__(self):", "        self.app = Bottle()",
        '        self.app.route("/f50/api", callback=self.index)',
        '        self.app.route("/f50/api/<n:int>", callback=self.show)', "",
        "    def index(self):", '        return "api50"', "",
        "    def show(self, n):", '        return {"n": n}', "", "",
        "def load_controller():", "    return Api50()"])],
    "static_sub": [("controllers/__init__.py", []), ("controllers/files50.py", [
        "from bottle import static_file, template", "", "",
        "class Files50:", "    def __init__(self, bottle):", "        self.bottle = bottle",
        '        self.bottle.route("/f50/static/<filepath:path>", callback=self.serve_static)',
        '        self.bottle.route("/f50/page", callback=self.page)', "",
        "    def serve_static(self, filepath):",
        '        return static_file(filepath, root="./static")', "",
        "    def page(self):", '        return template("views/f50p", v="<p&>")'])],
}
FORM_50_FILES = {  # a path under the app's folder -> its text
    "static_sub": {"static/f50.txt": "static f50\n", "static/css/f50.css": "b { x: 1 }\n",
                   "views/f50p.tpl": "<p>{{v}}</p>\n"},
    "rebase_folder": {"views/f50r.tpl": "% rebase('views/f50base.tpl', title=v)\n<p>{{v}}</p>\n",
                      "views/f50base.tpl": "<html><title>{{title}}</title>\n{{!base}}\n</html>\n"},
    "template_path_init": {"pages50/f50i.tpl": "<i>{{v}}</i>\n"},
    "static_response": {"static/f50.txt": "static f50\n"},
    "route_template": {"views/f50c.tpl": "<p>{{v}}</p>\n% for i in items:\n<i>{{i}}</i>\n% end\n"},
}


def add_lines(module: Module, lines: list[str], values: dict[str, str]) -> None:
    """A form's lines in a module: its imports asked of the module, the rest one block
    with the Bottle names it uses spelt as the module spells them."""
    imports = [line for line in lines if line.startswith(("import ", "from "))]
    for line in imports:
        module.need(line)
    code = "\n".join(line for line in lines if line not in imports).strip("\n")
    if code:
        module.blocks.append(code.format(**values))


def write_modules(app: App, folder: Path,
                  modules: Iterable[tuple[str, list[str]]]) -> None:
    """A form's modules (a path under the app's folder -> lines), each importing the
    app's own copy of Bottle where it ships one, as everywhere in it."""
    for path, text in modules:
        if app.bottle_home == "vendored":
            text = [line.replace("from bottle ", "from lib.bottle ") for line in text]
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text("\n".join(text) + "\n" if text else "")


def write_forms_50(app: App, entry: Module, folder: Path) -> None:
    """grammar.FORMS_50's drawn forms: their lines in the entry, their modules and
    files. An app a class makes hands itself to the controller in its own setup_routes()
    (site_class), not through Site50."""
    names = {name: entry.b(name) for name in ("template", "TEMPLATE_PATH", "static_file",
                                               "response", "debug", "request")
             if any("{" + name + "}" in line for form in app.forms50
                    for line in FORM_50[form])}
    for form in app.forms50:
        if form == "controller" and app.creation == "class":
            lines: list[str] = []
        else:
            lines = FORM_50[form]
        add_lines(entry, lines, names)
        write_modules(app, folder, FORM_50_MODULES.get(form, ()))
        for path, text in FORM_50_FILES.get(form, {}).items():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_text(text)


# grammar.FORMS_51: each form's lines in the entry (app.py, where `app` is bound), as
# FORM_50's; its modules and files. K's TEMPLATE_PATH change goes in the module that
# makes the app (FORM_51_HOME), as bmvc's route.py has it.
FORM_51 = {
    "star_import": ["from star51 import star51 as star51_app", "", "app.merge(star51_app)"],
    "reexport": ["from lend51 import lend51", "", "app.merge(lend51)"],
    # (Bottle 0.13 refuses the helper's assignment: its page is the original's own 500,
    # which the port, keeping 0.12's way on flask.g, answers; an attribute of the app's
    # own is kept by both)
    "request_assigned": [
        "def dump51(data):", '    {request}.content_type = "application/json"',
        '    return "dumped " + data', "", "", '@app.route("/f51/assign")',
        "def assign51():", '    {request}.user51 = "ann"',
        '    return "user " + {request}.user51', "", "",
        '@app.route("/f51/assign/helper")', "def assign51_helper():",
        '    return dump51("helper")'],
    "template_request": ['@app.route("/f51/req", method=["GET", "POST"])', "def req51():",
                         '    return {template}("f51h", v="<h&>")'],
    "template_path_join": ['@app.route("/f51/joined")', "def joined51():",
                           '    return {template}("f51k", v="<k&>")'],
    "plugin_response": ["from log51 import SEEN51, log51", "", "app.install(log51)", "", "",
                        '@app.route("/f51/log")', "def log51_page():", '    return "logged"',
                        "", "", '@app.route("/f51/log/bytes")', "def log51_bytes():",
                        '    return b"xy"', "", "", '@app.route("/f51/log/dict")',
                        "def log51_dict():", '    return {{"a": 1}}', "", "",
                        '@app.route("/f51/log/seen")', "def log51_seen():",
                        '    return " | ".join(SEEN51)'],
    "install_kept": ["class Count51:", '    name = "count51"', "    api = 2", "",
                     "    def __init__(self):", "        self.count = 0", "",
                     "    def apply(self, callback, route):",
                     '        if not route.rule.startswith("/f51/count"):',
                     "            return callback", "", "        def wrapper(*args, **kwargs):",
                     "            self.count += 1", "            return callback(*args, **kwargs)",
                     "", "        return wrapper", "", "", "count51 = app.install(Count51())",
                     "", "", '@app.route("/f51/count")', "def count51_page():",
                     '    return "count " + str(count51.count)'],
    "static_computed": ["def pages51():", "    return {folder51!r}", "", "",
                        '@app.route("/f51/vue")', "def vue51():",
                        '    return {static_file}("f51vue.html", root=pages51() + "/")', "", "",
                        '@app.route("/f51/vue/none")', "def vue51_none():",
                        '    return {static_file}("none.html", root=pages51() + "/")'],
    "two_templates": ['@app.route("/f51/two")', "def two51():",
                      '    return {template}("f51e", v="<e&>")'],
    "hook_static": ['@app.hook("before_request")', "def cors51():",
                    '    {response}.headers["Access-Control-Allow-Origin"] = "*"', "", "",
                    '@app.route("/f51/static/<filepath:path>")', "def static51(filepath):",
                    '    return {static_file}(filepath, root="./static51")', "", "",
                    '@app.route("/f51/cors")', "def cors51_page():", '    return "cors"'],
    "cookie_plugin": ["from plugins51.counter51 import Counter51", "",
                      "app.install(Counter51())", "", "", '@app.route("/f51/visit")',
                      "def visit51(db):", '    uid = {request}.get_cookie("uid51")',
                      "    if uid is None:", "        uid = str(db.new_id())",
                      '        {response}.set_cookie("uid51", uid)', '    return "user " + uid',
                      "", "", '@app.route("/f51/reset")', "def reset51():",
                      "    for cookie in {request}.cookies:",
                      "        {response}.delete_cookie(cookie)", '    {redirect}("/f51/visit")'],
}
FORM_51_HOME = {  # lines in the module that makes the app
    "template_path_join": ["import os", "",
                           '{TEMPLATE_PATH}.insert(0, os.path.join(os.path.dirname(__file__), '
                           '"site51", "views"))'],
}
FORM_51_MODULES = {
    "star_import": [("star51.py", [
        "import os", "", 'HERE51 = os.path.dirname(os.path.abspath(__file__))',
        "from bottle import *  # noqa: E402,F403", "", "star51 = Bottle()", "", "",
        '@star51.route("/f51/star")', "def star51_page():",
        '    return "star " + ", ".join(makelist(request.query.get("n", "x")))'])],
    "reexport": [("lend51.py", ["from bottle import Bottle, request, template", "",
                                "lend51 = Bottle()", "",
                                "import views51  # noqa: E402,F401"]),
                 ("views51.py", ["from lend51 import lend51, request, template", "", "",
                                 '@lend51.route("/f51/lent/<name>")', "def lent51(name):",
                                 '    return template("f51b", name=name, '
                                 'q=request.query.get("q", "-"))'])],
    "plugin_response": [("log51.py", [
        "from bottle import request, response", "", "SEEN51 = []", "", "",
        "def log51(callback):", "    def wrapper(*args, **kwargs):",
        "        result = callback(*args, **kwargs)",
        '        if request.path.startswith("/f51/log"):',
        "            size = len(result) if isinstance(result, str) "
        "else response.content_length",
        '            SEEN51.append("%s %s %s" % (response.status_code, size, '
        "response.content_length))", "        return result", "", "    return wrapper"])],
    "cookie_plugin": [("plugins51/__init__.py", []), ("plugins51/counter51.py", [
        "import inspect", "", "", "class Counter51:", '    name = "counter51"', "    api = 2",
        "", '    def __init__(self, keyword="db"):', "        self.keyword = keyword",
        "        self.last = 0", "", "    def setup(self, app):", "        self.last = 100", "",
        "    def apply(self, callback, route):",
        "        if self.keyword not in inspect.signature(route.callback).parameters:",
        "            return callback", "", "        def wrapper(*args, **kwargs):",
        "            kwargs[self.keyword] = self", "            return callback(*args, **kwargs)",
        "", "        return wrapper", "", "    def new_id(self):", "        self.last += 1",
        "        return self.last"])],
}
FORM_51_TEMPLATES = {  # (folder: the app's template folder, or one of its own; name, text)
    "reexport": [(None, "f51b.tpl", "<p>{{name}} {{q}}</p>\n")],
    "template_request": [(None, "f51h.tpl", (
        "% from bottle import request\n"
        '<p>{{v}} {{request.query.get("q", "-")}} {{request.forms.get("name", "none")}} '
        "{{request.forms.age}}</p>\n"
        "% for k in sorted(request.query.keys()):\n<i>{{k}}={{request.query.get(k)}}</i>\n"
        "% end\n"
        '<b>{{", ".join(x.upper() for x in request.query.getall("q"))}} '
        '{{"posted" if request.forms.get("name") else "got"}} '
        "{{request.method.lower()}}</b>\n"))],
    "template_path_join": [("site51/views", "f51k.tpl", "<p>joined {{v}}</p>\n"),
                           ("views", "f51k.tpl", "<p>the wrong folder</p>\n")],
    "static_computed": [(None, "f51vue.html",
                         "<div>{{!game.id ? 'none' : game.name}}</div>\n")],
    "two_templates": [("", "f51e.tpl", "<p>beside {{v}}</p>\n"),
                      ("views", "f51e.tpl", "<p>below {{data['v']}}</p>\n")],
    "hook_static": [("static51", "f51.css", "p { x: 1 }\n")],
}


def write_forms_51(app: App, entry: Module, home: Module, folder: Path) -> None:
    """grammar.FORMS_51's drawn forms: their lines in the entry (and K's in the module
    making the app), their modules and files."""
    template_folder = TEMPLATE_FOLDERS[app.templates]
    names = {name: entry.b(name) for name in ("template", "static_file", "response",
                                               "request", "redirect")
             if any("{" + name + "}" in line for form in app.forms51
                    for line in FORM_51.get(form, ()))}
    names["folder51"] = "./" + template_folder if template_folder else "."
    for form in app.forms51:
        for m, lines, values in ((entry, FORM_51[form], names),
                                 (home, FORM_51_HOME.get(form, []),
                                  {"TEMPLATE_PATH": home.b("TEMPLATE_PATH")})):
            add_lines(m, lines, values)
        write_modules(app, folder, FORM_51_MODULES.get(form, ()))
        for where, name, text in FORM_51_TEMPLATES.get(form, ()):
            place = folder / (template_folder if where is None else where)
            place.mkdir(parents=True, exist_ok=True)
            if app.bottle_home == "vendored":  # a template importing the app's own Bottle
                text = text.replace("% from bottle import", "% from lib.bottle import")
            (place / name).write_text(text)


# RULE-s51's classes as real apps wrote them (grammar.FORMS_51A): each form's lines in the
# app's entry, with the Bottle names it uses spelt as the app spells them
FORM_51A = {
    "response_args": ['@app.route("/f51a/args/<name>")', "def args51(name):",
                      '    args = {{"status": 200, "body": "args " + name}}',
                      '    if name == "gone":', '        args = {{"body": "gone", "status": 410}}',
                      "    return {HTTPResponse}(**args)", "", "",
                      '@app.route("/f51a/named")', "def named51():",
                      '    raise {HTTPResponse}("named", status=202, X_Made="f51")'],
    "template_partial": ["import os", "from functools import partial", "",
                         "{TEMPLATE_PATH}.append(os.path.join(os.path.dirname("
                         'os.path.abspath(__file__)), "pages51"))',
                         "page51 = partial({jinja2_template}, "
                         'template_settings={{"globals": {{"site": "f51"}}}})', "", "",
                         '@app.route("/f51a/partial")', "def partial51():",
                         '    return page51("f51p.html", v="<p&>")'],
    "jinja2_defaults": ['{Jinja2Template}.defaults["site51"] = "f51"', "", "",
                        '@app.hook("before_request")', "def agent51():",
                        '    {Jinja2Template}.defaults["agent51"] = '
                        '{request}.headers.get("X-Agent", "none")', "", "",
                        '@app.route("/f51a/defaults")', '@{jinja2_view}("f51d.html")',
                        "def defaults51():", '    return {{"v": "<d&>"}}'],
}
FORM_51A_FILES = {  # a path under the app's folder -> its text
    "template_partial": {"pages51/f51p.html": "<p>{{ site }}: {{ v }}</p>\n"},
    "jinja2_defaults": {"views/f51d.html": "<p>{{ site51 }} {{ agent51 }}: {{ v }}</p>\n"},
}


# RULE-s51b's class as a real app wrote it (grammar.FORMS_51B): its lines in the app's
# entry, its template's bytes (old Macs' "\r" line ends beside "\r\r\n" and "\r\n")
FORM_51B = {
    "lone_cr": ['@app.route("/f51b/lone")', "def lone51b():",
                '    return {template}("f51b_lone", xs=[1, 2], v="<c&>")'],
}
FORM_51B_FILES = {
    "lone_cr": {"views/f51b_lone.tpl": "<h1>{{v}}</h1>\r<ul>\r\r\n% for x in xs:\r\n"
                                       "  <li>{{x}}</li>\r\n% end\n</ul>\r<p>end</p>\n"},
}


def write_forms_51b(app: App, entry: Module, folder: Path) -> None:
    """grammar.FORMS_51B's drawn form: its lines in the entry, its template written as
    bytes (write_text would turn its line ends into the platform's)."""
    for form in app.forms51b:
        entry.blocks.append("\n".join(FORM_51B[form]).format(template=entry.b("template")))
        for path, text in FORM_51B_FILES[form].items():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_bytes(text.encode())


def write_forms_51a(app: App, entry: Module, folder: Path) -> None:
    """grammar.FORMS_51A's drawn forms: their lines in the entry, their files."""
    names = {name: entry.b(name) for name in ("HTTPResponse", "TEMPLATE_PATH",
                                               "jinja2_template", "Jinja2Template",
                                               "jinja2_view", "request")
             if any("{" + name + "}" in line for form in app.forms51a
                    for line in FORM_51A[form])}
    for form in app.forms51a:
        lines = FORM_51A[form]
        imports = [line for line in lines if line.startswith(("import ", "from "))]
        for line in imports:
            entry.need(line)
        code = "\n".join(line for line in lines if line not in imports).strip("\n")
        entry.blocks.append(code.format(**names))
        for path, text in FORM_51A_FILES.get(form, {}).items():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_text(text)


# grammar.FORMS_52: forms real apps use over several modules and packages, class-based
# apps, plugin classes of their own modules and template-heavy pages. Each form's lines in
# the entry (app.py, where `app` is bound), with the Bottle names it uses spelt as the app
# spells them; its modules (a path under the app's folder -> lines); its templates, in the
# app's template folder.
FORM_52 = {
    "package_app": ["import pkg52", "", "app.merge(pkg52.app)"],
    "package_modules": ["from apps52 import api52, blog52", "",
                        'app.mount("/f52/blog/", blog52.app)', "app.merge(api52.app)"],
    "controllers_package": ["import ctl52", "", "ctl52.register(app)"],
    "class_app": ["from shop52 import Shop52", "", 'app.mount("/f52/shop/", Shop52().app)'],
    "plugin_module": ["from plugins52.notes52 import Notes52", "", "app.install(Notes52())",
                      "", "", '@app.route("/f52/notes")', "def notes52(notes):",
                      '    rows = notes.execute("select id, text from notes order by id")'
                      ".fetchall()",
                      '    return {{"notes": [list(row) for row in rows]}}', "", "",
                      '@app.route("/f52/notes/<id:int>")', "def note52(id, notes):",
                      '    row = notes.execute("select text from notes where id = ?", (id,))'
                      ".fetchone()",
                      "    if row is None:", '        {abort}(404, "no note")',
                      '    return "note " + row[0]', "", "",
                      '@app.route("/f52/notes/plain")', "def notes52_plain():",
                      '    return "plain"'],
    "add_route": ["def added52():",
                  '    return "added " + {request}.query.get("n", "0") + " " + {request}.method',
                  "", "", "def both52(name):", '    return "both " + name', "", "",
                  'app.add_route({Route}(app, "/f52/added", "GET", added52))',
                  'for method52 in ("GET", "POST"):',
                  '    app.add_route({Route}(app, "/f52/added/both/<name>", method52, both52,',
                  '                          name="both52" + method52))'],
    "template_heavy": ['@app.route("/f52/tpl")', "def tpl52():",
                       '    return {template}("f52_page", v="<v&>")', "", "",
                       '@app.route("/f52/tpl/full")', "def tpl52_full():",
                       '    return {template}("f52_page", v=7, title="Full", extra="<x>")',
                       "", "", '@app.route("/f52/view")', '@{view}("f52_page")',
                       "def view52():", '    return {{"v": None, "extra": ""}}'],
}
FORM_52_MODULES = {
    "package_app": [
        ("pkg52/__init__.py", ["from bottle import Bottle", "", "app = Bottle()", "",
                               "from pkg52 import views52  # noqa: E402,F401"]),
        ("pkg52/views52.py", ["from bottle import request", "", "from pkg52 import app", "",
                              "", '@app.route("/f52/pkg")', "def pkg_index():",
                              '    return "pkg " + request.query.get("q", "-")', "", "",
                              '@app.get("/f52/pkg/name/<name>")', "def pkg_name(name):",
                              '    return {"name": name, "q": request.query.q}'])],
    "package_modules": [
        ("apps52/__init__.py", ['"""The site\'s sub-apps."""']),
        ("apps52/blog52.py", ["from bottle import Bottle", "", "app = Bottle()", "", "",
                              '@app.route("/")', "def index():", '    return "blog index"',
                              "", "", '@app.route("/post/<n:int>")', "def post(n):",
                              '    return "post %d" % n']),
        ("apps52/api52.py", ["from bottle import Bottle", "", "app = Bottle()", "", "",
                             '@app.get("/f52/api/status")', "def status():",
                             '    return {"ok": True, "app": "api52"}'])],
    "controllers_package": [
        ("ctl52/__init__.py", ["from .items52 import Items52", "from .users52 import Users52",
                               "", "CONTROLLERS = (Items52, Users52)", "", "",
                               "def register(app):", "    for controller in CONTROLLERS:",
                               "        controller(app).route()"]),
        ("ctl52/base52.py", ["class Controller52:", "    routes = ()", "",
                             "    def __init__(self, app):", "        self.app = app", "",
                             "    def route(self):",
                             "        for rule, method, name in self.routes:",
                             "            self.app.route(rule, method=method, "
                             "callback=getattr(self, name))"]),
        ("ctl52/items52.py", ["from bottle import abort, request", "",
                              "from .base52 import Controller52", "", "",
                              "class Items52(Controller52):",
                              '    routes = (("/f52/items", "GET", "index"), '
                              '("/f52/items/<n:int>", "GET", "show"),',
                              '              ("/f52/items", "POST", "add"))',
                              '    items = ["pen", "ink"]', "", "    def index(self):",
                              '        return {"items": self.items}', "",
                              "    def show(self, n):",
                              "        if not 0 <= n < len(self.items):",
                              '            abort(404, "no item")', "        return self.items[n]",
                              "", "    def add(self):",
                              '        type(self).items = self.items + '
                              '[request.forms.get("name", "x")]',
                              '        return "added %d" % len(self.items)']),
        ("ctl52/users52.py", ["from .base52 import Controller52", "", "",
                              "class Users52(Controller52):",
                              '    routes = (("/f52/users/<name>", "GET", "greet"), '
                              '("/f52/users", "GET", "count"))', "", "    @staticmethod",
                              "    def greet(name):", '        return "hi " + name', "",
                              "    @classmethod", "    def count(cls):",
                              '        return cls.__name__ + " " + str(len(cls.routes))'])],
    "class_app": [("shop52.py", [
        "from bottle import Bottle, abort, request", "", "", "class Shop52:",
        "    def __init__(self):", "        self.app = Bottle()", '        self.items = ["mug"]',
        "        self.seen = 0", '        self.app.hook("before_request")(self.count)',
        "        self.app.error(404)(self.missing)",
        '        self.app.route("/", ["GET", "POST"], self.index)',
        '        self.app.route("/item/<n:int>", callback=self.item)',
        '        self.app.route("/seen", callback=self.seen_page)', "", "    def count(self):",
        "        self.seen += 1", "", "    def missing(self, error):",
        '        return "the shop has nothing here"', "", "    def index(self):",
        '        if request.method == "POST":',
        '            self.items.append(request.forms.get("name", "none"))',
        '        return "items: " + ", ".join(self.items)', "", "    def item(self, n):",
        "        if n >= len(self.items):", "            abort(404)",
        "        return self.items[n]", "", "    def seen_page(self):",
        '        return "seen " + str(self.seen)'])],
    "plugin_module": [
        ("plugins52/__init__.py", []),
        ("plugins52/notes52.py", [
            "import inspect", "import sqlite3", "", "", "class Notes52:",
            '    name = "notes52"', "    api = 2", "", '    def __init__(self, keyword="notes"):',
            "        self.keyword = keyword", "        self.db = None", "",
            "    def setup(self, app):",
            '        self.db = sqlite3.connect(":memory:", check_same_thread=False)',
            '        self.db.execute("create table notes (id integer primary key, text text)")',
            '        self.db.executemany("insert into notes (text) values (?)", '
            '[("one",), ("two",)])', "",
            "    def apply(self, callback, route):",
            "        if self.keyword not in inspect.signature(route.callback).parameters:",
            "            return callback", "", "        def wrapper(*args, **kwargs):",
            "            kwargs[self.keyword] = self.db",
            "            return callback(*args, **kwargs)", "", "        return wrapper"])],
}
FORM_52_TEMPLATES = {  # the app's template folder: name -> text
    "template_heavy": {
        "f52_page.tpl": "% setdefault('title', 'untitled')\n% rebase('f52_mid', title=title)\n"
                        "<p>{{get('v', 'none')}} {{get('missing', 'dflt')}}</p>\n"
                        "% if defined('extra'):\n<i>{{extra}}</i>\n% end\n<ul>\n"
                        "% for n in range(2):\n  % include('f52_part', n=n, label=v)\n"
                        "% end\n</ul>\n",
        "f52_mid.tpl": "% rebase('f52_outer', title=title.upper(), crumbs=['home', title])\n"
                       "<section>\n{{!base}}\n</section>\n",
        "f52_outer.tpl": "<html><title>{{title}}</title>\n<nav>{{' / '.join(crumbs)}}</nav>\n"
                         "<body>{{!base}}</body></html>\n",
        "f52_part.tpl": "<li>{{n}}: {{label}}</li>\n"},
}


def write_forms_52(app: App, entry: Module, folder: Path) -> None:
    """grammar.FORMS_52's drawn forms: their lines in the entry, their modules (importing
    the app's own Bottle where it ships one) and templates."""
    names = {name: entry.b(name) for name in ("abort", "request", "Route", "template", "view")
             if any("{" + name + "}" in line for form in app.forms52
                    for line in FORM_52[form])}
    templates = folder / TEMPLATE_FOLDERS[app.templates]
    for form in app.forms52:
        lines = FORM_52[form]
        add_lines(entry, lines, names)
        write_modules(app, folder, FORM_52_MODULES.get(form, ()))
        for name, text in FORM_52_TEMPLATES.get(form, {}).items():
            templates.mkdir(parents=True, exist_ok=True)
            (templates / name).write_text(text)


# grammar.FORMS_53: RULE-s52's and RULE-s51c's classes as real apps wrote them. Each
# form's lines in the entry (app.py, where `app` is bound), with the Bottle names it uses
# spelt as the app spells them; its modules (a path under the app's folder -> lines); its
# templates, in the app's template folder; its files (a path under the app's folder).
FORM_53 = {
    "handed_route": ["import urls53", "", "urls53.routes53(app)"],
    "body_view": ["import json", "", '@app.route("/f53/body/<name>")', "def body53(name):",
                  '    if name == "gone":',
                  '        {response}.body, {response}.status = "gone " + name, 410',
                  "        return {response}", '    if name == "json":',
                  '        {response}.body = json.dumps({{"name": name}})',
                  '        {response}.content_type = "application/json"',
                  "        return {response}", '    {response}.body = "body " + name',
                  "    return {response}"],
    "body_wrapper": [
        "import functools", "import json", "", "def token53(view):",
        "    @functools.wraps(view)", "    def wrapper(*args, **kwargs):",
        '        if {request}.query.get("token") != "t53":',
        '            {response}.body, {response}.status = "no token", 401',
        "            return {response}", "        return view(*args, **kwargs)", "",
        "    return wrapper", "", "", "def json53(view):", "    def wrapper(*args, **kwargs):",
        '        if not {request}.query.get("token"):',
        '            {response}.body = json.dumps({{"error": "token"}})',
        "            {response}.status = 403",
        '            {response}.content_type = "application/json"',
        "            return {response}", "        return view(*args, **kwargs)", "",
        "    return wrapper", "", "", '@app.route("/f53/guarded")', "@token53",
        "def guarded53():", '    return "guarded"', "", "",
        '@app.route("/f53/guarded/json")', "@json53", "def guarded53_json():",
        '    return {{"ok": True}}'],
    "middleware": [
        "class Stamp53:", "    def __init__(self, wrapped):", "        self.wrapped = wrapped",
        "", "    def __call__(self, environ, start_response):",
        '        environ["f53.stamp"] = "stamped"', "",
        "        def started(status, headers, exc_info=None):",
        '            return start_response(status, headers + [("X-Stamp53", "1")], '
        "exc_info)", "", "        return self.wrapped(environ, started)", "", "",
        "wsgi53 = Stamp53(app)", "", "", '@app.route("/f53/mw")', "def mw53():",
        '    return "mw"', "", "", '@app.route("/f53/mw/env")', "def mw53_env():",
        '    return "env " + str({request}.environ.get("f53.stamp"))', "", "",
        'if __name__ == "__main__":', '    {run}(app=wsgi53, host="localhost", port=8053)'],
    "library": ["from lib53.site53 import api53", "import addon53  # noqa: F401", "",
                "app.merge(api53)"],
    "error_shown": [
        "@app.error(410)", "def gone53(error):", '    return "gone: {{error}}".format(error=error)',
        "", "", "@app.error(418)", "def teapot53(error):", '    return f"teapot {{error}}"', "",
        "", "@app.error(422)", "def unfit53(error):", '    return "unfit %s" % error', "", "",
        '@app.route("/f53/err/<what>")', "def err53(what):",
        '    codes = {{"gone": 410, "teapot": 418, "conflict": 422}}',
        "    if what in codes:", '        {abort}(codes[what], "no " + what)',
        '    return "fine " + what'],
    "cookie_secret": [
        '@app.route("/f53/signed")', "def signed53():",
        '    {response}.set_cookie("s53", "v53", secret="k53")', '    return "signed"', "", "",
        '@app.route("/f53/signed/read")', "def signed53_read():",
        '    return "read " + str({request}.get_cookie("s53", secret="k53"))', "", "",
        '@app.route("/f53/signed/drop")', "def signed53_drop():",
        '    {response}.delete_cookie("s53", secret="k53")', '    return "dropped"'],
    "empty_cookie": [
        '@app.route("/f53/empty")', "def empty53():",
        '    value = {request}.get_cookie("e53")', "    if value is None:",
        '        return "no cookie"', '    return "cookie [" + value + "]"', "", "",
        '@app.route("/f53/empty/dflt")', "def empty53_dflt():",
        '    return "cookie " + {request}.get_cookie("e53", "dflt")'],
    "rebase_own": ['@app.route("/f53/own")', "def own53():",
                   '    return {template}("f53_own", title="Page")', "", "",
                   '@app.route("/f53/own/read")', "def own53_read():",
                   '    return {template}("f53_own_read", title="Page")'],
    "package_self": ["from apps53.ctl53 import app as ctl53_app", "", "app.merge(ctl53_app)"],
    "relative_links": [
        '@app.route("/f53/rel/")', "def rel53():",
        '    return (\'<a href="../../f53static/main.css">css</a> <a href="page">page</a> \'',
        '            \'<a href="./static/main.css">here</a>\')', "", "",
        '@app.route("/f53/rel/page")', "def rel53_page():",
        '    return \'<link href="../../f53static/main.css"> <a href="../rel/">back</a>\'',
        "", "", '@app.route("/f53static/<path:path>")', "def static53(path):",
        '    return {static_file}(path, root="./f53static")'],
    "no_slash": ['@app.route("./f53author")', "def author53():", '    return "author"', "", "",
                 '@app.route("f53hello")', "def hello53():", '    return "hello"', "", "",
                 '@app.route("/f53/slash")', "def slash53():", '    return "slash"'],
    "records": [
        "import random", "", "NAMES53 = {names53!r}", "", "",
        "def rows53():",
        '    rows = [{{"name": name, "score": random.randint(0, 1000)}} for name in NAMES53]',
        "    random.shuffle(rows)", "    return rows", "", "",
        '@app.route("/f53/records")', "def records53():", '    return {{"records": rows53()}}',
        "", "", '@app.route("/f53/records/page")', "def records53_page():",
        '    return {template}("f53_records", rows=rows53())'],
}
FORM_53_MODULES = {
    "handed_route": [("urls53.py", [
        "from bottle import request, route", "", "", "def handed53():",
        '    return "handed " + request.forms.get("name", request.method)', "", "",
        "def handed53_name(name):", '    return "handed to " + name', "", "",
        "def routes53(application):", '    route("/f53/handed", "GET", handed53)',
        '    route("/f53/handed", "POST", handed53)',
        '    route("/f53/handed/<name>", "GET", handed53_name)'])],
    "library": [
        ("lib53/__init__.py", ['"""A library making an app; its users add the routes."""']),
        ("lib53/site53.py", ["from bottle import Bottle", "", "", "def make53():",
                             "    made = Bottle()", "", '    @made.route("/f53/lib")',
                             "    def index():", '        return "lib index"', "",
                             "    return made", "", "", "api53 = make53()"]),
        ("addon53.py", ["from bottle import abort", "", "from lib53.site53 import api53", "",
                        "", '@api53.route("/f53/lib/item/<n:int>")', "def item53(n):",
                        "    if n > 5:", "        abort(404)", '    return "item %d" % n'])],
    "package_self": [
        ("apps53/__init__.py", []),
        ("apps53/models53.py", ['NAME = "m53"', "", "", "def describe():",
                                '    return "model " + NAME']),
        ("apps53/ctl53/__init__.py", ["from bottle import Bottle", "", "import apps53.models53",
                                      "", "app = Bottle()", "", "",
                                      '@app.route("/f53/pkg")', "def index():",
                                      '    return "pkg " + apps53.models53.NAME', "", "",
                                      '@app.route("/f53/pkg/model")', "def model():",
                                      "    return apps53.models53.describe()"])],
}
FORM_53_TEMPLATES = {  # the app's template folder: name -> text
    "rebase_own": {
        "f53_own.tpl": "<h1>{{title}}</h1>\n% rebase('f53_layout', title='Layout')\n"
                       "<p>{{title}}</p>\n",
        "f53_layout.tpl": "<main>\n{{!base}}\n</main>\n",
        "f53_own_read.tpl": "<h1>{{title}}</h1>\n% rebase('f53_layout_read', title='Layout')\n"
                            "<p>{{title}}</p>\n",
        "f53_layout_read.tpl": "<html><title>{{title}}</title>\n{{!base}}\n</html>\n"},
    "records": {"f53_records.tpl": "<ul>\n% for row in rows:\n"
                                   "<li>{{row['name']}}: {{row['score']}}</li>\n% end\n</ul>\n"},
}
FORM_53_FILES = {"relative_links": {"f53static/main.css": "a { b: 53 }\n"}}
NAMES_53 = ("ann", "bo", "cy", "di", "ed")


def write_forms_53(app: App, entry: Module, folder: Path) -> None:
    """grammar.FORMS_53's drawn forms: their lines in the entry, their modules (importing
    the app's own Bottle where it ships one), templates and files."""
    names = {name: entry.b(name) for name in ("abort", "request", "response", "run",
                                               "static_file", "template")
             if any("{" + name + "}" in line for form in app.forms53
                    for line in FORM_53[form])}
    names["names53"] = list(NAMES_53[:app.records53])
    templates = folder / TEMPLATE_FOLDERS[app.templates]
    for form in app.forms53:
        add_lines(entry, FORM_53[form], names)
        write_modules(app, folder, FORM_53_MODULES.get(form, ()))
        for name, text in FORM_53_TEMPLATES.get(form, {}).items():
            templates.mkdir(parents=True, exist_ok=True)
            (templates / name).write_text(text)
        for path, text in FORM_53_FILES.get(form, {}).items():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_text(text)


# grammar.FORMS_54D: RULE-s53's classes E and D. Each form's lines in the entry (app.py,
# where `app` is bound: Bottle's default app), its modules (a path under the app's folder
# -> lines) and templates (in the app's template folder).
FORM_54D = {
    "shortcut_beside": ["import forms54d  # noqa: F401"],
    "defaults_no_app": ["import views54d", "", "views54d.routes54(app)"],
}
FORM_54D_MODULES = {
    "shortcut_beside": [("forms54d.py", [
        "from bottle import Bottle, get, post, request", "",
        "own54 = Bottle()  # made, never served: the routes below are on the default app",
        "", "", '@post("/f54d/posted")', "def posted54():",
        '    return "posted " + request.forms.get("name", "")', "", "",
        '@get("/f54d/got/<name>")', "def got54(name):", '    return "got " + name'])],
    "defaults_no_app": [("views54d.py", [
        "from bottle import BaseTemplate, template", "",
        'BaseTemplate.defaults["site54"] = "site 54d"', "", "",
        "def page54():", '    return template("f54d_page", title="page")', "", "",
        "def own54():", '    return template("f54d_page", title="own", site54="given")', "",
        "", "def routes54(application):",
        '    application.route("/f54d/page", callback=page54)',
        '    application.route("/f54d/page/own", callback=own54)'])],
}
FORM_54D_TEMPLATES = {
    "defaults_no_app": {"f54d_page.tpl": "<p>{{site54}}: {{title}}</p>\n"},
}


def write_forms_54d(app: App, entry: Module, folder: Path) -> None:
    """grammar.FORMS_54D's drawn forms: their lines in the entry, their modules and
    templates."""
    templates = folder / TEMPLATE_FOLDERS[app.templates]
    for form in app.forms54d:
        add_lines(entry, FORM_54D[form], {})
        write_modules(app, folder, FORM_54D_MODULES.get(form, ()))
        for name, text in FORM_54D_TEMPLATES.get(form, {}).items():
            templates.mkdir(parents=True, exist_ok=True)
            (templates / name).write_text(text)


# grammar.FORMS_54: RULE-s53's classes and check53's and port53's, as real apps wrote them.
# Each form's lines in the entry (app.py, where `app` is bound), with the Bottle names it
# uses spelt as the app spells them; its modules (a path under the app's folder -> lines);
# its templates, in the app's template folder.
MIDDLEWARE_54 = [
    "    def __init__(self, wrapped):", "        self.wrapped = wrapped", "",
    "    def __call__(self, environ, start_response):",
    '        environ["f54.{key}"] = "{key}"', "",
    "        def started(status, headers, exc_info=None):",
    '            return start_response(status, headers + [("X-F54", "{key}")], exc_info)',
    "", "        return self.wrapped(environ, started)"]
FORM_54 = {
    "run_unnamed": [
        "class Stamp54:", *[line.replace("{key}", "run") for line in MIDDLEWARE_54], "", "",
        '@app.route("/f54/run")', "def run54():",
        '    return "run " + str({request}.environ.get("f54.run"))', "", "",
        'if __name__ == "__main__":', '    {run}(app=Stamp54(app), host="localhost", port=8054)'],
    "wsgi_entry": [
        "class Entry54:", *[line.replace("{key}", "entry") for line in MIDDLEWARE_54], "", "",
        '@app.route("/f54/entry")', "def entry54():",
        '    return "entry " + str({request}.environ.get("f54.entry"))', "", "",
        "application = Entry54(app)"],
    "lambda_loop": [
        'PAGES54 = [("/f54/lam/a", "alpha"), ("/f54/lam/b", "beta")]',
        "for path54, text54 in PAGES54:", '    app.route(path54)(lambda t=text54: "lam " + t)',
        'for verb54 in ("GET", "POST"):',
        '    callback54 = lambda v=verb54: "verb " + v  # noqa: E731',
        '    app.route("/f54/lam/verb", method=verb54)(callback54)'],
    "callback_self": [
        "class Ping54:", "    def __init__(self, app, text):", "        self.hits = 0",
        "        self.text = text", '        app.route("/f54/ping", callback=self)', "",
        "    def __call__(self):", "        self.hits += 1",
        '        return "%s %d" % (self.text, self.hits)', "",
        "    def bound(self):", '        return "bound " + self.text', "", "",
        'ping54 = Ping54(app, "pong")', 'app.route("/f54/bound", callback=ping54.bound)'],
    "handed_callback": ["from profile54 import Profile54", "", "Profile54(app)"],
    "redirect_alias": ["from ctl54 import Controller54", "", "Controller54(app)"],
    "routed_again": [
        "class Base54:", "    def __init__(self, app):", "        self.app = app",
        '        self.app.route("/f54/again", method="GET", callback=self.home)', "",
        "    def home(self):", '        return "base home"', "", "",
        "class Again54(Base54):", "    def setup(self):",
        '        @self.app.route("/f54/again")', "        def index():",
        '            return "again index"', "", "",
        "Again54(app).setup()", "", "",
        "def twice54(app, text):", '    @app.route("/f54/twice")', "    def twice():",
        "        return text", "", "",
        'twice54(app, "first")', 'twice54(app, "second")'],
    "template_import": ['@app.route("/f54/imp")', "def imp54():",
                        '    return {template}("f54_imp", n=3)'],
    "template_import_missing": [
        '@app.route("/f54/imp/none")', "def imp54_none():",
        '    return {template}("f54_imp_none")', "", "",
        '@app.route("/f54/imp/fine")', "def imp54_fine():",
        '    return {template}("f54_imp_fine", n=4)'],
    "rebase_reads": [
        '@app.route("/f54/reads")', "def reads54():",
        '    return {template}("f54_reads", title="T", head="PH")', "", "",
        '@app.route("/f54/reads/swap")', "def reads54_swap():",
        '    return {template}("f54_swap", title="T", head="PH")'],
    "json_late": ["from json54 import pretty54, to_json54", "", '@app.route("/f54/json")',
                  "def json54():", '    return to_json54({{"ok": True, "url": "a/b"}})', "",
                  "", '@app.route("/f54/json/pretty")', "def json54_pretty():",
                  '    return pretty54({{"n": [1, 2]}})'],
    "no_slash": [
        '@app.route("./f54/noslash")', "def noslash54():", '    return "left out"', "", "",
        '@app.get("f54/short")', "def short54():", '    return "short"', "", "",
        "def call54():", '    return "call"', "", "",
        'app.route("f54call", callback=call54)', "", "",
        '@app.route("/f54/slash")', "def slash54():", '    return "slash"'],
}
FORM_54_MODULES = {
    "handed_callback": [("profile54.py", [
        "from bottle import request", "", "", "class Profile54:",
        "    def __init__(self, bottle_app):",
        '        bottle_app.route("/f54/profile", method="GET", callback=self.show)',
        '        bottle_app.route("/f54/profile", method="POST", callback=self.save)', "",
        "    def show(self):", '        return "profile"', "", "    def save(self):",
        '        return "saved " + request.forms.get("name", "")'])],
    "redirect_alias": [("ctl54.py", [
        "from bottle import redirect as bottle_redirect", "", "", "class Controller54:",
        "    def __init__(self, app):", "        self.app = app",
        '        self.app.route("/f54/ctl", callback=self.index)',
        '        self.app.route("/f54/ctl/logout", callback=self.logout)',
        '        self.app.route("/f54/ctl/away", callback=self.away)', "",
        "    def index(self):", '        return "ctl index"', "", "    def away(self):",
        '        bottle_redirect("/f54/ctl")', "", "    def redirect(self, path):",
        "        return bottle_redirect(path)", "", "    def logout(self):",
        '        return self.redirect("/f54/ctl")'])],
    "template_import": [("tplhelp54.py", ['NAME = "helped"', "", "",
                                         "def twice(n):", "    return n * 2"])],
    "json_late": [("json54.py", [
        "def to_json54(data):", "    from bottle import json_dumps", "",
        "    return json_dumps(data)", "", "", "def pretty54(data):", "    import json", "",
        "    return json.dumps(data, indent=1)"])],
}
FORM_54_TEMPLATES = {  # the app's template folder: name -> text
    "template_import": {"f54_imp.tpl": "% import tplhelp54\n<p>{{tplhelp54.NAME}} "
                                       "{{tplhelp54.twice(n)}}</p>\n"},
    "template_import_missing": {
        "f54_imp_none.tpl": "% import nowhere54\n<p>{{nowhere54.name()}}</p>\n",
        "f54_imp_fine.tpl": "<p>fine {{n}}</p>\n"},
    "rebase_reads": {
        "f54_reads.tpl": "% rebase('f54_layout', head='H', title=head + ' x')\n"
                         "<p>{{title}}{{head}}</p>\n",
        "f54_swap.tpl": "% rebase('f54_layout', title=head, head=title)\n"
                        "<p>{{title}}{{head}}</p>\n",
        "f54_layout.tpl": "<html><title>{{title}}</title><h1>{{head}}</h1>\n{{!base}}\n"
                          "</html>\n"},
}


def write_forms_54(app: App, entry: Module, folder: Path) -> None:
    """grammar.FORMS_54's drawn forms: their lines in the entry, their modules (importing
    the app's own Bottle where it ships one) and templates."""
    names = {name: entry.b(name) for name in ("request", "run", "template")
             if any("{" + name + "}" in line for form in app.forms54
                    for line in FORM_54[form])}
    templates = folder / TEMPLATE_FOLDERS[app.templates]
    for form in app.forms54:
        add_lines(entry, FORM_54[form], names)
        write_modules(app, folder, FORM_54_MODULES.get(form, ()))
        for name, text in FORM_54_TEMPLATES.get(form, {}).items():
            templates.mkdir(parents=True, exist_ok=True)
            (templates / name).write_text(text)
