"""Code the rules need once per module: in the --faithful port (or at a site that took
its exact candidate), bottle_compat's install() right after the Flask app is made."""

from __future__ import annotations

import libcst as cst

from .contract import Need, PortState
from .edit import after_app

# What the default (idiomatic) port never adds: the rules declare the change instead.
FAITHFUL_ONLY = {Need.LOCATION, Need.RESPONSE, Need.PATH, Need.FLOAT, Need.JSON,
                 Need.ROUTE_ERRORS, Need.JINJA, Need.JINJA2, Need.TEMPLATE_IMPORTS,
                 Need.TEMPLATE_PATH, Need.TEMPLATE_TEXT}

# The --faithful port's pieces of bottle_compat.py (bottle2flask/port/compat/), by need:
# the keyword of bottle_compat.install() each need sets.
INSTALL = {Need.RESPONSE: "response", Need.LOCATION: "location",
           Need.ROUTE_ERRORS: "route_errors", Need.FLOAT: "float_paths", Need.PATH: "paths",
           Need.JSON: "json_order", Need.JINJA: "jinja", Need.JINJA2: "jinja2",
           Need.TEMPLATE_TEXT: "template_text"}


def install_options(state: PortState) -> dict[str, cst.BaseExpression]:
    """The keyword arguments of the install() call this module's app needs."""
    needs, imports = state.requests.needs, state.settings.template_imports
    options: dict[str, cst.BaseExpression] = {
        keyword: cst.Name("True") for need, keyword in INSTALL.items() if need in needs}
    if Need.JINJA in needs:
        options.pop(INSTALL[Need.JINJA2], None)
    if Need.TEMPLATE_PATH in needs:
        options["template_path"] = cst.Name("TEMPLATE_PATH")
    if Need.TEMPLATE_IMPORTS in needs and imports:
        options["template_imports"] = cst.parse_expression(
            repr(dict(sorted(imports.items()))))
    return options


def app_free(module: cst.Module, state: PortState) -> cst.Module:
    """A module without an app: Bottle's response comes from bottle_compat all the same
    (P005 imports it); the needs tied to an app are left to the caller's TODO."""
    state.requests.needs.discard(Need.RESPONSE)
    return module


def add_shims(module: cst.Module, state: PortState) -> tuple[cst.Module, bool]:
    """bottle_compat's install() after every statement that makes the app (in any scope)
    or imports it; False when there is none."""
    options = install_options(state)
    if not options:
        return module, True
    call = "install({app}, " + ", ".join(f"{key}={{{key}}}" for key in options) + ")"
    facts = state.settings.facts
    module, placed = after_app(module, facts.app_name, [call],
                               makers=facts.app_makers(), **options)
    if placed:
        state.emulation += 1
        state.requests.install = True
        state.compat_keywords |= set(options)
    return module, placed


def shim_imports(state: PortState) -> list[tuple[str, str]]:
    return [("bottle_compat", "install")] if state.requests.install else []
