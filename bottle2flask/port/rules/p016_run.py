"""P016: run: `run(app, host=..., port=...)` becomes `app.run(...)` behind a main guard

run(host="localhost", port=8080, debug=True, reloader=True)
 -> if __name__ == "__main__":
        app.run(host="localhost", port=8080, debug=True, use_reloader=True)

A module-level run() would start a server on import, and `flask run`, gunicorn and
tests all import the module. `server=` (Bottle's server adapters) is dropped with a
TODO: serve with gunicorn or waitress instead.
"""

from __future__ import annotations

import libcst as cst

from ..edit import is_name, kw
from .base import Rule

RENAMED = {"reloader": "use_reloader"}
KEPT = {"host", "port", "debug", "use_reloader"}


def main_guard(node: cst.If) -> bool:
    """`if __name__ ...:` (`== "__main__"`, as written)."""
    return isinstance(node.test, cst.Comparison) and is_name(node.test.left, "__name__")


class Run(Rule):
    code = "P016"
    summary = "run() becomes app.run() behind if __name__ == '__main__'"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.guarded = 0

    def visit_If(self, node: cst.If) -> None:
        if main_guard(node):
            self.guarded += 1

    def leave_If(self, original, updated):
        if main_guard(original):
            self.guarded -= 1
        return updated

    def app_run(self, call: cst.Call) -> cst.Call:
        """app.run(...) on the Bottle app: the same keywords in Flask's names; a Bottle
        server option Flask has not is dropped under a TODO (Flask would refuse it)."""
        kept = []
        for a in call.args:
            name = a.keyword.value if a.keyword else ""
            name = RENAMED.get(name, name)
            if not a.keyword or name in KEPT:
                kept.append(a.with_changes(keyword=cst.Name(name)) if a.keyword else a)
            else:
                self.todo(f"app.run({name}=...) is Bottle's server option: serve with "
                          "`flask --app MODULE run` or `gunicorn MODULE:APP` instead")
        if kept and kept[-1].comma is not cst.MaybeSentinel.DEFAULT:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        self.fired()
        return call.with_changes(args=kept)

    def run_simple(self, wsgi: cst.BaseExpression, args: list[cst.Arg]) -> cst.Call:
        """run(app=SessionMiddleware(...)): Werkzeug's server for any WSGI callable, at
        Bottle's defaults (127.0.0.1:8080)."""
        given = {RENAMED.get(a.keyword.value, a.keyword.value): a.value
                 for a in args if a.keyword}
        for name in sorted(set(given) - KEPT):
            self.todo(f"run({name}=...) is Bottle's server option: serve with "
                      "`gunicorn MODULE:APP` (a WSGI server) instead")
        call = [cst.Arg(given.get("host", cst.SimpleString('"127.0.0.1"'))),
                cst.Arg(given.get("port", cst.Integer("8080"))), cst.Arg(wsgi)]
        if "debug" in given:
            call.append(kw("use_debugger", given["debug"]))
        if "use_reloader" in given:
            call.append(kw("use_reloader", given["use_reloader"]))
        self.need_import("werkzeug.serving", "run_simple")
        self.fired()
        return cst.Call(cst.Name("run_simple"), call)

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        func = updated.func
        if isinstance(func, cst.Attribute) and func.attr.value == "run" \
                and self.is_app(func.value):
            return self.app_run(updated)
        if self.api(updated.func) != "run":
            return updated
        args = list(updated.args)
        app: cst.BaseExpression = cst.Name(self.facts.app_name)
        positional = [a for a in args if a.keyword is None]
        given = positional[:1] or [a for a in args if a.keyword and a.keyword.value == "app"]
        if given:  # run(app) or run(app=app): the app to serve
            app = given[0].value
            args.remove(given[0])
            if not self.is_app(app):  # WSGI middleware around the app: no .run of its own
                return self.run_simple(app, args)
        kept = []
        for a in args:
            name = a.keyword.value if a.keyword else ""
            name = RENAMED.get(name, name)
            if name in KEPT:
                kept.append(a.with_changes(keyword=cst.Name(name)))
            else:
                self.todo(f"run({name or '...'}=...) is Bottle's server option: serve with "
                          "`flask --app MODULE run` or `gunicorn MODULE:APP` instead")
        if kept:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        self.fired()
        return cst.Call(cst.Attribute(app, cst.Name("run")), kept)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        body: list[cst.BaseStatement] = []
        for stmt in updated.body:
            if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 \
                    and isinstance(expr := stmt.body[0], cst.Expr) \
                    and isinstance(call := expr.value, cst.Call) \
                    and (isinstance(call.func, cst.Attribute) and is_name(call.func.attr, "run")
                         and _is_app_run(self, call) or is_name(call.func, "run_simple")):
                guard = cst.If(test=cst.parse_expression('__name__ == "__main__"'),
                               body=cst.IndentedBlock([stmt.with_changes(leading_lines=[])]),
                               leading_lines=stmt.leading_lines)
                body.append(guard)
            else:
                body.append(stmt)
        return updated.with_changes(body=body)


def _is_app_run(rule: Run, call: cst.BaseExpression) -> bool:
    # the matcher above took `X.run(...)`: a call of an attribute
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) \
        and isinstance(call.func.value, cst.Name) and rule.is_app(call.func.value)

