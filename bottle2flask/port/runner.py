"""Run the rules over one module; the result is Success, Failure or Skip with warnings."""

from __future__ import annotations

import re
import textwrap
from dataclasses import replace

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor

from .results import FileResult
from .rules import RULES, Prepare
from .rules.base import drop_placeholders
from .rules.base import state as port_state
from .settings import Settings
from .shims import add_shims, app_free, shim_imports

TODO = re.compile(r"#\s*TODO\(kit/(P\d{3})\):\s*(.*)")
WIDTH = 100


def orphan_text(state) -> str:
    """What to do when this module needs code tied to an app it neither makes nor imports."""
    what = {"response": "changes Bottle's response", "template_path": "changes TEMPLATE_PATH",
            "jinja": "renders templates", "jinja2": "renders templates",
            "float": "uses <x:float> routes",
            "path": "uses <x:path> routes",
            "json": "returns dicts", "route_errors": "reads an error's text",
            "location": "redirects", "debug": "sets debug mode"}
    found = [text for key, text in what.items() if key in state.needs]
    if state.regexes:
        found.append("uses <x:re:...> routes")
    return (f"this module {', '.join(found)} but neither makes nor imports the Flask app: "
            "import the app here (or move this code into the app's module)")


def uses_bottle(source: str) -> bool:
    return re.search(r"^\s*(from\s+bottle\s+import|import\s+bottle\b)", source, re.M) is not None


def port_source(source: str, path: str = "<string>", settings: Settings | None = None,
                **changes) -> FileResult:
    """Port one module's source; keywords change single settings (Settings' fields)."""
    settings = replace(settings or Settings(), **changes)
    if not uses_bottle(source) and not settings.imported_apps:
        return FileResult(path, "skip", source)
    try:
        tree = cst.parse_module(source)
    except cst.ParserSyntaxError as error:
        return FileResult(path, "failure", source, error=f"{path}:{error.raw_line}: "
                          f"cannot parse: {error.message}")
    try:
        return _port_tree(tree, source, path, settings)
    except Exception as error:  # a rule's bug: one file not converted, never a traceback
        return FileResult(path, "failure", source, error=f"{path}: the porter failed on "
                          f"this file ({type(error).__name__}: {error}); it is copied "
                          "unchanged: please report it")


def _port_tree(tree: cst.Module, source: str, path: str, settings: Settings) -> FileResult:
    context = CodemodContext(filename=path)
    state = port_state(context)
    state.template_names = dict(settings.template_names or {})
    state.template_folder = settings.template_folder
    state.imported_apps = set(settings.imported_apps)
    state.default_from = settings.default_from
    state.shared_views = set(settings.shared_views)
    state.tree_needs = set(settings.tree_needs)
    state.template_imports = dict(settings.template_imports or {})
    state.imported_openers = dict(settings.openers or {})
    disabled = settings.disabled
    tree = tree.visit(Prepare(context))
    if "TEMPLATE_PATH" in state.bottle.values():
        state.template_folder = "."
    for rule in RULES[:-1]:
        if rule.code not in disabled:
            tree = tree.visit(rule(context))
    if state.made or (state.default_app and not state.default_from):
        state.needs |= state.tree_needs
    tree, placed = add_shims(tree, state)
    if not placed:
        state.needs -= state.tree_needs  # the app's module has them
        tree = app_free(tree, state)
        tree, placed = add_shims(tree, state)
    if not placed:
        tree = tree.with_changes(header=[*tree.header, cst.EmptyLine(comment=cst.Comment(
            f"# TODO(kit/P002): {orphan_text(state)}"))])
    for module, name in shim_imports(state):
        AddImportsVisitor.add_needed_import(context, module, name)
    if RULES[-1].code not in disabled:
        tree = tree.visit(RULES[-1](context))
    tree = AddImportsVisitor(context).transform_module(tree)
    code = _wrap_todos(drop_placeholders(tree).code)
    try:
        compile(code, path, "exec")
    except SyntaxError as error:
        return FileResult(path, "failure", source, error=f"{path}:{error.lineno}: the "
                          f"ported code does not compile: {error.msg}")
    todos = _todos(code)
    for todo in todos:
        todo["breaks"] = (todo["code"], todo["text"]) in state.breaks
    app = state.app_name if (state.apps or state.default_app) else None
    return FileResult(path, "success", code, dict(sorted(state.applied.items())), todos,
                      app_name=app, companions=sorted(state.companions),
                      openers=dict(state.openers))


def _wrap_todos(code: str) -> str:
    """TODO comments wrapped at 100 characters, continued on `#   ` lines."""
    out = []
    for line in code.splitlines(keepends=True):
        m = TODO.search(line)
        if m is None or len(line.rstrip("\r\n")) <= WIDTH:
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        end = line[len(line.rstrip("\r\n")):]
        wrapped = textwrap.wrap(m[2], WIDTH, initial_indent=f"{indent}# TODO(kit/{m[1]}): ",
                                subsequent_indent=f"{indent}#   ", break_long_words=False,
                                break_on_hyphens=False)
        out += [w + end for w in wrapped]
    return "".join(out)


def _todos(code: str) -> list[dict]:
    """The TODO comments, their `#   ` continuation lines joined."""
    found: list[dict] = []
    follows = False
    for n, line in enumerate(code.splitlines(), 1):
        m = TODO.search(line)
        if m:
            found.append({"code": m[1], "line": n, "text": m[2]})
            follows = True
        elif follows and line.lstrip().startswith("#   "):
            found[-1]["text"] += " " + line.lstrip()[4:].strip()
        else:
            follows = False
    return found
