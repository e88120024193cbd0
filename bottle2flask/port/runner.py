"""Run the rules over one module; the result is Success, Failure or Skip with warnings."""

from __future__ import annotations

import ast
import importlib.util
import io
import re
import tokenize
import traceback
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import libcst as cst
from libcst.helpers import parse_template_statement

from . import leftovers, marks, passes
from .contract import PORT_KEY, AfterApp, FlaskOption, ModuleSettings, Need, PortState
from .edit import REMOVE, app_target, free_name, names_used
from .import_style import tidy_imports
from .model import AppModel, ModuleFacts, read_module
from .model.route_syntax import tokens
from .needed_imports import add_imports
from .placement import PostSteps, has_app
from .requirements import imported_by
from .results import Declared, FileResult, Site, Todo
from .rules import READERS, RULES
from .rules.base import (
    Context,
    Phase,
    Rule,
    ask_import,
    drop_placeholders,
    todo_note,
    wanted_imports,
)
from .settings import Settings
from .shims import (
    FAITHFUL_ONLY,
    after_template_path,
    app_free,
    shim_calls,
    shim_imports,
    shims_placed,
)
from .templates import HELPERS

# What a module that asks for each piece does, for the TODO of one without an app.
ORPHANS = {Need.RESPONSE: "changes Bottle's response", Need.TEMPLATE_PATH: "changes TEMPLATE_PATH",
           Need.JINJA: "renders templates", Need.JINJA2: "renders templates",
           Need.FLOAT: "uses <x:float> routes", Need.PATH: "uses <x:path> routes",
           Need.JSON_ANSWERS: "returns dicts", Need.ROUTE_ERRORS: "reads an error's text",
           Need.LOCATION: "redirects"}


def orphan_text(needs: set[Need]) -> str:
    """What to do when this module needs code tied to an app it neither makes nor imports."""
    found = [text for need, text in ORPHANS.items() if need in needs]
    return (f"this module {', '.join(found)} but neither makes nor imports the Flask app: "
            "import the app here (or move this code into the app's module)")


def companions_relative(context: Context, up: int, state: PortState) -> None:
    """The imports of the modules the port copies beside the app (the companions asked,
    bottle_compat, the templates' helpers) made relative, for a module that runs as a
    member of a package: it finds them in the package's top folder, where they are
    copied, and not by their own names (`import bottle_mount` fails there)."""
    ours = {*(c.value for c in state.requests.companions), "bottle_compat"}
    wanted = wanted_imports(context)
    wanted[:] = [replace(item, module="." * up + item.module)
                 if not item.module.startswith(".") and (
                     item.module in ours or HELPERS.fullmatch(item.module)) else item
                 for item in wanted]


def reaches_static(rules: list[str]) -> bool:
    """Whether a /static/... URL reaches one of the app's routes: its first segment is a
    wildcard, or `static` itself (Flask's own static route would take those URLs)."""
    for rule in rules:
        first = next(tokens(rule.lstrip("/")), None)
        if first is not None and (first[1] is not None or first[0].split("/")[0] == "static"):
            return True
    return False


def imported_alike(source: str, name: str, module: str, attr: str | None) -> bool:
    """The module imports `name` itself, from where the template does."""
    if attr:
        spelt = attr if attr == name else rf"{re.escape(attr)}\s+as\s+{re.escape(name)}"
        return re.search(rf"^\s*from\s+{re.escape(module)}\s+import\b[^\n]*\b{spelt}\b",
                         source, re.M) is not None
    return re.search(rf"^\s*import\s+{re.escape(module)}\b", source, re.M) is not None \
        and name == module.split(".")[0]


def template_processor(state: PortState, taken: set[str],
                       missing: frozenset[str] = frozenset()) -> None:
    """What the templates import (`% import x`), imported in a context processor each
    time a page renders, as Bottle imported it at each render. A module not found where
    the port is made (`missing`, by name) is tried: where it fails, its name is None, and
    only the pages that use it fail, as Bottle failed only the templates importing it."""
    lines = []
    imports = state.settings.template_imports
    for name, (module, attr) in sorted(imports.items()):
        if attr:
            line = f"from {module} import {attr}" + ("" if attr == name else f" as {name}")
        elif name == module or "." in module and name == module.split(".")[0]:
            line = f"import {module}"
        else:
            line = f"import {module} as {name}"
        if name in missing:
            lines += ["try:", f"    {line}",
                      "except ImportError:  # only the pages that use it fail, as in Bottle",
                      f"    {name} = None"]
        else:
            lines.append(line)
    names = ", ".join(f'"{n}": {n}' for n in sorted(imports))
    body = "".join(f"    {line}\n" for line in lines)
    func = free_name("template_imports", taken)
    state.requests.after_app.append(AfterApp(
        f"@{{app}}.context_processor\ndef {func}():\n"
        f'    """What the templates `% import`, imported as a page renders (as Bottle did)."""\n'
        f"{body}    return {{{names}}}\n"))


def template_globals(state: PortState, context: Context) -> None:
    """What the templates import (`% import x`, which Bottle ran at each render) is
    imported once here and given to every template: app.jinja_env.globals. The
    functions holding the templates' Python (template_helpers.py) register themselves:
    template_helpers.init_app(app)."""
    imports = {name: found for name, found in state.settings.template_imports.items()
               if not HELPERS.fullmatch(found[0])}
    for module in sorted({module for module, _ in state.settings.template_imports.values()
                          if HELPERS.fullmatch(module)}):
        ask_import(context, module)
        state.requests.after_app.append(AfterApp(f"{module}.init_app({{app}})"))
    if not imports:
        return
    for name, (module, attr) in sorted(imports.items()):
        if attr:
            ask_import(context, module, attr, None if attr == name else name)
        elif name == module or "." in module and name == module.split(".")[0]:
            ask_import(context, module)  # `import a.b` binds a
        else:
            ask_import(context, module, asname=name)
    names = ", ".join(f"{n}={n}" for n in sorted(imports))
    state.requests.after_app.append(AfterApp(f"{{app}}.jinja_env.globals.update({names})"))


def flask_defaults(state: PortState, static_dir: bool, rules: list[str]) -> None:
    """Leave Flask's defaults where they do what Bottle did: no template_folder for an
    app with no templates, and no static_folder=None where Flask's static route serves
    nothing (no static/ folder beside the app, and no route of the app's that a
    /static/ URL would reach instead)."""
    options, settings = state.requests.app_options, state.settings
    # a Bottle subclass's module makes no app but takes its options (super().__init__)
    needs = state.requests.needs | (settings.tree_needs if settings.facts.app_classes
                                    else set())
    if FlaskOption.TEMPLATE_FOLDER not in options and (
            not needs & {Need.JINJA, Need.JINJA2, Need.TEMPLATE_PATH}
            or settings.template_folder == "templates"):
        options[FlaskOption.TEMPLATE_FOLDER] = REMOVE
    if FlaskOption.STATIC_FOLDER not in options and not static_dir \
            and not reaches_static(rules):
        options[FlaskOption.STATIC_FOLDER] = REMOVE


def uses_bottle(source: str) -> bool:
    """Whether the source imports bottle, read from its tokens (for a file LibCST cannot
    parse, Python 2 say: the model reads every other one)."""
    try:
        words = [(t.type, t.string) for t in tokenize.generate_tokens(
            io.StringIO(source).readline) if t.type in (tokenize.NAME, tokenize.OP,
                                                        tokenize.NEWLINE, tokenize.NL)]
    except (tokenize.TokenError, SyntaxError):
        return "bottle" in source
    for (_, first), (_, second) in zip(words, words[1:], strict=False):
        if first in {"import", "from"} and second == "bottle":
            return True
    return False


def port_source(source: str, path: str = "<string>", settings: Settings | None = None,
                **changes) -> FileResult:
    """Port one module's source; keywords change single settings (Settings' fields)."""
    settings = replace(settings or Settings(), **changes)
    try:
        tree, facts = read(source, path, settings)
    except cst.ParserSyntaxError as error:
        if not uses_bottle(source) and not settings.imported_apps:
            return FileResult(path, "skip", source)
        try:
            compile(source, path, "exec")
            whose = ""
        except (SyntaxError, ValueError):  # the user's file: Bottle could not run it either
            whose = " (Python refuses it too: the original cannot be imported either)"
        return FileResult(path, "failure", source, error=f"{path}:{error.raw_line}: "
                          f"cannot parse: {error.message}{whose}; copied unchanged")
    if not facts.imports_bottle and not settings.imported_apps and not facts.module_apps \
            and not facts.imported_holders and not facts.imported_classes \
            and not facts.handed_requests and not facts.app_attrs \
            and not facts.handed_apps:
        # (`app = Site().bottle` of an imported Site, `app = Shop()` of a Bottle subclass,
        # `def put(request)` handed Bottle's request, `self.app = app` handed an app)
        # `app = create_app()` of a factory another module defines: the app's entry
        made = sorted(facts.apps) if facts.factories else []
        # `app = create_app()` then `app.run()` under the main guard, of an object whose
        # run() serves the app it builds: the script that serves it (facts.runs)
        return FileResult(path, "skip", source,
                          app_name=made[0] if made else facts.runs)
    try:
        return _port_tree(tree, facts, source, path, settings)
    except Exception as error:  # a rule's bug: one file not converted, kept with its trace
        return FileResult(path, "failure", source, error=f"{path}: the porter failed on "
                          f"this file ({type(error).__name__}: {error}); it is copied "
                          "unchanged: please report it",
                          traceback="".join(traceback.format_exception(error)))


def read(source: str, path: str, settings: Settings) -> tuple[cst.Module, ModuleFacts]:
    """The module as the model read it (a whole folder's model, or this module alone)."""
    imported_apps = frozenset(settings.imported_apps)
    if settings.model is not None:
        return settings.model.read(Path(path), source, imported_apps=imported_apps,
                                   default_from=settings.default_from)
    return read_module(source, path, imported_apps=imported_apps,
                       default_from=settings.default_from, readers=READERS)


def module_state(facts: ModuleFacts, source: str, path: str, settings: Settings) -> PortState:
    """The engine's state for one module: its settings, read only (what a rule reads as
    Rule.state), and nothing recorded or asked yet but the names it defines itself."""
    model = settings.model
    state = PortState(ModuleSettings(
        facts=facts, path=path, faithful=settings.faithful,
        exact_keys=frozenset(settings.exact), app_folder=settings.app_folder,
        src_root=settings.src_root,
        template_folder="." if "TEMPLATE_PATH" in facts.bottle.values()
        and settings.faithful else settings.template_folder,
        template_search=tuple(settings.template_search),
        template_defaults=tuple(settings.template_defaults),
        template_root=settings.template_root,
        template_names=MappingProxyType(dict(settings.template_names or {})),
        template_imports=MappingProxyType(dict(settings.template_imports or {})),
        template_reads=MappingProxyType(dict(settings.template_reads or {})),
        template_errors=MappingProxyType(dict(settings.template_errors or {})),
        template_kept=MappingProxyType(dict(settings.template_kept or {})),
        template_unconverted=MappingProxyType(dict(settings.template_unconverted or {})),
        route_filters=frozenset(settings.route_filters) | (
            model.filters_added() if model is not None else facts.filters_added),
        shared_views=frozenset(settings.shared_views),
        tree_needs=frozenset(settings.tree_needs),
        imported_openers=MappingProxyType(dict(settings.openers or {})),
        app_text=source if settings.app_text is None else settings.app_text))
    state.requests.provided |= facts.own_defs
    return state


def _port_tree(tree: cst.Module, facts: ModuleFacts, source: str, path: str,
               settings: Settings) -> FileResult:
    disabled, tree_needs, faithful, own_modules = (
        settings.disabled, settings.tree_needs, settings.faithful, settings.own_modules)
    model: AppModel | None = settings.model
    context = Context(filename=path, model=model)
    original = facts.original or cst.parse_module(source)
    state = module_state(facts, source, path, settings)
    context.scratch[PORT_KEY] = state  # the rules' Rule.state, records and requests
    requests, records = state.requests, state.records
    rules = [rule for rule in RULES if rule.code not in disabled
             and (not rule.triggers or not facts.words.isdisjoint(rule.triggers))]
    tree = passes.run(tree, [rule for rule in rules if rule.phase < Phase.LAST], context)
    if facts.makes_an_app():
        requests.needs |= tree_needs
        if faithful:  # Bottle's filters, on every app: a module handed an app (a class
            # given it) routes with them where it cannot register them itself
            literal = model.route_rules() if model is not None else facts.route_rules()
            requests.needs |= {need for need, word in (
                (Need.PATH, ":path>"), (Need.FLOAT, ":float>"))
                if any(word in rule for rule in literal)}
        elif model is not None and settings.exact:  # a module's exact route filters,
            # on whatever app they are added to
            requests.needs |= model.exact_filters(settings.exact)
            requests.exact_needs |= model.exact_filters(settings.exact)
        if settings.template_crlf:  # Jinja2 writes each newline as "\n" unless told
            requests.after_app.append(AfterApp('{app}.jinja_env.newline_sequence = "\\r\\n"'))
    if not faithful:  # the idiomatic port declares these changes instead
        flask_defaults(state, settings.static_dir,
                       model.route_rules() if model is not None else facts.route_rules())
        imports = state.settings.template_imports
        if Need.TEMPLATE_IMPORTS in requests.needs and imports:
            clash = sorted(name for name, found in imports.items()
                           if re.search(rf"\b{re.escape(name)}\b", source)
                           and not imported_alike(source, name, *found))
            # the app's own modules may import the app: imported here, before the app
            # is made, they would be a circular import (Bottle imported them at render)
            own = sorted(name for name, (module, _) in imports.items()
                         if module.split(".")[0] in own_modules or module.startswith("."))
            # a module neither the app's own nor found here (not in the repository, a
            # package not installed): imported at the app's start, the port would not
            # start, where Bottle failed only the pages importing it (RULE-s53 class G)
            # (the port's own template_helpers modules are written beside it, not found
            # here yet)
            missing = frozenset(name for name, (module, _) in imports.items()
                                if name not in own and not module.startswith(".")
                                and not HELPERS.fullmatch(module)
                                and importlib.util.find_spec(module.split(".")[0]) is None)
            if clash or own or missing:
                # imported when a page renders, as Bottle ran `% import`: no import
                # cycle with a module that imports the app, no clash with this module's
                template_processor(state, names_used(tree), missing)
            else:
                template_globals(state, context)
        # what the sites that took their exact candidate need is kept
        requests.needs -= FAITHFUL_ONLY - requests.exact_needs
    # Where the app is made (or imported), asked first: each of the post-steps that
    # places statements after it has its own answer where the module has none (a TODO of
    # P011's, of a rule's finish(), bottle_compat's needs dropped and P002's TODO), so
    # the placements are computed first and made in one walk with the app's options
    makers = facts.app_makers()
    app_made = has_app(tree, facts.app_name, makers)
    calls = [([after.template], dict(after.values)) for after in requests.after_app]
    for after in requests.after_app if not app_made else ():
        tree = tree.with_changes(header=[*tree.header, todo_note(
            state, "P011", "set the Flask app's jinja_loader where the app is made: "
            # the parser's default config given, so mypy reads **values as
            # replacements only (a dict could fill `config` too)
            + cst.Module([]).code_for_node(parse_template_statement(
                after.template, cst.PartialParserConfig(), app=cst.Name("app"),
                **after.values)))])
    # what each rule adds after the app and to the whole module
    # (Rule.statements_after_app, finish)
    finishing = [rule(context) for rule in rules if rule.finish is not Rule.finish
                 or rule.statements_after_app is not Rule.statements_after_app]
    for made in finishing:
        calls += [([after.template], dict(after.values))
                  for after in made.statements_after_app(tree)]
    # bottle_compat's install() and Bottle's answers, after the rules' (so right after
    # the app); a module without an app leaves its app's needs to the app's module
    shims, orphan = shim_calls(state), False
    if shims and not app_made:
        requests.needs -= tree_needs  # the app's module has them
        if not faithful and model is not None and settings.exact \
                and not model.default_modules:  # every app made registers them
            requests.needs -= model.exact_filters(settings.exact)
        app_free(state)
        orphan, shims = bool(shim_calls(state)), []
    template_path = shims_placed(state) if shims else False
    for module, name in shim_imports(state):
        ask_import(context, module, name)

    def then(module: cst.Module) -> cst.Module:
        """What goes on the module's statement list once the rules' statements after
        the app are placed: each rule's finish()."""
        for made in finishing:
            module = made.finish(module, app_made)
        return module

    def at_last(module: cst.Module) -> cst.Module:
        """Once the shims are placed too: install() moved after TEMPLATE_PATH, and the
        TODO of a module whose app's code has no app to go after."""
        if template_path:
            module = after_template_path(module)
        if orphan:
            module = module.with_changes(header=[*module.header, todo_note(
                state, "P002", orphan_text(requests.needs))])
        return module

    # One walk for the post-steps and the LAST phase: the app's options and the
    # statements after it (placement.PostSteps), the Bottle-only app attributes still
    # read (leftovers.Flag: whether the module will import current_app is known, its
    # imports are asked for), then P001's prune, which reads the module as the walk
    # begins and what the placements will read (PortState.placed_reads)
    post = PostSteps(context, state, facts.app_name, calls if app_made else [],
                     shims if app_made else [], makers, then, at_last)
    post.read()
    flag = leftovers.Flag(context, facts.apps | ({facts.app_name} if facts.default_app
                                                 else set()),
                          leftovers.imports_current_app(tree, wanted_imports(context)))
    last = [rule for rule in rules if rule.phase == Phase.LAST]
    walkers = [walker for walker in (post, flag) if walker.wanted()]
    if last or walkers:
        if post not in walkers:  # its `then` as the walk leaves the module
            walkers.insert(0, post)
        tree = passes.run(tree, last, context, walkers)
    else:
        tree = at_last(then(tree))
    records.breaks |= set(flag.found)
    if settings.companions_up:
        companions_relative(context, settings.companions_up, state)
    tree = add_imports(tree, wanted_imports(context))
    tree = tidy_imports(drop_placeholders(tree, state), original,
                        {*own_modules, "bottle_compat", "bottle_routes", "bottle_answers"})
    # the sites' marks are dropped as the declared changes' are: theirs numbered -1, -2...
    code, marked, noted, imports_bottle = marks.render(
        tree, {**{id(mark.comment): mark.index for mark in records.marks},
               **{id(mark.comment): -1 - mark.index for mark in records.site_marks}},
        {id(mark.comment): (n, mark.todo.code, mark.todo.text)
         for n, mark in enumerate(records.todo_marks)}, source)
    lines = marked
    # a change whose code a later rule removed (a static route Flask now serves) is gone
    declared: list[Declared] = sorted(
        ({**d, "line": lines[n]} for n, d in enumerate(records.declared) if n in lines),
        key=lambda d: d["line"])
    try:
        # parsed once: compiled from its tree (the same errors as compiling the code),
        # which gives the sites' statements and requirements.txt's imports too
        syntax = ast.parse(code, path)
        compile(syntax, path, "exec")
    except SyntaxError as error:
        return FileResult(path, "failure", source, error=f"{path}:{error.lineno}: the "
                          f"ported code does not compile: {error.msg}")
    sites = placed_sites(syntax, records.sites, {-1 - n: line for n, line in lines.items()
                                                 if n < 0})
    # each TODO still in the module, at its line (a statement a later rule removed took
    # its TODO with it)
    todos: list[Todo] = sorted((
        {"code": mark.todo.code, "line": noted[n], "text": mark.todo.text,
         "breaks": mark.todo in records.breaks}
        for n, mark in enumerate(records.todo_marks) if n in noted),
        key=lambda todo: todo["line"])
    app = facts.app_name if (facts.apps or facts.default_app) else None
    if app is not None:
        app = factory_call(tree, app)
    elif facts.runs is not None:
        # `app = create_app()` and `app.run()` under the main guard: the script that serves
        # the app (the check runs it so and serves what its run() is handed)
        app = facts.runs
    return FileResult(path, "success", code, dict(sorted(records.applied.items())), todos,
                      declared, records.notes, app_name=app, wsgi_entry=facts.wsgi_entry,
                      emulation=state.emulation,
                      # (bottle_compat imported for install(), or a piece of it alone)
                      compat=requests.install or bool(requests.compat_names),
                      imports_bottle=imports_bottle,
                      companions=sorted(c.value for c in requests.companions),
                      openers=dict(records.openers), sites=sites,
                      compat_uses=(frozenset(state.compat_keywords),
                                   frozenset(requests.compat_names)),
                      imported=frozenset(imported_by(syntax)))


def placed_sites(syntax: ast.Module, sites: list[Site], lines: dict[int, int]) -> list[Site]:
    """Each site with its line in the ported code (its tree: `syntax`) and the lines of
    the top-level statement that holds it, or that the comment lines it stands in lead
    (a traceback's frame there is this site's)."""
    spans = [(min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", ()))]),
              stmt.end_lineno or stmt.lineno) for stmt in syntax.body]
    placed: list[Site] = []
    for n, site in enumerate(sites):
        found: Site = {**site}
        line = lines.get(n)
        if line is not None:
            found["line"] = line
            # (a site's line may be a TODO's above its statement: the TODOs of its
            # idiomatic form are written in the statement's leading lines, the site's
            # mark among them)
            span = next(([a, b] for a, b in spans if line <= b), None)
            if span is not None:
                found["span"] = span
        placed.append(found)
    return placed


def factory_call(module: cst.Module, app: str) -> str:
    """`make_app()` when the module makes its app only in that function and returns it
    (what `flask --app 'module:make_app()'` calls: with no arguments, so a factory whose
    parameters all have defaults, `init(cfgfn=None)`, too), or when it makes its app at
    module level and a function of that kind adds to it and returns it (`def init(cfg=
    '/etc/app.cfg'): app.route(...); return app`: routes no one adds otherwise); else the
    app's name."""
    at_top = any(app_target(stmt, app) is not None for stmt in module.body)
    for stmt in module.body:
        if not isinstance(stmt, cst.FunctionDef) or not called_bare(stmt.params) \
                or not isinstance(stmt.body, cst.IndentedBlock):
            continue
        lines = [s for s in stmt.body.body if isinstance(s, cst.SimpleStatementLine)]
        returned = {cst.Module([]).code_for_node(s.body[0].value) for s in lines
                    if isinstance(s.body[0], cst.Return) and s.body[0].value is not None}
        if at_top:
            adds = any(isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)
                       and isinstance(small.value.func, cst.Attribute)
                       and isinstance(small.value.func.value, cst.Name)
                       and small.value.func.value.value == app
                       for s in lines for small in s.body)
            if app in returned and adds:
                return f"{stmt.name.value}()"
            continue
        made = {cst.Module([]).code_for_node(t) for s in stmt.body.body
                if (t := app_target(s, app)) is not None}
        if made & returned:
            return f"{stmt.name.value}()"
    return app


def called_bare(params: cst.Parameters) -> bool:
    """A function callable with no arguments: each parameter it names has a default."""
    return all(p.default is not None for p in (*params.posonly_params, *params.params,
                                                *params.kwonly_params))

