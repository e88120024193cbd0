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
from .base import Candidate, Edit, EditRule

RENAMED = {"reloader": "use_reloader"}
KEPT = {"host", "port", "debug", "use_reloader"}
# what a top-level run becomes part of: the statement goes into its block
GUARD = cst.parse_statement('if __name__ == "__main__":\n    pass\n')


class Run(EditRule):
    code = "P016"
    summary = "run() becomes app.run() behind if __name__ == '__main__'"

    def edit_Module(self, node: cst.Module) -> None:
        self.top = {id(stmt) for stmt in node.body}  # the module's own statements

    def edit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> Edit | None:
        """A top-level statement that is a server's start, once its call is rewritten
        (`app.run(...)`, `run_simple(...)`), goes under the main guard."""
        if id(node) not in self.top or len(node.body) != 1 \
                or not isinstance(expr := node.body[0], cst.Expr) \
                or not isinstance(call := expr.value, cst.Call) or not self.starts(call):
            return None
        assert isinstance(GUARD, cst.If)
        return Edit(node, under=GUARD, fired=0)

    def starts(self, call: cst.Call) -> bool:
        """Whether the call, as edit_Call makes it, is `APP.run(...)` on a name the module
        makes its app in, or Werkzeug's `run_simple(...)`."""
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "run" \
                and self.is_app(func.value):
            return isinstance(func.value, cst.Name)
        if self.api(func) != "run":
            return is_name(func, "run_simple")  # written so: Werkzeug's
        app = self.served(call)
        if app is None:  # run(app=SessionMiddleware(...)): run_simple
            return True
        return isinstance(app, cst.Name) and self.is_app(app)

    def served(self, call: cst.Call) -> cst.BaseExpression | None:
        """The app run(...) serves (the module's app where it names none); None where it
        is handed a WSGI callable other than the app (middleware around it)."""
        given = self.given(call)
        if given is None:
            return cst.Name(self.facts.app_name)
        return given.value if self.is_app(given.value) else None

    @staticmethod
    def given(call: cst.Call) -> cst.Arg | None:
        """run(app) or run(app=app): the app to serve, as given."""
        positional = [a for a in call.args if a.keyword is None]
        found = positional[:1] or [a for a in call.args
                                   if a.keyword and a.keyword.value == "app"]
        return found[0] if found else None

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

    def edit_Call(self, node: cst.Call) -> Edit | None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "run" \
                and self.is_app(func.value):
            with self.apart() as made:
                form = self.app_run(node)
            return Edit(node, (Candidate(form),), fired=0, made=made)
        if self.api(node.func) != "run":
            return None
        with self.apart() as made:
            form = self.run(node)
        return Edit(node, (Candidate(form),), fired=0, made=made)

    def run(self, call: cst.Call) -> cst.Call:
        """run(...) of Bottle's: `app.run(...)`, or run_simple() for middleware."""
        args = list(call.args)
        app: cst.BaseExpression = cst.Name(self.facts.app_name)
        given = self.given(call)
        if given is not None:
            app = given.value
            args.remove(given)
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
