"""Code the rules need once per module, placed right after the Flask app is made."""

from __future__ import annotations

import libcst as cst

from .rules.p004_request import JSON_BODY
from .rules.p005_response import HOOK as RESPONSE_HOOK
from .rules.p005_response import SHIM as RESPONSE
from .rules.p011_template_path import SHIM as TEMPLATE_PATH
from .rules.p015_mount import MERGE
from .rules.p015_mount import SHIM as MOUNT

# What the default (idiomatic) port never adds: the rules declare the change instead.
FAITHFUL_ONLY = {"location", "response", "path", "float", "json", "route_errors", "jinja",
                 "jinja2", "template_imports", "template_path"}

JINJA = '''
# kit/P006: Jinja set up as the converted templates expect: no line left by a `%`
# line, the last newline kept, None printed as "" (Bottle's habits).
{app}.jinja_options = {**{app}.jinja_options, "trim_blocks": True, "lstrip_blocks": True,
                       "keep_trailing_newline": True, "extensions": ["jinja2.ext.do"],
                       "finalize": lambda value: "" if value is None else value}
'''

JINJA2 = '''
# kit/P006: Bottle's Jinja2 adapter does not escape what it prints (Jinja2's default);
# Flask escapes .html templates unless told not to.
{app}.jinja_options = {**{app}.jinja_options, "autoescape": False}
'''

ROUTE_ERRORS = '''

@{app}.before_request
def _routing_error_text():
    """kit/P009: a path no route matches is a 404 (405) with Bottle's text, which the
    app's error handler reads as err.description."""
    error = request.routing_exception
    if isinstance(error, NotFound):
        path = request.environ["PATH_INFO"].encode("latin1").decode("utf8", "ignore")
        error.description = "Not found: " + repr(path or "/")
    elif isinstance(error, MethodNotAllowed):
        error.description = "Method not allowed."
'''

LOCATION = '''

def _absolute_redirect(location, code=302):
    """kit/P008: a redirect's Location made absolute, as Bottle's redirect() does
    (a Location header the view sets itself is left as it is, as in Bottle)."""
    return Flask.redirect({app}, urljoin(request.url, location), code)


{app}.redirect = _absolute_redirect
'''

JSON_ORDER = '''
# kit/P007: Bottle sends a dict's keys in the order the view made them.
{app}.json.sort_keys = False
'''

FLOAT = '''

class BottleFloatConverter(BaseConverter):
    """Bottle's float filter (kit/P003): "3", "-1" and "2.5" match; "1.2.3" is a 400."""

    regex = r"-?[\\d.]+"

    def to_python(self, value):
        try:
            return float(value)
        except ValueError:
            raise BadRequest("Path has wrong format.") from None

    def to_url(self, value):
        return str(float(value))


{app}.url_map.converters["bottle_float"] = BottleFloatConverter
'''

PATH = '''

class BottlePathConverter(BaseConverter):
    """Bottle's path filter (kit/P003): any characters, slashes (a leading one too)."""

    regex = r".+?"
    part_isolating = False


{app}.url_map.converters["bottle_path"] = BottlePathConverter
'''

TEMPLATE_IMPORTS = '''

@{app}.context_processor
def _template_imports():
    """kit/T019: what the templates import (`% import x`), imported as they render."""
    found = {{}}
    for name, (module, attr) in {imports!r}.items():
        value = import_module(module)
        if attr:
            value = getattr(value, attr)
        elif "." in module and name == module.split(".")[0]:
            value = import_module(name)  # `import a.b` binds `a`
        found[name] = value
    return found
'''


def shim_source(state) -> str:
    app = state.app_name
    parts = []
    if "jinja" in state.needs:
        parts.append(JINJA.replace("{app}", app))
    elif "jinja2" in state.needs:
        parts.append(JINJA2.replace("{app}", app))
    if "template_imports" in state.needs and state.template_imports:
        parts.append(TEMPLATE_IMPORTS.format(app=app, imports=dict(
            sorted(state.template_imports.items()))))
    if "template_path" in state.needs:
        parts.append(TEMPLATE_PATH.replace("{app}", app))
    if "json" in state.needs:
        parts.append(JSON_ORDER.format(app=app))
    if "location" in state.needs:
        parts.append(LOCATION.format(app=app))
    if "route_errors" in state.needs:
        parts.append(ROUTE_ERRORS.format(app=app))
    if "float" in state.needs:
        parts.append(FLOAT.format(app=app))
    if "path" in state.needs:
        parts.append(PATH.format(app=app))
    if "response" in state.needs:
        parts.append("\n" + RESPONSE + RESPONSE_HOOK.format(app=app))
    return "".join(parts)


def _after_imports(module: cst.Module, source: str) -> cst.Module:
    from .rules.p002_app import last_import
    body = list(module.body)
    at = last_import(body)
    two = [cst.EmptyLine(), cst.EmptyLine()]  # PEP 8's two blank lines on either side
    new = list(cst.parse_module(source).body)
    new[0] = new[0].with_changes(leading_lines=[*two, *_unblank(new[0].leading_lines)])
    if at < len(body):
        body[at] = body[at].with_changes(leading_lines=[*two,
                                                        *_unblank(body[at].leading_lines)])
    return module.with_changes(body=[*body[:at], *new, *body[at:]])


def _unblank(lines) -> list:
    """Leading lines less the blank ones before the first comment."""
    lines = list(lines)
    while lines and lines[0].comment is None:
        lines.pop(0)
    return lines


def app_free(module: cst.Module, state) -> cst.Module:
    """A module without an app: the shims that need none (Bottle's response) after the
    imports; the ones that do are left to the caller's TODO."""
    if "response" not in state.needs:
        return module
    state.needs.discard("response")
    state.emulation += _lines(RESPONSE)
    return _after_imports(module, RESPONSE)


def add_shims(module: cst.Module, state) -> tuple[cst.Module, bool]:
    """Insert the shims after `APP = Flask(...)`; False when there is no such line.

    The mount wrapper and the merge function need no app, and a mount may come before
    the line that makes the module's app (a sub-app mounted on another): they go after
    the imports.
    """
    for need, code in (("mount", MOUNT), ("merge", MERGE), ("json_body", JSON_BODY)):
        if need in state.needs:
            state.needs.discard(need)
            state.emulation += _lines(code)
            module = _after_imports(module, code)
    source = shim_source(state)
    if not source:
        return module, True
    body = list(module.body)
    for i, stmt in enumerate(body):
        if _makes_app(stmt, state.app_name):
            new = list(cst.parse_module(source).body)
            blank = [cst.EmptyLine()]
            new[0] = new[0].with_changes(leading_lines=[*blank, *new[0].leading_lines])
            rest = body[i + 1:]
            if rest:  # keep two blank lines between the shims and the app's own code
                rest[0] = rest[0].with_changes(leading_lines=[*blank, *blank,
                                                              *rest[0].leading_lines])
            state.emulation += _lines(source)
            return module.with_changes(body=[*body[:i + 1], *new, *rest]), True
    return module, False


def _lines(source: str) -> int:
    """Lines of code in a shim, blank lines left out."""
    return sum(1 for line in source.splitlines() if line.strip())


def _makes_app(stmt, name: str) -> bool:
    """`APP = Flask(...)`, or `from module import APP` (an app another module made)."""
    if not isinstance(stmt, cst.SimpleStatementLine):
        return False
    if isinstance(stmt.body[0], cst.ImportFrom) and not isinstance(stmt.body[0].names,
                                                                    cst.ImportStar):
        return any((a.asname.name.value if a.asname else a.name.value) == name
                   for a in stmt.body[0].names if isinstance(a.name, cst.Name))
    if not isinstance(stmt.body[0], cst.Assign):
        return False
    assign = stmt.body[0]
    return any(isinstance(t.target, cst.Name) and t.target.value == name
               for t in assign.targets) and isinstance(assign.value, cst.Call) \
        and isinstance(assign.value.func, cst.Name) and assign.value.func.value == "Flask"


def shim_imports(state) -> list[tuple[str, str]]:
    needed = []
    if {"float", "path"} & state.needs or state.regexes and state.converters_placed:
        needed.append(("werkzeug.routing", "BaseConverter"))
    if "float" in state.needs:
        needed.append(("werkzeug.exceptions", "BadRequest"))
    if "location" in state.needs:
        needed += [("flask", "Flask"), ("flask", "request"), ("urllib.parse", "urljoin")]
    if "template_imports" in state.needs and state.template_imports:
        needed.append(("importlib", "import_module"))
    if "route_errors" in state.needs:
        needed += [("flask", "request"), ("werkzeug.exceptions", "MethodNotAllowed"),
                   ("werkzeug.exceptions", "NotFound")]
    return needed
