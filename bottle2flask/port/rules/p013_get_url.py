"""P013: get_url: `get_url("name", id=1)` becomes `url_for("name", id=1)`

Bottle names a route by its `name=`; P003 turns that into Flask's `endpoint=`, so
the names still match. A route without `name=` cannot be built by get_url in Bottle
either. `url()` is Bottle's alias and gets the same treatment, and so does the builder
handed on uncalled: `template("home", get_url=url)` and `x = app.get_url` pass
`url_for`.
"""

from __future__ import annotations

import libcst as cst

from .base import Rule


class GetUrl(Rule):
    code = "P013"
    triggers = ("get_url", "url")
    summary = "get_url()/url() become url_for()"

    def visit_Module(self, node: cst.Module) -> None:
        self.depth = 0  # functions (and lambdas) around the call: 0 is module level

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1

    def leave_FunctionDef(self, original, updated):
        self.depth -= 1
        return updated

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self.depth += 1

    def leave_Lambda(self, original, updated):
        self.depth -= 1
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        func = updated.func
        method = func.attr.value if isinstance(func, cst.Attribute) and self.is_app(
            func.value) else self.api(func)
        if method not in {"get_url", "url"}:
            return updated
        if not self.depth:  # Bottle builds a URL at import; url_for needs an app context
            self.todo(f"{method}() at import: Flask's url_for() needs an app context "
                      "there; build the URL in the view, or under `with "
                      "app.test_request_context():`", breaks=True)
        self.fired()
        self.need_import("flask", "url_for")
        return updated.with_changes(func=cst.Name("url_for"))

    def _builder(self, node: cst.BaseExpression) -> bool:
        """`url`, `get_url` or `app.get_url` named, not called."""
        if isinstance(node, cst.Attribute) and self.is_app(node.value):
            return node.attr.value == "get_url"
        return self.api(node) in {"get_url", "url"}

    def _handed_on(self, node):
        """An argument or an assignment whose value is the builder: url_for instead."""
        if not self._builder(node.value):
            return node
        self.fired()
        self.need_import("flask", "url_for")
        return node.with_changes(value=cst.Name("url_for"))

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg):
        return self._handed_on(updated)

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        return self._handed_on(updated)
