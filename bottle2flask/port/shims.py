"""Code the rules need once per module: in the --faithful port, bottle_compat's
install() right after the Flask app is made (and P004's and P015's own helpers)."""

from __future__ import annotations

import libcst as cst

from .rules.p004_request import JSON_BODY
from .rules.p015_mount import MERGE
from .rules.p015_mount import SHIM as MOUNT

# What the default (idiomatic) port never adds: the rules declare the change instead.
FAITHFUL_ONLY = {"location", "response", "path", "float", "json", "route_errors", "jinja",
                 "jinja2", "template_imports", "template_path"}

# The --faithful port's pieces of bottle_compat.py (bottle2flask/port/compat/), by need:
# the keyword of bottle_compat.install() each need sets.
INSTALL = {"response": "response", "location": "location", "route_errors": "route_errors",
           "float": "float_paths", "path": "paths", "json": "json_order", "jinja": "jinja",
           "jinja2": "jinja2"}


def install_options(state) -> dict[str, cst.BaseExpression]:
    """The keyword arguments of the install() call this module's app needs."""
    options = {INSTALL[need]: cst.Name("True") for need in INSTALL if need in state.needs}
    if "jinja" in state.needs:
        options.pop("jinja2", None)
    if "template_path" in state.needs:
        options["template_path"] = cst.Name("TEMPLATE_PATH")
    if "template_imports" in state.needs and state.template_imports:
        options["template_imports"] = cst.parse_expression(
            repr(dict(sorted(state.template_imports.items()))))
    return options


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
    """A module without an app: Bottle's response comes from bottle_compat all the same
    (P005 imports it); the needs tied to an app are left to the caller's TODO."""
    state.needs.discard("response")
    return module


def add_shims(module: cst.Module, state) -> tuple[cst.Module, bool]:
    """bottle_compat's install() after every statement that makes the app (in any scope)
    or imports it; False when there is none.

    The mount wrapper and the merge function (P015) and the JSON body reader (P004)
    need no app, and a mount may come before the line that makes the module's app (a
    sub-app mounted on another): they go after the imports.
    """
    from .placement import after_app
    for need, code in (("mount", MOUNT), ("merge", MERGE), ("json_body", JSON_BODY)):
        if need in state.needs:
            state.needs.discard(need)
            state.emulation += _lines(code)
            module = _after_imports(module, code)
    options = install_options(state)
    if not options:
        return module, True
    call = "install({app}, " + ", ".join(f"{key}={{{key}}}" for key in options) + ")"
    module, placed = after_app(module, state, [call], **options)
    if placed:
        state.emulation += 1
        state.compat = True
    return module, placed


def _lines(source: str) -> int:
    """Lines of code in a shim, blank lines left out."""
    return sum(1 for line in source.splitlines() if line.strip())


def _makes_app(stmt, name: str) -> bool:
    """`APP = Flask(...)`, or `from module import APP` (an app another module made)."""
    if not isinstance(stmt, cst.SimpleStatementLine):
        return False
    if isinstance(stmt.body[0], cst.ImportFrom) and not isinstance(stmt.body[0].names,
                                                                    cst.ImportStar):
        if isinstance(stmt.body[0].module, cst.Name) and stmt.body[0].module.value == "bottle":
            return False  # `from bottle import app`: Bottle's default-app stack, not ours
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
    if (state.regexes or state.filters) and state.converters_placed:
        needed.append(("werkzeug.routing", "BaseConverter"))
    if state.compat:
        needed.append(("bottle_compat", "install"))
    return needed
