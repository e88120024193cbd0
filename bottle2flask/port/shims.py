"""Code the rules need once per module: in the --faithful port, bottle_compat's
install() right after the Flask app is made (and P004's and P015's own helpers)."""

from __future__ import annotations

import libcst as cst

from .edit import after_app, after_imports
from .rules.base import PortState
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


def install_options(state: PortState) -> dict[str, cst.BaseExpression]:
    """The keyword arguments of the install() call this module's app needs."""
    options: dict[str, cst.BaseExpression] = {
        INSTALL[need]: cst.Name("True") for need in INSTALL if need in state.needs}
    if "jinja" in state.needs:
        options.pop("jinja2", None)
    if "template_path" in state.needs:
        options["template_path"] = cst.Name("TEMPLATE_PATH")
    if "template_imports" in state.needs and state.template_imports:
        options["template_imports"] = cst.parse_expression(
            repr(dict(sorted(state.template_imports.items()))))
    return options


def app_free(module: cst.Module, state: PortState) -> cst.Module:
    """A module without an app: Bottle's response comes from bottle_compat all the same
    (P005 imports it); the needs tied to an app are left to the caller's TODO."""
    state.needs.discard("response")
    return module


def add_shims(module: cst.Module, state: PortState) -> tuple[cst.Module, bool]:
    """bottle_compat's install() after every statement that makes the app (in any scope)
    or imports it; False when there is none.

    The mount wrapper and the merge function (P015) and the JSON body reader (P004)
    need no app, and a mount may come before the line that makes the module's app (a
    sub-app mounted on another): they go after the imports.
    """
    for need, code in (("mount", MOUNT), ("merge", MERGE), ("json_body", JSON_BODY)):
        if need in state.needs:
            state.needs.discard(need)
            state.emulation += _lines(code)
            module = after_imports(module, code)
    options = install_options(state)
    if not options:
        return module, True
    call = "install({app}, " + ", ".join(f"{key}={{{key}}}" for key in options) + ")"
    module, placed = after_app(module, state.facts.app_name, [call],
                               makers=state.facts.app_makers(), **options)
    if placed:
        state.emulation += 1
        state.compat = True
        state.compat_keywords |= set(options)
    return module, placed


def _lines(source: str) -> int:
    """Lines of code in a shim, blank lines left out."""
    return sum(1 for line in source.splitlines() if line.strip())


def shim_imports(state: PortState) -> list[tuple[str, str]]:
    needed = []
    if state.converters_placed:
        # P003's converter classes: Bottle's float is Werkzeug's float converter given
        # Bottle's pattern (registered as "float"), the others are made from scratch
        if "float" in state.regexes:
            needed.append(("werkzeug.routing", "FloatConverter"))
        if state.regexes.keys() - {"float"} or state.filters:
            needed.append(("werkzeug.routing", "BaseConverter"))
    if state.compat:
        needed.append(("bottle_compat", "install"))
    return needed
