"""P014: template defaults: `BaseTemplate.defaults` becomes `app.jinja_env.globals`

    BaseTemplate.defaults["site"] = "My site"  ->  app.jinja_env.globals["site"] = "My site"
    SimpleTemplate.defaults.update(x=1)        ->  app.jinja_env.globals.update(x=1)

Read whole (`dict(BaseTemplate.defaults)`), a TODO: Jinja's globals hold its own names too.
"""

from __future__ import annotations

import libcst as cst

from .base import Rule

TEMPLATE_CLASSES = {"BaseTemplate", "SimpleTemplate"}


class TemplateDefaults(Rule):
    code = "P014"
    triggers = ("defaults",)
    summary = "BaseTemplate.defaults becomes app.jinja_env.globals"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.keyed: set[int] = set()  # `defaults` read by key or by a method

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self.keyed.add(id(node.value))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.keyed.add(id(node.value))

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if self.api(updated.value) in TEMPLATE_CLASSES and updated.attr.value == "defaults":
            if id(original) not in self.keyed:
                self.todo("the template defaults read whole: Flask's are "
                          f"{self.facts.app_name}.jinja_env.globals, which hold Jinja's own "
                          "names too (range, dict, lipsum...)")
                return updated
            self.fired()
            return cst.parse_expression(f"{self.facts.app_name}.jinja_env.globals")
        return updated
