"""Code the rules need once per module: in the --faithful port (or at a site that took
its exact candidate), bottle_compat's install() right after the Flask app is made, and
the functions of bottle_answers.py that keep the framework's own answers Bottle's."""

from __future__ import annotations

import libcst as cst

from .contract import Companion, Need, PortState

# What the default (idiomatic) port never adds: the rules declare the change instead.
FAITHFUL_ONLY = {Need.LOCATION, Need.RESPONSE, Need.PATH, Need.FLOAT, Need.ROUTE_ERRORS,
                 Need.JINJA, Need.JINJA2, Need.TEMPLATE_IMPORTS, Need.TEMPLATE_PATH,
                 Need.ERROR_PAGES, Need.RESPONSE_DEFAULTS, Need.JSON_ANSWERS,
                 Need.TEMPLATE_TEXT}

# The --faithful port's pieces of bottle_compat.py (bottle2flask/port/compat/), by need:
# the keyword of bottle_compat.install() each need sets.
INSTALL = {Need.RESPONSE: "response", Need.LOCATION: "location",
           Need.ROUTE_ERRORS: "route_errors", Need.FLOAT: "float_paths", Need.PATH: "paths",
           Need.JINJA: "jinja", Need.JINJA2: "jinja2", Need.TEMPLATE_TEXT: "template_text"}


# Bottle's own answers (bottle2flask/port/compat/bottle_answers.py): each need is the
# function of that name, called on the app after install().
ANSWERS_MODULE = Companion.ANSWERS.value
ANSWERS = (Need.JSON_ANSWERS, Need.RESPONSE_DEFAULTS, Need.ERROR_PAGES)


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


def app_free(state: PortState) -> None:
    """A module without an app: Bottle's response comes from bottle_compat all the same
    (P005 imports it); the needs tied to an app are left to the caller's TODO."""
    state.requests.needs.discard(Need.RESPONSE)


def shim_calls(state: PortState) -> list[tuple[list[str], dict[str, cst.BaseExpression]]]:
    """bottle_compat's install() and Bottle's answers this module's app needs, as
    statements to place after every statement that makes the app (in any scope) or
    imports it (the engine's one walk: placement.at_app); none when it needs neither."""
    options = install_options(state)
    answers = [need for need in ANSWERS if need in state.requests.needs]
    # the answers asked first, so they follow install() (each goes right after the app)
    calls: list[tuple[list[str], dict[str, cst.BaseExpression]]] = []
    if answers:
        calls.append(([f"{need.value}({{app}})" for need in answers], {}))
    if options:
        calls.append((["install({app}, " + ", ".join(f"{key}={{{key}}}" for key in options)
                       + ")"], dict(options)))
    return calls


def shims_placed(state: PortState) -> bool:
    """What shim_calls() asked is placed: the module installs bottle_compat (or not) and
    imports the answers; whether install() reads TEMPLATE_PATH (after_template_path())."""
    options = install_options(state)
    answers = [need for need in ANSWERS if need in state.requests.needs]
    state.emulation += len(answers) + bool(options)
    state.requests.install = bool(options)
    state.compat_keywords |= set(options)
    state.answers = answers
    if answers:
        state.requests.companions.add(Companion.ANSWERS)
    return "template_path" in options


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
    return [("bottle_compat", "install")] * state.requests.install + [
        (ANSWERS_MODULE, need.value) for need in state.answers]
