"""P010 hooks: `@app.hook("before_request")` becomes `@app.before_request`.

Bottle's after_request hooks change the global `response` and return nothing;
Flask's take the response and return it, so the hook gains a parameter and a
`return`. Its `response.x = ...` lines still work through P005's recorder (applied
after every hook). Other hook names (app_reset, config) get a TODO, and so does a
before_request hook that changes `request.environ`: Bottle runs it before routing
(the usual trailing-slash recipe rewrites PATH_INFO there), Flask after.
"""

from __future__ import annotations

import libcst as cst

from ..quick import Visitor
from .base import Rule, arg, string_value

HOOKS = {"before_request": "before_request", "after_request": "after_request"}


class Hooks(Rule):
    code = "P010"
    triggers = ("hook",)
    summary = "@hook('before_request'/'after_request') as Flask's request hooks"

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        decorators, after = [], False
        for d in updated.decorators:
            call = d.decorator
            if isinstance(call, cst.Call) and self.app_method(call.func) == "hook":
                name = string_value(arg(call, 0, "name").value) if arg(call, 0, "name") else None
                if name in HOOKS:
                    self.fired()
                    owner = call.func.value if isinstance(call.func, cst.Attribute) \
                        else cst.Name(self.state.app_name)
                    d = d.with_changes(decorator=cst.Attribute(owner, cst.Name(HOOKS[name])))
                    after = name == "after_request"
                    if name == "before_request" and self.changes_environ(updated.body):
                        self.todo("this hook changes request.environ: Bottle runs "
                                  "before_request before it picks the route, Flask after, "
                                  "so a new PATH_INFO no longer changes the route; do it in "
                                  "a WSGI middleware around app.wsgi_app")
                else:  # Flask's app has no hook(): left on, the port would stop at import
                    self.todo(f"hook {name!r} has no Flask equivalent: its decorator is taken "
                              "out; call the function where Bottle did")
                    continue
            decorators.append(d)
        if not after:
            return updated.with_changes(decorators=decorators)
        params = updated.params.with_changes(params=[cst.Param(cst.Name("flask_response"))])
        line = cst.SimpleStatementLine([cst.Return(cst.Name("flask_response"))])
        body = updated.body.with_changes(body=[*updated.body.body, line])
        return updated.with_changes(decorators=decorators, params=params, body=body)

    def changes_environ(self, body: cst.CSTNode) -> bool:
        """`request.environ[k] = v` (or del, +=, .update(), .pop(), .setdefault())."""
        rule, found = self, []

        def is_environ(node) -> bool:
            return isinstance(node, cst.Attribute) and node.attr.value == "environ" \
                and rule.api(node.value) == "request"

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

        body.visit(Find())
        return bool(found)

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        # app.add_hook("before_request", fn) -> app.before_request(fn)
        func = updated.func
        if isinstance(func, cst.Attribute) and self.is_app(func.value) \
                and func.attr.value == "add_hook":
            name = string_value(updated.args[0].value) if updated.args else None
            if name == "before_request" and len(updated.args) == 2:
                self.fired()
                return cst.Call(func.with_changes(attr=cst.Name(name)),
                                [updated.args[1]])
            self.todo("add_hook(): register the function with @app.before_request or "
                      "@app.after_request (which takes and returns the response)")
        return updated
