"""A drawn app (grammar.App) written as the files of a Bottle app folder."""

from __future__ import annotations

from pathlib import Path

from .grammar import App, Route

TEMPLATES = {
    "plain": "<p>{{v}} {{p}}</p>\n",
    "raw": "<p>{{!v}}</p>\n",
    "if": "% if p:\n<p>{{p}}</p>\n% end\n<i>{{v}}</i>\n",
    "rebase": "% rebase('base', title=p)\n<p>{{v}}</p>\n",
    "include": "<div>\n% include('part', w=v)\n</div>\n",
}
SHARED = {"rebase": ("base", "<html><title>{{title}}</title>\n{{!base}}\n</html>\n"),
          "include": ("part", "<i>{{w}}</i>\n")}
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
        if "" in self.bottle:
            head.append("import bottle")
        names = sorted(self.bottle - {""})
        if names:
            head.append(f"from bottle import {', '.join(names)}")
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
    if kind == "dict":
        args = "label" if loop else f"[{', '.join(route_args(route))}]"
        return [f'return {{"route": {n}, "args": {args}}}']
    if kind == "template":
        return [f'return {m.b("template")}("t{n}", v={route.value!r}, p={p})']
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
    if kind == "cookie_set":
        return [f'{response}.set_cookie("c{n}", "v{n}")', 'return "set"']
    if kind == "status":
        return [f"{response}.status = 202", f'return "r{n} accepted"']
    assert kind == "header", kind
    return [f'{response}.set_header("X-R{n}", "{n}")', f'return "r{n}"']


def rule_text(route: Route) -> str:
    if len(route.rules) > 1:
        return repr(route.rules)
    if route.rules[0].startswith("<"):
        return f'r"{route.rules[0].replace(chr(92) * 2, chr(92))}"'
    return repr(route.rules[0])


PLUGIN_OPTIONS = {"": "", "apply": ", apply=[mark]", "skip": ', skip=["stamp"]',
                  "skip_all": ", skip=True"}


def register(m: Module, owner: str, route: Route) -> str:
    """The call that makes the route: `app.get('/r1')`, `route('/r1', method=...)`."""
    verb = {"methods": "route"}.get(route.verb, route.verb)
    methods = ', method=["GET", "POST"]' if route.verb == "methods" else ""
    head = m.b(verb) if owner == "" else f"{owner}.{verb}"
    return f"{head}({rule_text(route)}{methods}{PLUGIN_OPTIONS[route.plugins]})"


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
    lines = [f"@{register(m, owner, route)}", *view_decorators(m, route),
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
    made = register(m, owner, route).replace(rule_text(route),
                                             repr(route.rules[0] + "/") + " + label")
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
    lines += [f"        {register(m, f'self.{attr}', r)}(self.{r.view})" for r in routes] or \
        ["        pass"]
    for r in routes:
        lines += ["", *indent(method_lines(m, r))]
    if m.app.site_bind == "instance":
        lines += ["", "", "site = Site()", f"app = site.{attr}"]
    else:
        lines += ["", "", f"app = Site().{attr}"]
    return "\n".join(lines)


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
    site_routes = [r for r in app.routes if app.creation == "class" and r.container == "class"
                   and r.module == app.app_module]
    if app.creation == "class":
        home.blocks.append(site_class(home, site_routes))
    elif default:
        home.blocks.append(f"app = {home.b('default_app')}()")
    else:
        home.blocks.append(f"app = {home.b('Bottle')}()")
    if app.templates == "path":
        home.blocks.append(f'{home.b("TEMPLATE_PATH")}.insert(0, "./tpl/")')
    if app.plugin and not app.plugin_late:
        modules[app.plugin].blocks.append(plugin_block(modules[app.plugin], app.plugin_kind))
    for name in sorted({r.module for r in app.routes if r.plugins == "apply"}):
        modules[name].blocks.append(mark_block(modules[name]))
    for hook, where in app.hooks:
        m = modules[where]
        head = m.b("hook") if default else "app.hook"
        effect = ('request.environ["fuzz.seen"] = "1"' if hook == "before_request"
                  else "")
        lines = [f'@{head}("{hook}")', f"def {hook}_hook():"]
        if effect:
            lines.append(f'    {m.b("request")}.environ["fuzz.seen"] = "1"')
        lines.append(f'    {m.b("response")}.set_header("X-{hook.split("_")[0].title()}", "1")')
        m.blocks.append("\n".join(lines))
    for code in app.errors:
        m = modules[app.modules[-1]]
        head = m.b("error") if default else "app.error"
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
        modules[app.plugin].blocks.append(plugin_block(modules[app.plugin], app.plugin_kind))
    if app.mount:
        modules[app.mount].need("from sub import sub")
        modules[app.mount].blocks.append('app.mount("/sub/", sub)')
        sub = Module(app)
        sub.blocks = [f"sub = {sub.b('Bottle')}()",
                      '@sub.route("/x")\ndef sub_x():\n    return "sub x"',
                      '@sub.route("/j/<n:int>")\ndef sub_j(n):\n    return {"n": n}']
        (folder / "sub.py").write_text(sub.text())
    if app.merge:
        modules[app.merge].need("from extra import extra")
        modules[app.merge].blocks.append("app.merge(extra)")
        extra = Module(app)
        extra.blocks = [f"extra = {extra.b('Bottle')}()",
                        '@extra.route("/merged")\ndef merged():\n    return "merged"']
        (folder / "extra.py").write_text(extra.text())
    for name, m in modules.items():
        if m.blocks or name in app.modules or name == app.app_module:
            (folder / f"{name}.py").write_text(m.text())
    write_templates(app, folder)
    return folder / "app.py"


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
