"""What the model reads of a module, spelt the model's way (model/reading.py), once the
spelling has said which names are Bottle's and which hold an app: readers called over
the spelling walk's record of the module (read.Trace, Readers.replay), no walk of
their own, each needing those answers at every node:
- Collect: its views and the decorators around them, its routes, what it attaches to
  an app, the route filters it adds, the decorators it defines that rename what they
  wrap, what it imports, every name it spells, its calls and `for` loops (which
  model/handed.py reads across modules), the strings that name template folders;
- ViewFunctions: the functions under a route decorator (ModuleApps.views);
- Engines: the template engines its template calls name (engines.py);
- each rule's pre-scan (`Rule.reader`), kept for the rule in `facts.read_by`."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from types import MappingProxyType

import libcst as cst
from libcst.helpers import get_full_name_for_node

from ..edit import arg, free_name, remember_names, string_value
from ..read import Readers
from ..walk import TRIVIA
from .facts import (
    ATTACHING,
    DEFAULT_IMPORT,
    ROUTE_METHODS,
    TEMPLATE_CALLS,
    Attachment,
    ModuleFacts,
    Route,
    View,
    template_config,
)


def decorator_root(node: cst.BaseExpression) -> str | None:
    """`view` for @view(...), @view, @utils.view(...): the name it starts from."""
    node = node.func if type(node) is cst.Call else node
    while type(node) is cst.Attribute:
        node = node.value
    return node.value if type(node) is cst.Name else None


def route_rules(call: cst.Call) -> tuple[str | None, ...]:
    """The rules a route call registers: one string, each string of a list or tuple
    (`@get(['/', '/doc'])`), None where one is not a literal; () for no path at all."""
    given = arg(call, 0, "path")
    if given is None:
        return ()
    value = given.value
    if isinstance(value, cst.List | cst.Tuple):
        return tuple(string_value(e.value) if type(e) is cst.Element else None
                     for e in value.elements)
    return (string_value(value),)


def route_name(call: cst.Call) -> str | None:
    """A route call's name= (route(path, method, callback, name)): None when not given,
    "" when not a literal."""
    given = arg(call, 3, "name")
    return None if given is None else string_value(given.value) or ""


def callee(node: cst.BaseExpression) -> str | None:
    """The function a route call registers: `page`, `self.page` (its name), else None."""
    if type(node) is cst.Name:
        return node.value
    return node.attr.value if type(node) is cst.Attribute else None


def receiver(node: cst.BaseExpression) -> str | None:
    """What a callback given as an attribute is read from: `self`, `views`, `pkg.views`
    as written, "?" for anything else (`View().callback`); None for a plain name."""
    if type(node) is not cst.Attribute:
        return None
    return get_full_name_for_node(node.value) \
        if isinstance(node.value, cst.Name | cst.Attribute) else "?"


def gives_base(call: cst.Call, api: str) -> bool:
    """Whether a render call may hand its template a `base` value: `base=`, a dict
    that may hold one (`**values`, `template("x", values)`), or a @view's (the values
    are the dict its function returns). Its other keywords (template_lookup=...) do not."""
    if api.endswith("view"):
        return True
    for given in call.args[1:]:
        if given.keyword is not None:
            if given.keyword.value == "base":
                return True
        elif given.star == "*" or may_hold_base(given.value):
            return True
    return False


def may_hold_base(value: cst.BaseExpression) -> bool:
    """A dict handed to a render may have the key "base": anything but a literal
    (`{"title": t}`, `dict(title=t)`) that has no such key."""
    if type(value) is cst.Dict:
        return any(type(e) is not cst.DictElement or string_value(e.key) in (None, "base")
                   for e in value.elements)
    if type(value) is cst.Call and type(value.func) is cst.Name \
            and value.func.value == "dict":
        return any(a.keyword is None or a.keyword.value == "base" for a in value.args)
    return True


# the list methods that change a list in place
LIST_CHANGES = frozenset({"insert", "append", "extend", "remove", "pop", "clear"})


class Collect(cst.CSTVisitor):
    def __init__(self, facts: ModuleFacts, lines: dict[int, int], scope: list) -> None:
        super().__init__()
        self.facts = facts
        self.lines = lines  # id(statement) -> line, for the module's top-level statements
        self.words: set[str] = set()
        self.imported: set[str] = set()  # the names spelt in its import statements
        self.into = self.words
        self.scope = scope  # the functions and classes around the node (the walk's)
        self.line = 0
        # the functions being read, outermost first: a decorator may be defined in a
        # factory (create_app's login_required) as well as at the top of the module
        self.wrappers: list[Renames] = []
        self.template_functions: list[cst.Name] = []  # Bottle's template(), view()...
        self.configured: set[str] = set()  # the templates routes' template= renders
        # the strings of the statement being read, and whether it reads TEMPLATE_PATH;
        # the `template_lookup=` values being read (their strings are the folders')
        self.strings: list[str] = []
        self.reads_path = False
        self.lookups = 0

    def visit_Name(self, node: cst.Name) -> None:
        self.into.add(node.value)
        if self.into is self.words:
            api = self.facts.bottle.get(node.value)
            if api in TEMPLATE_CALLS:
                self.template_functions.append(node)
            elif api == "TEMPLATE_PATH":
                self.reads_path = True

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        value = string_value(node)
        if value is not None:
            if self.lookups:
                self.facts.template_path_strings.append(value)
            else:
                self.strings.append(value)

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None and node.keyword.value == "template_lookup" \
                and isinstance(node.value, cst.List | cst.Tuple):
            self.lookups += 1

    def leave_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None and node.keyword.value == "template_lookup" \
                and isinstance(node.value, cst.List | cst.Tuple):
            self.lookups -= 1

    def leave_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if self.reads_path:
            self.facts.template_path_strings.extend(self.strings)
        self.strings.clear()
        self.reads_path = False

    def visit_Import(self, node: cst.Import) -> None:
        self.into = self.imported
        for alias in node.names:
            dotted = get_full_name_for_node(alias.name) or ""
            local = alias.asname.name if alias.asname else None
            name = local.value if type(local) is cst.Name else dotted.split(".")[0]
            self.facts.imports[name] = (dotted if local else name, None, 0)

    def leave_Import(self, node: cst.Import) -> None:
        self.into = self.words

    def leave_ImportFrom(self, node: cst.ImportFrom) -> None:
        self.into = self.words

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.line = self.lines.get(id(node), self.line)
        self.strings.clear()
        self.reads_path = False

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.line = self.lines.get(id(node), self.line)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.line = self.lines.get(id(node), self.line)
        facts = self.facts
        routes = [i for i, d in enumerate(node.decorators) if type(d.decorator) is cst.Call
                  and facts.app_method(d.decorator.func) in ROUTE_METHODS]
        for i in routes:
            call = node.decorators[i].decorator
            assert type(call) is cst.Call
            method = facts.app_method(call.func)
            assert method is not None
            facts.routes.append(Route(method, route_rules(call), node.name.value, self.line,
                                      name=route_name(call)))
        if routes:
            inner = tuple(root for d in node.decorators[routes[-1] + 1:]
                          if (root := decorator_root(d.decorator)) is not None)
            facts.views.append(View(node.name.value, self.line, inner, not self.scope))
        name = node.name.value
        qualified = ".".join([*(n.name.value for n in self.scope), name])
        kind = facts.methods if self.scope and type(self.scope[-1]) is cst.ClassDef \
            else facts.functions
        kind.setdefault(name, set()).add(qualified)
        self.wrappers.append(Renames(node))
        for wrapper in self.wrappers:
            wrapper.function(node)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        if self.wrappers and node is self.wrappers[-1].func:
            if self.wrappers.pop().renames():
                self.facts.renaming_decorators.add(node.name.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        # `app.error_handler[code] = handler` in a decorator: what it decorates is a handler
        target = node.targets[0].target if len(node.targets) == 1 else None
        if type(target) is cst.Subscript and type(target.value) is cst.Attribute \
                and target.value.attr.value == "error_handler" \
                and self.facts.is_app(target.value.value):
            self.registers_parameter(node.value)

    def registers_parameter(self, value: cst.BaseExpression) -> None:
        """Record the module-level class or function around a registration whose
        handler is a parameter of the function it stands in (a decorator's)."""
        func = self.scope[-1] if self.scope else None
        if type(value) is not cst.Name or type(func) is not cst.FunctionDef:
            return
        params = {p.name.value for p in func.params.params}
        if value.value in params:
            self.facts.error_decorators.add(self.scope[0].name.value)

    def visit_For(self, node: cst.For) -> None:
        if type(node.target) is cst.Name:
            self.facts.loops.append((node.target.value, node.iter))

    def visit_Yield(self, node: cst.Yield) -> None:
        self.facts.yields = True

    def visit_Return(self, node: cst.Return) -> None:
        for wrapper in self.wrappers:
            wrapper.returns(node)

    def in_def(self) -> bool:
        return any(type(s) is cst.FunctionDef for s in self.scope)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        if self.in_def():
            target = node.target
            self.facts.changed_in_defs.append(
                target.value if type(target) is cst.Subscript else target)

    def visit_Call(self, node: cst.Call) -> None:
        facts = self.facts
        facts.calls.append(node)
        if type(node.func) is cst.Attribute and node.func.attr.value in LIST_CHANGES \
                and self.in_def():
            facts.changed_in_defs.append(node.func.value)
        for wrapper in self.wrappers:
            wrapper.call(node)
        func = node.func
        if facts.api(func) in TEMPLATE_CALLS:
            name = string_value(node.args[0].value) if node.args else None
            if name is not None:
                facts.templates_named.add(name)
                if gives_base(node, facts.api(func) or ""):
                    facts.templates_given_base.add(name)
            elif node.args:
                facts.templates_computed = True
                facts.computed_by.add(facts.api(func) or "")
        method = facts.app_method(func)
        if method in ROUTE_METHODS and (config := arg(node, None, "template")) is not None:
            # Bottle's TemplatePlugin renders a route's `template="x"` (or `("x", defaults)`)
            # with view(): the values are what the view returns
            given = config.value
            if isinstance(given, cst.Tuple | cst.List) and given.elements:
                given = given.elements[0].value
            name = string_value(given)
            if name is None:
                facts.renders_unknown = True
            else:
                facts.templates_given_base.add(name)
                if template_config(node) is not None:  # a template SimpleTemplate renders
                    facts.templates_named.add(name)
                    self.configured.add(name)
        if method in ROUTE_METHODS and arg(node, 2, "callback") is not None:
            callback = arg(node, 2, "callback")
            assert callback is not None
            facts.routes.append(Route(method, route_rules(node), callee(callback.value),
                                      self.line, by_call=True, name=route_name(node),
                                      receiver=receiver(callback.value)))
        elif type(func) is cst.Call and node.args \
                and (by_hand := facts.app_method(func.func)) in ROUTE_METHODS:
            # app.route(path)(view), app.get(path)(self.page): the decorator called by hand
            assert by_hand is not None
            facts.routes.append(Route(by_hand, route_rules(func), callee(node.args[0].value),
                                      self.line, by_call=True, name=route_name(func),
                                      receiver=receiver(node.args[0].value)))
        elif type(func) is cst.Call and len(node.args) == 1 \
                and facts.app_method(func.func) == "error":
            self.registers_parameter(node.args[0].value)  # app.error(code)(handler)
        elif method in ATTACHING:
            app = (get_full_name_for_node(func.value) or "?") \
                if type(func) is cst.Attribute else "default app"
            facts.attachments.append(Attachment(method, app, self.line))
        if type(func) is cst.Attribute and func.attr.value == "add_filter" \
                and type(func.value) is cst.Attribute and func.value.attr.value == "router" \
                and (facts.is_app(func.value.value) or _default_app_call(facts, func.value.value)):
            name = string_value(node.args[0].value) if node.args else None
            if name is not None:
                facts.filters_added.add(name)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        self.into = self.imported
        if isinstance(node.names, cst.ImportStar):
            return
        module = get_full_name_for_node(node.module) if node.module else ""
        for alias in node.names:
            local = alias.asname.name if alias.asname else alias.name
            if type(local) is cst.Name and type(alias.name) is cst.Name:
                self.facts.imports[local.value] = (module or "", alias.name.value,
                                                   len(node.relative))


def _default_app_call(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    return type(node) is cst.Call and not node.args \
        and facts.api(node.func) in {"default_app", "app"}


class Renames:
    """Whether a function (at the top of the module, or defined in another: a factory's
    own decorators) is a decorator whose wrapper Flask would see under the wrapper's own
    name: it defines a function and returns it (at any depth: a decorator factory), and
    nothing in it is decorated with functools.wraps (or update_wrapper called). Read as
    the walk passes through the function."""

    def __init__(self, func: cst.FunctionDef) -> None:
        self.func = func
        self.inner: set[str] = set()
        self.returned: set[str] = set()
        self.kept = False

    def function(self, node: cst.FunctionDef) -> None:
        if node is not self.func:
            self.inner.add(node.name.value)
        for d in node.decorators:
            if decorator_root(d.decorator) in {"wraps", "functools"}:
                self.kept = True

    def call(self, node: cst.Call) -> None:
        name = get_full_name_for_node(node.func) or ""
        if name.split(".")[-1] in {"update_wrapper", "wraps"}:
            self.kept = True

    def returns(self, node: cst.Return) -> None:
        if type(node.value) is cst.Name:
            self.returned.add(node.value.value)
        elif type(node.value) is cst.Lambda:
            self.returned.add("<lambda>")
            self.inner.add("<lambda>")

    def renames(self) -> bool:
        return not self.kept and bool(self.inner & self.returned)


class ViewFunctions(cst.CSTVisitor):
    """Names of functions under a route decorator (`@x.get(...)`, `@route(...)`)."""

    def __init__(self, facts: ModuleFacts) -> None:
        super().__init__()
        self.bottle = facts.bottle
        self.found: list[str] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        for d in node.decorators:
            func = d.decorator.func if type(d.decorator) is cst.Call else None
            name = func.attr.value if type(func) is cst.Attribute else \
                self.bottle.get(func.value) if type(func) is cst.Name else None
            if name in ROUTE_METHODS:
                self.found.append(node.name.value)
                return


OTHER_ENGINES = {"mako_template", "mako_view", "MakoTemplate", "cheetah_template",
                 "cheetah_view", "CheetahTemplate"}


class Engines(cst.CSTVisitor):
    """The engines a module's template calls name: "simple", "jinja2", "other"; which
    engine renders each template a call names by a literal, in the one folder its
    `template_lookup=` names ("" for Bottle's TEMPLATE_PATH): (name, folder, engine); and
    the engines of the calls given a name known only at run time."""

    def __init__(self, facts: ModuleFacts) -> None:
        super().__init__()
        self.bottle = facts.bottle
        self.found: set[str] = set()
        self.named: set[tuple[str, str, str]] = set()
        self.reads_path = False  # a render Bottle's own function makes in the port too
        self.computed: set[str] = set()

    def visit_Call(self, node: cst.Call) -> None:
        bottle = self.bottle
        name = bottle.get(node.func.value) if type(node.func) is cst.Name else None
        adapter = arg(node, None, "template_adapter")
        engine = None
        if name in {"template", "view"} and adapter is not None:
            given = adapter.value
            engine = "jinja2" if type(given) is cst.Name \
                and bottle.get(given.value) == "Jinja2Template" else "other"
        elif name in {"template", "view", "SimpleTemplate"}:
            engine = "simple"
        elif name in {"jinja2_template", "jinja2_view"}:
            engine = "jinja2"
        elif name in OTHER_ENGINES:
            engine = "other"
        if engine is None:
            return
        self.found.add(engine)
        if (engine == "other" or engine == "jinja2"
                and arg(node, None, "template_settings") is not None) \
                and arg(node, None, "template_lookup") is None \
                and name not in {"MakoTemplate", "CheetahTemplate"}:  # (their own lookup)
            self.reads_path = True
        first = arg(node, 0, None) if name not in {"SimpleTemplate"} else None
        template = string_value(first.value) if first is not None and first.keyword is None \
            else None
        if template is not None and not any(c in template for c in "\n{%$"):
            self.named.add((template, lookup_folder(node), engine))
        elif template is None and first is not None and first.keyword is None:
            self.computed.add(engine)


def lookup_folder(call: cst.Call) -> str:
    """The one folder a render call's `template_lookup=` names (`["views2"]`), else ""."""
    given = arg(call, None, "template_lookup")
    if given is None or not isinstance(given.value, cst.List | cst.Tuple) \
            or len(given.value.elements) != 1:
        return ""
    folder = string_value(given.value.elements[0].value)
    return (folder or "").strip("/").removeprefix("./")


# The lines of the last modules asked about: id of the parse -> (the parse, its source,
# the lines). The model reads most modules of a package app two or three times (once
# more for what the others tell it), each time from the same parse and source: Python's
# parser is asked once.
_STARTS: dict[int, tuple[cst.Module, str, list[int] | None]] = {}
_STARTS_KEPT = 64


def code_starts(original: cst.Module, source: str) -> list[int] | None:
    """The line each top-level statement of `original` (LibCST's parse of `source`)
    starts its code on (its first decorator), as Python's own parser reads them: about
    a quarter of the time LibCST takes to print each statement to count its lines. None
    where the two may count lines apart (a lone carriage return ends a line for Python,
    not in a count of newlines) or Python's parser refuses the code."""
    known = _STARTS.get(id(original))
    if known is not None and known[0] is original and known[1] == source:
        return known[2]
    starts = _code_starts(original, source)
    if len(_STARTS) >= _STARTS_KEPT:
        _STARTS.pop(next(iter(_STARTS)))
    _STARTS[id(original)] = (original, source, starts)
    return starts


# Python's parse of the last sources asked about (source -> its statements, None where
# Python refuses it): a module's is asked for its lines and, as the folder is listed,
# whether it is a copy of Bottle (model/app.py: is_bottle)
_BODIES: dict[str, list[ast.stmt] | None] = {}


def python_body(source: str) -> list[ast.stmt] | None:
    """The module's top-level statements as Python's own parser reads them, else None."""
    if source in _BODIES:
        return _BODIES[source]
    try:
        body: list[ast.stmt] | None = ast.parse(source).body
    except (SyntaxError, ValueError):  # (ValueError: a null byte, in some versions)
        body = None
    if len(_BODIES) >= _STARTS_KEPT:
        _BODIES.pop(next(iter(_BODIES)))
    _BODIES[source] = body
    return body


def _code_starts(original: cst.Module, source: str) -> list[int] | None:
    if "\r" in source.replace("\r\n", ""):
        return None
    body = python_body(source)
    if body is None:
        return None
    starts: list[int] = []
    end = 0
    for node in body:
        if starts and node.lineno == end:  # `a = 1; b = 2`: one LibCST statement line
            end = node.end_lineno or end
            continue
        decorators = getattr(node, "decorator_list", ())
        starts.append(min([node.lineno, *(d.lineno for d in decorators)]))
        end = node.end_lineno or node.lineno
    return starts if len(starts) == len(original.body) else None


def statement_lines(tree: cst.Module, original: cst.Module | None = None,
                    source: str | None = None) -> dict[int, int]:
    """Each top-level statement's first line of code (id of the statement -> line), as
    counted in the code of `tree`. A statement of `original` (the parse of `source`) that
    the spelling left as it was spans the lines it spans there, read from Python's
    parser; any other is printed and its lines counted (position metadata would cost a
    whole metadata pass for one number a statement)."""
    starts = code_starts(original, source) if original is not None \
        and source is not None else None
    lines: dict[int, int] = {}
    line = 1 + len(tree.header)
    last = len(tree.body) - 1
    for i, stmt in enumerate(tree.body):
        lines[id(stmt)] = line + len(stmt.leading_lines)
        if i == last:  # no statement after it to count to
            break
        if starts is not None and original is not None and i + 1 < len(starts) \
                and stmt is original.body[i]:
            after = original.body[i + 1]
            line += (starts[i + 1] - len(after.leading_lines)) \
                - (starts[i] - len(stmt.leading_lines))
        else:
            line += tree.code_for_node(stmt).count("\n")
    return lines


def collect(tree: cst.Module, facts: ModuleFacts,
            readers: Mapping[str, type] = MappingProxyType({}),
            source: str | None = None, trace: list | None = None) -> None:
    """Fill in what the readers find in the (spelt) module, the rules' pre-scans
    (`readers`: rule code -> its reader class) too, called over `trace` (the spelling
    walk's record of the tree, read.Trace, the trivia left out) where there is one, else
    in a walk of their own; `source`: the code of `facts.original`, when known (the
    lines of its statements read without printing)."""
    lines = statement_lines(tree, facts.original, source)
    scope: list = []
    visitor = Collect(facts, lines, scope)
    views, engines = ViewFunctions(facts), Engines(facts)
    found = {code: reader(facts) for code, reader in readers.items()}
    walk = Readers([visitor, views, engines, *found.values()], scope)
    if trace is not None and walk.skip() == TRIVIA:
        walk.replay(trace)
    else:  # (the spelling made the module anew as it left it: rare)
        walk.walk(tree)
    facts.words = frozenset(visitor.words | visitor.imported)
    if facts.default_shortcuts and facts.default_from:
        # the shared default app, imported beside the module's own app under a name the
        # module does not spell: an app, whose route() the rules convert (P002 names it)
        facts.default_import = free_name(DEFAULT_IMPORT, set(facts.words))
        facts.apps.add(facts.default_import)
    facts.view_functions = views.found
    # a route's template= is rendered by Bottle's view(): SimpleTemplate, from TEMPLATE_PATH
    facts.engines = frozenset(engines.found | ({"simple"} if visitor.configured else set()))
    facts.rendered_by = frozenset(engines.named
                                  | {(name, "", "simple") for name in visitor.configured})
    facts.reads_template_path = engines.reads_path
    facts.engines_computed = frozenset(engines.computed)
    # a template function read other than as the function a call calls (`partial(
    # template, "x")`, `render = view`): its renders are not known (a method of the
    # same name, `self.template(...)`, is no Bottle function)
    callees = {id(call.func.attr if type(call.func) is cst.Attribute else call.func)
               for call in facts.calls}
    facts.template_values = any(id(name) not in callees
                                for name in visitor.template_functions)
    facts.renders_unknown = facts.renders_unknown or facts.template_values
    facts.read_by = found
    # every name the module spells, in its imports and outside them: asked again of
    # this module (a rule's free names) it is not walked again
    remember_names(tree, visitor.words, visitor.imported)
