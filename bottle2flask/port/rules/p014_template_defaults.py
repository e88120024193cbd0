"""P014: template defaults: `BaseTemplate.defaults` becomes `app.jinja_env.globals`

    BaseTemplate.defaults["site"] = "My site"  ->  app.jinja_env.globals["site"] = "My site"
    SimpleTemplate.defaults.update(x=1)        ->  app.jinja_env.globals.update(x=1)
    Jinja2Template.defaults["ua"] = ua         ->  app.jinja_env.globals["ua"] = ua
    Jinja2Template.defaults = DEFAULTS         ->  app.jinja_env.globals.update(DEFAULTS)

Jinja2Template's defaults are the globals of the templates `jinja2_view`/`jinja2_template`
render, which the port renders with Flask's Jinja2 (RULE-s51 class D: a before_request hook
that set one left it undefined in every page). A new dict of defaults given to the class
updates Flask's globals, which hold Jinja's and Flask's own names too (range, url_for...).
Read whole (`dict(BaseTemplate.defaults)`), a TODO: Jinja's globals hold its own names too.
A module with no app of its own (a controller that sets `BaseTemplate.defaults["request"]`
while app.py makes the app) has no `app` to write: beside modules on Bottle's default app,
the defaults go on that app, the one the port makes in `default_app.py`, imported under a
name the module does not use (RULE-s53 class D).
"""

from __future__ import annotations

import libcst as cst

from ..edit import free_name
from .base import Candidate, Edit, EditRule, Import

TEMPLATE_CLASSES = {"BaseTemplate", "SimpleTemplate", "Jinja2Template"}

# the name the shared default app is imported under in a module with no app of its own
DEFAULT_APP = "default_app"


class TemplateDefaults(EditRule):
    code = "P014"
    triggers = ("defaults",)
    summary = "BaseTemplate.defaults becomes app.jinja_env.globals"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.keyed: set[int] = set()  # `defaults` read by key or by a method

    def app(self) -> tuple[str, tuple[Import, ...]]:
        """The app whose Jinja globals take the defaults, and the import it needs: the
        module's own, or, at the top of a module that has none, the shared default app."""
        facts = self.facts
        if self.defs() or facts.default_app or not facts.default_from \
                or facts.app_name in facts.made | facts.imported_apps | facts.aliases:
            return facts.app_name, ()
        name = free_name(DEFAULT_APP, set(facts.words))
        return name, (Import(facts.default_from, "app", name),)

    def defaults(self, node: cst.BaseExpression) -> bool:
        return isinstance(node, cst.Attribute) and node.attr.value == "defaults" \
            and self.api(node.value) in TEMPLATE_CLASSES

    def edit_Assign(self, node: cst.Assign) -> Edit | None:
        if len(node.targets) == 1 and self.defaults(node.targets[0].target):
            self.keyed.add(id(node.targets[0].target))  # the statement is rewritten whole
            app, imports = self.app()
            update = cst.parse_expression(f"{app}.jinja_env.globals.update")
            return Edit(node, (Candidate(cst.Expr(cst.Call(update, [cst.Arg(node.value)])),
                                         imports=imports),))
        return None

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self.keyed.add(id(node.value))

    def edit_Attribute(self, node: cst.Attribute) -> Edit | None:
        self.keyed.add(id(node.value))
        if self.api(node.value) not in TEMPLATE_CLASSES or node.attr.value != "defaults":
            return None
        app, imports = self.app()
        if id(node) not in self.keyed:
            return Edit(node, (Candidate(todo=(
                "the template defaults read whole: Flask's are "
                f"{app}.jinja_env.globals, which hold Jinja's own "
                "names too (range, dict, lipsum...)")),), fired=0)
        return Edit(node, (Candidate(
            cst.parse_expression(f"{app}.jinja_env.globals"), imports=imports),))
