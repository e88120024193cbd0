"""P010: hooks: `@app.hook("before_request")` becomes `@app.before_request`

Bottle's after_request hooks change the global `response` and return nothing;
Flask's take the response and return it, so the hook gains a parameter and a
`return`; its own early exits (`return`, `return None`) return that response too
(Bottle ignores what the hook returns; Flask would send None, a 500). Its
`response.x = ...` lines still work through P005's recorder (applied after every
hook). Flask runs an after_request hook on the 500 page of an exception a view raised
too, where Bottle's 500 replaced the response the hook had changed: D-hook-crash.
Other hook names (app_reset, config) get a TODO.
`app.add_hook("after_request", fn)` at module level, for a function the module defines,
is the decorator on that function (a `remove_hook` of it at module level too leaves it
undecorated, as Bottle never ran it). A hook registered by hand, as a Bottle subclass
does in its __init__ (`self.hook("after_request")(self.stamp)`), or added anywhere else
(`app.add_hook("before_request", self.before)` in a method) is Flask's call
(`self.after_request(self.stamp)`); an after_request function the module defines gains
an optional last parameter, the response, which it returns. Any other after_request
callable (imported, a lambda) is called as Bottle called it, with nothing, and the
response handed on: `app.after_request(lambda flask_response: (hook(), flask_response)[1])`
(kept by default: Flask would hand it the response and send what it returns), with a
note for an imported one. `app.remove_hook("after_request", fn)` takes the function out
of Flask's list where it is there (`app.after_request_funcs[None]`), as Bottle's does;
an `add_hook("config", ...)`/`("app_reset", ...)` (or a remove_hook the port cannot
follow) is left out under a TODO.

A before_request hook that changes `request.environ` ran before Bottle picked the route
(the usual trailing-slash recipe rewrites PATH_INFO there); Flask's run after routing.
One that reads nothing else of the request becomes a WSGI middleware, as Flask's docs
write one:

    @hook("before_request")            class NoTrailingSlash:
    def no_trailing_slash():               def __init__(self, wsgi_app): ...
        request.environ["PATH_INFO"] = ->  def __call__(self, environ, start_response):
            request.environ[...]...              environ["PATH_INFO"] = environ[...]...
                                                 return self.wsgi_app(environ, start_response)
                                       app.wsgi_app = NoTrailingSlash(app.wsgi_app)

Any other keeps `@app.before_request` under a TODO.
A hook Flask has no counterpart for (`@app.hook("config")`, `"app_reset"`) loses its
decorator under a TODO (Flask's app has no `hook()`: left on, the port would stop at
import); the function stays, for the app to call where Bottle did.
"""

from __future__ import annotations

import libcst as cst
from libcst.helpers import ensure_type

from ..edit import Visitor, arg, free_name, function_named, names_used, string_value, walk
from ..model.facts import ModuleFacts
from .base import Candidate, Change, Rule

HOOKS = {"before_request": "before_request", "after_request": "after_request"}
NO_HOOK = {"app_reset", "config"}  # Bottle's other hooks: Flask has no place for them
ENVIRON_TODO = ("this hook changes request.environ: Bottle runs before_request before it "
                "picks the route, Flask after, so a new PATH_INFO no longer changes the "
                "route; do it in a WSGI middleware around app.wsgi_app")


class HookUses(cst.CSTVisitor):
    """P010's pre-scan: the functions the module defines and gives to its hooks."""

    def __init__(self, facts: ModuleFacts) -> None:
        super().__init__()
        self.facts = facts
        # functions given to `app.hook("after_request")(f)` by hand (a Bottle subclass's
        # `self.hook(...)(self.stamp)`): each takes Flask's response and returns it
        self.after_by_call: set[str] = set()
        self.simple_functions: set[str] = set()  # defined with at most one parameter
        self.bodies: dict[str, list[cst.BaseSuite]] = {}  # each def's, by its name

    def visit_FunctionDef(self, func: cst.FunctionDef) -> None:
        if simple_params(func):
            self.simple_functions.add(func.name.value)
        self.bodies.setdefault(func.name.value, []).append(func.body)

    def changes_environ(self, name: str | None) -> bool:
        """Whether a def of that name changes request.environ: read where a hook is given
        it (a walk of each def's body, in few modules)."""
        return name is not None and any(changes_environ(self.facts, body)
                                        for body in self.bodies.get(name, ()))

    def visit_Call(self, call: cst.Call) -> None:
        found = hook_by_call(self.facts, call) or added_hook(self.facts, call)
        if found is not None and found[0] == "after_request" \
                and (name := function_named(found[1])) is not None:
            self.after_by_call.add(name)


class Hooks(Rule):
    code = "P010"
    triggers = ("hook", "add_hook")
    summary = "@hook('before_request'/'after_request') as Flask's request hooks"
    reader = HookUses
    declares = (Change("D-hook-crash", "16. Request hooks",
                       "an after_request hook changes the 500 page of an exception a view "
                       "raised too (Bottle's 500 replaced the response the hook changed)",
                       status="500"),)

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node
        self.registered: dict[str, cst.Decorator] = {}  # function -> its hook decorator
        read = self.pre_scan(node)
        self.after_by_call = set(read.after_by_call)
        self.simple_functions = read.simple_functions
        self.uses = read
        # the add_hook/remove_hook lines (and their calls) the decorator replaces
        self.taken: set[int] = set()
        defined = {stmt.name.value for stmt in node.body if isinstance(stmt, cst.FunctionDef)}
        added: dict[tuple[str, str], tuple[cst.CSTNode, cst.BaseExpression]] = {}
        for stmt in node.body:
            found = self.hook_line(stmt)
            if found is None or found[2] not in defined:
                continue
            method, hook, function, owner = found
            self.after_by_call.discard(function)  # decorated, or never run: as written
            if method == "add_hook" and (hook, function) not in added:
                added[(hook, function)] = (stmt, owner)
            elif method == "remove_hook" and (hook, function) in added:
                first, _ = added.pop((hook, function))  # never run: neither line stays
                self.take(first)
                self.take(stmt)
        for (hook, function), (line, owner) in added.items():
            self.take(line)
            self.registered[function] = cst.Decorator(cst.Call(
                cst.Attribute(owner, cst.Name("hook")), [cst.Arg(cst.SimpleString(f'"{hook}"'))]))

    def take(self, stmt: cst.CSTNode) -> None:
        assert isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Expr)
        self.taken |= {id(stmt), id(stmt.body[0].value)}

    def hook_line(self, stmt) -> tuple[str, str, str, cst.BaseExpression] | None:
        """(add_hook or remove_hook, hook, function, app) of a line
        `app.add_hook("after_request", function)` for a hook Flask has, else None."""
        call = stmt.body[0].value if isinstance(stmt, cst.SimpleStatementLine) \
            and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr) else None
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute) \
                or call.func.attr.value not in {"add_hook", "remove_hook"} \
                or not self.is_app(call.func.value) or len(call.args) != 2 \
                or any(a.keyword or a.star for a in call.args):
            return None
        hook, function = string_value(call.args[0].value), call.args[1].value
        if hook not in HOOKS or not isinstance(function, cst.Name):
            return None
        return call.func.attr.value, hook, function.value, call.func.value

    def leave_SimpleStatementLine(self, original, updated):
        if id(original) in self.taken:  # the function carries its decorator now
            self.fired()  # its comments stay, on the next line; its blank lines go
            return self.placeholder([line for line in updated.leading_lines
                                            if line.comment is not None])
        call = updated.body[0].value if len(updated.body) == 1 \
            and isinstance(updated.body[0], cst.Expr) else None
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                and call.func.attr.value in {"add_hook", "remove_hook"}
                and self.is_app(call.func.value) and len(call.args) == 2
                and not any(a.keyword or a.star for a in call.args)):
            return updated
        hook = string_value(call.args[0].value)
        if call.func.attr.value == "remove_hook" and hook in HOOKS \
                and function_named(call.args[1].value) in self.simple_functions:
            # Flask's hooks are lists by blueprint (None: the app's own); Bottle's
            # remove_hook is silent when the function is not there
            self.fired()
            app = cst.Module([]).code_for_node(call.func.value)
            function = cst.Module([]).code_for_node(call.args[1].value)
            funcs = f"{app}.{hook}_funcs[None]"
            return cst.parse_statement(
                f"if {function} in {funcs}:\n    {funcs}.remove({function})\n").with_changes(
                leading_lines=updated.leading_lines)
        if hook in HOOKS and call.func.attr.value == "add_hook":
            return updated  # leave_Call's
        if hook in HOOKS or hook in NO_HOOK:
            # a hook Flask has none of (or one registered in a form Flask cannot take
            # out): Bottle ran it where Flask has no place; the port starts without it
            return self.leave_out(updated, f"{call.func.attr.value}({hook!r}): Flask has "
                                  "no such hook (or no way to take this one out): call the "
                                  "function where Bottle did")
        return updated

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        if original.name.value in self.after_by_call and not updated.decorators:
            updated = self.takes_response(updated)
        if original in self.module.body and original.name.value in self.registered:
            updated = updated.with_changes(decorators=[
                *updated.decorators, self.registered[original.name.value]])
        decorators, after = [], False
        for d in updated.decorators:
            call = d.decorator
            if isinstance(call, cst.Call) and self.app_method(call.func) == "hook":
                given = arg(call, 0, "name")
                name = string_value(given.value) if given else None
                if name in HOOKS:
                    self.fired()
                    owner = call.func.value if isinstance(call.func, cst.Attribute) \
                        else cst.Name(self.facts.app_name)
                    d = d.with_changes(decorator=cst.Attribute(owner, cst.Name(HOOKS[name])))
                    after = name == "after_request"
                    if name == "before_request" and changes_environ(self.facts, updated.body) \
                            and len(updated.decorators) == 1 and self.environ_only(updated):
                        return self.middleware(updated, owner)
                    if name == "before_request" and changes_environ(self.facts, updated.body):
                        self.todo(ENVIRON_TODO)
                else:  # Flask's app has no hook(): left on, the port would stop at import
                    self.todo(f"hook {name!r} has no Flask equivalent: its decorator is taken "
                              "out; call the function where Bottle did")
                    continue
            decorators.append(d)
        if not after:
            return updated.with_changes(decorators=decorators)
        params = updated.params.with_changes(params=[cst.Param(cst.Name("flask_response"))])
        line = cst.SimpleStatementLine([cst.Return(cst.Name("flask_response"))])
        body = hands_on(updated.body)
        body = body.with_changes(body=[*body.body, line])
        self.declare("D-hook-crash")
        return updated.with_changes(decorators=decorators, params=params, body=body)

    def takes_response(self, node: cst.FunctionDef) -> cst.FunctionDef:
        """A Bottle after_request hook registered by hand (`self.hook(...)(self.stamp)`):
        it takes Flask's response as an optional last parameter and returns it, so a
        call of it elsewhere still works."""
        params = node.params
        if not simple_params(node):
            return node
        self.fired()
        param = cst.Param(cst.Name("flask_response"), default=cst.Name("None"),
                          equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                                whitespace_after=cst.SimpleWhitespace("")))
        given = [p.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                 for p in params.params]
        line = cst.SimpleStatementLine([cst.Return(cst.Name("flask_response"))])
        body = hands_on(node.body)
        self.declare("D-hook-crash")
        return node.with_changes(params=params.with_changes(params=[*given, param]),
                                 body=body.with_changes(body=[*body.body, line]))

    def environ_only(self, node: cst.FunctionDef) -> bool:
        """A hook that reads nothing of the request but its environ, takes no parameter
        and returns nothing: the same code runs as a WSGI middleware."""
        rule, ok = self, [not node.params.params and not node.params.star_kwarg]

        class Find(Visitor):
            def visit_Attribute(self, attr: cst.Attribute):
                if rule.api(attr.value) == "request":
                    ok.append(attr.attr.value == "environ")
                    return False
                return True

            def visit_Name(self, name: cst.Name):
                ok.append(rule.api(name) is None)  # a bare request, abort(), ...

            def visit_Return(self, ret: cst.Return):
                ok.append(ret.value is None)

            def visit_FunctionDef(self, inner):
                return inner is node

        walk(node.body, Find())
        return all(ok)

    def middleware(self, node: cst.FunctionDef, owner) -> cst.FlattenSentinel:
        """Bottle's before_request ran before routing (the trailing-slash recipe rewrites
        PATH_INFO there); Flask routes first, so the hook becomes a WSGI middleware around
        app.wsgi_app, as Flask's docs write one."""
        self.fired()
        name = free_name("".join(part.title() for part in node.name.value.split("_") if part)
                         or "BeforeRouting", names_used(self.module))
        rule = self

        class Environ(cst.CSTTransformer):
            def leave_Attribute(self, original, updated):
                if rule.api(original.value) == "request" and original.attr.value == "environ":
                    return cst.Name("environ")
                return updated

        body = [s.visit(Environ()) for s in node.body.body]
        app = cst.Module([]).code_for_node(owner)
        # one docstring line: a nested class is indented again, its string is not
        code = (f"class {name}:\n"
                '    """Bottle ran this before_request hook before routing: a WSGI '
                'middleware."""\n\n'
                "    def __init__(self, wsgi_app):\n        self.wsgi_app = wsgi_app\n\n"
                "    def __call__(self, environ, start_response):\n        pass\n"
                "        # Bottle routed an emptied path (the trailing-slash recipe's /) as /\n"
                '        environ["PATH_INFO"] = environ.get("PATH_INFO") or "/"\n'
                "        return self.wsgi_app(environ, start_response)\n")
        cls = ensure_type(cst.parse_statement(code), cst.ClassDef)
        doc, init, call = cls.body.body
        call = ensure_type(call, cst.FunctionDef)
        call = call.with_changes(body=call.body.with_changes(  # the hook's lines for `pass`
            body=[*body, *call.body.body[1:]]))
        cls = cls.with_changes(body=cls.body.with_changes(body=[doc, init, call]),
                               leading_lines=node.leading_lines)
        wrap = cst.parse_statement(f"{app}.wsgi_app = {name}({app}.wsgi_app)\n")
        return cst.FlattenSentinel([cls, wrap.with_changes(leading_lines=[
            cst.EmptyLine(indent=False), cst.EmptyLine(indent=False)])])

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        # app.add_hook("before_request", fn) -> app.before_request(fn)
        func = updated.func
        if id(original) in self.taken:
            return updated  # its line goes: the function is decorated
        by_call = hook_by_call(self.facts, updated)
        if by_call is not None and isinstance(func, cst.Call):
            # app.hook("before_request")(fn) -> app.before_request(fn); an after_request
            # hook's function takes the response (takes_response)
            hook, function = by_call
            name = function_named(function)
            if hook == "after_request" and (name is None or name not in self.simple_functions):
                self.todo("hook('after_request')(f) of a function the module does not "
                          "define: Flask calls it with the response and sends what it "
                          "returns; register a function that takes and returns it",
                          breaks=True)
                return updated
            self.fired()
            if hook == "before_request" and self.uses.changes_environ(name):
                self.todo(ENVIRON_TODO)
            owner = func.func.value if isinstance(func.func, cst.Attribute) \
                else cst.Name(self.facts.app_name)
            return cst.Call(cst.Attribute(owner, cst.Name(HOOKS[hook])), [cst.Arg(function)])
        added = added_hook(self.facts, updated)
        if added is not None and isinstance(func, cst.Attribute):
            # app.add_hook("before_request", f) -> app.before_request(f); an after_request
            # function the module defines takes the response (takes_response); any other
            # is called with nothing, as Bottle did, and the response handed on
            hook, function = added
            name = function_named(function)
            self.fired()
            if hook == "before_request" and self.uses.changes_environ(name):
                self.todo(ENVIRON_TODO)
            if hook == "after_request" and (name is None or name not in self.simple_functions):
                code = cst.Module([]).code_for_node(function)
                if not isinstance(function, cst.Name | cst.Attribute):
                    code = f"({code})"
                exact = Candidate(cst.parse_expression(
                    f"lambda flask_response: ({code}(), flask_response)[1]"),
                    todo="" if isinstance(added[1], cst.Lambda)  # (a lambda's code is here)
                    else f"after_request hook {code} is not defined here: it is called with "
                    "nothing, as Bottle called it, and the response is handed on; if it "
                    "changes Bottle's response, make it take Flask's response and return "
                    "it (app.after_request(f))")
                # the idiomatic form, Flask's own registration of the function, fails on
                # every request: the site keeps the exact one
                chosen = self.site("after-hook", Candidate(function, todo=(
                    f"after_request hook {code}: make it take Flask's response and return "
                    "it")), exact, keeps="Bottle calls an after_request hook with nothing "
                    "and drops what it returns; Flask hands it the response and sends what "
                    "it returns")
                assert isinstance(chosen.form, cst.BaseExpression)
                function = chosen.form
            return cst.Call(func.with_changes(attr=cst.Name(hook)), [cst.Arg(function)])
        if isinstance(func, cst.Attribute) and self.is_app(func.value) \
                and func.attr.value == "add_hook" and not (
                    updated.args and string_value(updated.args[0].value) in NO_HOOK):
            self.todo("add_hook(): register the function with @app.before_request or "
                      "@app.after_request (which takes and returns the response)")
        return updated


def hands_on(body: cst.BaseSuite) -> cst.BaseSuite:
    """An after_request hook's own early exits (`return`, `return None`) hand Flask's
    response on: Bottle ignores what the hook returns, Flask sends it, and None is no
    response (a 500 on every page that leaves early). Nested functions keep theirs."""

    class HandOn(cst.CSTTransformer):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return False

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def leave_Return(self, original: cst.Return, updated: cst.Return) -> cst.Return:
            value = updated.value
            if value is None or (isinstance(value, cst.Name) and value.value == "None"):
                return updated.with_changes(value=cst.Name("flask_response"),
                                            whitespace_after_return=cst.SimpleWhitespace(" "))
            return updated

    return ensure_type(body.visit(HandOn()), type(body))


def simple_params(node: cst.FunctionDef) -> bool:
    """At most one plain parameter (a hook function, or a method of one: `self`)."""
    params = node.params
    return params.star_arg == cst.MaybeSentinel.DEFAULT and not params.star_kwarg \
        and not params.kwonly_params and not params.posonly_params and len(params.params) <= 1


def added_hook(facts: ModuleFacts, call: cst.Call) -> tuple[str, cst.BaseExpression] | None:
    """(hook, function) of `app.add_hook("after_request", function)`, a hook Flask
    has; else None."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "add_hook"
            and facts.is_app(func.value) and len(call.args) == 2
            and not any(a.keyword or a.star for a in call.args)):
        return None
    hook = string_value(call.args[0].value)
    return (hook, call.args[1].value) if hook in HOOKS else None


def hook_by_call(facts: ModuleFacts, call: cst.Call) -> tuple[str, cst.BaseExpression] | None:
    """(hook, function) of `app.hook("before_request")(function)`, a hook Flask has;
    else None."""
    inner = call.func
    if not (isinstance(inner, cst.Call) and facts.app_method(inner.func) == "hook"
            and len(call.args) == 1 and not call.args[0].keyword
            and not call.args[0].star):
        return None
    given = arg(inner, 0, "name")
    hook = string_value(given.value) if given else None
    return (hook, call.args[0].value) if hook in HOOKS else None


def changes_environ(facts: ModuleFacts, body: cst.CSTNode) -> bool:
    """`request.environ[k] = v` (or del, +=, .update(), .pop(), .setdefault())."""
    found = []

    def is_environ(node) -> bool:
        return isinstance(node, cst.Attribute) and node.attr.value == "environ" \
            and facts.api(node.value) == "request"

    class Find(Visitor):
        def visit_AssignTarget(self, node):
            self.target(node.target)

        def visit_AugAssign(self, node):
            self.target(node.target)

        def visit_Del(self, node):
            self.target(node.target)

        def target(self, node):
            if isinstance(node, cst.Subscript) and is_environ(node.value):
                found.append(node)

        def visit_Call(self, node):
            func = node.func
            if isinstance(func, cst.Attribute) and is_environ(func.value) \
                    and func.attr.value in {"update", "pop", "setdefault", "__setitem__"}:
                found.append(node)

    walk(body, Find())
    return bool(found)
