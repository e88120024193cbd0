"""P013: get_url: `get_url("name", id=1)` becomes `url_for("name", id=1)`

Bottle names a route by its `name=`; P003 turns that into Flask's `endpoint=`, so
the names still match. Bottle also builds from a route's rule string (`get_url("/")`,
`url("/item/<id>", id=3)`), which `url_for` takes for an endpoint it lacks (a
BuildError, a 500): such a target becomes the endpoint of the one route with that rule
where the app's code shows it (the view's name, or its name=), else the exact helper
`bottle_url(target, ...)` (bottle_routes.py, copied into the port), which builds from a
name or a rule as Bottle does. `url()` is Bottle's alias and gets the same treatment,
and so do `request.app.get_url()` and the builder handed on uncalled:
`template("home", get_url=url)`, `x = app.get_url` and `{"url": app.get_url}` pass
`url_for`, or `bottle_url` where the app's own text (its templates) builds from a rule.

A URL built as the module is imported (`LINK = url("item", n=3)` at its top level, after
the app is made) is built under `with app.test_request_context():`, as Flask's URL
building docs do (url_for needs a context), under a TODO; anywhere else at import (a
class body, before the app) it is left under a TODO that says it breaks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from ..edit import arg, string_value
from .base import Candidate, Companion, Edit, EditRule, Import


@dataclass
class Noted:
    """P013's scratch for a module: whether the report's note on bottle_url is made."""

    url: bool = False


# The module of run-time helpers a port copies where it uses one (compat/bottle_routes.py)
HELPERS = Companion.ROUTES
# A call of the builder with a rule string, in the app's text (templates included)
BY_RULE = re.compile(r"""\b(?:get_url|url)\(\s*["']/""")
URL_FOR = Import("flask", "url_for")
# what a form with bottle_url adds once taken (Candidate.adds): the report's line on it
NOTED = "bottle_url noted"


class GetUrl(EditRule):
    code = "P013"
    triggers = ("get_url", "url")
    summary = "get_url()/url() become url_for()"

    def visit_Module(self, node: cst.Module) -> None:
        self.depth = 0  # functions (and lambdas) around the call: 0 is module level
        self.classes = 0  # class bodies around the call
        self.statements = 0  # statements around the node (1: a top-level one)
        # the app exists from here on: the default app the port makes after the imports,
        # else once a top-level statement binds a name the module makes its app in
        self.app_made = self.facts.default_app and not self.facts.default_from

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes += 1

    def left_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes -= 1

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.statements += 1

    def left_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.statements -= 1
        if not self.statements and not self.depth and not self.classes \
                and not self.app_made:
            self.app_made = any(isinstance(small, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value in self.facts.made
                for t in small.targets) for small in node.body)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1

    def left_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth -= 1

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self.depth += 1

    def left_Lambda(self, node: cst.Lambda) -> None:
        self.depth -= 1

    def edit_Call(self, node: cst.Call) -> Edit | None:
        func = node.func
        method = func.attr.value if isinstance(func, cst.Attribute) and self.app_value(
            func.value) else self.api(func)
        if method not in {"get_url", "url"}:
            return None
        around: cst.With | None = None
        with self.apart() as made:  # its TODO, whichever form the site takes
            if not self.depth and self.statements == 1 and not self.classes \
                    and self.app_made and self.facts.app_name:
                # at import: url_for needs a request context, which the statement gets
                block = cst.parse_statement(
                    f"with {self.facts.app_name}.test_request_context():\n    pass\n")
                assert isinstance(block, cst.With)
                around = block
                self.todo(f"{method}() at import, built under `with "
                          "app.test_request_context():` (Flask's url_for() needs a "
                          "request context): build the URL in the view that uses it")
            elif not self.depth:  # Bottle builds a URL at import; url_for needs an app context
                self.todo(f"{method}() at import: Flask's url_for() needs an app context "
                          "there; build the URL in the view, or under `with "
                          "app.test_request_context():`", breaks=True)
        given = arg(node, 0, "routename")
        target = string_value(given.value) if given is not None and not given.keyword \
            else None
        if target is not None and "/" not in target:  # a name: Flask's endpoint (P003)
            return Edit(node, (Candidate(node.with_changes(func=cst.Name("url_for")),
                                         imports=(URL_FOR,)),), around=around, made=made)
        # the exact one: bottle_url(), which builds from a route's name or its rule
        exact = self.by_helper(node)
        if target is None:  # a name or a rule, known at run time
            idiomatic = Candidate(node.with_changes(func=cst.Name("url_for")),
                                  imports=(URL_FOR,))
        else:  # a rule: the endpoint of the one route that has it, where the code shows it
            endpoint = self.endpoint(target)
            if endpoint is not None and given is not None:
                quote = '"' if '"' not in endpoint else "'"
                idiomatic = Candidate(node.with_changes(func=cst.Name("url_for"), args=[
                    a.with_changes(value=cst.SimpleString(f"{quote}{endpoint}{quote}"))
                    if a is given else a for a in node.args]), imports=(URL_FOR,))
            else:
                idiomatic = exact
        return Edit(node, (idiomatic, exact), kind="url-by-rule", around=around, made=made)

    def by_helper(self, node: cst.Call | cst.Arg | cst.Assign | cst.DictElement
                  ) -> Candidate:
        """The node with bottle_url (imported from the module the port copies) for the
        builder."""
        if isinstance(node, cst.Call):
            form: cst.CSTNode = node.with_changes(func=cst.Name("bottle_url"))
        else:
            form = node.with_changes(value=cst.Name("bottle_url"))
        return Candidate(form, imports=(Import(HELPERS.value, "bottle_url",
                                               companion=HELPERS),), adds=(NOTED,))

    def adopt(self, piece: object) -> None:
        """A form with bottle_url taken: the report's line about it, once a module."""
        assert piece is NOTED, piece
        self.helper_noted()

    def app_value(self, node: cst.BaseExpression) -> bool:
        """The app, or the app serving the request: `request.app` (P004 makes it
        `current_app`, which has no get_url either)."""
        if isinstance(node, cst.Attribute) and node.attr.value == "app" \
                and self.api(node.value) == "request":
            return True
        return self.is_app(node) or isinstance(node, cst.Name) and node.value == "current_app"

    def helper_noted(self) -> None:
        """The report's line about bottle_url, once a module."""
        note = f"bottle_url() ({HELPERS.value}.py) builds a URL as Bottle's get_url() does, " \
            "from a route's name or its rule"
        if not self.scratch(Noted).url:  # once a module
            self.scratch(Noted).url = True
            self.note(note)

    def endpoint(self, rule: str) -> str | None:
        """The Flask endpoint of the one route whose Bottle rule is `rule`, where the code
        shows it: its name=, else its view's name when that view has this one rule (Flask
        builds an endpoint's first rule its values fit) and no other view has its name
        (P003 names those apart). None otherwise."""
        model = self.model
        modules = model.all_facts() if model is not None else [self.facts]
        routes = [r for facts in modules for r in facts.routes]
        if any(r.name == rule for r in routes):
            return rule
        found = [r for r in routes if rule in r.rules]
        if len(found) != 1:
            return None
        route = found[0]
        if route.name is not None:
            return route.name or None
        view = route.view
        if view is None or route.by_call \
                or sum(len(r.rules) for r in routes if r.view == view) != 1 \
                or sum(v.name == view for facts in modules for v in facts.views) != 1:
            return None
        return view

    def _builder(self, node: cst.BaseExpression) -> bool:
        """`url`, `get_url` or `app.get_url` named, not called."""
        if isinstance(node, cst.Attribute) and self.app_value(node.value):
            return node.attr.value == "get_url"
        return self.api(node) in {"get_url", "url"}

    def handed_on(self, node: cst.Arg | cst.Assign | cst.DictElement) -> Edit | None:
        """An argument or an assignment whose value is the builder: url_for instead, or
        bottle_url where the app's text (a template) builds from a rule string."""
        if not self._builder(node.value):
            return None
        exact = self.by_helper(node)
        # where the app's text (a template) builds from a rule string, bottle_url is the
        # only form
        idiomatic = exact if BY_RULE.search(self.state.app_text or "") else Candidate(
            node.with_changes(value=cst.Name("url_for")), imports=(URL_FOR,))
        return Edit(node, (idiomatic, exact), kind="url-by-rule")

    def edit_Arg(self, node: cst.Arg) -> Edit | None:
        return self.handed_on(node)

    def edit_Assign(self, node: cst.Assign) -> Edit | None:
        return self.handed_on(node)

    def edit_DictElement(self, node: cst.DictElement) -> Edit | None:
        # BaseTemplate.defaults.update({"url": app.get_url}): Flask's app has no get_url
        return self.handed_on(node)
