"""Code the rules need once per module: in the --faithful port (or at a site that took
its exact candidate), bottle_compat's install() right after the Flask app is made."""

from __future__ import annotations

import libcst as cst

from .edit import after_app
from .rules.base import PortState

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
    or imports it; False when there is none."""
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


def shim_imports(state: PortState) -> list[tuple[str, str]]:
    return [("bottle_compat", "install")] if state.compat else []
