"""Code the rules need once per module: in the --faithful port (or at a site that took
its exact candidate), bottle_compat's install() right after the Flask app is made, and
the functions of bottle_answers.py that keep the framework's own answers Bottle's."""

from __future__ import annotations

import libcst as cst

from .edit import after_app
from .rules.base import PortState

# What the default (idiomatic) port never adds: the rules declare the change instead.
FAITHFUL_ONLY = {"location", "response", "path", "float", "route_errors", "jinja",
                 "jinja2", "template_imports", "template_path", "error_pages",
                 "response_defaults", "json_answers"}

# The --faithful port's pieces of bottle_compat.py (bottle2flask/port/compat/), by need:
# the keyword of bottle_compat.install() each need sets.
INSTALL = {"response": "response", "location": "location", "route_errors": "route_errors",
           "float": "float_paths", "path": "paths", "jinja": "jinja",
           "jinja2": "jinja2"}


# Bottle's own answers (bottle2flask/port/compat/bottle_answers.py): each need is the
# function of that name, called on the app after install().
ANSWERS_MODULE = "bottle_answers"
ANSWERS = ("json_answers", "response_defaults", "error_pages")


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
    answers = [need for need in ANSWERS if need in state.needs]
    if not options and not answers:
        return module, True
    placed = True
    if answers:  # placed first, so they follow install() (each goes right after the app)
        module, placed = after_app(module, state.facts.app_name,
                                   [f"{name}({{app}})" for name in answers],
                                   makers=state.facts.app_makers())
    if options and placed:
        call = "install({app}, " + ", ".join(f"{key}={{{key}}}" for key in options) + ")"
        module, placed = after_app(module, state.facts.app_name, [call],
                                   makers=state.facts.app_makers(), **options)
        if "template_path" in options:
            module = after_template_path(module)
    if placed:
        state.emulation += len(answers) + bool(options)
        state.compat = bool(options)
        state.compat_keywords |= set(options)
        state.answers = answers
        if answers:
            state.companions.add(ANSWERS_MODULE)
    return module, placed


def after_template_path(module: cst.Module) -> cst.Module:
    """install(..., template_path=TEMPLATE_PATH) placed after the app where the module binds
    TEMPLATE_PATH further down (P011's list, after an app imported at the top): moved after
    that binding, so the name exists when it runs (the list is searched as it is changed
    later, the same object)."""
    body = list(module.body)

    def binds(stmt) -> bool:
        return isinstance(stmt, cst.SimpleStatementLine) and any(
            isinstance(small, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value == "TEMPLATE_PATH"
                for t in small.targets) for small in stmt.body)

    def installs(stmt) -> bool:
        return isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Expr) \
            and isinstance(call := stmt.body[0].value, cst.Call) \
            and isinstance(call.func, cst.Name) and call.func.value == "install" \
            and any(a.keyword is not None and a.keyword.value == "template_path"
                    for a in call.args)

    at = next((i for i, stmt in enumerate(body) if installs(stmt)), None)
    bound = [i for i, stmt in enumerate(body) if binds(stmt)]
    if at is None or not bound or any(i < at for i in bound):
        return module  # no install() with it here, or the name is bound before it
    line = body.pop(at)
    body.insert(bound[0], line)  # (its index moved up by one: right after the binding)
    return module.with_changes(body=body)


def shim_imports(state: PortState) -> list[tuple[str, str]]:
    return [("bottle_compat", "install")] * state.compat + [
        (ANSWERS_MODULE, name) for name in state.answers]
